"""`skyhex view`: a recorded game as one self-contained page (or its data as JSON), from a
moves file or from a game log and its scenario. The page data is read back and compared
with the log; what a seat's page holds is checked against what that seat may know. The
browser's side is in test_view_browser.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from skyhex.games import load_game, load_scenario, playout, replay_game
from skyhex.games.viewer import viewer_page
from skyhex.rules.replay import begin, follow, play, start
from skyhex.schemas import validator

from .conftest import ROOT, run
from .viewing import (
    GOLDEN,
    HOSTILE_TITLE,
    SCENARIOS,
    deliveries_after,
    hostile_moves,
    log_of,
    page_data,
    pilots_after,
    scenario_of,
)

NAMES = sorted(p.name[: -len(".moves.yaml")] for p in GOLDEN.glob("*.moves.yaml"))
MB2 = 2 * 1024 * 1024


def flags(name: str) -> list[str]:
    """Turbulences hides parcel weights: its pages say whose they are."""
    return ["--referee"] if name.startswith("turbulences") else []


def view_json(*args: str) -> dict[str, Any]:
    r = run("view", *args, "--format", "json", "-o", "-")
    assert r.exit_code == 0, r.stderr
    data: dict[str, Any] = json.loads(r.stdout)
    return data


def walk(value: Any) -> Any:
    """Every dict inside ``value``."""
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from walk(v)


# --- a game from its log --------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_a_log_alone_gives_back_the_game_it_records(name: str) -> None:
    """The actions are found again from the events: the same log, the same states after
    every step, the same participants acting (an action found may be another with the same
    events and state: a ruler placed after the move rather than after the acceleration)."""
    loaded = load_game(str(GOLDEN / f"{name}.moves.yaml"))
    rules = loaded.face.ruleset
    recorded = begin(rules, *loaded.setup, record=True)
    play(recorded, loaded.actions)
    followed = follow(rules, loaded.scenario, log_of(name))
    assert followed.events == log_of(name) == recorded.events
    assert recorded.steps is not None and followed.steps is not None
    assert [(s.first, s.count, s.entry, s.forced) for s in followed.steps] == \
        [(s.first, s.count, s.entry, s.forced) for s in recorded.steps]
    assert [s.state for s in followed.steps] == [s.state for s in recorded.steps]
    assert [rules.player_of(s.action) for s in followed.steps if s.action] == \
        [rules.player_of(s.action) for s in recorded.steps if s.action]


@pytest.mark.parametrize("name", ["four-players-stunts", "turbulences-teams-4"])
def test_a_log_and_its_scenario_make_the_page_of_its_moves_file(name: str) -> None:
    from_moves = view_json(str(GOLDEN / f"{name}.moves.yaml"), *flags(name))
    from_log = view_json(str(GOLDEN / f"{name}.ndjson"), "--scenario", str(scenario_of(name)),
                         *flags(name))
    assert from_moves.pop("source") == f"{name}.moves.yaml"
    assert from_log.pop("source") == f"{name}.ndjson"
    # An action found from the log may be written otherwise where nothing shows it (a
    # Paragliders stunt claimed "after-move" rather than "after-accelerate"): the same events
    # and states, so the same page but for that description.
    pairs = [(a.pop("action"), b.pop("action"))
             for a, b in zip(from_moves["steps"], from_log["steps"], strict=True)]
    differ = [(a, b) for a, b in pairs if a != b]
    when = re.compile(r" \((before|after)-[a-z]+\)")
    assert all(when.sub("", a) == when.sub("", b) for a, b in differ)
    assert from_moves == from_log


def test_a_log_needs_its_scenario_and_must_follow_from_it(tmp_path: Path) -> None:
    log = GOLDEN / "two-players.ndjson"
    missing = run("view", str(log))
    assert missing.exit_code == 2 and "give --scenario FILE" in missing.stderr
    assert missing.stdout == ""
    other = run("view", str(log), "--scenario", str(SCENARIOS / "turbulences-2.yaml"),
                "-o", str(tmp_path / "v.html"))
    assert other.exit_code == 1
    assert other.stderr.startswith(f"{log}:1:1: error: a paragliders log on a turbulences "
                                   "scenario")
    lines = log.read_text().splitlines()
    turn = next(i for i, line in enumerate(lines) if '"type": "turn"' in line and i > 20)
    lines[turn] = re.sub(r'"after": (\d+)', lambda m: f'"after": {int(m.group(1)) + 1}',
                         lines[turn], count=1)
    tampered = tmp_path / "tampered.ndjson"
    tampered.write_text("\n".join(lines) + "\n")
    r = run("view", str(tampered), "--scenario", str(scenario_of("two-players")),
            "-o", str(tmp_path / "v.html"))
    assert r.exit_code == 1 and r.stdout == ""
    assert re.match(rf"{re.escape(str(tampered))}:{turn + 1}:1: error: event 'turn' does not "
                    r"follow: no legal action of \w+ gives it", r.stderr), r.stderr
    assert not (tmp_path / "v.html").exists()


@pytest.mark.parametrize(("text", "found"), [
    ('{"seq": 0, "type": "setup", "game": "paragliders"}\n{"seq": 1, "type": \n',
     ":2:20: error: not a JSON event: Expecting value"),
    ('{"seq": 0, "type": "round", "round": 2}\n', ":1:1: error: a game log starts with its "
     "'setup' event"),
    ('{"seq": 0, "type": "setup", "game": "paraglider"}\n', ":1:1: error: no game called "
     "'paraglider' (did you mean 'paragliders'?"),
    ('{"seq": 0, "type": "setup", "game": "paragliders"}\n[1, 2]\n', ":2:1: error: not an "
     "event"),
    ('{"seq": 0, "type": "setup", "game": ["paragliders"]}\n', ":1:1: error: no game called "
     "['paragliders']"),
    ('{"seq": 0, "type": "setup", "game": "paragliders"}\n' + "[" * 100_000 + "]" * 100_000,
     ":2:1: error: not a JSON event: nested too deep"),
    ('{"seq": 0, "type": "setup", "game": "paragliders"}\n{"seq": ' + "9" * 5000 + "}\n",
     ":2:1: error: not a JSON event: an integer of more than 100 digits"),
])
def test_a_broken_log_is_one_located_line(tmp_path: Path, text: str, found: str) -> None:
    log = tmp_path / "game.ndjson"
    log.write_text(text)
    r = run("view", str(log), "--scenario", str(SCENARIOS / "two-players.yaml"))
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.startswith(f"{log}{found}"), r.stderr
    assert len(r.stderr.splitlines()) == 1


# --- the page -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["four-players", "turbulences-2"])
def test_a_page_is_self_contained(tmp_path: Path, name: str) -> None:
    out = tmp_path / "game.html"
    r = run("view", str(GOLDEN / f"{name}.moves.yaml"), *flags(name), "-o", str(out))
    assert r.exit_code == 0 and r.stdout == ""
    assert re.fullmatch(rf"wrote {re.escape(str(out))}: \d+ events, \d+ steps, \d+ KiB\n",
                        r.stderr)
    html = out.read_text()
    assert html.startswith("<!DOCTYPE html>") and out.stat().st_size < MB2
    assert "default-src 'none'" in html  # the browser fetches nothing, even if asked
    assert not re.search(r"\b(src|srcset)=|<link\b|url\(|@import", html)
    assert set(re.findall(r"https?://[^\s\"'<>]+", html)) <= {  # XML namespaces
        "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink",
        "http://www.w3.org/2001/xml-events"}
    data = page_data(html)
    assert list(validator("view").iter_errors(data)) == []
    assert [e["seq"] for e in data["events"]] == [e["seq"] for e in log_of(name)]
    assert '<svg id="board"' not in html or "id=\"pieces\"" in html


def test_the_page_data_shows_what_the_log_says() -> None:
    """After every step, each pilot's altitude and score track (Paragliders), each company's
    deliveries (Turbulences) and the final scores are the log's."""
    for name in ("four-players-stunts", "turbulences-2"):
        data = view_json(str(GOLDEN / f"{name}.moves.yaml"), *flags(name))
        log = log_of(name)
        for step in data["steps"]:
            frame = data["frames"][step["frames"][0]]
            cards = {data["cards"][c]["id"]: dict(data["cards"][c]["rows"])
                     for c in frame["cards"]}
            seen = log[:step["first"] + step["count"]]
            if name.startswith("turbulences"):
                assert {c: int(rows["delivered"].split(":")[0]) for c, rows in cards.items()} \
                    == deliveries_after(seen)
            else:
                assert {p: (rows["altitude"], int(rows["score track"].split()[0]))
                        for p, rows in cards.items()} == pilots_after(seen)
        last = data["frames"][data["steps"][-1]["frames"][0]]
        assert last["final"] and data["scores"][last["scores"]] == log[-1]["scores"]


def test_a_game_that_hides_nothing_has_one_page_for_everyone() -> None:
    path = str(GOLDEN / "two-players.moves.yaml")
    everyone = view_json(path)
    assert everyone["perspectives"] == [{"seat": None,
                                         "label": "every seat: nothing is hidden"}]
    assert view_json(path, "--referee")["perspectives"] == [
        {"seat": None, "label": "referee: everything"}]
    seat = everyone["participants"][1]
    mine = view_json(path, "--seat", seat)
    assert mine["perspectives"] == [{"seat": seat, "label": seat}]
    for table in ("pieces", "heads", "cards", "scores", "trails", "frames", "events", "steps"):
        assert mine[table] == everyone[table], table  # it may know everything


def test_a_seats_page_holds_none_of_the_weights_it_may_not_know() -> None:
    """Every parcel of another team keeps its weight out of the seat's page: not in the
    panel, not in the events (setup, draws, another company looking at its parcels), not in
    the scores before the end; the referee's page has them all."""
    for name in ("turbulences-2", "turbulences-teams-4"):
        loaded = load_game(str(GOLDEN / f"{name}.moves.yaml"))
        game = loaded.setup[0]
        referee = view_json(str(GOLDEN / f"{name}.moves.yaml"), "--referee")
        weights = {p["parcel"]: p["weight"] for p in log_of(name)[0]["parcels"]}
        for company in game.companies:
            seat = company.colour
            i = game.index(seat)
            team = {game.companies[j].colour for j in game.allies(i)}
            hidden = {p: w for p, w in weights.items() if p.rsplit("-", 1)[0] not in team}
            assert hidden
            r = run("view", str(GOLDEN / f"{name}.moves.yaml"), "--seat", seat, "-o", "-")
            assert r.exit_code == 0
            html, data = r.stdout, page_data(r.stdout)
            assert data["perspectives"] == [{"seat": seat, "label": seat}]
            for parcel, weight in hidden.items():
                assert f"{parcel} {weight} kg" not in html
            for d in walk(data):
                if d.get("parcel") in hidden:
                    assert d.get("weight") is None, d
                if "weights" in d:
                    assert not set(d["parcels"]) & set(hidden), d
                if list(d) == ["weight"]:  # a draw
                    assert d["weight"] is None, d
            before_end = [f for s in data["steps"][:-1] for f in s["frames"]]
            assert all(data["frames"][f]["scores"] is None for f in before_end)
            shown = {p for d in walk(referee) if d.get("parcel") in hidden
                     and d.get("weight") is not None for p in [d["parcel"]]}
            assert shown == set(hidden)


def test_usage_errors(tmp_path: Path) -> None:
    turbulences = str(GOLDEN / "turbulences-2.moves.yaml")
    r = run("view", turbulences, "-o", str(tmp_path / "v.html"))
    assert r.exit_code == 2 and "turbulences hides information from its players" in r.stderr
    assert "--seat NAME" in r.stderr and "--referee" in r.stderr
    r = run("view", turbulences, "--seat", "pink")
    assert r.exit_code == 2 and "'pink' does not play this turbulences game" in r.stderr
    r = run("view", turbulences, "--seat", "red", "--referee")
    assert r.exit_code == 2 and "not both" in r.stderr
    r = run("view", "-", "--scenario", "-")
    assert r.exit_code == 2
    r = run("view", turbulences, "--referee", "-o", str(tmp_path / "no" / "v.html"))
    assert r.exit_code == 1 and r.stderr.startswith("skyhex: error: cannot write")
    assert not list(tmp_path.iterdir())


def test_an_illegal_entry_ends_the_page_with_its_error(tmp_path: Path) -> None:
    text = (GOLDEN / "two-players.moves.yaml").read_text()
    text = text.replace("../../examples", str(ROOT / "examples"))
    entries = text.split("\n- ")
    entries[5] = entries[5].replace("player: ", "player: X", 1)
    bad = tmp_path / "bad.moves.yaml"
    bad.write_text("\n- ".join(entries))
    replayed = run("replay", str(bad), "--allow-outside-refs")  # an absolute reference
    out = tmp_path / "bad.html"
    r = run("view", str(bad), "-o", str(out), "--allow-outside-refs")
    assert r.exit_code == 1
    assert r.stderr.splitlines()[-1] == replayed.stderr.strip()
    data = page_data(out.read_text())
    assert data["error"] and data["events"][-1]["type"] == "error"
    assert len(data["events"]) == len(replayed.stdout.splitlines())


def test_text_from_files_stays_text(workdir: Path) -> None:
    r = run("view", str(hostile_moves(workdir)), "-o", "-")
    assert r.exit_code == 0, r.stderr
    html = r.stdout
    assert "<script>window.pwned" not in html and "<b>" not in html
    assert "&lt;/script&gt;&lt;script&gt;window.pwned = 1&lt;/script&gt; &amp; " in html
    assert html.count("</script>") == 2  # the page's own data and script
    assert page_data(html)["title"] == HOSTILE_TITLE


def test_control_characters_from_files_never_reach_the_terminal(workdir: Path) -> None:
    """A title with an escape sequence, a C1 control and a text-direction override: the
    page's title loses the control characters, its data (and the JSON) writes them as
    escapes, and both still hold the title as it was written."""
    moves = hostile_moves(workdir)
    scenario = workdir / "hostile.yaml"
    lines = [r'title: "\e]0;owned\a \x9b31m \u202eabc"' if line.startswith("title:") else line
             for line in scenario.read_text().splitlines()]
    scenario.write_text("\n".join(lines) + "\n")
    page = run("view", str(moves), "-o", "-")
    data = run("view", str(moves), "--format", "json", "-o", "-")
    assert page.exit_code == data.exit_code == 0, page.stderr
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", page.stdout)
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]", data.stdout)
    assert "<title>]0;owned 31m \u202eabc - skyhex replay</title>" in page.stdout
    title = "\x1b]0;owned\x07 \x9b31m \u202eabc"
    assert page_data(page.stdout)["title"] == title == json.loads(data.stdout)["title"]


def test_json_and_default_file_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = str(GOLDEN / "solo-race.moves.yaml")  # its references lead out of tmp_path
    assert run("view", path, "--allow-outside-refs").exit_code == 0
    assert run("view", path, "--format", "json", "--allow-outside-refs").exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["view.html", "view.json"]
    data = json.loads((tmp_path / "view.json").read_text())
    assert data["board"].startswith('<svg') and 'id="board"' in data["board"]
    assert data["board"] in (tmp_path / "view.html").read_text()
    board = data.pop("board")
    assert page_data((tmp_path / "view.html").read_text()) == data
    symbols = set(re.findall(r'<g id="(sym-\d+)"', board))
    used = {p["s"] for p in data["pieces"] if "s" in p} | {c["s"] for c in data["cards"]}
    assert used <= symbols


# --- size -----------------------------------------------------------------------------------


def test_a_long_game_stays_under_2_mb() -> None:
    """A 300-action Turbulences game of six random pilots, seen by the referee and each
    company (the largest page), and a whole four-player Paragliders day."""
    face, scenario, _ = load_scenario(str(SCENARIOS / "turbulences-6.yaml"))
    rules = face.ruleset
    played = playout(rules, scenario, 5, cap=80)
    assert len(played.actions) >= 300
    replay = play(start(rules, scenario, record=True), played.actions[:300])
    assert replay.applied == 300
    page = viewer_page(face, scenario, replay, "long", referee=True)
    assert len(page.data["perspectives"]) == 7
    assert len(page.html().encode()) < MB2
    face, scenario, _ = load_scenario(str(SCENARIOS / "four-players.yaml"))
    played = playout(face.ruleset, scenario, 3)
    replay = play(start(face.ruleset, scenario, record=True), played.actions)
    assert replay.over
    assert len(viewer_page(face, scenario, replay, "day").html().encode()) < MB2


def plain_page(monkeypatch: pytest.MonkeyPatch) -> str:
    """The page of a golden game whose face has no viewer art nor words of its own."""
    import dataclasses

    loaded = load_game(str(GOLDEN / "two-players.moves.yaml"))
    plain = dataclasses.replace(loaded.face, viewer=None, words=None)
    page = viewer_page(plain, loaded.scenario, replay_game(loaded, record=True), "plain")
    assert page.board is None
    return page.html()


def test_a_game_without_art_of_its_own_still_has_a_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    html = plain_page(monkeypatch)
    data = page_data(html)
    assert list(validator("view").iter_errors(data)) == []
    assert "No board for this game yet." in html and data["pieces"] == []
    assert data["title"] == "paragliders: plain"
    last = data["frames"][data["steps"][-1]["frames"][0]]
    assert dict(data["heads"][last["head"]])["time"] == data["steps"][-1]["moment"]["time"]
    assert [data["cards"][c]["title"] for c in last["cards"]] == \
        [f"pilots: {p}" for p in data["participants"]]
    assert data["events"][1]["text"].startswith("weather: time \"08:00\", tile ")


def test_a_replay_that_does_not_record_has_no_page() -> None:
    loaded = load_game(str(GOLDEN / "solo-race.moves.yaml"))
    with pytest.raises(ValueError, match="record=True"):
        viewer_page(loaded.face, loaded.scenario, replay_game(loaded), "x")
