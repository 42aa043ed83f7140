"""What the bots (``rules/bots``) need to know of Turbulences: how well each company stands
(the greedy pilot's value of ``policies``), and a world a company may believe in.

A company does not know the weights of the parcels it has not seen (of its own colour: the
ones it has not looked at yet; of the others: none), nor the Wind Rose flicks to come, nor
at night the faces of the tiles still face down. A
determinized world deals the weights it cannot know afresh, each colour's unseen weights
shuffled among that colour's unseen parcels, and draws the weather from a fresh seed.
"""

from __future__ import annotations

import random
from dataclasses import replace

from skyhex.rules.turbulences.engine import known_weight
from skyhex.rules.turbulences.policies import believed, value
from skyhex.rules.turbulences.state import Game, State, parcel_colour

SCALE = 10.0
"""Value points that make a clear difference (a delivery is worth 100)."""
CAP = 150
"""Game turns after which a bot playout stops (the greedy pilots' cap, ``policies``)."""


def participants(game: Game, state: State) -> list[str]:
    """The companies, in company order."""
    return [c.colour for c in game.companies]


def values(game: Game, state: State) -> dict[str, float]:
    """Each company's standing: deliveries (its team's), parcels carried, the distance to
    where they go."""
    return {c.colour: float(value(game, state, i)) for i, c in enumerate(game.companies)}


def determinize(game: Game, state: State, who: str | None, rng: random.Random
                ) -> tuple[Game, State]:
    """A world ``who`` may believe in: the weights it cannot know dealt afresh among their
    parcels, the weather to come from a fresh seed."""
    weights = dict(game.weights)
    if who is not None:
        unknown: dict[str, list[str]] = {}
        for parcel in sorted(weights):
            if known_weight(game, state, who, parcel) is None:
                unknown.setdefault(parcel_colour(parcel), []).append(parcel)
        for parcels in unknown.values():
            dealt = sorted(weights[p] for p in parcels)
            rng.shuffle(dealt)
            weights.update(zip(parcels, dealt, strict=True))
    if state.night is not None and who is not None:  # night: the face-down tiles too
        game = believed(game, state, rng)
    return replace(game, seed=rng.randrange(2**31), weights=weights, pinned=(),
                   pinned_from=0), state


def figures(game: Game, state: State) -> dict[str, float]:
    """What happened in a finished game, per company (means): parcels delivered and
    carried, and parcels lost in the game."""
    n = len(state.planes) or 1
    return {"delivered": sum(len(p.delivered) for p in state.planes) / n,
            "carried": sum(len(p.carried) for p in state.planes) / n,
            "lost": float(len(state.lost))}
