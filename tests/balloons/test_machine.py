"""Balmy Balloonists' machine interface (``rules/game.py``): the action encoding
(``rules/balloons/action_space.py``) on states of seeded random races of the example
scenarios, ``advance`` against ``apply``, a game played by indices, the worlds a balloon may
believe in, a change of seed, the metadata's bounds and the events as a balloon reads them."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from skyhex.games import load_scenario, ruleset
from skyhex.rules.balloons.action_space import PLAYS, encoding
from skyhex.rules.balloons.actions import Action, Exchange, Fly, Launch, Pass, Play, Use
from skyhex.rules.balloons.bots import CAP
from skyhex.rules.balloons.components import Altitude
from skyhex.rules.balloons.scenario import Scenario
from skyhex.rules.balloons.state import Game, Phase, State
from skyhex.rules.errors import IllegalActionError
from skyhex.rules.machine import legal_indices, random_by_index
from skyhex.rules.playout import playout

from ..candidates import BALLOONS_KINDS, balloons_kind
from ..conftest import ROOT

BALLOONS = ruleset("balloons")
SCENARIOS = ("balloons-2", "balloons-4", "balloons-6")
SEEDS = (1, 2)
"""The random races each scenario's states come from."""


def scenario(name: str) -> Scenario:
    _, found, _ = load_scenario(str(Path(ROOT, "examples", "scenarios", f"{name}.yaml")))
    assert isinstance(found, Scenario)
    return found


@cache
def race(name: str, seed: int) -> tuple[Game, tuple[State, ...]]:
    """Every state of a seeded random race of ``name`` up to its end or the cap."""
    rng = random.Random(seed)
    game, state, _ = BALLOONS.new_game(BALLOONS.with_seed(scenario(name), seed))
    states = [state]
    while BALLOONS.actor(game, state) is not None and state.round <= CAP:
        legal = BALLOONS.legal_actions(game, state)
        state = BALLOONS.advance(game, state, legal[rng.randrange(len(legal))])
        states.append(state)
    return game, tuple(states)


def crowded() -> tuple[Game, State]:
    """A card decision of six balloons with a full table: the actor holds three cards with
    symbols, two Advantage cards, and has two in front of it, every other balloon two in
    front, the Wind Rose pawns on two others, so that its card plays (hand and table on
    either pawn, each use, each exchange for a face-up card) run to hundreds."""
    game, states = race("balloons-6", 1)
    state = next(s for s in states if s.phase is Phase.CARD and s.round > 1)
    free = [c for c in game.components.local_wind if c not in ("w03", "w05", "w08", "w11",
                                                              "w13")]
    given = tuple(a for b in state.balloons for a in b.advantages)[:2]  # to the actor
    balloons = []
    for i, b in enumerate(state.balloons):
        if i == state.seat:
            balloons.append(b.evolve(hand=("w03", "w05", "w08"), front=("w11", "w13"),
                                     advantages=given))
        else:
            hand, front, free = tuple(sorted(free[:3])), tuple(free[3:5]), free[5:]
            balloons.append(b.evolve(hand=hand, front=front, advantages=tuple(
                a for a in b.advantages if a not in given)))
    n = len(game.seats)
    rose = (game.colours[(state.seat + 1) % n], game.colours[(state.seat + 2) % n])
    return game, state.evolve(balloons=tuple(balloons), discards=(), rose=rose)


def moments() -> list[tuple[Game, State]]:
    """The states to act of every race (not the last one when the race ended), and the
    crowded one."""
    return [(game, s) for name in SCENARIOS for seed in SEEDS
            for game, states in [race(name, seed)] for s in states
            if s.actor is not None] + [crowded()]


def test_every_legal_action_has_an_index_of_its_own_that_decodes_back() -> None:
    kinds: set[str] = set()
    most = 0
    for game, state in moments():
        space = BALLOONS.action_space(game)
        legal = BALLOONS.legal_actions(game, state)
        indices = legal_indices(BALLOONS, game, state)
        assert all(0 <= k < space for k in indices)
        assert len(set(indices)) == len(indices), "two legal actions share an index"
        for action, k in zip(legal, indices, strict=True):
            assert BALLOONS.action_at(game, state, k) == action
            kinds |= balloons_kind(action)
        most = max(most, len(legal))
    assert kinds >= BALLOONS_KINDS, "a kind of decision was never checked"
    assert most > 300, "no moment with many card plays and exchanges was checked"


def test_advance_gives_apply_s_state_and_raises_its_errors() -> None:
    rng = random.Random(5)
    checked = refused = 0
    for game, state in moments()[::4]:
        for action in BALLOONS.legal_actions(game, state):
            assert BALLOONS.advance(game, state, action) == BALLOONS.apply(game, state, action)[0]
            checked += 1
        space = BALLOONS.action_space(game)
        for k in rng.sample(range(space), 8):
            try:
                action = BALLOONS.action_at(game, state, k)
            except IllegalActionError:
                continue
            try:
                BALLOONS.apply(game, state, action)
            except IllegalActionError as error:
                with pytest.raises(IllegalActionError) as again:
                    BALLOONS.advance(game, state, action)
                assert again.value.rule == error.rule
                refused += 1
    assert checked > 1000 and refused > 100


def test_every_index_of_the_space_decodes_to_what_apply_judges_or_is_refused() -> None:
    """Sampled indices (and each kind's first and last) decode to an action whose index
    they are, which ``apply`` accepts exactly when ``legal_actions`` lists it; the indices
    of another kind of decision raise ``action.index``."""
    rng = random.Random(7)
    decoded = accepted = 0
    for game, state in moments()[::3]:
        space = BALLOONS.action_space(game)
        legal = set(BALLOONS.legal_actions(game, state))
        picks = {0, 1, PLAYS - 1, PLAYS, space - 1, *rng.sample(range(space), 12),
                 *legal_indices(BALLOONS, game, state)[:4]}
        for k in picks:
            try:
                action = BALLOONS.action_at(game, state, k)
            except IllegalActionError as error:
                assert error.rule == "action.index"
                assert (k < PLAYS and k != 0) == (state.phase is Phase.CARD), k
                continue
            decoded += 1
            assert action.balloon == BALLOONS.actor(game, state)
            assert BALLOONS.action_index(game, action) == k
            try:
                BALLOONS.apply(game, state, action)
            except IllegalActionError as error:
                assert error.rule != "action.index"
                assert action not in legal, action
            else:
                assert action in legal, action
                accepted += 1
        for k in (-1, space, space + 5):
            with pytest.raises(IllegalActionError) as error:
                BALLOONS.action_at(game, state, k)
            assert error.value.rule == "action.index"
    assert decoded > 1000 and accepted > 100


def test_the_layout_is_the_documented_one() -> None:
    """The standard set's plays: w01 and w02 for their wind, w03 for its wind and for a
    Misfortune card, w04, w05 for its wind and for a Quadrant card, ..., w48 for its wind
    and for a Misfortune card: 65 in all."""
    game, states = race("balloons-2", 1)
    parts = game.components
    w, a, n = len(parts.local_wind), len(parts.advantage), len(game.seats)
    u = len(encoding(game).plays)
    assert (w, a, n, u) == (48, 12, 2, 48 + 10 + 7)
    assert BALLOONS.action_space(game) == 11 + n * u * (1 + a * w) == 75_021
    red, blue = game.colours
    index = BALLOONS.action_index
    assert index(game, Pass(red)) == index(game, Pass(blue)) == 0
    assert index(game, Fly(red, Altitude.GROUNDED)) == 1
    assert index(game, Fly(red, Altitude.LOW)) == 2
    assert index(game, Fly(red, Altitude.HIGH, Launch.SOUTH)) == 10
    assert index(game, Play(red, "w01", red)) == index(game, Play(blue, "w01", blue)) == 11
    assert index(game, Play(red, "w01", blue)) == index(game, Play(blue, "w01", red)) == 12
    assert index(game, Play(red, "w02", red)) == 11 + n
    assert index(game, Play(red, "w03", red, Use.MISFORTUNE)) == 11 + 3 * n
    assert index(game, Play(red, "w05", red, Use.QUADRANT)) == 11 + 6 * n
    assert index(game, Play(red, "w01", red, Use.WIND, Exchange("a01", "w01"))) == \
        11 + u * n
    card = next(s for s in states if s.phase is Phase.CARD and s.seat == 1)
    assert BALLOONS.action_at(game, card, BALLOONS.action_space(game) - 1) == \
        Play(blue, "w48", red, Use.MISFORTUNE, Exchange("a12", "w48"))
    assert encoding(game).winds == tuple(parts.local_wind)


def test_an_action_the_space_leaves_out_has_no_index() -> None:
    """Never legal (a use the card does not show, a launch that stays on the ground), or
    naming what the race lacks."""
    game, _ = race("balloons-2", 1)
    red = game.colours[0]
    bad: list[Action] = [Play(red, "w01", red, Use.MISFORTUNE),
                         Play(red, "w03", red, Use.QUADRANT),
                         Fly(red, Altitude.GROUNDED, Launch.NORTH),
                         Play(red, "w99", red), Play(red, "w01", "purple"),
                         Play(red, "w01", red, Use.WIND, Exchange("a99", "w02")),
                         Play(red, "w01", red, Use.WIND, Exchange("a01", "q01"))]
    for action in bad:
        with pytest.raises(IllegalActionError) as error:
            BALLOONS.action_index(game, action)
        assert error.value.rule == "action.index"
    for g, state in moments():  # and apply never takes the never-legal ones
        for action in bad[:3]:
            with pytest.raises(IllegalActionError):
                BALLOONS.apply(g, state, replace(action, balloon=BALLOONS.actor(g, state)))


def test_no_index_names_an_action_once_the_race_is_over() -> None:
    game, states = race("balloons-2", 1)
    over = next(s for s in states if s.actor is None)
    for k in (0, 5, 20):
        with pytest.raises(IllegalActionError) as error:
            BALLOONS.action_at(game, over, k)
        assert error.value.rule == "action.index"


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_game_by_indices_plays_to_its_end_as_the_random_playout_does(name: str) -> None:
    """The same choices (a uniform pick by the same generator) through ``action_at`` and
    ``advance`` end in the state the playout reaches through ``apply``."""
    found = scenario(name)
    for seed in (3, 4):
        by_index = random_by_index(BALLOONS, found, seed)
        played = playout(BALLOONS, found, seed, cap=CAP)
        assert by_index.state == played.state
        assert len(by_index.indices) == len(played.actions)
        assert not by_index.truncated and not played.capped  # the last day comes first
        assert BALLOONS.actor(by_index.game, by_index.state) is None


def test_a_game_by_indices_stops_at_the_cap() -> None:
    """A race of more days than the cap is truncated after round ``CAP``."""
    found = replace(scenario("balloons-2"), days=CAP + 20)
    stopped = 0
    for seed in range(4):
        by_index = random_by_index(BALLOONS, found, seed)
        played = playout(BALLOONS, found, seed, cap=CAP)
        assert by_index.state == played.state and by_index.truncated == played.capped
        if by_index.truncated:
            assert by_index.state.round == CAP + 1
            assert BALLOONS.actor(by_index.game, by_index.state) is not None
            stopped += 1
        else:
            assert BALLOONS.actor(by_index.game, by_index.state) is None
    assert stopped


def test_the_score_range_holds_every_score() -> None:
    for name in SCENARIOS:
        for seed in SEEDS:
            game, states = race(name, seed)
            low, high = BALLOONS.metadata(game).score_range
            for state in states[::5] + states[-1:]:
                assert all(low <= r["score"] <= high for r in BALLOONS.scores(game, state))


def test_metadata() -> None:
    """The standard globe: eight sections of 45 degrees, lane 1 with 4 spaces a section.
    The largest Quadrant move is 8: the finishing flight goes on 7 spaces past the meridian,
    in lane 1 a section and 3 spaces (78.75 degrees): 438 at most. Per round a balloon
    takes at most one card from each of the two balloons (a drift: under a section) and
    flies once (a launch: under a section, and two spaces back at 11.25 degrees a space at
    most): 157.5 degrees, over the 30 days."""
    game, _ = race("balloons-2", 1)
    meta = BALLOONS.metadata(game)
    assert meta.cap == CAP
    assert meta.score_range == (-4725.0, 438.0)
    assert meta.hidden and meta.chance == "reseed" and meta.version == 1
    assert BALLOONS.seats(game) == ("red", "blue")


def test_with_seed_changes_the_draws_in_memory() -> None:
    found = scenario("balloons-4")
    hands = {}
    for seed in (10, 11, 10):
        game, state, setup = BALLOONS.new_game(BALLOONS.with_seed(found, seed))
        assert game.seed == setup[0]["seed"] == seed
        hands.setdefault(seed, []).append([b.hand for b in state.balloons])
    assert hands[10][0] == hands[10][1]
    assert hands[10][0] != hands[11][0]
    assert BALLOONS.with_seed(found, 10).seats == found.seats
    assert found.seed == 4


def test_a_sampled_world_keeps_what_each_balloon_sees() -> None:
    rng = random.Random(11)
    redealt = 0
    for game, state in moments()[::10]:
        for who in (None, *BALLOONS.seats(game)):
            world, ws = BALLOONS.sample_world(game, state, who, rng)
            assert BALLOONS.view(world, ws, who) == BALLOONS.view(game, state, who)
            assert world.seed != game.seed and world.pinned == ()
            places = [c for b in ws.balloons for c in (*b.hand, *b.front)] + list(ws.discards)
            assert len(places) == len(set(places)), "a card in two places"
            if who is None:
                assert ws == state
            else:
                redealt += ws.balloons != state.balloons
            # the world plays on: its own draws, legal actions of the same balloon
            legal = BALLOONS.legal_actions(world, ws)
            assert legal and all(a.balloon == BALLOONS.actor(game, state) for a in legal)
            BALLOONS.advance(world, ws, legal[0])
    assert redealt > 20


def test_events_as_a_balloon_reads_them() -> None:
    found = scenario("balloons-2")
    game, state, events = BALLOONS.new_game(found)
    rng = random.Random(2)
    for _ in range(12):
        legal = BALLOONS.legal_actions(game, state)
        state, more = BALLOONS.apply(game, state, legal[rng.randrange(len(legal))])
        events += more
    red, blue = BALLOONS.seats(game)
    assert [BALLOONS.event_view(game, e, None) for e in events] == events
    drew = [e for e in events if e["type"] == "drew"]
    assert {e["balloon"] for e in drew} == {red, blue}
    for e in drew:
        seen = BALLOONS.event_view(game, e, red)
        assert seen["cards"] == (e["cards"] if e["balloon"] == red else [None] * len(e["cards"]))
    setup = BALLOONS.event_view(game, events[0], blue)
    assert [b["hand"] == [None] * 3 for b in setup["balloons"]] == [True, False]
