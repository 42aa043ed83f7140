"""The Balmy Balloonists globe checker: every rule a globe must keep, all violations at once,
each with the spaces it concerns (located in the file at their zone entry, else their
section).

Rules, in report order:

1. ``globe.zone-space``: every zone space lies on the globe (a lane that exists, an index
   below the lane's number of spaces).
2. ``globe.zone-overlap``: no space is in two zones, or twice in one.
3. ``globe.quadrants``: the sections' quadrants run 1, 2, 3, ... west to east from the start
   meridian, each quadrant one block of sections.
4. ``globe.start``: the first space of every lane after the start meridian (where balloons
   start, grounded) is in no zone.
5. ``globe.permission``: only restricted airspaces name a permission, and (with a component
   set) an Advantage card gives it.
6. ``globe.passable``: from every space a balloon can fly through at Medium altitude without
   a permission it gets round the world: no wall of restricted airspace and white mountains
   across every lane, and no free space shut in by them.

The checker runs whenever a globe is read (``map check``, and ``scenario validate``,
``replay``, ``legal`` and ``board`` on every globe they load) and ends every generation: it
asks the plain tables of ``tables.py`` (a search over the lifted space graph on lists of
numbers) rather than networkx, which only ``map stats`` loads (``graph.py``); a property test
holds the two answers equal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from skyhex.mapgen.balloons.tables import trapped
from skyhex.mapgen.errors import Violation
from skyhex.rules.balloons.components import ComponentSet
from skyhex.rules.balloons.globe import Globe, Space, ZoneKind
from skyhex.rules.balloons.places import places


def _spaces(spaces: Iterable[Space], limit: int = 8) -> str:
    ss = sorted(spaces)
    text = ", ".join(str(s) for s in ss[:limit])
    return text + (f" and {len(ss) - limit} more" if len(ss) > limit else "")


def _at(spaces: Iterable[Space]) -> tuple[tuple[int, int], ...]:
    return tuple((s.lane, s.k) for s in spaces)


def check_globe(globe: Globe, components: ComponentSet | None = None) -> list[Violation]:
    """Every violation of ``globe`` (with ``components``: also the permissions its Advantage
    cards give), in rule order; an empty list means the globe is valid."""
    out: list[Violation] = []
    for zone in globe.zones:
        off = [s for s in zone.spaces if not globe.on_globe(s)]
        if off:
            out.append(Violation(
                "globe.zone-space", f"zone {zone.name!r}: space(s) {_spaces(off)} are not on "
                "the globe", f"lanes run 1-{globe.lanes}; lane L has spaces 0 to its number of "
                "spaces - 1 (see the sections)", places=places(spaces=_at(off))))
    counts = Counter(s for zone in globe.zones for s in zone.spaces if globe.on_globe(s))
    twice = [s for s, n in counts.items() if n > 1]
    if twice:
        out.append(Violation(
            "globe.zone-overlap", f"space(s) {_spaces(twice)} are in two zones (or listed "
            "twice)", "a space belongs to one zone at most", places=places(spaces=_at(sorted(twice)))))
    quadrants = [s.quadrant for s in globe.sections]
    blocks = [q for k, q in enumerate(quadrants) if k == 0 or quadrants[k - 1] != q]
    if blocks != list(range(1, len(blocks) + 1)):
        bad = next(k for k, q in enumerate(quadrants)
                   if q not in (quadrants[k - 1] if k else 1, (quadrants[k - 1] + 1) if k else 1))
        first = [globe.at(lane, bad, 0) for lane in range(1, globe.lanes + 1)]
        out.append(Violation(
            "globe.quadrants", f"the sections' quadrants run {', '.join(map(str, quadrants))}",
            "number the quadrants 1, 2, 3, ... west to east from the start meridian, each "
            "one block of sections", places=places(spaces=_at(first[:1]))))
    starts = [globe.start(lane) for lane in range(1, globe.lanes + 1)
              if globe.start(lane) in globe.zone_at]
    if starts:
        out.append(Violation(
            "globe.start", f"start space(s) {_spaces(starts)} are in a zone",
            "balloons start grounded on the first space of their lane after the start "
            "meridian: keep those spaces clear", places=places(spaces=_at(starts))))
    for zone in globe.zones:
        where = _at(zone.spaces[:1])
        if zone.permission is not None and zone.kind is not ZoneKind.EXCLUSION:
            out.append(Violation("globe.permission", f"zone {zone.name!r} is a {zone.kind.value}"
                                 f" zone with a permission ({zone.permission})",
                                 "only restricted airspaces have a permission", places=places(spaces=where)))
        elif components is not None and zone.permission is not None and \
                zone.permission not in components.permissions:
            out.append(Violation(
                "globe.permission", f"zone {zone.name!r} needs permission "
                f"{zone.permission!r}, which no Advantage card of {components.id} gives",
                f"permissions of the set: {', '.join(sorted(components.permissions)) or '-'}"
                " (leave permission out for a zone like Area 51)", places=places(spaces=where)))
    if not out or all(v.rule in ("globe.permission", "globe.start") for v in out):
        shut = trapped(globe)
        if shut:
            out.append(Violation(
                "globe.passable", f"no way round the world from space(s) {_spaces(shut)} "
                "without a permission or High altitude", "open a gap in the restricted "
                "airspaces and white mountains (brown mountains are crossed at Medium)",
                places=places(spaces=_at(shut))))
    return out
