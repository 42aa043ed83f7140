"""What map checkers and generators report, the same for every game.

A ``Violation`` is one broken setup rule of a map and where it lies: its ``places``, each of
a kind its game declares (``rules/places.py``: tile slots, hexes, clouds, spaces, ...). Its
``severity`` is an error (the map is invalid) or a warning (the map is valid, but breaks a
rule that binds only some maps, such as a count that binds random maps only). A
``GenerationError`` says that no valid map can be built and names the rule (``constraint``)
that kept failing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from skyhex.rules.errors import SkyhexError
from skyhex.rules.places import Place, PlaceKind


class Severity(StrEnum):
    ERROR = "error"  # the map is invalid
    WARNING = "warning"  # the map is valid; the rule binds only some maps


@dataclass(frozen=True)
class Violation:
    """One broken rule: its code, what is wrong, how to fix it, where (its places, the first
    that the map's file wrote is where it is reported) and how much it matters."""

    rule: str
    message: str
    hint: str
    places: tuple[Place, ...] = ()
    severity: Severity = Severity.ERROR

    def at(self, kind: PlaceKind) -> tuple[tuple[int, ...], ...]:
        """The coordinates of its places of ``kind``, in order."""
        return tuple(p.at for p in self.places if p.kind == kind)

    def to_json(self) -> dict[str, object]:
        """The violation for ``map check --format json``: a list of places for each kind of
        place of the registered games (the same keys whatever the map's game), in registry
        order."""
        out: dict[str, object] = {"rule": self.rule, "severity": self.severity.value,
                                  "message": self.message, "hint": self.hint}
        for key in (*_keys(), *(p.kind.key for p in self.places)):
            out.setdefault(key, [list(p.at) for p in self.places if p.kind.key == key])
        return out


def _keys() -> tuple[str, ...]:
    """The keys of the registered games' kinds of place, each once, in registry order."""
    from skyhex.rules.games import entries

    return tuple(dict.fromkeys(kind.key for entry in entries() for kind in entry.places))


def errors(violations: Iterable[Violation]) -> list[Violation]:
    """The violations that make a map invalid (warnings left out)."""
    return [v for v in violations if v.severity is Severity.ERROR]


class GenerationError(SkyhexError):
    """No valid map can be built; ``constraint`` names the rule that kept failing."""

    def __init__(self, constraint: str, message: str) -> None:
        self.constraint = constraint
        self.message = message
        super().__init__(f"{message} [{constraint}]")
