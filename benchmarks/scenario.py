"""Scenario validation speed: the largest example, and the slowest broken scenario.

Run: python benchmarks/scenario.py. Target: validating the largest example takes under
50 ms of work after start-up; no broken scenario takes more than a second.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(path: str, repeat: int) -> float:
    from skyhex.games import load_scenario
    from skyhex.schemas.documents import DocumentError

    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        with contextlib.suppress(DocumentError):
            load_scenario(path)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def main() -> None:
    examples = sorted((ROOT / "examples" / "scenarios").glob("*.yaml"))

    def weight(p: Path) -> int:  # the scenario's own bytes plus its map's
        text = p.read_text()
        size = len(text)
        for line in text.splitlines():
            if line.startswith("map: "):
                size += (p.parent / line[5:].strip().strip('"')).stat().st_size
        return size

    largest = max(examples, key=weight)
    timed(str(largest), 3)  # warm up imports and caches
    ms = timed(str(largest), 20) * 1000
    print(f"validate largest example ({largest.name}, {weight(largest):,} bytes with its map): "
          f"{ms:.1f} ms (median of 20)")

    broken = sorted((ROOT / "tests" / "data" / "scenarios").glob("*.yaml"))
    with tempfile.TemporaryDirectory() as tmp:
        huge = os.path.join(tmp, "huge.yaml")
        with open(huge, "w") as f:
            f.write(("# " + "x" * 1021 + "\n") * (50 * 1024))
        paths = [str(p) for p in broken] + [huge]
        worst = max((timed(p, 3), p) for p in paths)
    print(f"broken scenarios: {len(paths)}, slowest {worst[0] * 1000:.0f} ms "
          f"({os.path.basename(worst[1])})")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
