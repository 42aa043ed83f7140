"""The engines' speed tricks, each written once, named and explained here, and used wherever
it applies: the rules stay plain code, and what makes them fast can be found in one place.

- ``evolve`` / ``evolve_by``: a frozen value's copy with some fields changed, without
  ``dataclasses.replace``'s introspection nor ``__init__``'s one ``object.__setattr__`` per
  field. The copy's ``__dict__`` is a plain dict built as ``{**old, **changes}``: a dict
  copied from one that shares its keys with the class (what ``__init__`` makes, and what
  ``__dict__.copy()`` or ``old | changes`` keep) cannot be read through Python 3.11's
  specialised attribute instruction, so every field read of the copy would take the slow,
  generic path. As a method: ``evolve = speed.evolve`` in the class body.
- ``built``: a frozen value made from all its fields at once, the same way (the legal
  actions of one decision build dozens to thousands).
- ``slotted``: the same for a class with ``__slots__`` (which has no ``__dict__``): an
  instance of a plain twin class with the same slots is filled, then given the real class.
- ``hex_json``: a hex as the logs write it, ``[q, r]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from skyhex.rules.hexgrid import Hex

T = TypeVar("T")

_new = object.__new__
_set_attr = object.__setattr__


def evolve(self: T, **changes: Any) -> T:
    """A copy of the frozen value ``self`` with ``changes`` (a faster
    ``dataclasses.replace``; see the module's docstring)."""
    new: T = _new(type(self))
    _set_attr(new, "__dict__", {**self.__dict__, **changes})
    return new


def evolve_by(self: T, changes: Mapping[str, Any]) -> T:
    """``evolve`` with the changes gathered in a mapping (no keyword arguments unpacked and
    packed again)."""
    new: T = _new(type(self))
    _set_attr(new, "__dict__", {**self.__dict__, **changes})
    return new


def built(cls: type[T], fields: dict[str, Any]) -> T:
    """An instance of the frozen dataclass ``cls`` holding ``fields`` (every field given,
    checked by nothing: the caller's own constructor), without ``__init__``. ``fields``
    becomes the instance's dict: pass a new dict literal."""
    new: T = _new(cls)
    _set_attr(new, "__dict__", fields)
    return new


@cache
def slotted(cls: type[T]) -> type:
    """A plain class with the slots of the slotted frozen dataclass ``cls``: fill an
    instance of it by attribute (plain slot stores, no descriptor calls building argument
    tuples as ``__init__``'s ``object.__setattr__`` does), then set its ``__class__`` to
    ``cls``; equal to what ``cls(...)`` makes, of its very type."""
    return type(f"_{cls.__name__}Blank", (), {"__slots__": cls.__dict__["__slots__"]})


def hex_json(h: Hex) -> list[int]:
    """A hex as the logs write it: ``[q, r]``."""
    return [h.q, h.r]


__all__ = ["built", "evolve", "evolve_by", "hex_json", "slotted"]
