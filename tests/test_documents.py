"""The safe document loader: positions, YAML pitfalls, bounded size and friendly errors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skyhex.schemas.documents import MAX_BYTES, DocumentError, load, parse, schema_problems


def problem_of(text: str) -> str:
    with pytest.raises(DocumentError) as e:
        parse(text, "f.yaml")
    assert len(e.value.problems) == 1
    return e.value.problems[0].format()


def test_positions_of_values_and_keys() -> None:
    doc = parse("a: 1\nb:\n  - x\n  - {c: 2}\n", "f.yaml")
    assert doc.data == {"a": 1, "b": ["x", {"c": 2}]}
    assert doc.locate(("b", 1, "c")) == (4, 9)
    assert doc.locate(("b", 0)) == (3, 5)
    assert doc.locate(("b", 1, "c"), key=True) == (4, 6)
    assert doc.locate(("b", 7, "zz")) == (3, 3)  # nearest existing parent


def test_times_stay_strings_and_core_types_work() -> None:
    doc = parse("t: 12:00\nu: 08:00\nn: null\nb: true\nf: 1.5\ni: -3\ns: 'no'\n", "f.yaml")
    assert doc.data == {"t": "12:00", "u": "08:00", "n": None, "b": True, "f": 1.5, "i": -3,
                        "s": "no"}


def test_json_is_read_too() -> None:
    assert parse('{"a": [1, 2], "b": {"c": "d"}}', "f.json").data == {"a": [1, 2], "b": {"c": "d"}}


def test_anchors_and_merge_keys() -> None:
    doc = parse("base: &b {x: 1, y: 2}\nthing:\n  <<: *b\n  y: 3\n", "f.yaml")
    assert doc.data["thing"] == {"x": 1, "y": 3}


def test_unsafe_tags_are_refused_with_their_location() -> None:
    assert problem_of("a: 1\nb: !!python/object/apply:os.system ['echo hi']\n").startswith(
        "f.yaml:2:4: error: the tag tag:yaml.org,2002:python/object/apply:os.system is not allowed here")


def test_duplicate_keys_are_errors() -> None:
    assert problem_of("a: 1\nb: 2\na: 3\n") == "f.yaml:3:1: error: duplicate key 'a'"


def test_syntax_errors_carry_the_parser_location() -> None:
    assert problem_of("a: [1, 2\nb: 3\n").startswith(
        "f.yaml:2:2: error: YAML syntax: while parsing a flow sequence")


def test_tabs_are_explained() -> None:
    assert "(a tab: YAML indents with spaces only)" in problem_of("a:\n\t- 1\n")


def test_empty_document() -> None:
    assert problem_of("") == "f.yaml:1:1: error: the file is empty"
    assert problem_of("# only a comment\n") == "f.yaml:1:1: error: the file is empty"


def test_alias_bomb_is_bounded() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        prev = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 10)}]")
    assert "holds more than 100,000 values" in problem_of("\n".join(lines) + "\n")


def test_recursive_alias_is_bounded() -> None:
    assert problem_of("a: &a [*a]\n") == ("f.yaml:1:8: error: the alias *a is inside the value "
                                         "it names: it would nest deeper than 64 levels")


def test_binary_and_oversized_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    binary = tmp_path / "b.yaml"
    binary.write_bytes(b"format: x\n\xff\xfe\x00")
    with pytest.raises(DocumentError) as e:
        load(str(binary))
    assert e.value.problems[0].format() == (
        f"{binary}:2:1: error: not a UTF-8 text file (byte 0xff at offset 10)")
    big = tmp_path / "big.yaml"
    with open(big, "wb") as f:
        f.truncate(MAX_BYTES + 1)
    with pytest.raises(DocumentError) as e:
        load(str(big))
    assert "more than the 8,388,608-byte limit" in e.value.problems[0].message


def test_missing_file_and_directory(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(DocumentError) as e:
        load(str(tmp_path / "nope.yaml"))
    assert e.value.problems[0].format() == f"{tmp_path / 'nope.yaml'}: error: no such file"
    with pytest.raises(DocumentError) as e:
        load(str(tmp_path))
    assert e.value.problems[0].message == "is a directory, not a file"


def test_schema_problems_are_located_and_friendly() -> None:
    doc = parse(
        "format: skyhex.map/1\ngame: paragliders\nlayot: custom\nhexes:\n"
        "  - {q: 1.5, r: 0, terrain: feild}\n  - {q: 0, r: 0}\n",
        "m.yaml",
    )
    lines = [p.format() for p in schema_problems(doc, "map")]
    assert lines == [
        "m.yaml:3:1: error: unknown key 'layot' (did you mean 'layout'?) [$.layot]",
        "m.yaml:5:9: error: expected an integer, not 1.5 [$.hexes[0].q]",
        "m.yaml:5:29: error: 'feild' is not one of mountain, field, forest, lake, aerodrome "
        "[$.hexes[0].terrain]",
        "m.yaml:6:5: error: missing required key 'terrain' [$.hexes[1]]",
    ]


# JSON documents are read by the json module; their positions come from the composer only
# when a mistake is located.

def test_json_numbers_are_read_as_json_says() -> None:
    # YAML 1.1 reads 1.5e3 and 2E5 as strings (its floats need a dot and a signed exponent)
    doc = parse('{"a": 1.5e3, "b": 2E5, "c": -0.25}', "f.json")
    assert doc.data == {"a": 1500.0, "b": 200000.0, "c": -0.25}


def test_json_mistakes_are_located_on_first_need() -> None:
    doc = parse('{\n  "a": [1,\n        2],\n  "b": {"c": "d"}\n}\n', "f.json")
    assert doc.data == {"a": [1, 2], "b": {"c": "d"}}
    assert doc.locate(("a", 1)) == (3, 9)
    assert doc.locate(("b", "c"), key=True) == (4, 9)


def test_json_duplicate_keys_and_constants_go_to_the_composer() -> None:
    assert problem_of('{"a": 1,\n "a": 2}').startswith("f.yaml:2:2: error: ")
    assert parse('{"a": NaN}', "f.json").data == {"a": "NaN"}  # not JSON: YAML's reading


def test_json_within_the_limits_only() -> None:
    deep = "[" * 70 + "]" * 70
    assert "nests deeper than 64 levels" in problem_of(deep)
    assert "numbers have at most 100 digits" in problem_of('{"a": ' + "9" * 101 + "}")
    with pytest.raises(DocumentError):
        parse('{"a": "\\ud800"}', "f.json")  # an escaped lone surrogate is not text


_json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**12, 10**12),
    st.integers(-10**6, 10**6).map(lambda n: n / 100),
    st.text(st.characters(categories=("L", "N", "P", "S", "Zs")), max_size=8))
_json_values = st.recursive(_json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(
        st.characters(categories=("L", "N")), min_size=1, max_size=5), inner, max_size=4)),
    max_leaves=12)


@given(st.one_of(st.lists(_json_values, max_size=3), st.dictionaries(
    st.text(st.characters(categories=("L",)), min_size=1, max_size=4), _json_values,
    max_size=3)), st.sampled_from([None, 2]))
def test_json_and_the_composer_read_ordinary_json_alike(data: Any, indent: int | None) -> None:
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    fast, composed = parse(text, "f.json"), parse(text, "f.json", json_first=False)
    assert fast.data == composed.data == data
    fast.locate(())
    assert (fast.positions, fast.key_positions) == (composed.positions, composed.key_positions)


def test_json_that_yaml_refuses_is_still_located() -> None:
    # YAML's keys are at most 1,024 characters long and it refuses a raw DEL character
    text = '{"k": 1,\n "' + "x" * 1100 + '": [true,\n  "\x7f"]}'
    with pytest.raises(DocumentError):
        parse(text, "f.json", json_first=False)
    doc = parse(text, "f.json")
    assert doc.locate(("x" * 1100, 1)) == (3, 3)
    assert doc.locate(("x" * 1100,), key=True) == (2, 2)
