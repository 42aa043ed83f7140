"""Shared fixtures: paths of the test data and the standard component set."""

from __future__ import annotations

from pathlib import Path

import pytest
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


_runner = CliRunner()


def run(*args: str, input: str | None = None) -> Result:
    """``skyhex ARGS`` through Typer's runner: stdout and stderr apart; an unexpected
    exception is raised, and no output may hold a traceback."""
    result = _runner.invoke(app, list(args), input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.stdout + result.stderr
    return result
