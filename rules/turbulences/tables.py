"""Turbulences' own speed tricks, each written once and named here (the shared ones are in
``rules/speed.py``).

- ``shared_board``: one object for equal boards (``Game.board``: what the rules of a move
  read of a game, apart from chance and the weights). The listing's memos compare boards
  by identity, cheap at every action; interning them when a game is made gives equal
  games the same board, so a world a bot samples (``Game.redrawn``, or any copy equal in
  those parts) finds the journeys listed for the game it was drawn from.
"""

from __future__ import annotations

_BOARDS: list[tuple[object, ...]] = []
"""The last boards made (a few games are played at once at most)."""
_KEPT = 8


def shared_board(board: tuple[object, ...]) -> tuple[object, ...]:
    """The board made before that equals ``board`` (compared by value), else ``board``,
    remembered."""
    for known in _BOARDS:
        if known is board or known == board:
            return known
    _BOARDS.insert(0, board)
    del _BOARDS[_KEPT:]
    return board


__all__ = ["shared_board"]
