"""A Paragliders bot typed with the game's own types, on the machine interface: it looks one
decision ahead through ``advance`` over the legal action indices and keeps the one after
which its pilot stands best. ``mypy --strict`` checks it (``.ci/typecheck``)."""

from __future__ import annotations

import random

from skyhex.games import load_scenario
from skyhex.rules.game import Ruleset
from skyhex.rules.machine import legal_indices, over
from skyhex.rules.paragliders.actions import Action
from skyhex.rules.paragliders.entry import ENTRY
from skyhex.rules.paragliders.scenario import Scenario
from skyhex.rules.paragliders.state import Game, State

Rules = Ruleset[Game, State, Action]


def standing(state: State, seat: str) -> tuple[int, int]:
    """How ``seat``'s pilot stands: its score, then its altitude."""
    pilot = next(p for p in state.pilots if p.ident == seat)
    return pilot.score, pilot.altitude


def choose(rules: Rules, game: Game, state: State, rng: random.Random) -> int:
    """The index of the legal action after which the seat to act stands best (ties drawn
    by ``rng``)."""
    seat = rules.actor(game, state)
    assert seat is not None, "the game is over"
    ranked: dict[int, tuple[int, int]] = {}
    for index in legal_indices(rules, game, state):
        after = rules.advance(game, state, rules.action_at(game, state, index))
        ranked[index] = standing(after, seat)
    best = max(ranked.values())
    return rng.choice([i for i, s in ranked.items() if s == best])


def main() -> None:
    rules: Rules = ENTRY.rules()
    _, scenario, _ = load_scenario("examples/scenarios/two-players.yaml")
    assert isinstance(scenario, Scenario)
    game, state, _ = rules.new_game(rules.with_seed(scenario, 3))
    bot, other = rules.seats(game)
    rng = random.Random(1)
    while not over(rules, game, state):
        if rules.actor(game, state) == bot:
            index = choose(rules, game, state, rng)
        else:
            index = rng.choice(legal_indices(rules, game, state))
        state = rules.advance(game, state, rules.action_at(game, state, index))
    print({seat: standing(state, seat)[0] for seat in (bot, other)})


if __name__ == "__main__":
    main()
