"""The Balmy Balloonists globe generator: a globe for a component set, from a seed.

1. Each quadrant gets a random number of sections (the set's ``sections_per_quadrant``),
   a heavy red line before its first section and heavy blue lines between the others; every
   section has the set's number of spaces in each lane.
2. The zones go one by one, white mountains first, then the restricted airspaces (one per
   permission of the set's Advantage cards, named after it, the rest without a permission,
   like Area 51), then the brown mountains: each grows from a random space, space by space into
   the spaces touching it (``Globe.beside``), to a random size in the set's
   ``zone_size``, never onto another zone or a start space. A zone that would leave some free
   space without a way round the world is drawn again from another space: the step that
   failed is redrawn, never the whole globe.

The zones grow and are tried on the plain tables of ``tables.py`` (spaces by number, a flag
per space): one search a zone tried, no graph built; the checker that ends generation asks
the same tables, and ``tests/balloons/test_globe_tables.py`` holds them equal to networkx's
answer (``graph.py``).

The result is checked before it is returned. Every random choice comes from
``random.Random(seed).random()``, so a seed, a component set and a skyhex version give the
same globe every time; the generator version is recorded in the map and bumped whenever the
same seed would give another globe.
"""

from __future__ import annotations

from skyhex.mapgen.balloons.check import check_globe
from skyhex.mapgen.balloons.tables import BLOCKING, GlobeTables, globe_tables, homeward
from skyhex.mapgen.chance import Chance
from skyhex.mapgen.errors import GenerationError
from skyhex.rules import __version__
from skyhex.rules.balloons.components import ComponentSet
from skyhex.rules.balloons.globe import Globe, Line, Section, Zone, ZoneKind

ALGORITHM = 1  # bump whenever the same seed would give another globe


def generator_name() -> str:
    return f"skyhex {__version__} mapgen-balloons/{ALGORITHM}"


def _plan(parts: ComponentSet) -> list[tuple[ZoneKind, str, str | None]]:
    settings = parts.generator
    plan: list[tuple[ZoneKind, str, str | None]] = [
        (ZoneKind.WHITE, f"White mountains {n + 1}", None) for n in range(settings.white)]
    permissions = sorted(parts.permissions)
    for n in range(settings.exclusion):
        if n < len(permissions):
            plan.append((ZoneKind.EXCLUSION, permissions[n].replace("-", " ").title(),
                         permissions[n]))
        else:
            plan.append((ZoneKind.EXCLUSION, f"No-fly zone {n - len(permissions) + 1}", None))
    plan += [(ZoneKind.BROWN, f"Brown mountains {n + 1}", None) for n in range(settings.brown)]
    return plan


def _grow(tables: GlobeTables, chance: Chance, start: int, size: int, closed: bytearray
          ) -> list[int]:
    """A zone of up to ``size`` spaces (by number, sorted) grown from ``start`` into free
    neighbours (``closed``: a flag per space that no zone may take)."""
    beside = tables.beside
    blob = [start]
    while len(blob) < size:
        frontier = sorted({to for s in blob for to in beside[s]
                           if not closed[to] and to not in blob})
        if not frontier:
            break
        blob.append(frontier[chance.pick(frontier)])
    return sorted(blob)


def _passable(tables: GlobeTables, free: bytearray, blob: list[int]) -> bool:
    """Whether every free space still gets round the world with ``blob`` closed too."""
    after = bytearray(free)
    for s in blob:
        after[s] = 0
    home = homeward(tables, after)
    return home == after


def generate_globe(parts: ComponentSet, seed: int) -> Globe:
    """A valid globe for the component set ``parts`` and ``seed``; ``GenerationError``
    names the rule that could not be kept."""
    chance = Chance(seed)
    settings = parts.generator
    low, high = settings.sections_per_quadrant
    sections = []
    for q in range(1, parts.globe.quadrants + 1):
        count = low + chance.below(high - low + 1)
        sections += [Section(q, Line.RED if j == 0 else Line.BLUE, settings.spaces)
                     for j in range(count)]
    bare = Globe(parts.lanes, tuple(sections))
    tables = globe_tables(bare.lanes, bare.sections)
    spaces = tables.spaces
    # closed: the start spaces and every zone's; free: the spaces no blocking zone holds
    closed = bytearray(len(spaces))
    for lane in range(1, bare.lanes + 1):
        closed[tables.index[bare.start(lane)]] = 1
    free = bytearray(b"\x01") * len(spaces)
    zones: list[Zone] = []
    smallest, largest = settings.zone_size
    for kind, name, permission in _plan(parts):
        seeds = [s for s in range(len(spaces)) if not closed[s]]
        size = smallest + chance.below(largest - smallest + 1)
        while True:
            if not seeds:
                raise GenerationError("globe.passable", f"no room left for zone {name!r} "
                                      "that keeps a way round the world")
            blob = _grow(tables, chance, seeds.pop(chance.pick(seeds)), size, closed)
            if kind not in BLOCKING or _passable(tables, free, blob):
                break
        for s in blob:
            closed[s] = 1
            if kind in BLOCKING:
                free[s] = 0
        zones.append(Zone(name, kind, tuple(spaces[s] for s in blob), permission))
    globe = Globe(parts.lanes, tuple(sections), tuple(zones), seed=seed,
                  generator=generator_name())
    violations = check_globe(globe, parts)
    if violations:
        first = violations[0]
        raise GenerationError(first.rule, first.message)
    return globe
