"""A Paragliders game state as the ``position`` block of a scenario (like FEN in chess).

``position_block(game, state)`` gives the JSON-ready ``position`` section that starts the
game's scenario at ``state``: ``new_game`` on the scenario with that section gives a state
equal to ``state`` in everything play reads, and the rest of the game (its actions, and the
rest of its pinned draws, which a position's game takes from its ``draws`` on) gives the
same events. The block is the referee's view: it writes everything, also what a scenario
could leave to setup. Fields the engine keeps but never reads again (the facing of a pilot
on the ground, the reserved mountain of a pilot flying again) are left out.
"""

from __future__ import annotations

from typing import Any

from skyhex.rules.paragliders.clock import format_clock
from skyhex.rules.paragliders.engine import dealt_cards
from skyhex.rules.paragliders.flight import hx
from skyhex.rules.paragliders.scenario import Forecast, PilotStatus, StuntProgress
from skyhex.rules.paragliders.state import Game, Phase, Pilot, State


def position_block(game: Game, state: State) -> dict[str, Any]:
    """The ``position`` section of a scenario that starts ``game`` at ``state``; a game
    that is over has none (``ValueError``)."""
    if state.phase is Phase.OVER:
        raise ValueError("the game is over: there is no position to start from")
    sc = game.scenario
    block: dict[str, Any] = {"time": format_clock(state.time)}
    if state.phase is Phase.WIND_PUSH:
        block["wind_push"] = [state.pilots[i].ident for i in state.push_queue]
    else:
        block["turn"] = state.pilots[state.current].ident
    block["temperature"] = state.temperature
    block["sun"] = state.sun.value
    block["wind"] = {"direction": state.wind_direction.name, "strength": state.wind_strength}
    block["clouds"] = [{"ring": ring, "hex": hx(h)} for ring, h in state.clouds]
    if sc.altitude_track is None:
        block["altitude_track"] = list(game.sides)
    if sc.forecast is Forecast.SHORT or sc.weather_tiles != state.schedule:
        block["weather"] = [f"{t}/{f}" for t, f in state.schedule]
    if state.solo_markers:
        block["solo_markers"] = [{"marker": m, "side": side, "hex": hx(h)}
                                 for m, side, h in state.solo_markers]
    block["draws"] = state.draws
    block["pilots"] = {p.ident: _pilot(game, p) for p in state.pilots}
    return block


def _pilot(game: Game, p: Pilot) -> dict[str, Any]:
    out: dict[str, Any] = {"state": p.status.value}
    if p.status is PilotStatus.FLYING:
        assert p.hex is not None and p.facing is not None
        out.update(hex=hx(p.hex), facing=p.facing.name, altitude=p.altitude)
    elif p.status is not PilotStatus.IN_HAND:
        assert p.hex is not None
        out["hex"] = hx(p.hex)
        if p.status is PilotStatus.WALKING:
            assert p.mountain is not None
            out.update(mountain=hx(p.mountain), deficit=p.deficit)
        if p.landed_time is not None:
            out["time"] = format_clock(p.landed_time)
        if p.crashed:
            out["crashed"] = True
    if p.antennas:
        out["antennas"] = sorted(a.value for a in p.antennas)
    if p.gps:
        out["gps"] = sorted(p.gps)
    if p.markers:
        out["markers"] = sorted(p.markers)
    if p.skill_cards != dealt_cards(game.scenario, p.seat):
        out["skill_cards"] = p.skill_cards
    if p.ledger:
        out["score"] = p.score
        out["ledger"] = [{"reason": reason, "vp": vp} for reason, vp in p.ledger]
    if p.stunts:
        out["stunts"] = {stunt.value: _stunt(progress) for stunt, progress in p.stunts}
    return out


def _stunt(progress: StuntProgress) -> Any:
    if progress.scored is not None:
        return progress.scored
    if progress.armed:
        return "armed"
    assert progress.since is not None
    return {"since": format_clock(progress.since)}
