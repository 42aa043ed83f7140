"""The seven stunts: claims made during a pilot's own turn, the rulers that run over several
turns, and the scoring the rules force. Each stunt scores at most 12 VP, once a game.

Claims name a moment of the turn: ``before-move`` (where the pilot starts), ``after-move``
(on the first hex, before accelerating) or ``after-accelerate`` (the end of the move).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.paragliders.actions import Claim
from skyhex.rules.paragliders.clock import format_clock
from skyhex.rules.paragliders.scenario import PilotStatus, SoloMode, StuntProgress
from skyhex.rules.paragliders.state import Game, Pilot, State
from skyhex.rules.paragliders.stunts import TIMED_STUNTS, Stunt
from skyhex.rules.paragliders.terrain import Terrain

MAX_VP = 12
SKY_CLIMBER_VP = {2: 3, 3: 6, 4: 9, 5: 12}  # by altitude gained; 5 or more: 12
OVERFLYER_BASE = 2
EXPLORER_BASE = 6
EXPLORER_SOLO = 6
TOP_LANDER_BASE, TOP_LANDER_SOFT, TOP_LANDER_WIND = 6, 3, 3


@dataclass(frozen=True)
class Moment:
    """What a claim may look at: when in the turn, and the first hex's modifiers."""

    when: str
    modifiers: tuple[dict[str, Any], ...] | None = None  # None before moving

    def bonus(self, *names: str) -> bool:
        return any(m["name"] in names and m["value"] > 0 for m in self.modifiers or ())


def progress(pilot: Pilot, stunt: Stunt) -> StuntProgress | None:
    return next((p for s, p in pilot.stunts if s is stunt), None)


def _set(pilot: Pilot, stunt: Stunt, value: StuntProgress | None) -> Pilot:
    rest = tuple((s, p) for s, p in pilot.stunts if s is not stunt)
    return pilot.evolve(stunts=tuple(sorted((*rest, (stunt, value)) if value else rest)))


def score(pilot: Pilot, stunt: Stunt, vp: int, why: str, events: list[Event]) -> Pilot:
    vp = min(vp, MAX_VP)
    pilot = _set(pilot, stunt, StuntProgress(scored=vp))
    pilot = pilot.evolve(ledger=(*pilot.ledger, (f"stunt {stunt}", vp)))
    events.append({"type": "stunt", "player": pilot.ident, "stunt": stunt.value,
                   "action": "score", "vp": vp, "why": why})
    return pilot


def ruler(game: Game, since: int, now: int) -> int:
    """VP under the Time Marker on a Cliff Surfer or Lone Hiker ruler placed at ``since``."""
    table = game.components.rulers.timed
    steps = (now - since) // game.components.time.step
    return table[min(steps, len(table) - 1)]


def _flying_others(state: State, pilot: Pilot) -> list[Pilot]:
    return [p for p in state.pilots if p.seat != pilot.seat and p.status is PilotStatus.FLYING]


def alone_on_mountain(game: Game, state: State, pilot: Pilot) -> bool:
    """The pilot is over a mountain hex and no other pilot is."""
    if pilot.hex is None or game.terrain.get(pilot.hex) is not Terrain.MOUNTAIN:
        return False
    return not any(p.hex is not None and game.terrain.get(p.hex) is Terrain.MOUNTAIN
                   for p in _flying_others(state, pilot))


def _edge_distance(game: Game, h: Hex) -> int:
    return min(h.distance(e) for e in game.edge)


def probe(game: Game, state: State, pilot: Pilot, moment: Moment, found: list[Claim]) -> None:
    """Add to ``found`` every claim that ``claim`` would accept at ``moment`` (the pilot as
    it is then): each stunt in play and not scored yet, a ruler placed (``start``) or a
    stunt scored."""
    for stunt in game.claim_stunts:
        current = progress(pilot, stunt)
        if current is not None and (current.scored is not None or current.since is not None):
            continue
        c = Claim(stunt, moment.when, "start" if stunt in TIMED_STUNTS else "score")
        try:
            claim(game, state, pilot, c, moment, [])
        except IllegalActionError:
            continue
        found.append(c)


def claim(game: Game, state: State, pilot: Pilot, entry: Claim, moment: Moment,
          events: list[Event]) -> Pilot:
    """Apply one claim from a turn entry; ``IllegalActionError`` names the broken rule."""
    stunt = entry.stunt
    action = entry.action
    if stunt not in game.scenario.stunts:
        raise IllegalActionError("stunt.not-in-play", f"the {stunt} stunt is not in play")
    current = progress(pilot, stunt)
    if current is not None and current.scored is not None:
        raise IllegalActionError("stunt.twice", f"{pilot.ident} has scored the {stunt} already: "
                                 "each stunt scores once a game")
    if stunt is Stunt.TOP_LANDER:
        raise IllegalActionError("stunt.top-lander.not-landed", "Top Lander is scored by a final "
                                 "landing on a take-off hex, in the entry with land: final")
    if pilot.status is not PilotStatus.FLYING or pilot.hex is None:
        raise IllegalActionError("stunt.not-flying", f"{pilot.ident} is not flying at "
                                 f"{moment.when}: stunts are flown")
    if stunt in TIMED_STUNTS:
        return _start_ruler(game, state, pilot, stunt, action, current, moment, events)
    if action != "score":
        raise IllegalActionError("stunt.action", f"the {stunt} is scored, not {action}ed")
    if stunt is Stunt.SKY_CLIMBER:
        if moment.modifiers is None:
            raise IllegalActionError("stunt.timing", "the Sky Climber counts the altitude gained "
                                     "by the move: claim it after moving")
        if not moment.bonus("cloud"):
            raise IllegalActionError("stunt.sky-climber.no-cloud", "the Sky Climber needs the "
                                     "gain to be made under a cloud")
        gain = sum(m["value"] for m in moment.modifiers)
        if gain < 2:
            raise IllegalActionError("stunt.sky-climber.gain", f"the Sky Climber needs a gain of "
                                     f"2 or more, not {gain}")
        return score(pilot, stunt, SKY_CLIMBER_VP[min(gain, 5)],
                     f"gained {gain} under a cloud", events)
    if stunt is Stunt.OVERFLYER:
        below = [p.altitude for p in _flying_others(state, pilot)
                 if p.hex == pilot.hex and p.altitude < pilot.altitude]
        below += [_middle(game, m, s) for m, s, h in state.solo_markers
                  if h == pilot.hex and _middle(game, m, s) < pilot.altitude]
        if not below:
            raise IllegalActionError("stunt.overflyer.nobody-below", f"no pilot is below "
                                     f"{pilot.ident} on {pilot.hex}")
        gap = pilot.altitude - min(below)
        return score(pilot, stunt, OVERFLYER_BASE + gap, f"{gap} above the lowest pilot on "
                     f"the hex", events)
    if stunt is Stunt.SURVIVOR:
        if current is None or not current.armed:
            raise IllegalActionError("stunt.survivor.not-armed", f"{pilot.ident}'s Survivor "
                                     "ruler is not armed: reach its low altitude first")
        above = pilot.altitude - game.mountaintop
        if above <= 0:
            raise IllegalActionError("stunt.survivor.too-low", f"the Survivor scores above the "
                                     f"mountaintop ({game.mountaintop}), not at {pilot.altitude}")
        table = game.components.rulers.survivor
        return score(pilot, stunt, table[min(above, len(table) - 1)],
                     f"{above} above the mountaintop", events)
    # Explorer
    if pilot.hex not in game.edge:
        raise IllegalActionError("stunt.explorer.not-on-edge", f"{pilot.hex} is not on the edge "
                                 "of the map")
    if game.scenario.solo is SoloMode.RACE:
        return score(pilot, stunt, EXPLORER_SOLO, "solo race: the edge reached", events)
    others = [p.hex for p in state.pilots if p.seat != pilot.seat and p.hex is not None
              and p.status is not PilotStatus.IN_HAND]
    nearest = min((_edge_distance(game, h) for h in others), default=0)
    return score(pilot, stunt, EXPLORER_BASE + nearest, f"the closest other pilot is {nearest} "
                 "from the edge", events)


def _middle(game: Game, marker: str, side: str) -> int:
    sm = next(m for m in game.components.solo_markers if m.id == marker)
    return sm.sides[side][1]


def _start_ruler(game: Game, state: State, pilot: Pilot, stunt: Stunt, action: str,
                 current: StuntProgress | None, moment: Moment, events: list[Event]) -> Pilot:
    if action != "start":
        raise IllegalActionError("stunt.ruler", f"the {stunt} is scored when its rule says so; "
                                 "claim it with action: start to place the ruler")
    if current is not None and current.since is not None:
        raise IllegalActionError("stunt.twice", f"{pilot.ident}'s {stunt} ruler is placed "
                                 "already: one chance a game")
    if stunt is Stunt.CLIFF_SURFER:
        if moment.modifiers is None or not moment.bonus("sun", "wind"):
            raise IllegalActionError("stunt.cliff-surfer.no-bonus", "the Cliff Surfer ruler is "
                                     "placed in a turn that gets the sun or wind bonus")
    elif not alone_on_mountain(game, state, pilot):
        raise IllegalActionError("stunt.lone-hiker.not-alone", f"{pilot.ident} is not the only "
                                 "pilot over the mountains")
    events.append({"type": "stunt", "player": pilot.ident, "stunt": stunt.value,
                   "action": "start", "why": f"ruler placed at {format_clock(state.time)}"})
    return _set(pilot, stunt, StuntProgress(since=state.time))


def start_of_turn(game: Game, state: State, pilot: Pilot, events: list[Event]) -> Pilot:
    """A running ruler that reached 12 at the start of the turn is scored."""
    if not pilot.stunts:
        return pilot
    for stunt in sorted(TIMED_STUNTS):
        p = progress(pilot, stunt)
        if p is not None and p.since is not None and p.scored is None and \
                ruler(game, p.since, state.time) >= MAX_VP:
            pilot = score(pilot, stunt, MAX_VP, "the ruler reached 12", events)
    return pilot


def end_of_turn(game: Game, state: State, pilot: Pilot, moment: Moment, started: int,
                events: list[Event]) -> Pilot:
    """Rulers placed before this turn end when their condition fails: the Cliff Surfer
    without a sun or wind bonus this turn, the Lone Hiker not alone over the mountains after
    the move; both when the pilot is no longer flying."""
    for stunt in sorted(TIMED_STUNTS):
        p = progress(pilot, stunt)
        if p is None or p.since is None or p.scored is not None or p.since >= started:
            continue
        grounded = pilot.status is not PilotStatus.FLYING
        if stunt is Stunt.CLIFF_SURFER:
            ends = grounded or not moment.bonus("sun", "wind")
            why = "no sun or wind bonus this turn"
        else:
            ends = grounded or not alone_on_mountain(game, state, pilot)
            why = "no longer alone over the mountains"
        if ends:
            pilot = score(pilot, stunt, ruler(game, p.since, state.time), why, events)
    return pilot


def arm_survivor(game: Game, pilot: Pilot, events: list[Event]) -> Pilot:
    """The Survivor ruler moves to the mountaintop when the pilot reaches its low altitude."""
    if pilot.altitude > game.components.altitude.survivor_arm or \
            pilot.status is not PilotStatus.FLYING or Stunt.SURVIVOR not in game.scenario.stunts:
        return pilot
    p = progress(pilot, Stunt.SURVIVOR)
    if p is None and 0 < pilot.altitude <= game.components.altitude.survivor_arm:
        events.append({"type": "stunt", "player": pilot.ident, "stunt": Stunt.SURVIVOR.value,
                       "action": "arm", "why": f"reached altitude {pilot.altitude}"})
        return _set(pilot, Stunt.SURVIVOR, StuntProgress(armed=True))
    return pilot


def reset_survivor(pilot: Pilot, events: list[Event]) -> Pilot:
    """Taking off again puts the Survivor ruler back to its setup position."""
    p = progress(pilot, Stunt.SURVIVOR)
    if p is not None and p.armed and p.scored is None:
        events.append({"type": "stunt", "player": pilot.ident, "stunt": Stunt.SURVIVOR.value,
                       "action": "reset", "why": "relaunch"})
        return _set(pilot, Stunt.SURVIVOR, None)
    return pilot


def top_lander_open(game: Game, pilot: Pilot) -> bool:
    """Whether ``pilot`` may still claim Top Lander (in play, not scored)."""
    if not game.top_lander:
        return False
    current = progress(pilot, Stunt.TOP_LANDER)
    return current is None or current.scored is None


def check_top_lander_claim(game: Game, pilot: Pilot) -> None:
    """A Top Lander claim needs the stunt in play and not scored yet (checked before the
    flight, like every other claim)."""
    if Stunt.TOP_LANDER not in game.scenario.stunts:
        raise IllegalActionError("stunt.not-in-play", "the top-lander stunt is not in play")
    current = progress(pilot, Stunt.TOP_LANDER)
    if current is not None and current.scored is not None:
        raise IllegalActionError("stunt.twice", "Top Lander is scored once")


def top_lander(game: Game, state: State, pilot: Pilot, soft: bool, events: list[Event]
               ) -> Pilot:
    """A final landing on a take-off hex: 6 VP, 3 more for a soft landing at the mountaintop
    and 3 more facing the wind (opposite the windsock, whatever its strength)."""
    check_top_lander_claim(game, pilot)
    vp, parts = TOP_LANDER_BASE, ["landed on a take-off hex"]
    if soft:
        vp += TOP_LANDER_SOFT
        parts.append("soft landing")
    if pilot.facing is state.wind_direction.opposite:
        vp += TOP_LANDER_WIND
        parts.append("facing the wind")
    return score(pilot, Stunt.TOP_LANDER, vp, ", ".join(parts), events)
