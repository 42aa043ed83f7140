"""The rules engines on the work bots, analytics and tools make of them: replaying the golden
games (every rule checked, every event built), complete random games (every legal action
listed at every decision, one picked at random, the states moved on by ``advance``), random
games by action index (the legal actions as indices, one decoded by ``action_at`` and
played by ``advance``: what a learning agent or a tree search runs) and greedy games (every
legal action weighed by ``advance``), each measured alternately with its python-chess
anchor."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from benchmarks import anchor
from benchmarks.measure import Figure, alternate

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
SCENARIOS = ROOT / "examples" / "scenarios"


@cache
def golden(game: str, expert: bool = False) -> tuple[Any, ...]:
    """The golden games of ``game``: (ruleset, game constants, first state, actions);
    ``expert``: Turbulences' EXPERT games only (else those without EXPERT companies)."""
    from skyhex.games import load_game

    out = []
    for path in sorted(GOLDEN.glob("*.moves.yaml")):
        if ("-expert-" in path.name) != expert:
            continue
        loaded = load_game(str(path))
        if loaded.face.name == game:
            constants, state, _ = loaded.setup
            out.append((loaded.face.ruleset, constants, state, loaded.actions))
    return tuple(out)


def replay(game: str, expert: bool = False) -> Callable[[], int]:
    """Apply every action of the game's golden games, every rule checked and every event
    built (``apply`` builds an action's events in the pass that resolves it; the actions are
    read from the moves files before the timing): the actions applied."""
    games = golden(game, expert)

    def work() -> int:
        done = 0
        for rules, constants, state, actions in games:
            for action in actions:
                state, _ = rules.apply(constants, state, action)
            done += len(actions)
        return done

    return work


def scenario(name: str) -> tuple[Any, Any]:
    from skyhex.games import load_scenario

    face, read, _ = load_scenario(str(SCENARIOS / f"{name}.yaml"))
    return face.ruleset, read


def playouts(name: str, count: int, policy: str = "uniform", cap: int | None = None
             ) -> Callable[[], int]:
    """``count`` complete games of the scenario ``name`` played by ``policy`` (``greedy``:
    the game's own, ``rules/<game>/policies.py``), new seeds at each call: the games played
    (those reaching ``cap`` count too)."""
    import importlib

    from skyhex.rules.playout import playout, uniform

    rules, read = scenario(name)
    chosen = uniform if policy == "uniform" else \
        importlib.import_module(f"skyhex.rules.{rules.name}.policies").greedy
    seeds = iter(range(10**9))

    def work() -> int:
        for _ in range(count):
            playout(rules, read, next(seeds), chosen, cap)
        return count

    return work


@cache
def examples(game: str) -> tuple[Any, ...]:
    """The example scenarios of ``game`` (``examples/``, a plugin's own folder included),
    read: (ruleset, scenario) pairs."""
    from skyhex.games import load_scenario

    out = []
    for path in sorted(ROOT.glob("examples/**/*.yaml")):
        if "format: skyhex.scenario/" not in path.read_text("utf-8")[:2000]:
            continue
        face, read, _ = load_scenario(str(path))
        if face.name == game:
            out.append((face.ruleset, read))
    return tuple(out)


def by_index(game: str, count: int) -> Callable[[], int]:
    """``count`` random games of the game's example scenarios (in turn) played by action
    indices through ``advance`` only (``rules.machine.random_by_index``: what a learning
    agent or a tree search runs), new seeds at each call: the decisions made."""
    from skyhex.rules.machine import random_by_index

    games = examples(game)
    seeds = iter(range(10**9))

    def work() -> int:
        made = 0
        for k in range(count):
            rules, read = games[k % len(games)]
            made += len(random_by_index(rules, read, next(seeds)).indices)
        return made

    return work


def run(quick: bool = False) -> list[Figure]:
    rounds = 3 if quick else 7
    games = 1 if quick else 4
    chess_games = 1 if quick else 4
    out = []
    for game, unit in (("paragliders", "actions/s"), ("turbulences", "entries/s"),
                       ("balloons", "entries/s")):
        rate, base, ratio, cpu = alternate(replay(game), anchor.san_replay, rounds)
        target = ">= 1.0x" if game == "paragliders" else ""
        out.append(Figure("engines", f"replay {game} golden games", rate, unit, ratio,
                          f"python-chess SAN replay, {base:,.0f} moves/s", cpu, target,
                          ratio >= 1.0 if target else None))
    rate, base, ratio, cpu = alternate(playouts("four-players", games),
                                       lambda: anchor.random_games(chess_games), rounds)
    out.append(Figure("engines", "random 4-player Paragliders games", rate, "games/s", ratio,
                      f"python-chess random games, {base:,.1f} games/s", cpu,
                      ">= 1.0x, >= 100/s unloaded", ratio >= 1.0 and rate >= 100))
    rate, base, ratio, cpu = alternate(replay("turbulences", expert=True), anchor.san_replay,
                                       rounds)
    out.append(Figure("engines", "replay turbulences EXPERT golden game", rate, "entries/s",
                      ratio, f"python-chess SAN replay, {base:,.0f} moves/s", cpu))
    rate, base, ratio, cpu = alternate(playouts("turbulences-6", max(1, games // 2), "greedy",
                                                150),
                                       lambda: anchor.random_games(chess_games), rounds)
    out.append(Figure("engines", "greedy 6-company Turbulences games", rate, "games/s", ratio,
                      f"python-chess random games, {base:,.1f} games/s", cpu, ">= 20/s",
                      rate >= 20))
    rate, base, ratio, cpu = alternate(playouts("turbulences-6", 1, "uniform", 200),
                                       lambda: anchor.random_games(chess_games), rounds)
    out.append(Figure("engines", "random 6-company Turbulences games (200-turn cap)", rate,
                      "games/s", ratio, f"python-chess random games, {base:,.1f} games/s",
                      cpu))
    rate, base, ratio, cpu = alternate(playouts("turbulences-4", max(1, games // 2), "greedy",
                                                150),
                                       lambda: anchor.random_games(chess_games), rounds)
    out.append(Figure("engines", "greedy 4-company Turbulences CLASSIC games", rate, "games/s",
                      ratio, f"python-chess random games, {base:,.1f} games/s", cpu))
    rate, base, ratio, cpu = alternate(playouts("turbulences-expert-4", max(1, games // 2),
                                                "greedy", 150),
                                       lambda: anchor.random_games(chess_games), rounds)
    out.append(Figure("engines", "greedy 4-company Turbulences EXPERT games (3 EXPERT)", rate,
                      "games/s", ratio, f"python-chess random games, {base:,.1f} games/s",
                      cpu))
    rate, base, ratio, cpu = alternate(playouts("turbulences-expert-4", 1, "uniform", 200),
                                       lambda: anchor.random_games(chess_games), rounds)
    out.append(Figure("engines", "random 4-company Turbulences EXPERT games (200-turn cap)",
                      rate, "games/s", ratio, f"python-chess random games, {base:,.1f} games/s",
                      cpu))
    from skyhex.rules.games import names

    for game in names():
        rate, base, ratio, cpu = alternate(by_index(game, games),
                                           lambda: anchor.random_plies(chess_games), rounds)
        out.append(Figure("engines", f"random {game} games by action index (advance)", rate,
                          "decisions/s", ratio,
                          f"python-chess random games, {base:,.0f} plies/s", cpu))
    for policy in ("greedy", "uniform"):
        rate, base, ratio, cpu = alternate(playouts("balloons-6", games, policy),
                                           lambda: anchor.random_games(chess_games), rounds)
        kind = "random" if policy == "uniform" else policy
        out.append(Figure("engines", f"{kind} 6-balloon Balmy Balloonists races", rate,
                          "games/s", ratio, f"python-chess random games, {base:,.1f} games/s",
                          cpu))
    return out
