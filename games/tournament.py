"""Round-robin tournaments between bots (``skyhex tournament``): win rates with 95 %
intervals and Elo-style ratings.

Each pair of bots plays ``games`` games of the scenario, half the seats each, the seats
swapped from one game to the next (in a game of 4: A B A B, then B A B A); game ``k`` of
every pair draws the same chance (the scenario's seed plus ``k``: common random numbers,
so that the pairs are compared on the same weather). A game scores for bot A the share of
the (A seat, B seat) pairs where A ranks better (a tie counts half); a capped game is
counted apart and scores nothing. The win rate is the mean share over the finished games,
its 95 % interval Wilson's score interval over the games (a game's share lies in [0, 1],
so the interval is at least as wide as it needs to be); a rate is significant when its
interval leaves out one half. The ratings fit the Bradley-Terry model to every pair's
shares (by minorization-maximization, with one virtual drawn game per pair so that a
clean sweep stays finite), on the Elo scale (400 points: odds of 10 to 1), centred on
1500.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import combinations
from typing import Any

Z95 = 1.959963984540054


@lru_cache(maxsize=16)
def _scenario(path: str) -> tuple[Any, Any]:
    from skyhex.games.documents import load_scenario

    face, scenario, _ = load_scenario(path)
    return face.ruleset, scenario


def tasks(scenario: str, bots: Sequence[str], games: int, seed: int, cap: int | None
          ) -> list[dict[str, Any]]:
    """Every game of the round robin, as picklable tasks for ``play_task``."""
    rules, read = _scenario(scenario)
    from skyhex.rules.bots import knowledge

    game, state, _ = rules.new_game(read)
    seats = len(knowledge(rules).participants(game, state))
    out = []
    for a, b in combinations(bots, 2):
        for k in range(games):
            lineup = [a if (i + k) % 2 == 0 else b for i in range(max(seats, 2))][:seats]
            out.append({"scenario": scenario, "pair": [a, b], "game": k, "lineup": lineup,
                        "seed": getattr(read, "seed", 0) + seed + k, "bot_seed": seed + k,
                        "cap": cap})
    return out


def play_task(task: Mapping[str, Any]) -> dict[str, Any]:
    """One tournament game: who played each seat, the ranks and scores, whether capped."""
    from skyhex.rules.bots import play

    rules, read = _scenario(task["scenario"])
    played = play(rules, replace(read, seed=task["seed"]), task["bot_seed"], task["lineup"],
                  task["cap"])
    rows = rules.scores(played.game, played.state)
    return {"pair": task["pair"], "game": task["game"], "seats": dict(played.seats),
            "ranks": {r["player"]: r["rank"] for r in rows},
            "scores": {r["player"]: r["score"] for r in rows}, "capped": played.capped,
            "rounds": rules.moment(played.state)["round"], "actions": len(played.actions)}


def share(result: Mapping[str, Any], a: str, b: str) -> float | None:
    """Bot ``a``'s share of the seat pairs against ``b`` in one game (``None``: capped, or
    no pair of seats)."""
    if result["capped"]:
        return None
    seats, ranks = result["seats"], result["ranks"]
    won = total = 0.0
    for x in seats:
        for y in seats:
            if seats[x] == a and seats[y] == b:
                total += 1
                won += 1.0 if ranks[x] < ranks[y] else 0.5 if ranks[x] == ranks[y] else 0.0
    return won / total if total else None


def wilson(p: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate ``p`` over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def ratings(wins: Mapping[tuple[str, str], float], played: Mapping[tuple[str, str], int],
            bots: Sequence[str]) -> dict[str, float]:
    """Bradley-Terry strengths fitted to the pairs' wins, on the Elo scale (mean 1500)."""
    gamma = dict.fromkeys(bots, 1.0)
    w: dict[str, float] = dict.fromkeys(bots, 0.0)
    n: dict[tuple[str, str], float] = {}
    for (a, b), games in played.items():
        if games == 0:
            continue
        won = wins[(a, b)] + 0.5  # one virtual drawn game per pair
        w[a] += won
        w[b] += games + 1 - won
        n[(a, b)] = n[(b, a)] = games + 1
    for _ in range(2000):
        new = {}
        for i in bots:
            denominator = sum(m / (gamma[i] + gamma[j]) for (x, j), m in n.items() if x == i)
            new[i] = w[i] / denominator if denominator and w[i] else gamma[i]
        mean = math.exp(sum(math.log(g) for g in new.values()) / len(new))
        new = {k: g / mean for k, g in new.items()}
        done = max(abs(new[k] - gamma[k]) for k in bots) < 1e-10
        gamma = new
        if done:
            break
    return {k: 1500 + 400 * math.log10(g) for k, g in gamma.items()}


def summary(results: Iterable[Mapping[str, Any]], bots: Sequence[str]) -> dict[str, Any]:
    """Per pair: games, capped games, win rate of the first bot with its interval and
    significance; per bot: its rating."""
    by_pair: dict[tuple[str, str], list[float]] = {}
    capped: dict[tuple[str, str], int] = {}
    for r in results:
        a, b = r["pair"]
        s = share(r, a, b)
        by_pair.setdefault((a, b), [])
        capped[(a, b)] = capped.get((a, b), 0) + (1 if r["capped"] else 0)
        if s is not None:
            by_pair[(a, b)].append(s)
    pairs: list[dict[str, Any]] = []
    for (a, b), shares in sorted(by_pair.items(), key=lambda kv: (bots.index(kv[0][0]),
                                                                 bots.index(kv[0][1]))):
        rate = sum(shares) / len(shares) if shares else 0.5
        low, high = wilson(rate, len(shares))
        pairs.append({"bot": a, "against": b, "games": len(shares),
                      "capped": capped[(a, b)], "win_rate": round(rate, 4),
                      "interval": [round(low, 4), round(high, 4)],
                      "significant": low > 0.5 or high < 0.5})
    wins = {(str(p["bot"]), str(p["against"])): float(p["win_rate"]) * int(p["games"])
            for p in pairs}
    games = {(str(p["bot"]), str(p["against"])): int(p["games"]) for p in pairs}
    elo = ratings(wins, games, bots)
    return {"pairs": pairs, "ratings": {b: round(elo[b], 1) for b in bots}}


def text(result: Mapping[str, Any], scenario: str) -> str:
    """The summary as a table."""
    lines = [f"{scenario}", f"{'bot':<12} {'against':<12} {'games':>5} {'capped':>6} "
             f"{'win rate':>8}  95 % interval"]
    for p in result["pairs"]:
        low, high = p["interval"]
        mark = " *" if p["significant"] else ""
        lines.append(f"{p['bot']:<12} {p['against']:<12} {p['games']:>5} {p['capped']:>6} "
                     f"{p['win_rate']:>8.3f}  [{low:.3f}, {high:.3f}]{mark}")
    lines.append("ratings (Elo scale, mean 1500): " + ", ".join(
        f"{b} {r:.0f}" for b, r in sorted(result["ratings"].items(), key=lambda kv: -kv[1])))
    lines.append("* significant at 95 %")
    return "\n".join(lines) + "\n"
