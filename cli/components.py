"""``skyhex components``: the standard component set of a game, as a file to edit."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from skyhex.cli.files import ForceOption
from skyhex.cli.report import DEFAULT, GameName, reporting
from skyhex.rules.text import escape


def export(
    game: Annotated[GameName, typer.Option(help="The game.")] = DEFAULT,
    output: Annotated[str, typer.Option(
        "--output", "-o", metavar="FILE|-", help="Where to write the set (- for stdout).")
    ] = "-",
    force: ForceOption = False,
) -> None:
    """Write the game's standard component set (Paragliders: tiles, boards, weather tiles,
    rulers, skill cards; Balmy Balloonists: the globe's cards) as an editable YAML file,
    comments included: change it and pass it with --components FILE (`skyhex map generate`,
    `skyhex board`, a scenario's `components:`)."""
    import os

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
