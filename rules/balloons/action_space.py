"""The action encoding of Balmy Balloonists: every action a moves file can write at a moment
as one integer (``Ruleset.action_index``, ``action_at``), a stable public contract
(``Metadata.version`` 1).

The index names everything an action says but its balloon (the balloon to act at the state
it is decoded for). For a game with ``W`` Local Wind cards, ``A`` Advantage cards (both in
the component set's order, as its file lists them) and ``N`` balloons, the indices are laid
out in mixed radix:

- ``0``: ``Pass``;
- ``1 + 3 * altitude + launch`` (1-12): ``Fly``; ``altitude`` 0 grounded, 1 low, 2 medium,
  3 high; ``launch`` 0 none, 1 north, 2 south;
- ``13 + ((x * W + card) * 3 + use) * N + on``: ``Play``; ``on`` the target balloon counted
  round the seat order from the player's own (0: its own balloon, choice A; ``k``: the
  ``k``-th balloon after it); ``use`` 0 wind, 1 misfortune, 2 quadrant; ``card`` the
  Local Wind card played; ``x`` 0 without an exchange, ``1 + a * W + t`` giving up the
  ``a``-th Advantage card for the ``t``-th Local Wind card.

So ``action_space = 13 + 3 * N * W * (1 + A * W)``: a true bound, since every field of
every writable action with the set's cards and the race's balloons has its digit (498,541
for the standard set's 48 Local Wind and 12 Advantage cards and 6 balloons; the card plays
without an exchange are the ``3 * N * W`` indices from 13). The legal actions of a moment
are far fewer (some hundreds at most: hand and table cards times uses times exchanges) but
which ones depends on the hands, so no smaller fixed bound holds them all.

``action_at`` decodes an index structurally, never listing the legal actions: in the card
phase the pass and card-play indices decode (legal or not: ``apply`` judges them) and the
flight indices raise ``IllegalActionError`` (rule ``action.index``); in the flight phase the
reverse; once the race is over, every index raises.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from skyhex.rules.balloons.actions import Action, Exchange, Fly, Launch, Pass, Play, Use
from skyhex.rules.balloons.components import Altitude, ComponentSet
from skyhex.rules.balloons.state import Game, Phase, State
from skyhex.rules.errors import IllegalActionError
from skyhex.rules.machine import index_error

FLIGHTS = 1
"""The first flight index (after the pass, index 0)."""
PLAYS = FLIGHTS + 3 * len(Altitude)
"""The first card-play index (13)."""
LAUNCHES: tuple[Launch | None, ...] = (None, Launch.NORTH, Launch.SOUTH)
USES = (Use.WIND, Use.MISFORTUNE, Use.QUADRANT)
_LAUNCH_DIGIT = {launch: k for k, launch in enumerate(LAUNCHES)}
_USE_DIGIT = {use: k for k, use in enumerate(USES)}
_ALTITUDES = tuple(Altitude)


@dataclass(frozen=True)
class Encoding:
    """The digits' tables of one component set and number of balloons."""

    winds: tuple[str, ...]
    advantages: tuple[str, ...]
    seats: int
    wind_at: Mapping[str, int]
    advantage_at: Mapping[str, int]

    @property
    def space(self) -> int:
        """The number of indices: ``13 + 3 * N * W * (1 + A * W)``."""
        w = len(self.winds)
        return PLAYS + 3 * self.seats * w * (1 + len(self.advantages) * w)


def _encoding_of(parts: ComponentSet, seats: int) -> Encoding:
    winds, advantages = tuple(parts.local_wind), tuple(parts.advantage)
    return Encoding(winds, advantages, seats, {c: k for k, c in enumerate(winds)},
                    {c: k for k, c in enumerate(advantages)})


_last: tuple[ComponentSet, int, Encoding] | None = None
"""The last encoding built (a one-slot memo: a process plays one component set at a time,
and games that differ only by their seed, as sampled worlds do, share it)."""


def encoding(game: Game) -> Encoding:
    """The encoding of ``game``: its component set's cards and its number of balloons."""
    global _last
    parts, seats = game.components, len(game.seats)
    last = _last
    if last is not None and last[0] is parts and last[1] == seats:
        return last[2]
    found = _encoding_of(parts, seats)
    _last = (parts, seats, found)
    return found


def action_space(game: Game) -> int:
    """The number of indices of ``game`` (see the module's layout)."""
    return encoding(game).space


def _unknown(what: str) -> IllegalActionError:
    return IllegalActionError("action.index", f"{what}: the action has no index in this race")


def action_index(game: Game, action: Action) -> int:
    """The index of ``action`` (see the module's layout); ``IllegalActionError`` (rule
    ``action.index``) for an action naming a card or a balloon the race does not have."""
    if type(action) is Play:  # the common case first: most actions are card plays
        code = encoding(game)
        card = code.wind_at.get(action.card)
        if card is None:
            raise _unknown(f"no Local Wind card {action.card!r}")
        index = game.index
        me, on = index.get(action.balloon), index.get(action.on)
        if me is None or on is None:
            raise _unknown(f"no balloon {action.balloon if me is None else action.on!r}")
        n, w = code.seats, len(code.winds)
        swap = action.exchange
        x = 0
        if swap is not None:
            a, t = code.advantage_at.get(swap.discard), code.wind_at.get(swap.take)
            if a is None:
                raise _unknown(f"no Advantage card {swap.discard!r}")
            if t is None:
                raise _unknown(f"no Local Wind card {swap.take!r}")
            x = 1 + a * w + t
        return PLAYS + ((x * w + card) * 3 + _USE_DIGIT[action.use]) * n + (on - me) % n
    if isinstance(action, Fly):
        return FLIGHTS + 3 * action.altitude + _LAUNCH_DIGIT[action.launch]
    return 0


def action_at(game: Game, state: State, index: int) -> Action:
    """The action ``index`` names for the balloon to act at ``state`` (see the module's
    layout), decoded without listing the legal actions; ``IllegalActionError`` (rule
    ``action.index``) for an index outside the space or of another kind of decision."""
    code = encoding(game)
    space = code.space
    seat = state.actor
    if seat is None:
        raise index_error(index, space, "the race is over")
    if not 0 <= index < space:
        raise index_error(index, space, "outside the action space")
    me = game.colours[seat]
    flight = state.phase is Phase.FLIGHT
    if index < PLAYS:
        if index == 0:
            if flight:
                raise index_error(index, space, "a pass, and the balloon flies now")
            return Pass(me)
        if not flight:
            raise index_error(index, space, "a flight, and a card is played first")
        altitude, launch = divmod(index - FLIGHTS, 3)
        return Fly(me, _ALTITUDES[altitude], LAUNCHES[launch])
    if flight:
        raise index_error(index, space, "a card play, and the balloon flies now")
    n, w = code.seats, len(code.winds)
    rest, on = divmod(index - PLAYS, n)
    rest, use = divmod(rest, 3)
    x, card = divmod(rest, w)
    swap = None
    if x:
        a, t = divmod(x - 1, w)
        swap = Exchange(code.advantages[a], code.winds[t])
    return Play(me, code.winds[card], game.colours[(seat + on) % n], USES[use], swap)


__all__ = ["Encoding", "action_at", "action_index", "action_space", "encoding"]
