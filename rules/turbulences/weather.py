"""Turbulences, Phase I: Weather (rulebook section 4). The Wind Rose and the clouds blown by
it, as pure functions on the landscape model of ``landscape.py``.

The rulebook, section 4 ("The Wind Blows"): the first player flicks the Wind Rose "and then
moves, if possible, all Clouds to the adjacent tile in that direction, taking the following
events into account":

A. Cumulus move simultaneously. They do not stack. The wind can blow them under an Aircraft
   or out of the landscape but they never cross Mountains.
B. A Cumulus blocked against a Mountain turns into a Storm. Flip this token to its black side.
C. A Mountain blocks the wind! The Clouds on all following tiles of its line are not blown.
D. Storms also move. Like Cumulus, without crossing Mountains. Clouds only move over landscape
   tiles. They never cover cities.
E. A Storm blocked against a Mountain stays immobile and black.
F. A Cumulus or Storm blown out of the landscape is replaced by a Cumulus. Place the same
   token (white side) on the opposite tile of the same line, in the direction of the wind.

"To avoid any error during the weather phase, let only the first player move the Clouds,
proceeding line by line, in the direction of the wind." When the arrow points to a sun, "the
wind does not blow during this turn" (calm). "When a Cloud is blown onto another Cloud that is
already blocked or immobile... they both turn into a Tempest! Stack the 2 tokens on their
black side." "The Tempest can still grow... if the wind blows in the same direction, other
Clouds can stack [...]; it cannot cross the Mountain." "A Tempest never moves. It splits into
several Storms. If the wind blows in another direction, only the top token is moved to an
adjacent tile. The lower token(s) remain immobile during this weather phase only." "If during
the same weather phase another Cloud is blown onto the immobile base of the Tempest that is
splitting... stack the 2 tokens on their black side to create a new Tempest."

Decisions where the rulebook leaves room (as a player would read it):

1. **Lines.** Every cloud moves along the line of tiles through it parallel to the wind, and
   only along it (a cloud wrapped by F comes back on the same line), so lines never interact.
   Each line is resolved from its downwind end upwind ("line by line, in the direction of the
   wind"); moves are simultaneous, so a cloud moves into a tile whose cloud has moved on in
   the same phase: no cloud is ever stopped by a cloud that moves.
2. **"Following tiles" (C) are the tiles downwind of the mountain** (its lee, to the end of the
   line): the mountain blocks the wind, so what lies behind it is sheltered and does not move
   at all (a sheltered cumulus does not flip, a sheltered Tempest neither grows nor splits).
   The clouds upwind of it are blown against it. With two mountains on a line, the most upwind
   one blocks the wind for the rest of the line. Consequence: only a line without a mountain
   can lose a cloud off the landscape.
3. **Blocked** means: the tile downwind is a mountain (B, E). Nothing else blocks a cloud: a
   cloud blown onto a tile still holding a cloud stacks onto it (the Tempest rule), since that
   cloud is then necessarily one that stays this phase.
4. **"Blocked or immobile"** (Tempest rule): a cloud that stays on its tile this phase
   although the wind blows there: blocked against a mountain, a Tempest that does not move,
   the base of a splitting Tempest, or a Tempest just formed there. So in a row of clouds
   blown against a mountain, the nearest is blocked, the second stacks onto it, and the others
   advance one tile into the vacated tiles (the next ones stack in later phases, if the wind
   keeps blowing that way).
5. **A new token goes on top** of the stack it is blown onto; the top token is the last one
   stacked, and it is the one that leaves when the Tempest splits.
6. **Same or another direction** (grow or split) compares the wind with ``previous``: the
   direction of the last weather phase in which the wind blew. A calm phase changes nothing,
   so it is skipped (``last_direction``); before the first wind (``None``) every wind counts
   as another direction. A table that wants a calm to reset it passes ``None``.
7. **A Tempest never moves**, wherever it is: in the same wind it holds even away from a
   mountain (for example one formed on a splitting base), and clouds blown onto it stack.
8. **Splitting**: only the top token is blown, exactly like a storm (it may move, be blown out
   and come back by F, or be blown onto a blocked or immobile cloud and stack there). If its
   way is blocked by a mountain it stays on top: the Tempest does not split this phase (it is
   blocked, so clouds blown onto it stack). The base stays on the storm side ("it splits into
   several Storms"): one token left is a storm, two or more still a Tempest.
9. **F's "opposite tile"** is the upwind end of the same line (its first landscape tile on
   the side the wind comes from); the cloud comes back white whatever its side was. If that
   tile still holds a cloud when the line is done (one that stayed: a Tempest or a splitting
   base), the returning cloud is blown onto it and stacks into a Tempest (storm side);
   otherwise it takes the tile that its cloud left. (By decision 2 that tile is never a
   mountain.)
10. **Sides** change only by B (cumulus to storm), by stacking (storm) and by F (cumulus). A
    storm that moves stays a storm; a lone storm left by a split stays a storm.
11. **Calm**: nothing moves and no event is emitted (the engine records the flick itself).

Designed for section 7 (aircraft, from the second weather phase; not implemented here):
``resolve`` returns, for every token, a ``TokenFate``: where it started and ended, its side
before and after, why (moved, wrapped, blocked, sheltered, held, calm), whether it stacked
into a Tempest, the mountain that blocked or sheltered it, and for a wrapped cloud the ring-4
hex it was blown towards (a city, airport or the outside of the board: section 7's emergency
landings D-G), while the token comes back on the opposite tile. An aircraft riding a cumulus
follows that cumulus's fate (A: compare the destinations of all riders; B: ``after`` is storm;
C: ``stacked``); a cloud arriving under an aircraft is a fate whose ``end`` is the aircraft's
tile. Section 10's Lightning can read the ``obstacle`` of blocked and held storms, and the
Asteroid can pass an aircraft's hex among ``mountains``.

Events (JSON-ready dicts, hexes as ``[q, r]``, in resolution order: lines from left to right
looking downwind, each from its downwind end, wraps at the end of their line):

- ``cloud_moved`` token, side, from, to (A, D; also a splitting Tempest's top token);
- ``cloud_blocked`` token, side, hex, mountain (B, E; then ``cloud_flipped`` for a cumulus);
- ``cloud_flipped`` token, hex, side (the new side), reason: ``blocked`` | ``tempest`` |
  ``wrapped``;
- ``cloud_sheltered`` token, hex, mountain (C; the nearest mountain upwind on its line);
- ``cloud_wrapped`` token, from, exit (the ring-4 hex it was blown to), to (F);
- ``cloud_stacked`` token, hex, tokens (the stack after, bottom first), tempest: ``formed`` |
  ``grew`` (the Tempest rule, growing, a new Tempest on a splitting base);
- ``tempest_held`` hex, tokens, reason: ``same_wind`` | ``mountain`` (and mountain, when one
  is downwind): a Tempest that does not move;
- ``tempest_split`` hex, token (the top token, leaving), base (the tokens staying).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from fractions import Fraction
from functools import cache
from typing import Any, Final

from skyhex.rules.game import Event
from skyhex.rules.hexgrid import DIRECTIONS, ORIGIN, Direction, Hex
from skyhex.rules.speed import hex_json as _hx
from skyhex.rules.turbulences.landscape import (
    LANDSCAPE_RADIUS,
    CloudSide,
    CloudToken,
    Stack,
    landscape_hexes,
)

# --- the Wind Rose ------------------------------------------------------------------------


class Calm(Enum):
    """The sun in a corner of the Wind Rose: the wind does not blow this turn."""

    CALM = "calm"

    def __str__(self) -> str:
        return self.value


CALM: Final = Calm.CALM

Wind = Direction | Calm
"""The outcome of a flick: the direction the wind blows *towards*, or ``CALM``."""

WIND_OUTCOMES: tuple[Wind, ...] = (*DIRECTIONS, CALM)


def wind_name(wind: Wind) -> str:
    """How a wind is written in files and logs: ``"N"`` ... ``"NW"`` or ``"calm"``."""
    return wind.value if isinstance(wind, Calm) else wind.name


def parse_wind(name: str) -> Wind:
    """The wind named ``name`` (``"ne"``, ``"calm"``...); ``ValueError`` otherwise."""
    if name.strip().lower() == CALM.value:
        return CALM
    try:
        return Direction.parse(name.strip())
    except ValueError:
        raise ValueError(f"{name!r} is not a wind: one of N, NE, SE, S, SW, NW or calm") from None


def last_direction(winds: Iterable[Wind]) -> Direction | None:
    """The direction of the last wind that blew (calm phases skipped): ``previous`` for
    ``resolve`` (decision 6). ``None`` if the wind has not blown yet."""
    last: Direction | None = None
    for wind in winds:
        if isinstance(wind, Direction):
            last = wind
    return last


DEFAULT_WIND_ODDS: Mapping[Wind, Fraction] = {w: Fraction(1, 7) for w in WIND_OUTCOMES}
"""The default Wind Rose: each of the six directions and the calm, 1/7 each."""


def _weight(value: Fraction | float | str) -> Fraction:
    # str() keeps decimals as written (0.1 is 1/10, not the binary float's value)
    weight = Fraction(value) if isinstance(value, Fraction | int | str) else Fraction(str(value))
    if weight < 0:
        raise ValueError(f"a Wind Rose weight must not be negative: {value}")
    return weight


@dataclass(frozen=True)
class WindRose:
    """The odds of a flick: 1/7 each by default. A scenario may override them with relative
    weights, e.g. ``{"N": 2, "S": 1, "calm": 1}`` (normalised on construction, so 1 each is the
    default rose); an outcome left out has weight 0 (never drawn)."""

    odds: Mapping[Wind, Fraction] = field(default_factory=lambda: dict(DEFAULT_WIND_ODDS))
    shares: tuple[tuple[Wind, Fraction], ...] = field(init=False, repr=False, compare=False)
    """Each outcome with the end of its share of [0, 1), in the order N ... NW, calm."""
    bounds: tuple[tuple[Wind, Fraction, float], ...] = field(init=False, repr=False,
                                                             compare=False)
    """The shares with each end also as a float, to place most draws without fractions."""
    outcomes: tuple[Wind, ...] = field(init=False, repr=False, compare=False)
    """The outcomes of positive odds (``possible``)."""

    def __post_init__(self) -> None:
        odds = {w: _weight(self.odds.get(w, 0)) for w in WIND_OUTCOMES}
        unknown = [w for w in self.odds if w not in WIND_OUTCOMES]
        if unknown:
            raise ValueError(f"not Wind Rose outcomes: {unknown}")
        total = sum(odds.values(), Fraction(0))
        if total <= 0:
            raise ValueError("the Wind Rose needs at least one outcome with a positive weight")
        # stored as probabilities, so that roses with proportional weights are equal
        object.__setattr__(self, "odds", {w: weight / total for w, weight in odds.items()})
        shares = []
        cumulative = Fraction(0)
        for wind in WIND_OUTCOMES:
            cumulative += self.odds[wind]
            shares.append((wind, cumulative))
        object.__setattr__(self, "shares", tuple(shares))
        object.__setattr__(self, "bounds", tuple((w, end, float(end)) for w, end in shares))
        object.__setattr__(self, "outcomes", tuple(w for w in WIND_OUTCOMES
                                                   if self.odds[w] > 0))

    def __hash__(self) -> int:  # a value: hashable although its odds are a mapping
        return hash(tuple(self.odds.items()))

    @classmethod
    def from_data(cls, data: Mapping[str, Fraction | float | str]) -> WindRose:
        """From a scenario's mapping of wind names to weights."""
        return cls({parse_wind(name): _weight(value) for name, value in data.items()})

    def to_data(self) -> dict[str, str]:
        """The odds by wind name, as exact fractions written ``"1/7"`` (JSON-ready)."""
        return {wind_name(w): str(self.probability(w)) for w in WIND_OUTCOMES}

    def probability(self, wind: Wind) -> Fraction:
        return self.odds.get(wind, Fraction(0))

    def outcome(self, u: float) -> Wind:
        """The outcome of a flick for a uniform draw ``u`` in [0, 1): the outcomes in the
        order N, NE, SE, S, SW, NW, calm take consecutive shares of [0, 1) by their odds."""
        if not 0 <= u < 1:
            raise ValueError(f"a uniform draw must be in [0, 1), not {u}")
        for wind, cumulative, near in self.bounds:
            if u < near - _MARGIN:  # clearly below: no exact comparison needed
                return wind
            if u < near + _MARGIN and Fraction(u) < cumulative:
                return wind
        raise AssertionError("unreachable: u < 1 and the odds sum to 1")

    def possible(self) -> tuple[Wind, ...]:
        """The outcomes a flick may give (positive odds), in the order N ... NW, calm."""
        return self.outcomes


_MARGIN = 1e-9
"""Around a share's end, a draw is compared with it exactly (as fractions)."""


# --- lines of the landscape ---------------------------------------------------------------


@cache
def landscape_set() -> frozenset[Hex]:
    return frozenset(landscape_hexes())


@cache
def wind_lines(direction: Direction) -> tuple[tuple[Hex, ...], ...]:
    """The landscape's lines of tiles parallel to ``direction``, each downwind end first,
    ordered from left to right looking downwind. Every landscape tile is on exactly one."""
    tiles = landscape_set()
    across = direction.rotate(2)  # not parallel to the wind: meets each line once
    lines = []
    reach = 2 * LANDSCAPE_RADIUS
    for k in range(-LANDSCAPE_RADIUS, LANDSCAPE_RADIUS + 1):
        anchor = ORIGIN.step(across, k)
        hexes = [anchor.step(direction, j) for j in range(reach, -reach - 1, -1)]
        lines.append(tuple(h for h in hexes if h in tiles))
    assert sorted(h for ln in lines for h in ln) == sorted(tiles)
    return tuple(lines)


# --- the result of a weather phase --------------------------------------------------------


class Why(StrEnum):
    """Why a token ended where it did."""

    MOVED = "moved"  # blown one tile downwind (A, D), possibly onto a Tempest (stacked)
    WRAPPED = "wrapped"  # blown out of the landscape, back on the opposite tile (F)
    BLOCKED = "blocked"  # against a mountain (B, E; a splitting Tempest's top token)
    SHELTERED = "sheltered"  # downwind of a mountain on its line (C)
    HELD = "held"  # in a Tempest that does not move, or the base of a splitting one
    CALM = "calm"  # the wind did not blow


@dataclass(frozen=True, slots=True)
class TokenFate:
    """Where one token went during a weather phase, and why (what section 7 needs to move,
    destroy or eject the aircraft riding or meeting it)."""

    token: int
    start: Hex
    end: Hex
    before: CloudSide
    after: CloudSide
    why: Why
    stacked: bool = False
    """Blown onto a blocked or immobile cloud: it formed or grew a Tempest at ``end``."""
    obstacle: Hex | None = None
    """The mountain that blocked it (the one downwind of a held Tempest), or sheltered it."""
    exit: Hex | None = None
    """For a wrapped cloud: the hex off the landscape (ring 4) it was blown towards."""

    @property
    def flipped(self) -> bool:
        return self.before is not self.after


@dataclass(frozen=True)
class WeatherPhase:
    """One weather phase resolved: the clouds after it, each token's fate, the events."""

    wind: Wind
    previous: Direction | None
    clouds: Mapping[Hex, Stack]
    fates: Mapping[int, TokenFate]
    events: tuple[Event, ...]


# --- resolution ---------------------------------------------------------------------------


def _ids(stack: Iterable[CloudToken]) -> list[int]:
    return [t.id for t in stack]


def check_clouds(mountains: Collection[Hex], clouds: Mapping[Hex, Stack]) -> None:
    """Raise ``ValueError`` unless the clouds are a valid weather situation: mountains and
    clouds on landscape tiles, no cloud on a mountain, no empty stack, each token once, and
    every token of a Tempest on its storm side."""
    tiles = landscape_set()
    off = [] if isinstance(mountains, frozenset) and mountains <= tiles else \
        sorted(str(h) for h in mountains if h not in tiles)
    if off:
        raise ValueError(f"mountains off the landscape: {', '.join(off)}")
    seen: set[int] = set()
    for h, stack in clouds.items():
        if h not in tiles:
            raise ValueError(f"clouds off the landscape at {h}: clouds never cover cities")
        if h in mountains:
            raise ValueError(f"clouds on the mountain at {h}")
        if not stack:
            raise ValueError(f"an empty stack at {h}")
        if len(stack) >= 2 and any(t.side is not CloudSide.STORM for t in stack):
            raise ValueError(f"a Tempest at {h} has a token on its cumulus side")
        for t in stack:
            if t.id in seen:
                raise ValueError(f"cloud token {t.id} is on the landscape twice")
            seen.add(t.id)


class _Line:
    """The working state of one line while it is resolved (a plain class: a weather phase
    makes one for each line with clouds)."""

    __slots__ = ("arrivals", "events", "fates", "hexes", "stays", "wind")

    def __init__(self, hexes: tuple[Hex, ...], wind: Direction, events: list[Event],
                 fates: dict[int, TokenFate]) -> None:
        self.hexes = hexes
        self.wind = wind
        self.events = events
        self.fates = fates
        self.stays: dict[int, list[CloudToken]] = {}  # index -> tokens left
        self.arrivals: dict[int, list[CloudToken]] = {}  # index -> moved in

    def fate(self, token: CloudToken, start: Hex, end: Hex, after: CloudSide, why: Why,
             **extra: Any) -> None:
        self.fates[token.id] = TokenFate(token.id, start, end, token.side, after, why, **extra)

    def flip(self, token: CloudToken, side: CloudSide, hex_: Hex, reason: str) -> CloudToken:
        if token.side is side:
            return token
        self.events.append({"type": "cloud_flipped", "token": token.id, "hex": _hx(hex_),
                            "side": side.value, "reason": reason})
        return CloudToken(token.id, side)

    def land(self, token: CloudToken, start: Hex, index: int, why: Why, side: CloudSide,
             exit_: Hex | None = None) -> None:
        """``token`` (as it was at ``start``) reaches tile ``index``: it stacks onto the
        cloud staying there, if any (Tempest rule), or takes the tile."""
        h = self.hexes[index]
        base = self.stays.get(index, [])
        if why is Why.WRAPPED:
            self.events.append({"type": "cloud_wrapped", "token": token.id, "from": _hx(start),
                                "exit": _hx(exit_ if exit_ is not None else start), "to": _hx(h)})
        if base:
            tempest = "formed" if len(base) == 1 else "grew"
            base.append(CloudToken(token.id, CloudSide.STORM))
            self.events.append({"type": "cloud_stacked", "token": token.id, "hex": _hx(h),
                                "tokens": _ids(base), "tempest": tempest})
            if token.side is not CloudSide.STORM:
                self.events.append({"type": "cloud_flipped", "token": token.id, "hex": _hx(h),
                                    "side": CloudSide.STORM.value, "reason": "tempest"})
            self.fate(token, start, h, CloudSide.STORM, why, stacked=True, exit=exit_)
            # the cloud it stacked onto joins the Tempest on its storm side (already is)
            base[:] = [self.flip(t, CloudSide.STORM, h, "tempest") for t in base]
            return
        if why is Why.MOVED:
            self.events.append({"type": "cloud_moved", "token": token.id, "side": side.value,
                                "from": _hx(start), "to": _hx(h)})
        moved = CloudToken(token.id, side)
        if why is Why.WRAPPED:
            moved = self.flip(token, side, h, "wrapped")
        self.arrivals.setdefault(index, []).append(moved)
        self.fate(token, start, h, side, why, exit=exit_)


_Relief = tuple[int, tuple[Hex | None, ...], tuple[Hex | None, ...]]
"""A line's mountains: the index of the most upwind one (-1: none), and for each tile the
mountain downwind of it (``None``: none) and the nearest one upwind of it (``None``: none,
or the tile is one)."""


def _relief(hexes: tuple[Hex, ...], mountains: Collection[Hex]) -> _Relief:
    upwind_mountain = max((i for i, h in enumerate(hexes) if h in mountains), default=-1)
    ahead = tuple(hexes[i - 1] if i > 0 and hexes[i - 1] in mountains else None
                  for i in range(len(hexes)))
    shelter = tuple(None if h in mountains else
                    next((hexes[j] for j in range(i + 1, len(hexes)) if hexes[j] in mountains),
                         None) for i, h in enumerate(hexes))
    return upwind_mountain, ahead, shelter


_reliefs: dict[tuple[Direction, frozenset[Hex]], tuple[_Relief, ...]] = {}
"""The reliefs of the lines of a wind over a set of mountains (a game's few sets come
back at every weather phase)."""


def _reliefs_of(wind: Direction, mountains: frozenset[Hex]) -> tuple[_Relief, ...]:
    key = (wind, mountains)
    found = _reliefs.get(key)
    if found is None:
        if len(_reliefs) >= 256:
            _reliefs.clear()
        found = _reliefs[key] = tuple(_relief(hexes, mountains) for hexes in wind_lines(wind))
    return found


def _resolve_line(work: _Line, clouds: Mapping[Hex, Stack], mountains: Collection[Hex],
                  same_wind: bool, relief: _Relief | None = None) -> None:
    hexes = work.hexes
    n = len(hexes)
    upwind_mountain, aheads, shelters = _relief(hexes, mountains) if relief is None \
        else relief

    # C: the lee of the most upwind mountain is not blown at all.
    for i in range(upwind_mountain):
        h = hexes[i]
        shelter = shelters[i]
        if shelter is None or h not in clouds:  # a mountain
            continue
        for t in clouds[h]:
            work.events.append({"type": "cloud_sheltered", "token": t.id, "hex": _hx(h),
                                "mountain": _hx(shelter)})
            work.fate(t, h, h, t.side, Why.SHELTERED, obstacle=shelter)
        work.stays[i] = list(clouds[h])

    # The blown part, from downwind upwind: tile i sends its mover to tile i - 1.
    leaving: list[tuple[CloudToken, Hex]] = []  # blown out of the landscape (F)
    for i in range(upwind_mountain + 1, n):
        h = hexes[i]
        stack = clouds.get(h)
        if not stack:
            continue
        mountain = aheads[i]
        if len(stack) >= 2:
            if same_wind or mountain is not None:
                # "A Tempest never moves" / its top token "cannot cross the Mountain"
                event: Event = {"type": "tempest_held", "hex": _hx(h), "tokens": _ids(stack),
                                "reason": "same_wind" if same_wind else "mountain"}
                if mountain is not None:
                    event["mountain"] = _hx(mountain)
                work.events.append(event)
                for t in stack:
                    top_blocked = not same_wind and t is stack[-1]
                    work.fate(t, h, h, t.side, Why.BLOCKED if top_blocked else Why.HELD,
                              obstacle=mountain)
                work.stays[i] = list(stack)
                continue
            mover, base = stack[-1], list(stack[:-1])
            work.events.append({"type": "tempest_split", "hex": _hx(h), "token": mover.id,
                                "base": _ids(base)})
            for t in base:
                work.fate(t, h, h, t.side, Why.HELD)
            work.stays[i] = base
        else:
            mover = stack[0]
            if mountain is not None:
                # B and E: blocked against the mountain, flipped to its storm side
                work.events.append({"type": "cloud_blocked", "token": mover.id,
                                    "side": CloudSide.STORM.value, "hex": _hx(h),
                                    "mountain": _hx(mountain)})
                work.stays[i] = [work.flip(mover, CloudSide.STORM, h, "blocked")]
                work.fate(mover, h, h, CloudSide.STORM, Why.BLOCKED, obstacle=mountain)
                continue
        if i == 0:
            leaving.append((mover, h))
        else:
            work.land(mover, h, i - 1, Why.MOVED, mover.side)

    # F: back on the opposite tile of the line (its upwind end), white side up.
    for mover, h in leaving:
        work.land(mover, h, n - 1, Why.WRAPPED, CloudSide.CUMULUS, exit_=h.neighbor(work.wind))


def resolve(mountains: Collection[Hex], clouds: Mapping[Hex, Stack], wind: Wind,
            previous: Direction | None = None) -> WeatherPhase:
    """Resolve one weather phase for the clouds (section 4; the module docstring lists the
    rules and the decisions).

    ``mountains``: the mountain tiles; ``clouds``: the stacks on the landscape, bottom first;
    ``wind``: the flick's outcome; ``previous``: the direction of the last wind that blew
    (``last_direction``), which decides whether Tempests grow (same direction) or split.
    Raises ``ValueError`` for an invalid situation (``check_clouds``).
    """
    mountain_set = mountains if isinstance(mountains, frozenset) else frozenset(mountains)
    check_clouds(mountain_set, clouds)
    if isinstance(wind, Calm):
        fates = {t.id: TokenFate(t.id, h, h, t.side, t.side, Why.CALM)
                 for h, stack in clouds.items() for t in stack}
        return WeatherPhase(wind, previous, dict(clouds), dict(sorted(fates.items())), ())
    events: list[Event] = []
    fates = {}
    new_clouds: dict[Hex, Stack] = {}
    same_wind = wind == previous
    keys = clouds.keys()
    for hexes, relief in zip(wind_lines(wind), _reliefs_of(wind, mountain_set), strict=True):
        if keys.isdisjoint(hexes):
            continue
        work = _Line(hexes, wind, events, fates)
        _resolve_line(work, clouds, mountain_set, same_wind, relief)
        stays, arrivals = work.stays, work.arrivals
        for i in sorted(stays.keys() | arrivals.keys()):
            stack = stays.get(i, []) + arrivals.get(i, [])
            if stack:
                new_clouds[hexes[i]] = tuple(stack)
    assert all(len(s) == 1 or all(t.side is CloudSide.STORM for t in s)
               for s in new_clouds.values())
    return WeatherPhase(wind, previous, new_clouds, dict(sorted(fates.items())), tuple(events))


def blow(mountains: Collection[Hex], clouds: Mapping[Hex, Stack], wind: Wind,
         previous: Direction | None = None) -> tuple[dict[Hex, Stack], list[Event]]:
    """One weather phase for the clouds: the clouds after it and the events explaining it
    (``resolve`` gives each token's fate too)."""
    phase = resolve(mountains, clouds, wind, previous)
    return dict(phase.clouds), list(phase.events)
