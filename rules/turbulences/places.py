"""The places of a Turbulences map that a broken setup rule names: landscape tiles (entries
of ``hexes``) and clouds (entries of ``clouds``)."""

from __future__ import annotations

from collections.abc import Iterable

from skyhex.rules.places import Place, PlaceKind

HEX = PlaceKind("hexes", "hex_paths")
CLOUD = PlaceKind("clouds", "cloud_paths")
KINDS = (HEX, CLOUD)


def places(hexes: Iterable[tuple[int, int]] = (), clouds: Iterable[tuple[int, int]] = ()
           ) -> tuple[Place, ...]:
    """The clouds, then the tiles (a violation is reported where the first written is)."""
    return (*(Place(CLOUD, c) for c in clouds), *(Place(HEX, h) for h in hexes))
