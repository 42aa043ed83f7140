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

from collections.abc import Mapping, Sequence
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
           "Ruleset", "ScoreRow", "describe_all"]


class Ruleset(Protocol[GameT, StateT, ActionT]):
    """What a game exposes to the runner, the playouts, the bots and the tools.

    Participants are named by strings, as moves files name them (a Paragliders player, a
    Turbulences company); ``None`` as a participant means the referee, who sees
    everything."""

    name: str
    """The game's registry name (``paragliders``)."""

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
