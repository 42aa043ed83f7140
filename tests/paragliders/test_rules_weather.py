"""The Paragliders rulebook's weather examples: the weather change (temperature, sun, clouds
with the cloud bag, wind) and the Wind Push Round (clouds first, the push order, push /
resist / mix, blocked and forced pushes), each as the smallest situation that shows it.

Games start from a position a turn before a new hour (``tests/rules_helpers.py``): the last
player's move ends the round, the Time Marker reaches the hour and the weather tile the test
put there applies. Chance draws from the cloud bag are pinned. The test component set adds
calm weather tiles (no change) and no setup clouds, so that a pinned draw is the first draw
of the game's first weather change; the standard set's own setup is tested apart.

Standard weather tiles used (DESIGN.md asks for a balanced default; values in
standard-set.yaml): w05/b temperature +1; w09/b -1; w10/a +2; w16/a -1 and one cloud less;
w06/a +1 and two clouds more; w06/b -1, one cloud less, wind 2 turned 2 steps clockwise;
w12/b +1, one cloud more, wind 1 turned 2 steps clockwise; w14/a +1, one cloud less, wind 1;
w18/a +1, wind 2. The weather board adds +1 at 09:00, 10:00 and 12:00, -1 at 16:00, 17:00 and
18:00; a cloud at 11:00 and 14:00, one less at 17:00 and 19:00.
"""

from __future__ import annotations

from typing import Any

import pytest

from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.paragliders.actions import LandChoice, WindChoice, WindKind
from skyhex.rules.paragliders.clock import parse_clock as clock
from skyhex.rules.paragliders.components import standard_set
from skyhex.rules.paragliders.engine import Event, apply, legal_actions
from skyhex.rules.paragliders.maps import Map
from skyhex.rules.paragliders.scenario import PilotStatus
from skyhex.rules.paragliders.state import Game, Phase, State

from ..rules_helpers import (
    SPAWNS,
    board,
    day,
    flying,
    modifiers,
    move,
    of_type,
    pilot,
    rule_of,
    start,
    where,
    wind,
)


def weather_event(events: list[Event]) -> Event:
    found = of_type(events, "weather")
    assert len(found) == 1, events
    return found[0]


def cloud_map(state: State) -> dict[int, tuple[int, int]]:
    return {ring: (h.q, h.r) for ring, h in state.clouds}


def hour_change(m: Map, time: str, tile: str | None, *, pilots: dict[str, Any] | None = None,
                players: tuple[str, ...] = ("yellow",), turn: str | None = None,
                mover: str = "yellow", pinned: tuple[dict[str, Any], ...] = (),
                tiles: list[str] | None = None, **kw: Any) -> tuple[Game, State, list[Event]]:
    """Start at ``time`` (20 minutes before an hour), with ``tile`` on that hour (or the
    whole day ``tiles``), and let the last player (``mover``, flying north at 8 from (0,-1)
    unless ``pilots`` says otherwise) end the round with a straight move."""
    hour = clock(time) // 60 + 1
    if tiles is None:
        tiles = day(**{f"h{hour}": tile}) if tile else day()
    pilots = pilots if pilots is not None else {mover: flying((0, -1), "N", 8)}
    game, state, _ = start(m, players, time=time, tiles=tiles, pilots=pilots, turn=turn,
                           pinned=pinned, **kw)
    state, events = apply(game, state, move(mover))
    assert state.time == (hour * 60 if hour * 60 < clock("20:00") else state.time)
    return game, state, events


# --- Weather change: temperature ----------------------------------------------------------


@pytest.mark.parametrize(("time", "tile", "before", "change", "after"), [
    ("08:40", "w05/b", 0, 2, 2),  # board +1, tile +1: "two + thermometer icons"
    ("08:40", "w09/b", 0, 0, 0),  # board +1, tile -1: "icons that cancel each other"
    ("08:40", "w10/a", 1, 3, 3),  # +3 from 1: stops at the right end (+3)
    ("15:40", "w16/a", -2, -2, -3),  # -2 from -2: stops at the left end (-3)
    ("10:40", None, 2, 0, 2),  # 11:00: no thermometer at all
])
def test_temperature_change(time: str, tile: str | None, before: int, change: int,
                            after: int) -> None:
    """"Temperature change. The thermometer icon moves the Thermal Indicator. Use the sum of
    the thermometer icons on the weather tile and the board. If the result is positive, move
    the frame indicator to the right. If the result is negative, move it to the left. If the
    indicator reaches the left or right extremity and needs to move further, ignore the extra
    moves. Examples: With two + thermometer icons, the frame is moved 2 steps to the right.
    With two thermometer icons that cancel each other, the frame doesn't move." """
    _, state, events = hour_change(board(), time, tile, temperature=before)
    assert weather_event(events)["temperature"] == {"change": change, "position": after}
    assert state.temperature == after


def test_temperature_change_is_felt_from_the_next_turn() -> None:
    """After the 09:00 change (+2: w05/b and the board) a field gives +1 instead of 0."""
    game, state, events = hour_change(board(), "08:40", "w05/b")
    state, events = apply(game, state, move("yellow"))
    assert modifiers(of_type(events, "turn")[0]) == {"thermal": 1}
    assert where(state, "yellow") == ((0, -3), "N", 9)


# --- Weather change: sun ------------------------------------------------------------------


@pytest.mark.parametrize(("time", "sun"), [
    ("08:40", "east"), ("11:40", "none"), ("12:40", "none"), ("13:40", "west"),
    ("17:40", "none"),
])
def test_sun_exposure_change(time: str, sun: str) -> None:
    """"The game starts with the sun exposure on the east side ... When the time marker
    reaches 12:00, move the sun exposure token to the Map Edge, showing the zenith side to
    cover the east exposure. At 14:00, flip the token to show the sun exposure to the west
    side. At 18:00 flip it again on the zenith side to remove the sun exposure benefit." """
    _, state, events = hour_change(board(), time, None, sun=None)
    assert weather_event(events)["sun"] == sun
    assert state.sun.value == sun


# --- Weather change: clouds and the cloud bag ---------------------------------------------


def test_adding_clouds_example_redraw_an_occupied_spawn() -> None:
    """"To add a cloud on the map, draw a cloud token from the cloud bag and find the
    hexagon with that number on the map then place a random cloud ring there. If there is
    already a cloud on the spawn position, draw another cloud token. Example: you need to add
    two clouds. First you draw a 5, so you place a cloud ring centered on the spawn position
    hexagon number 5. Then you draw a 9, but the position is already occupied by a cloud, so
    you need to draw another token. Next you draw a 3 so you spawn the second cloud there."

    Cloud ring 4 sits on spawn 9; the 09:00 tile w06/a adds two clouds.
    """
    pins = ({"cloud": 5}, {"ring": 2}, {"cloud": 9}, {"cloud": 3}, {"ring": 6})
    _, state, events = hour_change(board(spawns=SPAWNS), "08:40", "w06/a",
                                      clouds={4: SPAWNS[9]}, pinned=pins)
    weather = weather_event(events)
    assert weather["clouds"]["change"] == 2
    assert [(c["token"], c["ring"], c["hex"]) for c in weather["clouds"]["added"]] == [
        (5, 2, list(SPAWNS[5])), (3, 6, list(SPAWNS[3]))]
    assert weather["draws"] == list(pins)
    assert cloud_map(state) == {2: SPAWNS[5], 4: SPAWNS[9], 6: SPAWNS[3]}


def test_a_drawn_cloud_token_stays_out_of_the_bag_until_the_change_is_over() -> None:
    """"Once you have added or removed all the clouds, put all the drawn tokens back in the
    cloud bag." Until then a drawn token cannot come out again: with cloud 2 on spawn 5, the
    10:00 tile w17/b adds a cloud; token 5 names an occupied spawn and a second 5 cannot be
    drawn. After the change it is back in the bag: at 11:00 (w03/a and the board: two clouds)
    token 5 is drawn again (its spawn is taken), then 6 and 7."""
    m = board(spawns=SPAWNS)
    game, state, _ = start(m, time="09:40", tiles=day(h10="w17/b"), clouds={2: SPAWNS[5]},
                           pilots={"yellow": flying((0, -1), "N", 8)},
                           pinned=({"cloud": 5}, {"cloud": 5}))
    assert rule_of(game, state, move("yellow")) == "draws.pinned"

    pins = ({"cloud": 5}, {"ring": 2},
            {"cloud": 5}, {"cloud": 6}, {"ring": 3}, {"cloud": 7}, {"ring": 4})
    game, state, _ = start(m, time="09:40", tiles=day(h10="w17/b", h11="w03/a"),
                           pilots={"yellow": flying((-3, 3), "NE", 15)}, pinned=pins)
    events: list[Event] = []
    for _ in range(4):  # 09:40, 10:00, 10:20 and 10:40
        state, new = apply(game, state, move("yellow"))
        events += new
    assert state.time == clock("11:00")
    changes = of_type(events, "weather")
    assert [w["time"] for w in changes] == ["10:00", "11:00"]
    assert changes[0]["draws"] == list(pins[:2])
    assert changes[1]["draws"] == list(pins[2:])
    assert cloud_map(state) == {2: SPAWNS[5], 3: SPAWNS[6], 4: SPAWNS[7]}


def test_removing_a_cloud_example() -> None:
    """"To remove a cloud, draw a cloud token from the cloud bag, and remove the cloud ring
    that holds the same number of dots as the number indicated by the cloud token. If that
    specific cloud is not on the map, draw another cloud token until you draw a number that
    identifies a cloud on the map. Example: you need to remove one cloud. First you draw a 10,
    but, since there are only 7 clouds in the game, you need to draw another token. Next you
    draw a 4, but the cloud number 4 is not on the map. Next you draw a 7, so you can now
    remove the cloud number 7 from the map."

    Clouds 1, 2 and 7 are on the map; at 17:00 the weather board removes one.
    """
    pins = ({"cloud": 10}, {"cloud": 4}, {"cloud": 7})
    clouds = {1: (-3, 2), 2: (-1, 2), 7: (1, 2)}
    _, state, events = hour_change(board(spawns=SPAWNS), "16:40", None, clouds=clouds,
                                      pinned=pins)
    weather = weather_event(events)
    assert weather["clouds"]["change"] == -1
    assert [(c["token"], c["ring"], c["hex"]) for c in weather["clouds"]["removed"]] == [
        (7, 7, [1, 2])]
    assert weather["draws"] == list(pins)
    assert cloud_map(state) == {1: (-3, 2), 2: (-1, 2)}


def test_pinned_draws_from_a_position_go_to_the_first_change_after_it() -> None:
    """A position starts the game "as if it had been played to it" (the scenario schema) and
    DESIGN.md lets a moves file pin the chance draws of a game played on a real table. With
    the standard set (three setup clouds), a game started at 10:40 whose first pinned draws
    are cloud 5 and ring 2 must spawn that cloud at 11:00 (the board's cloud icon, with a
    calm tile): the setup clouds are replaced by the position's and draw nothing."""
    tiles = ["w01/b", "w02/a", "w04/a", "w05/b", "w07/a", "w08/b", "w09/b", "w10/a", "w12/a",
             "w13/a", "w15/b", "w16/b"]
    _, state, events = hour_change(board(spawns=SPAWNS), "10:40", None, cs=standard_set(),
                                      tiles=tiles,
                                      pinned=({"cloud": 5}, {"ring": 2}))
    weather = weather_event(events)
    assert weather["clouds"]["added"] == [{"ring": 2, "hex": list(SPAWNS[5]), "token": 5}]
    assert cloud_map(state) == {2: SPAWNS[5]}


def test_setup_applies_the_first_weather_tile() -> None:
    """Setup 17-19: "The wind's initial direction is indicated on the starting tile, but the
    first weather tile may turn the wind ... The initial temperature level is the middle one,
    but the first weather tile may adjust the temperature. ... The initial number of clouds
    is 3, but the first weather tile may adjust this number. ... spawn the correct number of
    clouds on the map. Then move those clouds if there is any wind".

    Standard set, no position: the 08:00 tile w06/b (temperature -1, one cloud less, wind 2
    turned 2 steps clockwise). The Starting Tile's windsock points SE (rules notes), so the
    wind blows to the SW; two clouds (3 - 1) spawn on 5 and 3 and move two hexes SW.
    """
    tiles = ["w06/b", "w02/a", "w04/a", "w05/b", "w07/a", "w08/b", "w09/b", "w10/a", "w12/a",
             "w13/a", "w15/b", "w16/b"]
    pins = ({"cloud": 5}, {"ring": 2}, {"cloud": 3}, {"ring": 6})
    _, state, events = start(board(spawns=SPAWNS), ("yellow", "blue"), position=False,
                                tiles=tiles, cs=standard_set(), pinned=pins)
    assert (state.temperature, state.wind_direction, state.wind_strength) == \
        (-1, Direction.SW, 2)
    assert state.time == clock("08:00") and state.sun.value == "east"
    five = Hex(*SPAWNS[5]).step(Direction.SW, 2)
    three = Hex(*SPAWNS[3]).step(Direction.SW, 2)
    assert cloud_map(state) == {2: (five.q, five.r), 6: (three.q, three.r)}
    assert weather_event(events)["clouds"]["change"] == 2
    assert of_type(events, "wind_push")[0]["clouds"] == [
        {"ring": 2, "from": list(SPAWNS[5]), "to": [five.q, five.r]},
        {"ring": 6, "from": list(SPAWNS[3]), "to": [three.q, three.r]}]
    assert all(p.status is PilotStatus.IN_HAND for p in state.pilots)


def test_random_track_sides_come_from_cloud_tokens() -> None:
    """Setup 20: "draw a cloud number from the Cloud Bag, if it is an even number, place the
    first Altitude Track piece on the easy side, and if it is an odd number, place it on the
    difficult side. Repeat the operation for the two other Altitude Track pieces." DESIGN.md:
    a difficult bottom/middle/top piece lowers the mountaintop by 2/1/1."""
    game, _, events = start(board(), position=False, track="random",
                            pinned=({"cloud": 2}, {"cloud": 3}, {"cloud": 4}))
    assert game.sides == ("easy", "difficult", "easy")
    assert game.mountaintop == 8
    assert events[0]["draws"] == [{"cloud": 2}, {"cloud": 3}, {"cloud": 4}]
    game, _, _ = start(board(), position=False, track="random",
                       pinned=({"cloud": 7}, {"cloud": 1}, {"cloud": 10}))
    assert (game.sides, game.mountaintop) == (("difficult", "difficult", "easy"), 6)


def test_a_scenario_wind_to_the_north_is_kept() -> None:
    """Scenario ``wind.direction`` is "the windsock printed on the Starting Tile, before the
    08:00 tile turns it" (rules notes). North is a direction like the others: with a calm
    08:00 tile the wind still blows to the north."""
    for direction in Direction:
        _, state, _ = start(board(), position=False, extra={"wind": {"direction":
                                                                     direction.name}})
        assert state.wind_direction is direction


# --- Weather change: wind -----------------------------------------------------------------


def test_wind_change_example_strength_then_rotation() -> None:
    """"Example: first flip the windsock token(s) to show the wind strength 1 side. Then
    rotate the windsock tokens together two steps in a clockwise direction. Now the wind will
    blow in the South direction." and "Once the weather is updated, if there is any wind (if
    the wind strength is not zero), the clouds and the paragliders will be pushed during a
    special round called the Wind Push Round".

    The calm wind blows to the NE; the 10:00 tile w12/b brings strength 1 and two steps
    clockwise (and one cloud: spawn 1, ring 1, which the wind then pushes south).
    """
    _, state, events = hour_change(board(spawns=SPAWNS), "09:40", "w12/b",
                                      wind=("NE", 0), pinned=({"cloud": 1}, {"ring": 1}))
    assert weather_event(events)["wind"] == {"direction": "S", "strength": 1, "rotation": 2}
    assert (state.wind_direction, state.wind_strength) == (Direction.S, 1)
    assert weather_event(events)["temperature"] == {"change": 2, "position": 2}
    south = Hex(*SPAWNS[1]).neighbor(Direction.S)
    assert cloud_map(state) == {1: (south.q, south.r)}
    assert state.phase is Phase.WIND_PUSH
    assert state.actor is not None and state.actor.ident == "yellow"


def test_no_wind_keeps_the_direction_and_skips_the_push_round() -> None:
    """"Make sure to preserve the wind direction during the flip even if you flip it to the
    no wind side." A calm 10:00 tile after a strength-2 wind to the NE."""
    _, state, events = hour_change(board(), "09:40", None, wind=("NE", 2))
    assert (state.wind_direction, state.wind_strength) == (Direction.NE, 0)
    assert not of_type(events, "wind_push")
    assert state.phase is Phase.TURN


# --- Wind Push Round ----------------------------------------------------------------------


def test_clouds_are_pushed_first_and_leave_the_map() -> None:
    """"First move all the clouds in the wind direction one or two hexagons depending on the
    wind strength. If a cloud moves out of the map, return it to the pool. Example: The wind
    is blowing in the South-East direction with a strength of 2. First all the clouds must be
    moved in that direction by two hexagons. This pushes the cloud #3 outside of the map."

    The 10:00 tile w18/a: strength 2, no turn; the wind blows to the SE. Cloud 1 at (0,0),
    cloud 3 at (3,-1) (two hexes from leaving), cloud 5 at (4,-2) (one).
    """
    clouds = {1: (0, 0), 3: (3, -1), 5: (4, -2)}
    _, state, events = hour_change(board(), "09:40", "w18/a", wind=("SE", 0), clouds=clouds,
                                      pilots={"yellow": flying((-2, 1), "N", 8)})
    push = of_type(events, "wind_push")[0]
    assert push["clouds"] == [{"ring": 1, "from": [0, 0], "to": [2, 0]},
                              {"ring": 3, "from": [3, -1], "to": None},
                              {"ring": 5, "from": [4, -2], "to": None}]
    assert push["order"] == ["yellow"]
    assert cloud_map(state) == {1: (2, 0)}
    assert state.phase is Phase.WIND_PUSH  # the clouds moved before any pilot chooses
    assert not [e for e in events if e["type"] == "wind_push" and "player" in e]


def test_push_order_example() -> None:
    """"This round is played in a special order: from the lowest altitude paraglider to the
    highest one. For paragliders at the same altitude, order them according to their
    position along the wind direction, from the farthest in the wind direction to the
    nearest. ... Example: the yellow player will be first (lowest altitude). Blue and Green are
    at the same altitude but Green is more in the North-East than Blue, so Green will go
    second, then Blue. Finally Red, who is at the highest altitude, will go last."

    Wind to the NE, strength 2 (w18/a at 10:00). Seats: blue, green, yellow, red; red makes
    the round's last move. Yellow at 3; blue (0,0) and green (1,-1), one hex further NE, at 6;
    red at 12.
    """
    pilots = {"blue": flying((0, 0), "N", 6), "green": flying((1, -1), "N", 6),
              "yellow": flying((-2, 0), "N", 3), "red": flying((0, 3), "N", 12)}
    game, state, events = hour_change(board(), "09:40", "w18/a", wind=("NE", 0),
                                      players=("blue", "green", "yellow", "red"),
                                      pilots=pilots, turn="red", mover="red")
    assert of_type(events, "wind_push")[0]["order"] == ["yellow", "green", "blue", "red"]
    seen = []
    while state.phase is Phase.WIND_PUSH:
        actor = state.actor
        assert actor is not None
        seen.append(actor.ident)
        state, _ = apply(game, state, wind(actor.ident, "push"))
    assert seen == ["yellow", "green", "blue", "red"]
    assert [where(state, p)[0] for p in ("yellow", "green", "blue", "red")] == \
        [(0, -2), (3, -3), (2, -2), (2, 0)]
    assert state.actor is not None and state.actor.ident == "blue"
    assert state.time == clock("10:00")


def test_push_order_ties_along_the_wind_go_by_seat() -> None:
    """DESIGN.md: "lowest altitude first; ties by position along the wind (the pilot
    farthest downwind first), then seat order." (0,0) and (1,1) are level across a NE wind."""
    pilots = {"blue": flying((1, 1), "N", 6), "green": flying((0, 0), "N", 6),
              "yellow": flying((-2, 0), "N", 10)}
    _, _, events = hour_change(board(), "09:40", "w18/a", wind=("NE", 0),
                                      players=("blue", "green", "yellow"), pilots=pilots,
                                      turn="yellow")
    assert of_type(events, "wind_push")[0]["order"] == ["blue", "green", "yellow"]


def test_push_resist_mix_example() -> None:
    """"• The yellow player decides to let the wind push them. They should normally move 2
    hexagons (the wind strength is 2), however they are flying below the mountaintop, and
    after being pushed by one hexagon they get blocked by the mountainside. So they ignore
    the rest of the push without losing altitude. They cannot voluntarily resist to lose one
    altitude (and land on target in this case). They could resist first but that would make
    them land before they could be pushed.
    • The green player prefers a mixed approach by being pushed for one hexagon and losing one
    altitude.
    • The blue player decides to let the wind push them completely. They are now flying just
    above the green player.
    • The red player prefers to resist entirely and lose 2 altitude. They are flying high
    above the mountain, so losing 2 altitude will not make them crash on the mountain."

    Wind to the SE, strength 2 (w18/a at 10:00). Yellow at 1 on (-2,2): the target (-1,2),
    then the mountain (0,2). Green at 5 on (0,0), blue at 5 on (-1,0) two hexes upwind of
    (1,0). Red, the last to move at 09:40, flies onto the mountain (1,-2) at 13 (temperature
    -1: mountain 0).
    """
    m = board({(0, 2): "mountain", (1, -2): "mountain"}, target=(-1, 2))
    pilots = {"yellow": flying((-2, 2), "N", 1), "green": flying((0, 0), "N", 5),
              "blue": flying((-1, 0), "N", 5), "red": flying((1, -1), "N", 13)}
    game, state, events = hour_change(m, "09:40", "w18/a", wind=("SE", 0), temperature=-1,
                                      players=("yellow", "green", "blue", "red"),
                                      pilots=pilots, turn="red", mover="red")
    assert where(state, "red") == ((1, -2), "N", 13)
    assert of_type(events, "wind_push")[0]["order"] == ["yellow", "green", "blue", "red"]

    # Yellow: mixing (or resisting) lands them where they are, before any push.
    legal = legal_actions(game, state)
    assert WindChoice("yellow", WindKind.PUSH) in legal
    assert rule_of(game, state, wind("yellow", "mix")) == "land.choice"
    landed, events = apply(game, state, wind("yellow", "mix", land="final"))
    assert pilot(landed, "yellow").status is PilotStatus.LANDED
    assert pilot(landed, "yellow").hex == Hex(-2, 2)

    state, events = apply(game, state, wind("yellow", "push"))
    push = of_type(events, "wind_push")[0]
    assert (push["from"], push["to"], push["blocked"]) == ([-2, 2], [-1, 2], "mountain")
    assert push["altitude"]["after"] == 1
    assert where(state, "yellow") == ((-1, 2), "N", 1)

    state, events = apply(game, state, wind("green", "mix"))
    assert where(state, "green") == ((1, 0), "N", 4)
    assert modifiers(of_type(events, "wind_push")[0]) == {"resist": -1}

    state, events = apply(game, state, wind("blue", "push"))
    assert where(state, "blue") == ((1, 0), "N", 5)

    state, events = apply(game, state, wind("red", "resist"))
    assert where(state, "red") == ((1, -2), "N", 11)
    assert modifiers(of_type(events, "wind_push")[0]) == {"resist": -2}
    assert state.phase is Phase.TURN
    assert state.actor is not None and state.actor.ident == "yellow"


def test_mix_loses_first_then_is_pushed() -> None:
    """Mixing is resisting one step then being pushed one hex ("They could resist first but
    that would make them land before they could be pushed"). At the mountaintop (9) beside a
    mountain downwind, a push carries the pilot over it; a mix first drops to 8, and the
    mountainside then stops the push: the lost altitude stays lost."""
    m = board({(1, 0): "mountain"})
    game, state, _ = hour_change(m, "09:40", "w18/a", wind=("SE", 0),
                                 pilots={"yellow": flying((0, 1), "N", 9)})
    assert where(state, "yellow") == ((0, 0), "N", 9)
    pushed, _ = apply(game, state, wind("yellow", "push"))
    assert where(pushed, "yellow") == ((2, 0), "N", 9)
    mixed, events = apply(game, state, wind("yellow", "mix"))
    assert where(mixed, "yellow") == ((0, 0), "N", 8)
    assert of_type(events, "wind_push")[0]["blocked"] == "mountain"


def test_blocked_by_the_map_edge_without_loss() -> None:
    """"If you are blocked by a mountainside or by the edge of the map, you don't move and you
    don't lose any altitude." Strength 2 to the SE: yellow one hex from the east edge moves
    one hex; blue on the edge does not move."""
    pilots = {"yellow": flying((3, -2), "N", 6), "blue": flying((4, -1), "N", 7)}
    game, state, _ = hour_change(board(), "09:40", "w18/a", wind=("SE", 0), pilots=pilots,
                                 players=("yellow", "blue"), turn="blue", mover="blue")
    assert where(state, "blue") == ((4, -2), "N", 7)
    state, events = apply(game, state, wind("yellow", "push"))
    assert where(state, "yellow") == ((4, -2), "N", 6)
    assert of_type(events, "wind_push")[0]["blocked"] == "map-edge"
    state, events = apply(game, state, wind("blue", "push"))
    assert where(state, "blue") == ((4, -2), "N", 7)
    push = of_type(events, "wind_push")[0]
    assert (push["from"], push["to"], push["blocked"]) == ([4, -2], [4, -2], "map-edge")
    assert push["altitude"] == {"before": 7, "after": 7, "modifiers": []}


def test_over_a_mountain_a_pilot_too_low_to_resist_is_pushed() -> None:
    """"you cannot resist if you fly over a mountain and would lose too much altitude to stay
    above the mountaintop. In this case you must let the wind push you." At 10 over a
    mountain with a strength-2 wind: resisting (8) is refused, mixing (9) and pushing are
    allowed."""
    m = board({(0, -1): "mountain", (0, -2): "mountain"})
    game, state, _ = hour_change(m, "09:40", "w18/a", wind=("SE", 0), temperature=-1,
                                 pilots={"yellow": flying((0, -1), "N", 10)})
    assert where(state, "yellow") == ((0, -2), "N", 10)
    assert rule_of(game, state, wind("yellow", "resist")) == "wind.resist"
    assert {a.kind for a in legal_actions(game, state) if isinstance(a, WindChoice)} == \
        {WindKind.PUSH, WindKind.MIX}
    state, _ = apply(game, state, wind("yellow", "push"))
    assert where(state, "yellow") == ((2, -2), "N", 10)


def test_a_pilot_just_under_forbids_resisting() -> None:
    """"In case another paraglider is blocking the space just under you, then you cannot
    resist and you must let the wind push you." Strength 1 to the SE (w14/a); blue (at 4)
    and yellow (at 5) share the east-edge hex (4,-2). Blue goes first and stays (the edge);
    yellow cannot resist onto blue and is pushed, which the edge blocks."""
    pilots = {"yellow": flying((4, -2), "N", 5), "blue": flying((4, -1), "N", 4)}
    game, state, events = hour_change(board(), "09:40", "w14/a", wind=("SE", 0),
                                      pilots=pilots, players=("yellow", "blue"), turn="blue",
                                      mover="blue")
    assert state.wind_strength == 1
    assert of_type(events, "wind_push")[0]["order"] == ["blue", "yellow"]
    state, _ = apply(game, state, wind("blue", "push"))
    assert where(state, "blue") == ((4, -2), "N", 4)
    assert rule_of(game, state, wind("yellow", "resist")) == "wind.resist"
    assert {a.kind for a in legal_actions(game, state) if isinstance(a, WindChoice)} == \
        {WindKind.PUSH}
    state, _ = apply(game, state, wind("yellow", "push"))
    assert where(state, "yellow") == ((4, -2), "N", 5)


def test_an_aerodrome_downwind_forces_resisting() -> None:
    """"If the wind pushes you over an aerodrome you are forced to resist (lose altitude).
    Even if the wind power is 2 and the wind would push you on a field hexagon after passing
    over the aerodrome, you still must resist and lose 2 altitude to avoid flying over the
    aerodrome. ... Example: In this situation, the blue player must resist the wind and lose
    2 altitude during the Wind Push Round."

    Strength 2 to the SE; the aerodrome (1,0) lies between blue (0,0) and the field (2,0).
    """
    m = board({(1, 0): "aerodrome"})
    game, state, _ = hour_change(m, "09:40", "w18/a", wind=("SE", 0), players=("blue",),
                                 mover="blue", pilots={"blue": flying((0, 1), "N", 6)})
    assert where(state, "blue") == ((0, 0), "N", 6)
    assert {a.kind for a in legal_actions(game, state) if isinstance(a, WindChoice)} == \
        {WindKind.RESIST}
    assert rule_of(game, state, wind("blue", "push")) == "wind.push"
    assert rule_of(game, state, wind("blue", "mix")) == "wind.mix"
    state, events = apply(game, state, wind("blue", "resist"))
    assert where(state, "blue") == ((0, 0), "N", 4)
    assert modifiers(of_type(events, "wind_push")[0]) == {"resist": -2}


def test_pushed_over_a_token_example_megaliths() -> None:
    """"If the wind pushes you over an Antenna token or GPS marker ... you can also collect
    it, even if the wind pushes you for two hexagons and the token is on the first one.
    Example: During the wind push round, the yellow player is pushed for 2 hexagons over the
    megalithic stone site GPS marker." and "move your paraglider in the direction of the wind
    without changing the orientation of your paraglider". An antenna on the way scores the VP
    under the time marker (10:00: 18 VP)."""
    m = board(gps={(1, 0): "megaliths"}, antennas={"red": (2, -1)})
    game, state, _ = hour_change(m, "09:40", "w18/a", wind=("SE", 0),
                                 pilots={"yellow": flying((0, 1), "N", 6)})
    state, events = apply(game, state, wind("yellow", "push"))
    assert where(state, "yellow") == ((2, 0), "N", 6)
    assert pilot(state, "yellow").gps == {"megaliths"}
    assert [e["name"] for e in of_type(events, "collect")] == ["megaliths"]

    game, state, _ = hour_change(m, "09:40", "w18/a", wind=("SE", 0),
                                 pilots={"yellow": flying((0, 0), "N", 6)})
    state, events = apply(game, state, wind("yellow", "push"))
    assert where(state, "yellow") == ((2, -1), "N", 6)
    assert pilot(state, "yellow").ledger == (("antenna red", 18),)


def test_resisting_to_the_ground_lands() -> None:
    """Resisting costs altitude like any other loss: at 1 a strength-1 resist touches the
    ground (a field: no crash)."""
    game, state, _ = hour_change(board(), "09:40", "w14/a", wind=("SE", 0),
                                 pilots={"yellow": flying((0, 1), "N", 1)})
    assert rule_of(game, state, wind("yellow", "resist")) == "land.choice"
    legal = legal_actions(game, state)
    assert WindChoice("yellow", WindKind.RESIST, LandChoice.FINAL) in legal
    state, events = apply(game, state, wind("yellow", "resist", land="final"))
    yellow = pilot(state, "yellow")
    assert (yellow.status, yellow.hex, yellow.crashed) == (PilotStatus.LANDED, Hex(0, 0), False)
    end = of_type(events, "game_end")
    assert end and end[0]["reason"] == "all-landed"
