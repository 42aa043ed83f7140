"""Replay viewer pages: build time, size and (with a browser) time to interactive.

Builds the page of the four-player golden
game (tests/golden/four-players.moves.yaml) from its moves file and from its log, the
referee's page of the six-company golden game, and the referee's page of a 300-action
Turbulences game of six random pilots (seven perspectives: the largest page). With
Chromium (Debian's chromium, found on the PATH or given), each page is opened headless
through Playwright and its time to interactive read (navigation start to the script being
ready; ``SKYHEX_CHROMIUM`` names another browser). Targets: a page under 2 MB built in
under 2 s, interactive in under 1 s.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Callable
from typing import Any

from benchmarks.measure import Figure

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = os.path.join(ROOT, "tests", "golden")
SCENARIOS = os.path.join(ROOT, "examples", "scenarios")
TARGET_BYTES = 2 * 1024 * 1024
TARGET_BUILD = 2.0
TARGET_INTERACTIVE_MS = 1000.0
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


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


def run(quick: bool = False) -> list[Figure]:
    out = []
    built = []
    for name, make in pages()[:2 if quick else None]:
        began = time.process_time()
        html = make().html()
        seconds = time.process_time() - began
        size = len(html.encode("utf-8"))
        built.append((name, html))
        out.append(Figure("view", f"build the page: {name}", seconds, "s CPU", cpu=seconds,
                          target=f"< {TARGET_BUILD:g} s", met=seconds < TARGET_BUILD))
        out.append(Figure("view", f"page size: {name}", size / 1024, "KiB",
                          target="< 2 MB", met=size < TARGET_BYTES))
    chromium = os.environ.get("SKYHEX_CHROMIUM") or shutil.which("chromium")
    if not chromium:
        return out
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=FLAGS)
        for name, html in built:
            path = os.path.join(folder, "page.html")
            with open(path, "w", encoding="utf-8") as f:
                f.write(html)
            times = []
            for _ in range(2 if quick else 5):
                page = browser.new_page()
                page.goto("file://" + path)
                while not page.evaluate("window.skyhexReady"):
                    time.sleep(0.01)
                times.append(page.evaluate("window.skyhexReady"))
                page.close()
            out.append(Figure("view", f"time to interactive: {name}", max(times), "ms",
                              target=f"< {TARGET_INTERACTIVE_MS:.0f} ms",
                              met=max(times) < TARGET_INTERACTIVE_MS))
        browser.close()
    return out
