"""What map checkers and generators report, the same for every game.

A ``Violation`` is one broken setup rule of a map and where it lies: ``slots`` are tile slots
of a Paragliders map, ``hexes`` entries of a map's ``hexes`` list, ``clouds`` entries of a
Turbulences map's ``clouds`` list, ``spaces`` spaces ``(lane, k)`` of a Balmy Balloonists
globe. A ``GenerationError`` says that no valid map can be built
and names the rule (``constraint``) that kept failing.
"""

from __future__ import annotations

from dataclasses import dataclass

from skyhex.rules.errors import SkyhexError
from skyhex.rules.hexgrid import Hex, Slot


@dataclass(frozen=True)
class Violation:
    """One broken rule: its code, what is wrong, how to fix it, and where (slots, hexes,
    clouds and spaces of the map file)."""

    rule: str
    message: str
    hint: str
    slots: tuple[Slot, ...] = ()
    hexes: tuple[Hex, ...] = ()
    clouds: tuple[Hex, ...] = ()
    spaces: tuple[tuple[int, int], ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule, "message": self.message, "hint": self.hint,
            "slots": [list(s) for s in self.slots], "hexes": [list(h) for h in self.hexes],
            "clouds": [list(h) for h in self.clouds], "spaces": [list(s) for s in self.spaces],
        }


class GenerationError(SkyhexError):
    """No valid map can be built; ``constraint`` names the rule that kept failing."""

    def __init__(self, constraint: str, message: str) -> None:
        self.constraint = constraint
        self.message = message
        super().__init__(f"{message} [{constraint}]")
