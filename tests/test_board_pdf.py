"""PDF and PNG boards, and the print layout: one PDF whose pages are exactly the paper and
whose hexes measure what was asked, read back with PDFium; pages that are never nearly
empty, blocks (title, legend, panel) never cut, the fewest pages for the board."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image
from typer.testing import CliRunner

from skyhex.cli import app
from skyhex.games.documents import load_game, replay_game, sources
from skyhex.games.face import BoardRequest, face
from skyhex.render.drawing import Rect
from skyhex.render.ink import tint
from skyhex.render.layout import print_plan
from skyhex.render.paper import PAPER_SIZES
from skyhex.render.paragliders.marks import TERRAIN_FILL

ROOT = Path(__file__).resolve().parent.parent
SEED_7 = ROOT / "examples" / "maps" / "standard-seed-7.yaml"
TWO = ROOT / "examples" / "scenarios" / "two-players.yaml"
TURBULENCES = ROOT / "examples" / "maps" / "turbulences-normal-seed-3.yaml"
TURBULENCES_4 = ROOT / "examples" / "scenarios" / "turbulences-4.yaml"
MM = 72 / 25.4  # PDF points per mm


def run(*args: str) -> object:
    return CliRunner().invoke(app, ["board", *args])


def picture(path: Path) -> object:
    """The board picture of a map or a scenario's start, as ``skyhex board`` draws it."""
    if path.parent.name == "maps":
        game = face("turbulences" if "turbulences" in path.name else "paragliders")
        assert game.maps is not None and game.boards is not None
        context = game.maps.context(None)
        m, _ = game.load_map(str(path), context)
        return game.boards.map_sheets(m, context, BoardRequest(str(path), "map", 30.0))[0].picture
    found = sources(None, str(path))
    game = face(found.game)
    loaded = load_game(None, None, found)
    assert game.boards is not None
    return game.boards.position_sheets(loaded.scenario, replay_game(loaded), "start",
                                       BoardRequest(str(path), "scenario", 30.0))[0].picture


def test_a4_pdf_pages_are_a4_and_hexes_measure_30_mm(tmp_path: Path) -> None:
    out = tmp_path / "b.pdf"
    r = run(str(SEED_7), "--paper", "a4", "-o", str(out))
    assert r.exit_code == 0 and r.stdout == "", r.stderr  # type: ignore[attr-defined]
    assert r.stderr.startswith(f"wrote {out} (7 pages")  # type: ignore[attr-defined]
    assert [p.name for p in tmp_path.iterdir()] == ["b.pdf"]
    pdf = pdfium.PdfDocument(str(out))
    assert len(pdf) == 7
    for page in pdf:
        width, height = page.get_size()
        assert (round(width / MM, 2), round(height / MM, 2)) == PAPER_SIZES["a4"]
        assert page.get_mediabox() == pytest.approx((0, 0, width, height))
    meta = pdf.get_metadata_dict()
    assert meta["Title"] == "standard-seed-7.yaml"
    assert "seed 7" in meta["Keywords"] and "paragliders" in meta["Subject"]
    # A hex's fill: a path whose box is 30.0 mm flat to flat (and 2 * 30 / sqrt 3 across).
    boxes = []
    for obj in pdf[2].get_objects(max_depth=20):
        if obj.type == pdfium.raw.FPDF_PAGEOBJ_PATH:
            left, bottom, right, top = obj.get_bounds()
            boxes.append((round((right - left) / MM, 2), round((top - bottom) / MM, 2)))
    assert boxes.count((34.64, 30.0)) + boxes.count((34.65, 30.0)) >= 5


def ink(image: Image.Image) -> float:
    """The share of a page's pixels that are not white."""
    grey = image.convert("L")
    histogram = grey.histogram()
    return 1 - sum(histogram[250:]) / (grey.width * grey.height)


@pytest.mark.parametrize("path", [SEED_7, TWO, TURBULENCES])
def test_every_pdf_page_has_content(tmp_path: Path, path: Path) -> None:
    out = tmp_path / "b.pdf"
    r = run(str(path), "--paper", "a4", "-o", str(out))
    assert r.exit_code == 0, r.stderr  # type: ignore[attr-defined]
    for page in pdfium.PdfDocument(str(out)):
        image = page.render(scale=0.5).to_pil()
        assert ink(image) > 0.05


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("path", [SEED_7, TWO, TURBULENCES, TURBULENCES_4])
def test_blocks_are_never_cut_and_hexes_take_the_fewest_pages(path: Path, paper: str) -> None:
    pic = picture(path)
    laid = print_plan(pic, paper)  # type: ignore[arg-type]
    assert laid is not None
    # Every block is drawn once, whole, inside a page's printable window.
    shown = [(p.block, p.box, None) for f in laid.front for p in f.placements]
    shown += [(p.block, p.box, n) for n, p in laid.placed]
    assert sorted(repr(b) for b, _, _ in shown) == sorted(repr(b) for b in laid.blocks)
    short, long = PAPER_SIZES[paper]
    for _, box, on in shown:
        vp = laid.board.viewport if on is not None else Rect(14, 14, short - 28, long - 43)
        assert vp.x - 1e-6 <= box.x and box.right <= vp.right + 1e-6
        assert vp.y - 1e-6 <= box.y and box.bottom <= vp.bottom + 1e-6
    # Every hex is on a board page; no board page is without one.
    tiled, _, _ = pic.print_parts()  # type: ignore[attr-defined]
    for cell in tiled:
        assert any(p.window.intersects(cell) for p in laid.board.pages)
    for p in laid.board.pages:
        assert any(p.window.intersects(cell) for cell in tiled)
    if path == SEED_7:
        # 476 x 420 mm of hexes: six A4 or Letter pages, and one front page.
        assert (len(laid.board.pages), len(laid.front)) == (6, 1)


def test_png_and_refused_extensions(tmp_path: Path) -> None:
    out = tmp_path / "b.png"
    r = run(str(TURBULENCES), "-o", str(out))
    assert r.exit_code == 0, r.stderr  # type: ignore[attr-defined]
    image = Image.open(out)
    assert image.format == "PNG" and image.width > 1000
    # Its density is said (pHYs), so that it prints at true size: the poster's millimetres.
    assert [round(d, 1) for d in image.info["dpi"]] == [150.0, 150.0]
    svg = run(str(TURBULENCES), "-o", "-", "--format", "svg").stdout  # type: ignore[attr-defined]
    width_mm = float(re.search(r'<svg[^>]*\bwidth="([0-9.]+)mm"', svg)[1])  # type: ignore[index]
    assert abs(image.width / 150 * 25.4 - width_mm) < 0.5
    for name, extra in (("b.jpg", []), ("b", []), ("b.svg", ["--format", "pdf"])):
        r = run(str(SEED_7), "-o", str(tmp_path / name), *extra)
        assert r.exit_code == 2 and r.stdout == ""  # type: ignore[attr-defined]
        assert not (tmp_path / name).exists()
    r = run(str(SEED_7), "-o", str(tmp_path / "b.out"), "--format", "pdf")
    assert r.exit_code == 0
    assert (tmp_path / "b.out").read_bytes()[:5] == b"%PDF-"


# --- pawns and ink ---------------------------------------------------------------------------


def test_pawns_use_no_terrain_colour(tmp_path: Path) -> None:
    """A red pawn on a mountain, a yellow one on a field, a green one in a forest: every
    colour a pawn is drawn in differs from every terrain fill, and the disc is white."""
    import re

    from skyhex.render.paragliders.marks import TERRAIN_FILL
    from skyhex.render.paragliders.position import PAWN_STYLES

    terrain = {c.upper() for c in TERRAIN_FILL.values()}
    for style in PAWN_STYLES.values():
        assert style.fill == "#FFFFFF" and style.ring.upper() not in terrain
    out = tmp_path / "b.svg"
    r = run(str(ROOT / "examples" / "scenarios" / "mid-game.yaml"), "-o", str(out))
    assert r.exit_code == 0
    svg = out.read_text()
    pawns = re.findall(r'<g id="pawn-(\w+)"[^>]*>(.*?)</g>', svg, re.S)
    assert {name for name, _ in pawns} == {"yellow", "blue", "red", "green"}
    for _, body in pawns:
        colours = {c.upper() for c in re.findall(r'(?:fill|stroke)="(#[0-9A-Fa-f]{6})"', body)}
        assert colours and not colours & terrain


def test_low_ink_pales_the_hexes_and_keeps_the_marks(tmp_path: Path) -> None:
    normal, low = tmp_path / "n.png", tmp_path / "l.png"
    assert run(str(SEED_7), "-o", str(normal)).exit_code == 0
    assert run(str(SEED_7), "-o", str(low), "--style", "low-ink").exit_code == 0
    a, b = ink(Image.open(normal)), ink(Image.open(low))
    assert b < a  # pixels off white: the tints are light, not white
    darkness = [sum(255 - v for v in Image.open(p).convert("L").tobytes()) for p in (normal, low)]
    assert darkness[1] < 0.45 * darkness[0]
    svg_low = tmp_path / "l.svg"
    assert run(str(SEED_7), "-o", str(svg_low), "--style", "low-ink").exit_code == 0
    text = svg_low.read_text()
    assert text.count("<polygon") == 183 and 'fill="#F6DCC7"' in text  # mountain, paled
    # The legend's swatches are paled to the tints of the hexes they explain.
    hexes = set(re.findall(r'<polygon\b[^>]*\bfill="(#[0-9A-F]{6})"', text))
    swatches = set(re.findall(r'<path class="terrain"[^>]*\bfill="(#[0-9A-F]{6})"', text))
    assert swatches and swatches <= hexes | {tint(c) for c in TERRAIN_FILL.values()}, swatches
    assert not swatches & set(TERRAIN_FILL.values())
    assert text.count("<text") == (ROOT / "examples" / "boards" / "standard-seed-7.svg"
                                   ).read_text().count("<text")
