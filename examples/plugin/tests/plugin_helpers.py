"""What Thistledown's tests share: the plugin's folder and a small race."""

from __future__ import annotations

from pathlib import Path

from thistledown.engine import default_starts
from thistledown.meadow import Meadow
from thistledown.scenario import Scenario
from thistledown.state import Seat

HERE = Path(__file__).resolve().parent.parent
"""The plugin's folder (its example files are in maps/, scenarios/ and games/)."""


def race(meadow: Meadow, colours: tuple[str, ...] = ("white", "gold"), seed: int = 0,
         rounds: int = 12) -> Scenario:
    """A race of ``colours`` on ``meadow``, from the default start hexes."""
    starts = default_starts(meadow, len(colours))
    return Scenario(meadow, tuple(Seat(c, None, h) for c, h in zip(colours, starts,
                                                                   strict=True)),
                    rounds, seed)
