"""Balmy Balloonists on the game protocol (``rules/game.py``): a thin adapter over the
rules, with what only the machine interface needs besides: the worlds a balloon may believe
in (``sample_world``) and the bounds of the scores (``score_range``). The action encoding is
``action_space.py``'s.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from skyhex.rules.balloons import GAME, engine
from skyhex.rules.balloons.action_space import action_at, action_index, action_space
from skyhex.rules.balloons.actions import Action, Fly, action_to_entry
from skyhex.rules.balloons.actions import action_from_entry as read_entry
from skyhex.rules.balloons.bots import CAP
from skyhex.rules.balloons.components import Effect, EffectKind
from skyhex.rules.balloons.globe import Space
from skyhex.rules.balloons.scenario import Scenario
from skyhex.rules.balloons.scoring import scores
from skyhex.rules.balloons.state import Game, Phase, State
from skyhex.rules.errors import InputError, Path, Problem
from skyhex.rules.game import Entry, Event, Metadata, Ruleset, ScoreRow


def sample_world(game: Game, state: State, who: str | None, rng: random.Random
                 ) -> tuple[Game, State]:
    """A world balloon ``who`` may believe in. A player sees its own hand and the size of
    the others'; the Local Wind cards it cannot see (the other hands and the deck) are dealt
    afresh into the other hands, each keeping its size, and the decks are drawn from a
    fresh seed (no pinned draw kept). Everything else is on the table: the cards in front,
    the discards, the Advantage cards, the Quadrant stacks (covered cards were laid face
    up). ``None``: the referee, who sees every hand, so only the seed is new."""
    world = game.evolve(seed=rng.randrange(2**31), pinned=(), pinned_from=0)
    if who is None:
        return world, state
    me = game.index[who]
    balloons = state.balloons
    seen = set(state.discards)
    for b in balloons:
        seen.update(b.front)
    seen.update(balloons[me].hand)
    unseen = [c for c in game.components.local_wind_order if c not in seen]  # sorted
    rng.shuffle(unseen)
    dealt = list(balloons)
    k = 0
    for i, b in enumerate(balloons):
        n = len(b.hand)
        if i != me and n:
            dealt[i] = b.evolve(hand=tuple(sorted(unseen[k:k + n])))
            k += n
    return world, state.evolve(balloons=tuple(dealt))


_last_range: tuple[object, object, tuple[int, int, int], tuple[float, float]] | None = None
"""The last bounds worked out, by what they depend on (a one-slot memo: bots ask for the
metadata of every world they sample, and worlds share their globe and component set)."""


def score_range(game: Game, cap: int) -> tuple[float, float]:
    """Bounds of a balloon's final score (its whole degrees east of the start meridian,
    ``scoring``) in a race from its setup, where every balloon starts at 0 degrees, that
    ends after the last day or is truncated after round ``cap``.

    Highest: a balloon gains a lap only by the flight that finishes it, and a finished
    balloon moves no more; that flight crosses the meridian and goes on for at most the
    largest Quadrant move less one space, so the farthest a balloon gets is 360 degrees plus
    the farthest that many spaces reach from the meridian in any lane (or, never finishing,
    the last space of a lane: under 360).

    Lowest: a balloon loses longitude only by moving west a space (a backward Quadrant
    move, a Headwind or the weather's gale: at most the widest space each) or by a shift
    that stays within its section (a drift north or south, the Polar Vortex, a launch: less
    than a section each). In one round it flies once (a launch, then its Quadrant card's
    largest backward move) and takes at most one card per balloon (wind: a drift; a
    Misfortune: its effects, the Bad Weather by its worst weather symbol; a new Quadrant
    card: no move); the race lasts at most ``min(days, cap)`` rounds. Bounds, not always
    reached. A race started from a position starts from its balloons' longitudes instead
    (the position's laps move both bounds by 360 degrees a lap)."""
    global _last_range
    counts = (len(game.seats), game.days, cap)
    last = _last_range
    if last is not None and last[0] is game.globe and last[1] is game.components and \
            last[2] == counts:
        return last[3]
    found = _score_range(game, cap)
    _last_range = (game.globe, game.components, counts, found)
    return found


def _score_range(game: Game, cap: int) -> tuple[float, float]:
    globe, parts = game.globe, game.components
    section = 360 / len(globe.sections)
    narrowest = min((n for s in globe.sections for n in s.spaces if n > 0), default=1)
    widest = section / narrowest
    moves = [m for card in parts.quadrant.values() for row in card.moves.values() for m in row]
    farthest = max(moves, default=0)
    high = max(globe.degrees(Space(lane, total - 1)) for lane, total in
               enumerate(globe.totals, 1))
    if farthest > 0:
        rest = farthest - 1
        high = max(high, *(globe.degrees(Space(lane, rest % total), 1 + rest // total)
                           for lane, total in enumerate(globe.totals, 1)))

    def loss(effects: Sequence[Effect], weather: bool) -> float:
        lost = 0.0
        for e in effects:
            if e.kind is EffectKind.BACK:
                lost += e.amount * widest
            elif e.kind in (EffectKind.NORTH, EffectKind.SOUTH):
                lost += section
            elif e.kind is EffectKind.BAD_WEATHER and weather:
                lost += max((loss(w, False) for w in parts.weather.values()), default=0.0)
        return lost

    wind = section if any(any(c.shifts.values()) for c in parts.local_wind.values()) else 0.0
    misfortune = max((loss(m.effects, True) for m in parts.misfortune.values()), default=0.0) \
        if any(c.misfortune for c in parts.local_wind.values()) else 0.0
    flight = section + max(0, -min(moves, default=0)) * widest
    per_round = len(game.seats) * max(wind, misfortune) + flight
    return float(-math.ceil(min(game.days, cap) * per_round)), float(high)


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

    apply = staticmethod(engine.apply)  # called for every action: no call in between

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
        index = game.index
        if action.balloon in index and getattr(action, "on", action.balloon) in index:
            return action  # balloons named by their colours, as most files do
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

    advance = staticmethod(engine.advance)  # called for every action: no call in between
    action_space = staticmethod(action_space)  # the encoding: ``action_space.py``
    action_index = staticmethod(action_index)  # asked of every legal action
    action_at = staticmethod(action_at)

    def seats(self, game: Game) -> tuple[str, ...]:
        return tuple(game.colours)

    def metadata(self, game: Game) -> Metadata:
        """The bots' length cap (``bots.CAP``), the bounds of ``score_range``, hidden hands,
        chance drawn from a seed that ``sample_world`` draws afresh; encoding version 1."""
        return Metadata(cap=CAP, score_range=score_range(game, CAP), hidden=True,
                        chance="reseed", version=1)

    def with_seed(self, scenario: Scenario, seed: int) -> Scenario:
        return replace(scenario, seed=seed)

    def sample_world(self, game: Game, state: State, who: str | None, rng: random.Random
                     ) -> tuple[Game, State]:
        return sample_world(game, state, who, rng)

    def event_view(self, game: Game, event: Event, who: str | None) -> Event:
        return engine.event_view(game, event, who)


RULESET: Ruleset[Game, State, Action] = Balloons()
