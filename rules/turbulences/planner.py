"""The search bot's own pilot in Turbulences (``bots.plan``): it plans its route to the
parcels that end the game, where the greedy pilot of ``policies`` flies to the nearest
airport holding a parcel of its colour.

A game of Turbulences is a race: it ends with the turn in which a company delivers its third
parcel, and that company nearly always wins. The planning pilot counts the tiles it still
has to fly to deliver three (``race``): home with what it carries, then the round trips to
the airports still holding its parcels, the shortest first; or, carrying one parcel (or
none), a second picked up on the way, the last leg then flown overloaded ("the base movement
of an overloaded Aircraft is reduced to a single mandatory tile", counted as ``OVERLOAD``
tiles for one). It plays the action after which that count is lowest, ties broken at random.
It reads what every company sees (where the aircraft and the parcels are, by colour), never
a weight.

It plans for a company playing for itself, by day or at night: in the team modes (a partner's
deliveries end the game too) and in EXPERT mode (the FUEL decides where it can go) it plays as
the greedy pilot does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from skyhex.rules.game import Ruleset
from skyhex.rules.hexgrid import Hex, axial_length
from skyhex.rules.turbulences.actions import Action
from skyhex.rules.turbulences.engine import advance_all
from skyhex.rules.turbulences.policies import believed, greedy
from skyhex.rules.turbulences.state import Game, State, parcel_colour

ENDING = 3
"""The parcels in a delivery zone that end the game."""
OVERLOAD = 4.0
"""The tiles a tile flown overloaded counts for (two parcels on board: one base tile and the
bonus, against two and the bonus; measured against greedy pilots, 2.5 to 4 plan as well, and
below 2 the pilot loses to them)."""
NO_PARCEL = 30
"""The tiles counted for a delivery no airport's parcel is left for (lost parcels)."""


def _steps(a: Hex, b: Hex) -> int:
    return axial_length(a[0] - b[0], a[1] - b[1])


def race(at: Hex, carried: int, delivered: int, home: Hex, waiting: Sequence[Hex]) -> float:
    """The tiles an aircraft at ``at``, carrying ``carried`` parcels of its colour, with
    ``delivered`` in its zone, flies to deliver ``ENDING`` (``waiting``: the airports holding
    a parcel of its colour), by the best of the plans the module describes."""
    need = max(0, ENDING - delivered - carried)
    trips = sorted(2 * _steps(home, w) for w in waiting)

    def rest(k: int, skip: Sequence[Hex] = ()) -> float:
        """Round trips from home for ``k`` more parcels, the shortest first."""
        if k <= 0:
            return 0.0
        pool = trips if not skip else sorted(2 * _steps(home, w) for w in waiting
                                             if w not in skip)
        return float(sum(pool[:k]) + NO_PARCEL * max(0, k - len(pool)))

    if carried >= 2:
        return OVERLOAD * _steps(at, home) + rest(need)
    if carried == 1:
        best = _steps(at, home) + rest(need)
        if need:
            for w in waiting:
                best = min(best, _steps(at, w) + OVERLOAD * _steps(w, home) +
                           rest(need - 1, (w,)))
        return best
    if not need:
        return 0.0
    if not waiting:
        return _steps(at, home) + rest(need)
    best = float("inf")
    for w in waiting:
        out = _steps(at, w)
        best = min(best, out + _steps(w, home) + rest(need - 1, (w,)))
        if need >= 2:
            for v in waiting:
                if v != w:
                    best = min(best, out + _steps(w, v) + OVERLOAD * _steps(v, home) +
                               rest(need - 2, (w, v)))
    return best


def remaining(game: Game, state: State, i: int) -> float:
    """``race`` for company ``i`` (a destroyed aircraft: far behind any other)."""
    plane = state.planes[i]
    if plane.hex is None:
        return 1000.0
    colour = game.companies[i].colour
    waiting = [game.region_airports[r] for r, zone in enumerate(state.shipping)
               if any(parcel_colour(p) == colour for p in zone)]
    return race(plane.hex, len(plane.carried), len(plane.delivered), game.companies[i].airport,
                waiting)


def plan(ruleset: Ruleset[Any, Any, Any], game: Game, state: State,
         legal: Sequence[Action], rng: random.Random) -> Action:
    """The action after which the acting company has the fewest tiles left to fly
    (``remaining``), ties broken at random; the greedy pilot's in the team modes and EXPERT
    mode."""
    i = state.actor
    assert i is not None
    if game.any_expert or len(game.team_of[i]) > 1:
        return greedy(ruleset, game, state, legal, rng)
    world = believed(game, state, rng, legal)
    valued: dict[int, tuple[State, float]] = {}
    best: tuple[float, float] | None = None
    chosen = legal[0]
    for action, after in zip(legal, advance_all(world, state, legal), strict=True):
        got = valued.get(id(after))
        if got is None:
            got = valued[id(after)] = (after, -remaining(game, after, i))
        key = (got[1], rng.random())
        if best is None or key > best:
            best, chosen = key, action
    return chosen
