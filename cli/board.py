"""``skyhex board``: a map as a printable SVG board at real size, and its track boards;
from a scenario or a moves file, with the position of the game (pawns, clouds, wind, sun,
time and what each pilot collected)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from skyhex.cli.maps import ComponentsOption, _error, _reporting

if TYPE_CHECKING:
    from skyhex.cli.replay import Sources
    from skyhex.render.paragliders.board import BoardPicture
    from skyhex.render.paragliders.tracks import TracksPicture
    from skyhex.render.turbulences.board import LandscapePicture
    from skyhex.render.turbulences.position import TurbulencesPosition
    from skyhex.rules.paragliders.replay import Replay
    from skyhex.rules.turbulences.landscape import Landscape
    from skyhex.rules.turbulences.scenario import Scenario as TurbulencesScenario

# The same limits as skyhex.render.sheet (a test keeps them equal); repeated here so that
# `skyhex --help` does not import the renderer.
HEX_MM_DEFAULT = 30.0
HEX_MM_MIN = 15.0
HEX_MM_MAX = 60.0


class Paper(StrEnum):
    poster = "poster"
    a4 = "a4"
    letter = "letter"
    a3 = "a3"


def _stem(output: str) -> str:
    return output[:-4] if output.lower().endswith(".svg") else output


def _check_writable(output: str) -> None:
    """Fail early, in one line, when ``output`` cannot be written (before any rendering)."""
    directory = os.path.dirname(os.path.abspath(output))
    problem = None
    if os.path.isdir(output):
        problem = "it is a directory"
    elif not os.path.isdir(directory):
        problem = f"no directory {directory}"
    elif not os.access(directory, os.W_OK | os.X_OK):
        problem = f"permission denied in {directory}"
    if problem is not None:
        _error(f"cannot write {output}: {problem}")
        raise typer.Exit(1)


KINDS = ("map", "scenario", "moves")


@contextmanager
def _input_kind(path: str) -> Iterator[tuple[str, object]]:
    """The kind of file at ``path`` (``map``, ``scenario`` or ``moves``), from its format
    key, and its ``game`` key as written (the loaders check it); ``DocumentError`` for any
    other file."""
    from skyhex.cli.files import FORMATS
    from skyhex.schemas.documents import (
        DocumentError,
        FileProblem,
        decode,
        display_name,
        parse,
        read_bytes,
    )

    data = read_bytes(path)
    document = parse(decode(data, display_name(path)), display_name(path))
    found = document.data.get("format") if isinstance(document.data, dict) else None
    kind = next((k for k in KINDS if isinstance(found, str) and FORMATS[k] == found), None)
    if kind is None:
        what = "no 'format' key" if found is None else f"format {found!r}"
        expected = ", ".join(f"{FORMATS[k]!r} (a {k} file)" for k in KINDS)
        line, column = document.locate(("format",))
        raise DocumentError([FileProblem(document.name, f"{what}: expected {expected}", line,
                                         column, ("format",), "file.format")])
    game = document.data.get("game")
    yield kind, game  # the loaders read standard input again: documents.read_bytes keeps it


def _turbulences_usage(file: str, *, tracks: bool, moves: str | None, at: int | None,
                       components: str | None) -> None:
    """Usage errors for the options a Turbulences map has no use for."""
    if tracks:
        raise typer.BadParameter(f"{file} is a Turbulences map: track boards are "
                                 "Paragliders boards", param_hint="--tracks")
    if moves is not None:
        raise typer.BadParameter(f"{file} is a map: moves are played on a scenario (give a "
                                 "Turbulences scenario file as FILE)", param_hint="--moves")
    if at is not None:
        raise typer.BadParameter(f"{file} is a map: --at counts the entries of a moves file",
                                 param_hint="--at")
    if components is not None:
        raise typer.BadParameter(f"{file} is a Turbulences map: component sets are "
                                 "Paragliders ones", param_hint="--components")


def _load_landscape(file: str) -> Landscape:
    """The Turbulences map in ``file`` (schema-checked; ``skyhex map check`` checks the
    setup rules)."""
    from skyhex.cli.files import load_validated
    from skyhex.rules.turbulences.maps import landscape_from_dict

    return landscape_from_dict(load_validated(file, "map", games=("turbulences",)).data)


@dataclass(frozen=True)
class TurbulencesBoard:
    """A Turbulences position to print: its scenario and what the board shows."""

    scenario: TurbulencesScenario
    position: TurbulencesPosition


def _turbulences_game(file: str, kind: str, moves: str | None, at: int | None, *,
                      tracks: bool, found: Sources | None) -> TurbulencesBoard:
    """The Turbulences position printed: a scenario's start (its first weather phase
    resolved, as ``--at 0``), or a moves file replayed (the first ``at`` entries). An illegal
    entry ends the command as ``skyhex replay`` does."""
    from skyhex.cli import turbulences
    from skyhex.cli.files import load_validated
    from skyhex.cli.replay import error_line
    from skyhex.render.turbulences.position import turbulences_position

    if tracks:
        raise typer.BadParameter(f"{file} is a Turbulences {kind} file: track boards are "
                                 "Paragliders boards", param_hint="--tracks")
    if found is None:  # a scenario alone
        if at is not None:
            raise typer.BadParameter("counts the entries of a moves file: give --moves MOVES "
                                     "(or a moves file as FILE)", param_hint="--at")
        document = load_validated(file, "scenario")
        scenario = turbulences.scenario_in(document, document.data, file)
        replay = turbulences.run(scenario, None, False, None)
        caption = "start of the game: turn 1, first weather phase resolved"
    else:
        scenario = turbulences.scenario_in(found.document, found.data, found.base, found.at)
        replay = turbulences.run(scenario, found.moves, False, at)
        if replay.error is not None:
            print(error_line(replay, found.moves), file=sys.stderr)
            raise typer.Exit(1)
        assert found.moves is not None  # a moves file was read
        total = len(found.moves.data["moves"])
        if at is not None and at > total:
            raise typer.BadParameter(f"{at} is past the end: {found.moves.name} has {total} "
                                     "entries", param_hint="--at")
        caption = (f"after {replay.applied} of {total} entries of "
                   f"{os.path.basename(found.moves.name)}")
    return TurbulencesBoard(scenario, turbulences_position(replay.game, replay.state, caption))


def _game(file: str, kind: str, moves: str | None, at: int | None,
          found: Sources | None = None) -> tuple[Replay, str]:
    """The game whose position is printed, and a caption saying where the position comes
    from: a scenario's setup or position, or a moves file replayed (the first ``at``
    entries). An illegal entry ends the command as ``skyhex replay`` does."""
    from skyhex.cli.replay import _run, error_line
    from skyhex.cli.scenario import load_scenario
    from skyhex.rules.paragliders.replay import start

    if kind == "scenario" and moves is None:
        if at is not None:
            raise typer.BadParameter("counts the entries of a moves file: give --moves MOVES "
                                     "(or a moves file as FILE)", param_hint="--at")
        scenario, _ = load_scenario(file)
        replay = start(scenario)
        if scenario.position is not None:
            return replay, "the scenario's position"
        return replay, "setup: every pawn in hand"
    replay, document = _run(moves if moves is not None else file,
                            file if moves is not None else None, False, at, found)
    if replay.error is not None:
        print(error_line(replay, document), file=sys.stderr)
        raise typer.Exit(1)
    assert document is not None  # a moves file was read
    total = len(document.data["moves"])
    if at is not None and at > total:
        raise typer.BadParameter(f"{at} is past the end: {document.name} has {total} entries",
                                 param_hint="--at")
    name = os.path.basename(document.name)
    return replay, f"after {replay.applied} of {total} entries of {name}"


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


def board(
    file: Annotated[str, typer.Argument(
        metavar="FILE", help="Map, scenario or moves file (- for stdin), told apart by their "
        "format key.")],
    output: Annotated[str, typer.Option(
        "--output", "-o", metavar="FILE|-",
        help="Where to write the poster; with --paper a4|letter|a3 the pages go beside it as "
        "<stem>-p01.svg, <stem>-p02.svg, ... (stem = FILE without .svg). - writes a poster "
        "to stdout.")] = "board.svg",
    paper: Annotated[Paper, typer.Option(
        help="poster: one sheet the size of the board. a4, letter, a3: pages with 10 mm "
        "margins and 10 mm overlap strips, alignment and crop marks, page labels and a 50 mm "
        "scale bar, portrait or landscape, whichever needs fewer pages.")] = Paper.poster,
    hex_mm: Annotated[float, typer.Option(
        "--hex-mm", min=HEX_MM_MIN, max=HEX_MM_MAX, metavar="MM",
        help=f"Hex size flat to flat in mm ({HEX_MM_MIN:g}-{HEX_MM_MAX:g}); the default fits "
        "a pawn base.")] = HEX_MM_DEFAULT,
    coords: Annotated[bool, typer.Option(
        "--coords", help="Print each hex's q,r coordinates (to write moves files from a "
        "printed board).")] = False,
    tracks: Annotated[bool, typer.Option(
        "--tracks", help="Also write the track boards (altitude, thermal lift, time and "
        "weather) as <stem>-tracks.svg, or <stem>-tracks-p01.svg ... on pages. A scenario "
        "gives the altitude track sides and weather tiles (random ones as drawn at setup); a "
        "plain map uses easy sides and the component set's first 12 weather tiles, face "
        "a.")] = False,
    moves: Annotated[str | None, typer.Option(
        "--moves", metavar="MOVES", help="Moves file to replay on the scenario FILE (which "
        "replaces the scenario the moves file names); the board shows the position "
        "reached.")] = None,
    at: Annotated[int | None, typer.Option(
        "--at", min=0, metavar="N", help="Show the position after the first N entries of the "
        "moves file (default: all of them).")] = None,
    components: ComponentsOption = None,
) -> None:
    """Print a map as an SVG board at real size (1 SVG unit = 1 mm; print at 100%).

    Colour-blind safe terrain colours, each with a symbol so that black and white prints read.

    Marks: take-off, target, cloud spawn numbers, antennas (colour named), GPS sites, corners A-F.

    FILE is a map, a scenario or a moves file, told apart by their format key.

    Turbulences: biomes, Region boards, cities, clouds; from a scenario or moves file, airports and aircraft.

    A scenario shows its setup or position; --moves MOVES --at N, the position after N entries.

    Positions: pawns with facing and altitude, clouds, time, wind, sun, each pilot's tokens.

    Exit codes: 0 success; 1 invalid file, illegal moves entry or unwritable output; 2 usage error.
    """
    from skyhex.cli.files import load_components, load_map, write_atomic
    from skyhex.render.paper import page_names, pages_svg, poster_svg
    from skyhex.render.paragliders.board import board_picture
    from skyhex.render.paragliders.position import position_view
    from skyhex.render.paragliders.tracks import default_weather, tracks_picture
    from skyhex.render.sheet import default_title
    from skyhex.rules.paragliders.components import Side

    if not HEX_MM_MIN <= hex_mm <= HEX_MM_MAX:  # NaN passes Typer's range check
        raise typer.BadParameter(f"{hex_mm} is not a size in mm from {HEX_MM_MIN:g} to "
                                 f"{HEX_MM_MAX:g}", param_hint="--hex-mm")
    if output == "-" and (paper is not Paper.poster or tracks):
        raise typer.BadParameter("- writes a single poster to stdout: use -o FILE for pages "
                                 "or track boards", param_hint="--output")
    if file == "-" and moves == "-":
        raise typer.BadParameter("FILE already reads standard input", param_hint="--moves")
    if output != "-":
        _check_writable(output)
    land: Landscape | None = None
    turbulences: TurbulencesBoard | None = None
    with _reporting(), _input_kind(file) as (kind, game_key):
        if kind == "map" and game_key == "turbulences":
            _turbulences_usage(file, tracks=tracks, moves=moves, at=at, components=components)
            land = _load_landscape(file)
            game = None
        elif kind == "map":
            if moves is not None:
                raise typer.BadParameter(f"{file} is a map: moves are played on a scenario "
                                         "(give a scenario file as FILE)", param_hint="--moves")
            if at is not None:
                raise typer.BadParameter(f"{file} is a map: --at counts the entries of a "
                                         "moves file", param_hint="--at")
            cs = load_components(components)
            m, _ = load_map(file, cs)
            game = None
            title = default_title(m.title, file)
        else:
            if components is not None:
                raise typer.BadParameter(f"{file} is a {kind} file: its scenario names its "
                                         "component set", param_hint="--components")
            if kind == "moves" and moves is not None:
                raise typer.BadParameter(f"{file} is a moves file already: give a scenario "
                                         "as FILE with --moves", param_hint="--moves")
            found = None
            if kind == "moves" or moves is not None:
                from skyhex.cli.replay import sources

                found = sources(moves if moves is not None else file,
                                file if moves is not None else None)
            if (found.game if found is not None else game_key) == "turbulences":
                turbulences = _turbulences_game(file, kind, moves, at, tracks=tracks,
                                                found=found)
                game = None
            else:
                game, caption = _game(file, kind, moves, at, found)
                scenario = game.game.scenario
                m = scenario.map
                title = scenario.title or default_title(m.title, file)
    try:
        picture: BoardPicture | LandscapePicture
        if land is not None:
            from skyhex.render.turbulences.board import landscape_picture

            picture = landscape_picture(land, title=default_title(land.title, file),
                                        hex_mm=hex_mm, coords=coords)
        elif turbulences is not None:
            from skyhex.render.turbulences.board import landscape_picture, scenario_subtitle

            ts = turbulences.scenario
            picture = landscape_picture(
                ts.landscape, title=ts.title or default_title(ts.landscape.title, file),
                hex_mm=hex_mm, coords=coords, subtitle=scenario_subtitle(ts, hex_mm),
                position=turbulences.position)
        else:
            picture = board_picture(
                m, title=title, hex_mm=hex_mm, coords=coords,
                position=None if game is None else position_view(game.game, game.state,
                                                                 caption))
    except ValueError as e:
        _error(f"{file}: {e}")
        raise typer.Exit(1) from None

    stem = _stem(output)
    files: list[tuple[str, str]] = []
    summary = []
    if paper is Paper.poster:
        files.append((output, poster_svg(picture, note=f"hexes {hex_mm:g} mm flat to flat")))
    else:
        tiling, pages = pages_svg(picture, paper.value)
        names = page_names(stem, len(pages))
        files += zip(names, pages, strict=True)
        orientation = "landscape" if tiling.landscape else "portrait"
        summary.append(f"{len(pages)} {paper.value} {orientation} pages {names[0]} ... {names[-1]}"
                       if len(pages) > 1 else f"1 {paper.value} {orientation} page {names[0]}")
    if tracks:
        track_picture: TracksPicture
        if game is None:
            cs = load_components(components)
            track_picture = tracks_picture(
                f"{title} - track boards", altitude=cs.altitude, sides=(Side.EASY,) * 3,
                thermal=cs.thermal, time=cs.time, weather_board=cs.weather_board,
                weather=default_weather(cs),
                weather_source=f"weather tiles: the first {len(cs.weather_board.hours)} of set "
                f"{cs.id}, face a (a scenario chooses its own)")
        else:
            track_picture = _scenario_tracks(title, game, caption)
        if paper is Paper.poster:
            name = f"{stem}-tracks.svg"
            files.append((name, poster_svg(track_picture)))
            summary.append(f"track boards {name}")
        else:
            _, pages = pages_svg(track_picture, paper.value)
            names = page_names(f"{stem}-tracks", len(pages))
            files += zip(names, pages, strict=True)
            summary.append(f"track boards on {len(pages)} page{'s' if len(pages) > 1 else ''} "
                           f"{', '.join(names)}")
    for target, text in files:
        try:
            write_atomic(target, text)
        except OSError as e:
            _error(f"cannot write {target}: {e.strerror or e}")
            raise typer.Exit(1) from None
    if summary:
        print(f"wrote {'; '.join(summary)}", file=sys.stderr)
