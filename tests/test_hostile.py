"""The hostile-input suite (``tests/hostile/``): every input of the corpus, by category, is
answered within 5 s (of processor time; 30 s of wall time), without a traceback, a silent
truncation, a file lost or clobbered, a leaked secret or a raw control character, and every
error is one line, located where the file has a place for it, printed once. CI runs each
malformed document and hostile reference through one of the commands that read it;
``SKYHEX_LONG=1`` through every one of them. ``python -m tests.hostile`` prints the
figures."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .hostile.corpus import CATEGORIES, corpus
from .hostile.harness import Case, judge

CASES = corpus(full=bool(os.environ.get("SKYHEX_LONG")))


def test_every_category_has_inputs() -> None:
    assert {c.category for c in CASES} == set(CATEGORIES)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_hostile_input(case: Case, tmp_path: Path) -> None:
    outcome, found = judge(case, tmp_path)
    assert found == [], (outcome.code, outcome.stderr[-500:])
