"""What the bots (``rules/bots``) need to know of Turbulences: how well each company stands
(the greedy pilot's value of ``policies``) and how the search's own company plays (the route
planning pilot of ``planner``). The worlds a company may believe in are the ruleset's
(``sample_world``, ``worlds``).
"""

from __future__ import annotations

from collections.abc import Sequence

from skyhex.rules.entry import BotHooks
from skyhex.rules.hexgrid import Hex, axial_length
from skyhex.rules.turbulences.actions import NO_OPS, Action, Journey, Ops, Pass
from skyhex.rules.turbulences.engine import advance, legal_actions
from skyhex.rules.turbulences.planner import plan
from skyhex.rules.turbulences.policies import greedy as step
from skyhex.rules.turbulences.policies import value, waiting
from skyhex.rules.turbulences.state import SHIPPING_SPACES, Game, Plane, State, parcel_colour

SCALE = 10.0
"""Value points that make a clear difference (a delivery is worth 100)."""
CAP = 150
"""Game turns after which a bot playout stops (the greedy pilots' cap, ``policies``)."""
ESTIMATE_SCALE = 1.0
"""Points (kilos delivered) that make a clear difference, for the search."""
SEARCH_DEPTH = 3
"""The company's decisions a search rollout plays after the candidate (a decision is a
journey or the BOOST's: about two game turns)."""
SEARCH_WORLDS = 6
"""The worlds a search draws at a decision: a game won or lost within two turns weighs far
more than any margin, and four worlds tell too little of how often."""
SEARCH_CONFIDENCE = 2.0
"""The standard errors by which a search candidate must beat the greedy choice: the best
of a few noisy means (a game won or lost within the horizon) is too often noise. At one
standard error the search left the greedy choice at 32 % of its decisions, about what noise
alone gives over two rivals in six worlds (the rule is one-sided, and the spread is itself
measured on six); at two, at 13 %."""
SEARCH_DISTINCT = True
"""Several paths end on the same tile: the search's candidates are different positions."""
CARRIED = 0.3
"""The share of a carried parcel's weight the search counts on before delivering it."""
TOWARDS = 0.05
"""Points a tile closer to where the company is going is worth to the search."""

__all__ = ["CAP", "ESTIMATE_SCALE", "SCALE", "SEARCH_CONFIDENCE", "SEARCH_DEPTH",
           "SEARCH_DISTINCT", "SEARCH_WORLDS", "estimates", "figures", "listed",
           "participants", "plan", "sensible", "standing", "step", "values"]


def participants(game: Game, state: State) -> list[str]:
    """The companies, in company order."""
    return [c.colour for c in game.companies]


def values(game: Game, state: State) -> dict[str, float]:
    """Each company's standing: deliveries (its team's), parcels carried, the distance to
    where they go."""
    return {c.colour: float(value(game, state, i)) for i, c in enumerate(game.companies)}


def standing(game: Game, state: State, who: str) -> float:
    """``values(game, state)[who]`` alone. What it reads of the state (the aircraft of the
    company's team, the shipping zones) is remembered for each company with its value: the
    actions weighed at one decision leave the other companies' aircraft as they were (the
    same objects), so that only the actor's is valued again after each."""
    i = game.numbers[who]
    planes = state.planes
    team = game.team_of[i]
    mates = planes[i] if len(team) == 1 else tuple([planes[j] for j in team])
    shipping = state.shipping
    held = _standings.get(i)
    if held is not None and held[1] is mates and held[2] is shipping and held[0] is game:
        return held[3]
    if held is not None and isinstance(mates, tuple) and isinstance(held[1], tuple) and \
            held[2] is shipping and held[0] is game and \
            all(a is b for a, b in zip(held[1], mates, strict=True)):
        return held[3]
    found = float(value(game, state, i))
    _standings[i] = (game, mates, shipping, found)
    return found


_standings: dict[int, tuple[Game, Plane | tuple[Plane, ...], tuple[tuple[str, ...], ...],
                            float]] = {}
"""Company index -> the game, its aircraft (its team's, in the team modes) and the shipping
zones last valued, and the value (``standing``; each slot replaced whole)."""


def listed(game: Game, state: State, legal: Sequence[Action]) -> list[Action]:
    """``legal`` (the real table's listing) as ``game``, a world the company drew, lists
    them: the same actions, the world's own objects, so that ``advance`` finds their
    checked journeys and shared ends (the listing's fast path, keyed by the world and its
    listing's own actions)."""
    again = legal_actions(game, state)
    return again if again == legal else list(legal)


def estimates(game: Game, state: State) -> dict[str, float]:
    """The search's view of each company (its team, in the team modes): the points it has
    (the weights delivered and the empty spaces of its airport, as counted at the end), the
    weights it carries (``CARRIED`` of each: they are not home yet) and a little for each
    tile closer to where it goes (the airport of a carried parcel, or the nearest holding
    its parcels). The weights are the world's: in a determinized world a company's unseen
    weights are a guess, and the mean over worlds is what it may expect."""
    weights = game.weights
    own = [sum(weights[p] for p in plane.delivered) +
           SHIPPING_SPACES - len(state.shipping[company.region - 1])
           for company, plane in zip(game.companies, state.planes, strict=True)]
    out: dict[str, float] = {}
    for i, (company, plane) in enumerate(zip(game.companies, state.planes, strict=True)):
        points = float(sum(own[j] for j in game.allies(i)))
        if plane.hex is not None:
            if plane.carried:
                points += CARRIED * sum(weights[p] for p in plane.carried)
                targets = [game.colour_airports[parcel_colour(p)] for p in plane.carried]
            else:
                targets = waiting(game, state.shipping, game.colours_of[i]) or \
                    [company.airport]
            q, r = plane.hex
            points -= TOWARDS * min(axial_length(q - tq, r - tr) for tq, tr in targets)
        out[company.colour] = points
    return out


def figures(game: Game, state: State) -> dict[str, float]:
    """What happened in a finished game, per company (means): parcels delivered and
    carried, and parcels lost in the game."""
    n = len(state.planes) or 1
    return {"delivered": sum(len(p.delivered) for p in state.planes) / n,
            "carried": sum(len(p.carried) for p in state.planes) / n,
            "lost": float(len(state.lost))}


def sensible(game: Game, state: State, legal: Sequence[Action]) -> list[Action]:
    """The actions of ``legal`` that are no blunder, for the ``sensible`` policy: never
    throw a parcel overboard nor leave one in transit at another airport (a parcel carried
    is progress a player keeps), nor make a journey that destroys the aircraft (EXPERT: out
    of FUEL in the air); deliver when a journey can (one that lands on an airport of the
    company's team with a parcel of its colour on board); empty-handed, load when it can;
    else fly nearer to where it goes when it can (the airport of a parcel carried, or one
    holding parcels of its team's colours). Read from the actions and the table as the
    company sees it, never the chance to come: a journey's outcome is looked at only when
    another company flies next (the last one of a game turn is followed by the weather).
    Uniform among the rest, a random company still wanders, but games end."""
    i = state.actor
    assert i is not None
    plane = state.planes[i]
    homes = game.team_airports[i]
    carried = {parcel_colour(p) for p in plane.carried}
    colours = {h: game.companies[k].colour for h, k in homes.items()}
    if plane.carried:
        targets = [game.colour_airports[c] for c in carried]
    else:
        targets = waiting(game, state.shipping, game.colours_of[i])
    kept: list[Action] = []
    delivering: list[Action] = []
    loading: list[Action] = []
    nearer: list[Action] = []
    far = _steps(plane.hex, targets) if plane.hex is not None and targets else 0
    # an EXPERT journey may end dry in the air (one that flies at least as many tiles as the
    # tank holds FUEL); with no weather before the next company's turn, its end is the
    # company's doing
    fuel = plane.fuel if game.companies[i].expert and len(state.order) > 1 else None
    for action in legal:
        before, after = _ops(action)
        if before.throw or before.unload or after.unload:
            continue
        if fuel is not None and isinstance(action, Journey) and len(action.path) >= fuel \
                and plane.hex is not None and advance(game, state, action).planes[i].hex is None:
            continue
        kept.append(action)
        if isinstance(action, Journey) and colours.get(action.path[-1]) in carried:
            delivering.append(action)
        elif before.load or after.load:
            loading.append(action)
        elif far and isinstance(action, Journey) and _steps(action.path[-1], targets) < far:
            nearer.append(action)
    return delivering or (loading if not carried and loading else None) or nearer or kept


def _steps(at: Hex, targets: Sequence[Hex]) -> int:
    """The tiles from ``at`` to the nearest of ``targets``."""
    q, r = at
    return min(axial_length(q - tq, r - tr) for tq, tr in targets)


def _ops(action: Action) -> tuple[Ops, Ops]:
    """The parcel operations of ``action``: before its journey and after it."""
    if isinstance(action, Journey):
        return action.before, action.after
    if isinstance(action, Pass):
        return action.ops, NO_OPS
    return NO_OPS, NO_OPS


HOOKS = BotHooks(values=values, scale=SCALE, figures=figures, estimates=estimates,
                 value=standing, listed=listed,
                 estimate_scale=ESTIMATE_SCALE, step=step, plan=plan,
                 search_depth=SEARCH_DEPTH, search_worlds=SEARCH_WORLDS,
                 search_confidence=SEARCH_CONFIDENCE, search_distinct=SEARCH_DISTINCT,
                 sensible=sensible)
"""The bot hooks this game's entry names (``rules/entry.py``)."""
