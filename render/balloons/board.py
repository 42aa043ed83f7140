"""A Balmy Balloonists globe as a printable board: a Mercator-like strip of lanes, west to
east from the start meridian, the Polar Vortex above and the Equatorial Doldrums below, with
its heavy red and blue lines, its zones, and a slot for each quadrant's Quadrant card.

Sizes: ``lane_mm`` (``skyhex board --hex-mm``) is the height of a lane; every section is as
wide as half a lane for each space of its widest lane, so the narrowest spaces are half a
lane wide. Zones read in black and white too: a restricted airspace is yellow with a no-entry
sign (filled black when no Permission card opens it, as for Area 51), a brown mountain zone
brown with a dark peak, a white one grey with a white peak; heavy red lines are solid, blue
ones dashed. In the SVG each space is a group ``space_<lane>_<k>``, each balloon a group
``balloon-<colour>``, each Quadrant card slot a group ``quadrant-<n>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from skyhex.render.balloons.cards import CARD_H, CARD_W, draw_quadrant
from skyhex.render.balloons.position import (
    BalloonsPosition,
    BalloonView,
    draw_balloon,
    draw_rose,
)
from skyhex.render.drawing import Canvas, Point, Rect, path_data
from skyhex.render.sheet import (
    BLACK,
    BLUE,
    DESIGN_HEX_MM,
    GREY,
    LEGEND_ROW,
    MIN_WIDTH,
    SUBTITLE_SIZE,
    TITLE_SIZE,
    VERMILLION,
    WHITE,
    YELLOW,
    caption,
    check_hex_mm,
    fitted,
    flow,
    text_width,
)
from skyhex.rules.balloons.globe import Globe, Line, Space, Zone, ZoneKind

LEFT = 24.0  # mm for the lane labels
RIGHT = 10.0
TITLE_BLOCK = 24.0
HEAD = 12.0  # the quadrant labels above the strip
SKY = "#FFFFFF"
SKY_TINT = "#EEF5FB"
BROWN = "#C9A27E"
PEAK_BROWN = "#7A3500"
WHITE_ZONE = "#D9D9D9"
VORTEX = "#DCE7F2"
DOLDRUMS = "#F4ECD8"
PANEL_HEIGHT = 74.0
BALLOON_CARD = (86.0, 40.0)


def space_id(space: Space) -> str:
    return f"space_{space.lane}_{space.k}"


@dataclass(frozen=True)
class LegendItem:
    label: str
    kind: str

    @property
    def width(self) -> float:
        return 16.0 + text_width(self.label, 3.2) + 6.0


LEGEND = (LegendItem("open sky", "sky"),
          LegendItem("restricted airspace (a Permission card lets you in)", "exclusion"),
          LegendItem("restricted, no permission", "closed"),
          LegendItem("brown mountains: Medium or High", "brown"),
          LegendItem("white mountains: High", "white"),
          LegendItem("heavy red line", "red"), LegendItem("heavy blue line", "blue"))


@dataclass
class GlobePicture:
    """The board of a globe (with a position, its balloons, Quadrant cards and panel); what
    ``render/paper.py`` asks of a picture."""

    globe: Globe
    title: str
    subtitle: str
    lane_mm: float
    coords: bool = False
    position: BalloonsPosition | None = None
    width: float = field(init=False)
    height: float = field(init=False)
    _x: list[float] = field(init=False, repr=False)  # each section's west edge
    _slots: list[Point] = field(init=False, repr=False)  # each Quadrant card's top left

    def __post_init__(self) -> None:
        check_hex_mm(self.lane_mm)
        h = self.lane_mm
        xs = [LEFT]
        for section in self.globe.sections:
            xs.append(xs[-1] + max(section.spaces) * 0.5 * h)
        self._x = xs
        strip = xs[-1] + RIGHT
        slots: list[Point] = []
        right = LEFT - 4.0
        for q in range(1, self.globe.quadrants + 1):
            span = [s for s, section in enumerate(self.globe.sections) if section.quadrant == q]
            centre = (xs[span[0]] + xs[span[-1] + 1]) / 2 if span else right + CARD_W / 2
            x = max(centre - CARD_W / 2, right + 4.0)
            slots.append((x, self.cards_top))
            right = x + CARD_W
        self._slots = slots
        self.width = max(MIN_WIDTH, strip, right + RIGHT,
                         text_width(self.title, TITLE_SIZE, bold=True) + 10.0)
        self.height = self.legend_top + flow(LEGEND, self.width - 10.0)[1] + 4.0

    # --- layout -------------------------------------------------------------------------

    @property
    def u(self) -> float:
        return self.lane_mm / DESIGN_HEX_MM

    @property
    def band(self) -> float:
        return 0.5 * self.lane_mm

    @property
    def vortex_top(self) -> float:
        return TITLE_BLOCK + HEAD

    @property
    def lanes_top(self) -> float:
        return self.vortex_top + self.band

    @property
    def doldrums_top(self) -> float:
        return self.lanes_top + self.globe.lanes * self.lane_mm

    @property
    def cards_top(self) -> float:
        return self.doldrums_top + self.band + 14.0

    @property
    def panel_top(self) -> float:
        return self.cards_top + CARD_H + 10.0

    @property
    def legend_top(self) -> float:
        top = self.panel_top
        if self.position is not None:
            top += PANEL_HEIGHT + self._card_rows() * (BALLOON_CARD[1] + 4.0) + 6.0
        return top + 8.0

    def _card_rows(self) -> int:
        assert self.position is not None
        per_row = max(1, int((self.width - 10.0 + 4.0) // (BALLOON_CARD[0] + 4.0)))
        return -(-len(self.position.balloons) // per_row)

    def space_box(self, space: Space) -> Rect:
        s, i, n = self.globe.place(space)
        w = (self._x[s + 1] - self._x[s]) / n
        return Rect(self._x[s] + i * w, self.lanes_top + (space.lane - 1) * self.lane_mm, w,
                    self.lane_mm)

    def occupies(self, window: Rect) -> bool:
        boxes = [Rect(0, 0, self.width, TITLE_BLOCK),
                 Rect(LEFT - 20.0, self.vortex_top - HEAD, self._x[-1] - LEFT + 20.0,
                      HEAD + self.globe.lanes * self.lane_mm + 2 * self.band),
                 *(Rect(x, y, CARD_W, CARD_H + 6.0) for x, y in self._slots),
                 Rect(5.0, self.legend_top - 6.0, self.width - 10.0,
                      self.height - self.legend_top + 6.0)]
        if self.position is not None:
            boxes.append(Rect(5.0, self.panel_top, self.width - 10.0,
                              self.legend_top - self.panel_top))
        return any(b.intersects(window) for b in boxes)

    # --- drawing ------------------------------------------------------------------------

    def draw(self, canvas: Canvas, window: Rect | None = None) -> None:
        """Draw the board; with a ``window``, spaces outside it are left out."""
        fitted(canvas, self.title, (self.width / 2, 12.0), TITLE_SIZE, self.width - 10.0,
               bold=True, anchor="middle")
        fitted(canvas, self.subtitle, (self.width / 2, 19.0), SUBTITLE_SIZE, self.width - 10.0,
               fill=GREY, anchor="middle")
        self._draw_bands(canvas)
        spaces = canvas.group(element_id="globe")
        for space in self.globe.spaces():
            box = self.space_box(space)
            if window is None or box.grown(2.0).intersects(window):
                self._draw_space(spaces, space, box)
        self._draw_lines(canvas)
        for zone in self.globe.zones:
            self._draw_zone_name(canvas, zone)
        for lane in range(1, self.globe.lanes + 1):
            y = self.lanes_top + (lane - 0.5) * self.lane_mm
            canvas.text(f"lane {lane}", (LEFT - 3.0, y + 1.2), size=3.4, anchor="end",
                        bold=True)
        self._draw_quadrant_slots(canvas)
        if self.position is not None:
            self._draw_balloons(canvas.group(element_id="balloons"), self.position)
            self._draw_panel(canvas, self.position)
        self._draw_legend(canvas)

    def _draw_bands(self, c: Canvas) -> None:
        x0, x1 = LEFT, self._x[-1]
        c.rect(Rect(x0, self.vortex_top, x1 - x0, self.band), fill=VORTEX, stroke=BLACK,
               width=0.3)
        c.rect(Rect(x0, self.doldrums_top, x1 - x0, self.band), fill=DOLDRUMS, stroke=BLACK,
               width=0.3)
        size = min(3.4, 0.3 * self.band)
        for s in range(len(self.globe.sections)):
            mid = (self._x[s] + self._x[s + 1]) / 2
            c.text("POLAR VORTEX", (mid, self.vortex_top + self.band / 2 + 0.35 * size),
                   size=size, fill=GREY, bold=True)
            c.text("EQUATORIAL DOLDRUMS", (mid, self.doldrums_top + self.band / 2 +
                                           0.35 * size), size=size * 0.8, fill=GREY,
                   bold=True)
        head = self.vortex_top - 3.0
        for q in range(1, self.globe.quadrants + 1):
            span = [s for s, section in enumerate(self.globe.sections) if section.quadrant == q]
            if span:
                mid = (self._x[span[0]] + self._x[span[-1] + 1]) / 2
                c.text(f"Quadrant {q}", (mid, head), size=4.0, bold=True)
        degrees = 360 / len(self.globe.sections)
        for s in range(len(self.globe.sections)):
            c.text(f"{round(s * degrees):d}\u00b0", (self._x[s] + 1.0, head - 5.0), size=2.4,
                   anchor="start", fill=GREY)
        c.text("START / FINISH", (LEFT, self.doldrums_top + self.band + 4.5), size=2.8,
               anchor="start", bold=True, fill=VERMILLION)
        c.text("east: balloons race this way (counter-clockwise round the North Pole) \u2192",
               (self._x[-1], self.doldrums_top + self.band + 4.5), size=2.8, anchor="end")

    def _draw_space(self, c: Canvas, space: Space, box: Rect) -> None:
        zone = self.globe.zone_at.get(space)
        g = c.group(element_id=space_id(space))
        fill = SKY_TINT if space.lane % 2 == 0 else SKY
        if zone is not None:
            fill = {ZoneKind.EXCLUSION: YELLOW, ZoneKind.BROWN: BROWN,
                    ZoneKind.WHITE: WHITE_ZONE}[zone.kind]
        g.rect(box, fill=fill, stroke=GREY, width=0.2)
        cx, cy = box.x + box.width / 2, box.y + box.height / 2
        r = min(box.width, box.height) * 0.22
        if zone is not None and zone.kind is ZoneKind.EXCLUSION:
            closed = zone.permission is None
            g.circle((cx, cy), r, fill=BLACK if closed else WHITE, stroke=BLACK,
                     width=0.15 * r)
            g.rect(Rect(cx - 0.7 * r, cy - 0.18 * r, 1.4 * r, 0.36 * r),
                   fill=WHITE if closed else VERMILLION, stroke=None)
        elif zone is not None:
            peak = PEAK_BROWN if zone.kind is ZoneKind.BROWN else WHITE
            pts = [(cx - 1.3 * r, cy + 0.9 * r), (cx, cy - 1.1 * r), (cx + 1.3 * r, cy + 0.9 * r)]
            g.path(path_data(pts, closed=True), fill=peak, stroke=BLACK, width=0.12 * r,
                   round_joins=True)
        if self.coords:
            g.text(f"{space.lane}/{space.k}", (cx, box.bottom - 1.0), size=min(2.2, 0.2 *
                                                                           box.width),
                   fill="#222222")

    def _draw_lines(self, c: Canvas) -> None:
        top, bottom = self.vortex_top - 1.5, self.doldrums_top + self.band + 1.5
        for s, section in enumerate(self.globe.sections):
            x = self._x[s]
            if section.line is Line.RED:
                c.line((x, top), (x, bottom), stroke=VERMILLION, width=1.1)
            else:
                c.line((x, top), (x, bottom), stroke=BLUE, width=1.1, dash=(3.0, 1.2))
        c.line((self._x[-1], top), (self._x[-1], bottom), stroke=VERMILLION, width=1.1)

    def _draw_zone_name(self, c: Canvas, zone: Zone) -> None:
        spaces = [s for s in zone.spaces if self.globe.on_globe(s)]
        if not spaces:
            return
        box = self.space_box(min(spaces))
        size = max(1.8, min(2.8, 0.1 * self.lane_mm))
        caption(c, zone.name, (box.x + box.width / 2, box.y + 0.9 * size + 0.8), size)

    def _draw_quadrant_slots(self, c: Canvas) -> None:
        position = self.position
        for q, (x, y) in enumerate(self._slots, 1):
            g = c.group(element_id=f"quadrant-{q}")
            if position is not None and q <= len(position.quadrants):
                draw_quadrant(g, position.quadrants[q - 1], (x, y), self.globe.lanes)
                covered = position.covered[q - 1]
                g.text(f"Quadrant {q}" + (f", {covered} covered" if covered else ""),
                       (x + CARD_W / 2, y + CARD_H + 4.0), size=2.8)
                continue
            g.rect(Rect(x, y, CARD_W, CARD_H), fill=WHITE, stroke=GREY, width=0.4,
                   radius=3.0, dash=(2.0, 1.5))
            g.text(f"Quadrant {q}", (x + CARD_W / 2, y + CARD_H / 2 - 2.0), size=4.0, bold=True,
                   fill=GREY)
            g.text("its Quadrant card here", (x + CARD_W / 2, y + CARD_H / 2 + 4.0), size=3.0,
                   fill=GREY)

    def _draw_balloons(self, c: Canvas, position: BalloonsPosition) -> None:
        u = self.u
        here: dict[tuple[Space, bool], list[BalloonView]] = {}
        for b in position.balloons:
            here.setdefault((b.space, b.doldrums), []).append(b)
        for (space, doldrums), group in here.items():
            box = self.space_box(space)
            if doldrums:
                box = Rect(box.x, self.doldrums_top, box.width, self.band)
            r = min(0.32 * box.height, 0.8 * box.width / (len(group) + 0.4),
                    5.4 * u) if len(group) > 1 else min(0.3 * box.height, 0.42 * box.width)
            step = box.width / len(group)
            for k, b in enumerate(group):
                at = (box.x + (k + 0.5) * step, box.y + box.height * 0.42)
                draw_balloon(c.group(element_id=f"balloon-{b.colour}"), b, at, r, u)

    def _draw_panel(self, c: Canvas, position: BalloonsPosition) -> None:
        x0, y0 = 5.0, self.panel_top
        g = c.group(element_id="position")
        g.rect(Rect(x0, y0, self.width - 10.0, PANEL_HEIGHT), fill=WHITE, stroke=BLACK,
               width=0.4, radius=1.5)
        g.text("Position", (x0 + 4.0, y0 + 7.0), size=4.5, anchor="start", bold=True)
        fitted(g, position.caption, (x0 + 4.0, y0 + 12.5), 2.8, 120.0, fill=GREY)
        actor = (f"{position.actor} to {'play a card' if position.phase == 'card' else 'fly'}"
                 if position.actor is not None else "the race is over")
        lines = [f"Day {position.round} of {position.days}: {actor}",
                 f"Local Wind deck {position.decks[0]}, Misfortune deck {position.decks[1]}, "
                 f"Quadrant deck {position.decks[2]}",
                 "Balloons: the altitude letter under each disc (G grounded, L low, M medium, "
                 "H high)."]
        for k, text in enumerate(lines):
            fitted(g, text, (x0 + 4.0, y0 + 21.0 + 6.0 * k), 3.4, self.width - 80.0)
        draw_rose(g, position, (self.width - 40.0, y0 + PANEL_HEIGHT / 2 + 1.0), 24.0)
        w, h = BALLOON_CARD
        per_row = max(1, int((self.width - 10.0 + 4.0) // (w + 4.0)))
        for k, b in enumerate(position.balloons):
            bx = x0 + (k % per_row) * (w + 4.0)
            by = y0 + PANEL_HEIGHT + 4.0 + (k // per_row) * (h + 4.0)
            self._draw_balloon_card(g.group(element_id=f"card-{b.colour}"), b, (bx, by))

    def _draw_balloon_card(self, c: Canvas, b: BalloonView, at: Point) -> None:
        x, y = at
        w, h = BALLOON_CARD
        c.rect(Rect(x, y, w, h), fill=WHITE, stroke=BLACK, width=0.3)
        draw_balloon(c, b, (x + 7.0, y + 7.0), 4.2, 0.5)
        fitted(c, b.name, (x + 14.0, y + 6.0), 3.6, w - 16.0, bold=True)
        fitted(c, f"{b.altitude}, space {b.space.lane}/{b.space.k}, {b.degrees}\u00b0 east"
               + (f", lap {b.laps}" if b.laps else ""), (x + 14.0, y + 10.5), 2.8, w - 16.0)
        rows = [f"Ballast {b.ballast}  Gas {b.gas}  Fuel {b.fuel}",
                f"hand: {b.hand} card{'s' if b.hand != 1 else ''}",
                f"in front: {' '.join(b.front) or '-'}",
                f"advantages: {' '.join(b.advantages) or '-'}"]
        if b.flags:
            rows.append(b.flags)
        for k, text in enumerate(rows):
            fitted(c, text, (x + 3.0, y + 17.5 + 4.4 * k), 3.0, w - 6.0)

    def _draw_legend(self, c: Canvas) -> None:
        positions, _ = flow(LEGEND, self.width - 10.0)
        g = c.group(translate=(5.0, self.legend_top))
        g.text("Legend", (0, -2.5), size=3.6, anchor="start", bold=True)
        for item, (x, y) in zip(LEGEND, positions, strict=True):
            box = Rect(x + 1.0, y + 2.5, 12.0, LEGEND_ROW - 5.0)
            self._legend_icon(g, item.kind, box)
            g.text(item.label, (x + 16.0, y + LEGEND_ROW / 2 + 1.15), size=3.2, anchor="start")

    @staticmethod
    def _legend_icon(c: Canvas, kind: str, box: Rect) -> None:
        cx, cy = box.x + box.width / 2, box.y + box.height / 2
        if kind in ("red", "blue"):
            c.line((cx, box.y), (cx, box.bottom), stroke=VERMILLION if kind == "red" else BLUE,
                   width=1.1, dash=None if kind == "red" else (3.0, 1.2))
            return
        fill = {"sky": SKY, "exclusion": YELLOW, "closed": YELLOW, "brown": BROWN,
                "white": WHITE_ZONE}[kind]
        c.rect(box, fill=fill, stroke=GREY, width=0.2)
        r = 0.3 * box.height
        if kind in ("exclusion", "closed"):
            closed = kind == "closed"
            c.circle((cx, cy), r, fill=BLACK if closed else WHITE, stroke=BLACK, width=0.15 * r)
            c.rect(Rect(cx - 0.7 * r, cy - 0.18 * r, 1.4 * r, 0.36 * r),
                   fill=WHITE if closed else VERMILLION, stroke=None)
        elif kind in ("brown", "white"):
            pts = [(cx - 1.3 * r, cy + 0.9 * r), (cx, cy - 1.1 * r), (cx + 1.3 * r, cy + 0.9 * r)]
            c.path(path_data(pts, closed=True), fill=PEAK_BROWN if kind == "brown" else WHITE,
                   stroke=BLACK, width=0.12 * r, round_joins=True)


def describe(globe: Globe) -> str:
    """The subtitle of a globe's board."""
    made = f"seed {globe.seed}, " if globe.seed is not None else ""
    return (f"{made}{globe.lanes} lanes, {len(globe.sections)} sections in {globe.quadrants} "
            f"quadrants, {len(globe.zones)} zones")


def globe_picture(globe: Globe, *, title: str, lane_mm: float = 30.0, coords: bool = False,
                  position: BalloonsPosition | None = None,
                  subtitle: Sequence[str] = ()) -> GlobePicture:
    """The board of ``globe`` (with a ``position``: its balloons, cards and panel)."""
    text = " - ".join([describe(globe), *subtitle, f"lanes {lane_mm:g} mm high"])
    return GlobePicture(globe, title, text, lane_mm, coords, position)

