"""The project's promises about itself: the README's commands, CI, schemas, examples and
a fast `skyhex --help`."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from jsonschema import Draft202012Validator

from skyhex.schemas import bundled, names, schema, validator

from .conftest import ROOT


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
    assert set(names()) == {"components", "event", "map", "map-stats", "moves", "scenario",
                            "view"}
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
