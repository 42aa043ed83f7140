"""Paragliders on the game protocol (``rules/game.py``): a thin adapter over the rules
(``engine``, the action encoding of ``action_space``), with the bounds of a score worked
out from the scoring rules for its metadata."""

from __future__ import annotations

import random
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from skyhex.rules import speed
from skyhex.rules.errors import InputError, Path, Problem
from skyhex.rules.game import Entry, Event, Metadata, Ruleset, ScoreRow
from skyhex.rules.paragliders import GAME, engine
from skyhex.rules.paragliders.action_space import action_at, action_index, action_space
from skyhex.rules.paragliders.actions import Action, WindChoice
from skyhex.rules.paragliders.actions import action_from_entry as read_entry
from skyhex.rules.paragliders.bots import CAP
from skyhex.rules.paragliders.clock import format_clock
from skyhex.rules.paragliders.engine import dealt_cards, resolve
from skyhex.rules.paragliders.features import TrackGps
from skyhex.rules.paragliders.flight import CRASH_VP, CROSS_MIDDLE_VP
from skyhex.rules.paragliders.maps import Map
from skyhex.rules.paragliders.scenario import PilotStatus, Scenario, SoloMode
from skyhex.rules.paragliders.scoring import GPS_VP, RANK_VP, TARGET_VP, missing_distance
from skyhex.rules.paragliders.state import Game, Phase, State
from skyhex.rules.paragliders.stunt_rules import MAX_VP
from skyhex.rules.paragliders.view import state_json


def advance(game: Game, state: State, action: Action) -> State:
    """The state after ``action``, no event built: ``engine.resolve`` explaining nothing,
    the one resolution ``apply`` makes too (same checks, same state)."""
    return resolve(game, state, action, None)


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
            raise InputError([Problem("moves.game", "not an entry of a paragliders game: its "
                                      "entries name their player, not a company", path)])
        action = read_entry(dict(entry), path)
        player = game.scenario.player(action.player)  # a colour names its player too
        return replace(action, player=player.ident) if player and \
            player.ident != action.player else action

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

    advance = staticmethod(advance)  # called for every action: no call in between
    action_space = staticmethod(action_space)  # the encoding: ``action_space.py``
    action_index = staticmethod(action_index)  # asked of every legal action
    action_at = staticmethod(action_at)

    def seats(self, game: Game) -> tuple[str, ...]:
        return tuple(p.ident for p in game.scenario.players)

    def metadata(self, game: Game) -> Metadata:
        found = _METADATA.get(game)
        if found is None:
            found = _METADATA[game] = Metadata(cap=CAP, score_range=score_range(game),
                                               hidden=False, chance="reseed", version=1)
        return found

    def with_seed(self, scenario: Scenario, seed: int) -> Scenario:
        return replace(scenario, seed=seed)

    def sample_world(self, game: Game, state: State, who: str | None, rng: random.Random
                     ) -> tuple[Game, State]:
        """Everything on a Paragliders table is public but the chance still to come (the
        cloud spawns drawn at a weather change, the weather tiles of a short forecast as
        the day goes): the same state, in a game with a fresh seed and no pinned draws."""
        scenario = speed.evolve(game.scenario, seed=rng.randrange(2**31))
        # (copied with its tables: the seed and the pins are all that differ, and no table
        # of a game derives from them; a bot asks for a world at every decision)
        return speed.evolve(game, scenario=scenario, pinned=(), pinned_from=0), state

    def event_view(self, game: Game, event: Event, who: str | None) -> Event:
        return event  # nothing is hidden in Paragliders


_METADATA: weakref.WeakKeyDictionary[Game, Metadata] = weakref.WeakKeyDictionary()
"""Each game's metadata, worked out once (bots ask for the cap at every decision)."""


_REACH: dict[int, tuple[Map, tuple[int, int]]] = {}
"""``_reach`` by the map's ``id``, the map kept with it so that the number names it."""


def _reach(game: Game) -> tuple[int, int]:
    """What bounds a score on the map: the farthest a hex lies from its closest mountain,
    and the longest tour through every antenna from a hex (worked out once a map: a
    playout by index makes a game, and asks for its metadata, every time)."""
    held = _REACH.get(id(game.map))
    if held is None or held[0] is not game.map:
        hexes = sorted(game.terrain)
        farthest = max((min(h.distance(m) for m in game.mountains) for h in hexes),
                       default=0) if game.mountains else 0
        present = sorted(set(game.antennas.values()))
        tour = max((missing_distance(game, h, present) for h in hexes), default=0)
        if len(_REACH) >= 64:
            _REACH.clear()
        held = _REACH[id(game.map)] = (game.map, (farthest, tour))
    return held[1]


def score_range(game: Game) -> tuple[float, float]:
    """Bounds of a pilot's final (or provisional, for a truncated game) score under the
    scenario, from the scoring rules (``scoring.py``); not always reached. With ``D`` the
    day's rounds (``(end - start) / step``), each pilot has at most ``D`` turns, so at
    most ``D`` take-offs and relaunches and ``D + 1`` touch-downs (one more for a pilot a
    position puts in the air).

    Below: the position's score track (the lowest, or 0), a crash (-10) at every
    touch-down and at every relaunch the largest walk back paid (the farthest a hex lies
    from its closest mountain, plus the mountaintop; or a position's deficit), the lowest
    VP of the time track for each antenna, stunt and the landing, then the largest
    penalties of the end: the highest altitude (the ceiling) and the longest tour through
    every antenna from any hex.

    Above: the position's score track (the highest, or 0), each antenna at the time
    track's best VP, 12 VP a stunt in play, and for a pilot landed with the three
    antennas the first rank's 9 VP, the best landing time, the target's 15 VP and the GPS
    table's VP for every GPS marker of the map and the altitude track.

    Solo cross mode scores the track (its markers at 3 VP at most, a crash), the unused
    Skill Move cards and the time track: one touch-down ends the flight (two from a
    position that has the pilot walking back)."""
    sc = game.scenario
    cs = game.components
    track = cs.time
    pos = sc.position
    pilots = list(pos.pilots.values()) if pos is not None else []
    tracks = [sum(vp for _, vp in q.ledger) if q.ledger is not None else q.score
              for q in pilots]
    low, high = min([0, *tracks]), max([0, *tracks])
    vp_low, vp_high = min(0, *track.vp), max(track.vp)
    farthest, tour = _reach(game)
    walk = max([farthest + game.mountaintop if game.mountains else 0,
                *(q.deficit for q in pilots)])
    if sc.solo is SoloMode.CROSS:
        again = any(q.status is PilotStatus.WALKING for q in pilots)
        cards = max([dealt_cards(sc, 1), *(q.skill_cards or 0 for q in pilots)])
        return (float(low + (2 if again else 1) * CRASH_VP - (walk if again else 0)
                      + vp_low),
                float(high + CROSS_MIDDLE_VP * len(sc.cross_markers) + cards + vp_high))
    rounds = (track.end - track.start) // track.step
    antennas = len(set(game.antennas.values()))
    stunt_low = min(0, *cs.rulers.timed, *cs.rulers.survivor)
    altitude = max([cs.altitude.ceiling, *(q.altitude for q in pilots)])
    lowest = low + (rounds + 1) * CRASH_VP - rounds * walk + \
        (antennas + 1) * vp_low + len(sc.stunts) * stunt_low - altitude - tour
    markers = set(game.landmarks.values()) | set(TrackGps) | \
        {g for q in pilots for g in q.gps}
    highest = high + antennas * vp_high + len(sc.stunts) * MAX_VP + max(RANK_VP) + \
        vp_high + (max(TARGET_VP) if game.target is not None else 0) + \
        GPS_VP[min(len(markers), len(GPS_VP) - 1)]
    return float(lowest), float(highest)


RULESET: Ruleset[Game, State, Action] = Paragliders()
