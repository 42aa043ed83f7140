"""Errors shared by every layer, split by cause: a file's content (``InputError``), and later
the rules of a game. Each carries machine-readable problems with a namespaced rule code."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

PathPart = str | int
Path = tuple[PathPart, ...]


def format_path(path: Path) -> str:
    """A JSON path such as ``$.slots[3].tile`` for ``("slots", 3, "tile")``."""
    out = "$"
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: a rule code (``map.unknown-tile``), a message, the JSON
    path of the offending value and, where one helps, a hint for the fix."""

    rule: str
    message: str
    path: Path = ()
    hint: str | None = None


class SkyhexError(Exception):
    """Base of every error skyhex raises on purpose."""


class InputError(SkyhexError):
    """The content of a document is invalid; ``problems`` lists every problem found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        first = self.problems[0] if self.problems else Problem("input", "invalid input")
        super().__init__(f"{format_path(first.path)}: {first.message}")


class NotSupportedError(SkyhexError):
    """A rule or option that skyhex does not implement yet; the message names it."""


class IllegalActionError(SkyhexError):
    """An action the rules forbid: ``rule`` names the rule (``flight.mountain-wall``),
    ``legal`` lists what the player could do instead (filled in by the engine)."""

    def __init__(self, rule: str, message: str, legal: tuple[str, ...] = ()) -> None:
        self.rule = rule
        self.message = message
        self.legal = legal
        super().__init__(f"{message} [{rule}]")
