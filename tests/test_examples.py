"""The example games of examples/games/: one moves file per mode, each the game of a golden
log (tests/golden/), which its replay reproduces byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from skyhex.cli import app

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "examples" / "games").glob("*.moves.yaml"))


def test_a_game_per_mode() -> None:
    assert {p.name.removesuffix(".moves.yaml") for p in GAMES} == {
        "two-players", "solo-race", "solo-cross", "turbulences-2", "turbulences-teams-4",
        "balloons-2"}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_example_games_replay_to_their_golden_logs(path: Path) -> None:
    r = CliRunner().invoke(app, ["replay", str(path)])
    assert r.exit_code == 0, r.stderr
    golden = ROOT / "tests" / "golden" / path.name.replace(".moves.yaml", ".ndjson")
    assert r.stdout == golden.read_text()
