"""`skyhex map ...` through Typer's CliRunner: stdout, stderr and exit codes apart."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
import yaml

from skyhex.schemas import validator

from .conftest import DATA, ROOT, graph_library_after, run


def test_version() -> None:
    r = run("--version")
    assert r.exit_code == 0 and r.stdout.startswith("skyhex 0.")


def test_generate_then_check(tmp_path: Path) -> None:
    out = tmp_path / "m.yaml"
    r = run("map", "generate", "--seed", "7", "-o", str(out))
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", "")
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask  # written atomically, usual mode
    r = run("map", "check", str(out))
    assert r.exit_code == 0 and r.stderr == ""
    assert r.stdout == f"{out}: ok: standard layout, radius 4, 61 slots, 183 hexes\n"


@pytest.mark.parametrize(("example", "args"), [
    ("standard-seed-7", ["--seed", "7"]),
    ("standard-seed-21", ["--seed", "21"]),
    ("aerodromes-seed-12", ["--seed", "12", "--aerodromes", "2"]),
])
def test_generate_is_byte_identical_to_the_example(example: str, args: list[str]) -> None:
    r = run("map", "generate", *args)
    assert r.exit_code == 0
    assert r.stdout == (ROOT / "examples" / "maps" / f"{example}.yaml").read_text()


def test_generate_json(tmp_path: Path) -> None:
    out = tmp_path / "m.json"
    assert run("map", "generate", "--seed", "3", "--aerodromes", "1", "-o", str(out)).exit_code == 0
    doc = json.loads(out.read_text())
    assert doc["format"] == "skyhex.map/1" and len(doc["hexes"]) == 183
    assert any("aerodrome" in s for s in doc["slots"])
    assert run("map", "check", str(out)).exit_code == 0


def test_batch_into_a_directory(tmp_path: Path) -> None:
    out = tmp_path / "maps"
    r = run("map", "generate", "--seed", "100", "--count", "5", "-o", str(out))
    assert r.exit_code == 0 and r.stdout == ""
    assert r.stderr == f"wrote 5 maps to {out}/ (seeds 100-104)\n"
    files = sorted(p.name for p in out.iterdir())
    assert files == [f"map-{s}.yaml" for s in range(100, 105)]
    r = run("map", "check", *(str(out / f) for f in files))
    assert r.exit_code == 0 and r.stdout.count(": ok: ") == 5


def test_over_constrained_request(tmp_path: Path) -> None:
    out = tmp_path / "m.yaml"
    out.write_text("keep me\n")
    r = run("map", "generate", "--radius", "6", "-o", str(out), "--force")
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.count("\n") == 1
    assert "setup.board" in r.stderr and "use a smaller --radius" in r.stderr
    assert out.read_text() == "keep me\n"  # nothing half-written


def test_usage_errors_exit_2() -> None:
    assert run("map", "generate", "--aerodromes", "3").exit_code == 2
    assert run("map", "generate", "--format", "xml").exit_code == 2
    assert run("map", "check").exit_code == 2


def test_unwritable_output(tmp_path: Path) -> None:
    r = run("map", "generate", "--seed", "1", "-o", str(tmp_path / "no" / "such" / "m.yaml"))
    assert r.exit_code == 1 and r.stdout == "" and r.stderr.count("\n") == 1


def test_check_reports_all_violations() -> None:
    path = DATA / "maps" / "three-violations.yaml"
    r = run("map", "check", str(path))
    assert r.exit_code == 1 and r.stderr == ""
    errors = [line for line in r.stdout.splitlines() if ": error: " in line]
    assert [e.rsplit("[", 1)[1] for e in errors] == [
        "setup.star]", "setup.mountains]", "setup.features]"]
    assert errors[0].startswith(f"{path}:105:3: error: arm E slot [1,-1] holds mountain")
    assert r.stdout.count("    hint: ") == 3
    assert r.stdout.endswith(f"{path}: invalid: 3 violations\n")


def test_check_json() -> None:
    r = run("map", "check", "--format", "json", str(DATA / "maps" / "two-antennas.yaml"),
            str(DATA / "maps" / "valid-seed-7.yaml"), str(DATA / "bad" / "unknown-tile.yaml"))
    assert r.exit_code == 1 and r.stderr == ""
    bad, good, unreadable = json.loads(r.stdout)
    assert [v["rule"] for v in bad["violations"]] == ["setup.antennas", "setup.antennas"]
    assert bad["violations"][0]["line"] == 27 and bad["valid"] is False
    assert list(bad["violations"][0]) == ["rule", "severity", "message", "hint", "slots",
                                          "hexes", "clouds", "spaces", "line", "column"]
    assert bad["violations"][0]["severity"] == "error"
    assert bad["violations"][0]["slots"][0] == [-2, 2] and bad["violations"][0]["clouds"] == []
    assert good["valid"] is True and good["violations"] == []
    assert unreadable["errors"][0]["rule"] == "map.unknown-tile"
    assert (unreadable["errors"][0]["line"], unreadable["errors"][0]["column"]) == (6, 27)


@pytest.mark.parametrize(("name", "line", "rule"), [
    ("syntax-error.yaml", ":5:5: error: YAML syntax: while parsing a flow mapping (line 4, "
                          "column 5): did not find expected ',' or '}'", "file.syntax"),
    ("wrong-format.yaml", ":1:9: error: format 'skyhex.map/2': expected format "
                          "'skyhex.map/1' (a map file) [$.format]", "file.format"),
    ("unknown-tile.yaml", ":6:27: error: unknown tile 't99' in set 'standard' "
                          "[$.slots[1].tile]", "map.unknown-tile"),
    ("non-integer.yaml", ":6:9: error: expected an integer, not 1.5 [$.hexes[1].q]",
     "schema.type"),
    ("tabs.yaml", ":4:1: error: YAML syntax: while scanning for the next token: found "
                  "character that cannot start any token (a tab: YAML indents with spaces only)",
     "file.syntax"),
])
def test_bad_input_gives_one_located_line(name: str, line: str, rule: str) -> None:
    path = DATA / "bad" / name
    for command in ("show", "stats"):
        r = run("map", command, str(path))
        assert r.exit_code == 1 and r.stdout == ""
        assert r.stderr == f"{path}{line}\n"
    r = run("map", "check", str(path))  # the checker's report goes to stdout
    assert r.exit_code == 1 and r.stderr == ""
    # The checkers' line format: the rule in brackets (the JSON path is in --format json).
    checked = re.sub(r" \[\$.*\]$", "", line) + f" [{rule}]"
    assert r.stdout == f"{path}{checked}\n{path}: invalid: 1 error\n"


def test_missing_file() -> None:
    r = run("map", "show", "nowhere.yaml")
    assert (r.exit_code, r.stdout, r.stderr) == (1, "", "nowhere.yaml: error: no such file\n")


def test_one_bad_file_does_not_hide_the_others() -> None:
    r = run("map", "check", "nowhere.yaml", str(DATA / "maps" / "valid-seed-7.yaml"))
    assert r.exit_code == 1 and r.stderr == ""
    lines = r.stdout.splitlines()
    assert lines[:2] == ["nowhere.yaml: error: no such file [file.missing]",
                         "nowhere.yaml: invalid: 1 error"]
    assert ": ok: " in lines[2]


def test_check_from_stdin() -> None:
    text = (ROOT / "examples" / "maps" / "training-ridge.yaml").read_text()
    r = run("map", "check", "-", input=text)
    assert r.exit_code == 0 and r.stdout == "<stdin>: ok: custom layout, 22 hexes\n"


def test_show() -> None:
    r = run("map", "show", "--no-color", str(ROOT / "examples" / "maps" / "standard-seed-7.yaml"))
    assert r.exit_code == 0 and r.stderr == ""
    assert "\x1b[" not in r.stdout
    assert r.stdout.count("MT") == 2 and r.stdout.count(".@") == 1
    assert all(f".{c}" in r.stdout or f"f{c}" in r.stdout or f"~{c}" in r.stdout for c in "BRY")
    assert "terrain: M mountain" in r.stdout
    coloured = run("map", "show", "--color", "--no-legend",
                   str(ROOT / "examples" / "maps" / "standard-seed-7.yaml"))
    assert "\x1b[48;5;" in coloured.stdout and "terrain:" not in coloured.stdout


def test_stats() -> None:
    path = str(ROOT / "examples" / "maps" / "standard-seed-7.yaml")
    r = run("map", "stats", "--format", "json", path, path)
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert doc["game"] == "paragliders"
    first = doc["maps"][0]
    assert first["hexes"] == 183 and sum(first["terrain"].values()) == 183
    # the seed-7 map: nothing around the centre, a cluster of its own in every sector
    assert first["takeoff_cluster"] == 2 and sorted(first["mountain_clusters"]) == [2, 6, 6, 13]
    assert {n: (s["mountains"], s["clusters"], s["joined"])
            for n, s in first["sectors"].items()} == {
        "B": (13, 1, False), "D": (6, 1, False), "F": (6, 1, False)}
    assert sum(s["mountains"] for s in first["sectors"].values()) + 2 == \
        first["terrain"]["mountain"]
    assert set(first["takeoff_to_antenna"]) == {"blue", "red", "yellow"}
    assert first["gps_sites"] == ["castle", "crop-circle", "golf-course", "megaliths"]
    below, above = first["route"]["below"], first["route"]["above"]
    assert below["length"] >= above["length"] >= first["antenna_tour"]["length"]
    assert first["detour"] == below["length"] - above["length"]
    assert first["balance"] == 100 - sum(first["balance_penalties"].values())
    assert doc["summary"]["maps"] == 2 and doc["summary"]["balance"]["min"] == first["balance"]
    assert list(validator("map-stats").iter_errors(doc)) == []
    text = run("map", "stats", path).stdout
    assert "take-off to antenna: blue" in text and "shortest antenna tour" in text
    assert "  sector B: 13 mountain hexes in 1 cluster(s); lift " in text
    assert f"below the mountaintop: {below['length']} moves (" in text
    assert f"  balance: {first['balance']}" in text


def test_stats_of_an_antenna_in_a_pocket() -> None:
    """The first generator's seed-7 map put every sector mountain in sector F and walled the
    blue antenna in: a pilot below the mountaintop cannot reach it."""
    path = str(ROOT / "examples" / "maps" / "mapgen1-seed-7.yaml")
    doc = json.loads(run("map", "stats", "--format", "json", path).stdout)
    first = doc["maps"][0]
    assert first["pockets"] == ["blue"] and first["route"]["below"] is None
    assert first["route"]["above"] is not None and first["detour"] is None
    assert [n for n, s in first["sectors"].items() if s["mountains"]] == ["F"]
    assert first["balance_penalties"]["pockets"] == 15
    assert first["balance_penalties"]["lift-less sectors"] == 20
    assert list(validator("map-stats").iter_errors(doc)) == []


def test_stats_json_follows_the_schema_for_every_game() -> None:
    maps = ROOT / "examples" / "maps"
    for files in (["training-ridge.yaml", "aerodromes-seed-12.yaml", "standard-seed-21.yaml"],
                  ["turbulences-normal-seed-3.yaml", "turbulences-easy-seed-4.yaml"]):
        r = run("map", "stats", "--format", "json", *(str(maps / f) for f in files))
        assert r.exit_code == 0
        doc = json.loads(r.stdout)
        assert list(validator("map-stats").iter_errors(doc)) == [], files
    ridge = json.loads(run("map", "stats", "--format", "json",
                           str(maps / "training-ridge.yaml")).stdout)["maps"][0]
    assert ridge["sectors"] is None  # a custom layout has no sectors


def flat(text: str) -> str:
    """A usage error's message out of its box, on one line."""
    return " ".join(text.replace("│", " ").split())


def test_generate_where() -> None:
    """--where draws seeds until the map's statistics meet the condition, and says which."""
    r = run("map", "generate", "--seed", "1", "--where", "balance>=95")
    assert r.exit_code == 0
    doc = yaml.safe_load(r.stdout)
    seed = doc["seed"]
    assert r.stderr == f"seed {seed}: balance>=95 after {seed} draws\n"
    for s in range(1, seed):  # the seeds skipped did not meet it
        below = run("map", "generate", "--seed", str(s))
        stats = json.loads(run("map", "stats", "--format", "json", "-",
                               input=below.stdout).stdout)["maps"][0]
        assert stats["balance"] < 95
    again = run("map", "generate", "--seed", str(seed))
    assert again.stdout == r.stdout


def test_generate_where_several_maps(tmp_path: Path) -> None:
    out = tmp_path / "maps"
    r = run("map", "generate", "--seed", "1", "--count", "2", "--where",
            "pockets==0 and route.below.length<=24", "--where", "sectors.B.mountains>=3",
            "-o", str(out))
    assert r.exit_code == 0, r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 3 and lines[2].startswith(f"wrote 2 maps to {out}/ (seeds ")
    for f in sorted(out.iterdir()):
        stats = json.loads(run("map", "stats", "--format", "json", str(f)).stdout)["maps"][0]
        assert stats["pockets"] == [] and stats["route"]["below"]["length"] <= 24
        assert stats["sectors"]["B"]["mountains"] >= 3


def test_generate_where_errors(tmp_path: Path) -> None:
    r = run("map", "generate", "--seed", "1", "--where", "balanse>=85")
    assert r.exit_code == 2 and r.stdout == ""
    assert "no figure 'balanse' in the map statistics (there are: hexes," in flat(r.stderr)
    r = run("map", "generate", "--where", "balance>>85")
    assert r.exit_code == 2 and "--where" in r.stderr
    out = tmp_path / "m.yaml"
    r = run("map", "generate", "--seed", "1", "--where", "balance>100", "--max-draws", "3",
            "-o", str(out))
    assert r.exit_code == 1 and r.stdout == "" and not out.exists()
    assert r.stderr == "skyhex: error: no map meets balance>100 in 3 draws (seeds 1-3) [where]\n"
    r = run("map", "generate", "--game", "turbulences", "--seed", "1", "--where",
            "clouds_next_to_mountains==4")
    assert r.exit_code == 0 and r.stderr == "seed 1: clouds_next_to_mountains==4 after 1 draw\n"


def test_generate_setup_options() -> None:
    r = run("map", "generate", "--seed", "2", "--mountains", "one-cluster", "--assistants", "3")
    assert r.exit_code == 0
    doc = yaml.safe_load(r.stdout)
    assert doc["mountains"] == "one-cluster" and doc["assistants"] == 3
    assert doc["redraws"] and all(set(d) == {"step", "rule", "reason"} for d in doc["redraws"])
    assert run("map", "check", "-", input=r.stdout).exit_code == 0
    bad = run("map", "generate", "--mountains", "two-clusters")
    assert bad.exit_code == 2 and "'two-clusters' is not one of per-sector, one-cluster" in \
        flat(bad.stderr)
    assert run("map", "generate", "--assistants", "4").exit_code == 2
    other = run("map", "generate", "--game", "turbulences", "--mountains", "one-cluster")
    assert other.exit_code == 2 and "--mountains is for --game paragliders" in flat(other.stderr)


def test_own_component_set(tmp_path: Path) -> None:
    from skyhex.rules.paragliders.components import standard_set_text

    own = tmp_path / "box.yaml"
    own.write_text(standard_set_text().replace("id: standard", "id: my-box"))
    out = tmp_path / "m.yaml"
    assert run("map", "generate", "--seed", "5", "--components", str(own), "-o", str(out)).exit_code == 0
    assert "components: my-box" in out.read_text()
    r = run("map", "show", str(out))
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr == (f"{out}:7:13: error: the map was made with component set 'my-box', not "
                        "'standard' (hint: pass the set 'my-box' with --components FILE) "
                        "[$.components]\n")
    assert run("map", "check", "--components", str(own), str(out)).exit_code == 0


def test_bad_component_set(tmp_path: Path) -> None:
    from skyhex.rules.paragliders.components import standard_set_text

    own = tmp_path / "box.yaml"
    own.write_text(standard_set_text().replace("  mountaintop: 9 ", "  mountaintop: nine "))
    r = run("map", "generate", "--components", str(own))
    assert r.exit_code == 1 and r.stdout == ""
    line = r.stderr.strip()
    assert line.startswith(f"{own}:") and "expected an integer, not a string" in line
    assert line.endswith("[$.altitude_track.mountaintop]")


def test_count_to_stdout_is_one_stream_and_writes_no_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import yaml

    monkeypatch.chdir(tmp_path)
    r = run("map", "generate", "--seed", "4", "--count", "3")
    assert r.exit_code == 0 and list(tmp_path.iterdir()) == []
    docs = list(yaml.safe_load_all(r.stdout))
    assert [d["seed"] for d in docs] == [4, 5, 6]
    assert r.stderr == "wrote 3 maps to standard output (seeds 4-6)\n"
    # Each document is the map that one seed gives.
    assert yaml.safe_load(run("map", "generate", "--seed", "5").stdout) == docs[1]
    r = run("map", "generate", "--seed", "4", "--count", "2", "--format", "json")
    assert [json.loads(line)["seed"] for line in r.stdout.splitlines()] == [4, 5]


def test_a_random_seed_is_told() -> None:
    r = run("map", "generate")
    assert r.exit_code == 0
    seed = int(r.stderr.split()[1])
    assert r.stderr == f"seed {seed} (drawn at random; --seed {seed} makes the same map)\n"
    assert f"seed: {seed}\n" in r.stdout
    assert run("map", "generate", "--seed", str(seed)).stdout == r.stdout


@pytest.mark.parametrize("game", ["balloons", "turbulences"])
def test_only_map_stats_loads_the_graph_library(game: str, tmp_path: Path) -> None:
    """Reading a game's files (replay, legal, scenario validate, board) and checking or
    generating its maps ask the plain tables; networkx, the graph engine of the map tools'
    measures, is imported by ``map stats`` alone (Paragliders: test_project)."""
    moves = str(ROOT / "tests" / "golden" / f"{game}-2.moves.yaml")
    scenario = str(ROOT / "examples" / "scenarios" / f"{game}-2.yaml")
    maps = str(tmp_path / "m.yaml")
    commands = [["replay", moves], ["legal", moves], ["scenario", "validate", scenario],
                ["board", scenario, "-o", f"{tmp_path}/board.svg"],
                ["map", "generate", "--game", game, "--seed", "3", "-o", maps],
                ["map", "check", maps], ["map", "stats", maps]]
    expected = ["0 False"] * (len(commands) - 1) + [f"0 {game == 'balloons'}"]
    assert graph_library_after(commands) == expected


def test_paragliders_map_stats_loads_the_graph_library(tmp_path: Path) -> None:
    maps = str(tmp_path / "m.yaml")
    commands = [["map", "generate", "--seed", "3", "-o", maps], ["map", "check", maps],
                ["map", "stats", maps]]
    assert graph_library_after(commands) == ["0 False", "0 False", "0 True"]
