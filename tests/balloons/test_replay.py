"""Balmy Balloonists scenarios, moves files, `skyhex replay` and `skyhex legal`: golden logs of
full races for 2, 4 and 6 balloons, events that match their own branch of the published
schema, hidden hands, bad entries rejected naming the rule, pinned draws, and random and
greedy races that end."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from skyhex.games import dump_yaml, load_scenario, playout, ruleset
from skyhex.rules.balloons.actions import action_to_entry
from skyhex.rules.balloons.chance import draws_of
from skyhex.rules.balloons.policies import GREEDY_CAP, RANDOM_CAP, greedy
from skyhex.rules.balloons.scenario import Scenario
from skyhex.rules.replay import play, start
from skyhex.schemas import branch_conforms, conforms, schema, validator

from ..conftest import ROOT, copy_into, run

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
SCENARIOS = ROOT / "examples" / "scenarios"
GOLDEN_GAMES = {"balloons-2": 2, "balloons-4": 4, "balloons-6": 6}
"""name -> seed of the greedy pilots (also the number of balloons)"""
TWO = SCENARIOS / "balloons-2.yaml"
BALLOONS = ruleset("balloons")


def scenario(path: Path) -> Scenario:
    _, found, _ = load_scenario(str(path))
    assert isinstance(found, Scenario)
    return found


def golden_moves(name: str, seed: int) -> str:
    """The golden moves file of ``name``: greedy pilots on the example scenario."""
    actions = playout(BALLOONS, scenario(SCENARIOS / f"{name}.yaml"), seed, greedy,
                      GREEDY_CAP).actions
    doc = {"format": "skyhex.moves/1", "game": "balloons",
           "scenario": f"../../examples/scenarios/{name}.yaml",
           "moves": [action_to_entry(a) for a in actions]}
    return (f"# {name}: greedy pilots (seed {seed}); regenerate with SKYHEX_REGEN_GOLDEN=1\n"
            + dump_yaml(doc, ("moves",)))


def events_of(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def moves_file(tmp_path: Path, entries: list[dict[str, Any]], *, draws: str = "",
               scenario_path: Path = TWO, name: str = "m.yaml") -> str:
    """A moves file in ``tmp_path`` (the working directory: references stay inside it),
    beside a copy of its scenario."""
    if scenario_path.parent != tmp_path:
        copy_into(tmp_path, scenario_path)
    lines = ["format: skyhex.moves/1", f"scenario: {scenario_path.name}"]
    if draws:
        lines.append(f"draws: {draws}")
    lines.append("moves:" + ("" if entries else " []"))
    lines += [f"  - {json.dumps(e)}" for e in entries]
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return str(path)


# --- golden logs and the event schema -----------------------------------------------------


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_the_golden_games_are_whole_greedy_games(name: str) -> None:
    """tests/test_golden.py replays each to its log byte for byte. Set SKYHEX_REGEN_GOLDEN=1
    to rewrite the moves and logs after an intended rules change."""
    moves = GOLDEN / f"{name}.moves.yaml"
    golden = GOLDEN / f"{name}.ndjson"
    if os.environ.get("SKYHEX_REGEN_GOLDEN"):
        moves.write_text(golden_moves(name, GOLDEN_GAMES[name]))
        r = run("replay", "--strict", str(moves))
        assert r.exit_code == 0 and r.stderr == ""
        golden.write_text(r.stdout)
    events = events_of(golden.read_text())
    assert events[0]["type"] == "setup" and events[-1]["type"] == "game_end"
    assert len(events[0]["balloons"]) == GOLDEN_GAMES[name]


def test_the_golden_races_end_both_ways() -> None:
    """A balloon home (lap) and the last day (days) both end golden races."""
    reasons = {events_of((GOLDEN / f"{n}.ndjson").read_text())[-1]["reason"]
               for n in GOLDEN_GAMES}
    assert reasons == {"lap", "days"}


def test_every_balloons_event_matches_its_own_branch_of_the_schema() -> None:
    """Through the compiled validator (``schemas.conforms``; tests/test_schema_engines.py
    holds it to jsonschema's answers); jsonschema words any mistake."""
    everything = validator("event")
    types = set()
    for name in GOLDEN_GAMES:
        for e in events_of((GOLDEN / f"{name}.ndjson").read_text()):
            types.add(e["type"])
            assert conforms("event", e), [m.message for m in everything.iter_errors(e)]
            if e["type"] in ("round", "error", "game_end"):
                assert branch_conforms("event", "shared", e), e
            else:
                assert conforms("balloons/event", e), e
                assert not any(conforms(f"{g}/event", e)
                               for g in ("paragliders", "turbulences")), e
    assert {"setup", "round", "card_played", "drifted", "moved", "altitude", "pawn_moved",
            "drew", "game_end"} <= types
    defs = schema("balloons/event")["$defs"]
    for ref in schema("balloons/event")["oneOf"]:  # every key described
        branch = defs[ref["$ref"].rsplit("/", 1)[-1]]
        assert branch["description"]
        for key, prop in branch["properties"].items():
            if key not in ("seq", "type", "entry", "forced", "format", "game"):
                target = defs[prop["$ref"].rsplit("/", 1)[-1]] if "$ref" in prop else prop
                assert "description" in prop or "description" in target, (ref, key)


def test_text_and_json_formats() -> None:
    moves = str(GOLDEN / "balloons-6.moves.yaml")
    text = run("replay", "--format", "text", moves)
    assert text.exit_code == 0
    assert text.stdout.startswith("setup: seed 6, skyhex-balloons-standard, 30 days, the "
                                  "round of the first balloon home ends it: red (Ann) at 3/0")
    assert " plays w" in text.stdout and "race over in round" in text.stdout
    assert "flies with q" in text.stdout and ": {" not in text.stdout  # every event worded
    final = json.loads(run("replay", "--format", "json", moves).stdout)
    assert final["game"] == "balloons" and final["over"] is True
    assert len(final["scores"]) == 6 and final["error"] is None and not final["provisional"]
    assert all(b["hand"] is not None for b in final["state"]["balloons"])  # the referee's view
    half = json.loads(run("replay", "--format", "json", "--until", "10", moves).stdout)
    assert half["over"] is False and half["entries"] == 10 and half["provisional"]
    assert half["moment"] == {"round": half["state"]["round"], "phase": half["state"]["phase"]}


# --- hidden hands ------------------------------------------------------------------------------


def test_legal_shows_only_the_actors_hand(tmp_path: Path) -> None:
    r = run("legal", "--scenario", str(TWO))
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["game"] == "balloons" and doc["actor"] == "red"
    mine, theirs = doc["view"]["balloons"]
    assert len(mine["hand"]) == 3 and theirs["hand"] is None and theirs["hand_size"] == 3
    played = {a["play"] for a in doc["actions"]}
    assert played == set(mine["hand"])  # choice A only: nothing in front yet
    assert all("on" not in a for a in doc["actions"])


def test_a_view_hides_other_hands_whatever_they_hold() -> None:
    """Two races that differ only in blue's hand look the same to red."""
    s = scenario(TWO)
    game, state, events = BALLOONS.new_game(s)
    draws = draws_of(events)
    blue = set(state.balloons[1].hand)
    unseen = sorted(set(game.components.local_wind) - {d["local_wind"] for d in draws
                                                        if "local_wind" in d})
    k = next(n for n, d in enumerate(draws) if d.get("local_wind") in blue)
    twin_draws = [*draws[:k], {"local_wind": unseen[0]}, *draws[k + 1:]]
    twin, twin_state, _ = BALLOONS.new_game(s, twin_draws)
    assert BALLOONS.view(twin, twin_state, "red") == BALLOONS.view(game, state, "red")
    assert BALLOONS.view(twin, twin_state, "blue") != BALLOONS.view(game, state, "blue")
    assert BALLOONS.legal_actions(twin, twin_state) == BALLOONS.legal_actions(game, state)


# --- moves files --------------------------------------------------------------------------------


def test_pinned_draws_replay_a_table_game(workdir: Path) -> None:
    """The draws of a recorded race (``draws_of`` its log) pinned in a moves file replay it
    whatever the seed."""
    s = scenario(TWO)
    actions = playout(BALLOONS, s, 5, cap=6).actions
    log = play(start(BALLOONS, s), actions).events
    entries = [action_to_entry(a) for a in actions]
    other = workdir / "other-seed.yaml"
    other.write_text(TWO.read_text().replace("seed: 2", "seed: 99"))
    pinned = json.dumps(draws_of(log))
    path = moves_file(workdir, entries, draws=pinned, scenario_path=other)
    r = run("replay", "--strict", path)
    assert r.exit_code == 0, r.stderr
    replayed = events_of(r.stdout)
    assert [{k: v for k, v in e.items() if k != "seed"} for e in replayed] == \
        [{k: v for k, v in e.items() if k != "seed"} for e in log]


def test_a_pinned_card_that_is_not_in_the_deck_is_refused(workdir: Path) -> None:
    path = moves_file(workdir, [], draws='[{local_wind: w01}, {local_wind: w01}]')
    r = run("replay", path)
    assert r.exit_code == 1
    assert r.stderr.startswith(f"{path}:3:28: error: pinned draw 2 is {{local_wind 'w01'}}, "
                               "but a local_wind is drawn now, one of w02, w03,")


@pytest.mark.parametrize(("entries", "rule"), [
    ([{"balloon": "blue", "play": "w01"}], "turn.order"),
    ([{"balloon": "red", "altitude": "low"}], "turn.card-first"),
    ([{"balloon": "red", "play": "w99"}], "card.unknown"),
    ([{"balloon": "red", "pass": True}], "card.must-play"),
])
def test_bad_entries_name_the_rule(workdir: Path, entries: list[dict[str, Any]],
                                   rule: str) -> None:
    r = run("replay", moves_file(workdir, entries))
    assert r.exit_code == 1
    assert f"[{rule}]" in r.stderr and r.stderr.startswith(str(workdir / "m.yaml") + ":4:5:")
    error = events_of(r.stdout)[-1]
    assert error["type"] == "error" and error["rule"] == rule


def test_an_entry_may_name_a_balloon_by_its_player(workdir: Path) -> None:
    legal = json.loads(run("legal", "--scenario", str(TWO)).stdout)["actions"]
    entry = {**legal[0], "balloon": "Ann"}
    r = run("replay", "--strict", moves_file(workdir, [entry]))
    assert r.exit_code == 0, r.stderr
    assert events_of(r.stdout)[1]["balloon"] == "red"


def test_an_entry_mixing_a_card_and_a_flight_is_refused(workdir: Path) -> None:
    r = run("replay", moves_file(workdir, [{"balloon": "red", "play": "w01",
                                             "altitude": "low"}]))
    assert r.exit_code == 1
    assert r.stderr.endswith(":4:5: error: an entry plays a card (play: CARD), flies (altitude: "
                             "high|medium|low|grounded) or passes (pass: true) [$.moves[0]]\n")


def test_a_flight_with_a_single_option_may_be_left_out(workdir: Path) -> None:
    """A balloon grounded for a lost turn has one flight (stay grounded): without --strict
    the runner plays it."""
    s = scenario(TWO)
    game, state, _ = BALLOONS.new_game(s)
    red = state.balloons[0].evolve(lose_turn=True)
    state = state.with_balloon(0, red)
    card = BALLOONS.legal_actions(game, state)[0]
    after, _ = BALLOONS.apply(game, state, card)
    assert len(BALLOONS.legal_actions(game, after)) == 1


# --- races end ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_random_and_greedy_races_end(name: str) -> None:
    s = scenario(SCENARIOS / f"{name}.yaml")
    for seed in range(3):
        for policy, cap in ((greedy, GREEDY_CAP), (None, RANDOM_CAP)):
            played = playout(BALLOONS, s, seed, policy or playout.__defaults__[0], cap)
            assert not played.capped
            assert BALLOONS.actor(played.game, played.state) is None
            assert played.state.reason in ("lap", "days")


def _sample(prop: dict[str, Any], defs: dict[str, Any]) -> Any:
    """A value that fits a property of the event schema."""
    if "$ref" in prop:
        name = prop["$ref"].rsplit("/", 1)[-1]
        return {"space": [2, 3], "balloon": "red", "card": "w01", "balloonAltitude": "low",
                "logFormat": "skyhex.log/2"}.get(name) or _sample(defs[name], defs)
    if "const" in prop:
        return prop["const"]
    if "enum" in prop:
        return prop["enum"][0]
    kind = prop.get("type")
    if isinstance(kind, list):
        kind = kind[0]
    if kind == "array" and "prefixItems" in prop:
        return [_sample(p, defs) for p in prop["prefixItems"]]
    if kind == "array":
        return [_sample(prop["items"], defs)] * max(1, prop.get("minItems", 1))
    if kind == "object":
        fields = list(prop.get("properties", {}).items())[:prop.get("maxProperties")]
        return {k: _sample(v, defs) for k, v in fields}
    return {"integer": 1, "string": "red", "boolean": True}.get(str(kind), "x")


def test_the_text_account_words_every_event_type() -> None:
    from skyhex.render.balloons.account import line

    defs = schema("balloons/event")["$defs"]
    for ref in schema("balloons/event")["oneOf"]:
        branch = defs[ref["$ref"].rsplit("/", 1)[-1]]
        event = {k: _sample(v, defs) for k, v in branch["properties"].items()
                 if k not in ("entry", "forced")}
        assert validator("event").is_valid(event), event
        text = line(event)
        assert not text.startswith(f"{event['type']}: {{"), text
