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


def _spread(n: int) -> str:
    """Six hexes of a custom map at coordinates up to ``n``: a small file, a huge picture."""
    hexes = [(-n, 0), (n, 0), (0, -n), (0, n), (1, 0), (0, 1)]
    return ("format: skyhex.map/1\ngame: paragliders\nlayout: custom\nhexes:\n"
            + "".join(f"  - {{q: {q}, r: {r}, terrain: field}}\n" for q, r in hexes))


@pytest.mark.parametrize("n", [60, 1000])
def test_png_board_past_the_pixel_budget_is_refused(n: int, workdir: Path) -> None:
    (workdir / "spread.yaml").write_text(_spread(n), encoding="utf-8")
    r = run("board", "spread.yaml", "-o", "spread.png")
    assert r.exit_code == 1
    assert r.stdout == ""
    assert r.stderr.startswith("skyhex: error: spread.yaml: a PNG image of ")
    assert "past the limit of 50,000,000 pixels" in r.stderr
    assert r.stderr.count("\n") == 1
    assert not (workdir / "spread.png").exists()


def test_png_size_reads_the_page_in_mm() -> None:
    from skyhex.render.pdf import png_size

    svg = '<?xml version="1.0"?><svg width="254mm" height="25.4mm" viewBox="0 0 254 25.4">'
    assert png_size(svg, dpi=100) == (1001, 101)
