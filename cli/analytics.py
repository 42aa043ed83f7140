"""``skyhex tournament`` and ``skyhex analyze``: bots playing many games, on local cores or
a Dask cluster."""

from __future__ import annotations

import contextlib
import json
import sys
from typing import Annotated

import typer

from skyhex.cli.files import STDOUT, ForceOption, held_for_update, write_failure
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
            # The inputs are read now: the rows never go over one of them.
            check_output(output, force=True)
        rows: list[dict[str, object]] = []
        hold = contextlib.ExitStack()
        if resume:
            # Held to the end: a second run resuming the same rows waits, then plays only
            # what this one left.
            hold.enter_context(held_for_update(output))
        if resume and os.path.lexists(output):
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
            hold.close()
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


ROW_FIELDS: dict[str, tuple[type, ...]] = {
    "item": (str,), "game": (str,), "bots": (list,), "games": (int,), "finished": (int,),
    "capped": (int,), "seats": (int,), "seat_mean": (list,), "seat_wins": (list,),
    "played_balance": (int, float, type(None)), "static": (dict, type(None))}
"""The fields of an analysis row that a resumed run reads, and their JSON types."""


def _finished_rows(path: str) -> list[dict[str, object]]:
    """The rows of an analysis output to resume (a last line cut short by a kill is left
    out); a file that is not such an output (another file, bytes that are not UTF-8, a
    row without its fields, a FIFO) is refused, located, before anything is written."""
    import os
    import stat

    from skyhex.schemas.documents import DocumentError, FileProblem, display_name

    def refuse(message: str, line: int | None = None) -> DocumentError:
        return DocumentError([FileProblem(
            display_name(path), message, line, 1 if line is not None else None,
            rule="analyze.resume", hint="--resume continues a rows file of skyhex analyze; "
            "without it a new one is written")])

    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise refuse("not a regular file")
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
    except OSError as e:
        raise refuse(f"cannot read: {e.strerror or e}") from None
    rows = []
    last = len(lines) - (1 if lines[-1] == b"" else 0)
    for number, raw in enumerate(lines[:last], 1):
        try:
            row = json.loads(raw.decode("utf-8")) if raw.count(b"[") + raw.count(b"{") < 64 \
                else None
        except UnicodeDecodeError:
            raise refuse("not UTF-8 text", number) from None
        except ValueError:
            if number == len(lines) and raw.startswith(b'{"format": "skyhex.analysis/1"'):
                continue  # the last row, cut short by a kill before its newline
            raise refuse("not a JSON row", number) from None
        if not isinstance(row, dict) or row.get("format") != "skyhex.analysis/1":
            raise refuse("not a skyhex.analysis/1 row", number)
        wrong = next((k for k, kinds in ROW_FIELDS.items()
                      if not isinstance(row.get(k, ...), kinds) or isinstance(row.get(k), bool)),
                     None)
        if wrong is not None:
            raise refuse(f"its {wrong!r} field is missing or of the wrong type", number)
        rows.append(row)
    return rows
