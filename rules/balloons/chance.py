"""Balmy Balloonists chance draws: the shared seeded draws (``rules/draws.py``) with their own
seed stream. Drawing the top card of a deck is a draw among the cards of the deck, listed by
id: the deck's order is never stored, so a state carries only the number of draws made, and
a moves file pins each card drawn (``{local_wind: w07}``, ``{misfortune: m03}``,
``{quadrant: q12}``, ``{advantage: a05}``) to replay a game played on a real table.

Draws, in order: setup deals each balloon its Local Wind hand (seat order), then its
Advantage cards, then lays one Quadrant card per quadrant (quadrant order); during the race,
Misfortune and Quadrant cards as cards call for them, and Local Wind cards as hands are drawn
up at the end of each turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skyhex.rules.draws import Draws as SharedDraws

NAMESPACE = "balloons:"
KINDS = ("local_wind", "advantage", "quadrant", "misfortune")
"""The kinds of draws, as moves files pin them."""


@dataclass
class Draws(SharedDraws):
    """The shared draws with Balmy Balloonists' own seed stream."""

    namespace: str = NAMESPACE

    def card(self, kind: str, deck: Iterable[str]) -> str:
        """The top card of ``deck`` (a draw among its cards, by id)."""
        return self.draw_fast(kind, sorted(deck))

    def top(self, kind: str, deck: Sequence[str]) -> str:
        """``card`` of a ``deck`` listed in id order already (the engine lists the Local
        Wind deck from the set's cards in that order: no sort)."""
        return self.draw_fast(kind, deck)


def draws_of(events: Sequence[Mapping[str, Any]]) -> list[dict[str, str]]:
    """Every chance draw of a game log, in order, as a moves file pins them: a recorded game
    replays to the same log from its moves and these draws, whatever the seed. Every event
    that drew lists its draws in ``draws``, as in every game's log."""
    return [dict(d) for e in events for d in e.get("draws", ())]
