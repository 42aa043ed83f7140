"""Seeded players for tests, golden logs and benchmarks: ``random_playout`` picks any legal
action, ``greedy_playout`` a simple pilot that seeks its parcels and its airport. Both read
only what the acting company may know (``legal_actions`` reads no weight, and the greedy
value counts parcels, never their weights). In the team modes a greedy pilot counts its
team's deliveries and flies its partner's parcels to their airport."""

from __future__ import annotations

import random

from skyhex.rules.turbulences.actions import Action
from skyhex.rules.turbulences.engine import apply, legal_actions
from skyhex.rules.turbulences.scenario import Scenario
from skyhex.rules.turbulences.state import Game, State, parcel_colour


def _start(scenario: Scenario) -> tuple[Game, State]:
    game, state, _ = scenario.new_game()
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
    """How well company ``i`` stands: parcels delivered by its team (in CLASSIC mode, by
    itself) and carried, and the distance to the airport of a carried parcel's colour
    (carrying) or to the nearest airport holding parcels of its team's colours."""
    plane = state.planes[i]
    delivered = sum(len(state.planes[j].delivered) for j in game.allies(i))
    if plane.hex is None:
        return 100 * delivered - 1000
    ours = game.team_colours(i)
    airports = {c.colour: c.airport for c in game.companies}
    targets = [airports[parcel_colour(p)] for p in plane.carried] or [
        game.region_airport(r) for r, zone in enumerate(state.shipping, 1)
        if any(parcel_colour(p) in ours for p in zone)] or [game.companies[i].airport]
    return (100 * delivered + 30 * len(plane.carried)
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
