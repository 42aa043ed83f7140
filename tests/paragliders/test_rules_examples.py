"""The Paragliders rulebook's examples about flying, each as the smallest situation that shows
it: a small custom map and a game started from a position (``tests/rules_helpers.py``).

Each example test quotes the rulebook (``shared/rulebooks/paragliders-rulebook.txt``) in its
docstring. Where the rulebook leaves room the tests follow DESIGN.md's "Paragliders rules
decisions" and ``docs/rules-notes.md``. Weather changes, the Wind Push Round and clouds are in
``paragliders/test_rules_weather.py``.

Geometry: flat-top axial hexes, directions N (0,-1), NE (1,-1), SE (1,0), S (0,1),
SW (-1,1), NW (-1,0). Unless a test says otherwise the board is a disc of fields, the
temperature is 0 (the middle of the thermal board: mountain +1, field 0, forest +1, lake -2),
there is no sun, no wind and no cloud, and the mountaintop is level 9 (easy sides).
"""

from __future__ import annotations

import itertools

import pytest

from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.paragliders.actions import (
    LandChoice,
    MoveKind,
    Turn,
    TurnKind,
    action_from_entry,
)
from skyhex.rules.paragliders.clock import parse_clock as clock
from skyhex.rules.paragliders.engine import apply, legal_actions
from skyhex.rules.paragliders.scenario import PilotStatus
from skyhex.rules.paragliders.scoring import final_scores
from skyhex.rules.paragliders.state import Phase, State

from ..rules_helpers import (
    board,
    flying,
    modifiers,
    move,
    of_type,
    pass_,
    pilot,
    relaunch,
    rule_of,
    start,
    stuck,
    takeoff,
    turn_event,
    walk,
    where,
)

N, NE, SE, S, SW, NW = (Direction.N, Direction.NE, Direction.SE, Direction.S, Direction.SW,
                        Direction.NW)
def mountains(*hexes: tuple[int, int]) -> dict[tuple[int, int], str]:
    return {h: "mountain" for h in hexes}


def first_step(state: State, action: Turn) -> Hex:
    """The hex a move of the acting pilot reaches before any acceleration."""
    p = state.actor
    assert p is not None and p.hex is not None and p.facing is not None
    assert action.move is not None
    return p.hex.neighbor(p.facing.rotate(action.move.turn))


# --- Taking off ---------------------------------------------------------------------------


def test_taking_off_example_crop_circle() -> None:
    """Rulebook, "Taking off": "Example: the yellow player is the first player. They take off
    to immediately collect the crop circle GPS marker. The blue player, who plays second,
    also wants to collect that GPS marker, so they accelerate (see next page) to not end up
    at the same place as the yellow player. The red player, who also prefers to collect the
    crop circle GPS marker at the beginning of the race, decides to skip their turn in order
    to collect it during their second turn."

    The take-off hexes (1,-1) and (1,0) lie as on the Starting Tile; the crop circle (2,-1) is
    straight ahead of both (facing SE from (1,-1), NE from (1,0)). A pilot takes off at the
    mountaintop (9) and a field at temperature 0 keeps it there.
    """
    m = board(takeoffs=((1, -1), (1, 0)), target=(0, 0), gps={(2, -1): "crop-circle"})
    game, state, _ = start(m, ("yellow", "blue", "red"), time="08:00")

    state, events = apply(game, state, takeoff("yellow", (1, -1), "SE"))
    assert where(state, "yellow") == ((2, -1), "SE", 9)
    assert pilot(state, "yellow").gps == {"crop-circle"}
    assert [e["name"] for e in of_type(events, "collect")] == ["crop-circle"]

    # The same take-off for blue would end where yellow is, at the same altitude.
    assert rule_of(game, state, takeoff("blue", (1, 0), "NE")) == "flight.collision"
    state, events = apply(game, state, takeoff("blue", (1, 0), "NE", accelerate=True))
    assert where(state, "blue") == ((3, -2), "NE", 7)
    assert pilot(state, "blue").gps == {"crop-circle"}  # collected before accelerating

    state, events = apply(game, state, pass_("red"))
    assert pilot(state, "red").status is PilotStatus.IN_HAND
    assert state.time == clock("08:20")

    state, _ = apply(game, state, move("yellow"))  # on to (3,-1)
    state, _ = apply(game, state, move("blue"))  # on to (4,-3)
    state, events = apply(game, state, takeoff("red", (1, -1), "SE"))
    assert where(state, "red") == ((2, -1), "SE", 9)
    assert pilot(state, "red").gps == {"crop-circle"}


def test_pass_while_in_hand_then_take_off_and_move_in_the_same_turn() -> None:
    """"During your first turn, you can place your paraglider on one of the two hexagons of
    the takeoff area in the center of the map, and do your first move. However, you can also
    skip your turn and take off in a later turn."

    At 10:00 the morning sun (the board's, east) warms (2,0): the take-off mountain (1,0) is
    its north-west neighbour.
    """
    m = board(takeoffs=((1, -1), (1, 0)), target=(0, 0))
    game, state, _ = start(m, time="10:00", sun=None)
    actions = legal_actions(game, state)
    assert Turn("yellow", TurnKind.PASS) in actions
    takeoffs = [a for a in actions if isinstance(a, Turn) and a.kind is TurnKind.TAKEOFF]
    assert {a.hex for a in takeoffs} == {Hex(1, -1), Hex(1, 0)}
    assert {a.facing for a in takeoffs} == set(Direction)
    assert all(a.move is not None for a in takeoffs)
    assert len(actions) == 1 + len(takeoffs)

    state, events = apply(game, state, pass_("yellow"))
    assert pilot(state, "yellow").status is PilotStatus.IN_HAND
    assert state.time == clock("10:20")  # the only player is also the last one

    state, events = apply(game, state, takeoff("yellow", (1, 0), "SE"))
    p = pilot(state, "yellow")
    assert p.status is PilotStatus.FLYING
    assert where(state, "yellow") == ((2, 0), "SE", 10)
    event = turn_event(events)
    assert event["action"] == "takeoff"
    assert event["from"] == [1, 0] and event["to"] == [2, 0]
    assert event["altitude"]["before"] == 9
    assert modifiers(event) == {"thermal": 0, "sun": 1}


def test_a_turn_facing_north_is_described_with_its_facing() -> None:
    """Legal actions are listed to players with ``describe``; north is a facing like any
    other (``Direction.N`` is 0)."""
    assert takeoff("yellow", (1, -1), "N").describe().startswith("takeoff (1,-1) N")
    assert takeoff("yellow", (1, -1), "NE").describe().startswith("takeoff (1,-1) NE")
    assert relaunch("yellow", "N").describe().startswith("relaunch N")


def test_take_off_only_from_a_take_off_hex() -> None:
    """"you can place your paraglider on one of the two hexagons of the takeoff area"."""
    m = board(takeoffs=((1, -1), (1, 0)), target=(0, 0))
    game, state, _ = start(m)
    assert rule_of(game, state, takeoff("yellow", (0, 0), "N")) == "takeoff.hex"


def test_once_flying_you_must_move() -> None:
    """"You can delay your take off for as many turns as you want, but once in the sky, you
    are obliged to move until you land." """
    game, state, _ = start(board(), pilots={"yellow": flying((0, 0), "N", 5)})
    assert rule_of(game, state, pass_("yellow")) == "turn.pass"
    assert rule_of(game, state, takeoff("yellow", (-4, 4), "N")) == "turn.takeoff"
    actions = legal_actions(game, state)
    assert actions
    assert all(isinstance(a, Turn) and a.kind is TurnKind.MOVE for a in actions)


def test_skill_move_cards_are_dealt_by_seat() -> None:
    """Turn summary: "Players later in turn order get Skill Move cards at setup (2nd and 3rd
    player one each, later players two)." """
    _, state, events = start(board(), ("yellow", "blue", "red", "green"), position=False)
    assert [p["skill_cards"] for p in events[0]["players"]] == [0, 1, 1, 2]
    assert [p.skill_cards for p in state.pilots] == [0, 1, 1, 2]


def test_players_take_turns_in_seat_order() -> None:
    """"Players take turns clockwise, starting with the first player." """
    game, state, _ = start(board(), ("yellow", "blue"),
                           pilots={"yellow": flying((0, 0), "N", 5),
                                   "blue": flying((2, 0), "N", 5)})
    assert rule_of(game, state, move("blue")) == "turn.order"
    state, _ = apply(game, state, move("yellow"))
    assert state.actor is not None and state.actor.ident == "blue"


# --- Moving -------------------------------------------------------------------------------


@pytest.mark.parametrize("facing", list(Direction))
def test_a_move_never_goes_to_the_hex_behind(facing: Direction) -> None:
    """"You can never move to the hexagon behind you." and "you must always keep your back
    to the hexagon you came from."

    In the open at altitude 5 (and no Skill Move card for the first player) the legal moves
    are the five move kinds, each with or without an acceleration: ten turns, reaching the
    five neighbours other than the one behind.
    """
    here = Hex(0, 0)
    game, state, _ = start(board(), pilots={"yellow": flying((0, 0), facing.name, 5)})
    actions = [a for a in legal_actions(game, state) if isinstance(a, Turn)]
    assert len(actions) == 10
    assert {a.move for a in actions} == set(MoveKind)
    behind = here.neighbor(facing.opposite)
    assert {first_step(state, a) for a in actions} == set(here.neighbors()) - {behind}
    for action in actions:
        after, _ = apply(game, state, action)
        p = pilot(after, "yellow")
        assert p.hex is not None and p.facing is not None
        assert p.hex != behind
        back = p.hex.neighbor(p.facing.opposite)
        assert back == (here if not action.accelerate else here.neighbor(p.facing))


@pytest.mark.parametrize(("kind", "to", "facing", "altitude"), [
    ("straight", (0, -1), "N", 5),
    ("left", (-1, 0), "NW", 5),
    ("right", (1, -1), "NE", 5),
    ("hard-left", (-1, 1), "SW", 4),
    ("hard-right", (1, 0), "SE", 4),
])
def test_normal_moves_and_hard_turns(kind: str, to: tuple[int, int], facing: str,
                                     altitude: int) -> None:
    """"Normal Move: move your paraglider forward, or rotate one hexagon step to the left or
    to the right and then move forward. Hard Turn: rotate two hexagon steps to the left or to
    the right then move forward and lose one altitude." """
    game, state, _ = start(board(), pilots={"yellow": flying((0, 0), "N", 5)})
    state, events = apply(game, state, move("yellow", kind))
    assert where(state, "yellow") == (to, facing, altitude)
    expected = {"hard-turn": -1, "thermal": 0} if kind.startswith("hard") else {"thermal": 0}
    assert modifiers(turn_event(events)) == expected


def test_the_map_edge_is_a_wall() -> None:
    m = board(radius=2, takeoffs=((1, -1), (1, 0)), target=(0, 0),
              antennas={"blue": (2, -2), "red": (2, 0), "yellow": (-2, 2)})
    game, state, _ = start(m, pilots={"yellow": flying((0, -2), "N", 5)})
    assert rule_of(game, state, move("yellow")) == "flight.map-edge"
    assert all(isinstance(a, Turn) and first_step(state, a) in game.terrain
               for a in legal_actions(game, state))


# --- Altitude: weather modifiers ----------------------------------------------------------


def test_thermal_example_lake_and_mountain() -> None:
    """"Example: At this current temperature, the yellow player who is flying above a lake,
    will lose 2 altitudes. The red player, flying above a mountain, will gain 1 altitude."

    The starting temperature (the middle of the board): lake -2, mountain +1.
    """
    m = board({(0, -1): "lake", (2, -1): "mountain"})
    game, state, _ = start(m, ("yellow", "red"), pilots={"yellow": flying((0, 0), "N", 5),
                                                         "red": flying((2, 0), "N", 10)})
    state, events = apply(game, state, move("yellow"))
    assert where(state, "yellow") == ((0, -1), "N", 3)
    assert modifiers(turn_event(events)) == {"thermal": -2}
    state, events = apply(game, state, move("red"))
    assert where(state, "red") == ((2, -1), "N", 11)
    assert modifiers(turn_event(events)) == {"thermal": 1}


THERMAL_BOARD = {  # DESIGN.md's table, temperature positions -3..+3
    "mountain": (-1, 0, 0, 1, 1, 2, 2),
    "field": (-1, -1, 0, 0, 1, 1, 2),
    "forest": (-1, 0, 0, 1, 1, 1, 2),
    "lake": (-2, -2, -2, -2, -1, -1, 0),
}


@pytest.mark.parametrize("terrain", sorted(THERMAL_BOARD))
@pytest.mark.parametrize("temperature", range(-3, 4))
def test_thermal_value_of_the_new_hex(terrain: str, temperature: int) -> None:
    """"Check the altitude modifier inside the Thermal Indicator frame for the terrain type
    of your current hexagon." (values: DESIGN.md, standard set)."""
    game, state, _ = start(board({(0, -1): terrain}), temperature=temperature,
                           pilots={"yellow": flying((0, 0), "N", 12)})
    state, events = apply(game, state, move("yellow"))
    value = THERMAL_BOARD[terrain][temperature + 3]
    assert modifiers(turn_event(events)) == {"thermal": value}
    assert where(state, "yellow")[2] == 12 + value


@pytest.mark.parametrize("side", list(Direction))
@pytest.mark.parametrize("sun", ["east", "none", "west"])
def test_sun_exposure_by_side_of_the_mountain(side: Direction, sun: str) -> None:
    """"Morning sun heats the east facades of mountains, creating ascending currents there.
    Afternoon sun heats the west facades." DESIGN.md: a pilot gains +1 in the morning when a
    mountain lies to its NW or SW, in the afternoon to its NE or SE.

    The pilot moves onto (0,0), whose neighbour on ``side`` is the only mountain.
    """
    here = Hex(0, 0)
    mountain = here.neighbor(side)
    facing = side.rotate(2)
    origin = here.neighbor(facing.opposite)
    game, state, _ = start(board(mountains((mountain.q, mountain.r))), sun=sun,
                           pilots={"yellow": flying((origin.q, origin.r), facing.name, 5)})
    state, events = apply(game, state, move("yellow"))
    warm = (sun == "east" and side in (NW, SW)) or (sun == "west" and side in (NE, SE))
    assert modifiers(turn_event(events)) == ({"thermal": 0, "sun": 1} if warm
                                             else {"thermal": 0})
    assert where(state, "yellow") == ((0, 0), facing.name, 6 if warm else 5)


@pytest.mark.parametrize(("time", "exposure"), [
    ("08:00", "east"), ("11:40", "east"), ("12:00", "none"), ("13:40", "none"),
    ("14:00", "west"), ("17:40", "west"), ("18:00", "none"), ("19:40", "none"),
])
def test_sun_only_in_its_hours(time: str, exposure: str) -> None:
    """"The game starts with the sun exposure on the east side ... When the time marker
    reaches 12:00, move the sun exposure token to the Map Edge, showing the zenith side to
    cover the east exposure. At 14:00, flip the token to show the sun exposure to the west
    side. At 18:00 flip it again on the zenith side to remove the sun exposure benefit."

    Yellow moves onto (0,0), which has a mountain to its NW (an east facade); blue onto (1,0),
    which has one to its NE (a west facade). The position leaves the sun to the board.
    """
    m = board(mountains((-1, 0), (2, -1)))
    game, state, _ = start(m, ("yellow", "blue"), time=time, sun=None,
                           pilots={"yellow": flying((0, 1), "N", 5),
                                   "blue": flying((1, 1), "N", 5)})
    assert state.sun.value == exposure
    state, events = apply(game, state, move("yellow"))
    assert modifiers(turn_event(events)).get("sun", 0) == (1 if exposure == "east" else 0)
    state, events = apply(game, state, move("blue"))
    assert modifiers(turn_event(events)).get("sun", 0) == (1 if exposure == "west" else 0)


def test_sun_and_wind_count_once_and_never_on_a_mountain() -> None:
    """"If you are on a hexagon adjacent to a mountain, but not on a mountain hexagon, check
    if that mountain side is exposed to the sun." DESIGN.md: "Sun and wind bonuses never
    apply on a mountain hex, and each counts once however many mountains qualify."

    Morning sun, a strength-1 wind blowing to the NW. Yellow moves onto (0,0), with mountains
    to its NW and SW: +1 sun (once) and +1 wind. Red moves onto the mountain (0,-1), which has
    mountains to its NW and SW too: only the mountain's thermal value.
    """
    m = board(mountains((-1, 0), (-1, 1), (0, -1), (-1, -1)))
    game, state, _ = start(m, ("yellow", "red"), sun="east", wind=("NW", 1),
                           pilots={"yellow": flying((1, 0), "NW", 5),
                                   "red": flying((0, -2), "S", 10)})
    state, events = apply(game, state, move("yellow"))
    assert modifiers(turn_event(events)) == {"thermal": 0, "sun": 1, "wind": 1}
    assert where(state, "yellow") == ((0, 0), "NW", 7)
    state, events = apply(game, state, move("red"))
    assert modifiers(turn_event(events)) == {"thermal": 1}
    assert where(state, "red") == ((0, -1), "S", 11)


@pytest.mark.parametrize("side", [N, NE, SE, SW, NW])
@pytest.mark.parametrize("strength", [1, 2])
def test_wind_bonus_under_a_mountainside(side: Direction, strength: int) -> None:
    """"At wind strength 1, the mountain needs to be specifically in the direction of the
    wind. In that case, you will gain 1 altitude. At wind strength 2, the adjacent angled
    mountainsides also catch the wind. In that case, you will gain 2 altitude."
    DESIGN.md: the wind blows towards its direction d; strength 1: +1 if the neighbour in d
    is a mountain; strength 2: +2 if the neighbour in d-1, d or d+1 is.

    The wind blows to the NE; the pilot moves north onto (0,0), whose neighbour on ``side``
    is the only mountain.
    """
    mountain = Hex(0, 0).neighbor(side)
    game, state, _ = start(board(mountains((mountain.q, mountain.r))), wind=("NE", strength),
                           pilots={"yellow": flying((0, 1), "N", 5)})
    state, events = apply(game, state, move("yellow"))
    under = side == NE if strength == 1 else side in (N, NE, SE)
    bonus = strength if under else 0
    expected = {"thermal": 0, "wind": bonus} if bonus else {"thermal": 0}
    assert modifiers(turn_event(events)) == expected
    assert where(state, "yellow")[2] == 5 + bonus


def test_strong_wind_counts_once_under_three_mountainsides() -> None:
    """"Wind strength 2 blows on three mountain's facades": with all three of them beside the
    pilot, the bonus is still 2."""
    m = board(mountains((0, -1), (1, -1), (1, 0)))
    game, state, _ = start(m, wind=("NE", 2), pilots={"yellow": flying((0, 1), "N", 5)})
    state, events = apply(game, state, move("yellow"))
    assert [(m_["name"], m_["value"]) for m_ in turn_event(events)["altitude"]["modifiers"]] \
        == [("thermal", 0), ("wind", 2)]
    assert where(state, "yellow")[2] == 7


@pytest.mark.parametrize(("clouds", "bonus"), [
    ({1: (0, -1)}, 2),  # on the cloud's own hex
    ({1: (1, -2)}, 2),  # next to it
    ({1: (1, -2), 2: (-1, -1)}, 2),  # next to two clouds: still 2
    ({1: (0, -1), 2: (0, -2), 3: (1, -1)}, 2),
    ({1: (0, -3)}, 0),  # two hexes away: not under the cloud
])
def test_cloud_suck_once_under_several_clouds(clouds: dict[int, tuple[int, int]],
                                              bonus: int) -> None:
    """"If you are on the same or on an adjacent hexagon of a cloud, that means you are under
    a cloud and you will gain 2 altitude. If you are under several clouds at the same time,
    you still only get 2 altitude. (... the crop circle is under two clouds but this hexagon
    still grants 2 altitude, not 4.)" """
    game, state, _ = start(board(), clouds=clouds, pilots={"yellow": flying((0, 0), "N", 5)})
    state, events = apply(game, state, move("yellow"))
    names = [m_["name"] for m_ in turn_event(events)["altitude"]["modifiers"]]
    assert names.count("cloud") == (1 if bonus else 0)
    assert modifiers(turn_event(events)).get("cloud", 0) == bonus
    assert where(state, "yellow")[2] == 5 + bonus


def test_modifiers_add_up_and_acceleration_skips_the_next_hex() -> None:
    """The altitude part of the rulebook's Sky Climber example (the stunt itself is not
    claimed): "The yellow player is moving above the forest. The Thermal value for the forest
    is now at +1. They also benefit from sun exposure (+1), and wind bonus (+2). In total they
    gain 4 altitude during their turn, but they are not under the cloud ... If they continue
    to fly straight in the next turn, the thermal lift, sun and wind conditions will be the
    same but they will also move under a cloud which will give them a +2 altitude bonus, for
    a total gain of 6 altitude. ... Note that if they accelerate to enter the cloud during
    this turn, they won't benefit from the cloud bonus, as the weather modifiers are only
    considered on the first hexagon."

    A column of forest (0,0), (0,-1), (0,-2) along a ridge to the west (mountains (-1,-2),
    (-1,-1), (-1,0)); morning sun; a strength-2 wind blowing to the NW; a cloud on (0,-3),
    next to (0,-2) but two hexes from (0,-1).
    """
    m = board({(0, 0): "forest", (0, -1): "forest", (0, -2): "forest",
               **mountains((-1, -2), (-1, -1), (-1, 0))})
    kw = {"sun": "east", "wind": ("NW", 2), "clouds": {1: (0, -3)},
          "pilots": {"yellow": flying((0, 0), "N", 5)}}
    game, state, _ = start(m, **kw)
    first, events = apply(game, state, move("yellow"))
    assert modifiers(turn_event(events)) == {"thermal": 1, "sun": 1, "wind": 2}
    assert where(first, "yellow") == ((0, -1), "N", 9)

    second, events = apply(game, first, move("yellow"))
    assert modifiers(turn_event(events)) == {"thermal": 1, "sun": 1, "wind": 2, "cloud": 2}
    assert where(second, "yellow") == ((0, -2), "N", 15)

    fast, events = apply(game, state, move("yellow", accelerate=True))
    event = turn_event(events)
    assert modifiers(event) == {"thermal": 1, "sun": 1, "wind": 2}
    assert event["accelerate"]["to"] == [0, -2]
    assert modifiers(event["accelerate"]) == {"acceleration": -2}
    assert where(fast, "yellow") == ((0, -2), "N", 7)


def test_the_ceiling_caps_gains() -> None:
    """Turn summary: "Cloud level is the ceiling: extra gains there are lost." Standard set:
    ceiling 18, which is also the ceiling GPS marker ("The GPS markers on the altitude track
    can be collected if your altitude marker reaches them.")."""
    m = board({(0, -1): "forest", (0, -2): "forest"})
    game, state, _ = start(m, clouds={1: (0, -2)},
                           pilots={"yellow": flying((0, 0), "N", 17, gps=["balloon"])})
    state, events = apply(game, state, move("yellow"))
    event = turn_event(events)
    assert modifiers(event) == {"thermal": 1, "cloud": 2, "ceiling": -2}
    assert event["altitude"]["after"] == 18
    assert where(state, "yellow") == ((0, -1), "N", 18)
    assert pilot(state, "yellow").gps == {"balloon", "ceiling"}
    assert [e["name"] for e in of_type(events, "collect")] == ["ceiling"]
    # At the ceiling, a whole gain is lost.
    state, events = apply(game, state, move("yellow"))
    assert modifiers(turn_event(events)) == {"thermal": 1, "cloud": 2, "ceiling": -3}
    assert where(state, "yellow") == ((0, -2), "N", 18)
    assert not of_type(events, "collect")


# --- Acceleration and Skill Move cards ----------------------------------------------------


def test_acceleration_example_forest_then_lake() -> None:
    """"Example: After a normal turn above the forest, the yellow player decides to accelerate
    over the lake. The weather conditions above the forest make them gain 1 altitude and the
    acceleration makes them lose 2. In total, at the end of their turn they will be 1
    altitude lower than at the beginning of their turn. The weather conditions above the lake
    are ignored!" and "You cannot change your orientation when accelerating."

    Yellow, facing N, turns right onto the forest (1,-1) and accelerates on to the lake (2,-2).
    """
    m = board({(1, -1): "forest", (2, -2): "lake"})
    game, state, _ = start(m, pilots={"yellow": flying((0, 0), "N", 6)})
    state, events = apply(game, state, move("yellow", "right", accelerate=True))
    event = turn_event(events)
    assert event["to"] == [1, -1]
    assert (event["altitude"]["before"], event["altitude"]["after"]) == (6, 7)
    assert modifiers(event) == {"thermal": 1}
    assert event["accelerate"]["to"] == [2, -2]
    assert event["accelerate"]["altitude"]["before"] == 7
    assert event["accelerate"]["altitude"]["after"] == 5
    assert modifiers(event["accelerate"]) == {"acceleration": -2}
    assert where(state, "yellow") == ((2, -2), "NE", 5)


def test_skill_move_cards_example_hard_turn_onto_the_antenna() -> None:
    """""Skill Move" cards: "You can discard a "Skill Move" card to perform a hard turn or an
    acceleration at a lower altitude cost (hard turn for free, or acceleration for only one
    altitude loss). Example: The yellow player played first and moved above the antenna. Now,
    the blue player wants to do a hard-turn to also collect the antenna GPS marker. But the
    altitude penalty will force them to accelerate, so as to not collide with the yellow
    player ... In total they would lose 3 altitude (1 for the hard turn penalty + 2 for the
    acceleration), so they decide to use their "Skilled Move" card to hard-turn without
    losing altitude. They can still accelerate after that, and even use another "Skilled
    Move" card to only lose one altitude for the acceleration."

    The blue antenna is on the field (1,-1). Yellow moves onto it from (1,0) and stays at 6.
    Blue is at (0,0) facing NW at 7, holding two cards: its hard right (to the NE) reaches the
    antenna at 6, yellow's place. Time 10:00: an antenna is worth 18 VP.
    """
    m = board(antennas={"blue": (1, -1)})
    game, state, _ = start(m, ("yellow", "blue"),
                           pilots={"yellow": flying((1, 0), "N", 6),
                                   "blue": flying((0, 0), "NW", 7, skill_cards=2)})
    state, _ = apply(game, state, move("yellow"))
    assert where(state, "yellow") == ((1, -1), "N", 6)

    assert rule_of(game, state, move("blue", "hard-right")) == "flight.collision"
    legal = legal_actions(game, state)
    assert move("blue", "hard-right") not in legal

    plain, events = apply(game, state, move("blue", "hard-right", accelerate=True))
    assert where(plain, "blue") == ((2, -2), "NE", 4)  # lost 1 + 2
    assert pilot(plain, "blue").antennas == {"blue"}
    assert pilot(plain, "blue").skill_cards == 2

    card = move("blue", "hard-right", skill=["hard-turn"])
    assert card in legal
    free, events = apply(game, state, card)
    assert where(free, "blue") == ((1, -1), "NE", 7)
    assert modifiers(turn_event(events)) == {"hard-turn": 0, "thermal": 0}
    assert pilot(free, "blue").skill_cards == 1
    assert pilot(free, "blue").ledger == (("antenna blue", 18),)

    both = move("blue", "hard-right", accelerate=True, skill=["hard-turn", "accelerate"])
    assert both in legal
    cheap, events = apply(game, state, both)
    assert where(cheap, "blue") == ((2, -2), "NE", 6)
    assert modifiers(turn_event(events)["accelerate"]) == {"acceleration": -1}
    assert pilot(cheap, "blue").skill_cards == 0
    assert pilot(cheap, "blue").antennas == {"blue"}


def test_a_skill_move_needs_a_card() -> None:
    """The first player gets no Skill Move card."""
    game, state, _ = start(board(), pilots={"yellow": flying((0, 0), "N", 5)})
    assert pilot(state, "yellow").skill_cards == 0
    assert rule_of(game, state, move("yellow", "hard-left", skill=["hard-turn"])) == \
        "skill.no-card"
    assert rule_of(game, state, move("yellow", accelerate=True, skill=["accelerate"])) == \
        "skill.no-card"


def test_no_acceleration_after_touching_the_ground() -> None:
    game, state, _ = start(board({(0, -1): "lake"}), pilots={"yellow": flying((0, 0), "N", 1)})
    assert rule_of(game, state, move("yellow", accelerate=True, land="final")) == \
        "flight.accelerate-landed"


# --- Flying rules -------------------------------------------------------------------------


def test_collision_example_obliged_to_accelerate() -> None:
    """"Example: The yellow player moves on the same hexagon as the blue player. The current
    thermal value for the forest is +1. This will bring the yellow player at the same
    location as the blue player (same hexagon and same altitude). Yellow is then obliged to
    accelerate to avoid the collision."

    Blue is at 6 over the forest (0,-1); yellow comes from (0,0) at 5.
    """
    m = board({(0, -1): "forest"})
    game, state, _ = start(m, ("yellow", "blue"),
                           pilots={"yellow": flying((0, 0), "N", 5),
                                   "blue": flying((0, -1), "S", 6)})
    assert rule_of(game, state, move("yellow")) == "flight.collision"
    legal = legal_actions(game, state)
    assert move("yellow") not in legal
    assert move("yellow", accelerate=True) in legal
    state, _ = apply(game, state, move("yellow", accelerate=True))
    assert where(state, "yellow") == ((0, -2), "N", 4)


def test_an_acceleration_that_collides_must_be_undone() -> None:
    """"If that happens, accelerate or if you already have accelerated roll back and move
    another way." DESIGN.md: collisions are compared at the end of the move and again after
    an acceleration. Red waits at (0,-2) at 4, where yellow's acceleration would end."""
    m = board({(0, -1): "forest"})
    game, state, _ = start(m, ("yellow", "blue", "red"),
                           pilots={"yellow": flying((0, 0), "N", 5),
                                   "blue": flying((0, -1), "S", 6),
                                   "red": flying((0, -2), "N", 4)})
    assert rule_of(game, state, move("yellow", accelerate=True)) == "flight.collision"
    legal = [a for a in legal_actions(game, state) if isinstance(a, Turn)]
    assert not [a for a in legal if a.move is MoveKind.STRAIGHT]
    assert legal


def test_pilots_on_the_ground_or_in_hand_block_nothing() -> None:
    """DESIGN.md: "Landed pilots and pawns still in hand block nothing." Blue landed on
    (0,-1); yellow flies over it at 1 and lands there too."""
    game, state, _ = start(board(), ("yellow", "blue", "red"),
                           pilots={"yellow": flying((0, 0), "N", 1),
                                   "blue": {"state": "landed", "hex": [0, -1], "time": "09:40"}},
                           temperature=-3)
    state, _ = apply(game, state, move("yellow", land="final"))
    assert pilot(state, "yellow").status is PilotStatus.LANDED
    assert pilot(state, "yellow").hex == Hex(0, -1)


def test_mountain_example_blue_yellow_red() -> None:
    """"Example: The current thermal value for the mountain is 0. The blue player is flying
    one altitude above the mountain. They can move on the mountain tile, but they cannot
    accelerate (that would make them crash on the mountaintop). The yellow player, flying
    under the mountaintop, cannot move straight and is obliged to move around the mountain.
    The red player can move above the mountain with a normal move, but not with a hard turn
    that would make them crash."

    Temperature -1 (mountain 0). Mountains (0,-1) and (0,-2) in a column. Blue at (0,0) facing
    N at 10; yellow at (1,-1) facing NW (straight at (0,-1)) at 8; red at (1,-2) facing N at 9
    (its left is (0,-2), its hard left (0,-1)).
    """
    m = board(mountains((0, -1), (0, -2)))
    pilots = {"blue": flying((0, 0), "N", 10), "yellow": flying((1, -1), "NW", 8),
              "red": flying((1, -2), "N", 9)}

    game, state, _ = start(m, ("blue", "yellow", "red"), temperature=-1, pilots=pilots,
                           turn="blue")
    after, _ = apply(game, state, move("blue"))
    assert where(after, "blue") == ((0, -1), "N", 10)
    assert rule_of(game, state, move("blue", accelerate=True)) == "flight.below-mountaintop"
    assert move("blue", accelerate=True) not in legal_actions(game, state)

    game, state, _ = start(m, ("blue", "yellow", "red"), temperature=-1, pilots=pilots,
                           turn="yellow")
    assert rule_of(game, state, move("yellow")) == "flight.mountain-wall"
    legal = [a for a in legal_actions(game, state) if isinstance(a, Turn)]
    assert legal
    assert all(first_step(state, a) not in (Hex(0, -1), Hex(0, -2)) for a in legal)
    assert move("yellow", "right") in legal

    game, state, _ = start(m, ("blue", "yellow", "red"), temperature=-1, pilots=pilots,
                           turn="red")
    after, _ = apply(game, state, move("red", "left"))
    assert where(after, "red") == ((0, -2), "NW", 9)
    assert rule_of(game, state, move("red", "hard-left")) == "flight.below-mountaintop"


def test_a_gain_on_a_mountain_needs_the_altitude_before_the_move() -> None:
    """"Check your current altitude before moving to a mountain hexagon. ... Altitude gain
    after moving on a mountain can only be applied if you are high enough to enter the
    mountain hexagon." At temperature 0 the mountain gives +1: 8 + 1 would reach the
    mountaintop (9), but 8 is too low to enter."""
    game, state, _ = start(board(mountains((0, -1))), pilots={"yellow": flying((0, 0), "N", 8)})
    assert rule_of(game, state, move("yellow")) == "flight.mountain-wall"
    game, state, _ = start(board(mountains((0, -1))), pilots={"yellow": flying((0, 0), "N", 9)})
    state, _ = apply(game, state, move("yellow"))
    assert where(state, "yellow") == ((0, -1), "N", 10)


def test_aerodromes_are_no_fly_zones() -> None:
    """Aerodrome mini-extension: "Aerodrome hexagons are no-fly zones, no matter your
    altitude. They are considered to be impassable obstacles. This means you cannot move onto
    an aerodrome hexagon during your turn and not accelerate over it." """
    m = board({(0, -2): "aerodrome"})
    game, state, _ = start(m, pilots={"yellow": flying((0, -1), "N", 15)})
    assert rule_of(game, state, move("yellow")) == "aerodrome.no-fly"
    game, state, _ = start(m, pilots={"yellow": flying((0, 0), "N", 15)})
    assert rule_of(game, state, move("yellow", accelerate=True)) == "aerodrome.no-fly"
    assert move("yellow") in legal_actions(game, state)
    assert move("yellow", accelerate=True) not in legal_actions(game, state)


def test_difficult_track_sides_lower_the_mountaintop() -> None:
    """"The mountaintop is at 700 m but the mountain is actually 500 m high because the
    ground is at 200 m." All difficult sides: mountaintop level 5."""
    game, state, _ = start(board(mountains((0, -1))), track="difficult",
                           pilots={"yellow": flying((0, 0), "N", 5)})
    assert game.mountaintop == 5
    state, _ = apply(game, state, move("yellow"))
    assert where(state, "yellow") == ((0, -1), "N", 6)


def test_crash_example_forest_dead_end_and_mountain_ring() -> None:
    """"Example: In this example all the players crashed: Yellow reached the ground in a
    forest. Blue, flying under the mountaintop, entered a dead end. Red moved on a field
    hexagon that made them lose altitude and trap them in a mountain ring." and "you are
    considered crash-landed. In that case, you lose 10 (move your score marker 10 points
    backward) but you can take off again if you wish".

    Temperature -3 (forest and field -1). Yellow at 1 moves onto the forest (0,1). Blue at 5
    moves into the pocket (-2,-1), open only to the south. Red at the mountaintop on the
    ring around (2,-2) moves onto that field and drops to 8.
    """
    ring = [Hex(2, -2).neighbor(d) for d in Direction]
    pocket = [Hex(-2, -1).neighbor(d) for d in (N, NE, SE, SW, NW)]
    m = board({(0, 1): "forest", **mountains(*ring, *pocket)}, radius=5)
    game, state, _ = start(m, ("yellow", "blue", "red"), temperature=-3,
                           pilots={"yellow": flying((0, 2), "N", 1),
                                   "blue": flying((-2, 0), "N", 5),
                                   "red": flying((2, -1), "N", 9)})
    assert rule_of(game, state, move("yellow")) == "land.choice"
    state, events = apply(game, state, move("yellow", land="final"))
    assert of_type(events, "crash") == [
        {"type": "crash", "player": "yellow", "hex": [0, 1], "reason": "forest", "vp": -10}]
    yellow = pilot(state, "yellow")
    assert (yellow.status, yellow.crashed, yellow.score) == (PilotStatus.LANDED, True, -10)

    assert rule_of(game, state, stuck("blue")) == "flight.not-stuck"
    state, _ = apply(game, state, move("blue"))
    assert where(state, "blue") == ((-2, -1), "N", 4)
    state, _ = apply(game, state, move("red"))
    assert where(state, "red") == ((2, -2), "N", 8)
    assert state.time == clock("10:20")

    # Blue's turn (yellow has landed): no move at all is left.
    legal = legal_actions(game, state)
    assert {(a.kind, a.land) for a in legal if isinstance(a, Turn)} == {
        (TurnKind.STUCK, LandChoice.FINAL), (TurnKind.STUCK, LandChoice.RELAUNCH)}
    assert rule_of(game, state, move("blue")) == "flight.mountain-wall"
    assert rule_of(game, state, stuck("blue", None)) == "land.choice"
    state, events = apply(game, state, stuck("blue", "final"))
    assert of_type(events, "crash")[0]["reason"] == "dead-end"
    blue = pilot(state, "blue")
    assert (blue.status, blue.crashed, blue.score, blue.hex) == \
        (PilotStatus.LANDED, True, -10, Hex(-2, -1))

    # Red, trapped in the ring, walks back to a ring mountain: 1 hex + the mountain's 9.
    assert all(isinstance(a, Turn) and a.kind is TurnKind.STUCK
               for a in legal_actions(game, state))
    state, events = apply(game, state, stuck("red", "relaunch", mountain=(2, -3)))
    red = pilot(state, "red")
    assert (red.status, red.crashed, red.score) == (PilotStatus.WALKING, True, -10)
    assert (red.mountain, red.deficit) == (Hex(2, -3), 10)


def test_landing_on_a_field_is_no_crash_and_extra_loss_is_fine() -> None:
    """"You can land with more altitude loss than what you need to touch the ground without
    any consequences." Only a forest or a lake (or a dead end) is a crash landing.
    Temperature -3: yellow at 1 hard-turns onto a field (-1 - 1): altitude 0, no penalty."""
    game, state, _ = start(board(), temperature=-3, pilots={"yellow": flying((0, 0), "N", 1)})
    state, events = apply(game, state, move("yellow", "hard-left", land="final"))
    event = turn_event(events)
    assert modifiers(event) == {"hard-turn": -1, "thermal": -1}
    assert event["altitude"]["after"] == 0
    yellow = pilot(state, "yellow")
    assert (yellow.status, yellow.hex, yellow.altitude) == (PilotStatus.LANDED, Hex(-1, 1), 0)
    assert yellow.crashed is False and yellow.score == 0
    assert not of_type(events, "crash")
    assert of_type(events, "land")[0]["kind"] == "final"


def test_a_lake_landing_is_a_crash() -> None:
    m = board({(0, -1): "lake"})
    game, state, _ = start(m, pilots={"yellow": flying((0, 0), "N", 1)})
    state, events = apply(game, state, move("yellow", "straight", land="final"))
    assert turn_event(events)["altitude"]["after"] == 0
    assert modifiers(turn_event(events)) == {"thermal": -2}
    yellow = pilot(state, "yellow")
    assert (yellow.altitude, yellow.crashed, yellow.score) == (0, True, -10)
    assert of_type(events, "crash")[0]["reason"] == "lake"


def test_an_acceleration_can_end_on_the_ground() -> None:
    """Touching the ground after accelerating lands the pilot on the second hex: yellow at 2
    over a field (0 at temperature 0) accelerates onto a forest: 0, a crash landing there."""
    m = board({(0, -2): "forest"})
    game, state, _ = start(m, pilots={"yellow": flying((0, 0), "N", 2)})
    assert rule_of(game, state, move("yellow", accelerate=True)) == "land.choice"
    state, events = apply(game, state, move("yellow", accelerate=True, land="final"))
    yellow = pilot(state, "yellow")
    assert (yellow.hex, yellow.altitude, yellow.status) == (Hex(0, -2), 0, PilotStatus.LANDED)
    assert (yellow.crashed, yellow.score) == (True, -10)
    assert of_type(events, "crash")[0]["hex"] == [0, -2]


# --- Collecting ---------------------------------------------------------------------------


def test_collecting_example_balloon_then_crop_circle() -> None:
    """"Example: The yellow player moves on the forest hexagon and gains one altitude
    according to the current thermal value. They can collect the balloon GPS marker. Then
    they accelerate which makes them lose 2 altitude and in the same turn they can also
    collect the crop circle GPS Marker." Standard set: the balloon is at level 13."""
    m = board({(0, -1): "forest"}, gps={(0, -2): "crop-circle"})
    game, state, _ = start(m, pilots={"yellow": flying((0, 0), "N", 12)})
    state, events = apply(game, state, move("yellow", accelerate=True))
    assert turn_event(events)["altitude"]["after"] == 13
    assert [e["name"] for e in of_type(events, "collect")] == ["balloon", "crop-circle"]
    assert where(state, "yellow") == ((0, -2), "N", 11)
    assert pilot(state, "yellow").gps == {"balloon", "crop-circle"}


def test_golf_course_example_collected_once() -> None:
    """"Example: The yellow player flies over one of the three golf course hexagons. They can
    collect the golf course GPS marker" and "You cannot collect the same token multiple
    times." """
    golf = {(0, -1): "golf-course", (0, -2): "golf-course", (1, -2): "golf-course"}
    game, state, _ = start(board(gps=golf), pilots={"yellow": flying((0, 0), "N", 8)})
    state, events = apply(game, state, move("yellow"))
    assert [(e["name"], e["hex"]) for e in of_type(events, "collect")] == \
        [("golf-course", [0, -1])]
    state, events = apply(game, state, move("yellow"))
    assert where(state, "yellow")[0] == (0, -2)
    assert not of_type(events, "collect")
    assert pilot(state, "yellow").gps == {"golf-course"}


def test_antenna_example_vp_from_the_time_marker() -> None:
    """"When you collect an Antenna Token you need to score it immediately. An antenna token
    has a point value depending on the time. Look below the current position of the time
    marker on the time track and score that amount of victory points. Example: The yellow
    player flies over the blue antenna for the first time. They look under the time marker on
    the weather board to know how many victory points they gained and score them
    immediately."

    Standard time track (DESIGN.md): 16:40 is 10 steps before 20:00, 10 VP; 17:00 is 9 steps
    before, 9 VP. Yellow passes the blue antenna (0,-1) at 16:40, the red one (0,-2) at
    17:00, then loops back over the blue one.
    """
    m = board(antennas={"blue": (0, -1), "red": (0, -2)})
    game, state, _ = start(m, time="16:40", pilots={"yellow": flying((0, 0), "N", 8)})
    state, events = apply(game, state, move("yellow"))
    assert [(e["name"], e["vp"]) for e in of_type(events, "collect")] == [("blue", 10)]
    assert pilot(state, "yellow").ledger == (("antenna blue", 10),)
    assert state.time == clock("17:00")
    state, events = apply(game, state, move("yellow"))
    assert [(e["name"], e["vp"]) for e in of_type(events, "collect")] == [("red", 9)]
    state, events = apply(game, state, move("yellow", "hard-right"))  # (1,-2), facing SE
    state, events = apply(game, state, move("yellow", "hard-right"))  # (0,-1), facing SW
    assert where(state, "yellow")[0] == (0, -1)
    assert not of_type(events, "collect")
    yellow = pilot(state, "yellow")
    assert yellow.ledger == (("antenna blue", 10), ("antenna red", 9))
    assert yellow.score == 19 and yellow.antennas == {"blue", "red"}


# --- Landing ------------------------------------------------------------------------------


def test_landing_prematurely_example_walk_back() -> None:
    """"Example: Turn 1 (landing): The yellow player was forced to land. The mountain is 2
    hexagons away and its height is 9, so they place their paraglider 9 + 2 = 11 behind their
    score marker. ... Turn 2 (walking): After advancing their paraglider on the score track
    for a turn, the yellow player decides to take off in the following turn. Turn 3 (taking
    off): they move their paraglider to the mountain, their score marker moves backward, and
    they replace their altitude marker on the mountaintop. Then they take their turn as
    normal." and "you have the choice of moving your paraglider 6 points ahead on the Score
    Track (but not further than your score marker), or take off from your reserved hexagon."

    Temperature -3 (field -1). Yellow at 1 lands on the field (0,-1); the closest mountain is
    (2,-2), two hexes away.
    """
    m = board(mountains((2, -2)))
    game, state, _ = start(m, temperature=-3, pilots={"yellow": flying((0, 0), "N", 1)})
    assert Hex(0, -1).distance(Hex(2, -2)) == 2
    assert rule_of(game, state, move("yellow", land="relaunch", mountain=(-4, 4))) == \
        "land.mountain"
    state, events = apply(game, state, move("yellow", land="relaunch"))
    land = of_type(events, "land")[0]
    assert (land["kind"], land["mountain"], land["deficit"]) == ("premature", [2, -2], 11)
    yellow = pilot(state, "yellow")
    assert (yellow.status, yellow.deficit, yellow.mountain) == \
        (PilotStatus.WALKING, 11, Hex(2, -2))
    assert yellow.score == 0 and not yellow.crashed

    legal = legal_actions(game, state)
    assert walk("yellow") in legal
    assert {a.kind for a in legal if isinstance(a, Turn)} == {TurnKind.WALK, TurnKind.RELAUNCH}
    state, events = apply(game, state, walk("yellow"))
    assert pilot(state, "yellow").deficit == 5

    state, events = apply(game, state, relaunch("yellow", "N"))
    assert of_type(events, "relaunch")[0]["paid"] == 5
    yellow = pilot(state, "yellow")
    assert yellow.status is PilotStatus.FLYING
    assert yellow.score == -5
    event = turn_event(events)
    assert (event["from"], event["altitude"]["before"]) == ([2, -2], 9)
    assert where(state, "yellow") == ((2, -3), "N", 8)


def test_walking_never_passes_the_score_marker() -> None:
    """"moving your paraglider 6 points ahead on the Score Track (but not further than your
    score marker)": 11 behind, then 5, then level with the marker."""
    m = board(mountains((2, -2)))
    game, state, _ = start(m, pilots={"yellow": {"state": "walking", "hex": [0, -1],
                                                 "mountain": [2, -2], "deficit": 11,
                                                 "time": "09:40"}})
    state, _ = apply(game, state, walk("yellow"))
    state, _ = apply(game, state, walk("yellow"))
    assert pilot(state, "yellow").deficit == 0
    state, events = apply(game, state, relaunch("yellow", "N"))
    assert of_type(events, "relaunch")[0]["paid"] == 0
    assert pilot(state, "yellow").score == 0


def test_final_landing_example() -> None:
    """"When you land intentionally and don't want to take off again, place your Altitude
    Marker on your landing hexagon, and your paraglider under the Weather Board aligned with
    the Time Marker. The game is over for you, but other players can continue to take their
    turns. Example: The red player has landed." and "Game rounds continue until all players
    have landed"."""
    game, state, _ = start(board(), ("yellow", "red"), temperature=-3, time="10:00",
                           pilots={"yellow": flying((-2, 2), "N", 3),
                                   "red": flying((0, 0), "N", 1)})
    state, _ = apply(game, state, move("yellow"))
    state, events = apply(game, state, move("red", land="final"))
    red = pilot(state, "red")
    assert (red.status, red.hex, red.landed_time) == (PilotStatus.LANDED, Hex(0, -1),
                                                      clock("10:00"))
    assert of_type(events, "land")[0]["time"] == "10:00"
    assert state.time == clock("10:20")
    assert state.actor is not None and state.actor.ident == "yellow"
    state, events = apply(game, state, move("yellow"))
    assert state.time == clock("10:40")
    assert state.actor is not None and state.actor.ident == "yellow"  # red is skipped
    assert rule_of(game, state, move("red")) == "turn.order"

    state, events = apply(game, state, move("yellow", land="final"))
    assert pilot(state, "yellow").status is PilotStatus.LANDED
    end = of_type(events, "game_end")
    assert end and end[0]["reason"] == "all-landed"
    assert state.phase is Phase.OVER
    assert legal_actions(game, state) == []


# --- Time ---------------------------------------------------------------------------------


def test_the_time_marker_moves_after_the_last_player() -> None:
    """"The last player is in charge of moving the Time Marker after their turn" (20 minutes a
    space); the weather changes only when the marker lands on a new hour."""
    game, state, _ = start(board(), ("yellow", "blue"), time="10:00",
                           pilots={"yellow": flying((-2, 0), "N", 8),
                                   "blue": flying((2, 0), "N", 8)})
    state, events = apply(game, state, move("yellow"))
    assert state.time == clock("10:00") and not of_type(events, "round")
    state, events = apply(game, state, move("blue"))
    assert state.time == clock("10:20")
    assert of_type(events, "round") == [{"type": "round", "round": state.round, "time": "10:20"}]
    assert not of_type(events, "weather")
    assert state.actor is not None and state.actor.ident == "yellow"


def test_the_game_ends_when_the_marker_reaches_20_00() -> None:
    """"When all the players have landed or if the time marker reaches the end of the time
    track (20:00), then the game ends." """
    game, state, _ = start(board(), ("yellow", "blue"), time="19:40",
                           pilots={"yellow": flying((-2, 0), "N", 8),
                                   "blue": flying((2, 0), "N", 8)})
    state, _ = apply(game, state, move("yellow"))
    assert state.phase is not Phase.OVER
    state, events = apply(game, state, move("blue"))
    assert of_type(events, "round")[0]["time"] == "20:00"
    end = of_type(events, "game_end")
    assert len(end) == 1 and end[0]["reason"] == "end-of-day"
    assert not of_type(events, "weather")
    assert state.phase is Phase.OVER
    assert state.actor is None
    assert legal_actions(game, state) == []
    assert rule_of(game, state, move("yellow")) == "game.over"


# --- Final scoring ------------------------------------------------------------------------


def test_final_scoring_example() -> None:
    """"Scoring example:
    • The green player crash-landed in a forest (-10 VP) but collected the 3 Antenna tokens.
      They landed first (+9 VP) at 17:40 (+7 VP) and their distance to the target is 2
      hexagons (+8 VP). In total they gain -10 + 9 + 7 + 8 = 14 VP.
    • The red player crash-landed in a forest as well (-10 VP) and only collected the blue
      Antenna token. Because of this, Red is ignored for the race ranking and moreover they
      cannot get the points related to the landing time (4 VP). For the remaining distance
      scoring they are closest to the red antenna, so they count this distance (3 hexagons)
      + the distance from the red to yellow antenna (5 hexagons). In total they lose
      -10 - 3 - 5 = -18 VP.
    • The yellow player collected the 3 Antenna tokens, so is part of the race ranking and
      has landed after Green and Red. Since Red is ignored for the race ranking, Yellow came
      in second (+6 VP) at 19:20 (+2 VP). Their distance to the target is 1 hexagon (+12 VP).
      In total they gain 6 + 2 + 12 = 20 VP.
    • The blue player is still flying at an altitude of 400 meters above the ground (-4 VP).
      They didn't collect the red Antenna Token, so they count the distance to the red
      antenna (3 hexagons). In total they lose -4 - 3 = -7 VP."

    Target (0,0); antennas blue (3,1), red (-3,0), yellow (2,-3). Green landed in the forest
    (-1,-1) at 17:40, red in the forest (-3,3) at 18:40 (a 4 VP time), yellow on the field
    (1,0) at 19:20; blue flies over (0,-3) at level 4 (400 m above the ground). It is 19:40;
    the score track shows only the crash penalties (antenna VP left out, as in the example).
    """
    target, green_at, red_at, yellow_at, blue_at = (Hex(0, 0), Hex(-1, -1), Hex(-3, 3),
                                                     Hex(1, 0), Hex(0, -3))
    red_antenna, yellow_antenna = Hex(-3, 0), Hex(2, -3)
    assert green_at.distance(target) == 2 and yellow_at.distance(target) == 1
    assert red_at.distance(red_antenna) == 3 and red_antenna.distance(yellow_antenna) == 5
    assert red_at.distance(yellow_antenna) > 3
    assert blue_at.distance(red_antenna) == 3

    m = board({(-1, -1): "forest", (-3, 3): "forest"}, target=(0, 0),
              antennas={"blue": (3, 1), "red": (-3, 0), "yellow": (2, -3)})
    every = ["blue", "red", "yellow"]
    game, state, _ = start(m, ("green", "red", "yellow", "blue"), time="19:40", pilots={
        "green": {"state": "landed", "hex": [-1, -1], "time": "17:40", "crashed": True,
                  "antennas": every, "score": -10},
        "red": {"state": "landed", "hex": [-3, 3], "time": "18:40", "crashed": True,
                "antennas": ["blue"], "score": -10},
        "yellow": {"state": "landed", "hex": [1, 0], "time": "19:20", "antennas": every},
        "blue": flying((0, -3), "N", 4, antennas=["blue", "yellow"]),
    })
    assert game.components.time.vp_at(clock("18:40")) == 4
    scores = {row["player"]: row for row in final_scores(game, state)}
    assert {p: row["score"] for p, row in scores.items()} == \
        {"green": 14, "red": -18, "yellow": 20, "blue": -7}
    green = scores["green"]["breakdown"]
    assert (green["rank"], green["landing time"], green["target"]) == (9, 7, 8)
    yellow = scores["yellow"]["breakdown"]
    assert (yellow["rank"], yellow["landing time"], yellow["target"]) == (6, 2, 12)
    red = scores["red"]["breakdown"]
    assert red["missing antennas"] == -8
    assert "rank" not in red and "landing time" not in red
    blue = scores["blue"]["breakdown"]
    assert (blue["altitude"], blue["missing antennas"]) == (-4, -3)
    assert [scores[p]["rank"] for p in ("yellow", "green", "blue", "red")] == [1, 2, 3, 4]


def test_a_crash_counts_once_at_the_final_scoring() -> None:
    """DESIGN.md: "A crash's -10 is counted once, not again at final scoring." A crash during
    the game, then the end of the day."""
    m = board({(0, -1): "lake"})
    game, state, _ = start(m, time="19:40", pilots={"yellow": flying((0, 0), "N", 1)})
    state, events = apply(game, state, move("yellow", land="final"))
    end = of_type(events, "game_end")[0]
    row = next(r for r in end["scores"] if r["player"] == "yellow")
    # No antenna: the shortest way through the three default antennas from (0,-1).
    antennas = [Hex(4, -4), Hex(4, 0), Hex(0, -4)]
    best = min(Hex(0, -1).distance(a) + a.distance(b) + b.distance(c)
               for a, b, c in itertools.permutations(antennas))
    assert row["score"] == -10 - best
    assert list(row["breakdown"].values()).count(-10) == 1


# --- Stunts ---------------------------------------------------------------------------


def test_a_sky_climber_claim_without_a_cloud_is_refused() -> None:
    """Stunts have their own tests; this one only checks that a claim the rulebook forbids
    is refused, not silently scored: "If you gain 2 or more altitude without the help of a
    cloud, then you cannot score this stunt." (The Sky Climber example: forest +1, sun +1,
    wind +2, no cloud.) Until the stunt rules exist every claim is refused as not supported.
    """
    m = board({(0, -1): "forest", **mountains((-1, -1), (-1, 0))})
    game, state, _ = start(m, stunts="all", sun="east", wind=("NW", 2),
                           pilots={"yellow": flying((0, 0), "N", 5)})
    claim = action_from_entry({"player": "yellow", "move": "straight",
                               "stunts": [{"stunt": "sky-climber", "when": "after-move"}]})
    assert rule_of(game, state, claim) in ("stunt.not-supported", "stunt.sky-climber.no-cloud")
    state, events = apply(game, state, move("yellow"))
    assert modifiers(turn_event(events)) == {"thermal": 1, "sun": 1, "wind": 2}
    assert pilot(state, "yellow").score == 0
