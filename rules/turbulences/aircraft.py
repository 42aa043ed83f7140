"""Turbulences aircraft (rulebook sections 1 and 5): three types, each with the bonus colour
of its base, and the colour a landscape tile shows for the bonus movement; and the three
Legendary Aircraft of the COLLECTOR box (section 10), one pawn each, whose Power token
replaces the BOOST ("THE FAKIR has a bonus on DESERT tiles", "BESIXDOUZE has a bonus on
DESERT tiles", "THE SAVOIA S.21 has a bonus on SEA tiles").

"The BIPLANE has a bonus on PLAIN tiles. The SEAPLANE has a bonus on SEA tiles. The ZEPPELIN
has a bonus on CUMULUS." "A Cumulus covering a landscape tile temporarily changes the bonus
of this tile, which becomes a Cumulus bonus only." The AIRCRAFT box holds two pawns of each
type, so at most two companies fly the same type.
"""

from __future__ import annotations

from enum import StrEnum

from skyhex.rules.turbulences.landscape import Biome, CloudSide, Stack

AIRCRAFT_PER_TYPE = 2
"""The AIRCRAFT box: x2 BIPLANE, x2 SEAPLANE, x2 ZEPPELIN pawns."""


class BonusColour(StrEnum):
    """The colour a tile shows for the bonus movement."""

    PLAIN = "plain"
    SEA = "sea"
    DESERT = "desert"
    CUMULUS = "cumulus"


class AircraftType(StrEnum):
    BIPLANE = "biplane"
    SEAPLANE = "seaplane"
    ZEPPELIN = "zeppelin"
    FAKIR = "fakir"  # Legendary: the FLYING CARPET
    BESIXDOUZE = "besixdouze"  # Legendary: the ASTEROID
    SAVOIA = "savoia"  # Legendary: the DODGE (the Savoia S.21)

    @property
    def bonus(self) -> BonusColour:
        """The colour of the aircraft's base: its bonus tiles."""
        return _BONUS[self]

    @property
    def legendary(self) -> bool:
        """A Legendary Aircraft: a Power token instead of the BOOST."""
        return self in LEGENDARY

    @property
    def in_box(self) -> int:
        """How many pawns of this type the boxes hold (2 of each base type, 1 Legendary)."""
        return 1 if self in LEGENDARY else AIRCRAFT_PER_TYPE


_BONUS = {AircraftType.BIPLANE: BonusColour.PLAIN, AircraftType.SEAPLANE: BonusColour.SEA,
          AircraftType.ZEPPELIN: BonusColour.CUMULUS, AircraftType.FAKIR: BonusColour.DESERT,
          AircraftType.BESIXDOUZE: BonusColour.DESERT, AircraftType.SAVOIA: BonusColour.SEA}
LEGENDARY = frozenset({AircraftType.FAKIR, AircraftType.BESIXDOUZE, AircraftType.SAVOIA})
"""The COLLECTOR box's "x3 LEGENDARY AIRCRAFT"."""


def tile_colour(biome: Biome, stack: Stack | None) -> BonusColour | None:
    """The bonus colour of a landscape tile: a cumulus on it makes it a cumulus tile only;
    ``None`` for a mountain or a tile under a storm (obstacles, never a bonus)."""
    if stack:
        return BonusColour.CUMULUS if stack[-1].side is CloudSide.CUMULUS and len(stack) == 1 \
            else None
    if biome is Biome.MOUNTAIN:
        return None
    return BonusColour(biome.value)
