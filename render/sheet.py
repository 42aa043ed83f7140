"""What the pictures of every game share: the palette, design units and common symbols, the
layout of a board's sheet (title block, board and its label band, state panel, legend), the
frame of the state panel, helpers for texts and directions, and the staggered rows of a
terminal picture.

Colours are the Okabe-Ito palette, which colour-blind players tell apart; every board also
gives each colour a black-and-white cue (a symbol, an outline), so that a grey-scale print
still reads. Sizes on a board are given in *design units* ``u``: 1 u = 1 mm on a 30 mm hex,
scaled with the hex size. The game boards (``render/<game>/board.py``) lay out their sheet
with ``plan_sheet`` and draw on it as ``SheetPicture``; ``render/paper.py`` puts a picture on
one poster or tiles it onto pages.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from skyhex.render.drawing import Canvas, Point, Rect, circle_path, fmt, path_data
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


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` in lines that fit ``width`` mm at ``size`` (by the estimate of
    ``text_width``)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if line and text_width(candidate, size) > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


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


def draw_waves(c: Canvas, u: float, stroke: float) -> None:
    """Two rows of waves below the hex centre: the water symbol of both games (lake, sea),
    ``stroke`` design units thick."""
    d = []
    for x0, y, n in ((-8.0, 8.6, 4), (-6.0, 12.0, 3)):
        d.append(f"M{fmt(x0 * u)} {fmt(y * u)}"
                 + f" q{fmt(2 * u)} {fmt(-1.6 * u)} {fmt(4 * u)} 0"
                 + f" t{fmt(4 * u)} 0" * (n - 1))
    c.path(" ".join(d), stroke=BLUE, width=stroke * u, round_joins=True)


def draw_disc_outline(canvas: Canvas, at: Point, r: float, u: float, *, double: bool = False,
                      dash: Sequence[float] | None = None) -> None:
    """The outline pattern just inside a disc of radius ``r`` (a pawn, an aircraft, an
    airport ring), which tells players apart in black and white: two thin rings
    (``double``), a ring dashed by ``dash`` (design units), or a solid ring."""
    if double:
        canvas.circle(at, r - 0.3 * u, stroke=BLACK, width=0.55 * u)
        canvas.circle(at, r - 1.6 * u, stroke=BLACK, width=0.55 * u)
    elif dash is not None:
        canvas.path(circle_path(at, r - 0.45 * u), stroke=BLACK, width=1.0 * u,
                    dash=tuple(d * u for d in dash), round_joins=True)
    else:
        canvas.circle(at, r - 0.4 * u, stroke=BLACK, width=0.8 * u)


def hex_swatch(canvas: Canvas, center: Point, fill: str, hex_mm: float,
               symbol: str | None) -> None:
    """A small hex of ``fill`` with its terrain or biome ``symbol`` (if any), for legends and
    track boards. Drawn as a path: ``<polygon>`` stays reserved for map hexes."""
    canvas.path(path_data(hex_points(center, hex_mm), closed=True), fill=fill, stroke=BLACK,
                width=0.25, terrain=True)
    if symbol is not None:
        canvas.use(symbol, center)


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
TITLE_BLOCK = 24.0  # mm above the board's label band (a board with a note takes more)
LEGEND_ROW = 13.0
LEGEND_SCALE = 0.75  # legend icons at this many design units per mm
LEGEND_SWATCH = 11.0  # legend hexes, mm flat to flat
MIN_WIDTH = 190.0  # a picture is never narrower than an A4 page's printable width
PRINT_REACH = 2.0  # around each hex: what a page must show of it to count as holding it
PANEL_GAP = 8.0  # between the board's label band and the position panel
LEGEND_GAP = 8.0  # between the board's label band (or the panel) and the legend
LEGEND_MAX_WIDTH = 180.0
"""The legend wraps into rows at most this wide, so that it fits whole on a portrait page of
every paper format (A4's printable width is 190 mm) and is never cut across pages."""
LEGEND_HEAD = 6.0  # the legend's heading, above its box


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


class _Entry(_Wide, Protocol):
    @property
    def label(self) -> str: ...


_E = TypeVar("_E", bound=_Entry)


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


@dataclass(frozen=True)
class SheetPlan:
    """Where the parts of a board's sheet go (both games), in mm: the hexes' ``layout``, the
    ``legend`` box, the state ``panel`` beside the board (with a position), and the boxes
    that cover all that is drawn (``footprint``: pages that show none of them are left
    out)."""

    title: str
    subtitle: str
    hex_mm: float
    layout: Layout
    width: float
    height: float
    legend: Rect
    panel: Rect | None
    footprint: tuple[Rect, ...] = field(compare=False, repr=False)
    blocks: tuple[Rect, ...] = field(default=(), compare=False, repr=False)
    tiled: tuple[Rect, ...] = field(default=(), compare=False, repr=False)
    drawn: tuple[Rect, ...] = field(default=(), compare=False, repr=False)


def plan_sheet(hexes: Collection[Hex], *, hex_mm: float, title: str, subtitle: str, band: float,
               reach: float, legend: Sequence[_Wide], panel_size: tuple[float, float] | None,
               title_block: float = TITLE_BLOCK, note_width: float = 0.0) -> SheetPlan:
    """Lay out a sheet: the title block (``title_block`` mm; a note under the subtitle is
    ``note_width`` mm wide), the board of ``hexes`` in its label band (``band`` mm; labels
    reach ``reach`` mm beyond a hex), the state panel of ``panel_size`` to its right, and the
    ``legend`` entries below, wrapped into rows."""
    width, layout, board_bottom, panel = sheet_frame(hex_mm, hexes, band, title, subtitle,
                                                     panel_size, title_block)
    legend_width = min(width - 10.0, max(LEGEND_MAX_WIDTH, max((e.width for e in legend),
                                                              default=0.0)))
    positions, legend_height = flow(legend, legend_width)
    box = Rect((width - legend_width) / 2, board_bottom + LEGEND_GAP, legend_width,
               legend_height)
    height = box.bottom + 2.0

    title_width = max(text_width(title, TITLE_SIZE, bold=True),
                      text_width(subtitle, SUBTITLE_SIZE), min(note_width, width - 10.0))
    title_box = Rect((width - title_width) / 2, 0, title_width, title_block)
    footprint = [title_box, Rect(box.x, box.y - LEGEND_HEAD, 30.0, LEGEND_HEAD)]
    footprint += [Rect(box.x + x, box.y + y, e.width, LEGEND_ROW)
                  for e, (x, y) in zip(legend, positions, strict=True)]
    half = hex_mm / 2
    cells = [Rect(cx - layout.size, cy - half, 2 * layout.size, 2 * half)
             for cx, cy in map(layout.center, hexes)]
    drawn = [cell.grown(reach) for cell in cells]
    footprint += drawn
    blocks = [title_box]
    if legend:
        blocks.append(Rect(box.x, box.y - LEGEND_HEAD, box.width, box.height + LEGEND_HEAD))
    if panel is not None:
        footprint.append(panel)
        blocks.append(panel)
    return SheetPlan(title, subtitle, hex_mm, layout, width, height, box, panel,
                     tuple(footprint), tuple(blocks),
                     tuple(cell.grown(PRINT_REACH) for cell in cells), tuple(drawn))


class SheetPicture:
    """What a board picture of either game answers from its ``sheet``: its size and title
    (what ``render/paper.py`` asks of a picture), where a hex lies, and the title block and
    legend frame that it draws."""

    sheet: SheetPlan

    @property
    def title(self) -> str:
        return self.sheet.title

    @property
    def subtitle(self) -> str:
        return self.sheet.subtitle

    @property
    def hex_mm(self) -> float:
        return self.sheet.hex_mm

    @property
    def layout(self) -> Layout:
        return self.sheet.layout

    @property
    def width(self) -> float:
        return self.sheet.width

    @property
    def height(self) -> float:
        return self.sheet.height

    @property
    def legend(self) -> Rect:
        return self.sheet.legend

    @property
    def panel(self) -> Rect | None:
        return self.sheet.panel

    @property
    def u(self) -> float:
        """Millimetres per design unit."""
        return self.hex_mm / DESIGN_HEX_MM

    def hex_box(self, h: Hex) -> Rect:
        cx, cy = self.layout.center(h)
        size = self.layout.size
        half = self.hex_mm / 2
        return Rect(cx - size, cy - half, 2 * size, 2 * half)

    def occupies(self, window: Rect) -> bool:
        """Whether anything is drawn inside ``window`` (pages that show nothing are left out)."""
        return any(box.intersects(window) for box in self.sheet.footprint)

    def print_parts(self) -> tuple[tuple[Rect, ...], tuple[Rect, ...], tuple[Rect, ...]]:
        """For print (``render/layout.py``): the boxes of what pages may cut (each hex), of
        all that is drawn around them (labels included), and the blocks never cut (title
        block, legend, panel)."""
        return self.sheet.tiled, self.sheet.drawn, self.sheet.blocks

    def draw_title(self, canvas: Canvas) -> None:
        canvas.text(self.title, (self.width / 2, 12.0), size=TITLE_SIZE, bold=True)
        canvas.text(self.subtitle, (self.width / 2, 19.0), size=SUBTITLE_SIZE, fill=GREY)

    def draw_legend(self, canvas: Canvas, entries: Sequence[_E],
                    draw_icon: Callable[[Canvas, _E, Point], None], *, icon_x: float,
                    label_x: float) -> None:
        """The legend in its box: a heading, then the entries wrapped into rows, each an
        icon (``draw_icon`` draws it centred on the point it is given, ``icon_x`` mm into
        the entry) and its label (from ``label_x`` mm)."""
        positions, _ = flow(entries, self.legend.width)
        g = canvas.group(translate=(self.legend.x, self.legend.y))
        g.text("Legend", (0, -2.5), size=3.6, anchor="start", bold=True)
        for e, (x, y) in zip(entries, positions, strict=True):
            icon = (x + icon_x, y + LEGEND_ROW / 2)
            draw_icon(g, e, icon)
            g.text(e.label, (x + label_x, icon[1] + 1.15), size=3.2, anchor="start")


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


# --- the panel beside a position --------------------------------------------------------------

PANEL_WIDTH = 88.0
CARD_WIDTH = PANEL_WIDTH - 6.0
CARD_GAP = 3.0
CARDS_HEAD = 10.0  # the heading of the box of cards
BOX_GAP = 5.0  # between the state box and the box of cards


@dataclass(frozen=True)
class PanelFrame:
    """The frame of the box beside a position board (both games): on top the state box
    (``Position``, where the position comes from, then the game's state, drawn by the game),
    below it a box of cards titled ``cards_title``, one card per pilot or company."""

    state_height: float
    card_height: float
    cards_title: str

    def size(self, cards: int) -> tuple[float, float]:
        height = CARDS_HEAD + cards * (self.card_height + CARD_GAP)
        return (PANEL_WIDTH, self.state_height + BOX_GAP + height)

    def draw_state_box(self, canvas: Canvas, at: Point, caption: str) -> Canvas:
        """The panel's group (id ``position``) with the state box drawn, its heading and
        ``caption``; the game draws its state into the group."""
        x0, y0 = at
        g = canvas.group(element_id="position")
        g.rect(Rect(x0, y0, PANEL_WIDTH, self.state_height), fill=WHITE, stroke=BLACK,
               width=0.4, radius=1.5)
        g.text("Position", (x0 + 4.0, y0 + 7.0), size=4.5, anchor="start", bold=True)
        fitted(g, caption, (x0 + 4.0, y0 + 12.5), 2.8, PANEL_WIDTH - 8.0, fill=GREY)
        return g

    def draw_cards_box(self, canvas: Canvas, at: Point, cards: int) -> list[Point]:
        """The box of ``cards`` cards below the state box, with its heading; where each
        card goes (top left)."""
        x0, y0 = at
        top = y0 + self.state_height + BOX_GAP
        canvas.rect(Rect(x0, top, PANEL_WIDTH, self.size(cards)[1] - self.state_height - BOX_GAP),
                    fill=WHITE, stroke=BLACK, width=0.4, radius=1.5)
        canvas.text(self.cards_title, (x0 + 4.0, top + 7.0), size=4.5, anchor="start", bold=True)
        return [(x0 + 3.0, top + CARDS_HEAD + i * (self.card_height + CARD_GAP))
                for i in range(cards)]

    def draw_card(self, canvas: Canvas, at: Point) -> None:
        """A card's box, ``CARD_WIDTH`` wide, its top left at ``at``."""
        canvas.rect(Rect(at[0], at[1], CARD_WIDTH, self.card_height), fill=WHITE, stroke=BLACK,
                    width=0.3)


def draw_dial(canvas: Canvas, at: Point, r: float) -> None:
    """The dial of a wind rose of radius ``r`` centred on ``at``: a tick per direction and
    N at the top."""
    x, y = at
    canvas.circle(at, r, fill=WHITE, stroke=BLACK, width=0.35)
    for d in Direction:
        dx, dy = direction_vector(d)
        canvas.line((x + dx * (r - 1.4), y + dy * (r - 1.4)), (x + dx * r, y + dy * r),
                    stroke=BLACK, width=0.3)
    canvas.text("N", (x, y - r - 1.2), size=2.6, bold=True)


def draw_wind_arrow(canvas: Canvas, at: Point, direction: Direction, *, tail: float,
                    shaft: float, tip: float, head: float, half: float) -> None:
    """The arrow of a wind rose centred on ``at``, the way the wind blows: from ``tail`` mm
    behind the centre, the shaft to ``shaft`` mm ahead, the head from ``head`` mm (``half``
    mm to each side) to its ``tip``."""
    x, y = at
    dx, dy = direction_vector(direction)
    start, end = (x - dx * tail, y - dy * tail), (x + dx * tip, y + dy * tip)
    canvas.line(start, (x + dx * shaft, y + dy * shaft), stroke=BLACK, width=0.9)
    points = [end, (x + dx * head - dy * half, y + dy * head + dx * half),
              (x + dx * head + dy * half, y + dy * head - dx * half)]
    canvas.path(path_data(points, closed=True), fill=BLACK, stroke=BLACK, width=0.3,
                round_joins=True)


# --- participants: pawns told apart in colour and in black and white --------------------

KNOWN_FILLS: Mapping[str, tuple[str, str]] = {
    "red": (VERMILLION, BLACK), "blue": (BLUE, WHITE), "green": (BLUISH_GREEN, BLACK),
    "yellow": (YELLOW, BLACK), "purple": (REDDISH_PURPLE, BLACK), "white": (WHITE, BLACK),
    "orange": (ORANGE, BLACK), "black": (BLACK, WHITE), "pink": (REDDISH_PURPLE, BLACK),
    "cyan": (SKY_BLUE, BLACK), "sky": (SKY_BLUE, BLACK), "grey": ("#AAAAAA", BLACK),
    "gray": ("#AAAAAA", BLACK), "brown": ("#8A5A00", WHITE),
}
"""Fills (and the letter colour on them) of the colour names skyhex knows, in Okabe-Ito
hues; other names take the next of ``PALETTE``."""
PALETTE = ((ORANGE, BLACK), (SKY_BLUE, BLACK), (REDDISH_PURPLE, BLACK), (BLUE, WHITE),
           (BLUISH_GREEN, BLACK), (VERMILLION, BLACK))

OUTLINES: tuple[tuple[str, tuple[float, ...] | None], ...] = (
    ("solid", None), ("dashed", (1.9, 1.1)), ("dotted", (0.01, 1.35)), ("double", None),
    ("dash-dot", (2.4, 0.9, 0.01, 0.9)), ("long dashes", (3.6, 1.2)))
"""The outline patterns of participants 1-6 (dashes in design units)."""

@dataclass(frozen=True)
class PawnStyle:
    """How a participant (a company, a balloon) is printed: fill, letter colour, initial and
    outline pattern."""

    fill: str
    ink: str
    letter: str
    outline: str
    dash: tuple[float, ...] | None = None


def pawn_styles(colours: list[str]) -> tuple[PawnStyle, ...]:
    """The styles of the participants named ``colours``, in order: fills by name, initials
    (two letters when two colours share the first), outline patterns by position."""
    styles = []
    unknown = 0
    firsts = [c[:1].upper() for c in colours]
    for k, colour in enumerate(colours):
        fill = KNOWN_FILLS.get(colour.lower())
        if fill is None:
            fill = PALETTE[unknown % len(PALETTE)]
            unknown += 1
        letter = firsts[k]
        if firsts.count(letter) > 1:
            letter = colour[:2].capitalize()
        outline, dash = OUTLINES[k % len(OUTLINES)]
        styles.append(PawnStyle(fill[0], fill[1], letter, outline, dash))
    return tuple(styles)


def draw_outline(canvas: Canvas, style: PawnStyle, at: Point, r: float, u: float) -> None:
    """The participant's outline pattern just inside a disc of radius ``r``."""
    draw_disc_outline(canvas, at, r, u, double=style.outline == "double", dash=style.dash)


def draw_pawn_disc(canvas: Canvas, style: PawnStyle, at: Point, r: float,
                      u: float) -> None:
    """A disc of radius ``r``: white halo, the participant's fill, outline and initial."""
    x, y = at
    canvas.circle(at, r + 0.9 * u, fill=WHITE, stroke=None)
    canvas.circle(at, r, fill=style.fill, stroke=BLACK if style.fill == WHITE else None,
                  width=0.3 * u)
    draw_outline(canvas, style, at, r, u)
    size = 1.05 * r if len(style.letter) == 1 else 0.8 * r
    canvas.text(style.letter, (x, y + 0.37 * size), size=size, bold=True,
                fill=style.ink)


# --- texts and directions --------------------------------------------------------------------

_UNIT = Layout(1.0)


def direction_vector(d: Direction) -> Point:
    """The unit vector on paper from a hex towards its neighbour in direction ``d``."""
    x, y = _UNIT.center(Hex(0, 0).neighbor(d))
    length = math.hypot(x, y)
    return (x / length, y / length)


def upright_angle(a: Point, b: Point) -> float:
    """The rotation (degrees, clockwise) of a label along the line from ``a`` to ``b``,
    turned so that it never reads upside down."""
    angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
    if angle > 90:
        angle -= 180
    elif angle <= -90:
        angle += 180
    return angle


def fitted(canvas: Canvas, text: str, at: Point, size: float, room: float, *,
           bold: bool = False, fill: str = BLACK, anchor: str = "start") -> None:
    """``text`` at ``size``, smaller if needed to fit in ``room`` mm."""
    size = min(size, room / max(1.0, text_width(text, 1.0, bold=bold)))
    canvas.text(text, at, size=size, anchor=anchor, bold=bold, fill=fill)


# --- terminal pictures -----------------------------------------------------------------------


def ansi(text: str, background: int, foreground: int) -> str:
    """``text`` in 256-colour terminal colours."""
    return f"\x1b[48;5;{background}m\x1b[38;5;{foreground}m{text}\x1b[0m"


def staggered_rows(cells: Mapping[Hex, str]) -> str:
    """A terminal picture of hexes, north up: each hex's cell (two characters, maybe with
    colour codes) in columns staggered like the board, two text rows a hex, three columns
    between neighbouring hex columns."""
    q0 = min(h.q for h in cells)
    row0 = min(2 * h.r + h.q for h in cells)
    grid: dict[int, dict[int, str]] = {}
    for h, cell in cells.items():
        grid.setdefault(2 * h.r + h.q - row0, {})[3 * (h.q - q0)] = cell
    lines = []
    for y in range(max(grid) + 1):
        row = grid.get(y, {})
        out = []
        x = 0
        while x <= max(row, default=-1):
            text = row.get(x)
            if text is None:
                out.append(" ")
                x += 1
                continue
            out.append(text)
            x += 2
        lines.append("".join(out).rstrip())
    return "\n".join(lines) + "\n"
