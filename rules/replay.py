"""The one replay runner: recorded actions through any game's rules into a numbered log.

Every event gets ``seq``. The events an action causes, up to the game's own machinery (a new
round, the end of the game: ``game.MACHINERY``), carry ``entry``, the index of the moves-file
entry; those of a decision played for its participant carry ``forced``.

Without ``strict``, a decision with a single legal option (a forced wind push, a dead end, a
company blocked in flight) may be left out of the record: before each entry, whoever must
act is played for while the entry does not fit the moment and exactly one option exists.
With ``strict`` every decision must be written.

A replay started with ``record`` keeps every ``Step`` (the events one decision logged and
the state after it), which a viewer steps through. ``follow`` replays a game from its log
alone: the actions are found again as the legal ones whose events are the log's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from skyhex.rules.errors import IllegalActionError, SkyhexError
from skyhex.rules.game import MACHINERY, Event, Ruleset, describe_all
from skyhex.rules.speed import json_lines
from skyhex.rules.text import excerpt


@dataclass(frozen=True)
class Step:
    """One step of a recorded replay: the ``count`` events it logged from index ``first``
    and the ``state`` after them, caused by the setup (no ``action``, no ``entry``), the
    ``action`` of moves-file entry ``entry``, a decision played for its participant
    (``forced``), or an illegal entry (its one ``error`` event; the state unchanged)."""

    first: int
    count: int
    state: Any
    action: Any = None
    entry: int | None = None
    forced: bool = False


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
    steps: list[Step] | None = None
    """Every step so far, when the replay records them (``begin(..., record=True)``)."""

    @property
    def over(self) -> bool:
        return self.ruleset.actor(self.game, self.state) is None

    def log(self, events: Sequence[Event], entry: int | None = None, *,
            forced: bool = False, action: Any = None) -> None:
        """Number ``events`` (those of one step, ``self.state`` being the state after it);
        the action's own (before any machinery) carry ``entry`` and ``forced``."""
        logged = self.events
        seq = len(logged)
        if self.steps is not None:
            self.steps.append(Step(seq, len(events), self.state, action, entry, forced))
        append = logged.append
        if entry is None and not forced:  # the setup's, an error's: numbers only
            for e in events:
                append({"seq": seq, **e})
                seq += 1
            return
        own = True
        for e in events:
            if own and e["type"] in MACHINERY:
                own = False
            if own:
                if forced:
                    numbered: Event = {"seq": seq, **e, "forced": True} if entry is None \
                        else {"seq": seq, **e, "entry": entry, "forced": True}
                else:
                    numbered = {"seq": seq, **e, "entry": entry}
            else:
                numbered = {"seq": seq, **e}
            append(numbered)
            seq += 1


def start(ruleset: Ruleset[Any, Any, Any], scenario: Any,
          pinned: Sequence[Mapping[str, Any]] = (), *, record: bool = False) -> Replay:
    """The game of ``scenario`` set up, its setup events logged."""
    return begin(ruleset, *ruleset.new_game(scenario, tuple(pinned)), record=record)


def begin(ruleset: Ruleset[Any, Any, Any], game: Any, state: Any, events: Sequence[Event],
          *, record: bool = False) -> Replay:
    """A replay of a game set up already (``new_game``'s values), its setup events
    logged; with ``record``, it keeps its steps."""
    replay = Replay(ruleset, game, state, steps=[] if record else None)
    replay.log(events)
    return replay


def play(replay: Replay, actions: Sequence[Any], *, strict: bool = False,
         until: int | None = None, first: int = 0) -> Replay:
    """Apply ``actions`` in order (the first ``until`` of them), entry indexes counted from
    ``first``; on an illegal one, log an ``error`` event and stop, the events before it
    complete."""
    ruleset = replay.ruleset
    apply, actor, fits, game = ruleset.apply, ruleset.actor, ruleset.fits, replay.game
    log = replay.log
    for index, action in enumerate(actions, first):
        if until is not None and index - first >= until:
            break
        if not strict and actor(game, replay.state) is not None and \
                not fits(game, replay.state, action):
            _play_forced(replay, action)
        try:
            state, events = apply(game, replay.state, action)
        except IllegalActionError as e:
            log([error_event(replay, action, index, e)])
            replay.error = replay.events[-1]
            return replay
        replay.state = state
        log(events, index, action=action)
        replay.applied = index - first + 1
    return replay


def log_text(events: Sequence[Event]) -> str:
    """A log as ``skyhex replay`` writes it: NDJSON, one event a line, each as
    ``json.dumps`` writes it (``speed.json_lines``)."""
    return json_lines(events)


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
        replay.log(events, None, forced=True, action=options[0])


# --- a game from its log ------------------------------------------------------------------


class LogMismatch(SkyhexError):
    """A log that its scenario does not give: ``index`` is the first event (from 0, the
    log's line less one) that no legal action explains."""

    def __init__(self, index: int, message: str) -> None:
        self.index = index
        self.message = message
        super().__init__(message)


_MARKS = ("seq", "entry", "forced")


def _bare(event: Mapping[str, Any]) -> Event:
    return {k: v for k, v in event.items() if k not in _MARKS}


def follow(ruleset: Ruleset[Any, Any, Any], scenario: Any, log: Sequence[Event], *,
           record: bool = True) -> Replay:
    """Replay the game that ``log`` (a game log of ``scenario``, as ``play`` writes it)
    records, finding its actions again: the chance outcomes the log lists (every event's
    ``draws``) are pinned, then each step is the legal action whose events are the log's
    next ones and end where the log's step ends (the next event carries no more of its
    entry; of two actions with the same events, the first listed, which may differ from
    the one played only where nothing shows it, such as a choice whose moment no event
    records, as long as the rest of the log follows).
    An ``error`` event ends the replay as it ended the log. The result's events are the
    log's, byte for byte; ``LogMismatch`` names the first event that does not follow."""
    pinned = [d for e in log for d in e.get("draws", ())]
    try:
        game, state, setup = ruleset.new_game(scenario, pinned)
    except IllegalActionError as e:
        raise LogMismatch(0, f"the log's chance draws do not fit the scenario: {e.message}") \
            from None
    replay = begin(ruleset, game, state, setup, record=record)
    for k, event in enumerate(setup):
        if k >= len(log) or _bare(log[k]) != event:
            raise LogMismatch(min(k, len(log) - 1), "the setup differs from the scenario's: "
                              f"expected {_short(event)}")
    at = len(setup)
    while at < len(log):
        event = log[at]
        if event.get("type") == "error":
            replay.log([{k: v for k, v in event.items() if k != "seq"}])
            replay.error = replay.events[-1]
            at += 1
            break
        found = _step(ruleset, replay, log, at)
        if found is None:
            who = ruleset.actor(replay.game, replay.state)
            why = "the game is over" if who is None else f"no legal action of {who} gives it"
            raise LogMismatch(at, f"event {excerpt(event.get('type'))} does not follow: {why}")
        action, state, events = found
        entry = event.get("entry")
        replay.state = state
        replay.log(events, entry, forced=bool(event.get("forced")), action=action)
        if entry is not None:
            replay.applied = entry + 1
        at += len(events)
    if at < len(log):
        raise LogMismatch(at, "events after the error that ended the log")
    for k, (ours, theirs) in enumerate(zip(replay.events, log, strict=True)):
        if ours != theirs:
            raise LogMismatch(k, f"event {k} differs from the replay's in its numbering or "
                              f"marks: expected {_short(ours)}")
    return replay


def _step(ruleset: Ruleset[Any, Any, Any], replay: Replay, log: Sequence[Event], at: int
          ) -> tuple[Any, Any, list[Event]] | None:
    """The legal action whose events are ``log[at:]``'s next ones, ending where the log's
    step ends, with the state after it."""
    game, state = replay.game, replay.state
    if ruleset.actor(game, state) is None:
        return None
    entry = log[at].get("entry")
    for action in ruleset.legal_actions(game, state):
        try:
            after, events = ruleset.apply(game, state, action)
        except IllegalActionError:
            continue  # it would draw other chance outcomes than the log's, pinned
        end = at + len(events)
        if end > len(log) or any(_bare(log[at + i]) != e for i, e in enumerate(events)):
            continue
        if entry is not None and end < len(log) and log[end].get("entry") == entry:
            continue  # the log's step goes on: an action with more events of the entry
        return action, after, events
    return None


def _short(event: Mapping[str, Any]) -> str:
    text = ", ".join(f"{k}: {v if isinstance(v, int | float) else excerpt(v)}"
                     for k, v in list(event.items())[:4])
    return "{" + text + ("" if len(event) <= 4 else ", ...") + "}"
