"""The map checker: hand-made invalid maps are rejected with the right rules, every
violation at once; mutations of valid maps are always caught."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyhex.games import face
from skyhex.mapgen.paragliders.check import check_map
from skyhex.mapgen.paragliders.generate import generate_map
from skyhex.rules.hexgrid import slot_of
from skyhex.rules.paragliders.board import board_layout
from skyhex.rules.paragliders.components import ComponentSet
from skyhex.rules.paragliders.features import NO_FEATURES
from skyhex.rules.paragliders.maps import Map, MapHex
from skyhex.rules.paragliders.terrain import Terrain

from .conftest import DATA, ROOT


def rules(path: str, standard: ComponentSet) -> list[str]:
    m, _ = face("paragliders").load_map(str(DATA / "maps" / path), standard)
    return [v.rule for v in check_map(m, standard)]


@pytest.mark.parametrize(("name", "expected"), [
    ("valid-seed-7.yaml", []),
    ("valid-hexes-only.yaml", []),
    ("arm-mountain.yaml", ["setup.star"]),
    ("split-mountains.yaml", ["setup.mountains"]),
    ("two-antennas.yaml", ["setup.antennas", "setup.antennas"]),
    ("missing-spawn.yaml", ["setup.features"]),
    ("aerodrome-on-mountain.yaml", ["setup.aerodromes"]),
    ("outside-board.yaml", ["setup.board"]),
    ("three-violations.yaml", ["setup.star", "setup.mountains", "setup.features"]),
    ("custom-invalid.yaml", ["play.hexes", "play.takeoff", "play.antennas", "play.features"]),
])
def test_hand_made_maps(name: str, expected: list[str], standard: ComponentSet) -> None:
    assert rules(name, standard) == expected


def test_violations_name_slots_hexes_and_a_hint(standard: ComponentSet) -> None:
    m, _ = face("paragliders").load_map(str(DATA / "maps" / "three-violations.yaml"),
                                        standard)
    star, mountains, features = check_map(m, standard)
    assert star.slots == (slot_of(star.hexes[0]),) and star.hexes == ((1, -2),)
    assert "arm E" in star.message and star.hint
    assert mountains.hexes == ((3, 5),) and "cut off" in mountains.message
    assert features.message == "cloud spawn number(s) missing: 4"


def test_examples_are_valid(standard: ComponentSet) -> None:
    """Every example map, each checked by the rules of its game."""
    from skyhex.games import load_map

    files = sorted((ROOT / "examples" / "maps").glob("*.yaml"))
    games = set()
    for f in files:
        game, m, _ = load_map(str(f))
        games.add(game.name)
        assert game.check_map(m, standard) == [], f
    assert games == {"paragliders", "turbulences", "balloons"}


def test_radius_one_has_no_sectors(standard: ComponentSet) -> None:
    m = Map(hexes={}, radius=1)
    assert [v.rule for v in check_map(m, standard)] == ["setup.board"]


def mutate(m: Map, changes: dict) -> Map:  # type: ignore[type-arg]
    return Map(hexes={**m.hexes, **changes}, layout=m.layout, radius=m.radius)


seeds = st.integers(min_value=0, max_value=2**31 - 1)


@settings(max_examples=40, deadline=None)
@given(seeds, st.data())
def test_a_mountain_anywhere_on_the_arms_is_caught(seed: int, data: st.DataObject) -> None:
    from skyhex.rules.paragliders.components import standard_set

    cs = standard_set()
    m = generate_map(cs, seed)
    arm_hexes = sorted(h for s in board_layout(4).arm_slots for h in s.hexes())
    h = data.draw(st.sampled_from(arm_hexes))
    bad = mutate(m, {h: MapHex(Terrain.MOUNTAIN, m.hexes[h].features)})
    assert "setup.star" in [v.rule for v in check_map(bad, cs)]


@settings(max_examples=40, deadline=None)
@given(seeds, st.data())
def test_removing_any_mark_is_caught(seed: int, data: st.DataObject) -> None:
    from skyhex.rules.paragliders.components import standard_set

    cs = standard_set()
    m = generate_map(cs, seed)
    marked = sorted(h for h, mh in m.hexes.items()
                    if mh.features.spawn or mh.features.antenna or mh.features.takeoff)
    h = data.draw(st.sampled_from(marked))
    bad = mutate(m, {h: MapHex(m.hexes[h].terrain, NO_FEATURES)})
    assert check_map(bad, cs) != []


@settings(max_examples=40, deadline=None)
@given(seeds, st.data())
def test_an_isolated_mountain_is_caught(seed: int, data: st.DataObject) -> None:
    from skyhex.rules.paragliders.components import standard_set

    cs = standard_set()
    m = generate_map(cs, seed)
    peaks = m.terrain_hexes(Terrain.MOUNTAIN)
    lonely = sorted(h for h in m.hexes if h not in peaks
                    and all(n not in peaks for n in h.neighbors()))
    h = data.draw(st.sampled_from(lonely))
    bad = mutate(m, {h: MapHex(Terrain.MOUNTAIN, m.hexes[h].features)})
    assert "setup.mountains" in [v.rule for v in check_map(bad, cs)]
