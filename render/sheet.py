"""What the boards of every game share: the palette, design units and common symbols, the
layout of a sheet (title block, board and its label band, state panel, legend), and helpers
for texts and directions.

Colours are the Okabe-Ito palette, which colour-blind players tell apart; every board also
gives each colour a black-and-white cue (a symbol, an outline), so that a grey-scale print
still reads. Sizes on a board are given in *design units* ``u``: 1 u = 1 mm on a 30 mm hex,
scaled with the hex size. The game boards (``render/paragliders/board.py``,
``render/turbulences/board.py``) lay out their sheet with ``sheet_frame``; ``render/paper.py``
puts a sheet on one poster or tiles it onto pages.
"""

from __future__ import annotations

import math
import os
from collections.abc import Collection, Sequence
from typing import Protocol

from skyhex.render.drawing import Canvas, Point, Rect, path_data
from skyhex.rules.hexgrid import DIRECTIONS, Direction, Hex, Layout

# The Okabe-Ito palette.
BLACK = "#000000"
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"
WHITE = "#FFFFFF"
GREY = "#666666"
LIGHT_GREY = "#DDDDDD"

DESIGN_HEX_MM = 30.0
"""The hex size (flat to flat) at which one design unit is one millimetre."""


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """A generous estimate of a text's width (DejaVu Sans and its usual substitutes), used to
    lay out labels without measuring fonts."""
    return len(text) * size * (0.66 if bold else 0.6)


def hex_points(center: Point, hex_mm: float) -> list[Point]:
    """The six corners of a flat-topped hex ``hex_mm`` flat to flat, from the east corner
    clockwise (y grows downward), like ``hexgrid.Layout.corners``."""
    size = hex_mm / math.sqrt(3.0)
    cx, cy = center
    return [(cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
            for i in range(6)]


# --- symbols both games print ----------------------------------------------------------------


def draw_peaks(c: Canvas, u: float) -> None:
    """Two snow-capped peaks below the hex centre: the mountain symbol of both games."""
    def p(x: float, y: float) -> Point:
        return (x * u, y * u)

    peaks = [p(-8.5, 13), p(-3.6, 6.6), p(-1.2, 9.4), p(2.6, 5.6), p(8.5, 13)]
    c.path(path_data(peaks, closed=True), fill="#7A3500", stroke=BLACK, width=0.5 * u,
           round_joins=True)
    c.path(path_data([p(-5.0, 8.3), p(-3.6, 6.6), p(-2.3, 8.1)]) + " "
           + path_data([p(1.0, 7.4), p(2.6, 5.6), p(4.2, 7.4)]),
           stroke=WHITE, width=0.8 * u, round_joins=True)


def caption(canvas: Canvas, text: str, at: Point, size: float) -> None:
    """Bold text on a white backdrop (readable on every terrain colour), baseline at ``at``."""
    width = text_width(text, size, bold=True) * 0.92
    x, y = at
    canvas.rect(Rect(x - width / 2 - 0.3 * size, y - 0.95 * size, width + 0.6 * size, 1.25 * size),
                fill=WHITE, stroke=None, radius=0.3 * size)
    canvas.text(text, at, size=size, bold=True)


# --- the sheet -------------------------------------------------------------------------------

HEX_MM_DEFAULT = 30.0
"""Default hex size, flat to flat: room for a pawn base of about 25 mm with its marks."""
HEX_MM_MIN = 15.0
HEX_MM_MAX = 60.0

TITLE_SIZE = 8.0
SUBTITLE_SIZE = 3.5
TITLE_BLOCK = 24.0  # mm above the board's label band
LEGEND_ROW = 13.0
LEGEND_SCALE = 0.75  # legend icons at this many design units per mm
LEGEND_SWATCH = 11.0  # legend hexes, mm flat to flat
MIN_WIDTH = 190.0  # a picture is never narrower than an A4 page's printable width
PANEL_GAP = 8.0  # between the board's label band and the position panel


def hex_id(h: Hex) -> str:
    """The ``id`` of a hex's polygon: ``hex_3_-2`` for (3,-2)."""
    return f"hex_{h.q}_{h.r}"


def check_hex_mm(hex_mm: float) -> None:
    """``ValueError`` unless ``hex_mm`` lies in the supported range (NaN never does)."""
    if not HEX_MM_MIN <= hex_mm <= HEX_MM_MAX:
        raise ValueError(f"hex size {hex_mm:g} mm is outside {HEX_MM_MIN:g}-{HEX_MM_MAX:g} mm "
                         "(flat to flat)")


class _Wide(Protocol):
    @property
    def width(self) -> float: ...


def flow(entries: Sequence[_Wide], width: float) -> tuple[list[Point], float]:
    """Positions (top left) of legend entries wrapped into rows of ``width``, and the
    legend's height (both games' legends)."""
    positions: list[Point] = []
    x = y = 0.0
    for e in entries:
        if x > 0 and x + e.width > width:
            x, y = 0.0, y + LEGEND_ROW
        positions.append((x, y))
        x += e.width
    return positions, (y + LEGEND_ROW if entries else 0.0)


def sheet_frame(hex_mm: float, hexes: Collection[Hex], band: float, title: str,
                subtitle: str, panel_size: tuple[float, float] | None,
                title_block: float = TITLE_BLOCK) -> tuple[float, Layout, float, Rect | None]:
    """Where a board goes on its sheet (both games): the sheet's width, the hex layout, the
    bottom of the board row, and the state panel's box to the board's right, if any. The
    board sits in a band of ``band`` mm below the title block, centred unless a panel shares
    its row, below a title block of ``title_block`` mm."""
    probe = Layout.flat_to_flat(hex_mm)
    corners = [c for h in hexes for c in probe.corners(h)]
    x0, x1 = min(x for x, _ in corners), max(x for x, _ in corners)
    y0, y1 = min(y for _, y in corners), max(y for _, y in corners)
    panel_width, panel_height = panel_size or (0.0, 0.0)
    row = x1 - x0 + 2 * band + (PANEL_GAP + panel_width if panel_size is not None else 0.0)
    width = max(row, MIN_WIDTH, text_width(title, TITLE_SIZE, bold=True) + 10,
                text_width(subtitle, SUBTITLE_SIZE) + 10)
    left = (width - (x1 - x0)) / 2 if panel_size is None else (width - row) / 2 + band
    top = title_block + band
    layout = Layout(probe.size, (left - x0, top - y0))
    board_bottom = top + (y1 - y0) + band
    panel = None
    if panel_size is not None:
        panel = Rect(left + (x1 - x0) + band + PANEL_GAP, top, panel_width, panel_height)
        board_bottom = max(board_bottom, panel.bottom)
    return width, layout, board_bottom, panel


# Corner i of hex (q, r) on an integer lattice: x = size * (3q + X[i]) / 2 and
# y = size * sqrt(3) * (2r + q + Y[i]) / 2, so that corners shared by hexes match exactly.
_CORNER_X = (2, 1, -1, -2, -1, 1)
_CORNER_Y = (0, 1, 1, 0, -1, -1)


def outline_rings(hexes: Collection[Hex]) -> list[list[tuple[Hex, int]]]:
    """The closed boundary lines of a set of hexes (the outline, and any holes), each as the
    (hex, corner index) of its points in order. Every boundary corner of a hex grid joins
    exactly two boundary sides, so following the sides clockwise closes each ring."""
    def key(h: Hex, i: int) -> tuple[int, int]:
        return (3 * h.q + _CORNER_X[i], 2 * h.r + h.q + _CORNER_Y[i])

    following: dict[tuple[int, int], tuple[tuple[int, int], Hex, int]] = {}
    for h in hexes:
        for d in DIRECTIONS:
            if h.neighbor(d) not in hexes:
                a, b = (d + 4) % 6, (d + 5) % 6  # the side towards d, clockwise
                following[key(h, a)] = (key(h, b), h, a)
    rings = []
    while following:
        k = min(following)
        ring = []
        while k in following:
            k, h, i = following.pop(k)
            ring.append((h, i))
        rings.append(ring)
    return rings


def default_title(title: str | None, path: str) -> str:
    """A map's own ``title``, else the name of its file (read from ``path``)."""
    if title:
        return title
    return "standard input" if path == "-" else os.path.basename(path)


# --- texts and directions --------------------------------------------------------------------

_UNIT = Layout(1.0)


def direction_vector(d: Direction) -> Point:
    """The unit vector on paper from a hex towards its neighbour in direction ``d``."""
    x, y = _UNIT.center(Hex(0, 0).neighbor(d))
    length = math.hypot(x, y)
    return (x / length, y / length)


def fitted(canvas: Canvas, text: str, at: Point, size: float, room: float, *,
           bold: bool = False, fill: str = BLACK, anchor: str = "start") -> None:
    """``text`` at ``size``, smaller if needed to fit in ``room`` mm."""
    size = min(size, room / max(1.0, text_width(text, 1.0, bold=bold)))
    canvas.text(text, at, size=size, anchor=anchor, bold=bold, fill=fill)
