"""The skyhex commands on Thistledown's example files, with this plugin installed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from plugin_helpers import HERE
from skyhex.cli import app
from skyhex.rules import games
from typer.testing import CliRunner, Result

MOVES = "games/three-tufts.moves.yaml"
SCENARIO = "scenarios/three-tufts.yaml"
MAP = "maps/thorny-meadow.yaml"


@pytest.fixture(autouse=True)
def here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(HERE)


def run(*args: str) -> Result:
    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


def test_the_game_is_registered() -> None:
    assert "thistledown" in games.names()
    assert games.entry("thistledown").title == "Thistledown"


def test_map_generate_and_check(tmp_path: Path) -> None:
    out = run("map", "generate", "--game", "thistledown", "--seed", "3", "-o", "-")
    assert out.exit_code == 0
    assert out.stdout.replace("Meadow of seed 3", "The thorny meadow") == \
        (HERE / MAP).read_text()
    checked = run("map", "check", MAP)
    assert checked.exit_code == 0 and "8 thorn bushes" in checked.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: skyhex.map/1\ngame: thistledown\nradius: 1\n"
                   "thorns: [[0, -1], [0, 0], [0, 1]]\n")
    failed = run("map", "check", str(bad))
    assert failed.exit_code == 1 and "meadow.no-way" in failed.stdout + failed.stderr


def test_scenario_validate() -> None:
    out = run("scenario", "validate", SCENARIO, "scenarios/seeded-pair.yaml")
    assert out.exit_code == 0 and out.stdout.count(": ok:") == 2


def test_replay_reproduces_the_race() -> None:
    out = run("replay", MOVES, "--format", "ndjson")
    assert out.exit_code == 0
    events = [json.loads(line) for line in out.stdout.splitlines()]
    assert events[0]["type"] == "setup" and events[0]["game"] == "thistledown"
    end = events[-1]
    assert end["type"] == "game_end" and end["winners"] == ["gold"]


def test_legal_bot_and_view() -> None:
    legal = json.loads(run("legal", "--scenario", SCENARIO).stdout)
    assert legal["actor"] == "white" and len(legal["actions"]) in (6, 12)
    assert legal["view"]["tufts"][1]["hand"] is None
    entry = run("bot", SCENARIO, "--bot", "greedy")
    assert entry.exit_code == 0 and entry.stdout.startswith("- {tuft: white")
    page = run("view", MOVES, "--seat", "gold", "--format", "json", "-o", "-")
    assert page.exit_code == 0
    data = json.loads(page.stdout)
    assert data["game"] == "thistledown" and data["participants"] == ["white", "gold", "lilac"]


def test_analyze() -> None:
    out = run("analyze", SCENARIO, "--games", "2", "--workers", "1")
    assert out.exit_code == 0
    row = json.loads(out.stdout.splitlines()[0])
    assert row["game"] == "thistledown" and row["games"] == 2 and "home" in row["figures"]


def test_pinned_draws_replay_the_table_whatever_the_seed() -> None:
    from skyhex.games.documents import load_game
    from skyhex.rules.replay import play, start

    loaded = load_game("games/table-pair.moves.yaml")
    rules = loaded.face.ruleset
    logs = []
    for seed in (21, 5, 999):
        scenario = rules.with_seed(loaded.scenario, seed)
        replay = play(start(rules, scenario, loaded.pinned), loaded.actions, strict=True)
        assert replay.error is None
        logs.append([{k: v for k, v in e.items() if k != "seed"} for e in replay.events])
    assert logs[0] == logs[1] == logs[2]
    assert [e["wind"] for e in logs[0] if e["type"] == "wind"] == ["SE", "S"]


def test_the_games_own_options() -> None:
    small = run("map", "generate", "--game", "thistledown", "--radius", "3", "--seed", "1",
                "-o", "-")
    assert small.exit_code == 0 and "radius: 3" in small.stdout
    wide = run("map", "generate", "--game", "thistledown", "--radius", "9", "-o", "-")
    assert wide.exit_code == 2 and "1 to 8 for thistledown" in wide.stderr
    new = run("scenario", "new", "--game", "thistledown", "-p", "3", "--rounds", "8",
              "--seed", "4", "-o", "-")
    assert new.exit_code == 0 and "rounds: 8" in new.stdout and "{colour: silver}" in new.stdout
    other = run("scenario", "new", "--game", "balloons", "--rounds", "8", "-o", "-")
    assert other.exit_code == 2 and "--rounds is for --game thistledown" in other.stderr


def test_a_position_that_cannot_be_is_located(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    monkeypatch.chdir(tmp_path)
    for folder in ("maps", "scenarios"):
        shutil.copytree(HERE / folder, tmp_path / folder)
    bad = tmp_path / "scenarios" / "bad-position.yaml"
    bad.write_text((HERE / SCENARIO).read_text() + """position:
  round: 13
  actor: gold
  draws: 9
  wind: NE
  tufts:
    white: {hex: [4, -4], hand: [1], home: null}
    gold: {hex: [0, 0], hand: [2]}
    lilac: {hex: [-1, 1], hand: [1, 3]}
""")
    out = run("scenario", "validate", "scenarios/bad-position.yaml")
    found = out.stdout + out.stderr
    assert out.exit_code == 1
    for rule in ("position.home", "position.hand", "position.round", "position.hex"):
        assert f"[{rule}]" in found, rule
    line = bad.read_text().splitlines().index("    white: {hex: [4, -4], hand: [1], home: null}")
    assert f"bad-position.yaml:{line + 1}:44: error: white is home exactly when at the " \
        "hedge" in found  # where it is written


def test_boards_of_the_meadow_and_of_a_position(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    svg = "{http://www.w3.org/2000/svg}"
    counts = []
    for source, name in ((MAP, "meadow.svg"), (MOVES, "race.svg")):
        out = run("board", source, "-o", str(tmp_path / name))
        assert out.exit_code == 0, out.stderr
        root = ET.parse(tmp_path / name).getroot()
        assert len(root.findall(f".//{svg}polygon")) == 61 + 4  # the hexes, the legend's
        counts.append(len(root.findall(f".//{svg}circle")))
    assert counts[1] == counts[0] + 3  # the three tufts
