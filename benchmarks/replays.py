"""Replaying recorded games, for every installed game, against python-chess replaying SAN.

The main row is the replay as ``skyhex replay`` runs it: the moves file read, parsed and
checked (``sources``), its entries turned into actions and the first state set up afresh
(as ``load_game`` does), the runner the command uses (``replay_game``) and the numbered
NDJSON log written by the function the command writes it with (``rules.replay.log_text``,
every event, to an in-memory sink). Only the reading of the scenario file into its game
(its map and component set) is done before the timing, once per file; the row that reads
the files too calls ``load_game`` whole. The bare loop (actions parsed before the timing,
the first state reused, ``apply`` only, the events built and dropped) stays as a secondary
row.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from benchmarks import anchor, inputs
from benchmarks.measure import Figure, alternate


def _log(replay: Any) -> int:
    """Write the replay's log as ``skyhex replay`` does, to an in-memory sink: its lines.
    A replay that stopped at an illegal entry is a broken input, not a figure."""
    if replay.error is not None:
        raise RuntimeError(f"a recorded game does not replay: {replay.error['message']}")
    from skyhex.rules.replay import log_text

    sink = io.StringIO()
    sink.write(log_text(replay.events))
    return len(replay.events)


def as_command(game: str, expert: bool | None = None) -> Callable[[], int]:
    """Replay every recorded game of ``game`` as ``skyhex replay FILE`` does once the
    scenario is read (see the module's docstring): the entries replayed."""
    from skyhex.games import load_game
    from skyhex.games.documents import LoadedGame, replay_game, sources

    files = [(path, load_game(path, refs=inputs.refs())) for path in
             inputs.moves_files(game, expert)]

    def work() -> int:
        done = 0
        for path, read in files:
            found = sources(path, None, inputs.refs())
            assert found.moves is not None
            ruleset = read.face.ruleset
            pinned = tuple(found.moves.data.get("draws", ()))
            first, state, events = ruleset.new_game(read.scenario, pinned)
            actions = tuple(ruleset.action_from_entry(first, entry, ("moves", i))
                            for i, entry in enumerate(found.moves.data["moves"]))
            loaded = LoadedGame(read.face, read.scenario, actions, pinned, found,
                                (first, state, tuple(events)))
            replay = replay_game(loaded)
            _log(replay)
            done += replay.applied
        return done

    return work


def from_files(game: str) -> Callable[[], int]:
    """``as_command`` with the scenario file read too (``load_game`` whole: the scenario,
    its map and its component set read, parsed and checked): the entries replayed."""
    from skyhex.games import load_game
    from skyhex.games.documents import replay_game

    files = inputs.moves_files(game)

    def work() -> int:
        done = 0
        for path in files:
            replay = replay_game(load_game(path, refs=inputs.refs()))
            _log(replay)
            done += replay.applied
        return done

    return work


def bare(game: str, expert: bool | None = None) -> Callable[[], int]:
    """Apply every action of the recorded games: actions read from the moves files before
    the timing, the first state of each game reused across rounds, ``apply`` only (every
    rule checked, the events built and dropped): the actions applied."""
    from skyhex.games import load_game

    games = []
    for path in inputs.moves_files(game, expert):
        loaded = load_game(path, refs=inputs.refs())
        constants, state, _ = loaded.setup
        games.append((loaded.face.ruleset, constants, state, loaded.actions))

    def work() -> int:
        done = 0
        for rules, constants, state, actions in games:
            for action in actions:
                state, _ = rules.apply(constants, state, action)
            done += len(actions)
        return done

    return work


def run(quick: bool = False) -> list[Figure]:
    from skyhex.rules.games import names

    rounds = 3 if quick else 7
    chess = 20  # the same corpus in a quick run: the same anchor
    out = []

    def row(name: str, subject: Callable[[], int], log: bool, target: bool) -> None:
        base_work = (lambda: anchor.san_replay_log(chess)) if log else \
            (lambda: anchor.san_replay(chess))
        rate, base, ratio, cpu = alternate(subject, base_work, rounds)
        what = "SAN text read, NDJSON written" if log else "SAN replay"
        out.append(Figure("replay", name, rate, "entries/s", ratio,
                          f"python-chess {what}, {base:,.0f} moves/s", cpu,
                          ">= 1.0x" if target else "", ratio >= 1.0 if target else None))

    for game in names():
        row(f"{game}: replay as skyhex replay runs it (entries parsed, log written)",
            as_command(game), True, True)
        if not quick:
            row(f"{game}: replay from the files (scenario and map read too)",
                from_files(game), True, False)
        row(f"{game}: bare loop (actions parsed before, apply only)", bare(game), False,
            False)
    if "turbulences" in names() and inputs.moves_files("turbulences", True):
        row("turbulences EXPERT games only: replay as skyhex replay runs it",
            as_command("turbulences", True), True, False)
    return out
