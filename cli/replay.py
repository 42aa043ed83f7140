"""``skyhex replay`` and ``skyhex legal``: recorded games through the rules engine."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skyhex.cli.maps import _reporting

if TYPE_CHECKING:
    from skyhex.rules.paragliders.actions import Action
    from skyhex.rules.paragliders.replay import Replay
    from skyhex.rules.paragliders.scenario import Scenario
    from skyhex.schemas.documents import Document


class LogFormat(StrEnum):
    ndjson = "ndjson"
    text = "text"
    json = "json"


ScenarioOption = Annotated[str | None, typer.Option(
    "--scenario", metavar="FILE", help="Scenario file, instead of the one the moves file names.")]


@dataclass(frozen=True)
class Sources:
    """Where a replay's files are: the moves document (none: the start of a game), the
    scenario's document, the scenario itself, the path its relative paths start from, its
    JSON path in its document, and its game."""

    moves: Document | None
    document: Document
    data: Any
    base: str
    at: tuple[Any, ...]
    game: str


def sources(moves: str | None, scenario_path: str | None) -> Sources:
    """Read the moves file and find its scenario (each file read once, ``-`` too)."""
    from skyhex.cli.files import load_validated
    from skyhex.cli.scenario import _relative as relative
    from skyhex.schemas.documents import DocumentError, FileProblem

    if moves is None:
        if scenario_path is None:
            raise typer.BadParameter("give a moves file, or --scenario FILE to start a game",
                                     param_hint="MOVES")
        scenario_doc = load_validated(scenario_path, "scenario")
        return Sources(None, scenario_doc, scenario_doc.data, scenario_path, (),
                       scenario_doc.data["game"])
    document = load_validated(moves, "moves")
    data = document.data
    if scenario_path is not None or isinstance(data["scenario"], str):
        path = scenario_path if scenario_path is not None else relative(moves, data["scenario"])
        scenario_doc = load_validated(path, "scenario")
        found = Sources(document, scenario_doc, scenario_doc.data, path, (),
                        scenario_doc.data["game"])
    else:
        found = Sources(document, document, data["scenario"], moves, ("scenario",),
                        data["scenario"]["game"])
    if data.get("game", found.game) != found.game:
        line, column = document.locate(("game",))
        raise DocumentError([FileProblem(
            document.name, f"a {data['game']} moves file on a {found.game} scenario", line,
            column, ("game",), "moves.game")])
    return found


def load_moves(moves: str | None, scenario_path: str | None, found: Sources | None = None
               ) -> tuple[Scenario, list[Action], tuple[dict[str, Any], ...], Document | None]:
    """The Paragliders scenario, the actions and the pinned draws of a moves file;
    ``DocumentError`` lists every problem, located."""
    from skyhex.cli.scenario import scenario_in
    from skyhex.rules.errors import InputError, Problem
    from skyhex.rules.paragliders.actions import action_from_entry
    from skyhex.schemas.documents import DocumentError

    found = found or sources(moves, scenario_path)
    if found.game != "paragliders":
        raise DocumentError([found.document.problem(Problem(
            "file.game", f"a {found.game} game: only paragliders games are supported here yet",
            (*found.at, "game")))])
    scenario = scenario_in(found.document, found.data, found.base, found.at)
    document = found.moves
    if document is None:
        return scenario, [], (), None
    data = document.data
    actions = []
    problems = []
    for i, entry in enumerate(data["moves"]):
        if "company" in entry:
            problems.append(document.problem(Problem(
                "moves.game", "a Turbulences entry in a Paragliders game (entries name their "
                "player)", ("moves", i))))
            continue
        try:
            action = action_from_entry(entry, ("moves", i))
        except InputError as e:
            problems.extend(document.problems(e.problems))
            continue
        player = scenario.player(action.player)  # a colour names its player too
        actions.append(replace(action, player=player.ident) if player else action)
    if problems:
        raise DocumentError(problems)
    return scenario, actions, tuple(data.get("draws", ())), document


def _run(moves: str | None, scenario_path: str | None, strict: bool, until: int | None,
         found: Sources | None = None) -> tuple[Replay, Document | None]:
    from skyhex.rules.paragliders.replay import play, start

    scenario, actions, pinned, document = load_moves(moves, scenario_path, found)
    replay = start(scenario, pinned)
    play(replay, actions, strict=strict, until=until)
    if replay.error is not None and document is not None:
        line, column = document.locate(("moves", replay.error["entry"]))
        replay.error["line"], replay.error["column"] = line, column
    return replay, document


def error_line(replay: Any, document: Document | None) -> str:
    """The stderr line of an illegal entry, for either game: file line, entry, player (or
    company), rule and the legal alternatives."""
    error = replay.error
    assert error is not None
    who = error.get("player") or error.get("company")
    where = "<moves>"
    if document is not None:
        where = f"{document.name}:{error['line']}:{error['column']}"
    legal = "; ".join(error["legal_text"]) or "-"
    whose = error["expected"]
    legal_for = f"legal for {whose}" if whose and whose != who else "legal"
    return (f"{where}: error: entry {error['entry'] + 1}, {who}: "
            f"{error['message']} [{error['rule']}]; {legal_for}: {legal}")


def replay(
    moves: Annotated[str, typer.Argument(metavar="MOVES", help="Moves file (- for stdin).")],
    scenario: ScenarioOption = None,
    fmt: Annotated[LogFormat, typer.Option(
        "--format", help="ndjson: one event a line; text: a readable account; json: the "
        "final state and scores.")] = LogFormat.ndjson,
    until: Annotated[int | None, typer.Option(min=0, help="Stop after N entries.")] = None,
    strict: Annotated[bool, typer.Option(
        help="Every decision must be written, even one with a single legal option (a forced "
        "wind push or dead end; Turbulences: a forced pass).")] = False,
) -> None:
    """Replay a moves file (Paragliders or Turbulences, the scenario's game) through the
    rules engine: every altitude change, every cloud and aircraft explained.

    An illegal entry stops the replay: exit 1, an error event on stdout after the complete
    events before it, and one line on stderr naming the file line, entry, player (or
    company), rule and the legal alternatives.
    """
    from skyhex.cli.log_text import account
    from skyhex.rules.paragliders.replay import state_json
    from skyhex.rules.paragliders.scoring import final_scores

    with _reporting():
        found = sources(moves, scenario)
        if found.game == "turbulences":
            from skyhex.cli import turbulences

            game = turbulences.run(turbulences.scenario_in(
                found.document, found.data, found.base, found.at), found.moves, strict, until)
        else:
            result, document = _run(moves, scenario, strict, until, found)
    if found.game == "turbulences":
        turbulences.write_replay(game, fmt.value)
        if game.error is not None:
            print(error_line(game, found.moves), file=sys.stderr)
            raise typer.Exit(1)
        return
    if fmt is LogFormat.ndjson:
        sys.stdout.write("".join(json.dumps(e) + "\n" for e in result.events))
    elif fmt is LogFormat.text:
        sys.stdout.write(account(result.events))
    else:
        over = result.state.actor is None
        doc = {"over": over, "entries": result.applied, "events": len(result.events),
               "state": state_json(result.game, result.state),
               "scores": next((e["scores"] for e in result.events if e["type"] == "game_end"),
                              None) if over else None,
               "provisional": None if over else final_scores(result.game, result.state),
               "error": result.error}
        print(json.dumps(doc, indent=2))
    if result.error is not None:
        print(error_line(result, document), file=sys.stderr)
        raise typer.Exit(1)


def legal(
    moves: Annotated[str | None, typer.Argument(
        metavar="[MOVES]", help="Moves file played so far (none: the start of the game).")]
    = None,
    scenario: ScenarioOption = None,
    strict: Annotated[bool, typer.Option(help="As for replay.")] = False,
) -> None:
    """The legal actions of the player (Turbulences: the company) to act next, as JSON
    moves-file entries (for bots); `claims` lists the stunt claims an entry may carry.
    Turbulences: with the company's view, which holds only the weights it may know."""
    from skyhex.rules.paragliders.engine import claimable, legal_actions
    from skyhex.rules.paragliders.replay import state_json

    with _reporting():
        found = sources(moves, scenario)
        if found.game == "turbulences":
            from skyhex.cli import turbulences

            game = turbulences.run(turbulences.scenario_in(
                found.document, found.data, found.base, found.at), found.moves, strict, None)
        else:
            result, document = _run(moves, scenario, strict, None, found)
    if found.game == "turbulences":
        if game.error is not None:
            print(error_line(game, found.moves), file=sys.stderr)
            raise typer.Exit(1)
        print(json.dumps(turbulences.legal_doc(game), indent=2))
        return
    if result.error is not None:
        print(error_line(result, document), file=sys.stderr)
        raise typer.Exit(1)
    state = result.state
    actor = state.actor
    actions = legal_actions(result.game, state)
    entries = []
    for a in actions:
        entry = a.to_entry()
        claims = claimable(result.game, state, a)
        if claims:
            entry["claims"] = claims  # stunt claims that may be added, one at a time
        entries.append(entry)
    doc = {"player": actor.ident if actor else None, "phase": state.phase.value,
           "time": state_json(result.game, state)["time"], "actions": entries}
    print(json.dumps(doc, indent=2))
