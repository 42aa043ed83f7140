"""Shared fixtures: paths of the test data and the standard component set."""

from __future__ import annotations

import functools
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
import typer.main
import typer.testing
from hypothesis import HealthCheck, settings
from typer.testing import CliRunner, Result

from skyhex.cli import app
from skyhex.rules.paragliders.components import ComponentSet, standard_set

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"

# Speed is measured by the benchmarks, not by the tests: on a loaded machine a property
# test's example may take longer than hypothesis's default deadline without being wrong.
settings.register_profile("skyhex", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("skyhex")


@pytest.fixture(scope="session")
def standard() -> ComponentSet:
    return standard_set()


# Typer turns the application into its click command anew at every call, evaluating every
# command's annotations: more than half the processor time of a quick command run in this
# process. The command is built once here, for the test runner and for ``skyhex.cli.main``
# called in-process (the hostile-input harness); a command line process builds it once
# anyway. (``patch.object`` fails loudly should Typer rename what it calls.)
_build = functools.cache(typer.main.get_command)
mock.patch.object(typer.main, "get_command", _build).start()
mock.patch.object(typer.testing, "_get_command", _build).start()

_runner = CliRunner()


def run(*args: str, input: str | None = None) -> Result:
    """``skyhex ARGS`` through Typer's runner: stdout and stderr apart; an unexpected
    exception is raised, and no output may hold a traceback."""
    result = _runner.invoke(app, list(args), input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.stdout + result.stderr
    return result


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh folder made the working directory: the files a test writes there may name
    each other (references stay inside the working directory unless the command is told
    otherwise)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def example_scenarios() -> list[Path]:
    """The example scenario files: the project's (``examples/scenarios``), then those of its
    example plugins (``examples/*/scenarios``) whose game is installed."""
    import yaml

    from skyhex.rules import games as registry

    own = sorted((ROOT / "examples" / "scenarios").glob("*.yaml"))
    plugins = [p for p in sorted(ROOT.glob("examples/*/scenarios/*.yaml"))
               if registry.is_game(yaml.safe_load(p.read_text("utf-8")).get("game"))]
    return own + plugins


def copy_into(folder: Path, *files: Path) -> list[str]:
    """Copy ``files`` into ``folder`` (for a document there to name them); their names."""
    for f in files:
        (folder / f.name).write_bytes(f.read_bytes())
    return [f.name for f in files]


def ref(target: Path, folder: Path) -> str:
    """How a file in ``folder`` names ``target``: relative to itself (references resolve
    there, and must stay inside the working directory: the repository in the tests)."""
    return os.path.relpath(target, folder)


def mirror(folder: Path, *files: Path) -> None:
    """Copy files of the repository into ``folder`` at the same places (their references to
    each other hold there)."""
    for f in files:
        target = folder / f.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(f.read_bytes())


CHROMIUM = (os.environ.get("SKYHEX_CHROMIUM") or shutil.which("chromium")
            or shutil.which("chromium-browser"))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""What Chromium needs on a closed machine, run as root (no sandbox, no background
connections)."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium for the tests of pages (a failure in CI, which installs it)."""
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("no chromium: .ci/run installs Debian's chromium package")
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        found = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield found
        found.close()


def graph_library_after(commands: list[list[str]]) -> list[str]:
    """Run ``commands`` (``skyhex`` arguments) in turn in one fresh interpreter (a module once
    imported stays): after each, its exit code and whether networkx has been imported so
    far, as ``"CODE BOOL"`` lines."""
    import json
    import subprocess
    import sys

    code = (
        "import contextlib, io, json, sys\n"
        "from skyhex.cli import main\n"
        "for args in json.loads(sys.argv[1]):\n"
        "    sys.argv = ['skyhex', *args]\n"
        "    code = 0\n"
        "    with contextlib.redirect_stdout(io.StringIO()):\n"
        "        try:\n"
        "            main()\n"
        "        except SystemExit as e:\n"
        "            code = e.code\n"
        "    print(code, 'networkx' in sys.modules, file=sys.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", code, json.dumps(commands)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    answers = [line for line in out.stderr.splitlines()  # besides what commands report
               if line.endswith((" True", " False")) and line.split()[0].lstrip("-").isdigit()]
    return answers[-len(commands):]
