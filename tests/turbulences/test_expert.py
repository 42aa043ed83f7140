"""Turbulences EXPERT mode (rulebook section 9): a test per rule sentence, each quoting it,
at mixed tables (red flies EXPERT, blue keeps the base rules), and the EXPERT options.

The hand-built situations use a landscape of desert tiles, as in ``test_turbulences_rules``:
red (an EXPERT biplane, region 1, airport (-2, 4) next to (-2, 3) and (-1, 3), its ALTITUDE
dial on city 1 at (-3, 4)) and blue (a CLASSIC seaplane, region 3, airport (4, -2)); region
2's neutral airport is (2, 2), next to (2, 1) and (1, 2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from skyhex.games import load_scenario, playout
from skyhex.games.documents import References
from skyhex.mapgen.turbulences.check import check_landscape
from skyhex.mapgen.turbulences.generate import generate_landscape
from skyhex.render.turbulences.account import line as account_line
from skyhex.rules.errors import IllegalActionError, InputError
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.replay import play, start
from skyhex.rules.turbulences.actions import Flip, Journey, Ops, Pass
from skyhex.rules.turbulences.aircraft import AircraftType
from skyhex.rules.turbulences.engine import apply, event_view, legal_actions, new_game, view
from skyhex.rules.turbulences.landscape import (
    Biome,
    CloudSide,
    CloudToken,
    Difficulty,
    Half,
    Landscape,
    Stack,
    landscape_hexes,
)
from skyhex.rules.turbulences.maps import landscape_from_dict, landscape_to_dict
from skyhex.rules.turbulences.policies import GREEDY_CAP, greedy
from skyhex.rules.turbulences.state import Company, Game, State
from skyhex.rules.turbulences.tank import DEFAULT_EXPERT, JERRYCANS, ExpertRules

from ..conftest import ROOT, run

RED = Company("red", AircraftType.BIPLANE, 1, expert=True)
BLUE = Company("blue", AircraftType.SEAPLANE, 3)
RED_AIRPORT = Hex(-2, 4)
COVERED = Hex(-3, 4)
REGION2_AIRPORT = Hex(2, 2)
EXAMPLE = ROOT / "examples" / "scenarios" / "turbulences-expert-4.yaml"
Event = dict[str, Any]


def cu(token: int) -> CloudToken:
    return CloudToken(token, CloudSide.CUMULUS)


def storm(token: int) -> CloudToken:
    return CloudToken(token, CloudSide.STORM)


def make(companies: Sequence[Company] = (RED, BLUE), *, cans: Sequence[int] = (5,),
         biomes: Mapping[Hex, Biome] | None = None, clouds: Mapping[Hex, Stack] | None = None,
         winds: Sequence[str] = ("calm",), refills: Sequence[int] = (),
         rules: ExpertRules = DEFAULT_EXPERT) -> tuple[Game, State, list[Event]]:
    """A game on a desert landscape, red first, with pinned draws: the weights, the
    Jerrycans of the EXPERT companies (``cans``), then the winds (and ``refills``, Jerrycans
    drawn when refuelling, after the winds)."""
    tiles = {h: Biome.DESERT for h in landscape_hexes()}
    tiles.update(biomes or {})
    pinned: list[dict[str, Any]] = [{"first": "red"}]
    for _ in companies:
        pinned += [{"weight": w} for w in (5, 4, 3, 2, 2)]
    pinned += [{"jerrycan": v} for v in cans]
    pinned += [{"wind": w} for w in winds]
    pinned += [{"jerrycan": v} for v in refills]
    game, state, events = new_game(Landscape(biomes=tiles, clouds=dict(clouds or {})),
                                   companies, seed=7, pinned=tuple(pinned), expert_rules=rules)
    return game, state, events


def put(state: State, index: int, hex_: Hex | None, **changes: Any) -> State:
    for p in changes.get("carried", ()):
        state = state.evolve(shipping=tuple(tuple(x for x in z if x != p) for z in state.shipping))
    return state.with_plane(index, state.planes[index].evolve(hex=hex_, **changes))


def hx(*pairs: tuple[int, int]) -> tuple[Hex, ...]:
    return tuple(Hex(q, r) for q, r in pairs)


def fly(game: Game, state: State, *path: tuple[int, int], colour: str = "red", **kw: Any
        ) -> tuple[State, list[Event]]:
    return apply(game, state, Journey(colour, hx(*path), **kw))


def illegal(game: Game, state: State, action: Journey | Pass | Flip) -> str:
    with pytest.raises(IllegalActionError) as excinfo:
        apply(game, state, action)
    return excinfo.value.rule


def of_type(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def red(state: State) -> Any:
    return state.planes[0]


# --- preparation ----------------------------------------------------------------------------


def test_the_altitude_dial_covers_a_free_city_which_disappears() -> None:
    """"Add an ALTITUDE dial on a free city of your Region board. This city disappears from
    the board and can no longer be used": red's dial covers city 1 (the default), which is
    no longer a city to land or rebuild in; blue, not EXPERT, covers nothing."""
    game, state, events = make()
    assert RED.covered == COVERED and BLUE.covered is None
    assert COVERED not in game.cities and Hex(-1, 4) in game.cities
    setup = events[0]
    assert setup["companies"][0]["expert"] is True
    assert setup["companies"][0]["covered"] == [-3, 4]
    assert "expert" not in setup["companies"][1]
    destroyed = put(state, 0, None, boost=True)
    assert COVERED not in {a.rebuild for a in legal_actions(game, destroyed)}
    assert illegal(game, destroyed, Journey("red", hx((-3, 3)), rebuild=COVERED)) == \
        "rebuild.covered"
    with pytest.raises(InputError) as excinfo:
        make((Company("red", AircraftType.BIPLANE, 1, expert=True, dial=2), BLUE))
    assert {p.rule for p in excinfo.value.problems} == {"setup.dial"}


def test_a_gust_toward_the_covered_city_loses_the_aircraft() -> None:
    """"Warning! An Aircraft will be lost if a gust of wind pushes it toward this
    inaccessible zone." A cumulus at (-3, 3) blown south ejects red toward (-3, 4)."""
    game, state, _ = make(clouds={Hex(-3, 3): (cu(1),)}, winds=("calm", "S"))
    state = put(state, 0, Hex(-3, 3), fuel=6).evolve(order=(1,))
    state, _ = fly(game, state, (3, -1), colour="blue")
    state, events = apply(game, state, Pass("blue"))  # declines its BOOST: turn 2's weather
    lost = of_type(events, "aircraft_destroyed")
    assert [(e["company"], e["case"], e["cause"], e["hex"]) for e in lost] == \
        [("red", "G", "lost", [-3, 4])]
    assert red(state).hex is None


def test_the_tank_holds_10_fuel_and_a_face_down_jerrycan_on_the_10() -> None:
    """"Add the FUEL tank of your colour to your Region board." "Shuffle the 10 Jerrycan
    tokens. Choose one at random and place it face down on the number 10 of your counter
    without looking at its content. The remaining tokens form a draw pile off the board."
    The draw is recorded and pinnable; the new recruit has no tank."""
    game, state, events = make(cans=(7,))
    assert (red(state).fuel, red(state).jerrycan, red(state).flipped) == (10, 7, False)
    assert state.planes[1].fuel is None and state.planes[1].jerrycan is None
    pile = list(JERRYCANS)
    pile.remove(7)
    assert state.pile == tuple(sorted(pile)) and len(JERRYCANS) == 10
    assert {"jerrycan": 7} in events[0]["draws"]
    seeded = new_game(game.landscape, (RED, BLUE), seed=3)
    again = new_game(game.landscape, (RED, BLUE), seed=3)
    assert seeded[1] == again[1] and seeded[1].planes[0].jerrycan in JERRYCANS


# --- fuel -----------------------------------------------------------------------------------


def test_each_movement_even_bonus_costs_1_fuel() -> None:
    """"Each movement (even bonus) costs 1 FUEL. Use your Jerrycan token to count and
    subtract the FUEL after your movement. Your tank contains 10 FUEL." Taking off, two
    base tiles and a bonus tile on a plain: 3 FUEL. Blue, a new recruit, spends none."""
    game, state, _ = make(biomes={Hex(-2, 2): Biome.PLAIN})
    state, events = fly(game, state, (-2, 3), (-2, 2), (-2, 1))
    journey = of_type(events, "journey")[0]
    assert (journey["fuel_spent"], journey["fuel"], journey["bonus"]) == (3, 7, True)
    assert red(state).fuel == 7
    state, _ = apply(game, state, Pass("red"))
    state, events = fly(game, state, (3, -1), colour="blue")
    assert "fuel" not in of_type(events, "journey")[0] and state.planes[1].fuel is None


def test_a_journey_the_tank_cannot_pay_is_illegal() -> None:
    """"If it falls to 0... it is a dry breakdown!": no journey spends FUEL the tank does not
    hold (gliding aside)."""
    game, state, _ = make()
    state = put(state, 0, Hex(0, 0), fuel=1)
    assert illegal(game, state, Journey("red", hx((0, 1), (0, 2)))) == "expert.fuel"
    assert {len(a.path) for a in legal_actions(game, state) if isinstance(a, Journey)} == {1}


def test_flipping_the_jerrycan_on_the_ground_adds_its_content_surplus_lost() -> None:
    """"When your Aircraft is on the ground (in a city or Airport), you can consume your
    Jerrycan token (by flipping it) and add its content to your tank (+7, +6, +5, +4, +3 or
    even 0). Warning! Single use! The surplus will be lost and the Jerrycan will remain
    empty for the rest of the trip." """
    game, state, _ = make(cans=(7,))
    state = put(state, 0, REGION2_AIRPORT, fuel=5)
    assert Flip("red") in legal_actions(game, state)
    state, events = apply(game, state, Flip("red"))
    assert events == [{"type": "jerrycan_flipped", "company": "red", "value": 7, "fuel": 10,
                       "lost": 2}]
    assert (red(state).fuel, red(state).flipped, state.actor) == (10, True, 0)
    assert Flip("red") not in legal_actions(game, state)
    assert illegal(game, state, Flip("red")) == "expert.jerrycan-empty"
    flying = put(make(cans=(7,))[1], 0, Hex(0, 0), fuel=5)
    assert illegal(game, flying, Flip("red")) == "expert.jerrycan-ground"
    assert illegal(game, flying, Flip("blue")) == "turn.order"


def test_refuel_only_in_your_own_airport_with_a_new_jerrycan() -> None:
    """"You can refuel only in your own Airport: draw a new Jerrycan token and place it on
    the number 10 of your tank without looking at it before putting the consumed one back in
    the draw pile." A foreign airport refuels nothing."""
    game, state, _ = make(cans=(7,), refills=(3,))
    away = put(state, 0, Hex(2, 1), fuel=4, flipped=True)
    landed, events = fly(game, away, (2, 2))
    assert red(landed).fuel == 3 and not of_type(events, "refuelled")
    home = put(state, 0, Hex(-2, 3), fuel=4, flipped=True)
    state, events = fly(game, home, (-2, 4))
    assert of_type(events, "refuelled") == [{"type": "refuelled", "company": "red",
                                             "fuel": 10, "jerrycan": "new",
                                             "draws": [{"jerrycan": 3}]}]
    assert (red(state).fuel, red(state).jerrycan, red(state).flipped) == (10, 3, False)
    assert 7 in state.pile and state.pile.count(3) == 1  # 3 drawn, the consumed 7 back


def test_a_dry_aircraft_on_the_ground_is_out_of_service_its_parcels_in_transit() -> None:
    """"If your FUEL tank and your Jerrycan are empty while your Aircraft is on the ground
    in an Airport or a city... then your Aircraft is immediately out of service (therefore
    destroyed). The Parcels carried can be delivered, left in transit, or destroyed if no
    space is available." """
    game, state, _ = make()
    state = put(state, 0, Hex(2, 1), fuel=1, flipped=True, carried=("red-3",))
    state, events = fly(game, state, (2, 2))
    kinds = [e["type"] for e in events]
    assert kinds.index("parcels_unloaded") + 1 == kinds.index("aircraft_destroyed")
    broken = of_type(events, "aircraft_destroyed")[0]
    assert broken["cause"] == "fuel" and red(state).hex is None
    assert "red-3" in state.shipping[1]  # left in transit in region 2's airport
    assert "dry breakdown" in account_line(broken)


def test_a_jerrycan_of_0_on_an_empty_tank_breaks_down_at_once() -> None:
    """"+3 or even 0": flipping an empty Jerrycan on an empty tank is a breakdown."""
    game, state, _ = make(cans=(0,))
    state = put(state, 0, Hex(-1, 4), fuel=0)  # city 3 of region 1
    assert not any(isinstance(a, Journey) for a in legal_actions(game, state))
    state, events = apply(game, state, Flip("red"))
    assert [e["type"] for e in events][:2] == ["jerrycan_flipped", "aircraft_destroyed"]
    assert red(state).hex is None and state.actor == 1


def test_an_aircraft_never_breaks_down_in_its_own_airport() -> None:
    """"An Aircraft will never break down in its own Airport... because its tank will always
    be full there." """
    game, state, _ = make(refills=(4,))
    state = put(state, 0, Hex(-2, 3), fuel=1, flipped=True)
    state, events = fly(game, state, (-2, 4))
    assert not of_type(events, "aircraft_destroyed")
    assert red(state).fuel == 10 and red(state).hex == RED_AIRPORT


def test_an_empty_tank_in_flight_glides_on_its_altitude() -> None:
    """"If your FUEL tank empties in mid-flight... you can still use your ALTITUDE to
    glide." With 0 FUEL and 2 ALTITUDE, every journey glides all its movements."""
    game, state, _ = make()
    state = put(state, 0, Hex(0, 0), fuel=0, altitude=2)
    journeys = [a for a in legal_actions(game, state) if isinstance(a, Journey)]
    assert journeys and all(a.glide == len(a.path) for a in journeys)
    state, events = fly(game, state, (0, 1), glide=1)
    assert (red(state).fuel, red(state).altitude) == (0, 1)
    assert of_type(events, "journey")[0]["altitude_spent"] == 1


def test_fuel_and_altitude_at_0_together_in_flight_crash() -> None:
    """"If your FUEL tank and your ALTITUDE both fall to 0 simultaneously in mid-flight...
    your Aircraft crashes (see CRASH, section 7)": its parcels are lost."""
    game, state, _ = make()
    state = put(state, 0, Hex(0, 0), fuel=1, altitude=1, carried=("red-2",))
    state, events = fly(game, state, (0, 1), (0, 2), glide=1)
    crash = of_type(events, "aircraft_destroyed")
    assert [(e["cause"], e["hex"]) for e in crash] == [("fuel", [0, 2])]
    assert "red-2" in state.lost and red(state).hex is None


# --- altitude -------------------------------------------------------------------------------


def test_a_cumulus_sliding_under_the_aircraft_raises_its_altitude() -> None:
    """"PHASE I: WEATHER 5. A Cumulus that slides under your Aircraft raises your ALTITUDE
    dial by 1." Blue, a new recruit, has no dial."""
    game, state, _ = make(clouds={Hex(0, -1): (cu(1),), Hex(3, 0): (cu(2),)},
                          winds=("calm", "S"))
    state = put(state, 0, Hex(0, 0), fuel=6).evolve(order=(1,))
    state = put(state, 1, Hex(3, 1))
    state, _ = fly(game, state, (2, 1), colour="blue")
    state, events = apply(game, state, Pass("blue"))
    assert of_type(events, "altitude_gained") == [
        {"type": "altitude_gained", "company": "red", "hex": [0, 0], "altitude": 1,
         "reason": "cumulus_under"}]
    assert red(state).altitude == 1 and red(state).locked == 0


def test_you_always_take_off_with_0_altitude_and_land_to_0() -> None:
    """"PHASE II: PILOTING You always take off with 0 ALTITUDE." "PHASE III: END OF TURN
    Check that the altitude of Aircraft on the ground is equal to 0." "Remember to use your
    ALTITUDE before landing... or you risk wasting fuel." """
    game, state, _ = make()
    assert red(state).altitude == 0
    state = put(state, 0, Hex(1, 2), fuel=8, altitude=2)
    state, events = fly(game, state, (2, 2))
    assert red(state).altitude == 0 and of_type(events, "journey")[0]["altitude"] == 0


def test_each_cumulus_flown_over_raises_altitude_up_to_3() -> None:
    """"Each Cumulus flown over by your Aircraft raises your ALTITUDE dial by 1. The maximum
    ALTITUDE is 3." A zeppelin flying over three cumulus at ALTITUDE 2 reaches 3."""
    zep = Company("red", AircraftType.ZEPPELIN, 1, expert=True)
    clouds = {Hex(0, 1): (cu(1),), Hex(0, 2): (cu(2),), Hex(1, 2): (cu(3),)}
    game, state, _ = make((zep, BLUE), clouds=clouds)
    state = put(state, 0, Hex(0, 0), fuel=8, altitude=2)
    state, events = fly(game, state, (0, 1), (0, 2), (1, 2))
    journey = of_type(events, "journey")[0]
    assert (journey["altitude_gained"], journey["altitude"]) == (3, 3)
    low = put(make((zep, BLUE), clouds=clouds)[1], 0, Hex(0, 0), fuel=8)
    low, events = fly(game, low, (0, 1), (0, 2))
    assert red(low).altitude == 2


def test_in_flight_altitude_is_kept_between_turns() -> None:
    """"In flight, you can keep your ALTITUDE between turns." """
    game, state, _ = make(winds=("calm", "calm"))
    state = put(state, 0, Hex(0, 0), fuel=8, altitude=2)
    state, _ = fly(game, state, (0, 1))
    state, _ = apply(game, state, Pass("red"))
    state, _ = fly(game, state, (3, -1), colour="blue")
    state, _ = apply(game, state, Pass("blue"))
    assert state.turn == 2 and red(state).altitude == 2


def test_gliding_replaces_fuel_one_for_one() -> None:
    """"A. Glide to save FUEL. Replace it as follows: 1 FUEL = 1 ALTITUDE. Subtract the
    ALTITUDE after your movement." The manual's example: with 2 tiles of base movement,
    -1 ALTITUDE and -1 FUEL, or -2 ALTITUDE, or -2 FUEL."""
    game, state, _ = make()
    state = put(state, 0, Hex(0, 0), fuel=8, altitude=2)
    path = hx((0, 1), (0, 2))
    glides = sorted(a.glide for a in legal_actions(game, state)
                    if isinstance(a, Journey) and a.path == path)
    assert glides == [0, 1, 2]
    for glide, fuel, altitude in ((0, 6, 2), (1, 7, 1), (2, 8, 0)):
        after, _ = apply(game, state, Journey("red", path, glide=glide))
        assert (red(after).fuel, red(after).altitude) == (fuel, altitude)
    assert illegal(game, state, Journey("red", path, glide=3)) == "expert.glide"
    low = put(state, 0, Hex(0, 0), fuel=8, altitude=1)
    assert illegal(game, low, Journey("red", path, glide=2)) == "expert.altitude"


@pytest.mark.parametrize(("obstacle", "height"), [
    ("aircraft", 1), ("aircraft on cumulus", 1), ("storm", 1), ("tempest", 2),
    ("big tempest", 3)])
def test_crossing_an_obstacle_costs_its_stacked_height(obstacle: str, height: int) -> None:
    """"B. Cross an obstacle. In a straight line or diagonally... Use as many ALTITUDE points
    as there are stacked obstacles: 1 Aircraft = 1 ALTITUDE, 1 Aircraft on 1 Cumulus = 1
    ALTITUDE, 1 Storm = 1 ALTITUDE, 2 Storms = Tempest = 2 ALTITUDES, 3 Storms = Tempest = 3
    ALTITUDES." Red at (0, 0) crosses (0, 1) to land at (0, 2)."""
    over = Hex(0, 1)
    stacks = {"aircraft on cumulus": (cu(1),), "storm": (storm(1),),
              "tempest": (storm(1), storm(2)), "big tempest": (storm(1), storm(2), storm(3))}
    clouds = {over: stacks[obstacle]} if obstacle in stacks else {}
    game, state, _ = make(clouds=clouds)
    state = put(state, 0, Hex(0, 0), fuel=8, altitude=3)
    if obstacle.startswith("aircraft"):
        state = put(state, 1, over)
    path = (over, Hex(0, 2))
    assert Journey("red", path, cross=True) in legal_actions(game, state)
    after, events = apply(game, state, Journey("red", path, cross=True))
    journey = of_type(events, "journey")[0]
    assert (journey["crossed"], journey["height"], journey["altitude_spent"]) == \
        ([0, 1], height, height)
    assert (red(after).hex, red(after).altitude, red(after).fuel) == (Hex(0, 2), 3 - height, 6)
    short = put(state, 0, Hex(0, 0), fuel=8, altitude=height - 1)
    assert illegal(game, short, Journey("red", path, cross=True)) == "expert.altitude"


def test_a_mountain_remains_impassable_and_a_free_tile_is_no_obstacle() -> None:
    """"A Mountain remains impassable!" """
    game, state, _ = make(biomes={Hex(0, 1): Biome.MOUNTAIN})
    state = put(state, 0, Hex(0, 0), fuel=8, altitude=3)
    assert illegal(game, state, Journey("red", hx((0, 1), (0, 2)), cross=True)) == \
        "expert.cross-mountain"
    assert illegal(game, state, Journey("red", hx((1, 0), (2, 0)), cross=True)) == \
        "expert.cross-free"
    assert not any(a.cross for a in legal_actions(game, state) if isinstance(a, Journey))


def test_crossing_lands_straight_on_or_diagonally_beyond_the_obstacle() -> None:
    """"In a straight line or diagonally": from (0, 0) over (0, 1) (south), straight on is
    (0, 2), the diagonals (-1, 2) and (1, 1), 60 degrees off; nothing else."""
    game, state, _ = make(clouds={Hex(0, 1): (storm(1),)})
    state = put(state, 0, Hex(0, 0), fuel=8, altitude=3)
    lands = {a.path[1] for a in legal_actions(game, state)
             if isinstance(a, Journey) and a.cross and len(a.path) == 2}
    assert lands == set(hx((0, 2), (-1, 2), (1, 1)))
    assert illegal(game, state, Journey("red", hx((0, 1), (-1, 1)), cross=True)) == \
        "expert.cross-line"


def test_altitude_never_adds_movements() -> None:
    """"You cannot use your ALTITUDE to increase your base or bonus movements." """
    game, state, _ = make()
    state = put(state, 0, Hex(0, 0), fuel=8, altitude=3)
    assert illegal(game, state, Journey("red", hx((0, 1), (0, 2), (0, 3)), glide=3)) == \
        "journey.no-bonus"
    assert max(len(a.path) for a in legal_actions(game, state) if isinstance(a, Journey)) == 2


def test_crossing_consumes_the_base_movement_not_when_overloaded_fuel_and_bonus() -> None:
    """"CROSSING AN OBSTACLE CONSUMES ALL OF YOUR BASE MOVEMENT. It is impossible to do this
    action while overloaded. Also remember to subtract the FUEL. The bonus movement remains
    possible afterward." Over a storm onto a plain, then a bonus tile: 2 FUEL for the
    crossing (the obstacle's tile and the one beyond) and 1 for the bonus tile."""
    game, state, _ = make(biomes={Hex(0, 2): Biome.PLAIN}, clouds={Hex(0, 1): (storm(1),)})
    state = put(state, 0, Hex(0, 0), fuel=8, altitude=1)
    after, events = fly(game, state, (0, 1), (0, 2), (0, 3), cross=True)
    journey = of_type(events, "journey")[0]
    assert (journey["fuel_spent"], journey["bonus"], red(after).hex) == (3, True, Hex(0, 3))
    desert = put(state, 0, Hex(0, 0), fuel=8, altitude=1)
    assert illegal(game, desert, Journey("red", hx((0, 1), (-1, 2), (-1, 3)), cross=True)) == \
        "journey.no-bonus"
    loaded = put(state, 0, Hex(0, 0), fuel=8, altitude=1, carried=("red-1", "red-2"))
    assert illegal(game, loaded, Journey("red", hx((0, 1), (0, 2)), cross=True)) == \
        "expert.cross-overload"
    thrown = Journey("red", hx((0, 1), (0, 2)), before=Ops(throw=("red-1",)), cross=True)
    assert thrown in legal_actions(game, loaded)


def test_altitude_gained_on_a_cloud_cannot_be_used_this_turn() -> None:
    """"An Aircraft that ends its turn on a Cloud will have at least 1 ALTITUDE that cannot
    be used this turn." Red ends its journey on a cumulus: the BOOST cannot glide on that
    point; its next turn can."""
    game, state, _ = make(clouds={Hex(0, 1): (cu(1),)}, winds=("calm", "calm"))
    state = put(state, 0, Hex(0, 0), fuel=8, altitude=1)
    state, _ = fly(game, state, (0, 1), glide=1)
    assert (red(state).altitude, red(state).locked) == (1, 1)
    assert illegal(game, state, Journey("red", hx((0, 2)), boost=True, glide=1)) == \
        "expert.altitude"
    assert max(a.glide for a in legal_actions(game, state) if isinstance(a, Journey)) == 0
    state, _ = apply(game, state, Pass("red"))
    assert red(state).locked == 0
    state, _ = fly(game, state, (3, -1), colour="blue")
    state, _ = apply(game, state, Pass("blue"))
    assert state.turn == 2  # blue is first this turn; red's turn comes after it
    state = state.evolve(order=(0, 1))
    assert max(a.glide for a in legal_actions(game, state) if isinstance(a, Journey)) == 1
    capped = put(state, 0, Hex(0, 0), fuel=8, altitude=3, locked=0)
    capped, _ = fly(game, capped.evolve(order=(0, 1)), (0, 1))
    assert (red(capped).altitude, red(capped).locked) == (3, 1)  # at the cap, still 1


# --- mixed tables, hidden information, options ------------------------------------------------


def test_new_recruits_keep_the_base_rules_at_a_mixed_table() -> None:
    """"Playable asymmetrically, this mode allows the most seasoned pilots to fly in EXPERT
    without disturbing new recruits, during the same game." Blue has no tank, no dial, no
    Jerrycan: it cannot glide, cross or flip, and lands in every city of its region."""
    game, state, _ = make()
    state, _ = fly(game, state, (-2, 3))
    state, _ = apply(game, state, Pass("red"))
    assert not any(isinstance(a, Flip) or a.glide or a.cross
                   for a in legal_actions(game, state) if not isinstance(a, Pass))
    state = put(state, 1, Hex(3, -1))
    assert illegal(game, state, Journey("blue", hx((3, 0)), glide=1)) == "expert.not-expert"
    assert illegal(game, state, Flip("blue")) == "expert.not-expert"
    assert all(h in game.cities for h in (Hex(4, -1), Hex(4, -3)))


def test_the_jerrycan_lies_face_down_for_every_company() -> None:
    """"place it face down [...] without looking at its content": a company's view shows
    whether each tank's Jerrycan is full or empty, never its content (its own included);
    the referee sees it all. Logs read by a company hide the Jerrycans drawn."""
    game, state, events = make(cans=(6,))
    for who in ("red", "blue"):
        seen = view(game, state, who)
        tank = seen["companies"][0]["expert"]
        assert tank == {"fuel": 10, "altitude": 0, "locked": 0, "jerrycan": "face-down",
                        "content": None, "covered": [-3, 4]}
        assert seen["jerrycans"] == {"pile": 9, "values": None}
        assert "expert" not in seen["companies"][1]
        assert {"jerrycan": 6} not in event_view(game, events[0], who)["draws"]
    referee = view(game, state, None)
    assert referee["companies"][0]["expert"]["content"] == 6
    assert len(referee["jerrycans"]["values"]) == 9


def test_a_table_may_let_each_pilot_peek_at_its_own_jerrycan() -> None:
    """Where players could disagree (``jerrycans_known: owner``): each pilot knows its own
    Jerrycan's content, and only its own, in its view and in its log."""
    two = (RED, Company("blue", AircraftType.SEAPLANE, 3, expert=True))
    game, state, events = make(two, cans=(6, 3), rules=ExpertRules(jerrycans_known="owner"))
    for who, own, other in (("red", 6, 1), ("blue", 3, 0)):
        seen = view(game, state, who)["companies"]
        assert seen[0 if who == "red" else 1]["expert"]["content"] == own
        assert seen[other]["expert"]["content"] is None
        draws = [d for d in event_view(game, events[0], who)["draws"] if "jerrycan" in d]
        assert draws == ([{"jerrycan": 6}, {"jerrycan": None}] if who == "red"
                         else [{"jerrycan": None}, {"jerrycan": 3}])


def test_options_crossing_for_one_movement_and_free_take_off_and_landing() -> None:
    """Where players could disagree (``ExpertRules``): a crossing for 1 movement, and take-off
    and landing that cost no FUEL."""
    rules = ExpertRules(crossing_moves=1, ground_steps=False)
    game, state, _ = make(clouds={Hex(0, 1): (storm(1),)}, rules=rules)
    flying = put(state, 0, Hex(0, 0), fuel=8, altitude=1)
    after, _ = fly(game, flying, (0, 1), (0, 2), cross=True)
    assert red(after).fuel == 7
    after, _ = fly(game, state, (-2, 3), (-2, 2))
    assert red(after).fuel == 9  # the take-off is free
    assert events_of_setup(game)["expert"] == {"jerrycans": list(JERRYCANS),
                                               "crossing_moves": 1, "ground_steps": False,
                                               "runways": False, "jerrycans_known": "nobody"}


def events_of_setup(game: Game) -> Event:
    return new_game(game.landscape, game.companies, 1, expert_rules=game.expert)[2][0]


def test_the_box_needs_a_jerrycan_for_each_tank_and_a_draw_pile() -> None:
    with pytest.raises(InputError) as excinfo:
        make(rules=ExpertRules(jerrycans=(5,)))
    assert {p.rule for p in excinfo.value.problems} == {"setup.jerrycans"}


# --- scenario files -------------------------------------------------------------------------


def test_the_expert_example_is_valid() -> None:
    r = run("scenario", "validate", str(EXAMPLE))
    assert (r.exit_code, r.stderr) == (0, "")
    assert r.stdout.endswith("ok: turbulences, classic, 4 companies (red biplane in region 1 "
                             "(EXPERT), blue seaplane in region 2 (EXPERT), green zeppelin in "
                             "region 4 (EXPERT), yellow biplane in region 5), normal "
                             "landscape with half-tiles\n")


def test_scenario_errors_are_located(tmp_path: Path) -> None:
    """Dials, the Jerrycans of the box, and the Half-tiles module, on exactly when the map
    has half-tiles."""
    text = EXAMPLE.read_text().replace(
        "map: ../maps/turbulences-normal-half-tiles-seed-18.yaml",
        f"map: {EXAMPLE.parent.parent}/maps/turbulences-normal-seed-3.yaml")
    text = text.replace("region: 2, city: 1, expert: true, dial: 3",
                        "region: 2, city: 1, expert: true, dial: 1")
    text = text.replace("{colour: yellow, aircraft: biplane, region: 5}",
                        "{colour: yellow, aircraft: biplane, region: 5, dial: 3}")
    text = text.replace("runways: true}", "runways: true, jerrycans: [7, 6, 5]}").replace(
        "jerrycans: [7, 6, 6, 5, 5, 4, 4, 3, 3, 0], ", "")
    path = tmp_path / "s.yaml"
    path.write_text(text)
    r = run("scenario", "validate", str(path), "--allow-outside-refs")
    assert (r.exit_code, r.stderr) == (1, "")
    out = r.stdout
    assert f"{path}:14:80: error: city 1 holds the airport: the ALTITUDE dial covers a free " \
        "city of the region [scenario.dial]\n" in out
    assert f"{path}:16:58: error: only an EXPERT company has an ALTITUDE dial " \
        "[scenario.dial]\n    hint: add expert: true\n" in out
    assert f"{path}:21:22: error: the Half-tiles module is on but the map has no half-tiles " \
        "[scenario.half-tiles]\n    hint: generate a map with --half-tiles\n" in out
    assert "3 Jerrycans for 3 EXPERT companies" in out
    assert all(line.startswith((f"{path}:", "    hint: ")) for line in out.splitlines())


def test_a_replayed_expert_game_reads_in_words() -> None:
    """The text account says what each EXPERT journey cost, the Jerrycans and refuelling."""
    face, scenario, _ = load_scenario(str(EXAMPLE))
    played = playout(face.ruleset, scenario, 3, greedy, cap=60)
    replay = play(start(face.ruleset, scenario), played.actions, strict=True)
    assert face.words is not None
    text = face.words.account(replay.events)
    assert "EXPERT, ALTITUDE dial on the city (-3,4)" in text
    assert "[FUEL -" in text and "refuels: FUEL 10" in text


def test_boards_show_the_tanks_and_the_covered_cities(tmp_path: Path) -> None:
    """A printed position shows each EXPERT company's FUEL, ALTITUDE and Jerrycan (full or
    empty, never its content) and its ALTITUDE dial on the city it covers."""
    moves = ROOT / "tests" / "golden" / "turbulences-expert-4.moves.yaml"
    out = tmp_path / "board.svg"
    r = run("board", str(moves), "--at", "30", "-o", str(out))
    assert (r.exit_code, r.stderr) == (0, f"wrote board {out}\n")
    svg = out.read_text()
    assert all(f'id="dial-{c}"' in svg for c in ("red", "blue", "green"))
    assert 'id="dial-yellow"' not in svg
    assert svg.count("EXPERT FUEL") == 3 and "Jerrycan face-down" in svg
    page = tmp_path / "red.html"
    r = run("view", str(moves), "--seat", "red", "-o", str(page))
    assert r.exit_code == 0 and r.stderr.startswith("wrote ")
    assert "EXPERT" in page.read_text() and "Jerrycan" in page.read_text()


# --- the Half-tiles module ------------------------------------------------------------------

HALF_MAP = ROOT / "examples" / "maps" / "turbulences-normal-half-tiles-seed-18.yaml"


def test_half_tiles_make_a_directional_bonus() -> None:
    """Half-Tiles: "2 half-tiles can thus form a hexagonal tile representing 2 different
    biomes. Their bonus is therefore directional (for example PLAIN -> SEA: the bonus depends
    on the side the Aircraft enters from)". The hex (0, 1) is plain, with a sea half on its
    N, NE and NW sides (its middle side N): red's biplane entering from (0, 0) (north) crosses
    the sea half, no bonus; entering from (1, 1) (its SE side) it crosses the plain half
    and takes its bonus. Blue's seaplane, the other way round."""
    halves = {Hex(0, 1): Half(Biome.SEA, Direction.N)}
    tiles = {h: Biome.DESERT for h in landscape_hexes()}
    tiles[Hex(0, 1)] = Biome.PLAIN
    land = Landscape(biomes=tiles, clouds={}, halves=halves)
    pinned = ({"first": "red"}, *({"weight": w} for w in (5, 4, 3, 2, 2) * 2),
              {"jerrycan": 5}, {"wind": "calm"})
    game, state, _ = new_game(land, (RED, BLUE), 7, pinned=pinned)
    from_north = put(state, 0, Hex(0, -1), fuel=8)
    assert illegal(game, from_north, Journey("red", hx((0, 0), (0, 1), (0, 2)))) == \
        "journey.no-bonus"
    from_east = put(state, 0, Hex(2, 1), fuel=8)
    _, events = fly(game, from_east, (1, 1), (0, 1), (-1, 2))
    assert of_type(events, "journey")[0]["bonus"] is True
    blue = put(state, 1, Hex(0, -1)).evolve(order=(1, 0))
    _, events = fly(game, blue, (0, 0), (0, 1), (0, 2), colour="blue")
    assert of_type(events, "journey")[0]["bonus"] is True
    blue = put(state, 1, Hex(2, 1)).evolve(order=(1, 0))
    assert illegal(game, blue, Journey("blue", hx((1, 1), (0, 1), (-1, 2)))) == \
        "journey.no-bonus"


def test_the_generator_lays_the_six_half_tiles_in_place_of_three_tiles() -> None:
    """"SETUP. Remove one PLAIN, one SEA and one DESERT tile then add the six half-tiles
    before creating the landscape": 11 plain and 11 sea full tiles, and three hexes of two
    different biomes (plain and sea, plain and desert, sea and desert). Without the module
    the same seed gives the same map as ever."""
    land = generate_landscape(18, Difficulty.NORMAL, half_tiles=True)
    assert len(land.halves) == 3
    assert sorted(tuple(sorted((land.biomes[h].value, half.biome.value)))
                  for h, half in land.halves.items()) == \
        [("desert", "plain"), ("desert", "sea"), ("plain", "sea")]
    full = Counter(b for h, b in land.biomes.items() if h not in land.halves)
    assert (full[Biome.PLAIN], full[Biome.SEA]) == (11, 11)
    assert check_landscape(land) == []
    assert generate_landscape(18, Difficulty.NORMAL, half_tiles=True) == land
    plain = generate_landscape(18, Difficulty.NORMAL)
    assert not plain.halves and landscape_to_dict(plain) == \
        landscape_to_dict(generate_landscape(18, Difficulty.NORMAL))
    assert landscape_from_dict(landscape_to_dict(land)) == land


def test_the_checker_knows_the_box_half_tiles() -> None:
    land = generate_landscape(18, Difficulty.NORMAL, half_tiles=True)
    h, half = next(iter(land.halves.items()))
    same = Landscape(biomes=dict(land.biomes), clouds=dict(land.clouds),
                     halves={**land.halves, h: Half(land.biomes[h], half.side)})
    assert "setup.half-tiles" in {v.rule for v in check_landscape(same)}
    extra = next(k for k in land.biomes if k not in land.halves
                 and land.biomes[k] is Biome.PLAIN)
    four = Landscape(biomes=dict(land.biomes), clouds=dict(land.clouds),
                     halves={**land.halves, extra: Half(Biome.SEA, Direction.S)})
    messages = [v.message for v in check_landscape(four) if v.rule == "setup.half-tiles"]
    assert any("4 hexes of half-tiles" in m for m in messages)
    assert any("sea half-tiles, more than the 2 in the box" in m for m in messages)


def test_map_generate_and_board_with_half_tiles(tmp_path: Path) -> None:
    out = tmp_path / "half.yaml"
    r = run("map", "generate", "--game", "turbulences", "--half-tiles", "--seed", "18",
            "-o", str(out))
    assert (r.exit_code, r.stderr) == (0, "")
    assert out.read_text() == HALF_MAP.read_text()
    r = run("map", "check", str(out))
    assert r.exit_code == 0 and "3 of half-tiles" in r.stdout
    r = run("map", "generate", "--half-tiles", "--seed", "1")
    assert r.exit_code == 2 and "--half-tiles is for --game turbulences" in r.stderr
    svg = tmp_path / "half.svg"
    assert run("board", str(HALF_MAP), "-o", str(svg)).exit_code == 0
    text = svg.read_text()
    land = landscape_from_dict(yaml.safe_load(HALF_MAP.read_text()))
    assert all(f'id="half-{h.q}-{h.r}"' in text for h in land.halves)


def test_map_stats_and_show_tell_the_half_tiles() -> None:
    r = run("map", "stats", str(HALF_MAP))
    assert "hexes: 37 (plain 11, sea 11, desert 10, mountain 2, 3 of half-tiles)" in r.stdout
    r = run("map", "show", str(HALF_MAP))
    assert r.stdout.count("/") >= 1 and "half-tiles: P/ a hex of two half-tiles" in r.stdout
    plain = run("map", "stats", str(ROOT / "examples" / "maps" / "turbulences-normal-seed-3.yaml"))
    assert "half-tiles" not in plain.stdout


# --- the Emergency Runway module --------------------------------------------------------------

RUNWAYS = ExpertRules(runways=True)


def test_a_crash_for_lack_of_fuel_drops_the_parcels_on_a_new_runway() -> None:
    """Emergency Runway: "A. In case of a crash due to lack of FUEL only... you can drop
    your Parcels on the landscape tile where your Aircraft is located if a Runway of the same
    colour as the tile is available in the LANDSCAPE box, but your Aircraft is still
    destroyed. Replace the landscape tile with the Runway and place your Parcels saved at the
    last moment on it. The installed Runway is permanent." Without the module they are
    lost."""
    game, state, _ = make(rules=RUNWAYS)
    dry = put(state, 0, Hex(0, 0), fuel=1, carried=("red-2", "red-3"))
    after, events = fly(game, dry, (0, 1))
    assert of_type(events, "runway_built") == [
        {"type": "runway_built", "company": "red", "hex": [0, 1], "biome": "desert",
         "parcels": ["red-2", "red-3"]}]
    assert of_type(events, "aircraft_destroyed")[0]["cause"] == "fuel"
    assert red(after).hex is None and after.runways == {Hex(0, 1): ("red-2", "red-3")}
    assert not after.lost and "drops red-2, red-3 on a new desert runway" in \
        account_line(of_type(events, "runway_built")[0])
    game_off, state_off, _ = make()
    lost, _ = fly(game_off, put(state_off, 0, Hex(0, 0), fuel=1, carried=("red-2",)), (0, 1))
    assert "red-2" in lost.lost and not lost.runways
    full = dry.evolve(runways={Hex(2, -2): (), Hex(-2, 2): ()})  # both desert runways built
    after, events = fly(game, full, (0, 1))
    assert not of_type(events, "runway_built") and "red-2" in after.lost
    storm = put(state, 0, Hex(0, 0), fuel=1)
    after, events = fly(game, storm, (0, 1))
    assert not of_type(events, "runway_built") and not after.runways  # nothing to drop


def test_a_runway_works_like_a_neutral_airport_of_two_spaces() -> None:
    """"B. A Runway works like a neutral Airport with a SHIPPING ZONE of 2 spaces [...] You
    can end your JOURNEY on an accessible Runway to block it. C. An Aircraft that ends its
    JOURNEY on an accessible Runway is on the ground (ALTITUDE = 0) [...] You can look at,
    load or even unload your Parcels (in transit) there depending on the space available.
    An Aircraft on the ground is always an obstacle!" Blue, a new recruit, uses it too."""
    game, state, _ = make(rules=RUNWAYS)
    runway = Hex(1, 0)
    state = state.evolve(runways={runway: ("blue-1",)}, order=(1, 0))
    state = put(state, 1, Hex(3, -1))
    after, events = fly(game, state, (2, -1), (1, 0), colour="blue",
                        after=Ops(load=("blue-1",), unload=()))
    journey = of_type(events, "journey")[0]
    assert (journey["landed"], journey["runway"]) == (True, True)
    assert after.planes[1].grounded and after.planes[1].carried == ("blue-1",)
    assert after.runways[runway] == ()
    assert "lands on the runway" in account_line(journey)
    # an obstacle for the others
    blocked = put(after.evolve(order=(0, 1)), 0, Hex(0, 0), fuel=8)
    assert not any(isinstance(a, Journey) and runway in a.path
                   for a in legal_actions(game, blocked))
    # two spaces: a third parcel finds no room
    crowded = put(state.evolve(runways={runway: ("red-1", "red-2")}), 1, Hex(2, -1),
                  carried=("blue-1",))
    assert illegal(game, crowded, Journey("blue", hx((1, 0)), after=Ops(unload=("blue-1",)))) \
        == "parcel.no-space"


def test_flying_over_a_runway_or_ending_on_a_covered_one_is_flying() -> None:
    """"it can be covered by a Cloud, and therefore temporarily inaccessible. During your
    JOURNEY, you can ignore the Runway and fly over the tile normally. Its bonus colour
    remains available." The manual's picture: "with 0 FUEL and 0 ALTITUDE, landing is
    possible on an accessible Runway and impossible if a Cloud covers it"."""
    game, state, _ = make(biomes={Hex(0, 1): Biome.PLAIN}, rules=RUNWAYS)
    state = state.evolve(runways={Hex(0, 1): ()})
    over = put(state, 0, Hex(0, 0), fuel=8)
    after, events = fly(game, over, (0, 1), (0, 2))
    assert not red(after).grounded and of_type(events, "journey")[0]["landed"] is False
    _, events = fly(game, put(state, 0, Hex(0, -1), fuel=8), (0, 0), (0, 1), (0, 2))
    assert of_type(events, "journey")[0]["bonus"] is True  # the plain's colour remains
    last = put(state, 0, Hex(0, 0), fuel=1)
    landed, events = fly(game, last, (0, 1))
    assert red(landed).grounded and red(landed).hex == Hex(0, 1) and red(landed).fuel == 0
    assert not of_type(events, "aircraft_destroyed")
    covered = last.evolve(clouds={Hex(0, 1): (storm(1),)})
    assert illegal(game, covered, Journey("red", hx((0, 1)))) == "journey.obstacle"


def test_an_aircraft_on_a_runway_remains_sensitive_to_the_weather() -> None:
    """"C. [...] on the ground (ALTITUDE = 0) but remains sensitive to the weather!"
    "Remember to load or unload your Parcels quickly because if a Cumulus covers the Runway
    during the next weather phase, it will be too late." A cumulus sliding under red on its
    runway lifts it (in flight again, +1 ALTITUDE); blocked on a runway it passes."""
    game, state, _ = make(clouds={Hex(0, -1): (cu(1),)}, winds=("calm", "S"), rules=RUNWAYS)
    state = state.evolve(runways={Hex(0, 0): ()}, order=(1,))
    state = put(state, 0, Hex(0, 0), fuel=5, grounded=True)
    state = put(state, 1, Hex(3, 1))
    state, _ = fly(game, state, (2, 1), colour="blue")
    state, events = apply(game, state, Pass("blue"))
    assert of_type(events, "cumulus_under")[0]["company"] == "red"
    assert not red(state).grounded and red(state).altitude == 1
    game, state, _ = make(clouds={h: (storm(k),) for k, h in enumerate(
        Hex(0, 0).neighbors(), 1)}, rules=RUNWAYS)
    stuck = put(state.evolve(runways={Hex(0, 0): ()}), 0, Hex(0, 0), fuel=5, grounded=True)
    assert legal_actions(game, stuck) == [Flip("red"), Pass("red")]
    after, events = apply(game, stuck, Pass("red"))
    assert of_type(events, "passed")[0]["reason"] == "blocked" and red(after).hex == Hex(0, 0)


def test_runways_in_positions_boards_and_views(tmp_path: Path) -> None:
    """A random game of the example builds a runway: the position there round-trips through
    a scenario file, its board draws the runway (with its parcels) and a view lists it."""
    face, scenario, _ = load_scenario(str(EXAMPLE))
    played = playout(face.ruleset, scenario, 1, cap=25)
    replay = play(start(face.ruleset, scenario), played.actions, strict=True)
    built = next(e for e in replay.events if e["type"] == "runway_built")
    game, state, _ = face.ruleset.new_game(scenario)
    for action in played.actions[:built["entry"] + 1]:
        state, _ = face.ruleset.apply(game, state, action)
    assert state.runways and face.ruleset.actor(game, state) is not None
    position = face.ruleset.position(game, state)
    assert position["runways"][0]["hex"] == built["hex"]
    doc = yaml.safe_load(EXAMPLE.read_text())
    doc["map"] = str(HALF_MAP)
    doc["position"] = position
    path = tmp_path / "runway.yaml"
    path.write_text(yaml.safe_dump(doc))
    _, again, _ = load_scenario(str(path), References(outside=True))
    assert again.new_game()[1] == state
    svg = tmp_path / "runway.svg"
    r = run("board", str(path), "-o", str(svg), "--allow-outside-refs")
    assert (r.exit_code, r.stderr) == (0, f"wrote board {svg}\n")
    q, rr = built["hex"]
    assert f'id="runway-{q}-{rr}"' in svg.read_text()
    seen = view(game, state, "yellow")
    assert seen["runways"][0]["hex"] == built["hex"]


# --- whole games ------------------------------------------------------------------------------


def test_random_expert_games_keep_the_tanks_dials_and_jerrycans_consistent() -> None:
    """Seeded random games of the example: FUEL 0-10, ALTITUDE 0-3 and 0 on the ground,
    the ALTITUDE gained this turn never more than the dial shows, and the Jerrycans on the
    tanks and in the pile always the box's ten."""
    face, scenario, _ = load_scenario(str(EXAMPLE))
    rules = face.ruleset
    for seed in range(4):
        played = playout(rules, scenario, seed, cap=20)
        game, state, _ = rules.new_game(scenario)
        for action in played.actions:
            state, _ = rules.apply(game, state, action)
            tanks = [p.jerrycan for p, c in zip(state.planes, game.companies, strict=True)
                     if c.expert]
            assert sorted([*state.pile, *tanks]) == sorted(JERRYCANS)
            for plane, company in zip(state.planes, game.companies, strict=True):
                if not company.expert:
                    assert plane.fuel is None and plane.altitude == 0
                    continue
                assert plane.fuel is not None and 0 <= plane.fuel <= 10
                assert 0 <= plane.locked <= plane.altitude <= 3
                if plane.hex is None or plane.hex not in game.tiles or plane.grounded:
                    assert plane.altitude == 0
                assert plane.hex != company.covered


def test_greedy_expert_games_finish() -> None:
    face, scenario, _ = load_scenario(str(EXAMPLE))
    for seed in range(3):
        played = playout(face.ruleset, scenario, seed, greedy, GREEDY_CAP)
        assert not played.capped and face.ruleset.actor(played.game, played.state) is None
