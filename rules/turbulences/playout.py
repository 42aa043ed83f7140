"""Seeded players for tests, golden logs and benchmarks: ``random_playout`` picks any legal
action, ``greedy_playout`` a simple pilot that seeks its parcels and its airport. Both read
only what the acting company may know (``legal_actions`` reads no weight, and the greedy
value counts parcels, never their weights)."""

from __future__ import annotations

import random

from skyhex.rules.turbulences.actions import Action
from skyhex.rules.turbulences.engine import apply, legal_actions, new_game
from skyhex.rules.turbulences.scenario import Scenario
from skyhex.rules.turbulences.state import Game, State, parcel_colour


def _start(scenario: Scenario) -> tuple[Game, State]:
    game, state, _ = new_game(scenario.landscape, scenario.companies, scenario.seed,
                              rose=scenario.rose)
    return game, state


def random_playout(scenario: Scenario, seed: int, turn_cap: int = 40) -> list[Action]:
    """A game of uniformly random legal actions, until it ends or passes ``turn_cap``."""
    game, state = _start(scenario)
    rng = random.Random(seed)
    actions: list[Action] = []
    while state.actor is not None and state.turn <= turn_cap:
        actions.append(rng.choice(legal_actions(game, state)))
        state, _ = apply(game, state, actions[-1])
    return actions


def value(game: Game, state: State, i: int) -> int:
    """How well company ``i`` stands: parcels delivered and carried, and the distance to
    its airport (carrying) or to the nearest airport holding its parcels."""
    plane, company = state.planes[i], game.companies[i]
    if plane.hex is None:
        return 100 * len(plane.delivered) - 1000
    targets = [company.airport] if plane.carried else [
        game.region_airport(r) for r, zone in enumerate(state.shipping, 1)
        if any(parcel_colour(p) == company.colour for p in zone)] or [company.airport]
    return (100 * len(plane.delivered) + 30 * len(plane.carried)
            - min(plane.hex.distance(t) for t in targets))


def greedy_playout(scenario: Scenario, seed: int, turn_cap: int = 150) -> list[Action]:
    """A game of greedy pilots (``value`` after each action, ties broken from ``seed``),
    until it ends or passes ``turn_cap``."""
    game, state = _start(scenario)
    rng = random.Random(seed)
    actions: list[Action] = []
    while state.actor is not None and state.turn <= turn_cap:
        i = state.actor
        options = legal_actions(game, state)
        best = max(range(len(options)),
                   key=lambda k: (value(game, apply(game, state, options[k])[0], i),
                                  rng.random()))
        actions.append(options[best])
        state, _ = apply(game, state, actions[-1])
    return actions
