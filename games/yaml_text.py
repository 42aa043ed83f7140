"""YAML text written directly for the plain shape of skyhex's documents (a mapping of
scalars and of lists of small mappings), exactly as ``dump_yaml``'s PyYAML settings write it,
without PyYAML's representer (which costs more than generating a map).

``direct_yaml`` answers ``None`` for anything outside the shape it knows to write the same
way (nested blocks, floats, strings PyYAML would quote or fold, lines near the width where
PyYAML breaks them); ``dump_yaml`` then asks PyYAML. Whether a string is written plain is
PyYAML's own decision (its resolver and its scalar analysis), asked once per string.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

WIDTH = 190
"""Lines longer than this are left to PyYAML (it breaks lines past its width of 200)."""

_SIMPLE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._/'()+-]*\Z")
"""The strings considered for plain writing: ASCII, no flow indicator nor comment sign."""


def _plain(text: str) -> bool:
    """Whether PyYAML writes ``text`` plain in block and flow context alike."""
    if not _SIMPLE.match(text) or text.endswith(" ") or ": " in text or " #" in text:
        return False
    import io

    import yaml

    resolver: Any = yaml.resolver.Resolver()
    if resolver.resolve(yaml.ScalarNode, text, (True, False)) != "tag:yaml.org,2002:str":
        return False  # it would read back as a number, a boolean, a date, null...
    analysis = yaml.emitter.Emitter(io.StringIO(), allow_unicode=True).analyze_scalar(text)
    return bool(analysis.allow_flow_plain and analysis.allow_block_plain
                and not analysis.multiline and not analysis.empty)


_PLAIN: dict[str, bool] = {}


def _scalar(value: Any) -> str | None:
    kind = type(value)
    if kind is str:
        plain = _PLAIN.get(value)
        if plain is None:
            plain = _PLAIN[value] = _plain(value) if len(_PLAIN) < 65536 else False
        return value if plain else None
    if kind is int:
        return str(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    return None


def _flow(value: Any) -> str | None:
    """``value`` in flow style (inside ``[...]`` or ``{...}``), or ``None``."""
    kind = type(value)
    plain = _PLAIN  # integers and strings already judged plain are written on the spot
    if kind is dict or (kind is not list and isinstance(value, Mapping)):
        parts = []
        for k, v in value.items():
            if type(k) is not str or (not plain.get(k) and _scalar(k) is None):
                return None
            t = type(v)
            if t is int:
                item: str | None = str(v)
            elif t is str and plain.get(v):
                item = v
            else:
                item = _scalar(v)
                if item is None:
                    item = _flow(v)
                    if item is None:
                        return None
            parts.append(f"{k}: {item}")
        return "{" + ", ".join(parts) + "}"
    if kind is list:
        items = []
        for v in value:
            t = type(v)
            if t is int:
                item = str(v)
            elif t is str and plain.get(v):
                item = v
            else:
                item = _scalar(v)
                if item is None:
                    item = _flow(v)
                    if item is None:
                        return None
            items.append(item)
        return "[" + ", ".join(items) + "]"
    return _scalar(value)


def _is_scalar(value: Any) -> bool:
    kind = type(value)
    if kind is int or kind is str:
        return True
    return not (kind is dict or kind is list or isinstance(value, Mapping))


def direct_yaml(doc: Mapping[str, Any], flow_lists: frozenset[str]) -> str | None:
    """``doc`` as ``dump_yaml`` writes it (items of the ``flow_lists`` keys one per line, in
    flow style), or ``None`` when its shape is not one this writer knows."""
    if all(_is_scalar(v) for v in doc.values()):
        return None  # PyYAML writes such a mapping in flow style, as one line
    lines: list[str] = []
    for key, value in doc.items():
        name = _scalar(key) if type(key) is str else None
        if name is None or (key in flow_lists and not (
                isinstance(value, list) and all(type(v) is dict or isinstance(v, Mapping)
                                                for v in value))):
            return None
        if isinstance(value, list) and value and (
                key in flow_lists or not all(_is_scalar(v) for v in value)):
            # a block sequence: each item in flow style when it holds only scalars (or the
            # key is a flow list), which is PyYAML's choice with default_flow_style=None
            lines.append(f"{name}:")
            for item in value:
                if not (key in flow_lists or (isinstance(item, (Mapping, list))
                        and all(_is_scalar(v) for v in
                                (item.values() if isinstance(item, Mapping) else item)))):
                    return None
                text = _flow(item)
                if text is None:
                    return None
                lines.append(f"- {text}")
        elif isinstance(value, Mapping) and value and not all(_is_scalar(v)
                                                              for v in value.values()):
            return None  # a nested block mapping
        else:
            text = _flow(value)
            if text is None:
                return None
            lines.append(f"{name}: {text}")
    if any(len(line) > WIDTH for line in lines):
        return None
    return "\n".join(lines) + "\n"
