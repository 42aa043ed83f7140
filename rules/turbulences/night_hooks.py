"""NIGHT FLIGHT (section 11) as a variant (``variant``): the hooks where it changes the
CLASSIC game, calling the rules of ``night`` (the face-down tiles, reveals, the NIGHT token
and the end) and ``onward`` (going on after a flip, ``reveal: continues``).

17. **NIGHT FLIGHT** (section 11, ``new_game(..., night_rules=...)``; numbered with the
    engine's decisions, ``engine``): the engine reveals the tile a journey ends on, moves
    the token at the end of each game turn and ends the game when it is back on PARIS
    (``game_end`` reason ``night``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from skyhex.rules.errors import IllegalActionError, InputError, Problem
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences import night, onward
from skyhex.rules.turbulences.actions import NO_OPS, Action, Journey, Pass
from skyhex.rules.turbulences.arrival import _arrive, _destroy
from skyhex.rules.turbulences.cargo import _ops_after
from skyhex.rules.turbulences.chance import Draws
from skyhex.rules.turbulences.journeys import _after_journey, _next
from skyhex.rules.turbulences.landscape import REGIONS, Landscape
from skyhex.rules.turbulences.legality import ops_options
from skyhex.rules.turbulences.piloting import Flight
from skyhex.rules.turbulences.sink import _BOOST, _OVER, _Discard, _hx
from skyhex.rules.turbulences.state import Company, Game, Plane, Position, State
from skyhex.rules.turbulences.variant import Table, Variant

# --- setup --------------------------------------------------------------------------------


def _check_night(companies: Sequence[Company], landscape: Landscape,
                 rules: night.NightRules) -> None:
    """A NIGHT FLIGHT setup: PARIS a city not under an ALTITUDE dial, no cloud at start."""
    problems = []
    region, city = rules.paris
    if not (1 <= region <= REGIONS and 1 <= city <= 3):
        problems.append(Problem("setup.night-paris", f"PARIS at city {city} of region "
                                f"{region}: regions 1-6, cities 1-3", ("night", "paris")))
    elif any(c.covered == rules.paris_hex for c in companies):
        problems.append(Problem("setup.night-paris", "PARIS is under an ALTITUDE dial, which "
                                "the NIGHT token cannot use", ("night", "paris")))
    if landscape.clouds:
        problems.append(Problem("setup.night-clouds", "at night no Cloud token is placed at "
                                "the start", ("map",)))
    if rules.reveal == "continues" and any(c.expert for c in companies):
        problems.append(Problem("setup.night-reveal", "going on after a flip (reveal: "
                                "continues) is not supported yet with EXPERT companies",
                                ("night", "reveal")))
    if problems:
        raise InputError(problems)


def _check(table: Table) -> list[Problem]:
    if table.night is not None:
        _check_night(table.companies, table.landscape, table.night)
    return []


def _start(game: Game, state: State, draws: Draws, position: Position | None) -> State:
    """The NIGHT token on PARIS (or where the position has it)."""
    assert game.night is not None
    return state.evolve(night=night.Night(game.night.paris_hex) if position is None
                        else position.night)


def _setup_event(game: Game, event: Event) -> None:
    rules = game.night
    assert rules is not None
    event["night"] = {**rules.to_data(), "token": _hx(rules.paris_hex),
                      "turns": len(night.night_ring(rules.paris_hex, game.covered))}


# --- the weather phase --------------------------------------------------------------------


def _mountains(game: Game, state: State, mountains: frozenset[Hex]) -> frozenset[Hex]:
    """At night: the mountains found."""
    return night.known_mountains(mountains, state.night)


# --- journeys -----------------------------------------------------------------------------


def _reveal(game: Game, state: State, i: int, h: Hex, events: list[Event]) -> State:
    """NIGHT FLIGHT: the aircraft flips the unknown tile ``h`` it entered (``night``)."""
    assert state.night is not None
    flipped = night.reveal(state.night, state.clouds, game.biomes[h], h,
                           game.companies[i].colour)
    events.extend(flipped.events)
    state = state.evolve(night=flipped.night, clouds=flipped.clouds)
    plane = state.planes[i]
    if flipped.crashed:
        return _destroy(game, state, i, events)
    if flipped.climb and plane.fuel is not None:  # EXPERT: a cumulus under it
        altitude, locked = night.climbed(plane.altitude, plane.locked, flipped.climb)
        if altitude != plane.altitude:
            events.append({"type": "altitude_gained", "company": game.companies[i].colour,
                           "hex": _hx(h), "altitude": altitude, "reason": "revealed"})
        state = state.with_plane(i, plane.evolve(altitude=altitude, locked=locked))
    return state


def _journey_flown(game: Game, state: State, i: int, action: Journey, plane: Plane,
                   flight: Flight, events: list[Event]) -> tuple[State, bool] | None:
    """The unknown tile a journey ends on is revealed, which ends the journey (decision 4
    of ``night``), or pauses it (``reveal: continues``, ``onward.py``): the state, and
    whether the journey is paused; ``None``: no tile revealed."""
    end = flight.end
    if state.night is None or end not in night.dark(state.night, state.clouds):
        return None
    _no_ops_after_a_flip(action)
    state = _reveal(game, state, i, end, events)
    if state.planes[i].hex is None:
        return state, False
    assert plane.hex is not None and game.night is not None and state.night is not None
    if game.night.reveal == "continues":  # or the pilot may go on (onward.py)
        consumed = action.rebuild is not None and action.rebuild != game.companies[i].airport
        paused = state.evolve(night=replace(state.night, leg=(plane.hex, *flight.path),
                                            no_boost=consumed))
        if onward.onward_flights(game, paused, i):
            return paused, True
    return state, False


def _no_ops_after_a_flip(action: Journey) -> None:
    """A journey ending on the face-down tile it flips ends on a landscape tile, never in
    an airport: no parcel operations after it (``legal_actions`` lists none)."""
    if action.after:
        raise IllegalActionError("parcel.not-airport", "parcels are loaded and unloaded in "
                                 "an airport only (the journey ends on the face-down tile "
                                 "it flips)")


def _onward(game: Game, state: State, i: int, action: Journey, events: list[Event]) -> State:
    """``reveal: continues``: the rest of a journey after a flip (``onward.py``)."""
    assert state.night is not None and game.night is not None
    if action.rebuild is not None or action.before or action.glide or action.cross \
            or action.power or action.parachute:
        raise IllegalActionError("night.onward", "the rest of a journey after a flip is its "
                                 "tiles (and the parcel operations after landing) only")
    flight = onward.onward_flight(game, state, i, action.path)
    leg, no_boost = state.night.leg, state.night.no_boost
    plane = state.planes[i]
    events.append({"type": "journey", "company": game.companies[i].colour,
                   "from": _hx(plane.hex), "path": [_hx(h) for h in flight.path],
                   "bonus": flight.bonus, "boost": action.boost, "landed": flight.landed,
                   "onward": True})
    state = state.with_plane(i, plane.evolve(hex=flight.end)).evolve(
        night=replace(state.night, leg=(), no_boost=False))
    if flight.end in night.dark(state.night, state.clouds):
        assert state.night is not None
        _no_ops_after_a_flip(action)
        state = _reveal(game, state, i, flight.end, events)
        if state.planes[i].hex is None or state.night is None:
            return _next(game, state, events)
        paused = state.evolve(night=replace(state.night, leg=(*leg, *flight.path),
                                            no_boost=no_boost))
        if onward.onward_flights(game, paused, i):
            return paused
    if flight.landed:
        state, _ = _arrive(game, state, i, flight.end, events)
    if action.after:
        state = _ops_after(game, state, i, action.after, flight.landed, events)
    return _after_journey(game, state, i, no_boost, events)


def _resume(game: Game, state: State, i: int, action: Action, events: list[Event]
            ) -> State | None:
    """``reveal: continues``: a journey paused after a flip goes on (a journey) or stops
    there (a pass); ``None``: no journey is paused."""
    if state.night is None or not state.night.leg:
        return None
    if isinstance(action, Journey):
        return _onward(game, state, i, action, events)
    assert isinstance(action, Pass)
    if action.ops or action.rebuild is not None:
        raise IllegalActionError("night.onward", "stopping after a flip is a bare pass")
    no_boost = state.night.no_boost
    events.append({"type": "passed", "company": game.companies[i].colour, "reason": "stopped"})
    state = state.evolve(night=replace(state.night, leg=(), no_boost=False))
    return _after_journey(game, state, i, no_boost, events)


def _turn_end(game: Game, state: State, events: list[Event]) -> tuple[State, str | None]:
    """"PHASE III: END OF TURN Advance the NIGHT token to the next city clockwise"; "The
    game ends when the NIGHT token returns to PARIS"."""
    if game.night is None or state.night is None:
        return state, None
    token, moved = night.advance(state.night, game.night.paris_hex, game.covered, state.turn)
    events.append(moved)
    state = state.evolve(night=token)
    return state, "night" if moved["paris"] else None


def _deliveries_end(game: Game) -> bool:
    """The three deliveries end the game at night too, unless the table plays it to its end
    (decision 3 of ``night``)."""
    return game.night is None or game.night.deliveries_end


# --- the legal actions --------------------------------------------------------------------


def _onward_journeys(game: Game, state: State, i: int) -> list[Action]:
    """The rests of journey after a flip, with the parcel operations after a landing."""
    colour = game.companies[i].colour
    boost = state.phase is _BOOST
    out: list[Action] = []
    for rest, flight in onward.onward_flights(game, state, i).items():
        afters = [NO_OPS]
        if flight.landed:
            landed = state.with_plane(i, state.planes[i].evolve(hex=flight.end))
            landed, _ = _arrive(game, landed, i, flight.end, _Discard())
            afters = ops_options(game, landed, i, throw=False)
        out.extend(Journey(colour, rest, NO_OPS, after, None, boost) for after in afters)
    return out


def _listing(game: Game, state: State, i: int) -> list[Action] | None:
    """A journey paused after a flip: its rests, or a pass (``onward.py``)."""
    if state.night is not None and state.night.leg:
        return [Pass(game.companies[i].colour), *_onward_journeys(game, state, i)]
    return None


# --- views --------------------------------------------------------------------------------


def _view(game: Game, state: State, colour: str | None, out: dict[str, Any],
          parcel: Any) -> None:
    if game.night is not None and state.night is not None:
        out["night"] = night.night_view(game.biomes, game.night, state.night, game.covered,
                                        colour is None, state.phase is _OVER)


NIGHT = Variant(
    "night", lambda game: game.night is not None, check=_check, start=_start,
    setup_event=_setup_event, mountains=_mountains, resume=_resume,
    journey_flown=_journey_flown, turn_end=_turn_end, ends_on_deliveries=_deliveries_end,
    listing=_listing, view=_view)
"""NIGHT FLIGHT (section 11)."""
