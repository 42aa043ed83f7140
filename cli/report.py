"""Reporting for every command: expected failures become one-line messages on stderr with
exit code 1 (usage errors exit 2), text from files is escaped for the terminal, and the
shared option types."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from skyhex.cli.files import STDOUT, OutputError, out, silence_stdout
from skyhex.rules import games as registry
from skyhex.rules.text import escape

if TYPE_CHECKING:
    from skyhex.games.documents import References
    from skyhex.schemas.documents import FileProblem


class ReportFormat(StrEnum):
    text = "text"
    json = "json"


GameName = StrEnum("GameName", {name: name for name in registry.names()})  # type: ignore[misc]
"""The registered games, as a command-line choice."""
DEFAULT = GameName(registry.default_name())

ComponentsOption = Annotated[
    str | None,
    typer.Option("--components", metavar="FILE",
                 help="Component set file for maps whose tiles come from one (default: the "
                 "standard set shipped with skyhex)."),
]

OutsideRefsOption = Annotated[
    bool,
    typer.Option("--allow-outside-refs",
                 help="Follow references (map:, scenario:, components:) that are absolute "
                 "or lead outside the working directory (default: refused, so that a file "
                 "from someone else cannot make skyhex read your other files)."),
]


def references(allow_outside: bool) -> References:
    """The policy the references of the files read follow (``--allow-outside-refs``)."""
    from skyhex.games.documents import References

    return References(outside=allow_outside)


def participants() -> str:
    """What a participant is called in the installed games (``a player or company``): the
    help of options that name one."""
    from skyhex.games.face import faces

    words = list(dict.fromkeys(f.participant for f in faces()))
    return "a " + (f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else words[0])


def error(message: str) -> None:
    """One error line on stderr, escaped: ``skyhex: error: message``."""
    print(f"skyhex: error: {escape(message)}", file=sys.stderr)


def print_problems(problems: Iterable[FileProblem]) -> None:
    """Problems on stderr, one line each, each once."""
    for line in dict.fromkeys(p.format() for p in problems):
        print(line, file=sys.stderr)


def report_lines(p: FileProblem) -> list[str]:
    """A problem as the checking commands (`map check`, `scenario validate`) report it:
    ``file:line:col: error: message [rule]``, then its hint on a line of its own."""
    where = p.file if p.line is None else f"{p.file}:{p.line}:{p.column or 1}"
    lines = [escape(f"{where}: {p.severity}: {p.message} [{p.rule}]")]
    if p.hint:
        lines.append(escape(f"    hint: {p.hint}"))
    return lines


def print_invalid(name: str, problems: Sequence[FileProblem]) -> None:
    """A checking command's report of a file it could not accept, on stdout."""
    lines = list(dict.fromkeys(line for p in problems for line in report_lines(p)))
    for line in lines:
        out(line)
    count = len({p.format() for p in problems})
    out(f"{escape(name)}: invalid: {count} error{'s' if count > 1 else ''}")


def fail_output(e: OutputError) -> typer.Exit:
    """An output that cannot be written: one line (nothing for a closed pipe), exit 1;
    what standard output still holds is dropped (it could not get out either)."""
    if e.target == STDOUT:
        silence_stdout()
    if not e.quiet:
        error(str(e))
    return typer.Exit(1)


@contextmanager
def reporting() -> Iterator[None]:
    """Turn expected failures into one-line messages on stderr and exit code 1; a game's
    usage error into Typer's usage error (exit code 2); Ctrl-C into exit code 130, what
    was finished intact (files are written whole or not at all)."""
    from skyhex.games.face import UsageError
    from skyhex.rules.errors import SkyhexError
    from skyhex.schemas.documents import DocumentError

    try:
        yield
    except DocumentError as e:
        print_problems(e.problems)
        raise typer.Exit(1) from None
    except UsageError as e:
        raise typer.BadParameter(escape(e.message), param_hint=e.option) from None
    except OutputError as e:
        raise fail_output(e) from None
    except SkyhexError as e:
        error(str(e))
        raise typer.Exit(1) from None
    except OSError as e:
        where = f"{e.filename}: " if isinstance(e.filename, str) else ""
        error(f"{where}{e.strerror or e}")
        raise typer.Exit(1) from None
    except KeyboardInterrupt as e:
        raise interrupted(e) from None


class Interrupted(KeyboardInterrupt):
    """A signal that ends the command (``SIGTERM``, ``SIGHUP``) raised as Ctrl-C is, so that
    temporary files are cleaned on the way out."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def interrupted(e: KeyboardInterrupt) -> typer.Exit:
    """Ctrl-C or a termination signal: one line, exit code 128 + the signal's number."""
    import signal

    print("skyhex: interrupted", file=sys.stderr)
    return typer.Exit(128 + getattr(e, "signum", signal.SIGINT))
