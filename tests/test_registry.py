"""Games are plugins (docs/plugins.md): found through the ``skyhex.games`` entry points,
each one ``GameEntry``, listed by its order, and nothing shared names a game."""

from __future__ import annotations

import json
import re
import subprocess
from importlib.metadata import EntryPoint
from typing import Any

import pytest

from skyhex.rules import games as registry
from skyhex.rules.entry import BotHooks, GameEntry, Ref

from .conftest import ROOT


def test_every_game_is_found_through_its_entry_point() -> None:
    names = registry.names()
    assert names, "no game installed"
    for name in names:
        entry = registry.entry(name)
        assert isinstance(entry, GameEntry) and entry.name == name
        assert registry.ruleset(name).name == name
        if entry.bots is not None:
            assert isinstance(entry.bots.load(), BotHooks)
    orders = [(registry.entry(n).order, n) for n in names]
    assert orders == sorted(orders)
    assert registry.default_name() == names[0]


def test_an_unknown_game_is_named_with_the_closest_one() -> None:
    first = registry.names()[0]
    with pytest.raises(registry.UnknownGameError) as e:
        registry.entry(first[:-1])
    assert f"did you mean {first!r}?" in str(e.value)
    assert not registry.is_game(first[:-1]) and not registry.is_game(None)


def _fake(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    points = dict(registry._points())
    points["broken"] = EntryPoint("broken", value, registry.GROUP)
    monkeypatch.setattr(registry, "_points", lambda: points)
    registry.entry.cache_clear()
    monkeypatch.setattr(registry, "names", lambda: tuple(points))


@pytest.mark.parametrize("value", ["no.such.module:ENTRY", "skyhex.rules.entry:Ref"])
def test_a_broken_plugin_is_one_clear_error(monkeypatch: pytest.MonkeyPatch,
                                            value: str) -> None:
    _fake(monkeypatch, value)
    try:
        with pytest.raises(registry.PluginError, match="game 'broken': its entry point"):
            registry.entry("broken")
    finally:
        registry.entry.cache_clear()


def test_a_reference_loads_its_target_when_asked() -> None:
    ref: Ref[Any] = Ref("skyhex.rules.entry:GameEntry")
    assert ref.load() is GameEntry


SHARED = ("cli", "games", "rules", "mapgen", "render", "schemas", "skyhex")
"""The layers' folders; a game's own packages inside them are not shared."""


def _owned(path: str, name: str) -> bool:
    """Whether ``path`` belongs to game ``name``'s own packages or files."""
    parts = path.split("/")
    return len(parts) > 1 and (parts[1] == name or parts[1].startswith(name + ".")
                               or parts[1].startswith(name + "_"))


def test_no_shared_code_names_a_game() -> None:
    """Adding a game touches no shared file but its entry point line: no module, schema or
    page of the shared layers names one (its name or its title), so that none would have
    to change for the next (a schema's examples, documents of some game, aside)."""
    files = subprocess.run(["git", "ls-files", *SHARED], cwd=ROOT, capture_output=True,
                           text=True, check=True).stdout.split()
    found = []
    for name in registry.names():
        words = {name, registry.entry(name).title}
        pattern = re.compile("|".join(re.escape(w) for w in sorted(words)), re.I)
        for path in files:
            if _owned(path, name) or path.endswith((".png", ".svg")):
                continue
            text = (ROOT / path).read_text("utf-8", errors="replace")
            if path.endswith(".json"):  # a schema's examples are documents, not the schema
                document = json.loads(text)
                document.pop("examples", None)
                text = json.dumps(document, indent=0)
            for number, line in enumerate(text.splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path}:{number}: {line.strip()[:80]}")
    assert found == [], f"{len(found)} lines:\n" + "\n".join(found[:40])


def test_a_plugin_of_this_repository_is_named_only_in_its_own_folder() -> None:
    """A game of a plugin kept in this repository (``examples/<folder>/``, with its own
    ``pyproject.toml``) is named by no other file: skyhex knows it only through its entry
    point. Checked for each such plugin that is installed (CI installs the example)."""
    own = set(registry.declared_by(registry.HOME))
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    folders = {p.rsplit("/", 1)[0] for p in files
               if p.startswith("examples/") and p.endswith("/pyproject.toml")}
    checked = 0
    for name in registry.names():
        if name in own:
            continue
        home = [f for f in folders if f"{name} = " in (ROOT / f / "pyproject.toml").read_text()]
        if not home:
            continue  # a plugin from elsewhere
        checked += 1
        pattern = re.compile(re.escape(name), re.I)
        named = [p for p in files if not p.startswith(home[0] + "/")
                 and not p.endswith((".png", ".pdf"))
                 and pattern.search((ROOT / p).read_text("utf-8", errors="replace"))]
        assert named == [], f"{name} named outside {home[0]}/: {named[:10]}"
    if not checked:
        pytest.skip("no plugin of this repository is installed (pip install ./examples/plugin)")
