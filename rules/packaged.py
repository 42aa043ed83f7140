"""Data files shipped inside a rules package (a game's standard component set, its layouts):
read as text, or as a YAML document with the safe loader (the C one when PyYAML has it)."""

from __future__ import annotations

from importlib import resources
from typing import Any


def packaged_text(package: str, name: str) -> str:
    """The text of the file ``name`` of ``package`` (a game's rules package), as shipped."""
    return resources.files(package).joinpath(name).read_text("utf-8")


def packaged_yaml(package: str, name: str) -> Any:
    """The YAML document in the file ``name`` of ``package``."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(packaged_text(package, name), Loader=loader)
