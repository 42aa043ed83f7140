"""Game positions on a printed board: pawns, cloud rings, and the state beside the board.

``position_view`` reads what a printed position shows from the engine's ``Game`` and
``State`` into a ``PositionView``, a plain value, so that the drawing code depends on the
engine in this one function. ``draw_pieces`` puts pawns, walks back and cloud rings on the
board's hexes (sizes in design units, scaled with the hex, see ``render.sheet``);
``StatePanel`` is the box beside the board, in millimetres: the time, whose turn it is, the
wind, the sun and the temperature, then a small table per pilot (antennas, GPS markers,
score).

Pawns read without colour too: each carries its colour's initial and an outline of its own
(yellow solid, blue dashed, red dotted, green double), so a black and white print tells them
apart; the panel shows each player's pawn beside the name.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass

from skyhex.render.drawing import Canvas, Point, Rect, path_data
from skyhex.render.paragliders.marks import ANTENNA_FILL
from skyhex.render.paragliders.tracks import signed
from skyhex.render.sheet import (
    BLACK,
    CARD_WIDTH,
    DESIGN_HEX_MM,
    GREY,
    ORANGE,
    PANEL_WIDTH,
    WHITE,
    PanelFrame,
    caption,
    direction_vector,
    draw_dial,
    draw_disc_outline,
    draw_wind_arrow,
    fitted,
    text_width,
)
from skyhex.rules.hexgrid import Direction, Hex, Layout
from skyhex.rules.paragliders.clock import format_clock
from skyhex.rules.paragliders.components import SunExposure
from skyhex.rules.paragliders.features import Antenna
from skyhex.rules.paragliders.scenario import Colour, PilotStatus
from skyhex.rules.paragliders.state import Game, Phase, State

PAWN_RADIUS = 6.2  # u: a pawn alone on its hex
CLOUD_RADIUS = 12.6  # u: the cloud ring around the hex centre
CLOUD_GREY = "#4D4D4D"


@dataclass(frozen=True)
class PawnStyle:
    """How a player's pawn is printed: a white disc (no terrain is white) ringed in the
    player's ``ring`` colour, a shade that no terrain fill uses, the ``letter`` in black,
    and the black outline pattern that tells players apart in black and white (``dash``
    in design units; ``double``: two thin rings; neither: solid). ``fill`` is the disc's
    fill."""

    ring: str
    letter: str
    dash: tuple[float, float] | None = None
    double: bool = False
    fill: str = WHITE
    ink: str = BLACK


PAWN_STYLES: dict[Colour, PawnStyle] = {
    Colour.YELLOW: PawnStyle("#C8A800", "Y"),
    Colour.BLUE: PawnStyle("#00507D", "B", dash=(1.9, 1.1)),
    Colour.RED: PawnStyle("#A83200", "R", dash=(0.01, 1.35)),
    Colour.GREEN: PawnStyle("#006046", "G", double=True),
}
"""Darker shades of the Okabe-Ito hues of the terrain: a red pawn on a mountain, a yellow
one on a field, a green one in a forest stay in sight by the white disc and the ring."""


@dataclass(frozen=True)
class PilotView:
    """One pilot as printed: where the pawn is and what the pilot has collected."""

    seat: int
    ident: str  # how files name the player (name, else colour)
    colour: Colour
    status: PilotStatus
    hex: Hex | None = None
    facing: Direction | None = None
    altitude: int = 0
    mountain: Hex | None = None  # the take-off a walking pilot reserved
    landed: str | None = None  # landing time, HH:MM
    crashed: bool = False
    antennas: frozenset[Antenna] = frozenset()
    gps: tuple[str, ...] = ()
    score: int = 0

    @property
    def name(self) -> str:
        """The player's name with the colour when the two differ: ``Bea (blue)``."""
        colour = self.colour.value
        return colour if self.ident == colour else f"{self.ident} ({colour})"

    @property
    def label(self) -> str:
        """The few words printed next to the pawn on the board."""
        if self.status is PilotStatus.FLYING:
            return f"alt {self.altitude}"
        if self.status is PilotStatus.WALKING:
            return "crashed, walking" if self.crashed else "walking"
        return f"{'crash-landed' if self.crashed else 'landed'} {self.landed or ''}".rstrip()

    @property
    def status_text(self) -> str:
        """The pilot's state in a sentence, for the panel."""
        if self.status is PilotStatus.FLYING:
            facing = self.facing.name if self.facing is not None else "-"
            return f"flying at {self.hex}, altitude {self.altitude}, facing {facing}"
        how = "crashed" if self.crashed else "landed"
        when = f" {self.landed}" if self.landed else ""
        if self.status is PilotStatus.WALKING:
            return f"{how}{when} at {self.hex}, walking back to {self.mountain}"
        if self.status is PilotStatus.LANDED:
            return f"{how}{when} at {self.hex}: done for the day"
        return "pawn in hand"


@dataclass(frozen=True)
class PositionView:
    """What a printed position shows; ``caption`` says where it comes from (``after 9 of 36
    entries of game.moves.yaml``)."""

    time: str
    caption: str
    turn: str  # whose turn it is, in words
    temperature: int
    sun: SunExposure
    wind_direction: Direction
    wind_strength: int
    clouds: tuple[tuple[int, Hex], ...]
    pilots: tuple[PilotView, ...]

    @property
    def pawns(self) -> tuple[PilotView, ...]:
        """The pilots with a pawn on the board (not in hand)."""
        return tuple(p for p in self.pilots
                     if p.status is not PilotStatus.IN_HAND and p.hex is not None)


def position_view(game: Game, state: State, caption: str) -> PositionView:
    """The printed view of ``state``."""
    colours = {p.seat: p.colour for p in game.players}
    pilots = tuple(
        PilotView(seat=p.seat, ident=p.ident, colour=colours[p.seat], status=p.status,
                  hex=p.hex, facing=p.facing, altitude=p.altitude, mountain=p.mountain,
                  landed=format_clock(p.landed_time) if p.landed_time is not None else None,
                  crashed=p.crashed, antennas=p.antennas, gps=tuple(sorted(p.gps)),
                  score=p.score)
        for p in state.pilots)
    actor = state.actor
    if actor is None:
        turn = "the day is over"
    elif state.phase is Phase.WIND_PUSH:
        turn = f"wind push round: {actor.ident} chooses"
    else:
        turn = f"to play: {actor.ident}"
    return PositionView(format_clock(state.time), caption, turn, state.temperature, state.sun,
                        state.wind_direction, state.wind_strength, state.clouds, pilots)


# --- on the board ---------------------------------------------------------------------------


def pawn_spots(count: int) -> tuple[tuple[Point, ...], float]:
    """Where ``count`` pawns sharing a hex stand (offsets from its centre, in seat order) and
    their radius, in design units."""
    if count <= 1:
        return ((0.0, 0.0),), PAWN_RADIUS
    if count == 2:
        return ((-6.6, 0.0), (6.6, 0.0)), 5.2
    return ((-6.4, -5.6), (6.4, -5.6), (-6.4, 5.6), (6.4, 5.6))[:count], 4.4


def draw_pawn(canvas: Canvas, style: PawnStyle, at: Point, r: float, u: float,
              facing: Direction | None = None, *, ground: bool = False) -> None:
    """A pawn of radius ``r`` mm centred on ``at``: a white halo (it stands out on every
    terrain), the fill, the player's outline and initial; an arrowhead just outside it
    towards ``facing``; a bar under it when it is on the ground."""
    x, y = at
    canvas.circle(at, r + 0.9 * u, fill=WHITE, stroke=None)
    if facing is not None:
        dx, dy = direction_vector(facing)
        tip = (x + dx * (r + 5.0 * u), y + dy * (r + 5.0 * u))
        base = (x + dx * (r + 0.2 * u), y + dy * (r + 0.2 * u))
        half = 3.2 * u
        canvas.path(path_data([tip, (base[0] - dy * half, base[1] + dx * half),
                               (base[0] + dy * half, base[1] - dx * half)], closed=True),
                    fill=BLACK, stroke=WHITE, width=0.4 * u, round_joins=True)
    canvas.circle(at, r, fill=style.fill, stroke=None)
    canvas.circle(at, r * 0.78, fill="none", stroke=style.ring, width=r * 0.3)
    draw_disc_outline(canvas, at, r, u, double=style.double, dash=style.dash)
    canvas.text(style.letter, (x, y + 0.33 * r), size=0.9 * r, bold=True, fill=style.ink)
    if ground:
        canvas.path(path_data([(x - r, y + r + 1.3 * u), (x + r, y + r + 1.3 * u)]),
                    stroke=BLACK, width=1.0 * u, round_joins=True)


def draw_cloud(canvas: Canvas, ring: int, at: Point, r: float, u: float) -> None:
    """A cloud ring of radius ``r`` mm around ``at`` with its number on a dark badge at its
    west side (spawn numbers are on white badges: the two never look alike)."""
    canvas.circle(at, r, stroke=CLOUD_GREY, width=1.5 * u)
    canvas.circle(at, r - 1.0 * u, stroke=WHITE, width=0.4 * u)
    badge = (at[0] - r, at[1])
    canvas.circle(badge, 2.7 * u, fill=CLOUD_GREY, stroke=WHITE, width=0.4 * u)
    canvas.text(str(ring), (badge[0], badge[1] + 1.1 * u), size=(3.2 if ring < 10 else 2.6) * u,
                bold=True, fill=WHITE)


def draw_reserved(canvas: Canvas, style: PawnStyle, at: Point, u: float) -> None:
    """The tag a walking pilot leaves on the take-off it reserved: a small pawn of the
    player and the word ``reserved``."""
    x, y = at
    width = text_width("reserved", 2.2 * u, bold=True) * 0.92
    canvas.rect(Rect(x - 3.2 * u, y - 2.8 * u, width + 7.2 * u, 5.6 * u), fill=WHITE,
                stroke=BLACK, width=0.3 * u, radius=1.2 * u)
    draw_pawn(canvas, style, (x, y), 2.3 * u, u)
    canvas.text("reserved", (x + 3.0 * u, y + 0.8 * u), size=2.2 * u, anchor="start",
                bold=True)


@dataclass(frozen=True)
class Placement:
    """One thing put on a position's board, in the order it is drawn: a ``cloud`` ring
    (``ring``), a walk back ``line`` from ``at`` to ``to``, the ``reserved`` tag of a
    walking ``pilot``, a ``pawn`` (``radius`` mm, ``facing``, on the ``ground``) or a
    ``caption`` (``text`` of ``size`` mm, baseline at ``at``)."""

    kind: str
    at: Point
    pilot: PilotView | None = None
    ring: int = 0
    to: Point = (0.0, 0.0)
    radius: float = 0.0
    facing: Direction | None = None
    ground: bool = False
    text: str = ""
    size: float = 0.0


def placements(view: PositionView, layout: Layout, hex_mm: float,
               shown: Collection[Hex] | None = None) -> list[Placement]:
    """Where the pieces of ``view`` go on the hexes of ``layout`` (with ``shown``, only
    those on these hexes): cloud rings, walks back, pawns (side by side when they share a
    hex), and their captions last, so that no pawn hides a caption. The printed board and
    the replay viewer both place pieces here."""
    u = hex_mm / DESIGN_HEX_MM

    def visible(h: Hex | None) -> bool:
        return h is not None and (shown is None or h in shown)

    out = [Placement("cloud", layout.center(h), ring=ring)
           for ring, h in view.clouds if visible(h)]
    walkers = [p for p in view.pawns if p.status is PilotStatus.WALKING and p.mountain]
    for i, p in enumerate(walkers):
        assert p.hex is not None and p.mountain is not None
        if visible(p.hex) or visible(p.mountain):
            out.append(Placement("line", layout.center(p.hex), p,
                                 to=layout.center(p.mountain)))
        if visible(p.mountain):
            sharing = [q for q in walkers[:i] if q.mountain == p.mountain]
            cx, cy = layout.center(p.mountain)
            out.append(Placement("reserved", (cx - 5.8 * u,
                                              cy + 11.0 * u - 6.4 * u * len(sharing)), p))
    by_hex: dict[Hex, list[PilotView]] = {}
    for p in view.pawns:
        assert p.hex is not None
        by_hex.setdefault(p.hex, []).append(p)
    labels: list[Placement] = []
    for h in sorted(by_hex):
        if not visible(h):
            continue
        cx, cy = layout.center(h)
        spots, radius = pawn_spots(len(by_hex[h]))
        scale = radius / PAWN_RADIUS
        for p, (ox, oy) in zip(by_hex[h], spots, strict=True):
            at = (cx + ox * u, cy + oy * u)
            ground = p.status is not PilotStatus.FLYING
            out.append(Placement("pawn", at, p, radius=radius * u,
                                 facing=None if ground else p.facing, ground=ground))
            size = 2.8 * u * max(scale, 0.8)
            below = ground or p.facing not in (Direction.SE, Direction.S, Direction.SW)
            dy = (radius + (5.4 if ground else 3.3)) * u if below else -(radius + 1.6) * u
            labels.append(Placement("caption", (at[0], at[1] + dy), p, text=p.label,
                                    size=size))
    return out + labels


def draw_pieces(canvas: Canvas, view: PositionView, layout: Layout, hex_mm: float,
                shown: Collection[Hex] | None = None) -> None:
    """Cloud rings, walks back and pawns (each pawn a group ``pawn-<colour>`` translated to
    where it stands) on the hexes of ``layout``; with ``shown``, only on those hexes."""
    u = hex_mm / DESIGN_HEX_MM
    clouds = canvas.group(element_id="clouds")
    for p in placements(view, layout, hex_mm, shown):
        if p.kind == "cloud":
            draw_cloud(clouds.group(element_id=f"cloud-{p.ring}"), p.ring, p.at,
                       CLOUD_RADIUS * u, u)
            continue
        assert p.pilot is not None
        style = PAWN_STYLES[p.pilot.colour]
        if p.kind == "line":
            canvas.line(p.at, p.to, stroke=BLACK, width=0.5 * u, dash=(2.0 * u, 1.5 * u))
        elif p.kind == "reserved":
            draw_reserved(canvas.group(translate=p.at,
                                       element_id=f"reserved-{p.pilot.colour.value}"),
                          style, (0.0, 0.0), u)
        elif p.kind == "pawn":
            g = canvas.group(translate=p.at, element_id=f"pawn-{p.pilot.colour.value}")
            draw_pawn(g, style, (0.0, 0.0), p.radius, u, p.facing, ground=p.ground)
        else:
            caption(canvas, p.text, p.at, p.size)


# --- beside the board -----------------------------------------------------------------------

PANEL = PanelFrame(state_height=76.0, card_height=29.0, cards_title="Pilots")
ROW = 5.2  # a row of a pilot's table


def _compass(canvas: Canvas, at: Point, direction: Direction, strength: int) -> None:
    """A wind rose: N at the top, an arrow the way the wind blows, one chevron on its shaft
    per strength point."""
    x, y = at
    draw_dial(canvas, at, 9.5)
    draw_wind_arrow(canvas, at, direction, tail=6.5, shaft=4.5, tip=7.5, head=3.6, half=2.6)
    dx, dy = direction_vector(direction)
    marks = []
    for k in range(strength):
        base = -4.8 + 2.2 * k
        a = (x + dx * (base - 1.3) - dy * 1.8, y + dy * (base - 1.3) + dx * 1.8)
        b = (x + dx * base, y + dy * base)
        c = (x + dx * (base - 1.3) + dy * 1.8, y + dy * (base - 1.3) - dx * 1.8)
        marks.append(path_data([a, b, c]))
    if marks:
        canvas.path(" ".join(marks), stroke=BLACK, width=0.5, round_joins=True)


def _sun(canvas: Canvas, at: Point, sun: SunExposure) -> None:
    x, y = at
    if sun is SunExposure.NONE:
        canvas.circle(at, 3.4, fill=WHITE, stroke=GREY, width=0.4)
        canvas.line((x - 4.6, y + 4.6), (x + 4.6, y - 4.6), stroke=GREY, width=0.6)
        return
    rays = []
    for i in range(8):
        a = math.radians(45 * i)
        rays.append(path_data([(x + 4.3 * math.cos(a), y + 4.3 * math.sin(a)),
                               (x + 6.3 * math.cos(a), y + 6.3 * math.sin(a))]))
    canvas.path(" ".join(rays), stroke=BLACK, width=0.5, round_joins=True)
    canvas.circle(at, 3.4, fill=ORANGE, stroke=BLACK, width=0.4)


@dataclass(frozen=True)
class StatePanel:
    """The box beside a position board: the state of the day, then one table per pilot."""

    view: PositionView

    @property
    def size(self) -> tuple[float, float]:
        return PANEL.size(len(self.view.pilots))

    def draw(self, canvas: Canvas, at: Point) -> None:
        x0, y0 = at
        v = self.view
        w = PANEL_WIDTH
        g = PANEL.draw_state_box(canvas, at, v.caption)
        g.text("time", (x0 + 4.0, y0 + 18.5), size=2.6, anchor="start", fill=GREY)
        g.text(v.time, (x0 + 4.0, y0 + 28.0), size=10.0, anchor="start", bold=True)
        fitted(g, v.turn, (x0 + 40.0, y0 + 22.0), 3.2, w - 44.0, bold=True)
        fitted(g, f"temperature {signed(v.temperature)}", (x0 + 40.0, y0 + 27.5), 3.2, w - 44.0)
        _compass(g, (x0 + 15.0, y0 + 46.0), v.wind_direction, v.wind_strength)
        g.text("wind", (x0 + 30.0, y0 + 41.0), size=3.6, anchor="start", bold=True)
        g.text(f"blows towards {v.wind_direction.name}", (x0 + 30.0, y0 + 46.5), size=3.2,
               anchor="start")
        strength = f"strength {v.wind_strength}" + (" (calm)" if v.wind_strength == 0 else "")
        g.text(strength, (x0 + 30.0, y0 + 52.0), size=3.2, anchor="start")
        _sun(g, (x0 + 15.0, y0 + 67.0), v.sun)
        g.text("sun", (x0 + 30.0, y0 + 65.0), size=3.6, anchor="start", bold=True)
        g.text("no sun" if v.sun is SunExposure.NONE else f"sun exposure {v.sun.value}",
               (x0 + 30.0, y0 + 70.5), size=3.2, anchor="start")

        for p, spot in zip(v.pilots, PANEL.draw_cards_box(g, at, len(v.pilots)), strict=True):
            self._card(g, p, spot)

    def _card(self, canvas: Canvas, p: PilotView, at: Point) -> None:
        """One pilot's table: pawn, name and state, then antennas, GPS markers and score."""
        x, y = at
        w = CARD_WIDTH
        PANEL.draw_card(canvas, at)
        draw_pawn(canvas, PAWN_STYLES[p.colour], (x + 6.0, y + 6.2), 4.2, 0.7)
        fitted(canvas, p.name, (x + 12.0, y + 5.4), 3.6, w - 14.0, bold=True)
        fitted(canvas, p.status_text, (x + 12.0, y + 10.2), 2.7, w - 14.0)
        rows = y + 13.0
        canvas.path(" ".join(path_data([(x, rows + i * ROW), (x + w, rows + i * ROW)])
                             for i in range(3)) + " "
                    + path_data([(x + 19.0, rows), (x + 19.0, rows + 3 * ROW)]),
                    stroke=GREY, width=0.2)
        for i, label in enumerate(("antennas", "GPS", "score")):
            canvas.text(label, (x + 2.0, rows + i * ROW + 3.7), size=2.8, anchor="start",
                        bold=True)
        base = rows + 3.7
        for k, antenna in enumerate(Antenna):
            ax = x + 22.5 + k * 19.5
            have = antenna in p.antennas
            canvas.circle((ax, base - 1.0), 1.6, fill=ANTENNA_FILL[antenna] if have else WHITE,
                          stroke=BLACK if have else GREY, width=0.3)
            canvas.text(antenna.value, (ax + 2.4, base), size=2.8, anchor="start", bold=have,
                        fill=BLACK if have else GREY)
        gps = ", ".join(g.replace("-", " ") for g in p.gps) or "none"
        fitted(canvas, gps, (x + 21.0, base + ROW), 2.8, w - 23.0,
               fill=BLACK if p.gps else GREY)
        canvas.text(f"{p.score} VP", (x + 21.0, base + 2 * ROW), size=2.8, anchor="start",
                    bold=True)


def draw_legend_piece(canvas: Canvas, piece: str, at: Point, u: float) -> None:
    """The legend's icon of a piece: ``pawn``, ``altitude``, ``ground``, ``reserved`` or
    ``cloud``."""
    style = PAWN_STYLES[Colour.YELLOW]
    x, y = at
    if piece == "pawn":
        draw_pawn(canvas, style, (x - 1.0, y + 0.6), PAWN_RADIUS * u, u, Direction.NE)
    elif piece == "altitude":
        caption(canvas, "alt 6", (x, y + 1.0), 2.8 * u)
    elif piece == "ground":
        draw_pawn(canvas, PAWN_STYLES[Colour.RED], (x, y - 1.2), PAWN_RADIUS * u, u, ground=True)
    elif piece == "reserved":
        canvas.rect(Rect(x - 4.6, y - 3.6, 9.2, 7.2), fill=WHITE, stroke=BLACK, width=0.25,
                    radius=1.0)
        draw_pawn(canvas, PAWN_STYLES[Colour.BLUE], (x, y), 2.6, u)
    elif piece == "cloud":
        draw_cloud(canvas, 3, (x + 0.6, y), 5.0, u)
