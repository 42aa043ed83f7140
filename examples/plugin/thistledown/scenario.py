"""Thistledown scenarios (``skyhex.scenario/1`` with ``game: thistledown``): the meadow (a
map file, inline, or left out: the meadow of the scenario's seed), the tufts in seat order,
the race's rounds, the seed, and an optional position to start from.

``scenario_from_dict`` reads a schema-valid document whose meadow was read already and
raises ``InputError`` listing every semantic problem with its JSON path. ``position_block``
writes a moment of a race as a scenario's ``position`` (the referee's view: every hand);
``read_position`` reads it back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from skyhex.rules.errors import InputError, Problem
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Direction, Hex

from thistledown.engine import check_seats, default_starts, new_game
from thistledown.meadow import Meadow
from thistledown.state import GUSTS, HAND, ROUNDS, Game, Position, Seat, State


@dataclass(frozen=True)
class Scenario:
    """A race ready to start."""

    meadow: Meadow
    seats: tuple[Seat, ...]
    rounds: int = ROUNDS
    seed: int = 0
    title: str | None = None
    position: Position | None = None

    @property
    def map(self) -> Meadow:
        """The scenario's map (what analytics measure)."""
        return self.meadow

    def new_game(self, pinned: tuple[dict[str, Any], ...] = ()
                 ) -> tuple[Game, State, list[Event]]:
        return new_game(self.meadow, self.seats, self.rounds, self.seed, pinned, self.position)

    def with_seed(self, seed: int) -> Scenario:
        return replace(self, seed=seed)


def scenario_from_dict(data: Mapping[str, Any], meadow: Meadow) -> Scenario:
    """A schema-valid Thistledown scenario on its meadow; ``InputError`` lists every
    semantic problem."""
    tufts = data["tufts"]
    starts = default_starts(meadow, len(tufts))
    seats = tuple(Seat(t["colour"], t.get("player"),
                       Hex(*t["start"]) if "start" in t else starts[k])
                  for k, t in enumerate(tufts))
    problems = [Problem(p.rule.replace("setup.", "scenario."), p.message, p.path, p.hint)
                for p in check_seats(meadow, seats)]
    rounds = data.get("rounds", ROUNDS)
    position = None
    if "position" in data and not problems:
        position = read_position(data["position"], seats, meadow, rounds, problems)
    if problems:
        raise InputError(problems)
    return Scenario(meadow, seats, rounds, data.get("seed", 0), data.get("title"), position)


def position_block(game: Game, state: State) -> dict[str, Any]:
    """The ``position`` section that starts ``game`` at ``state``; ``ValueError`` once the
    race is over."""
    if state.over:
        raise ValueError("the race is over: there is no position to start from")
    return {
        "round": state.round, "actor": game.colours[state.seat], "draws": state.draws,
        "wind": state.wind.name,
        "tufts": {colour: {"hex": [h.q, h.r], "hand": list(hand), "home": home}
                  for colour, h, hand, home in zip(game.colours, state.hexes, state.hands,
                                                   state.home, strict=True)},
    }


def read_position(doc: Mapping[str, Any], seats: Sequence[Seat], meadow: Meadow,
                  rounds: int, problems: list[Problem]) -> Position:
    """The schema-valid ``position`` section ``doc``; every problem is appended to
    ``problems``, its path starting with ``position``. Checked: every tuft written once, on
    an open hex, at the hedge exactly when home (in a round already played), its hand of
    gust tokens (a full hand in flight); the tuft to act not home; the round within the
    race."""
    colours = [s.colour for s in seats]
    written = doc["tufts"]
    for colour in written:
        if colour not in colours:
            problems.append(Problem("position.tuft", f"{colour!r} is no tuft of the race",
                                    ("position", "tufts", colour)))
    hexes, hands, homes = [], [], []
    for seat in seats:
        at = ("position", "tufts", seat.colour)
        t = written.get(seat.colour)
        if t is None:
            problems.append(Problem("position.tuft", f"tuft {seat.colour} is not written",
                                    ("position", "tufts")))
            t = {"hex": list(seat.start), "hand": [1] * HAND, "home": None}
        h = Hex(*t["hex"])
        home = t.get("home")
        if not meadow.open(h):
            problems.append(Problem("position.hex", f"{seat.colour} on {h}: not an open hex "
                                    "of the meadow", (*at, "hex")))
        if (home is not None) != meadow.at_hedge(h):
            problems.append(Problem("position.home", f"{seat.colour} is home exactly when at "
                                    "the hedge", (*at, "home")))
        if home is not None and home > doc["round"]:
            problems.append(Problem("position.home", f"{seat.colour} home in round {home}, "
                                    f"after round {doc['round']}", (*at, "home")))
        hand = tuple(sorted(t["hand"]))
        if any(g not in GUSTS for g in hand) or len(hand) > HAND or \
                (home is None and len(hand) != HAND):
            problems.append(Problem("position.hand", f"a tuft in flight holds {HAND} gust "
                                    f"tokens (one at home has played one more), each "
                                    f"{' or '.join(map(str, GUSTS))}", (*at, "hand")))
        hexes.append(h)
        hands.append(hand)
        homes.append(home)
    actor = doc["actor"]
    acting = colours.index(actor) if actor in colours else 0
    if actor not in colours:
        problems.append(Problem("position.actor", f"{actor!r} is no tuft of the race",
                                ("position", "actor")))
    elif homes[acting] is not None:
        problems.append(Problem("position.actor", f"{actor} is home: it flies no more",
                                ("position", "actor")))
    if doc["round"] > rounds:
        problems.append(Problem("position.round", f"round {doc['round']} is past the race's "
                                f"{rounds} rounds", ("position", "round")))
    return Position(doc["round"], acting, tuple(hexes), tuple(hands), tuple(homes),
                    Direction.parse(doc["wind"]), doc["draws"])
