"""The benchmark suite measures what it says: a quick run of its replay group gives a row per
installed game, and the replay rows' work is the whole of every recorded game. (Speed
itself is never asserted here: ``python -m benchmarks`` reports it.)"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT

pytest.importorskip("chess")  # the anchor: the bench extra


def test_a_quick_replay_run_has_a_row_per_installed_game() -> None:
    from skyhex.rules.games import names

    out = subprocess.run([sys.executable, "-m", "benchmarks", "--quick", "--only", "replay"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    rows = [line for line in out.splitlines() if line.startswith("replay: ")]
    for game in names():
        main = [r for r in rows if r.startswith(f"replay: {game}: replay as skyhex replay")]
        assert len(main) == 1, out
        assert "entries/s" in main[0] and "x " in main[0] and (" ok" in main[0] or
                                                               "MISSED" in main[0])
        assert any(r.startswith(f"replay: {game}: bare loop") for r in rows), out


def test_the_replay_rows_replay_every_entry_of_every_recorded_game() -> None:
    from benchmarks import inputs, replays
    from skyhex.games import load_game
    from skyhex.rules.games import names

    for game in names():
        files = inputs.moves_files(game)
        assert files, game
        entries = sum(len(load_game(f, refs=inputs.refs()).actions) for f in files)
        assert replays.as_command(game)() == entries
        assert replays.from_files(game)() == entries
        assert replays.bare(game)() == entries


def test_the_random_rows_name_bots() -> None:
    from benchmarks.engines import RANDOM_POLICIES
    from skyhex.rules.bots import bot

    assert RANDOM_POLICIES and all(callable(bot(name)) for name in RANDOM_POLICIES)
