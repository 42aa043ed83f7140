"""The worlds a company may believe in (``Ruleset.sample_world``): a whole game and state
consistent with everything it sees, the rest drawn afresh.

A company does not know the weights of the parcels it has not seen (of its own colour, or
its team's: the ones no partner has looked at yet; of the others: none), nor the Wind Rose
flicks to come, nor (EXPERT) the face-down Jerrycans, nor at night the faces of the tiles
still face down. A world deals the weights it cannot know afresh, each colour's unseen
weights shuffled among that colour's unseen parcels, the Jerrycans it cannot see among
their tokens, the face-down tiles among the faces it cannot tell apart, and draws the
weather from a fresh seed (the pinned draws of a moves file dropped with the old seed). The
referee (``None``) sees everything: only the chance to come is drawn afresh.
"""

from __future__ import annotations

import random

from skyhex.rules.turbulences.engine import known_weight
from skyhex.rules.turbulences.policies import believed
from skyhex.rules.turbulences.state import Game, State, parcel_colour

__all__ = ["sample_world"]


def sample_world(game: Game, state: State, who: str | None, rng: random.Random
                 ) -> tuple[Game, State]:
    """A world ``who`` may believe in: the weights it cannot know dealt afresh among their
    parcels, the face-down Jerrycans and night tiles too, the weather to come from a fresh
    seed."""
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
    return game.redrawn(rng.randrange(2**31), weights), _jerrycans(game, state, who, rng)


def _jerrycans(game: Game, state: State, who: str | None, rng: random.Random) -> State:
    """EXPERT: the Jerrycans ``who`` cannot see (face down on the tanks, and the draw
    pile) dealt afresh from the tokens they are among; the referee's (``None``) as they
    are."""
    if who is None or not game.any_expert:
        return state
    owner = game.expert.jerrycans_known == "owner"
    hidden = [k for k, (c, p) in enumerate(zip(game.companies, state.planes, strict=True))
              if p.jerrycan is not None and not p.flipped and not (owner and c.colour == who)]
    tokens = sorted([*state.pile, *(state.planes[k].jerrycan or 0 for k in hidden)])
    rng.shuffle(tokens)
    planes = list(state.planes)
    for k, token in zip(hidden, tokens, strict=False):
        planes[k] = planes[k].evolve(jerrycan=token)
    return state.evolve(planes=tuple(planes), pile=tuple(sorted(tokens[len(hidden):])))
