"""The ``skyhex`` command: one Typer application with a sub-command per job.

Command modules import heavy libraries (networkx, jsonschema, ...) inside the commands, so
that ``skyhex --help`` stays fast.
"""

from __future__ import annotations

import typer

from skyhex.cli import board, components, maps, replay, scenario, view
from skyhex.rules import __version__

EXIT_CODES = "Exit codes: 0 success; 1 invalid input, rule violation or impossible request; 2 usage error."

app = typer.Typer(
    name="skyhex",
    help="Generate, check, replay, view and print flying-themed hex board games "
    "(Paragliders; Turbulences).\n\n"
    + EXIT_CODES,
    no_args_is_help=True,
    add_completion=True,  # --install-completion and --show-completion (bash, zsh, fish, PowerShell)
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help and errors: rendering them with rich costs more than a command
)

map_app = typer.Typer(
    help="Generate, check, show and measure maps.\n\n" + EXIT_CODES,
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(map_app, name="map")
map_app.command("generate")(maps.generate)
map_app.command("check")(maps.check)
map_app.command("show")(maps.show)
map_app.command("stats")(maps.stats)
app.command("board")(board.board)

scenario_app = typer.Typer(
    help="Validate scenario files and write new ones.\n\n" + EXIT_CODES,
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(scenario_app, name="scenario")
scenario_app.command("validate")(scenario.validate)
scenario_app.command("new")(scenario.new)
app.command("schema")(scenario.schema)

components_app = typer.Typer(
    help="The standard component sets, as files to edit.\n\n" + EXIT_CODES,
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(components_app, name="components")
components_app.command("export")(components.export)
app.command("replay")(replay.replay)
app.command("legal")(replay.legal)
app.command("view")(view.view)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"skyhex {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Generate, check, replay and print flying-themed hex board games."""


def main() -> None:
    app()
