"""The legal flights of a turn on a fast path: each candidate move is decided by numbers, with
the same rule functions ``flight.fly`` uses (``entry_rule``, ``ends_down``, the modifiers),
and with no event nor text; ``engine.apply`` explains the one action played. Per-state facts
(where the other pilots fly, the weather of each hex, the claims a place allows) are worked
out once per call. The contract test holds this path and ``apply`` to the same answers.

A candidate is completed into every legal action it gives: its landing choices (and equally
close mountains), the stunt claims each moment of the turn allows, in every combination of
at most one moment a stunt, and a Top Lander claim where it lands on a take-off hex.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Any

from skyhex.rules.hexgrid import DIRECTIONS, Direction, Hex
from skyhex.rules.paragliders import stunt_rules
from skyhex.rules.paragliders.actions import (
    Claim,
    LandChoice,
    MoveKind,
    Skill,
    Turn,
    TurnKind,
    claim_order,
)
from skyhex.rules.paragliders.flight import (
    acceleration_cost,
    ceiling_loss,
    closest_mountains,
    ends_down,
    entry_rule,
    hard_turn,
    may_declare_landing,
    occupied,
    relaunch_allowed,
    relaunched,
    shared_weather,
)
from skyhex.rules.paragliders.scenario import PilotStatus
from skyhex.rules.paragliders.state import Game, Pilot, State
from skyhex.rules.paragliders.stunt_rules import Moment

Completion = tuple[LandChoice | None, Hex | None, tuple[Claim, ...], bool]
"""What completes a candidate into a legal action: landing choice and mountain, stunt
claims, and a Top Lander claim."""

_NO_CARD = frozenset[Skill]()
_HARD_CARD = frozenset({Skill.HARD_TURN})


@dataclass
class Turn_:
    """One state and its actor, with what every candidate of the turn shares."""

    game: Game
    state: State
    pilot: Pilot
    taken: set[tuple[Hex, int]] = field(init=False)
    known: dict[Any, Any] = field(default_factory=dict)  # claims found, by moment and place

    def __post_init__(self) -> None:
        self.taken = occupied(self.state, self.pilot)


def flights(game: Game, state: State, pilot: Pilot, kind: TurnKind, hex_: Hex | None = None,
            facing: Direction | None = None, turn: Turn_ | None = None,
            cache: dict[Any, list[Completion]] | None = None) -> list[Turn]:
    """Every legal flight of ``pilot`` from its place (a take-off: from ``hex_`` facing
    ``facing``; a relaunch: from its mountain facing ``facing``), every completion included.
    Candidates that reach the same hexes at the same costs have the same outcome: ``cache``
    shares them between the facings of a take-off."""
    turn = turn or Turn_(game, state, pilot)
    start = hex_ if hex_ is not None else pilot.mountain if kind is TurnKind.RELAUNCH \
        else pilot.hex
    base_facing = facing if facing is not None else pilot.facing
    assert start is not None and base_facing is not None
    altitude = pilot.altitude if kind is TurnKind.MOVE else game.mountaintop
    flier = pilot
    if kind is TurnKind.RELAUNCH:  # the relaunch resets the pilot before the flight
        flier = stunt_rules.reset_survivor(relaunched(pilot), [])
    before = _claims(turn, flier, Moment("before-move"), ("before-move",)) \
        if kind is TurnKind.MOVE else ()
    cards = pilot.skill_cards
    out: list[Turn] = []
    for move in MoveKind:
        heading = base_facing.rotate(move.turn)
        to = start.neighbor(heading)
        if entry_rule(game, to, altitude) is not None:
            continue  # a wall: no variant of this move is legal
        for hard in ((_NO_CARD, _HARD_CARD) if move.hard and cards >= 1 else (_NO_CARD,)):
            for accelerate, card in ((False, False), (True, False), (True, True)):
                if card and cards - len(hard) < 1:
                    continue
                skill = hard | {Skill.ACCELERATE} if card else hard
                key = (start, heading, move.hard and not hard, accelerate, card, len(skill))
                completions = None if cache is None else cache.get(key)
                if completions is None:
                    completions = _candidate(turn, flier, kind, before, to, heading, altitude,
                                             move, accelerate, skill)
                    if cache is not None:
                        cache[key] = completions
                out.extend(Turn(pilot.ident, kind, move, hex_, facing, accelerate, skill,
                                land, mountain, claims, top)
                           for land, mountain, claims, top in completions)
    return out


def legal_turns(game: Game, state: State, pilot: Pilot) -> list[Turn]:
    """Every legal turn of ``pilot`` (not in a wind push): pass or take off from a pawn in
    hand, walk or relaunch when walking back, or move when flying (empty when a flying pilot
    has no legal move: a dead end)."""
    turn = Turn_(game, state, pilot)
    cache: dict[Any, list[Completion]] = {}
    if pilot.status is PilotStatus.IN_HAND:
        out = [Turn(pilot.ident, TurnKind.PASS)]
        for h in game.takeoffs:
            for facing in DIRECTIONS:
                out.extend(flights(game, state, pilot, TurnKind.TAKEOFF, h, facing, turn,
                                   cache))
        return out
    if pilot.status is PilotStatus.WALKING:
        out = [Turn(pilot.ident, TurnKind.WALK)]
        for facing in DIRECTIONS:
            out.extend(flights(game, state, pilot, TurnKind.RELAUNCH, None, facing, turn,
                               cache))
        return out
    return flights(game, state, pilot, TurnKind.MOVE, turn=turn)


def declared_landings(game: Game, pilot: Pilot) -> list[Turn]:
    """The soft landing a flying pilot at the top of a take-off hex may declare with no move
    (``land: final`` alone), with and without its Top Lander claim."""
    if not may_declare_landing(game, pilot):
        return []
    out = [Turn(pilot.ident, TurnKind.STUCK, land=LandChoice.FINAL)]
    if stunt_rules.top_lander_open(game, pilot):
        out.append(Turn(pilot.ident, TurnKind.STUCK, land=LandChoice.FINAL, top_lander=True))
    return out


def _candidate(turn: Turn_, pilot: Pilot, kind: TurnKind, before: tuple[Claim, ...], to: Hex,
               heading: Direction, altitude: int, move: MoveKind, accelerate: bool,
               skill: frozenset[Skill]) -> list[Completion]:
    """The completions of one candidate flight (``[]``: it is illegal)."""
    game = turn.game
    mods: tuple[dict[str, Any], ...] = shared_weather(game, turn.state, to)
    if move.hard:
        mods = (hard_turn(skill), *mods)
    after = altitude + sum(m["value"] for m in mods)
    capped = ceiling_loss(game, after)
    if capped is not None:
        mods = (*mods, capped)
        after += capped["value"]
    down = ends_down(game, to, after)
    if down is None:
        return []
    after = max(after, 0)
    found = list(before)
    first = pilot.evolve(status=PilotStatus.FLYING, hex=to, facing=heading, altitude=after,
                         skill_cards=pilot.skill_cards - len(skill))
    end, height = to, after
    if accelerate:
        if down:
            return []
        found.extend(_claims(turn, first, Moment("after-move", mods),
                             (to, after, mods[0]["value"] if move.hard else 1, to, after)))
        end = to.neighbor(heading)
        if entry_rule(game, end, after) is not None:
            return []
        height = after - acceleration_cost(skill)
        down = ends_down(game, end, height)
        if down is None:
            return []
        height = max(height, 0)
    if not down and (end, height) in turn.taken:
        return []
    moved = first if end == to else first.evolve(hex=end, altitude=height)
    found.extend(_claims(turn, moved, Moment("after-accelerate", mods),
                         (to, after, mods[0]["value"] if move.hard else 1, end, height)))
    return completions(game, pilot, end, height, down, found)


def completions(game: Game, pilot: Pilot, end: Hex, height: int, down: bool,
                found: list[Claim]) -> list[Completion]:
    """The completions of a legal flight ending over ``end`` at ``height`` (``down``: it
    touched the ground), the claims ``found`` at its moments."""
    on_takeoff = game.top_lander and end in game.takeoffs
    lands: list[tuple[LandChoice | None, Hex | None]]
    if not down:
        lands = [(None, None)]
        if on_takeoff and height == game.mountaintop:
            lands.append((LandChoice.FINAL, None))  # a soft landing on the take-off hex
    elif on_takeoff and height > 0:
        lands = [(LandChoice.FINAL, None)]  # coming down on a take-off hex: a final landing
    else:
        lands = [(LandChoice.FINAL, None)]
        mountains = closest_mountains(game, end) if relaunch_allowed(game) else []
        if mountains:  # the closest mountain by default, or any of them named
            lands.append((LandChoice.RELAUNCH, None))
            lands.extend((LandChoice.RELAUNCH, m) for m in mountains)
    top = on_takeoff and height > 0 and stunt_rules.top_lander_open(game, pilot)
    sets = claim_sets(found)
    out: list[Completion] = []
    for land, mountain in lands:
        for claims in sets:
            out.append((land, mountain, claims, False))
            if top and land is LandChoice.FINAL:
                out.append((land, mountain, claims, True))
    return out


def _claims(turn: Turn_, pilot: Pilot, moment: Moment, key: tuple[Any, ...]
            ) -> tuple[Claim, ...]:
    """The claims ``pilot`` may make at ``moment``; ``key`` tells the places of the turn
    apart (the altitude before the move is the same for every candidate of a turn, so the
    first hex and the hard-turn cost decide the modifiers, and where the pilot is then
    decides the rest: the first hex after the move, the end after an acceleration)."""
    found: list[Claim] = []
    stunt_rules.probe(turn.game, turn.state, pilot, moment, found, turn.known, key)
    return tuple(found)


def claim_sets(claims: list[Claim]) -> list[tuple[Claim, ...]]:
    """Every set of claims taking at most one moment per stunt, in ``claim_order``."""
    if not claims:
        return [()]
    by_stunt: dict[Any, list[Claim | None]] = {}
    for c in claims:
        by_stunt.setdefault(c.stunt, [None]).append(c)
    return [tuple(sorted((c for c in chosen if c is not None), key=claim_order))
            for chosen in product(*by_stunt.values())]
