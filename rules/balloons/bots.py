"""What the bots (``rules/bots``) need to know of Balmy Balloonists: how well each balloon
stands (the greedy pilot's ``standing`` of ``policies``) and the length cap of their
playouts. The worlds a balloon may believe in are the ruleset's (``ruleset.sample_world``).
"""

from __future__ import annotations

from collections.abc import Sequence

from skyhex.rules.balloons.actions import Action, Fly, Play, Use
from skyhex.rules.balloons.components import Altitude
from skyhex.rules.balloons.policies import standing
from skyhex.rules.balloons.state import Balloon, Game, State
from skyhex.rules.entry import BotHooks

SCALE = 15.0
"""Degrees that make a clear difference between two balloons."""
CAP = 40
"""Rounds after which a bot playout stops (the greedy pilots' cap, ``policies``)."""


def participants(game: Game, state: State) -> list[str]:
    """The balloons, in seat order."""
    return list(game.colours)


def values(game: Game, state: State) -> dict[str, float]:
    """Each balloon's standing: its degrees round the globe, its next flight, its chips."""
    return {c: standing(game, state, i) for i, c in enumerate(game.colours)}


def value(game: Game, state: State, who: str) -> float:
    """``values(game, state)[who]`` alone. What it reads of the state (the balloon, the
    Quadrant stacks) is remembered for each balloon with its standing: the actions weighed
    at one decision leave the other balloons as they were (the same objects), so that only
    the actor's is valued again after each."""
    j = game.index[who]
    b = state.balloons[j]
    quadrants = state.quadrants
    held = _standings.get(j)
    if held is not None and held[0] is game and held[1] is b and held[2] is quadrants:
        return held[3]
    found = standing(game, state, j)
    _standings[j] = (game, b, quadrants, found)
    return found


_standings: dict[int, tuple[Game, Balloon, object, float]] = {}
"""Balloon index -> the game, the balloon and the Quadrant stacks last valued, and the
standing (``value``; each slot replaced whole)."""


def figures(game: Game, state: State) -> dict[str, float]:
    """What happened in a finished race, per balloon (means): balloons home and degrees
    flown."""
    n = len(state.balloons) or 1
    return {"finished": sum(1 for b in state.balloons if b.finished) / n,
            "degrees": sum(game.globe.degrees(b.space, b.laps) for b in state.balloons) / n}


def sensible(game: Game, state: State, legal: Sequence[Action]) -> list[Action]:
    """The actions of ``legal`` that are no blunder, for the ``sensible`` policy: a balloon
    never plays a card for a Misfortune on itself, nor stays on the ground when it can
    fly."""
    return [a for a in legal
            if not (isinstance(a, Play) and a.use is Use.MISFORTUNE and a.on == a.balloon)
            and not (isinstance(a, Fly) and a.altitude is Altitude.GROUNDED)]


HOOKS = BotHooks(values=values, scale=SCALE, figures=figures, value=value,
                 sensible=sensible)
"""The bot hooks this game's entry names (``rules/entry.py``)."""
