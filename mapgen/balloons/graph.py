"""The globe as a graph (networkx), the engine of the map tools' questions about ways round
the world: ``map stats`` asks it for the fewest steps round the world from each lane's start
(``shortest_lap``), and the tests hold the fast tables (``tables.py``, which the generator's
inner loop and the checker use, so that reading a globe never imports networkx) equal to
its answers. Only ``map stats`` imports this module, when it runs.

A space is *free* unless it lies in a restricted airspace or a white mountain zone (brown
mountains are crossed at Medium). Edges join a free space to the free spaces a balloon moves
to in one step (``tables.steps``): east and west along its lane (quadrant movement forward
and backward, a Misfortune blowing it back) and north and south (a Local Wind card: the
shifted space of the next lane, within the section; north of lane 1 the Polar Vortex returns
it to the first space of the section in lane 1). North/south steps are not symmetric, so the
graph is directed.

To tell whether a balloon gets round the world, the graph is lifted onto laps: node
``(space, lap)``, crossing the start meridian eastward adds a lap, westward takes one; a
balloon at lap 0 gets home when it reaches lap 1. Laps -1 to 1 are enough for any way that
goes back across the start meridian at most once.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import networkx as nx

from skyhex.mapgen.balloons.tables import BLOCKING, steps
from skyhex.rules.balloons.globe import Globe, Section, Space

LAPS = (-1, 0, 1)


def free(globe: Globe, blocked: frozenset[Space] = frozenset()) -> set[Space]:
    """The spaces of ``globe`` a balloon passes at Medium altitude without permission (and
    not in ``blocked``)."""
    out = set()
    for s in globe.spaces():
        zone = globe.zone_at.get(s)
        if s not in blocked and (zone is None or zone.kind not in BLOCKING):
            out.add(s)
    return out


@cache
def _step_table(lanes: int, sections: tuple[Section, ...]) -> dict[Space, tuple[tuple[Space, int], ...]]:
    """Every space's steps, for a globe's geometry (its zones play no part)."""
    globe = Globe(lanes, sections)
    return {s: tuple((to, gain) for to, gain in steps(globe, s) if to != s)
            for s in globe.spaces()}


def lifted(globe: Globe, spaces: set[Space]) -> Any:
    """The directed graph of ``spaces`` on laps -1 to 1."""
    table = _step_table(globe.lanes, globe.sections)
    g = nx.DiGraph()
    g.add_nodes_from((s, lap) for lap in LAPS for s in spaces)
    g.add_edges_from(((s, lap), (to, lap + gain)) for s in spaces for to, gain in table[s]
                     if to in spaces for lap in LAPS if lap + gain in LAPS)
    return g


HOME = "home"


def homeward(globe: Globe, spaces: set[Space]) -> set[Space]:
    """The spaces of ``spaces`` from which a balloon at lap 0 gets home (reaches lap 1)."""
    g = lifted(globe, spaces)
    g.add_node(HOME)  # there even when no space is free
    g.add_edges_from(((s, 1), HOME) for s in spaces)
    reach = nx.ancestors(g, HOME)
    return {s for s in spaces if (s, 0) in reach}


def trapped(globe: Globe, blocked: frozenset[Space] = frozenset()) -> list[Space]:
    """The free spaces from which no balloon gets home without a permission or High
    altitude (with the spaces of ``blocked`` closed too)."""
    spaces = free(globe, blocked)
    return sorted(spaces - homeward(globe, spaces))


def shortest_lap(globe: Globe, lane: int) -> int | None:
    """The fewest steps from the start space of ``lane`` home through free spaces (``None``:
    there is no way)."""
    spaces = free(globe)
    start = globe.start(lane)
    if start not in spaces:
        return None
    g = lifted(globe, spaces)
    lengths = nx.single_source_shortest_path_length(g, (start, 0))
    home = [n for s in spaces for n in [(s, 1)] if n in lengths]
    return min((lengths[n] for n in home), default=None)
