"""Balmy Balloonists cards at real size (63 x 88 mm, poker size): Local Wind, Quadrant,
Misfortune and Advantage cards drawn from a component set, each deck with its own header
colour and every value also in words or figures, so that black and white prints read.
``cards_picture`` lays a whole set out on one sheet with cut lines; the board draws the
visible Quadrant cards with ``draw_quadrant``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skyhex.render.drawing import Canvas, Point, Rect
from skyhex.render.sheet import (
    BLACK,
    BLUISH_GREEN,
    GREY,
    LIGHT_GREY,
    MIN_WIDTH,
    SKY_BLUE,
    SUBTITLE_SIZE,
    TITLE_SIZE,
    VERMILLION,
    WHITE,
    YELLOW,
    fitted,
    wrap,
)
from skyhex.rules.balloons.components import (
    FLYING,
    AdvantageCard,
    AdvantageKind,
    ComponentSet,
    LocalWind,
    MisfortuneCard,
    QuadrantCard,
    shift_text,
)

CARD_W = 63.0
CARD_H = 88.0
GAP = 5.0
COLUMNS = 3
HEADER = 13.0
DECK_TITLE = 12.0
TITLE_BLOCK = 24.0


def _frame(c: Canvas, at: Point, colour: str, kind: str, name: str, ident: str) -> None:
    x, y = at
    c.rect(Rect(x, y, CARD_W, CARD_H), fill=WHITE, stroke=BLACK, width=0.4, radius=3.0)
    c.rect(Rect(x + 1.5, y + 1.5, CARD_W - 3.0, HEADER), fill=colour, stroke=BLACK, width=0.25,
           radius=1.5)
    c.text(kind.upper(), (x + 4.0, y + 6.5), size=3.6, anchor="start", bold=True)
    fitted(c, name, (x + 4.0, y + 11.8), 3.4, CARD_W - 20.0)
    c.text(ident, (x + CARD_W - 4.0, y + 6.5), size=3.0, anchor="end", bold=True)


def _text_block(c: Canvas, text: str, at: Point, size: float, width: float) -> float:
    """Wrapped text from ``at`` (its first baseline); returns the next baseline."""
    x, y = at
    for line in wrap(text, size, width):
        c.text(line, (x, y), size=size, anchor="start")
        y += 1.35 * size
    return y


def _misfortune_mark(c: Canvas, at: Point, r: float) -> None:
    c.circle(at, r, fill=WHITE, stroke=BLACK, width=0.4)
    c.text("?", (at[0], at[1] + 0.45 * r * 1.5), size=1.5 * r, bold=True)


def _quadrant_mark(c: Canvas, at: Point, r: float) -> None:
    x, y = at
    c.circle(at, r, fill=WHITE, stroke=BLACK, width=0.4)
    c.line((x - r, y), (x + r, y), stroke=BLACK, width=0.4)
    c.line((x, y - r), (x, y + r), stroke=BLACK, width=0.4)


def draw_local_wind(c: Canvas, card: LocalWind, at: Point) -> None:
    """A Local Wind card: the north-south instruction at each altitude, and its symbols."""
    x, y = at
    _frame(c, at, SKY_BLUE, "Local Wind", "north / south", card.id)
    row = (CARD_H - HEADER - 24.0) / 3
    for k, altitude in enumerate(FLYING):
        top = y + HEADER + 4.0 + k * row
        c.rect(Rect(x + 4.0, top, CARD_W - 8.0, row - 2.0), fill=WHITE, stroke=GREY,
               width=0.25, radius=1.0)
        c.text(altitude.label.capitalize(), (x + 7.0, top + row / 2 + 1.0), size=3.6,
               anchor="start", bold=True)
        n = card.shifts[altitude]
        c.text(shift_text(n), (x + CARD_W - 7.0, top + row / 2 + 0.2), size=5.5,
               anchor="end", bold=True)
        if n:
            arrow = ("\u2191" if n > 0 else "\u2193") * abs(n)
            c.text(f"{arrow} {abs(n)} {'north' if n > 0 else 'south'}",
                   (x + CARD_W - 7.0, top + row / 2 + 4.6), size=2.6, anchor="end", fill=GREY)
        else:
            c.text("no effect", (x + CARD_W - 7.0, top + row / 2 + 4.6), size=2.6,
                   anchor="end", fill=GREY)
    symbols = [m for m, shown in (("misfortune", card.misfortune), ("quadrant", card.quadrant))
               if shown]
    base = y + CARD_H - 9.0
    for k, symbol in enumerate(symbols):
        sx = x + 9.0 + k * 26.0
        if symbol == "misfortune":
            _misfortune_mark(c, (sx, base), 3.4)
            c.text("Misfortune", (sx + 5.0, base + 1.0), size=2.6, anchor="start")
        else:
            _quadrant_mark(c, (sx, base), 3.4)
            c.text("Quadrant", (sx + 5.0, base + 1.0), size=2.6, anchor="start")


def draw_quadrant(c: Canvas, card: QuadrantCard, at: Point, lanes: int) -> None:
    """A Quadrant card: spaces moved (forward +, backward -, none 0) by altitude and lane,
    and the weather symbols along the right-hand edge (read only by Bad Weather)."""
    x, y = at
    _frame(c, at, YELLOW, "Quadrant", card.name, card.id)
    left, edge = x + 4.0, x + CARD_W - 15.0
    col = (edge - left - 14.0) / lanes
    top = y + HEADER + 8.0
    c.text("lane", (left, top), size=2.6, anchor="start", fill=GREY)
    for lane in range(lanes):
        c.text(str(lane + 1), (left + 14.0 + (lane + 0.5) * col, top), size=3.0, bold=True)
    c.rect(Rect(edge + 1.0, y + HEADER + 3.0, CARD_W - (edge - x) - 2.5, CARD_H - HEADER - 6.0),
           fill=LIGHT_GREY, stroke=None)
    c.text("weather", (edge + 6.3, top), size=2.3, fill=GREY)
    row = 16.0
    for k, altitude in enumerate(FLYING):
        base = top + 7.0 + k * row
        c.line((left, base - 5.5), (edge, base - 5.5), stroke=GREY, width=0.2)
        c.text(altitude.label.capitalize(), (left, base), size=2.6, anchor="start", bold=True)
        for lane, value in enumerate(card.moves[altitude]):
            text = f"{value:+d}" if value else "0"
            c.text(text, (left + 14.0 + (lane + 0.5) * col, base), size=3.1, bold=value > 0)
        fitted(c, card.weather[altitude], (edge + 6.3, base), 2.6, 11.0, anchor="middle")
    _text_block(c, "Spaces moved counter-clockwise: + forward, - backward, 0 none. The "
                "right-hand edge is read only by the Bad Weather Misfortune.",
                (left, top + 3 * row + 4.0), 2.3, edge - left)


def draw_misfortune(c: Canvas, card: MisfortuneCard, at: Point) -> None:
    """A Misfortune card: what befalls the balloon, in order."""
    x, y = at
    _frame(c, at, VERMILLION, "Misfortune", card.name, card.id)
    _misfortune_mark(c, (x + CARD_W / 2, y + HEADER + 14.0), 7.0)
    base = y + HEADER + 32.0
    for effect in card.effects:
        text = effect.describe()
        base = _text_block(c, f"The balloon {text}." if not text.startswith(("its", "bad"))
                           else text[0].upper() + text[1:] + ".", (x + 5.0, base), 3.2,
                           CARD_W - 10.0) + 1.5


_ADVANTAGE_TEXT = {
    AdvantageKind.MOUNTAIN_GUIDE: "Your balloon crosses brown mountain zones at Low altitude "
                                  "and white ones at Medium.",
    AdvantageKind.RESERVE_TANK: "Your balloon burns no Fuel chip at High altitude.",
}


def draw_advantage(c: Canvas, card: AdvantageCard, at: Point) -> None:
    """An Advantage card, held face up in front of its owner."""
    x, y = at
    _frame(c, at, BLUISH_GREEN, "Advantage", card.name, card.id)
    if card.kind is AdvantageKind.PERMISSION:
        text = (f"Permission: your balloon may enter the restricted airspace "
                f"'{card.permission}' without being grounded.")
    else:
        text = _ADVANTAGE_TEXT[card.kind]
    base = _text_block(c, text, (x + 5.0, y + HEADER + 10.0), 3.2, CARD_W - 10.0)
    _text_block(c, "After playing a Local Wind card you may discard this card to take a Local "
                "Wind card face up on the table into your hand.", (x + 5.0, base + 6.0), 2.5,
                CARD_W - 10.0)


@dataclass(frozen=True)
class CardsPicture:
    """Every card of a component set, deck by deck, three across with cut lines around each
    card. What ``render/paper.py`` asks of a picture: title, size, ``draw``,
    ``occupies``."""

    parts: ComponentSet
    title: str
    boxes: tuple[tuple[str, Point], ...]  # (card id, top left), in drawing order
    headings: tuple[tuple[str, float], ...]
    width: float
    height: float

    def draw(self, canvas: Canvas, window: Rect | None = None) -> None:
        fitted(canvas, self.title, (self.width / 2, 12.0), TITLE_SIZE, self.width - 10.0,
               bold=True, anchor="middle")
        fitted(canvas, f"{self.parts.title or self.parts.id}: cut along the dashed lines "
               f"(cards {CARD_W:g} x {CARD_H:g} mm)", (self.width / 2, 19.0), SUBTITLE_SIZE,
               self.width - 10.0, fill=GREY, anchor="middle")
        for text, y in self.headings:
            canvas.text(text, (5.0, y), size=4.5, anchor="start", bold=True)
        parts = self.parts
        for ident, (x, y) in self.boxes:
            box = Rect(x, y, CARD_W, CARD_H)
            if window is not None and not box.grown(2.0).intersects(window):
                continue
            g = canvas.group(element_id=f"card-{ident}")
            g.rect(box.grown(1.2), stroke=GREY, width=0.2, dash=(1.5, 1.0))
            if ident in parts.local_wind:
                draw_local_wind(g, parts.local_wind[ident], (x, y))
            elif ident in parts.quadrant:
                draw_quadrant(g, parts.quadrant[ident], (x, y), parts.lanes)
            elif ident in parts.misfortune:
                draw_misfortune(g, parts.misfortune[ident], (x, y))
            else:
                draw_advantage(g, parts.advantage[ident], (x, y))

    def occupies(self, window: Rect) -> bool:
        return any(Rect(x, y, CARD_W, CARD_H).grown(2.0).intersects(window)
                   for _, (x, y) in self.boxes) or window.y < TITLE_BLOCK


def cards_picture(parts: ComponentSet) -> CardsPicture:
    """The sheet of every card of ``parts``."""
    decks: Sequence[tuple[str, Sequence[str]]] = (
        (f"Local Wind cards ({len(parts.local_wind)})", list(parts.local_wind)),
        (f"Quadrant cards ({len(parts.quadrant)})", list(parts.quadrant)),
        (f"Misfortune cards ({len(parts.misfortune)})", list(parts.misfortune)),
        (f"Advantage cards ({len(parts.advantage)})", list(parts.advantage)))
    width = max(MIN_WIDTH, 10.0 + COLUMNS * CARD_W + (COLUMNS - 1) * GAP)
    left = (width - (COLUMNS * CARD_W + (COLUMNS - 1) * GAP)) / 2
    y = TITLE_BLOCK
    boxes: list[tuple[str, Point]] = []
    headings: list[tuple[str, float]] = []
    for heading, ids in decks:
        if not ids:
            continue
        headings.append((heading, y + 7.0))
        y += DECK_TITLE
        for k, ident in enumerate(ids):
            boxes.append((ident, (left + (k % COLUMNS) * (CARD_W + GAP),
                                  y + (k // COLUMNS) * (CARD_H + GAP))))
        y += -(-len(ids) // COLUMNS) * (CARD_H + GAP) + 4.0
    title = "Balmy Balloonists cards"
    return CardsPicture(parts, title, tuple(boxes), tuple(headings), width, y + 2.0)
