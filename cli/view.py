"""``skyhex view``: a recorded game of any game as one self-contained HTML page to step
through and share, or the same page data as JSON."""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import Annotated

import typer

from skyhex.cli.files import ForceOption
from skyhex.cli.report import OutsideRefsOption, participants, references, reporting
from skyhex.rules.text import escape


class ViewFormat(StrEnum):
    html = "html"
    json = "json"


def view(
    file: Annotated[str, typer.Argument(
        metavar="MOVES|LOG", help="A moves file, or a game log (NDJSON, as skyhex replay "
        "writes it) with --scenario; - for stdin.")],
    output: Annotated[str | None, typer.Option(
        "--output", "-o", metavar="FILE|-", help="Where to write (- for stdout; default "
        "view.html, or view.json with --format json).")] = None,
    fmt: Annotated[ViewFormat, typer.Option(
        "--format", help="html: the page; json: the page data (skyhex.view/1) with the "
        "board's SVG, for other front ends.")] = ViewFormat.html,
    scenario: Annotated[str | None, typer.Option(
        "--scenario", metavar="FILE", help="The scenario: needed with a game log (a log "
        "names its game, not its scenario); with a moves file, instead of the one it "
        "names.")] = None,
    seat: Annotated[list[str] | None, typer.Option(
        "--seat", metavar="NAME", help=f"A participant ({participants()}): the page holds "
        "only what it may know. Repeat for several.")] = None,
    referee: Annotated[bool, typer.Option(
        "--referee", help="The page holds everything, and what each seat that is not told "
        "everything may know.")] = False,
    strict: Annotated[bool, typer.Option(
        help="As for replay: every decision must be written in the moves file.")] = False,
    force: ForceOption = False,
    allow_outside_refs: OutsideRefsOption = False,
) -> None:
    """Make a replay page of a game: board, pieces, state and events, step by step, in one HTML file.

    The page needs nothing else (no network, no outside file): open it in any browser, share it.

    Keys: Left/Right an event, Shift+Left/Right an action, Page Up/Down a round, Home, End, Space plays.

    A link ending in #e=N opens the page at event N.

    A game that hides information from its players needs --seat NAME (a player's page) or --referee.

    Exit codes: 0 success; 1 invalid file, log not given by its scenario, illegal entry, unwritable output.

    Exit code 2: usage error. An illegal entry still writes the page up to it.
    """
    from skyhex.cli.files import check_output, write_output
    from skyhex.games.documents import error_line, is_log, load_game, load_log, replay_game
    from skyhex.games.viewer import source_name, viewer_page

    target = output if output is not None else f"view.{fmt.value}"
    if file == "-" and scenario == "-":
        raise typer.BadParameter("MOVES|LOG already reads standard input",
                                 param_hint="--scenario")
    refs = references(allow_outside_refs)
    with reporting():
        check_output(target, force=force)
        if is_log(file):
            if scenario is None:
                raise typer.BadParameter(f"{source_name(file)} is a game log: a log names its "
                                         "game but not its scenario; give --scenario FILE",
                                         param_hint="--scenario")
            loaded, replay = load_log(file, scenario, refs)
        else:
            loaded = load_game(file, scenario, refs=refs)
            replay = replay_game(loaded, strict=strict, record=True)
        page = viewer_page(loaded.face, loaded.scenario, replay, source_name(file),
                           seats=seat or (), referee=referee)
        text = page.html() if fmt is ViewFormat.html else page.json()
        write_output(target, text, force=force)
    if target != "-":
        steps = len(page.data["steps"])
        print(f"wrote {escape(target)}: {len(page.data['events'])} events, {steps} steps, "
              f"{len(text.encode()) / 1024:.0f} KiB", file=sys.stderr)
    if replay.error is not None:
        line = error_line(replay, loaded.moves)
        if loaded.moves is None:
            line = line.replace("<moves>: error: ", f"{source_name(file)}: error: the log "
                                "ends with an illegal entry: ", 1)
        print(line, file=sys.stderr)
        raise typer.Exit(1)
