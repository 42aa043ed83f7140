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
- ``last_answer``: a one-slot memo for a pure function asked the same question many times
  in a row (every action weighed at one decision asks it of the same sky, the same shipping
  zones): the last arguments, compared by identity, and the answer. Identity, not equality:
  the values asked about are frozen, and an equality test of a state costs more than most
  answers. The slot is replaced as a whole, so two threads never mix an argument with
  another's answer. A memo keyed by something else than the arguments (a field of them)
  stays written where it is, saying so.
- ``kept``: a bounded memo's store, the dict emptied whole when full, so that a long run
  of new keys (a bot's worlds, a long analysis) never grows it without end.
- ``member_of``: an enum's member by its value through a dict, where calling the enum class
  (``LandChoice("final")``) costs a microsecond in Python 3.11's ``EnumType.__call__``;
  what the dict does not hold goes to the class itself, for its own error.
- ``values_of`` / ``names_of``: the other way, each member's value or name by a dict lookup
  (``member.value`` and ``member.name`` go through ``enum.property``'s Python
  ``__get__``: half a microsecond, and an event names several members).
- ``json_lines``: JSON values one a line, byte for byte as ``json.dumps(v) + "\n"`` each,
  through one encoder made once (``json.dumps`` makes a new C encoder, and goes through
  three Python calls, for every value: a third of the time of a log's line).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from functools import cache, wraps
from json import encoder as _json
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

if TYPE_CHECKING:
    from skyhex.rules.hexgrid import Hex

T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R")
K = TypeVar("K")
V = TypeVar("V")

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


E = TypeVar("E", bound=Enum)


def member_of(cls: type[E]) -> Callable[[Any], E]:
    """``cls(value)`` by a dict lookup (see the module's docstring): a value that names no
    member (or cannot be hashed) is passed to ``cls``, which raises its own error."""
    table = {m.value: m for m in cls}

    def member(value: Any) -> E:
        try:
            return table[value]
        except (KeyError, TypeError):
            return cls(value)

    member.__name__ = f"{cls.__name__}_member"
    return member


def values_of(cls: type[E]) -> dict[E, Any]:
    """Each member of ``cls`` to its value (see the module's docstring)."""
    return {m: m.value for m in cls}


def names_of(cls: type[E]) -> dict[E, str]:
    """Each member of ``cls`` to its name (see the module's docstring)."""
    return {m: m.name for m in cls}


_MAKE_ENCODER = getattr(_json, "c_make_encoder", None)  # (CPython's C accelerator)
_LINE: Callable[[Any, int], list[str]] | None = None if _MAKE_ENCODER is None else \
    _MAKE_ENCODER(None, json.JSONEncoder().default, _json.encode_basestring_ascii, None, ": ",
                  ", ", False, False, True)
"""``json.dumps``'s own C encoder with its default settings (no circular check: a value
that refers to itself recurses, and the fallback says what ``json.dumps`` says)."""


def json_lines(values: Iterable[Any]) -> str:
    """``"".join(json.dumps(v) + "\n" for v in values)``, faster (see the module's
    docstring); what the encoder refuses, ``json.dumps`` refuses in its own words."""
    line = _LINE
    values = values if isinstance(values, list | tuple) else list(values)
    if line is not None:
        try:
            return "".join(["".join(line(v, 0)) + "\n" for v in values])
        except (TypeError, ValueError, RecursionError):
            pass
    return "".join(json.dumps(v) + "\n" for v in values)


def kept(memo: dict[K, V], key: K, value: V, size: int = 4096) -> V:
    """``value`` stored in ``memo`` under ``key`` and returned: a bounded memo, emptied
    whole when it holds ``size`` entries (the keys a game meets come back all game long;
    a long run of new ones must not grow it without end). The caller looks up first."""
    if len(memo) >= size:
        memo.clear()
    memo[key] = value
    return value


_NOTHING: Any = object()


def last_answer(fn: Callable[P, R]) -> Callable[P, R]:
    """``fn`` remembering its last answer, for arguments identical to the last ones (see the
    module's docstring); positional arguments only, one to three of them (a wrapper per
    count: no loop over the arguments on the hot path)."""
    count = fn.__code__.co_argcount
    slot: list[Any] = [(_NOTHING,) * (count + 1)]
    wrapper: Callable[..., Any]
    if count == 1:
        def wrapper(a: Any) -> Any:
            last = slot[0]
            if last[0] is a:
                return last[1]
            out = fn(a)  # type: ignore[call-arg]
            slot[0] = (a, out)
            return out
    elif count == 2:
        def wrapper(a: Any, b: Any) -> Any:
            last = slot[0]
            if last[0] is a and last[1] is b:
                return last[2]
            out = fn(a, b)  # type: ignore[call-arg]
            slot[0] = (a, b, out)
            return out
    elif count == 3:
        def wrapper(a: Any, b: Any, c: Any) -> Any:
            last = slot[0]
            if last[0] is a and last[1] is b and last[2] is c:
                return last[3]
            out = fn(a, b, c)  # type: ignore[call-arg]
            slot[0] = (a, b, c, out)
            return out
    else:
        raise TypeError(f"last_answer: {fn.__name__} takes {count} arguments (1 to 3)")
    found: Callable[P, R] = wraps(fn)(wrapper)
    return found


__all__ = ["built", "evolve", "evolve_by", "hex_json", "json_lines", "kept", "last_answer", "member_of",
           "names_of", "slotted", "values_of"]
