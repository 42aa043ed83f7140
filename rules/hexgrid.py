"""Hex geometry shared by every game: flat-topped hexes in axial coordinates.

Conventions (fixed, because boards, files and tests depend on them): flat-topped hexes,
axial ``(q, r)`` coordinates as in Red Blob Games' guide, map north up and east right.
Tri-hex tiles ``{h, h+NE, h+SE}`` anchored where ``(q - r) % 3 == 0`` tile the plane, and
their slots form a second axial lattice: slot ``(a, b)`` is anchored at hex
``(2a + b, b - a)``.

``Hex`` and ``Slot`` are named tuples rather than dataclasses: they are immutable values
either way, and tuples hash and compare several times faster, which the rules engine and the
map generator feel directly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple


class Direction(IntEnum):
    """The six hex directions, clockwise from north. ``int(d)`` indexes ``VECTORS``."""

    N = 0
    NE = 1
    SE = 2
    S = 3
    SW = 4
    NW = 5

    def rotate(self, steps: int) -> Direction:
        """The direction ``steps`` sixth-turns clockwise (negative: counter-clockwise)."""
        return Direction((self + steps) % 6)

    @property
    def opposite(self) -> Direction:
        return Direction((self + 3) % 6)

    @property
    def vector(self) -> tuple[int, int]:
        return VECTORS[self]

    @classmethod
    def parse(cls, name: str) -> Direction:
        """The direction named ``name`` (``"N"``, ``"ne"``...); ``ValueError`` otherwise."""
        try:
            return cls[name.upper()]
        except KeyError:
            names = ", ".join(d.name for d in cls)
            raise ValueError(f"{name!r} is not one of {names}") from None


# The direction table: the one place that says which way each direction points.
VECTORS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))

DIRECTIONS: tuple[Direction, ...] = tuple(Direction)


def turn_steps(facing: Direction, towards: Direction) -> int:
    """Signed sixth-turns from ``facing`` to ``towards``: 0, ±1, ±2 or 3 (behind)."""
    d = (towards - facing) % 6
    return d - 6 if d > 3 else d


class Hex(NamedTuple):
    """A hexagon of the board in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate (``q + r + s == 0``)."""
        return -self.q - self.r

    def neighbor(self, direction: Direction | int) -> Hex:
        dq, dr = VECTORS[direction]
        return Hex(self.q + dq, self.r + dr)

    def neighbors(self) -> tuple[Hex, ...]:
        q, r = self
        return tuple(Hex(q + dq, r + dr) for dq, dr in VECTORS)

    def step(self, direction: Direction | int, count: int) -> Hex:
        """The hex ``count`` steps away in ``direction``."""
        dq, dr = VECTORS[direction]
        return Hex(self.q + dq * count, self.r + dr * count)

    def plus(self, other: tuple[int, int]) -> Hex:
        return Hex(self.q + other[0], self.r + other[1])

    def minus(self, other: tuple[int, int]) -> Hex:
        return Hex(self.q - other[0], self.r - other[1])

    def distance(self, other: tuple[int, int]) -> int:
        return axial_length(self.q - other[0], self.r - other[1])

    def direction_to(self, other: Hex) -> Direction | None:
        """The direction of an adjacent ``other``; ``None`` if it is not adjacent."""
        delta = (other.q - self.q, other.r - self.r)
        try:
            return Direction(VECTORS.index(delta))
        except ValueError:
            return None

    def rotate(self, steps: int, center: Hex | None = None) -> Hex:
        """This hex turned ``steps`` sixth-turns clockwise about ``center`` (default origin)."""
        cq, cr = center if center is not None else (0, 0)
        q, r = self.q - cq, self.r - cr
        for _ in range(steps % 6):
            q, r = -r, q + r
        return Hex(q + cq, r + cr)

    def __str__(self) -> str:
        return f"({self.q},{self.r})"


ORIGIN = Hex(0, 0)


def axial_length(dq: int, dr: int) -> int:
    """Steps from the origin to ``(dq, dr)`` on an axial lattice."""
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes at exactly ``radius`` steps from ``center``, clockwise from the south-west corner."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [center]
    result = []
    h = center.step(Direction.SW, radius)
    for direction in DIRECTIONS:
        for _ in range(radius):
            result.append(h)
            h = h.neighbor(direction)
    return result


def disc(center: Hex, radius: int) -> list[Hex]:
    """Every hex within ``radius`` steps of ``center``, centre first, ring by ring."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


def _cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b``, both included.

    Ties on hex borders are broken by a tiny nudge so that the result is deterministic.
    """
    n = a.distance(b)
    if n == 0:
        return [a]
    aq, ar = a.q + 1e-6, a.r + 1e-6
    bq, br = b.q + 1e-6, b.r + 1e-6
    return [_cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


# --- tri-hex tiles and the slot lattice ---------------------------------------------------

TILE_OFFSETS: tuple[tuple[int, int], ...] = ((0, 0), VECTORS[Direction.NE], VECTORS[Direction.SE])
"""Positions of a tile's three hexes relative to its anchor, in tile order 0, 1, 2.

Position ``i + 1`` lies a third of a turn clockwise from position ``i`` (west, north-east,
south-east corner of the triangle), so rotating a tile by one step moves content from
position ``i`` to ``(i + 1) % 3``.
"""


def is_anchor(h: tuple[int, int]) -> bool:
    return (h[0] - h[1]) % 3 == 0


def tile_hexes(anchor: Hex) -> tuple[Hex, Hex, Hex]:
    """The three hexes of the tile anchored at ``anchor``, in tile order."""
    q, r = anchor
    return (Hex(q, r), Hex(q + 1, r - 1), Hex(q + 1, r))


class Slot(NamedTuple):
    """A tile slot on the slot lattice (itself an axial lattice)."""

    a: int
    b: int

    @property
    def anchor(self) -> Hex:
        return Hex(2 * self.a + self.b, self.b - self.a)

    def hexes(self) -> tuple[Hex, Hex, Hex]:
        return tile_hexes(self.anchor)

    def neighbors(self) -> tuple[Slot, ...]:
        a, b = self
        return tuple(Slot(a + da, b + db) for da, db in VECTORS)

    def distance(self, other: tuple[int, int]) -> int:
        return axial_length(self.a - other[0], self.b - other[1])

    def scaled(self, k: int) -> Slot:
        return Slot(self.a * k, self.b * k)

    def __str__(self) -> str:
        return f"[{self.a},{self.b}]"


def slot_of(h: Hex) -> Slot:
    """The slot whose tile contains hex ``h`` (each hex lies in exactly one)."""
    q, r = h
    k = (q - r) % 3
    # position 0: anchor itself; position 1 (NE): anchor = h - NE; position 2 (SE): h - SE.
    if k == 0:
        aq, ar = q, r
    elif k == 2:
        aq, ar = q - 1, r + 1
    else:
        aq, ar = q - 1, r
    a = (aq - ar) // 3
    return Slot(a, ar + a)


def position_in_tile(h: Hex) -> int:
    """The tile position (0, 1 or 2) that hex ``h`` occupies in its slot."""
    return (0, 2, 1)[(h.q - h.r) % 3]


def slot_disc(radius: int) -> list[Slot]:
    """The slots of a hexagonal board of ``radius`` slots, centre first, ring by ring."""
    return [Slot(h.q, h.r) for h in disc(ORIGIN, radius)]


# --- pixel layout -------------------------------------------------------------------------

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Layout:
    """Flat-topped hex layout: ``size`` is the centre-to-corner radius in drawing units.

    ``size * sqrt(3)`` is the distance between opposite flat sides; ``origin`` is where the
    centre of hex (0, 0) lands.
    """

    size: float
    origin: tuple[float, float] = (0.0, 0.0)

    @classmethod
    def flat_to_flat(cls, width: float, origin: tuple[float, float] = (0.0, 0.0)) -> Layout:
        return cls(width / SQRT3, origin)

    def center(self, h: tuple[int, int]) -> tuple[float, float]:
        q, r = h
        return (
            self.origin[0] + self.size * 1.5 * q,
            self.origin[1] + self.size * SQRT3 * (r + q / 2),
        )

    def corners(self, h: tuple[int, int]) -> list[tuple[float, float]]:
        """The six corners, starting at the east corner and going clockwise (y grows down)."""
        cx, cy = self.center(h)
        return [
            (cx + self.size * math.cos(math.radians(60 * i)),
             cy + self.size * math.sin(math.radians(60 * i)))
            for i in range(6)
        ]

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex containing point ``(x, y)``."""
        px, py = (x - self.origin[0]) / self.size, (y - self.origin[1]) / self.size
        fq = px * 2 / 3
        fr = -px / 3 + py / SQRT3
        return _cube_round(fq, fr)


def connected_groups(hexes: set[Hex]) -> list[set[Hex]]:
    """The groups of ``hexes`` joined by adjacency, each found by a breadth-first search from
    its first hex in ``hexes``' iteration order (so the groups come in the order a graph
    library's connected components would give for nodes added in that order). A neighbour
    is looked up as a plain tuple (equal to the ``Hex``, with the same hash) and made a
    ``Hex`` only when it joins the group."""
    seen: set[Hex] = set()
    out: list[set[Hex]] = []
    for start in hexes:
        if start in seen:
            continue
        group = {start}
        frontier = [start]
        while frontier:
            nxt = []
            for q, r in frontier:
                for dq, dr in VECTORS:
                    t = (q + dq, r + dr)
                    if t in hexes and t not in group:
                        n = Hex(*t)
                        group.add(n)
                        nxt.append(n)
            frontier = nxt
        seen |= group
        out.append(group)
    return out
