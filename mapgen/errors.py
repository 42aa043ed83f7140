"""What map checkers and generators report, the same for every game.

A ``Violation`` is one broken setup rule of a map and where it lies: ``slots`` are tile slots
of a Paragliders map, ``hexes`` entries of a map's ``hexes`` list, ``clouds`` entries of a
Turbulences map's ``clouds`` list, ``spaces`` spaces ``(lane, k)`` of a Balmy Balloonists
globe. Its ``severity`` is an error (the map is invalid) or a warning (the map is valid, but
breaks a rule that binds only some maps, such as the biome counts of a random Turbulences
landscape). A ``GenerationError`` says that no valid map can be built and names the rule
(``constraint``) that kept failing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from skyhex.rules.errors import SkyhexError
from skyhex.rules.hexgrid import Hex, Slot


class Severity(StrEnum):
    ERROR = "error"  # the map is invalid
    WARNING = "warning"  # the map is valid; the rule binds only some maps


@dataclass(frozen=True)
class Violation:
    """One broken rule: its code, what is wrong, how to fix it, where (slots, hexes, clouds
    and spaces of the map file) and how much it matters."""

    rule: str
    message: str
    hint: str
    slots: tuple[Slot, ...] = ()
    hexes: tuple[Hex, ...] = ()
    clouds: tuple[Hex, ...] = ()
    spaces: tuple[tuple[int, int], ...] = ()
    severity: Severity = Severity.ERROR

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule, "severity": self.severity.value, "message": self.message,
            "hint": self.hint, "slots": [list(s) for s in self.slots],
            "hexes": [list(h) for h in self.hexes], "clouds": [list(h) for h in self.clouds],
            "spaces": [list(s) for s in self.spaces],
        }


def errors(violations: Iterable[Violation]) -> list[Violation]:
    """The violations that make a map invalid (warnings left out)."""
    return [v for v in violations if v.severity is Severity.ERROR]


class GenerationError(SkyhexError):
    """No valid map can be built; ``constraint`` names the rule that kept failing."""

    def __init__(self, constraint: str, message: str) -> None:
        self.constraint = constraint
        self.message = message
        super().__init__(f"{message} [{constraint}]")
