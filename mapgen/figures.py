"""What map statistics of every game share: the spread of a figure over several maps."""

from __future__ import annotations


def spread(values: list[int]) -> dict[str, float]:
    """Minimum, mean (2 decimals) and maximum."""
    return {"min": min(values), "mean": round(sum(values) / len(values), 2), "max": max(values)}
