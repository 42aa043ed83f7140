"""Balmy Balloonists positions on a printed board: the balloons on the globe, the visible
Quadrant cards, the Wind Rose and each balloon's chips and cards.

``balloons_position`` reads what a printed position shows from the engine's ``Game`` and
``State`` into a ``BalloonsPosition``, a plain value, so that the drawing code depends on the
engine in this one function. It is the referee's view, but hidden hands are printed as the
number of cards held, never the cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from skyhex.render.drawing import Canvas, Point, Rect
from skyhex.render.sheet import (
    BLACK,
    GREY,
    WHITE,
    PawnStyle,
    draw_pawn_disc,
    fitted,
    pawn_styles,
)
from skyhex.rules.balloons.components import ComponentSet, QuadrantCard
from skyhex.rules.balloons.globe import Space
from skyhex.rules.balloons.state import Game, State

ALTITUDE_LETTER = {"grounded": "G", "low": "L", "medium": "M", "high": "H"}


@dataclass(frozen=True)
class BalloonView:
    """One balloon as a printed position shows it."""

    colour: str
    player: str | None
    style: PawnStyle
    space: Space
    laps: int
    degrees: int
    altitude: str
    ballast: int
    gas: int
    fuel: int
    hand: int  # cards held (never which)
    front: tuple[str, ...]
    advantages: tuple[str, ...]
    doldrums: bool
    lose_turn: bool
    relaunch: bool
    finished: bool

    @property
    def name(self) -> str:
        return self.colour if self.player is None else f"{self.colour} ({self.player})"

    @property
    def flags(self) -> str:
        words = [w for w, on in (("in the Doldrums", self.doldrums),
                                 ("loses next turn", self.lose_turn),
                                 ("may launch N/S", self.relaunch), ("home!", self.finished))
                 if on]
        return ", ".join(words)


@dataclass(frozen=True)
class BalloonsPosition:
    """What a printed Balmy Balloonists position shows."""

    caption: str
    round: int
    days: int
    actor: str | None
    phase: str
    balloons: tuple[BalloonView, ...]
    quadrants: tuple[QuadrantCard, ...]  # the visible card of each quadrant
    covered: tuple[int, ...]
    rose: tuple[str, ...]  # the Wind Rose points, counter-clockwise
    pawns: tuple[str, str]
    decks: tuple[int, int, int]  # Local Wind, Misfortune, Quadrant cards left to draw
    parts: ComponentSet


def balloons_position(game: Game, state: State, caption: str) -> BalloonsPosition:
    """The printed position of ``state`` (the referee's state; hands only by their size)."""
    styles = pawn_styles(list(game.colours))
    balloons = tuple(
        BalloonView(seat.colour, seat.player, style, b.space, b.laps,
                    game.globe.degrees(b.space, b.laps), b.altitude.label, b.ballast, b.gas,
                    b.fuel, len(b.hand), b.front, b.advantages, b.doldrums, b.lose_turn,
                    b.relaunch, b.finished)
        for seat, b, style in zip(game.seats, state.balloons, styles, strict=True))
    parts = game.components
    actor = state.actor
    held = sum(len(b.hand) + len(b.front) for b in state.balloons)
    return BalloonsPosition(
        caption, state.round, game.days, None if actor is None else game.colours[actor],
        state.phase.value, balloons,
        tuple(parts.quadrant[stack[-1]] for stack in state.quadrants),
        tuple(len(stack) - 1 for stack in state.quadrants), parts.rose, state.rose,
        (len(parts.local_wind) - held - len(state.discards),
         len(parts.misfortune) - len(state.misfortunes),
         len(parts.quadrant) - sum(len(s) for s in state.quadrants)), parts)


# --- drawing ----------------------------------------------------------------------------------


def draw_balloon(c: Canvas, balloon: BalloonView, at: Point, r: float, u: float) -> None:
    """A balloon: its disc (fill, initial, outline) and its altitude letter on a white badge
    below it (``G`` grounded, ``L`` low, ``M`` medium, ``H`` high)."""
    x, y = at
    draw_pawn_disc(c, balloon.style, at, r, u)
    s = 0.55 * r
    by = y + r + 0.2 * s
    c.rect(Rect(x - s, by - s, 2 * s, 1.6 * s), fill=WHITE, stroke=BLACK, width=0.3 * u,
           radius=0.3 * s)
    c.text(ALTITUDE_LETTER[balloon.altitude], (x, by + 0.45 * s), size=1.3 * s, bold=True)


def draw_rose(c: Canvas, position: BalloonsPosition, at: Point, r: float) -> None:
    """The Wind Rose: its colour points counter-clockwise from the top, those in the race
    with their balloon's disc, the two pawns as black rings."""
    import math

    x, y = at
    c.circle(at, r, fill=WHITE, stroke=BLACK, width=0.35)
    c.text("Wind Rose", (x, y - r - 2.0), size=3.0, bold=True)
    styles = {b.colour: b.style for b in position.balloons}
    count = len(position.rose)
    for k, colour in enumerate(position.rose):
        angle = -math.pi / 2 - 2 * math.pi * k / count  # counter-clockwise from the top
        px, py = x + 0.72 * r * math.cos(angle), y + 0.72 * r * math.sin(angle)
        style = styles.get(colour)
        if style is None:
            c.circle((px, py), 2.0, fill=WHITE, stroke=GREY, width=0.25)
            fitted(c, colour, (px, py + 4.4), 2.0, 12.0, fill=GREY, anchor="middle")
            continue
        draw_pawn_disc(c, style, (px, py), 2.6, 0.4)
        if colour in position.pawns:
            c.circle((px, py), 4.0, stroke=BLACK, width=0.9)
    c.text("pawns: " + " and ".join(position.pawns), (x, y + r + 4.0), size=2.6)
