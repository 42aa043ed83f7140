"""Conditions on map statistics (`map generate --where`): the same reading for every game."""

from __future__ import annotations

from typing import Any

import pytest

from skyhex.games.where import WhereError, parse

STATS: dict[str, Any] = {
    "balance": 87,
    "difficulty": "normal",
    "pockets": ["blue"],
    "detour": None,
    "route": {"below": {"length": 29, "order": ["red", "blue", "yellow"]}, "above": None},
    "sectors": {"B": {"mountains": 4, "joined": True}},
    "mountain_clusters": [9, 4],
}


@pytest.mark.parametrize(("text", "holds"), [
    ("balance>=85", True), ("balance>87", False), ("balance = 87", True), ("balance!=87", False),
    ("balance<=86.5", False), ("route.below.length<30", True), ("sectors.B.mountains>=4", True),
    ("sectors.B.joined==true", True), ("pockets==0", False), ("pockets<2", True),
    ("mountain_clusters.0>=9", True), ("difficulty==normal", True), ("difficulty!=hard", True),
    ("detour<=3", False), ("detour==null", True), ("route.above.length<=40", False),
    ("balance>=85 and pockets==1", True), ("balance>=85, pockets==0", False),
])
def test_comparisons(text: str, holds: bool) -> None:
    assert parse(text).holds(STATS) is holds


def test_several_conditions_must_all_hold() -> None:
    assert parse(["balance>=85", "pockets==1"]).holds(STATS)
    assert not parse(["balance>=85", "pockets==0"]).holds(STATS)
    assert parse(["balance >= 85", "pockets==1"]).text == "balance>=85 and pockets==1"


@pytest.mark.parametrize(("text", "message"), [
    ("balance", "'balance' is not a comparison FIELD OP VALUE"),
    ("balance>=", "'balance>=' is not a comparison"),
    ("balance>=high", "'balance>=high': >= compares numbers, not 'high'"),
    ("balance>=85 and", "an empty comparison"),
    ("", "an empty comparison"),
])
def test_unreadable_conditions(text: str, message: str) -> None:
    with pytest.raises(WhereError) as e:
        parse(text)
    assert message in e.value.message and e.value.option == "--where"


@pytest.mark.parametrize(("text", "message"), [
    ("balanse>=1", "no figure 'balanse' in the map statistics (there are: balance, "),
    ("route.below>=1", "'route.below' is a group of figures: name one of length, order"),
    ("sectors.C.mountains>=1", "no figure 'sectors.C' in the map statistics (there are: B)"),
    ("balance.points>=1", "'balance' has no part 'points'"),
])
def test_unknown_figures(text: str, message: str) -> None:
    with pytest.raises(WhereError) as e:
        parse(text).holds(STATS)
    assert message in e.value.message
