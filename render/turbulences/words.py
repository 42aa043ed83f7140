"""Small wordings the Turbulences text account shares between its modules: a hex and a list
of ids as the account writes them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def hex_text(h: list[int] | None) -> str:
    return f"({h[0]},{h[1]})" if h else "-"


def ids_text(ids: Iterable[Any], empty: str = "") -> str:
    """The ids joined by commas; ``empty`` when there are none."""
    return ", ".join(str(i) for i in ids) or empty
