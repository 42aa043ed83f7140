"""The map model and the skyhex.map/1 format: reading, writing, tiles in slots."""

from __future__ import annotations

import pytest

from skyhex.mapgen.paragliders.generate import generate_map
from skyhex.rules.errors import InputError
from skyhex.rules.hexgrid import Hex, Slot
from skyhex.rules.paragliders.components import ComponentSet
from skyhex.rules.paragliders.maps import (
    MapLayout,
    MountainReading,
    Placement,
    map_from_dict,
    map_to_dict,
    placed_hexes,
    recut_geometry,
    turned_hexes,
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


def test_how_the_map_was_set_up_survives_its_file(standard: ComponentSet) -> None:
    m = generate_map(standard, 2, mountains=MountainReading.ONE_CLUSTER, assistants=2)
    assert m.redraws  # seed 2 dead-ends around the centre under this reading
    doc = map_to_dict(m)
    assert (doc["mountains"], doc["assistants"]) == ("one-cluster", 2)
    assert doc["redraws"][0] == {"step": "around the centre", "rule": "setup.mountains",
                                 "reason": m.redraws[0].reason}
    back = map_from_dict(doc, standard)
    assert (back.mountains, back.assistants, back.redraws) == (m.mountains, 2, m.redraws)
    assert map_to_dict(back) == doc
    hand_made = map_from_dict({k: v for k, v in doc.items()
                               if k not in ("mountains", "assistants", "redraws")}, standard)
    assert hand_made.redraws is None and hand_made.mountain_reading is MountainReading.PER_SECTOR
    assert "redraws" not in map_to_dict(hand_made)


def test_a_tile_laid_back_turned_points_the_other_way(standard: ComponentSet) -> None:
    """A tile turned a sixth of a turn fills a triangle pointing east (one hex east, two
    west); each further third of a turn moves its content one position on, as in a slot."""
    triangle = (Hex(3, -1), Hex(2, -1), Hex(2, 0))
    start = standard.start_tile
    seen = []
    for rotation in range(3):
        hexes = turned_hexes(start.id, "a", rotation, triangle, standard)
        assert set(hexes) == set(triangle)
        seen.append(next(h for h, mh in hexes.items() if mh.features.target))
    assert len(set(seen)) == 3
    found = recut_geometry((Slot(1, 0), Slot(2, 0)))
    assert found is not None
    assert found[0] == [(Hex(4, -2), Hex(3, -2), Hex(3, -1))]
    assert found[1] == [Hex(2, -1), Hex(5, -3), Hex(5, -2)]
    assert recut_geometry((Slot(1, 0), Slot(3, 0))) is None  # not next to each other
    assert recut_geometry((Slot(1, 0), Slot(2, 0), Slot(2, 1))) is None  # not a straight row


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
