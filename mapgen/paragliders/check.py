"""The map checker: every setup rule of the standard board, or what play needs on a custom
one, with all violations reported at once.

Standard layout (rulebook setup and DESIGN.md):

1. ``setup.board``: every slot holds exactly one tile, each tile is used once, the Starting
   Tile lies in the centre in its fixed orientation, no hex lies off the board.
2. ``setup.star``: the arms towards corners A, C and E hold no mountain hex.
3. ``setup.mountains``, read as the map says (``mountains:``, per sector by default): the
   take-off's cluster holds the mountains around the centre, and each sector's mountains form
   one cluster, joined to the take-off's when the tile around the centre opens the sector
   ("connect them in priority to the starting mountain"; "In the bottom sector, the mountain
   tiles can be placed closer to the edge, but they still need to form a single cluster");
   read as one cluster, every mountain hex lies in the take-off's cluster.
4. ``setup.antennas``: each sector holds exactly one antenna tile, one per colour.
5. ``setup.features``: cloud spawn numbers 1-10 and the four landmark GPS sites are on the
   map, the golf course on its three hexes.
6. ``setup.aerodromes``: at most two map tiles taken off the board, never a mountain tile or a
   tile with a token, spawn number or GPS site; aerodrome hexes carry nothing. Both of the
   rulebook's layouts count: tiles replaced by aerodrome hexes, and a row of tiles taken out
   with all but one laid back turned in the middle (``recut`` in the slot list).

Custom layout: hexes unique and joined into one board, two take-off hexes, one target, one
antenna of each colour, no spawn number or GPS site printed twice.

The checker runs whenever a map is read (``map check``, and ``scenario validate``,
``replay``, ``legal`` and ``board`` on every map they load) and ends every generation, so
it finds the connected groups of hexes with a plain search (``hexgrid.connected_groups``)
and never imports networkx; ``tests/paragliders/test_map_graphs.py`` holds its groups equal
to networkx's (``graph.py``, what ``map stats`` measures with).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from skyhex.mapgen.errors import Violation
from skyhex.mapgen.paragliders.tables import BoardTables, board_tables
from skyhex.rules.hexgrid import Hex, Slot, connected_groups, slot_of
from skyhex.rules.paragliders.board import (
    CENTER,
    MIN_RADIUS,
    SECTOR_CORNERS,
    BoardLayout,
    board_layout,
)
from skyhex.rules.paragliders.components import ComponentSet, TileKind
from skyhex.rules.paragliders.features import NO_FEATURES, Antenna, Landmark
from skyhex.rules.paragliders.maps import Map, MapLayout, MountainReading, Placement, placed_hexes
from skyhex.rules.paragliders.places import places
from skyhex.rules.paragliders.terrain import Terrain

GOLF_HEXES = 3
MAX_AERODROME_TILES_REPLACED = 2


def _hexes(hexes: Iterable[Hex], limit: int = 8) -> str:
    hs = sorted(hexes)
    text = ", ".join(str(h) for h in hs[:limit])
    return text + (f" and {len(hs) - limit} more" if len(hs) > limit else "")


def _slots(slots: Iterable[Slot], limit: int = 8) -> str:
    ss = sorted(slots)
    text = ", ".join(str(s) for s in ss[:limit])
    return text + (f" and {len(ss) - limit} more" if len(ss) > limit else "")


@dataclass(frozen=True)
class _Marks:
    """What the checks read of a map's hexes, gathered in one pass over them (each list and
    set in the map's order of hexes)."""

    mountains: set[Hex]
    aerodromes: set[Hex]
    takeoffs: list[Hex]  # sorted, as ``Map.takeoffs``
    targets: list[Hex]  # sorted, as ``Map.targets``
    spawns: dict[int, list[Hex]]
    sites: dict[Landmark, list[Hex]]
    antennas: list[tuple[Hex, Antenna]]


def _marks(m: Map) -> _Marks:
    """The ``_Marks`` of a map (any map: nothing is assumed of its hexes)."""
    mountains: set[Hex] = set()
    aerodromes: set[Hex] = set()
    takeoffs: list[Hex] = []
    targets: list[Hex] = []
    spawns: dict[int, list[Hex]] = defaultdict(list)
    sites: dict[Landmark, list[Hex]] = defaultdict(list)
    antennas: list[tuple[Hex, Antenna]] = []
    mountain, aerodrome = Terrain.MOUNTAIN, Terrain.AERODROME
    for h, mh in m.hexes.items():
        terrain = mh.terrain
        if terrain is mountain:
            mountains.add(h)
        elif terrain is aerodrome:
            aerodromes.add(h)
        features = mh.features
        if features is NO_FEATURES:  # most hexes: the shared value for "nothing"
            continue
        if features.takeoff:
            takeoffs.append(h)
        if features.target:
            targets.append(h)
        if features.spawn is not None:
            spawns[features.spawn].append(h)
        if features.gps is not None:
            sites[features.gps].append(h)
        if features.antenna is not None:
            antennas.append((h, features.antenna))
    return _Marks(mountains, aerodromes, sorted(takeoffs), sorted(targets), spawns, sites,
                  antennas)


def check_map(m: Map, components: ComponentSet) -> list[Violation]:
    """Every violation of the map, in rule order; an empty list means the map is valid."""
    out: list[Violation] = []
    _check_consistency(m, out)
    if m.layout is MapLayout.CUSTOM:
        _check_custom(m, _marks(m), components, out)
        return out
    if m.radius < MIN_RADIUS:
        out.append(Violation(
            "setup.board", f"a radius-{m.radius} board has no sectors for the antenna tiles",
            f"use a radius of at least {MIN_RADIUS}, or layout: custom"))
        return out
    board = board_layout(m.radius)
    tables = board_tables(m.radius)
    marks = _marks(m)
    _check_board(m, marks, components, board, tables, out)
    _check_star(m, tables, out)
    if m.mountain_reading is MountainReading.ONE_CLUSTER:
        _check_one_cluster(m, marks, out)
    else:
        _check_mountains_per_sector(m, marks, tables, out)
    _check_antennas(marks, board, out)
    _check_features(marks, components, out, standard=True)
    _check_aerodromes(m, marks, components, board, out)
    return out


# --- both layouts -------------------------------------------------------------------------


def _check_consistency(m: Map, out: list[Violation]) -> None:
    if m.duplicate_hexes:
        out.append(Violation(
            "map.duplicate-hex", f"hexes listed more than once: {_hexes(set(m.duplicate_hexes))}",
            "list each hex once", places=places(hexes=tuple(sorted(set(m.duplicate_hexes))))))
    if m.slot_hexes is None or m.slot_hexes is m.hexes:
        return
    differ = sorted(h for h in set(m.hexes) | set(m.slot_hexes)
                    if m.hexes.get(h) != m.slot_hexes.get(h))
    if differ:
        out.append(Violation(
            "map.consistency",
            f"{len(differ)} hex(es) disagree with the tiles in the slots: {_hexes(differ)}",
            "fix the hexes or the slots, or drop the hexes list and let skyhex derive it",
            places=places(slots=tuple(sorted({slot_of(h) for h in differ})), hexes=tuple(differ))))


def _check_features(marks: _Marks, components: ComponentSet, out: list[Violation], *,
                    standard: bool) -> None:
    rule = "setup.features" if standard else "play.features"
    spawns, sites = marks.spawns, marks.sites
    twice = {n: hs for n, hs in sorted(spawns.items()) if len(hs) > 1}
    for n, hs in twice.items():
        out.append(Violation(rule, f"spawn number {n} is printed on {len(hs)} hexes: {_hexes(hs)}",
                             "each cloud token has one spawn hex", places=places(hexes=tuple(sorted(hs)))))
    if standard:
        missing = [n for n in range(1, components.clouds.tokens + 1) if n not in spawns]
        if missing:
            out.append(Violation(
                rule, f"cloud spawn number(s) missing: {', '.join(map(str, missing))}",
                "lay the tiles printing these spawn numbers on the board"))
        lost = [g.value for g in Landmark if g not in sites]
        if lost:
            out.append(Violation(rule, f"landmark GPS site(s) missing: {', '.join(lost)}",
                                 "lay the tiles printing these sites on the board"))
    for site, hs in sorted(sites.items()):
        if site is Landmark.GOLF_COURSE and standard and len(hs) != GOLF_HEXES:
            # "The golf course GPS marker can be collected if you fly on any of the 3 golf
            # course hexagons."
            out.append(Violation(rule, f"the golf course is printed on {len(hs)} hexes, not "
                                 f"{GOLF_HEXES}: {_hexes(hs)}", "the golf course covers the "
                                 f"{GOLF_HEXES} hexes of its tile", places=places(hexes=tuple(sorted(hs)))))
            continue
        limit = GOLF_HEXES if site is Landmark.GOLF_COURSE else 1
        if len(hs) > limit:
            out.append(Violation(rule, f"the {site} GPS site is printed on {len(hs)} hexes, "
                                 f"at most {limit}: {_hexes(hs)}",
                                 "each landmark is printed once", places=places(hexes=tuple(sorted(hs)))))


# --- standard layout ----------------------------------------------------------------------


def _check_board(m: Map, marks: _Marks, components: ComponentSet, board: BoardLayout,
                 tables: BoardTables, out: list[Violation]) -> None:
    rule = "setup.board"
    # no hex off the board and as many as the board's: every hex of the board is there
    exact = len(m.hexes) == len(board.hexes) and board.hexes.issuperset(m.hexes)
    outside = [] if exact else sorted(h for h in m.hexes if h not in board.hexes)
    if outside:
        out.append(Violation(
            rule, f"{len(outside)} hex(es) lie outside the radius-{m.radius} board: "
            f"{_hexes(outside)}", "remove them, or declare layout: custom for an odd-shaped map",
            places=places(slots=tuple(sorted({slot_of(h) for h in outside})), hexes=tuple(outside))))
    missing = [] if exact else sorted(h for h in board.hexes if h not in m.hexes)
    if missing:
        empty = sorted({slot_of(h) for h in missing})
        out.append(Violation(
            rule, f"{len(empty)} slot(s) of the board are not (fully) covered: {_slots(empty)}",
            "every slot holds exactly one tile", places=places(slots=tuple(empty), hexes=tuple(missing))))
    if m.duplicate_slots:
        dup = sorted(set(m.duplicate_slots))
        out.append(Violation(rule, f"slot(s) holding more than one tile: {_slots(dup)}",
                             "every slot holds exactly one tile", places=places(slots=tuple(dup))))
    if m.has_slots:
        emptied = [s for r in m.recuts for s in r.slots]
        off = sorted(s for s in [p.slot for p in m.slots] + [a.slot for a in m.aerodromes]
                     + emptied if s not in tables.slots)
        if off:
            out.append(Violation(rule, f"slot(s) outside the radius-{m.radius} board: "
                                 f"{_slots(off)}", "remove them or raise the radius",
                                 places=places(slots=tuple(off))))
        used = Counter(p.tile for p in m.slots)
        used.update(a.replaces for a in m.aerodromes if a.replaces is not None)
        used.update(t for r in m.recuts for t, _, _ in r.tiles)
        used.update(r.replaces for r in m.recuts if r.replaces is not None)
        for tile_id, n in sorted((t, n) for t, n in used.items() if n > 1):
            where = tuple(sorted(p.slot for p in m.slots if p.tile == tile_id))
            out.append(Violation(rule, f"tile {tile_id} is used {n} times "
                                 f"(slots {_slots(where)})", "each tile of the set is "
                                 "used at most once", places=places(slots=where)))
        aeros = Counter(t for a in m.aerodromes for t, _ in a.tiles)
        aeros.update(t for r in m.recuts for t, _ in r.aerodrome)
        for tile_id, n in sorted(aeros.items()):
            if n > 1:
                out.append(Violation("setup.aerodromes", f"aerodrome tile {tile_id} is used {n} "
                                     "times", "each aerodrome tile is used at most once"))
        start = components.start_tile
        at_centre = [p for p in m.slots if p.slot == CENTER]
        for p in m.slots:
            if p.tile == start.id and (p.slot != CENTER or p.rotation != 0):
                out.append(Violation(
                    rule, f"the Starting Tile lies at slot {p.slot} rotation {p.rotation}",
                    "the Starting Tile lies in the centre slot [0,0] with rotation 0",
                    places=places(slots=(p.slot,))))
        if not any(p.tile == start.id for p in at_centre):
            out.append(Violation(rule, "the centre slot [0,0] does not hold the Starting Tile",
                                 f"lay tile {start.id} in slot [0,0] with rotation 0",
                                 places=places(slots=(CENTER,))))
    else:
        centre = set(CENTER.hexes())
        stray = sorted(h for h in marks.takeoffs + marks.targets if h not in centre)
        if stray:
            out.append(Violation(rule, f"take-off or target hexes outside the centre slot: "
                                 f"{_hexes(stray)}", "the Starting Tile lies in the centre "
                                 "slot [0,0]", places=places(hexes=tuple(stray))))
        start = components.start_tile
        laid = [placed_hexes(Placement(CENTER, start.id, face, 0), components)
                for face in sorted(start.faces)]
        shown = {h: m.hexes.get(h) for h in CENTER.hexes()}
        if not stray and all(shown[h] is not None for h in centre) and \
                not any(all(shown[h] == face[h] for h in centre) for face in laid):
            out.append(Violation(
                rule, "the centre slot [0,0] does not show the Starting Tile in its fixed "
                "orientation", "the Starting Tile lies with its target on the west hex (0,0) "
                "and its take-off hexes at (1,-1) and (1,0), as in the component set",
                places=places(slots=(CENTER,), hexes=tuple(sorted(centre)))))


def _check_star(m: Map, tables: BoardTables, out: list[Violation]) -> None:
    hexes = m.hexes
    for corner, slot, cells in tables.arms:
        peaks = [h for h in cells if (mh := hexes.get(h)) and mh.terrain is Terrain.MOUNTAIN]
        if peaks:
            tiles = {p.slot: p.tile for p in m.slots}
            tile = f" (tile {tiles[slot]})" if slot in tiles else ""
            out.append(Violation(
                "setup.star", f"arm {corner} slot {slot}{tile} holds mountain hex(es) "
                f"{_hexes(peaks)}", "the star's arms hold no mountain tile: swap it with a "
                "sector tile without mountains", places=places(slots=(slot,), hexes=tuple(sorted(peaks)))))


def _takeoff_cluster(m: Map, marks: _Marks, out: list[Violation]
                     ) -> tuple[list[set[Hex]], set[Hex]]:
    """The mountain clusters and the take-off's (the largest holding a take-off hex, else
    the largest), with the take-off hexes' own violations."""
    rule = "setup.mountains"
    takeoffs = marks.takeoffs
    if len(takeoffs) != 2:
        out.append(Violation(rule, f"the map has {len(takeoffs)} take-off hexes, not 2",
                             "the Starting Tile's two take-off hexes are on the mountain",
                             places=places(hexes=tuple(takeoffs))))
    flat = [h for h in takeoffs if m.hexes[h].terrain is not Terrain.MOUNTAIN]
    if flat:
        out.append(Violation(rule, f"take-off hex(es) {_hexes(flat)} are not mountain hexes",
                             "take-off hexes are on the mountain", places=places(hexes=tuple(flat))))
    clusters = connected_groups(marks.mountains)  # networkx's, as graph.mountain_clusters
    if not clusters:
        return clusters, set()
    anchor = [c for c in clusters if any(h in c for h in takeoffs)]
    return clusters, max(anchor, key=len) if anchor else max(clusters, key=len)


def _check_one_cluster(m: Map, marks: _Marks, out: list[Violation]) -> None:
    clusters, main = _takeoff_cluster(m, marks, out)
    for cluster in sorted((c for c in clusters if c is not main), key=lambda c: min(c)):
        slots = tuple(sorted({slot_of(h) for h in cluster}))
        out.append(Violation(
            "setup.mountains", f"{len(cluster)} mountain hex(es) in slot(s) {_slots(slots)} are "
            f"cut off from the mountain of the take-off: {_hexes(cluster)}",
            "all mountains form one cluster (mountains: one-cluster): move or rotate these "
            "tiles so that a mountain hex touches the cluster", places=places(slots=slots,
            hexes=tuple(sorted(cluster)))))


def _check_mountains_per_sector(m: Map, marks: _Marks, tables: BoardTables,
                                out: list[Violation]) -> None:
    rule = "setup.mountains"
    clusters, main = _takeoff_cluster(m, marks, out)
    cluster_of = {h: i for i, c in enumerate(clusters) for h in c}
    loose = [h for h in tables.ring_hexes if h in cluster_of and h not in main]
    if loose:
        slots = tuple(sorted({slot_of(h) for h in loose}))
        out.append(Violation(
            rule, f"mountain hex(es) around the centre, in slot(s) {_slots(slots)}, are cut off "
            f"from the mountain of the take-off: {_hexes(loose)}", "\"connect them in priority "
            "to the starting mountain\": turn the tile so that a mountain hex touches a take-off "
            "hex", places=places(slots=slots, hexes=tuple(loose))))
    for name in SECTOR_CORNERS:
        peaks = [h for h in tables.sector_hexes[name] if h in cluster_of]
        if not peaks:
            continue
        groups = sorted({cluster_of[h] for h in peaks})
        opening = [h for h in tables.openings[name] if h in main]
        if len(groups) > 1:
            # the sector's cluster: the take-off's if it reaches the sector, else the largest
            keep = max(groups, key=lambda g: (clusters[g] is main,
                                              sum(cluster_of[h] == g for h in peaks), -g))
            apart = [h for h in peaks if cluster_of[h] != keep]
            slots = tuple(sorted({slot_of(h) for h in apart}))
            out.append(Violation(
                rule, f"sector {name}'s mountains form {len(groups)} clusters: {_hexes(apart)} "
                f"stand apart", "a sector's mountain tiles form a single cluster: move or "
                "rotate these tiles so that a mountain hex touches the sector's cluster",
                places=places(slots=slots, hexes=tuple(apart))))
        elif opening and clusters[groups[0]] is not main:
            slots = tuple(sorted({slot_of(h) for h in peaks}))
            out.append(Violation(
                rule, f"sector {name}'s mountains stand apart from the mountain of the take-off "
                f"although the tile around the centre opens the way at {_hexes(opening)}: "
                f"{_hexes(peaks)}", "\"connect them in priority to the starting mountain\": "
                "move or rotate a mountain tile of the sector so that it touches the mountain "
                "hexes around the centre", places=places(slots=slots, hexes=tuple(peaks))))


def _check_antennas(marks: _Marks, board: BoardLayout, out: list[Violation]) -> None:
    rule = "setup.antennas"
    by_sector: dict[str | None, list[Hex]] = defaultdict(list)
    colours: dict[Antenna, list[Hex]] = defaultdict(list)
    for h, antenna in marks.antennas:
        by_sector[board.sector_of(slot_of(h))].append(h)
        colours[antenna].append(h)
    for name in SECTOR_CORNERS:
        hs = sorted(by_sector.get(name, []))
        if len(hs) != 1:
            what = "no antenna" if not hs else f"{len(hs)} antennas ({_hexes(hs)})"
            out.append(Violation(
                rule, f"sector {name} holds {what}", "each sector holds exactly one antenna "
                "tile", places=places(slots=board.sector(name) if not hs else tuple(slot_of(h) for h in hs),
                hexes=tuple(hs))))
    if by_sector.get(None):
        hs = sorted(by_sector[None])
        out.append(Violation(rule, f"antenna(s) on the star or around the centre: {_hexes(hs)}",
                             "antenna tiles go into the sectors",
                             places=places(slots=tuple(slot_of(h) for h in hs), hexes=tuple(hs))))
    _check_colours(colours, rule, out)


def _check_colours(colours: dict[Antenna, list[Hex]], rule: str, out: list[Violation]) -> None:
    for colour in Antenna:
        hs = sorted(colours.get(colour, []))
        if len(hs) != 1:
            out.append(Violation(rule, f"the {colour} antenna is on {len(hs)} hexes"
                                 + (f": {_hexes(hs)}" if hs else ""),
                                 "the map holds one antenna of each colour", places=places(hexes=tuple(hs))))


def _check_aerodromes(m: Map, marks: _Marks, components: ComponentSet, board: BoardLayout,
                      out: list[Violation]) -> None:
    rule = "setup.aerodromes"
    aero_hexes = sorted(marks.aerodromes)
    marked = [h for h in aero_hexes if m.hexes[h].features]
    if marked:
        out.append(Violation(rule, f"aerodrome hex(es) carry marks: {_hexes(marked)}",
                             "aerodromes never cover a token, spawn number or GPS site",
                             places=places(hexes=tuple(marked))))
    slots = sorted({slot_of(h) for h in aero_hexes})
    if m.has_slots:
        if m.replaced_tiles > MAX_AERODROME_TILES_REPLACED:
            taken = sorted([a.slot for a in m.aerodromes] + [r.slots[0] for r in m.recuts])
            out.append(Violation(rule, f"aerodromes take {m.replaced_tiles} map tiles off the "
                                 f"board: {_slots(taken)}", "remove at most "
                                 f"{MAX_AERODROME_TILES_REPLACED} map tiles",
                                 places=places(slots=tuple(taken))))
    elif len(slots) > MAX_AERODROME_TILES_REPLACED:
        out.append(Violation(rule, f"aerodromes fill {len(slots)} tile slots: {_slots(slots)}",
                             f"replace at most {MAX_AERODROME_TILES_REPLACED} map tiles",
                             places=places(slots=tuple(slots))))
    if len(aero_hexes) > len(components.aerodrome_tiles):
        out.append(Violation(rule, f"{len(aero_hexes)} aerodrome hexes, but the set has "
                             f"{len(components.aerodrome_tiles)} aerodrome tiles",
                             "use fewer aerodrome hexes", places=places(hexes=tuple(aero_hexes))))
    for slot in slots:
        if slot == CENTER:
            out.append(Violation(rule, "an aerodrome replaces the Starting Tile",
                                 "the Starting Tile stays in the centre", places=places(slots=(slot,))))
        peaks = [h for h in slot.hexes() if (mh := m.hexes.get(h)) and
                 mh.terrain is Terrain.MOUNTAIN]
        if peaks:
            out.append(Violation(rule, f"aerodrome hexes share slot {slot} with mountain "
                                 f"hex(es) {_hexes(peaks)}: an aerodrome replaced a mountain "
                                 "tile", "never remove a mountain tile for an aerodrome",
                                 places=places(slots=(slot,), hexes=tuple(peaks))))
    removed = [(a.slot, a.replaces, "the aerodrome in slot") for a in m.aerodromes
               if a.replaces is not None]
    for r in m.recuts:
        removed += [(r.slots[0], t, "the re-cut row from slot") for t, _, _ in r.tiles]
        if r.replaces is not None:
            removed.append((r.slots[0], r.replaces, "the re-cut row from slot"))
    for slot, tile_id, what in removed:
        tile = components.tile(tile_id)
        if tile is None:
            continue
        reasons = []
        if tile.kind is not TileKind.REGULAR:
            reasons.append(f"the {tile.kind} tile")
        if any(tile.has_mountain(f) for f in tile.faces):
            reasons.append("a mountain tile")
        if any(tile.has_token(f) for f in tile.faces):
            reasons.append("a tile with a token, spawn number or GPS site")
        if reasons:
            # "Do not remove a mountain tile, a tile with a collectible token, or a tile with
            # a cloud spawn number."
            out.append(Violation(rule, f"{what} {slot} removes {tile_id}, "
                                 f"{' and '.join(reasons)}", "remove only tiles without "
                                 "mountains, tokens, spawn numbers or GPS sites",
                                 places=places(slots=(slot,))))


# --- custom layout ------------------------------------------------------------------------


def _check_custom(m: Map, marks: _Marks, components: ComponentSet, out: list[Violation]
                  ) -> None:
    pieces = sorted(connected_groups(set(m.hexes)), key=len, reverse=True)
    for piece in pieces[1:]:
        out.append(Violation("play.hexes", f"{len(piece)} hex(es) do not touch the rest of the "
                             f"board: {_hexes(piece)}", "every hex must be adjacent to the board",
                             places=places(hexes=tuple(sorted(piece)))))
    takeoffs = marks.takeoffs
    if len(takeoffs) != 2:
        out.append(Violation("play.takeoff", f"the map has {len(takeoffs)} take-off hexes, not 2",
                             "mark two hexes with takeoff: true", places=places(hexes=tuple(takeoffs))))
    targets = marks.targets
    if len(targets) != 1:
        out.append(Violation("play.target", f"the map has {len(targets)} target hexes, not 1",
                             "mark one hex with target: true", places=places(hexes=tuple(targets))))
    colours: dict[Antenna, list[Hex]] = defaultdict(list)
    for h, antenna in marks.antennas:
        colours[antenna].append(h)
    _check_colours(colours, "play.antennas", out)
    _check_features(marks, components, out, standard=False)
