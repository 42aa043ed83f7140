"""Hostile inputs that once reached the terminal raw or asked for unbounded work: each is
answered within the hostile suite's bounds, with its control characters shown escaped."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import ROOT, run

GLOBE = ROOT / "examples" / "maps" / "balloons-standard.yaml"


@pytest.mark.parametrize("color", ["--no-color", "--color"])
def test_map_show_escapes_a_globe_zone_name(color: str, workdir: Path) -> None:
    text = GLOBE.read_text(encoding="utf-8")
    hostile = text.replace("name: Libya", 'name: "Li\\e]0;owned\\aby\\0a"')
    assert hostile != text
    (workdir / "g.yaml").write_text(hostile, encoding="utf-8")
    r = run("map", "show", color, "g.yaml")
    assert r.exit_code == 0, r.stderr
    assert "Li\\x1b]0;owned\\x07by\\x00a" in r.stdout
    assert "\a" not in r.stdout and "\0" not in r.stdout
    assert "\x1b]" not in r.stdout
    if color == "--no-color":
        assert "\x1b" not in r.stdout
    else:
        assert "\x1b[" in r.stdout  # the drawing's own colours are kept
