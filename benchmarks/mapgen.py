"""Map generation and checking speed, and the start-up time of `skyhex --help`.

Run: python benchmarks/mapgen.py [--maps N] [--landscapes N]. Figures are for one core (one
process). Targets: at least 100 generated-and-checked 61-tile Paragliders maps per second and
1,000 Turbulences landscapes per second; `skyhex --help` under 0.3 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", type=int, default=1000, help="maps to generate (default 1000)")
    parser.add_argument("--landscapes", type=int, default=10000,
                        help="Turbulences landscapes to generate (default 10000)")
    args = parser.parse_args()

    from skyhex.games import dump_yaml
    from skyhex.mapgen.paragliders.check import check_map
    from skyhex.mapgen.paragliders.generate import generate_map
    from skyhex.rules.paragliders.components import standard_set
    from skyhex.rules.paragliders.maps import map_to_dict
    from skyhex.schemas.documents import parse

    cs = standard_set()
    generate_map(cs, 0)  # warm up imports and caches

    start = time.perf_counter()
    maps = []
    for seed in range(args.maps):
        m = generate_map(cs, seed)  # runs the checker before returning
        maps.append(m)
    elapsed = time.perf_counter() - start
    print(f"generate + check: {args.maps} maps (seeds 0-{args.maps - 1}) in {elapsed:.2f} s "
          f"= {args.maps / elapsed:,.0f} maps/s")

    start = time.perf_counter()
    for m in maps:
        assert not check_map(m, cs)
    elapsed = time.perf_counter() - start
    print(f"check:            {len(maps) / elapsed:,.0f} maps/s")

    texts = [dump_yaml(map_to_dict(m), ("slots", "hexes")) for m in maps[:200]]
    start = time.perf_counter()
    for text in texts:
        parse(text, "m.yaml")
    elapsed = time.perf_counter() - start
    print(f"read map file:    {len(texts) / elapsed:,.0f} files/s (YAML with positions)")

    turbulences(args.landscapes)

    exe = shutil.which("skyhex") or os.path.join(os.path.dirname(sys.executable), "skyhex")
    runs = []
    for _ in range(7):
        start = time.perf_counter()
        subprocess.run([exe, "--help"], check=True, capture_output=True)
        runs.append(time.perf_counter() - start)
    print(f"skyhex --help:    {statistics.median(runs) * 1000:.0f} ms (median of 7)")


def turbulences(count: int) -> None:
    """Turbulences landscapes, the four difficulties in turn."""
    from skyhex.mapgen.turbulences.check import check_landscape
    from skyhex.mapgen.turbulences.generate import generate_landscape
    from skyhex.rules.turbulences.landscape import Difficulty

    difficulties = list(Difficulty)
    generate_landscape(0, Difficulty.EASY)  # warm up imports and caches
    start = time.perf_counter()
    landscapes = [generate_landscape(seed, difficulties[seed % 4]) for seed in range(count)]
    elapsed = time.perf_counter() - start
    print(f"turbulences generate + check: {count} landscapes (all difficulties) in "
          f"{elapsed:.2f} s = {count / elapsed:,.0f} maps/s")
    start = time.perf_counter()
    for land in landscapes:
        assert not check_landscape(land)
    elapsed = time.perf_counter() - start
    print(f"turbulences check:            {count / elapsed:,.0f} maps/s")


if __name__ == "__main__":
    main()
