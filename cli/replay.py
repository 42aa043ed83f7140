"""``skyhex replay`` and ``skyhex legal``: recorded games of any game through its rules."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skyhex.cli.files import ForceOption, out
from skyhex.cli.report import OutsideRefsOption, references, reporting

if TYPE_CHECKING:
    from skyhex.games.documents import LoadedGame
    from skyhex.rules.replay import Replay


class LogFormat(StrEnum):
    ndjson = "ndjson"
    text = "text"
    json = "json"
    scenario = "scenario"


ScenarioOption = Annotated[str | None, typer.Option(
    "--scenario", metavar="FILE", help="Scenario file, instead of the one the moves file names.")]


def _replayed(moves: str | None, scenario: str | None, strict: bool, until: int | None,
              allow_outside_refs: bool) -> tuple[LoadedGame, Replay]:
    from skyhex.games.documents import load_game, replay_game

    if moves is None and scenario is None:
        raise typer.BadParameter("give a moves file, or --scenario FILE to start a game",
                                 param_hint="MOVES")
    loaded = load_game(moves, scenario, refs=references(allow_outside_refs))
    return loaded, replay_game(loaded, strict=strict, until=until)


def _fail_on_error(loaded: LoadedGame, replay: Replay) -> None:
    from skyhex.games.documents import error_line

    if replay.error is not None:
        print(error_line(replay, loaded.moves), file=sys.stderr)
        raise typer.Exit(1)


def state_doc(replay: Replay) -> dict[str, Any]:
    """What ``replay --format json`` prints, for every game: where the game stands, the
    referee's view of the state, the final (or provisional) scores and the error."""
    ruleset, game, state = replay.ruleset, replay.game, replay.state
    return {"game": ruleset.name, "over": replay.over, "entries": replay.applied,
            "events": len(replay.events), "moment": ruleset.moment(state),
            "actor": ruleset.actor(game, state), "state": ruleset.view(game, state, None),
            "scores": ruleset.scores(game, state), "provisional": not replay.over,
            "error": replay.error}


def replay(
    moves: Annotated[str, typer.Argument(metavar="MOVES", help="Moves file (- for stdin).")],
    scenario: ScenarioOption = None,
    fmt: Annotated[LogFormat, typer.Option(
        "--format", help="ndjson: one event a line; text: a readable account; json: the "
        "final state and scores; scenario: the scenario starting at the position reached "
        "(with --until, the game so far), which replays the rest of the game.")] =
    LogFormat.ndjson,
    until: Annotated[int | None, typer.Option(min=0, help="Stop after N entries.")] = None,
    strict: Annotated[bool, typer.Option(
        help="Every decision must be written, even one with a single legal option (a forced "
        "wind push, dead end or pass).")] = False,
    output: Annotated[str, typer.Option(
        "--output", "-o", metavar="FILE|-", help="Where to write (- for stdout). A scenario "
        "written to a file names its map and component set relative to it; on stdout, "
        "relative to the working directory.")] = "-",
    force: ForceOption = False,
    allow_outside_refs: OutsideRefsOption = False,
) -> None:
    """Replay a moves file (of the scenario's game) through the rules engine: every altitude
    change, every cloud and aircraft explained.

    An illegal entry stops the replay: exit 1, an error event on stdout after the complete
    events before it, and one line on stderr naming the file line, entry, player (or
    company), rule and the legal alternatives.
    """
    from skyhex.cli.files import check_output, write_output
    from skyhex.games.documents import dump_yaml, position_scenario
    from skyhex.rules.replay import log_text
    from skyhex.rules.text import escaped

    with reporting():
        check_output(output, force=force)
        loaded, result = _replayed(moves, scenario, strict, until, allow_outside_refs)
        if fmt is LogFormat.ndjson:
            text = log_text(result.events)
        elif fmt is LogFormat.text:
            words = loaded.face.need(loaded.face.words, "text accounts")
            text = words.account(escaped(result.events))
        elif fmt is LogFormat.json:
            text = json.dumps(state_doc(result), indent=2) + "\n"
        elif result.error is None and not result.over:
            text = dump_yaml(position_scenario(loaded, result, output))
        else:
            text = ""
        if text or fmt is not LogFormat.scenario:
            write_output(output, text, force=force)
    _fail_on_error(loaded, result)
    if fmt is LogFormat.scenario and result.over:
        raise typer.BadParameter("the game is over: no position to start from (use --until N)",
                                 param_hint="--format")


def legal(
    moves: Annotated[str | None, typer.Argument(
        metavar="[MOVES]", help="Moves file played so far (none: the start of the game).")]
    = None,
    scenario: ScenarioOption = None,
    strict: Annotated[bool, typer.Option(help="As for replay.")] = False,
    allow_outside_refs: OutsideRefsOption = False,
) -> None:
    """The legal actions of the participant to act next, as moves-file entries a bot can
    append and replay, with the view of the game that participant may have (in a game that
    hides information, only what it may know)."""
    with reporting():
        loaded, result = _replayed(moves, scenario, strict, None, allow_outside_refs)
    _fail_on_error(loaded, result)
    ruleset, game, state = result.ruleset, result.game, result.state
    actor = ruleset.actor(game, state)
    doc = {"game": ruleset.name, "actor": actor, "moment": ruleset.moment(state),
           "view": None if actor is None else ruleset.view(game, state, actor),
           "actions": [ruleset.action_to_entry(a) for a in ruleset.legal_actions(game, state)]}
    out(json.dumps(doc, indent=2))
