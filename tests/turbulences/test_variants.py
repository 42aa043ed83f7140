"""The Turbulences variants as hooks (``rules/turbulences/variant.py``): which variants a game
plays and the hooks composed for it, each company's pilot, and the core engine driven by a
variant's hooks alone (a variant of this test's own, plugged in at setup)."""

from __future__ import annotations

import random
from dataclasses import replace

from skyhex.rules.game import Event
from skyhex.rules.turbulences.engine import apply, legal_actions
from skyhex.rules.turbulences.expert_hooks import EXPERT_PILOT
from skyhex.rules.turbulences.reach import CLASSIC_PILOT
from skyhex.rules.turbulences.scenario import Scenario
from skyhex.rules.turbulences.state import Game, State
from skyhex.rules.turbulences.variant import Hooks, Variant, compose
from skyhex.rules.turbulences.variants import VARIANTS

from ..conftest import ROOT

SCENARIOS = ROOT / "examples" / "scenarios"


def start(name: str) -> tuple[Game, State, list[Event]]:
    from skyhex.games import load_scenario

    face, read, _ = load_scenario(str(SCENARIOS / f"{name}.yaml"))
    assert isinstance(read, Scenario)
    return face.ruleset.new_game(read)  # type: ignore[no-any-return]


POINTS = [name for name in Hooks.__slots__
          if isinstance(getattr(start("turbulences-4")[0].hooks, name), tuple)
          and name not in ("names", "pilots", "more_flights", "recharged", "declined")]


def test_a_classic_game_plays_no_variant_and_calls_no_hook() -> None:
    game, _, _ = start("turbulences-4")
    hooks = game.hooks
    assert hooks.names == ()
    assert {name: getattr(hooks, name) for name in POINTS} == {name: () for name in POINTS}
    assert all(more == () for more in hooks.more_flights)
    assert set(hooks.pilots) == {CLASSIC_PILOT}
    assert set(hooks.recharged) == {"boost_recharged"} and hooks.plain and hooks.deliveries_end


def test_each_game_plays_its_variants_in_the_composed_order() -> None:
    assert start("turbulences-expert-4")[0].hooks.names == ("expert", "runways")
    assert start("turbulences-night-expert-4")[0].hooks.names == ("expert", "night")
    assert start("turbulences-night-3")[0].hooks.names == ("night",)
    assert start("turbulences-powers-6")[0].hooks.names == ("parachute", "lightning",
                                                            "legendary")
    assert [v.name for v in VARIANTS] == ["expert", "runways", "parachute", "lightning",
                                          "night", "legendary"]


def test_an_expert_company_flies_as_expert_and_a_classic_one_as_classic() -> None:
    game, _, _ = start("turbulences-expert-4")
    pilots = [EXPERT_PILOT if c.expert else CLASSIC_PILOT for c in game.companies]
    assert list(game.hooks.pilots) == pilots
    assert EXPERT_PILOT in pilots and CLASSIC_PILOT in pilots


def test_a_legendary_aircraft_names_its_boost_a_power() -> None:
    game, _, _ = start("turbulences-powers-6")
    assert game.hooks.recharged == tuple(
        "power_recharged" if c.aircraft.legendary else "boost_recharged"
        for c in game.companies)
    assert any(c.aircraft.legendary for c in game.companies)


def test_the_hooks_follow_the_game_they_are_composed_for() -> None:
    game, _, _ = start("turbulences-night-expert-4")
    assert "runways" not in game.hooks.names
    assert "runways" in replace(game, expert=replace(game.expert, runways=True)).hooks.names


def _plug(game: Game, variant: Variant) -> Game:
    object.__setattr__(game, "hooks", compose(game, (*VARIANTS, variant), CLASSIC_PILOT))
    return game


def _play(game: Game, state: State, turns: int) -> tuple[State, list[Event]]:
    rng = random.Random(1)
    log: list[Event] = []
    while state.actor is not None and state.turn <= turns:
        legal = legal_actions(game, state)
        state, events = apply(game, state, legal[rng.randrange(len(legal))])
        log += events
    return state, log


def test_a_variant_plugged_in_changes_the_game_through_its_hooks_alone() -> None:
    def short(game: Game, state: State, events: list[Event]) -> tuple[State, str | None]:
        return state, "short" if state.turn == 2 else None

    def tag(game: Game, state: State, event: Event) -> None:
        event["tagged"] = True

    game, state, _ = start("turbulences-4")
    plain_state, plain_log = _play(game, state, 5)
    assert plain_state.turn > 2 and all("tagged" not in e for e in plain_log)
    game, state, _ = start("turbulences-4")
    short_game = _plug(game, Variant("short", lambda g: True, turn_end=short,
                                     weather_event=tag))
    over, log = _play(short_game, state, 5)
    assert over.actor is None and over.turn == 2
    assert [e["reason"] for e in log if e["type"] == "game_end"] == ["short"]
    weather = [e for e in log if e["type"] == "weather"]
    assert weather and all(e["tagged"] for e in weather)
