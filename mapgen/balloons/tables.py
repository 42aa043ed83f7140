"""The globe's space graph on plain tables: the fast answer to "from which free spaces does
a balloon get round the world?", for the generator's inner loop (one question per zone
tried) and the checker (which runs whenever a globe is read: ``scenario validate``,
``replay``, ``legal``, ``board``), so that neither builds a graph nor imports networkx.

The spaces of a globe are numbered in ``Globe.spaces()`` order (lane by lane, west to east),
which is also their sorted order. ``GlobeTables`` holds, for a globe's geometry, each
space's steps (``graph.steps``, self-loops dropped) backwards: the spaces a balloon comes
from and the laps the step gains. ``homeward`` is a backward breadth-first search from lap 1
over laps -1 to 1, the same lifted graph that ``graph.py`` builds in networkx
(``graph.lifted``); ``tests/balloons/test_globe_tables.py`` holds the two equal on
generated and random globes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from skyhex.rules.balloons.globe import Globe, Section, Space, ZoneKind

BLOCKING = (ZoneKind.EXCLUSION, ZoneKind.WHITE)
"""The zones a balloon at Medium altitude without a permission cannot enter."""


def steps(globe: Globe, space: Space) -> list[tuple[Space, int]]:
    """The spaces one step away from ``space`` and the laps the step gains: east and west
    along its lane, north (north of lane 1: the Polar Vortex, back to the first space of the
    section in lane 1) and south (``graph.py`` says why)."""
    out = [globe.east(space), globe.west(space)]
    lane = space.lane
    if lane == 1:
        out.append((globe.section_start(space, 1), 0))
    else:
        out.append((globe.shift(space, lane - 1), 0))
    if lane < globe.lanes:
        out.append((globe.shift(space, lane + 1), 0))
    return out


@dataclass(frozen=True)
class GlobeTables:
    """A globe geometry's spaces by number and the steps between them."""

    spaces: tuple[Space, ...]
    """Every space, in ``Globe.spaces()`` (and sorted) order: a space's number is its index."""
    index: Mapping[Space, int]
    """The number of each space."""
    back: tuple[tuple[tuple[int, int], ...], ...]
    """For each space, the (space, laps gained) steps that lead to it."""
    beside: tuple[tuple[int, ...], ...]
    """For each space, the spaces touching it (``Globe.beside``), in that order."""


@cache
def globe_tables(lanes: int, sections: tuple[Section, ...]) -> GlobeTables:
    """The tables of a globe's geometry (its zones play no part)."""
    globe = Globe(lanes, sections)
    spaces = tuple(globe.spaces())
    index = {s: i for i, s in enumerate(spaces)}
    back: list[list[tuple[int, int]]] = [[] for _ in spaces]
    for i, s in enumerate(spaces):
        for to, gain in steps(globe, s):
            if to != s:
                back[index[to]].append((i, gain))
    return GlobeTables(spaces, index, tuple(map(tuple, back)),
                       tuple(tuple(index[b] for b in globe.beside(s)) for s in spaces))


def tables_of(globe: Globe) -> GlobeTables:
    return globe_tables(globe.lanes, globe.sections)


def open_spaces(globe: Globe) -> bytearray:
    """A flag per space (by number): 1 where a balloon passes at Medium altitude without a
    permission, 0 in a restricted airspace or a white mountain zone."""
    tables = tables_of(globe)
    flags = bytearray(b"\x01") * len(tables.spaces)
    index = tables.index
    for space, zone in globe.zone_at.items():
        if zone.kind in BLOCKING:
            flags[index[space]] = 0
    return flags


def homeward(tables: GlobeTables, free: bytearray) -> bytearray:
    """A flag per space: 1 where the space is free and a balloon there at lap 0 gets home
    (reaches lap 1) through free spaces, on laps -1 to 1."""
    back = tables.back
    n = len(free)
    # reach[lap + 1][s]: from (s, lap) a balloon reaches lap 1
    reach = [bytearray(n), bytearray(n), bytearray(free)]
    frontier = [(s, 1) for s in range(n) if free[s]]
    while frontier:
        nxt = []
        for to, lap in frontier:
            for s, gain in back[to]:
                before = lap - gain
                if -1 <= before <= 1 and free[s]:
                    row = reach[before + 1]
                    if not row[s]:
                        row[s] = 1
                        nxt.append((s, before))
        frontier = nxt
    return reach[1]


def trapped_numbers(tables: GlobeTables, free: bytearray) -> list[int]:
    """The free spaces (by number, ascending) from which no balloon gets home."""
    home = homeward(tables, free)
    return [s for s in range(len(free)) if free[s] and not home[s]]


def trapped(globe: Globe) -> list[Space]:
    """The free spaces of ``globe`` from which no balloon gets home without a permission or
    High altitude, sorted."""
    tables = tables_of(globe)
    spaces = tables.spaces
    return [spaces[s] for s in trapped_numbers(tables, open_spaces(globe))]
