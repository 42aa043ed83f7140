"""Maps: generating and checking Paragliders maps, Turbulences landscapes and Balmy
Balloonists globes, reading map files, and how generation scales with the board (radius 2
to 7, on a component set made big enough by copying the standard set's plain tiles)."""

from __future__ import annotations

import copy
import statistics
import time
from typing import Any

from benchmarks import inputs
from benchmarks.measure import Figure, best_rate, cpu_rate


def big_set(radius: int) -> Any:
    """The standard component set with enough tiles for a board of ``radius``: its plain
    tiles (no mark on any face) copied under new ids so that the set keeps the standard
    set's share of mountain tiles at every size (a larger share would lay more mountains per
    slot and measure the mix, not the board)."""
    from skyhex.rules.paragliders.components import components_from_dict, standard_set_doc

    doc = copy.deepcopy(dict(standard_set_doc()))
    tiles = doc["tiles"]

    def mountainous(t: Any) -> bool:
        return any(h == "mountain" or (isinstance(h, dict) and h.get("terrain") == "mountain")
                   for face in t["faces"].values() for h in face)

    share = sum(map(mountainous, tiles)) / len(tiles)
    plain = [t for t in tiles if t.get("kind", "regular") == "regular"
             and all(isinstance(h, str) for face in t["faces"].values() for h in face)]
    pools = [[t for t in plain if not mountainous(t)], [t for t in plain if mountainous(t)]]
    needed = 3 * radius * radius + 3 * radius + 1
    mountains = sum(map(mountainous, tiles))
    copies = 0
    while len(tiles) < needed + 12:
        pool = pools[mountains < share * (len(tiles) + 1)]
        clone = copy.deepcopy(pool[copies % len(pool)])
        clone["id"] = f"{clone['id']}-x{copies}"
        tiles.append(clone)
        mountains += mountainous(clone)
        copies += 1
    return components_from_dict(doc)


def run(quick: bool = False) -> list[Figure]:
    from skyhex.games import dump_yaml
    from skyhex.mapgen.paragliders.check import check_map
    from skyhex.mapgen.paragliders.generate import generate_map
    from skyhex.mapgen.turbulences.check import check_landscape
    from skyhex.mapgen.turbulences.generate import generate_landscape
    from skyhex.rules.paragliders.components import standard_set
    from skyhex.rules.paragliders.maps import map_to_dict
    from skyhex.rules.turbulences.landscape import Difficulty
    from skyhex.schemas.documents import parse

    count = 60 if quick else 200
    cs = standard_set()
    generate_map(cs, 0)
    maps: list[Any] = []
    seeds = inputs.seeds(1)

    def generate() -> int:  # fresh seeds at every round
        maps[:] = [generate_map(cs, next(seeds)) for _ in range(count)]
        return count

    rate, cpu = best_rate(generate, 1 if quick else 3)
    out = [Figure("maps", "generate + check Paragliders maps", rate, "maps/s", cpu=cpu,
                  target=">= 500/s", met=rate >= 500)]
    rate, cpu = cpu_rate(lambda: sum(1 for m in maps if not check_map(m, cs)))
    out.append(Figure("maps", "check Paragliders maps", rate, "maps/s", cpu=cpu))
    texts = [dump_yaml(map_to_dict(m), ("slots", "hexes")) for m in maps[:50]]
    rate, cpu = cpu_rate(lambda: len([parse(t, "m.yaml") for t in texts]))
    out.append(Figure("maps", "read Paragliders map files (YAML)", rate, "files/s", cpu=cpu))
    rate, cpu = cpu_rate(lambda: len([dump_yaml(map_to_dict(m), ("slots", "hexes"))
                                      for m in maps]))
    out.append(Figure("maps", "write Paragliders map files (YAML)", rate, "files/s",
                      cpu=cpu))
    difficulties = list(Difficulty)
    lands = 500 if quick else 3000
    rate, cpu = cpu_rate(lambda: len([generate_landscape(s, difficulties[s % 4])
                                      for s in range(lands)]))
    out.append(Figure("maps", "generate + check Turbulences landscapes", rate, "maps/s",
                      cpu=cpu))
    landscapes = [generate_landscape(s, difficulties[s % 4]) for s in range(200)]
    rate, cpu = cpu_rate(lambda: sum(1 for land in landscapes if not check_landscape(land)))
    out.append(Figure("maps", "check Turbulences landscapes", rate, "maps/s", cpu=cpu))
    out += globes(quick)
    out += scaling(quick)
    return out


def globes(quick: bool) -> list[Figure]:
    """Balmy Balloonists globes of the standard set generated (each zone placed so that the
    globe stays passable) and checked, the best of three rounds on fresh seeds."""
    from skyhex.mapgen.balloons.check import check_globe
    from skyhex.mapgen.balloons.generate import generate_globe
    from skyhex.rules.balloons.components import standard_set

    parts = standard_set()
    count = 5 if quick else 20
    made: list[Any] = []
    seeds = inputs.seeds(1)
    generate_globe(parts, 0)

    def generate() -> int:  # fresh seeds at every round
        made[:] = [generate_globe(parts, next(seeds)) for _ in range(count)]
        return count

    rate, cpu = best_rate(generate, 1 if quick else 3)
    out = [Figure("maps", "generate + check Balmy Balloonists globes", rate, "maps/s",
                  cpu=cpu, target=">= 50/s", met=rate >= 50)]
    rate, cpu = cpu_rate(lambda: sum(1 for g in made if not check_globe(g, parts)))
    out.append(Figure("maps", "check Balmy Balloonists globes", rate, "maps/s", cpu=cpu))
    return out


def scaling(quick: bool) -> list[Figure]:
    """Milliseconds of CPU per generated map, by radius (the best of three rounds taking the
    radii in turn, each round on fresh seeds), and the growth from radius 4 to 7 against the
    growth of the hex count (each pair of batches on fresh seeds, the same for both)."""
    from skyhex.mapgen.paragliders.generate import generate_map

    radii = (2, 4) if quick else (2, 3, 4, 5, 6, 7)
    per_map: dict[int, float] = {}
    spent = 0.0
    sets = {radius: big_set(radius) for radius in radii}
    maps = 4 if quick else 48  # seeds enough that the mix of tiles drawn evens out
    seeds = inputs.seeds(1)
    for _ in range(1 if quick else 3):  # radii in turn, the best of the rounds kept
        batch = [next(seeds) for _ in range(maps)]  # fresh seeds at every round
        for radius, cs in sets.items():
            start = time.process_time()
            for seed in batch:
                generate_map(cs, seed, radius=radius)
            took = time.process_time() - start
            spent += took
            per_map[radius] = min(per_map.get(radius, took / maps * 1000), took / maps * 1000)
    out = [Figure("maps", f"generate a radius-{r} map ({3 * r * r + 3 * r + 1} slots)", ms,
                  "ms/map", cpu=spent / len(radii)) for r, ms in per_map.items()]
    if 4 in sets and 7 in sets:
        # the growth from alternated pairs of batches, the median of their ratios: a load
        # spike then touches both sides of a pair, not one radius's best round
        ratios = []
        for _ in range(7):
            pair: dict[int, float] = {}
            batch = [next(seeds) for _ in range(maps)]  # fresh, the same for both radii
            for radius in (4, 7):
                start = time.process_time()
                for seed in batch:
                    generate_map(sets[radius], seed, radius=radius)
                pair[radius] = time.process_time() - start
            ratios.append(pair[7] / pair[4])
        growth = statistics.median(ratios)
        hexes = (3 * 49 + 21 + 1) / (3 * 16 + 12 + 1)
        out.append(Figure("maps", "growth of ms/map from radius 4 to 7 (median of 7 "
                          "alternated pairs)", growth, "x",
                          target=f"<= {hexes:.2f}x (the slot count's growth)",
                          met=growth <= hexes))
    return out
