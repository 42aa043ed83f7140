"""The legal flights of a turn on a fast path: each candidate move is decided by numbers, with
the same rule functions ``flight.fly`` uses (``entry_rule``, ``first_step``, ``ends_down``),
and with no event nor text; ``engine.apply`` explains the one action played. Per-state facts
(where the other pilots fly, the weather of each hex, the claims the modifiers and the
places of the turn allow) are worked out once per call. The contract test holds this path
and ``apply`` to the same answers.

A candidate is completed into every legal action it gives: its landing choices (and equally
close mountains), the stunt claims each moment of the turn allows, in every combination of
at most one moment a stunt, and a Top Lander claim where it lands on a take-off hex. The
candidates come in groups (what their turns share, and their completions) that become
``Turn`` values only when read (``rules.lazy.LazyItems``): a random policy builds the one
it plays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import Any

from skyhex.rules.hexgrid import DIRECTIONS, VECTORS, Direction, Hex
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
    closest_mountains,
    ends_down,
    entry_rule,
    first_step,
    hard_turn,
    may_declare_landing,
    occupied,
    relaunch_allowed,
    relaunched,
)
from skyhex.rules.paragliders.scenario import PilotStatus, StuntProgress
from skyhex.rules.paragliders.state import Game, Pilot, State
from skyhex.rules.paragliders.stunt_rules import Moment
from skyhex.rules.paragliders.stunts import Stunt

Completion = tuple[LandChoice | None, Hex | None, tuple[Claim, ...], bool]
"""What completes a candidate into a legal action: landing choice and mountain, stunt
claims, and a Top Lander claim."""
Prefix = tuple[str, TurnKind, MoveKind, Hex | None, Direction | None, bool, frozenset[Skill]]
"""What a candidate flight's turns share: player, kind, move, take-off hex, facing,
acceleration and Skill Move cards."""
Group = tuple[Prefix | None, list[Any]]
"""A candidate flight's turns: its prefix and completions (``None``: whole turns)."""

_NO_CARD = frozenset[Skill]()
_HARD_CARD = frozenset({Skill.HARD_TURN})
_SKILLS = {(_NO_CARD, False): _NO_CARD, (_HARD_CARD, False): _HARD_CARD,
           (_NO_CARD, True): frozenset({Skill.ACCELERATE}),
           (_HARD_CARD, True): frozenset({Skill.HARD_TURN, Skill.ACCELERATE})}
"""The Skill Move cards of a candidate, by hard-turn card and acceleration card."""
_MOVES = tuple((m, m.turn, m.hard) for m in MoveKind)
_ROTATED = {(d, t): d.rotate(t) for d in Direction for t in range(-2, 3)}
"""The facing after a turn of -2..+2 sixth-turns."""
_ACCELERATIONS = ((False, False), (True, False), (True, True))
"""Each candidate's acceleration and acceleration card: none, one, one with the card."""
_AFTER_MOVE = "after-move"
_AFTER_ACCELERATE = "after-accelerate"


@dataclass
class Turn_:
    """One state and its actor, with what every candidate of the turn shares."""

    game: Game
    state: State
    pilot: Pilot
    taken: set[tuple[Hex, int]] = field(init=False)
    known: dict[Any, Any] = field(default_factory=dict)  # claims found, by moment and place
    stunts: tuple[Stunt, ...] | None = None  # the stunts some moment might accept
    opened: dict[Stunt, StuntProgress] = field(default_factory=dict)  # the pilot's progress
    halves: dict[Any, tuple[tuple[Stunt, str], ...]] = field(default_factory=dict)
    """The claims accepted by the stunts that read the modifiers, by modifiers, and by
    those that read where the pilot is, by place."""

    def __post_init__(self) -> None:
        self.taken = occupied(self.state, self.pilot)


def flights(game: Game, state: State, pilot: Pilot, kind: TurnKind) -> list[Turn]:
    """Every legal flight of a flying ``pilot`` (``kind``: a move), every completion
    included."""
    return expand(_flights(game, state, pilot, kind, [], None, None, Turn_(game, state, pilot)))


def _flights(game: Game, state: State, pilot: Pilot, kind: TurnKind, out: list[Group],
             hex_: Hex | None, facing: Direction | None, turn: Turn_,
             cache: dict[Any, list[Completion]] | None = None) -> list[Group]:
    """Add to ``out`` the legal flights of ``pilot`` from its place (a take-off: from
    ``hex_`` facing ``facing``; a relaunch: from its mountain facing ``facing``), a group
    per candidate flight with its completions. Candidates that reach the same hexes at the
    same costs have the same outcome: ``cache`` shares them between the facings of a
    take-off."""
    start = hex_ if hex_ is not None else pilot.mountain if kind is TurnKind.RELAUNCH \
        else pilot.hex
    base_facing = facing if facing is not None else pilot.facing
    assert start is not None and base_facing is not None
    altitude = pilot.altitude if kind is TurnKind.MOVE else game.mountaintop
    flier = pilot
    if kind is TurnKind.RELAUNCH:  # the relaunch resets the pilot before the flight
        flier = stunt_rules.reset_survivor(relaunched(pilot), None)
    before = _claims_at(turn, flier, _NO_CARD, base_facing, None, "before-move",
                        ("before-move",), start, altitude) if kind is TurnKind.MOVE else ()
    cards = pilot.skill_cards
    append = out.append
    ident = pilot.ident
    sq, sr = start
    for move, steps, is_hard in _MOVES:
        heading = _ROTATED[base_facing, steps]
        dq, dr = VECTORS[heading]
        to = Hex(sq + dq, sr + dr)
        if entry_rule(game, to, altitude) is not None:
            continue  # a wall: no variant of this move is legal
        for hard in ((_NO_CARD, _HARD_CARD) if is_hard and cards >= 1 else (_NO_CARD,)):
            step: tuple[tuple[dict[str, Any], ...], int, bool | None] | None = None
            for accelerate, card in _ACCELERATIONS:
                if card and cards - len(hard) < 1:
                    continue
                skill = _SKILLS[hard, card]
                key = (start, heading, is_hard and not hard, accelerate, card, len(skill))
                completions = None if cache is None else cache.get(key)
                if completions is None:
                    if step is None:
                        step = first_step(game, state, to, altitude,
                                          hard_turn(hard) if is_hard else None)
                    completions = _candidate(turn, flier, before, to, heading, step,
                                             is_hard, accelerate, skill)
                    if cache is not None:
                        cache[key] = completions
                if completions:
                    append(((ident, kind, move, hex_, facing, accelerate, skill), completions))
    return out


def turn_groups(game: Game, state: State, pilot: Pilot) -> list[Group]:
    """Every legal turn of ``pilot`` (not in a wind push): pass or take off from a pawn in
    hand, walk or relaunch when walking back, or move when flying (none when a flying pilot
    has no legal move: a dead end), in groups that become ``Turn`` values only when read
    (``expand``, ``turn_of``)."""
    turn = Turn_(game, state, pilot)
    cache: dict[Any, list[Completion]] = {}
    out: list[Group]
    if pilot.status is PilotStatus.IN_HAND:
        out = [(None, [Turn(pilot.ident, TurnKind.PASS)])]
        for h in game.takeoffs:
            for facing in DIRECTIONS:
                _flights(game, state, pilot, TurnKind.TAKEOFF, out, h, facing, turn, cache)
        return out
    if pilot.status is PilotStatus.WALKING:
        out = [(None, [Turn(pilot.ident, TurnKind.WALK)])]
        for facing in DIRECTIONS:
            _flights(game, state, pilot, TurnKind.RELAUNCH, out, None, facing, turn, cache)
        return out
    return _flights(game, state, pilot, TurnKind.MOVE, [], None, None, turn)


def turn_of(prefix: Prefix, completion: Completion) -> Turn:
    """The turn of a group's ``prefix`` (player, kind, move, take-off hex, facing,
    acceleration, Skill Move cards) completed by ``completion``."""
    return Turn.of(*prefix, *completion)


def expand(groups: list[Group]) -> list[Turn]:
    """The turns of ``groups``, in order."""
    return [tail if prefix is None else turn_of(prefix, tail)
            for prefix, tails in groups for tail in tails]


def declared_landings(game: Game, pilot: Pilot) -> list[Turn]:
    """The soft landing a flying pilot at the top of a take-off hex may declare with no move
    (``land: final`` alone), with and without its Top Lander claim."""
    if not may_declare_landing(game, pilot):
        return []
    out = [Turn(pilot.ident, TurnKind.STUCK, land=LandChoice.FINAL)]
    if stunt_rules.top_lander_open(game, pilot):
        out.append(Turn(pilot.ident, TurnKind.STUCK, land=LandChoice.FINAL, top_lander=True))
    return out


def _candidate(turn: Turn_, pilot: Pilot, before: tuple[Claim, ...], to: Hex,
               heading: Direction, step: tuple[tuple[dict[str, Any], ...], int, bool | None],
               is_hard: bool, accelerate: bool, skill: frozenset[Skill]) -> list[Completion]:
    """The completions of one candidate flight (``[]``: it is illegal) whose first step
    (``flight.first_step``) is ``step``. The pilot at each moment is only built when the
    claims of its place are not known yet."""
    mods, after, down = step
    if down is None:
        return []
    game = turn.game
    found = list(before)
    cost = mods[0]["value"] if is_hard else 1
    end, height = to, after
    if accelerate:
        if down:
            return []
        found.extend(_claims_at(turn, pilot, skill, heading, mods, _AFTER_MOVE,
                                (to, after, cost, to, after), to, after))
        dq, dr = VECTORS[heading]
        end = Hex(to.q + dq, to.r + dr)
        if entry_rule(game, end, after) is not None:
            return []
        height = after - acceleration_cost(skill)
        down = ends_down(game, end, height)
        if down is None:
            return []
        height = max(height, 0)
    if not down and (end, height) in turn.taken:
        return []
    found.extend(_claims_at(turn, pilot, skill, heading, mods, _AFTER_ACCELERATE,
                            (to, after, cost, end, height), end, height))
    return completions(game, pilot, end, height, down, found)


def _claims_at(turn: Turn_, pilot: Pilot, skill: frozenset[Skill], heading: Direction,
               mods: tuple[dict[str, Any], ...] | None, when: str, key: tuple[Any, ...],
               at: Hex, height: int) -> tuple[Claim, ...]:
    """The claims of the pilot flying over ``at`` at ``height`` at the moment ``when`` of a
    candidate (``mods``: the first hex's modifiers, ``None`` before the move; ``key``
    tells the places of the turn apart: the first hex, the altitude after it and the
    hard-turn cost, which decide the modifiers (the altitude before the move is the same
    for every candidate of a turn), then where the pilot is). The stunts whose rule reads
    the modifiers and those that read where the pilot is (``stunt_rules.READS``) are
    weighed once per distinct modifiers and place, the pilot at that moment built only
    then."""
    known = turn.known
    got: tuple[Claim, ...] | None = known.get((when, key))
    if got is not None:
        return got
    stunts = turn.stunts
    if stunts is None:
        stunts = turn.stunts = stunt_rules.candidates(turn.game, turn.state, pilot)
        turn.opened = dict(pilot.stunts)
    if not stunts:
        return ()  # no stunt open this turn
    moment_key = key[:3] if mods is not None else None
    halves = turn.halves
    first = halves.get(moment_key)
    second = halves.get((at, height))
    if first is None or second is None:
        flier = pilot.evolve(status=PilotStatus.FLYING, hex=at, facing=heading,
                             altitude=height, skill_cards=pilot.skill_cards - len(skill))
        moment = Moment(when, mods)
        if first is None:
            first = halves[moment_key] = _weigh(turn, flier, moment, stunts, True)
        if second is None:
            second = halves[at, height] = _weigh(turn, flier, moment, stunts, False)
    if not first:
        accepted = second
    elif not second:
        accepted = first
    else:  # in the order of the stunts
        accepted = tuple(a for a in stunts_in_order(stunts, first, second))
    got = known[when, key] = stunt_rules.claims_of(accepted, when)
    return got


def _weigh(turn: Turn_, flier: Pilot, moment: Moment, stunts: tuple[Stunt, ...],
           modifiers: bool) -> tuple[tuple[Stunt, str], ...]:
    """The claims ``flier`` may make at ``moment`` among ``stunts`` whose rule reads the
    first hex's modifiers (``modifiers``) or, otherwise, where the pilot is."""
    out = []
    for stunt in stunts:
        if (_READS[stunt] == "moment") is modifiers:
            action = stunt_rules.accepts(turn.game, turn.state, flier, stunt,
                                         turn.opened.get(stunt), moment)
            if action is not None:
                out.append((stunt, action))
    return tuple(out)


def stunts_in_order(stunts: tuple[Stunt, ...], *parts: tuple[tuple[Stunt, str], ...]
                    ) -> list[tuple[Stunt, str]]:
    """The accepted claims of ``parts`` in the order of ``stunts``."""
    by = dict(a for part in parts for a in part)
    return [(s, by[s]) for s in stunts if s in by]


_READS = stunt_rules.READS


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


def claim_sets(claims: list[Claim]) -> list[tuple[Claim, ...]]:
    """Every set of claims taking at most one moment per stunt, in ``claim_order``."""
    if not claims:
        return _NO_SETS
    return _claim_sets(tuple(claims))


_NO_SETS: list[tuple[Claim, ...]] = [()]


@lru_cache(maxsize=4096)
def _claim_sets(claims: tuple[Claim, ...]) -> list[tuple[Claim, ...]]:
    """``claim_sets`` remembered: the candidates of a game find the same few claims again
    and again (shared lists, never to be changed)."""
    by_stunt: dict[Any, list[Claim | None]] = {}
    for c in claims:
        by_stunt.setdefault(c.stunt, [None]).append(c)
    return [tuple(sorted((c for c in chosen if c is not None), key=claim_order))
            for chosen in product(*by_stunt.values())]
