"""The project's promises about itself: the README's commands, CI, schemas, examples and
a fast `skyhex --help`."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from jsonschema import Draft202012Validator

from skyhex.schemas import bundled, names, schema, validator

from .conftest import ROOT, graph_library_after


def quick_start() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", section, re.S)


def test_quick_start_has_two_commands_and_ci_runs_the_second() -> None:
    commands = quick_start()
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    install_and_run, tests = commands
    assert "skyhex map generate" in install_and_run
    assert "pytest" in tests and "[test]" in tests
    assert tests in (ROOT / ".ci" / "run").read_text().splitlines()


def test_schemas_are_valid_draft_2020_12_and_so_are_their_examples() -> None:
    assert set(names()) == {"career", "components", "event", "map", "map-stats", "moves",
                            "scenario", "view"}
    for name in names():
        s = schema(name)
        assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        Draft202012Validator.check_schema(s)
        assert s.get("examples"), name
        for example in s["examples"]:
            assert list(validator(name).iter_errors(example)) == [], name


def test_bundled_schemas_stand_alone() -> None:
    """What `skyhex schema NAME` prints validates without any other schema at hand."""
    for name in names():
        b = bundled(name)
        Draft202012Validator.check_schema(b)
        alone = Draft202012Validator(b)
        for example in b.get("examples", []):
            assert list(alone.iter_errors(example)) == [], name
        json.dumps(b)


def test_help_imports_no_heavy_library() -> None:
    code = (
        "import sys\n"
        "from skyhex.cli import app\n"
        "try:\n"
        "    app(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = ['networkx', 'jsonschema', 'yaml', 'shapely', 'svgwrite']\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_commands_on_valid_files_never_import_the_graph_library(tmp_path: object) -> None:
    """Replaying, listing legal actions, validating a scenario and drawing its board check
    the map (mountain connectivity included) with a plain search: networkx is the graph
    engine of map construction only, and costs a command more than its own work."""
    game = str(ROOT / "tests" / "golden" / "four-players.moves.yaml")
    scenario = str(ROOT / "examples" / "scenarios" / "mid-game.yaml")
    commands = [["replay", game], ["legal", game], ["scenario", "validate", scenario],
                ["board", scenario, "-o", f"{tmp_path}/board.svg"]]
    answers = graph_library_after(commands)
    assert answers == ["0 False"] * len(commands), list(zip(commands, answers, strict=True))


def test_module_version_license_and_changelog() -> None:
    """`python -m skyhex` is the command; `skyhex.__version__` the version it prints; the MIT
    license that pyproject names is in the repository; the changelog follows Keep a
    Changelog with an entry for the version."""
    import skyhex

    out = subprocess.run([sys.executable, "-m", "skyhex", "--version"], capture_output=True,
                         text=True, check=True)
    assert out.stdout == f"skyhex {skyhex.__version__}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", skyhex.__version__)
    assert (ROOT / "LICENSE").read_text().startswith("MIT License\n")
    assert 'license = {text = "MIT"}' in (ROOT / "pyproject.toml").read_text()
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert "Keep a Changelog" in changelog and "## [Unreleased]" in changelog
    assert f"## [{skyhex.__version__}]" in changelog


def test_shell_completion() -> None:
    """Bash completion through the command itself (what --install-completion sets up)."""
    import os
    from pathlib import Path

    command = str(Path(sys.executable).parent / "skyhex")
    env = {**os.environ, "_SKYHEX_COMPLETE": "complete_bash",
           "COMP_WORDS": "skyhex board x --paper ", "COMP_CWORD": "4"}
    out = subprocess.run([command], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["poster", "a4", "letter", "a3"]
    env.update(COMP_WORDS="skyhex sc", COMP_CWORD="1")
    out = subprocess.run([command], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["schema", "scenario"]
