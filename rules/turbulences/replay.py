"""Turbulences moves-file entries and replay: recorded actions through the engine into a
numbered game log (the referee's view).

An entry is a journey, ``{company: red, journey: [[q, r], ...], before: {throw: [...],
unload: [...], load: [...]}, after: {unload: [...], load: [...]}, rebuild: [q, r], boost:
true}``, or a pass, ``{company: red, pass: true, ops: {...}}`` (``ops``: the parcel
operations of an aircraft blocked in an airport). ``company`` is a colour or a player's name.

Every event an entry causes carries ``entry`` (its index), up to the end of the game turn:
the ``turn`` event and the weather phase that follow belong to no entry. Without ``strict``,
a decision with a single legal option (a pass while destroyed and unable to rebuild, or
blocked in flight) may be left out: it is played for the company and its events say
``"forced": true``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from skyhex.rules.errors import IllegalActionError, InputError, Path, Problem
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences.actions import NO_OPS, Action, Journey, Ops, Pass
from skyhex.rules.turbulences.engine import apply, describe, legal_actions, view
from skyhex.rules.turbulences.scenario import Scenario
from skyhex.rules.turbulences.scoring import scores, team_scores
from skyhex.rules.turbulences.state import Game, State

Event = dict[str, Any]


# --- entries ------------------------------------------------------------------------------


def _hex(value: Sequence[int]) -> Hex:
    return Hex(value[0], value[1])


def _ops(data: Mapping[str, Any] | None) -> Ops:
    if not data:
        return NO_OPS
    return Ops(tuple(data.get("throw", ())), tuple(data.get("unload", ())),
               tuple(data.get("load", ())))


def action_from_entry(entry: Mapping[str, Any], path: Path = ()) -> Action:
    """The action of a schema-valid entry; ``InputError`` for an entry that is both or
    neither a journey and a pass, or a pass with journey keys."""
    company = entry["company"]
    journey = "journey" in entry
    if journey == bool(entry.get("pass")):
        raise InputError([Problem("moves.entry", "an entry is either a journey (journey: "
                                  "[[q, r], ...]) or a pass (pass: true)", path)])
    if not journey:
        extra = [k for k in ("before", "after", "rebuild", "boost") if k in entry]
        if extra:
            raise InputError([Problem("moves.entry", f"a pass has no {extra[0]} (parcel "
                                      "operations of a pass are its ops)", (*path, extra[0]))])
        return Pass(company, _ops(entry.get("ops")))
    if "ops" in entry:
        raise InputError([Problem("moves.entry", "a journey's parcel operations are its "
                                  "before and after", (*path, "ops"))])
    return Journey(company, tuple(_hex(h) for h in entry["journey"]), _ops(entry.get("before")),
                   _ops(entry.get("after")),
                   _hex(entry["rebuild"]) if "rebuild" in entry else None,
                   bool(entry.get("boost", False)))


def _ops_entry(ops: Ops) -> dict[str, list[str]]:
    return {k: list(v) for k, v in (("throw", ops.throw), ("unload", ops.unload),
                                    ("load", ops.load)) if v}


def action_to_entry(action: Action) -> dict[str, Any]:
    """The moves-file entry of an action (keys in a stable order, empty parts left out)."""
    entry: dict[str, Any] = {"company": action.company}
    if isinstance(action, Pass):
        entry["pass"] = True
        if action.ops:
            entry["ops"] = _ops_entry(action.ops)
        return entry
    if action.rebuild is not None:
        entry["rebuild"] = [action.rebuild.q, action.rebuild.r]
    if action.before:
        entry["before"] = _ops_entry(action.before)
    entry["journey"] = [[h.q, h.r] for h in action.path]
    if action.after:
        entry["after"] = _ops_entry(action.after)
    if action.boost:
        entry["boost"] = True
    return entry


# --- replay -------------------------------------------------------------------------------


@dataclass
class Replay:
    """A game being replayed: the log so far, the entries applied and the error, if any."""

    game: Game
    state: State
    events: list[Event] = field(default_factory=list)
    applied: int = 0
    error: Event | None = None

    def log(self, events: Sequence[Event], entry: int | None = None, *,
            forced: bool = False) -> None:
        """Number ``events``; those before the end of the game turn carry ``entry``."""
        own = True
        for e in events:
            own = own and e["type"] != "turn"
            numbered: Event = {"seq": len(self.events), **e}
            if own and entry is not None:
                numbered["entry"] = entry
            if own and forced:
                numbered["forced"] = True
            self.events.append(numbered)


def start(scenario: Scenario, pinned: tuple[dict[str, Any], ...] = ()) -> Replay:
    """The game of ``scenario`` set up (its first weather phase resolved)."""
    game, state, events = scenario.new_game(pinned)
    replay = Replay(game, state)
    replay.log(events)
    return replay


def play(replay: Replay, actions: Sequence[Action], *, strict: bool = False,
         until: int | None = None) -> Replay:
    """Apply ``actions`` in order (the first ``until`` of them); on an illegal one, log an
    ``error`` event and stop, the events before it complete."""
    for index, action in enumerate(actions):
        if until is not None and index >= until:
            break
        if not strict:
            _play_forced(replay, action)
        try:
            state, events = apply(replay.game, replay.state, action)
        except IllegalActionError as e:
            game, current = replay.game, replay.state
            legal = legal_actions(game, current)
            actor = current.actor
            expected = None if actor is None else game.companies[actor].colour
            replay.log([{
                "type": "error", "entry": index, "company": action.company, "rule": e.rule,
                "message": e.message, "line": None, "column": None, "turn": current.turn,
                "expected": expected,
                "legal": [action_to_entry(a) for a in legal]
                if expected == action.company else [],
                "legal_text": list(describe(legal)),
            }])
            replay.error = replay.events[-1]
            return replay
        replay.state = state
        replay.log(events, index)
        replay.applied = index + 1
    return replay


def _play_forced(replay: Replay, action: Action) -> None:
    """Play the single legal option of every other company to act before ``action``'s."""
    while True:
        actor = replay.state.actor
        if actor is None or replay.game.companies[actor].colour == action.company:
            return
        options = legal_actions(replay.game, replay.state)
        if len(options) != 1:
            return
        replay.state, events = apply(replay.game, replay.state, options[0])
        replay.log(events, None, forced=True)


def resolve_names(scenario: Scenario, actions: Sequence[Action]) -> list[Action]:
    """The actions with each company named by its colour (entries may give a player)."""
    out: list[Action] = []
    for a in actions:
        company = scenario.company(a.company)
        if company is None or company.colour == a.company:
            out.append(a)
        elif isinstance(a, Pass):
            out.append(Pass(company.colour, a.ops))
        else:
            out.append(Journey(company.colour, a.path, a.before, a.after, a.rebuild, a.boost))
    return out


def state_json(game: Game, state: State) -> dict[str, Any]:
    """The state as the referee sees it (JSON-ready): ``engine.view`` with every weight."""
    def reveal(node: Any) -> Any:
        if isinstance(node, dict):
            out = {k: reveal(v) for k, v in node.items()}
            if "parcel" in out and "weight" in out:
                out["weight"] = game.weights[out["parcel"]]
            return out
        if isinstance(node, list):
            return [reveal(v) for v in node]
        return node

    doc: dict[str, Any] = reveal(view(game, state, game.companies[0].colour))
    del doc["company"]
    return doc


def provisional(game: Game, state: State) -> list[dict[str, Any]]:
    """The scores if the game ended now."""
    return [s.to_dict() for s in scores(game, state)]


def provisional_teams(game: Game, state: State) -> list[dict[str, Any]] | None:
    """The team scores if the game ended now (``None`` in CLASSIC mode)."""
    return [t.to_dict() for t in team_scores(game, state)] if game.teams else None
