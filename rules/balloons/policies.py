"""Balmy Balloonists playout policies (for ``rules.playout``): ``greedy``, a simple pilot that
looks one decision ahead. It never peeks at chance: a card played for its north/south
movement and a flight are played out (they draw nothing the value reads: the cards drawn at
the end of a turn are not looked at), while a card played for a Misfortune or a Quadrant
card is valued by a rule of thumb, without drawing it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from skyhex.rules.balloons.actions import Action, Fly, Play, Use
from skyhex.rules.balloons.components import Altitude
from skyhex.rules.balloons.engine import advance
from skyhex.rules.balloons.state import Balloon, Game, State
from skyhex.rules.game import Ruleset

MISFORTUNE = 20
"""Degrees a Misfortune costs the balloon it strikes, by rule of thumb."""

GREEDY_CAP = 40
"""Rounds after which a greedy playout stops (greedy races end by their days)."""
RANDOM_CAP = 40


def speed(game: Game, state: State, b: Balloon) -> float:
    """The degrees balloon ``b`` would fly on its quadrant's card next, at the best altitude
    its chips can pay for (less two degrees a chip), none while it waits for a lost turn or
    lies in the Doldrums."""
    if b.doldrums or b.finished or (b.altitude is Altitude.GROUNDED and b.lose_turn):
        return 0.0
    lane = b.space.lane
    per_space = 360 / game.globe.totals[lane - 1]
    card = game.components.quadrant[state.quadrants[game.globe.quadrant(b.space) - 1][-1]]
    best = 0.0
    for a in (Altitude.LOW, Altitude.MEDIUM, Altitude.HIGH):
        cost = a - b.altitude
        if (cost >= 0 and b.ballast >= cost) or (cost < 0 and b.gas >= -cost):
            best = max(best, card.moves[a][lane - 1] * per_space - 2 * abs(cost))
    return best


def standing(game: Game, state: State, j: int) -> float:
    """Where balloon ``j`` stands: its degrees, its next flight, its chips."""
    b = state.balloons[j]
    return (game.globe.degrees(b.space, b.laps) + speed(game, state, b)
            + 2 * (b.ballast + b.gas) + 3 * b.fuel - (25 if b.lose_turn else 0))


def value(game: Game, state: State, i: int) -> float:
    """How well balloon ``i`` stands against the others."""
    others = [standing(game, state, j) for j in range(len(state.balloons)) if j != i]
    return standing(game, state, i) - 0.5 * max(others)


def greedy(ruleset: Ruleset[Any, Any, Any], game: Game, state: State,
           legal: Sequence[Action], rng: random.Random) -> Action:
    """The action after which ``value`` is highest, ties broken at random; exchanges are
    left alone unless nothing else is legal."""
    i = state.actor
    assert i is not None
    kept = [a for a in legal if not (isinstance(a, Play) and a.exchange is not None)] or \
        list(legal)

    def worth(a: Action) -> float:
        if isinstance(a, Play) and a.use is not Use.WIND:
            base = value(game, state, i)
            if a.use is Use.MISFORTUNE:
                return base + (MISFORTUNE if a.on != a.balloon else -MISFORTUNE)
            return base - 1
        if isinstance(a, (Fly, Play)):
            return value(game, advance(game, state, a), i)
        return value(game, state, i)

    best = max(range(len(kept)), key=lambda k: (worth(kept[k]), rng.random()))
    return kept[best]
