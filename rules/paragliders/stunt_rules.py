"""The seven stunts: claims made during a pilot's own turn, the rulers that run over several
turns, and the scoring the rules force. Each stunt scores at most 12 VP, once a game.

Claims name a moment of the turn: ``before-move`` (where the pilot starts), ``after-move``
(on the first hex, before accelerating) or ``after-accelerate`` (the end of the move).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, NamedTuple

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.paragliders.actions import Claim
from skyhex.rules.paragliders.clock import format_clock
from skyhex.rules.paragliders.components import SunExposure
from skyhex.rules.paragliders.scenario import PilotStatus, SoloMode, StuntProgress
from skyhex.rules.paragliders.state import Game, Pilot, State
from skyhex.rules.paragliders.stunts import TIMED_STUNTS, Stunt
from skyhex.rules.paragliders.terrain import Terrain

# Enum members as plain names: Python 3.11 reads a member off its class through a
# descriptor, ten times the cost of a global, and the hot paths read many.
_FLYING = PilotStatus.FLYING
_RACE = SoloMode.RACE
_CLIFF_SURFER = Stunt.CLIFF_SURFER
_EXPLORER = Stunt.EXPLORER
_LONE_HIKER = Stunt.LONE_HIKER
_OVERFLYER = Stunt.OVERFLYER
_SKY_CLIMBER = Stunt.SKY_CLIMBER
_SURVIVOR = Stunt.SURVIVOR
_TOP_LANDER = Stunt.TOP_LANDER
_NO_SUN = SunExposure.NONE
_MOUNTAIN = Terrain.MOUNTAIN

MAX_VP = 12
SKY_CLIMBER_VP = {2: 3, 3: 6, 4: 9, 5: 12}  # by altitude gained; 5 or more: 12
OVERFLYER_BASE = 2
EXPLORER_BASE = 6
EXPLORER_SOLO = 6
TOP_LANDER_BASE, TOP_LANDER_SOFT, TOP_LANDER_WIND = 6, 3, 3
CLIMB_MODIFIERS = frozenset({"hard-turn", "thermal", "sun", "wind", "cloud"})
"""The altitude modifiers the Sky Climber sums ("Sum all the altitude modifiers on your new
hexagon (before accelerating) including an eventual hard turn penalty"): the turn summary's
hard turn and four weather modifiers. The cloud ceiling is no modifier: it caps the altitude
("extra gains there are lost"), not the gain."""


class Moment(NamedTuple):
    """What a claim may look at: when in the turn, and the first hex's modifiers (a named
    tuple: every turn makes one, and the legal actions one per place they weigh)."""

    when: str
    modifiers: tuple[dict[str, Any], ...] | None = None  # None before moving

    def bonus(self, *names: str) -> bool:
        return bonus(self.modifiers or (), *names)


def bonus(modifiers: tuple[dict[str, Any], ...], *names: str) -> bool:
    """Whether ``modifiers`` hold a gain by one of ``names``."""
    for m in modifiers:  # noqa: SIM110 (a loop: any() over a generator costs more)
        if m["value"] > 0 and m["name"] in names:
            return True
    return False


def climb(modifiers: tuple[dict[str, Any], ...]) -> int | None:
    """The Sky Climber's gain: the sum of the ``CLIMB_MODIFIERS`` of ``modifiers`` (the
    first hex's), ``None`` when the gain is not made under a cloud."""
    if not bonus(modifiers, "cloud"):
        return None
    gain = 0
    for m in modifiers:
        if m["name"] in CLIMB_MODIFIERS:
            gain += m["value"]
    return gain


SKY_CLIMBER_MIN = 2
"""The least gain the Sky Climber scores."""


def progress(pilot: Pilot, stunt: Stunt) -> StuntProgress | None:
    return next((p for s, p in pilot.stunts if s is stunt), None)


Progress = tuple[tuple[Stunt, StuntProgress], ...]


def _with(stunts: Progress, stunt: Stunt, value: StuntProgress | None) -> Progress:
    """``stunts`` with the progress of ``stunt`` set to ``value`` (``None``: removed)."""
    rest = tuple((s, p) for s, p in stunts if s is not stunt)
    return tuple(sorted((*rest, (stunt, value)))) if value else rest


def _set(pilot: Pilot, stunt: Stunt, value: StuntProgress | None) -> Pilot:
    return pilot.evolve(stunts=_with(pilot.stunts, stunt, value))


def score(pilot: Pilot, stunt: Stunt, vp: int, why: str, events: list[Event] | None) -> Pilot:
    vp = min(vp, MAX_VP)
    pilot = pilot.evolve(stunts=_with(pilot.stunts, stunt, StuntProgress(scored=vp)),
                         ledger=(*pilot.ledger, (f"stunt {stunt}", vp)))
    if events is not None:
        events.append({"type": "stunt", "player": pilot.ident, "stunt": stunt.value,
                       "action": "score", "vp": vp, "why": why})
    return pilot


def ruler(game: Game, since: int, now: int) -> int:
    """VP under the Time Marker on a Cliff Surfer or Lone Hiker ruler placed at ``since``."""
    table = game.components.rulers.timed
    steps = (now - since) // game.components.time.step
    return table[min(steps, len(table) - 1)]


_OTHERS: tuple[State | None, int, tuple[Pilot, ...]] = (None, 0, ())
"""The last state and seat ``_flying_others`` answered for, and its answer (replaced as a
whole, so threads never mix two answers): the legal actions of a turn ask for the same
ones for every place they weigh."""


def _flying_others(state: State, pilot: Pilot) -> tuple[Pilot, ...]:
    """The other pilots flying in ``state``."""
    global _OTHERS
    last, seat, others = _OTHERS
    if last is state and seat == pilot.seat:
        return others
    others = tuple(p for p in state.pilots
                   if p.seat != pilot.seat and p.status is _FLYING)
    _OTHERS = (state, pilot.seat, others)
    return others


def alone_on_mountain(game: Game, state: State, pilot: Pilot) -> bool:
    """The pilot is over a mountain hex and no other pilot is."""
    if pilot.hex is None or game.terrain.get(pilot.hex) is not _MOUNTAIN:
        return False
    return not any(p.hex is not None and game.terrain.get(p.hex) is _MOUNTAIN
                   for p in _flying_others(state, pilot))


def _edge_distance(game: Game, h: Hex) -> int:
    return game.edge_distance[h]


class Refusal:
    """Why a claim is refused: the rule, and the message (worded only when read: the legal
    actions of a turn weigh many claims that are refused and never explained)."""

    __slots__ = ("args", "rule", "text")

    def __init__(self, rule: str, text: str, *args: object) -> None:
        self.rule = rule
        self.text = text
        self.args = args

    @property
    def message(self) -> str:
        return self.text.format(*self.args)


Award = tuple[int | None, str]
"""What an accepted claim gives: its VP (``None``: a ruler placed) and why."""
Rule = Callable[[Game, State, Pilot, str, StuntProgress | None, Moment], Refusal | Award]


def judge(game: Game, state: State, pilot: Pilot, entry: Claim, moment: Moment,
          current: StuntProgress | None) -> Refusal | Award:
    """Whether ``pilot`` may make the claim ``entry`` at ``moment`` (``current``: its
    progress on that stunt), and what it gives: what every claim needs, then the rule of its
    stunt."""
    stunt = entry.stunt
    if stunt not in game.scenario.stunts:
        return Refusal("stunt.not-in-play", "the {} stunt is not in play", stunt)
    if current is not None and current.scored is not None:
        return Refusal("stunt.twice", "{} has scored the {} already: each stunt scores once "
                       "a game", pilot.ident, stunt)
    if stunt is _TOP_LANDER:
        return Refusal("stunt.top-lander.not-landed", "Top Lander is scored by a final landing "
                       "on a take-off hex, in the entry with land: final")
    if pilot.status is not _FLYING or pilot.hex is None:
        return Refusal("stunt.not-flying", "{} is not flying at {}: stunts are flown",
                       pilot.ident, moment.when)
    return RULES[stunt](game, state, pilot, entry.action, current, moment)


def _sky_climber(game: Game, state: State, pilot: Pilot, action: str,
                 current: StuntProgress | None, moment: Moment) -> Refusal | Award:
    if action != "score":
        return Refusal("stunt.action", "the {} is scored, not {}ed", _SKY_CLIMBER, action)
    if moment.modifiers is None:
        return Refusal("stunt.timing", "the Sky Climber counts the altitude gained by the move: "
                       "claim it after moving")
    gain = climb(moment.modifiers)
    if gain is None:
        return Refusal("stunt.sky-climber.no-cloud", "the Sky Climber needs the gain to be "
                       "made under a cloud")
    if gain < SKY_CLIMBER_MIN:
        return Refusal("stunt.sky-climber.gain", "the Sky Climber needs a gain of 2 or more, "
                       "not {}", gain)
    return SKY_CLIMBER_VP[min(gain, 5)], f"gained {gain} under a cloud"


def _overflyer(game: Game, state: State, pilot: Pilot, action: str,
               current: StuntProgress | None, moment: Moment) -> Refusal | Award:
    if action != "score":
        return Refusal("stunt.action", "the {} is scored, not {}ed", _OVERFLYER, action)
    below = [altitude for h, altitude in overflown(game, state, pilot)
             if h == pilot.hex and altitude < pilot.altitude]
    if not below:
        return Refusal("stunt.overflyer.nobody-below", "no pilot is below {} on {}",
                       pilot.ident, pilot.hex)
    gap = pilot.altitude - min(below)
    return OVERFLYER_BASE + gap, f"{gap} above the lowest pilot on the hex"


def overflown(game: Game, state: State, pilot: Pilot) -> list[tuple[Hex, int]]:
    """What ``pilot`` may fly over for the Overflyer: the hex and altitude of every other
    flying pilot, and of every solo marker (its middle altitude)."""
    out = [(p.hex, p.altitude) for p in _flying_others(state, pilot) if p.hex is not None]
    out += [(h, _middle(game, m, s)) for m, s, h in state.solo_markers]
    return out


def _survivor(game: Game, state: State, pilot: Pilot, action: str,
              current: StuntProgress | None, moment: Moment) -> Refusal | Award:
    if action != "score":
        return Refusal("stunt.action", "the {} is scored, not {}ed", _SURVIVOR, action)
    if current is None or not current.armed:
        return Refusal("stunt.survivor.not-armed", "{}'s Survivor ruler is not armed: reach "
                       "its low altitude first", pilot.ident)
    above = pilot.altitude - game.mountaintop
    if above <= 0:
        return Refusal("stunt.survivor.too-low", "the Survivor scores above the mountaintop "
                       "({}), not at {}", game.mountaintop, pilot.altitude)
    table = game.components.rulers.survivor
    return table[min(above, len(table) - 1)], f"{above} above the mountaintop"


def _explorer(game: Game, state: State, pilot: Pilot, action: str,
              current: StuntProgress | None, moment: Moment) -> Refusal | Award:
    if action != "score":
        return Refusal("stunt.action", "the {} is scored, not {}ed", _EXPLORER, action)
    if pilot.hex not in game.edge:
        return Refusal("stunt.explorer.not-on-edge", "{} is not on the edge of the map",
                       pilot.hex)
    if game.scenario.solo is _RACE:
        return EXPLORER_SOLO, "solo race: the edge reached"
    others = [p.hex for p in _flying_others(state, pilot) if p.hex is not None]
    nearest = min((_edge_distance(game, h) for h in others), default=0)
    return EXPLORER_BASE + nearest, f"the closest other pilot is {nearest} from the edge"


def _ruler(stunt: Stunt, allowed: Callable[[Game, State, Pilot, Moment], Refusal | None]
           ) -> Rule:
    """The rule of placing a Cliff Surfer or Lone Hiker ruler (``action: start``), once a
    game, when ``allowed``."""

    def rule(game: Game, state: State, pilot: Pilot, action: str,
             current: StuntProgress | None, moment: Moment) -> Refusal | Award:
        if action != "start":
            return Refusal("stunt.ruler", "the {} is scored when its rule says so; claim it "
                           "with action: start to place the ruler", stunt)
        if current is not None and current.since is not None:
            return Refusal("stunt.twice", "{}'s {} ruler is placed already: one chance a "
                           "game", pilot.ident, stunt)
        refused = allowed(game, state, pilot, moment)
        if refused is not None:
            return refused
        return None, f"ruler placed at {format_clock(state.time)}"

    return rule


def _sun_or_wind(game: Game, state: State, pilot: Pilot, moment: Moment) -> Refusal | None:
    if moment.modifiers is None or not moment.bonus("sun", "wind"):
        return Refusal("stunt.cliff-surfer.no-bonus", "the Cliff Surfer ruler is placed in a "
                       "turn that gets the sun or wind bonus")
    return None


def _alone(game: Game, state: State, pilot: Pilot, moment: Moment) -> Refusal | None:
    if not alone_on_mountain(game, state, pilot):
        return Refusal("stunt.lone-hiker.not-alone", "{} is not the only pilot over the "
                       "mountains", pilot.ident)
    return None


RULES: dict[Stunt, Rule] = {
    _SKY_CLIMBER: _sky_climber, _OVERFLYER: _overflyer, _SURVIVOR: _survivor,
    _EXPLORER: _explorer, _CLIFF_SURFER: _ruler(_CLIFF_SURFER, _sun_or_wind),
    _LONE_HIKER: _ruler(_LONE_HIKER, _alone),
}
"""The rule of each stunt claimed during a turn (Top Lander is claimed by a landing)."""


def _middle(game: Game, marker: str, side: str) -> int:
    sm = next(m for m in game.components.solo_markers if m.id == marker)
    return sm.sides[side][1]


def claim(game: Game, state: State, pilot: Pilot, entry: Claim, moment: Moment,
          events: list[Event] | None) -> Pilot:
    """Apply one claim from a turn entry; ``IllegalActionError`` names the broken rule."""
    verdict = judge(game, state, pilot, entry, moment, progress(pilot, entry.stunt))
    if isinstance(verdict, Refusal):
        raise IllegalActionError(verdict.rule, verdict.message)
    vp, why = verdict
    if vp is not None:
        return score(pilot, entry.stunt, vp, why, events)
    if events is not None:
        events.append({"type": "stunt", "player": pilot.ident, "stunt": entry.stunt.value,
                       "action": "start", "why": why})
    return _set(pilot, entry.stunt, StuntProgress(since=state.time))


def candidates(game: Game, state: State, pilot: Pilot) -> tuple[Stunt, ...]:
    """The stunts that some moment of ``pilot``'s turn in ``state`` might accept: in play,
    still open, and not ruled out by the state itself (no cloud on the map for the Sky
    Climber, no sun nor wind for the Cliff Surfer, nobody to fly over for the Overflyer,
    another pilot over the mountains for the Lone Hiker, an unarmed Survivor ruler). A
    quick filter before ``judge``, which decides."""
    opened = dict(pilot.stunts)
    out = []
    for stunt in game.claim_stunts:
        current = opened.get(stunt)
        if current is not None and (current.scored is not None or current.since is not None):
            continue
        if stunt is _SKY_CLIMBER and not state.clouds:
            continue
        if stunt is _CLIFF_SURFER and state.sun is _NO_SUN and \
                not state.wind_strength:
            continue
        if stunt is _OVERFLYER and not state.solo_markers and not _flying_others(state,
                                                                                       pilot):
            continue
        if stunt is _LONE_HIKER and any(p.hex is not None and game.terrain.get(p.hex) is
                                             _MOUNTAIN
                                             for p in _flying_others(state, pilot)):
            continue
        if stunt is _SURVIVOR and (current is None or not current.armed):
            continue
        out.append(stunt)
    return tuple(out)


READS: dict[Stunt, str] = {
    _SKY_CLIMBER: "moment", _CLIFF_SURFER: "moment", _OVERFLYER: "place",
    _SURVIVOR: "altitude", _EXPLORER: "hex", _LONE_HIKER: "hex",
}
"""What the rule of each stunt claimed during a turn reads of the claiming pilot's moment,
besides the state and the pilot's stunt progress (the same at every moment of a turn): the
first hex's modifiers (``moment``), where the pilot is (``place``: hex and altitude), its
``altitude`` or its ``hex``. The legal actions of a turn weigh a claim once per distinct
answer; the contract test holds them to ``claim``."""


def accepts(game: Game, state: State, pilot: Pilot, stunt: Stunt,
            current: StuntProgress | None, moment: Moment) -> str | None:
    """The action with which the rule of ``stunt`` (in play, still open, ``pilot`` flying:
    see ``candidates``) accepts a claim at ``moment`` (``start``: a timed stunt's ruler
    placed, ``score``: the others), or ``None`` when it refuses: ``claim`` accepts exactly
    these."""
    action = "start" if stunt in TIMED_STUNTS else "score"
    verdict = RULES[stunt](game, state, pilot, action, current, moment)
    return None if isinstance(verdict, Refusal) else action


def claims_of(accepted: tuple[tuple[Stunt, str], ...], when: str) -> tuple[Claim, ...]:
    """The claims of the stunts ``accepted`` (each with its action) at ``when``."""
    return _claimed(accepted, when)


@cache
def _claimed(accepted: tuple[tuple[Stunt, str], ...], when: str) -> tuple[Claim, ...]:
    """The claims of the stunts ``accepted`` (with their actions) at ``when``: shared
    values, since the legal actions of a turn repeat the same few."""
    return tuple(Claim(stunt, when, action) for stunt, action in accepted)


_TIMED = frozenset(TIMED_STUNTS)


_RUNNING: dict[int, tuple[Progress, tuple[tuple[Stunt, int], ...]]] = {}
"""``_running``'s answers by the progress asked about (its ``id``, the progress kept with
the answer so that the number names it): every turn of a pilot with stunts asks, at its
start and at its end, and the progress changes only when a stunt does."""


def _running(pilot: Pilot) -> tuple[tuple[Stunt, int], ...]:
    """The rulers of ``pilot`` placed and not scored yet, with the time each was placed."""
    stunts = pilot.stunts
    held = _RUNNING.get(id(stunts))
    if held is not None and held[0] is stunts:
        return held[1]
    found = []
    for stunt, p in stunts:  # kept sorted by stunt
        if p.since is not None and p.scored is None and stunt in _TIMED:
            found.append((stunt, p.since))
    running = tuple(found)
    if len(_RUNNING) >= 256:
        _RUNNING.clear()
    _RUNNING[id(stunts)] = (stunts, running)
    return running


def start_of_turn(game: Game, state: State, pilot: Pilot, events: list[Event] | None
                  ) -> Pilot:
    """A running ruler that reached 12 at the start of the turn is scored; so is the ruler
    of a pilot who touched down since its last turn (in a wind push), at the Time Marker's
    value when it landed."""
    if not pilot.stunts:
        return pilot
    for stunt, since in _running(pilot):
        if pilot.status is not _FLYING:
            at = pilot.landed_time if pilot.landed_time is not None else state.time
            pilot = score(pilot, stunt, ruler(game, since, at), "landed", events)
        elif ruler(game, since, state.time) >= MAX_VP:
            pilot = score(pilot, stunt, MAX_VP, "the ruler reached 12", events)
    return pilot


def end_of_game(game: Game, state: State, pilot: Pilot, events: list[Event] | None) -> Pilot:
    """"Once you are committed (with the stunt ruler placed under the weather board) the
    stunt will be scored no matter what": a ruler still running when the game ends is
    scored at the Time Marker's value then, or, for a pilot who made its final landing in a
    wind push (and had no turn since), when it landed."""
    for stunt, since in _running(pilot):
        if pilot.status is _FLYING or pilot.landed_time is None:
            at, why = state.time, f"the game ends at {format_clock(state.time)}"
        else:
            at, why = pilot.landed_time, f"landed at {format_clock(pilot.landed_time)}"
        pilot = score(pilot, stunt, ruler(game, since, at), why, events)
    return pilot


def end_of_turn(game: Game, state: State, pilot: Pilot, moment: Moment, started: int,
                events: list[Event] | None) -> Pilot:
    """Rulers placed before this turn end when their condition fails: the Cliff Surfer
    without a sun or wind bonus this turn, the Lone Hiker not alone over the mountains after
    the move; both when the pilot is no longer flying."""
    if not pilot.stunts:
        return pilot
    for stunt, since in _running(pilot):
        if since >= started:
            continue
        grounded = pilot.status is not _FLYING
        if stunt is _CLIFF_SURFER:
            ends = grounded or not moment.bonus("sun", "wind")
            why = "no sun or wind bonus this turn"
        else:
            ends = grounded or not alone_on_mountain(game, state, pilot)
            why = "no longer alone over the mountains"
        if ends:
            pilot = score(pilot, stunt, ruler(game, since, state.time), why, events)
    return pilot


def arm_survivor(game: Game, pilot: Pilot, events: list[Event] | None) -> Pilot:
    """The Survivor ruler moves to the mountaintop when the pilot reaches its low altitude."""
    if pilot.altitude > game.survivor_arm or pilot.status is not _FLYING:
        return pilot  # (``survivor_arm`` is -1 when the stunt is not in play)
    p = progress(pilot, _SURVIVOR)
    if p is None and pilot.altitude > 0:
        if events is not None:
            events.append({"type": "stunt", "player": pilot.ident,
                           "stunt": _SURVIVOR.value, "action": "arm",
                           "why": f"reached altitude {pilot.altitude}"})
        return _set(pilot, _SURVIVOR, StuntProgress(armed=True))
    return pilot


def reset_survivor(pilot: Pilot, events: list[Event] | None) -> Pilot:
    """Taking off again puts the Survivor ruler back to its setup position."""
    p = progress(pilot, _SURVIVOR)
    if p is not None and p.armed and p.scored is None:
        if events is not None:
            events.append({"type": "stunt", "player": pilot.ident,
                           "stunt": _SURVIVOR.value, "action": "reset", "why": "relaunch"})
        return _set(pilot, _SURVIVOR, None)
    return pilot


def top_lander_open(game: Game, pilot: Pilot) -> bool:
    """Whether ``pilot`` may still claim Top Lander (in play, not scored)."""
    if not game.top_lander:
        return False
    current = progress(pilot, _TOP_LANDER)
    return current is None or current.scored is None


def check_top_lander_claim(game: Game, pilot: Pilot) -> None:
    """A Top Lander claim needs the stunt in play and not scored yet (checked before the
    flight, like every other claim)."""
    if _TOP_LANDER not in game.scenario.stunts:
        raise IllegalActionError("stunt.not-in-play", "the top-lander stunt is not in play")
    current = progress(pilot, _TOP_LANDER)
    if current is not None and current.scored is not None:
        raise IllegalActionError("stunt.twice", "Top Lander is scored once")


def top_lander(game: Game, state: State, pilot: Pilot, soft: bool,
               events: list[Event] | None) -> Pilot:
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
    return score(pilot, _TOP_LANDER, vp, ", ".join(parts), events)
