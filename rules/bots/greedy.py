"""The greedy bot: the action after which its margin over the best other participant is
largest, looking one decision ahead in one world its seat may believe in (so that an action
that draws, such as the last pilot's ending a round, is valued on chance it cannot know).
The world is drawn once a decision; the game's bot hooks may weigh every action of it in
bulk (``Knowledge.worths``: its listing's fast paths, the standing of what an action left
unchanged remembered)."""

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
    worths = know.worths(world, seen, legal, who)
    best = max(range(len(legal)), key=lambda k: (worths[k], rng.random()))
    return legal[best]
