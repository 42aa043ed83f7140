"""`skyhex board` from scenarios and moves files: positions (pawns, clouds, the state panel)
and scenario track boards. The SVG is read back as XML and compared with the rules engine."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skyhex.cli import app
from skyhex.games import load_game, load_scenario, replay_game, ruleset
from skyhex.render.drawing import Sheet
from skyhex.render.paper import MARGIN
from skyhex.render.paragliders.board import board_picture
from skyhex.render.paragliders.position import (
    PAWN_STYLES,
    PilotView,
    PositionView,
    draw_pieces,
    pawn_spots,
    position_view,
)
from skyhex.render.sheet import hex_id
from skyhex.rules.hexgrid import Direction, Hex, Layout
from skyhex.rules.paragliders.clock import format_clock
from skyhex.rules.paragliders.components import SunExposure
from skyhex.rules.paragliders.scenario import Colour, PilotStatus
from skyhex.rules.replay import Replay, start

from .conftest import ROOT, copy_into, ref
from .test_board_svg import SVG, parse, polygons, run, size_mm, svg_files, texts

PARAGLIDERS = ruleset("paragliders")

SCENARIOS = ROOT / "examples" / "scenarios"
MID_GAME = SCENARIOS / "mid-game.yaml"
TWO_PLAYERS = SCENARIOS / "two-players.yaml"
DIFFICULT = SCENARIOS / "three-players-difficult.yaml"
GOLDEN_MOVES = ROOT / "tests" / "golden" / "two-players.moves.yaml"
HEX_MM = 30.0


@dataclass(frozen=True)
class Placed:
    """An element found in the SVG: its id and where its origin lies on the sheet (mm)."""

    id: str
    x: float
    y: float
    element: ET.Element


def placed(root: ET.Element, prefix: str) -> dict[str, Placed]:
    """Groups whose id starts with ``prefix``, at their origin in sheet millimetres (the
    translations of every enclosing group added; nothing scales or turns the board, but a
    front page may draw a block of the sheet a little smaller)."""
    found: dict[str, Placed] = {}

    def walk(element: ET.Element, dx: float, dy: float) -> None:
        transform = element.get("transform", "") if element.tag == f"{SVG}g" else ""
        if transform:
            match = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)( scale\([\d.]+\))?", transform)
            assert match, transform
            dx, dy = dx + float(match[1]), dy + float(match[2])
        ident = element.get("id", "")
        if element.tag == f"{SVG}g" and ident.startswith(prefix):
            found[ident] = Placed(ident, dx, dy, element)
        for child in element:
            walk(child, dx, dy)

    walk(root, 0.0, 0.0)
    return found


def cloud_centres(root: ET.Element) -> dict[int, tuple[float, float]]:
    """Cloud ring number -> the centre of its ring on the sheet."""
    centres = {}
    for ident, p in placed(root, "cloud-").items():
        ring = next(p.element.iter(f"{SVG}circle"))
        centres[int(ident.split("-")[1])] = (p.x + float(ring.get("cx", "nan")),
                                             p.y + float(ring.get("cy", "nan")))
    return centres


def polygon_centre(root: ET.Element, h: Hex) -> tuple[float, float]:
    """The centre of hex ``h``'s polygon on a poster (the board group sits at the margin)."""
    poly = next(p for p in polygons(root) if p.get("id") == hex_id(h))
    pts = [tuple(map(float, q.split(","))) for q in (poly.get("points") or "").split()]
    return (MARGIN + sum(x for x, _ in pts) / 6, MARGIN + sum(y for _, y in pts) / 6)


def replayed(moves: Path, at: int | None) -> Replay:
    replay = replay_game(load_game(str(moves)), until=at)
    assert replay.error is None
    return replay


def layout_of(replay: Replay) -> Layout:
    """The layout the renderer uses for this game's position board (default options)."""
    view = position_view(replay.game, replay.state, "")
    picture = board_picture(replay.game.map, title="t", hex_mm=HEX_MM, position=view)
    return picture.layout


def expected_pawns(replay: Replay, layout: Layout) -> dict[str, tuple[float, float]]:
    """Where each pawn on the board must stand on a poster: its hex's centre, moved to its
    spot when several pawns share the hex (in seat order)."""
    u = HEX_MM / 30.0
    on_board = [p for p in replay.state.pilots if p.status is not PilotStatus.IN_HAND]
    colours = {pl.seat: pl.colour.value for pl in replay.game.players}
    spots = {}
    for p in on_board:
        assert p.hex is not None
        sharing = [q.seat for q in on_board if q.hex == p.hex]
        offsets, _ = pawn_spots(len(sharing))
        ox, oy = offsets[sharing.index(p.seat)]
        cx, cy = layout.center(p.hex)
        spots[f"pawn-{colours[p.seat]}"] = (MARGIN + cx + ox * u, MARGIN + cy + oy * u)
    return spots


def close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return math.hypot(a[0] - b[0], a[1] - b[1]) < 0.02


# --- positions --------------------------------------------------------------------------------


def test_mid_game_position() -> None:
    r = run(str(MID_GAME), "-o", "-")
    assert (r.exit_code, r.stderr) == (0, "")
    root = parse(r.stdout)
    assert len(polygons(root)) == 183
    words = texts(root)
    on_board = texts(placed(root, "pieces")["pieces"].element)
    replay = start(PARAGLIDERS, load_scenario(str(MID_GAME))[1])
    state = replay.state
    assert format_clock(state.time) == "13:20" and "13:20" in words
    # One pawn per pilot not in hand, on its hex, with its altitude when flying.
    pawns = placed(root, "pawn-")
    assert set(pawns) == {"pawn-yellow", "pawn-blue", "pawn-red", "pawn-green"}
    for colour, hex_, label in (("yellow", Hex(3, 0), "alt 6"), ("blue", Hex(0, -3), "alt 10"),
                                ("red", Hex(2, -1), "crashed, walking"),
                                ("green", Hex(0, 1), "landed 13:00")):
        p = pawns[f"pawn-{colour}"]
        assert close((p.x, p.y), polygon_centre(root, hex_)), colour
        assert on_board.count(label) == 1, label
        assert PAWN_STYLES[Colour(colour)].letter in texts(p.element)
    # The walk back and the take-off it reserved.
    reserved = placed(root, "reserved-")
    assert set(reserved) == {"reserved-red"}
    rx, ry = polygon_centre(root, Hex(1, -1))
    assert math.hypot(reserved["reserved-red"].x - rx, reserved["reserved-red"].y - ry) < HEX_MM / 2
    # Clouds, wind, sun, temperature and the pilots' tables.
    centres = cloud_centres(root)
    assert set(centres) == {2, 5}
    assert close(centres[2], polygon_centre(root, Hex(4, 1)))
    assert close(centres[5], polygon_centre(root, Hex(-2, 0)))
    assert {"2", "5"} <= set(words)
    for word in ("to play: blue", "temperature +2", "blows towards SE", "strength 1",
                 "the scenario's position", "18 VP", "0 VP", "-10 VP", "46 VP", "megaliths",
                 "balloon", "castle, crop circle", "Pilots", "After lunch"):
        assert word in words, word
    assert ("no sun" if state.sun is SunExposure.NONE else f"sun exposure {state.sun.value}") in words


@pytest.mark.parametrize("at", [0, 1, 9, 30, None])
def test_board_after_n_entries_matches_the_replay(at: int | None) -> None:
    args = [] if at is None else ["--at", str(at)]
    r = run(str(GOLDEN_MOVES), "-o", "-", *args)
    assert (r.exit_code, r.stderr) == (0, "")
    root = parse(r.stdout)
    replay = replayed(GOLDEN_MOVES, at)
    state = replay.state
    layout = layout_of(replay)
    want = expected_pawns(replay, layout)
    pawns = placed(root, "pawn-")
    assert set(pawns) == set(want)
    for ident, spot in want.items():
        assert close((pawns[ident].x, pawns[ident].y), spot), ident
    for p in state.pilots:
        if p.status is PilotStatus.FLYING:
            assert p.hex is not None
            # The pawn lies in its hex, like the polygon the renderer drew there.
            colour = replay.game.players[p.seat - 1].colour.value
            got = pawns[f"pawn-{colour}"]
            assert layout.hex_at(got.x - MARGIN, got.y - MARGIN) == p.hex
            assert f"alt {p.altitude}" in texts(placed(root, "pieces")["pieces"].element)
    centres = cloud_centres(root)
    assert sorted(centres) == sorted(ring for ring, _ in state.clouds)
    for ring, h in state.clouds:
        assert close(centres[ring], polygon_centre(root, h))
    words = texts(root)
    assert format_clock(state.time) in words
    assert f"blows towards {state.wind_direction.name}" in words
    total = len(GOLDEN_MOVES.read_text().split("\n- ")) - 1
    assert f"after {replay.applied} of {total} entries of two-players.moves.yaml" in words


def test_moves_on_a_scenario_file_replace_its_scenario(tmp_path: Path) -> None:
    """``board SCENARIO --moves MOVES`` draws what ``board MOVES`` draws when MOVES names
    that scenario."""
    a, b = tmp_path / "a.svg", tmp_path / "b.svg"
    assert run(str(TWO_PLAYERS), "--moves", str(GOLDEN_MOVES), "--at", "12", "-o", str(a)).exit_code == 0
    assert run(str(GOLDEN_MOVES), "--at", "12", "-o", str(b)).exit_code == 0
    assert a.read_text() == b.read_text()


def test_scenario_without_position_shows_setup() -> None:
    r = run(str(TWO_PLAYERS), "-o", "-")
    assert (r.exit_code, r.stderr) == (0, "")
    root = parse(r.stdout)
    state = start(PARAGLIDERS, load_scenario(str(TWO_PLAYERS))[1]).state
    assert placed(root, "pawn-") == {}
    assert state.clouds and sorted(cloud_centres(root)) == sorted(ring for ring, _ in state.clouds)
    for ring, h in state.clouds:
        assert close(cloud_centres(root)[ring], polygon_centre(root, h))
    words = texts(root)
    for word in ("08:00", "setup: every pawn in hand", f"blows towards {state.wind_direction.name}",
                 f"strength {state.wind_strength}", "First flight for two", "Bea (blue)",
                 "pawn in hand"):
        assert word in words, word


def test_pawns_sharing_a_hex_stand_apart() -> None:
    layout = Layout.flat_to_flat(HEX_MM)
    h = Hex(1, 1)
    pilots = tuple(PilotView(seat, colour.value, colour, PilotStatus.FLYING, h, Direction.N, alt)
                   for seat, (colour, alt) in enumerate(((Colour.RED, 3), (Colour.BLUE, 5),
                                                          (Colour.GREEN, 7)), 1))
    view = PositionView("10:00", "test", "to play: red", 0, SunExposure.EAST, Direction.N, 0, (),
                        pilots)
    sheet = Sheet(100, 100)
    draw_pieces(sheet.canvas, view, layout, HEX_MM)
    root = parse(sheet.to_string())
    pawns = placed(root, "pawn-")
    points = [(pawns[f"pawn-{p.colour.value}"].x, pawns[f"pawn-{p.colour.value}"].y) for p in pilots]
    assert all(layout.hex_at(x, y) == h for x, y in points)
    assert min(math.dist(a, b) for i, a in enumerate(points) for b in points[i + 1:]) > 8.0
    assert [w for w in texts(root) if w.startswith("alt ")] == ["alt 3", "alt 5", "alt 7"]


def test_pawns_read_in_black_and_white() -> None:
    styles = [PAWN_STYLES[c] for c in Colour]
    assert len({s.letter for s in styles}) == len(Colour)
    assert len({(s.dash, s.double) for s in styles}) == len(Colour)  # one outline each
    assert [s.letter for s in styles] == [c.value[0].upper() for c in Colour]


def test_position_on_pages_shows_every_pawn(tmp_path: Path) -> None:
    r = run(str(MID_GAME), "-o", str(tmp_path / "b.svg"), "--paper", "a4")
    assert r.exit_code == 0, r.stderr
    pawns: set[str] = set()
    words: set[str] = set()
    for name in svg_files(tmp_path):
        root = parse((tmp_path / name).read_text())
        assert size_mm(root) in ((210, 297), (297, 210))
        pawns |= set(placed(root, "pawn-"))
        words |= set(texts(root))
    assert pawns == {"pawn-yellow", "pawn-blue", "pawn-red", "pawn-green"}
    assert {"13:20", "Pilots", "46 VP"} <= words


# --- track boards from a scenario ---------------------------------------------------------------


def track_words(path: Path) -> list[str]:
    return texts(parse(path.read_text()))


def test_difficult_sides_lower_the_mountaintop(tmp_path: Path) -> None:
    r = run(str(DIFFICULT), "-o", str(tmp_path / "b.svg"), "--tracks")
    assert r.exit_code == 0, r.stderr
    words = track_words(tmp_path / "b-tracks.svg")
    note = next(w for w in words if w.startswith("sides:"))
    assert note.startswith("sides: bottom difficult, middle easy, top difficult; "
                           "mountaintop level 6 (800 m)")
    # "mountaintop" is printed under level 6, and nowhere else.
    assert words.count("mountaintop") == 1
    assert words[words.index("mountaintop") - 2:words.index("mountaintop")] == ["6", "800 m"]
    tiles = ["w02 a", "w09 a", "w13 a", "w04 a", "w07 b", "w11 b", "w15 a", "w01 a", "w16 b",
             "w18 a", "w05 b", "w12 a"]
    assert [w for w in words if re.fullmatch(r"w\d\d [ab]", w)] == tiles
    assert "drawn during" not in words


def test_random_sides_and_short_forecast_as_drawn_at_setup(tmp_path: Path) -> None:
    text = TWO_PLAYERS.read_text().replace("altitude_track: easy", "altitude_track: random")
    text = text.replace("../maps/", f"{ref(ROOT / 'examples' / 'maps', tmp_path)}/")
    scenario_path = tmp_path / "random.yaml"
    scenario_path.write_text(text)
    r = run(str(scenario_path), "-o", str(tmp_path / "b.svg"), "--tracks")
    assert r.exit_code == 0, r.stderr
    replay = start(PARAGLIDERS, load_scenario(str(scenario_path))[1])
    words = track_words(tmp_path / "b-tracks.svg")
    b, m, t = replay.game.sides
    assert any(w.startswith(f"sides: bottom {b}, middle {m}, top {t} (drawn at setup); "
                            f"mountaintop level {replay.game.mountaintop} ") for w in words)
    known = [f"{tile} {face}" for tile, face in replay.state.schedule]
    assert len(known) == 3
    assert [w for w in words if re.fullmatch(r"w\d\d [ab]", w)] == known
    assert words.count("drawn during") == 9 and words.count("the game") == 9
    assert any("short forecast: 3 tiles known" in w and "drawn during the game" in w for w in words)


# --- errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "option"), [
    ([str(GOLDEN_MOVES), "--at", "-1"], "--at"),
    ([str(GOLDEN_MOVES), "--at", "x"], "--at"),
    ([str(GOLDEN_MOVES), "--at", "88"], "--at"),
    ([str(TWO_PLAYERS), "--at", "3"], "--at"),
    ([str(ROOT / "examples" / "maps" / "standard-seed-7.yaml"), "--moves", str(GOLDEN_MOVES)],
     "--moves"),
    ([str(ROOT / "examples" / "maps" / "standard-seed-7.yaml"), "--at", "2"], "--at"),
    ([str(GOLDEN_MOVES), "--moves", str(GOLDEN_MOVES)], "--moves"),
    ([str(TWO_PLAYERS), "--components", str(ROOT / "examples" / "maps" / "standard-seed-7.yaml")],
     "--components"),
    (["-", "--moves", "-"], "--moves"),
])
def test_bad_options_are_usage_errors(tmp_path: Path, args: list[str], option: str) -> None:
    r = run(*args, "-o", str(tmp_path / "b.svg"), input="")
    assert (r.exit_code, r.stdout) == (2, "")
    assert option in r.stderr
    assert svg_files(tmp_path) == []


def test_past_the_end_names_the_entries() -> None:
    r = run(str(GOLDEN_MOVES), "--at", "88", "-o", "-")
    total = len(GOLDEN_MOVES.read_text().split("\n- ")) - 1
    message = " ".join(r.stderr.replace("│", " ").split())
    assert r.exit_code == 2 and total == 87
    assert f"88 is past the end: {GOLDEN_MOVES} has {total} entries" in message


def test_illegal_entry_fails_like_replay(tmp_path: Path) -> None:
    moves = tmp_path / "bad.moves.yaml"
    moves.write_text(
        "format: skyhex.moves/1\n"
        f"scenario: {ref(TWO_PLAYERS, tmp_path)}\n"
        "moves:\n"
        "- {player: yellow, takeoff: {hex: [1, -1], facing: SE}, move: straight}\n"
        "- {player: yellow, move: straight}\n")
    replay = CliRunner().invoke(app, ["replay", str(moves)])
    assert replay.exit_code == 1
    r = run(str(moves), "-o", str(tmp_path / "b.svg"))
    assert (r.exit_code, r.stdout) == (1, "")
    assert r.stderr == replay.stderr and r.stderr.count("\n") == 1
    assert r.stderr.startswith(f"{moves}:5:3: error: entry 2, yellow: ") and "[turn.order]" in r.stderr
    assert svg_files(tmp_path) == []
    # Before the illegal entry the board is drawn.
    assert run(str(moves), "--at", "1", "-o", str(tmp_path / "b.svg")).exit_code == 0
    assert svg_files(tmp_path) == ["b.svg"]


def test_unknown_format_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text("format: skyhex.components/1\n")
    r = run(str(path), "-o", str(tmp_path / "b.svg"))
    assert (r.exit_code, r.stdout) == (1, "")
    assert r.stderr.count("\n") == 1
    assert r.stderr.startswith(f"{path}:1:9: error: format 'skyhex.components/1': expected "
                               "'skyhex.map/1' (a map file), 'skyhex.scenario/1' (a scenario file)")


def test_files_on_standard_input(tmp_path: Path) -> None:
    """``-`` takes any of the three kinds; the loaders read what was sniffed again."""
    map_text = (ROOT / "examples" / "maps" / "standard-seed-7.yaml").read_text()
    r = run("-", "-o", "-", input=map_text)
    assert r.exit_code == 0 and "standard input" in texts(parse(r.stdout))
    moves = GOLDEN_MOVES.read_text().replace("../../examples", "examples")  # from the root
    from_stdin = run("-", "--at", "9", "-o", "-", input=moves)
    assert from_stdin.exit_code == 0, from_stdin.stderr
    from_file = run(str(GOLDEN_MOVES), "--at", "9", "-o", "-")
    assert from_stdin.stdout == from_file.stdout.replace("two-players.moves.yaml", "&lt;stdin&gt;")


# --- text from files ---------------------------------------------------------------------------


def test_player_names_and_title_stay_text(workdir: Path) -> None:
    text = TWO_PLAYERS.read_text()
    text = text.replace("  - yellow\n", '  - {colour: yellow, name: "<b>x</b>"}\n')
    text = text.replace("title: First flight for two", 'title: "<script>alert(1)</script>"')
    copy_into(workdir, ROOT / "examples" / "maps" / "mapgen1-seed-7.yaml")
    text = text.replace("../maps/", "")
    scenario_path = workdir / "evil.yaml"
    scenario_path.write_text(text)
    moves = workdir / "evil.moves.yaml"
    moves.write_text("format: skyhex.moves/1\nscenario: evil.yaml\nmoves:\n"
                     "- {player: '<b>x</b>', takeoff: {hex: [1, -1], facing: SE}, move: straight}\n")
    r = run(str(moves), "-o", "-")
    assert r.exit_code == 0, r.stderr
    assert "<b>" not in r.stdout and "<script" not in r.stdout
    root = parse(r.stdout)
    assert not [e for e in root.iter() if e.tag.split("}")[-1] in ("b", "script")]
    words = texts(root)
    assert "<b>x</b> (yellow)" in words and "<script>alert(1)</script>" in words
    assert "to play: Bea" in words and "pawn-yellow" in placed(root, "pawn-")


# --- the example -------------------------------------------------------------------------------


def test_example_position_board_is_up_to_date() -> None:
    r = run(str(MID_GAME), "-o", "-")
    assert r.exit_code == 0
    assert r.stdout == (ROOT / "examples" / "boards" / "mid-game.svg").read_text()
    png = (ROOT / "examples" / "boards" / "mid-game.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 300_000
