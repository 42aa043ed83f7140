"""The cut-out pieces of the Turbulences box, at real size (``render/pieces.py`` lays them out
on pages). skyhex has no Turbulences component file: the box is what the rules modules hold
(rulebook section 1), and every count comes from there:

- **landscape tiles** (30 mm hexes, the board's hex size): ``BOX_TILES`` of each biome;
- **half-tiles**: ``BOX_HALVES`` of each biome, half a hex cut corner to corner;
- **runways** (Emergency Runway module): ``BOX_RUNWAYS`` of each biome, a hex of the biome
  with its runway;
- **airport tiles**: one per region (``REGIONS``), the city marker with its ring;
- **cloud tokens**: ``CLOUD_TOKENS``, CUMULUS (white) on the front, STORM (black) on the
  back, numbered as logs number them;
- **parcel tokens**: for each of the six company colours, one per weight of
  ``PARCEL_WEIGHTS``: the colour on the front, the weight on the back (kept secret);
- **BOOST tokens**: one per company, ready on the front, used on the back;
- **Jerrycan tokens** (EXPERT mode): the standard mix ``JERRYCANS``, the FUEL on the front,
  the plain back that is placed face down.

The Region boards are part of ``skyhex board`` (they frame the landscape); the kit pieces
(Mountain pawns, aircraft, Wind Rose, ALTITUDE dials, FUEL tanks) are not cut from paper.
"""

from __future__ import annotations

import math

from skyhex.render.drawing import Canvas, Point, path_data
from skyhex.render.pieces import Piece, PieceSet, bleed_polygon, bleed_rect
from skyhex.render.sheet import (
    BLACK,
    GREY,
    KNOWN_FILLS,
    LIGHT_GREY,
    WHITE,
    fitted,
    hex_points,
)
from skyhex.render.turbulences.board import BIOME_FILL, biome_symbol, draw_city, draw_cloud
from skyhex.render.turbulences.position import draw_runway
from skyhex.rules.turbulences.landscape import (
    BOX_HALVES,
    BOX_TILES,
    CLOUD_TOKENS,
    REGIONS,
    Biome,
    CloudSide,
    CloudToken,
)
from skyhex.rules.turbulences.runways import BOX_RUNWAYS
from skyhex.rules.turbulences.state import PARCEL_WEIGHTS
from skyhex.rules.turbulences.tank import JERRYCANS

HEX_MM = 30.0
SIZE = HEX_MM / math.sqrt(3.0)
HEX_W, HEX_H = 2 * SIZE, HEX_MM
CENTRE: Point = (SIZE, HEX_MM / 2)
TOKEN = 22.0  # cloud, BOOST and Jerrycan tokens: they stand on a 30 mm hex
PARCEL = 16.0
COMPANIES = ("red", "blue", "green", "yellow", "purple", "orange")
"""The six company colours of the box (one per region): the rulebook names none, these are
the colours skyhex draws companies in."""
STORM_FILL = "#333333"
CUMULUS_FILL = "#D7ECF8"
AIRPORT_FILL = "#D4D4D4"


def _hex_tile(c: Canvas, fill: str, label: str) -> list[Point]:
    corners = hex_points(CENTRE, HEX_MM)
    bleed_polygon(c, corners, fill)
    c.polygon(corners, fill=fill, stroke="#333333", width=0.3)
    c.path(path_data(corners, closed=True), stroke=BLACK, width=0.5, round_joins=True)
    fitted(c, label, (CENTRE[0], CENTRE[1] - 10.6), 2.4, 18.0, bold=True, anchor="middle")
    return corners


def landscape_tile(biome: Biome, n: int) -> Piece:
    def front(c: Canvas) -> None:
        _hex_tile(c, BIOME_FILL[biome], biome.value.upper())
        c.use(biome_symbol(c, biome, HEX_MM), CENTRE)

    return Piece("landscape tile", f"{biome.value}-{n}", HEX_W, HEX_H, front)


def half_tile(biome: Biome, n: int) -> Piece:
    """Half a hex: the part below the line through its east and west corners."""
    corners = hex_points((SIZE, 0.0), HEX_MM)[:4]  # east, south-east, south-west, west

    def front(c: Canvas) -> None:
        bleed_polygon(c, corners, BIOME_FILL[biome])
        c.polygon(corners, fill=BIOME_FILL[biome], stroke="#333333", width=0.3)
        c.path(path_data(corners, closed=True), stroke=BLACK, width=0.5, round_joins=True)
        c.text(biome.value.upper(), (SIZE, 6.0), size=2.6, bold=True)
        c.text("half-tile", (SIZE, 10.5), size=2.2)

    return Piece("half-tile", f"{biome.value}-half-{n}", HEX_W, HEX_H / 2, front)


def runway(biome: Biome, n: int) -> Piece:
    def front(c: Canvas) -> None:
        _hex_tile(c, BIOME_FILL[biome], f"{biome.value.upper()} runway")
        draw_runway(c, CENTRE, 1.0, 0)

    return Piece("runway", f"{biome.value}-runway-{n}", HEX_W, HEX_H, front)


def airport_tile(n: int) -> Piece:
    def front(c: Canvas) -> None:
        _hex_tile(c, AIRPORT_FILL, f"airport {n}")
        draw_city(c, (CENTRE[0], CENTRE[1] + 2.0), 1.0, airport=True)

    return Piece("airport tile", str(n), HEX_W, HEX_H, front)


def cloud_token(n: int) -> Piece:
    mid = (TOKEN / 2, TOKEN / 2)

    def front(c: Canvas) -> None:
        bleed_rect(c, TOKEN, TOKEN, CUMULUS_FILL)
        draw_cloud(c, (CloudToken(n, CloudSide.CUMULUS),), mid, 1.2)
        c.text("CUMULUS", (mid[0], TOKEN - 1.8), size=2.2, bold=True)

    def back(c: Canvas) -> None:
        bleed_rect(c, TOKEN, TOKEN, STORM_FILL)
        draw_cloud(c, (CloudToken(n, CloudSide.STORM),), (mid[0], mid[1] - 2.0), 1.2)
        c.text("STORM", (mid[0], TOKEN - 1.8), size=2.2, bold=True, fill=WHITE)

    return Piece("cloud token", str(n), TOKEN, TOKEN, front, back)


def parcel(colour: str, k: int, weight: int) -> Piece:
    fill, ink = KNOWN_FILLS[colour]
    mid = PARCEL / 2

    def front(c: Canvas) -> None:
        bleed_rect(c, PARCEL, PARCEL, fill)
        c.text("PARCEL", (mid, mid), size=2.6, bold=True, fill=ink)
        c.text(colour, (mid, mid + 3.6), size=2.4, fill=ink)

    def back(c: Canvas) -> None:
        bleed_rect(c, PARCEL, PARCEL, WHITE)
        c.text(f"{weight} kg", (mid, mid + 2.0), size=5.0, bold=True)
        c.text(colour, (mid, PARCEL - 1.6), size=2.0, fill=GREY)

    return Piece("parcel token", f"{colour}-{k}", PARCEL, PARCEL, front, back)


def boost(n: int) -> Piece:
    mid = TOKEN / 2

    def front(c: Canvas) -> None:
        bleed_rect(c, TOKEN, TOKEN, KNOWN_FILLS["orange"][0])
        c.text("BOOST", (mid, mid + 1.4), size=4.4, bold=True)
        c.text("ready", (mid, mid + 6.0), size=2.4)

    def back(c: Canvas) -> None:
        bleed_rect(c, TOKEN, TOKEN, LIGHT_GREY)
        c.text("BOOST", (mid, mid + 1.4), size=4.4, bold=True, fill=GREY)
        c.text("used", (mid, mid + 6.0), size=2.4, fill=GREY)

    return Piece("BOOST token", str(n), TOKEN, TOKEN, front, back)


def jerrycan(n: int, fuel: int) -> Piece:
    mid = TOKEN / 2

    def front(c: Canvas) -> None:
        bleed_rect(c, TOKEN, TOKEN, WHITE)
        c.text(f"+{fuel}" if fuel else "0", (mid, mid + 2.0), size=7.0, bold=True)
        c.text("FUEL", (mid, mid + 6.6), size=2.4)

    def back(c: Canvas) -> None:
        bleed_rect(c, TOKEN, TOKEN, KNOWN_FILLS["green"][0])
        c.text("JERRYCAN", (mid, mid + 1.2), size=3.2, bold=True)

    return Piece("Jerrycan token", str(n), TOKEN, TOKEN, front, back)


def component_pieces() -> PieceSet:
    """Every piece of the Turbulences box to cut out, kind by kind."""
    pieces: list[Piece] = [landscape_tile(b, n) for b in Biome
                           for n in range(1, BOX_TILES.get(b, 0) + 1)]
    pieces += [half_tile(b, n) for b in Biome for n in range(1, BOX_HALVES.get(b, 0) + 1)]
    pieces += [runway(b, n) for b in Biome for n in range(1, BOX_RUNWAYS.get(b, 0) + 1)]
    pieces += [airport_tile(n) for n in range(1, REGIONS + 1)]
    pieces += [cloud_token(n) for n in range(1, CLOUD_TOKENS + 1)]
    pieces += [parcel(colour, k + 1, w) for colour in COMPANIES
               for k, w in enumerate(PARCEL_WEIGHTS)]
    pieces += [boost(n) for n in range(1, len(COMPANIES) + 1)]
    pieces += [jerrycan(n + 1, fuel) for n, fuel in enumerate(JERRYCANS)]
    return PieceSet("Turbulences", "the box of the rulebook", tuple(pieces))
