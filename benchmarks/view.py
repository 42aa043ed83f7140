"""Replay viewer pages: build time, size and (with a browser) time to interactive.

Run: python benchmarks/view.py [--chromium PATH]. Builds the page of the four-player golden
game (tests/golden/four-players.moves.yaml) from its moves file and from its log, the
referee's page of the six-company golden game, and the referee's page of a 300-action
Turbulences game of six random pilots (seven perspectives: the largest page). With
Chromium (Debian's chromium, found on the PATH or given), each page is opened headless
through Playwright and its time to interactive read (navigation start to the script being
ready). Targets: a page under 2 MB built in under 2 s, interactive in under 1 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = os.path.join(ROOT, "tests", "golden")
SCENARIOS = os.path.join(ROOT, "examples", "scenarios")
TARGET_BYTES = 2 * 1024 * 1024
TARGET_BUILD = 2.0
TARGET_INTERACTIVE_MS = 1000.0
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def pages() -> list[tuple[str, Callable[[], Any]]]:
    from skyhex.games import load_game, load_scenario, playout, replay_game
    from skyhex.games.documents import load_log
    from skyhex.games.viewer import viewer_page
    from skyhex.rules.replay import play, start

    def moves(name: str, **options: Any) -> Any:
        loaded = load_game(os.path.join(GOLDEN, f"{name}.moves.yaml"))
        replay = replay_game(loaded, record=True)
        return viewer_page(loaded.face, loaded.scenario, replay, name, **options)

    def log() -> Any:
        loaded, replay = load_log(os.path.join(GOLDEN, "four-players.ndjson"),
                                  os.path.join(SCENARIOS, "four-players.yaml"))
        return viewer_page(loaded.face, loaded.scenario, replay, "four-players.ndjson")

    face, scenario, _ = load_scenario(os.path.join(SCENARIOS, "turbulences-6.yaml"))
    actions = playout(face.ruleset, scenario, 5, cap=80).actions[:300]

    def long() -> Any:
        replay = play(start(face.ruleset, scenario, record=True), actions)
        return viewer_page(face, scenario, replay, "300 actions", referee=True)

    return [("four-players (moves)", lambda: moves("four-players")),
            ("four-players (log + scenario)", log),
            ("turbulences-6 --referee", lambda: moves("turbulences-6", referee=True)),
            ("300 Turbulences actions --referee", long)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default=shutil.which("chromium"),
                        help="the browser to time pages in (default: chromium on the PATH)")
    args = parser.parse_args()
    built = []
    for name, make in pages():
        began = time.perf_counter()
        html = make().html()
        seconds = time.perf_counter() - began
        size = len(html.encode("utf-8"))
        built.append((name, html))
        print(f"{name}: built in {seconds:.2f} s (target < {TARGET_BUILD} s: "
              f"{verdict(seconds < TARGET_BUILD)}), {size / 1024:.0f} KiB (target < 2 MB: "
              f"{verdict(size < TARGET_BYTES)})")
    if not args.chromium:
        print("no chromium: times to interactive not measured", file=sys.stderr)
        return
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=FLAGS)
        for name, html in built:
            path = os.path.join(folder, "page.html")
            with open(path, "w", encoding="utf-8") as f:
                f.write(html)
            times = []
            for _ in range(5):
                page = browser.new_page()
                page.goto("file://" + path)
                while not page.evaluate("window.skyhexReady"):
                    time.sleep(0.01)
                times.append(page.evaluate("window.skyhexReady"))
                page.close()
            best, worst = min(times), max(times)
            print(f"{name}: interactive after {best:.0f}-{worst:.0f} ms (5 loads; target < "
                  f"{TARGET_INTERACTIVE_MS:.0f} ms: {verdict(worst < TARGET_INTERACTIVE_MS)})")
        browser.close()


if __name__ == "__main__":
    main()
