"""Turbulences special powers (rulebook section 10): a test per sentence of the Parachute,
Lightning Strike and the Legendary Aircraft, each quoting it, the gaps decided in
docs/rules-notes.md, positions that carry the new pieces, and random legal games with every
power that replay to the same log.

The hand-built situations use a landscape of desert tiles (seas and mountains added where a
test needs them), with red (a biplane, region 1, airport (-2, 4) next to the tiles (-2, 3)
and (-1, 3)), blue (a seaplane, region 3, airport (4, -2)) and green (a zeppelin, region 5,
destroyed: its pass ends the turn, so that the weather phase follows). The winds are pinned:
the first weather phase is calm, the second blows as the test says.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from skyhex.games import load_scenario, playout, ruleset
from skyhex.render.turbulences.account import account
from skyhex.rules.errors import IllegalActionError, InputError
from skyhex.rules.hexgrid import Hex
from skyhex.rules.replay import play, start
from skyhex.rules.turbulences.actions import (
    Journey,
    Ops,
    Pass,
    Power,
    action_from_entry,
    action_to_entry,
)
from skyhex.rules.turbulences.aircraft import AircraftType, BonusColour, tile_colour
from skyhex.rules.turbulences.engine import apply, legal_actions, new_game, view
from skyhex.rules.turbulences.landscape import (
    Biome,
    CloudSide,
    CloudToken,
    Landscape,
    Stack,
    landscape_hexes,
)
from skyhex.rules.turbulences.position import position_block
from skyhex.rules.turbulences.powers import PowerRules
from skyhex.rules.turbulences.state import Chute, Company, Game, Phase, State
from skyhex.schemas import conforms, validator

from ..conftest import ROOT

BIPLANE, SEAPLANE, ZEPPELIN, FAKIR, BESIXDOUZE, SAVOIA = AircraftType
RED = Company("red", BIPLANE, 1)
BLUE = Company("blue", SEAPLANE, 3)
GREEN = Company("green", ZEPPELIN, 5)
RED_AIRPORT = Hex(-2, 4)
BOTH = PowerRules(parachute=True, lightning=True)
CENTRE = Hex(0, 0)
Event = dict[str, Any]


def cu(token: int) -> CloudToken:
    return CloudToken(token, CloudSide.CUMULUS)


def storm(token: int) -> CloudToken:
    return CloudToken(token, CloudSide.STORM)


def make(companies: Sequence[Company] = (RED, BLUE, GREEN), *,
         biomes: Mapping[Hex, Biome] | None = None, clouds: Mapping[Hex, Stack] | None = None,
         wind: str = "calm", powers: PowerRules = BOTH, first: str = "red"
         ) -> tuple[Game, State]:
    """A game on a desert landscape; parcels n = 1-5 of each colour weigh 5, 4, 3, 2, 2; the
    first weather phase is calm, the second blows ``wind``."""
    tiles = {h: Biome.DESERT for h in landscape_hexes()}
    tiles.update(biomes or {})
    pinned: list[dict[str, Any]] = [{"first": first}]
    for _ in companies:
        pinned += [{"weight": w} for w in (5, 4, 3, 2, 2)]
    pinned += [{"jerrycan": 5} for c in companies if c.expert]
    pinned += [{"wind": "calm"}, {"wind": wind}]
    game, state, _ = new_game(Landscape(biomes=tiles, clouds=dict(clouds or {})), companies,
                              seed=7, pinned=tuple(pinned), powers=powers)
    return game, state


def put(state: State, index: int, hex_: Hex | None, **changes: Any) -> State:
    """Move company ``index``'s aircraft (taking carried parcels out of the shipping zones)."""
    for p in changes.get("carried", ()):
        state = state.evolve(shipping=tuple(tuple(x for x in z if x != p)
                                            for z in state.shipping))
    return state.with_plane(index, state.planes[index].evolve(hex=hex_, **changes))


def turn_of(state: State, index: int) -> State:
    return state.evolve(order=(index, *(i for i in state.order if i != index)),
                        phase=Phase.PILOTING)


def blow(game: Game, state: State) -> tuple[State, list[Event]]:
    """End turn 2 by green's pass (its aircraft destroyed): the second weather phase."""
    green = game.index("green")
    assert green is not None
    state = put(state, green, None).evolve(turn=2, order=(green,), phase=Phase.PILOTING)
    return apply(game, state, Pass("green"))


def of_type(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def illegal(game: Game, state: State, action: Any) -> str:
    with pytest.raises(IllegalActionError) as excinfo:
        apply(game, state, action)
    return excinfo.value.rule


def H(q: int, r: int) -> Hex:
    return Hex(q, r)


# --- The Parachute ------------------------------------------------------------------------


def test_the_parachute_is_reserved_at_take_off_from_your_airport() -> None:
    """"If the Parachute is available when you take off from your Airport, you can reserve
    it: replace your BOOST with the Parachute pawn.\""""
    game, state = make()
    legal = legal_actions(game, state)
    assert Journey("red", (H(-2, 3),), parachute=True) in legal
    after, events = apply(game, state, Journey("red", (H(-2, 3),), parachute=True))
    assert of_type(events, "parachute_reserved") == [{"type": "parachute_reserved",
                                                      "company": "red"}]
    assert after.planes[0].parachute and not after.planes[0].boost
    # in flight, it is too late: the Parachute is reserved when taking off
    flying = turn_of(put(state, 0, H(0, 0)), 0)
    assert not any(isinstance(a, Journey) and a.parachute for a in legal_actions(game, flying))
    assert illegal(game, flying, Journey("red", (H(0, 1),), parachute=True)) \
        == "parachute.airport"


def test_the_parachute_cancels_playing_again_and_is_one_per_table() -> None:
    """"it replaces your BOOST and therefore cancels the possibility of playing again at the
    end of the turn." MYSTERY box: "x1 PARACHUTE pawn"."""
    game, state = make()
    after, _ = apply(game, state, Journey("red", (H(-2, 3),), parachute=True))
    assert after.phase is Phase.PILOTING and after.actor != 0  # no BOOST offered
    blue = turn_of(after, 1)
    assert not any(isinstance(a, Journey) and a.parachute for a in legal_actions(game, blue))
    assert illegal(game, blue, Journey("blue", (H(3, -2),), parachute=True)) \
        == "parachute.unavailable"


def test_the_parachute_cannot_be_used_by_legendary_aircraft() -> None:
    """"It cannot be used by Legendary Aircraft.\""""
    fakir = Company("red", FAKIR, 1)
    game, state = make((fakir, BLUE, GREEN))
    assert not any(isinstance(a, Journey) and a.parachute for a in legal_actions(game, state))
    assert illegal(game, state, Journey("red", (H(-2, 3),), parachute=True)) \
        == "parachute.legendary"


def test_no_parachute_without_the_power() -> None:
    game, state = make(powers=PowerRules())
    assert not any(isinstance(a, Journey) and a.parachute for a in legal_actions(game, state))
    assert illegal(game, state, Journey("red", (H(-2, 3),), parachute=True)) \
        == "parachute.not-played"


def _riding_into_a_mountain(wind: str = "N") -> tuple[Game, State]:
    """Red, Parachute reserved, carrying blue... no: red-1 (5 kg) and red-4 (2 kg), rides the
    cumulus 1 at (0, 0) blown north against the mountain at (0, -1)."""
    game, state = make(biomes={H(0, -1): Biome.MOUNTAIN}, clouds={H(0, 0): (cu(1),)},
                       wind=wind)
    state = put(state, 0, H(0, 0), carried=("red-1", "red-4"), boost=False, parachute=True)
    return game, state


def test_a_storm_crash_opens_the_parachute_on_the_calmed_cloud() -> None:
    """"If your Aircraft was destroyed by a Storm or by a collision... and only in these
    cases. You can place your Parachute with your Parcels on the Cloud token covering the
    tile of the crash (if the token is a Storm, it calms down and becomes a Cumulus).\""""
    game, state = _riding_into_a_mountain()
    after, events = blow(game, state)
    assert of_type(events, "aircraft_destroyed")[0]["cause"] == "storm"
    assert after.planes[0].hex is None and not after.planes[0].parachute
    assert after.chute == Chute(H(0, 0), ("red-1", "red-4"), 0)
    assert after.clouds[H(0, 0)] == (cu(1),)
    flipped = of_type(events, "cloud_flipped")
    assert flipped[-1] == {"type": "cloud_flipped", "token": 1, "hex": [0, 0],
                           "side": "cumulus", "reason": "parachute"}
    assert not of_type(events, "parcels_lost")


def test_a_collision_opens_the_parachute_too() -> None:
    """"destroyed by a Storm or by a collision": A, the cumulus carries red onto blue."""
    game, state = make(clouds={H(0, 0): (cu(1),)}, wind="N")
    state = put(state, 0, H(0, 0), carried=("red-1",), boost=False, parachute=True)
    state = put(state, 1, H(0, -1))
    after, events = blow(game, state)
    assert {e["company"] for e in of_type(events, "aircraft_destroyed")} == {"red", "blue"}
    assert after.chute == Chute(H(0, -1), ("red-1",), 0)


def test_only_in_these_cases_a_lost_aircraft_loses_its_parcels() -> None:
    """"...and only in these cases": an aircraft blown off the board (G) loses its parcels,
    and its reserved Parachute goes back to the table."""
    game, state = make(clouds={H(-3, 0): (cu(1),)}, wind="NW")
    state = put(state, 0, H(-3, 0), carried=("red-1",), boost=False, parachute=True)
    after, events = blow(game, state)
    assert of_type(events, "aircraft_destroyed")[0]["cause"] == "lost"
    assert after.chute is None and "red-1" in after.lost
    assert of_type(events, "parachute_returned") == [
        {"type": "parachute_returned", "company": "red", "reason": "crash"}]
    assert not any(p.parachute for p in after.planes)


def test_an_aircraft_blocked_in_flight_does_not_open_it() -> None:
    """Destroyed because it is blocked (no storm, no collision): the parcels are lost."""
    biomes = {h: Biome.MOUNTAIN for h in H(0, 0).neighbors()}
    game, state = make(biomes=biomes)
    state = turn_of(put(state, 0, H(0, 0), carried=("red-1",), boost=False, parachute=True), 0)
    assert legal_actions(game, state) == [Pass("red")]
    after, _ = apply(game, state, Pass("red"))
    assert after.chute is None and "red-1" in after.lost


def test_an_empty_aircraft_leaves_the_parachute_on_the_table() -> None:
    """Decision: a crash carrying nothing opens no (empty) Parachute."""
    game, state = _riding_into_a_mountain()
    state = put(state, 0, H(0, 0), carried=())
    after, events = blow(game, state)
    assert after.chute is None and not of_type(events, "parachute_opened")
    assert of_type(events, "parachute_returned")[0]["reason"] == "crash"


def test_on_your_turn_you_recover_and_recharge_your_boost() -> None:
    """"On your turn, you recover and recharge your BOOST.\""""
    game, state = _riding_into_a_mountain()
    after, _ = blow(game, state)
    red_turn = turn_of(after, 0)
    passed, events = apply(game, red_turn, Pass("red"))
    assert of_type(events, "boost_recharged") == [{"type": "boost_recharged",
                                                   "company": "red"}]
    assert passed.planes[0].boost


def test_the_parachute_moves_with_its_cumulus() -> None:
    """"The Parachute will be moved by the winds with the Cumulus it is flying over.\""""
    game, state = make(clouds={H(0, 0): (cu(1),)}, wind="S")
    state = state.evolve(chute=Chute(H(0, 0), ("red-1",), 0))
    after, events = blow(game, state)
    assert after.chute == Chute(H(0, 1), ("red-1",), 0)
    assert of_type(events, "parachute_carried") == [
        {"type": "parachute_carried", "from": [0, 0], "to": [0, 1], "token": 1}]


def test_the_parachute_is_destroyed_like_an_aircraft() -> None:
    """"It can therefore be destroyed with its cargo in the same way as Aircraft (section
    7.3)": its cumulus turns into a storm against a mountain (B); carried onto an aircraft,
    both collide (A)."""
    game, state = make(biomes={H(0, -1): Biome.MOUNTAIN}, clouds={H(0, 0): (cu(1),)},
                       wind="N")
    state = state.evolve(chute=Chute(H(0, 0), ("red-1",), 0))
    after, events = blow(game, state)
    assert after.chute is None and "red-1" in after.lost
    assert of_type(events, "parachute_destroyed")[0]["cause"] == "storm"
    assert of_type(events, "parcels_lost") == [{"type": "parcels_lost", "company": "red",
                                                "parcels": ["red-1"], "reason": "parachute"}]
    game, state = make(clouds={H(0, 0): (cu(1),)}, wind="N")
    state = put(state.evolve(chute=Chute(H(0, 0), ("red-1",), 0)), 1, H(0, -1))
    after, events = blow(game, state)
    assert after.chute is None and after.planes[1].hex is None
    assert of_type(events, "aircraft_destroyed")[0]["other"] == "parachute"


def test_a_parachute_blown_toward_an_airport_delivers_or_leaves_in_transit() -> None:
    """"If the Parachute is blown toward an Airport, its Parcels are delivered, put in
    transit or destroyed depending on the space available." Toward red's airport, red's
    parcels are delivered; toward a neutral airport they wait there in transit."""
    game, state = make(clouds={H(-2, 3): (cu(1),)}, wind="S")
    state = put(state, 0, H(1, -1))  # away from its airport
    state = state.evolve(chute=Chute(H(-2, 3), ("red-1", "red-2"), 0))
    state = state.evolve(shipping=tuple(tuple(p for p in z if p not in ("red-1", "red-2"))
                                        for z in state.shipping))
    after, events = blow(game, state)
    assert after.chute is None
    assert after.planes[0].delivered == ("red-1", "red-2")
    landed = of_type(events, "parachute_landed")[0]
    assert landed["delivered"] == ["red-1", "red-2"] and landed["airport"]
    # region 2's neutral airport (2, 2), below (2, 1): in transit there
    game, state = make(clouds={H(2, 1): (cu(1),)}, wind="S")
    state = state.evolve(chute=Chute(H(2, 1), ("red-1",), 0), shipping=tuple(
        tuple(p for p in z if p != "red-1") for z in state.shipping))
    after, events = blow(game, state)
    assert "red-1" in after.shipping[1] and after.chute is None
    assert of_type(events, "parachute_landed")[0]["in_transit"] == ["red-1"]


def test_a_full_airport_destroys_what_it_cannot_hold() -> None:
    """"...or destroyed depending on the space available": blue's airport (region 3) holds
    five parcels already."""
    game, state = make(clouds={H(3, -2): (cu(1),)}, wind="SE")
    zone = state.shipping[2]
    filler = [p for z in state.shipping for p in z if p not in zone and not
              p.startswith("red-")][:5 - len(zone)]
    shipping = tuple(tuple(p for p in z if p not in filler and p != "red-1") if r != 3
                     else (*zone, *filler) for r, z in enumerate(state.shipping, 1))
    state = put(state.evolve(shipping=shipping, chute=Chute(H(3, -2), ("red-1",), 0)), 1,
                H(0, 0))  # blue away from its airport
    after, events = blow(game, state)
    assert "red-1" in after.lost and after.chute is None
    assert of_type(events, "parachute_landed")[0]["lost"] == ["red-1"]


def _chute_near_red(carried: tuple[str, ...] = ()) -> tuple[Game, State]:
    """The Parachute with red-1 and red-4 at (-1, 2), red at (-1, 3), its turn."""
    game, state = make(clouds={H(-1, 2): (cu(1),)})
    state = state.evolve(chute=Chute(H(-1, 2), ("red-1", "red-4"), 0), shipping=tuple(
        tuple(p for p in z if p not in ("red-1", "red-4")) for z in state.shipping))
    state = turn_of(put(state, 0, H(-1, 3), carried=carried), 0)
    return game, state


def test_the_parachute_is_an_obstacle_but_its_owners_recover_it() -> None:
    """"The Parachute is an obstacle, but the owners of the parachuted Parcels can still
    recover them.\""""
    game, state = _chute_near_red()
    blue = turn_of(put(state, 1, H(0, 2)), 1)
    assert illegal(game, blue, Journey("blue", (H(-1, 2),))) == "journey.obstacle"
    assert all(a.path[-1] != H(-1, 2) for a in legal_actions(game, blue)
               if isinstance(a, Journey))
    assert Journey("red", (H(-1, 2),), after=Ops(load=("red-1", "red-4"))) \
        in legal_actions(game, state)


def test_the_rescue_ends_the_journey() -> None:
    """"Reach the Parachute's tile and replace it with your Aircraft with the saved Parcels.
    This rescue ends your JOURNEY (like a landing).\""""
    game, state = _chute_near_red()
    assert illegal(game, state, Journey("red", (H(-1, 2), H(-1, 1)))) \
        in ("journey.obstacle", "parachute.rescue-ends")
    after, events = apply(game, state, Journey("red", (H(-1, 2),),
                                               after=Ops(load=("red-1", "red-4"))))
    assert after.chute is None and after.planes[0].hex == H(-1, 2)
    assert after.planes[0].carried == ("red-1", "red-4")
    assert of_type(events, "parachute_rescued") == [
        {"type": "parachute_rescued", "company": "red", "hex": [-1, 2],
         "saved": ["red-1", "red-4"], "thrown": [], "lost": []}]


def test_a_rescue_exchanges_parcels_and_loses_what_finds_no_room() -> None:
    """"You can exchange the saved Parcels with those you carry aboard your Aircraft, but if
    you lack space... the remaining Parcels are lost.\""""
    game, state = _chute_near_red(carried=("red-5",))
    options = [a.after for a in legal_actions(game, state)
               if isinstance(a, Journey) and a.path == (H(-1, 2),) and not a.before]
    assert Ops(throw=("red-5",), load=("red-1", "red-4")) in options
    assert Ops(load=("red-1", "red-4")) not in options  # three would not fit
    assert illegal(game, state, Journey("red", (H(-1, 2),), after=Ops(
        load=("red-1", "red-4")))) == "parcel.capacity"
    after, events = apply(game, state, Journey("red", (H(-1, 2),),
                                               after=Ops(load=("red-1",))))
    assert after.planes[0].carried == ("red-5", "red-1") and "red-4" in after.lost
    assert of_type(events, "parcels_lost")[0]["reason"] == "rescue"


def test_a_rescued_parachute_becomes_available_again() -> None:
    """"A destroyed, emptied or rescued Parachute becomes available again.\""""
    game, state = _chute_near_red()
    after, _ = apply(game, state, Journey("red", (H(-1, 2),), after=Ops(load=("red-1",))))
    blue = game.index("blue")
    assert blue is not None
    home = turn_of(after, blue)
    assert Journey("blue", (H(3, -2),), parachute=True) in legal_actions(game, home)


def test_landing_home_gives_the_parachute_back_and_recharges_the_boost() -> None:
    """Decision: the reserved Parachute goes back to the table at home, the BOOST
    recharges."""
    game, state = make()
    state = turn_of(put(state, 0, H(-2, 3), boost=False, parachute=True), 0)
    after, events = apply(game, state, Journey("red", (RED_AIRPORT,)))
    assert not after.planes[0].parachute and after.planes[0].boost
    assert [e["type"] for e in events][1:3] == ["parachute_returned", "boost_recharged"]


# --- Lightning Strike ---------------------------------------------------------------------


def _storm_against_mountain(wind: str = "N", **more: Stack) -> tuple[Game, State]:
    """A storm (token 1) at (0, 0) below the mountain (0, -1)."""
    clouds: dict[Hex, Stack] = {H(0, 0): (storm(1),)}
    clouds.update({Hex(*map(int, k.split("_")[1:])): v for k, v in more.items()})
    return make(biomes={H(0, -1): Biome.MOUNTAIN}, clouds=clouds, wind=wind)


def test_a_storm_that_remains_blocked_is_charged() -> None:
    """"A Storm (or Tempest) that remains blocked against a Mountain becomes charged with
    electricity. Place a single Lightning token per Storm or Tempest (even if another Cloud
    stacks afterward), always on the top Cloud.\""""
    game, state = _storm_against_mountain(h_0_1=(storm(2),))
    after, events = blow(game, state)
    assert after.clouds[H(0, 0)] == (storm(1), storm(2))  # storm 2 stacked: a Tempest
    assert of_type(events, "lightning_charged") == [
        {"type": "lightning_charged", "hex": [0, 0], "token": 2}]


def test_a_cumulus_turning_into_a_storm_is_not_charged_yet() -> None:
    """Decision: a cumulus blocked this phase becomes a storm (B); it has not *remained* a
    storm."""
    game, state = make(biomes={H(0, -1): Biome.MOUNTAIN}, clouds={H(0, 0): (cu(1),)},
                       wind="N")
    _, events = blow(game, state)
    assert not of_type(events, "lightning_charged")


def test_lightning_strikes_every_aircraft_in_flight_around_it() -> None:
    """"At the end of the same weather phase, when you have resolved all other events:
    Lightning strikes all Aircraft in flight on adjacent tiles (even the Parachute). The
    Cloud is then discharged even if no Aircraft was struck. Remove the Lightning token."
    "A struck Aircraft loses a Parcel (of its choice). If it carries no Parcel, nothing
    happens." The owner gives up its lightest parcel (decision)."""
    game, state = _storm_against_mountain(h_1_0=(cu(5),))
    state = put(state, 0, H(-1, 0), carried=("red-1", "red-4"))  # 5 kg and 2 kg
    state = put(state, 1, H(0, 1))  # carries nothing
    state = state.evolve(chute=Chute(H(1, 0), ("red-5",), 0))  # on cumulus 5: NE of it
    after, events = blow(game, state)
    assert after.chute is None or after.chute.hex != H(1, 0)
    struck = of_type(events, "lightning_struck")
    assert len(struck) == 1 and struck[0]["companies"] == ["red", "blue"]
    assert after.planes[0].carried == ("red-1",) and "red-4" in after.lost
    assert not of_type(blow(game, put(state, 0, H(-3, 3)).evolve(chute=None))[1],
                       "parcels_lost")


def test_lightning_empties_the_parachute() -> None:
    """"Remove the Parachute pawn if Lightning empties it.\""""
    game, state = make(biomes={H(0, -1): Biome.MOUNTAIN},
                       clouds={H(0, 0): (storm(1),), H(1, 0): (cu(5),)}, wind="N")
    state = state.evolve(chute=Chute(H(1, 0), ("red-5",), 0))  # carried to (1, -1) first
    after, events = blow(game, state)
    struck = of_type(events, "lightning_struck")
    assert struck and struck[0]["parachute"] and struck[0].get("emptied")
    assert after.chute is None and "red-5" in after.lost


def test_an_aircraft_on_the_ground_is_not_struck() -> None:
    """"all Aircraft in flight": not one in an airport next to the charged cloud."""
    game, state = make(biomes={H(-2, 2): Biome.MOUNTAIN}, clouds={H(-2, 3): (storm(1),)},
                       wind="N")
    state = put(state, 0, RED_AIRPORT, carried=("red-1",))
    after, events = blow(game, state)
    assert of_type(events, "lightning_struck")[0]["companies"] == []
    assert after.planes[0].carried == ("red-1",)


def test_four_lightning_tokens_go_to_the_first_storms_moved() -> None:
    """MYSTERY box: "x4 LIGHTNING tokens". Decision: five storms qualify, the first four in
    the order the clouds are moved get them."""
    mountains = {H(q, 0): Biome.MOUNTAIN for q in range(-2, 3)}
    clouds: dict[Hex, Stack] = {H(q, 1): (storm(q + 4),) for q in range(-2, 3)}
    game, state = make(biomes=mountains, clouds=clouds, wind="N")
    _, events = blow(game, state)
    assert len(of_type(events, "lightning_charged")) == 4
    game5, state5 = make(biomes=mountains, clouds=clouds, wind="N",
                         powers=PowerRules(lightning=True, lightning_tokens=5))
    assert len(of_type(blow(game5, state5)[1], "lightning_charged")) == 5


def test_no_lightning_without_the_power() -> None:
    game, state = _storm_against_mountain()
    game = Game(game.landscape, game.companies, game.seed, game.weights, game.rose,
                game.pinned, powers=PowerRules(parachute=True))
    assert not of_type(blow(game, state)[1], "lightning_charged")


# --- The Legendary Aircraft ---------------------------------------------------------------


def test_legendary_aircraft_load_their_power_and_never_boost() -> None:
    """"each has a particular Power that replaces that of the BOOST and therefore cancels
    the possibility of playing again at the end of the turn." "SETUP. Replace your BOOST with
    the Power of your Legendary Aircraft and load it (symbol visible).\""""
    game, state = make((Company("red", FAKIR, 1), BLUE, GREEN))
    assert state.planes[0].boost
    after, _ = apply(game, state, Journey("red", (H(-2, 3),)))
    assert after.actor != 0 and after.planes[0].boost
    assert view(game, after, None)["companies"][0]["power"] == {
        "name": "flying-carpet", "charged": True, "asteroid": False}


def test_bonus_colours_of_the_legendary_aircraft() -> None:
    """"THE FAKIR has a bonus on DESERT tiles", "BESIXDOUZE has a bonus on DESERT tiles",
    "THE SAVOIA S.21 has a bonus on SEA tiles"; the COLLECTOR box holds one of each."""
    assert FAKIR.bonus is BESIXDOUZE.bonus is BonusColour.DESERT is tile_colour(Biome.DESERT,
                                                                                  None)
    assert SAVOIA.bonus is BonusColour.SEA
    assert {FAKIR.in_box, BESIXDOUZE.in_box, SAVOIA.in_box} == {1}
    with pytest.raises(InputError):
        make((Company("red", FAKIR, 1), Company("blue", FAKIR, 3)))


def _fakir(at: Hex = CENTRE, **more: Any) -> tuple[Game, State]:
    biomes = {h: Biome.PLAIN for h in landscape_hexes()}
    biomes.update({H(0, 0): Biome.DESERT, H(3, -3): Biome.DESERT, H(-3, 3): Biome.DESERT,
                   H(0, 3): Biome.DESERT})
    biomes.update(more.pop("biomes", {}))
    game, state = make((Company("red", FAKIR, 1), BLUE, GREEN), biomes=biomes, **more)
    return game, turn_of(put(state, 0, at), 0)


def test_the_flying_carpet_flies_between_two_desert_tiles() -> None:
    """"Activate its FLYING CARPET only if you are flying over a DESERT tile at the start of
    your piloting phase (by flipping the token). The second DESERT tile can be anywhere in
    the landscape." "This Power replaces all your movements of the turn.\""""
    game, state = _fakir()
    powers = [a for a in legal_actions(game, state) if isinstance(a, Journey) and a.power]
    assert {a.path for a in powers} == {(H(3, -3),), (H(-3, 3),), (H(0, 3),)}
    after, events = apply(game, state, Journey("red", (H(3, -3),), power=True))
    assert after.planes[0].hex == H(3, -3) and not after.planes[0].boost
    assert of_type(events, "journey")[0]["power"] == "flying-carpet"
    assert illegal(game, state, Journey("red", (H(3, -3), H(3, -2)), power=True)) \
        == "power.carpet-path"
    # not from a plain tile
    assert illegal(game, turn_of(put(state, 0, H(1, 0)), 0),
                   Journey("red", (H(3, -3),), power=True)) == "power.carpet-start"


def test_the_flying_carpet_needs_clear_tiles_and_a_free_path() -> None:
    """"No Cloud must cover these 2 tiles and there must exist a path free of any obstacle
    linking them, whatever its shape or length." "when it is not overloaded\""""
    ring = {h: Biome.MOUNTAIN for h in H(3, -3).neighbors() if h in landscape_hexes()}
    game, state = _fakir(biomes=ring, clouds={H(0, 3): (cu(1),)})
    targets = {a.path for a in legal_actions(game, state) if isinstance(a, Journey) and a.power}
    assert targets == {(H(-3, 3),)}  # (3,-3) walled in, (0, 3) under a cloud
    game, state = _fakir(clouds={H(0, 0): (cu(1),)})
    assert not any(isinstance(a, Journey) and a.power for a in legal_actions(game, state))
    game, state = _fakir()
    heavy = put(state, 0, H(0, 0), carried=("red-1", "red-2"))
    assert illegal(game, heavy, Journey("red", (H(3, -3),), power=True)) \
        == "power.carpet-overload"
    thrown = Journey("red", (H(3, -3),), before=Ops(throw=("red-2",)), power=True)
    assert thrown in legal_actions(game, heavy)


def test_the_flying_carpet_path_over_cumulus_is_an_option() -> None:
    """Decision: a Cumulus is no obstacle, so the path may pass under one; a table may say
    no (``carpet_over_cumulus``)."""
    wall = {h: Biome.MOUNTAIN for h in H(3, -3).neighbors()
            if h != H(2, -2) and h in landscape_hexes()}
    clouds = {H(2, -2): (cu(1),)}
    game, state = _fakir(biomes=wall, clouds=clouds)
    assert Journey("red", (H(3, -3),), power=True) in legal_actions(game, state)
    game, state = _fakir(biomes=wall, clouds=clouds,
                         powers=PowerRules(carpet_over_cumulus=False))
    assert Journey("red", (H(3, -3),), power=True) not in legal_actions(game, state)


def test_powers_recharge_in_their_airport_the_savoia_in_all() -> None:
    """"This Power recharges in its Airport." (FAKIR, BESIXDOUZE) "This Power recharges in
    all Airports." (SAVOIA S.21)"""
    game, state = _fakir()
    state = turn_of(put(state, 0, H(2, 1), boost=False), 0)  # next to region 2's airport
    after, events = apply(game, state, Journey("red", (H(2, 2),)))
    assert not after.planes[0].boost and not of_type(events, "power_recharged")
    game, state = make((Company("red", SAVOIA, 1), BLUE, GREEN))
    state = turn_of(put(state, 0, H(2, 1), boost=False), 0)
    after, events = apply(game, state, Journey("red", (H(2, 2),)))
    assert after.planes[0].boost and of_type(events, "power_recharged")


def test_the_dodge_crosses_an_obstacle_except_a_mountain() -> None:
    """"THE SAVOIA S.21 has [...] a DODGE that lets it cross an obstacle (except a Mountain)
    in a straight line or diagonally. Activate its DODGE at the start of your piloting
    phase (by flipping the token). This Power replaces your base movement. The bonus
    movement remains possible afterward.\""""
    biomes = {H(0, -2): Biome.SEA, H(-1, 1): Biome.MOUNTAIN}
    game, state = make((Company("red", SAVOIA, 1), BLUE, GREEN), biomes=biomes,
                       clouds={H(0, -1): (storm(1),)})
    state = turn_of(put(state, 0, H(0, 0)), 0)
    dodges = {a.path for a in legal_actions(game, state) if isinstance(a, Journey) and a.power}
    assert (H(0, -1), H(0, -2)) in dodges and (H(0, -1), H(1, -2)) in dodges
    assert (H(0, -1), H(0, -2), H(0, -3)) in dodges  # the bonus on the sea tile
    assert all(p[0] != H(-1, 1) for p in dodges)
    assert illegal(game, state, Journey("red", (H(-1, 1), H(-2, 2)), power=True)) \
        == "power.dodge-mountain"
    after, events = apply(game, state, Journey("red", (H(0, -1), H(0, -2), H(0, -3)),
                                               power=True))
    assert after.planes[0].hex == H(0, -3) and not after.planes[0].boost
    assert of_type(events, "journey")[0]["power"] == "dodge"


def test_pigs_turn_the_dodge_leaves_a_blocked_airport() -> None:
    """PIG'S TURN: "Leave a blocked Airport with the DODGE Power": both exits of the airport
    hold storms."""
    game, state = make((Company("red", SAVOIA, 1), BLUE, GREEN),
                       clouds={H(-2, 3): (storm(1),), H(-1, 3): (storm(2),)})
    state = turn_of(state, 0)
    legal = legal_actions(game, state)
    assert legal and all(isinstance(a, Journey) and a.power for a in legal)
    assert Journey("red", (H(-2, 3), H(-2, 2)), power=True) in legal


def test_the_asteroid_is_a_mountain_during_the_next_weather_phase_only() -> None:
    """"Activate its ASTEROID at the end of your piloting phase (by flipping the token) and
    announce it to the other pilots. During the next weather phase only: your Aircraft is
    considered exactly like a Mountain and can therefore influence the weather.\""""
    green = Company("green", BESIXDOUZE, 5)
    game, state = make((RED, BLUE, green), clouds={H(0, 1): (cu(1),)}, wind="N")
    state = turn_of(put(state, 2, H(0, 1 - 2)), 2).evolve(turn=2, order=(2,))
    after, _ = apply(game, state, Journey("green", (H(0, 0),)))
    assert after.phase is Phase.BOOST and legal_actions(game, after) == [Pass("green"),
                                                                        Power("green")]
    after, events = apply(game, after, Power("green"))
    assert of_type(events, "asteroid_activated") == [
        {"type": "asteroid_activated", "company": "green", "hex": [0, 0]}]
    weather = of_type(events, "weather")[0]
    assert weather["asteroids"] == [[0, 0]]
    assert of_type(events, "cloud_blocked")[0]["mountain"] == [0, 0]
    assert after.clouds[H(0, 1)] == (storm(1),)  # blocked against it: a storm
    assert after.planes[2].hex == H(0, 0) and not after.planes[2].asteroid
    assert not after.planes[2].boost


def test_no_asteroid_over_a_cloud() -> None:
    """Decision: a Mountain never holds a cloud."""
    green = Company("green", BESIXDOUZE, 5)
    game, state = make((RED, BLUE, green), clouds={H(0, 0): (cu(1),)})
    state = turn_of(put(state, 2, H(0, -1)), 2)
    after, _ = apply(game, state, Journey("green", (H(0, 0),)))
    assert after.phase is Phase.PILOTING


# --- positions, entries, logs -------------------------------------------------------------


def test_positions_carry_the_parachute_and_the_powers() -> None:
    game, state = _chute_near_red()
    state = put(state, 1, H(3, -2), boost=False, parachute=True)
    block = position_block(game, state)
    assert block["parachute"] == {"hex": [-1, 2], "parcels": ["red-1", "red-4"],
                                  "company": "red"}
    assert block["companies"]["blue"]["parachute"] is True


def test_power_entries_round_trip() -> None:
    for action in (Power("green"), Journey("red", (H(1, 1),), power=True),
                   Journey("red", (H(1, 1),), parachute=True)):
        entry = json.loads(json.dumps(action_to_entry(action)))
        assert action_from_entry(entry) == action
        assert list(validator("moves").evolve(schema={
            "$ref": "urn:skyhex:schema:turbulences/moves"}).iter_errors(entry)) == []


def test_the_example_game_with_every_power_replays_and_validates() -> None:
    """Random legal games of the powers' example scenario replay to the same log, every
    event valid, every event in words."""
    rules = ruleset("turbulences")
    _, scenario, _ = load_scenario(str(ROOT / "examples" / "scenarios" /
                                       "turbulences-powers-6.yaml"))
    for seed in range(3):
        played = playout(rules, scenario, seed, cap=20)
        first = play(start(rules, scenario), played.actions, strict=True)
        assert first.error is None
        for e in first.events:  # the compiled validator (tests/test_schema_engines.py)
            assert conforms("event", e), e
        text = account(first.events)
        assert "{'type'" not in text  # every event has its words


def test_a_position_with_the_parachute_flying_plays_on_the_same() -> None:
    """The golden powers game after 35 entries (the Parachute on its cumulus, the ASTEROID
    and Powers tokens in play) written as a scenario's position plays the rest of the game
    to the same events."""
    import yaml

    from skyhex.rules.turbulences.scenario import scenario_from_dict

    rules = ruleset("turbulences")
    golden = ROOT / "tests" / "golden" / "turbulences-powers-6.moves.yaml"
    entries = yaml.safe_load(golden.read_text())["moves"]
    path = ROOT / "examples" / "scenarios" / "turbulences-powers-6.yaml"
    _, scenario, _ = load_scenario(str(path))
    actions = [action_from_entry(e) for e in entries]
    replay = play(start(rules, scenario), actions[:35], strict=True)
    assert replay.state.chute is not None
    doc = yaml.safe_load(path.read_text())
    doc["position"] = json.loads(json.dumps(position_block(replay.game, replay.state)))
    assert list(validator("scenario").iter_errors({**doc, "map": "x.yaml"})) == []
    resumed = scenario_from_dict(doc, scenario.landscape)
    _, state, _ = resumed.new_game()
    assert state == replay.state
    rest = play(start(rules, resumed), actions[35:], strict=True)
    whole = play(start(rules, scenario), actions, strict=True)
    assert rest.error is None and rest.state == whole.state


# --- EXPERT mode --------------------------------------------------------------------------


def test_expert_the_flying_carpet_counts_no_fuel_nor_altitude() -> None:
    """"In EXPERT Mode, do not count the FUEL spent or the ALTITUDE gained during this
    special movement.\""""
    biomes = {h: Biome.PLAIN for h in landscape_hexes()}
    biomes.update({H(0, 0): Biome.DESERT, H(3, -3): Biome.DESERT})
    game, state = make((Company("red", FAKIR, 1, expert=True), BLUE, GREEN), biomes=biomes,
                       clouds={H(1, -1): (cu(1),), H(2, -2): (cu(2),)})
    state = turn_of(put(state, 0, H(0, 0), fuel=4, altitude=1), 0)
    after, events = apply(game, state, Journey("red", (H(3, -3),), power=True))
    assert (after.planes[0].fuel, after.planes[0].altitude) == (4, 1)
    assert "fuel_spent" not in of_type(events, "journey")[0]
    assert illegal(game, state, Journey("red", (H(3, -3),), power=True, glide=1)) \
        == "expert.glide"


def test_expert_the_dodge_costs_its_movements_but_no_altitude() -> None:
    """Decision: the DODGE pays its movements like a crossing (2, and the bonus tile), with
    FUEL or gliding, and no ALTITUDE for the obstacle."""
    game, state = make((Company("red", SAVOIA, 1, expert=True), BLUE, GREEN),
                       clouds={H(0, -1): (storm(1),)})
    state = turn_of(put(state, 0, H(0, 0), fuel=5, altitude=0), 0)
    after, events = apply(game, state, Journey("red", (H(0, -1), H(0, -2)), power=True))
    journey = of_type(events, "journey")[0]
    assert journey["fuel_spent"] == 2 and journey["altitude_spent"] == 0
    assert after.planes[0].fuel == 3 and not after.planes[0].boost
    dry = turn_of(put(state, 0, H(0, 0), fuel=1, altitude=0), 0)
    assert not any(isinstance(a, Journey) and a.power for a in legal_actions(game, dry))
    assert illegal(game, dry, Journey("red", (H(0, -1), H(0, -2)), power=True)) \
        == "expert.fuel"


def test_expert_the_parachute_is_an_obstacle_to_cross_and_rescued_for_fuel() -> None:
    """EXPERT: the Parachute is an obstacle of height 1 (like an aircraft on a cumulus); an
    EXPERT owner's rescue pays its movement."""
    game, state = make((Company("red", BIPLANE, 1, expert=True), BLUE, GREEN),
                       clouds={H(-1, 2): (cu(1),)})
    state = state.evolve(chute=Chute(H(-1, 2), ("red-1",), 0), shipping=tuple(
        tuple(p for p in z if p != "red-1") for z in state.shipping))
    state = turn_of(put(state, 0, H(-1, 3), fuel=6, altitude=2), 0)
    legal = legal_actions(game, state)
    assert Journey("red", (H(-1, 2), H(-1, 1)), cross=True) in legal
    after, events = apply(game, state, Journey("red", (H(-1, 2),), after=Ops(load=("red-1",))))
    assert after.planes[0].fuel == 5 and after.planes[0].carried == ("red-1",)
    assert of_type(events, "parachute_rescued")


# --- properties ---------------------------------------------------------------------------


def test_every_parcel_is_in_one_place_in_random_games_with_every_power() -> None:
    """Seeded random legal games of the powers' example scenario, CLASSIC and with EXPERT
    companies: after every action each parcel is in exactly one place (a shipping zone, on
    board, delivered, lost, or in the Parachute), one Parachute at most is out of the box,
    an ASTEROID only lives between the BESIXDOUZE's turn and the next weather phase, and the
    view never shows a weight the company may not know."""
    import random
    from dataclasses import replace

    rules = ruleset("turbulences")
    _, base, _ = load_scenario(str(ROOT / "examples" / "scenarios" /
                                   "turbulences-powers-6.yaml"))
    expert = replace(base, companies=tuple(replace(c, expert=k % 2 == 0)
                                           for k, c in enumerate(base.companies)))
    for scenario in (base, expert):
        for seed in range(3):
            rng = random.Random(seed)
            game, state, _ = rules.new_game(scenario)
            for _ in range(250):
                legal = rules.legal_actions(game, state)
                if not legal:
                    break
                state, _ = rules.apply(game, state, rng.choice(legal))
                places = [*state.lost, *(p for z in state.shipping for p in z),
                          *(p for q in state.planes for p in (*q.carried, *q.delivered)),
                          *(state.chute.parcels if state.chute else ())]
                assert sorted(places) == sorted(game.weights)
                assert sum(q.parachute for q in state.planes) + (state.chute is not None) <= 1
                assert not any(q.parachute and q.boost for q in state.planes)
                if state.phase is Phase.PILOTING and state.order == game.clockwise(state.first):
                    assert not any(q.asteroid for q in state.planes)  # the weather is over
                seen = view(game, state, "red")
                chute = seen.get("parachute", {})
                for p in chute.get("parcels", ()):
                    assert p["weight"] is None or p["colour"] == "red"


def test_the_flying_carpet_reaches_its_connected_desert_tiles_on_random_maps() -> None:
    """Property (seeded maps and skies): the FLYING CARPET's tiles are exactly the other
    clear desert tiles of the start's component in the graph of landscape tiles free of
    obstacles (networkx, independent of the engine's search)."""
    import random

    import networkx as nx

    from skyhex.mapgen.turbulences.generate import generate_landscape
    from skyhex.rules.turbulences.landscape import Difficulty
    from skyhex.rules.turbulences.legendary import carpet_targets

    for seed in range(40):
        rng = random.Random(seed)
        land = generate_landscape(seed, list(Difficulty)[seed % 4])
        game, state, _ = new_game(land, (Company("red", FAKIR, 1), BLUE, GREEN), seed)
        deserts = [h for h in sorted(game.tiles) if game.biomes[h] is Biome.DESERT
                   and h not in game.halves and not state.clouds.get(h)]
        if not deserts:
            continue
        start = rng.choice(deserts)
        others = [h for h in sorted(game.tiles) if h != start and h not in state.clouds
                  and h not in game.mountains]
        state = put(state, 0, start)
        state = put(state, 1, rng.choice(others))
        free = nx.Graph()
        blocked = {state.planes[1].hex} | set(game.mountains) | {
            h for h, s in state.clouds.items() if any(t.side is CloudSide.STORM for t in s)}
        free.add_nodes_from(h for h in game.tiles if h not in blocked)
        free.add_edges_from((h, n) for h in free for n in h.neighbors() if n in free)
        component = nx.node_connected_component(free, start)
        expected = {h for h in deserts if h in component and h != start
                    and h != state.planes[1].hex}
        assert set(carpet_targets(game, state, 0)) == expected, seed


def test_a_partner_rescues_the_parachute_in_the_team_modes() -> None:
    """Decision: "the owners of the parachuted Parcels" are the companies of their colours'
    team; in CLASSIC mode only the company whose parcels they are."""
    tiles = {h: Biome.DESERT for h in landscape_hexes()}
    red, blue = Company("red", BIPLANE, 1), Company("blue", SEAPLANE, 2)
    yellow, purple = Company("yellow", ZEPPELIN, 4), Company("purple", BIPLANE, 5)
    game, state, _ = new_game(Landscape(biomes=tiles, clouds={H(0, 2): (cu(1),)}),
                              (red, blue, yellow, purple), 7, mode="teams",
                              teams=(("red", "blue"), ("yellow", "purple")), powers=BOTH)
    state = state.evolve(chute=Chute(H(0, 2), ("red-1",), 0), shipping=tuple(
        tuple(p for p in z if p != "red-1") for z in state.shipping))
    state = turn_of(put(state, 1, H(1, 2)), 1)  # blue, red's partner, next to it
    assert Journey("blue", (H(0, 2),), after=Ops(load=("red-1",))) in legal_actions(game, state)
    after, _ = apply(game, state, Journey("blue", (H(0, 2),), after=Ops(load=("red-1",))))
    assert after.planes[1].carried == ("red-1",) and after.chute is None
    opponent = turn_of(put(state, 2, H(1, 2)).with_plane(1, state.planes[1].evolve(
        hex=H(2, 1))), 2)
    assert illegal(game, opponent, Journey("yellow", (H(0, 2),))) == "journey.obstacle"
