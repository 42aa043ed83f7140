"""Weather: chance draws, the hourly weather change (temperature, sun, clouds, wind) and
the clouds' part of the wind push.

Every chance draw goes through ``Draws``: a draw is derived from the seed and its index, or
taken from the moves file's pinned ``draws``; each outcome is recorded for the log.
"""

from __future__ import annotations

from typing import Any, TypeVar

from skyhex.rules.draws import Draws
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import DIRECTIONS, Direction, Hex
from skyhex.rules.paragliders.chance import weather_faces
from skyhex.rules.paragliders.clock import format_clock
from skyhex.rules.paragliders.components import ComponentSet, WeatherFace
from skyhex.rules.paragliders.scenario import Forecast
from skyhex.rules.paragliders.state import Game, State

# Enum members as plain names: Python 3.11 reads a member off its class through a
# descriptor, ten times the cost of a global, and the hot paths read many.
_SHORT = Forecast.SHORT

T = TypeVar("T")


def face_of(game: Game, tile_face: tuple[str, str]) -> Any:
    return _faces(game.components)[tile_face]


_FACES: dict[int, tuple[ComponentSet, dict[tuple[str, str], WeatherFace]]] = {}


def _faces(components: ComponentSet) -> dict[tuple[str, str], WeatherFace]:
    """Every weather tile face by (tile, face), worked out once per component set (each hour
    of every game reads one)."""
    held = _FACES.get(id(components))
    if held is None or held[0] is not components:
        if len(_FACES) > 16:
            _FACES.clear()
        held = _FACES[id(components)] = (components, {
            (t.id, name): face for t in components.weather_tiles for name, face in t.faces.items()})
    return held[1]


def draw_tile(game: Game, draws: Draws, used: set[str]) -> tuple[str, str]:
    """Draw a weather tile from the pile, landing on a random face (as ``chance``'s
    ``draw_weather_tiles`` does, so that both agree for the same seed)."""
    faces = weather_faces(game.components, used)
    tile = draws.draw_fast("tile", faces, _tile_name)
    used.add(tile[0])
    return tile


def _tile_name(tile_face: tuple[str, str]) -> str:
    return f"{tile_face[0]}/{tile_face[1]}"


Clouds = tuple[tuple[int, Hex], ...]


def add_clouds(game: Game, clouds: Clouds, count: int, draws: Draws) -> tuple[Clouds, list[Any]]:
    """Spawn ``count`` clouds: draw tokens from the bag (redrawing when the spawn hex holds a
    cloud or is not on the map), put a random free ring there. Drawn tokens stay out of the
    bag until the change is over."""
    rings = dict(clouds)
    added = []
    left = list(range(1, game.components.clouds.tokens + 1))  # the bag, in order
    every_ring = range(1, game.components.clouds.rings + 1)
    for _ in range(count):
        pool = [r for r in every_ring if r not in rings]
        if not pool:
            break
        placed = False
        while not placed:
            if not left:
                break
            token = draws.draw_fast("cloud", left)
            left.remove(token)
            spawn = game.spawns.get(token)
            if spawn is None or spawn in rings.values():
                continue
            ring = draws.draw_fast("ring", pool)
            rings[ring] = spawn
            added.append({"ring": ring, "hex": [spawn.q, spawn.r], "token": token})
            placed = True
        if not placed:
            break
    return tuple(sorted(rings.items())), added


def remove_clouds(game: Game, clouds: Clouds, count: int, draws: Draws
                  ) -> tuple[Clouds, list[Any]]:
    """Remove ``count`` clouds: draw tokens until one names a ring on the map."""
    rings = dict(clouds)
    removed = []
    left = list(range(1, game.components.clouds.tokens + 1))  # the bag, in order
    for _ in range(count):
        while rings:
            if not left:
                break
            token = draws.draw_fast("cloud", left)
            left.remove(token)
            if token in rings:
                h = rings.pop(token)
                removed.append({"ring": token, "hex": [h.q, h.r], "token": token})
                break
    return tuple(sorted(rings.items())), removed


def change_clouds(game: Game, clouds: Clouds, change: int, draws: Draws
                  ) -> tuple[Clouds, dict[str, Any]]:
    if change > 0:
        clouds, added = add_clouds(game, clouds, change, draws)
        return clouds, {"change": change, "added": added, "removed": []}
    if change < 0:
        clouds, removed = remove_clouds(game, clouds, -change, draws)
        return clouds, {"change": change, "added": [], "removed": removed}
    return clouds, {"change": 0, "added": [], "removed": []}


def hour_index(game: Game, time: int) -> int:
    return (time - game.components.time.start) // 60


def weather_change(game: Game, state: State, draws: Draws, *, initial: int = 0,
                   explain: bool = True) -> tuple[State, Event]:
    """Apply the weather tile of the hour that starts at ``state.time`` (in the rulebook's
    order: temperature, sun, clouds, wind), and the event that explains it (``explain``
    false: an empty one). ``initial`` clouds are added before the tile's own change (setup
    step 19: three clouds plus the 08:00 icons)."""
    changes, event = weather_changes(game, state, state.time, draws, initial=initial,
                                     explain=explain)
    return state.evolve_by(changes), event


def weather_changes(game: Game, state: State, time: int, draws: Draws, *, initial: int = 0,
                    explain: bool = True) -> tuple[dict[str, Any], Event]:
    """``weather_change`` at ``time`` as the fields of ``state`` it changes (the engine sets
    them with the rest of its action in one copy of the state)."""
    h = hour_index(game, time)
    schedule = state.schedule
    scenario = game.scenario
    if scenario.forecast is _SHORT and len(schedule) <= h + 2 and \
            len(schedule) < scenario.hours:  # the forecast shows the next two hours
        used = {t for t, _ in schedule}
        listed = scenario.weather_tiles  # a listed day is the pile in its order
        while len(schedule) <= h + 2 and len(schedule) < scenario.hours:
            schedule = (*schedule, listed[len(schedule)] if listed
                        else draw_tile(game, draws, used))
    tile = schedule[h]
    face = face_of(game, tile)
    cs = game.components
    icons = cs.weather_board.hours[h]
    change = face.temperature + icons.temperature
    temperature = cs.thermal.clamp(state.temperature + change)
    sun = cs.weather_board.sun_at(time)
    clouds, moved = change_clouds(game, state.clouds, initial + face.clouds + icons.clouds,
                                  draws)
    direction = DIRECTIONS[(state.wind_direction + face.rotation) % 6]
    strength = face.wind
    if initial and scenario.wind_strength is not None:
        strength = scenario.wind_strength
    changes = {"temperature": temperature, "sun": sun, "schedule": schedule, "clouds": clouds,
               "wind_direction": direction, "wind_strength": strength}
    if not explain:
        return changes, {}
    event: Event = {
        "type": "weather", "time": format_clock(time), "tile": f"{tile[0]}/{tile[1]}",
        "temperature": {"change": change, "position": temperature}, "sun": sun.value,
        "clouds": moved, "wind": {"direction": direction.name, "strength": strength,
                                  "rotation": face.rotation},
    }
    if scenario.forecast is _SHORT:
        event["forecast"] = [f"{t}/{f}" for t, f in schedule[h + 1:]]
    return changes, event


def push_clouds(game: Game, clouds: Clouds, direction: Direction, strength: int,
                explain: bool = True) -> tuple[Clouds, list[Any]]:
    """Clouds move first in a wind push; one that leaves the map returns to the pool (and
    how each moved, unless ``explain`` is false)."""
    moved = []
    kept = []
    grid = game.grid
    index, step, hexes, off = grid.index, grid.step, grid.hexes, grid.off
    for ring, h in clouds:
        i = index.get(h, off)
        for _ in range(strength):
            i = step[i * 6 + direction]  # off the map stays off it
        to = None if i == off else hexes[i]
        if explain:
            moved.append({"ring": ring, "from": [h.q, h.r],
                          "to": [to.q, to.r] if to else None})
        if to is not None:
            kept.append((ring, to))
    return tuple(kept), moved
