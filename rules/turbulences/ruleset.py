"""Turbulences on the game protocol (``rules/game.py``): a thin adapter over the rules (the
action encoding is ``action_space``, the worlds ``worlds``), and the score bounds the
scoring rules give."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from skyhex.rules.errors import InputError, Path, Problem
from skyhex.rules.game import Entry, Event, Metadata, Ruleset, ScoreRow
from skyhex.rules.turbulences import GAME, engine
from skyhex.rules.turbulences import action_space as encoding
from skyhex.rules.turbulences.actions import Action, action_to_entry
from skyhex.rules.turbulences.actions import action_from_entry as read_entry
from skyhex.rules.turbulences.scenario import Scenario
from skyhex.rules.turbulences.scoring import scores
from skyhex.rules.turbulences.state import SHIPPING_SPACES, Game, State, parcel_colour
from skyhex.rules.turbulences.worlds import sample_world


class Turbulences:
    """The Turbulences ruleset: the participants are the companies, named by colour (a
    moves file may name a company by its player when that player has only one)."""

    name = GAME

    def new_game(self, scenario: Scenario, pinned: Sequence[Mapping[str, Any]] = ()
                 ) -> tuple[Game, State, list[Event]]:
        return scenario.new_game(tuple(dict(p) for p in pinned))

    def actor(self, game: Game, state: State) -> str | None:
        i = state.actor
        return None if i is None else game.companies[i].colour

    def legal_actions(self, game: Game, state: State) -> list[Action]:
        return engine.legal_actions(game, state)

    def apply(self, game: Game, state: State, action: Action) -> tuple[State, list[Event]]:
        return engine.apply(game, state, action)

    def fits(self, game: Game, state: State, action: Action) -> bool:
        return self.actor(game, state) == action.company

    def player_of(self, action: Action) -> str:
        return action.company

    def action_from_entry(self, game: Game, entry: Mapping[str, Any], path: Path = ()
                          ) -> Action:
        if "company" not in entry:
            raise InputError([Problem("moves.game", "not an entry of a turbulences game: its "
                                      "entries name their company", path)])
        name = entry["company"]
        named = [c.colour for c in game.companies if c.player == name and c.colour != name]
        if len(named) > 1:
            raise InputError([Problem("moves.company", f"{name!r} controls {len(named)} "
                                      f"companies ({', '.join(named)}): name the company by "
                                      "its colour", (*path, "company"))])
        action = read_entry(entry, path)
        if named and game.index(name) is None:
            return replace(action, company=named[0])
        return action

    def action_to_entry(self, action: Action) -> Entry:
        return action_to_entry(action)

    def describe(self, action: Action) -> str:
        return action.describe()

    def view(self, game: Game, state: State, who: str | None) -> dict[str, Any]:
        return engine.view(game, state, who)

    def position(self, game: Game, state: State) -> dict[str, Any]:
        from skyhex.rules.turbulences.position import position_block

        return position_block(game, state)

    def scores(self, game: Game, state: State) -> list[ScoreRow]:
        return [s.to_dict() for s in scores(game, state)]

    def moment(self, state: State) -> dict[str, Any]:
        return {"round": state.turn, "turn": state.turn, "phase": state.phase.value}

    # --- the machine interface (docs/library.md) -----------------------------------------

    # the engine's and the encoding's functions themselves, not methods that call them: a
    # random game by index makes one call per legal action (``rules.machine``)
    advance = staticmethod(engine.advance)
    action_space = staticmethod(encoding.action_space)
    action_index = staticmethod(encoding.action_index)
    action_at = staticmethod(encoding.action_at)

    def seats(self, game: Game) -> tuple[str, ...]:
        return tuple(c.colour for c in game.companies)

    def metadata(self, game: Game) -> Metadata:
        from skyhex.rules.turbulences.bots import CAP

        return Metadata(cap=CAP, score_range=score_range(game), hidden=True,
                        chance="reseed", version=1)

    def with_seed(self, scenario: Scenario, seed: int) -> Scenario:
        return replace(scenario, seed=seed)

    def sample_world(self, game: Game, state: State, who: str | None, rng: random.Random
                     ) -> tuple[Game, State]:
        return sample_world(game, state, who, rng)

    def event_view(self, game: Game, event: Event, who: str | None) -> Event:
        return engine.event_view(game, event, who) if who is not None else event


def score_range(game: Game) -> tuple[float, float]:
    """The lowest and highest score of a company (``scoring``: 1 point a kilo delivered to
    its airport, 1 a space of its region's shipping zone left empty): 0 (nothing delivered,
    the zone full), and the heaviest colour's weights (only a company's own colour is
    delivered to its airport: 16 kilos for the five parcels of ``PARCEL_WEIGHTS``) with the
    whole zone empty (``SHIPPING_SPACES``: 21 in all). Bounds, seldom reached: the game ends
    once a delivery zone holds three parcels."""
    weights: dict[str, int] = {}
    for parcel, weight in game.weights.items():
        colour = parcel_colour(parcel)
        weights[colour] = weights.get(colour, 0) + weight
    return 0.0, float(max(weights.values(), default=0) + SHIPPING_SPACES)


RULESET: Ruleset[Game, State, Action] = Turbulences()
