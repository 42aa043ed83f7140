"""NIGHT FLIGHT mode (rulebook section 11), sentence by sentence: each test quotes the rule
it holds the engine, the generator or the views to. The sentences that are no rule (the
tribute to the Aéropostale, "The mail is sacred. Do not wait for daybreak to take off!")
and the mission unlock ("collect 10 stars") have no test; docs/rules-notes.md lists the
decisions taken where the text is silent."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from typer.testing import Result

from skyhex.mapgen.turbulences.check import check_landscape
from skyhex.mapgen.turbulences.night import generate_night_landscape, region_tiles
from skyhex.render.turbulences.account import line as account_line
from skyhex.render.turbulences.board import BIOME_FILL
from skyhex.render.turbulences.night import NIGHT_FILL
from skyhex.rules.errors import IllegalActionError, InputError
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences.actions import NO_OPS, Journey, Ops, Pass
from skyhex.rules.turbulences.aircraft import AircraftType
from skyhex.rules.turbulences.engine import apply, legal_actions, new_game, view
from skyhex.rules.turbulences.landscape import (
    Biome,
    CloudSide,
    CloudToken,
    Landscape,
    Stack,
    landscape_hexes,
    region_cities,
)
from skyhex.rules.turbulences.night import NightRules, night_ring
from skyhex.rules.turbulences.scoring import scores
from skyhex.rules.turbulences.state import Company, Game, Mode, State
from skyhex.rules.turbulences.tank import TANK

from ..conftest import ROOT, run

BIPLANE, SEAPLANE, ZEPPELIN = AircraftType.BIPLANE, AircraftType.SEAPLANE, AircraftType.ZEPPELIN
RED = Company("red", BIPLANE, 1)  # airport: city 2 of region 1 = PARIS by default
BLUE = Company("blue", SEAPLANE, 3)
RED_AIRPORT = Hex(-2, 4)
Event = dict[str, Any]


def cu(token: int) -> CloudToken:
    return CloudToken(token, CloudSide.CUMULUS)


def make(companies: Sequence[Company] = (RED, BLUE), *, biomes: Mapping[Hex, Biome] | None = None,
         winds: Sequence[str] = ("calm",), rules: NightRules | None = None,
         mode: Mode = Mode.CLASSIC, teams: Any = None) -> tuple[Game, State, list[Event]]:
    """A night game on a face-down desert landscape (``biomes`` override), red first,
    the winds pinned from the first weather phase."""
    tiles = {h: Biome.DESERT for h in landscape_hexes()}
    tiles.update(biomes or {})
    pinned: list[dict[str, Any]] = [{"first": "red"}]
    for _ in companies:
        pinned += [{"weight": w} for w in (5, 4, 3, 2, 2)]
    if any(c.expert for c in companies):
        pinned += [{"jerrycan": 5} for c in companies if c.expert]
    pinned += [{"wind": w} for w in winds]
    return new_game(Landscape(biomes=tiles, clouds={}), companies, seed=7, pinned=tuple(pinned),
                    night_rules=rules or NightRules(), mode=mode, teams=teams)


def put(state: State, index: int, hex_: Hex | None, **changes: Any) -> State:
    return state.with_plane(index, state.planes[index].evolve(hex=hex_, **changes))


def fly(game: Game, state: State, colour: str, *path: tuple[int, int], **kw: Any
        ) -> tuple[State, list[Event]]:
    return apply(game, state, Journey(colour, tuple(Hex(q, r) for q, r in path), **kw))


def of_type(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def down(game: Game, state: State, who: str | None) -> set[tuple[int, int]]:
    return {tuple(t["hex"]) for t in view(game, state, who)["night"]["tiles"]
            if t["face"] == "down"}


# --- setup ----------------------------------------------------------------------------------


def test_compatible_with_all_other_game_modes() -> None:
    """"NIGHT FLIGHT Mode is compatible with all other game modes.": a team game and a game
    with EXPERT companies set up at night."""
    reds = Company("red", BIPLANE, 1), Company("pink", SEAPLANE, 2)
    blues = Company("blue", SEAPLANE, 4), Company("navy", ZEPPELIN, 5)
    game, state, events = make((*reds, *blues), mode=Mode.TEAMS,
                               teams=[("red", "pink"), ("blue", "navy")])
    assert game.night is not None and state.night is not None and events[0]["mode"] == "teams"
    expert = Company("red", BIPLANE, 1, city=1, expert=True, dial=3)
    game, state, events = make((expert, BLUE))
    assert state.planes[0].fuel == TANK and "night" in events[0]


def test_identical_to_classic_but_the_tiles_are_face_down() -> None:
    """"Identical to CLASSIC Mode, but the landscape tiles are placed face down.": at the
    start no company sees any tile's face; the referee sees them all, as hidden faces."""
    game, state, events = make(biomes={Hex(0, 0): Biome.MOUNTAIN})
    for who in ("red", "blue"):
        tiles = view(game, state, who)["night"]["tiles"]
        assert len(tiles) == 37 and all(t["face"] == "down" and t["biome"] is None
                                        and "hidden" not in t for t in tiles)
    referee = view(game, state, None)["night"]["tiles"]
    assert {t["hidden"] for t in referee} == {"desert", "mountain"}
    assert "biome" not in str(events[0]) and "mountain" not in str(events[0])


def test_the_difficulty_is_random_between_one_and_three_hidden_mountains() -> None:
    """"The difficulty level is random: the landscape may include between 1 and 3 hidden
    Mountains."
    """
    counts = Counter(len(generate_night_landscape(seed, [1, 3, 5]).mountains)
                     for seed in range(300))
    assert set(counts) == {1, 2, 3}


def test_each_pilot_places_two_tiles_that_are_never_mountains_next_to_its_region() -> None:
    """"Shuffle all the landscape tiles without the MOUNTAIN tiles. Each pilot draws 2 at
    random and places them face down as in the diagram (next to each pilot's Region).": the
    two tiles next to each pilot's region (the neighbours of its central city) are never
    mountains, and they hide each biome over the seeds."""
    faces: Counter[Biome] = Counter()
    for seed in range(200):
        land = generate_night_landscape(seed, [2, 4, 6])
        for region in (2, 4, 6):
            near = region_tiles(region)
            assert all(h.distance(region_cities()[region - 1][1]) == 1 for h in near)
            faces.update(land.biomes[h] for h in near)
    assert set(faces) == {Biome.PLAIN, Biome.SEA, Biome.DESERT}


def test_the_rest_is_shuffled_with_the_mountains_and_two_tiles_go_back_unseen() -> None:
    """"Shuffle the remaining tiles with the 3 MOUNTAIN tiles and arrange them randomly
    face down to complete the landscape. Put the 2 superfluous tiles back in the game box,
    without looking at them.": the 37 tiles laid and the 2 put back are the whole box (12
    plain, 12 sea, 12 desert, 3 mountains), the mountains fall anywhere but next to a
    pilot's region, and the map passes the checker; the same seed gives the same map."""
    places: set[Hex] = set()
    for seed in range(100):
        land = generate_night_landscape(seed, [1, 3, 5])
        assert land.night is not None and len(land.night.box) == 2
        counts = Counter(land.biomes.values()) + Counter(land.night.box)
        assert counts == {Biome.PLAIN: 12, Biome.SEA: 12, Biome.DESERT: 12, Biome.MOUNTAIN: 3}
        assert check_landscape(land) == []
        places |= land.mountains
    pilots = {h for r in (1, 3, 5) for h in region_tiles(r)}
    assert not places & pilots and len(places) >= 25
    assert generate_night_landscape(4, [1, 3]) == generate_night_landscape(4, [3, 1])


def test_the_checker_names_a_mountain_next_to_a_pilot_and_clouds_at_night() -> None:
    land = generate_night_landscape(1, [1])
    h = region_tiles(1)[0]
    broken = Landscape(biomes={**land.biomes, h: Biome.MOUNTAIN}, clouds={Hex(0, 0): (cu(1),)},
                       night=land.night)
    messages = [v.message for v in check_landscape(broken) if v.rule == "setup.night"]
    assert any("no cloud" in m for m in messages)
    assert any(f"mountain {h}" in m for m in messages)
    assert any("LANDSCAPE box" in m for m in messages)


def test_no_clouds_nor_mountain_pawns_at_the_start() -> None:
    """"Do not place the Cloud tokens and Mountain pawns! They will appear in play later.":
    no cloud in the sky, no mountain known (a hidden one is no obstacle yet), and a night
    on a map with clouds is refused."""
    game, state, _ = make(biomes={Hex(-1, 3): Biome.MOUNTAIN})
    assert state.clouds == {} and state.night is not None and state.night.mountains == set()
    assert Journey("red", (Hex(-1, 3),)) in legal_actions(game, state)
    with pytest.raises(InputError) as excinfo:
        new_game(Landscape(biomes={h: Biome.DESERT for h in landscape_hexes()},
                           clouds={Hex(0, 0): (cu(1),)}), (RED, BLUE), seed=1,
                 night_rules=NightRules())
    assert excinfo.value.problems[0].rule == "setup.night-clouds"


def test_the_night_token_starts_on_paris() -> None:
    """"Place the NIGHT token on the city of PARIS.": PARIS is data (default city 2 of
    region 1; here city 3 of region 4)."""
    game, state, events = make()
    assert state.night is not None and state.night.token == RED_AIRPORT
    paris = NightRules((4, 3))
    game, state, events = make(rules=paris)
    assert state.night is not None and state.night.token == region_cities()[3][2]
    assert events[0]["night"]["paris"] == {"region": 4, "city": 3}
    assert events[0]["night"]["turns"] == 18
    assert view(game, state, "red")["night"]["turns_left"] == 18
    assert view(game, state, "blue")["night"]["token"] == [*region_cities()[3][2]]


# --- the end ---------------------------------------------------------------------------------


def _play_out(game: Game, state: State, turns: int) -> tuple[State, list[Event]]:
    """Play the first legal action (passes and short hops) until the game is over or
    ``turns`` turns are done."""
    events: list[Event] = []
    while state.actor is not None and state.turn <= turns:
        state, made = apply(game, state, legal_actions(game, state)[0])
        events += made
    return state, events


def test_the_game_ends_when_the_night_token_returns_to_paris() -> None:
    """"The game ends when the NIGHT token returns to PARIS. Count points as in CLASSIC
    Mode.": 18 game turns (one per city), then the final scores of CLASSIC mode."""
    game, state, _ = make(winds=("calm",) * 30, rules=NightRules(deliveries_end=False))
    state, events = _play_out(game, state, 40)
    end = of_type(events, "game_end")
    assert len(end) == 1 and end[0]["reason"] == "night" and end[0]["turn"] == 18
    assert [e["paris"] for e in of_type(events, "night_advanced")] == [False] * 17 + [True]
    assert end[0]["scores"] == [s.to_dict() for s in scores(game, state)]
    assert view(game, state, "red")["night"]["turns_left"] == 0
    assert "the night is over" in account_line(of_type(events, "night_advanced")[-1])


def test_three_deliveries_still_end_the_game_by_default() -> None:
    """Decision: "Similar to CLASSIC Mode but time-limited": a DELIVERY ZONE with 3 parcels
    ends the game at the end of the turn, before the night; ``deliveries_end: false``
    plays the night out."""
    for rules, reason in ((NightRules(), "deliveries"),
                          (NightRules(deliveries_end=False), None)):
        game, state, _ = make(rules=rules)
        state = put(state, 0, RED_AIRPORT, delivered=("red-1", "red-2", "red-3"))
        events = []
        while state.actor is not None and state.turn == 1:
            state, made = apply(game, state, legal_actions(game, state)[0])
            events += made
        ends = of_type(events, "game_end")
        assert [e["reason"] for e in ends] == ([reason] if reason else [])
        assert (state.night is not None and state.night.token == RED_AIRPORT) == bool(reason)


def test_the_token_skips_the_cities_under_an_altitude_dial() -> None:
    """Section 9: "This city disappears from the board and can no longer be used, even for
    the NIGHT token": the night is one turn shorter for each dial, and PARIS cannot be
    under one."""
    expert = Company("red", BIPLANE, 1, city=1, expert=True, dial=3)
    game, _state, _ = make((expert, BLUE))
    covered = region_cities()[0][2]
    ring = night_ring(RED_AIRPORT, game.covered)
    assert len(ring) == 17 and covered not in ring
    with pytest.raises(InputError) as excinfo:
        make((Company("red", BIPLANE, 1, city=1, expert=True, dial=2), BLUE))
    assert excinfo.value.problems[0].rule == "setup.night-paris"


# --- phase I: weather -------------------------------------------------------------------------


def test_always_determine_the_wind_even_without_a_cloud() -> None:
    """"PHASE I: WEATHER Always determine the wind direction, even without a Cloud.": each
    weather phase flicks the Wind Rose (a recorded draw) with no cloud on the landscape."""
    _game, state, events = make(winds=("N", "SE"))
    weather = of_type(events, "weather")
    assert state.clouds == {} and [w["wind"] for w in weather] == ["N"]
    assert weather[0]["draws"] == [{"wind": "N"}]


def _turn_two(winds: Sequence[str], clouds: Mapping[Hex, Stack], red: Hex,
              biomes: Mapping[Hex, Biome]) -> tuple[Game, State, list[Event]]:
    """Red flies to ``red`` (its journey's single tile, from next to it), blue waits to be
    rebuilt, and the second weather phase blows with ``winds[1]``."""
    game, state, _ = make(winds=winds, biomes=biomes)
    start = next(h for h in red.neighbors() if h not in clouds)
    assert state.night is not None
    known = state.night.revealed | {start, red}
    state = state.evolve(clouds=dict(clouds), night=type(state.night)(
        state.night.token, known - {red}, state.night.mountains))
    state = put(put(state, 0, start), 1, None)
    state, events = apply(game, state, Journey("red", (red,)))
    state, more = apply(game, state, Pass("red"))
    state, again = apply(game, state, Pass("blue"))
    return game, state, events + more + again


def test_clouds_fly_over_unknown_tiles() -> None:
    """"Clouds can fly over unknown tiles.": a cumulus blown onto a face-down mountain moves
    on (it blocks nothing until it is discovered); by day it would be blocked and turn
    into a storm."""
    mountain = Hex(0, 2)
    _game, state, events = _turn_two(("calm", "S"), {Hex(2, 0): (cu(4),), Hex(0, 1): (cu(1),)},
                                    Hex(2, -1), {mountain: Biome.MOUNTAIN})
    moved = {e["token"]: e["to"] for e in of_type(events, "cloud_moved")}
    assert moved[1] == [0, 2] and not of_type(events, "cloud_blocked")
    assert state.clouds[mountain] == (cu(1),)


def test_a_cumulus_carries_an_aircraft_to_an_unknown_tile_without_consequence() -> None:
    """"A blown Cumulus can carry an Aircraft flying over it to a free unknown tile without
    consequence.": red rides its cumulus onto a face-down mountain: not flipped, not
    destroyed."""
    mountain = Hex(0, 2)
    _game, state, events = _turn_two(("calm", "S"), {Hex(0, 1): (cu(1),)}, Hex(0, 1),
                                    {mountain: Biome.MOUNTAIN})
    assert of_type(events, "aircraft_carried")[0]["to"] == [0, 2]
    assert state.planes[0].hex == mountain
    assert not of_type(events, "tile_revealed") and not of_type(events, "aircraft_destroyed")
    assert state.night is not None and mountain not in state.night.revealed


# --- phase II: piloting ------------------------------------------------------------------------


def test_crossing_unknown_tiles_over_clouds_discovers_nothing() -> None:
    """"It is possible to cross one or more unknown tiles without discovering them by flying
    over Clouds.": a journey over two face-down tiles under cumulus flips neither."""
    game, state, _ = make(biomes={Hex(-1, 3): Biome.MOUNTAIN, Hex(-1, 2): Biome.MOUNTAIN})
    state = state.evolve(clouds={Hex(-1, 3): (cu(1),), Hex(-1, 2): (cu(2),)})
    state, events = fly(game, state, "red", (-1, 3), (-1, 2))
    assert not of_type(events, "tile_revealed") and state.planes[0].hex == Hex(-1, 2)
    assert down(game, state, "blue") == {(h.q, h.r) for h in landscape_hexes()}


def test_advancing_onto_an_unknown_tile_without_a_cloud_flips_it_and_ends_the_journey() -> None:
    """"If you advance toward an unknown tile and its visibility is good (no Cloud), flip
    it and immediately apply its effect": the journey ends on the flipped tile (decision
    4), so a path going on is illegal and never listed; the BOOST may fly on."""
    game, state, _ = make()
    longer = Journey("red", (Hex(-1, 3), Hex(-1, 2)))
    assert longer not in legal_actions(game, state)
    with pytest.raises(IllegalActionError) as excinfo:
        apply(game, state, longer)
    assert excinfo.value.rule == "night.reveal"
    state, events = fly(game, state, "red", (-1, 3))
    assert of_type(events, "tile_revealed") == [
        {"type": "tile_revealed", "company": "red", "hex": [-1, 3], "biome": "desert",
         "effect": "nothing"}]
    assert (-1, 3) not in down(game, state, "blue")
    assert any(isinstance(a, Journey) and a.boost for a in legal_actions(game, state))



@pytest.mark.parametrize("rules", [NightRules(), NightRules(reveal="continues")])
def test_a_journey_ending_on_the_tile_it_flips_makes_no_parcel_operations_after_it(
        rules: NightRules) -> None:
    """The flipped tile is a landscape tile, never an airport: parcel operations after such
    a journey are refused (``legal_actions`` lists none), whether the flip ends or pauses
    it, and after a paused journey's rest that flips another tile."""
    game, state, _ = make(rules=rules, biomes={Hex(-1, 3): Biome.DESERT})
    after = Ops(load=("red-1",))
    flips = Journey("red", (Hex(-1, 3),), after=after)
    assert all(a.after == NO_OPS for a in legal_actions(game, state)
               if isinstance(a, Journey) and a.path == flips.path)
    with pytest.raises(IllegalActionError) as excinfo:
        apply(game, state, flips)
    assert excinfo.value.rule == "parcel.not-airport"
    if rules.reveal == "continues":
        state, _ = fly(game, state, "red", (-1, 3))
        with pytest.raises(IllegalActionError) as excinfo:
            apply(game, state, Journey("red", (Hex(0, 2),), after=after))
        assert excinfo.value.rule == "parcel.not-airport"
        assert Journey("red", (Hex(0, 2),)) in legal_actions(game, state)

def test_a_plain_or_sea_tile_creates_a_cumulus_under_the_aircraft() -> None:
    """"A. A PLAIN or SEA tile creates a Cumulus (within the limit of available tokens).
    Place a Cumulus token on the tile, under your Aircraft.": the lowest token not in play;
    none when all 12 are."""
    game, state, _ = make(biomes={Hex(-1, 3): Biome.SEA, Hex(-2, 3): Biome.PLAIN})
    sky = {Hex(3, k - 3): (cu(k),) for k in (1, 2, 4)}
    state = state.evolve(clouds=sky)
    state, events = fly(game, state, "red", (-1, 3))
    assert state.clouds[Hex(-1, 3)] == (cu(3),) and state.planes[0].hex == Hex(-1, 3)
    assert of_type(events, "tile_revealed")[0]["effect"] == "cumulus"
    assert "a cumulus forms under it (cloud 3)" in account_line(of_type(events, "tile_revealed")[0])
    game, state, _ = make(biomes={Hex(-1, 3): Biome.SEA})
    full = {h: (cu(k),) for k, h in enumerate(
        (h for h in landscape_hexes() if h.q >= 1), 1) if k <= 12}
    state, events = fly(game, state.evolve(clouds=full), "red", (-1, 3))
    assert of_type(events, "tile_revealed")[0]["effect"] == "no_token"
    assert Hex(-1, 3) not in state.clouds


def test_an_expert_aircraft_rises_on_the_cumulus_a_tile_creates() -> None:
    """Decision 5: for an EXPERT aircraft the new cumulus is one it flies over: +1 ALTITUDE,
    gained this turn."""
    expert = Company("red", BIPLANE, 1, expert=True)
    game, state, _ = make((expert, BLUE), biomes={Hex(-1, 3): Biome.PLAIN})
    state, events = fly(game, state, "red", (-1, 3))
    assert of_type(events, "altitude_gained")[0]["reason"] == "revealed"
    assert state.planes[0].altitude == 1 and state.planes[0].locked == 1


def test_a_mountain_tile_destroys_the_aircraft_and_a_mountain_pawn_stays() -> None:
    """"B. A MOUNTAIN tile directly destroys your Aircraft. Then place a Mountain pawn on the
    tile.": the crash loses the parcels; from then on the tile is a mountain for journeys
    and for the wind."""
    mountain = Hex(-1, 3)
    game, state, _ = make(biomes={mountain: Biome.MOUNTAIN})
    state = put(state, 0, RED_AIRPORT, carried=("blue-1",))
    state, events = fly(game, state, "red", (-1, 3))
    assert [e["effect"] for e in of_type(events, "tile_revealed")] == ["crash"]
    assert of_type(events, "aircraft_destroyed")[0]["cause"] == "mountain"
    assert state.planes[0].hex is None and "blue-1" in state.lost
    assert state.night is not None and state.night.mountains == {mountain}
    assert view(game, state, "blue")["night"]["mountains"] == [[-1, 3]]
    rebuilt = [a for a in legal_actions(game, state.evolve(order=(0,)))
               if isinstance(a, Journey)]
    assert rebuilt and all(mountain not in a.path for a in rebuilt)


def test_a_desert_tile_does_nothing() -> None:
    """"C. A DESERT tile... nothing happens."
    """
    game, state, _ = make()
    state, events = fly(game, state, "red", (-1, 3))
    assert of_type(events, "tile_revealed")[0]["effect"] == "nothing"
    assert state.clouds == {} and state.planes[0].hex == Hex(-1, 3)


def test_a_discovered_tile_stays_discovered() -> None:
    """"A discovered tile stays discovered for the whole game.": flying onto it again flips
    nothing, and a journey may go on past it."""
    game, state, _ = make(winds=("calm",) * 4)
    state, _ = fly(game, state, "red", (-1, 3))
    state, _ = apply(game, state, Pass("red"))
    while state.turn == 1:  # blue
        state, _ = apply(game, state, legal_actions(game, state)[0])
    assert (-1, 3) not in down(game, state, "red")
    state = put(state.evolve(order=(0, 1)), 0, Hex(-1, 2))
    state, events = fly(game, state, "red", (-1, 3), (-2, 3))
    assert [e["hex"] for e in of_type(events, "tile_revealed")] == [[-2, 3]]


# --- phase III: end of turn ------------------------------------------------------------------


def test_the_night_token_advances_one_city_clockwise_each_turn() -> None:
    """"PHASE III: END OF TURN Advance the NIGHT token to the next city clockwise.": from
    city 2 of region 1, city 1 of region 1, then city 3 of region 6 (regions and cities
    are numbered counter-clockwise)."""
    game, state, _ = make(winds=("calm",) * 4)
    cities = []
    for _ in range(2):
        turn = state.turn
        while state.turn == turn:
            state, events = apply(game, state, legal_actions(game, state)[0])
        cities.append(of_type(events, "night_advanced")[0]["to"])
    assert cities == [[*region_cities()[0][0]], [*region_cities()[5][2]]]


def test_the_token_does_not_block_aircraft_and_vice_versa() -> None:
    """"This token does not block Aircraft and vice versa.": red takes off from PARIS under
    the token and lands back there; the token moves onto a city holding an aircraft."""
    game, state, _ = make(rules=NightRules((1, 2)))
    assert state.night is not None and state.night.token == RED_AIRPORT
    assert any(a.path == (Hex(-1, 3),) for a in legal_actions(game, state)
               if isinstance(a, Journey))
    state = put(state, 0, Hex(-2, 3))
    state, events = fly(game, state, "red", (-2, 4))
    assert state.planes[0].hex == RED_AIRPORT and of_type(events, "journey")[0]["landed"]
    game, state, _ = make((RED, Company("blue", SEAPLANE, 1 + 5, city=3)),
                          rules=NightRules((1, 1)))
    while state.turn == 1:
        state, events = apply(game, state, legal_actions(game, state)[0])
    assert of_type(events, "night_advanced")[0]["to"] == [*region_cities()[5][2]]


# --- scenario files ----------------------------------------------------------------------------


def _scenario(workdir: Path, night: str, companies: Sequence[str], map_: str) -> Result:
    text = "\n".join(["format: skyhex.scenario/1", "game: turbulences", "seed: 1",
                      f"map: {map_}", "companies:", *(f"  - {c}" for c in companies),
                      *([night] if night else [])]) + "\n"
    (workdir / "night.yaml").write_text(text)
    return run("scenario", "validate", "night.yaml")


def test_night_scenarios_are_checked_like_any_other(workdir: Path) -> None:
    """A night scenario's mistakes are located and name their rule: PARIS under a dial, a
    map with clouds, a face-down map laid for other regions, and a face-down map by day."""
    run("map", "generate", "--game", "turbulences", "--night", "--regions", "1,3", "--seed",
        "2", "-o", "night-map.yaml")
    run("map", "generate", "--game", "turbulences", "--seed", "2", "-o", "day-map.yaml")
    pair = ["{colour: red, aircraft: biplane, region: 1}",
            "{colour: blue, aircraft: seaplane, region: 3}"]
    assert _scenario(workdir, "night: true", pair, "night-map.yaml").exit_code == 0
    dial = ["{colour: red, aircraft: biplane, region: 1, city: 1, expert: true, dial: 2}",
            pair[1]]
    r = _scenario(workdir, "night: {paris: {region: 1, city: 2}}", dial, "night-map.yaml")
    assert r.exit_code == 1
    assert "night.yaml:8:16: error: PARIS (city 2 of region 1) is under an ALTITUDE dial" \
        in r.stdout and "[scenario.night-paris]" in r.stdout
    r = _scenario(workdir, "night: true", pair, "day-map.yaml")
    assert r.exit_code == 1 and "[scenario.night-clouds]" in r.stdout
    other = [pair[0], "{colour: blue, aircraft: seaplane, region: 4}"]
    r = _scenario(workdir, "night: true", other, "night-map.yaml")
    assert r.exit_code == 1 and "laid for regions [1, 3], the companies fly from [1, 4]" \
        in r.stdout and "--regions 1,4" in r.stdout
    r = _scenario(workdir, "", pair, "night-map.yaml")
    assert r.exit_code == 1 and "[scenario.night]" in r.stdout


def test_map_generate_night_is_seeded_and_refuses_day_options(workdir: Path) -> None:
    """`skyhex map generate --night`: the same seed and regions give the same bytes; a
    difficulty, half-tiles, or regions without --night are usage errors."""
    first = run("map", "generate", "--game", "turbulences", "--night", "--seed", "5")
    again = run("map", "generate", "--game", "turbulences", "--night", "--regions", "5,3,1",
                "--seed", "5")
    assert first.exit_code == 0 and first.stdout == again.stdout
    assert "night:\n  regions: [1, 3, 5]" in first.stdout and "clouds: []" in first.stdout
    for extra in (["--difficulty", "easy"], ["--half-tiles"]):
        r = run("map", "generate", "--game", "turbulences", "--night", *extra)
        assert r.exit_code == 2 and r.stdout == ""
    r = run("map", "generate", "--game", "turbulences", "--regions", "1,2")
    assert r.exit_code == 2 and "--night" in r.stderr
    r = run("map", "generate", "--game", "turbulences", "--night", "--regions", "1,x")
    assert r.exit_code == 2 and "region numbers" in r.stderr


def test_boards_draw_face_down_tiles_and_the_referee_sheet(workdir: Path) -> None:
    """`skyhex board`: a night map face down (no biome fill shows), the referee's sheet
    marked and printing the hidden faces, a night position with the NIGHT token; --referee
    is a usage error by day."""
    run("map", "generate", "--game", "turbulences", "--night", "--seed", "3", "-o", "n.yaml")
    r = run("board", "n.yaml", "-o", "n.svg")
    assert r.exit_code == 0
    svg = (workdir / "n.svg").read_text()
    tiles = re.findall(r'<polygon fill="([^"]+)" id="hex_', svg)
    assert tiles == [NIGHT_FILL] * 37 and "REFEREE" not in svg
    r = run("board", "n.yaml", "--referee", "-o", "referee.svg")
    referee = (workdir / "referee.svg").read_text()
    assert r.exit_code == 0 and "REFEREE&apos;S SHEET" in referee.replace("'", "&apos;")
    assert referee.count(">M</text>") >= 1
    scenario = ROOT / "examples" / "scenarios" / "turbulences-night-3.yaml"
    moves = ROOT / "tests" / "golden" / "turbulences-night-3.moves.yaml"
    r = run("board", str(moves), "--at", "20", "-o", "at.svg", "--allow-outside-refs")
    at = (workdir / "at.svg").read_text()
    assert r.exit_code == 0 and 'id="night-token"' in at and 'id="paris"' in at
    faces = re.findall(r'<polygon fill="([^"]+)" id="hex_', at)
    assert 0 < faces.count(NIGHT_FILL) < 37 and set(faces) - {NIGHT_FILL} <= \
        set(BIOME_FILL.values())
    r = run("board", str(scenario), "--referee", "-o", "s.svg", "--allow-outside-refs")
    assert r.exit_code == 0
    day = ROOT / "examples" / "maps" / "turbulences-normal-seed-3.yaml"
    r = run("board", str(day), "--referee", "-o", "d.svg", "--allow-outside-refs")
    assert r.exit_code == 2 and "not face down" in r.stderr


def test_scenario_new_writes_a_night_game(workdir: Path) -> None:
    """`skyhex scenario new --game turbulences --night`: the scenario with its `night` key and
    a face-down map laid for its companies' regions, valid as written; other games have
    no night (usage error)."""
    r = run("scenario", "new", "--game", "turbulences", "--players", "3", "--night",
            "--seed", "4", "-o", "s.yaml")
    assert r.exit_code == 0
    assert "night: {paris: {region: 1, city: 2}" in (workdir / "s.yaml").read_text()
    assert "regions: [1, 3, 5]" in (workdir / "s.map.yaml").read_text()
    assert run("scenario", "validate", "s.yaml").exit_code == 0
    r = run("scenario", "new", "--players", "2", "--night", "-o", "p.yaml")
    assert r.exit_code == 2 and "no night mode" in r.stderr


def test_no_emergency_runway_on_a_face_down_tile() -> None:
    """Decision: a runway replaces a tile "of the same colour as the tile": the colour of a
    face-down tile is not known, so none is built there; a flipped tile takes one."""
    from dataclasses import replace

    from skyhex.rules.turbulences import runways

    game, state, _ = make((Company("red", BIPLANE, 1, expert=True), BLUE),
                          biomes={Hex(0, 0): Biome.PLAIN})
    game = replace(game, expert=replace(game.expert, runways=True))
    assert state.night is not None
    assert not runways.can_build(game, state, Hex(0, 0))
    flipped = state.evolve(night=type(state.night)(state.night.token, frozenset({Hex(0, 0)})))
    assert runways.can_build(game, flipped, Hex(0, 0))


# --- the other reading: going on after a flip --------------------------------------------------


CONTINUES = NightRules(reveal="continues")


def test_with_reveal_continues_the_pilot_goes_on_after_seeing_the_tile() -> None:
    """Decision 4's other reading (``reveal: continues``): the flip pauses the journey; the
    pilot may fly the rest of it (the tiles entered so far and the rest make a journey:
    no U-turn, a bonus only from the tile where the base movement ended) or stop there,
    and the BOOST is offered after it as after any journey."""
    game, state, _ = make(rules=CONTINUES, biomes={Hex(-1, 3): Biome.DESERT})
    state, events = fly(game, state, "red", (-1, 3))
    assert state.actor == 0 and state.night is not None
    assert state.night.leg == (RED_AIRPORT, Hex(-1, 3))
    legal = legal_actions(game, state)
    rests = {a.path for a in legal if isinstance(a, Journey)}
    assert Pass("red") in legal and (Hex(-1, 2),) in rests
    assert (RED_AIRPORT,) not in rests  # no U-turn on the second base tile
    assert all(len(r) == 1 for r in rests)  # desert: no bonus for a biplane
    with pytest.raises(IllegalActionError) as excinfo:
        apply(game, state, Journey("red", (RED_AIRPORT,)))
    assert excinfo.value.rule == "night.onward"
    assert view(game, state, "blue")["night"]["journey"] == [[-2, 4], [-1, 3]]
    state, events = fly(game, state, "red", (0, 2))
    assert of_type(events, "journey")[0]["onward"] is True
    assert [e["hex"] for e in of_type(events, "tile_revealed")] == [[0, 2]]
    assert state.phase.value == "boost" and state.night is not None and not state.night.leg
    assert "flies on from (-1,3) to (0,2)" in account_line(of_type(events, "journey")[0])


def test_with_reveal_continues_a_pilot_may_stop_on_the_flipped_tile() -> None:
    game, state, _ = make(rules=CONTINUES, biomes={Hex(-1, 3): Biome.PLAIN})
    state, _ = fly(game, state, "red", (-1, 3))
    state, events = apply(game, state, Pass("red"))
    assert of_type(events, "passed")[0]["reason"] == "stopped"
    assert state.planes[0].hex == Hex(-1, 3) and state.phase.value == "boost"
    assert "stops there" in account_line(of_type(events, "passed")[0])


def test_with_reveal_continues_a_new_cumulus_gives_its_bonus() -> None:
    """A plain or sea tile flipped at the end of the base movement now holds a cumulus: its
    colour is the cumulus's, so a zeppelin takes its bonus from it and a biplane none."""
    zeppelin = Company("red", ZEPPELIN, 1)
    game, state, _ = make((zeppelin, BLUE), rules=CONTINUES,
                          biomes={Hex(-1, 3): Biome.DESERT, Hex(-1, 2): Biome.PLAIN})
    state = state.evolve(night=type(state.night)(RED_AIRPORT, frozenset({Hex(-1, 3)})))
    state, _ = fly(game, state, "red", (-1, 3), (-1, 2))
    assert state.night is not None and state.night.leg[-1] == Hex(-1, 2)
    rests = {a.path for a in legal_actions(game, state) if isinstance(a, Journey)}
    assert rests and all(len(r) == 1 for r in rests)  # the bonus tile, from the cumulus
    game, state, _ = make(rules=CONTINUES,
                          biomes={Hex(-1, 3): Biome.DESERT, Hex(-1, 2): Biome.PLAIN})
    state = state.evolve(night=type(state.night)(RED_AIRPORT, frozenset({Hex(-1, 3)})))
    state, _ = fly(game, state, "red", (-1, 3), (-1, 2))
    assert state.night is not None and not state.night.leg  # nothing left: a biplane


def test_a_paused_journey_is_part_of_the_position() -> None:
    """The position of a paused journey holds it (``night.journey``), and a scenario
    starting there offers the same actions."""
    from skyhex.rules.turbulences.position import position_block

    game, state, _ = make(rules=CONTINUES)
    state, _ = fly(game, state, "red", (-1, 3))
    block = position_block(game, state)
    assert block["night"]["journey"] == [[-2, 4], [-1, 3]]


def test_going_on_after_a_flip_is_not_supported_yet_in_expert_mode() -> None:
    with pytest.raises(InputError) as excinfo:
        make((Company("red", BIPLANE, 1, expert=True), BLUE), rules=CONTINUES)
    assert excinfo.value.problems[0].rule == "setup.night-reveal"
    assert "not supported yet" in excinfo.value.problems[0].message
