"""``skyhex scenario``: validate scenario files like a compiler, and write new ones."""

from __future__ import annotations

import json
import os
import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skyhex.cli.maps import ComponentsOption, ReportFormat, _reporting

if TYPE_CHECKING:
    from skyhex.mapgen.errors import Violation
    from skyhex.rules.errors import Problem
    from skyhex.rules.paragliders.maps import Map
    from skyhex.rules.paragliders.scenario import Scenario
    from skyhex.schemas.documents import Document, FileProblem


def _relative(base: str, path: str) -> str:
    """``path`` as written in the file at ``base`` (relative to that file's folder)."""
    if os.path.isabs(path) or base == "-":
        return path
    return os.path.normpath(os.path.join(os.path.dirname(base), path))


def violation_problem(m: Map, document: Document, v: Violation, prefix: tuple[str, ...] = ()
                      ) -> FileProblem:
    """A map violation as a located problem of the file that holds the map."""
    from skyhex.schemas.documents import FileProblem

    path: tuple[Any, ...] = prefix
    for slot in v.slots:
        if slot in m.slot_paths:
            path = (*prefix, *m.slot_paths[slot])
            break
    else:
        for h in v.hexes:
            if h in m.hex_paths:
                path = (*prefix, *m.hex_paths[h])
                break
    line, column = document.locate(path)
    return FileProblem(document.name, v.message, line, column, path or None, v.rule, v.hint)


def load_scenario(path: str) -> tuple[Scenario, Document]:
    """Read a scenario with its component set and map; ``DocumentError`` lists every
    problem of every file involved, each located in its own file."""
    from skyhex.cli.files import load_validated

    document = load_validated(path, "scenario", games=("paragliders",))
    return scenario_in(document, document.data, path), document


def _validate_one(path: str) -> str:
    """The summary of a valid scenario of any game (picked by its ``game`` key);
    ``DocumentError`` lists every problem."""
    from skyhex.cli.files import load_validated

    document = load_validated(path, "scenario")
    if document.data["game"] == "turbulences":
        from skyhex.cli import turbulences

        return turbulences.summary(turbulences.scenario_in(document, document.data, path))
    return _summary(scenario_in(document, document.data, path))


def scenario_in(document: Document, data: Any, path: str, at: tuple[Any, ...] = ()) -> Scenario:
    """The scenario ``data`` found at JSON path ``at`` of ``document`` (the whole of a
    scenario file, or a moves file's inline scenario); ``path`` is the file's path, which
    relative paths in the scenario start from."""
    from skyhex.cli.files import load_map, load_validated
    from skyhex.mapgen.paragliders.check import check_map
    from skyhex.rules.errors import InputError
    from skyhex.rules.paragliders.components import components_from_dict, standard_set_doc
    from skyhex.rules.paragliders.maps import map_from_dict
    from skyhex.rules.paragliders.scenario import scenario_from_dict
    from skyhex.schemas.documents import DocumentError, FileProblem

    problems: list[FileProblem] = []

    def here(problem: Problem, prefix: tuple[Any, ...] = ()) -> FileProblem:
        from skyhex.rules.errors import Problem as P

        return document.problem(P(problem.rule, problem.message,
                                  (*at, *prefix, *problem.path), problem.hint))

    comp_doc: Any = standard_set_doc()
    comp_document = None
    if "components" in data:
        try:
            comp_document = load_validated(_relative(path, data["components"]), "components")
            comp_doc = comp_document.data
        except DocumentError as e:
            raise _referenced(document, data, (*at, "components"), e) from None
    overrides = data.get("overrides", {})
    try:
        components = components_from_dict({**comp_doc, **overrides})
    except InputError as e:
        for p in e.problems:
            if p.path and p.path[0] in overrides:
                problems.append(here(p, ("overrides",)))
            elif comp_document is not None:
                problems.append(comp_document.problem(p))
            else:
                problems.append(here(p))
        raise DocumentError(problems) from None

    if isinstance(data["map"], str):
        map_path = _relative(path, data["map"])
        try:
            m, map_document = load_map(map_path, components)
        except DocumentError as e:
            raise _referenced(document, data, (*at, "map"), e) from None
        prefix: tuple[Any, ...] = ()
    else:
        try:
            m = map_from_dict(data["map"], components)
        except InputError as e:
            raise DocumentError([here(p, ("map",)) for p in e.problems]) from None
        map_document, prefix = document, (*at, "map")
    violations = check_map(m, components)
    if violations:
        line, column = document.locate((*at, "map"))
        problems.append(FileProblem(
            document.name, f"the map breaks {len(violations)} setup rule(s)", line, column,
            (*at, "map"), "scenario.map", "see the map's errors"))
        problems.extend(violation_problem(m, map_document, v, prefix) for v in violations)
    try:
        scenario = scenario_from_dict(data, m, components)
    except InputError as e:
        problems.extend(here(p) for p in e.problems)
        raise DocumentError(problems) from None
    if problems:
        raise DocumentError(problems)
    return scenario


def _referenced(document: Document, data: Any, path: tuple[Any, ...], error: Any) -> Any:
    """The errors of a referenced file; one that cannot be read at all is reported at the
    reference, in the scenario."""
    from skyhex.schemas.documents import DocumentError, FileProblem

    unreadable = [p for p in error.problems if p.rule.startswith("file.") and p.line is None]
    if not unreadable:
        return error
    line, column = document.locate(path)
    return DocumentError([FileProblem(
        document.name, f"{path[-1]} file {data[path[-1]]!r}: {unreadable[0].message}",
        line, column, path, "scenario.reference", "paths are relative to the scenario file")])


def validate(
    files: Annotated[list[str], typer.Argument(metavar="FILE...",
                                               help="Scenario files (- for stdin).")],
    fmt: Annotated[ReportFormat, typer.Option("--format", help="Report format.")] =
    ReportFormat.text,
) -> None:
    """Check scenarios (Paragliders or Turbulences, by their game key) against their schema
    and the rules: every error, with file:line:col.

    Exit 0 when every file is valid, 1 otherwise.
    """
    from skyhex.schemas.documents import DocumentError, display_name

    ok = True
    report: list[dict[str, Any]] = []
    for path in files:
        name = display_name(path)
        try:
            text = _validate_one(path)
        except DocumentError as e:
            ok = False
            if fmt is ReportFormat.json:
                report.extend(p.to_json() for p in e.problems)
            else:
                for p in e.problems:
                    print(p.format())
                errors = len(e.problems)
                print(f"{name}: invalid: {errors} error{'s' if errors > 1 else ''}")
            continue
        if fmt is ReportFormat.text:
            print(f"{name}: ok: {text}")
    if fmt is ReportFormat.json:
        print(json.dumps(report, indent=2))
    if not ok:
        raise typer.Exit(1)


def _summary(s: Scenario) -> str:
    players = ", ".join(p.ident for p in s.players)
    parts = [f"{len(s.players)} player{'s' if len(s.players) > 1 else ''} ({players})"]
    if s.solo:
        parts.append(f"solo {s.solo}")
    parts.append(f"{s.map.layout} map of {len(s.map.hexes)} hexes")
    if s.position:
        from skyhex.rules.paragliders.clock import format_clock

        parts.append(f"position at {format_clock(s.position.time)}")
    return ", ".join(parts)


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


COLOURS = ("yellow", "blue", "red", "green")


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
) -> None:
    """Write a complete, valid scenario with comments explaining each section."""
    import secrets

    from skyhex.cli.files import dump_yaml, load_components, load_map, write_atomic
    from skyhex.cli.maps import _map_text
    from skyhex.mapgen.paragliders.generate import generate_map
    from skyhex.rules.paragliders.chance import draw_weather_tiles
    from skyhex.rules.paragliders.maps import map_to_dict
    from skyhex.rules.paragliders.terrain import Terrain

    if solo is not None and players != 1:
        raise typer.BadParameter("solo modes are for one player", param_hint="--solo")
    seed = seed if seed is not None else secrets.randbelow(2**31)
    with _reporting():
        cs = load_components(components)
        if map_file is not None:
            m, _ = load_map(map_file, cs)
            map_ref: Any = os.path.relpath(map_file, os.path.dirname(os.path.abspath(output))) \
                if output != "-" else map_file
        else:
            m = generate_map(cs, seed, aerodromes=aerodromes)
            if output == "-":
                map_ref = None
            else:
                stem = os.path.splitext(output)[0]
                map_path = f"{stem}.map.yaml"
                write_atomic(map_path, _map_text(m, "yaml"))
                map_ref = os.path.basename(map_path)
        weather = draw_weather_tiles(cs, seed, len(cs.weather_board.hours))
        mode = solo.value if solo else ("race" if players == 1 else None)
        lines = [
            "# yaml-language-server: $schema=scenario.schema.json",
            "# A skyhex scenario. Check it with: skyhex scenario validate FILE",
            "format: skyhex.scenario/1",
            "game: paragliders",
            f"title: {json.dumps(title or f'{players}-player game, seed {seed}')}",
            "",
            "# Seed of every chance draw of the game (cloud bag, random sides, short forecast).",
            f"seed: {seed}",
            "",
            "# Seat order: the first player plays first. Each player is a colour, or",
            "# {colour: blue, name: Bea}, or {name: Bea} (a free colour is given).",
            "players:",
            *[f"  - {c}" for c in COLOURS[:players]],
            "",
        ]
        if map_ref is None:
            lines += ["# The map, inline (skyhex.map/1).",
                      "map:", *("  " + line for line in dump_yaml(
                          map_to_dict(m), ("slots", "hexes")).splitlines()), ""]
        else:
            lines += ["# The map file, relative to this file (skyhex.map/1).",
                      f"map: {json.dumps(map_ref)}", ""]
        lines += [
            "# Altitude track sides: easy, difficult, random (drawn from the seed), or",
            "# [bottom, middle, top]. Difficult sides lower the mountaintop.",
            f"altitude_track: {altitude.value}",
            "",
            "# The weather tile faces for 08:00 to 19:00 (TILE/FACE), or random. With",
            "# forecast: short only three tiles are visible; one is drawn at each change.",
            "weather:",
            f"  forecast: {forecast.value}",
            "  tiles: [" + ", ".join(f"{t}/{f}" for t, f in weather) + "]",
            "",
            "# Stunts in play: all, none, or a list such as [overflyer, explorer].",
            f"stunts: {'none' if mode == 'cross' else 'all'}",
            "",
            "# Variants: the aerodrome mini-extension (as on the map) and the solo modes.",
            "variants:",
            f"  aerodromes: {'true' if m.terrain_hexes(Terrain.AERODROME) else 'false'}",
        ]
        if mode:
            lines.append(f"  solo: {mode}")
        if mode == "cross":
            lines += ["  # Cross mode: 3-6 solo GPS markers on GPS or antenna spots of the map.",
                      "  cross_markers:"]
            from skyhex.rules.paragliders.scenario import SPOTS, spot_hexes

            spots = [spot for spot in SPOTS if spot_hexes(m, spot)][:4]
            for sm, spot in zip(cs.solo_markers, spots, strict=False):
                side = "" if sm.blank else ", side: a"
                lines.append(f"    - {{marker: {sm.id}{side}, spot: {spot}}}")
        lines += [
            "",
            "# overrides: replace whole component tables, e.g. a custom thermal_board.",
            "# position: start the game at any moment (time, weather, clouds, pilots).",
        ]
        write_atomic(output, "\n".join(lines) + "\n")
    if output != "-":
        print(f"wrote {output}" + (f" and {map_ref}" if map_file is None else ""),
              file=sys.stderr)


def schema(
    name: Annotated[str | None, typer.Argument(help="Schema to print; none: list them.")] = None,
) -> None:
    """List the JSON Schemas of skyhex's file formats, or print one (self-contained) for
    editors: `skyhex schema scenario > scenario.schema.json`."""
    from skyhex import schemas

    available = schemas.names()
    if name is None:
        for n in available:
            print(f"{n}\t{schemas.schema(n).get('title', '')}")
        return
    if name not in available:
        raise typer.BadParameter(f"unknown schema {name!r} (available: {', '.join(available)})",
                                 param_hint="NAME")
    print(json.dumps(schemas.bundled(name), indent=2))
