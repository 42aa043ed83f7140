"""The values of a Turbulences game: ``Game`` (what never changes: the landscape's biomes,
the companies, the airports, the parcels' weights, the seed) and ``State`` (everything that
does). Both are frozen; the engine builds a new ``State`` for each action.

The state is the referee's view: ``Game.weights`` holds every parcel's weight. What one
company may know is ``engine.view``; the rules never read a weight except to score.

Decisions:

- **Companies** have a colour (any name), an aircraft type, a region (1-6, numbered counter-
  clockwise from the south-west side, ``landscape.py``) and the city (1-3) of their airport;
  ``player`` names who controls the company (in CLASSIC mode, its own pilot), so that the
  team modes can give one player two companies.
- **Turn order**: the regions are numbered counter-clockwise, so "clockwise" means decreasing
  region numbers (region 1 plays after region 2, region 6 after region 1), neutral regions
  skipped.
- **Parcels** are named ``<colour>-<n>``, n = 1-5 in the order of the regions that receive
  them (increasing region number, the owner's region skipped); the weights (2, 2, 3, 4, 5)
  are shuffled from the seed. A parcel is in one shipping zone (by region: at the start, or
  "in transit"), carried by an aircraft, delivered, or lost.
- **Modes** (section 8): ``Mode.CLASSIC``; ``Mode.TEAMS`` (pilots in teams of 2, partners on
  adjacent regions) and ``Mode.TWO_COMPANIES`` (2-3 players, each controlling the two
  companies of adjacent regions that share its ``Company.player``). Both team modes group
  the companies into ``Team``s; in CLASSIC each company is alone (``Game.allies(i) == (i,)``),
  so every team rule reduces to the CLASSIC one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, Any

from skyhex.rules import speed
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.turbulences.aircraft import AircraftType
from skyhex.rules.turbulences.landscape import (
    REGIONS,
    Biome,
    Half,
    Landscape,
    Stack,
    landscape_set,
    region_cities,
)
from skyhex.rules.turbulences.night import Night, NightRules
from skyhex.rules.turbulences.powers import NO_POWERS, PowerRules
from skyhex.rules.turbulences.tables import shared_board
from skyhex.rules.turbulences.tank import DEFAULT_EXPERT, ExpertRules
from skyhex.rules.turbulences.weather import Wind, WindRose

if TYPE_CHECKING:
    from skyhex.rules.turbulences.variant import Hooks

PARCEL_WEIGHTS = (2, 2, 3, 4, 5)
"""The five parcels of each colour (16 kilos in all)."""
SHIPPING_SPACES = 5
MAX_CARRIED = 2
END_DELIVERIES = 3
"""The game ends when a DELIVERY ZONE holds at least this many parcels."""


class Mode(StrEnum):
    """The game modes: CLASSIC, and the two team modes of section 8."""

    CLASSIC = "classic"
    TEAMS = "teams"  # "With 4 or More Pilots": teams of 2 partners
    TWO_COMPANIES = "two-companies"  # "With 2 or 3 Pilots": each controls 2 companies


class Phase(StrEnum):
    PILOTING = "piloting"  # the actor makes its journey (or passes)
    BOOST = "boost"  # the actor may activate its BOOST for a second journey
    OVER = "over"


_OVER = Phase.OVER  # read as a plain name: a member read off its class costs ten globals


@dataclass(frozen=True, slots=True)
class Company:
    """One company: its colour, aircraft type, region (1-6) and airport city (1-3)."""

    colour: str
    aircraft: AircraftType
    region: int
    city: int = 2
    player: str | None = None
    expert: bool = False
    """Flies in EXPERT mode (section 9): FUEL, ALTITUDE and a Jerrycan."""
    dial: int | None = None
    """EXPERT only: the city (1-3) of the region covered by the ALTITUDE dial ("This city
    disappears from the board and can no longer be used"); ``None``: the first city
    counter-clockwise that is not the airport."""

    @property
    def airport(self) -> Hex:
        return region_cities()[self.region - 1][self.city - 1]

    @property
    def covered(self) -> Hex | None:
        """The city hex under the company's ALTITUDE dial (EXPERT only)."""
        if not self.expert:
            return None
        dial = self.dial if self.dial is not None else (1 if self.city != 1 else 2)
        return region_cities()[self.region - 1][dial - 1]


@dataclass(frozen=True, slots=True)
class Team:
    """Companies playing together (section 8): two partners, or one player's two companies.
    ``name`` labels the team's score; ``members`` are company indexes."""

    name: str
    members: tuple[int, ...]


def clockwise_order(companies: Sequence[Company], first: int) -> tuple[int, ...]:
    """The companies in piloting order, clockwise (decreasing region number) from ``first``."""
    start = companies[first].region
    return tuple(sorted(range(len(companies)),
                        key=lambda i: (start - companies[i].region) % REGIONS))


@cache
def parcel_colour(parcel: str) -> str:
    """The colour (destination) of parcel ``<colour>-<n>`` (remembered: a game names 30
    parcels at most, and the rules and bots ask for their colours all the time)."""
    return parcel.rsplit("-", 1)[0]


@dataclass(frozen=True)
class Plane:
    """A company's aircraft and what it has: ``hex`` is a landscape tile (in flight), a city
    or airport (on the ground), or ``None`` (destroyed, waiting to be rebuilt)."""

    hex: Hex | None
    boost: bool = True
    carried: tuple[str, ...] = ()
    delivered: tuple[str, ...] = ()
    seen: frozenset[str] = frozenset()
    """The parcels of its colour (in the team modes: of its team's colours) whose weight the
    company has seen (landing where they wait, loading them, delivering them). Partners share
    what they have seen through ``engine.known_weight``."""
    fuel: int | None = None
    """EXPERT only (``None`` otherwise): the FUEL in the tank, 0-10."""
    altitude: int = 0
    """EXPERT: the ALTITUDE dial, 0-3 (0 on the ground)."""
    locked: int = 0
    """EXPERT: the ALTITUDE gained this turn, which "cannot be used this turn"."""
    jerrycan: int | None = None
    """EXPERT: the content of the Jerrycan token on the tank (the referee's view: it lies
    face down, nobody has looked at it)."""
    flipped: bool = False
    """EXPERT: the Jerrycan was consumed ("empty for the rest of the trip")."""
    grounded: bool = False
    """On the ground on a runway (the Emergency Runway module), its ``hex`` a landscape
    tile."""
    parachute: bool = False
    """Section 10: the Parachute is reserved in place of the BOOST (``boost`` is then
    ``False``)."""
    asteroid: bool = False
    """Section 10, BESIXDOUZE: its ASTEROID is active, it is a Mountain during the next
    weather phase."""

    evolve = speed.evolve


@dataclass(frozen=True, slots=True)
class Chute:
    """Section 10: the Parachute on the landscape, on the Cumulus covering ``hex``, with the
    ``parcels`` saved from the crash of company ``company``."""

    hex: Hex
    parcels: tuple[str, ...]
    company: int


@dataclass(frozen=True)
class State:
    turn: int
    first: int  # index of the first player's company
    order: tuple[int, ...]  # companies still to pilot this turn, the actor first
    planes: tuple[Plane, ...]  # by company index
    clouds: Mapping[Hex, Stack]  # never mutated
    shipping: tuple[tuple[str, ...], ...]  # the shipping zone of regions 1-6
    lost: tuple[str, ...] = ()
    wind: Wind | None = None  # this turn's flick
    last_direction: Direction | None = None  # the last wind that blew (Tempests grow in it)
    draws: int = 0
    phase: Phase = Phase.PILOTING
    pile: tuple[int, ...] = ()  # EXPERT: the Jerrycan draw pile (values, sorted)
    runways: Mapping[Hex, tuple[str, ...]] = field(default_factory=dict)
    """The Emergency Runway module: each runway built, with the parcels in its zone."""
    chute: Chute | None = None
    """Section 10: the Parachute on the landscape (``None``: reserved or on the table)."""
    night: Night | None = None
    """NIGHT FLIGHT (``night.py``): the NIGHT token and the tiles discovered; ``None`` by
    day."""

    evolve = speed.evolve

    @property
    def actor(self) -> int | None:
        """The index of the company to act, or ``None`` when the game is over."""
        return None if self.phase is _OVER else self.order[0]

    def with_plane(self, index: int, plane: Plane) -> State:
        """A copy with ``plane`` for company ``index`` (``evolve`` without its keywords:
        the engine changes one aircraft thousands of times a game)."""
        planes = list(self.planes)
        planes[index] = plane
        return speed.evolve_by(self, {"planes": tuple(planes)})

    def with_shipping(self, region: int, parcels: tuple[str, ...]) -> State:
        s = self.shipping
        return self.evolve(shipping=(*s[:region - 1], parcels, *s[region:]))


@dataclass(frozen=True)
class Game:
    """A game's fixed part, with lookup tables computed once."""

    landscape: Landscape
    companies: tuple[Company, ...]
    seed: int
    weights: Mapping[str, int]  # referee's view: every parcel's weight
    rose: WindRose = field(default_factory=WindRose)
    pinned: tuple[dict[str, Any], ...] = ()
    mode: Mode = Mode.CLASSIC
    teams: tuple[Team, ...] = ()  # empty in CLASSIC mode
    pinned_from: int = 0  # the draw ``pinned[0]`` pins (a position's draws; else 0)
    expert: ExpertRules = DEFAULT_EXPERT  # the EXPERT options (used by EXPERT companies)
    powers: PowerRules = NO_POWERS  # the special powers of section 10 on the table
    night: NightRules | None = None  # NIGHT FLIGHT (section 11); None by day
    biomes: Mapping[Hex, Biome] = field(init=False, repr=False)
    mountains: frozenset[Hex] = field(init=False, repr=False)
    halves: Mapping[Hex, Half] = field(init=False, repr=False)  # hexes of two half-tiles
    tiles: frozenset[Hex] = field(init=False, repr=False)
    airports: Mapping[Hex, int] = field(init=False, repr=False)  # airport hex -> region
    cities: Mapping[Hex, int] = field(init=False, repr=False)  # every city hex -> region
    team_of: Mapping[int, tuple[int, ...]] = field(init=False, repr=False)  # index -> allies
    colours_of: tuple[frozenset[str], ...] = field(init=False, repr=False)  # index -> team's
    region_airports: tuple[Hex, ...] = field(init=False, repr=False)  # region - 1 -> airport
    colour_airports: Mapping[str, Hex] = field(init=False, repr=False)  # colour -> airport
    legendaries: tuple[bool, ...] = field(init=False, repr=False)  # index -> Legendary
    team_airports: tuple[Mapping[Hex, int], ...] = field(init=False, repr=False)
    """Index -> the airports of its team (its own and its partners'), each with its
    company: where its carried parcels are delivered."""
    reach: Mapping[Hex, tuple[Hex, ...]] = field(init=False, repr=False)
    """The neighbours of each tile and city that an aircraft may ever enter: landscape tiles
    and airports (``piloting`` decides which are free)."""
    numbers: Mapping[str, int] = field(init=False, repr=False)  # colour -> company index
    experts: bool = field(init=False, repr=False)  # some company flies in EXPERT mode
    rings: tuple[tuple[int, ...], ...] = field(init=False, repr=False)  # first -> order
    hooks: Hooks = field(init=False, repr=False, compare=False)
    """The hooks of the variants the game plays (EXPERT, NIGHT FLIGHT, the powers:
    ``variant``), composed once for it."""
    board: tuple[object, ...] = field(init=False, repr=False, compare=False)
    """What the rules of a move read of the game, apart from chance and the weights: the
    landscape, the companies, the teams and the variants' rules. Games with equal boards
    have the same legal journeys: the listing's memos are keyed by it, so that they serve
    a world a bot samples as they serve the game (equal boards are one object:
    ``tables.shared_board``)."""

    def __post_init__(self) -> None:
        used = {c.region: c.airport for c in self.companies}
        covered = {c.covered for c in self.companies}
        airports = {used.get(r, cities[1]): r for r, cities in enumerate(region_cities(), 1)}
        team_of = {i: next((t.members for t in self.teams if i in t.members), (i,))
                   for i in range(len(self.companies))}
        tables: dict[str, Any] = {
            "biomes": dict(self.landscape.biomes), "mountains": self.landscape.mountains,
            "halves": dict(self.landscape.halves),
            "tiles": landscape_set(), "airports": airports,
            "cities": {h: r for r, cities in enumerate(region_cities(), 1) for h in cities
                       if h not in covered},
            "team_of": team_of,
            "colours_of": tuple(frozenset(self.companies[j].colour for j in team_of[i])
                                for i in range(len(self.companies))),
            "region_airports": tuple(next(h for h, r in airports.items() if r == region)
                                     for region in range(1, len(region_cities()) + 1)),
            "colour_airports": {c.colour: c.airport for c in self.companies},
            "legendaries": tuple(c.aircraft.legendary for c in self.companies),
            "team_airports": tuple({self.companies[j].airport: j for j in team_of[i]}
                                   for i in range(len(self.companies))),
            "numbers": {},
            "experts": any(c.expert for c in self.companies),
            "rings": tuple(clockwise_order(self.companies, first)
                           for first in range(len(self.companies))),
        }
        tiles = tables["tiles"]
        enterable = tiles | airports.keys()
        tables["reach"] = {h: tuple(n for n in h.neighbors() if n in enterable)
                           for h in (*tiles, *tables["cities"], *airports)}
        for i, c in enumerate(self.companies):
            tables["numbers"].setdefault(c.colour, i)
        for name, value in tables.items():
            object.__setattr__(self, name, value)
        from skyhex.rules.turbulences.variants import hooks_for  # it builds on the engine

        object.__setattr__(self, "hooks", hooks_for(self))
        object.__setattr__(self, "board", shared_board((
            self.landscape, self.companies, self.rose, self.mode, self.teams, self.expert,
            self.powers, self.night)))

    def redrawn(self, seed: int, weights: Mapping[str, int]) -> Game:
        """The game with another seed and other weights, no draws pinned: equal to
        ``dataclasses.replace(self, seed=seed, weights=weights, pinned=(), pinned_from=0)``,
        its tables (which depend on none of those) and its ``board`` shared, not made
        again (a bot samples such a world at every decision)."""
        return speed.evolve(self, seed=seed, weights=weights, pinned=(), pinned_from=0)

    def index(self, colour: str) -> int | None:
        return self.numbers.get(colour)

    @property
    def covered(self) -> frozenset[Hex]:
        """The cities under an ALTITUDE dial (EXPERT), which the NIGHT token skips."""
        return frozenset(h for c in self.companies if (h := c.covered) is not None)

    def allies(self, i: int) -> tuple[int, ...]:
        """Company ``i`` and its partners (in CLASSIC mode, ``i`` alone)."""
        return self.team_of[i]

    def team_colours(self, i: int) -> frozenset[str]:
        """The colours whose parcels company ``i`` may look at, carry and deliver."""
        return self.colours_of[i]

    @property
    def any_expert(self) -> bool:
        return self.experts

    def clockwise(self, first: int) -> tuple[int, ...]:
        """The companies in piloting order, clockwise (decreasing region number) from
        ``first``."""
        return self.rings[first]

    def region_airport(self, region: int) -> Hex:
        return self.region_airports[region - 1]


@dataclass(frozen=True)
class Position:
    """A moment of a game to start from (a scenario's ``position``), read and checked: the
    game turn, its first player and the companies still to act (company indexes, the actor
    first), the phase, every aircraft, the sky, the shipping zones (regions 1-6), the lost
    parcels, this turn's flick and the last wind that blew, and the chance draws made so
    far. ``weights`` ``None``: the weights setup draws from the seed."""

    turn: int
    first: int
    order: tuple[int, ...]
    planes: tuple[Plane, ...]
    clouds: Mapping[Hex, Stack]
    shipping: tuple[tuple[str, ...], ...]
    phase: Phase = Phase.PILOTING
    lost: tuple[str, ...] = ()
    wind: Wind | None = None
    last_direction: Direction | None = None
    weights: Mapping[str, int] | None = None
    draws: int = 0
    pile: tuple[int, ...] | None = None  # EXPERT: the Jerrycan pile (None: the setup's)
    runways: Mapping[Hex, tuple[str, ...]] = field(default_factory=dict)
    chute: Chute | None = None  # section 10: the Parachute on the landscape
    night: Night | None = None  # NIGHT FLIGHT: the token and the tiles discovered
