"""Print styles: ``low-ink`` for home printers.

The low-ink style keeps every symbol, outline and mark of a board and pales the fill of its
map hexes (the only ``<polygon>`` elements of a sheet, see ``render/drawing.py``) and of
their terrains' swatches (paths of class ``terrain``) to a tint of their colour, so that a
board printed at home takes a fraction of the ink while the terrain keeps its hue and its
symbol.
"""

from __future__ import annotations

import re

STYLES = ("normal", "low-ink")
TINT = 0.22
"""The share of a hex's colour kept in the low-ink style (the rest is white)."""

_POLYGON_FILL = re.compile(r'(<polygon\b[^>]*?\bfill=")#([0-9A-Fa-f]{6})(")')


def tint(colour: str, share: float = TINT) -> str:
    """``colour`` (``#RRGGBB``) mixed with white, ``share`` of it kept."""
    channels = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(255 - (255 - c) * share) for c in channels]
    return "#" + "".join(f"{c:02X}" for c in mixed)


_TERRAIN_TAG = re.compile(r'<path\b[^>]*\bclass="terrain"[^>]*>')
_FILL = re.compile(r'(\bfill=")#([0-9A-Fa-f]{6})(")')


def low_ink(svg: str) -> str:
    """The SVG document ``svg`` with its map hexes' fills, and those of the swatches of
    their terrains (legends, track boards), paled to the same tints."""
    svg = _POLYGON_FILL.sub(lambda m: m[1] + tint("#" + m[2]) + m[3], svg)
    return _TERRAIN_TAG.sub(
        lambda tag: _FILL.sub(lambda m: m[1] + tint("#" + m[2]) + m[3], tag[0]), svg)


def styled(svg: str, style: str) -> str:
    """``svg`` in the print ``style`` (one of ``STYLES``)."""
    return low_ink(svg) if style == "low-ink" else svg
