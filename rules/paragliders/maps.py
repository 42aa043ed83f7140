"""Paragliders maps: which tile lies in which slot, and what each hex of the board is.

A map may be given by its slots (tile, face, rotation: how to lay out a physical board), by
its hexes (terrain and marks: all that play and drawing need, and all a hand-made map has),
or both; ``map_from_dict`` reads the ``skyhex.map/1`` format into a ``Map`` and
``map_to_dict`` writes it back. A generated map also says how it was set up: the reading of
the mountain rule it follows (``mountains``), the setup assistants who filled its sectors and
every step of the setup that had to be drawn again (``redraws``). Whether a map obeys the
setup rules is ``mapgen``'s job.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from itertools import pairwise
from typing import Any

from skyhex.rules.errors import InputError, Path, Problem
from skyhex.rules.hexgrid import TILE_OFFSETS, VECTORS, Hex, Slot, slot_of, tile_hexes
from skyhex.rules.paragliders import GAME
from skyhex.rules.paragliders.components import ComponentSet
from skyhex.rules.paragliders.features import NO_FEATURES, HexFeatures
from skyhex.rules.paragliders.terrain import Terrain

MAP_FORMAT = "skyhex.map/1"
DEFAULT_RADIUS = 4


class MapLayout(StrEnum):
    STANDARD = "standard"  # the rulebook board: setup rules apply
    CUSTOM = "custom"  # any set of hexes: only what play needs is checked


class MountainReading(StrEnum):
    """How the setup's mountain rule is read (DESIGN.md, map setup rule 3)."""

    PER_SECTOR = "per-sector"  # a cluster per sector, joined to the centre when it can be
    ONE_CLUSTER = "one-cluster"  # every mountain hex in the take-off's cluster


@dataclass(frozen=True, slots=True)
class Redraw:
    """A setup step that dead-ended and was drawn again: which step, the rule that could not
    be met, and why."""

    step: str
    rule: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"step": self.step, "rule": self.rule, "reason": self.reason}


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


@dataclass(frozen=True, slots=True)
class RecutPlacement:
    """Map tiles taken out in a row and laid again in their hole turned a sixth of a turn,
    leaving two small holes for aerodromes at the ends (the rulebook's second aerodrome
    layout: "remove two adjacent map tiles, rotate one and insert it back in the center of the
    hole"; "removing 3 (or more) aligned map tiles, and placing 2 of them back in the middle
    after rotation").

    ``slots`` are the slots emptied, in a row; ``tiles`` the (tile, face, rotation) laid back
    between each two of them, in that order (``rotation``: thirds of a turn clockwise after
    the first sixth); ``aerodrome`` the (aerodrome tile, face) of the three hexes left over,
    in (q, r) order; ``replaces`` the tile left out.
    """

    slots: tuple[Slot, ...]
    tiles: tuple[tuple[str, str, int], ...]
    aerodrome: tuple[tuple[str, str], ...]
    replaces: str | None = None


def recut_geometry(slots: tuple[Slot, ...]) -> tuple[list[tuple[Hex, Hex, Hex]], list[Hex]] | None:
    """Where the tiles laid back in a re-cut row lie (one turned triangle between each two
    slots, listed by its east hex, north-west and south-west hexes) and the hexes left for
    aerodromes; ``None`` when the slots are not two or more in a row, each next to the one
    before."""
    if len(slots) < 2:
        return None
    step = (slots[1].a - slots[0].a, slots[1].b - slots[0].b)
    if step not in VECTORS or any((b.a - a.a, b.b - a.b) != step for a, b in pairwise(slots)):
        return None
    triangles = []
    for a, b in pairwise(slots):
        pair = set(a.hexes()) | set(b.hexes())
        found = [(e, e.plus((-1, 0)), e.plus((-1, 1))) for e in sorted(pair)
                 if e.plus((-1, 0)) in pair and e.plus((-1, 1)) in pair]
        if len(found) != 1:
            return None
        triangles.append(found[0])
    covered = {h for t in triangles for h in t}
    if len(covered) != 3 * len(triangles):
        return None
    holes = sorted(h for s in slots for h in s.hexes() if h not in covered)
    return triangles, holes


def turned_hexes(tile_id: str, face: str, rotation: int, triangle: tuple[Hex, Hex, Hex],
                 components: ComponentSet) -> dict[Hex, MapHex]:
    """The hexes of a tile laid turned a sixth of a turn (and ``rotation`` thirds more)
    clockwise on ``triangle`` (its east hex first)."""
    tile = components.tile(tile_id)
    assert tile is not None
    specs = tile.faces[face]
    turned = [Hex(*offset).rotate(1 + 2 * rotation) for offset in TILE_OFFSETS]
    east = max(turned)
    shift = (triangle[0].q - east.q, triangle[0].r - east.r)
    return {h.plus(shift): MapHex(spec.terrain, spec.features)
            for h, spec in zip(turned, specs, strict=True)}


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
    recuts: tuple[RecutPlacement, ...] = ()
    mountains: MountainReading | None = None  # None: the default reading, per sector
    assistants: int | None = None
    redraws: tuple[Redraw, ...] | None = None  # None: not recorded (a hand-made map)
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

    @property
    def mountain_reading(self) -> MountainReading:
        return self.mountains or MountainReading.PER_SECTOR

    @property
    def replaced_tiles(self) -> int:
        """Map tiles the aerodromes took off the board (a re-cut row gives back all but one)."""
        return len(self.aerodromes) + len(self.recuts)

    def piece_of(self, h: Hex) -> tuple[int, ...]:
        """Which physical piece covers ``h``: its slot, or a turned tile of a re-cut row (for
        drawing tile borders)."""
        for i, recut in enumerate(self.recuts):
            found = recut_geometry(recut.slots)
            if found is None:
                continue
            for j, triangle in enumerate(found[0]):
                if h in triangle:
                    return (i, j, -1)
        return tuple(slot_of(h))

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


_FACES: dict[tuple[int, str, str], tuple[ComponentSet, tuple[MapHex, ...]]] = {}


def placed_hexes(placement: Placement, components: ComponentSet) -> Mapping[Hex, MapHex]:
    """The hexes a placed tile covers, in the order of the face's hexes. The tile and face
    must exist in ``components``. A face's hexes (shared values, never to be changed) and a
    slot's turned hexes are worked out once: the generator lays thousands of maps from the
    same few tiles, and a cache of whole placings would outgrow any bound on large boards."""
    return dict(zip(_turned(placement.slot, placement.rotation),
                    _face_hexes(components, placement.tile, placement.face), strict=True))


def _face_hexes(components: ComponentSet, tile_id: str, face: str) -> tuple[MapHex, ...]:
    """A face's hexes, in its order, as shared values (``placed_hexes``)."""
    key = (id(components), tile_id, face)
    known = _FACES.get(key)
    if known is None or known[0] is not components:
        tile = components.tile(tile_id)
        assert tile is not None
        known = (components, tuple(MapHex(spec.terrain, spec.features)
                                   for spec in tile.faces[face]))
        if len(_FACES) > 4096:
            _FACES.clear()
        _FACES[key] = known
    return known[1]


@lru_cache(maxsize=8192)
def _turned(slot: Slot, rotation: int) -> tuple[Hex, ...]:
    """The hexes of ``slot`` in the order a tile turned by ``rotation`` covers them."""
    positions = tile_hexes(slot.anchor)
    return tuple(positions[(i + rotation) % 3] for i in range(3))


def aerodrome_hexes(placement: AerodromePlacement, components: ComponentSet) -> dict[Hex, MapHex]:
    out = {}
    for h, (tile_id, face) in zip(tile_hexes(placement.slot.anchor), placement.tiles, strict=True):
        tile = components.aerodrome_tile(tile_id)
        assert tile is not None
        out[h] = MapHex(tile.faces[face])
    return out


def recut_hexes(recut: RecutPlacement, components: ComponentSet) -> dict[Hex, MapHex]:
    """The hexes of a re-cut row; the row must be valid (``recut_geometry``) and its tiles
    known."""
    found = recut_geometry(recut.slots)
    assert found is not None
    triangles, holes = found
    out: dict[Hex, MapHex] = {}
    for (tile_id, face, rotation), triangle in zip(recut.tiles, triangles, strict=True):
        out.update(turned_hexes(tile_id, face, rotation, triangle, components))
    for h, (tile_id, face) in zip(holes, recut.aerodrome, strict=True):
        aero = components.aerodrome_tile(tile_id)
        assert aero is not None
        out[h] = MapHex(aero.faces[face])
    return out


def hexes_from_slots(
    slots: tuple[Placement, ...],
    aerodromes: tuple[AerodromePlacement, ...],
    components: ComponentSet,
    recuts: tuple[RecutPlacement, ...] = (),
) -> dict[Hex, MapHex]:
    """The hexes the tiles in the slots, the aerodromes and the re-cut rows cover (later
    ones over earlier ones)."""
    out: dict[Hex, MapHex] = {}
    for p in slots:  # placed_hexes, without a dict per tile
        out.update(zip(_turned(p.slot, p.rotation), _face_hexes(components, p.tile, p.face),
                       strict=True))
    for a in aerodromes:
        out.update(aerodrome_hexes(a, components))
    for recut in recuts:
        out.update(recut_hexes(recut, components))
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
    recuts: list[RecutPlacement] = []
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
            if "recut" in entry:
                recut = _read_recut(entry, path, components, problems)
                for slot in recut.slots:
                    if slot in seen_slots:
                        dup_slots.append(slot)
                    else:
                        slot_paths[slot] = path
                    seen_slots.add(slot)
                recuts.append(recut)
                continue
            slot = Slot(*entry["slot"])
            if slot in seen_slots:
                dup_slots.append(slot)
            else:
                slot_paths[slot] = path
            seen_slots.add(slot)
            if "aerodrome" in entry:
                pairs = _read_aerodrome(entry, path, components, problems)
                aeros.append(AerodromePlacement(slot, pairs,
                                                _read_replaces(entry, path, components, problems)))
                continue
            face = _read_tile(entry, path, components, problems)
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
        slot_hexes = hexes_from_slots(tuple(slots), tuple(aeros), components, tuple(recuts))
        if "hexes" not in doc:
            hexes = dict(slot_hexes)
            emptied = [s for r in recuts for s in r.slots]
            for slot in [p.slot for p in slots] + [a.slot for a in aeros] + emptied:
                for h in tile_hexes(slot.anchor):
                    hex_paths.setdefault(h, slot_paths[slot])
    title = doc.get("title")
    mountains = doc.get("mountains")
    redraws = doc.get("redraws")
    return Map(
        hexes=hexes, layout=layout, radius=radius, slots=tuple(slots), aerodromes=tuple(aeros),
        slot_hexes=slot_hexes, seed=doc.get("seed"), generator=doc.get("generator"),
        components=doc.get("components"), duplicate_hexes=tuple(dup_hexes),
        duplicate_slots=tuple(dup_slots), title=title, hex_paths=hex_paths,
        slot_paths=slot_paths, recuts=tuple(recuts),
        mountains=MountainReading(mountains) if mountains is not None else None,
        assistants=doc.get("assistants"),
        redraws=tuple(Redraw(r["step"], r["rule"], r["reason"]) for r in redraws)
        if redraws is not None else None,
    )


def _read_tile(entry: Mapping[str, Any], path: Path, components: ComponentSet,
               problems: list[Problem]) -> str:
    """The face of a map tile entry (``tile``, ``face``), its problems added to
    ``problems``."""
    tile = components.tile(entry["tile"])
    face: str = entry.get("face", "a")
    if tile is None:
        problems.append(Problem("map.unknown-tile", f"unknown tile {entry['tile']!r} in "
                                f"set {components.id!r}", (*path, "tile")))
    elif face not in tile.faces:
        problems.append(Problem("map.unknown-face", f"tile {entry['tile']!r} has no face "
                                f"{face!r}", (*path, "face")))
    return face


def _read_replaces(entry: Mapping[str, Any], path: Path, components: ComponentSet,
                   problems: list[Problem]) -> str | None:
    replaces: str | None = entry.get("replaces")
    if replaces is not None and components.tile(replaces) is None:
        problems.append(Problem("map.unknown-tile", f"unknown tile {replaces!r} in set "
                                f"{components.id!r}", (*path, "replaces")))
    return replaces


def _read_aerodrome(entry: Mapping[str, Any], path: Path, components: ComponentSet,
                    problems: list[Problem]) -> tuple[tuple[str, str], ...]:
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
    return tuple(pairs)


def _read_recut(entry: Mapping[str, Any], path: Path, components: ComponentSet,
                problems: list[Problem]) -> RecutPlacement:
    """A re-cut row of slots; a row that is not one, or the wrong number of tiles laid back,
    makes the map unreadable (``map.recut``)."""
    slots = tuple(Slot(*s) for s in entry["recut"])
    tiles = []
    for j, t in enumerate(entry["tiles"]):
        face = _read_tile(t, (*path, "tiles", j), components, problems)
        tiles.append((t["tile"], face, t.get("rotation", 0)))
    if recut_geometry(slots) is None:
        problems.append(Problem(
            "map.recut", "the slots of a re-cut row must be two or more in a straight row, "
            "each next to the one before", (*path, "recut"),
            "list the slots emptied in order along the row"))
    elif len(tiles) != len(slots) - 1:
        problems.append(Problem(
            "map.recut", f"a row of {len(slots)} slots takes {len(slots) - 1} tiles laid back "
            f"between them, not {len(tiles)}", (*path, "tiles"),
            "lay back all the tiles taken out but one"))
    return RecutPlacement(slots, tuple(tiles), _read_aerodrome(entry, path, components, problems),
                          _read_replaces(entry, path, components, problems))


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
    if m.mountains is not None:
        doc["mountains"] = m.mountains.value
    if m.assistants is not None:
        doc["assistants"] = m.assistants
    if m.redraws is not None:
        doc["redraws"] = [r.to_dict() for r in m.redraws]
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
        for r in m.recuts:
            entry = {"recut": [[s.a, s.b] for s in r.slots],
                     "tiles": [{"tile": t, "face": f, "rotation": k} for t, f, k in r.tiles]}
            if r.replaces is not None:
                entry["replaces"] = r.replaces
            entry["aerodrome"] = [{"tile": t, "face": f} for t, f in r.aerodrome]
            entries.append((min(r.slots, key=slot_order), entry))
        doc["slots"] = [e for _, e in sorted(entries, key=lambda se: slot_order(se[0]))]
    if include_hexes or not m.has_slots:
        hex_entries = []
        names = _TERRAIN_NAMES
        for h, mh in sorted(m.hexes.items()):  # a Hex sorts as (q, r)
            entry = {"q": h.q, "r": h.r, "terrain": names[mh.terrain]}
            if mh.features is not NO_FEATURES and mh.features:
                entry["features"] = mh.features.to_dict()
            hex_entries.append(entry)
        doc["hexes"] = hex_entries
    return doc


_TERRAIN_NAMES = {t: t.value for t in Terrain}
"""Each terrain's name as written (a plain ``str``, which the YAML writer writes at once)."""
