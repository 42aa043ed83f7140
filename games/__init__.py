"""skyhex as a library: every game through one protocol, from its files.

Load a scenario or a moves file of any game, list the legal actions, apply them, read the
events and scores, play whole games, and save a position as a scenario. Nothing here loads
the command line (Typer). See ``docs/library.md``.

    >>> from skyhex.games import load_scenario
    >>> face, scenario, _ = load_scenario("examples/scenarios/two-players.yaml")
    >>> rules = face.ruleset
    >>> game, state, events = rules.new_game(scenario)
    >>> rules.actor(game, state)
    'yellow'
"""

from typing import TYPE_CHECKING, Any

# Eager: the function ``face`` shares its name with the module that holds it, which
# importing the module would otherwise bind here instead.
from skyhex.games.face import Face, UsageError, face, faces

if TYPE_CHECKING:
    from skyhex.games.documents import (
        LoadedGame,
        References,
        dump_json,
        dump_yaml,
        error_line,
        load_game,
        load_map,
        load_scenario,
        position_scenario,
        replay_game,
        with_position,
    )
    from skyhex.rules.errors import IllegalActionError, InputError, NotSupportedError, SkyhexError
    from skyhex.rules.game import LOG_FORMAT, Entry, Event, Ruleset, ScoreRow
    from skyhex.rules.games import UnknownGameError, names, ruleset
    from skyhex.rules.playout import Playout, Policy, playout, uniform
    from skyhex.rules.replay import Replay, play, start
    from skyhex.schemas.documents import DocumentError

_WHERE: dict[str, str] = {
    "DocumentError": "skyhex.schemas.documents",
    "Entry": "skyhex.rules.game",
    "Event": "skyhex.rules.game",
    "IllegalActionError": "skyhex.rules.errors",
    "InputError": "skyhex.rules.errors",
    "LOG_FORMAT": "skyhex.rules.game",
    "LoadedGame": "skyhex.games.documents",
    "NotSupportedError": "skyhex.rules.errors",
    "Playout": "skyhex.rules.playout",
    "Policy": "skyhex.rules.playout",
    "References": "skyhex.games.documents",
    "Replay": "skyhex.rules.replay",
    "Ruleset": "skyhex.rules.game",
    "ScoreRow": "skyhex.rules.game",
    "SkyhexError": "skyhex.rules.errors",
    "UnknownGameError": "skyhex.rules.games",
    "dump_json": "skyhex.games.documents",
    "dump_yaml": "skyhex.games.documents",
    "error_line": "skyhex.games.documents",
    "load_game": "skyhex.games.documents",
    "load_map": "skyhex.games.documents",
    "load_scenario": "skyhex.games.documents",
    "names": "skyhex.rules.games",
    "play": "skyhex.rules.replay",
    "playout": "skyhex.rules.playout",
    "position_scenario": "skyhex.games.documents",
    "replay_game": "skyhex.games.documents",
    "ruleset": "skyhex.rules.games",
    "start": "skyhex.rules.replay",
    "uniform": "skyhex.rules.playout",
    "with_position": "skyhex.games.documents",
}
"""Where each name of the library lives: imported when first asked for (PEP 562), so that
``import skyhex.games.face`` (the command line, at every start) does not load the file
readers, the replay runner and the playouts."""


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'skyhex.games' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(where), name)
    globals()[name] = value
    return value


__all__ = [
    "LOG_FORMAT", "DocumentError", "Entry", "Event", "Face", "IllegalActionError",
    "InputError", "LoadedGame", "NotSupportedError", "Playout", "Policy", "References", "Replay",
    "Ruleset", "ScoreRow", "SkyhexError", "UnknownGameError", "UsageError", "dump_json",
    "dump_yaml", "error_line", "face", "faces", "load_game", "load_map", "load_scenario", "names",
    "play", "playout", "position_scenario", "replay_game", "ruleset", "start", "uniform",
    "with_position",
]
