"""`skyhex board` for Turbulences maps: the landscape at real size, its Region boards and
cities, clouds told apart in black and white, and what a rasteriser draws. The SVG is always
read back as XML."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from typer.testing import Result

from skyhex.render.board import hex_id
from skyhex.render.turbulences_board import BIOME_FILL, cloud_id, cloud_kind
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences.landscape import Biome, Landscape, city_region, landscape_hexes
from skyhex.rules.turbulences.maps import landscape_from_dict

from .conftest import ROOT
from .conftest import run as run_skyhex
from .test_board_svg import SVG, decode_png, hex_centres, parse, polygons, size_mm, svg_files, texts

SEED_3 = ROOT / "examples" / "maps" / "turbulences-normal-seed-3.yaml"
EXAMPLE = ROOT / "examples" / "boards" / "turbulences-normal-seed-3.svg"


def run(*args: str, input: str | None = None) -> Result:
    return run_skyhex("board", *args, input=input)


def seed_3() -> Landscape:
    return landscape_from_dict(yaml.safe_load(SEED_3.read_text()))


def stormy(tmp_path: Path, title: str | None = None) -> tuple[Path, Landscape]:
    """The seed-3 map with a storm (token 2) and a Tempest of three tokens (4, 10, 12)."""
    doc = yaml.safe_load(SEED_3.read_text())
    clouds = [c for c in doc["clouds"] if c["tokens"][0]["id"] not in (10, 12)]
    for c in clouds:
        if c["tokens"][0]["id"] == 2:
            c["tokens"][0]["side"] = "storm"
        if c["tokens"][0]["id"] == 4:
            c["tokens"] = [{"id": i, "side": "storm"} for i in (4, 10, 12)]
    doc["clouds"] = clouds
    if title is not None:
        doc["title"] = title
    path = tmp_path / "stormy.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return path, landscape_from_dict(doc)


def cloud_groups(root: ET.Element) -> dict[str, list[str]]:
    """The ids of the cloud groups by kind."""
    found: dict[str, list[str]] = {"cumulus": [], "storm": [], "tempest": []}
    for g in root.iter(f"{SVG}g"):
        kind = (g.get("id") or "").split("_")[0]
        if kind in found:
            found[kind].append(g.get("id") or "")
    return found


def expected_clouds(land: Landscape) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {"cumulus": [], "storm": [], "tempest": []}
    for h in sorted(land.clouds):
        kind = cloud_kind(land.clouds[h])
        found[kind].append(cloud_id(kind, h))
    return found


# --- the poster -------------------------------------------------------------------------------


def test_poster_in_mm_with_one_polygon_per_tile(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    r = run(str(SEED_3), "-o", str(out))
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", "")
    root = parse(out.read_text())
    width, height = size_mm(root)
    assert 250 < width < 350 and 330 < height < 450
    polys = polygons(root)
    assert len(polys) == 37
    assert {p.get("id") for p in polys} == {hex_id(h) for h in landscape_hexes()}
    land = seed_3()
    for p in polys:
        q, r_ = map(int, (p.get("id") or "").split("_")[1:])
        assert p.get("fill") == BIOME_FILL[land.biomes[Hex(q, r_)]]
    assert root.findtext(f"{SVG}title") == "turbulences-normal-seed-3.yaml"


def test_hex_size_is_real_size() -> None:
    for hex_mm in ("15", "30", "42.5"):
        r = run(str(SEED_3), "-o", "-", "--hex-mm", hex_mm)
        assert r.exit_code == 0
        poly = polygons(parse(r.stdout))[0]
        points = [tuple(map(float, p.split(","))) for p in (poly.get("points") or "").split()]
        (x0, y0), (x3, y3) = points[0], points[3]
        assert math.hypot(x3 - x0, y3 - y0) * math.sqrt(3) / 2 == pytest.approx(float(hex_mm),
                                                                                 abs=0.02)


def test_cities_regions_and_airport_sites() -> None:
    r = run(str(SEED_3), "-o", "-")
    words = texts(parse(r.stdout))
    cities = [w for w in words if w.startswith("R") and " C" in w and len(w) == 5]
    assert sorted(cities) == sorted(f"R{reg} C{c}" for reg, c in city_region().values())
    assert len(cities) == 18
    assert all(f"Region {k}" in words for k in range(1, 7))
    assert words.count("airport site") == 6
    assert any("Turbulences scenarios are not supported yet" in w for w in words)
    subtitle = next(w for w in words if w.startswith("Turbulences · "))
    assert "normal difficulty" in subtitle and "seed 3" in subtitle
    assert "Legend" in words and "cumulus (white side)" in words and "storm (black side)" in words
    assert not any(w.count(",") == 1 and w.replace(",", "").lstrip("-").isdigit() for w in words)


def test_coordinates_option() -> None:
    r = run(str(SEED_3), "-o", "-", "--coords")
    assert r.exit_code == 0
    words = set(texts(parse(r.stdout)))
    assert all(f"{h.q},{h.r}" in words for h in [*landscape_hexes(), *city_region()])


def test_clouds_by_kind(tmp_path: Path) -> None:
    r = run(str(SEED_3), "-o", "-")
    root = parse(r.stdout)
    found = cloud_groups(root)
    assert found == expected_clouds(seed_3())
    assert len(found["cumulus"]) == 12 and not found["storm"] and not found["tempest"]

    path, land = stormy(tmp_path)
    root = parse(run(str(path), "-o", "-").stdout)
    found = cloud_groups(root)
    assert found == expected_clouds(land)
    assert (len(found["cumulus"]), len(found["storm"]), len(found["tempest"])) == (8, 1, 1)
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g")}
    storm = groups[found["storm"][0]]
    tempest = groups[found["tempest"][0]]
    cumulus = groups[found["cumulus"][0]]
    # Black and white tell them apart: a white cloud with a black outline, black clouds.
    fills = [p.get("fill") for p in cumulus.iter(f"{SVG}path")]
    assert fills == ["#FFFFFF"] and cumulus[0].get("stroke") == "#000000"
    assert next(p.get("fill") for p in storm.iter(f"{SVG}path")) == "#000000"
    assert len([p for p in tempest.iter(f"{SVG}path") if p.get("fill") == "#000000"]) == 3
    tempest_words = [t.text for t in tempest.iter(f"{SVG}text")]
    assert "3" in tempest_words and "4·10·12" in tempest_words
    assert [t.text for t in storm.iter(f"{SVG}text")] == ["2"]


@pytest.mark.parametrize("title", [
    "<script>alert(1)</script>",
    "]]><script>alert(2)</script><![CDATA[",
    "Tom & Jerry's \"landscape\" <b>",
])
def test_title_stays_text(tmp_path: Path, title: str) -> None:
    path, _ = stormy(tmp_path, title)
    r = run(str(path), "-o", "-")
    assert r.exit_code == 0, r.stderr
    assert "<script" not in r.stdout
    root = parse(r.stdout)
    assert not [e for e in root.iter() if e.tag.split("}")[-1].lower() == "script"]
    assert title in texts(root)
    assert root.findtext(f"{SVG}title") == title


def test_pages(tmp_path: Path) -> None:
    r = run(str(SEED_3), "-o", str(tmp_path / "t.svg"), "--paper", "a4")
    assert r.exit_code == 0 and r.stdout == ""
    names = svg_files(tmp_path)
    assert len(names) > 1 and r.stderr.startswith(f"wrote {len(names)} a4 ")
    seen: set[str] = set()
    for name in names:
        root = parse((tmp_path / name).read_text())
        assert size_mm(root) in ((210, 297), (297, 210))
        seen |= {p.get("id") or "" for p in polygons(root)}
    assert seen == {hex_id(h) for h in landscape_hexes()}


def test_stdin() -> None:
    r = run("-", "-o", "-", input=SEED_3.read_text())
    assert r.exit_code == 0 and len(polygons(parse(r.stdout))) == 37
    assert "standard input" in texts(parse(r.stdout))


# --- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("extra", "hint"), [
    (["--tracks"], "--tracks"),
    (["--moves", "whatever.yaml"], "--moves"),
    (["--at", "3"], "--at"),
    (["--components", "whatever.yaml"], "--components"),
    (["--hex-mm", "70"], "--hex-mm"),
])
def test_usage_errors(tmp_path: Path, extra: list[str], hint: str) -> None:
    r = run(str(SEED_3), "-o", str(tmp_path / "b.svg"), *extra)
    assert r.exit_code == 2 and r.stdout == "" and hint in r.stderr
    assert svg_files(tmp_path) == []


def test_tiles_off_the_landscape_are_exit_1(tmp_path: Path) -> None:
    doc = yaml.safe_load(SEED_3.read_text())
    doc["hexes"].append({"q": 4, "r": 0, "biome": "sea"})
    path = tmp_path / "off.yaml"
    path.write_text(yaml.safe_dump(doc))
    r = run(str(path), "-o", str(tmp_path / "b.svg"))
    assert r.exit_code == 1 and r.stdout == "" and r.stderr.count("\n") == 1
    assert "(4,0)" in r.stderr and "skyhex map check" in r.stderr
    assert svg_files(tmp_path) == []


def test_schema_errors_are_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(SEED_3.read_text().replace("biome: sea", "biome: lava", 1))
    r = run(str(path), "-o", str(tmp_path / "b.svg"))
    assert r.exit_code == 1 and r.stdout == "" and "lava" in r.stderr


def test_missing_tiles_leave_a_blank(tmp_path: Path) -> None:
    doc = yaml.safe_load(SEED_3.read_text())
    doc["hexes"] = doc["hexes"][1:]
    path = tmp_path / "missing.yaml"
    path.write_text(yaml.safe_dump(doc))
    r = run(str(path), "-o", "-")
    assert r.exit_code == 0 and len(polygons(parse(r.stdout))) == 36


def test_example_board_is_up_to_date() -> None:
    r = run(str(SEED_3), "-o", "-")
    assert r.exit_code == 0
    assert r.stdout == EXAMPLE.read_text()
    png = EXAMPLE.with_suffix(".png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 300_000


# --- what a rasteriser draws -------------------------------------------------------------------


def test_rasterised_board_shows_biome_colours_at_tile_centres() -> None:
    import resvg_py

    r = run(str(SEED_3), "-o", "-")
    root = parse(r.stdout)
    width_mm, height_mm = size_mm(root)
    png = resvg_py.svg_to_bytes(svg_string=r.stdout, dpi=25.4)  # one pixel per mm
    width, height, rows = decode_png(png)
    assert (width, height) == (round(width_mm), round(height_mm))
    centres = hex_centres(root)
    land = seed_3()

    def pixel(x_mm: float, y_mm: float) -> tuple[int, ...]:
        x, y = round(x_mm * width / width_mm - 0.5), round(y_mm * width / width_mm - 0.5)
        return tuple(rows[y][4 * x:4 * x + 4])

    def colour(hex_colour: str) -> tuple[int, ...]:
        return (*(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)), 255)

    # A sea tile and a desert tile without clouds (their centres show the fill), and a
    # plain tile and a mountain.
    for h, biome in ((Hex(-3, 0), Biome.SEA), (Hex(-1, -2), Biome.DESERT),
                     (Hex(0, -3), Biome.PLAIN), (Hex(0, 2), Biome.MOUNTAIN)):
        assert land.biomes[h] is biome and h not in land.clouds
        got = pixel(*centres[hex_id(h)])
        want = colour(BIOME_FILL[biome])
        assert all(abs(g - w) <= 2 for g, w in zip(got, want, strict=True)), (h, biome, got)
    # A cumulus (4.6 mm above the centre of a 30 mm tile) is white; the sheet's corner blank.
    h = Hex(-1, 0)
    assert h in land.clouds
    x, y = centres[hex_id(h)]
    assert pixel(x - 3.0, y - 6.5) == (255, 255, 255, 255)
    assert pixel(2.0, 2.0)[3] == 0
