"""Replay of randomly mutated golden moves files (``tests/hostile/fuzz.py``): whatever a
moves file holds, ``skyhex replay`` answers within 5 s (of processor time) with exit code 0
or 1, never a traceback, and every error is one escaped line located at ``file:line:col``. CI runs a short
run; ``SKYHEX_LONG=1`` runs at least 2,000 mutated files per game."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from .hostile.fuzz import GAMES, mutated, prepare, replay_faults

LONG = bool(os.environ.get("SKYHEX_LONG"))
EXAMPLES = 2000 if LONG else 40


@pytest.fixture(scope="module")
def fuzz_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz")
    prepare(folder)
    return folder


@pytest.mark.parametrize("game", sorted(GAMES))
def test_mutated_moves_files_replay_or_fail_in_located_lines(game: str, fuzz_folder: Path) -> None:
    tried = []

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=not LONG,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(mutated(game))
    def replayed(file: tuple[str, str]) -> None:
        tried.append(file)
        assert replay_faults(fuzz_folder / game, *file) == []

    replayed()
    assert len(tried) >= EXAMPLES
