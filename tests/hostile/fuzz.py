"""Mutated golden moves files (hypothesis strategies) and the judging of their replay:
whatever a moves file holds, ``skyhex replay`` answers within 5 s (of processor time) with
exit code 0 or 1,
never a traceback, every error one escaped line located at ``file:line:col``, printed once.

Mutations work on the document (a value replaced by one of another type, a key removed or
added, entries duplicated, swapped, dropped or moved, numbers and names changed, strings with
control characters) and on its text (characters inserted, deleted or replaced).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from .harness import LIMIT, ROOT

GAMES = {"paragliders": "two-players", "turbulences": "turbulences-2",
         "balloons": "balloons-4"}
_LOCATED = re.compile(r"^fuzz\.moves\.(yaml|json):\d+:\d+: error: ")
_RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

TEXTS = st.one_of(
    st.sampled_from(["", "red", "blue", "yellow", "Bea", "N", "SE", "straight", "hard-left",
                     "final", "relaunch", "push", "resist", "mix", "w03/b", "red-2",
                     "w48", "w01", "high", "grounded", "misfortune", "green", "q1",
                     "\x1b[2J", "a\nb", "\u202e", "x" * 300, "../secret.env", "/etc/passwd",
                     "-", "12:00"]),
    st.text(max_size=20))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10, 40),
                    st.integers(-(10**30), 10**30), st.floats(allow_nan=True), TEXTS)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(TEXTS, inner, max_size=4)), max_leaves=8)


def _paths(node: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield at
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*at, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*at, i))


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        node = node[part]
    return node


@st.composite
def mutated(draw: st.DrawFn, game: str) -> tuple[str, str]:
    """A golden moves file of ``game`` mutated: (file name, text)."""
    text = (ROOT / "tests" / "golden" / f"{GAMES[game]}.moves.yaml").read_text()
    doc = yaml.safe_load(text)
    doc["scenario"] = "scenario.yaml"
    for _ in range(draw(st.integers(1, 4))):
        paths = list(_paths(doc))
        path = draw(st.sampled_from(paths))
        op = draw(st.sampled_from(["replace", "delete", "add", "duplicate", "swap", "truncate",
                                   "move", "number"]))
        if not path:
            continue
        parent = _get(doc, path[:-1])
        key = path[-1]
        if op == "replace":
            parent[key] = draw(VALUES)
        elif op == "delete":
            del parent[key]
        elif op == "add" and isinstance(parent, dict):
            parent[draw(TEXTS)] = draw(VALUES)
        elif op == "add" and isinstance(parent, list):
            parent.insert(draw(st.integers(0, len(parent))), draw(VALUES))
        elif op in ("duplicate", "swap", "move", "truncate") and isinstance(parent, list):
            i = key
            j = draw(st.integers(0, len(parent) - 1))
            if op == "duplicate":
                parent.insert(j, parent[i])
            elif op == "swap":
                parent[i], parent[j] = parent[j], parent[i]
            elif op == "move":
                parent.insert(j, parent.pop(i))
            else:
                del parent[i:]
        elif op == "number" and isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] += draw(st.sampled_from([-100, -1, 1, 2, 100, 10**6]))
    as_json = draw(st.booleans())
    out = json.dumps(doc, indent=1) if as_json else yaml.safe_dump(doc, allow_unicode=True,
                                                                    sort_keys=False)
    for _ in range(draw(st.integers(0, 2))):
        if not out:
            break
        at = draw(st.integers(0, len(out) - 1))
        edit = draw(st.sampled_from(["insert", "delete", "replace"]))
        char = draw(st.sampled_from([*"{}[]:,-'\"\n\t #&*!|>%@`\\", "\x00", "\x1b", "é"]))
        out = (out[:at] + char + out[at:] if edit == "insert" else
               out[:at] + out[at + 1:] if edit == "delete" else out[:at] + char + out[at + 1:])
    return ("fuzz.moves.json" if as_json else "fuzz.moves.yaml"), out



def prepare(folder: Path) -> None:
    """Put each game's golden scenario (as ``scenario.yaml``) and its map in
    ``folder/<game>``."""
    for game, name in GAMES.items():
        scenario = yaml.safe_load((ROOT / "tests" / "golden" / f"{name}.moves.yaml").read_text())
        source = (ROOT / "tests" / "golden" / scenario["scenario"]).resolve()
        text = source.read_text()
        map_name = yaml.safe_load(text)["map"]
        (folder / game).mkdir()
        (folder / game / "map.yaml").write_bytes((source.parent / map_name).resolve().read_bytes())
        (folder / game / "scenario.yaml").write_text(text.replace(map_name, "map.yaml"))


_RUNNER = CliRunner()


def replay_faults(folder: Path, name: str, text: str) -> list[str]:
    """Replay the moves file ``text`` (written as ``name`` in ``folder``); the faults of the
    answer."""
    from skyhex.cli import app

    (folder / name).write_text(text, encoding="utf-8")
    before = os.getcwd()
    os.chdir(folder)
    try:
        start = time.process_time()
        r = _RUNNER.invoke(app, ["replay", name])
        took = time.process_time() - start
    finally:
        os.chdir(before)
        (folder / name).unlink()
    faults = []
    if (r.exception is not None and not isinstance(r.exception, SystemExit)) or \
            "Traceback" in r.stderr:
        faults.append(f"traceback: {r.exception!r}")
    if took > LIMIT:
        faults.append(f"hang: {took:.1f} s of processor time")
    if r.exit_code not in (0, 1):
        faults.append(f"exit: {r.exit_code}: {r.stderr[:300]!r}")
    lines = r.stderr.splitlines()
    if (r.exit_code == 0) != (lines == []):
        faults.append(f"exit: {r.exit_code} with {r.stderr[:300]!r}")
    for line in lines:
        if not _LOCATED.match(line):
            faults.append(f"unlocated: {line[:300]!r}")
        if _RAW.search(line):
            faults.append(f"control: {line[:300]!r}")
        if len(line) > 3000:
            faults.append(f"long: {line[:300]!r}")
    if len(lines) != len(set(lines)):
        faults.append(f"duplicate: {r.stderr[:300]!r}")
    return faults


def fuzz(examples: int) -> dict[str, tuple[int, Counter[str], float]]:
    """Replay ``examples`` mutated moves files per game: per game, the files tried, the
    faults found (by kind) and the slowest answer."""
    with tempfile.TemporaryDirectory() as top:
        folder = Path(top)
        prepare(folder)
        return {game: _fuzz_game(folder / game, game, examples) for game in GAMES}


def _fuzz_game(folder: Path, game: str, examples: int) -> tuple[int, Counter[str], float]:
    tried = 0
    found: Counter[str] = Counter()
    slowest = 0.0

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(mutated(game))
    def replayed(file: tuple[str, str]) -> None:
        nonlocal tried, slowest
        start = time.process_time()
        faults = replay_faults(folder, *file)
        slowest = max(slowest, time.process_time() - start)
        tried += 1
        found.update({f.split(":", 1)[0] for f in faults})

    replayed()
    return tried, found, slowest
