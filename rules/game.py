"""The contract every game implements, so that one replay runner, one playout driver, one
set of file formats and one contract test serve every game.

A game plugs in with a ``Ruleset``: a thin adapter (``rules/<game>/ruleset.py``) over the
game's pure rules, registered by name in ``rules/games.py``. The values it passes around are
the game's own: a scenario (what ``new_game`` starts from), a ``game`` (what never changes
during play), a ``state`` (everything that does, frozen) and actions (frozen values, one per
complete decision). Events are plain JSON-ready dicts; the machinery the runner adds to
them (``seq``, ``entry``, ``forced``) and the event types every game shares are described in
``docs/formats.md``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from skyhex.rules.errors import IllegalActionError, Path
from skyhex.rules.lazy import Lazy

Event = dict[str, Any]
"""One event of a game log: ``{"type": ..., ...}``, JSON-ready."""
Entry = dict[str, Any]
"""One entry of a moves file (``skyhex.moves/1``): an action in its written form."""
ScoreRow = dict[str, Any]
"""One participant's score: ``{"player", "score", "rank", "breakdown", ...}`` (rank 1
wins; equal ranks share; ``breakdown`` sums to ``score``). Games may add fields."""

LOG_FORMAT = "skyhex.log/2"
"""The version of the game-log vocabulary; the ``setup`` event carries it."""
MACHINERY = frozenset({"round", "game_end"})
"""Event types that the game's own clock causes, never a moves-file entry: an action's
events up to the first of them are the action's own (they carry ``entry``)."""

GameT = TypeVar("GameT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")

__all__ = ["LOG_FORMAT", "MACHINERY", "Entry", "Event", "IllegalActionError", "LazyEvents",
           "Metadata", "Ruleset", "ScoreRow", "describe_all"]


@dataclass(frozen=True)
class Metadata:
    """What a machine needs to know of a game before it plays (OpenSpiel's ``GameInfo``).

    ``cap``: the round after which a game is truncated (over when ``moment(state)["round"]
    > cap``, scored by its provisional scores and flagged ``truncated``); ``score_range``:
    the lowest and highest final score a participant can have under the scenario (bounds,
    not always reached); ``hidden``: whether some participant may not see all of a state
    (``view`` and ``sample_world`` then differ by seat); ``chance``: how the game's chance is
    exposed, ``"reseed"`` (draws come from a seed the state's future depends on, and
    ``sample_world`` draws that seed afresh, so that a sampled world does not hold the real
    game's future); ``version``: the action encoding's version, bumped whenever an
    ``action_index`` changes for the same scenario."""

    cap: int
    score_range: tuple[float, float]
    hidden: bool
    chance: str = "reseed"
    version: int = 1


class Ruleset(Protocol[GameT, StateT, ActionT]):
    """What a game exposes to the runner, the playouts, the bots and the tools.

    Participants are named by strings, as moves files name them (a player, a company, a
    balloon: whatever the game seats); ``None`` as a participant means the referee, who sees
    everything."""

    name: str
    """The game's registry name (its entry point's name)."""

    def new_game(self, scenario: Any, pinned: Sequence[Mapping[str, Any]] = ()
                 ) -> tuple[GameT, StateT, list[Event]]:
        """The game's constants, its first state and the setup events (the first one of
        type ``setup``). ``pinned``: chance outcomes fixed by a moves file."""
        ...

    def actor(self, game: GameT, state: StateT) -> str | None:
        """Who acts now, or ``None`` when the game is over."""
        ...

    def legal_actions(self, game: GameT, state: StateT) -> list[ActionT]:
        """Every legal action of the participant to act (empty when the game is over):
        exactly the actions ``apply`` accepts."""
        ...

    def apply(self, game: GameT, state: StateT, action: ActionT
              ) -> tuple[StateT, list[Event]]:
        """The next state and the events the action caused; ``IllegalActionError`` naming
        the rule broken. Never changes its inputs."""
        ...

    def fits(self, game: GameT, state: StateT, action: ActionT) -> bool:
        """Whether ``action`` is for this moment: its participant acts now, in the right
        kind of decision (the runner plays forced decisions until an entry fits)."""
        ...

    def player_of(self, action: ActionT) -> str:
        """The participant an action names."""
        ...

    def action_from_entry(self, game: GameT, entry: Mapping[str, Any], path: Path = ()
                          ) -> ActionT:
        """The action a schema-valid moves-file entry writes (participants named as the
        game names them); ``InputError`` for an entry that contradicts itself."""
        ...

    def action_to_entry(self, action: ActionT) -> Entry:
        """The moves-file entry of an action: ``action_from_entry`` reads it back as the
        same action."""
        ...

    def describe(self, action: ActionT) -> str:
        """One short human line for an action."""
        ...

    def view(self, game: GameT, state: StateT, who: str | None) -> dict[str, Any]:
        """The state as JSON, as ``who`` may see it (``None``: the referee's view)."""
        ...

    def position(self, game: GameT, state: StateT) -> dict[str, Any]:
        """The state as a scenario's ``position`` block, which ``new_game`` takes back."""
        ...

    def scores(self, game: GameT, state: StateT) -> list[ScoreRow]:
        """The final scores, or the provisional ones if the game ended now."""
        ...

    def moment(self, state: StateT) -> dict[str, Any]:
        """Where the game is: ``round`` (counted from 1), ``phase`` and the game's own
        clock (``{"round": 16, "time": "13:00", "phase": "turn"}``)."""
        ...

    # --- the machine interface (docs/library.md): bots, playouts, learning agents ---------

    def advance(self, game: GameT, state: StateT, action: ActionT) -> StateT:
        """The next state, no events built: ``apply``'s state, the same rules checked."""
        ...

    def action_space(self, game: GameT) -> int:
        """A fixed upper bound of distinct action indices for the game and its scenario:
        every ``action_index`` is in ``range(action_space(game))``."""
        ...

    def action_index(self, game: GameT, action: ActionT) -> int:
        """The stable integer of an action (distinct actions of one state have distinct
        indices); documented per game, stable across versions for the same scenario while
        ``metadata(game).version`` is."""
        ...

    def action_at(self, game: GameT, state: StateT, index: int) -> ActionT:
        """The action ``index`` names for the participant to act at ``state``, decoded
        without listing the legal actions: ``action_at(g, s, action_index(g, a)) == a`` for
        every legal action ``a``. An index of the space names an action whether it is legal
        or not (``apply`` and ``advance`` judge it, as any action); one that names no action
        of this kind of decision, or lies outside the space, raises ``IllegalActionError``
        (rule ``action.index``)."""
        ...

    def seats(self, game: GameT) -> tuple[str, ...]:
        """The participants, in seat order (those ``actor`` names)."""
        ...

    def metadata(self, game: GameT) -> Metadata:
        """The game's length cap, score range, hidden information and chance."""
        ...

    def with_seed(self, scenario: Any, seed: int) -> Any:
        """The same scenario with its chance seeded by ``seed``, in memory."""
        ...

    def sample_world(self, game: GameT, state: StateT, who: str | None, rng: random.Random
                     ) -> tuple[GameT, StateT]:
        """A whole game and state consistent with everything ``who`` may see (``None``:
        the referee, who sees all, so only the chance to come is drawn afresh): what is
        hidden from ``who`` (another's hand, a parcel's weight) and the future draws are
        drawn from ``rng``, so that ``view(who)`` of the world equals ``view(who)`` of the
        real state, and the world does not hold the real game's future."""
        ...

    def event_view(self, game: GameT, event: Event, who: str | None) -> Event:
        """An event of the (referee's) log as ``who`` may read it (``None``: as it is)."""
        ...


def describe_all(ruleset: Ruleset[Any, Any, Any], actions: Sequence[Any], limit: int = 12
                 ) -> list[str]:
    """Short lines for a list of actions, the first ``limit`` of them and a count of the
    rest (for error messages)."""
    texts = [ruleset.describe(a) for a in actions[:limit]]
    if len(actions) > limit:
        texts.append(f"... {len(actions) - limit} more")
    return texts


class LazyEvents(Lazy[Event]):
    """The events of an action, built when first read: ``apply`` may return them so that
    whoever needs only the next state (bots, playouts, benchmarks) never pays for the
    explanations."""

    __slots__ = ()
