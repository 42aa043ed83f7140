"""What the built-in bots know of Thistledown (``skyhex.rules.entry.BotHooks``): how well
each tuft stands, and what a finished race tells analytics. Worlds a tuft may believe in
come from the ruleset's ``sample_world``.
"""

from __future__ import annotations

from skyhex.rules.entry import BotHooks
from skyhex.rules.hexgrid import ORIGIN

from thistledown.state import Game, State

SCALE = 1.0
"""A column: a clear difference between two tufts."""


def values(game: Game, state: State) -> dict[str, float]:
    """Each tuft's standing: its columns crossed and rounds to spare once home (its score),
    a little for staying off the rim (where a drift is more often blocked) and for the gusts
    in hand."""
    meadow = game.meadow
    out = {}
    for colour, h, hand, home in zip(game.colours, state.hexes, state.hands, state.home,
                                     strict=True):
        if home is not None:
            out[colour] = 2.0 * meadow.radius + game.rounds + 1 - home
        else:
            rim = 0.1 if h.distance(ORIGIN) == meadow.radius else 0.0
            out[colour] = meadow.columns(h) - rim + 0.05 * sum(hand)
    return out


def figures(game: Game, state: State) -> dict[str, float]:
    """Per tuft (means): the share that reached the hedge and the columns crossed."""
    n = len(game.seats)
    return {"home": sum(1 for h in state.home if h is not None) / n,
            "columns": sum(game.meadow.columns(h) for h in state.hexes) / n}


HOOKS = BotHooks(values=values, scale=SCALE, figures=figures, search_distinct=True)
"""The bot hooks the entry names."""
