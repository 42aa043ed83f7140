"""Turbulences chance draws: each derived from the game seed and the draw's index alone (so a
state carries only a counter), or pinned by a moves file; every outcome is recorded.

Draws, in order: the first player (``{"first": colour}``), the parcel weights (``{"weight": w}``
for each colour in company order, each destination region in increasing number), then one
Wind Rose flick per weather phase (``{"wind": "N" | ... | "calm"}``).
"""

from __future__ import annotations

from dataclasses import dataclass

from skyhex.rules.draws import Draws as SharedDraws
from skyhex.rules.draws import chance as shared_chance
from skyhex.rules.turbulences.weather import WIND_OUTCOMES, Wind, WindRose, wind_name

NAMESPACE = "turbulences:"


def chance(seed: int, index: int) -> float:
    """The ``index``-th uniform draw in [0, 1) of the Turbulences game seeded ``seed``."""
    return shared_chance(seed, index, NAMESPACE)


@dataclass
class Draws(SharedDraws):
    """The shared draws with Turbulences' own seed stream and the Wind Rose's odds."""

    namespace: str = NAMESPACE

    def flick(self, rose: WindRose) -> Wind:
        """Flick the Wind Rose: an outcome by the rose's odds (a pinned one must be possible)."""
        names = [wind_name(w) for w in rose.possible()]
        wanted = self.pinned_value("wind", names)
        if wanted is not None:
            wind = next(w for w in WIND_OUTCOMES if wind_name(w) == wanted)
        else:
            wind = rose.outcome(self.uniform())
        self.record("wind", wind_name(wind))
        return wind
