"""Facts of a standard board that generating and checking maps ask for on every map, worked
out once per board size from ``rules.paragliders.board`` (which stays the one place that
says what the star, the tiles around the centre and the sectors are)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from skyhex.rules.hexgrid import Hex, Slot, slot_of
from skyhex.rules.paragliders.board import ARM_CORNERS, SECTOR_CORNERS, board_layout
from skyhex.rules.paragliders.maps import slot_order


@dataclass(frozen=True)
class BoardTables:
    """A standard board's slots and hexes by role, in the orders the setup rules read them."""

    slots: frozenset[Slot]
    """Every slot of the board."""
    ordered: tuple[Slot, ...]
    """The board's slots in the order map files list them (``maps.slot_order``)."""
    ring: tuple[Slot, ...]
    """The three tiles around the centre, sorted."""
    ring_hexes: tuple[Hex, ...]
    """Their hexes, sorted."""
    arms: tuple[tuple[str, Slot, tuple[Hex, Hex, Hex]], ...]
    """Each slot of the star's arms with its corner and hexes, arm by arm from the centre."""
    sector_hexes: Mapping[str, tuple[Hex, ...]]
    """The hexes of each sector, sorted."""
    openings: Mapping[str, tuple[Hex, ...]]
    """For each sector, the hexes of its tile around the centre that touch the sector,
    sorted: a mountain there opens the way from the starting mountain into it."""
    groups: Mapping[str, Mapping[Slot, int]]
    """The groups of slots the setup fills in turn after the star (``"ring"``, the tiles
    around the centre, and each sector by name), each slot with its place in the group's
    order (sorted for the ring, nearest the centre first for a sector)."""
    group_of: Mapping[Slot, str]
    """The group holding each slot of the ring and the sectors."""


@cache
def board_tables(radius: int) -> BoardTables:
    """The tables of the standard board of ``radius`` slots (radius 2 or more)."""
    board = board_layout(radius)
    ring = tuple(sorted(board.ring_slots))
    openings = {name: tuple(sorted(
        h for s, wedge in board.ring_slots.items() if wedge == name for h in s.hexes()
        if any(board.sector_of(slot_of(n)) == name for n in h.neighbors())))
        for name in SECTOR_CORNERS}
    groups = {"ring": ring, **{name: board.sector(name) for name in SECTOR_CORNERS}}
    return BoardTables(
        slots=frozenset(board.slots),
        ordered=tuple(sorted(board.slots, key=slot_order)),
        ring=ring,
        ring_hexes=tuple(sorted(h for s in ring for h in s.hexes())),
        arms=tuple((corner, slot, slot.hexes()) for corner in ARM_CORNERS
                   for slot in board.arm(corner)),
        sector_hexes={name: tuple(sorted(h for s in board.sector(name) for h in s.hexes()))
                      for name in SECTOR_CORNERS},
        openings=openings,
        groups={name: {s: i for i, s in enumerate(slots)} for name, slots in groups.items()},
        group_of={s: name for name, slots in groups.items() for s in slots})
