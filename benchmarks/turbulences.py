"""Turbulences rules speed on one core: weather phases per second (the clouds of generated
landscapes blown by random winds, section 4), and full random 6-pilot games per second (each
decision lists every legal action, then picks one; a game runs until it ends or reaches the
turn cap: random pilots seldom deliver three parcels, so most reach it), full greedy
6-pilot games per second (``policies.greedy``: pilots that seek their parcels, games
that end), plus the replay of the 6-pilot golden game.

Run: python benchmarks/turbulences.py [--games N] [--cap TURNS].
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games (default 20)")
    parser.add_argument("--cap", type=int, default=200, help="turn cap of a random game "
                        "(default 200)")
    args = parser.parse_args()

    from skyhex.games import playout, ruleset
    from skyhex.mapgen.turbulences.generate import generate_landscape
    from skyhex.rules.hexgrid import Direction
    from skyhex.rules.turbulences.aircraft import AircraftType
    from skyhex.rules.turbulences.engine import apply, legal_actions, new_game
    from skyhex.rules.turbulences.landscape import Difficulty
    from skyhex.rules.turbulences.policies import greedy
    from skyhex.rules.turbulences.scenario import Scenario
    from skyhex.rules.turbulences.state import Company
    from skyhex.rules.turbulences.weather import WIND_OUTCOMES, resolve

    lands = [generate_landscape(seed, list(Difficulty)[seed % 4]) for seed in range(20)]
    rng = random.Random(1)
    phases = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        for land in lands:
            clouds = land.clouds
            previous = None
            for _ in range(10):
                wind = rng.choice(WIND_OUTCOMES)
                clouds = resolve(land.mountains, clouds, wind, previous).clouds
                previous = wind if isinstance(wind, Direction) else previous
                phases += 1
    elapsed = time.perf_counter() - start
    print(f"weather:      {phases / elapsed:,.0f} weather phases/s (12 clouds, random winds, "
          "events and fates recorded)")

    rules = ruleset("turbulences")
    kinds = list(AircraftType)
    companies = tuple(Company(f"c{r}", kinds[r % 3], r) for r in range(1, 7))
    ended = actions = turns = 0
    start = time.perf_counter()
    for seed in range(args.games):
        s = Scenario(lands[seed % len(lands)], companies, seed)
        game, state, _ = new_game(s.landscape, s.companies, s.seed)
        pick = random.Random(seed)
        while state.actor is not None and state.turn <= args.cap:
            state, _ = apply(game, state, pick.choice(legal_actions(game, state)))
            actions += 1
        ended += state.actor is None
        turns += state.turn
    elapsed = time.perf_counter() - start
    print(f"random games: {args.games / elapsed:,.2f} random 6-pilot games/s, each to its "
          f"end or the turn cap ({ended}/"
          f"{args.games} ended before the {args.cap}-turn cap; {turns / args.games:.0f} turns "
          f"and {actions / args.games:.0f} actions a game on average)")

    full = actions = 0
    start = time.perf_counter()
    for seed in range(args.games):
        s = Scenario(lands[seed % len(lands)], companies, seed)
        played = playout(rules, s, seed, greedy, args.cap).actions
        actions += len(played)
    elapsed = time.perf_counter() - start
    for seed in range(args.games):  # untimed: which of them ended
        s = Scenario(lands[seed % len(lands)], companies, seed)
        game, state, _ = new_game(s.landscape, s.companies, s.seed)
        for action in playout(rules, s, seed, greedy, args.cap).actions:
            state, _ = apply(game, state, action)
        full += state.actor is None
    print(f"greedy games: {args.games / elapsed:,.2f} greedy 6-pilot games/s ({full}/"
          f"{args.games} full games, ended by three deliveries; {actions / args.games:.0f} "
          "actions a game on average; each decision applies every legal action to value it)")

    from skyhex.games import load_game, play
    from skyhex.games import start as start_game

    loaded = load_game(str(ROOT / "tests" / "golden" / "turbulences-6.moves.yaml"))
    scenario, golden, pinned = loaded.scenario, loaded.actions, loaded.pinned
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < 2.0:
        play(start_game(rules, scenario, pinned), golden, strict=True)
        count += len(golden)
    elapsed = time.perf_counter() - start
    print(f"replay:       {count / elapsed:,.0f} entries/s (the {len(golden)}-entry 6-pilot "
          "golden game, every rule checked)")


if __name__ == "__main__":
    main()
