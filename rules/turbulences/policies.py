"""Turbulences playout policies (for ``rules.playout``): ``greedy``, a simple pilot that
seeks its parcels and its airport. It reads only what the acting company may know: the
legal actions read no weight, and its value counts parcels, never their weights. In the
team modes a greedy pilot counts its team's deliveries and flies its partner's parcels to
their airport."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from skyhex.rules.game import Ruleset
from skyhex.rules.hexgrid import Hex, axial_length
from skyhex.rules.speed import last_answer
from skyhex.rules.turbulences.actions import Action, Flip, Journey
from skyhex.rules.turbulences.engine import advance_all
from skyhex.rules.turbulences.night import dark, deal_faces
from skyhex.rules.turbulences.state import Game, State, parcel_colour


def value(game: Game, state: State, i: int) -> int:
    """How well company ``i`` stands: parcels delivered by its team (in CLASSIC mode, by
    itself) and carried, and the distance to the airport of a carried parcel's colour
    (carrying) or to the nearest airport holding parcels of its team's colours."""
    planes = state.planes
    plane = planes[i]
    allies = game.team_of[i]
    delivered = len(plane.delivered) if len(allies) == 1 else \
        sum(len(planes[j].delivered) for j in allies)
    h = plane.hex
    if h is None:
        return 100 * delivered - 1000
    carried = plane.carried
    if carried:
        airports = game.colour_airports
        key = (h, tuple([airports[parcel_colour(p)] for p in carried]))
    else:
        key = (h, _targets(game, state.shipping, i))
    near = _nearest.get(key)
    if near is None:
        near = _nearest_target(key)
    score = 100 * delivered + 30 * len(carried) - near
    if plane.fuel is not None:  # EXPERT: keep enough FUEL to get home
        margin = plane.fuel + plane.altitude + (JERRYCAN_HOPE if not plane.flipped else 0) \
            - h.distance(game.companies[i].airport)
        score -= 40 * max(0, 2 - margin)
    return score


_nearest: dict[tuple[Hex, tuple[Hex, ...]], int] = {}
"""(hex, targets) -> the steps from the hex to the nearest target (``value`` asks the same
few all game long)."""


def _nearest_target(key: tuple[Hex, tuple[Hex, ...]]) -> int:
    if len(_nearest) >= 100_000:
        _nearest.clear()
    q, r = key[0]
    near = _nearest[key] = min([axial_length(q - tq, r - tr) for tq, tr in key[1]])
    return near


@last_answer
def _targets(game: Game, shipping: tuple[tuple[str, ...], ...], i: int) -> tuple[Hex, ...]:
    """Where company ``i`` without parcels heads: the airports ``waiting`` for its team,
    else its own (the last asked is remembered: the actions weighed in a turn seldom move
    a parcel; a company's index is a small int, the same object each time)."""
    return tuple(waiting(game, shipping, game.colours_of[i]) or [game.companies[i].airport])


@last_answer
def waiting(game: Game, shipping: tuple[tuple[str, ...], ...], ours: frozenset[str]
            ) -> list[Hex]:
    """The airports whose shipping zone holds parcels of the colours ``ours`` (the last
    asked is remembered: the actions weighed in a turn seldom move a parcel). A shared
    value, never to be changed."""
    return [game.region_airports[r] for r, zone in enumerate(shipping)
            if any(parcel_colour(p) in ours for p in zone)]


def greedy(ruleset: Ruleset[Any, Any, Any], game: Game, state: State,
           legal: Sequence[Action], rng: random.Random) -> Action:
    """The action after which ``value`` is highest, ties broken at random. An EXPERT pilot
    flips its Jerrycan when its tank is low, never by peeking at the token's content."""
    i = state.actor
    assert i is not None
    plane = state.planes[i]
    if Flip in map(type, legal):  # (no subclass of Flip: one scan in C)
        assert plane.hex is not None and plane.fuel is not None
        if plane.fuel <= plane.hex.distance(game.companies[i].airport) + 1:
            return Flip(game.companies[i].colour)
        legal = [a for a in legal if not isinstance(a, Flip)]
    return best_after(game, state, legal, rng, lambda after: value(game, after, i))


def best_after(game: Game, state: State, legal: Sequence[Action], rng: random.Random,
               worth: Callable[[State], float]) -> Action:
    """The action of ``legal`` after which ``worth`` is highest (in the world the acting
    company may believe in: ``believed``), ties broken by a draw for each action: the
    choice of the greedy pilot and of the search's route planner."""
    world = believed(game, state, rng, legal)
    # several actions lead to one state (journeys ending on one tile: advance gives the
    # same object), valued once; the states stay alive here, so their ids stay theirs
    valued: dict[int, tuple[State, float]] = {}
    best: float | None = None
    best_draw = 0.0
    chosen = legal[0]
    for action, after in zip(legal, advance_all(world, state, legal), strict=True):
        # max of (worth, a random draw), the first of equals
        got = valued.get(id(after))
        if got is None:
            got = valued[id(after)] = (after, worth(after))
        value_, draw = got[1], rng.random()
        if best is None or value_ > best or (value_ == best and draw > best_draw):
            best, best_draw, chosen = value_, draw, action
    return chosen


def believed(game: Game, state: State, rng: random.Random,
             legal: Sequence[Action] | None = None) -> Game:
    """The game as the acting company may believe it: at night, the face-down tiles dealt
    afresh (it cannot know what a tile hides before flipping it); by day, or when none of
    the ``legal`` actions flips a tile (the faces then change nothing), the game."""
    if state.night is None:
        return game
    if legal is not None:
        unknown = dark(state.night, state.clouds)
        if not any(isinstance(a, Journey) and a.path[-1] in unknown for a in legal):
            return game
    box = () if game.landscape.night is None else game.landscape.night.box
    faces = deal_faces(game.landscape.biomes, box, state.night, rng)
    return replace(game, landscape=replace(game.landscape, biomes=faces))


JERRYCAN_HOPE = 3
"""The FUEL a greedy EXPERT pilot counts on from a face-down Jerrycan (a cautious guess)."""

GREEDY_CAP = 150
"""Game turns after which a greedy playout stops (greedy pilots end games well before)."""
RANDOM_CAP = 40
"""Game turns after which a random playout stops: random pilots seldom deliver, and a game
where every colour has lost three parcels can no longer end."""
