"""Turbulences maps in the ``skyhex.map/1`` format (``game: turbulences``).

A map lists the biome of each landscape tile (``hexes``) and the clouds on them (``clouds``:
the tokens of each tile, bottom first), with the difficulty, seed and generator that made
it. ``landscape_from_dict`` reads a schema-valid document into a ``Landscape`` and
``landscape_to_dict`` writes one back; whether a map obeys the setup rules is ``mapgen``'s
job, so entries listed twice are kept for the checker rather than refused here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skyhex.rules.errors import Path
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.turbulences import GAME
from skyhex.rules.turbulences.landscape import (
    Biome,
    CloudSide,
    CloudToken,
    Difficulty,
    Half,
    Landscape,
    NightSetup,
    Stack,
)

MAP_FORMAT = "skyhex.map/1"


def landscape_from_dict(doc: Mapping[str, Any]) -> Landscape:
    """Read a schema-valid ``skyhex.map/1`` document of ``game: turbulences``."""
    biomes: dict[Hex, Biome] = {}
    halves: dict[Hex, Half] = {}
    hex_paths: dict[Hex, Path] = {}
    duplicate_hexes: list[Hex] = []
    for i, entry in enumerate(doc.get("hexes", ())):
        h = Hex(entry["q"], entry["r"])
        if h in biomes:
            duplicate_hexes.append(h)
            continue
        biomes[h] = Biome(entry["biome"])
        hex_paths[h] = ("hexes", i)
        if "half" in entry:
            halves[h] = Half(Biome(entry["half"]["biome"]), Direction.parse(entry["half"]["side"]))
    clouds: dict[Hex, Stack] = {}
    cloud_paths: dict[Hex, Path] = {}
    duplicate_clouds: list[Hex] = []
    for i, entry in enumerate(doc.get("clouds", ())):
        h = Hex(entry["q"], entry["r"])
        if h in clouds:
            duplicate_clouds.append(h)
            continue
        clouds[h] = tuple(CloudToken(t["id"], CloudSide(t["side"])) for t in entry["tokens"])
        cloud_paths[h] = ("clouds", i)
    difficulty = doc.get("difficulty")
    return Landscape(
        biomes=biomes, clouds=clouds,
        difficulty=Difficulty(difficulty) if difficulty is not None else None,
        seed=doc.get("seed"), generator=doc.get("generator"), title=doc.get("title"),
        duplicate_hexes=tuple(duplicate_hexes), duplicate_clouds=tuple(duplicate_clouds),
        hex_paths=hex_paths, cloud_paths=cloud_paths, halves=halves,
        night=NightSetup(tuple(doc["night"]["regions"]),
                         tuple(Biome(b) for b in doc["night"].get("box", ())))
        if "night" in doc else None,
    )


def landscape_to_dict(landscape: Landscape) -> dict[str, Any]:
    """The ``skyhex.map/1`` document of a landscape, keys and entries in a stable order
    (hexes and clouds by ``q``, then ``r``; each stack bottom first)."""
    doc: dict[str, Any] = {"format": MAP_FORMAT, "game": GAME}
    if landscape.title is not None:
        doc["title"] = landscape.title
    if landscape.difficulty is not None:
        doc["difficulty"] = landscape.difficulty.value
    if landscape.seed is not None:
        doc["seed"] = landscape.seed
    if landscape.generator is not None:
        doc["generator"] = landscape.generator
    if landscape.night is not None:
        doc["night"] = {"regions": list(landscape.night.regions),
                        "box": [b.value for b in landscape.night.box]}
    doc["hexes"] = [{"q": h.q, "r": h.r, "biome": landscape.biomes[h].value}
                    for h in sorted(landscape.biomes)]
    for entry in doc["hexes"]:
        half = landscape.halves.get(Hex(entry["q"], entry["r"]))
        if half is not None:
            entry["half"] = {"biome": half.biome.value, "side": half.side.name}
    doc["clouds"] = [{"q": h.q, "r": h.r,
                      "tokens": [{"id": t.id, "side": t.side.value} for t in landscape.clouds[h]]}
                     for h in sorted(landscape.clouds)]
    return doc
