"""The printed look of a Paragliders map: terrain colours and symbols, and the marks of hexes.

Each terrain has an Okabe-Ito colour and a black-and-white symbol (mountain peaks, forest
dots, lake waves, a runway for aerodromes; fields stay plain) so that a grey-scale print
still reads. Sizes are in design units (see ``render/sheet.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from skyhex.render.drawing import Canvas, Point, Rect, fmt, path_data
from skyhex.render.sheet import (
    BLACK,
    BLUE,
    BLUISH_GREEN,
    DESIGN_HEX_MM,
    REDDISH_PURPLE,
    SKY_BLUE,
    VERMILLION,
    WHITE,
    YELLOW,
    caption,
    draw_peaks,
    draw_waves,
    hex_swatch,
    text_width,
)
from skyhex.rules.paragliders.features import Antenna, HexFeatures, Landmark
from skyhex.rules.paragliders.terrain import Terrain

TERRAIN_FILL: dict[Terrain, str] = {
    Terrain.MOUNTAIN: VERMILLION,
    Terrain.FIELD: YELLOW,
    Terrain.FOREST: BLUISH_GREEN,
    Terrain.LAKE: SKY_BLUE,
    Terrain.AERODROME: REDDISH_PURPLE,
}

ANTENNA_FILL: dict[Antenna, str] = {
    Antenna.BLUE: BLUE,
    Antenna.RED: VERMILLION,
    Antenna.YELLOW: YELLOW,
}

LANDMARK_NAMES: dict[Landmark, str] = {
    Landmark.CASTLE: "castle",
    Landmark.MEGALITHS: "megaliths",
    Landmark.CROP_CIRCLE: "crop circle",
    Landmark.GOLF_COURSE: "golf course",
}

BADGE_RADIUS = 5.0  # u: the white round badge behind every mark icon


# --- terrain symbols ------------------------------------------------------------------------


def _draw_symbol(c: Canvas, terrain: Terrain, u: float) -> None:
    """The terrain's symbol around the hex centre (0, 0), in the band below the centre that
    labels never use, so that the middle of a hex without marks shows its plain colour."""
    def p(x: float, y: float) -> Point:
        return (x * u, y * u)

    if terrain is Terrain.MOUNTAIN:
        draw_peaks(c, u)
    elif terrain is Terrain.FOREST:
        for x, y in ((-7.0, 9.6), (-3.5, 7.6), (0.0, 9.9), (3.5, 7.6), (7.0, 9.6),
                     (-3.5, 12.4), (3.5, 12.4)):
            c.circle(p(x, y), 1.3 * u, fill="#00382A", stroke=None)
    elif terrain is Terrain.LAKE:
        draw_waves(c, u, 0.7)
    elif terrain is Terrain.AERODROME:
        c.rect(Rect(-8.5 * u, 7.6 * u, 17 * u, 4.6 * u), fill="#333333", stroke=None)
        dashes = " ".join(f"M{fmt(x * u)} {fmt(9.9 * u)} h{fmt(2.4 * u)}" for x in (-6.6, -2.6, 1.4, 5.0))
        c.path(dashes, stroke=WHITE, width=0.6 * u)


def terrain_symbol(canvas: Canvas, terrain: Terrain, hex_mm: float) -> str | None:
    """The name of the terrain's symbol for hexes of ``hex_mm`` (defined on the sheet the
    first time it is asked for); ``None`` for fields, which stay plain."""
    if terrain is Terrain.FIELD:
        return None
    name = f"terrain-{terrain.value}-{fmt(hex_mm).replace('.', '_')}"
    symbol = canvas.define(name)
    if symbol is not None:
        _draw_symbol(symbol, terrain, hex_mm / DESIGN_HEX_MM)
    return name


def swatch(canvas: Canvas, center: Point, terrain: Terrain, hex_mm: float) -> None:
    """A small hex of the terrain with its symbol, for legends and track boards."""
    hex_swatch(canvas, center, TERRAIN_FILL[terrain], hex_mm,
               terrain_symbol(canvas, terrain, hex_mm))


# --- marks ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """One thing printed on a hex besides its terrain: ``kind`` is ``takeoff``, ``target``,
    ``spawn``, ``antenna``, ``gps`` or ``aerodrome``; ``caption`` is the text under the icon
    (empty for spawn numbers, whose icon is the number)."""

    kind: str
    caption: str
    spawn: int | None = None
    antenna: Antenna | None = None


def marks_of(features: HexFeatures, terrain: Terrain) -> list[Mark]:
    """The marks of a hex, most important first."""
    marks = []
    if features.takeoff:
        marks.append(Mark("takeoff", "take-off"))
    if features.target:
        marks.append(Mark("target", "target"))
    if features.antenna is not None:
        marks.append(Mark("antenna", f"{features.antenna.value} antenna", antenna=features.antenna))
    if features.gps is not None:
        marks.append(Mark("gps", LANDMARK_NAMES[features.gps]))
    if features.spawn is not None:
        marks.append(Mark("spawn", "", spawn=features.spawn))
    if terrain is Terrain.AERODROME:
        marks.append(Mark("aerodrome", "aerodrome"))
    return marks


def draw_icon(canvas: Canvas, mark: Mark, at: Point, u: float) -> None:
    """The round (or, for GPS sites, diamond) badge of ``mark`` centred on ``at``."""
    x, y = at

    def p(dx: float, dy: float) -> Point:
        return (x + dx * u, y + dy * u)

    r = BADGE_RADIUS * u
    if mark.kind == "gps":
        k = 6.2
        canvas.path(path_data([p(0, -k), p(k, 0), p(0, k), p(-k, 0)], closed=True), fill=WHITE,
                    stroke=BLACK, width=0.45 * u, round_joins=True)
        canvas.text("GPS", p(0, 1.0), size=2.8 * u, bold=True)
        return
    canvas.circle(at, r, fill=WHITE, stroke=BLACK, width=0.45 * u)
    if mark.kind == "spawn":
        canvas.text(str(mark.spawn), p(0, 1.9), size=(5.2 if (mark.spawn or 0) < 10 else 4.4) * u,
                    bold=True)
    elif mark.kind == "target":
        canvas.circle(at, 3.0 * u, stroke=BLACK, width=0.9 * u)
        canvas.circle(at, 1.1 * u, fill=BLACK, stroke=None)
    elif mark.kind == "takeoff":
        canvas.path(f"M{fmt(x - 3.9 * u)} {fmt(y - 0.8 * u)} Q{fmt(x)} {fmt(y - 5.4 * u)} "
                    f"{fmt(x + 3.9 * u)} {fmt(y - 0.8 * u)}", stroke=BLACK, width=1.2 * u,
                    round_joins=True)
        canvas.path(path_data([p(-3.9, -0.8), p(0, 2.4), p(3.9, -0.8)]), stroke=BLACK,
                    width=0.3 * u)
        canvas.circle(p(0, 2.9), 0.9 * u, fill=BLACK, stroke=None)
    elif mark.kind == "antenna":
        canvas.path(path_data([p(-2.2, 3.8), p(0, -1.6), p(2.2, 3.8)]) + " "
                    + path_data([p(-1.4, 1.7), p(1.4, 1.7)]), stroke=BLACK, width=0.5 * u,
                    round_joins=True)
        canvas.path(f"M{fmt(x - 2.6 * u)} {fmt(y - 4.4 * u)} q{fmt(-1.1 * u)} {fmt(1.6 * u)} 0 "
                    f"{fmt(3.2 * u)} M{fmt(x + 2.6 * u)} {fmt(y - 4.4 * u)} q{fmt(1.1 * u)} "
                    f"{fmt(1.6 * u)} 0 {fmt(3.2 * u)}", stroke=BLACK, width=0.4 * u,
                    round_joins=True)
        assert mark.antenna is not None
        canvas.circle(p(0, -2.8), 1.6 * u, fill=ANTENNA_FILL[mark.antenna], stroke=BLACK,
                      width=0.35 * u)
    elif mark.kind == "aerodrome":
        canvas.path(path_data([p(-3.8, 0.4), p(3.8, 0.4)]) + " " + path_data([p(0, -3.6), p(0, 3.4)])
                    + " " + path_data([p(-1.6, 3.0), p(1.6, 3.0)]), stroke=BLACK, width=0.9 * u,
                    round_joins=True)


def draw_marks(canvas: Canvas, center: Point, marks: list[Mark], hex_mm: float) -> None:
    """The marks of one hex: icons side by side above the centre (smaller when three or more
    would not fit), captions just below it, in one line or one line each. The lower band
    (terrain symbol) and the very top (coordinates) stay free as far as possible."""
    if not marks:
        return
    u = hex_mm / DESIGN_HEX_MM
    cx, cy = center
    span = (len(marks) - 1) * 12.0 + 2 * BADGE_RADIUS
    k = min(1.0, 22.0 / span)  # 22 u: the hex's width where the icons are
    for i, mark in enumerate(marks):
        draw_icon(canvas, mark, (cx + (i - (len(marks) - 1) / 2) * 12.0 * k * u, cy - 4.0 * u), k * u)
    captions = [m.caption for m in marks if m.caption]
    room = 27.0 * u
    one_line = " · ".join(captions)
    if not captions:
        return
    if len(captions) == 1 or text_width(one_line, 2.2 * u, bold=True) <= room:
        size = min(2.6 * u, room / max(1.0, text_width(one_line, 1.0, bold=True)))
        caption(canvas, one_line, (cx, cy + 5.2 * u), size)
        return
    longest = max(text_width(c, 1.0, bold=True) for c in captions)
    size = min(2.4 * u, room / longest)
    for i, text in enumerate(captions):
        caption(canvas, text, (cx, cy + 5.0 * u + 1.25 * size * i), size)
