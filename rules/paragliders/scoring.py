"""Final scoring, as the rulebook's scoring diagram says.

On the ground (final landing, walking back, or never took off) with the 3 antennas: rank
among those (9 / 6 / 3 VP, earlier landing first, friendly ties), the VP under the landing
time, and 15 / 12 / 8 / 3 VP for 0 / 1 / 2 / 3 hexes to the target. Without them: minus the
shortest distance that would collect the missing antennas. Still flying: minus the altitude,
and the missing-antenna distance. Everyone: the GPS collection table. Crash penalties and
antenna VP are on the score track already (the ledger). Ties: most antennas, then GPS
markers, then stunt markers.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from skyhex.rules.hexgrid import Hex
from skyhex.rules.paragliders.features import Antenna
from skyhex.rules.paragliders.scenario import PilotStatus, SoloMode
from skyhex.rules.paragliders.state import Game, Pilot, State

RANK_VP = (9, 6, 3)
TARGET_VP = (15, 12, 8, 3)  # by hexes to the target
GPS_VP = (0, 2, 5, 9, 14, 20, 27)  # by markers collected


def missing_distance(game: Game, start: Hex, missing: list[Antenna]) -> int:
    """The shortest path from ``start`` through every missing antenna (hex distances)."""
    where = {a: h for h, a in game.antennas.items()}
    best = None
    for order in permutations(sorted(missing)):
        total, here = 0, start
        for a in order:
            total += here.distance(where[a])
            here = where[a]
        best = total if best is None else min(best, total)
    return best or 0


def _position(game: Game, p: Pilot) -> Hex:
    if p.hex is not None:
        return p.hex
    return min(game.takeoffs) if game.takeoffs else Hex(0, 0)


def cross_scores(game: Game, state: State) -> list[dict[str, Any]]:
    """Cross mode: the score track (the markers' VP, scored when collected, a crash's -10
    and the ``position`` score of a game taken up from a position), 1 VP per unused Skill
    Move card and the Time Marker's VP; won with every marker collected and a landing on
    the target or next to it."""
    rows = []
    for p in state.pilots:
        breakdown = {"markers": 0}
        for reason, vp in p.ledger:
            key = "markers" if reason.startswith("marker") else reason.split(" ")[0]
            breakdown[key] = breakdown.get(key, 0) + vp
        breakdown["skill cards"] = p.skill_cards
        breakdown["time"] = game.components.time.vp_at(p.landed_time if p.landed_time
                                                       is not None else state.time)
        every = {cm.marker for cm in game.scenario.cross_markers} <= p.markers
        near = game.target is not None and p.hex is not None and \
            p.hex.distance(game.target) <= 1
        won = every and p.status is PilotStatus.LANDED and near
        rows.append({"player": p.ident, "score": sum(breakdown.values()), "rank": 1,
                     "breakdown": breakdown, "won": won})
    return rows


def final_scores(game: Game, state: State) -> list[dict[str, Any]]:
    """Each pilot's score breakdown, total and rank (1 = winner; ties share a rank)."""
    if game.scenario.solo is SoloMode.CROSS:
        return cross_scores(game, state)
    everyone = set(Antenna)
    racers = [p for p in state.pilots if p.status is not PilotStatus.FLYING
              and p.antennas >= everyone and p.landed_time is not None]
    times = sorted({p.landed_time for p in racers if p.landed_time is not None})
    rows: list[dict[str, Any]] = []
    tiebreaks: list[tuple[int, int, int]] = []
    for p in state.pilots:
        breakdown: dict[str, int] = {}
        for reason, vp in p.ledger:
            key = reason.split(" ")[0]
            breakdown[key] = breakdown.get(key, 0) + vp
        missing = sorted(everyone - p.antennas)
        if p.status is PilotStatus.FLYING:
            breakdown["altitude"] = -p.altitude
        if missing:
            breakdown["missing antennas"] = -missing_distance(game, _position(game, p), missing)
        elif p in racers:
            assert p.landed_time is not None
            place = times.index(p.landed_time)
            breakdown["rank"] = RANK_VP[place] if place < len(RANK_VP) else 0
            breakdown["landing time"] = game.components.time.vp_at(p.landed_time)
            if game.target is not None and p.hex is not None:
                d = p.hex.distance(game.target)
                breakdown["target"] = TARGET_VP[d] if d < len(TARGET_VP) else 0
        gps = len(p.gps)
        breakdown["gps"] = GPS_VP[min(gps, len(GPS_VP) - 1)]
        stunts = sum(1 for _, progress in p.stunts if progress.scored is not None)
        rows.append({"player": p.ident, "score": sum(breakdown.values()), "rank": 0,
                     "breakdown": breakdown})
        tiebreaks.append((len(p.antennas), gps, stunts))
    order = sorted(range(len(rows)), key=lambda i: (-rows[i]["score"],
                                                     tuple(-x for x in tiebreaks[i])))
    rank = 0
    previous: tuple[int, tuple[int, int, int]] | None = None
    for position, i in enumerate(order):
        standing = (rows[i]["score"], tiebreaks[i])
        if standing != previous:
            rank = position + 1
            previous = standing
        rows[i]["rank"] = rank
    return rows
