"""NIGHT FLIGHT's other reading of a flip (``night: {reveal: continues}``): the pilot who
flipped a tile goes on with the rest of its journey, now that it has seen the tile.

"If you advance toward an unknown tile and its visibility is good (no Cloud), flip it and
immediately apply its effect": by default the flip ends the journey (decision 4 of
``night.py``); a table that reads it as a pause lets the pilot, once the tile is seen, fly
the rest of the movement the journey had left: the tiles it enters must make, with those
already entered, a journey of section 5 from where it started (two base tiles without a
U-turn, then the bonus of the tile where the base movement ended: a tile just flipped to
plain or sea now holds a cumulus, so its colour is the cumulus's). It may stop instead (a
``Pass``), and the BOOST is offered after it as after any journey. A continuation that
enters another unknown tile without a cloud flips it and pauses again.

EXPERT companies cannot use this reading yet (FUEL and ALTITUDE paid across the parts of a
journey, and crossings, are not defined for it): a scenario that asks for it with an
EXPERT company is refused, naming the rule.
"""

from __future__ import annotations

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences.piloting import Flight, flights
from skyhex.rules.turbulences.state import MAX_CARRIED, Game, State


def onward_flights(game: Game, state: State, i: int) -> dict[tuple[Hex, ...], Flight]:
    """Every rest of journey company ``i`` may fly after its flip: the tiles still to
    enter, with the flight they end (its path being those tiles)."""
    assert state.night is not None and state.night.leg
    leg = state.night.leg
    plane = state.planes[i]
    scratch = state.with_plane(i, plane.evolve(hex=leg[0]))
    overloaded = len(plane.carried) == MAX_CARRIED
    n = len(leg) - 1
    return {path[n:]: Flight(path[n:], f.end, f.landed, f.bonus)
            for path, f in flights(game, scratch, i, overloaded).items()
            if len(path) > n and path[:n] == leg[1:]}


def onward_flight(game: Game, state: State, i: int, rest: tuple[Hex, ...]) -> Flight:
    """The rest of journey ``rest``, checked; ``IllegalActionError`` naming the rule."""
    found = onward_flights(game, state, i).get(rest)
    if found is None:
        raise IllegalActionError("night.onward", f"after the flip, the rest of the journey "
                                 f"cannot be {' '.join(map(str, rest)) or 'empty'}: with the "
                                 "tiles already entered it must make a journey (two base "
                                 "tiles, no U-turn, then the bonus)")
    return found
