"""The places of a game's maps that a broken setup rule names, by kind.

Each game declares its kinds (``rules/<game>/places.py``, named in its ``GameEntry``): tile
slots and hexes, hexes and clouds, spaces of lanes, whatever its maps are made of. A kind
says the key that lists such places (in ``map check --format json``) and the attribute of
the game's map value that says where its file wrote each place (``{coordinates: JSON
path}``), so that a violation is reported at its line.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlaceKind:
    """A kind of place: ``key`` lists such places (``slots``); ``paths`` is the map value's
    attribute that maps each place to where it is written in the map's file."""

    key: str
    paths: str


@dataclass(frozen=True)
class Place:
    """One place of a map: its kind and its coordinates (a hex ``(q, r)``, a slot ``(a, b)``,
    a space ``(lane, k)``)."""

    kind: PlaceKind
    at: tuple[int, ...]


__all__ = ["Place", "PlaceKind"]
