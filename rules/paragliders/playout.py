"""Random legal games: a seeded player that picks uniformly among the legal actions. Used by
property tests, golden logs and benchmarks."""

from __future__ import annotations

import random

from skyhex.rules.paragliders.actions import Action
from skyhex.rules.paragliders.engine import apply, legal_actions, new_game
from skyhex.rules.paragliders.scenario import Scenario

MAX_ACTIONS = 5000  # a day has 36 rounds; far more actions would mean a bug


def random_playout(scenario: Scenario, seed: int) -> list[Action]:
    """The actions of one random game from the scenario's start to its end."""
    rng = random.Random(seed)
    game, state, _ = new_game(scenario)
    actions: list[Action] = []
    while state.actor is not None:
        if len(actions) >= MAX_ACTIONS:
            raise RuntimeError(f"no end after {MAX_ACTIONS} actions")
        options = legal_actions(game, state)
        action = options[rng.randrange(len(options))]
        state, _ = apply(game, state, action)
        actions.append(action)
    return actions
