"""Running many independent games: inline, on a local process pool, or on a Dask cluster.

Work is cut into chunks (lists of tasks); each chunk runs in one worker and its results
come back together, so a failed or killed worker loses only its chunk (Dask runs it again
elsewhere, ``RETRIES`` times). Results are handed over as chunks finish, in whatever order
they finish: whoever writes them streams them and sorts them where order matters.

A task is a picklable value and ``fn`` a module-level function (``fn(task) -> result``), so
that both a process pool and a Dask worker can import it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

RETRIES = 2
"""Times Dask runs a failed chunk again."""


def chunks(tasks: Sequence[T], size: int) -> list[list[T]]:
    """``tasks`` cut into lists of ``size`` (the last one shorter)."""
    return [list(tasks[i:i + size]) for i in range(0, len(tasks), max(1, size))]


def run_chunk(fn: Callable[[T], R], chunk: list[T]) -> list[R]:
    """One chunk's results, in its order."""
    return [fn(task) for task in chunk]


def default_workers() -> int:
    """Every local core (the CPUs this process may use)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def run(fn: Callable[[T], R], tasks: Sequence[T], *, workers: int | None = None,
        scheduler: Any = None, chunk_size: int = 1) -> Iterator[list[R]]:
    """The results of ``fn`` over ``tasks``, a chunk at a time as chunks finish: on
    ``scheduler`` (a Dask scheduler's address, or a ``distributed.Client``) when given, else
    on ``workers`` local processes (default: every core; 1: in this process)."""
    parts = chunks(tasks, chunk_size)
    if not parts:
        return
    if scheduler is not None:
        yield from _dask(fn, parts, scheduler)
        return
    count = min(workers or default_workers(), len(parts))
    if count <= 1:
        for part in parts:
            yield run_chunk(fn, part)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed
    from functools import partial

    with ProcessPoolExecutor(max_workers=count) as pool:
        futures = [pool.submit(partial(run_chunk, fn), part) for part in parts]
        for future in as_completed(futures):
            yield future.result()


def _dask(fn: Callable[[T], R], parts: list[list[T]], scheduler: Any) -> Iterator[list[R]]:
    from skyhex.rules.errors import NotSupportedError

    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise NotSupportedError("--scheduler needs Dask distributed: pip install "
                                "'skyhex[dask]'") from None
    client = scheduler if isinstance(scheduler, Client) else Client(scheduler)
    try:
        futures = [client.submit(run_chunk, fn, part, pure=False, retries=RETRIES)
                   for part in parts]
        for future in as_completed(futures):
            result: list[R] = future.result()
            yield result
    finally:
        if client is not scheduler:
            client.close()
