"""What befalls an aircraft where it stops: landing in an airport (recharge, delivery, a
look), a crash, and an EXPERT aircraft on the ground (refuelled, or out of service).

Decisions (numbered with the engine's, ``engine``):

4. **Delivery and recharge** happen whenever the aircraft lands in its own airport, including
   an emergency landing there during the weather (E: "play normally").
"""

from __future__ import annotations

from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences import expert, legendary, parachute, runways
from skyhex.rules.turbulences.cargo import _delivery, _look, _lose, _with_zone, _zone
from skyhex.rules.turbulences.sink import _hx
from skyhex.rules.turbulences.state import Game, State


def _ground(game: Game, state: State, i: int, events: list[Event]) -> State:
    """An EXPERT aircraft on the ground: refuelled in its own airport, out of service when
    its tank and Jerrycan are empty (decision 6 of ``expert``)."""
    plane = state.planes[i]
    if plane.hex == game.companies[i].airport:
        return expert.refuel(game, state, i, events)
    if expert.dry(game, plane):
        return _breakdown(game, state, i, events)
    return state


def _breakdown(game: Game, state: State, i: int, events: list[Event]) -> State:
    """A dry breakdown: "your Aircraft is immediately out of service (therefore destroyed).
    The Parcels carried can be delivered, left in transit, or destroyed if no space is
    available" (on the ground); in flight the parcels are lost with it."""
    plane = state.planes[i]
    colour = game.companies[i].colour
    assert plane.hex is not None
    place = _zone(game, state, plane.hex) if expert.on_ground(game, plane) else None
    if plane.carried and place is not None:
        zone, spaces = place
        left = plane.carried[:max(0, spaces - len(zone))]
        if left:
            events.append({"type": "parcels_unloaded", "company": colour, "parcels": list(left),
                           "airport": _hx(plane.hex)})
            state = _with_zone(game, state, plane.hex, (*zone, *left))
            plane = plane.evolve(carried=tuple(p for p in plane.carried if p not in left))
            state = state.with_plane(i, plane)
    elif plane.carried and not expert.on_ground(game, plane) \
            and runways.can_build(game, state, plane.hex):  # type: ignore[arg-type]
        state = runways.build(game, state, i, events)  # runways, decision 1
    events.append({"type": "aircraft_destroyed", "company": colour, "hex": _hx(plane.hex),
                   "cause": "fuel"})
    return _destroy(game, state, i, events)


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
            if plane.parachute:  # the Parachute goes back to the table (section 10)
                state = parachute.give_back(game, state.with_plane(i, plane), i, "home",
                                            events)
                plane = state.planes[i]
            recharged = not plane.boost
            if recharged:
                events.append({"type": "power_recharged" if company.aircraft.legendary
                               else "boost_recharged", "company": company.colour})
            plane = plane.evolve(delivered=plane.delivered + drop, boost=True)
        else:
            mate = state.planes[owner]
            state = state.with_plane(owner, mate.evolve(delivered=mate.delivered + drop))
    if not plane.boost and game.legendaries[i] \
            and legendary.recharges_at(game, i, airport):  # the SAVOIA S.21: all airports
        recharged = True
        events.append({"type": "power_recharged", "company": company.colour})
        plane = plane.evolve(boost=True)
    return _look(game, state.with_plane(i, plane), i, airport, events), recharged
