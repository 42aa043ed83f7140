"""Bots: playout policies (``rules.playout.Policy``) for every registered game, chosen by
name.

- ``random``: any legal action, each as likely;
- ``sensible``: random but sensible, any legal action that is no blunder (the game's own
  ``sensible`` filter: ``rules.playout.sensible``), each as likely;
- ``greedy``: the best one-step margin over the best other participant (``greedy.py``);
- ``search``: greedy rollouts from the best few actions, over worlds drawn from what the
  seat sees (``search.py``), under an iteration budget (and optionally a time budget).

A bot sees what its seat may see: what is hidden from it (another player's hand, a parcel's
weight, the chance to come) is dealt afresh in the worlds it reasons in (``knowledge.py``,
the game's own ``rules/<game>/bots.py``). A bot is seeded by the ``random.Random`` it is
given: the same seed, the same choice (under an iteration budget).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skyhex.rules.bots.greedy import greedy
from skyhex.rules.bots.knowledge import Knowledge, knowledge
from skyhex.rules.bots.search import Search
from skyhex.rules.errors import SkyhexError
from skyhex.rules.game import Ruleset
from skyhex.rules.playout import Policy, sensible, uniform

BOTS = ("random", "sensible", "greedy", "search")
"""The built-in bots, weakest first."""
MAX_ITERATIONS = 10_000
"""The largest search budget (``search:N``): beyond, a move would take hours."""

__all__ = ["BOTS", "Game", "Knowledge", "Search", "UnknownBotError", "bot", "greedy",
           "knowledge", "play", "sensible", "uniform"]


class UnknownBotError(SkyhexError):
    """A bot name that is not built in."""


def bot(name: str, *, iterations: int | None = None, seconds: float | None = None
        ) -> Policy:
    """The bot called ``name`` (``search`` with its budget: ``iterations``, default
    the game's own, ``Knowledge.worlds``, and ``seconds``); ``search:100`` is ``search`` with 100
    iterations."""
    base, _, budget = name.partition(":")
    if base == "search":
        try:
            count = int(budget) if budget else iterations
        except ValueError:
            raise UnknownBotError(f"bot {name[:40]!r}: the search budget is a number of "
                                  "iterations (search:100)") from None
        if count is not None and not 1 <= count <= MAX_ITERATIONS:
            raise UnknownBotError(f"bot {name[:40]!r}: the search budget is 1 to "
                                  f"{MAX_ITERATIONS} iterations")
        return Search(iterations=count, seconds=seconds)
    if budget:
        raise UnknownBotError(f"bot {name[:40]!r}: only search takes a budget")
    if base == "random":
        return uniform
    if base == "sensible":
        return sensible
    if base == "greedy":
        return greedy
    raise UnknownBotError(f"no bot called {name[:40]!r} (bots: {', '.join(BOTS)}, "
                          "search:N)")


@dataclass(frozen=True)
class Game:
    """A finished bot game: the actions, the final state, whether it stopped at its cap,
    and its participants in seat order with the bot name each played."""

    actions: tuple[Any, ...]
    game: Any
    state: Any
    capped: bool
    seats: tuple[tuple[str, str], ...]


def play(ruleset: Ruleset[Any, Any, Any], scenario: Any, seed: int,
         bots: Sequence[str] | Mapping[str, str], cap: int | None = None) -> Game:
    """One game of ``scenario`` with a bot in each seat: ``bots`` in seat order (repeated
    when shorter) or by participant. Each seat draws from its own generator (seeded by
    ``seed`` and the seat), so that one bot's thinking never changes another's. ``cap``:
    the round after which the game stops (default: the game's bot cap)."""
    know = knowledge(ruleset)
    game, state, _ = ruleset.new_game(scenario)
    names = know.participants(game, state)
    if isinstance(bots, Mapping):
        chosen = {who: bots.get(who, "random") for who in names}
    else:
        chosen = {who: bots[i % len(bots)] for i, who in enumerate(names)}
    policies = {who: bot(b) for who, b in chosen.items()}
    rngs = {who: random.Random(f"skyhex-bot:{seed}:{i}") for i, who in enumerate(names)}
    limit = know.cap(game) if cap is None else cap
    actions: list[Any] = []
    capped = False
    while (who := ruleset.actor(game, state)) is not None:
        if ruleset.moment(state)["round"] > limit:
            capped = True
            break
        legal = ruleset.legal_actions(game, state)
        action = policies[who](ruleset, game, state, legal, rngs[who])
        state = ruleset.advance(game, state, action)
        actions.append(action)
    return Game(tuple(actions), game, state, capped, tuple(chosen.items()))
