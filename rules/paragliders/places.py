"""The places of a Paragliders map that a broken setup rule names: tile slots and hexes."""

from __future__ import annotations

from collections.abc import Iterable

from skyhex.rules.places import Place, PlaceKind

SLOT = PlaceKind("slots", "slot_paths")
HEX = PlaceKind("hexes", "hex_paths")
KINDS = (SLOT, HEX)


def places(slots: Iterable[tuple[int, int]] = (), hexes: Iterable[tuple[int, int]] = ()
           ) -> tuple[Place, ...]:
    """The slots, then the hexes (a violation is reported where the first written is)."""
    return (*(Place(SLOT, s) for s in slots), *(Place(HEX, h) for h in hexes))
