"""Turbulences positions on a printed board: airports, aircraft, and the state beside the
board.

``turbulences_position`` reads what a printed position shows from the engine's ``Game`` and
``State`` into a ``TurbulencesPosition``, a plain value, so that the drawing code depends on
the engine in this one function. It is the referee's view, but a board prints counts of
parcels (carried, delivered, lost), never their weights.

Companies read without colour too: each has a fill (its colour when skyhex knows the name,
else one of a fixed palette), its colour's initial and an outline pattern of its own (by
company order: solid, dashed, dotted, double, dash-dot, long dashes), used for its aircraft,
its airport ring and its pawn in the side panel. An aircraft also carries its type letter
(``B`` biplane, ``S`` seaplane, ``Z`` zeppelin) and the number of parcels it carries.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from skyhex.render.drawing import Canvas, Point, Rect
from skyhex.render.sheet import (
    BLACK,
    CARD_WIDTH,
    GREY,
    LIGHT_GREY,
    ORANGE,
    PANEL_WIDTH,
    WHITE,
    PanelFrame,
    PawnStyle,
    draw_dial,
    draw_outline,
    draw_pawn_disc,
    draw_wind_arrow,
    fitted,
    pawn_styles,
    text_width,
)
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.turbulences.aircraft import AircraftType
from skyhex.rules.turbulences.landscape import Stack, city_region
from skyhex.rules.turbulences.state import Game, State
from skyhex.rules.turbulences.weather import wind_name

NEUTRAL_GREY = "#9A9A9A"
"""The ring of a neutral region's airport."""

TYPE_LETTER = {AircraftType.BIPLANE: "B", AircraftType.SEAPLANE: "S",
               AircraftType.ZEPPELIN: "Z", AircraftType.FAKIR: "F",
               AircraftType.BESIXDOUZE: "6", AircraftType.SAVOIA: "V"}
"""The letter on each aircraft type (the Legendary Aircraft: F the FAKIR, 6 the BESIXDOUZE,
V the SAVOIA S.21)."""
POWER_LABEL = {AircraftType.FAKIR: "CARPET", AircraftType.BESIXDOUZE: "ASTEROID",
               AircraftType.SAVOIA: "DODGE"}
"""A Legendary Aircraft's Power token, as its card names it."""
AIRCRAFT_RADIUS = 5.4  # u: an aircraft alone on its hex


@dataclass(frozen=True)
class CompanyView:
    """One company as a printed position shows it."""

    colour: str
    player: str | None
    style: PawnStyle
    aircraft: AircraftType
    region: int
    city: int
    airport: Hex
    hex: Hex | None  # None: destroyed
    boost: bool
    carried: int
    delivered: int
    expert: str | None = None  # EXPERT: its tank, dial and Jerrycan in words
    covered: Hex | None = None  # EXPERT: the city under its ALTITUDE dial
    grounded: bool = False  # on the ground on a runway
    parachute: bool = False  # section 10: the Parachute reserved in place of the BOOST
    asteroid: bool = False  # section 10: the BESIXDOUZE's ASTEROID is active

    @property
    def token(self) -> str:
        """The token in its BOOST ZONE: the BOOST, the Parachute or a Power."""
        if self.parachute:
            return "PARACHUTE"
        if self.asteroid:
            return "ASTEROID on"
        label = POWER_LABEL.get(self.aircraft, "BOOST")
        return f"{label} {'ready' if self.boost else 'used'}"

    @property
    def name(self) -> str:
        return self.colour if self.player is None else f"{self.colour} ({self.player})"

    @property
    def type_letter(self) -> str:
        return TYPE_LETTER[self.aircraft]


@dataclass(frozen=True)
class AirportView:
    """An airport: its hex, region and city, and the company whose it is (``None``:
    neutral region)."""

    hex: Hex
    region: int
    city: int
    company: int | None


@dataclass(frozen=True)
class TurbulencesPosition:
    """What a printed Turbulences position shows."""

    caption: str
    mode: str
    turn: int
    first: str
    actor: str | None
    phase: str
    wind: str | None  # the last weather phase's flick: "N" ... "NW" or "calm"
    clouds: Mapping[Hex, Stack]
    companies: tuple[CompanyView, ...]
    airports: tuple[AirportView, ...]
    waiting: int  # parcels in the shipping zones
    lost: int
    runways: Mapping[Hex, int] = field(default_factory=dict)  # runway -> parcels there
    chute: tuple[Hex, int] | None = None  # section 10: the Parachute's hex and parcels
    powers: bool = False  # section 10: the Parachute or a Legendary Aircraft in play

    @property
    def destroyed(self) -> tuple[CompanyView, ...]:
        return tuple(c for c in self.companies if c.hex is None)


def turbulences_position(game: Game, state: State, caption: str) -> TurbulencesPosition:
    """The printed position of ``state`` (the referee's state; only counts of parcels)."""
    styles = pawn_styles([c.colour for c in game.companies])
    companies = tuple(
        CompanyView(c.colour, c.player, s, c.aircraft, c.region, c.city, c.airport, p.hex,
                    p.boost, len(p.carried), len(p.delivered),
                    None if p.fuel is None else
                    expert_text(p.fuel, p.altitude, "empty" if p.flipped else "face-down"),
                    c.covered, p.grounded, p.parachute, p.asteroid)
        for c, p, s in zip(game.companies, state.planes, styles, strict=True))
    actor = state.actor
    return TurbulencesPosition(
        caption, game.mode.value, state.turn, game.companies[state.first].colour,
        None if actor is None else game.companies[actor].colour, state.phase.value,
        None if state.wind is None else wind_name(state.wind), dict(state.clouds), companies,
        airport_views(game), sum(len(z) for z in state.shipping), len(state.lost),
        {h: len(z) for h, z in state.runways.items()},
        None if state.chute is None else (state.chute.hex, len(state.chute.parcels)),
        game.powers.parachute or any(c.aircraft.legendary for c in game.companies))


def expert_text(fuel: int, altitude: int, jerrycan: str) -> str:
    """An EXPERT company's tank, dial and Jerrycan, as a card shows them."""
    return f"FUEL {fuel} · ALTITUDE {altitude} · Jerrycan {jerrycan}"


def draw_covered(canvas: Canvas, at: Point, u: float, style: PawnStyle) -> None:
    """An EXPERT company's ALTITUDE dial on the city it covers: the city is out of play."""
    x, y = at
    r = 6.0 * u
    canvas.circle(at, r, fill=WHITE, stroke=style.fill, width=0.9 * u)
    canvas.line((x, y), (x + 0.7 * r, y - 0.7 * r), stroke=BLACK, width=0.6 * u)
    canvas.text("ALT", (x, y + 0.45 * r), size=2.6 * u, bold=True)


def draw_runway(canvas: Canvas, at: Point, u: float, parcels: int) -> None:
    """A runway across a tile (the Emergency Runway module), with its parcels waiting."""
    x, y = at
    canvas.rect(Rect(x - 11.0 * u, y + 2.0 * u, 22.0 * u, 5.0 * u), fill="#5A5A5A",
                stroke=BLACK, width=0.3 * u, radius=0.8 * u)
    canvas.line((x - 9.0 * u, y + 4.5 * u), (x + 9.0 * u, y + 4.5 * u), stroke=WHITE,
                width=0.5 * u, dash=(1.6 * u, 1.2 * u))
    canvas.text(f"RWY {parcels}/2" if parcels else "RWY", (x, y + 10.6 * u), size=2.6 * u,
                bold=True)


def draw_parachute(canvas: Canvas, at: Point, u: float, parcels: int) -> None:
    """The PARACHUTE pawn (section 10) over its Cumulus: a canopy, its lines and the
    number of parcels it holds."""
    x, y = at
    r = 5.0 * u
    canvas.path(f"M {x - r:.2f} {y:.2f} A {r:.2f} {r:.2f} 0 0 1 {x + r:.2f} {y:.2f} Z",
                fill=ORANGE, stroke=BLACK, width=0.4 * u)
    for dx in (-r, 0.0, r):
        canvas.line((x + dx, y), (x, y + 5.0 * u), stroke=BLACK, width=0.3 * u)
    canvas.rect(Rect(x - 2.0 * u, y + 4.6 * u, 4.0 * u, 3.2 * u), fill=WHITE, stroke=BLACK,
                width=0.3 * u, radius=0.4 * u)
    canvas.text(str(parcels), (x, y + 7.3 * u), size=2.6 * u, bold=True)


def draw_asteroid(canvas: Canvas, at: Point, r: float, u: float) -> None:
    """An active ASTEROID: a Mountain's triangle behind the BESIXDOUZE."""
    x, y = at
    canvas.polygon([(x, y - 1.6 * r), (x + 1.5 * r, y + 1.1 * r), (x - 1.5 * r, y + 1.1 * r)],
                   fill="#7A5A3A", stroke=BLACK, width=0.4 * u)


def airport_views(game: Game) -> tuple[AirportView, ...]:
    """The six airports of a game, by region: where the scenario puts them, and whose."""
    owner = {c.region: i for i, c in enumerate(game.companies)}
    return tuple(AirportView(h, r, city_region()[h][1], owner.get(r))
                 for h, r in sorted(game.airports.items(), key=lambda x: x[1]))


# --- on the board ---------------------------------------------------------------------------


def draw_aircraft(canvas: Canvas, company: CompanyView, at: Point, r: float, u: float) -> None:
    """An aircraft: the company's disc, its type letter on a white square at the top right
    and the number of parcels it carries on a black badge at the bottom right."""
    x, y = at
    draw_pawn_disc(canvas, company.style, at, r, u)
    s = 0.5 * r
    tx, ty = x + 0.78 * r, y - 0.78 * r
    canvas.rect(Rect(tx - s, ty - s, 2 * s, 2 * s), fill=WHITE, stroke=BLACK, width=0.35 * u,
                radius=0.3 * s)
    canvas.text(company.type_letter, (tx, ty + 0.38 * 1.4 * s), size=1.4 * s, bold=True)
    bx, by = x + 0.78 * r, y + 0.78 * r
    canvas.circle((bx, by), s, fill=BLACK, stroke=WHITE, width=0.3 * u)
    canvas.text(str(company.carried), (bx, by + 0.38 * 1.4 * s), size=1.4 * s, bold=True,
                fill=WHITE)


def draw_airport(canvas: Canvas, at: Point, u: float, style: PawnStyle | None) -> None:
    """The ring of an airport around a city marker centred on ``at``: the company's fill and
    outline pattern, or grey for a neutral region's airport (the marker is drawn over it)."""
    r = 8.4 * u
    if style is None:
        canvas.circle(at, r, fill=NEUTRAL_GREY, stroke=BLACK, width=0.5 * u)
        return
    canvas.circle(at, r, fill=style.fill, stroke=BLACK, width=0.5 * u)
    draw_outline(canvas, style, at, r - 0.5 * u, u)


def aircraft_spots(count: int, city: bool) -> tuple[tuple[Point, ...], float]:
    """Where ``count`` aircraft sharing a hex stand (offsets from its centre, design units)
    and their radius: beside the marker on a city, around the centre on a tile."""
    if city:
        spots = ((9.0, -7.6), (-9.0, -7.6), (10.6, 3.0), (-10.6, 3.0))
        return spots[:max(count, 1)], 4.4
    if count <= 1:
        return ((0.0, 4.4),), AIRCRAFT_RADIUS
    return ((-6.2, 4.4), (6.2, 4.4), (-6.2, -5.0), (6.2, -5.0))[:count], 4.6


def aircraft_placements(position: TurbulencesPosition, centre: Callable[[Hex], Point],
                        u: float, seen: Callable[[Hex], bool]
                        ) -> list[tuple[CompanyView, Point, float]]:
    """Where every aircraft not destroyed stands (on the hexes ``seen``): its company, the
    centre of its disc and its radius in mm. The printed board and the replay viewer both
    place aircraft here."""
    cities = city_region()
    by_hex: dict[Hex, list[CompanyView]] = {}
    for c in position.companies:
        if c.hex is not None:
            by_hex.setdefault(c.hex, []).append(c)
    out = []
    for h in sorted(by_hex):
        if not seen(h):
            continue
        cx, cy = centre(h)
        spots, radius = aircraft_spots(len(by_hex[h]), h in cities)
        for c, (ox, oy) in zip(by_hex[h], spots, strict=False):
            out.append((c, (cx + ox * u, cy + oy * u), radius * u))
    return out


def draw_aircrafts(canvas: Canvas, position: TurbulencesPosition,
                   centre: Callable[[Hex], Point], u: float,
                   seen: Callable[[Hex], bool]) -> None:
    """Every aircraft not destroyed, each a group ``aircraft-<colour>`` translated to where
    it stands."""
    for c, at, radius in aircraft_placements(position, centre, u, seen):
        if c.asteroid:
            draw_asteroid(canvas.group(element_id=f"asteroid-{c.colour}"), at, radius, u)
        draw_aircraft(canvas.group(translate=at, element_id=f"aircraft-{c.colour}"), c,
                      (0.0, 0.0), radius, u)


# --- beside the board -----------------------------------------------------------------------

PANEL = PanelFrame(state_height=62.0, card_height=25.0, cards_title="Companies")


def _wind_rose(canvas: Canvas, at: Point, wind: str | None) -> None:
    """A small wind rose: N at the top, an arrow the way the wind blew, or a sun (calm)."""
    draw_dial(canvas, at, 8.5)
    if wind is None or wind == "calm":
        canvas.circle(at, 3.0, fill=ORANGE if wind else WHITE, stroke=BLACK, width=0.4)
        return
    draw_wind_arrow(canvas, at, Direction[wind], tail=6.0, shaft=4.0, tip=7.0, head=3.2,
                    half=2.4)


def where_text(c: CompanyView, airports: tuple[AirportView, ...] = ()) -> str:
    """Where an aircraft is, in words."""
    if c.grounded:
        return f"on the runway at {c.hex}"
    if c.hex is None:
        return "destroyed (to rebuild)"
    if c.hex == c.airport:
        return "at its airport"
    found = city_region().get(c.hex)
    if found is not None:
        kind = "airport" if any(a.hex == c.hex for a in airports) else "city"
        return f"landed at the {kind} R{found[0]} C{found[1]}"
    return f"flying over {c.hex.q},{c.hex.r}"


def playing_text(position: TurbulencesPosition) -> str:
    """Whose turn it is, in words."""
    if position.actor is None:
        return "game over"
    return f"{position.actor} to play" + (" (BOOST?)" if position.phase == "boost" else "")


def wind_text(wind: str | None) -> str:
    """The wind of the last weather phase, in words."""
    if wind is None:
        return "not flicked yet"
    return "calm (the sun)" if wind == "calm" else f"blew towards {wind}"


@dataclass(frozen=True)
class TurbulencesPanel:
    """The box beside a Turbulences position: the turn and the wind, then a card per
    company."""

    position: TurbulencesPosition

    @property
    def size(self) -> tuple[float, float]:
        return PANEL.size(len(self.position.companies))

    def draw(self, canvas: Canvas, at: Point) -> None:
        x0, y0 = at
        v = self.position
        w = PANEL_WIDTH
        room = w - 8.0
        g = PANEL.draw_state_box(canvas, at, v.caption)
        g.text(f"turn {v.turn}", (x0 + 4.0, y0 + 21.5), size=7.0, anchor="start", bold=True)
        fitted(g, playing_text(v), (x0 + 34.0, y0 + 17.5), 3.2, w - 38.0, bold=True)
        fitted(g, f"first player: {v.first}", (x0 + 34.0, y0 + 22.5), 3.0, w - 38.0)
        _wind_rose(g, (x0 + 14.0, y0 + 37.0), v.wind)
        g.text("wind", (x0 + 28.0, y0 + 32.0), size=3.6, anchor="start", bold=True)
        fitted(g, wind_text(v.wind), (x0 + 28.0, y0 + 37.5), 3.2, w - 32.0)
        fitted(g, "last weather phase", (x0 + 28.0, y0 + 42.0), 2.6, w - 32.0, fill=GREY)
        destroyed = ", ".join(c.colour for c in v.destroyed) or "none"
        fitted(g, f"destroyed: {destroyed}", (x0 + 4.0, y0 + 52.0), 3.0, room,
               bold=bool(v.destroyed))
        fitted(g, f"parcels waiting {v.waiting} · lost {v.lost} (counts, not weights)",
               (x0 + 4.0, y0 + 57.5), 2.7, room, fill=GREY)

        spots = PANEL.draw_cards_box(g, at, len(v.companies))
        for c, spot in zip(v.companies, spots, strict=True):
            self._card(g, c, spot)

    def _card(self, canvas: Canvas, c: CompanyView, at: Point) -> None:
        x, y = at
        w = CARD_WIDTH
        g = canvas.group(element_id=f"company-{c.colour}")
        PANEL.draw_card(g, at)
        draw_aircraft(g, c, (x + 6.5, y + 7.0), 4.4, 0.7)
        fitted(g, c.name, (x + 14.0, y + 5.4), 3.6, w - 16.0, bold=True)
        second = f"{c.aircraft.value} ({c.type_letter}) · airport R{c.region} C{c.city} · " + \
            (f"EXPERT {c.expert}" if c.expert else f"{c.style.outline} outline")
        fitted(g, second, (x + 14.0, y + 10.0), 2.6, w - 16.0)
        fitted(g, where_text(c, self.position.airports), (x + 14.0, y + 14.6), 2.8, w - 16.0,
               bold=c.hex is None)
        fitted(g, f"delivered {c.delivered} · carrying {c.carried}", (x + 3.0, y + 20.6), 3.0,
               w * 0.62, bold=True)
        boost = c.token
        ready = c.boost or c.parachute or c.asteroid
        bw = text_width(boost, 2.8, bold=True) + 3.0
        g.rect(Rect(x + w - bw - 2.0, y + 17.0, bw, 5.0), fill=WHITE if ready else LIGHT_GREY,
               stroke=BLACK if ready else GREY, width=0.3, radius=1.0)
        g.text(boost, (x + w - 2.0 - bw / 2, y + 20.7), size=2.8, bold=ready,
               fill=BLACK if ready else GREY)
