"""The pilots' part of the Wind Push Round: the order (lowest first; at the same altitude,
the one farthest along the wind first; then seat order) and each pilot's push, resist or
mix (strength 2 only: lose one altitude first, then be pushed one hex).

A push keeps the pawn's facing and stops without loss at the map edge, at a mountainside the
pilot is too low to cross, or at another pilot at the same altitude. Resisting is forbidden
over a mountain when it would go below the mountaintop, and when another pilot is just under
you; then the pilot must be pushed. A push that would cross an aerodrome must be resisted.
"""

from __future__ import annotations

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Direction, Hex, Layout
from skyhex.rules.paragliders.actions import LandChoice, WindChoice, WindKind
from skyhex.rules.paragliders.flight import (
    PLACE,
    collect,
    collect_markers,
    collects,
    hx,
    occupied,
    touch_down,
)
from skyhex.rules.paragliders.scenario import PilotStatus
from skyhex.rules.paragliders.state import Game, Pilot, State
from skyhex.rules.paragliders.stunt_rules import arm_survivor, check_top_lander_claim, top_lander
from skyhex.rules.paragliders.terrain import Terrain

# Enum members as plain names: Python 3.11 reads a member off its class through a
# descriptor, ten times the cost of a global, and the hot paths read many.
_LAND_FINAL = LandChoice.FINAL
_FLYING = PilotStatus.FLYING
_AERODROME = Terrain.AERODROME
_MOUNTAIN = Terrain.MOUNTAIN
_MIX = WindKind.MIX
_PUSH = WindKind.PUSH
_RESIST = WindKind.RESIST

_UNIT = Layout(1.0)


def push_order(pilots: tuple[Pilot, ...], wind: Direction) -> tuple[int, ...]:
    """Indices of the flying pilots in wind-push order (``wind``: where the wind blows)."""
    keys = [(p.altitude, _upwind(p.hex, wind), p.seat, i) for i, p in enumerate(pilots)
            if p.status is _FLYING and p.hex is not None]
    keys.sort()  # seats differ: no two keys tie
    return tuple(k[3] for k in keys)


def _upwind(h: Hex, wind: Direction) -> float:
    """How far upwind ``h`` lies: minus its distance along the wind (rounded, so that
    hexes level across the wind tie), remembered (each wind push sorts the pilots by it)."""
    key = (h, wind)
    found = _UPWIND.get(key)
    if found is None:
        dx, dy = _UNIT.center(Hex(0, 0).neighbor(wind))
        x, y = _UNIT.center(h)
        if len(_UPWIND) >= 65536:
            _UPWIND.clear()
        found = _UPWIND[key] = -round(x * dx + y * dy, 6)
    return found


_UPWIND: dict[tuple[Hex, Direction], float] = {}


def resist_problem(game: Game, state: State, pilot: Pilot, loss: int) -> str | None:
    """Why the pilot may not resist by ``loss`` altitude, or ``None``."""
    assert pilot.hex is not None
    after = pilot.altitude - loss
    if game.top_lander and pilot.hex in game.takeoff_hexes:
        pass  # Top Lander: resisting above a take-off hex may bring the pilot down there
    elif game.terrain[pilot.hex] is _MOUNTAIN and after < game.mountaintop:
        return (f"over a mountain, resisting would take {pilot.ident} to altitude {after}, "
                f"below the mountaintop ({game.mountaintop})")
    for other in state.pilots:  # the other pilots flying
        if other.hex == pilot.hex and after <= other.altitude < pilot.altitude and \
                other.seat != pilot.seat and other.status is _FLYING:
            return f"{other.ident} is just under {pilot.ident}"
    return None


Path = tuple[list[Hex], str | None, bool]

_PATH: tuple[Game | None, State | None, int, Hex | None, int, int, Path] = \
    (None, None, 0, None, 0, 0, ([], None, False))
"""The question ``_path`` answered for last (game, state, seat, start, altitude, steps) and
its answer (replaced as a whole, so threads never mix two answers)."""


def _path(game: Game, state: State, pilot: Pilot, start: Hex, altitude: int, steps: int
          ) -> Path:
    """Hexes the wind carries the pilot through, why it stopped early, and whether the
    push would cross an aerodrome: remembered for the last question, since a choice is
    checked (``_problem``) and then resolved (``push_end``) on the same path. A shared
    value, never to be changed."""
    global _PATH
    last = _PATH
    if last[1] is state and last[0] is game and last[2] == pilot.seat and \
            last[3] == start and last[4] == altitude and last[5] == steps:
        return last[6]
    found = _walk(game, state, pilot, start, altitude, steps)
    _PATH = (game, state, pilot.seat, start, altitude, steps, found)
    return found


def _walk(game: Game, state: State, pilot: Pilot, start: Hex, altitude: int, steps: int
          ) -> Path:
    """``_path``, worked out."""
    hexes: list[Hex] = []
    if not steps:
        return hexes, None, False
    grid = game.grid
    i = grid.index[start]
    direction = state.wind_direction
    taken = _occupied(game, state, pilot)
    for _ in range(steps):
        nxt = grid.step[i * 6 + direction]
        terrain = grid.terrain[nxt]
        if terrain is None:
            return hexes, "map-edge", False
        if terrain is _AERODROME:
            return hexes, "aerodrome", True
        if terrain is _MOUNTAIN and altitude < game.mountaintop:
            return hexes, "mountain", False
        if nxt * PLACE + altitude in taken:
            return hexes, "pilot", False
        hexes.append(grid.hexes[nxt])
        i = nxt
    return hexes, None, False


_TAKEN: tuple[State | None, int, set[int]] = (None, 0, set())
"""The state and seat ``_occupied`` answered for last, and its answer (replaced as a whole,
so threads never mix two answers)."""


def _occupied(game: Game, state: State, pilot: Pilot) -> set[int]:
    """``occupied``, remembered for the last state and pilot: a choice asks for each path it
    weighs (a shared value, never to be changed)."""
    global _TAKEN
    last, seat, taken = _TAKEN
    if last is state and seat == pilot.seat:
        return taken
    taken = occupied(game, state, pilot)
    _TAKEN = (state, pilot.seat, taken)
    return taken


_LAST: tuple[State | None, Pilot | None, dict[WindKind, str | None]] = (None, None, {})
"""The state and pilot ``options`` answered for last, and its answer (replaced as a whole,
so threads never mix two answers): the legal actions of a wind push try each choice."""


def options(game: Game, state: State, pilot: Pilot) -> dict[WindKind, str | None]:
    """Each choice with the reason it is forbidden (``None``: allowed): shared values, never
    to be changed."""
    global _LAST
    last, who, answer = _LAST
    if last is state and who is pilot:
        return answer
    answer = _options(game, state, pilot)
    _LAST = (state, pilot, answer)
    return answer


def _options(game: Game, state: State, pilot: Pilot) -> dict[WindKind, str | None]:
    return {kind: _problem(game, state, pilot, kind) for kind in _KINDS}


_KINDS = (_RESIST, _PUSH, _MIX)
"""The choices in the order they are listed."""
_OVER_AERODROME = "the wind would push the pilot over an aerodrome"


def _problem(game: Game, state: State, pilot: Pilot, kind: WindKind) -> str | None:
    """Why the pilot may not choose ``kind`` (``None``: it may): resisting where it is
    forbidden; pushed over an aerodrome when resisting was allowed; mixing without a
    strength-2 wind, where resisting by 1 is forbidden, or when its push crosses an
    aerodrome."""
    assert pilot.hex is not None
    s = state.wind_strength
    if kind is _RESIST:
        return resist_problem(game, state, pilot, s)
    if kind is _PUSH:
        if resist_problem(game, state, pilot, s) is not None:
            return None
        return _OVER_AERODROME if _path(game, state, pilot, pilot.hex, pilot.altitude, s)[2] \
            else None
    if s != 2:
        return "mixing needs a strength-2 wind"
    mix = resist_problem(game, state, pilot, 1)
    if mix is None and _path(game, state, pilot, pilot.hex, pilot.altitude - 1, 1)[2]:
        return _OVER_AERODROME
    return mix


def _loss(kind: WindKind, strength: int) -> int:
    return 0 if kind is _PUSH else strength if kind is _RESIST else 1


def pushed_altitude(state: State, pilot: Pilot, kind: WindKind) -> int:
    """The altitude ``pilot`` keeps after choosing ``kind`` (resisting costs the wind's
    strength, mixing 1), before any landing."""
    return max(pilot.altitude - _loss(kind, state.wind_strength), 0)


def push_end(game: Game, state: State, pilot: Pilot, kind: WindKind
             ) -> tuple[list[Hex], str | None, int, bool]:
    """Where the choice ``kind`` (an allowed one) takes ``pilot``: the hexes the wind carries
    it through, why it stopped early, the altitude it keeps, and whether it comes down onto
    a take-off hex with Top Lander in play (a landing above the ground)."""
    assert pilot.hex is not None
    s = state.wind_strength
    steps = s if kind is _PUSH else 0 if kind is _RESIST else 1
    altitude = pushed_altitude(state, pilot, kind)
    hexes: list[Hex] = []
    blocked = None
    if altitude > 0:
        # an aerodrome ahead blocks like a wall only when resisting was impossible too
        hexes, blocked, _ = _path(game, state, pilot, pilot.hex, altitude, steps)
    end = hexes[-1] if hexes else pilot.hex
    return hexes, blocked, altitude, game.top_lander and end in game.takeoff_hexes and \
        0 < altitude < game.mountaintop


def wind_push(game: Game, state: State, pilot: Pilot, choice: WindChoice,
              events: list[Event] | None) -> Pilot:
    """Resolve one pilot's choice; the returned pilot may have touched down."""
    assert pilot.hex is not None
    last, who, answer = _LAST  # the legal actions weighed every choice already
    problem = answer[choice.kind] if last is state and who is pilot else \
        _problem(game, state, pilot, choice.kind)
    if problem is not None:
        allowed = [k.value for k, why in options(game, state, pilot).items() if why is None]
        raise IllegalActionError(f"wind.{choice.kind.value}", f"{pilot.ident} cannot "
                                 f"{choice.kind.value}: {problem}", tuple(allowed))
    start, before = pilot.hex, pilot.altitude
    loss = _loss(choice.kind, state.wind_strength)
    hexes, blocked, altitude, top_landing = push_end(game, state, pilot, choice.kind)
    collected: list[Event] | None = None if events is None else []
    pilot = pilot.evolve(altitude=altitude, hex=hexes[-1]) if hexes else \
        pilot.evolve(altitude=altitude)
    index = game.grid.index
    for h in hexes:  # what is collected does not depend on where the pawn ends
        if collects(game, index[h], altitude):
            pilot = collect(game, state, pilot, h, collected)
    if game.cross:
        pilot = collect_markers(game, state, pilot, (start, *hexes) if loss else tuple(hexes),
                                collected)
    if events is not None and collected is not None:
        mods = [{"name": "resist", "value": -loss}] if loss else []
        events.append({"type": "wind_push", "player": pilot.ident,
                       "choice": choice.kind.value, "from": hx(start),
                       "to": hx(pilot.hex or start), "blocked": blocked,
                       "altitude": {"before": before, "after": altitude, "modifiers": mods}})
        events.extend(collected)
    if choice.top_lander:
        check_top_lander_claim(game, pilot)
        if not top_landing:
            raise IllegalActionError("stunt.top-lander.not-landed", "Top Lander needs a final "
                                     "landing on a take-off hex")
    if altitude == 0 or top_landing:
        if top_landing and choice.land is not _LAND_FINAL:
            raise IllegalActionError("stunt.top-lander.final", f"{pilot.ident} comes down on a "
                                     "take-off hex: that is a final landing (land: final)")
        if choice.top_lander:  # the rulebook names resisting as a way to make this landing
            pilot = top_lander(game, state, pilot, False, events)
        pilot = touch_down(game, state, pilot, choice.land, choice.mountain, events)
    elif choice.land is not None:
        raise IllegalActionError("land.not-landing", f"{pilot.ident} is still flying at "
                                 f"altitude {altitude}: no landing to choose")
    if pilot.altitude <= game.survivor_arm:
        return arm_survivor(game, pilot, events)
    return pilot
