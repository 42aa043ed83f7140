"""Figures that let scenario authors compare maps: terrain counts, the mountain cluster,
the map edge and the distances between take-off and antennas (hex distances, as scoring
counts them)."""

from __future__ import annotations

from itertools import pairwise, permutations
from typing import Any

from skyhex.mapgen.figures import spread
from skyhex.mapgen.paragliders.check import mountain_clusters
from skyhex.rules.hexgrid import Hex
from skyhex.rules.paragliders.board import edge_hexes
from skyhex.rules.paragliders.features import Antenna
from skyhex.rules.paragliders.maps import Map
from skyhex.rules.paragliders.terrain import Terrain


def map_stats(m: Map) -> dict[str, Any]:
    """A JSON-ready summary of the map."""
    terrain = {t.value: 0 for t in Terrain}
    for mh in m.hexes.values():
        terrain[mh.terrain.value] += 1
    groups = mountain_clusters(m)
    clusters = sorted((len(c) for c in groups), reverse=True)
    takeoffs = m.takeoffs
    antennas: dict[str, Hex] = {}
    for h, mh in sorted(m.hexes.items()):
        if mh.features.antenna is not None:
            antennas.setdefault(mh.features.antenna.value, h)
    cluster_of_takeoff = 0
    for c in groups:
        if any(h in c for h in takeoffs):
            cluster_of_takeoff = len(c)

    def from_takeoff(h: Hex) -> int:
        return min(h.distance(t) for t in takeoffs) if takeoffs else 0

    colours = [a.value for a in Antenna if a.value in antennas]
    takeoff_to = {c: from_takeoff(antennas[c]) for c in colours}
    between = {f"{a}-{b}": antennas[a].distance(antennas[b])
               for i, a in enumerate(colours) for b in colours[i + 1:]}
    tour: dict[str, Any] | None = None
    if takeoffs and colours:
        best = min(permutations(colours), key=lambda order: (_tour(order, antennas, from_takeoff),
                                                             order))
        tour = {"length": _tour(best, antennas, from_takeoff), "order": list(best)}
    return {
        "hexes": len(m.hexes),
        "terrain": terrain,
        "mountain_clusters": clusters,
        "takeoff_cluster": cluster_of_takeoff,
        "edge_hexes": len(edge_hexes(frozenset(m.hexes))),
        "takeoff_to_antenna": takeoff_to,
        "antenna_to_antenna": between,
        "antenna_tour": tour,
        "spawns": len(m.features("spawn")),
        "gps_sites": sorted({mh.features.gps.value for mh in m.hexes.values()
                             if mh.features.gps is not None}),
    }


def _tour(order: tuple[str, ...], antennas: dict[str, Hex], start: Any) -> int:
    total: int = start(antennas[order[0]])
    for a, b in pairwise(order):
        total += antennas[a].distance(antennas[b])
    return total


NUMERIC = ("hexes", "edge_hexes", "takeoff_cluster")


def summary(stats: list[dict[str, Any]]) -> dict[str, Any]:
    """Minimum, mean and maximum of the main figures over several maps."""
    out: dict[str, Any] = {"maps": len(stats)}
    for key in NUMERIC:
        out[key] = spread([s[key] for s in stats])
    for t in Terrain:
        out[f"terrain.{t.value}"] = spread([s["terrain"][t.value] for s in stats])
    tours = [s["antenna_tour"]["length"] for s in stats if s["antenna_tour"]]
    if tours:
        out["antenna_tour"] = spread(tours)
    out["mountain_cluster_count"] = spread([len(s["mountain_clusters"]) for s in stats])
    return out
