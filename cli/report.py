"""Reporting for every command: expected failures become one-line messages on stderr with
exit code 1 (usage errors exit 2), and the shared option types."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from skyhex.rules import games as registry

if TYPE_CHECKING:
    from skyhex.schemas.documents import FileProblem


class ReportFormat(StrEnum):
    text = "text"
    json = "json"


GameName = StrEnum("GameName", {name: name for name in registry.names()})  # type: ignore[misc]
"""The registered games, as a command-line choice."""
DEFAULT = GameName(registry.DEFAULT_GAME)

ComponentsOption = Annotated[
    str | None,
    typer.Option("--components", metavar="FILE",
                 help="Component set file for maps whose tiles come from one (Paragliders; "
                 "default: the standard set shipped with skyhex)."),
]


def error(message: str) -> None:
    print(f"skyhex: error: {message}", file=sys.stderr)


def print_problems(problems: Iterable[FileProblem]) -> None:
    for p in problems:
        print(p.format(), file=sys.stderr)


def report_lines(p: FileProblem) -> list[str]:
    """A problem as the checking commands (`map check`, `scenario validate`) report it:
    ``file:line:col: error: message [rule]``, then its hint on a line of its own."""
    where = p.file if p.line is None else f"{p.file}:{p.line}:{p.column or 1}"
    lines = [f"{where}: {p.severity}: {p.message} [{p.rule}]"]
    if p.hint:
        lines.append(f"    hint: {p.hint}")
    return lines


def print_invalid(name: str, problems: Sequence[FileProblem]) -> None:
    """A checking command's report of a file it could not accept, on stdout."""
    for p in problems:
        for line in report_lines(p):
            print(line)
    print(f"{name}: invalid: {len(problems)} error{'s' if len(problems) > 1 else ''}")


@contextmanager
def reporting() -> Iterator[None]:
    """Turn expected failures into one-line messages on stderr and exit code 1; a game's
    usage error into Typer's usage error (exit code 2)."""
    from skyhex.games.face import UsageError
    from skyhex.rules.errors import SkyhexError
    from skyhex.schemas.documents import DocumentError

    try:
        yield
    except DocumentError as e:
        print_problems(e.problems)
        raise typer.Exit(1) from None
    except UsageError as e:
        raise typer.BadParameter(e.message, param_hint=e.option) from None
    except SkyhexError as e:
        error(str(e))
        raise typer.Exit(1) from None
    except OSError as e:
        where = f"{e.filename}: " if e.filename else ""
        error(f"{where}{e.strerror or e}")
        raise typer.Exit(1) from None
