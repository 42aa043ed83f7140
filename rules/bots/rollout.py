"""Greedy rollouts for the search bot: every participant plays on as the greedy bot would,
in a world already drawn (so nothing more is hidden from anyone in it), for a few of one
participant's decisions. A game may give a faster step that chooses as the greedy bot does
(its bot hooks' ``step``), and the searching participant's own way of playing (``plan``)."""

from __future__ import annotations

import random
from typing import Any

from skyhex.rules.bots.knowledge import Knowledge
from skyhex.rules.game import Ruleset


def greedy_step(ruleset: Ruleset[Any, Any, Any], know: Knowledge, world: Any, state: Any,
                actor: str, rng: random.Random) -> Any:
    """The action the greedy bot would play in ``world``: the best one-step margin for
    ``actor``, ties broken by ``rng``."""
    legal = ruleset.legal_actions(world, state)
    if len(legal) == 1:
        return legal[0]
    best: Any = None
    key = (float("-inf"), 0.0)
    for action, worth in zip(legal, know.worths(world, state, legal, actor), strict=True):
        k = (worth, rng.random())
        if k > key:
            best, key = action, k
    return best


def rollout(ruleset: Ruleset[Any, Any, Any], know: Knowledge, world: Any, state: Any,
            who: str, depth: int, rng: random.Random) -> Any:
    """The state after every participant played greedily (``who`` by its game's ``plan``,
    where it gives one) until ``who`` has made ``depth`` decisions (or the game ended, or its
    bot cap came)."""
    made = 0
    cap = know.cap(world)
    fast = know.step
    plan = know.plan
    while (actor := ruleset.actor(world, state)) is not None:
        if actor == who:
            if made == depth:
                break
            made += 1
        if ruleset.moment(state)["round"] > cap:
            break
        if plan is not None and actor == who:
            action = plan(ruleset, world, state, ruleset.legal_actions(world, state), rng)
        elif fast is None:
            action = greedy_step(ruleset, know, world, state, actor, rng)
        else:
            action = fast(ruleset, world, state, ruleset.legal_actions(world, state), rng)
        state = ruleset.advance(world, state, action)
    return state
