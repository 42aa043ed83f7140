"""The globe of Balmy Balloonists: lanes of spaces around the world, cut by heavy red and blue
lines into sections, grouped into quadrants, with exclusion and mountain zones.

Geometry (``docs/rules-notes.md``, "Balmy Balloonists"):

- Lanes are numbered from 1 (next to the Polar Vortex, north) to ``lanes`` (next to the
  Equatorial Doldrums, south). Balloons race counter-clockwise seen from the North Pole:
  eastward, to the right on the printed strip.
- ``sections`` lists the sections west to east from the start meridian, each behind a heavy
  line (``red`` or ``blue``) on its west side; the first section's line is the start and
  finish meridian. A section has its own number of spaces in each lane, and every section
  spans the same longitude (``360 / len(sections)`` degrees).
- A space is ``Space(lane, k)``: the k-th space of its lane east of the start meridian
  (k from 0). Within its section it is the ``i``-th of ``n`` spaces.
- Moving north or south keeps the distance to the next heavy line (east) in spaces, and never
  crosses a heavy line: ``shift``. Southern lanes have more spaces per section, so a balloon
  moving south moves right, one moving north moves left.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import NamedTuple

from skyhex.rules.errors import Path


class Space(NamedTuple):
    """A space of the globe: its lane (1 = north) and its index in the lane from the start
    meridian eastward (0 = the first space after it)."""

    lane: int
    k: int

    def __str__(self) -> str:
        return f"{self.lane}/{self.k}"


class ZoneKind(StrEnum):
    EXCLUSION = "exclusion"  # the yellow restricted airspaces
    BROWN = "brown-mountain"  # traversed at Medium or High
    WHITE = "white-mountain"  # traversed at High


class Line(StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Section:
    """A section between two heavy lines: its quadrant (1-based), the colour of the heavy
    line on its west side, and its number of spaces in each lane (north first)."""

    quadrant: int
    line: Line
    spaces: tuple[int, ...]


@dataclass(frozen=True)
class Zone:
    """A zone of spaces: a restricted airspace (``permission``: the Permission Advantage card
    that lets a balloon in; ``None``: none does, as for Area 51) or a mountain zone."""

    name: str
    kind: ZoneKind
    spaces: tuple[Space, ...]
    permission: str | None = None


@dataclass(frozen=True)
class Globe:
    """A globe board, with lookup tables computed once. Spaces of ``zones`` outside the
    globe and spaces in two zones are kept for the checker (``mapgen/balloons/check.py``);
    ``zone_at`` holds the first zone of each space on the globe. The rules engine reads
    its spaces through per-lane rows (``zone_rows``, ``quadrant_rows``, ``degree_rows``),
    built the first time they are read: the map generator, which builds a globe for every
    zone it places, never pays for them."""

    lanes: int
    sections: tuple[Section, ...]
    zones: tuple[Zone, ...] = ()
    title: str | None = None
    seed: int | None = None
    generator: str | None = None
    space_paths: Mapping[Space, Path] = field(default_factory=dict, compare=False, repr=False)
    """Where each space is written in the map file: its zone entry, else its section."""
    totals: tuple[int, ...] = field(init=False, repr=False, compare=False)
    offsets: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    zone_at: Mapping[Space, Zone] = field(init=False, repr=False, compare=False)
    _where: tuple[tuple[tuple[int, int], ...], ...] = field(init=False, repr=False,
                                                             compare=False)

    def __post_init__(self) -> None:
        offsets = []
        where = []
        for lane in range(1, self.lanes + 1):
            starts: list[int] = []
            places: list[tuple[int, int]] = []
            k = 0
            for s, section in enumerate(self.sections):
                starts.append(k)
                n = section.spaces[lane - 1]
                places.extend((s, i) for i in range(n))
                k += n
            offsets.append(tuple(starts))
            where.append(tuple(places))
        object.__setattr__(self, "offsets", tuple(offsets))
        object.__setattr__(self, "_where", tuple(where))
        object.__setattr__(self, "totals", tuple(len(p) for p in where))
        zone_at: dict[Space, Zone] = {}
        for zone in self.zones:
            for space in zone.spaces:
                if self.on_globe(space):
                    zone_at.setdefault(space, zone)
        object.__setattr__(self, "zone_at", zone_at)

    # --- spaces -------------------------------------------------------------------------

    @property
    def quadrants(self) -> int:
        return max((s.quadrant for s in self.sections), default=0)

    def on_globe(self, space: Space) -> bool:
        return 1 <= space.lane <= self.lanes and 0 <= space.k < self.totals[space.lane - 1]

    def spaces(self) -> list[Space]:
        """Every space, lane by lane, west to east."""
        return [Space(lane, k) for lane in range(1, self.lanes + 1)
                for k in range(self.totals[lane - 1])]

    def place(self, space: Space) -> tuple[int, int, int]:
        """The section of ``space``, its index in the section and the section's number of
        spaces in its lane."""
        s, i = self._where[space.lane - 1][space.k]
        return s, i, self.sections[s].spaces[space.lane - 1]

    def quadrant(self, space: Space) -> int:
        return self.quadrant_rows[space.lane - 1][space.k]

    # --- per-lane rows (the engine's hot paths index them by ``lane - 1``, then ``k``) -----

    @cached_property
    def zone_rows(self) -> tuple[tuple[Zone | None, ...], ...]:
        """``zone_at`` as rows: the zone of each space of each lane, ``None`` outside
        every zone."""
        get = self.zone_at.get
        return tuple(tuple(get(Space(lane, k)) for k in range(total))
                     for lane, total in enumerate(self.totals, 1))

    @cached_property
    def quadrant_rows(self) -> tuple[tuple[int, ...], ...]:
        """The quadrant of each space of each lane."""
        return tuple(tuple(self.sections[s].quadrant for s, _ in row) for row in self._where)

    @cached_property
    def degree_rows(self) -> tuple[tuple[int, ...], ...]:
        """``degrees`` of each space of each lane with no lap made (a lap adds 360)."""
        rows = []
        for lane, total in enumerate(self.totals, 1):
            row = []
            for k in range(total):
                num, den = self.longitude(Space(lane, k))
                row.append(360 * num // den)
            rows.append(tuple(row))
        return tuple(rows)

    def at(self, lane: int, section: int, i: int) -> Space:
        """The ``i``-th space of ``section`` in ``lane``."""
        return Space(lane, self.offsets[lane - 1][section] + i)

    def start(self, lane: int) -> Space:
        """The first space after the start meridian in ``lane``."""
        return Space(lane, 0)

    # --- moving -------------------------------------------------------------------------

    def east(self, space: Space) -> tuple[Space, int]:
        """The next space forward (counter-clockwise) and the laps gained (1 when it crosses
        the start meridian)."""
        k = space.k + 1
        if k == self.totals[space.lane - 1]:
            return Space(space.lane, 0), 1
        return Space(space.lane, k), 0

    def west(self, space: Space) -> tuple[Space, int]:
        """The next space backward and the laps gained (-1 when it crosses back over the
        start meridian)."""
        if space.k == 0:
            return Space(space.lane, self.totals[space.lane - 1] - 1), -1
        return Space(space.lane, space.k - 1), 0

    def shift(self, space: Space, lane: int) -> Space:
        """``space`` moved north or south to ``lane``: the same number of spaces before the
        next heavy line, never across a heavy line (the first space of the section when the
        new lane's section is too short)."""
        s, i, n = self.place(space)
        to = self.sections[s].spaces[lane - 1]
        return self.at(lane, s, max(0, to - (n - i)))

    def section_start(self, space: Space, lane: int) -> Space:
        """The first space after the last heavy line ``space`` has passed, in ``lane``."""
        return self.at(lane, self.place(space)[0], 0)

    def leftmost(self, space: Space, lane: int) -> Space:
        """The leftmost (westernmost) space of ``lane`` beside ``space``: the one under the
        west edge of ``space`` (within its section)."""
        s, i, n = self.place(space)
        return self.at(lane, s, i * self.sections[s].spaces[lane - 1] // n)

    def beside(self, space: Space) -> list[Space]:
        """The spaces touching ``space`` on the printed globe: its east and west neighbours
        in its lane, and the spaces of the lanes north and south whose stretch of longitude
        overlaps its own (within its section)."""
        s, i, n = self.place(space)
        out = [self.east(space)[0], self.west(space)[0]]
        for lane in (space.lane - 1, space.lane + 1):
            if 1 <= lane <= self.lanes:
                m = self.sections[s].spaces[lane - 1]
                first, last = i * m // n, -(-(i + 1) * m // n) - 1
                out += [self.at(lane, s, j) for j in range(first, last + 1)]
        return out

    # --- longitude ----------------------------------------------------------------------

    def longitude(self, space: Space) -> tuple[int, int]:
        """Where the west edge of ``space`` lies east of the start meridian, as a fraction of
        the globe ``(numerator, denominator)``."""
        s, i, n = self.place(space)
        return s * n + i, len(self.sections) * n

    def degrees(self, space: Space, laps: int = 0) -> int:
        """Whole degrees travelled east from the start meridian to the west edge of
        ``space``, after ``laps`` crossings of the start meridian: ``360 * (laps + num /
        den)`` rounded down for its ``longitude`` ``num / den``, which is ``360 * laps``
        and the space's own rounded degrees (``degree_rows``)."""
        return 360 * laps + self.degree_rows[space.lane - 1][space.k]
