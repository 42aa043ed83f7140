"""Commands as a user runs them, in fresh processes: CPU time (the child's, from
``RUSAGE_CHILDREN``) as a ratio to ``python -c "import chess"`` run in turn with them in
the same run, with the bytecode cache in use (as after installation); the same without the
cache (the first run), peak memory, and a long ``map generate``."""

from __future__ import annotations

import tempfile
from pathlib import Path

from benchmarks.measure import CHESS, SKYHEX, Figure, fresh, skyhex

ROOT = Path(__file__).resolve().parent.parent
GAME = str(ROOT / "tests" / "golden" / "four-players.moves.yaml")
"""A golden game of 75 entries: the short replay the start-up target names."""
RATIO = 2.0


def entries(path: str) -> int:
    from skyhex.games import load_game

    return len(load_game(path).actions)


def run(quick: bool = False) -> list[Figure]:
    repeat = 3 if quick else 9
    out = []
    replay = f"skyhex replay ({entries(GAME)}-action golden game)"
    commands = [("skyhex --help", ["--help"]), ("skyhex --version", ["--version"]),
                (replay, ["replay", GAME])]
    for bytecode in (True, False):
        rounds = repeat if bytecode else 3
        got = fresh([(CHESS, []), *((SKYHEX, args) for _, args in commands)],
                    bytecode=bytecode, repeat=rounds)
        chess, runs = got[0], got[1:]
        cache = "cached bytecode" if bytecode else "no bytecode cache"
        anchor = f'python -c "import chess" ({cache}), {chess.cpu * 1000:.0f} ms CPU'
        for (name, args), run_ in zip(commands, runs, strict=True):
            ratio = run_.cpu / chess.cpu
            held = bytecode and args[0] != "--version"
            out.append(Figure("startup", f"{name}, {cache}", run_.cpu, "s CPU", ratio, anchor,
                              cpu=run_.cpu * rounds, target=f"<= {RATIO:g}x" if held else "",
                              met=ratio <= RATIO if held else None))
            if args[0] == "replay" and bytecode:
                out.append(Figure("startup", f"{name}: peak memory", run_.max_rss_mib,
                                  "MiB", target="<= 40 MiB", met=run_.max_rss_mib <= 40))
    count = 100 if quick else 1000
    with tempfile.TemporaryDirectory() as tmp:
        run_ = skyhex(["map", "generate", "--force", "--seed", "1", "--count", str(count), "-o",
                       str(Path(tmp) / "maps")], repeat=1)
    limit = 4.0 * count / 1000
    out.append(Figure("startup", f"skyhex map generate --count {count} (YAML)", run_.cpu,
                      "s CPU", cpu=run_.cpu, target=f"<= {limit:g} s", met=run_.cpu <= limit))
    return out
