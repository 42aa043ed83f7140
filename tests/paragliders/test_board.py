"""The standard board: slots, star, sectors, corners and its three-fold symmetry."""

from __future__ import annotations

import math

import pytest

from skyhex.rules.hexgrid import Hex, Layout, Slot, slot_of
from skyhex.rules.paragliders.board import (
    CENTER,
    CORNER_NAMES,
    BoardLayout,
    arm_of,
    board_layout,
    wedge_of,
)


def turn_third(h: Hex) -> Hex:
    """A third of a turn about the vertex shared by the centre slot's three hexes."""
    return Hex(-h.q - h.r + 1, h.q - 1)


def test_sizes() -> None:
    board = board_layout(4)
    assert len(board.slots) == 61
    assert len(board.hexes) == 183
    assert len(board.arm_slots) == 12
    assert set(board.ring_slots) == {Slot(1, 0), Slot(-1, 1), Slot(0, -1)}
    assert {n: len(board.sector(n)) for n in "BDF"} == {"B": 15, "D": 15, "F": 15}
    everything = {CENTER} | set(board.arm_slots) | set(board.ring_slots) | \
        {s for n in "BDF" for s in board.sector(n)}
    assert everything == set(board.slots)


def test_corners_run_counter_clockwise_from_the_west() -> None:
    board = board_layout(4)
    assert [board.corner(c) for c in CORNER_NAMES] == [
        Slot(-4, 0), Slot(-4, 4), Slot(0, 4), Slot(4, 0), Slot(4, -4), Slot(0, -4)]
    layout = Layout(1.0)
    bearings = []
    for c in CORNER_NAMES:
        x, y = layout.center(board.corner(c).anchor)
        bearings.append(round(math.degrees(math.atan2(-y, x))) % 360)
    # A is west (180 degrees); each next corner is 60 degrees further counter-clockwise.
    assert bearings[0] == pytest.approx(180, abs=10)
    turns = zip(bearings, bearings[1:] + bearings[:1], strict=True)
    assert all((b - a) % 360 == pytest.approx(60, abs=10) for a, b in turns)


def test_arms_reach_corners_a_c_e() -> None:
    board = board_layout(4)
    for c in "ACE":
        arm = board.arm(c)
        assert arm[-1] == board.corner(c)
        assert arm[0].distance(CENTER) == 1
        assert all(arm_of(s) == c for s in arm)


def test_wedges_hold_the_other_corners() -> None:
    board = board_layout(4)
    for c in "BDF":
        assert wedge_of(board.corner(c)) == c
        assert board.sector_of(board.corner(c)) == c
    for s in board.ring_slots:
        assert board.sector_of(s) is None


@pytest.mark.parametrize("radius", [2, 3, 4, 5, 6])
def test_three_fold_symmetry(radius: int) -> None:
    board = BoardLayout(radius)
    assert {turn_third(h) for h in board.hexes} == board.hexes
    arms = {h for s in board.arm_slots for h in s.hexes()}
    assert {turn_third(h) for h in arms} == arms
    sectors = [{h for s in board.sector(n) for h in s.hexes()} for n in "BDF"]
    turned = [{turn_third(h) for h in sec} for sec in sectors]
    assert sorted(map(sorted, turned)) == sorted(map(sorted, sectors))
    centre = set(CENTER.hexes())
    assert {turn_third(h) for h in centre} == centre


def test_edge_hexes() -> None:
    board = board_layout(4)
    edge = board.edge_hexes
    assert all(any(n not in board.hexes for n in h.neighbors()) for h in edge)
    assert all(h not in edge for h in CENTER.hexes())
    for c in CORNER_NAMES:
        assert any(h in edge for h in board.corner(c).hexes())
    assert {slot_of(h).distance(CENTER) for h in edge} == {4}
