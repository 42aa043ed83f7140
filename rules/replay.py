"""The one replay runner: recorded actions through any game's rules into a numbered log.

Every event gets ``seq``. The events an action causes, up to the game's own machinery (a new
round, the end of the game: ``game.MACHINERY``), carry ``entry``, the index of the moves-file
entry; those of a decision played for its participant carry ``forced``.

Without ``strict``, a decision with a single legal option (a forced wind push, a dead end, a
company blocked in flight) may be left out of the record: before each entry, whoever must
act is played for while the entry does not fit the moment and exactly one option exists.
With ``strict`` every decision must be written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.game import MACHINERY, Event, Ruleset, describe_all


@dataclass
class Replay:
    """A game being replayed: its ruleset, constants and state, the log so far, how many
    entries were applied, and the ``error`` event if one was illegal."""

    ruleset: Ruleset[Any, Any, Any]
    game: Any
    state: Any
    events: list[Event] = field(default_factory=list)
    applied: int = 0
    error: Event | None = None

    @property
    def over(self) -> bool:
        return self.ruleset.actor(self.game, self.state) is None

    def log(self, events: Sequence[Event], entry: int | None = None, *,
            forced: bool = False) -> None:
        """Number ``events``; the action's own (before any machinery) carry ``entry`` and
        ``forced``."""
        own = entry is not None or forced
        for e in events:
            own = own and e["type"] not in MACHINERY
            numbered: Event = {"seq": len(self.events), **e}
            if own and entry is not None:
                numbered["entry"] = entry
            if own and forced:
                numbered["forced"] = True
            self.events.append(numbered)


def start(ruleset: Ruleset[Any, Any, Any], scenario: Any,
          pinned: Sequence[Mapping[str, Any]] = ()) -> Replay:
    """The game of ``scenario`` set up, its setup events logged."""
    return begin(ruleset, *ruleset.new_game(scenario, tuple(pinned)))


def begin(ruleset: Ruleset[Any, Any, Any], game: Any, state: Any, events: Sequence[Event]
          ) -> Replay:
    """A replay of a game set up already (``new_game``'s values), its setup events
    logged."""
    replay = Replay(ruleset, game, state)
    replay.log(events)
    return replay


def play(replay: Replay, actions: Sequence[Any], *, strict: bool = False,
         until: int | None = None, first: int = 0) -> Replay:
    """Apply ``actions`` in order (the first ``until`` of them), entry indexes counted from
    ``first``; on an illegal one, log an ``error`` event and stop, the events before it
    complete."""
    ruleset = replay.ruleset
    for index, action in enumerate(actions, first):
        if until is not None and index - first >= until:
            break
        if not strict:
            _play_forced(replay, action)
        try:
            state, events = ruleset.apply(replay.game, replay.state, action)
        except IllegalActionError as e:
            replay.log([error_event(replay, action, index, e)])
            replay.error = replay.events[-1]
            return replay
        replay.state = state
        replay.log(events, index)
        replay.applied = index - first + 1
    return replay


def error_event(replay: Replay, action: Any, index: int, error: IllegalActionError) -> Event:
    """The ``error`` event of an illegal entry: who it names and who was to act, the rule and
    message, the moment, and the legal alternatives (as entries when the entry's participant
    was the one to act). ``line`` and ``column`` are filled in by whoever read the file."""
    ruleset, game, state = replay.ruleset, replay.game, replay.state
    expected = ruleset.actor(game, state)
    player = ruleset.player_of(action)
    legal = ruleset.legal_actions(game, state) if expected is not None else []
    return {
        "type": "error", "entry": index, "player": player, "expected": expected,
        "rule": error.rule, "message": error.message, "line": None, "column": None,
        **ruleset.moment(state),
        "legal": [ruleset.action_to_entry(a) for a in legal] if expected == player else [],
        "legal_text": describe_all(ruleset, legal),
    }


def _play_forced(replay: Replay, action: Any) -> None:
    """Play the single legal option of whoever must act until ``action`` fits the moment."""
    ruleset = replay.ruleset
    while ruleset.actor(replay.game, replay.state) is not None and \
            not ruleset.fits(replay.game, replay.state, action):
        options = ruleset.legal_actions(replay.game, replay.state)
        if len(options) != 1:
            return
        replay.state, events = ruleset.apply(replay.game, replay.state, options[0])
        replay.log(events, None, forced=True)
