"""The Turbulences machine interface (``Ruleset.advance``, the action space, ``seats``,
``metadata``, ``with_seed``, ``sample_world``, ``event_view``), held on states of seeded
random games of the example scenarios (CLASSIC, the team modes, EXPERT, NIGHT FLIGHT with
its ``reveal: continues``, the powers) and on the rare moments of ``tests/candidates.py``.

The encoding (``rules/turbulences/action_space.py``) is a public contract: a few indices
are pinned here, so that a change to it cannot pass unnoticed (it bumps
``Metadata.version``)."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from skyhex.games import load_scenario, ruleset
from skyhex.rules.errors import IllegalActionError
from skyhex.rules.hexgrid import Hex
from skyhex.rules.machine import legal_indices, over, random_by_index
from skyhex.rules.playout import playout
from skyhex.rules.turbulences import action_space, engine
from skyhex.rules.turbulences.actions import NO_OPS, Flip, Journey, Ops, Pass, Power
from skyhex.rules.turbulences.bots import CAP
from skyhex.rules.turbulences.night import dark
from skyhex.rules.turbulences.state import Game, Phase, State

from ..candidates import EDGES
from ..conftest import ROOT

RULES = ruleset("turbulences")
SCENARIOS = ("turbulences-4", "turbulences-teams-4", "turbulences-two-companies-2",
             "turbulences-expert-4", "turbulences-night-3", "turbulences-night-expert-4",
             "turbulences-powers-6")
EDGE_MOMENTS = "edges"
MOMENTS = (*SCENARIOS, EDGE_MOMENTS)


@cache
def scenario(name: str) -> Any:
    return load_scenario(str(ROOT / "examples" / "scenarios" / f"{name}.yaml"))[1]


@cache
def states(name: str, seed: int = 3, turns: int = 14, every: int = 2
           ) -> tuple[tuple[Game, State], ...]:
    """Every ``every``-th state of a random game (its first ``turns`` game turns); for
    ``edges``, the rare moments of ``tests/candidates.py`` (a blocked rebuild, a full
    shipping zone, EXPERT's and the powers' edges: a rescue of the Parachute among them)."""
    if name == EDGE_MOMENTS:
        return tuple(EDGES["turbulences"]())
    rng = random.Random(seed)
    game, state, _ = RULES.new_game(scenario(name))
    out = []
    k = 0
    while state.actor is not None and state.turn <= turns:
        if k % every == 0:
            out.append((game, state))
        legal = RULES.legal_actions(game, state)
        state = RULES.apply(game, state, legal[rng.randrange(len(legal))])[0]
        k += 1
    return tuple(out)


def test_the_random_games_reach_every_kind_of_decision() -> None:
    """The states tested hold what the encoding must tell apart: rebuilds, the BOOST, parcel
    operations before and after, gliding and crossings, the Parachute, the powers, and the
    rest of a journey after a night flip."""
    seen: set[str] = set()
    for game, state in (gs for name in MOMENTS for gs in states(name)):
        for a in RULES.legal_actions(game, state):
            if isinstance(a, Journey):
                seen.update(k for k, v in (("rebuild", a.rebuild), ("boost", a.boost),
                                           ("before", a.before), ("after", a.after),
                                           ("glide", a.glide), ("cross", a.cross),
                                           ("parachute", a.parachute), ("power", a.power))
                            if v)
                if a.power and len(a.path) == 1:
                    seen.add("carpet")
                if state.night is not None and state.night.leg:
                    seen.add("onward")
            elif isinstance(a, Pass) and a.ops:
                seen.add("pass ops")
            else:
                seen.add(type(a).__name__)
    assert seen >= {"rebuild", "boost", "before", "after", "glide", "cross", "parachute",
                    "power", "carpet", "onward", "pass ops", "Pass", "Flip", "Power"}


@pytest.mark.parametrize("name", MOMENTS)
def test_every_legal_action_has_its_own_index_and_decodes_back(name: str) -> None:
    for game, state in states(name):
        space = RULES.action_space(game)
        legal = RULES.legal_actions(game, state)
        indices = legal_indices(RULES, game, state)
        assert all(0 <= k < space for k in indices)
        assert len(set(indices)) == len(set(legal)) == len(legal)
        for a, k in zip(legal, indices, strict=True):
            assert RULES.action_at(game, state, k) == a, (a, k)


@pytest.mark.parametrize("name", MOMENTS)
def test_advance_gives_apply_s_state_and_refuses_what_it_refuses(name: str) -> None:
    """Listed actions and decoded ones (equal values, other objects: ``advance``'s fast path
    for listed journeys is not taken), and actions near them that ``apply`` refuses."""
    rng = random.Random(7)
    for game, state in states(name)[::2]:
        legal = RULES.legal_actions(game, state)
        for a in rng.sample(legal, min(6, len(legal))):
            after = RULES.apply(game, state, a)[0]
            assert RULES.advance(game, state, a) == after
            decoded = RULES.action_at(game, state, RULES.action_index(game, a))
            assert RULES.advance(game, state, decoded) == after
        for k in _near(game, state, rng, 12):
            try:
                action = RULES.action_at(game, state, k)
            except IllegalActionError:
                continue
            try:
                expected = RULES.apply(game, state, action)[0]
            except IllegalActionError as refused:
                with pytest.raises(IllegalActionError) as raised:
                    RULES.advance(game, state, action)
                assert raised.value.rule == refused.rule
            else:
                assert RULES.advance(game, state, action) == expected


def _digits(game: Game) -> list[int]:
    """The weights of the journey block's digits (one step of each part)."""
    lay = action_space.layout(game)
    out = [1, action_space.PATHS]
    for radix in (lay.ops, lay.ops, lay.rebuilds, lay.glides, lay.crosses, lay.chutes):
        out.append(out[-1] * radix)
    return out


def _near(game: Game, state: State, rng: random.Random, n: int) -> list[int]:
    """Indices near the legal ones (one digit moved) and anywhere in the space."""
    space = RULES.action_space(game)
    legal = legal_indices(RULES, game, state)
    weights = _digits(game)
    out = [rng.randrange(space) for _ in range(n)]
    for _ in range(n):
        k = rng.choice(legal) + rng.choice((-1, 1)) * rng.choice(weights) * rng.randint(1, 3)
        if 0 <= k < space:
            out.append(k)
    return out


@pytest.mark.parametrize("name", MOMENTS)
def test_sampled_indices_decode_and_apply_takes_them_iff_listed(name: str) -> None:
    """Any index of the space decodes (to an action that may be illegal) or raises rule
    ``action.index``; ``apply`` takes the decoded action exactly when it is listed."""
    rng = random.Random(11)
    decoded = taken = 0
    for game, state in states(name):
        legal = set(RULES.legal_actions(game, state))
        for k in _near(game, state, rng, 30):
            try:
                action = RULES.action_at(game, state, k)
            except IllegalActionError as error:
                assert error.rule == "action.index"
                continue
            decoded += 1
            assert RULES.player_of(action) == RULES.actor(game, state)
            try:
                RULES.apply(game, state, action)
            except IllegalActionError:
                assert action not in legal, action
            else:
                assert action in legal or _night_gap(state, action, legal), action
                taken += 1
            assert RULES.action_index(game, action) == k  # one index an action
    assert decoded and taken


def _night_gap(state: State, action: Any, legal: set[Any]) -> bool:
    """A gap of the engine (``engine._journey_end`` and ``_onward``), left to it: at night a
    journey that ends on a face-down tile (the flip ends or pauses it) takes any ``after``
    operations and ignores them, so that ``apply`` takes it unlisted; listed is the same
    journey without them."""
    return state.night is not None and isinstance(action, Journey) and bool(action.after) \
        and action.path[-1] in dark(state.night, state.clouds) \
        and replace(action, after=NO_OPS) in legal


def test_indices_outside_the_space_or_of_no_action_raise_the_index_rule() -> None:
    game, state = states("turbulences-4")[0]
    space = RULES.action_space(game)
    lay = action_space.layout(game)
    for k in (-1, space, space + 5):
        with pytest.raises(IllegalActionError) as raised:
            RULES.action_at(game, state, k)
        assert raised.value.rule == "action.index"
    # a journey of a destroyed aircraft that names no city to rebuild in has no start
    i = state.actor
    assert i is not None
    wrecked = state.with_plane(i, state.planes[i].evolve(hex=None))
    with pytest.raises(IllegalActionError) as raised:
        RULES.action_at(game, wrecked, lay.journey)
    assert raised.value.rule == "action.index"
    # the game over
    ended = state.evolve(phase=Phase.OVER)
    with pytest.raises(IllegalActionError) as raised:
        RULES.action_at(game, ended, 0)
    assert raised.value.rule == "action.index"
    # a one-tile Power journey is named by the FLYING CARPET's block only
    powers = scenario("turbulences-powers-6")
    pg, ps, _ = RULES.new_game(powers)
    pl = action_space.layout(pg)
    one_tile_power = pl.journey + action_space.PATHS * pl.ops * pl.ops * pl.rebuilds * \
        pl.glides * pl.crosses * pl.chutes
    with pytest.raises(IllegalActionError) as raised:
        RULES.action_at(pg, ps, one_tile_power)
    assert raised.value.rule == "action.index"


def test_actions_no_index_names_are_refused_by_the_encoder() -> None:
    game, state = states("turbulences-4")[0]
    i = state.actor
    assert i is not None
    colour = game.companies[i].colour
    start = state.planes[i].hex
    assert start is not None
    other = next(c.colour for c in game.companies if c.colour != colour)
    far = Hex(start.q + 2, start.r)
    for action in (Journey(colour, (start.neighbors()[0], far)),
                   Journey(colour, ()),
                   Journey(colour, (start.neighbors()[0],), Ops(load=(f"{other}-1",))),
                   Pass(colour, rebuild=Hex(40, 40)),
                   Journey("nobody", (start.neighbors()[0],)),
                   Journey(colour, (start.neighbors()[0],), glide=1)):
        with pytest.raises(IllegalActionError) as raised:
            RULES.action_index(game, action)
        assert raised.value.rule == "action.index"


def test_the_encoding_is_the_documented_one() -> None:
    """Version 1 pinned: the space of a CLASSIC day game of four, and where its blocks and
    digits lie (``action_space``'s docstring)."""
    game, state = states("turbulences-4")[0]
    i = state.actor
    assert i is not None
    colour = game.companies[i].colour
    lay = action_space.layout(game)
    assert (lay.parcels, lay.aboard, lay.loads, lay.ops, lay.rebuilds) == (5, 51, 16, 816, 4)
    assert RULES.action_space(game) == 801_693_890 == 4 * 816 + 2 + 301 * 816 ** 2 * 4
    assert RULES.metadata(game).version == 1
    parcels = lay.parcels_of[i]
    assert parcels == tuple(f"{colour}-{n}" for n in range(1, 6))
    assert RULES.action_index(game, Pass(colour)) == 0
    assert RULES.action_index(game, Flip(colour)) == 4 * 816
    assert RULES.action_index(game, Power(colour)) == 4 * 816 + 1
    start = Hex(0, 0)
    east = Hex(1, 0)  # class 1; Direction SE = 2 from there
    beyond = Hex(2, 0)
    journey = Journey(colour, (east, beyond), Ops(throw=(parcels[1],)),
                      Ops(unload=(parcels[0], parcels[4]), load=(parcels[2],)))
    path = 7 + 6 * 1 + 2
    before = 1 + 2 * 1 + 0
    after = (1 + 2 * 5 + 4 * (4 * 3 // 2 + 0) + 2 * 1 + 1) + 51 * (1 + 2)
    expected = 4 * 816 + 2 + path + 301 * (before + 816 * after)
    assert RULES.action_index(game, journey) == expected
    at_start = state.with_plane(i, state.planes[i].evolve(hex=start))
    assert RULES.action_at(game, at_start, expected) == journey
    # the same index read elsewhere: the path's first tile is the one of its class there
    # (from (2, 1), of class 5, the neighbour of class 1 is (2, 2), to the south)
    moved = state.with_plane(i, state.planes[i].evolve(hex=Hex(2, 1)))
    assert RULES.action_at(game, moved, expected).path == (Hex(2, 2), Hex(3, 2))
    # the BOOST phase's journeys are the BOOST's: the same index, boost set
    boosting = at_start.evolve(phase=Phase.BOOST)
    assert RULES.action_at(game, boosting, expected) == Journey(
        colour, journey.path, journey.before, journey.after, boost=True)


def test_every_kind_of_index_decodes_to_its_kind() -> None:
    """Each block of the space decodes to its kind of action, with every part."""
    game, state, _ = RULES.new_game(scenario("turbulences-powers-6"))
    lay = action_space.layout(game)
    assert lay.carpet and lay.powers == 2 and lay.chutes == 2
    i = state.actor
    assert i is not None
    kinds = {type(RULES.action_at(game, state, k)).__name__
             for k in (0, lay.flip - 1, lay.flip, lay.power, lay.journey, lay.carpets,
                       lay.size - 1)}
    assert kinds == {"Pass", "Flip", "Power", "Journey"}
    last = RULES.action_at(game, state, lay.size - 1)
    assert isinstance(last, Journey) and last.power and len(last.path) == 1
    assert last.rebuild == lay.cities_of[i][-1] and last.before
    top = RULES.action_at(game, state, lay.carpets - 1)
    assert isinstance(top, Journey) and top.power and top.parachute and len(top.path) == 3
    assert top.after and top.before and top.rebuild is not None
    assert RULES.action_index(game, top) == lay.carpets - 1
    assert RULES.action_index(game, last) == lay.size - 1
    assert RULES.action_at(game, state, 0) == Pass(game.companies[i].colour, NO_OPS)


@pytest.mark.parametrize("name", ("turbulences-4", "turbulences-expert-4",
                                  "turbulences-night-3", "turbulences-powers-6"))
def test_random_games_by_index_play_to_the_end_or_the_cap(name: str) -> None:
    """``random_by_index`` (indices, ``action_at``, ``advance``) plays the very game that
    the playout driver's uniform policy plays through ``apply`` from the same seed (both
    pick the k-th legal action, in listing order)."""
    played = random_by_index(RULES, scenario(name), 5)
    assert over(RULES, played.game, played.state)
    assert played.truncated == (RULES.actor(played.game, played.state) is not None)
    if played.truncated:
        assert played.state.turn > CAP
    game, state, _ = RULES.new_game(scenario(name))
    decoded = []
    for k in played.indices:
        action = RULES.action_at(game, state, k)
        decoded.append(action)
        state = RULES.apply(game, state, action)[0]
    assert state == played.state
    assert tuple(decoded) == playout(RULES, scenario(name), 5, cap=CAP).actions
    low, high = RULES.metadata(game).score_range
    assert all(low <= row["score"] <= high for row in RULES.scores(game, state))


def test_the_metadata() -> None:
    for name in SCENARIOS:
        game, _, _ = RULES.new_game(scenario(name))
        meta = RULES.metadata(game)
        assert (meta.cap, meta.score_range, meta.hidden, meta.chance, meta.version) == \
            (CAP, (0.0, 21.0), True, "reseed", 1)
        assert RULES.seats(game) == tuple(c.colour for c in game.companies)


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_sampled_world_keeps_what_every_seat_sees(name: str) -> None:
    rng = random.Random(5)
    changed = 0
    for game, state in states(name)[::3]:
        for who in (*RULES.seats(game), None):
            seen = RULES.view(game, state, who)
            world_game, world_state = RULES.sample_world(game, state, who, rng)
            assert RULES.view(world_game, world_state, who) == seen
            assert RULES.view(game, state, who) == seen  # the real game is untouched
            assert world_game.seed != game.seed or world_game.pinned != game.pinned
            if who is None:  # the referee: only the chance to come is drawn
                assert world_state == state
                assert world_game.weights == game.weights
                assert world_game.landscape == game.landscape
            elif world_game.weights != game.weights:
                changed += 1
    assert changed  # what a seat cannot see is drawn afresh


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_world_leaves_the_actor_its_choices(name: str) -> None:
    """What the company to act may do depends only on what it sees: in the worlds it may
    believe in, its legal actions are the real ones, and they play on there."""
    rng = random.Random(9)
    for game, state in states(name)[1::3]:
        who = RULES.actor(game, state)
        world_game, world_state = RULES.sample_world(game, state, who, rng)
        legal = RULES.legal_actions(world_game, world_state)
        assert legal == RULES.legal_actions(game, state)
        RULES.advance(world_game, world_state, legal[rng.randrange(len(legal))])


def test_with_seed_changes_the_draws_in_memory() -> None:
    base = scenario("turbulences-4")
    setups = set()
    for seed in range(6):
        seeded = RULES.with_seed(base, seed)
        assert seeded.seed == seed and seeded.companies == base.companies
        setup = RULES.new_game(seeded)[2][0]
        setups.add((setup["first"], tuple(p["weight"] for p in setup["parcels"])))
    assert len(setups) == 6
    assert RULES.new_game(RULES.with_seed(base, 3))[1] == RULES.new_game(
        RULES.with_seed(base, 3))[1]


def test_event_view_is_the_engine_s_and_the_referee_reads_all() -> None:
    game, _, events = RULES.new_game(scenario("turbulences-4"))
    who = game.companies[0].colour
    for event in events:
        assert RULES.event_view(game, event, None) == event
        assert RULES.event_view(game, event, who) == engine.event_view(game, event, who)
    setup = RULES.event_view(game, events[0], who)
    hidden = [p for p in setup["parcels"] if "weight" not in p or p["weight"] is None]
    assert hidden  # a company does not read the other colours' weights
