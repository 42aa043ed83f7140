"""Thistledown's machine interface: the action encoding, ``advance``, the seats, the
metadata and the worlds a tuft may believe in, on states of random races."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from plugin_helpers import race
from skyhex.rules.errors import IllegalActionError
from skyhex.rules.hexgrid import Direction
from skyhex.rules.machine import legal_indices, random_by_index

from thistledown.meadow import Meadow
from thistledown.ruleset import RULESET, SPACE
from thistledown.state import Fly


def states(meadow: Meadow, count: int) -> Iterator[tuple[Any, Any]]:
    """States of random three-tuft races, the race not over."""
    rng = random.Random(3)
    seen = 0
    while seen < count:
        game, state, _ = race(meadow, ("white", "gold", "rose"), rng.randrange(1000)).new_game()
        while RULESET.actor(game, state) is not None and seen < count:
            yield game, state
            seen += 1
            state = RULESET.advance(game, state, rng.choice(RULESET.legal_actions(game, state)))


def test_the_encoding_is_documented_and_round_trips(meadow: Meadow) -> None:
    game, _, _ = race(meadow).new_game()
    assert RULESET.action_space(game) == SPACE == 18
    assert RULESET.action_index(game, Fly("white", Direction.SE, 2)) == 3 * 2 + 1
    for game, state in states(meadow, 200):
        legal = RULESET.legal_actions(game, state)
        indices = legal_indices(RULESET, game, state)
        assert len(set(indices)) == len(indices) and all(0 <= k < SPACE for k in indices)
        assert [RULESET.action_at(game, state, k) for k in indices] == legal
        named = [RULESET.action_at(game, state, k) for k in range(SPACE)]
        assert {a for a in named if a.gust in state.hands[state.seat]} == set(legal)


def test_an_index_outside_the_space_names_no_action(meadow: Meadow) -> None:
    game, state, _ = race(meadow).new_game()
    for k in (-1, SPACE):
        with pytest.raises(IllegalActionError) as e:
            RULESET.action_at(game, state, k)
        assert e.value.rule == "action.index"


def test_advance_is_applys_state(meadow: Meadow) -> None:
    for game, state in states(meadow, 200):
        for action in RULESET.legal_actions(game, state):
            assert RULESET.advance(game, state, action) == RULESET.apply(game, state, action)[0]


def test_a_sampled_world_keeps_what_the_tuft_sees_and_not_the_future(meadow: Meadow) -> None:
    rng = random.Random(1)
    changed = 0
    for game, state in states(meadow, 100):
        for who in (*RULESET.seats(game), None):
            world, seen = RULESET.sample_world(game, state, who, rng)
            assert RULESET.view(world, seen, who) == RULESET.view(game, state, who)
            assert world.seed != game.seed
            changed += RULESET.view(world, seen, None) != RULESET.view(game, state, None)
    assert changed > 0  # the other hands are drawn afresh


def test_a_tuft_reads_no_other_hand_in_the_log(meadow: Meadow) -> None:
    game, _, events = race(meadow).new_game()
    setup = RULESET.event_view(game, events[0], "gold")
    assert setup["tufts"][0]["hand"] == [None, None] and None not in setup["tufts"][1]["hand"]
    assert [d.get("gust", 0) is None for d in setup["draws"]] == [True, True, False, False, False]
    assert RULESET.event_view(game, events[0], None) is events[0]


def test_random_races_by_index_end_within_the_cap(meadow: Meadow) -> None:
    scenario = race(meadow, ("white", "gold", "rose", "lilac"))
    for seed in range(20):
        played = random_by_index(RULESET, scenario, seed)
        metadata = RULESET.metadata(played.game)
        assert not played.truncated and RULESET.actor(played.game, played.state) is None
        low, high = metadata.score_range
        assert all(low <= r["score"] <= high for r in RULESET.scores(played.game, played.state))
        assert metadata.hidden and metadata.cap == played.game.rounds


def test_with_seed_changes_the_draws_only(meadow: Meadow) -> None:
    scenario = race(meadow)
    other = RULESET.with_seed(scenario, 99)
    assert other.seed == 99 and other.meadow == scenario.meadow
    assert other.seats == scenario.seats and scenario.seed == 0
