"""The source tree keeps its shape: the import layers (``rules`` -> ``mapgen`` -> ``render``
-> ``games`` -> ``cli``, no module importing a layer to its right) and the package list of
``pyproject.toml`` (equal to the folders holding ``__init__.py``, so that an installed
skyhex holds every module the repository does).

Every import statement counts, wherever it stands: at module level, inside a function
(the lazy imports that keep commands quick) and under ``if TYPE_CHECKING:``. A type-only
import is not run, but it is a dependency all the same: the layer below could not be type
checked, documented or shipped without the layer above, and ``from __future__ import
annotations`` turns it into a real import the day someone evaluates the annotations
(``typing.get_type_hints``, dataclass tools). A reference written as a string
(``Ref("skyhex.games.paragliders:FACE")`` in a game's entry) is not an import: the layer
that loads it (``games.face``) is the one that depends on it.
"""

from __future__ import annotations

import ast
import os
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import ROOT

LAYERS = ("rules", "mapgen", "render", "games", "cli")
"""The layers, bottom first: a module may import its own layer and those to its left."""
SIDE = {"schemas": {"rules"}}
"""Packages beside the layers, with the layers they may import: the schemas (read by
``games`` and ``cli``) know the rules' version and nothing else, and no layer below
``games`` reads them (``rules`` stays free of JSON Schema)."""
MAY_IMPORT = {layer: set(LAYERS[:k + 1]) | ({"schemas"} if k >= LAYERS.index("games") else
                                           set())
              for k, layer in enumerate(LAYERS)}
MAY_IMPORT.update({side: {side, *below} for side, below in SIDE.items()})
MAY_IMPORT["skyhex"] = {*LAYERS, *SIDE, "skyhex"}
"""The top package (``skyhex``, ``python -m skyhex``) stands above every layer: ``import
skyhex`` or ``from skyhex import __version__`` in a layer is an import upward."""
SKIP = {".venv", "node_modules", "__pycache__", ".mypy-src", ".git", "build", "dist"}
NOT_SHIPPED = {"tests", "benchmarks", "examples"}
"""Top-level folders holding packages that are not part of the distribution: the test
suite, the benchmarks (``python -m benchmarks`` from a clone) and the examples (a plugin
example is a distribution of its own)."""


def _pyproject() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)


def _package_dirs() -> dict[str, str]:
    setuptools = _pyproject()["tool"]["setuptools"]  # type: ignore[index]
    dirs: dict[str, str] = setuptools["package-dir"]
    return dirs


def _modules() -> Iterator[tuple[str, str, Path]]:
    """``(layer, module name, path)`` of every module of the distribution."""
    for package, folder in _package_dirs().items():
        layer = package.split(".")[1] if "." in package else package
        for path in sorted((ROOT / folder).rglob("*.py")):
            if SKIP & set(path.relative_to(ROOT).parts):
                continue
            parts = path.relative_to(ROOT / folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            yield layer, ".".join((package, *parts)), path


def _imports(module: str, path: Path) -> Iterator[tuple[int, str]]:
    """``(line, imported module)`` of every import in a module, relative ones resolved."""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            if target == "skyhex":  # from skyhex import games: the package named
                for alias in node.names:
                    yield node.lineno, f"skyhex.{alias.name}"
            else:
                yield node.lineno, target


def _layer_of(target: str) -> str | None:
    parts = target.split(".")
    if parts[0] != "skyhex":
        return None
    return parts[1] if len(parts) > 1 and parts[1] in MAY_IMPORT else "skyhex"


def test_every_package_of_the_distribution_belongs_to_a_layer() -> None:
    layers = {layer for layer, _, _ in _modules()}
    assert layers == set(MAY_IMPORT), layers ^ set(MAY_IMPORT)


def test_no_module_imports_a_layer_to_its_right() -> None:
    wrong = []
    count = 0
    for layer, module, path in _modules():
        for line, target in _imports(module, path):
            found = _layer_of(target)
            if found is None:
                continue
            count += 1
            if found not in MAY_IMPORT[layer]:
                wrong.append(f"{path.relative_to(ROOT)}:{line}: {module} imports {target}")
    assert count > 500  # the walk found the project's imports
    assert wrong == [], "\n".join(wrong)


def test_the_layer_check_sees_every_kind_of_import(tmp_path: Path) -> None:
    """Function-level, type-only and relative imports are seen, as module-level ones."""
    path = tmp_path / "mod.py"
    path.write_text("from typing import TYPE_CHECKING\n"
                    "if TYPE_CHECKING:\n    from skyhex.cli import app\n"
                    "def f():\n    import skyhex.games.face\n"
                    "from ..render import board\n"
                    "from skyhex import mapgen\n")
    found = {t for _, t in _imports("skyhex.rules.paragliders.mod", path)}
    assert {"skyhex.cli", "skyhex.games.face", "skyhex.rules.render",
            "skyhex.mapgen"} <= found
    assert {_layer_of(t) for t in found} >= {"cli", "games", "mapgen"}


def _init_folders() -> set[str]:
    """Every folder of the repository holding ``__init__.py``, outside the ones not
    shipped, as a path relative to the root."""
    found = set()
    for folder, subfolders, files in os.walk(ROOT):
        parts = Path(folder).relative_to(ROOT).parts
        subfolders[:] = [d for d in subfolders if d not in SKIP and not d.startswith(".")
                         and not (not parts and d in NOT_SHIPPED)]
        if "__init__.py" in files:
            found.add("/".join(parts))
    return found


def _folder_of(package: str, dirs: dict[str, str]) -> str:
    """Where setuptools looks for ``package``: its own package-dir entry or its closest
    parent's, else the package path itself."""
    parts = package.split(".")
    for k in range(len(parts), 0, -1):
        head = ".".join(parts[:k])
        if head in dirs:
            return "/".join([dirs[head], *parts[k:]]).strip("/")
    return "/".join(parts)


def test_the_package_list_is_the_folders_holding_init() -> None:
    dirs = _package_dirs()
    packages = _pyproject()["tool"]["setuptools"]["packages"]  # type: ignore[index]
    assert len(set(packages)) == len(packages), "a package listed twice"
    listed = {_folder_of(p, dirs): p for p in packages}
    assert set(listed) == _init_folders(), set(listed) ^ _init_folders()
    for package, folder in dirs.items():
        assert package in packages and (ROOT / folder / "__init__.py").is_file(), package


@pytest.mark.parametrize("folder", sorted({"/".join(p.relative_to(ROOT).parts[:-1])
                                           for d in ("rules", "mapgen", "render", "games",
                                                     "cli", "schemas")
                                           for p in (ROOT / d).rglob("*.py")
                                           if not SKIP & set(p.parts)}))
def test_every_folder_of_modules_is_a_package(folder: str) -> None:
    """A folder of modules without ``__init__.py`` would be left out of the distribution
    (or shipped as a namespace by accident)."""
    assert (ROOT / folder / "__init__.py").is_file(), folder
