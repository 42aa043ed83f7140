"""Paragliders' machine interface (``rules/paragliders/ruleset.py``, the encoding of
``rules/paragliders/action_space.py``), on states met in seeded random playouts of the
example scenarios: indices round-trip and stay in the space, ``action_at`` decodes any
index of the space without listing the legal actions (``apply`` takes a decoded action
exactly when it is legal), ``advance`` is ``apply``'s state, playouts by index end, worlds
keep the view, and seeds change the draws."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import fields, replace
from functools import cache
from typing import Any

import pytest

from skyhex.games.documents import load_scenario
from skyhex.rules.errors import IllegalActionError, InputError
from skyhex.rules.machine import legal_indices, over, random_by_index
from skyhex.rules.paragliders import action_space as encoding
from skyhex.rules.paragliders.actions import (
    Claim,
    LandChoice,
    Skill,
    Turn,
    TurnKind,
    WindChoice,
    claim_order,
)
from skyhex.rules.paragliders.bots import CAP
from skyhex.rules.paragliders.legal import expand, turn_groups
from skyhex.rules.paragliders.ruleset import RULESET as RULES
from skyhex.rules.paragliders.state import Game, Phase, State
from skyhex.rules.paragliders.stunts import Stunt
from skyhex.rules.playout import playout

from ..candidates import paragliders as candidates
from ..conftest import ROOT

SCENARIOS = ROOT / "examples" / "scenarios"


@cache
def scenarios() -> tuple[tuple[str, Any], ...]:
    """The example scenarios of Paragliders (named so by their ``game`` key, or by
    having none), read."""
    out = []
    for path in sorted(SCENARIOS.glob("*.yaml")):
        face, scenario, _ = load_scenario(str(path))
        if face.name == "paragliders":
            out.append((path.stem, scenario))
    assert len(out) >= 5
    return tuple(out)


def random_states(count: int, seed: int) -> Iterator[tuple[str, Game, State]]:
    """``count`` states (not over) met in seeded random playouts of every example scenario
    in turn: about one turn in six, and one wind-push choice in three."""
    rng = random.Random(seed)
    found = 0
    while True:
        for name, scenario in scenarios():
            played = playout(RULES, scenario, rng.randrange(10**9), cap=CAP)
            game, state, _ = RULES.new_game(scenario)
            for action in played.actions:
                if rng.random() < (1 / 3 if state.phase is Phase.WIND_PUSH else 1 / 6):
                    yield name, game, state
                    found += 1
                    if found == count:
                        return
                state = RULES.advance(game, state, action)


@cache
def sampled() -> tuple[tuple[str, Game, State], ...]:
    return tuple(random_states(360, 5))


def accepted(game: Game, state: State, action: Any) -> bool:
    try:
        RULES.apply(game, state, action)
    except IllegalActionError:
        return False
    return True


def test_states_met_cover_every_scenario_and_both_kinds_of_decision() -> None:
    states = sampled()
    assert {name for name, _, _ in states} == {name for name, _ in scenarios()}
    assert sum(s.phase is Phase.WIND_PUSH for _, _, s in states) >= 30
    assert sum(s.phase is Phase.TURN for _, _, s in states) >= 200


def test_legal_actions_have_distinct_indices_in_the_space_that_decode_back() -> None:
    for _, game, state in sampled():
        space = RULES.action_space(game)
        legal = RULES.legal_actions(game, state)
        indices = legal_indices(RULES, game, state)
        assert len(set(indices)) == len(indices) == len(legal)
        for action, index in zip(legal, indices, strict=True):
            assert 0 <= index < space
            assert RULES.action_at(game, state, index) == action


def test_a_whole_listing_is_the_turns_of_its_groups_with_their_own_indices() -> None:
    """``action_space.listed`` (a whole listing read, its turns remembered by index) gives
    the turns ``legal.expand`` builds, in order, and each remembered index is the one
    ``action_index`` works out for an equal turn built afresh; a turn read alone (one item
    of the lazy listing) and a decoded one have the same index."""
    for _, game, state in sampled():
        pilot = state.actor
        assert pilot is not None
        if state.phase is Phase.WIND_PUSH:
            continue
        groups = turn_groups(game, state, pilot)
        whole = encoding.listed(game, groups)
        assert whole == expand(groups)
        lazy = RULES.legal_actions(game, state)
        alone = [lazy[k] for k in range(len(lazy))]  # each built alone, never remembered
        for turn, other in zip(whole, alone, strict=True):
            fresh = Turn.of(*(getattr(other, f.name) for f in fields(Turn)))
            assert turn == other == fresh and turn is not fresh
            index = encoding.action_index(game, turn)
            assert index == encoding.action_index(game, fresh) == \
                encoding.action_index(game, other)
            assert encoding.action_at(game, state, index) == fresh


def test_advance_is_the_state_apply_gives() -> None:
    rng = random.Random(2)
    for _, game, state in sampled():
        legal = RULES.legal_actions(game, state)
        for action in rng.sample(list(legal), min(4, len(legal))):
            assert RULES.advance(game, state, action) == RULES.apply(game, state, action)[0]


def test_advance_refuses_what_apply_refuses_with_the_same_rule() -> None:
    rng = random.Random(3)
    refused = 0
    for _, game, state in sampled()[::3]:
        space = RULES.action_space(game)
        for _ in range(10):
            try:
                action = RULES.action_at(game, state, rng.randrange(space))
            except IllegalActionError:
                continue
            try:
                RULES.apply(game, state, action)
            except IllegalActionError as e:
                with pytest.raises(IllegalActionError) as again:
                    RULES.advance(game, state, action)
                assert again.value.rule == e.rule
                refused += 1
    assert refused > 100


def nearby(game: Game, state: State, rng: random.Random) -> list[int]:
    """Indices to try at ``state``: drawn from the whole space, and next to the legal
    ones (the same turn with another digit: mostly illegal, and close to the rules)."""
    space = RULES.action_space(game)
    legal = legal_indices(RULES, game, state)
    lay = encoding.layout(game)
    steps = (1, lay.claims, lay.claims * len(lay.landings), lay.flight // 5, lay.flight)
    out = [rng.randrange(space) for _ in range(20)]
    for index in rng.sample(legal, min(6, len(legal))):
        out += [index + sign * step for step in steps for sign in (1, -1)]
    return [k for k in out if 0 <= k < space]


def test_any_index_decodes_and_apply_takes_it_exactly_when_it_is_legal() -> None:
    """Every index of the space either names an action (which indexes back to it, and
    which ``apply`` accepts if and only if ``legal_actions`` lists it) or is refused with
    rule ``action.index`` (an index of the other kind of decision)."""
    rng = random.Random(4)
    decoded = refused = taken = 0
    for _, game, state in sampled():
        legal = set(RULES.legal_actions(game, state))
        for index in nearby(game, state, rng):
            try:
                action = RULES.action_at(game, state, index)
            except IllegalActionError as e:
                assert e.rule == "action.index"
                refused += 1
                continue
            decoded += 1
            assert RULES.player_of(action) == RULES.actor(game, state)
            assert RULES.action_index(game, action) == index
            ok = accepted(game, state, action)
            assert ok == (action in legal), action
            taken += ok
    assert decoded > 5000 and refused > 500 and taken > 200


def test_the_space_holds_every_action_a_moves_file_could_write_that_may_be_legal() -> None:
    """The candidates of the contract test (every kind of action a moves file writes,
    ``tests/candidates.py``): each one the space leaves out, or names for the other kind
    of decision, is refused by ``apply``; each other one decodes back from its index."""
    rng = random.Random(6)
    outside = other = inside = 0
    for _, game, state in sampled()[::8]:
        answers: dict[Any, bool] = {}

        def referee(action: Any, game: Game = game, state: State = state,
                    answers: dict[Any, bool] = answers) -> bool:
            if action not in answers:
                answers[action] = accepted(game, state, action)
            return answers[action]

        for action in candidates(game, state, rng, 0.01, referee):
            try:
                index = RULES.action_index(game, action)
            except IllegalActionError as e:
                assert e.rule == "action.index"
                assert not referee(action), action
                outside += 1
                continue
            try:
                back = RULES.action_at(game, state, index)
            except IllegalActionError as e:
                assert e.rule == "action.index"
                assert not referee(action), action
                other += 1
                continue
            assert back == action
            inside += 1
    assert outside > 50 and other > 20 and inside > 500


def test_indices_that_name_no_action_now_are_refused() -> None:
    _, scenario = scenarios()[0]
    game, state, _ = RULES.new_game(scenario)
    space = RULES.action_space(game)
    lay = encoding.layout(game)
    for index in (-1, space, space + 7):
        with pytest.raises(IllegalActionError, match="action space") as e:
            RULES.action_at(game, state, index)
        assert e.value.rule == "action.index"
    with pytest.raises(IllegalActionError) as e:  # a wind-push choice in a turn
        RULES.action_at(game, state, lay.wind)
    assert e.value.rule == "action.index"
    pushing = next(s for _, g, s in sampled() if s.phase is Phase.WIND_PUSH)
    pushed = next(g for _, g, s in sampled() if s is pushing)
    for index in (encoding.layout(pushed).passing, encoding.layout(pushed).takeoff):
        with pytest.raises(IllegalActionError) as e:  # a turn in a wind push
            RULES.action_at(pushed, pushing, index)
        assert e.value.rule == "action.index"
    ended = random_by_index(RULES, scenario, 1)
    assert not ended.truncated
    with pytest.raises(IllegalActionError, match="over") as e:
        RULES.action_at(ended.game, ended.state, 0)
    assert e.value.rule == "action.index"


def outside(game: Game, action: Any) -> list[Any]:
    """Actions like ``action`` (a legal one) that the space leaves out: a take-off from a
    hex that is none, a stunt claimed twice, with the other action or out of play, the
    acceleration card without accelerating, a relaunch towards a hex that is no mountain,
    a Top Lander claim with no final landing, a landing or a claim in a turn that flies no
    move."""
    off = next(h for h in sorted(game.terrain) if h not in game.mountains and
               h not in game.takeoff_hexes)
    out: list[Any] = [replace(action, mountain=off, land=LandChoice.RELAUNCH),
                      replace(action, top_lander=True, land=None, mountain=None)]
    if isinstance(action, WindChoice):
        return out
    claim = Claim(Stunt.EXPLORER, "after-accelerate")
    if action.move is None:
        out.append(replace(action, stunts=(claim,)))
        if action.kind is not TurnKind.STUCK:
            out.append(replace(action, land=LandChoice.FINAL))
        return out
    if action.kind is TurnKind.TAKEOFF:
        out.append(replace(action, hex=off))
    if not action.accelerate:
        out.append(replace(action, skill=action.skill | {Skill.ACCELERATE}))
    for c in action.stunts:
        out.append(replace(action, stunts=tuple(sorted(
            (*action.stunts, replace(c, when="before-move" if c.when != "before-move"
                                     else "after-accelerate")), key=claim_order))))
        out.append(replace(action, stunts=tuple(
            replace(d, action="start" if d.action == "score" else "score") if d is c else d
            for d in action.stunts)))
    for stunt in sorted(set(Stunt) - set(game.scenario.stunts)):
        out.append(replace(action, stunts=tuple(sorted(
            (*action.stunts, Claim(stunt, "after-accelerate")), key=claim_order))))
    return out


def test_actions_no_index_names_are_never_legal() -> None:
    """What the space leaves out (``outside``, next to legal actions) has no index, is
    never listed, and ``apply`` refuses it whenever a moves file can write it (a value
    that no entry reads back may be taken by ``apply``, which ignores the fields a kind
    of turn does not read)."""
    rng = random.Random(9)
    tried = written = 0
    for _, game, state in sampled()[::2]:
        legal = RULES.legal_actions(game, state)
        listed = set(legal)
        for action in rng.sample(list(legal), min(3, len(legal))):
            for other in outside(game, action):
                with pytest.raises(IllegalActionError) as e:
                    RULES.action_index(game, other)
                assert e.value.rule == "action.index"
                assert other not in listed
                tried += 1
                try:
                    entry = json.loads(json.dumps(RULES.action_to_entry(other)))
                    readable = RULES.action_from_entry(game, entry) == other
                except InputError:
                    readable = False
                if readable:
                    assert not accepted(game, state, other), other
                    written += 1
    assert tried > 1000 and written > 500


def test_the_space_is_the_documented_mixed_radix() -> None:
    for _, scenario in scenarios():
        game, _, _ = RULES.new_game(scenario)
        lay = encoding.layout(game)
        relaunch = game.scenario.solo is None or game.scenario.solo.value != "cross"
        lands = 2 + game.top_lander + relaunch * (1 + len(game.mountains))
        flight = 5 * 6 * lands * 4 ** len(game.claim_stunts)
        assert len(lay.landings) == lands and lay.flight == flight
        assert RULES.action_space(game) == 3 * lands + 1 + relaunch + lands + \
            flight * (1 + 6 * relaunch + 6 * len(game.takeoffs))


def test_random_games_by_index_end_within_the_score_range() -> None:
    for _, scenario in scenarios():
        for seed in (0, 1):
            played = random_by_index(RULES, scenario, seed)
            assert over(RULES, played.game, played.state)
            assert played.truncated == (RULES.actor(played.game, played.state) is not None)
            assert played.indices
            lo, hi = RULES.metadata(played.game).score_range
            for row in RULES.scores(played.game, played.state):
                assert lo <= row["score"] <= hi, row
            again = random_by_index(RULES, scenario, seed)
            assert again.indices == played.indices and again.state == played.state


def test_metadata() -> None:
    for _, scenario in scenarios():
        game, _, _ = RULES.new_game(scenario)
        meta = RULES.metadata(game)
        assert (meta.cap, meta.hidden, meta.chance, meta.version) == (CAP, False, "reseed", 1)
        lo, hi = meta.score_range
        assert lo < 0 < hi
        assert RULES.seats(game) == tuple(p.ident for p in game.players)
    cross = dict(scenarios())["solo-cross"]
    game, _, _ = RULES.new_game(cross)
    lo, hi = RULES.metadata(game).score_range
    assert lo == -10  # a crash; every other line of a cross score is positive
    assert hi == 3 * len(cross.cross_markers) + cross.components.skill_cards.solo_cross + \
        max(cross.components.time.vp)


def test_sample_world_keeps_the_view_and_draws_the_chance_afresh() -> None:
    rng = random.Random(8)
    for _, game, state in sampled()[::6]:
        for who in (*RULES.seats(game), None):
            world, seen = RULES.sample_world(game, state, who, rng)
            assert RULES.view(world, seen, who) == RULES.view(game, state, who)
            assert seen == state and world.pinned == ()
            assert RULES.legal_actions(world, seen) == RULES.legal_actions(game, state)
    _, scenario = scenarios()[-1]
    game, state, _ = RULES.new_game(scenario)
    real = passed_to_the_next_hour(game, state)
    worlds = [RULES.sample_world(game, state, None, random.Random(k)) for k in range(6)]
    assert any(passed_to_the_next_hour(g, s) != real for g, s in worlds)
    same = [RULES.sample_world(game, state, None, random.Random(3)) for _ in range(2)]
    assert passed_to_the_next_hour(*same[0]) == passed_to_the_next_hour(*same[1])


def passed_to_the_next_hour(game: Game, state: State) -> State:
    """``state`` after every pilot keeps the pawn in hand until the weather changes."""
    time = state.time
    while state.time < time + 60:
        me = RULES.actor(game, state)
        assert me is not None
        state = RULES.advance(game, state, Turn(me, TurnKind.PASS))
    return state


def test_with_seed_changes_the_draws_in_memory() -> None:
    for _, scenario in scenarios():
        if scenario.position is not None:
            continue
        seeded = [RULES.with_seed(scenario, seed) for seed in range(6)]
        assert all(s.seed == k for k, s in enumerate(seeded))
        days = []
        for s in seeded:
            game, state, events = RULES.new_game(s)
            days.append((events[0]["draws"], passed_to_the_next_hour(game, state)))
        assert len({repr(d) for d in days}) > 1
        game, state, _ = RULES.new_game(RULES.with_seed(scenario, scenario.seed))
        assert passed_to_the_next_hour(game, state) == \
            passed_to_the_next_hour(*RULES.new_game(scenario)[:2])


def test_events_hide_nothing() -> None:
    _, scenario = scenarios()[0]
    game, _, events = RULES.new_game(scenario)
    for who in (*RULES.seats(game), None):
        assert [RULES.event_view(game, e, who) for e in events] == events
