"""The anchor: python-chess, measured on the same kind of work as skyhex's engine: replaying
recorded games move by move from their notation (SAN), and complete random games (every
legal move listed at every ply, one picked at random, to the end or 200 plies)."""

from __future__ import annotations

import random
from functools import cache

import chess

PLIES = 200


def random_game(seed: int) -> list[str]:
    """The SAN moves of a random legal game (to its end or 200 plies)."""
    rng = random.Random(seed)
    board = chess.Board()
    moves = []
    while not board.is_game_over() and board.ply() < PLIES:
        move = rng.choice(list(board.legal_moves))
        moves.append(board.san(move))
        board.push(move)
    return moves


@cache
def corpus(games: int = 20) -> tuple[tuple[str, ...], ...]:
    """A fixed corpus of recorded games to replay."""
    return tuple(tuple(random_game(seed)) for seed in range(games))


def san_replay(games: int = 20) -> int:
    """Replay the corpus from its SAN, every move parsed and checked: the moves made."""
    made = 0
    for moves in corpus(games):
        board = chess.Board()
        for san in moves:
            board.push_san(san)
        made += len(moves)
    return made


def random_games(count: int, first: int = 1000) -> int:
    """Play ``count`` complete random games: the games played."""
    for seed in range(first, first + count):
        rng = random.Random(seed)
        board = chess.Board()
        while not board.is_game_over() and board.ply() < PLIES:
            board.push(rng.choice(list(board.legal_moves)))
    return count


def random_plies(count: int, first: int = 1000) -> int:
    """``random_games``, counted in plies (decisions): the plies played."""
    made = 0
    for seed in range(first, first + count):
        rng = random.Random(seed)
        board = chess.Board()
        while not board.is_game_over() and board.ply() < PLIES:
            board.push(rng.choice(list(board.legal_moves)))
        made += board.ply()
    return made
