"""Missions from game logs, for any game whose face has them (``Logs.missions``): the values
a game's missions give the command line (each log's missions, a career of stars kept in a
file across games), and the game of each log, found by its ``setup`` event, whose face's
missions read it.

A game's own module decides its missions (which events make which mission); nothing here
knows a game by name.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skyhex.rules.errors import SkyhexError
from skyhex.schemas.documents import DocumentError, FileProblem, decode, display_name, read_bytes

if TYPE_CHECKING:
    from skyhex.games.documents import References
    from skyhex.games.face import Face

CAREER_FORMAT = "skyhex.career/1"


class CareerError(SkyhexError):
    """A career file that cannot be read."""


@dataclass(frozen=True)
class LogMissions:
    """One log's missions, with the file they came from: ``missions`` has the log's
    ``companies`` (its participants), their ``pilots``' names, whether it is ``finished``
    and its ``achievements`` (each with its ``company``, ``mission`` key, ``detail`` and
    ``to_dict()``)."""

    file: str
    missions: Any
    digest: str  # SHA-256 of the log's bytes: a career counts each game once


@dataclass
class Career:
    """Pilots' careers in a game: per pilot, the games taken off in, the times lost outside
    the board and the missions achieved (mission key -> the log where it was first
    achieved)."""

    game: str
    pilots: dict[str, dict[str, Any]]
    logs: list[str]  # the SHA-256 of every log counted

    def to_json(self) -> str:
        return json.dumps({"format": CAREER_FORMAT, "game": self.game, "logs": self.logs,
                           "pilots": {
            p: {"games": v["games"], "left_board": v["left_board"], "stars": len(v["missions"]),
                "missions": dict(sorted(v["missions"].items()))}
            for p, v in sorted(self.pilots.items())}}, indent=2) + "\n"


@dataclass(frozen=True)
class Reckoning:
    """The logs' achievements (the per-game ones and the career ones, each with its log),
    and the career after them."""

    achievements: list[tuple[str, Any]]  # (log file, achievement)
    career: Career
    new_stars: dict[str, list[str]]  # pilot -> missions won for the first time
    repeated: list[str]  # logs the career had already counted (left out)


@dataclass(frozen=True)
class Missions:
    """A game's missions, its face's log tools: ``catalogue()``, every mission with its
    status (``missions --list``); ``read(paths, scenario, refs)``, each log's missions;
    ``load_career(path)``; ``reckon(logs, career)``, the achievements and the career after
    them; ``name(key)``, a mission's name; ``source``, where the rules define them;
    ``headings``: the title of each status of the catalogue, in the order ``--list`` prints
    them."""

    catalogue: Callable[[], list[dict[str, Any]]]
    read: Callable[[Sequence[str], str | None, References | None], list[LogMissions]]
    load_career: Callable[[str], Career]
    reckon: Callable[[Sequence[LogMissions], Career | None], Reckoning]
    name: Callable[[str], str]
    source: str
    headings: Mapping[str, str]


def with_missions() -> list[Face]:
    """The faces of the games that have missions, in registry order."""
    from skyhex.games.face import faces

    return [f for f in faces() if f.logs is not None and f.logs.missions is not None]


def missions_of(game: Face) -> Missions:
    """The missions of ``game``; ``NotSupportedError`` for a game without any."""
    logs = game.need(game.logs, "missions")
    return game.need(logs.missions, "missions")()


def default_game() -> Face:
    """The game whose missions a command lists when it is told none: the first that has
    them."""
    found = with_missions()
    if not found:
        from skyhex.rules.errors import NotSupportedError

        raise NotSupportedError("not supported yet: missions (no game installed has them)")
    return found[0]


def _setup_game(path: str) -> str | None:
    """The ``game`` of the log's first event, if it is a ``setup`` event naming one."""
    from skyhex.games.documents import _json_line

    text = decode(read_bytes(path), display_name(path))
    first = next((line for line in text.splitlines() if line.strip()), None)
    try:
        event = _json_line(first) if first is not None else None
    except ValueError:  # the game's reader says what is wrong with it
        return None
    if isinstance(event, dict) and event.get("type") == "setup" and \
            isinstance(event.get("game"), str):
        return str(event["game"])
    return None


def log_game(paths: Sequence[str]) -> Face:
    """The game of the logs at ``paths`` (their ``setup`` events'), whose missions read them;
    a log of a game without missions, or of another game than the first's, is refused at its
    first line. A log whose game cannot be told goes to the first game with missions, whose
    reader says what is wrong with it."""
    from skyhex.games.face import face
    from skyhex.rules import games as registry

    chosen: Face | None = None
    for path in paths:
        game = _setup_game(path)
        if game is None:
            continue
        found = face(game) if registry.is_game(game) else None
        has = found is not None and found.logs is not None and found.logs.missions is not None
        if found is None or not has:
            whose = " or ".join(f"{g.title}' ({missions_of(g).source})" for g in with_missions())
            raise _first_line(path, f"a {json.dumps(game)} log: missions are {whose}")
        if chosen is not None and found is not chosen:
            raise _first_line(path, f"a {json.dumps(game)} log after a {chosen.name} log: "
                              "give the logs of one game")
        chosen = found
    return chosen if chosen is not None else default_game()


def _first_line(path: str, message: str) -> DocumentError:
    return DocumentError([FileProblem(display_name(path), message, 1, 1, rule="log.game")])
