"""The registry of games: name -> the module holding its ``RULESET``, imported on first use.

Every list of game names (command-line choices, error messages, the schemas' ``game``
enums, which a test keeps equal) derives from ``GAMES``. Adding a game is one line here, its
rules package with a ``ruleset.py``, and its face in ``skyhex.games``.
"""

from __future__ import annotations

import importlib
from typing import Any

from skyhex.rules.errors import SkyhexError
from skyhex.rules.game import Ruleset

GAMES: dict[str, str] = {
    "paragliders": "skyhex.rules.paragliders.ruleset",
    "turbulences": "skyhex.rules.turbulences.ruleset",
    "balloons": "skyhex.rules.balloons.ruleset",
}
DEFAULT_GAME = "paragliders"


class UnknownGameError(SkyhexError):
    """A game name that is not registered; the message lists the games and the closest
    name."""

    def __init__(self, name: object) -> None:
        self.name = name
        super().__init__(unknown_game_message(name))


def names() -> tuple[str, ...]:
    """The registered games, in registry order."""
    return tuple(GAMES)


def unknown_game_message(name: object) -> str:
    """``no game called 'paraglider' (did you mean 'paragliders'?; games: ...)``."""
    import difflib

    from skyhex.rules.text import excerpt

    close = difflib.get_close_matches(str(name)[:100], list(GAMES), n=1, cutoff=0.6)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return f"no game called {excerpt(name)} ({hint}games: {', '.join(GAMES)})"


def ruleset(name: str) -> Ruleset[Any, Any, Any]:
    """The ruleset of the game called ``name``; ``UnknownGameError`` for any other name."""
    module = GAMES.get(name)
    if module is None:
        raise UnknownGameError(name)
    found: Ruleset[Any, Any, Any] = importlib.import_module(module).RULESET
    return found
