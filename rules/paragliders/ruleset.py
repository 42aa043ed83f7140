"""Paragliders on the game protocol (``rules/game.py``): a thin adapter, no rules here."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from skyhex.rules.errors import InputError, Path, Problem
from skyhex.rules.game import Entry, Event, Metadata, ScoreRow
from skyhex.rules.paragliders import GAME, engine
from skyhex.rules.paragliders.actions import Action, WindChoice
from skyhex.rules.paragliders.actions import action_from_entry as read_entry
from skyhex.rules.paragliders.clock import format_clock
from skyhex.rules.paragliders.scenario import Scenario
from skyhex.rules.paragliders.state import Game, Phase, State
from skyhex.rules.paragliders.view import state_json


class Paragliders:
    """The Paragliders ruleset: pilots named by their player's name or colour."""

    name = GAME

    def new_game(self, scenario: Scenario, pinned: Sequence[Mapping[str, Any]] = ()
                 ) -> tuple[Game, State, list[Event]]:
        return engine.new_game(scenario, tuple(dict(p) for p in pinned))

    def actor(self, game: Game, state: State) -> str | None:
        pilot = state.actor
        return None if pilot is None else pilot.ident

    def legal_actions(self, game: Game, state: State) -> list[Action]:
        return engine.legal_actions(game, state)

    apply = staticmethod(engine.apply)  # called for every action: no call in between

    def fits(self, game: Game, state: State, action: Action) -> bool:
        pilot = state.actor
        return pilot is not None and pilot.ident == action.player and \
            (state.phase is Phase.WIND_PUSH) == isinstance(action, WindChoice)

    def player_of(self, action: Action) -> str:
        return action.player

    def action_from_entry(self, game: Game, entry: Mapping[str, Any], path: Path = ()
                          ) -> Action:
        if "company" in entry:
            raise InputError([Problem("moves.game", "a Turbulences entry in a Paragliders "
                                      "game (entries name their player)", path)])
        action = read_entry(dict(entry), path)
        player = game.scenario.player(action.player)  # a colour names its player too
        return replace(action, player=player.ident) if player else action

    def action_to_entry(self, action: Action) -> Entry:
        return action.to_entry()

    def describe(self, action: Action) -> str:
        return action.describe()

    def view(self, game: Game, state: State, who: str | None) -> dict[str, Any]:
        return state_json(game, state)

    def position(self, game: Game, state: State) -> dict[str, Any]:
        from skyhex.rules.paragliders.position import position_block

        return position_block(game, state)

    def scores(self, game: Game, state: State) -> list[ScoreRow]:
        return engine.scores(game, state)

    def moment(self, state: State) -> dict[str, Any]:
        return {"round": state.round, "time": format_clock(state.time),
                "phase": state.phase.value}

    # --- the machine interface --------------------------------------------------------

    def seats(self, game: Game) -> tuple[str, ...]:
        return tuple(p.ident for p in game.scenario.players)

    def sample_world(self, game: Game, state: State, who: str | None, rng: random.Random
                     ) -> tuple[Game, State]:
        from skyhex.rules.paragliders.bots import determinize

        return determinize(game, state, who, rng)

    def metadata(self, game: Game) -> Metadata:
        from skyhex.rules.paragliders.bots import CAP

        return Metadata(cap=CAP, score_range=(-1000.0, 1000.0), hidden=False)

    def event_view(self, game: Game, event: Event, who: str | None) -> Event:
        return event


RULESET = Paragliders()
