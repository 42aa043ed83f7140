"""The plain searches that checking and generating Paragliders maps use answer as networkx,
the graph engine of ``map stats`` (``mapgen/paragliders/graph.py``), on generated maps and
on maps with random terrain: the mountain clusters (in the same order, since the checker and
the statistics pick the first of equally large clusters), the pieces of a custom board, and
the routes a pilot flies."""

from __future__ import annotations

from collections import deque
from dataclasses import replace

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from skyhex.mapgen.paragliders import graph
from skyhex.mapgen.paragliders.generate import generate_map
from skyhex.rules.hexgrid import Hex, connected_groups
from skyhex.rules.paragliders.board import SECTOR_CORNERS, board_layout
from skyhex.rules.paragliders.components import standard_set
from skyhex.rules.paragliders.maps import Map, MapHex, MountainReading
from skyhex.rules.paragliders.terrain import Terrain

STANDARD = standard_set()


def _bfs(hexes: set[Hex], passable: set[Hex], starts: list[Hex]) -> dict[Hex, int]:
    """Moves from ``starts`` onto passable neighbours, breadth first (written out here)."""
    out = {h: 0 for h in starts}
    queue = deque(starts)
    while queue:
        h = queue.popleft()
        for n in h.neighbors():
            if n in hexes and n in passable and n not in out:
                out[n] = out[h] + 1
                queue.append(n)
    return out


def _agree(m: Map) -> None:
    mountains = m.terrain_hexes(Terrain.MOUNTAIN)
    assert connected_groups(mountains) == graph.mountain_clusters(m)
    board = set(m.hexes)  # as the checker asks of a custom board
    assert connected_groups(board) == [set(c) for c in
                                       nx.connected_components(graph.adjacency(board))]
    passable = {h for h, mh in m.hexes.items() if mh.terrain is not Terrain.AERODROME}
    moves = {h: [n for n in h.neighbors() if n in m.hexes and n in passable] for h in m.hexes}
    starts = sorted(m.hexes)[:2]
    assert graph.distances(graph.moves_graph(moves), starts) == _bfs(set(m.hexes), passable,
                                                                     starts)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(list(MountainReading)), st.integers(0, 2))
def test_generated_maps(seed: int, reading: MountainReading, aerodromes: int) -> None:
    m = generate_map(STANDARD, seed, mountains=reading, aerodromes=aerodromes)
    _agree(m)
    # what the generator's frontier tables keep: each sector's mountains in one component
    # of networkx's (all mountains in one, read as one cluster)
    clusters = graph.mountain_clusters(m)
    component = {h: i for i, c in enumerate(clusters) for h in c}
    board = board_layout(m.radius)
    for name in SECTOR_CORNERS:
        assert len({component[h] for slot in board.sector(name) for h in slot.hexes()
                    if h in component}) <= 1
    if reading is MountainReading.ONE_CLUSTER:
        assert len(clusters) == 1


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 1000), st.data())
def test_maps_with_random_terrain(seed: int, data: st.DataObject) -> None:
    """A generated map's hexes, some dropped (a custom board in pieces), their terrain
    redrawn at random."""
    m = generate_map(STANDARD, seed % 20)
    hexes = sorted(m.hexes)
    keep = data.draw(st.lists(st.booleans(), min_size=len(hexes), max_size=len(hexes)))
    terrain = data.draw(st.lists(st.sampled_from(list(Terrain)), min_size=len(hexes),
                                 max_size=len(hexes)))
    shuffled = data.draw(st.permutations(range(len(hexes))))
    drawn = {hexes[i]: MapHex(terrain[i]) for i in shuffled if keep[i]}
    _agree(replace(m, hexes=drawn, slot_hexes=None))
