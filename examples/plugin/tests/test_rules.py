"""The rules of Thistledown on hand-made meadows: flights, thorns, updrafts, the wind,
the hedge, the draws, the end and the scores."""

from __future__ import annotations

import pytest
from plugin_helpers import race
from skyhex.rules.errors import IllegalActionError, InputError
from skyhex.rules.hexgrid import Direction, Hex

from thistledown.engine import check_seats, legal_actions, resolve
from thistledown.meadow import Meadow
from thistledown.ruleset import RULESET
from thistledown.scenario import Scenario
from thistledown.state import Fly, Game, Seat, State

OPEN = Meadow(2, frozenset(), frozenset())


def one_tuft(meadow: Meadow, start: Hex, pinned: tuple[dict[str, object], ...],
             rounds: int = 5) -> tuple[Game, State]:
    game, state, _ = Scenario(meadow, (Seat("white", None, start),), rounds, 0) \
        .new_game(pinned)
    return game, state


def test_a_flight_goes_its_gust_then_drifts_with_the_wind() -> None:
    game, state = one_tuft(OPEN, Hex(-2, 1), ({"gust": 2}, {"gust": 3}, {"wind_die": "N"},
                                              {"gust": 1}))
    after, events = RULESET.apply(game, state, Fly("white", Direction.NE, 2))
    assert [e["type"] for e in events] == ["flew", "drifted", "drew", "round", "wind"]
    assert events[0]["to"] == [0, -1] and events[1]["to"] == [0, -2]
    assert after.hexes == (Hex(0, -2),) and after.hands == ((1, 3),)


def test_thorns_stop_a_flight_and_the_rim_stops_the_wind() -> None:
    thorny = Meadow(2, frozenset({Hex(0, -1)}), frozenset())
    game, state = one_tuft(thorny, Hex(-2, 1), ({"gust": 3}, {"gust": 3}, {"wind_die": "SW"},
                                                {"gust": 1}))
    _, events = RULESET.apply(game, state, Fly("white", Direction.NE, 3))
    flew, drifted = events[0], events[1]
    assert flew["path"] == [[-1, 0]] and flew["blocked"] is True
    assert drifted["from"] == [-1, 0] and drifted["to"] == [-2, 1]
    game, state = one_tuft(OPEN, Hex(-2, 2), ({"gust": 1}, {"gust": 1}, {"wind_die": "S"},
                                              {"gust": 1}))
    _, events = RULESET.apply(game, state, Fly("white", Direction.SW, 1))
    assert events[0]["path"] == [] and events[1]["to"] == events[1]["from"] == [-2, 2]


def test_an_updraft_carries_a_flight_one_hex_further() -> None:
    lifting = Meadow(2, frozenset(), frozenset({Hex(-1, 1)}))
    game, state = one_tuft(lifting, Hex(-2, 1), ({"gust": 1}, {"gust": 1}, {"wind_die": "N"},
                                                 {"gust": 1}))
    after, events = RULESET.apply(game, state, Fly("white", Direction.SE, 1))
    assert events[1] == {"type": "lifted", "tuft": "white", "from": [-1, 1], "to": [0, 1]}
    assert after.hexes == (Hex(0, 0),)  # then the north wind


def test_the_hedge_ends_the_flight_and_the_race() -> None:
    game, state = one_tuft(OPEN, Hex(-2, 1), ({"gust": 3}, {"gust": 3}, {"wind_die": "S"}))
    state = state.evolve(hexes=(Hex(0, 0),))
    after, events = RULESET.apply(game, state, Fly("white", Direction.NE, 3))
    assert [e["type"] for e in events] == ["flew", "home", "game_end"]
    assert events[0]["to"] == [2, -2] and events[0]["path"] == [[1, -1], [2, -2]]
    assert RULESET.actor(game, after) is None and legal_actions(game, after) == []
    end = events[-1]
    assert end["reason"] == "hedge" and end["winners"] == ["white"]
    assert end["scores"][0]["breakdown"] == {"columns": 4, "spare": 5}


def test_the_race_ends_after_its_last_round() -> None:
    game, state = one_tuft(OPEN, Hex(-2, 1), ({"gust": 1}, {"gust": 1}, {"wind_die": "N"},
                                              {"gust": 1}), rounds=1)
    _, events = RULESET.apply(game, state, Fly("white", Direction.S, 1))
    assert events[-1]["type"] == "game_end" and events[-1]["reason"] == "rounds"


def test_only_the_actor_plays_and_only_a_gust_it_holds(meadow: Meadow) -> None:
    game, state, _ = race(meadow).new_game(({"gust": 1}, {"gust": 1}))
    with pytest.raises(IllegalActionError) as e:
        resolve(game, state, Fly("gold", Direction.N, 1), None)
    assert e.value.rule == "turn.actor"
    with pytest.raises(IllegalActionError) as e:
        resolve(game, state, Fly("white", Direction.N, 3), None)
    assert e.value.rule == "turn.gust"
    assert [a.gust for a in legal_actions(game, state)] == [1] * 6


def test_equal_scores_share_a_rank(meadow: Meadow) -> None:
    game, state, _ = race(meadow).new_game()
    rows = RULESET.scores(game, state)
    assert [r["rank"] for r in rows] == [1, 1]
    assert all(r["score"] == 0 for r in rows)


def test_a_pinned_draw_of_another_kind_is_refused(meadow: Meadow) -> None:
    with pytest.raises(IllegalActionError) as e:
        race(meadow).new_game(({"wind_die": "N"},))
    assert e.value.rule == "draws.pinned"


def test_seats_start_on_the_open_start_line(meadow: Meadow) -> None:
    bad = [Seat("white", None, Hex(0, 0)), Seat("white", "gold", meadow.start_line()[0]),
           Seat("teal", None, meadow.start_line()[1])]
    rules = sorted(p.rule for p in check_seats(meadow, bad))
    assert rules == ["setup.colour", "setup.colour", "setup.player", "setup.start"]
    with pytest.raises(InputError):
        Scenario(meadow, tuple(bad)).new_game()
