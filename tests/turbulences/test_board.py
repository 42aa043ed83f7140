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

from skyhex.render.sheet import hex_id
from skyhex.render.turbulences.board import BIOME_FILL, cloud_id, cloud_kind
from skyhex.rules.hexgrid import Hex
from skyhex.rules.replay import Replay
from skyhex.rules.turbulences.landscape import Biome, Landscape, city_region, landscape_hexes
from skyhex.rules.turbulences.maps import landscape_from_dict

from ..conftest import ROOT, ref
from ..conftest import run as run_skyhex
from ..test_board_svg import SVG, decode_png, hex_centres, parse, polygons, size_mm, svg_files, texts

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
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", f"wrote board {out}\n")
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
    assert not any("not supported yet" in w for w in words)
    assert any(w.startswith("Note: airports are chosen in the scenario") for w in words)
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


# --- scenarios and positions -------------------------------------------------------------------

TWO = ROOT / "examples" / "scenarios" / "turbulences-2.yaml"
SIX = ROOT / "examples" / "scenarios" / "turbulences-6.yaml"
GOLDEN = ROOT / "tests" / "golden"
TWO_MOVES = GOLDEN / "turbulences-2.moves.yaml"
SIX_MOVES = GOLDEN / "turbulences-6.moves.yaml"
POSITION_EXAMPLE = ROOT / "examples" / "boards" / "turbulences-2.svg"
TWO_ENTRIES = len(yaml.safe_load(TWO_MOVES.read_text())["moves"])


def translations(root: ET.Element) -> dict[str, tuple[float, float]]:
    """Where each group with an id stands on the sheet (the sum of its translations)."""
    found: dict[str, tuple[float, float]] = {}

    def walk(element: ET.Element, dx: float, dy: float) -> None:
        transform = element.get("transform", "") if element.tag == f"{SVG}g" else ""
        if transform.startswith("translate("):
            x, y = transform[len("translate("):-1].split(",")
            dx, dy = dx + float(x), dy + float(y)
        if element.tag == f"{SVG}g" and element.get("id"):
            found[element.get("id") or ""] = (dx, dy)
        for child in element:
            walk(child, dx, dy)

    walk(root, 0.0, 0.0)
    return found


def centre_of(root: ET.Element, h: Hex, hex_mm: float = 30.0) -> tuple[float, float]:
    """The sheet position of hex ``h`` (a tile or a city), from the centre tile's polygon."""
    from skyhex.rules.hexgrid import Layout

    ox, oy = hex_centres(root)[hex_id(Hex(0, 0))]
    x, y = Layout.flat_to_flat(hex_mm).center(h)
    x0, y0 = Layout.flat_to_flat(hex_mm).center(Hex(0, 0))
    return ox + x - x0, oy + y - y0


def nearest_hex(root: ET.Element, at: tuple[float, float]) -> Hex:
    hexes = [*landscape_hexes(), *city_region()]
    return min(hexes, key=lambda h: math.dist(centre_of(root, h), at))


def groups(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("id") or "": g for g in root.iter(f"{SVG}g") if g.get("id")}


def replayed(scenario_path: Path, moves: Path | None, until: int | None) -> Replay:
    """The engine's game and state after ``until`` entries, read as ``skyhex replay`` does."""
    from skyhex.games import load_game, replay_game

    loaded = load_game(None if moves is None else str(moves),
                       str(scenario_path) if moves is None else None)
    replay = replay_game(loaded, until=until)
    assert replay.error is None
    return replay


def test_a_scenario_shows_its_six_airports() -> None:
    from skyhex.render.sheet import BLUE, VERMILLION
    from skyhex.render.turbulences.position import NEUTRAL_GREY
    from skyhex.rules.turbulences.landscape import region_cities

    r = run(str(TWO), "-o", "-")
    assert (r.exit_code, r.stderr) == (0, "")
    root = parse(r.stdout)
    found = groups(root)
    airports = {k: g for k, g in found.items() if k.startswith("airport_")}
    # red: region 1, city 2 (the default); blue: region 4, city 1; the others neutral (C2)
    want = {region_cities()[0][1]: VERMILLION, region_cities()[3][0]: BLUE}
    for r_ in (2, 3, 5, 6):
        want[region_cities()[r_ - 1][1]] = NEUTRAL_GREY
    assert set(airports) == {f"airport_{h.q}_{h.r}" for h in want}
    shift = translations(root)
    for h, fill in want.items():
        g = airports[f"airport_{h.q}_{h.r}"]
        ring = next(g.iter(f"{SVG}circle"))
        assert ring.get("fill") == fill
        cx, cy = centre_of(root, h)
        dx, dy = shift[f"airport_{h.q}_{h.r}"]
        assert math.dist((float(ring.get("cx") or 0) + dx, float(ring.get("cy") or 0) + dy),
                         (cx, cy - 2.0)) < 0.01
        words = [t.text for t in g.iter(f"{SVG}text")]
        if fill == NEUTRAL_GREY:
            assert "neutral airport" in words
        else:
            assert ("red airport" if fill == VERMILLION else "blue airport") in words
            assert ("R" if fill == VERMILLION else "B") in words  # the company's initial
    words = texts(root)
    assert "airport site" not in words and not any("not supported yet" in w for w in words)
    assert "Two companies across the sky" in words
    assert any("biplane (B)" in w for w in words) and any("seaplane (S)" in w for w in words)
    # at the start, each aircraft stands in its own airport, with no parcel
    where = translations(root)
    for colour, h in (("red", region_cities()[0][1]), ("blue", region_cities()[3][0])):
        assert nearest_hex(root, where[f"aircraft-{colour}"]) == h
        assert [t.text for t in found[f"aircraft-{colour}"].iter(f"{SVG}text")][-1] == "0"
    # outlines differ (black and white prints): solid red, dashed blue
    assert any(w.endswith("solid outline") for w in words)
    assert any(w.endswith("dashed outline") for w in words)


def test_six_companies_have_six_outlines_and_no_neutral_airport() -> None:
    root = parse(run(str(SIX), "-o", "-").stdout)
    found = groups(root)
    assert len([k for k in found if k.startswith("airport_")]) == 6
    assert "neutral airport" not in texts(root)
    outlines = [w.rsplit("· ", 1)[-1] for w in texts(root)
                if w.endswith(" outline") and " · airport " in w]
    assert len(set(outlines)) == 6
    fills = {next(found[f"airport_{h.q}_{h.r}"].iter(f"{SVG}circle")).get("fill")
             for h in (c.airport for c in replayed(SIX, None, None).game.companies)}
    assert len(fills) == 6


@pytest.mark.parametrize("at", [0, 5, 12, TWO_ENTRIES])
def test_aircraft_after_n_entries(at: int) -> None:
    from skyhex.rules.turbulences.landscape import landscape_set

    r = run(str(TWO_MOVES), "--at", str(at), "-o", "-")
    assert r.exit_code == 0, r.stderr
    root = parse(r.stdout)
    replay = replayed(TWO, TWO_MOVES, at)
    game, state = replay.game, replay.state
    where = translations(root)
    found = groups(root)
    for company, plane in zip(game.companies, state.planes, strict=True):
        key = f"aircraft-{company.colour}"
        assert plane.hex is not None and key in where
        assert nearest_hex(root, where[key]) == plane.hex
        letters = [t.text for t in found[key].iter(f"{SVG}text")]
        assert letters == [company.colour[0].upper(), company.aircraft.value[0].upper(),
                           str(len(plane.carried))]
        card = [t.text or "" for t in found[f"company-{company.colour}"].iter(f"{SVG}text")]
        assert f"delivered {len(plane.delivered)} · carrying {len(plane.carried)}" in card
        assert ("BOOST ready" if plane.boost else "BOOST used") in card
    words = texts(root)
    assert f"turn {state.turn}" in words
    assert f"first player: {game.companies[state.first].colour}" in words
    assert f"after {at} of {TWO_ENTRIES} entries of turbulences-2.moves.yaml" in words
    wind = state.wind
    assert wind is not None
    assert (f"blew towards {wind.name}" if wind.name != "CALM" else "calm (the sun)") in words
    # the clouds are the position's, not the map's
    expected = {cloud_id(cloud_kind(s), h) for h, s in state.clouds.items() if s}
    assert {k for k in found if k.split("_")[0] in ("cumulus", "storm", "tempest")} == expected
    assert all(h in landscape_set() for h in state.clouds)


def test_scenario_with_moves_equals_the_moves_file(tmp_path: Path) -> None:
    a = run(str(TWO_MOVES), "--at", "9", "-o", "-")
    b = run(str(TWO), "--moves", str(TWO_MOVES), "--at", "9", "-o", "-")
    assert a.exit_code == b.exit_code == 0 and a.stdout == b.stdout
    # --at 0 is the scenario's own board, but for the caption
    import re

    def uncaptioned(svg: str) -> str:
        return re.sub(rf"<text[^>]*>(after 0 of {TWO_ENTRIES} entries of "
                      r"turbulences-2.moves.yaml|start of the game: turn 1, first weather phase "
                      r"resolved)</text>", "", svg)

    c = run(str(TWO_MOVES), "--at", "0", "-o", "-").stdout
    d = run(str(TWO), "-o", "-").stdout
    assert c != d and uncaptioned(c) == uncaptioned(d)


def test_destroyed_aircraft_are_listed() -> None:
    import json

    events = [json.loads(line) for line in (GOLDEN / "turbulences-6.ndjson").read_text()
              .splitlines()]
    hit = next(e for e in events if e["type"] == "aircraft_destroyed")
    at = max(e["entry"] for e in events[:hit["seq"]] if "entry" in e) + 1
    replay = replayed(SIX, SIX_MOVES, at)
    gone = [c.colour for c, p in zip(replay.game.companies, replay.state.planes, strict=True)
            if p.hex is None]
    assert hit["company"] in gone
    root = parse(run(str(SIX_MOVES), "--at", str(at), "-o", "-").stdout)
    found = groups(root)
    for colour in gone:
        assert f"aircraft-{colour}" not in found
    words = texts(root)
    assert f"destroyed: {', '.join(gone)}" in words
    assert words.count("destroyed (to rebuild)") == len(gone)


def test_a_finished_game(tmp_path: Path) -> None:
    out = tmp_path / "end.svg"
    r = run(str(SIX_MOVES), "-o", str(out), "--paper", "a4")
    assert r.exit_code == 0 and r.stderr.startswith("wrote ")
    seen: set[str] = set()
    words: list[str] = []
    for name in svg_files(tmp_path):
        root = parse((tmp_path / name).read_text())
        seen |= {p.get("id") or "" for p in polygons(root)}
        words += texts(root)
    assert seen == {hex_id(h) for h in landscape_hexes()}
    assert "game over" in words


@pytest.mark.parametrize("text", [
    "<script>alert(1)</script>",
    "]]><script>alert(2)</script><![CDATA[",
    "Tom & Jerry's \"sky\" <b>",
])
def test_scenario_texts_stay_text(tmp_path: Path, text: str) -> None:
    doc = yaml.safe_load(TWO.read_text())
    doc["title"] = text
    doc["map"] = ref(SEED_3, tmp_path)
    doc["companies"][0]["player"] = text[:40]
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    r = run(str(path), "-o", "-")
    assert r.exit_code == 0, r.stderr
    assert "<script" not in r.stdout
    root = parse(r.stdout)
    assert not [e for e in root.iter() if e.tag.split("}")[-1].lower() == "script"]
    assert text in texts(root) and root.findtext(f"{SVG}title") == text
    assert f"red ({text[:40]})" in texts(root)


@pytest.mark.parametrize(("args", "hint"), [
    ([str(TWO), "--tracks"], "--tracks"),
    ([str(TWO_MOVES), "--tracks"], "--tracks"),
    ([str(TWO), "--moves", str(TWO_MOVES), "--tracks"], "--tracks"),
    ([str(TWO), "--at", "3"], "--at"),
    ([str(TWO_MOVES), "--at", str(TWO_ENTRIES + 1)], "--at"),
    ([str(TWO), "--components", "whatever.yaml"], "--components"),
    ([str(TWO_MOVES), "--moves", str(TWO_MOVES)], "--moves"),
    ([str(SEED_3), "--moves", str(TWO_MOVES)], "--moves"),
])
def test_position_usage_errors(tmp_path: Path, args: list[str], hint: str) -> None:
    r = run(*args, "-o", str(tmp_path / "b.svg"))
    assert r.exit_code == 2 and r.stdout == "" and hint in r.stderr
    assert svg_files(tmp_path) == []


def test_an_illegal_entry_is_exit_1(tmp_path: Path) -> None:
    doc = yaml.safe_load(TWO_MOVES.read_text())
    doc["scenario"] = ref(TWO, tmp_path)
    doc["moves"][3]["journey"] = [[0, 0], [3, 3]]
    path = tmp_path / "bad.moves.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    r = run(str(path), "-o", str(tmp_path / "b.svg"))
    assert r.exit_code == 1 and r.stdout == "" and r.stderr.count("\n") == 1
    assert "entry 4, red" in r.stderr
    assert svg_files(tmp_path) == []
    # the entries before it can still be printed
    assert run(str(path), "--at", "3", "-o", "-").exit_code == 0


def test_moves_on_stdin() -> None:
    doc = yaml.safe_load(TWO_MOVES.read_text())
    doc["scenario"] = ref(TWO, Path.cwd())  # standard input names files from the working directory
    r = run("-", "--at", "4", "-o", "-", input=yaml.safe_dump(doc))
    assert r.exit_code == 0, r.stderr
    assert len(polygons(parse(r.stdout))) == 37


def test_position_example_is_up_to_date() -> None:
    r = run(str(TWO), "-o", "-")
    assert r.exit_code == 0
    assert r.stdout == POSITION_EXAMPLE.read_text()
    png = POSITION_EXAMPLE.with_suffix(".png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 300_000
