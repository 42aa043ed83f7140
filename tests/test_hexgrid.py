"""Hex geometry: the direction table of DESIGN.md and properties of distance, rotation,
rings, lines, tri-hex tiles, the slot lattice and the pixel layout."""

from __future__ import annotations

import itertools
import math

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skyhex.rules.hexgrid import (
    DIRECTIONS,
    ORIGIN,
    SQRT3,
    Direction,
    Hex,
    Layout,
    Slot,
    connected_groups,
    disc,
    is_anchor,
    line,
    position_in_tile,
    ring,
    slot_disc,
    slot_of,
    tile_hexes,
    turn_steps,
)

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
slots = st.builds(Slot, st.integers(-20, 20), st.integers(-20, 20))
directions = st.sampled_from(DIRECTIONS)


def test_direction_table_is_the_design_one() -> None:
    assert [d.name for d in DIRECTIONS] == ["N", "NE", "SE", "S", "SW", "NW"]
    assert [d.vector for d in DIRECTIONS] == [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]


def test_directions_point_where_their_names_say_on_the_page() -> None:
    layout = Layout(1.0)
    for d in DIRECTIONS:
        x, y = layout.center(ORIGIN.neighbor(d))
        bearing = math.degrees(math.atan2(x, -y)) % 360  # clockwise from north, y down
        assert bearing == pytest.approx(60 * d.value)


def test_parse_direction() -> None:
    assert Direction.parse("ne") is Direction.NE
    with pytest.raises(ValueError, match="'NNE' is not one of N, NE, SE, S, SW, NW"):
        Direction.parse("NNE")


@given(directions, st.integers(-20, 20))
def test_rotation_of_directions(d: Direction, k: int) -> None:
    assert d.rotate(k).rotate(-k) is d
    assert d.rotate(6) is d
    assert d.opposite.opposite is d
    assert ORIGIN.neighbor(d.opposite) == ORIGIN.minus(d.vector)


def test_turn_steps() -> None:
    assert turn_steps(Direction.N, Direction.N) == 0
    assert turn_steps(Direction.N, Direction.NE) == 1
    assert turn_steps(Direction.N, Direction.NW) == -1
    assert turn_steps(Direction.N, Direction.SE) == 2
    assert turn_steps(Direction.N, Direction.SW) == -2
    assert turn_steps(Direction.N, Direction.S) == 3


@given(hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes)
def test_neighbours_are_at_distance_one_and_know_their_direction(h: Hex) -> None:
    ns = h.neighbors()
    assert len(set(ns)) == 6
    for d, n in zip(DIRECTIONS, ns, strict=True):
        assert h.distance(n) == 1
        assert h.direction_to(n) is d
        assert n.direction_to(h) is d.opposite
    assert h.direction_to(h.step(Direction.N, 2)) is None


@given(hexes, hexes, st.integers(-12, 12))
def test_rotation_preserves_distance_and_cycles(h: Hex, c: Hex, k: int) -> None:
    assert h.rotate(k, c).distance(c) == h.distance(c)
    assert h.rotate(6, c) == h
    assert h.rotate(k, c).rotate(-k, c) == h


@given(directions, st.integers(-12, 12))
def test_rotating_a_hex_rotates_its_direction(d: Direction, k: int) -> None:
    assert ORIGIN.neighbor(d).rotate(k) == ORIGIN.neighbor(d.rotate(k))


@given(hexes, st.integers(0, 12))
def test_rings_and_discs(c: Hex, radius: int) -> None:
    r = ring(c, radius)
    assert len(r) == (6 * radius if radius else 1)
    assert len(set(r)) == len(r)
    assert all(h.distance(c) == radius for h in r)
    if radius:  # consecutive hexes of a ring touch, and it closes
        assert all(a.distance(b) == 1 for a, b in zip(r, r[1:] + r[:1], strict=True))
    d = disc(c, radius)
    assert len(set(d)) == 3 * radius * (radius + 1) + 1


@given(hexes, hexes)
def test_lines_are_shortest_connected_paths(a: Hex, b: Hex) -> None:
    path = line(a, b)
    assert path[0] == a and path[-1] == b
    assert len(path) == a.distance(b) + 1
    assert all(p.distance(q) == 1 for p, q in itertools.pairwise(path))


@given(hexes)
def test_every_hex_lies_in_exactly_one_tile(h: Hex) -> None:
    slot = slot_of(h)
    assert is_anchor(slot.anchor)
    assert h in slot.hexes()
    assert slot.hexes()[position_in_tile(h)] == h
    owners = [a for a in (h, h.minus(Direction.NE.vector), h.minus(Direction.SE.vector))
              if is_anchor(a)]
    assert len(owners) == 1


@given(slots)
def test_tiles_are_three_mutually_adjacent_hexes(s: Slot) -> None:
    a, b, c = tile_hexes(s.anchor)
    assert a.distance(b) == b.distance(c) == a.distance(c) == 1
    assert all(slot_of(h) == s for h in (a, b, c))


@given(slots)
def test_slot_neighbours_are_the_tiles_that_touch(s: Slot) -> None:
    mine = set(s.hexes())
    touching = {slot_of(n) for h in mine for n in h.neighbors() if n not in mine}
    assert touching == set(s.neighbors())


def test_slot_anchor_formula() -> None:
    assert Slot(0, 0).anchor == Hex(0, 0)
    assert Slot(-4, 0).anchor == Hex(-8, 4)
    assert Slot(1, 2).anchor == Hex(4, 1)


def test_slot_disc_sizes() -> None:
    assert len(slot_disc(4)) == 61
    assert len({h for s in slot_disc(4) for h in s.hexes()}) == 183


@given(hexes, st.floats(1.0, 30.0))
def test_pixel_layout_round_trip(h: Hex, size: float) -> None:
    layout = Layout(size, (3.5, -2.0))
    assert layout.hex_at(*layout.center(h)) == h
    corners = layout.corners(h)
    assert len(corners) == 6
    cx, cy = layout.center(h)
    assert all(math.dist((cx, cy), p) == pytest.approx(size) for p in corners)


@given(hexes, directions)
def test_adjacent_hexes_share_two_corners(h: Hex, d: Direction) -> None:
    layout = Layout(10.0)
    mine = {(round(x, 6), round(y, 6)) for x, y in layout.corners(h)}
    theirs = {(round(x, 6), round(y, 6)) for x, y in layout.corners(h.neighbor(d))}
    assert len(mine & theirs) == 2


def test_flat_to_flat_width() -> None:
    layout = Layout.flat_to_flat(30.0)
    assert layout.size * SQRT3 == pytest.approx(30.0)
    x0, y0 = layout.center(ORIGIN)
    x1, y1 = layout.center(ORIGIN.neighbor(Direction.S))
    assert math.dist((x0, y0), (x1, y1)) == pytest.approx(30.0)


@given(st.sets(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), max_size=60))
def test_connected_groups_are_the_graph_components_in_the_same_order(cells: set[tuple[int, int]]
                                                                     ) -> None:
    """The plain search that checks mountain connectivity (no graph library on the check
    path) finds the components networkx finds, in the same order: the takeoff cluster and
    the statistics pick the first of equally large groups."""
    hexes = {Hex(q, r) for q, r in cells}
    graph = nx.Graph()
    graph.add_nodes_from(hexes)
    graph.add_edges_from((h, h.neighbor(d)) for h in hexes for d in Direction
                         if h.neighbor(d) in hexes)
    assert connected_groups(hexes) == [set(c) for c in nx.connected_components(graph)]
