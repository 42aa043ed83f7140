"""The published JSON Schemas (Draft 2020-12) of every skyhex file format, and their loader.

``skyhex schema`` prints them; editors can point at them to check files as they are typed.

A game whose entry names a package of schema files (``GameEntry.schemas``) is joined to the
shared schemas: its ``map``, ``scenario`` and ``event`` files (``$id``
``urn:skyhex:schema:GAME/KIND``) become the branch of its game, its ``moves`` file the form
of its moves-file entries, what each file's ``x-adds`` says is added to the shared schema
(its kinds of draws, its event types), and its name joins the ``game`` enums (``_join``).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

_SUFFIX = ".schema.json"


def names() -> list[str]:
    """The names of the published schemas (``map``, ``components``, ...)."""
    files = resources.files(__name__)
    return sorted(p.name[: -len(_SUFFIX)] for p in files.iterdir() if p.name.endswith(_SUFFIX))


def text(name: str) -> str:
    """The schema's JSON text as its file holds it (a shared schema before the games' own
    are joined to it, or a game's own ``GAME/KIND``); ``KeyError`` for an unknown name."""
    if name in names():
        return resources.files(__name__).joinpath(name + _SUFFIX).read_text("utf-8")
    package = game_schemas().get(name)
    if package is None:
        raise KeyError(name)
    return resources.files(package).joinpath(name.partition("/")[2] + _SUFFIX) \
        .read_text("utf-8")


@cache
def game_schemas() -> dict[str, str]:
    """``{"GAME/KIND": package}``: the schema files of every registered game whose entry
    names a schema package (``GameEntry.schemas``)."""
    from skyhex.rules import games as registry

    found: dict[str, str] = {}
    for entry in registry.entries():
        if entry.schemas is not None:
            for p in sorted(resources.files(entry.schemas).iterdir(), key=lambda p: p.name):
                if p.name.endswith(_SUFFIX):
                    found[f"{entry.name}/{p.name[: -len(_SUFFIX)]}"] = entry.schemas
    return found


ANNOTATIONS = ("x-adds", "x-key", "x-examples")
"""The keys of a game's schema file that only say how it joins the shared schema."""


@cache
def _raw(name: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(text(name))
    return found


@cache
def schema(name: str) -> dict[str, Any]:
    """The schema called ``name``: a shared one with the games' own files joined, or a
    game's own (``GAME/KIND``) without the annotations that join it."""
    if name in names():
        return _join(name, json.loads(text(name)))
    return {k: v for k, v in _raw(name).items() if k not in ANNOTATIONS}


def _join(name: str, root: dict[str, Any]) -> dict[str, Any]:
    """The shared schema ``name`` with each game's file of that kind joined: the game in
    the ``game`` enum (of every schema with one for replay pages), a branch of its own
    (``map`` and ``scenario``: on ``game``; ``moves``: entries told by the key its file
    names in ``x-key``; ``event``: one more ``anyOf``), and what its ``x-adds`` adds
    (``{"/json/pointer": value}``: keys to the mapping there, items to the list there)."""
    enum = root.get("properties", {}).get("game", {}).get("enum")
    for key in game_schemas():
        game, _, kind = key.partition("/")
        if enum is not None and game not in enum and name in (kind, "view"):
            enum.append(game)
        if kind != name:
            continue
        own, ref = _raw(key), _URN + key
        if name in ("map", "scenario"):
            shared = {k: root.pop(k) for k in ("if", "then", "else") if k in root}
            root.update({"if": {"required": ["game"], "properties": {"game": {"const": game}}},
                         "then": {"$ref": ref}, "else": shared})
        elif name == "moves":
            moves = root["properties"]["moves"]
            moves["items"] = {"if": {"type": "object", "required": [own["x-key"]]},
                              "then": {"$ref": ref}, "else": moves["items"]}
            root.setdefault("allOf", []).append(
                {"if": {"properties": {"game": {"const": game}}, "required": ["game"]},
                 "then": {"properties": {"moves": {"items": {"required": [own["x-key"]]}}}}})
        elif name == "event":
            root["anyOf"].append({"$ref": ref})
        for pointer, value in own.get("x-adds", {}).items():
            _add(root, pointer, _rebased(value, ref), key)
    return root


def _add(root: dict[str, Any], pointer: str, value: Any, owner: str) -> None:
    """``value`` added at ``pointer`` of ``root``: a mapping's keys, a list's items."""
    from skyhex.rules.games import PluginError

    target: Any = root
    for step in pointer.split("/")[1:]:
        step = step.replace("~1", "/").replace("~0", "~")
        target = target.get(step) if isinstance(target, dict) else None
    if isinstance(target, dict) and isinstance(value, dict):
        for k, item in value.items():
            if k in target and target[k] != item:
                raise PluginError(f"{_URN}{owner}: x-adds {pointer!r}: {k!r} is there already, "
                                  "unlike this")
            target.setdefault(k, item)
    elif isinstance(target, list) and isinstance(value, list):
        target.extend(item for item in value if item not in target)
    else:
        raise PluginError(f"{_URN}{owner}: x-adds {pointer!r} names no mapping or list of "
                          "the shared schema")


def _rebased(node: Any, base: str) -> Any:
    """A copy of ``node`` whose local references (``#/...``) point into the schema
    ``base``."""
    if isinstance(node, list):
        return [_rebased(v, base) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _rebased(v, base) for k, v in node.items()}
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#"):
        out["$ref"] = base + ref
    return out


def schema_id(name: str) -> str:
    return f"urn:skyhex:schema:{name}"


@cache
def validator(name: str) -> Validator:
    """A compiled validator for the named schema (jsonschema is imported on first use).
    Schemas refer to each other by their ``urn:skyhex:schema:NAME`` ids, resolved locally."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    registry: Registry[Any] = Registry().with_resources(
        (schema_id(n), Resource.from_contents(schema(n))) for n in [*names(), *game_schemas()])
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

    return jsonschema_rs.validator_for(bundled(name) if branch is None else branch_schema(name, branch))


def branch_schema(name: str, branch: str) -> dict[str, Any]:
    """The definition ``branch`` of the named schema as a schema of its own (holding the
    definitions it refers to): one event type's branch of the event schema, say."""
    defs = schema(name)["$defs"]
    return {"$schema": schema(name)["$schema"], **defs[branch], "$defs": defs}


def branch_conforms(name: str, branch: str, data: Any) -> bool:
    """``conforms`` for the definition ``branch`` of the named schema."""
    try:
        return bool(_compiled(name, branch).is_valid(data))
    except (ValueError, TypeError, OverflowError, RecursionError):
        return False


_URN = "urn:skyhex:schema:"


def _others(name: str) -> list[str]:
    """The schemas that ``name`` refers to, directly or not, in order of first reference."""
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith(_URN):
                other = ref[len(_URN):].split("#")[0]
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


def _rebase(node: Any, owner: str, root: str) -> Any:
    """A copy of ``node`` (part of the schema ``owner``) whose references point into the
    bundle of ``root``: ``urn:skyhex:schema:X#/p`` to ``#/$defs/skyhex-X/p`` (``#/p`` for
    ``root`` itself), and a local ``#/p`` of an embedded schema to its place in the
    bundle."""
    if isinstance(node, list):
        return [_rebase(v, owner, root) for v in node]
    if not isinstance(node, dict):
        return node
    out = {k: _rebase(v, owner, root) for k, v in node.items()}
    ref = node.get("$ref")
    if isinstance(ref, str):
        if ref.startswith(_URN):
            other, _, fragment = ref[len(_URN):].partition("#")
            out["$ref"] = ("#" if other == root else f"#/$defs/{_pointer('skyhex-' + other)}") \
                + fragment
        elif ref.startswith("#") and owner != root:
            out["$ref"] = f"#/$defs/{_pointer('skyhex-' + owner)}" + ref[1:]
    return out


def _pointer(key: str) -> str:
    """``key`` as a step of a JSON pointer (a game's ``GAME/KIND`` holds a slash)."""
    return key.replace("~", "~0").replace("/", "~1")


def bundled(name: str) -> dict[str, Any]:
    """The schema made self-contained for editors: every schema it refers to is embedded
    under ``$defs`` (``skyhex-NAME``) and every reference is a JSON pointer into the one
    document, so that a tool resolves them without knowing skyhex's ``urn:`` ids
    (yaml-language-server does not resolve ids of embedded schemas)."""
    root: dict[str, Any] = _rebase(schema(name), name, name)
    root.pop("$id", None)
    others = _others(name)
    if others:
        defs = root.setdefault("$defs", {})
        for other in others:
            embedded = _rebase(schema(other), other, name)
            for key in ("$id", "$schema", "examples"):
                embedded.pop(key, None)
            defs[f"skyhex-{other}"] = embedded
    return root
