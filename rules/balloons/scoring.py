"""The race's result: how far each balloon has travelled east, in whole degrees of longitude
from the start meridian to the west edge of its space (a balloon back across the start
meridian has 360 or more). The farthest balloon wins; balloons as far share the rank. In the
default race (``Finish.FIRST``) the first balloon home is the only one past 360 degrees."""

from __future__ import annotations

from skyhex.rules.balloons.state import Game, State
from skyhex.rules.game import ScoreRow


def scores(game: Game, state: State) -> list[ScoreRow]:
    """Every balloon's score row, farthest first (rank 1 wins; equal ranks share)."""
    far = {seat.colour: game.globe.degrees(b.space, b.laps)
           for seat, b in zip(game.seats, state.balloons, strict=True)}
    ordered = sorted(far, key=lambda c: (-far[c], game.index[c]))
    return [{"player": c, "score": far[c],
             "rank": 1 + sum(1 for other in far.values() if other > far[c]),
             "breakdown": {"longitude": far[c]}} for c in ordered]
