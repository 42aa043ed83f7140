"""The Paragliders engine's numeric fast paths against the rules they stand for: the map by
hex number (``rules/paragliders/cells.py``) against the hexes, and the stunt claims the
legal actions decide by bits (``legal.Claims``) against ``stunt_rules.accepts``, over the
positions of seeded random games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from skyhex.games import load_scenario
from skyhex.rules.hexgrid import DIRECTIONS
from skyhex.rules.paragliders import stunt_rules
from skyhex.rules.paragliders.actions import Skill
from skyhex.rules.paragliders.board import edge_hexes
from skyhex.rules.paragliders.flight import first_step, hard_turn, weather_table
from skyhex.rules.paragliders.legal import Claims
from skyhex.rules.paragliders.scenario import PilotStatus
from skyhex.rules.paragliders.state import Game, State
from skyhex.rules.paragliders.stunt_rules import Moment
from skyhex.rules.paragliders.stunts import Stunt
from skyhex.rules.paragliders.terrain import Terrain

SCENARIOS = ["four-players", "solo-race", "aerodromes", "three-players-difficult"]


def positions(name: str, seeds: int) -> Iterator[tuple[Game, State]]:
    face, scenario, _ = load_scenario(f"examples/scenarios/{name}.yaml")
    rules = face.ruleset
    for seed in range(seeds):
        rng = random.Random(seed)
        game, state, _ = rules.new_game(scenario)
        while rules.actor(game, state) is not None:
            yield game, state
            legal = rules.legal_actions(game, state)
            state, _ = rules.apply(game, state, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_map_by_number_is_the_map(name: str) -> None:
    game, _ = next(positions(name, 1))
    g = game.grid
    assert sorted(g.hexes) == sorted(game.terrain) and len(set(g.hexes)) == len(g.hexes)
    edge = edge_hexes(frozenset(game.terrain))
    for i, h in enumerate(g.hexes):
        assert g.index[h] == i and g.terrain[i] is game.terrain[h]
        assert bool(g.edge[i]) == (h in edge)
        assert bool(g.mountain[i]) == (game.terrain[h] is Terrain.MOUNTAIN)
        for d in DIRECTIONS:
            n = h.neighbor(d)
            assert g.step[i * 6 + d] == g.index.get(n, g.off)
    assert g.step[g.off * 6: g.off * 6 + 6] == (g.off,) * 6 and g.terrain[g.off] is None


def _expected(game: Game, state: State, flier: Any, stunt: Stunt, moment: Moment) -> bool:
    return stunt_rules.accepts(game, state, flier, stunt, dict(flier.stunts).get(stunt),
                               moment) is not None


@pytest.mark.parametrize("name", SCENARIOS)
def test_claims_by_bits_are_the_stunt_rules(name: str) -> None:
    """For the actor of seeded positions, at every hex and altitude of the map (a sample)
    and after the first steps onto its neighbours: a stunt's bit is set exactly when its
    rule accepts the claim of a pilot flying there."""
    rng = random.Random(5)
    weighed = 0
    for game, state in positions(name, 2):
        actor = state.actor
        assert actor is not None
        claims = Claims(game, state, actor)
        if not claims.stunts or rng.random() > 0.3:
            continue
        weather = weather_table(game, state)
        ceiling = game.components.altitude.ceiling
        for i in rng.sample(range(game.grid.off), 25):
            h = game.grid.hexes[i]
            for height in range(ceiling + 1):
                flier = actor.evolve(status=PilotStatus.FLYING, hex=h, altitude=height)
                bits = claims.place(i, height)
                for k, stunt in enumerate(claims.stunts):
                    if stunt_rules.READS[stunt] != "moment":
                        expected = _expected(game, state, flier, stunt,
                                             Moment("after-accelerate", ()))
                        assert bool(bits >> k & 1) == expected, (stunt, h, height)
                        weighed += 1
            if game.terrain[h] is Terrain.AERODROME:
                continue  # never entered: no first step onto it
            flier = actor.evolve(status=PilotStatus.FLYING, hex=h, altitude=1)
            for altitude in (0, game.mountaintop, ceiling):
                for hard in (None, hard_turn(frozenset()), hard_turn(frozenset({Skill.HARD_TURN}))):
                    mods, _, _ = first_step(game, state, weather, i, altitude, hard)
                    bits = claims.moment(mods)
                    for k, stunt in enumerate(claims.stunts):
                        if stunt_rules.READS[stunt] == "moment":
                            for when in ("after-move", "after-accelerate"):
                                expected = _expected(game, state, flier, stunt,
                                                     Moment(when, mods))
                                assert bool(bits >> k & 1) == expected, (stunt, mods)
                                weighed += 1
    assert weighed > 1000
