"""``skyhex board``: a map as a printable SVG board at real size, and its track boards."""

from __future__ import annotations

import os
import sys
from enum import StrEnum
from typing import Annotated

import typer

from skyhex.cli.maps import ComponentsOption, _error, _reporting

# The same limits as skyhex.render.board (a test keeps them equal); repeated here so that
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


def board(
    map_file: Annotated[str, typer.Argument(metavar="MAP", help="Map file (- for stdin).")],
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
        "weather) as <stem>-tracks.svg, or <stem>-tracks-p01.svg ... on pages. A plain map "
        "has no scenario: the altitude track uses easy sides and the weather row the "
        "component set's first 12 weather tiles, face a.")] = False,
    components: ComponentsOption = None,
) -> None:
    """Print a map as an SVG board at real size (1 SVG unit = 1 mm; print at 100%).

    Colour-blind safe terrain colours, each with a symbol so that black and white prints read.

    Marks: take-off, target, cloud spawn numbers, antennas (colour named), GPS sites, corners A-F.

    Exit codes: 0 success; 1 invalid map or unwritable output; 2 usage error.
    """
    from skyhex.cli.files import load_components, load_map, write_atomic
    from skyhex.render.board import board_picture, default_title
    from skyhex.render.paper import page_names, pages_svg, poster_svg
    from skyhex.render.tracks import default_weather, tracks_picture
    from skyhex.rules.paragliders.components import Side

    if not HEX_MM_MIN <= hex_mm <= HEX_MM_MAX:  # NaN passes Typer's range check
        raise typer.BadParameter(f"{hex_mm} is not a size in mm from {HEX_MM_MIN:g} to "
                                 f"{HEX_MM_MAX:g}", param_hint="--hex-mm")
    if output == "-" and (paper is not Paper.poster or tracks):
        raise typer.BadParameter("- writes a single poster to stdout: use -o FILE for pages "
                                 "or track boards", param_hint="--output")
    if output != "-":
        _check_writable(output)
    with _reporting():
        cs = load_components(components)
        m, _ = load_map(map_file, cs)
    title = default_title(m, map_file)
    try:
        picture = board_picture(m, title=title, hex_mm=hex_mm, coords=coords)
    except ValueError as e:
        _error(f"{map_file}: {e}")
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
        track_picture = tracks_picture(
            f"{title} - track boards", altitude=cs.altitude, sides=(Side.EASY,) * 3,
            thermal=cs.thermal, time=cs.time, weather_board=cs.weather_board,
            weather=default_weather(cs),
            weather_source=f"weather tiles: the first {len(cs.weather_board.hours)} of set "
            f"{cs.id}, face a (a scenario chooses its own)")
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
