"""The meadow (a ``skyhex.map/1`` document of ``game: thistledown``): a hexagon of
flat-topped axial hexes of a given radius about ``(0, 0)``, with thorn bushes (no tuft flies
through them) and updrafts (a tuft whose flight ends on one is carried a hex further).

The start line is the west edge (``q == -radius``), the hedge the east edge (``q ==
radius``). ``check_meadow`` holds a meadow to its setup rules, ``generate_meadow`` draws one
from a seed that keeps them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from skyhex.mapgen.errors import GenerationError, Violation
from skyhex.rules.errors import InputError, Problem
from skyhex.rules.hexgrid import ORIGIN, Hex, disc

from thistledown import GAME
from thistledown.places import hexes

RADIUS = 4
"""The standard meadow's radius (61 hexes)."""
TRIES = 200
"""Meadows drawn for one seed before the generator gives up."""


@dataclass(frozen=True)
class Meadow:
    """A meadow: its radius, its thorn bushes and updrafts, and where each hex was written
    in its file (``hex_paths``, for locating a broken rule)."""

    radius: int
    thorns: frozenset[Hex]
    updrafts: frozenset[Hex]
    title: str | None = None
    hex_paths: Mapping[Hex, tuple[Any, ...]] = field(default_factory=dict, compare=False)

    @property
    def hexes(self) -> frozenset[Hex]:
        return frozenset(disc(ORIGIN, self.radius))

    def inside(self, h: Hex) -> bool:
        return h.distance(ORIGIN) <= self.radius

    def open(self, h: Hex) -> bool:
        """Whether a tuft may be on ``h``: inside the meadow, no thorns."""
        return self.inside(h) and h not in self.thorns

    def start_line(self) -> list[Hex]:
        """The west edge, north to south."""
        return [h for h in sorted(self.hexes, key=lambda h: h.r) if h.q == -self.radius]

    def at_hedge(self, h: Hex) -> bool:
        return h.q == self.radius

    def columns(self, h: Hex) -> int:
        """Columns crossed from the start line to ``h`` (0 to ``2 * radius``)."""
        return h.q + self.radius


def _hex(value: Any) -> Hex:
    return Hex(int(value[0]), int(value[1]))


def meadow_from_dict(data: Mapping[str, Any]) -> Meadow:
    """The meadow of a schema-valid map document; ``InputError`` for hexes outside it or
    written twice."""
    radius = int(data.get("radius", RADIUS))
    problems: list[Problem] = []
    seen: dict[Hex, tuple[Any, ...]] = {}
    sets: dict[str, set[Hex]] = {"thorns": set(), "updrafts": set()}
    for key, found in sets.items():
        for k, value in enumerate(data.get(key, ())):
            h, path = _hex(value), (key, k)
            if h.distance(ORIGIN) > radius:
                problems.append(Problem("map.hex", f"hex {h} is outside a meadow of radius "
                                        f"{radius}", path))
            elif h in seen:
                problems.append(Problem("map.hex", f"hex {h} is written twice", path))
            else:
                seen[h] = path
                found.add(h)
    if problems:
        raise InputError(problems)
    return Meadow(radius, frozenset(sets["thorns"]), frozenset(sets["updrafts"]),
                  data.get("title"), seen)


def meadow_to_dict(m: Meadow) -> dict[str, Any]:
    """The map document of a meadow (``meadow_from_dict`` reads it back)."""
    doc: dict[str, Any] = {"format": "skyhex.map/1", "game": GAME}
    if m.title:
        doc["title"] = m.title
    doc["radius"] = m.radius
    doc["thorns"] = [list(h) for h in sorted(m.thorns)]
    doc["updrafts"] = [list(h) for h in sorted(m.updrafts)]
    return doc


def reachable(m: Meadow, start: Hex) -> set[Hex]:
    """The open hexes a tuft could reach from ``start`` one step at a time."""
    found, todo = {start}, [start]
    while todo:
        for n in todo.pop().neighbors():
            if n not in found and m.open(n):
                found.add(n)
                todo.append(n)
    return found


def check_meadow(m: Meadow) -> list[Violation]:
    """Every setup rule the meadow breaks: no thorns on the start line or at the hedge, and
    from every hex of the start line the hedge can be reached around the thorns."""
    out: list[Violation] = []
    edge = sorted(h for h in m.thorns if abs(h.q) == m.radius)
    if edge:
        out.append(Violation("meadow.edge-thorns", f"{len(edge)} thorn bush(es) on the start "
                             "line or at the hedge", "keep thorns off the west and east edges",
                             places=hexes(edge)))
    shared = sorted(m.thorns & m.updrafts)
    if shared:
        out.append(Violation("meadow.updraft-thorns", "an updraft in a thorn bush",
                             "a hex holds thorns or an updraft, not both", places=hexes(shared)))
    cut = [h for h in m.start_line() if m.open(h)
           and not any(m.at_hedge(x) for x in reachable(m, h))]
    if cut:
        out.append(Violation("meadow.no-way", f"{len(cut)} start hex(es) from which the hedge "
                             "cannot be reached", "open a way through the thorns",
                             places=hexes(cut)))
    return out


def generate_meadow(seed: int, radius: int = RADIUS) -> Meadow:
    """The meadow of ``seed``: ``2 * radius`` thorn bushes and ``radius`` updrafts inside
    the edges, drawn until the setup rules hold; ``GenerationError`` if they never do."""
    rng = random.Random(f"{GAME}:{seed}:{radius}")
    inner = sorted(h for h in disc(ORIGIN, radius) if abs(h.q) < radius)
    for _ in range(TRIES):
        picked = rng.sample(inner, min(len(inner), 3 * radius))
        m = Meadow(radius, frozenset(picked[:2 * radius]), frozenset(picked[2 * radius:]),
                   f"Meadow of seed {seed}")
        if not check_meadow(m):
            return m
    raise GenerationError("meadow.no-way", f"no open meadow of radius {radius} in {TRIES} draws")
