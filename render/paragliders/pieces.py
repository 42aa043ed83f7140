"""The cut-out pieces of a Paragliders component set, at real size (``render/pieces.py`` lays
them out on pages):

- **map tiles** (tri-hex, 30 mm hexes): face a on the front, face b on the back. A tri-hex
  tile turned over on its vertical axis points the other way, so face b is drawn turned half
  a turn: turned the right way round on the table, it reads upright with its hexes where
  the set lists them (west, north-east, south-east). The Starting Tile has one face and
  shows the windsock's direction;
- **aerodrome tiles** (single hexes, both faces);
- **cloud rings**, hexagonal rings laid round a hex (the hole cut out), told apart by their
  dots, and **cloud tokens**, numbered like the spawn hexes (one face: they are drawn from
  the bag);
- **antenna tokens** (each antenna colour of the set's antenna tiles) and **GPS markers**
  (each landmark site of its tiles, the cloud ceiling and the balloon of the altitude track),
  one of each for each pilot;
- **weather tiles** (both faces), 24 x 26 mm: the size of a tile's space on the printed time
  and weather track (``render/paragliders/tracks.py``);
- **stunt rulers**: Cliff Surfer and Lone Hiker (the ``timed`` values, one per 20-minute
  step, 8 mm apart like the time track's steps) and Survivor (the ``survivor`` values, one
  per level above the mountaintop, 17 mm apart like the altitude track's levels), one of
  each in each player's colour;
- **skill cards** (63 x 88 mm, a common back);
- **solo GPS markers** (both sides: the three altitudes; the blank marker).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from skyhex.render.drawing import Canvas, Point, Rect, path_data
from skyhex.render.paragliders.marks import (
    ANTENNA_FILL,
    LANDMARK_NAMES,
    TERRAIN_FILL,
    Mark,
    draw_icon,
    draw_marks,
    marks_of,
    terrain_symbol,
)
from skyhex.render.paragliders.tracks import (
    AltitudeTrackBoard,
    WeatherTimeTrack,
    draw_weather_face,
)
from skyhex.render.pieces import (
    BLEED,
    Piece,
    PieceSet,
    bleed_polygon,
    bleed_rect,
    turned,
)
from skyhex.render.sheet import (
    BLACK,
    GREY,
    KNOWN_FILLS,
    LIGHT_GREY,
    SKY_BLUE,
    WHITE,
    draw_wind_arrow,
    fitted,
    hex_points,
    outline_rings,
    wrap,
)
from skyhex.rules.hexgrid import Hex, Layout
from skyhex.rules.paragliders.components import (
    ComponentSet,
    SoloMarker,
    Tile,
    TileFace,
    WeatherTile,
)
from skyhex.rules.paragliders.features import NO_FEATURES, Antenna, HexFeatures, TrackGps
from skyhex.rules.paragliders.terrain import Terrain

HEX_MM = 30.0
SIZE = HEX_MM / math.sqrt(3.0)  # centre to corner
TRI_HEX = (Hex(0, 0), Hex(1, -1), Hex(1, 0))  # west (the anchor), north-east, south-east
TRI_LAYOUT = Layout(SIZE, (SIZE, HEX_MM))  # the tile's cut box from (0, 0)
TRI_W, TRI_H = 3.5 * SIZE, 2 * HEX_MM
ONE_LAYOUT = Layout(SIZE, (SIZE, HEX_MM / 2))
ONE_W, ONE_H = 2 * SIZE, HEX_MM
CLOUD_TOKEN = 20.0
WEATHER_W = WeatherTimeTrack.STEP_W * 3  # an hour of the track
WEATHER_H = WeatherTimeTrack.TILE_H
RULER_H = 12.0
RULER_LABEL = 24.0
CARD_W, CARD_H = 63.0, 88.0
MARKER = 22.0
RING_OUTER = 52.0  # flat to flat: the ring covers the hexes around its centre hex
RING_HOLE = 28.0  # cut out: a pawn stands inside the ring
TOKEN = 18.0  # antenna tokens and GPS markers
TRACK_GPS_NAMES = {TrackGps.CEILING: "cloud ceiling", TrackGps.BALLOON: "balloon"}
PLAYERS = ("yellow", "blue", "red", "green")
"""The four pilots' colours of the box (the rulebook's examples): one set of stunt rulers
each."""
WEATHER_FILL = "#E3F1FA"
CLOUD_FILL = "#CFE6F6"
CARD_FILL = "#FFF6D6"
SKILL_TEXT = ("Discard this card during your turn to make a hard turn without losing "
              "altitude, or an acceleration losing only one altitude.")
SKILL_NOTE = "Single use. Solo cross mode: 1 VP at the end of the game for each unused card."


def _hexes_face(canvas: Canvas, layout: Layout, hexes: Sequence[Hex],
                specs: Sequence[tuple[Terrain, HexFeatures]], label: str) -> None:
    """Hexes of a tile: their bleed, terrain fills and symbols, marks, the cut outline and
    the tile's label at the top of its first hex."""
    for h, (terrain, _) in zip(hexes, specs, strict=True):
        bleed_polygon(canvas, hex_points(layout.center(h), HEX_MM), TERRAIN_FILL[terrain])
    for h, (terrain, _) in zip(hexes, specs, strict=True):
        canvas.polygon(layout.corners(h), fill=TERRAIN_FILL[terrain], stroke="#333333",
                       width=0.3)
    for h, (terrain, _) in zip(hexes, specs, strict=True):
        name = terrain_symbol(canvas, terrain, HEX_MM)
        if name is not None:
            canvas.use(name, layout.center(h))
    for h, (terrain, features) in zip(hexes, specs, strict=True):
        draw_marks(canvas, layout.center(h), marks_of(features, terrain), HEX_MM)
    outline = " ".join(path_data([layout.corners(h)[i] for h, i in ring], closed=True)
                       for ring in outline_rings(set(hexes)))
    canvas.path(outline, stroke=BLACK, width=0.5, round_joins=True)
    cx, cy = layout.center(hexes[0])
    fitted(canvas, label, (cx, cy - 11.4), 2.2, 17.0, bold=True, anchor="middle")


def _tile_face(canvas: Canvas, tile: Tile, face: str, specs: TileFace) -> None:
    _hexes_face(canvas, TRI_LAYOUT, TRI_HEX, [(s.terrain, s.features) for s in specs],
                f"{tile.id} {face}")
    if tile.windsock is not None:
        x, y = TRI_LAYOUT.center(TRI_HEX[0])
        at = (x, y + 10.4)
        draw_wind_arrow(canvas, at, tile.windsock, tail=5.0, shaft=2.0, tip=5.0, head=2.2,
                        half=1.7)


def map_tile(tile: Tile) -> Piece:
    names = sorted(tile.faces)
    first = names[0]

    def front(c: Canvas) -> None:
        _tile_face(c, tile, first, tile.faces[first])

    back = None
    if len(names) > 1:
        second = names[1]

        def back(c: Canvas) -> None:
            _tile_face(turned(c, TRI_W, TRI_H), tile, second, tile.faces[second])

    return Piece("map tile", tile.id, TRI_W, TRI_H, front, back)


def _single_hex(canvas: Canvas, terrain: Terrain, label: str) -> None:
    _hexes_face(canvas, ONE_LAYOUT, (Hex(0, 0),), [(terrain, NO_FEATURES)], label)


def aerodrome_tile(ident: str, faces: dict[str, Terrain]) -> Piece:
    names = sorted(faces)

    def front(c: Canvas) -> None:
        _single_hex(c, faces[names[0]], f"{ident} {names[0]}")

    def back(c: Canvas) -> None:
        _single_hex(c, faces[names[1]], f"{ident} {names[1]}")

    return Piece("aerodrome tile", ident, ONE_W, ONE_H, front,
                 back if len(names) > 1 else None)


def cloud_token(number: int) -> Piece:
    def front(c: Canvas) -> None:
        mid = CLOUD_TOKEN / 2
        bleed_rect(c, CLOUD_TOKEN, CLOUD_TOKEN, CLOUD_FILL)
        c.circle((mid, mid - 1.0), 6.6, fill=WHITE, stroke=BLACK, width=0.4)
        c.text(str(number), (mid, mid + 1.9), size=7.5 if number < 10 else 6.2, bold=True)
        c.text("cloud", (mid, CLOUD_TOKEN - 1.6), size=2.2, fill=GREY)

    return Piece("cloud token", str(number), CLOUD_TOKEN, CLOUD_TOKEN, front)


def cloud_ring(number: int) -> Piece:
    """A cloud ring: a hexagonal ring laid round a hex, its hole cut out, told apart by its
    ``number`` of dots."""
    width = RING_OUTER * 2 / math.sqrt(3.0)
    centre = (width / 2, RING_OUTER / 2)

    def front(c: Canvas) -> None:
        bleed_polygon(c, hex_points(centre, RING_OUTER), CLOUD_FILL)
        c.path(path_data(hex_points(centre, RING_OUTER), closed=True), stroke=BLACK, width=0.4)
        c.path(path_data(hex_points(centre, RING_HOLE - 2 * BLEED), closed=True), fill=WHITE,
               stroke=None)
        c.path(path_data(hex_points(centre, RING_HOLE), closed=True), stroke=BLACK,
               width=0.4, dash=(1.5, 1.0))
        band = (RING_OUTER + RING_HOLE) / 4  # the middle of the ring, from its centre
        for k in range(number):
            angle = math.radians(-90 + (k - (number - 1) / 2) * 16)
            c.circle((centre[0] + band * math.cos(angle), centre[1] + band * math.sin(angle)),
                     1.5, fill=BLACK, stroke=None)
        c.text(f"cloud {number}", (centre[0], centre[1] + band + 1.0), size=2.6, bold=True)
        c.text("cut out", (centre[0], centre[1] + 1.0), size=2.2, fill=GREY)

    return Piece("cloud ring", str(number), width, RING_OUTER, front)


def antenna_token(antenna: Antenna, pilot: str) -> Piece:
    def front(c: Canvas) -> None:
        bleed_rect(c, TOKEN, TOKEN, ANTENNA_FILL[antenna])
        draw_icon(c, Mark("antenna", "", antenna=antenna), (TOKEN / 2, TOKEN / 2 - 1.5), 1.2)
        c.text(f"{antenna.value} antenna", (TOKEN / 2, TOKEN - 1.6), size=2.0, bold=True,
               fill=KNOWN_FILLS[antenna.value][1])

    return Piece("antenna token", f"{antenna.value} {pilot}", TOKEN, TOKEN, front)


def gps_marker(site: str, pilot: str) -> Piece:
    def front(c: Canvas) -> None:
        bleed_rect(c, TOKEN, TOKEN, LIGHT_GREY)
        draw_icon(c, Mark("gps", ""), (TOKEN / 2, TOKEN / 2 - 1.5), 1.0)
        fitted(c, site, (TOKEN / 2, TOKEN - 1.6), 2.2, TOKEN - 2.0, bold=True,
               anchor="middle")

    return Piece("GPS marker", f"{site} {pilot}", TOKEN, TOKEN, front)


def weather_tile(tile: WeatherTile) -> Piece:
    names = sorted(tile.faces)

    def face(c: Canvas, name: str) -> None:
        bleed_rect(c, WEATHER_W, WEATHER_H, WEATHER_FILL)
        draw_weather_face(c, Rect(0, 0, WEATHER_W, WEATHER_H), f"{tile.id} {name}",
                          tile.faces[name])

    def front(c: Canvas) -> None:
        face(c, names[0])

    def back(c: Canvas) -> None:
        face(c, names[1])

    return Piece("weather tile", tile.id, WEATHER_W, WEATHER_H, front,
                 back if len(names) > 1 else None)


def stunt_ruler(stunt: str, colour: str, values: Sequence[int], step: float, unit: str
                ) -> Piece:
    """A ruler: the stunt's name in the player's colour, then a cell of ``step`` mm per
    value (the track's spacing it is laid along)."""
    fill, ink = KNOWN_FILLS[colour]
    width = RULER_LABEL + step * len(values)

    def front(c: Canvas) -> None:
        bleed_rect(c, width, RULER_H, fill)
        fitted(c, stunt, (1.5, 5.0), 3.0, RULER_LABEL - 2.5, bold=True, fill=ink)
        fitted(c, unit, (1.5, 9.4), 2.2, RULER_LABEL - 2.5, fill=ink)
        for k, value in enumerate(values):
            box = Rect(RULER_LABEL + k * step, 1.5, step, RULER_H - 3.0)
            c.rect(box, fill=WHITE, stroke=BLACK, width=0.25)
            c.text(str(value), (box.x + step / 2, box.y + box.height / 2 + 1.4), size=3.8,
                   bold=True)

    return Piece("stunt ruler", f"{stunt} {colour}", width, RULER_H, front)


def _card_frame(c: Canvas, fill: str) -> None:
    bleed_rect(c, CARD_W, CARD_H, fill)
    c.rect(Rect(3.0, 3.0, CARD_W - 6.0, CARD_H - 6.0), fill=WHITE, stroke=BLACK, width=0.4,
           radius=2.0)


def skill_card(number: int) -> Piece:
    def front(c: Canvas) -> None:
        _card_frame(c, CARD_FILL)
        c.text("Skill Move", (CARD_W / 2, 14.0), size=6.0, bold=True)
        c.text(f"skill card {number}", (CARD_W / 2, 19.5), size=2.6, fill=GREY)
        y = 32.0
        for line in wrap(SKILL_TEXT, 3.4, CARD_W - 14.0):
            c.text(line, (7.0, y), size=3.4, anchor="start")
            y += 4.6
        y += 4.0
        for line in wrap(SKILL_NOTE, 2.7, CARD_W - 14.0):
            c.text(line, (7.0, y), size=2.7, anchor="start", fill=GREY)
            y += 3.7

    def back(c: Canvas) -> None:
        bleed_rect(c, CARD_W, CARD_H, SKY_BLUE)
        c.rect(Rect(5.0, 5.0, CARD_W - 10.0, CARD_H - 10.0), stroke=WHITE, width=0.8,
               radius=2.0)
        c.text("Paragliders", (CARD_W / 2, CARD_H / 2 - 2.0), size=6.0, bold=True, fill=WHITE)
        c.text("Skill Move", (CARD_W / 2, CARD_H / 2 + 6.0), size=4.5, fill=WHITE)

    return Piece("skill card", str(number), CARD_W, CARD_H, front, back)


def _marker_side(c: Canvas, marker: SoloMarker, side: str | None) -> None:
    mid = MARKER / 2
    bleed_rect(c, MARKER, MARKER, LIGHT_GREY)
    diamond: list[Point] = [(mid, 2.0), (MARKER - 2.0, mid), (mid, MARKER - 2.0), (2.0, mid)]
    c.path(path_data(diamond, closed=True), fill=WHITE, stroke=BLACK, width=0.4)
    c.text("GPS", (mid, mid - 2.4), size=2.6, bold=True)
    if side is None:
        c.text("any", (mid, mid + 2.6), size=2.8)
        c.text("altitude", (mid, mid + 5.2), size=2.0, fill=GREY)
        return
    low, middle, high = marker.sides[side]
    c.text(str(low), (mid - 4.6, mid + 3.0), size=2.8)
    c.text(str(middle), (mid, mid + 3.2), size=3.6, bold=True)
    c.text(str(high), (mid + 4.6, mid + 3.0), size=2.8)
    c.text(f"{marker.id}{side}", (mid, mid + 6.4), size=1.9, fill=GREY)


def solo_marker(marker: SoloMarker) -> Piece:
    names = sorted(marker.sides)

    def front(c: Canvas) -> None:
        _marker_side(c, marker, names[0] if names else None)

    def back(c: Canvas) -> None:
        _marker_side(c, marker, names[1] if len(names) > 1 else None)

    return Piece("solo GPS marker", marker.id, MARKER, MARKER, front, back)


def component_pieces(cs: ComponentSet) -> PieceSet:
    """Every piece of the set ``cs`` to cut out, kind by kind."""
    pieces: list[Piece] = [map_tile(t) for t in cs.tiles]
    pieces += [aerodrome_tile(a.id, dict(a.faces)) for a in cs.aerodrome_tiles]
    pieces += [cloud_ring(n) for n in range(1, cs.clouds.rings + 1)]
    pieces += [cloud_token(n) for n in range(1, cs.clouds.tokens + 1)]
    antennas = sorted({s.features.antenna for t in cs.antenna_tiles for f in t.faces.values()
                       for s in f if s.features.antenna is not None})
    sites = sorted({s.features.gps for t in cs.tiles for f in t.faces.values() for s in f
                    if s.features.gps is not None})
    for pilot in PLAYERS:
        pieces += [antenna_token(a, pilot) for a in antennas]
        pieces += [gps_marker(LANDMARK_NAMES[g], pilot) for g in sites]
        pieces += [gps_marker(name, pilot) for name in TRACK_GPS_NAMES.values()]
    pieces += [weather_tile(w) for w in cs.weather_tiles]
    time_step = WeatherTimeTrack.STEP_W
    level = AltitudeTrackBoard.CELL_W
    for colour in PLAYERS:
        pieces.append(stunt_ruler("Cliff Surfer", colour, cs.rulers.timed, time_step,
                                  "VP by 20 min"))
        pieces.append(stunt_ruler("Lone Hiker", colour, cs.rulers.timed, time_step,
                                  "VP by 20 min"))
        pieces.append(stunt_ruler("Survivor", colour, cs.rulers.survivor, level,
                                  "VP by level"))
    pieces += [skill_card(n) for n in range(1, cs.skill_cards.total + 1)]
    pieces += [solo_marker(m) for m in cs.solo_markers]
    return PieceSet("Paragliders", cs.title, tuple(pieces))

