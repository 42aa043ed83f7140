"""The face of Turbulences (``FACE``): its landscapes, scenarios (companies, modes, teams),
boards, terminal picture, text account, viewer art and missions (``turbulences_missions``),
and the command-line options it takes; what only forwards to an engine or a renderer is named
by a ``Lazy`` reference."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from skyhex.games.documents import References, load_referenced, map_problems
from skyhex.games.face import (
    BOARD,
    GENERATE,
    NEW,
    BoardRequest,
    Boards,
    Face,
    Lazy,
    Logs,
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
from skyhex.rules.turbulences import GAME
from skyhex.schemas.documents import Document, DocumentError, FileProblem

if TYPE_CHECKING:
    from skyhex.mapgen.errors import Violation
    from skyhex.render.pieces import PieceSet
    from skyhex.render.turbulences.night import NightPicture
    from skyhex.render.viewer import ViewerArt
    from skyhex.rules.replay import Replay
    from skyhex.rules.turbulences.landscape import Landscape
    from skyhex.rules.turbulences.scenario import Scenario


MAP_FLOW = ("hexes", "clouds")
map_to_dict = Lazy("skyhex.rules.turbulences.maps:landscape_to_dict")


# --- maps ---------------------------------------------------------------------------

def pieces_of(components: str | None) -> PieceSet:
    """The pieces of the box: Turbulences has no component files, the rules hold its
    counts."""
    from skyhex.render.turbulences.pieces import component_pieces

    if components is not None:
        raise UsageError("--components", "turbulences has no component sets: its box is "
                         "the rulebook's")
    return component_pieces()


def read_map(document: Document, context: Any) -> Landscape:
    from skyhex.rules.turbulences.maps import landscape_from_dict

    return landscape_from_dict(document.data)


def check_map(m: Landscape, context: Any) -> list[Violation]:
    from skyhex.mapgen.turbulences.check import check_landscape

    return check_landscape(m)


def generate_map(seed: int, options: Mapping[str, Any], context: Any) -> Landscape:
    from skyhex.mapgen.turbulences.generate import generate_landscape
    from skyhex.rules.turbulences.landscape import Difficulty

    if options.get("night"):
        return _night_map(seed, options)
    if options.get("regions"):
        raise UsageError("--regions", "the regions of a face-down setup: for --night only")
    difficulty = option_choice(Difficulty, options.get("difficulty"), Difficulty.NORMAL,
                               "--difficulty")
    return generate_landscape(seed, difficulty, half_tiles=bool(options.get("half_tiles")))


def map_report(m: Landscape) -> dict[str, Any]:
    return {"difficulty": m.difficulty.value if m.difficulty is not None else None,
            "hexes": len(m.biomes)}


def map_summary(m: Landscape) -> str:
    tokens = sum(len(stack) for stack in m.clouds.values())
    difficulty = m.difficulty.value if m.difficulty is not None else None
    halves = f", {len(m.halves)} of half-tiles" if m.halves else ""
    if m.night is not None:
        regions = ", ".join(map(str, m.night.regions))
        return (f"turbulences landscape, NIGHT FLIGHT (face down, laid for regions "
                f"{regions}), {len(m.biomes)} hexes, {tokens} cloud tokens")
    return (f"turbulences landscape, {difficulty or 'no difficulty given'}, "
            f"{len(m.biomes)} hexes{halves}, {tokens} cloud tokens")


def stats_text(f: Mapping[str, Any]) -> str:
    biomes = ", ".join(f"{k} {v}" for k, v in f["biomes"].items())
    clouds = ", ".join(f"{k} {v}" for k, v in f["clouds"].items())
    heights = f["tempest_heights"]
    return "\n".join([
        f"  difficulty: {f['difficulty'] or '-'}",
        f"  hexes: {f['hexes']} ({biomes}"
        + (f", {f['half_tiles']} of half-tiles" if f.get("half_tiles") else "") + ")",
        f"  clouds: {clouds}" + (f" (heights {heights})" if heights else ""),
        f"  cloud tokens: {f['cloud_tokens']} ({f['storm_tokens']} on the storm side)",
        f"  clouds next to a mountain: {f['clouds_next_to_mountains']}"])


# --- scenarios and logs -------------------------------------------------------------

def read_scenario(document: Document, data: Any, base: str, at: tuple[Any, ...],
                  *, refs: References | None = None) -> Scenario:
    from skyhex.rules.turbulences.maps import landscape_from_dict
    from skyhex.rules.turbulences.scenario import scenario_from_dict

    problems: list[FileProblem] = []
    if isinstance(data["map"], str):
        map_document = load_referenced(document, data, base, at, "map", "map", (GAME,),
                                       refs)
        land = read_map(map_document, None)
        prefix: tuple[Any, ...] = ()
    else:
        land = landscape_from_dict(data["map"])
        map_document, prefix = document, (*at, "map")
    problems.extend(map_problems(document, at, land, map_document, prefix,
                                 check_map(land, None)))
    try:
        scenario = scenario_from_dict(data, land)
    except InputError as e:
        problems.extend(document.problem(Problem(p.rule, p.message, (*at, *p.path), p.hint))
                        for p in e.problems)
        raise DocumentError(problems) from None
    if problems:
        raise DocumentError(problems)
    return scenario


def map_of(scenario: Scenario) -> Landscape:
    return scenario.landscape


def scenario_summary(s: Scenario) -> str:
    companies = ", ".join(f"{c.colour} {c.aircraft.value} in region {c.region}"
                          + (" (EXPERT)" if c.expert else "") for c in s.companies)
    difficulty = s.landscape.difficulty.value if s.landscape.difficulty else \
        "night (face down)" if s.night is not None else "custom"
    teams = "; ".join(f"{t.name}: {', '.join(s.companies[i].colour for i in t.members)}"
                      for t in s.made_teams())
    return (f"turbulences, {s.mode}, {len(s.companies)} companies ({companies}), "
            f"{difficulty} landscape" + (" with half-tiles" if s.landscape.halves else "")
            + (f", teams ({teams})" if teams else "")
            + "".join(f", the {name}" for name, on in (("Parachute", s.powers.parachute),
                                                       ("Lightning", s.powers.lightning))
                      if on))


def start_caption(scenario: Scenario) -> str:
    return "start of the game: turn 1, first weather phase resolved"


# --- the replay viewer --------------------------------------------------------------

def viewer_art(scenario: Scenario, game: Any, source: str) -> ViewerArt:
    from skyhex.render.sheet import default_title
    from skyhex.render.turbulences.viewer import TurbulencesArt

    land = scenario.landscape
    return TurbulencesArt(game, scenario.title or default_title(land.title, source))


# --- boards -------------------------------------------------------------------------

def map_sheets(m: Landscape, context: Any, request: BoardRequest) -> list[Sheet]:
    from skyhex.render.sheet import default_title
    from skyhex.render.turbulences.board import landscape_picture

    night = _night_picture(m, None, request)
    return [Sheet("board", landscape_picture(
        m, title=_referee_title(default_title(m.title, request.file), night),
        hex_mm=request.hex_mm, coords=request.coords, night=night),
        f"hexes {request.hex_mm:g} mm flat to flat")]


def position_sheets(scenario: Scenario, replay: Replay, caption: str,
                    request: BoardRequest) -> list[Sheet]:
    from skyhex.render.sheet import default_title
    from skyhex.render.turbulences.board import landscape_picture, scenario_subtitle
    from skyhex.render.turbulences.position import turbulences_position

    land = scenario.landscape
    night = _night_picture(land, replay, request)
    return [Sheet("board", landscape_picture(
        land, title=_referee_title(scenario.title or default_title(land.title,
                                                                   request.file), night),
        hex_mm=request.hex_mm, coords=request.coords,
        subtitle=scenario_subtitle(scenario, request.hex_mm),
        position=turbulences_position(replay.game, replay.state, caption), night=night),
        f"hexes {request.hex_mm:g} mm flat to flat")]


def _night_map(seed: int, options: Mapping[str, Any]) -> Landscape:
    """A NIGHT FLIGHT landscape laid face down for ``--regions`` (default 1, 3, 5)."""
    from skyhex.mapgen.errors import GenerationError
    from skyhex.mapgen.turbulences.night import generate_night_landscape

    for option in ("difficulty", "half_tiles"):
        if options.get(option):
            raise UsageError(f"--{option.replace('_', '-')}", "a night landscape has no "
                             "difficulty (its 1-3 mountains are random) and no half-tiles")
    text = options.get("regions") or "1,3,5"
    try:
        regions = [int(r) for r in str(text).split(",")]
    except ValueError:
        raise UsageError("--regions", f"{text!r}: region numbers 1-6, comma-separated "
                         "(--regions 1,3,5)") from None
    try:
        return generate_night_landscape(seed, regions)
    except GenerationError as e:
        raise UsageError("--regions", str(e)) from None


def _night_picture(land: Landscape, replay: Replay | None, request: BoardRequest
                   ) -> NightPicture | None:
    """What a board shows of a night: every tile face down on a map, the tiles not yet
    flipped and the NIGHT token in a position; with ``--referee``, the hidden faces. A map
    or scenario by day has none (``--referee`` is then a usage error)."""
    from skyhex.render.turbulences.night import NightPicture
    from skyhex.rules.hexgrid import Hex
    from skyhex.rules.turbulences.landscape import landscape_set

    night = None if replay is None else replay.state.night
    if land.night is None and night is None:
        if request.get("referee"):
            raise UsageError("--referee", "the referee's sheet shows the hidden faces of a "
                             "NIGHT FLIGHT landscape: this one is not face down")
        return None
    down = landscape_set() - (night.revealed if night is not None else frozenset())
    hidden = {h: land.biomes[h] for h in down} if request.get("referee") else None
    token: Hex | None = None
    paris: Hex | None = None
    if night is not None and replay is not None and replay.game.night is not None:
        token, paris = night.token, replay.game.night.paris_hex
    return NightPicture(frozenset(down), hidden, token, paris)


def _referee_title(title: str, night: NightPicture | None) -> str:
    return f"REFEREE'S SHEET - {title}" if night is not None and night.referee else title


COMPANY_COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
AIRCRAFT_ORDER = ("biplane", "seaplane", "zeppelin")


def _new_scenario(face: Face, options: Mapping[str, Any], output: str
                  ) -> list[tuple[str, str]]:
    import json
    import os

    from skyhex.games.documents import dump_yaml

    players: int = options["players"]
    if not 2 <= players <= 6:
        raise UsageError("--players", "Turbulences is for 2 to 6 companies")
    seed: int = options["seed"]
    night = bool(options.get("night"))
    regions = [1 + (k * 6) // players for k in range(players)]
    files: list[tuple[str, str]] = []
    lines = [
        "# yaml-language-server: $schema=scenario.schema.json",
        "# A Turbulences scenario. Check it with: skyhex scenario validate FILE",
        "format: skyhex.scenario/1",
        f"game: {GAME}",
        f"title: {json.dumps(options.get('title') or f'{players} companies, seed {seed}')}",
        "",
        "# Seed of every chance draw: the first player, the parcel weights, the Wind Rose.",
        f"seed: {seed}",
        "",
    ]
    map_file = options.get("map")
    if map_file is not None:
        FACE.load_map(map_file, None)
        ref = map_file if output == "-" else os.path.relpath(
            map_file, os.path.dirname(os.path.abspath(output)))
        lines += ["# The landscape file, relative to this file (skyhex.map/1).",
                  f"map: {json.dumps(ref)}", ""]
    else:
        land = generate_map(seed, {"night": night,
                                        "regions": ",".join(map(str, regions))} if night
                                 else {}, None)
        text = dump_yaml(map_to_dict(land), MAP_FLOW)
        if output == "-":
            lines += ["# The landscape, inline (skyhex.map/1).", "map:",
                      *("  " + line for line in text.splitlines()), ""]
        else:
            map_path = f"{os.path.splitext(output)[0]}.map.yaml"
            files.append((map_path, text))
            how = f"--night --regions {','.join(map(str, regions))}" if night \
                else "--difficulty D"
            lines += ["# The landscape file, relative to this file (skyhex.map/1); make",
                      f"# another with: skyhex map generate --game turbulences {how}",
                      f"map: {json.dumps(os.path.basename(map_path))}", ""]
    lines += [
        "# classic; teams (4 or 6 companies, partners named under teams:); two-companies",
        "# (2 or 3 players, each naming its two companies by player).",
        "mode: classic",
        "",
        "# Region boards 1-6 (counter-clockwise from the south-west side); the airport is",
        "# city 1-3 of the region (default 2). The box holds two aircraft of each type.",
        "companies:",
    ]
    for k, region in enumerate(regions):
        lines.append(f"  - {{colour: {COMPANY_COLOURS[k]}, aircraft: "
                     f"{AIRCRAFT_ORDER[k % 3]}, region: {region}}}")
    if night:
        lines += ["",
                  "# NIGHT FLIGHT (section 11): the landscape face down, the NIGHT token on PARIS",
                  "# (city 2 of region 1 unless paris: {region, city}); deliveries_end: false",
                  "# plays the night to its end even after 3 deliveries.",
                  "night: {paris: {region: 1, city: 2}, deliveries_end: true}"]
    lines += ["",
              "# wind_rose: other odds for the faces of the Wind Rose (skyhex schema scenario).",
              "# position: start the game at any moment (see docs/formats.md)."]
    files.append((output, "\n".join(lines) + "\n"))
    return files


OPTIONS = (
    Option("players", "2-6 companies", frozenset({NEW}), int, 2, min=2, max=6, short="-p"),
    Option("difficulty", "Mountains and cloud layout: easy, normal, difficult or extreme "
           "(default normal).", frozenset({GENERATE}), metavar="LEVEL"),
    Option("half_tiles", "Lay the six half-tiles of EXPERT's Half-tiles module (three hexes "
           "of two biomes, one plain, sea and desert tile fewer).", frozenset({GENERATE}),
           bool),
    Option("night", "A NIGHT FLIGHT landscape, face down: the pilots' two tiles next to their "
           "regions, 1-3 hidden mountains, no clouds.", frozenset({GENERATE}), bool,
           lacks="no night mode"),
    Option("night", "A NIGHT FLIGHT game, its landscape laid face down for the companies' "
           "regions.", frozenset({NEW}), bool, False, lacks="no night mode"),
    Option("regions", "With --night: the regions of the companies that lay it (default "
           "1,3,5).", frozenset({GENERATE}), metavar="R,R,..."),
    Option("referee", "The referee's sheet, clearly marked: what players may not see printed "
           "too (NIGHT FLIGHT: the hidden faces of the face-down tiles).", frozenset({BOARD}),
           bool, False),
)
"""The command-line options Turbulences takes."""

FACE = Face(
    name=GAME,
    draw_kinds=frozenset({"first", "weight", "wind"}),
    maps=Maps(
        read=read_map, check=check_map, to_dict=map_to_dict, summary=map_summary,
        report=map_report, flow=MAP_FLOW, generate=generate_map,
        stats=MapStats(Lazy("skyhex.mapgen.turbulences.stats:landscape_stats"),
                       Lazy("skyhex.mapgen.turbulences.stats:summary"), stats_text),
        show=Lazy("skyhex.render.turbulences.terminal:render_landscape")),
    scenarios=Scenarios(read=read_scenario, summary=scenario_summary,
                        start_caption=start_caption, new=_new_scenario,
                        map_of=map_of),
    boards=Boards(map_sheets=map_sheets, position_sheets=position_sheets, pieces=pieces_of),
    words=Words(Lazy("skyhex.render.turbulences.account:account"),
                Lazy("skyhex.render.turbulences.account:line")),
    viewer=Viewer(viewer_art),
    logs=Logs(missions=Lazy("skyhex.games.turbulences_missions:tools")),
    options=OPTIONS,
    participant="company",
    about={
        GENERATE: "the difficulty's mountains and clouds, 12 plain and 12 sea tiles shuffled "
                  "with desert; --night: face down, for NIGHT FLIGHT",
        "map show": "biome letters, clouds, and the cities by region number",
        "map stats": "biome counts, clouds by kind, clouds next to a mountain",
        NEW: "a CLASSIC game of --players companies spread around a NORMAL landscape, or "
             "with --night a face-down one",
        "components print": "landscape tiles, half-tiles, runways, airports, cloud, parcel, "
                            "BOOST and Jerrycan tokens",
        BOARD: "biomes, Region boards, cities, clouds; from a scenario or moves file, airports "
               "and aircraft; NIGHT FLIGHT: face-down tiles and the NIGHT token, --referee "
               "prints the hidden faces",
    },
)
