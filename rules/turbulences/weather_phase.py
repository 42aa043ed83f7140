"""PHASE I, the weather phase: the Wind Rose's flick, the clouds blown against the mountains
the table knows (``weather.resolve``), then, from the second weather phase, the aircraft
events of section 7 (``events.shake``) with their landings and crashes. The variants add
their parts through hooks (``variant``): the discovered mountains at night, the ASTEROIDs,
the Parachute as one more rider, EXPERT's ALTITUDE and emergency landings, the Lightning.

Decisions (numbered with the engine's, ``engine``):

7. **Section 7** is applied from the second weather phase (the rulebook's "from the second
   weather phase"); in the first every aircraft is in its airport anyway.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.turbulences import expert, legendary, lightning, night, parachute
from skyhex.rules.turbulences.arrival import _arrive, _destroy, _ground
from skyhex.rules.turbulences.cargo import _lose
from skyhex.rules.turbulences.chance import Draws
from skyhex.rules.turbulences.events import Shake, shake
from skyhex.rules.turbulences.landscape import Stack
from skyhex.rules.turbulences.powers import PARACHUTE
from skyhex.rules.turbulences.sink import _hx, _told
from skyhex.rules.turbulences.state import Chute, Game, Plane, State
from skyhex.rules.turbulences.tank import MAX_ALTITUDE
from skyhex.rules.turbulences.weather import WeatherPhase, Why, Wind, resolve, wind_name


@dataclass(frozen=True, slots=True)
class _Blown:
    """The clouds' part of a weather phase: the flick, its draws and the clouds blown."""

    wind: Wind
    made: list[dict[str, Any]]
    index: int
    phase: WeatherPhase


_last_blown: tuple[Game, int, Mapping[Hex, Stack], Direction | None, frozenset[Hex],
                   _Blown] | None = None


def _blow(game: Game, state: State, mountains: frozenset[Hex]) -> _Blown:
    """The Wind Rose's flick and the clouds blown by it against ``mountains`` (the
    landscape's, and any active ASTEROID). It depends on the game's draws, the sky and the
    last wind only, never on the aircraft: the last one resolved is remembered (bots
    weighing each action of a turn's last company resolve the same phase each time)."""
    global _last_blown
    last = _last_blown
    if last is not None and last[0] is game and last[1] == state.draws \
            and last[2] is state.clouds and last[3] == state.last_direction \
            and last[4] == mountains:
        return last[5]
    draws = Draws(game.seed, game.pinned, state.draws, first_pinned=game.pinned_from)
    wind = draws.flick(game.rose)
    blown = _Blown(wind, draws.made, draws.index,
                   resolve(mountains, state.clouds, wind, state.last_direction))
    _last_blown = (game, state.draws, state.clouds, state.last_direction, mountains, blown)
    return blown


def _weather(game: Game, state: State, events: list[Event]) -> State:
    stones = legendary.asteroids(state)  # an active ASTEROID is a Mountain (section 10)
    known = night.known_mountains(game.mountains, state.night)  # at night: those found
    mountains = known | stones if stones else known
    blown = _blow(game, state, mountains)
    wind, phase = blown.wind, blown.phase
    before, previous, planes = state.clouds, state.last_direction, state.planes
    if _told(events):
        event: Event = {"type": "weather", "turn": state.turn,
                        "first": game.companies[state.first].colour, "wind": wind_name(wind),
                        "draws": [dict(d) for d in blown.made]}
        if stones:
            event["asteroids"] = [_hx(h) for h in sorted(stones)]
        events.append(event)
        events.extend(dict(e) for e in phase.events)
    state = state.evolve(clouds=phase.clouds, wind=wind, draws=blown.index,
                         last_direction=wind if isinstance(wind, Direction)
                         else state.last_direction)
    if state.turn >= 2:
        state = _shake(game, state, before, phase, events)
        if stones:
            _lucky(game, state, planes, before, wind, previous, events)
    if game.powers.lightning:
        sides = {t.id: t.side for stack in before.values() for t in stack}
        tiles = lightning.charged(phase, mountains, sides, game.powers.lightning_tokens)
        events.extend(lightning.charge_events(state, tiles))
        state, struck = lightning.strike(game, state, tiles, events)
        for who, p, in_chute in struck:
            lost: Event = {"type": "parcels_lost", "company": game.companies[who].colour,
                           "parcels": [p], "reason": "lightning"}
            if in_chute:
                lost["parachute"] = True
            events.append(lost)
            state = _lose(game, state, (p,), events)
    if stones:
        state = state.evolve(planes=tuple(p.evolve(asteroid=False) if p.asteroid else p
                                          for p in state.planes))
    return state


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


def _shake(game: Game, state: State, before: Mapping[Hex, Stack], phase: WeatherPhase,
           events: list[Event]) -> State:
    """Section 7 for the aircraft (and the Parachute, section 10, as one more rider)."""
    positions = {i: p.hex for i, p in enumerate(state.planes)
                 if p.hex is not None and not p.asteroid}
    names = [c.colour for c in game.companies]
    chute = len(names)  # the Parachute's index among the riders
    if state.chute is not None:
        positions[chute] = state.chute.hex
        names.append(PARACHUTE)
    if _told(events):
        result = shake(names, positions, game.tiles, game.airports, game.cities, before, phase)
        for e in result.events:
            shown = parachute.shaken_event(e)
            if shown is not None:
                events.append(shown)
    else:
        result = _shake_seen(game, names, positions, before, phase)
    if game.powers.parachute:
        state = parachute.open_chutes(game, state, result.events, events)
    for i, h in sorted(result.positions.items()):
        if i == chute:
            continue
        if h is None:
            state = _destroy(game, state, i, events)
        elif h != positions[i]:
            state = state.with_plane(i, state.planes[i].evolve(hex=h))
    if chute in positions and state.chute is not None:
        state = _shake_chute(game, state, result.positions[chute], result.landings.get(chute),
                             events)
    landings = {i: h for i, h in result.landings.items() if i != chute}
    for i, h in sorted(landings.items()):
        if h in game.airports:
            state, _ = _arrive(game, state, i, h, events)
    for i, p in enumerate(state.planes):  # runways, decision 3: a cloud lifts it
        if p.grounded and (p.hex is None or state.clouds.get(p.hex)):
            state = state.with_plane(i, p.evolve(grounded=False))
    if game.any_expert:
        shaken = [e for e in result.events if e.get("company") != PARACHUTE]
        state = _expert_weather(game, state, shaken, landings, events)
    return state


_last_shakes: tuple[Game, WeatherPhase, Mapping[Hex, Stack],
                    dict[tuple[int, tuple[tuple[int, Hex], ...]], Shake],
                    frozenset[Hex | None]] | None = None


def _shake_seen(game: Game, names: list[str], positions: dict[int, Hex],
                before: Mapping[Hex, Stack], phase: WeatherPhase) -> Shake:
    """``shake`` remembered for the last weather phase, by the places of the riders that
    the clouds may reach: the states after a turn's last company's actions (weighed by
    bots without events) put the other aircraft in the same places. An aircraft is calm
    alone on a tile that no cloud covers before or after the phase, or on the ground where
    no cloud is blown out towards (clouds never cover the ground): nothing happens to it,
    and no aircraft can reach it (every cloud ends on a tile, a rider on its cloud's or
    where its cloud was blown out towards), so it changes nothing for the others and is
    left out of the key. Its events are read, never logged: not shared with a log that
    could change them."""
    global _last_shakes
    last = _last_shakes
    if last is None or last[1] is not phase or last[2] is not before or last[0] is not game:
        stirred = frozenset([*(h for h, s in before.items() if s),
                             *(h for h, s in phase.clouds.items() if s),
                             *(f.exit for f in phase.fates.values() if f.why is Why.WRAPPED)])
        last = _last_shakes = (game, phase, before, {}, stirred)
    stirred = last[4]
    rest = {i: h for i, h in positions.items() if h in stirred}
    calm = len(rest) < len(positions) and len(set(positions.values())) == len(positions)
    key = (len(names), tuple(rest.items() if calm else positions.items()))
    result = last[3].get(key)
    if result is None:
        result = last[3][key] = shake(names, rest if calm else positions, game.tiles,
                                      game.airports, game.cities, before, phase)
    if calm:
        result = Shake({**positions, **result.positions}, result.landings, result.events)
    return result


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


def _expert_weather(game: Game, state: State, shaken: Sequence[Event],
                    landings: Mapping[int, Hex], events: list[Event]) -> State:
    """Section 9 in the weather phase: "A Cumulus that slides under your Aircraft raises
    your ALTITUDE dial by 1"; an emergency landing puts the aircraft on the ground (ALTITUDE
    0), refuels it in its own airport, or breaks it down when dry."""
    index = {c.colour: i for i, c in enumerate(game.companies)}
    for event in shaken:
        i = index[event["company"]]
        plane = state.planes[i]
        if event["type"] == "cumulus_under" and expert.is_expert(game, i) \
                and plane.hex is not None:
            altitude = min(MAX_ALTITUDE, plane.altitude + 1)
            events.append({"type": "altitude_gained", "company": event["company"],
                           "hex": event["hex"], "altitude": altitude,
                           "reason": "cumulus_under"})
            state = state.with_plane(i, plane.evolve(altitude=altitude))
    for i, h in sorted(landings.items()):
        if not expert.is_expert(game, i) or state.planes[i].hex != h:
            continue
        state = state.with_plane(i, state.planes[i].evolve(altitude=0, locked=0))
        state = _ground(game, state, i, events)
    return state
