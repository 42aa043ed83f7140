"""The one playout driver: a game played from its start by a policy, seeded.

A policy chooses one of the legal actions; it gets a ``random.Random`` of its own so that a
seed gives the same game. Games add policies that need their knowledge in their own
packages. Playouts feed property tests, golden logs, benchmarks and analytics. Two random
policies are shared by every game:

- ``uniform``: any legal action, each as likely (bot name ``random``);
- ``sensible``: random but sensible (bot name ``sensible``), any legal action that is no
  blunder, each as likely, when there is one. What a blunder is belongs to each game (the
  ``sensible`` filter of its bot hooks, ``rules/entry.py``): what a player of the game would
  never do, such as throwing away what it must bring home, or passing by a goal it could
  reach. The filter reads the actions and the table as the actor sees it, never the chance
  to come, so that the policy stays a random player's, only one that makes progress: in a
  race a uniform player seldom finishes, a sensible one does. A game without the filter
  plays ``uniform``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from skyhex.rules.game import Ruleset
from skyhex.rules.speed import last_answer

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


def sensible(ruleset: Ruleset[Any, Any, Any], game: Any, state: Any, legal: Sequence[Any],
             rng: random.Random) -> Any:
    """Any legal action that is no blunder (the game's ``sensible`` filter), each as likely;
    any legal action when every one is a blunder or the game has no filter."""
    keep = _filter(ruleset)
    if keep is not None and len(legal) > 1:
        legal = keep(game, state, legal) or legal
    return legal[rng.randrange(len(legal))]


Filter = Callable[[Any, Any, Sequence[Any]], Sequence[Any]]


@last_answer
def _filter(ruleset: Ruleset[Any, Any, Any]) -> Filter | None:
    """The ``sensible`` filter of the game's bot hooks, if it declares one (the last asked
    is remembered: a playout asks it of one ruleset at every decision)."""
    from skyhex.rules.games import entry  # the registry, loaded when first needed

    hooks = entry(ruleset.name).bots
    return None if hooks is None else hooks.load().sensible


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
