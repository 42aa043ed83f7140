"""What a bot knows of a game: the game's own ``rules/<game>/bots.py``, found by the
ruleset's name.

Each game's module gives ``participants(game, state)`` (in seat order), ``values(game,
state)`` (how well each participant stands, higher is better, in the game's own units),
``SCALE`` (how many of those units make a clear difference), ``CAP`` (the round after which
a bot playout stops), ``figures(game, state)`` (what happened in a game, for analytics)
and ``determinize(game, state, who, rng)``: a world ``who`` may believe
in, drawn from what ``view(who)`` shows (the hidden cards, weights and chance to come dealt
afresh), so that no bot ever reads what its seat may not know.

A game may also give the search bot its own view of a position, where the greedy bot's
one-step value is too short-sighted: ``estimates(game, state)`` (the search's leaf
evaluation, in units of which ``ESTIMATE_SCALE`` make a clear difference; by default
``values`` and ``SCALE``), ``step(ruleset, game, state, legal, rng)`` (a faster policy for the
rollouts that weighs as the greedy bot does, its own standing where the greedy bot weighs
its margin; by default the greedy bot's own step), ``plan(ruleset, game, state, legal, rng)``
(how the searching seat itself plays: its default choice, which another candidate must beat,
and its own moves in the rollouts; by default the greedy bot's),
``SEARCH_DEPTH`` (the seat's decisions a rollout plays after the candidate; default 1),
``SEARCH_WORLDS`` (the worlds a search draws at a decision; default 4) and
``SEARCH_CONFIDENCE`` (the standard errors by which a candidate must beat the greedy
choice over those worlds to be played instead; default 0: any gain) and ``SEARCH_DISTINCT``
(whether actions that lead to the same position count as one candidate, so that the width
is spent on different choices; default no: in Paragliders the copies keep the search to
fewer, better candidates, and it plays better with them).
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any

from skyhex.rules.errors import NotSupportedError
from skyhex.rules.game import Ruleset


@dataclass(frozen=True)
class Knowledge:
    """A game's bot hooks (see the module's docstring)."""

    module: Any

    def participants(self, game: Any, state: Any) -> list[str]:
        found: list[str] = self.module.participants(game, state)
        return found

    def values(self, game: Any, state: Any) -> dict[str, float]:
        found: dict[str, float] = self.module.values(game, state)
        return found

    @property
    def scale(self) -> float:
        return float(self.module.SCALE)

    @property
    def cap(self) -> int:
        return int(self.module.CAP)

    def estimates(self, game: Any, state: Any) -> dict[str, float]:
        """The search's leaf evaluation of each participant (``values`` by default)."""
        hook = getattr(self.module, "estimates", None)
        found: dict[str, float] = (hook or self.module.values)(game, state)
        return found

    @property
    def estimate_scale(self) -> float:
        return float(getattr(self.module, "ESTIMATE_SCALE", self.module.SCALE))

    @property
    def plan(self) -> Any:
        """The game's own policy for the searching seat (``None``: the greedy bot's)."""
        return getattr(self.module, "plan", None)

    @property
    def worlds(self) -> int:
        """The worlds a search draws at a decision by default."""
        return int(getattr(self.module, "SEARCH_WORLDS", 4))

    @property
    def confidence(self) -> float:
        """The standard errors a search candidate must gain over the greedy choice."""
        return float(getattr(self.module, "SEARCH_CONFIDENCE", 0.0))

    @property
    def distinct(self) -> bool:
        """Whether a search's candidates must lead to different positions."""
        return bool(getattr(self.module, "SEARCH_DISTINCT", False))

    @property
    def depth(self) -> int:
        """The seat's decisions a search rollout plays after the candidate."""
        return int(getattr(self.module, "SEARCH_DEPTH", 1))

    def figures(self, game: Any, state: Any) -> dict[str, float]:
        """What happened in a finished game (the game's own figures, for analytics)."""
        found: dict[str, float] = self.module.figures(game, state)
        return found

    def determinize(self, game: Any, state: Any, who: str | None, rng: random.Random
                    ) -> tuple[Any, Any]:
        world: tuple[Any, Any] = self.module.determinize(game, state, who, rng)
        return world

    def margins(self, game: Any, state: Any) -> dict[str, float]:
        """Each participant's value less the best other's (its own value when alone)."""
        return _margins(self.values(game, state))

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
    """The bot hooks of ``ruleset``'s game; ``NotSupportedError`` for a game without."""
    try:
        module = importlib.import_module(f"skyhex.rules.{ruleset.name}.bots")
    except ModuleNotFoundError as e:
        raise NotSupportedError(f"bots for {ruleset.name}: the game has no bot hooks "
                                f"(rules/{ruleset.name}/bots.py)") from e
    return Knowledge(module)
