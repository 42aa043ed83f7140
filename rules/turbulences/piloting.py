"""Phase II: Piloting (rulebook section 5): which hexes a journey may enter, and in which
order. Pure functions of the game and state; ``engine`` applies the result.

"Your Aircraft must advance at least one tile per turn in any direction." "Your Aircraft may
advance to a second adjacent free tile (optional) without making a U-turn." "Your Aircraft
can gain a bonus movement if the tile on which it ends its base movement is the same colour
as its base. This bonus movement (optional and not cumulative) is to be used immediately
toward an adjacent free tile." "The following elements are obstacles: Mountain, Storm (and
Tempest) or Aircraft." "You can land in a free Airport. Landing ends your JOURNEY." "It is
forbidden to land in cities without an Airport except in emergencies." "The base movement of
an overloaded Aircraft is reduced to a single mandatory tile. The bonus movement remains
possible." "You cannot voluntarily destroy your Aircraft on an obstacle or by leaving the
board."

Decisions:

1. **Taking off** enters a free landscape tile adjacent to the city or airport: it is the
   first tile of the base movement. A journey from the ground must start with a take-off.
2. **Landing** (entering a free airport from an adjacent landscape tile) may be any step of
   the journey, base or bonus, and ends it. An occupied airport is an obstacle; a city
   without an airport, a corner of the city ring or anything beyond cannot be entered.
3. **U-turn** means going back to the hex the journey started from; the rulebook forbids it
   for the second base tile only, so a bonus tile may go anywhere free (LOOPING: "Turn in
   circles with a bonus movement"). A two-tile journey is legal when either reading (two
   base tiles, or one base tile and its bonus) is.
4. **Bonus colour** of a tile is read when the base movement ends on it (clouds do not move
   during piloting): a cumulus makes it a cumulus tile only, so a biplane gets no bonus on a
   plain under a cumulus and a zeppelin gets one there; the ground has no colour.
5. **Overload** is judged at the start of the journey, after the parcel operations made
   before it (loading a second parcel before take-off overloads the aircraft at once;
   throwing one overboard first cancels the penalty).
6. **Blocked**: an aircraft with no legal journey. In flight it is destroyed (its turn is a
   forced ``Pass``); on the ground it passes.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import NamedTuple

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.speed import last_answer
from skyhex.rules.turbulences.aircraft import BonusColour, tile_colour
from skyhex.rules.turbulences.landscape import CloudSide, Stack, entered_biome
from skyhex.rules.turbulences.night import dark, known_mountains
from skyhex.rules.turbulences.state import Chute, Game, Plane, State
from skyhex.rules.turbulences.tables import number_flights

MAX_BASE = 2


class Flight(NamedTuple):
    """A checked journey: where it ends and whether it ended by landing in an airport (a
    named tuple: the legal journeys make thousands a game)."""

    path: tuple[Hex, ...]
    end: Hex
    landed: bool
    bonus: bool  # the last tile was the bonus tile


_occupied_memo: tuple[tuple[Plane, ...], int, Chute | None, frozenset[Hex]] | None = None


def occupied(state: State, mover: int) -> frozenset[Hex]:
    """The hexes holding another company's aircraft, or the Parachute ("The Parachute is an
    obstacle", section 10); the last asked is remembered."""
    global _occupied_memo
    memo = _occupied_memo
    if memo is not None and memo[0] is state.planes and memo[1] == mover \
            and memo[2] is state.chute:
        return memo[3]
    out = frozenset(p.hex for i, p in enumerate(state.planes) if i != mover and p.hex is not None)
    if state.chute is not None:
        out |= {state.chute.hex}
    _occupied_memo = (state.planes, mover, state.chute, out)
    return out


def obstacle(game: Game, state: State, h: Hex, others: Collection[Hex]) -> str | None:
    """Why landscape tile ``h`` cannot be entered (``None`` if it is free)."""
    if h in known_mountains(game.mountains, state.night):  # at night: the discovered ones
        return "a mountain"
    stack = state.clouds.get(h)
    if stack and any(t.side is CloudSide.STORM for t in stack):
        return "a tempest" if len(stack) >= 2 else "a storm"
    if h in others:
        return "another aircraft"
    return None


def has_bonus(game: Game, state: State, mover: int, h: Hex, came: Hex | None = None) -> bool:
    """Whether ending the base movement on landscape tile ``h``, entered from ``came``,
    earns the mover a bonus (a hex of two half-tiles shows the colour of the half whose
    side the aircraft crossed)."""
    return bonus_check(game, state, mover)(h, came)


def bonus_check(game: Game, state: State, mover: int) -> Callable[[Hex, Hex | None], bool]:
    """``has_bonus`` for the mover in this sky, as a function of the tile and where it was
    entered from (``flights`` asks it for many tiles)."""
    tiles, clouds, biomes = game.tiles, state.clouds, game.biomes
    colours = _entry_colours(game)
    mine = game.companies[mover].aircraft.bonus

    def bonus(h: Hex, came: Hex | None) -> bool:
        if h not in tiles:
            return False
        stack = clouds.get(h)
        if stack:
            return tile_colour(biomes[h], stack) is mine
        colour = colours.get((h, came), _NO_ENTRY)
        return (colours[h, None] if colour is _NO_ENTRY else colour) is mine

    return bonus


_NO_ENTRY = object()
"""No colour recorded for a tile entered from there (not a neighbour): the tile's own."""


_colours_of: dict[int, tuple[tuple[object, ...],
                             dict[tuple[Hex, Hex | None], BonusColour | None]]] = {}
"""The entry colours of the last few boards (``Game.board``, its landscape first), by
identity (boards are interned: equal landscapes share one)."""
_COLOURS_KEPT = 8


def _entry_colours(game: Game) -> dict[tuple[Hex, Hex | None], BonusColour | None]:
    """The colour of each landscape tile without clouds, entered from each neighbour (or
    from nowhere: ``None``), for the game's landscape (remembered for a few boards: a
    process replaying or playing several games goes back and forth between them)."""
    board = game.board
    last = _colours_of.get(id(board))
    if last is not None and last[0] is board:
        return last[1]
    table: dict[tuple[Hex, Hex | None], BonusColour | None] = {}
    for h in game.tiles:
        biome = game.biomes[h]
        table[h, None] = tile_colour(biome, None)
        for came in h.neighbors():
            entered = entered_biome(biome, game.halves[h], _facing(h, came)) \
                if h in game.halves else biome
            table[h, came] = tile_colour(entered, None)
    if len(_colours_of) >= _COLOURS_KEPT:
        _colours_of.clear()
    _colours_of[id(board)] = (board, table)  # the board kept alive: its id is not reused
    return table


def _facing(h: Hex, neighbour: Hex) -> Direction | None:
    """The direction from ``h`` to its neighbour (``None`` if it is not one)."""
    for d, n in zip(Direction, h.neighbors(), strict=True):
        if n == neighbour:
            return d
    return None


def _step(game: Game, state: State, pos: Hex, h: Hex, others: Collection[Hex]) -> str | None:
    """The rule code and message forbidding the step ``pos`` -> ``h`` (``None``: allowed)."""
    if pos.distance(h) != 1:
        return f"journey.not-adjacent|{h} is not next to {pos}"
    if h in game.tiles:
        why = obstacle(game, state, h, others)
        return None if why is None else f"journey.obstacle|{h} holds {why}"
    if pos not in game.tiles:
        return f"journey.take-off|from the ground, take off toward an adjacent landscape tile, not {h}"
    if h in game.airports:
        return f"journey.obstacle|the airport at {h} is occupied" if h in others else None
    if h in game.cities:
        return f"journey.city|landing in a city without an airport ({h}) is forbidden"
    return f"journey.off-board|{h} is off the board: you cannot voluntarily leave it"


def _raise(code: str) -> IllegalActionError:
    rule, message = code.split("|", 1)
    return IllegalActionError(rule, message)


def check_journey(game: Game, state: State, mover: int, path: tuple[Hex, ...],
                  overloaded: bool) -> Flight:
    """Check ``path`` for the mover's aircraft (on the state's board); raise
    ``IllegalActionError`` naming the broken rule. When the mover's journeys were listed
    for this situation (``flights``: bots apply every legal action of a turn) the path is
    looked up there; otherwise it is walked step by step (``explain_journey``, held to
    ``flights`` by a property test)."""
    known = _known_flights(game, state, mover, overloaded)
    if known is not None:
        flight = known.get(path)
        if flight is not None:
            return flight
    return explain_journey(game, state, mover, path, overloaded)


def explain_journey(game: Game, state: State, mover: int, path: tuple[Hex, ...],
                    overloaded: bool) -> Flight:
    """Walk ``path`` step by step for the mover's aircraft and raise ``IllegalActionError``
    naming the first rule it breaks; the flight when it breaks none."""
    start = state.planes[mover].hex
    assert start is not None
    if not path:
        raise IllegalActionError("journey.empty", "your aircraft must advance at least one tile")
    if len(path) > MAX_BASE + 1:
        raise IllegalActionError("journey.too-long", "a journey is at most two base tiles and "
                                 "one bonus tile")
    others = occupied(state, mover)
    unknown = dark(state.night, state.clouds)
    pos = start
    for k, h in enumerate(path):
        if k and path[k - 1] not in game.tiles:
            raise IllegalActionError("journey.after-landing", "landing ends your journey")
        if k and path[k - 1] in unknown:
            raise IllegalActionError("night.reveal", f"entering the unknown tile {path[k - 1]} "
                                     "without a cloud flips it and ends the journey")
        problem = _step(game, state, pos, h, others)
        if problem is not None:
            raise _raise(problem)
        pos = h
    base_limit = 1 if overloaded else MAX_BASE
    bonus = False
    if len(path) == 2:
        as_base = base_limit == 2 and path[1] != start
        bonus = has_bonus(game, state, mover, path[0], start)
        if not as_base and not bonus:
            if base_limit == 1:
                raise IllegalActionError("journey.overload", "an overloaded aircraft moves a "
                                         "single base tile (then its bonus, if earned)")
            raise IllegalActionError("journey.u-turn", f"the second base tile cannot go back "
                                     f"to {start} (no U-turn)")
        bonus = not as_base
    elif len(path) == 3:
        if base_limit == 1:
            raise IllegalActionError("journey.overload", "an overloaded aircraft moves a single "
                                     "base tile (then its bonus, if earned)")
        if path[1] == start:
            raise IllegalActionError("journey.u-turn", f"the second base tile cannot go back to "
                                     f"{start} (no U-turn)")
        if not has_bonus(game, state, mover, path[1], path[0]):
            raise IllegalActionError("journey.no-bonus", f"{path[1]} is not the colour of the "
                                     f"{game.companies[mover].aircraft.value}'s bonus")
        bonus = True
    return Flight(path, pos, pos not in game.tiles, bonus)


@last_answer
def storms(clouds: Mapping[Hex, Stack]) -> frozenset[Hex]:
    """The tiles under a storm or a Tempest (the last sky asked about is remembered)."""
    return frozenset(h for h, stack in clouds.items()
                     if stack and any(t.side is CloudSide.STORM for t in stack))


@last_answer
def _open(game: Game, mountains: frozenset[Hex], stormy: frozenset[Hex]
          ) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """The landscape tiles neither a mountain nor under a storm, and those with the airports
    (the last sky asked about is remembered)."""
    tiles = game.tiles - mountains - stormy
    return tiles, tiles | frozenset(game.airports)


def free_steps(game: Game, state: State, others: Collection[Hex]
               ) -> Callable[[Hex], list[Hex]]:
    """The hexes an aircraft at a hex may enter next (``_step`` allows them: a property test
    holds the two together): a free landscape tile, and from a landscape tile a free
    airport."""
    tiles, reach = game.tiles, game.reach
    open_tiles, open_places = _open(game, known_mountains(game.mountains, state.night),
                                    storms(state.clouds))

    def steps(pos: Hex) -> list[Hex]:
        near = reach.get(pos)
        if near is None:
            near = pos.neighbors()
        if pos in tiles:
            return [h for h in near if h in open_places and h not in others]
        return [h for h in near if h in open_tiles and h not in others]

    return steps


_FlightKey = tuple[int, int, int, Hex, bool, frozenset[Hex]]
_flight_memo: dict[_FlightKey, tuple[tuple[object, ...], Mapping[Hex, Stack],
                                     dict[tuple[Hex, ...], Flight]]] = {}
_FLIGHT_MEMO_SIZE = 64


def flights(game: Game, state: State, mover: int, overloaded: bool
            ) -> dict[tuple[Hex, ...], Flight]:
    """Every legal journey of the mover's aircraft with its flight, shortest first, then by
    hexes. Remembered for the last few situations (the game, the sky, the aircraft's place
    and overload, the other aircraft): ``apply`` checks each journey it is given against
    them, and bots apply every legal journey of a turn, in the game or in a world they
    sample (the game's ``board``, not the game itself: the journeys read nothing else of
    it). The table is shared: never change it."""
    start = state.planes[mover].hex
    assert start is not None
    others = occupied(state, mover)
    known = _known_flights(game, state, mover, overloaded, others)
    if known is not None:
        return known
    unknown = dark(state.night, state.clouds)  # night: a journey ends on the tile it flips
    made = tuple.__new__  # Flight(...) without the named tuple's Python-level __new__
    found = number_flights(game, state, mover, overloaded, others, unknown)
    if found is not None:
        table = {f[0]: made(Flight, f) for f in found}
    else:
        table = _walked_flights(game, state, mover, overloaded, others, unknown)
    if len(_flight_memo) >= _FLIGHT_MEMO_SIZE:
        _flight_memo.clear()
    _flight_memo[_flight_key(game, state, mover, overloaded, others)] = \
        (game.board, state.clouds, table)
    return table


def _walked_flights(game: Game, state: State, mover: int, overloaded: bool,
                    others: frozenset[Hex], unknown: frozenset[Hex]
                    ) -> dict[tuple[Hex, ...], Flight]:
    """``flights`` walked on hexes, for an aircraft standing where the numbered board has
    no number (``tables.number_flights`` works out all others)."""
    start = state.planes[mover].hex
    assert start is not None
    tiles = game.tiles
    steps = free_steps(game, state, others)
    firsts = steps(start)
    bonus = bonus_check(game, state, mover)
    made = tuple.__new__  # Flight(...) without the named tuple's Python-level __new__
    ones = [made(Flight, ((h,), h, h not in tiles, False)) for h in firsts]
    twos: list[Flight] = []
    threes: list[Flight] = []
    for a in firsts:
        if a not in tiles or a in unknown:
            continue
        bonus_a = bonus(a, start)
        for b in steps(a):
            as_base = not overloaded and b != start
            if as_base or bonus_a:
                twos.append(made(Flight, ((a, b), b, b not in tiles, not as_base)))
            if overloaded or b == start or b not in tiles or b in unknown or \
                    not bonus(b, a):
                continue
            threes.extend([made(Flight, ((a, b, c), c, c not in tiles, True))
                           for c in steps(b)])
    # shortest first, then by hexes: flights sort by their path first, unique in a length
    ones.sort()
    twos.sort()
    threes.sort()
    return {f.path: f for f in (*ones, *twos, *threes)}


def _flight_key(game: Game, state: State, mover: int, overloaded: bool,
                others: frozenset[Hex]) -> _FlightKey:
    hex_ = state.planes[mover].hex
    assert hex_ is not None
    return (id(game.board), id(state.clouds), mover, hex_, overloaded, others)


_last_flights: tuple[tuple[object, ...], tuple[Plane, ...], Mapping[Hex, Stack], int, bool,
                    dict[tuple[Hex, ...], Flight], Chute | None] | None = None


def _known_flights(game: Game, state: State, mover: int, overloaded: bool,
                   others: frozenset[Hex] | None = None
                   ) -> dict[tuple[Hex, ...], Flight] | None:
    """The flights listed for this situation, if they were (``others``: the other aircraft's
    hexes, when known)."""
    global _last_flights
    last = _last_flights
    board = game.board
    if last is not None and last[0] is board and last[1] is state.planes \
            and last[2] is state.clouds and last[3] == mover and last[4] == overloaded \
            and last[6] is state.chute:
        return last[5]
    if others is None:
        others = occupied(state, mover)
    hit = _flight_memo.get(_flight_key(game, state, mover, overloaded, others))
    if hit is not None and hit[0] is board and hit[1] is state.clouds:
        _last_flights = (board, state.planes, state.clouds, mover, overloaded, hit[2],
                         state.chute)
        return hit[2]
    return None


def journeys(game: Game, state: State, mover: int, overloaded: bool) -> list[tuple[Hex, ...]]:
    """Every legal path of the mover's aircraft, shortest first, then by hexes."""
    return list(flights(game, state, mover, overloaded))


def can_move(game: Game, state: State, mover: int) -> bool:
    """Whether the mover's aircraft can make any journey (else it is blocked)."""
    start = state.planes[mover].hex
    assert start is not None
    return bool(free_steps(game, state, occupied(state, mover))(start))
