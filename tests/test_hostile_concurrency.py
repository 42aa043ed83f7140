"""Files that commands read and write back, updated by two runs at once: ``missions
--career`` and ``analyze --resume`` (docs/security.md). Each case runs 20 times; neither run
may lose what the other wrote, and both succeed."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from .conftest import ROOT

SKYHEX = str(Path(sys.executable).parent / "skyhex")
GOLDEN = ROOT / "tests" / "golden"
ROUNDS = 20


def _both(commands: list[list[str]], cwd: Path) -> list[subprocess.CompletedProcess[bytes]]:
    """The commands started together, and their ends."""
    started = [subprocess.Popen([SKYHEX, *c], cwd=cwd, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE) for c in commands]
    ends = []
    for p in started:
        out, err = p.communicate(timeout=60)
        ends.append(subprocess.CompletedProcess(p.args, p.returncode, out, err))
    return ends


def test_two_careers_updated_at_once_keep_both_games(tmp_path: Path) -> None:
    """Two ``missions LOG --career c.json`` runs at the same time: the career counts both
    logs (by their digests), whichever run wrote last."""
    for name in ("turbulences-6.ndjson", "turbulences-2.ndjson"):
        shutil.copy(GOLDEN / name, tmp_path / name)
    for k in range(ROUNDS):
        career = f"career-{k}.json"
        ends = _both([["missions", "turbulences-6.ndjson", "--career", career],
                      ["missions", "turbulences-2.ndjson", "--career", career]], tmp_path)
        assert [e.returncode for e in ends] == [0, 0], [e.stderr for e in ends]
        logs = json.loads((tmp_path / career).read_text())["logs"]  # the logs' digests
        assert len(set(logs)) == len(logs) == 2, (k, logs)


def test_two_resumed_analyses_of_one_rows_file_lose_no_row(tmp_path: Path) -> None:
    """Two ``analyze --resume -o rows.ndjson`` runs at the same time: every item's row is
    there once, and neither run truncated the other's."""
    scenario = ROOT / "examples" / "scenarios" / "turbulences-2.yaml"
    text = scenario.read_text().replace("../maps/", "")
    (tmp_path / "a.yaml").write_text(text)
    (tmp_path / "b.yaml").write_text(text)
    shutil.copy(ROOT / "examples" / "maps" / "turbulences-normal-seed-3.yaml", tmp_path)
    quick = ["--games", "1", "--cap", "1", "--workers", "1", "--no-progress", "--resume"]
    for k in range(ROUNDS):
        rows = f"rows-{k}.ndjson"
        ends = _both([["analyze", "a.yaml", "b.yaml", *quick, "-o", rows],
                      ["analyze", "b.yaml", "a.yaml", *quick, "-o", rows]], tmp_path)
        assert [e.returncode for e in ends] == [0, 0], [e.stderr for e in ends]
        items = [json.loads(line)["item"] for line in (tmp_path / rows).read_text().splitlines()]
        assert sorted(items) == ["a.yaml", "b.yaml"], (k, items)
