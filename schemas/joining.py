"""How a shared envelope schema and the games' own schema files of its kind become one schema.

An envelope (``schemas/<kind>.schema.json``) holds what every game's documents of the kind
share and says, by three annotations, where the games join it:

- ``"x-games": "joined"`` (or ``"all"``) on a node: the node's ``enum`` becomes the names
  of the games that have a file of the kind (or of every registered game), in registry
  order;
- ``"x-join": {...}`` on a node: a template, filled for each game that has a file of the
  kind: ``{"anyOf": T}`` appends ``T`` to the node's ``anyOf``; ``{"allOf": T, "except":
  "first"}`` appends ``T`` to its ``allOf`` for each game but the first; ``{"if": C,
  "then": T}`` makes the node a chain ``if C then T else (the next game's)``, the first
  game's ``T`` ending it (its documents need not name their game). In a template the
  strings ``{game}``, ``{title}``, ``{ref}`` (the ``$id`` of the game's file) and ``{key}``
  (the file's ``x-key``: the key its entries are told by) are replaced;
- a game's file adds to the envelope through its ``x-adds``: ``{"/json/pointer": value}``,
  keys of a mapping appended to the mapping at the pointer (in registry order), items of a
  list to the list there (an ``enum`` of reasons, say). Its local references are rebased to
  the game's file. Two games that add the same key differently are a ``JoinError``.

A game's ``examples`` and ``x-examples`` (whole documents, where its file describes a part of
one, such as a moves-file entry) are appended to the joined schema's. Pure: values in,
values out.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from skyhex.rules.errors import SkyhexError

URN = "urn:skyhex:schema:"
ANNOTATIONS = ("x-adds", "x-key", "x-examples")
"""The keys of a game's file that only say how it joins its envelope."""


class JoinError(SkyhexError):
    """A game's schema file that cannot join its envelope (an installed plugin's mistake)."""


@dataclass(frozen=True)
class GameFile:
    """One game's schema file of a kind: the game, its title, and the file's contents."""

    game: str
    title: str
    schema: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.schema["$id"])


def published(game_file: GameFile) -> dict[str, Any]:
    """The game's file as a schema of its own: without the annotations that join it."""
    return {k: v for k, v in game_file.schema.items() if k not in ANNOTATIONS}


def join(envelope: dict[str, Any], games: Sequence[GameFile], every: Sequence[str],
         titles: Sequence[str]) -> dict[str, Any]:
    """The envelope with the ``games``' files of its kind joined (``every``: the names of all
    registered games, for ``x-games: all``; ``titles``: the joined games' titles, for a
    ``{games}`` in the envelope's title)."""
    out: dict[str, Any] = _filled(copy.deepcopy(envelope), games, every)
    if isinstance(out.get("title"), str):
        out["title"] = out["title"].replace("{games}", ", ".join(titles))
    for game_file in games:
        for pointer, value in game_file.schema.get("x-adds", {}).items():
            _add(out, pointer, rebased(value, game_file.id), game_file)
    examples = list(out.get("examples", []))
    for game_file in games:
        examples += game_file.schema.get("examples", []) + game_file.schema.get("x-examples", [])
    if examples or "examples" in out:
        out["examples"] = examples
    return out


def _filled(node: Any, games: Sequence[GameFile], every: Sequence[str]) -> Any:
    if isinstance(node, list):
        return [_filled(v, games, every) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _filled(v, games, every) for k, v in node.items() if k not in ("x-games", "x-join")}
    which = node.get("x-games")
    if which is not None:
        out["enum"] = list(every) if which == "all" else [g.game for g in games]
    template = node.get("x-join")
    if template is not None and games:
        if "anyOf" in template:
            out["anyOf"] = [*out.get("anyOf", []), *(_made(template["anyOf"], g) for g in games)]
        elif "allOf" in template:
            joined = games[1:] if template.get("except") == "first" else games
            out["allOf"] = [*out.get("allOf", []), *(_made(template["allOf"], g) for g in joined)]
        else:
            chain: dict[str, Any] = _made(template["then"], games[0])
            for game_file in reversed(games[1:]):
                chain = {"if": _made(template["if"], game_file),
                         "then": _made(template["then"], game_file), "else": chain}
            out.update(chain)
    return out


def _made(template: Any, game_file: GameFile) -> Any:
    """The template filled for one game."""
    if isinstance(template, list):
        return [_made(v, game_file) for v in template]
    if isinstance(template, dict):
        return {k: _made(v, game_file) for k, v in template.items()}
    if isinstance(template, str):
        key = game_file.schema.get("x-key")
        if "{key}" in template and not isinstance(key, str):
            raise JoinError(f"{game_file.id} joins its envelope by the key of its entries: "
                            "it must name it in x-key")
        return template.replace("{game}", game_file.game).replace("{title}", game_file.title) \
            .replace("{ref}", game_file.id).replace("{key}", str(key))
    return template


def rebased(node: Any, base: str) -> Any:
    """A copy of ``node`` whose local references (``#/...``) point into the schema ``base``."""
    if isinstance(node, list):
        return [rebased(v, base) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: rebased(v, base) for k, v in node.items()}
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#"):
        out["$ref"] = base + ref
    return out


def _add(root: dict[str, Any], pointer: str, value: Any, game_file: GameFile) -> None:
    target: Any = root
    for step in pointer.split("/")[1:]:
        step = step.replace("~1", "/").replace("~0", "~")
        target = target.get(step) if isinstance(target, dict) else None
    where = f"{game_file.id}: x-adds {pointer!r}"
    if isinstance(target, dict) and isinstance(value, dict):
        for key, item in value.items():
            if key in target and target[key] != item:
                raise JoinError(f"{where}: {key!r} is already there, unlike this")
            target.setdefault(key, item)
    elif isinstance(target, list) and isinstance(value, list):
        target.extend(item for item in value if item not in target)
    else:
        raise JoinError(f"{where} names no mapping or list of the envelope that it can add to")


__all__ = ["ANNOTATIONS", "URN", "GameFile", "JoinError", "join", "published", "rebased"]
