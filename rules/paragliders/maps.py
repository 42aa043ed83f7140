"""Paragliders maps: which tile lies in which slot, and what each hex of the board is.

A map may be given by its slots (tile, face, rotation: how to lay out a physical board), by
its hexes (terrain and marks: all that play and drawing need, and all a hand-made map has),
or both; ``map_from_dict`` reads the ``skyhex.map/1`` format into a ``Map`` and
``map_to_dict`` writes it back. Whether a map obeys the setup rules is ``mapgen``'s job.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from skyhex.rules.errors import InputError, Path, Problem
from skyhex.rules.hexgrid import Hex, Slot, tile_hexes
from skyhex.rules.paragliders import GAME
from skyhex.rules.paragliders.components import ComponentSet
from skyhex.rules.paragliders.features import NO_FEATURES, HexFeatures
from skyhex.rules.paragliders.terrain import Terrain

MAP_FORMAT = "skyhex.map/1"
DEFAULT_RADIUS = 4


class MapLayout(StrEnum):
    STANDARD = "standard"  # the rulebook board: setup rules apply
    CUSTOM = "custom"  # any set of hexes: only what play needs is checked


@dataclass(frozen=True, slots=True)
class MapHex:
    terrain: Terrain
    features: HexFeatures = NO_FEATURES


@dataclass(frozen=True, slots=True)
class Placement:
    """A map tile laid in a slot, showing ``face``, turned ``rotation`` thirds clockwise."""

    slot: Slot
    tile: str
    face: str
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class AerodromePlacement:
    """Aerodrome hexes filling the slot of a removed map tile (``replaces``), in tile order."""

    slot: Slot
    tiles: tuple[tuple[str, str], ...]  # (aerodrome tile id, face) per hex
    replaces: str | None = None


@dataclass(frozen=True)
class Map:
    """A Paragliders map. ``hexes`` is what play uses; ``slot_hexes`` is what the slots
    imply (``None`` for a map given only by hexes) so that a checker can compare them."""

    hexes: Mapping[Hex, MapHex]
    layout: MapLayout = MapLayout.STANDARD
    radius: int = DEFAULT_RADIUS
    slots: tuple[Placement, ...] = ()
    aerodromes: tuple[AerodromePlacement, ...] = ()
    slot_hexes: Mapping[Hex, MapHex] | None = None
    seed: int | None = None
    generator: str | None = None
    components: str | None = None
    duplicate_hexes: tuple[Hex, ...] = ()
    duplicate_slots: tuple[Slot, ...] = ()
    title: str | None = None
    # Where each hex and slot was written in the source document, for error locations.
    # (Two mappings: a Hex and a Slot with the same numbers are equal tuples.)
    hex_paths: Mapping[Hex, Path] = field(default_factory=dict, compare=False, repr=False)
    slot_paths: Mapping[Slot, Path] = field(default_factory=dict, compare=False, repr=False)

    @property
    def has_slots(self) -> bool:
        return self.slot_hexes is not None

    def features(self, kind: str) -> dict[Hex, HexFeatures]:
        """Hexes whose features have ``kind`` set (``"spawn"``, ``"antenna"``, ...)."""
        return {h: m.features for h, m in self.hexes.items()
                if getattr(m.features, kind) not in (None, False)}

    @property
    def takeoffs(self) -> list[Hex]:
        return sorted(h for h, m in self.hexes.items() if m.features.takeoff)

    @property
    def targets(self) -> list[Hex]:
        return sorted(h for h, m in self.hexes.items() if m.features.target)

    def terrain_hexes(self, terrain: Terrain) -> set[Hex]:
        return {h for h, m in self.hexes.items() if m.terrain is terrain}


def placed_hexes(placement: Placement, components: ComponentSet) -> dict[Hex, MapHex]:
    """The hexes a placed tile covers. The tile and face must exist in ``components``."""
    tile = components.tile(placement.tile)
    assert tile is not None
    specs = tile.faces[placement.face]
    positions = tile_hexes(placement.slot.anchor)
    return {
        positions[(i + placement.rotation) % 3]: MapHex(spec.terrain, spec.features)
        for i, spec in enumerate(specs)
    }


def aerodrome_hexes(placement: AerodromePlacement, components: ComponentSet) -> dict[Hex, MapHex]:
    out = {}
    for h, (tile_id, face) in zip(tile_hexes(placement.slot.anchor), placement.tiles, strict=True):
        tile = components.aerodrome_tile(tile_id)
        assert tile is not None
        out[h] = MapHex(tile.faces[face])
    return out


def hexes_from_slots(
    slots: tuple[Placement, ...],
    aerodromes: tuple[AerodromePlacement, ...],
    components: ComponentSet,
) -> dict[Hex, MapHex]:
    out: dict[Hex, MapHex] = {}
    for p in slots:
        out.update(placed_hexes(p, components))
    for a in aerodromes:
        out.update(aerodrome_hexes(a, components))
    return out


def map_from_dict(doc: Mapping[str, Any], components: ComponentSet | None) -> Map:
    """Read a schema-valid ``skyhex.map/1`` document.

    ``components`` is needed only when the map lists slots. Problems that leave the map
    unreadable (an unknown tile or face, another component set) raise ``InputError``; rule
    questions (duplicates, hexes outside the board, ...) are left to the checker.
    """
    problems: list[Problem] = []
    hex_paths: dict[Hex, Path] = {}
    slot_paths: dict[Slot, Path] = {}
    layout = MapLayout(doc.get("layout", MapLayout.STANDARD.value))
    radius = int(doc.get("radius", DEFAULT_RADIUS))
    slots: list[Placement] = []
    aeros: list[AerodromePlacement] = []
    seen_slots: set[Slot] = set()
    dup_slots: list[Slot] = []

    if "slots" in doc:
        if components is None:
            raise InputError([Problem("map.components", "a map with slots needs a component set",
                                      ("slots",))])
        declared = doc.get("components")
        if declared is not None and declared != components.id:
            raise InputError([Problem(
                "map.components",
                f"the map was made with component set {declared!r}, not {components.id!r}",
                ("components",), f"pass the set {declared!r} with --components FILE")])
        for i, entry in enumerate(doc["slots"]):
            path: Path = ("slots", i)
            slot = Slot(*entry["slot"])
            if slot in seen_slots:
                dup_slots.append(slot)
            else:
                slot_paths[slot] = path
            seen_slots.add(slot)
            if "aerodrome" in entry:
                pairs = []
                for j, a in enumerate(entry["aerodrome"]):
                    aero = components.aerodrome_tile(a["tile"])
                    if aero is None:
                        problems.append(Problem(
                            "map.unknown-tile",
                            f"unknown aerodrome tile {a['tile']!r} in set {components.id!r}",
                            (*path, "aerodrome", j, "tile")))
                    elif a["face"] not in aero.faces:
                        problems.append(Problem(
                            "map.unknown-face", f"aerodrome tile {a['tile']!r} has no face "
                            f"{a['face']!r}", (*path, "aerodrome", j, "face")))
                    pairs.append((a["tile"], a["face"]))
                replaces = entry.get("replaces")
                if replaces is not None and components.tile(replaces) is None:
                    problems.append(Problem("map.unknown-tile", f"unknown tile {replaces!r} in set "
                                            f"{components.id!r}", (*path, "replaces")))
                aeros.append(AerodromePlacement(slot, tuple(pairs), replaces))
                continue
            tile = components.tile(entry["tile"])
            face = entry.get("face", "a")
            if tile is None:
                problems.append(Problem("map.unknown-tile", f"unknown tile {entry['tile']!r} in "
                                        f"set {components.id!r}", (*path, "tile")))
            elif face not in tile.faces:
                problems.append(Problem("map.unknown-face", f"tile {entry['tile']!r} has no face "
                                        f"{face!r}", (*path, "face")))
            slots.append(Placement(slot, entry["tile"], face, entry.get("rotation", 0)))

    hexes: dict[Hex, MapHex] = {}
    dup_hexes: list[Hex] = []
    for i, entry in enumerate(doc.get("hexes", ())):
        h = Hex(entry["q"], entry["r"])
        features = entry.get("features")
        mh = MapHex(Terrain(entry["terrain"]),
                    HexFeatures.from_dict(features) if features else NO_FEATURES)
        if h in hexes:
            dup_hexes.append(h)
            continue
        hexes[h] = mh
        hex_paths[h] = ("hexes", i)
    if problems:
        raise InputError(problems)

    slot_hexes = None
    if "slots" in doc:
        assert components is not None
        slot_hexes = hexes_from_slots(tuple(slots), tuple(aeros), components)
        if "hexes" not in doc:
            hexes = dict(slot_hexes)
            for slot in [p.slot for p in slots] + [a.slot for a in aeros]:
                for h in tile_hexes(slot.anchor):
                    hex_paths.setdefault(h, slot_paths[slot])
    title = doc.get("title")
    return Map(
        hexes=hexes, layout=layout, radius=radius, slots=tuple(slots), aerodromes=tuple(aeros),
        slot_hexes=slot_hexes, seed=doc.get("seed"), generator=doc.get("generator"),
        components=doc.get("components"), duplicate_hexes=tuple(dup_hexes),
        duplicate_slots=tuple(dup_slots), title=title, hex_paths=hex_paths,
        slot_paths=slot_paths,
    )


def slot_order(slot: Slot) -> tuple[int, int, int]:
    """The order slots are written in: centre first, then ring by ring, north to south."""
    return (slot.distance((0, 0)), slot.b, slot.a)


def map_to_dict(m: Map, *, include_hexes: bool = True) -> dict[str, Any]:
    """The ``skyhex.map/1`` document of a map, keys and entries in a stable order."""
    doc: dict[str, Any] = {"format": MAP_FORMAT, "game": GAME}
    if m.title is not None:
        doc["title"] = m.title
    doc["layout"] = m.layout.value
    if m.layout is MapLayout.STANDARD:
        doc["radius"] = m.radius
    if m.seed is not None:
        doc["seed"] = m.seed
    if m.generator is not None:
        doc["generator"] = m.generator
    if m.components is not None:
        doc["components"] = m.components
    if m.has_slots:
        entries: list[tuple[Slot, dict[str, Any]]] = []
        for p in m.slots:
            entries.append((p.slot, {"slot": [p.slot.a, p.slot.b], "tile": p.tile,
                                     "face": p.face, "rotation": p.rotation}))
        for a in m.aerodromes:
            entry: dict[str, Any] = {"slot": [a.slot.a, a.slot.b]}
            if a.replaces is not None:
                entry["replaces"] = a.replaces
            entry["aerodrome"] = [{"tile": t, "face": f} for t, f in a.tiles]
            entries.append((a.slot, entry))
        doc["slots"] = [e for _, e in sorted(entries, key=lambda se: slot_order(se[0]))]
    if include_hexes or not m.has_slots:
        hex_entries = []
        for h in sorted(m.hexes, key=lambda h: (h.q, h.r)):
            mh = m.hexes[h]
            entry = {"q": h.q, "r": h.r, "terrain": mh.terrain.value}
            if mh.features:
                entry["features"] = mh.features.to_dict()
            hex_entries.append(entry)
        doc["hexes"] = hex_entries
    return doc
