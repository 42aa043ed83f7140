"""Replaying recorded actions through the engine into a numbered game log.

Without ``strict``, a decision that has exactly one legal option (a forced wind push, a
dead end) may be left out of the record: it is played for the player, and its events say
``"forced": true``. With ``strict`` every decision must be written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.paragliders.actions import Action, WindChoice
from skyhex.rules.paragliders.clock import format_clock
from skyhex.rules.paragliders.engine import apply, describe, legal_actions, new_game
from skyhex.rules.paragliders.scenario import Scenario
from skyhex.rules.paragliders.state import Game, Phase, State

Event = dict[str, Any]


@dataclass
class Replay:
    game: Game
    state: State
    events: list[Event] = field(default_factory=list)
    applied: int = 0  # entries applied
    error: Event | None = None

    def log(self, events: Sequence[Event], entry: int | None = None, *,
            forced: bool = False) -> None:
        for e in events:
            numbered: Event = {"seq": len(self.events), **e}
            if entry is not None and e["type"] in ("turn", "wind_push") and "player" in e:
                numbered["entry"] = entry
            if forced and e["type"] in ("turn", "wind_push") and "player" in e:
                numbered["forced"] = True
            self.events.append(numbered)


def start(scenario: Scenario, pinned: tuple[dict[str, Any], ...] = ()) -> Replay:
    game, state, events = new_game(scenario, pinned)
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
            legal = legal_actions(replay.game, replay.state)
            actor = replay.state.actor
            replay.error = {
                "type": "error", "entry": index, "player": action.player, "rule": e.rule,
                "message": e.message, "line": None, "time": format_clock(replay.state.time),
                "expected": actor.ident if actor else None,
                "legal": [a.to_entry() for a in legal] if actor and actor.ident == action.player
                else [],
                "legal_text": list(describe(legal)) if actor else [],
            }
            replay.log([replay.error])
            replay.error = replay.events[-1]
            return replay
        replay.state = state
        replay.log(events, index)
        replay.applied = index + 1
    return replay


def _play_forced(replay: Replay, action: Action) -> None:
    """Play the single legal option of whoever must act until ``action`` fits the moment:
    its player acts, in the right kind of round."""
    while True:
        actor = replay.state.actor
        if actor is None:
            return
        pushing = replay.state.phase is Phase.WIND_PUSH
        if actor.ident == action.player and pushing == isinstance(action, WindChoice):
            return
        options = legal_actions(replay.game, replay.state)
        if len(options) != 1:
            return
        state, events = apply(replay.game, replay.state, options[0])
        replay.state = state
        replay.log(events, None, forced=True)


def state_json(game: Game, state: State) -> dict[str, Any]:
    """The state as JSON: what a bot or a referee needs to see."""
    actor = state.actor
    return {
        "time": format_clock(state.time), "round": state.round, "phase": state.phase.value,
        "to_act": actor.ident if actor else None,
        "temperature": state.temperature, "sun": state.sun.value,
        "wind": {"direction": state.wind_direction.name, "strength": state.wind_strength},
        "clouds": [{"ring": r, "hex": [h.q, h.r]} for r, h in state.clouds],
        "mountaintop": game.mountaintop,
        "weather": [f"{t}/{f}" for t, f in state.schedule],
        "pilots": [
            {"player": p.ident, "seat": p.seat, "state": p.status.value,
             "hex": [p.hex.q, p.hex.r] if p.hex else None,
             "facing": p.facing.name if p.facing is not None else None, "altitude": p.altitude,
             "deficit": p.deficit, "mountain": [p.mountain.q, p.mountain.r] if p.mountain
             else None, "landed": format_clock(p.landed_time) if p.landed_time is not None
             else None, "crashed": p.crashed, "antennas": sorted(a.value for a in p.antennas),
             "gps": sorted(p.gps), "skill_cards": p.skill_cards, "score": p.score,
             "ledger": [{"reason": r, "vp": vp} for r, vp in p.ledger]}
            for p in state.pilots],
    }
