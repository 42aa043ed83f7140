"""docs/library.md: its examples run as written, through the library alone, and a random bot
of a few lines plays a whole game of each registered game."""

from __future__ import annotations

import ast
import os
import random
import re
import subprocess
import sys

import pytest

from skyhex.games import load_scenario, ruleset
from skyhex.rules import games as registry

from .conftest import ROOT, example_scenarios

LIBRARY = ROOT / "docs" / "library.md"


def examples() -> list[str]:
    return re.findall(r"```python\n(.*?)\n```", LIBRARY.read_text(), re.S)


NO_COMMAND_LINE = ("\nimport sys\nassert 'typer' not in sys.modules\n"
                   "assert 'click' not in sys.modules\n")
"""Appended to the first example: the library loads no command line (one run checks both)."""


@pytest.mark.parametrize("index", range(4))
def test_the_examples_run(index: int) -> None:
    code = examples()[index] + (NO_COMMAND_LINE if index == 0 else "")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       timeout=120, env={**os.environ, "PYTHONWARNINGS": "error"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() and "Traceback" not in r.stderr
    if index == 0:
        assert "paragliders - yellow to act at" in r.stdout
        assert "does not know" in r.stdout
    if index == 2:
        assert "['referee: everything', 'blue', 'red']" in r.stdout
    if index == 3:
        assert "blue plays {'company': 'blue'" in r.stdout
        assert "(('red', 'greedy'), ('blue', 'random')" in r.stdout


TYPED_BOT = ROOT / "examples" / "bots" / "typed_bot.py"


def test_the_typed_bot_is_quoted_as_it_is_and_plays_a_game(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/library.md quotes examples/bots/typed_bot.py whole (``.ci/typecheck`` runs
    ``mypy --strict`` on it); it plays a whole game against a random bot."""
    import runpy

    assert TYPED_BOT.read_text().rstrip("\n") in examples()
    monkeypatch.chdir(ROOT)
    runpy.run_path(str(TYPED_BOT), run_name="__main__")
    scores = ast.literal_eval(capsys.readouterr().out)
    rules = ruleset("paragliders")
    game, _, _ = rules.new_game(load_scenario("examples/scenarios/two-players.yaml")[1])
    assert set(scores) == set(rules.seats(game))
    assert all(isinstance(v, int) for v in scores.values())


def test_the_typecheck_checks_the_typed_bot() -> None:
    steps = (ROOT / ".ci" / "typecheck").read_text().splitlines()
    assert f"mypy --strict {TYPED_BOT.relative_to(ROOT)}" in steps


@pytest.mark.parametrize("game", registry.names())
def test_a_random_bot_plays_a_whole_game(game: str) -> None:
    rules = ruleset(game)
    path = next(p for p in example_scenarios() if load_scenario(str(p))[0].name == game)
    _, scenario, _ = load_scenario(str(path))
    rng = random.Random(3)
    constants, state, events = rules.new_game(scenario)
    moves = 0
    while rules.actor(constants, state) is not None and rules.moment(state)["round"] <= 300:
        state, new = rules.apply(constants, state, rng.choice(rules.legal_actions(constants,
                                                                                  state)))
        events += new
        moves += 1
    assert moves > 10
    assert rules.actor(constants, state) is None or game == "turbulences"
    assert [r["player"] for r in rules.scores(constants, state)]
