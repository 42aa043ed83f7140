"""A progress line with a rate and an ETA on stderr, for long commands (drawn only on a
terminal, unless asked)."""

from __future__ import annotations

import sys
import time


class Progress:
    """``done/total unit, rate/s, ETA``, redrawn in place."""

    def __init__(self, total: int, unit: str, enabled: bool | None = None) -> None:
        self.total, self.unit, self.done = total, unit, 0
        self.start = time.perf_counter()
        self.enabled = sys.stderr.isatty() if enabled is None else enabled

    def advance(self, count: int = 1) -> None:
        self.done += count
        if not self.enabled:
            return
        spent = time.perf_counter() - self.start
        rate = self.done / spent if spent > 0 else 0.0
        eta = (self.total - self.done) / rate if rate > 0 else 0.0
        sys.stderr.write(f"\r{self.done}/{self.total} {self.unit}, {rate:.2f}/s, "
                         f"ETA {eta:.0f} s   ")
        sys.stderr.flush()

    def close(self) -> float:
        """End the line; the seconds spent."""
        if self.enabled:
            sys.stderr.write("\n")
        return time.perf_counter() - self.start
