"""Putting a picture on paper: one poster, or pages of A4, Letter or A3 to tape together.

A poster is one sheet the size of the picture plus margins. Tiled pages keep a 10 mm margin
that every printer can print inside; within it, each page shows a window of the picture
(clipped), crop marks at the window's corners, and a footer with the page label (page n/N,
row and column), its neighbours, a 50 mm scale bar and the note to print at 100 %.
Neighbouring windows overlap by a 10 mm strip, bounded by a dashed line and carrying
registration marks (circled crosses) that appear on both pages: trim a page at its crop
marks, lay it over its neighbour with the edge on the dashed line and the marks on each
other. The orientation (portrait or landscape) that needs fewer pages wins; pages that
would show nothing are left out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from skyhex.render.drawing import Canvas, Point, Rect, Sheet, fmt
from skyhex.render.sheet import BLACK, GREY, WHITE, text_width

PAPER_SIZES: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
}
"""Portrait width and height in mm of the page formats."""

MARGIN = 10.0  # left blank on every edge of a sheet
OVERLAP = 10.0  # shared by neighbouring pages
FOOTER = 15.0  # page label, scale bar and print note, inside the margin
INSET = 4.0  # between the printable area and a page's window: room for crop marks
SCALE_BAR = 50.0
PRINT_NOTE = "print at 100% / actual size"


class Picture(Protocol):
    """Something drawn in millimetres from (0, 0) to (width, height)."""

    @property
    def title(self) -> str: ...

    @property
    def width(self) -> float: ...

    @property
    def height(self) -> float: ...

    def draw(self, canvas: Canvas, window: Rect | None = None) -> None: ...

    def occupies(self, window: Rect) -> bool: ...


@dataclass(frozen=True)
class Page:
    """One page of a tiling: 1-based number, row and column, the window of the picture it
    shows, and its neighbours as (side, page number)."""

    number: int
    row: int
    col: int
    window: Rect
    neighbours: tuple[tuple[str, int], ...] = ()

    def neighbour(self, side: str) -> int | None:
        return next((n for s, n in self.neighbours if s == side), None)


@dataclass(frozen=True)
class Tiling:
    """How a picture is cut onto pages of one paper format."""

    paper: str
    width: float  # page size in mm, orientation applied
    height: float
    landscape: bool
    rows: int
    cols: int
    viewport: Rect  # where each page shows its window, in page coordinates
    pages: tuple[Page, ...]


class TooManyPages(ValueError):
    """A tiling past the page limit: ``pages`` it would take (``grid``: the size of the grid
    of pages it spans, too large to look at each page)."""

    def __init__(self, pages: int, limit: int, paper: str, grid: bool = False) -> None:
        self.pages = pages
        self.limit = limit
        self.paper = paper
        self.grid = grid
        what = f"a grid of {pages:,}" if grid else f"{pages:,}"
        super().__init__(f"it would take {what} {paper} pages, more than the limit of {limit}")


GRID_FACTOR = 4
"""A tiling looks at each page of its grid when the grid has at most this many times the
page limit (a sparse board may leave most of them out)."""


def tile(picture: Picture, paper: str, *, landscape: bool, max_pages: int | None = None
         ) -> Tiling:
    """The tiling of ``picture`` onto ``paper`` (a key of ``PAPER_SIZES``) in one
    orientation; ``TooManyPages`` past ``max_pages``."""
    short, long = PAPER_SIZES[paper]
    width, height = (long, short) if landscape else (short, long)
    viewport = Rect(MARGIN + INSET, MARGIN + INSET, width - 2 * (MARGIN + INSET),
                    height - 2 * (MARGIN + INSET) - FOOTER)
    step_x, step_y = viewport.width - OVERLAP, viewport.height - OVERLAP
    cols = max(1, math.ceil((picture.width - OVERLAP) / step_x - 1e-9))
    rows = max(1, math.ceil((picture.height - OVERLAP) / step_y - 1e-9))
    if max_pages is not None and rows * cols > GRID_FACTOR * max_pages:
        raise TooManyPages(rows * cols, max_pages, paper, grid=True)
    x0 = (picture.width - (cols * step_x + OVERLAP)) / 2
    y0 = (picture.height - (rows * step_y + OVERLAP)) / 2
    kept: dict[tuple[int, int], Rect] = {}
    for r in range(rows):
        for c in range(cols):
            window = Rect(x0 + c * step_x, y0 + r * step_y, viewport.width, viewport.height)
            if picture.occupies(window):
                kept[(r, c)] = window
    numbers = {rc: i + 1 for i, rc in enumerate(kept)}
    pages = []
    for (r, c), window in kept.items():
        sides = (("above", (r - 1, c)), ("left", (r, c - 1)), ("right", (r, c + 1)),
                 ("below", (r + 1, c)))
        neighbours = tuple((side, numbers[rc]) for side, rc in sides if rc in numbers)
        pages.append(Page(numbers[(r, c)], r + 1, c + 1, window, neighbours))
    return Tiling(paper, width, height, landscape, rows, cols, viewport, tuple(pages))


def plan(picture: Picture, paper: str, *, max_pages: int | None = None) -> Tiling:
    """The tiling of ``picture`` onto ``paper`` (a key of ``PAPER_SIZES``) with the fewest
    pages; portrait on a tie. ``TooManyPages`` when the fewest are more than ``max_pages``
    (before any page is drawn)."""
    tilings: list[Tiling] = []
    refused: list[TooManyPages] = []
    for landscape in (False, True):
        try:
            tilings.append(tile(picture, paper, landscape=landscape, max_pages=max_pages))
        except TooManyPages as e:
            refused.append(e)
    if not tilings:
        raise min(refused, key=lambda e: e.pages)
    best = min(tilings, key=lambda t: len(t.pages))  # portrait first: it wins a tie
    if max_pages is not None and len(best.pages) > max_pages:
        raise TooManyPages(len(best.pages), max_pages, paper)
    return best


# --- drawing --------------------------------------------------------------------------------


def scale_bar(canvas: Canvas, right: float, top: float) -> None:
    """A 50 mm bar in 10 mm black and white blocks ending at ``right``, with the print note
    below it."""
    left = right - SCALE_BAR
    for i in range(5):
        canvas.rect(Rect(left + 10 * i, top + 2.2, 10, 1.8), fill=BLACK if i % 2 == 0 else WHITE,
                    stroke=BLACK, width=0.2)
    canvas.text("0", (left, top + 1.6), size=2.2)
    canvas.text(f"{SCALE_BAR:g} mm", (right, top + 1.6), size=2.2, anchor="end")
    canvas.text(PRINT_NOTE, (right, top + 7.6), size=2.8, bold=True, anchor="end")


def _fitted_text(canvas: Canvas, text: str, at: Point, size: float, room: float,
                 *, bold: bool = False) -> None:
    size = min(size, room / max(1.0, text_width(text, 1.0, bold=bold)))
    canvas.text(text, at, size=size, anchor="start", bold=bold)


def poster_svg(picture: Picture, *, note: str = "") -> str:
    """One sheet the size of the picture plus margins, with a scale bar and print note."""
    width = picture.width + 2 * MARGIN
    height = picture.height + 2 * MARGIN + FOOTER
    sheet = Sheet(width, height, title=picture.title)
    picture.draw(sheet.canvas.group(translate=(MARGIN, MARGIN)), None)
    top = height - MARGIN - FOOTER + 4.0
    scale_bar(sheet.canvas, width - MARGIN, top)
    if note:
        _fitted_text(sheet.canvas, note, (MARGIN, top + 5.0), 3.0, width - 2 * MARGIN - 60)
    return sheet.to_string()


def _registration(canvas: Canvas, at: Point) -> None:
    canvas.circle(at, 2.2, fill="none", stroke=BLACK, width=0.2)
    x, y = at
    canvas.path(f"M{fmt(x - 3.5)} {fmt(y)} h7 M{fmt(x)} {fmt(y - 3.5)} v7", stroke=BLACK,
                width=0.2)


def _registration_points(page: Page) -> list[Point]:
    """Registration marks in picture coordinates: two in the middle of each overlap strip
    the page shares with a neighbour (its neighbour draws the same two)."""
    w = page.window
    half = OVERLAP / 2
    points: list[Point] = []
    for side, _ in page.neighbours:
        if side in ("left", "right"):
            x = w.x + half if side == "left" else w.right - half
            points += [(x, w.y + w.height * 0.25), (x, w.y + w.height * 0.75)]
        else:
            y = w.y + half if side == "above" else w.bottom - half
            points += [(w.x + w.width * 0.25, y), (w.x + w.width * 0.75, y)]
    return points


def draw_window_edges(c: Canvas, vp: Rect, page: Page) -> None:
    """Around a page's board window ``vp``: crop marks (short lines continuing each edge
    outwards from its corners), and the inner edges of the overlap strips it shares with
    its neighbours."""
    marks = []
    for x, y, dx, dy in ((vp.x, vp.y, -1, -1), (vp.right, vp.y, 1, -1), (vp.x, vp.bottom, -1, 1),
                         (vp.right, vp.bottom, 1, 1)):
        length = INSET - 0.5
        marks.append(f"M{fmt(x + dx * 0.5)} {fmt(y)} h{fmt(dx * length)}")
        marks.append(f"M{fmt(x)} {fmt(y + dy * 0.5)} v{fmt(dy * length)}")
    c.path(" ".join(marks), stroke=BLACK, width=0.25)
    for side, _ in page.neighbours:
        if side == "left":
            a, b = (vp.x + OVERLAP, vp.y), (vp.x + OVERLAP, vp.bottom)
        elif side == "right":
            a, b = (vp.right - OVERLAP, vp.y), (vp.right - OVERLAP, vp.bottom)
        elif side == "above":
            a, b = (vp.x, vp.y + OVERLAP), (vp.right, vp.y + OVERLAP)
        else:
            a, b = (vp.x, vp.bottom - OVERLAP), (vp.right, vp.bottom - OVERLAP)
        c.line(a, b, stroke=GREY, width=0.25, dash=(2.0, 1.5))


def page_svg(picture: Picture, tiling: Tiling, page: Page) -> str:
    """One page of a tiling as an SVG document the size of the paper."""
    total = len(tiling.pages)
    sheet = Sheet(tiling.width, tiling.height,
                  title=f"{picture.title} - page {page.number}/{total}")
    vp = tiling.viewport
    w = page.window
    clip = sheet.clip_rect("page-window", vp)
    inner = sheet.canvas.group(clip=clip).group(translate=(vp.x - w.x, vp.y - w.y))
    picture.draw(inner, w)
    for point in _registration_points(page):
        _registration(inner, point)

    c = sheet.canvas
    draw_window_edges(c, vp, page)

    top = tiling.height - MARGIN - FOOTER + 4.0
    room = tiling.width - 2 * MARGIN - SCALE_BAR - 8.0
    label = f"{picture.title} · page {page.number}/{total} - row {page.row}, col {page.col}"
    _fitted_text(c, label, (MARGIN, top + 1.6), 3.2, room, bold=True)
    if page.neighbours:
        near = ", ".join(f"p{n:02d} {side}" for side, n in page.neighbours)
        text = f"overlaps {near}: trim at the crop marks, match the circled crosses"
    else:
        text = "a single page: trim at the crop marks"
    _fitted_text(c, text, (MARGIN, top + 7.0), 2.6, room)
    scale_bar(c, tiling.width - MARGIN, top)
    return sheet.to_string()


def pages_svg(picture: Picture, paper: str) -> tuple[Tiling, list[str]]:
    """The tiling of ``picture`` onto ``paper`` and the SVG of each page, in order."""
    tiling = plan(picture, paper)
    return tiling, [page_svg(picture, tiling, p) for p in tiling.pages]


def page_names(stem: str, count: int) -> list[str]:
    """File names of ``count`` pages: ``<stem>-p01.svg``, ``<stem>-p02.svg``, ..."""
    digits = max(2, len(str(count)))
    return [f"{stem}-p{i:0{digits}d}.svg" for i in range(1, count + 1)]
