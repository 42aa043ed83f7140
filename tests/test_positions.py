"""Positions round-trip, in both games (like FEN in chess): the scenario whose ``position`` is
``position_block(game, state)`` starts a game equal to ``state`` in everything play reads,
and the rest of the game's actions (with the rest of its pinned draws) replay to the same
events. Plus the wind-push round, the BOOST phase, pinned draws after a position, and
hand-written positions checked with located errors."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from skyhex.games import face, playout, ruleset
from skyhex.games.documents import load_validated
from skyhex.games.face import Scenarios
from skyhex.rules.draws import Draws, pick
from skyhex.rules.errors import InputError
from skyhex.rules.paragliders import engine as pg
from skyhex.rules.paragliders.actions import WindChoice
from skyhex.rules.paragliders.maps import Map
from skyhex.rules.paragliders.position import position_block as pg_block
from skyhex.rules.paragliders.scenario import PilotStatus
from skyhex.rules.paragliders.scenario import scenario_from_dict as pg_scenario
from skyhex.rules.paragliders.state import Phase as PgPhase
from skyhex.rules.paragliders.state import State as PgState
from skyhex.rules.replay import start
from skyhex.rules.turbulences import engine as tb
from skyhex.rules.turbulences.actions import Journey, Pass
from skyhex.rules.turbulences.landscape import Landscape
from skyhex.rules.turbulences.policies import greedy
from skyhex.rules.turbulences.position import position_block as tb_block
from skyhex.rules.turbulences.scenario import scenario_from_dict as tb_scenario
from skyhex.rules.turbulences.state import Phase as TbPhase
from skyhex.schemas import conforms, validator

from .conftest import DATA, ROOT, run

SCENARIOS = ROOT / "examples" / "scenarios"
TURBULENCES = DATA / "turbulences"
Event = dict[str, Any]
PARAGLIDERS = ruleset("paragliders")
TURBULENCES_RULES = ruleset("turbulences")


def scenarios(game: str) -> Scenarios:
    found = face(game)
    return found.need(found.scenarios, "scenarios")


def paragliders_scenario_in(document: Any, data: Any, path: str) -> Any:
    return scenarios("paragliders").read(document, data, path, ())


def turbulences_scenario_in(document: Any, data: Any, path: str) -> Any:
    return scenarios("turbulences").read(document, data, path, ())


def pg_playout(scenario: Any, seed: int) -> tuple[Any, ...]:
    return playout(PARAGLIDERS, scenario, seed).actions


def pg_start(scenario: Any, pinned: tuple[dict[str, Any], ...]) -> Any:
    return start(PARAGLIDERS, scenario, pinned)


def greedy_playout(scenario: Any, seed: int, turn_cap: int) -> tuple[Any, ...]:
    return playout(TURBULENCES_RULES, scenario, seed, greedy, turn_cap).actions


def random_playout(scenario: Any, seed: int, turn_cap: int) -> tuple[Any, ...]:
    return playout(TURBULENCES_RULES, scenario, seed, cap=turn_cap).actions


def _doc(path: Path) -> Any:
    return copy.deepcopy(load_validated(str(path), "scenario").data)


def _events_after(events: Sequence[Event], shift: int) -> list[Event]:
    """Events without ``seq``, their ``entry`` moved on by ``shift`` (a game taken up after
    ``shift`` entries numbers its entries from 0)."""
    out = []
    for e in events:
        e = {k: v for k, v in e.items() if k != "seq"}
        if "entry" in e:
            e["entry"] += shift
        out.append(e)
    return out


def _errors(doc: Any) -> list[str]:
    """What jsonschema says of a scenario document (the compiled validator, which
    ``schemas.conforms`` runs and tests/test_schema_engines.py holds to jsonschema's
    answers, only says whether it is valid)."""
    return [e.message for e in validator("scenario").iter_errors(doc)]


def _all_draws(events: Sequence[Event]) -> tuple[dict[str, Any], ...]:
    """Every chance draw of a game, in order, as a moves file pins them."""
    return tuple(d for e in events if e["type"] in ("setup", "weather", "refuelled")
                 for d in e.get("draws", ()))


def _round_trips(doc: Mapping[str, Any], read: Callable[[Mapping[str, Any]], Any],
                 start: Callable[[Any, tuple[dict[str, Any], ...]], Any],
                 apply: Callable[[Any, Any, Any], tuple[Any, list[Event]]],
                 block: Callable[[Any, Any], dict[str, Any]],
                 same: Callable[[Any, Any, Any, Any], bool],
                 actions: Sequence[Any], cuts: int, rng: random.Random, *,
                 pin: bool) -> int:
    """Play ``actions`` on the scenario ``doc``, then check the round trip at ``cuts``
    random cut points; with ``pin`` the game pins every draw it made and the positions'
    scenarios have another seed, so that only the pinned draws after the position can make
    the rest the same. Returns the number of cut points checked."""
    scenario = read(doc)
    seeded = start(scenario, ())
    for i, action in enumerate(actions):
        seeded.state, events = apply(seeded.game, seeded.state, action)
        seeded.log(events, i)
    pinned = _all_draws(seeded.events) if pin else ()
    if pin:
        doc = {**doc, "seed": doc.get("seed", 0) + 1000}
    original = start(read(doc), pinned)
    states, marks = [], []
    for i, action in enumerate(actions):
        states.append(original.state)
        marks.append(len(original.events))
        original.state, events = apply(original.game, original.state, action)
        original.log(events, i)
    assert _events_after(original.events[1:], 0) == _events_after(seeded.events[1:], 0)
    chosen = sorted(rng.sample(range(len(actions)), min(cuts, len(actions))))
    for k in chosen:
        position = json.loads(json.dumps(block(original.game, states[k])))
        with_position = {**doc, "position": position}
        assert conforms("scenario", with_position), (k, _errors(with_position))
        taken_up = start(read(with_position), pinned[states[k].draws:])
        assert same(original.game, states[k], taken_up.game, taken_up.state), k
        assert block(taken_up.game, taken_up.state) == position, k
        for i, action in enumerate(actions[k:]):
            taken_up.state, events = apply(taken_up.game, taken_up.state, action)
            taken_up.log(events, i)
        assert _events_after(taken_up.events[1:], k) == \
            _events_after(original.events[marks[k]:], 0), k
    return len(chosen)


# --- Paragliders --------------------------------------------------------------------------


_KEPT = {PilotStatus.FLYING: {"hex", "facing", "altitude"},
         PilotStatus.WALKING: {"hex", "deficit", "mountain", "landed_time", "crashed"},
         PilotStatus.LANDED: {"hex", "landed_time", "crashed"},
         PilotStatus.IN_HAND: set()}


def _played(state: PgState) -> PgState:
    """The state without what play never reads again: a pilot's fields that its status does
    not use (the facing of a pawn on the ground, the mountain of a pilot flying again) and
    the turn pointer during a wind-push round (the next round starts from the first seat)."""
    pilots = tuple(p.evolve(**{f: None for f in ("hex", "facing", "altitude", "deficit",
                                                 "mountain", "landed_time", "crashed")
                               if f not in _KEPT[p.status]})
                   for p in state.pilots)
    current = None if state.phase is PgPhase.WIND_PUSH else state.current
    return state.evolve(pilots=pilots, current=current)


def _pg_same(game: Any, state: Any, game2: Any, state2: Any) -> bool:
    return bool(_played(state) == _played(state2) and game.sides == game2.sides
                and game.mountaintop == game2.mountaintop)


def _pg_read(doc: Mapping[str, Any], m: Map, cs: Any) -> Any:
    return pg_scenario(doc, m, cs)


def _pg_case(name: str, **changes: Any) -> tuple[dict[str, Any], Map, Any]:
    path = SCENARIOS / f"{name}.yaml"
    document = load_validated(str(path), "scenario")
    scenario = paragliders_scenario_in(document, document.data, str(path))
    doc = {**_doc(path), **changes}
    return doc, scenario.map, scenario.components


PG_CASES: list[tuple[str, dict[str, Any]]] = [
    ("two-players", {}),  # short forecast, tiles drawn
    ("four-players", {}),  # random track sides, tiles drawn
    ("three-players-difficult", {}),  # listed tiles
    ("three-players-difficult", {"weather": {"forecast": "short", "tiles": [
        "w02/a", "w09/a", "w13/a", "w04/a", "w07/b", "w11/b", "w15/a", "w01/a", "w16/b",
        "w18/a", "w05/b", "w12/a"]}}),  # short forecast over a listed pile
    ("solo-race", {}),
    ("solo-cross", {}),
    ("aerodromes", {}),
    ("custom-thermal", {}),
]


def test_paragliders_positions_round_trip() -> None:
    rng = random.Random(7)
    checked = 0
    for play_seed in range(4):
        for name, changes in PG_CASES:
            doc, m, cs = _pg_case(name, **changes)
            actions = pg_playout(pg_scenario(doc, m, cs), play_seed)
            checked += _round_trips(
                doc, partial(_pg_read, m=m, cs=cs), pg_start, pg.apply, pg_block, _pg_same,
                actions, 8, rng, pin=play_seed >= 2)
    assert checked >= 200


def _wind_push_state() -> tuple[dict[str, Any], Map, Any, Any, PgState, list[Any], int]:
    """A seeded game's first moment in a wind-push round with two pilots still to choose."""
    doc, m, cs = _pg_case("four-players")
    for play_seed in range(50):
        scenario = pg_scenario(doc, m, cs)
        actions = pg_playout(scenario, play_seed)
        game, state, _ = pg.new_game(scenario)
        for k, action in enumerate(actions):
            if state.phase is PgPhase.WIND_PUSH and len(state.push_queue) >= 2:
                return doc, m, cs, game, state, actions, k
            state, _ = pg.apply(game, state, action)
    raise AssertionError("no wind-push round with two pilots in 50 games")


def test_a_position_mid_wind_push_round() -> None:
    doc, m, cs, game, state, actions, k = _wind_push_state()
    block = pg_block(game, state)
    assert "turn" not in block
    assert block["wind_push"] == [state.pilots[i].ident for i in state.push_queue]
    assert block["wind"]["strength"] > 0 and block["time"].endswith(":00")
    game2, state2, events = pg.new_game(pg_scenario({**doc, "position": block}, m, cs))
    assert events[0]["position"] is True and events[0]["draws"] == []
    assert state2.phase is PgPhase.WIND_PUSH and state2.push_queue == state.push_queue
    assert {type(a) for a in pg.legal_actions(game2, state2)} == {WindChoice}
    for action in actions[k:]:
        state, expected = pg.apply(game, state, action)
        state2, got = pg.apply(game2, state2, action)
        assert got == expected


def test_wind_push_positions_are_checked() -> None:
    doc, m, cs, game, state, _, _ = _wind_push_state()
    block = pg_block(game, state)
    first = block["wind_push"][0]
    landed = {**block["pilots"][first], "state": "landed", "time": block["time"]}
    for key in ("facing", "altitude"):
        landed.pop(key)
    broken = {**block, "turn": first, "wind": {**block["wind"], "strength": 0},
              "pilots": {**block["pilots"], first: landed},
              "wind_push": [*block["wind_push"], "purple"]}
    with pytest.raises(InputError) as err:
        pg_scenario({**doc, "position": broken}, m, cs)
    assert [(p.rule, p.path) for p in err.value.problems] == [
        ("position.turn", ("position", "turn")),  # a landed pilot takes no turn
        ("position.wind-push", ("position", "wind_push", 0)),  # not flying
        ("position.wind-push", ("position", "wind_push", len(block["wind_push"]))),
        ("position.turn", ("position", "turn")),
        ("position.wind-push", ("position", "wind_push")),  # no wind to push
    ]


def test_the_score_ledger_keeps_the_final_breakdown() -> None:
    path = SCENARIOS / "mid-game.yaml"
    document = load_validated(str(path), "scenario")
    scenario = paragliders_scenario_in(document, document.data, str(path))
    game, state, _ = pg.new_game(scenario)
    yellow = state.pilot("yellow")
    assert yellow is not None and yellow.ledger == (("position", 18),)  # as written: score
    block = pg_block(game, state)
    assert block["pilots"]["yellow"]["ledger"] == [{"reason": "position", "vp": 18}]
    ledger = [{"reason": "antenna blue", "vp": 12}, {"reason": "stunt overflyer", "vp": 7},
              {"reason": "crash (lake)", "vp": -10}]
    pilots = {**block["pilots"], "yellow": {**block["pilots"]["yellow"], "ledger": ledger,
                                            "score": 9}}
    doc = {**document.data, "position": {**block, "pilots": pilots}}
    taken = pg_scenario(doc, scenario.map, scenario.components)
    yellow = pg.new_game(taken)[1].pilot("yellow")
    assert yellow is not None and yellow.score == 9 and yellow.ledger[1] == ("stunt overflyer", 7)
    pilots["yellow"]["score"] = 18
    with pytest.raises(InputError) as err:
        pg_scenario(doc, scenario.map, scenario.components)
    assert [(p.rule, p.path[-1]) for p in err.value.problems] == [("position.score", "score")]


def test_a_position_names_weather_and_track_sides_only_where_they_fit() -> None:
    doc, m, cs = _pg_case("three-players-difficult")
    position = {"time": "10:20", "altitude_track": ["easy", "easy", "easy"],
                "weather": ["w02/a", "w09/a", "w99/a", "w02/b"], "forecast": ["w02/a"]}
    with pytest.raises(InputError) as err:
        pg_scenario({**doc, "position": position}, m, cs)
    assert [(p.rule, p.path[1:]) for p in err.value.problems] == [
        ("position.forecast", ("forecast",)),  # not the short-forecast variant
        ("position.weather", ("weather",)),  # weather and forecast
        ("position.weather", ("weather", 2)),  # w99
        ("position.weather", ("weather", 3)),  # w02 twice
        ("position.weather", ("weather",)),  # 4 tiles, not the day's 12
        ("position.altitude-track", ("altitude_track",)),  # the scenario fixes the sides
    ]


def test_a_finished_game_has_no_position() -> None:
    doc, m, cs = _pg_case("solo-race")
    scenario = pg_scenario(doc, m, cs)
    game, state, _ = pg.new_game(scenario)
    for action in pg_playout(scenario, 0):
        state, _ = pg.apply(game, state, action)
    with pytest.raises(ValueError):
        pg_block(game, state)


# --- Turbulences --------------------------------------------------------------------------


def _tb_case(name: str) -> tuple[dict[str, Any], Landscape]:
    path = SCENARIOS / f"{name}.yaml"
    document = load_validated(str(path), "scenario")
    scenario = turbulences_scenario_in(document, document.data, str(path))
    return _doc(path), scenario.landscape


def _tb_start(scenario: Any, pinned: tuple[dict[str, Any], ...]) -> Any:
    return start(TURBULENCES_RULES, scenario, pinned)


def _tb_same(game: Any, state: Any, game2: Any, state2: Any) -> bool:
    return bool(state == state2 and game.weights == game2.weights)


TB_CASES = ("turbulences-2", "turbulences-4", "turbulences-6", "turbulences-teams-4",
            "turbulences-two-companies-2", "turbulences-expert-4", "turbulences-powers-6")


def test_turbulences_positions_round_trip() -> None:
    rng = random.Random(11)
    checked = 0
    for play_seed in range(4):
        for name in TB_CASES:
            doc, land = _tb_case(name)
            scenario = tb_scenario(doc, land)
            actions = greedy_playout(scenario, play_seed, turn_cap=25) if play_seed == 3 \
                else random_playout(scenario, play_seed, turn_cap=12)
            checked += _round_trips(
                doc, partial(tb_scenario, landscape=land), _tb_start, tb.apply, tb_block,
                _tb_same, actions, 11, rng, pin=play_seed % 2 == 1)
    assert checked >= 200


def _boost_file() -> tuple[dict[str, Any], Any]:
    path = TURBULENCES / "position-boost.yaml"
    document = load_validated(str(path), "scenario")
    return copy.deepcopy(document.data), turbulences_scenario_in(document, document.data,
                                                                  str(path))


def test_a_turbulences_position_in_the_boost_phase() -> None:
    doc, scenario = _boost_file()
    game, state, events = scenario.new_game()
    assert [e["type"] for e in events] == ["setup"] and events[0]["draws"] == []
    assert state.phase is TbPhase.BOOST and state.actor == 0 and state.draws == 17
    assert state.planes[0].carried == ("red-4",) and state.lost == ("red-2",)
    assert state.shipping[0] == ("blue-1",)  # parcels not placed wait where they started
    legal = tb.legal_actions(game, state)
    journeys = [a for a in legal if isinstance(a, Journey)]
    assert legal[0] == Pass("red") and len(journeys) == len(legal) - 1
    assert all(a.boost for a in journeys)
    home = next(a for a in journeys if a.path[-1] == game.companies[0].airport)
    after, events = tb.apply(game, state, home)
    kinds = [e["type"] for e in events]
    assert kinds[:2] == ["boost_activated", "journey"] and "delivered" in kinds
    assert after.planes[0].delivered == ("red-4",)
    block = tb_block(game, state)
    for key in ("turn", "first", "order", "phase", "wind", "last_wind", "draws", "lost"):
        assert block[key] == doc["position"][key], key
    assert block["companies"]["red"] == {"hex": [-1, 2], "boost": True, "carried": ["red-4"],
                                         "seen": ["red-4"]}


def test_pinned_draws_start_at_the_position() -> None:
    _, scenario = _boost_file()
    game, state, _ = scenario.new_game()
    turn, events = tb.apply(game, state, Pass("red"))  # declines the BOOST: the turn ends
    weather = next(e for e in events if e["type"] == "weather")
    seeded = weather["draws"][0]["wind"]
    assert turn.draws == 18 and turn.turn == 7
    pinned = "calm" if seeded != "calm" else "N"
    game, state, _ = scenario.new_game(({"wind": pinned},))
    _, events = tb.apply(game, state, Pass("red"))
    assert next(e for e in events if e["type"] == "weather")["draws"] == [{"wind": pinned}]


def test_draws_index_pins_from_the_first_pinned_draw() -> None:
    draws = Draws(5, ({"n": 1},), 10, first_pinned=10)
    assert draws.draw("n", [0, 1, 2]) == 1  # pinned[0] pins draw 10
    assert draws.draw("n", [0, 1, 2]) == pick(5, 11, [0, 1, 2])  # then the seed's draw 11
    assert Draws(5, ({"n": 1},), 9, first_pinned=10).draw("n", [7, 8]) == pick(5, 9, [7, 8])


def test_a_hand_written_turbulences_position_with_located_errors() -> None:
    path = TURBULENCES / "position-broken.yaml"
    r = run("scenario", "validate", "--format", "json", str(path))
    assert r.exit_code == 1
    found = [(e["line"], e["column"], e["rule"], e["path"]) for e in json.loads(r.stdout)]
    assert found == [
        (11, 16, "position.order", "$.position.order[1]"),
        (13, 35, "position.parcel", "$.position.companies.red.carried[0]"),
        (14, 17, "position.aircraft", "$.position.companies.blue.hex"),
        (14, 38, "position.parcel", "$.position.companies.blue.delivered[0]"),
        (15, 11, "position.companies", "$.position.companies.pink"),
        (17, 7, "position.clouds", "$.position.clouds[0]"),
        (19, 5, "position.parcel", "$.position.shipping"),
        (19, 36, "position.parcel", "$.position.shipping[0].parcels[1]"),
        (20, 10, "position.parcel", "$.position.lost[0]"),
    ]


@pytest.mark.parametrize(("change", "rule", "path"), [
    ({"companies": {"red": {"hex": [9, 9]}}}, "position.aircraft", ("companies", "red", "hex")),
    ({"companies": {"red": {"hex": [1, -1]}}}, "position.aircraft", ("companies", "red", "hex")),
    ({"companies": {"red": {"destroyed": True, "carried": ["red-4"]}}}, "position.aircraft",
     ("companies", "red", "carried")),
    ({"companies": {"red": {"hex": [-1, 2], "boost": False}}}, "position.phase", ("phase",)),
    ({"order": ["blue"]}, "position.order", ("order",)),
    ({"first": "green"}, "position.first", ("first",)),
    ({"clouds": [{"q": 1, "r": 1, "tokens": [{"id": 3, "side": "storm"},
                                             {"id": 3, "side": "cumulus"}]}]},
     "position.clouds", ("clouds", 0, "tokens", 1, "id")),
    ({"shipping": [{"region": 4, "parcels": ["blue-1", "red-1", "red-3", "red-5"]},
                   {"region": 4, "parcels": []}]}, "position.parcel",
     ("shipping", 0, "parcels", 0)),
    ({"weights": {"red-1": 2}}, "position.weights", ("weights",)),
])
def test_turbulences_positions_are_checked(change: dict[str, Any], rule: str,
                                           path: tuple[Any, ...]) -> None:
    doc, scenario = _boost_file()
    doc["position"].update(change)
    assert conforms("scenario", doc), _errors(doc)
    with pytest.raises(InputError) as err:
        tb_scenario(doc, scenario.landscape)
    assert (rule, ("position", *path)) in [(p.rule, p.path) for p in err.value.problems]
