"""The Paragliders rules engine: ``new_game``, ``legal_actions`` and ``apply``.

A round: each seat in turn (pilots who made their final landing are skipped); after the last
seat the Time Marker moves 20 minutes; on a new hour the weather changes and, if there is
wind, the Wind Push Round follows (clouds first, then each flying pilot in push order). The
game ends when every pilot has made a final landing or the marker reaches 20:00.

``apply`` checks every rule and raises ``IllegalActionError`` naming the rule and the legal
alternatives; it never changes its inputs. Events are plain JSON-ready dicts, built only
when read: ``resolve`` is the one resolution of an action, with or without the events that
explain it.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from skyhex.rules import speed
from skyhex.rules.draws import Draws
from skyhex.rules.errors import IllegalActionError
from skyhex.rules.game import LOG_FORMAT, Event
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.lazy import LazyItems
from skyhex.rules.paragliders import GAME, stunt_rules
from skyhex.rules.paragliders.action_space import listed
from skyhex.rules.paragliders.actions import (
    MOMENTS,
    Action,
    Claim,
    LandChoice,
    Turn,
    TurnKind,
    WindChoice,
)
from skyhex.rules.paragliders.clock import format_clock
from skyhex.rules.paragliders.components import Side
from skyhex.rules.paragliders.flight import (
    closest_mountains,
    collect_markers,
    fly,
    hx,
    may_declare_landing,
    relaunched,
    touch_down,
)
from skyhex.rules.paragliders.legal import (
    declared_landings,
    flights,
    turn_groups,
    turn_of,
    wind_choices,
)
from skyhex.rules.paragliders.scenario import Forecast, PilotStatus, Scenario, SoloMode
from skyhex.rules.paragliders.scoring import final_scores
from skyhex.rules.paragliders.state import Game, Phase, Pilot, State
from skyhex.rules.paragliders.stunt_rules import Moment
from skyhex.rules.paragliders.stunts import Stunt
from skyhex.rules.paragliders.weather import (
    draw_tile,
    push_clouds,
    weather_change,
    weather_changes,
)
from skyhex.rules.paragliders.wind_push import push_order, wind_push

# Enum members as plain names: Python 3.11 reads a member off its class through a
# descriptor, ten times the cost of a global, and the hot paths read many.
_SHORT = Forecast.SHORT
_LAND_FINAL = LandChoice.FINAL
_LAND_RELAUNCH = LandChoice.RELAUNCH
_PHASE_OVER = Phase.OVER
_PHASE_TURN = Phase.TURN
_PHASE_WIND_PUSH = Phase.WIND_PUSH
_FLYING = PilotStatus.FLYING
_IN_HAND = PilotStatus.IN_HAND
_LANDED = PilotStatus.LANDED
_WALKING = PilotStatus.WALKING
_CROSS = SoloMode.CROSS
_RACE = SoloMode.RACE
_OVERFLYER = Stunt.OVERFLYER
_K_MOVE = TurnKind.MOVE
_K_PASS = TurnKind.PASS
_K_RELAUNCH = TurnKind.RELAUNCH
_K_STUCK = TurnKind.STUCK
_K_TAKEOFF = TurnKind.TAKEOFF
_K_WALK = TurnKind.WALK
_KIND_VALUE = speed.values_of(TurnKind)
_DIRECTION_NAME = speed.names_of(Direction)

WALK_STEP = 6


def new_game(scenario: Scenario, pinned: tuple[dict[str, Any], ...] = ()
             ) -> tuple[Game, State, list[Event]]:
    """Set the game up (rulebook setup steps 13-21, or the scenario's position)."""
    cs = scenario.components
    pos = scenario.position
    # From a position, setup's own draws lie in the past: pinned draws start after it. What
    # the position leaves out takes the value setup would give from the seed alone.
    draws = Draws(scenario.seed, () if pos is not None else pinned, 0)
    sides = scenario.altitude_track
    if pos is not None and pos.altitude_track is not None:
        sides = pos.altitude_track
    if sides is None:  # step 20: a cloud token per piece, even = easy, odd = difficult
        tokens = list(range(1, cs.clouds.tokens + 1))
        drawn = [draws.draw("cloud", tokens) for _ in range(3)]
        sides = (Side.EASY if drawn[0] % 2 == 0 else Side.DIFFICULT,
                 Side.EASY if drawn[1] % 2 == 0 else Side.DIFFICULT,
                 Side.EASY if drawn[2] % 2 == 0 else Side.DIFFICULT)
    game = Game(scenario, cs.altitude.mountaintop(sides),
                (sides[0].value, sides[1].value, sides[2].value), pinned,
                pos.draws if pos is not None else 0)
    if scenario.weather_tiles is not None:
        schedule = scenario.weather_tiles
        if scenario.forecast is _SHORT:
            schedule = schedule[:3]
    else:
        used: set[str] = set()
        count = 3 if scenario.forecast is _SHORT else scenario.hours
        schedule = tuple(draw_tile(game, draws, used) for _ in range(count))
    start = scenario.components.start_tile
    direction = scenario.wind_direction if scenario.wind_direction is not None else \
        start.windsock if start.windsock is not None else Direction.N
    pilots = tuple(
        Pilot(seat=p.seat, ident=p.ident, skill_cards=dealt_cards(scenario, p.seat))
        for p in scenario.players)
    state = State(
        time=cs.time.start, round=1, pilots=pilots, temperature=cs.thermal.start,
        sun=cs.weather_board.sun_at(cs.time.start), wind_direction=direction, wind_strength=0,
        clouds=(), schedule=schedule, draws=0)
    state, weather = weather_change(game, state, draws, initial=cs.clouds.initial)
    cloud_moves: list[Any] = []
    if state.wind_strength:
        clouds, cloud_moves = push_clouds(game, state.clouds, state.wind_direction,
                                          state.wind_strength)
        state = state.evolve(clouds=clouds)
    if scenario.solo is _RACE and _OVERFLYER in scenario.stunts:
        state = state.evolve(solo_markers=_spawn_markers(game, draws))
    if scenario.forecast is Forecast.FULL and scenario.weather_tiles is not None:
        state = state.evolve(schedule=scenario.weather_tiles)
    state = state.evolve(draws=draws.index)
    if pos is not None:
        state = _from_position(game, state).evolve(draws=pos.draws)
    if pos is None or pos.turn is None:
        state = state.evolve(current=_first_actor(state, 0))
    setup: Event = {
        "type": "setup", "format": LOG_FORMAT, "game": GAME, "title": scenario.title,
        "seed": scenario.seed,
        "players": [{"seat": p.seat, "player": p.ident, "colour": p.colour.value,
                     "skill_cards": state.pilots[p.seat - 1].skill_cards}
                    for p in scenario.players],
        "time": format_clock(state.time), "altitude_track": list(game.sides),
        "mountaintop": game.mountaintop,
        "weather": [f"{t}/{f}" for t, f in state.schedule],
        "temperature": state.temperature, "sun": state.sun.value,
        "wind": {"direction": state.wind_direction.name, "strength": state.wind_strength},
        "clouds": [{"ring": r, "hex": hx(h)} for r, h in state.clouds],
        "stunts": sorted(s.value for s in scenario.stunts),
        "draws": draws.made if pos is None else [],
        "solo_markers": [{"marker": m, "side": side, "hex": hx(h)}
                         for m, side, h in state.solo_markers],
        "position": scenario.position is not None,
    }
    events = [setup]
    if scenario.position is None:
        events.append(weather)
        if cloud_moves:
            events.append({"type": "wind_push", "clouds": cloud_moves})
    return game, state, events


def _spawn_markers(game: Game, draws: Draws) -> tuple[tuple[str, str, Hex], ...]:
    """Solo race: the solo GPS markers that show altitudes are spawned like clouds, with the
    cloud tokens (a token whose spawn hex is missing or taken is redrawn), side a up."""
    tokens = list(range(1, game.components.clouds.tokens + 1))
    placed: list[tuple[str, str, Hex]] = []
    for marker in sorted(game.components.solo_markers, key=lambda m: m.id):
        if marker.blank:
            continue
        while tokens:
            token = draws.draw("cloud", tokens)
            tokens.remove(token)
            spawn = game.spawns.get(token)
            if spawn is not None and all(spawn != h for _, _, h in placed):
                placed.append((marker.id, sorted(marker.sides)[0], spawn))
                break
    return tuple(placed)


def dealt_cards(scenario: Scenario, seat: int) -> int:
    """The Skill Move cards dealt at setup to the pilot of ``seat``."""
    cards = scenario.components.skill_cards
    if scenario.solo is _CROSS:
        return cards.solo_cross
    return cards.by_seat[seat - 1] if seat <= len(cards.by_seat) else 0


def _from_position(game: Game, state: State) -> State:
    sc = game.scenario
    pos = sc.position
    assert pos is not None
    pilots = []
    for p in state.pilots:
        q = pos.pilots.get(p.ident)
        if q is None:
            pilots.append(p)
            continue
        ledger = q.ledger if q.ledger is not None else \
            (("position", q.score),) if q.score else ()
        pilots.append(replace(
            p, status=q.status, hex=q.hex, facing=q.facing, altitude=q.altitude,
            deficit=q.deficit, mountain=q.mountain, landed_time=q.time, crashed=q.crashed,
            antennas=q.antennas, gps=q.gps, markers=q.markers,
            skill_cards=q.skill_cards if q.skill_cards is not None else p.skill_cards,
            ledger=ledger, stunts=tuple(sorted(q.stunts.items()))))
    cs = game.components
    hour = (pos.time - cs.time.start) // 60
    schedule = state.schedule
    if pos.weather is not None:
        schedule = pos.weather
    elif pos.forecast is not None:
        schedule = (*schedule[:hour], *pos.forecast)
    state = replace(
        state, time=pos.time, round=(pos.time - cs.time.start) // cs.time.step + 1,
        pilots=tuple(pilots),
        temperature=pos.temperature if pos.temperature is not None else state.temperature,
        sun=pos.sun or cs.weather_board.sun_at(pos.time),
        wind_direction=pos.wind[0] if pos.wind else state.wind_direction,
        wind_strength=pos.wind[1] if pos.wind else state.wind_strength,
        clouds=tuple(sorted(pos.clouds)), schedule=schedule,
        solo_markers=tuple((m.marker, m.side, m.hex) for m in pos.solo_markers)
        if pos.solo_markers else state.solo_markers)
    seat = {p.ident: i for i, p in enumerate(state.pilots)}
    if pos.wind_push:
        state = state.evolve(phase=_PHASE_WIND_PUSH,
                             push_queue=tuple(seat[ident] for ident in pos.wind_push))
    if pos.turn is not None:
        return state.evolve(current=seat[pos.turn])
    return state


def _first_actor(state: State, start: int) -> int:
    return _first_actor_of(state.pilots, start)


def _first_actor_of(pilots: tuple[Pilot, ...], start: int) -> int:
    """The first pilot from ``start`` on who acts (``len(pilots)``: none)."""
    count = len(pilots)
    while start < count:  # (no range made: mostly the first pilot asked acts)
        if pilots[start].status is not _LANDED:
            return start
        start += 1
    return count


# --- legal actions ------------------------------------------------------------------------


def _try(game: Game, state: State, action: Turn) -> list[Action]:
    """Every legal action that completes ``action`` (the turn of a pilot with no legal
    move) with a landing choice (and equally close mountain) where it touches down."""
    pilot = state.actor
    assert pilot is not None
    lands: list[tuple[LandChoice | None, Hex | None]] = []
    try:
        _turn(game, state, pilot, action, None)
        lands.append((None, None))
    except IllegalActionError as e:
        if e.rule not in ("land.choice", "stunt.top-lander.final"):
            return []
        for choice in (_LAND_FINAL, _LAND_RELAUNCH):
            try:
                end = _turn(game, state, pilot, replace(action, land=choice), None)
            except IllegalActionError:
                continue
            lands.append((choice, None))
            if choice is _LAND_RELAUNCH and end.hex is not None:
                lands.extend((choice, m) for m in closest_mountains(game, end.hex))
    return [action if land is None else replace(action, land=land, mountain=m)
            for land, m in lands]


def legal_actions(game: Game, state: State) -> list[Action]:
    """Every complete legal action of the pilot to act: landing choices, stunt claims and
    Top Lander claims included."""
    pilot = state.actor
    if pilot is None:
        return []
    if state.phase is _PHASE_WIND_PUSH:
        return list(wind_choices(game, state, pilot))
    groups = turn_groups(game, state, pilot)  # turned into actions only when read
    if pilot.status is not _FLYING:
        return LazyItems(groups, turn_of, partial(listed, game))
    moves = bool(groups)
    declared: list[Action] = list(declared_landings(game, pilot))
    if moves:
        if declared:
            groups.append((None, declared))
        return LazyItems(groups, turn_of, partial(listed, game))
    return declared + [a for a in _try(game, state, Turn(pilot.ident, _K_STUCK))
                       if a not in declared]


# --- applying actions ---------------------------------------------------------------------


def apply(game: Game, state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after ``action`` and the events that explain it, built in the one pass
    that resolves it (``advance`` resolves it without building them)."""
    events: list[Event] = []
    return resolve(game, state, action, events), events


def resolve(game: Game, state: State, action: Action, events: list[Event] | None) -> State:
    """The state after ``action``; the events that explain it go to ``events`` (``None``:
    none are built). ``IllegalActionError`` names the rule an illegal action breaks."""
    phase = state.phase
    if phase is _PHASE_OVER:
        raise IllegalActionError("game.over", "the game is over")
    index = state.push_queue[0] if phase is _PHASE_WIND_PUSH else state.current
    pilot = state.pilots[index]
    if action.player != pilot.ident:
        if state.pilot(action.player) is None:
            raise IllegalActionError("turn.unknown-player", f"no player is called "
                                     f"{action.player!r} (players: "
                                     f"{', '.join(p.ident for p in state.pilots)})")
        what = "wind-push choice" if phase is _PHASE_WIND_PUSH else "turn"
        raise IllegalActionError("turn.order", f"it is {pilot.ident}'s {what}, not "
                                 f"{action.player}'s")
    if phase is _PHASE_WIND_PUSH:
        if not isinstance(action, WindChoice):
            raise IllegalActionError("wind.choice", f"{pilot.ident} chooses push, resist or mix "
                                     "in the Wind Push Round")
        new = wind_push(game, state, pilot, action, events)
        changed = list(state.pilots)
        changed[index] = new
        pilots = tuple(changed)
        queue = state.push_queue[1:]
        if queue:
            return state.evolve(pilots=pilots, push_queue=queue)
        return _next_round_start(game, state, {"pilots": pilots, "phase": _PHASE_TURN,
                                               "push_queue": ()}, events)
    if not isinstance(action, Turn):
        raise IllegalActionError("turn.wind-choice", "wind-push choices belong to the Wind Push "
                                 "Round")
    new = _turn(game, state, pilot, action, events)
    changed = list(state.pilots)
    changed[index] = new
    pilots = tuple(changed)
    nxt = index + 1
    count = len(pilots)
    if nxt < count and pilots[nxt].status is not _LANDED:  # mostly the next seat acts
        return state.evolve(pilots=pilots, current=nxt)
    nxt = _first_actor_of(pilots, nxt)
    if nxt < count:  # the round goes on
        return state.evolve(pilots=pilots, current=nxt)
    first = _first_actor_of(pilots, 0)
    if first == len(pilots):  # every pilot made a final landing
        return _end(game, state.evolve(pilots=pilots), events, "all-landed")
    return _end_of_round(game, state, pilots, first, events)


def _set(state: State, index: int, pilot: Pilot) -> State:
    pilots = list(state.pilots)
    pilots[index] = pilot
    return state.evolve(pilots=tuple(pilots))


_ALLOWED = {
    _IN_HAND: frozenset({_K_PASS, _K_TAKEOFF}),
    _WALKING: frozenset({_K_WALK, _K_RELAUNCH}),
    _FLYING: frozenset({_K_MOVE, _K_STUCK}),
}
"""The turns a pilot may take, by status."""


def _turn(game: Game, state: State, pilot: Pilot, action: Turn, events: list[Event] | None
          ) -> Pilot:
    """Resolve one turn of ``pilot``: the pilot after it (``events``: as ``resolve``). A
    move with no stunt claimed (most turns) skips what only claims and other kinds of turn
    need, in the same order of checks."""
    status = pilot.status
    kind = action.kind
    if kind not in _ALLOWED[status]:
        what = {_IN_HAND: "has the pawn in hand: pass, or take off and move",
                _WALKING: "is walking back: walk, or relaunch and move",
                _FLYING: "is flying and must move"}[status]
        raise IllegalActionError(f"turn.{kind.value}", f"{pilot.ident} {what}")
    stunts = action.stunts
    claims: dict[str, list[Claim]] = _NO_CLAIMS
    if stunts:
        claims = {m: [] for m in MOMENTS}
        for c in stunts:
            if c.when == "after-move" and not action.accelerate:
                raise IllegalActionError("stunt.timing", "without an acceleration the move "
                                         "ends on its first hex: claim after-accelerate")
            claims[c.when].append(c)
    base: Event = _NO_EVENT
    if events is not None:
        base = {"type": "turn", "time": format_clock(state.time), "player": pilot.ident,
                "action": _KIND_VALUE[kind]}
    if pilot.stunts:
        pilot = stunt_rules.start_of_turn(game, state, pilot, events)
    if action.top_lander:
        stunt_rules.check_top_lander_claim(game, pilot)
    if kind is not _K_MOVE:
        done = _other_turn(game, state, pilot, action, events, base)
        if done is not None:
            return done
    assert action.move is not None
    claimed: list[Event] | None = None if events is None else []
    if stunts:
        for c in claims["before-move"]:
            pilot = stunt_rules.claim(game, state, pilot, c, Moment("before-move"), claimed)
    if kind is _K_MOVE:
        assert pilot.hex is not None and pilot.facing is not None
        start, facing, altitude = pilot.hex, pilot.facing, pilot.altitude
    elif kind is _K_TAKEOFF:
        if action.hex not in game.takeoffs:
            raise IllegalActionError("takeoff.hex", f"{action.hex} is not a take-off hex "
                                     f"({', '.join(map(str, game.takeoffs))})")
        assert action.facing is not None
        start, facing, altitude = action.hex, action.facing, game.mountaintop
    else:  # a relaunch
        assert pilot.mountain is not None and action.facing is not None
        start, facing, altitude = pilot.mountain, action.facing, game.mountaintop
        if pilot.deficit:
            pilot = pilot.evolve(ledger=(*pilot.ledger, ("relaunch walk", -pilot.deficit)))
        if events is not None:
            events.append({"type": "relaunch", "player": pilot.ident, "hex": hx(start),
                           "facing": _DIRECTION_NAME[facing], "paid": pilot.deficit})
        pilot = stunt_rules.reset_survivor(relaunched(pilot), events)

    hook = None
    if stunts and claims["after-move"]:
        def hook(p: Pilot, mods: tuple[dict[str, Any], ...]) -> Pilot:
            moment = Moment("after-move", mods)
            for c in claims["after-move"]:
                p = stunt_rules.claim(game, state, p, c, moment, claimed)
            return p

    flown: list[Event] | None = None if events is None else []
    moved, modifiers, visited, down = fly(game, state, pilot, start, facing, altitude,
                                          action.move, action.accelerate, action.skill, flown,
                                          hook)
    moment = None
    if stunts and claims["after-accelerate"]:
        moment = Moment("after-accelerate", modifiers)
        for c in claims["after-accelerate"]:
            moved = stunt_rules.claim(game, state, moved, c, moment, claimed)
    if events is not None and flown is not None and claimed is not None:
        turn_event = {**base, **flown[0]}
        if action.skill:
            turn_event["skill"] = sorted(s.value for s in action.skill)
        events.append(turn_event)
        events.extend(flown[1:])
        events.extend(claimed)
    if game.cross:
        moved = collect_markers(game, state, moved, visited, events)
    on_takeoff = game.top_lander and moved.hex in game.takeoff_hexes
    soft = on_takeoff and moved.altitude == game.mountaintop and action.land is _LAND_FINAL
    if down or soft:
        if on_takeoff and (moved.altitude > 0 or soft):
            if action.land is not _LAND_FINAL:
                raise IllegalActionError("stunt.top-lander.final", f"{pilot.ident} comes down "
                                         "on a take-off hex: that is a final landing (land: "
                                         "final)")
            if action.top_lander:
                moved = stunt_rules.top_lander(game, state, moved, soft, events)
        elif action.top_lander:
            raise IllegalActionError("stunt.top-lander.not-landed", "Top Lander needs a final "
                                     "landing on a take-off hex")
        moved = touch_down(game, state, moved, action.land, action.mountain, events)
    elif action.land is not None:
        raise IllegalActionError("land.not-landing", f"{pilot.ident} is still flying at "
                                 f"altitude {moved.altitude}: no landing to choose")
    elif action.top_lander:
        raise IllegalActionError("stunt.top-lander.not-landed", "Top Lander needs a final "
                                 "landing on a take-off hex")
    if moved.altitude <= game.survivor_arm:
        moved = stunt_rules.arm_survivor(game, moved, events)
    if not moved.stunts:
        return moved
    return stunt_rules.end_of_turn(game, state, moved, moment or Moment(
        "after-accelerate", modifiers), state.time, events)


def _other_turn(game: Game, state: State, pilot: Pilot, action: Turn,
                events: list[Event] | None, base: Event) -> Pilot | None:
    """The part of ``_turn`` for a turn that is not a plain move: the pilot after a pass, a
    walk, a landing declared or a crash in a dead end; ``None`` for a take-off or a
    relaunch, whose move ``_turn`` goes on to fly."""
    kind = action.kind
    declared = kind is _K_STUCK and action.land is _LAND_FINAL and \
        may_declare_landing(game, pilot)
    if kind in (_K_PASS, _K_WALK, _K_STUCK) and \
            (action.stunts or (action.top_lander and not declared)):
        raise IllegalActionError("stunt.not-flying", f"{pilot.ident} flies no move this turn: "
                                 "no stunt to claim" + (" but the Top Lander of its landing"
                                                         if declared else ""))
    if declared:  # a soft landing declared at the top of a take-off hex
        assert pilot.hex is not None
        if events is not None:
            events.append({**base, "action": "land", "from": hx(pilot.hex)})
        if action.top_lander:
            pilot = stunt_rules.top_lander(game, state, pilot, True, events)
        pilot = touch_down(game, state, pilot, action.land, action.mountain, events)
        return stunt_rules.end_of_turn(game, state, pilot, Moment("after-accelerate"),
                                       state.time, events)
    if kind is _K_PASS:
        if events is not None:
            events.append(base)
        return pilot
    if kind is _K_WALK:
        after = max(pilot.deficit - WALK_STEP, 0)
        if events is not None:
            events.append({**base, "deficit": {"before": pilot.deficit, "after": after}})
        return pilot.evolve(deficit=after)
    if kind is _K_STUCK:
        assert pilot.hex is not None
        if flights(game, state, pilot, _K_MOVE):
            raise IllegalActionError("flight.not-stuck", f"{pilot.ident} can still move: a "
                                     "crash-landing in a dead end is only for a pilot with no "
                                     "legal move")
        if events is not None:
            events.append({**base, "from": hx(pilot.hex)})
        pilot = touch_down(game, state, pilot, action.land, action.mountain, events,
                           dead_end=True)
        return stunt_rules.end_of_turn(game, state, pilot, Moment("after-accelerate"),
                                       state.time, events)
    return None


_NO_CLAIMS: dict[str, list[Claim]] = {m: [] for m in MOMENTS}
"""The claims of a turn that claims no stunt, by moment (shared, never changed)."""
_NO_EVENT: Event = {}
"""A turn's own event when none is explained (shared, never filled)."""


def _end_of_round(game: Game, state: State, pilots: tuple[Pilot, ...], first: int,
                  events: list[Event] | None) -> State:
    """The last player (the pilots as ``pilots`` after that turn; ``first``, who has not
    landed yet, acts first in a new round) moves the Time Marker; a new hour changes the
    weather. The state after it is made in one copy, its changes gathered first."""
    cs = game.components
    time = state.time + cs.time.step
    round_ = state.round + 1
    if events is not None:
        events.append({"type": "round", "round": round_, "time": format_clock(time)})
    if time >= cs.time.end:
        return _end(game, state.evolve(pilots=pilots, time=time, round=round_), events,
                    "end-of-day")
    if (time - cs.time.start) % 60:  # the next round starts
        return state.evolve(pilots=pilots, time=time, round=round_, current=first)
    draws = Draws(game.scenario.seed, game.pinned, state.draws, first_pinned=game.pinned_from)
    changes, weather = weather_changes(game, state, time, draws, explain=events is not None)
    changes["pilots"] = pilots
    changes["time"] = time
    changes["round"] = round_
    changes["draws"] = draws.index
    if events is not None:
        weather["draws"] = draws.made
        events.append(weather)
    strength = changes["wind_strength"]
    if not strength:
        return _next_round_start(game, state, changes, events)
    direction = changes["wind_direction"]
    changes["clouds"], moved = push_clouds(game, changes["clouds"], direction, strength,
                                           events is not None)
    queue = push_order(pilots, direction)
    if events is not None:
        events.append({"type": "wind_push", "clouds": moved,
                       "order": [pilots[i].ident for i in queue]})
    if not queue:
        return _next_round_start(game, state, changes, events)
    changes["phase"] = _PHASE_WIND_PUSH
    changes["push_queue"] = queue
    return state.evolve_by(changes)


def _next_round_start(game: Game, state: State, changes: dict[str, Any],
                      events: list[Event] | None) -> State:
    """``state`` with ``changes`` (the pilots among them), as a round starts."""
    pilots = changes["pilots"]
    first = _first_actor_of(pilots, 0)
    if first == len(pilots):  # every pilot made a final landing
        return _end(game, state.evolve_by(changes), events, "all-landed")
    changes["current"] = first
    return state.evolve_by(changes)


def _close_rulers(game: Game, state: State, events: list[Event] | None) -> State:
    """Every ruler still running scored, as the end of the game scores it."""
    for index, p in enumerate(state.pilots):
        closed = stunt_rules.end_of_game(game, state, p, events)
        if closed is not p:
            state = _set(state, index, closed)
    return state


def scores(game: Game, state: State) -> list[dict[str, Any]]:
    """The final scores, or before the end what they would be if the game ended now (its
    running rulers scored)."""
    if state.phase is not _PHASE_OVER:
        state = _close_rulers(game, state, None)
    return final_scores(game, state)


def _end(game: Game, state: State, events: list[Event] | None, reason: str) -> State:
    state = _close_rulers(game, state.evolve(phase=_PHASE_OVER), events)
    if events is None:
        return state
    rows = final_scores(game, state)
    best = min(s["rank"] for s in rows)
    events.append({"type": "game_end", "round": state.round, "time": format_clock(state.time),
                   "reason": reason, "scores": rows,
                   "winners": [s["player"] for s in rows if s["rank"] == best]})
    return state
