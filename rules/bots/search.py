"""The search bot: greedy rollouts from the best few actions, over worlds its seat may
believe in (a rollout algorithm: one step of policy improvement over the greedy bot, or over
its game's own ``plan`` where the game gives one).

At a decision the search first values every legal action one step ahead, as the greedy bot
does, in one world drawn from what the seat sees (``Knowledge.determinize``), and keeps the
``width`` best as candidates, the greedy bot's choice first (where the game has a ``plan``,
the plan's choice first, then the greedy bot's best); in a game that asks for it
(``Knowledge.distinct``), actions that lead to the same position (two paths to the same
tile) are one candidate, so that the width is spent on different choices. Then each
iteration draws a world (hidden cards and weights dealt afresh, the chance to come from a
fresh seed) and, for every candidate in that same world, plays it and lets every
participant play on greedily (the seat by its game's plan, if any: ``rollout.py``) until
the seat has made ``depth`` more decisions (or the game ends); the position reached is
scored for the seat
(``Knowledge.rewards``: its margin over the best other by the game's leaf evaluation, and
its final place once the game is over). Every candidate meets the same worlds and the same
tie-breaks (common random numbers), so that the comparison between them is not drowned by
the luck of the draws. The move is the first candidate unless another candidate does
better over those worlds (``choose``): by any margin, or, in a game whose rollouts are
noisy, by a clear one.

One iteration is one world (``width`` rollouts); ``search:N`` plays ``N`` of them. Seeded
and reproducible under an iteration budget; a time budget (``seconds``) stops after the
first world once the time is up, and then the same seed may choose differently.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from skyhex.rules.bots.knowledge import knowledge
from skyhex.rules.bots.rollout import rollout
from skyhex.rules.game import Ruleset


@dataclass(frozen=True)
class Search:
    """A search bot's budget: ``iterations`` worlds (always; by default the game's own),
    ``seconds`` (a wall-clock limit as well, when given), ``width`` candidates rolled out
    (the best by their first, one-step estimate) among those within ``close`` of the best
    (in units of the game's ``SCALE``: an action clearly worse one step ahead is not looked
    at again, and a clear best is played at once), and ``depth``: the seat's own decisions
    each rollout plays after the candidate (the others play theirs in between)."""

    iterations: int | None = None
    """``None``: the game's own (``Knowledge.worlds``)."""
    seconds: float | None = None
    width: int = 3
    depth: int | None = None
    """``None``: the game's own (``Knowledge.depth``)."""
    close: float = 1.0
    confidence: float | None = None
    """How many standard errors a candidate must gain over the greedy bot's choice to be
    played instead (``choose``); ``None``: the game's own (``Knowledge.confidence``)."""

    def __call__(self, ruleset: Ruleset[Any, Any, Any], game: Any, state: Any,
                 legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        know = knowledge(ruleset)
        who = ruleset.actor(game, state)
        assert who is not None
        world, seen = know.determinize(game, state, who, rng)
        listed = know.listed(world, seen, legal)  # the world's own, which its fast paths know
        first = []
        outcomes = []
        valued: dict[int, float] = {}  # a state several actions lead to, valued once
        for k, action in enumerate(listed):
            after = ruleset.advance(world, seen, action)
            outcomes.append(after)
            worth = valued.get(id(after))
            if worth is None:
                worth = valued[id(after)] = know.reward(world, after, who)
            first.append((-worth, rng.random(), k))
        first.sort()
        top = first[0][0]
        if know.plan is not None:  # the game's own way of playing is the default choice
            chosen = know.plan(ruleset, world, seen, listed, rng)
            at = next(n for n, (_, _, k) in enumerate(first) if legal[k] == chosen)
            first.insert(0, first.pop(at))
        candidates: list[Any] = []
        reached: list[Any] = []
        for n, (worth, _, k) in enumerate(first):
            if len(candidates) == self.width or (n and worth > top + self.close):
                break
            if not know.distinct or all(outcomes[k] != other for other in reached):
                reached.append(outcomes[k])
                candidates.append(legal[k])
        if len(candidates) == 1:
            return candidates[0]
        depth = know.depth if self.depth is None else self.depth
        rewards: list[list[float]] = [[] for _ in candidates]
        stop = None if self.seconds is None else time.perf_counter() + self.seconds
        for n in range(know.worlds if self.iterations is None else self.iterations):
            if n and stop is not None and time.perf_counter() > stop:
                break
            world, seen = know.determinize(game, state, who, rng)
            ties = rng.randrange(2**32)
            for i, action in enumerate(candidates):
                after = ruleset.advance(world, seen, action)
                end = rollout(ruleset, know, world, after, who, depth,
                              random.Random(ties))
                rewards[i].append(know.rewards(ruleset, world, end)[who])
        confidence = know.confidence if self.confidence is None else self.confidence
        return candidates[choose(rewards, confidence)]


def choose(rewards: Sequence[Sequence[float]], confidence: float) -> int:
    """The candidate to play, given each one's rewards over the same worlds: the first (the
    greedy bot's choice, or the game's plan's) unless another's mean beats it by more than
    ``confidence`` standard errors of their paired differences (then the best such one).
    Rollout rewards are noisy (a game won or lost within the horizon is worth far more than
    any margin), and picking the best of a few noisy means would often pick noise over the
    first choice."""
    n = len(rewards[0])
    means = [sum(r) / n for r in rewards]
    best, top = 0, means[0]
    for i in range(1, len(rewards)):
        diffs = [b - a for a, b in zip(rewards[0], rewards[i], strict=True)]
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
        if mean > confidence * spread and means[i] > top:
            best, top = i, means[i]
    return best
