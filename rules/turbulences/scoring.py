"""End of the game and scoring (rulebook sections 2 and 6).

"It is triggered when a DELIVERY ZONE contains at least 3 Parcels. Finish the current game
turn before revealing and counting the total weight of the Parcels delivered per colour.
1 kilo = 1 point. +1 additional point is gained by the pilots for each empty space of the
SHIPPING ZONE of their Airport. The highest score wins the game. In case of a tie, whoever
delivered the most Parcels (not counting their weight) wins. If the tie persists... Play
another game!" Companies still tied after both criteria share the rank.

Section 8: "The points of partner pilots are added together to determine the winning team"
(and "The points of your Companies are added together"): ``team_scores`` sums the partners'
points and parcels; teams are ranked like companies (points, then parcels delivered).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skyhex.rules.turbulences.state import (
    END_DELIVERIES,
    PARCEL_WEIGHTS,
    SHIPPING_SPACES,
    Game,
    State,
    parcel_colour,
)


@dataclass(frozen=True, slots=True)
class Score:
    colour: str
    delivered_weight: int
    empty_spaces: int
    parcels: int
    rank: int

    @property
    def points(self) -> int:
        return self.delivered_weight + self.empty_spaces

    def to_dict(self) -> dict[str, Any]:
        """The score row every game shares (``rules.game.ScoreRow``), the company as its
        player, with the parcels delivered (the tie-breaker)."""
        return {"player": self.colour, "score": self.points, "rank": self.rank,
                "breakdown": {"weight": self.delivered_weight,
                              "empty spaces": self.empty_spaces},
                "parcels": self.parcels}


def game_ends(state: State) -> bool:
    """Whether a delivery zone holds enough parcels to end the game (checked at the end of
    the game turn)."""
    return any(len(p.delivered) >= END_DELIVERIES for p in state.planes)


def can_end(game: Game, state: State) -> bool:
    """Whether the game can still end: some delivery zone holds 3 parcels, or some colour
    still has 3 parcels not lost (a colour that has lost three of its five can deliver two
    at most)."""
    if len(state.lost) < len(PARCEL_WEIGHTS) - END_DELIVERIES + 1:
        return True  # no colour has lost enough to be unable to deliver 3
    lost = [parcel_colour(p) for p in state.lost]
    return any(len(plane.delivered) >= END_DELIVERIES or
               len(PARCEL_WEIGHTS) - lost.count(company.colour) >= END_DELIVERIES
               for company, plane in zip(game.companies, state.planes, strict=True))


def scores(game: Game, state: State) -> list[Score]:
    """Every company's score, best first (rank 1 wins; equal ranks: the tie persists)."""
    rows = []
    for company, plane in zip(game.companies, state.planes, strict=True):
        weight = sum(game.weights[p] for p in plane.delivered)
        empty = SHIPPING_SPACES - len(state.shipping[company.region - 1])
        rows.append((company.colour, weight, empty, len(plane.delivered)))
    key = {c: (w + e, n) for c, w, e, n in rows}
    ordered = sorted(rows, key=lambda r: (-key[r[0]][0], -key[r[0]][1], r[0]))
    return [Score(c, w, e, n, 1 + sum(1 for other in key.values() if other > key[c]))
            for c, w, e, n in ordered]


@dataclass(frozen=True, slots=True)
class TeamScore:
    """A team's (or a two-company player's) score: the sum of its companies' scores."""

    team: str
    colours: tuple[str, ...]
    points: int
    parcels: int
    rank: int

    def to_dict(self) -> dict[str, Any]:
        return {"team": self.team, "companies": list(self.colours), "score": self.points,
                "rank": self.rank, "parcels": self.parcels}


def team_scores(game: Game, state: State) -> list[TeamScore]:
    """Every team's score, best first (rank 1 wins; ties after points and parcels share the
    rank). Empty in CLASSIC mode."""
    by_colour = {s.colour: s for s in scores(game, state)}
    rows = []
    for team in game.teams:
        colours = tuple(game.companies[i].colour for i in team.members)
        rows.append((team.name, colours, sum(by_colour[c].points for c in colours),
                     sum(by_colour[c].parcels for c in colours)))
    key = {name: (points, parcels) for name, _, points, parcels in rows}
    ordered = sorted(rows, key=lambda r: (-r[2], -r[3], r[0]))
    return [TeamScore(name, colours, points, parcels,
                      1 + sum(1 for other in key.values() if other > key[name]))
            for name, colours, points, parcels in ordered]
