"""A Paragliders map as a printable board at real size.

``board_picture`` lays out one picture in millimetres: the title, the board (one
``<polygon>`` per map hex, terrain colour and symbol, the marks of each hex, tile borders,
the map's outline, corners A-F and edges for the standard layout, optional coordinates) and
a legend, laid out as every game's sheet (``render/sheet.py``). Given a position
(``render/paragliders/position.py``), the board also carries the pawns and cloud rings, and
the state of the game stands in a panel to the right of the board. ``render/paper.py`` puts
a picture on one poster or tiles it onto pages; it asks the picture to draw only what a page
shows (``draw(canvas, window)``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from skyhex.render.drawing import Canvas, Point, Rect, fmt, path_data
from skyhex.render.paragliders.marks import (
    TERRAIN_FILL,
    Mark,
    draw_icon,
    draw_marks,
    marks_of,
    swatch,
    terrain_symbol,
)
from skyhex.render.paragliders.position import (
    PositionView,
    StatePanel,
    draw_legend_piece,
    draw_pieces,
)
from skyhex.render.sheet import (
    BLACK,
    DESIGN_HEX_MM,
    GREY,
    HEX_MM_DEFAULT,
    LEGEND_SCALE,
    LEGEND_SWATCH,
    WHITE,
    SheetPicture,
    SheetPlan,
    check_hex_mm,
    hex_id,
    outline_rings,
    plan_sheet,
    text_width,
    upright_angle,
)
from skyhex.rules.hexgrid import DIRECTIONS, Hex, slot_of
from skyhex.rules.paragliders.board import CORNER_NAMES, board_layout
from skyhex.rules.paragliders.features import Antenna
from skyhex.rules.paragliders.maps import Map, MapLayout
from skyhex.rules.paragliders.terrain import THERMAL_TERRAINS, Terrain


@dataclass(frozen=True)
class LegendEntry:
    """One legend item: a terrain swatch, a mark icon, a piece of a position (see
    ``position.draw_legend_piece``) or a text sample, then its label."""

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


@dataclass(frozen=True)
class BoardPicture(SheetPicture):
    """A map laid out at real size on its ``sheet`` (title, size, layout, legend and panel
    boxes); build it with ``board_picture``."""

    map: Map
    sheet: SheetPlan
    coords: bool
    band: float  # room around the board for corner and edge labels
    position: PositionView | None = None  # pawns, clouds and the state panel

    def draw(self, canvas: Canvas, window: Rect | None = None) -> None:
        """Draw the picture; with a ``window``, hexes outside it are left out (the page
        clips the rest)."""
        m = self.map
        shown = [h for h in sorted(m.hexes) if window is None or self.hex_box(h).intersects(window)]
        self.draw_title(canvas)
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

    def _draw_tile_borders(self, canvas: Canvas, shown: list[Hex]) -> None:
        """Thicker lines between hexes of different tri-hex tiles (standard layout), which
        helps to lay out a physical board from the print."""
        if self.map.layout is not MapLayout.STANDARD:
            return
        segments = []
        piece = self.map.piece_of if self.map.recuts else slot_of
        for h in shown:
            corners = self.layout.corners(h)
            for d in DIRECTIONS:
                n = h.neighbor(d)
                if n in self.map.hexes and piece(n) != piece(h) and h < n:
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
            canvas.text(f"edge {name}", (at[0], at[1] + 1.2 * u), size=3.4 * u, bold=True,
                        fill=GREY, rotate=upright_angle((tx, ty), (nx, ny)))

    def _draw_legend(self, canvas: Canvas) -> None:
        entries = legend_entries(self.map, self.coords, self.position is not None)
        self.draw_legend(canvas, entries, _legend_icon, icon_x=7.0, label_x=15.0)


def _legend_icon(g: Canvas, e: LegendEntry, icon: Point) -> None:
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
    sheet = plan_sheet(m.hexes, hex_mm=hex_mm, title=title, subtitle=subtitle, band=band,
                       reach=band + 2.0 * u, legend=legend_entries(m, coords, position is not None),
                       panel_size=StatePanel(position).size if position is not None else None)
    return BoardPicture(m, sheet, coords, band, position)


def describe(m: Map, hex_mm: float) -> str:
    """The subtitle: layout, seed, hex count and the printed hex size."""
    parts = ["Paragliders", f"{m.layout.value} layout"
             + (f", radius {m.radius}" if m.layout is MapLayout.STANDARD else "")]
    if m.seed is not None:
        parts.append(f"seed {m.seed}")
    parts.append(f"{len(m.hexes)} hexes")
    parts.append(f"hexes {fmt(hex_mm)} mm flat to flat")
    return " · ".join(parts)
