"""The Turbulences map checker: every setup rule, with all violations reported at once.

Rules (rulebook sections 1 and 3, DESIGN.md's Turbulences geometry), in report order:

1. ``map.duplicate-hex``, ``map.duplicate-cloud``: no tile listed twice in ``hexes``, nor
   in ``clouds`` (a tile's tokens are one entry, bottom first).
2. ``setup.landscape``: each of the 37 landscape tiles (the radius-3 hexagon) is present,
   and nothing else: no tile on the city ring or beyond.
3. ``setup.biomes``: at most 12 plain, 12 sea and 12 desert tiles and 3 mountains (what the
   box holds); fewer than 12 plain or sea tiles is a warning, since only "a random map"
   must have 12 of each (a hand-made map the box allows is valid).
4. ``setup.difficulty``: a map that names its difficulty has its number of mountains
   (EASY: one, at the centre; NORMAL: two; DIFFICULT and EXTREME: three).
5. ``setup.cloud-places``: clouds lie on landscape tiles only (never on a city, nor off the
   board) and never on a mountain.
6. ``setup.cloud-tokens``: at most the 12 tokens of the box, ids 1-12, each used once.
7. ``setup.tempest``: a stack of two or more tokens (a Tempest) shows storms only.
8. ``setup.half-tiles`` (EXPERT's Half-tiles module): a hex of two half-tiles has two
   different biomes, plain, sea or desert (never a mountain), at most the box's two
   half-tiles of each biome and three such hexes. With half-tiles a random map has 11 plain
   and 11 sea full tiles ("Remove one PLAIN, one SEA and one DESERT tile then add the six
   half-tiles"): fewer is a warning, as without them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from skyhex.mapgen.errors import Severity, Violation
from skyhex.mapgen.turbulences.night import check_night
from skyhex.rules.hexgrid import ORIGIN, Hex
from skyhex.rules.turbulences.landscape import (
    BOX_HALVES,
    BOX_TILES,
    CITY_RING,
    CLOUD_TOKENS,
    DIFFICULTY_MOUNTAINS,
    HALF_TILE_HEXES,
    RANDOM_MAP_TILES,
    Biome,
    CloudSide,
    Difficulty,
    Landscape,
    city_region,
    landscape_hexes,
    landscape_set,
)
from skyhex.rules.turbulences.places import places


def _hexes(hexes: Iterable[Hex], limit: int = 8) -> str:
    hs = sorted(hexes)
    text = ", ".join(str(h) for h in hs[:limit])
    return text + (f" and {len(hs) - limit} more" if len(hs) > limit else "")


def place_name(h: Hex) -> str:
    """Where a hex off the landscape lies: ``on city 2 of region 3``, ``on a corner of the
    city ring`` or ``off the board``."""
    city = city_region().get(h)
    if city is not None:
        return f"on city {city[1]} of region {city[0]}"
    if h.distance(ORIGIN) == CITY_RING:
        return "on a corner of the city ring, between two regions"
    return "off the board"


def check_landscape(land: Landscape) -> list[Violation]:
    """Every violation of the map, in rule order; an empty list means the map is valid."""
    out: list[Violation] = []
    _check_duplicates(land, out)
    _check_hexes(land, out)
    _check_biomes(land, out)
    _check_difficulty(land, out)
    _check_cloud_places(land, out)
    _check_cloud_tokens(land, out)
    _check_tempests(land, out)
    _check_halves(land, out)
    check_night(land, out)
    return out


def _check_duplicates(land: Landscape, out: list[Violation]) -> None:
    if land.duplicate_hexes:
        twice = sorted(set(land.duplicate_hexes))
        out.append(Violation("map.duplicate-hex", f"tiles listed more than once in hexes: "
                             f"{_hexes(twice)}", "list each tile once, with its biome",
                             places=places(hexes=tuple(twice))))
    if land.duplicate_clouds:
        twice = sorted(set(land.duplicate_clouds))
        out.append(Violation("map.duplicate-cloud", f"tiles listed more than once in clouds: "
                             f"{_hexes(twice)}", "give each tile one entry listing all its "
                             "tokens, bottom first", places=places(clouds=tuple(twice))))


def _check_hexes(land: Landscape, out: list[Violation]) -> None:
    rule = "setup.landscape"
    inside = landscape_set()
    for h in sorted(h for h in land.biomes if h not in inside):
        out.append(Violation(rule, f"tile {h} lies outside the landscape, {place_name(h)}",
                             "the landscape is the 37 tiles within 3 steps of (0,0); remove it",
                             places=places(hexes=(h,))))
    missing = [h for h in landscape_hexes() if h not in land.biomes]
    if missing:
        out.append(Violation(rule, f"{len(missing)} landscape tile(s) missing: "
                             f"{_hexes(missing)}", "give every tile within 3 steps of (0,0) "
                             "a biome", places=places(hexes=tuple(sorted(missing)))))


def _check_biomes(land: Landscape, out: list[Violation]) -> None:
    rule = "setup.biomes"
    inside = landscape_set()
    counts = Counter(b for h, b in land.biomes.items() if h in inside and h not in land.halves)
    for biome in Biome:
        n = counts[biome]
        exact = RANDOM_MAP_TILES.get(biome)
        if exact is not None and land.halves:
            exact -= 1  # the tile removed for the half-tiles
        if n > BOX_TILES[biome]:
            out.append(Violation(rule, f"{n} {biome} tiles, more than the {BOX_TILES[biome]} "
                                 "in the box", f"use at most {BOX_TILES[biome]} {biome} tiles"))
        elif exact is not None and n < exact and land.night is None:
            out.append(Violation(rule, f"{n} {biome} tiles, not the {exact} of a random map",
                                 f"a random landscape has exactly {exact} {biome} tiles: turn "
                                 f"{exact - n} other tile(s) into {biome} to play it as one",
                                 severity=Severity.WARNING))


def _check_difficulty(land: Landscape, out: list[Violation]) -> None:
    if land.difficulty is None:
        return
    wanted = DIFFICULTY_MOUNTAINS[land.difficulty]
    mountains = sorted(h for h in land.mountains if h in landscape_set())
    hint = (f"a {land.difficulty} landscape has {wanted} mountain(s)"
            + (", at the centre (0,0)" if land.difficulty is Difficulty.EASY else "")
            + ": move or replace mountains, or change the difficulty")
    if len(mountains) != wanted:
        where = f" ({_hexes(mountains)})" if mountains else ""
        out.append(Violation("setup.difficulty", f"difficulty {land.difficulty} needs {wanted} "
                             f"mountain(s), the map has {len(mountains)}{where}", hint,
                             places=places(hexes=tuple(mountains))))
    elif land.difficulty is Difficulty.EASY and mountains != [ORIGIN]:
        out.append(Violation("setup.difficulty", f"difficulty easy has its mountain at the "
                             f"centre (0,0), not at {mountains[0]}", hint,
                             places=places(hexes=tuple(mountains))))


def _check_cloud_places(land: Landscape, out: list[Violation]) -> None:
    rule = "setup.cloud-places"
    inside = landscape_set()
    for h in sorted(land.clouds):
        if h not in inside:
            out.append(Violation(rule, f"the cloud on {h} lies outside the landscape, "
                                 f"{place_name(h)}",
                                 "clouds only cover landscape tiles, never cities: move it",
                                 places=places(clouds=(h,))))
        elif land.biomes.get(h) is Biome.MOUNTAIN:
            out.append(Violation(rule, f"a cloud lies on the mountain {h}",
                                 "clouds never cross mountains: move it to another tile",
                                 places=places(hexes=(h,), clouds=(h,))))


def _check_cloud_tokens(land: Landscape, out: list[Violation]) -> None:
    rule = "setup.cloud-tokens"
    where: dict[int, list[Hex]] = {}
    for h, stack in sorted(land.clouds.items()):
        for token in stack:
            where.setdefault(token.id, []).append(h)
    total = sum(len(hs) for hs in where.values())
    if total > CLOUD_TOKENS:
        out.append(Violation(rule, f"{total} cloud tokens, more than the {CLOUD_TOKENS} in the "
                             "box", f"use at most {CLOUD_TOKENS} tokens"))
    for token_id, hs in sorted(where.items()):
        if not 1 <= token_id <= CLOUD_TOKENS:
            out.append(Violation(rule, f"cloud token {token_id} on {_hexes(set(hs))} does not "
                                 f"exist", f"number the tokens 1-{CLOUD_TOKENS}",
                                 places=places(clouds=tuple(sorted(set(hs))))))
        elif len(hs) > 1:
            out.append(Violation(rule, f"cloud token {token_id} is used {len(hs)} times "
                                 f"(on {_hexes(set(hs))})", "each token lies once on the "
                                 "board: renumber one of them", places=places(clouds=tuple(sorted(set(hs))))))


def _check_halves(land: Landscape, out: list[Violation]) -> None:
    rule = "setup.half-tiles"
    if not land.halves:
        return
    for h, half in sorted(land.halves.items()):
        biome = land.biomes.get(h)
        if Biome.MOUNTAIN in (biome, half.biome):
            out.append(Violation(rule, f"the half-tiles on {h} include a mountain",
                                 "half-tiles are plain, sea or desert", places=places(hexes=(h,))))
        elif biome is half.biome:
            out.append(Violation(rule, f"the two half-tiles on {h} are both {biome}",
                                 "2 half-tiles form a tile representing 2 different biomes",
                                 places=places(hexes=(h,))))
    if len(land.halves) > HALF_TILE_HEXES:
        out.append(Violation(rule, f"{len(land.halves)} hexes of half-tiles, more than the "
                             f"{HALF_TILE_HEXES} the box's six half-tiles make",
                             f"use at most {HALF_TILE_HEXES}",
                             places=places(hexes=tuple(sorted(land.halves)))))
    used = Counter(b for h, half in land.halves.items()
                   for b in (land.biomes.get(h), half.biome) if b is not None)
    for biome, n in sorted(used.items()):
        if n > BOX_HALVES.get(biome, 0):
            out.append(Violation(rule, f"{n} {biome} half-tiles, more than the "
                                 f"{BOX_HALVES.get(biome, 0)} in the box",
                                 f"use at most {BOX_HALVES.get(biome, 0)} {biome} half-tiles",
                                 places=places(hexes=tuple(sorted(land.halves)))))


def _check_tempests(land: Landscape, out: list[Violation]) -> None:
    for h, stack in sorted(land.clouds.items()):
        white = [t.id for t in stack if t.side is CloudSide.CUMULUS]
        if len(stack) >= 2 and white:
            ids = ", ".join(map(str, white))
            out.append(Violation("setup.tempest", f"the Tempest of {len(stack)} tokens on {h} "
                                 f"shows cumulus token(s) {ids}", "a Tempest stacks its tokens "
                                 "on their storm (black) side", places=places(clouds=(h,))))
