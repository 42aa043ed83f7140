"""Turbulences, Phase I: Weather (rulebook section 4): one test per weather event A-F, the
calm, Tempests forming, growing and splitting, simultaneity, sheltering and wrapping, each on a
small hand-built situation of the 37-tile landscape, plus the Wind Rose and property tests.

Most situations use the column q = 0, from (0, -3) in the north to (0, 3) in the south, with
the wind blowing north (towards (0, -1)): downwind is up, the line's downwind end is (0, -3)
and its upwind end (0, 3).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyhex.rules.hexgrid import DIRECTIONS, Direction, Hex
from skyhex.rules.turbulences.landscape import (
    CITY_RING,
    CLOUD_TOKENS,
    CloudSide,
    CloudToken,
    Stack,
    city_region,
    landscape_hexes,
)
from skyhex.rules.turbulences.weather import (
    CALM,
    DEFAULT_WIND_ODDS,
    WIND_OUTCOMES,
    Event,
    Why,
    Wind,
    WindRose,
    blow,
    last_direction,
    parse_wind,
    resolve,
    wind_lines,
    wind_name,
)

N, NE, SE, S, SW, NW = DIRECTIONS


def cu(token: int) -> CloudToken:
    return CloudToken(token, CloudSide.CUMULUS)


def storm(token: int) -> CloudToken:
    return CloudToken(token, CloudSide.STORM)


def at(q: int, r: int) -> Hex:
    return Hex(q, r)


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def ids(clouds: Mapping[Hex, Stack]) -> dict[Hex, list[int]]:
    """Token ids on each tile, bottom first."""
    return {h: [t.id for t in s] for h, s in clouds.items()}


def sides(clouds: Mapping[Hex, Stack]) -> dict[int, CloudSide]:
    return {t.id: t.side for s in clouds.values() for t in s}


# --- A-F ----------------------------------------------------------------------------------


def test_a_cumulus_is_blown_to_the_adjacent_tile() -> None:
    """A. "Cumulus move simultaneously. They do not stack. The wind can blow them under an
    Aircraft or out of the landscape but they never cross Mountains." (and "moves, if
    possible, all Clouds to the adjacent tile in that direction")"""
    clouds, events = blow(set(), {at(0, 0): (cu(1),), at(-2, 1): (cu(2),)}, N)
    assert clouds == {at(0, -1): (cu(1),), at(-2, 0): (cu(2),)}
    assert {"type": "cloud_moved", "token": 1, "side": "cumulus", "from": [0, 0],
            "to": [0, -1]} in events


def test_a_cumulus_move_simultaneously_and_do_not_stack() -> None:
    """A. "Cumulus move simultaneously. They do not stack." A whole row moves one tile; each
    takes the tile its neighbour has just left."""
    row = {at(0, r): (cu(r + 10),) for r in (-2, -1, 0, 1, 2)}
    clouds, events = blow(set(), row, N)
    assert ids(clouds) == {at(0, r - 1): [r + 10] for r in (-2, -1, 0, 1, 2)}
    assert len(of_type(events, "cloud_moved")) == 5
    assert not of_type(events, "cloud_stacked")


def test_a_cumulus_never_cross_mountains() -> None:
    """A. "...but they never cross Mountains." """
    clouds, events = blow({at(0, 0)}, {at(0, 1): (cu(1),)}, N)
    assert ids(clouds) == {at(0, 1): [1]}
    assert not of_type(events, "cloud_moved")


def test_b_cumulus_blocked_against_a_mountain_turns_into_a_storm() -> None:
    """B. "A Cumulus blocked against a Mountain turns into a Storm. Flip this token to its
    black side." """
    phase = resolve({at(0, 0)}, {at(0, 1): (cu(1),)}, N)
    assert phase.clouds == {at(0, 1): (storm(1),)}
    assert list(phase.events) == [
        {"type": "cloud_blocked", "token": 1, "side": "storm", "hex": [0, 1], "mountain": [0, 0]},
        {"type": "cloud_flipped", "token": 1, "hex": [0, 1], "side": "storm", "reason": "blocked"},
    ]
    fate = phase.fates[1]
    assert (fate.why, fate.flipped, fate.obstacle) == (Why.BLOCKED, True, at(0, 0))


def test_c_a_mountain_blocks_the_wind_for_the_following_tiles() -> None:
    """C. "A Mountain blocks the wind! The Clouds on all following tiles of its line are not
    blown." The following tiles are those downwind of the mountain, in its lee: the cloud
    upwind of it is blown, the clouds behind it stay; a cloud on another line is blown."""
    clouds = {at(0, -3): (cu(1),), at(0, -1): (storm(2),), at(0, 2): (cu(3),),
              at(1, -1): (cu(4),)}
    new, events = blow({at(0, 0)}, clouds, N)
    assert ids(new) == {at(0, -3): [1], at(0, -1): [2], at(0, 1): [3], at(1, -2): [4]}
    assert of_type(events, "cloud_sheltered") == [
        {"type": "cloud_sheltered", "token": 1, "hex": [0, -3], "mountain": [0, 0]},
        {"type": "cloud_sheltered", "token": 2, "hex": [0, -1], "mountain": [0, 0]},
    ]
    assert sides(new)[1] is CloudSide.CUMULUS  # not blown, so not blown out either (F)


def test_d_storms_move_like_cumulus() -> None:
    """D. "Storms also move. Like Cumulus, without crossing Mountains." """
    clouds, events = blow({at(0, -2)}, {at(0, 1): (storm(1),), at(0, 2): (cu(2),)}, N)
    assert clouds == {at(0, 0): (storm(1),), at(0, 1): (cu(2),)}
    assert of_type(events, "cloud_moved")[0] == {
        "type": "cloud_moved", "token": 1, "side": "storm", "from": [0, 1], "to": [0, 0]}


def test_e_storm_blocked_against_a_mountain_stays_immobile_and_black() -> None:
    """E. "A Storm blocked against a Mountain stays immobile and black." """
    phase = resolve({at(0, 0)}, {at(0, 1): (storm(1),)}, N)
    assert phase.clouds == {at(0, 1): (storm(1),)}
    assert list(phase.events) == [
        {"type": "cloud_blocked", "token": 1, "side": "storm", "hex": [0, 1], "mountain": [0, 0]}]
    assert not phase.fates[1].flipped


def test_f_cloud_blown_out_comes_back_as_a_cumulus_on_the_opposite_tile() -> None:
    """F. "A Cumulus or Storm blown out of the landscape is replaced by a Cumulus. Place the
    same token (white side) on the opposite tile of the same line, in the direction of the
    wind." Clouds "never cover cities": the storm blown towards the city (1, -4) comes back
    white at the upwind end of its line, (1, 2)."""
    assert at(1, -4) in city_region()
    phase = resolve(set(), {at(1, -3): (storm(7),)}, N)
    assert phase.clouds == {at(1, 2): (cu(7),)}
    assert list(phase.events) == [
        {"type": "cloud_wrapped", "token": 7, "from": [1, -3], "exit": [1, -4], "to": [1, 2]},
        {"type": "cloud_flipped", "token": 7, "hex": [1, 2], "side": "cumulus",
         "reason": "wrapped"},
    ]
    fate = phase.fates[7]
    assert (fate.why, fate.exit, fate.end, fate.after) == (
        Why.WRAPPED, at(1, -4), at(1, 2), CloudSide.CUMULUS)


def test_f_wrapping_around_a_full_line_is_a_rotation() -> None:
    """F with A: "Place the same token (white side) on the opposite tile of the same line"
    while the others move on: the cloud blown out takes the tile the last one left."""
    line = {at(3, r): (cu(r + 10),) for r in (-3, -2, -1, 0)}  # the whole east column
    clouds, events = blow(set(), line, N)
    assert ids(clouds) == {at(3, -3): [8], at(3, -2): [9], at(3, -1): [10], at(3, 0): [7]}
    assert of_type(events, "cloud_wrapped") == [
        {"type": "cloud_wrapped", "token": 7, "from": [3, -3], "exit": [3, -4], "to": [3, 0]}]


@pytest.mark.parametrize("wind", DIRECTIONS, ids=lambda d: d.name)
def test_f_opposite_tile_in_every_wind(wind: Direction) -> None:
    """F. "...on the opposite tile of the same line": the first landscape tile of that line
    on the side the wind comes from, in each of the six directions."""
    start = at(0, 0).step(wind, 3)
    clouds, events = blow(set(), {start: (storm(1),)}, wind)
    assert ids(clouds) == {at(0, 0).step(wind, -3): [1]}
    assert of_type(events, "cloud_wrapped")[0]["exit"] == list(at(0, 0).step(wind, CITY_RING))


# --- calm and Tempests --------------------------------------------------------------------


def test_calm_nothing_moves() -> None:
    """"When the arrow points to a sun in a corner of the Wind Rose... the wind does not blow
    during this turn." """
    clouds = {at(0, 1): (cu(1),), at(0, -3): (storm(2),), at(1, 1): (storm(3), storm(4))}
    phase = resolve({at(0, 0)}, clouds, CALM, previous=S)
    assert phase.clouds == clouds
    assert phase.events == ()
    assert {f.why for f in phase.fates.values()} == {Why.CALM}


def test_tempest_forms_when_a_cloud_is_blown_onto_a_blocked_cloud() -> None:
    """"When a Cloud is blown onto another Cloud that is already blocked or immobile... they
    both turn into a Tempest! Stack the 2 tokens on their black side." """
    phase = resolve({at(0, 0)}, {at(0, 1): (cu(1),), at(0, 2): (cu(2),)}, N)
    assert phase.clouds == {at(0, 1): (storm(1), storm(2))}
    assert of_type(list(phase.events), "cloud_stacked") == [
        {"type": "cloud_stacked", "token": 2, "hex": [0, 1], "tokens": [1, 2], "tempest": "formed"}]
    assert phase.fates[2].stacked and phase.fates[2].after is CloudSide.STORM


def test_tempest_forms_on_an_immobile_storm() -> None:
    """"When a Cloud is blown onto another Cloud that is already blocked or immobile..." with
    E: "A Storm blocked against a Mountain stays immobile and black. A Tempest may even
    form..." """
    clouds, _ = blow({at(0, 0)}, {at(0, 1): (storm(1),), at(0, 2): (cu(2),)}, N)
    assert clouds == {at(0, 1): (storm(1), storm(2))}


def test_a_row_against_a_mountain_stacks_two_and_the_others_advance() -> None:
    """A and the Tempest rule together: "Cumulus move simultaneously" and "When a Cloud is
    blown onto another Cloud that is already blocked or immobile... they both turn into a
    Tempest!" Only the cloud next to the mountain is blocked; the one behind it stacks, and
    the third moves into the tile just left (each cloud moves one tile per phase)."""
    row = {at(0, 1): (cu(1),), at(0, 2): (cu(2),), at(0, 3): (cu(3),)}
    clouds, _ = blow({at(0, 0)}, row, N)
    assert clouds == {at(0, 1): (storm(1), storm(2)), at(0, 2): (cu(3),)}


def test_tempest_grows_when_the_wind_blows_in_the_same_direction() -> None:
    """"The Tempest can still grow... During the following weather phases, if the wind blows
    in the same direction, other Clouds can stack and thus make the Tempest grow; it cannot
    cross the Mountain." """
    clouds = {at(0, 1): (storm(1), storm(2)), at(0, 2): (cu(3),)}
    phase = resolve({at(0, 0)}, clouds, N, previous=N)
    assert phase.clouds == {at(0, 1): (storm(1), storm(2), storm(3))}
    events = list(phase.events)
    assert events[0] == {"type": "tempest_held", "hex": [0, 1], "tokens": [1, 2],
                         "reason": "same_wind", "mountain": [0, 0]}
    assert of_type(events, "cloud_stacked")[0]["tempest"] == "grew"
    assert phase.fates[1].why is Why.HELD and phase.fates[1].obstacle == at(0, 0)


def test_tempest_never_moves_in_the_same_wind_even_away_from_mountains() -> None:
    """"A Tempest never moves." In the same wind it holds where it is, and a cloud blown onto
    it stacks."""
    clouds = {at(0, 0): (storm(1), storm(2)), at(0, 1): (cu(3),), at(0, 2): (cu(4),)}
    new, events = blow(set(), clouds, N, previous=N)
    assert ids(new) == {at(0, 0): [1, 2, 3], at(0, 1): [4]}
    assert of_type(events, "tempest_held")[0]["reason"] == "same_wind"


def test_tempest_splits_in_another_wind_top_token_only() -> None:
    """"A Tempest never moves. It splits into several Storms. If the wind blows in another
    direction, only the top token is moved to an adjacent tile. The lower token(s) remain
    immobile during this weather phase only." """
    clouds = {at(0, 0): (storm(1), storm(2), storm(3))}
    phase = resolve(set(), clouds, N, previous=NE)
    assert phase.clouds == {at(0, 0): (storm(1), storm(2)), at(0, -1): (storm(3),)}
    assert list(phase.events) == [
        {"type": "tempest_split", "hex": [0, 0], "token": 3, "base": [1, 2]},
        {"type": "cloud_moved", "token": 3, "side": "storm", "from": [0, 0], "to": [0, -1]},
    ]
    assert [phase.fates[t].why for t in (1, 2, 3)] == [Why.HELD, Why.HELD, Why.MOVED]
    # "during this weather phase only": the next phase (a new direction again) splits again
    clouds2, _ = blow(set(), phase.clouds, SE, previous=N)
    assert ids(clouds2) == {at(0, 0): [1], at(1, 0): [2], at(1, -1): [3]}


def test_a_new_tempest_forms_on_the_immobile_base_of_a_splitting_tempest() -> None:
    """"If during the same weather phase another Cloud is blown onto the immobile base of the
    Tempest that is splitting... stack the 2 tokens on their black side to create a new
    Tempest." """
    clouds = {at(0, 0): (storm(1), storm(2)), at(0, 1): (cu(5),)}
    phase = resolve(set(), clouds, N, previous=S)
    assert phase.clouds == {at(0, 0): (storm(1), storm(5)), at(0, -1): (storm(2),)}
    assert of_type(list(phase.events), "cloud_stacked") == [
        {"type": "cloud_stacked", "token": 5, "hex": [0, 0], "tokens": [1, 5], "tempest": "formed"}]


def test_a_splitting_top_token_blocked_by_a_mountain_keeps_the_tempest_whole() -> None:
    """"...only the top token is moved to an adjacent tile" and Storms move "without crossing
    Mountains" (D): with a mountain downwind the top token cannot leave, so the Tempest stays
    whole and blocked, and a cloud blown onto it stacks (decision 8)."""
    clouds = {at(0, 1): (storm(1), storm(2)), at(0, 2): (cu(3),)}
    phase = resolve({at(0, 0)}, clouds, N, previous=S)
    assert phase.clouds == {at(0, 1): (storm(1), storm(2), storm(3))}
    assert phase.events[0] == {"type": "tempest_held", "hex": [0, 1], "tokens": [1, 2],
                               "reason": "mountain", "mountain": [0, 0]}
    assert phase.fates[2].why is Why.BLOCKED and phase.fates[1].why is Why.HELD


def test_a_splitting_top_token_stacks_onto_a_blocked_cloud() -> None:
    """"When a Cloud is blown onto another Cloud that is already blocked or immobile..." also
    holds for the top token of a splitting Tempest."""
    clouds = {at(0, 1): (storm(1),), at(0, 2): (storm(2), storm(3))}
    clouds2, _ = blow({at(0, 0)}, clouds, N, previous=SE)
    assert ids(clouds2) == {at(0, 1): [1, 3], at(0, 2): [2]}


def test_tempest_in_the_lee_of_a_mountain_neither_splits_nor_grows() -> None:
    """C. "The Clouds on all following tiles of its line are not blown": a Tempest there
    stays whole in any wind."""
    clouds = {at(0, -1): (storm(1), storm(2))}
    phase = resolve({at(0, 0)}, clouds, N, previous=S)
    assert phase.clouds == clouds
    assert [e["type"] for e in phase.events] == ["cloud_sheltered", "cloud_sheltered"]


def test_sheltering_with_two_mountains_on_a_line() -> None:
    """C. "A Mountain blocks the wind! The Clouds on all following tiles of its line are not
    blown": the most upwind mountain of the line shelters everything downwind of it, even
    beyond a second mountain; each cloud names the mountain just upwind of it."""
    clouds = {at(0, -3): (cu(1),), at(0, -1): (cu(2),), at(0, 3): (cu(3),)}
    phase = resolve({at(0, -2), at(0, 1)}, clouds, N)
    assert ids(phase.clouds) == {at(0, -3): [1], at(0, -1): [2], at(0, 2): [3]}
    assert [(f.why, f.obstacle) for f in phase.fates.values()] == [
        (Why.SHELTERED, at(0, -2)), (Why.SHELTERED, at(0, 1)), (Why.MOVED, None)]


def test_wrapping_onto_an_immobile_tempest_stacks() -> None:
    """F and the Tempest rule: the returning cloud "is replaced by a Cumulus" on the opposite
    tile; when that tile holds a Tempest that does not move, it is "blown onto another Cloud
    that is already blocked or immobile" and stacks (decision 9)."""
    clouds = {at(0, -3): (cu(1),), at(0, 3): (storm(2), storm(3))}
    phase = resolve(set(), clouds, N, previous=N)
    assert phase.clouds == {at(0, 3): (storm(2), storm(3), storm(1))}
    fate = phase.fates[1]
    assert (fate.why, fate.stacked, fate.after, fate.exit) == (
        Why.WRAPPED, True, CloudSide.STORM, at(0, -4))


def test_previous_direction_skips_calm_phases() -> None:
    """Decision 6: "if the wind blows in the same direction" compares with the last wind that
    blew; calm phases change nothing."""
    assert last_direction([N, CALM, CALM]) is N
    assert last_direction([N, SE]) is SE
    assert last_direction([CALM]) is None
    assert last_direction([]) is None


def test_section_7_fates_let_an_aircraft_follow_its_cumulus() -> None:
    """Designed for section 7, "An Aircraft flying over a Cumulus is moved with it...": every
    token's fate says where it went, its sides and why, and where a wrapped one was ejected
    towards ("If the Cumulus ejects an Aircraft out of the landscape...")."""
    clouds = {at(0, 1): (cu(1),), at(0, 2): (cu(2),), at(2, -3): (cu(3),), at(-2, 0): (cu(4),)}
    phase = resolve({at(0, 0)}, clouds, N)
    f = phase.fates
    assert (f[1].start, f[1].end, f[1].after) == (at(0, 1), at(0, 1), CloudSide.STORM)  # B
    assert f[2].stacked  # C: "if the Cumulus turns into a Tempest"
    assert (f[3].exit, f[3].end) == (at(2, -4), at(2, 1))  # D-G: ejected towards (2, -4)
    assert (f[4].start, f[4].end, f[4].why) == (at(-2, 0), at(-2, -1), Why.MOVED)
    assert set(f) == {1, 2, 3, 4}


def test_events_are_json_ready() -> None:
    """Every event is a plain dict that survives a JSON round trip."""
    clouds = {at(0, 1): (cu(1),), at(0, 2): (cu(2),), at(1, -3): (storm(3),),
              at(-1, 0): (storm(4), storm(5)), at(0, -2): (cu(6),)}
    for wind, previous in ((N, S), (N, N), (SW, None)):
        _, events = blow({at(0, 0)}, clouds, wind, previous)
        assert events and json.loads(json.dumps(events)) == events


@pytest.mark.parametrize("clouds, message", [
    ({at(0, 0): (cu(1),)}, "mountain"),
    ({at(0, 4): (cu(1),)}, "off the landscape"),
    ({at(1, 1): ()}, "empty"),
    ({at(1, 1): (cu(1),), at(1, 2): (storm(1),)}, "twice"),
    ({at(1, 1): (storm(1), cu(2))}, "cumulus side"),
])
def test_invalid_situations_are_refused(clouds: dict[Hex, Stack], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        blow({at(0, 0)}, clouds, N)


def test_mountains_must_be_on_the_landscape() -> None:
    with pytest.raises(ValueError, match="mountains off the landscape"):
        blow({at(0, 4)}, {}, N)


def test_wind_lines_cover_the_landscape_downwind_end_first() -> None:
    for wind in DIRECTIONS:
        lines = wind_lines(wind)
        assert sorted(len(line) for line in lines) == [4, 4, 5, 5, 6, 6, 7]
        assert sorted(h for line in lines for h in line) == sorted(landscape_hexes())
        for line in lines:
            assert line[0].neighbor(wind) not in landscape_hexes()
            assert all(line[i + 1].neighbor(wind) == line[i] for i in range(len(line) - 1))


# --- the Wind Rose ------------------------------------------------------------------------


def test_wind_rose_default_odds_are_one_seventh_each() -> None:
    """"A flick ... to determine the wind direction", or "a sun in a corner of the Wind
    Rose": the six directions and the calm, equally likely by default (DESIGN.md)."""
    rose = WindRose()
    assert [rose.probability(w) for w in WIND_OUTCOMES] == [Fraction(1, 7)] * 7
    assert dict(DEFAULT_WIND_ODDS) == {w: Fraction(1, 7) for w in WIND_OUTCOMES}
    assert rose.to_data() == {"N": "1/7", "NE": "1/7", "SE": "1/7", "S": "1/7", "SW": "1/7",
                              "NW": "1/7", "calm": "1/7"}


def test_wind_rose_turns_a_uniform_draw_into_an_outcome() -> None:
    rose = WindRose()
    for i, wind in enumerate(WIND_OUTCOMES):
        for u in (i / 7 + 1e-9, (i + 0.5) / 7, (i + 1) / 7 - 1e-9):
            assert rose.outcome(u) == wind
    assert rose.outcome(0.0) is N and rose.outcome(0.9999999) is CALM
    for bad in (-0.1, 1.0, 1.5):
        with pytest.raises(ValueError):
            rose.outcome(bad)


def test_wind_rose_odds_can_be_overridden() -> None:
    """The odds are data that a scenario may override (DESIGN.md); weights are relative."""
    rose7 = WindRose()
    rose = WindRose.from_data({"n": 3, "calm": 1})
    assert rose.probability(N) == Fraction(3, 4) and rose.probability(SE) == 0
    assert rose.outcome(0.74) is N and rose.outcome(0.75) is CALM
    assert WindRose.from_data({"S": 0.1, "NW": "0.3"}).probability(S) == Fraction(1, 4)
    with pytest.raises(ValueError):
        WindRose.from_data({"N": -1, "S": 2})
    with pytest.raises(ValueError):
        WindRose.from_data({"calm": 0})
    with pytest.raises(ValueError):
        WindRose.from_data({"up": 1})
    assert WindRose.from_data({w: 1 for w in ("N", "NE", "SE", "S", "SW", "NW", "calm")}) == rose7
    assert len({WindRose(), rose7}) == 1  # a value: equal odds, equal hash


def test_wind_names() -> None:
    assert [wind_name(w) for w in WIND_OUTCOMES] == ["N", "NE", "SE", "S", "SW", "NW", "calm"]
    assert [parse_wind(wind_name(w)) for w in WIND_OUTCOMES] == list(WIND_OUTCOMES)
    assert parse_wind("Calm") is CALM
    with pytest.raises(ValueError):
        parse_wind("E")


# --- properties ---------------------------------------------------------------------------

TILES = landscape_hexes()
winds = st.sampled_from(WIND_OUTCOMES)
previous_winds = st.one_of(st.none(), st.sampled_from(DIRECTIONS))


@st.composite
def situations(draw: st.DrawFn) -> tuple[frozenset[Hex], dict[Hex, Stack]]:
    """0-3 mountains and the 12 cloud tokens on the other tiles, some stacked (Tempests on
    their storm side), the others on either side."""
    mountains = frozenset(draw(st.lists(st.sampled_from(TILES), max_size=3, unique=True)))
    free = [h for h in TILES if h not in mountains]
    places = draw(st.lists(st.sampled_from(free), min_size=CLOUD_TOKENS, max_size=CLOUD_TOKENS))
    order = draw(st.permutations(range(1, CLOUD_TOKENS + 1)))
    stacks: dict[Hex, list[int]] = {}
    for token, h in zip(order, places, strict=True):
        stacks.setdefault(h, []).append(token)
    clouds: dict[Hex, Stack] = {}
    for h, tokens in stacks.items():
        if len(tokens) >= 2:
            clouds[h] = tuple(storm(t) for t in tokens)
        else:
            clouds[h] = (CloudToken(tokens[0], draw(st.sampled_from(list(CloudSide)))),)
    return mountains, clouds


def check_invariants(mountains: frozenset[Hex], clouds: Mapping[Hex, Stack]) -> None:
    tokens = sorted(t.id for s in clouds.values() for t in s)
    assert tokens == list(range(1, CLOUD_TOKENS + 1))  # none lost or duplicated
    assert set(clouds) <= set(TILES)  # never off the landscape (never on a city)
    assert not set(clouds) & mountains  # never on a mountain
    for stack in clouds.values():
        assert stack
        if len(stack) >= 2:  # sharing a tile is a Tempest: all storms
            assert all(t.side is CloudSide.STORM for t in stack)


@settings(max_examples=300, deadline=None)
@given(situations(), st.lists(winds, min_size=1, max_size=8), previous_winds)
def test_tokens_are_conserved_and_stay_on_free_landscape_tiles(
        situation: tuple[frozenset[Hex], dict[Hex, Stack]], sequence: list[Wind],
        previous: Direction | None) -> None:
    """Over any sequence of winds: the 12 tokens are conserved, clouds never end on mountains
    or off the landscape, and a cumulus never shares a tile unless in a Tempest."""
    mountains, clouds = situation
    check_invariants(mountains, clouds)
    for wind in sequence:
        clouds, _ = blow(mountains, clouds, wind, previous)
        check_invariants(mountains, clouds)
        if isinstance(wind, Direction):  # calm phases are skipped (decision 6)
            previous = wind


@settings(max_examples=200, deadline=None)
@given(situations(), previous_winds)
def test_calm_changes_nothing(situation: tuple[frozenset[Hex], dict[Hex, Stack]],
                              previous: Direction | None) -> None:
    """"...the wind does not blow during this turn." """
    mountains, clouds = situation
    new, events = blow(mountains, clouds, CALM, previous)
    assert new == clouds and events == []


@settings(max_examples=300, deadline=None)
@given(situations(), st.sampled_from(DIRECTIONS), previous_winds)
def test_fates_agree_with_the_clouds(situation: tuple[frozenset[Hex], dict[Hex, Stack]],
                                     wind: Direction, previous: Direction | None) -> None:
    """Each token's fate ends where the token is, with its side; it moves one tile downwind,
    or wraps to its line's upwind end, or stays; and only a stacked token or the cloud under
    it changes the stack it is in."""
    mountains, clouds = situation
    phase = resolve(mountains, clouds, wind, previous)
    where = {t.id: (h, t.side) for h, s in phase.clouds.items() for t in s}
    line_of = {h: line for line in wind_lines(wind) for h in line}
    assert sorted(phase.fates) == sorted(where)
    for token, fate in phase.fates.items():
        assert where[token] == (fate.end, fate.after)
        if fate.why is Why.MOVED:
            assert fate.end == fate.start.neighbor(wind)
        elif fate.why is Why.WRAPPED:
            assert fate.exit == fate.start.neighbor(wind) and fate.exit not in line_of
            assert fate.end == line_of[fate.start][-1]
            assert fate.after is (CloudSide.STORM if fate.stacked else CloudSide.CUMULUS)
        else:
            assert fate.end == fate.start and not fate.stacked
        if fate.after is CloudSide.CUMULUS:
            assert len(phase.clouds[fate.end]) == 1


@settings(max_examples=200, deadline=None)
@given(situations(), winds, previous_winds, st.integers(1, 5))
def test_rotating_the_board_rotates_the_weather(
        situation: tuple[frozenset[Hex], dict[Hex, Stack]], wind: Wind,
        previous: Direction | None, turns: int) -> None:
    """The rules have no favourite direction: turning the whole situation and the winds by
    sixth-turns turns the result, the fates and the events' order."""
    mountains, clouds = situation
    phase = resolve(mountains, clouds, wind, previous)
    turned_wind = wind.rotate(turns) if isinstance(wind, Direction) else wind
    turned_previous = previous.rotate(turns) if previous is not None else None
    turned = resolve(frozenset(h.rotate(turns) for h in mountains),
                     {h.rotate(turns): s for h, s in clouds.items()}, turned_wind, turned_previous)
    assert turned.clouds == {h.rotate(turns): s for h, s in phase.clouds.items()}
    assert [(e["type"], e.get("token")) for e in turned.events] == [
        (e["type"], e.get("token")) for e in phase.events]
    for token, fate in phase.fates.items():
        other = turned.fates[token]
        assert (other.start, other.end, other.why) == (
            fate.start.rotate(turns), fate.end.rotate(turns), fate.why)
