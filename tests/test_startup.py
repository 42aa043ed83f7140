"""Start-up: a command imports what it uses and nothing else, and what it reads at every start
(the installed games) is read cheaply but as the standard library would read it."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT

GROUPS = ("skyhex.games", "console_scripts", "pytest11")

COMPARE = (
    "import json, sys\n"
    "from importlib.metadata import entry_points\n"
    "from skyhex.rules.installed import declared, normalize\n"
    "sys.path[:0] = json.loads(sys.argv[1])\n"
    "answer = {}\n"
    "for group in json.loads(sys.argv[2]):\n"
    "    ours = [[p.name, p.value, p.distribution] for p in declared(group)]\n"
    "    theirs = [[p.name, p.value, normalize(p.dist.name)] for p in entry_points(group=group)]\n"
    "    answer[group] = [ours, theirs]\n"
    "print(json.dumps(answer))\n"
)


def _dist(folder: Path, stem: str, text: str) -> None:
    (folder / stem).mkdir(parents=True)
    (folder / stem / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {stem.split('-')[0]}\n")
    (folder / stem / "entry_points.txt").write_text(text)


def _compare(paths: list[str]) -> dict[str, list[list[list[str]]]]:
    out = subprocess.run([sys.executable, "-P", "-c", COMPARE, json.dumps(paths),
                          json.dumps(GROUPS)], capture_output=True, text=True, check=True)
    answer: dict[str, list[list[list[str]]]] = json.loads(out.stdout)
    return answer


def test_the_installed_entry_points_are_the_standard_librarys(tmp_path: Path) -> None:
    """``rules/installed.py`` finds what ``importlib.metadata.entry_points`` finds, in its
    order: a plugin installed is listed, one shadowed by an earlier folder of ``sys.path``
    under the same normalised name is not, comments and other groups are skipped; with a zip
    file on ``sys.path`` it asks the standard library itself."""
    first, second = tmp_path / "first", tmp_path / "second"
    _dist(first, "Sky_Plugin-1.0.dist-info",
          "# a comment\n[console_scripts]\nsky-plugin = sky_plugin:main\n\n"
          "[skyhex.games]\nkite = sky_plugin.entry:ENTRY\n  glider=sky_plugin.other:ENTRY [x]\n")
    _dist(second, "sky.plugin-2.0.dist-info", "[skyhex.games]\nshadowed = nowhere:ENTRY\n")
    _dist(second, "other_game-0.1.egg-info", "[skyhex.games]\nzeppelin = other.entry:ENTRY\n")
    (second / "broken-1.0.dist-info").write_text("not a folder")
    with zipfile.ZipFile(tmp_path / "eggs.zip", "w") as z:
        z.writestr("zipped-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: zipped\n")
        z.writestr("zipped-1.0.dist-info/entry_points.txt", "[skyhex.games]\nzipped = z:E\n")
    for paths in ([str(first), str(second)], [str(second), str(first)],
                  [str(first), str(tmp_path / "eggs.zip")], [str(tmp_path / "missing")]):
        answer = _compare(paths)
        for group, (ours, theirs) in answer.items():
            assert ours == theirs, (paths, group)
    games = [p[0] for p in _compare([str(first), str(second)])["skyhex.games"][0]]
    assert {"kite", "glider", "zeppelin"} <= set(games) and "shadowed" not in games
    assert "zipped" in [p[0] for p in
                        _compare([str(tmp_path / "eggs.zip")])["skyhex.games"][0]]


def test_an_entry_point_loads_what_it_names() -> None:
    from skyhex.rules.entry import GameEntry
    from skyhex.rules.installed import Declared

    point = Declared("x", "skyhex.rules.entry : GameEntry.rules [extra]", "g", "d")
    assert point.load() is GameEntry.rules
    with pytest.raises(ValueError):
        Declared("x", "not a reference!", "g", "d").load()


def _modules(*args: str) -> set[str]:
    """The modules imported by ``skyhex ARGS`` run in a fresh process, as the console
    script runs it (from the repository, so that the files it names are inside it)."""
    code = ("import sys\n"
            "sys.argv = ['skyhex', *sys.argv[1:]]\n"
            "from skyhex.cli import main\n"
            "try:\n"
            "    main()\n"
            "except SystemExit as e:\n"
            "    assert e.code in (0, None), e.code\n"
            "finally:\n"
            "    print('\\n'.join(sys.modules), file=sys.stderr)\n")
    out = subprocess.run([sys.executable, "-P", "-c", code, *args], capture_output=True,
                         text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    return set(out.stderr.split())


def test_listing_the_games_does_not_import_importlib_metadata() -> None:
    assert "importlib.metadata" not in _modules("--version")


def _helps(group: Any) -> dict[str, str]:
    """The help of a lazy Click group and of each of its sub-groups, as printed (no command
    is built to tell the groups)."""
    from typer.core import _click

    commands = {c.name for c in group.table}
    helps = {}
    for name in ["", *(n for n in group.list_commands(None) if n not in commands)]:
        command = group.commands[name] if name else group
        with _click.Context(command, info_name=name or "skyhex") as ctx:
            helps[name] = command.get_help(ctx)
    return helps


def test_a_group_lists_its_commands_as_they_are_built() -> None:
    """The commands are built when used (``cli/lazy.py``): the help of ``skyhex`` and of its
    groups, listing commands not built, is the help that the built commands give."""
    import typer.main

    from skyhex.cli import app

    group = typer.main.get_group(app)
    before = _helps(group)
    assert not group.lazy.made.keys() & {c.name for c in group.table}
    for name in group.list_commands(None):
        command = group.commands[name]
        for sub in getattr(command, "list_commands", lambda _: [])(None):
            assert command.commands[sub].params, f"{name} {sub}: built without its options"
    assert _helps(group) == before
    assert "Commands:\n  board" in before[""] and "generate" in before["map"]


def test_help_loads_no_command_and_no_game_face() -> None:
    """``skyhex --help`` reads each command's docstring, and builds none: no face is
    loaded, no file reader, no schema."""
    loaded = _modules("--help")
    assert not {m for m in loaded if m.startswith(("skyhex.games", "skyhex.schemas"))}
    assert "skyhex.cli.options" not in loaded


def test_a_command_loads_no_other_command() -> None:
    game = str(ROOT / "tests" / "golden" / "four-players.moves.yaml")
    commands = {m for m in _modules("replay", game) if m.startswith("skyhex.cli.")}
    assert commands == {"skyhex.cli.files", "skyhex.cli.lazy", "skyhex.cli.replay",
                        "skyhex.cli.report"}
