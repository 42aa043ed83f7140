"""Turbulences rules engine, CLASSIC mode (rulebook sections 2-7): a test per rule of
sections 5-7, each quoting the rulebook, one per section 7 case (A-G), the setup, chance,
hidden information, and a property test on random legal games.

The hand-built situations use a landscape of desert tiles (plains, seas, mountains and clouds
added where a test needs them), with red (a biplane, region 1, airport (-2, 4) next to the
tiles (-2, 3) and (-1, 3)) and blue (a seaplane, region 3, airport (4, -2)); neutral regions'
airports stand on their central cities, e.g. region 2's at (2, 2), next to (2, 1) and (1, 2).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyhex.mapgen.turbulences.generate import generate_landscape
from skyhex.render.turbulences.account import line as account_line
from skyhex.rules.errors import IllegalActionError, InputError
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.turbulences.actions import Journey, Ops, Pass
from skyhex.rules.turbulences.aircraft import AircraftType, BonusColour, tile_colour
from skyhex.rules.turbulences.engine import (
    apply,
    clockwise,
    known_weight,
    legal_actions,
    new_game,
    view,
)
from skyhex.rules.turbulences.events import Shake, shake
from skyhex.rules.turbulences.landscape import (
    Biome,
    CloudSide,
    CloudToken,
    Difficulty,
    Landscape,
    Stack,
    landscape_hexes,
    landscape_set,
    region_cities,
)
from skyhex.rules.turbulences.scoring import scores
from skyhex.rules.turbulences.state import (
    PARCEL_WEIGHTS,
    Company,
    Game,
    Phase,
    State,
    parcel_colour,
)
from skyhex.rules.turbulences.weather import Wind, resolve

N, NE, SE, S, SW, NW = Direction
BIPLANE, SEAPLANE, ZEPPELIN = list(AircraftType)[:3]
RED_AIRPORT = Hex(-2, 4)
BLUE_AIRPORT = Hex(4, -2)
REGION2_AIRPORT = Hex(2, 2)
RED = Company("red", BIPLANE, 1)
BLUE = Company("blue", SEAPLANE, 3)
GREEN = Company("green", ZEPPELIN, 5)
Event = dict[str, Any]


def cu(token: int) -> CloudToken:
    return CloudToken(token, CloudSide.CUMULUS)


def storm(token: int) -> CloudToken:
    return CloudToken(token, CloudSide.STORM)


def make(companies: Sequence[Company] = (RED, BLUE), *, biomes: Mapping[Hex, Biome] | None = None,
         clouds: Mapping[Hex, Stack] | None = None, first: str = "red",
         winds: Sequence[str] = ("calm",), weights: Mapping[str, Sequence[int]] | None = None
         ) -> tuple[Game, State]:
    """A game on a desert landscape with pinned draws: the first player, the weights of each
    colour's parcels n = 1-5 (default 5, 4, 3, 2, 2) and the winds from the first phase."""
    tiles = {h: Biome.DESERT for h in landscape_hexes()}
    tiles.update(biomes or {})
    landscape = Landscape(biomes=tiles, clouds=dict(clouds or {}))
    pinned: list[dict[str, Any]] = [{"first": first}]
    for c in companies:
        pinned += [{"weight": w} for w in (weights or {}).get(c.colour, (5, 4, 3, 2, 2))]
    pinned += [{"wind": w} for w in winds]
    game, state, _ = new_game(landscape, companies, seed=7, pinned=tuple(pinned))
    return game, state


def put(state: State, index: int, hex_: Hex | None, **changes: Any) -> State:
    """Move company ``index``'s aircraft (taking carried parcels out of the shipping zones)."""
    for p in changes.get("carried", ()):
        state = state.evolve(shipping=tuple(tuple(x for x in z if x != p) for z in state.shipping))
    return state.with_plane(index, state.planes[index].evolve(hex=hex_, **changes))


def rule(excinfo: pytest.ExceptionInfo[IllegalActionError]) -> str:
    return excinfo.value.rule


def of_type(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def hx(*pairs: tuple[int, int]) -> tuple[Hex, ...]:
    return tuple(Hex(q, r) for q, r in pairs)


def fly(game: Game, state: State, colour: str, *path: tuple[int, int], **kw: Any
        ) -> tuple[State, list[Event]]:
    return apply(game, state, Journey(colour, hx(*path), **kw))


def illegal(game: Game, state: State, action: Journey | Pass) -> str:
    with pytest.raises(IllegalActionError) as excinfo:
        apply(game, state, action)
    return rule(excinfo)


def weight_total(game: Game, state: State) -> int:
    places = [*state.lost, *(p for z in state.shipping for p in z),
              *(p for plane in state.planes for p in (*plane.carried, *plane.delivered))]
    assert len(places) == len(set(places)) == len(game.weights)
    return sum(game.weights[p] for p in places)


# --- section 3: setup ---------------------------------------------------------------------


def test_setup_always_six_airports_and_parcels_of_other_colours() -> None:
    """Section 3: "THERE ARE ALWAYS 6 AIRPORTS IN PLAY! [...] Build the remaining Airports on
    the central city of the neutral Regions." "Shuffle the Parcels of your colour then place
    one in each SHIPPING ZONE space of the other Region boards (opposing and neutral)" "DO
    NOT PLACE PARCELS OF YOUR COLOUR ON YOUR REGION BOARD!" "Place your Aircraft in your
    Airport then load your BOOST"."""
    game, state = make((Company("red", BIPLANE, 1, city=1), BLUE))
    assert len(game.airports) == 6
    assert game.airports[Hex(-3, 4)] == 1  # red built on its city 1
    assert all(region_cities()[r - 1][1] == h for h, r in game.airports.items() if r != 1)
    for region, zone in enumerate(state.shipping, 1):
        colours = sorted(parcel_colour(p) for p in zone)
        expected = sorted(c.colour for c in game.companies if c.region != region)
        assert colours == expected
    for c in game.companies:
        assert sorted(w for p, w in game.weights.items() if parcel_colour(p) == c.colour) == \
            sorted(PARCEL_WEIGHTS)
    assert [(p.hex, p.boost) for p in state.planes] == [(Hex(-3, 4), True), (BLUE_AIRPORT, True)]


def test_setup_refuses_a_third_aircraft_of_a_type_and_shared_regions() -> None:
    """Section 1: "x2 BIPLANE pawns"; section 3: "1 colour = 1 Company", one per Region."""
    landscape = generate_landscape(1, Difficulty.EASY)
    with pytest.raises(InputError) as excinfo:
        new_game(landscape, [Company(c, BIPLANE, r) for c, r in (("a", 1), ("b", 2), ("c", 3))], 1)
    assert {p.rule for p in excinfo.value.problems} == {"setup.aircraft-box"}
    with pytest.raises(InputError) as excinfo:
        new_game(landscape, [RED, Company("red", SEAPLANE, 1)], 1)
    assert {p.rule for p in excinfo.value.problems} == {"setup.colour", "setup.region"}


def test_first_player_and_winds_are_seeded_recorded_and_pinnable() -> None:
    """Section 3: "A flick on the Wind Rose designates the first player of the first turn."
    Section 4: the first player "flicks the tail of the Wind Rose"."""
    landscape = generate_landscape(3, Difficulty.NORMAL)
    a = new_game(landscape, [RED, BLUE], 5)
    b = new_game(landscape, [RED, BLUE], 5)
    assert a[2] == b[2] and a[1] == b[1]
    game, state = make(first="blue", winds=("NE",))
    assert game.companies[state.first].colour == "blue" and state.wind is NE
    with pytest.raises(IllegalActionError) as excinfo:
        new_game(landscape, [RED, BLUE], 5, pinned=({"wind": "N"},))
    assert rule(excinfo) == "draws.pinned"


# --- section 5: piloting ------------------------------------------------------------------


def test_pilots_move_in_turn_clockwise_from_the_first_player() -> None:
    """Section 5: "Each pilot moves his or her Aircraft, in turn, clockwise, starting with the
    first player." Regions are numbered counter-clockwise, so clockwise from region 1 comes
    region 5 (green), then region 3 (blue)."""
    game, state = make((RED, BLUE, GREEN))
    assert [game.companies[i].colour for i in state.order] == ["red", "green", "blue"]
    assert illegal(game, state, Journey("blue", hx((3, -1)))) == "turn.order"
    state, _ = fly(game, state, "red", (-2, 3))
    state, _ = apply(game, state, Pass("red"))  # declines the BOOST
    assert game.companies[state.order[0]].colour == "green"


def test_take_off_is_mandatory_and_is_the_first_base_tile() -> None:
    """Section 5: "During the next piloting phase, you must take off if at least one of the
    adjacent landscape tiles is free. Otherwise, pass your turn." """
    game, state = make()
    assert illegal(game, state, Pass("red")) == "journey.must-take-off"
    assert {a.path[0] for a in legal_actions(game, state) if isinstance(a, Journey)} == \
        set(hx((-2, 3), (-1, 3)))
    assert illegal(game, state, Journey("red", hx((-1, 4)))) == "journey.take-off"
    state, events = fly(game, state, "red", (-2, 3), (-2, 2))
    assert state.planes[0].hex == Hex(-2, 2)
    assert of_type(events, "journey")[0]["path"] == [[-2, 3], [-2, 2]]


def test_blocked_on_the_ground_passes_its_turn() -> None:
    """Section 5: "An Aircraft that is blocked: [...] on the ground (in a city or Airport)
    passes its turn." """
    game, state = make(clouds={Hex(-2, 3): (storm(1),)},
                       biomes={Hex(-1, 3): Biome.MOUNTAIN})
    assert legal_actions(game, state) == [Pass("red")]
    state, events = apply(game, state, Pass("red"))
    assert state.planes[0].hex == RED_AIRPORT
    assert of_type(events, "passed") == [{"type": "passed", "company": "red", "reason": "blocked"}]


def test_obstacles_mountain_storm_tempest_aircraft() -> None:
    """Section 5: "The following elements are obstacles: Mountain, Storm (and Tempest) or
    Aircraft. Occupied tiles must be bypassed." "Only one Aircraft is allowed per tile." """
    game, state = make(biomes={Hex(0, -1): Biome.MOUNTAIN},
                       clouds={Hex(1, -1): (storm(1),), Hex(1, 0): (storm(2), storm(3))})
    state = put(put(state, 0, Hex(0, 0)), 1, Hex(0, 1))
    for target in ((0, -1), (1, -1), (1, 0), (0, 1)):
        assert illegal(game, state, Journey("red", hx(target))) == "journey.obstacle"
    paths = {a.path for a in legal_actions(game, state) if isinstance(a, Journey)}
    assert {p[0] for p in paths} == set(hx((-1, 1), (-1, 0)))


def test_cumulus_are_not_obstacles() -> None:
    """Section 5: "Cumulus are not obstacles but they modify the colour of tiles." """
    game, state = make(clouds={Hex(0, -1): (cu(1),)})
    state = put(state, 0, Hex(0, 0))
    state, _ = fly(game, state, "red", (0, -1))
    assert state.planes[0].hex == Hex(0, -1)


def test_must_advance_at_least_one_tile() -> None:
    """Section 5: "Your Aircraft must advance at least one tile per turn in any direction." """
    game, state = make()
    state = put(state, 0, Hex(0, 0))
    assert illegal(game, state, Journey("red", ())) == "journey.empty"
    assert illegal(game, state, Pass("red")) == "journey.must-move"
    assert illegal(game, state, Journey("red", hx((0, -2)))) == "journey.not-adjacent"


def test_blocked_in_flight_is_destroyed() -> None:
    """Section 5: "An Aircraft that is blocked: in flight is immediately destroyed"; section 7:
    "When your Aircraft is destroyed, any Parcel on board is definitely lost!" """
    corner = Hex(0, -3)  # next to the N corner of the ring, two cities and three tiles
    around = {Hex(1, -3): (storm(1),), Hex(-1, -2): (storm(2),), Hex(0, -2): (storm(3),)}
    game, state = make(clouds=around)
    state = put(state, 0, corner, carried=("red-4",))  # its other neighbours: two cities
    assert legal_actions(game, state) == [Pass("red")]
    state, events = apply(game, state, Pass("red"))
    assert state.planes[0].hex is None and state.lost == ("red-4",)
    assert of_type(events, "aircraft_destroyed")[0]["cause"] == "blocked"


def test_you_cannot_leave_the_board_or_land_in_a_city() -> None:
    """Section 5: "You cannot voluntarily destroy your Aircraft on an obstacle or by leaving
    the board." "It is forbidden to land in cities without an Airport except in
    emergencies." """
    game, state = make()
    state = put(state, 0, Hex(0, 3))
    assert illegal(game, state, Journey("red", hx((0, 4)))) == "journey.off-board"
    assert illegal(game, state, Journey("red", hx((-1, 4)))) == "journey.city"


def test_second_base_tile_is_optional_without_u_turn() -> None:
    """Section 5: "Your Aircraft may advance to a second adjacent free tile (optional)
    without making a U-turn." """
    game, state = make()
    state = put(state, 0, Hex(0, 0))
    assert illegal(game, state, Journey("red", hx((0, -1), (0, 0)))) == "journey.u-turn"
    one, _ = fly(game, state, "red", (0, -1))
    two, _ = fly(game, state, "red", (0, -1), (1, -2))
    assert (one.planes[0].hex, two.planes[0].hex) == (Hex(0, -1), Hex(1, -2))


def test_bonus_tile_on_the_colour_of_the_base() -> None:
    """Section 5: "Your Aircraft can gain a bonus movement if the tile on which it ends its
    base movement is the same colour as its base." "The BIPLANE has a bonus on PLAIN tiles."
    "This bonus movement (optional and not cumulative)" """
    game, state = make(biomes={Hex(0, -2): Biome.PLAIN, Hex(0, -3): Biome.PLAIN})
    state = put(state, 0, Hex(0, 0))
    state2, events = fly(game, state, "red", (0, -1), (0, -2), (0, -3))
    assert state2.planes[0].hex == Hex(0, -3) and of_type(events, "journey")[0]["bonus"]
    assert illegal(game, state, Journey("red", hx((0, -1), (1, -2), (1, -3)))) == "journey.no-bonus"
    state = put(state, 0, Hex(0, 1))
    assert illegal(game, state, Journey("red", hx((0, 0), (0, -1), (0, -2), (0, -3)))) == \
        "journey.too-long"


def test_seaplane_bonus_on_sea_and_bonus_may_turn_back() -> None:
    """Section 5: "The SEAPLANE has a bonus on SEA tiles." The bonus goes "toward an adjacent
    free tile" (the U-turn ban is the second base tile's): LOOPING, "Turn in circles with a
    bonus movement"."""
    game, state = make(biomes={Hex(1, -1): Biome.SEA}, first="blue")
    state = put(state, 1, Hex(1, 0))
    state, events = fly(game, state, "blue", (1, -1), (1, 0))
    assert state.planes[1].hex == Hex(1, 0) and of_type(events, "journey")[0]["bonus"]


def test_cumulus_turns_a_tile_bonus_into_a_cumulus_bonus() -> None:
    """Section 5: "A Cumulus covering a landscape tile temporarily changes the bonus of this
    tile, which becomes a Cumulus bonus only." "The ZEPPELIN has a bonus on CUMULUS." """
    assert tile_colour(Biome.PLAIN, (cu(1),)) is BonusColour.CUMULUS
    assert tile_colour(Biome.PLAIN, None) is BonusColour.PLAIN
    game, state = make((RED, GREEN), biomes={Hex(0, -2): Biome.PLAIN},
                       clouds={Hex(0, -2): (cu(1),)})
    red = put(state, 0, Hex(0, 0))
    assert illegal(game, red, Journey("red", hx((0, -1), (0, -2), (0, -3)))) == "journey.no-bonus"
    green = put(red, 0, RED_AIRPORT).evolve(order=(1,))
    green = put(green, 1, Hex(0, 0))
    green, _ = fly(game, green, "green", (0, -1), (0, -2), (0, -3))
    assert green.planes[1].hex == Hex(0, -3)


def test_landing_in_a_free_airport_ends_the_journey() -> None:
    """Section 5: "You can land in a free Airport. Landing ends your JOURNEY, even if you have
    not used all of your base movement." """
    game, state = make()
    state = put(state, 0, Hex(2, 1))
    assert illegal(game, state, Journey("red", hx((2, 2), (1, 2)))) == "journey.after-landing"
    landed, events = fly(game, state, "red", (2, 2))
    assert landed.planes[0].hex == REGION2_AIRPORT and of_type(events, "journey")[0]["landed"]
    taken = put(state, 1, REGION2_AIRPORT)
    assert illegal(game, taken, Journey("red", hx((2, 2)))) == "journey.obstacle"


def test_look_and_load_parcels_of_your_colour_only() -> None:
    """Section 2: "Land in an Airport to discover the weight of the Parcel of your colour.
    Warning! It is forbidden to look at or carry an opponent's Parcel." Section 5: "If your
    Aircraft is in an Airport, you can look at, load or unload one or more Parcels of your
    colour only there." """
    game, state = make()
    state = put(state, 0, Hex(2, 1))
    assert state.shipping[1] == ("red-1", "blue-2")
    assert known_weight(game, state, "red", "red-1") is None
    bad = Journey("red", hx((2, 2)), after=Ops(load=("blue-2",)))
    assert illegal(game, state, bad) == "parcel.not-yours"
    state, events = fly(game, state, "red", (2, 2), after=Ops(load=("red-1",)))
    assert of_type(events, "parcels_seen")[0]["parcels"] == ["red-1"]
    assert state.planes[0].carried == ("red-1",) and state.shipping[1] == ("blue-2",)
    assert known_weight(game, state, "red", "red-1") == 5
    assert known_weight(game, state, "blue", "red-1") is None


def test_unload_in_transit_only_where_a_space_is_free() -> None:
    """Section 5: "It is also possible to unload a Parcel and leave it "in transit" in the
    SHIPPING ZONE of this Airport to come back and get it later... or not." Section 2: "(if a
    space is free in its SHIPPING ZONE)"."""
    game, state = make()
    state = put(state, 0, REGION2_AIRPORT, carried=("red-2",))
    state, _ = fly(game, state, "red", (2, 1), before=Ops(unload=("red-2",)))
    assert state.shipping[1] == ("red-1", "blue-2", "red-2") and state.planes[0].carried == ()
    state = state.evolve(phase=Phase.PILOTING)
    full = put(state, 0, REGION2_AIRPORT, carried=("red-3",))
    full = full.with_shipping(2, ("red-1", "blue-2", "red-2", "blue-3", "blue-4"))
    bad = Journey("red", hx((2, 1)), before=Ops(unload=("red-3",)))
    assert illegal(game, full, bad) == "parcel.no-space"
    flying = put(state, 0, Hex(0, 0), carried=("red-4",))
    assert illegal(game, flying, Journey("red", hx((0, -1)), before=Ops(unload=("red-4",)))) == \
        "parcel.not-airport"


def test_swapping_parcels_at_a_full_shipping_zone() -> None:
    """Section 5: "If your Aircraft is in an Airport, you can look at, load or unload one or
    more Parcels of your colour only there." No order is imposed: at a full SHIPPING ZONE,
    taking red-1 frees the space that red-3 is left in, and an aircraft carrying two parcels
    swaps one of them the same way. Leaving a parcel where no space is freed stays refused,
    and the legal actions list the swaps."""
    game, state = make()
    full = ("red-1", "blue-2", "red-2", "blue-3", "blue-4")
    state = put(state, 0, REGION2_AIRPORT, carried=("red-3",)).with_shipping(2, full)
    swap = Ops(unload=("red-3",), load=("red-1",))
    after, events = fly(game, state, "red", (2, 1), before=swap)
    assert after.planes[0].carried == ("red-1",)
    assert after.shipping[1] == ("blue-2", "red-2", "blue-3", "blue-4", "red-3")
    assert [e["type"] for e in events][:2] == ["parcels_unloaded", "parcels_loaded"]
    assert Journey("red", hx((2, 1)), before=swap) in legal_actions(game, state)
    assert illegal(game, state, Journey("red", hx((2, 1)),
                                        before=Ops(unload=("red-3",)))) == "parcel.no-space"
    two = put(state, 0, REGION2_AIRPORT, carried=("red-3", "red-4"))
    after, _ = fly(game, two, "red", (2, 1), before=Ops(unload=("red-4",), load=("red-2",)))
    assert after.planes[0].carried == ("red-3", "red-2") and len(after.shipping[1]) == 5
    assert illegal(game, two, Journey("red", hx((2, 1)), before=Ops(load=("red-2",)))) == \
        "parcel.capacity"
    assert illegal(game, two, Journey("red", hx((2, 1)), before=Ops(
        unload=("red-4",), load=("red-4",)))) == "parcel.twice"


def test_overload_reduces_the_base_movement_to_one_tile() -> None:
    """Section 5: "Carrying 2 Parcels simultaneously causes an overload penalty! The base
    movement of an overloaded Aircraft is reduced to a single mandatory tile. The bonus
    movement remains possible." "Each Aircraft can carry one or two Parcels" """
    game, state = make(biomes={Hex(1, -1): Biome.PLAIN})
    state = put(state, 0, Hex(0, 0), carried=("red-1", "red-2"))
    assert illegal(game, state, Journey("red", hx((0, -1), (0, -2)))) == "journey.overload"
    bonus, _ = fly(game, state, "red", (1, -1), (1, -2))
    assert bonus.planes[0].hex == Hex(1, -2)
    assert all(len(a.path) == 1 or a.path[0] == Hex(1, -1)
               for a in legal_actions(game, state) if isinstance(a, Journey) and not a.before)
    at_airport = put(state, 0, REGION2_AIRPORT, carried=("red-2", "red-3"))
    at_airport = at_airport.with_shipping(2, ("red-1", "blue-2"))
    bad = Journey("red", hx((2, 1)), before=Ops(load=("red-1",)))
    assert illegal(game, at_airport, bad) == "parcel.capacity"


def test_throwing_a_parcel_overboard_cancels_the_overload() -> None:
    """Section 5: "To cancel an overload penalty, or for any other reason, you can throw a
    Parcel of your choice overboard... This Parcel is lost and stays face down outside the
    board. At the end of the game, it is ignored." """
    game, state = make()
    state = put(state, 0, Hex(0, 0), carried=("red-1", "red-2"))
    state, events = fly(game, state, "red", (0, -1), (0, -2), before=Ops(throw=("red-2",)))
    assert state.planes[0].hex == Hex(0, -2) and state.lost == ("red-2",)
    assert of_type(events, "parcels_lost")[0]["reason"] == "overboard"
    assert weight_total(game, state) == 32


def test_landing_in_your_airport_delivers_your_parcels() -> None:
    """Section 5: "When you land in your Airport with your Parcels, they directly join your
    DELIVERY ZONE (even if you had planned to deliver them later)." """
    game, state = make()
    state = put(state, 0, Hex(-1, 3), carried=("red-1", "red-3"))
    state, events = fly(game, state, "red", (-2, 4))
    assert state.planes[0].delivered == ("red-1", "red-3") and state.planes[0].carried == ()
    assert of_type(events, "delivered")[0]["parcels"] == ["red-1", "red-3"]


def test_boost_a_second_journey_at_the_end_of_the_turn() -> None:
    """Section 5: "At the end of your turn, you can activate your BOOST to play again
    immediately. Flip your token and make a second journey of at most 3 tiles (BASE +
    BONUS)." """
    game, state = make(biomes={Hex(0, -2): Biome.PLAIN})
    state = put(state, 0, Hex(0, 1))
    assert illegal(game, state, Journey("red", hx((0, 0)), boost=True)) == "boost.not-yet"
    state, _ = fly(game, state, "red", (0, 0))
    assert state.phase is Phase.BOOST and state.actor == 0
    assert Pass("red") in legal_actions(game, state)
    assert illegal(game, state, Journey("red", hx((0, -1)))) == "boost.window"
    state, events = fly(game, state, "red", (0, -1), (0, -2), (0, -3), boost=True)
    assert state.planes[0].hex == Hex(0, -3) and not state.planes[0].boost
    assert of_type(events, "boost_activated") and state.actor == 1


def test_consumed_boost_recharges_only_in_your_airport() -> None:
    """Section 5: "The consumed BOOST stays deactivated for the rest of the trip. It
    recharges only when you return to your Airport, and it cannot be activated again during
    the same turn." Read as one BOOST a turn: landing elsewhere recharges nothing; landing
    home recharges it, and since it was not used this turn it may be activated at once; the
    BOOST's own journey that lands home recharges it but cannot activate it again."""
    game, state = make()
    spent = put(state, 0, Hex(2, 1), boost=False)
    other, _ = fly(game, spent, "red", (2, 2))
    assert not other.planes[0].boost and other.actor == 1  # no BOOST offered
    home = put(state, 0, Hex(-1, 3), boost=False)
    home, events = fly(game, home, "red", (-2, 4))
    assert home.planes[0].boost and of_type(events, "boost_recharged")
    assert home.phase is Phase.BOOST and home.actor == 0  # recharged, not used this turn
    away, events = fly(game, home, "red", (-2, 3), (-2, 2), boost=True)
    assert of_type(events, "boost_activated") and not away.planes[0].boost
    again = put(state, 0, Hex(-1, 3)).evolve(phase=Phase.BOOST)
    again, events = fly(game, again, "red", (-2, 4), boost=True)
    assert of_type(events, "boost_activated")
    assert again.planes[0].boost and again.actor == 1  # recharged, not activated again


def test_one_boost_a_turn_alike_for_rebuilds() -> None:
    """"it cannot be activated again during the same turn", the same reading for a rebuilt
    aircraft: rebuilt in its airport (the BOOST recharged) it may activate the BOOST after
    its journey; rebuilt in another city of its region (the BOOST consumed to take off
    there) it gets no second journey, even when it lands home and recharges."""
    game, state = make()
    destroyed = put(state, 0, None, boost=False)
    home, _ = fly(game, destroyed, "red", (-2, 3), rebuild=RED_AIRPORT)
    assert home.phase is Phase.BOOST and home.actor == 0
    city, events = fly(game, destroyed, "red", (-2, 3), (-2, 4), rebuild=Hex(-3, 4))
    assert [e["boost"] for e in of_type(events, "aircraft_rebuilt")] == ["consumed"]
    assert of_type(events, "boost_recharged") and city.planes[0].boost
    assert city.phase is Phase.PILOTING and city.actor == 1


def test_the_game_ends_at_the_end_of_the_turn_with_three_deliveries() -> None:
    """Section 2: "It is triggered when a DELIVERY ZONE contains at least 3 Parcels. Finish
    the current game turn before revealing and counting"; section 6: "If a DELIVERY ZONE
    contains 3 Parcels, the game is over"."""
    game, state = make()
    state = put(state, 0, Hex(-1, 3), carried=("red-1",), delivered=("red-2", "red-3"),
                boost=False)
    state, _ = fly(game, state, "red", (-2, 4))
    assert state.phase is Phase.BOOST  # recharged at home, offered: red declines
    state, _ = apply(game, state, Pass("red"))
    assert state.phase is Phase.PILOTING and state.actor == 1  # blue still flies
    state, events = fly(game, state, "blue", (3, -1))
    assert state.phase is Phase.BOOST
    state, events = apply(game, state, Pass("blue"))
    assert state.phase is Phase.OVER and legal_actions(game, state) == []
    over = of_type(events, "game_end")[0]
    assert over["scores"][0] == {"player": "red", "score": 5 + 4 + 3 + 4, "rank": 1,
                                 "breakdown": {"weight": 12, "empty spaces": 4}, "parcels": 3}
    assert over["reason"] == "deliveries" and over["winners"] == ["red"]
    assert illegal(game, state, Pass("red")) == "game.over"


def test_first_player_changes_clockwise_each_turn() -> None:
    """Section 6: "THE FIRST PLAYER CHANGES BEFORE STARTING A NEW TURN. The next person
    clockwise takes the Wind Rose [...] to become the first player of the next turn and
    activate the weather." """
    game, state = make((RED, BLUE, GREEN), winds=("calm", "N"))
    events: list[Event] = []
    for colour in ("red", "green", "blue"):
        assert game.companies[state.actor or 0].colour == colour
        journey = next(a for a in legal_actions(game, state) if isinstance(a, Journey))
        state, events = apply(game, state, journey)
        if state.phase is Phase.BOOST:
            state, more = apply(game, state, Pass(colour))
            events += more
    assert state.turn == 2 and game.companies[state.first].colour == "green"
    assert state.wind is N
    assert {"type": "round", "round": 2, "turn": 2, "first": "green"} in events
    assert clockwise(game, state.first) == state.order


def test_scores_weight_plus_empty_spaces_ties_by_parcels() -> None:
    """Section 2: "1 kilo = 1 point. +1 additional point is gained by the pilots for each
    empty space of the SHIPPING ZONE of their Airport. [...] In case of a tie, whoever
    delivered the most Parcels (not counting their weight) wins." """
    game, state = make()
    state = put(state, 0, RED_AIRPORT, carried=("red-4", "red-5"))  # 2 + 2, from regions 5, 6
    state = state.with_plane(0, state.planes[0].evolve(carried=(), delivered=("red-4", "red-5")))
    state = put(state, 1, BLUE_AIRPORT, carried=("blue-2",))  # 4, from region 2
    state = state.with_plane(1, state.planes[1].evolve(carried=(), delivered=("blue-2",)))
    # each company's own zone still holds the other's parcel: 4 empty spaces each
    result = scores(game, state)
    assert [(s.colour, s.points, s.parcels, s.rank) for s in result] == \
        [("red", 4 + 4, 2, 1), ("blue", 4 + 4, 1, 2)]
    even = state.with_plane(1, state.planes[1].evolve(delivered=("blue-2", "blue-1")))
    even = even.with_plane(0, even.planes[0].evolve(delivered=("red-4", "red-5", "red-2")))
    even = even.evolve(shipping=tuple(tuple(p for p in z if p not in ("blue-1", "red-2"))
                                      for z in even.shipping))
    # blue: 4 + 5 kilos and 5 empty spaces; red: 2 + 2 + 4 kilos and 5 empty spaces
    assert [(s.colour, s.points, s.rank) for s in scores(game, even)] == \
        [("blue", 14, 1), ("red", 13, 2)]


def test_a_tie_that_persists_reads_as_a_draw() -> None:
    """Section 2: "The highest score wins the game. In case of a tie, whoever delivered the
    most Parcels (not counting their weight) wins. If the tie persists... Play another
    game!" Red and blue both deliver 3 parcels of 12 kilos with 5 empty spaces: the game
    ends with both ranked first, and the text account calls it a draw, not a win."""
    game, state = make()
    state = put(state, 0, Hex(0, 0), delivered=("red-1", "red-2", "red-3"), boost=False)
    state = put(state, 1, Hex(2, -2), delivered=("blue-1", "blue-2", "blue-3"), boost=False)
    state = state.evolve(shipping=tuple(tuple(p for p in z if p not in ("blue-1", "red-2"))
                                        for z in state.shipping))
    state, _ = fly(game, state, "red", (0, -1))
    state, events = fly(game, state, "blue", (2, -1))
    end = of_type(events, "game_end")[0]
    assert end["winners"] == ["blue", "red"]
    assert [(r["player"], r["score"], r["rank"]) for r in end["scores"]] == \
        [("blue", 17, 1), ("red", 17, 1)]
    head = account_line(end).splitlines()[0]
    assert head == ("game over after turn 1: a draw between blue and red, tied on points and "
                    "parcels delivered (play another game!)")
    won = {**end, "winners": ["blue"]}
    assert account_line(won).splitlines()[0] == "game over after turn 1: blue wins"


def test_an_event_says_when_the_game_can_no_longer_end() -> None:
    """Section 2: "It is triggered when a DELIVERY ZONE contains at least 3 Parcels" and
    section 7: "When your Aircraft is destroyed, any Parcel on board is definitely lost!"
    Each colour has 5 parcels: a colour that has lost three can deliver two at most. Red
    has lost three, blue two; blue throwing a third overboard leaves no colour able to end
    the game, which the log says once (a later loss says nothing more); a crash can do the
    same."""
    game, state = make()
    state = state.evolve(lost=("red-1", "red-2", "red-3", "blue-1", "blue-2"),
                         shipping=tuple(tuple(p for p in z if p not in (
                             "red-1", "red-2", "red-3", "blue-1", "blue-2"))
                                        for z in state.shipping))
    state = put(state, 0, Hex(0, 0), boost=False)
    flying = put(state, 1, Hex(2, -2), carried=("blue-3", "blue-4"))
    after, events = fly(game, flying, "red", (0, -1))
    assert not of_type(events, "game_cannot_end")
    after, events = apply(game, after, Journey("blue", hx((2, -1)),
                                               before=Ops(throw=("blue-3",))))
    assert of_type(events, "game_cannot_end") == [
        {"type": "game_cannot_end", "lost": {"red": 3, "blue": 3}}]
    assert [e["type"] for e in events][:2] == ["parcels_lost", "game_cannot_end"]
    assert account_line(events[1]).startswith("   the game can no longer end")
    later = put(state, 1, Hex(2, -2), carried=("blue-3", "blue-4")).evolve(order=(1,))
    later = later.evolve(lost=(*later.lost, "blue-5"))
    _, events = apply(game, later, Journey("blue", hx((2, -1)), before=Ops(throw=("blue-3",))))
    assert of_type(events, "parcels_lost") and not of_type(events, "game_cannot_end")
    blocked = put(state, 1, Hex(2, -2), carried=("blue-3",)).evolve(order=(1,))
    blocked = blocked.evolve(clouds={h: (storm(k),) for k, h in enumerate(
        Hex(2, -2).neighbors(), 1) if h in landscape_set()})
    _, events = apply(game, blocked, Pass("blue"))
    assert [e["type"] for e in events][:3] == ["aircraft_destroyed", "parcels_lost",
                                               "game_cannot_end"]


# --- section 7: fasten your seatbelts -----------------------------------------------------


def quake(positions: Mapping[int, Hex], clouds: Mapping[Hex, Stack], wind: Wind,
          mountains: frozenset[Hex] = frozenset()) -> tuple[Shake, Mapping[Hex, Stack]]:
    game, _ = make()
    phase = resolve(mountains, clouds, wind)
    result = shake(("red", "blue"), positions, landscape_set(), game.airports, game.cities,
                   clouds, phase)
    return result, phase.clouds


def test_cumulus_blown_under_an_aircraft_slides_under_it() -> None:
    """Section 7: "A Cumulus blown under an Aircraft slides under it without consequences.
    Place the Cumulus token under the Aircraft pawn." """
    result, clouds = quake({0: Hex(0, -1)}, {Hex(0, 0): (cu(1),)}, N)
    assert result.positions == {0: Hex(0, -1)} and clouds == {Hex(0, -1): (cu(1),)}
    assert of_type(result.events, "cumulus_under") == [
        {"type": "cumulus_under", "company": "red", "hex": [0, -1], "token": 1}]


def test_storm_blown_onto_an_aircraft_destroys_it() -> None:
    """Section 7: "A Storm blown onto an Aircraft destroys it. Leave only the Storm token on
    the tile." """
    result, clouds = quake({0: Hex(0, -1)}, {Hex(0, 0): (storm(1),)}, N)
    assert result.positions == {0: None} and clouds == {Hex(0, -1): (storm(1),)}
    assert of_type(result.events, "aircraft_destroyed")[0]["cause"] == "storm"


def test_aircraft_flying_over_a_cumulus_is_moved_with_it() -> None:
    """Section 7: "An Aircraft flying over a Cumulus is moved with it..." Riders moving
    together do not collide."""
    result, _ = quake({0: Hex(0, 0), 1: Hex(0, -1)}, {Hex(0, 0): (cu(1),), Hex(0, -1): (cu(2),)}, N)
    assert result.positions == {0: Hex(0, -1), 1: Hex(0, -2)}
    assert len(of_type(result.events, "aircraft_carried")) == 2


def test_7a_aircraft_meeting_another_aircraft_collide() -> None:
    """Section 7 A: "if the Aircraft meets another Aircraft... the two collide and are
    destroyed. Place only the Cumulus token on the tile." """
    result, clouds = quake({0: Hex(0, 0), 1: Hex(0, -1)}, {Hex(0, 0): (cu(1),)}, N)
    assert result.positions == {0: None, 1: None} and clouds == {Hex(0, -1): (cu(1),)}
    assert {(e["company"], e["case"]) for e in of_type(result.events, "aircraft_destroyed")} == \
        {("red", "A"), ("blue", "A")}


def test_7b_cumulus_turning_into_a_storm_destroys_the_aircraft() -> None:
    """Section 7 B: "if the Cumulus turns into a Storm... the Aircraft is destroyed" (a
    cumulus blocked against a mountain, section 4 B)."""
    result, clouds = quake({0: Hex(0, 1)}, {Hex(0, 1): (cu(1),)}, N, frozenset({Hex(0, 0)}))
    assert result.positions == {0: None} and clouds == {Hex(0, 1): (storm(1),)}
    assert of_type(result.events, "aircraft_destroyed")[0]["case"] == "B"


def test_7c_cumulus_turning_into_a_tempest_destroys_the_aircraft() -> None:
    """Section 7 C: "if the Cumulus turns into a Tempest... the Aircraft is destroyed" (blown
    onto a storm blocked against a mountain)."""
    result, clouds = quake({0: Hex(0, 2)}, {Hex(0, 1): (storm(1),), Hex(0, 2): (cu(2),)}, N,
                           frozenset({Hex(0, 0)}))
    assert result.positions == {0: None} and clouds == {Hex(0, 1): (storm(1), storm(2))}
    event = of_type(result.events, "aircraft_destroyed")[0]
    assert (event["case"], event["hex"]) == ("C", [0, 1])


def test_7d_emergency_landing_in_a_free_city() -> None:
    """Section 7 D: "toward a free city... You make an EMERGENCY LANDING! But you cannot take
    or deliver Parcels from this city. During your turn, you must imperatively take off
    again toward an adjacent free landscape tile" "the Cumulus is replaced on the opposite
    landscape tile of the same line"."""
    result, clouds = quake({0: Hex(-1, 3)}, {Hex(-1, 3): (cu(1),)}, S)
    assert result.positions == {0: Hex(-1, 4)} and result.landings == {0: Hex(-1, 4)}
    assert clouds == {Hex(-1, -2): (cu(1),)}
    assert of_type(result.events, "emergency_landing")[0]["case"] == "D"
    game, state = make()
    state = put(state, 0, Hex(-1, 4), carried=("red-1",))
    assert illegal(game, state, Pass("red")) == "journey.must-take-off"
    assert illegal(game, state, Journey("red", hx((-1, 3)), before=Ops(unload=("red-1",)))) == \
        "parcel.not-airport"
    blocked = put(state, 1, Hex(-1, 3)).evolve(clouds={Hex(0, 3): (storm(1),)})
    assert Pass("red") in legal_actions(game, blocked)
    assert all(isinstance(a, Pass) for a in legal_actions(game, blocked))


def test_7e_emergency_landing_in_a_free_airport() -> None:
    """Section 7 E: "toward a free Airport... You make an EMERGENCY LANDING! Play normally
    during your turn." In its own airport, an aircraft delivers (section 5, Delivery)."""
    result, _ = quake({0: Hex(1, 2)}, {Hex(1, 2): (cu(1),)}, SE)
    assert result.positions == {0: REGION2_AIRPORT}
    assert of_type(result.events, "emergency_landing")[0]["case"] == "E"
    game, state = make(winds=("calm", "S"))
    state = put(state, 0, Hex(-2, 3), carried=("red-1",), boost=False)
    state = state.evolve(clouds={Hex(-2, 3): (cu(1),)}, order=(1,))
    state, events = fly(game, state, "blue", (3, -1))
    state, more = apply(game, state, Pass("blue"))
    events += more
    assert state.turn == 2 and state.planes[0].hex == RED_AIRPORT
    assert state.planes[0].delivered == ("red-1",) and state.planes[0].boost


def test_7f_ejected_toward_an_occupied_area_collides() -> None:
    """Section 7 F: "toward an occupied area... You collide. The 2 Aircraft are destroyed.
    The Parcels on board both Aircraft are lost." """
    result, _ = quake({0: Hex(-2, 3), 1: RED_AIRPORT}, {Hex(-2, 3): (cu(1),)}, S)
    assert result.positions == {0: None, 1: None}
    assert {e["case"] for e in of_type(result.events, "aircraft_destroyed")} == {"F"}


def test_7g_ejected_outside_the_board_is_lost_with_its_parcels() -> None:
    """Section 7 G: "outside the board... You are lost! Your Aircraft is destroyed." Crash:
    "any Parcel on board is definitely lost!" """
    result, _ = quake({0: Hex(0, 3)}, {Hex(0, 3): (cu(1),)}, S)
    assert result.positions == {0: None}
    assert of_type(result.events, "aircraft_destroyed")[0]["case"] == "G"
    game, state = make(winds=("calm", "S"))
    state = put(state, 0, Hex(0, 3), carried=("red-1", "red-2"))
    state = state.evolve(clouds={Hex(0, 3): (cu(1),)}, order=(1,))
    state, _ = fly(game, state, "blue", (3, -1))
    state, events = apply(game, state, Pass("blue"))
    assert state.planes[0].hex is None and set(state.lost) == {"red-1", "red-2"}
    assert of_type(events, "parcels_lost")[0]["reason"] == "crash"
    assert weight_total(game, state) == 32


def test_back_in_the_game_after_a_crash() -> None:
    """Section 7: "On your next turn after a crash, recharge your BOOST then place your "new"
    Aircraft in your Airport to take off immediately. If you wish, or if your Airport is
    already occupied, you can also: pass your turn, consume your BOOST to take off
    immediately from another city of your Region only." The BOOST is recharged first, so the
    other cities are open even to a company that crashed with its BOOST spent; passing
    recharges it too."""
    game, state = make()
    state = put(state, 0, None, boost=False)
    assert illegal(game, state, Journey("red", hx((-2, 3)))) == "rebuild.required"
    rebuilt, events = fly(game, state, "red", (-2, 3), rebuild=RED_AIRPORT)
    assert rebuilt.planes[0].hex == Hex(-2, 3) and rebuilt.planes[0].boost
    assert of_type(events, "aircraft_rebuilt")[0]["boost"] == "recharged"
    city, events = fly(game, state, "red", (-3, 3), rebuild=Hex(-3, 4))
    assert city.planes[0].hex == Hex(-3, 3) and not city.planes[0].boost
    assert of_type(events, "aircraft_rebuilt")[0]["boost"] == "consumed"
    assert city.actor == 1  # the BOOST is spent: no second journey
    assert {a.rebuild for a in legal_actions(game, state) if isinstance(a, Journey)} == \
        {RED_AIRPORT, Hex(-3, 4), Hex(-1, 4)}
    assert illegal(game, state, Journey("red", hx((2, 1)), rebuild=REGION2_AIRPORT)) == \
        "rebuild.not-your-region"
    passed, events = apply(game, state, Pass("red"))
    assert passed.planes[0].hex is None and passed.planes[0].boost
    assert [e["type"] for e in events][:2] == ["boost_recharged", "passed"]
    occupied = put(put(state, 1, RED_AIRPORT), 0, None, boost=True)
    assert illegal(game, occupied, Journey("red", hx((-2, 3)), rebuild=RED_AIRPORT)) == \
        "rebuild.occupied"
    rebuilds = {a.rebuild for a in legal_actions(game, occupied) if isinstance(a, Journey)}
    assert rebuilds == {Hex(-3, 4), Hex(-1, 4)}


def test_a_rebuilt_aircraft_in_a_blocked_airport_is_placed_and_passes() -> None:
    """Section 7: "place your "new" Aircraft in your Airport to take off immediately", and
    section 5: "During the next piloting phase, you must take off if at least one of the
    adjacent landscape tiles is free. Otherwise, pass your turn." Both landscape tiles next
    to red's airport, (-2,3) and (-1,3), hold storms: the new aircraft is placed in the
    airport and passes there (``pass`` with ``rebuild``), on the ground, its BOOST
    recharged; red may also pass without rebuilding. With a free exit the aircraft must take
    off, and another city's take-off cannot be a pass."""
    blocked = {Hex(-2, 3): (storm(1),), Hex(-1, 3): (storm(2),)}
    game, state = make(clouds=blocked)
    state = put(state, 0, None, boost=False)
    legal = legal_actions(game, state)
    placed = Pass("red", rebuild=RED_AIRPORT)
    assert Pass("red") in legal and placed in legal
    assert not any(isinstance(a, Journey) and a.rebuild == RED_AIRPORT for a in legal)
    after, events = apply(game, state, placed)
    assert after.planes[0].hex == RED_AIRPORT and after.planes[0].boost
    assert [(e["type"], e.get("reason")) for e in events][:2] == \
        [("aircraft_rebuilt", None), ("passed", "blocked")]
    assert illegal(game, state, Pass("red", rebuild=Hex(-3, 4))) == "rebuild.take-off"
    game, state = make()
    state = put(state, 0, None)
    assert illegal(game, state, placed) == "journey.must-take-off"
    assert placed not in legal_actions(game, state)


# --- hidden information and properties ----------------------------------------------------


def test_legal_actions_and_views_never_depend_on_other_colours_weights() -> None:
    """Section 2: "It is forbidden to look at [...] an opponent's Parcel"; its weight "is
    always kept secret from opposing pilots, even after delivery". Two games that differ only
    in blue's weights look the same to red, and offer red the same actions."""
    landscape = generate_landscape(11, Difficulty.NORMAL)
    games = []
    for blue_weights in ((5, 4, 3, 2, 2), (2, 2, 3, 4, 5)):
        pinned: tuple[dict[str, Any], ...] = (
            {"first": "red"}, *({"weight": w} for w in (2, 3, 5, 4, 2)),
            *({"weight": w} for w in blue_weights))
        games.append(new_game(landscape, [RED, BLUE], 9, pinned=pinned))
    (g1, s1, _), (g2, s2, _) = games
    rng = random.Random(3)
    for _ in range(60):
        if s1.phase is Phase.OVER:
            break
        a1, a2 = legal_actions(g1, s1), legal_actions(g2, s2)
        assert a1 == a2
        if g1.companies[s1.actor or 0].colour == "red":
            assert view(g1, s1, "red") == view(g2, s2, "red")
        action = rng.choice(a1)
        s1, _ = apply(g1, s1, action)
        s2, _ = apply(g2, s2, action)
    seen = view(g1, s1, "blue")
    assert all(p["weight"] is None for z in seen["shipping"] for p in z["parcels"]
               if p["colour"] == "red")


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), difficulty=st.sampled_from(list(Difficulty)),
       pilots=st.integers(1, 6))
def test_random_legal_games_end_or_hit_the_cap_and_conserve_weight(
        seed: int, difficulty: Difficulty, pilots: int) -> None:
    """Random legal games never raise, end or reach the turn cap, and keep the total weight
    of the parcels (delivered + carried + in transit + lost) constant."""
    landscape = generate_landscape(seed, difficulty)
    kinds = (BIPLANE, SEAPLANE, ZEPPELIN)
    companies = [Company(f"c{r}", kinds[r % 3], r, city=1 + r % 3) for r in range(1, pilots + 1)]
    game, state, log = new_game(landscape, companies, seed)
    start = state
    total = 16 * pilots
    rng = random.Random(seed)
    played = []
    while state.phase is not Phase.OVER and state.turn <= 25:
        actions = legal_actions(game, state)
        assert actions
        played.append(rng.choice(actions))
        state, events = apply(game, state, played[-1])
        log += events
        json.dumps(events)
        assert weight_total(game, state) == total
        assert all(len(p.carried) <= 2 for p in state.planes)
        occupied = [p.hex for p in state.planes if p.hex is not None]
        assert len(occupied) == len(set(occupied))
        assert all(len(z) <= 5 for z in state.shipping)
    replayed = new_game(landscape, companies, seed)[2]
    again = start
    for action in played:  # the same actions replay to the same log
        again, events = apply(game, again, action)
        replayed += events
    assert replayed == log and again == state


def _greedy_value(game: Game, state: State, i: int) -> int:
    """A simple pilot: deliver, carry, and fly toward its airport or its parcels."""
    plane, company = state.planes[i], game.companies[i]
    if plane.hex is None:
        return 100 * len(plane.delivered) - 1000
    targets = [company.airport] if plane.carried else [
        game.region_airport(r) for r, zone in enumerate(state.shipping, 1)
        if any(parcel_colour(p) == company.colour for p in zone)] or [company.airport]
    return 100 * len(plane.delivered) + 30 * len(plane.carried) - \
        min(plane.hex.distance(t) for t in targets)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), difficulty=st.sampled_from(list(Difficulty)),
       pilots=st.integers(2, 6))
def test_greedy_games_end_with_three_deliveries_and_are_scored(
        seed: int, difficulty: Difficulty, pilots: int) -> None:
    """Section 2: the end "is triggered when a DELIVERY ZONE contains at least 3 Parcels";
    pilots that seek their parcels end the game, and the final scores count the delivered
    weight plus the empty spaces of each company's shipping zone."""
    landscape = generate_landscape(seed, difficulty)
    kinds = (BIPLANE, SEAPLANE, ZEPPELIN)
    companies = [Company(f"c{r}", kinds[r % 3], r) for r in range(1, pilots + 1)]
    game, state, _ = new_game(landscape, companies, seed)
    rng = random.Random(seed)
    events: list[Event] = []
    while state.phase is not Phase.OVER and state.turn <= 150:
        i = state.actor
        assert i is not None
        choices = [(_greedy_value(game, apply(game, state, a)[0], i), rng.random(), k)
                   for k, a in enumerate(legal_actions(game, state))]
        state, events = apply(game, state, legal_actions(game, state)[max(choices)[2]])
    assert state.phase is Phase.OVER
    assert max(len(p.delivered) for p in state.planes) >= 3
    final = of_type(events, "game_end")[0]["scores"]
    for row in final:
        plane = state.planes[game.index(row["player"]) or 0]
        assert row["breakdown"]["weight"] == sum(game.weights[p] for p in plane.delivered)
        assert row["score"] == row["breakdown"]["weight"] + row["breakdown"]["empty spaces"]
    assert [r["score"] for r in final] == sorted((r["score"] for r in final), reverse=True)
    assert weight_total(game, state) == 16 * pilots


def test_operations_after_a_journey_only_where_it_landed_and_no_throw() -> None:
    """Section 5: "If your Aircraft is in an Airport, you can look at, load or unload one or
    more Parcels"; docs/rules-notes.md: operations are made "at the airport just landed in;
    throwing overboard works anywhere but only before a journey"."""
    game, state = make()
    flying = put(state, 0, Hex(0, 0), carried=("red-4",))
    assert illegal(game, flying, Journey("red", hx((0, -1)), after=Ops(unload=("red-4",)))) \
        == "parcel.not-airport"
    near = put(state, 0, Hex(2, 1), carried=("red-4",))
    assert illegal(game, near, Journey("red", hx(REGION2_AIRPORT),
                                       after=Ops(throw=("red-4",)))) == "parcel.throw-before"
    landed, _ = fly(game, near, "red", REGION2_AIRPORT, after=Ops(unload=("red-4",)))
    assert "red-4" in landed.shipping[1] and landed.planes[0].carried == ()
