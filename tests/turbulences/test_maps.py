"""Turbulences maps: the board's geometry, the difficulty layouts, the generator (valid maps
for every seed, byte-identical for the same one), the checker (hand-made broken maps
rejected with the right rules, all at once), the file format and `skyhex map ...`."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyhex.games import dump_yaml, load_map
from skyhex.mapgen.errors import GenerationError, Severity
from skyhex.mapgen.turbulences.check import check_landscape
from skyhex.mapgen.turbulences.generate import generate_landscape
from skyhex.mapgen.turbulences.stats import landscape_stats
from skyhex.rules.errors import InputError
from skyhex.rules.hexgrid import ORIGIN, Hex, Layout, ring
from skyhex.rules.paragliders.components import ComponentSet
from skyhex.rules.turbulences.landscape import (
    DIFFICULTY_MOUNTAINS,
    Biome,
    CloudSide,
    CloudToken,
    Difficulty,
    Landscape,
    city_region,
    landscape_hexes,
    region_cities,
)
from skyhex.rules.turbulences.layouts import (
    DifficultyLayout,
    default_layouts,
    layouts_from_dict,
)
from skyhex.rules.turbulences.maps import landscape_from_dict, landscape_to_dict
from skyhex.rules.turbulences.places import CLOUD, HEX
from skyhex.schemas import validator

from ..conftest import DATA, ROOT, copy_into, ref, run

TURBULENCES = DATA / "turbulences"
EXAMPLE = ROOT / "examples" / "maps" / "turbulences-normal-seed-3.yaml"
SCENARIOS = ROOT / "examples" / "scenarios"


def text_of(land: Landscape) -> str:
    return dump_yaml(landscape_to_dict(land), ("hexes", "clouds"))


def rules_of(land: Landscape) -> list[str]:
    return [v.rule for v in check_landscape(land)]


def load(name: str, standard: ComponentSet) -> Landscape:
    _, land, _ = load_map(str(TURBULENCES / name))
    assert isinstance(land, Landscape)
    return land


# --- geometry -----------------------------------------------------------------------------


def test_the_landscape_is_the_radius_3_hexagon() -> None:
    hexes = landscape_hexes()
    assert len(hexes) == len(set(hexes)) == 37
    assert hexes[0] == ORIGIN and all(h.distance(ORIGIN) <= 3 for h in hexes)
    assert [h.distance(ORIGIN) for h in hexes] == sorted(h.distance(ORIGIN) for h in hexes)


def test_eighteen_cities_three_per_region_on_the_city_ring() -> None:
    cities = [h for region in region_cities() for h in region]
    corners = {ORIGIN.step(d, 4) for d in range(6)}
    assert len(region_cities()) == 6 and len(cities) == len(set(cities)) == 18
    assert set(cities) == set(ring(ORIGIN, 4)) - corners
    landscape = set(landscape_hexes())
    for city in cities:  # aircraft reach every city from two landscape tiles
        assert sum(n in landscape for n in city.neighbors()) == 2


def _angle(h: Hex) -> float:
    """The hex's direction from the centre on the page, in degrees counter-clockwise from
    east (north up)."""
    x, y = Layout(1.0).center(h)
    return math.degrees(math.atan2(-y, x)) % 360


def test_regions_run_counter_clockwise_from_the_south_west_side() -> None:
    """landscape.py: "regions are numbered counter-clockwise from the south-west side
    (region 1: between the SW and S corners, then SE, E, NE, NW, W), and within a region the
    cities are numbered counter-clockwise too (city 2 is the central one)"."""
    facing = [round(_angle(cities[1])) for cities in region_cities()]
    assert facing == [240, 300, 0, 60, 120, 180]
    for cities in region_cities():
        turns = [(_angle(b) - _angle(a)) % 360 for a, b in pairwise(cities)]
        assert all(0 < t < 60 for t in turns)  # counter-clockwise, one step at a time
    assert region_cities()[0] == (Hex(-3, 4), Hex(-2, 4), Hex(-1, 4))
    assert region_cities()[2] == (Hex(4, -1), Hex(4, -2), Hex(4, -3))  # east side, south first


def test_city_two_is_the_central_city_of_its_region() -> None:
    for region, cities in enumerate(region_cities(), start=1):
        first, central, last = cities
        assert central.distance(first) == central.distance(last) == 1
        assert city_region()[central] == (region, 2)
        # the central city faces the middle of its side: two steps from each ring corner
        assert min(central.distance(ORIGIN.step(d, 4)) for d in range(6)) == 2


# --- the difficulty layouts ---------------------------------------------------------------


def _mirror(h: Hex) -> Hex:
    """The reflection across the north-south axis."""
    return Hex(-h.q, h.r + h.q)


SYMMETRIES: list[Callable[[Hex], Hex]] = [
    *(lambda h, k=k: h.rotate(k) for k in range(6)),
    *(lambda h, k=k: _mirror(h).rotate(k) for k in range(6)),
]


def _cloud_set(layout: DifficultyLayout) -> set[tuple[Hex, CloudSide]]:
    return {(h, token.side) for h, token in layout.clouds}


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_layouts_are_symmetric(difficulty: Difficulty) -> None:
    """Every turn or mirror of the hexagon that keeps the mountains keeps the clouds."""
    layout = default_layouts()[difficulty]
    mountains = set(layout.mountains)
    keeping = [g for g in SYMMETRIES if {g(m) for m in mountains} == mountains]
    assert len(keeping) == {1: 12, 2: 4, 3: 6}[len(mountains)]
    for g in keeping:
        assert {(g(h), side) for h, side in _cloud_set(layout)} == _cloud_set(layout)


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_layouts_place_12_clouds_and_the_difficulty_s_mountains(difficulty: Difficulty) -> None:
    layout = default_layouts()[difficulty]
    assert len(layout.mountains) == DIFFICULTY_MOUNTAINS[difficulty]
    assert [token.id for _, token in layout.clouds] == list(range(1, 13))
    places = [h for h, _ in layout.clouds]
    assert len(set(places)) == 12
    assert set(places) <= set(landscape_hexes()) and set(layout.mountains) <= set(landscape_hexes())
    assert not set(places) & set(layout.mountains)
    if difficulty is Difficulty.EASY:
        assert layout.mountains == (ORIGIN,)


def test_more_clouds_next_to_mountains_as_difficulty_rises() -> None:
    exposed = []
    storms = []
    for difficulty in Difficulty:
        layout = default_layouts()[difficulty]
        exposed.append(sum(any(h.distance(m) == 1 for m in layout.mountains)
                           for h, _ in layout.clouds))
        storms.append(sum(t.side is CloudSide.STORM for _, t in layout.clouds))
    assert exposed == [0, 4, 6, 9]
    assert storms == [0, 0, 0, 3]


def test_malformed_layouts_are_refused_with_every_problem() -> None:
    doc = {"layouts": {
        "easy": {"mountains": [{"q": 0, "r": 0}], "clouds": [{"q": 1, "r": "x"}]},
        "normal": {"mountains": [], "clouds": [{"q": 1, "r": 0, "side": "grey"}]},
        "difficult": {"mountains": [], "clouds": []},
        "hard": {},
    }}
    with pytest.raises(InputError) as caught:
        layouts_from_dict(doc)
    paths = [p.path for p in caught.value.problems]
    assert paths == [("layouts", "hard"), ("layouts", "easy", "clouds", 0),
                     ("layouts", "normal", "clouds", 0, "side"), ("layouts", "extreme")]


# --- the generator ------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_two_hundred_seeds_give_valid_maps(difficulty: Difficulty) -> None:
    layout = default_layouts()[difficulty]
    mountains = len(layout.mountains)
    for seed in range(200):
        land = generate_landscape(seed, difficulty)
        assert check_landscape(land) == [], seed
        assert Counter(land.biomes.values()) == {
            Biome.PLAIN: 12, Biome.SEA: 12, Biome.MOUNTAIN: mountains,
            Biome.DESERT: 37 - 24 - mountains}
        assert land.mountains == set(layout.mountains)
        assert {h: s[0] for h, s in land.clouds.items()} == dict(layout.clouds)


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**63), st.sampled_from(list(Difficulty)))
def test_any_seed_gives_a_valid_map_that_survives_its_file(seed: int,
                                                           difficulty: Difficulty) -> None:
    land = generate_landscape(seed, difficulty)
    assert check_landscape(land) == []
    doc = landscape_to_dict(land)
    assert list(validator("map").iter_errors(doc)) == []
    assert landscape_from_dict(doc) == land


def test_same_seed_same_bytes() -> None:
    for difficulty in Difficulty:
        a = text_of(generate_landscape(42, difficulty))
        assert a == text_of(generate_landscape(42, difficulty))
        assert a != text_of(generate_landscape(43, difficulty))


def test_the_shuffle_reaches_every_tile() -> None:
    """Over 60 seeds every free tile shows each of plain, sea and desert at least once."""
    seen: dict[Hex, set[Biome]] = {}
    for seed in range(60):
        for h, b in generate_landscape(seed, Difficulty.EASY).biomes.items():
            seen.setdefault(h, set()).add(b)
    assert seen.pop(ORIGIN) == {Biome.MOUNTAIN}
    assert all(b == {Biome.PLAIN, Biome.SEA, Biome.DESERT} for b in seen.values())


def test_the_map_records_seed_difficulty_and_generator() -> None:
    land = generate_landscape(9, Difficulty.DIFFICULT)
    assert land.seed == 9 and land.difficulty is Difficulty.DIFFICULT
    assert land.generator is not None and "mapgen-turbulences/1" in land.generator


def test_a_broken_layout_names_the_rule_it_breaks() -> None:
    easy = default_layouts()[Difficulty.EASY]
    with pytest.raises(GenerationError) as no_mountain:
        generate_landscape(1, Difficulty.EASY, replace(easy, mountains=()))
    assert no_mountain.value.constraint == "setup.biomes"
    assert "13 tiles for desert, the box holds 12" in str(no_mountain.value)
    on_peak = replace(easy, clouds=((ORIGIN, CloudToken(1, CloudSide.CUMULUS)),
                                    *easy.clouds[1:]))
    with pytest.raises(GenerationError) as cloudy:
        generate_landscape(1, Difficulty.EASY, on_peak)
    assert cloudy.value.constraint == "setup.cloud-places"


# --- the checker --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "expected"), [
    ("valid-normal.yaml", []),
    ("wrong-biome-counts.yaml", ["setup.biomes", "setup.biomes"]),
    ("cloud-on-mountain.yaml", ["setup.cloud-places"]),
    ("outside-landscape.yaml", ["setup.landscape"]),
    ("duplicate-cloud-id.yaml", ["setup.cloud-tokens"]),
    ("white-tempest.yaml", ["setup.tempest"]),
    ("three-violations.yaml", ["setup.landscape", "setup.cloud-places", "setup.tempest"]),
])
def test_hand_made_maps(name: str, expected: list[str], standard: ComponentSet) -> None:
    assert rules_of(load(name, standard)) == expected


def test_violations_say_what_where_and_how_to_fix(standard: ComponentSet) -> None:
    outside, mountain, tempest = check_landscape(load("three-violations.yaml", standard))
    assert outside.at(HEX) == ((3, 1),) and outside.at(CLOUD) == ()
    assert outside.message == "tile (3,1) lies outside the landscape, on city 3 of region 2"
    assert mountain.at(CLOUD) == ((0, -2),) and "mountain (0,-2)" in mountain.message
    assert tempest.at(CLOUD) == ((3, -2),) and "cumulus token(s) 12" in tempest.message
    assert all(v.hint for v in (outside, mountain, tempest))
    plain, sea = check_landscape(load("wrong-biome-counts.yaml", standard))
    assert (plain.message, sea.message) == ("11 plain tiles, not the 12 of a random map",
                                            "13 sea tiles, more than the 12 in the box")
    assert (plain.severity, sea.severity) == (Severity.WARNING, Severity.ERROR)
    (twice,) = check_landscape(load("duplicate-cloud-id.yaml", standard))
    assert twice.message == "cloud token 11 is used 2 times (on (3,-2), (3,-1))"


VALID = generate_landscape(3, Difficulty.NORMAL)


def _with(**changes: object) -> Landscape:
    return replace(VALID, **changes)  # type: ignore[arg-type]


def test_rules_only_a_landscape_in_code_can_break() -> None:
    """Token ids beyond 12, more than 12 tokens, clouds off the board, missing tiles."""
    clouds = dict(VALID.clouds)
    clouds[Hex(0, 0)] = (CloudToken(13, CloudSide.CUMULUS),)
    assert rules_of(_with(clouds=clouds)) == ["setup.cloud-tokens", "setup.cloud-tokens"]
    clouds = {**VALID.clouds, Hex(5, 0): (CloudToken(1, CloudSide.STORM),)}
    assert [(v.rule, v.message) for v in check_landscape(_with(clouds=clouds))] == [
        ("setup.cloud-places", "the cloud on (5,0) lies outside the landscape, off the board"),
        ("setup.cloud-tokens", "13 cloud tokens, more than the 12 in the box"),
        ("setup.cloud-tokens", "cloud token 1 is used 2 times (on (-1,1), (5,0))")]
    biomes = dict(VALID.biomes)
    del biomes[Hex(0, 0)]
    missing = check_landscape(_with(biomes=biomes))
    assert VALID.biomes[ORIGIN] is Biome.DESERT  # one desert fewer breaks no count
    assert [(v.rule, v.message) for v in missing] == [
        ("setup.landscape", "1 landscape tile(s) missing: (0,0)")]


def test_difficulty_and_box_limits() -> None:
    three_peaks = {**VALID.biomes, ORIGIN: Biome.MOUNTAIN}  # NORMAL's two mountains and one more
    (only,) = check_landscape(_with(biomes=three_peaks))
    assert only.rule == "setup.difficulty"
    assert only.message == ("difficulty normal needs 2 mountain(s), the map has 3 "
                            "((0,-2), (0,0), (0,2))")
    assert rules_of(_with(biomes=three_peaks, difficulty=Difficulty.DIFFICULT)) == []
    easy = generate_landscape(5, Difficulty.EASY)
    moved = {**easy.biomes, Hex(0, 0): easy.biomes[Hex(2, 0)], Hex(2, 0): Biome.MOUNTAIN}
    assert [v.message for v in check_landscape(replace(easy, biomes=moved))] == [
        "difficulty easy has its mountain at the centre (0,0), not at (2,0)"]
    four = dict(generate_landscape(5, Difficulty.EXTREME).biomes)
    desert = next(h for h, b in sorted(four.items()) if b is Biome.DESERT)
    four[desert] = Biome.MOUNTAIN
    found = check_landscape(Landscape(biomes=four, clouds={}))
    assert [(v.rule, v.message) for v in found] == [
        ("setup.biomes", "4 mountain tiles, more than the 3 in the box")]


def test_entries_listed_twice() -> None:
    doc = landscape_to_dict(VALID)
    doc["hexes"].append({"q": 0, "r": 0, "biome": "sea"})
    doc["clouds"].append({**doc["clouds"][0], "tokens": [{"id": 1, "side": "storm"}]})
    land = landscape_from_dict(doc)
    assert land.duplicate_hexes == (ORIGIN,) and land.biomes[ORIGIN] == VALID.biomes[ORIGIN]
    assert rules_of(land) == ["map.duplicate-hex", "map.duplicate-cloud"]


def _plain_to_desert(land: Landscape, i: int) -> Landscape:
    plains = sorted(h for h, b in land.biomes.items() if b is Biome.PLAIN)
    return replace(land, biomes={**land.biomes, plains[i % len(plains)]: Biome.DESERT})


def _tile_on_a_city(land: Landscape, i: int) -> Landscape:
    return replace(land, biomes={**land.biomes, sorted(city_region())[i % 18]: Biome.SEA})


def _cloud_onto_a_mountain(land: Landscape, i: int) -> Landscape:
    source = sorted(land.clouds)[i % len(land.clouds)]
    peak = sorted(land.mountains)[i % len(land.mountains)]
    clouds = {h: s for h, s in land.clouds.items() if h != source}
    return replace(land, clouds={**clouds, peak: land.clouds[source]})


def _token_id_twice(land: Landscape, i: int) -> Landscape:
    k = 2 + i % 11  # token k takes token 1's number
    return replace(land, clouds={h: tuple(replace(t, id=1) if t.id == k else t for t in s)
                                 for h, s in land.clouds.items()})


def _white_on_a_tempest(land: Landscape, i: int) -> Landscape:
    tiles = sorted(land.clouds)
    base, blown = tiles[i % len(tiles)], tiles[(i + 1) % len(tiles)]
    clouds = {h: s for h, s in land.clouds.items() if h != blown}
    clouds[base] = (replace(land.clouds[base][0], side=CloudSide.STORM),
                    replace(land.clouds[blown][0], side=CloudSide.CUMULUS))
    return replace(land, clouds=clouds)


MUTATIONS: dict[str, Callable[[Landscape, int], Landscape]] = {
    # each mutation of a valid map, and the rule it must break (and no other)
    "setup.biomes": _plain_to_desert,
    "setup.landscape": _tile_on_a_city,
    "setup.cloud-places": _cloud_onto_a_mountain,
    "setup.cloud-tokens": _token_id_twice,
    "setup.tempest": _white_on_a_tempest,
}


@settings(max_examples=120, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.sampled_from(list(Difficulty)),
       st.sampled_from(sorted(MUTATIONS)), st.integers(min_value=0, max_value=100))
def test_mutations_of_valid_maps_are_caught(seed: int, difficulty: Difficulty, rule: str,
                                            index: int) -> None:
    found = rules_of(MUTATIONS[rule](generate_landscape(seed, difficulty), index))
    assert found and set(found) == {rule}


# --- the file format and schemas -----------------------------------------------------------


def test_the_example_is_what_the_generator_writes() -> None:
    r = run("map", "generate", "--game", "turbulences", "--seed", "3")
    assert (r.exit_code, r.stderr) == (0, "")
    assert r.stdout == EXAMPLE.read_text()
    assert r.stdout.splitlines()[:5] == [
        "format: skyhex.map/1", "game: turbulences", "difficulty: normal", "seed: 3",
        "generator: skyhex 0.1.0 mapgen-turbulences/1"]
    assert "- {q: -3, r: 1, tokens: [{id: 10, side: cumulus}]}" in r.stdout


def test_the_schema_keeps_the_games_apart() -> None:
    v = validator("map")
    doc = landscape_to_dict(VALID)
    assert list(v.iter_errors(doc)) == []
    assert [e.message for e in v.iter_errors({**doc, "radius": 4})] == [
        "Additional properties are not allowed ('radius' was unexpected)"]
    paragliders: dict[str, Any] = {"format": "skyhex.map/1", "game": "paragliders", "layout": "custom",
                   "hexes": [{"q": 0, "r": 0, "biome": "plain"}]}
    assert {e.validator for e in v.iter_errors(paragliders)} == {"required",
                                                                 "additionalProperties"}
    tempest = {**doc, "clouds": [{"q": 0, "r": 0, "tokens": []}]}
    assert [e.validator for e in v.iter_errors(tempest)] == ["minItems"]


def test_a_scenario_takes_no_turbulences_map(tmp_path: Path) -> None:
    inline = tmp_path / "inline.yaml"
    inline.write_text("format: skyhex.scenario/1\ngame: paragliders\nplayers: [red]\nmap:\n"
                      + "".join(f"  {line}\n" for line in EXAMPLE.read_text().splitlines()))
    r = run("scenario", "validate", str(inline))
    assert r.exit_code == 1
    # The inline map is read as what it is: a map of another game.
    assert f"{inline}:6:9: error: expected 'paragliders', not 'turbulences' [schema.const]" \
        in r.stdout
    by_path = tmp_path / "by-path.yaml"
    by_path.write_text(f"format: skyhex.scenario/1\ngame: paragliders\nplayers: [red]\n"
                       f"map: {ref(EXAMPLE, tmp_path)}\n")
    r = run("scenario", "validate", str(by_path))
    assert r.exit_code == 1
    assert r.stdout.splitlines()[0] == (f"{EXAMPLE}:2:7: error: a turbulences map, not a "
                                        "paragliders one [file.game]")


def test_turbulences_scenarios_take_companies_not_players(workdir: Path) -> None:
    """Turbulences scenarios and moves files are read (tests/turbulences/test_replay.py);
    one written with Paragliders keys is refused by the schema."""
    tmp_path = workdir
    (example,) = copy_into(workdir, EXAMPLE)
    scenario = tmp_path / "s.yaml"
    scenario.write_text("format: skyhex.scenario/1\ngame: turbulences\nplayers: [red]\n"
                        f"map: {example}\n")
    r = run("scenario", "validate", str(scenario))
    assert r.exit_code == 1 and r.stdout == (
        f"{scenario}:1:1: error: missing required key 'companies' [schema.required]\n"
        f"{scenario}:3:1: error: unknown key 'players'; keys: companies, expert, format, game, "
        "map, mode, night, position, powers, seed, teams, title, ... (13 in all) "
        "[schema.unknown-key]\n"
        f"{scenario}: invalid: 2 errors\n")
    moves = tmp_path / "m.yaml"
    moves.write_text("format: skyhex.moves/1\ngame: turbulences\nscenario: s.yaml\n"
                     "moves: []\n")
    r = run("replay", str(moves))
    assert r.exit_code == 1 and r.stdout == ""
    assert "unknown key 'players'" in r.stderr


# --- the commands -------------------------------------------------------------------------


def test_generate_then_check(tmp_path: Path) -> None:
    out = tmp_path / "t.yaml"
    r = run("map", "generate", "--game", "turbulences", "--difficulty", "extreme", "--seed", "8",
            "-o", str(out))
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", "")
    assert "side: storm" in out.read_text()
    r = run("map", "check", str(out), str(EXAMPLE))
    assert (r.exit_code, r.stderr) == (0, "")
    assert r.stdout == (f"{out}: ok: turbulences landscape, extreme, 37 hexes, 12 cloud tokens\n"
                        f"{EXAMPLE}: ok: turbulences landscape, normal, 37 hexes, 12 cloud "
                        "tokens\n")


def test_generate_a_batch_in_json(tmp_path: Path) -> None:
    out = tmp_path / "maps"
    r = run("map", "generate", "--game", "turbulences", "--difficulty", "easy", "--seed", "10",
            "--count", "3", "--format", "json", "-o", str(out))
    assert r.exit_code == 0 and r.stdout == ""
    assert r.stderr == f"wrote 3 maps to {out}/ (seeds 10-12)\n"
    files = sorted(out.iterdir())
    assert [f.name for f in files] == ["map-10.json", "map-11.json", "map-12.json"]
    doc = json.loads(files[0].read_text())
    assert (doc["game"], doc["difficulty"], doc["seed"]) == ("turbulences", "easy", 10)
    assert run("map", "check", *map(str, files)).stdout.count(": ok: turbulences") == 3


@pytest.mark.parametrize(("args", "message"), [
    (["--difficulty", "easy"], "--difficulty is for --game turbulences"),
    (["--game", "turbulences", "--radius", "3"], "--radius is for --game paragliders"),
    (["--game", "turbulences", "--aerodromes", "0"], "--aerodromes is for --game paragliders"),
    (["--game", "turbulences", "--components", "box.yaml"],
     "--components is for --game paragliders"),
    (["--game", "turbulences", "--difficulty", "hard"], "'hard' is not one of"),
    (["--game", "chess"], "'chess' is not one of"),
])
def test_options_of_the_other_game_are_usage_errors(args: list[str], message: str) -> None:
    r = run("map", "generate", *args)
    assert r.exit_code == 2 and r.stdout == ""
    assert message in " ".join(r.stderr.replace("│", " ").split())


def test_check_reports_all_three_violations_in_place() -> None:
    path = TURBULENCES / "three-violations.yaml"
    r = run("map", "check", str(path))
    assert r.exit_code == 1 and r.stderr == ""
    assert r.stdout.splitlines() == [
        f"{path}:44:3: error: tile (3,1) lies outside the landscape, on city 3 of region 2 "
        "[setup.landscape]",
        "    hint: the landscape is the 37 tiles within 3 steps of (0,0); remove it",
        f"{path}:48:3: error: a cloud lies on the mountain (0,-2) [setup.cloud-places]",
        "    hint: clouds never cross mountains: move it to another tile",
        f"{path}:56:3: error: the Tempest of 2 tokens on (3,-2) shows cumulus token(s) 12 "
        "[setup.tempest]",
        "    hint: a Tempest stacks its tokens on their storm (black) side",
        f"{path}: invalid: 3 violations",
    ]


def test_a_hand_made_map_with_other_biome_counts_passes_with_a_warning(workdir: Path) -> None:
    """Section 3: "On a random map, the landscape must always include 12 PLAIN tiles and 12
    SEA tiles." A hand-made landscape the box allows (a plain tile turned into the twelfth
    desert) is valid: ``map check`` shows a warning in its text and JSON reports, exits 0,
    and a scenario may play on it; more tiles of a biome than the box holds stays an
    error."""
    text = EXAMPLE.read_text()
    hand = workdir / "hand.yaml"
    hand.write_text(text.replace("biome: plain", "biome: desert", 1))
    r = run("map", "check", str(hand))
    assert (r.exit_code, r.stderr) == (0, "")
    assert r.stdout.splitlines() == [
        f"{hand}: warning: 11 plain tiles, not the 12 of a random map [setup.biomes]",
        "    hint: a random landscape has exactly 12 plain tiles: turn 1 other tile(s) into "
        "plain to play it as one",
        f"{hand}: ok (1 warning): turbulences landscape, normal, 37 hexes, 12 cloud tokens"]
    r = run("map", "check", "--format", "json", str(hand))
    (report,) = json.loads(r.stdout)
    assert r.exit_code == 0 and report["valid"] is True
    assert [(v["rule"], v["severity"]) for v in report["violations"]] == \
        [("setup.biomes", "warning")]
    _, land, _ = load_map(str(hand))
    assert isinstance(land, Landscape)
    assert [v.severity for v in check_landscape(land)] == [Severity.WARNING]
    scenario = workdir / "s.yaml"
    scenario.write_text((SCENARIOS / "turbulences-2.yaml").read_text().replace(
        "map: ../maps/turbulences-normal-seed-3.yaml", f"map: {hand.name}"))
    r = run("scenario", "validate", str(scenario))
    assert (r.exit_code, r.stderr) == (0, ""), r.stdout
    box = workdir / "box.yaml"
    box.write_text(text.replace("biome: desert", "biome: plain", 1))
    r = run("map", "check", str(box))
    assert r.exit_code == 1
    assert "error: 13 plain tiles, more than the 12 in the box [setup.biomes]" in r.stdout


def test_check_json_mixes_games() -> None:
    r = run("map", "check", "--format", "json", str(TURBULENCES / "wrong-biome-counts.yaml"),
            str(EXAMPLE), str(ROOT / "examples" / "maps" / "standard-seed-7.yaml"))
    assert r.exit_code == 1 and r.stderr == ""
    counts, good, paragliders = json.loads(r.stdout)
    assert [v["rule"] for v in counts["violations"]] == ["setup.biomes", "setup.biomes"]
    assert [v["severity"] for v in counts["violations"]] == ["warning", "error"]
    assert counts["valid"] is False
    assert counts["violations"][0]["line"] is None and counts["game"] == "turbulences"
    assert list(counts["violations"][0]) == ["rule", "severity", "message", "hint", "slots",
                                             "hexes", "clouds", "spaces", "line", "column"]
    assert counts["violations"][0]["slots"] == []
    assert good == {"file": str(EXAMPLE), "valid": True, "game": "turbulences",
                    "difficulty": "normal", "hexes": 37, "violations": []}
    assert paragliders["valid"] is True and paragliders["layout"] == "standard"


@pytest.mark.parametrize(("name", "line", "rule"), [
    ("bad-format.yaml", ":2:9: error: format 'skyhex.map/2': expected format 'skyhex.map/1' "
                        "(a map file) [$.format]", "file.format"),
    ("bad-biome.yaml", ":9:24: error: 'forest' is not one of plain, sea, desert, mountain "
                       "[$.hexes[3].biome]", "schema.enum"),
    ("bad-coordinate.yaml", ":10:14: error: expected an integer, not 1.5 [$.hexes[4].r]",
     "schema.type"),
])
def test_bad_input_gives_one_located_line(name: str, line: str, rule: str) -> None:
    path = TURBULENCES / name
    for command in ("show", "stats"):
        r = run("map", command, str(path))
        assert r.exit_code == 1 and r.stdout == ""
        assert r.stderr == f"{path}{line}\n"
    r = run("map", "check", str(path))
    assert r.exit_code == 1 and r.stderr == ""
    checked = re.sub(r" \[\$.*\]$", "", line) + f" [{rule}]"
    assert r.stdout == f"{path}{checked}\n{path}: invalid: 1 error\n"


def test_show() -> None:
    r = run("map", "show", "--no-color", str(EXAMPLE))
    assert r.exit_code == 0 and r.stderr == ""
    picture, legend = r.stdout.split("\n\n")
    cells = picture.split()
    assert Counter(c for c in cells if c.startswith("#")) == {f"#{n}": 3 for n in range(1, 7)}
    land = generate_landscape(3, Difficulty.NORMAL)
    letters = Counter(c[0] for c in cells if not c.startswith("#"))
    assert letters == {"P": 12, "S": 12, "D": 11, "M": 2}
    assert sum(c[1:] == "c" for c in cells) == len(land.clouds) == 12
    assert picture.splitlines()[0].split() == ["#5", "#4"]  # north: regions 5 (NW) and 4 (NE)
    assert picture.splitlines()[-1].split() == ["#1", "#2"]  # south: regions 1 (SW) and 2 (SE)
    assert "biomes: P plain  S sea  D desert  M mountain" in legend
    coloured = run("map", "show", "--color", "--no-legend", str(TURBULENCES /
                                                                "white-tempest.yaml"))
    assert "\x1b[48;5;" in coloured.stdout and "biomes:" not in coloured.stdout
    assert "S2" in coloured.stdout  # a Tempest of two tokens on a sea tile


def test_show_marks_storms_and_tempests() -> None:
    clouds = {Hex(0, 0): (CloudToken(1, CloudSide.STORM),),
              Hex(1, 0): tuple(CloudToken(i, CloudSide.STORM) for i in (2, 3, 4))}
    from skyhex.render.turbulences.terminal import render_landscape

    text = render_landscape(replace(VALID, clouds=clouds), legend=False)
    middle = {VALID.biomes[Hex(0, 0)].value[0].upper() + "s",
              VALID.biomes[Hex(1, 0)].value[0].upper() + "3"}
    assert middle <= set(text.split())


def test_stats(tmp_path: Path) -> None:
    path = str(EXAMPLE)
    r = run("map", "stats", "--format", "json", path, str(TURBULENCES / "white-tempest.yaml"))
    assert r.exit_code == 0 and r.stderr == ""
    doc = json.loads(r.stdout)
    first, tempest = doc["maps"]
    assert first["biomes"] == {"plain": 12, "sea": 12, "desert": 11, "mountain": 2}
    assert first["clouds"] == {"cumulus": 12, "storm": 0, "tempest": 0}
    assert first["clouds_next_to_mountains"] == 4 and first["difficulty"] == "normal"
    assert tempest["clouds"] == {"cumulus": 10, "storm": 0, "tempest": 1}
    assert tempest["tempest_heights"] == [2] and tempest["storm_tokens"] == 1
    assert doc["summary"]["clouds.tempest"] == {"min": 0, "mean": 0.5, "max": 1}
    text = run("map", "stats", path).stdout
    assert text.splitlines() == [
        path, "  difficulty: normal", "  hexes: 37 (plain 12, sea 12, desert 11, mountain 2)",
        "  clouds: cumulus 12, storm 0, tempest 0", "  cloud tokens: 12 (0 on the storm side)",
        "  clouds next to a mountain: 4"]
    assert landscape_stats(generate_landscape(1, Difficulty.EXTREME))["clouds"] == {
        "cumulus": 9, "storm": 3, "tempest": 0}
    mixed = run("map", "stats", path, str(ROOT / "examples" / "maps" / "standard-seed-7.yaml"))
    assert mixed.exit_code == 2 and mixed.stdout == ""
    assert "separate calls" in mixed.stderr
