"""``python -m tests.hostile [--short] [--fuzz N]``: run the hostile-input suite and print
its figures, by category: the inputs tried, and the answers with each fault (a traceback, a
hang, a silent truncation, a file clobbered, a leak, a raw control character, an unlocated
or multi-line error, an error twice, a long quote, a wrong exit code), and the slowest
answer (processor time, which the 5 s limit is about, and wall time). ``--fuzz N`` adds N
mutated moves files per game (replayed as in ``tests/test_hostile_fuzz.py``)."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

from .corpus import CATEGORIES, corpus
from .harness import FAULTS, judge


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.hostile")
    parser.add_argument("--short", action="store_true", help="the inputs CI runs")
    parser.add_argument("--fuzz", type=int, default=0, metavar="N",
                        help="also N mutated moves files per game")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each fault")
    options = parser.parse_args()
    tried: Counter[str] = Counter()
    found: dict[str, Counter[str]] = defaultdict(Counter)
    slowest: dict[str, float] = defaultdict(float)
    slowest_wall: dict[str, float] = defaultdict(float)
    started = time.monotonic()
    for case in corpus(full=not options.short):
        with tempfile.TemporaryDirectory() as top:
            outcome, faults = judge(case, Path(top))
        tried[case.category] += 1
        slowest[case.category] = max(slowest[case.category], outcome.seconds)
        slowest_wall[case.category] = max(slowest_wall[case.category], outcome.wall)
        for fault in {f.split(":", 1)[0] for f in faults}:
            found[case.category][fault] += 1
        if faults and options.verbose:
            print(f"{case.id}: {'; '.join(faults)}", file=sys.stderr)
    rows = [(c, tried[c]) for c in CATEGORIES]
    if options.fuzz:
        from .fuzz import fuzz

        for game, (count, faults, slow) in fuzz(options.fuzz).items():
            rows.append((f"fuzz-{game}", count))
            tried[f"fuzz-{game}"] = count
            found[f"fuzz-{game}"].update(faults)
            slowest[f"fuzz-{game}"] = slow
    header = ["category", "inputs", *FAULTS, "slowest cpu s", "slowest wall s"]
    print(" | ".join(header))
    print(" | ".join("---" for _ in header))
    for category, count in rows:
        print(" | ".join([category, str(count), *(str(found[category][f]) for f in FAULTS),
                          f"{slowest[category]:.2f}",
                          f"{slowest_wall[category]:.2f}" if category in slowest_wall else "-"]))
    total = sum(tried.values())
    bad = sum(sum(c.values()) for c in found.values())
    print(f"\n{total} inputs in {time.monotonic() - started:.0f} s, {bad} with a fault")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
