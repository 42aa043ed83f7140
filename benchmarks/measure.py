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


_CHILD = (
    "import atexit, os, resource, sys\n"
    "fd = int(sys.argv.pop(1))\n"
    "def peak():\n"
    "    try:\n"  # the process's own high-water mark: ru_maxrss keeps the parent's across exec
    "        with open('/proc/self/status') as f:\n"
    "            return next(int(l.split()[1]) for l in f if l.startswith('VmHWM:'))\n"
    "    except (OSError, StopIteration):\n"
    "        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
    "atexit.register(lambda: os.write(fd, str(peak()).encode()))\n"
    "from skyhex.cli import main\n"
    "sys.argv[0] = 'skyhex'\n"
    "main()\n"
)


_WARM = "import sys\nsys.argv[0] = 'skyhex'\nfrom skyhex.cli import main\nmain()\n"
_CACHE = tempfile.mkdtemp(prefix="skyhex-bench-pycache-")


def skyhex(args: Sequence[str], *, bytecode: bool = True, repeat: int = 5) -> Run:
    """``skyhex ARGS`` run ``repeat`` times in fresh Python processes, as the console script
    runs it. With ``bytecode`` every module's bytecode is cached (in a directory of the
    benchmark's own, written by a first run not counted, whatever PYTHONDONTWRITEBYTECODE
    says: as after an installation); without it Python neither reads nor writes a bytecode
    cache (every module compiled again, as on a first run)."""
    import sys

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    flags = ["-X", f"pycache_prefix={_CACHE}"] if bytecode else \
        ["-B", "-X", "pycache_prefix=/nonexistent-skyhex-cache"]
    if bytecode:
        subprocess.run([sys.executable, *flags, "-c", _WARM, *args], capture_output=True, env=env)
    runs = []
    for _ in range(repeat):
        read, write = os.pipe()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, *flags, "-c", _CHILD, str(write), *args],
                              capture_output=True, pass_fds=(write,), env=env)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        os.close(write)
        with os.fdopen(read) as f:
            rss = int(f.read() or 0)
        if proc.returncode != 0:
            raise RuntimeError(f"skyhex {' '.join(args)}: exit {proc.returncode}: "
                               f"{proc.stderr.decode()[:300]}")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        runs.append((cpu, wall, rss / 1024))
    return Run(statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs),
               max(r[2] for r in runs))
