"""Small builders for rules tests: a custom map given by a few hexes, a scenario that starts
from a position, and short ways to write turns and read events.

Games use the standard set plus twelve calm weather tiles (``rules_set``). Every board is a
disc of field hexes around (0, 0) (radius 4 unless told) whose marks sit out of the way
unless a test places them: the two take-off hexes (mountains) and the target in the
south-west corner, the antennas on the north and east edges.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from skyhex.rules.hexgrid import Direction, Hex, disc
from skyhex.rules.paragliders.actions import (
    LandChoice,
    MoveKind,
    Skill,
    Turn,
    TurnKind,
    WindChoice,
    WindKind,
)
from skyhex.rules.paragliders.components import (
    ComponentSet,
    components_from_dict,
    standard_set,
    standard_set_doc,
)
from skyhex.rules.paragliders.engine import Event, new_game
from skyhex.rules.paragliders.maps import Map, map_from_dict
from skyhex.rules.paragliders.scenario import Scenario, scenario_from_dict
from skyhex.rules.paragliders.state import Game, Pilot, State

HexLike = tuple[int, int]

TAKEOFFS: tuple[HexLike, HexLike] = ((-4, 4), (-3, 4))
TARGET: HexLike = (-2, 4)
ANTENNAS: Mapping[str, HexLike] = {"blue": (4, -4), "red": (4, 0), "yellow": (0, -4)}

# The standard set cannot fill a day with windless, cloudless tiles, so the test set adds
# twelve calm tiles (c01-c12: no temperature, cloud or wind change) and starts without the
# three setup clouds. A game started with the calm day makes no chance draw at setup, and
# crossing an hour changes only what the weather board prints (and any tile a test puts in).
CALM_DAY: tuple[str, ...] = tuple(f"c{i:02d}/a" for i in range(1, 13))


def day(**hours: str) -> list[str]:
    """The calm day with some hours replaced: ``day(h10="w18/a")`` puts w18/a at 10:00."""
    tiles = list(CALM_DAY)
    for key, face in hours.items():
        tiles[int(key[1:]) - 8] = face
    ids = [t.split("/")[0] for t in tiles]
    assert len(set(ids)) == len(ids), tiles
    return tiles


def board(terrain: Mapping[HexLike, str] | None = None, *, radius: int = 4,
          takeoffs: Iterable[HexLike] = TAKEOFFS, target: HexLike = TARGET,
          antennas: Mapping[str, HexLike] | None = None,
          spawns: Mapping[int, HexLike] | None = None,
          gps: Mapping[HexLike, str] | None = None,
          extra: Iterable[HexLike] = ()) -> Map:
    """A custom map: a disc of fields, the take-off hexes as mountains, then ``terrain``
    overrides (also for hexes outside the disc: ``extra`` adds more field hexes)."""
    kinds: dict[HexLike, str] = {(h.q, h.r): "field" for h in disc(Hex(0, 0), radius)}
    for h in extra:
        kinds[h] = "field"
    takeoffs = tuple(takeoffs)
    for h in takeoffs:
        kinds[h] = "mountain"
    kinds.update(terrain or {})
    features: dict[HexLike, dict[str, Any]] = {h: {} for h in kinds}
    for h in takeoffs:
        features[h]["takeoff"] = True
    features[target]["target"] = True
    for colour, h in {**ANTENNAS, **(antennas or {})}.items():
        features[h]["antenna"] = colour
    for number, h in (spawns or {}).items():
        features[h]["spawn"] = number
    for h, name in (gps or {}).items():
        features[h]["gps"] = name
    hexes = []
    for (q, r), kind in sorted(kinds.items()):
        entry: dict[str, Any] = {"q": q, "r": r, "terrain": kind}
        if features[(q, r)]:
            entry["features"] = features[(q, r)]
        hexes.append(entry)
    doc = {"format": "skyhex.map/1", "game": "paragliders", "layout": "custom",
           "hexes": hexes}
    return map_from_dict(doc, None)


def components(**tables: Any) -> ComponentSet:
    """The standard set with whole tables replaced (as a scenario's ``overrides`` do)."""
    if not tables:
        return standard_set()
    doc = copy.deepcopy(dict(standard_set_doc()))
    doc.update(tables)
    return components_from_dict(doc)


@cache
def rules_set() -> ComponentSet:
    """The standard set plus the calm tiles, without the setup clouds."""
    doc = standard_set_doc()
    calm = {"temperature": 0, "clouds": 0, "wind": 0, "rotation": 0}
    tiles = [*copy.deepcopy(doc["weather_tiles"]),
             *({"id": f"c{i:02d}", "faces": {"a": dict(calm), "b": dict(calm)}}
               for i in range(1, 13))]
    return components(weather_tiles=tiles, clouds={**doc["clouds"], "initial": 0})


def flying(h: HexLike, facing: str, altitude: int, **more: Any) -> dict[str, Any]:
    return {"state": "flying", "hex": list(h), "facing": facing, "altitude": altitude, **more}


def scenario(m: Map, players: Iterable[str] = ("yellow",), *,
             pilots: Mapping[str, dict[str, Any]] | None = None, time: str = "10:00",
             turn: str | None = None, temperature: int | None = 0, sun: str | None = "none",
             wind: tuple[str, int] | None = ("N", 0),
             clouds: Mapping[int, HexLike] | None = None, tiles: Iterable[str] | None = None,
             cs: ComponentSet | None = None, track: Any = "easy", stunts: Any = "none",
             position: bool = True, extra: Mapping[str, Any] | None = None,
             more: Mapping[str, Any] | None = None) -> Scenario:
    """A scenario on map ``m`` that starts at ``time`` (unless ``position`` is false). The
    defaults make the weather quiet: temperature 0 (the middle), no sun, no wind, no cloud.
    ``None`` leaves a part of the position out (its setup value); ``extra`` adds top-level
    scenario keys (``wind``, ...), ``more`` position keys (``wind_push``, ...)."""
    doc: dict[str, Any] = {
        "format": "skyhex.scenario/1", "game": "paragliders", "title": "rules test",
        "players": list(players), "map": "inline", "altitude_track": track, "stunts": stunts,
        "weather": {"tiles": list(tiles) if tiles is not None else list(CALM_DAY)},
    }
    if position:
        pos: dict[str, Any] = {"time": time, "pilots": dict(pilots or {})}
        if turn is not None:
            pos["turn"] = turn
        if temperature is not None:
            pos["temperature"] = temperature
        if sun is not None:
            pos["sun"] = sun
        if wind is not None:
            pos["wind"] = {"direction": wind[0], "strength": wind[1]}
        if clouds:
            pos["clouds"] = [{"ring": ring, "hex": list(h)} for ring, h in clouds.items()]
        pos.update(more or {})
        doc["position"] = pos
    doc.update(extra or {})
    return scenario_from_dict(doc, m, cs or rules_set())


def start(m: Map, players: Iterable[str] = ("yellow",), *,
          pinned: tuple[dict[str, Any], ...] = (), **kw: Any
          ) -> tuple[Game, State, list[Event]]:
    return new_game(scenario(m, players, **kw), pinned)


def move(player: str, kind: str = "straight", *, accelerate: bool = False,
         skill: Iterable[str] = (), land: str | None = None, mountain: HexLike | None = None,
         stunts: tuple[dict[str, str], ...] = ()) -> Turn:
    return Turn(player, TurnKind.MOVE, MoveKind(kind), accelerate=accelerate,
                skill=frozenset(Skill(s) for s in skill),
                land=LandChoice(land) if land else None,
                mountain=Hex(*mountain) if mountain else None, stunts=stunts)


def takeoff(player: str, h: HexLike, facing: str, kind: str = "straight", *,
            accelerate: bool = False, skill: Iterable[str] = ()) -> Turn:
    return Turn(player, TurnKind.TAKEOFF, MoveKind(kind), hex=Hex(*h),
                facing=Direction.parse(facing), accelerate=accelerate,
                skill=frozenset(Skill(s) for s in skill))


def relaunch(player: str, facing: str, kind: str = "straight") -> Turn:
    return Turn(player, TurnKind.RELAUNCH, MoveKind(kind), facing=Direction.parse(facing))


def pass_(player: str) -> Turn:
    return Turn(player, TurnKind.PASS)


def walk(player: str) -> Turn:
    return Turn(player, TurnKind.WALK)


def stuck(player: str, land: str | None = "final", mountain: HexLike | None = None) -> Turn:
    return Turn(player, TurnKind.STUCK, land=LandChoice(land) if land else None,
                mountain=Hex(*mountain) if mountain else None)


def wind(player: str, kind: str, land: str | None = None) -> WindChoice:
    return WindChoice(player, WindKind(kind), LandChoice(land) if land else None)


def pilot(state: State, ident: str) -> Pilot:
    p = state.pilot(ident)
    assert p is not None, ident
    return p


def where(state: State, ident: str) -> tuple[tuple[int, int] | None, str | None, int]:
    """(hex, facing, altitude) of a pilot, in plain values."""
    p = pilot(state, ident)
    return ((p.hex.q, p.hex.r) if p.hex else None, p.facing.name if p.facing is not None else None,
            p.altitude)


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def turn_event(events: list[Event]) -> Event:
    found = [e for e in events if e["type"] == "turn"]
    assert len(found) == 1, events
    return found[0]


def modifiers(event: Event) -> dict[str, int]:
    """The altitude modifiers of a turn or wind-push event, by name."""
    return {m["name"]: m["value"] for m in event["altitude"]["modifiers"]}


# Ten spawn hexes on the default board, away from the flights the tests make.
SPAWNS: Mapping[int, HexLike] = {1: (-3, 0), 2: (-2, 0), 3: (-1, 0), 4: (0, 0), 5: (1, 0),
                                 6: (2, 0), 7: (3, 0), 8: (-3, 2), 9: (-1, 2), 10: (1, 2)}


def rule_of(game: Game, state: State, action: Any) -> str:
    """The rule ``apply`` names when it refuses ``action``."""
    import pytest

    from skyhex.rules.errors import IllegalActionError
    from skyhex.rules.paragliders.engine import apply

    with pytest.raises(IllegalActionError) as err:
        apply(game, state, action)
    return err.value.rule
