"""Globes in files: the ``globe`` of a component set and the ``skyhex.map/1`` document of
``game: balloons`` share one shape (``lanes``, ``sections``, ``zones``).

``globe_from_dict`` reads a schema-valid globe and raises ``InputError`` only for what makes
a globe impossible to build (a section whose ``spaces`` list does not give every lane);
everything else a globe may get wrong (zone spaces off the globe or in two zones, quadrants
out of order, no way around the world) is left for the checker, which reports every
violation at once (``mapgen/balloons/check.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skyhex.rules.balloons import GAME
from skyhex.rules.balloons.globe import Globe, Line, Section, Space, Zone, ZoneKind
from skyhex.rules.errors import InputError, Path, Problem

MAP_FORMAT = "skyhex.map/1"


def globe_from_dict(doc: Mapping[str, Any], base: Path = ()) -> Globe:
    """The globe in the schema-valid mapping ``doc`` (a map document, or a component set's
    ``globe`` at JSON path ``base``)."""
    lanes = doc["lanes"]
    sections = []
    problems = []
    paths: dict[Space, Path] = {}
    for s, entry in enumerate(doc["sections"]):
        spaces = tuple(entry["spaces"])
        if len(spaces) != lanes:
            problems.append(Problem("globe.sections", f"section {s + 1} gives {len(spaces)} "
                                    f"lane(s) of spaces, the globe has {lanes} lanes",
                                    (*base, "sections", s, "spaces"),
                                    "list the number of spaces of every lane, north first"))
        sections.append(Section(entry["quadrant"], Line(entry["line"]), spaces))
    if problems:
        raise InputError(problems)
    zones = []
    for z, entry in enumerate(doc.get("zones", ())):
        spaces = tuple(Space(lane, k) for lane, k in entry["spaces"])
        for j, space in enumerate(spaces):
            paths.setdefault(space, (*base, "zones", z, "spaces", j))
        zones.append(Zone(entry["name"], ZoneKind(entry["kind"]), spaces,
                          entry.get("permission")))
    globe = Globe(lanes, tuple(sections), tuple(zones), doc.get("title"), doc.get("seed"),
                  doc.get("generator"))
    for space in globe.spaces():
        paths.setdefault(space, (*base, "sections", globe.place(space)[0]))
    object.__setattr__(globe, "space_paths", paths)
    return globe


def globe_body(globe: Globe) -> dict[str, Any]:
    """``lanes``, ``sections`` and ``zones`` of a globe, as written in files."""
    return {
        "lanes": globe.lanes,
        "sections": [{"quadrant": s.quadrant, "line": s.line.value, "spaces": list(s.spaces)}
                     for s in globe.sections],
        "zones": [{"name": z.name, "kind": z.kind.value,
                   **({"permission": z.permission} if z.permission is not None else {}),
                   "spaces": [[s.lane, s.k] for s in z.spaces]} for z in globe.zones],
    }


def globe_to_dict(globe: Globe) -> dict[str, Any]:
    """The ``skyhex.map/1`` document of a globe, keys in a stable order."""
    doc: dict[str, Any] = {"format": MAP_FORMAT, "game": GAME}
    if globe.title is not None:
        doc["title"] = globe.title
    if globe.seed is not None:
        doc["seed"] = globe.seed
    if globe.generator is not None:
        doc["generator"] = globe.generator
    doc.update(globe_body(globe))
    return doc
