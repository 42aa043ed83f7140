"""The action encoding of Balmy Balloonists (``Ruleset.action_space``, ``action_index``,
``action_at``): every action a moves file could write at a moment, as one integer.

This is a stable public contract (``Metadata.version`` 1): an index names the same action
for the same scenario as long as the version stays. The balloon is not encoded: the balloon
to act fills it in when an index is decoded.

The space depends on the scenario through its component set and its number of balloons:
``N`` the balloons, ``W`` the Local Wind cards and ``A`` the Advantage cards (both in the
set's order, as its file lists them), and ``U`` the ways to play a Local Wind card: each
card, in order, for its wind, then for a Misfortune card if it shows the symbol, then for a
Quadrant card if it shows that one (``U = W`` + the cards with each symbol). Mixed-radix
digits:

- the **target** digit, ``N`` values: the balloon a card goes on, counted round the seat
  order from the player's own: 0 its own balloon (choice A), ``k`` the ``k``-th balloon
  after it (choice B);
- the **play** digit, ``U`` values: the card and its use, as above;
- the **exchange** digit, ``1 + A·W`` values: 0 none, ``1 + a·W + t`` giving up the
  ``a``-th Advantage card for the ``t``-th Local Wind card.

The blocks, in index order:

==========  ===============  ==========================================================
block       size             index within the block
==========  ===============  ==========================================================
pass        1                0
flight      10               0 stays grounded; ``1 + 3·(altitude - 1) + launch`` with
                             ``altitude`` 1 low, 2 medium, 3 high and ``launch`` 0 none,
                             1 one lane north, 2 one lane south
card play   ``N·U·(1+A·W)``  ``(exchange·U + play)·N + target``
==========  ===============  ==========================================================

So ``action_space = 11 + N·U·(1 + A·W)``: 225,041 for the standard set (48 Local Wind
cards, 10 with the Misfortune symbol and 7 with the Quadrant one, 12 Advantage cards) and
6 balloons, 75,021 for 2; the card plays without an exchange are the ``N·U`` indices from
11. It is a true bound: every field of every action that names the set's cards and the
race's balloons has its digit, whatever the hands. What it leaves out is never legal: a
card played for a symbol it does not show, a launch that stays on the ground.
``action_index`` refuses such an action (``IllegalActionError``, rule ``action.index``), as
one naming a card or a balloon the race does not have. The legal actions of a moment are
far fewer (at most some hundreds: the cards of the hand and the table, their uses, the
exchanges for each face-up card), but which ones depends on the hands, so no smaller fixed
bound holds them all.

``action_at`` decodes an index digit by digit, never listing the legal actions: in the card
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
from skyhex.rules.speed import last_answer

__all__ = ["FLIGHTS", "PLAYS", "Encoding", "action_at", "action_index", "action_space",
           "encoding"]

FLIGHTS = 1
"""The first flight index (after the pass, index 0)."""
PLAYS = FLIGHTS + 1 + 3 * 3
"""The first card-play index (11): the flights are staying grounded and three altitudes
with three launches each."""
LAUNCHES: tuple[Launch | None, ...] = (None, Launch.NORTH, Launch.SOUTH)
_LAUNCH_DIGIT = {launch: k for k, launch in enumerate(LAUNCHES)}
_FLYING = (Altitude.LOW, Altitude.MEDIUM, Altitude.HIGH)


@dataclass(frozen=True)
class Encoding:
    """The digits of one component set and number of balloons: the plays (card and use, in
    the play digit's order), the Local Wind and Advantage cards (the exchange digit's), and
    the positions of each."""

    seats: int
    plays: tuple[tuple[str, Use], ...]
    winds: tuple[str, ...]
    advantages: tuple[str, ...]
    play_at: Mapping[tuple[str, Use], int]
    wind_at: Mapping[str, int]
    advantage_at: Mapping[str, int]

    @property
    def space(self) -> int:
        """The number of indices: ``11 + N·U·(1 + A·W)``."""
        return PLAYS + self.seats * len(self.plays) * (1 + len(self.advantages) *
                                                        len(self.winds))


@last_answer
def _encoding_of(parts: ComponentSet, seats: int) -> Encoding:
    plays = tuple((c.id, use) for c in parts.local_wind.values()
                  for use, shown in ((Use.WIND, True), (Use.MISFORTUNE, c.misfortune),
                                     (Use.QUADRANT, c.quadrant)) if shown)
    winds, advantages = tuple(parts.local_wind), tuple(parts.advantage)
    return Encoding(seats, plays, winds, advantages, {p: k for k, p in enumerate(plays)},
                    {c: k for k, c in enumerate(winds)},
                    {c: k for k, c in enumerate(advantages)})


def encoding(game: Game) -> Encoding:
    """The encoding of ``game``: its component set's cards and its number of balloons (the
    last built is remembered: a process plays one component set at a time, and games that
    differ only by their seed, as sampled worlds do, share it; a count of balloons is a
    small int, the same object each time)."""
    return _encoding_of(game.components, len(game.seats))


def action_space(game: Game) -> int:
    """The number of indices of ``game`` (see the module's layout)."""
    return encoding(game).space


def _refused(what: str) -> IllegalActionError:
    return IllegalActionError("action.index", f"{what}: the action has no index in this race")


def action_index(game: Game, action: Action) -> int:
    """The index of ``action`` (see the module's layout); ``IllegalActionError`` (rule
    ``action.index``) for an action the space leaves out (never legal) or one naming a card
    or a balloon the race does not have."""
    if type(action) is Play:  # the common case first: most actions are card plays
        code = encoding(game)
        play = code.play_at.get((action.card, action.use))
        if play is None:
            raise _refused(f"{action.card!r} is no Local Wind card of the set"
                           if action.card not in code.wind_at else
                           f"{action.card} shows no {action.use.value} symbol")
        index = game.index
        me, on = index.get(action.balloon), index.get(action.on)
        if me is None or on is None:
            raise _refused(f"no balloon {action.balloon if me is None else action.on!r}")
        n = code.seats
        swap = action.exchange
        x = 0
        if swap is not None:
            a, t = code.advantage_at.get(swap.discard), code.wind_at.get(swap.take)
            if a is None:
                raise _refused(f"no Advantage card {swap.discard!r}")
            if t is None:
                raise _refused(f"no Local Wind card {swap.take!r}")
            x = 1 + a * len(code.winds) + t
        return PLAYS + (x * len(code.plays) + play) * n + (on - me) % n
    if isinstance(action, Fly):
        if action.altitude is Altitude.GROUNDED:
            if action.launch is not None:
                raise _refused("a launch that stays on the ground")
            return FLIGHTS
        return FLIGHTS + 1 + 3 * (action.altitude - 1) + _LAUNCH_DIGIT[action.launch]
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
        if index == FLIGHTS:
            return Fly(me, Altitude.GROUNDED)
        altitude, launch = divmod(index - FLIGHTS - 1, 3)
        return Fly(me, _FLYING[altitude], LAUNCHES[launch])
    if flight:
        raise index_error(index, space, "a card play, and the balloon flies now")
    n = code.seats
    rest, on = divmod(index - PLAYS, n)
    x, play = divmod(rest, len(code.plays))
    card, use = code.plays[play]
    swap = None
    if x:
        a, t = divmod(x - 1, len(code.winds))
        swap = Exchange(code.advantages[a], code.winds[t])
    return Play(me, card, game.colours[(seat + on) % n], use, swap)
