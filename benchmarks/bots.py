"""The bots users run (``skyhex play``, ``tournament``, ``analyze --bots``), for every
installed game, in decisions per second against python-chess random plies per second in
the same process.

Each game is ``skyhex.rules.bots.play`` with the same bot in every seat, on the game's
example scenarios in turn, from fresh seeds: the bot's whole thinking (the worlds it draws
from what its seat sees, the actions it weighs) and the state moved on by ``advance``.
``greedy`` plays whole games (to the end or the game's bot cap); ``search`` (its default
budget) plays the first ``SEARCH_ROUNDS`` rounds of a game, its cost per decision being
far higher. A round plays games until it has made at least its count of decisions.
"""

from __future__ import annotations

from collections.abc import Callable

from benchmarks import anchor
from benchmarks.engines import games_of
from benchmarks.measure import Figure, alternate

SEARCH_ROUNDS = 2
"""The rounds of each game the search bot plays (``play``'s cap)."""


def bot_games(game: str, name: str, decisions: int, cap: int | None) -> Callable[[], int]:
    """``games_of`` with ``bots.play`` and bot ``name`` in every seat, to ``cap`` (``None``:
    the game's bot cap)."""
    from skyhex.rules.bots import play

    return games_of(game, decisions,
                    lambda rules, read, seed: len(play(rules, read, seed, [name], cap).actions))


def run(quick: bool = False) -> list[Figure]:
    from skyhex.rules.games import names

    rounds = {"greedy": 3 if quick else 5, "search": 1 if quick else 3}
    chess = 6  # the same games in a quick run: the same anchor
    counts = {"greedy": (100, 600), "search": (1, 12)}
    out = []
    for game in names():
        for name, cap, target in (("greedy", None, 0.25), ("search", SEARCH_ROUNDS, None)):
            work = bot_games(game, name, counts[name][0 if quick else 1], cap)
            rate, base, ratio, cpu = alternate(work, lambda: anchor.random_plies(chess),
                                               rounds[name])
            what = "whole games" if cap is None else f"first {cap} rounds"
            out.append(Figure("bots", f"{game}: {name} bot, {what}", rate, "decisions/s",
                              ratio, f"python-chess random games, {base:,.0f} plies/s", cpu,
                              f">= {target}x" if target else "",
                              ratio >= target if target else None))
    return out
