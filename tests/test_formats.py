"""docs/formats.md: the golden logs of today are the version-1 golden logs changed by the
rows of its "What changed" table, and by nothing else; where a rules change since made the
golden games be played again (a version-1 moves file kept beside its log), the version-1
moves replayed today give the same log up to the first decision the change alters."""

from __future__ import annotations

import json
from typing import Any

import pytest

from skyhex.rules.game import LOG_FORMAT

from .conftest import DATA, ROOT, run

GOLDEN = ROOT / "tests" / "golden"
V1 = DATA / "log-v1"
Event = dict[str, Any]


def events(path: Any) -> list[Event]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def upgrade(old: list[Event]) -> list[Event]:
    """A version-1 log by the rows of the table; ``entry`` and ``forced`` are left out (their
    row adds them to more events: the contract test checks where)."""
    out: list[Event] = []
    rounds = 1
    for e in old:
        e = {k: v for k, v in e.items() if k not in ("entry", "forced")}
        kind = e["type"]
        if kind == "setup":
            e = {"seq": e["seq"], "type": "setup", "format": LOG_FORMAT,
                 **{k: v for k, v in e.items() if k not in ("seq", "type")}}
        elif kind == "time":
            rounds = e["round"]
            e = {"seq": e["seq"], "type": "round", "round": e["round"], "time": e["time"]}
        elif kind == "turn" and e.get("first") is not None and "player" not in e:
            rounds = e["turn"]
            e = {"seq": e["seq"], "type": "round", "round": e["turn"], "turn": e["turn"],
                 "first": e["first"]}
        elif kind == "game_end":
            e = {"seq": e["seq"], "type": "game_end", "round": rounds, "time": e["time"],
                 "reason": e["reason"],
                 "scores": [{"player": s["player"], "score": s["total"], "rank": s["rank"],
                             "breakdown": s["breakdown"],
                             **({"won": s["won"]} if "won" in s else {})}
                            for s in e["scores"]],
                 "winners": e["winners"]}
        elif kind == "game_over":
            rows = [{"player": s["company"], "score": s["points"], "rank": s["rank"],
                     "breakdown": {"weight": s["weight"], "empty spaces": s["empty_spaces"]},
                     "parcels": s["parcels"]} for s in e["scores"]]
            new = {"seq": e["seq"], "type": "game_end", "round": e["turn"], "turn": e["turn"],
                   "reason": "deliveries", "scores": rows,
                   "winners": [r["player"] for r in rows if r["rank"] == 1]}
            if "teams" in e:
                new["teams"] = [{"team": t["team"], "companies": t["companies"],
                                 "score": t["points"], "rank": t["rank"],
                                 "parcels": t["parcels"]} for t in e["teams"]]
            e = new
        out.append(e)
    return out


REPLAYED = sorted(p.name.removesuffix(".moves.yaml") for p in V1.glob("*.moves.yaml"))
"""Golden games played again after a rules change: the Turbulences ones, after "one BOOST a
turn" (docs/rules-notes.md), which offers the BOOST after a landing that recharges it."""
OPERATIONS = ("parcels_loaded", "parcels_unloaded", "parcels_lost")


@pytest.mark.parametrize("name", sorted(p.stem for p in V1.glob("*.ndjson")
                                        if p.stem not in REPLAYED))
def test_the_golden_logs_changed_only_as_the_table_says(name: str) -> None:
    new = events(GOLDEN / f"{name}.ndjson")
    bare = [{k: v for k, v in e.items() if k not in ("entry", "forced")} for e in new]
    assert upgrade(events(V1 / f"{name}.ndjson")) == bare
    assert json.dumps(bare) == json.dumps(upgrade(events(V1 / f"{name}.ndjson")))  # key order


def test_every_golden_log_has_a_version_one_original() -> None:
    """Balmy Balloonists, Turbulences' EXPERT mode, its special powers and NIGHT FLIGHT came
    with version 2: their logs have no version-1 original."""
    logs = {p.stem for p in GOLDEN.glob("*.ndjson")
            if not p.stem.startswith(("balloons-", "turbulences-expert-",
                                      "turbulences-powers-", "turbulences-night-"))}
    assert logs == {p.stem for p in V1.glob("*.ndjson")}


@pytest.mark.parametrize("name", REPLAYED)
def test_replayed_golden_games_changed_only_by_the_rules_changes(name: str) -> None:
    """The version-1 moves of a golden game played again after a rules change replay today
    to the version-1 log changed by the table's rows (the parcels of an operation listed in
    order, as operations have no order now), up to the entry where the BOOST, recharged by
    the company's landing at home in the entry before, is offered: "one BOOST a turn"
    (docs/rules-notes.md) asks the company first."""
    r = run("replay", str(V1 / f"{name}.moves.yaml"))
    assert r.exit_code == 1
    *today, error = [json.loads(line) for line in r.stdout.splitlines()]
    assert (error["type"], error["rule"], error["phase"]) == ("error", "turn.order", "boost")
    recharged = [e for e in today if e["type"] == "boost_recharged"]
    assert recharged[-1]["company"] == error["expected"]
    assert recharged[-1]["entry"] == error["entry"] - 1
    bare = [{k: v for k, v in e.items() if k not in ("entry", "forced")} for e in today]
    old = [{**e, "parcels": sorted(e["parcels"])} if e["type"] in OPERATIONS else e
           for e in upgrade(events(V1 / f"{name}.ndjson"))]
    assert bare == old[:len(bare)]
    assert len(bare) > 40  # the games agree for a while before the BOOST is offered

