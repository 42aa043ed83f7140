"""``skyhex tournament`` and ``skyhex analyze``: bots playing many games, on local cores or
a Dask cluster."""

from __future__ import annotations

import contextlib
import json
import sys
from typing import Annotated

import typer

from skyhex.cli.files import STDOUT, ForceOption, write_failure
from skyhex.cli.report import DEFAULT, GameName, OutsideRefsOption, reporting

WorkersOption = Annotated[int | None, typer.Option(
    min=1, max=256, help="Local worker processes (default: every core; 1: in this process).")]
SchedulerOption = Annotated[str | None, typer.Option(
    "--scheduler", metavar="ADDRESS", help="Run on a Dask distributed cluster "
    "(tcp://host:8786); needs the dask extra.")]


def tournament(
    scenario: Annotated[str, typer.Argument(metavar="SCENARIO", help="Scenario file.")],
    names: Annotated[str, typer.Option(
        "--bots", help="Bots, comma-separated; every pair plays.")] = "random,greedy,search",
    games: Annotated[int, typer.Option(min=1, max=100_000,
                                       help="Games per pair of bots.")] = 20,
    seed: Annotated[int, typer.Option(help="Seeds the games and the bots.")] = 0,
    cap: Annotated[int | None, typer.Option(min=1, help="Stop a game after this round "
                                            "(default: the game's bot cap).")] = None,
    workers: WorkersOption = None,
    scheduler: SchedulerOption = None,
    fmt: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
    progress: Annotated[bool | None, typer.Option(
        "--progress/--no-progress", help="Progress on stderr (default: on a terminal).")]
    = None,
) -> None:
    """A round robin between bots: win rates with 95 % intervals and Elo-style ratings."""
    from skyhex.cli.progress import Progress
    from skyhex.games import tournament as t
    from skyhex.games.workers import run
    from skyhex.rules.bots import bot

    if fmt not in ("text", "json"):
        raise typer.BadParameter("text or json", param_hint="--format")
    chosen = [n.strip() for n in names.split(",") if n.strip()]
    if len(chosen) < 2 or len(set(chosen)) < len(chosen):
        raise typer.BadParameter("name two bots or more, each once", param_hint="--bots")
    with reporting():
        for n in chosen:
            bot(n)
        todo = t.tasks(scenario, chosen, games, seed, cap)
        bar = Progress(len(todo), "games", progress)
        results = []
        for part in run(t.play_task, todo, workers=workers, scheduler=scheduler):
            results.extend(part)
            bar.advance(len(part))
        spent = bar.close()
    results.sort(key=lambda r: (chosen.index(r["pair"][0]), chosen.index(r["pair"][1]),
                                r["game"]))
    found = t.summary(results, chosen)
    found["games"] = len(results)
    found["seconds"] = round(spent, 2)
    if fmt == "json":
        print(json.dumps(found, indent=2))
    else:
        sys.stdout.write(t.text(found, scenario))
        print(f"{len(results)} games in {spent:.1f} s", file=sys.stderr)


def analyze(
    sources: Annotated[list[str] | None, typer.Argument(
        metavar="[FILE|FOLDER]...", help="Scenario or map files, or folders of them.")]
    = None,
    generate: Annotated[int | None, typer.Option(
        "--generate", metavar="N", min=1, max=1_000_000, help="Analyse the maps of N seeds from --seed "
        "(those of map generate).")] = None,
    seed: Annotated[int, typer.Option(help="The first seed of --generate.")] = 1,
    game: Annotated[GameName, typer.Option(help="The game of --generate.")] = DEFAULT,
    players: Annotated[int, typer.Option(
        min=1, help="Players of the scenarios made for maps and --generate.")] = 2,
    games: Annotated[int, typer.Option(min=1, max=100_000,
                                       help="Games per item, seats rotated.")] = 10,
    names: Annotated[str, typer.Option(
        "--bots", help="Bots, comma-separated: seat i of game k is played by bot "
        "(i + k) mod their number.")] = "greedy",
    cap: Annotated[int | None, typer.Option(min=1, help="Stop a game after this round "
                                            "(default: the game's bot cap).")] = None,
    workers: WorkersOption = None,
    scheduler: SchedulerOption = None,
    output: Annotated[str, typer.Option(
        "--output", "-o", metavar="FILE|-", help="NDJSON rows, one an item, written as "
        "items finish.")] = "-",
    csv_file: Annotated[str | None, typer.Option("--csv", metavar="FILE",
                                                 help="The rows as CSV too.")] = None,
    html_file: Annotated[str | None, typer.Option(
        "--html", metavar="FILE", help="A self-contained HTML report with charts.")] = None,
    resume: Annotated[bool, typer.Option(
        help="Keep the rows already in --output and play only the items missing.")] = False,
    progress: Annotated[bool | None, typer.Option(
        "--progress/--no-progress", help="Progress on stderr (default: on a terminal).")]
    = None,
    force: ForceOption = False,
    allow_outside_refs: OutsideRefsOption = False,
) -> None:
    """Balance analytics: bots play every map or scenario K times, seats rotated; one row
    per item (scores by seat, seat advantage, spread, game length, the game's figures, the
    static map stats) and a played balance score (docs/analytics.md)."""
    import os

    from skyhex.cli.files import check_output, write_output
    from skyhex.cli.progress import Progress
    from skyhex.games import analysis
    from skyhex.games.workers import run
    from skyhex.rules.bots import bot

    chosen = [n.strip() for n in names.split(",") if n.strip()]
    if not chosen:
        raise typer.BadParameter("name at least one bot", param_hint="--bots")
    if bool(sources) == (generate is not None):
        raise typer.BadParameter("give files or folders, or --generate N (not both)",
                                 param_hint="FILE|--generate")
    if resume and output == "-":
        raise typer.BadParameter("--resume needs --output FILE", param_hint="--resume")
    with reporting():
        # A resumed run appends to its own rows; the other outputs are written anew.
        check_output(output, force=force or resume)
        for path in (csv_file, html_file):
            if path is not None:
                check_output(path, force=force)
        if html_file is not None:
            from skyhex.games.report import require_charts

            require_charts()
        for n in chosen:
            bot(n)
        if generate is not None:
            items = analysis.generated_items(str(game.value), generate, seed, players,
                                             chosen, games, cap)
        else:
            items = analysis.file_items(sources or [], players, chosen, games, cap,
                                        outside=allow_outside_refs)
        rows: list[dict[str, object]] = []
        if resume and os.path.exists(output):
            rows = _finished_rows(output)
            write_output(output, "".join(json.dumps(r) + "\n" for r in rows), force=True)
        done = {r["item"] for r in rows}
        todo = [i for i in items if i["item"] not in done]
        bar = Progress(len(todo) * games, "games", progress)
        # Rows stream to the output as items finish; a new run starts it afresh, a resumed
        # one appends to the rows it kept.
        mode = "a" if resume else "w"
        sink = sys.stdout if output == "-" else open(output, mode, encoding="utf-8")  # noqa: SIM115
        try:
            for part in run(analysis.analyze_item, todo, workers=workers,
                            scheduler=scheduler):
                for row in part:
                    sink.write(json.dumps(row) + "\n")
                    sink.flush()
                    rows.append(row)
                    bar.advance(games)
        except OSError as e:
            if e.filename is not None:
                raise
            raise write_failure(STDOUT if output == "-" else output, e) from None
        finally:
            if sink is not sys.stdout:
                with contextlib.suppress(OSError):
                    sink.close()
        spent = bar.close()
        wanted = {i["item"] for i in items}
        rows = sorted((r for r in rows if r["item"] in wanted), key=lambda r: str(r["item"]))
        found = analysis.summary(rows)
        if csv_file is not None:
            write_output(csv_file, analysis.csv_text(rows), force=force)
        if html_file is not None:
            from skyhex.games.report import ends, page

            by_name = {i["item"]: i for i in items}
            drawn = {str(r["item"]): m for group in ends(rows) for r in group
                     if (m := analysis.item_map(by_name[r["item"]])) is not None}
            write_output(html_file, page(rows, found, "skyhex analyze: " + ", ".join(
                sorted({str(r["game"]) for r in rows})) + f" with {', '.join(chosen)}",
                drawn), force=force)
    played = len(todo) * games
    rate = played / spent if spent > 0 else 0.0
    corr = found["static_vs_played"]
    print(f"{found['items']} items, {played} games played in {spent:.1f} s ({rate:.2f} "
          f"games/s), {found['capped']} capped; played balance {found['played_balance_mean']}"
          f", static vs played r = {analysis.correlation_text(corr['pearson'])}",
          file=sys.stderr)


def _finished_rows(path: str) -> list[dict[str, object]]:
    """The complete rows of an NDJSON output (a last line cut short by a kill is left
    out)."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                row = json.loads(line)
            except ValueError:
                continue
            if isinstance(row, dict) and row.get("format") == "skyhex.analysis/1":
                rows.append(row)
    return rows
