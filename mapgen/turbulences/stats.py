"""Figures that let players compare Turbulences maps: biome counts, the clouds by kind, and
how exposed the clouds are (those next to a mountain turn into storms when blown onto it)."""

from __future__ import annotations

from typing import Any

from skyhex.mapgen.figures import spread
from skyhex.rules.turbulences.landscape import Biome, CloudSide, Landscape, is_tempest

CLOUD_KINDS = ("cumulus", "storm", "tempest")


def landscape_stats(land: Landscape) -> dict[str, Any]:
    """A JSON-ready summary of the map."""
    biomes = {b.value: 0 for b in Biome}
    for h, b in land.biomes.items():
        if h not in land.halves:  # a hex of two half-tiles is no full tile
            biomes[b.value] += 1
    clouds = dict.fromkeys(CLOUD_KINDS, 0)
    for stack in land.clouds.values():
        if is_tempest(stack):
            clouds["tempest"] += 1
        elif stack:
            clouds[stack[0].side.value] += 1
    mountains = land.mountains
    next_to = sum(1 for h in land.clouds if any(n in mountains for n in h.neighbors()))
    return {
        "difficulty": land.difficulty.value if land.difficulty is not None else None,
        "hexes": len(land.biomes),
        "biomes": biomes,
        "clouds": clouds,
        "cloud_tokens": sum(len(s) for s in land.clouds.values()),
        "storm_tokens": sum(t.side is CloudSide.STORM for s in land.clouds.values() for t in s),
        "tempest_heights": sorted((len(s) for s in land.clouds.values() if is_tempest(s)),
                                  reverse=True),
        "clouds_next_to_mountains": next_to,
    } | ({"half_tiles": len(land.halves)} if land.halves else {})


NUMERIC = ("hexes", "cloud_tokens", "storm_tokens", "clouds_next_to_mountains")


def summary(stats: list[dict[str, Any]]) -> dict[str, Any]:
    """Minimum, mean and maximum of the main figures over several maps."""
    out: dict[str, Any] = {"maps": len(stats)}
    for key in NUMERIC:
        out[key] = spread([s[key] for s in stats])
    for b in Biome:
        out[f"biomes.{b.value}"] = spread([s["biomes"][b.value] for s in stats])
    for kind in CLOUD_KINDS:
        out[f"clouds.{kind}"] = spread([s["clouds"][kind] for s in stats])
    return out
