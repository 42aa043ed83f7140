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


@cache
def validator(name: str) -> Validator:
    """A compiled validator for the named schema (jsonschema is imported on first use)."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema(name))
