"""``python -m benchmarks``: the whole table (``--quick`` for a short run, ``--only GROUP``
for one group, ``--markdown`` for docs/performance.md)."""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

from benchmarks import analytics, bots, documents, engines, maps, replays, startup, view
from benchmarks.measure import Figure

GROUPS = {"replay": replays.run, "engines": engines.run, "bots": bots.run,
          "analytics": analytics.run, "startup": startup.run, "maps": maps.run,
          "documents": documents.run, "view": view.run}


def _value(f: Figure) -> str:
    return f"{f.value:,.0f}" if f.value >= 100 else f"{f.value:,.3g}"


def table(figures: list[Figure], markdown: bool) -> str:
    rows = [("figure", "value", "vs anchor", "CPU s", "target")]
    for f in figures:
        ratio = "" if f.ratio is None else f"{f.ratio:.2f}x" if f.ratio >= 0.1 else \
            f"{f.ratio:.2g}x"
        verdict = "" if f.met is None else (" ok" if f.met else " MISSED")
        rows.append((f"{f.group}: {f.name}", f"{_value(f)} {f.unit}", ratio, f"{f.cpu:.1f}",
                     f"{f.target}{verdict}"))
    if markdown:
        lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
        lines += ["| " + " | ".join(r) + " |" for r in rows[1:]]
        return "\n".join(lines)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
                     for r in rows)


def anchor_lines(anchors: list[str]) -> list[str]:
    """The anchors, one line per kind (``KIND, RATE UNIT``): the range of its rates over the
    rows it anchored."""
    kinds: dict[str, list[tuple[float, str]]] = {}
    for a in anchors:
        kind, _, figure = a.rpartition(", ")
        rate, _, unit = figure.partition(" ")
        try:
            value = float(rate.replace(",", ""))
        except ValueError:
            kinds.setdefault(a, [])
            continue
        kinds.setdefault(kind, []).append((value, unit))
    lines = []
    for kind, rates in sorted(kinds.items()):
        if not rates:
            lines.append(kind)
            continue
        low, high = min(rates)[0], max(rates)[0]
        span = f"{low:,.0f}" if low == high else f"{low:,.0f} to {high:,.0f}"
        rows = "1 row" if len(rates) == 1 else f"{len(rates)} rows"
        lines.append(f"{kind}, {span} {rates[0][1]} ({rows})")
    return lines


def machine() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, load average {load:.1f} at the start")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (CI smoke test)")
    parser.add_argument("--only", choices=sorted(GROUPS), action="append",
                        help="run only this group (repeatable)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    start = time.time()
    figures: list[Figure] = []
    anchors: list[str] = []
    for name in args.only or list(GROUPS):
        got = GROUPS[name](args.quick)
        figures += got
        anchors += [f.anchor for f in got if f.anchor]
    print(f"skyhex benchmarks on {machine()}")
    print(table(figures, args.markdown))
    for line in anchor_lines(anchors):
        print(f"  anchor: {line}")
    print(f"({time.time() - start:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
