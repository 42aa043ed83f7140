"""Paragliders' weather tiles drawn from the seed (the draws themselves: ``rules.draws``)."""

from __future__ import annotations

from skyhex.rules.draws import pick
from skyhex.rules.paragliders.components import ComponentSet


def weather_faces(components: ComponentSet, used: set[str]) -> list[tuple[str, str]]:
    """The faces of the tiles still in the pile, in a fixed order: one draw among them takes
    a tile out of the pile and lands it on a random face."""
    pile = sorted((t for t in components.weather_tiles if t.id not in used), key=lambda t: t.id)
    return [(t.id, f) for t in pile for f in sorted(t.faces)]


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
