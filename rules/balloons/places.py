"""The places of a Balmy Balloonists globe that a broken setup rule names: its spaces
``(lane, k)``."""

from __future__ import annotations

from collections.abc import Iterable

from skyhex.rules.places import Place, PlaceKind

SPACE = PlaceKind("spaces", "space_paths")
KINDS = (SPACE,)


def places(spaces: Iterable[tuple[int, int]] = ()) -> tuple[Place, ...]:
    """The spaces, in order."""
    return tuple(Place(SPACE, s) for s in spaces)
