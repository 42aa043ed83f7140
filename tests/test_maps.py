"""The map model and the skyhex.map/1 format: reading, writing, tiles in slots."""

from __future__ import annotations

import pytest

from skyhex.mapgen.paragliders.generate import generate_map
from skyhex.rules.errors import InputError
from skyhex.rules.hexgrid import Hex, Slot
from skyhex.rules.paragliders.components import ComponentSet
from skyhex.rules.paragliders.maps import (
    MapLayout,
    Placement,
    map_from_dict,
    map_to_dict,
    placed_hexes,
)
from skyhex.rules.paragliders.terrain import Terrain


def test_round_trip(standard: ComponentSet) -> None:
    m = generate_map(standard, 11, aerodromes=1)
    doc = map_to_dict(m)
    back = map_from_dict(doc, standard)
    assert back.hexes == m.hexes
    assert back.slots == m.slots
    assert back.aerodromes == m.aerodromes
    assert (back.seed, back.generator, back.components) == (11, m.generator, "standard")
    assert map_to_dict(back) == doc


def test_slots_alone_give_the_hexes(standard: ComponentSet) -> None:
    m = generate_map(standard, 5)
    doc = map_to_dict(m, include_hexes=False)
    assert "hexes" not in doc
    assert map_from_dict(doc, standard).hexes == m.hexes


def test_hexes_alone_need_no_component_set() -> None:
    doc = {"format": "skyhex.map/1", "game": "paragliders", "layout": "custom", "hexes": [
        {"q": 0, "r": 0, "terrain": "field", "features": {"target": True}},
        {"q": 1, "r": 0, "terrain": "mountain", "features": {"takeoff": True}},
    ]}
    m = map_from_dict(doc, None)
    assert m.layout is MapLayout.CUSTOM
    assert m.targets == [Hex(0, 0)] and m.takeoffs == [Hex(1, 0)]
    assert not m.has_slots


def test_rotation_turns_the_tile_clockwise(standard: ComponentSet) -> None:
    """Rotation k moves the content of tile position i to position (i + k) % 3."""
    start = standard.start_tile
    slot = Slot(2, -1)
    for rotation in range(3):
        hexes = placed_hexes(Placement(slot, start.id, "a", rotation), standard)
        positions = slot.hexes()
        assert hexes[positions[rotation % 3]].features.target
        assert hexes[positions[(1 + rotation) % 3]].terrain is Terrain.MOUNTAIN


def test_unknown_tile_and_face_are_input_errors(standard: ComponentSet) -> None:
    doc = {"format": "skyhex.map/1", "game": "paragliders", "slots": [
        {"slot": [0, 0], "tile": "start", "face": "b", "rotation": 0},
        {"slot": [1, 0], "tile": "t99", "face": "a", "rotation": 0},
    ]}
    with pytest.raises(InputError) as e:
        map_from_dict(doc, standard)
    assert [(p.rule, p.path) for p in e.value.problems] == [
        ("map.unknown-face", ("slots", 0, "face")),
        ("map.unknown-tile", ("slots", 1, "tile")),
    ]


def test_another_component_set_is_named(standard: ComponentSet) -> None:
    doc = {"format": "skyhex.map/1", "game": "paragliders", "components": "my-box",
           "slots": [{"slot": [0, 0], "tile": "start"}]}
    with pytest.raises(InputError) as e:
        map_from_dict(doc, standard)
    assert e.value.problems[0].hint == "pass the set 'my-box' with --components FILE"
