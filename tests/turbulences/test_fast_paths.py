"""The engine's fast outcome path held to the explained one, and the greedy pilot held to
its recorded games.

``engine.advance`` (no events; bots and the greedy policy weigh every legal action with it,
remembering the parcel operations and the journey ends they share) must give the state
``explain`` (the explained path) gives, for every legal action of positions of greedy and
random games of every Turbulences example scenario (CLASSIC, teams, two companies, EXPERT,
special powers, NIGHT FLIGHT), weighed in the greedy's order and again in reverse, one by
one and all at once (``advance_all``). ``apply`` (the explained pass itself) must give
that state and the explained events. The greedy games of two seeds of each
scenario must play the actions they played when these digests were recorded (the same
seeds give the same games: the speed work changes no choice). The weather's shake as
``advance`` remembers it must be ``shake``'s wherever the aircraft are."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from skyhex.games import load_scenario
from skyhex.rules.errors import IllegalActionError
from skyhex.rules.hexgrid import Hex
from skyhex.rules.playout import playout, uniform
from skyhex.rules.turbulences import engine
from skyhex.rules.turbulences.actions import (
    NO_OPS,
    Journey,
    Ops,
    Pass,
    action_to_entry,
    journey,
)
from skyhex.rules.turbulences.engine import advance, advance_all, apply, explain
from skyhex.rules.turbulences.events import shake
from skyhex.rules.turbulences.policies import GREEDY_CAP, greedy
from skyhex.rules.turbulences.state import Game, State

SCENARIOS = Path(__file__).resolve().parents[2] / "examples" / "scenarios"
NAMES = sorted(p.stem for p in SCENARIOS.glob("turbulences-*.yaml"))

RECORDED = [
    ("turbulences-2", 0, 29, "1984afc91cf23b5f57422cd1b9118ab88f3e69d440205de85f68afcd9207a13f"),
    ("turbulences-2", 1, 29, "5cd8962e0accf5ba3f2a26a4ae581562dda6ff87a9bc54d458aff702515dffea"),
    ("turbulences-4", 0, 41, "c00b29595cf616f7941046a0792ded1d88f2b3e3c6adddbae6807fe895b330ba"),
    ("turbulences-4", 1, 65, "28a051822dbc264a7a2f0766d97efee37e970fc2d3872c8a6a523b8382490ea1"),
    ("turbulences-6", 0, 102, "fa45cd72a4089d8d0ee9e6d6885f5f25cf4823403ae5e64d4ab9e03b868050a3"),
    ("turbulences-6", 1, 122, "3931f7dec03b112ffff8be33fc6918cd2be65d08ca0baa82db890b37817a09e9"),
    ("turbulences-expert-4", 0, 80, "d79f17baeeb185405ff7cd8c20407963c17bd5745264e2f32e1d00908b01384e"),
    ("turbulences-expert-4", 1, 76, "90e26d860bfaa199eb475ce7c008c9f1448ec79a4f87fd2be14d93d377000e0d"),
    ("turbulences-night-3", 0, 55, "687a77c94d78086b1120dcd66a0ff671a14ff8eb700dd3f1b4d57a5a5fb4ad0c"),
    ("turbulences-night-3", 1, 56, "d9d5e5e6630310ab773ddd277410f295bb2fc7b2f0d5723aaf0220f762e40e01"),
    ("turbulences-night-expert-4", 0, 72, "d47251c5c815e2c01ff2c785e74eca9f206be69e135882d293da51fecc7cb174"),
    ("turbulences-night-expert-4", 1, 75, "49e40ecff4c68d4ce33a3fffa5696bea9b9ad7fd862e4cf30961f24b92d6bc56"),
    ("turbulences-powers-6", 0, 104, "09ae39d4d9551b6f78b61b171910aa59d359a1cd7cff6f1f9297dd41bb2b076f"),
    ("turbulences-powers-6", 1, 107, "07bcaf4c8505dd73d851457e9e72e962cd3d9d17335ca98dfa124c54b1715241"),
    ("turbulences-teams-4", 0, 41, "657d5a6a73e584b20308106c288367294393d129fc54401005eb119737004b26"),
    ("turbulences-teams-4", 1, 42, "a858b627267bfb486bd194b7106e434fb415e6c280a2313bfe6e3bb7451dc30d"),
    ("turbulences-two-companies-2", 0, 60,
     "a50fda82394a117fbf942a6f021bf4095f3a1affc0cc9142a1e998701c31dc39"),
    ("turbulences-two-companies-2", 1, 60,
     "d4b42d88ca3c1b699f36efa947f083ea3d0a3c7b6e272402578b50a3f2287914"),
]
"""(scenario, seed, actions, sha256 of the moves-file entries as sorted JSON) of the greedy
games (``policies.greedy``, cap ``GREEDY_CAP``) recorded before the engine's fast paths."""


def _read(name: str) -> tuple[Any, Any]:
    face, read, _ = load_scenario(str(SCENARIOS / f"{name}.yaml"))
    return face.ruleset, read


def test_every_example_scenario_is_covered() -> None:
    assert sorted({name for name, *_ in RECORDED}) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_advance_gives_the_state_apply_gives_in_greedy_and_random_games(name: str) -> None:
    rules, read = _read(name)
    checked = 0

    def check(game: Game, state: State, legal: Any) -> None:
        nonlocal checked
        applied = [explain(game, state, action)[0] for action in legal]
        for order in (range(len(legal)), reversed(range(len(legal)))):
            for k in order:
                assert advance(game, state, legal[k]) == applied[k], legal[k]
        assert advance_all(game, state, legal) == applied
        assert advance_all(game, state, legal[::-1]) == applied[::-1]
        checked += len(legal)

    def greedy_checked(ruleset: Any, game: Game, state: State, legal: Any,
                       rng: random.Random) -> Any:
        check(game, state, legal)
        return greedy(ruleset, game, state, legal, rng)

    def uniform_checked(ruleset: Any, game: Game, state: State, legal: Any,
                        rng: random.Random) -> Any:
        check(game, state, legal)
        return uniform(ruleset, game, state, legal, rng)

    playout(rules, read, 1, greedy_checked, 12)
    playout(rules, read, 2, uniform_checked, 8)
    assert checked > 200


@pytest.mark.parametrize("name", ["turbulences-6", "turbulences-night-expert-4",
                                  "turbulences-powers-6"])
def test_advance_gives_the_explained_state_and_apply_its_events(name: str) -> None:
    """``advance`` (its fast paths) gives the explained path's state, and ``apply`` that
    state with the explained path's events; an illegal action raises alike from both."""
    rules, read = _read(name)
    checked = 0

    def check(game: Game, state: State, legal: Any) -> None:
        nonlocal checked
        for action in legal:
            after, events = apply(game, state, action)
            want_after, want_events = explain(game, state, action)
            assert after == want_after == advance(game, state, action)
            assert events == want_events
            checked += 1
        idle = next(c.colour for k, c in enumerate(game.companies) if k != state.actor)
        for wrong in (Pass(idle), Pass("nobody"), replace(legal[0], company=idle)):
            with pytest.raises(IllegalActionError) as raised:
                apply(game, state, wrong)
            with pytest.raises(IllegalActionError) as explained:
                explain(game, state, wrong)
            with pytest.raises(IllegalActionError) as advanced:
                advance(game, state, wrong)
            assert raised.value.rule == explained.value.rule == advanced.value.rule

    def greedy_checked(ruleset: Any, game: Game, state: State, legal: Any,
                       rng: random.Random) -> Any:
        check(game, state, legal)
        return greedy(ruleset, game, state, legal, rng)

    playout(rules, read, 3, greedy_checked, 10)
    assert checked > 200


@pytest.mark.parametrize(("name", "seed", "actions", "digest"), RECORDED)
def test_greedy_games_play_the_recorded_actions(name: str, seed: int, actions: int,
                                                digest: str) -> None:
    rules, read = _read(name)
    played = playout(rules, read, seed, greedy, GREEDY_CAP)
    entries = [action_to_entry(a) for a in played.actions]
    assert len(entries) == actions
    assert hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest() == digest


def test_journey_made_without_init_equals_the_dataclass_one() -> None:
    rng = random.Random(5)
    hexes = [Hex(q, r) for q in range(-2, 3) for r in range(-2, 3)]
    ops = [NO_OPS, Ops(throw=("red-1",)), Ops(unload=("blue-2",), load=("red-3", "red-1"))]
    for _ in range(200):
        args = ("red", tuple(rng.sample(hexes, rng.randint(1, 3))), rng.choice(ops),
                rng.choice(ops), rng.choice([None, *hexes]), rng.random() < 0.5,
                rng.randint(0, 3), rng.random() < 0.5, rng.random() < 0.5, rng.random() < 0.5)
        made, dataclass_made = journey(*args), Journey(*args)
        assert made == dataclass_made and hash(made) == hash(dataclass_made)
        assert repr(made) == repr(dataclass_made) and type(made) is Journey
        assert action_to_entry(made) == action_to_entry(dataclass_made)


def test_remembered_shake_equals_shake_wherever_the_aircraft_are() -> None:
    """The weather's shake as ``advance`` remembers it (calm aircraft left out of the key)
    is ``shake``'s, for aircraft anywhere: on tiles with and without clouds before or after
    the phase, sharing tiles, in cities and airports, of skies met in random games."""
    rules, read = _read("turbulences-6")
    skies: list[tuple[Game, State]] = []

    def collect(ruleset: Any, game: Game, state: State, legal: Any,
                rng: random.Random) -> Any:
        if len(state.order) == 1:
            skies.append((game, state))
        return uniform(ruleset, game, state, legal, rng)

    for seed in (4, 5):
        playout(rules, read, seed, collect, 12)
    rng = random.Random(9)
    outcomes = set()
    for game, state in skies:
        phase = engine._blow(game, state, game.mountains).phase
        clouded = sorted(state.clouds.keys() | phase.clouds.keys())
        exits = sorted(f.exit for f in phase.fates.values() if f.exit is not None)
        places = [*clouded, *exits, *sorted(game.tiles), *sorted(game.cities)]
        names = [c.colour for c in game.companies]
        for _ in range(40):
            picked = rng.sample(places[:len(clouded) + len(exits) + 8], 3) + \
                rng.sample(places, 3)
            positions = {i: h for i, h in enumerate(picked) if h in game.reach}
            want = shake(names, positions, game.tiles, game.airports, game.cities,
                         state.clouds, phase)
            for _ in range(2):  # computed, then remembered
                got = engine._shake_seen(game, names, positions, state.clouds, phase)
                assert (got.positions, got.landings, got.events) == \
                    (want.positions, want.landings, want.events)
            outcomes.add((any(h is None for h in want.positions.values()),
                          bool(want.landings)))
    assert len(skies) > 10 and (True, False) in outcomes and (False, True) in outcomes


@pytest.mark.parametrize("name", ["turbulences-4", "turbulences-6", "turbulences-teams-4",
                                  "turbulences-expert-4", "turbulences-powers-6"])
def test_advance_in_a_sampled_world_gives_the_explained_state_of_that_world(name: str
                                                                           ) -> None:
    """A world a company may believe in (another seed, other weights: what a bot weighs
    its actions in) is a copy of the game equal to ``dataclasses.replace``'s, sharing its
    board; ``advance`` there of the journeys listed for the game gives the explained state
    of that world (its own chance at the end of the game turn), never the game's."""
    rules, read = _read(name)
    checked = 0

    def check(game: Game, state: State, legal: Any, rng: random.Random) -> None:
        nonlocal checked
        who = rules.actor(game, state)
        world, seen = rules.sample_world(game, state, who, rng)
        assert world == replace(game, seed=world.seed, weights=world.weights, pinned=(),
                                pinned_from=0)
        assert world.board is game.board
        rules.legal_actions(game, state)  # the listing is the game's, not the world's
        for action in legal:
            assert advance(world, seen, action) == explain(world, seen, action)[0], action
            checked += 1

    def uniform_checked(ruleset: Any, game: Game, state: State, legal: Any,
                        rng: random.Random) -> Any:
        check(game, state, legal, rng)
        return uniform(ruleset, game, state, legal, rng)

    playout(rules, read, 3, uniform_checked, 8)
    assert checked > 100


@pytest.mark.parametrize("name", NAMES)
def test_listed_indices_and_journeys_are_those_worked_out_digit_by_digit(name: str) -> None:
    """``action_index`` of a listed journey (the listing's sum of digits) is the index
    worked out from the journey itself, and ``action_at`` of a listed index (the listed
    journey) is the journey decoded from the index."""
    from skyhex.rules.turbulences import tables
    from skyhex.rules.turbulences.action_space import action_at, action_index

    rules, read = _read(name)
    checked = 0

    def check(ruleset: Any, game: Game, state: State, legal: Any,
              rng: random.Random) -> Any:
        nonlocal checked
        listed = rules.legal_actions(game, state)
        kept = tables.listing
        indices = [action_index(game, a) for a in listed]
        picked = [action_at(game, state, k) for k in indices]
        tables.listing = None
        try:
            assert indices == [action_index(game, a) for a in listed]
            assert picked == [action_at(game, state, k) for k in indices] == listed
        finally:
            tables.listing = kept
        checked += len(listed)
        return uniform(ruleset, game, state, legal, rng)

    playout(rules, read, 4, check, 10)
    assert checked > 100


def test_equal_games_share_one_board() -> None:
    """Games equal but for chance and the weights have one ``board`` object (the listing's
    memos compare boards by identity), games of another landscape or other companies do
    not."""
    rules, read = _read("turbulences-6")
    game, _, _ = rules.new_game(read)
    again, _, _ = rules.new_game(replace(read, seed=read.seed + 1))
    assert again is not game and again.board is game.board
    assert replace(game, weights={}).board is game.board
    assert replace(game, companies=game.companies[:2]).board is not game.board
    other, _, _ = rules.new_game(_read("turbulences-4")[1])
    assert other.board is not game.board


@pytest.mark.parametrize("name", ["turbulences-6", "turbulences-night-3",
                                  "turbulences-expert-4"])
def test_numbered_journeys_are_the_walked_ones(name: str) -> None:
    """The journeys worked out on numbered hexes (``tables.number_flights``) are those
    walked on hexes, in the same order."""
    from skyhex.rules.turbulences import piloting
    from skyhex.rules.turbulences.night import dark
    from skyhex.rules.turbulences.tables import number_flights

    rules, read = _read(name)
    checked = 0

    def check(ruleset: Any, game: Game, state: State, legal: Any,
              rng: random.Random) -> Any:
        nonlocal checked
        for i, plane in enumerate(state.planes):
            if plane.hex is None:
                continue
            others = piloting.occupied(state, i)
            unknown = dark(state.night, state.clouds)
            for overloaded in (False, True):
                numbered = number_flights(game, state, i, overloaded, others, unknown)
                assert numbered is not None
                walked = piloting._walked_flights(game, state, i, overloaded, others, unknown)
                assert [tuple(f) for f in walked.values()] == numbered
                checked += len(numbered)
        return uniform(ruleset, game, state, legal, rng)

    playout(rules, read, 5, check, 12)
    assert checked > 500
