"""Chance draws shared by every game: each draw is derived from the game's seed and the
draw's index alone, so a game state carries only a counter, and any draw can be replayed, or
pinned by a moves file to replay a game played on a real table. Every outcome is recorded.

A game started from a position has made ``first_pinned`` draws already: its seed-derived
draws keep their absolute index (so that they continue the original game's), while its pinned
draws are indexed from the position (the moves file pins the draws still to come).

``random.Random`` seeded with a string hashes it with SHA-512, which Python keeps stable
across versions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeVar

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.text import excerpt

T = TypeVar("T")

SHOWN = 8
"""Outcomes named in the message of a pinned draw that cannot be, at most."""


class PinnedDrawError(IllegalActionError):
    """A pinned draw that cannot be the draw made now: ``index`` is its place (from 0) in
    the moves file's ``draws``."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__("draws.pinned", message)
        self.index = index


@lru_cache(maxsize=4096)
def chance(seed: int, index: int, namespace: str = "") -> float:
    """The ``index``-th uniform draw in [0, 1) of the game seeded ``seed`` (``namespace``
    keeps games apart: ``"NAME:"``). Remembered: seeding a generator costs more than
    the rest of a draw, and bots weighing every action of a turn make the same draws."""
    return random.Random(f"skyhex:{namespace}{seed}:{index}").random()


def pick(seed: int, index: int, options: Sequence[T], namespace: str = "") -> T:
    """The option drawn by the ``index``-th draw."""
    return options[min(int(chance(seed, index, namespace) * len(options)), len(options) - 1)]


@dataclass
class Draws:
    """A cursor over a game's chance draws, recording what it draws. ``index`` counts every
    draw of the game; ``pinned[0]`` pins draw ``first_pinned`` (0 unless the game started
    from a position)."""

    seed: int
    pinned: tuple[dict[str, Any], ...]
    index: int
    made: list[dict[str, Any]] = field(default_factory=list)
    namespace: str = ""
    first_pinned: int = 0

    def pinned_value(self, kind: str, names: Sequence[Any]) -> Any | None:
        """The pinned outcome of the next draw (``None`` when it is not pinned); it must be
        of ``kind`` and one of ``names``."""
        k = self.index - self.first_pinned
        if not 0 <= k < len(self.pinned):
            return None
        wanted = self.pinned[k]
        if kind not in wanted or wanted[kind] not in names:
            pinned = ", ".join(f"{key} {excerpt(value)}" for key, value in wanted.items())
            shown = ", ".join(map(str, names[:SHOWN]))
            if len(names) > SHOWN:
                shown += f", ... ({len(names)} in all)"
            raise PinnedDrawError(k, f"pinned draw {k + 1} is {{{pinned}}}, but a {kind} is "
                                  f"drawn now, one of {shown}")
        return wanted[kind]

    def uniform(self) -> float:
        """The next draw as a number in [0, 1) (for draws with odds of their own)."""
        return chance(self.seed, self.index, self.namespace)

    def record(self, kind: str, value: Any) -> None:
        self.index += 1
        self.made.append({kind: value})

    def draw(self, kind: str, options: Sequence[T],
             name: Callable[[T], Any] | None = None) -> T:
        """Draw one of ``options`` uniformly; ``name`` gives how an option is written in
        files."""
        namer: Callable[[T], Any] = name or (lambda option: option)
        names = [namer(o) for o in options]
        wanted = self.pinned_value(kind, names)
        if wanted is not None:
            value = options[names.index(wanted)]
        else:
            value = pick(self.seed, self.index, options, self.namespace)
        self.record(kind, namer(value))
        return value

    def draw_fast(self, kind: str, options: Sequence[T],
                  name: Callable[[T], Any] | None = None) -> T:
        """``draw``, the same draw recorded alike, naming only the option drawn when no
        pinned draw is there to be checked against every option's name (games draw often
        among many options: the engine's hot path)."""
        index = self.index
        if 0 <= index - self.first_pinned < len(self.pinned):
            return self.draw(kind, options, name)
        value = pick(self.seed, index, options, self.namespace)
        self.index = index + 1
        self.made.append({kind: value if name is None else name(value)})
        return value
