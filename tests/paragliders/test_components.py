"""The standard component set: schema-valid, complete, and true to the rulebook's facts."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest
import yaml

from skyhex.rules.errors import InputError
from skyhex.rules.paragliders.clock import parse_clock
from skyhex.rules.paragliders.components import (
    ComponentSet,
    Side,
    SunExposure,
    TileKind,
    components_from_dict,
    standard_set_text,
)
from skyhex.rules.paragliders.features import Antenna, Landmark
from skyhex.rules.paragliders.terrain import Terrain
from skyhex.schemas import schema
from skyhex.schemas.documents import parse, schema_problems


@pytest.fixture()
def raw() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(standard_set_text())
    return data


def test_standard_set_is_schema_valid() -> None:
    assert schema_problems(parse(standard_set_text(), "standard-set.yaml"), "components") == []


def test_tile_counts(standard: ComponentSet) -> None:
    """Rulebook: "61 Map Tiles (double-sided)", "6 Aerodrome tiles", "18 Weather Tiles"."""
    kinds = Counter(t.kind for t in standard.tiles)
    assert kinds == {TileKind.START: 1, TileKind.ANTENNA: 3, TileKind.REGULAR: 57}
    assert all(len(t.faces) == 2 for t in standard.tiles if t.kind is not TileKind.START)
    assert len(standard.aerodrome_tiles) == 6
    assert len(standard.weather_tiles) == 18
    assert all(len(w.faces) == 2 for w in standard.weather_tiles)
    assert (standard.clouds.rings, standard.clouds.tokens, standard.clouds.initial) == (7, 10, 3)


def test_starting_tile(standard: ComponentSet) -> None:
    (face,) = standard.start_tile.faces.values()
    assert [h.terrain for h in face] == [Terrain.FIELD, Terrain.MOUNTAIN, Terrain.MOUNTAIN]
    assert [h.features.target for h in face] == [True, False, False]
    assert [h.features.takeoff for h in face] == [False, True, True]


def test_every_spawn_number_and_site_on_a_fixed_tile_on_both_faces(standard: ComponentSet) -> None:
    for tile in standard.regular_tiles:
        a, b = (tile.faces[f] for f in ("a", "b"))
        assert tile.has_mountain("a") == tile.has_mountain("b"), tile.id
        assert [h.features for h in a] == [h.features for h in b], tile.id
    spawns = Counter(h.features.spawn for t in standard.tiles for h in t.faces["a"]
                     if h.features.spawn is not None)
    assert spawns == {n: 1 for n in range(1, 11)}
    sites = Counter(h.features.gps for t in standard.tiles for h in t.faces["a"] if h.features.gps)
    assert sites == {Landmark.CASTLE: 1, Landmark.MEGALITHS: 1, Landmark.CROP_CIRCLE: 1,
                     Landmark.GOLF_COURSE: 3}
    colours = {h.features.antenna for t in standard.antenna_tiles for f in t.faces.values()
               for h in f} - {None}
    assert colours == set(Antenna)


def test_altitude_track(standard: ComponentSet) -> None:
    """Rulebook: "The mountaintop is at 700 m but the mountain is actually 500 m high because
    the ground is at 200 m" (difficult side); "1100m on the easy side, 700m on the hard side"."""
    alt = standard.altitude
    assert alt.metres(0) == 200
    assert alt.metres(alt.mountaintop()) == 1100
    assert alt.metres(alt.mountaintop((Side.DIFFICULT,) * 3)) == 700
    assert alt.metres(alt.survivor_arm) == 400  # "The red player reached 400 m of altitude."


def test_thermal_board_start(standard: ComponentSet) -> None:
    """Rulebook: "At this current temperature, the yellow player who is flying above a lake,
    will lose 2 altitudes. The red player, flying above a mountain, will gain 1 altitude."
    (the starting, middle position)."""
    t = standard.thermal
    assert (t.min, t.start, t.max) == (-3, 0, 3)
    assert t.value(Terrain.LAKE, t.start) == -2
    assert t.value(Terrain.MOUNTAIN, t.start) == 1
    assert t.clamp(5) == 3 and t.clamp(-9) == -3


def test_time_track(standard: ComponentSet) -> None:
    """Rulebook scoring example: "landed first (+9 VP) at 17:40 (+7 VP)" and "at 19:20 (+2 VP)"."""
    time = standard.time
    assert time.vp_at(parse_clock("17:40")) == 7
    assert time.vp_at(parse_clock("19:20")) == 2
    assert time.vp_at(parse_clock("20:00")) == 0
    assert len(time.vp) == 37
    assert list(time.vp) == sorted(time.vp, reverse=True)


def test_rulers_fit_the_rulebook_examples(standard: ComponentSet) -> None:
    """Cliff Surfer: ruler placed "at 13:20" ... "the following turn (14:20) ... they must
    score 4 VP". Survivor: mountaintop 700 m, "they reach 1100 m ... They will score 10 VP"."""
    steps = (parse_clock("14:20") - parse_clock("13:20")) // standard.time.step
    assert standard.rulers.timed[steps] == 4
    levels_above = (1100 - 700) // standard.altitude.level_m
    assert standard.rulers.survivor[levels_above] == 10
    assert max(standard.rulers.timed) == max(standard.rulers.survivor) == 12


def test_weather_board(standard: ComponentSet) -> None:
    board = standard.weather_board
    assert [h.time for h in board.hours] == list(range(8 * 60, 20 * 60, 60))
    assert sum(h.temperature for h in board.hours) == 0
    assert board.sun_at(parse_clock("11:40")) is SunExposure.EAST
    assert board.sun_at(parse_clock("12:00")) is SunExposure.NONE
    assert board.sun_at(parse_clock("14:00")) is SunExposure.WEST
    assert board.sun_at(parse_clock("18:00")) is SunExposure.NONE


def test_skill_cards(standard: ComponentSet) -> None:
    """Your-turn summary: "2nd and 3rd player one each, later players two"."""
    assert standard.skill_cards.by_seat == (0, 1, 1, 2)
    assert standard.skill_cards.total == standard.skill_cards.solo_cross == 6


def test_schema_enums_match_the_code() -> None:
    defs = schema("paragliders/components")["$defs"]
    assert defs["terrain"]["enum"] == [t.value for t in Terrain]
    assert defs["features"]["properties"]["antenna"]["enum"] == [a.value for a in Antenna]
    assert defs["features"]["properties"]["gps"]["enum"] == [g.value for g in Landmark]
    hexes = schema("paragliders/map")["$defs"]["hexEntry"]["properties"]
    assert hexes["terrain"]["enum"] == [t.value for t in Terrain]
    assert hexes["features"]["properties"]["gps"]["enum"] == [g.value for g in Landmark]


def rules_of(doc: dict[str, Any]) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as e:
        components_from_dict(doc)
    return [(p.rule, "/".join(map(str, p.path))) for p in e.value.problems]


def test_inconsistent_sets_are_rejected_with_paths(raw: dict[str, Any]) -> None:
    doc = copy.deepcopy(raw)
    doc["tiles"][5]["id"] = doc["tiles"][4]["id"]
    doc["tiles"] = [t for t in doc["tiles"] if t["id"] != "antenna-red"]
    doc["thermal_board"]["values"]["lake"] = [0, 0]
    doc["time_track"]["vp"] = doc["time_track"]["vp"][:-1]
    assert rules_of(doc) == [
        ("components.duplicate-id", "tiles/4/id"),
        ("components.antenna-tile", "tiles"),
        ("components.thermal", "thermal_board/values/lake"),
        ("components.time", "time_track/vp"),
    ]


def test_a_set_without_starting_tile(raw: dict[str, Any]) -> None:
    doc = copy.deepcopy(raw)
    doc["tiles"] = doc["tiles"][1:]
    assert ("components.start-tile", "tiles") in rules_of(doc)


def test_own_set_round_trip(raw: dict[str, Any]) -> None:
    doc = copy.deepcopy(raw)
    doc["id"] = "my-box"
    doc["altitude_track"]["mountaintop"] = 10
    cs = components_from_dict(doc)
    assert cs.id == "my-box" and cs.altitude.mountaintop() == 10
