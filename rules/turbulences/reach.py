"""Where a company's aircraft can fly: the journeys of section 5 as a CLASSIC aircraft flies
them (``CLASSIC_PILOT``; a variant may give a company another ``Pilot``: EXPERT's crossings),
and whether it has any, the variants' other journeys included (``Variant.moves``: a
Legendary Aircraft's Power, a rescue of the Parachute), which decides between a journey and
a pass."""

from __future__ import annotations

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences.actions import Journey
from skyhex.rules.turbulences.piloting import can_move, check_journey, journeys
from skyhex.rules.turbulences.state import Game, State
from skyhex.rules.turbulences.variant import Flown, Pilot


def _flights(game: Game, state: State, i: int, overloaded: bool
             ) -> list[tuple[tuple[Hex, ...], bool, int]]:
    """The (path, cross, glide) of every journey of section 5 (and EXPERT's crossings)."""
    return game.hooks.pilots[i].flights(game, state, i, overloaded)


def _can_move(game: Game, state: State, i: int) -> bool:
    """Whether company ``i``'s aircraft has a journey (an EXPERT one: that it can pay for,
    crossings included, a parcel thrown overboard first if need be; a rescue of the
    Parachute or a Legendary Aircraft's Power included)."""
    hooks = game.hooks
    if hooks.pilots[i].can_fly(game, state, i):
        return True
    if hooks.moves:
        for moves in hooks.moves:  # (a loop: any() would build a generator)
            if moves(game, state, i):
                return True
    return False


def _classic_flights(game: Game, state: State, i: int, overloaded: bool
                     ) -> list[tuple[tuple[Hex, ...], bool, int]]:
    return [(path, False, 0) for path in journeys(game, state, i, overloaded)]


def _classic_fly(game: Game, state: State, i: int, action: Journey, overloaded: bool
                 ) -> Flown:
    if action.glide or action.cross:
        raise IllegalActionError("expert.not-expert", f"{game.companies[i].colour} does not "
                                 "fly in EXPERT mode: no gliding, no crossing")
    return check_journey(game, state, i, action.path, overloaded), state.planes[i], {}


CLASSIC_PILOT = Pilot(_classic_flights, can_move, _classic_fly, plain=True)
"""A CLASSIC aircraft: the journeys of section 5, no FUEL."""
