"""Turbulences actions as integers (``Ruleset.action_space``, ``action_index`` and
``action_at``): version 1 of the encoding, a stable public contract for a game and its
scenario (``Metadata.version``).

An index names one action of the company to act. What the moment decides is left out and
filled in on decoding: the company (the actor) and a journey's ``boost`` (the BOOST's
second journey is the journey of the BOOST phase). The rest is a mixed-radix number: each
part below is a digit, and a part the scenario never uses (gliding without an EXPERT
company, the Parachute off the table) has radix 1 and takes no room.

Parts
-----
* **parcel** ``p``: a company's parcels are those of its team's colours (its own colour in
  CLASSIC), numbered ``0..P-1`` by company order then by number (``red-1`` ... ``red-5``,
  then its partner's). ``P`` is the largest team's count (5, or 10 in the team modes). No
  company loads, carries or rescues another team's parcels, so no index names them.
* **pair** ``p < q``: ``q(q-1)/2 + p``, in ``0..P(P-1)/2-1``.
* **aboard** (``throw`` and ``unload``: parcels on board, at most ``MAX_CARRIED`` = 2, none
  in both): 0 for none; ``1 + 2p + role`` for one; ``1 + 2P + 4 pair(p, q) + 2 role(p) +
  role(q)`` for two (role 0: thrown, 1: unloaded). Radix ``A = 1 + 2P + 2P(P-1)``.
* **load** (at most 2 parcels): 0 for none, ``1 + p`` for one, ``1 + P + pair(p, q)`` for
  two. Radix ``L = 1 + P + P(P-1)/2``.
* **ops** (an ``Ops``): ``aboard + A load``, radix ``O = A L`` (816 for ``P`` = 5, 11,256
  for ``P`` = 10).
* **rebuild**: 0 for none, ``1 + k`` for the ``k``-th city of the company's region in
  ``region_cities`` order. Radix ``R = 4``.
* **path** (1 to 3 tiles, each next to the one before; the first next to where the journey
  starts: the aircraft's place, or the city it is rebuilt in): the first tile by its class
  ``(q + 3r) mod 7`` (a hex and its six neighbours have seven different classes, so the
  class names the tile among them), each next one by its ``Direction`` (0-5) from the tile
  before: ``c`` for one tile, ``7 + 6c + d1`` for two, ``49 + 36c + 6d1 + d2`` for three.
  Radix 301.
* **tile** (the FLYING CARPET's destination, anywhere): its rank among the landscape's tiles
  sorted by ``(q, r)``. Radix ``T`` (the number of landscape tiles).
* **glide**: 0 to 3 movements paid with ALTITUDE (radix ``G = 4`` with an EXPERT company,
  else 1); **cross**: radix ``C = 2`` with an EXPERT company, else 1; **parachute**: radix
  ``H = 2`` with the Parachute on the table, else 1; **power**: radix ``W = 2`` with a SAVOIA
  S.21 (its DODGE), else 1.

Blocks, in this order
---------------------
1. ``Pass``: ``ops + O rebuild`` (``R O`` indices; index 0 is the bare pass).
2. ``Flip`` (one index), then 3. ``Power``, the ASTEROID (one index).
4. ``Journey``: ``path + 301 (before + O (after + O (rebuild + R (glide + G (cross + C
   (parachute + H power))))))``. A Power journey of one tile is the FLYING CARPET's (block
   5): with power 1 and a one-tile path this block names no action.
5. FLYING CARPET (only with a FAKIR): ``tile + T (before + O rebuild)``, a ``Journey``
   with ``power``.

``action_space`` is the sum of the blocks' sizes, ``R O + 2 + 301 O^2 R G C H W`` (and
``T O R`` with a FAKIR): 801,693,890 for a CLASSIC day game (``P`` = 5), 6,413,528,258 with
EXPERT companies, 3,206,886,530 with the powers' example (the Parachute, a SAVOIA S.21 and a
FAKIR), 152,543,878,370 in the team modes (``P`` = 10). The space is sparse: a moment has
from one to a few hundred legal actions (``legal_indices``); the digits are there for a
model that reads an action by its parts. An index names an action whether it is legal or
not (``apply`` judges it). ``action_at`` raises ``IllegalActionError`` (rule
``action.index``) for an index outside the space, when the game is over, for a journey with
no place to start from (a destroyed aircraft's journey not rebuilt), for a parcel number
beyond the company's team's, and for the one-tile Power journeys of block 4.
``action_index`` raises it for an action no index names (a path of other tiles, another
team's parcel, a rebuild outside the region).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import isqrt

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.hexgrid import VECTORS, Hex
from skyhex.rules.machine import index_error
from skyhex.rules.speed import kept, last_answer
from skyhex.rules.turbulences import tables
from skyhex.rules.turbulences.actions import (
    NO_OPS,
    Action,
    Flip,
    Journey,
    Ops,
    Pass,
    Power,
    journey,
)
from skyhex.rules.turbulences.aircraft import AircraftType
from skyhex.rules.turbulences.landscape import CITIES_PER_REGION, region_cities
from skyhex.rules.turbulences.state import Game, Phase, State, parcel_colour

__all__ = ["PATHS", "Layout", "action_at", "action_index", "action_space", "layout",
           "path_code"]

PATHS = 7 + 7 * 6 + 7 * 36
"""The path codes: one, two or three tiles (301)."""
_PATH_OFFSETS = (0, 7, 49)
_LONGEST = 3
"""The most tiles a journey enters (two base tiles and the bonus)."""
_DIRECTION_OF = {v: d for d, v in enumerate(VECTORS)}
"""A step's ``(dq, dr)`` -> its ``Direction`` number."""
_STEP_OF_CLASS = {(dq + 3 * dr) % 7: (dq, dr) for dq, dr in ((0, 0), *VECTORS)}
"""The class difference between a hex and one next to it (or itself) -> the step."""
assert len(_STEP_OF_CLASS) == 7  # the seven classes tell a hex from its neighbours
_BOOST = Phase.BOOST


@dataclass(frozen=True, eq=False)
class Layout:
    """The radices and block offsets of a game's action space, and the tables that turn
    parcels, cities and tiles into digits (per company where they depend on it), with the
    digits worked out so far (its only mutable parts: memos)."""

    parcels: int
    """``P``: the largest team's count of parcels."""
    aboard: int
    loads: int
    ops: int
    rebuilds: int
    glides: int
    crosses: int
    chutes: int
    powers: int
    carpet: bool
    tiles: tuple[Hex, ...]
    tile_rank: dict[Hex, int]
    parcels_of: tuple[tuple[str, ...], ...]
    """Company index -> its parcels in digit order."""
    rank_of: tuple[dict[str, int], ...]
    cities_of: tuple[tuple[Hex, ...], ...]
    """Company index -> the cities of its region (rebuild digit - 1)."""
    flip: int
    """The block offsets: ``Flip``, ``Power``, journeys, FLYING CARPET; and the size."""
    power: int
    journey: int
    carpets: int
    size: int
    memo: tuple[dict[int, tuple[Ops, int]], ...]
    """Company index -> the ops digits worked out (``_ops_digit``)."""
    decoded: tuple[dict[int, Ops], ...]
    """Company index -> the ``Ops`` of the digits decoded (``_ops_at``)."""


def _number(parcel: str) -> tuple[int, str]:
    head, _, tail = parcel.rpartition("-")
    return (int(tail), head) if tail.isdigit() else (0, parcel)


def _make(game: Game) -> Layout:
    companies = game.companies
    parcels_of = []
    for i in range(len(companies)):
        team = game.team_colours(i)
        mine = [c.colour for c in companies if c.colour in team]
        parcels_of.append(tuple(p for colour in dict.fromkeys(mine) for p in sorted(
            (p for p in game.weights if parcel_colour(p) == colour), key=_number)))
    p = max((len(ps) for ps in parcels_of), default=0)
    aboard = 1 + 2 * p + 2 * p * (p - 1)
    loads = 1 + p + p * (p - 1) // 2
    ops = aboard * loads
    rebuilds = 1 + CITIES_PER_REGION
    expert = game.any_expert
    glides = 1 + max(_LONGEST, game.expert.crossing_moves + _LONGEST - 2) if expert else 1
    crosses = 2 if expert else 1
    chutes = 2 if game.powers.parachute else 1
    aircraft = {c.aircraft for c in companies}
    powers = 2 if AircraftType.SAVOIA in aircraft else 1
    carpet = AircraftType.FAKIR in aircraft
    tiles = tuple(sorted(game.tiles))
    cities = region_cities()
    flip = rebuilds * ops
    journey = flip + 2
    carpets = journey + PATHS * ops * ops * rebuilds * glides * crosses * chutes * powers
    size = carpets + (len(tiles) * ops * rebuilds if carpet else 0)
    return Layout(p, aboard, loads, ops, rebuilds, glides, crosses, chutes, powers, carpet,
                  tiles, {h: k for k, h in enumerate(tiles)}, tuple(parcels_of),
                  tuple({q: k for k, q in enumerate(ps)} for ps in parcels_of),
                  tuple(cities[c.region - 1] for c in companies), flip, flip + 1, journey,
                  carpets, size, tuple({} for _ in companies), tuple({} for _ in companies))


_made: dict[tuple[object, ...], Layout] = {}
"""Layouts by what they depend on: the worlds a search samples are new games of the same
companies and parcels."""


@last_answer
def layout(game: Game) -> Layout:
    """The game's action-space layout (remembered, the last game's in one slot: a playout
    asks for one game's again and again)."""
    key = (game.companies, game.teams, frozenset(game.weights), game.expert, game.powers)
    made = _made.get(key)
    return kept(_made, key, _make(game), 65) if made is None else made


def action_space(game: Game) -> int:
    """The number of indices: every ``action_index`` of the game is below it."""
    return layout(game).size


# --- encoding -----------------------------------------------------------------------------


def _unnamed(action: Action | None, why: str) -> IllegalActionError:
    named = "" if action is None else f" {action.describe()!r}"
    return IllegalActionError("action.index", f"no index names{named}: {why}")


def _pair(p: int, q: int) -> int:
    """The rank of the pair ``p < q``."""
    return q * (q - 1) // 2 + p


def _ops_code(lay: Layout, ranks: dict[str, int], ops: Ops, action: Action | None
              ) -> int:
    if ops is NO_OPS:
        return 0
    throw, unload, load = ops.throw, ops.unload, ops.load
    try:
        named = sorted([(ranks[x], 0) for x in throw] + [(ranks[x], 1) for x in unload])
        loaded = sorted(ranks[x] for x in load)
    except KeyError as missing:
        raise _unnamed(action, f"{missing.args[0]} is not a parcel of the company's "
                       "team") from None
    n = len(named)
    if n == 0:
        aboard = 0
    elif n == 1:
        aboard = 1 + 2 * named[0][0] + named[0][1]
    elif n == 2 and named[0][0] != named[1][0]:
        (a, ra), (b, rb) = named
        aboard = 1 + 2 * lay.parcels + 4 * _pair(a, b) + 2 * ra + rb
    else:
        raise _unnamed(action, "at most two parcels on board are thrown or unloaded, none "
                       "both")
    m = len(loaded)
    if m == 0:
        loads = 0
    elif m == 1:
        loads = 1 + loaded[0]
    elif m == 2 and loaded[0] != loaded[1]:
        loads = 1 + lay.parcels + _pair(loaded[0], loaded[1])
    else:
        raise _unnamed(action, "at most two parcels are loaded")
    return aboard + lay.aboard * loads


def _rebuild_code(cities: tuple[Hex, ...], where: Hex | None, action: Action | None
                  ) -> int:
    if where is None:
        return 0
    try:
        return 1 + cities.index(where)
    except ValueError:
        raise _unnamed(action, f"{where} is not a city of the company's region") from None


def _path_code(path: tuple[Hex, ...], action: Action | None) -> int:
    n = len(path)
    if not 1 <= n <= 3:
        raise _unnamed(action, "a journey enters 1 to 3 tiles")
    q, r = path[0]
    code = (q + 3 * r) % 7
    for h in path[1:]:
        d = _DIRECTION_OF.get((h[0] - q, h[1] - r))
        if d is None:
            raise _unnamed(action, f"{h} is not next to {Hex(q, r)}")
        code = code * 6 + d
        q, r = h
    return _PATH_OFFSETS[n - 1] + code


def path_code(path: tuple[Hex, ...], action: Action | None = None) -> int:
    """The path digit of ``path`` (remembered); ``action``: the action it is read from, for
    the error of a path no digit names."""
    code = _paths.get(path)
    return kept(_paths, path, _path_code(path, action), _MEMO_SIZE) if code is None else code


_MEMO_SIZE = 4096
"""How many parcel operations and paths the encoder remembers before it starts afresh."""
_paths: dict[tuple[Hex, ...], int] = {}
"""Path -> its code (the same few hundred paths come back all game long)."""


def _ops_digit(lay: Layout, i: int, ops: Ops, action: Action | None) -> int:
    """The ops digit of company ``i``, remembered by the ``Ops`` itself: the listing makes
    the same few ``Ops`` values again and again (``engine.ops_options``)."""
    memo = lay.memo[i]
    known = memo.get(id(ops))
    if known is not None and known[0] is ops:
        return known[1]
    code = _ops_code(lay, lay.rank_of[i], ops, action)
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[id(ops)] = (ops, code)  # kept alive here, so that its id is not reused
    return code


def action_index(game: Game, action: Action) -> int:
    """The index of ``action`` (its company left out); ``IllegalActionError`` (rule
    ``action.index``) for an action no index names. A journey ``legal_actions`` listed for
    the game has its index worked out (``tables.listing``)."""
    listed = tables.listing
    if listed is not None and listed[0] is game:
        known = listed[2].get(id(action))
        if known is not None and known[0] is action:
            return known[4]
    lay = layout(game)
    i = game.numbers.get(action.company)
    if i is None:
        raise _unnamed(action, f"no company is called {action.company!r}")
    kind = type(action)
    if kind is Journey:
        assert isinstance(action, Journey)
        before = action.before
        before_code = 0 if before is NO_OPS else _ops_digit(lay, i, before, action)
        where = action.rebuild
        rebuild = 0 if where is None else _rebuild_code(lay.cities_of[i], where, action)
        path = action.path
        power = action.power
        if power and len(path) == 1:
            if not lay.carpet or action.after or action.glide or action.cross or \
                    action.parachute:
                raise _unnamed(action, "a one-tile Power journey is the FLYING CARPET's, "
                               "its tile and the operations before it only")
            tile = lay.tile_rank.get(path[0])
            if tile is None:
                raise _unnamed(action, f"{path[0]} is not a landscape tile")
            return lay.carpets + tile + len(lay.tiles) * (before_code + lay.ops * rebuild)
        glide, cross, chute = action.glide, action.cross, action.parachute
        if glide or cross or chute or power:
            if not 0 <= glide < lay.glides or cross >= lay.crosses or \
                    chute >= lay.chutes or power >= lay.powers:
                raise _unnamed(action, "the scenario has no such journey (gliding, "
                               "crossing, the Parachute or the DODGE)")
            rebuild += lay.rebuilds * (glide + lay.glides * (
                cross + lay.crosses * (chute + lay.chutes * power)))
        after = action.after
        if after is not NO_OPS:
            rebuild = _ops_digit(lay, i, after, action) + lay.ops * rebuild
        else:
            rebuild *= lay.ops
        code = _paths.get(path)
        if code is None:
            code = path_code(path, action)
        return lay.journey + code + PATHS * (before_code + lay.ops * rebuild)
    if kind is Pass:
        assert isinstance(action, Pass)
        return _ops_code(lay, lay.rank_of[i], action.ops, action) + lay.ops * _rebuild_code(
            lay.cities_of[i], action.rebuild, action)
    if kind is Flip:
        return lay.flip
    if kind is Power:
        return lay.power
    raise _unnamed(action, "not a Turbulences action")


# --- decoding -----------------------------------------------------------------------------


def _unpair(k: int) -> tuple[int, int]:
    q = (1 + isqrt(1 + 8 * k)) // 2
    if q * (q - 1) // 2 > k:
        q -= 1
    return k - q * (q - 1) // 2, q


def _ops_at(lay: Layout, i: int, code: int, index: int) -> Ops:
    """The ``Ops`` of digit ``code`` for company ``i`` (remembered: few come back)."""
    if code == 0:
        return NO_OPS
    memo = lay.decoded[i]
    ops = memo.get(code)
    if ops is None:
        ops = _decode_ops(lay, lay.parcels_of[i], code, index)
        if len(memo) >= _MEMO_SIZE:
            memo.clear()
        memo[code] = ops
    return ops


def _decode_ops(lay: Layout, parcels: tuple[str, ...], code: int, index: int) -> Ops:
    loads, aboard = divmod(code, lay.aboard)
    throw: list[str] = []
    unload: list[str] = []
    p = lay.parcels
    named: list[tuple[int, int]]
    if aboard == 0:
        named = []
    elif aboard <= 2 * p:
        named = [divmod(aboard - 1, 2)]
    else:
        pair, roles = divmod(aboard - 1 - 2 * p, 4)
        a, b = _unpair(pair)
        named = [(a, roles >> 1), (b, roles & 1)]
    if loads == 0:
        loaded: list[int] = []
    elif loads <= p:
        loaded = [loads - 1]
    else:
        loaded = list(_unpair(loads - 1 - p))
    n = len(parcels)
    if any(k >= n for k, _ in named) or any(k >= n for k in loaded):
        raise index_error(index, lay.size, "a parcel number beyond the company's team's")
    for k, role in named:
        (unload if role else throw).append(parcels[k])
    return Ops(tuple(throw), tuple(unload), tuple(parcels[k] for k in loaded))


def _rebuild_at(lay: Layout, i: int, code: int) -> Hex | None:
    return None if code == 0 else lay.cities_of[i][code - 1]


_decoded_paths: dict[tuple[Hex, int], tuple[Hex, ...]] = {}
"""(start, path code) -> the path (remembered, as the encoder's ``_paths``)."""


def _path_at(start: Hex, code: int) -> tuple[Hex, ...]:
    key = (start, code)
    path = _decoded_paths.get(key)
    return kept(_decoded_paths, key, _decode_path(start, code), _MEMO_SIZE) if path is None \
        else path


def _decode_path(start: Hex, code: int) -> tuple[Hex, ...]:
    steps: tuple[int, ...]
    if code < 7:
        first, steps = code, ()
    elif code < 49:
        first, d1 = divmod(code - 7, 6)
        steps = (d1,)
    else:
        first, rest = divmod(code - 49, 36)
        steps = divmod(rest, 6)
    q, r = start
    dq, dr = _STEP_OF_CLASS[(first - q - 3 * r) % 7]
    q, r = q + dq, r + dr
    path = [Hex(q, r)]
    for d in steps:
        dq, dr = VECTORS[d]
        q, r = q + dq, r + dr
        path.append(Hex(q, r))
    return tuple(path)


def action_at(game: Game, state: State, index: int) -> Action:
    """The action ``index`` names for the company to act (structurally: no legal action is
    listed); ``IllegalActionError`` (rule ``action.index``) when it names none. The index of
    a journey ``legal_actions`` listed for this very state gives the listed journey itself
    (equal to the one decoded: ``advance`` finds its checked flight)."""
    listed = tables.listing
    if listed is not None and listed[1] is state and listed[0] is game:
        made = listed[3].get(index)
        if made is not None:
            return made
    lay = layout(game)
    if not 0 <= index < lay.size:
        raise index_error(index, lay.size)
    i = state.actor
    if i is None:
        raise index_error(index, lay.size, "the game is over")
    colour = game.companies[i].colour
    if index < lay.flip:
        rebuild, ops = divmod(index, lay.ops)
        return Pass(colour, _ops_at(lay, i, ops, index), _rebuild_at(lay, i, rebuild))
    if index == lay.flip:
        return Flip(colour)
    if index == lay.power:
        return Power(colour)
    boost = state.phase is _BOOST
    if index >= lay.carpets:
        rest, tile = divmod(index - lay.carpets, len(lay.tiles))
        rebuild, before = divmod(rest, lay.ops)
        return journey(colour, (lay.tiles[tile],), _ops_at(lay, i, before, index), NO_OPS,
                       _rebuild_at(lay, i, rebuild), boost, 0, False, False, True)
    rest, path = divmod(index - lay.journey, PATHS)
    rest, before = divmod(rest, lay.ops)
    rest, after = divmod(rest, lay.ops)
    rest, rebuild = divmod(rest, lay.rebuilds)
    rest, glide = divmod(rest, lay.glides)
    rest, cross = divmod(rest, lay.crosses)
    power, chute = divmod(rest, lay.chutes)
    if power and path < 7:
        raise index_error(index, lay.size, "a one-tile Power journey is the FLYING CARPET's")
    where = _rebuild_at(lay, i, rebuild)
    start = where if where is not None else state.planes[i].hex
    if start is None:
        raise index_error(index, lay.size, "a journey of a destroyed aircraft starts from "
                          "the city it is rebuilt in")
    return journey(colour, _path_at(start, path), _ops_at(lay, i, before, index),
                   _ops_at(lay, i, after, index), where, boost, glide, cross == 1, chute == 1,
                   power == 1)
