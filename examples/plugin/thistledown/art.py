"""Thistledown's pictures: the printed meadow (a board sheet, with the tufts of a position
when given), the same board in the replay viewer with the tufts placed from a tuft's view,
and the meadow in the terminal.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skyhex.render import viewer
from skyhex.render.drawing import Canvas, Point, Rect
from skyhex.render.sheet import (
    GREY,
    TITLE_BLOCK,
    SheetPicture,
    hex_points,
    plan_sheet,
    text_width,
)
from skyhex.rules.hexgrid import Hex

from thistledown.meadow import Meadow

GRASS = "#CFE8B0"
THORNS = "#4F6B2F"
UPDRAFT = "#BFE3F5"
EDGE = {"start": "#F0E442", "hedge": "#7BAF4A"}
TUFT = {"white": "#FFFFFF", "cream": "#F3E5AB", "silver": "#C0C0C0", "gold": "#E6B800",
        "rose": "#E8A0B0", "lilac": "#B99AD8"}
"""The fill of each tuft colour."""


@dataclass(frozen=True)
class Key:
    """A legend entry: what it shows and its label."""

    kind: str
    label: str

    @property
    def width(self) -> float:
        return 12.0 + text_width(self.label, 3.2) + 6.0


KEYS = (Key("thorns", "thorn bush: no flight through"),
        Key("updraft", "updraft: a flight ending here goes one hex further"),
        Key("start", "start line (west edge)"), Key("hedge", "the hedge (east edge): home"))


@dataclass(frozen=True)
class Tuft:
    """A tuft drawn on the board: its colour and hex."""

    colour: str
    hex: Hex


class MeadowPicture(SheetPicture):
    """The printed meadow: title block, hexes, legend; the tufts of a position and its
    caption when given."""

    def __init__(self, meadow: Meadow, *, title: str, hex_mm: float = 30.0,
                 coords: bool = False, tufts: Sequence[Tuft] = (), caption: str = "") -> None:
        self.meadow = meadow
        self.coords = coords
        self.tufts = tuple(tufts)
        subtitle = caption or f"Thistledown meadow, radius {meadow.radius}: race from the " \
            "west edge to the hedge"
        self.sheet = plan_sheet(sorted(meadow.hexes), hex_mm=hex_mm, title=title,
                                subtitle=subtitle, band=6.0, reach=2.0, legend=KEYS,
                                panel_size=None)

    def fill(self, h: Hex) -> str:
        m = self.meadow
        if h in m.thorns:
            return THORNS
        if h in m.updrafts:
            return UPDRAFT
        return GRASS

    def draw(self, canvas: Canvas, window: Rect | None = None) -> None:
        self.draw_title(canvas)
        m, u = self.meadow, self.u
        for h in sorted(m.hexes):
            centre = self.layout.center(h)
            canvas.polygon(hex_points(centre, self.hex_mm), fill=self.fill(h), stroke=GREY,
                           width=0.4 * u)
            edge = "start" if h.q == -m.radius else "hedge" if m.at_hedge(h) else None
            if edge is not None:
                canvas.circle(centre, self.hex_mm * 0.42, fill="none", stroke=EDGE[edge],
                              width=2.0 * u)
            if h in m.updrafts:
                draw_updraft(canvas, centre, u)
            if h in m.thorns:
                draw_thorns(canvas, centre, u)
            if self.coords:
                canvas.text(f"{h.q},{h.r}", (centre[0], centre[1] + 10 * u), size=3.0 * u,
                            fill=GREY)
        for k, t in enumerate(self.tufts):
            x, y = self.layout.center(t.hex)
            draw_tuft(canvas, (x + (k % 3 - 1) * 9 * u, y + (k // 3) * 9 * u - 4 * u),
                      t.colour, u)
        self.draw_legend(canvas, KEYS, self._icon, icon_x=5.0, label_x=12.0)

    def _icon(self, canvas: Canvas, key: Key, at: Point) -> None:
        fill = {"thorns": THORNS, "updraft": UPDRAFT}.get(key.kind, GRASS)
        canvas.polygon(hex_points(at, 8.0), fill=fill, stroke=GREY, width=0.2)
        if key.kind in EDGE:
            canvas.circle(at, 3.2, fill="none", stroke=EDGE[key.kind], width=0.6)


def draw_thorns(canvas: Canvas, at: Point, u: float) -> None:
    """A thorn bush: three crossed pale thorns."""
    x, y = at
    for (ax, ay), (bx, by) in (((-6, -6), (6, 6)), ((-6, 6), (6, -6)), ((0, -8), (0, 8))):
        canvas.line((x + ax * u, y + ay * u), (x + bx * u, y + by * u), stroke="#E8E0C0",
                    width=1.2 * u)


def draw_updraft(canvas: Canvas, at: Point, u: float) -> None:
    x, y = at
    for dx in (-4.0, 0.0, 4.0):
        canvas.path(f"M{x + dx * u:.2f},{y + 6 * u:.2f} L{x + dx * u:.2f},{y - 5 * u:.2f} "
                    f"M{x + (dx - 2) * u:.2f},{y - 3 * u:.2f} L{x + dx * u:.2f},"
                    f"{y - 5 * u:.2f} L{x + (dx + 2) * u:.2f},{y - 3 * u:.2f}",
                    stroke="#2A7AB0", width=0.8 * u)


def draw_tuft(canvas: Canvas, at: Point, colour: str, u: float) -> None:
    """A thistledown tuft: a disc of its colour with fine rays."""
    x, y = at
    for k in range(8):
        a = k * math.pi / 4
        canvas.line((x, y), (x + 8.0 * u * math.cos(a), y + 8.0 * u * math.sin(a)),
                    stroke="#555555", width=0.3 * u)
    canvas.circle(at, 4.5 * u, fill=TUFT.get(colour, "#FFFFFF"), stroke="#000000",
                  width=0.4 * u)


# --- the replay viewer ---------------------------------------------------------------------


class ThistledownArt(viewer.ViewerArt):
    """The viewer's Thistledown: the meadow as printed, the tufts from a view, the state
    panel (the hands that view knows) and each flight's path."""

    def __init__(self, meadow: Meadow, title: str) -> None:
        self.title = title
        self.picture = MeadowPicture(meadow, title=title)
        self.symbols = viewer.Symbols()

    def _tuft(self, colour: str) -> str:
        def draw(canvas: Canvas) -> None:
            draw_tuft(canvas, (0.0, 0.0), colour, self.picture.u)

        return self.symbols.use(("tuft", colour), draw)

    def pieces(self, view: Mapping[str, Any]) -> list[viewer.Piece]:
        u = self.picture.u
        out = []
        for k, t in enumerate(view["tufts"]):
            x, y = self.picture.layout.center(Hex(*t["hex"]))
            at = (x + (k % 3 - 1) * 9 * u, y + (k // 3) * 9 * u - 4 * u)
            out.append(viewer.use(self._tuft(t["tuft"]), at, f"{t['tuft']} at "
                                  f"{t['hex'][0]},{t['hex'][1]}"))
        return out

    def panel(self, view: Mapping[str, Any]) -> viewer.Panel:
        head = [["round", str(view["round"])], ["wind", view["wind"]],
                ["to fly", viewer.text_of(view["actor"])]]
        cards = [{"id": t["tuft"], "title": t["tuft"] + (f" ({t['player']})" if t["player"]
                                                            else ""),
                  "s": self._tuft(t["tuft"]),
                  "sub": "home in round " + str(t["home"]) if t["home"] else "in flight",
                  "rows": [["hex", f"{t['hex'][0]},{t['hex'][1]}"],
                           ["gusts", viewer.text_of(t["hand"]) if t["hand"] is not None
                            else f"{t['hand_size']} hidden"]]}
                 for t in view["tufts"]]
        return {"head": head, "cards": cards}

    def trail(self, events: Sequence[Mapping[str, Any]]) -> list[viewer.Polyline]:
        centre = self.picture.layout.center
        out = []
        for e in events:
            if e["type"] in ("flew", "lifted", "drifted"):
                hexes = [e["from"], *e.get("path", [e["to"]])]
                if len(hexes) > 1:
                    out.append(viewer.polyline([centre(Hex(*h)) for h in hexes]))
        return out

    def board(self) -> str | None:
        return viewer.board_svg(self.picture, TITLE_BLOCK, self.symbols,
                                f"The meadow of {self.title}")


# --- the terminal ----------------------------------------------------------------------------


def terminal(m: Meadow, *, color: bool, legend: bool) -> str:
    """The meadow as text: columns west to east, each hex a symbol (``.`` grass, ``#``
    thorns, ``^`` updraft, ``>`` start line, ``|`` hedge) half a line below its
    neighbour to the north-west."""
    rows: dict[int, dict[int, str]] = {}
    for h in m.hexes:
        mark = "#" if h in m.thorns else "^" if h in m.updrafts else \
            ">" if h.q == -m.radius else "|" if m.at_hedge(h) else "."
        if color and mark == "#":
            mark = "\x1b[32m#\x1b[0m"
        rows.setdefault(2 * h.r + h.q, {})[h.q] = mark
    lines = []
    for y in sorted(rows):
        cells = rows[y]
        lines.append("".join(cells.get(q, " ") + " " for q in range(-m.radius, m.radius + 1))
                     .rstrip())
    if legend:
        lines.append("> start line   | hedge   # thorns   ^ updraft   . grass")
    return "\n".join(lines) + "\n"
