"""``skyhex bot``, ``skyhex selfplay`` and ``skyhex play`` (the line-JSON protocol of
docs/play-protocol.md, with a bot in another process): stdout, stderr and exit codes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

from .conftest import DATA, ROOT, run

SCENARIOS = ROOT / "examples" / "scenarios"
TWO = str(SCENARIOS / "turbulences-2.yaml")


def test_selfplay_writes_a_moves_file_that_replays(tmp_path: Path) -> None:
    out = tmp_path / "game.moves.yaml"
    r = run("selfplay", TWO, "--bots", "greedy,random", "--seed", "4", "-o", str(out))
    assert r.exit_code == 0 and r.stdout == ""
    assert "entries, game over: " in r.stderr and "(rank 1)" in r.stderr
    doc = yaml.safe_load(out.read_text())
    assert (tmp_path / doc["scenario"]).resolve() == Path(TWO).resolve()
    assert out.read_text().startswith("# skyhex selfplay --seed 4: red=greedy, blue=random\n")
    replayed = run("replay", str(out), "--format", "json")
    assert replayed.exit_code == 0
    assert json.loads(replayed.stdout)["over"] is True
    again = tmp_path / "again.moves.yaml"
    run("selfplay", TWO, "--bots", "greedy,random", "--seed", "4", "-o", str(again))
    assert again.read_text() == out.read_text()


def test_bot_prints_an_entry_to_append(tmp_path: Path) -> None:
    r = run("bot", TWO, "--bot", "search:20", "--seat", "blue")
    assert r.exit_code == 0 and r.stderr == ""
    assert r.stdout.startswith("- {company: blue, ") and r.stdout.count("\n") == 1
    moves = tmp_path / "g.moves.yaml"
    moves.write_text(f"format: skyhex.moves/1\ngame: turbulences\nscenario: {TWO}\nmoves:\n"
                     + r.stdout)
    second = run("bot", str(moves), "--format", "json", "--allow-outside-refs")
    assert second.exit_code == 0
    moves.write_text(moves.read_text() + "- " + second.stdout)
    assert run("replay", str(moves), "--allow-outside-refs").exit_code == 0


def test_bot_errors() -> None:
    r = run("bot", TWO, "--seat", "red")
    assert (r.exit_code, r.stdout) == (1, "")
    assert r.stderr == "skyhex: error: blue is to act, not 'red' [bot.seat]\n"
    r = run("bot", TWO, "--bot", "clever")
    assert r.exit_code == 1 and r.stderr.startswith("skyhex: error: no bot called 'clever'")
    r = run("bot", str(DATA / "bad" / "syntax-error.yaml"))
    assert r.exit_code == 1 and r.stdout == "" and "syntax-error.yaml:" in r.stderr
    finished = ROOT / "tests" / "golden" / "turbulences-2.moves.yaml"
    r = run("bot", str(finished))
    last = len(finished.read_text().splitlines())
    assert r.exit_code == 1
    assert re.fullmatch(r".*turbulences-2\.moves\.yaml:(\d+):\d+: error: the game is over: "
                        r"nobody is to act \[bot\.over\]\n", r.stderr), r.stderr
    assert int(re.match(r".*yaml:(\d+):", r.stderr)[1]) in (last, last - 1)  # type: ignore[index]


def test_play_with_a_bot_in_another_process(tmp_path: Path) -> None:
    log, out = tmp_path / "seen.ndjson", tmp_path / "played.moves.yaml"
    client = subprocess.Popen([sys.executable, str(DATA / "bots" / "last_entry.py"), str(log)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    server = subprocess.run(
        [str(Path(sys.executable).parent / "skyhex"), "play", TWO, "--seat", "blue=stdio",
         "--seat", "red=bot:greedy", "-o", str(out)],
        stdin=client.stdout, stdout=client.stdin, stderr=subprocess.PIPE, text=True,
        timeout=120)
    assert client.stdin is not None
    client.stdin.close()
    client.wait(timeout=30)
    assert (server.returncode, server.stderr) == (0, "")
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    assert messages[0] == {"type": "start", "protocol": "skyhex.play/1", "game": "turbulences",
                           "to": "blue", "seats": ["red", "blue"]}
    turns = [m for m in messages if m["type"] == "turn"]
    assert turns and all(m["to"] == "blue" and m["legal"] for m in turns)
    assert all(w["weight"] is None for t in turns for z in t["view"]["shipping"]
               for w in z["parcels"] if w["colour"] != "blue")
    assert messages[2]["type"] == "error" and "index 10000" in messages[2]["message"]
    assert messages[3] == messages[1]  # the same turn, asked again
    assert messages[-1]["type"] == "end" and messages[-1]["capped"] is False
    played = [m for m in messages if m["type"] == "played"]
    doc = yaml.safe_load(out.read_text())
    assert [m["entry"] for m in played] == doc["moves"]
    assert {m["by"] for m in played} == {"red", "blue"}
    replayed = run("replay", str(out), "--format", "json")
    assert json.loads(replayed.stdout)["scores"] == messages[-1]["scores"]


def test_play_refuses_unknown_seats_and_bots() -> None:
    r = run("play", TWO, "--seat", "green=stdio")
    assert r.exit_code == 1 and "no seat 'green'" in r.stderr and r.stdout == ""
    r = run("play", TWO, "--seat", "red=bot:clever")
    assert r.exit_code == 1 and "no bot called 'clever'" in r.stderr
    r = run("play", TWO, "--seat", "red")
    assert r.exit_code == 2
    r = run("play", TWO, "--seat", "red=stdio", input="")
    assert r.exit_code == 1 and "the stream closed" in r.stderr


def test_the_sensible_bot_is_accepted_where_bots_are_named(tmp_path: Path) -> None:
    r = run("bot", TWO, "--bot", "sensible")
    assert r.exit_code == 0 and r.stdout.startswith("- {company: ")
    out = tmp_path / "game.moves.yaml"
    r = run("selfplay", TWO, "--bots", "sensible", "--seed", "2", "-o", str(out))
    assert r.exit_code == 0 and "entries, game over: " in r.stderr
    rows = tmp_path / "rows.ndjson"
    r = run("analyze", TWO, "--games", "2", "--bots", "sensible", "--workers", "1",
            "-o", str(rows))
    assert r.exit_code == 0, r.stderr
    found = json.loads(rows.read_text().splitlines()[0])
    assert found["bots"] == ["sensible"] and found["finished"] == 2


def _play_answers(*lines: str) -> tuple[subprocess.CompletedProcess[str], list[dict[str, Any]]]:
    """``skyhex play`` with blue on stdio answering ``lines``: the process and the errors
    it sent back."""
    server = subprocess.run(
        [str(Path(sys.executable).parent / "skyhex"), "play", TWO, "--seat", "blue=stdio",
         "--seat", "red=bot:random"], input="".join(f"{line}\n" for line in lines),
        capture_output=True, text=True, timeout=30)
    messages = [json.loads(line) for line in server.stdout.splitlines()]
    return server, [m for m in messages if m["type"] == "error"]


def test_play_answers_hostile_lines_with_located_errors_and_keeps_serving() -> None:
    """Every answer line is bounded in length and depth and answered with an error naming
    its line of standard input; a bool is no index, an answer holds one key, an entry only
    the keys the moves format has (docs/play-protocol.md)."""
    from skyhex.games.server import MAX_DEPTH, MAX_LINE

    server, errors = _play_answers("[" * 60_000, "x" * (10 * MAX_LINE), '{"index": true}')
    assert server.returncode == 1
    assert server.stderr == "skyhex: error: seat blue: 3 bad answers in a row\n"
    assert [(e["to"], e["line"]) for e in errors] == [("blue", 1), ("blue", 2), ("blue", 3)]
    assert errors[0]["message"] == (f"<stdin>:1: the answer is nested deeper than "
                                    f"{MAX_DEPTH} levels")
    assert errors[1]["message"] == f"<stdin>:2: the line is longer than {MAX_LINE:,} characters"
    assert errors[2]["message"].startswith("<stdin>:3: index True is not one of 0..")
    server, errors = _play_answers('{"index": 0, "note": 1}', '{"entry": {"company": "blue", '
                                   '"pass": true, "colour": "x"}}', '{"index": 0}')
    assert [e["line"] for e in errors] == [1, 2]
    assert "an answer is a JSON object" in errors[0]["message"]
    assert errors[1]["message"].startswith("<stdin>:2: ") and "unknown key" in errors[1]["message"]
    assert server.returncode == 1  # the third answer was played: then the stream closed
    assert server.stderr == "skyhex: error: seat blue: the stream closed while it was to act\n"
