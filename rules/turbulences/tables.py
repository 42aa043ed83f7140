"""Turbulences' own speed tricks, each written once and named here (the shared ones are in
``rules/speed.py``).

- ``shared_board``: one object for equal boards (``Game.board``: what the rules of a move
  read of a game, apart from chance and the weights). The listing's memos compare boards
  by identity, cheap at every action; interning them when a game is made gives equal
  games the same board, so a world a bot samples (``Game.redrawn``, or any copy equal in
  those parts) finds the journeys listed for the game it was drawn from.
- ``listing``: the day journeys ``legal_actions`` last listed (CORE.md section 5), each
  with what ``engine.advance`` needs not to check it again and its action index, and the
  journeys by index: ``action_index`` of a listed journey is a look-up, and ``action_at``
  of a listed index gives the listed journey itself, whose end ``advance`` shares with
  the journeys that end alike.
- ``numbered`` / ``number_flights``: the board's enterable hexes as small integers in
  ``(q, r)`` order, the sky's free tiles and bonus tiles as sets of them (``_sky``, the
  last sky remembered), and the journeys of section 5 walked on them: integers hash and
  compare faster than hexes, and paths of them sort as the paths of hexes do.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from skyhex.rules.speed import last_answer
from skyhex.rules.turbulences.aircraft import tile_colour
from skyhex.rules.turbulences.landscape import CloudSide, Stack
from skyhex.rules.turbulences.night import known_mountains

if TYPE_CHECKING:
    from skyhex.rules.hexgrid import Hex
    from skyhex.rules.turbulences.actions import Journey
    from skyhex.rules.turbulences.piloting import Flight
    from skyhex.rules.turbulences.state import Game, State

    Known = tuple[Journey, State, Flight, list[State | None], int]
    """A listed day journey, the state after its rebuild and parcel operations, its checked
    flight, its end (the state after it, once worked out) shared by the journeys listed
    with it that end alike, and its action index."""

listing: tuple[Game, State, dict[int, Known], dict[int, Journey]] | None = None
"""The last listing: its game and state, its journeys by id (kept alive here, so that no
other object takes their ids) and by action index (``legality``)."""

_BOARDS: list[tuple[object, ...]] = []
"""The last boards made (a few games are played at once at most)."""
_KEPT = 8


def shared_board(board: tuple[object, ...]) -> tuple[object, ...]:
    """The board made before that equals ``board`` (compared by value), else ``board``,
    remembered."""
    for known in _BOARDS:
        if known is board or known == board:
            return known
    _BOARDS.insert(0, board)
    del _BOARDS[_KEPT:]
    return board


# --- the board as small integers ----------------------------------------------------------


class Numbered:
    """A board's enterable hexes (landscape tiles, cities and airports: ``Game.reach``'s)
    numbered in ``(q, r)`` order, so that paths of numbers sort as paths of hexes do: the
    hex of each number, the number of each hex, which are landscape tiles, the numbers next
    to each (``Game.reach``), and the entries that earn each bonus colour on a tile without
    clouds (``tile * size + came``: a tile of two halves shows the colour of the half
    entered)."""

    __slots__ = ("biomes", "bonus", "grounds", "hexes", "near", "number", "size", "tiles")

    def __init__(self, game: Game) -> None:
        from skyhex.rules.turbulences.piloting import _entry_colours

        hexes = tuple(sorted(game.reach))
        number = {h: k for k, h in enumerate(hexes)}
        size = len(hexes)
        self.hexes = hexes
        self.number = number
        self.size = size
        self.tiles = frozenset(number[h] for h in game.tiles if h in number)
        self.grounds = frozenset(range(size)) - self.tiles  # the cities and airports
        self.near = tuple(tuple(number[n] for n in game.reach[h]) for h in hexes)
        bonus: dict[object, set[int]] = {}
        for (h, came), colour in _entry_colours(game).items():
            if came is not None and came in number and h in number:
                bonus.setdefault(colour, set()).add(number[h] * size + number[came])
        self.bonus = {colour: frozenset(codes) for colour, codes in bonus.items()}
        self.biomes = game.biomes


_numbered: dict[int, tuple[tuple[object, ...], Numbered]] = {}


def numbered(game: Game) -> Numbered:
    """The game's board as small integers (``Numbered``), made once a board (remembered for
    a few, by identity: boards are interned)."""
    board = game.board
    known = _numbered.get(id(board))
    if known is not None and known[0] is board:
        return known[1]
    made = Numbered(game)
    if len(_numbered) >= _KEPT:
        _numbered.clear()
    _numbered[id(board)] = (board, made)  # the board kept alive: its id is not reused
    return made


@last_answer
def _sky(board: Numbered, clouds: Mapping[Hex, Stack], mountains: frozenset[Hex]
         ) -> tuple[frozenset[int], frozenset[int], frozenset[int], dict[object, frozenset[int]]]:
    """A sky on a numbered board: the tiles free of mountains and storms, with the airports
    too (every enterable hex that is not a tile), the clouded tiles, and those of them that
    earn each bonus colour (the last sky asked about is remembered)."""
    number = board.number
    shut = {number[h] for h in mountains if h in number}
    clouded: set[int] = set()
    colours: dict[object, set[int]] = {}
    biomes = board.biomes
    for h, stack in clouds.items():
        if not stack or h not in number:
            continue
        k = number[h]
        clouded.add(k)
        if any(t.side is CloudSide.STORM for t in stack):
            shut.add(k)
        colours.setdefault(tile_colour(biomes[h], stack), set()).add(k)
    open_tiles = board.tiles - shut
    places = open_tiles | board.grounds
    return open_tiles, places, frozenset(clouded), \
        {colour: frozenset(ks) for colour, ks in colours.items()}


def number_flights(game: Game, state: State, mover: int, overloaded: bool,
                   others: frozenset[Hex], unknown: frozenset[Hex]
                   ) -> list[tuple[tuple[Hex, ...], Hex, bool, bool]] | None:
    """``piloting.flights``' journeys worked out on numbers: (path, end, landed, bonus) of
    each, shortest first, then by hexes (a property test holds it to ``explain_journey``);
    ``None`` when the aircraft stands where no number is (the caller walks the hexes)."""
    board = numbered(game)
    number = board.number
    start = number.get(state.planes[mover].hex)  # type: ignore[arg-type]
    if start is None:
        return None
    open_tiles, places, clouded, cloud_bonus = _sky(
        board, state.clouds, known_mountains(game.mountains, state.night))
    mine = game.companies[mover].aircraft.bonus
    entry = board.bonus.get(mine, _NONE)
    lit = cloud_bonus.get(mine, _NONE)
    size = board.size
    tiles = board.tiles
    near = board.near
    taken = {number[h] for h in others if h in number} if others else _NONE
    dark = {number[h] for h in unknown if h in number} if unknown else _NONE
    hexes = board.hexes
    out: list[tuple[tuple[Hex, ...], Hex, bool, bool]] = []
    firsts = [n for n in near[start] if n in (places if start in tiles else open_tiles) and
              n not in taken]
    for a in firsts:
        h = hexes[a]
        out.append(((h,), h, a not in tiles, False))
    twos: list[tuple[int, int, bool]] = []
    threes: list[tuple[int, int, int]] = []
    for a in firsts:
        if a not in tiles or a in dark:
            continue
        bonus_a = a in lit if a in clouded else a * size + start in entry
        for b in near[a]:
            if b not in places or b in taken:
                continue
            as_base = not overloaded and b != start
            if as_base or bonus_a:
                twos.append((a, b, not as_base))
            if overloaded or b == start or b not in tiles or b in dark or \
                    not (b in lit if b in clouded else b * size + a in entry):
                continue
            threes.extend([(a, b, c) for c in near[b] if c in places and c not in taken])
    out.sort()  # the hexes of one tile sort as their numbers do
    twos.sort()
    for a, b, bonus in twos:
        h = hexes[b]
        out.append(((hexes[a], h), h, b not in tiles, bonus))
    threes.sort()
    for a, b, c in threes:
        h = hexes[c]
        out.append(((hexes[a], hexes[b], h), h, c not in tiles, True))
    return out


_NONE: frozenset[int] = frozenset()


__all__ = ["Numbered", "listing", "number_flights", "numbered", "shared_board"]
