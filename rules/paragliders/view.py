"""What a Paragliders state shows: the whole state as JSON. Paragliders has no hidden
information (the weather tiles of the short forecast not yet drawn are not in the state), so
every participant sees the referee's view."""

from __future__ import annotations

from typing import Any

from skyhex.rules.paragliders.clock import format_clock
from skyhex.rules.paragliders.state import Game, State


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
