"""``skyhex missions``: the Turbulences missions of game logs, as a table, JSON or NDJSON,
bad logs as one located line, and a career file: stdout, stderr and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from ..conftest import ROOT, run
from ..missions_logs import delivered, game_end, journey, log, ndjson, score

GOLDEN = ROOT / "tests" / "golden"
SIX = str(GOLDEN / "turbulences-6.ndjson")
TEAMS = str(GOLDEN / "turbulences-teams-4.ndjson")


def test_table_of_a_golden_log() -> None:
    r = run("missions", SIX)
    assert r.exit_code == 0 and r.stderr == ""
    lines = r.stdout.splitlines()
    assert lines[0] == f"{SIX} (6 companies, finished)"
    assert lines[1].split() == ["company", "pilot", "mission", "how"]
    assert lines[2].split()[:3] == ["white", "white", "LOOPING"]
    assert "  purple   purple  AIRLINE PILOT          won with 15 points" in lines
    assert lines[-1] == ("stars: blue 2, green 4, purple 3, red 3, white 2, yellow 2")


def test_json_and_ndjson() -> None:
    r = run("missions", TEAMS, "--format", "json")
    assert r.exit_code == 0 and r.stderr == ""
    doc = json.loads(r.stdout)
    assert doc["game"] == "turbulences" and "career" not in doc
    [one] = doc["logs"]
    assert one["finished"] is True
    assert {"company": "green", "pilot": "Cy"} in one["companies"]
    assert {"mission": "double-standards", "name": "DOUBLE STANDARDS", "company": "green",
            "seq": 143, "detail": "threw green-5", "pilot": "Cy"} in one["achievements"]
    r = run("missions", TEAMS, "--format", "ndjson")
    assert r.exit_code == 0 and r.stderr == ""
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(rows) == len(one["achievements"])
    assert all(row["file"] == TEAMS for row in rows)


def test_several_logs_are_a_career_in_their_order() -> None:
    r = run("missions", str(GOLDEN / "turbulences-2.ndjson"), SIX, "--format", "ndjson")
    red = [(row["file"].rsplit("/", 1)[1], row["mission"]) for row in map(
        json.loads, r.stdout.splitlines()) if row["company"] == "red"]
    assert ("turbulences-2.ndjson", "taking-your-own-wings") in red
    assert ("turbulences-6.ndjson", "second-wind") in red


def test_list() -> None:
    r = run("missions", "--list")
    assert r.exit_code == 0 and r.stderr == ""
    assert r.stdout.startswith("Decided from a game's log: 32\n  LOOPING ")
    assert "Not decidable from today's logs" not in r.stdout  # every such mission is decided
    assert "Decided from a log and its scenario (--scenario: the landscape): 3\n" in r.stdout
    assert "ALONE IN THE WORLD" in r.stdout and "biomes" in r.stdout
    r = run("missions", "--list", "--format", "ndjson")
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert len(rows) == 64 and rows[0]["mission"] == "new-recruit"
    assert {row["status"] for row in rows} == {"game", "career", "scenario", "table"}


def test_scenario_gives_the_landscape() -> None:
    """The scenario the golden game was played on: 3 mountains (DIFFICULT), and purple and
    white destroyed by storms over the sea at (-3, 1) and (1, -2)."""
    scenario = str(ROOT / "examples" / "scenarios" / "turbulences-6.yaml")
    r = run("missions", SIX, "--scenario", scenario, "--format", "ndjson")
    assert r.exit_code == 0 and r.stderr == ""
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert {row["company"] for row in rows if row["mission"] == "moving-mountains"} == {
        "red", "blue", "green", "yellow", "purple", "white"}
    assert [(row["company"], row["seq"]) for row in rows
            if row["mission"] == "alone-in-the-world"] == [("purple", 182), ("white", 401)]
    # a log that the scenario does not give
    other = str(ROOT / "examples" / "scenarios" / "turbulences-2.yaml")
    r = run("missions", SIX, "--scenario", other)
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.startswith(f"{SIX}:1:1: error: ") and r.stderr.count("\n") == 1


def test_stdin() -> None:
    text = ndjson(log(journey("red", (-2, 4), (-2, 3))))
    r = run("missions", "-", "--format", "ndjson", input=text)
    assert r.exit_code == 0 and r.stderr == ""
    assert json.loads(r.stdout)["mission"] == "taking-your-own-wings"


def bad(tmp_path: Path, text: str) -> tuple[str, object]:
    path = tmp_path / "bad.ndjson"
    path.write_text(text)
    r = run("missions", str(path))
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.count("\n") == 1
    return str(path), r.stderr


def test_bad_logs_are_one_located_line(tmp_path: Path) -> None:
    good = ndjson(log(journey("red", (-2, 4), (-2, 3))))
    setup, first = good.splitlines()
    path, err = bad(tmp_path, f"{setup}\n{{not json\n")
    assert err == f"{path}:2:2: error: not a JSON event: Expecting property name enclosed " \
        "in double quotes\n"
    path, err = bad(tmp_path, f"{setup}\n\n{first.replace('path', 'way')}\n")
    assert err.startswith(f"{path}:3:1: error: journey event: ")
    path, err = bad(tmp_path, f"{setup}\n{first.replace('red', 'pink')}\n")
    assert err == f"{path}:2:1: error: journey event: company \"pink\" is not a company of " \
        "the setup (blue, red)\n"
    path, err = bad(tmp_path, f"{setup}\n{{\"seq\": 1, \"type\": \"weather\", \"turn\": 1, "
                    "\"first\": \"pink\", \"wind\": \"N\", \"draws\": [{\"wind\": \"N\"}]}\n")
    assert err == f"{path}:2:1: error: weather event: first \"pink\" is not a company of the " \
        "setup (blue, red)\n"
    end = json.dumps({"seq": 2, **game_end(3, score("red", 9, 1, 3), score("gold", 3, 2, 0))})
    path, err = bad(tmp_path, f"{setup}\n{end}\n")
    assert err.startswith(f"{path}:2:1: error: game_end event: scores \"gold\" is not a ")
    path, err = bad(tmp_path, f"{first}\n")
    assert err == f"{path}:1:1: error: a game log starts with its 'setup' event\n"
    path, err = bad(tmp_path, (GOLDEN / "two-players.ndjson").read_text())
    assert err == f"{path}:1:1: error: a \"paragliders\" log: missions are Turbulences' " \
        "(rulebook section 12)\n"
    path, err = bad(tmp_path, f"{setup}\n{{\"seq\": 1, \"type\": \"crash\"}}\n")
    assert err == f"{path}:2:1: error: \"crash\" is not a Turbulences event type\n"
    path, err = bad(tmp_path, "")
    assert err == f"{path}:1:1: error: an empty log: a game log starts with its 'setup' " \
        "event\n"
    r = run("missions", str(tmp_path / "missing.ndjson"))
    assert r.exit_code == 1 and r.stdout == "" and "missing.ndjson" in r.stderr


def test_usage_errors() -> None:
    r = run("missions")
    assert r.exit_code == 2 and r.stdout == "" and "give one or more game logs" in r.stderr
    r = run("missions", SIX, "--format", "yaml")
    assert r.exit_code == 2 and r.stdout == ""


def test_career_file(tmp_path: Path) -> None:
    career = tmp_path / "career.json"
    first = tmp_path / "one.ndjson"
    first.write_text(ndjson(log(journey("red", (-2, 4), (-2, 3)),
                                delivered("red", ["red-1", "red-2", "red-3", "red-4"]),
                                game_end(5, score("red", 16, 1, 4), score("blue", 5, 2, 0)))))
    r = run("missions", str(first), "--career", str(career))
    assert r.exit_code == 0
    assert r.stderr == f"career {career}: 6 new stars\n"
    doc = json.loads(career.read_text())
    assert doc["format"] == "skyhex.career/1" and len(doc["logs"]) == 1
    assert doc["pilots"]["red"] == {
        "games": 1, "left_board": 0, "stars": 6, "missions": {
            m: str(first) for m in ("against-wind-and-tide", "airline-pilot", "and-carry-on",
                                    "four-leaf-clover", "keep-calm", "taking-your-own-wings")}}
    assert "blue" not in doc["pilots"]  # never took off: no star, no game
    assert "career" in r.stdout and "red" in r.stdout
    # the same game again adds nothing; another game adds the second take-off
    again = run("missions", str(first), "--career", str(career))
    assert again.exit_code == 0
    assert again.stderr == f"career {career}: 0 new stars; already counted: {first}\n"
    assert json.loads(career.read_text()) == doc
    second = tmp_path / "two.ndjson"
    second.write_text(ndjson(log(journey("red", (-2, 4), (-1, 3)))))
    r = run("missions", str(second), "--career", str(career), "--format", "json")
    assert r.exit_code == 0 and r.stderr == f"career {career}: 1 new star\n"
    after = json.loads(r.stdout)["career"]
    assert after["pilots"]["red"]["games"] == 2
    assert after["pilots"]["red"]["missions"]["second-wind"] == str(second)
    assert after["new"] == {"red": ["second-wind"]}
    assert json.loads(career.read_text())["pilots"] == after["pilots"]


def test_a_broken_career_file_is_left_as_it_is(tmp_path: Path) -> None:
    career = tmp_path / "career.json"
    career.write_text('{"format": "skyhex.career/1", "pilots": {"red": {"games": -1}}}')
    r = run("missions", SIX, "--career", str(career))
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.splitlines() == [
        f"{career}:1:49: error: missing required key 'left_board', 'missions' [$.pilots.red]",
        f"{career}:1:59: error: -1 is below the minimum 0 [$.pilots.red.games]"]
    assert career.read_text().startswith('{"format"')


def test_a_career_file_follows_its_published_schema(tmp_path: Path) -> None:
    """The career schema is published with the others; a mission the rules do not know is
    located at its key, with the closest key as a hint."""
    from skyhex.schemas import names

    assert "career" in names()
    career = tmp_path / "career.json"
    career.write_text('{"format": "skyhex.career/1",\n "pilots": {"red": {"games": 1, '
                      '"left_board": 0,\n  "missions": {"lopping": "a.ndjson"}}}}\n')
    r = run("missions", SIX, "--career", str(career))
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr == (f"{career}:3:16: error: unknown mission \"lopping\" (hint: did you mean "
                        "'looping'?) [$.pilots.red.missions.lopping]\n")
    written = tmp_path / "new.json"
    r = run("missions", SIX, "--career", str(written))
    assert r.exit_code == 0
    from skyhex.schemas import validator

    data = json.loads(written.read_text())
    assert data["pilots"] and not list(validator("career").iter_errors(data))

