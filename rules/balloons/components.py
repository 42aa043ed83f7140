"""The component set of Balmy Balloonists (``skyhex.components/1``, ``game: balloons``): the
globe, the four decks, the chips, the seats and the Wind Rose. The standard set
(``standard-set.yaml``) is skyhex's own design (``docs/rules-notes.md``); a set file may
describe the physical box instead.

Cards:

- a **Local Wind** card moves the balloon it is played on north or south, by the balloon's
  altitude (``shifts``: +n north, -n south, 0 the dash), and may show the Misfortune and
  the Quadrant symbols;
- a **Quadrant** card gives the spaces a balloon moves (negative: backward) by altitude and
  lane, and on its right-hand edge a weather symbol per altitude, read only by the Bad
  Weather Misfortune;
- a **Misfortune** card lists its effects (``Effect``), applied in order;
- an **Advantage** card is held face up in front of its owner: a Permission for a
  restricted airspace, a Mountain guide (mountain zones may be traversed one level lower) or
  a Reserve tank (no Fuel chip at High altitude).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import cache, cached_property
from typing import Any

from skyhex.rules.balloons.globe import Globe, ZoneKind
from skyhex.rules.balloons.maps import globe_from_dict
from skyhex.rules.errors import InputError, Path, Problem
from skyhex.rules.packaged import packaged_text, packaged_yaml

STANDARD_SET_FILE = "standard-set.yaml"


class Altitude(IntEnum):
    """The four levels, by the number of altitude adjusters under the balloon."""

    GROUNDED = 0
    LOW = 1
    MEDIUM = 2
    HIGH = 3

    @property
    def label(self) -> str:
        return LABELS[self]

    @classmethod
    def named(cls, name: str) -> Altitude:
        return cls[name.upper()]


ALTITUDES: tuple[Altitude, ...] = tuple(Altitude)
"""The altitudes by their number: ``ALTITUDES[n]`` is ``Altitude(n)`` without the enum's
lookup by value (the engine turns numbers back into altitudes as balloons lose levels)."""
LABELS: tuple[str, ...] = tuple(a.name.lower() for a in ALTITUDES)
"""The altitudes' labels by their number, as files and logs write them (``label``: a
tuple read, where the enum's ``name`` is a descriptor call; events name altitudes
often)."""

FLYING = (Altitude.HIGH, Altitude.MEDIUM, Altitude.LOW)
"""The altitudes printed on the cards, top row first."""


class EffectKind(StrEnum):
    LOSE_LEVEL = "lose-level"
    LOSE_BALLAST = "lose-ballast"
    LOSE_GAS = "lose-gas"
    LOSE_FUEL = "lose-fuel"
    BACK = "back"  # spaces backward (west)
    NORTH = "north"
    SOUTH = "south"
    LOSE_TURN = "lose-turn"
    BAD_WEATHER = "bad-weather"  # the weather symbol of the balloon's Quadrant card


@dataclass(frozen=True)
class Effect:
    kind: EffectKind
    amount: int = 1

    def describe(self) -> str:
        n = self.amount
        return {
            EffectKind.LOSE_LEVEL: f"loses {n} level{'s' * (n > 1)}",
            EffectKind.LOSE_BALLAST: f"loses {n} Ballast chip{'s' * (n > 1)}",
            EffectKind.LOSE_GAS: f"loses {n} Gas chip{'s' * (n > 1)}",
            EffectKind.LOSE_FUEL: f"loses {n} Fuel chip{'s' * (n > 1)}",
            EffectKind.BACK: f"moves {n} space{'s' * (n > 1)} back",
            EffectKind.NORTH: f"moves {n} space{'s' * (n > 1)} north",
            EffectKind.SOUTH: f"moves {n} space{'s' * (n > 1)} south",
            EffectKind.LOSE_TURN: "its player loses the next turn",
            EffectKind.BAD_WEATHER: "bad weather: the symbol beside its altitude on its "
                                    "Quadrant card",
        }[self.kind]


@dataclass(frozen=True)
class LocalWind:
    id: str
    shifts: Mapping[Altitude, int]  # +n north, -n south, 0 the dash
    misfortune: bool = False
    quadrant: bool = False


@dataclass(frozen=True)
class QuadrantCard:
    id: str
    name: str
    moves: Mapping[Altitude, tuple[int, ...]]  # by lane, north first
    weather: Mapping[Altitude, str]


@dataclass(frozen=True)
class MisfortuneCard:
    id: str
    name: str
    effects: tuple[Effect, ...]


class AdvantageKind(StrEnum):
    PERMISSION = "permission"
    MOUNTAIN_GUIDE = "mountain-guide"
    RESERVE_TANK = "reserve-tank"


@dataclass(frozen=True)
class AdvantageCard:
    id: str
    name: str
    kind: AdvantageKind
    permission: str | None = None


@dataclass(frozen=True)
class Chips:
    ballast: int
    gas: int
    fuel: int


@dataclass(frozen=True)
class GeneratorSettings:
    """What ``map generate`` builds for this set: quadrants of ``sections_per_quadrant``
    (min, max) sections, ``spaces`` per section in each lane (north first), and how many
    zones of each kind, each of ``zone_size`` (min, max) spaces."""

    sections_per_quadrant: tuple[int, int]
    spaces: tuple[int, ...]
    exclusion: int
    brown: int
    white: int
    zone_size: tuple[int, int]


@dataclass(frozen=True)
class ComponentSet:
    id: str
    title: str | None
    rose: tuple[str, ...]  # the Wind Rose points, counter-clockwise: the balloons' colours
    players: tuple[int, int]
    hand: int  # a hand is drawn up to this many cards
    in_front: int  # option A is closed with this many cards in front
    advantages_dealt: int
    chips: Chips
    days: int  # rounds after which the race ends (the scenario may change it)
    globe: Globe
    generator: GeneratorSettings
    weather: Mapping[str, tuple[Effect, ...]]
    local_wind: Mapping[str, LocalWind]
    quadrant: Mapping[str, QuadrantCard]
    misfortune: Mapping[str, MisfortuneCard]
    advantage: Mapping[str, AdvantageCard]

    @property
    def lanes(self) -> int:
        """The lanes of the Quadrant cards (and of the set's globe)."""
        return self.globe.lanes

    @cached_property
    def local_wind_order(self) -> tuple[str, ...]:
        """The Local Wind cards in id order, the order a deck is drawn from (listed once
        per set: a deck is what is left of it)."""
        return tuple(sorted(self.local_wind))

    @property
    def permissions(self) -> frozenset[str]:
        return frozenset(a.permission for a in self.advantage.values()
                         if a.permission is not None)


def _shift(text: str) -> int:
    return 0 if text == "-" else (1 if text[0] == "N" else -1) * int(text[1:])


@cache  # a handful of values, written for every card played in a log
def shift_text(n: int) -> str:
    """A Local Wind instruction as printed: ``N1``, ``S2``, ``-``."""
    return "-" if n == 0 else f"{'N' if n > 0 else 'S'}{abs(n)}"


def components_from_dict(doc: Mapping[str, Any]) -> ComponentSet:
    """A component set from a schema-valid document; ``InputError`` lists every problem the
    schema cannot see (ids used twice, Quadrant cards without a value for every lane, weather
    symbols without a meaning, too few cards to deal)."""
    problems: list[Problem] = []

    def bad(rule: str, message: str, path: Path, hint: str | None = None) -> None:
        problems.append(Problem(f"components.{rule}", message, path, hint))

    globe = globe_from_dict(doc["globe"], ("globe",))
    lanes = globe.lanes
    seen: dict[str, Path] = {}

    def fresh(card_id: str, path: Path) -> bool:
        if card_id in seen:
            bad("duplicate-id", f"card id {card_id!r} is used twice", path,
                "give every card an id of its own")
            return False
        seen[card_id] = path
        return True

    weather = {name: tuple(Effect(EffectKind(e["kind"]), e.get("amount", 1)) for e in effects)
               for name, effects in doc["weather"].items()}
    local_wind = {}
    for i, c in enumerate(doc["local_wind"]):
        if fresh(c["id"], ("local_wind", i)):
            local_wind[c["id"]] = LocalWind(
                c["id"], {a: _shift(c[a.label]) for a in FLYING}, c.get("misfortune", False),
                c.get("quadrant", False))
    quadrant = {}
    for i, c in enumerate(doc["quadrant"]):
        path: Path = ("quadrant", i)
        for a in FLYING:
            if len(c[a.label]) != lanes:
                bad("quadrant-lanes", f"Quadrant card {c['id']}: {len(c[a.label])} values at "
                    f"{a.label} altitude, the globe has {lanes} lanes", (*path, a.label))
            if c["weather"][a.label] not in weather:
                bad("weather", f"Quadrant card {c['id']}: weather {c['weather'][a.label]!r} "
                    "has no meaning in the set's weather table", (*path, "weather", a.label),
                    f"one of {', '.join(weather)}")
        if fresh(c["id"], path):
            quadrant[c["id"]] = QuadrantCard(c["id"], c["name"],
                                             {a: tuple(c[a.label]) for a in FLYING},
                                             {a: c["weather"][a.label] for a in FLYING})
    misfortune = {}
    for i, c in enumerate(doc["misfortune"]):
        if fresh(c["id"], ("misfortune", i)):
            misfortune[c["id"]] = MisfortuneCard(
                c["id"], c["name"], tuple(Effect(EffectKind(e["kind"]), e.get("amount", 1))
                                          for e in c["effects"]))
    advantage = {}
    for i, c in enumerate(doc["advantage"]):
        kind = AdvantageKind(c["kind"])
        if (kind is AdvantageKind.PERMISSION) != ("permission" in c):
            bad("permission", f"Advantage card {c['id']}: a permission card names its "
                "permission, and only a permission card does", ("advantage", i))
        if fresh(c["id"], ("advantage", i)):
            advantage[c["id"]] = AdvantageCard(c["id"], c["name"], kind, c.get("permission"))
    low, high = doc["players"]["min"], doc["players"]["max"]
    rose = tuple(doc["rose"])
    if len(set(rose)) != len(rose):
        bad("rose", "a colour is printed twice on the Wind Rose", ("rose",))
    if high > len(rose) or low > high:
        bad("players", f"{low}-{high} players: at most one balloon per Wind Rose colour "
            f"({len(rose)})", ("players",))
    if len(quadrant) < globe.quadrants:
        bad("quadrant-count", f"{len(quadrant)} Quadrant cards for {globe.quadrants} quadrants",
            ("quadrant",))
    if high * (doc["hand"] + doc["in_front"]) >= len(local_wind):
        bad("local-wind-count", f"{len(local_wind)} Local Wind cards: fewer than "
            f"{high} players may hold in hand and in front of them", ("local_wind",),
            "a deck larger than max players x (hand + in front) never runs dry")
    if high * doc["advantages_dealt"] > len(advantage):
        bad("advantage-count", f"{len(advantage)} Advantage cards cannot deal "
            f"{doc['advantages_dealt']} to {high} players", ("advantage",))
    permissions = {a.permission for a in advantage.values()}
    for z, zone in enumerate(globe.zones):
        if zone.permission is not None and zone.permission not in permissions:
            bad("permission", f"zone {zone.name!r} needs permission {zone.permission!r}, "
                "which no Advantage card gives", ("globe", "zones", z, "permission"))
        if zone.kind is not ZoneKind.EXCLUSION and zone.permission is not None:
            bad("permission", f"zone {zone.name!r}: only restricted airspaces have a "
                "permission", ("globe", "zones", z, "permission"))
    g = doc["generator"]
    if len(g["spaces"]) != lanes:
        bad("generator", f"the generator's spaces give {len(g['spaces'])} lanes, the Quadrant "
            f"cards {lanes}", ("generator", "spaces"))
    if problems:
        raise InputError(problems)
    chips = doc["chips"]
    return ComponentSet(
        doc["id"], doc.get("title"), rose, (low, high), doc["hand"], doc["in_front"],
        doc["advantages_dealt"], Chips(chips["ballast"], chips["gas"], chips["fuel"]),
        doc["days"], globe,
        GeneratorSettings(tuple(g["sections_per_quadrant"]), tuple(g["spaces"]),
                          g["exclusion"], g["brown"], g["white"], tuple(g["zone_size"])),
        weather, local_wind, quadrant, misfortune, advantage)


def standard_set_text() -> str:
    """The packaged standard set, as shipped (YAML)."""
    return packaged_text("skyhex.rules.balloons", STANDARD_SET_FILE)


@cache
def standard_set_doc() -> Mapping[str, Any]:
    """The standard set's document (read-only: copy before changing it)."""
    doc: dict[str, Any] = packaged_yaml("skyhex.rules.balloons", STANDARD_SET_FILE)
    return doc


@cache
def standard_set() -> ComponentSet:
    """The standard set, parsed once. Its schema validity is guaranteed by the test suite."""
    return components_from_dict(standard_set_doc())
