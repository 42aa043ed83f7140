"""The published JSON Schemas (Draft 2020-12) of every skyhex file format, and their loader.

``skyhex schema`` prints them; editors can point at them to check files as they are typed.
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
    """The schema's JSON text as published; ``KeyError`` for an unknown name."""
    if name not in names():
        raise KeyError(name)
    return resources.files(__name__).joinpath(name + _SUFFIX).read_text("utf-8")


@cache
def schema(name: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(text(name))
    return result


def schema_id(name: str) -> str:
    return f"urn:skyhex:schema:{name}"


@cache
def validator(name: str) -> Validator:
    """A compiled validator for the named schema (jsonschema is imported on first use).
    Schemas refer to each other by their ``urn:skyhex:schema:NAME`` ids, resolved locally."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    registry: Registry[Any] = Registry().with_resources(
        (schema_id(n), Resource.from_contents(schema(n))) for n in names())
    return Draft202012Validator(schema(name), registry=registry)


def bundled(name: str) -> dict[str, Any]:
    """The schema made self-contained for editors: every schema it refers to is embedded
    under ``$defs`` with its own ``$id`` (JSON Schema 2020-12 bundling)."""
    root: dict[str, Any] = json.loads(text(name))
    needed: list[str] = []

    def refs(node: Any) -> None:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("urn:skyhex:schema:"):
                other = ref.split(":")[3].split("#")[0]
                if other != name and other not in needed:
                    needed.append(other)
                    refs(schema(other))
            for value in node.values():
                refs(value)
        elif isinstance(node, list):
            for value in node:
                refs(value)

    refs(root)
    if needed:
        defs = root.setdefault("$defs", {})
        for other in needed:
            embedded = json.loads(text(other))
            embedded.pop("$schema", None)
            embedded.pop("examples", None)
            defs[f"skyhex-{other}"] = embedded
    return root
