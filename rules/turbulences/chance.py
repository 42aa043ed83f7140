"""Turbulences chance draws: each derived from the game seed and the draw's index alone (so a
state carries only a counter), or pinned by a moves file; every outcome is recorded.

Draws, in order: the first player (``{"first": colour}``), the parcel weights (``{"weight": w}``
for each colour in company order, each destination region in increasing number), then one
Wind Rose flick per weather phase (``{"wind": "N" | ... | "calm"}``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.turbulences.weather import WIND_OUTCOMES, Wind, WindRose, wind_name

T = TypeVar("T")


def chance(seed: int, index: int) -> float:
    """The ``index``-th uniform draw in [0, 1) of the Turbulences game seeded ``seed``."""
    return random.Random(f"skyhex:turbulences:{seed}:{index}").random()


@dataclass
class Draws:
    """A cursor over the game's chance draws, recording what it draws."""

    seed: int
    pinned: tuple[dict[str, Any], ...]
    index: int
    made: list[dict[str, Any]] = field(default_factory=list)

    def _pinned(self, kind: str, names: Sequence[Any]) -> Any:
        wanted = self.pinned[self.index]
        if kind not in wanted or wanted[kind] not in names:
            raise IllegalActionError(
                "draws.pinned", f"pinned draw {self.index + 1} is {wanted}, but a {kind} is "
                f"drawn now, among {', '.join(map(str, names))}")
        return wanted[kind]

    def draw(self, kind: str, options: Sequence[T],
             name: Callable[[T], Any] = lambda o: o) -> T:
        """Draw one of ``options`` uniformly; ``name`` gives how an option is written."""
        names = [name(o) for o in options]
        if self.index < len(self.pinned):
            value = options[names.index(self._pinned(kind, names))]
        else:
            u = chance(self.seed, self.index)
            value = options[min(int(u * len(options)), len(options) - 1)]
        self.index += 1
        self.made.append({kind: name(value)})
        return value

    def flick(self, rose: WindRose) -> Wind:
        """Flick the Wind Rose: an outcome by the rose's odds (a pinned one must be possible)."""
        if self.index < len(self.pinned):
            names = [wind_name(w) for w in WIND_OUTCOMES if rose.probability(w) > 0]
            wanted = self._pinned("wind", names)
            wind = next(w for w in WIND_OUTCOMES if wind_name(w) == wanted)
        else:
            wind = rose.outcome(chance(self.seed, self.index))
        self.index += 1
        self.made.append({"wind": wind_name(wind)})
        return wind
