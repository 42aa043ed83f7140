"""Rules engine speed on one core: replayed actions per second, and complete random
4-player games per second (each turn lists every legal action, then picks one).

Run: python benchmarks/engine.py [--games N]. Targets: at least 20,000 replayed actions per
second and at least 20 complete random 4-player games per second.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="random games (default 40)")
    args = parser.parse_args()

    from skyhex.games import load_game, playout

    loaded = load_game(str(ROOT / "tests" / "golden" / "four-players.moves.yaml"))
    rules, scenario, actions = loaded.face.ruleset, loaded.scenario, loaded.actions
    apply = rules.apply
    game, state0, _ = rules.new_game(scenario, loaded.pinned)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        state = state0
        for action in actions:
            state, _ = apply(game, state, action)
        count += len(actions)
    elapsed = time.perf_counter() - start
    print(f"replay:       {count / elapsed:,.0f} actions/s ({len(actions)}-action 4-player "
          "game, apply with every rule checked)")

    total = 0
    start = time.perf_counter()
    for seed in range(args.games):
        total += len(playout(rules, scenario, seed).actions)
    elapsed = time.perf_counter() - start
    print(f"random games: {args.games / elapsed:,.1f} complete 4-player games/s "
          f"({total / args.games:.0f} actions a game on average)")


if __name__ == "__main__":
    main()
