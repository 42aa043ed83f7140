"""``skyhex board``: a map as a printable SVG board at real size, with the game's other sheets
(track boards, cards); from a scenario or a moves file, with the position of the game."""

from __future__ import annotations

import os
import re
import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skyhex.cli.files import ForceOption, is_special
from skyhex.cli.report import (
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
PAGE_ONE = re.compile(r"-p0*1\.(svg|png)$")
"""The first page of a set of page files."""
"""Pages of one sheet, at most: the standard board takes 27 Letter pages at the largest
hexes; a larger request is a mistake to correct (smaller hexes, larger paper)."""


class Paper(StrEnum):
    poster = "poster"
    a4 = "a4"
    letter = "letter"
    a3 = "a3"


class Style(StrEnum):
    normal = "normal"
    low_ink = "low-ink"


class OutputFormat(StrEnum):
    svg = "svg"
    pdf = "pdf"
    png = "png"


DEFAULT_OUTPUT = "board.svg"


def _target(output: str, explicit: OutputFormat | None) -> tuple[str, OutputFormat]:
    """The output file and its format: from ``--format``, else from the file's extension
    (``.svg``, ``.pdf``, ``.png``); a folder (an existing one, or a name ending in ``/``)
    gets ``board.<format>`` in it. Any other extension, or one that contradicts
    ``--format``, is a usage error: never a file of one format under another's name. A
    special file without an extension (a device, ``/dev/fd/N``, a FIFO) gets SVG, the
    format a pipe's reader expects."""
    if output == "-":
        return output, explicit or OutputFormat.svg
    if output.endswith(("/", os.sep)) or os.path.isdir(output):
        fmt = explicit or OutputFormat.svg
        return os.path.join(output, f"board.{fmt.value}"), fmt
    ext = os.path.splitext(output)[1].lower().lstrip(".")
    known = {f.value for f in OutputFormat}
    if not ext and explicit is None and is_special(output):
        return output, OutputFormat.svg  # /dev/null, /dev/fd/N, a FIFO: named by no extension
    if explicit is not None:
        if ext in known and ext != explicit.value:
            raise typer.BadParameter(f"{output} names a .{ext} file but --format is "
                                     f"{explicit.value}", param_hint="--output")
        return output, explicit
    if ext not in known:
        what = f"the extension .{ext}" if ext else "no extension"
        raise typer.BadParameter(f"{output} has {what}: write .svg, .pdf or .png, or give "
                                 "--format", param_hint="--output")
    return output, OutputFormat(ext)


def _stem(output: str) -> str:
    root, ext = os.path.splitext(output)
    return root if ext.lower().lstrip(".") in {f.value for f in OutputFormat} else output


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
    if isinstance(game, str) and not registry.is_game(game):
        line, column = document.locate(("game",))
        raise DocumentError([FileProblem(document.name, registry.unknown_game_message(game),
                                         line, column, ("game",), "file.game")])
    return kind, game if isinstance(game, str) else None


def _sheets(request: BoardRequest, game_key: str | None, moves: str | None, at: int | None,
            allow_outside_refs: bool) -> list[Sheet]:
    """The sheets to print for the file of ``request``: a map's, or the position of a
    scenario's start or of a moves file replayed (the first ``at`` entries); an illegal
    entry ends the command as ``skyhex replay`` does. The request's ``options`` are the
    board options given, every game's (``None``: not given); the game's own replace them."""
    from skyhex.games.documents import error_line, load_game, replay_game, sources
    from skyhex.games.face import face
    from skyhex.rules.games import default_name

    file, kind = request.file, request.kind
    given = request.options
    if kind == "map":
        if moves is not None:
            raise typer.BadParameter(f"{file} is a map: moves are played on a scenario (give a "
                                     "scenario file as FILE)", param_hint="--moves")
        if at is not None:
            raise typer.BadParameter(f"{file} is a map: --at counts the entries of a moves "
                                     "file", param_hint="--at")
        game = face(game_key or default_name())
        request = _usage(game, request, "map")
        boards = game.need(game.boards, "boards")
        context = game.need(game.maps, "maps").context(request.get("components"))
        m, _ = game.load_map(file, context)
        return boards.map_sheets(m, context, request)
    if given.get("components") is not None:
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
    request = _usage(game, request, kind)
    boards = game.need(game.boards, "boards")
    loaded = load_game(None, None, found)
    replay = replay_game(loaded, until=at)
    if replay.error is not None:
        print(error_line(replay, loaded.moves), file=sys.stderr)
        raise typer.Exit(1)
    document = loaded.moves
    if document is None:
        caption = game.need(game.scenarios, "scenarios").start_caption(loaded.scenario)
    else:
        total = len(document.data["moves"])
        if at is not None and at > total:
            raise typer.BadParameter(f"{at} is past the end: {document.name} has {total} "
                                     "entries", param_hint="--at")
        caption = (f"after {replay.applied} of {total} entries of "
                   f"{os.path.basename(document.name)}")
    return boards.position_sheets(loaded.scenario, replay, caption, request)


def _usage(game: Face, request: BoardRequest, kind: str) -> BoardRequest:
    """The request with the game's own board options (usage errors for the options given
    that its boards have no use for)."""
    import dataclasses

    from skyhex.cli.options import chosen
    from skyhex.games.face import BOARD, UsageError

    given = {k: (v or None) for k, v in request.options.items()}  # a flag not given: False
    try:
        options = chosen(game, BOARD, given)
    except UsageError as e:
        raise typer.BadParameter(f"{request.file} is a {game.name} {kind}: {e.message}",
                                 param_hint=e.option) from None
    return dataclasses.replace(request, options=options)


def board(
    file: Annotated[str, typer.Argument(
        metavar="FILE", help="Map, scenario or moves file (- for stdin), told apart by their "
        "format key.")],
    output: Annotated[str, typer.Option(
        "--output", "-o", metavar="FILE|DIR/|-",
        help="Where to write the board: .svg, .pdf or .png (or --format). A PDF holds every "
        "page and sheet in one document; SVG and PNG pages go beside FILE as <stem>-p01.svg, "
        "<stem>-p02.svg, ... (stem = FILE without its extension). A folder gets board.svg "
        "(or .pdf, .png) in it. - writes a poster to stdout.")] = DEFAULT_OUTPUT,
    output_format: Annotated[OutputFormat | None, typer.Option(
        "--format", help="svg, pdf or png (default: from the extension of --output).")
    ] = None,
    paper: Annotated[Paper, typer.Option(
        help="poster: one sheet the size of the board. a4, letter, a3: the hexes tiled on "
        "the fewest pages (10 mm margins and overlap strips, crop and registration marks, "
        "page numbers, a 50 mm scale bar), after a front page with the title, an assembly "
        "diagram and, where they fit, the legend and panel, never cut across pages.")
    ] = Paper.poster,
    style: Annotated[Style, typer.Option(
        help="normal: terrain in full colour. low-ink: the hexes in pale tints of their "
        "colours, every symbol and mark kept (for home printers).")] = Style.normal,
    hex_mm: Annotated[float, typer.Option(
        "--hex-mm", min=HEX_MM_MIN, max=HEX_MM_MAX, metavar="MM",
        help=f"Hex size flat to flat in mm ({HEX_MM_MIN:g}-{HEX_MM_MAX:g}); the default fits "
        "a pawn base.")] = HEX_MM_DEFAULT,
    coords: Annotated[bool, typer.Option(
        "--coords", help="Print each hex's q,r coordinates (to write moves files from a "
        "printed board).")] = False,
    moves: Annotated[str | None, typer.Option(
        "--moves", metavar="MOVES", help="Moves file to replay on the scenario FILE (which "
        "replaces the scenario the moves file names); the board shows the position "
        "reached.")] = None,
    at: Annotated[int | None, typer.Option(
        "--at", min=0, metavar="N", help="Show the position after the first N entries of the "
        "moves file (default: all of them).")] = None,
    given: dict[str, Any] | None = None,
    force: ForceOption = False,
    allow_outside_refs: OutsideRefsOption = False,
) -> None:
    """Print a map as an SVG board at real size (1 SVG unit = 1 mm; print at 100%).

    Colour-blind safe terrain colours, each with a symbol so that black and white prints read.

    FILE is a map, a scenario or a moves file, told apart by their format key.

    A scenario shows its setup or position; --moves MOVES --at N, the position after N entries.

    Options that only some games take say which; an option the file's game does not take is a
    usage error.

    Exit codes: 0 success; 1 invalid file, illegal moves entry or unwritable output; 2 usage error.
    """
    from skyhex.cli.files import check_output, page_set, write_files
    from skyhex.games.face import BoardRequest
    from skyhex.render.paper import TooManyPages, plan

    if not HEX_MM_MIN <= hex_mm <= HEX_MM_MAX:  # NaN passes Typer's range check
        raise typer.BadParameter(f"{hex_mm} is not a size in mm from {HEX_MM_MIN:g} to "
                                 f"{HEX_MM_MAX:g}", param_hint="--hex-mm")
    output, fmt = _target(output, output_format)
    given = given or {}
    if output == "-" and (paper is not Paper.poster or given.get("tracks")) and \
            fmt is not OutputFormat.pdf:
        raise typer.BadParameter("- writes a single poster to stdout: use -o FILE for pages "
                                 "or track boards (or --format pdf)", param_hint="--output")
    if file == "-" and moves == "-":
        raise typer.BadParameter("FILE already reads standard input", param_hint="--moves")
    with reporting():
        if paper is Paper.poster:
            check_output(output, force=force)
        kind, game_key = _peek(file)
        request = BoardRequest(file, kind, hex_mm, coords, given)
        try:
            sheets = _sheets(request, game_key, moves, at, allow_outside_refs)
        except ValueError as e:  # a board the renderer cannot draw
            error(f"{file}: {e}")
            raise typer.Exit(1) from None
    if paper is not Paper.poster:
        for sheet in sheets:  # refused before any page is laid out
            try:
                plan(sheet.picture, paper.value, max_pages=MAX_PAGES)
            except TooManyPages as e:
                raise typer.BadParameter(f"the {_words(sheet.role)}: {e}: choose smaller hexes "
                                         "(--hex-mm) or larger paper", param_hint="--paper"
                                         ) from None
    try:
        files, summary = _render(sheets, output, fmt, paper, style.value,
                                 _metadata(file, game_key))
    except ValueError as e:
        error(f"{file}: {e}")
        raise typer.Exit(1) from None
    except RuntimeError as e:  # the PDF renderer is missing
        error(str(e))
        raise typer.Exit(1) from None
    page_sets = [page_set(name) for name, _ in files if PAGE_ONE.search(name)]
    with reporting():
        write_files(files, force=force, sets=page_sets)
    if summary:
        print(escape(f"wrote {'; '.join(summary)}"), file=sys.stderr)


def _metadata(file: str, game: str | None) -> dict[str, str]:
    """The PDF document's metadata: the game, the seed and the file the board comes from."""
    from skyhex.rules import __version__
    from skyhex.rules.games import default_name
    from skyhex.schemas.documents import load

    data = load(file).data
    seed = data.get("seed") if isinstance(data, dict) else None
    name = game or default_name()
    keywords = [name, "board"] + ([f"seed {seed}"] if isinstance(seed, int) else [])
    return {"/Subject": f"{name} board from {os.path.basename(file) if file != '-' else 'standard input'}",
            "/Keywords": ", ".join(keywords), "/Creator": f"skyhex {__version__}",
            "/Producer": f"skyhex {__version__} (CairoSVG, pypdf)"}


def _render(sheets: list[Sheet], output: str, fmt: OutputFormat, paper: Paper, style: str,
            metadata: dict[str, str]) -> tuple[list[tuple[str, str | bytes]], list[str]]:
    """The files to write for ``sheets`` (name and content) and the summary of them."""
    from skyhex.render.ink import styled
    from skyhex.render.layout import print_pages
    from skyhex.render.paper import page_names, poster_svg
    from skyhex.render.pdf import to_pdf, to_png

    stem = _stem(output)
    suffix = f".{fmt.value}"
    files: list[tuple[str, str | bytes]] = []
    summary: list[str] = []
    document: list[str] = []  # the pages of a PDF
    for sheet in sheets:
        base = stem if sheet.role == "board" else f"{stem}-{sheet.role}"
        if paper is Paper.poster:
            pages = [poster_svg(sheet.picture, note=sheet.note)]
            landscape = False
            board_pages = 1
            names = [output if sheet.role == "board" else f"{base}{suffix}"]
        else:
            printed = print_pages(sheet.picture, paper.value)
            pages = list(printed.pages)
            landscape, board_pages = printed.landscape, printed.board
            names = [n[:-4] + suffix for n in page_names(base, len(pages))]
        pages = [styled(p, style) for p in pages]
        if fmt is OutputFormat.pdf:
            document += pages
            if sheet.role == "board":
                metadata.setdefault("/Title", sheet.picture.title)
        else:
            data = pages if fmt is OutputFormat.svg else [to_png(p) for p in pages]
            files += zip(names, data, strict=True)
        what = "board" if sheet.role == "board" else _words(sheet.role)
        if paper is Paper.poster:
            if fmt is not OutputFormat.pdf and names[0] != "-":
                summary.append(f"{what} {names[0]}")
            elif fmt is OutputFormat.pdf:
                summary.append(f"{what} on 1 page")
            continue
        orientation = "landscape" if landscape else "portrait"
        plural = "s" if len(pages) > 1 else ""
        if sheet.role != "board":
            count = f"{what} on {len(pages)} page{plural}"
        elif board_pages == len(pages):
            count = f"{len(pages)} {paper.value} {orientation} page{plural}"
        else:
            count = (f"{len(pages)} {paper.value} pages ({len(pages) - board_pages} front, "
                     f"{board_pages} {orientation} of board)")
        where = "" if fmt is OutputFormat.pdf else (
            f" {names[0]} ... {names[-1]}" if len(names) > 1 else f" {names[0]}")
        summary.append(f"{count}{where}")
    if fmt is OutputFormat.pdf:
        files.append((output, to_pdf(document, metadata)))
        summary = [f"{output} ({len(document)} page{'s' if len(document) > 1 else ''}: "
                   f"{', '.join(summary)})"]
    return files, summary


def _words(role: str) -> str:
    return {"tracks": "track boards"}.get(role, role)
