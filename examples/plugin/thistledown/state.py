"""The values of a Thistledown race: ``Game`` (what never changes: the meadow, the tufts
in seat order, the number of rounds, the seed and any pinned draws), ``State`` (everything
that does) and ``Fly``, the one kind of action. All frozen.

The state is the referee's: it holds every hand. The gust tokens and the wind die are
seeded draws (``rules/draws.py``), so a state carries only the number of draws made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from skyhex.rules import speed
from skyhex.rules.hexgrid import Direction, Hex

from thistledown.meadow import Meadow

GUSTS = (1, 2, 3)
"""The values of gust tokens: hexes flown."""
HAND = 2
"""Gust tokens in a hand."""
COLOURS = ("white", "cream", "silver", "gold", "rose", "lilac")
"""The colours of the tufts, at most six in a race."""
ROUNDS = 12
"""The standard race's length in rounds."""


@dataclass(frozen=True, slots=True)
class Fly:
    """Tuft ``tuft`` plays gust token ``gust`` and flies that many hexes ``direction``."""

    tuft: str
    direction: Direction
    gust: int

    def describe(self) -> str:
        return f"{self.tuft} flies {self.direction.name} on a gust of {self.gust}"


@dataclass(frozen=True)
class Seat:
    """A tuft in the race: its colour, its player's name, its start hex."""

    colour: str
    player: str | None
    start: Hex


@dataclass(frozen=True)
class State:
    """``hexes``, ``hands`` and ``home`` (the round a tuft reached the hedge, or ``None``)
    are per tuft in seat order; ``wind`` is the round's face of the wind die."""

    round: int
    seat: int
    hexes: tuple[Hex, ...]
    hands: tuple[tuple[int, ...], ...]
    home: tuple[int | None, ...]
    wind: Direction
    draws: int
    over: bool = False

    evolve = speed.evolve
    """A copy with some fields changed (``skyhex.rules.speed``)."""


@dataclass(frozen=True)
class Game:
    """A race's constants, with its lookup tables. ``pinned_from``: the draw that
    ``pinned[0]`` pins (a race started from a position has made draws already)."""

    meadow: Meadow
    seats: tuple[Seat, ...]
    rounds: int
    seed: int
    pinned: tuple[dict[str, Any], ...] = ()
    pinned_from: int = 0
    colours: tuple[str, ...] = field(init=False, repr=False, compare=False)
    index: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        colours = tuple(s.colour for s in self.seats)
        object.__setattr__(self, "colours", colours)
        object.__setattr__(self, "index", {c: i for i, c in enumerate(colours)})


@dataclass(frozen=True)
class Position:
    """A moment of a race to start from (a scenario's ``position``)."""

    round: int
    seat: int
    hexes: tuple[Hex, ...]
    hands: tuple[tuple[int, ...], ...]
    home: tuple[int | None, ...]
    wind: Direction
    draws: int
