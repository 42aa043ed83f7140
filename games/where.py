"""Conditions on a map's statistics, for ``skyhex map generate --where``: the same for every
game, read against what the game's face says of a map (``Maps.stats``).

A condition is one or more comparisons joined by ``and`` (or commas), each ``FIELD OP
VALUE``: FIELD a dotted path into the statistics (``balance``, ``route.below.length``,
``sectors.B.mountains``, ``terrain.lake``), OP one of ``>= <= > < == !=`` (``=`` is ``==``),
VALUE a number, ``true``, ``false``, ``null`` or a word (``difficulty==hard``). A list
compares by its length (``pockets==0``); a comparison of order with a missing figure
(``null``) does not hold.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from skyhex.games.face import UsageError
from skyhex.rules.text import excerpt

OPTION = "--where"
_COMPARISON = re.compile(
    r"^\s*([A-Za-z_][\w-]*(?:\.[\w-]+)*)\s*(>=|<=|==|!=|=|>|<)\s*([^\s<>=!]\S*)\s*$")
_OPERATORS: dict[str, Callable[[Any, Any], bool]] = {
    ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt,
    "==": operator.eq, "!=": operator.ne,
}
_ORDER = (">=", "<=", ">", "<")

Value = int | float | bool | str | None


class WhereError(UsageError):
    """A condition that cannot be read, or names a figure the statistics do not have."""

    def __init__(self, message: str) -> None:
        super().__init__(OPTION, message)


@dataclass(frozen=True)
class Comparison:
    path: tuple[str, ...]
    op: str
    value: Value
    text: str

    def holds(self, stats: Mapping[str, Any]) -> bool:
        found = _figure(stats, self.path)
        if isinstance(found, list | tuple):
            found = len(found)
        if self.op in _ORDER:
            if found is None or isinstance(self.value, str | None) or isinstance(found, str):
                return False
            return _OPERATORS[self.op](found, self.value)
        return _OPERATORS[self.op](found, self.value)


@dataclass(frozen=True)
class Condition:
    """Comparisons that must all hold."""

    comparisons: tuple[Comparison, ...]

    @property
    def text(self) -> str:
        text = " and ".join(c.text for c in self.comparisons)
        return text if len(text) <= 200 else text[:197] + "..."

    def holds(self, stats: Mapping[str, Any]) -> bool:
        """Whether the map with these statistics meets every comparison; ``WhereError``
        when a field is not among them."""
        return all(c.holds(stats) for c in self.comparisons)


def parse(texts: list[str] | str) -> Condition:
    """The condition of one or more ``--where`` texts (all must hold); ``WhereError`` with
    what cannot be read."""
    comparisons = []
    for text in [texts] if isinstance(texts, str) else texts:
        for part in re.split(r",|\band\b", text):
            if not part.strip():
                raise WhereError(f"{excerpt(text)}: an empty comparison (write FIELD>=NUMBER, "
                                 "joined by 'and')")
            found = _COMPARISON.match(part)
            if found is None:
                raise WhereError(f"{excerpt(part.strip())} is not a comparison FIELD OP VALUE "
                                 "(OP one of >= <= > < == !=), such as balance>=85")
            path, op, raw = found.groups()
            op = "==" if op == "=" else op
            value = _value(raw)
            if op in _ORDER and not isinstance(value, int | float):
                raise WhereError(f"{excerpt(part.strip())}: {op} compares numbers, not "
                                 f"{excerpt(raw)}")
            comparisons.append(Comparison(tuple(path.split(".")), op, value,
                                          _shown(f"{path}{op}{raw}")))
    if not comparisons:
        raise WhereError("no comparison given")
    return Condition(tuple(comparisons))


def _shown(text: str) -> str:
    """A comparison as messages show it: escaped, and cut short (a value of thousands of
    digits is not echoed whole)."""
    return excerpt(text)[1:-1].replace("\\'", "'")


def _value(raw: str) -> Value:
    words: dict[str, Value] = {"true": True, "false": False, "null": None}
    if raw.lower() in words:
        return words[raw.lower()]
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    return raw


def _figure(stats: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    found: Any = stats
    for i, key in enumerate(path):
        where = ".".join(path[:i + 1])
        if isinstance(found, Mapping):
            if key not in found:
                known = ", ".join(k for k in found if k != "file")
                raise WhereError(f"no figure {excerpt(where)} in the map statistics"
                                 + (f" (there are: {known})" if known else ""))
            found = found[key]
        elif isinstance(found, list) and key.isdigit() and int(key) < len(found):
            found = found[int(key)]
        elif found is None:
            return None
        else:
            raise WhereError(f"{excerpt('.'.join(path[:i]))} has no part {excerpt(key)}")
    if isinstance(found, Mapping):
        raise WhereError(f"{excerpt('.'.join(path))} is a group of figures: name one of "
                         f"{', '.join(found)}")
    return found
