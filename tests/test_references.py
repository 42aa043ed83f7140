"""The reference policy (docs/security.md): a reference is relative to the file that makes it
and stays inside the working directory (symlinks resolved) unless --allow-outside-refs; only
regular files are read; a referenced file that is not a document of the kind expected is
reported at the reference without a word of its content."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from skyhex.games import load_game, load_scenario
from skyhex.games.documents import ReferenceRefused, References
from skyhex.schemas.documents import DocumentError

from .conftest import ROOT, copy_into, run

SECRET = "API_TOKEN=sk-live-do-not-show"
MAP = ROOT / "examples" / "maps" / "mapgen1-seed-7.yaml"
SCENARIO = (ROOT / "examples" / "scenarios" / "two-players.yaml").read_text()


def scenario_naming(folder: Path, reference: str, name: str = "s.yaml") -> Path:
    path = folder / name
    path.write_text(SCENARIO.replace("../maps/mapgen1-seed-7.yaml", json.dumps(reference)))
    return path


@pytest.fixture
def game_folder(workdir: Path) -> Path:
    """The working directory, holding the map, with a secret beside it and one above."""
    copy_into(workdir, MAP)
    (workdir / "secret.env").write_text(SECRET + "\n")
    (workdir.parent / f"{workdir.name}-secret.env").write_text(SECRET + "\n")
    return workdir


def test_a_reference_beside_or_below_is_followed(game_folder: Path) -> None:
    (game_folder / "maps").mkdir()
    copy_into(game_folder / "maps", MAP)
    assert run("scenario", "validate", str(scenario_naming(game_folder, MAP.name))).exit_code == 0
    deep = game_folder / "maps" / "s.yaml"
    deep.write_text(SCENARIO)  # ../maps/mapgen1-seed-7.yaml from maps/: inside
    assert run("scenario", "validate", str(deep)).exit_code == 0


@pytest.mark.parametrize(("reference", "why"), [
    ("../{parent}-secret.env", "leads outside the working directory"),
    ("{folder}/secret.env", "is an absolute path"),
    ("/proc/self/environ", "names a device or a process's file"),
    ("/dev/stdin", "names a device or a process's file"),
    ("-", "standard input cannot be named in a file"),
])
def test_outside_absolute_and_special_references_are_refused_at_the_reference(
        game_folder: Path, reference: str, why: str) -> None:
    reference = reference.format(parent=game_folder.name, folder=game_folder)
    path = scenario_naming(game_folder, reference)
    r = run("scenario", "validate", str(path))
    assert r.exit_code == 1
    first = r.stdout.splitlines()[0]
    assert first.startswith(f"{path}:11:6: error: map file ") and why in first
    assert first.endswith("[file.reference]") and "sk-live" not in r.stdout + r.stderr


def test_a_symlink_out_of_the_working_directory_is_refused(game_folder: Path) -> None:
    os.symlink(game_folder.parent / f"{game_folder.name}-secret.env", game_folder / "link.yaml")
    r = run("scenario", "validate", str(scenario_naming(game_folder, "link.yaml")))
    assert r.exit_code == 1 and "leads outside the working directory" in r.stdout


def test_the_option_follows_outside_references_but_still_reads_only_documents(
        game_folder: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    copy_into(elsewhere, MAP)
    path = scenario_naming(game_folder, str(elsewhere / MAP.name))
    assert run("scenario", "validate", str(path)).exit_code == 1
    assert run("scenario", "validate", "--allow-outside-refs", str(path)).exit_code == 0
    secret = scenario_naming(game_folder, f"../{game_folder.name}-secret.env")
    r = run("scenario", "validate", "--allow-outside-refs", str(secret))
    assert r.exit_code == 1 and "is not a skyhex map file (it does not say format: skyhex.map/1)" in r.stdout
    assert "sk-live" not in r.stdout + r.stderr
    devices = scenario_naming(game_folder, "/dev/zero")
    r = run("scenario", "validate", "--allow-outside-refs", str(devices))
    assert r.exit_code == 1 and "names a device" in r.stdout


def test_a_file_that_is_not_a_document_is_not_quoted(game_folder: Path) -> None:
    r = run("scenario", "validate", str(scenario_naming(game_folder, "secret.env")))
    assert r.exit_code == 1 and "sk-live" not in r.stdout + r.stderr
    assert "map file 'secret.env': is not a skyhex map file" in r.stdout


def test_a_fifo_is_refused_without_waiting(game_folder: Path) -> None:
    os.mkfifo(game_folder / "pipe.yaml")
    r = run("scenario", "validate", str(scenario_naming(game_folder, "pipe.yaml")))
    assert r.exit_code == 1 and "is a FIFO (named pipe), not a regular file" in r.stdout


def test_a_document_of_the_kind_with_errors_is_reported_in_itself(game_folder: Path) -> None:
    (game_folder / "broken.yaml").write_text("format: skyhex.map/1\nhexes: [1, 2\n")
    r = run("scenario", "validate", str(scenario_naming(game_folder, "broken.yaml")))
    assert r.exit_code == 1
    assert r.stdout.startswith(f"{game_folder / 'broken.yaml'}:3:1: error: YAML syntax")


def test_moves_files_name_their_scenario_by_the_same_policy(game_folder: Path) -> None:
    scenario_naming(game_folder, MAP.name)
    moves = game_folder / "g.moves.yaml"
    moves.write_text("format: skyhex.moves/1\nscenario: ../outside.yaml\nmoves: []\n")
    r = run("replay", str(moves))
    assert r.exit_code == 1 and r.stderr.startswith(f"{moves}:2:11: error: scenario file "
                                                    "'../outside.yaml': leads outside")
    moves.write_text("format: skyhex.moves/1\nscenario: s.yaml\nmoves: []\n")
    assert run("replay", str(moves)).exit_code == 0


def test_the_library_takes_the_policy(game_folder: Path,
                                      tmp_path_factory: pytest.TempPathFactory) -> None:
    elsewhere = tmp_path_factory.mktemp("lib")
    copy_into(elsewhere, MAP)
    path = str(scenario_naming(game_folder, str(elsewhere / MAP.name)))
    with pytest.raises(DocumentError):
        load_scenario(path)
    assert load_scenario(path, References(outside=True))[1].map.hexes
    assert load_game(None, path, refs=References(outside=True)).scenario.players
    # a root of one's own: the folder above the working directory
    relative = str(scenario_naming(game_folder, f"../{elsewhere.name}/{MAP.name}", "r.yaml"))
    with pytest.raises(DocumentError):
        load_scenario(relative)
    assert load_scenario(relative, References(root=str(game_folder.parent)))[1].map.hexes


def test_resolve() -> None:
    refs = References(root="/srv/games")
    assert refs.resolve("/srv/games/a/s.yaml", "m.yaml") == "/srv/games/a/m.yaml"
    assert refs.resolve("/srv/games/a/s.yaml", "../b/m.yaml") == "/srv/games/b/m.yaml"
    for written in ("../../etc/passwd", "/srv/games/a/m.yaml", "-", "a\0b", "/dev/fd/0"):
        with pytest.raises(ReferenceRefused):
            refs.resolve("/srv/games/a/s.yaml", written)
