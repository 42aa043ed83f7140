"""Weather: chance draws, the hourly weather change (temperature, sun, clouds, wind) and
the clouds' part of the wind push.

Every chance draw goes through ``Draws``: a draw is derived from the seed and its index, or
taken from the moves file's pinned ``draws``; each outcome is recorded for the log.
"""

from __future__ import annotations

from typing import Any, TypeVar

from skyhex.rules.draws import Draws
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.paragliders.chance import weather_faces
from skyhex.rules.paragliders.clock import format_clock
from skyhex.rules.paragliders.scenario import Forecast
from skyhex.rules.paragliders.state import Game, State

# Enum members as plain names: Python 3.11 reads a member off its class through a
# descriptor, ten times the cost of a global, and the hot paths read many.
_SHORT = Forecast.SHORT

T = TypeVar("T")


def face_of(game: Game, tile_face: tuple[str, str]) -> Any:
    tile_id, face = tile_face
    tile = next(t for t in game.components.weather_tiles if t.id == tile_id)
    return tile.faces[face]


def draw_tile(game: Game, draws: Draws, used: set[str]) -> tuple[str, str]:
    """Draw a weather tile from the pile, landing on a random face (as ``chance``'s
    ``draw_weather_tiles`` does, so that both agree for the same seed)."""
    faces = weather_faces(game.components, used)
    tile = draws.draw("tile", faces, lambda tf: f"{tf[0]}/{tf[1]}")
    used.add(tile[0])
    return tile


def add_clouds(game: Game, state: State, count: int, draws: Draws) -> tuple[State, list[Any]]:
    """Spawn ``count`` clouds: draw tokens from the bag (redrawing when the spawn hex holds a
    cloud or is not on the map), put a random free ring there. Drawn tokens stay out of the
    bag until the change is over."""
    clouds = dict(state.clouds)
    drawn: set[int] = set()
    added = []
    tokens = range(1, game.components.clouds.tokens + 1)
    for _ in range(count):
        pool = [r for r in range(1, game.components.clouds.rings + 1) if r not in clouds]
        if not pool:
            break
        placed = False
        while not placed:
            left = [t for t in tokens if t not in drawn]
            if not left:
                break
            token = draws.draw("cloud", left)
            drawn.add(token)
            spawn = game.spawns.get(token)
            if spawn is None or spawn in clouds.values():
                continue
            ring = draws.draw("ring", pool)
            clouds[ring] = spawn
            added.append({"ring": ring, "hex": [spawn.q, spawn.r], "token": token})
            placed = True
        if not placed:
            break
    return state.evolve(clouds=tuple(sorted(clouds.items()))), added


def remove_clouds(game: Game, state: State, count: int, draws: Draws
                  ) -> tuple[State, list[Any]]:
    """Remove ``count`` clouds: draw tokens until one names a ring on the map."""
    clouds = dict(state.clouds)
    drawn: set[int] = set()
    removed = []
    tokens = range(1, game.components.clouds.tokens + 1)
    for _ in range(count):
        while clouds:
            left = [t for t in tokens if t not in drawn]
            if not left:
                break
            token = draws.draw("cloud", left)
            drawn.add(token)
            if token in clouds:
                h = clouds.pop(token)
                removed.append({"ring": token, "hex": [h.q, h.r], "token": token})
                break
    return state.evolve(clouds=tuple(sorted(clouds.items()))), removed


def change_clouds(game: Game, state: State, change: int, draws: Draws
                  ) -> tuple[State, dict[str, Any]]:
    if change > 0:
        state, added = add_clouds(game, state, change, draws)
        return state, {"change": change, "added": added, "removed": []}
    if change < 0:
        state, removed = remove_clouds(game, state, -change, draws)
        return state, {"change": change, "added": [], "removed": removed}
    return state, {"change": 0, "added": [], "removed": []}


def hour_index(game: Game, time: int) -> int:
    return (time - game.components.time.start) // 60


def weather_change(game: Game, state: State, draws: Draws, *, initial: int = 0,
                   explain: bool = True) -> tuple[State, Event]:
    """Apply the weather tile of the hour that starts at ``state.time`` (in the rulebook's
    order: temperature, sun, clouds, wind), and the event that explains it (``explain``
    false: an empty one). ``initial`` clouds are added before the tile's own change (setup
    step 19: three clouds plus the 08:00 icons)."""
    h = hour_index(game, state.time)
    schedule = state.schedule
    if game.scenario.forecast is _SHORT:
        used = {t for t, _ in schedule}
        listed = game.scenario.weather_tiles  # a listed day is the pile in its order
        while len(schedule) <= h + 2 and len(schedule) < game.scenario.hours:
            schedule = (*schedule, listed[len(schedule)] if listed
                        else draw_tile(game, draws, used))
    tile = schedule[h]
    face = face_of(game, tile)
    icons = game.components.weather_board.hours[h]
    thermal = game.components.thermal
    change = face.temperature + icons.temperature
    temperature = thermal.clamp(state.temperature + change)
    sun = game.components.weather_board.sun_at(state.time)
    state = state.evolve(temperature=temperature, sun=sun, schedule=schedule)
    state, clouds = change_clouds(game, state, initial + face.clouds + icons.clouds, draws)
    direction = state.wind_direction.rotate(face.rotation)
    strength = face.wind
    if initial and game.scenario.wind_strength is not None:
        strength = game.scenario.wind_strength
    state = state.evolve(wind_direction=direction, wind_strength=strength)
    if not explain:
        return state, {}
    event: Event = {
        "type": "weather", "time": format_clock(state.time), "tile": f"{tile[0]}/{tile[1]}",
        "temperature": {"change": change, "position": temperature}, "sun": sun.value,
        "clouds": clouds, "wind": {"direction": direction.name, "strength": strength,
                                   "rotation": face.rotation},
    }
    if game.scenario.forecast is _SHORT:
        event["forecast"] = [f"{t}/{f}" for t, f in schedule[h + 1:]]
    return state, event


def push_clouds(game: Game, state: State) -> tuple[State, list[Any]]:
    """Clouds move first in a wind push; one that leaves the map returns to the pool."""
    moved = []
    clouds = []
    for ring, h in state.clouds:
        to: Hex | None = h
        for _ in range(state.wind_strength):
            assert to is not None
            to = to.neighbor(state.wind_direction)
            if to not in game.terrain:
                to = None
                break
        moved.append({"ring": ring, "from": [h.q, h.r], "to": [to.q, to.r] if to else None})
        if to is not None:
            clouds.append((ring, to))
    return state.evolve(clouds=tuple(clouds)), moved
