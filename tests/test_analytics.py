"""``skyhex analyze`` and ``skyhex tournament``: the same seeds give the same rows inline,
on a local process pool and on a Dask cluster (a ``LocalCluster`` with two in-process
workers); ``--resume`` plays only what is missing; capped games are counted apart; the HTML
report opens in headless Chromium without errors, its charts drawn and its numbers the
rows'. The statistics (Wilson intervals, Bradley-Terry ratings, played balance,
correlations) against known values."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from skyhex.games import analysis, tournament

from .conftest import ROOT, run

SMALL = ["--generate", "3", "--seed", "5", "--games", "2", "--no-progress"]


def rows_of(path: Path) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return sorted(rows, key=lambda r: r["item"])


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("local") / "rows.ndjson"
    r = run("analyze", *SMALL, "--workers", "1", "-o", str(out))
    assert r.exit_code == 0 and r.stdout == ""
    assert "3 items, 6 games played in " in r.stderr
    return out


def test_rows_hold_the_played_and_static_figures(local: Path, tmp_path: Path) -> None:
    rows = rows_of(local)
    assert [r["item"] for r in rows] == ["seed-5", "seed-6", "seed-7"]
    for r in rows:
        assert r["format"] == "skyhex.analysis/1" and r["game"] == "paragliders"
        assert r["games"] == 2 and r["finished"] + r["capped"] == 2 and r["seats"] == 2
        assert len(r["seat_mean"]) == 2 and r["bots"] == ["greedy"]
        assert r["seat_advantage"] == round(max(r["seat_mean"]) - min(r["seat_mean"]), 4)
        assert 0 <= r["played_balance"] <= 100
        assert "three_antennas_rate" in r["figures"] and "stunt:explorer" in r["figures"]
    # the static figures are map stats' for the map of the seed
    assert run("map", "generate", "--seed", "7", "-o", str(tmp_path / "m.yaml")).exit_code == 0
    stats = run("map", "stats", "--format", "json", str(tmp_path / "m.yaml"))
    assert stats.exit_code == 0, stats.stderr
    (figures,) = json.loads(stats.stdout)["maps"]
    assert rows[2]["static"] == {k: v for k, v in figures.items() if k != "file"}


def test_a_process_pool_gives_the_same_rows(local: Path, tmp_path: Path) -> None:
    out = tmp_path / "pool.ndjson"
    out.write_text("an older file, replaced\n")
    r = run("analyze", *SMALL, "--workers", "2", "-o", str(out))
    assert r.exit_code == 1 and r.stdout == ""
    assert "the file exists (pass --force to replace it)" in r.stderr
    assert out.read_text() == "an older file, replaced\n"
    r = run("analyze", *SMALL, "--workers", "2", "-o", str(out), "--force")
    assert r.exit_code == 0
    assert rows_of(out) == rows_of(local)


def test_a_dask_cluster_gives_the_same_rows(local: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("dask.distributed")
    out = tmp_path / "dask.ndjson"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        r = run("analyze", *SMALL, "--scheduler", cluster.scheduler_address, "-o", str(out))
    assert r.exit_code == 0, r.stderr
    assert rows_of(out) == rows_of(local)


def test_resume_plays_only_the_missing_items(local: Path, tmp_path: Path) -> None:
    out = tmp_path / "rows.ndjson"
    first = local.read_text().splitlines()
    out.write_text(first[0] + "\n" + first[1][:40])  # one row, then a row cut short
    r = run("analyze", *SMALL, "--workers", "1", "-o", str(out), "--resume")
    assert r.exit_code == 0
    assert "3 items, 4 games played in " in r.stderr
    assert rows_of(out) == rows_of(local)


def test_capped_games_are_counted_apart(tmp_path: Path) -> None:
    out = tmp_path / "capped.ndjson"
    r = run("analyze", "--generate", "1", "--games", "2", "--cap", "2", "--workers", "1",
            "--no-progress", "-o", str(out))
    assert r.exit_code == 0 and ", 2 capped;" in r.stderr
    (row,) = rows_of(out)
    assert (row["finished"], row["capped"], row["played_balance"]) == (0, 2, None)


def test_analyze_usage_errors(tmp_path: Path) -> None:
    assert run("analyze").exit_code == 2
    assert run("analyze", "--generate", "2", str(tmp_path)).exit_code == 2
    assert run("analyze", "--generate", "2", "--resume").exit_code == 2


def test_a_report_without_matplotlib_is_refused_before_any_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "matplotlib" else real(name, *a))
    rows, page = tmp_path / "rows.ndjson", tmp_path / "report.html"
    r = run("analyze", *SMALL, "--workers", "1", "-o", str(rows), "--html", str(page))
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.strip().splitlines() == [
        "skyhex: error: analyze --html needs matplotlib: pip install 'skyhex[report]'"]
    assert not rows.exists() and not page.exists()


@pytest.mark.parametrize("game", ["turbulences", "balloons"])
def test_analyze_generates_the_maps_of_every_game(game: str, tmp_path: Path) -> None:
    """``--generate`` plays the maps ``map generate --game G --seed S`` makes, in the
    scenario ``scenario new`` makes, for every game whose maps are generated."""
    out = tmp_path / "rows.ndjson"
    r = run("analyze", "--generate", "1", "--seed", "4", "--game", game, "--players", "2",
            "--games", "1", "--workers", "1", "--no-progress", "-o", str(out))
    assert r.exit_code == 0, r.stderr
    (row,) = rows_of(out)
    assert (row["item"], row["game"], row["seats"]) == ("seed-4", game, 2)
    assert run("map", "generate", "--game", game, "--seed", "4", "-o",
               str(tmp_path / "m.yaml")).exit_code == 0
    stats = run("map", "stats", "--format", "json", str(tmp_path / "m.yaml"))
    assert stats.exit_code == 0, stats.stderr
    (figures,) = json.loads(stats.stdout)["maps"]
    assert row["static"] == {k: v for k, v in figures.items() if k != "file"}


@pytest.mark.parametrize("game", ["paragliders", "turbulences", "balloons"])
def test_analyze_reads_maps_from_a_folder(game: str, workdir: Path) -> None:
    """The README's ``skyhex map generate --count 3 -o maps/`` then ``skyhex analyze maps/
    --players 4``: every map of the folder played, whichever folder it is in."""
    made = run("map", "generate", "--game", game, "--count", "2", "--seed", "3", "-o", "maps/")
    assert made.exit_code == 0, made.stderr
    for folder in ("maps/", "./maps"):
        out = workdir / f"rows-{len(folder)}.ndjson"
        r = run("analyze", folder, "--players", "2", "--games", "1", "--workers", "1",
                "--no-progress", "-o", str(out))
        assert r.exit_code == 0 and "error" not in r.stderr, r.stderr
        # Two items: no correlation, said in words (never Python's None).
        assert r.stderr.endswith("static vs played r = n/a (fewer than 3 items, or no "
                                 "spread)\n"), r.stderr
        rows = rows_of(out)
        assert [row["game"] for row in rows] == [game, game]
        assert sorted(Path(row["item"]).name for row in rows) == sorted(
            p.name for p in (workdir / "maps").iterdir())


def test_analyze_reads_a_map_named_anywhere(workdir: Path, tmp_path_factory:
                                            pytest.TempPathFactory) -> None:
    """A map named on the command line is read wherever it is (it is the user's choice, not
    a file's reference); a scenario's references outside the working directory are refused
    unless ``--allow-outside-refs``, as every reader does."""
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    assert run("map", "generate", "--seed", "3", "-o", str(elsewhere / "m.yaml")).exit_code == 0
    r = run("analyze", str(elsewhere / "m.yaml"), "--players", "2", "--games", "1",
            "--workers", "1", "--no-progress", "-o", "rows.ndjson")
    assert r.exit_code == 0 and "error" not in r.stderr, r.stderr
    assert len(rows_of(workdir / "rows.ndjson")) == 1
    scenario = elsewhere / "s.yaml"
    scenario.write_text((ROOT / "examples" / "scenarios" / "four-players.yaml").read_text()
                        .replace("../maps/mapgen1-seed-7.yaml", "m.yaml"))
    run_ = ("analyze", str(scenario), "--games", "1", "--workers", "1", "--no-progress",
            "-o", "s.ndjson")
    refused = run(*run_)
    assert refused.exit_code == 1 and "--allow-outside-refs" in refused.stderr
    assert not (workdir / "s.ndjson").exists() or (workdir / "s.ndjson").read_text() == ""
    followed = run(*run_, "--allow-outside-refs", "--force")
    assert followed.exit_code == 0 and "error" not in followed.stderr, followed.stderr
    assert len(rows_of(workdir / "s.ndjson")) == 1


def test_analyze_scenario_files_and_csv(tmp_path: Path) -> None:
    out, table = tmp_path / "rows.ndjson", tmp_path / "rows.csv"
    scenario = ROOT / "examples" / "scenarios" / "balloons-2.yaml"
    r = run("analyze", str(scenario), "--games", "2", "--workers", "1", "--no-progress",
            "-o", str(out), "--csv", str(table))
    assert r.exit_code == 0, r.stderr
    (row,) = rows_of(out)
    assert row["item"] == str(scenario) and row["game"] == "balloons"
    header, line = table.read_text().splitlines()
    assert header.startswith("item,game,games,finished,capped,seats,score_mean,")
    assert line.startswith(f"{scenario},balloons,2,")


def test_played_balance_and_correlations() -> None:
    assert analysis.played_balance(0.0, 5.0) == 100.0
    assert analysis.played_balance(5.0, 10.0) == 75.0
    assert analysis.played_balance(30.0, 10.0) == 0.0
    assert analysis.correlation([1, 2, 3, 4], [2, 4, 6, 8]) == pytest.approx(1.0)
    assert analysis.correlation([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert analysis.correlation([1, 2], [1, 2]) is None
    assert analysis.ranks([10, 30, 20, 20]) == [1.0, 4.0, 2.5, 2.5]


def test_tournament_statistics() -> None:
    low, high = tournament.wilson(0.5, 100)  # the textbook value: 0.404 to 0.596
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    assert tournament.wilson(1.0, 10)[1] == pytest.approx(1.0)
    assert tournament.wilson(1.0, 10)[0] == pytest.approx(0.7225, abs=1e-4)
    elo = tournament.ratings({("a", "b"): 30.0, ("b", "c"): 30.0, ("a", "c"): 36.0},
                             {("a", "b"): 40, ("b", "c"): 40, ("a", "c"): 40}, ["a", "b", "c"])
    assert elo["a"] > elo["b"] > elo["c"]
    assert sum(elo.values()) / 3 == pytest.approx(1500)
    # two bots that share their wins equally are rated alike
    even = tournament.ratings({("a", "b"): 10.0}, {("a", "b"): 20}, ["a", "b"])
    assert even["a"] == pytest.approx(even["b"])
    result = {"capped": False, "seats": {"r": "x", "b": "y", "g": "x", "y": "y"},
              "ranks": {"r": 1, "b": 2, "g": 2, "y": 4}}
    assert tournament.share(result, "x", "y") == pytest.approx((1 + 1 + 0.5 + 1) / 4)
    assert tournament.share({**result, "capped": True}, "x", "y") is None


def test_tournament_command() -> None:
    scenario = str(ROOT / "examples" / "scenarios" / "balloons-2.yaml")
    r = run("tournament", scenario, "--bots", "random,greedy", "--games", "4", "--workers",
            "1", "--format", "json", "--no-progress")
    assert r.exit_code == 0, r.stderr
    found = json.loads(r.stdout)
    (pair,) = found["pairs"]
    assert (pair["bot"], pair["against"], pair["games"] + pair["capped"]) == \
        ("random", "greedy", 4)
    low, high = pair["interval"]
    assert low <= pair["win_rate"] <= high
    assert set(found["ratings"]) == {"random", "greedy"}
    text = run("tournament", scenario, "--bots", "random,greedy", "--games", "4",
               "--workers", "1", "--no-progress")
    assert "random       greedy" in text.stdout and "ratings (Elo scale" in text.stdout
    assert run("tournament", scenario, "--bots", "greedy").exit_code == 2
    assert run("tournament", scenario, "--bots", "greedy,clever").exit_code == 1



def test_the_html_report_opens_with_its_charts(local: Path, tmp_path: Path,
                                               browser: Any) -> None:
    report = tmp_path / "report.html"
    out = tmp_path / "rows.ndjson"
    r = run("analyze", *SMALL, "--workers", "1", "-o", str(out), "--html", str(report))
    assert r.exit_code == 0
    problems: list[str] = []
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("request", lambda q: problems.append(q.url)
            if q.url != report.resolve().as_uri() else None)
    page.goto(report.resolve().as_uri())
    page.screenshot(path=str(tmp_path / "report.png"), full_page=True)
    assert problems == []
    charts = page.locator("figure.chart svg")
    assert charts.count() == 5
    for k in range(charts.count()):
        box = charts.nth(k).bounding_box()
        assert box is not None and box["width"] > 200 and box["height"] > 100
        assert charts.nth(k).locator("path").count() > 5  # axes, ticks and marks drawn
    # the most and least balanced maps, drawn by the board drawing as thumbnails
    best, worst = page.locator("#best figure.thumb"), page.locator("#worst figure.thumb")
    assert (best.count(), worst.count()) == (2, 1)
    for thumb in (best.nth(0), best.nth(1), worst.nth(0)):
        svg = thumb.locator("svg")
        box = svg.bounding_box()
        assert box is not None and box["width"] == 300 and box["height"] > 150
        assert svg.locator("polygon, path").count() > 30  # the hexes and their terrain
        assert re.fullmatch(r"seed-[567]: played balance [\d.]+",
                            thumb.locator("figcaption").inner_text())
    rows = {row["item"]: row for row in rows_of(out)}
    table = page.locator("#items tbody tr")
    assert table.count() == 3
    for k in range(3):
        cells = table.nth(k).locator("td").all_inner_texts()
        row = rows[cells[0]]
        assert float(cells[3]) == row["played_balance"]
        assert int(cells[4]) == row["static"]["balance"]
        assert float(cells[5]) == row["seat_advantage"]
    summary = dict(zip(page.locator("#summary dt").all_inner_texts(),
                       page.locator("#summary dd").all_inner_texts(), strict=True))
    mean = sum(r["played_balance"] for r in rows.values()) / 3
    assert math.isclose(float(summary["mean played balance"]), mean, abs_tol=1e-4)
    assert re.fullmatch(r"-?[01]\.\d+|n/a \(fewer than 3 items, or no spread\)",
                        summary["static vs played: Pearson"])


def test_the_report_escapes_the_names_of_its_thumbnails(local: Path) -> None:
    """Item names come from file names: the page and the drawings escape them."""
    from skyhex.games.report import page

    (row, *_) = rows_of(local)
    named = {**row, "item": '<b>&"x'}
    found = analysis.summary([named])
    maps = {'<b>&"x': analysis.item_map({"item": "seed-5", "game": "paragliders",
                                         "generate": 5, "players": 2, "seed": 5})}
    text = page([named], found, "t", maps)  # type: ignore[arg-type]
    assert '<b>&"x' not in text
    assert "&lt;b&gt;&amp;&quot;x: played balance" in text or \
        "&lt;b&gt;&amp;\"x: played balance" in text
    assert 'aria-label="&lt;b&gt;&amp;&quot;x"' in text
