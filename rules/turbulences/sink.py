"""What the Turbulences engine's modules share: the events list that keeps nothing
(``advance`` passes it, and the events that only explain are then not built), the phases as
plain names and the hex as the log writes it."""

from __future__ import annotations

from collections.abc import Iterable

from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences.state import Phase

# Enum members as plain names: Python 3.11 reads a member off its class through a
# descriptor, ten times the cost of a global, and the hot paths read many.
_PILOTING = Phase.PILOTING
_BOOST = Phase.BOOST
_OVER = Phase.OVER


def _hx(h: Hex | None) -> list[int] | None:
    return None if h is None else [h.q, h.r]


class _Discard(list[Event]):
    """An events list that keeps nothing (events passed as a generator are not even made)."""

    def append(self, event: Event) -> None:
        pass

    def extend(self, events: Iterable[Event]) -> None:
        pass


_DISCARD = _Discard()


def _told(events: list[Event]) -> bool:
    """Whether ``events`` keeps the events it is given: ``advance`` (bots and policies
    weighing every legal action) discards them, and the events that only explain are then
    not built (CORE.md section 5: events for the action applied only)."""
    return type(events) is not _Discard
