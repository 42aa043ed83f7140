"""The bots users run (``skyhex play``, ``tournament``, ``analyze --bots``), for every
installed game, in decisions per second against python-chess random plies per second in
the same process.

Each game is ``skyhex.rules.bots.play`` with the same bot in every seat, on the game's
example scenarios in turn, from fresh seeds: the bot's whole thinking (the worlds it draws
from what its seat sees, the actions it weighs) and the state moved on by ``advance``.
``greedy`` plays whole games (to the end or the game's bot cap); ``search`` (its default
budget) plays the first ``SEARCH_ROUNDS`` rounds of a game, its cost per decision being
far higher. A round plays games until it has made at least its count of decisions.

The game's own benchmark greedy policy (``rules/<game>/policies.py``, where a game has one)
has a secondary row beside the greedy bot: the same games by ``playout`` with that policy.
"""

from __future__ import annotations

from collections.abc import Callable

from benchmarks import anchor
from benchmarks.engines import games_of, own_policy, policy_games
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

    def row(name: str, work: Callable[[], int], rounds: int, target: float | None) -> None:
        rate, base, ratio, cpu = alternate(work, lambda: anchor.random_plies(chess), rounds)
        out.append(Figure("bots", name, rate, "decisions/s", ratio,
                          f"python-chess random games, {base:,.0f} plies/s", cpu,
                          f">= {target}x" if target else "",
                          ratio >= target if target else None))

    for game in names():
        greedy = counts["greedy"][0 if quick else 1]
        row(f"{game}: greedy bot, whole games", bot_games(game, "greedy", greedy, None),
            rounds["greedy"], 0.25)
        policy = own_policy(game)
        if policy is not None:
            row(f"{game}: the game's own benchmark greedy policy (policies.py), secondary",
                policy_games(game, greedy, policy), rounds["greedy"], None)
        row(f"{game}: search bot, first {SEARCH_ROUNDS} rounds",
            bot_games(game, "search", counts["search"][0 if quick else 1], SEARCH_ROUNDS),
            rounds["search"], None)
    return out
