"""Figures that let scenario authors judge and compare maps: terrain, the mountains and the
lift around them sector by sector, where the antennas lie, the race's shortest routes and a
static balance score (``balance.py``). Distances to and between antennas are hex distances,
as scoring counts them; routes count the moves of a pilot who may not fly over aerodromes,
nor over mountains when below the mountaintop. ``docs/map-stats.md`` describes every field,
and ``skyhex schema map-stats`` publishes them. The mountain clusters and the route lengths
come from networkx (``graph.py``), the graph engine of the map tools.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import pairwise, permutations
from typing import Any

from skyhex.mapgen.figures import spread
from skyhex.mapgen.paragliders.balance import balance, penalties
from skyhex.mapgen.paragliders.graph import distances, mountain_clusters, moves_graph
from skyhex.rules.hexgrid import Direction, Hex, slot_of
from skyhex.rules.paragliders.board import SECTOR_CORNERS, board_layout, edge_hexes
from skyhex.rules.paragliders.features import Antenna
from skyhex.rules.paragliders.maps import Map, MapLayout
from skyhex.rules.paragliders.terrain import Terrain

# Sun exposure (DESIGN.md): the morning sun lifts a pilot with a mountain to the NW or SW,
# the afternoon sun one with a mountain to the NE or SE.
MORNING = (Direction.NW, Direction.SW)
AFTERNOON = (Direction.NE, Direction.SE)


def map_stats(m: Map) -> dict[str, Any]:
    """A JSON-ready summary of the map (``sectors`` only on the standard layout)."""
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
    main: set[Hex] = next((c for c in groups if any(h in c for h in takeoffs)), set())

    def from_takeoff(h: Hex) -> int:
        return min(h.distance(t) for t in takeoffs) if takeoffs else 0

    colours: list[str] = [a.value for a in Antenna if a.value in antennas]
    takeoff_to: dict[str, int] = {c: from_takeoff(antennas[c]) for c in colours}
    between = {f"{a}-{b}": antennas[a].distance(antennas[b])
               for i, a in enumerate(colours) for b in colours[i + 1:]}
    tour: dict[str, Any] | None = None
    if takeoffs and colours:
        best = min(permutations(colours), key=lambda order: (_tour(order, antennas, from_takeoff),
                                                             order))
        tour = {"length": _tour(best, antennas, from_takeoff), "order": list(best)}

    peaks = m.terrain_hexes(Terrain.MOUNTAIN)
    around = {h: [n for n in h.neighbors() if n in m.hexes] for h in m.hexes}
    slopes = {h for h, mh in m.hexes.items() if mh.terrain not in (Terrain.MOUNTAIN,
                                                                    Terrain.AERODROME)
              and any(n in peaks for n in around[h])}
    sectors = _sectors(m, groups, main, slopes, antennas) \
        if m.layout is MapLayout.STANDARD else None
    # a pilot's moves below and above the mountaintop, each one graph for every search
    low, high = moves_graph(_moves(m, around, _below)), moves_graph(_moves(m, around, _above))
    below = _route(m, antennas, low)
    above = _route(m, antennas, high)
    pockets = _pockets(m, colours, antennas, low)
    detour = below["length"] - above["length"] if below and above else None
    length = below["length"] if below else (above["length"] if above else None)
    points = penalties(length, detour, pockets,
                       {n: s["lift"] for n, s in sectors.items()} if sectors else {}, takeoff_to)
    return {
        "hexes": len(m.hexes),
        "terrain": terrain,
        "mountain_clusters": clusters,
        "takeoff_cluster": len(main),
        "edge_hexes": len(edge_hexes(frozenset(m.hexes))),
        "takeoff_to_antenna": takeoff_to,
        "antenna_to_antenna": between,
        "antenna_tour": tour,
        "spawns": len(m.features("spawn")),
        "gps_sites": sorted({mh.features.gps.value for mh in m.hexes.values()
                             if mh.features.gps is not None}),
        "lift_hexes": len(slopes),
        "sun_morning_hexes": _facing(slopes, peaks, MORNING),
        "sun_afternoon_hexes": _facing(slopes, peaks, AFTERNOON),
        "sectors": sectors,
        "antennas_next_to_mountains": [c for c in colours
                                       if any(n in peaks for n in antennas[c].neighbors())],
        "pockets": pockets,
        "route": {"below": below, "above": above},
        "detour": detour,
        "balance": balance(points),
        "balance_penalties": points,
    }


def _facing(slopes: set[Hex], peaks: set[Hex], sides: Iterable[Direction]) -> int:
    return sum(1 for h in slopes if any(h.neighbor(d) in peaks for d in sides))


def _sectors(m: Map, groups: list[set[Hex]], main: set[Hex], slopes: set[Hex],
             antennas: dict[str, Hex]) -> dict[str, dict[str, Any]]:
    """Per sector of a standard board (the wedges between the star's arms, beyond the tiles
    around the centre):
    mountain hexes, the clusters they belong to, whether they join the take-off's, lift hexes,
    spawn hexes, GPS sites and antennas."""
    board = board_layout(m.radius)
    cluster_of = {h: i for i, c in enumerate(groups) for h in c}
    out: dict[str, dict[str, Any]] = {}
    where = {h: board.sector_of(slot_of(h)) for h in m.hexes}
    for name in SECTOR_CORNERS:
        hexes = [h for h in sorted(m.hexes) if where[h] == name]
        peaks = [h for h in hexes if h in cluster_of]
        out[name] = {
            "mountains": len(peaks),
            "clusters": len({cluster_of[h] for h in peaks}),
            "joined": any(h in main for h in peaks),
            "lift": sum(1 for h in hexes if h in slopes),
            "spawns": sum(1 for h in hexes if m.hexes[h].features.spawn is not None),
            "gps": len({m.hexes[h].features.gps for h in hexes
                        if m.hexes[h].features.gps is not None}),
            "antennas": [c for c, h in antennas.items() if where[h] == name],
        }
    return out


Moves = dict[Hex, list[Hex]]  # where a pilot may move from each hex


def _below(t: Terrain) -> bool:
    return t not in (Terrain.MOUNTAIN, Terrain.AERODROME)


def _above(t: Terrain) -> bool:
    return t is not Terrain.AERODROME


def _moves(m: Map, around: Moves, passable: Callable[[Terrain], bool]) -> Moves:
    """From each hex of the map, the neighbours a pilot may move onto (``around``: all
    its neighbours on the map)."""
    return {h: [n for n in ns if passable(m.hexes[n].terrain)] for h, ns in around.items()}


def _route(m: Map, antennas: dict[str, Hex], moves: Any) -> dict[str, Any] | None:
    """The shortest route from a take-off hex over the three antennas (in the best order) to
    the target (``moves``: the graph of a pilot's moves, ``graph.moves_graph``); ``None``
    when the map has none or a pilot cannot fly it."""
    if not m.takeoffs or not m.targets or len(antennas) < len(Antenna):
        return None
    target = m.targets[0]
    legs = {"takeoff": distances(moves, m.takeoffs)}
    legs.update((c, distances(moves, [h])) for c, h in antennas.items())
    best: tuple[int, tuple[str, ...]] | None = None
    for order in permutations(sorted(antennas)):
        stops = [antennas[c] for c in order] + [target]
        names = ["takeoff", *order]
        if any(h not in legs[n] for n, h in zip(names, stops, strict=True)):
            continue
        length = sum(legs[n][h] for n, h in zip(names, stops, strict=True))
        if best is None or (length, order) < best:
            best = (length, order)
    return None if best is None else {"length": best[0], "order": list(best[1])}


def _pockets(m: Map, colours: list[str], antennas: dict[str, Hex], low: Any) -> list[str]:
    """Antennas a pilot below the mountaintop cannot reach from the take-off: enclosed by
    mountains (and the map edge, and aerodromes), to be reached only over the mountains."""
    if not m.takeoffs:
        return []
    reach = distances(low, m.takeoffs)
    return [c for c in colours if antennas[c] not in reach]


def _tour(order: tuple[str, ...], antennas: dict[str, Hex], start: Any) -> int:
    total: int = start(antennas[order[0]])
    for a, b in pairwise(order):
        total += antennas[a].distance(antennas[b])
    return total


NUMERIC = ("hexes", "edge_hexes", "takeoff_cluster", "lift_hexes", "sun_morning_hexes",
           "sun_afternoon_hexes", "balance")


def summary(stats: list[dict[str, Any]]) -> dict[str, Any]:
    """Minimum, mean and maximum of the main figures over several maps (a figure that a map
    lacks, such as a route no pilot can fly, is left out of its spread)."""
    out: dict[str, Any] = {"maps": len(stats)}
    for key in NUMERIC:
        out[key] = spread([s[key] for s in stats])
    for t in Terrain:
        out[f"terrain.{t.value}"] = spread([s["terrain"][t.value] for s in stats])
    tours = [s["antenna_tour"]["length"] for s in stats if s["antenna_tour"]]
    if tours:
        out["antenna_tour"] = spread(tours)
    out["mountain_cluster_count"] = spread([len(s["mountain_clusters"]) for s in stats])
    with_sectors = [s["sectors"] for s in stats if s["sectors"]]
    for name in SECTOR_CORNERS:
        for key in ("mountains", "lift"):
            if with_sectors:
                out[f"sectors.{name}.{key}"] = spread([s[name][key] for s in with_sectors])
    for level in ("below", "above"):
        lengths = [s["route"][level]["length"] for s in stats if s["route"][level]]
        if lengths:
            out[f"route.{level}"] = spread(lengths)
    detours = [s["detour"] for s in stats if s["detour"] is not None]
    if detours:
        out["detour"] = spread(detours)
    out["pockets"] = spread([len(s["pockets"]) for s in stats])
    return out
