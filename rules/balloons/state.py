"""The values of a Balmy Balloonists game: ``Game`` (what never changes: the globe, the
component set, the balloons in seat order, the seed, how the race ends) and ``State``
(everything that does). Both are frozen; the engine builds a new ``State`` for each action.

The state is the referee's view: it holds every hand. What one player may see is
``engine.view``. The decks are not stored: a deck is every card of its kind that is nowhere
else (in a hand, in front of a player, on a Quadrant stack, on a discard pile), and drawing
its top card is a seeded draw among them (``rules/draws.py``), so a state carries only the
number of draws made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from skyhex.rules import speed
from skyhex.rules.balloons.components import Altitude, ComponentSet
from skyhex.rules.balloons.globe import Globe, Space


class Phase(StrEnum):
    CARD = "card"  # the actor plays a Local Wind card (A or B)
    FLIGHT = "flight"  # the actor sets its altitude and its balloon moves
    OVER = "over"


class Finish(StrEnum):
    """When the race ends once a balloon is back across the start meridian."""

    FIRST = "first"  # at once: the first balloon home wins
    ROUND = "round"  # at the end of that round: the farthest balloon wins


@dataclass(frozen=True)
class Seat:
    """A balloon in the race: its colour (a Wind Rose colour), its player's name and the lane
    of its start space."""

    colour: str
    player: str | None
    lane: int


@dataclass(frozen=True)
class Balloon:
    """A balloon and what its player holds: where it is (``laps``: crossings of the start
    meridian, net), its altitude and chips, the Local Wind cards in hand and in front (in the
    order played), the Advantage cards, and its flags: in the Equatorial Doldrums (just
    outside ``space``), the player loses the next turn, it may relaunch one lane north or
    south (grounded in a zone), finished (back across the start meridian)."""

    space: Space
    laps: int = 0
    altitude: Altitude = Altitude.GROUNDED
    ballast: int = 0
    gas: int = 0
    fuel: int = 0
    hand: tuple[str, ...] = ()
    front: tuple[str, ...] = ()
    advantages: tuple[str, ...] = ()
    doldrums: bool = False
    lose_turn: bool = False
    relaunch: bool = False
    finished: bool = False

    evolve = speed.evolve


@dataclass(frozen=True)
class State:
    round: int
    seat: int  # index of the balloon to act
    phase: Phase
    balloons: tuple[Balloon, ...]  # in seat order
    rose: tuple[str, str]  # the colours holding the two Wind Rose pawns
    quadrants: tuple[tuple[str, ...], ...]  # each quadrant's stack of cards, top last
    discards: tuple[str, ...] = ()  # Local Wind discard pile
    misfortunes: tuple[str, ...] = ()  # Misfortune discard pile
    advantage_discards: tuple[str, ...] = ()
    draws: int = 0
    reason: str | None = None  # why the race ended

    evolve = speed.evolve

    @property
    def actor(self) -> int | None:
        """The seat to act, or ``None`` when the race is over."""
        return None if self.phase is Phase.OVER else self.seat

    def with_balloon(self, i: int, balloon: Balloon) -> State:
        return self.evolve(balloons=(*self.balloons[:i], balloon, *self.balloons[i + 1:]))


@dataclass(frozen=True)
class Game:
    """A game's fixed part, with lookup tables computed once."""

    globe: Globe
    components: ComponentSet
    seats: tuple[Seat, ...]
    seed: int
    finish: Finish = Finish.FIRST
    days: int = 30
    pinned: tuple[dict[str, Any], ...] = ()
    pinned_from: int = 0  # the draw ``pinned[0]`` pins (a position's draws; else 0)
    colours: tuple[str, ...] = field(init=False, repr=False)
    index: Mapping[str, int] = field(init=False, repr=False)

    evolve = speed.evolve
    """A copy with other fields (a sampled world's seed): its tables, which depend on the
    seats alone, come along; change ``seats`` through the constructor instead."""

    def __post_init__(self) -> None:
        colours = tuple(s.colour for s in self.seats)
        object.__setattr__(self, "colours", colours)
        object.__setattr__(self, "index", {c: i for i, c in enumerate(colours)})


@dataclass(frozen=True)
class Position:
    """A moment of a race to start from (a scenario's ``position``), read and checked."""

    round: int
    seat: int
    phase: Phase
    balloons: tuple[Balloon, ...]
    rose: tuple[str, str]
    quadrants: tuple[tuple[str, ...], ...]
    discards: tuple[str, ...]
    misfortunes: tuple[str, ...]
    advantage_discards: tuple[str, ...]
    draws: int
