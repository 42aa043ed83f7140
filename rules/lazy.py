"""Lists whose items are built when first read: what the rules return that most callers
never look at (an action's events in a playout, all but one legal action for a random
policy) costs nothing until it is read, and the protocol's types stay plain lists."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator
from itertools import accumulate
from operator import itemgetter
from typing import Any, SupportsIndex, TypeVar, overload

T = TypeVar("T")


class Lazy(list[T]):
    """A list built when first read: ``build`` makes its items (once, on the first access
    of any kind); until then the list holds nothing of its own, so every reading goes
    through a method that builds it first (C code that reads a list's items directly only
    does so for exact lists)."""

    __slots__ = ("_build",)

    def __init__(self, build: Callable[[], list[T]]) -> None:
        super().__init__()
        self._build: Callable[[], list[T]] | None = build

    def _fill(self) -> None:
        build = self._build
        if build is not None:
            self._build = None
            list.extend(self, build())

    def __len__(self) -> int:
        self._fill()
        return list.__len__(self)

    def __bool__(self) -> bool:
        self._fill()
        return list.__len__(self) > 0

    def __iter__(self) -> Iterator[T]:
        self._fill()
        return list.__iter__(self)

    def __reversed__(self) -> Iterator[T]:
        self._fill()
        return list.__reversed__(self)

    @overload
    def __getitem__(self, i: SupportsIndex) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> list[T]: ...

    def __getitem__(self, i: SupportsIndex | slice) -> T | list[T]:
        self._fill()
        return list.__getitem__(self, i)

    def __contains__(self, item: object) -> bool:
        self._fill()
        return list.__contains__(self, item)

    def __eq__(self, other: object) -> bool:
        self._fill()
        if isinstance(other, Lazy):
            other._fill()
        return list.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __repr__(self) -> str:
        self._fill()
        return list.__repr__(self)

    def __add__(self, other: list[T]) -> list[T]:  # type: ignore[override]
        self._fill()
        return list(list.__iter__(self)) + list(other)

    def __radd__(self, other: list[T]) -> list[T]:
        self._fill()
        return list(other) + list(list.__iter__(self))

    def __reduce_ex__(self, protocol: SupportsIndex) -> Any:
        self._fill()
        return (list, (list(list.__iter__(self)),))

    def copy(self) -> list[T]:
        self._fill()
        return list(list.__iter__(self))

    def index(self, value: T, start: SupportsIndex = 0,
              stop: SupportsIndex = 2**62) -> int:
        self._fill()
        return list.index(self, value, start, stop)

    def count(self, value: T) -> int:
        self._fill()
        return list.count(self, value)


def _filled(name: str) -> Callable[..., Any]:
    method = getattr(list, name)

    def filled(self: Lazy[Any], *args: Any, **kwargs: Any) -> Any:
        self._fill()
        return method(self, *args, **kwargs)

    filled.__name__ = name
    filled.__doc__ = method.__doc__
    return filled


for _name in ("append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse",
              "__setitem__", "__delitem__", "__iadd__", "__imul__", "__mul__", "__rmul__",
              "__lt__", "__le__", "__gt__", "__ge__"):
    setattr(Lazy, _name, _filled(_name))


def _pending() -> list[Any]:
    raise AssertionError("LazyItems builds its items itself")


class LazyItems(Lazy[T]):
    """A ``Lazy`` list that knows its length, and builds any one item alone, without
    building the rest: the items come in ``groups`` of ``(prefix, tails)``, each item being
    ``make(prefix, tail)`` (``prefix`` ``None``: the tails are the items themselves).
    Reading one item by its index builds only that item; any other reading builds them
    all, by ``whole(groups)`` when given (a game that builds a whole listing its own way,
    the same items in the same order), else item by item."""

    __slots__ = ("_ends", "_groups", "_make", "_whole")

    def __init__(self, groups: list[tuple[Any, list[Any]]], make: Callable[[Any, Any], T],
                 whole: Callable[[list[tuple[Any, list[Any]]]], list[T]] | None = None
                 ) -> None:
        super().__init__(_pending)  # ``_fill`` builds them all (no cycle through ``self``)
        self._groups = groups
        self._make = make
        self._whole = whole
        self._ends = list(accumulate(map(len, map(itemgetter(1), groups))))

    def _fill(self) -> None:
        if self._build is not None:
            self._build = None
            if self._whole is not None:
                list.extend(self, self._whole(self._groups))
                return
            make = self._make
            list.extend(self, [tail if prefix is None else make(prefix, tail)
                               for prefix, tails in self._groups for tail in tails])

    def __len__(self) -> int:
        if self._build is None:
            return list.__len__(self)
        return self._ends[-1] if self._ends else 0

    def __bool__(self) -> bool:
        return len(self) > 0

    @overload
    def __getitem__(self, i: SupportsIndex) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> list[T]: ...

    def __getitem__(self, i: SupportsIndex | slice) -> T | list[T]:
        if self._build is None or isinstance(i, slice):
            return super().__getitem__(i)
        k = i.__index__()
        size = len(self)
        if k < 0:
            k += size
        if not 0 <= k < size:
            raise IndexError("list index out of range")
        g = bisect_right(self._ends, k)
        prefix, tails = self._groups[g]
        tail = tails[k - (self._ends[g - 1] if g else 0)]
        return tail if prefix is None else self._make(prefix, tail)


L = TypeVar("L", bound=Lazy[Any])


def lazy_list(cls: type[L], build: Callable[[], list[Any]]) -> L:
    """``cls(build)``, made without the call to ``__init__`` (a ``Lazy`` holds nothing of its
    own until read): for lists made at every action, such as an action's events, where the
    call costs as much as the rest of the bookkeeping."""
    new: L = list.__new__(cls)
    new._build = build
    return new
