"""Reading YAML and JSON documents safely, remembering where every value was written.

Files are decoded as UTF-8 and composed with PyYAML's safe composer (JSON is read the same
way, being YAML too). Only the core tags are accepted; aliases may be used, but the total
size a document expands to is bounded, as are its depth and the file size, so that an alias
bomb or a huge file fails fast. Times such as ``12:00`` stay strings (YAML 1.1 would read a
base-60 number) and duplicate keys are errors. Every problem becomes a ``FileProblem`` with
``file:line:col``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from skyhex.rules.errors import Path, Problem, SkyhexError, format_path

MAX_BYTES = 8 * 1024 * 1024
MAX_NODES = 100_000
MAX_DEPTH = 64


@dataclass(frozen=True)
class FileProblem:
    """One problem in one file, located by line and column (1-based) where known."""

    file: str
    message: str
    line: int | None = None
    column: int | None = None
    path: Path | None = None
    rule: str = "input"
    hint: str | None = None
    severity: str = "error"

    def format(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}:{self.column or 1}"
        text = f"{where}: {self.severity}: {self.message}"
        if self.hint:
            text += f" (hint: {self.hint})"
        if self.path:
            text += f" [{format_path(self.path)}]"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file, "line": self.line, "column": self.column,
            "path": format_path(self.path) if self.path is not None else None,
            "message": self.message, "rule": self.rule, "hint": self.hint,
            "severity": self.severity,
        }


class DocumentError(SkyhexError):
    """A document could not be read or is invalid; ``problems`` lists every problem found."""

    def __init__(self, problems: Iterable[FileProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(p.format() for p in self.problems))


@dataclass
class Document:
    """Parsed data with the position of every value (and of every mapping key)."""

    name: str
    data: Any
    positions: dict[Path, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[Path, tuple[int, int]] = field(default_factory=dict)

    def locate(self, path: Path, *, key: bool = False) -> tuple[int, int] | tuple[None, None]:
        """Line and column of the value at ``path`` (of its key with ``key=True``), or of
        the nearest enclosing value that exists."""
        if key and path in self.key_positions:
            return self.key_positions[path]
        for n in range(len(path), -1, -1):
            pos = self.positions.get(path[:n])
            if pos is not None:
                return pos
        return (None, None)

    def problem(self, problem: Problem, *, key: bool = False) -> FileProblem:
        line, column = self.locate(problem.path, key=key)
        return FileProblem(self.name, problem.message, line, column, problem.path,
                           problem.rule, problem.hint)

    def problems(self, problems: Iterable[Problem]) -> list[FileProblem]:
        return [self.problem(p) for p in problems]


def display_name(path: str) -> str:
    return "<stdin>" if path == "-" else path


def read_bytes(path: str, *, limit: int = MAX_BYTES) -> bytes:
    """The file's bytes (``-``: standard input), refusing files larger than ``limit``."""
    name = display_name(path)
    try:
        if path == "-":
            data = _stdin(limit)
        else:
            size = os.stat(path).st_size
            if size > limit:
                raise DocumentError([FileProblem(
                    name, f"file is {size:,} bytes, more than the {limit:,}-byte limit",
                    rule="file.too-large")])
            with open(path, "rb") as f:
                data = f.read(limit + 1)
    except FileNotFoundError:
        raise DocumentError([FileProblem(name, "no such file", rule="file.missing")]) from None
    except IsADirectoryError:
        raise DocumentError([FileProblem(name, "is a directory, not a file",
                                         rule="file.unreadable")]) from None
    except PermissionError:
        raise DocumentError([FileProblem(name, "permission denied",
                                         rule="file.unreadable")]) from None
    except OSError as e:
        raise DocumentError([FileProblem(name, f"cannot read: {e.strerror or e}",
                                         rule="file.unreadable")]) from None
    if len(data) > limit:
        raise DocumentError([FileProblem(name, f"input is more than the {limit:,}-byte limit",
                                         rule="file.too-large")])
    return data


_STDIN: list[tuple[object, bytes]] = []


def _stdin(limit: int) -> bytes:
    """Standard input, read once: a command that looks at a document before loading it
    (to tell its kind) gets the same bytes again."""
    if _STDIN and _STDIN[0][0] is sys.stdin:
        return _STDIN[0][1]
    data: bytes = sys.stdin.buffer.read(limit + 1)
    _STDIN[:] = [(sys.stdin, data)]
    return data


def decode(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise DocumentError([FileProblem(
            name, f"not a UTF-8 text file (byte 0x{data[e.start]:02x} at offset {e.start})",
            line, column, rule="file.encoding")]) from None


def load(path: str) -> Document:
    """Read and parse a YAML or JSON file (``-``: standard input)."""
    name = display_name(path)
    return parse(decode(read_bytes(path), name), name)


_STR = "tag:yaml.org,2002:str"
_SCALAR_TAGS = {
    _STR, "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_MERGE = "tag:yaml.org,2002:merge"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"


def parse(text: str, name: str) -> Document:
    """Parse YAML (or JSON) text into a ``Document``; ``DocumentError`` on any problem."""
    import yaml
    from yaml.constructor import SafeConstructor

    loader_cls = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        root = yaml.compose(text, Loader=loader_cls)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        message = str(e.problem or "invalid YAML")
        if e.context:
            where = ""
            cm = e.context_mark
            if cm is not None and mark is not None and (cm.line, cm.column) != (mark.line, mark.column):
                where = f" (line {cm.line + 1}, column {cm.column + 1})"
            message = f"{e.context}{where}: {message}"
        if mark is not None and _char_at(text, mark.line, mark.column) == "\t":
            message += " (a tab: YAML indents with spaces only)"
        raise DocumentError([FileProblem(
            name, f"YAML syntax: {message}",
            mark.line + 1 if mark else None, mark.column + 1 if mark else None,
            rule="file.syntax")]) from None
    except yaml.YAMLError as e:
        raise DocumentError([FileProblem(name, f"YAML syntax: {e}", rule="file.syntax")]) from None
    if root is None:
        raise DocumentError([FileProblem(name, "the file is empty", 1, 1, rule="file.empty")])

    doc = Document(name, None)
    constructor = SafeConstructor()
    budget = [MAX_NODES]

    def fail(node: yaml.Node, message: str, rule: str = "file.syntax") -> DocumentError:
        m = node.start_mark
        return DocumentError([FileProblem(name, message, m.line + 1, m.column + 1, rule=rule)])

    def build(node: yaml.Node, path: Path, depth: int) -> Any:
        budget[0] -= 1
        if budget[0] < 0:
            raise fail(node, f"the document expands to more than {MAX_NODES:,} values "
                       "(too many aliases?)", "file.too-large")
        if depth > MAX_DEPTH:
            raise fail(node, f"the document nests deeper than {MAX_DEPTH} levels",
                       "file.too-large")
        doc.positions[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, yaml.ScalarNode):
            tag = node.tag
            if tag in (_STR, _TIMESTAMP):
                return node.value
            if tag not in _SCALAR_TAGS:
                raise fail(node, f"the tag {tag} is not allowed here")
            if ":" in node.value and tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float"):
                return node.value  # a time such as 12:00, not a base-60 number
            return constructor.construct_object(node)
        if isinstance(node, yaml.SequenceNode):
            if node.tag != _SEQ:
                raise fail(node, f"the tag {node.tag} is not allowed here")
            return [build(item, (*path, i), depth + 1) for i, item in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            if node.tag != _MAP:
                raise fail(node, f"the tag {node.tag} is not allowed here")
            out: dict[str, Any] = {}
            merged: dict[str, Any] = {}
            for key_node, value_node in node.value:
                if key_node.tag == _MERGE:
                    source = build(value_node, (*path, "<<"), depth + 1)
                    for k, v in _merge_sources(source, value_node, fail):
                        merged.setdefault(k, v)
                    continue
                if not isinstance(key_node, yaml.ScalarNode):
                    raise fail(key_node, "mapping keys must be plain scalars")
                key = key_node.value
                if key in out:
                    raise fail(key_node, f"duplicate key {key!r}", "file.duplicate-key")
                kpath = (*path, key)
                doc.key_positions[kpath] = (key_node.start_mark.line + 1,
                                            key_node.start_mark.column + 1)
                out[key] = build(value_node, kpath, depth + 1)
            for k, v in merged.items():
                out.setdefault(k, v)
            return out
        raise fail(node, "unsupported YAML node")  # pragma: no cover - composer yields 3 kinds

    try:
        doc.data = build(root, (), 0)
    except RecursionError:
        raise fail(root, "the document nests too deeply", "file.too-large") from None
    except yaml.YAMLError as e:
        raise fail(root, f"YAML: {e}") from None
    return doc


def _char_at(text: str, line: int, column: int) -> str:
    lines = text.split("\n")
    return lines[line][column:column + 1] if line < len(lines) else ""


def _merge_sources(value: Any, node: Any, fail: Any) -> Iterator[tuple[str, Any]]:
    sources = value if isinstance(value, list) else [value]
    for source in sources:
        if not isinstance(source, dict):
            raise fail(node, "a merge key (<<) takes a mapping or a list of mappings")
        yield from source.items()


# --- schema validation with friendly messages ---------------------------------------------


def schema_problems(document: Document, schema_name: str) -> list[FileProblem]:
    """Every schema violation of the document, located and worded for people."""
    from skyhex.schemas import validator

    out: list[tuple[tuple[int, int], FileProblem]] = []
    for error in validator(schema_name).iter_errors(document.data):
        path: Path = tuple(error.absolute_path)
        message = _message(error)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            schema = error.schema if isinstance(error.schema, Mapping) else {}
            allowed = set(schema.get("properties", {}))
            for extra in sorted(k for k in error.instance if k not in allowed):
                kpath = (*path, extra)
                line, column = document.locate(kpath, key=True)
                hint = _did_you_mean(extra, allowed)
                out.append(((line or 0, column or 0), FileProblem(
                    document.name, f"unknown key {extra!r}" + (f" (did you mean {hint!r}?)" if hint else ""),
                    line, column, kpath, "schema.unknown-key")))
            continue
        line, column = document.locate(path)
        out.append(((line or 0, column or 0), FileProblem(
            document.name, message, line, column, path, f"schema.{error.validator}")))
    out.sort(key=lambda item: item[0])
    return [p for _, p in out]


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_TYPE_NAMES = {
    "integer": "an integer", "number": "a number", "string": "a string", "boolean": "true or false",
    "object": "a mapping", "array": "a list", "null": "null",
}


def _message(error: Any) -> str:
    custom = error.schema.get("x-messages", {}) if isinstance(error.schema, Mapping) else {}
    if error.validator in custom:
        return str(custom[error.validator])
    v, instance, arg = error.validator, error.instance, error.validator_value
    if v == "type":
        types = arg if isinstance(arg, list) else [arg]
        wanted = " or ".join(_TYPE_NAMES.get(str(t), str(t)) for t in types)
        return f"expected {wanted}, not {_describe(instance)}"
    if v == "enum":
        return f"{_describe(instance)} is not one of {', '.join(str(a) for a in arg)}"
    if v == "const":
        return f"expected {arg!r}, not {_describe(instance)}"
    if v == "required":
        missing = [k for k in arg if isinstance(instance, dict) and k not in instance]
        return "missing required key " + ", ".join(repr(k) for k in missing)
    if v in ("minItems", "maxItems"):
        return f"expected {'at least' if v == 'minItems' else 'at most'} {arg} items, " \
               f"not {len(instance)}"
    if v == "minimum":
        return f"{_describe(instance)} is below the minimum {arg}"
    if v == "maximum":
        return f"{_describe(instance)} is above the maximum {arg}"
    if v == "pattern":
        return f"{_describe(instance)} does not match the pattern {arg}"
    return str(error.message)


def _did_you_mean(word: str, options: set[str]) -> str | None:
    import difflib

    match = difflib.get_close_matches(word, sorted(options), n=1, cutoff=0.6)
    return match[0] if match else None
