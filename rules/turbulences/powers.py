"""The special powers' options (rulebook section 10): which of the MYSTERY box's pieces a
table plays with (the Parachute, the Lightning tokens), and the choices the text leaves to
the table (``docs/rules-notes.md``, "Special powers"). The Legendary Aircraft need no
option: a company flying one names it as its aircraft.

"MYSTERY box: x4 LIGHTNING tokens, x1 NIGHT token, x1 PARACHUTE pawn. COLLECTOR box: x3
POWER tokens, x3 LEGENDARY AIRCRAFT."
"""

from __future__ import annotations

from dataclasses import dataclass

LIGHTNING_TOKENS = 4
"""The MYSTERY box's "x4 LIGHTNING tokens"."""
PARACHUTE = "parachute"
"""How the Parachute is named where events name a company (``other`` of a collision)."""


@dataclass(frozen=True)
class PowerRules:
    """The special powers a game plays with.

    ``parachute``: the PARACHUTE pawn is on the table. ``lightning``: storms blocked against
    a Mountain get Lightning tokens; ``lightning_tokens`` of them (4 in the box: when more
    storms qualify in one weather phase, the first ones in the order the clouds are moved
    get them). ``carpet_over_cumulus``: the FLYING CARPET's obstacle-free path may pass under
    a Cumulus (a Cumulus is no obstacle); ``False`` for a table reading "No Cloud must cover
    these 2 tiles" as a path without any cloud."""

    parachute: bool = False
    lightning: bool = False
    lightning_tokens: int = LIGHTNING_TOKENS
    carpet_over_cumulus: bool = True

    def __bool__(self) -> bool:
        return self.parachute or self.lightning

    def to_data(self) -> dict[str, object]:
        return {"parachute": self.parachute, "lightning": self.lightning,
                "lightning_tokens": self.lightning_tokens,
                "carpet_over_cumulus": self.carpet_over_cumulus}


NO_POWERS = PowerRules()
