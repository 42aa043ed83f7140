"""Balance analytics throughput: ``skyhex analyze --generate N --games K --bots greedy``.

The games per CPU second of the work one analysis item does (``analysis.analyze_item``: the
scenario of a generated map, its static stats, K greedy games of 2 players), in this
process, and the CPU time of an item's setup alone (its scenario and map stats, no game).
Target: ``analyze --generate 200 --games 20 --bots greedy`` (4,000 games) in 10 minutes on
2 cores at a parallel efficiency of 0.85, that is 4,000 / (600 x 2 x 0.85) = 3.9 games per
CPU second or more.
"""

from __future__ import annotations

import time

from benchmarks.measure import Figure

TARGET_RATE = 4000 / (600 * 2 * 0.85)


def run(quick: bool) -> list[Figure]:
    from skyhex.games import analysis

    items, games = (1, 2) if quick else (3, 6)
    todo = analysis.generated_items("paragliders", items, 1, 2, ["greedy"], games, None)
    analysis.analyze_item({**todo[0], "games": 1})  # imports and caches
    start = time.process_time()
    for item in todo:
        analysis.analyze_item(item)
    spent = max(time.process_time() - start, 1e-9)
    rate = items * games / spent
    setup_start = time.process_time()
    for item in todo:
        analysis.item_map(item)
    setup = (time.process_time() - setup_start) / items
    return [
        Figure("analytics", f"analyze greedy games, 2 players ({items} maps x {games})", rate,
               "games/CPU s", cpu=spent, target=f">= {TARGET_RATE:.1f}",
               met=rate >= TARGET_RATE),
        Figure("analytics", "analyze item setup (scenario and map of a seed)", setup,
               "CPU s/item", cpu=setup * items),
    ]
