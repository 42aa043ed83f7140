"""`skyhex components print`: a component set's cut-out sheets. Pages exactly the paper,
pieces at real size (a 30 mm hex, a tri-hex tile 60.6 x 60 mm), 3 mm bleed around every
piece, crop marks outside every piece and its bleed, every piece of the set once (counted
from the set's data), backs behind their faces, and the CLI's conventions."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from skyhex.games.face import face
from skyhex.render.drawing import Rect
from skyhex.render.paper import PAPER_SIZES
from skyhex.render.pieces import (
    BLEED,
    ROOM,
    Layout,
    Piece,
    PieceSet,
    PieceTooLarge,
    crop_marks,
    lay_out,
    pack,
    page_svg,
    printable_area,
    sheets_svg,
)
from skyhex.rules.balloons.components import standard_set as balloons_set
from skyhex.rules.paragliders.components import standard_set
from skyhex.rules.turbulences.landscape import BOX_HALVES, BOX_TILES, CLOUD_TOKENS, REGIONS
from skyhex.rules.turbulences.runways import BOX_RUNWAYS
from skyhex.rules.turbulences.state import PARCEL_WEIGHTS
from skyhex.rules.turbulences.tank import JERRYCANS

from .conftest import run

MM = 72 / 25.4  # PDF points per mm
SVG = "{http://www.w3.org/2000/svg}"
GAMES = ("paragliders", "turbulences", "balloons")


def pieces_of(game: str, components: str | None = None) -> PieceSet:
    boards = face(game).boards
    assert boards is not None and boards.pieces is not None
    return boards.pieces(components)


def groups(svg: str) -> Iterator[ET.Element]:
    """The pieces' groups of a page (those with a cut box)."""
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        if "data-cut" in g.attrib:
            yield g


def cut(g: ET.Element) -> Rect:
    x, y, w, h = map(float, g.attrib["data-cut"].split())
    return Rect(x, y, w, h)


def segments(svg: str) -> list[tuple[float, float, float, float]]:
    root = ET.fromstring(svg)
    crop = next((g for g in root.iter(f"{SVG}g") if g.get("id") == "crop-marks"), None)
    if crop is None:
        return []
    d = next(crop.iter(f"{SVG}path")).attrib["d"]
    numbers = [float(n) for n in re.findall(r"-?[\d.]+", d)]
    return [tuple(numbers[i:i + 4]) for i in range(0, len(numbers), 4)]  # type: ignore[misc]


def all_pages(game: str, paper: str) -> tuple[Layout, list[str]]:
    pieces = pieces_of(game)
    layout = lay_out(pieces, paper)
    return layout, [page_svg(pieces, layout, p) for p in layout.pages]


@pytest.fixture(scope="module")
def paragliders_a4() -> tuple[Layout, list[str]]:
    return all_pages("paragliders", "a4")


# --- every piece of the set, once ------------------------------------------------------------


def kinds(pages: list[str], side: str) -> Counter[str]:
    return Counter(g.attrib["data-kind"] for svg in pages for g in groups(svg)
                   if g.attrib["id"].startswith(side + "-"))


def test_every_paragliders_piece_appears_once(paragliders_a4: tuple[Layout, list[str]]
                                              ) -> None:
    cs = standard_set()
    _, pages = paragliders_a4
    fronts, backs = kinds(pages, "front"), kinds(pages, "back")
    assert fronts["map tile"] == len(cs.tiles) == 61
    assert backs["map tile"] == sum(len(t.faces) == 2 for t in cs.tiles) == 60  # not the start
    assert fronts["aerodrome tile"] == backs["aerodrome tile"] == len(cs.aerodrome_tiles)
    assert fronts["cloud token"] == cs.clouds.tokens and backs["cloud token"] == 0
    assert fronts["cloud ring"] == cs.clouds.rings
    assert fronts["antenna token"] == 3 * 4 and fronts["GPS marker"] == (4 + 2) * 4  # a pilot's
    assert fronts["weather tile"] == backs["weather tile"] == len(cs.weather_tiles)
    assert fronts["skill card"] == backs["skill card"] == cs.skill_cards.total
    assert fronts["solo GPS marker"] == len(cs.solo_markers)
    assert fronts["stunt ruler"] == 3 * 4  # Cliff Surfer, Lone Hiker, Survivor per pilot
    ids = [g.attrib["data-piece"] for svg in pages for g in groups(svg)
           if g.attrib["id"].startswith("front-map-tile-")]
    assert sorted(ids) == sorted(t.id for t in cs.tiles)
    # Each tile face's hexes: 3 hexes and 3 bleed hexes per face, one hex per aerodrome face;
    # each cloud ring's bleed.
    polygons = sum(svg.count("<polygon") for svg in pages)
    faces = sum(len(t.faces) for t in cs.tiles)
    assert polygons == 2 * (3 * faces + sum(len(a.faces) for a in cs.aerodrome_tiles)) \
        + cs.clouds.rings


def test_counts_come_from_the_set_file(tmp_path: Path) -> None:
    text = run("components", "export").stdout
    text = text.replace("  total: 6\n", "  total: 9\n", 1)
    for n in range(13, 19):  # six weather tiles fewer: twelve still fill a day
        text = re.sub(rf"  - id: w{n}\n    faces:\n(      .*\n){{2}}", "", text)
    own = tmp_path / "own.yaml"
    own.write_text(text)
    pieces = pieces_of("paragliders", str(own))
    counted = Counter(p.kind for p in pieces.pieces)
    assert counted["skill card"] == 9 and counted["weather tile"] == 12


def test_every_turbulences_and_balloons_piece_appears_once() -> None:
    _, pages = all_pages("turbulences", "letter")
    fronts, backs = kinds(pages, "front"), kinds(pages, "back")
    assert fronts["landscape tile"] == sum(BOX_TILES.values()) == 39
    assert fronts["half-tile"] == sum(BOX_HALVES.values())
    assert fronts["runway"] == sum(BOX_RUNWAYS.values())
    assert fronts["airport tile"] == REGIONS
    assert fronts["cloud token"] == backs["cloud token"] == CLOUD_TOKENS
    assert fronts["parcel token"] == backs["parcel token"] == 6 * len(PARCEL_WEIGHTS)
    assert fronts["BOOST token"] == backs["BOOST token"] == REGIONS
    assert fronts["Jerrycan token"] == backs["Jerrycan token"] == len(JERRYCANS)
    parts = balloons_set()
    pieces = pieces_of("balloons")
    counted = Counter(p.kind for p in pieces.pieces)
    assert counted["Local Wind card"] == len(parts.local_wind)
    assert counted["Quadrant card"] == len(parts.quadrant)
    assert counted["Misfortune card"] == len(parts.misfortune)
    assert counted["Advantage card"] == len(parts.advantage)
    seats = parts.players[1]
    assert counted["Ballast chip"] == seats * parts.chips.ballast
    assert counted["Gas chip"] == seats * parts.chips.gas
    assert counted["Fuel chip"] == seats * parts.chips.fuel
    assert all(p.back is not None for p in pieces.pieces if p.kind.endswith(" card"))


# --- geometry: bleed, crop marks, backs --------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_cells_bleed_and_crop_marks(game: str) -> None:
    """Every piece lies in the printable area with room for its bleed and crop marks; no
    two pieces' cells overlap; each cut box corner has its two crop marks, and no crop mark
    touches any piece or its bleed."""
    layout, pages = all_pages(game, "a4")
    area = layout.area
    for page, svg in zip(layout.pages, pages, strict=True):
        boxes = [cut(g) for g in groups(svg)]
        assert len(boxes) == len(page.placed) or page.back_of is not None
        if page.back_of is not None:
            assert segments(svg) == []  # crop marks on the fronts only
            continue
        cells = [b.grown(ROOM) for b in boxes]
        for cell in cells:
            assert area.x - 1e-6 <= cell.x and cell.right <= area.right + 1e-6
            assert area.y - 1e-6 <= cell.y and cell.bottom <= area.bottom + 1e-6
        for i, a in enumerate(cells):
            assert not any(a.grown(-1e-6).intersects(b) for b in cells[i + 1:])
        marks = segments(svg)
        assert len(marks) == 8 * len(boxes)
        wanted = sorted((*a, *b) for box in boxes for a, b in crop_marks(box))
        for m, w in zip(sorted(marks), wanted, strict=True):  # boxes are given to 0.01 mm
            assert m == pytest.approx(w, abs=0.02)
        bleeds = [b.grown(BLEED) for b in boxes]
        for x1, y1, x2, y2 in marks:
            mark = Rect(min(x1, x2), min(y1, y2), abs(x2 - x1) or 1e-3, abs(y2 - y1) or 1e-3)
            assert not any(mark.intersects(b) for b in bleeds)
            assert area.x <= mark.x and mark.right <= area.right
            # A mark continues an edge of its piece's cut box, past its bleed.
            assert x1 == x2 or y1 == y2


def test_rectangular_pieces_bleed_three_mm_and_hexes_grow_by_three_mm(
        paragliders_a4: tuple[Layout, list[str]]) -> None:
    _, pages = paragliders_a4
    seen = set()
    for svg in pages:
        for g in groups(svg):
            box = cut(g)
            first = next(iter(g))
            if first.tag == f"{SVG}rect":  # a rectangular piece: the bleed is its first shape
                assert float(first.attrib["x"]) == float(first.attrib["y"]) == -BLEED
                assert float(first.attrib["width"]) == pytest.approx(box.width + 2 * BLEED,
                                                                      abs=0.01)
                assert float(first.attrib["height"]) == pytest.approx(box.height + 2 * BLEED,
                                                                       abs=0.01)
                seen.add("rect")
            elif g.attrib["id"].startswith("front-map-tile"):
                # Three bleed hexes 36 mm flat to flat, then the three 30 mm hexes.
                polygons = list(g.iter(f"{SVG}polygon"))
                heights = []
                for p in polygons:
                    ys = [float(v) for v in re.findall(r"-?[\d.]+", p.attrib["points"])[1::2]]
                    heights.append(round(max(ys) - min(ys), 2))
                assert heights == [36.0] * 3 + [30.0] * 3
                assert box.width == pytest.approx(3.5 * 30 / math.sqrt(3), abs=0.01)
                assert box.height == 60.0
                seen.add("tile")
    assert seen == {"rect", "tile"}


def test_backs_lie_behind_their_faces(paragliders_a4: tuple[Layout, list[str]]) -> None:
    layout, pages = paragliders_a4
    width = layout.width
    for k, page in enumerate(layout.pages):
        if page.back_of is None:
            continue
        front = {g.attrib["id"].split("-")[-1]: cut(g) for g in groups(pages[k - 1])}
        assert layout.pages[k - 1].number == page.back_of
        for g in groups(pages[k]):
            box, face_box = cut(g), front[g.attrib["id"].split("-")[-1]]
            assert box.y == face_box.y and box.width == face_box.width
            assert box.x == pytest.approx(width - face_box.right, abs=0.01)


def test_packing_takes_few_pages_and_refuses_a_piece_larger_than_the_page() -> None:
    for game in GAMES:
        pieces = pieces_of(game)
        layout = lay_out(pieces, "a4")
        fronts = [p for p in layout.pages if p.back_of is None]
        area = printable_area(*PAPER_SIZES["a4"])
        used = sum(p.cell[0] * p.cell[1] for p in pieces.pieces)
        assert len(fronts) >= math.ceil(used / (area.width * area.height))
        assert sum(len(p.placed) for p in fronts) == len(pieces.pieces)
    huge = Piece("board", "x", 300.0, 20.0, lambda c: None)
    with pytest.raises(PieceTooLarge, match="board x"):
        pack([huge], printable_area(*PAPER_SIZES["a4"]))


# --- the PDF -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def paragliders_pdf(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    out = tmp_path_factory.mktemp("sheets") / "sheets.pdf"
    r = run("components", "print", "--paper", "a4", "-o", str(out))
    return out, r


def test_a4_pdf_pages_are_a4_and_a_tile_measures_its_size(
        paragliders_pdf: tuple[Path, object], paragliders_a4: tuple[Layout, list[str]]
) -> None:
    out, r = paragliders_pdf
    layout, _ = paragliders_a4
    assert r.exit_code == 0 and r.stdout == ""  # type: ignore[attr-defined]
    count = len(layout.pages)
    assert r.stderr == (f"wrote {out} ({count} a4 pages, "  # type: ignore[attr-defined]
                        f"{sum(p.back_of is not None for p in layout.pages)} of them backs: "
                        f"{len(pieces_of('paragliders').pieces)} pieces: Paragliders, "
                        "skyhex standard set)\n")
    reader = PdfReader(out)
    assert len(reader.pages) == count
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width) / MM, 2), round(float(box.height) / MM, 2)) == (210.0,
                                                                                     297.0)
    assert reader.metadata is not None
    assert reader.metadata.title == "Paragliders components: skyhex standard set"
    # A tri-hex tile's hexes: the fill of each hex's bleed is a hex of 36.0 mm flat to flat
    # (41.57 mm corner to corner): 30 mm and 3 mm on each side. The tile's outline, stroked
    # 0.5 mm wide, spans 60.0 mm plus its stroke (PDFium's bounds hold the stroke).
    tile_page = next(k for k, p in enumerate(layout.pages) if p.back_of is None
                     and any(q.piece.kind == "map tile" for q in p.placed))
    tiles = sum(q.piece.kind == "map tile" for q in layout.pages[tile_page].placed)
    pdf = pdfium.PdfDocument(str(out))
    boxes = []
    for obj in pdf[tile_page].get_objects(max_depth=20):
        if obj.type == pdfium.raw.FPDF_PAGEOBJ_PATH:
            left, bottom, right, top = obj.get_bounds()
            boxes.append((round((right - left) / MM, 2), round((top - bottom) / MM, 2)))
    assert boxes.count((41.57, 36.0)) == 3 * tiles
    assert sum(h == 61.0 and 60.62 < w < 62.0 for w, h in boxes) == tiles


def test_letter_pdf_pages_are_letter(tmp_path: Path) -> None:
    out = tmp_path / "t.pdf"
    r = run("components", "print", "--game", "turbulences", "--paper", "letter", "-o",
            str(out))
    assert r.exit_code == 0 and r.stdout == "", r.stderr
    reader = PdfReader(out)
    assert len(reader.pages) == len(lay_out(pieces_of("turbulences"), "letter").pages)
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == (215.9,
                                                                                     279.4)


# --- the command line --------------------------------------------------------------------------


def test_never_overwrites_without_force(tmp_path: Path) -> None:
    out = tmp_path / "b.pdf"
    out.write_bytes(b"mine")
    r = run("components", "print", "--game", "turbulences", "-o", str(out))
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr == f"skyhex: error: cannot write {out}: the file exists (pass --force to " \
                       "replace it)\n"
    assert out.read_bytes() == b"mine"
    r = run("components", "print", "--game", "turbulences", "-o", str(out), "--force")
    assert r.exit_code == 0 and out.read_bytes()[:5] == b"%PDF-"
    # Pages: an earlier run's pages are refused without --force, replaced with it, and
    # those beyond the new last page removed.
    svg = tmp_path / "t.svg"
    a4 = len(lay_out(pieces_of("turbulences"), "a4").pages)
    a3 = len(lay_out(pieces_of("turbulences"), "a3").pages)
    assert a3 < a4
    r = run("components", "print", "--game", "turbulences", "-o", str(svg))
    assert r.exit_code == 0 and len(list(tmp_path.glob("t-p*.svg"))) == a4
    r = run("components", "print", "--game", "turbulences", "--paper", "a3", "-o", str(svg))
    assert r.exit_code == 1 and "the file exists" in r.stderr
    r = run("components", "print", "--game", "turbulences", "--paper", "a3", "-o", str(svg),
            "--force")
    assert r.exit_code == 0
    assert sorted(p.name for p in tmp_path.glob("t-p*.svg")) == [f"t-p{k:02d}.svg"
                                                                  for k in range(1, a3 + 1)]


def test_svg_pages_titles_escaped_and_low_ink(tmp_path: Path) -> None:
    text = run("components", "export", "--game", "balloons").stdout
    text = text.replace("title: Balmy Balloonists, skyhex standard set",
                        "title: \"<script>alert(1)</script> & co\"", 1)
    own = tmp_path / "own.yaml"
    own.write_text(text)
    r = run("components", "print", "--game", "balloons", "--components", str(own), "-o",
            str(tmp_path / "b.svg"))
    assert r.exit_code == 0 and r.stdout == "", r.stderr
    names = sorted(p.name for p in tmp_path.glob("b-p*.svg"))
    assert names[0] == "b-p01.svg" and len(names) == len(
        lay_out(pieces_of("balloons", str(own)), "a4").pages)
    first = (tmp_path / "b-p01.svg").read_text()
    assert "<script>" not in first and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in first
    assert "Balmy Balloonists components: " in first and "page 1/" in first
    # Low ink pales the hexes (and their bleed), nothing else.
    normal = run("components", "print", "--game", "turbulences", "-o", str(tmp_path / "n.svg"))
    pale = run("components", "print", "--game", "turbulences", "--style", "low-ink", "-o",
               str(tmp_path / "l.svg"))
    assert normal.exit_code == pale.exit_code == 0
    fills = re.compile(r'<polygon[^>]*fill="(#[0-9A-F]{6})"')
    a = fills.findall((tmp_path / "n-p03.svg").read_text())
    b = fills.findall((tmp_path / "l-p03.svg").read_text())
    assert a and len(a) == len(b) and all(x != y for x, y in zip(a, b, strict=True))


def test_bad_inputs(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: skyhex.components/1\ngame: paragliders\ntiles: [\n")
    r = run("components", "print", "--components", str(bad), "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 1 and r.stdout == ""
    assert re.fullmatch(rf"{re.escape(str(bad))}:4:1: error: YAML syntax: .*\n", r.stderr)
    text = run("components", "export").stdout.replace("  tokens: 10 ", "  tokens: ten ", 1)
    bad.write_text(text)
    line = text[:text.index("tokens: ten")].count("\n") + 1
    r = run("components", "print", "--components", str(bad), "-o", str(tmp_path / "x.pdf"))
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr == f"{bad}:{line}:11: error: expected an integer, not a string " \
                       "[$.clouds.tokens]\n"
    r = run("components", "print", "--game", "turbulences", "--components", str(bad))
    assert r.exit_code == 2 and r.stdout == "" and "turbulences has no component sets" in r.stderr
    for name, extra in (("x.jpg", []), ("x", []), ("x.svg", ["--format", "pdf"])):
        r = run("components", "print", "-o", str(tmp_path / name), *extra)
        assert r.exit_code == 2 and r.stdout == "", name
    r = run("components", "print", "--paper", "a5")
    assert r.exit_code == 2
    r = run("components", "print", "-o", "-", "--format", "svg")
    assert r.exit_code == 2 and "writes the PDF to stdout" in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.yaml"]


def test_pdf_to_stdout() -> None:
    r = run("components", "print", "--game", "turbulences", "-o", "-")
    assert r.exit_code == 0 and r.stdout_bytes[:5] == b"%PDF-"
    assert r.stderr.startswith("wrote - (")


def test_a_set_titled_with_its_game_names_the_game_once() -> None:
    """The Balmy Balloonists set is titled "Balmy Balloonists, skyhex standard set": its
    pages and the command's summary say the game once."""
    pieces = pieces_of("balloons")
    assert pieces.name == "Balmy Balloonists, skyhex standard set"
    assert pieces.set_name == "skyhex standard set"
    assert pieces_of("paragliders").set_name == "skyhex standard set"
    _, pages = sheets_svg(pieces, "a4")
    assert "Balmy Balloonists components: skyhex standard set" in pages[0]
    assert "Balmy Balloonists, Balmy Balloonists" not in pages[0]
