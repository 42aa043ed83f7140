"""What a game plugin declares: one ``GameEntry``, the object its distribution's entry point
in the group ``skyhex.games`` names (``NAME = "package.module:ENTRY"``).

The entry holds everything the core needs of a game, typed: its ruleset, its bot hooks and
its face (the tools' side of the game, in the ``skyhex.games`` layer, which the rules layer
never imports: ``games.face.face`` loads it), each by reference so that listing the games
imports none of them; the packages of its schema files and of its component sets; and its
place in the list of games. Found once, by name, through ``rules/games.py``; no module-name
conventions and no ``getattr`` defaults.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from skyhex.rules.places import PlaceKind

if TYPE_CHECKING:
    import random

    from skyhex.rules.game import Ruleset

T = TypeVar("T")
GameT = TypeVar("GameT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")


@dataclass(frozen=True)
class Ref(Generic[T]):
    """A ``"module:attribute"`` reference, imported when first loaded (so that naming a
    game's face or bot hooks costs nothing until they are used)."""

    target: str

    def load(self) -> T:
        module, _, attribute = self.target.partition(":")
        found: T = getattr(importlib.import_module(module), attribute)
        return found


Values = Callable[[Any, Any], dict[str, float]]
"""``(game, state) -> {participant: figure}``."""


@dataclass(frozen=True)
class BotHooks:
    """What the built-in bots (``rules/bots``) know of a game, declared once per game
    (``rules/<game>/bots.py``). Worlds a seat may believe in come from the ruleset's
    ``sample_world``; the participants from its ``seats``.

    - ``values(game, state)``: how well each participant stands, higher is better, in the
      game's own units, of which ``scale`` make a clear difference;
    - ``value(game, state, who)``: ``values(game, state)[who]`` alone, the very same
      float, for the greedy bot, which weighs its seat and every rival after each action:
      a game may remember the standing of what an action left unchanged (default: from
      ``values``);
    - ``listed(game, state, legal)``: ``legal`` (listed on the real table) as the world
      ``game`` a bot drew lists them: equal actions in the same order, the world's own
      objects, which its listing's fast paths know (default: ``legal`` itself);
    - ``figures(game, state)``: what happened in a finished game, for analytics;
    - ``estimates``: the search's leaf evaluation (default ``values``), in units of which
      ``estimate_scale`` make a clear difference (default ``scale``);
    - ``step(ruleset, game, state, legal, rng)``: a faster policy for the rollouts that weighs
      as the greedy bot does (default: the greedy bot's own step);
    - ``plan(ruleset, game, state, legal, rng)``: how the searching seat itself plays (its
      default choice, which another candidate must beat; default: the greedy bot's);
    - ``sensible(game, state, legal)``: the actions of ``legal`` that are no blunder (what a
      player of the game would never do, as the game's ``bots.py`` says), in their order
      (empty when every one is); cheap, and reading no chance nor anything hidden from the
      actor. The ``sensible`` policy (``rules/playout.py``) plays uniform among them; a game
      without it plays uniform;
    - ``search_depth``: the seat's decisions a rollout plays after the candidate;
      ``search_worlds``: the worlds a search draws at a decision; ``search_confidence``: the
      standard errors by which a candidate must beat the greedy choice to be played instead
      (0: any gain); ``search_distinct``: whether actions leading to the same position count
      as one candidate.
    """

    values: Values
    scale: float
    figures: Values
    estimates: Values | None = None
    value: Callable[[Any, Any, str], float] | None = None
    listed: Callable[[Any, Any, Sequence[Any]], Sequence[Any]] | None = None
    estimate_scale: float | None = None
    step: Callable[[Ruleset[Any, Any, Any], Any, Any, Sequence[Any], random.Random], Any] \
        | None = None
    plan: Callable[[Ruleset[Any, Any, Any], Any, Any, Sequence[Any], random.Random], Any] \
        | None = None
    sensible: Callable[[Any, Any, Sequence[Any]], Sequence[Any]] | None = None
    search_depth: int = 1
    search_worlds: int = 4
    search_confidence: float = 0.0
    search_distinct: bool = False


@dataclass(frozen=True)
class GameEntry(Generic[GameT, StateT, ActionT]):
    """One game, as its plugin declares it.

    ``ruleset``: the game on the protocol (``rules/game.py``); ``face``: its tools
    (``skyhex.games.face.Face``); ``bots``: its bot hooks (``None``: no bots), each by
    reference; ``schemas``: the package holding its schema files (``None``: the game adds
    nothing to the shared ones); ``components``: the package holding its standard component
    set (``standard-set.yaml``), if it has component sets; ``places``: the kinds of place
    of its maps that a broken setup rule names (``rules/places.py``); ``title``: its name as
    people write it; ``order``: its place in lists of games (then by name; the first is the
    default game of commands that are not told one)."""

    name: str
    title: str
    ruleset: Ref[Ruleset[GameT, StateT, ActionT]]
    face: Ref[Any]
    bots: Ref[BotHooks] | None = None
    schemas: str | None = None
    components: str | None = None
    places: tuple[PlaceKind, ...] = ()
    order: int = 100

    def rules(self) -> Ruleset[GameT, StateT, ActionT]:
        """The ruleset, loaded, typed by the entry's own types: a bot author's mypy checks
        ``ENTRY.rules()`` of ``skyhex.rules.<game>.entry`` with the game's ``Game``,
        ``State`` and ``Action`` (``rules/games.py`` gives the untyped one by name)."""
        return self.ruleset.load()


__all__ = ["BotHooks", "GameEntry", "Ref", "Values"]
