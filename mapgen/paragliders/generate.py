"""The map generator: builds a board the way the rulebook's setup does, then checks it.

1. The star: from corner A, then C, then E, tiles are drawn from the bag and laid from the
   corner towards the centre; a tile drawn with mountains is put aside and another drawn.
2. The Starting Tile in the centre.
3. Three tiles around the centre, drawn from the bag (put-aside tiles stay aside); a mountain
   tile goes where, rotated, it joins the starting mountain.
4. The put-aside tiles go back into the bag; each sector gets its antenna tile and its share
   of tiles. Mountain tiles are laid first, each touching the cluster, rotated to connect.

Choices the rulebook leaves to the players are made as a player would (see
``docs/rules-notes.md``): a sector that cannot reach the cluster (no mountain around the
centre on its side) hands its mountain tiles on; if no mountain tile came up around the
centre while mountain tiles remain, the last tile drawn there is swapped for the next
mountain tile from the bag; a smaller board's bag holds every tile with a spawn number or GPS
site plus a random draw of the others. Every random choice comes from
``random.Random(seed).random()``, so a seed, a component set and a skyhex version give the
same map every time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from skyhex.mapgen.chance import Chance
from skyhex.mapgen.errors import GenerationError
from skyhex.mapgen.paragliders.check import check_map
from skyhex.rules import __version__
from skyhex.rules.hexgrid import Hex, Slot, tile_hexes
from skyhex.rules.paragliders.board import ARM_CORNERS, CENTER, MIN_RADIUS, board_layout
from skyhex.rules.paragliders.components import ComponentSet, Tile
from skyhex.rules.paragliders.maps import (
    AerodromePlacement,
    Map,
    MapHex,
    MapLayout,
    Placement,
    aerodrome_hexes,
    placed_hexes,
    slot_order,
)
from skyhex.rules.paragliders.terrain import Terrain

ALGORITHM = 1  # bump whenever the same seed would give another map
MAX_ATTEMPTS = 25
MAX_AERODROMES = 2


def generator_name() -> str:
    return f"skyhex {__version__} mapgen/{ALGORITHM}"


class _Stuck(Exception):
    def __init__(self, constraint: str, message: str) -> None:
        super().__init__(message)
        self.constraint = constraint
        self.message = message


@dataclass
class _Build:
    components: ComponentSet
    chance: Chance
    placements: dict[Slot, Placement] = field(default_factory=dict)
    mountains: set[Hex] = field(default_factory=set)

    def face_for(self, tile: Tile) -> str:
        """A random face, among those that show every mark the tile carries."""
        faces = sorted(tile.faces)
        marked = [f for f in faces if tile.has_token(f)]
        choices = marked if marked and len(marked) < len(faces) else faces
        return choices[self.chance.pick(choices)]

    def lay(self, placement: Placement) -> None:
        self.placements[placement.slot] = placement
        for h, mh in placed_hexes(placement, self.components).items():
            if mh.terrain is Terrain.MOUNTAIN:
                self.mountains.add(h)

    def joining(self, tile: Tile, face: str, slots: Sequence[Slot]) -> list[tuple[Slot, int]]:
        """(slot, rotation) pairs among free ``slots`` where the face's mountains touch the
        cluster."""
        peaks = [i for i, spec in enumerate(tile.faces[face]) if spec.terrain is Terrain.MOUNTAIN]
        out = []
        for slot in slots:
            if slot in self.placements:
                continue
            positions = tile_hexes(slot.anchor)
            touching = [k for k, h in enumerate(positions)
                        if any(n in self.mountains for n in h.neighbors())]
            if not touching:
                continue
            for rotation in range(3):
                if any((i + rotation) % 3 in touching for i in peaks):
                    out.append((slot, rotation))
        return out

    def flat_face(self, tile: Tile) -> str | None:
        """A face without mountains that still shows the tile's marks, if any."""
        faces = [f for f in sorted(tile.faces) if not tile.has_mountain(f)]
        marked = [f for f in faces if tile.has_token(f)] or faces
        return marked[self.chance.pick(marked)] if marked else None


def _bag(components: ComponentSet, needed: int, chance: Chance) -> list[Tile]:
    regular = list(components.regular_tiles)
    if needed > len(regular):
        raise GenerationError(
            "setup.board", f"the board needs {needed} regular tiles but set "
            f"{components.id!r} has {len(regular)}: use a smaller --radius")
    if needed == len(regular):
        return regular
    required = [t for t in regular if any(t.has_token(f) for f in t.faces)]
    if len(required) > needed:
        raise GenerationError(
            "setup.features", f"{len(required)} tiles carry spawn numbers or GPS sites but the "
            f"board has only {needed} slots for regular tiles: use a larger --radius")
    others = [t for t in regular if t not in required]
    bag = list(required)
    while len(bag) < needed:
        bag.append(chance.take(others))
    return bag


def _attempt(components: ComponentSet, seed: int, radius: int, aerodromes: int,
             chance: Chance) -> Map:
    board = board_layout(radius)
    ring = board.ring_slots
    sectors = {name: board.sector(name) for name in "BDF"}
    regular_slots = len(board.slots) - 1 - len(components.antenna_tiles)
    bag = _bag(components, regular_slots, chance)
    build = _Build(components, chance)
    aside: list[Tile] = []

    def draw_flat(where: str) -> tuple[Tile, str]:
        while bag:
            tile = chance.take(bag)
            face = build.face_for(tile)
            if not tile.has_mountain(face):
                return tile, face
            aside.append(tile)
        raise _Stuck("setup.star", f"the bag ran out of tiles without mountains for {where}")

    # 1-2. The star from corners A, C and E, and the Starting Tile after the first arm.
    for corner in ARM_CORNERS:
        for slot in reversed(board.arm(corner)):
            tile, face = draw_flat(f"arm {corner}")
            build.lay(Placement(slot, tile.id, face, chance.below(3)))
        if corner == "A":
            build.lay(Placement(CENTER, components.start_tile.id, "a", 0))

    # 3. Three tiles around the centre; mountain tiles join the starting mountain.
    ring_slots = list(ring)
    ring_drawn: list[Tile] = []
    while len(ring_drawn) < len(ring_slots) and bag:
        tile = chance.take(bag)
        ring_drawn.append(tile)
    must_place = any(all(t.has_mountain(f) for f in t.faces) for t in bag + aside)
    if must_place and not any(any(t.has_mountain(f) for f in t.faces) for t in ring_drawn):
        peaks = [t for t in bag if any(t.has_mountain(f) for f in t.faces)]
        if peaks:
            swapped = ring_drawn.pop()
            peak = peaks[chance.pick(peaks)]
            bag.remove(peak)
            bag.append(swapped)
            ring_drawn.append(peak)
    free_ring = list(ring_slots)
    flat_ring: list[tuple[Tile, str]] = []
    for tile in ring_drawn:
        face = build.face_for(tile)
        if tile.has_mountain(face):
            options = build.joining(tile, face, free_ring)
            if options:
                slot, rotation = options[chance.pick(options)]
                build.lay(Placement(slot, tile.id, face, rotation))
                free_ring.remove(slot)
                continue
            flat = build.flat_face(tile)
            if flat is None:
                aside.append(tile)
                continue
            face = flat
        flat_ring.append((tile, face))
    for tile, face in flat_ring:
        if not free_ring:
            aside.append(tile)
            continue
        slot = free_ring.pop(chance.pick(free_ring))
        build.lay(Placement(slot, tile.id, face, chance.below(3)))
    for slot in free_ring:  # mountain tiles that could not join: fill with flat tiles
        tile, face = draw_flat("the tiles around the centre")
        build.lay(Placement(slot, tile.id, face, chance.below(3)))

    # 4. Put-aside tiles back in the bag; the sectors, cut-off ones first.
    bag.extend(aside)
    aside = []
    antennas = {name: t for name, t in zip("BDF", chance.shuffled(components.antenna_tiles), strict=True)}
    open_sectors = {wedge for s, wedge in ring.items()
                    if any(h in build.mountains for h in s.hexes())}
    order = [n for n in "BDF" if n not in open_sectors] + \
        chance.shuffled([n for n in "BDF" if n in open_sectors])
    for index, name in enumerate(order):
        slots = sectors[name]
        last = index == len(order) - 1
        share = len(slots) - 1
        if last:
            bag.extend(aside)
            aside = []
            drawn = list(bag)
            bag.clear()
            if len(drawn) != share:
                raise _Stuck("setup.board", f"sector {name} has {share} free slots for "
                             f"{len(drawn)} tiles")
        else:
            drawn = []
            while len(drawn) < share:
                if not bag:
                    raise _Stuck("setup.mountains", f"mountain tiles cannot all join the "
                                 f"cluster: sector {name} found no tile it could use")
                tile = chance.take(bag)
                if name not in open_sectors and all(tile.has_mountain(f) for f in tile.faces):
                    aside.append(tile)  # this sector cannot reach the cluster
                    continue
                drawn.append(tile)
        flats: list[tuple[Tile, str]] = []
        for tile in drawn:
            face = build.face_for(tile)
            if tile.has_mountain(face):
                options = build.joining(tile, face, slots)
                if options:
                    slot, rotation = options[chance.pick(options)]
                    build.lay(Placement(slot, tile.id, face, rotation))
                    continue
                flat = build.flat_face(tile)
                if flat is None:
                    if last:
                        raise _Stuck("setup.mountains", f"mountain tile {tile.id} cannot join "
                                     f"the cluster from sector {name}")
                    aside.append(tile)
                    continue
                face = flat
            flats.append((tile, face))
        antenna = antennas[name]
        flats.insert(chance.below(len(flats) + 1), (antenna, build.face_for(antenna)))
        free = [s for s in slots if s not in build.placements]
        while len(flats) < len(free) and bag:
            tile = chance.take(bag)
            face = build.face_for(tile)
            if tile.has_mountain(face):
                flat = build.flat_face(tile)
                if flat is None:
                    aside.append(tile)
                    continue
                face = flat
            flats.append((tile, face))
        if len(flats) != len(free):
            raise _Stuck("setup.mountains", f"sector {name}: {len(flats)} tiles for "
                         f"{len(free)} free slots")
        for tile, face in flats:
            slot = free.pop(chance.pick(free))
            build.lay(Placement(slot, tile.id, face, chance.below(3)))
    if aside or bag:
        left = sorted(t.id for t in aside + bag)
        raise _Stuck("setup.mountains", f"tiles {', '.join(left)} found no place joining the "
                     "cluster")

    # Aerodromes replace tiles without mountains, tokens, spawn numbers or GPS sites.
    placements = dict(build.placements)
    aero_placements = _aerodromes(components, placements, aerodromes, chance)
    for a in aero_placements:
        del placements[a.slot]
    laid = tuple(sorted(placements.values(), key=lambda p: slot_order(p.slot)))
    hexes: dict[Hex, MapHex] = {}
    for p in laid:
        hexes.update(placed_hexes(p, components))
    for a in aero_placements:
        hexes.update(aerodrome_hexes(a, components))
    return Map(hexes=hexes, layout=MapLayout.STANDARD, radius=radius, slots=laid,
               aerodromes=tuple(aero_placements), slot_hexes=hexes, seed=seed,
               generator=generator_name(), components=components.id)


def _aerodromes(components: ComponentSet, placements: dict[Slot, Placement], count: int,
                chance: Chance) -> list[AerodromePlacement]:
    if count == 0:
        return []
    candidates = []
    for slot, p in sorted(placements.items()):
        tile = components.tile(p.tile)
        assert tile is not None
        if tile.kind.value != "regular" or any(tile.has_mountain(f) or tile.has_token(f)
                                               for f in tile.faces):
            continue
        candidates.append(slot)
    if len(candidates) < count:
        raise GenerationError("setup.aerodromes", f"only {len(candidates)} tile(s) on the map can "
                              f"make way for an aerodrome, {count} asked")
    aero_tiles = list(components.aerodrome_tiles)
    if len(aero_tiles) < 3 * count:
        raise GenerationError("setup.aerodromes", f"{count} aerodrome(s) need {3 * count} "
                              f"aerodrome tiles, set {components.id!r} has {len(aero_tiles)}")
    out = []
    for _ in range(count):
        slot = candidates.pop(chance.pick(candidates))
        pairs = []
        for position in range(3):
            aero = aero_tiles.pop(chance.pick(aero_tiles))
            faces = sorted(aero.faces)
            strips = [f for f in faces if aero.faces[f] is Terrain.AERODROME]
            # the first hex always shows an aerodrome; the others may show their other side
            choices = strips if position == 0 else faces
            pairs.append((aero.id, choices[chance.pick(choices)]))
        out.append(AerodromePlacement(slot, tuple(pairs), placements[slot].tile))
    return out


def generate_map(components: ComponentSet, seed: int, *, radius: int = 4,
                 aerodromes: int = 0) -> Map:
    """A valid standard-layout map for ``seed``; ``GenerationError`` names the constraint
    that kept failing when none can be built."""
    if radius < MIN_RADIUS:
        raise GenerationError("setup.antennas", f"a radius-{radius} board has no sectors for "
                              f"the antenna tiles: use --radius {MIN_RADIUS} or more")
    if not 0 <= aerodromes <= MAX_AERODROMES:
        raise GenerationError("setup.aerodromes", f"at most {MAX_AERODROMES} map tiles make way "
                              "for aerodromes")
    chance = Chance(seed)
    failures: Counter[str] = Counter()
    last: dict[str, str] = {}
    for _ in range(MAX_ATTEMPTS):
        try:
            m = _attempt(components, seed, radius, aerodromes, chance)
        except _Stuck as stuck:
            failures[stuck.constraint] += 1
            last[stuck.constraint] = stuck.message
            continue
        violations = check_map(m, components)
        if not violations:
            return m
        for v in violations:
            failures[v.rule] += 1
            last[v.rule] = v.message
    rule, times = failures.most_common(1)[0]
    raise GenerationError(rule, f"no valid map in {MAX_ATTEMPTS} attempts; {rule} failed "
                          f"{times} times, last: {last[rule]}")
