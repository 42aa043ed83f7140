"""The search bot's own pilot in Turbulences (``bots.plan``): it plans its route to the
parcels that end the game, where the greedy pilot of ``policies`` flies to the nearest
airport holding a parcel of its colour.

A game of Turbulences is a race: it ends with the turn in which a company delivers its third
parcel, and that company nearly always wins. The planning pilot counts the tiles it still
has to fly to deliver three (``race``): home with what it carries, then round trips from home
to the airports still holding its parcels, the shortest first; empty-handed, to one of those
airports first, the one that makes the whole route shortest (not the nearest: the greedy
pilot's). It never plans to carry two parcels: "the base movement of an overloaded Aircraft
is reduced to a single mandatory tile", and a tile flown overloaded costs it more turns than a
round trip's two. It plays the action after which that count is lowest, ties broken at
random. It reads what every company sees (where the aircraft and the parcels are, by colour),
never a weight.

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
from skyhex.rules.turbulences.policies import best_after, greedy
from skyhex.rules.turbulences.state import Game, State, parcel_colour

ENDING = 3
"""The parcels in a delivery zone that end the game."""
OVERLOAD = 4
"""The tiles a tile flown with two parcels on board counts for (one base tile a turn and the
bonus, against two and the bonus: about half as far; counted at twice that, so that the
planner flies a parcel home rather than carry it about)."""
NO_PARCEL = 30
"""The tiles counted for a delivery no airport's parcel is left for (lost parcels)."""


def _steps(a: Hex, b: Hex) -> int:
    return axial_length(a[0] - b[0], a[1] - b[1])


def race(at: Hex, carried: int, delivered: int, home: Hex, waiting: Sequence[Hex]) -> float:
    """The tiles an aircraft at ``at``, carrying ``carried`` parcels of its colour, with
    ``delivered`` in its zone, flies to deliver ``ENDING`` (``waiting``: the airports holding
    a parcel of its colour): home with what it carries, then round trips from home to the
    nearest airports; empty-handed, first to the airport that makes that route shortest."""
    need = max(0, ENDING - delivered - carried)

    def trips(k: int, skip: Hex | None = None) -> float:
        """The round trips from home for ``k`` more parcels, the shortest first."""
        if k <= 0:
            return 0.0
        pool = sorted(2 * _steps(home, w) for w in waiting if w != skip)
        return float(sum(pool[:k]) + NO_PARCEL * max(0, k - len(pool)))

    if carried:
        return (OVERLOAD if carried >= 2 else 1) * _steps(at, home) + trips(need)
    if not need:
        return 0.0
    if not waiting:
        return _steps(at, home) + trips(need)
    return min(_steps(at, w) + _steps(w, home) + trips(need - 1, w) for w in waiting)


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
    return best_after(game, state, legal, rng, lambda after: -remaining(game, after, i))
