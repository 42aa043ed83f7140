"""What befalls an aircraft where it stops: landing in an airport (recharge, delivery, a
look, the variants' ``arrived_home`` and ``arrived`` hooks), and a crash.

Decisions (numbered with the engine's, ``engine``):

4. **Delivery and recharge** happen whenever the aircraft lands in its own airport, including
   an emergency landing there during the weather (E: "play normally").
"""

from __future__ import annotations

from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences import parachute
from skyhex.rules.turbulences.cargo import _delivery, _look, _lose
from skyhex.rules.turbulences.state import Game, State


def _destroy(game: Game, state: State, i: int, events: list[Event]) -> State:
    """Crash: the aircraft leaves the board and its parcels are lost (a reserved Parachute
    not opened goes back to the table)."""
    state = parachute.give_back(game, state, i, "crash", events)
    plane = state.planes[i]
    if plane.carried:
        events.append({"type": "parcels_lost", "company": game.companies[i].colour,
                       "parcels": list(plane.carried), "reason": "crash"})
        state = _lose(game, state, plane.carried, events)
    return state.with_plane(i, plane.evolve(hex=None, carried=(), altitude=0, locked=0,
                                            grounded=False, asteroid=False))


def _arrive(game: Game, state: State, i: int, airport: Hex, events: list[Event]
            ) -> tuple[State, bool]:
    """Landing in an airport: recharge in the company's own; delivery of the carried parcels
    of the airport's colour when it is the company's or a partner's (decision 11); a look at
    the parcels of the team's colours waiting there. Returns the state and whether the BOOST
    recharged."""
    company = game.companies[i]
    plane = state.planes[i]
    hooks = game.hooks
    recharged = False
    owner = game.team_airports[i].get(airport)
    if owner is not None:
        owner_colour = game.companies[owner].colour
        drop, kept = _delivery(owner_colour, plane.carried)
        if drop:
            event: Event = {"type": "delivered", "company": owner_colour, "parcels": list(drop)}
            if owner != i:
                event["by"] = company.colour
            events.append(event)
        plane = plane.evolve(carried=kept, seen=plane.seen | set(drop))
        if owner == i:
            if hooks.arrived_home:
                for home in hooks.arrived_home:  # the Parachute goes back to the table
                    state, plane = home(game, state, i, plane, events)
            recharged = not plane.boost
            if recharged:
                events.append({"type": hooks.recharged[i], "company": company.colour})
            plane = plane.evolve(delivered=plane.delivered + drop, boost=True)
        else:
            mate = state.planes[owner]
            state = state.with_plane(owner, mate.evolve(delivered=mate.delivered + drop))
    if hooks.arrived:
        for arrived in hooks.arrived:  # the SAVOIA S.21 recharges in every airport
            plane, recharged = arrived(game, i, airport, plane, recharged, events)
    return _look(game, state.with_plane(i, plane), i, airport, events), recharged
