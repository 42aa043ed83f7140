"""The cut-out pieces of a Balmy Balloonists component set, at real size
(``render/pieces.py`` lays them out on pages):

- the four **decks** (63 x 88 mm, drawn as ``render/balloons/cards.py`` draws them), each
  with a common back in its deck's colour, so that a deck shuffles face down;
- the **chips** of every balloon the set seats (``players`` max): Ballast, Gas and Fuel, as
  many as a balloon starts with (``chips``).

Balloons, pawns and altitude adjusters are not cut from paper; the globe is
``skyhex board``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from skyhex.render.balloons.cards import (
    CARD_H,
    CARD_W,
    draw_advantage,
    draw_local_wind,
    draw_misfortune,
    draw_quadrant,
)
from skyhex.render.drawing import Canvas, Rect
from skyhex.render.pieces import Piece, PieceSet, bleed_rect
from skyhex.render.sheet import (
    BLACK,
    BLUISH_GREEN,
    ORANGE,
    SKY_BLUE,
    VERMILLION,
    WHITE,
    YELLOW,
    fitted,
)
from skyhex.rules.balloons.components import ComponentSet

CHIP = 16.0
ORIGIN = (0.0, 0.0)
CHIPS = (("Ballast", "ballast", YELLOW), ("Gas", "gas", SKY_BLUE), ("Fuel", "fuel", ORANGE))
"""The chips: name, the ``chips`` key, and fill."""


def _back(deck: str, fill: str) -> Callable[[Canvas], None]:
    def back(c: Canvas) -> None:
        bleed_rect(c, CARD_W, CARD_H, fill)
        c.rect(Rect(5.0, 5.0, CARD_W - 10.0, CARD_H - 10.0), stroke=BLACK, width=0.6,
               radius=2.5)
        c.text("Balmy Balloonists", (CARD_W / 2, CARD_H / 2 - 3.0), size=4.6, bold=True)
        c.text(deck, (CARD_W / 2, CARD_H / 2 + 5.0), size=5.2, bold=True)

    return back


def _card(kind: str, ident: str, fill: str, draw: Callable[[Canvas], None]) -> Piece:
    def front(c: Canvas) -> None:
        bleed_rect(c, CARD_W, CARD_H, WHITE)
        draw(c)

    return Piece(kind, ident, CARD_W, CARD_H, front, _back(kind.removesuffix(" card"), fill))


def _chip(name: str, seat: int, k: int, fill: str) -> Piece:
    def front(c: Canvas) -> None:
        bleed_rect(c, CHIP, CHIP, fill)
        c.circle((CHIP / 2, CHIP / 2), CHIP / 2 - 1.2, stroke=BLACK, width=0.3)
        fitted(c, name, (CHIP / 2, CHIP / 2 + 1.2), 3.4, CHIP - 4.0, bold=True,
               anchor="middle")

    return Piece(f"{name} chip", f"{seat}-{k}", CHIP, CHIP, front)


def component_pieces(parts: ComponentSet) -> PieceSet:
    """Every piece of the set ``parts`` to cut out, deck by deck, then the chips."""
    pieces: list[Piece] = []
    for ident, wind in parts.local_wind.items():
        pieces.append(_card("Local Wind card", ident, SKY_BLUE,
                            partial(draw_local_wind, card=wind, at=ORIGIN)))
    for ident, quadrant in parts.quadrant.items():
        pieces.append(_card("Quadrant card", ident, YELLOW,
                            partial(draw_quadrant, card=quadrant, at=ORIGIN,
                                    lanes=parts.lanes)))
    for ident, misfortune in parts.misfortune.items():
        pieces.append(_card("Misfortune card", ident, VERMILLION,
                            partial(draw_misfortune, card=misfortune, at=ORIGIN)))
    for ident, advantage in parts.advantage.items():
        pieces.append(_card("Advantage card", ident, BLUISH_GREEN,
                            partial(draw_advantage, card=advantage, at=ORIGIN)))
    seats = parts.players[1]
    for name, key, fill in CHIPS:
        count = getattr(parts.chips, key)
        pieces += [_chip(name, seat, k, fill) for seat in range(1, seats + 1)
                   for k in range(1, count + 1)]
    return PieceSet("Balmy Balloonists", parts.title or parts.id, tuple(pieces))
