"""The ``skyhex`` command: one Typer application with a sub-command per job.

Each command is named by reference (``cli/lazy.py``): a command's module and its options
are loaded when it runs or its help is asked, so that one command never pays for the
others; command modules import heavy libraries (networkx, jsonschema, ...) inside the
commands, so that ``skyhex --help`` stays fast.
"""

from __future__ import annotations

import os
import signal
import sys

import typer

from skyhex.cli.files import OutputError, begin_command, finish_stdout, stdout_failure
from skyhex.cli.lazy import Command, group
from skyhex.cli.report import Interrupted, error, fail_output
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
    cls=group(
        Command("board", "skyhex.cli.board:board", game_options=True),
        Command("schema", "skyhex.cli.scenario:schema"),
        Command("replay", "skyhex.cli.replay:replay"),
        Command("legal", "skyhex.cli.replay:legal"),
        Command("view", "skyhex.cli.view:view"),
        Command("bot", "skyhex.cli.bots:bot"),
        Command("selfplay", "skyhex.cli.bots:selfplay"),
        Command("play", "skyhex.cli.bots:play"),
        Command("tournament", "skyhex.cli.analytics:tournament"),
        Command("analyze", "skyhex.cli.analytics:analyze"),
        Command("missions", "skyhex.cli.missions:missions"),
    ),
)


def _sub_app(name: str, summary: str, *commands: Command) -> typer.Typer:
    """The command group ``skyhex NAME``, added to the application."""
    sub = typer.Typer(help=summary + "\n\n" + EXIT_CODES, no_args_is_help=True,
                      rich_markup_mode=None, cls=group(*commands, words=name))
    app.add_typer(sub, name=name)
    return sub


map_app = _sub_app(
    "map", "Generate, check, show and measure maps.",
    Command("generate", "skyhex.cli.maps:generate", game_options=True),
    Command("check", "skyhex.cli.maps:check"),
    Command("show", "skyhex.cli.maps:show"),
    Command("stats", "skyhex.cli.maps:stats"),
)
scenario_app = _sub_app(
    "scenario", "Validate scenario files and write new ones.",
    Command("validate", "skyhex.cli.scenario:validate"),
    Command("new", "skyhex.cli.scenario:new", game_options=True),
)
components_app = _sub_app(
    "components", "The standard component sets, as files to edit, and cut-out sheets to print.",
    Command("export", "skyhex.cli.components:export", game_options=True),
    Command("print", "skyhex.cli.components:print_sheets", game_options=True),
)


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
        broken = stdout_failure(e) if isinstance(e, OSError) else None
        if broken is not None:  # a full disk or a closed pipe behind standard output
            code = fail_output(broken).exit_code
        else:
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
