"""The Paragliders rulebook's variants (issue 6): the Aerodrome mini-extension, the Solo Race
mode with its three stunt adjustments, the Cross mode, and the short-forecast weather
variant ("place only 3 weather tiles"), each as the smallest situation that shows it.

Each test quotes the rulebook (``shared/rulebooks/paragliders-rulebook.txt``) in its
docstring; where the rulebook leaves room the tests follow DESIGN.md and
``docs/rules-notes.md``. Games use ``tests/rules_helpers.py``: a disc of field hexes of
radius 4, the standard set plus twelve calm weather tiles, and positions with temperature 0
(field 0, forest +1, lake -2, mountain +1), no sun, no wind and no cloud unless a test says
otherwise. Standard solo GPS markers (rules-notes): s1 a 2-3-4 / b 5-6-7, s2 a 3-4-5 /
b 7-8-9, s3 a 4-5-6 / b 9-10-11, s4 a 6-7-8 / b 11-12-13, s5 a 8-9-10 / b 13-14-15, s6
blank.

Geometry: flat-top axial hexes, directions N (0,-1), NE (1,-1), SE (1,0), S (0,1),
SW (-1,1), NW (-1,0).
"""

from __future__ import annotations

from typing import Any

import pytest

from skyhex.rules.errors import InputError
from skyhex.rules.hexgrid import Hex
from skyhex.rules.paragliders.actions import (
    Action,
    LandChoice,
    Turn,
    WindChoice,
    WindKind,
    action_from_entry,
)
from skyhex.rules.paragliders.clock import parse_clock as clock
from skyhex.rules.paragliders.engine import Event, apply, legal_actions
from skyhex.rules.paragliders.maps import Map
from skyhex.rules.paragliders.scenario import Forecast, PilotStatus, SoloMode
from skyhex.rules.paragliders.scoring import final_scores
from skyhex.rules.paragliders.state import Game, Phase, State
from skyhex.rules.paragliders.stunts import Stunt

from ..rules_helpers import (
    SPAWNS,
    board,
    day,
    flying,
    modifiers,
    move,
    of_type,
    pass_,
    pilot,
    rule_of,
    start,
    turn_event,
    where,
    wind,
)


def input_rules(err: pytest.ExceptionInfo[InputError]) -> list[str]:
    return [p.rule for p in err.value.problems]


def scored(events: list[Event]) -> list[tuple[str, str, int]]:
    return [(e["player"], e["stunt"], e["vp"]) for e in of_type(events, "stunt")
            if e["action"] == "score"]


def entry(player: str, kind: str = "straight", *claims: dict[str, str], **more: Any) -> Action:
    doc: dict[str, Any] = {"player": player, "move": kind, **more}
    if claims:
        doc["stunts"] = list(claims)
    return action_from_entry(doc)


def markers_of(state: State) -> list[tuple[str, str, tuple[int, int]]]:
    return [(m, side, (h.q, h.r)) for m, side, h in state.solo_markers]


# --- Aerodromes ---------------------------------------------------------------------------


def push_at_ten(m: Map, pilots: dict[str, Any], players: tuple[str, ...] = ("blue", "red"),
                **kw: Any) -> tuple[Game, State]:
    """Start at 09:40 with the strength-2 tile w18/a at 10:00 (wind to the SE, no turn) and
    let every pilot fly straight on: the round ends, the wind changes, the Wind Push Round
    starts."""
    kw.setdefault("wind", ("SE", 0))
    game, state, _ = start(m, players, time="09:40", tiles=day(h10="w18/a"), pilots=pilots,
                           **kw)
    for ident in players:
        state, _ = apply(game, state, move(ident))
    assert state.phase is Phase.WIND_PUSH
    assert (state.wind_direction.name, state.wind_strength) == ("SE", 2)
    return game, state


def test_aerodrome_wind_push_example_resist_and_lose_2() -> None:
    """Rulebook, "Aerodrome Rules": "Moreover, aerodrome hexagons are unlike mountains or map
    borders that block you without losing altitude during a wind push. If the wind pushes you
    over an aerodrome you are forced to resist (lose altitude). Even if the wind power is 2
    and the wind would push you on a field hexagon after passing over the aerodrome, you
    still must resist and lose 2 altitude to avoid flying over the aerodrome. ... Example:
    In this situation, the blue player must resist the wind and lose 2 altitude during the
    Wind Push Round."

    The aerodrome (1,0) lies south-east of blue's hex (0,0), the field (2,0) beyond it. Blue
    flies onto (0,0) at 6 at 09:40; at 10:00 a strength-2 wind blows to the SE. Red is far
    away upwind.
    """
    m = board({(1, 0): "aerodrome"})
    game, state = push_at_ten(m, {"blue": flying((0, 1), "N", 6),
                                  "red": flying((-3, 1), "N", 12)})
    assert game.scenario.aerodromes
    assert state.actor is not None and state.actor.ident == "blue"
    assert where(state, "blue") == ((0, 0), "N", 6)
    assert legal_actions(game, state) == [WindChoice("blue", WindKind.RESIST)]
    assert rule_of(game, state, wind("blue", "push")) == "wind.push"
    assert rule_of(game, state, wind("blue", "mix")) == "wind.mix"
    state, events = apply(game, state, wind("blue", "resist"))
    push = of_type(events, "wind_push")[0]
    assert modifiers(push) == {"resist": -2}
    assert where(state, "blue") == ((0, 0), "N", 4)


def test_aerodrome_resisting_may_force_a_crash_landing() -> None:
    """"Losing altitude this way, the strict no-fly zone rule may also force you to land, or
    crash land." Blue comes onto the forest (0,0) at 2 (forest +1); the aerodrome downwind
    makes blue resist to the ground in the forest: a crash landing (-10 VP)."""
    m = board({(1, 0): "aerodrome", (0, 0): "forest"})
    game, state = push_at_ten(m, {"blue": flying((0, 1), "N", 1),
                                  "red": flying((-3, 1), "N", 12)})
    assert where(state, "blue") == ((0, 0), "N", 2)
    assert rule_of(game, state, wind("blue", "resist")) == "land.choice"
    legal = legal_actions(game, state)
    assert {(a.kind, a.land) for a in legal if isinstance(a, WindChoice)} == \
        {(WindKind.RESIST, LandChoice.FINAL), (WindKind.RESIST, LandChoice.RELAUNCH)}
    state, events = apply(game, state, wind("blue", "resist", land="final"))
    blue = pilot(state, "blue")
    assert (blue.status, blue.hex, blue.crashed) == (PilotStatus.LANDED, Hex(0, 0), True)
    assert [(e["reason"], e["vp"]) for e in of_type(events, "crash")] == [("forest", -10)]


def test_aerodromes_are_no_fly_zones_for_moves_and_accelerations() -> None:
    """Rulebook, "Aerodrome Rules": "Aerodrome hexagons are no-fly zones, no matter your
    altitude. They are considered to be impassable obstacles. This means you cannot move onto
    an aerodrome hexagon during your turn and not accelerate over it."

    The aerodrome is (0,-1). Yellow at 15 on (0,0) facing N cannot fly straight onto it;
    from (0,1) yellow may fly to (0,0) but not accelerate on over the aerodrome. No legal
    action of either reaches it."""
    m = board({(0, -1): "aerodrome"})
    aerodrome = Hex(0, -1)
    for here, altitude in (((0, 0), 15), ((0, 1), 15), ((0, 1), 6)):
        game, state, _ = start(m, ("yellow", "blue"),
                               pilots={"yellow": flying(here, "N", altitude),
                                       "blue": flying((3, 0), "N", 6)})
        if here == (0, 0):
            assert rule_of(game, state, move("yellow")) == "aerodrome.no-fly"
        else:
            assert rule_of(game, state, move("yellow", accelerate=True)) == "aerodrome.no-fly"
            after, _ = apply(game, state, move("yellow"))
            assert where(after, "yellow")[0] == (0, 0)
        legal = legal_actions(game, state)
        assert legal
        for action in legal:
            after, events = apply(game, state, action)
            event = turn_event(events)
            assert Hex(*event["to"]) != aerodrome
            assert "accelerate" not in event or Hex(*event["accelerate"]["to"]) != aerodrome


def test_aerodrome_stops_a_push_that_cannot_be_resisted() -> None:
    """docs/rules-notes.md: "A push that would cross an aerodrome must be resisted; if
    resisting is forbidden too (over a mountain), the aerodrome stops the push like a wall."
    Blue flies at the mountaintop over the mountain (0,0) (temperature -2: mountain 0);
    resisting would take blue below the mountaintop, so the push is allowed and the aerodrome
    stops it without loss."""
    m = board({(1, 0): "aerodrome", (0, 0): "mountain"})
    game, state = push_at_ten(m, {"blue": flying((0, 1), "N", 9),
                                  "red": flying((-3, 1), "N", 12)}, temperature=-2)
    assert where(state, "blue") == ((0, 0), "N", 9)
    assert rule_of(game, state, wind("blue", "resist")) == "wind.resist"
    state, events = apply(game, state, wind("blue", "push"))
    push = of_type(events, "wind_push")[0]
    assert (push["to"], push["blocked"]) == ([0, 0], "aerodrome")
    assert where(state, "blue") == ((0, 0), "N", 9)


def test_aerodrome_variant_must_match_the_map() -> None:
    """The scenario's ``aerodromes`` variant says whether the map has aerodrome hexes."""
    with pytest.raises(InputError) as err:
        start(board({(1, 0): "aerodrome"}), extra={"variants": {"aerodromes": False}})
    assert "scenario.variants" in input_rules(err)


# --- Solo Race mode -----------------------------------------------------------------------


def test_solo_race_spawns_the_five_solo_markers_at_setup() -> None:
    """Rulebook, "Solo Race mode": "The "Overflyer" stunt: During setup, spawn the 5 Solo
    GPS Markers depicting an altitude, using the cloud tokens. Keep the blank GPS Marker in
    the box."

    One player plays the solo race (rules-notes). The cloud tokens are drawn like clouds;
    pinned draws put s1..s5 on spawns 3, 9, 1, 10 and 5. A token naming a spawn missing
    from the map is drawn again: on a map without spawn 8, token 8 is followed by another
    token."""
    m = board(spawns=SPAWNS)
    pinned = ({"cloud": 3}, {"cloud": 9}, {"cloud": 1}, {"cloud": 10}, {"cloud": 5})
    game, state, events = start(m, stunts="all", position=False, pinned=pinned)
    assert game.scenario.solo is SoloMode.RACE
    setup = events[0]
    assert [(e["marker"], e["hex"]) for e in setup["solo_markers"]] == [
        ("s1", [-1, 0]), ("s2", [-1, 2]), ("s3", [-3, 0]), ("s4", [1, 2]), ("s5", [1, 0])]
    assert [m_ for m_, _, _ in markers_of(state)] == ["s1", "s2", "s3", "s4", "s5"]
    assert setup["draws"] == list(pinned)

    # Unpinned: five markers, each on its own spawn hex, never the blank one.
    game, state, events = start(m, stunts="all", position=False)
    placed = markers_of(state)
    assert sorted(m_ for m_, _, _ in placed) == ["s1", "s2", "s3", "s4", "s5"]
    assert len({h for _, _, h in placed}) == 5
    assert {h for _, _, h in placed} <= set(SPAWNS.values())
    assert all(not next(s for s in game.components.solo_markers if s.id == m_).blank
               for m_, _, _ in placed)

    without_8 = board(spawns={k: v for k, v in SPAWNS.items() if k != 8})
    game, state, events = start(without_8, stunts="all", position=False,
                                pinned=({"cloud": 8}, {"cloud": 2}))
    assert markers_of(state)[0][0] == "s1" and markers_of(state)[0][2] == SPAWNS[2]
    assert events[0]["draws"][:2] == [{"cloud": 8}, {"cloud": 2}]


SOLO_SPAWNS = {**SPAWNS, 1: (-4, 3)}  # spawn 1 just north of the take-off hex (-4,4)


def take_off_north(*claims: dict[str, str], hex_: tuple[int, int] = (-4, 4)) -> Action:
    """Yellow's first turn as a moves-file entry: take off from ``hex_`` facing N, straight
    on (from (-4,4) onto (-4,3), a field beside no mountain on the map: still 9)."""
    doc: dict[str, Any] = {"player": "yellow", "takeoff": {"hex": list(hex_), "facing": "N"},
                           "move": "straight"}
    if claims:
        doc["stunts"] = list(claims)
    return action_from_entry(doc)


def test_solo_race_overflyer_over_a_solo_marker() -> None:
    """Rulebook, "Solo Race mode": "During the game whenever you fly over a Solo GPS Marker
    you can consider it as an opponent for the purpose of scoring the stunt. The middle
    altitude written on the Solo GPS Marker represents the altitude of your pretended
    opponent." and "The Overflyer": "The base reward is 2 VP, and you gain 1 additional VP
    for each altitude between you and the paraglider below".

    s1 (side a: 2-3-4, middle 3) is spawned on (-4,3) (token 1). Yellow takes off from
    (-4,4) and flies onto it at the mountaintop, 9: six above the pretended opponent, 8 VP.
    """
    pinned = ({"cloud": 1}, {"cloud": 2}, {"cloud": 3}, {"cloud": 4}, {"cloud": 5})
    game, state, _ = start(board(spawns=SOLO_SPAWNS), stunts="all", position=False,
                           pinned=pinned)
    assert markers_of(state)[0] == ("s1", "a", (-4, 3))
    state, events = apply(game, state, take_off_north({"stunt": "overflyer"}))
    assert where(state, "yellow") == ((-4, 3), "N", 9)
    assert scored(events) == [("yellow", "overflyer", 8)]


def test_solo_race_overflyer_needs_the_marker_below() -> None:
    """"The middle altitude written on the Solo GPS Marker represents the altitude of your
    pretended opponent": s5 (side a: 8-9-10) on (-4,3) is at the pilot's altitude after the
    take-off (9), not below; and a marker only counts on its own hex (the take-off from
    (-3,4) reaches (-3,3), where no marker lies)."""
    pinned = ({"cloud": 2}, {"cloud": 3}, {"cloud": 4}, {"cloud": 5}, {"cloud": 1})
    game, state, _ = start(board(spawns=SOLO_SPAWNS), stunts="all", position=False,
                           pinned=pinned)
    assert markers_of(state)[4] == ("s5", "a", (-4, 3))
    overflyer = {"stunt": "overflyer"}
    assert rule_of(game, state, take_off_north(overflyer)) == "stunt.overflyer.nobody-below"
    assert rule_of(game, state, take_off_north(overflyer, hex_=(-3, 4))) == \
        "stunt.overflyer.nobody-below"


def test_solo_race_position_places_the_solo_markers() -> None:
    """A position gives the solo GPS markers on the map ("Parts left out take their setup
    value", rules-notes): s2 side b (7-8-9, middle 8) on (0,-1), and no other. Yellow flies
    onto it at 12: four above, 6 VP."""
    m = board(spawns=SPAWNS)
    position = {"time": "10:00", "temperature": 0, "sun": "none",
                "wind": {"direction": "N", "strength": 0},
                "solo_markers": [{"marker": "s2", "side": "b", "hex": [0, -1]}],
                "pilots": {"yellow": flying((0, 0), "N", 12)}}
    game, state, _ = start(m, stunts="all", extra={"position": position})
    assert markers_of(state) == [("s2", "b", (0, -1))]
    state, events = apply(game, state, entry("yellow", "straight", {"stunt": "overflyer"}))
    assert scored(events) == [("yellow", "overflyer", 6)]


def test_solo_race_explorer_scores_6() -> None:
    """Rulebook, "Solo Race mode": "The "Explorer" stunt: Score 6 VP if you reach the edge of
    the map." Yellow flies from (2,-3) onto the edge hex (2,-4)."""
    game, state, _ = start(board(), stunts="all", pilots={"yellow": flying((2, -3), "N", 6)})
    state, events = apply(game, state, entry("yellow", "straight", {"stunt": "explorer"}))
    assert where(state, "yellow")[0] == (2, -4)
    assert scored(events) == [("yellow", "explorer", 6)]


def test_solo_race_has_no_lone_hiker() -> None:
    """Rulebook, "Solo Race mode": "The "Lone Hicker" stunt: this stunt is not playable in
    the solo race mode." With all stunts the Lone Hiker is left out, a claim is refused as
    not in play, and a scenario naming it is refused."""
    m = board({(0, -1): "mountain"})
    game, state, _ = start(m, stunts="all", pilots={"yellow": flying((0, 0), "N", 10)})
    assert game.scenario.stunts == frozenset(Stunt) - {Stunt.LONE_HIKER}
    start_it = entry("yellow", "straight", {"stunt": "lone-hiker", "action": "start"})
    assert rule_of(game, state, start_it) == "stunt.not-in-play"
    with pytest.raises(InputError) as err:
        start(m, stunts=["overflyer", "lone-hiker"])
    assert input_rules(err) == ["scenario.stunts"]


# --- Cross mode ---------------------------------------------------------------------------


CROSS_GPS = {(0, 2): "castle", (0, 0): "megaliths", (0, -1): "crop-circle",
             (2, 1): "golf-course"}
CROSS_MARKERS = [{"marker": "s2", "side": "a", "spot": "castle"},  # 3-4-5
                 {"marker": "s3", "side": "a", "spot": "megaliths"},  # 4-5-6
                 {"marker": "s6", "spot": "crop-circle"}]  # blank


def cross_map(terrain: dict[tuple[int, int], str] | None = None) -> Map:
    """The target (0,-3) at the north end of a line of GPS spots: castle (0,2), megaliths
    (0,0), crop circle (0,-1); the golf course (2,1); the antennas on the map edges."""
    return board(terrain, target=(0, -3), gps=CROSS_GPS)


def cross(m: Map, markers: list[dict[str, str]] | None = None, **kw: Any
          ) -> tuple[Game, State, list[Event]]:
    return start(m, extra={"variants": {"solo": "cross",
                                        "cross_markers": markers or CROSS_MARKERS}}, **kw)


def test_cross_mode_setup() -> None:
    """Rulebook, "Cross mode": "During setup leave the Stunt Markers, Antenna Tokens and GPS
    Markers in the box. Take instead the 6 Solo GPS Markers. ... Take also the 6 "Skill Move"
    cards next to you." No stunt is in play (even with ``stunts: all``), no solo marker is
    spawned as in the solo race, and the pilot holds all six Skill Move cards."""
    game, state, events = cross(board(spawns=SPAWNS, gps=CROSS_GPS), position=False,
                                stunts="all")
    assert game.scenario.solo is SoloMode.CROSS
    assert game.scenario.stunts == frozenset()
    assert state.solo_markers == ()
    assert pilot(state, "yellow").skill_cards == 6
    assert events[0]["players"][0]["skill_cards"] == 6


@pytest.mark.parametrize(("altitude", "accelerate", "vp"), [
    (6, False, None),  # 6 is not on the 3-4-5 side
    (6, True, 3),  # 6 on the castle, 4 after the acceleration: the middle one
    (5, False, 2),  # the high altitude
    (3, False, 2),  # the low one
    (4, True, None),  # 4 on the castle, but 2 after the acceleration
    (7, True, 2),  # 5 after the acceleration
])
def test_cross_markers_are_collected_at_their_altitudes(altitude: int, accelerate: bool,
                                                        vp: int | None) -> None:
    """Rulebook, "Cross mode": "To collect a GPS Marker, your altitude must be one of the
    three written on the marker. You must first adjust your altitude (including the
    acceleration penalty) before claiming the marker." and "If your altitude equals to the
    middle one of the GPS Marker, score 3 VP, otherwise score 2 VP."

    s2 side a (3-4-5) lies on the castle (0,2); yellow flies onto it from (0,3), and may
    accelerate on to (0,1)."""
    game, state, _ = cross(cross_map(), pilots={"yellow": flying((0, 3), "N", altitude)})
    state, events = apply(game, state, move("yellow", accelerate=accelerate))
    collected = [(e["name"], e["vp"]) for e in of_type(events, "collect")]
    yellow = pilot(state, "yellow")
    if vp is None:
        assert collected == [] and yellow.markers == frozenset()
        assert yellow.score == 0
    else:
        assert collected == [("s2", vp)]
        assert yellow.markers == {"s2"}
        assert yellow.ledger == (("marker s2", vp),)


def test_cross_marker_on_the_acceleration_hex_and_the_blank_marker() -> None:
    """"You must first adjust your altitude (including the acceleration penalty) before
    claiming the marker. The blank GPS Marker can be collected at any altitude." and "Also
    score 2 VP when you collect the blank GPS Marker."

    From (0,1) at 16 yellow flies over the megaliths (0,0) (s3: 4-5-6) and accelerates onto
    the crop circle (0,-1) (the blank marker) at 14: only the blank one is collected."""
    game, state, _ = cross(cross_map(), pilots={"yellow": flying((0, 1), "N", 16)})
    state, events = apply(game, state, move("yellow", accelerate=True))
    assert [(e["name"], e["vp"]) for e in of_type(events, "collect")] == [("s6", 2)]
    assert pilot(state, "yellow").markers == {"s6"}


def test_cross_mode_collects_no_antenna_and_no_gps_marker() -> None:
    """"During setup leave the Stunt Markers, Antenna Tokens and GPS Markers in the box."
    A solo marker on the red antenna's spot is collected; the antenna is not, nor the golf
    course's GPS marker, nor the balloon on the altitude track."""
    m = board(target=(0, -3), gps=CROSS_GPS, antennas={"red": (1, 1)})
    markers = [*CROSS_MARKERS[:2], {"marker": "s4", "side": "b", "spot": "antenna-red"}]
    game, state, _ = cross(m, markers, clouds={1: (1, 0)},
                           pilots={"yellow": flying((1, 2), "N", 10)})
    state, events = apply(game, state, move("yellow"))  # onto the antenna, 10 + 2 = 12
    assert where(state, "yellow") == ((1, 1), "N", 12)
    assert [(e["token"], e["name"], e["vp"]) for e in of_type(events, "collect")] == \
        [("marker", "s4", 3)]
    yellow = pilot(state, "yellow")
    assert yellow.antennas == frozenset() and yellow.gps == frozenset()
    game, state, _ = cross(m, markers, clouds={1: (2, 0)},
                           pilots={"yellow": flying((2, 2), "N", 12)})
    state, events = apply(game, state, move("yellow"))  # the golf course, 14: balloon level
    assert where(state, "yellow") == ((2, 1), "N", 14)
    assert not of_type(events, "collect")
    assert pilot(state, "yellow").gps == frozenset()


def test_cross_mode_no_relaunch() -> None:
    """Rulebook, "Cross mode": "You lose the game if you land elsewhere ... (you cannot take
    off again once landed)." Temperature -3: yellow at 1 lands on a field; the walk back is
    refused and only the final landing is legal."""
    game, state, _ = cross(cross_map(), temperature=-3,
                           pilots={"yellow": flying((0, 3), "N", 1)})
    assert rule_of(game, state, move("yellow", land="relaunch")) == "cross.no-relaunch"
    lands = {a.land for a in legal_actions(game, state) if isinstance(a, Turn)}
    assert lands == {LandChoice.FINAL}
    state, _ = apply(game, state, move("yellow", land="final"))
    assert pilot(state, "yellow").status is PilotStatus.LANDED


def test_cross_mode_full_flight_won() -> None:
    """Rulebook, "Cross mode": "To win the game, you need to collect all the Solo GPS Markers
    that you placed on the map, then land on the target or on an adjacent hexagon to the
    target." and "Scoring. ... Each time you collect a GPS Marker: If your altitude equals
    to the middle one of the GPS Marker, score 3 VP, otherwise score 2 VP. Also score 2 VP
    when you collect the blank GPS Marker. At the end of the game, score 1 VP for each
    unused "Skill Move" card. At the end of the game, score also the victory points
    indicated by the Time Marker on the Weather Board."

    Yellow at 5 on (0,3) flies north: 10:00 over the castle and on with a Skill Move card
    (-1) to 4, the middle of s2 (3 VP); 10:20 the megaliths at 4 (s3, 2 VP); 10:40 the crop
    circle (blank, 2 VP); 11:00 the lake (0,-2) (-2) and an acceleration down onto the
    target (0,-3): a landing at 11:00 (17 VP on the standard time track). Five cards left:
    7 + 5 + 17 = 29 VP, won.
    """
    game, state, _ = cross(cross_map({(0, -2): "lake"}), pilots={"yellow": flying((0, 3), "N", 5)})
    state, events = apply(game, state, move("yellow", accelerate=True, skill=["accelerate"]))
    assert [(e["name"], e["vp"]) for e in of_type(events, "collect")] == [("s2", 3)]
    state, events = apply(game, state, move("yellow"))
    assert [(e["name"], e["vp"]) for e in of_type(events, "collect")] == [("s3", 2)]
    state, events = apply(game, state, move("yellow"))
    assert [(e["name"], e["vp"]) for e in of_type(events, "collect")] == [("s6", 2)]
    assert state.time == clock("11:00")
    state, events = apply(game, state, move("yellow", accelerate=True, land="final"))
    land = of_type(events, "land")[0]
    assert (land["hex"], land["time"], land["kind"]) == ([0, -3], "11:00", "final")
    end = of_type(events, "game_end")
    assert end and end[0]["reason"] == "all-landed"
    row = end[0]["scores"][0]
    assert game.components.time.vp_at(clock("11:00")) == 17
    assert row["breakdown"] == {"markers": 7, "skill cards": 5, "time": 17}
    assert row["score"] == 29
    assert row["won"] is True


@pytest.mark.parametrize(("yellow", "won"), [
    ({"state": "landed", "hex": [1, -3], "time": "15:00",
      "markers": ["s2", "s3", "s6"]}, True),  # next to the target
    ({"state": "landed", "hex": [0, -3], "time": "15:00",
      "markers": ["s2", "s3", "s6"]}, True),  # on the target
    ({"state": "landed", "hex": [2, -3], "time": "15:00",
      "markers": ["s2", "s3", "s6"]}, False),  # two hexes away: "land elsewhere"
    ({"state": "landed", "hex": [0, -2], "time": "15:00",
      "markers": ["s2", "s6"]}, False),  # a marker missing
    (flying((0, -2), "N", 3, markers=["s2", "s3", "s6"]), False),  # still flying
])
def test_cross_mode_win_conditions(yellow: dict[str, Any], won: bool) -> None:
    """Rulebook, "Cross mode": "To win the game, you need to collect all the Solo GPS Markers
    that you placed on the map, then land on the target or on an adjacent hexagon to the
    target. You lose the game if you land elsewhere, do not land before the day is over or
    did not collect all the GPS Markers before landing." Target (0,-3); the final scoring
    of a position at 19:40 (a pilot still flying has not landed before the day is over)."""
    game, state, _ = cross(cross_map(), time="19:40", pilots={"yellow": yellow})
    row = final_scores(game, state)[0]
    assert row["won"] is won
    assert row["breakdown"]["skill cards"] == 6
    landed_time = clock(yellow["time"]) if "time" in yellow else clock("19:40")
    assert row["breakdown"]["time"] == game.components.time.vp_at(landed_time)


def test_cross_mode_scores_the_whole_score_track() -> None:
    """Cross mode: "If you want to evaluate how well you complete a cross-country fly, use
    your Score Marker on the Score Track", the marker that a crash-landing moves: "you lose
    10 (move your score marker 10 points backward)". Yellow, taken up from a position with
    5 points on its track (markers collected before it), crash-lands in the lake (0,-2):
    the final cross total keeps the position's 5 and the crash's -10 beside the time and the
    unused Skill Move cards."""
    game, state, _ = cross(cross_map({(0, -2): "lake"}), temperature=-3,
                           pilots={"yellow": flying((0, -1), "N", 1, score=5,
                                                    markers=["s6"])})
    state, events = apply(game, state, move("yellow", land="final"))
    assert of_type(events, "crash")[0]["vp"] == -10
    row = of_type(events, "game_end")[0]["scores"][0]
    assert row["breakdown"] == {"markers": 0, "position": 5, "crash": -10, "skill cards": 6,
                                "time": game.components.time.vp_at(clock("10:00"))}
    assert row["score"] == sum(row["breakdown"].values())
    assert row["won"] is False


def test_cross_mode_day_ends_without_a_landing() -> None:
    """"You lose the game if you ... do not land before the day is over": the marker reaches
    20:00 with yellow in the air."""
    game, state, _ = cross(cross_map(), time="19:40",
                           pilots={"yellow": flying((0, 3), "N", 12,
                                                    markers=["s2", "s3", "s6"])})
    state, events = apply(game, state, move("yellow"))
    end = of_type(events, "game_end")
    assert end and end[0]["reason"] == "end-of-day"
    assert end[0]["scores"][0]["won"] is False


# --- Short forecast -----------------------------------------------------------------------


SHORT = {"weather": {"tiles": "random", "forecast": "short"}}


def test_short_forecast_shows_three_tiles_at_setup() -> None:
    """Rulebook, setup step 14: "Game Variant: For a less predictable weather and a more
    difficult game, you can place only 3 weather tiles above the time track. Then during the
    Weather Change round, draw one tile and add it to the weather timeline."

    The three tiles are drawn at setup (pinned here); the 08:00 tile applies at once and the
    weather event shows what is known ahead: 09:00 and 10:00."""
    pinned = ({"tile": "c01/a"}, {"tile": "c02/b"}, {"tile": "w05/b"})
    game, state, events = start(board(), position=False, pinned=pinned, extra=SHORT)
    assert game.scenario.forecast is Forecast.SHORT
    assert state.schedule == (("c01", "a"), ("c02", "b"), ("w05", "b"))
    assert events[0]["weather"] == ["c01/a", "c02/b", "w05/b"]
    assert events[0]["draws"] == list(pinned)
    weather = of_type(events, "weather")
    assert len(weather) == 1
    assert (weather[0]["tile"], weather[0]["forecast"]) == ("c01/a", ["c02/b", "w05/b"])

    # Unpinned: still three tiles, three different ones.
    _, state, events = start(board(), position=False, extra=SHORT)
    assert len(state.schedule) == 3 and len({t for t, _ in state.schedule}) == 3
    assert [d for d in events[0]["draws"] if "tile" in d] == \
        [{"tile": f"{t}/{f}"} for t, f in state.schedule]


def pass_to(game: Game, state: State, time: str) -> tuple[State, list[Event]]:
    """Yellow keeps the pawn in hand until the Time Marker reaches ``time``."""
    events: list[Event] = []
    while state.time < clock(time):
        state, events = apply(game, state, pass_("yellow"))
    return state, events


def test_short_forecast_draws_a_tile_at_each_weather_change() -> None:
    """"Then during the Weather Change round, draw one tile and add it to the weather
    timeline." At 09:00 the 09:00 tile (known since setup) applies and one more tile, for
    11:00, is drawn; at 10:00 the drawn w05/b (temperature +1, and the board's +1) applies
    and the 12:00 tile is drawn. The weather event names the draw and the forecast ahead."""
    pinned = ({"tile": "c01/a"}, {"tile": "c02/b"}, {"tile": "w05/b"}, {"tile": "c07/a"},
              {"tile": "c08/b"})
    game, state, _ = start(board(), position=False, pinned=pinned, extra=SHORT)
    state, events = pass_to(game, state, "09:00")
    weather = of_type(events, "weather")[0]
    assert weather["tile"] == "c02/b"
    assert weather["draws"] == [{"tile": "c07/a"}]
    assert weather["forecast"] == ["w05/b", "c07/a"]
    assert len(state.schedule) == 4

    state, events = pass_to(game, state, "10:00")
    weather = of_type(events, "weather")[0]
    assert weather["tile"] == "w05/b"
    assert weather["temperature"] == {"change": 2, "position": 3}
    assert weather["draws"] == [{"tile": "c08/b"}]
    assert weather["forecast"] == ["c07/a", "c08/b"]
    assert state.schedule[-1] == ("c08", "b") and len(state.schedule) == 5


def test_short_forecast_draws_from_the_tiles_left() -> None:
    """A drawn tile comes from the tiles not on the weather board: a pinned draw of the
    08:00 tile is refused when the 09:00 change draws."""
    pinned = ({"tile": "c01/a"}, {"tile": "c02/b"}, {"tile": "w05/b"}, {"tile": "c01/b"})
    game, state, _ = start(board(), position=False, pinned=pinned, extra=SHORT)
    state, _ = apply(game, state, pass_("yellow"))
    state, _ = apply(game, state, pass_("yellow"))
    assert rule_of(game, state, pass_("yellow")) == "draws.pinned"


def test_short_forecast_with_a_listed_day_takes_the_list_in_order() -> None:
    """A scenario that lists the day's tiles and plays the short forecast shows three and
    takes the next listed tile at each change, with no chance draw (docs/rules-notes.md)."""
    listed = day(h09="w05/b", h11="w07/a")
    game, state, events = start(board(), position=False, tiles=listed,
                                extra={"weather": {"tiles": listed, "forecast": "short"}})
    assert [f"{t}/{f}" for t, f in state.schedule] == listed[:3]
    state, events = pass_to(game, state, "09:00")
    weather = of_type(events, "weather")[0]
    assert weather["tile"] == "w05/b" and weather["draws"] == []
    assert weather["forecast"] == listed[2:4] and listed[3] == "w07/a"


def test_full_forecast_shows_the_whole_day() -> None:
    """Without the variant the 12 tiles are "above the time track" from the start, and the
    weather event has no forecast to draw."""
    game, state, events = start(board(), position=False)
    assert game.scenario.forecast is Forecast.FULL
    assert len(state.schedule) == 12
    assert "forecast" not in of_type(events, "weather")[0]
    state, events = pass_to(game, state, "09:00")
    assert not [d for d in of_type(events, "weather")[0]["draws"] if "tile" in d]
