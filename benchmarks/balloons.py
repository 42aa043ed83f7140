"""Balmy Balloonists speed on one core: globes generated and checked per second (the
standard set; the networkx passability check included), full random and greedy 6-balloon
races per second (each decision lists every legal action, then picks one; a race runs until
a balloon is home or its last day), legal-action lists per second on states met in those
races, and the replay of the 6-balloon golden race.

Run: python benchmarks/balloons.py [--races N].
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=20, help="races of each kind (default 20)")
    args = parser.parse_args()

    from skyhex.games import load_game, play, playout, ruleset
    from skyhex.games import start as start_game
    from skyhex.mapgen.balloons.check import check_globe
    from skyhex.mapgen.balloons.generate import generate_globe
    from skyhex.rules.balloons.components import standard_set
    from skyhex.rules.balloons.policies import greedy
    from skyhex.rules.balloons.scenario import Scenario
    from skyhex.rules.balloons.state import Seat

    parts = standard_set()
    made = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        check_globe(generate_globe(parts, made), parts)
        made += 1
    elapsed = time.perf_counter() - start
    print(f"globes:       {made / elapsed:,.1f} globes/s generated and checked")
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        check_globe(parts.globe, parts)
        count += 1
    elapsed = time.perf_counter() - start
    print(f"check:        {count / elapsed:,.1f} checks/s of the standard globe")

    rules = ruleset("balloons")
    seats = tuple(Seat(c, None, 3) for c in parts.rose)
    states = []
    for label, policy in (("random", None), ("greedy", greedy)):
        actions = rounds = home = 0
        start = time.perf_counter()
        for seed in range(args.races):
            s = Scenario(parts.globe, parts, seats, seed)
            played = playout(rules, s, seed, policy) if policy else playout(rules, s, seed)
            actions += len(played.actions)
            rounds += played.state.round
            home += played.state.reason == "lap"
            if policy is None and seed < 3:
                game, state, _ = rules.new_game(s)
                for action in played.actions:
                    states.append((game, state))
                    state, _ = rules.apply(game, state, action)
        elapsed = time.perf_counter() - start
        print(f"{label} races: {args.races / elapsed:,.2f} 6-balloon races/s ({home}/"
              f"{args.races} won by a balloon home, the others ended by the days; "
              f"{rounds / args.races:.0f} rounds and {actions / args.races:.0f} actions a "
              "race on average)")
    rng = random.Random(1)
    sample = [states[rng.randrange(len(states))] for _ in range(2000)]
    listed = 0
    start = time.perf_counter()
    for game, state in sample:
        listed += len(rules.legal_actions(game, state))
    elapsed = time.perf_counter() - start
    print(f"legal:        {len(sample) / elapsed:,.0f} legal-action lists/s "
          f"({listed / len(sample):.0f} actions a list on average)")

    loaded = load_game(str(ROOT / "tests" / "golden" / "balloons-6.moves.yaml"))
    scenario, golden, pinned = loaded.scenario, loaded.actions, loaded.pinned
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        play(start_game(rules, scenario, pinned), golden, strict=True)
        count += len(golden)
    elapsed = time.perf_counter() - start
    print(f"replay:       {count / elapsed:,.0f} entries/s (the {len(golden)}-entry 6-balloon "
          "golden race, every rule checked)")


if __name__ == "__main__":
    main()
