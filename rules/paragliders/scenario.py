"""Paragliders scenarios (``skyhex.scenario/1``): who plays, on which map, with which track
sides, weather, wind, stunts and variants, from which seed, and optionally from which
position (like FEN in chess).

``scenario_from_dict`` reads a schema-valid document once its map and component set are
known, and raises ``InputError`` listing every semantic problem, each with its JSON path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from skyhex.rules import speed
from skyhex.rules.errors import InputError, Path, Problem
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.paragliders.clock import format_clock, parse_clock
from skyhex.rules.paragliders.components import ComponentSet, Side, SunExposure
from skyhex.rules.paragliders.features import Antenna, HexFeatures
from skyhex.rules.paragliders.maps import Map
from skyhex.rules.paragliders.stunts import TIMED_STUNTS, Stunt
from skyhex.rules.paragliders.terrain import Terrain

SCENARIO_FORMAT = "skyhex.scenario/1"
DEFAULT_SEED = 0


class Colour(StrEnum):
    YELLOW = "yellow"
    BLUE = "blue"
    RED = "red"
    GREEN = "green"


class Forecast(StrEnum):
    FULL = "full"
    SHORT = "short"  # only 3 tiles visible, one drawn at each weather change


class SoloMode(StrEnum):
    RACE = "race"
    CROSS = "cross"


class PilotStatus(StrEnum):
    IN_HAND = "in-hand"
    FLYING = "flying"
    WALKING = "walking"  # landed prematurely, walking back to the reserved mountain
    LANDED = "landed"  # final landing: out of the game


SPOTS = ("castle", "megaliths", "crop-circle", "golf-course", "antenna-blue", "antenna-red",
         "antenna-yellow")
"""Where cross-mode markers may lie: the four GPS spots and the three antenna spots."""


def spot_hexes(m: Map, spot: str) -> list[Hex]:
    """The hexes of a GPS or antenna spot (``castle``, ``antenna-red``, ...) on the map."""
    def matches(f: HexFeatures) -> bool:
        if spot.startswith("antenna-"):
            return f.antenna is not None and f.antenna.value == spot[len("antenna-"):]
        return f.gps is not None and f.gps.value == spot

    return sorted(h for h, mh in m.hexes.items() if matches(mh.features))


@dataclass(frozen=True)
class Player:
    seat: int  # 1-based, in turn order
    colour: Colour
    name: str | None = None

    @property
    def ident(self) -> str:
        """How files name this player: the custom name if any, else the colour."""
        return self.name or self.colour.value


@dataclass(frozen=True)
class CrossMarker:
    marker: str
    side: str | None  # None for the blank marker
    spot: str


@dataclass(frozen=True)
class SoloMarkerPlacement:
    marker: str
    side: str
    hex: Hex


@dataclass(frozen=True)
class StuntProgress:
    """One stunt of one pilot: scored (with its VP), the Survivor ruler armed, or a timed
    ruler placed ``since`` a time."""

    scored: int | None = None
    armed: bool = False
    since: int | None = None


@dataclass(frozen=True)
class PilotPosition:
    status: PilotStatus
    hex: Hex | None = None
    facing: Direction | None = None
    altitude: int = 0
    deficit: int = 0
    mountain: Hex | None = None
    time: int | None = None
    crashed: bool = False
    antennas: frozenset[Antenna] = frozenset()
    gps: frozenset[str] = frozenset()
    markers: frozenset[str] = frozenset()
    skill_cards: int | None = None  # None: the cards dealt at setup
    score: int = 0
    stunts: Mapping[Stunt, StuntProgress] = field(default_factory=dict)
    ledger: tuple[tuple[str, int], ...] | None = None  # None: ``score`` as one line


@dataclass(frozen=True)
class Position:
    """A moment of a game to start from. ``weather`` replaces every tile laid so far (the
    short ``forecast`` only those from the position's hour on); ``wind_push`` names the
    pilots still to choose in a wind-push round under way; ``draws`` counts the chance draws
    made before the position (seed draws go on from there, pinned draws start there)."""

    time: int
    turn: str | None = None
    temperature: int | None = None
    sun: SunExposure | None = None
    wind: tuple[Direction, int] | None = None
    clouds: tuple[tuple[int, Hex], ...] = ()
    forecast: tuple[tuple[str, str], ...] | None = None
    solo_markers: tuple[SoloMarkerPlacement, ...] = ()
    pilots: Mapping[str, PilotPosition] = field(default_factory=dict)
    weather: tuple[tuple[str, str], ...] | None = None
    altitude_track: tuple[Side, Side, Side] | None = None
    wind_push: tuple[str, ...] = ()
    draws: int = 0


@dataclass(frozen=True)
class Scenario:
    players: tuple[Player, ...]
    map: Map
    components: ComponentSet
    title: str | None = None
    seed: int = DEFAULT_SEED
    altitude_track: tuple[Side, Side, Side] | None = (Side.EASY,) * 3  # None: random
    forecast: Forecast = Forecast.FULL
    weather_tiles: tuple[tuple[str, str], ...] | None = None  # None: drawn from the seed
    wind_direction: Direction | None = None  # None: the Starting Tile's windsock
    wind_strength: int | None = None  # None: the 08:00 tile's
    stunts: frozenset[Stunt] = frozenset(Stunt)
    aerodromes: bool = False
    solo: SoloMode | None = None
    cross_markers: tuple[CrossMarker, ...] = ()
    position: Position | None = None

    def player(self, ident: str) -> Player | None:
        """The first player named ``ident`` by its name or its colour."""
        return _by_ident(self.players).get(ident)

    @property
    def hours(self) -> int:
        return len(self.components.weather_board.hours)


@speed.last_answer
def _by_ident(players: tuple[Player, ...]) -> dict[str, Player]:
    """Each player by its name and its colour, the first in seat order for a name two
    share (``Scenario.player`` is asked of every moves-file entry read)."""
    table: dict[str, Player] = {}
    for p in players:
        table.setdefault(p.ident, p)
        table.setdefault(p.colour.value, p)
    return table


def parse_face(text: str) -> tuple[str, str]:
    tile, _, face = text.partition("/")
    return tile, face


def _players(doc: list[Any], bad: Any) -> tuple[Player, ...]:
    taken = [p if isinstance(p, str) else p.get("colour") for p in doc]
    free = [c for c in Colour if c.value not in taken]
    players = []
    seen_colour: dict[str, int] = {}
    seen_ident: dict[str, int] = {}
    for i, entry in enumerate(doc):
        path: Path = ("players", i)
        if isinstance(entry, str):
            colour, name = Colour(entry), None
        else:
            name = entry.get("name")
            colour = Colour(entry["colour"]) if "colour" in entry else free.pop(0)
        if colour.value in seen_colour:
            bad("scenario.players", f"colour {colour} is taken by player {seen_colour[colour] + 1}",
                path if isinstance(entry, str) else (*path, "colour"))
        seen_colour[colour.value] = i
        player = Player(i + 1, colour, name)
        if name is not None:
            if name in seen_ident or (name in taken and name != colour.value):
                other = seen_ident.get(name, taken.index(name) if name in taken else 0)
                bad("scenario.players", f"{name!r} already names player {other + 1}",
                    (*path, "name"))
            seen_ident.setdefault(name, i)
        players.append(player)
    return tuple(players)


def scenario_from_dict(doc: Mapping[str, Any], m: Map, components: ComponentSet) -> Scenario:
    """Read a schema-valid scenario whose map and components are already loaded."""
    problems: list[Problem] = []

    def bad(rule: str, message: str, path: Path, hint: str | None = None) -> None:
        problems.append(Problem(rule, message, path, hint))

    players = _players(doc["players"], bad)

    track = doc.get("altitude_track", "easy")
    sides: tuple[Side, Side, Side] | None
    if track == "random":
        sides = None
    elif isinstance(track, str):
        sides = (Side(track),) * 3
    else:
        sides = (Side(track[0]), Side(track[1]), Side(track[2]))

    weather = doc.get("weather", {})
    forecast = Forecast(weather.get("forecast", "full"))
    tiles_doc = weather.get("tiles", "random")
    tiles: tuple[tuple[str, str], ...] | None = None
    hours = len(components.weather_board.hours)
    if tiles_doc != "random":
        tiles = tuple(parse_face(t) for t in tiles_doc)
        if len(tiles) != hours:
            bad("scenario.weather", f"the day needs {hours} weather tiles (one an hour), not "
                f"{len(tiles)}", ("weather", "tiles"))
        used: dict[str, int] = {}
        for i, (tile_id, face) in enumerate(tiles):
            tile = next((w for w in components.weather_tiles if w.id == tile_id), None)
            if tile is None:
                bad("scenario.weather", f"unknown weather tile {tile_id!r}", ("weather", "tiles", i))
            elif face not in tile.faces:
                bad("scenario.weather", f"weather tile {tile_id!r} has no face {face!r}",
                    ("weather", "tiles", i))
            if tile_id in used:
                bad("scenario.weather", f"weather tile {tile_id} is used twice (hours "
                    f"{used[tile_id] + 1} and {i + 1})", ("weather", "tiles", i),
                    "each tile lies once on the weather board")
            used.setdefault(tile_id, i)

    wind = doc.get("wind", {})
    direction = Direction.parse(wind["direction"]) if "direction" in wind else None

    variants = doc.get("variants", {})
    solo = SoloMode(variants["solo"]) if "solo" in variants else None
    if len(players) == 1 and solo is None:
        solo = SoloMode.RACE
    if solo is not None and len(players) != 1:
        bad("scenario.variants", f"the solo {solo} mode is for one player, not {len(players)}",
            ("variants", "solo"))

    stunts_doc = doc.get("stunts", "all")
    if stunts_doc == "all":
        stunts = frozenset(Stunt)
        if solo is SoloMode.RACE:
            stunts -= {Stunt.LONE_HIKER}
        if solo is SoloMode.CROSS:
            stunts = frozenset()
    elif stunts_doc == "none":
        stunts = frozenset()
    else:
        stunts = frozenset(Stunt(s) for s in stunts_doc)
        if solo is SoloMode.RACE and Stunt.LONE_HIKER in stunts:
            bad("scenario.stunts", "the Lone Hiker is not playable in solo race mode",
                ("stunts", list(stunts_doc).index("lone-hiker")))
        if solo is SoloMode.CROSS and stunts:
            bad("scenario.stunts", "cross mode leaves the stunt markers in the box", ("stunts",))

    has_aerodromes = bool(m.terrain_hexes(Terrain.AERODROME))
    aerodromes = variants.get("aerodromes", has_aerodromes)
    if aerodromes != has_aerodromes:
        bad("scenario.variants", "the map has aerodrome hexes" if has_aerodromes else
            "the map has no aerodrome hexes", ("variants", "aerodromes"),
            f"set aerodromes: {str(has_aerodromes).lower()}, or use another map")

    cross: list[CrossMarker] = []
    if "cross_markers" in variants and solo is not SoloMode.CROSS:
        bad("scenario.variants", "cross_markers belong to the cross mode (solo: cross)",
            ("variants", "cross_markers"))
    if solo is SoloMode.CROSS and "cross_markers" not in variants:
        bad("scenario.variants", "cross mode needs 3 to 6 cross_markers", ("variants",))
    markers = {sm.id: sm for sm in components.solo_markers}
    spots_used: dict[str, int] = {}
    for i, cm in enumerate(variants.get("cross_markers", [])):
        path: Path = ("variants", "cross_markers", i)
        marker = markers.get(cm["marker"])
        side = cm.get("side")
        if marker is None:
            bad("scenario.cross", f"unknown solo GPS marker {cm['marker']!r} (the set has "
                f"{', '.join(markers) or 'none'})", (*path, "marker"))
        elif marker.blank and side is not None:
            bad("scenario.cross", f"marker {marker.id} is blank: it has no side to choose",
                (*path, "side"))
        elif not marker.blank and side is None:
            bad("scenario.cross", f"choose the side of marker {marker.id} (a or b)", path)
        elif side is not None and side not in marker.sides:
            bad("scenario.cross", f"marker {marker.id} has no side {side!r}", (*path, "side"))
        if any(c.marker == cm["marker"] for c in cross):
            bad("scenario.cross", f"marker {cm['marker']} is placed twice", (*path, "marker"))
        if not spot_hexes(m, cm["spot"]):
            bad("scenario.cross", f"the map has no {cm['spot']} spot", (*path, "spot"))
        if cm["spot"] in spots_used:
            bad("scenario.cross", f"two markers on the {cm['spot']} spot", (*path, "spot"))
        spots_used[cm["spot"]] = i
        cross.append(CrossMarker(cm["marker"], side, cm["spot"]))

    scenario = Scenario(
        players=players, map=m, components=components, title=doc.get("title"),
        seed=doc.get("seed", DEFAULT_SEED), altitude_track=sides, forecast=forecast,
        weather_tiles=tiles, wind_direction=direction, wind_strength=wind.get("strength"),
        stunts=stunts, aerodromes=bool(aerodromes), solo=solo, cross_markers=tuple(cross),
    )
    position = None
    if "position" in doc:
        position = _position(doc["position"], scenario, bad)
    if problems:
        raise InputError(problems)
    return replace(scenario, position=position)


def _hex(value: list[int]) -> Hex:
    return Hex(value[0], value[1])


def _position(doc: Mapping[str, Any], sc: Scenario, bad: Any) -> Position:
    cs, m = sc.components, sc.map
    base: Path = ("position",)
    time = parse_clock(doc["time"])
    track = cs.time
    if not track.start <= time < track.end or (time - track.start) % track.step:
        bad("position.time", f"{doc['time']} is not a step of the time track "
            f"({format_clock(track.start)} to the last step before {format_clock(track.end)}, "
            f"every {track.step} minutes)", (*base, "time"))

    def on_map(value: list[int], path: Path, what: str) -> Hex:
        h = _hex(value)
        if h not in m.hexes:
            bad("position.hex", f"{what} {h} is not on the map", path)
        return h

    temperature = doc.get("temperature")
    if temperature is not None and not cs.thermal.min <= temperature <= cs.thermal.max:
        bad("position.temperature", f"temperature {temperature} is off the thermal board "
            f"({cs.thermal.min}..{cs.thermal.max})", (*base, "temperature"))
    wind = None
    if "wind" in doc:
        wind = (Direction.parse(doc["wind"]["direction"]), doc["wind"]["strength"])
    clouds = []
    rings: set[int] = set()
    for i, c in enumerate(doc.get("clouds", [])):
        path: Path = (*base, "clouds", i)
        if c["ring"] > cs.clouds.rings:
            bad("position.clouds", f"there are {cs.clouds.rings} cloud rings, no ring {c['ring']}",
                (*path, "ring"))
        if c["ring"] in rings:
            bad("position.clouds", f"cloud ring {c['ring']} is on the map twice", (*path, "ring"))
        rings.add(c["ring"])
        clouds.append((c["ring"], on_map(c["hex"], (*path, "hex"), "cloud hex")))
    forecast = None
    if "forecast" in doc:
        if sc.forecast is not Forecast.SHORT:
            bad("position.forecast", "a forecast list belongs to the short-forecast variant",
                (*base, "forecast"))
        forecast = tuple(parse_face(t) for t in doc["forecast"])
        for i, (tile_id, face) in enumerate(forecast):
            tile = next((w for w in cs.weather_tiles if w.id == tile_id), None)
            if tile is None or face not in tile.faces:
                bad("position.forecast", f"unknown weather tile face {tile_id}/{face}",
                    (*base, "forecast", i))
    weather = _weather(doc, sc, time, bad) if "weather" in doc else None
    sides = sc.altitude_track
    if "altitude_track" in doc:
        sides = (Side(doc["altitude_track"][0]), Side(doc["altitude_track"][1]),
                 Side(doc["altitude_track"][2]))
        if sc.altitude_track is not None and sides != sc.altitude_track:
            bad("position.altitude-track", "the scenario's track sides are "
                f"{', '.join(s.value for s in sc.altitude_track)}", (*base, "altitude_track"),
                "a position names the sides only when the scenario draws them (random)")
    solo_markers = []
    known_markers = {sm.id: sm for sm in cs.solo_markers}
    for i, sm in enumerate(doc.get("solo_markers", [])):
        path = (*base, "solo_markers", i)
        if sc.solo is not SoloMode.RACE:
            bad("position.solo-markers", "solo GPS markers on the map belong to the solo race",
                path)
        marker = known_markers.get(sm["marker"])
        if marker is None or sm["side"] not in marker.sides:
            bad("position.solo-markers", f"unknown solo marker side {sm['marker']}/{sm['side']}",
                path)
        solo_markers.append(SoloMarkerPlacement(sm["marker"], sm["side"],
                                                on_map(sm["hex"], (*path, "hex"), "marker hex")))

    top = cs.altitude.mountaintop(sides) if sides else None
    pilots: dict[str, PilotPosition] = {}
    places: dict[tuple[Hex, int], str] = {}
    for ident, p in doc.get("pilots", {}).items():
        path = (*base, "pilots", ident)
        player = sc.player(ident)
        if player is None:
            bad("position.pilots", f"no player is called {ident!r} (players: "
                f"{', '.join(pl.ident for pl in sc.players)})", path)
            continue
        status = PilotStatus(p["state"])
        extra = [k for k in ("hex", "facing", "altitude", "deficit", "mountain", "time", "crashed")
                 if k in p and k not in _FIELDS[status]]
        for k in extra:
            bad("position.pilots", f"a pilot {status} has no {k}", (*path, k))
        h = on_map(p["hex"], (*path, "hex"), "hex") if "hex" in p else None
        altitude = p.get("altitude", 0)
        if status is PilotStatus.FLYING and h is not None and h in m.hexes:
            terrain = m.hexes[h].terrain
            if not 1 <= altitude <= cs.altitude.ceiling:
                bad("position.altitude", f"a flying pilot is between 1 and the ceiling "
                    f"({cs.altitude.ceiling}), not at {altitude}", (*path, "altitude"))
            if terrain is Terrain.AERODROME:
                bad("position.hex", f"{h} is an aerodrome: a no-fly zone", (*path, "hex"))
            if terrain is Terrain.MOUNTAIN:
                if top is None:
                    bad("position.altitude", "a pilot over a mountain needs known altitude "
                        "track sides (not random)", ("altitude_track",))
                elif altitude < top:
                    bad("position.altitude", f"over a mountain a pilot flies at the mountaintop "
                        f"({top}) or higher, not {altitude}", (*path, "altitude"))
            other = places.get((h, altitude))
            if other is not None:
                bad("position.collision", f"{ident} and {other} are both at {h} altitude "
                    f"{altitude}", path)
            places[(h, altitude)] = ident
        mountain = None
        if "mountain" in p:
            mountain = on_map(p["mountain"], (*path, "mountain"), "mountain")
            if mountain in m.hexes and m.hexes[mountain].terrain is not Terrain.MOUNTAIN:
                bad("position.mountain", f"{mountain} is not a mountain hex", (*path, "mountain"))
        landed_at = parse_clock(p["time"]) if "time" in p else None
        if landed_at is not None and landed_at > time:
            bad("position.time", f"landed at {p['time']}, after the position's "
                f"{doc['time']}", (*path, "time"))
        markers = frozenset(p.get("markers", []))
        if markers and sc.solo is not SoloMode.CROSS:
            bad("position.markers", "solo GPS markers are collected in cross mode",
                (*path, "markers"))
        skill = p.get("skill_cards")
        if skill is not None and skill > cs.skill_cards.total:
            bad("position.skill-cards", f"the box holds {cs.skill_cards.total} Skill Move cards",
                (*path, "skill_cards"))
        progress: dict[Stunt, StuntProgress] = {}
        for name, value in p.get("stunts", {}).items():
            stunt = Stunt(name)
            spath: Path = (*path, "stunts", name)
            if stunt not in sc.stunts:
                bad("position.stunts", f"the {stunt} stunt is not in play", spath)
            if value == "armed":
                if stunt is not Stunt.SURVIVOR:
                    bad("position.stunts", "only the Survivor ruler is armed", spath)
                progress[stunt] = StuntProgress(armed=True)
            elif isinstance(value, dict):
                if stunt not in TIMED_STUNTS:
                    bad("position.stunts", "only the Cliff Surfer and Lone Hiker rulers are "
                        "placed at a time", spath)
                since = parse_clock(value["since"])
                if since > time:
                    bad("position.stunts", f"placed at {value['since']}, after the position's "
                        f"{doc['time']}", spath)
                progress[stunt] = StuntProgress(since=since)
            else:
                progress[stunt] = StuntProgress(scored=int(value))
        gps = frozenset(p.get("gps", []))
        ledger = None
        score = p.get("score", 0)
        if "ledger" in p:
            ledger = tuple((line["reason"], line["vp"]) for line in p["ledger"])
            total = sum(vp for _, vp in ledger)
            if "score" in p and score != total:
                bad("position.score", f"the ledger sums to {total}, not {score}",
                    (*path, "score"), "leave score out: the ledger's sum is the score")
            score = total
        pilots[player.ident] = PilotPosition(
            status=status, hex=h, facing=Direction.parse(p["facing"]) if "facing" in p else None,
            altitude=altitude, deficit=p.get("deficit", 0), mountain=mountain, time=landed_at,
            crashed=p.get("crashed", False), antennas=frozenset(Antenna(a) for a in
                                                                 p.get("antennas", [])),
            gps=gps, markers=markers, skill_cards=skill, score=score,
            stunts=progress, ledger=ledger)
    turn = doc.get("turn")
    if turn is not None:
        player = sc.player(turn)
        if player is None:
            bad("position.turn", f"no player is called {turn!r}", (*base, "turn"))
        elif (pilots.get(player.ident) or PilotPosition(PilotStatus.IN_HAND)).status is \
                PilotStatus.LANDED:
            bad("position.turn", f"{turn} has landed for the day and takes no more turns",
                (*base, "turn"))
        else:
            turn = player.ident
    push = _wind_push(doc, sc, time, wind, pilots, bad)
    return Position(
        time=time, turn=turn, temperature=temperature,
        sun=SunExposure(doc["sun"]) if "sun" in doc else None, wind=wind, clouds=tuple(clouds),
        forecast=forecast, solo_markers=tuple(solo_markers), pilots=pilots, weather=weather,
        altitude_track=sides if "altitude_track" in doc else None, wind_push=push,
        draws=doc.get("draws", 0))


def _weather(doc: Mapping[str, Any], sc: Scenario, time: int, bad: Any
             ) -> tuple[tuple[str, str], ...]:
    """The position's ``weather``: every tile face laid so far, checked."""
    base: Path = ("position", "weather")
    cs = sc.components
    faces = tuple(parse_face(t) for t in doc["weather"])
    if "forecast" in doc:
        bad("position.weather", "give the weather tiles laid (weather) or the short forecast "
            "(forecast), not both", base)
    used: dict[str, int] = {}
    for i, (tile_id, face) in enumerate(faces):
        tile = next((w for w in cs.weather_tiles if w.id == tile_id), None)
        if tile is None or face not in tile.faces:
            bad("position.weather", f"unknown weather tile face {tile_id}/{face}", (*base, i))
        if tile_id in used:
            bad("position.weather", f"weather tile {tile_id} is laid twice (hours "
                f"{used[tile_id] + 1} and {i + 1})", (*base, i))
        used.setdefault(tile_id, i)
    hour = max((time - cs.time.start) // 60, 0)
    wanted = sc.hours if sc.forecast is Forecast.FULL else min(hour + 3, sc.hours)
    if len(faces) != wanted:
        what = "the whole day" if sc.forecast is Forecast.FULL else \
            "the tiles up to two hours ahead (short forecast)"
        bad("position.weather", f"{wanted} weather tiles are known at "
            f"{format_clock(time)}, {what}, not {len(faces)}", base)
    return faces


def _wind_push(doc: Mapping[str, Any], sc: Scenario, time: int,
               wind: tuple[Direction, int] | None, pilots: Mapping[str, PilotPosition],
               bad: Any) -> tuple[str, ...]:
    """The pilots still to choose in a wind-push round under way, checked."""
    base: Path = ("position", "wind_push")
    push: list[str] = []
    for i, ident in enumerate(doc.get("wind_push", [])):
        player = sc.player(ident)
        if player is None:
            bad("position.wind-push", f"no player is called {ident!r}", (*base, i))
            continue
        if player.ident in push:
            bad("position.wind-push", f"{ident} is listed twice", (*base, i))
        q = pilots.get(player.ident)
        if q is None or q.status is not PilotStatus.FLYING:
            bad("position.wind-push", f"{ident} is not flying: only flying pilots are pushed",
                (*base, i))
        push.append(player.ident)
    if push:
        if "turn" in doc:
            bad("position.turn", "the wind-push round is under way: the next turn is the "
                "first pilot's of the round", ("position", "turn"))
        if wind is None or wind[1] == 0:
            bad("position.wind-push", "a wind-push round needs the position's wind, of "
                "strength 1 or 2", base)
        if (time - sc.components.time.start) % 60 or time == sc.components.time.start:
            bad("position.wind-push", "a wind-push round follows a weather change, on the "
                f"hour, not at {format_clock(time)}", base)
    return tuple(push)


_FIELDS: dict[PilotStatus, set[str]] = {
    PilotStatus.IN_HAND: set(),
    PilotStatus.FLYING: {"hex", "facing", "altitude"},
    PilotStatus.WALKING: {"hex", "deficit", "mountain", "time", "crashed"},
    PilotStatus.LANDED: {"hex", "time", "crashed"},
}
