"""Measuring: CPU time of workloads, rates alternated with an anchor in one process, and
commands run in fresh processes (CPU time and peak memory of the child)."""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Figure:
    """One line of the table: a rate (or a time), its unit, its ratio to the anchor (when it
    has one), the CPU seconds spent measuring it, and the target it is held to."""

    group: str
    name: str
    value: float
    unit: str
    ratio: float | None = None
    anchor: str | None = None
    cpu: float = 0.0
    target: str = ""
    met: bool | None = None


def cpu_rate(work: Callable[[], int]) -> tuple[float, float]:
    """Run ``work`` (which returns how many items it did): items per CPU second, and the
    CPU seconds."""
    start = time.process_time()
    items = work()
    spent = max(time.process_time() - start, 1e-9)
    return items / spent, spent


def best_rate(work: Callable[[], int], rounds: int = 3) -> tuple[float, float]:
    """``cpu_rate`` of the best of ``rounds`` runs, and the CPU seconds of all: on a loaded
    machine other processes only ever slow a run down (a figure with no anchor to divide
    by)."""
    runs = [cpu_rate(work) for _ in range(rounds)]
    return max(r for r, _ in runs), sum(c for _, c in runs)


def alternate(subject: Callable[[], int], anchor: Callable[[], int], rounds: int
              ) -> tuple[float, float, float, float]:
    """Run ``subject`` and ``anchor`` in turn ``rounds`` times in this process: the median
    subject rate, the median anchor rate, the median of the per-round ratios, and the CPU
    seconds in all. Alternating makes a load that comes and goes hit both alike."""
    subject()
    anchor()  # warm up caches and imports
    rates, anchors, ratios = [], [], []
    spent = 0.0
    for _ in range(rounds):
        s, s_cpu = cpu_rate(subject)
        a, a_cpu = cpu_rate(anchor)
        rates.append(s)
        anchors.append(a)
        ratios.append(s / a)
        spent += s_cpu + a_cpu
    return (statistics.median(rates), statistics.median(anchors), statistics.median(ratios),
            spent)


@dataclass(frozen=True)
class Run:
    """A command run in fresh processes: the median CPU seconds (user + system), wall
    seconds and peak resident memory of one run."""

    cpu: float
    wall: float
    max_rss_mib: float


_PEAK = (
    "import atexit, os, resource, sys\n"
    "fd = int(sys.argv.pop(1))\n"
    "def peak():\n"
    "    try:\n"  # the process's own high-water mark: ru_maxrss keeps the parent's across exec
    "        with open('/proc/self/status') as f:\n"
    "            return next(int(l.split()[1]) for l in f if l.startswith('VmHWM:'))\n"
    "    except (OSError, StopIteration):\n"
    "        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
    "atexit.register(lambda: os.write(fd, str(peak()).encode()))\n"
)
SKYHEX = "import sys\nsys.argv[0] = 'skyhex'\nfrom skyhex.cli import main\nmain()\n"
"""A fresh process's code that runs ``skyhex`` as the console script does."""
CHESS = "import chess\n"
"""The start-up anchor: ``python -c "import chess"``."""
_CACHE = tempfile.mkdtemp(prefix="skyhex-bench-pycache-")


def _flags(bytecode: bool) -> list[str]:
    return ["-X", f"pycache_prefix={_CACHE}"] if bytecode else \
        ["-B", "-X", "pycache_prefix=/nonexistent-skyhex-cache"]


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _once(code: str, args: Sequence[str], bytecode: bool) -> tuple[float, float, float]:
    """``python -c CODE ARGS`` in a fresh process: its CPU seconds (user + system, from
    ``RUSAGE_CHILDREN``), wall seconds and peak resident MiB."""
    import sys

    read, write = os.pipe()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, *_flags(bytecode), "-c", _PEAK + code, str(write),
                           *args], capture_output=True, pass_fds=(write,), env=_env())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    os.close(write)
    with os.fdopen(read) as f:
        rss = int(f.read() or 0)
    if proc.returncode != 0:
        raise RuntimeError(f"python -c {code.splitlines()[-1]!r} {' '.join(args)}: exit "
                           f"{proc.returncode}: {proc.stderr.decode()[:300]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, rss / 1024


def fresh(commands: Sequence[tuple[str, Sequence[str]]], *, bytecode: bool = True,
          repeat: int = 5) -> list[Run]:
    """Each of ``commands`` (``python -c CODE ARGS``: (CODE, ARGS)) run ``repeat`` times in
    fresh Python processes, the commands taken in turn at each round (a load that comes and
    goes hits all alike). With ``bytecode`` every module's bytecode is cached (in a
    directory of the benchmark's own, written by a first run not counted, whatever
    PYTHONDONTWRITEBYTECODE says: as after an installation); without it Python neither
    reads nor writes a bytecode cache (every module compiled again, as on a first run)."""
    if bytecode:
        for code, args in commands:
            _once(code, args, True)
    runs: list[list[tuple[float, float, float]]] = [[] for _ in commands]
    for _ in range(repeat):
        for k, (code, args) in enumerate(commands):
            runs[k].append(_once(code, args, bytecode))
    return [Run(statistics.median(r[0] for r in got), statistics.median(r[1] for r in got),
                max(r[2] for r in got)) for got in runs]


def skyhex(args: Sequence[str], *, bytecode: bool = True, repeat: int = 5) -> Run:
    """``skyhex ARGS`` run ``repeat`` times in fresh Python processes, as the console script
    runs it (see ``fresh``)."""
    return fresh([(SKYHEX, args)], bytecode=bytecode, repeat=repeat)[0]
