"""How the Paragliders generator sets maps up, over many seeds: mountains per sector, the
redraws the setup needed under each reading of the mountain rule (and with setup
assistants), the balance score's distribution, and the time `skyhex map generate --where`
takes for a few conditions.

Run: python -m benchmarks.mapsetup [--seeds N] [--balance N]. Targets: mountains in all
three sectors of at least 95 % of maps (per-sector reading); every map passes the checker of
its own reading; `--where 'balance>=95'` answers within 2 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter

WHERE = ("balance>=85", "balance>=95", "balance>=100", "pockets==0 and route.below.length<=22",
         "sectors.B.mountains>=12")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2000, help="seeds per setup (default 2000)")
    parser.add_argument("--balance", type=int, default=1000,
                        help="seeds for the balance distribution (default 1000)")
    args = parser.parse_args()

    from skyhex.mapgen.paragliders.check import check_map
    from skyhex.mapgen.paragliders.generate import generate_map
    from skyhex.mapgen.paragliders.stats import map_stats
    from skyhex.rules.paragliders.board import board_layout
    from skyhex.rules.paragliders.components import standard_set
    from skyhex.rules.paragliders.maps import MountainReading
    from skyhex.rules.paragliders.terrain import Terrain

    cs = standard_set()
    board = board_layout(4)
    sectors = {n: [h for s in board.sector(n) for h in s.hexes()] for n in "BDF"}
    for reading in MountainReading:
        for assistants in (0, 3):
            start = time.perf_counter()
            everywhere, invalid = 0, 0
            redraws: Counter[int] = Counter()
            steps: Counter[str] = Counter()
            for seed in range(args.seeds):
                m = generate_map(cs, seed, mountains=reading, assistants=assistants)
                invalid += bool(check_map(m, cs))
                everywhere += all(any(m.hexes[h].terrain is Terrain.MOUNTAIN for h in hs)
                                  for hs in sectors.values())
                redraws[len(m.redraws or ())] += 1
                steps.update(r.step for r in m.redraws or ())
            elapsed = time.perf_counter() - start
            print(f"{reading.value}, {assistants} assistants: {args.seeds} seeds in "
                  f"{elapsed:.1f} s; mountains in all three sectors "
                  f"{100 * everywhere / args.seeds:.1f} %; failing their checker: {invalid}")
            print(f"  redraws per map: {dict(sorted(redraws.items()))}; "
                  f"maps with none: {100 * redraws[0] / args.seeds:.1f} %; mean "
                  f"{sum(k * v for k, v in redraws.items()) / args.seeds:.2f}")
            print(f"  steps drawn again: {dict(steps.most_common())}")

    scores = sorted(map_stats(generate_map(cs, seed))["balance"] for seed in range(args.balance))
    deciles = [scores[len(scores) * k // 10] for k in range(10)] + [scores[-1]]
    print(f"balance over {args.balance} seeds: mean {statistics.mean(scores):.1f}, median "
          f"{statistics.median(scores):g}, min {scores[0]}, deciles {deciles}")
    bands = Counter(min(s // 5 * 5, 95) for s in scores)
    print("  by band: " + ", ".join(f"{b}-{b + 4 if b < 95 else 100}: {bands[b]}"
                                    for b in sorted(bands)))
    for threshold in (70, 80, 85, 90, 95, 100):
        share = 100 * sum(s >= threshold for s in scores) / len(scores)
        print(f"  balance>={threshold}: {share:.1f} % of maps")

    exe = shutil.which("skyhex") or os.path.join(os.path.dirname(sys.executable), "skyhex")
    for condition in WHERE:
        runs, draws = [], []
        for seed in (1, 1001, 2001):
            start = time.perf_counter()
            out = subprocess.run([exe, "map", "generate", "--seed", str(seed), "--where",
                                  condition, "-o", os.devnull], capture_output=True, text=True)
            runs.append(time.perf_counter() - start)
            draws.append(out.stderr.split(" after ")[-1].split()[0] if out.returncode == 0
                         else "none in 1000")
        print(f"--where {condition!r}: {max(runs):.2f} s at most (draws from seeds 1, 1001, "
              f"2001: {', '.join(draws)})")


if __name__ == "__main__":
    main()
