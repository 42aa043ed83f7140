"""The Balmy Balloonists globe generator: a globe for a component set, from a seed.

1. Each quadrant gets a random number of sections (the set's ``sections_per_quadrant``),
   a heavy red line before its first section and heavy blue lines between the others; every
   section has the set's number of spaces in each lane.
2. The zones go one by one, white mountains first, then the restricted airspaces (one per
   permission of the set's Advantage cards, named after it, the rest without a permission,
   like Area 51), then the brown mountains: each grows from a random space, space by space into
   the spaces touching it (``Globe.beside``), to a random size in the set's
   ``zone_size``, never onto another zone or a start space. A zone that would leave some free
   space without a way round the world (``graph.trapped``, networkx) is drawn again from
   another space: the step that failed is redrawn, never the whole globe.

The result is checked before it is returned. Every random choice comes from
``random.Random(seed).random()``, so a seed, a component set and a skyhex version give the
same globe every time; the generator version is recorded in the map and bumped whenever the
same seed would give another globe.
"""

from __future__ import annotations

from skyhex.mapgen.balloons.check import check_globe
from skyhex.mapgen.balloons.graph import BLOCKING, trapped
from skyhex.mapgen.chance import Chance
from skyhex.mapgen.errors import GenerationError
from skyhex.rules import __version__
from skyhex.rules.balloons.components import ComponentSet
from skyhex.rules.balloons.globe import Globe, Line, Section, Space, Zone, ZoneKind

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


def _grow(globe: Globe, chance: Chance, start: Space, size: int, closed: set[Space]
          ) -> tuple[Space, ...]:
    """A zone of up to ``size`` spaces grown from ``start`` into free neighbours."""
    blob = [start]
    while len(blob) < size:
        frontier = sorted({to for s in blob for to in globe.beside(s)
                           if to not in closed and to not in blob})
        if not frontier:
            break
        blob.append(frontier[chance.pick(frontier)])
    return tuple(sorted(blob))


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
    globe = Globe(parts.lanes, tuple(sections))
    starts = {globe.start(lane) for lane in range(1, globe.lanes + 1)}
    zones: list[Zone] = []
    smallest, largest = settings.zone_size
    for kind, name, permission in _plan(parts):
        closed = starts | set(globe.zone_at)
        seeds = [s for s in globe.spaces() if s not in closed]
        size = smallest + chance.below(largest - smallest + 1)
        while True:
            if not seeds:
                raise GenerationError("globe.passable", f"no room left for zone {name!r} "
                                      "that keeps a way round the world")
            blob = _grow(globe, chance, seeds.pop(chance.pick(seeds)), size, closed)
            if kind not in BLOCKING or not trapped(globe, frozenset(blob)):
                break
        zones.append(Zone(name, kind, blob, permission))
        globe = Globe(parts.lanes, tuple(sections), tuple(zones))
    globe = Globe(parts.lanes, tuple(sections), tuple(zones), seed=seed,
                  generator=generator_name())
    violations = check_globe(globe, parts)
    if violations:
        first = violations[0]
        raise GenerationError(first.rule, first.message)
    return globe
