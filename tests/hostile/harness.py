"""Running one hostile input through ``skyhex`` and judging the answer.

A case lays out a fresh working folder (the base documents of every game, the secret files
around it, and its own files: FIFOs, symlinks, folders too), runs the command (in this
process through ``skyhex.cli.main``, with real files as standard input and output, or in a
child process where it needs a file size limit), and the answer is judged by the faults the
issue lists: a traceback, a hang (no answer within 5 s of processor time, or 30 s of wall
time for a command blocked on a pipe), a silent truncation, a file lost
or clobbered, a leaked secret, a raw control character, an unlocated or multi-line error, an
error printed twice, more than 200 characters of quoted input.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 5.0
"""Seconds of processor time within which every input is answered."""
WALL = 30.0
"""Seconds of wall time within which every input is answered: a command blocked on a pipe or
a device uses no processor time, and is caught here. (On a machine of its own, processor
and wall time are the same; on a shared one, wall time says more about the neighbours.)"""

SECRET = "sk-live-SECRET-51f0c2"
"""Written in every file a hostile document may try to make skyhex show."""
SECRET_TEXT = f"API_TOKEN={SECRET}\nPASSWORD=hunter2-{SECRET}\n"
LONG = "Lq" * 60_000
"""A long value: no output may quote more than 200 characters of it."""
LONG_SHOWN = LONG[:202]

FAULTS = ("traceback", "hang", "truncation", "clobbered", "leak", "control", "unlocated",
          "multiline", "duplicate", "long", "exit")


@dataclass(frozen=True)
class Fifo:
    """A named pipe (``reader``: a thread reads what is written to it)."""

    reader: bool = False


@dataclass(frozen=True)
class Link:
    target: str


@dataclass(frozen=True)
class Folder:
    pass


@dataclass(frozen=True)
class Old:
    """A file last written two days ago."""

    data: str


Content = bytes | str | Fifo | Link | Folder | Old


@dataclass(frozen=True)
class Case:
    """One hostile input: ``args`` of ``skyhex`` run in a working folder holding the base
    documents and ``files``; ``stdout`` is ``file``, ``full`` (``/dev/full``) or ``closed``
    (a pipe whose reader has gone). ``keep`` lists files that must come out unchanged,
    ``located`` says that every error line must carry ``file:line:col``, ``exits`` the
    exit codes that answer the case correctly."""

    category: str
    name: str
    args: tuple[str, ...]
    files: Mapping[str, Content] = field(default_factory=dict)
    stdin: bytes = b""
    stdout: str = "file"
    keep: tuple[str, ...] = ()
    located: bool = False
    exits: frozenset[int] = frozenset({0, 1, 2})
    child: bool = False
    fsize: int | None = None
    check: Callable[[Outcome], str | None] | None = None

    @property
    def id(self) -> str:
        return f"{self.category}:{self.name}"


@dataclass
class Outcome:
    code: int
    stdout: bytes
    stderr: bytes
    seconds: float
    """Processor time of the answer."""
    folder: Path
    hung: bool = False
    wall: float = 0.0
    written: dict[str, bytes] = field(default_factory=dict)


# --- the working folder ---------------------------------------------------------------------


def _read(path: str) -> bytes:
    return (ROOT / path).read_bytes()


BASE: dict[str, bytes] = {}


def base_files() -> dict[str, bytes]:
    """The valid documents every case finds in its folder, naming each other."""
    if not BASE:
        scenario = _read("examples/scenarios/two-players.yaml").replace(
            b"../maps/mapgen1-seed-7.yaml", b"map.yaml")
        tscenario = _read("examples/scenarios/turbulences-2.yaml").replace(
            b"../maps/turbulences-normal-seed-3.yaml", b"tmap.yaml")
        bscenario = _read("examples/scenarios/balloons-4.yaml").replace(
            b"../maps/balloons-seed-3.yaml", b"bmap.yaml")
        assert b"map: map.yaml" in scenario and b"map: tmap.yaml" in tscenario \
            and b"map: bmap.yaml" in bscenario
        BASE.update({
            "map.yaml": _read("examples/maps/mapgen1-seed-7.yaml"),
            "standard.yaml": _read("examples/maps/standard-seed-7.yaml"),
            "tmap.yaml": _read("examples/maps/turbulences-normal-seed-3.yaml"),
            "bmap.yaml": _read("examples/maps/balloons-seed-3.yaml"),
            "box.yaml": _read("rules/paragliders/standard-set.yaml"),
            "bbox.yaml": _read("rules/balloons/standard-set.yaml"),
            "scenario.yaml": scenario,
            "tscenario.yaml": tscenario,
            "bscenario.yaml": bscenario,
            "game.moves.yaml": _read("tests/golden/two-players.moves.yaml").replace(
                b"../../examples/scenarios/two-players.yaml", b"scenario.yaml"),
            "tgame.moves.yaml": _read("tests/golden/turbulences-2.moves.yaml").replace(
                b"../../examples/scenarios/turbulences-2.yaml", b"tscenario.yaml"),
            "bgame.moves.yaml": _read("tests/golden/balloons-4.moves.yaml").replace(
                b"../../examples/scenarios/balloons-4.yaml", b"bscenario.yaml"),
            "game.ndjson": _read("tests/golden/two-players.ndjson"),
        })
        for prefix in ("", "t", "b"):
            assert f"scenario: {prefix}scenario.yaml".encode() in BASE[f"{prefix}game.moves.yaml"]
    return BASE


def lay_out(top: Path, case: Case) -> tuple[Path, list[threading.Thread]]:
    """The case's working folder ``top/work``, with secrets around it: ``top/secret.env``
    outside it, ``work/secret.env`` inside."""
    work = top / "work"
    work.mkdir()
    (top / "secret.env").write_text(SECRET_TEXT)
    (work / "secret.env").write_text(SECRET_TEXT)
    threads: list[threading.Thread] = []
    for name, data in {**base_files(), **case.files}.items():
        path = work / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            path.write_bytes(data)
        elif isinstance(data, str):
            path.write_text(data)
        elif isinstance(data, Fifo):
            os.mkfifo(path)
            if data.reader:
                threads.append(_drain(path))
        elif isinstance(data, Link):
            os.symlink(data.target, path)
        elif isinstance(data, Old):
            path.write_text(data.data)
            past = time.time() - 2 * 86400
            os.utime(path, (past, past))
        else:
            path.mkdir()
    return work, threads


def _drain(path: Path) -> threading.Thread:
    def read() -> None:
        fd = os.open(path, os.O_RDONLY)  # waits for the writer
        with os.fdopen(fd, "rb") as f:
            _DRAINED[str(path)] = f.read()

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread


_DRAINED: dict[str, bytes] = {}


def snapshot(folder: Path) -> dict[str, tuple[str, str]]:
    """Every entry of ``folder``: its kind and (for a file) the digest of its bytes."""
    out: dict[str, tuple[str, str]] = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in filenames + dirnames:
            path = os.path.join(dirpath, name)
            info = os.lstat(path)
            rel = os.path.relpath(path, folder)
            if stat.S_ISLNK(info.st_mode):
                out[rel] = ("link", os.readlink(path))
            elif stat.S_ISFIFO(info.st_mode):
                out[rel] = ("fifo", "")
            elif stat.S_ISREG(info.st_mode):
                out[rel] = ("file", hashlib.sha256(Path(path).read_bytes()).hexdigest())
            elif stat.S_ISDIR(info.st_mode):
                out[rel] = ("dir", "")
    return out


# --- running --------------------------------------------------------------------------------


class Hang(BaseException):
    """The answer did not come within the limit."""


@contextlib.contextmanager
def _deadline(cpu: float, wall: float) -> Iterator[None]:
    """Raise ``Hang`` after ``cpu`` seconds of processor time or ``wall`` seconds."""
    def expire(signum: int, frame: object) -> None:
        raise Hang()

    previous = {s: signal.signal(s, expire) for s in (signal.SIGALRM, signal.SIGPROF)}
    signal.setitimer(signal.ITIMER_PROF, cpu)
    signal.setitimer(signal.ITIMER_REAL, wall)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.setitimer(signal.ITIMER_PROF, 0)
        for s, handler in previous.items():
            signal.signal(s, handler)


def run_case(case: Case, top: Path) -> tuple[Outcome, dict[str, tuple[str, str]]]:
    """Lay out the case's folder under ``top``, run it; its outcome and the folder as it
    was before."""
    work, threads = lay_out(top, case)
    layout = snapshot(work)
    before = os.getcwd()
    os.chdir(work)
    try:
        if case.child or case.fsize is not None:
            outcome = _in_child(case, top, work)
        else:
            outcome = _in_process(case, top, work)
    finally:
        os.chdir(before)
    for thread in threads:
        thread.join(1.0)
    return outcome, layout


def _in_process(case: Case, top: Path, work: Path) -> Outcome:
    from skyhex.cli import main

    (top / "stdin").write_bytes(case.stdin)
    out_path, err_path = top / "stdout", top / "stderr"
    saved = (sys.stdin, sys.stdout, sys.stderr, sys.argv)
    handlers = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP)}
    stdin = open(top / "stdin", encoding="utf-8")  # noqa: SIM115
    stderr = open(err_path, "w", encoding="utf-8")  # noqa: SIM115
    reader = None
    if case.stdout == "full":
        stdout = open("/dev/full", "w", encoding="utf-8")  # noqa: SIM115
    elif case.stdout == "closed":
        reader, writer = os.pipe()
        os.close(reader)
        stdout = os.fdopen(writer, "w", encoding="utf-8")
    else:
        stdout = open(out_path, "w", encoding="utf-8")  # noqa: SIM115
    sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
    sys.argv = ["skyhex", *case.args]
    code: int | str | None = 0
    hung = False
    start, start_cpu = time.monotonic(), time.process_time()
    try:
        with _deadline(LIMIT, WALL):
            main()
    except SystemExit as e:
        code = e.code
    except Hang:
        hung = True
        code = -1
    finally:
        seconds, wall = time.process_time() - start_cpu, time.monotonic() - start
        sys.stdin, sys.stdout, sys.stderr, sys.argv = saved
        for s, h in handlers.items():
            signal.signal(s, h)
        for f in (stdin, stdout, stderr):
            with contextlib.suppress(OSError, ValueError):
                f.close()
    produced = out_path.read_bytes() if case.stdout == "file" else b""
    return Outcome(code if isinstance(code, int) else (0 if code is None else 1), produced,
                   err_path.read_bytes(), seconds, work, hung, wall)


def _in_child(case: Case, top: Path, work: Path) -> Outcome:
    limit = case.fsize

    import resource

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (int(LIMIT) + 1, int(LIMIT) + 2))
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    out_path = top / "stdout"
    stdout_target = "/dev/full" if case.stdout == "full" else str(out_path)
    start = time.monotonic()
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(stdout_target, "wb") as out, open(top / "stderr", "wb") as err:
        try:
            done = subprocess.run(
                [sys.executable, "-c", "from skyhex.cli import main; main()", *case.args],
                input=case.stdin, stdout=out, stderr=err, cwd=work, timeout=WALL,
                preexec_fn=limits, check=False)
            code, hung = done.returncode, False
        except subprocess.TimeoutExpired:
            code, hung = -1, True
    wall = time.monotonic() - start
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = now.ru_utime + now.ru_stime - used.ru_utime - used.ru_stime
    produced = out_path.read_bytes() if case.stdout == "file" else b""
    return Outcome(code, produced, (top / "stderr").read_bytes(), seconds, work,
                   hung or seconds > LIMIT or code == -signal.SIGXCPU, wall)


# --- judging --------------------------------------------------------------------------------

_RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
_LOCATED = re.compile(r"^.+:\d+:\d+: error: ")


def faults(case: Case, outcome: Outcome, before: Mapping[str, tuple[str, str]]) -> list[str]:
    """The faults of an answer, each as ``fault: detail``; none for a good answer."""
    found: list[str] = []
    out = outcome.stdout.decode("utf-8", "replace")
    err = outcome.stderr.decode("utf-8", "replace")
    both = out + err
    if outcome.hung:
        found.append(f"hang: no answer in {LIMIT:g} s of processor time or {WALL:g} s")
    if "Traceback" in both or "internal error" in err:
        found.append(f"traceback: exit {outcome.code}: {err[-300:]!r}")
    elif outcome.code not in case.exits and not outcome.hung:
        found.append(f"exit: {outcome.code}, expected {sorted(case.exits)}: {err[-300:]!r}")
    if case.stdout == "full" and (outcome.code == 0 or "standard output" not in err):
        found.append(f"truncation: exit {outcome.code} writing to a full disk: {err!r}")
    if case.stdout == "closed" and (outcome.code == 0 or "error" in err or "pipe" in err):
        found.append(f"truncation: exit {outcome.code} on a closed pipe: {err!r}")
    if case.fsize is not None and outcome.code == 0:
        found.append(f"truncation: exit 0 past the file size limit: {err!r}")
    after = snapshot(outcome.folder)
    for name in case.keep:
        if after.get(name) != before.get(name):
            found.append(f"clobbered: {name}: {before.get(name)} -> {after.get(name)}")
    for name in after:
        if re.search(r"\.skyhex-.*\.tmp$", name) and name not in before:
            found.append(f"clobbered: temporary file left: {name}")
    written = [p for p in after if after[p][0] == "file" and after[p] != before.get(p)]
    leaked = [w for w in ("<stdout>", "<stderr>", *written) if SECRET in _text_of(w, outcome)]
    if leaked:
        found.append(f"leak: the secret in {', '.join(leaked)}")
    raw = [(name, m) for name, text, patterns in (
        ("stderr", err, (_RAW, _BIDI)),
        ("stdout", out, (_RAW,) if _data_output(case) else (_RAW, _BIDI)))
        for pattern in patterns if (m := pattern.search(text)) is not None]
    if raw:
        name, m = raw[0]
        text = err if name == "stderr" else out
        found.append(f"control: raw {m.group()!r} in {name}: "
                     f"{text[max(0, m.start() - 60):m.start() + 20]!r}")
    errors = [line for line in both.splitlines() if ": error: " in line]
    if case.located:
        unlocated = [line for line in errors if not _LOCATED.match(line)]
        if unlocated:
            found.append(f"unlocated: {unlocated[0][:200]!r}")
    lines = err.splitlines()
    if outcome.code == 1 and any(line[:1].isspace() for line in lines):
        found.append(f"multiline: {err[:300]!r}")
    if outcome.code == 2 and sum(line.startswith("Error:") for line in lines) > 1:
        found.append(f"multiline: {err[:300]!r}")
    twice = [line for line in set(lines) if line.strip() and lines.count(line) > 1]
    if twice:
        found.append(f"duplicate: {twice[0][:200]!r}")
    if LONG_SHOWN in both:
        found.append("long: more than 200 characters of a value quoted")
    if case.check is not None:
        problem = case.check(outcome)
        if problem:
            found.append(problem)
    return found


def _text_of(name: str, outcome: Outcome) -> str:
    if name == "<stdout>":
        return outcome.stdout.decode("utf-8", "replace")
    if name == "<stderr>":
        return outcome.stderr.decode("utf-8", "replace")
    return (outcome.folder / name).read_bytes().decode("utf-8", "replace")


def _data_output(case: Case) -> bool:
    """Standard output is a data format with its own escaping (SVG, JSON, YAML): control
    characters are escaped there, text directions are the reader's business."""
    args = case.args
    text = ("validate" in args or "check" in args or "show" in args or "stats" in args
            or ("replay" in args and "text" in args) or args == ("schema",))
    return not text or "json" in args


def judge(case: Case, top: Path) -> tuple[Outcome, list[str]]:
    """Run ``case`` in the fresh folder ``top`` and return its outcome and faults."""
    outcome, before = run_case(case, top)
    return outcome, faults(case, outcome, before)
