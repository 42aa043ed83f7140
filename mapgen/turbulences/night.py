"""NIGHT FLIGHT landscapes (rulebook section 11): the face-down setup, generated from a seed,
and the setup rules a night map keeps.

"Shuffle all the landscape tiles without the MOUNTAIN tiles. Each pilot draws 2 at random
and places them face down as in the diagram (next to each pilot's Region). Shuffle the
remaining tiles with the 3 MOUNTAIN tiles and arrange them randomly face down to complete
the landscape. Put the 2 superfluous tiles back in the game box, without looking at them.
Do not place the Cloud tokens and Mountain pawns!"

The diagram is not reproduced: a pilot's two tiles are the two middle tiles of the
landscape's edge along its region (the landscape neighbours of the region's central city),
decision 7 of ``rules/turbulences/night.py``. The box is the LANDSCAPE box without its
optional runways and half-tiles: 12 plain, 12 sea, 12 desert and 3 mountains, so a night
landscape hides 1 to 3 mountains ("The difficulty level is random"). The map records the
regions it was laid for and the two tiles put back in the box; its faces are the
referee's: players see them only as they are flipped.

Every random choice comes from ``random.Random(seed).random()``: a seed, the regions and
a skyhex version give the same landscape every time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from skyhex.mapgen.chance import Chance
from skyhex.mapgen.errors import GenerationError, Violation
from skyhex.rules import __version__
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences.landscape import (
    BOX_TILES,
    REGIONS,
    Biome,
    Landscape,
    NightSetup,
    landscape_hexes,
    landscape_set,
    region_cities,
)
from skyhex.rules.turbulences.places import places

ALGORITHM = 1  # bump whenever the same seed would give another map
BOX_LEFT = 2
"""The tiles put back in the box unseen (37 of the box's 39 are laid)."""


def generator_name() -> str:
    return f"skyhex {__version__} mapgen-turbulences-night/{ALGORITHM}"


def region_tiles(region: int) -> tuple[Hex, Hex]:
    """The two landscape tiles a pilot of ``region`` places face down next to it: the
    neighbours of its central city."""
    city = region_cities()[region - 1][1]
    near = sorted(h for h in city.neighbors() if h in landscape_set())
    assert len(near) == 2
    return near[0], near[1]


def generate_night_landscape(seed: int, regions: Sequence[int]) -> Landscape:
    """The face-down landscape of a NIGHT FLIGHT game whose companies fly from ``regions``
    (each drew its two tiles, in increasing region order). ``GenerationError`` for regions
    that do not exist or are named twice."""
    wanted = sorted(regions)
    if not wanted or len(set(wanted)) != len(wanted) or not all(1 <= r <= REGIONS
                                                                for r in wanted):
        raise GenerationError("setup.night", f"regions {list(regions)}: 1 to 6 different "
                              "regions, 1-6")
    chance = Chance(seed)
    bag = [b for b in (Biome.PLAIN, Biome.SEA, Biome.DESERT) for _ in range(BOX_TILES[b])]
    chance.shuffle(bag)  # "Shuffle all the landscape tiles without the MOUNTAIN tiles"
    biomes: dict[Hex, Biome] = {}
    for region in wanted:  # "Each pilot draws 2 at random"
        for h in region_tiles(region):
            biomes[h] = bag.pop()
    rest = bag + [Biome.MOUNTAIN] * BOX_TILES[Biome.MOUNTAIN]
    chance.shuffle(rest)  # "Shuffle the remaining tiles with the 3 MOUNTAIN tiles"
    for h in landscape_hexes():
        if h not in biomes:
            biomes[h] = rest.pop()
    assert len(rest) == BOX_LEFT
    return Landscape(biomes=dict(sorted(biomes.items())), clouds={}, seed=seed,
                     generator=generator_name(),
                     night=NightSetup(tuple(wanted), tuple(sorted(rest))))


def check_night(land: Landscape, out: list[Violation]) -> None:
    """``setup.night``: a face-down landscape has no cloud, no difficulty, 1 to 3 mountains,
    no mountain on a tile placed next to a pilot's region, and with the tiles put back in
    the box makes the whole LANDSCAPE box."""
    setup = land.night
    if setup is None:
        return
    rule = "setup.night"
    if land.clouds:
        out.append(Violation(rule, "a NIGHT FLIGHT landscape has no cloud at the start",
                             "\"Do not place the Cloud tokens\": remove them",
                             places=places(clouds=tuple(sorted(land.clouds)))))
    if land.difficulty is not None:
        out.append(Violation(rule, "at night the difficulty level is random: no difficulty",
                             "remove the difficulty key"))
    mountains = sorted(h for h in land.mountains if h in landscape_set())
    if not 1 <= len(mountains) <= BOX_TILES[Biome.MOUNTAIN]:
        out.append(Violation(rule, f"{len(mountains)} mountains: a night landscape hides 1 to "
                             f"{BOX_TILES[Biome.MOUNTAIN]}", "the 3 MOUNTAIN tiles are "
                             "shuffled with the rest, 2 tiles go back in the box",
                             places=places(hexes=tuple(mountains))))
    for region in setup.regions:
        for h in region_tiles(region):
            if land.biomes.get(h) is Biome.MOUNTAIN:
                out.append(Violation(rule, f"the mountain {h} is one of the two tiles placed "
                                     f"next to region {region}", "the pilots draw their two "
                                     "tiles without the MOUNTAIN tiles", places=places(hexes=(h,))))
    if setup.box:
        counts = Counter(b for h, b in land.biomes.items() if h in landscape_set())
        counts.update(setup.box)
        wrong = [f"{counts[b]} {b}" for b in Biome if counts[b] != BOX_TILES[b]]
        if len(setup.box) != BOX_LEFT or wrong:
            out.append(Violation(rule, f"the landscape and the {len(setup.box)} tile(s) put "
                                 f"back in the box are not the LANDSCAPE box ({', '.join(wrong)}"
                                 ")", f"{BOX_LEFT} tiles go back in the box; with the 37 "
                                 "laid they are 12 plain, 12 sea, 12 desert and 3 mountains"))
