"""A Turbulences map as text for the terminal, drawn like the other hex maps (two characters a
hex, columns staggered like the board, north up).

A landscape tile shows its biome letter (``P`` plain, ``S`` sea, ``D`` desert, ``M``
mountain) and its cloud, if any: ``c`` a cumulus, ``s`` a storm, the height (``2``-``9``) of
a Tempest. Around the landscape, each city shows its region number (1-6, counter-clockwise
from the south-west side) after a ``#``. With ``color=True`` biomes also get background
colours (Okabe-Ito hues, readable by colour-blind players) and storms a dark cell.
"""

from __future__ import annotations

from skyhex.render.sheet import ansi, staggered_rows
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences.landscape import (
    Biome,
    CloudSide,
    Landscape,
    Stack,
    city_region,
    is_tempest,
)

_LETTER = {Biome.PLAIN: "P", Biome.SEA: "S", Biome.DESERT: "D", Biome.MOUNTAIN: "M"}

# 256-colour backgrounds close to the Okabe-Ito palette.
_BACKGROUND = {
    Biome.PLAIN: 35,  # bluish green
    Biome.SEA: 32,  # blue
    Biome.DESERT: 222,  # yellow
    Biome.MOUNTAIN: 137,  # vermillion-brown
}
_CITY_BACKGROUND = 250  # grey
_STORM_BACKGROUND = 236  # near black


def cloud_mark(stack: Stack) -> str:
    """One character for the clouds on a tile: ``c``, ``s``, or a Tempest's height."""
    if not stack:
        return " "
    if is_tempest(stack):
        return str(len(stack)) if len(stack) <= 9 else "+"
    return "c" if stack[0].side is CloudSide.CUMULUS else "s"


def render_landscape(land: Landscape, *, color: bool = False, legend: bool = True) -> str:
    """The picture of ``land`` with its cities: rows of ``"Pc"``-style cells, north up."""
    cells: dict[Hex, tuple[str, int | None, int]] = {}
    for h, (region, _) in city_region().items():
        cells[h] = (f"#{region}", _CITY_BACKGROUND, 0)
    for h, biome in land.biomes.items():
        stack = land.clouds.get(h, ())
        storm = bool(stack) and stack[-1].side is CloudSide.STORM
        dark = storm or biome in (Biome.SEA, Biome.MOUNTAIN)
        mark = "/" if h in land.halves and not stack else cloud_mark(stack)
        cells[h] = (_LETTER[biome] + mark,
                    _STORM_BACKGROUND if storm else _BACKGROUND[biome], 15 if dark else 0)
    for h, stack in land.clouds.items():  # clouds on tiles the map does not list
        if h not in land.biomes:
            cells[h] = ("?" + cloud_mark(stack), None, 0)
    text = staggered_rows({h: ansi(cell, background, foreground)
                           if color and background is not None else cell
                           for h, (cell, background, foreground) in cells.items()})
    if legend:
        text += ("\nbiomes: P plain  S sea  D desert  M mountain\n"
                 "clouds: c cumulus  s storm  2-9 Tempest (tokens stacked)\n"
                 + ("half-tiles: P/ a hex of two half-tiles (its first half's letter)\n"
                    if land.halves else "") +
                 "cities: #1-#6 region number (counter-clockwise from the south-west side)\n")
    return text
