"""What the replay viewer's tests share: the golden games, the page data inside a page, and
what the log says a page should show (altitudes and the score track of Paragliders pilots,
deliveries of Turbulences companies), worked out from the log's events alone."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .conftest import ROOT

GOLDEN = ROOT / "tests" / "golden"
SCENARIOS = ROOT / "examples" / "scenarios"


def log_of(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (GOLDEN / f"{name}.ndjson").read_text().splitlines()]


def scenario_of(name: str) -> Path:
    """The scenario a golden moves file names."""
    found = re.search(r"^scenario: (\S+)$", (GOLDEN / f"{name}.moves.yaml").read_text(),
                      re.MULTILINE)
    assert found is not None
    return (GOLDEN / found.group(1)).resolve()


def page_data(html: str) -> dict[str, Any]:
    """The page data (``skyhex.view/1``) inside a page."""
    found = re.search(r'<script type="application/json" id="skyhex-data">(.*?)</script>', html,
                      re.DOTALL)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def pilots_after(events: Sequence[dict[str, Any]]) -> dict[str, tuple[str, int]]:
    """Each Paragliders pilot's altitude as the panel shows it (``-`` when not flying) and
    score track, after ``events``: the last altitude a turn or wind push gave it, and the VP
    of its collects, scored stunts and crash, less what its relaunches paid."""
    altitude: dict[str, int] = {}
    flying: dict[str, bool] = {}
    score: dict[str, int] = {}
    for e in events:
        kind, who = e["type"], e.get("player", "")
        if kind == "setup":
            for p in e["players"]:
                flying[p["player"]], score[p["player"]] = False, 0
        if kind == "turn" and "altitude" in e and e["action"] in ("takeoff", "move", "relaunch"):
            flying[who] = True
            altitude[who] = e.get("accelerate", e)["altitude"]["after"]
        elif kind == "wind_push" and "altitude" in e:
            altitude[who] = e["altitude"]["after"]
        elif kind in ("crash", "land"):
            flying[who] = False
        scored = kind == "stunt" and e["action"] == "score"
        if (kind in ("collect", "crash") and "vp" in e) or scored:
            score[who] += e["vp"]
        if kind == "relaunch":
            score[who] -= e["paid"]
    return {p: (str(altitude[p]) if flying[p] else "-", score[p]) for p in flying}


def deliveries_after(events: Sequence[dict[str, Any]]) -> dict[str, int]:
    """How many parcels each Turbulences company has delivered after ``events``."""
    out = {c["company"]: 0 for c in events[0]["companies"]}
    for e in events:
        if e["type"] == "delivered":
            out[e["company"]] += len(e["parcels"])
    return out


HOSTILE_TITLE = '</script><script>window.pwned = 1</script> & <b>"bold"</b>'


def hostile_moves(folder: Path) -> Path:
    """A moves file (no entries yet) on a copy of the two-player scenario whose title is
    markup: a page must show it as text. The files are copied into ``folder`` and name each
    other from there (run the command in ``folder``: references stay inside the working
    directory)."""
    text = (SCENARIOS / "two-players.yaml").read_text()
    text = re.sub(r"^title: .*$", f"title: {json.dumps(HOSTILE_TITLE)}", text,
                  flags=re.MULTILINE)
    found = re.search(r"^map: (\S+)$", text, re.MULTILINE)
    assert found is not None
    the_map = (SCENARIOS / found.group(1)).resolve()
    (folder / the_map.name).write_bytes(the_map.read_bytes())
    scenario = folder / "hostile.yaml"
    scenario.write_text(text.replace(found.group(0), f"map: {the_map.name}", 1))
    moves = folder / "hostile.moves.yaml"
    moves.write_text("format: skyhex.moves/1\nscenario: hostile.yaml\nmoves: []\n")
    return moves
