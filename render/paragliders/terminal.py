"""A map as text for the terminal: two characters a hex, columns staggered like the board.

Each hex shows its terrain letter and, if it has one, a mark: ``T`` take-off, ``@`` target,
``B``/``R``/``Y`` antennas, ``1``-``9`` and ``0`` cloud spawn numbers, ``c``/``m``/``o``/``g``
landmark GPS sites. With ``color=True`` terrains also get background colours (Okabe-Ito
hues, readable by colour-blind players).
"""

from __future__ import annotations

from skyhex.render.sheet import ansi, staggered_rows
from skyhex.rules.hexgrid import Hex
from skyhex.rules.paragliders.features import Antenna, HexFeatures, Landmark
from skyhex.rules.paragliders.maps import Map
from skyhex.rules.paragliders.terrain import Terrain

_GPS = {Landmark.CASTLE: "c", Landmark.MEGALITHS: "m", Landmark.CROP_CIRCLE: "o",
        Landmark.GOLF_COURSE: "g"}
_ANTENNA = {Antenna.BLUE: "B", Antenna.RED: "R", Antenna.YELLOW: "Y"}

# 256-colour backgrounds close to the Okabe-Ito palette.
_BACKGROUND = {
    Terrain.MOUNTAIN: 137,  # vermillion-brown
    Terrain.FIELD: 222,  # yellow
    Terrain.FOREST: 29,  # bluish green
    Terrain.LAKE: 74,  # sky blue
    Terrain.AERODROME: 250,  # grey
}


def mark(features: HexFeatures) -> str | None:
    """The one-character mark of a hex, most important first."""
    if features.takeoff:
        return "T"
    if features.target:
        return "@"
    if features.antenna is not None:
        return _ANTENNA[features.antenna]
    if features.gps is not None:
        return _GPS[features.gps]
    if features.spawn is not None:
        return str(features.spawn % 10) if features.spawn <= 10 else "+"
    return None


def render_map(m: Map, *, color: bool = False, legend: bool = True) -> str:
    """The picture of ``m``: rows of ``"Mf"``-style cells, north up."""
    if not m.hexes:
        return "(empty map)\n"
    cells: dict[Hex, str] = {}
    for h, mh in m.hexes.items():
        letter = mh.terrain.letter
        cell = letter + (mark(mh.features) or letter)
        if color:
            fg = 15 if mh.terrain in (Terrain.FOREST, Terrain.MOUNTAIN) else 0
            cell = ansi(cell, _BACKGROUND[mh.terrain], fg)
        cells[h] = cell
    text = staggered_rows(cells)
    if legend:
        text += ("\nterrain: M mountain  . field  f forest  ~ lake  X aerodrome\n"
                 "marks:   T take-off  @ target  B R Y antennas  1-9 0 cloud spawns (0 = 10)\n"
                 "         c castle  m megaliths  o crop circle  g golf course\n")
    return text
