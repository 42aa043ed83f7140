"""Where a company's aircraft can fly: the journeys of section 5 (EXPERT's crossings, a
Legendary Aircraft's Power journeys and a rescue of the Parachute included), and whether it
has any (which decides between a journey and a pass)."""

from __future__ import annotations

from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences import expert, legendary, parachute
from skyhex.rules.turbulences.piloting import can_move, journeys
from skyhex.rules.turbulences.state import Game, State


def _flights(game: Game, state: State, i: int, overloaded: bool
             ) -> list[tuple[tuple[Hex, ...], bool, int]]:
    """The (path, cross, glide) of every journey of section 5 (and EXPERT's crossings)."""
    if game.companies[i].expert:
        return expert.expert_journeys(game, state, i, overloaded)
    return [(path, False, 0) for path in journeys(game, state, i, overloaded)]


def _power_flights(game: Game, state: State, i: int) -> list[tuple[tuple[Hex, ...], int]]:
    """The (path, glide) of every Power journey of a Legendary Aircraft."""
    plane = state.planes[i]
    out: list[tuple[tuple[Hex, ...], int]] = []
    for path in legendary.power_paths(game, state, i):
        if game.companies[i].expert and legendary.power_of(game, i) == legendary.DODGE:
            out.extend((path, g) for g in expert.glides(
                plane, expert.movements(game, plane, path, True), 0))
        else:
            out.append((path, 0))
    return out


def _can_move(game: Game, state: State, i: int) -> bool:
    """Whether company ``i``'s aircraft has a journey (an EXPERT one: that it can pay for,
    crossings included, a parcel thrown overboard first if need be; a rescue of the
    Parachute or a Legendary Aircraft's Power included)."""
    if game.companies[i].expert:
        if expert.can_fly(game, state, i, False):
            return True
    elif can_move(game, state, i):
        return True
    if game.legendaries[i] and _power_flights(game, state, i):
        return True
    chute = state.chute
    if chute is not None and parachute.owner_of(game, state, i):
        hex_ = chute.hex
        return any(path[-1] == hex_ and hex_ not in path[:-1]
                   for path, _, _ in _flights(game, parachute.freed(state), i, False))
    return False
