"""One game kept in memory for bots in any language: the line-JSON protocol of ``skyhex
play`` (``docs/play-protocol.md``), what UCI is to chess engines.

Each seat is played by a built-in bot (``bot:greedy``) or by the other end of a pair of
streams (``stdio``): for such a seat the server writes one JSON object a line (the seat's
view of the game and its legal entries when it is to act) and reads one JSON object a line
(the entry it chooses). The game is never replayed: one legal-action list and one ``apply``
a decision.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import IO, Any

from skyhex.rules.bots import bot, knowledge
from skyhex.rules.errors import InputError, SkyhexError
from skyhex.rules.game import Entry, Ruleset
from skyhex.rules.text import excerpt

PROTOCOL = "skyhex.play/1"
RETRIES = 3
"""Bad answers a stdio seat may give in a row before the game is abandoned."""
MAX_LINE = 65_536
"""The longest answer line read, in characters (a turn's entry takes a few hundred): a
longer line is read to its end without being kept, and refused."""
MAX_DEPTH = 16
"""The deepest nesting of arrays and objects an answer may have (an entry needs 4)."""
STDIN = "<stdin>"


class ProtocolError(SkyhexError):
    """A stdio seat broke the protocol (closed its stream, or answered badly too often)."""


@dataclass
class Session:
    """A game being played: the ruleset, the game and its state, the entries so far, and
    who plays each seat (``stdio`` or a bot name)."""

    ruleset: Ruleset[Any, Any, Any]
    game: Any
    state: Any
    seats: dict[str, str]
    seed: int = 0
    entries: list[Entry] = field(default_factory=list)
    rngs: dict[str, random.Random] = field(default_factory=dict)
    lines: int = 0
    """Lines read from the stdio seats so far: an error names the line it answers."""

    @classmethod
    def start(cls, ruleset: Ruleset[Any, Any, Any], scenario: Any, seats: Mapping[str, str],
              seed: int = 0) -> Session:
        """A new game of ``scenario``; ``seats`` maps participants to ``stdio`` or
        ``bot:NAME`` (``bot:random`` for any seat not named). ``SkyhexError`` for an
        unknown participant or bot."""
        game, state, _ = ruleset.new_game(scenario)
        names = knowledge(ruleset).participants(game, state)
        unknown = sorted(set(seats) - set(names))
        if unknown:
            raise SkyhexError(f"no seat {unknown[0]!r} in this game (seats: {', '.join(names)})")
        chosen = {who: seats.get(who, "bot:random") for who in names}
        for who, player in chosen.items():
            if player != "stdio":
                if not player.startswith("bot:"):
                    raise SkyhexError(f"seat {who}: {player!r} is neither stdio nor bot:NAME")
                bot(player[4:])  # fails early on an unknown bot
        rngs = {who: random.Random(f"skyhex-bot:{seed}:{i}") for i, who in enumerate(names)}
        return cls(ruleset, game, state, chosen, seed, [], rngs)

    @property
    def actor(self) -> str | None:
        return self.ruleset.actor(self.game, self.state)

    def turn_message(self, who: str, legal: list[Any]) -> dict[str, Any]:
        r = self.ruleset
        return {"type": "turn", "to": who, "moment": r.moment(self.state),
                "view": r.view(self.game, self.state, who),
                "legal": [r.action_to_entry(a) for a in legal]}

    def play(self, send: IO[str] | None, receive: IO[str] | None, cap: int | None = None
             ) -> bool:
        """Play the game to its end (``False``) or its round ``cap`` (``True``; default:
        the game's bot cap), asking the stdio seats through ``send``/``receive``."""
        r = self.ruleset
        if cap is None:
            cap = r.metadata(self.game).cap
        names = list(self.seats)
        for seat, player in self.seats.items():
            if player == "stdio":
                self._send(send, {"type": "start", "protocol": PROTOCOL, "game": r.name,
                                  "to": seat, "seats": names})
        policies = {w: bot(p[4:]) for w, p in self.seats.items() if p != "stdio"}
        capped = False
        while (who := self.actor) is not None:
            if cap is not None and r.moment(self.state)["round"] > cap:
                capped = True
                break
            legal = r.legal_actions(self.game, self.state)
            if who in policies:
                action = policies[who](r, self.game, self.state, legal, self.rngs[who])
            else:
                action = self._ask(send, receive, who, legal)
            entry = r.action_to_entry(action)
            self.state = r.advance(self.game, self.state, action)
            self.entries.append(entry)
            for seat, player in self.seats.items():
                if player == "stdio" and send is not None:
                    self._send(send, {"type": "played", "to": seat, "by": who,
                                      "entry": entry})
        scores = r.scores(self.game, self.state)
        for seat, player in self.seats.items():
            if player == "stdio":
                self._send(send, {"type": "end", "to": seat, "capped": capped,
                                  "scores": scores})
        return capped

    def _ask(self, send: IO[str] | None, receive: IO[str] | None, who: str,
             legal: list[Any]) -> Any:
        if send is None or receive is None:
            raise ProtocolError(f"seat {who} plays on stdio, but there is no stdio")
        r = self.ruleset
        turn = self.turn_message(who, legal)
        for _ in range(RETRIES):
            self._send(send, turn)
            line = self._read_line(receive)
            if line is None:
                raise ProtocolError(f"seat {who}: the stream closed while it was to act")
            try:
                action = self._action(_answer(line), legal)
            except (ValueError, InputError, TypeError, KeyError) as e:
                self._refuse(send, who, _message(e))
                continue
            if action in legal:
                return action
            self._refuse(send, who, f"not a legal action now: {r.describe(action)}")
        raise ProtocolError(f"seat {who}: {RETRIES} bad answers in a row")

    def _read_line(self, receive: IO[str]) -> str | None:
        """The next line of ``receive`` (``None`` at its end). A line longer than
        ``MAX_LINE`` is read to its end in pieces, never kept whole, and given back as
        ``TOO_LONG``, which ``_answer`` refuses: memory stays bounded."""
        line = receive.readline(MAX_LINE + 1)
        if not line:
            return None
        self.lines += 1
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while (rest := receive.readline(MAX_LINE)) and not rest.endswith("\n"):
                pass
            return TOO_LONG
        return line

    def _refuse(self, send: IO[str] | None, who: str, message: str) -> None:
        """An ``error`` message naming the line of standard input it answers."""
        self._send(send, {"type": "error", "to": who, "line": self.lines,
                          "message": f"{STDIN}:{self.lines}: {message}"})

    def _action(self, answer: Any, legal: list[Any]) -> Any:
        shape = "an answer is a JSON object: {\"entry\": {...}} or {\"index\": N}"
        if not isinstance(answer, dict) or len(answer) != 1:
            raise ValueError(shape)
        if "index" in answer:
            k = answer["index"]
            if type(k) is not int or not 0 <= k < len(legal):
                raise ValueError(f"index {excerpt(k)} is not one of 0..{len(legal) - 1}")
            return legal[k]
        entry = answer.get("entry")
        if not isinstance(entry, dict):
            raise ValueError(shape)
        self._check_entry(entry)
        return self.ruleset.action_from_entry(self.game, entry, ("entry",))

    def _check_entry(self, entry: dict[str, Any]) -> None:
        """``ValueError`` for an entry that the moves format refuses (an unknown key, a
        wrong type): ``action_from_entry`` reads schema-valid entries only."""
        from skyhex.schemas.documents import Document, schema_problems

        moves = {"format": "skyhex.moves/1", "game": self.ruleset.name,
                 "scenario": "play", "moves": [entry]}
        problems = schema_problems(Document(STDIN, moves), "moves")
        if problems:
            raise ValueError("; ".join(p.message for p in problems))

    @staticmethod
    def _send(send: IO[str] | None, message: dict[str, Any]) -> None:
        if send is not None:
            send.write(json.dumps(message, separators=(",", ":")) + "\n")
            send.flush()


TOO_LONG = "\0 too long"
"""What ``Session._read_line`` gives for a line past ``MAX_LINE`` (no JSON text starts
with a NUL)."""


def _answer(line: str) -> Any:
    """The JSON value of an answer line; ``ValueError`` for one too long or nested deeper
    than ``MAX_DEPTH`` (measured without recursion, before the parser recurses)."""
    if line is TOO_LONG:
        raise ValueError(f"the line is longer than {MAX_LINE:,} characters")
    if line.count("[") + line.count("{") > MAX_DEPTH and _depth(line) > MAX_DEPTH:
        raise ValueError(f"the answer is nested deeper than {MAX_DEPTH} levels")
    return json.loads(line)


def _depth(text: str) -> int:
    """The deepest nesting of brackets and braces in JSON text, outside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _message(e: Exception) -> str:
    if isinstance(e, InputError):
        return "; ".join(p.message for p in e.problems)
    return str(e)


def moves_text(game: str, scenario: str, output: str, entries: list[Entry],
               comment: str = "") -> str:
    """A moves file (``skyhex.moves/1``) of ``entries`` on the scenario file ``scenario``,
    named relative to where it is written (``output``; ``-``: from the working folder)."""
    import os

    from skyhex.games.documents import dump_yaml

    base = os.getcwd() if output == "-" else os.path.dirname(os.path.abspath(output))
    doc = {"format": "skyhex.moves/1", "game": game,
           "scenario": os.path.relpath(os.path.abspath(scenario), base), "moves": entries}
    head = "".join(f"# {line}\n" for line in comment.splitlines())
    return head + dump_yaml(doc, ("moves",))
