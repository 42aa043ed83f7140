"""The difficulty layouts: where the mountains and the 12 clouds start for EASY, NORMAL,
DIFFICULT and EXTREME.

The rulebook's diagrams are not published, so skyhex ships its own layouts as data
(``layouts.yaml`` in this package; the design is explained there and in
``docs/rules-notes.md``). Clouds take token ids 1-12 in the order the file lists them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from skyhex.rules.errors import InputError, Path, Problem
from skyhex.rules.hexgrid import Hex
from skyhex.rules.packaged import packaged_text, packaged_yaml
from skyhex.rules.turbulences.landscape import CloudSide, CloudToken, Difficulty

LAYOUTS_FILE = "layouts.yaml"


@dataclass(frozen=True, slots=True)
class DifficultyLayout:
    """The starting mountains and clouds of one difficulty (one token per cloud)."""

    difficulty: Difficulty
    mountains: tuple[Hex, ...]
    clouds: tuple[tuple[Hex, CloudToken], ...]


def layouts_text() -> str:
    """The packaged layouts, as shipped (YAML)."""
    return packaged_text("skyhex.rules.turbulences", LAYOUTS_FILE)


@cache
def default_layouts() -> Mapping[Difficulty, DifficultyLayout]:
    """The packaged layouts, parsed once. That they obey the setup rules (and are symmetric)
    is guaranteed by the test suite; the generator checks every map it builds anyway."""
    return layouts_from_dict(packaged_yaml("skyhex.rules.turbulences", LAYOUTS_FILE))


def layouts_from_dict(doc: Any) -> Mapping[Difficulty, DifficultyLayout]:
    """Read a layouts document: one layout per difficulty, each with ``mountains`` and
    ``clouds`` given as ``{q, r}`` mappings (clouds with an optional ``side``).
    ``InputError`` lists every malformed entry."""
    problems: list[Problem] = []
    out: dict[Difficulty, DifficultyLayout] = {}
    layouts = doc.get("layouts") if isinstance(doc, dict) else None
    if not isinstance(layouts, dict):
        raise InputError([Problem("layouts.shape", "expected a mapping 'layouts'", ())])
    for name in sorted(set(layouts) - {d.value for d in Difficulty}):
        problems.append(Problem("layouts.shape", f"unknown difficulty {name!r}", ("layouts", name)))
    for difficulty in Difficulty:
        path: Path = ("layouts", difficulty.value)
        entry = layouts.get(difficulty.value)
        if not isinstance(entry, dict):
            problems.append(Problem("layouts.shape", f"no layout for {difficulty.value}", path))
            continue
        mountains = [_hex(m, (*path, "mountains", i), problems)
                     for i, m in enumerate(_list(entry, "mountains", path, problems))]
        clouds: list[tuple[Hex, CloudToken]] = []
        for i, c in enumerate(_list(entry, "clouds", path, problems)):
            where: Path = (*path, "clouds", i)
            h = _hex(c, where, problems)
            side = c.get("side", CloudSide.CUMULUS.value) if isinstance(c, dict) else None
            if side not in {s.value for s in CloudSide}:
                problems.append(Problem("layouts.shape", f"side {side!r} is not cumulus or storm",
                                        (*where, "side")))
                continue
            clouds.append((h, CloudToken(i + 1, CloudSide(side))))
        out[difficulty] = DifficultyLayout(difficulty, tuple(mountains), tuple(clouds))
    if problems:
        raise InputError(problems)
    return MappingProxyType(out)


def _list(entry: dict[str, Any], key: str, path: Path, problems: list[Problem]) -> list[Any]:
    value = entry.get(key)
    if not isinstance(value, list):
        problems.append(Problem("layouts.shape", f"expected a list {key!r}", (*path, key)))
        return []
    return value


def _hex(value: Any, path: Path, problems: list[Problem]) -> Hex:
    if isinstance(value, dict):
        q, r = value.get("q"), value.get("r")
        if type(q) is int and type(r) is int:
            return Hex(q, r)
    problems.append(Problem("layouts.shape", "expected {q: INT, r: INT}", path))
    return Hex(0, 0)
