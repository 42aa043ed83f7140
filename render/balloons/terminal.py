"""A Balmy Balloonists globe as text for the terminal: one row a lane, north (the Polar
Vortex) on top, the Equatorial Doldrums below, west to east from the start meridian.

Every section takes the width of its widest lane, so the heavy lines stand one above the
other: ``#`` a red line (the first is the start meridian), ``|`` a blue one. A space is ``.``
(open sky), ``x`` a restricted airspace with a Permission card, ``X`` one without (Area 51),
``b`` a brown mountain zone (Medium or High), ``W`` a white one (High). With ``color=True``
zones also get background colours (Okabe-Ito hues).
"""

from __future__ import annotations

from skyhex.render.sheet import ansi
from skyhex.rules.balloons.globe import Globe, Line, Space, ZoneKind

_BACKGROUND = {"x": 222, "X": 178, "b": 137, "W": 255}  # yellow, darker yellow, brown, white
_FOREGROUND = {"x": 0, "X": 0, "b": 15, "W": 0}


def space_mark(globe: Globe, space: Space) -> str:
    zone = globe.zone_at.get(space)
    if zone is None:
        return "."
    if zone.kind is ZoneKind.EXCLUSION:
        return "x" if zone.permission is not None else "X"
    return "b" if zone.kind is ZoneKind.BROWN else "W"


def render_globe(globe: Globe, *, color: bool = False, legend: bool = True) -> str:
    """The picture of ``globe``: a quadrant row, the Polar Vortex, a row per lane, the
    Doldrums."""
    widths = [max(s.spaces) for s in globe.sections]
    label = len(f"lane {globe.lanes} ")
    head = [" " * label]
    for s, section in enumerate(globe.sections):
        first = s == 0 or globe.sections[s - 1].quadrant != section.quadrant
        text = f"Q{section.quadrant}" if first else ""
        head.append(" " + text.ljust(widths[s]))
    total = sum(widths) + len(widths) + 1
    rows = ["".join(head).rstrip(), " " * label + "Polar Vortex".center(total, "~")]
    for lane in range(1, globe.lanes + 1):
        parts = [f"lane {lane}".ljust(label)]
        for s, section in enumerate(globe.sections):
            parts.append("#" if section.line is Line.RED else "|")
            for i in range(section.spaces[lane - 1]):
                mark = space_mark(globe, globe.at(lane, s, i))
                parts.append(ansi(mark, _BACKGROUND[mark], _FOREGROUND[mark])
                             if color and mark != "." else mark)
            parts.append(" " * (widths[s] - section.spaces[lane - 1]))
        parts.append("#")
        rows.append("".join(parts))
    rows.append(" " * label + "Equatorial Doldrums".center(total, "~"))
    text = "\n".join(rows) + "\n"
    if legend:
        text += ("\nspaces: . open sky  x restricted airspace (Permission card)  X restricted, "
                 "no permission\n        b brown mountains (Medium or High)  W white "
                 "mountains (High)\nlines: # heavy red (the first: start and finish)  | heavy "
                 "blue; balloons race east (left to right)\n")
        names = sorted({z.name for z in globe.zones})
        if names:
            text += "zones: " + ", ".join(names) + "\n"
    return text
