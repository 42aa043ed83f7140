"""The legal flights of a turn on a fast path: each candidate move is decided by numbers, on
the per-hex tables ``flight.fly`` reads too (``cells``: entering a hex, ending a step below
the mountaintop; ``flight.first_step``), and with no event nor text; ``engine.apply``
explains the one action played. Per-state facts (where the other pilots fly, the weather
of each hex, the stunt claims the modifiers and the places of the turn allow, as bits) are
worked out once per call. The contract test holds this path and ``apply`` to the same
answers.

A candidate is completed into every legal action it gives: its landing choices (and equally
close mountains), the stunt claims each moment of the turn allows, in every combination of
at most one moment a stunt, and a Top Lander claim where it lands on a take-off hex. The
candidates come in groups (what their turns share, and their completions) that become
``Turn`` values only when read (``rules.lazy.LazyItems``): a random policy builds the one
it plays.
"""

from __future__ import annotations

from functools import lru_cache
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
    WindChoice,
    claim_order,
)
from skyhex.rules.paragliders.flight import (
    PLACE,
    acceleration_cost,
    closest_mountains,
    first_step,
    hard_turn,
    may_declare_landing,
    occupied,
    relaunch_allowed,
    relaunched,
    weather_table,
)
from skyhex.rules.paragliders.scenario import PilotStatus
from skyhex.rules.paragliders.state import Game, Pilot, State
from skyhex.rules.paragliders.stunts import TIMED_STUNTS, Stunt
from skyhex.rules.paragliders.wind_push import options, push_end

# Enum members as plain names: Python 3.11 reads a member off its class through a
# descriptor, ten times the cost of a global, and the hot paths read many.
_LAND_FINAL = LandChoice.FINAL
_LAND_RELAUNCH = LandChoice.RELAUNCH
_IN_HAND = PilotStatus.IN_HAND
_WALKING = PilotStatus.WALKING
_CARD_ACCELERATE = Skill.ACCELERATE
_CARD_HARD_TURN = Skill.HARD_TURN
_CLIFF_SURFER = Stunt.CLIFF_SURFER
_EXPLORER = Stunt.EXPLORER
_LONE_HIKER = Stunt.LONE_HIKER
_OVERFLYER = Stunt.OVERFLYER
_SKY_CLIMBER = Stunt.SKY_CLIMBER
_SURVIVOR = Stunt.SURVIVOR
_K_MOVE = TurnKind.MOVE
_K_PASS = TurnKind.PASS
_K_RELAUNCH = TurnKind.RELAUNCH
_K_STUCK = TurnKind.STUCK
_K_TAKEOFF = TurnKind.TAKEOFF
_K_WALK = TurnKind.WALK

Completion = tuple[LandChoice | None, Hex | None, tuple[Claim, ...], bool]
"""What completes a candidate into a legal action: landing choice and mountain, stunt
claims, and a Top Lander claim."""
Prefix = tuple[Any, ...]
"""What a candidate flight's turns share: player, kind, move, take-off hex, facing,
acceleration and Skill Move cards (the fields of ``Turn`` in order); a take-off's or a
relaunch's groups stop at the facing, their tails carrying the acceleration and cards."""
Group = tuple[Prefix | None, list[Any]]
"""A candidate flight's turns: its prefix and the tails completing it (``None``: whole
turns)."""

_NO_CARD = frozenset[Skill]()
_HARD_CARD = frozenset({Skill.HARD_TURN})
_SKILLS = {(_NO_CARD, False): _NO_CARD, (_HARD_CARD, False): _HARD_CARD,
           (_NO_CARD, True): frozenset({_CARD_ACCELERATE}),
           (_HARD_CARD, True): frozenset({_CARD_HARD_TURN, _CARD_ACCELERATE})}
"""The Skill Move cards of a candidate, by hard-turn card and acceleration card."""
_MOVES = tuple((m, m.turn, m.hard) for m in MoveKind)
_ROTATED = {(d, t): d.rotate(t) for d in Direction for t in range(-2, 3)}
"""The facing after a turn of -2..+2 sixth-turns."""
_BEFORE_MOVE = "before-move"
_AFTER_MOVE = "after-move"
_AFTER_ACCELERATE = "after-accelerate"


class Turn_:
    """One state and its actor, with what every candidate of the turn shares: the places
    other pilots fly at (``flight.PLACE`` numbers) and the stunt claims the turn allows
    (``Claims``, worked out for the first candidate that needs them)."""

    __slots__ = ("claims", "flier", "game", "pilot", "plain", "state", "taken", "weather")

    def __init__(self, game: Game, state: State, pilot: Pilot) -> None:
        self.game = game
        self.state = state
        self.pilot = pilot
        self.taken = occupied(game, state, pilot)
        self.weather = weather_table(game, state)
        self.claims: Claims | None = None
        self.flier: Pilot | None = None
        self.plain: dict[Found, list[Completion]] = {}
        """The completions of a flight that ends in the air off the take-off hexes, by the
        stunts its moments accept."""

    def relaunched(self) -> Pilot:
        """The pilot as a relaunch resets it before the flight (worked out once a turn)."""
        flier = self.flier
        if flier is None:
            flier = self.flier = stunt_rules.reset_survivor(relaunched(self.pilot), None)
        return flier

    def claims_of(self, flier: Pilot) -> Claims:
        claims = self.claims
        if claims is None:
            claims = self.claims = Claims(self.game, self.state, flier)
        return claims


class Claims:
    """The stunt claims one pilot's turn allows, decided by numbers: the stunts some moment
    of the turn might accept (``stunt_rules.candidates``) are bits, in their order; a moment
    of a candidate flight accepts the bits of its first hex's modifiers (``moment``) and of
    where the pilot is (``place``: hex number and altitude). These are the rules of
    ``stunt_rules.RULES`` read for a flying pilot whose progress ``candidates`` let through;
    a property test holds them to ``stunt_rules.accepts`` on seeded states."""

    __slots__ = ("actions", "cliff_surfer", "edge", "explorer", "lone_hiker", "lowest",
                 "made", "mountain", "mountaintop", "overflyer", "sky_climber", "stunts",
                 "survivor")

    def __init__(self, game: Game, state: State, pilot: Pilot) -> None:
        stunts = stunt_rules.candidates(game, state, pilot)
        self.stunts = stunts
        shape = _SHAPES.get(stunts)
        if shape is None:
            shape = _SHAPES[stunts] = _shape(stunts)
        (self.actions, self.sky_climber, self.cliff_surfer, self.overflyer, self.survivor,
         self.explorer, self.lone_hiker, self.made) = shape
        self.mountaintop = game.mountaintop
        self.edge = game.grid.edge
        self.mountain = game.grid.mountain
        self.lowest: dict[int, int] = {}
        """The lowest altitude of another flying pilot or a solo marker, by hex number."""
        if self.overflyer:
            index = game.grid.index
            lowest = self.lowest
            for h, altitude in stunt_rules.overflown(game, state, pilot):
                i = index[h]
                if altitude < lowest.get(i, altitude + 1):
                    lowest[i] = altitude

    def moment(self, mods: tuple[dict[str, Any], ...]) -> int:
        """The bits of the stunts whose rule reads the first hex's modifiers ``mods`` and
        accepts them (``stunt_rules.READS``: the Sky Climber, the Cliff Surfer)."""
        out = 0
        if self.sky_climber:
            gain = stunt_rules.climb(mods)
            if gain is not None and gain >= stunt_rules.SKY_CLIMBER_MIN:
                out |= self.sky_climber
        if self.cliff_surfer and stunt_rules.bonus(mods, "sun", "wind"):
            out |= self.cliff_surfer
        return out

    def place(self, i: int, height: int) -> int:
        """The bits of the stunts whose rule reads where the pilot is (hex number ``i``,
        ``height``) and accepts it."""
        out = 0
        if self.explorer and self.edge[i]:
            out |= self.explorer
        if self.lone_hiker and self.mountain[i]:
            out |= self.lone_hiker
        if self.survivor and height > self.mountaintop:
            out |= self.survivor
        if self.overflyer and self.lowest.get(i, height) < height:
            out |= self.overflyer
        return out

    def of(self, when: str, bits: int) -> tuple[Claim, ...]:
        """The claims at ``when`` of the stunts of ``bits``."""
        if not bits:
            return ()
        key = (when, bits)
        got = self.made.get(key)
        if got is None:
            stunts, actions = self.stunts, self.actions
            got = self.made[key] = stunt_rules.claims_of(
                tuple((stunts[k], actions[k]) for k in range(len(stunts)) if bits >> k & 1),
                when)
        return got

    def found(self, key: Found) -> tuple[Claim, ...]:
        """The claims of a candidate flight whose moments accept the stunts of ``key``."""
        before, moved, accelerated = key
        return self.of(_BEFORE_MOVE, before) + self.of(_AFTER_MOVE, moved) + \
            self.of(_AFTER_ACCELERATE, accelerated)


Shape = tuple[tuple[str, ...], int, int, int, int, int, int,
              dict[tuple[str, int], tuple[Claim, ...]]]
"""What ``Claims`` derives from its candidate stunts alone: each one's action, the bits of
the Sky Climber, Cliff Surfer, Overflyer, Survivor, Explorer and Lone Hiker, and the claims
made so far by moment and bits (``Claims.of``)."""
_SHAPES: dict[tuple[Stunt, ...], Shape] = {}
"""The shape of each set of candidate stunts met (a few dozen at most: subsets of the
claimable stunts in their order), shared by every turn that has them."""


def _shape(stunts: tuple[Stunt, ...]) -> Shape:
    bits = {s: 1 << i for i, s in enumerate(stunts)}
    return (tuple("start" if s in TIMED_STUNTS else "score" for s in stunts),
            bits.get(_SKY_CLIMBER, 0), bits.get(_CLIFF_SURFER, 0), bits.get(_OVERFLYER, 0),
            bits.get(_SURVIVOR, 0), bits.get(_EXPLORER, 0), bits.get(_LONE_HIKER, 0), {})


Found = tuple[int, int, int]
"""The stunts (``Claims`` bits) a candidate flight's moments accept: before the move,
after the move (before accelerating), at the end of the move."""


def flights(game: Game, state: State, pilot: Pilot, kind: TurnKind) -> list[Turn]:
    """Every legal flight of a flying ``pilot`` (``kind``: a move), every completion
    included."""
    return expand(_flights(game, state, pilot, kind, [], None, None, Turn_(game, state, pilot)))


Variant = tuple[bool, frozenset[Skill], list[Completion]]
"""A legal variant of a move: its acceleration, Skill Move cards and completions."""


def _flights(game: Game, state: State, pilot: Pilot, kind: TurnKind, out: list[Group],
             hex_: Hex | None, facing: Direction | None, turn: Turn_,
             cache: dict[Any, list[Any]] | None = None) -> list[Group]:
    """Add to ``out`` the legal flights of ``pilot`` from its place (a take-off: from
    ``hex_`` facing ``facing``; a relaunch: from its mountain facing ``facing``), a group
    per candidate flight with its completions. Moves to the same hex with the same cost
    have the same outcome: ``cache`` shares them between the facings of a take-off or a
    relaunch."""
    start = hex_ if hex_ is not None else pilot.mountain if kind is _K_RELAUNCH \
        else pilot.hex
    base_facing = facing if facing is not None else pilot.facing
    assert start is not None and base_facing is not None
    si = game.grid.index[start]
    append = out.append
    ident = pilot.ident
    before = 0  # the claims before the move: where a flying pilot is, the same for every move
    if kind is _K_MOVE:
        claims = turn.claims_of(pilot)
        if claims.stunts:
            before = claims.place(si, pilot.altitude)
    for move, steps, is_hard in _MOVES:
        heading = _ROTATED[base_facing, steps]
        if cache is None:  # a move: a group per variant, its completions shared lists
            for accelerate, skill, completions in _variants(game, state, pilot, kind, turn,
                                                            si, heading, is_hard, before):
                append(((ident, kind, move, hex_, facing, accelerate, skill), completions))
            continue
        tails = cache.get((si, heading, is_hard))
        if tails is None:  # every variant's completions in one list, for every facing
            tails = cache[si, heading, is_hard] = [
                (accelerate, skill, *completion)
                for accelerate, skill, completions in _variants(game, state, pilot, kind,
                                                                turn, si, heading, is_hard, 0)
                for completion in completions]
        if tails:
            append(((ident, kind, move, hex_, facing), tails))
    return out


def _variants(game: Game, state: State, pilot: Pilot, kind: TurnKind, turn: Turn_, si: int,
              heading: Direction, is_hard: bool, before: int) -> list[Variant]:
    """The legal variants (acceleration, Skill Move cards) of ``pilot``'s move from hex
    number ``si`` heading ``heading`` (``is_hard``: a hard turn; ``before``: the claims
    ``Claims.place`` allows before the move), in order, each with its
    completions: the rules of ``flight.fly`` read on numbers (the per-hex tables of
    ``cells``, ``first_step``, the places of the other pilots), with no event nor text."""
    altitude = pilot.altitude if kind is _K_MOVE else game.mountaintop
    cells = game.cells
    steps = game.grid.step
    mountaintop = cells.mountaintop
    ti = steps[si * 6 + heading]
    if not (cells.high if altitude >= mountaintop else cells.low)[ti]:
        return []  # a wall: no variant of this move is legal
    flier = turn.relaunched() if kind is _K_RELAUNCH else pilot
    claims = turn.claims_of(flier)
    stunts = claims.stunts
    place = claims.place
    cards = pilot.skill_cards
    taken = turn.taken
    on_takeoff = cells.top_landing
    ahead = steps[ti * 6 + heading]  # where an acceleration goes
    out: list[Variant] = []
    for hard in ((_NO_CARD, _HARD_CARD) if is_hard and cards >= 1 else (_NO_CARD,)):
        mods, after, down = first_step(game, state, turn.weather, ti, altitude,
                                       hard_turn(hard) if is_hard else None)
        if down is None:
            continue  # below the mountaintop over a mountain, accelerating or not
        moment = claims.moment(mods) if stunts else 0
        first = moment | place(ti, after) if stunts else 0  # the claims over the first hex
        if down or ti * PLACE + after not in taken:  # the move alone: no collision
            key = (before, 0, first)
            plain = None if down or on_takeoff[ti] else turn.plain.get(key)
            out.append((False, hard, plain if plain is not None else
                        _completions(turn, flier, ti, after, down, key)))
        if down or not (cells.high if after >= mountaintop else cells.low)[ahead]:
            continue  # nothing left to accelerate, or a wall ahead
        for card in (False, True):
            if card and cards - len(hard) < 1:
                continue
            skill = _SKILLS[hard, True] if card else hard
            height = after - acceleration_cost(skill)
            landed = cells.ends_down(ahead, height)
            if landed is None:
                continue
            if height < 0:
                height = 0
            if not landed and ahead * PLACE + height in taken:
                continue
            key = (before, first, moment | place(ahead, height) if stunts else 0)
            plain = None if landed or on_takeoff[ahead] else turn.plain.get(key)
            out.append((True, skill, plain if plain is not None else
                        _completions(turn, flier, ahead, height, landed, key)))
    return out


def turn_groups(game: Game, state: State, pilot: Pilot) -> list[Group]:
    """Every legal turn of ``pilot`` (not in a wind push): pass or take off from a pawn in
    hand, walk or relaunch when walking back, or move when flying (none when a flying pilot
    has no legal move: a dead end), in groups that become ``Turn`` values only when read
    (``expand``, ``turn_of``)."""
    turn = Turn_(game, state, pilot)
    cache: dict[Any, list[Any]] = {}
    out: list[Group]
    if pilot.status is _IN_HAND:
        out = [(None, [Turn(pilot.ident, _K_PASS)])]
        for h in game.takeoffs:
            for facing in DIRECTIONS:
                _flights(game, state, pilot, _K_TAKEOFF, out, h, facing, turn, cache)
        return out
    if pilot.status is _WALKING:
        out = [(None, [Turn(pilot.ident, _K_WALK)])]
        for facing in DIRECTIONS:
            _flights(game, state, pilot, _K_RELAUNCH, out, None, facing, turn, cache)
        return out
    return _flights(game, state, pilot, _K_MOVE, [], None, None, turn)


def turn_of(prefix: Prefix, tail: tuple[Any, ...]) -> Turn:
    """The turn of a group's ``prefix`` (player, kind, move, take-off hex, facing, and for
    a move acceleration and Skill Move cards) completed by ``tail`` (the rest of the
    fields of ``Turn``)."""
    return Turn.of(*prefix, *tail)


def expand(groups: list[Group]) -> list[Turn]:
    """The turns of ``groups``, in order."""
    return [tail if prefix is None else turn_of(prefix, tail)
            for prefix, tails in groups for tail in tails]


def declared_landings(game: Game, pilot: Pilot) -> list[Turn]:
    """The soft landing a flying pilot at the top of a take-off hex may declare with no move
    (``land: final`` alone), with and without its Top Lander claim."""
    if not may_declare_landing(game, pilot):
        return []
    out = [Turn(pilot.ident, _K_STUCK, land=_LAND_FINAL)]
    if stunt_rules.top_lander_open(game, pilot):
        out.append(Turn(pilot.ident, _K_STUCK, land=_LAND_FINAL, top_lander=True))
    return out


def _completions(turn: Turn_, pilot: Pilot, end: int, height: int, down: bool, key: Found
                 ) -> list[Completion]:
    """``completions`` of a legal flight ending over hex number ``end`` whose moments
    accept the stunts of ``key``; those of a flight ending in the air off the take-off
    hexes shared per ``key``."""
    game = turn.game
    at = game.grid.hexes[end]
    claims = turn.claims
    assert claims is not None
    if not down and not game.cells.top_landing[end]:
        plain = turn.plain.get(key)
        if plain is None:
            plain = turn.plain[key] = [(None, None, found, False)
                                       for found in claim_sets(claims.found(key))]
        return plain
    return completions(game, pilot, at, height, down, claims.found(key))


def wind_choices(game: Game, state: State, pilot: Pilot) -> list[WindChoice]:
    """Every legal wind-push choice of ``pilot`` (``wind_push.options``), completed where it
    touches down (``wind_push.push_end``) like a flight coming down there: its landing
    choices (and equally close mountains), and a Top Lander claim where it comes down onto a
    take-off hex."""
    out: list[WindChoice] = []
    ident = pilot.ident
    for kind, problem in options(game, state, pilot).items():
        if problem is not None:
            continue
        hexes, _, altitude, top_landing = push_end(game, state, pilot, kind)
        if altitude and not top_landing:
            out.append(WindChoice(ident, kind))
            continue
        end = hexes[-1] if hexes else pilot.hex
        assert end is not None
        for land, mountain, _, top in completions(game, pilot, end, altitude, True, ()):
            out.append(WindChoice(ident, kind, land, mountain, top))
    return out


def completions(game: Game, pilot: Pilot, end: Hex, height: int, down: bool,
                found: tuple[Claim, ...]) -> list[Completion]:
    """The completions of a legal flight ending over ``end`` at ``height`` (``down``: it
    touched the ground), the claims ``found`` at its moments."""
    on_takeoff = game.top_lander and end in game.takeoff_hexes
    lands: list[tuple[LandChoice | None, Hex | None]]
    if not down:
        lands = [(None, None)]
        if on_takeoff and height == game.mountaintop:
            lands.append((_LAND_FINAL, None))  # a soft landing on the take-off hex
    elif on_takeoff and height > 0:
        lands = [(_LAND_FINAL, None)]  # coming down on a take-off hex: a final landing
    else:
        lands = [(_LAND_FINAL, None)]
        mountains = closest_mountains(game, end) if relaunch_allowed(game) else []
        if mountains:  # the closest mountain by default, or any of them named
            lands.append((_LAND_RELAUNCH, None))
            lands.extend((_LAND_RELAUNCH, m) for m in mountains)
    top = on_takeoff and height > 0 and stunt_rules.top_lander_open(game, pilot)
    sets = claim_sets(found)
    out: list[Completion] = []
    for land, mountain in lands:
        for claims in sets:
            out.append((land, mountain, claims, False))
            if top and land is _LAND_FINAL:
                out.append((land, mountain, claims, True))
    return out


def claim_sets(claims: tuple[Claim, ...]) -> list[tuple[Claim, ...]]:
    """Every set of claims taking at most one moment per stunt, in ``claim_order``."""
    if not claims:
        return _NO_SETS
    return _claim_sets(claims)


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
