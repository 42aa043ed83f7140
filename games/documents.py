"""From files to games, for every game: reading and validating any skyhex document, following
the references between them, locating every problem at its ``file:line:col``, and replaying
a moves file with its errors located.

The game of a document is its ``game:`` key (a moves file's, or its scenario's); the face of
that game (``skyhex.games.face``) does the game's own part. Nothing here knows a game by
name.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from skyhex.rules import games as registry
from skyhex.rules.draws import PinnedDrawError
from skyhex.rules.errors import IllegalActionError, InputError, Problem, SkyhexError
from skyhex.rules.game import Event
from skyhex.rules.replay import LogMismatch, Replay, begin, play
from skyhex.rules.replay import follow as follow_log
from skyhex.rules.text import escape, excerpt
from skyhex.schemas.documents import (
    Document,
    DocumentError,
    FileProblem,
    declares,
    decode,
    display_name,
    load,
    parse,
    read_bytes,
    schema_problems,
)

if TYPE_CHECKING:
    from skyhex.games.face import Face
    from skyhex.mapgen.errors import Violation

FORMATS = {
    "map": "skyhex.map/1", "components": "skyhex.components/1",
    "scenario": "skyhex.scenario/1", "moves": "skyhex.moves/1",
}
"""The ``format:`` key of each kind of document."""
KINDS = tuple(FORMATS)


def _missing_set_hint(e: DocumentError, path: str, kind: str,
                      games: Sequence[str] | None) -> DocumentError:
    """A component set named on the command line (``--components FILE``) that does not
    exist yet: the error says how to make one (``skyhex components export``)."""
    if kind != "components" or [p.rule for p in e.problems] != ["file.missing"]:
        return e
    game = f" --game {games[0]}" if games and len(games) == 1 else ""
    hint = f"write the standard set to edit with: skyhex components export{game} -o {path}"
    return DocumentError([replace(e.problems[0], hint=hint)])


def load_validated(path: str, kind: str, games: Sequence[str] | None = None, *,
                   reference: bool = False) -> Document:
    """Load a document and check its ``format``, ``game`` and schema; ``DocumentError``
    lists every problem. ``games`` narrows the games accepted (default: every game that has
    documents of this kind).

    ``reference``: the path was named in another file, so only a regular file is read, and
    a file that is not a document of this kind (no ``format:`` key of the kind) is
    reported without a word of its content: it may be anyone's file (a key, a password)."""
    if not reference:
        try:
            document = load(path)
        except DocumentError as e:
            raise _missing_set_hint(e, path, kind, games) from None
    else:
        name = display_name(path)
        raw = read_bytes(path, reference=True)
        if declares(raw, FORMATS[kind]):
            document = parse(decode(raw, name), name)
        else:
            try:
                document = parse(decode(raw, name), name)
            except DocumentError:
                document = Document(name, None)
            found = document.data.get("format") if isinstance(document.data, dict) else None
            other = next((k for k, f in FORMATS.items() if f == found), None)
            what = (f"is a {other} file, not a {kind} file" if other is not None else
                    f"is not a skyhex {kind} file (it does not say format: {FORMATS[kind]})")
            raise DocumentError([FileProblem(name, what, rule="file.kind")])
    data = document.data
    if isinstance(data, dict):
        expected = FORMATS[kind]
        found = data.get("format")
        if found != expected:
            other = next((k for k, f in FORMATS.items() if f == found), None)
            what = ("no 'format' key" if found is None else
                    f"format {found!r}" if other is not None else f"format {excerpt(found)}")
            line, column = document.locate(("format",))
            raise DocumentError([FileProblem(
                document.name, f"{what}: expected format {expected!r} (a {kind} file)",
                line, column, ("format",), "file.format")])
        game = data.get("game")
        if isinstance(game, str):
            problem = _game_problem(game, kind, games)
            if problem is not None:
                line, column = document.locate(("game",))
                raise DocumentError([FileProblem(document.name, problem, line, column,
                                                 ("game",), "file.game")])
    problems = schema_problems(document, kind)
    if problems:
        raise DocumentError(problems)
    return document


def _game_problem(game: str, kind: str, games: Sequence[str] | None) -> str | None:
    from skyhex.games.face import face

    if not registry.is_game(game):
        return registry.unknown_game_message(game)
    if kind not in face(game).kinds:
        return f"skyhex reads no {game} {kind} files"
    if games is not None and game not in games:
        return f"a {game} {kind}, not a {' or '.join(games)} one"
    return None


def located(document: Document, error: InputError, prefix: tuple[Any, ...] = ()
            ) -> DocumentError:
    """The problems of ``error`` located in ``document`` (their paths under ``prefix``)."""
    return DocumentError(document.problem(Problem(p.rule, p.message, (*prefix, *p.path),
                                                  p.hint)) for p in error.problems)


def relative(base: str, path: str) -> str:
    """``path`` as written in the file at ``base`` (relative to that file's folder; to the
    working directory for standard input)."""
    if os.path.isabs(path) or base == "-":
        return path
    return os.path.normpath(os.path.join(os.path.dirname(base), path))


_SYSTEM = ("/dev/", "/proc/", "/sys/")
"""Where a reference never leads, whatever the policy: devices, descriptors (``/dev/stdin``,
``/dev/fd/N``) and the kernel's files (``/proc/self/environ``)."""


class ReferenceRefused(SkyhexError):
    """A reference that the policy does not follow: ``message`` says why, ``hint`` how."""

    def __init__(self, message: str, hint: str) -> None:
        self.message = message
        self.hint = hint
        super().__init__(message)


@dataclass(frozen=True)
class References:
    """Which files the references of a document (``map:``, ``scenario:``, ``components:``)
    may lead to. A reference is relative to the file that makes it and must stay inside
    ``root`` (``None``: the working directory at the time it is followed), symlinks
    resolved; an absolute path or one that leaves the root is refused unless ``outside``
    (the command line's ``--allow-outside-refs``). Whatever the policy, only regular files
    are read (``read_bytes(reference=True)``). See ``docs/security.md``."""

    root: str | None = None
    outside: bool = False

    def resolve(self, base: str, written: str) -> str:
        """The path to read for the reference ``written`` in the file at ``base``;
        ``ReferenceRefused`` when the policy does not follow it."""
        option = "pass --allow-outside-refs to follow it"
        if "\0" in written:
            raise ReferenceRefused("the path holds a NUL character", "remove it")
        if written == "-":
            raise ReferenceRefused("standard input cannot be named in a file",
                                   "name a file, relative to this one")
        path = relative(base, written)
        real = os.path.realpath(path)
        if real.startswith(_SYSTEM) or written.startswith(_SYSTEM):
            raise ReferenceRefused("names a device or a process's file: only files are read",
                                   "name a file, relative to this one")
        if self.outside:
            return path
        if os.path.isabs(written):
            raise ReferenceRefused(
                "is an absolute path: a file names others relative to itself",
                f"write it relative to this file, or {option}")
        root = os.path.realpath(self.root if self.root is not None else os.getcwd())
        if os.path.commonpath([root, real]) != root:
            where = "the working directory" if self.root is None else "the trusted folder"
            raise ReferenceRefused(
                f"leads outside {where} ({escape(root)})",
                f"run skyhex from a folder that holds both files, or {option}")
        return path


def referenced(document: Document, data: Any, path: tuple[Any, ...],
               error: DocumentError) -> DocumentError:
    """The errors of a referenced file; one that cannot be read at all, or is no document
    of the kind expected, is reported at the reference, in the referring document."""
    unreadable = [p for p in error.problems if p.rule.startswith("file.") and p.line is None]
    if not unreadable:
        return error
    return _at_reference(document, data, path, unreadable[0].message)


def _at_reference(document: Document, data: Any, path: tuple[Any, ...], message: str,
                  hint: str | None = None) -> DocumentError:
    line, column = document.locate(path)
    kind = "moves" if path[-1] == "scenario" else "scenario"
    return DocumentError([FileProblem(
        document.name, f"{path[-1]} file {excerpt(data[path[-1]], 80)}: {message}",
        line, column, path, "file.reference", hint or f"paths are relative to the {kind} file")])


def follow(document: Document, data: Any, base: str, at: tuple[Any, ...], key: str,
           refs: References | None) -> str:
    """The path of the file that ``data[key]`` names, by the policy ``refs`` (default: the
    working directory, nothing outside); a refused reference is reported at it."""
    try:
        return (refs or References()).resolve(base, data[key])
    except ReferenceRefused as e:
        raise _at_reference(document, data, (*at, key), e.message, e.hint) from None


def load_referenced(document: Document, data: Any, base: str, at: tuple[Any, ...], key: str,
                    kind: str, games: Sequence[str] | None = None,
                    refs: References | None = None) -> Document:
    """The document that ``data[key]`` (at JSON path ``at`` of ``document``, whose relative
    paths start from ``base``) names, followed by the policy ``refs``; an unreadable one is
    reported at the reference."""
    path = follow(document, data, base, at, key, refs)
    try:
        return load_validated(path, kind, games, reference=True)
    except DocumentError as e:
        raise referenced(document, data, (*at, key), e) from None


# --- map violations -----------------------------------------------------------------------


def violation_path(m: Any, v: Violation) -> tuple[Any, ...]:
    """Where a violation is written in its map's document: the first of its places that the
    map read from a place of its file (the map's attribute that its kind names, such as
    ``slot_paths``); ``()`` when none was."""
    for place in v.places:
        paths = getattr(m, place.kind.paths, None) or {}
        if place.at in paths:
            return tuple(paths[place.at])
    return ()


def violation_problem(m: Any, document: Document, v: Violation,
                      prefix: tuple[Any, ...] = ()) -> FileProblem:
    """A map violation as a located problem of the document that holds the map (at
    ``prefix``)."""
    path = (*prefix, *violation_path(m, v))
    line, column = document.locate(path)
    return FileProblem(document.name, v.message, line, column, path or None, v.rule, v.hint)


def map_problems(document: Document, at: tuple[Any, ...], m: Any, map_document: Document,
                 prefix: tuple[Any, ...], violations: Sequence[Violation]) -> list[FileProblem]:
    """A scenario's map breaking setup rules: one problem at the scenario's ``map`` key
    (``at``: the scenario's path in ``document``), then each violation where it is written
    (in the map's own file, or inline at ``prefix``). Warnings are no problem: the map is
    valid."""
    from skyhex.mapgen.errors import errors

    violations = errors(violations)
    if not violations:
        return []
    line, column = document.locate((*at, "map"))
    return [FileProblem(document.name, f"the map breaks {len(violations)} setup rule(s)",
                        line, column, (*at, "map"), "scenario.map", "see the map's errors"),
            *(violation_problem(m, map_document, v, prefix) for v in violations)]


# --- scenarios and moves files ------------------------------------------------------------


@dataclass(frozen=True)
class Sources:
    """Where a game's files are: the moves document (``None``: the start of a game), the
    document holding the scenario, the scenario's data, the path its relative paths start
    from, its JSON path in its document, its game, and the policy its references follow."""

    moves: Document | None
    document: Document
    data: Any
    base: str
    at: tuple[Any, ...]
    game: str
    refs: References | None = None


def sources(moves: str | None, scenario: str | None, refs: References | None = None
            ) -> Sources:
    """Read a moves file and find its scenario (``scenario`` replaces the one it names), or
    a scenario alone (``moves`` is ``None``). Each file is read once, ``-`` too; the
    references are followed by the policy ``refs`` (default: ``References()``)."""
    if moves is None:
        if scenario is None:
            raise ValueError("a moves file or a scenario is needed")
        scenario_doc = load_validated(scenario, "scenario")
        return Sources(None, scenario_doc, scenario_doc.data, scenario, (),
                       scenario_doc.data["game"], refs)
    document = load_validated(moves, "moves")
    data = document.data
    if scenario is not None:
        scenario_doc = load_validated(scenario, "scenario")
        found = Sources(document, scenario_doc, scenario_doc.data, scenario, (),
                        scenario_doc.data["game"], refs)
    elif isinstance(data["scenario"], str):
        path = follow(document, data, moves, (), "scenario", refs)
        try:
            scenario_doc = load_validated(path, "scenario", reference=True)
        except DocumentError as e:
            raise referenced(document, data, ("scenario",), e) from None
        found = Sources(document, scenario_doc, scenario_doc.data, path, (),
                        scenario_doc.data["game"], refs)
    else:
        found = Sources(document, document, data["scenario"], moves, ("scenario",),
                        data["scenario"]["game"], refs)
    if data.get("game", found.game) != found.game:
        line, column = document.locate(("game",))
        raise DocumentError([FileProblem(
            document.name, f"a {data['game']} moves file on a {found.game} scenario", line,
            column, ("game",), "moves.game")])
    return found


@dataclass(frozen=True)
class LoadedGame:
    """A game read from its files: the game's face, the scenario, the actions of the moves
    file, its pinned chance draws, the game set up with them (``new_game``'s values) and
    the documents (to locate what goes wrong)."""

    face: Face
    scenario: Any
    actions: tuple[Any, ...]
    pinned: tuple[dict[str, Any], ...]
    sources: Sources
    setup: tuple[Any, Any, tuple[Event, ...]]

    @property
    def moves(self) -> Document | None:
        return self.sources.moves


def load_scenario(path: str, refs: References | None = None) -> tuple[Face, Any, Document]:
    """A scenario file of any game, read with the files it names (by the policy ``refs``:
    default, nothing outside the working directory); ``DocumentError`` lists every problem
    of every file involved, each located in its own file."""
    from skyhex.games.face import face

    document = load_validated(path, "scenario")
    found = face(document.data["game"])
    read = found.need(found.scenarios, "scenarios").read
    return found, read(document, document.data, path, (), refs=refs), document


def load_map(path: str, components: str | None = None) -> tuple[Face, Any, Document]:
    """A map file of any game (its ``game:`` key; the default game's when it has none), read
    with the component set in ``components`` (or the game's standard one)."""
    from skyhex.games.face import face

    document = load_validated(path, "map")
    game = face(document.data.get("game", registry.default_name()))
    maps = game.need(game.maps, "maps")
    return game, maps.read(document, maps.context(components)), document


def load_game(moves: str | None, scenario: str | None = None,
              found: Sources | None = None, refs: References | None = None) -> LoadedGame:
    """The game of a moves file (or of a scenario alone, at its start): its scenario, its
    actions and pinned draws; ``DocumentError`` lists every problem, located. References
    are followed by the policy ``refs`` (or ``found``'s)."""
    from skyhex.games.face import face

    found = found or sources(moves, scenario, refs)
    game_face = face(found.game)
    ruleset = game_face.ruleset
    read = game_face.need(game_face.scenarios, "scenarios").read(
        found.document, found.data, found.base, found.at, refs=found.refs)
    document = found.moves
    if document is None:
        game, state, events = ruleset.new_game(read)
        return LoadedGame(game_face, read, (), (), found, (game, state, tuple(events)))
    problems: list[Problem] = []
    kinds = game_face.draw_kinds
    for k, draw in enumerate(document.data.get("draws", ())):
        other = sorted(set(draw) - kinds)
        if other:
            problems.append(Problem("moves.draw", f"{other[0]!r} is not a {found.game} draw "
                                    f"({found.game}: {', '.join(sorted(kinds))})",
                                    ("draws", k)))
    pinned = tuple(document.data.get("draws", ()))
    if problems:
        raise DocumentError(document.problems(problems))
    try:
        game, state, events = ruleset.new_game(read, pinned)
    except IllegalActionError as e:  # a pinned setup draw that cannot be
        at: tuple[Any, ...] = ("draws", e.index) if isinstance(e, PinnedDrawError) else ("draws",)
        line, column = document.locate(at)
        raise DocumentError([FileProblem(document.name, e.message, line, column, at,
                                         e.rule)]) from None
    actions = []
    for i, entry in enumerate(document.data["moves"]):
        try:
            actions.append(ruleset.action_from_entry(game, entry, ("moves", i)))
        except InputError as e:
            problems.extend(e.problems)
    if problems:
        raise DocumentError(document.problems(problems))
    return LoadedGame(game_face, read, tuple(actions), pinned, found,
                      (game, state, tuple(events)))


def replay_game(loaded: LoadedGame, *, strict: bool = False, until: int | None = None,
                record: bool = False) -> Replay:
    """Replay a loaded game (the first ``until`` entries); an illegal entry ends it with an
    ``error`` event whose ``line`` and ``column`` are the entry's in the moves file. With
    ``record`` the replay keeps its steps (``Replay.steps``)."""
    document = loaded.moves
    replay = begin(loaded.face.ruleset, *loaded.setup, record=record)
    play(replay, loaded.actions, strict=strict, until=until)
    if replay.error is not None and document is not None:
        line, column = document.locate(("moves", replay.error["entry"]))
        replay.error["line"], replay.error["column"] = line, column
    return replay


# --- game logs ----------------------------------------------------------------------------


def is_log(path: str) -> bool:
    """Whether the file at ``path`` (``-``: standard input, read once) is a game log: its
    first line a JSON object with ``seq`` and ``type``, as ``skyhex replay`` writes."""
    text = decode(read_bytes(path), display_name(path))
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        event = _json_line(first)
    except ValueError:
        return False
    return isinstance(event, dict) and "seq" in event and "type" in event


_LOG_DIGITS = 100
"""Digits of an integer in a game log, at most (as in every document)."""


def _log_integer(text: str) -> int:
    if len(text.lstrip("-")) > _LOG_DIGITS:
        raise ValueError(f"an integer of more than {_LOG_DIGITS} digits")
    return int(text)


def _json_line(line: str) -> Any:
    """One line of a game log as JSON; ``ValueError`` (with ``msg`` and ``colno`` when the
    JSON is broken) for a line that is not, an integer too long or nesting too deep."""
    try:
        return json.loads(line, parse_int=_log_integer)
    except RecursionError:
        raise ValueError("nested too deep") from None


def read_log(path: str) -> list[Event]:
    """The events of the game log at ``path`` (NDJSON, one event a line; blank lines are
    skipped); ``DocumentError`` names the line of a line that is not a JSON object, and the
    log must start with a ``setup`` event naming a registered game."""
    name = display_name(path)
    events: list[Event] = []
    lines: list[int] = []
    for number, line in enumerate(decode(read_bytes(path), name).splitlines(), 1):
        if not line.strip():
            continue
        try:
            event = _json_line(line)
        except ValueError as e:
            column = getattr(e, "colno", 1)
            raise DocumentError([FileProblem(name, f"not a JSON event: {getattr(e, 'msg', e)}",
                                             number, column, rule="log.syntax")]) from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise DocumentError([FileProblem(name, "not an event: each line of a log is a "
                                             "JSON object with a 'type'", number, 1,
                                             rule="log.event")])
        events.append(event)
        lines.append(number)
    if not events or events[0]["type"] != "setup":
        raise DocumentError([FileProblem(name, "a game log starts with its 'setup' event",
                                         lines[0] if lines else 1, 1, rule="log.setup")])
    game = events[0].get("game")
    if not isinstance(game, str) or not registry.is_game(game):
        raise DocumentError([FileProblem(name, registry.unknown_game_message(game), lines[0],
                                         1, rule="log.game")])
    return events


def load_log(path: str, scenario: str, refs: References | None = None
             ) -> tuple[LoadedGame, Replay]:
    """The game that the log at ``path`` records, replayed from the scenario it was played
    on (a log names its game, not its scenario) with its steps recorded: its actions are
    found again (``rules.replay.follow``), and ``DocumentError`` names the first line of the
    log that the scenario does not give; the scenario's references follow the policy
    ``refs``."""
    events = read_log(path)
    name = display_name(path)
    found = sources(None, scenario, refs)
    if found.game != events[0]["game"]:
        raise DocumentError([FileProblem(name, f"a {events[0]['game']} log on a {found.game} "
                                         f"scenario ({found.document.name})", 1, 1,
                                         rule="log.game")])
    loaded = load_game(None, None, found)
    try:
        replay = follow_log(loaded.face.ruleset, loaded.scenario, events)
    except LogMismatch as e:
        lines = [n for n, line in enumerate(decode(read_bytes(path), name).splitlines(), 1)
                 if line.strip()]
        raise DocumentError([FileProblem(name, f"{e.message} (on the scenario "
                                         f"{found.document.name})", lines[e.index], 1,
                                         rule="log.follow")]) from None
    return loaded, replay


def error_line(replay: Replay, document: Document | None) -> str:
    """The one line that reports an illegal entry: file line, entry, participant, rule and
    the legal alternatives, escaped for the terminal."""
    error = replay.error
    assert error is not None
    who = error["player"]
    where = "<moves>"
    if document is not None:
        where = f"{document.name}:{error['line']}:{error['column']}"
    legal = "; ".join(error["legal_text"]) or "-"
    whose = error["expected"]
    legal_for = f"legal for {whose}" if whose and whose != who else "legal"
    return escape(f"{where}: error: entry {error['entry'] + 1}, {who}: "
                  f"{error['message']} [{error['rule']}]; {legal_for}: {legal}")


def with_position(data: Mapping[str, Any], base: str, position: Mapping[str, Any],
                  target: str | None = None) -> dict[str, Any]:
    """A scenario's ``data`` (read from the file at ``base``) starting at ``position`` (a
    ruleset's ``position(game, state)``), like FEN in chess. Relative references (``map``,
    ``components``) are rewritten for a file written at ``target`` (``None`` or ``-``: in
    the working directory, where standard output is usually saved); absolute ones, which
    only ``--allow-outside-refs`` follows, stay as they are."""
    out = dict(data)
    folder = os.getcwd() if target is None or target == "-" else \
        os.path.dirname(os.path.abspath(target))
    for key in ("map", "components"):
        value = out.get(key)
        if isinstance(value, str) and not os.path.isabs(value):
            out[key] = os.path.relpath(relative(base, value), folder)
    out["position"] = dict(position)
    return out


def position_scenario(loaded: LoadedGame, replay: Replay, target: str | None = None
                      ) -> dict[str, Any]:
    """The game's scenario starting at the position the replay reached."""
    return with_position(loaded.sources.data, loaded.sources.base,
                         replay.ruleset.position(replay.game, replay.state), target)


# --- writing documents --------------------------------------------------------------------


def dump_yaml(doc: Mapping[str, Any], flow_lists: Iterable[str] = ()) -> str:
    """YAML text with stable key order; items of the ``flow_lists`` keys one per line.
    Written directly when the document has the plain shape ``yaml_text`` knows (the same
    text, faster), else by PyYAML."""
    from skyhex.games.yaml_text import direct_yaml

    keys = frozenset(flow_lists)
    direct = direct_yaml(doc, keys)
    return direct if direct is not None else pyyaml_text(doc, keys)


def pyyaml_text(doc: Mapping[str, Any], flow_lists: Iterable[str] = ()) -> str:
    """``dump_yaml``'s text as PyYAML writes it."""
    import yaml

    base = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

    class _Flow(dict):  # type: ignore[type-arg]
        pass

    class Dumper(base):  # type: ignore[valid-type, misc]
        pass

    def flow(dumper: Any, data: Any) -> Any:
        return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=True)

    Dumper.add_representer(_Flow, flow)
    keys = set(flow_lists)
    shaped = {k: [_Flow(e) for e in v] if k in keys else v for k, v in doc.items()}
    text: str = yaml.dump(shaped, Dumper=Dumper, sort_keys=False, width=200,
                          default_flow_style=None, allow_unicode=True)
    return text


def dump_json(doc: Mapping[str, Any], flow_lists: Iterable[str] = ()) -> str:
    """JSON text, indented, with items of the ``flow_lists`` keys one per line."""
    keys = set(flow_lists)
    parts = []
    for k, v in doc.items():
        if k in keys and isinstance(v, list) and v:
            items = ",\n    ".join(json.dumps(e) for e in v)
            parts.append(f"  {json.dumps(k)}: [\n    {items}\n  ]")
        else:
            parts.append(f"  {json.dumps(k)}: {json.dumps(v)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def dump(doc: Mapping[str, Any], fmt: str, flow_lists: Iterable[str] = ()) -> str:
    """``doc`` as ``yaml`` or ``json`` text."""
    return dump_json(doc, flow_lists) if fmt == "json" else dump_yaml(doc, flow_lists)
