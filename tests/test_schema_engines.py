"""The compiled schema check (``schemas.conforms``, jsonschema-rs) decides validity exactly as
jsonschema does, which words the mistakes: on every document of the project and the tests,
on every log event of the golden games, and on random changes to valid documents. A
document it wrongly passed would never be checked further, so the two must agree."""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skyhex.schemas import conforms, validator
from skyhex.schemas.documents import DocumentError, load

ROOT = Path(__file__).resolve().parent.parent
FORMAT = re.compile(r"^format:\s*[\"']?skyhex\.([a-z-]+)/", re.MULTILINE)


def _jsonschema_valid(name: str, data: Any) -> bool:
    return not any(True for _ in validator(name).iter_errors(data))


def _documents() -> list[tuple[str, Path]]:
    """Every document declaring a skyhex format that parses (no schema applies to the
    others)."""
    found = []
    for folder in (ROOT / "examples", ROOT / "tests"):
        for path in sorted(folder.rglob("*.yaml")):
            if "node_modules" in path.parts:
                continue
            match = FORMAT.search(path.read_text("utf-8", errors="replace"))
            if not match:
                continue
            try:
                load(str(path))
            except DocumentError:
                continue
            found.append((match.group(1), path))
    return found


DOCUMENTS = _documents()


@cache
def _read(name: str, path: Path) -> tuple[Any, bool]:
    """A document's data and jsonschema's answer on it (jsonschema takes long: each is
    asked once)."""
    data = load(str(path)).data
    return data, _jsonschema_valid(name, data)


def test_the_corpus_holds_every_kind_and_both_outcomes() -> None:
    kinds = {name for name, _ in DOCUMENTS}
    assert {"map", "moves", "scenario", "components"} <= kinds
    outcomes = {_read(name, path)[1] for name, path in DOCUMENTS}
    assert outcomes == {True, False}


@pytest.mark.parametrize(("name", "path"), DOCUMENTS,
                         ids=[str(p.relative_to(ROOT)) for _, p in DOCUMENTS])
def test_both_engines_agree_on_every_document(name: str, path: Path) -> None:
    data, valid = _read(name, path)
    assert conforms(name, data) == valid


def test_both_engines_agree_on_the_golden_logs_events() -> None:
    """Three events of each type from each golden log (jsonschema takes long over all)."""
    checked = 0
    for path in sorted((ROOT / "tests" / "golden").glob("*.ndjson")):
        seen: dict[str, int] = {}
        for line in path.read_text("utf-8").splitlines():
            event = json.loads(line)
            kind = str(event.get("type"))
            if seen.get(kind, 0) >= 3:
                continue
            seen[kind] = seen.get(kind, 0) + 1
            assert conforms("event", event) == _jsonschema_valid("event", event)
            checked += 1
    assert checked > 100


@cache
def _valid_samples() -> list[tuple[str, Any]]:
    return [(name, data) for name, path in DOCUMENTS for data, valid in [_read(name, path)]
            if valid]

_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 400),
                     st.floats(-2, 2, allow_nan=False), st.sampled_from(
                         ["", "red", "blue", "x", "paragliders", "turbulences", "12:30", "N",
                          "skyhex.map/1", "forest", "mountain", "0,0"]))
_values = st.recursive(_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(
        ["q", "r", "name", "color", "tile", "x", "side", "hex", "game"]), inner, max_size=3)),
    max_leaves=6)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, (*prefix, index))
    return out


@settings(max_examples=300)
@given(st.data())
def test_both_engines_agree_on_changed_documents(data: st.DataObject) -> None:
    name, original = data.draw(st.sampled_from(_valid_samples()))
    changed = copy.deepcopy(original)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(changed) if p]
        if not paths:
            break
        path = data.draw(st.sampled_from(paths))
        parent = changed
        for step in path[:-1]:
            parent = parent[step]
        action = data.draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            parent[path[-1]] = data.draw(_values)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.sampled_from(["extra", "q", "name", "seed"]))] = \
                data.draw(_values)
        else:
            parent.append(data.draw(_values))
    assert conforms(name, changed) == _jsonschema_valid(name, changed)


def test_data_the_compiled_engine_cannot_take_is_left_to_jsonschema() -> None:
    assert conforms("map", {1: "a key that is not a string"}) is False
