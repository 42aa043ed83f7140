"""Cut-out sheets: the pieces of a component set (tiles, tokens, rulers, cards) at real size
on pages of A4, Letter or A3, as a print-and-play maker ships them.

Each game lists its pieces (``render/<game>/pieces.py``): a ``Piece`` is a cut box (the
rectangle around its cut line, in mm) and the drawing of its face, and of its back when it
has one, each drawn from the cut box's top left and running ``BLEED`` (3 mm) past the cut
line, so that a cut a little off never shows white. This module, shared by every game,
lays the pieces out:

- every piece gets a cell: its cut box with ``ROOM`` mm around it, which holds its bleed
  and then its crop marks (short lines continuing each edge of the cut box, starting
  ``MARK_GAP`` mm past the bleed). Cells never overlap, so crop marks never touch a piece
  nor its bleed;
- the cells are packed in shelves, tallest first, onto the fewest pages (first fit of each
  piece in any shelf of any page, then a new shelf where one fits, then a new page);
  double-sided pieces go first, so that the single-sided ones fill the rest of their sheets;
- a page with double-sided pieces is followed by its back page: each back at the place
  that lies behind its face when the sheet is printed double-sided and flipped on its long
  edge (mirrored left to right), without crop marks (pieces are cut from the front);
- every page has a title line (game, set, page number, front or back) and a footer (the
  print note, a 50 mm scale bar).

Texts from files (set titles, piece names) go through the drawing module, which escapes
them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from skyhex.render.drawing import Canvas, Point, Rect, Sheet, fmt
from skyhex.render.paper import PAPER_SIZES, scale_bar
from skyhex.render.sheet import BLACK, GREY, fitted

BLEED = 3.0
"""How far a piece's fill runs past its cut line (mm)."""
MARK_GAP = 1.0
"""Between the edge of a piece's bleed and its crop marks."""
MARK_LENGTH = 2.5
ROOM = BLEED + MARK_GAP + MARK_LENGTH
"""Around each piece's cut box: its bleed, then its crop marks (half the gutter between two
pieces)."""
MARK_WIDTH = 0.25
PAGE_MARGIN = 8.0  # left blank on every edge of a page (printers print from 5 mm)
HEADER = 9.0  # the title line
FOOTER = 14.0  # the print note and scale bar
PRINT_NOTE = ("cut each piece at its crop marks (hexes: on their outline); colours run "
              f"{fmt(BLEED)} mm past the cut")
DUPLEX_NOTE = "print double-sided, flipping on the long edge: each back lies behind its face"

Draw = Callable[[Canvas], None]
"""Draws one face of a piece, its cut box's top left at (0, 0), bleed included."""


@dataclass(frozen=True)
class Piece:
    """One piece to cut out: ``kind`` (``map tile``, ``cloud token``) and ``ident`` (its id
    in the set) name it; ``width`` x ``height`` mm is its cut box; ``front`` draws its face
    and ``back``, for a double-sided piece, its other face as seen on the back page (the
    piece turned over on its vertical axis)."""

    kind: str
    ident: str
    width: float
    height: float
    front: Draw
    back: Draw | None = None

    @property
    def cell(self) -> tuple[float, float]:
        return (self.width + 2 * ROOM, self.height + 2 * ROOM)


@dataclass(frozen=True)
class PieceSet:
    """The pieces of one component set: ``game`` and ``name`` (the set's title) go on
    every page."""

    game: str
    name: str
    pieces: tuple[Piece, ...]

    @property
    def set_name(self) -> str:
        """The set's name without its game's when it starts with it, so that a page or a
        summary shows the game once (a set titled "GAME, my set" reads "GAME, my set")."""
        if self.name.startswith(self.game):
            return self.name[len(self.game):].lstrip(" ,:-") or self.name
        return self.name


@dataclass(frozen=True)
class Placed:
    """A piece on a page: ``index`` in its set, ``box`` its cut box on the front page."""

    index: int
    piece: Piece
    box: Rect


@dataclass(frozen=True)
class SheetPage:
    """A page of the document: its number, the pieces on the sheet, and for a back page the
    number of its front page."""

    number: int
    placed: tuple[Placed, ...]
    back_of: int | None = None


@dataclass(frozen=True)
class Layout:
    """The pages of a piece set on one paper format (portrait)."""

    paper: str
    width: float
    height: float
    pages: tuple[SheetPage, ...]

    @property
    def area(self) -> Rect:
        return printable_area(self.width, self.height)


def printable_area(width: float, height: float) -> Rect:
    """Where a page's cells go: inside the margins, below the title line, above the
    footer."""
    top = PAGE_MARGIN + HEADER
    return Rect(PAGE_MARGIN, top, width - 2 * PAGE_MARGIN, height - top - PAGE_MARGIN - FOOTER)


class PieceTooLarge(ValueError):
    """A piece whose cell is larger than the printable area of the paper."""


@dataclass
class _Shelf:
    page: int
    y: float  # top, relative to the area
    height: float
    used: float = 0.0


def pack(pieces: Sequence[Piece], area: Rect) -> list[list[tuple[int, float, float]]]:
    """The pieces' cells packed onto pages of ``area``: for each page, (index, x, y) of the
    top left of each cell, relative to the area. Double-sided pieces go first; the orders
    tried (tallest, widest, largest first, and the set's order) keep the one that takes the
    fewest pages, backs included. ``PieceTooLarge`` for a piece that fits on no page."""
    for p in pieces:
        w, h = p.cell
        if w > area.width + 1e-9 or h > area.height + 1e-9:
            raise PieceTooLarge(f"the {p.kind} {p.ident} ({fmt(p.width)} x {fmt(p.height)} mm)"
                                " is larger than the page")
    def ordered(key: Callable[[int], float]) -> list[int]:
        return sorted(range(len(pieces)), key=lambda i: (pieces[i].back is None, key(i), i))

    keys: list[Callable[[int], float]] = [
        lambda i: -pieces[i].cell[1], lambda i: -pieces[i].cell[0],
        lambda i: -pieces[i].cell[0] * pieces[i].cell[1], lambda i: 0.0]
    tries = [_shelves(pieces, ordered(key), area) for key in keys]

    def cost(pages: list[list[tuple[int, float, float]]]) -> tuple[int, int]:
        duplex = sum(any(pieces[i].back is not None for i, _, _ in page) for page in pages)
        return (len(pages) + duplex, len(pages))

    return min(tries, key=cost)  # the first of the best: tallest first on a tie


def _shelves(pieces: Sequence[Piece], order: Sequence[int], area: Rect
             ) -> list[list[tuple[int, float, float]]]:
    """The cells packed in ``order``: each into the first shelf of any page where it fits,
    else a new shelf on the first page with room, else a new page."""
    shelves: list[_Shelf] = []
    filled: list[float] = []  # height of the shelves of each page
    pages: list[list[tuple[int, float, float]]] = []
    for i in order:
        w, h = pieces[i].cell
        shelf = next((s for s in shelves if h <= s.height + 1e-9
                      and s.used + w <= area.width + 1e-9), None)
        if shelf is None:
            page = next((k for k, used in enumerate(filled) if used + h <= area.height + 1e-9),
                        None)
            if page is None:
                pages.append([])
                filled.append(0.0)
                page = len(pages) - 1
            shelf = _Shelf(page, filled[page], h)
            filled[page] += h
            shelves.append(shelf)
        pages[shelf.page].append((i, shelf.used, shelf.y))
        shelf.used += w
    return pages


def lay_out(pieces: PieceSet, paper: str) -> Layout:
    """The pages of ``pieces`` on ``paper`` (a key of ``PAPER_SIZES``), portrait, each
    sheet's content centred across the page; a sheet with double-sided pieces gets its back
    page right after it."""
    width, height = PAPER_SIZES[paper]
    area = printable_area(width, height)
    pages: list[SheetPage] = []
    for cells in pack(pieces.pieces, area):
        right = max(x + pieces.pieces[i].cell[0] for i, x, _ in cells)
        shift = (area.width - right) / 2
        placed = tuple(
            Placed(i, pieces.pieces[i],
                   Rect(area.x + shift + x + ROOM, area.y + y + ROOM, pieces.pieces[i].width,
                        pieces.pieces[i].height))
            for i, x, y in sorted(cells, key=lambda c: (c[2], c[1])))
        front = len(pages) + 1
        pages.append(SheetPage(front, placed))
        if any(p.piece.back is not None for p in placed):
            pages.append(SheetPage(front + 1, placed, back_of=front))
    return Layout(paper, width, height, tuple(pages))


def back_box(box: Rect, page_width: float) -> Rect:
    """Where a piece's back lies on the back page: behind its face when the sheet is turned
    over on its long (vertical) edge."""
    return Rect(page_width - box.right, box.y, box.width, box.height)


def crop_marks(box: Rect) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The crop marks of a cut box: at each corner, a short line continuing each of its two
    edges outwards, from ``MARK_GAP`` past the bleed to the edge of the piece's cell."""
    start, end = BLEED + MARK_GAP, ROOM
    marks = []
    for x, y, dx, dy in ((box.x, box.y, -1, -1), (box.right, box.y, 1, -1),
                         (box.x, box.bottom, -1, 1), (box.right, box.bottom, 1, 1)):
        marks.append(((x + dx * start, y), (x + dx * end, y)))
        marks.append(((x, y + dy * start), (x, y + dy * end)))
    return marks


_ID = re.compile(r"[^a-z0-9]+")


def kind_id(kind: str) -> str:
    """``map tile`` -> ``map-tile``: a piece kind as it appears in element ids."""
    return _ID.sub("-", kind.lower()).strip("-")


def page_svg(pieces: PieceSet, layout: Layout, page: SheetPage) -> str:
    """One page of ``layout`` as an SVG document the size of the paper."""
    total = len(layout.pages)
    back = page.back_of is not None
    side = f"backs of page {page.back_of}" if back else "fronts"
    heading = f"{pieces.game} components: {pieces.set_name}"
    where = f"page {page.number}/{total} · {side}"
    sheet = Sheet(layout.width, layout.height, title=f"{heading} - {where}")
    c = sheet.canvas
    top = PAGE_MARGIN + 5.0
    fitted(c, heading, (PAGE_MARGIN, top), 4.2,
           layout.width - 2 * PAGE_MARGIN - 62.0, bold=True)
    c.text(where, (layout.width - PAGE_MARGIN, top), size=3.4, anchor="end", fill=GREY)
    marks: list[str] = []
    for p in page.placed:
        draw = p.piece.back if back else p.piece.front
        if draw is None:
            continue
        box = back_box(p.box, layout.width) if back else p.box
        g = c.group(translate=(box.x, box.y),
                    element_id=f"{'back' if back else 'front'}-{kind_id(p.piece.kind)}-{p.index}",
                    data={"piece": p.piece.ident, "kind": p.piece.kind,
                          "cut": " ".join(fmt(v) for v in (box.x, box.y, box.width,
                                                           box.height))})
        draw(g)
        if not back:
            marks += [f"M{fmt(a[0])} {fmt(a[1])} L{fmt(b[0])} {fmt(b[1])}"
                      for a, b in crop_marks(box)]
    if marks:
        crop = c.group(element_id="crop-marks")
        crop.path(" ".join(marks), stroke=BLACK, width=MARK_WIDTH)
    bottom = layout.height - PAGE_MARGIN - FOOTER + 3.0
    duplex = back or any(p.piece.back is not None for p in page.placed)
    room = layout.width - 2 * PAGE_MARGIN - 60.0
    fitted(c, PRINT_NOTE, (PAGE_MARGIN, bottom + 2.0), 2.5, room)
    if duplex:
        fitted(c, DUPLEX_NOTE, (PAGE_MARGIN, bottom + 6.5), 2.5, room, bold=True)
    scale_bar(c, layout.width - PAGE_MARGIN, bottom)
    return sheet.to_string()


def sheets_svg(pieces: PieceSet, paper: str) -> tuple[Layout, list[str]]:
    """The layout of ``pieces`` on ``paper`` and the SVG of each page, in order."""
    layout = lay_out(pieces, paper)
    return layout, [page_svg(pieces, layout, p) for p in layout.pages]


# --- helpers for the games' pieces -------------------------------------------------------------


def bleed_rect(canvas: Canvas, width: float, height: float, fill: str) -> None:
    """A rectangular piece's background: its cut box grown by the bleed, in ``fill``."""
    canvas.rect(Rect(-BLEED, -BLEED, width + 2 * BLEED, height + 2 * BLEED), fill=fill,
                stroke=None)


def turned(canvas: Canvas, width: float, height: float) -> Canvas:
    """A group of ``canvas`` turned half a turn about the centre of a ``width`` x
    ``height`` cut box: the back of a piece whose outline is the mirror of its face's (a
    tri-hex tile), drawn so that it reads upright once the piece is turned the right way
    round."""
    return canvas.group(transform=f"rotate(180,{fmt(width / 2)},{fmt(height / 2)})")


def grown(points: Sequence[Point], by: float) -> list[Point]:
    """The convex polygon ``points`` with each side moved ``by`` mm outwards (its corners
    mitred): the bleed of a piece of that outline."""
    n = len(points)
    area = sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
               for i in range(n))
    turn = 1.0 if area > 0 else -1.0  # clockwise on paper (y down) has a positive area

    def side(i: int) -> tuple[Point, Point]:
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        length = math.hypot(x2 - x1, y2 - y1)
        nx, ny = turn * (y2 - y1) / length, -turn * (x2 - x1) / length  # outward normal
        return (x1 + nx * by, y1 + ny * by), (x2 - x1, y2 - y1)

    out = []
    for i in range(n):
        (ax, ay), (adx, ady) = side(i - 1)
        (bx, by_), (bdx, bdy) = side(i)
        det = adx * bdy - ady * bdx
        t = ((bx - ax) * bdy - (by_ - ay) * bdx) / det
        out.append((ax + adx * t, ay + ady * t))
    return out


def bleed_polygon(canvas: Canvas, points: Sequence[Point], fill: str) -> None:
    """A convex piece's (or part's) fill grown by the bleed (a ``<polygon>``, paled by the
    low-ink style like the hexes it surrounds)."""
    canvas.polygon(grown(points, BLEED), fill=fill, stroke=None)
