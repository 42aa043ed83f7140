"""The published JSON Schemas (Draft 2020-12) of every skyhex file format, and their loader.

Each format's schema is joined from two parts (``joining``): the envelope in this package
(``map.schema.json``, ``event.schema.json``, ...), what every game's documents of the kind
share (the ``format`` and ``game`` keys, the moves-file frame, the setup's log format, the
``round``, ``error`` and ``game_end`` events, the score rows), and each registered game's
own file of the kind, in the package its ``GameEntry`` names (``schemas=``,
``skyhex.schemas.NAME``), joined by ``$ref``: an installed plugin
game's schemas join without a change here. A game's file of a kind that has no envelope
(a ``career`` file, say) is published under its kind's name. Schemas refer to each other by
their ids (``urn:skyhex:schema:NAME`` for a joined schema, ``urn:skyhex:schema:GAME/KIND``
for a game's file), resolved locally.

``skyhex schema`` prints them self-contained (``bundled``); editors can point at them to
check files as they are typed.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from skyhex.schemas.joining import ANNOTATIONS, URN, GameFile, JoinError, join, published

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

_SUFFIX = ".schema.json"


def _files(package: str) -> dict[str, str]:
    """The schema files of a package, by kind (``map``, ``event``, ...), as text."""
    found = {}
    for path in resources.files(package).iterdir():
        if path.name.endswith(_SUFFIX):
            found[path.name[: -len(_SUFFIX)]] = path.read_text("utf-8")
    return dict(sorted(found.items()))


@cache
def _envelopes() -> dict[str, dict[str, Any]]:
    return {kind: json.loads(text) for kind, text in _files(__name__).items()}


@cache
def _game_texts() -> dict[str, tuple[str, str, str, str]]:
    """Every registered game's schema files, by name (``GAME/KIND``), in registry order: the
    game, its title, the package and the file's text (parsed when first used)."""
    from skyhex.rules.games import entries

    found: dict[str, tuple[str, str, str, str]] = {}
    for entry in entries():
        if entry.schemas is not None:
            for kind, text in _files(entry.schemas).items():
                found[f"{entry.name}/{kind}"] = (entry.name, entry.title, entry.schemas, text)
    return found


@cache
def _game_file(name: str) -> GameFile:
    game, title, package, text = _game_texts()[name]
    contents: dict[str, Any] = json.loads(text)
    given = contents.setdefault("$id", URN + name)
    if given != URN + name:
        raise JoinError(f"{package}: {name.partition('/')[2]}{_SUFFIX} has the $id {given!r}: "
                        f"a game's schema file is {URN + name!r}")
    return GameFile(game, title, contents)


@cache
def _published() -> dict[str, str]:
    """Each published schema's name and the resource that holds it: a joined schema is its
    own; a game's schema of a kind without an envelope is its file."""
    out = {kind: kind for kind in _envelopes()}
    for name in _game_texts():
        kind = name.partition("/")[2]
        if kind in _envelopes():
            continue
        if kind in out:
            raise JoinError(f"two games publish a {kind!r} schema: {out[kind]} and {name}")
        out[kind] = name
    return dict(sorted(out.items()))


def names() -> list[str]:
    """The names of the published schemas (``map``, ``components``, ...)."""
    return list(_published())


def game_schemas(kind: str) -> list[str]:
    """The names (``GAME/KIND``) of the games' own schema files of ``kind``, in registry
    order."""
    return [n for n in _game_texts() if n.partition("/")[2] == kind]


def _resource(name: str) -> str:
    """The resource a name stands for: a published name, a joined kind or ``GAME/KIND``."""
    if name in _game_texts() or name in _envelopes():
        return name
    if name in _published():
        return _published()[name]
    raise KeyError(name)


def text(name: str) -> str:
    """The schema's JSON text; ``KeyError`` for an unknown name."""
    return json.dumps(schema(name), indent=2, ensure_ascii=False) + "\n"


@cache
def schema(name: str) -> dict[str, Any]:
    """The named schema: a published one (joined from its envelope and the games' files),
    or one game's file (``GAME/event``); ``KeyError`` for an unknown name."""
    resource = _resource(name)
    if resource in _game_texts():
        return published(_game_file(resource))
    from skyhex.rules.games import names as games

    joined = [_game_file(n) for n in game_schemas(resource)]
    return join(_envelopes()[resource], joined, games(), [g.title for g in joined])


def schema_id(name: str) -> str:
    return URN + _resource(name)


def _resources() -> list[str]:
    return [*_envelopes(), *_game_texts()]


@cache
def validator(name: str) -> Validator:
    """A compiled validator for the named schema (jsonschema is imported on first use).
    Schemas refer to each other by their ``urn:skyhex:schema:...`` ids, resolved locally."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    registry: Registry[Any] = Registry().with_resources(
        (schema_id(n), Resource.from_contents(schema(n), default_specification=DRAFT202012))
        for n in _resources())
    return Draft202012Validator(schema(name), registry=registry)


def conforms(name: str, data: Any) -> bool:
    """Whether ``data`` satisfies the named schema, decided by a compiled validator
    (jsonschema-rs, a complete Draft 2020-12 implementation in Rust, about a hundred times
    quicker than jsonschema on a map): valid documents, the usual case, never pay for
    jsonschema, which is kept to word and locate the mistakes of the others. ``False`` as
    well for data the compiled validator cannot take (a mapping with keys that are not
    strings): jsonschema then decides."""
    try:
        return bool(_compiled(name).is_valid(data))
    except (ValueError, TypeError, OverflowError, RecursionError):
        return False


@cache
def _compiled(name: str, branch: str | None = None) -> Any:
    import jsonschema_rs

    return jsonschema_rs.validator_for(_bundle(name) if branch is None else branch_schema(name, branch))


def branch_schema(name: str, branch: str) -> dict[str, Any]:
    """The definition ``branch`` of the named schema as a schema of its own, self-contained
    (holding every definition it refers to): one event type's branch of a game's events
    (``branch_schema("GAME/event", "journey")``), say."""
    whole = _bundle(name)
    defs = whole["$defs"]
    return {"$schema": whole["$schema"], **defs[branch], "$defs": defs}


def branch_conforms(name: str, branch: str, data: Any) -> bool:
    """``conforms`` for the definition ``branch`` of the named schema."""
    try:
        return bool(_compiled(name, branch).is_valid(data))
    except (ValueError, TypeError, OverflowError, RecursionError):
        return False


def _others(name: str) -> list[str]:
    """The resources that ``name`` refers to, directly or not, in order of first reference."""
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith(URN):
                other = ref[len(URN):].split("#")[0]
                if other != name and other not in found:
                    found.append(other)
                    walk(schema(other))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema(name))
    return found


def _key(name: str) -> str:
    """Where a resource is embedded in a bundle: ``$defs/skyhex-map``,
    ``$defs/skyhex-GAME-event``."""
    return "skyhex-" + name.replace("/", "-")


def _rebase(node: Any, owner: str, root: str) -> Any:
    """A copy of ``node`` (part of the resource ``owner``) whose references point into the
    bundle of ``root``: ``urn:skyhex:schema:X#/p`` to ``#/$defs/skyhex-X/p`` (``#/p`` for
    ``root`` itself), and a local ``#/p`` of an embedded resource to its place in the
    bundle."""
    if isinstance(node, list):
        return [_rebase(v, owner, root) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _rebase(v, owner, root) for k, v in node.items()}
    ref = node.get("$ref")
    if isinstance(ref, str):
        if ref.startswith(URN):
            other, _, fragment = ref[len(URN):].partition("#")
            out["$ref"] = ("#" if other == root else f"#/$defs/{_key(other)}") + fragment
        elif ref.startswith("#") and owner != root:
            out["$ref"] = f"#/$defs/{_key(owner)}" + ref[1:]
    return out


@cache
def _bundle(name: str) -> dict[str, Any]:
    """The bundle of ``name``, shared: never to be changed (``bundled`` gives a copy)."""
    root_name = _resource(name)
    root: dict[str, Any] = _rebase(schema(root_name), root_name, root_name)
    root.pop("$id", None)
    others = _others(root_name)
    if others:
        defs = root.setdefault("$defs", {})
        for other in others:
            embedded = _rebase(schema(other), other, root_name)
            for key in ("$id", "$schema", "examples", *ANNOTATIONS):
                embedded.pop(key, None)
            defs[_key(other)] = embedded
    return root


def bundled(name: str) -> dict[str, Any]:
    """The schema made self-contained for editors: every schema it refers to (the games'
    files of a joined schema among them) is embedded under ``$defs`` (``skyhex-NAME``,
    ``skyhex-GAME-KIND``) and every reference is a JSON pointer into the one document, so
    that a tool resolves them without knowing skyhex's ``urn:`` ids (yaml-language-server
    does not resolve ids of embedded schemas)."""
    result: dict[str, Any] = json.loads(json.dumps(_bundle(name)))
    return result


__all__ = ["JoinError", "branch_conforms", "branch_schema", "bundled", "conforms",
           "game_schemas", "names", "schema", "schema_id", "text", "validator"]
