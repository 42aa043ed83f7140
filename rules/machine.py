"""What every game's machine interface shares (``Ruleset.advance``, ``action_space``,
``action_index``, ``action_at``, ``metadata``), written once: legal actions as indices, the
length cap as part of the protocol, and a random playout by indices through ``advance``
only (the loop a learning agent or a tree search runs)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.game import Ruleset


def legal_indices(ruleset: Ruleset[Any, Any, Any], game: Any, state: Any) -> list[int]:
    """The indices of the legal actions, in ``legal_actions`` order."""
    index = ruleset.action_index
    return [index(game, a) for a in ruleset.legal_actions(game, state)]


def truncated(ruleset: Ruleset[Any, Any, Any], game: Any, state: Any) -> bool:
    """Whether the game stops here at its length cap (``Metadata.cap``) before it ended:
    a truncated game is over, scored by its provisional scores."""
    return ruleset.actor(game, state) is not None and \
        ruleset.moment(state)["round"] > ruleset.metadata(game).cap


def over(ruleset: Ruleset[Any, Any, Any], game: Any, state: Any) -> bool:
    """Whether the game ended or was truncated at its cap."""
    return ruleset.actor(game, state) is None or truncated(ruleset, game, state)


def index_error(index: int, space: int, why: str = "") -> IllegalActionError:
    """The error of an index that names no action now (``why``: what it would name)."""
    return IllegalActionError("action.index", f"index {index} names no action of this "
                              f"moment{': ' + why if why else ''} (the action space is "
                              f"0-{space - 1})")


@dataclass(frozen=True)
class IndexPlayout:
    """A random game played by indices: the indices chosen, the final state, its number of
    decisions and whether it was truncated."""

    indices: tuple[int, ...]
    game: Any
    state: Any
    truncated: bool


def random_by_index(ruleset: Ruleset[Any, Any, Any], scenario: Any, seed: int
                    ) -> IndexPlayout:
    """One game of ``scenario`` with every decision a uniform pick among the legal indices,
    each turned back into its action by ``action_at`` and played by ``advance``."""
    rng = random.Random(seed)
    game, state, _ = ruleset.new_game(scenario)
    cap = ruleset.metadata(game).cap
    chosen: list[int] = []
    actor, moment, advance, at = ruleset.actor, ruleset.moment, ruleset.advance, \
        ruleset.action_at
    while actor(game, state) is not None:
        if moment(state)["round"] > cap:
            return IndexPlayout(tuple(chosen), game, state, True)
        indices = legal_indices(ruleset, game, state)
        k = indices[rng.randrange(len(indices))]
        chosen.append(k)
        state = advance(game, state, at(game, state, k))
    return IndexPlayout(tuple(chosen), game, state, False)


__all__ = ["IndexPlayout", "index_error", "legal_indices", "over", "random_by_index",
           "truncated"]
