"""Writing the commands' outputs: never a lie, never a loss.

Every output of every command goes through here, so that the rules hold in one place:

- A file is written atomically: to a temporary file ``.skyhex-<pid>-<random>.tmp`` beside
  the target, flushed to disk, then put in place, so that an interrupted or failing command
  never leaves a half-written file; a temporary file is removed on any failure, Ctrl-C or
  ``SIGTERM``/``SIGHUP`` (see ``cli.main``), and one left by a killed run is recognised (its
  process is gone) and removed the next time skyhex writes in that folder.
- Nothing existing is overwritten without ``--force``: an existing file is refused with a
  message naming it; without ``--force`` a file is put in place by a hard link, which fails
  if another process created it meanwhile, so two runs never report success over each
  other's files.
- An output is never an input of the same command (``skyhex board m.yaml -o m.yaml``).
- A symlink is written through: the file it points to is replaced, the link stays.
- A special file (a FIFO, ``/dev/null``, ``/dev/fd/N``, a terminal) is written to directly,
  never replaced, and needs no ``--force``.
- A write that fails (a full disk, a file size limit, ``/dev/full``) is one line naming the
  target (never the temporary file) and exit code 1; a closed pipe on standard output ends
  the command quietly, as Unix tools do.
- Batches (``map generate --count``) lock their folder; sets of pages (``board --paper``)
  refuse, or with ``--force`` replace, the pages of an earlier run, and remove those of the
  earlier run beyond the new last page.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Annotated

import typer

from skyhex.rules.errors import SkyhexError
from skyhex.rules.text import escape

STDOUT = "standard output"

ForceOption = Annotated[bool, typer.Option(
    "--force", help="Replace output files that exist (without it an existing file is "
    "refused).")]


class OutputError(SkyhexError):
    """An output that cannot be written, or must not be: ``target`` names it as the user
    wrote it; ``quiet`` for a closed pipe (nothing to say: the reader has gone)."""

    def __init__(self, target: str, reason: str, *, quiet: bool = False) -> None:
        self.target = target
        self.reason = reason
        self.quiet = quiet
        super().__init__(f"cannot write {escape(target)}: {reason}")


def _reason(error: OSError) -> str:
    return error.strerror or escape(str(error))


def write_failure(target: str, error: OSError) -> OutputError:
    """A failed write to ``target`` as the one line it is (quiet for a closed pipe)."""
    return OutputError(target, _reason(error), quiet=error.errno == errno.EPIPE)


# --- standard output ------------------------------------------------------------------------


def write_stdout(text: str | bytes) -> None:
    """Write ``text`` (or bytes) to standard output and flush it; ``OutputError`` on
    failure."""
    _emit(text)
    try:
        sys.stdout.flush()
    except OSError as e:
        raise write_failure(STDOUT, e) from None


def out(line: str = "") -> None:
    """Print one line of a command's report on standard output (checked as it is written,
    and flushed at the end of the command)."""
    _emit(line + "\n")


def _emit(text: str | bytes) -> None:
    """Write ``text`` to standard output, all of it or ``OutputError``: a buffered write
    that the disk cuts short (a file size limit) returns a short count without an error,
    which text streams ignore, so the bytes go through the binary buffer until every one
    is written or the next write fails."""
    stream = sys.stdout
    buffer = getattr(stream, "buffer", None)
    try:
        if buffer is None:
            if isinstance(text, bytes):
                raise OutputError(STDOUT, "it takes text only, not a binary file")
            stream.write(text)
            return
        stream.flush()  # what was printed before goes first
        data = memoryview(text if isinstance(text, bytes) else
                          text.encode(stream.encoding or "utf-8", "backslashreplace"))
        while data:
            try:
                written = buffer.write(data)
            except BlockingIOError as e:  # a non-blocking pipe that is full: wait for it
                written = e.characters_written
                time.sleep(0.01)
            data = data[written or 0:]
    except OSError as e:
        raise write_failure(STDOUT, e) from None


def finish_stdout() -> None:
    """Flush standard output at the end of a command; ``OutputError`` if what the command
    wrote did not all get out."""
    try:
        sys.stdout.flush()
    except OSError as e:
        raise write_failure(STDOUT, e) from None
    except ValueError:  # closed
        pass


WRITE_FAILURES = frozenset({errno.ENOSPC, errno.EFBIG, errno.EDQUOT, errno.EIO, errno.EPIPE})
"""What a write can fail with; the commands' own files fail through ``write_output``,
which names them, so such an error naming no file is standard output's."""


def stdout_failure(error: OSError) -> OutputError | None:
    """The ``OutputError`` of standard output if ``error`` (raised by a command's
    ``print``, or by a stream it was handed, such as ``play``'s) was a failed write to
    standard output: a write failure naming no file. ``None`` for any other ``OSError``."""
    if error.filename is not None or error.errno not in WRITE_FAILURES:
        return None
    return write_failure(STDOUT, error)


def silence_stdout() -> None:
    """After a failed write to standard output, drop what is still buffered (the interpreter
    would try again at exit and complain)."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


# --- checks before the work -----------------------------------------------------------------


def is_special(path: str) -> bool:
    """Whether ``path`` is written to directly: an existing file that is not a regular file
    (nor a directory), or a descriptor the shell opened (``/dev/fd/N``, ``/dev/stdout``)."""
    if path.startswith(("/dev/", "/proc/")):
        return True
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _resolved(path: str) -> str:
    """Where a file at ``path`` is written: through symlinks, to the file they name."""
    return os.path.realpath(path) if os.path.islink(path) else path


def _input_of_command(path: str) -> bool:
    from skyhex.schemas.documents import opened_files

    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return False
    return (info.st_dev, info.st_ino) in opened_files()


def check_output(path: str, *, force: bool) -> None:
    """Refuse, before any work, an output that cannot or must not be written: a directory,
    a missing folder, an existing file without ``force``, one of the command's inputs
    (those read so far, whatever the name: ``/dev/stdin`` or ``/proc/self/fd/0`` naming
    the file behind standard input is that file)."""
    if path == "-":
        return
    if is_special(path):
        if _input_of_command(path):
            raise OutputError(path, "it is an input of this command")
        return
    real = _resolved(path)
    if os.path.isdir(real):
        raise OutputError(path, "it is a directory")
    folder = os.path.dirname(os.path.abspath(real))
    if not os.path.isdir(folder):
        raise OutputError(path, f"no folder {escape(folder)}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(path, f"permission denied in {escape(folder)}")
    if _input_of_command(real):
        raise OutputError(path, "it is an input of this command")
    if not force and os.path.lexists(real):
        raise OutputError(path, "the file exists (pass --force to replace it)")


def check_outputs(paths: Sequence[str], *, force: bool) -> None:
    for path in paths:
        check_output(path, force=force)


# --- writing --------------------------------------------------------------------------------


def write_output(path: str, text: str | bytes, *, force: bool) -> None:
    """Write ``text`` (or bytes: a PDF, a PNG) to ``path`` (``-``: standard output) by the
    rules of this module; ``OutputError`` names ``path`` when it cannot be written."""
    if path == "-":
        write_stdout(text)
        return
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogateescape")
    if is_special(path):
        if _input_of_command(path):
            raise OutputError(path, "it is an input of this command")
        _write_special(path, data)
        return
    real = _resolved(path)
    if _input_of_command(real):
        raise OutputError(path, "it is an input of this command")
    if os.path.isdir(real):
        raise OutputError(path, "it is a directory")
    if not force and os.path.lexists(real):
        raise OutputError(path, "the file exists (pass --force to replace it)")
    folder = os.path.dirname(os.path.abspath(real))
    _sweep(folder)
    import tempfile

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".skyhex-{os.getpid()}-", suffix=".tmp", dir=folder)
    except OSError as e:
        raise write_failure(path, e) from None
    try:
        try:
            try:
                write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.chmod(tmp, _mode(real))
            if force:
                os.replace(tmp, real)
            else:
                _link_new(tmp, real, path)
        except OSError as e:
            raise write_failure(path, e) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _link_new(tmp: str, real: str, path: str) -> None:
    """Put ``tmp`` in place at ``real`` unless a file appeared there meanwhile."""
    try:
        os.link(tmp, real)
    except FileExistsError:
        raise OutputError(path, "the file exists (pass --force to replace it)") from None
    except OSError as e:
        if e.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV,
                           errno.EMLINK):
            raise
        # A file system without hard links: claim the name, then rename over the claim.
        try:
            os.close(os.open(real, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            raise OutputError(path, "the file exists (pass --force to replace it)") from None
        os.replace(tmp, real)
        return
    os.unlink(tmp)


def write_all(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` to the descriptor ``fd``: a short write (the disk
    filling up, a file size limit) goes on until the system says why it cannot."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _write_special(path: str, data: bytes) -> None:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOCTTY", 0), 0o666)
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode):  # a file the shell opened (/dev/fd/N)
                os.ftruncate(fd, 0)
            write_all(fd, data)
        finally:
            os.close(fd)
    except OSError as e:
        raise write_failure(path, e) from None


def _mode(path: str) -> int:
    """The permissions of a file written at ``path``: those of the file it replaces, else
    what a plain ``open()`` gives (not ``mkstemp``'s 0600)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


# --- temporary files left by killed runs ----------------------------------------------------

_TEMP = re.compile(r"^\.skyhex-(?:(\d+)-)?[A-Za-z0-9_]+\.tmp$")
STALE_AGE = 60.0
"""Seconds after which a temporary file whose process is gone is stale (a younger one may
belong to a process of another PID namespace sharing the folder)."""
_SWEPT: set[str] = set()


def stale_temporaries(folder: str, now: float | None = None) -> list[str]:
    """The temporary files in ``folder`` left by skyhex runs that were killed: their process
    is gone (or, without a process number in the name, a day has passed)."""
    now = time.time() if now is None else now
    found = []
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    for name in names:
        match = _TEMP.match(name)
        if match is None:
            continue
        path = os.path.join(folder, name)
        try:
            age = now - os.lstat(path).st_mtime
        except OSError:
            continue
        pid = match.group(1)
        if pid is None:
            stale = age > 86400
        else:
            stale = age > STALE_AGE and int(pid) != os.getpid() and not _alive(int(pid))
        if stale:
            found.append(path)
    return sorted(found)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def _sweep(folder: str) -> None:
    """Remove the stale temporary files of ``folder`` (once per folder and command), and
    say so."""
    key = os.path.abspath(folder)
    if key in _SWEPT:
        return
    _SWEPT.add(key)
    removed = 0
    for path in stale_temporaries(folder):
        with contextlib.suppress(OSError):
            os.unlink(path)
            removed += 1
    if removed:
        print(f"skyhex: removed {removed} temporary file{'s' if removed > 1 else ''} left in "
              f"{escape(folder)} by an interrupted run", file=sys.stderr)


# --- batches and sets of files --------------------------------------------------------------


@contextlib.contextmanager
def signals_deferred() -> Iterator[None]:
    """Hold Ctrl-C, ``SIGTERM`` and ``SIGHUP`` back for a short step that must not be cut in
    two (a file put in place and counted): a signal that comes meanwhile is handled when the
    step is over."""
    import signal
    import threading

    held = {signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)}
    if not hasattr(signal, "pthread_sigmask") or \
            threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@contextlib.contextmanager
def locked_folder(folder: str) -> Iterator[None]:
    """Hold ``folder`` (created if needed) for the duration of a batch: a second batch
    writing into it at the same time is refused at once."""
    try:
        os.makedirs(folder, exist_ok=True)
        fd = os.open(folder, os.O_RDONLY)
    except OSError as e:
        raise write_failure(folder, e) from None
    try:
        try:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:  # pragma: no cover - not a POSIX system
            pass
        except OSError:
            raise OutputError(folder, "another skyhex command is writing into this folder") \
                from None
        yield
    finally:
        os.close(fd)


@contextlib.contextmanager
def held_for_update(path: str) -> Iterator[None]:
    """Hold the folder of ``path`` while a command reads that file and writes it again (a
    career, resumed analysis rows): a second command updating a file there waits for the
    first, then reads what it wrote, so that neither loses the other's update."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError as e:
        raise write_failure(path, e) from None
    try:
        try:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX)
        except ImportError:  # pragma: no cover - not a POSIX system
            pass
        yield
    finally:
        os.close(fd)


@dataclass(frozen=True)
class FileSet:
    """A family of files written together, such as the pages of a board: ``folder``, and
    the names ``prefix`` + digits + ``suffix``."""

    folder: str
    prefix: str
    suffix: str

    def members(self) -> list[str]:
        """The files of the family that exist now."""
        pattern = re.compile(re.escape(self.prefix) + r"\d+" + re.escape(self.suffix) + "$")
        try:
            names = os.listdir(self.folder or ".")
        except OSError:
            return []
        return sorted(os.path.join(self.folder, n) for n in names if pattern.match(n))


def page_set(first_page: str) -> FileSet:
    """The family of ``<stem>-p01.svg``: every ``<stem>-pNN.svg``."""
    folder, name = os.path.split(first_page)
    match = re.match(r"^(.*-p)\d+(\.svg|\.png)$", name)
    if match is None:
        raise ValueError(f"{first_page} is not a page name")
    return FileSet(folder, match.group(1), match.group(2))


def write_files(files: Sequence[tuple[str, str | bytes]], *, force: bool,
                sets: Sequence[FileSet] = ()) -> None:
    """Write several outputs of one command: all checked before the first is written; the
    members of ``sets`` that exist and are not among ``files`` (left by an earlier, longer
    run) are refused without ``force``, and removed once the new files are written with
    it."""
    names = {os.path.abspath(p) for p, _ in files}
    stale = [m for s in sets for m in s.members() if os.path.abspath(m) not in names]
    check_outputs([p for p, _ in files], force=force)
    if stale and not force:
        raise OutputError(stale[0], "a page of an earlier run would be left among the new "
                          "ones (pass --force to replace the earlier pages)")
    for path, text in files:
        write_output(path, text, force=force)
    for path in stale:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        except OSError as e:
            raise write_failure(path, e) from None


def write_atomic(path: str, text: str | bytes, *, force: bool = False) -> None:
    """``write_output`` under its former name."""
    write_output(path, text, force=force)


def begin_command() -> None:
    """A new command starts: no input read yet, no folder swept."""
    from skyhex.schemas.documents import forget_opened_files

    forget_opened_files()
    _SWEPT.clear()


def format_for(path: str, explicit: str | None) -> str:
    if explicit is not None:
        return explicit
    return "json" if path.lower().endswith(".json") else "yaml"
