"""The greedy bot: the action after which its margin over the best other participant is
largest, looking one decision ahead in one world its seat may believe in (so that an action
that draws, such as the last pilot's ending a round, is valued on chance it cannot know)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from skyhex.rules.bots.knowledge import knowledge
from skyhex.rules.game import Ruleset


def greedy(ruleset: Ruleset[Any, Any, Any], game: Any, state: Any, legal: Sequence[Any],
           rng: random.Random) -> Any:
    """The action of ``legal`` with the best one-step margin, ties broken at random."""
    if len(legal) == 1:
        return legal[0]
    know = knowledge(ruleset)
    who = ruleset.actor(game, state)
    assert who is not None
    world, seen = know.determinize(game, state, who, rng)

    def worth(action: Any) -> float:
        after = ruleset.advance(world, seen, action)
        return know.margins(world, after)[who]

    best = max(range(len(legal)), key=lambda k: (worth(legal[k]), rng.random()))
    return legal[best]
