"""The physical components of a Paragliders box as values: tiles, boards, tracks and cards.

skyhex ships one set (``standard-set.yaml``, beside this module); owners of the physical game
can describe theirs in the same format. ``components_from_dict`` expects a document already
valid against the ``components`` schema and adds the checks a schema cannot express.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any

from skyhex.rules.errors import InputError, Path, Problem
from skyhex.rules.hexgrid import Direction
from skyhex.rules.packaged import packaged_text, packaged_yaml
from skyhex.rules.paragliders.clock import parse_clock
from skyhex.rules.paragliders.features import NO_FEATURES, Antenna, HexFeatures, Landmark
from skyhex.rules.paragliders.terrain import THERMAL_TERRAINS, Terrain

FACES = ("a", "b")


class TileKind(StrEnum):
    START = "start"
    ANTENNA = "antenna"
    REGULAR = "regular"


class Side(StrEnum):
    """The two sides of an altitude track piece."""

    EASY = "easy"
    DIFFICULT = "difficult"


class SunExposure(StrEnum):
    EAST = "east"
    NONE = "none"
    WEST = "west"


@dataclass(frozen=True, slots=True)
class HexSpec:
    """One printed hexagon of a tile face."""

    terrain: Terrain
    features: HexFeatures = NO_FEATURES


TileFace = tuple[HexSpec, HexSpec, HexSpec]


@dataclass(frozen=True)
class Tile:
    """A tri-hex map tile; each face lists its hexes in tile order (see ``hexgrid``)."""

    id: str
    kind: TileKind
    faces: Mapping[str, TileFace]
    windsock: Direction | None = None

    def has_mountain(self, face: str) -> bool:
        return any(h.terrain is Terrain.MOUNTAIN for h in self.faces[face])

    def has_token(self, face: str) -> bool:
        """Whether the face carries a spawn number, an antenna or a GPS site."""
        return any(h.features.has_token for h in self.faces[face])


@dataclass(frozen=True)
class AerodromeTile:
    """A single-hex tile of the aerodrome mini-extension."""

    id: str
    faces: Mapping[str, Terrain]


@dataclass(frozen=True)
class AltitudeTrack:
    ground_m: int
    level_m: int
    mountaintop_easy: int
    difficult_drop: tuple[int, int, int]  # bottom, middle, top piece
    ceiling: int
    balloon: int
    survivor_arm: int

    def mountaintop(self, sides: tuple[Side, Side, Side] = (Side.EASY,) * 3) -> int:
        """The mountaintop level for the sides of the bottom, middle and top pieces."""
        return self.mountaintop_easy - sum(
            drop for drop, side in zip(self.difficult_drop, sides, strict=True) if side is Side.DIFFICULT
        )

    def metres(self, level: int) -> int:
        return self.ground_m + level * self.level_m


@dataclass(frozen=True)
class ThermalBoard:
    min: int
    max: int
    start: int
    values: Mapping[Terrain, tuple[int, ...]]

    def value(self, terrain: Terrain, position: int) -> int:
        """Altitude change for ending a move on ``terrain`` at temperature ``position``."""
        return self.values[terrain][position - self.min]

    def clamp(self, position: int) -> int:
        return max(self.min, min(self.max, position))


@dataclass(frozen=True)
class Clouds:
    rings: int
    tokens: int
    initial: int


@dataclass(frozen=True)
class TimeTrack:
    start: int  # minutes after midnight
    end: int
    step: int
    vp: tuple[int, ...]  # vp[i] is printed under step i

    def vp_at(self, minutes: int) -> int:
        return self.vp[(minutes - self.start) // self.step]


@dataclass(frozen=True)
class BoardHour:
    time: int
    temperature: int
    clouds: int


@dataclass(frozen=True)
class WeatherBoard:
    hours: tuple[BoardHour, ...]
    sun: tuple[tuple[int, SunExposure], ...]  # (from time, exposure), sorted

    def sun_at(self, minutes: int) -> SunExposure:
        exposure = self.sun[0][1]
        for time, value in self.sun:
            if time <= minutes:
                exposure = value
        return exposure


@dataclass(frozen=True)
class WeatherFace:
    temperature: int
    clouds: int
    wind: int
    rotation: int


@dataclass(frozen=True)
class WeatherTile:
    id: str
    faces: Mapping[str, WeatherFace]


@dataclass(frozen=True)
class SoloMarker:
    """A solo GPS marker: per side the three altitude levels it is collected at (low,
    middle, high); a blank marker has no sides and is collected at any altitude."""

    id: str
    sides: Mapping[str, tuple[int, int, int]]

    @property
    def blank(self) -> bool:
        return not self.sides


@dataclass(frozen=True)
class StuntRulers:
    timed: tuple[int, ...]  # Cliff Surfer and Lone Hiker, by 20-minute steps since placed
    survivor: tuple[int, ...]  # by levels above the mountaintop


@dataclass(frozen=True)
class SkillCards:
    total: int
    by_seat: tuple[int, int, int, int]
    solo_cross: int


@dataclass(frozen=True)
class ComponentSet:
    id: str
    title: str
    tiles: tuple[Tile, ...]
    aerodrome_tiles: tuple[AerodromeTile, ...]
    altitude: AltitudeTrack
    thermal: ThermalBoard
    clouds: Clouds
    time: TimeTrack
    weather_board: WeatherBoard
    weather_tiles: tuple[WeatherTile, ...]
    rulers: StuntRulers
    skill_cards: SkillCards
    solo_markers: tuple[SoloMarker, ...] = ()
    _tiles_by_id: dict[str, Tile] = field(init=False, repr=False, compare=False)
    _aero_by_id: dict[str, AerodromeTile] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_tiles_by_id", {t.id: t for t in self.tiles})
        object.__setattr__(self, "_aero_by_id", {t.id: t for t in self.aerodrome_tiles})

    def tile(self, tile_id: str) -> Tile | None:
        return self._tiles_by_id.get(tile_id)

    def aerodrome_tile(self, tile_id: str) -> AerodromeTile | None:
        return self._aero_by_id.get(tile_id)

    @property
    def start_tile(self) -> Tile:
        return next(t for t in self.tiles if t.kind is TileKind.START)

    @property
    def antenna_tiles(self) -> tuple[Tile, ...]:
        return tuple(t for t in self.tiles if t.kind is TileKind.ANTENNA)

    @property
    def regular_tiles(self) -> tuple[Tile, ...]:
        return tuple(t for t in self.tiles if t.kind is TileKind.REGULAR)


# --- reading a set ------------------------------------------------------------------------


def _hex_spec(data: str | dict[str, Any]) -> HexSpec:
    if isinstance(data, str):
        return HexSpec(Terrain(data))
    features = {k: v for k, v in data.items() if k != "terrain"}
    return HexSpec(Terrain(data["terrain"]), HexFeatures.from_dict(features) if features else NO_FEATURES)


def components_from_dict(doc: Mapping[str, Any]) -> ComponentSet:
    """Build a component set from a schema-valid document; ``InputError`` lists every
    inconsistency the schema cannot see (duplicate ids, a missing Starting Tile, ...)."""
    problems: list[Problem] = []

    def bad(rule: str, message: str, path: Path, hint: str | None = None) -> None:
        problems.append(Problem(f"components.{rule}", message, path, hint))

    tiles: list[Tile] = []
    seen: dict[str, int] = {}
    for i, t in enumerate(doc["tiles"]):
        path: Path = ("tiles", i)
        if t["id"] in seen:
            bad("duplicate-id", f"tile id {t['id']!r} is used twice", (*path, "id"))
        seen[t["id"]] = i
        faces: dict[str, TileFace] = {}
        for name, hexes in t["faces"].items():
            a, b, c = (_hex_spec(h) for h in hexes)  # the schema allows exactly three
            faces[name] = (a, b, c)
        kind = TileKind(t.get("kind", "regular"))
        windsock = Direction.parse(t["windsock"]) if "windsock" in t else None
        tile = Tile(t["id"], kind, faces, windsock)
        tiles.append(tile)
        for face, specs in faces.items():
            for pos, spec in enumerate(specs):
                fpath: Path = (*path, "faces", face, pos)
                f = spec.features
                if (f.takeoff or f.target) and kind is not TileKind.START:
                    bad("feature-kind", "take-off and target hexes belong on the Starting Tile",
                        fpath)
                if f.antenna is not None and kind is not TileKind.ANTENNA:
                    bad("feature-kind", "antennas belong on antenna tiles (kind: antenna)", fpath)
                if f.spawn is not None and f.spawn > doc["clouds"]["tokens"]:
                    bad("spawn-range", f"spawn number {f.spawn} has no cloud token "
                        f"(the bag holds 1-{doc['clouds']['tokens']})", fpath)
                if f.takeoff and spec.terrain is not Terrain.MOUNTAIN:
                    bad("takeoff-terrain", "take-off hexes are on the mountain", fpath)
                if spec.terrain is Terrain.AERODROME:
                    bad("aerodrome-terrain", "aerodrome hexes come from aerodrome_tiles", fpath)
    starts = [t for t in tiles if t.kind is TileKind.START]
    if len(starts) != 1:
        bad("start-tile", f"a set needs exactly one Starting Tile (kind: start), not {len(starts)}",
            ("tiles",))
    else:
        start = starts[0]
        i = seen[start.id]
        if "a" not in start.faces or len(start.faces) != 1:
            bad("start-tile", "the Starting Tile has a single face, named a", ("tiles", i, "faces"))
        for face, specs in start.faces.items():
            takeoffs = sum(s.features.takeoff for s in specs)
            targets = sum(s.features.target for s in specs)
            if takeoffs != 2 or targets != 1:
                bad("start-tile", "the Starting Tile has two take-off hexes and one target, "
                    f"not {takeoffs} and {targets}", ("tiles", i, "faces", face))
        if start.windsock is None:
            bad("start-tile", "the Starting Tile prints the initial wind direction (windsock)",
                ("tiles", i))
    colours: dict[Antenna, int] = {}
    for t in tiles:
        if t.kind is not TileKind.ANTENNA:
            continue
        i = seen[t.id]
        found = {s.features.antenna for specs in t.faces.values() for s in specs} - {None}
        per_face = [sum(s.features.antenna is not None for s in specs) for specs in t.faces.values()]
        if len(found) != 1 or any(n != 1 for n in per_face):
            bad("antenna-tile", "an antenna tile carries one antenna of one colour on each face",
                ("tiles", i, "faces"))
            continue
        colour = found.pop()
        assert colour is not None
        if colour in colours:
            bad("antenna-tile", f"two antenna tiles carry the {colour} antenna", ("tiles", i))
        colours[colour] = i
    missing = [a.value for a in Antenna if a not in colours]
    if missing:
        bad("antenna-tile", f"no antenna tile for {', '.join(missing)}", ("tiles",))
    spawns = {s.features.spawn for t in tiles for f in t.faces.values() for s in f}
    lost = [n for n in range(1, doc["clouds"]["tokens"] + 1) if n not in spawns]
    if lost:
        bad("spawn-missing", f"no tile prints spawn number(s) {', '.join(map(str, lost))}",
            ("tiles",), "every cloud token needs its spawn hex on some tile")
    sites = {s.features.gps for t in tiles for f in t.faces.values() for s in f}
    lost_sites = [g.value for g in Landmark if g not in sites]
    if lost_sites:
        bad("gps-missing", f"no tile prints the {', '.join(lost_sites)} GPS site", ("tiles",))

    aeros: list[AerodromeTile] = []
    for i, a in enumerate(doc.get("aerodrome_tiles", [])):
        if a["id"] in seen:
            bad("duplicate-id", f"tile id {a['id']!r} is used twice",
                ("aerodrome_tiles", i, "id"))
        seen[a["id"]] = -1
        faces_t = {name: Terrain(v) for name, v in a["faces"].items()}
        if Terrain.AERODROME not in faces_t.values():
            bad("aerodrome-tile", "an aerodrome tile shows an aerodrome on one face",
                ("aerodrome_tiles", i, "faces"))
        if Terrain.MOUNTAIN in faces_t.values():
            bad("aerodrome-tile", "aerodrome tiles have no mountain side",
                ("aerodrome_tiles", i, "faces"))
        aeros.append(AerodromeTile(a["id"], faces_t))

    at = doc["altitude_track"]
    drop = at["difficult_drop"]
    altitude = AltitudeTrack(
        ground_m=at["ground_m"], level_m=at["level_m"], mountaintop_easy=at["mountaintop"],
        difficult_drop=(drop["bottom"], drop["middle"], drop["top"]), ceiling=at["ceiling"],
        balloon=at["balloon"], survivor_arm=at["survivor_arm"],
    )
    lowest_top = altitude.mountaintop((Side.DIFFICULT,) * 3)
    if lowest_top < 1:
        bad("altitude", "with all difficult sides the mountaintop would be at or below ground",
            ("altitude_track", "difficult_drop"))
    if not altitude.mountaintop_easy < altitude.ceiling:
        bad("altitude", "the cloud ceiling must be above the mountaintop", ("altitude_track", "ceiling"))
    if altitude.balloon > altitude.ceiling:
        bad("altitude", "the balloon GPS must be at or below the ceiling", ("altitude_track", "balloon"))
    if not altitude.survivor_arm < lowest_top:
        bad("altitude", "the Survivor ruler must be armed below the lowest mountaintop",
            ("altitude_track", "survivor_arm"))

    tb = doc["thermal_board"]
    width = tb["max"] - tb["min"] + 1
    for terrain in THERMAL_TERRAINS:
        if len(tb["values"][terrain.value]) != width:
            bad("thermal", f"the {terrain} row needs {width} values (positions {tb['min']}..{tb['max']})",
                ("thermal_board", "values", terrain.value))
    if not tb["min"] <= tb["start"] <= tb["max"]:
        bad("thermal", "the start position is off the board", ("thermal_board", "start"))
    thermal = ThermalBoard(tb["min"], tb["max"], tb["start"],
                           {t: tuple(tb["values"][t.value]) for t in THERMAL_TERRAINS})

    c = doc["clouds"]
    clouds = Clouds(c["rings"], c["tokens"], c["initial"])
    if clouds.rings > clouds.tokens:
        bad("clouds", "every cloud ring needs a cloud token", ("clouds", "rings"))
    if clouds.initial > clouds.rings:
        bad("clouds", "more initial clouds than cloud rings", ("clouds", "initial"))

    tt = doc["time_track"]
    day_start, day_end, step = parse_clock(tt["start"]), parse_clock(tt["end"]), tt["step"]
    time = TimeTrack(day_start, day_end, step, tuple(tt["vp"]))
    if day_end <= day_start or (day_end - day_start) % 60 or 60 % step:
        bad("time", "the track must run whole hours in steps that divide an hour", ("time_track",))
    elif len(time.vp) != (day_end - day_start) // step + 1:
        bad("time", f"vp needs one value per step: {(day_end - day_start) // step + 1}", ("time_track", "vp"))

    wb = doc["weather_board"]
    hours = tuple(BoardHour(parse_clock(h["time"]), h["temperature"], h["clouds"]) for h in wb["hours"])
    expected = list(range(day_start, day_end, 60))
    if [h.time for h in hours] != expected:
        bad("weather-board", f"the board has one entry per hour from {tt['start']} to the hour "
            f"before {tt['end']}, in order", ("weather_board", "hours"))
    sun = tuple((parse_clock(s["time"]), SunExposure(s["exposure"])) for s in wb["sun"])
    if [t for t, _ in sun] != sorted({t for t, _ in sun}) or sun[0][0] != day_start:
        bad("weather-board", "sun entries start at the track's start, in time order",
            ("weather_board", "sun"))
    weather_board = WeatherBoard(hours, sun)

    wtiles = []
    for i, w in enumerate(doc["weather_tiles"]):
        if w["id"] in seen:
            bad("duplicate-id", f"tile id {w['id']!r} is used twice", ("weather_tiles", i, "id"))
        seen[w["id"]] = -1
        wtiles.append(WeatherTile(w["id"], {
            name: WeatherFace(f["temperature"], f["clouds"], f["wind"], f["rotation"])
            for name, f in w["faces"].items()
        }))
    if len(wtiles) < len(expected):
        bad("weather-tiles", f"a day needs {len(expected)} weather tiles, the set has {len(wtiles)}",
            ("weather_tiles",))

    markers = []
    for i, sm in enumerate(doc.get("solo_markers", [])):
        if sm["id"] in seen:
            bad("duplicate-id", f"id {sm['id']!r} is used twice", ("solo_markers", i, "id"))
        seen[sm["id"]] = -1
        sides = {name: (v[0], v[1], v[2]) for name, v in sm.get("sides", {}).items()}
        if bool(sm.get("blank", False)) == bool(sides):
            bad("solo-marker", "a solo marker has sides with altitudes, or is blank",
                ("solo_markers", i))
        for name, levels in sides.items():
            if list(levels) != sorted(levels):
                bad("solo-marker", "altitudes go low, middle, high",
                    ("solo_markers", i, "sides", name))
        markers.append(SoloMarker(sm["id"], sides))

    sr = doc["stunt_rulers"]
    sc = doc["skill_cards"]
    by_seat = tuple(sc["by_seat"])
    skill = SkillCards(sc["total"], (by_seat[0], by_seat[1], by_seat[2], by_seat[3]),
                       sc["solo_cross"])
    if sum(skill.by_seat) > skill.total or skill.solo_cross > skill.total:
        bad("skill-cards", f"more cards dealt than the {skill.total} in the box", ("skill_cards",))

    if problems:
        raise InputError(problems)
    return ComponentSet(
        id=doc["id"], title=doc.get("title", doc["id"]), tiles=tuple(tiles),
        aerodrome_tiles=tuple(aeros), altitude=altitude, thermal=thermal, clouds=clouds,
        time=time, weather_board=weather_board, weather_tiles=tuple(wtiles),
        rulers=StuntRulers(tuple(sr["timed"]), tuple(sr["survivor"])), skill_cards=skill,
        solo_markers=tuple(markers),
    )


STANDARD_SET_FILE = "standard-set.yaml"


def standard_set_text() -> str:
    """The packaged standard set, as shipped (YAML)."""
    return packaged_text("skyhex.rules.paragliders", STANDARD_SET_FILE)


@cache
def standard_set_doc() -> Mapping[str, Any]:
    """The standard set's document (read-only: copy before changing it)."""
    doc: dict[str, Any] = packaged_yaml("skyhex.rules.paragliders", STANDARD_SET_FILE)
    return doc


@cache
def standard_set() -> ComponentSet:
    """The standard set, parsed once. Its schema validity is guaranteed by the test suite."""
    return components_from_dict(standard_set_doc())
