"""A map's hexes as graphs (networkx), the engine of ``map stats``: the mountain clusters and
the moves of a pilot, with the route lengths over them. Only ``map stats`` (and what asks it
for figures: ``map generate --where``, ``analyze``) imports this module, when it runs.

Checking and generating a map ask the same questions of plain tables instead: the checker
(run whenever a map is read: ``scenario validate``, ``replay``, ``legal``, ``board``) finds
the mountain clusters with ``hexgrid.connected_groups``, and the generator keeps the
mountains' frontier slot by slot (``generate._Build``); ``tests/paragliders/test_map_graphs.py``
holds their answers equal to these.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import networkx as nx

from skyhex.rules.hexgrid import Hex
from skyhex.rules.paragliders.maps import Map
from skyhex.rules.paragliders.terrain import Terrain


def adjacency(hexes: Iterable[Hex]) -> Any:
    """The undirected graph of ``hexes`` joined where they touch, the nodes in ``hexes``'
    order."""
    nodes = list(hexes)
    g = nx.Graph()
    g.add_nodes_from(nodes)
    inside = set(nodes)
    g.add_edges_from((h, n) for h in nodes for n in h.neighbors() if n in inside)
    return g


def mountain_clusters(m: Map) -> list[set[Hex]]:
    """The connected groups of mountain hexes, in the order of their first hex in
    ``Map.terrain_hexes`` (the checker's ``connected_groups`` gives the same)."""
    return [set(c) for c in nx.connected_components(adjacency(m.terrain_hexes(Terrain.MOUNTAIN)))]


Moves = Mapping[Hex, list[Hex]]  # where a pilot may move from each hex


def moves_graph(moves: Moves) -> Any:
    """The directed graph of a pilot's moves: an edge from each hex to each hex it may
    move onto."""
    return nx.DiGraph(dict(moves))


_FROM = "from"  # the node before every start: one search from several starts


def distances(g: Any, starts: Iterable[Hex]) -> dict[Hex, int]:
    """Moves from the nearest of ``starts`` to every hex a pilot can reach in the moves
    graph ``g`` (breadth first, through a node joined to every start)."""
    g.add_node(_FROM)
    g.add_edges_from((_FROM, h) for h in starts)
    try:
        lengths = nx.single_source_shortest_path_length(g, _FROM)
    finally:
        g.remove_node(_FROM)
    return {h: n - 1 for h, n in lengths.items() if h != _FROM}
