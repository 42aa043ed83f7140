"""The anchor: python-chess, measured on the same kind of work as skyhex's engine: replaying
recorded games move by move from their notation (SAN), bare or as a command-line replay
does it (the moves read from text, a log line of JSON written per move), and complete
random games (every legal move listed at every ply, one picked at random, to the end or 200
plies)."""

from __future__ import annotations

import io
import json
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


@cache
def texts(games: int = 20) -> tuple[str, ...]:
    """The corpus as the text of a moves file each: the SAN moves, one a line."""
    return tuple("\n".join(moves) + "\n" for moves in corpus(games))


def san_replay_log(games: int = 20) -> int:
    """Replay the corpus as a command-line replay does: each game's moves read from its
    text, a fresh board, every move parsed and checked, and one NDJSON line written per
    move (its number, side, SAN and UCI) to an in-memory sink: the moves made."""
    made = 0
    for text in texts(games):
        board = chess.Board()
        sink = io.StringIO()
        lines = []
        for seq, san in enumerate(text.split()):
            side = "white" if board.turn else "black"
            move = board.push_san(san)
            lines.append(json.dumps({"seq": seq, "type": "move", "player": side, "san": san,
                                     "uci": move.uci()}) + "\n")
        sink.write("".join(lines))
        made += seq + 1
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
