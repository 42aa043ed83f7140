"""Scenarios and boards: validating the largest example scenario and the slowest broken one,
and rendering a map board and a position board."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from benchmarks.measure import Figure, cpu_rate

ROOT = Path(__file__).resolve().parent.parent
MAP = str(ROOT / "examples" / "maps" / "standard-seed-7.yaml")
MID_GAME = str(ROOT / "examples" / "scenarios" / "mid-game.yaml")


def _validate(path: str, repeat: int) -> float:
    from skyhex.games import load_scenario
    from skyhex.schemas.documents import DocumentError

    def work() -> int:
        for _ in range(repeat):
            with contextlib.suppress(DocumentError):
                load_scenario(path)
        return repeat

    rate, _ = cpu_rate(work)
    return 1 / rate


def run(quick: bool = False) -> list[Figure]:
    from skyhex.games import load_map, load_scenario, start
    from skyhex.render.paper import pages_svg, poster_svg
    from skyhex.render.paragliders.board import board_picture
    from skyhex.render.paragliders.position import position_view

    repeat = 3 if quick else 20
    out = []
    _validate(MID_GAME, 2)
    seconds = _validate(MID_GAME, repeat)
    out.append(Figure("documents", "validate the mid-game example scenario (with its map)",
                      seconds * 1000, "ms"))
    broken = sorted((ROOT / "tests" / "data" / "scenarios").glob("*.yaml"))
    with tempfile.TemporaryDirectory() as tmp:
        huge = os.path.join(tmp, "huge.yaml")
        with open(huge, "w") as f:
            f.write(("# " + "x" * 1021 + "\n") * (50 * 1024))
        worst = max((_validate(str(p), 2), p.name) for p in [*broken, Path(huge)])
    out.append(Figure("documents", f"validate the slowest broken scenario ({worst[1]})",
                      worst[0] * 1000, "ms"))
    _, m, _ = load_map(MAP)
    rate, cpu = cpu_rate(lambda: len([poster_svg(board_picture(m, title="benchmark",
                                                               coords=True))
                                      for _ in range(repeat)]))
    out.append(Figure("documents", "render the standard map as a poster", 1000 / rate, "ms",
                      cpu=cpu))
    rate, cpu = cpu_rate(lambda: len(pages_svg(board_picture(m, title="benchmark"), "a4")[1]))
    out.append(Figure("documents", "render the standard map on A4 pages", rate, "pages/s",
                      cpu=cpu))
    face, scenario, _ = load_scenario(MID_GAME)
    game = start(face.ruleset, scenario)
    view = position_view(game.game, game.state, "benchmark")
    rate, cpu = cpu_rate(lambda: len([poster_svg(board_picture(
        scenario.map, title="benchmark", coords=True, position=view)) for _ in range(repeat)]))
    out.append(Figure("documents", "render the mid-game position board", 1000 / rate, "ms",
                      cpu=cpu))
    return out
