"""Chance draws: each draw is derived from the scenario seed and the draw's index alone, so
a game state needs to carry only a counter, and any draw can be replayed or pinned.

``random.Random`` seeded with a string hashes it with SHA-512, which Python keeps stable
across versions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from skyhex.rules.paragliders.components import ComponentSet

T = TypeVar("T")


def chance(seed: int, index: int) -> float:
    """The ``index``-th uniform draw in [0, 1) of the game seeded ``seed``."""
    return random.Random(f"skyhex:{seed}:{index}").random()


def pick(seed: int, index: int, options: Sequence[T]) -> T:
    """The option drawn by the ``index``-th draw."""
    return options[min(int(chance(seed, index) * len(options)), len(options) - 1)]


def draw_weather_tiles(components: ComponentSet, seed: int, count: int,
                       first_index: int = 0) -> tuple[tuple[str, str], ...]:
    """Shuffle the weather tiles and lay ``count`` of them, each on a random face, using
    two draws a tile from ``first_index`` on (setup step 14: "whatever comes first")."""
    pile = sorted(components.weather_tiles, key=lambda t: t.id)
    laid = []
    for i in range(count):
        tile = pick(seed, first_index + 2 * i, pile)
        pile.remove(tile)
        laid.append((tile.id, pick(seed, first_index + 2 * i + 1, sorted(tile.faces))))
    return tuple(laid)
