"""Turbulences team modes (rulebook section 8, "Play as a Team"): a test per rule, each quoting
it, and a property test on random team games.

The hand-built games use the desert landscape of ``test_turbulences_rules``: red (a biplane,
region 1, airport (-2, 4) next to (-2, 3) and (-1, 3)) and blue (a seaplane, region 2, airport
(2, 2) next to (2, 1) and (1, 2)) against green (a zeppelin, region 4) and yellow (a biplane,
region 5). Clockwise from region 1 the order is red, yellow, green, blue.
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
from skyhex.rules.errors import InputError
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences.actions import Journey, Ops, Pass
from skyhex.rules.turbulences.aircraft import AircraftType
from skyhex.rules.turbulences.engine import (
    Teams,
    apply,
    known_weight,
    legal_actions,
    new_game,
    view,
)
from skyhex.rules.turbulences.landscape import Biome, Difficulty, Landscape, landscape_hexes
from skyhex.rules.turbulences.scoring import team_scores
from skyhex.rules.turbulences.state import Company, Game, Mode, Phase, State, parcel_colour
from tests.turbulences.test_rules import hx, illegal, of_type, put, weight_total

BIPLANE, SEAPLANE, ZEPPELIN = list(AircraftType)[:3]
RED_AIRPORT, BLUE_AIRPORT = Hex(-2, 4), Hex(2, 2)
RED = Company("red", BIPLANE, 1, player="ann")
BLUE = Company("blue", SEAPLANE, 2, player="ann")
GREEN = Company("green", ZEPPELIN, 4, player="bob")
YELLOW = Company("yellow", BIPLANE, 5, player="bob")
FOUR = (RED, BLUE, GREEN, YELLOW)
PAIRS = (("red", "blue"), ("green", "yellow"))
Event = dict[str, Any]


def make(mode: Mode = Mode.TEAMS, *, first: str = "red", winds: Sequence[str] = ("calm",),
         weights: Mapping[str, Sequence[int]] | None = None
         ) -> tuple[Game, State, list[Event]]:
    """The four companies on a desert landscape, in ``mode``, with pinned draws (default
    weights 5, 4, 3, 2, 2 for parcels n = 1-5)."""
    landscape = Landscape(biomes={h: Biome.DESERT for h in landscape_hexes()}, clouds={})
    pinned: list[dict[str, Any]] = [{"first": first}]
    for c in FOUR:
        pinned += [{"weight": w} for w in (weights or {}).get(c.colour, (5, 4, 3, 2, 2))]
    pinned += [{"wind": w} for w in winds]
    teams = PAIRS if mode is Mode.TEAMS else None
    return new_game(landscape, FOUR, 7, pinned=tuple(pinned), mode=mode, teams=teams)


def setup_rules(companies: Sequence[Company], mode: str, teams: Teams | None = None
                ) -> set[str]:
    with pytest.raises(InputError) as excinfo:
        new_game(generate_landscape(1, Difficulty.EASY), companies, 1, mode=mode, teams=teams)
    return {p.rule for p in excinfo.value.problems}


BOTH = pytest.mark.parametrize("mode", [Mode.TEAMS, Mode.TWO_COMPANIES])


# --- setup --------------------------------------------------------------------------------


def test_partners_are_pairs_on_adjacent_regions() -> None:
    """Section 8: "pilots form teams of 2 and are partners for the whole game, - partners sit
    side by side around the table and build their Airports on 2 adjacent Region boards." """
    far = (RED, Company("blue", SEAPLANE, 3), GREEN, YELLOW)
    assert setup_rules(far, "teams", PAIRS) == {"setup.adjacent"}
    assert setup_rules(FOUR, "teams", [("red", "blue", "green"), ("yellow",)]) == \
        {"setup.teams"}
    assert setup_rules(FOUR, "teams", [("red", "blue")]) == {"setup.teams"}  # green, yellow
    assert setup_rules(FOUR, "teams", [("red", "blue"), ("green", "pink")]) == {"setup.teams"}
    assert setup_rules(FOUR, "classic", PAIRS) == {"setup.teams"}
    assert setup_rules(FOUR, "teams") == {"setup.teams"}
    assert setup_rules(FOUR, "duo", PAIRS) == {"setup.mode"}
    game, _, events = new_game(generate_landscape(1, Difficulty.EASY), FOUR, 1, mode="teams",
                               teams={"red": "A", "blue": "A", "yellow": "B", "green": "B"})
    assert [(t.name, t.members) for t in game.teams] == [("A", (0, 1)), ("B", (3, 2))]
    assert events[0]["mode"] == "teams"
    assert events[0]["teams"] == [{"team": "A", "companies": ["red", "blue"]},
                                  {"team": "B", "companies": ["yellow", "green"]}]


def test_two_companies_per_pilot_on_adjacent_regions() -> None:
    """Section 8, with 2 or 3 pilots: "Each pilot controls 2 Companies (hence 2 colours) on 2
    adjacent Region boards." """
    game, _, _ = make(Mode.TWO_COMPANIES)
    assert [(t.name, t.members) for t in game.teams] == [("ann", (0, 1)), ("bob", (2, 3))]
    no_player = (RED, BLUE, Company("green", ZEPPELIN, 4), YELLOW)
    assert "setup.player" in setup_rules(no_player, "two-companies")
    split = (RED, Company("blue", SEAPLANE, 2, player="bob"), GREEN,
             Company("yellow", BIPLANE, 5, player="ann"))
    assert setup_rules(split, "two-companies") == {"setup.adjacent"}
    alone = (RED, BLUE)
    assert setup_rules(alone, "two-companies") == {"setup.players"}
    assert setup_rules(FOUR, "two-companies", PAIRS) == {"setup.teams"}


@BOTH
def test_your_airport_contains_a_parcel_of_your_partner(mode: Mode) -> None:
    """Section 8: "The distribution of Parcels is identical to CLASSIC Mode: your Airport
    therefore contains a Parcel of your partner, and vice versa." Being there, the aircraft
    looks at it from the start ("you can also look at [...] your partner's Parcels")."""
    game, state, events = make(mode)
    assert "blue-1" in state.shipping[0] and "red-1" in state.shipping[1]
    seen = of_type(events, "parcels_seen")
    assert {"type": "parcels_seen", "company": "red", "parcels": ["blue-1"],
            "weights": [5]} in seen
    assert all(parcel_colour(p) in game.team_colours(game.index(e["company"]) or 0)
               for e in seen for p in e["parcels"])


# --- course of the game -------------------------------------------------------------------


@BOTH
def test_partners_share_what_they_know(mode: Mode) -> None:
    """Section 8: "between partners, share all the information you know (weight of Parcels,
    placements...)". Red saw blue-1 in its airport: blue knows its weight too; green, of the
    other team, never does."""
    game, state, _ = make(mode)
    assert "blue-1" not in state.planes[1].seen
    assert known_weight(game, state, "blue", "blue-1") == 5
    blue_view = view(game, state, "blue")
    region1 = next(z for z in blue_view["shipping"] if z["region"] == 1)
    assert {"parcel": "blue-1", "colour": "blue", "weight": 5} in region1["parcels"]
    assert blue_view["team"] == ["red", "blue"]
    assert known_weight(game, state, "green", "blue-1") is None
    assert known_weight(game, state, "yellow", "red-1") is None


def test_legal_actions_never_depend_on_what_the_other_team_knows() -> None:
    """Section 2: an opponent's weight "is always kept secret from opposing pilots"; section 8
    shares it between partners only. Two games that differ only in the other team's weights
    look the same to red and blue, and offer them the same actions."""
    landscape = generate_landscape(11, Difficulty.NORMAL)
    games = []
    for theirs in ((5, 4, 3, 2, 2), (2, 2, 3, 4, 5)):
        pinned: tuple[dict[str, Any], ...] = ({"first": "red"}, *({"weight": w} for w in (2, 3, 5, 4, 2)),
                  *({"weight": w} for w in (4, 2, 5, 3, 2)),
                  *({"weight": w} for w in theirs), *({"weight": w} for w in theirs))
        games.append(new_game(landscape, FOUR, 9, pinned=pinned, mode="teams", teams=PAIRS))
    (g1, s1, _), (g2, s2, _) = games
    rng = random.Random(3)
    for _ in range(80):
        if s1.phase is Phase.OVER:
            break
        a1 = legal_actions(g1, s1)
        assert a1 == legal_actions(g2, s2)
        for colour in ("red", "blue"):
            assert view(g1, s1, colour) == view(g2, s2, colour)
        action = rng.choice(a1)
        s1, _ = apply(g1, s1, action)
        s2, _ = apply(g2, s2, action)


@BOTH
def test_carry_and_deliver_your_partners_parcels_at_their_airport(mode: Mode) -> None:
    """Section 8: "you can also look at, carry and deliver your partner's Parcels", and "the
    destination of Parcels is always that of their colour": red loads blue-1 and delivers it
    in blue's airport, where it joins blue's DELIVERY ZONE; red's own parcel stays on board."""
    game, state, _ = make(mode)
    loads = {a.before.load for a in legal_actions(game, state) if isinstance(a, Journey)}
    assert ("blue-1",) in loads and not any("green-1" in x or "yellow-1" in x for x in loads)
    assert illegal(game, state, Journey("red", hx((-2, 3)), before=Ops(load=("green-1",)))) \
        == "parcel.not-yours"
    state = put(put(state, 1, Hex(0, 0)), 0, Hex(2, 1), carried=("blue-1", "red-3"),
                boost=False)  # blue has left its airport
    state, events = apply(game, state, Journey("red", (BLUE_AIRPORT,)))
    assert {"type": "delivered", "company": "blue", "parcels": ["blue-1"], "by": "red"} in events
    assert state.planes[1].delivered == ("blue-1",)
    assert state.planes[0].carried == ("red-3",) and state.planes[0].delivered == ()


@BOTH
def test_boost_recharges_only_in_the_aircrafts_own_airport(mode: Mode) -> None:
    """Section 8: "An Aircraft will always recharge its BOOST in its own Airport only!" """
    game, state, _ = make(mode)
    state = put(put(state, 1, Hex(0, 0)), 0, Hex(2, 1), boost=False)
    state, events = apply(game, state, Journey("red", (BLUE_AIRPORT,)))
    assert not state.planes[0].boost and not of_type(events, "boost_recharged")
    assert game.companies[state.actor or 0].colour == "yellow"  # no BOOST to offer


@BOTH
def test_partners_parcel_is_not_delivered_at_your_airport(mode: Mode) -> None:
    """Section 8: "the destination of Parcels is always that of their colour": landing in
    red's airport with blue-3 keeps it on board (it may be left in transit there)."""
    game, state, _ = make(mode)
    state = put(state, 0, Hex(-2, 3), carried=("blue-3",))
    state, events = apply(game, state, Journey("red", (RED_AIRPORT,)))
    assert not of_type(events, "delivered") and state.planes[0].carried == ("blue-3",)
    again = put(make(mode)[1], 0, Hex(-2, 3), carried=("blue-3",))
    again, _ = apply(game, again, Journey("red", (RED_AIRPORT,), after=Ops(unload=("blue-3",))))
    assert "blue-3" in again.shipping[0]


# --- turn order in the two-companies mode -------------------------------------------------


def test_one_player_respects_the_turn_order_of_its_companies() -> None:
    """Section 8: "You can be first player for each of your Companies. This means that: - you
    will often activate the Wind Rose during 2 successive weather phases, once for each
    Company, - you must respect the turn order of your Companies during the piloting phase."
    Clockwise from red: red (ann), yellow, green (bob), blue (ann); the Wind Rose goes to
    yellow then green: bob is first player on two successive turns."""
    game, state, _ = make(Mode.TWO_COMPANIES, winds=("calm",) * 5)
    firsts = []
    for _ in range(4):
        firsts.append(game.companies[state.first].colour)
        assert [game.companies[i].colour for i in state.order] == \
            {"red": ["red", "yellow", "green", "blue"], "yellow": ["yellow", "green", "blue",
             "red"], "green": ["green", "blue", "red", "yellow"],
             "blue": ["blue", "red", "yellow", "green"]}[firsts[-1]]
        turn = state.turn
        while state.turn == turn:
            actor = game.companies[state.actor or 0]
            other = next(c for c in FOUR if c.player == actor.player and c != actor)
            assert illegal(game, state, Pass(other.colour)) == "turn.order"
            state, _ = apply(game, state, legal_actions(game, state)[0])
    assert firsts == ["red", "yellow", "green", "blue"]
    assert [c.player for c in FOUR if c.colour in firsts[1:3]] == ["bob", "bob"]


# --- end of the game ----------------------------------------------------------------------


@BOTH
def test_one_company_ends_the_game_and_partners_points_are_added(mode: Mode) -> None:
    """Section 8: "Only one of the Companies needs to have 3 Parcels of its colour in its
    DELIVERY ZONE to trigger the end of the game. The points of partner pilots are added
    together to determine the winning team." Red delivers blue's third parcel."""
    game, state, _ = make(mode)
    state = put(state, 1, BLUE_AIRPORT, carried=("blue-2", "blue-3"))
    state = state.with_plane(1, state.planes[1].evolve(carried=(), delivered=("blue-2",
                                                                                "blue-3")))
    state = put(state, 0, Hex(2, 1), carried=("blue-4",), boost=False)
    state = put(state, 2, None)  # green's aircraft is destroyed: it will pass
    # blue sits in its airport: move it away so that red can land there
    state = state.with_plane(1, state.planes[1].evolve(hex=Hex(0, 0)))
    state, _ = apply(game, state, Journey("red", (BLUE_AIRPORT,)))
    assert len(state.planes[1].delivered) == 3
    assert state.phase is Phase.PILOTING
    events: list[Event] = []
    while state.actor is not None:
        assert state.turn == 1
        state, events = apply(game, state, legal_actions(game, state)[0])
    over = of_type(events, "game_end")[0]
    points = {row["player"]: row["score"] for row in over["scores"]}
    parcels = {row["player"]: row["parcels"] for row in over["scores"]}
    names = ["red+blue", "green+yellow"] if mode is Mode.TEAMS else ["ann", "bob"]
    assert over["teams"][0] == {"team": names[0], "companies": ["red", "blue"],
                                "score": points["red"] + points["blue"], "rank": 1,
                                "parcels": parcels["red"] + parcels["blue"]}
    assert over["teams"][1]["team"] == names[1] and over["teams"][1]["rank"] == 2


def test_team_ties_are_broken_by_parcels_delivered() -> None:
    """Section 2 (for the winning team of section 8): "In case of a tie, whoever delivered
    the most Parcels (not counting their weight) wins." Both teams reach 16 points, red+blue
    with two parcels, green+yellow with three."""
    game, state, _ = make(weights={"green": (4, 3, 2, 2, 5), "yellow": (2, 2, 5, 3, 4)})
    state = put(state, 0, RED_AIRPORT, carried=("red-2",))  # 4 kilos, from region 2
    state = state.with_plane(0, state.planes[0].evolve(carried=(), delivered=("red-2",)))
    state = put(state, 1, BLUE_AIRPORT, carried=("blue-1",))  # 5 kilos, from region 1
    state = state.with_plane(1, state.planes[1].evolve(carried=(), delivered=("blue-1",)))
    state = put(state, 2, None, carried=("green-1", "green-2"))  # 4 + 3 kilos
    state = state.with_plane(2, state.planes[2].evolve(carried=(), delivered=("green-1",
                                                                                "green-2")))
    state = put(state, 3, None, carried=("yellow-3",))  # 5 kilos, from region 3
    state = state.with_plane(3, state.planes[3].evolve(carried=(), delivered=("yellow-3",)))
    # red+blue: 4 + 5 kilos, 4 + 3 empty spaces; green+yellow: 4 + 3 + 5 kilos, 2 + 2
    rows = team_scores(game, state)
    assert rows[0].points == rows[1].points
    assert [(r.team, r.parcels, r.rank) for r in rows] == \
        [("green+yellow", 3, 1), ("red+blue", 2, 2)]


# --- properties ---------------------------------------------------------------------------


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), difficulty=st.sampled_from(list(Difficulty)),
       mode=st.sampled_from([Mode.TEAMS, Mode.TWO_COMPANIES]), six=st.booleans())
def test_random_team_games_end_or_hit_the_cap_and_conserve_weight(
        seed: int, difficulty: Difficulty, mode: Mode, six: bool) -> None:
    """Random legal team games never raise, end or reach the turn cap, keep the total weight
    of the parcels constant, carry only their team's parcels and deliver each parcel to its
    own colour."""
    landscape = generate_landscape(seed, difficulty)
    kinds = (BIPLANE, SEAPLANE, ZEPPELIN)
    regions = range(1, 7) if six else (1, 2, 4, 5)
    companies = [Company(f"c{r}", kinds[r % 3], r, city=1 + r % 3, player=f"p{k // 2}")
                 for k, r in enumerate(regions)]
    teams = None
    if mode is Mode.TEAMS:
        teams = [(a.colour, b.colour) for a, b in zip(companies[::2], companies[1::2],
                                                       strict=True)]
    game, state, _ = new_game(landscape, companies, seed, mode=mode, teams=teams)
    rng = random.Random(seed)
    while state.phase is not Phase.OVER and state.turn <= 25:
        actions = legal_actions(game, state)
        assert actions
        state, events = apply(game, state, rng.choice(actions))
        json.dumps(events)
        assert weight_total(game, state) == 16 * len(companies)
        for i, plane in enumerate(state.planes):
            assert {parcel_colour(p) for p in plane.carried} <= game.team_colours(i)
            assert {parcel_colour(p) for p in plane.delivered} <= {game.companies[i].colour}
    if state.phase is Phase.OVER:
        assert max(len(p.delivered) for p in state.planes) >= 3
