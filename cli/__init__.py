"""The ``skyhex`` command: one Typer application with a sub-command per job.

Command modules import heavy libraries (networkx, jsonschema, ...) inside the commands, so
that ``skyhex --help`` stays fast.
"""

from __future__ import annotations

import os
import signal
import sys

import typer

from skyhex.cli import analytics, board, bots, components, maps, replay, scenario, view
from skyhex.cli.files import OutputError, begin_command, finish_stdout
from skyhex.cli.missions import missions as missions_command
from skyhex.cli.options import with_options
from skyhex.cli.report import Interrupted, error, fail_output
from skyhex.games.face import BOARD, GENERATE, NEW
from skyhex.rules import __version__
from skyhex.rules import games as registry

EXIT_CODES = "Exit codes: 0 success; 1 invalid input, rule violation or impossible request; 2 usage error."

app = typer.Typer(
    name="skyhex",
    help="Generate, check, replay, view and print flying-themed hex board games "
    f"({'; '.join(e.title for e in registry.entries())}).\n\n"
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
map_app.command("generate")(with_options(GENERATE, maps.generate))
map_app.command("check")(maps.check)
map_app.command("show")(maps.show)
map_app.command("stats")(maps.stats)
app.command("board")(with_options(BOARD, board.board))

scenario_app = typer.Typer(
    help="Validate scenario files and write new ones.\n\n" + EXIT_CODES,
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(scenario_app, name="scenario")
scenario_app.command("validate")(scenario.validate)
scenario_app.command("new")(with_options(NEW, scenario.new))
app.command("schema")(scenario.schema)

components_app = typer.Typer(
    help="The standard component sets, as files to edit, and cut-out sheets to print.\n\n" + EXIT_CODES,
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(components_app, name="components")
components_app.command("export")(with_options("components export", components.export))
components_app.command("print")(with_options("components print", components.print_sheets))
app.command("replay")(replay.replay)
app.command("legal")(replay.legal)
app.command("view")(view.view)
app.command("bot")(bots.bot)
app.command("selfplay")(bots.selfplay)
app.command("play")(bots.play)
app.command("tournament")(analytics.tournament)
app.command("analyze")(analytics.analyze)
app.command("missions")(missions_command)


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
    begin_command()


def _terminate(signum: int, frame: object) -> None:
    raise Interrupted(signum)


def main() -> None:
    """The ``skyhex`` command: the application, then standard output flushed and checked
    (a command never ends with exit code 0 having written only part of its output)."""
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) is signal.SIG_DFL:
            signal.signal(number, _terminate)
    for stream in (sys.stdout, sys.stderr):
        # A name that the terminal's encoding cannot show is escaped, not a traceback.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    code: int | str | None = 0
    try:
        app()
    except SystemExit as e:
        code = e.code
    except OutputError as e:
        code = fail_output(e).exit_code
    except KeyboardInterrupt as e:
        print("skyhex: interrupted", file=sys.stderr)
        code = 128 + getattr(e, "signum", signal.SIGINT)
    except Exception as e:  # a bug: one line, and the traceback on demand
        if os.environ.get("SKYHEX_TRACEBACK"):
            raise
        error(f"internal error: {type(e).__name__}: {e} (please report it; "
              "SKYHEX_TRACEBACK=1 shows where)")
        code = 70
    try:
        finish_stdout()
    except OutputError as e:
        failed = fail_output(e).exit_code
        code = code if code not in (0, None) else failed
    sys.exit(code)
