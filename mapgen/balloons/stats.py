"""Figures that let players compare globes: spaces per lane, zones by kind, the spaces a
balloon can fly through at Medium altitude without a permission, and the fewest steps round
the world from each lane's start (``graph.shortest_lap``)."""

from __future__ import annotations

from typing import Any

from skyhex.mapgen.balloons.graph import free, shortest_lap
from skyhex.mapgen.figures import spread
from skyhex.rules.balloons.globe import Globe, ZoneKind


def globe_stats(globe: Globe) -> dict[str, Any]:
    """A JSON-ready summary of the globe."""
    kinds = {k.value: 0 for k in ZoneKind}
    spaces = {k.value: 0 for k in ZoneKind}
    for zone in globe.zones:
        kinds[zone.kind.value] += 1
        spaces[zone.kind.value] += len(zone.spaces)
    open_spaces = free(globe)
    return {
        "lanes": globe.lanes,
        "sections": len(globe.sections),
        "quadrants": globe.quadrants,
        "spaces": sum(globe.totals),
        "lane_spaces": list(globe.totals),
        "zones": kinds,
        "zone_spaces": spaces,
        "free_spaces": len(open_spaces),
        "shortest_lap": [shortest_lap(globe, lane) for lane in range(1, globe.lanes + 1)],
    }


NUMERIC = ("sections", "spaces", "free_spaces")


def summary(stats: list[dict[str, Any]]) -> dict[str, Any]:
    """Minimum, mean and maximum of the main figures over several globes."""
    out: dict[str, Any] = {"maps": len(stats)}
    for key in NUMERIC:
        out[key] = spread([s[key] for s in stats])
    for kind in ZoneKind:
        out[f"zone_spaces.{kind.value}"] = spread([s["zone_spaces"][kind.value] for s in stats])
    laps = [min((n for n in s["shortest_lap"] if n is not None), default=0) for s in stats]
    out["shortest_lap"] = spread(laps)
    return out
