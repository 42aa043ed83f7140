"""The places of a meadow that a broken setup rule names: its hexes (entries of its
``thorns`` and ``updrafts`` lists, located through the meadow's ``hex_paths``)."""

from __future__ import annotations

from collections.abc import Iterable

from skyhex.rules.places import Place, PlaceKind

HEX = PlaceKind("hexes", "hex_paths")
KINDS = (HEX,)
"""The kinds of place the entry declares."""


def hexes(found: Iterable[tuple[int, int]]) -> tuple[Place, ...]:
    """Hexes as the places of a violation."""
    return tuple(Place(HEX, tuple(h)) for h in found)
