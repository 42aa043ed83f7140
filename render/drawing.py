"""The one module that talks to svgwrite: a small drawing API in millimetres.

svgwrite is archived upstream (2024) but still works; every call to it lives here, so that
replacing it touches one file. Conventions of every sheet:

- 1 user unit = 1 mm (``width="210mm"`` with ``viewBox="0 0 210 297"``), y grows downward;
- numbers are rounded to 0.01 mm, which keeps files small and byte-stable;
- ``<polygon>`` is reserved for map hexes (tests and tools count them): every other shape is
  a path, rect, circle or line;
- text is escaped by the XML serializer, and characters XML cannot carry are dropped, so a
  title from a file stays text whatever it contains.

svgwrite itself is imported inside ``Sheet`` so that importing this module stays cheap.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Point = tuple[float, float]

FONT_FAMILY = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

# Characters allowed in XML 1.0 documents (anything else would make the file unreadable),
# less carriage returns and the C1 controls and DEL it discourages (a terminal showing the
# file obeys them).
_NOT_XML = re.compile("[^\t\n\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def num(value: float) -> float:
    """``value`` rounded to 0.01 mm, without a negative zero."""
    return round(value, 2) + 0.0


def fmt(value: float) -> str:
    """A number as written in attributes and path data: ``12.5``, ``3``, ``-0.25``."""
    text = f"{num(value):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def xml_text(text: str) -> str:
    """``text`` without the characters an XML 1.0 document cannot contain (nor the control
    characters it discourages)."""
    return _NOT_XML.sub("", text)


def path_data(points: Iterable[Point], *, closed: bool = False) -> str:
    """SVG path data through ``points``: ``M x y L x y ...`` (``Z`` when ``closed``)."""
    parts = [f"{fmt(x)} {fmt(y)}" for x, y in points]
    if not parts:
        return ""
    d = "M" + " L".join(parts)
    return d + " Z" if closed else d


def circle_path(at: Point, r: float) -> str:
    """SVG path data of a circle of radius ``r`` around ``at``: two arcs from its west
    point."""
    x, y = at
    return (f"M{fmt(x - r)} {fmt(y)} a{fmt(r)} {fmt(r)} 0 1 0 {fmt(2 * r)} 0 "
            f"a{fmt(r)} {fmt(r)} 0 1 0 {fmt(-2 * r)} 0 Z")


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in mm."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def intersects(self, other: Rect) -> bool:
        """Whether the two rectangles share some area (touching edges do not count)."""
        return (self.x < other.right and other.x < self.right
                and self.y < other.bottom and other.y < self.bottom)

    def grown(self, by: float) -> Rect:
        return Rect(self.x - by, self.y - by, self.width + 2 * by, self.height + 2 * by)


TERRAIN_CLASS = "terrain"
"""The class of the elements besides the map hexes whose fill is a terrain's colour."""


def _style(fill: str | None, stroke: str | None, width: float | None,
           dash: Sequence[float] | None = None) -> dict[str, Any]:
    attrs: dict[str, Any] = {}
    if fill is not None:
        attrs["fill"] = fill
    if stroke is not None:
        attrs["stroke"] = stroke
        if width is not None:
            attrs["stroke_width"] = fmt(width)
    if dash:
        attrs["stroke_dasharray"] = " ".join(fmt(d) for d in dash)
    return attrs


class Canvas:
    """A group of a sheet to draw into. Methods add one element each and return nothing,
    except ``group`` and ``define``, which return the canvas of the new group."""

    def __init__(self, sheet: Sheet, element: Any) -> None:
        self._sheet = sheet
        self._element = element

    def _add(self, element: Any) -> None:
        self._element.add(element)

    def group(self, *, translate: Point | None = None, clip: str | None = None,
              element_id: str | None = None, scale: float | None = None,
              data: Mapping[str, str] | None = None, **presentation: str) -> Canvas:
        """A nested group, moved by ``translate`` (then drawn at ``scale``); ``clip`` names
        a clip path of the sheet (see ``Sheet.clip_rect``); ``element_id`` lets tools find
        it (``pawn-yellow``); ``data`` adds ``data-KEY`` attributes for tools to read;
        ``presentation`` attributes (``fill="#222222"``,
        ``stroke_linejoin="round"``) are inherited by what is drawn in it."""
        dwg = self._sheet.svgwrite
        attrs: dict[str, Any] = dict(presentation)
        for key, value in (data or {}).items():
            attrs[f"data-{key}"] = value
        if element_id is not None:
            attrs["id"] = element_id
        transforms = []
        if translate is not None:
            transforms.append(f"translate({fmt(translate[0])},{fmt(translate[1])})")
        if scale is not None:
            transforms.append(f"scale({scale:.5g})")
        if transforms:
            attrs["transform"] = " ".join(transforms)
        if clip is not None:
            attrs["clip_path"] = f"url(#{clip})"
        g = dwg.g(**attrs)
        self._add(g)
        return Canvas(self._sheet, g)

    def define(self, name: str) -> Canvas | None:
        """A group in the sheet's ``<defs>`` with id ``name`` to draw a reusable symbol
        into, or ``None`` when the sheet defines ``name`` already."""
        return self._sheet.define(name)

    def use(self, name: str, at: Point) -> None:
        """Draw the symbol ``name`` (see ``define``) with its origin at ``at``."""
        dwg = self._sheet.svgwrite
        self._add(dwg.use(f"#{name}", x=fmt(at[0]), y=fmt(at[1])))

    def polygon(self, points: Iterable[Point], *, fill: str, stroke: str | None = "#000000",
                width: float | None = 0.3, element_id: str | None = None) -> None:
        """A map hex (the only use of ``<polygon>``, see the module notes)."""
        dwg = self._sheet.svgwrite
        attrs = _style(fill, stroke, width)
        if element_id is not None:
            attrs["id"] = element_id
        self._add(dwg.polygon(points=[(fmt(x), fmt(y)) for x, y in points], **attrs))

    def path(self, d: str, *, fill: str | None = "none", stroke: str | None = "#000000",
             width: float | None = 0.3, dash: Sequence[float] | None = None,
             round_joins: bool = False, terrain: bool = False) -> None:
        """A path; ``terrain``: its fill is a terrain's colour (a legend's swatch), paled
        with the map hexes in the low-ink style (``render/ink.py``)."""
        dwg = self._sheet.svgwrite
        attrs = _style(fill, stroke, width, dash)
        if terrain:
            attrs["class_"] = TERRAIN_CLASS
        if round_joins:
            attrs["stroke_linejoin"] = "round"
            attrs["stroke_linecap"] = "round"
        self._add(dwg.path(d=d, **attrs))

    def line(self, a: Point, b: Point, *, stroke: str = "#000000", width: float = 0.3,
             dash: Sequence[float] | None = None) -> None:
        dwg = self._sheet.svgwrite
        self._add(dwg.line(start=(fmt(a[0]), fmt(a[1])), end=(fmt(b[0]), fmt(b[1])),
                           **_style(None, stroke, width, dash)))

    def circle(self, center: Point, r: float, *, fill: str | None = "none",
               stroke: str | None = "#000000", width: float | None = 0.3) -> None:
        dwg = self._sheet.svgwrite
        self._add(dwg.circle(center=(fmt(center[0]), fmt(center[1])), r=fmt(r),
                             **_style(fill, stroke, width)))

    def rect(self, box: Rect, *, fill: str | None = "none", stroke: str | None = "#000000",
             width: float | None = 0.3, radius: float = 0.0,
             dash: Sequence[float] | None = None) -> None:
        dwg = self._sheet.svgwrite
        attrs = _style(fill, stroke, width, dash)
        if radius:
            attrs["rx"] = attrs["ry"] = fmt(radius)
        self._add(dwg.rect(insert=(fmt(box.x), fmt(box.y)), size=(fmt(box.width), fmt(box.height)),
                           **attrs))

    def text(self, content: str, at: Point, *, size: float, anchor: str = "middle",
             bold: bool = False, fill: str = "#000000", rotate: float | None = None) -> None:
        """One line of text with its baseline at ``at``; ``anchor`` is ``start``,
        ``middle`` or ``end``; ``rotate`` turns it about ``at`` (degrees, clockwise)."""
        dwg = self._sheet.svgwrite
        attrs: dict[str, Any] = {"font_size": fmt(size)}
        if anchor != "start":
            attrs["text_anchor"] = anchor
        if bold:
            attrs["font_weight"] = "bold"
        if fill != "#000000":
            attrs["fill"] = fill
        if rotate is not None:
            attrs["transform"] = f"rotate({fmt(rotate)},{fmt(at[0])},{fmt(at[1])})"
        self._add(dwg.text(xml_text(content), insert=(fmt(at[0]), fmt(at[1])), **attrs))


class Sheet:
    """One SVG document of ``width`` x ``height`` mm; draw through ``canvas``."""

    def __init__(self, width: float, height: float, *, title: str | None = None) -> None:
        import svgwrite

        # svgwrite has no type hints. debug=False: no attribute validation, several times
        # faster.
        self.svgwrite: Any = svgwrite.Drawing(
            size=(f"{fmt(width)}mm", f"{fmt(height)}mm"),
            viewBox=f"0 0 {fmt(width)} {fmt(height)}", debug=False,
            font_family=FONT_FAMILY,
        )
        if title is not None:
            self.svgwrite.set_desc(title=xml_text(title))
        self._defined: set[str] = set()
        self.canvas = Canvas(self, self.svgwrite)

    def define(self, name: str) -> Canvas | None:
        if name in self._defined:
            return None
        self._defined.add(name)
        g = self.svgwrite.g(id=name)
        self.svgwrite.defs.add(g)
        return Canvas(self, g)

    def clip_rect(self, name: str, box: Rect) -> str:
        """Define a rectangular clip path; returns the name to pass as ``clip``."""
        dwg = self.svgwrite
        clip = dwg.clipPath(id=name)
        clip.add(dwg.rect(insert=(fmt(box.x), fmt(box.y)), size=(fmt(box.width), fmt(box.height))))
        dwg.defs.add(clip)
        self._defined.add(name)
        return name

    def to_inline(self, label: str, element_id: str) -> str:
        """The document as an ``<svg>`` element to put inside an HTML page: no XML
        declaration and no size in mm (the page sizes it by its ``viewBox``), with an
        ``id`` and, for screen readers, ``role="img"`` and ``label`` as its name."""
        svg = self.svgwrite
        svg.attribs.pop("width", None)
        svg.attribs.pop("height", None)
        svg.attribs["id"] = element_id
        svg.attribs["role"] = "img"
        svg.attribs["aria-label"] = xml_text(label)
        body: str = svg.tostring()
        return body.replace("><", ">\n<") + "\n"

    def to_string(self) -> str:
        """The document as text: an XML declaration, then one element per line (which
        keeps diffs readable; no text element has child elements, so the added line
        breaks never change what is drawn)."""
        body: str = self.svgwrite.tostring()
        return '<?xml version="1.0" encoding="utf-8"?>\n' + body.replace("><", ">\n<") + "\n"
