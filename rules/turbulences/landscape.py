"""The Turbulences board: the landscape (the radius-3 hexagon of 37 tiles), the six Region
boards with their three cities each, and the clouds on the landscape.

Geometry (DESIGN.md): flat-topped axial hexes as everywhere in skyhex. The cities are the 18
hexes of ring 4 that are not its corners. The ring's corners point N, NE, SE, S, SW and NW,
so its sides face SW, SE, E, NE, NW and W; regions are numbered counter-clockwise from the
south-west side (region 1: between the SW and S corners, then SE, E, NE, NW, W), and within
a region the cities are numbered counter-clockwise too (city 2 is the central one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from types import MappingProxyType

from skyhex.rules.errors import Path
from skyhex.rules.hexgrid import ORIGIN, Direction, Hex, disc

LANDSCAPE_RADIUS = 3
CITY_RING = LANDSCAPE_RADIUS + 1
REGIONS = 6
CITIES_PER_REGION = 3
CLOUD_TOKENS = 12


class Biome(StrEnum):
    PLAIN = "plain"
    SEA = "sea"
    DESERT = "desert"
    MOUNTAIN = "mountain"


class Difficulty(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    DIFFICULT = "difficult"
    EXTREME = "extreme"


BOX_TILES: Mapping[Biome, int] = MappingProxyType({
    Biome.PLAIN: 12, Biome.SEA: 12, Biome.DESERT: 12, Biome.MOUNTAIN: 3})
"""The LANDSCAPE box (rulebook section 1, without the optional runways and half-tiles)."""

RANDOM_MAP_TILES: Mapping[Biome, int] = MappingProxyType({Biome.PLAIN: 12, Biome.SEA: 12})
"""Section 3: "On a random map, the landscape must always include 12 PLAIN tiles and 12 SEA
tiles"; DESERT fills the rest."""

BOX_HALVES: Mapping[Biome, int] = MappingProxyType({
    Biome.PLAIN: 2, Biome.SEA: 2, Biome.DESERT: 2})
"""The half-tiles of the LANDSCAPE box ("x2 PLAIN half-tiles*", SEA and DESERT alike)."""
HALF_TILE_HEXES = 3
"""The Half-tiles module: "Remove one PLAIN, one SEA and one DESERT tile then add the six
half-tiles": three hexes of two half-tiles each."""

DIFFICULTY_MOUNTAINS: Mapping[Difficulty, int] = MappingProxyType({
    Difficulty.EASY: 1, Difficulty.NORMAL: 2, Difficulty.DIFFICULT: 3, Difficulty.EXTREME: 3})
"""Mountains by difficulty (rulebook section 3); EASY's single mountain is at the centre."""


class CloudSide(StrEnum):
    CUMULUS = "cumulus"  # white side
    STORM = "storm"  # black side


@dataclass(frozen=True, slots=True)
class CloudToken:
    """One of the 12 cloud tokens (numbered 1-12 so that logs can follow it), showing a side."""

    id: int
    side: CloudSide


@dataclass(frozen=True, slots=True)
class Half:
    """The second half-tile of a hex made of two (the Half-tiles module): its biome, and
    the direction of the middle of its three sides (the first half, the hex's ``biome``,
    has the three others)."""

    biome: Biome
    side: Direction

    def covers(self, direction: Direction) -> bool:
        """Whether the side of the hex facing ``direction`` belongs to this half."""
        return (direction - self.side) % 6 in (0, 1, 5)


def entered_biome(biome: Biome, half: Half | None, came: Direction | None) -> Biome:
    """The biome of a tile for an aircraft entering it from the neighbour in direction
    ``came``: the half-tile whose side it crosses ("the bonus depends on the side the
    Aircraft enters from")."""
    if half is None or came is None:
        return biome
    return half.biome if half.covers(came) else biome


Stack = tuple[CloudToken, ...]
"""The tokens on one tile, bottom first. Two or more make a Tempest (all on the storm side)."""


def is_tempest(stack: Stack) -> bool:
    return len(stack) >= 2


@cache
def landscape_hexes() -> tuple[Hex, ...]:
    """The 37 landscape tiles, centre first, ring by ring."""
    return tuple(disc(ORIGIN, LANDSCAPE_RADIUS))


# Corners of the city ring in counter-clockwise order (on the page, north up: from about 8
# o'clock to 6, 4, 2, 12 and 10), starting with the SW corner, so that side k runs from
# corner k to corner k + 1 and region 1 is the south-west side.
_CCW_CORNERS = (Direction.SW, Direction.S, Direction.SE, Direction.NE, Direction.N,
                Direction.NW)


@cache
def region_cities() -> tuple[tuple[Hex, Hex, Hex], ...]:
    """For regions 1-6, their three cities in counter-clockwise order."""
    out = []
    for k in range(REGIONS):
        start = ORIGIN.step(_CCW_CORNERS[k], CITY_RING)
        end = ORIGIN.step(_CCW_CORNERS[(k + 1) % REGIONS], CITY_RING)
        # walk from one corner to the next along the ring (one direction, CITY_RING steps)
        step = next(d for d in Direction if start.step(d, CITY_RING) == end)
        cities = tuple(start.step(step, i) for i in range(1, CITY_RING))
        assert len(cities) == CITIES_PER_REGION
        out.append((cities[0], cities[1], cities[2]))
    return tuple(out)


@cache
def city_region() -> Mapping[Hex, tuple[int, int]]:
    """Each city hex with its (region, city) numbers, both 1-based."""
    return {h: (r + 1, c + 1) for r, cities in enumerate(region_cities())
            for c, h in enumerate(cities)}


@cache
def landscape_set() -> frozenset[Hex]:
    """The 37 landscape tiles, for membership tests."""
    return frozenset(landscape_hexes())


@dataclass(frozen=True, slots=True)
class NightSetup:
    """A landscape laid face down for NIGHT FLIGHT (rulebook section 11): the regions whose
    pilots placed two tiles next to them, and the two tiles put back in the box unseen."""

    regions: tuple[int, ...]
    box: tuple[Biome, ...] = ()


@dataclass(frozen=True)
class Landscape:
    """A Turbulences map: the biome of every landscape tile and the clouds on them.

    A map read from a file may break the setup rules (``mapgen``'s checker says how): the
    entries listed twice are kept apart in ``duplicate_hexes`` and ``duplicate_clouds`` (the
    first entry wins), and ``hex_paths`` / ``cloud_paths`` say where each entry was written,
    for error locations.
    """

    biomes: Mapping[Hex, Biome]
    clouds: Mapping[Hex, Stack]
    difficulty: Difficulty | None = None
    seed: int | None = None
    generator: str | None = None
    title: str | None = None
    duplicate_hexes: tuple[Hex, ...] = ()
    duplicate_clouds: tuple[Hex, ...] = ()
    hex_paths: Mapping[Hex, Path] = field(default_factory=dict, compare=False, repr=False)
    cloud_paths: Mapping[Hex, Path] = field(default_factory=dict, compare=False, repr=False)
    halves: Mapping[Hex, Half] = field(default_factory=dict)
    """The hexes made of two half-tiles (the Half-tiles module): their second half."""
    night: NightSetup | None = None
    """Laid face down for NIGHT FLIGHT (``None``: a landscape by day)."""

    @property
    def mountains(self) -> frozenset[Hex]:
        return frozenset(h for h, b in self.biomes.items() if b is Biome.MOUNTAIN)
