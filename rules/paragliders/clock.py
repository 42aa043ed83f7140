"""Time of day as minutes after midnight, written ``HH:MM`` in files and logs."""

from __future__ import annotations

import re
from functools import lru_cache

_CLOCK = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


def parse_clock(text: str) -> int:
    """Minutes after midnight for ``"HH:MM"``; ``ValueError`` for anything else."""
    m = _CLOCK.match(text)
    if not m:
        raise ValueError(f"{text!r} is not a time of day HH:MM")
    return int(m.group(1)) * 60 + int(m.group(2))


@lru_cache(maxsize=2048)
def format_clock(minutes: int) -> str:
    """``"HH:MM"`` (remembered: every event of a turn writes the time)."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
