"""The replay viewer's page, shared by every game: one self-contained HTML file (no network,
no external asset) that steps through a game.

The page is made of the game's static board (an inline SVG drawn once, with a ``<defs>``
symbol for every piece the game shows), the page data (``skyhex.view/1``, JSON: the events
and, per step of the game, the pieces to place over the board and the state panel) and one
small script shared by every game (``viewer.js``) that places the pieces, fills the panel
and handles the navigation. Nothing in the script knows a game: a game's art (``ViewerArt``,
one per game in ``render/<game>/viewer.py``) turns what a participant may see (its
``Ruleset.view``) into that data.

Pieces are JSON objects in the board's millimetres:

- ``{"s": symbol, "x", "y", "t": label}``: the symbol ``s`` of the board's ``<defs>`` placed
  with its origin at (x, y); ``t`` is its accessible name and tooltip;
- ``{"c": text, "x", "y", "z": size, "w": width}``: a caption, bold text on a white
  backdrop ``w`` mm wide, its baseline centred at (x, y);
- ``{"l": [x1, y1, x2, y2], "w": width, "d": [dash, gap]}``: a (dashed) line.

A panel is ``{"head": [[label, value], ...], "cards": [card, ...]}``, a card ``{"id":
participant, "title", "s": symbol of its swatch, "sub": a line, "rows": [[label, value],
...]}``. A trail (the last action's path) is a list of polylines, each a list of [x, y].
Text from files only ever reaches the page as data that the script writes with
``textContent`` or as escaped SVG text.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from importlib import resources
from typing import Any, Protocol

from skyhex.render.drawing import Canvas, Point, Rect, Sheet, num, xml_text
from skyhex.render.paper import Picture
from skyhex.render.sheet import LEGEND_GAP, text_width
from skyhex.rules.hexgrid import Hex

VIEW_FORMAT = "skyhex.view/1"
"""The version of the page data's shape (``docs/formats.md``, ``skyhex schema view``)."""

Piece = dict[str, Any]
Panel = dict[str, Any]
Polyline = list[list[float]]


class Symbols:
    """The symbols a game's pieces use, each drawn once in the board's ``<defs>``: ``use``
    names a symbol by a key of the game's (a pawn's colour, size and facing) and gives its
    id (``sym-0``, ``sym-1``, ...: ids never carry text from files)."""

    def __init__(self) -> None:
        self._ids: dict[Hashable, str] = {}
        self._drawers: list[tuple[str, Callable[[Canvas], None]]] = []

    def use(self, key: Hashable, draw: Callable[[Canvas], None]) -> str:
        """The id of the symbol ``key``; ``draw`` draws it around the origin, the first
        time it is asked for."""
        found = self._ids.get(key)
        if found is None:
            found = self._ids[key] = f"sym-{len(self._ids)}"
            self._drawers.append((found, draw))
        return found

    def define(self, sheet: Sheet) -> None:
        """Draw every symbol asked for into the sheet's ``<defs>``."""
        for name, draw in self._drawers:
            canvas = sheet.define(name)
            if canvas is not None:
                draw(canvas)


def use(symbol: str, at: Point, label: str) -> Piece:
    """A piece: ``symbol`` placed at ``at`` (mm), named ``label``."""
    return {"s": symbol, "x": num(at[0]), "y": num(at[1]), "t": label}


def caption(text: str, at: Point, size: float) -> Piece:
    """A piece: ``text`` in bold on a white backdrop, as ``render.sheet.caption`` draws
    it."""
    return {"c": text, "x": num(at[0]), "y": num(at[1]), "z": num(size),
            "w": num(text_width(text, size, bold=True) * 0.92)}


def line(a: Point, b: Point, width: float, dash: Sequence[float] = ()) -> Piece:
    """A piece: a line from ``a`` to ``b``, ``width`` mm wide, dashed by ``dash``."""
    piece: Piece = {"l": [num(a[0]), num(a[1]), num(b[0]), num(b[1])], "w": num(width)}
    if dash:
        piece["d"] = [num(d) for d in dash]
    return piece


def polyline(points: Sequence[Point]) -> Polyline:
    return [[num(x), num(y)] for x, y in points]


def hex_of(value: Sequence[int] | None) -> Hex | None:
    """A hex of a view (``[q, r]``, or ``None``)."""
    return None if value is None else Hex(value[0], value[1])


class ViewerArt:
    """What the replay viewer draws of a game. Every method reads a participant's view
    (``Ruleset.view``, JSON) or events, never the game's state, so that the page of a seat
    holds what that seat may know and nothing more. This base draws no board and shows the
    view as a plain panel: a game without art of its own is still viewable."""

    title: str = ""

    def pieces(self, view: Mapping[str, Any]) -> list[Piece]:
        """What stands on the board in ``view``."""
        return []

    def panel(self, view: Mapping[str, Any]) -> Panel:
        """The state panel of ``view``."""
        return plain_panel(view)

    def trail(self, events: Sequence[Mapping[str, Any]]) -> list[Polyline]:
        """The paths of the pieces that ``events`` (one step's) moved."""
        return []

    def board(self) -> str | None:
        """The board as an inline SVG (see ``board_svg``), once every piece was made; or
        ``None``: no board."""
        return None


class BoardPicture(Picture, Protocol):
    """A game's printed board (a ``render.sheet.SheetPicture``): a picture with a legend
    below the board."""

    @property
    def legend(self) -> Rect: ...


def board_svg(picture: BoardPicture, top: float, symbols: Symbols, label: str) -> str:
    """The static board of a page: a game's printed board ``picture``, shown from ``top``
    (below its title block) down to its legend, with the symbols the pieces used and the two
    empty groups the script fills (``trail``, then ``pieces``)."""
    sheet = Sheet(picture.width, picture.height)
    picture.draw(sheet.canvas)
    crop = Rect(0.0, top, picture.width, picture.legend.y - LEGEND_GAP - top)
    symbols.define(sheet)
    sheet.canvas.group(element_id="trail")
    sheet.canvas.group(element_id="pieces")
    sheet.svgwrite.attribs["viewBox"] = (f"{num(crop.x)} {num(crop.y)} {num(crop.width)} "
                                         f"{num(crop.height)}")
    return sheet.to_inline(label, "board")


def text_of(value: Any) -> str:
    """A value of a view as a short text."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(text_of(v) for v in value) or "none"
    if isinstance(value, dict):
        return "; ".join(f"{k} {text_of(v)}" for k, v in value.items())
    return str(value)


def plain_panel(view: Mapping[str, Any]) -> Panel:
    """A panel for any view: its plain values as the head, each object of its lists as a
    card."""
    head = [[str(k), text_of(v)] for k, v in view.items()
            if not isinstance(v, list | dict) or (isinstance(v, list) and not any(
                isinstance(x, dict) for x in v))]
    cards = []
    for k, v in view.items():
        if isinstance(v, list):
            for item in v:
                if isinstance(item, dict):
                    name = next((str(x) for x in item.values() if isinstance(x, str)), str(k))
                    cards.append({"id": name, "title": f"{k}: {name}", "sub": "",
                                  "rows": [[str(a), text_of(b)] for a, b in item.items()]})
    return {"head": head, "cards": cards}


# --- the page -------------------------------------------------------------------------------


def _asset(name: str) -> str:
    return resources.files("skyhex.render").joinpath(name).read_text("utf-8")


_RAW_IN_JSON = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def safe_json(data: Any) -> str:
    """``data`` as compact JSON (UTF-8 kept) in which no character can drive a terminal or
    break an encoder: DEL, the C1 controls, bidirectional overrides, line separators and
    lone surrogates (a file name's bytes that were not UTF-8) are written as ``\\uXXXX``
    (JSON itself escapes the C0 controls)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return _RAW_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def script_json(data: Any) -> str:
    """``data`` as JSON that is safe inside an HTML ``<script>`` element: no ``<``, ``>``
    or ``&`` (so no ``</script>``), nor the line separators older parsers choke on."""
    text = safe_json(data)
    for char, escape in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026")):
        text = text.replace(char, escape)
    return text


def page_html(data: Mapping[str, Any], board: str | None) -> str:
    """The self-contained page: the template with the style, the board, the data and the
    script put in (once each: nothing put in is read again for placeholders)."""
    parts = {
        "title": html.escape(xml_text(str(data["title"]))),
        "game": html.escape(xml_text(str(data["game"]))),
        "style": _asset("viewer.css"),
        "board": board or '<p class="no-board">No board for this game yet.</p>',
        "data": script_json(data),
        "script": _asset("viewer.js"),
    }
    return re.sub(r"\{\{(\w+)\}\}", lambda m: parts[m.group(1)], _asset("viewer.html"))
