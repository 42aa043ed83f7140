"""``LazyEvents``: an action's events built on first reading, whatever the reading."""

from __future__ import annotations

import copy
import json
import operator
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from skyhex.rules.game import Event, LazyEvents
from skyhex.rules.lazy import LazyItems

EVENTS: list[Event] = [{"type": "turn", "player": "Ann"}, {"type": "round", "round": 2}]
READINGS: list[tuple[str, Callable[[LazyEvents], Any], Any]] = [
    ("len", len, 2),
    ("bool", bool, True),
    ("list", list, EVENTS),
    ("tuple", tuple, tuple(EVENTS)),
    ("index", lambda e: e[1], EVENTS[1]),
    ("slice", lambda e: e[:1], EVENTS[:1]),
    ("equal", lambda e: e == EVENTS, True),
    ("equal, reflected", lambda e: operator.eq(EVENTS, e), True),
    ("json", json.dumps, json.dumps(EVENTS)),
    ("json inside", lambda e: json.dumps({"events": e}), json.dumps({"events": EVENTS})),
    ("extend a list", lambda e: [*[], *e], EVENTS),
    ("list.extend", lambda e: (lambda out: (out.extend(e), out)[1])([]), EVENTS),
    ("add", lambda e: e + [], EVENTS),  # noqa: RUF005 (the operator is the reading)
    ("radd", lambda e: [] + e, EVENTS),  # noqa: RUF005
    ("in", lambda e: EVENTS[0] in e, True),
    ("repr", repr, repr(EVENTS)),
    ("copy", copy.copy, EVENTS),
    ("deepcopy", copy.deepcopy, EVENTS),
    ("pickle", lambda e: pickle.loads(pickle.dumps(e)), EVENTS),
    ("append then read", lambda e: (e.append({"type": "x"}), list(e))[1],
     [*EVENTS, {"type": "x"}]),
]


@pytest.mark.parametrize(("how", "read", "expected"), READINGS, ids=[r[0] for r in READINGS])
def test_every_reading_sees_the_events(how: str, read: Callable[[LazyEvents], Any],
                                       expected: Any) -> None:
    built = []

    def build() -> list[Event]:
        built.append(1)
        return [dict(e) for e in EVENTS]

    events = LazyEvents(build)
    assert built == []  # nothing is built before it is read
    assert read(events) == expected
    list(events)
    assert built == [1]  # built once


def test_empty_events_are_falsy() -> None:
    assert not LazyEvents(list)
    assert LazyEvents(list) == []


def test_lazy_items_build_one_item_alone_and_all_when_read_otherwise() -> None:
    made: list[tuple[str, int]] = []

    def make(prefix: str, tail: int) -> str:
        made.append((prefix, tail))
        return f"{prefix}{tail}"

    groups: list[tuple[Any, list[Any]]] = [("a", [1, 2]), (None, ["x"]), ("b", []),
                                           ("c", [3])]
    items = LazyItems(groups, make)
    assert len(items) == 4 and items
    assert (items[0], items[1], items[2], items[3], items[-1]) == ("a1", "a2", "x", "c3", "c3")
    with pytest.raises(IndexError):
        items[4]
    assert len(made) == 4  # one each, x needed no making
    assert list(items) == ["a1", "a2", "x", "c3"] and items[1:3] == ["a2", "x"]
    assert json.dumps(items) == '["a1", "a2", "x", "c3"]'
    assert not LazyItems([], make) and len(LazyItems([("a", [])], make)) == 0


@pytest.mark.parametrize("name", ["four-players", "solo-cross", "aerodromes"])
def test_paragliders_quiet_resolution_and_lazy_lists_agree_with_eager_ones(name: str) -> None:
    """Over seeded random games: the state ``advance`` gives without explaining is the one
    the explained resolution gives, ``apply``'s state and events are those, and the legal
    actions read one by one are those read as a whole."""
    import random

    from skyhex.games import load_scenario
    from skyhex.rules.paragliders import engine

    face, scenario, _ = load_scenario(f"examples/scenarios/{name}.yaml")
    rules = face.ruleset
    for seed in range(2):
        rng = random.Random(seed)
        game, state, _ = rules.new_game(scenario)
        while rules.actor(game, state) is not None:
            legal = rules.legal_actions(game, state)
            one_by_one = [legal[i] for i in range(len(legal))]
            assert one_by_one == list(legal) and len(set(one_by_one)) == len(one_by_one)
            action = one_by_one[rng.randrange(len(one_by_one))]
            explained: list[Event] = []
            after = engine.resolve(game, state, action, explained)
            quiet = rules.advance(game, state, action)
            applied, events = rules.apply(game, state, action)
            assert quiet == after == applied and events == explained
            state = quiet
