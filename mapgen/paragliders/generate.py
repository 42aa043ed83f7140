"""The map generator: builds a board the way the rulebook's setup does, then checks it.

1. The star (steps 3-5): from corner A, then C, then E, tiles are drawn from the bag and laid
   from the corner towards the centre; a tile drawn with mountains is put aside and another
   drawn. The Starting Tile goes in the centre after the first arm.
2. Around the centre (step 6): three tiles drawn from the bag ("This time you can use
   mountain tiles when you draw them"); a mountain tile is turned so that a mountain hex
   touches the starting mountain ("connect them in priority to the starting mountain").
3. The put-aside tiles go back in the bag (step 7).
4. The sectors (step 8): each sector's filler draws its share from the bag (with setup
   assistants, the fillers draw at once from the shared bag), then lays the mountain tiles
   first, each touching the sector's cluster, then the antenna tile and the other tiles. A
   sector whose tile around the centre shows mountains next to it joins the starting
   mountain; another sector's mountains form a cluster of their own (the default, per-sector
   reading of DESIGN.md's setup rule 3). With ``mountains: one-cluster`` every mountain joins
   the starting mountain: the fillers of cut-off sectors hand their mountain tiles to the
   filler of an open sector.

No silent rebuilds: a step that dead-ends is drawn again (the tiles around the centre, the
sectors' draw, or one sector's laying), and the map's ``redraws`` records each time which
step, the rule it could not meet and why. Choices the rulebook leaves to the players are made
as a player would (see ``docs/rules-notes.md``). Every random choice comes from
``random.Random(seed).random()``, so a seed, a component set, the options and a skyhex
version give the same map every time.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from skyhex.mapgen.chance import Chance
from skyhex.mapgen.errors import GenerationError
from skyhex.mapgen.paragliders.check import check_map
from skyhex.mapgen.paragliders.tables import BoardTables, board_tables
from skyhex.rules import __version__
from skyhex.rules.hexgrid import Hex, Slot, slot_of
from skyhex.rules.paragliders.board import (
    ARM_CORNERS,
    CENTER,
    MIN_RADIUS,
    SECTOR_CORNERS,
    BoardLayout,
    board_layout,
)
from skyhex.rules.paragliders.components import ComponentSet, Tile
from skyhex.rules.paragliders.maps import (
    AerodromePlacement,
    Map,
    MapLayout,
    MountainReading,
    Placement,
    Redraw,
    hexes_from_slots,
)
from skyhex.rules.paragliders.terrain import Terrain

ALGORITHM = 2  # bump whenever the same seed would give another map
MAX_REDRAWS = 50  # redraws of one step before the generator gives up
MAX_AERODROMES = 2
MAX_ASSISTANTS = 3

Drawn = tuple[Tile, str]  # a tile and the face it came up on


def generator_name() -> str:
    return f"skyhex {__version__} mapgen/{ALGORITHM}"


class _DeadEnd(Exception):
    """A setup step that cannot be completed with the tiles drawn."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason


@dataclass(frozen=True)
class _Kit:
    """What the generator asks of a component set's tiles, worked out once per set: the set
    gives thousands of maps from the same few tiles."""

    components: ComponentSet
    faces: Mapping[str, tuple[str, ...]]
    """The faces a tile is drawn on (``_Build.face_for``), by tile id."""
    flats: Mapping[str, tuple[str, ...]]
    """The faces a mountain tile may be laid on as a flat tile (``_Build.flat_face``)."""
    peaks: Mapping[tuple[str, str], int]
    """The positions of a face's mountain hexes, a bit each, by (tile id, face)."""
    regular: tuple[Tile, ...]
    """The regular tiles, in the set's order; ``required`` those with a mark on a face (a
    spawn number, an antenna or a GPS site), ``others`` the rest."""
    required: tuple[Tile, ...]
    others: tuple[Tile, ...]
    antennas: tuple[Tile, ...]
    start: Tile


_KITS: dict[int, _Kit] = {}


def _kit(components: ComponentSet) -> _Kit:
    """The set's ``_Kit``, kept for the last sets used (by identity: sets are values)."""
    kit = _KITS.get(id(components))
    if kit is not None and kit.components is components:
        return kit
    faces, flats, peaks = {}, {}, {}
    for tile in components.tiles:
        names = sorted(tile.faces)
        marked = [f for f in names if tile.has_token(f)]
        faces[tile.id] = tuple(marked if marked and len(marked) < len(names) else names)
        flat = [f for f in names if not tile.has_mountain(f)]
        flats[tile.id] = tuple([f for f in flat if tile.has_token(f)] or flat)
        for name in names:
            peaks[tile.id, name] = sum(1 << i for i, spec in enumerate(tile.faces[name])
                                       if spec.terrain is Terrain.MOUNTAIN)
    regular = components.regular_tiles
    required = tuple(t for t in regular if any(t.has_token(f) for f in t.faces))
    chosen = {id(t) for t in required}  # by identity: comparing tiles compares their faces
    kit = _Kit(components, faces, flats, peaks, regular, required,
               tuple(t for t in regular if id(t) not in chosen), components.antenna_tiles,
               components.start_tile)
    if len(_KITS) >= 16:
        _KITS.clear()
    _KITS[id(components)] = kit
    return kit


@dataclass
class _Build:
    components: ComponentSet
    chance: Chance
    board: BoardLayout
    reading: MountainReading
    kit: _Kit
    tables: BoardTables
    placements: dict[Slot, Placement] = field(default_factory=dict)
    mountains: set[Hex] = field(default_factory=set)
    redraws: list[Redraw] = field(default_factory=list)
    near: dict[Slot, int] = field(default_factory=dict)
    """The frontier of the mountains: every free slot next to a mountain hex, with the
    positions of its hexes that touch one (bit ``1 << position``), kept as tiles are laid
    so that no step rescans the free slots."""
    fronts: dict[str, set[Slot]] = field(default_factory=dict)
    """The frontier's slots in each group of ``tables.groups``, kept with ``near``: a
    group's never needs the whole frontier's."""
    peaked: set[str] = field(default_factory=set)
    """The groups holding a mountain hex."""
    free: dict[str, list[Slot]] = field(default_factory=dict)
    """The free slots of each group of slots tiles were laid in (by name: ``"ring"`` or a
    sector's), in the group's order."""
    places: dict[str, list[int]] = field(default_factory=dict)
    """The places in their group (``tables.groups``) of the slots of ``free``, ascending
    with them: laying a tile finds its slot in its group's list by bisection."""

    def face_for(self, tile: Tile) -> str:
        """A random face, among those that show every mark the tile carries."""
        choices = self.kit.faces[tile.id]
        return choices[self.chance.pick(choices)]

    def flat_face(self, tile: Tile) -> str | None:
        """A face without mountains that still shows the tile's marks, if any."""
        marked = self.kit.flats[tile.id]
        return marked[self.chance.pick(marked)] if marked else None

    def lay(self, placement: Placement) -> None:
        slot = placement.slot
        placed = self.placements
        placed[slot] = placement
        near, group_of = self.near, self.tables.group_of
        group = group_of.get(slot)
        if near.pop(slot, None) is not None and group is not None:
            self.fronts[group].discard(slot)
        if group is not None and (places := self.places.get(group)) is not None:
            place = self.tables.groups[group][slot]
            i = bisect_left(places, place)
            if i < len(places) and places[i] == place:
                del places[i]
                del self.free[group][i]
        peaks = self.kit.peaks[placement.tile, placement.face]
        if peaks:
            hexes, touching = _reach(slot, placement.rotation, peaks)
            self.mountains.update(hexes)
            if group is not None:
                self.peaked.add(group)
            for beside, bit in touching:
                if beside not in placed:
                    touched = near.get(beside)
                    if touched is None:
                        near[beside] = bit
                        if (towards := group_of.get(beside)) is not None:
                            self.fronts[towards].add(beside)
                    else:
                        near[beside] = touched | bit

    def lay_anywhere(self, tile: Tile, face: str, group: str, slots: Sequence[Slot]) -> None:
        """Lay a tile in a random free slot among ``slots`` (the group named ``group``),
        turned at random."""
        free = self.free.get(group)
        if free is None:
            free = self.free[group] = [s for s in slots if s not in self.placements]
            order = self.tables.groups[group]
            self.places[group] = [order[s] for s in free]
        slot = free[self.chance.pick(free)]
        self.lay(Placement(slot, tile.id, face, self.chance.below(3)))

    def lay_one_of(self, tile: Tile, face: str, options: Sequence[tuple[Slot, int]],
                   nowhere: str) -> str | None:
        """Lay a mountain tile as one of the (slot, rotation) ``options``; with none, the
        face without mountains to lay it as a flat tile, else a dead end (``nowhere`` says
        why)."""
        if options:
            slot, rotation = options[self.chance.pick(options)]
            self.lay(Placement(slot, tile.id, face, rotation))
            return None
        flat = self.flat_face(tile)
        if flat is None:
            raise _DeadEnd("setup.mountains", f"mountain tile {tile.id} {nowhere}")
        return flat

    def take_back(self, slots: Sequence[Slot]) -> None:
        """Pick the tiles in ``slots`` up again (a step drawn again)."""
        for slot in slots:
            self.placements.pop(slot, None)
        peaks = self.kit.peaks
        self.mountains = {h for p in self.placements.values()
                          for h in _reach(p.slot, p.rotation, peaks[p.tile, p.face])[0]}
        self.near = {}
        for h in self.mountains:
            for beside, k in _touching(h):
                if beside not in self.placements:
                    self.near[beside] = self.near.get(beside, 0) | 1 << k
        group_of = self.tables.group_of
        self.fronts = {name: set() for name in self.tables.groups}
        for s in self.near:
            if (group := group_of.get(s)) is not None:
                self.fronts[group].add(s)
        self.peaked = {group_of[slot] for h in self.mountains
                       if (slot := slot_of(h)) in group_of}
        self.free.clear()
        self.places.clear()

    def joining(self, tile: Tile, face: str, group: str) -> list[tuple[Slot, int]]:
        """(slot, rotation) pairs among the free slots of a group (of ``tables.groups``)
        where the face's mountains touch the mountains laid."""
        peaks = self.kit.peaks[tile.id, face]
        near = self.near
        order = self.tables.groups[group]
        return [(slot, rotation) for slot in sorted(self.fronts[group], key=order.__getitem__)
                for rotation in _ROTATIONS[peaks][near[slot]]]

    def room_after(self, tile: Tile, face: str, options: Sequence[tuple[Slot, int]],
                   group: str, enough: int) -> list[int]:
        """For each (slot, rotation) option, how many free slots of a group (of
        ``tables.groups``) would still touch the mountains with the tile laid so, counted up
        to ``enough``: a careful player leaves the cluster room to grow for the tiles still in
        hand."""
        frontier = self.fronts[group]
        placed = self.placements
        # the group's free slots off the frontier, a bit each (``_room_masks``): those a tile
        # laid next to would add to it
        beyond = 0
        for s, place in self.tables.groups[group].items():
            if s not in placed and s not in frontier:
                beyond |= 1 << place
        masks = _room_masks(self.board.radius, group, self.kit.peaks[tile.id, face])
        size = len(frontier)
        out = []
        for option in options:
            room = size - (option[0] in frontier)
            if room < enough:
                room = min(enough, room + (masks[option] & beyond).bit_count())
            out.append(room)
        return out

    def open_sectors(self) -> list[str]:
        """The sectors next to a mountain hex of their tile around the centre: the way from
        the starting mountain into them."""
        mountains = self.mountains
        return [name for name, hexes in sorted(self.tables.openings.items())
                if not mountains.isdisjoint(hexes)]

    def redrawn(self, step: str, dead_end: _DeadEnd) -> None:
        """Record a redraw of ``step``; ``GenerationError`` once the step has been drawn
        again too often."""
        self.redraws.append(Redraw(step, dead_end.rule, dead_end.reason))
        times = sum(r.step == step for r in self.redraws)
        if times > MAX_REDRAWS:
            raise GenerationError(dead_end.rule, f"{step}: still at a dead end after {MAX_REDRAWS} "
                                  f"redraws; last: {dead_end.reason}")


@cache
def _touching(h: Hex) -> tuple[tuple[Slot, int], ...]:
    """The other slots next to ``h``, each with the position in it of a hex touching ``h``."""
    own = slot_of(h)
    out = []
    for n in h.neighbors():
        slot = slot_of(n)
        if slot != own:
            out.append((slot, _cells(slot).index(n)))
    return tuple(out)


@cache
def _reach(slot: Slot, rotation: int, peaks: int
           ) -> tuple[tuple[Hex, ...], tuple[tuple[Slot, int], ...]]:
    """The mountain hexes of a tile laid in ``slot`` turned by ``rotation`` (``peaks``: a bit
    per position of its face's mountain hexes), in the face's order, and the other slots
    next to each with the bit of the position there touching it."""
    positions = _cells(slot)
    hexes = tuple(positions[(i + rotation) % 3] for i in range(3) if peaks >> i & 1)
    return hexes, tuple((beside, 1 << k) for h in hexes for beside, k in _touching(h))


@cache
def _slots_beside(h: Hex) -> frozenset[Slot]:
    """The slots holding a neighbour of ``h``, other than its own."""
    own = slot_of(h)
    return frozenset(s for s in map(slot_of, h.neighbors()) if s != own)


_ROTATIONS = tuple(tuple(tuple(rotation for rotation in range(3)
                               if any(peaks >> i & 1 and touching >> (i + rotation) % 3 & 1
                                      for i in range(3)))
                         for touching in range(8)) for peaks in range(8))
"""The rotations that put a mountain hex of a face (``peaks``: a bit per position) on a
position touching the mountains (``touching``), by ``[peaks][touching]``."""


@cache
def _beside_peaks(slot: Slot, rotation: int, peaks: int) -> frozenset[Slot]:
    """The other slots next to the mountain hexes of a tile laid in ``slot`` turned by
    ``rotation`` (``peaks``: a bit per position of its mountain hexes)."""
    return frozenset(s for h in _reach(slot, rotation, peaks)[0] for s in _slots_beside(h))


@cache
def _room_masks(radius: int, group: str, peaks: int) -> Mapping[tuple[Slot, int], int]:
    """For each (slot, rotation) of a group of the radius-``radius`` board
    (``BoardTables.groups``), the group's other slots next to the mountain hexes of a tile
    laid so (``peaks``: a bit per position of its mountain hexes), as bits ``1 << place``
    (the slot's place in the group): ``room_after`` counts a group's free slots with one
    mask per option, whatever the board's size."""
    order = board_tables(radius).groups[group]
    return {(slot, rotation): sum(1 << order[s] for s in _beside_peaks(slot, rotation, peaks)
                                  if s in order)
            for slot in order for rotation in range(3)}


@cache
def _cells(slot: Slot) -> tuple[Hex, Hex, Hex]:
    return slot.hexes()


def _bag(kit: _Kit, needed: int, chance: Chance) -> list[Tile]:
    regular = list(kit.regular)
    if needed > len(regular):
        raise GenerationError(
            "setup.board", f"the board needs {needed} regular tiles but set "
            f"{kit.components.id!r} has {len(regular)}: use a smaller --radius")
    if needed == len(regular):
        return regular
    required = kit.required
    if len(required) > needed:
        raise GenerationError(
            "setup.features", f"{len(required)} tiles carry spawn numbers or GPS sites but the "
            f"board has only {needed} slots for regular tiles: use a larger --radius")
    others = list(kit.others)
    bag = list(required)
    while len(bag) < needed:
        bag.append(chance.take(others))
    return bag


def _always_mountain(tile: Tile) -> bool:
    return all(tile.has_mountain(f) for f in tile.faces)


def _star(build: _Build, bag: list[Tile], aside: list[Tile]) -> None:
    """Steps 3-5: the arms from corners A, C and E, the Starting Tile after the first."""
    chance = build.chance
    for corner in ARM_CORNERS:
        for slot in reversed(build.board.arm(corner)):
            while True:
                if not bag:
                    raise GenerationError("setup.star", f"the bag ran out of tiles without "
                                          f"mountains for arm {corner}")
                tile = chance.take(bag)
                face = build.face_for(tile)
                if not tile.has_mountain(face):
                    break
                aside.append(tile)  # "If you draw a mountain tile, put it aside"
            build.lay(Placement(slot, tile.id, face, chance.below(3)))
        if corner == "A":
            build.lay(Placement(CENTER, build.kit.start.id, "a", 0))


def _around_centre(build: _Build, bag: list[Tile], aside: list[Tile],
                   share: dict[str, int]) -> None:
    """Step 6, drawn again while it dead-ends: under the one-cluster reading, when the
    mountain tiles left could not all join the starting mountain through the sectors it
    opens."""
    ring = build.tables.ring
    while True:
        drawn = [build.chance.take(bag) for _ in ring if bag]
        try:
            _lay_ring(build, drawn, ring)
            if build.reading is MountainReading.ONE_CLUSTER:
                _check_room(build, bag + aside, share)
            return
        except _DeadEnd as dead_end:
            build.take_back(ring)
            bag.extend(drawn)
            build.redrawn("around the centre", dead_end)


def _lay_ring(build: _Build, drawn: list[Tile], ring: tuple[Slot, ...]) -> None:
    for tile in drawn:
        face = build.face_for(tile)
        if tile.has_mountain(face):
            flat = build.lay_one_of(tile, face, build.joining(tile, face, "ring"),
                                    "cannot touch the starting mountain from a free slot "
                                    "around the centre")
            if flat is None:
                continue
            face = flat
        build.lay_anywhere(tile, face, "ring", ring)


def _check_room(build: _Build, left: list[Tile], share: dict[str, int]) -> None:
    """One-cluster reading: the mountain tiles left must fit in the sectors opened."""
    peaks = sorted(t.id for t in left if _always_mountain(t))
    opened = build.open_sectors()
    room = sum(share[n] for n in opened)
    if len(peaks) > room:
        why = "no tile around the centre opens a sector" if not opened else \
            f"the sectors opened ({', '.join(opened)}) have room for {room}"
        raise _DeadEnd("setup.mountains", f"{len(peaks)} mountain tiles are left but {why}: "
                       "they could not join the starting mountain")


def _fillers(order: list[str], assistants: int) -> list[list[str]]:
    """Who fills which sectors, in order (step 8): alone, all three; with one assistant,
    you one and the assistant two; with two or three, each sector its own filler."""
    if assistants == 0:
        return [list(order)]
    if assistants == 1:
        return [order[:1], order[1:]]
    return [[n] for n in order]


def _draw_hands(build: _Build, bag: list[Tile], fillers: list[list[str]],
                share: dict[str, int], opened: list[str], hands: dict[str, list[Drawn]]
                ) -> None:
    """The fillers draw in turn, a tile each, from the shared bag into ``hands`` until every
    sector has its share. One-cluster reading: a tile with mountains drawn for a cut-off
    sector goes to an open sector (``_hand_on``)."""
    queues = [list(f) for f in fillers]
    strict = build.reading is MountainReading.ONE_CLUSTER
    while any(queues):
        for queue in queues:
            while queue and len(hands[queue[0]]) >= share[queue[0]]:
                queue.pop(0)
            if not queue:
                continue
            name = queue[0]
            tile = build.chance.take(bag)
            face = build.face_for(tile)
            if strict and name not in opened and tile.has_mountain(face):
                flat = build.flat_face(tile)
                if flat is None:
                    _hand_on(build, (tile, face), name, hands, share, opened, bag)
                    continue
                face = flat
            hands[name].append((tile, face))


def _hand_on(build: _Build, drawn: Drawn, name: str, hands: dict[str, list[Drawn]],
             share: dict[str, int], opened: list[str], bag: list[Tile]) -> None:
    """One-cluster reading: a mountain tile drawn for cut-off sector ``name`` goes to the
    open sector with the most room; when every open sector's share is drawn, the filler of
    the one holding the most tiles without mountains trades one of them for it."""
    room = [n for n in opened if len(hands[n]) < share[n]]
    if room:
        best = max(room, key=lambda n: (share[n] - len(hands[n]), -opened.index(n)))
        hands[best].append(drawn)
        return
    flats = {n: [i for i, (t, f) in enumerate(hands[n]) if not t.has_mountain(f)]
             for n in opened}
    trading = [n for n in opened if flats[n]]
    if not trading:
        bag.append(drawn[0])
        raise _DeadEnd("setup.mountains", f"mountain tile {drawn[0].id}, drawn for cut-off "
                       f"sector {name}, finds no open sector to take it")
    best = max(trading, key=lambda n: (len(flats[n]), -opened.index(n)))
    given = hands[best].pop(flats[best][build.chance.pick(flats[best])])
    hands[best].append(drawn)
    hands[name].append(given)


def _lay_sector(build: _Build, name: str, hand: list[Drawn], antenna: Drawn) -> None:
    """Lay a sector's tiles: mountain tiles first, each touching the sector's cluster (the
    first one of a sector cut off from the starting mountain anywhere in it), then the
    antenna tile and the others in random free slots."""
    slots = build.board.sector(name)
    opened = name in build.open_sectors()
    flats = [(t, f) for t, f in hand if not t.has_mountain(f)]
    peaks = [(t, f) for t, f in hand if t.has_mountain(f)]
    started = opened
    for index, (tile, face) in enumerate(peaks):
        # a sector's cluster, once started, stays so while its tiles are laid
        started = started or name in build.peaked
        if started:
            options = build.joining(tile, face, name)
        else:
            options = [(s, r) for s in slots if s not in build.placements for r in range(3)]
        left = len(peaks) - 1 - index
        # leave room for the mountain tiles still in hand (every option leaves at least the
        # frontier but its own slot: with a frontier that large, none needs weighing)
        if left and len(build.fronts[name]) - 1 < min(left, 2):
            rooms = build.room_after(tile, face, options, name, min(left, 2))
            for need in sorted({min(left, 2), 1}, reverse=True):
                if any(n >= need for n in rooms):
                    options = [o for o, n in zip(options, rooms, strict=True) if n >= need]
                    break
        flat = build.lay_one_of(tile, face, options, f"finds no free slot of sector {name} "
                                "touching the sector's cluster")
        if flat is not None:
            flats.append((tile, flat))
    flats.insert(build.chance.below(len(flats) + 1), antenna)
    for tile, face in flats:
        build.lay_anywhere(tile, face, name, slots)


def _sectors(build: _Build, bag: list[Tile], share: dict[str, int], assistants: int) -> None:
    """Step 8: the fillers draw the sectors' tiles, then lay each sector; each drawn again
    while it dead-ends."""
    chance = build.chance
    antennas = {name: (t, build.face_for(t)) for name, t in
                zip(SECTOR_CORNERS, chance.shuffled(build.kit.antennas), strict=True)}
    order = chance.shuffled(list(SECTOR_CORNERS))
    opened = build.open_sectors()
    if build.reading is MountainReading.ONE_CLUSTER:  # cut-off sectors first, handing on
        order = [n for n in order if n not in opened] + [n for n in order if n in opened]
    fillers = _fillers(order, assistants)
    while True:
        hands: dict[str, list[Drawn]] = {n: [] for n in order}
        try:
            _draw_hands(build, bag, fillers, share, opened, hands)
            break
        except _DeadEnd as dead_end:
            bag.extend(t for n in order for t, _ in hands[n])  # every tile back in the bag
            build.redrawn("the sectors' draw", dead_end)
    for name in order:
        while True:
            try:
                _lay_sector(build, name, hands[name], antennas[name])
                break
            except _DeadEnd as dead_end:
                build.take_back(build.board.sector(name))
                build.redrawn(f"sector {name}", dead_end)


def generate_map(components: ComponentSet, seed: int, *, radius: int = 4, aerodromes: int = 0,
                 mountains: MountainReading = MountainReading.PER_SECTOR,
                 assistants: int = 0) -> Map:
    """A valid standard-layout map for ``seed``: the setup as a table makes it, every redraw
    recorded in ``Map.redraws``. ``GenerationError`` names the constraint that cannot be
    met."""
    if radius < MIN_RADIUS:
        raise GenerationError("setup.antennas", f"a radius-{radius} board has no sectors for "
                              f"the antenna tiles: use --radius {MIN_RADIUS} or more")
    if not 0 <= aerodromes <= MAX_AERODROMES:
        raise GenerationError("setup.aerodromes", f"at most {MAX_AERODROMES} map tiles make way "
                              "for aerodromes")
    if not 0 <= assistants <= MAX_ASSISTANTS:
        raise GenerationError("setup.sectors", f"at most {MAX_ASSISTANTS} setup assistants fill "
                              "the three sectors")
    chance = Chance(seed)
    board = board_layout(radius)
    tables = board_tables(radius)
    kit = _kit(components)
    build = _Build(components, chance, board, mountains, kit, tables,
                   fronts={name: set() for name in tables.groups})
    regular_slots = len(board.slots) - 1 - len(kit.antennas)
    bag = _bag(kit, regular_slots, chance)
    share = {name: len(board.sector(name)) - 1 for name in SECTOR_CORNERS}
    aside: list[Tile] = []
    _star(build, bag, aside)
    _around_centre(build, bag, aside, share)
    bag.extend(aside)  # step 7
    _sectors(build, bag, share, assistants)

    placements = dict(build.placements)
    aero_placements = _aerodromes(components, placements, aerodromes, chance)
    for a in aero_placements:
        del placements[a.slot]
    laid = tuple(placements[s] for s in tables.ordered if s in placements)
    hexes = hexes_from_slots(laid, tuple(aero_placements), components)
    m = Map(hexes=hexes, layout=MapLayout.STANDARD, radius=radius, slots=laid,
            aerodromes=tuple(aero_placements), slot_hexes=hexes, seed=seed,
            generator=generator_name(), components=components.id, mountains=mountains,
            assistants=assistants or None, redraws=tuple(build.redraws))
    violations = check_map(m, components)
    if violations:  # the construction follows the rules: this would be a generator bug
        first = violations[0]
        raise GenerationError(first.rule, f"the map built breaks a setup rule: {first.message}")
    return m


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
