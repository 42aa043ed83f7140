"""The Turbulences search's own pilot (``rules/turbulences/planner.py``): the tiles left to
fly to the parcels that end the game, and a pilot that reads no weight."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from skyhex.games import load_scenario
from skyhex.rules.hexgrid import Hex
from skyhex.rules.playout import playout
from skyhex.rules.turbulences.planner import NO_PARCEL, OVERLOAD, plan, race
from skyhex.rules.turbulences.policies import greedy
from skyhex.rules.turbulences.state import Game, State

SCENARIOS = Path(__file__).resolve().parents[2] / "examples" / "scenarios"
HOME = Hex(0, 0)


def test_the_game_is_over_with_three_parcels_delivered() -> None:
    # "If a DELIVERY ZONE contains 3 Parcels, the game is over"
    assert race(Hex(4, 0), 0, 3, HOME, [Hex(2, 0)]) == 0
    # the third carried: home, and that is all
    assert race(Hex(4, 0), 1, 2, HOME, [Hex(2, 0)]) == 4


def test_round_trips_from_home_the_shortest_first() -> None:
    waiting = [Hex(2, 0), Hex(0, 3), Hex(5, 0), Hex(0, -6)]
    # at home, empty-handed: the three shortest round trips (2, 3 and 5 tiles away)
    assert race(HOME, 0, 0, HOME, waiting) == 2 * 2 + 2 * 3 + 2 * 5
    # carrying one, two delivered: home; one delivered: home, then the shortest trip
    assert race(Hex(3, 0), 1, 1, HOME, waiting) == 3 + 2 * 2


def test_empty_handed_it_goes_where_the_route_is_shortest_not_to_the_nearest() -> None:
    # one parcel to go: the airport one tile away is five from home, the one three tiles
    # away is one from home (the greedy pilot would fly to the nearest)
    assert race(Hex(4, 0), 0, 2, HOME, [Hex(5, 0), Hex(1, 0)]) == 3 + 1


def test_an_overloaded_tile_counts_for_more() -> None:
    # "Carrying 2 Parcels simultaneously causes an overload penalty! The base movement of
    # an overloaded Aircraft is reduced to a single mandatory tile."
    assert race(Hex(3, 0), 2, 0, HOME, [Hex(2, 0)]) == OVERLOAD * 3 + 2 * 2
    assert OVERLOAD > 2  # never worth a round trip's two tiles


def test_lost_parcels_leave_deliveries_no_route_reaches() -> None:
    # "When your Aircraft is destroyed, any Parcel on board is definitely lost!"
    assert race(HOME, 0, 0, HOME, [Hex(2, 0)]) == 2 * 2 + 2 * NO_PARCEL


def _read(name: str) -> tuple[Any, Any]:
    face, read, _ = load_scenario(str(SCENARIOS / f"{name}.yaml"))
    return face.ruleset, read


@pytest.mark.parametrize("name", ["turbulences-4", "turbulences-night-3"])
def test_the_planner_reads_no_weight(name: str) -> None:
    """The same choice, draw for draw, whatever the parcels weigh (the weights dealt in
    reverse): it reads where the aircraft and parcels are, never what they weigh."""
    rules, read = _read(name)
    seen = 0

    def checked(ruleset: Any, game: Game, state: State, legal: Any,
                rng: random.Random) -> Any:
        nonlocal seen
        other = replace(game, weights=dict(zip(game.weights, reversed(game.weights.values()),
                                               strict=True)))
        assert other.weights != game.weights
        got = plan(ruleset, other, state, legal, random.Random(seen))
        chosen = plan(ruleset, game, state, legal, random.Random(seen))
        assert chosen in legal and got == chosen
        seen += 1
        return chosen

    playout(rules, read, 3, checked, 30)
    assert seen > 40


@pytest.mark.parametrize("name", ["turbulences-expert-4", "turbulences-teams-4"])
def test_in_expert_and_team_modes_it_flies_as_the_greedy_pilot(name: str) -> None:
    rules, read = _read(name)
    seen = 0

    def checked(ruleset: Any, game: Game, state: State, legal: Any,
                rng: random.Random) -> Any:
        nonlocal seen
        chosen = plan(ruleset, game, state, legal, random.Random(seen))
        assert chosen == greedy(ruleset, game, state, legal, random.Random(seen))
        seen += 1
        return chosen

    playout(rules, read, 4, checked, 10)
    assert seen > 20
