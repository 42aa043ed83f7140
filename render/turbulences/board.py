"""A Turbulences map as a printable board at real size.

``landscape_picture`` lays out one picture in millimetres, with the conventions every
game's board shares (``render/sheet.py``): the title block (title, difficulty, seed, hex size,
and a note on airports), the board, and a legend. The board shows:

- the 37 landscape tiles, one ``<polygon>`` each (id ``hex_q_r``), filled with an Okabe-Ito
  colour and carrying a black-and-white symbol per biome (plain: grass tufts, sea: waves,
  desert: dunes, mountain: peaks), and a bold outline around the landscape;
- the six Region boards as shaded bands of three cities on the ring around the landscape,
  each labelled ``Region 1`` ... ``Region 6`` (counter-clockwise from the south-west side,
  as in ``rules/turbulences/landscape.py``); every city has a marker and its numbers
  (``R3 C2``); on a plain map the central city (C2) of each region is marked as the default
  airport site, and with a position the six airports stand where the scenario puts them
  (groups ``airport_q_r``: a company's ring in its colour with its initial and outline
  pattern, a neutral region's grey);
- the clouds: a cumulus is a white cloud with a dark outline, a storm a black cloud with a
  lightning mark, a Tempest a stack of black clouds with its number of tokens; each shows
  its token ids. Each cloud is a group with id ``cumulus_q_r``, ``storm_q_r`` or
  ``tempest_q_r``;
- with a position (``render/turbulences/position.py``): the clouds of the position, the
  aircraft (groups ``aircraft-<colour>``) and a panel beside the board (group ``position``)
  with the turn, the first player, the wind and a card per company.

``render/paper.py`` puts the picture on one poster or tiles it onto pages.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from skyhex.render.drawing import Canvas, Point, Rect, fmt, path_data
from skyhex.render.sheet import (
    BLACK,
    BLUISH_GREEN,
    DESIGN_HEX_MM,
    GREY,
    HEX_MM_DEFAULT,
    LEGEND_SCALE,
    LEGEND_SWATCH,
    SKY_BLUE,
    VERMILLION,
    WHITE,
    YELLOW,
    PawnStyle,
    SheetPicture,
    SheetPlan,
    caption,
    check_hex_mm,
    draw_pawn_disc,
    draw_peaks,
    draw_waves,
    hex_id,
    hex_swatch,
    outline_rings,
    plan_sheet,
    text_width,
    upright_angle,
)
from skyhex.render.turbulences.night import (
    NIGHT_FILL,
    NightPicture,
    draw_face_down,
    draw_night,
    draw_night_token,
)
from skyhex.render.turbulences.position import (
    AIRCRAFT_RADIUS,
    AirportView,
    CompanyView,
    TurbulencesPanel,
    TurbulencesPosition,
    draw_aircraft,
    draw_aircrafts,
    draw_airport,
    draw_asteroid,
    draw_covered,
    draw_parachute,
    draw_runway,
)
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences.aircraft import AircraftType
from skyhex.rules.turbulences.landscape import (
    Biome,
    CloudSide,
    CloudToken,
    Half,
    Landscape,
    Stack,
    city_region,
    is_tempest,
    landscape_hexes,
    landscape_set,
    region_cities,
)

if TYPE_CHECKING:
    from skyhex.rules.turbulences.scenario import Scenario

BIOME_FILL: dict[Biome, str] = {
    Biome.PLAIN: BLUISH_GREEN,
    Biome.SEA: SKY_BLUE,
    Biome.DESERT: YELLOW,
    Biome.MOUNTAIN: VERMILLION,
}
"""Okabe-Ito fills, the hues of ``skyhex map show`` (desert yellow, sea sky blue)."""

REGION_SHADES = ("#D4D4D4", "#EDEDED")  # odd and even regions: neighbours differ
TITLE_BLOCK = 33.0  # mm: title, subtitle and the airports note
NOTE_SIZE = 3.2
AIRPORT_NOTE = (
    "Note: airports are chosen in the scenario (skyhex board SCENARIO draws them where it "
    "puts them).",
    "Each pilot builds one on a city of their region; neutral regions use their central city "
    "(C2), the default airport site.",
)
POSITION_NOTE = (
    "Airports where the scenario puts them: each company's on its region, in its colour; "
    "neutral regions' grey, on their central city.",
    "Aircraft: the company's initial and outline, type B/S/Z, parcels carried (counts, not "
    "weights).",
)


def cloud_kind(stack: Stack) -> str:
    """``cumulus``, ``storm`` or ``tempest``: how the clouds on one tile are drawn."""
    if is_tempest(stack):
        return "tempest"
    return "cumulus" if stack[0].side is CloudSide.CUMULUS else "storm"


def cloud_id(kind: str, h: Hex) -> str:
    """The ``id`` of a cloud's group: ``storm_1_-2`` for a storm on (1,-2)."""
    return f"{kind}_{h.q}_{h.r}"


# --- symbols (design units: 1 u = 1 mm on a 30 mm hex) ---------------------------------------


def _biome_symbol(c: Canvas, biome: Biome, u: float) -> None:
    """The biome's symbol in the band below the hex centre (the centre shows the fill)."""
    def p(x: float, y: float) -> Point:
        return (x * u, y * u)

    if biome is Biome.MOUNTAIN:
        draw_peaks(c, u)
    elif biome is Biome.SEA:
        draw_waves(c, u, 0.8)
    elif biome is Biome.PLAIN:  # grass tufts on short ground lines
        tufts = []
        for x, y in ((-6.0, 9.8), (0.0, 8.4), (6.0, 9.8), (-3.0, 12.8), (3.0, 12.8)):
            tufts.append(f"M{fmt((x - 2.2) * u)} {fmt(y * u)} h{fmt(4.4 * u)}"
                         f" M{fmt(x * u)} {fmt(y * u)} q{fmt(-0.3 * u)} {fmt(-1.6 * u)} "
                         f"{fmt(-1.8 * u)} {fmt(-2.6 * u)}"
                         f" M{fmt(x * u)} {fmt(y * u)} v{fmt(-3.0 * u)}"
                         f" M{fmt(x * u)} {fmt(y * u)} q{fmt(0.3 * u)} {fmt(-1.6 * u)} "
                         f"{fmt(1.8 * u)} {fmt(-2.6 * u)}")
        c.path(" ".join(tufts), stroke="#00382A", width=0.55 * u, round_joins=True)
    else:  # desert: two dunes and sand dots
        c.path(f"M{fmt(-9 * u)} {fmt(12 * u)} Q{fmt(-4.5 * u)} {fmt(6.4 * u)} {fmt(0)} "
               f"{fmt(12 * u)} M{fmt(-1 * u)} {fmt(9.6 * u)} Q{fmt(3.6 * u)} {fmt(4.8 * u)} "
               f"{fmt(8.6 * u)} {fmt(10.4 * u)}", stroke="#8A5A00", width=0.7 * u,
               round_joins=True)
        for x, y in ((-4.5, 11.4), (2.0, 12.2), (5.2, 12.6), (-7.0, 13.2)):
            c.circle(p(x, y), 0.55 * u, fill="#8A5A00", stroke=None)


def half_corners(corners: list[Point], half: Half) -> list[Point]:
    """The corners of a hex's second half-tile: the three sides around ``half.side`` (a
    flat-topped hex's side k, between corners k and k + 1, faces SE, S, SW, NW, N, NE)."""
    k = (int(half.side) - 2) % 6
    return [corners[(k + i) % 6] for i in range(-1, 3)]


def draw_half(c: Canvas, corners: list[Point], centre: Point, half: Half, u: float) -> None:
    """A hex of two half-tiles: the second half in its biome's fill, a divider between them
    and the second half's initial (read without colour)."""
    points = half_corners(corners, half)
    c.polygon(points, fill=BIOME_FILL[half.biome], stroke="#333333", width=0.3 * u)
    c.line(points[0], points[-1], stroke=BLACK, width=0.9 * u)
    mx = sum(x for x, _ in points[1:3]) / 2
    my = sum(y for _, y in points[1:3]) / 2
    at = (centre[0] + 0.62 * (mx - centre[0]), centre[1] + 0.62 * (my - centre[1]) + 1.2 * u)
    c.text(half.biome.value[0].upper(), at, size=3.6 * u, bold=True)


def biome_symbol(canvas: Canvas, biome: Biome, hex_mm: float) -> str:
    """The name of the biome's symbol for hexes of ``hex_mm`` (defined on first use)."""
    name = f"biome-{biome.value}-{fmt(hex_mm).replace('.', '_')}"
    symbol = canvas.define(name)
    if symbol is not None:
        _biome_symbol(symbol, biome, hex_mm / DESIGN_HEX_MM)
    return name


def _cloud_path(x: float, y: float, u: float) -> str:
    """A cloud about 15 u wide and 8 u high centred on (x, y): a flat base and three puffs."""
    def pt(dx: float, dy: float) -> str:
        return f"{fmt(x + dx * u)} {fmt(y + dy * u)}"

    def arc(r: float, dx: float, dy: float) -> str:
        return f" A{fmt(r * u)} {fmt(r * u)} 0 0 1 {pt(dx, dy)}"

    return (f"M{pt(-5.5, 3.6)}" + arc(2.9, -5.0, -1.6) + arc(3.6, 0.4, -3.4)
            + arc(3.0, 5.6, -1.2) + arc(2.4, 5.5, 3.6) + " Z")


def _bolt(c: Canvas, x: float, y: float, u: float) -> None:
    """A lightning mark hanging below a storm cloud centred on (x, y)."""
    pts = [(1.6, 0.6), (-0.8, 4.2), (1.0, 4.2), (-0.6, 8.2), (3.6, 3.0), (1.8, 3.0), (3.4, 0.6)]
    c.path(path_data([(x + dx * u, y + dy * u) for dx, dy in pts], closed=True), fill=YELLOW,
           stroke=BLACK, width=0.35 * u, round_joins=True)


def draw_cloud(c: Canvas, stack: Stack, at: Point, u: float, *, ids: bool = True) -> None:
    """The clouds of one tile centred on ``at``: a white cumulus, a black storm with its
    bolt, or a Tempest (up to three black clouds stacked, a badge with its number of
    tokens); with ``ids`` the token ids (bottom first) are written on or under it."""
    x, y = at
    kind = cloud_kind(stack)
    if kind == "cumulus":
        c.path(_cloud_path(x, y, u), fill=WHITE, stroke=BLACK, width=0.6 * u, round_joins=True)
        if ids:
            c.text(str(stack[0].id), (x, y + 1.9 * u), size=3.6 * u, bold=True)
        return
    layers = min(len(stack), 3) if kind == "tempest" else 1
    for i in range(layers - 1, -1, -1):  # the back of the stack first, up and to the left
        c.path(_cloud_path(x - 1.4 * i * u, y - 1.1 * i * u, u), fill=BLACK, stroke=WHITE,
               width=0.5 * u, round_joins=True)
    _bolt(c, x, y, u)
    if kind == "storm":
        if ids:
            c.text(str(stack[0].id), (x - 2.6 * u, y + 1.6 * u), size=3.4 * u, bold=True,
                   fill=WHITE)
        return
    c.circle((x + 7.2 * u, y - 3.6 * u), 3.0 * u, fill=WHITE, stroke=BLACK, width=0.5 * u)
    c.text(str(len(stack)), (x + 7.2 * u, y - 2.3 * u), size=3.6 * u, bold=True)
    if ids:
        caption(c, "·".join(str(t.id) for t in stack), (x - 5.6 * u, y + 6.4 * u), 2.4 * u)


def draw_city(c: Canvas, at: Point, u: float, *, airport: bool) -> None:
    """A city marker (a skyline on a white badge) centred on ``at``; the default airport
    site also gets a dashed ring and a small plane."""
    x, y = at

    def p(dx: float, dy: float) -> Point:
        return (x + dx * u, y + dy * u)

    if airport:
        c.circle(at, 7.0 * u, fill=WHITE, stroke=BLACK, width=0.5 * u)
        c.circle(at, 6.0 * u, stroke=BLACK, width=0.35 * u)
    c.circle(at, 5.0 * u, fill=WHITE, stroke=BLACK, width=0.45 * u)
    skyline = [p(-3.6, 2.8), p(-3.6, -0.6), p(-2.0, -0.6), p(-2.0, -3.2), p(0.2, -3.2),
               p(0.2, -1.4), p(1.6, -1.4), p(1.6, -2.4), p(3.6, -2.4), p(3.6, 2.8)]
    c.path(path_data(skyline, closed=True), fill="#444444", stroke=None)
    windows = " ".join(f"M{fmt(x + dx * u)} {fmt(y + dy * u)} h{fmt(0.8 * u)}"
                       for dx, dy in ((-1.4, -1.8), (-1.4, 0.2), (2.2, -0.8), (2.2, 1.2),
                                      (-3.0, 1.2)))
    c.path(windows, stroke=WHITE, width=0.7 * u)
    if airport:  # a plane over the top of the ring
        draw_plane(c, at, u)


def draw_plane(c: Canvas, at: Point, u: float) -> None:
    """The small plane over the top of an airport's ring centred on ``at``."""
    x, y = at

    def p(dx: float, dy: float) -> Point:
        return (x + dx * u, y + dy * u)

    plane = [p(0, -9.6), p(0.6, -8.6), p(3.2, -7.4), p(3.2, -6.8), p(0.6, -7.4),
             p(0.4, -5.6), p(1.4, -5.0), p(1.4, -4.6), p(0, -4.9), p(-1.4, -4.6),
             p(-1.4, -5.0), p(-0.4, -5.6), p(-0.6, -7.4), p(-3.2, -6.8), p(-3.2, -7.4),
             p(-0.6, -8.6)]
    c.path(path_data(plane, closed=True), fill=BLACK, stroke=WHITE, width=0.25 * u,
           round_joins=True)


# --- the picture ------------------------------------------------------------------------------


@dataclass(frozen=True)
class LegendItem:
    """One legend item: ``icon`` names what is drawn (a biome, ``city``, ``airport``, a
    cloud kind, ``region`` or ``coords``), then its label."""

    label: str
    icon: str

    @property
    def width(self) -> float:
        return 18.0 + text_width(self.label, 3.2) + 6.0


def legend_items(coords: bool, position: bool = False, night: bool = False,
                 powers: bool = False
                 ) -> list[LegendItem]:
    """What the legend explains (with a position: airports and aircraft)."""
    items = [LegendItem(b.value, b.value) for b in Biome]
    items += [
        LegendItem("cumulus (white side)", "cumulus"),
        LegendItem("storm (black side)", "storm"),
        LegendItem("Tempest: tokens stacked, ids bottom first", "tempest"),
        LegendItem("city, region R and city C (counter-clockwise)", "city"),
    ]
    if position:
        items += [
            LegendItem("a company's airport: its colour, initial and outline", "company-airport"),
            LegendItem("a neutral region's airport (central city)", "neutral-airport"),
            LegendItem("aircraft: company initial, type B/S/Z, parcels carried", "aircraft"),
        ]
        if powers:
            items += [
                LegendItem("Legendary Aircraft: F Fakir, 6 Besixdouze, V Savoia S.21; a brown "
                           "triangle: an active ASTEROID", "asteroid"),
                LegendItem("the Parachute on its cumulus, with its parcels", "parachute"),
            ]
    else:
        items.append(LegendItem("central city: default airport site", "airport"))
    items += [
        LegendItem("Region board (1-6, counter-clockwise from the south-west)", "region"),
    ]
    if night:
        items.append(LegendItem("NIGHT FLIGHT: a face-down tile", "face-down"))
        if position:
            items.append(LegendItem("the NIGHT token (PARIS: where it started)", "night-token"))
    if coords:
        items.append(LegendItem("hex coordinates q,r (for moves files)", "coords"))
    return items


@dataclass(frozen=True)
class LandscapePicture(SheetPicture):
    """A Turbulences map laid out at real size on its ``sheet`` (title, size, layout, legend
    and panel boxes); build it with ``landscape_picture``."""

    landscape: Landscape
    sheet: SheetPlan
    coords: bool
    position: TurbulencesPosition | None = None  # airports, aircraft and the state panel
    pieces: bool = True  # False: the airports of the position only (the replay viewer)
    night: NightPicture | None = None  # NIGHT FLIGHT: face-down tiles, the NIGHT token

    @property
    def note(self) -> tuple[str, ...]:
        if self.night is not None:
            return self.night.note
        return AIRPORT_NOTE if self.position is None else POSITION_NOTE

    def draw(self, canvas: Canvas, window: Rect | None = None) -> None:
        """Draw the picture; with a ``window``, hexes outside it are left out."""
        def seen(h: Hex) -> bool:
            return window is None or self.hex_box(h).grown(2.0).intersects(window)

        land = self.landscape
        u = self.u
        self.draw_title(canvas)
        longest = max(text_width(line, 1.0) for line in self.note)
        note_size = min(NOTE_SIZE, (self.width - 10.0) / longest)
        for i, line in enumerate(self.note):
            canvas.text(line, (self.width / 2, 25.0 + i * 1.3 * note_size), size=note_size)
        self._draw_regions(canvas, seen)
        tiles = canvas.group(stroke_linejoin="round")
        shown = [h for h in landscape_hexes() if seen(h)]
        down = frozenset() if self.night is None else self.night.face_down
        hidden = None if self.night is None else self.night.hidden
        for h in shown:
            corners = self.layout.corners(h)
            if h in down:  # NIGHT FLIGHT: its face is not shown (but on the referee's sheet)
                draw_face_down(tiles, corners, self.layout.center(h), u,
                               None if hidden is None else hidden.get(h), hex_id(h))
            elif h in land.biomes:
                tiles.polygon(corners, fill=BIOME_FILL[land.biomes[h]], stroke="#333333",
                              width=0.3 * u, element_id=hex_id(h))
            else:  # a map missing a tile: its place stays blank
                tiles.path(path_data(corners, closed=True), fill=WHITE, stroke=GREY,
                           width=0.3 * u, dash=(1.5 * u, 1.0 * u))
        for h in shown:
            if h in land.biomes and h in land.halves and h not in down:
                draw_half(tiles.group(element_id=f"half-{h.q}-{h.r}"), self.layout.corners(h),
                          self.layout.center(h), land.halves[h], u)
        for h in shown:
            if h in land.biomes and h not in down:
                tiles.use(biome_symbol(canvas, land.biomes[h], self.hex_mm), self.layout.center(h))
        outline = " ".join(path_data([self.layout.corners(h)[i] for h, i in ring], closed=True)
                           for ring in outline_rings(landscape_set()))
        canvas.path(outline, stroke=BLACK, width=1.0 * u, round_joins=True)
        for h in sorted(land.clouds):
            if land.clouds[h] and seen(h):
                kind = cloud_kind(land.clouds[h])
                cx, cy = self.layout.center(h)
                draw_cloud(canvas.group(element_id=cloud_id(kind, h)), land.clouds[h],
                           (cx, cy - 4.6 * u), u)
        if self.position is not None:
            for h, parcels in sorted(self.position.runways.items()):
                if seen(h):
                    draw_runway(canvas.group(element_id=f"runway-{h.q}-{h.r}"),
                                self.layout.center(h), u, parcels)
            chute = self.position.chute
            if chute is not None and seen(chute[0]):
                cx, cy = self.layout.center(chute[0])
                draw_parachute(canvas.group(element_id="parachute"), (cx, cy + 3.0 * u), u,
                               chute[1])
            for c in self.position.companies:
                if c.covered is not None and seen(c.covered):
                    draw_covered(canvas.group(element_id=f"dial-{c.colour}"),
                                 self.layout.center(c.covered), u, c.style)
        if self.night is not None:
            draw_night(canvas, self.night, self.layout.center, u)
        if self.position is not None and self.pieces:
            draw_aircrafts(canvas.group(element_id="aircraft"), self.position,
                           self.layout.center, u, seen)
        if self.coords:
            labels = canvas.group(fill="#222222")
            for h in [*shown, *(c for c in city_region() if seen(c))]:
                cx, cy = self.layout.center(h)
                labels.text(f"{h.q},{h.r}", (cx, cy - 12.6 * u), size=2.3 * u)
        if self.position is not None and self.panel is not None:
            TurbulencesPanel(self.position).draw(canvas, (self.panel.x, self.panel.y))
        self._draw_legend(canvas)

    def _draw_regions(self, canvas: Canvas, seen: Callable[[Hex], bool]) -> None:
        """The Region boards: a shaded band of three city hexes each, its label outside,
        and the cities with their markers and numbers."""
        u = self.u
        ox, oy = self.layout.center(Hex(0, 0))
        airports = {} if self.position is None else {a.hex: a for a in self.position.airports}
        for k, cities in enumerate(region_cities()):
            ring = outline_rings(set(cities))[0]
            canvas.path(path_data([self.layout.corners(h)[i] for h, i in ring], closed=True),
                        fill=REGION_SHADES[k % 2], stroke=GREY, width=0.6 * u, round_joins=True)
            inner = " ".join(path_data(self.layout.corners(h), closed=True) for h in cities)
            canvas.path(inner, stroke=GREY, width=0.25 * u, dash=(1.2 * u, 0.9 * u))
            mx, my = self.layout.center(cities[1])
            length = math.hypot(mx - ox, my - oy)
            reach = length + self.hex_mm / 2 + 5.0 * u
            at = (ox + (mx - ox) / length * reach, oy + (my - oy) / length * reach)
            angle = upright_angle(self.layout.center(cities[0]), self.layout.center(cities[2]))
            canvas.text(f"Region {k + 1}", (at[0], at[1] + 1.6 * u), size=4.6 * u, bold=True,
                        rotate=angle)
            for c, h in enumerate(cities):
                if not seen(h):
                    continue
                cx, cy = self.layout.center(h)
                if self.position is not None:
                    self._draw_city(canvas, h, airports.get(h))
                    continue
                draw_city(canvas, (cx, cy - 2.0 * u), u, airport=c == 1)
                caption(canvas, f"R{k + 1} C{c + 1}", (cx, cy + 7.4 * u), 3.4 * u)
                if c == 1:
                    caption(canvas, "airport site", (cx, cy + 11.2 * u), 2.4 * u)

    def _draw_city(self, canvas: Canvas, h: Hex, airport: AirportView | None) -> None:
        """A city of a position's board: an airport (group ``airport_q_r``) with its ring in
        its company's colour, initial and outline, or grey for a neutral region's."""
        assert self.position is not None
        u = self.u
        region, city = city_region()[h]
        cx, cy = self.layout.center(h)
        at = (cx, cy - 2.0 * u)
        if airport is None:
            draw_city(canvas, at, u, airport=False)
            caption(canvas, f"R{region} C{city}", (cx, cy + 7.4 * u), 3.4 * u)
            return
        g = canvas.group(element_id=f"airport_{h.q}_{h.r}")
        owner = None if airport.company is None else self.position.companies[airport.company]
        draw_airport(g, at, u, None if owner is None else owner.style)
        draw_city(g, at, u, airport=False)
        draw_plane(g, at, u)
        if owner is not None:
            draw_pawn_disc(g, owner.style, (cx - 7.6 * u, cy - 8.4 * u), 3.2 * u, 0.6 * u)
        caption(g, f"R{region} C{city}", (cx, cy + 7.4 * u), 3.4 * u)
        label = "neutral airport" if owner is None else f"{owner.colour} airport"
        caption(g, label, (cx, cy + 11.2 * u), 2.4 * u)

    def _draw_legend(self, canvas: Canvas) -> None:
        items = legend_items(self.coords, self.position is not None, self.night is not None,
                             self.position is not None and self.position.powers)
        self.draw_legend(canvas, items, _legend_icon, icon_x=8.0, label_x=18.0)


def _legend_icon(g: Canvas, item: LegendItem, icon: Point) -> None:
    s = LEGEND_SCALE
    if item.icon in {b.value for b in Biome}:
        biome = Biome(item.icon)
        hex_swatch(g, icon, BIOME_FILL[biome], LEGEND_SWATCH,
                   biome_symbol(g, biome, LEGEND_SWATCH))
    elif item.icon in ("cumulus", "storm", "tempest"):
        stack = legend_stack(item.icon)
        draw_cloud(g, stack, (icon[0] - 0.8, icon[1] - 1.0), s * 0.85,
                   ids=item.icon == "tempest")
    elif item.icon == "parachute":
        draw_parachute(g, (icon[0], icon[1] - 3.0), s, 1)
    elif item.icon == "asteroid":
        draw_asteroid(g, icon, 3.0, s)
    elif item.icon in ("city", "airport"):
        draw_city(g, (icon[0], icon[1] + (1.2 if item.icon == "airport" else 0.0)),
                  s * (0.8 if item.icon == "airport" else 1.0),
                  airport=item.icon == "airport")
    elif item.icon in ("aircraft", "company-airport", "neutral-airport"):
        draw_legend_piece(g, item.icon, icon, s)
    elif item.icon == "face-down":
        hex_swatch(g, icon, NIGHT_FILL, LEGEND_SWATCH, None)
    elif item.icon == "night-token":
        draw_night_token(g, icon, s)
    elif item.icon == "region":
        g.rect(Rect(icon[0] - 7.0, icon[1] - 4.0, 14.0, 8.0), fill=REGION_SHADES[0],
               stroke=GREY, width=0.4)
        g.text("1-6", (icon[0], icon[1] + 1.1), size=2.8, bold=True)
    else:
        g.text("q,r", (icon[0], icon[1] + 1.0), size=2.6)


def legend_stack(kind: str) -> Stack:
    """A sample stack for the legend's cloud icons."""
    if kind == "cumulus":
        return (CloudToken(1, CloudSide.CUMULUS),)
    if kind == "storm":
        return (CloudToken(2, CloudSide.STORM),)
    return (CloudToken(3, CloudSide.STORM), CloudToken(4, CloudSide.STORM))


def draw_legend_piece(canvas: Canvas, piece: str, at: Point, u: float) -> None:
    """The legend's icon of ``aircraft``, ``company-airport`` or ``neutral-airport``."""
    style = PawnStyle(VERMILLION, BLACK, "R", "solid")
    if piece == "aircraft":
        sample = CompanyView("red", None, style, AircraftType.BIPLANE, 1, 2, Hex(0, 0),
                             Hex(0, 0), True, 1, 0)
        draw_aircraft(canvas, sample, (at[0] - 0.8, at[1] + 0.6), AIRCRAFT_RADIUS * u, u)
    else:
        s = u * 0.8
        draw_airport(canvas, at, s, style if piece == "company-airport" else None)
        draw_city(canvas, at, s, airport=False)


def landscape_picture(land: Landscape, *, title: str, hex_mm: float = HEX_MM_DEFAULT,
                      coords: bool = False, subtitle: str | None = None,
                      position: TurbulencesPosition | None = None, pieces: bool = True,
                      night: NightPicture | None = None) -> LandscapePicture:
    """Lay out ``land`` at ``hex_mm`` (flat to flat): title block, the landscape with its
    Region boards and their labels, the state panel of a ``position`` to its right (whose
    clouds replace the map's), legend. Without ``pieces``, a position gives its airports
    only: no clouds, aircraft nor panel. ``ValueError`` for a hex size outside the
    supported range, or tiles or clouds off the landscape (``skyhex map check`` says
    more). ``night``: a NIGHT FLIGHT board, its face-down tiles and token (``night.py``)."""
    check_hex_mm(hex_mm)
    if position is not None:
        land = replace(land, clouds=position.clouds if pieces else {})
    inside = landscape_set()
    off = sorted({*land.biomes, *land.clouds} - inside)
    if off:
        listed = ", ".join(f"({h.q},{h.r})" for h in off[:3]) + (" ..." if len(off) > 3 else "")
        raise ValueError(f"tiles or clouds off the landscape (the 37 hexes within 3 steps of "
                         f"(0,0)): {listed}; run skyhex map check")
    u = hex_mm / DESIGN_HEX_MM
    board = [*landscape_hexes(), *city_region()]
    band = 12.0 * u  # the region labels
    if subtitle is None:
        subtitle = describe(land, hex_mm)
    note: tuple[str, ...] = AIRPORT_NOTE if position is None else POSITION_NOTE
    if night is not None:
        note = night.note
    note_width = max(text_width(line, NOTE_SIZE) for line in note)
    panel_size = None
    if position is not None and pieces:
        panel_size = TurbulencesPanel(position).size
    sheet = plan_sheet(board, hex_mm=hex_mm, title=title, subtitle=subtitle, band=band,
                       reach=band, legend=legend_items(coords, position is not None,
                                                       night is not None,
                                                       position is not None and position.powers),
                       panel_size=panel_size, title_block=TITLE_BLOCK, note_width=note_width)
    return LandscapePicture(land, sheet, coords, position, pieces, night)


def describe(land: Landscape, hex_mm: float) -> str:
    """The subtitle: game, difficulty, seed, what the board holds and the printed hex size."""
    parts = ["Turbulences",
             f"{land.difficulty.value} difficulty" if land.difficulty is not None
             else "NIGHT FLIGHT, face down" if land.night is not None
             else "difficulty not given"]
    parts.append(f"seed {land.seed}" if land.seed is not None else "no seed")
    parts.append(f"{len(land.biomes)} tiles, 18 cities, "
                 f"{sum(len(s) for s in land.clouds.values())} cloud tokens")
    parts.append(f"hexes {fmt(hex_mm)} mm flat to flat")
    return " · ".join(parts)


def scenario_subtitle(scenario: Scenario, hex_mm: float) -> str:
    """The subtitle of a scenario's board: game, mode, companies, seed, landscape."""
    land = scenario.landscape
    n = len(scenario.companies)
    parts = ["Turbulences", f"{scenario.mode} mode", f"{n} compan{'y' if n == 1 else 'ies'}",
             f"seed {scenario.seed}",
             f"{land.difficulty.value} landscape" if land.difficulty is not None
             else "night landscape, face down" if scenario.night is not None
             else "custom landscape",
             f"hexes {fmt(hex_mm)} mm flat to flat"]
    return " · ".join(parts)
