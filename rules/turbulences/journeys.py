"""Resolving an action: a journey (checked, flown, its landing and the parcel operations
after it), a pass, a rebuild, the BOOST's window, then the next company or the end of the
game turn (the end of the game, or the next weather phase). ``engine.apply`` and
``engine.advance`` come here. How a company flies is its ``Pilot`` (CLASSIC's, ``reach``;
EXPERT's); the variants' rules come in through the hook points of ``Game.hooks``
(``variant``): a paused journey resumed, the tile a journey ends on revealed, an aircraft
on the ground, the BOOST's window, the end of the game turn.

Decisions (numbered with the engine's, ``engine``):

5. **BOOST**: "it cannot be activated again during the same turn" is read as one BOOST a
   turn. It is offered after the journey when it is charged, has not been used this turn
   and some journey is possible; a landing at home during the journey recharges it in time
   (it was not used), the BOOST's own journey landing home recharges it for later turns
   only, and a BOOST consumed by a rebuild in another city is not offered again that turn
   even when the journey lands home. The second journey follows the journey rules (two
   base tiles and a bonus: "at most 3 tiles"). A rebuild in the airport recharges the
   BOOST before the turn, so it may be used that turn.
6. **After a crash** the company, on each of its turns until it flies again, first
   recharges its BOOST ("recharge your BOOST then place your new Aircraft"), then may
   rebuild in its airport and take off, consume the BOOST to take off from another free
   city of its region, or pass. A new aircraft takes off at once; when both exits of its
   airport are blocked it is placed there and passes (``Pass`` with ``rebuild``), as an
   aircraft on the ground "must take off if at least one of the adjacent landscape tiles is
   free. Otherwise, pass your turn". Another city's take-off must be a journey.
8. **Blocked in flight**: the company's only action is ``Pass``, which destroys the
   aircraft (cause ``blocked``); its parcels are lost.
"""

from __future__ import annotations

from typing import Any

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences import parachute, runways
from skyhex.rules.turbulences.actions import NO_OPS, Action, Journey, Ops, Pass
from skyhex.rules.turbulences.arrival import _arrive, _destroy
from skyhex.rules.turbulences.cargo import _look, _lose, _ops, _ops_after
from skyhex.rules.turbulences.landscape import region_cities
from skyhex.rules.turbulences.piloting import Flight, occupied
from skyhex.rules.turbulences.reach import _can_move
from skyhex.rules.turbulences.scoring import game_ends, scores, team_scores
from skyhex.rules.turbulences.sink import _BOOST, _OVER, _PILOTING, _hx, _told
from skyhex.rules.turbulences.state import MAX_CARRIED, Game, Mode, Plane, State
from skyhex.rules.turbulences.weather_phase import _weather


def _apply(game: Game, state: State, action: Action, events: list[Event]) -> State:
    if state.phase is _OVER:
        raise IllegalActionError("game.over", "the game is over")
    actor = state.order[0]
    index = game.numbers.get(action.company)
    if index == actor and type(action) is Journey:  # the most frequent, first
        return _journey(game, state, actor, action, events)
    if index is None:
        raise IllegalActionError("turn.unknown-company", f"no company is called "
                                 f"{action.company!r}")
    if index != actor:
        raise IllegalActionError("turn.order", f"it is {game.companies[actor].colour}'s turn, "
                                 f"not {action.company}'s")
    if isinstance(action, Pass):
        return _pass(game, state, actor, action, events)
    if isinstance(action, Journey):
        return _journey(game, state, actor, action, events)
    resolve = game.hooks.actions[type(action)]  # the variants' kinds of action (a Flip, ...)
    return resolve(game, state, actor, action, events)  # type: ignore[no-any-return]


def _pass(game: Game, state: State, i: int, action: Pass, events: list[Event]) -> State:
    colour = game.companies[i].colour
    plane = state.planes[i]
    hooks = game.hooks
    if hooks.resume:
        for resume in hooks.resume:  # a journey paused (NIGHT FLIGHT, reveal: continues)
            done = resume(game, state, i, action, events)
            if done is not None:
                return done  # type: ignore[no-any-return]
    if state.phase is _BOOST:
        if action.ops or action.rebuild is not None:
            raise IllegalActionError("parcel.boost-window", "parcel operations and rebuilds "
                                     "belong to a journey; declining the BOOST is a bare pass")
        events.append({"type": hooks.declined[i], "company": colour})
        return _next(game, state, events)
    if action.rebuild is not None:
        if plane.hex is not None:
            raise IllegalActionError("rebuild.not-destroyed", "only a destroyed aircraft is "
                                     "rebuilt")
        if action.rebuild != game.companies[i].airport:
            raise IllegalActionError("rebuild.take-off", "from another city of your region "
                                     "the new aircraft takes off at once (a journey), "
                                     "consuming the BOOST")
        state = _rebuild(game, state, i, action.rebuild, events)
        plane = state.planes[i]
    elif plane.hex is None:
        if action.ops:
            raise IllegalActionError("parcel.not-airport", "a destroyed aircraft has no parcels")
        if not plane.boost:  # "On your next turn after a crash, recharge your BOOST"
            events.append({"type": hooks.recharged[i], "company": colour})
            state = state.with_plane(i, plane.evolve(boost=True))
        events.append({"type": "passed", "company": colour, "reason": "rebuilding"})
        return _next(game, state, events)
    assert plane.hex is not None
    if _can_move(game, state, i):
        if plane.hex in game.tiles:
            raise IllegalActionError("journey.must-move", "your aircraft must advance at least "
                                     "one tile per turn")
        raise IllegalActionError("journey.must-take-off", "you must take off when an adjacent "
                                 "landscape tile is free")
    if plane.hex in game.tiles and not plane.grounded:
        if action.ops:
            raise IllegalActionError("parcel.not-airport", "a blocked aircraft is destroyed "
                                     "with its parcels")
        if hooks.blocked:
            for blocked in hooks.blocked:  # EXPERT: a dry breakdown first
                done = blocked(game, state, i, events)
                if done is not None:
                    return done  # type: ignore[no-any-return]
        events.append({"type": "aircraft_destroyed", "company": colour, "hex": _hx(plane.hex),
                       "cause": "blocked"})
        state = _destroy(game, state, i, events)
        return _next(game, state, events)
    state = _ops(game, state, i, action.ops, events)
    events.append({"type": "passed", "company": colour, "reason": "blocked"})
    return _next(game, state, events)


def _rebuild(game: Game, state: State, i: int, where: Hex, events: list[Event]) -> State:
    company = game.companies[i]
    plane = state.planes[i]
    hooks = game.hooks
    if hooks.new_aircraft:
        for new in hooks.new_aircraft:  # EXPERT: a full tank (its Jerrycan stays)
            plane = new(game, i, plane)
    if where in occupied(state, i):
        raise IllegalActionError("rebuild.occupied", f"an aircraft already stands at {where}")
    if where == company.airport:
        events.append({"type": "aircraft_rebuilt", "company": company.colour,
                       "hex": _hx(where), "boost": "recharged"})
        state = state.with_plane(i, plane.evolve(hex=where, boost=True))
        if hooks.rebuilt_home:
            for home in hooks.rebuilt_home:  # EXPERT: refuelled
                state = home(game, state, i, events)
        return _look(game, state, i, where, events)
    if where == company.covered:
        raise IllegalActionError("rebuild.covered", f"the city at {where} is under your "
                                 "ALTITUDE dial: it can no longer be used")
    if where not in region_cities()[company.region - 1]:
        raise IllegalActionError("rebuild.not-your-region", f"a new aircraft takes off from "
                                 f"your airport or another city of region {company.region}")
    # The BOOST is recharged first ("recharge your BOOST then place your new Aircraft"),
    # so it may always be consumed to take off from another city.
    events.append({"type": "aircraft_rebuilt", "company": company.colour, "hex": _hx(where),
                   "boost": "consumed"})
    return state.with_plane(i, plane.evolve(hex=where, boost=False))


def _journey(game: Game, state: State, i: int, action: Journey, events: list[Event]) -> State:
    given = state
    company = game.companies[i]
    colour = company.colour
    boosting = state.phase is _BOOST
    if boosting:
        if not action.boost:
            raise IllegalActionError("boost.window", "your journey is over: activate the "
                                     "BOOST (a journey with boost) or pass")
    elif action.boost:
        raise IllegalActionError("boost.not-yet", "the BOOST is activated at the end of your "
                                 "journey")
    plane = state.planes[i]
    hooks = game.hooks
    if hooks.resume:
        for resume in hooks.resume:  # a journey paused (NIGHT FLIGHT, reveal: continues)
            done = resume(game, state, i, action, events)
            if done is not None:
                return done  # type: ignore[no-any-return]
    if action.rebuild is not None:
        if plane.hex is not None:
            raise IllegalActionError("rebuild.not-destroyed", "only a destroyed aircraft is "
                                     "rebuilt")
        state = _rebuild(game, state, i, action.rebuild, events)
    elif plane.hex is None:
        raise IllegalActionError("rebuild.required", "your aircraft was destroyed: rebuild it "
                                 "(in your airport, or with the BOOST in another city of your "
                                 "region) or pass")
    if boosting:
        if company.aircraft.legendary:
            raise IllegalActionError("boost.legendary", "a Legendary Aircraft has no BOOST: "
                                     "its Power replaces it (the BESIXDOUZE's ASTEROID, or "
                                     "pass)")
        if action.parachute or action.power:
            raise IllegalActionError("boost.window", "the BOOST's journey reserves no Parachute "
                                     "and uses no Power")
        events.append({"type": "boost_activated", "company": colour})
        state = state.with_plane(i, state.planes[i].evolve(boost=False))
    if action.parachute:
        state = parachute.reserve(game, state, i, events)
    state = _ops(game, state, i, action.before, events)
    plane = state.planes[i]
    assert plane.hex is not None
    overloaded = len(plane.carried) == MAX_CARRIED
    rescue = state.chute is not None and not action.power and bool(action.path) \
        and parachute.is_rescue(state, action.path)
    checked = state
    if rescue:
        parachute.check_rescue_path(game, state, i, action.path)
        checked = parachute.freed(state)
    # a Power's journey (checked in ``state``: a Power rescues nobody), or its own
    pilot = hooks.power if action.power else hooks.pilots[i]
    flight, flown, extra = pilot.fly(game, state if action.power else checked, i, action,
                                     overloaded)
    if pilot.plain and not rescue and hooks.plain and not _told(events):
        return _journey_end_seen(game, given, state, i, action, flight, boosting, events)
    return _journey_end(game, state, i, action, plane, flight, flown, extra, rescue, boosting,
                        events)


_TailKey = tuple[int, bool, Hex | None, int, bool, Hex, bool]
_last_ends: tuple[Game, State, int, dict[_TailKey, tuple[State, Ops, Ops]]] | None = None


def _journey_end_seen(game: Game, given: State, state: State, i: int, action: Journey,
                      flight: Flight, boosting: bool, events: list[Event]) -> State:
    """``_journey_end`` of a checked day journey of a company flying without FUEL (not a
    rescue, not a Power), without events: remembered for the state the action was given
    in (``given``). Such a journey's end depends on where it ends, never on the hexes it
    crossed, and the journeys weighed at one decision share a few ends: bots and policies
    weighing every legal action resolve each end (and a game turn's weather) once."""
    global _last_ends
    # the parcel operations by identity (the legal actions share them), kept alive with
    # the result so that no other can take their ids
    before, after = action.before, action.after
    key = (id(before), action.parachute, action.rebuild, id(after), boosting, flight.end,
           flight.landed)
    last = _last_ends
    if last is None or last[1] is not given or last[0] is not game or last[2] != i:
        last = _last_ends = (game, given, i, {})
    done = last[3].get(key)
    if done is None:
        plane = state.planes[i]
        done = last[3][key] = (_journey_end(game, state, i, action, plane, flight, plane, {},
                                            False, boosting, events), before, after)
    return done[0]


def _journey_end(game: Game, state: State, i: int, action: Journey, plane: Plane,
                 flight: Flight, flown: Plane, extra: dict[str, Any], rescue: bool,
                 boosting: bool, events: list[Event]) -> State:
    """A checked journey flown: the aircraft ``flown`` at its end, landing, the parcel
    operations after it, the BOOST offered or the next company."""
    colour = game.companies[i].colour
    end, arrived = flight.end, flight.landed  # read once: a named tuple's fields are slow
    runway = runways.accessible(state, end)  # lands on it (runways, decision 2)
    landed = arrived or runway
    if runway and flown.fuel is not None:
        flown = flown.evolve(altitude=0, locked=0)
    if _told(events):
        journey: Event = {"type": "journey", "company": colour, "from": _hx(plane.hex),
                          "path": [_hx(h) for h in flight.path], "bonus": flight.bonus,
                          "boost": action.boost, "landed": landed, **extra}
        if runway:
            journey["runway"] = True
            if flown.fuel is not None:
                journey["altitude"] = 0
        events.append(journey)
    state = state.with_plane(i, flown.evolve(hex=end, grounded=runway))
    hooks = game.hooks
    if hooks.journey_flown:
        for flew in hooks.journey_flown:  # NIGHT FLIGHT: the tile it ends on revealed
            stop = flew(game, state, i, action, plane, flight, events)
            if stop is not None:
                state, paused = stop
                if paused:
                    return state
                if state.planes[i].hex is None:
                    return _next(game, state, events)
    if arrived:
        state, _ = _arrive(game, state, i, end, events)
    elif runway:
        state = _look(game, state, i, end, events)
    if rescue:
        state, gone = parachute.rescue(game, state, i, action.after, events)
        if gone:
            events.append({"type": "parcels_lost", "company": colour, "parcels": list(gone),
                           "reason": "rescue"})
            state = _lose(game, state, gone, events)
    elif action.after is not NO_OPS and action.after:
        state = _ops_after(game, state, i, action.after, landed, events)
    if hooks.journey_landed:
        for after in hooks.journey_landed:  # EXPERT: on the ground, or dry
            state = after(game, state, i, landed, events)
            if state.planes[i].hex is None:
                return _next(game, state, events)
    # One BOOST a turn (decision 5): consumed by a rebuild in another city, it is not
    # offered again even when a landing at home recharges it.
    consumed = action.rebuild is not None and action.rebuild != game.companies[i].airport
    if hooks.boost_window:
        for window in hooks.boost_window:  # a Legendary Aircraft: the ASTEROID's window only
            opens = window(game, state, i, consumed)
            if opens is not None:
                return state.evolve(phase=_BOOST) if opens else _next(game, state, events)
    if not boosting and state.planes[i].boost and not consumed and _can_move(game, state, i):
        return state.evolve(phase=_BOOST)
    return _next(game, state, events)


def _after_journey(game: Game, state: State, i: int, no_boost: bool, events: list[Event]
                   ) -> State:
    """The end of a journey: the BOOST offered (decision 5), or the next company."""
    if state.phase is not _BOOST and state.planes[i].boost and not no_boost \
            and _can_move(game, state, i):
        return state.evolve(phase=_BOOST)
    return _next(game, state, events)


def _end(game: Game, state: State, events: list[Event], reason: str) -> State:
    """The game is over: the final scores."""
    rows = [s.to_dict() for s in scores(game, state)]
    over: Event = {"type": "game_end", "round": state.turn, "turn": state.turn,
                   "reason": reason, "scores": rows,
                   "winners": [r["player"] for r in rows if r["rank"] == 1]}
    if game.mode is not Mode.CLASSIC:
        over["teams"] = [t.to_dict() for t in team_scores(game, state)]
    events.append(over)
    return state.evolve(order=(), phase=_OVER)


def _next(game: Game, state: State, events: list[Event]) -> State:
    """The next company's turn, or the end of the game turn."""
    done = state.planes[state.order[0]]
    if done.locked:  # ALTITUDE gained this turn may be used from the next one
        state = state.with_plane(state.order[0], done.evolve(locked=0))
    order = state.order[1:]
    if order:
        return state.evolve(order=order, phase=_PILOTING)
    hooks = game.hooks
    if hooks.deliveries_end and game_ends(state):
        return _end(game, state, events, "deliveries")
    if hooks.turn_end:
        for turn_end in hooks.turn_end:  # NIGHT FLIGHT: the NIGHT token moves on
            state, reason = turn_end(game, state, events)
            if reason is not None:
                return _end(game, state, events, reason)
    ring = game.clockwise(state.first)
    first = ring[1 % len(ring)]
    state = state.evolve(turn=state.turn + 1, first=first, order=game.clockwise(first),
                         phase=_PILOTING)
    if _told(events):
        events.append({"type": "round", "round": state.turn, "turn": state.turn,
                       "first": game.companies[first].colour})
    return _weather(game, state, events)
