"""The search bot: greedy rollouts from the best few actions, over worlds its seat may
believe in (a rollout algorithm: one step of policy improvement over the greedy bot).

At a decision the search first values every legal action one step ahead, as the greedy bot
does, in one world drawn from what the seat sees (``Knowledge.determinize``), and keeps the
``width`` best as candidates: the first estimate is good at telling the hopeless actions
from the promising ones, less so at ranking the promising ones. Then each iteration draws a
world (hidden cards and weights dealt afresh, the chance to come from a fresh seed) and,
for every candidate in that same world, plays it and lets every participant play on
greedily (``rollout.py``) until the seat has made ``depth`` more decisions (or the game
ends); the position reached is scored for the seat (``Knowledge.rewards``: its margin over
the best other, and its final place once the game is over). Every candidate meets the same
worlds and the same tie-breaks (common random numbers), so that the comparison between them
is not drowned by the luck of the draws. The move is the candidate with the best mean.

One iteration is one world (``width`` rollouts); ``search:N`` plays ``N`` of them. Seeded
and reproducible under an iteration budget; a time budget (``seconds``) stops after the
first world once the time is up, and then the same seed may choose differently.
"""

from __future__ import annotations

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
    """A search bot's budget: ``iterations`` worlds (always), ``seconds`` (a wall-clock
    limit as well, when given), ``width`` candidates rolled out (the best by their first,
    one-step estimate) among those within ``close`` of the best (in units of the game's
    ``SCALE``: an action clearly worse one step ahead is not looked at again, and a clear
    best is played at once), and ``depth``: the seat's own decisions each rollout plays
    after the candidate (the others play theirs in between)."""

    iterations: int = 4
    seconds: float | None = None
    width: int = 3
    depth: int = 1
    close: float = 1.0

    def __call__(self, ruleset: Ruleset[Any, Any, Any], game: Any, state: Any,
                 legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        know = knowledge(ruleset)
        who = ruleset.actor(game, state)
        assert who is not None
        world, seen = know.determinize(game, state, who, rng)
        first = []
        for k, action in enumerate(legal):
            after, _ = ruleset.apply(world, seen, action)
            first.append((-know.rewards(ruleset, world, after)[who], rng.random(), k))
        first.sort()
        candidates = [legal[k] for worth, _, k in first[:self.width]
                      if worth <= first[0][0] + self.close]
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        stop = None if self.seconds is None else time.perf_counter() + self.seconds
        for n in range(self.iterations):
            if n and stop is not None and time.perf_counter() > stop:
                break
            world, seen = know.determinize(game, state, who, rng)
            ties = rng.randrange(2**32)
            for i, action in enumerate(candidates):
                after, _ = ruleset.apply(world, seen, action)
                end = rollout(ruleset, know, world, after, who, self.depth,
                              random.Random(ties))
                totals[i] += know.rewards(ruleset, world, end)[who]
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]
