"""The fast paths held to the rules they stand for, on positions of seeded random games:
``free_steps`` (per-game neighbour tables, the sky's storm tiles) allows exactly the steps
``_step`` allows, ``flights`` lists exactly the paths ``explain_journey`` accepts, with the
same flight (every company, overloaded or not), and ``engine.advance`` (no events) gives the
state ``apply`` gives for every legal action."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skyhex.games import load_scenario
from skyhex.rules.errors import IllegalActionError
from skyhex.rules.hexgrid import Hex
from skyhex.rules.playout import playout
from skyhex.rules.turbulences.engine import advance, apply, legal_actions
from skyhex.rules.turbulences.piloting import (
    _step,
    explain_journey,
    flights,
    free_steps,
    occupied,
)
from skyhex.rules.turbulences.state import Game, State

SCENARIOS = Path(__file__).resolve().parents[2] / "examples" / "scenarios"


def positions(name: str, seeds: int) -> Iterator[tuple[Game, State]]:
    face, read, _ = load_scenario(str(SCENARIOS / f"{name}.yaml"))
    seen: list[tuple[Game, State]] = []

    def record(ruleset: Any, game: Game, state: State, legal: Any, rng: random.Random) -> Any:
        seen.append((game, state))
        return legal[rng.randrange(len(legal))]

    for seed in range(seeds):
        playout(face.ruleset, read, seed, record, 12)
    rng = random.Random(13)
    yield from rng.sample(seen, min(60, len(seen)))


def paths(game: Game, start: Hex) -> Iterator[tuple[Hex, ...]]:
    """Every path of 1-3 steps through neighbours (enterable or not)."""
    for a in start.neighbors():
        yield (a,)
        for b in a.neighbors():
            yield (a, b)
            if a in game.tiles:
                for c in b.neighbors():
                    yield (a, b, c)


@pytest.mark.parametrize("name", ["turbulences-6", "turbulences-expert-4"])
def test_listed_journeys_are_exactly_the_paths_the_step_by_step_check_accepts(name: str
                                                                              ) -> None:
    checked = 0
    for game, state in positions(name, 3):
        for mover, plane in enumerate(state.planes):
            if plane.hex is None:
                continue
            others = occupied(state, mover)
            steps = free_steps(game, state, others)
            for pos in (plane.hex, *plane.hex.neighbors()):
                if pos not in game.reach:
                    continue
                assert sorted(steps(pos)) == sorted(
                    h for h in pos.neighbors() if _step(game, state, pos, h, others) is None)
            for overloaded in (False, True):
                table = flights(game, state, mover, overloaded)
                accepted = {}
                for path in paths(game, plane.hex):
                    try:
                        accepted[path] = explain_journey(game, state, mover, path, overloaded)
                    except IllegalActionError:
                        continue
                assert table == accepted
                assert list(table) == sorted(table, key=lambda p: (len(p), p))
                checked += 1
    assert checked > 50


@pytest.mark.parametrize("name", ["turbulences-6", "turbulences-expert-4"])
def test_advance_gives_the_state_apply_gives(name: str) -> None:
    checked = 0
    for game, state in list(positions(name, 2))[:25]:
        for action in legal_actions(game, state):
            after, _ = apply(game, state, action)
            assert advance(game, state, action) == after
            checked += 1
    assert checked > 100
