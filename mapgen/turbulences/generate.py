"""The Turbulences landscape generator: the setup of rulebook section 3 for a difficulty.

1. The mountains and the 12 clouds go where the difficulty's layout puts them
   (``rules/turbulences/layouts.yaml``: skyhex's own layouts, the rulebook's diagrams being
   unpublished).
2. The other tiles are drawn at random from the box: 12 plain, 12 sea ("on a random map, the
   landscape must always include 12 PLAIN tiles and 12 SEA tiles") and desert for the rest.

With the Half-tiles module (``half_tiles``), "Remove one PLAIN, one SEA and one DESERT tile
then add the six half-tiles before creating the landscape": the bag holds 11 plain, 11 sea,
one desert fewer and the three hexes the six half-tiles make (plain and sea, plain and
desert, sea and desert: the only way to pair them into two different biomes each), each
turned at random.

The result is checked before it is returned. Every random choice comes from
``random.Random(seed).random()``, so a seed, a difficulty and a skyhex version give the same
map every time; the generator version is recorded in the map and bumped whenever the same
seed would give another map.
"""

from __future__ import annotations

from skyhex.mapgen.chance import Chance
from skyhex.mapgen.errors import GenerationError
from skyhex.mapgen.turbulences.check import check_landscape
from skyhex.rules import __version__
from skyhex.rules.hexgrid import DIRECTIONS, Hex
from skyhex.rules.turbulences.landscape import (
    BOX_TILES,
    RANDOM_MAP_TILES,
    Biome,
    Difficulty,
    Half,
    Landscape,
    Stack,
    landscape_hexes,
)
from skyhex.rules.turbulences.layouts import DifficultyLayout, default_layouts

ALGORITHM = 1  # bump whenever the same seed would give another map


def generator_name() -> str:
    return f"skyhex {__version__} mapgen-turbulences/{ALGORITHM}"


HALF_PAIRS = ((Biome.PLAIN, Biome.SEA), (Biome.PLAIN, Biome.DESERT), (Biome.SEA, Biome.DESERT))
"""The three hexes the box's six half-tiles make."""


def generate_landscape(seed: int, difficulty: Difficulty,
                       layout: DifficultyLayout | None = None, *, half_tiles: bool = False
                       ) -> Landscape:
    """A valid landscape for ``seed`` and ``difficulty``, laid out per ``layout`` (default:
    the packaged layout of that difficulty). ``GenerationError`` names the setup rule a
    layout breaks."""
    if layout is None:
        layout = default_layouts()[difficulty]
    mountains = set(layout.mountains)
    free = [h for h in landscape_hexes() if h not in mountains]
    desert = len(free) - sum(RANDOM_MAP_TILES.values())
    if not 0 <= desert <= BOX_TILES[Biome.DESERT]:
        raise GenerationError("setup.biomes", f"{len(mountains)} mountain(s) leave {desert} "
                              f"tiles for desert, the box holds {BOX_TILES[Biome.DESERT]}")
    removed = 1 if half_tiles else 0
    bag: list[Biome | tuple[Biome, Biome]] = \
        [Biome.PLAIN] * (RANDOM_MAP_TILES[Biome.PLAIN] - removed) + \
        [Biome.SEA] * (RANDOM_MAP_TILES[Biome.SEA] - removed) + \
        [Biome.DESERT] * (desert - removed) + (list(HALF_PAIRS) if half_tiles else [])
    chance = Chance(seed)
    chance.shuffle(bag)
    biomes: dict[Hex, Biome] = {h: Biome.MOUNTAIN for h in layout.mountains}
    halves: dict[Hex, Half] = {}
    for h, item in zip(free, bag, strict=True):
        if isinstance(item, tuple):
            biomes[h] = item[0]
            halves[h] = Half(item[1], DIRECTIONS[chance.below(len(DIRECTIONS))])
        else:
            biomes[h] = item
    clouds: dict[Hex, Stack] = {}
    for h, token in layout.clouds:
        clouds[h] = (*clouds.get(h, ()), token)
    landscape = Landscape(biomes=dict(sorted(biomes.items())), clouds=dict(sorted(clouds.items())),
                          difficulty=difficulty, seed=seed, generator=generator_name(),
                          halves=dict(sorted(halves.items())))
    violations = check_landscape(landscape)
    if violations:
        first = violations[0]
        raise GenerationError(first.rule, f"the {difficulty} layout breaks the setup rules: "
                              f"{first.message}")
    return landscape
