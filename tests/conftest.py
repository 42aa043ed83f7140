"""Shared fixtures: paths of the test data and the standard component set."""

from __future__ import annotations

from pathlib import Path

import pytest

from skyhex.rules.paragliders.components import ComponentSet, standard_set

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="session")
def standard() -> ComponentSet:
    return standard_set()
