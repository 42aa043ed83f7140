"""Fixtures of Thistledown's tests."""

from __future__ import annotations

import pytest

from thistledown.meadow import Meadow, generate_meadow


@pytest.fixture
def meadow() -> Meadow:
    """A generated meadow of radius 4."""
    return generate_meadow(5)
