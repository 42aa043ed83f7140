"""``skyhex board``: a map as a printable SVG board at real size, with the game's other sheets
(Paragliders: the track boards); from a scenario or a moves file, with the position of the
game."""

from __future__ import annotations

import os
import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from skyhex.cli.files import ForceOption
from skyhex.cli.report import (
    ComponentsOption,
    OutsideRefsOption,
    error,
    references,
    reporting,
)
from skyhex.rules.text import escape, excerpt

if TYPE_CHECKING:
    from skyhex.games.face import BoardRequest, Face, Sheet

# The same limits as skyhex.render.sheet (a test keeps them equal); repeated here so that
# `skyhex --help` does not import the renderer.
HEX_MM_DEFAULT = 30.0
HEX_MM_MIN = 15.0
HEX_MM_MAX = 60.0
MAX_PAGES = 99
"""Pages of one sheet, at most: the standard board takes 27 Letter pages at the largest
hexes; a larger request is a mistake to correct (smaller hexes, larger paper)."""


class Paper(StrEnum):
    poster = "poster"
    a4 = "a4"
    letter = "letter"
    a3 = "a3"


def _stem(output: str) -> str:
    return output[:-4] if output.lower().endswith(".svg") else output


def _peek(path: str) -> tuple[str, str | None]:
    """The kind of document at ``path`` (map, scenario or moves), from its format key, and
    its ``game`` key as written; ``DocumentError`` for any other document."""
    from skyhex.games.documents import FORMATS
    from skyhex.rules import games as registry
    from skyhex.schemas.documents import DocumentError, FileProblem, load

    document = load(path)  # standard input is kept: the loaders read the same bytes again
    data = document.data
    found = data.get("format") if isinstance(data, dict) else None
    kinds = ("map", "scenario", "moves")
    kind = next((k for k in kinds if isinstance(found, str) and FORMATS[k] == found), None)
    if kind is None:
        what = "no 'format' key" if found is None else f"format {excerpt(found)}"
        expected = ", ".join(f"{FORMATS[k]!r} (a {k} file)" for k in kinds)
        line, column = document.locate(("format",))
        raise DocumentError([FileProblem(document.name, f"{what}: expected {expected}", line,
                                         column, ("format",), "file.format")])
    game = data.get("game")
    if isinstance(game, str) and game not in registry.GAMES:
        line, column = document.locate(("game",))
        raise DocumentError([FileProblem(document.name, registry.unknown_game_message(game),
                                         line, column, ("game",), "file.game")])
    return kind, game if isinstance(game, str) else None


def _sheets(request: BoardRequest, game_key: str | None, moves: str | None, at: int | None,
            allow_outside_refs: bool) -> list[Sheet]:
    """The sheets to print for the file of ``request``: a map's, or the position of a
    scenario's start or of a moves file replayed (the first ``at`` entries); an illegal
    entry ends the command as ``skyhex replay`` does."""
    from skyhex.games.documents import error_line, load_game, replay_game, sources
    from skyhex.games.face import face
    from skyhex.rules.games import DEFAULT_GAME

    file, kind = request.file, request.kind
    if kind == "map":
        if moves is not None:
            raise typer.BadParameter(f"{file} is a map: moves are played on a scenario (give a "
                                     "scenario file as FILE)", param_hint="--moves")
        if at is not None:
            raise typer.BadParameter(f"{file} is a map: --at counts the entries of a moves "
                                     "file", param_hint="--at")
        game = face(game_key or DEFAULT_GAME)
        _usage(game, request, "map")
        context = game.map_context(request.components)
        m, _ = game.load_map(file, context)
        return game.map_sheets(m, context, request)
    if request.components is not None:
        raise typer.BadParameter(f"{file} is a {kind} file: its scenario names its component "
                                 "set", param_hint="--components")
    if kind == "moves" and moves is not None:
        raise typer.BadParameter(f"{file} is a moves file already: give a scenario as FILE "
                                 "with --moves", param_hint="--moves")
    if kind == "scenario" and moves is None:
        if at is not None:
            raise typer.BadParameter("counts the entries of a moves file: give --moves MOVES "
                                     "(or a moves file as FILE)", param_hint="--at")
        found = sources(None, file, references(allow_outside_refs))
    else:
        found = sources(moves if moves is not None else file,
                        file if moves is not None else None, references(allow_outside_refs))
    game = face(found.game)
    _usage(game, request, kind)
    loaded = load_game(None, None, found)
    replay = replay_game(loaded, until=at)
    if replay.error is not None:
        print(error_line(replay, loaded.moves), file=sys.stderr)
        raise typer.Exit(1)
    document = loaded.moves
    if document is None:
        caption = game.start_caption(loaded.scenario)
    else:
        total = len(document.data["moves"])
        if at is not None and at > total:
            raise typer.BadParameter(f"{at} is past the end: {document.name} has {total} "
                                     "entries", param_hint="--at")
        caption = (f"after {replay.applied} of {total} entries of "
                   f"{os.path.basename(document.name)}")
    return game.position_sheets(loaded.scenario, replay, caption, request)


def _usage(game: Face, request: BoardRequest, kind: str) -> None:
    """Usage errors for the options this game's boards have no use for."""
    for option, given in (("tracks", request.tracks), ("components", request.components)):
        if given and option not in game.board_options:
            raise typer.BadParameter(f"{request.file} is a {game.name} {kind}: --{option} is "
                                     f"not for {game.name} boards", param_hint=f"--{option}")


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
        "--tracks", help="Also write the track boards (Paragliders: altitude, thermal lift, "
        "time and weather) as <stem>-tracks.svg, or <stem>-tracks-p01.svg ... on pages. A "
        "scenario gives the altitude track sides and weather tiles (random ones as drawn at "
        "setup); a plain map uses easy sides and the component set's first 12 weather "
        "tiles, face a.")] = False,
    moves: Annotated[str | None, typer.Option(
        "--moves", metavar="MOVES", help="Moves file to replay on the scenario FILE (which "
        "replaces the scenario the moves file names); the board shows the position "
        "reached.")] = None,
    at: Annotated[int | None, typer.Option(
        "--at", min=0, metavar="N", help="Show the position after the first N entries of the "
        "moves file (default: all of them).")] = None,
    components: ComponentsOption = None,
    force: ForceOption = False,
    allow_outside_refs: OutsideRefsOption = False,
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
    from skyhex.cli.files import check_output, page_set, write_files
    from skyhex.games.face import BoardRequest
    from skyhex.render.paper import TooManyPages, page_names, page_svg, plan, poster_svg

    if not HEX_MM_MIN <= hex_mm <= HEX_MM_MAX:  # NaN passes Typer's range check
        raise typer.BadParameter(f"{hex_mm} is not a size in mm from {HEX_MM_MIN:g} to "
                                 f"{HEX_MM_MAX:g}", param_hint="--hex-mm")
    if output == "-" and (paper is not Paper.poster or tracks):
        raise typer.BadParameter("- writes a single poster to stdout: use -o FILE for pages "
                                 "or track boards", param_hint="--output")
    if file == "-" and moves == "-":
        raise typer.BadParameter("FILE already reads standard input", param_hint="--moves")
    stem = _stem(output)
    with reporting():
        if paper is Paper.poster:
            check_output(output, force=force)
        kind, game_key = _peek(file)
        request = BoardRequest(file, kind, hex_mm, coords, tracks, components)
        try:
            sheets = _sheets(request, game_key, moves, at, allow_outside_refs)
        except ValueError as e:  # a board the renderer cannot draw
            error(f"{file}: {e}")
            raise typer.Exit(1) from None
    files: list[tuple[str, str]] = []
    page_sets = []
    summary = []
    try:
        for sheet in sheets:
            base = stem if sheet.role == "board" else f"{stem}-{sheet.role}"
            if paper is Paper.poster:
                name = output if sheet.role == "board" else f"{base}.svg"
                files.append((name, poster_svg(sheet.picture, note=sheet.note)))
                if sheet.role != "board":
                    summary.append(f"{_words(sheet.role)} {name}")
                continue
            try:
                tiling = plan(sheet.picture, paper.value, max_pages=MAX_PAGES)
            except TooManyPages as e:
                raise typer.BadParameter(f"the {_words(sheet.role)}: {e}: choose smaller hexes "
                                         "(--hex-mm) or larger paper", param_hint="--paper"
                                         ) from None
            pages = [page_svg(sheet.picture, tiling, p) for p in tiling.pages]
            names = page_names(base, len(pages))
            page_sets.append(page_set(names[0]))
            files += zip(names, pages, strict=True)
            if sheet.role == "board":
                orientation = "landscape" if tiling.landscape else "portrait"
                summary.append(f"{len(pages)} {paper.value} {orientation} pages {names[0]} ... "
                               f"{names[-1]}" if len(pages) > 1 else
                               f"1 {paper.value} {orientation} page {names[0]}")
            else:
                summary.append(f"{_words(sheet.role)} on {len(pages)} "
                               f"page{'s' if len(pages) > 1 else ''} {', '.join(names)}")
    except ValueError as e:
        error(f"{file}: {e}")
        raise typer.Exit(1) from None
    with reporting():
        write_files(files, force=force, sets=page_sets)
    if summary:
        print(escape(f"wrote {'; '.join(summary)}"), file=sys.stderr)


def _words(role: str) -> str:
    return {"tracks": "track boards"}.get(role, role)
