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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.turbulences import parachute
from skyhex.rules.turbulences.arrival import _arrive, _destroy
from skyhex.rules.turbulences.chance import Draws
from skyhex.rules.turbulences.events import Shake, shake
from skyhex.rules.turbulences.landscape import Stack
from skyhex.rules.turbulences.sink import _told
from skyhex.rules.turbulences.state import Game, State
from skyhex.rules.turbulences.variant import Sky
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
    hooks = game.hooks
    mountains = game.mountains
    if hooks.mountains:
        for known in hooks.mountains:  # at night: those found; an active ASTEROID is one
            mountains = known(game, state, mountains)
    blown = _blow(game, state, mountains)
    wind, phase = blown.wind, blown.phase
    before, previous, planes = state.clouds, state.last_direction, state.planes
    if _told(events):
        event: Event = {"type": "weather", "turn": state.turn,
                        "first": game.companies[state.first].colour, "wind": wind_name(wind),
                        "draws": [dict(d) for d in blown.made]}
        if hooks.weather_event:
            for write in hooks.weather_event:
                write(game, state, event)
        events.append(event)
        events.extend(dict(e) for e in phase.events)
    state = state.evolve(clouds=phase.clouds, wind=wind, draws=blown.index,
                         last_direction=wind if isinstance(wind, Direction)
                         else state.last_direction)
    sky = Sky(planes, before, previous, wind, phase, mountains) \
        if hooks.after_shake or hooks.weather_end else None
    if state.turn >= 2:
        state = _shake(game, state, before, phase, events)
        if hooks.after_shake:
            for after in hooks.after_shake:
                after(game, state, sky, events)
    if hooks.weather_end:
        for end in hooks.weather_end:
            state = end(game, state, sky, events)
    return state


def _shake(game: Game, state: State, before: Mapping[Hex, Stack], phase: WeatherPhase,
           events: list[Event]) -> State:
    """Section 7 for the aircraft, and for the riders the variants add (``riders``: the
    Parachute of section 10), numbered after the companies."""
    hooks = game.hooks
    positions = {i: p.hex for i, p in enumerate(state.planes)
                 if p.hex is not None and not p.asteroid}
    names = [c.colour for c in game.companies]
    aircraft = len(names)  # the riders past them are not aircraft
    if hooks.riders:
        for add in hooks.riders:
            add(game, state, positions, names)
    if _told(events):
        result = shake(names, positions, game.tiles, game.airports, game.cities, before, phase)
        for e in result.events:
            shown = parachute.shaken_event(e)
            if shown is not None:
                events.append(shown)
    else:
        result = _shake_seen(game, names, positions, before, phase)
    if hooks.shaken:
        for shaken in hooks.shaken:
            state = shaken(game, state, result, events)
    for i, h in sorted(result.positions.items()):
        if i >= aircraft:
            continue
        if h is None:
            state = _destroy(game, state, i, events)
        elif h != positions[i]:
            state = state.with_plane(i, state.planes[i].evolve(hex=h))
    if hooks.riders_moved:
        for moved in hooks.riders_moved:
            state = moved(game, state, result, positions, events)
    landings = {i: h for i, h in result.landings.items() if i < aircraft}
    for i, h in sorted(landings.items()):
        if h in game.airports:
            state, _ = _arrive(game, state, i, h, events)
    for i, p in enumerate(state.planes):  # runways, decision 3: a cloud lifts it
        if p.grounded and (p.hex is None or state.clouds.get(p.hex)):
            state = state.with_plane(i, p.evolve(grounded=False))
    if hooks.weather_landed:
        for landed in hooks.weather_landed:
            state = landed(game, state, result, landings, events)
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
