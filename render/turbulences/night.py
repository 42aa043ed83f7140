"""NIGHT FLIGHT on the Turbulences board (rulebook section 11): face-down tiles, the NIGHT
token and PARIS, and the referee's sheet.

A face-down tile is a night-blue hexagon with a crescent moon: it carries nothing of its
face, so a board printed for the table, a position or a seat's replay page tells the tiles
apart only once they are flipped. The referee's sheet (``skyhex board --referee``) also
prints each hidden face, as the biome's initial in a dashed white ring on the face-down
tile, under a title that says whose sheet it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from skyhex.render.drawing import Canvas, Point, Rect
from skyhex.render.sheet import WHITE, caption
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences.landscape import Biome

NIGHT_FILL = "#1B2A4A"
"""A face-down tile: night blue (dark in every print, distinct from every biome)."""
TOKEN_FILL = "#111111"
REFEREE_NOTE = ("REFEREE'S SHEET: the hidden faces of the face-down tiles are printed on them "
                "(P plain, S sea, D desert, M mountain).",
                "Not for the players' eyes: the table lays every tile face down.")
NIGHT_NOTE = ("NIGHT FLIGHT: the landscape is face down; tiles are flipped when an aircraft "
              "enters one without a cloud.",
              "The NIGHT token starts on PARIS and moves one city clockwise each turn; back on "
              "PARIS, the game ends.")


@dataclass(frozen=True)
class NightPicture:
    """What a board shows of a night: the tiles face down (and their hidden faces, on the
    referee's sheet), the city under the NIGHT token, PARIS."""

    face_down: frozenset[Hex]
    hidden: dict[Hex, Biome] | None = None  # the referee's sheet: the faces of face_down
    token: Hex | None = None
    paris: Hex | None = None

    @property
    def referee(self) -> bool:
        return self.hidden is not None

    @property
    def note(self) -> tuple[str, ...]:
        return REFEREE_NOTE if self.referee else NIGHT_NOTE


def _moon(c: Canvas, at: Point, r: float, fill: str, back: str) -> None:
    """A crescent: a disc with a disc of the background over its right part."""
    x, y = at
    c.circle((x, y), r, fill=fill, stroke=None)
    c.circle((x + 0.45 * r, y - 0.2 * r), 0.85 * r, fill=back, stroke=None)


def draw_face_down(c: Canvas, corners: list[Point], centre: Point, u: float,
                   hidden: Biome | None = None, element_id: str | None = None) -> None:
    """A face-down tile (its hexagon ``element_id``); on the referee's sheet, its
    ``hidden`` face's initial."""
    c.polygon(corners, fill=NIGHT_FILL, stroke="#333333", width=0.3 * u, element_id=element_id)
    x, y = centre
    _moon(c, (x - 3.0 * u, y - 4.5 * u), 2.6 * u, "#F2E9B0", NIGHT_FILL)
    if hidden is not None:
        r = 4.2 * u
        c.rect(Rect(x + 1.5 * u - r, y + 3.0 * u - r, 2 * r, 2 * r), stroke=WHITE,
               width=0.35 * u, radius=r, dash=(0.9 * u, 0.6 * u))
        c.text(hidden.value[0].upper(), (x + 1.5 * u, y + 4.4 * u), size=4.2 * u, bold=True,
               fill=WHITE)


def draw_night_token(c: Canvas, at: Point, u: float) -> None:
    """The NIGHT token: a black disc with a moon, on its city."""
    x, y = at
    c.circle((x, y), 4.4 * u, fill=TOKEN_FILL, stroke=WHITE, width=0.4 * u)
    _moon(c, (x - 0.6 * u, y), 2.6 * u, "#F2E9B0", TOKEN_FILL)


def draw_paris(c: Canvas, at: Point, u: float) -> None:
    caption(c, "PARIS", at, 2.8 * u)


def draw_night(c: Canvas, night: NightPicture, centre_of: Callable[[Hex], Point], u: float
               ) -> None:
    """The NIGHT token and PARIS over the board (``centre_of``: hex -> mm)."""
    if night.paris is not None:
        x, y = centre_of(night.paris)
        draw_paris(c.group(element_id="paris"), (x, y - 9.6 * u), u)
    if night.token is not None:
        x, y = centre_of(night.token)
        draw_night_token(c.group(element_id="night-token"), (x + 7.0 * u, y - 7.0 * u), u)
