"""Text from files made safe to show: control characters escaped for the terminal, and short
excerpts of values for messages.

A name or a title read from a file may hold anything: an escape sequence that retitles the
terminal or clears the screen, a newline that forges a report line, a bidirectional override
that reorders what is shown, bytes that are not UTF-8 (file names decoded with
``surrogateescape``). ``escape`` shows them as ``\\x1b``, ``\\n``, ``\\u202e``, ``\\xff``;
``excerpt`` quotes a value in at most a few dozen characters. Every text output of skyhex
goes through them (JSON, YAML and SVG have their own escaping).
"""

from __future__ import annotations

import re
from typing import Any

EXCERPT = 40
"""Characters of a value quoted in a message, at most (quotes and ``...`` included)."""

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
                     "\ud800-\udfff]")
_UNSAFE_MULTILINE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029"
                               "\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _shown(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}"


def escape(text: str, *, lines: bool = False) -> str:
    """``text`` with every control character shown as an escape (``\\x1b``, ``\\n``, ...), so
    that it prints as one line and cannot drive the terminal; ``lines=True`` keeps newlines
    and tabs (a multi-line text whose lines were made safe)."""
    pattern = _UNSAFE_MULTILINE if lines else _UNSAFE
    return pattern.sub(_shown, text)


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """``value`` quoted for a message: a string in quotes, escaped, cut to ``limit``
    characters with ``...``; any other value as its short ``repr``."""
    if isinstance(value, str):
        shown = "'" + escape(value[: limit * 2]).replace("'", "\\'") + "'"
        if len(shown) > limit or len(value) > limit * 2:
            shown = shown[: max(limit - 4, 1)] + "...'"
        return shown
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if abs(value) < 10 ** (limit - 1):
            return str(value)
        return f"an integer of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits"
    text = escape(repr(value))
    return text if len(text) <= limit else text[: limit - 3] + "..."


def escaped(value: Any) -> Any:
    """``value`` (events, figures: JSON-like data) with every string in it, keys too,
    passed through ``escape``: ready for a text rendering that inserts them as they are."""
    if isinstance(value, str):
        return escape(value)
    if isinstance(value, dict):
        return {escaped(k): escaped(v) for k, v in value.items()}
    if isinstance(value, list):
        return [escaped(v) for v in value]
    if isinstance(value, tuple):
        return tuple(escaped(v) for v in value)
    return value
