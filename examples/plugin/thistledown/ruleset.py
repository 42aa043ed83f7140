"""Thistledown on the game protocol (``skyhex.rules.game.Ruleset``): a thin adapter over
``engine``, with the machine interface.

The action encoding (``action_space`` 18, version 1): a flight ``Fly(tuft, direction,
gust)`` of the tuft to act is ``3 * direction + (gust - 1)``, directions numbered clockwise
from north (N 0, NE 1, SE 2, S 3, SW 4, NW 5) and gusts 1 to 3. Every index names a flight;
``apply`` refuses one whose gust is not in the hand.

Moves-file entries: ``{tuft: white, fly: NE, gust: 2}`` (the tuft by its colour or its
player's name). Chance is exposed by reseeding (``Metadata.chance``): the gust tokens and
the wind die are seeded draws, which ``sample_world`` draws from a fresh seed, and a moves
file may pin (``{gust: 3}``, ``{wind_die: SE}``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from skyhex.rules.errors import IllegalActionError, InputError, Path, Problem
from skyhex.rules.game import Entry, Event, Metadata, Ruleset, ScoreRow
from skyhex.rules.hexgrid import DIRECTIONS, Direction
from skyhex.rules.machine import index_error

from thistledown import GAME, engine
from thistledown.scenario import Scenario, position_block
from thistledown.state import GUSTS, Fly, Game, State

SPACE = len(DIRECTIONS) * len(GUSTS)
"""The number of action indices."""


class Thistledown:
    """The Thistledown ruleset: the participants are the tufts, named by colour."""

    name = GAME

    def new_game(self, scenario: Scenario, pinned: Sequence[Mapping[str, Any]] = ()
                 ) -> tuple[Game, State, list[Event]]:
        return scenario.new_game(tuple(dict(p) for p in pinned))

    def actor(self, game: Game, state: State) -> str | None:
        return None if state.over else game.colours[state.seat]

    def legal_actions(self, game: Game, state: State) -> list[Fly]:
        return engine.legal_actions(game, state)

    def apply(self, game: Game, state: State, action: Fly) -> tuple[State, list[Event]]:
        events: list[Event] = []
        return engine.resolve(game, state, action, events), events

    def fits(self, game: Game, state: State, action: Fly) -> bool:
        return not state.over and action.tuft == game.colours[state.seat]

    def player_of(self, action: Fly) -> str:
        return action.tuft

    def action_from_entry(self, game: Game, entry: Mapping[str, Any], path: Path = ()
                          ) -> Fly:
        if "tuft" not in entry:
            raise InputError([Problem("moves.game", "an entry of another game in a "
                                      "Thistledown race (entries name their tuft)", path)])
        players = {s.player: s.colour for s in game.seats if s.player is not None}
        tuft = players.get(entry["tuft"], entry["tuft"])
        return Fly(tuft, Direction.parse(entry["fly"]), int(entry["gust"]))

    def action_to_entry(self, action: Fly) -> Entry:
        return {"tuft": action.tuft, "fly": action.direction.name, "gust": action.gust}

    def describe(self, action: Fly) -> str:
        return action.describe()

    def view(self, game: Game, state: State, who: str | None) -> dict[str, Any]:
        return engine.view(game, state, who)

    def position(self, game: Game, state: State) -> dict[str, Any]:
        return position_block(game, state)

    def scores(self, game: Game, state: State) -> list[ScoreRow]:
        return engine.scores(game, state)

    def moment(self, state: State) -> dict[str, Any]:
        return {"round": state.round, "phase": "over" if state.over else "flight"}

    # --- the machine interface --------------------------------------------------------

    def advance(self, game: Game, state: State, action: Fly) -> State:
        return engine.resolve(game, state, action, None)

    def action_space(self, game: Game) -> int:
        return SPACE

    def action_index(self, game: Game, action: Fly) -> int:
        return int(action.direction) * len(GUSTS) + GUSTS.index(action.gust)

    def action_at(self, game: Game, state: State, index: int) -> Fly:
        if not 0 <= index < SPACE or state.over:
            raise index_error(index, SPACE, "the race is over" if state.over else "")
        direction, gust = divmod(index, len(GUSTS))
        return Fly(game.colours[state.seat], Direction(direction), GUSTS[gust])

    def seats(self, game: Game) -> tuple[str, ...]:
        return game.colours

    def metadata(self, game: Game) -> Metadata:
        best = 2 * game.meadow.radius + game.rounds
        return Metadata(cap=game.rounds, score_range=(0.0, float(best)), hidden=True)

    def with_seed(self, scenario: Scenario, seed: int) -> Scenario:
        return scenario.with_seed(seed)

    def sample_world(self, game: Game, state: State, who: str | None, rng: random.Random
                     ) -> tuple[Game, State]:
        """The draws to come from a fresh seed, and the hands ``who`` cannot see drawn
        afresh, each its size (gust tokens are independent draws)."""
        world = replace(game, seed=rng.randrange(2**31), pinned=(), pinned_from=0)
        if who is None:
            return world, state
        hands = tuple(hand if colour == who else
                      tuple(sorted(rng.choice(GUSTS) for _ in hand))
                      for colour, hand in zip(game.colours, state.hands, strict=True))
        return world, state.evolve(hands=hands)

    def event_view(self, game: Game, event: Event, who: str | None) -> Event:
        return engine.event_view(game, event, who)


RULESET: Ruleset[Game, State, Fly] = Thistledown()
"""The ruleset the entry names (typed as the protocol, so that mypy holds the class to
it)."""

__all__ = ["RULESET", "SPACE", "IllegalActionError", "Thistledown"]
