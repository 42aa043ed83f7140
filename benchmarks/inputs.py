"""What the benchmarks play, for every installed game (``skyhex.rules.games.names()``, a
plugin game included): its example scenarios and its recorded games (moves files).

A game's recorded games are its golden games (``tests/golden``); a game without any (a
plugin) uses the moves files of its own examples (``examples/**``, a plugin's folder
included), and a game without those a random game of its first example scenario, written
to a moves file once per run."""

from __future__ import annotations

import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
EXAMPLES = ROOT / "examples"
_SPARE = tempfile.mkdtemp(prefix="skyhex-bench-moves-")


def refs() -> Any:
    """The reference policy the benchmark reads with: its own files, wherever it runs."""
    from skyhex.games.documents import References

    return References(root=str(ROOT), outside=True)


def _declares(path: Path, kind: str) -> bool:
    return f"format: skyhex.{kind}/" in path.read_text("utf-8")[:2000]


@cache
def scenario_files(game: str) -> tuple[str, ...]:
    """The example scenario files of ``game``, sorted."""
    from skyhex.games import load_scenario

    return tuple(str(p) for p in sorted(EXAMPLES.glob("**/*.yaml"))
                 if _declares(p, "scenario") and load_scenario(str(p), refs())[0].name == game)


@cache
def examples(game: str) -> tuple[Any, ...]:
    """The example scenarios of ``game``, read: (ruleset, scenario) pairs."""
    from skyhex.games import load_scenario

    out = []
    for path in scenario_files(game):
        face, read, _ = load_scenario(path, refs())
        out.append((face.ruleset, read))
    return tuple(out)


def _game_of(path: Path) -> str:
    from skyhex.games.documents import sources

    return str(sources(str(path), None, refs()).game)


@cache
def moves_files(game: str, expert: bool | None = None) -> tuple[str, ...]:
    """The recorded games of ``game`` (moves files); ``expert`` narrows Turbulences' golden
    games to the EXPERT ones (``True``) or the others (``False``)."""
    golden = [p for p in sorted(GOLDEN.glob("*.moves.yaml")) if _game_of(p) == game
              and (expert is None or ("-expert-" in p.name) == expert)]
    if golden or expert is not None:
        return tuple(map(str, golden))
    own = [p for p in sorted(EXAMPLES.glob("**/*.yaml")) if _declares(p, "moves")
           and _game_of(p) == game]
    if own:
        return tuple(map(str, own))
    return (random_moves_file(game),)


def random_moves_file(game: str, seed: int = 1) -> str:
    """A random game of ``game``'s first example scenario (to the game's bot cap), written
    as a moves file naming that scenario: for a game that has no recorded game."""
    from skyhex.games import dump_yaml
    from skyhex.rules.bots import knowledge
    from skyhex.rules.playout import playout, uniform

    rules, read = examples(game)[0]
    game_, _, _ = rules.new_game(read)
    played = playout(rules, read, seed, uniform, knowledge(rules).cap(game_))
    path = os.path.join(_SPARE, f"{game}-random-{seed}.moves.yaml")
    doc = {"format": "skyhex.moves/1", "game": game, "scenario": scenario_files(game)[0],
           "moves": [rules.action_to_entry(a) for a in played.actions]}
    with open(path, "w", encoding="utf-8") as f:
        f.write(dump_yaml(doc, ("moves",)))
    return path


def seeds(first: int = 0) -> Any:
    """Fresh seeds, one per call of ``next``: no round meets a seed another has warmed."""
    return iter(range(first, 10**9))

