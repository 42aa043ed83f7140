"""Turbulences scenarios, moves files, `skyhex replay` and `skyhex legal`: golden logs of full
games, events that match the published schema, hidden information, bad entries rejected
naming the rule, and random legal games that replay to the same log."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyhex.games import dump_yaml, load_scenario, playout, ruleset
from skyhex.mapgen.turbulences.generate import generate_landscape
from skyhex.rules.replay import play, start
from skyhex.rules.turbulences.actions import action_from_entry, action_to_entry
from skyhex.rules.turbulences.aircraft import AircraftType
from skyhex.rules.turbulences.engine import legal_actions
from skyhex.rules.turbulences.landscape import Difficulty
from skyhex.rules.turbulences.policies import GREEDY_CAP, greedy
from skyhex.rules.turbulences.scenario import Scenario
from skyhex.rules.turbulences.state import Company
from skyhex.schemas import branch_conforms, conforms, schema, validator

from ..conftest import ROOT, ref, run

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
SCENARIOS = ROOT / "examples" / "scenarios"
TWO = SCENARIOS / "turbulences-2.yaml"
GOLDEN_GAMES = {"turbulences-2": 2, "turbulences-6": 6, "turbulences-teams-4": 4,
                "turbulences-expert-4": 4, "turbulences-powers-6": 108,
                "turbulences-night-3": 3, "turbulences-night-expert-4": 4}
"""name -> seed of the greedy pilots (the number of companies ends the name; the special
powers' game takes a seed in which the Parachute is opened and rescued and every Power
used)"""
TEAMS = SCENARIOS / "turbulences-teams-4.yaml"
TWO_COMPANIES = SCENARIOS / "turbulences-two-companies-2.yaml"


def scenario(path: Path) -> Scenario:
    _, found, _ = load_scenario(str(path))
    assert isinstance(found, Scenario)
    return found


TURBULENCES = ruleset("turbulences")


def greedy_playout(s: Scenario, seed: int) -> tuple[Any, ...]:
    return playout(TURBULENCES, s, seed, greedy, GREEDY_CAP).actions


def random_playout(s: Scenario, seed: int, turn_cap: int) -> tuple[Any, ...]:
    return playout(TURBULENCES, s, seed, cap=turn_cap).actions


def golden_moves(name: str, seed: int) -> str:
    """The golden moves file of ``name``: greedy pilots on the example scenario."""
    actions = greedy_playout(scenario(SCENARIOS / f"{name}.yaml"), seed)
    doc = {"format": "skyhex.moves/1", "game": "turbulences",
           "scenario": f"../../examples/scenarios/{name}.yaml",
           "moves": [action_to_entry(a) for a in actions]}
    return (f"# {name}: greedy pilots (seed {seed}); regenerate with SKYHEX_REGEN_GOLDEN=1\n"
            + dump_yaml(doc, ("moves",)))


def events_of(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def write(path: Path, text: str) -> str:
    path.write_text(text)
    return str(path)


def moves_file(tmp_path: Path, entries: list[dict[str, Any]], *, draws: str = "",
               scenario_path: Path = TWO, name: str = "m.yaml") -> str:
    lines = ["format: skyhex.moves/1", f"scenario: {ref(scenario_path, tmp_path)}"]
    if draws:
        lines.append(f"draws: {draws}")
    lines.append("moves:" + ("" if entries else " []"))
    lines += [f"  - {json.dumps(e)}" for e in entries]
    return write(tmp_path / name, "\n".join(lines) + "\n")


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
    assert len(events[0]["companies"]) == int(name.rsplit("-", 1)[1])
    assert max(len(e["parcels"]) for e in events if e["type"] == "delivered") >= 1


def test_every_turbulences_event_matches_its_own_branch_of_the_schema() -> None:
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
                assert conforms("turbulences/event", e), e
            assert not conforms("paragliders/event", e), e
    assert {"setup", "weather", "round", "journey", "delivered", "game_end",
            "cloud_moved", "parcels_loaded", "parcels_seen"} <= types
    defs = schema("event")["$defs"]
    shared = {r["$ref"].rsplit("/", 1)[-1] for r in defs["shared"]["oneOf"]}
    assert shared == {"round", "error", "game_end"}
    broken = {**events_of((GOLDEN / "turbulences-2.ndjson").read_text())[0], "mode": "solo"}
    assert not everything.is_valid(broken)


def test_text_and_json_formats() -> None:
    moves = str(GOLDEN / "turbulences-6.moves.yaml")
    text = run("replay", "--format", "text", moves)
    assert text.exit_code == 0
    assert text.stdout.startswith("setup: classic, seed 6: red (biplane, region 1")
    assert "flicks the Wind Rose" in text.stdout and "game over after turn" in text.stdout
    assert " delivers " in text.stdout and ": {" not in text.stdout  # every event worded
    final = json.loads(run("replay", "--format", "json", moves).stdout)
    assert final["game"] == "turbulences" and final["over"] is True
    assert len(final["scores"]) == 6 and final["error"] is None and not final["provisional"]
    assert final["state"]["phase"] == "over"
    weights = [p["weight"] for z in final["state"]["shipping"] for p in z["parcels"]]
    assert weights and None not in weights  # the referee's view
    half = json.loads(run("replay", "--format", "json", "--until", "10", moves).stdout)
    assert half["over"] is False and half["entries"] == 10 and half["provisional"]
    assert len(half["scores"]) == 6 and half["moment"]["round"] == half["moment"]["turn"]


def test_the_text_account_words_every_event() -> None:
    from skyhex.render.turbulences.account import line

    for name in GOLDEN_GAMES:
        for e in events_of((GOLDEN / f"{name}.ndjson").read_text()):
            text = line(e)
            assert not text.startswith(f"{e['type']}: {{"), text  # the fallback
            assert e.get("company", e.get("player", "")) in text


# --- scenarios ------------------------------------------------------------------------------


def test_the_examples_are_valid() -> None:
    files = [str(SCENARIOS / f"turbulences-{n}.yaml") for n in (2, 4, 6)]
    r = run("scenario", "validate", *files, str(SCENARIOS / "two-players.yaml"), str(TEAMS),
            str(TWO_COMPANIES))
    assert (r.exit_code, r.stderr) == (0, "")
    lines = r.stdout.splitlines()
    assert lines[0].endswith("ok: turbulences, classic, 2 companies (red biplane in region 1, "
                             "blue seaplane in region 4), normal landscape")
    assert "ok: turbulences, classic, 6 companies" in lines[2]
    assert lines[3].endswith("ok: 2 players (yellow, Bea), standard map of 183 hexes")
    assert lines[4].endswith("ok: turbulences, teams, 4 companies (red biplane in region 1, "
                             "blue seaplane in region 2, green zeppelin in region 4, yellow "
                             "biplane in region 5), easy landscape, teams (red+blue: red, blue; "
                             "north: green, yellow)")
    assert lines[5].endswith("normal landscape, teams (Ann: red, orange; Bob: blue, green)")
    four = scenario(SCENARIOS / "turbulences-4.yaml")
    assert four.rose.to_data()["calm"] == "2/9" and four.rose.to_data()["N"] == "1/9"


SCENARIO = """format: skyhex.scenario/1
game: turbulences
seed: 1
map: {map}
mode: {mode}
companies:
{companies}
"""


def bad_scenario(tmp_path: Path, companies: list[str], *, mode: str = "classic",
                 map_path: Path = ROOT / "examples" / "maps" / "turbulences-normal-seed-3.yaml",
                 extra: str = "") -> tuple[str, list[str]]:
    path = write(tmp_path / "s.yaml", SCENARIO.format(
        map=ref(map_path, tmp_path), mode=mode, companies="\n".join(f"  - {c}" for c in companies)) + extra)
    r = run("scenario", "validate", path)
    assert r.exit_code == 1 and r.stderr == ""
    # Each problem with its JSON path (what --format json gives; the text report names the
    # rule instead): file:line:col: error: message (hint: ...) [path].
    found = json.loads(run("scenario", "validate", "--format", "json", path).stdout)
    assert len(found) == int(r.stdout.splitlines()[-1].split(": invalid: ")[1].split()[0])
    lines = []
    for p in found:
        where = p["file"] + (f":{p['line']}:{p['column']}" if p["line"] is not None else "")
        hint = f" (hint: {p['hint']})" if p["hint"] else ""
        lines.append(f"{where}: error: {p['message']}{hint}" + (f" [{p['path']}]" if p["path"]
                                                               else ""))
    return path, [*lines, r.stdout.splitlines()[-1]]


def test_semantic_errors_are_located(tmp_path: Path) -> None:
    path, out = bad_scenario(tmp_path, [
        "{colour: red, aircraft: biplane, region: 1}",
        "{colour: red, aircraft: biplane, region: 1}",
        "{colour: blue, aircraft: biplane, region: 3, player: Bo}",
        "{colour: pink, aircraft: zeppelin, region: 4, player: Bo}",
    ])
    assert out == [
        f"{path}:8:14: error: colour 'red' is taken twice (companies 1 and 2) "
        "[$.companies[1].colour]",
        f"{path}:8:46: error: region 1 is taken twice (companies 1 and 2) (hint: each company "
        "has a region of its own) [$.companies[1].region]",
        f"{path}:9:30: error: a third biplane: the box holds 2 of each type (hint: choose "
        "another aircraft type) [$.companies[2].aircraft]",
        f"{path}:10:59: error: name 'Bo' is used twice [$.companies[3].player]",
        f"{path}: invalid: 4 errors",
    ]


def test_schema_errors_are_located(tmp_path: Path) -> None:
    two = ["{colour: red, aircraft: biplane, region: 1}",
           "{colour: blue, aircraft: seaplane, region: 2}"]
    path, out = bad_scenario(tmp_path, [*two[:1], "{colour: b-1, aircraft: jet, region: 7}"],
                             extra="players: [red]\n")
    assert any(":8:" in line and "'jet' is not one of biplane" in line for line in out)
    assert any("'b-1' does not match" in line for line in out)
    assert any("above the maximum 6" in line for line in out)
    assert any("unknown key 'players'" in line for line in out)
    path, out = bad_scenario(tmp_path, two[:1])
    assert out[0].endswith("expected at least 2 items, not 1 [$.companies]")
    path, out = bad_scenario(tmp_path, two, mode="teams", extra="teams: [red, {name: x}]\n")
    assert out == [
        f"{path}:9:9: error: a team is a list of colours, such as [red, blue], or {{name, "
        "members: [red, blue]} [$.teams[0]]",
        # A mapping is told what its form lacks.
        f"{path}:9:14: error: missing required key 'members' [$.teams[1]]",
        f"{path}: invalid: 2 errors"]


FOUR = ["{colour: red, aircraft: biplane, region: 1, player: Ann}",
        "{colour: blue, aircraft: seaplane, region: 3, player: Ann}",
        "{colour: green, aircraft: zeppelin, region: 4}",
        "{colour: yellow, aircraft: biplane, region: 5, player: Bob}"]


def test_team_errors_are_located_naming_the_rule(tmp_path: Path) -> None:
    """The engine's setup check (``make_teams``) finds the problems; their paths are the
    scenario's keys."""
    teams = "teams:\n  - [red, blue]\n  - {name: north, members: [green, yellow, pink]}\n" \
            "  - [yellow]\n"
    path, out = bad_scenario(tmp_path, FOUR, mode="teams", extra=teams)
    assert out == [
        f"{path}:12:11: error: team 'red+blue': regions 1 and 3 are not adjacent (hint: "
        "partners build their airports on 2 adjacent regions (region 6 is next to region 1)) "
        "[$.teams[0][1]]",
        f"{path}:13:28: error: team 'north': 3 companies, teams are pairs [$.teams[1].members]",
        f"{path}:13:44: error: no company is called 'pink' [$.teams[1].members[2]]",
        f"{path}:14:5: error: team 'yellow': 1 company, teams are pairs [$.teams[2]]",
        f"{path}:14:6: error: company 'yellow' must be in exactly one team, not 2 "
        "[$.teams[2][0]]",
        f"{path}: invalid: 5 errors"]
    r = run("scenario", "validate", "--format", "json", path)
    rules = [p["rule"] for p in json.loads(r.stdout)]
    assert rules == ["setup.adjacent", *["setup.teams"] * 4]
    path, out = bad_scenario(tmp_path, FOUR, mode="two-companies")
    assert out == [
        f"{path}:8:59: error: team 'Ann': regions 1 and 3 are not adjacent (hint: partners "
        "build their airports on 2 adjacent regions (region 6 is next to region 1)) "
        "[$.companies[1].player]",
        f"{path}:9:5: error: company 'green' needs its player (hint: in mode two-companies "
        "every company names its player) [$.companies[2]]",
        f"{path}:10:5: error: team 'Bob': 1 company, teams are pairs [$.companies[3]]",
        f"{path}: invalid: 3 errors"]
    three = [c.replace("Ann", "Al") for c in FOUR[:2]]
    _, out = bad_scenario(tmp_path, [*three[:1], "{colour: blue, aircraft: seaplane, region: "
                                     "2, player: Bo}", FOUR[2].replace("}", ", player: Cy}"),
                                     FOUR[3].replace("Bob", "Di")], mode="two-companies")
    assert out[0].endswith(":7:3: error: 4 players: 2 or 3 pilots each control 2 companies "
                           "(hint: with 2 or 3 pilots each player names its two companies "
                           "(player: ...)) [$.companies]")
    _, out = bad_scenario(tmp_path, FOUR[:2], mode="teams")
    assert out[0].endswith(":5:7: error: mode 'teams' needs the teams [$.mode]")
    _, out = bad_scenario(tmp_path, FOUR, extra="teams: [[red, blue]]\n")
    assert any(line.endswith(":11:8: error: teams are for mode 'teams' only [$.teams]")
               for line in out)  # in the order of the file, after the name used twice
    _, out = bad_scenario(tmp_path, FOUR, mode="two-companies", extra="teams: [[red, blue]]\n")
    assert "the teams are the players' companies" in out[0]


def test_partners_may_share_a_pilot_other_companies_may_not(tmp_path: Path) -> None:
    adjacent = [FOUR[0], FOUR[1].replace("region: 3", "region: 2"), FOUR[2],
                FOUR[3].replace("Bob", "Ann")]
    path, out = bad_scenario(tmp_path, adjacent, mode="teams",
                             extra="teams: [[red, yellow], [blue, green]]\n")
    assert len(out) == 3 and all("are not adjacent" in line for line in out[:2])  # and no
    # name error while the teams are broken
    path, out = bad_scenario(tmp_path, adjacent, mode="teams",
                             extra="teams: [[red, blue], [green, yellow]]\n")
    assert out == [f"{path}:10:60: error: name 'Ann' is used twice (hint: only partners may "
                   "share a pilot) [$.companies[3].player]", f"{path}: invalid: 1 error"]
    good = write(tmp_path / "good.yaml", SCENARIO.format(
        map=ref(ROOT / "examples" / "maps" / "turbulences-normal-seed-3.yaml", tmp_path),
        mode="teams",
        companies="\n".join(f"  - {c}" for c in [*adjacent[:3], FOUR[3]]))
        + "teams: [[red, blue], [green, yellow]]\n")
    assert run("scenario", "validate", good).exit_code == 0


def test_a_broken_map_is_reported_in_its_file(workdir: Path) -> None:
    tmp_path = workdir  # the map beside the scenario, in the working directory
    source = (ROOT / "examples" / "maps" / "turbulences-normal-seed-3.yaml").read_text()
    twice = "- {q: -3, r: 1, biome: plain}"
    map_path = tmp_path / "map.yaml"
    map_path.write_text(source.replace(twice, f"{twice}\n{twice}", 1))
    two = ["{colour: red, aircraft: biplane, region: 1}",
           "{colour: blue, aircraft: seaplane, region: 2}"]
    path, out = bad_scenario(tmp_path, two, map_path=map_path)
    assert out == [
        f"{path}:4:6: error: the map breaks 1 setup rule(s) (hint: see the map's errors) [$.map]",
        f"{map_path}:8:3: error: tiles listed more than once in hexes: (-3,1) (hint: list each "
        "tile once, with its biome) [$.hexes[1]]",
        f"{path}: invalid: 2 errors"]
    _, out = bad_scenario(tmp_path, two, map_path=tmp_path / "missing.yaml")
    assert "map file" in out[0] and "no such file" in out[0]


def test_an_inline_map_and_a_paragliders_map_are_told_apart(tmp_path: Path) -> None:
    land = (ROOT / "examples" / "maps" / "turbulences-normal-seed-3.yaml").read_text()
    inline = write(tmp_path / "inline.yaml", (
        "format: skyhex.scenario/1\ngame: turbulences\ncompanies:\n"
        "  - {colour: red, aircraft: biplane, region: 1}\n"
        "  - {colour: blue, aircraft: seaplane, region: 2}\nmap:\n"
        + "".join(f"  {line}\n" for line in land.splitlines())))
    r = run("scenario", "validate", inline)
    assert r.exit_code == 0, r.stdout
    wrong = write(tmp_path / "wrong.yaml", (
        "format: skyhex.scenario/1\ngame: turbulences\ncompanies:\n"
        "  - {colour: red, aircraft: biplane, region: 1}\n"
        "  - {colour: blue, aircraft: seaplane, region: 2}\n"
        f"map: {ref(ROOT / 'examples' / 'maps' / 'standard-seed-7.yaml', tmp_path)}\n"))
    r = run("scenario", "validate", wrong)
    assert r.exit_code == 1
    assert "a paragliders map, not a turbulences one" in r.stdout


# --- replay and legal -------------------------------------------------------------------------


def test_an_illegal_entry_stops_the_replay_naming_file_entry_company_rule(
        tmp_path: Path) -> None:
    first = json.loads(run("legal", "--scenario", str(TWO)).stdout)
    assert first["game"] == "turbulences" and first["actor"] == "blue"
    assert first["moment"] == {"round": 1, "turn": 1, "phase": "piloting"}
    path = moves_file(tmp_path, [first["actions"][0], {"company": "blue", "pass": True},
                                 {"company": "purple", "pass": True}])
    r = run("replay", path)
    assert r.exit_code == 1
    events = events_of(r.stdout)
    error = events[-1]
    assert error["type"] == "error" and error["entry"] == 2 and error["line"] == 6
    assert error["rule"] == "turn.unknown-company" and error["expected"] == "red"
    assert error["legal"] == []  # red's alternatives are listed as entries for red only
    assert [e["entry"] for e in events if e["type"] == "journey"] == [0]
    assert r.stderr == (f"{path}:6:5: error: entry 3, purple: no company is called 'purple' "
                        f"[turn.unknown-company]; legal for red: "
                        f"{'; '.join(error['legal_text'])}\n")
    path = moves_file(tmp_path, [{"company": "red", "pass": True}])
    r = run("replay", path)
    error = events_of(r.stdout)[-1]
    assert (error["rule"], error["expected"], error["legal"]) == ("turn.order", "blue", [])
    assert [e["type"] for e in events_of(r.stdout)][-1:] == ["error"]
    assert r.stderr.startswith(f"{path}:4:5: error: entry 1, red: it is blue's turn, not "
                               "red's [turn.order]; legal for blue: ")
    path = moves_file(tmp_path, [{"company": "blue", "journey": [[0, 0]]}])
    r = run("replay", path)
    error = events_of(r.stdout)[-1]
    assert error["player"] == "blue" and error["rule"].startswith("journey.")
    assert error["legal"] == first["actions"]
    assert r.stderr.startswith(f"{path}:4:5: error: entry 1, blue: ") and "; legal: " in r.stderr


def test_legal_lists_entries_that_replay_accepts(tmp_path: Path) -> None:
    entries: list[dict[str, Any]] = []
    for step in range(12):
        path = moves_file(tmp_path, entries)
        doc = json.loads(run("legal", path).stdout)
        assert doc["actions"] and doc["view"]["company"] == doc["actor"]
        for entry in doc["actions"][:: max(1, len(doc["actions"]) // 4)]:
            trial = moves_file(tmp_path, [*entries, entry], name="trial.yaml")
            assert run("replay", "--strict", trial).exit_code == 0, entry
        entries.append(doc["actions"][step % len(doc["actions"])])


def test_legal_never_depends_on_what_the_company_may_not_know(tmp_path: Path) -> None:
    """Two games that differ only in red's parcel weights look the same to blue."""
    entries = [action_to_entry(a) for a in greedy_playout(scenario(TWO), 2)[:9]]
    outputs = []
    for k, red in enumerate(("[2, 2, 3, 4, 5]", "[5, 4, 3, 2, 2]")):
        weights = ", ".join(f"{{weight: {w}}}" for w in json.loads(red))
        draws = f"[{{first: blue}}, {weights}, {weights}]"
        path = moves_file(tmp_path, [], draws=draws, name=f"a{k}.yaml")
        outputs.append(run("legal", path).stdout)
        path = moves_file(tmp_path, entries, draws=draws, name=f"b{k}.yaml")
        outputs.append(run("legal", path).stdout)
    assert json.loads(outputs[0])["actor"] == "blue"
    assert outputs[0] == outputs[2]
    later = json.loads(outputs[1])
    assert outputs[1] == outputs[3] or later["actor"] == "red"
    for doc in map(json.loads, outputs):
        seen = doc["view"]
        other = [p for z in seen["shipping"] for p in z["parcels"]
                 if p["colour"] != doc["actor"]]
        assert other and all(p["weight"] is None for p in other)


def test_a_team_game_replays_with_team_scores() -> None:
    moves = str(GOLDEN / "turbulences-teams-4.moves.yaml")
    events = events_of(run("replay", "--strict", moves).stdout)
    setup, over = events[0], events[-1]
    assert setup["mode"] == "teams" and setup["teams"] == [
        {"team": "red+blue", "companies": ["red", "blue"]},
        {"team": "north", "companies": ["green", "yellow"]}]
    assert [c["player"] for c in setup["companies"]] == ["Ann", "Bea", "Cy", "Di"]
    points = {s["player"]: s["score"] for s in over["scores"]}
    assert [(t["team"], t["score"]) for t in over["teams"]] == sorted(
        ((t["team"], sum(points[c] for c in t["companies"])) for t in over["teams"]),
        key=lambda x: -x[1])
    assert any(e["type"] == "parcels_loaded" and any(not p.startswith(e["company"])
                                                     for p in e["parcels"]) for e in events)
    text = run("replay", "--format", "text", moves).stdout
    assert "; team red+blue: red, blue; team north: green, yellow;" in text.splitlines()[0]
    team = over["teams"][0]
    assert (f"  team {team['team']} ({', '.join(team['companies'])}): {team['score']} points "
            f"({team['parcels']} parcels), rank 1\n") in text
    final = json.loads(run("replay", "--format", "json", moves).stdout)
    assert final["state"]["teams"] == setup["teams"]
    assert [s["player"] for s in final["scores"]] == [s["player"] for s in over["scores"]]


def test_a_two_companies_game_replays_and_its_events_match_the_schema(tmp_path: Path) -> None:
    s = scenario(TWO_COMPANIES)
    assert s.company("Ann") is None and s.company("orange") is s.companies[1]
    actions = greedy_playout(s, 5)
    path = moves_file(tmp_path, [action_to_entry(a) for a in actions],
                      scenario_path=TWO_COMPANIES)
    r = run("replay", "--strict", path)
    assert r.exit_code == 0 and r.stderr == ""
    events = events_of(r.stdout)
    assert events[0]["mode"] == "two-companies" and events[-1]["type"] == "game_end"
    assert {t["team"] for t in events[-1]["teams"]} == {"Ann", "Bob"}
    for e in events:
        assert conforms("event", e), e
    first = json.loads(run("legal", "--scenario", str(TWO_COMPANIES)).stdout)
    player = next(c.player for c in s.companies if c.colour == first["actor"])
    path = moves_file(tmp_path, [{**first["actions"][0], "company": player}],
                      scenario_path=TWO_COMPANIES)
    r = run("replay", path)
    assert r.exit_code == 1 and r.stderr.startswith(
        f"{path}:4:17: error: {player!r} controls 2 companies")
    assert "name the company by its colour" in r.stderr


def test_legal_never_depends_on_the_other_teams_weights(tmp_path: Path) -> None:
    """Two team games that differ only in the north team's weights look the same to red
    and blue, who see their partner's weights but never the other team's."""
    entries = [action_to_entry(a) for a in greedy_playout(scenario(TEAMS), 4)]
    ours = "{weight: 2}, {weight: 2}, {weight: 3}, {weight: 4}, {weight: 5}"
    compared = 0
    for n in (0, 3, 6, 9, 12, 15):
        outputs = []
        for k, theirs in enumerate(("[2, 2, 3, 4, 5]", "[5, 4, 3, 2, 2]")):
            weights = ", ".join(f"{{weight: {w}}}" for w in json.loads(theirs))
            draws = f"[{{first: blue}}, {ours}, {ours}, {weights}, {weights}]"
            path = moves_file(tmp_path, entries[:n], draws=draws, scenario_path=TEAMS,
                              name=f"t{k}.yaml")
            outputs.append(run("legal", path).stdout)
        doc = json.loads(outputs[0])
        if doc["actor"] not in ("red", "blue"):
            continue
        compared += 1
        assert outputs[0] == outputs[1]
        assert doc["view"]["team"] == ["red", "blue"]
        parcels = [p for z in doc["view"]["shipping"] for p in z["parcels"]]
        assert all(p["weight"] is None for p in parcels if p["colour"] in ("green", "yellow"))
        if n == 0:  # each has seen the partner's parcel waiting in its airport
            partner = "red" if doc["actor"] == "blue" else "blue"
            assert any(p["weight"] is not None for p in parcels if p["colour"] == partner)
    assert compared >= 2


def test_pinned_draws_replace_the_seed_and_bad_pins_are_located(tmp_path: Path) -> None:
    path = moves_file(tmp_path, [], draws="[{first: red}]")
    assert events_of(run("replay", path).stdout)[0]["first"] == "red"
    path = moves_file(tmp_path, [], draws="[{wind: N}]")
    r = run("replay", path)
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.startswith(f"{path}:3:9: error: pinned draw 1 is {{wind 'N'}}, but a "
                               "first is drawn now")  # located at the draw itself
    path = moves_file(tmp_path, [], draws="[{cloud: 4}]")
    r = run("replay", path)
    assert r.exit_code == 1 and "'cloud' is not a turbulences draw (turbulences: first, " \
        "weight, wind)" in r.stderr


def test_entries_of_the_other_game_and_malformed_entries(tmp_path: Path) -> None:
    path = moves_file(tmp_path, [{"player": "red", "move": "straight"}])
    r = run("replay", path)
    assert r.exit_code == 1 and r.stderr.startswith(f"{path}:4:5: error: not an entry of a "
                                                    "turbulences game: its entries name their "
                                                    "company")
    paragliders = SCENARIOS / "two-players.yaml"
    path = moves_file(tmp_path, [{"company": "red", "pass": True}], scenario_path=paragliders)
    r = run("replay", path)
    assert r.exit_code == 1 and "not an entry of a paragliders game: its entries name their " \
        "player, not a company" in r.stderr
    for entry, message in (({"company": "red"}, "either a journey"),
                           ({"company": "red", "pass": True, "boost": True}, "a pass has no"),
                           ({"company": "red", "journey": [[0, 0]], "ops": {"load": ["red-1"]}},
                            "its before and after"),
                           ({"company": "red", "journey": []}, "at least 1 items")):
        r = run("replay", moves_file(tmp_path, [entry]))
        assert r.exit_code == 1 and message in r.stderr, (entry, r.stderr)
    marked = write(tmp_path / "marked.yaml", f"format: skyhex.moves/1\ngame: turbulences\n"
                   f"scenario: {ref(Path(paragliders), tmp_path)}\nmoves: []\n")
    r = run("replay", marked)
    assert r.exit_code == 1 and "a turbulences moves file on a paragliders scenario" in r.stderr


def test_a_moves_file_names_a_company_by_its_player(tmp_path: Path) -> None:
    first = json.loads(run("legal", "--scenario", str(TWO)).stdout)["actions"][0]
    path = moves_file(tmp_path, [{**first, "company": "Bea"}])
    events = events_of(run("replay", "--strict", path).stdout)
    assert [e["company"] for e in events if e["type"] == "journey"] == ["blue"]


def _forced_case() -> tuple[Scenario, list[Any], int]:
    """A random game in which a company other than the next entry's has a single option."""
    kinds = list(AircraftType)
    for seed in range(200):
        land = generate_landscape(seed, Difficulty.EXTREME)
        companies = tuple(Company(f"c{r}", kinds[r % 3], r) for r in range(1, 7))
        s = Scenario(land, companies, seed)
        actions = random_playout(s, seed, turn_cap=12)
        replay = start(TURBULENCES, s)
        for k, action in enumerate(actions[:-1]):
            options = legal_actions(replay.game, replay.state)
            if len(options) == 1 and actions[k + 1].company != action.company:
                return s, actions, k
            play(replay, [action], strict=True)
    raise AssertionError("no forced decision in 200 random games")


def test_non_strict_plays_forced_passes() -> None:
    s, actions, k = _forced_case()
    full = play(start(TURBULENCES, s), actions, strict=True)
    short = actions[:k] + actions[k + 1:]
    forced = play(start(TURBULENCES, s), short)
    assert forced.error is None and forced.state == full.state
    assert any(e.get("forced") for e in forced.events)
    assert [{x: y for x, y in e.items() if x not in ("entry", "forced")} for e in forced.events] \
        == [{x: y for x, y in e.items() if x != "entry"} for e in full.events]
    strict = play(start(TURBULENCES, s), short, strict=True)
    assert strict.error is not None and strict.error["entry"] == k


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), difficulty=st.sampled_from(list(Difficulty)),
       pilots=st.integers(2, 6), play_seed=st.integers(0, 10_000))
def test_random_legal_games_replay_to_the_same_log(seed: int, difficulty: Difficulty,
                                                   pilots: int, play_seed: int) -> None:
    kinds = list(AircraftType)
    companies = tuple(Company(f"c{r}", kinds[r % 3], r, city=1 + r % 3)
                      for r in range(1, pilots + 1))
    s = Scenario(generate_landscape(seed, difficulty), companies, seed)
    actions = random_playout(s, play_seed, turn_cap=15)
    entries = [json.loads(json.dumps(action_to_entry(a))) for a in actions]
    again = [action_from_entry(e) for e in entries]
    assert tuple(again) == actions  # entries round-trip
    first = play(start(TURBULENCES, s), actions, strict=True)
    second = play(start(TURBULENCES, s), again)
    assert first.error is None and first.events == second.events
    assert first.state.actor is None or first.state.turn > 15
    for e in first.events:
        assert conforms("event", e), e
