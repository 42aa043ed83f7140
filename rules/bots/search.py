"""The search bot: Monte Carlo tree search over worlds its seat may believe in.

Each iteration draws a world from what the seat sees (``Knowledge.determinize``: hidden
cards and weights dealt afresh, the chance to come drawn from a fresh seed), walks the tree
by UCB1 among the actions legal in that world (information-set MCTS: a child's chances are
counted by the times it was available), adds one node, plays ``rollout`` random actions and
scores the position for every participant (``Knowledge.rewards``: the final ranks, or each
one's margin over the best other, squashed to [0, 1]). Each node keeps the reward of the
participant who chose it (max^n), so opponents are searched as playing for themselves, and
chance nodes are sampled, not enumerated (open loop). The move is the root's most visited
action.

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

EXPLORATION = 0.7
"""The UCB1 exploration constant (rewards are in [0, 1])."""
WORLDS = 16
"""Worlds drawn per decision; the iterations cycle through them (drawing a world costs a
copy of the game's constants, and the engines cache their tables per game)."""


@dataclass(eq=False)
class Node:
    """One action's node: ``mover`` chose it; ``reward`` sums that mover's rewards."""

    mover: str | None = None
    visits: int = 0
    reward: float = 0.0
    available: int = 0
    children: dict[Any, Node] = field(default_factory=dict)


@dataclass(frozen=True)
class Search:
    """A search bot's budget: ``iterations`` (always), ``seconds`` (a wall-clock limit as
    well, when given), ``rollout`` random actions after the tree, ``depth`` actions at most
    in the tree."""

    iterations: int = 200
    seconds: float | None = None
    rollout: int = 0
    depth: int = 12

    def __call__(self, ruleset: Ruleset[Any, Any, Any], game: Any, state: Any,
                 legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        know = knowledge(ruleset)
        who = ruleset.actor(game, state)
        worlds = [know.determinize(game, state, who, rng)
                  for _ in range(min(WORLDS, self.iterations))]
        root = Node()
        stop = None if self.seconds is None else time.perf_counter() + self.seconds
        for k in range(self.iterations):
            if stop is not None and k and time.perf_counter() > stop:
                break
            world, s = worlds[k % len(worlds)]
            self._iterate(ruleset, know, world, s, root, rng)
        index = {a: i for i, a in enumerate(legal)}
        best = max((a for a in root.children if a in index),
                   key=lambda a: (root.children[a].visits, root.children[a].reward, -index[a]))
        return legal[index[best]]

    def _iterate(self, ruleset: Ruleset[Any, Any, Any], know: Any, world: Any, state: Any,
                 root: Node, rng: random.Random) -> None:
        node, path = root, [root]
        for _ in range(self.depth):
            actor = ruleset.actor(world, state)
            if actor is None:
                break
            actions = ruleset.legal_actions(world, state)
            untried = [a for a in actions if a not in node.children]
            for a in actions:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = node.children[action] = Node(mover=actor, available=1)
                state, _ = ruleset.apply(world, state, action)
                path.append(child)
                break
            action = max(actions, key=lambda a: _ucb(node.children[a]))
            state, _ = ruleset.apply(world, state, action)
            node = node.children[action]
            path.append(node)
        for _ in range(self.rollout):
            if ruleset.actor(world, state) is None:
                break
            actions = ruleset.legal_actions(world, state)
            state, _ = ruleset.apply(world, state, actions[rng.randrange(len(actions))])
        rewards = know.rewards(ruleset, world, state)
        for n in path[1:]:
            n.visits += 1
            n.reward += rewards.get(n.mover, 0.0) if n.mover is not None else 0.0


def _ucb(node: Node) -> float:
    if node.visits == 0:
        return math.inf
    return node.reward / node.visits + EXPLORATION * math.sqrt(
        math.log(max(node.available, 1)) / node.visits)
