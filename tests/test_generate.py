"""The generator: valid maps for every seed, deterministic, the rulebook's construction,
and clear failures for requests that cannot be met."""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from skyhex.games import dump_yaml
from skyhex.mapgen.errors import GenerationError
from skyhex.mapgen.paragliders.check import check_map
from skyhex.mapgen.paragliders.generate import generate_map
from skyhex.rules.paragliders.board import CENTER, board_layout
from skyhex.rules.paragliders.components import (
    ComponentSet,
    components_from_dict,
    standard_set_text,
)
from skyhex.rules.paragliders.maps import map_from_dict, map_to_dict
from skyhex.rules.paragliders.terrain import Terrain


def test_three_hundred_consecutive_seeds(standard: ComponentSet) -> None:
    for seed in range(300):
        m = generate_map(standard, seed)
        assert check_map(m, standard) == [], seed
        assert len(m.slots) == 61 and len({p.tile for p in m.slots}) == 61


def test_same_seed_same_bytes(standard: ComponentSet) -> None:
    a = dump_yaml(map_to_dict(generate_map(standard, 42)), ("slots", "hexes"))
    b = dump_yaml(map_to_dict(generate_map(standard, 42)), ("slots", "hexes"))
    c = dump_yaml(map_to_dict(generate_map(standard, 43)), ("slots", "hexes"))
    assert a == b and a != c


def test_the_map_records_seed_generator_and_set(standard: ComponentSet) -> None:
    m = generate_map(standard, 9)
    assert m.seed == 9 and m.components == "standard"
    assert m.generator is not None and "mapgen/1" in m.generator


def test_construction_follows_the_setup(standard: ComponentSet) -> None:
    """Rulebook: "Once complete, the star shouldn't contain any mountains (except for the
    Starting Tile)"; "the mountain tiles need to be connected to the existing mountain in the
    center"; every sector gets its antenna tile."""
    board = board_layout(4)
    for seed in range(50):
        m = generate_map(standard, seed)
        by_slot = {p.slot: p for p in m.slots}
        assert by_slot[CENTER].tile == "start" and by_slot[CENTER].rotation == 0
        for slot in board.arm_slots:
            assert all(m.hexes[h].terrain is not Terrain.MOUNTAIN for h in slot.hexes())
        for name in "BDF":
            assert sum(by_slot[s].tile.startswith("antenna") for s in board.sector(name)) == 1
        for slot in board.ring_slots:
            assert not by_slot[slot].tile.startswith("antenna")


def test_mountains_reach_the_sectors(standard: ComponentSet) -> None:
    """Over many seeds, mountain tiles end up in every sector, not only around the centre."""
    board = board_layout(4)
    seen = {n: 0 for n in "BDF"}
    for seed in range(60):
        m = generate_map(standard, seed)
        for n in "BDF":
            if any(m.hexes[h].terrain is Terrain.MOUNTAIN for s in board.sector(n)
                   for h in s.hexes()):
                seen[n] += 1
    assert all(count > 10 for count in seen.values()), seen


@pytest.mark.parametrize("radius", [2, 3, 4])
def test_smaller_boards(radius: int, standard: ComponentSet) -> None:
    for seed in range(30):
        m = generate_map(standard, seed, radius=radius)
        assert m.radius == radius
        assert len(m.hexes) == 3 * len(board_layout(radius).slots)
        assert check_map(m, standard) == []


@pytest.mark.parametrize("count", [1, 2])
def test_aerodromes(count: int, standard: ComponentSet) -> None:
    for seed in range(40):
        m = generate_map(standard, seed, aerodromes=count)
        assert check_map(m, standard) == []
        assert len(m.aerodromes) == count
        for a in m.aerodromes:
            tile = standard.tile(a.replaces or "")
            assert tile is not None
            assert not any(tile.has_mountain(f) or tile.has_token(f) for f in tile.faces)
            assert m.hexes[a.slot.hexes()[0]].terrain is Terrain.AERODROME


def test_over_constrained_requests_name_the_constraint(standard: ComponentSet) -> None:
    with pytest.raises(GenerationError) as e:
        generate_map(standard, 1, radius=5)
    assert e.value.constraint == "setup.board" and "87 regular tiles" in str(e.value)
    with pytest.raises(GenerationError) as e:
        generate_map(standard, 1, radius=1)
    assert e.value.constraint == "setup.antennas"


def mountain_heavy_set() -> ComponentSet:
    doc: dict[str, Any] = yaml.safe_load(standard_set_text())
    doc = copy.deepcopy(doc)
    doc["id"] = "all-peaks"
    for t in doc["tiles"]:
        if t.get("kind", "regular") == "regular":
            for face in t["faces"].values():
                if face[0] in ("field", "forest", "lake"):
                    face[0] = "mountain"
    return components_from_dict(doc)


def test_a_set_with_too_few_flat_tiles_fails_on_the_star() -> None:
    with pytest.raises(GenerationError) as e:
        generate_map(mountain_heavy_set(), 3)
    assert e.value.constraint == "setup.star"


def test_aerodromes_need_aerodrome_tiles() -> None:
    doc: dict[str, Any] = yaml.safe_load(standard_set_text())
    doc["aerodrome_tiles"] = doc["aerodrome_tiles"][:4]
    with pytest.raises(GenerationError) as e:
        generate_map(components_from_dict(doc), 3, aerodromes=2)
    assert e.value.constraint == "setup.aerodromes" and "need 6 aerodrome tiles" in str(e.value)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**63), st.sampled_from([2, 3, 4]), st.integers(0, 2))
def test_any_seed_gives_a_valid_map_that_survives_its_file(seed: int, radius: int,
                                                            aerodromes: int) -> None:
    from skyhex.rules.paragliders.components import standard_set

    cs = standard_set()
    try:
        m = generate_map(cs, seed, radius=radius, aerodromes=aerodromes)
    except GenerationError as e:
        # a radius-2 board has 15 regular slots, 14 of them for spawn and GPS tiles: at most
        # one tile may be free to make way for an aerodrome
        assert radius == 2 and aerodromes > 0 and e.constraint == "setup.aerodromes"
        return
    text = dump_yaml(map_to_dict(m), ("slots", "hexes"))
    back = map_from_dict(yaml.safe_load(text), cs)
    assert back.hexes == m.hexes
    assert check_map(back, cs) == []
