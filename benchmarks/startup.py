"""Commands as a user runs them: CPU time and peak memory of a fresh process, with the
bytecode cache in use (as after installation) and without it (the first run)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from benchmarks.measure import Figure, skyhex

ROOT = Path(__file__).resolve().parent.parent
GAME = str(ROOT / "tests" / "golden" / "four-players.moves.yaml")


def run(quick: bool = False) -> list[Figure]:
    repeat = 3 if quick else 7
    out = []
    targets = {"--help": 0.15, "replay": 0.35}
    for name, args in (("skyhex --help", ["--help"]), ("skyhex --version", ["--version"]),
                       ("skyhex replay (four-player golden game)", ["replay", GAME])):
        for bytecode in (True, False):
            run_ = skyhex(args, bytecode=bytecode, repeat=repeat)
            limit = targets.get(args[0]) if bytecode else None
            cache = "cached bytecode" if bytecode else "no bytecode cache"
            out.append(Figure("startup", f"{name}, {cache}", run_.cpu, "s CPU",
                              cpu=run_.cpu * repeat,
                              target=f"<= {limit} s" if limit else "",
                              met=run_.cpu <= limit if limit else None))
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
