"""Turbulences missions (rulebook section 12) from game log files, the log tools of its face
(``games/missions.py``): each log read and checked
line by line (``file:line:col`` for the first bad line), its missions decided by
``rules.turbulences.missions``, and a career of stars kept in a file across games.

A log is the NDJSON that ``skyhex replay --format ndjson`` writes (``skyhex.log/2``); each of
its events is checked against its type's branch of the event schema, so that the rules read
only well-formed events.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from skyhex.games.documents import References, _json_line, load_log
from skyhex.games.missions import Career, CareerError, LogMissions, Missions, Reckoning
from skyhex.rules.game import Event
from skyhex.rules.turbulences.missions import (
    BY_KEY,
    MISSIONS,
    Achievement,
    Status,
    Tally,
    Terrain,
    career,
    decide,
)
from skyhex.schemas.documents import (
    MAX_BYTES,
    Document,
    DocumentError,
    FileProblem,
    decode,
    display_name,
    parse,
    read_bytes,
    schema_problems,
)

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

GAME = "turbulences"
_SHARED = {"round", "error", "game_end"}


@cache
def _validator(kind: str) -> Validator | None:
    """The event schema's branch for a Turbulences event of type ``kind`` (``None``: a type
    that Turbulences logs do not have)."""
    from skyhex.schemas import branch_schema, validator

    branch = _branch(kind)
    return None if branch is None else validator(branch[0]).evolve(
        schema=branch_schema(*branch))


@cache
def _own_types() -> dict[str, str]:
    """The Turbulences event types, each with its definition in the game's event schema."""
    from skyhex.schemas import schema

    own = schema(f"{GAME}/event")
    return {own["$defs"][name]["properties"]["type"]["const"]: name
            for name in (b["$ref"].rsplit("/", 1)[-1] for b in own["oneOf"])}


def _branch(kind: str) -> tuple[str, str] | None:
    """The schema and its definition that an event of type ``kind`` must satisfy: the
    game's own, or the envelope's for the events every game shares."""
    types = _own_types()
    return (f"{GAME}/event", types[kind]) if kind in types else ("event", kind) \
        if kind in _SHARED else None


def _problem(name: str, line: int, message: str, rule: str, column: int = 1) -> DocumentError:
    return DocumentError([FileProblem(name, message, line, column, rule=rule)])


def _checked(name: str, line: int, event: Any, companies: set[str] | None) -> None:
    """``DocumentError`` at ``line`` unless ``event`` is a well-formed Turbulences event
    naming only the setup's companies."""
    from jsonschema.exceptions import best_match

    from skyhex.schemas import branch_conforms

    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise _problem(name, line, "not an event: each line of a log is a JSON object with a "
                       "'type'", "log.event")
    kind = event["type"]
    if companies is None and kind != "setup":
        raise _problem(name, line, "a game log starts with its 'setup' event", "log.setup")
    if kind == "setup" and event.get("game") != GAME:
        raise _problem(name, line, f"a {json.dumps(event.get('game'))} log: missions are "
                       "Turbulences' (rulebook section 12)", "log.game")
    if kind == "setup" and companies is not None:
        raise _problem(name, line, "a second 'setup' event: one game a log", "log.setup")
    branch = _branch(kind)
    if branch is None:
        raise _problem(name, line, f"{json.dumps(kind)[:60]} is not a Turbulences event type",
                       "log.event")
    check = _validator(kind)
    assert check is not None
    error = None if branch_conforms(*branch, event) else \
        best_match(check.iter_errors(event))
    if error is not None:
        where = "".join(f"[{p!r}]" if isinstance(p, int) else f".{p}" for p in error.path)
        raise _problem(name, line, f"{kind} event{' ' + where.lstrip('.') if where else ''}: "
                       f"{error.message[:200]}", "log.schema")
    known = companies if companies is not None else \
        {str(c["company"]) for c in event["companies"]}
    for field, value in _named(event):
        if value not in known:
            raise _problem(name, line, f"{kind} event: {field} {json.dumps(value)[:60]} is not "
                           f"a company of the setup ({', '.join(sorted(known))})",
                           "log.company")


def _named(event: Event) -> list[tuple[str, Any]]:
    """The companies an event names, with the field that names each."""
    found: list[tuple[str, Any]] = [(f, event[f]) for f in ("company", "first", "by", "other")
                                    if f in event]
    found += [("winners", w) for w in event.get("winners", ())]
    found += [("scores", r["player"]) for r in event.get("scores", ())]
    found += [("teams", c) for t in event.get("teams", ()) for c in t["companies"]]
    return found


def read_events(path: str) -> list[Event]:
    """The events of the Turbulences log at ``path`` (``-``: standard input), each checked;
    ``DocumentError`` names the first bad line."""
    name = display_name(path)
    events: list[Event] = []
    companies: set[str] | None = None
    for number, line in enumerate(decode(read_bytes(path), name).splitlines(), 1):
        if not line.strip():
            continue
        try:
            event = _json_line(line)
        except ValueError as e:
            raise _problem(name, number, f"not a JSON event: {getattr(e, 'msg', e)}",
                           "log.syntax", getattr(e, "colno", 1)) from None
        _checked(name, number, event, companies)
        if event["type"] == "setup":
            companies = {str(c["company"]) for c in event["companies"]}
        events.append(event)
    if not events:
        raise _problem(name, 1, "an empty log: a game log starts with its 'setup' event",
                       "log.setup")
    return events


def terrain(game: Any) -> Terrain:
    """The landscape of a Turbulences game (``rules.turbulences.state.Game``): each tile's
    biome, and a half-tile's second biome."""
    return Terrain({(h.q, h.r): frozenset({str(b.value)} | ({str(game.halves[h].biome.value)}
                                                             if h in game.halves else set()))
                    for h, b in game.biomes.items()})


def read_missions(paths: Sequence[str], scenario: str | None = None,
                  refs: References | None = None) -> list[LogMissions]:
    """The missions of each log, in the order given; with the ``scenario`` the logs were
    played on, those of their landscape too (each log is replayed on it: a log the scenario
    does not give is refused at its first line that does not follow)."""
    found = []
    for p in paths:
        events = read_events(p)
        land = None
        if scenario is not None:
            _, replay = load_log(p, scenario, refs)
            land = terrain(replay.game)
        found.append(LogMissions(display_name(p), decide(events, land),
                                 hashlib.sha256(read_bytes(p)).hexdigest()))
    return found


def catalogue() -> list[dict[str, Any]]:
    """Every mission of section 12 with its status: what ``missions --list`` prints."""
    return [{"mission": m.key, "name": m.name, "group": m.group, "text": m.text,
             "status": m.status.value, "credit": m.credit.value if m.status in
             (Status.GAME, Status.CAREER, Status.SCENARIO) else None, "note": m.note}
            for m in MISSIONS]


# --- the career file ----------------------------------------------------------------------


def _unknown_mission(document: Document, pilot: str, key: str) -> FileProblem:
    from skyhex.schemas.diagnostics import closest

    path = ("pilots", pilot, "missions", key)
    hint = closest(key, list(BY_KEY))
    line, column = document.locate(path, key=True)
    return FileProblem(document.name, f"unknown mission {json.dumps(key)[:60]}", line, column,
                       path, "career.mission", f"did you mean {hint!r}?" if hint else
                       "skyhex missions --list --format json gives the keys")


def load_career(path: str) -> Career:
    """The career file at ``path``; an empty career when ``path`` does not exist."""
    import os

    if not os.path.exists(path):
        return Career(GAME, {}, [])
    name = display_name(path)
    if not os.path.isfile(path):
        raise CareerError(f"{name}: a career file is a regular file")
    # read directly, not as an input of the command: the command writes it back
    with open(path, "rb") as f:
        raw = f.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise CareerError(f"{name}: larger than {MAX_BYTES} bytes")
    document = parse(decode(raw, name), name)
    problems = schema_problems(document, "career")
    if not problems:  # mission keys the rules know, located like the schema's mistakes
        problems = [_unknown_mission(document, pilot, key)
                    for pilot, v in document.data["pilots"].items()
                    for key in v["missions"] if key not in BY_KEY]
    if problems:
        raise DocumentError(problems)
    data = document.data
    pilots: dict[str, dict[str, Any]] = {
        pilot: {"games": v["games"], "left_board": v["left_board"],
                "missions": dict(v["missions"])}
        for pilot, v in data["pilots"].items()}
    return Career(GAME, pilots, list(data.get("logs", [])))


def reckon(logs: Sequence[LogMissions], before: Career | None = None) -> Reckoning:
    """Every achievement of ``logs`` in order, the career missions counted from ``before``
    (an empty career: the logs are the whole career), and the career after them. A log
    that the career has already counted (the same bytes), or given twice, counts once."""
    start = before or Career(GAME, {}, [])
    seen = set(start.logs)
    repeated: list[str] = []
    kept: list[LogMissions] = []
    for log in logs:
        if log.digest in seen:
            repeated.append(log.file)
            continue
        seen.add(log.digest)
        kept.append(log)
    logs = kept
    played = {p: int(v["games"]) for p, v in start.pilots.items()}
    left: Mapping[str, Tally] = {p: Tally(False, int(v["left_board"]))
                                 for p, v in start.pilots.items()}
    counted, took, lost = career([log.missions for log in logs], left, played)
    by_game: dict[int, list[Achievement]] = {}
    for n, a in counted:
        by_game.setdefault(n, []).append(a)
    pilots = {p: {"games": v["games"], "left_board": v["left_board"],
                  "missions": dict(v["missions"])} for p, v in start.pilots.items()}
    found: list[tuple[str, Achievement]] = []
    new: dict[str, list[str]] = {}
    for n, log in enumerate(logs):
        for a in (*log.missions.achievements, *by_game.get(n, ())):
            found.append((log.file, a))
            pilot = log.missions.pilots[a.company]
            record = pilots.setdefault(pilot, {"games": 0, "left_board": 0, "missions": {}})
            if a.mission not in record["missions"]:
                record["missions"][a.mission] = log.file
                new.setdefault(pilot, []).append(a.mission)
    for pilot, games in took.items():
        pilots.setdefault(pilot, {"games": 0, "left_board": 0, "missions": {}})["games"] = games
    for pilot, times in lost.items():
        pilots.setdefault(pilot, {"games": 0, "left_board": 0, "missions": {}})[
            "left_board"] = times
    return Reckoning(found, Career(GAME, pilots, [*start.logs, *(log.digest for log in logs)]), new,
                     repeated)


HEADINGS = {"game": "Decided from a game's log", "career": "Decided from the logs of a "
            "career (counted across games)", "scenario": "Decided from a log and its "
            "scenario (--scenario: the landscape)", "missing": "Not decidable from today's "
            "logs (the fact missing)", "table": "Not decidable by software (physical, social "
            "or secret)"}
"""The title of each status of the catalogue, as ``missions --list`` prints them."""


def mission_name(key: str) -> str:
    """The rulebook's name of the mission ``key``."""
    return BY_KEY[key].name


TOOLS = Missions(catalogue=catalogue, read=read_missions, load_career=load_career,
                 reckon=reckon, name=mission_name, source="rulebook section 12",
                 headings=HEADINGS)
"""Turbulences' missions, as its face's log tools give them."""


def tools() -> Missions:
    """``TOOLS`` (what the face's ``Logs.missions`` reference loads)."""
    return TOOLS
