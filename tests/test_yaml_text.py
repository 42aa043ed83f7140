"""The direct YAML writer writes what PyYAML writes with ``dump_yaml``'s settings, or leaves
the document to PyYAML: generated maps of every game, every YAML file of the project, and
documents of awkward strings."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from skyhex.games import face
from skyhex.games.documents import dump_yaml, pyyaml_text
from skyhex.games.yaml_text import direct_yaml
from skyhex.mapgen.errors import GenerationError
from skyhex.rules.paragliders.components import standard_set

from .conftest import ROOT


def same_or_declined(doc: dict[str, Any], flow: tuple[str, ...]) -> bool:
    """Whether the direct writer took ``doc`` (asserting it wrote PyYAML's text)."""
    direct = direct_yaml(doc, frozenset(flow))
    if direct is None:
        assert dump_yaml(doc, flow) == pyyaml_text(doc, flow)
        return False
    assert direct == pyyaml_text(doc, flow)
    return True


@pytest.mark.parametrize("options", [
    {}, {"aerodromes": 2}, {"mountains": "one-cluster", "assistants": 2}, {"radius": 2},
])
def test_paragliders_maps_are_written_directly_as_pyyaml_writes_them(
        options: dict[str, Any]) -> None:
    maps = face("paragliders").maps
    assert maps is not None and maps.generate is not None
    context = standard_set()
    taken = 0
    for seed in range(25):
        try:
            m = maps.generate(seed, options, context)
        except GenerationError:
            continue
        taken += same_or_declined(maps.to_dict(m), maps.flow)
    if not options:
        assert taken == 25  # the plain standard map never needs PyYAML


@pytest.mark.parametrize("name", ["turbulences", "balloons"])
def test_other_games_maps(name: str) -> None:
    maps = face(name).maps
    assert maps is not None and maps.generate is not None
    for seed in range(8):
        m = maps.generate(seed, {}, None)
        same_or_declined(maps.to_dict(m), maps.flow)


def test_every_yaml_file_of_the_project() -> None:
    flows = {(), *(m.flow for n in ("paragliders", "turbulences", "balloons")
                   if (m := face(n).maps) is not None)}
    taken = 0
    for path in sorted([*ROOT.glob("examples/**/*.yaml"), *ROOT.glob("tests/**/*.yaml")]):
        try:
            doc = yaml.safe_load(path.read_text())
        except (yaml.YAMLError, UnicodeDecodeError):
            continue
        if isinstance(doc, dict):
            for flow in flows:
                taken += same_or_declined(doc, flow)
    assert taken > 50


AWKWARD = ["yes", "No", "on", "null", "~", "1e3", "0x1F", "12:30", "1_000", ".5", "-", "- a",
           "a: b", "a #b", "a#b", "O'Neil", "it's", "#x", "x ", " x", "", "a,b", "[a]", "{a}",
           "2024-01-01", "été", "a\nb", "?", "? a", "a?", "*a", "&a", "!a", "%a", "@a", "`a",
           "|", ">", "'a'", '"a"', "a.b/c-d_e (f) +g", "true", "False", "NaN", ".inf", "-.inf",
           "=", "<<", "0o17", "+1", "1.", "x" * 230]

scalars = st.one_of(st.sampled_from(AWKWARD), st.text(max_size=12), st.integers(),
                    st.booleans(), st.none(), st.floats(allow_nan=False))
small = st.dictionaries(st.sampled_from(["a", "tile", "q", "why", "yes", "1"]),
                        st.one_of(scalars, st.lists(scalars, max_size=3)), max_size=4)


@given(st.dictionaries(st.sampled_from(["format", "seed", "notes", "null"]),
                       st.one_of(scalars, st.lists(small, max_size=3),
                                 st.lists(scalars, max_size=3), small), max_size=4),
       st.dictionaries(st.sampled_from(["slots", "hexes"]), st.lists(small, max_size=3),
                       max_size=2))
def test_awkward_documents(doc: dict[str, Any], flowing: dict[str, Any]) -> None:
    if doc or flowing:
        same_or_declined({**doc, **flowing}, ("slots", "hexes"))
