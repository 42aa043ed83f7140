"""The EXPERT mode's components and options (rulebook section 9): the ten Jerrycan tokens,
the FUEL tank, the ALTITUDE dial, and the choices the text leaves to the table.

"EXPERT MODE box: x6 ALTITUDE dials + 6 needles, x10 JERRYCAN tokens, x6 FUEL tanks."
"Your tank contains 10 FUEL." "The maximum ALTITUDE is 3." The Jerrycans' contents are
named only as "+7, +6, +5, +4, +3 or even 0": the mix of the ten tokens is ours (data a
scenario may override, ``jerrycans``). Where players could disagree, an option says which
reading the table plays (``docs/rules-notes.md``, "EXPERT mode").
"""

from __future__ import annotations

from dataclasses import dataclass

TANK = 10
"""A full FUEL tank ("Your tank contains 10 FUEL")."""
MAX_ALTITUDE = 3
""""The maximum ALTITUDE is 3.\""""
JERRYCANS = (7, 6, 6, 5, 5, 4, 4, 3, 3, 0)
"""The ten Jerrycan tokens (our mix of the rulebook's "+7, +6, +5, +4, +3 or even 0": every
value named, the middle ones twice, a single empty one; 43 FUEL in all)."""
JERRYCAN_VALUES = frozenset({0, 3, 4, 5, 6, 7})
"""The contents a Jerrycan token may show (the rulebook names no other)."""



@dataclass(frozen=True)
class ExpertRules:
    """The EXPERT options of a game (shared by its EXPERT companies).

    ``jerrycans``: the tokens of the box (their values). ``crossing_moves``: how many
    movements (FUEL, or ALTITUDE by gliding) crossing an obstacle costs: 2, the tile flown
    over and the tile beyond ("crossing an obstacle consumes all of your base movement"), or
    1. ``ground_steps``: whether taking off and landing cost FUEL like any movement (each is
    a step of the journey: "each movement (even bonus) costs 1 FUEL"). ``runways``: the
    Emergency Runway module."""

    jerrycans: tuple[int, ...] = JERRYCANS
    crossing_moves: int = 2
    ground_steps: bool = True
    runways: bool = False
    """The Emergency Runway module ("Decide before starting the game whether you allow the
    building of Runways")."""
    jerrycans_known: str = "nobody"
    """Who knows a face-down Jerrycan's content: ``nobody`` (the rulebook: it is placed
    "without looking at its content") or ``owner`` (a table where each pilot peeks at its
    own)."""

    def to_data(self) -> dict[str, object]:
        return {"jerrycans": list(self.jerrycans), "crossing_moves": self.crossing_moves,
                "ground_steps": self.ground_steps, "runways": self.runways,
                "jerrycans_known": self.jerrycans_known}


DEFAULT_EXPERT = ExpertRules()
