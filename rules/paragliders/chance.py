"""Paragliders' weather tiles drawn from the seed (the draws themselves: ``rules.draws``)."""

from __future__ import annotations

from skyhex.rules.draws import pick
from skyhex.rules.paragliders.components import ComponentSet


def weather_faces(components: ComponentSet, used: set[str]) -> list[tuple[str, str]]:
    """The faces of the tiles still in the pile, in a fixed order: one draw among them takes
    a tile out of the pile and lands it on a random face."""
    return [(tile, face) for tile, faces in _in_order(components) if tile not in used
            for face in faces]


_ORDERS: dict[int, tuple[ComponentSet, tuple[tuple[str, tuple[str, ...]], ...]]] = {}


def _in_order(components: ComponentSet) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The weather tiles by id, each with its faces in order (worked out once per component
    set: every game draws its day from them)."""
    held = _ORDERS.get(id(components))
    if held is None or held[0] is not components:
        if len(_ORDERS) > 16:
            _ORDERS.clear()
        held = _ORDERS[id(components)] = (components, tuple(
            (t.id, tuple(sorted(t.faces)))
            for t in sorted(components.weather_tiles, key=lambda t: t.id)))
    return held[1]


def draw_weather_tiles(components: ComponentSet, seed: int, count: int,
                       first_index: int = 0) -> tuple[tuple[str, str], ...]:
    """Shuffle the weather tiles and lay ``count`` of them "on a random side (whatever comes
    first)" (setup step 14), one draw a tile from ``first_index`` on."""
    used: set[str] = set()
    laid = []
    for i in range(count):
        tile = pick(seed, first_index + i, weather_faces(components, used))
        used.add(tile[0])
        laid.append(tile)
    return tuple(laid)
