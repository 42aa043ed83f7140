"""The rules engines under random play, for every installed game, per decision, against
python-chess random plies per second in the same process.

- random games: each of the game's example scenarios in turn, played from a fresh seed to
  its end or the game's cap (``metadata(game).cap``) by ``skyhex.rules.playout.playout``
  with the bot of each name in ``RANDOM_POLICIES`` (``skyhex.rules.bots.bot``): every legal
  action listed at every decision, one chosen, the state moved on by ``advance``;
- by action index: the same games as a learning agent or a tree search plays them
  (``rules.machine.random_by_index``: the legal indices, one decoded by ``action_at`` and
  played by ``advance``).

A round plays whole games until it has made at least ``decisions`` decisions; every
decision counts, those of a game stopped at its cap too.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from benchmarks import anchor, inputs
from benchmarks.measure import Figure, alternate

RANDOM_POLICIES: tuple[str, ...] = ("random", "sensible")
"""The bots (``skyhex.rules.bots.bot`` names) that random-game rows are measured for, one
row each per game: add a name here to give it its rows."""


def games_of(game: str, decisions: int, play: Callable[[Any, Any, int], int]
             ) -> Callable[[], int]:
    """Work that plays ``game``'s example scenarios in turn with ``play(ruleset, scenario,
    seed)`` (which returns the decisions it made), fresh seeds, until ``decisions`` are
    made: the decisions made."""
    scenarios = inputs.examples(game)
    seeds = inputs.seeds()
    turn = iter(range(10**9))

    def work() -> int:
        made = 0
        while made < decisions:
            rules, read = scenarios[next(turn) % len(scenarios)]
            made += play(rules, read, next(seeds))
        return made

    return work


def policy_games(game: str, decisions: int, policy: Any) -> Callable[[], int]:
    """``games_of`` with ``playout`` and ``policy``, each game to its end or the game's
    cap."""
    from skyhex.rules.playout import playout

    def play(rules: Any, read: Any, seed: int) -> int:
        first, _, _ = rules.new_game(read)
        return len(playout(rules, read, seed, policy, rules.metadata(first).cap).actions)

    return games_of(game, decisions, play)


def by_index(game: str, decisions: int) -> Callable[[], int]:
    """``games_of`` with ``random_by_index`` (to the game's end or cap)."""
    from skyhex.rules.machine import random_by_index

    return games_of(game, decisions,
                    lambda rules, read, seed: len(random_by_index(rules, read, seed).indices))


def own_policy(game: str) -> Any:
    """The game's own benchmark greedy policy (``rules/<game>/policies.py``), if any."""
    from skyhex.rules.games import ruleset

    package = type(ruleset(game)).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.policies").greedy
    except (ImportError, AttributeError):
        return None


def run(quick: bool = False) -> list[Figure]:
    from skyhex.rules.bots import bot
    from skyhex.rules.games import names

    rounds = 3 if quick else 7
    decisions = 300 if quick else 1500
    chess = 6  # the same games in a quick run: the same anchor
    out = []

    def row(name: str, work: Callable[[], int], target: bool) -> None:
        rate, base, ratio, cpu = alternate(work, lambda: anchor.random_plies(chess), rounds)
        out.append(Figure("engines", name, rate, "decisions/s", ratio,
                          f"python-chess random games, {base:,.0f} plies/s", cpu,
                          ">= 1.0x" if target else "", ratio >= 1.0 if target else None))

    for game in names():
        for name in RANDOM_POLICIES:
            row(f"{game}: {name} games", policy_games(game, decisions, bot(name)), True)
        row(f"{game}: random games by action index (advance)", by_index(game, decisions),
            False)
    return out
