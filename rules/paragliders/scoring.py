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

from functools import lru_cache
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
    return _tour(start, tuple(where[a] for a in sorted(missing)))


@lru_cache(maxsize=65536)
def _tour(start: Hex, stops: tuple[Hex, ...]) -> int:
    """The shortest path from ``start`` through every hex of ``stops`` (bots and playouts
    score the same few tours again and again)."""
    best = None
    for order in permutations(stops):
        total, here = 0, start
        for h in order:
            total += here.distance(h)
            here = h
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


_EVERY_ANTENNA = frozenset(Antenna)
_FLYING = PilotStatus.FLYING
_CROSS = SoloMode.CROSS

Part = tuple[tuple[tuple[str, int], ...], bool, tuple[int, int, int]]
"""What a pilot's row owes to the pilot alone: its breakdown's items before the rank, or
before the GPS markers for a pilot without the three antennas (``ledger``, ``altitude``,
``missing antennas``), whether it has the three antennas, and its tiebreak (antennas, GPS
markers, stunts scored)."""
_PARTS: dict[int, tuple[Pilot, Game, Part]] = {}
"""``_part`` by the pilot's ``id`` (the pilot and the game kept with it so that the number
names them): a bot weighs every action by the scores after it, where only the pilot who
acted differs from the state before (the others are the same values)."""


def _part(game: Game, p: Pilot) -> Part:
    held = _PARTS.get(id(p))
    if held is not None and held[0] is p and held[1] is game:
        return held[2]
    breakdown: dict[str, int] = {}
    for reason, vp in p.ledger:
        key = reason.split(" ")[0]
        breakdown[key] = breakdown.get(key, 0) + vp
    missing = sorted(_EVERY_ANTENNA - p.antennas)
    if p.status is _FLYING:
        breakdown["altitude"] = -p.altitude
    if missing:
        breakdown["missing antennas"] = -missing_distance(game, _position(game, p), missing)
    stunts = sum(1 for _, progress in p.stunts if progress.scored is not None)
    part = (tuple(breakdown.items()), not missing, (len(p.antennas), len(p.gps), stunts))
    if len(_PARTS) >= 4096:
        _PARTS.clear()
    _PARTS[id(p)] = (p, game, part)
    return part


def final_scores(game: Game, state: State) -> list[dict[str, Any]]:
    """Each pilot's score breakdown, total and rank (1 = winner; ties share a rank). (Asked
    after every action a bot weighs: what a row owes to its pilot alone is remembered.)"""
    if game.scenario.solo is _CROSS:
        return cross_scores(game, state)
    racers = [p for p in state.pilots if p.status is not _FLYING
              and p.antennas >= _EVERY_ANTENNA and p.landed_time is not None]
    times = sorted({p.landed_time for p in racers if p.landed_time is not None})
    rows: list[dict[str, Any]] = []
    tiebreaks: list[tuple[int, int, int]] = []
    keys: list[tuple[int, int, int, int]] = []
    gps_top = len(GPS_VP) - 1
    for p in state.pilots:
        items, every, tiebreak = _part(game, p)
        breakdown = dict(items)
        if every and any(r is p for r in racers):
            assert p.landed_time is not None
            place = times.index(p.landed_time)
            breakdown["rank"] = RANK_VP[place] if place < len(RANK_VP) else 0
            breakdown["landing time"] = game.components.time.vp_at(p.landed_time)
            if game.target is not None and p.hex is not None:
                d = p.hex.distance(game.target)
                breakdown["target"] = TARGET_VP[d] if d < len(TARGET_VP) else 0
        gps = tiebreak[1]
        breakdown["gps"] = GPS_VP[gps if gps < gps_top else gps_top]
        score = sum(breakdown.values())
        rows.append({"player": p.ident, "score": score, "rank": 0, "breakdown": breakdown})
        tiebreaks.append(tiebreak)
        keys.append((-score, -tiebreak[0], -tiebreak[1], -tiebreak[2]))
    order = sorted(range(len(rows)), key=keys.__getitem__)
    rank = 0
    previous: tuple[int, tuple[int, int, int]] | None = None
    for position, i in enumerate(order):
        standing = (rows[i]["score"], tiebreaks[i])
        if standing != previous:
            rank = position + 1
            previous = standing
        rows[i]["rank"] = rank
    return rows
