"""What the command line promises about its own outputs, in every game: an entry printed by
`skyhex legal` appends to a moves file and replays as it is; `skyhex replay --until N
--format scenario` writes the position reached as a scenario that validates and replays the
rest of the game to the same events; `replay --format json` and `legal` have one shape."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from skyhex.rules import games as registry

from .conftest import ROOT, mirror, ref, run

GOLDEN = ROOT / "tests" / "golden"
GAMES = {"paragliders": ["two-players", "four-players-stunts", "solo-cross"],
         "turbulences": ["turbulences-2", "turbulences-teams-4"],
         "balloons": ["balloons-6", "balloons-2"]}


def test_every_game_has_golden_games() -> None:
    """Every game of skyhex's own (an installed plugin keeps its tests)."""
    assert set(GAMES) == set(registry.declared_by(registry.HOME))


def cases() -> list[tuple[str, str]]:
    return [(game, name) for game, names in GAMES.items() for name in names]


def events_of(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def moves_file(path: Path, scenario: str, entries: list[Any]) -> str:
    path.write_text(json.dumps({"format": "skyhex.moves/1", "scenario": scenario,
                                "moves": entries}))
    return str(path)


def golden(name: str) -> tuple[str, list[Any], str]:
    """The golden moves file of ``name``: its path, its entries and its scenario's path."""
    path = GOLDEN / f"{name}.moves.yaml"
    doc = yaml.safe_load(path.read_text())
    return str(path), doc["moves"], str((path.parent / doc["scenario"]).resolve())


@pytest.mark.parametrize(("game", "name"), cases())
def test_legal_entries_append_and_replay(tmp_path: Path, game: str, name: str) -> None:
    _, entries, scenario = golden(name)
    scenario = ref(Path(scenario), tmp_path)
    for n in (0, 7, len(entries) // 2):
        played = moves_file(tmp_path / "played.json", scenario, entries[:n])
        r = run("legal", played)
        assert r.exit_code == 0, r.stderr
        doc = json.loads(r.stdout)
        assert list(doc) == ["game", "actor", "moment", "view", "actions"]
        assert doc["game"] == game and doc["actions"]
        assert {"round", "phase"} <= set(doc["moment"])
        step = max(1, len(doc["actions"]) // 5)
        for entry in doc["actions"][::step]:
            trial = moves_file(tmp_path / "trial.json", scenario, [*entries[:n], entry])
            replayed = run("replay", "--strict", trial)
            assert replayed.exit_code == 0, (entry, replayed.stderr)


@pytest.mark.parametrize(("game", "name"), cases())
def test_a_position_written_as_a_scenario_replays_the_rest(workdir: Path, game: str,
                                                           name: str) -> None:
    """In a copy of the repository's examples (the working directory holds every file)."""
    tmp_path = workdir
    mirror(workdir, *(ROOT / "examples").glob("*/*.yaml"), *GOLDEN.glob("*.moves.yaml"))
    moves, entries, _ = golden(name)
    moves = str(Path(moves).relative_to(ROOT))
    full = events_of(run("replay", moves).stdout)
    for until in (1, len(entries) // 3, len(entries) - 2):
        target = tmp_path / "sub" / "position.yaml"
        target.parent.mkdir(exist_ok=True)
        r = run("replay", moves, "--until", str(until), "--format", "scenario",
                "-o", str(target), "--force")
        assert r.exit_code == 0 and r.stdout == "" and r.stderr == "", r.stderr
        assert run("scenario", "validate", str(target)).exit_code == 0
        rest = moves_file(tmp_path / "sub" / "rest.json", "position.yaml", entries[until:])
        resumed = events_of(run("replay", rest).stdout)
        assert resumed[0]["type"] == "setup" and resumed[0]["game"] == game
        mark = len(run("replay", moves, "--until", str(until)).stdout.splitlines())
        expected = [{k: v for k, v in e.items() if k != "seq"} for e in full[mark:]]
        got = [{k: v for k, v in e.items() if k != "seq"} for e in resumed[1:]]
        for e in got:
            if "entry" in e:
                e["entry"] += until
        assert got == expected


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_scenario_on_stdout_names_its_files_from_the_working_directory(game: str) -> None:
    """Standard output is mostly saved in the working directory (``> position.yaml``):
    the map is named from there, and the scenario saved there validates."""
    moves, _, _ = golden(GAMES[game][0])
    r = run("replay", moves, "--until", "2", "--format", "scenario")
    doc = yaml.safe_load(r.stdout)
    assert doc["map"].startswith("examples/maps/") and Path(doc["map"]).exists()
    assert doc["position"]
    assert run("scenario", "validate", "-", input=r.stdout).exit_code == 0


def test_a_finished_game_has_no_position_to_write() -> None:
    moves, _, _ = golden("two-players")
    r = run("replay", moves, "--format", "scenario")
    assert r.exit_code == 2 and "the game is over" in r.stderr and r.stdout == ""


@pytest.mark.parametrize(("game", "name"), cases())
def test_replay_json_has_one_shape(game: str, name: str) -> None:
    moves, _, _ = golden(name)
    for until in (None, 3):
        args = ["replay", moves, "--format", "json"]
        if until is not None:
            args += ["--until", str(until)]
        doc = json.loads(run(*args).stdout)
        assert list(doc) == ["game", "over", "entries", "events", "moment", "actor", "state",
                             "scores", "provisional", "error"]
        assert doc["game"] == game and doc["provisional"] is (until is not None)
        assert doc["over"] is (until is None) and doc["error"] is None
        assert all({"player", "score", "rank", "breakdown"} <= set(s) for s in doc["scores"])
