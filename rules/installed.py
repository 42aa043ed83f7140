"""The entry points of one group that the installed distributions declare, read from their
metadata folders on ``sys.path`` as ``importlib.metadata.entry_points(group=...)`` finds them.

Every command lists the games at start, and ``importlib.metadata`` costs more to import (it
loads the ``email`` package to parse metadata it does not need here) than reading the few
``entry_points.txt`` files does. ``declared`` reads them directly, the way that module's
path finder does: each ``sys.path`` folder in order, its ``*.dist-info`` and ``*.egg-info``
folders grouped by normalised name, the first distribution of a name shadowing any later
one. Nothing is cached: a plugin installed or removed is seen by the next process. Where
the search could differ (a zip or ``.egg`` on ``sys.path``, another finder that finds
distributions), it asks ``importlib.metadata`` itself.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from dataclasses import dataclass
from functools import reduce
from typing import Any

_VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")
"""An entry point's value, as ``importlib.metadata.EntryPoint`` reads it."""


@dataclass(frozen=True)
class Declared:
    """One entry point: its ``name`` and ``value`` (``module:attribute``) in ``group``, as
    ``distribution`` (its normalised name) declares it."""

    name: str
    value: str
    group: str
    distribution: str

    def load(self) -> Any:
        """The object the value names, imported (as ``EntryPoint.load``)."""
        match = _VALUE.match(self.value)
        if match is None:
            raise ValueError(f"not a module:attribute reference: {self.value!r}")
        module = importlib.import_module(match.group("module"))
        return reduce(getattr, filter(None, (match.group("attr") or "").split(".")), module)


def normalize(name: str) -> str:
    """A distribution's name as ``importlib.metadata`` compares them (PEP 503, ``_``)."""
    return re.sub(r"[-_.]+", "-", name).lower().replace("-", "_")


def declared(group: str) -> list[Declared]:
    """The entry points of ``group``, in the order ``importlib.metadata`` gives them."""
    found = _read(group)
    return _asked(group) if found is None else found


def _read(group: str) -> list[Declared] | None:
    """The entry points read directly; ``None`` where only ``importlib.metadata`` knows."""
    from importlib.machinery import PathFinder

    if any(getattr(f, "find_distributions", None) is not None and f is not PathFinder
           for f in sys.meta_path):
        return None
    seen: set[str] = set()
    found: list[Declared] = []
    for root in sys.path:
        if not isinstance(root, str) or root.lower().endswith(".egg"):
            return None
        try:
            children = os.listdir(root or ".")
        except NotADirectoryError:
            return None  # a zip file: read through zipfile by importlib.metadata
        except OSError:
            continue
        infos: dict[str, list[str]] = {}
        for child in children:
            low = child.lower()
            if low.endswith((".dist-info", ".egg-info")):
                if not child.endswith((".dist-info", ".egg-info")):
                    return None  # its name would come from its metadata, not its folder's
                name = normalize(low.rpartition(".")[0].partition("-")[0])
                infos.setdefault(name, []).append(child)
        for name, folders in infos.items():
            for folder in folders:
                if name in seen:
                    continue
                seen.add(name)
                found += _points(os.path.join(root, folder), group, name)
    return found


def _points(folder: str, group: str, distribution: str) -> list[Declared]:
    try:
        with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as f:
            text = f.read()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
        return []
    if group not in text:
        return []
    section = None
    points = []
    for line in map(str.strip, text.splitlines()):
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
        elif section == group and "=" in line:
            name, value = line.split("=", 1)
            points.append(Declared(name.strip(), value.strip(), group, distribution))
    return points


def _asked(group: str) -> list[Declared]:
    from importlib.metadata import entry_points

    return [Declared(p.name, p.value, group, normalize(p.dist.name) if p.dist else "")
            for p in entry_points(group=group)]


__all__ = ["Declared", "declared", "normalize"]
