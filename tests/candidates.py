"""The whole action space of a moment, per game, for the contract test: every action a
moves file could write at that moment (most of them illegal), so that the test can hold
``legal_actions`` and ``apply`` to the same answers on it. A new game adds its generator
here (keyed by its registry name)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any

from skyhex.rules.balloons.actions import Exchange, Fly, Launch, Play, Use
from skyhex.rules.balloons.actions import Pass as BPass
from skyhex.rules.balloons.components import Altitude
from skyhex.rules.balloons.state import Game as BGame
from skyhex.rules.balloons.state import State as BState
from skyhex.rules.hexgrid import DIRECTIONS, Hex
from skyhex.rules.paragliders.actions import (
    MOMENTS,
    Claim,
    LandChoice,
    MoveKind,
    Skill,
    Turn,
    TurnKind,
    WindChoice,
    WindKind,
    claim_order,
)
from skyhex.rules.paragliders.flight import closest_mountains
from skyhex.rules.paragliders.state import Game as PGame
from skyhex.rules.paragliders.state import State as PState
from skyhex.rules.paragliders.stunts import Stunt
from skyhex.rules.turbulences.actions import NO_OPS, Journey, Ops, Pass
from skyhex.rules.turbulences.landscape import region_cities
from skyhex.rules.turbulences.state import Game as TGame
from skyhex.rules.turbulences.state import State as TState

Candidates = Callable[[Any, Any, random.Random, float], Iterator[Any]]
"""``(game, state, rng, rate)``: the candidates, each kept with probability ``rate`` (1:
every one)."""


def _kept(rng: random.Random, rate: float) -> bool:
    return rate >= 1 or rng.random() < rate


# --- Paragliders ------------------------------------------------------------------------------


def _lands(game: PGame, near: Hex | None) -> list[tuple[LandChoice | None, Hex | None]]:
    """No landing, a final landing, and a relaunch with no mountain named and with each
    mountain close to where the flight may end (closest to some hex within 2 of ``near``)."""
    out: list[tuple[LandChoice | None, Hex | None]] = [
        (None, None), (LandChoice.FINAL, None), (LandChoice.RELAUNCH, None)]
    if near is not None:
        mountains = set()
        for h in game.terrain:
            if h.distance(near) <= 2:
                mountains.update(closest_mountains(game, h))
        out += [(LandChoice.RELAUNCH, m) for m in sorted(mountains)]
    return out


def _claims(game: PGame) -> list[Claim]:
    """Every single claim of the stunts in play, at every moment, with either action."""
    return [Claim(s, when, action) for s in sorted(game.scenario.stunts)
            if s is not Stunt.TOP_LANDER for when in MOMENTS for action in ("score", "start")]


def paragliders(game: PGame, state: PState, rng: random.Random, rate: float = 1.0
                ) -> Iterator[Any]:
    """Every turn or wind-push choice of the actor: kinds, moves, hard-turn and accelerate
    cards, acceleration, landing choices and mountains, with and without a Top Lander claim;
    then, on the flights ``apply`` accepts, every single stunt claim and pairs of them."""
    pilot = state.actor
    assert pilot is not None
    me = pilot.ident
    lands = _lands(game, pilot.hex or pilot.mountain or (game.takeoffs[0] if game.takeoffs
                                                          else None))
    if state.phase.value == "wind-push":
        for kind in WindKind:
            for land, mountain in lands:
                for top in (False, True):
                    yield WindChoice(me, kind, land, mountain, top)
        for kind in (TurnKind.PASS, TurnKind.MOVE):
            yield Turn(me, kind, MoveKind.STRAIGHT if kind is TurnKind.MOVE else None)
        return
    yield Turn(me, TurnKind.PASS)
    yield Turn(me, TurnKind.WALK)
    for land, mountain in lands:
        yield Turn(me, TurnKind.STUCK, land=land, mountain=mountain)
    yield WindChoice(me, WindKind.PUSH)
    skills = [frozenset(), frozenset({Skill.HARD_TURN}), frozenset({Skill.ACCELERATE}),
              frozenset(Skill)]
    starts: list[tuple[TurnKind, Hex | None, Any]] = [(TurnKind.MOVE, None, None)]
    starts += [(TurnKind.RELAUNCH, None, f) for f in DIRECTIONS]
    hexes = [*game.takeoffs, next(iter(game.terrain))]
    starts += [(TurnKind.TAKEOFF, h, f) for h in hexes for f in DIRECTIONS]
    for kind, h, facing in starts:
        for move in MoveKind:
            for skill in skills:
                for accelerate in (False, True):
                    for land, mountain in lands:
                        for top in (False, True):
                            if _kept(rng, rate):
                                yield Turn(me, kind, move, h, facing, accelerate, skill, land,
                                           mountain, (), top)


def paragliders_claims(game: PGame, state: PState, accepted: list[Any],
                       rng: random.Random, rate: float = 1.0) -> Iterator[Any]:
    """Claims added to flights that ``apply`` accepted: every single claim, and pairs of
    claims of two stunts (a sample when there are many)."""
    singles = _claims(game)
    for action in accepted:
        if not isinstance(action, Turn) or action.move is None or action.stunts:
            continue
        for c in singles:
            if _kept(rng, rate):
                yield Turn(**{**_fields(action), "stunts": (c,)})
        pairs = [(a, b) for a, b in combinations(singles, 2) if a.stunt != b.stunt]
        for a, b in rng.sample(pairs, min(len(pairs), 12)):
            yield Turn(**{**_fields(action), "stunts": tuple(sorted((a, b), key=claim_order))})


def _fields(t: Turn) -> dict[str, Any]:
    return {k: getattr(t, k) for k in Turn.__slots__}


# --- Turbulences ------------------------------------------------------------------------------


def _subsets(items: tuple[str, ...], most: int) -> Iterator[tuple[str, ...]]:
    for k in range(min(most, len(items)) + 1):
        yield from combinations(items, k)


def turbulences(game: TGame, state: TState, rng: random.Random, rate: float = 1.0
                ) -> Iterator[Any]:
    """Passes (with parcel operations), journeys of one to three hexes from the aircraft (or
    from any city of its region, rebuilt), with and without the BOOST, with parcel
    operations before and after built from the parcels at hand."""
    i = state.actor
    assert i is not None
    company = game.companies[i]
    colour = company.colour
    plane = state.planes[i]
    parcels = tuple(sorted({p for zone in state.shipping for p in zone} | set(plane.carried)))
    near = [p for p in parcels if p in plane.carried or p.startswith(colour)]
    ops = [NO_OPS] + [Ops(throw=(p,)) for p in plane.carried] + \
        [Ops(unload=(p,)) for p in plane.carried] + [Ops(load=(p,)) for p in near] + \
        [Ops(load=two) for two in combinations(near, 2)]
    yield Pass(colour)
    for o in ops[1:]:
        yield Pass(colour, o)
    starts: list[tuple[Hex | None, Hex]] = []
    if plane.hex is not None:
        starts.append((None, plane.hex))
        starts.append((plane.hex, plane.hex))  # a rebuild of an aircraft not destroyed
    for city in region_cities()[company.region - 1]:
        starts.append((city, city))
    for rebuild, start in starts:
        paths: list[tuple[Hex, ...]] = [()]
        for _ in range(3):
            paths += [(*p, n) for p in paths if len(p) == _
                      for n in (p[-1] if p else start).neighbors()]
        for path in paths:
            if not path:
                continue
            for boost in (False, True):
                if _kept(rng, rate):
                    yield Journey(colour, path, NO_OPS, NO_OPS, rebuild, boost)
                if not _kept(rng, rate * 4):
                    continue
                for before in rng.sample(ops, min(3, len(ops))):
                    for after in rng.sample(ops, min(2, len(ops))):
                        yield Journey(colour, path, before, after, rebuild, boost)


# --- Balmy Balloonists ------------------------------------------------------------------------


def balloons(game: BGame, state: BState, rng: random.Random, rate: float = 1.0
             ) -> Iterator[Any]:
    """Passes, every flight (each altitude, with and without a launch north or south), and
    card plays: the cards of the hand, of the table (the actor's and another's) and one held
    by nobody, on every balloon, for each use, with and without exchanges of the Advantage
    cards held (and one not held) for the cards face up (and one in the hand); the same
    decisions named for another balloon."""
    i = state.actor
    assert i is not None
    me = game.colours[i]
    b = state.balloons[i]
    others = [c for c in game.colours if c != me]
    table = sorted(c for other in state.balloons for c in other.front)
    held = {c for other in state.balloons for c in (*other.hand, *other.front)}
    loose = sorted(set(game.components.local_wind) - held)
    cards = sorted({*b.hand, *b.front, *table[:2], *loose[:1]})
    mine = list(b.advantages) + sorted(set(game.components.advantage) - set(b.advantages))[:1]
    face = sorted({*table, *b.hand[:1]})
    swaps = [None] + [Exchange(a, w) for a in mine for w in face]
    for who in (me, others[0]):
        yield BPass(who)
        for altitude in Altitude:
            for launch in (None, *Launch):
                yield Fly(who, altitude, launch)
    for card in cards:
        for on in game.colours:
            for use in Use:
                for swap in swaps:
                    if _kept(rng, rate):
                        yield Play(me, card, on, use, swap)
    if b.hand:
        yield Play(others[0], b.hand[0], others[0])


GENERATORS: dict[str, Candidates] = {"paragliders": paragliders, "turbulences": turbulences,
                                     "balloons": balloons}
"""The action space of each registered game."""
EXTRA = {"paragliders": paragliders_claims}
"""Candidates derived from the accepted ones (Paragliders: stunt claims on flights)."""
