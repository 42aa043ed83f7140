"""A Paragliders map as a printable board at real size.

``board_picture`` lays out one picture in millimetres: the title, the board (one
``<polygon>`` per map hex, terrain colour and symbol, the marks of each hex, tile borders,
the map's outline, corners A-F and edges for the standard layout, optional coordinates) and
a legend. Given a position (``render/positions.py``), the board also carries the pawns and
cloud rings, and the state of the game stands in a panel to the right of the board.
``render/paper.py`` puts a picture on one poster or tiles it onto pages; it asks the picture
to draw only what a page shows (``draw(canvas, window)``).
"""

from __future__ import annotations

import math
import os
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from skyhex.render.drawing import Canvas, Point, Rect, fmt, path_data
from skyhex.render.marks import (
    BLACK,
    DESIGN_HEX_MM,
    GREY,
    TERRAIN_FILL,
    WHITE,
    Mark,
    draw_icon,
    draw_marks,
    marks_of,
    swatch,
    terrain_symbol,
    text_width,
)
from skyhex.render.positions import PositionView, StatePanel, draw_legend_piece, draw_pieces
from skyhex.rules.hexgrid import DIRECTIONS, Hex, Layout, slot_of
from skyhex.rules.paragliders.board import CORNER_NAMES, board_layout
from skyhex.rules.paragliders.features import Antenna
from skyhex.rules.paragliders.maps import Map, MapLayout
from skyhex.rules.paragliders.terrain import THERMAL_TERRAINS, Terrain

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


@dataclass(frozen=True)
class LegendEntry:
    """One legend item: a terrain swatch, a mark icon, a piece of a position (see
    ``positions.draw_legend_piece``) or a text sample, then its label."""

    label: str
    terrain: Terrain | None = None
    mark: Mark | None = None
    sample: str | None = None
    piece: str | None = None

    @property
    def width(self) -> float:
        return 16.0 + text_width(self.label, 3.2) + 6.0


def legend_entries(m: Map, coords: bool, position: bool = False) -> list[LegendEntry]:
    """What the legend explains: the terrains and marks that can appear on this board, and
    the pieces of a position."""
    entries = [LegendEntry(t.value, terrain=t) for t in THERMAL_TERRAINS]
    if any(mh.terrain is Terrain.AERODROME for mh in m.hexes.values()):
        entries.append(LegendEntry("aerodrome (no-fly)", terrain=Terrain.AERODROME))
    entries += [
        LegendEntry("take-off hex", mark=Mark("takeoff", "")),
        LegendEntry("landing target", mark=Mark("target", "")),
        LegendEntry("cloud spawn number", mark=Mark("spawn", "", spawn=3)),
        LegendEntry("antenna (colour named)", mark=Mark("antenna", "", antenna=Antenna.BLUE)),
        LegendEntry("landmark GPS site", mark=Mark("gps", "")),
    ]
    if m.layout is MapLayout.STANDARD:
        entries.append(LegendEntry("corner A-F; edge X runs from corner X", sample="A"))
    if coords:
        entries.append(LegendEntry("hex coordinates q,r (for moves files)", sample="q,r"))
    if position:
        entries += [
            LegendEntry("pawn: player's initial and outline; arrow: facing", piece="pawn"),
            LegendEntry("altitude of a flying pilot", piece="altitude"),
            LegendEntry("pawn on the ground: walking back or landed", piece="ground"),
            LegendEntry("take-off reserved by a walking pilot (dashed: the walk)",
                        piece="reserved"),
            LegendEntry("cloud ring and its number", piece="cloud"),
        ]
    return entries


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


@dataclass(frozen=True)
class BoardPicture:
    """A map laid out at real size; build it with ``board_picture``."""

    map: Map
    title: str
    subtitle: str
    hex_mm: float
    coords: bool
    layout: Layout
    width: float
    height: float
    legend: Rect
    band: float  # room around the board for corner and edge labels
    footprint: tuple[Rect, ...] = field(compare=False, repr=False)  # covers all that is drawn
    position: PositionView | None = None  # pawns, clouds and the state panel
    panel: Rect | None = None  # where the state panel stands (with a position)

    @property
    def u(self) -> float:
        """Millimetres per design unit (see ``render.marks``)."""
        return self.hex_mm / DESIGN_HEX_MM

    def hex_box(self, h: Hex) -> Rect:
        cx, cy = self.layout.center(h)
        size = self.layout.size
        half = self.hex_mm / 2
        return Rect(cx - size, cy - half, 2 * size, 2 * half)

    def occupies(self, window: Rect) -> bool:
        """Whether anything is drawn inside ``window`` (pages that show nothing are left out)."""
        return any(box.intersects(window) for box in self.footprint)

    def draw(self, canvas: Canvas, window: Rect | None = None) -> None:
        """Draw the picture; with a ``window``, hexes outside it are left out (the page
        clips the rest)."""
        m = self.map
        shown = [h for h in sorted(m.hexes) if window is None or self.hex_box(h).intersects(window)]
        self._draw_title(canvas)
        hexes = canvas.group(stroke_linejoin="round")
        for h in shown:
            hexes.polygon(self.layout.corners(h), fill=TERRAIN_FILL[m.hexes[h].terrain],
                          stroke="#333333", width=0.3 * self.u, element_id=hex_id(h))
        for h in shown:
            name = terrain_symbol(canvas, m.hexes[h].terrain, self.hex_mm)
            if name is not None:
                hexes.use(name, self.layout.center(h))
        self._draw_tile_borders(canvas, shown)
        canvas.path(self._outline_path(), stroke=BLACK, width=1.0 * self.u, round_joins=True)
        for h in shown:
            mh = m.hexes[h]
            draw_marks(canvas, self.layout.center(h), marks_of(mh.features, mh.terrain), self.hex_mm)
        if self.coords:
            labels = canvas.group(fill="#222222")
            for h in shown:
                cx, cy = self.layout.center(h)
                labels.text(f"{h.q},{h.r}", (cx, cy - 10.6 * self.u), size=2.3 * self.u)
        if m.layout is MapLayout.STANDARD:
            self._draw_corners(canvas)
        if self.position is not None and self.panel is not None:
            draw_pieces(canvas.group(element_id="pieces"), self.position, self.layout,
                        self.hex_mm, None if window is None else set(shown))
            StatePanel(self.position).draw(canvas, (self.panel.x, self.panel.y))
        self._draw_legend(canvas)

    # --- parts ------------------------------------------------------------------------------

    def _draw_title(self, canvas: Canvas) -> None:
        canvas.text(self.title, (self.width / 2, 12.0), size=TITLE_SIZE, bold=True)
        canvas.text(self.subtitle, (self.width / 2, 19.0), size=SUBTITLE_SIZE, fill=GREY)

    def _draw_tile_borders(self, canvas: Canvas, shown: list[Hex]) -> None:
        """Thicker lines between hexes of different tri-hex tiles (standard layout), which
        helps to lay out a physical board from the print."""
        if self.map.layout is not MapLayout.STANDARD:
            return
        segments = []
        for h in shown:
            corners = self.layout.corners(h)
            for d in DIRECTIONS:
                n = h.neighbor(d)
                if n in self.map.hexes and slot_of(n) != slot_of(h) and h < n:
                    a, b = corners[(d + 4) % 6], corners[(d + 5) % 6]
                    segments.append(path_data([a, b]))
        if segments:
            canvas.path(" ".join(segments), stroke=BLACK, width=0.7 * self.u, round_joins=True)

    def _outline_path(self) -> str:
        return " ".join(path_data([self.layout.corners(h)[i] for h, i in ring], closed=True)
                        for ring in outline_rings(self.map.hexes.keys()))

    def _center(self) -> Point:
        """The board's centre: the vertex shared by the three hexes of the centre slot."""
        xs, ys = zip(*(self.layout.center(h) for h in (Hex(0, 0), Hex(1, -1), Hex(1, 0))),
                     strict=True)
        return (sum(xs) / 3, sum(ys) / 3)

    def _reach(self, direction: Point) -> float:
        """How far the board extends from its centre along the unit vector ``direction``."""
        ox, oy = self._center()
        dx, dy = direction
        return max((x - ox) * dx + (y - oy) * dy
                   for h in self.map.hexes for x, y in self.layout.corners(h))

    def _draw_corners(self, canvas: Canvas) -> None:
        """Corners A-F in circles just off the board, and ``edge X`` labels along the
        edges (edge X runs from corner X to the next corner, counter-clockwise)."""
        board = board_layout(self.map.radius)
        ox, oy = self._center()
        u = self.u
        tips: dict[str, Point] = {}
        for name in CORNER_NAMES:
            pts = [self.layout.center(h) for h in board.corner(name).hexes()]
            tips[name] = (sum(x for x, _ in pts) / 3, sum(y for _, y in pts) / 3)
        for i, name in enumerate(CORNER_NAMES):
            tx, ty = tips[name]
            length = math.hypot(tx - ox, ty - oy)
            unit = ((tx - ox) / length, (ty - oy) / length)
            reach = self._reach(unit) + 6.5 * u
            at = (ox + unit[0] * reach, oy + unit[1] * reach)
            canvas.circle(at, 4.6 * u, fill=WHITE, stroke=BLACK, width=0.6 * u)
            canvas.text(name, (at[0], at[1] + 2.1 * u), size=6.0 * u, bold=True)
            nx, ny = tips[CORNER_NAMES[(i + 1) % 6]]
            mx, my = (tx + nx) / 2 - ox, (ty + ny) / 2 - oy
            length = math.hypot(mx, my)
            unit = (mx / length, my / length)
            reach = self._reach(unit) + 4.5 * u
            at = (ox + unit[0] * reach, oy + unit[1] * reach)
            angle = math.degrees(math.atan2(ny - ty, nx - tx))
            if angle > 90:
                angle -= 180
            elif angle <= -90:
                angle += 180
            canvas.text(f"edge {name}", (at[0], at[1] + 1.2 * u), size=3.4 * u, bold=True,
                        fill=GREY, rotate=angle)

    def _draw_legend(self, canvas: Canvas) -> None:
        entries = legend_entries(self.map, self.coords, self.position is not None)
        positions, _ = flow(entries, self.legend.width)
        g = canvas.group(translate=(self.legend.x, self.legend.y))
        g.text("Legend", (0, -2.5), size=3.6, anchor="start", bold=True)
        for e, (x, y) in zip(entries, positions, strict=True):
            icon = (x + 7.0, y + LEGEND_ROW / 2)
            if e.terrain is not None:
                swatch(g, icon, e.terrain, LEGEND_SWATCH)
            elif e.mark is not None:
                draw_icon(g, e.mark, icon, LEGEND_SCALE)
            elif e.piece is not None:
                draw_legend_piece(g, e.piece, icon, LEGEND_SCALE)
            elif e.sample == "A":
                g.circle(icon, 4.6 * LEGEND_SCALE, fill=WHITE, stroke=BLACK, width=0.45)
                g.text("A", (icon[0], icon[1] + 1.6), size=4.5, bold=True)
            elif e.sample is not None:
                g.text(e.sample, (icon[0], icon[1] + 1.0), size=2.6)
            g.text(e.label, (x + 15.0, icon[1] + 1.15), size=3.2, anchor="start")


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


def board_picture(m: Map, *, title: str, hex_mm: float = HEX_MM_DEFAULT, coords: bool = False,
                  subtitle: str | None = None, position: PositionView | None = None
                  ) -> BoardPicture:
    """Lay out ``m`` at ``hex_mm`` (flat to flat): title block, board with its label band,
    the state panel of a ``position`` to its right, legend. ``ValueError`` for a hex size
    outside the supported range or an empty map."""
    check_hex_mm(hex_mm)
    if not m.hexes:
        raise ValueError("the map has no hexes")
    u = hex_mm / DESIGN_HEX_MM
    band = (16.0 if m.layout is MapLayout.STANDARD else 6.0) * u
    if subtitle is None:
        subtitle = describe(m, hex_mm)
    width, layout, board_bottom, panel = sheet_frame(
        hex_mm, m.hexes, band, title, subtitle,
        StatePanel(position).size if position is not None else None)
    legend_width = width - 10.0
    entries = legend_entries(m, coords, position is not None)
    positions, legend_height = flow(entries, legend_width)
    legend = Rect(5.0, board_bottom + 8.0, legend_width, legend_height)
    height = legend.bottom + 2.0

    # Boxes covering all that is drawn: pages that show none of them are left out.
    title_width = max(text_width(title, TITLE_SIZE, bold=True), text_width(subtitle, SUBTITLE_SIZE))
    footprint = [Rect((width - title_width) / 2, 0, title_width, TITLE_BLOCK),
                 Rect(legend.x, legend.y - 6.0, 30.0, 6.0)]
    footprint += [Rect(legend.x + x, legend.y + y, e.width, LEGEND_ROW)
                  for e, (x, y) in zip(entries, positions, strict=True)]
    half = hex_mm / 2
    footprint += [Rect(cx - layout.size, cy - half, 2 * layout.size, 2 * half).grown(band + 2.0 * u)
                  for cx, cy in map(layout.center, m.hexes)]
    if panel is not None:
        footprint.append(panel)
    return BoardPicture(m, title, subtitle, hex_mm, coords, layout, width, height, legend, band,
                        tuple(footprint), position, panel)


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


def describe(m: Map, hex_mm: float) -> str:
    """The subtitle: layout, seed, hex count and the printed hex size."""
    parts = ["Paragliders", f"{m.layout.value} layout"
             + (f", radius {m.radius}" if m.layout is MapLayout.STANDARD else "")]
    if m.seed is not None:
        parts.append(f"seed {m.seed}")
    parts.append(f"{len(m.hexes)} hexes")
    parts.append(f"hexes {fmt(hex_mm)} mm flat to flat")
    return " · ".join(parts)


def default_title(m: Map, path: str) -> str:
    """The map's own title, else its file name."""
    if m.title:
        return m.title
    return "standard input" if path == "-" else os.path.basename(path)

