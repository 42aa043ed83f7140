"""Balmy Balloonists globes, component sets and scenarios: the geometry of lanes and heavy
lines (property tests), the checker's rules with located violations, the seeded generator
(valid, deterministic, passable), statistics, the terminal picture, the printable board and
cards, and the commands a user runs."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyhex.games import load_map, load_scenario
from skyhex.games.documents import dump_yaml
from skyhex.mapgen.balloons import graph, tables
from skyhex.mapgen.balloons.check import check_globe
from skyhex.mapgen.balloons.generate import generate_globe
from skyhex.rules.balloons.components import standard_set
from skyhex.rules.balloons.globe import Globe, Line, Section, Space, Zone, ZoneKind
from skyhex.rules.balloons.maps import globe_from_dict, globe_to_dict
from skyhex.rules.balloons.scenario import Scenario

from ..conftest import DATA, ROOT, run

BAD = DATA / "balloons"
EXAMPLES = ROOT / "examples"
STANDARD = EXAMPLES / "maps" / "balloons-standard.yaml"
SEED_3 = EXAMPLES / "maps" / "balloons-seed-3.yaml"
PARTS = standard_set()


@st.composite
def globes(draw: st.DrawFn) -> Globe:
    lanes = draw(st.integers(2, 6))
    count = draw(st.integers(1, 6))
    sections = tuple(Section(q + 1, Line.RED, tuple(draw(st.lists(st.integers(1, 9),
                                                                   min_size=lanes,
                                                                   max_size=lanes))))
                     for q in range(count))
    return Globe(lanes, sections)


# --- geometry -------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(globes(), st.data())
def test_moves_stay_on_the_globe_and_within_their_section(globe: Globe, data: st.DataObject
                                                          ) -> None:
    space = data.draw(st.sampled_from(globe.spaces()))
    east, gain = globe.east(space)
    assert globe.west(east) == (space, -gain) and globe.on_globe(east)
    s = globe.place(space)[0]
    for lane in range(1, globe.lanes + 1):
        for to in (globe.shift(space, lane), globe.leftmost(space, lane),
                   globe.section_start(space, lane)):
            assert to.lane == lane and globe.place(to)[0] == s
    for b in globe.beside(space):
        assert globe.on_globe(b)


@settings(max_examples=60, deadline=None)
@given(globes(), st.data())
def test_the_leftmost_space_beside_holds_the_west_edge(globe: Globe, data: st.DataObject
                                                        ) -> None:
    """The leftmost space one lane north or south is the one whose stretch of the section
    holds the west edge of the space."""
    from fractions import Fraction

    space = data.draw(st.sampled_from(globe.spaces()))
    lane = data.draw(st.integers(1, globe.lanes))
    _, i, n = globe.place(space)
    _, j, m = globe.place(globe.leftmost(space, lane))
    assert Fraction(j, m) <= Fraction(i, n) < Fraction(j + 1, m)


@settings(max_examples=40, deadline=None)
@given(globes())
def test_degrees_grow_eastward_along_a_lane(globe: Globe) -> None:
    for lane in range(1, globe.lanes + 1):
        values = [globe.degrees(Space(lane, k)) for k in range(globe.totals[lane - 1])]
        assert values == sorted(values) and values[0] == 0 and values[-1] < 360
        assert globe.degrees(Space(lane, 0), 1) == 360


@settings(max_examples=40, deadline=None)
@given(globes(), st.integers(-2, 2))
def test_the_rows_hold_what_the_geometry_says(globe: Globe, laps: int) -> None:
    """The engine's per-lane rows: each space's degrees from its longitude, its quadrant
    from its section, and its zone (the standard set's zones on its own globe)."""
    for space in globe.spaces():
        num, den = globe.longitude(space)
        assert globe.degrees(space, laps) == (360 * (laps * den + num)) // den
        section = globe.sections[globe.place(space)[0]]
        assert globe.quadrant_rows[space.lane - 1][space.k] == section.quadrant
    standard = PARTS.globe
    for space in standard.spaces():
        assert standard.zone_rows[space.lane - 1][space.k] is standard.zone_at.get(space)
    assert any(zone is not None for row in standard.zone_rows for zone in row)


def test_a_globe_file_round_trips() -> None:
    globe, _ = load_map(str(STANDARD))[1:3]
    assert isinstance(globe, Globe)
    again = globe_from_dict(json.loads(json.dumps(globe_to_dict(globe))))
    assert again == globe and again.zones == PARTS.globe.zones


# --- the checker --------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "found"), [
    ("three-violations", [("globe.zone-space", 11, 57), ("globe.zone-overlap", 11, 49),
                          ("globe.start", 13, 55)]),
    ("walled", [("globe.passable", 6, 5)]),
    ("bad-quadrants", [("globe.quadrants", 6, 5), ("globe.permission", 9, 67)]),
])
def test_map_check_reports_every_violation_where_it_is_written(name: str,
                                                               found: list[tuple[str, int, int]]
                                                               ) -> None:
    path = str(BAD / f"{name}.yaml")
    r = run("map", "check", path)
    assert r.exit_code == 1 and r.stderr == ""
    errors = re.findall(r":(\d+):(\d+): error: .* \[([a-z.-]+)\]", r.stdout)
    assert [(rule, int(line), int(col)) for line, col, rule in errors] == found
    assert r.stdout.count("    hint: ") == len(found)
    assert r.stdout.endswith(f"invalid: {len(found)} violation{'s' * (len(found) > 1)}\n")
    doc = json.loads(run("map", "check", "--format", "json", path).stdout)[0]
    assert doc["game"] == "balloons" and [v["rule"] for v in doc["violations"]] == \
        [f[0] for f in found]
    assert all(v["spaces"] for v in doc["violations"])


def test_a_section_that_misses_a_lane_is_refused_where_it_is_written() -> None:
    r = run("map", "check", str(BAD / "bad-sections.yaml"))
    assert r.exit_code == 1
    assert r.stdout.startswith(f"{BAD / 'bad-sections.yaml'}:6:38: error: section 2 gives 2 "
                               "lane(s) of spaces, the globe has 3 lanes")


def test_permissions_are_checked_against_the_set_a_scenario_names() -> None:
    """A hand-made globe may name its own permissions; a scenario's component set must give
    them (and the globe must have its lanes)."""
    r = run("scenario", "validate", str(BAD / "wrong-lanes.yaml"))
    assert r.exit_code == 1
    assert "zone 'China' needs permission 'china', which no Advantage card of small-box " \
        "gives" in r.stdout
    assert "balloons-seed-3.yaml:18:62: error:" in r.stdout
    assert "the globe has 5 lanes, the Quadrant cards 3" in r.stdout


def test_the_examples_pass_the_checker() -> None:
    for path in (STANDARD, SEED_3):
        r = run("map", "check", str(path))
        assert r.exit_code == 0 and r.stdout.startswith(f"{path}: ok: balloons globe, 5 lanes")
    assert check_globe(PARTS.globe, PARTS) == []


@pytest.mark.parametrize("trapped", [graph.trapped, tables.trapped], ids=["networkx", "tables"])
def test_a_wall_across_every_lane_traps_the_spaces_behind_it(
        trapped: Callable[[Globe], list[Space]]) -> None:
    globe = Globe(2, (Section(1, Line.RED, (3, 4)),),
                  (Zone("wall", ZoneKind.WHITE, (Space(1, 1), Space(2, 1), Space(2, 2))),))
    assert trapped(globe) == [Space(1, 0), Space(2, 0)]  # behind the wall from the start
    brown = Globe(2, globe.sections, (Zone("hills", ZoneKind.BROWN, globe.zones[0].spaces),))
    assert trapped(brown) == []  # brown mountains are crossed at Medium


# --- the generator ------------------------------------------------------------------------------


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_generated_globes_are_valid_and_passable(seed: int) -> None:
    globe = generate_globe(PARTS, seed)
    assert check_globe(globe, PARTS) == []
    assert tables.trapped(globe) == []
    assert {z.permission for z in globe.zones if z.permission} == PARTS.permissions
    assert any(z.kind is ZoneKind.EXCLUSION and z.permission is None for z in globe.zones)
    lows = [q for q in range(1, 5) if sum(s.quadrant == q for s in globe.sections)]
    assert lows == [1, 2, 3, 4]


def test_the_same_seed_gives_the_same_globe_byte_for_byte(tmp_path: Path) -> None:
    a = run("map", "generate", "--game", "balloons", "--seed", "3")
    assert a.exit_code == 0 and a.stdout == SEED_3.read_text()
    assert run("map", "generate", "--game", "balloons", "--seed", "4").stdout != a.stdout
    r = run("map", "generate", "--game", "balloons", "--seed", "1", "--count", "3", "-o",
            str(tmp_path / "globes"))
    assert r.exit_code == 0 and sorted(p.name for p in (tmp_path / "globes").iterdir()) == \
        ["map-1.yaml", "map-2.yaml", "map-3.yaml"]


def test_a_component_set_of_ones_own_shapes_the_generated_globe() -> None:
    r = run("map", "generate", "--game", "balloons", "--seed", "5", "--components",
            str(BAD / "small-set.yaml"), "--format", "json")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["lanes"] == 3 and {s["quadrant"] for s in doc["sections"]} == {1, 2}
    assert [z["permission"] for z in doc["zones"] if "permission" in z] == ["libya"]


@pytest.mark.parametrize(("option", "value"), [("--radius", "3"), ("--difficulty", "easy"),
                                               ("--aerodromes", "1")])
def test_other_games_options_are_usage_errors(option: str, value: str) -> None:
    r = run("map", "generate", "--game", "balloons", option, value)
    assert r.exit_code == 2 and option in r.stderr


# --- pictures and figures -----------------------------------------------------------------------


def test_map_show_draws_the_lanes() -> None:
    r = run("map", "show", "--no-color", str(STANDARD))
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert lines[0].split() == ["Q1", "Q2", "Q3", "Q4"]
    assert lines[6].startswith("lane 5 #..xxx..x|x.....WW#W.xxxx..|") and "X" in lines[6]
    assert "Polar Vortex" in lines[1] and "Equatorial Doldrums" in lines[7]
    colour = run("map", "show", "--color", str(STANDARD)).stdout
    assert "\x1b[48;5;" in colour


def test_map_stats() -> None:
    r = run("map", "stats", "--format", "json", str(STANDARD), str(SEED_3))
    doc = json.loads(r.stdout)
    standard = doc["maps"][0]
    assert standard["lane_spaces"] == [32, 40, 48, 56, 64] and standard["spaces"] == 240
    assert standard["zones"] == {"exclusion": 5, "brown-mountain": 4, "white-mountain": 3}
    assert standard["shortest_lap"] == [36, 37, 38, 39, 40]
    assert doc["summary"]["maps"] == 2
    text = run("map", "stats", str(STANDARD)).stdout
    assert "fewest steps round the world: lane 1 36," in text


def test_the_board_svg(tmp_path: Path) -> None:
    out = tmp_path / "globe.svg"
    r = run("board", str(STANDARD), "-o", str(out), "--coords")
    assert r.exit_code == 0 and r.stdout == ""
    svg = out.read_text()
    assert svg.count('<g id="space_') == 240 and "<polygon" not in svg
    assert "POLAR VORTEX" in svg and "START / FINISH" in svg and ">Area 51<" in svg
    assert svg.count('id="quadrant-') == 4 and "5/43" in svg
    pages = run("board", str(STANDARD), "--paper", "a4", "-o", str(tmp_path / "b.svg"))
    assert pages.exit_code == 0 and "a4" in pages.stderr
    assert (tmp_path / "b-p01.svg").exists()


def test_the_cards_come_with_tracks(tmp_path: Path) -> None:
    out = tmp_path / "globe.svg"
    r = run("board", str(STANDARD), "-o", str(out), "--tracks")
    assert r.exit_code == 0 and "cards" in r.stderr
    cards = (tmp_path / "globe-cards.svg").read_text()
    assert cards.count('<g id="card-') == 92
    assert "LOCAL WIND" in cards and "QUADRANT" in cards and "MISFORTUNE" in cards
    own = run("board", str(BAD / "three-violations.yaml"), "-o", str(tmp_path / "x.svg"),
              "--tracks", "--components", str(BAD / "small-set.yaml"))
    assert own.exit_code == 0
    assert (tmp_path / "x-cards.svg").read_text().count('<g id="card-') == 13 + 3 + 2 + 3


def test_a_position_board(tmp_path: Path) -> None:
    moves = ROOT / "tests" / "golden" / "balloons-6.moves.yaml"
    out = tmp_path / "at.svg"
    r = run("board", str(moves), "--at", "20", "-o", str(out))
    assert r.exit_code == 0, r.stderr
    svg = out.read_text()
    for colour in ("red", "orange", "yellow", "green", "blue", "purple"):
        assert f'id="balloon-{colour}"' in svg and f'id="card-{colour}"' in svg
    assert "after 20 of" in svg and "Wind Rose" in svg and "QUADRANT" in svg
    assert "hand: 3 cards" in svg  # hands by their size, never the cards


# --- scenarios and component sets ---------------------------------------------------------------


def test_scenario_errors_are_located() -> None:
    r = run("scenario", "validate", str(BAD / "scenario-errors.yaml"))
    assert r.exit_code == 1
    r = run("scenario", "validate", "--format", "json", str(BAD / "scenario-errors.yaml"))
    found = [(str(p["line"]), str(p["column"]), p["path"]) for p in json.loads(r.stdout)]
    assert found == [("6", "14", "$.balloons[1].colour"), ("7", "14", "$.balloons[2].colour"),
                     ("7", "25", "$.balloons[2].lane"), ("8", "28", "$.balloons[3].player"),
                     ("9", "13", "$.rose[1]")]


def test_a_race_in_a_box_of_ones_own() -> None:
    face, scenario, _ = load_scenario(str(BAD / "small-race.yaml"))
    assert isinstance(scenario, Scenario) and scenario.components.id == "small-box"
    _game, state, events = face.ruleset.new_game(scenario)
    assert [len(b.hand) for b in state.balloons] == [2, 2]
    assert state.balloons[1].space == Space(1, 0) and events[0]["components"] == "small-box"


def test_a_broken_component_set_is_refused_where_it_is_written(workdir: Path) -> None:
    text = (BAD / "small-set.yaml").read_text()
    broken = text.replace("{id: w2,", "{id: w1,").replace("medium: [2, 2, 2]", "medium: [2, 2]")
    (workdir / "small-set.yaml").write_text(broken)
    (workdir / "race.yaml").write_text((BAD / "small-race.yaml").read_text())
    r = run("scenario", "validate", str(workdir / "race.yaml"))
    assert r.exit_code == 1
    assert "card id 'w1' is used twice" in r.stdout
    assert "Quadrant card q1: 2 values at medium altitude, the globe has 3 lanes" in r.stdout
    assert str(workdir / "small-set.yaml") + ":" in r.stdout


def test_scenario_new(tmp_path: Path) -> None:
    out = tmp_path / "race.yaml"
    r = run("scenario", "new", "--game", "balloons", "--players", "4", "--seed", "8",
            "-o", str(out))
    assert r.exit_code == 0, r.stderr
    assert run("scenario", "validate", str(out)).stdout.startswith(
        f"{out}: ok: balloons, 4 balloons (red, orange, yellow, green)")
    one = run("scenario", "new", "--game", "balloons", "--players", "1", "-o", "-")
    assert one.exit_code == 2 and "2 to 6 balloons" in one.stderr


def test_the_standard_set_is_valid_against_its_schema() -> None:
    from skyhex.rules.balloons.components import standard_set_doc
    from skyhex.schemas import validator

    assert list(validator("components").iter_errors(dict(standard_set_doc()))) == []
    text = dump_yaml(dict(standard_set_doc()))
    assert "skyhex-balloons-standard" in text


@pytest.mark.parametrize(("args", "name"), [
    ([str(STANDARD)], "balloons-standard"),
    ([str(ROOT / "tests" / "golden" / "balloons-6.moves.yaml"), "--at", "40"],
     "balloons-6-at-40")])
def test_example_boards_are_up_to_date(args: list[str], name: str) -> None:
    r = run("board", *args, "--hex-mm", "20", "-o", "-")
    assert r.exit_code == 0
    assert r.stdout == (EXAMPLES / "boards" / f"{name}.svg").read_text()
    png = (EXAMPLES / "boards" / f"{name}.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 300_000
