"""Balmy Balloonists on the game protocol (``rules/game.py``): a thin adapter, no rules
here."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from skyhex.rules.balloons import GAME, engine
from skyhex.rules.balloons.actions import Action, Fly, action_to_entry
from skyhex.rules.balloons.actions import action_from_entry as read_entry
from skyhex.rules.balloons.scenario import Scenario
from skyhex.rules.balloons.scoring import scores
from skyhex.rules.balloons.state import Game, Phase, State
from skyhex.rules.errors import InputError, Path, Problem
from skyhex.rules.game import Entry, Event, Metadata, ScoreRow


class Balloons:
    """The Balmy Balloonists ruleset: the participants are the balloons, named by colour (a
    moves file may name a balloon by its player)."""

    name = GAME

    def new_game(self, scenario: Scenario, pinned: Sequence[Mapping[str, Any]] = ()
                 ) -> tuple[Game, State, list[Event]]:
        return scenario.new_game(tuple(dict(p) for p in pinned))

    def actor(self, game: Game, state: State) -> str | None:
        i = state.actor
        return None if i is None else game.colours[i]

    def legal_actions(self, game: Game, state: State) -> list[Action]:
        return engine.legal_actions(game, state)

    def apply(self, game: Game, state: State, action: Action) -> tuple[State, list[Event]]:
        return engine.apply(game, state, action)

    def fits(self, game: Game, state: State, action: Action) -> bool:
        if self.actor(game, state) != action.balloon:
            return False
        return isinstance(action, Fly) == (state.phase is Phase.FLIGHT)

    def player_of(self, action: Action) -> str:
        return action.balloon

    def action_from_entry(self, game: Game, entry: Mapping[str, Any], path: Path = ()
                          ) -> Action:
        if "balloon" not in entry:
            raise InputError([Problem("moves.game", "an entry of another game in a Balmy "
                                      "Balloonists race (entries name their balloon)", path)])
        action = read_entry(entry, path)
        colours = {s.player: s.colour for s in game.seats if s.player is not None}
        named = {k: colours[v] for k in ("balloon", "on")
                 if (v := getattr(action, k, None)) not in game.index and v in colours}
        renamed: Action = replace(action, **named) if named else action  # type: ignore[arg-type]
        return renamed

    def action_to_entry(self, action: Action) -> Entry:
        return action_to_entry(action)

    def describe(self, action: Action) -> str:
        return action.describe()

    def view(self, game: Game, state: State, who: str | None) -> dict[str, Any]:
        return engine.view(game, state, who)

    def position(self, game: Game, state: State) -> dict[str, Any]:
        from skyhex.rules.balloons.position import position_block

        return position_block(game, state)

    def scores(self, game: Game, state: State) -> list[ScoreRow]:
        return scores(game, state)

    def moment(self, state: State) -> dict[str, Any]:
        return {"round": state.round, "phase": state.phase.value}

    # --- the machine interface --------------------------------------------------------

    def seats(self, game: Game) -> tuple[str, ...]:
        return tuple(game.colours)

    def sample_world(self, game: Game, state: State, who: str | None, rng: random.Random
                     ) -> tuple[Game, State]:
        from skyhex.rules.balloons.bots import determinize

        return determinize(game, state, who, rng)

    def metadata(self, game: Game) -> Metadata:
        from skyhex.rules.balloons.bots import CAP

        return Metadata(cap=CAP, score_range=(-1000.0, 1000.0), hidden=True)

    def event_view(self, game: Game, event: Event, who: str | None) -> Event:
        return engine.event_view(game, event, who) if who is not None else event


RULESET = Balloons()
