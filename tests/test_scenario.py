"""Scenario files: the examples validate, a corpus of broken scenarios each fails with
errors pointing at the right line and column, and `scenario new` writes valid files."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from skyhex.games import load_scenario
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.paragliders.components import Side
from skyhex.rules.paragliders.scenario import Colour, PilotStatus, SoloMode
from skyhex.rules.paragliders.stunts import Stunt

from .conftest import DATA, ROOT, copy_into, run

BROKEN = DATA / "scenarios"
EXAMPLES = sorted((ROOT / "examples" / "scenarios").glob("*.yaml"))




def test_every_example_validates() -> None:
    assert len(EXAMPLES) >= 8
    r = run("scenario", "validate", *map(str, EXAMPLES))
    assert r.exit_code == 0 and r.stderr == ""
    assert r.stdout.count(": ok: ") == len(EXAMPLES)


def test_examples_cover_the_variants() -> None:
    scenarios = {p.stem: load_scenario(str(p))[1] for p in EXAMPLES
                 if not p.stem.startswith(("turbulences-", "balloons-"))}
    # the other games' examples: turbulences/test_replay.py, balloons/test_replay.py
    assert {len(s.players) for s in scenarios.values()} == {1, 2, 3, 4}
    assert scenarios["solo-race"].solo is SoloMode.RACE
    assert Stunt.LONE_HIKER not in scenarios["solo-race"].stunts
    cross = scenarios["solo-cross"]
    assert cross.solo is SoloMode.CROSS and len(cross.cross_markers) == 4 and not cross.stunts
    assert cross.cross_markers[3].side is None  # the blank marker
    assert Side.DIFFICULT in (scenarios["three-players-difficult"].altitude_track or ())
    assert scenarios["aerodromes"].aerodromes
    assert scenarios["custom-thermal"].components.thermal.max == 2
    assert scenarios["four-players"].altitude_track is None  # random, from the seed
    assert [p.ident for p in scenarios["four-players"].players] == ["Ana", "Bea", "Carl", "Dora"]
    assert scenarios["four-players"].players[0].colour is Colour.YELLOW  # first free colour
    mid = scenarios["mid-game"].position
    assert mid is not None and mid.turn == "blue" and mid.wind == (Direction.SE, 1)
    assert mid.pilots["yellow"].hex == Hex(3, 0) and mid.pilots["yellow"].altitude == 6
    assert mid.pilots["red"].status is PilotStatus.WALKING and mid.pilots["red"].deficit == 4
    assert mid.pilots["yellow"].stunts[Stunt.SURVIVOR].armed
    assert mid.pilots["blue"].stunts[Stunt.CLIFF_SURFER].since == 13 * 60


# file, line, column, start of the message of the first error
CORPUS = [
    ("wrong-type.yaml", 3, 7, "expected an integer, not a string [schema.type]"),
    ("missing-players.yaml", 1, 1, "missing required key 'players'"),
    ("unknown-key.yaml", 5, 1, "unknown key 'weathr' (did you mean 'weather'?)"),
    ("too-many-players.yaml", 3, 10, "expected at most 4 items, not 5"),
    ("duplicate-colours.yaml", 6, 5, "colour yellow is taken by player 1"),
    ("duplicate-names.yaml", 5, 12, "'Ana' already names player 1"),
    ("name-is-a-colour.yaml", 3, 18, "'blue' already names player 2"),
    ("map-breaks-rules.yaml", 4, 6, "the map breaks 3 setup rule(s)"),
    ("bad-relative-path.yaml", 4, 6, "map file 'maps/valid-seed-7.yaml': no such file"),
    ("tabs.yaml", 4, 1, "YAML syntax: while scanning for the next token"),
    ("weather-twice.yaml", 6, 81, "weather tile w03 is used twice (hours 3 and 11)"),
    ("weather-count.yaml", 6, 10, "the day needs 12 weather tiles (one an hour), not 3"),
    ("weather-unknown-tile.yaml", 6, 67, "unknown weather tile 'w99'"),
    ("bad-direction.yaml", 6, 14,
     "'NNE' is not one of N, NE, SE, S, SW, NW (did you mean 'NE'?) [schema.enum]"),
    ("out-of-range.yaml", 5, 32, "3 is not one of 0, 1, 2 [schema.enum]"),
    ("cross-missing-spot.yaml", 10, 35, "the map has no castle spot"),
    ("cross-without-solo.yaml", 7, 5, "cross_markers belong to the cross mode"),
    ("solo-for-two.yaml", 6, 9, "the solo race mode is for one player, not 2"),
    ("aerodromes-mismatch.yaml", 6, 15, "the map has no aerodrome hexes"),
    ("position-off-map.yaml", 8, 31, "hex (30,30) is not on the map"),
    ("position-collision.yaml", 9, 11, "blue and red are both at (3,0) altitude 5"),
    ("position-below-mountaintop.yaml", 8, 61, "over a mountain a pilot flies at the mountaintop (9)"),
    ("position-bad-time.yaml", 6, 9, "13:10 is not a step of the time track"),
    ("position-unknown-player.yaml", 8, 13, "no player is called 'purple'"),
    ("stunt-not-in-play.yaml", 9, 83, "the overflyer stunt is not in play"),
    ("override-bad-thermal.yaml", 14, 13, "the lake row needs 3 values (positions -1..1)"),
    ("yaml-syntax.yaml", 4, 4, "YAML syntax: while parsing a flow sequence (line 3, column 10)"),
    ("duplicate-key.yaml", 5, 1, "duplicate key 'players'"),
    ("unsafe-tag.yaml", 4, 6, "the tag tag:yaml.org,2002:python/object/apply:os.system is not allowed"),
    ("wrong-format.yaml", 1, 9, "format 'skyhex.map/1': expected format 'skyhex.scenario/1'"),
    ("alias-bomb.yaml", 7, 45, "the document holds more than 100,000 values"),
]


@pytest.mark.parametrize(("name", "line", "column", "message"), CORPUS)
def test_broken_scenarios(name: str, line: int, column: int, message: str) -> None:
    path = BROKEN / name
    r = run("scenario", "validate", str(path))
    assert r.exit_code == 1 and r.stderr == ""
    first = r.stdout.splitlines()[0]
    assert first.startswith(f"{path}:{line}:{column}: error: {message}")
    assert r.stdout.splitlines()[-1].startswith(f"{path}: invalid: ")


def test_the_corpus_is_complete() -> None:
    assert sorted(p.name for p in BROKEN.glob("*.yaml")) == sorted(c[0] for c in CORPUS)


def test_a_referenced_map_reports_its_own_errors_too() -> None:
    path = BROKEN / "map-breaks-rules.yaml"
    lines = run("scenario", "validate", str(path)).stdout.splitlines()
    errors = [line for line in lines if ": error: " in line]
    # The scenario's problem first, then the map's, in the order of its file.
    assert errors[0].startswith(f"{path}:4:6: error: the map breaks 3 setup rule(s)")
    assert errors[2].startswith(f"{DATA / 'maps' / 'three-violations.yaml'}:105:3: error: arm E")
    found = json.loads(run("scenario", "validate", "--format", "json", str(path)).stdout)
    assert [p["path"] for p in found[2:4]] == ["$.hexes[94]", "$.hexes[129]"]
    assert lines[-1] == f"{path}: invalid: 4 errors"


def test_empty_binary_and_huge_files(tmp_path: Path) -> None:
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(bytes(range(256)) * 4)
    huge = tmp_path / "huge.yaml"
    with open(huge, "w") as f:
        line = "# " + "x" * 1021 + "\n"
        for _ in range(50 * 1024):
            f.write(line)
    assert huge.stat().st_size == 50 * 1024 * 1024
    expected = {
        empty: f"{empty}:1:1: error: the file is empty",
        binary: f"{binary}:2:118: error: not a UTF-8 text file (byte 0x80 at offset 128)",
        huge: f"{huge}: error: file is 52,428,800 bytes, more than the 8,388,608-byte limit",
    }
    for path, message in expected.items():
        r = run("scenario", "validate", str(path))
        assert r.exit_code == 1 and r.stdout.startswith(message), r.stdout


def test_all_errors_of_all_files_as_json() -> None:
    r = run("scenario", "validate", "--format", "json", str(BROKEN / "weather-twice.yaml"),
            str(BROKEN / "position-collision.yaml"), str(EXAMPLES[0]))
    assert r.exit_code == 1
    errors = json.loads(r.stdout)
    assert [(e["file"].rsplit("/", 1)[-1], e["line"], e["column"], e["rule"]) for e in errors] == [
        ("weather-twice.yaml", 6, 81, "scenario.weather"),
        ("position-collision.yaml", 9, 11, "position.collision"),
    ]
    assert set(errors[0]) >= {"file", "line", "column", "path", "message", "rule"}
    assert errors[0]["path"] == "$.weather.tiles[10]"


def test_several_semantic_errors_at_once(workdir: Path) -> None:
    copy_into(workdir, DATA / "maps" / "valid-seed-7.yaml")
    bad = workdir / "many.yaml"
    bad.write_text(
        "format: skyhex.scenario/1\ngame: paragliders\nplayers: [red, red]\n"
        "map: valid-seed-7.yaml\n"
        "weather:\n  tiles: [w01/a, w01/b]\n"
        "position:\n  time: '09:00'\n  turn: green\n")
    r = run("scenario", "validate", "--format", "json", str(bad))
    paths = [p["path"] for p in json.loads(r.stdout)]
    assert paths == ["$.players[1]", "$.weather.tiles", "$.weather.tiles[1]", "$.position.turn"]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_scenario_new_writes_valid_scenarios(players: int, workdir: Path) -> None:
    out = workdir / "game.yaml"
    r = run("scenario", "new", "--players", str(players), "--seed", "11", "-o", str(out))
    assert r.exit_code == 0 and r.stdout == ""
    assert (workdir / "game.map.yaml").exists()
    text = out.read_text()
    assert text.count("\n# ") >= 6  # every section is explained
    assert run("scenario", "validate", str(out)).exit_code == 0


def test_scenario_new_variants(tmp_path: Path) -> None:
    out = tmp_path / "cross.yaml"
    map_file = ROOT / "examples" / "maps" / "standard-seed-21.yaml"
    r = run("scenario", "new", "-p", "1", "--solo", "cross", "--map", str(map_file),
            "--altitude", "difficult", "--forecast", "short", "--title", "<b>Cross</b> \"1\"",
            "-o", str(out))
    assert r.exit_code == 0
    _, scenario, _ = load_scenario(str(out))
    assert scenario.solo is SoloMode.CROSS and len(scenario.cross_markers) == 4
    assert scenario.title == "<b>Cross</b> \"1\""
    inline = run("scenario", "new", "-p", "2", "--seed", "4", "--aerodromes", "1", "-o", "-")
    assert inline.exit_code == 0 and "map:\n  format: skyhex.map/1" in inline.stdout
    assert run("scenario", "validate", "-", input=inline.stdout).exit_code == 0
    assert run("scenario", "new", "-p", "2", "--solo", "race").exit_code == 2


def test_schema_command() -> None:
    listing = run("schema")
    assert listing.exit_code == 0
    assert [line.split("\t")[0] for line in listing.stdout.splitlines()] == [
        "career", "components", "event", "map", "map-stats", "moves", "scenario", "view"]
    printed = json.loads(run("schema", "scenario").stdout)
    # Self-contained: no ids, every reference a pointer into the document (editors resolve
    # those without knowing skyhex's urn: ids).
    assert "$id" not in printed and "$id" not in printed["$defs"]["skyhex-map"]
    refs = re.findall(r'"\$ref": "([^"]*)"', run("schema", "scenario").stdout)
    assert refs and all(ref.startswith("#") for ref in refs)
    assert "#/$defs/skyhex-paragliders-components/properties/clouds" in refs
    unknown = run("schema", "nope")
    assert unknown.exit_code == 2 and "unknown schema 'nope'" in unknown.stderr


def test_schema_write_makes_its_folder(workdir: Path) -> None:
    """``skyhex schema --write schemas-out`` makes the folder, as ``map generate --count N
    -o maps/`` does; a path through a file is one located error, nothing written."""
    r = run("schema", "--write", "schemas-out/editor")
    assert r.exit_code == 0 and r.stdout == "", r.stderr
    written = sorted(p.name for p in (workdir / "schemas-out" / "editor").iterdir())
    assert written == sorted(f"{line.split(chr(9))[0]}.schema.json"
                             for line in run("schema").stdout.splitlines())
    again = run("schema", "--write", "schemas-out/editor")
    assert again.exit_code == 1 and "--force" in again.stderr
    (workdir / "afile").write_text("mine")
    blocked = run("schema", "--write", "afile/x")
    assert blocked.exit_code == 1 and blocked.stderr.startswith("skyhex: error: cannot write afile")
    assert (workdir / "afile").read_text() == "mine"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_new_turbulences_scenario_validates_and_plays(workdir: Path, players: int) -> None:
    tmp_path = workdir  # the scenario names its map beside it, inside the working directory
    out = tmp_path / "t.yaml"
    r = run("scenario", "new", "--game", "turbulences", "-p", str(players), "-o", str(out))
    assert r.exit_code == 0, r.stderr
    # No --seed: the seed drawn is told, and gives the same scenario again.
    seed = int(re.search(r"^seed (\d+) \(drawn at random", r.stderr, re.M)[1])  # type: ignore[index]
    assert f"seed: {seed}\n" in out.read_text() and (tmp_path / "t.map.yaml").is_file()
    check = run("scenario", "validate", str(out))
    assert check.exit_code == 0 and f"classic, {players} companies" in check.stdout
    legal = run("legal", "--scenario", str(out))
    assert legal.exit_code == 0 and legal.stdout
    again = tmp_path / "again.yaml"
    r = run("scenario", "new", "--game", "turbulences", "-p", str(players), "--seed", str(seed),
            "-o", str(again))
    assert "drawn at random" not in r.stderr
    assert again.read_text().replace("again.map", "t.map") == out.read_text()


def test_new_scenario_player_counts_are_the_game_s() -> None:
    assert run("scenario", "new", "-p", "5", "-o", "-").exit_code == 2
    assert run("scenario", "new", "--game", "turbulences", "-p", "1", "-o", "-").exit_code == 2
