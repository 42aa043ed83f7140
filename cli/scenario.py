"""``skyhex scenario``: validate scenario files like a compiler, and write new ones; ``skyhex
schema``: the published JSON Schemas."""

from __future__ import annotations

import json
import os
import sys
from typing import Annotated, Any

import typer

from skyhex.cli.files import ForceOption, out, write_stdout
from skyhex.cli.report import (
    DEFAULT,
    GameName,
    OutsideRefsOption,
    ReportFormat,
    print_invalid,
    references,
    reporting,
)
from skyhex.rules.text import escape, excerpt

SCHEMA_FILE = "scenario.schema.json"
"""The schema that new scenarios name on their first line, written beside them."""


def validate(
    files: Annotated[list[str], typer.Argument(metavar="FILE...",
                                               help="Scenario files (- for stdin).")],
    fmt: Annotated[ReportFormat, typer.Option("--format", help="Report format.")] =
    ReportFormat.text,
    allow_outside_refs: OutsideRefsOption = False,
) -> None:
    """Check scenarios (of any game, by their game key) against their schema, the files
    they name and the rules: every mistake in one run, each once, with file:line:col, the
    rule and a hint (the line format of `map check`). A value that breaks the schema is set
    aside and the rest is checked on.

    Exit 0 when every file is valid, 1 otherwise.
    """
    from skyhex.games.checking import check_scenario
    from skyhex.schemas.documents import DocumentError, display_name

    ok = True
    report: list[dict[str, Any]] = []
    refs = references(allow_outside_refs)
    for path in files:
        name = display_name(path)
        try:
            checked = check_scenario(path, refs)
        except DocumentError as e:  # unreadable: not a document at all
            problems = e.problems
        else:
            problems = checked.problems
            if not problems:
                if fmt is ReportFormat.text:
                    assert checked.game is not None
                    scenarios = checked.game.need(checked.game.scenarios, "scenarios")
                    out(escape(f"{name}: ok: {scenarios.summary(checked.scenario)}"))
                continue
        ok = False
        if fmt is ReportFormat.json:
            report.extend(p.to_json() for p in problems)
        else:
            print_invalid(name, problems)
    if fmt is ReportFormat.json:
        out(json.dumps(report, indent=2))
    if not ok:
        raise typer.Exit(1)


def new(
    map_file: Annotated[str | None, typer.Option(
        "--map", metavar="FILE", help="Use this map file (default: generate one from the "
        "seed and write it beside the scenario).")] = None,
    seed: Annotated[int | None, typer.Option(min=0, help="Seed of the map and every chance "
                                              "draw (default: random).")] = None,
    title: Annotated[str | None, typer.Option(help="Scenario title.")] = None,
    given: dict[str, Any] | None = None,
    output: Annotated[str, typer.Option("--output", "-o", metavar="FILE|-",
                                        help="Scenario file to write (- for stdout, with the "
                                        "map inline).")] = "scenario.yaml",
    game: Annotated[GameName, typer.Option(help="The game.")] = DEFAULT,
    force: ForceOption = False,
) -> None:
    """Write a complete, valid scenario of the game (--game) with comments explaining each
    section. Without --seed, the seed drawn is told on stderr.

    Options that only some games take say which; an option the game does not take is a usage
    error."""
    import secrets

    from skyhex.cli.files import check_outputs, write_files
    from skyhex.cli.options import chosen
    from skyhex.games.face import NEW, face

    _writable_text(title, map_file, output)
    drawn = seed is None
    if seed is None:
        seed = secrets.randbelow(2**31)
    maker = face(str(game.value))
    with reporting():
        options = {"map": map_file, "seed": seed, "title": title,
                   **chosen(maker, NEW, given or {})}
        scenarios = maker.need(maker.scenarios, "scenarios")
        write = maker.need(scenarios.new, "scenario new",
                           "write the scenario by hand (skyhex schema scenario describes it)")
        check_outputs([output], force=force)
        files = write(maker, options, output)
        if output != "-":
            # The file's first line names scenario.schema.json for editors: make sure it is
            # there (an existing one is the user's: left as it is).
            beside = os.path.join(os.path.dirname(output), SCHEMA_FILE)
            if not os.path.exists(beside):
                files.append((beside, schema_text("scenario")))
        write_files(files, force=force)
    if output != "-":
        documents = [p for p, _ in files if os.path.basename(p) != SCHEMA_FILE]
        extra = [p for p, _ in files if os.path.basename(p) == SCHEMA_FILE]
        print(escape(f"wrote {' and '.join(reversed(documents))}"
                     + "".join(f"; {p} for editors" for p in extra)), file=sys.stderr)
    if drawn:
        print(f"seed {seed} (drawn at random; --seed {seed} makes the same scenario)",
              file=sys.stderr)


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
    write: Annotated[str | None, typer.Option(
        "--write", metavar="DIR", help="Write every schema, self-contained, into DIR as "
        "NAME.schema.json (for editors: name one on a file's first line, see the README).")
    ] = None,
    force: ForceOption = False,
) -> None:
    """List the JSON Schemas of skyhex's file formats (and of `map stats --format json`), or
    print one (self-contained) for editors: `skyhex schema scenario > scenario.schema.json`,
    or write them all: `skyhex schema --write schemas/`."""
    from skyhex import schemas

    available = schemas.names()
    if write is not None:
        if name is not None:
            raise typer.BadParameter("--write writes every schema: give no NAME",
                                     param_hint="NAME")
        _write_schemas(write, force)
        return
    if name is None:
        for n in available:
            out(f"{n}\t{schemas.schema(n).get('title', '')}")
        return
    if name not in available:
        raise typer.BadParameter(f"unknown schema {excerpt(name)} (available: "
                                 f"{', '.join(available)})",
                                 param_hint="NAME")
    write_stdout(schema_text(name))


def schema_text(name: str) -> str:
    """The self-contained schema ``name`` as written by ``skyhex schema``."""
    from skyhex import schemas

    return json.dumps(schemas.bundled(name), indent=2) + "\n"


def _write_schemas(folder: str, force: bool) -> None:
    from skyhex import schemas
    from skyhex.cli.files import locked_folder, write_files

    files = [(os.path.join(folder, f"{n}.schema.json"), schema_text(n)) for n in schemas.names()]
    with reporting(), locked_folder(folder):  # made if needed, as map generate -o DIR/ does
        write_files(files, force=force)
    print(escape(f"wrote {len(files)} schemas: {', '.join(p for p, _ in files)}"),
          file=sys.stderr)
