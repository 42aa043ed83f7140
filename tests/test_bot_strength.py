"""The bots' strength, measured as ``skyhex tournament`` measures it (the same tasks, games
and statistics): greedy beats random and the search beats greedy, with significance (the
95 % interval of the win rate leaves out one half), in Paragliders with 4 pilots and
Turbulences with 4 companies.

That takes hundreds of games (an hour of CPU and more): it runs with ``SKYHEX_LONG=1``,
on the games of the tournaments of ``docs/analytics.md``.
The normal suite runs the same code path on tiny settings (the 2-player scenarios, a few
games, a search of one world), where greedy must still beat random every time."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import pytest

from skyhex.games import tournament
from skyhex.games.workers import run

from .conftest import ROOT

LONG = bool(os.environ.get("SKYHEX_LONG"))
SCENARIOS = ROOT / "examples" / "scenarios"
FOUR = {"paragliders": "four-players", "turbulences": "turbulences-4"}
TWO = {"paragliders": "two-players", "turbulences": "turbulences-2"}
LONG_RUNS = [
    # game, weaker, stronger, games, seed: the tournaments of docs/analytics.md
    ("paragliders", "random", "greedy", 20, 1000),
    ("turbulences", "random", "greedy", 20, 1000),
    ("paragliders", "greedy", "search", 60, 0),
    ("turbulences", "greedy", "search", 400, 8000),
]
"""Greedy wins nearly every game against random; the search about two in three against
greedy in Paragliders, which 60 games tell from one half, and 57 % of its seat pairs in
Turbulences, which 400 games tell from one half."""


def round_robin(scenario: str, bots: Sequence[str], games: int, seed: int,
                workers: int | None) -> dict[str, dict[str, Any]]:
    """Each pair's summary (``bot`` against ``against``) of a round robin."""
    todo = tournament.tasks(scenario, list(bots), games, seed, None)
    results = [r for part in run(tournament.play_task, todo, workers=workers) for r in part]
    found = tournament.summary(results, list(bots))
    return {f"{p['bot']}-{p['against']}": p for p in found["pairs"]}


@pytest.mark.parametrize("game", sorted(TWO))
def test_greedy_beats_random_and_the_search_plays_greedy_on_tiny_settings(game: str
                                                                          ) -> None:
    pairs = round_robin(str(SCENARIOS / f"{TWO[game]}.yaml"), ["random", "greedy"], 4, 0, 1)
    pair = pairs["random-greedy"]
    assert pair["games"] + pair["capped"] == 4
    assert pair["games"] >= 2 and pair["win_rate"] == 0.0  # greedy won every finished game
    low, high = pair["interval"]
    assert 0.0 == low < high < 1.0
    pairs = round_robin(str(SCENARIOS / f"{TWO[game]}.yaml"), ["greedy", "search:1"], 2, 0, 1)
    pair = pairs["greedy-search:1"]
    assert pair["games"] + pair["capped"] == 2
    assert 0.0 <= pair["win_rate"] <= 1.0


@pytest.mark.skipif(not LONG, reason="hundreds of games: SKYHEX_LONG=1")
@pytest.mark.parametrize(("game", "weaker", "stronger", "games", "seed"), LONG_RUNS)
def test_the_stronger_bot_wins_with_significance(game: str, weaker: str, stronger: str,
                                                 games: int, seed: int) -> None:
    pairs = round_robin(str(SCENARIOS / f"{FOUR[game]}.yaml"), [weaker, stronger], games,
                        seed, None)
    found = pairs[f"{weaker}-{stronger}"]
    assert found["significant"] and found["win_rate"] < 0.5, found
