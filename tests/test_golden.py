"""The golden logs of every game (``tests/golden/NAME.moves.yaml`` beside ``NAME.ndjson``):
`skyhex replay` gives each log back byte for byte, strict or not, and every event of
every golden log validates against the published event schema.

``SKYHEX_REGEN_GOLDEN=1`` rewrites the logs after an intended rules change (the games'
own modules rewrite the moves files of the greedy golden games too)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from skyhex.rules import games as registry
from skyhex.schemas import conforms, validator

from .conftest import run

GOLDEN = Path(__file__).resolve().parent / "golden"
NAMES = sorted(p.name.removesuffix(".moves.yaml") for p in GOLDEN.glob("*.moves.yaml"))


def test_every_log_has_its_moves_file_and_every_game_a_golden_log() -> None:
    assert {p.stem for p in GOLDEN.glob("*.ndjson")} == set(NAMES)
    games = {json.loads((GOLDEN / f"{n}.ndjson").read_text().split("\n", 1)[0])["game"]
             for n in NAMES}
    assert games <= set(registry.names())
    assert {"paragliders", "turbulences", "balloons"} <= games


@pytest.mark.parametrize("name", NAMES)
def test_golden_logs_stay_byte_identical(name: str) -> None:
    """A golden game is whole (setup to game end) and its moves file writes every decision:
    the strict replay gives the log, and the lenient one (which would play forced
    decisions left out) the same."""
    moves = str(GOLDEN / f"{name}.moves.yaml")
    golden = GOLDEN / f"{name}.ndjson"
    r = run("replay", "--strict", moves)
    assert r.exit_code == 0 and r.stderr == ""
    if os.environ.get("SKYHEX_REGEN_GOLDEN"):
        golden.write_text(r.stdout)
    assert r.stdout == golden.read_text()
    lines = r.stdout.splitlines()
    assert json.loads(lines[0])["type"] == "setup"
    assert json.loads(lines[-1])["type"] == "game_end"
    lenient = run("replay", moves)
    assert lenient.exit_code == 0 and lenient.stdout == r.stdout


@pytest.mark.parametrize("name", NAMES)
def test_every_event_of_the_golden_logs_validates(name: str) -> None:
    """Through the compiled validator (``schemas.conforms``; tests/test_schema_engines.py
    holds it to jsonschema's answers); jsonschema words any mistake."""
    for line in (GOLDEN / f"{name}.ndjson").read_text().splitlines():
        event = json.loads(line)
        assert conforms("event", event), [e.message for e in
                                          validator("event").iter_errors(event)]
