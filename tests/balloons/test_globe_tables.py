"""The fast tables of the globe (``mapgen/balloons/tables.py``: what generation and the
checker ask) give networkx's answers (``mapgen/balloons/graph.py``: what ``map stats``
asks), on random globes with random zones and on generated globes."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from skyhex.mapgen.balloons import graph, tables
from skyhex.mapgen.balloons.generate import generate_globe
from skyhex.rules.balloons.components import standard_set
from skyhex.rules.balloons.globe import Globe, Line, Section, Zone, ZoneKind

PARTS = standard_set()


@st.composite
def zoned_globes(draw: st.DrawFn) -> Globe:
    """A globe of 1-6 lanes and 1-6 sections with random zones of every kind (often walls
    that trap spaces)."""
    lanes = draw(st.integers(1, 6))
    count = draw(st.integers(1, 6))
    sections = tuple(Section(q + 1, Line.RED, tuple(draw(st.lists(
        st.integers(1, 9), min_size=lanes, max_size=lanes)))) for q in range(count))
    bare = Globe(lanes, sections)
    spaces = bare.spaces()
    kinds = draw(st.lists(st.sampled_from([None, None, None, None, *ZoneKind]), min_size=len(spaces),
                          max_size=len(spaces)))
    zones = tuple(Zone(kind.value, kind, tuple(s for s, k in zip(spaces, kinds, strict=True)
                                               if k is kind))
                  for kind in ZoneKind if kind in kinds)
    return Globe(lanes, sections, zones)


def _homeward_fast(globe: Globe) -> set[object]:
    t = tables.tables_of(globe)
    home = tables.homeward(t, tables.open_spaces(globe))
    return {t.spaces[s] for s in range(len(home)) if home[s]}


@settings(max_examples=300, deadline=None)
@given(zoned_globes())
def test_the_tables_answer_as_networkx_on_random_globes(globe: Globe) -> None:
    spaces = graph.free(globe)
    assert _homeward_fast(globe) == graph.homeward(globe, spaces)
    assert tables.trapped(globe) == graph.trapped(globe)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_the_tables_answer_as_networkx_on_generated_globes(seed: int) -> None:
    globe = generate_globe(PARTS, seed)
    assert tables.trapped(globe) == graph.trapped(globe) == []
    # every zone made a white mountain, one more each time: some of these trap spaces
    zones = list(globe.zones)
    for n, zone in enumerate(zones):
        zones[n] = replace(zone, kind=ZoneKind.WHITE)
        walled = Globe(globe.lanes, globe.sections, tuple(zones))
        assert _homeward_fast(walled) == graph.homeward(walled, graph.free(walled))


def test_the_tables_agree_with_the_geometry() -> None:
    """Every step of ``tables.steps`` is in the table backwards, and ``beside`` keeps
    ``Globe.beside``'s order."""
    globe = PARTS.globe
    t = tables.tables_of(globe)
    for s in globe.spaces():
        i = t.index[s]
        assert [t.spaces[b] for b in t.beside[i]] == globe.beside(s)
        for to, gain in tables.steps(globe, s):
            assert to == s or (i, gain) in t.back[t.index[to]]
