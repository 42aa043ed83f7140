"""``skyhex components``: the standard component set of a game, as a file to edit, and any
set's pieces as cut-out sheets to print."""

from __future__ import annotations

import os
import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from skyhex.cli.board import OutputFormat, Style
from skyhex.cli.files import ForceOption
from skyhex.cli.report import DEFAULT, GameName, error, reporting
from skyhex.rules.text import escape

if TYPE_CHECKING:
    from skyhex.render.pieces import PieceSet


def export(
    game: Annotated[GameName, typer.Option(help="The game.")] = DEFAULT,
    output: Annotated[str, typer.Option(
        "--output", "-o", metavar="FILE|-", help="Where to write the set (- for stdout).")
    ] = "-",
    force: ForceOption = False,
) -> None:
    """Write the game's standard component set as an editable YAML file, comments included:
    change it and pass it with --components FILE (`skyhex map generate`, `skyhex board`, a
    scenario's `components:`)."""

    from skyhex.cli.files import write_files
    from skyhex.cli.scenario import schema_text
    from skyhex.games.face import face

    with reporting():
        text = face(str(game.value)).standard_components()
    header = ("# yaml-language-server: $schema=components.schema.json\n"
              "# Written by skyhex components export: edit it and give it with --components "
              "FILE.\n")
    files = [(output, header + text)]
    beside = os.path.join(os.path.dirname(output), "components.schema.json")
    if output != "-" and not os.path.exists(beside):  # the schema its first line names
        files.append((beside, schema_text("components")))
    with reporting():
        write_files(files, force=force)
    if output != "-":
        print(escape(f"wrote {' and '.join(p for p, _ in files)}"), file=sys.stderr)


class SheetPaper(StrEnum):
    a4 = "a4"
    letter = "letter"
    a3 = "a3"


DEFAULT_SHEETS = "components.pdf"


def print_sheets(
    game: Annotated[GameName, typer.Option(help="The game.")] = DEFAULT,
    components: Annotated[str | None, typer.Option(
        "--components", metavar="FILE", help="Component set file (default: the game's "
        "standard set; a game without component sets has none: its box is the "
        "rulebook's).")] = None,
    output: Annotated[str, typer.Option(
        "--output", "-o", metavar="FILE|DIR/|-",
        help="Where to write the sheets: .pdf (one document), .svg or .png (one file a page: "
        "<stem>-p01.svg, <stem>-p02.svg, ...), or --format. A folder gets components.pdf "
        "(or .svg, .png) in it; - writes the PDF to stdout.")] = DEFAULT_SHEETS,
    output_format: Annotated[OutputFormat | None, typer.Option(
        "--format", help="pdf, svg or png (default: from the extension of --output).")
    ] = None,
    paper: Annotated[SheetPaper, typer.Option(help="Paper size (portrait).")] = SheetPaper.a4,
    style: Annotated[Style, typer.Option(
        help="normal, or low-ink: hexes and tiles in pale tints of their colours.")
    ] = Style.normal,
    force: ForceOption = False,
) -> None:
    """Print the component set's cut-out sheets at real size: every piece with 3 mm bleed
    and crop marks, packed onto the fewest pages; double-sided pieces (map, aerodrome and
    weather tiles, cards, tokens with two sides) get a back page to print double-sided,
    flipping on the long edge.

    Exit codes: 0 success; 1 invalid component set or unwritable output; 2 usage error.
    """
    from skyhex.cli.board import _stem, _target
    from skyhex.cli.files import check_output, page_set, write_files
    from skyhex.games.face import face
    from skyhex.render.ink import styled
    from skyhex.render.paper import page_names
    from skyhex.render.pieces import PieceTooLarge, sheets_svg

    if output != "-" and (output.endswith(("/", os.sep)) or os.path.isdir(output)):
        output = os.path.join(output, f"components.{(output_format or OutputFormat.pdf).value}")
    output, fmt = _target(output, output_format or (OutputFormat.pdf if output == "-" else None))
    if output == "-" and fmt is not OutputFormat.pdf:
        raise typer.BadParameter("- writes the PDF to stdout: use -o FILE for SVG or PNG pages",
                                 param_hint="--output")
    pdf = fmt is OutputFormat.pdf
    with reporting():
        if pdf:
            check_output(output, force=force)
        maker = face(str(game.value))
        pieces = maker.need(maker.need(maker.boards, "components print").pieces,
                            "components print")(components)
    try:
        layout, pages = sheets_svg(pieces, paper.value)
        pages = [styled(p, style.value) for p in pages]
        if pdf:
            from skyhex.render.pdf import to_pdf

            files: list[tuple[str, str | bytes]] = [(output, to_pdf(pages, _metadata(pieces)))]
        else:
            from skyhex.render.pdf import to_png

            names = [n[:-4] + f".{fmt.value}" for n in page_names(_stem(output), len(pages))]
            data = pages if fmt is OutputFormat.svg else [to_png(p) for p in pages]
            files = list(zip(names, data, strict=True))
    except PieceTooLarge as e:
        error(f"{e}: choose larger paper")
        raise typer.Exit(1) from None
    except RuntimeError as e:  # the PDF renderer is missing
        error(str(e))
        raise typer.Exit(1) from None
    with reporting():
        write_files(files, force=force, sets=[] if pdf else [page_set(files[0][0])])
    backs = sum(p.back_of is not None for p in layout.pages)
    count = len(layout.pages)
    where = output if pdf else f"{files[0][0]} ... {files[-1][0]}" if count > 1 else files[0][0]
    print(escape(f"wrote {where} ({count} {paper.value} page{'s' if count > 1 else ''}, "
                 f"{backs} of them backs: {len(pieces.pieces)} pieces: "
                 f"{pieces.game}, {pieces.set_name})"), file=sys.stderr)


def _metadata(pieces: PieceSet) -> dict[str, str]:
    from skyhex.rules import __version__

    return {"/Title": f"{pieces.game} components: {pieces.set_name}",
            "/Subject": f"{pieces.game} cut-out sheets",
            "/Keywords": f"{pieces.game}, components, print and play",
            "/Creator": f"skyhex {__version__}",
            "/Producer": f"skyhex {__version__} (CairoSVG, pypdf)"}
