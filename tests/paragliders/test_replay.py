"""`skyhex replay` and `skyhex legal` on Paragliders: what the golden games cover, replay
determinism, events that match the published schema, and bad moves files rejected naming
the rule (tests/test_golden.py replays every golden log)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import Result

from skyhex.games import load_scenario, playout, ruleset
from skyhex.mapgen.paragliders.generate import generate_map
from skyhex.rules.paragliders.components import standard_set
from skyhex.rules.paragliders.scenario import Colour, Player, Scenario
from skyhex.rules.replay import play, start
from skyhex.schemas import conforms

from ..conftest import DATA, ROOT, copy_into, ref, run

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
PARAGLIDERS = ruleset("paragliders")


def test_text_and_json_formats() -> None:
    moves = str(GOLDEN / "three-players.moves.yaml")
    text = run("replay", "--format", "text", moves)
    assert text.exit_code == 0
    assert text.stdout.startswith("setup: red, yellow, green; mountaintop 6")
    assert "altitude 6 -> " in text.stdout and "thermal " in text.stdout
    assert "game over at " in text.stdout
    final = json.loads(run("replay", "--format", "json", moves).stdout)
    assert final["game"] == "paragliders" and final["over"] is True
    assert len(final["scores"]) == 3 and final["provisional"] is False
    assert final["state"]["phase"] == "over" and final["actor"] is None
    half = json.loads(run("replay", "--format", "json", "--until", "10", moves).stdout)
    assert half["over"] is False and half["entries"] == 10 and half["provisional"] is True
    assert half["moment"]["round"] >= 3 and half["actor"] is not None


def test_golden_games_cover_stunts_and_solo_modes() -> None:
    def events(name: str) -> list[dict]:  # type: ignore[type-arg]
        return [json.loads(line) for line in (GOLDEN / f"{name}.ndjson").read_text().splitlines()]

    stunts = [e for e in events("four-players-stunts") if e["type"] == "stunt"]
    assert {e["action"] for e in stunts} >= {"score", "start", "arm"}
    assert all(e["vp"] <= 12 for e in stunts if e["action"] == "score")
    race = events("solo-race")
    assert len(race[0]["solo_markers"]) == 5
    cross = events("solo-cross")[-1]
    assert set(cross["scores"][0]["breakdown"]) == {"markers", "skill cards", "time"}
    assert cross["scores"][0]["won"] is False


def scenario_on(seed: int, players: int) -> Scenario:
    cs = standard_set()
    m = generate_map(cs, seed)
    return Scenario(players=tuple(Player(i + 1, c) for i, c in enumerate(list(Colour)[:players])),
                    map=m, components=cs, seed=seed)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 4), st.integers(0, 10**6))
def test_random_games_end_and_replay_to_the_same_log(map_seed: int, players: int,
                                                     play_seed: int) -> None:
    scenario = scenario_on(map_seed, players)
    actions = playout(PARAGLIDERS, scenario, play_seed).actions
    first = play(start(PARAGLIDERS, scenario), actions, strict=True)
    second = play(start(PARAGLIDERS, scenario), actions, strict=True)
    assert first.error is None and first.over
    assert first.events == second.events
    assert first.events[-1]["type"] == "game_end"
    for e in first.events:
        assert conforms("event", e), e


def test_legal_lists_entries_that_replay_accepts(tmp_path: Path) -> None:
    scenario = str(ROOT / "examples" / "scenarios" / "mid-game.yaml")
    r = run("legal", "--scenario", scenario)
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert doc["game"] == "paragliders" and doc["actor"] == "blue"
    assert doc["moment"] == {"round": 17, "time": "13:20", "phase": "turn"}
    assert doc["view"]["to_act"] == "blue"
    claims = [e for e in doc["actions"] if "stunts" in e]
    assert claims  # blue, alone over the ridge, may place its Lone Hiker ruler
    for entry in doc["actions"][:5] + claims[:5]:
        moves = tmp_path / "m.yaml"
        moves.write_text(json.dumps({"format": "skyhex.moves/1",
                                     "scenario": ref(Path(scenario), tmp_path),
                                     "moves": [entry]}))
        assert run("replay", "--strict", str(moves)).exit_code == 0, entry


RIDGE = """format: skyhex.scenario/1
game: paragliders
players: [red, blue, yellow]
map: {map}
position:
  time: "10:00"
  turn: {turn}
  temperature: -1
  wind: {{direction: N, strength: 0}}
  pilots:
    red: {{state: flying, hex: [0, 1], facing: N, altitude: 5}}
    blue: {{state: flying, hex: [0, -2], facing: N, altitude: 9}}
    yellow: {{state: flying, hex: [0, 0], facing: N, altitude: 5}}
"""


def bad_moves(tmp_path: Path, turn: str, entry: str) -> Result:
    """Replay ``entry`` on the ridge: a moves file and its scenario side by side, in the
    working directory ``tmp_path``."""
    (ridge,) = copy_into(tmp_path, ROOT / "examples" / "maps" / "training-ridge.yaml")
    (tmp_path / "s.yaml").write_text(RIDGE.format(map=ridge, turn=turn))
    (tmp_path / "m.yaml").write_text(
        f"format: skyhex.moves/1\nscenario: s.yaml\nmoves:\n  - {entry}\n")
    return run("replay", str(tmp_path / "m.yaml"))


@pytest.mark.parametrize(("turn", "entry", "rule", "message"), [
    ("red", "{player: purple, move: straight}", "turn.unknown-player",
     "no player is called 'purple'"),
    ("red", "{player: blue, move: straight}", "turn.order", "it is red's turn, not blue's"),
    ("red", "{player: red, move: right}", "flight.mountain-wall",
     "a right move to mountain hex (1,0) at altitude 5: below the mountaintop (9) mountains "
     "are walls"),
    ("blue", "{player: blue, move: hard-right}", "flight.below-mountaintop",
     "a hard-right move to mountain hex (1,-2) would end at altitude 8, below the mountaintop"),
    ("red", "{player: red, move: straight}", "flight.collision",
     "the move ends at (0,0) altitude 5, where another pilot is: accelerate"),
    ("red", "{player: red, pass: true}", "turn.pass", "red is flying and must move"),
    ("blue", "{player: blue, move: hard-left, accelerate: true, skill: [hard-turn, accelerate]}",
     "skill.no-card", "blue has 1 Skill Move card(s) left, not 2"),
    ("yellow", "{player: yellow, move: left, skill: [hard-turn]}", "skill.unused",
     "the hard-turn card goes with a hard turn"),
])
def test_bad_moves_name_the_rule(workdir: Path, turn: str, entry: str, rule: str,
                                 message: str) -> None:
    tmp_path = workdir
    r = bad_moves(tmp_path, turn, entry)
    assert r.exit_code == 1
    error = json.loads(r.stdout.splitlines()[-1])
    assert error["type"] == "error" and error["rule"] == rule and error["entry"] == 0
    assert error["line"] == 4
    assert message in error["message"]
    line = r.stderr.strip()
    assert r.stderr.count("\n") == 1
    assert line.startswith(f"{tmp_path / 'm.yaml'}:4:5: error: entry 1, ") and f"[{rule}]" in line
    assert "legal" in line


def test_the_events_before_an_error_are_complete(workdir: Path) -> None:
    r = bad_moves(workdir, "red", "{player: red, move: right}")
    events = [json.loads(line) for line in r.stdout.splitlines()]
    assert [e["type"] for e in events] == ["setup", "error"]
    assert events[-1]["legal"]  # the alternatives, as entries


@pytest.mark.parametrize(("entry", "message"), [
    ("{player: red, move: sideways}", "'sideways' is not one of straight, left, right"),
    ("{player: red, pass: true, walk: true}", "an entry is one of takeoff, relaunch, pass, walk"),
    ("{player: red}", "say what the player does"),
    ("{player: red, takeoff: {hex: [1, 0], facing: N}}", "a takeoff is followed by a move"),
    ("{player: red, move: left, mountain: [1, 0]}", "mountain goes with land: relaunch"),
])
def test_malformed_entries(workdir: Path, entry: str, message: str) -> None:
    r = bad_moves(workdir, "red", entry)
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.startswith(f"{workdir / 'm.yaml'}:4:") and message in r.stderr


def test_a_broken_scenario_is_reported_in_its_file(tmp_path: Path) -> None:
    moves = tmp_path / "m.yaml"
    moves.write_text("format: skyhex.moves/1\nscenario: "
                     f"{ref(DATA / 'scenarios' / 'weather-twice.yaml', tmp_path)}\nmoves: []\n")
    r = run("replay", str(moves))
    assert r.exit_code == 1 and "weather tile w03 is used twice" in r.stderr


FORCED = """format: skyhex.scenario/1
game: paragliders
players: [red]
map: {map}
stunts: none
weather:
  tiles: [w02/a, w03/a, w01/a, w04/a, w05/a, w06/a, w07/a, w08/a, w09/a, w10/a, w11/a, w12/a]
position:
  time: "09:40"
  temperature: -1
  wind: {{direction: N, strength: 0}}
  pilots:
    red: {{state: flying, hex: [2, -1], facing: NW, altitude: 9}}
"""


def test_non_strict_plays_forced_choices(tmp_path: Path) -> None:
    """A decision with a single legal option may be left out, unless strict: at the
    mountaintop over the ridge a strength-1 wind cannot be resisted ("you cannot resist if
    you fly over a mountain and would lose too much altitude"), so the push is forced
    (without the Top Lander stunt, which would let red resist down onto the take-off hex)."""
    from skyhex.rules.paragliders.actions import MoveKind, Turn, TurnKind
    from skyhex.rules.paragliders.engine import apply, legal_actions

    path = tmp_path / "forced.yaml"
    path.write_text(FORCED.format(map=ref(ROOT / "examples" / "maps" / "training-ridge.yaml",
                                          tmp_path)))
    _, scenario, _ = load_scenario(str(path))
    first = Turn("red", TurnKind.MOVE, MoveKind.STRAIGHT)
    full = play(start(PARAGLIDERS, scenario), [first])
    assert full.state.phase.value == "wind-push"
    (forced,) = legal_actions(full.game, full.state)
    state, _ = apply(full.game, full.state, forced)
    second = legal_actions(full.game, state)[0]
    lenient = play(start(PARAGLIDERS, scenario), [first, second])
    assert lenient.error is None
    pushes = [e for e in lenient.events if e["type"] == "wind_push" and "player" in e]
    assert pushes and pushes[0]["forced"] is True and pushes[0]["choice"] == "push"
    strict = play(start(PARAGLIDERS, scenario), [first, second], strict=True)
    assert strict.error is not None and strict.error["rule"] == "wind.choice"


def test_pinned_draws_replace_the_seed(tmp_path: Path) -> None:
    """A game played on a real table: the cloud bag's outcomes are pinned in the moves file."""
    scenario = ROOT / "examples" / "scenarios" / "three-players-difficult.yaml"
    plain = json.loads(run("replay", "--format", "ndjson", "--scenario", str(scenario),
                           str(_empty_moves(tmp_path, scenario, ""))).stdout.splitlines()[0])
    drawn = plain["draws"]
    assert drawn and all(set(d) <= {"cloud", "ring"} for d in drawn)
    # pin other outcomes: spawn 1 then ring 1 first
    pins = "draws: [{cloud: 1}, {ring: 1}]\n"
    pinned = json.loads(run("replay", str(_empty_moves(tmp_path, scenario, pins))).stdout
                        .splitlines()[0])
    assert pinned["draws"][:2] == [{"cloud": 1}, {"ring": 1}]
    bad = run("replay", str(_empty_moves(tmp_path, scenario, "draws: [{ring: 1}]\n")))
    assert bad.exit_code == 1 and "pinned draw 1 is {ring 1}, but a cloud is drawn" in \
        bad.stderr


def _empty_moves(tmp_path: Path, scenario: Path, extra: str) -> Path:
    path = tmp_path / "pinned.yaml"
    path.write_text(f"format: skyhex.moves/1\nscenario: {ref(scenario, tmp_path)}\n{extra}"
                    "moves: []\n")
    return path


def test_the_text_account_words_every_event() -> None:
    from skyhex.render.paragliders.account import line

    for path in GOLDEN.glob("*.ndjson"):
        if path.name.startswith(("turbulences-", "balloons-")):
            continue  # worded by their own accounts (turbulences/test_replay.py, ...)
        for raw in path.read_text().splitlines():
            event = json.loads(raw)
            text = line(event)
            assert not text.startswith(f"{event['type']}: {{"), text  # the fallback
            if event["type"] == "stunt" and event["action"] == "score":
                assert f"{event['vp']} VP" in text
