"""What the bots (``rules/bots``) need to know of Balmy Balloonists: how well each balloon
stands (the greedy pilot's ``standing`` of ``policies``), and a world a player may believe
in.

A player sees its own hand and the size of the others'; the Local Wind cards it cannot see
(the other hands and the deck) are dealt afresh into the other hands, each keeping its size,
and the decks are drawn from a fresh seed. Covered Quadrant cards were laid face up, so they
stay where they are.
"""

from __future__ import annotations

import random
from dataclasses import replace

from skyhex.rules.balloons.policies import standing
from skyhex.rules.balloons.state import Game, State
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


def determinize(game: Game, state: State, who: str | None, rng: random.Random
                ) -> tuple[Game, State]:
    """A world ``who`` may believe in: the hands it cannot see dealt afresh from every card
    it cannot see, the decks' draws from a fresh seed."""
    world = replace(game, seed=rng.randrange(2**31), pinned=(), pinned_from=0)
    if who is None:
        return world, state
    me = game.index[who]
    seen = set(state.discards)
    for i, b in enumerate(state.balloons):
        seen.update(b.front)
        if i == me:
            seen.update(b.hand)
    unseen = sorted(set(game.components.local_wind) - seen)
    rng.shuffle(unseen)
    balloons = list(state.balloons)
    for i, b in enumerate(balloons):
        if i != me and b.hand:
            hand, unseen = unseen[:len(b.hand)], unseen[len(b.hand):]
            balloons[i] = b.evolve(hand=tuple(sorted(hand)))
    return world, state.evolve(balloons=tuple(balloons))


def figures(game: Game, state: State) -> dict[str, float]:
    """What happened in a finished race, per balloon (means): balloons home and degrees
    flown."""
    n = len(state.balloons) or 1
    return {"finished": sum(1 for b in state.balloons if b.finished) / n,
            "degrees": sum(game.globe.degrees(b.space, b.laps) for b in state.balloons) / n}


HOOKS = BotHooks(values=values, scale=SCALE, figures=figures)
"""The bot hooks this game's entry names (``rules/entry.py``)."""
