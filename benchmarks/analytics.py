"""Balance analytics as ``skyhex analyze`` runs it, for every installed game: items per CPU
second of ``analyze --generate N --games 10 --players 2 --bots greedy`` (the command's
defaults but for the item count), in this process.

Inside the timing is all an analysis item is (``analysis.analyze_item``, which the command
hands to its workers): the item's scenario made (``scenario new``'s, on the map of its seed
when the game generates maps), its games played by the bots, its row of figures and its
map's static stats. A game whose maps are not generated gets file items of its example
scenarios instead (``analyze FILE...``; their games' seeds are the scenarios' own).
Outside: the worker pool (``--workers 1`` runs the items in the command's process, as
here), the rows written, the summary. The items' seeds are fresh (not those of the warm-up
item). The games per CPU second of the default game are held to the analytics target:
``analyze --generate 200 --games 20 --bots greedy`` (4,000 games) in 10 minutes on 2 cores at
a parallel efficiency of 0.85, that is 4,000 / (600 x 2 x 0.85) = 3.9 games per CPU second.
"""

from __future__ import annotations

import time
from typing import Any

from benchmarks import inputs
from benchmarks.measure import Figure

TARGET_RATE = 4000 / (600 * 2 * 0.85)
GAMES = 10
"""``analyze --games``' default."""


def items(game: str, count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` items of ``game`` from ``seed``: generated maps, or its example scenarios
    when its maps are not generated."""
    from skyhex.games import analysis
    from skyhex.rules.errors import NotSupportedError

    try:
        return analysis.generated_items(game, count, seed, 2, ["greedy"], GAMES, None)
    except NotSupportedError:
        files = inputs.scenario_files(game)
        todo = analysis.file_items(files, 2, ["greedy"], GAMES, None)
        return [todo[(seed + k) % len(todo)] for k in range(count)]


def run(quick: bool) -> list[Figure]:
    from skyhex.games import analysis
    from skyhex.rules.games import default_name, names

    count = 1 if quick else 3
    out = []
    seed = 1
    for game in names():
        analysis.analyze_item({**items(game, 1, 10**6)[0], "games": 1})  # imports, caches
        todo = items(game, count, seed)
        seed += count
        start = time.process_time()
        for item in todo:
            analysis.analyze_item(item)
        spent = max(time.process_time() - start, 1e-9)
        kind = "generated maps" if "generate" in todo[0] else "example scenarios"
        out.append(Figure("analytics", f"{game}: analyze --bots greedy --games {GAMES} "
                          f"({count} items, {kind})", count / spent, "items/CPU s", cpu=spent))
        if game == default_name():
            rate = count * GAMES / spent
            out.append(Figure("analytics", f"{game}: the same, in games", rate,
                              "games/CPU s", cpu=spent, target=f">= {TARGET_RATE:.1f}",
                              met=rate >= TARGET_RATE))
    return out
