"""The Paragliders rulebook's stunt examples (issue 6), each as the smallest situation that
shows it: a small custom map and a game started from a position (``tests/rules_helpers.py``).

Each example test quotes the rulebook (``shared/rulebooks/paragliders-rulebook.txt``,
chapter "Stunts") in its docstring. Standard values (DESIGN.md, ``docs/rules-notes.md``):
mountaintop 9 with easy sides, 5 (700 m) with all difficult sides; level 0 is the ground at
200 m, one level per 100 m; the Survivor ruler is armed at level 2 (400 m) and pays
2/4/6/8/10/12 VP for 0/1/2/3/4/5+ levels above the mountaintop; the Cliff Surfer and Lone
Hiker rulers pay min(12, k + 1) VP after k 20-minute steps.

Claims are written as in a moves file: ``{"stunt": name, "when": "before-move" |
"after-move" | "after-accelerate", "action": "score" | "start"}`` (``when`` defaults to
after-accelerate, ``action`` to score). The Top Lander is claimed in the entry that lands.

Geometry: flat-top axial hexes, directions N (0,-1), NE (1,-1), SE (1,0), S (0,1),
SW (-1,1), NW (-1,0). Unless a test says otherwise the board is a disc of fields of radius 4,
the temperature is 0 (mountain +1, field 0, forest +1, lake -2), there is no sun, no wind
and no cloud. Two or more players, so that no solo rule applies (``paragliders/test_variants.py`` has
the solo race).
"""

from __future__ import annotations

from typing import Any

import pytest

from skyhex.rules.errors import InputError
from skyhex.rules.hexgrid import Hex
from skyhex.rules.paragliders.actions import Action, WindChoice, WindKind, action_from_entry
from skyhex.rules.paragliders.clock import parse_clock as clock
from skyhex.rules.paragliders.engine import Event, apply, legal_actions, scores
from skyhex.rules.paragliders.scenario import PilotStatus, StuntProgress
from skyhex.rules.paragliders.state import Game, Phase, State
from skyhex.rules.paragliders.stunts import Stunt

from ..rules_helpers import (
    board,
    day,
    flying,
    modifiers,
    move,
    of_type,
    pilot,
    relaunch,
    rule_of,
    start,
    turn_event,
    walk,
    where,
    wind,
)

ALL = "all"
def claim(stunt: str, when: str | None = None, action: str | None = None) -> dict[str, str]:
    entry = {"stunt": stunt}
    if when is not None:
        entry["when"] = when
    if action is not None:
        entry["action"] = action
    return entry


def entry(player: str, kind: str = "straight", *claims: dict[str, str], **more: Any) -> Action:
    """A moves-file entry read the way replays read it."""
    doc: dict[str, Any] = {"player": player, "move": kind, **more}
    if claims:
        doc["stunts"] = list(claims)
    return action_from_entry(doc)


def scored(events: list[Event], player: str | None = None) -> list[tuple[str, str, int]]:
    """(player, stunt, VP) of every stunt scored in ``events``."""
    return [(e["player"], e["stunt"], e["vp"]) for e in of_type(events, "stunt")
            if e["action"] == "score" and (player is None or e["player"] == player)]


def stunt_ledger(state: State, ident: str) -> list[tuple[str, int]]:
    return [(reason, vp) for reason, vp in pilot(state, ident).ledger
            if reason.startswith("stunt")]


def progress(state: State, ident: str, stunt: Stunt) -> StuntProgress | None:
    return dict(pilot(state, ident).stunts).get(stunt)


def mountains(*hexes: tuple[int, int]) -> dict[tuple[int, int], str]:
    return {h: "mountain" for h in hexes}


# --- The Sky Climber ----------------------------------------------------------------------


SKY_CLIMBER_MAP = {(0, 0): "forest", (0, -1): "forest", (0, -2): "forest",
                   **mountains((-1, -2), (-1, -1), (-1, 0))}


def sky_climber_game() -> tuple[Game, State]:
    """A column of forest (0,0), (0,-1), (0,-2) along a ridge to the west; morning sun; a
    strength-2 wind blowing to the NW; a cloud on (0,-3), next to (0,-2) only. Temperature 0:
    forest +1."""
    game, state, _ = start(board(SKY_CLIMBER_MAP), ("yellow", "blue"), stunts=ALL,
                           sun="east", wind=("NW", 2), clouds={1: (0, -3)},
                           pilots={"yellow": flying((0, 0), "N", 5),
                                   "blue": flying((3, 0), "N", 5)})
    return game, state


def test_sky_climber_example_12_vp() -> None:
    """Rulebook, "The Sky Climber": "You can gain 3/6/9/12 VP for 2/3/4/5 or more altitude
    gained during your turn. Sum all the altitude modifiers on your new hexagon (before
    accelerating) including an eventual hard turn penalty, to determine your score. If you
    gain 2 or more altitude without the help of a cloud, then you cannot score this stunt.
    Example: The yellow player is moving above the forest. The Thermal value for the forest
    is now at +1. They also benefit from sun exposure (+1), and wind bonus (+2). In total
    they gain 4 altitude during their turn, but they are not under the cloud, so they cannot
    claim the "Sky Climber" stunt. If they continue to fly straight in the next turn, the
    thermal lift, sun and wind conditions will be the same but they will also move under a
    cloud which will give them a +2 altitude bonus, for a total gain of 6 altitude. This is
    enough to score the maximum of 12 VP."
    """
    game, state = sky_climber_game()
    # First turn: +4 without a cloud, the claim is refused.
    no_cloud = entry("yellow", "straight", claim("sky-climber", "after-move"))
    assert rule_of(game, state, no_cloud) == "stunt.sky-climber.no-cloud"
    state, events = apply(game, state, move("yellow"))
    assert modifiers(turn_event(events)) == {"thermal": 1, "sun": 1, "wind": 2}
    assert where(state, "yellow") == ((0, -1), "N", 9)
    state, _ = apply(game, state, move("blue"))

    # Next turn, straight on under the cloud: +6, the maximum of 12 VP.
    state, events = apply(game, state, entry("yellow", "straight",
                                             claim("sky-climber", "after-move")))
    assert modifiers(turn_event(events)) == {"thermal": 1, "sun": 1, "wind": 2, "cloud": 2}
    assert where(state, "yellow") == ((0, -2), "N", 15)
    assert scored(events) == [("yellow", "sky-climber", 12)]
    assert stunt_ledger(state, "yellow") == [("stunt sky-climber", 12)]
    assert progress(state, "yellow", Stunt.SKY_CLIMBER) == StuntProgress(scored=12)
    assert pilot(state, "yellow").score == 12


@pytest.mark.parametrize("when", ["after-move", "after-accelerate"])
def test_sky_climber_accelerating_into_the_cloud_scores_nothing(when: str) -> None:
    """"Note that if they accelerate to enter the cloud during this turn, they won't benefit
    from the cloud bonus, as the weather modifiers are only considered on the first hexagon.
    Since they wouldn't benefit from the cloud bonus, they couldn't score this "Sky Climber"
    stunt this turn by accelerating." (The claim is refused before or after accelerating:
    the first hex's modifiers are what count.)"""
    game, state = sky_climber_game()
    fast = entry("yellow", "straight", claim("sky-climber", when), accelerate=True)
    assert rule_of(game, state, fast) == "stunt.sky-climber.no-cloud"
    state, events = apply(game, state, move("yellow", accelerate=True))
    assert where(state, "yellow") == ((0, -2), "N", 7)  # on the cloud's neighbour, no bonus
    assert not of_type(events, "stunt")


@pytest.mark.parametrize(("terrain", "kind", "gain", "vp"), [
    ("field", "straight", 2, 3),  # the cloud alone: 0 + 2
    ("forest", "straight", 3, 6),  # forest +1, cloud +2
    ("forest", "hard-right", 2, 3),  # the hard turn penalty counts: -1 + 1 + 2
    ("field", "hard-right", 1, None),  # -1 + 0 + 2: not enough
    ("lake", "straight", 0, None),  # -2 + 2
])
def test_sky_climber_vp_by_gain(terrain: str, kind: str, gain: int, vp: int | None) -> None:
    """"You can gain 3/6/9/12 VP for 2/3/4/5 or more altitude gained during your turn. Sum
    all the altitude modifiers on your new hexagon (before accelerating) including an
    eventual hard turn penalty, to determine your score."

    Yellow at (0,0) faces NW, so that a straight move and a hard right turn both reach a hex
    under the cloud on (0,-1): (-1,0) straight on, (1,-1) after a hard right turn (to NE)."""
    target = (-1, 0) if kind == "straight" else (1, -1)
    m = board({target: terrain})
    game, state, _ = start(m, ("yellow", "blue"), stunts=ALL, clouds={1: (0, -1)},
                           pilots={"yellow": flying((0, 0), "NW", 8),
                                   "blue": flying((3, 0), "N", 5)})
    action = entry("yellow", kind, claim("sky-climber", "after-move"))
    if vp is None:
        assert rule_of(game, state, action) == "stunt.sky-climber.gain"
        return
    state, events = apply(game, state, action)
    assert sum(modifiers(turn_event(events)).values()) == gain
    assert where(state, "yellow")[0] == target
    assert scored(events) == [("yellow", "sky-climber", vp)]


def test_sky_climber_at_the_ceiling_counts_the_modifiers_not_the_ceiling() -> None:
    """"Sum all the altitude modifiers on your new hexagon (before accelerating) including
    an eventual hard turn penalty, to determine your score." The turn summary names those
    modifiers (hard turn, thermal, sun, wind, clouds) and keeps the ceiling apart ("Cloud
    level is the ceiling: extra gains there are lost"): the ceiling caps the altitude, not
    the gain. Yellow at 14 flies under the cloud with +1 +1 +2 +2 = +6; the ceiling (18)
    takes 2 of them, and the Sky Climber still counts +6: 12 VP, not the 9 of a +4."""
    game, state, _ = start(board(SKY_CLIMBER_MAP), ("yellow", "blue"), stunts=ALL,
                           sun="east", wind=("NW", 2), clouds={1: (0, -3)},
                           pilots={"yellow": flying((0, -1), "N", 14),
                                   "blue": flying((3, 0), "N", 5)})
    state, events = apply(game, state, entry("yellow", "straight",
                                             claim("sky-climber", "after-move")))
    assert modifiers(turn_event(events)) == {"thermal": 1, "sun": 1, "wind": 2, "cloud": 2,
                                             "ceiling": -2}
    assert where(state, "yellow") == ((0, -2), "N", 18)
    assert scored(events) == [("yellow", "sky-climber", 12)]


# --- The Overflyer ------------------------------------------------------------------------


def test_overflyer_example_7_vp() -> None:
    """Rulebook, "The Overflyer": "You can score this stunt when your paraglider is on the
    same hexagon as another paraglider and above them on the altitude track. The base reward
    is 2 VP, and you gain 1 additional VP for each altitude between you and the paraglider
    below ... If there is more than one paraglider on the same hexagon below you, you can
    consider the lowest one which gives you the most victory points. Example: During their
    turn, the yellow player moves to the same hexagon as the blue player. They first apply
    the altitude modifiers: -1 for the hard turn and +2 for the thermal value of the mountain
    hexagon, so in total they gain 1 altitude. Then they decide to score their "Overflyer"
    stunt. They are now 5 altitude above the blue player, so they can score 2 + 5 = 7 VP.
    Finally they decide to accelerate which makes them lose 2 altitude."

    Temperature +2 (mountain +2). Blue flies at the mountaintop (9) over the mountain
    (0,-1), red at 12 over it too (blue is the lowest). Yellow at 13 on (1,-1) facing NE
    turns hard left (to NW) onto the mountain: 13 - 1 + 2 = 14, five above blue; then
    accelerates to (-1,-1).
    """
    m = board(mountains((0, -1)))
    game, state, _ = start(m, ("yellow", "blue", "red"), stunts=ALL, temperature=2,
                           pilots={"yellow": flying((1, -1), "NE", 13),
                                   "blue": flying((0, -1), "N", 9),
                                   "red": flying((0, -1), "S", 12)})
    action = entry("yellow", "hard-left", claim("overflyer", "after-move"), accelerate=True)
    state, events = apply(game, state, action)
    event = turn_event(events)
    assert modifiers(event) == {"hard-turn": -1, "thermal": 2}
    assert event["to"] == [0, -1] and event["altitude"]["after"] == 14
    assert scored(events) == [("yellow", "overflyer", 7)]
    assert where(state, "yellow") == ((-1, -1), "NW", 12)
    assert stunt_ledger(state, "yellow") == [("stunt overflyer", 7)]


@pytest.mark.parametrize(("gap", "vp"), [(1, 3), (2, 4), (5, 7), (10, 12), (13, 12)])
def test_overflyer_vp_by_gap(gap: int, vp: int) -> None:
    """"Which means you score 3 VP if you fly just above, 4 VP for a two levels difference in
    altitude and 12 VP for a 10 levels difference or more." Blue flies at 2 on (0,-1);
    yellow flies straight onto it (a field at temperature 0) at 2 + gap."""
    game, state, _ = start(board(), ("yellow", "blue"), stunts=ALL,
                           pilots={"yellow": flying((0, 0), "N", 2 + gap),
                                   "blue": flying((0, -1), "N", 2)})
    state, events = apply(game, state, entry("yellow", "straight", claim("overflyer")))
    assert scored(events) == [("yellow", "overflyer", vp)]


def test_overflyer_needs_a_flying_pilot_below_on_the_same_hex() -> None:
    """"when your paraglider is on the same hexagon as another paraglider and above them":
    a pilot above, on a neighbouring hex, or landed does not count."""
    game, state, _ = start(board(), ("yellow", "blue", "red", "green"), stunts=ALL,
                           pilots={"yellow": flying((0, 0), "N", 6),
                                   "blue": flying((0, -1), "N", 8),
                                   "red": flying((1, -1), "N", 2),
                                   "green": {"state": "landed", "hex": [0, -1],
                                             "time": "09:00"}})
    assert rule_of(game, state, entry("yellow", "straight", claim("overflyer"))) == \
        "stunt.overflyer.nobody-below"


# --- The Survivor -------------------------------------------------------------------------


def test_survivor_example_10_vp() -> None:
    """Rulebook, "The Survivor": "During the setup of the game, your stunt ruler ... is placed
    on the altitude track at the designated setup position. When your paraglider reaches that
    altitude, move your stunt ruler next to the altitude track, aligned with the mountaintop.
    Later on, whenever you fly at an altitude above the mountain, you can decide to score
    this stunt. ... Example: The red player reached 400 m of altitude. They move their
    "Survivor" stunt ruler next to the altitude track aligned with the top of the mountain.
    Many turns later, they reach 1100 m. They decide to score their "Survivor" stunt before
    accelerating. They will score 10 VP and end their turn at 900 m (due to the acceleration
    penalty)." and "The mountaintop is at 700 m" on the difficult side.

    All difficult sides: mountaintop level 5 (700 m). Red at 4 (600 m) flies onto a lake
    (-2): level 2, 400 m, arms the ruler. Many turns later (a position with the ruler armed)
    red at 7 flies under a cloud (+2) to level 9 (1100 m), four levels above the mountaintop:
    10 VP, then accelerates to 7 (900 m).
    """
    m = board({(0, -1): "lake"})
    game, state, _ = start(m, ("blue", "red"), stunts=ALL, track="difficult", turn="red",
                           pilots={"blue": flying((3, 0), "N", 6),
                                   "red": flying((0, 0), "N", 4)})
    assert game.mountaintop == 5
    assert game.components.altitude.metres(game.mountaintop) == 700
    state, events = apply(game, state, move("red"))
    assert where(state, "red") == ((0, -1), "N", 2)
    assert game.components.altitude.metres(2) == 400
    armed = [e for e in of_type(events, "stunt") if e["action"] == "arm"]
    assert [(e["player"], e["stunt"]) for e in armed] == [("red", "survivor")]
    assert progress(state, "red", Stunt.SURVIVOR) == StuntProgress(armed=True)
    assert pilot(state, "red").score == 0

    game, state, _ = start(board(), ("blue", "red"), stunts=ALL, track="difficult",
                           turn="red", clouds={1: (0, -2)},
                           pilots={"blue": flying((3, 0), "N", 6),
                                   "red": flying((0, 0), "N", 7,
                                                 stunts={"survivor": "armed"})})
    state, events = apply(game, state, entry("red", "straight",
                                             claim("survivor", "after-move"),
                                             accelerate=True))
    event = turn_event(events)
    assert event["altitude"]["after"] == 9
    assert game.components.altitude.metres(9) == 1100
    assert scored(events) == [("red", "survivor", 10)]
    assert where(state, "red") == ((0, -2), "N", 7)
    assert game.components.altitude.metres(7) == 900
    assert stunt_ledger(state, "red") == [("stunt survivor", 10)]


@pytest.mark.parametrize(("altitude", "vp"), [(10, 4), (11, 6), (12, 8), (13, 10), (14, 12),
                                              (18, 12)])
def test_survivor_vp_by_levels_above_the_mountaintop(altitude: int, vp: int) -> None:
    """"You can score the victory points indicated on the stunt ruler at your current
    altitude (if you fly above the top of your marker, you will score the maximum of 12
    VP)." Easy sides (mountaintop 9). The standard ruler pays 2 + 2 VP per level above the
    mountaintop (the example: 4 levels, 10 VP), at most 12."""
    game, state, _ = start(board(), ("yellow", "blue"), stunts=ALL,
                           pilots={"yellow": flying((0, 0), "N", altitude,
                                                    stunts={"survivor": "armed"}),
                                   "blue": flying((3, 0), "N", 6)})
    state, events = apply(game, state, entry("yellow", "straight",
                                             claim("survivor", "before-move")))
    table = game.components.rulers.survivor
    assert table == (2, 4, 6, 8, 10, 12)
    assert scored(events) == [("yellow", "survivor", vp)]
    assert vp == table[min(altitude - game.mountaintop, len(table) - 1)]


def test_survivor_needs_the_ruler_armed_and_an_altitude_above_the_mountaintop() -> None:
    """"You can score this stunt when you manage to fly higher than the mountaintop after
    reaching a low altitude below the mountaintop level." Not armed: refused; armed but at
    the mountaintop (not above it): refused."""
    game, state, _ = start(board(), ("yellow", "blue"), stunts=ALL,
                           pilots={"yellow": flying((0, 0), "N", 12),
                                   "blue": flying((3, 0), "N", 9,
                                                  stunts={"survivor": "armed"})})
    assert rule_of(game, state, entry("yellow", "straight", claim("survivor"))) == \
        "stunt.survivor.not-armed"
    state, _ = apply(game, state, move("yellow"))
    assert rule_of(game, state, entry("blue", "straight", claim("survivor"))) == \
        "stunt.survivor.too-low"


def test_survivor_ruler_goes_back_on_relaunch() -> None:
    """"If you landed prematurely and decide to take off again (see the Landing Prematurely
    chapter), replace your stunt ruler on the designated setup position."

    Yellow's ruler is armed; at 1 over a field at temperature -3 (field -1) yellow lands and
    walks back towards the mountain (2,-2). While walking the ruler stays armed; relaunching
    resets it, so that a claim above the mountaintop right after the relaunch (a field
    under a cloud: 9 - 1 + 2 = 10) is refused, where an armed ruler would have paid 4 VP.
    """
    m = board(mountains((2, -2)))
    game, state, _ = start(m, ("yellow", "blue"), stunts=ALL, temperature=-3,
                           clouds={1: (2, -3)},
                           pilots={"yellow": flying((0, 0), "N", 1,
                                                    stunts={"survivor": "armed"}),
                                   "blue": flying((-3, 3), "N", 12)})
    state, events = apply(game, state, move("yellow", land="relaunch"))
    assert pilot(state, "yellow").status is PilotStatus.WALKING
    assert progress(state, "yellow", Stunt.SURVIVOR) == StuntProgress(armed=True)
    state, _ = apply(game, state, move("blue"))
    state, _ = apply(game, state, walk("yellow"))
    state, _ = apply(game, state, move("blue"))
    state, _ = apply(game, state, walk("yellow"))
    state, _ = apply(game, state, move("blue"))
    assert pilot(state, "yellow").deficit == 0

    back = relaunch("yellow", "N")
    with_claim = action_from_entry({"player": "yellow", "relaunch": {"facing": "N"},
                                    "move": "straight",
                                    "stunts": [claim("survivor", "after-move")]})
    assert rule_of(game, state, with_claim) == "stunt.survivor.not-armed"
    state, events = apply(game, state, back)
    assert where(state, "yellow") == ((2, -3), "N", 10)  # field -1, cloud +2
    reset = [e for e in of_type(events, "stunt") if e["action"] == "reset"]
    assert [(e["player"], e["stunt"]) for e in reset] == [("yellow", "survivor")]
    assert progress(state, "yellow", Stunt.SURVIVOR) is None


def test_survivor_ruler_is_armed_by_a_wind_push_too() -> None:
    """"When your paraglider reaches that altitude, move your stunt ruler next to the
    altitude track": however the altitude is reached, here by resisting a strength-1 wind
    (tile w14/a at 10:00) from 3 to 2."""
    game, state, _ = start(board(), ("yellow", "blue"), stunts=ALL, time="09:40",
                           wind=("SE", 0), tiles=day(h10="w14/a"),
                           pilots={"yellow": flying((0, 0), "N", 3),
                                   "blue": flying((-3, 0), "N", 12)})
    state, _ = apply(game, state, move("yellow"))
    state, _ = apply(game, state, move("blue"))
    assert state.phase is Phase.WIND_PUSH
    assert progress(state, "yellow", Stunt.SURVIVOR) is None
    state, events = apply(game, state, wind("yellow", "resist"))
    assert where(state, "yellow") == ((0, -1), "N", 2)
    assert [(e["player"], e["action"]) for e in of_type(events, "stunt")] == \
        [("yellow", "arm")]
    assert progress(state, "yellow", Stunt.SURVIVOR) == StuntProgress(armed=True)


# --- The Cliff Surfer ---------------------------------------------------------------------


def cliff_surfer_game() -> tuple[Game, State]:
    """The Cliff Surfer example at 13:20, yellow (seat 1) then blue (seat 2).

    Mountains (1,0), (1,-2), (1,-3) east of yellow's way north along q = 0, and (-2,-1) east
    of blue's way along q = -3. The position gives a west sun (a mountain to the NE or SE
    warms a pilot) and a strength-1 wind blowing to the NE (a mountain to the NE lifts a
    pilot); at 14:00 the weather board shows the west sun, and tile w14/a keeps the wind
    (strength 1, no turn; temperature +1, the board's cloud and the tile's cancel out).
    Yellow's way: (0,0) has a mountain to its SE only (sun), (0,-1) and (0,-2) to their NE
    (sun and wind); (-1,-2) is away from the mountains.
    """
    m = board(mountains((1, 0), (1, -2), (1, -3), (-2, -1)))
    return start(m, ("yellow", "blue"), stunts=ALL, time="13:20", sun="west",
                 wind=("NE", 1), tiles=day(h14="w14/a"),
                 pilots={"yellow": flying((0, 1), "N", 4),
                         "blue": flying((-3, 2), "N", 4)})[:2]


def test_cliff_surfer_example_4_vp() -> None:
    """Rulebook, "The Cliff Surfer": "When you benefit from the Sun Exposure and/or Wind
    altitude modifier during your turn, you can choose to place your stunt ruler under the
    Weather Board. ... Once you are committed ... the stunt will be scored no matter what.
    ... As soon as you do not benefit from any of these two bonuses during your turn, you
    must score the stunt: gain the victory points indicated by the Time Marker on your stunt
    ruler. ... Example: The yellow player moves close to the mountain and benefits from the
    sun bonus. They decide to try to perform their "Cliff Surfer" stunt, so they place their
    stunt ruler under the weather board aligned with the Time Marker (at 13:20). Next turn
    (13:40), they move along the cliff and benefit from both the sun and wind, so their stunt
    is still in progress. Next turn (14:00), the blue player also decides to start their
    stunt, so they place their token below the yellow one, aligned with the Time Marker.
    Yellow can still benefit from the wind by moving along the cliff, but the following turn
    (14:20) there is no more wind or sun, so the stunt reaches an end and they must score 4
    VP."

    (The standard weather board shows no sun from 12:00 to 14:00; the position gives the sun
    the example has at 13:20.) The Wind Push Round at 14:00 is not a turn: both pilots, below
    the mountaintop, are blocked by the mountainside to their NE and the rulers run on.
    """
    game, state = cliff_surfer_game()
    # 13:20: the sun bonus only; yellow places the ruler.
    state, events = apply(game, state, entry("yellow", "straight",
                                             claim("cliff-surfer", action="start")))
    assert modifiers(turn_event(events)) == {"thermal": 0, "sun": 1}
    started = [e for e in of_type(events, "stunt") if e["action"] == "start"]
    assert [(e["player"], e["stunt"]) for e in started] == [("yellow", "cliff-surfer")]
    assert progress(state, "yellow", Stunt.CLIFF_SURFER) == StuntProgress(since=clock("13:20"))
    state, _ = apply(game, state, move("blue"))

    # 13:40: sun and wind, the stunt goes on.
    state, events = apply(game, state, move("yellow"))
    assert modifiers(turn_event(events)) == {"thermal": 0, "sun": 1, "wind": 1}
    assert not scored(events)
    state, events = apply(game, state, move("blue"))
    assert state.phase is Phase.WIND_PUSH and state.time == clock("14:00")
    assert (state.wind_direction.name, state.wind_strength) == ("NE", 1)
    state, events = apply(game, state, wind("blue", "push"))
    state, events = apply(game, state, wind("yellow", "push"))
    assert of_type(events, "wind_push")[0]["blocked"] == "mountain"
    assert not scored(events)
    assert where(state, "yellow") == ((0, -1), "N", 7)

    # 14:00: yellow still has the wind (and the sun); blue starts a ruler too.
    state, events = apply(game, state, move("yellow"))
    assert {"sun", "wind"} <= set(modifiers(turn_event(events)))
    assert not scored(events)
    state, events = apply(game, state, entry("blue", "straight",
                                             claim("cliff-surfer", action="start")))
    assert modifiers(turn_event(events)).get("sun") == 1
    assert progress(state, "blue", Stunt.CLIFF_SURFER) == StuntProgress(since=clock("14:00"))
    assert progress(state, "yellow", Stunt.CLIFF_SURFER) == \
        StuntProgress(since=clock("13:20"))

    # 14:20: away from the cliff, no sun, no wind: 4 VP.
    state, events = apply(game, state, move("yellow", "left"))
    assert where(state, "yellow")[0] == (-1, -2)
    assert set(modifiers(turn_event(events))) == {"thermal"}
    assert scored(events) == [("yellow", "cliff-surfer", 4)]
    assert stunt_ledger(state, "yellow") == [("stunt cliff-surfer", 4)]
    assert progress(state, "blue", Stunt.CLIFF_SURFER) == StuntProgress(since=clock("14:00"))


def test_cliff_surfer_ruler_is_placed_only_with_a_sun_or_wind_bonus() -> None:
    """"When you benefit from the Sun Exposure and/or Wind altitude modifier during your
    turn, you can choose to place your stunt ruler". Yellow flies onto (0,-1), beside no
    mountain; a cloud's bonus does not count either. The ruler is also not scored on demand
    (it is placed, with action: start)."""
    game, state, _ = start(board(), ("yellow", "blue"), stunts=ALL, sun="east",
                           wind=("NE", 2), clouds={1: (0, -2)},
                           pilots={"yellow": flying((0, 0), "N", 6),
                                   "blue": flying((3, 0), "N", 6)})
    start_it = entry("yellow", "straight", claim("cliff-surfer", action="start"))
    assert rule_of(game, state, start_it) == "stunt.cliff-surfer.no-bonus"
    assert rule_of(game, state, entry("yellow", "straight", claim("cliff-surfer"))) == \
        "stunt.ruler"


def test_cliff_surfer_scores_12_at_the_start_of_a_turn() -> None:
    """"If the Time Marker is already aligned with the 12 or is further away at the
    beginning of your turn, you don't need to seek for a Sun or Wind bonus anymore, just
    score the maximum of 12 VP and collect your token."

    A ruler placed at 10:00 shows 12 at 13:40 (11 steps): scored at the start of the turn,
    even though the turn has a sun bonus. Placed at 10:20 it shows 11 then: with a sun bonus
    the stunt goes on."""
    m = board(mountains((-1, 0)))
    for since, expected in (("10:00", [("yellow", "cliff-surfer", 12)]), ("10:20", [])):
        game, state, _ = start(m, ("yellow", "blue"), stunts=ALL, time="13:40", sun="east",
                               pilots={"yellow": flying((0, 1), "N", 6,
                                                        stunts={"cliff-surfer":
                                                                {"since": since}}),
                                       "blue": flying((3, 0), "N", 6)})
        state, events = apply(game, state, move("yellow"))
        assert modifiers(turn_event(events)) == {"thermal": 0, "sun": 1}
        assert scored(events) == expected


def test_cliff_surfer_is_scored_when_the_pilot_lands() -> None:
    """"Once you are committed (with the stunt ruler placed under the weather board) the
    stunt will be scored no matter what." A pilot whose ruler runs since 12:00 lands at
    13:00 (3 steps: 4 VP)."""
    game, state, _ = start(board(), ("yellow", "blue"), stunts=ALL, time="13:00",
                           temperature=-3,
                           pilots={"yellow": flying((0, 0), "N", 1,
                                                    stunts={"cliff-surfer":
                                                            {"since": "12:00"}}),
                                   "blue": flying((3, 0), "N", 6)})
    state, events = apply(game, state, move("yellow", land="final"))
    assert pilot(state, "yellow").status is PilotStatus.LANDED
    assert scored(events) == [("yellow", "cliff-surfer", 4)]


def test_rulers_still_running_when_the_day_ends_are_scored() -> None:
    """"Once you are committed (with the stunt ruler placed under the weather board) the
    stunt will be scored no matter what." Yellow's Cliff Surfer ruler runs since 19:00 and
    blue's Lone Hiker ruler since 19:20; at 19:40 both keep their stunt going (yellow with
    the morning sun of the position, blue alone over the mountains), and the Time Marker
    reaches 20:00: the game ends and each ruler scores the VP the Time Marker shows, 4 (3
    steps) and 3 (2 steps), in the log and in the final breakdown. Before the end the
    provisional scores count them as the end would."""
    m = board(mountains((-1, 0), (-3, 0), (-3, -1)))
    game, state, _ = start(m, ("yellow", "blue"), stunts=ALL, time="19:40", sun="east",
                           pilots={"yellow": flying((0, 1), "N", 6, stunts={
                                       "cliff-surfer": {"since": "19:00"}}),
                                   "blue": flying((-3, 0), "N", 12, stunts={
                                       "lone-hiker": {"since": "19:20"}})})
    provisional = {row["player"]: row["breakdown"].get("stunt") for row in scores(game, state)}
    assert provisional == {"yellow": 3, "blue": 2}
    state, events = apply(game, state, move("yellow"))
    assert modifiers(turn_event(events)) == {"thermal": 0, "sun": 1}
    assert not scored(events)
    state, events = apply(game, state, move("blue"))
    assert where(state, "blue")[0] == (-3, -1)
    end = of_type(events, "game_end")
    assert end and end[0]["reason"] == "end-of-day"
    assert scored(events) == [("yellow", "cliff-surfer", 4), ("blue", "lone-hiker", 3)]
    assert [e for e in events if e["type"] in ("stunt", "game_end")][-1]["type"] == "game_end"
    rows = {row["player"]: row["breakdown"]["stunt"] for row in end[0]["scores"]}
    assert rows == {"yellow": 4, "blue": 3}
    assert scores(game, state) == end[0]["scores"]


def test_a_ruler_stops_when_the_wind_push_lands_its_pilot() -> None:
    """"Once you are committed ... the stunt will be scored no matter what", but "stunts are
    only scored during your turn": a pilot whose ruler runs and who touches down in a Wind
    Push Round scores it at its next turn, at the Time Marker's value when it landed; one
    who made its final landing there (no turn follows) scores it when the game ends, at the
    same value.

    Yellow's Cliff Surfer ruler runs since 09:00 (and 18:00); at 09:40 (18:40) yellow flies
    onto the lake (0,0) with the sun from the mountain (-1,0): 2 - 2 + 1 = 1. At 10:00
    (19:00) a strength-1 wind blows to the SE and yellow resists down to the ground."""
    m = board({(0, 0): "lake", **mountains((-1, 0))})
    for hour, land in (("09", "relaunch"), ("18", "final")):
        game, state, _ = start(m, ("yellow", "blue"), stunts=ALL, time=f"{hour}:40",
                               sun="east", tiles=day(**{f"h{int(hour) + 1}": "w14/a"}),
                               pilots={"yellow": flying((0, 1), "N", 2, stunts={
                                           "cliff-surfer": {"since": f"{hour}:00"}}),
                                       "blue": flying((2, 2), "N", 12)})
        state, events = apply(game, state, move("yellow"))
        assert modifiers(turn_event(events)) == {"thermal": -2, "sun": 1}
        state, _ = apply(game, state, move("blue"))
        assert state.phase is Phase.WIND_PUSH
        state, events = apply(game, state, wind("yellow", "resist", land=land))
        assert of_type(events, "land") and not scored(events)
        state, _ = apply(game, state, wind("blue", "push"))
        if land == "relaunch":
            state, events = apply(game, state, walk("yellow"))
            assert scored(events) == [("yellow", "cliff-surfer", 4)]  # 09:00 to 10:00
            continue
        for _ in range(3):  # 19:00, 19:20, 19:40
            state, events = apply(game, state, move("blue"))
        assert of_type(events, "game_end")
        assert scored(events) == [("yellow", "cliff-surfer", 4)]  # 18:00 to 19:00


# --- The Explorer -------------------------------------------------------------------------


def test_explorer_example_9_vp() -> None:
    """Rulebook, "The Explorer": "You can score this stunt when your paraglider reaches the
    edge of the map. In that case, check which other paraglider is closest to the edge of
    the map, and count the number of hexagons from that paraglider position to the edge. Add
    the base reward of 6 VP to that number of hexagons, to know your score for this stunt
    (to a maximum of 12 VP). ... Example: The red player has reached the edge of the map and
    decides to score their "Explorer" stunt. The yellow player is at 4 hexagons from the
    edge, and the blue player at 3. Blue is the closest so the red player will score 6 + 3 =
    9 VP."

    The board is the radius-4 disc: its edge is the ring 4 hexes from the centre. Yellow is
    at the centre (4 from the edge), blue one hex from it (3 from the edge); red flies from
    (2,-3) onto the edge hex (2,-4).
    """
    game, state, _ = start(board(), ("red", "yellow", "blue"), stunts=ALL,
                           pilots={"red": flying((2, -3), "N", 6),
                                   "yellow": flying((0, 0), "N", 6),
                                   "blue": flying((1, 0), "N", 6)})
    state, events = apply(game, state, entry("red", "straight", claim("explorer")))
    assert where(state, "red")[0] == (2, -4)
    assert scored(events) == [("red", "explorer", 9)]
    assert stunt_ledger(state, "red") == [("stunt explorer", 9)]


def test_explorer_is_capped_at_12_and_claimed_only_on_the_edge() -> None:
    """"(to a maximum of 12 VP)": on a radius-7 disc the other pilot at the centre is 7 hexes
    from the edge (6 + 7 = 13). One hex short of the edge the claim is refused. The claim
    may come before moving, while the pilot is still on the edge ("Stunts are scored during
    your turn, before or after moving")."""
    game, state, _ = start(board(radius=7), ("red", "yellow"), stunts=ALL,
                           pilots={"red": flying((2, -6), "N", 6),
                                   "yellow": flying((0, 0), "N", 6)})
    assert rule_of(game, state, entry("red", "right", claim("explorer", "before-move"))) == \
        "stunt.explorer.not-on-edge"
    state, events = apply(game, state, entry("red", "straight", claim("explorer")))
    assert scored(events) == [("red", "explorer", 12)]

    game, state, _ = start(board(radius=7), ("red", "yellow"), stunts=ALL,
                           pilots={"red": flying((2, -7), "S", 6),
                                   "yellow": flying((0, 0), "N", 6)})
    state, events = apply(game, state, entry("red", "straight",
                                             claim("explorer", "before-move")))
    assert where(state, "red")[0] == (2, -6)
    assert scored(events) == [("red", "explorer", 12)]


def test_explorer_measures_only_the_paragliders_on_the_map() -> None:
    """"check which other paraglider is closest to the edge of the map": a landed pilot's
    paraglider goes "under the Weather Board aligned with the Time Marker" and a walking
    one's "on the Score Track", so neither is on the map. Yellow (landed, 1 from the edge)
    and blue (walking back from where it landed, 1 from the edge) are not measured; green,
    flying at the centre (4 from the edge), is: 6 + 4 = 10. Without another paraglider on
    the map, the base 6 VP."""
    landed = {"state": "landed", "hex": [3, 0], "time": "09:00"}
    walking = {"state": "walking", "hex": [0, 3], "mountain": [-4, 4], "deficit": 8,
               "time": "09:20"}
    game, state, _ = start(board(), ("red", "yellow", "blue", "green"), stunts=ALL,
                           pilots={"red": flying((2, -3), "N", 6), "yellow": landed,
                                   "blue": walking, "green": flying((0, 0), "N", 6)})
    _, events = apply(game, state, entry("red", "straight", claim("explorer")))
    assert scored(events) == [("red", "explorer", 10)]
    game, state, _ = start(board(), ("red", "yellow", "blue"), stunts=ALL,
                           pilots={"red": flying((2, -3), "N", 6), "yellow": landed,
                                   "blue": walking})
    _, events = apply(game, state, entry("red", "straight", claim("explorer")))
    assert scored(events) == [("red", "explorer", 6)]


# --- The Lone Hiker -----------------------------------------------------------------------


LONE_HIKER_MOUNTAINS = {(h.q, h.r): "mountain" for h in (Hex(0, 0), *Hex(0, 0).neighbors(),
                                                         *(n2 for n in Hex(0, 0).neighbors()
                                                           for n2 in n.neighbors()))}


def lone_hiker_game() -> tuple[Game, State]:
    """The three-player example at 13:20, seats blue, yellow, red; the mountains are the
    disc of radius 2 around (0,0) (temperature 0: mountain +1). Blue flies off the mountains
    to the NE, yellow flies north over them, red flies north outside them and turns onto
    (-2,0) at 14:00."""
    game, state, _ = start(board(LONE_HIKER_MOUNTAINS), ("blue", "yellow", "red"),
                           stunts=ALL, time="13:20",
                           pilots={"blue": flying((0, -2), "NE", 10),
                                   "yellow": flying((0, 1), "N", 10),
                                   "red": flying((-3, 3), "N", 10)})
    return game, state


def on_mountain(game: Game, state: State, ident: str) -> bool:
    h = pilot(state, ident).hex
    return h is not None and game.terrain[h].value == "mountain"


def test_lone_hiker_example_4_vp() -> None:
    """Rulebook, "The Lone Hiker": "During your turn, if you are the only player on any
    mountain hexagon, you can choose to place your stunt ruler under the Weather Board. ...
    From now on, during your following turns you must check after your move if you are still
    the only player on any mountain hexagon. If any other player is now on a mountain
    hexagon, or if you are not on a mountain hexagon yourself after your move, you must
    score the stunt ... Example: In this example the Blue player plays first, the Yellow
    player is second and the Red player is last for the turn order. At 13:20 the Blue player
    moves out of the mountain, leaving the Yellow player alone on the mountain. Yellow
    decides to stay on the mountain and start their stunt during their turn of the same
    round (13:20). At 14:00 the Yellow player is still alone on the mountain after their
    move, because the Red player hasn't taken their turn yet. So the stunt of the Yellow
    player is still ongoing. Then the Red player decides to move on the mountain during
    their turn of the same round (14:00). The Yellow player doesn't score their stunt yet,
    they need to wait for their next turn. At 14:20, during their following turn, the Yellow
    player must score their stunt. It doesn't matter if they leave the mountain or if they
    move South to stay on the mountain because the Red player is also on the mountain so
    Yellow won't be alone after their move. Yellow will score 4 VP because that's what the
    time marker shows during their turn."
    """
    game, state = lone_hiker_game()
    hiker = entry("yellow", "straight", claim("lone-hiker", action="start"))
    # 13:20
    state, _ = apply(game, state, move("blue"))
    assert not on_mountain(game, state, "blue")
    state, events = apply(game, state, hiker)
    assert progress(state, "yellow", Stunt.LONE_HIKER) == StuntProgress(since=clock("13:20"))
    state, _ = apply(game, state, move("red"))
    # 13:40
    state, _ = apply(game, state, move("blue"))
    state, events = apply(game, state, move("yellow"))
    assert not scored(events)
    state, _ = apply(game, state, move("red"))
    # 14:00: yellow still alone after the move, then red comes onto the mountains.
    assert state.time == clock("14:00")
    state, _ = apply(game, state, move("blue", "right"))
    state, events = apply(game, state, move("yellow", "right"))
    assert on_mountain(game, state, "yellow") and not scored(events)
    state, events = apply(game, state, move("red", "right"))
    assert on_mountain(game, state, "red")
    assert not scored(events)
    assert progress(state, "yellow", Stunt.LONE_HIKER) == StuntProgress(since=clock("13:20"))
    # 14:20
    state, _ = apply(game, state, move("blue", "right"))
    assert not on_mountain(game, state, "blue")
    for kind, stays in (("straight", False), ("hard-right", True)):
        after, events = apply(game, state, move("yellow", kind))
        assert on_mountain(game, after, "yellow") is stays
        assert scored(events) == [("yellow", "lone-hiker", 4)]
        assert stunt_ledger(after, "yellow") == [("stunt lone-hiker", 4)]
    assert where(after, "yellow")[:2] == ((1, -1), "S")


def test_lone_hiker_example_pushed_off_and_back() -> None:
    """Rulebook, "The Lone Hiker": "If the wind pushed you out of the mountain while
    performing this stunt, you won't be obliged to score it, as long as you come back to the
    mountain during your following turn (the wind push doesn't happen during your turn, but
    during the special Wind Push Round, and stunts are only scored during your turn).
    Example: The yellow player was pushed by the wind outside the mountain during the Wind
    Push Round. During their turn following the Wind Push Round, they move back over a
    mountain hexagon. Since they are the only player on a mountain hexagon after their move,
    they can continue their "Lone Hiker" stunt."

    Mountains (0,0), (0,-1), (-1,0); yellow's ruler runs since 09:00. At 09:40 yellow flies
    onto (0,0); at 10:00 tile w14/a brings a strength-1 wind to the SE, which pushes yellow
    to the field (1,0). Coming back onto (0,0) with a hard left turn keeps the stunt going;
    staying away scores it (09:00 to 10:00: 4 VP).
    """
    m = board(mountains((0, 0), (0, -1), (-1, 0)))
    game, state, _ = start(m, ("yellow", "blue"), stunts=ALL, time="09:40",
                           wind=("SE", 0), tiles=day(h10="w14/a"),
                           pilots={"yellow": flying((-1, 1), "NE", 10,
                                                    stunts={"lone-hiker": {"since": "09:00"}}),
                                   "blue": flying((-2, -1), "N", 6)})
    state, events = apply(game, state, move("yellow"))
    assert where(state, "yellow") == ((0, 0), "NE", 11) and not scored(events)
    state, _ = apply(game, state, move("blue"))
    assert state.phase is Phase.WIND_PUSH
    state, _ = apply(game, state, wind("blue", "push"))
    state, events = apply(game, state, wind("yellow", "push"))
    assert where(state, "yellow")[0] == (1, 0)
    assert not on_mountain(game, state, "yellow")
    assert not scored(events)
    assert state.phase is Phase.TURN and state.time == clock("10:00")

    back, events = apply(game, state, move("yellow", "hard-left"))
    assert where(back, "yellow")[0] == (0, 0)
    assert not scored(events)
    assert progress(back, "yellow", Stunt.LONE_HIKER) == StuntProgress(since=clock("09:00"))

    away, events = apply(game, state, move("yellow"))
    assert not on_mountain(game, away, "yellow")
    assert scored(events) == [("yellow", "lone-hiker", 4)]


def test_lone_hiker_ruler_is_placed_only_when_alone_over_the_mountains() -> None:
    """"During your turn, if you are the only player on any mountain hexagon, you can choose
    to place your stunt ruler". Blue flies over another mountain hex: yellow is not alone.
    Over a field yellow cannot start either."""
    m = board(mountains((0, -1), (3, -2)))
    game, state, _ = start(m, ("yellow", "blue"), stunts=ALL,
                           pilots={"yellow": flying((0, 0), "N", 10),
                                   "blue": flying((3, -2), "N", 10)})
    hiker = entry("yellow", "straight", claim("lone-hiker", action="start"))
    assert rule_of(game, state, hiker) == "stunt.lone-hiker.not-alone"
    off = entry("yellow", "right", claim("lone-hiker", action="start"))
    assert rule_of(game, state, off) == "stunt.lone-hiker.not-alone"
    game, state, _ = start(m, ("yellow", "blue"), stunts=ALL,
                           pilots={"yellow": flying((0, 0), "N", 10),
                                   "blue": flying((3, 0), "N", 10)})
    assert rule_of(game, state, off) == "stunt.lone-hiker.not-alone"
    state, _ = apply(game, state, hiker)
    assert progress(state, "yellow", Stunt.LONE_HIKER) == StuntProgress(since=clock("10:00"))


def test_lone_hiker_cannot_be_pushed_into_a_claim() -> None:
    """"stunts are only scored during your turn": no stunt is placed or scored by a wind
    push, and a wind-push entry that claims one is refused (``stunt.wind-push``)."""
    with pytest.raises(InputError) as err:
        action_from_entry({"player": "yellow", "wind": "push",
                           "stunts": [claim("lone-hiker", action="start")]})
    assert [p.rule for p in err.value.problems] == ["stunt.wind-push"]


# --- Top Lander ---------------------------------------------------------------------------


def top_lander_board(**kw: Any) -> Any:
    """The take-off hexes (1,-1) and (1,0) with the target (0,0) west of them, as on the
    Starting Tile; ``kw`` adds terrain."""
    return board(kw.get("terrain"), takeoffs=((1, -1), (1, 0)), target=(0, 0))


def test_top_lander_example_9_and_12_vp() -> None:
    """Rulebook, "Top Lander": "If you manage to do your final landing on one of those two
    hexagons you can score a base reward of 6 VP. ... if you are at mountaintop altitude on
    a starting hexagon, you may continue to fly away or you may declare that you want to
    land: in that case you perform a soft landing, which gives you 3 additional VP. And
    finally if you land facing the wind, you can gain 3 additional VP. ... Example: In this
    example the weather is cold and the thermal value above the mountain is zero. The Blue
    player is flying one altitude above the mountaintop. They decide to move on the take off
    hexagon with a hard turn, which makes them lose one altitude. That makes them reach the
    mountaintop altitude which is a soft landing. So they score 6 + 3 = 9 VP. The Red player
    is already flying above the mountain at the mountaintop altitude. Moving over the take
    off hexagon will not change their altitude. After moving, the Red player declares that
    they want to land and that is also a soft landing. Moreover they land facing the wind
    (even if the wind strength is zero). In total they gain 6 + 3 + 3 = 12 VP." and "Note
    that if you land on one of the starting hexagons, you will be one hexagon away from the
    target, hence, you will score 12 VP for the distance to the target reward, not 15 VP."

    Temperature -1 (mountain 0). The windsock points N at strength 0: facing the wind is
    facing S. Blue at 10 on the field (2,0) facing S turns hard right (to NW) onto the
    take-off hex (1,0); red at 9 over the mountain (1,-2) flies S onto the take-off hex
    (1,-1). Both hold the three antennas, so the final scoring counts the target distance.
    """
    m = top_lander_board(terrain=mountains((1, -2)))
    every = ["blue", "red", "yellow"]
    game, state, _ = start(m, ("blue", "red"), stunts=ALL, temperature=-1, wind=("N", 0),
                           pilots={"blue": flying((2, 0), "S", 10, antennas=every),
                                   "red": flying((1, -2), "S", 9, antennas=every)})
    state, events = apply(game, state, entry("blue", "hard-right", claim("top-lander"),
                                             land="final"))
    assert modifiers(turn_event(events)) == {"hard-turn": -1, "thermal": 0}
    land = of_type(events, "land")[0]
    assert (land["hex"], land["kind"], land["crashed"]) == ([1, 0], "final", False)
    assert scored(events) == [("blue", "top-lander", 9)]
    assert pilot(state, "blue").status is PilotStatus.LANDED
    assert turn_event(events)["facing"] == "NW"  # landed facing NW: not into the wind (S)
    assert pilot(state, "blue").facing is None  # a pawn on the ground faces nowhere

    state, events = apply(game, state, entry("red", "straight", claim("top-lander"),
                                             land="final"))
    assert modifiers(turn_event(events)) == {"thermal": 0}
    assert of_type(events, "land")[0]["hex"] == [1, -1]
    assert scored(events) == [("red", "top-lander", 12)]
    assert stunt_ledger(state, "red") == [("stunt top-lander", 12)]

    end = of_type(events, "game_end")
    assert end and end[0]["reason"] == "all-landed"
    rows = {row["player"]: row["breakdown"] for row in end[0]["scores"]}
    assert rows["blue"]["target"] == 12 and rows["red"]["target"] == 12
    assert rows["blue"]["stunt"] == 9 and rows["red"]["stunt"] == 12


def test_top_lander_at_the_mountaintop_may_fly_on() -> None:
    """"if you are at mountaintop altitude on a starting hexagon, you may continue to fly
    away or you may declare that you want to land": without ``land: final`` red is still
    flying at 9 over the take-off hex; claiming Top Lander without landing is refused."""
    m = top_lander_board(terrain=mountains((1, -2)))
    game, state, _ = start(m, ("red", "blue"), stunts=ALL, temperature=-1, wind=("N", 0),
                           pilots={"red": flying((1, -2), "S", 9),
                                   "blue": flying((-3, 0), "N", 6)})
    assert rule_of(game, state, entry("red", "straight", claim("top-lander"))) == \
        "stunt.top-lander.not-landed"
    state, events = apply(game, state, move("red"))
    assert where(state, "red") == ((1, -1), "S", 9)
    assert pilot(state, "red").status is PilotStatus.FLYING
    assert not of_type(events, "land")


def test_top_lander_yellow_example_accelerating_down_onto_the_other_take_off_hex() -> None:
    """Rulebook, "Top Lander": "When this stunt card is in play, the two starting hexagons
    can now be landed on. ... You may also lose more altitude than the mountaintop when
    moving on those hexagons without being considered as crash-landed. ... Example: The
    Yellow player is flying at mountaintop altitude above the field. They are high enough to
    move onto the starting hexagon which is on the mountain. The temperature is quite hot
    and the thermal value for the mountain is currently +1. This means the altitude of the
    Yellow player will move one step above the mountaintop. They decide to accelerate to
    lose 2 altitude and land on the other take off hexagon. Note that this maneuver is
    normally forbidden by the third rule of flying, but in this case it is authorized since
    the "Top Lander" stunt card is in play."

    Temperature 0 (mountain +1). Yellow at 9 on the field (1,-2) flies S onto the take-off
    hex (1,-1) (10) and accelerates onto the other one, (1,0), at 8: a final landing (not a
    soft one, not facing the wind, which blows to the S): 6 VP. Without the stunt in play
    the same move is refused.
    """
    m = top_lander_board()
    kw: dict[str, Any] = {"wind": ("S", 0),
                          "pilots": {"yellow": flying((1, -2), "S", 9),
                                     "blue": flying((-3, 0), "N", 6)}}
    game, state, _ = start(m, ("yellow", "blue"), stunts=ALL, **kw)
    fast = entry("yellow", "straight", claim("top-lander"), accelerate=True)
    assert rule_of(game, state, fast) == "stunt.top-lander.final"
    state, events = apply(game, state, entry("yellow", "straight", claim("top-lander"),
                                             accelerate=True, land="final"))
    event = turn_event(events)
    assert modifiers(event) == {"thermal": 1}
    assert event["accelerate"]["to"] == [1, 0]
    assert not of_type(events, "crash")
    assert of_type(events, "land")[0]["hex"] == [1, 0]
    assert pilot(state, "yellow").status is PilotStatus.LANDED
    assert scored(events) == [("yellow", "top-lander", 6)]

    game, state, _ = start(m, ("yellow", "blue"), stunts=["overflyer"], **kw)
    assert rule_of(game, state, move("yellow", accelerate=True, land="final")) == \
        "flight.below-mountaintop"


def test_top_lander_resisting_down_onto_a_take_off_hex_is_a_final_landing() -> None:
    """"More specifically, when the thermal value of the mountains is positive, you will have
    to hard-turn, accelerate or resist the wind above those hexagons to have a chance to
    land." Yellow flies at the mountaintop over the take-off hex (1,-1) (temperature -1:
    mountain 0); at 10:00 a strength-1 wind (w14/a) blows to the SE. Resisting takes yellow
    to 8 over the take-off hex: a final landing, which must be declared. Without the stunt in
    play resisting there is refused (it would end below the mountaintop)."""
    m = top_lander_board()
    for stunts in (ALL, ["overflyer"]):
        game, state, _ = start(m, ("yellow", "blue"), stunts=stunts, time="09:40",
                               temperature=-1, wind=("SE", 0), tiles=day(h10="w14/a"),
                               pilots={"yellow": flying((1, -2), "S", 9),
                                       "blue": flying((-3, 0), "N", 12)})
        state, _ = apply(game, state, move("yellow"))
        assert where(state, "yellow") == ((1, -1), "S", 9)
        state, _ = apply(game, state, move("blue"))
        assert state.phase is Phase.WIND_PUSH
        if stunts != ALL:
            assert rule_of(game, state, wind("yellow", "resist")) == "wind.resist"
            continue
        assert rule_of(game, state, wind("yellow", "resist")) == "stunt.top-lander.final"
        landing, events = apply(game, state, wind("yellow", "resist", land="final"))
        yellow = pilot(landing, "yellow")
        assert (yellow.status, yellow.hex, yellow.crashed) == \
            (PilotStatus.LANDED, Hex(1, -1), False)
        assert of_type(events, "land")[0]["kind"] == "final"
        assert scored(events) == []
        # The Top Lander claim may ride on that wind-push entry (the one exception): the
        # landing is not soft (below the mountaintop) and yellow faces S, not into the SE
        # wind's opposite (NW), so the base 6 VP.
        claimed = action_from_entry({"player": "yellow", "wind": "resist", "land": "final",
                                     "stunts": [{"stunt": "top-lander"}]})
        _, events = apply(game, state, claimed)
        assert scored(events) == [("yellow", "top-lander", 6)]


def test_legal_lists_every_top_lander_landing() -> None:
    """"the two starting hexagons can now be landed on" and "you will have to hard-turn,
    accelerate or resist the wind above those hexagons to have a chance to land": a bot
    that follows the legal actions can make each landing of the rulebook's examples, with
    and without its Top Lander claim, each as a moves-file entry that replays. Blue's hard
    turn down to the mountaintop (a soft landing only when declared: the move alone flies
    on), yellow's acceleration down onto the other take-off hex (a final landing, never a
    flight on), and yellow resisting the wind down onto a take-off hex (the resist choice
    listed with its landing, never without it)."""
    m = top_lander_board(terrain=mountains((1, -2)))
    every = ["blue", "red", "yellow"]
    game, state, _ = start(m, ("blue", "red"), stunts=ALL, temperature=-1, wind=("N", 0),
                           pilots={"blue": flying((2, 0), "S", 10, antennas=every),
                                   "red": flying((1, -2), "S", 9, antennas=every)})
    entries = [a.to_entry() for a in legal_actions(game, state)]
    hard = {"player": "blue", "move": "hard-right"}
    assert hard in entries
    assert {**hard, "land": "final"} in entries
    assert {**hard, "stunts": [{"stunt": "top-lander"}], "land": "final"} in entries

    game, state, _ = start(top_lander_board(), ("yellow", "blue"), stunts=ALL, wind=("S", 0),
                           pilots={"yellow": flying((1, -2), "S", 9),
                                   "blue": flying((-3, 0), "N", 6)})
    entries = [a.to_entry() for a in legal_actions(game, state)]
    fast = {"player": "yellow", "move": "straight", "accelerate": True}
    assert fast not in entries
    assert {**fast, "land": "final"} in entries
    assert {**fast, "stunts": [{"stunt": "top-lander"}], "land": "final"} in entries

    game, state, _ = start(top_lander_board(), ("yellow", "blue"), stunts=ALL, time="09:40",
                           temperature=-1, wind=("SE", 0), tiles=day(h10="w14/a"),
                           pilots={"yellow": flying((1, -2), "S", 9),
                                   "blue": flying((-3, 0), "N", 12)})
    state, _ = apply(game, state, move("yellow"))
    state, _ = apply(game, state, move("blue"))
    assert state.phase is Phase.WIND_PUSH
    entries = [a.to_entry() for a in legal_actions(game, state)]
    resist = {"player": "yellow", "wind": "resist"}
    assert resist not in entries
    assert {**resist, "land": "final"} in entries
    assert {**resist, "land": "final", "stunts": [{"stunt": "top-lander"}]} in entries
    for e in entries:
        apply(game, state, action_from_entry(e))


def test_top_lander_declared_at_the_top_of_a_take_off_hex_with_no_move() -> None:
    """"if you are at mountaintop altitude on a starting hexagon, you may continue to fly
    away or you may declare that you want to land: in that case you perform a soft landing,
    which gives you 3 additional VP." Being there is what counts, not the move that got the
    pilot there: yellow, one above the mountaintop over the take-off hex (1,-1), resists a
    strength-1 wind down to exactly the mountaintop (a legal resist: it stays at the top);
    on its next turn it declares the landing, with no move (``land: final`` alone): a soft
    landing, 6 + 3 VP (yellow faces S, not into the wind blowing to the SE). Legal lists
    the declaration, with and without the claim; without the Top Lander in play the same
    entry is refused (yellow can move: no dead end)."""
    for stunts in (ALL, ["overflyer"]):
        game, state, _ = start(top_lander_board(), ("yellow", "blue"), stunts=stunts,
                               time="09:40", temperature=-1, wind=("SE", 0),
                               tiles=day(h10="w14/a"),
                               pilots={"yellow": flying((1, -2), "S", 10),
                                       "blue": flying((-3, 0), "N", 12)})
        state, _ = apply(game, state, move("yellow"))
        state, _ = apply(game, state, move("blue"))
        state, events = apply(game, state, wind("yellow", "resist"))
        assert of_type(events, "wind_push")[0]["altitude"]["after"] == 9
        state, _ = apply(game, state, wind("blue", "push"))
        assert where(state, "yellow") == ((1, -1), "S", 9) and state.actor is not None
        assert state.actor.ident == "yellow"
        declared = action_from_entry({"player": "yellow", "land": "final",
                                      "stunts": [{"stunt": "top-lander"}]})
        if stunts != ALL:
            assert rule_of(game, state, action_from_entry({"player": "yellow",
                                                           "land": "final"})) == \
                "flight.not-stuck"
            continue
        legal = legal_actions(game, state)
        assert declared in legal
        assert action_from_entry({"player": "yellow", "land": "final"}) in legal
        assert rule_of(game, state, action_from_entry(
            {"player": "yellow", "land": "final", "stunts": [{"stunt": "overflyer"}]})) == \
            "stunt.not-flying"
        state, events = apply(game, state, declared)
        assert turn_event(events)["action"] == "land"
        land = of_type(events, "land")[0]
        assert (land["hex"], land["kind"], land["crashed"]) == ([1, -1], "final", False)
        assert scored(events) == [("yellow", "top-lander", 9)]
        assert pilot(state, "yellow").status is PilotStatus.LANDED


def test_a_top_lander_claim_has_no_when_nor_action() -> None:
    """"If you manage to do your final landing on one of those two hexagons you can score a
    base reward of 6 VP" and "you may declare that you want to land: in that case you
    perform a soft landing": the landing scores the stunt, so its claim names no moment nor
    action; a claim that does is refused when the entry is read, naming the rule (the
    landing is soft when it is made at the mountaintop: ``test_top_lander_example_9_and_12_vp``)."""
    for extra in ({"when": "before-move"}, {"action": "start"}, {"when": "after-move"}):
        with pytest.raises(InputError) as err:
            action_from_entry({"player": "red", "move": "straight", "land": "final",
                               "stunts": [{"stunt": "top-lander", **extra}]})
        assert [p.rule for p in err.value.problems] == ["stunt.top-lander.fields"]
        assert err.value.problems[0].path == ("stunts", 0, next(iter(extra)))


# --- Illegal claims -----------------------------------------------------------------------


def test_a_stunt_scores_once_a_game() -> None:
    """Rulebook, "Stunts": "Each stunt can only be scored once per game. ... When you decide
    to score a stunt, collect the corresponding stunt marker to indicate that you have
    scored it and won't be able to score it again during the game." Yellow has scored the
    Overflyer (7 VP, in the position); a second claim is refused. Within one game: the
    Explorer scored on one turn cannot be scored on the next, nor twice in one turn."""
    game, state, _ = start(board(), ("yellow", "blue"), stunts=ALL,
                           pilots={"yellow": flying((0, 0), "N", 8, stunts={"overflyer": 7}),
                                   "blue": flying((0, -1), "N", 2)})
    assert rule_of(game, state, entry("yellow", "straight", claim("overflyer"))) == \
        "stunt.twice"

    game, state, _ = start(board(), ("yellow", "blue"), stunts=ALL,
                           pilots={"yellow": flying((3, -3), "N", 8),
                                   "blue": flying((0, 0), "N", 6)})
    twice = entry("yellow", "straight", claim("explorer"), claim("explorer"))
    assert rule_of(game, state, twice) == "stunt.twice"
    state, events = apply(game, state, entry("yellow", "straight", claim("explorer")))
    assert scored(events) == [("yellow", "explorer", 10)]
    state, _ = apply(game, state, move("blue"))
    assert rule_of(game, state, entry("yellow", "left", claim("explorer"))) == "stunt.twice"


def test_a_ruler_is_placed_once_a_game() -> None:
    """"You only have one chance during the game to perform that stunt." A Cliff Surfer
    ruler already running cannot be placed again."""
    game, state, _ = start(board(mountains((-1, 0))), ("yellow", "blue"), stunts=ALL,
                           time="10:40", sun="east",
                           pilots={"yellow": flying((0, 1), "N", 6,
                                                    stunts={"cliff-surfer": {"since": "10:00"}}),
                                   "blue": flying((3, 0), "N", 6)})
    again = entry("yellow", "straight", claim("cliff-surfer", action="start"))
    assert rule_of(game, state, again) == "stunt.twice"


def test_no_stunt_in_a_wind_push_entry() -> None:
    """Rulebook, "Stunts": "Stunts are scored during your turn, before or after moving
    and/or accelerating, but not during a wind push round." A moves-file wind-push entry
    with a claim is refused, naming the rule; without it the same entry is read."""
    for stunt in ("overflyer", "explorer", "survivor"):
        with pytest.raises(InputError) as err:
            action_from_entry({"player": "yellow", "wind": "resist",
                               "stunts": [claim(stunt)]})
        assert "stunt.wind-push" in [p.rule for p in err.value.problems]
    assert action_from_entry({"player": "yellow", "wind": "resist"}) == \
        WindChoice("yellow", WindKind.RESIST)


def test_no_sky_climber_without_a_cloud() -> None:
    """"If you gain 2 or more altitude without the help of a cloud, then you cannot score
    this stunt." A forest at temperature +3 (+2) with the morning sun (+1): +3, no cloud."""
    m = board({(0, -1): "forest", **mountains((-1, -1))})
    game, state, _ = start(m, ("yellow", "blue"), stunts=ALL, temperature=3, sun="east",
                           pilots={"yellow": flying((0, 0), "N", 5),
                                   "blue": flying((3, 0), "N", 5)})
    action = entry("yellow", "straight", claim("sky-climber"))
    assert rule_of(game, state, action) == "stunt.sky-climber.no-cloud"
    state, events = apply(game, state, move("yellow"))
    assert sum(modifiers(turn_event(events)).values()) == 3


@pytest.mark.parametrize("stunt", ["sky-climber", "overflyer", "survivor", "cliff-surfer",
                                   "explorer", "lone-hiker"])
def test_a_stunt_not_in_play_is_refused(stunt: str) -> None:
    """"7 Stunt cards": a scenario may play a subset (DESIGN.md: "stunts in play: all seven
    unless the scenario lists a subset"). Each claim below is allowed with every stunt in
    play: yellow at 12 flies from (0,-3) onto the edge hex (0,-4), under a cloud, above blue,
    with the mountain (-1,-3) to its SW in the morning sun (or turns left onto that mountain,
    alone over the mountains). With only the Top Lander in play each claim names
    ``stunt.not-in-play`` (the Top Lander itself is tested apart)."""
    m = board(mountains((-1, -3)))
    kind = "left" if stunt == "lone-hiker" else "straight"
    action = "start" if stunt in ("cliff-surfer", "lone-hiker") else None
    claimed = entry("yellow", kind, claim(stunt, action=action))

    def game_with(stunts: Any, armed: bool) -> tuple[Game, State]:
        yellow = flying((0, -3), "N", 12, **({"stunts": {"survivor": "armed"}} if armed
                                             else {}))
        game, state, _ = start(m, ("yellow", "blue"), stunts=stunts, sun="east",
                               clouds={1: (0, -4)},
                               pilots={"yellow": yellow, "blue": flying((0, -4), "N", 4)})
        return game, state

    game, state = game_with(ALL, stunt == "survivor")
    _, events = apply(game, state, claimed)
    assert [(e["stunt"], e["action"]) for e in of_type(events, "stunt")] == \
        [(stunt, action or "score")]
    game, state = game_with(["top-lander"], False)
    assert rule_of(game, state, claimed) == "stunt.not-in-play"


def test_top_lander_not_in_play_is_refused_as_not_in_play() -> None:
    """A Top Lander claim when that stunt card is not in play is refused naming
    ``stunt.not-in-play``, like any other stunt not in play, here in a final landing (on a
    field: without the stunt the take-off hexes cannot be landed on)."""
    game, state, _ = start(board(), ("yellow", "blue"), stunts=["overflyer"], temperature=-3,
                           pilots={"yellow": flying((0, 0), "N", 1),
                                   "blue": flying((3, 0), "N", 6)})
    landing = entry("yellow", "straight", claim("top-lander"), land="final")
    assert rule_of(game, state, landing) == "stunt.not-in-play"


def test_claims_need_a_flown_turn() -> None:
    """"Stunts are scored during your turn, before or after moving and/or accelerating": a
    pilot who keeps the pawn in hand flies nothing to claim."""
    game, state, _ = start(board(), ("yellow", "blue"), stunts=ALL,
                           pilots={"blue": flying((3, 0), "N", 6)})
    passing = action_from_entry({"player": "yellow", "pass": True,
                                 "stunts": [claim("explorer")]})
    assert rule_of(game, state, passing) == "stunt.not-flying"
