"""The log's text (``rules.replay.log_text``, through ``speed.json_lines``) is what
``json.dumps`` writes of each event, a line each, whatever the values: the golden logs hold
it on real events, this on the values JSON treats apart; and ``speed.member_of`` reads an
enum's members as the enum does."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any

import pytest

from skyhex.rules.replay import log_text
from skyhex.rules.speed import json_lines, member_of


class Colour(StrEnum):
    RED = "red"


ODD: list[Any] = [
    {"seq": 0, "type": "setup", "title": "Café «Ωmega» \u2028 \"quoted\" \\ tab\t"},
    {"nan": float("nan"), "inf": float("inf"), "-inf": -float("inf"), "x": 0.1, "big": 10**30},
    {"colour": Colour.RED, Colour.RED: [True, False, None], "nested": [[{}], []]},
    {1: "int key", 2.5: "float key", False: "bool key", None: "none key"},
    [], "a string", 3,
]


def test_log_text_is_json_dumps_line_by_line() -> None:
    assert log_text(ODD) == "".join(json.dumps(v) + "\n" for v in ODD)
    assert json_lines(iter(ODD)) == json_lines(ODD) == json_lines(tuple(ODD))
    assert log_text([]) == ""


@pytest.mark.parametrize("bad", [{"x": {1, 2}}, {(1, 2): "tuple key"}, [object()]])
def test_what_json_dumps_refuses_is_refused_in_its_words(bad: Any) -> None:
    with pytest.raises(TypeError) as dumps:
        json.dumps(bad)
    with pytest.raises(TypeError) as ours:
        log_text([{"seq": 0}, bad])
    assert str(ours.value) == str(dumps.value)


def test_a_value_that_holds_itself_is_refused_as_json_dumps_does() -> None:
    looped: list[Any] = []
    looped.append(looped)
    with pytest.raises(ValueError, match="Circular reference"):
        log_text([looped])


def test_members_by_value_as_the_enum_reads_them() -> None:
    read = member_of(Colour)
    assert read("red") is Colour.RED and read(Colour.RED) is Colour.RED
    for bad in ("blue", ["red"], None):
        with pytest.raises(ValueError) as enum:
            Colour(bad)
        with pytest.raises(ValueError) as ours:
            read(bad)
        assert str(ours.value) == str(enum.value)


def test_a_bounded_memo_is_emptied_whole_when_full() -> None:
    """``speed.kept`` stores and returns the value; at ``size`` entries the memo starts
    afresh, so it never holds more than ``size``."""
    from skyhex.rules.speed import kept

    memo: dict[int, str] = {}
    assert [kept(memo, k, str(k), 3) for k in range(3)] == ["0", "1", "2"]
    assert memo == {0: "0", 1: "1", 2: "2"}
    assert kept(memo, 9, "9", 3) == "9" and memo == {9: "9"}
