"""`skyhex board`: SVG boards at real size, paper tiling, track boards, and what a
rasteriser draws from them. The SVG is always read back as XML."""

from __future__ import annotations

import math
import re
import struct
import xml.etree.ElementTree as ET
import zlib
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import Result

from skyhex.games import load_map
from skyhex.render.drawing import Canvas, Rect, Sheet
from skyhex.render.paper import OVERLAP, PAPER_SIZES, PRINT_NOTE, page_svg, plan, tile
from skyhex.render.paragliders.board import board_picture
from skyhex.render.paragliders.tracks import (
    AltitudeTrackBoard,
    WeatherSlot,
    WeatherTimeTrack,
    default_weather,
    tracks_picture,
)
from skyhex.render.sheet import hex_id
from skyhex.rules.hexgrid import Hex
from skyhex.rules.paragliders.components import ComponentSet, Side, WeatherFace
from skyhex.rules.paragliders.maps import Map
from skyhex.rules.paragliders.terrain import Terrain

from .conftest import ROOT
from .conftest import run as run_skyhex

SVG = "{http://www.w3.org/2000/svg}"
SEED_7 = ROOT / "examples" / "maps" / "standard-seed-7.yaml"
RIDGE = ROOT / "examples" / "maps" / "training-ridge.yaml"




def run(*args: str, input: str | None = None) -> Result:
    return run_skyhex("board", *args, input=input)


def parse(text: str) -> ET.Element:
    return ET.fromstring(text.encode("utf-8"))


def size_mm(root: ET.Element) -> tuple[float, float]:
    """The sheet's size from width/height (which must be in mm and match the viewBox)."""
    w, h = root.get("width", ""), root.get("height", "")
    assert w.endswith("mm") and h.endswith("mm")
    width, height = float(w[:-2]), float(h[:-2])
    assert [float(v) for v in root.get("viewBox", "").split()] == [0.0, 0.0, width, height]
    return width, height


def polygons(root: ET.Element) -> list[ET.Element]:
    return list(root.iter(f"{SVG}polygon"))


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def seed_7() -> Map:
    _, m, _ = load_map(str(SEED_7))
    return m


# --- the poster -------------------------------------------------------------------------------


def test_poster_in_mm_with_one_polygon_per_hex(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    r = run(str(SEED_7), "-o", str(out))
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", f"wrote board {out}\n")
    root = parse(out.read_text())
    width, height = size_mm(root)
    assert 450 < width < 700 and 450 < height < 700
    polys = polygons(root)
    assert len(polys) == 183
    assert {p.get("id") for p in polys} == {hex_id(h) for h in seed_7().hexes}
    assert root.find(f"{SVG}title") is not None
    assert root.findtext(f"{SVG}title") == "standard-seed-7.yaml"


def test_hex_size_is_real_size() -> None:
    m = seed_7()
    for hex_mm in (15.0, 30.0, 42.5):
        sheet = Sheet(10, 10)
        board_picture(m, title="t", hex_mm=hex_mm).draw(sheet.canvas)
        poly = polygons(parse(sheet.to_string()))[0]
        points = [tuple(map(float, p.split(","))) for p in (poly.get("points") or "").split()]
        assert len(points) == 6
        # Opposite corners are two radii apart; flat to flat is radius * sqrt(3).
        (x0, y0), (x3, y3) = points[0], points[3]
        assert math.hypot(x3 - x0, y3 - y0) * math.sqrt(3) / 2 == pytest.approx(hex_mm, abs=0.02)


def test_labels_on_the_board() -> None:
    r = run(str(SEED_7), "-o", "-")
    assert r.exit_code == 0 and r.stderr == ""
    words = texts(parse(r.stdout))
    assert words.count("take-off") == 2 and words.count("target") == 1
    for colour in ("blue", "red", "yellow"):
        assert words.count(f"{colour} antenna") == 1
    for site, n in (("castle", 1), ("megaliths", 1), ("crop circle", 1), ("golf course", 3)):
        assert words.count(site) == n
    assert all(words.count(str(n)) >= 1 for n in range(1, 11))
    for corner in "ABCDEF":
        assert corner in words and f"edge {corner}" in words
    assert "Legend" in words and "cloud spawn number" in words
    assert PRINT_NOTE in words and "50 mm" in words
    assert not any(re.fullmatch(r"-?\d+,-?\d+", w) for w in words)  # no coordinates by default


def test_coordinates_option() -> None:
    r = run(str(SEED_7), "-o", "-", "--coords")
    assert r.exit_code == 0
    words = set(texts(parse(r.stdout)))
    assert all(f"{h.q},{h.r}" in words for h in seed_7().hexes)


def test_custom_map_has_no_corners(tmp_path: Path) -> None:
    r = run(str(RIDGE), "-o", "-")
    assert r.exit_code == 0
    root = parse(r.stdout)
    words = texts(root)
    assert len(polygons(root)) == 22 and "Training ridge" in words
    assert not any(w.startswith("edge ") for w in words)


@pytest.mark.parametrize("title", [
    "<script>alert(1)</script>",
    "]]><script>alert(2)</script><![CDATA[",
    "Tom & Jerry's \"ridge\" <b>",
])
def test_text_from_files_stays_text(tmp_path: Path, title: str) -> None:
    quoted = title.replace("\\", "\\\\").replace('"', '\\"')
    text = RIDGE.read_text().replace("title: Training ridge", f'title: "{quoted}"')
    path = tmp_path / "evil.yaml"
    path.write_text(text)
    r = run(str(path), "-o", "-")
    assert r.exit_code == 0, r.stderr
    assert "<script" not in r.stdout
    root = parse(r.stdout)
    assert not [e for e in root.iter() if e.tag.split("}")[-1].lower() == "script"]
    assert title in texts(root)
    assert root.findtext(f"{SVG}title") == title


def test_characters_xml_cannot_hold_are_dropped() -> None:
    sheet = Sheet(10, 10, title="a\x01b\x1f")
    sheet.canvas.text("c\x00d\ufffe", (1, 1), size=2)
    root = parse(sheet.to_string())
    assert root.findtext(f"{SVG}title") == "ab" and texts(root) == ["cd"]


# --- paper -------------------------------------------------------------------------------------


def svg_files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.suffix == ".svg")


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_pages_have_the_paper_size_and_show_every_hex(tmp_path: Path, paper: str) -> None:
    out = tmp_path / "board.svg"
    r = run(str(SEED_7), "-o", str(out), "--paper", paper, "--coords")
    assert r.exit_code == 0 and r.stdout == ""
    names = svg_files(tmp_path)
    assert names == [f"board-p{i:02d}.svg" for i in range(1, len(names) + 1)] and len(names) > 1
    assert r.stderr.startswith(f"wrote {len(names)} {paper} ") and r.stderr.count("\n") == 1
    short, long = PAPER_SIZES[paper]
    sizes = set()
    seen: set[str] = set()
    for i, name in enumerate(names, 1):
        root = parse((tmp_path / name).read_text())
        sizes.add(size_mm(root))
        seen |= {p.get("id") or "" for p in polygons(root)}
        words = texts(root)
        assert any(re.search(rf"page {i}/{len(names)} - (front page|board row \d+, col \d+)$", w)
                   for w in words)
        assert PRINT_NOTE in words and "50 mm" in words
        bar = [float(rect.get("width", "0")) for rect in root.iter(f"{SVG}rect")
               if rect.get("height") == "1.8"]
        assert sum(bar) == pytest.approx(50.0)
    assert len(sizes) == 1 and sizes.pop() in ((short, long), (long, short))
    assert seen == {hex_id(h) for h in seed_7().hexes}


def test_a4_tiling_overlaps_and_covers_the_board() -> None:
    picture = board_picture(seed_7(), title="t")
    portrait_or_landscape = plan(picture, "a4")
    pages = portrait_or_landscape.pages
    assert [p.number for p in pages] == list(range(1, len(pages) + 1))
    by_place = {(p.row, p.col): p for p in pages}
    for p in pages:
        right = by_place.get((p.row, p.col + 1))
        if right is not None:
            assert p.window.right - right.window.x == pytest.approx(OVERLAP)
            assert p.neighbour("right") == right.number and right.neighbour("left") == p.number
        below = by_place.get((p.row + 1, p.col))
        if below is not None:
            assert p.window.bottom - below.window.y == pytest.approx(OVERLAP)
    for h in picture.map.hexes:
        box = picture.hex_box(h)
        assert any(p.window.intersects(box) for p in pages)
    # The orientation chosen needs no more pages than the other one.
    other = tile(picture, "a4", landscape=not portrait_or_landscape.landscape)
    assert len(pages) <= len(other.pages)
    assert (other.width, other.height) == (portrait_or_landscape.height, portrait_or_landscape.width)


@dataclass(frozen=True)
class LShape:
    """A picture drawn only along its top and left edges."""

    title: str = "L"
    width: float = 400.0
    height: float = 500.0
    arms: tuple[Rect, Rect] = (Rect(0, 0, 400, 100), Rect(0, 0, 100, 500))

    def draw(self, canvas: Canvas, window: Rect | None = None) -> None:
        for arm in self.arms:
            canvas.rect(arm, fill="#000000", stroke=None)

    def occupies(self, window: Rect) -> bool:
        return any(window.intersects(arm) for arm in self.arms)


def test_empty_pages_are_left_out() -> None:
    tiling = plan(LShape(), "a4")
    assert (tiling.landscape, tiling.rows, tiling.cols) == (False, 3, 3)
    assert [(p.number, p.row, p.col) for p in tiling.pages] == [
        (1, 1, 1), (2, 1, 2), (3, 1, 3), (4, 2, 1), (5, 3, 1)]
    assert tiling.pages[1].neighbours == (("left", 1), ("right", 3))
    assert tiling.pages[3].neighbours == (("above", 1), ("below", 5))
    words = texts(parse(page_svg(LShape(), tiling, tiling.pages[4])))
    assert "L · page 5/5 - row 3, col 1" in words
    assert any(w.startswith("overlaps p04 above:") for w in words)
    picture = board_picture(seed_7(), title="t", hex_mm=60)
    tiling = plan(picture, "letter")
    assert len(tiling.pages) < tiling.rows * tiling.cols
    assert all(picture.occupies(p.window) for p in tiling.pages)


# --- track boards ---------------------------------------------------------------------------


def test_tracks_poster(tmp_path: Path, standard: ComponentSet) -> None:
    out = tmp_path / "b.svg"
    r = run(str(SEED_7), "-o", str(out), "--tracks")
    assert r.exit_code == 0 and r.stdout == ""
    assert svg_files(tmp_path) == ["b-tracks.svg", "b.svg"]
    assert r.stderr == (f"wrote board {tmp_path / 'b.svg'}; "
                        f"track boards {tmp_path / 'b-tracks.svg'}\n")
    root = parse((tmp_path / "b-tracks.svg").read_text())
    size_mm(root)
    assert polygons(root) == []
    words = texts(root)
    assert all(str(level) in words for level in range(standard.altitude.ceiling + 1))
    for word in ("1100 m", "mountaintop", "balloon", "Survivor", "ceiling", "start", "08:00",
                 "19:40", "20:00", "w01 a", "w12 a", "Thermal lift board"):
        assert word in words, word
    assert "w13 a" not in words


def test_tracks_on_pages(tmp_path: Path) -> None:
    r = run(str(SEED_7), "-o", str(tmp_path / "b.svg"), "--tracks", "--paper", "a3")
    assert r.exit_code == 0
    names = svg_files(tmp_path)
    assert "b-tracks-p01.svg" in names and "b-p01.svg" in names
    assert size_mm(parse((tmp_path / "b-tracks-p01.svg").read_text())) in ((297, 420), (420, 297))


def track_texts(board: AltitudeTrackBoard | WeatherTimeTrack) -> list[str]:
    sheet = Sheet(10, 10)
    board.draw(sheet.canvas, (0, 0))
    return texts(parse(sheet.to_string()))


def test_track_boards_take_explicit_parameters(standard: ComponentSet) -> None:
    hard = AltitudeTrackBoard(standard.altitude, (Side.DIFFICULT,) * 3)
    assert hard.mountaintop == 5 and "mountaintop level 5 (700 m)" in hard.note
    assert hard.markers(5) == ["mountaintop"] and hard.markers(2) == ["Survivor", "ruler"]
    assert "mountaintop" in track_texts(hard)

    faces = [WeatherSlot(f"x{i}", "b", WeatherFace(i % 3 - 1, 1, i % 3, -1)) for i in range(12)]
    track = WeatherTimeTrack(standard.time, standard.weather_board, tuple(faces), "scenario")
    words = track_texts(track)
    assert "x0 b" in words and "x11 b" in words and "turn -1 ccw" in words and "calm" in words
    assert words.count("20") == 1  # VP at 08:00
    with pytest.raises(ValueError, match="12 hours but 11 weather tiles"):
        WeatherTimeTrack(standard.time, standard.weather_board, tuple(faces[:11]))
    assert [s.tile for s in default_weather(standard)] == [f"w{i:02d}" for i in range(1, 13)]
    picture = tracks_picture("t", altitude=standard.altitude, sides=(Side.EASY,) * 3,
                             thermal=standard.thermal, time=standard.time,
                             weather_board=standard.weather_board, weather=faces)
    assert picture.occupies(Rect(0, 0, 10, 10)) and not picture.occupies(Rect(-50, -50, 10, 10))


# --- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", ["14.9", "60.5", "0", "-30", "nan", "inf", "big"])
def test_hex_size_out_of_range_is_a_usage_error(tmp_path: Path, size: str) -> None:
    r = run(str(SEED_7), "-o", str(tmp_path / "b.svg"), "--hex-mm", size)
    assert r.exit_code == 2 and r.stdout == ""
    assert "--hex-mm" in r.stderr
    assert svg_files(tmp_path) == []


def test_unknown_paper_is_a_usage_error(tmp_path: Path) -> None:
    r = run(str(SEED_7), "-o", str(tmp_path / "b.svg"), "--paper", "b5")
    assert r.exit_code == 2 and r.stdout == "" and "--paper" in r.stderr
    assert svg_files(tmp_path) == []


@pytest.mark.parametrize("extra", [["--paper", "a4"], ["--tracks"]])
def test_stdout_takes_a_single_poster(extra: list[str]) -> None:
    r = run(str(SEED_7), "-o", "-", *extra)
    assert r.exit_code == 2 and r.stdout == "" and "--output" in r.stderr


def test_unwritable_output_is_one_line(tmp_path: Path) -> None:
    r = run(str(SEED_7), "-o", str(tmp_path / "no" / "such" / "b.svg"))
    assert (r.exit_code, r.stdout) == (1, "")
    assert r.stderr == f"skyhex: error: cannot write {tmp_path / 'no' / 'such' / 'b.svg'}: no folder " \
                       f"{tmp_path / 'no' / 'such'}\n"
    # A folder gets the board in it, as board.svg (or its pages beside it).
    r = run(str(SEED_7), "-o", str(tmp_path))
    assert r.exit_code == 0 and (tmp_path / "board.svg").is_file()
    r = run(str(SEED_7), "-o", f"{tmp_path}/out/", "--paper", "a4")
    assert r.exit_code == 1 and "no folder" in r.stderr
    (tmp_path / "out").mkdir()
    r = run(str(SEED_7), "-o", f"{tmp_path}/out/", "--paper", "a4")
    assert r.exit_code == 0 and (tmp_path / "out" / "board-p01.svg").is_file()


def test_invalid_map_is_exit_1(tmp_path: Path) -> None:
    r = run(str(ROOT / "tests" / "data" / "bad" / "unknown-tile.yaml"), "-o", str(tmp_path / "b.svg"))
    assert r.exit_code == 1 and r.stdout == "" and r.stderr.count("\n") == 1
    assert "unknown tile 't99'" in r.stderr
    assert svg_files(tmp_path) == []


def test_cli_limits_match_the_renderer() -> None:
    from skyhex.cli import board as cli_board
    from skyhex.render import sheet as render_sheet

    assert (cli_board.HEX_MM_MIN, cli_board.HEX_MM_MAX, cli_board.HEX_MM_DEFAULT) == (
        render_sheet.HEX_MM_MIN, render_sheet.HEX_MM_MAX, render_sheet.HEX_MM_DEFAULT)


def test_example_board_is_up_to_date() -> None:
    r = run(str(SEED_7), "-o", "-")
    assert r.exit_code == 0
    assert r.stdout == (ROOT / "examples" / "boards" / "standard-seed-7.svg").read_text()
    png = (ROOT / "examples" / "boards" / "standard-seed-7.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 300_000


# --- what a rasteriser draws -------------------------------------------------------------------


def decode_png(data: bytes) -> tuple[int, int, list[bytearray]]:
    """Width, height and RGBA rows of an 8-bit RGBA, non-interlaced PNG (what resvg writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, width, height = 8, [], 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert (depth, colour, interlace) == (8, 6, 0)
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    raw = zlib.decompress(b"".join(chunks))
    bpp, stride = 4, width * 4
    rows: list[bytearray] = []
    prev = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, rows


def hex_centres(root: ET.Element) -> dict[str, tuple[float, float]]:
    """Centre of each hex polygon in sheet millimetres, following the groups' translations."""
    found: dict[str, tuple[float, float]] = {}

    def walk(element: ET.Element, dx: float, dy: float) -> None:
        transform = element.get("transform", "") if element.tag == f"{SVG}g" else ""
        if transform:
            match = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", transform)
            assert match, transform  # nothing scales or turns the board
            dx, dy = dx + float(match[1]), dy + float(match[2])
        if element.tag == f"{SVG}polygon":
            pts = [tuple(map(float, p.split(","))) for p in (element.get("points") or "").split()]
            found[element.get("id") or ""] = (dx + sum(x for x, _ in pts) / len(pts),
                                              dy + sum(y for _, y in pts) / len(pts))
        for child in element:
            walk(child, dx, dy)

    walk(root, 0.0, 0.0)
    return found


def test_rasterised_board_shows_terrain_colours_at_hex_centres() -> None:
    import resvg_py

    from skyhex.render.paragliders.marks import TERRAIN_FILL

    r = run(str(SEED_7), "-o", "-")
    root = parse(r.stdout)
    width_mm, height_mm = size_mm(root)
    # dpi 25.4: one pixel per millimetre (resvg needs the dpi to size an SVG given in mm).
    png = resvg_py.svg_to_bytes(svg_string=r.stdout, dpi=25.4)
    width, height, rows = decode_png(png)
    assert (width, height) == (round(width_mm), round(height_mm))
    centres = hex_centres(root)
    m = seed_7()

    def pixel(x_mm: float, y_mm: float) -> tuple[int, ...]:
        """The RGBA of the pixel whose centre is nearest to the point."""
        x, y = round(x_mm * width / width_mm - 0.5), round(y_mm * width / width_mm - 0.5)
        return tuple(rows[y][4 * x:4 * x + 4])

    def colour(hex_colour: str) -> tuple[int, ...]:
        return (*(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)), 255)

    checked = set()
    for h in sorted(m.hexes):
        mh = m.hexes[h]
        if mh.features or mh.terrain in checked:
            continue
        got = pixel(*centres[hex_id(h)])
        want = colour(TERRAIN_FILL[mh.terrain])
        assert all(abs(g - w) <= 2 for g, w in zip(got, want, strict=True)), (h, mh.terrain, got)
        checked.add(mh.terrain)
    assert checked == {Terrain.MOUNTAIN, Terrain.FIELD, Terrain.FOREST, Terrain.LAKE}
    # The landing target's bull's eye (its icon sits 4 mm above the centre of a 30 mm hex)
    # is black; outside the board the sheet is blank.
    x, y = centres[hex_id(Hex(0, 0))]
    assert m.hexes[Hex(0, 0)].features.target
    dot = pixel(x, y - 4.0)
    assert max(dot[:3]) < 48 and dot[3] == 255  # black, give or take anti-aliasing
    assert pixel(2.0, 2.0)[3] == 0
