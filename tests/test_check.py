"""The map checker: hand-made invalid maps are rejected with the right rules, every
violation at once; mutations of valid maps are always caught."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from skyhex.games import dump_yaml, face
from skyhex.mapgen.paragliders.check import check_map
from skyhex.mapgen.paragliders.generate import generate_map
from skyhex.rules.errors import InputError
from skyhex.rules.hexgrid import Hex, Slot, slot_of
from skyhex.rules.paragliders.board import CENTER, board_layout
from skyhex.rules.paragliders.components import ComponentSet, TileKind
from skyhex.rules.paragliders.features import NO_FEATURES, Landmark
from skyhex.rules.paragliders.maps import (
    Map,
    MapHex,
    MapLayout,
    MountainReading,
    map_from_dict,
    map_to_dict,
    recut_geometry,
)
from skyhex.rules.paragliders.places import HEX, SLOT
from skyhex.rules.paragliders.terrain import Terrain

from .conftest import DATA, ROOT


def rules(path: str, standard: ComponentSet) -> list[str]:
    m, _ = face("paragliders").load_map(str(DATA / "maps" / path), standard)
    return [v.rule for v in check_map(m, standard)]


@pytest.mark.parametrize(("name", "expected"), [
    ("valid-seed-7.yaml", []),
    ("valid-hexes-only.yaml", []),
    ("arm-mountain.yaml", ["setup.star"]),
    ("split-mountains.yaml", ["setup.mountains"]),
    ("two-antennas.yaml", ["setup.antennas", "setup.antennas"]),
    ("missing-spawn.yaml", ["setup.features"]),
    ("aerodrome-on-mountain.yaml", ["setup.aerodromes"]),
    ("outside-board.yaml", ["setup.board"]),
    ("three-violations.yaml", ["setup.star", "setup.mountains", "setup.features"]),
    ("custom-invalid.yaml", ["play.hexes", "play.takeoff", "play.antennas", "play.features"]),
])
def test_hand_made_maps(name: str, expected: list[str], standard: ComponentSet) -> None:
    assert rules(name, standard) == expected


def test_violations_name_slots_hexes_and_a_hint(standard: ComponentSet) -> None:
    m, _ = face("paragliders").load_map(str(DATA / "maps" / "three-violations.yaml"),
                                        standard)
    star, mountains, features = check_map(m, standard)
    assert star.at(SLOT) == (slot_of(star.at(HEX)[0]),) and star.at(HEX) == ((1, -2),)
    assert "arm E" in star.message and star.hint
    assert mountains.at(HEX) == ((3, 5),) and "cut off" in mountains.message
    assert features.message == "cloud spawn number(s) missing: 4"


def test_examples_are_valid(standard: ComponentSet) -> None:
    """Every example map, each checked by the rules of its game."""
    from skyhex.games import load_map

    files = sorted((ROOT / "examples" / "maps").glob("*.yaml"))
    games = set()
    for f in files:
        game, m, _ = load_map(str(f))
        games.add(game.name)
        assert game.maps is not None and game.maps.check(m, standard) == [], f
    assert games == {"paragliders", "turbulences", "balloons"}


def test_radius_one_has_no_sectors(standard: ComponentSet) -> None:
    m = Map(hexes={}, radius=1)
    assert [v.rule for v in check_map(m, standard)] == ["setup.board"]


def mutate(m: Map, changes: dict) -> Map:  # type: ignore[type-arg]
    return Map(hexes={**m.hexes, **changes}, layout=m.layout, radius=m.radius)


seeds = st.integers(min_value=0, max_value=2**31 - 1)


@settings(max_examples=40, deadline=None)
@given(seeds, st.data())
def test_a_mountain_anywhere_on_the_arms_is_caught(seed: int, data: st.DataObject) -> None:
    from skyhex.rules.paragliders.components import standard_set

    cs = standard_set()
    m = generate_map(cs, seed)
    arm_hexes = sorted(h for s in board_layout(4).arm_slots for h in s.hexes())
    h = data.draw(st.sampled_from(arm_hexes))
    bad = mutate(m, {h: MapHex(Terrain.MOUNTAIN, m.hexes[h].features)})
    assert "setup.star" in [v.rule for v in check_map(bad, cs)]


@settings(max_examples=40, deadline=None)
@given(seeds, st.data())
def test_removing_any_mark_is_caught(seed: int, data: st.DataObject) -> None:
    from skyhex.rules.paragliders.components import standard_set

    cs = standard_set()
    m = generate_map(cs, seed)
    marked = sorted(h for h, mh in m.hexes.items()
                    if mh.features.spawn or mh.features.antenna or mh.features.takeoff)
    h = data.draw(st.sampled_from(marked))
    bad = mutate(m, {h: MapHex(m.hexes[h].terrain, NO_FEATURES)})
    assert check_map(bad, cs) != []


@settings(max_examples=40, deadline=None)
@given(seeds, st.data())
def test_a_second_cluster_in_a_sector_is_caught(seed: int, data: st.DataObject) -> None:
    """Per sector (the default reading), "the mountain tiles ... still need to form a single
    cluster": a lone mountain hex in a sector that has mountains, or around the centre, is
    caught."""
    from skyhex.rules.paragliders.components import standard_set

    cs = standard_set()
    m = generate_map(cs, seed)
    board = board_layout(4)
    peaks = m.terrain_hexes(Terrain.MOUNTAIN)
    crowded = {board.sector_of(slot_of(h)) for h in peaks} - {None}
    lonely = sorted(h for h in m.hexes if h not in peaks
                    and all(n not in peaks for n in h.neighbors())
                    and (board.sector_of(slot_of(h)) in crowded or slot_of(h) in board.ring_slots))
    h = data.draw(st.sampled_from(lonely))
    bad = mutate(m, {h: MapHex(Terrain.MOUNTAIN, m.hexes[h].features)})
    assert "setup.mountains" in [v.rule for v in check_map(bad, cs)]


@settings(max_examples=40, deadline=None)
@given(seeds, st.data())
def test_an_isolated_mountain_is_caught_in_one_cluster(seed: int, data: st.DataObject) -> None:
    from skyhex.rules.paragliders.components import standard_set

    cs = standard_set()
    m = generate_map(cs, seed, mountains=MountainReading.ONE_CLUSTER)
    peaks = m.terrain_hexes(Terrain.MOUNTAIN)
    lonely = sorted(h for h in m.hexes if h not in peaks
                    and all(n not in peaks for n in h.neighbors()))
    h = data.draw(st.sampled_from(lonely))
    bad = Map(hexes={**m.hexes, h: MapHex(Terrain.MOUNTAIN, m.hexes[h].features)},
              layout=m.layout, radius=m.radius, mountains=MountainReading.ONE_CLUSTER)
    assert "setup.mountains" in [v.rule for v in check_map(bad, cs)]


# --- the rulebook points the checker holds to ---------------------------------------------


def test_the_golf_course_covers_three_hexes(standard: ComponentSet) -> None:
    """"The golf course GPS marker can be collected if you fly on any of the 3 golf course
    hexagons": a standard map with 2 of them is refused."""
    m = generate_map(standard, 7)
    golf = sorted(h for h, mh in m.hexes.items() if mh.features.gps is Landmark.GOLF_COURSE)
    assert len(golf) == 3 and check_map(mutate(m, {}), standard) == []
    bad = mutate(m, {golf[0]: MapHex(m.hexes[golf[0]].terrain, NO_FEATURES)})
    found = check_map(bad, standard)
    assert [v.rule for v in found] == ["setup.features"]
    assert found[0].message.startswith("the golf course is printed on 2 hexes, not 3")
    custom = Map(hexes=bad.hexes, layout=MapLayout.CUSTOM)  # a training board may have less
    assert "play.features" not in [v.rule for v in check_map(custom, standard)]


def test_the_starting_tile_lies_in_its_fixed_orientation(standard: ComponentSet) -> None:
    """DESIGN.md setup rule 1: "the Starting Tile is in the centre slot in its fixed
    orientation" (its windsock gives the wind's initial direction, setup step 17). A map
    given by its hexes with the centre tile turned is refused, as a slot list turning it
    is."""
    m = generate_map(standard, 7)
    centre = CENTER.hexes()
    turned = dict(m.hexes)
    for i, h in enumerate(centre):  # a third of a turn clockwise
        turned[centre[(i + 1) % 3]] = m.hexes[h]
    bad = Map(hexes=turned, layout=MapLayout.STANDARD, radius=4)
    found = [v for v in check_map(bad, standard) if v.rule == "setup.board"]
    assert len(found) == 1 and "fixed orientation" in found[0].message
    assert found[0].at(SLOT) == (CENTER,)
    doc = map_to_dict(m, include_hexes=False)
    doc["slots"][0]["rotation"] = 1
    assert "setup.board" in [v.rule for v in check_map(map_from_dict(doc, standard), standard)]


def plain_row(m: Map, standard: ComponentSet, length: int) -> list[Slot] | None:
    """Slots in a straight row whose tiles an aerodrome may replace (no mountain, token,
    spawn number or GPS site)."""
    tiles = {p.slot: standard.tile(p.tile) for p in m.slots}

    def plain(s: Slot) -> bool:
        t = tiles.get(s)
        return t is not None and t.kind is TileKind.REGULAR and \
            not any(t.has_mountain(f) or t.has_token(f) for f in t.faces)

    for start in sorted(tiles):
        for da, db in ((1, 0), (0, 1), (1, -1), (-1, 0), (0, -1), (-1, 1)):
            row = [Slot(start.a + k * da, start.b + k * db) for k in range(length)]
            if all(plain(s) for s in row):
                return row
    return None


def recut(m: Map, row: list[Slot]) -> dict[str, Any]:
    """The map's document with ``row`` re-cut: the last tile left out, the others laid back
    turned, aerodromes in the holes at the ends."""
    doc = map_to_dict(m, include_hexes=False)
    by_slot = {tuple(e["slot"]): e for e in doc["slots"]}
    removed = [by_slot[tuple(s)] for s in row]
    doc["slots"] = [e for e in doc["slots"] if e not in removed]
    doc["slots"].append({
        "recut": [list(s) for s in row],
        "tiles": [{"tile": e["tile"], "face": e["face"], "rotation": 0} for e in removed[:-1]],
        "replaces": removed[-1]["tile"],
        "aerodrome": [{"tile": "aero-1", "face": "a"}, {"tile": "aero-2", "face": "a"},
                      {"tile": "aero-3", "face": "a"}]})
    return doc


@pytest.mark.parametrize("length", [2, 3, 4])
def test_the_second_aerodrome_layout(length: int, standard: ComponentSet) -> None:
    """"You can also remove two adjacent map tiles, rotate one and insert it back in the
    center of the hole. This will let you add two smaller aerodromes." "Note that you can
    separate these two aerodromes even more, by removing 3 (or more) aligned map tiles, and
    placing 2 of them back in the middle after rotation." Given by slots or by hexes, the
    map passes; one tile left the board."""
    m = generate_map(standard, 7)
    row = plain_row(m, standard, length)
    assert row is not None
    doc = recut(m, row)
    back = map_from_dict(doc, standard)
    assert check_map(back, standard) == []
    assert back.replaced_tiles == 1
    maps = face("paragliders").maps
    assert maps is not None and "61 slots, 183 hexes" in maps.summary(back)
    aero = sorted(back.terrain_hexes(Terrain.AERODROME))
    assert len(aero) == 3
    # the aerodromes lie at both ends of the row: one hex alone, two side by side
    paired = [h for h in aero if any(n in aero for n in h.neighbors())]
    assert len(paired) == 2 and {slot_of(h) for h in aero} == {row[0], row[-1]}
    # every hex of the board is covered once; each tile laid back straddles two slots
    assert set(back.hexes) == set(m.hexes)
    found = recut_geometry(tuple(row))
    assert found is not None and len(found[0]) == length - 1
    assert all(len({slot_of(h) for h in t}) == 2 for t in found[0])
    assert {back.piece_of(h) for t in found[0] for h in t} == \
        {(0, j, -1) for j in range(length - 1)}
    by_hexes = Map(hexes=back.hexes, layout=MapLayout.STANDARD, radius=4)
    assert check_map(by_hexes, standard) == []
    text = dump_yaml(map_to_dict(back), ("slots", "hexes"))
    assert map_from_dict(yaml.safe_load(text), standard).hexes == back.hexes


def test_a_recut_row_keeps_the_aerodrome_rules(standard: ComponentSet) -> None:
    """"Do not remove a mountain tile, a tile with a collectible token, or a tile with a
    cloud spawn number"; at most two map tiles leave the board."""
    m = generate_map(standard, 7)
    row = plain_row(m, standard, 2)
    assert row is not None
    doc = recut(m, row)
    spawn = next(e for e in doc["slots"] if e.get("tile") == "t13")  # spawn number 1
    doc["slots"].remove(spawn)
    doc["slots"][-1]["tiles"][0] = {"tile": "t13", "face": spawn["face"], "rotation": 0}
    doc["slots"].append({"slot": spawn["slot"], "tile": doc["slots"][-1]["replaces"],
                         "face": "a", "rotation": 0})
    found = check_map(map_from_dict(doc, standard), standard)
    assert [v.rule for v in found if v.rule == "setup.aerodromes"] == ["setup.aerodromes"]
    assert "removes t13, a tile with a token, spawn number or GPS site" in \
        next(v.message for v in found if v.rule == "setup.aerodromes")
    many = recut(generate_map(standard, 7, aerodromes=2), row)
    found = check_map(map_from_dict(many, standard), standard)
    assert any("aerodromes take 3 map tiles off the board" in v.message for v in found)


def test_a_recut_row_must_be_a_row(standard: ComponentSet) -> None:
    m = generate_map(standard, 7)
    row = plain_row(m, standard, 3)
    assert row is not None
    doc = recut(m, [row[0], row[2], row[1]])
    with pytest.raises(InputError) as e:
        map_from_dict(doc, standard)
    assert [p.rule for p in e.value.problems] == ["map.recut"]
    doc = recut(m, row)
    doc["slots"][-1]["tiles"].pop()
    with pytest.raises(InputError) as e:
        map_from_dict(doc, standard)
    assert "a row of 3 slots takes 2 tiles laid back between them, not 1" in \
        e.value.problems[0].message


# --- the per-sector reading ----------------------------------------------------------------


def with_mountains(m: Map, hexes: list[Hex]) -> Map:
    return mutate(m, {h: MapHex(Terrain.MOUNTAIN, m.hexes[h].features) for h in hexes})


def test_mountains_around_the_centre_join_the_take_off(standard: ComponentSet) -> None:
    """"This time you can use mountain tiles when you draw them. If you do so, connect them
    in priority to the starting mountain.\""""
    board = board_layout(4)
    for seed in range(20):
        m = generate_map(standard, seed)
        peaks = m.terrain_hexes(Terrain.MOUNTAIN)
        lonely = [h for s in sorted(board.ring_slots) for h in s.hexes()
                  if h not in peaks and all(n not in peaks for n in h.neighbors())]
        if lonely:
            found = [v for v in check_map(with_mountains(m, lonely[:1]), standard)
                     if v.rule == "setup.mountains"]
            assert len(found) == 1 and "around the centre" in found[0].message
            assert found[0].at(HEX) == (lonely[0],)
            return
    raise AssertionError("no map with a free hex around the centre")


def test_a_sector_opened_by_the_centre_joins_it(standard: ComponentSet) -> None:
    """"For the sector on the right, the mountain tiles need to be connected to the existing
    mountain in the center": a sector whose tile around the centre shows mountains next to it
    may not keep a cluster of its own."""
    board = board_layout(4)
    for seed in range(80):
        m = generate_map(standard, seed)
        peaks = m.terrain_hexes(Terrain.MOUNTAIN)
        for slot, name in sorted(board.ring_slots.items()):
            sector = {h for s in board.sector(name) for h in s.hexes()}
            own = peaks & sector
            near_ring = set(slot.hexes()) | {n for h in slot.hexes() for n in h.neighbors()}
            if not own or any(h in peaks for h in slot.hexes()) or own & near_ring:
                continue
            # open the sector: the whole tile around the centre turns into mountains
            opened = with_mountains(m, list(slot.hexes()))
            if any(n in own for h in slot.hexes() for n in h.neighbors()):
                continue
            found = [v for v in check_map(opened, standard) if v.rule == "setup.mountains"]
            assert len(found) == 1, found
            assert f"sector {name}'s mountains stand apart" in found[0].message
            assert set(found[0].at(HEX)) == own
            return
    raise AssertionError("no map with a closed sector to open")


def test_a_closed_sector_keeps_a_cluster_of_its_own(standard: ComponentSet) -> None:
    """"In the bottom sector, the mountain tiles can be placed closer to the edge, but they
    still need to form a single cluster": such a sector passes per sector, not as one
    cluster."""
    for seed in range(40):
        m = generate_map(standard, seed)
        apart = [n for n, s in sector_stats(m).items() if s["mountains"] and not s["joined"]]
        if apart:
            assert check_map(m, standard) == []
            strict = Map(hexes=m.hexes, layout=m.layout, radius=m.radius,
                         mountains=MountainReading.ONE_CLUSTER)
            assert "setup.mountains" in [v.rule for v in check_map(strict, standard)]
            return
    raise AssertionError("no map with a sector of its own")


def sector_stats(m: Map) -> dict[str, Any]:
    from skyhex.mapgen.paragliders.stats import map_stats

    sectors: dict[str, Any] = map_stats(m)["sectors"]
    return sectors
