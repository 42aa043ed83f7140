"""``skyhex missions``: the missions each company achieved, read from game logs by the log
tools of their game's face, and a career of stars kept across games."""

from __future__ import annotations

import contextlib
import json
import sys
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skyhex.cli.files import out
from skyhex.cli.report import GameName, OutsideRefsOption, references, reporting
from skyhex.rules.text import escape

if TYPE_CHECKING:
    from skyhex.games.missions import LogMissions, Missions, Reckoning


class MissionsFormat(StrEnum):
    text = "text"
    json = "json"
    ndjson = "ndjson"


def _table(rows: list[list[str]], indent: str = "  ") -> list[str]:
    """Rows as columns padded to their widest cell (the last column left as it is)."""
    if not rows:
        return []
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    return [indent + "  ".join([*(c.ljust(w) for c, w in zip(r, widths, strict=False)),
                               r[-1]]).rstrip() for r in rows]


def _list(fmt: MissionsFormat, game: str | None) -> None:
    from skyhex.games.face import face
    from skyhex.games.missions import default_game, missions_of

    with reporting():
        listed = face(game) if game is not None else default_game()
        tools = missions_of(listed)
        rows = tools.catalogue()
    if fmt is MissionsFormat.json:
        out(json.dumps({"game": listed.name, "missions": rows}, indent=2))
        return
    if fmt is MissionsFormat.ndjson:
        for r in rows:
            out(json.dumps(r))
        return
    for status, title in tools.headings.items():
        chosen = [r for r in rows if r["status"] == status]
        if not chosen:  # a kind of mission every one of which is decided now
            continue
        out(f"{title}: {len(chosen)}")
        out("\n".join(_table([[r["name"], r["note"]] for r in chosen])))
        out()


def _doc(game: str, logs: list[LogMissions], reckoning: Reckoning, career: str | None
         ) -> dict[str, Any]:
    by_file: dict[str, list[Any]] = {}
    for file, a in reckoning.achievements:
        by_file.setdefault(file, []).append(a)
    doc: dict[str, Any] = {"game": game, "logs": []}
    for log in logs:
        m = log.missions
        doc["logs"].append({
            "file": log.file, "finished": m.finished,
            "companies": [{"company": c, "pilot": m.pilots[c]} for c in m.companies],
            "achievements": [{**a.to_dict(), "pilot": m.pilots[a.company]}
                             for a in by_file.get(log.file, [])]})
    if career is not None:
        doc["career"] = {"file": career, "repeated": reckoning.repeated,
                         "new": reckoning.new_stars,
                         **json.loads(reckoning.career.to_json())}
    return doc


def _text(tools: Missions, logs: list[LogMissions], reckoning: Reckoning, career: str | None
          ) -> None:
    counted = {log.file for log in logs} - set(reckoning.repeated)
    for log in logs:
        m = log.missions
        rows = [[escape(a.company), escape(m.pilots[a.company]), tools.name(a.mission),
                 escape(a.detail)] for file, a in reckoning.achievements if file == log.file]
        state = "finished" if m.finished else "not finished: only what happened is decided"
        out(f"{escape(log.file)} ({len(m.companies)} companies, {state})")
        if log.file not in counted:
            out("  already counted in the career: left out")
        elif rows:
            out("\n".join(_table([["company", "pilot", "mission", "how"], *rows])))
        else:
            out("  no mission achieved")
        out()
    won: dict[str, set[str]] = {}  # a star is won once, whichever company won it
    for file, a in reckoning.achievements:
        pilot = next(log.missions.pilots[a.company] for log in logs if log.file == file)
        won.setdefault(pilot, set()).add(a.mission)
    stars = {p: len(m) for p, m in won.items()}
    if career is None:
        out("stars: " + (", ".join(f"{escape(p)} {n}" for p, n in sorted(stars.items()))
                         or "none"))
        return
    out(f"career {escape(career)}:")
    out("\n".join(_table([["pilot", "stars", "new", "games"], *[
        [escape(p), str(len(v["missions"])), str(len(reckoning.new_stars.get(p, []))),
         str(v["games"])] for p, v in sorted(reckoning.career.pilots.items())]])))


def missions(
    logs: Annotated[list[str] | None, typer.Argument(
        metavar="LOG...", help="Game logs of one game that has missions (NDJSON, as skyhex "
        "replay writes them), in the order they were played; - for stdin.")] = None,
    fmt: Annotated[MissionsFormat, typer.Option(
        "--format", help="text: a table per log; json: one document; ndjson: one "
        "achievement a line (with --list: one mission a line).")] = MissionsFormat.text,
    list_: Annotated[bool, typer.Option(
        "--list", help="List every mission of the rulebook and whether software can decide "
        "it, then exit.")] = False,
    game: Annotated[GameName | None, typer.Option(
        "--game", help="With --list: the game whose missions to list "
        "(default: the first game that has missions).")] = None,
    scenario: Annotated[str | None, typer.Option(
        "--scenario", metavar="FILE", help="The scenario the logs were played on: its "
        "map decides the missions about its tiles (mountains, sea). Each log is replayed on "
        "it.")] = None,
    career: Annotated[str | None, typer.Option(
        "--career", metavar="FILE", help="A career file (JSON) that adds up each pilot's "
        "stars across games: read if it exists, then written back (atomically) with these "
        "logs counted; a log already counted is left out.")] = None,
    allow_outside_refs: OutsideRefsOption = False,
) -> None:
    """The missions each company achieved, read from game logs by their game's rules.

    Pilots are the setup's player names, else the company colours. Definitions: docs/missions.md.

    Exit codes: 0 success; 1 a log or career file that cannot be read (one line, file:line:col);
    2 usage error.
    """
    if list_:
        _list(fmt, None if game is None else str(game.value))
        return
    if game is not None:
        raise typer.BadParameter("the logs' setup says their game: --game is for --list",
                                 param_hint="--game")
    if not logs:
        raise typer.BadParameter("give one or more game logs (or --list)", param_hint="LOG...")
    if logs.count("-") > 1 or ("-" in logs and scenario == "-"):
        raise typer.BadParameter("standard input (-) can be read once", param_hint="LOG...")
    from skyhex.cli.files import held_for_update, write_output
    from skyhex.games.missions import log_game, missions_of

    with reporting():
        chosen = log_game(logs)
        tools = missions_of(chosen)
        read = tools.read(logs, scenario, references(allow_outside_refs))
        # The career is read and written back under one hold: a run at the same time
        # adds its stars after this one's, never over them.
        with held_for_update(career) if career is not None else contextlib.nullcontext():
            before = tools.load_career(career) if career is not None else None
            reckoning = tools.reckon(read, before)
            if career is not None:
                write_output(career, reckoning.career.to_json(), force=True)
    if fmt is MissionsFormat.json:
        out(json.dumps(_doc(chosen.name, read, reckoning, career), indent=2))
    elif fmt is MissionsFormat.ndjson:
        pilots = {log.file: log.missions.pilots for log in read}
        for file, a in reckoning.achievements:
            out(json.dumps({"file": file, **a.to_dict(), "pilot": pilots[file][a.company]}))
    else:
        _text(tools, read, reckoning, career)
    if career is not None:
        added = sum(len(v) for v in reckoning.new_stars.values())
        print(f"career {escape(career)}: {added} new star{'s' if added != 1 else ''}"
              + (f"; already counted: {', '.join(escape(f) for f in reckoning.repeated)}"
                 if reckoning.repeated else ""), file=sys.stderr)
