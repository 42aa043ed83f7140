"""The static balance score of a Paragliders map: 100 minus penalties for what makes a race
on it lopsided, read from the map alone (no weather, no pilots). ``docs/map-stats.md``
explains each penalty and gives the score's distribution over generated maps.

- ``route``: the shortest route take-off -> three antennas -> target below the mountaintop
  should leave a pilot the rest of the day to climb and turn: about two thirds of the day's
  rounds (24 of 36) is ideal, and every step more than ``ROUTE_SLACK`` away from it costs
  ``ROUTE_POINTS``.
- ``detour``: steps the mountains add to that route, beyond ``DETOUR_FREE``, cost
  ``DETOUR_POINTS`` each (some detour is what mountains are for).
- ``pockets``: an antenna reachable below the mountaintop only over mountains costs
  ``POCKET_POINTS``.
- ``lift-less sectors``: a sector without a hex next to a mountain (no sun or wind lift)
  costs ``LIFTLESS_POINTS``, one with fewer than ``THIN_LIFT`` such hexes ``THIN_POINTS``.
- ``antenna spread``: the antennas' distances from the take-off differ by more than
  ``SPREAD_FREE`` steps: ``SPREAD_POINTS`` a step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

DAY_ROUNDS = 36  # 08:00 to 20:00 in 20-minute steps: the standard time track
IDEAL_ROUTE = DAY_ROUNDS * 2 // 3
ROUTE_SLACK = 3
ROUTE_POINTS = 2
DETOUR_FREE = 2
DETOUR_POINTS = 2
POCKET_POINTS = 15
LIFTLESS_POINTS = 10
THIN_LIFT = 3
THIN_POINTS = 5
SPREAD_FREE = 1
SPREAD_POINTS = 3


def penalties(route: int | None, detour: int | None, pockets: Sequence[str],
              lift: Mapping[str, int], takeoff_to_antenna: Mapping[str, int]) -> dict[str, int]:
    """The points each penalty takes off: ``route`` is the length below the mountaintop
    (above it when an antenna lies in a pocket; ``None`` when there is no route at all),
    ``detour`` what the mountains add to it, ``lift`` the lift hexes of each sector."""
    out = {"route": 0, "detour": 0, "pockets": 0, "lift-less sectors": 0, "antenna spread": 0}
    if route is not None:
        out["route"] = ROUTE_POINTS * max(0, abs(route - IDEAL_ROUTE) - ROUTE_SLACK)
    if detour is not None:
        out["detour"] = DETOUR_POINTS * max(0, detour - DETOUR_FREE)
    out["pockets"] = POCKET_POINTS * len(pockets)
    out["lift-less sectors"] = sum(LIFTLESS_POINTS if n == 0 else THIN_POINTS
                                   for n in lift.values() if n < THIN_LIFT)
    if takeoff_to_antenna:
        spread = max(takeoff_to_antenna.values()) - min(takeoff_to_antenna.values())
        out["antenna spread"] = SPREAD_POINTS * max(0, spread - SPREAD_FREE)
    return out


def balance(points: Mapping[str, int]) -> int:
    """100 minus the penalties, never below 0."""
    return max(0, 100 - sum(points.values()))
