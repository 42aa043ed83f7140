"""Turbulences scenarios and moves files for ``skyhex scenario validate``, ``skyhex replay``
and ``skyhex legal``: reading them with every problem located, replaying, and the outputs.

Imported by the commands only when a file says ``game: turbulences``.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from skyhex.cli.files import load_validated
from skyhex.cli.scenario import _referenced, _relative
from skyhex.rules.errors import IllegalActionError, InputError, Problem
from skyhex.rules.turbulences.maps import landscape_from_dict
from skyhex.rules.turbulences.replay import (
    Replay,
    action_from_entry,
    play,
    resolve_names,
    start,
)
from skyhex.rules.turbulences.scenario import Scenario, scenario_from_dict
from skyhex.schemas.documents import Document, DocumentError, FileProblem

if TYPE_CHECKING:
    from skyhex.rules.turbulences.actions import Action


def scenario_in(document: Document, data: Any, path: str, at: tuple[Any, ...] = ()
                ) -> Scenario:
    """The Turbulences scenario ``data`` at JSON path ``at`` of ``document`` (``path``:
    the file relative paths start from); ``DocumentError`` lists every problem, those of
    the map located in the map's file."""
    from skyhex.mapgen.turbulences.check import check_landscape

    def here(p: Problem) -> FileProblem:
        return document.problem(Problem(p.rule, p.message, (*at, *p.path), p.hint))

    problems: list[FileProblem] = []
    if isinstance(data["map"], str):
        try:
            map_document = load_validated(_relative(path, data["map"]), "map",
                                          games=("turbulences",))
        except DocumentError as e:
            raise _referenced(document, data, (*at, "map"), e) from None
        land = landscape_from_dict(map_document.data)
        prefix: tuple[Any, ...] = ()
    else:
        land = landscape_from_dict(data["map"])
        map_document, prefix = document, (*at, "map")
    violations = check_landscape(land)
    if violations:
        line, column = document.locate((*at, "map"))
        problems.append(FileProblem(
            document.name, f"the map breaks {len(violations)} setup rule(s)", line, column,
            (*at, "map"), "scenario.map", "see the map's errors"))
        for v in violations:
            where: tuple[Any, ...] = prefix
            for h in v.clouds:
                if h in land.cloud_paths:
                    where = (*prefix, *land.cloud_paths[h])
                    break
            else:
                for h in v.hexes:
                    if h in land.hex_paths:
                        where = (*prefix, *land.hex_paths[h])
                        break
            line, column = map_document.locate(where)
            problems.append(FileProblem(map_document.name, v.message, line, column,
                                        where or None, v.rule, v.hint))
    try:
        scenario = scenario_from_dict(data, land)
    except InputError as e:
        problems.extend(here(p) for p in e.problems)
        raise DocumentError(problems) from None
    if problems:
        raise DocumentError(problems)
    return scenario


def summary(s: Scenario) -> str:
    """One line about a valid scenario, for ``skyhex scenario validate``."""
    companies = ", ".join(f"{c.colour} {c.aircraft.value} in region {c.region}"
                          for c in s.companies)
    difficulty = s.landscape.difficulty.value if s.landscape.difficulty else "custom"
    teams = "; ".join(f"{t.name}: {', '.join(s.companies[i].colour for i in t.members)}"
                      for t in s.made_teams())
    return (f"turbulences, {s.mode}, {len(s.companies)} companies ({companies}), "
            f"{difficulty} landscape" + (f", teams ({teams})" if teams else ""))


def moves_in(document: Document, scenario: Scenario
             ) -> tuple[list[Action], tuple[dict[str, Any], ...]]:
    """The actions and pinned draws of a Turbulences moves file."""
    data = document.data
    problems: list[Problem] = []
    actions = []
    for i, entry in enumerate(data["moves"]):
        if "company" not in entry:
            problems.append(Problem("moves.game", "a Paragliders entry in a Turbulences game "
                                    "(entries name their company)", ("moves", i)))
            continue
        named = [c.colour for c in scenario.companies if c.player == entry["company"]]
        if len(named) > 1:
            problems.append(Problem("moves.company", f"{entry['company']!r} controls "
                                    f"{len(named)} companies ({', '.join(named)}): name the "
                                    "company by its colour", ("moves", i, "company")))
            continue
        try:
            actions.append(action_from_entry(entry, ("moves", i)))
        except InputError as e:
            problems.extend(e.problems)
    for k, draw in enumerate(data.get("draws", ())):
        if not set(draw) <= {"first", "weight", "wind"}:
            problems.append(Problem("moves.game", f"draw {next(iter(draw))!r} is a Paragliders "
                                    "draw (Turbulences: first, weight, wind)", ("draws", k)))
    if problems:
        raise DocumentError(document.problems(problems))
    return resolve_names(scenario, actions), tuple(data.get("draws", ()))


def run(scenario: Scenario, document: Document | None, strict: bool, until: int | None
        ) -> Replay:
    """Replay the moves ``document`` (none: the start of the game) on ``scenario``."""
    actions: list[Action] = []
    pinned: tuple[dict[str, Any], ...] = ()
    if document is not None:
        actions, pinned = moves_in(document, scenario)
    try:
        replay = start(scenario, pinned)
    except IllegalActionError as e:  # a pinned setup draw that cannot be
        assert document is not None
        line, column = document.locate(("draws",))
        raise DocumentError([FileProblem(document.name, e.message, line, column, ("draws",),
                                         e.rule)]) from None
    play(replay, actions, strict=strict, until=until)
    if replay.error is not None and document is not None:
        line, column = document.locate(("moves", replay.error["entry"]))
        replay.error["line"], replay.error["column"] = line, column
    return replay


def write_replay(replay: Replay, fmt: str) -> None:
    """The log as ndjson, a text account, or the final state and scores (json)."""
    from skyhex.cli.turbulences_text import account
    from skyhex.rules.turbulences.replay import provisional, provisional_teams, state_json

    if fmt == "ndjson":
        sys.stdout.write("".join(json.dumps(e) + "\n" for e in replay.events))
    elif fmt == "text":
        sys.stdout.write(account(replay.events))
    else:
        game, state = replay.game, replay.state
        over = state.actor is None
        end = next((e for e in replay.events if e["type"] == "game_over"), None)
        doc = {"game": "turbulences", "mode": game.mode.value, "over": over,
               "entries": replay.applied, "events": len(replay.events),
               "state": state_json(game, state),
               "scores": end["scores"] if over and end else None,
               "provisional": None if over else provisional(game, state),
               "teams": end.get("teams") if over and end else None,
               "provisional_teams": None if over else provisional_teams(game, state),
               "error": replay.error}
        print(json.dumps(doc, indent=2))


def legal_doc(replay: Replay) -> dict[str, Any]:
    """What ``skyhex legal`` prints: the acting company, its view (only the weights it may
    know) and its legal actions as moves-file entries."""
    from skyhex.rules.turbulences.engine import legal_actions, view
    from skyhex.rules.turbulences.replay import action_to_entry

    game, state = replay.game, replay.state
    actor = state.actor
    colour = None if actor is None else game.companies[actor].colour
    return {"game": "turbulences", "company": colour, "phase": state.phase.value,
            "turn": state.turn,
            "view": None if colour is None else view(game, state, colour),
            "actions": [action_to_entry(a) for a in legal_actions(game, state)]}
