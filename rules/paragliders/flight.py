"""Flying: one move with its altitude change, the optional acceleration, collecting tokens,
and touching the ground. Pure functions of the game, the state and one pilot.

The order follows the rulebook's turn: move to an adjacent hex (hard turns cost 1), add the
weather modifiers of that hex (thermal, sun, wind, cloud; sun and wind never on a mountain),
cap at the cloud ceiling, then optionally accelerate one hex straight on for 2 (1 with a
Skill Move card) with no weather. Mountains are walls unless the altitude before the step is
at least the mountaintop, and no step may end below the mountaintop over a mountain.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from typing import Any, NamedTuple, TypeVar

from skyhex.rules import speed
from skyhex.rules.errors import IllegalActionError
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.paragliders.actions import LandChoice, MoveKind, Skill
from skyhex.rules.paragliders.cells import FORBIDDEN
from skyhex.rules.paragliders.clock import format_clock
from skyhex.rules.paragliders.components import SunExposure
from skyhex.rules.paragliders.features import TrackGps
from skyhex.rules.paragliders.scenario import PilotStatus, SoloMode
from skyhex.rules.paragliders.state import Game, Pilot, State
from skyhex.rules.paragliders.terrain import CRASH_TERRAINS, Terrain

# Enum members as plain names: Python 3.11 reads a member off its class through a
# descriptor, ten times the cost of a global, and the hot paths read many.
_LAND_FINAL = LandChoice.FINAL
_LAND_RELAUNCH = LandChoice.RELAUNCH
_LANDED = PilotStatus.LANDED
_WALKING = PilotStatus.WALKING
_CARD_ACCELERATE = Skill.ACCELERATE
_CARD_HARD_TURN = Skill.HARD_TURN
_CROSS = SoloMode.CROSS
_AERODROME = Terrain.AERODROME
_BALLOON = TrackGps.BALLOON.value
_CEILING = TrackGps.CEILING.value

T = TypeVar("T")

CRASH_VP = -10
CLOUD_BONUS = 2
ACCELERATION_COST = 2
ACCELERATION_COST_WITH_CARD = 1
HARD_TURN_COST = 1


def hx(h: Hex) -> list[int]:
    return [h.q, h.r]


_FLYING = PilotStatus.FLYING
_MOUNTAIN = Terrain.MOUNTAIN
_DIRECTION_NAME = speed.names_of(Direction)
_MOVE_VALUE = speed.values_of(MoveKind)
_TERRAIN_VALUE = speed.values_of(Terrain)


PLACE = 256
"""Numbers a place (hex number ``i``, altitude ``a``) as ``i * PLACE + a``."""


def occupied(game: Game, state: State, me: Pilot) -> set[int]:
    """The places (``PLACE``) of every other flying pilot: where a move may not end."""
    index = game.grid.index
    return {index[p.hex] * PLACE + p.altitude for p in state.pilots
            if p.seat != me.seat and p.status is _FLYING and p.hex is not None}


@lru_cache(maxsize=256)
def under_clouds(clouds: tuple[tuple[int, Hex], ...]) -> dict[Hex, int]:
    """How many clouds each hex is under (on a cloud's hex or next to it)."""
    count: dict[Hex, int] = {}
    for _, c in clouds:
        for h in (c, *c.neighbors()):
            count[h] = count.get(h, 0) + 1
    return count


Mods = tuple[dict[str, Any], ...]
Weather = list["tuple[Mods, int] | None"]
"""The weather modifiers of each hex number under one weather, with the sum of their
values (every move onto the hex adds them up), filled as they are asked for."""


def weather_table(game: Game, state: State) -> Weather:
    """The weather modifiers of the hexes under ``state``'s weather (thermal, sun, wind,
    cloud), by hex number, each named with its reason: worked out once per weather and hex
    (every candidate move of a turn, and every turn of an hour, asks for the same few
    hexes). Shared values, never to be changed."""
    memo = game.cells.last_weather
    last = memo[0]  # replaced as a whole: threads never mix two answers
    if last is not None and last[0] is state.clouds and last[1] == state.temperature and \
            last[2] is state.sun and last[3] is state.wind_direction and \
            last[4] == state.wind_strength:
        table: Weather = last[5]
        return table
    key = (state.temperature, state.sun, state.wind_direction, state.wind_strength,
           state.clouds)
    tables = game.cells.weather
    found = tables.get(key)
    if found is not None:
        table = found
    else:
        if len(tables) >= 32:
            tables.clear()
        table = tables[key] = [None] * game.grid.off
    memo[0] = (state.clouds, state.temperature, state.sun, state.wind_direction,
               state.wind_strength, table)
    return table


def hex_weather(game: Game, state: State, weather: Weather, i: int) -> tuple[Mods, int]:
    """The weather modifiers of hex number ``i`` under ``state``'s weather (``weather``:
    its ``weather_table``) and the sum of their values."""
    held = weather[i]
    if held is None:
        mods = _weather(game, game.grid.hexes[i], state.temperature, state.sun,
                        state.wind_direction, state.wind_strength, state.clouds)
        held = weather[i] = (mods, sum(m["value"] for m in mods))
    return held


def _weather(game: Game, h: Hex, temperature: int, sun: SunExposure, direction: Direction,
             strength: int, clouds: tuple[tuple[int, Hex], ...]) -> tuple[dict[str, Any], ...]:
    mods = _still_air(game, h, temperature, sun, direction, strength)
    if clouds:
        count = under_clouds(clouds).get(h, 0)
        if count:
            mods = (*mods, _UNDER_CLOUDS if count > 1 else _UNDER_A_CLOUD)
    return mods


_UNDER_A_CLOUD = {"name": "cloud", "value": CLOUD_BONUS, "why": "under a cloud"}
_UNDER_CLOUDS = {"name": "cloud", "value": CLOUD_BONUS,
                 "why": "under a cloud (once, however many)"}


def _still_air(game: Game, h: Hex, temperature: int, sun: SunExposure, direction: Direction,
               strength: int) -> tuple[dict[str, Any], ...]:
    """The thermal, sun and wind modifiers of hex ``h``: they depend on the map, the
    components and the weather but not on the clouds, so games on the same map share them
    (a table per component set, kept by the map's ``Grid``)."""
    shared = game.grid.still_air
    held = shared.get(id(game.components))
    if held is None or held[0] is not game.components:
        if len(shared) > 8:
            shared.clear()
        held = shared[id(game.components)] = (game.components, {})
    table: dict[Any, tuple[dict[str, Any], ...]] = held[1]
    key = (h, temperature, sun, direction, strength)
    mods = table.get(key)
    if mods is not None:
        return mods
    terrain = game.terrain[h]
    thermal = game.components.thermal.value(terrain, temperature)
    found: list[dict[str, Any]] = [
        {"name": "thermal", "value": thermal,
         "why": f"{terrain} at temperature {temperature:+d}"}]
    if terrain is not _MOUNTAIN:
        if h in game.sun_hexes[sun]:
            side = "west" if sun.value == "east" else "east"
            found.append({"name": "sun", "value": 1,
                          "why": f"mountain to the {side}, its {sun} facade in the sun"})
        if strength and h in game.wind_hexes[(direction, strength)]:
            found.append({"name": "wind", "value": strength,
                          "why": f"mountainside under a strength-{strength} "
                                 f"{direction.name} wind"})
    if len(table) > 65536:
        table.clear()
    mods = table[key] = tuple(found)
    return mods


def entry_rule(game: Game, h: Hex, altitude: int) -> str | None:
    """The rule that forbids entering ``h`` at ``altitude`` (from the hex before), or
    ``None``: the map edge and aerodromes are walls, mountains below the mountaintop."""
    cells = game.cells
    i = cells.grid.index.get(h, cells.grid.off)
    if cells.enters(i, altitude):
        return None
    terrain = cells.grid.terrain[i]
    if terrain is None:
        return "flight.map-edge"
    if terrain is _AERODROME:
        return "aerodrome.no-fly"
    return "flight.mountain-wall"


def _enter(game: Game, h: Hex, altitude: int, move: MoveKind | None) -> None:
    """Raise when ``entry_rule`` forbids the step to ``h`` (``move``: the move's first step,
    ``None``: the acceleration)."""
    rule = entry_rule(game, h, altitude)
    if rule is None:
        return
    what = "accelerating" if move is None else f"a {move.value} move"
    if rule == "flight.map-edge":
        raise IllegalActionError(rule, f"{what} to {h} leaves the map: the map edge is a wall")
    if rule == "aerodrome.no-fly":
        raise IllegalActionError(rule, f"{what} to {h} enters an aerodrome, a no-fly zone at "
                                 "any altitude")
    raise IllegalActionError(
        rule, f"{what} to mountain hex {h} at altitude {altitude}: below the mountaintop "
        f"({game.mountaintop}) mountains are walls")


def collects(game: Game, i: int, altitude: int) -> bool:
    """Whether ``collect`` may find something over hex number ``i`` at ``altitude``: a
    token on the hex, or an altitude GPS marker's level reached (never in cross mode)."""
    return bool(game.cells.tokens[i]) or altitude >= game.cells.gps_level


def collect(game: Game, state: State, pilot: Pilot, h: Hex, events: list[Event] | None
            ) -> Pilot:
    """Collect what the pilot has not got yet at hex ``h`` and at its altitude (``events``:
    where to explain it, ``None`` for no explanation)."""
    antenna = game.antennas.get(h)
    if antenna is not None and antenna not in pilot.antennas and not game.cross:
        vp = game.components.time.vp_at(state.time)
        pilot = pilot.evolve(antennas=pilot.antennas | {antenna},
                        ledger=(*pilot.ledger, (f"antenna {antenna}", vp)))
        if events is not None:
            events.append({"type": "collect", "player": pilot.ident, "token": "antenna",
                           "name": antenna.value, "hex": hx(h), "vp": vp,
                           "why": f"{vp} VP under the time marker at "
                                  f"{format_clock(state.time)}"})
    landmark = game.landmarks.get(h)
    if landmark is not None and landmark not in pilot.gps and not game.cross:
        # (a StrEnum member is its value to sets: ``gps`` holds the names as written)
        pilot = pilot.evolve(gps=pilot.gps | {landmark.value})
        if events is not None:
            events.append({"type": "collect", "player": pilot.ident, "token": "gps",
                           "name": landmark.value, "hex": hx(h)})
    return collect_altitude(game, pilot, events)


CROSS_MIDDLE_VP = 3
CROSS_OTHER_VP = 2


def collect_markers(game: Game, state: State, pilot: Pilot, hexes: tuple[Hex, ...],
                    events: list[Event] | None) -> Pilot:
    """Cross mode: a solo GPS marker on a hex flown over is collected when the altitude,
    once adjusted (acceleration included), is one of its three; 3 VP at the middle one,
    else 2 (a blank marker: any altitude, 2 VP)."""
    if not game.cross:
        return pilot
    for cm in game.scenario.cross_markers:
        spot = game.spots[cm.spot]
        if cm.marker in pilot.markers or spot.isdisjoint(hexes):
            continue
        marker = next(m for m in game.components.solo_markers if m.id == cm.marker)
        if marker.blank or cm.side is None:
            vp = CROSS_OTHER_VP
        else:
            levels = marker.sides[cm.side]
            if pilot.altitude not in levels:
                continue
            vp = CROSS_MIDDLE_VP if pilot.altitude == levels[1] else CROSS_OTHER_VP
        pilot = pilot.evolve(markers=pilot.markers | {cm.marker},
                             ledger=(*pilot.ledger, (f"marker {cm.marker}", vp)))
        if events is not None:
            events.append({"type": "collect", "player": pilot.ident, "token": "marker",
                           "name": cm.marker, "vp": vp,
                           "why": f"at altitude {pilot.altitude} over the {cm.spot} spot"})
    return pilot


def collect_altitude(game: Game, pilot: Pilot, events: list[Event] | None) -> Pilot:
    """The GPS markers on the altitude track, collected by reaching their level."""
    track = game.components.altitude
    if (pilot.altitude < track.balloon and pilot.altitude < track.ceiling) or game.cross:
        return pilot
    for name, level in ((_BALLOON, track.balloon), (_CEILING, track.ceiling)):
        if pilot.altitude >= level and name not in pilot.gps:
            pilot = pilot.evolve(gps=pilot.gps | {name})
            if events is not None:
                events.append({"type": "collect", "player": pilot.ident, "token": "gps",
                               "name": name, "why": f"altitude {pilot.altitude} reached "
                               f"level {level}"})
    return pilot


class Flight(NamedTuple):
    """What a move did: the pilot after it, the first hex's modifiers (stunts look at them),
    the hexes flown over, and whether it ended on the ground (or, with the Top Lander stunt,
    on a take-off hex below the mountaintop)."""

    pilot: Pilot
    modifiers: tuple[dict[str, Any], ...]
    visited: tuple[Hex, ...]
    down: bool


_flight = tuple.__new__
"""Makes a ``Flight`` from its fields in a tuple (``fly`` makes one a move: the named
tuple's own constructor is a Python function)."""
_NO_EVENT: Event = {}  # the event of a move not explained (never filled)

Hook = Callable[[Pilot, tuple[dict[str, Any], ...]], Pilot]


def ends_down(game: Game, h: Hex, after: int) -> bool | None:
    """Whether a step ending over ``h`` at ``after`` touches down (altitude 0 or less, or
    below the top of a take-off hex with the Top Lander stunt in play: a landing there);
    ``None`` when it may not end there at all (below the mountaintop over a mountain)."""
    return game.cells.ends_down(game.grid.index[h], after)


def may_declare_landing(game: Game, pilot: Pilot) -> bool:
    """Whether a flying pilot may declare a landing where it is, with no move: "if you are
    at mountaintop altitude on a starting hexagon, you may continue to fly away or you may
    declare that you want to land: in that case you perform a soft landing" (Top Lander in
    play)."""
    return game.top_lander and pilot.status is _FLYING and \
        pilot.hex in game.takeoff_hexes and pilot.altitude == game.mountaintop


def _below(game: Game, h: Hex, mods: tuple[dict[str, Any], ...], altitude: int,
           move: MoveKind) -> IllegalActionError:
    return _below_at(game, h, altitude + sum(m["value"] for m in mods), move)


def _below_at(game: Game, h: Hex, after: int, move: MoveKind | None) -> IllegalActionError:
    what = "accelerating" if move is None else f"a {move.value} move"
    return IllegalActionError(
        "flight.below-mountaintop", f"{what} to mountain hex {h} would end at altitude "
        f"{after}, below the mountaintop ({game.mountaintop})")


_HARD_TURN = {"name": "hard-turn", "value": -HARD_TURN_COST}
_HARD_TURN_CARD = {"name": "hard-turn", "value": 0, "why": "Skill Move card"}


def _hard_turn(skill: frozenset[Skill]) -> dict[str, Any]:
    """The hard-turn modifier: -1, or 0 with the Skill Move card (shared values, never to
    be changed)."""
    return _HARD_TURN_CARD if _CARD_HARD_TURN in skill else _HARD_TURN


def by_cards(rule: Callable[[frozenset[Skill]], T]) -> Callable[[frozenset[Skill]], T]:
    """``rule``'s answer for every set of Skill Move cards, worked out once and then looked
    up (a set keeps its hash: a lookup costs less than any call of a Python function)."""
    return {frozenset(cards): rule(frozenset(cards))
            for n in range(len(Skill) + 1) for cards in combinations(Skill, n)}.__getitem__


hard_turn = by_cards(_hard_turn)
"""The hard-turn modifier with the cards ``skill`` (``_hard_turn``)."""


def first_step(game: Game, state: State, weather: Weather, i: int, altitude: int,
               hard: dict[str, Any] | None
               ) -> tuple[tuple[dict[str, Any], ...], int, bool | None]:
    """A move's step onto hex number ``i`` from ``altitude`` (``weather``: the state's
    ``weather_table``; ``hard``: the hard-turn modifier of a hard turn): its modifiers
    (hard turn, weather, ceiling), the altitude after it (never below 0), and
    ``ends_down`` there."""
    held = weather[i]
    if held is None:
        held = hex_weather(game, state, weather, i)
    first, after = held
    after += altitude
    if hard is not None:
        first = (hard, *first)
        after += hard["value"]
    cells = game.cells
    if after > cells.ceiling:
        capped = ceiling_loss(game, after)
        assert capped is not None
        first = (*first, capped)
        after += capped["value"]
    if after < cells.mountaintop:  # ``cells.ends_down``, inlined (every move asks)
        code = cells.below_top[i]
        if code:
            return first, after if after > 0 else 0, None if code == FORBIDDEN else True
    return first, after if after > 0 else 0, after <= 0


def ceiling_loss(game: Game, after: int) -> dict[str, Any] | None:
    """The ceiling's modifier when ``after`` is above it (gains above it are lost)."""
    ceiling = game.cells.ceiling
    if after <= ceiling:
        return None
    return {"name": "ceiling", "value": ceiling - after,
            "why": f"gains above the cloud ceiling ({ceiling}) are lost"}


def _acceleration_cost(skill: frozenset[Skill]) -> int:
    """What accelerating costs with the cards ``skill``."""
    return ACCELERATION_COST_WITH_CARD if _CARD_ACCELERATE in skill else ACCELERATION_COST


acceleration_cost = by_cards(_acceleration_cost)
"""What accelerating costs with the cards ``skill`` (``_acceleration_cost``)."""


def fly(game: Game, state: State, pilot: Pilot, start: Hex, facing: Direction, altitude: int,
        move: MoveKind, accelerate: bool, skill: frozenset[Skill], events: list[Event] | None,
        between: Hook | None = None) -> Flight:
    """Resolve a move (and acceleration) from ``start``. ``between`` sees the pilot after
    the first hex, before accelerating (stunt claims). The landing itself is
    ``touch_down``'s job. ``IllegalActionError`` names the rule a forbidden move breaks.
    ``events`` gets the turn's own event (without ``type``) first, then what was collected;
    ``None``: nothing is explained."""
    cards = len(skill)
    if cards > pilot.skill_cards:
        raise IllegalActionError("skill.no-card", f"{pilot.ident} has {pilot.skill_cards} Skill "
                                 f"Move card(s) left, not {cards}")
    if cards:
        if _CARD_HARD_TURN in skill and not move.hard:
            raise IllegalActionError("skill.unused", "the hard-turn card goes with a hard turn")
        if _CARD_ACCELERATE in skill and not accelerate:
            raise IllegalActionError("skill.unused", "the accelerate card goes with an "
                                     "acceleration")
    new_facing, hard = _TURNED[move][facing]
    grid, cells = game.grid, game.cells
    ti = grid.step[grid.index[start] * 6 + new_facing]
    if not (cells.high if altitude >= cells.mountaintop else cells.low)[ti]:  # ``enters``
        _enter(game, start.neighbor(new_facing), altitude, move)
    to = grid.hexes[ti]
    first, after, down = first_step(game, state, weather_table(game, state), ti, altitude,
                                     hard_turn(skill) if hard else None)
    if down is None:
        raise _below(game, to, first, altitude, move)
    if not accelerate and not down and _taken(state, pilot, to, after):
        raise IllegalActionError(
            "flight.collision", f"the move ends at {to} altitude {after}, where another "
            "pilot is: accelerate, or move another way")
    collected: list[Event] | None = None if events is None else []
    flown: Pilot | None = None  # the pilot over the first hex: built only if read
    collecting = cells.tokens[ti] or after >= cells.gps_level  # ``collects``, inlined
    if not accelerate or between is not None or collecting:
        flown = pilot.evolve(status=_FLYING, hex=to, facing=new_facing,
                             altitude=after, skill_cards=pilot.skill_cards - cards)
        if collecting:
            flown = collect(game, state, flown, to, collected)
        if between is not None:
            flown = between(flown, first)
        pilot = flown
    turn_event: Event = _NO_EVENT
    if events is not None:
        turn_event = {"from": hx(start), "to": hx(to), "facing": _DIRECTION_NAME[new_facing],
                      "move": _MOVE_VALUE[move],
                      "altitude": {"before": altitude, "after": after,
                                   "modifiers": [dict(m) for m in first]}}
    if not accelerate:
        if events is not None and collected is not None:
            events.append(turn_event)
            events.extend(collected)
        return _flight(Flight, (pilot, first, (to,), down))
    if down:
        raise IllegalActionError("flight.accelerate-landed", f"the move touches down at "
                                 f"{to}: there is nothing left to accelerate")
    cost = acceleration_cost(skill)
    ai = grid.step[ti * 6 + new_facing]
    if not (cells.high if after >= cells.mountaintop else cells.low)[ai]:  # ``enters``
        _enter(game, to.neighbor(new_facing), after, None)
    ahead = grid.hexes[ai]
    after2 = after - cost
    down = cells.ends_down(ai, after2)
    if down is None:
        raise _below_at(game, ahead, after2, None)
    after2 = max(after2, 0)
    if not down and _taken(state, pilot, ahead, after2):
        raise IllegalActionError(
            "flight.collision", f"accelerating ends at {ahead} altitude {after2}, where another "
            "pilot is: move another way")
    if flown is None:
        pilot = pilot.evolve(status=_FLYING, hex=ahead, facing=new_facing,
                             altitude=after2, skill_cards=pilot.skill_cards - cards)
    else:
        pilot = pilot.evolve(hex=ahead, altitude=after2)
    if cells.tokens[ai] or after2 >= cells.gps_level:  # ``collects``
        pilot = collect(game, state, pilot, ahead, collected)
    if events is not None and collected is not None:
        turn_event["accelerate"] = {
            "to": hx(ahead),
            "altitude": {"before": after, "after": after2, "modifiers": [
                {"name": "acceleration", "value": -cost,
                 "why": "Skill Move card" if _CARD_ACCELERATE in skill else "weather ignored"}]}}
        events.append(turn_event)
        events.extend(collected)
    return _flight(Flight, (pilot, first, (to, ahead), down))


_TURNED = {m: tuple((d.rotate(m.turn), m.hard) for d in Direction) for m in MoveKind}
"""The facing after each move from each facing (by the facing's number), and whether the
move is a hard turn."""


def _taken(state: State, me: Pilot, h: Hex, altitude: int) -> bool:
    """Whether another flying pilot is over ``h`` at ``altitude`` (a move may not end
    there): ``occupied`` for one place."""
    for p in state.pilots:
        if p.altitude == altitude and p.hex == h and p.status is _FLYING and \
                p.seat != me.seat:
            return True
    return False


def relaunched(pilot: Pilot) -> Pilot:
    """A walking pilot taking off again: the walk paid, the landing and the reserved
    mountain behind it."""
    return pilot.evolve(deficit=0, crashed=False, landed_time=None, mountain=None)


def relaunch_allowed(game: Game) -> bool:
    """Whether a pilot who touches down may walk back and take off again (not in cross
    mode)."""
    return game.scenario.solo is not _CROSS


def closest_mountains(game: Game, h: Hex) -> list[Hex]:
    """The mountain hexes closest to ``h``, in order."""
    return list(_closest(game.mountains, h))


@lru_cache(maxsize=8192)
def _closest(mountains: frozenset[Hex], h: Hex) -> tuple[Hex, ...]:
    if not mountains:
        return ()
    best = min(h.distance(m) for m in mountains)
    return tuple(sorted(m for m in mountains if h.distance(m) == best))


def touch_down(game: Game, state: State, pilot: Pilot, choice: LandChoice | None,
               mountain: Hex | None, events: list[Event] | None, *, dead_end: bool = False
               ) -> Pilot:
    """The pilot reached the ground (or is trapped): a crash costs 10 VP at once, then a
    final landing or the walk back to the closest mountain."""
    h = pilot.hex
    assert h is not None
    terrain = game.terrain[h]
    crashed = dead_end or terrain in CRASH_TERRAINS
    if choice is None:
        raise IllegalActionError("land.choice", f"{pilot.ident} touches the ground at {h}: "
                                 "say land: final or land: relaunch")
    if choice is _LAND_RELAUNCH and not relaunch_allowed(game):
        raise IllegalActionError("cross.no-relaunch", "in cross mode you cannot take off again "
                                 "once landed")
    # the pilot after it, in one copy: a pawn on the ground (and crashed), landed or walking
    changes: dict[str, Any] = {"altitude": 0, "landed_time": state.time, "facing": None}
    if crashed:
        reason = "dead-end" if dead_end else _TERRAIN_VALUE[terrain]
        changes["crashed"] = True
        changes["ledger"] = (*pilot.ledger, (f"crash ({reason})", CRASH_VP))
        if events is not None:
            events.append({"type": "crash", "player": pilot.ident, "hex": hx(h),
                           "reason": reason, "vp": CRASH_VP})
    if choice is _LAND_FINAL:
        if events is not None:
            events.append({"type": "land", "player": pilot.ident, "hex": hx(h),
                           "time": format_clock(state.time), "kind": "final",
                           "crashed": crashed})
        changes["status"] = _LANDED
        return pilot.evolve(**changes)
    options = closest_mountains(game, h)
    if not options:
        raise IllegalActionError("land.no-mountain", "the map has no mountain to walk back to")
    if mountain is None:
        mountain = options[0]
    elif mountain not in options:
        raise IllegalActionError(
            "land.mountain", f"{mountain} is not among the closest mountain hexes "
            f"({', '.join(map(str, options))})")
    deficit = h.distance(mountain) + game.mountaintop
    if events is not None:
        events.append({"type": "land", "player": pilot.ident, "hex": hx(h),
                       "time": format_clock(state.time), "kind": "premature",
                       "crashed": crashed, "mountain": hx(mountain), "deficit": deficit})
    return pilot.evolve(**changes, status=_WALKING, mountain=mountain, deficit=deficit)
