"""What a bot knows of a game: its bot hooks (``rules/entry.py``'s ``BotHooks``, which the
game's entry names) and its ruleset's machine interface (``seats``, ``sample_world``,
``metadata``), so that no bot ever reads what its seat may not know: a world a seat reasons
in comes from ``sample_world``, which deals afresh what ``view(who)`` does not show (the
hidden cards, weights and chance to come).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from skyhex.rules.entry import BotHooks
from skyhex.rules.errors import NotSupportedError
from skyhex.rules.game import Ruleset

Step = Callable[[Ruleset[Any, Any, Any], Any, Any, Sequence[Any], random.Random], Any]


@dataclass(frozen=True)
class Knowledge:
    """A game's bot hooks beside its ruleset, with their defaults filled in."""

    ruleset: Ruleset[Any, Any, Any]
    hooks: BotHooks

    def participants(self, game: Any, state: Any) -> list[str]:
        return list(self.ruleset.seats(game))

    def values(self, game: Any, state: Any) -> dict[str, float]:
        return self.hooks.values(game, state)

    @property
    def scale(self) -> float:
        return float(self.hooks.scale)

    def cap(self, game: Any) -> int:
        """The round after which a bot game stops (the game's length cap)."""
        return self.ruleset.metadata(game).cap

    def estimates(self, game: Any, state: Any) -> dict[str, float]:
        """The search's leaf evaluation of each participant (``values`` by default)."""
        return (self.hooks.estimates or self.hooks.values)(game, state)

    @property
    def estimate_scale(self) -> float:
        found = self.hooks.estimate_scale
        return float(self.hooks.scale if found is None else found)

    @property
    def step(self) -> Step | None:
        """The game's fast greedy step for rollouts (``None``: the greedy bot's)."""
        return self.hooks.step

    @property
    def plan(self) -> Step | None:
        """The game's own policy for the searching seat (``None``: the greedy bot's)."""
        return self.hooks.plan

    @property
    def worlds(self) -> int:
        """The worlds a search draws at a decision by default."""
        return self.hooks.search_worlds

    @property
    def confidence(self) -> float:
        """The standard errors a search candidate must gain over the greedy choice."""
        return self.hooks.search_confidence

    @property
    def distinct(self) -> bool:
        """Whether a search's candidates must lead to different positions."""
        return self.hooks.search_distinct

    @property
    def depth(self) -> int:
        """The seat's decisions a search rollout plays after the candidate."""
        return self.hooks.search_depth

    def figures(self, game: Any, state: Any) -> dict[str, float]:
        """What happened in a finished game (the game's own figures, for analytics)."""
        return self.hooks.figures(game, state)

    def determinize(self, game: Any, state: Any, who: str | None, rng: random.Random
                    ) -> tuple[Any, Any]:
        """A world ``who`` may believe in (the ruleset's ``sample_world``)."""
        return self.ruleset.sample_world(game, state, who, rng)

    def margins(self, game: Any, state: Any) -> dict[str, float]:
        """Each participant's value less the best other's (its own value when alone)."""
        return _margins(self.values(game, state))

    def margin(self, game: Any, state: Any, who: str,
               rivals: Sequence[str] | None = None) -> float:
        """``margins(game, state)[who]``, the same float, from the game's one-participant
        ``value`` where it gives one: the seat's value less its best rival's (``rivals``:
        the other seats, when the caller has them)."""
        one = self.hooks.value
        if one is None:
            return self.margins(game, state)[who]
        if rivals is None:
            rivals = [s for s in self.ruleset.seats(game) if s != who]
        mine = one(game, state, who)
        return mine - max([one(game, state, s) for s in rivals]) if rivals else mine

    def listed(self, game: Any, state: Any, legal: Sequence[Any]) -> Sequence[Any]:
        """``legal`` as the world ``game`` lists them (the game's ``listed``: the world's own
        objects, which its fast paths know), else ``legal``."""
        relist = self.hooks.listed
        return legal if relist is None else relist(game, state, legal)

    def worths(self, game: Any, state: Any, legal: Sequence[Any], who: str) -> list[float]:
        """The greedy bot's weighing: ``who``'s ``margin`` after each of ``legal`` from
        ``state``, in order (a state that several actions lead to, the very same object,
        valued once)."""
        advance = self.ruleset.advance
        afters = [advance(game, state, a) for a in self.listed(game, state, legal)]
        valued: dict[int, float] = {}  # by id: ``afters`` keeps the states alive
        out: list[float] = []
        rivals = [s for s in self.ruleset.seats(game) if s != who]
        for after in afters:
            got = valued.get(id(after))
            if got is None:
                got = valued[id(after)] = self.margin(game, after, who, rivals)
            out.append(got)
        return out

    def reward(self, game: Any, state: Any, who: str) -> float:
        """``rewards(ruleset, game, state, leaf=False)[who]``, the same float."""
        found = self.margin(game, state, who) / self.scale
        if self.ruleset.actor(game, state) is None:
            rows = self.ruleset.scores(game, state)
            if len(rows) > 1:
                worst = max(r["rank"] for r in rows)
                for r in rows:
                    if r["player"] == who:
                        place = 1.0 if worst == 1 else (worst - r["rank"]) / (worst - 1)
                        found += FINAL * place
        return found

    def rewards(self, ruleset: Ruleset[Any, Any, Any], game: Any, state: Any,
                leaf: bool = True) -> dict[str, float]:
        """What a position is worth to each participant, for the search: its margin over
        the best other by ``estimates``, in units of ``estimate_scale``, and once the game
        is over its final place on top (``FINAL`` for the winner down to 0 for the last),
        so that a won game outweighs any margin. Margins are not squashed into [0, 1]: far
        ahead or far behind, the search must still tell a better move from a worse one.
        ``leaf=False``: the margins by the greedy bot's ``values`` (in units of ``SCALE``)."""
        if leaf:
            scale, found = self.estimate_scale, self.estimates(game, state)
        else:
            scale, found = self.scale, self.values(game, state)
        out = {who: m / scale for who, m in _margins(found).items()}
        if ruleset.actor(game, state) is None:
            rows = ruleset.scores(game, state)
            if len(rows) > 1:
                worst = max(r["rank"] for r in rows)
                for r in rows:
                    place = 1.0 if worst == 1 else (worst - r["rank"]) / (worst - 1)
                    out[r["player"]] = out.get(r["player"], 0.0) + FINAL * place
        return out


def _margins(v: dict[str, float]) -> dict[str, float]:
    """Each participant's figure less the best other's (its own when alone)."""
    if len(v) < 2:
        return dict(v)
    ordered = sorted(v.values(), reverse=True)
    first, second = ordered[0], ordered[1]
    return {who: mine - (second if mine == first else first) for who, mine in v.items()}


FINAL = 1000.0
"""The worth of winning a game over losing it, in units of ``SCALE`` (outweighs margins)."""


def knowledge(ruleset: Ruleset[Any, Any, Any]) -> Knowledge:
    """The bot knowledge of ``ruleset``'s game (its entry's bot hooks);
    ``NotSupportedError`` for a game without."""
    from skyhex.rules.games import entry

    hooks = entry(ruleset.name).bots
    if hooks is None:
        raise NotSupportedError(f"bots for {ruleset.name}: the game declares no bot hooks "
                                "(its GameEntry's bots)")
    found = hooks.load()
    if not isinstance(found, BotHooks):
        raise NotSupportedError(f"bots for {ruleset.name}: {hooks.target!r} is not a "
                                "BotHooks")
    return Knowledge(ruleset, found)
