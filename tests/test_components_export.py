"""`skyhex components export`: the standard set as a file to edit, which the tools read as
--components exactly as they read the standard set."""

from __future__ import annotations

from pathlib import Path

from .conftest import run


def test_the_exported_set_is_the_standard_set(tmp_path: Path) -> None:
    out = tmp_path / "set.yaml"
    r = run("components", "export", "-o", str(out))
    assert r.exit_code == 0 and r.stdout == ""
    assert (tmp_path / "components.schema.json").is_file()  # the schema its first line names
    text = out.read_text()
    assert text.startswith("# yaml-language-server: $schema=components.schema.json\n")
    standard = run("map", "generate", "--seed", "5")
    own = run("map", "generate", "--seed", "5", "--components", str(out))
    assert own.exit_code == 0 and own.stdout == standard.stdout  # the same set, the same map
    # Edited, it is what the tools use.
    edited = tmp_path / "edited.yaml"
    edited.write_text(text.replace("id: standard", "id: my-set", 1))
    r = run("map", "generate", "--seed", "5", "--components", str(edited))
    assert r.exit_code == 0 and "my-set" in r.stdout


def test_balloons_and_games_without_sets() -> None:
    r = run("components", "export", "--game", "balloons")
    assert r.exit_code == 0 and "Balmy Balloonists" in r.stdout
    r = run("components", "export", "--game", "turbulences")
    assert r.exit_code == 1 and "turbulences has no component sets to export" in r.stderr


def test_a_missing_set_says_how_to_make_one(workdir: Path) -> None:
    """``--components my-box.yaml`` before the file exists: one located line whose hint is
    the command that writes the set to edit, for the game asked for; following it works."""
    for args, game in ((("map", "generate"), "paragliders"),
                       (("map", "generate", "--game", "balloons"), "balloons")):
        r = run(*args, "--components", "my-box.yaml", "-o", "m.yaml")
        assert r.exit_code == 1 and r.stdout == ""
        assert r.stderr == ("my-box.yaml: error: no such file (hint: write the standard set to "
                            f"edit with: skyhex components export --game {game} -o "
                            "my-box.yaml)\n")
        assert not (workdir / "m.yaml").exists()
    assert run("components", "export", "--game", "paragliders", "-o", "my-box.yaml"
               ).exit_code == 0
    assert run("map", "generate", "--components", "my-box.yaml", "-o", "m.yaml").exit_code == 0
