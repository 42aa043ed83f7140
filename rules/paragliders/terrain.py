"""The terrain types of Paragliders hexes: the one list every other module uses."""

from __future__ import annotations

from enum import StrEnum


class Terrain(StrEnum):
    MOUNTAIN = "mountain"
    FIELD = "field"
    FOREST = "forest"
    LAKE = "lake"
    AERODROME = "aerodrome"  # aerodrome mini-extension: a no-fly hex

    @property
    def letter(self) -> str:
        """One-letter code used in terminal pictures and compact notations."""
        return _LETTERS[self]


_LETTERS = {
    Terrain.MOUNTAIN: "M",
    Terrain.FIELD: ".",
    Terrain.FOREST: "f",
    Terrain.LAKE: "~",
    Terrain.AERODROME: "X",
}

THERMAL_TERRAINS: tuple[Terrain, ...] = (
    Terrain.MOUNTAIN, Terrain.FIELD, Terrain.FOREST, Terrain.LAKE,
)
"""Terrains a pilot can fly over, each with a row on the thermal lift board."""

CRASH_TERRAINS: frozenset[Terrain] = frozenset({Terrain.FOREST, Terrain.LAKE})
"""Touching the ground here is a crash landing (-10 VP)."""
