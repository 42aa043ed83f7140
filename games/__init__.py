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
from skyhex.games.face import Face, UsageError, face, faces
from skyhex.rules.errors import IllegalActionError, InputError, NotSupportedError, SkyhexError
from skyhex.rules.game import LOG_FORMAT, Entry, Event, Ruleset, ScoreRow
from skyhex.rules.games import UnknownGameError, names, ruleset
from skyhex.rules.playout import Playout, Policy, playout, uniform
from skyhex.rules.replay import Replay, play, start
from skyhex.schemas.documents import DocumentError

__all__ = [
    "LOG_FORMAT", "DocumentError", "Entry", "Event", "Face", "IllegalActionError",
    "InputError", "LoadedGame", "NotSupportedError", "Playout", "Policy", "References", "Replay",
    "Ruleset", "ScoreRow", "SkyhexError", "UnknownGameError", "UsageError", "dump_json",
    "dump_yaml", "error_line", "face", "faces", "load_game", "load_map", "load_scenario", "names",
    "play", "playout", "position_scenario", "replay_game", "ruleset", "start", "uniform",
    "with_position",
]
