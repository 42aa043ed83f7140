"""Every mistake of a scenario in one round: what ``skyhex scenario validate`` reports.

Loading a scenario stops at the first stage that fails (format, game, schema, the files it
names, the rules), which makes an author fix and run again, stage by stage. Checking goes on
wherever the document can still be read:

- an unknown ``game`` close to a known one (a game's name misspelt) is reported with what it may
  mean, and the file is checked as that game's;
- the schema mistakes are reported (``schemas/diagnostics.py``: each once, with what was
  meant); then each value in error is set aside (the innermost optional key holding it,
  never a required one) until the rest is valid, and the files it names and the rules are
  checked on that rest;
- what the rules then find about a value set aside (at it, under it, or naming its key) is
  a consequence of setting it aside, not a mistake of its own, and is left out (no
  cascades).
"""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skyhex.rules import games as registry
from skyhex.schemas.diagnostics import closest, diagnose
from skyhex.schemas.documents import Document, DocumentError, FileProblem, load

if TYPE_CHECKING:
    from skyhex.games.documents import References
    from skyhex.games.face import Face

Path = tuple[Any, ...]


@dataclass(frozen=True)
class Checked:
    """What checking a scenario found: its ``problems`` (none: ``scenario`` is read), and
    the face of its game when known."""

    problems: tuple[FileProblem, ...]
    game: Face | None = None
    scenario: Any = None


def _at(data: Any, path: Path) -> Any:
    for step in path:
        data = data[step]
    return data


def _errors(schema: str, data: Any) -> set[tuple[Path, str]]:
    from skyhex.schemas import validator

    return {(tuple(e.absolute_path), str(e.validator))
            for e in validator(schema).iter_errors(data)}


def set_aside(data: Any, paths: Sequence[Path], schema: str
              ) -> tuple[Any, list[Path], list[Path]] | None:
    """A copy of ``data`` without the values at ``paths``: for each, the innermost key of a
    mapping, or item of a list, on its path whose removal breaks no other rule of the
    schema (a ``required`` key stays, and so does an item a list needs); the values
    removed (all of them, then the list items alone, in the order removed). ``None`` when
    the copy is still invalid (a required value is wrong)."""
    kept = copy.deepcopy(data)
    removed: list[Path] = []
    items: list[Path] = []
    before = _errors(schema, kept)
    for original in sorted(set(paths), key=len, reverse=True):
        path = _pruned_path(original, items)
        if path is None or any(path[:len(r)] == r for r in removed):
            continue
        for n in range(len(path), 0, -1):
            parent_path, key = path[:n - 1], path[n - 1]
            try:
                parent = _at(kept, parent_path)
            except (KeyError, IndexError, TypeError):
                continue
            listed = isinstance(parent, list) and isinstance(key, int) and key < len(parent)
            if not listed and not (isinstance(parent, dict) and key in parent):
                continue
            trial = copy.deepcopy(kept)
            del _at(trial, parent_path)[key]
            after = _errors(schema, trial)
            if _new(after, before, parent_path, isinstance(parent, list)) \
                    or len(after) >= len(before):
                continue  # a required key, an item the list needs, a form that needs it,
                # or not enough to mend the value that holds it
            kept, before = trial, after
            removed.append(path[:n])
            if isinstance(parent, list):
                items.append(path[:n])
            break
    if _errors(schema, kept):
        return None
    return kept, removed, items


def _new(after: set[tuple[Path, str]], before: set[tuple[Path, str]], parent: Path,
         listed: bool) -> bool:
    """Whether removing a value broke a rule that held before (the errors of the items after
    a removed list item move up by one: they are the same errors)."""
    if not listed:
        return bool(after - before)
    depth = len(parent)
    moved = set()
    for path, rule in before:
        if path[:depth] == parent and len(path) > depth and isinstance(path[depth], int):
            moved.add(((*parent, path[depth] - 1, *path[depth + 1:]), rule))
    return bool(after - before - moved)


def _pruned_path(path: Path, items: Sequence[Path]) -> Path | None:
    """Where ``path`` of the original data is once the list ``items`` are removed (``None``
    for a path under one of them)."""
    result = list(path)
    for item in items:
        depth = len(item) - 1
        if tuple(result[:depth]) != item[:-1] or len(result) <= depth:
            continue
        index = result[depth]
        if index == item[-1]:
            return None
        if isinstance(index, int) and index > item[-1]:
            result[depth] = index - 1
    return tuple(result)


def _original_path(path: Path, items: Sequence[Path]) -> Path:
    """The path of the original data that ``path`` of the pruned data was."""
    result = list(path)
    for item in reversed(items):
        depth = len(item) - 1
        if tuple(result[:depth]) == item[:-1] and len(result) > depth \
                and isinstance(result[depth], int) and result[depth] >= item[-1]:
            result[depth] += 1
    return tuple(result)


def _game(document: Document, data: dict[str, Any]) -> tuple[list[FileProblem], str | None]:
    """The problem with the ``game`` key, if any, and the game to check the file as."""
    from skyhex.games.face import face

    game = data.get("game", registry.default_name())
    if not isinstance(game, str):
        return [], None
    line, column = document.locate(("game",))
    if not registry.is_game(game):
        near = closest(game, list(registry.names()))
        message = registry.unknown_game_message(game)
        if near is not None:
            message += f"; checked as {near}"
        return [FileProblem(document.name, message, line, column, ("game",), "file.game")], near
    if "scenario" not in face(game).kinds:
        return [FileProblem(document.name, f"skyhex reads no {game} scenario files", line,
                            column, ("game",), "file.game")], None
    return [], game


def check_scenario(path: str, refs: References | None = None) -> Checked:
    """Every mistake of the scenario at ``path`` and of the files it names (followed by the
    policy ``refs``); a file that cannot be read at all raises ``DocumentError``."""
    from skyhex.games.documents import FORMATS
    from skyhex.games.face import face

    document = load(path)
    data = document.data
    if not isinstance(data, dict):
        return Checked(tuple(diagnose(document, "scenario")))
    found = data.get("format")
    if found != FORMATS["scenario"]:
        what = "no 'format' key" if found is None else f"format {_quoted(found)}"
        line, column = document.locate(("format",))
        return Checked((FileProblem(document.name, f"{what}: expected format "
                                    f"'{FORMATS['scenario']}' (a scenario file)", line, column,
                                    ("format",), "file.format"),))
    problems, game = _game(document, data)
    if game is None:
        return Checked(tuple(problems))
    assumed = {**data, "game": game} if "game" in data else data
    schema = [p for p in diagnose(document, "scenario", assumed) if p.path != ("game",)]
    problems += schema
    kept = set_aside(assumed, [p.path or () for p in schema], "scenario")
    the_face = face(game)
    if kept is None:
        return Checked(_ordered(problems, document.name), the_face)
    readable, removed, items = kept
    try:
        scenario = the_face.need(the_face.scenarios, "scenarios").read(
            dataclasses.replace(document, data=readable), readable, path, (), refs=refs)
    except DocumentError as e:
        for p in e.problems:
            if p.file == document.name and p.path is not None and items:
                original = _original_path(p.path, items)
                line, column = document.locate(original)
                p = dataclasses.replace(p, path=original, line=line, column=column)
            if not _aside(p, removed, document.name):
                problems.append(p)
        return Checked(_ordered(problems, document.name), the_face)
    if problems:
        return Checked(_ordered(problems, document.name), the_face)
    return Checked((), the_face, scenario)


def _quoted(value: Any) -> str:
    text = str(value)
    return f"'{text[:40]}'" if isinstance(value, str) else "a value that is not a string"


def _aside(problem: FileProblem, removed: Sequence[Path], name: str) -> bool:
    """Whether a problem is about a value set aside (a consequence, not a mistake): one at
    or under it; one of the scenario outside a list an item was taken from, or about the
    list as a whole, that names the list (``company 'green' must be in exactly one team``
    when a team was set aside), while the other items of the list keep their problems;
    one that names a key set aside (``mode 'teams' needs the teams``)."""
    if problem.file != name or problem.path is None:
        return False
    path = problem.path
    if any(path[:len(r)] == r for r in removed):
        return True
    words = set(re.findall(r"[A-Za-z_]+", problem.message))
    words |= {w + "s" for w in words}
    for r in removed:
        if isinstance(r[-1], int):
            listed = r[:-1]
            key = next((k for k in reversed(listed) if isinstance(k, str)), None)
            inside = path[:len(listed)] == listed and len(path) > len(listed)
            if key is not None and key in words and not inside:
                return True
        elif isinstance(r[-1], str) and r[-1] in words:
            return True
    return False


def _ordered(problems: Sequence[FileProblem], name: str) -> tuple[FileProblem, ...]:
    """Each problem once: the scenario's in the order of the file, then other files'."""
    unique = list(dict.fromkeys(problems))
    return tuple(sorted(unique, key=lambda p: (p.file != name, p.file, p.line or 0,
                                               p.column or 0)))
