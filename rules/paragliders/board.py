"""The Paragliders board: a hexagon of tile slots with the star, the three tiles around the
centre, the three sectors, the corners A-F and the map edge.

Corners run counter-clockwise from A in the west. The star's arms run from the centre to
corners A, C and E. Between two arms lies a wedge named after the corner it holds (B, D or
F): its slot next to the centre is one of the "three tiles around the centre", the rest of
the wedge is a sector (15 slots on the radius-4 board).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from skyhex.rules.hexgrid import Hex, Slot, slot_disc

CENTER = Slot(0, 0)
CORNER_NAMES = "ABCDEF"
ARM_CORNERS = "ACE"
SECTOR_CORNERS = "BDF"

# Unit slot vectors towards each corner (corner X of a radius-R board is R times its vector).
_CORNER_UNITS: dict[str, Slot] = {
    "A": Slot(-1, 0), "B": Slot(-1, 1), "C": Slot(0, 1),
    "D": Slot(1, 0), "E": Slot(1, -1), "F": Slot(0, -1),
}

MIN_RADIUS = 2  # radius 1 leaves no sector for the antenna tiles


def wedge_of(slot: Slot) -> str | None:
    """The wedge (``"B"``, ``"D"`` or ``"F"``) between two arms holding ``slot``, ``None``
    on the star."""
    a, b = slot
    if a < 0 < b:
        return "B"
    if a > 0 and a + b > 0:
        return "D"
    if b < 0 and a + b < 0:
        return "F"
    return None


def arm_of(slot: Slot) -> str | None:
    """The arm (``"A"``, ``"C"`` or ``"E"``) a slot lies on, ``None`` elsewhere."""
    a, b = slot
    if b == 0 and a < 0:
        return "A"
    if a == 0 and b > 0:
        return "C"
    if a + b == 0 and a > 0:
        return "E"
    return None


@dataclass(frozen=True)
class BoardLayout:
    """Slot roles and hex sets of a standard board of ``radius`` slots."""

    radius: int
    slots: tuple[Slot, ...] = field(init=False)
    hexes: frozenset[Hex] = field(init=False)

    def __post_init__(self) -> None:
        slots = tuple(slot_disc(self.radius))
        object.__setattr__(self, "slots", slots)
        object.__setattr__(self, "hexes", frozenset(h for s in slots for h in s.hexes()))

    def corner(self, name: str) -> Slot:
        return _CORNER_UNITS[name].scaled(self.radius)

    def arm(self, corner: str) -> tuple[Slot, ...]:
        """The arm's slots from the centre outwards (``corner`` in ``"ACE"``)."""
        unit = _CORNER_UNITS[corner]
        return tuple(unit.scaled(k) for k in range(1, self.radius + 1))

    @property
    def arm_slots(self) -> dict[Slot, str]:
        return {s: c for c in ARM_CORNERS for s in self.arm(c)}

    @property
    def ring_slots(self) -> dict[Slot, str]:
        """The three tiles around the centre, each with the wedge it opens onto."""
        return {s: wedge_of(s) or "" for s in CENTER.neighbors() if arm_of(s) is None}

    def sector(self, name: str) -> tuple[Slot, ...]:
        """The sector's slots (``name`` in ``"BDF"``), nearest the centre first."""
        return _sector(self.radius, name)

    def sector_of(self, slot: Slot) -> str | None:
        """The sector holding ``slot``; ``None`` for the star and the tiles around it."""
        if slot.distance(CENTER) <= 1:
            return None
        return wedge_of(slot)

    def contains(self, h: Hex) -> bool:
        return h in self.hexes

    @property
    def edge_hexes(self) -> frozenset[Hex]:
        return edge_hexes(self.hexes)


def edge_hexes(hexes: frozenset[Hex] | set[Hex]) -> frozenset[Hex]:
    """The hexes with at least one neighbour off the map."""
    return frozenset(h for h in hexes if any(n not in hexes for n in h.neighbors()))


@cache
def _sector(radius: int, name: str) -> tuple[Slot, ...]:
    """``BoardLayout.sector``, worked out once per board size (the generator asks for each
    tile it lays)."""
    return tuple(s for s in slot_disc(radius) if wedge_of(s) == name and s.distance(CENTER) > 1)


@cache
def board_layout(radius: int) -> BoardLayout:
    return BoardLayout(radius)
