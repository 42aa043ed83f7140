"""Seeded choices for map generators, built on ``random.Random(seed).random()`` alone:
Python guarantees that sequence for a seed across versions (unlike ``randrange``,
``shuffle`` or ``choice``), so a seed gives the same map on every platform and release."""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Chance:
    """One generator's stream of choices."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random

    def below(self, n: int) -> int:
        """A whole number from 0 to ``n - 1``."""
        return min(int(self._random() * n), n - 1)

    def pick(self, items: Sequence[object]) -> int:
        """The index of a random item (``below`` written out: generators call it often)."""
        n = len(items)
        return min(int(self._random() * n), n - 1)

    def take(self, bag: list[T]) -> T:
        """Draw a random item out of ``bag`` (``below`` written out)."""
        n = len(bag)
        return bag.pop(min(int(self._random() * n), n - 1))

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items``."""
        out = list(items)
        self.shuffle(out)
        return out

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, last position first)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
