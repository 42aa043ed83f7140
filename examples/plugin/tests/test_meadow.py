"""Thistledown meadows: generated ones keep the setup rules, files round-trip, and the
checker finds what breaks them."""

from __future__ import annotations

import pytest
from skyhex.rules.errors import InputError
from skyhex.rules.hexgrid import Hex

from thistledown.meadow import Meadow, check_meadow, generate_meadow, meadow_from_dict, meadow_to_dict
from thistledown.places import HEX


@pytest.mark.parametrize("seed", range(30))
def test_generated_meadows_keep_the_rules_and_round_trip(seed: int) -> None:
    m = generate_meadow(seed)
    assert check_meadow(m) == []
    assert len(m.thorns) == 8 and len(m.updrafts) == 4
    assert meadow_from_dict(meadow_to_dict(m)) == m
    assert generate_meadow(seed) == m


def test_the_checker_finds_a_walled_start_and_thorns_on_the_edges() -> None:
    wall = frozenset(Hex(-1, r) for r in range(-1, 3)) | {Hex(-2, 2)}
    m = Meadow(2, wall, frozenset({Hex(-1, 0)}))
    found = {v.rule: v for v in check_meadow(m)}
    assert set(found) == {"meadow.edge-thorns", "meadow.updraft-thorns", "meadow.no-way"}
    assert found["meadow.edge-thorns"].at(HEX) == (Hex(-2, 2),)
    assert set(found["meadow.no-way"].at(HEX)) == {Hex(-2, 0), Hex(-2, 1)}


def test_a_hex_outside_or_twice_is_located() -> None:
    with pytest.raises(InputError) as e:
        meadow_from_dict({"radius": 1, "thorns": [[0, 0], [3, 0]], "updrafts": [[0, 0]]})
    assert [(p.rule, p.path) for p in e.value.problems] == [("map.hex", ("thorns", 1)),
                                                             ("map.hex", ("updrafts", 0))]
