"""The Paragliders action encoding (``Ruleset.action_space``, ``action_index``,
``action_at``): every action a moves file could write at a moment, as one integer.

This is a stable public contract (``Metadata.version`` 1): an index names the same action
for the same scenario as long as the version stays. The participant is not encoded: the
pilot to act fills it in when an index is decoded.

The space depends on the scenario only through four numbers: ``T`` the map's take-off hexes
(in the map's order), ``M`` its mountain hexes (sorted by ``(q, r)``), ``K`` the stunts in
play that are claimed during a turn (every stunt but the Top Lander, sorted by name), and
whether the scenario allows relaunches (``R`` = 1, or 0 in solo cross mode, where a landing
is final) and plays the Top Lander (``P`` = 1 or 0). Mixed-radix digits, most significant
first within each block:

- the **landing** digit, ``L = 2 + P + R·(1 + M)`` values: 0 no landing; 1 ``land:
  final``; then, with the Top Lander in play, ``land: final`` claiming it; then, with
  relaunches, ``land: relaunch`` (the closest mountain) and ``land: relaunch`` naming each
  mountain hex in turn;
- the **variant** digit, 6 values: ``hard + 2·acceleration`` where ``hard`` is 1 with the
  hard-turn Skill Move card, and ``acceleration`` is 0 none, 1 accelerate, 2 accelerate
  with the acceleration card;
- the **claims** digit, ``C = 4^K`` values: base 4, the first stunt least significant;
  each stunt's digit is 0 (not claimed) or 1 + the index of its moment in
  ``before-move, after-move, after-accelerate``. A claim's action is the stunt's own
  (``start`` for the Cliff Surfer and Lone Hiker rulers, ``score`` for the others);
- a **flight** ``((move·6 + variant)·L + landing)·C + claims``, ``F = 5·6·L·C`` values, the
  moves in the order straight, left, right, hard-left, hard-right.

The blocks, in index order:

====================  =============  =====================================================
block                 size           index within the block
====================  =============  =====================================================
wind-push choice      ``3·L``        ``kind·L + landing`` (push, resist, mix)
pass                  1              0
walk                  ``R``          0
no move (``land``)    ``L``          ``landing``: a declared landing, a dead-end crash
move                  ``F``          ``flight``
relaunch              ``6·R·F``      ``facing·F + flight`` (facings N, NE, SE, S, SW, NW)
take-off              ``6·T·F``      ``(take-off hex·6 + facing)·F + flight``
====================  =============  =====================================================

The space is ``action_space = 3L + 1 + R + L + F·(1 + 6R + 6T)``. It holds every legal
action; most of its indices name illegal ones (``apply`` judges them, as any action).
What it leaves out is never legal: claims of stunts not in play, a stunt claimed twice or
with the other action, a take-off from a hex that is not a take-off hex, a relaunch towards
a hex that is not a mountain, a Top Lander claim without a final landing, the acceleration
card without accelerating, a claim in a turn that flies no move. ``action_index`` refuses
such an action (``IllegalActionError``, rule ``action.index``), and ``action_at`` refuses an
index out of the space or of the other kind of decision (a turn's during a wind push, a
wind-push choice's during a turn), without listing the legal actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.hexgrid import DIRECTIONS, Direction, Hex
from skyhex.rules.machine import index_error
from skyhex.rules.paragliders.actions import (
    MOMENTS,
    Action,
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
from skyhex.rules.paragliders.flight import relaunch_allowed
from skyhex.rules.paragliders.legal import turn_of
from skyhex.rules.paragliders.state import Game, Phase, State
from skyhex.rules.paragliders.stunts import TIMED_STUNTS, Stunt

__all__ = ["Layout", "action_at", "action_index", "action_space", "layout", "listed"]

MOVES: tuple[MoveKind, ...] = tuple(MoveKind)
"""The move digit's values."""
VARIANTS: tuple[tuple[bool, frozenset[Skill]], ...] = (
    (False, frozenset()), (False, frozenset({Skill.HARD_TURN})),
    (True, frozenset()), (True, frozenset({Skill.HARD_TURN})),
    (True, frozenset({Skill.ACCELERATE})), (True, frozenset(Skill)))
"""The variant digit's values: acceleration and Skill Move cards."""
WIND_KINDS: tuple[WindKind, ...] = tuple(WindKind)
"""The wind-push kind digit's values."""
_MOVE_DIGIT = {m: i for i, m in enumerate(MOVES)}
_WIND_DIGIT = {k: i for i, k in enumerate(WIND_KINDS)}
_CARDS = {skill: (int(Skill.HARD_TURN in skill), int(Skill.ACCELERATE in skill))
          for _, skill in VARIANTS}
"""Each set of Skill Move cards' hard-turn and acceleration card, 0 or 1."""
_VARIANT = {False: {skill: v for v, (a, skill) in enumerate(VARIANTS) if not a},
            True: {skill: v for v, (a, skill) in enumerate(VARIANTS) if a}}
"""The variant digit of a legal flight, by acceleration and cards (``listed``)."""
_K_MOVE = TurnKind.MOVE
_K_PASS = TurnKind.PASS
_K_RELAUNCH = TurnKind.RELAUNCH
_K_STUCK = TurnKind.STUCK
_K_TAKEOFF = TurnKind.TAKEOFF
"""Turn kinds as plain names (Python 3.11 reads a member off its class through a
descriptor)."""

Landing = tuple[LandChoice | None, Hex | None, bool]
"""A landing digit's value: the landing choice, the mountain named, a Top Lander claim."""


@dataclass(frozen=True, eq=False)
class Layout:
    """The encoding of one game (worked out once a game, ``layout``): its digits' values,
    the offsets of its blocks (``wind`` to ``takeoff``, in index order), the space's
    ``size``."""

    takeoffs: tuple[Hex, ...]
    stunts: tuple[Stunt, ...]
    landings: tuple[Landing, ...]
    relaunch: bool
    wind: int = field(init=False)
    passing: int = field(init=False)
    walk: int = field(init=False)
    stuck: int = field(init=False)
    move: int = field(init=False)
    relaunching: int = field(init=False)
    takeoff: int = field(init=False)
    size: int = field(init=False)
    claims: int = field(init=False)
    """``C``: the claims digit's radix."""
    flight: int = field(init=False)
    """``F``: the size of a flight's digits."""
    landing_of: dict[Landing, int] = field(init=False, repr=False)
    takeoff_of: dict[Hex, int] = field(init=False, repr=False)
    stunt_of: dict[Stunt, int] = field(init=False, repr=False)
    codes: dict[int, tuple[tuple[Claim, ...], int]] = field(init=False, repr=False)
    """The claims digit of each tuple of claims met, by the tuple's ``id`` (the tuple
    kept with it so that the number names it): the legal actions of a game share the same
    few tuples, and a claim's hash is worked out in Python at each asking."""
    sets: dict[int, tuple[Claim, ...]] = field(init=False, repr=False)
    """The claims of each claims digit decoded (remembered likewise)."""
    turns: dict[str, dict[int, Turn]] = field(init=False, repr=False)
    """The turns met in whole listings (``listed``) and decoded (``action_at``), by player
    and index: the decisions of a game list the same few turns again and again (a move's
    index does not name where it starts), each built once and shared (frozen values)."""
    index_of: dict[int, tuple[Turn, int]] = field(init=False, repr=False)
    """The index of each turn of ``turns`` by the turn's ``id`` (the turn kept with it):
    ``action_index`` of a listed turn is a look-up."""

    def __post_init__(self) -> None:
        put = object.__setattr__
        lands = len(self.landings)
        claims = 4 ** len(self.stunts)
        flight = len(MOVES) * len(VARIANTS) * lands * claims
        relaunch = 1 if self.relaunch else 0
        offsets = {}
        at = 0
        for name, size in (("wind", len(WIND_KINDS) * lands), ("passing", 1),
                           ("walk", relaunch), ("stuck", lands), ("move", flight),
                           ("relaunching", 6 * relaunch * flight),
                           ("takeoff", 6 * len(self.takeoffs) * flight)):
            offsets[name] = at
            at += size
        for name, value in offsets.items():
            put(self, name, value)
        put(self, "size", at)
        put(self, "claims", claims)
        put(self, "flight", flight)
        put(self, "landing_of", {land: i for i, land in enumerate(self.landings)})
        put(self, "takeoff_of", {h: i for i, h in enumerate(self.takeoffs)})
        put(self, "stunt_of", {s: i for i, s in enumerate(self.stunts)})
        put(self, "codes", {})
        put(self, "sets", {0: ()})
        put(self, "turns", {})
        put(self, "index_of", {})


_LAYOUTS: dict[int, tuple[Game, Layout]] = {}
"""Each game's layout by the game's ``id``, the game kept with it so that the number names
it (a few dozen games at most: cleared past that)."""
_LAST: list[tuple[Game, Layout] | None] = [None]
"""The game asked about last and its layout: a playout asks of one game at every step."""
_SHARED: dict[tuple[object, ...], Layout] = {}
"""The layouts by what they are made of: the games of one scenario (a playout sets up a
game each time) share one, and the turns it remembers (cleared past 16)."""
_KEEP = 4096
"""How many turns a layout remembers (``Layout.turns``) before it forgets them all."""


def layout(game: Game) -> Layout:
    """The encoding of ``game`` (worked out once a game)."""
    last = _LAST[0]
    if last is not None and last[0] is game:
        return last[1]
    held = _LAYOUTS.get(id(game))
    if held is None or held[0] is not game:
        relaunch = relaunch_allowed(game)
        landings: list[Landing] = [(None, None, False), (LandChoice.FINAL, None, False)]
        if game.top_lander:
            landings.append((LandChoice.FINAL, None, True))
        if relaunch:
            landings.append((LandChoice.RELAUNCH, None, False))
            landings.extend((LandChoice.RELAUNCH, m, False) for m in sorted(game.mountains))
        key = (tuple(game.takeoffs), game.claim_stunts, tuple(landings), relaunch)
        shared = _SHARED.get(key)
        if shared is None:
            if len(_SHARED) >= 16:
                _SHARED.clear()
            shared = _SHARED[key] = Layout(*key)
        if len(_LAYOUTS) >= 64:
            _LAYOUTS.clear()
        held = _LAYOUTS[id(game)] = (game, shared)
    _LAST[0] = held
    return held[1]


def action_space(game: Game) -> int:
    """The number of indices of ``game``'s actions."""
    return layout(game).size


def _outside(action: Action, why: str) -> IllegalActionError:
    return IllegalActionError("action.index", f"{action.describe()}: {why}, which no index "
                              "names (it is never legal)")


def action_index(game: Game, action: Action) -> int:
    """The index of ``action`` (its participant left out); ``IllegalActionError`` (rule
    ``action.index``) for an action the space leaves out, which is never legal. (Asked of
    every legal action of a playout by index: the common cases come first.)"""
    last = _LAST[0]
    lay = last[1] if last is not None and last[0] is game else layout(game)
    known = lay.index_of.get(id(action))
    if known is not None and known[0] is action:
        return known[1]
    land, top = action.land, action.top_lander
    landing = 0
    if land is not None or top or action.mountain is not None:
        found = lay.landing_of.get((land, action.mountain, top))
        if found is None:
            raise _outside(action, "no such landing in this game")
        landing = found
    if type(action) is WindChoice:
        return lay.wind + _WIND_DIGIT[action.kind] * len(lay.landings) + landing
    assert isinstance(action, Turn)
    kind = action.kind
    if kind is _K_MOVE:
        if action.hex is not None or action.facing is not None:
            raise _outside(action, "a move names no take-off hex nor facing")
        return lay.move + _flight(lay, action, landing)
    if kind is _K_TAKEOFF:
        place = lay.takeoff_of.get(action.hex) if action.hex is not None else None
        if place is None or action.facing is None:
            raise _outside(action, "a take-off names a take-off hex and a facing")
        return lay.takeoff + (place * 6 + action.facing) * lay.flight + \
            _flight(lay, action, landing)
    if kind is _K_RELAUNCH:
        if not lay.relaunch or action.hex is not None or action.facing is None:
            raise _outside(action, "a relaunch names a facing, and only where relaunches "
                           "are allowed")
        return lay.relaunching + action.facing * lay.flight + _flight(lay, action, landing)
    if action.move is not None or action.hex is not None or action.facing is not None or \
            action.accelerate or action.skill or action.stunts:
        raise _outside(action, f"a {kind.value} turn flies no move")
    if kind is _K_STUCK:
        return lay.stuck + landing
    if landing:
        raise _outside(action, f"a {kind.value} turn makes no landing")
    if kind is _K_PASS:
        return lay.passing
    if not lay.relaunch:
        raise _outside(action, "nobody walks back where relaunches are not allowed")
    return lay.walk


def _flight(lay: Layout, turn: Turn, landing: int) -> int:
    """The flight digits of ``turn``, a move, a take-off or a relaunch."""
    move = turn.move
    cards = _CARDS.get(turn.skill)
    if move is None or cards is None or (cards[1] and not turn.accelerate):
        raise _outside(turn, "a flight makes a move, and plays the acceleration card only "
                       "to accelerate")
    hard, card = cards
    variant = hard + 2 * (card + 1) if turn.accelerate else hard
    stunts = turn.stunts
    claims = 0
    if stunts:
        held = lay.codes.get(id(stunts))
        claims = held[1] if held is not None and held[0] is stunts else \
            _claims_code(lay, turn)
    return ((_MOVE_DIGIT[move] * 6 + variant) * len(lay.landings) + landing) * lay.claims \
        + claims


def _claims_code(lay: Layout, turn: Turn) -> int:
    """The claims digit of ``turn``'s claims, remembered."""
    code = 0
    seen: set[Stunt] = set()
    for c in turn.stunts:
        place = lay.stunt_of.get(c.stunt)
        if place is None or c.stunt in seen or c.when not in MOMENTS or \
                c.action != ("start" if c.stunt in TIMED_STUNTS else "score"):
            raise _outside(turn, "each stunt in play is claimed at most once, with its own "
                           "action")
        seen.add(c.stunt)
        code += (1 + MOMENTS.index(c.when)) * 4 ** place
    if list(turn.stunts) != sorted(turn.stunts, key=claim_order):
        raise _outside(turn, "claims are listed in the order of the turn")
    if len(lay.codes) >= 4096:
        lay.codes.clear()
    lay.codes[id(turn.stunts)] = (turn.stunts, code)
    return code


def action_at(game: Game, state: State, index: int) -> Action:
    """The action ``index`` names for the pilot to act at ``state``, decoded digit by
    digit; ``IllegalActionError`` (rule ``action.index``) when it names no action of this
    kind of decision."""
    last = _LAST[0]
    lay = last[1] if last is not None and last[0] is game else layout(game)
    size = lay.size
    if not 0 <= index < size:
        raise index_error(index, size, "outside the action space")
    phase = state.phase
    if phase is Phase.OVER:
        raise index_error(index, size, "the game is over")
    actor = state.actor
    assert actor is not None  # (not over: someone acts)
    player = actor.ident
    lands = len(lay.landings)
    if index < lay.passing:
        if phase is not Phase.WIND_PUSH:
            raise index_error(index, size, "a wind-push choice, and this is a turn")
        kind, landing = divmod(index, lands)
        land, mountain, top = lay.landings[landing]
        return WindChoice(player, WIND_KINDS[kind], land, mountain, top)
    if phase is Phase.WIND_PUSH:
        raise index_error(index, size, "a turn, and this is a wind-push choice")
    met = lay.turns.get(player)
    if met is not None:
        turn = met.get(index)
        if turn is not None:
            return turn
    return _kept(lay, player, index, _turn_at(lay, player, index))


def _kept(lay: Layout, player: str, index: int, turn: Turn) -> Turn:
    """``turn``, remembered as ``player``'s turn of ``index`` (every turn forgotten past
    ``_KEEP``)."""
    index_of = lay.index_of
    if len(index_of) >= _KEEP:
        index_of.clear()
        lay.turns.clear()
    met = lay.turns.get(player)
    if met is None:
        met = lay.turns[player] = {}
    met[index] = turn
    index_of[id(turn)] = (turn, index)
    return turn


def listed(game: Game, groups: list[tuple[Any, list[Any]]]) -> list[Action]:
    """Every turn of ``legal.turn_groups``'s ``groups``, in order, as ``legal.expand``
    builds them, each one's index worked out from what its group shares and its tail: the
    turn met before under that index is given again (``Layout.turns``), a new one is built
    and remembered, so that ``action_index`` of each is a look-up and a decision builds
    only the turns no decision listed before."""
    last = _LAST[0]
    lay = last[1] if last is not None and last[0] is game else layout(game)
    lands = len(lay.landings)
    radix = lay.claims
    out: list[Action] = []
    append = out.append
    for prefix, tails in groups:
        if prefix is None:
            out.extend(tails)
            continue
        player, kind, move = prefix[0], prefix[1], prefix[2]
        met = lay.turns.get(player)
        if met is None:
            met = lay.turns[player] = {}
        if kind is _K_MOVE:
            base = lay.move + (_MOVE_DIGIT[move] * 6 + _VARIANT[prefix[5]][prefix[6]]) * \
                lands * radix
            for tail in tails:
                land, mountain, stunts, top = tail
                index = base if land is None and mountain is None and not top else \
                    base + lay.landing_of[land, mountain, top] * radix
                if stunts:
                    index += _code(lay, stunts, prefix, tail)
                turn = met.get(index)
                append(turn if turn is not None else
                       _kept(lay, player, index, turn_of(prefix, tail)))
            continue
        facing = prefix[4]
        base = (lay.takeoff + (lay.takeoff_of[prefix[3]] * 6 + facing) * lay.flight
                if kind is _K_TAKEOFF else lay.relaunching + facing * lay.flight) + \
            _MOVE_DIGIT[move] * 6 * lands * radix
        for tail in tails:
            accelerate, skill, land, mountain, stunts, top = tail
            index = base + _VARIANT[accelerate][skill] * lands * radix
            if land is not None or mountain is not None or top:
                index += lay.landing_of[land, mountain, top] * radix
            if stunts:
                index += _code(lay, stunts, prefix, tail)
            turn = met.get(index)
            append(turn if turn is not None else
                   _kept(lay, player, index, turn_of(prefix, tail)))
    return out


def _code(lay: Layout, stunts: tuple[Claim, ...], prefix: tuple[Any, ...],
          tail: tuple[Any, ...]) -> int:
    """The claims digit of a listed turn's ``stunts`` (remembered by ``_claims_code``)."""
    held = lay.codes.get(id(stunts))
    return held[1] if held is not None and held[0] is stunts else \
        _claims_code(lay, turn_of(prefix, tail))


def _turn_at(lay: Layout, player: str, index: int) -> Turn:
    """The turn of ``player`` that ``index`` names (an index of the turns' blocks)."""
    lands = len(lay.landings)
    if index < lay.move:
        if index == lay.passing:
            return Turn(player, TurnKind.PASS)
        if index < lay.stuck:
            return Turn(player, TurnKind.WALK)
        land, mountain, top = lay.landings[index - lay.stuck]
        return Turn.of(player, TurnKind.STUCK, None, None, None, False, frozenset(), land,
                       mountain, (), top)
    hex_: Hex | None = None
    facing: Direction | None = None
    if index < lay.relaunching:
        kind_, rest = TurnKind.MOVE, index - lay.move
    elif index < lay.takeoff:
        kind_ = TurnKind.RELAUNCH
        start, rest = divmod(index - lay.relaunching, lay.flight)
        facing = DIRECTIONS[start]
    else:
        kind_ = TurnKind.TAKEOFF
        start, rest = divmod(index - lay.takeoff, lay.flight)
        place, turn = divmod(start, 6)
        hex_, facing = lay.takeoffs[place], DIRECTIONS[turn]
    rest, code = divmod(rest, lay.claims)
    rest, landing = divmod(rest, lands)
    move, variant = divmod(rest, 6)
    accelerate, skill = VARIANTS[variant]
    land, mountain, top = lay.landings[landing]
    return Turn.of(player, kind_, MOVES[move], hex_, facing, accelerate, skill, land,
                   mountain, _claims_at(lay, code), top)


def _claims_at(lay: Layout, code: int) -> tuple[Claim, ...]:
    """The claims a claims digit names, in ``claim_order``, remembered."""
    found = lay.sets.get(code)
    if found is None:
        claims = []
        rest = code
        for stunt in lay.stunts:
            rest, digit = divmod(rest, 4)
            if digit:
                claims.append(Claim(stunt, MOMENTS[digit - 1],
                                    "start" if stunt in TIMED_STUNTS else "score"))
        found = tuple(sorted(claims, key=claim_order))
        if len(lay.sets) >= 4096:
            lay.sets.clear()
        lay.sets[code] = found
    return found
