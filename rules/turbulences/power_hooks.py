"""The special powers of section 10 as variants (``variant``): the Parachute, the Lightning
tokens and the Legendary Aircraft, each with the hooks where it changes the CLASSIC game,
calling the rules of ``parachute``, ``lightning`` and ``legendary``. The Parachute and the
Lightning are the table's (``PowerRules``); a Legendary Aircraft is a company's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skyhex.rules.errors import IllegalActionError, Problem
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.turbulences import expert, legendary, lightning, parachute
from skyhex.rules.turbulences.actions import Action, Journey, Pass, Power
from skyhex.rules.turbulences.cargo import _lose
from skyhex.rules.turbulences.events import Shake, shake
from skyhex.rules.turbulences.journeys import _next
from skyhex.rules.turbulences.landscape import Stack
from skyhex.rules.turbulences.legendary import POWER_OF
from skyhex.rules.turbulences.piloting import Flight
from skyhex.rules.turbulences.powers import PARACHUTE as PARACHUTE_NAME
from skyhex.rules.turbulences.reach import _can_move, _flights
from skyhex.rules.turbulences.sink import _BOOST
from skyhex.rules.turbulences.state import Chute, Game, Plane, State
from skyhex.rules.turbulences.variant import Flown, Pilot, Sky, Table, Variant
from skyhex.rules.turbulences.weather import Wind, resolve


def _powers_event(game: Game, event: Event) -> None:
    event["powers"] = game.powers.to_data()


# --- the Parachute ------------------------------------------------------------------------


def _check_parachute(table: Table) -> list[Problem]:
    if table.powers.parachute and PARACHUTE_NAME in (c.colour for c in table.companies):
        return [Problem("setup.colour", f"colour {PARACHUTE_NAME!r} names the Parachute "
                        "in the log: choose another")]
    return []


def _chute_rider(game: Game, state: State, positions: dict[int, Hex], names: list[str]
                 ) -> None:
    """The Parachute on the landscape rides its cloud like an aircraft (section 7)."""
    if state.chute is not None:
        positions[len(names)] = state.chute.hex
        names.append(PARACHUTE_NAME)


def _open(game: Game, state: State, result: Shake, events: list[Event]) -> State:
    return parachute.open_chutes(game, state, result.events, events)


def _shake_chute(game: Game, state: State, end: Hex | None, landing: Hex | None,
                 events: list[Event]) -> State:
    """The Parachute after section 7: carried, landed (its parcels delivered, in transit or
    lost) or destroyed with its parcels."""
    chute = state.chute
    assert chute is not None
    lost: tuple[str, ...] = ()
    if landing is not None:
        state, lost = parachute.land(game, state, landing, events)
    elif end is None:
        lost = chute.parcels
        state = state.evolve(chute=None)
    elif end != chute.hex:
        state = state.evolve(chute=Chute(end, chute.parcels, chute.company))
    if lost:
        events.append({"type": "parcels_lost", "company": game.companies[chute.company].colour,
                       "parcels": list(lost), "reason": "parachute"})
        state = _lose(game, state, lost, events)
    return state


def _chute_moved(game: Game, state: State, result: Shake, positions: Mapping[int, Hex],
                 events: list[Event]) -> State:
    chute = len(game.companies)  # the Parachute's index among the riders
    if chute in positions and state.chute is not None:
        state = _shake_chute(game, state, result.positions[chute], result.landings.get(chute),
                             events)
    return state


def _give_back(game: Game, state: State, i: int, plane: Plane, events: list[Event]
               ) -> tuple[State, Plane]:
    """Home: the reserved Parachute goes back to the table."""
    if plane.parachute:
        state = parachute.give_back(game, state.with_plane(i, plane), i, "home", events)
        plane = state.planes[i]
    return state, plane


def _rescues(game: Game, state: State, i: int) -> bool:
    """A journey that rescues the Parachute (its owner's)."""
    chute = state.chute
    if chute is not None and parachute.owner_of(game, state, i):
        hex_ = chute.hex
        return any(path[-1] == hex_ and hex_ not in path[:-1]
                   for path, _, _ in _flights(game, parachute.freed(state), i, False))
    return False


def _parachute_view(game: Game, state: State, colour: str | None, out: dict[str, Any],
                    parcel: Any) -> None:
    chute = parachute.view(game, state)
    if "parcels" in chute:
        chute["parcels"] = [parcel(x) for x in chute["parcels"]]
    out["parachute"] = chute
    for row, p in zip(out["companies"], state.planes, strict=True):
        row["parachute"] = p.parachute


# --- the Lightning ------------------------------------------------------------------------


def _strike(game: Game, state: State, sky: Sky, events: list[Event]) -> State:
    """Storms blocked against a Mountain are charged, and strike at the phase's end."""
    sides = {t.id: t.side for stack in sky.before.values() for t in stack}
    tiles = lightning.charged(sky.phase, sky.mountains, sides, game.powers.lightning_tokens)
    events.extend(lightning.charge_events(state, tiles))
    state, struck = lightning.strike(game, state, tiles, events)
    for who, p, in_chute in struck:
        lost: Event = {"type": "parcels_lost", "company": game.companies[who].colour,
                       "parcels": [p], "reason": "lightning"}
        if in_chute:
            lost["parachute"] = True
        events.append(lost)
        state = _lose(game, state, (p,), events)
    return state


def _lightning_view(game: Game, state: State, colour: str | None, out: dict[str, Any],
                    parcel: Any) -> None:
    out["lightning_tokens"] = game.powers.lightning_tokens


# --- the Legendary Aircraft ---------------------------------------------------------------


def _with_asteroids(game: Game, state: State, mountains: frozenset[Hex]) -> frozenset[Hex]:
    """An active ASTEROID is a Mountain for the weather phase."""
    stones = legendary.asteroids(state)
    return mountains | stones if stones else mountains


def _asteroids_event(game: Game, state: State, event: Event) -> None:
    stones = legendary.asteroids(state)
    if stones:
        event["asteroids"] = [[h.q, h.r] for h in sorted(stones)]


def _lucky(game: Game, state: State, planes: Sequence[Plane], before: Mapping[Hex, Stack],
           wind: Wind, previous: Direction | None, events: list[Event]) -> None:
    """The ``asteroid_saved`` event: the other aircraft that this weather phase would have
    destroyed without the ASTEROIDs and that survived it (LUCKY STAR)."""
    plain = resolve(game.mountains, before, wind, previous)
    positions = {i: p.hex for i, p in enumerate(planes) if p.hex is not None}
    doomed = shake([c.colour for c in game.companies], positions, game.tiles, game.airports,
                   game.cities, before, plain).positions
    saved = [game.companies[i].colour for i, h in sorted(doomed.items())
             if h is None and not planes[i].asteroid and state.planes[i].hex is not None]
    if saved:
        owners = [game.companies[i].colour for i, p in enumerate(planes) if p.asteroid]
        events.append({"type": "asteroid_saved", "company": owners[0], "saved": saved})


def _saved(game: Game, state: State, sky: Sky, events: list[Event]) -> None:
    if any(p.asteroid and p.hex is not None for p in sky.planes):
        _lucky(game, state, sky.planes, sky.before, sky.wind, sky.previous, events)


def _asteroids_out(game: Game, state: State, sky: Sky, events: list[Event]) -> State:
    """The ASTEROIDs last one weather phase."""
    if any(p.asteroid for p in state.planes):
        state = state.evolve(planes=tuple(p.evolve(asteroid=False) if p.asteroid else p
                                          for p in state.planes))
    return state


def _asteroid(game: Game, state: State, i: int, action: Power, events: list[Event]) -> State:
    if state.phase is not _BOOST:
        raise IllegalActionError("power.asteroid-window", "the ASTEROID is activated at the "
                                 "end of your journey")
    return _next(game, legendary.asteroid(game, state, i, events), events)


def _power_paid(game: Game, state: State, i: int, flight: Flight, glide: int
                ) -> tuple[Plane, dict[str, Any]]:
    """The aircraft after a Power journey (its token flipped) and the journey event's
    fields: in EXPERT mode the FLYING CARPET costs nothing, the DODGE its movements like a
    crossing, without ALTITUDE for the obstacle (``legendary``, decision 5)."""
    plane = state.planes[i]
    power = legendary.power_of(game, i)
    extra: dict[str, Any] = {"power": power}
    if not game.companies[i].expert or power == legendary.CARPET:
        if glide:
            raise IllegalActionError("expert.glide", "this journey pays no FUEL: no gliding")
        return plane.evolve(boost=False), extra
    moves = expert.movements(game, plane, flight.path, True)
    if glide not in expert.glides(plane, moves, 0):
        raise IllegalActionError("expert.fuel", f"the DODGE costs {moves} movements (FUEL, or "
                                 f"ALTITUDE by gliding): {glide} by gliding cannot pay them")
    paid = expert.Paid(flight, moves - glide, glide, None, 0)
    flown, fields = expert.fly(game, state, i, paid, flight.path, True)
    return flown.evolve(boost=False), {**extra, **fields}


def _power_fly(game: Game, state: State, i: int, action: Journey, overloaded: bool) -> Flown:
    """A Power's journey checked and its token flipped (the FLYING CARPET's tiles travelled,
    the DODGE's PIG'S TURN when it was the only journey)."""
    if action.cross:
        raise IllegalActionError("power.cross", "a Power journey crosses no obstacle with "
                                 "ALTITUDE")
    plane = state.planes[i]
    flight = legendary.check_power(game, state, i, action.path)
    flown, extra = _power_paid(game, state, i, flight, action.glide)
    if extra["power"] == legendary.CARPET:  # the tiles travelled (1001 NIGHTS)
        extra["tiles"] = legendary.carpet_reach(game, state, i)[flight.end]
    elif not _can_move(game, state.with_plane(i, plane.evolve(boost=False)), i):
        extra["blocked"] = True  # no journey but the DODGE (PIG'S TURN)
    return flight, flown, extra


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


def _power_moves(game: Game, state: State, i: int) -> bool:
    return game.legendaries[i] and bool(_power_flights(game, state, i))


def _power_journeys(game: Game, state: State, i: int, overloaded: bool
                    ) -> list[tuple[tuple[Hex, ...], bool, int, bool]]:
    """A Legendary Aircraft's Power journeys, as (path, cross, glide, power)."""
    return [(path, False, glide, True) for path, glide in _power_flights(game, state, i)]


def _more_flights(game: Game, i: int) -> Any:
    return _power_journeys if game.legendaries[i] else None


def _power_paths(game: Game, state: State, i: int, overloaded: bool
                 ) -> list[tuple[tuple[Hex, ...], bool, int]]:
    return [(path, False, glide) for path, glide in _power_flights(game, state, i)]


POWER_PILOT = Pilot(_power_paths, _power_moves, _power_fly, plain=False)
"""A Legendary Aircraft flying its Power's journey (``Journey.power``)."""


def _boost_window(game: Game, state: State, i: int, consumed: bool) -> bool | None:
    """A Legendary Aircraft has no BOOST: the ASTEROID's window only."""
    if not game.legendaries[i]:
        return None
    return not consumed and legendary.can_asteroid(game, state, i)


def _recharges(game: Game, i: int, airport: Hex, plane: Plane, recharged: bool,
               events: list[Event]) -> tuple[Plane, bool]:
    """The SAVOIA S.21 recharges its Power in every airport."""
    if not plane.boost and game.legendaries[i] and legendary.recharges_at(game, i, airport):
        events.append({"type": "power_recharged", "company": game.companies[i].colour})
        return plane.evolve(boost=True), True
    return plane, recharged


def _asteroid_window(game: Game, state: State, i: int) -> list[Action] | None:
    """The BOOST's window of a Legendary Aircraft: the ASTEROID, or pass."""
    if not game.legendaries[i]:
        return None
    colour = game.companies[i].colour
    return [Pass(colour), *([Power(colour)] if legendary.can_asteroid(game, state, i) else [])]


def _power_view(game: Game, state: State, colour: str | None, out: dict[str, Any],
                parcel: Any) -> None:
    for row, c, p in zip(out["companies"], game.companies, state.planes, strict=True):
        if c.aircraft.legendary:
            row["power"] = {"name": POWER_OF[c.aircraft], "charged": p.boost,
                            "asteroid": p.asteroid}


def _power_name(game: Game, i: int) -> str | None:
    return "power" if game.legendaries[i] else None


PARACHUTE = Variant(
    "parachute", lambda game: game.powers.parachute, check=_check_parachute,
    setup_event=_powers_event, riders=_chute_rider, shaken=_open, riders_moved=_chute_moved,
    arrived_home=_give_back, moves=_rescues, reserves=parachute.can_reserve,
    view=_parachute_view)
"""The PARACHUTE pawn (section 10, ``parachute``)."""

LIGHTNING = Variant(
    "lightning", lambda game: game.powers.lightning, setup_event=_powers_event,
    weather_end=_strike, view=_lightning_view)
"""The Lightning tokens (section 10, ``lightning``)."""

LEGENDARY = Variant(
    "legendary", lambda game: any(game.legendaries), mountains=_with_asteroids,
    weather_event=_asteroids_event, after_shake=_saved, weather_end=_asteroids_out,
    actions={Power: _asteroid}, power=POWER_PILOT, boost_window=_boost_window,
    arrived=_recharges, moves=_power_moves, more_flights=_more_flights,
    boost_actions=_asteroid_window,
    view=_power_view, boost_name=_power_name)
"""The Legendary Aircraft and their Powers (section 10, ``legendary``)."""
