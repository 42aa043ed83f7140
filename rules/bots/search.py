"""The search bot: a best-first max^n tree search over worlds its seat may believe in.

The search draws a world from what the seat sees (``Knowledge.determinize``: hidden cards
and weights dealt afresh, the chance to come drawn from a fresh seed; ``WORLDS``), and
each iteration walks down the tree, at each node to the child whose estimate is best for the
participant to act there (with a UCB1 bonus for the less visited, among the actions legal
in that world: the chance and the others' hidden hands differ from world to world, so the
tree is open loop), and expands the node it reaches: every legal action is applied and the
position it leads to scored for every participant (``Knowledge.rewards``: the final ranks,
and each one's margin over the best other). The estimates are backed up
max^n: a node is worth what its best child is worth to the participant who chooses there,
so opponents are searched as playing for themselves. One iteration is the greedy bot; more
look further along the best lines (the opponents' replies, the seat's next decisions). The
move is the root's best estimate.

Seeded and reproducible under an iteration budget; a time budget (``seconds``) stops
earlier on a slow machine, and then the same seed may choose differently.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from skyhex.rules.bots.knowledge import knowledge
from skyhex.rules.game import Ruleset

EXPLORATION = 0.05
"""The UCB1 bonus, in units of the game's ``SCALE``: small, for a best-first search."""
WORLDS = 1
"""Worlds drawn per decision, the iterations cycling through them. One, as a player
imagines one future: the tree keeps one estimate per node, and with several worlds a line
that was lucky in one of them looks best (max^n over single samples)."""


@dataclass(eq=False)
class Node:
    """One action's node: ``mover`` chose it; ``estimate`` is what the position is worth
    to every participant (backed up max^n); ``actor`` chooses among ``children``."""

    mover: str | None = None
    estimate: dict[str, float] = field(default_factory=dict)
    visits: int = 0
    actor: str | None = None
    children: dict[Any, Node] = field(default_factory=dict)

    def back_up(self) -> None:
        """Worth what the best child is worth to the participant choosing here."""
        if self.children and self.actor is not None:
            who = self.actor
            best = max(self.children.values(), key=lambda c: c.estimate.get(who, 0.0))
            self.estimate = best.estimate


@dataclass(frozen=True)
class Search:
    """A search bot's budget: ``iterations`` (always), ``seconds`` (a wall-clock limit as
    well, when given), ``depth`` actions at most down the tree, and ``width``: the root's
    candidates (the best by their first estimate), searched in turn so that each is looked
    at as deeply as the others (a line searched deeper meets the others' replies, and
    would look worse than a line not searched yet)."""

    iterations: int = 32
    seconds: float | None = None
    depth: int = 16
    width: int = 4

    def __call__(self, ruleset: Ruleset[Any, Any, Any], game: Any, state: Any,
                 legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        know = knowledge(ruleset)
        who = ruleset.actor(game, state)
        assert who is not None
        worlds = [know.determinize(game, state, who, rng)
                  for _ in range(min(WORLDS, self.iterations))]
        root = Node(actor=who)
        world, s = worlds[0]
        self._expand(ruleset, know, world, s, root, list(legal))
        index = {a: i for i, a in enumerate(legal)}
        candidates = sorted(legal, key=lambda a: (-root.children[a].estimate.get(who, 0.0),
                                                  rng.random()))[:self.width]
        stop = None if self.seconds is None else time.perf_counter() + self.seconds
        for k in range(1, self.iterations):
            if stop is not None and time.perf_counter() > stop:
                break
            world, s = worlds[k % len(worlds)]
            action = candidates[k % len(candidates)]
            after, _ = ruleset.apply(world, s, action)
            self._iterate(ruleset, know, world, after, root.children[action], rng)
        best = max(candidates, key=lambda a: (root.children[a].estimate.get(who, 0.0),
                                              -index[a]))
        return best

    @staticmethod
    def _expand(ruleset: Ruleset[Any, Any, Any], know: Any, world: Any, state: Any,
                node: Node, actions: list[Any]) -> None:
        """Every new action of ``actions`` as a child, valued by where it leads."""
        for a in actions:
            if a not in node.children:
                after, _ = ruleset.apply(world, state, a)
                node.children[a] = Node(mover=node.actor,
                                        estimate=know.rewards(ruleset, world, after))
        node.back_up()

    def _iterate(self, ruleset: Ruleset[Any, Any, Any], know: Any, world: Any, state: Any,
                 top: Node, rng: random.Random) -> None:
        node, path = top, [top]
        for _ in range(self.depth):
            actor = ruleset.actor(world, state)
            node.visits += 1
            if actor is None:
                break
            node.actor = actor
            actions = ruleset.legal_actions(world, state)
            if any(a not in node.children for a in actions):
                self._expand(ruleset, know, world, state, node, actions)
                break
            bonus = EXPLORATION * math.sqrt(math.log(node.visits))
            action = max(actions, key=lambda a: (
                node.children[a].estimate.get(actor, 0.0)
                + bonus / math.sqrt(node.children[a].visits + 1), rng.random()))
            state, _ = ruleset.apply(world, state, action)
            node = node.children[action]
            path.append(node)
        for n in reversed(path):
            n.back_up()
