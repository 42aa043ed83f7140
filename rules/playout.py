"""The one playout driver: a game played from its start by a policy, seeded.

A policy chooses one of the legal actions; it gets a ``random.Random`` of its own so that a
seed gives the same game. ``uniform`` picks any legal action; games add policies that need
their knowledge in their own packages. Playouts feed property tests, golden
logs, benchmarks and analytics.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from skyhex.rules.game import Ruleset

MAX_ACTIONS = 100_000
"""A guard: a playout that makes this many actions without ending or reaching its cap is a
bug in the rules, not a long game."""


class Policy(Protocol):
    """Chooses the action to play among ``legal`` (never empty)."""

    def __call__(self, ruleset: Ruleset[Any, Any, Any], game: Any, state: Any,
                 legal: Sequence[Any], rng: random.Random) -> Any: ...


def uniform(ruleset: Ruleset[Any, Any, Any], game: Any, state: Any, legal: Sequence[Any],
            rng: random.Random) -> Any:
    """Any legal action, each as likely."""
    return legal[rng.randrange(len(legal))]


@dataclass(frozen=True)
class Playout:
    """A finished playout: the actions played, the final state, and whether it stopped at
    its round cap before the game ended."""

    actions: tuple[Any, ...]
    game: Any
    state: Any
    capped: bool


def playout(ruleset: Ruleset[Any, Any, Any], scenario: Any, seed: int,
            policy: Policy = uniform, cap: int | None = None) -> Playout:
    """Play ``scenario`` with ``policy`` for every participant until the game ends or its
    round passes ``cap`` (``moment(state)["round"] > cap``)."""
    rng = random.Random(seed)
    game, state, _ = ruleset.new_game(scenario)
    actions: list[Any] = []
    capped = False
    while ruleset.actor(game, state) is not None:
        if cap is not None and ruleset.moment(state)["round"] > cap:
            capped = True
            break
        if len(actions) >= MAX_ACTIONS:
            raise RuntimeError(f"{ruleset.name}: no end after {MAX_ACTIONS} actions")
        action = policy(ruleset, game, state, ruleset.legal_actions(game, state), rng)
        state = ruleset.advance(game, state, action)
        actions.append(action)
    return Playout(tuple(actions), game, state, capped)
