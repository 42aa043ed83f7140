"""Print layout: a board on the fewest pages of a paper format, as a print-and-play maker
would ship it.

A picture that tells its parts apart (``print_parts``: the boxes of what pages may cut, the
hexes, and the blocks they never cut: title block, legend, panel) is laid out in two kinds
of pages:

- *front pages* (portrait) first: the title block, an assembly diagram (the board in
  miniature, each page's window numbered, and a line per page saying where it goes), then
  the legend and the panel, each whole, stacked in order and scaled down only when a block
  is larger than a page;
- *board pages*: the hexes tiled with 10 mm overlap strips, trimmed at crop marks. The
  tiling's grid and its offset over the board are searched (both orientations, one more
  column or row than the least, offsets every few millimetres) for the fewest pages that
  hold a hex; ties go to the tiling whose emptiest page holds the most hexes, then to the
  most centred. What belongs to a block is masked out of board pages; registration marks
  (circled crosses) go only where they cover nothing drawn.

Pages are numbered through the document; board pages name their neighbours by number.
A picture that fits one page, or that does not tell its parts apart, is tiled as before
(``render/paper.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from skyhex.render.drawing import Canvas, Rect, Sheet
from skyhex.render.paper import (
    FOOTER,
    INSET,
    MARGIN,
    OVERLAP,
    PAPER_SIZES,
    Page,
    Picture,
    Tiling,
    _fitted_text,
    _registration,
    draw_window_edges,
    page_svg,
    plan,
    scale_bar,
)
from skyhex.render.sheet import BLACK, GREY, WHITE, caption

SEARCH_STEP = 4.0
"""Millimetres between the tiling offsets tried."""
BLOCK_GAP = 8.0  # between blocks stacked on a front page
DIAGRAM_HEIGHT = 70.0  # the assembly diagram's miniature board, at most
LINE = 4.6  # one line of the assembly instructions
MARK = 3.5  # half the size of a registration mark


@dataclass(frozen=True)
class Placement:
    """A block of the picture (``block``, picture coordinates) drawn on a front page with
    its top left at ``at`` and at ``scale`` (1: real size)."""

    block: Rect
    at: tuple[float, float]
    scale: float

    @property
    def box(self) -> Rect:
        return Rect(self.at[0], self.at[1], self.block.width * self.scale,
                    self.block.height * self.scale)


@dataclass(frozen=True)
class FrontPage:
    """A front page: its number, the blocks on it, and where the assembly diagram goes
    (on the first front page)."""

    number: int
    placements: tuple[Placement, ...]
    assembly: Rect | None = None


@dataclass(frozen=True)
class PrintPlan:
    """A picture laid out on ``front`` pages, then the board pages of ``board`` (numbered
    after the front pages), which show the blocks of ``placed`` (by page number) and mask
    all the others of ``blocks``."""

    paper: str
    front: tuple[FrontPage, ...]
    board: Tiling
    blocks: tuple[Rect, ...]
    placed: tuple[tuple[int, Placement], ...] = ()

    @property
    def total(self) -> int:
        return len(self.front) + len(self.board.pages)

    @property
    def landscape(self) -> bool:
        return self.board.landscape

    def on_page(self, number: int) -> tuple[Placement, ...]:
        return tuple(p for n, p in self.placed if n == number)


def _portrait(paper: str) -> tuple[float, float, Rect]:
    short, long = PAPER_SIZES[paper]
    return short, long, _viewport(short, long)


def _viewport(width: float, height: float) -> Rect:
    return Rect(MARGIN + INSET, MARGIN + INSET, width - 2 * (MARGIN + INSET),
                height - 2 * (MARGIN + INSET) - FOOTER)


def _bounds(boxes: Sequence[Rect]) -> Rect:
    x0 = min(b.x for b in boxes)
    y0 = min(b.y for b in boxes)
    return Rect(x0, y0, max(b.right for b in boxes) - x0, max(b.bottom for b in boxes) - y0)


def _inside(box: Rect, frame: Rect) -> bool:
    return (frame.x <= box.x and box.right <= frame.right and frame.y <= box.y
            and box.bottom <= frame.bottom)


def _axis(spans: Sequence[tuple[float, float]], low: float, length: float, window: float
          ) -> list[tuple[int, float, list[int]]]:
    """The tilings of one axis worth trying: for the least count of windows that covers
    ``length`` from ``low`` and one more, offsets every ``SEARCH_STEP`` mm (and the centred
    one); each as (count, first window's start, bit mask per window of the ``spans`` it
    meets)."""
    step = window - OVERLAP
    least = max(1, math.ceil((length - OVERLAP) / step - 1e-9))
    found = []
    for count in (least, least + 1):
        slack = count * step + OVERLAP - length
        tries = max(1, int(slack / SEARCH_STEP) + 1)
        starts = {low - slack / 2} | {low - slack + k * slack / max(1, tries - 1)
                                      for k in range(tries)}
        for start in sorted(starts):
            masks = []
            for i in range(count):
                a = start + i * step
                b = a + window
                mask = 0
                for k, (lo, hi) in enumerate(spans):
                    if lo < b and a < hi:
                        mask |= 1 << k
                masks.append(mask)
            found.append((count, start, masks))
    return found


def tile_boxes(boxes: Sequence[Rect], paper: str, *, landscape: bool, first: int = 1
               ) -> Tiling:
    """The tiling of ``boxes`` onto ``paper`` in one orientation with the fewest pages that
    hold a box (pages numbered from ``first``)."""
    short, long = PAPER_SIZES[paper]
    width, height = (long, short) if landscape else (short, long)
    viewport = _viewport(width, height)
    region = _bounds(boxes)
    xs = _axis([(b.x, b.right) for b in boxes], region.x, region.width, viewport.width)
    ys = _axis([(b.y, b.bottom) for b in boxes], region.y, region.height, viewport.height)
    centre = (region.x + region.width / 2, region.y + region.height / 2)
    best: tuple[tuple[float, ...], list[tuple[int, int]], float, float, int, int] | None = None
    for cols, x0, mx in xs:
        off_x = abs(x0 + (cols * (viewport.width - OVERLAP) + OVERLAP) / 2 - centre[0])
        for rows, y0, my in ys:
            kept = []
            least = len(boxes)
            for r in range(rows):
                for c in range(cols):
                    held = (mx[c] & my[r]).bit_count()
                    if held:
                        kept.append((r, c))
                        least = min(least, held)
            off_y = abs(y0 + (rows * (viewport.height - OVERLAP) + OVERLAP) / 2 - centre[1])
            score = (len(kept), -least, off_x + off_y)
            if best is None or score < best[0]:
                best = (score, kept, x0, y0, rows, cols)
    assert best is not None
    _, kept, x0, y0, rows, cols = best
    step_x, step_y = viewport.width - OVERLAP, viewport.height - OVERLAP
    numbers = {rc: first + i for i, rc in enumerate(kept)}
    pages = []
    for r, c in kept:
        window = Rect(x0 + c * step_x, y0 + r * step_y, viewport.width, viewport.height)
        sides = (("above", (r - 1, c)), ("left", (r, c - 1)), ("right", (r, c + 1)),
                 ("below", (r + 1, c)))
        neighbours = tuple((side, numbers[rc]) for side, rc in sides if rc in numbers)
        pages.append(Page(numbers[(r, c)], r + 1, c + 1, window, neighbours))
    return Tiling(paper, width, height, landscape, rows, cols, viewport, tuple(pages))


def _diagram_size(board: Tiling, width: float) -> tuple[float, float]:
    region = _bounds([p.window for p in board.pages])
    scale = min(width / region.width, DIAGRAM_HEIGHT / region.height)
    return width, region.height * scale + 10.0 + LINE * (_rows(len(board.pages)) + 1)


def _rows(lines: int) -> int:
    """Lines of assembly instructions per column (two columns past three lines)."""
    return lines if lines <= 3 else -(-lines // 2)


def _shown(page: Page, viewport: Rect) -> Rect:
    """The part of a board page's window that stays in sight when the pages are assembled:
    without the overlap strips its neighbours cover (those to its right and below)."""
    w = page.window
    right = OVERLAP if page.neighbour("right") is not None else 0.0
    below = OVERLAP if page.neighbour("below") is not None else 0.0
    left = OVERLAP if page.neighbour("left") is not None else 0.0
    above = OVERLAP if page.neighbour("above") is not None else 0.0
    return Rect(viewport.x + left, viewport.y + above, w.width - left - right,
                w.height - above - below)


def _free_spot(size: tuple[float, float], page: Page, viewport: Rect, drawn: Sequence[Rect],
               taken: Sequence[Rect]) -> tuple[float, float] | None:
    """A top left on a board page (page coordinates) where a box of ``size`` covers nothing
    drawn nor ``taken``, away from the overlap strips; ``None`` if there is none."""
    w = page.window
    room = _shown(page, viewport)
    bw, bh = size
    if bw > room.width or bh > room.height:
        return None
    dx, dy = w.x - viewport.x, w.y - viewport.y
    near = [Rect(b.x - dx, b.y - dy, b.width, b.height) for b in drawn if b.intersects(w)]
    near += [t.grown(2.0) for t in taken]
    y = room.y
    while y + bh <= room.bottom + 1e-9:
        x = room.x
        while x + bw <= room.right + 1e-9:
            box = Rect(x, y, bw, bh)
            hit = next((b for b in near if b.intersects(box)), None)
            if hit is None:
                return (x, y)
            x = max(x + SEARCH_STEP, hit.right + 0.01)
        y += SEARCH_STEP
    return None


def _layout(blocks: Sequence[Rect], drawn: Sequence[Rect], board: Tiling, paper: str
            ) -> tuple[tuple[FrontPage, ...], tuple[tuple[int, Placement], ...]]:
    """Where each block goes. The first front page holds the title block (the first block)
    and the assembly diagram; each other block stays where the picture has it when a board
    page shows it whole, else goes on the first front page if there is room, else on a free
    area of a board page, else on more front pages (stacked and centred)."""
    _, _, vp = _portrait(paper)
    fronts: list[list[Placement]] = [[]]
    assembly: Rect | None = None
    y = vp.y
    placed: list[tuple[int, Placement]] = []

    def stack(w: float, h: float) -> tuple[float, float, float, bool]:
        nonlocal y
        scale = min(1.0, vp.width / w, vp.height / h)
        w, h = w * scale, h * scale
        fresh = False
        if y > vp.y and y + h > vp.bottom:
            fronts.append([])
            y = vp.y
            fresh = True
        at = (vp.x + (vp.width - w) / 2, y)
        y += h + BLOCK_GAP
        return at[0], at[1], scale, fresh

    if blocks:
        x, top, scale, _ = stack(blocks[0].width, blocks[0].height)
        fronts[-1].append(Placement(blocks[0], (x, top), scale))
    w, h = _diagram_size(board, vp.width)
    x, top, scale, _ = stack(w, h)
    assembly = Rect(x, top, w * scale, h * scale)
    bvp = board.viewport
    for block in blocks[1:]:
        home = next((p for p in board.pages if _inside(block, p.window)), None)
        if home is not None:
            at = (bvp.x + block.x - home.window.x, bvp.y + block.y - home.window.y)
            placed.append((home.number, Placement(block, at, 1.0)))
            continue
        if len(fronts) == 1 and y + block.height <= vp.bottom and block.width <= vp.width:
            fronts[0].append(Placement(block, (vp.x + (vp.width - block.width) / 2, y), 1.0))
            y += block.height + BLOCK_GAP
            continue
        spot = None
        for page in board.pages:
            taken = [p.box for p in (q for n, q in placed if n == page.number)]
            spot = _free_spot((block.width, block.height), page, bvp, drawn, taken)
            if spot is not None:
                placed.append((page.number, Placement(block, spot, 1.0)))
                break
        if spot is None:
            x, top, scale, _ = stack(block.width, block.height)
            fronts[-1].append(Placement(block, (x, top), scale))
    pages = tuple(FrontPage(k + 1, tuple(ps), assembly if k == 0 else None)
                  for k, ps in enumerate(fronts))
    return pages, tuple(placed)


def print_plan(picture: Picture, paper: str) -> PrintPlan | None:
    """The layout of ``picture`` on ``paper`` (a key of ``PAPER_SIZES``), or ``None`` when
    it is tiled as one picture: it fits one page, or it does not tell its parts apart."""
    parts = getattr(picture, "print_parts", None)
    if parts is None or len(plan(picture, paper).pages) == 1:
        return None
    tiled, drawn, blocks = parts()
    if not tiled:
        return None
    tilings = [tile_boxes(tiled, paper, landscape=landscape) for landscape in (False, True)]
    best = min(tilings, key=lambda t: len(t.pages))  # portrait wins a tie
    front, _ = _layout(blocks, drawn, best, paper)
    board = tile_boxes(tiled, paper, landscape=best.landscape, first=len(front) + 1)
    front, placed = _layout(blocks, drawn, board, paper)
    return PrintPlan(paper, front, board, tuple(blocks), placed)


# --- drawing --------------------------------------------------------------------------------


def _footer(c: Canvas, width: float, height: float, label: str, text: str) -> None:
    top = height - MARGIN - FOOTER + 4.0
    room = width - 2 * MARGIN - 50.0 - 8.0
    _fitted_text(c, label, (MARGIN, top + 1.6), 3.2, room, bold=True)
    _fitted_text(c, text, (MARGIN, top + 7.0), 2.6, room)
    scale_bar(c, width - MARGIN, top)


def _draw_block(sheet: Sheet, picture: Picture, placement: Placement, name: str) -> None:
    clip = sheet.clip_rect(name, placement.box)
    g = sheet.canvas.group(clip=clip).group(translate=placement.at, scale=placement.scale)
    b = placement.block
    picture.draw(g.group(translate=(-b.x, -b.y)), b)


def _mask(canvas: Canvas, blocks: Sequence[Rect], window: Rect) -> None:
    for block in blocks:
        if block.intersects(window):
            canvas.rect(block.grown(1.0), fill=WHITE, stroke=None)


def _where(page: Page) -> str:
    """Where a board page goes, said by its neighbour to the left, or above."""
    left, above = page.neighbour("left"), page.neighbour("above")
    if left is not None:
        return f"page {page.number} goes right of page {left}"
    if above is not None:
        return f"page {page.number} goes below page {above}"
    return f"page {page.number} starts the board (top left)"


def _draw_assembly(sheet: Sheet, picture: Picture, plan_: PrintPlan, box: Rect) -> None:
    pages = plan_.board.pages
    region = _bounds([p.window for p in pages])
    scale = min(box.width / region.width, DIAGRAM_HEIGHT / region.height)
    w, h = region.width * scale, region.height * scale
    at = (box.x + (box.width - w) / 2, box.y + 4.0)
    c = sheet.canvas
    c.text("Assembly", (box.x, box.y + 1.0), size=3.6, anchor="start", bold=True)
    clip = sheet.clip_rect("assembly", Rect(at[0], at[1], w, h))
    g = c.group(clip=clip).group(translate=at, scale=scale).group(
        translate=(-region.x, -region.y))
    picture.draw(g, region)
    _mask(g, plan_.blocks, region)
    for p in pages:
        window = p.window
        g.rect(window, stroke=BLACK, width=0.6 / scale, dash=(3.0 / scale, 2.0 / scale))
    for p in pages:
        cx = at[0] + (p.window.x + p.window.width / 2 - region.x) * scale
        cy = at[1] + (p.window.y + p.window.height / 2 - region.y) * scale
        caption(c, str(p.number), (cx, cy + 2.0), 6.0)
    y = at[1] + h + 6.0
    c.text("Trim each board page at its crop marks; lay it over its neighbour with the edge "
           "on the dashed line:", (box.x, y), size=2.8, anchor="start", fill=GREY)
    rows = _rows(len(pages))
    for k, p in enumerate(pages):
        c.text(_where(p), (box.x + 4.0 + (k // rows) * box.width / 2, y + LINE * (k % rows + 1)),
               size=3.2, anchor="start")


def front_svg(picture: Picture, plan_: PrintPlan, page: FrontPage) -> str:
    """A front page as an SVG document the size of the (portrait) paper."""
    width, height, _ = _portrait(plan_.paper)
    sheet = Sheet(width, height, title=f"{picture.title} - page {page.number}/{plan_.total}")
    for k, placement in enumerate(page.placements):
        _draw_block(sheet, picture, placement, f"block-{k}")
    if page.assembly is not None:
        _draw_assembly(sheet, picture, plan_, page.assembly)
    scaled = [p for p in page.placements if p.scale < 0.95]
    text = ("assemble the board pages as the diagram shows" if page.assembly is not None
            else "the rest of the board's sheet")
    if scaled:
        text += f"; drawn at {min(p.scale for p in scaled):.0%} to fit the page"
    _footer(sheet.canvas, width, height,
            f"{picture.title} · page {page.number}/{plan_.total} - front page", text)
    return sheet.to_string()


def _free_marks(picture: Picture, page: Page) -> list[tuple[float, float]]:
    """Registration marks for each overlap strip the page shares: the two farthest apart of
    the points along the strip's middle line whose mark covers nothing drawn."""
    w = page.window
    half = OVERLAP / 2
    points: list[tuple[float, float]] = []
    for side, _ in page.neighbours:
        if side in ("left", "right"):
            x = w.x + half if side == "left" else w.right - half
            line = [(x, w.y + t) for t in _steps(w.height)]
        else:
            y = w.y + half if side == "above" else w.bottom - half
            line = [(w.x + t, y) for t in _steps(w.width)]
        free = [p for p in line if not picture.occupies(Rect(p[0] - MARK, p[1] - MARK,
                                                              2 * MARK, 2 * MARK))]
        points += free[:1] + free[-1:] if len(free) > 1 else free
    return points


def _steps(length: float) -> list[float]:
    return [OVERLAP + 5.0 * k for k in range(int((length - 2 * OVERLAP) / 5.0) + 1)]


def board_svg(picture: Picture, plan_: PrintPlan, page: Page) -> str:
    """A board page as an SVG document the size of the paper: the window of the picture
    with the blocks masked out, crop marks in the margin, the overlap strips' inner edges,
    registration marks where they cover nothing, and the footer."""
    tiling = plan_.board
    sheet = Sheet(tiling.width, tiling.height,
                  title=f"{picture.title} - page {page.number}/{plan_.total}")
    vp, w = tiling.viewport, page.window
    clip = sheet.clip_rect("page-window", vp)
    inner = sheet.canvas.group(clip=clip).group(translate=(vp.x - w.x, vp.y - w.y))
    picture.draw(inner, w)
    _mask(inner, plan_.blocks, w)
    placements = plan_.on_page(page.number)
    for k, placement in enumerate(placements):
        _draw_block(sheet, picture, placement, f"block-{k}")
    dx, dy = w.x - vp.x, w.y - vp.y
    taken = [Rect(p.box.x + dx, p.box.y + dy, p.box.width, p.box.height) for p in placements]
    marks = [m for m in _free_marks(picture, page)
             if not any(t.grown(MARK).intersects(Rect(m[0], m[1], 0.01, 0.01)) for t in taken)]
    for point in marks:
        _registration(inner, point)
    c = sheet.canvas
    draw_window_edges(c, vp, page)
    label = (f"{picture.title} · page {page.number}/{plan_.total} - board row {page.row}, "
             f"col {page.col}")
    if page.neighbours:
        near = ", ".join(f"p{n} {side}" for side, n in page.neighbours)
        match = "the circled crosses" if marks else "the hexes of the strip"
        text = f"overlaps {near}: trim at the crop marks, match {match}"
    else:
        text = "trim at the crop marks"
    _footer(c, tiling.width, tiling.height, label, text)
    return sheet.to_string()


@dataclass(frozen=True)
class PrintedPages:
    """The pages of a picture on a paper format, in order, as SVG documents; ``board``
    counts the board pages among them, ``landscape`` their orientation."""

    pages: tuple[str, ...]
    board: int
    landscape: bool


def print_pages(picture: Picture, paper: str) -> PrintedPages:
    """Every page of ``picture`` on ``paper``, front pages first."""
    laid = print_plan(picture, paper)
    if laid is None:
        tiling = plan(picture, paper)
        pages = tuple(page_svg(picture, tiling, p) for p in tiling.pages)
        return PrintedPages(pages, len(pages), tiling.landscape)
    front = tuple(front_svg(picture, laid, p) for p in laid.front)
    board = tuple(board_svg(picture, laid, p) for p in laid.board.pages)
    return PrintedPages(front + board, len(board), laid.landscape)
