"""``skyhex scenario``: validate scenario files like a compiler, and write new ones; ``skyhex
schema``: the published JSON Schemas."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from typing import Annotated, Any

import typer

from skyhex.cli.files import ForceOption, out
from skyhex.cli.report import (
    DEFAULT,
    ComponentsOption,
    GameName,
    OutsideRefsOption,
    ReportFormat,
    print_invalid,
    references,
    reporting,
)
from skyhex.rules.text import escape, excerpt


def validate(
    files: Annotated[list[str], typer.Argument(metavar="FILE...",
                                               help="Scenario files (- for stdin).")],
    fmt: Annotated[ReportFormat, typer.Option("--format", help="Report format.")] =
    ReportFormat.text,
    allow_outside_refs: OutsideRefsOption = False,
) -> None:
    """Check scenarios (of any game, by their game key) against their schema and the rules:
    every error, with file:line:col.

    Exit 0 when every file is valid, 1 otherwise.
    """
    from skyhex.games.documents import load_scenario
    from skyhex.schemas.documents import DocumentError, display_name

    ok = True
    report: list[dict[str, Any]] = []
    refs = references(allow_outside_refs)
    for path in files:
        name = display_name(path)
        try:
            game, scenario, _ = load_scenario(path, refs)
        except DocumentError as e:
            ok = False
            if fmt is ReportFormat.json:
                report.extend(p.to_json() for p in e.problems)
            else:
                print_invalid(name, e.problems)
            continue
        if fmt is ReportFormat.text:
            out(escape(f"{name}: ok: {game.scenario_summary(scenario)}"))
    if fmt is ReportFormat.json:
        out(json.dumps(report, indent=2))
    if not ok:
        raise typer.Exit(1)


class Sides(StrEnum):
    easy = "easy"
    difficult = "difficult"
    random = "random"


class ForecastChoice(StrEnum):
    full = "full"
    short = "short"


class SoloChoice(StrEnum):
    race = "race"
    cross = "cross"


def new(
    players: Annotated[int, typer.Option("--players", "-p", min=1, max=4,
                                         help="Number of players (1 plays solo).")] = 2,
    map_file: Annotated[str | None, typer.Option(
        "--map", metavar="FILE", help="Use this map file (default: generate one from the "
        "seed and write it beside the scenario).")] = None,
    seed: Annotated[int | None, typer.Option(min=0, help="Seed of the map and every chance "
                                              "draw (default: random).")] = None,
    title: Annotated[str | None, typer.Option(help="Scenario title.")] = None,
    altitude: Annotated[Sides, typer.Option(help="Altitude track sides.")] = Sides.easy,
    forecast: Annotated[ForecastChoice, typer.Option(help="Weather forecast variant.")] =
    ForecastChoice.full,
    solo: Annotated[SoloChoice | None, typer.Option(help="Solo mode (with --players 1).")] = None,
    aerodromes: Annotated[int, typer.Option(min=0, max=2, help="Aerodromes on a generated "
                                                                "map.")] = 0,
    components: ComponentsOption = None,
    output: Annotated[str, typer.Option("--output", "-o", metavar="FILE|-",
                                        help="Scenario file to write (- for stdout, with the "
                                        "map inline).")] = "scenario.yaml",
    game: Annotated[GameName, typer.Option(help="The game.")] = DEFAULT,
    force: ForceOption = False,
) -> None:
    """Write a complete, valid scenario with comments explaining each section (the options
    are Paragliders ones)."""
    import secrets

    from skyhex.cli.files import check_outputs, write_files
    from skyhex.games.face import face

    _writable_text(title, map_file, output)
    options = {
        "players": players, "map": map_file,
        "seed": seed if seed is not None else secrets.randbelow(2**31), "title": title,
        "altitude": altitude.value, "forecast": forecast.value,
        "solo": solo.value if solo else None, "aerodromes": aerodromes,
        "components": components,
    }
    with reporting():
        check_outputs([output], force=force)
        files = face(str(game.value)).new_scenario(options, output)
        write_files(files, force=force)
    if output != "-":
        print(escape(f"wrote {' and '.join(reversed([p for p, _ in files]))}"), file=sys.stderr)


TITLE_MAX = 200
"""Characters of a scenario title, at most (the scenario schema's limit)."""


def _writable_text(title: str | None, map_file: str | None, output: str) -> None:
    """Usage errors for texts the scenario would hold that skyhex could not read back: a
    title too long, or texts that are not UTF-8 (bytes a terminal passed as they were)."""
    for flag, text in (("--title", title), ("--map", map_file), ("--output", output)):
        if text is None:
            continue
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise typer.BadParameter(f"{escape(text)} is not UTF-8 text: a scenario could not "
                                     "hold it", param_hint=flag) from None
    if title is not None and len(title) > TITLE_MAX:
        raise typer.BadParameter(f"a title of {len(title):,} characters: at most {TITLE_MAX}",
                                 param_hint="--title")


def schema(
    name: Annotated[str | None, typer.Argument(help="Schema to print; none: list them.")] = None,
) -> None:
    """List the JSON Schemas of skyhex's file formats (and of `map stats --format json`), or
    print one (self-contained) for editors: `skyhex schema scenario > scenario.schema.json`."""
    from skyhex import schemas

    available = schemas.names()
    if name is None:
        for n in available:
            out(f"{n}\t{schemas.schema(n).get('title', '')}")
        return
    if name not in available:
        raise typer.BadParameter(f"unknown schema {excerpt(name)} (available: "
                                 f"{', '.join(available)})",
                                 param_hint="NAME")
    out(json.dumps(schemas.bundled(name), indent=2))
