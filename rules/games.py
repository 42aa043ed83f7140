"""The registry of games: every installed distribution's entry points in the group
``skyhex.games`` (read by ``rules/installed.py``), each naming its ``GameEntry``
(``rules/entry.py``), loaded on first use.

Every list of game names (command-line choices, error messages, the schemas' ``game``
enums) derives from ``names()``: the games by their entries' ``order``, then by name; the
first is the default game of commands that are not told one. Listing them loads each entry
(a small module) and nothing of the game itself. Adding a game is one entry point line in
its distribution; no file here names a game.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from skyhex.rules.entry import GameEntry
from skyhex.rules.errors import SkyhexError
from skyhex.rules.installed import Declared, declared, normalize

if TYPE_CHECKING:
    from skyhex.rules.game import Ruleset

GROUP = "skyhex.games"
"""The entry-point group a game plugin declares itself in."""
HOME = "skyhex"
"""The distribution whose game wins when two declare the same name."""


class UnknownGameError(SkyhexError):
    """A game name that is not registered; the message lists the games and the closest
    name."""

    def __init__(self, name: object) -> None:
        self.name = name
        super().__init__(unknown_game_message(name))


class PluginError(SkyhexError):
    """An entry point in ``skyhex.games`` that does not give a usable ``GameEntry``."""


@cache
def _points() -> dict[str, Declared]:
    found: dict[str, Declared] = {}
    points = declared(GROUP)
    home = [p for p in points if p.distribution == normalize(HOME)]
    for point in home + [p for p in points if p not in home]:
        found.setdefault(point.name, point)  # a name declared twice: skyhex's own wins
    return found


@cache
def names() -> tuple[str, ...]:
    """The registered games, in registry order."""
    return tuple(sorted(_points(), key=lambda n: (entry(n).order, n)))


def default_name() -> str:
    """The game of a command or a file that names none: the first registered."""
    listed = names()
    if not listed:
        raise PluginError(f"no game is installed (entry points of group {GROUP!r})")
    return listed[0]


def declared_by(distribution: str) -> tuple[str, ...]:
    """The games that the installed distribution ``distribution`` declares, in registry
    order (``declared_by(HOME)``: skyhex's own games, whatever plugins are installed)."""
    points = _points()
    return tuple(n for n in names() if points[n].distribution == normalize(distribution))


def is_game(name: object) -> bool:
    return isinstance(name, str) and name in _points()


@cache
def entry(name: str) -> GameEntry[Any, Any, Any]:
    """The entry of the game called ``name``, loaded once; ``UnknownGameError`` for any
    other name, ``PluginError`` for an entry point that gives something else."""
    point = _points().get(name) if isinstance(name, str) else None
    if point is None:
        raise UnknownGameError(name)
    try:
        found = point.load()
    except Exception as e:  # an outside plugin's import error, told as such
        raise PluginError(f"game {name!r}: its entry point {point.value!r} cannot be "
                          f"loaded: {e}") from e
    if not isinstance(found, GameEntry) or found.name != name:
        raise PluginError(f"game {name!r}: its entry point {point.value!r} does not give "
                          f"the GameEntry of {name!r}")
    return found


def entries() -> tuple[GameEntry[Any, Any, Any], ...]:
    """Every registered game's entry, in registry order."""
    return tuple(entry(n) for n in names())


def unknown_game_message(name: object) -> str:
    """``no game called 'NAME' (did you mean 'NAMES'?; games: ...)``."""
    import difflib

    from skyhex.rules.text import excerpt

    listed = list(names())
    close = difflib.get_close_matches(str(name)[:100], listed, n=1, cutoff=0.6)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return f"no game called {excerpt(name)} ({hint}games: {', '.join(listed)})"


@cache
def ruleset(name: str) -> Ruleset[Any, Any, Any]:
    """The ruleset of the game called ``name``; ``UnknownGameError`` for any other name."""
    return entry(name).ruleset.load()


__all__ = ["GROUP", "HOME", "PluginError", "UnknownGameError", "declared_by", "default_name",
           "entries", "entry", "is_game", "names", "ruleset", "unknown_game_message"]
