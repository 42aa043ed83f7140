"""Balmy Balloonists: every sentence of the rules fragment
(``shared/rulebooks/balloon-race-rules-fragment.txt``) as a test that quotes it in its
docstring, on skyhex's standard component set (``rules/balloons/standard-set.yaml``).

Races are set up with the engine and then arranged: a balloon's space, altitude, chips and
cards, the Quadrant cards and the Wind Rose pawns are put where a sentence needs them.
"""

from __future__ import annotations

from typing import Any

import pytest

from skyhex.rules.balloons.actions import Exchange, Fly, Launch, Pass, Play, Use
from skyhex.rules.balloons.components import Altitude, standard_set
from skyhex.rules.balloons.engine import apply, legal_actions, new_game
from skyhex.rules.balloons.globe import Space, ZoneKind
from skyhex.rules.balloons.state import Balloon, Game, Phase, Seat, State
from skyhex.rules.errors import IllegalActionError
from skyhex.rules.game import Event

PARTS = standard_set()
GLOBE = PARTS.globe
HIGH, MEDIUM, LOW, GROUNDED = Altitude.HIGH, Altitude.MEDIUM, Altitude.LOW, Altitude.GROUNDED


def race(colours: tuple[str, ...] = ("red", "blue", "green"), seed: int = 1,
         **kwargs: Any) -> tuple[Game, State]:
    """A race on the standard globe, the Wind Rose pawns on its first two colours."""
    kwargs.setdefault("rose", colours[:2])
    game, state, _ = new_game(GLOBE, PARTS, [Seat(c, None, 3) for c in colours], seed,
                              **kwargs)
    return game, state


def arrange(state: State, i: int, *, hand: tuple[str, ...] | None = None,
            front: tuple[str, ...] | None = None, **changes: Any) -> State:
    """Balloon ``i`` changed; the cards given to it are taken from everybody else."""
    cards = set(hand or ()) | set(front or ())
    balloons = [b.evolve(hand=tuple(c for c in b.hand if c not in cards),
                         front=tuple(c for c in b.front if c not in cards))
                if k != i else b for k, b in enumerate(state.balloons)]
    mine = balloons[i]
    if hand is not None:
        changes["hand"] = tuple(sorted(hand))
    if front is not None:
        changes["front"] = front
    balloons[i] = mine.evolve(**changes)
    return state.evolve(balloons=tuple(balloons),
                        discards=tuple(c for c in state.discards if c not in cards))


def quadrant(state: State, q: int, card: str) -> State:
    stacks = [tuple(c for c in s if c != card) for s in state.quadrants]
    stacks[q - 1] = (*stacks[q - 1], card) if stacks[q - 1] else (card,)
    return state.evolve(quadrants=tuple(stacks))


def of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def flying(space: Space, altitude: Altitude = MEDIUM, **more: Any) -> dict[str, Any]:
    return {"space": space, "altitude": altitude, **more}


def card(high: str, medium: str, low: str, *, misfortune: bool | None = None,
         quadrant: bool | None = None) -> str:
    """A Local Wind card of the standard set with these instructions."""
    def text(n: int) -> str:
        return "-" if n == 0 else f"{'N' if n > 0 else 'S'}{abs(n)}"

    for c in PARTS.local_wind.values():
        rows = tuple(text(c.shifts[a]) for a in (HIGH, MEDIUM, LOW))
        if rows == (high, medium, low) and misfortune in (None, c.misfortune) and \
                quadrant in (None, c.quadrant):
            return c.id
    raise AssertionError(f"no card {high} {medium} {low}")


def after_card(game: Game, state: State, i: int, action: Play) -> tuple[State, list[Event]]:
    assert state.seat == i and state.phase is Phase.CARD
    return apply(game, state, action)


# --- the turn: A or B ---------------------------------------------------------------------


def test_the_player_always_uses_his_own_cards() -> None:
    """"The player whose turn it is always uses his own cards." A card in front of another
    player, or in another's hand, is not the player's to play."""
    game, state = race()
    state = arrange(state, 1, front=("w10",))
    state = arrange(state, 0, hand=("w07",), front=())
    for other in ("w10", state.balloons[2].hand[0]):
        with pytest.raises(IllegalActionError) as e:
            apply(game, state, Play("red", other, "blue"))
        assert e.value.rule == "card.not-held"
    assert all(a.card in ("w07",) for a in legal_actions(game, state) if isinstance(a, Play))


def test_two_choices_are_available() -> None:
    """"Two choices are available: - Play a card to move your own balloon, OR - Play a card
    from the table on another's balloon." The legal plays are exactly these two kinds."""
    game, state = race()
    state = arrange(state, 0, hand=("w07", "w08"), front=("w09",), advantages=())
    plays = {(a.card, a.on) for a in legal_actions(game, state) if isinstance(a, Play)}
    assert plays == {("w07", "red"), ("w08", "red"), ("w09", "blue")}  # pawns on red, blue


def test_choice_a_plays_from_the_hand_openly_in_front() -> None:
    """"A. Play a card to move your own balloon: The player plays one of his Local Wind cards
    from his hand openly on the table in front of him and follows the instructions (more
    about these later).\""""
    game, state = race()
    state = arrange(state, 0, hand=("w07", "w08"), front=(), **flying(Space(3, 3), HIGH))
    after, events = apply(game, state, Play("red", "w07", "red"))  # w07: High N1
    red = after.balloons[0]
    assert red.hand == ("w08",) and red.front == ("w07",)
    assert of(events, "card_played")[0]["from"] == "hand"
    assert red.space.lane == 2


def test_the_card_stays_in_front_of_the_player_after_his_turn() -> None:
    """"The card stays in front of the player even after his turn.\""""
    game, state = race()
    state = arrange(state, 0, hand=("w07", "w08"), front=())
    state, _ = apply(game, state, Play("red", "w07", "red"))
    state, _ = apply(game, state, Fly("red", LOW))
    assert state.seat == 1 and "w07" in state.balloons[0].front


def test_three_cards_in_front_close_choice_a() -> None:
    """"But: If you already have 3 played cards in front of you, you must choose option B --
    you may not play a card on your own balloon.\""""
    game, state = race()
    state = arrange(state, 0, hand=("w07",), front=("w08", "w09", "w10"), advantages=())
    with pytest.raises(IllegalActionError) as e:
        apply(game, state, Play("red", "w07", "red"))
    assert e.value.rule == "card.three-in-front"
    assert {a.on for a in legal_actions(game, state) if isinstance(a, Play)} == {"blue"}


def test_choice_b_goes_on_a_balloon_marked_by_the_wind_rose() -> None:
    """"B. Play a card from the table on another's balloon: One of the Local Wind cards
    currently in front of the player may be played on another player's balloon, i.e., on
    one of the two balloons whose Wind Rose colors currently have pawns.\""""
    game, state = race(rose=("blue", "green"))
    state = arrange(state, 0, front=("w09",), advantages=())
    targets = {a.on for a in legal_actions(game, state) if isinstance(a, Play) and a.on != "red"}
    assert targets == {"blue", "green"}
    game, state = race(("red", "blue", "green", "yellow"), rose=("blue", "green"))
    state = arrange(state, 0, front=("w09",))
    with pytest.raises(IllegalActionError) as e:
        apply(game, state, Play("red", "w09", "yellow"))
    assert e.value.rule == "card.wind-rose"


def test_the_player_chooses_between_the_two_never_his_own() -> None:
    """"The choice between the two is taken by the player of the card (if one of the marked
    colors is his own he must choose the other balloon).\""""
    game, state = race(rose=("red", "green"))
    state = arrange(state, 0, front=("w09",), advantages=())
    targets = {a.on for a in legal_actions(game, state)
               if isinstance(a, Play) and a.card == "w09"}
    assert targets == {"green"}
    with pytest.raises(IllegalActionError) as e:  # on its own: that is choice A, from the hand
        apply(game, state, Play("red", "w09", "red"))
    assert e.value.rule == "card.from-hand"


def test_resolving_applies_the_card_to_the_chosen_balloon() -> None:
    """"Resolving the Card:The card's instructions are now applied to the chosen balloon.\""""
    game, state = race()
    state = arrange(state, 0, front=("w07",))  # w07: High N1
    state = arrange(state, 1, **flying(Space(3, 3), HIGH))
    after, events = apply(game, state, Play("red", "w07", "blue"))
    assert after.balloons[1].space == Space(2, 2) and after.balloons[0].space == Space(3, 0)
    assert of(events, "card_played")[0]["instruction"] == "N1"


def test_then_the_pawn_advances_counter_clockwise() -> None:
    """"After this the pawn is advanced to the next unoccupied Wind Rose point in a
    counter-clockwise direction." The Wind Rose reads red, orange, yellow, green, blue,
    purple counter-clockwise; the pawn on the chosen balloon's colour moves on."""
    game, state = race(("red", "orange", "yellow", "green"), rose=("orange", "green"))
    state = arrange(state, 0, front=("w09",))
    after, events = apply(game, state, Play("red", "w09", "orange"))
    assert after.rose == ("yellow", "green")
    assert of(events, "pawn_moved") == [{"type": "pawn_moved", "from": "orange",
                                         "to": "yellow"}]


def test_occupied_and_absent_colours_are_skipped() -> None:
    """"Wind Rose colors already having a pawn are skipped, as are colors corresponding to
    balloons not in the game.\""""
    game, state = race(("red", "yellow", "blue"), rose=("red", "yellow"))
    state = state.evolve(seat=2)
    state = arrange(state, 2, front=("w09",))
    after, _ = apply(game, state, Play("blue", "w09", "red"))
    assert after.rose == ("blue", "yellow")  # orange absent, yellow occupied, green absent
    game, state = race(("red", "blue"))
    state = state.evolve(seat=1)
    state = arrange(state, 1, front=("w09",))
    after, events = apply(game, state, Play("blue", "w09", "red"))
    assert after.rose == ("red", "blue")  # two balloons: no free point, the pawn stays
    assert of(events, "pawn_moved")[0]["to"] == "red"


def test_finally_the_card_goes_to_the_discard_pile() -> None:
    """"Finally, the used card is placed in the discard pile.\""""
    game, state = race()
    state = arrange(state, 0, front=("w09",))
    after, _ = apply(game, state, Play("red", "w09", "blue"))
    assert after.discards == ("w09",) and "w09" not in after.balloons[0].front


# --- north and south ----------------------------------------------------------------------------


@pytest.mark.parametrize(("altitude", "lane"), [(HIGH, 2), (MEDIUM, 4), (LOW, 3)])
def test_the_balloons_altitude_chooses_the_instruction(altitude: Altitude, lane: int) -> None:
    """"The affected player cross-references the balloon's current altitude with the card and
    applies the instruction to move the balloon north or south accordingly." w07 reads N1
    at High, S1 at Medium and a dash at Low."""
    game, state = race()
    state = arrange(state, 0, hand=("w07",), **flying(Space(3, 3), altitude))
    after, _ = apply(game, state, Play("red", "w07", "red"))
    assert after.balloons[0].space.lane == lane


def test_north_and_south_keep_the_distance_to_the_next_heavy_line() -> None:
    """"A balloon moving northward or southward maintains its relative distance to the next
    heavy line." For every space of the standard globe and each lane next to it, unless the
    section is too short there."""
    for space in GLOBE.spaces():
        s, i, n = GLOBE.place(space)
        for lane in (space.lane - 1, space.lane + 1):
            if not 1 <= lane <= GLOBE.lanes:
                continue
            to = GLOBE.shift(space, lane)
            t_s, t_i, t_n = GLOBE.place(to)
            assert t_s == s and to.lane == lane
            assert t_n - t_i == n - i or (t_i == 0 and t_n < n - i)


def test_balloons_moving_south_move_right_and_north_left() -> None:
    """"In other words, balloons moving south move right while balloons moving north move
    left." (Southern lanes have more spaces between the heavy lines.)"""
    for space in GLOBE.spaces():
        here = GLOBE.longitude(space)
        if space.lane < GLOBE.lanes:
            south = GLOBE.longitude(GLOBE.shift(space, space.lane + 1))
            assert south[0] * here[1] >= here[0] * south[1]
        if space.lane > 1:
            north = GLOBE.longitude(GLOBE.shift(space, space.lane - 1))
            assert north[0] * here[1] <= here[0] * north[1]
    game, state = race()
    state = arrange(state, 0, hand=("w07",), **flying(Space(3, 3), MEDIUM))  # Medium S1
    after, _events = apply(game, state, Play("red", "w07", "red"))
    assert after.balloons[0].space == Space(4, 4)  # 3rd of 6 -> 4th of 7: to the right


def test_north_and_south_never_cross_a_heavy_line() -> None:
    """"An exception is that balloons moving north or south never cross a heavy red or blue
    line." From a section's last space in lane 5 (8 spaces), north to lane 1 (4 spaces)
    keeps within the section, and from its first space stays at the first."""
    for space in GLOBE.spaces():
        for lane in range(1, GLOBE.lanes + 1):
            assert GLOBE.place(GLOBE.shift(space, lane))[0] == GLOBE.place(space)[0]
    game, state = race()
    first = GLOBE.at(3, 2, 0)
    north = card("N2", "N2", "-")
    state = arrange(state, 0, hand=(north,), **flying(first, HIGH))
    after, _events = apply(game, state, Play("red", north, "red"))
    assert after.balloons[0].space == GLOBE.at(1, 2, 0)


def test_a_dash_has_no_effect() -> None:
    """"A Local Wind card may have no instructions, i.e. simply a dash (-), at the altitude of
    the affected balloon. In this case the card has no effect.\""""
    game, state = race()
    state = arrange(state, 0, hand=("w07",), **flying(Space(3, 3), LOW))  # w07 at Low: -
    after, events = apply(game, state, Play("red", "w07", "red"))
    assert after.balloons[0].space == Space(3, 3) and of(events, "drifted") == []
    assert of(events, "card_played")[0]["instruction"] == "-"


@pytest.mark.parametrize(("altitude", "to"), [(HIGH, Space(4, 4)), (MEDIUM, Space(3, 3)),
                                              (LOW, Space(1, 1))])
def test_the_example_local_wind_card(altitude: Altitude, to: Space) -> None:
    """"Example Local Wind Card: On this card, if the balloon were at High altitude it would be
    moved one space south. At Medium altitude the balloon would not have any movement at
    all. If at Low altitude it would be moved two spaces north." The standard set's w03 is
    that card (with the "?" symbol)."""
    example = PARTS.local_wind["w03"]
    assert [example.shifts[a] for a in (HIGH, MEDIUM, LOW)] == [-1, 0, 2] and example.misfortune
    game, state = race()
    state = arrange(state, 0, hand=("w03",), **flying(Space(3, 3), altitude))
    after, _ = apply(game, state, Play("red", "w03", "red"))
    assert after.balloons[0].space == to


def test_the_misfortune_symbol_allows_a_misfortune() -> None:
    """"The "?" symbol indicates that this card may be played to generate a Misfortune instead
    of movement." Only a card that shows it."""
    game, state = race()
    plain = card("N1", "S1", "-", misfortune=False)
    state = arrange(state, 0, hand=("w03", plain), advantages=())
    uses = {(a.card, a.use) for a in legal_actions(game, state) if isinstance(a, Play)}
    assert (("w03", Use.MISFORTUNE) in uses) and ((plain, Use.MISFORTUNE) not in uses)
    with pytest.raises(IllegalActionError) as e:
        apply(game, state, Play("red", plain, "red", Use.MISFORTUNE))
    assert e.value.rule == "card.no-misfortune"


def test_a_misfortune_instead_of_north_south_movement() -> None:
    """"A few cards also show the "?" Misfortune symbol. In this case, the player of the card
    may choose to apply a Misfortune card instead of north-south movement.\""""
    game, state = race()
    state = arrange(state, 0, front=("w03",))
    state = arrange(state, 1, **flying(Space(3, 3), HIGH))
    _after, events = apply(game, state, Play("red", "w03", "blue", Use.MISFORTUNE))
    assert not [e for e in of(events, "drifted") if e["cause"] == "wind"]
    assert len(of(events, "misfortune")) == 1 and of(events, "misfortune")[0]["balloon"] == "blue"


def test_the_top_misfortune_card_is_drawn_and_resolved() -> None:
    """"To resolve this, simply draw the top card from the Misfortune deck and resolve per the
    card's instructions." The draw is pinned to m08, a Headwind: two spaces back."""
    game, state = race()
    game = type(game)(game.globe, game.components, game.seats, game.seed, pinned=(
        {"misfortune": "m08"},), pinned_from=state.draws)
    state = arrange(state, 0, front=("w03",))
    state = arrange(state, 1, **flying(Space(3, 3), HIGH))
    after, events = apply(game, state, Play("red", "w03", "blue", Use.MISFORTUNE))
    assert of(events, "misfortune")[0]["card"] == "m08"
    assert after.balloons[1].space == Space(3, 1) and after.misfortunes == ("m08",)


def test_an_empty_misfortune_deck_is_made_of_the_discards() -> None:
    """"(Should the Misfortune deck become depleted, simply re-shuffle the discards to form a
    new deck.)\""""
    game, state = race()
    state = arrange(state, 0, front=("w03",)).evolve(misfortunes=tuple(PARTS.misfortune))
    after, events = apply(game, state, Play("red", "w03", "blue", Use.MISFORTUNE))
    assert of(events, "reshuffled") == [{"type": "reshuffled", "deck": "misfortune",
                                         "cards": 16}]
    assert len(after.misfortunes) == 1


def test_the_quadrant_symbol_changes_the_quadrant_card() -> None:
    """"A few cards also show the quartered-circle Quadrant symbol. In this case, the player of
    the card may choose to change the Quadrant card in the target balloon's quadrant instead
    of applying north-south movement.\""""
    game, state = race()
    symbol = next(c.id for c in PARTS.local_wind.values() if c.quadrant)
    state = arrange(state, 0, front=(symbol,))
    state = arrange(state, 1, **flying(GLOBE.at(3, 4, 2), HIGH))  # quadrant 3
    after, events = apply(game, state, Play("red", symbol, "blue", Use.QUADRANT))
    assert of(events, "drifted") == []
    assert of(events, "quadrant_changed")[0]["quadrant"] == 3
    assert after.quadrants[2][-1] != state.quadrants[2][-1]
    with pytest.raises(IllegalActionError) as e:
        apply(game, arrange(state, 0, front=("w03",)), Play("red", "w03", "blue", Use.QUADRANT))
    assert e.value.rule == "card.no-quadrant"


def test_the_new_quadrant_card_goes_on_top_of_the_current_one() -> None:
    """"To resolve this, draw the top card from the Quadrant deck and place it on top of the
    current card for that Quadrant.\""""
    game, state = race()
    symbol = next(c.id for c in PARTS.local_wind.values() if c.quadrant)
    state = arrange(state, 0, hand=(symbol,))
    before = state.quadrants[0]
    after, events = apply(game, state, Play("red", symbol, "red", Use.QUADRANT))
    drawn = of(events, "quadrant_changed")[0]
    assert after.quadrants[0] == (*before, drawn["card"]) and drawn["covered"] == before[-1]


def test_an_empty_quadrant_deck_is_made_of_the_cards_not_visible() -> None:
    """"(Should the Quadrant deck become depleted, re-shuffle the discards and not visible
    cards to form a new deck.)\""""
    game, state = race()
    ids = sorted(PARTS.quadrant)
    stacks = (tuple(ids[:10]), (ids[10],), (ids[11],), tuple(ids[12:]))
    symbol = next(c.id for c in PARTS.local_wind.values() if c.quadrant)
    state = arrange(state.evolve(quadrants=stacks), 0, hand=(symbol,))
    after, events = apply(game, state, Play("red", symbol, "red", Use.QUADRANT))
    assert of(events, "reshuffled")[0] == {"type": "reshuffled", "deck": "quadrant",
                                           "cards": 12}
    assert after.quadrants[0][:-1] == (ids[9],) and after.quadrants[3] == (ids[15],)
    assert after.quadrants[0][-1] in ids[:9] + ids[12:15]


def test_the_polar_vortex() -> None:
    """"If a balloon is moved into the Polar Vortex, it returns to the race in Lane 1, but it
    is placed in the first space after the last heavy red or blue line that the balloon has
    passed.\""""
    game, state = race()
    state = arrange(state, 0, hand=("w07",), **flying(GLOBE.at(1, 1, 3), HIGH))  # N1
    after, events = apply(game, state, Play("red", "w07", "red"))
    assert after.balloons[0].space == GLOBE.at(1, 1, 0)
    assert of(events, "polar_vortex")[0]["to"] == [1, 4]


def test_the_equatorial_doldrums() -> None:
    """"If a balloon is moved into the Equatorial Doldrums, it is placed just outside the
    space from which it departed Lane 5 and remains there until a Local Wind card is played
    to move it back into the race.\""""
    game, state = race()
    south = card("S2", "-", "N2")
    state = arrange(state, 0, hand=(south,), **flying(Space(5, 10), HIGH))
    state = quadrant(state, 1, "q05")
    state, events = apply(game, state, Play("red", south, "red"))
    red = state.balloons[0]
    assert red.doldrums and red.space == Space(5, 10) and of(events, "doldrums")
    state, events = apply(game, state, Fly("red", HIGH))
    assert state.balloons[0].space == Space(5, 10) and of(events, "moved") == []  # it remains
    north = card("N1", "S1", "-")
    state = state.evolve(seat=0, phase=Phase.CARD)
    state = arrange(state, 0, hand=(north,))
    state, events = apply(game, state, Play("red", north, "red"))
    assert not state.balloons[0].doldrums and state.balloons[0].space == Space(5, 10)
    assert of(events, "doldrums_left")


def test_grounded_balloons_have_no_north_south_movement() -> None:
    """"Balloons which are Grounded, such as on the first turn of the game, do not have any
    north-south movement.\""""
    game, state = race()
    assert all(b.altitude is GROUNDED for b in state.balloons)
    first = state.balloons[0].hand[0]
    after, events = apply(game, state, Play("red", first, "red"))
    assert after.balloons[0].space == state.balloons[0].space
    assert of(events, "card_played")[0]["instruction"] is None and not of(events, "drifted")


# --- Advantage cards ------------------------------------------------------------------------


def test_an_advantage_card_may_be_discarded_after_any_card() -> None:
    """"Special use of Advantage Cards: If a player no longer wishes to hold a particular
    Advantage card, he may discard it after playing any Local Wind card." After choice A and
    after choice B."""
    game, state = race()
    state = arrange(state, 0, hand=("w07",), front=("w09",), advantages=("a01",))
    state = arrange(state, 1, front=("w10",))
    for play in (Play("red", "w07", "red", exchange=Exchange("a01", "w10")),
                 Play("red", "w09", "blue", exchange=Exchange("a01", "w10"))):
        after, events = apply(game, state, play)
        assert after.balloons[0].advantages == () and after.advantage_discards == ("a01",)
        assert of(events, "exchange")[0]["discard"] == "a01"
    with pytest.raises(IllegalActionError) as e:
        apply(game, state, Play("red", "w07", "red", exchange=Exchange("a02", "w10")))
    assert e.value.rule == "exchange.not-held"


def test_in_exchange_a_face_up_card_goes_to_the_hand() -> None:
    """"In exchange, he may pick up a Local Wind card from any of those face up on the table,
    including his own (but not from the discard pile). This card is added to the player's
    hand.\""""
    game, state = race()
    state = arrange(state, 0, hand=("w07",), front=("w09",), advantages=("a01", "a11"))
    state = arrange(state, 1, front=("w10",))
    state = state.evolve(discards=("w12",))
    after, _ = apply(game, state, Play("red", "w07", "red", exchange=Exchange("a01", "w10")))
    assert "w10" in after.balloons[0].hand and after.balloons[1].front == ()
    after, _ = apply(game, state, Play("red", "w07", "red", exchange=Exchange("a11", "w09")))
    assert "w09" in after.balloons[0].hand and after.balloons[0].front == ("w07",)
    assert after.balloons[0].advantages == ("a01",) and after.advantage_discards == ("a11",)
    after, _ = apply(game, state, Play("red", "w07", "red", exchange=Exchange("a11", "w07")))
    assert after.balloons[0].hand == ("w07",) and after.balloons[0].front == ("w09",)
    with pytest.raises(IllegalActionError) as e:
        apply(game, state, Play("red", "w07", "red", exchange=Exchange("a01", "w12")))
    assert e.value.rule == "exchange.not-on-table"


# --- altitude -----------------------------------------------------------------------------------


def test_four_altitudes() -> None:
    """"A balloon may change its altitude to any one of 4 levels: High, Medium, Low or
    Grounded." A grounded balloon with chips may take any of them."""
    game, state = race()
    state = arrange(state, 0, hand=("w07",))
    state, _ = apply(game, state, Play("red", "w07", "red"))
    assert {a.altitude for a in legal_actions(game, state) if isinstance(a, Fly)} == \
        {GROUNDED, LOW, MEDIUM, HIGH}


@pytest.mark.parametrize("now", list(Altitude))
def test_the_chips_pay_for_every_level_taken(now: Altitude) -> None:
    """Each level up costs a Ballast chip and each level down a Gas chip: the flights listed
    are exactly the altitudes the chips pay for (the ground only to stay there), and a
    balloon that lost its turn to a grounding stays down."""
    game, state = race()
    state = arrange(state, 0, hand=("w07",))
    state, _ = apply(game, state, Play("red", "w07", "red"))
    for ballast in range(4):
        for gas in range(4):
            for waits in (False, True):
                flying = arrange(state, 0, altitude=now, ballast=ballast, gas=gas,
                                 lose_turn=waits, relaunch=False)
                taken = {a.altitude for a in legal_actions(game, flying)
                         if isinstance(a, Fly)}
                paid = {a for a in (LOW, MEDIUM, HIGH)
                        if -gas <= a - now <= ballast} | ({GROUNDED} if now is GROUNDED else set())
                assert taken == ({GROUNDED} if now is GROUNDED and waits else paid)


def test_altitude_is_the_number_of_adjusters() -> None:
    """"A balloon's altitude is represented by use of the altitude adjusters. Players stack up
    adjusters and then fit the balloon over this assembly. To show the balloon at Low
    altitude, place it on a single adjuster. To show Medium altitude, add a second adjuster.
    Add a third adjuster to show High altitude." An altitude is its number of adjusters."""
    assert [int(a) for a in (GROUNDED, LOW, MEDIUM, HIGH)] == [0, 1, 2, 3]


def test_only_the_rules_ground_a_balloon() -> None:
    """"Balloons may only have all of the adjusters removed, i.e. Grounded, if so instructed
    by the rules.\""""
    game, state = race()
    state = arrange(state, 0, hand=("w07",), **flying(Space(3, 3), LOW))
    state, _ = apply(game, state, Play("red", "w07", "red"))
    assert GROUNDED not in {a.altitude for a in legal_actions(game, state)
                            if isinstance(a, Fly)}
    with pytest.raises(IllegalActionError) as e:
        apply(game, state, Fly("red", GROUNDED))
    assert e.value.rule == "flight.grounded"


def test_climbing_costs_ballast() -> None:
    """"To increase altitude: discard one Ballast chip per level ascended.\""""
    game, state = race()
    state = arrange(state, 0, hand=("w07",), ballast=2)
    state, _ = apply(game, state, Play("red", "w07", "red"))
    after, events = apply(game, state, Fly("red", MEDIUM))
    assert after.balloons[0].ballast == 0 and of(events, "altitude")[0]["ballast"] == 2
    with pytest.raises(IllegalActionError) as e:
        apply(game, state, Fly("red", HIGH))
    assert e.value.rule == "flight.ballast"


def test_descending_costs_gas() -> None:
    """"To decrease altitude: discard one Gas chip per level descended.\""""
    game, state = race()
    state = arrange(state, 0, hand=("w07",), gas=1, **flying(Space(3, 3), HIGH))
    state, _ = apply(game, state, Play("red", "w07", "red"))  # High N1: to lane 2
    _after, events = apply(game, state, Fly("red", MEDIUM))
    assert of(events, "altitude")[0]["gas"] == 1
    with pytest.raises(IllegalActionError) as e:
        apply(game, state, Fly("red", LOW))
    assert e.value.rule == "flight.gas"


# --- quadrant movement ------------------------------------------------------------------------


def _fly(game: Game, state: State, space: Space, altitude: Altitude, q_card: str,
         **more: Any) -> tuple[Balloon, list[Event]]:
    """Red at ``space``, ``altitude``, its quadrant showing ``q_card``, its card played,
    flies at its altitude."""
    state = arrange(state, 0, **flying(space, altitude, **more)).evolve(phase=Phase.FLIGHT)
    state = quadrant(state, GLOBE.quadrant(space), q_card)
    state, events = apply(game, state, Fly("red", altitude))
    return state.balloons[0], events


def test_balloons_move_counter_clockwise() -> None:
    """"Balloons move in a counter-clockwise direction." Forward is east: up the lane's spaces,
    across the start meridian into the next lap."""
    game, state = race()
    red, events = _fly(game, state, Space(3, 46), MEDIUM, "q05")  # Medium lane 3: +5
    assert red.space == Space(3, 3) and red.laps == 1
    assert of(events, "finished")


def test_the_quadrant_card_by_altitude_and_lane() -> None:
    """"Cross-reference your current altitude and lane with the card corresponding to the
    balloon's quadrant to determine how many spaces your balloon moves.\""""
    game, state = race()
    card_ = PARTS.quadrant["q13"]
    for altitude in (HIGH, MEDIUM, LOW):
        for lane in range(1, 6):
            _red, events = _fly(game, state, GLOBE.at(lane, 4, 0), altitude, "q13")
            assert of(events, "moved")[0]["spaces"] == card_.moves[altitude][lane - 1]
            assert of(events, "moved")[0]["quadrant"] == 3


@pytest.mark.parametrize(("q_card", "altitude", "lane", "spaces"), [
    ("q05", MEDIUM, 3, 5), ("q09", LOW, 3, -2), ("q15", LOW, 3, 0)])
def test_positive_negative_and_zero(q_card: str, altitude: Altitude, lane: int,
                                    spaces: int) -> None:
    """"Positive numbers indicate forward movement while negative numbers indicate backward
    movement. A "0" (zero) indicates that the balloon does not have any movement.\""""
    game, state = race()
    start = GLOBE.at(lane, 2, 3)
    red, _events = _fly(game, state, start, altitude, q_card)
    assert PARTS.quadrant[q_card].moves[altitude][lane - 1] == spaces
    assert red.space == Space(lane, start.k + spaces)


def test_the_right_hand_edge_is_otherwise_ignored() -> None:
    """"Note that Quadrant cards have extra instructions along the right hand edge which are
    used only in conjunction with certain Misfortune cards. This information should be
    otherwise ignored." Two cards that differ only in their edge move a balloon alike."""
    game, state = race()
    rain = PARTS.quadrant["q05"]
    assert rain.weather[LOW] == "rain"
    red, events = _fly(game, state, GLOBE.at(3, 2, 0), LOW, "q05")
    assert red.altitude is LOW
    assert [e for e in of(events, "altitude") if e["from"] != e["to"]] == []
    assert of(events, "bad_weather") == []


def test_the_example_quadrant_card() -> None:
    """"Example Quadrant card: If traveling in the Quadrant of this card, a balloon at High
    altitude in Lane 4 would move forward (counter-clockwise) 4 spaces." q05 reads 4 at High
    in lane 4."""
    game, state = race()
    red, events = _fly(game, state, GLOBE.at(4, 4, 0), HIGH, "q05", fuel=3)
    assert of(events, "moved")[0]["spaces"] == 4 and red.space == GLOBE.at(4, 4, 4)


def test_bad_weather_reads_the_right_hand_edge() -> None:
    """"The symbols at the right side of the card are used in conjunction with the Bad
    Weather Misfortune card (see more below)." Bad Weather on a balloon at Low under q05
    reads "rain": it loses a level."""
    game, state = race()
    game = type(game)(game.globe, game.components, game.seats, game.seed,
                      pinned=({"misfortune": "m10"},), pinned_from=state.draws)
    state = quadrant(state, 1, "q05")
    state = arrange(state, 0, front=("w03",))
    state = arrange(state, 1, **flying(Space(3, 3), LOW))
    after, events = apply(game, state, Play("red", "w03", "blue", Use.MISFORTUNE))
    assert of(events, "bad_weather")[0]["weather"] == "rain"
    assert after.balloons[1].altitude is GROUNDED


# --- zones ------------------------------------------------------------------------------------------


def test_restricted_airspaces_ground_without_permission() -> None:
    """"Exclusion Zones. Unless the owning player has the matching Permission Advantage card
    face up in front of himself at the moment of entry, balloons which enter the yellow
    spaces representing the restricted airspaces of Libya, Iraq, Sakhalin Island, Area 51
    (has no permission card) or the People's Republic of China must immediately expend Gas
    chips to become Grounded (in the offending zone).\""""
    names = {z.name: z for z in GLOBE.zones if z.kind is ZoneKind.EXCLUSION}
    assert set(names) == {"Libya", "Iraq", "Sakhalin Island", "Area 51", "China"}
    assert names["Area 51"].permission is None
    assert not any(a.permission is None and a.kind.value == "permission"
                   for a in PARTS.advantage.values())
    game, state = race()
    red, events = _fly(game, state, Space(5, 1), MEDIUM, "q05", gas=5, advantages=())
    assert red.space == Space(5, 2) and red.altitude is GROUNDED and red.gas == 3
    assert of(events, "grounded")[0] | {"seq": 0} == {
        "seq": 0, "type": "grounded", "balloon": "red", "space": [5, 2], "zone": "Libya",
        "kind": "exclusion", "altitude": "medium", "gas": 2, "cause": "quadrant"}
    red, events = _fly(game, state, Space(5, 1), MEDIUM, "q05", advantages=("a01",))
    assert red.space == Space(5, 6) and red.altitude is MEDIUM
    assert len(of(events, "permission")) == 3
    red, events = _fly(game, state, GLOBE.at(5, 5, 2), LOW, "q05", advantages=PARTS.advantage)
    assert red.space == Space(5, 43) and red.altitude is GROUNDED  # Area 51: no card helps


def test_a_grounded_player_loses_the_next_turn() -> None:
    """"The player loses the next turn.\""""
    game, state = race()
    state = arrange(state, 0, hand=("w07",), advantages=(), **flying(Space(5, 1), LOW))
    state = quadrant(state, 1, "q05")
    state, _ = apply(game, state, Play("red", "w07", "red"))  # a dash at Low
    state, _ = apply(game, state, Fly("red", LOW))
    assert state.balloons[0].lose_turn
    for colour in ("blue", "green"):
        state, _ = apply(game, state, legal_actions(game, state)[0])
        state, events = apply(game, state, Fly(colour, GROUNDED))
    assert of(events, "turn_lost") == [{"type": "turn_lost", "balloon": "red"}]
    assert state.seat == 1 and state.round == 2  # round 2: red skipped, blue to play


def test_then_the_balloon_may_launch_from_the_space_or_a_lane_north_or_south() -> None:
    """"Then on the following turn, the balloon may launch again either from the space or
    from the leftmost space which is one lane north or south of this space, at the
    player's discretion." Grounded in Iraq at 5/8, the first space of its section: lane 4
    beside it starts at 4/7."""
    game, state = race()
    state = arrange(state, 0, hand=("w07",), advantages=(), relaunch=True,
                    space=Space(5, 8), altitude=GROUNDED)
    state, _ = apply(game, state, Play("red", "w07", "red"))
    launches = {(a.altitude, a.launch) for a in legal_actions(game, state)}
    assert (LOW, Launch.NORTH) in launches and (LOW, None) in launches
    assert (GROUNDED, Launch.NORTH) not in launches
    assert not any(launch is Launch.SOUTH for _, launch in launches)  # no lane 6
    after, events = apply(game, state, Fly("red", MEDIUM, Launch.NORTH))
    assert of(events, "launch")[0]["to"] == [4, 7]
    assert not after.balloons[0].relaunch
    waiting = arrange(state, 0, lose_turn=True)
    assert legal_actions(game, waiting) == [Fly("red", GROUNDED)]
    with pytest.raises(IllegalActionError) as e:  # a launch only after a zone grounding
        apply(game, arrange(state, 0, relaunch=False), Fly("red", LOW, Launch.NORTH))
    assert e.value.rule == "flight.launch"


def test_mountain_zones_are_brown_or_white_triangles() -> None:
    """"Mountain Zones. The spaces containing brown or white triangles indicate mountain
    zones." The standard globe has both; its board draws a brown or a white peak on them."""
    from skyhex.render.balloons.board import PEAK_BROWN, globe_picture
    from skyhex.render.paper import poster_svg

    kinds = {z.kind for z in GLOBE.zones}
    assert {ZoneKind.BROWN, ZoneKind.WHITE} <= kinds
    svg = poster_svg(globe_picture(GLOBE, title="t"))
    alps = svg.split('id="space_4_1"')[1].split("</g>")[0]
    assert 'fill="#FFFFFF"' in alps and "<path" in alps
    caucasus = svg.split('id="space_4_6"')[1].split("</g>")[0]
    assert f'fill="{PEAK_BROWN}"' in caucasus


@pytest.mark.parametrize(("space", "altitude", "grounded"), [
    (Space(4, 5), LOW, True), (Space(4, 5), MEDIUM, False),  # Caucasus, brown: 4/6
    (Space(4, 0), MEDIUM, True), (Space(4, 0), HIGH, False)])  # Alps, white: 4/1
def test_brown_at_medium_white_at_high(space: Space, altitude: Altitude,
                                       grounded: bool) -> None:
    """"Brown mountain zones must be traversed at Medium or High altitude while White mountain
    zones must be traversed at High altitude.\""""
    game, state = race()
    red, events = _fly(game, state, space, altitude, "q05", fuel=3, advantages=())
    assert bool(of(events, "grounded")) == grounded
    assert (red.altitude is GROUNDED) == grounded


def test_a_mountain_grounds_without_chips_and_costs_a_turn() -> None:
    """"A balloon which fails to observe the mountain zone altitude requirements is
    automatically considered Grounded and the player loses the next turn.\""""
    game, state = race()
    red, events = _fly(game, state, Space(4, 5), LOW, "q05", gas=4, advantages=())
    assert red.altitude is GROUNDED and red.gas == 4 and red.lose_turn and red.relaunch
    assert of(events, "grounded")[0]["gas"] == 0 and red.space == Space(4, 6)


def test_a_mountain_guide_lowers_the_requirement() -> None:
    """The Mountain guide Advantage card (skyhex's own): brown mountains at Low, white ones at
    Medium."""
    game, state = race()
    _red, events = _fly(game, state, Space(4, 0), MEDIUM, "q05", advantages=("a09",))
    assert not of(events, "grounded")


def test_after_a_mountain_the_balloon_launches_as_normal() -> None:
    """"Then on the following turn, the balloon may launch again as normal either from the
    space or from the leftmost space which is one lane north or south of this space, at the
    player's discretion." Grounded on the Caucasus at 4/6 (the 7th of 7 spaces of its
    section): lane 3 beside it is 3/5, lane 5 is 5/6."""
    game, state = race()
    state = arrange(state, 0, hand=("w07",), relaunch=True, space=Space(4, 6),
                    altitude=GROUNDED)
    state, _ = apply(game, state, Play("red", "w07", "red"))
    for launch, to in ((Launch.NORTH, [3, 5]), (Launch.SOUTH, [5, 6])):
        _, events = apply(game, state, Fly("red", HIGH, launch))
        assert of(events, "launch")[0]["to"] == to
    _, events = apply(game, state, Fly("red", HIGH))
    assert not of(events, "launch") and of(events, "moved")[0]["from"] == [4, 6]


# --- fuel and cards ---------------------------------------------------------------------------------


def test_high_altitude_burns_fuel() -> None:
    """"A balloon at High altitude must expend one fuel chip if any are available. If unable
    to spend the fuel chip, it automatically loses a level (without expending any chips).\""""
    game, state = race()
    red, events = _fly(game, state, GLOBE.at(2, 2, 0), HIGH, "q15", fuel=2, advantages=())
    assert red.fuel == 1 and of(events, "fuel")[0] == {
        "type": "fuel", "balloon": "red", "reason": "high", "fuel": 1}
    red, events = _fly(game, state, GLOBE.at(2, 2, 0), HIGH, "q15", fuel=0, advantages=())
    assert red.altitude is MEDIUM and red.ballast == 8 and red.gas == 8
    red, events = _fly(game, state, GLOBE.at(2, 2, 0), HIGH, "q15", fuel=2,
                       advantages=("a11",))
    assert red.fuel == 2 and not of(events, "fuel")  # a Reserve tank (skyhex's own card)


def test_no_gas_burns_fuel() -> None:
    """"A balloon which has no remaining Gas must expend one fuel chip if any are available. If
    unable to spend the fuel chip, it automatically loses a level (without expending any
    chips).\""""
    game, state = race()
    red, _ = _fly(game, state, GLOBE.at(2, 2, 0), LOW, "q15", gas=0, fuel=1)
    assert red.fuel == 0 and red.altitude is LOW
    red, events = _fly(game, state, GLOBE.at(2, 2, 0), LOW, "q15", gas=0, fuel=0)
    assert red.altitude is GROUNDED and of(events, "altitude")[-1]["cause"] == "fuel"


def test_a_hand_of_two_draws_a_card() -> None:
    """"If you have only 2 cards in your hand, draw another card from the Local Wind card
    deck. (If the deck is depleted, gather up all the discards and re-shuffle.)\""""
    game, state = race()
    red = state.balloons[0]
    state, _ = apply(game, state, Play("red", red.hand[0], "red"))
    assert len(state.balloons[0].hand) == 2
    after, events = apply(game, state, Fly("red", LOW))
    assert len(after.balloons[0].hand) == 3 and len(of(events, "drew")[0]["cards"]) == 1
    held = {c for b in state.balloons for c in (*b.hand, *b.front)}
    state = state.evolve(discards=tuple(sorted(set(PARTS.local_wind) - held)))
    after, events = apply(game, state, Fly("red", LOW))
    assert of(events, "reshuffled")[0]["deck"] == "local_wind"
    assert len(after.discards) == 0 and len(after.balloons[0].hand) == 3


def test_a_player_without_any_card_to_play_passes() -> None:
    """Not in the fragment: a player with no card in hand and none in front (every card held
    elsewhere) passes (``Pass``) and still flies."""
    game, state = race()
    state = arrange(state, 0, hand=(), front=())
    assert legal_actions(game, state) == [Pass("red")]
    after, events = apply(game, state, Pass("red"))
    assert after.phase is Phase.FLIGHT and of(events, "passed")
