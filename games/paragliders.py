"""The face of Paragliders (``FACE``): its maps (with the component set their tiles come
from), its scenarios, its boards and track boards, its terminal picture, text account and
viewer art, and the command-line options it takes; what only forwards to an engine or a
renderer is named by a ``Lazy`` reference."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from skyhex.games.documents import (
    References,
    load_referenced,
    load_validated,
    located,
    map_problems,
)
from skyhex.games.face import (
    BOARD,
    GENERATE,
    NEW,
    BoardRequest,
    Boards,
    Face,
    Lazy,
    Maps,
    MapStats,
    Option,
    Scenarios,
    Sheet,
    UsageError,
    Viewer,
    Words,
    option_choice,
)
from skyhex.rules.errors import InputError, Problem
from skyhex.rules.paragliders import GAME
from skyhex.schemas.documents import Document, DocumentError, FileProblem

if TYPE_CHECKING:
    from skyhex.render.paragliders.tracks import TracksPicture
    from skyhex.render.pieces import PieceSet
    from skyhex.render.viewer import ViewerArt
    from skyhex.rules.paragliders.components import ComponentSet
    from skyhex.rules.paragliders.maps import Map
    from skyhex.rules.paragliders.scenario import Scenario
    from skyhex.rules.replay import Replay

COLOURS = ("yellow", "blue", "red", "green")


MAP_FLOW = ("redraws", "slots", "hexes")
check_map = Lazy("skyhex.mapgen.paragliders.check:check_map")
map_to_dict = Lazy("skyhex.rules.paragliders.maps:map_to_dict")


# --- maps ---------------------------------------------------------------------------

def map_context(components: str | None) -> ComponentSet:
    """The component set in the file ``components``, or the standard set."""
    from skyhex.rules.paragliders.components import components_from_dict, standard_set

    if components is None:
        return standard_set()
    document = load_validated(components, "components", (GAME,))
    try:
        return components_from_dict(document.data)
    except InputError as e:
        raise located(document, e) from None


def pieces_of(components: str | None) -> PieceSet:
    from skyhex.render.paragliders.pieces import component_pieces

    return component_pieces(map_context(components))


def read_map(document: Document, context: Any) -> Map:
    from skyhex.rules.paragliders.maps import map_from_dict

    try:
        return map_from_dict(document.data, context)
    except InputError as e:
        raise located(document, e) from None


def generate_map(seed: int, options: Mapping[str, Any], context: Any) -> Map:
    from skyhex.mapgen.paragliders.generate import generate_map
    from skyhex.rules.paragliders.maps import DEFAULT_RADIUS, MountainReading

    radius = options.get("radius")
    mountains = option_choice(MountainReading, options.get("mountains"),
                              MountainReading.PER_SECTOR, "--mountains")
    return generate_map(context, seed, radius=DEFAULT_RADIUS if radius is None else radius,
                        aerodromes=options.get("aerodromes") or 0, mountains=mountains,
                        assistants=options.get("assistants") or 0)


def map_report(m: Map) -> dict[str, Any]:
    return {"layout": m.layout.value, "hexes": len(m.hexes)}


def map_summary(m: Map) -> str:
    what = f"{m.layout.value} layout"
    if m.layout.value == "standard":
        what += f", radius {m.radius}"
    laid = len(m.slots) + len(m.aerodromes) + sum(len(r.slots) for r in m.recuts)
    tiles = f", {laid} slots" if m.has_slots else ""
    return f"{what}{tiles}, {len(m.hexes)} hexes"


def stats_text(f: Mapping[str, Any]) -> str:
    terrain = ", ".join(f"{k} {v}" for k, v in f["terrain"].items())
    clusters = f["mountain_clusters"]
    lines = [f"  hexes: {f['hexes']} ({terrain})",
             f"  mountain clusters: {len(clusters)} {clusters}; take-off cluster: "
             f"{f['takeoff_cluster']} hexes",
             f"  edge hexes: {f['edge_hexes']}"]
    to = ", ".join(f"{k} {v}" for k, v in f["takeoff_to_antenna"].items())
    lines.append(f"  take-off to antenna: {to or '-'}")
    between = ", ".join(f"{k} {v}" for k, v in f["antenna_to_antenna"].items())
    lines.append(f"  antenna to antenna: {between or '-'}")
    if f["antenna_tour"]:
        tour = f["antenna_tour"]
        lines.append(f"  shortest antenna tour from take-off: {tour['length']} "
                     f"({' > '.join(tour['order'])})")
    lines.append(f"  spawn hexes: {f['spawns']}; GPS sites: "
                 f"{', '.join(f['gps_sites']) or '-'}")
    lines.append(f"  lift hexes (next to a mountain): {f['lift_hexes']} (morning sun "
                 f"{f['sun_morning_hexes']}, afternoon sun {f['sun_afternoon_hexes']})")
    for name, sector in (f["sectors"] or {}).items():
        joined = ", joined to the take-off" if sector["joined"] else ""
        lines.append(f"  sector {name}: {sector['mountains']} mountain hexes in "
                     f"{sector['clusters']} cluster(s){joined}; lift {sector['lift']}; "
                     f"spawns {sector['spawns']}; GPS sites {sector['gps']}; antenna "
                     f"{', '.join(sector['antennas']) or '-'}")
    lines.append(f"  antennas next to a mountain: "
                 f"{', '.join(f['antennas_next_to_mountains']) or '-'}; in a pocket (only "
                 f"over the mountains): {', '.join(f['pockets']) or '-'}")
    for level, what in (("below", "below the mountaintop"), ("above", "above it")):
        route = f["route"][level]
        text = f"{route['length']} moves ({' > '.join(route['order'])})" if route else \
            "none"
        lines.append(f"  route take-off > antennas > target {what}: {text}")
    points = ", ".join(f"{k} -{v}" for k, v in f["balance_penalties"].items() if v)
    lines.append(f"  balance: {f['balance']}" + (f" ({points})" if points else ""))
    return "\n".join(lines)


# --- scenarios and logs -------------------------------------------------------------

def read_scenario(document: Document, data: Any, base: str, at: tuple[Any, ...],
                  *, refs: References | None = None) -> Scenario:
    from skyhex.rules.paragliders.components import components_from_dict, standard_set_doc
    from skyhex.rules.paragliders.maps import map_from_dict
    from skyhex.rules.paragliders.scenario import scenario_from_dict

    problems: list[FileProblem] = []

    def here(problem: Problem, prefix: tuple[Any, ...] = ()) -> FileProblem:
        return document.problem(Problem(problem.rule, problem.message,
                                        (*at, *prefix, *problem.path), problem.hint))

    comp_doc: Any = standard_set_doc()
    comp_document = None
    if "components" in data:
        comp_document = load_referenced(document, data, base, at, "components",
                                        "components", (GAME,), refs=refs)
        comp_doc = comp_document.data
    overrides = data.get("overrides", {})
    try:
        components = components_from_dict({**comp_doc, **overrides})
    except InputError as e:
        for p in e.problems:
            if p.path and p.path[0] in overrides:
                problems.append(here(p, ("overrides",)))
            elif comp_document is not None:
                problems.append(comp_document.problem(p))
            else:
                problems.append(here(p))
        raise DocumentError(problems) from None

    if isinstance(data["map"], str):
        map_document = load_referenced(document, data, base, at, "map", "map", (GAME,),
                                       refs)
        m = read_map(map_document, components)
        prefix: tuple[Any, ...] = ()
    else:
        try:
            m = map_from_dict(data["map"], components)
        except InputError as e:
            raise DocumentError([here(p, ("map",)) for p in e.problems]) from None
        map_document, prefix = document, (*at, "map")
    problems.extend(map_problems(document, at, m, map_document, prefix,
                                 check_map(m, components)))
    try:
        scenario = scenario_from_dict(data, m, components)
    except InputError as e:
        problems.extend(here(p) for p in e.problems)
        raise DocumentError(problems) from None
    if problems:
        raise DocumentError(problems)
    return scenario


def map_of(scenario: Scenario) -> Map:
    return scenario.map


def scenario_summary(s: Scenario) -> str:
    from skyhex.rules.paragliders.clock import format_clock

    players = ", ".join(p.ident for p in s.players)
    parts = [f"{len(s.players)} player{'s' if len(s.players) > 1 else ''} ({players})"]
    if s.solo:
        parts.append(f"solo {s.solo}")
    parts.append(f"{s.map.layout} map of {len(s.map.hexes)} hexes")
    if s.position:
        parts.append(f"position at {format_clock(s.position.time)}")
    return ", ".join(parts)


def start_caption(scenario: Scenario) -> str:
    if scenario.position is not None:
        return "the scenario's position"
    return "setup: every pawn in hand"


def viewer_art(scenario: Scenario, game: Any, source: str) -> ViewerArt:
    from skyhex.render.paragliders.viewer import ParaglidersArt
    from skyhex.render.sheet import default_title

    return ParaglidersArt(game, scenario.title or default_title(scenario.map.title, source))


# --- boards -------------------------------------------------------------------------

def map_sheets(m: Map, context: Any, request: BoardRequest) -> list[Sheet]:
    from skyhex.render.paragliders.board import board_picture
    from skyhex.render.paragliders.tracks import default_weather, tracks_picture
    from skyhex.render.sheet import default_title
    from skyhex.rules.paragliders.components import Side

    title = default_title(m.title, request.file)
    sheets = [Sheet("board", board_picture(m, title=title, hex_mm=request.hex_mm,
                                           coords=request.coords),
                    f"hexes {request.hex_mm:g} mm flat to flat")]
    if request.get("tracks"):
        cs = context
        sheets.append(Sheet("tracks", tracks_picture(
            f"{title} - track boards", altitude=cs.altitude, sides=(Side.EASY,) * 3,
            thermal=cs.thermal, time=cs.time, weather_board=cs.weather_board,
            weather=default_weather(cs),
            weather_source=f"weather tiles: the first {len(cs.weather_board.hours)} of "
            f"set {cs.id}, face a (a scenario chooses its own)")))
    return sheets


def position_sheets(scenario: Scenario, replay: Replay, caption: str,
                    request: BoardRequest) -> list[Sheet]:
    from skyhex.render.paragliders.board import board_picture
    from skyhex.render.paragliders.position import position_view
    from skyhex.render.sheet import default_title

    title = scenario.title or default_title(scenario.map.title, request.file)
    sheets = [Sheet("board", board_picture(
        scenario.map, title=title, hex_mm=request.hex_mm, coords=request.coords,
        position=position_view(replay.game, replay.state, caption)),
        f"hexes {request.hex_mm:g} mm flat to flat")]
    if request.get("tracks"):
        sheets.append(Sheet("tracks", _scenario_tracks(title, replay, caption)))
    return sheets


def _scenario_tracks(title: str, replay: Replay, caption: str) -> TracksPicture:
    """The track boards of a game: the altitude track sides in play, and the weather tiles
    known in the position printed (the short forecast leaves the others empty)."""
    from skyhex.render.paragliders.tracks import scheduled_weather, tracks_picture
    from skyhex.rules.paragliders.components import Side
    from skyhex.rules.paragliders.scenario import Forecast

    scenario = replay.game.scenario
    cs = scenario.components
    weather = scheduled_weather(cs, replay.state.schedule)
    if scenario.weather_tiles is None:
        source = f"weather tiles drawn from seed {scenario.seed}"
    else:
        source = "the scenario's weather tiles"
    if scenario.forecast is Forecast.SHORT:
        known = sum(slot is not None for slot in weather)
        source += (f"; short forecast: {known} tiles known ({caption}), the others drawn "
                   "during the game")
    b, m, t = (Side(s) for s in replay.game.sides)
    return tracks_picture(
        f"{title} - track boards", altitude=cs.altitude, sides=(b, m, t), thermal=cs.thermal,
        time=cs.time, weather_board=cs.weather_board, weather=weather, weather_source=source,
        sides_source="drawn at setup" if scenario.altitude_track is None else "")


def _new_scenario(face: Face, options: Mapping[str, Any], output: str
                  ) -> list[tuple[str, str]]:
    """A complete, valid, commented scenario (and its generated map beside it)."""
    from skyhex.games.documents import dump_yaml
    from skyhex.rules.paragliders.chance import draw_weather_tiles
    from skyhex.rules.paragliders.scenario import SPOTS, spot_hexes
    from skyhex.rules.paragliders.terrain import Terrain

    players: int = options["players"]
    seed: int = options["seed"]
    solo: str | None = options.get("solo")
    if solo is not None and players != 1:
        raise UsageError("--solo", "solo modes are for one player")
    if players > len(COLOURS):
        raise UsageError("--players", f"Paragliders is for 1 to {len(COLOURS)} players")
    cs = map_context(options.get("components"))
    files: list[tuple[str, str]] = []
    map_file = options.get("map")
    if map_file is not None:
        m, _ = face.load_map(map_file, cs)
        map_ref: Any = os.path.relpath(map_file, os.path.dirname(os.path.abspath(output))) \
            if output != "-" else map_file
    else:
        m = generate_map(seed, {"aerodromes": options.get("aerodromes", 0)}, cs)
        if output == "-":
            map_ref = None
        else:
            stem = os.path.splitext(output)[0]
            map_path = f"{stem}.map.yaml"
            files.append((map_path, dump_yaml(map_to_dict(m), MAP_FLOW)))
            map_ref = os.path.basename(map_path)
    weather = draw_weather_tiles(cs, seed, len(cs.weather_board.hours))
    mode = solo if solo else ("race" if players == 1 else None)
    title = options.get("title")
    lines = [
        "# yaml-language-server: $schema=scenario.schema.json",
        "# A skyhex scenario. Check it with: skyhex scenario validate FILE",
        "format: skyhex.scenario/1",
        f"game: {GAME}",
        f"title: {json.dumps(title or f'{players}-player game, seed {seed}')}",
        "",
        "# Seed of every chance draw of the game (cloud bag, random sides, short forecast).",
        f"seed: {seed}",
        "",
        "# Seat order: the first player plays first. Each player is a colour, or",
        "# {colour: blue, name: Bea}, or {name: Bea} (a free colour is given).",
        "players:",
        *[f"  - {c}" for c in COLOURS[:players]],
        "",
    ]
    if map_ref is None:
        lines += ["# The map, inline (skyhex.map/1).",
                  "map:", *("  " + line for line in dump_yaml(
                      map_to_dict(m), MAP_FLOW).splitlines()), ""]
    else:
        lines += ["# The map file, relative to this file (skyhex.map/1).",
                  f"map: {json.dumps(map_ref)}", ""]
    lines += [
        "# Altitude track sides: easy, difficult, random (drawn from the seed), or",
        "# [bottom, middle, top]. Difficult sides lower the mountaintop.",
        f"altitude_track: {options.get('altitude', 'easy')}",
        "",
        "# The weather tile faces for 08:00 to 19:00 (TILE/FACE), or random. With",
        "# forecast: short only three tiles are visible; one is drawn at each change.",
        "weather:",
        f"  forecast: {options.get('forecast', 'full')}",
        "  tiles: [" + ", ".join(f"{t}/{f}" for t, f in weather) + "]",
        "",
        "# Stunts in play: all, none, or a list such as [overflyer, explorer].",
        f"stunts: {'none' if mode == 'cross' else 'all'}",
        "",
        "# Variants: the aerodrome mini-extension (as on the map) and the solo modes.",
        "variants:",
        f"  aerodromes: {'true' if m.terrain_hexes(Terrain.AERODROME) else 'false'}",
    ]
    if mode:
        lines.append(f"  solo: {mode}")
    if mode == "cross":
        lines += ["  # Cross mode: 3-6 solo GPS markers on GPS or antenna spots of the map.",
                  "  cross_markers:"]
        spots = [spot for spot in SPOTS if spot_hexes(m, spot)][:4]
        for sm, spot in zip(cs.solo_markers, spots, strict=False):
            side = "" if sm.blank else ", side: a"
            lines.append(f"    - {{marker: {sm.id}{side}, spot: {spot}}}")
    lines += [
        "",
        "# overrides: replace whole component tables, e.g. a custom thermal_board.",
        "# position: start the game at any moment (time, weather, clouds, pilots).",
    ]
    files.append((output, "\n".join(lines) + "\n"))
    return files


COMPONENTS = "Component set file (default: the standard set shipped with skyhex)."

OPTIONS = (
    Option("players", "1-4 players (1 plays solo)", frozenset({NEW}), int, 2, min=1, max=4,
           short="-p"),
    Option("radius", "Board size in slots (the standard board, and default, is 4).",
           frozenset({GENERATE}), int, min=1, max=12),
    Option("aerodromes", "Map tiles to replace with aerodromes (0-2; default 0).",
           frozenset({GENERATE}), int, min=0, max=2),
    Option("aerodromes", "Aerodromes on a generated map (0-2; default 0).",
           frozenset({NEW}), int, 0, min=0, max=2),
    Option("components", COMPONENTS, frozenset({GENERATE, NEW, BOARD}), metavar="FILE"),
    Option("mountains", "How the setup's mountain rule is read: per-sector (default: each "
           "sector's mountains form one cluster, joined to the take-off's when the tile "
           "around the centre opens the sector) or one-cluster (every mountain joins the "
           "take-off's).", frozenset({GENERATE}), metavar="READING"),
    Option("assistants", "Setup assistants filling the sectors at once from a shared bag "
           "(setup step 8): 0 (default) you fill all three; 1, you one and your assistant "
           "two; 2 or 3, each sector its own.", frozenset({GENERATE}), int, min=0, max=3),
    Option("altitude", "Altitude track sides: easy (default), difficult or random.",
           frozenset({NEW}), default="easy", choices=("easy", "difficult", "random")),
    Option("forecast", "Weather forecast variant: full (default) or short.", frozenset({NEW}),
           default="full", choices=("full", "short")),
    Option("solo", "Solo mode (with --players 1): race or cross.", frozenset({NEW}),
           choices=("race", "cross")),
    Option("tracks", "Also write the track boards (altitude, thermal lift, time and "
           "weather) as <stem>-tracks.svg, or <stem>-tracks-p01.svg ... on pages. A scenario "
           "gives the altitude track sides and weather tiles (random ones as drawn at setup); "
           "a plain map uses easy sides and the component set's first 12 weather tiles, face "
           "a.", frozenset({BOARD}), bool, False),
)
"""The command-line options Paragliders takes."""

FACE = Face(
    name=GAME,
    kinds=frozenset({"map", "scenario", "moves", "components"}),
    draw_kinds=frozenset({"cloud", "ring", "tile"}),
    maps=Maps(
        read=read_map, check=check_map, to_dict=map_to_dict, summary=map_summary,
        report=map_report, flow=MAP_FLOW, context=map_context, generate=generate_map,
        stats=MapStats(Lazy("skyhex.mapgen.paragliders.stats:map_stats"),
                       Lazy("skyhex.mapgen.paragliders.stats:summary"), stats_text),
        show=Lazy("skyhex.render.paragliders.terminal:render_map")),
    scenarios=Scenarios(read=read_scenario, summary=scenario_summary,
                        start_caption=start_caption, new=_new_scenario, generates_map=True,
                        map_of=map_of),
    boards=Boards(map_sheets=map_sheets, position_sheets=position_sheets,
                  pieces=pieces_of),
    words=Words(Lazy("skyhex.render.paragliders.account:account"),
                Lazy("skyhex.render.paragliders.account:line")),
    viewer=Viewer(viewer_art),
    options=OPTIONS,
    about={
        GENERATE: "star, mountains, sectors; every setup step drawn again is recorded in "
                  "the map's redraws",
        "map show": "terrain letters, take-off, target, antennas, spawns",
        "map stats": "terrain counts, mountain clusters, edge hexes, take-off/antenna "
                     "distances, mountains, lift, spawns and GPS sites per sector, antennas "
                     "next to mountains or in pockets, the shortest race routes below and "
                     "above the mountaintop, and the balance score",
        NEW: "--players 1-4, a map generated from the seed (or --map), its altitude track, "
             "weather and solo options",
        "components export": "tiles, boards, weather tiles, rulers, skill cards",
        "components print": "map tiles (both faces), aerodrome tiles, cloud rings and tokens, "
                             "weather tiles, stunt rulers, antenna tokens and GPS markers, "
                             "skill cards, solo GPS markers",
        BOARD: "terrain with take-off, target, cloud spawn numbers, antennas (colour "
               "named), GPS sites, corners A-F; positions: pawns with facing and altitude, "
               "clouds, time, wind, sun, each pilot's tokens",
    },
)
