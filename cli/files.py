"""Writing output files for the commands.

Output files are written atomically: to a temporary file beside the target, then renamed
over it, so that an interrupted or failing command never leaves a half-written file.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile


def write_atomic(path: str, text: str | bytes) -> None:
    """Write ``text`` (or bytes: a PDF, a PNG) to ``path`` (``-``: standard output)
    atomically."""
    if path == "-":
        if isinstance(text, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(text)
            sys.stdout.buffer.flush()
        else:
            sys.stdout.write(text)
            sys.stdout.flush()
        return
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".skyhex-", suffix=".tmp", dir=directory)
    try:
        if isinstance(text, bytes):
            with os.fdopen(fd, "wb") as b:
                b.write(text)
        else:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as a plain open() would, not mkstemp's 0600
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def check_writable(output: str) -> None:
    """Fail early, in one line with exit code 1, when ``output`` cannot be written (before
    any long work)."""
    import typer

    from skyhex.cli.report import error

    directory = os.path.dirname(os.path.abspath(output))
    problem = None
    if os.path.isdir(output):
        problem = "it is a directory"
    elif not os.path.isdir(directory):
        problem = f"no directory {directory}"
    elif not os.access(directory, os.W_OK | os.X_OK):
        problem = f"permission denied in {directory}"
    if problem is not None:
        error(f"cannot write {output}: {problem}")
        raise typer.Exit(1)


def format_for(path: str, explicit: str | None) -> str:
    if explicit is not None:
        return explicit
    return "json" if path.lower().endswith(".json") else "yaml"
