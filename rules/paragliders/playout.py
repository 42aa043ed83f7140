"""Random legal games: a seeded player that picks uniformly among the legal actions. Used by
property tests, golden logs and benchmarks."""

from __future__ import annotations

import random
from dataclasses import replace

from skyhex.rules.paragliders.actions import Action, Turn
from skyhex.rules.paragliders.engine import apply, claimable, legal_actions, new_game
from skyhex.rules.paragliders.scenario import Scenario

MAX_ACTIONS = 5000  # a day has 36 rounds; far more actions would mean a bug


def random_playout(scenario: Scenario, seed: int, *, stunts: bool = False) -> list[Action]:
    """The actions of one random game from the scenario's start to its end; with
    ``stunts``, half the time a turn also carries one of the stunt claims it allows."""
    rng = random.Random(seed)
    game, state, _ = new_game(scenario)
    actions: list[Action] = []
    while state.actor is not None:
        if len(actions) >= MAX_ACTIONS:
            raise RuntimeError(f"no end after {MAX_ACTIONS} actions")
        options = legal_actions(game, state)
        action = options[rng.randrange(len(options))]
        if stunts and isinstance(action, Turn) and rng.random() < 0.5:
            claims = claimable(game, state, action)
            if claims:
                action = replace(action, stunts=(claims[rng.randrange(len(claims))],))
        state, _ = apply(game, state, action)
        actions.append(action)
    return actions
