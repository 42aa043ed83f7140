"""Board rendering speed and file size.

Run: python benchmarks/board.py [--runs N]. Renders the 183-hex example map
(examples/maps/standard-seed-7.yaml) as a poster with every label (coordinates on), then
the position board of examples/scenarios/mid-game.yaml (pawns, clouds, the state panel).
Targets: under 0.5 s for a board and a file under 400 KB.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAP = os.path.join(ROOT, "examples", "maps", "standard-seed-7.yaml")
SCENARIO = os.path.join(ROOT, "examples", "scenarios", "mid-game.yaml")
TARGET_SECONDS = 0.5
TARGET_BYTES = 400 * 1024


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="timed renders (default 20)")
    args = parser.parse_args()

    from skyhex.games import load_map

    _, m, _ = load_map(MAP)
    assert len(m.hexes) == 183

    # The first render pays for importing svgwrite and shapely, as a command run does.
    start = time.perf_counter()
    from skyhex.render.paper import pages_svg, poster_svg
    from skyhex.render.paragliders.board import board_picture

    text = poster_svg(board_picture(m, title="benchmark", coords=True))
    first = time.perf_counter() - start

    runs = []
    for _ in range(args.runs):
        start = time.perf_counter()
        text = poster_svg(board_picture(m, title="benchmark", coords=True))
        runs.append(time.perf_counter() - start)
    warm = statistics.median(runs)
    size = len(text.encode("utf-8"))
    print(f"poster, 183 hexes, all labels: first {first * 1000:.0f} ms (with imports), "
          f"then {warm * 1000:.0f} ms (median of {args.runs}); target < {TARGET_SECONDS} s: "
          f"{verdict(max(first, warm) < TARGET_SECONDS)}")
    print(f"poster file size: {size / 1024:.0f} KB; target < {TARGET_BYTES // 1024} KB: "
          f"{verdict(size < TARGET_BYTES)}")

    start = time.perf_counter()
    _, pages = pages_svg(board_picture(m, title="benchmark", coords=True), "a4")
    elapsed = time.perf_counter() - start
    total = sum(len(p.encode("utf-8")) for p in pages)
    print(f"A4 pages: {len(pages)} pages in {elapsed * 1000:.0f} ms, {total / 1024:.0f} KB in all")

    from skyhex.games import load_scenario
    from skyhex.games import start as start_game
    from skyhex.render.paragliders.position import position_view

    game_face, scenario, _ = load_scenario(SCENARIO)
    game = start_game(game_face.ruleset, scenario)
    view = position_view(game.game, game.state, "benchmark")
    runs = []
    for _ in range(args.runs):
        start = time.perf_counter()
        text = poster_svg(board_picture(game.game.map, title="benchmark", coords=True,
                                        position=view))
        runs.append(time.perf_counter() - start)
    warm = statistics.median(runs)
    size = len(text.encode("utf-8"))
    print(f"position poster (mid-game: {len(view.pawns)} pawns, {len(view.clouds)} clouds, "
          f"state panel), all labels: {warm * 1000:.0f} ms (median of {args.runs}), "
          f"{size / 1024:.0f} KB; targets < {TARGET_SECONDS} s, < {TARGET_BYTES // 1024} KB: "
          f"{verdict(warm < TARGET_SECONDS and size < TARGET_BYTES)}")

    exe = shutil.which("skyhex") or os.path.join(os.path.dirname(sys.executable), "skyhex")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "board.svg")
        for name, source in (("skyhex board MAP --coords", MAP),
                             ("skyhex board SCENARIO --coords", SCENARIO)):
            commands = []
            for _ in range(5):
                start = time.perf_counter()
                subprocess.run([exe, "board", source, "--coords", "-o", out], check=True)
                commands.append(time.perf_counter() - start)
            print(f"{name} (whole command): {statistics.median(commands) * 1000:.0f} ms "
                  "(median of 5)")


if __name__ == "__main__":
    main()
