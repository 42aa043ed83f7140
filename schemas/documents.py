"""Reading YAML and JSON documents safely, remembering where every value was written.

Files are decoded as UTF-8 and composed with PyYAML's safe composer. A JSON document (text
that opens with ``{`` or ``[``) is read by the ``json`` module, with the same bounds, and its
positions are recovered through the composer only when a mistake must be located. Only the
core tags are accepted; aliases may be used, but the total
size a document expands to is bounded, as are its depth and the file size, so that an alias
bomb or a huge file fails fast. Times such as ``12:00`` stay strings (YAML 1.1 would read a
base-60 number) and duplicate keys are errors. Every problem becomes a ``FileProblem`` with
``file:line:col``.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from skyhex.rules.errors import Path, Problem, SkyhexError, format_path
from skyhex.rules.text import escape, excerpt

MAX_BYTES = 8 * 1024 * 1024
MAX_NODES = 100_000
MAX_DEPTH = 64
MAX_DIGITS = 100
"""Digits of an integer in a document, at most (Python refuses more than 4,300)."""


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
        """The problem as one line, ``file:line:col: error: message (hint: ...) [$.path]``,
        every character that could drive a terminal escaped."""
        where = self.file
        if self.line is not None:
            where += f":{self.line}:{self.column or 1}"
        text = f"{where}: {self.severity}: {self.message}"
        if self.hint:
            text += f" (hint: {self.hint})"
        if self.path:
            text += f" [{_shown_path(self.path)}]"
        return escape(text)

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file, "line": self.line, "column": self.column,
            "path": _shown_path(self.path) if self.path is not None else None,
            "message": self.message, "rule": self.rule, "hint": self.hint,
            "severity": self.severity,
        }


def _shown_path(path: Path) -> str:
    """A JSON path for a message, its keys (written by the user) cut short."""
    return format_path(tuple(p if isinstance(p, int) or len(p) <= 40 else p[:37] + "..."
                             for p in path))


class DocumentError(SkyhexError):
    """A document could not be read or is invalid; ``problems`` lists every problem found."""

    def __init__(self, problems: Iterable[FileProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(p.format() for p in self.problems))


@dataclass
class Document:
    """Parsed data with the position of every value (and of every mapping key). A JSON
    document keeps its ``source`` instead until a position is asked for."""

    name: str
    data: Any
    positions: dict[Path, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[Path, tuple[int, int]] = field(default_factory=dict)
    source: str | None = None

    def locate(self, path: Path, *, key: bool = False) -> tuple[int, int] | tuple[None, None]:
        """Line and column of the value at ``path`` (of its key with ``key=True``), or of
        the nearest enclosing value that exists."""
        if self.source is not None:
            self._recover_positions()
        if key and path in self.key_positions:
            return self.key_positions[path]
        for n in range(len(path), -1, -1):
            pos = self.positions.get(path[:n])
            if pos is not None:
                return pos
        return (None, None)

    def _recover_positions(self) -> None:
        """The positions of a JSON document (whose data stays json's)."""
        source, self.source = self.source, None
        self.positions, self.key_positions = _json_positions(source or "")

    def problem(self, problem: Problem, *, key: bool = False) -> FileProblem:
        line, column = self.locate(problem.path, key=key)
        return FileProblem(self.name, problem.message, line, column, problem.path,
                           problem.rule, problem.hint)

    def problems(self, problems: Iterable[Problem]) -> list[FileProblem]:
        return [self.problem(p) for p in problems]


def display_name(path: str) -> str:
    """How a path is shown: ``<stdin>`` for ``-``, and every other name escaped (a file name
    may hold control characters or bytes that are not UTF-8)."""
    return "<stdin>" if path == "-" else escape(path)


_OPENED: dict[tuple[int, int], str] = {}


def opened_files() -> dict[tuple[int, int], str]:
    """The files read so far (``read_bytes``), by (device, inode): a command refuses to write
    its output over one of its own inputs."""
    return dict(_OPENED)


def forget_opened_files() -> None:
    """Start a new command: no file read yet."""
    _OPENED.clear()


def read_bytes(path: str, *, limit: int = MAX_BYTES, reference: bool = False) -> bytes:
    """The file's bytes (``-``: standard input), refusing files larger than ``limit``.

    ``reference``: the path was written in another file, so only a regular file is read: a
    FIFO, a device, a directory or standard input is refused before anything is read (a
    FIFO or a terminal would wait forever; ``/dev/zero`` never ends). A file named on the
    command line may be a pipe (``<(cmd)``, ``/dev/stdin``): the user asked for it."""
    name = display_name(path)

    def refuse(message: str, rule: str = "file.unreadable") -> DocumentError:
        return DocumentError([FileProblem(name, message, rule=rule)])

    if path == "-":
        if reference:
            raise refuse("standard input cannot be named in a file")
        return _bounded(_stdin(limit), name, limit)
    if "\0" in path:
        raise refuse("the file name holds a NUL character")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise refuse("no such file", "file.missing") from None
    except IsADirectoryError:
        raise refuse("is a directory, not a file") from None
    except PermissionError:
        raise refuse("permission denied") from None
    except (OSError, ValueError) as e:
        raise refuse(f"cannot read: {_reason(e)}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise refuse("is a directory, not a file")
        regular = stat.S_ISREG(info.st_mode)
        if not regular and reference:
            raise refuse(f"is {_kind(info.st_mode)}, not a regular file: only files are read")
        if regular and info.st_size > limit:
            raise refuse(f"file is {info.st_size:,} bytes, more than the {limit:,}-byte limit",
                         "file.too-large")
        if not regular and hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)  # a pipe named on the command line: wait for it
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise refuse(f"cannot read: {_reason(e)}") from None
    finally:
        os.close(fd)
    if regular:
        _OPENED[(info.st_dev, info.st_ino)] = path
    return _bounded(b"".join(chunks), name, limit)


def _bounded(data: bytes, name: str, limit: int) -> bytes:
    if len(data) > limit:
        raise DocumentError([FileProblem(name, f"input is more than the {limit:,}-byte limit",
                                         rule="file.too-large")])
    return data


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return escape(str(error))


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


_STDIN: list[tuple[object, bytes]] = []


def _stdin(limit: int) -> bytes:
    """Standard input, read once: a command that looks at a document before loading it
    (to tell its kind) gets the same bytes again."""
    if _STDIN and _STDIN[0][0] is sys.stdin:
        return _STDIN[0][1]
    try:
        data: bytes = sys.stdin.buffer.read(limit + 1)
    except OSError as e:
        raise DocumentError([FileProblem("<stdin>", f"cannot read: {_reason(e)}",
                                         rule="file.unreadable")]) from None
    _STDIN[:] = [(sys.stdin, data)]
    try:  # a file behind standard input (< m.yaml) is an input like any other
        info = os.fstat(sys.stdin.fileno())
    except (OSError, ValueError, AttributeError):
        return data
    if stat.S_ISREG(info.st_mode):
        _OPENED[(info.st_dev, info.st_ino)] = "-"
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


def declares(data: bytes, format_key: str) -> bool:
    """Whether the raw bytes of a file declare ``format: FORMAT_KEY`` (in YAML or JSON
    spelling): a file that does is a document of that kind, even when it does not parse."""
    pattern = rb"[\"']?format[\"']?[ \t]*:[ \t]*[\"']?" + re.escape(format_key.encode()) \
        + rb"[\"']?[ \t]*[,}\r\n]"
    return re.search(pattern, data + b"\n") is not None


_STR = "tag:yaml.org,2002:str"
_SCALAR_TAGS = {
    _STR, "tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
_MERGE = "tag:yaml.org,2002:merge"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"


def parse(text: str, name: str, *, json_first: bool = True) -> Document:
    """Parse YAML (or JSON) text into a ``Document``; ``DocumentError`` on any problem.

    The document is built from the parser's events as they come, so that a limit (values,
    depth, alias expansion) stops a huge or hostile document at once, before the rest of it
    is even parsed. JSON text is read by ``json`` when it is within the limits; anything
    json refuses or the limits stop goes through the composer, which locates it."""
    if json_first and text.lstrip(" \t\r\n\ufeff")[:1] in ("{", "["):
        data = _json(text)
        if data is not _NOT_JSON:
            return Document(name, data, source=text)
    import yaml

    loader_cls = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    builder = _Builder(Document(name, None))
    try:
        for event in yaml.parse(text, Loader=loader_cls):
            builder.feed(event)
    except UnicodeError:
        raise DocumentError([FileProblem(name, "not a UTF-8 text", rule="file.encoding")]) \
            from None
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
    except yaml.reader.ReaderError as e:
        position = e.position
        if loader_cls is not yaml.SafeLoader:  # libyaml counts bytes, PyYAML characters
            position = len(text.encode("utf-8", "surrogatepass")[:position].decode(
                "utf-8", "ignore"))
        line, column = _line_column(text, position)
        raise DocumentError([FileProblem(
            name, f"{_character(e.character)} is not allowed in YAML "
            "(control characters must be written as escapes in double quotes)", line, column,
            rule="file.syntax")]) from None
    except yaml.YAMLError as e:
        problem = getattr(e, "problem", None) or "invalid YAML"
        raise DocumentError([FileProblem(name, f"YAML syntax: {problem}",
                                         rule="file.syntax")]) from None
    if not builder.done:
        raise DocumentError([FileProblem(name, "the file is empty", 1, 1, rule="file.empty")])
    return builder.document


_NOT_JSON = object()


class _Refused(ValueError):
    """What the composer must read instead (and locate): a duplicate key, a constant that
    is not JSON, an integer over the digit limit."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Refused("duplicate key")
    return out


def _constant(name: str) -> Any:
    raise _Refused(name)


def _integer(text: str) -> int:
    if len(text) > MAX_DIGITS:
        raise _Refused("too many digits")
    return int(text)


def _json(text: str) -> Any:
    """The data of JSON text, or ``_NOT_JSON`` when json refuses it or it exceeds a limit
    (values, depth) or holds text that is not UTF-8 (an escaped lone surrogate)."""
    import json

    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant,
                          parse_int=_integer)
    except (ValueError, RecursionError):
        return _NOT_JSON
    budget = MAX_NODES
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        budget -= 1
        if budget < 0 or depth > MAX_DEPTH:
            return _NOT_JSON
        if isinstance(value, dict):
            for key, item in value.items():
                if not _utf8(key):
                    return _NOT_JSON
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str) and not _utf8(value):
            return _NOT_JSON
    return data


_JSON_TOKEN = re.compile(r'[ \t\n\r]*(?:([{}\[\],:])|("(?:[^"\\]|\\.)*")|([^ \t\n\r{}\[\],:"]+))',
                         re.DOTALL)


def _json_positions(text: str) -> tuple[dict[Path, tuple[int, int]],
                                        dict[Path, tuple[int, int]]]:
    """Where each value and each key of JSON text (that ``json`` has read) begins, as the
    composer gives them for YAML: a scan of its tokens."""
    import bisect
    import json

    starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def at(offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(starts, offset) - 1
        return (line + 1, offset - starts[line] + 1)

    positions: dict[Path, tuple[int, int]] = {}
    keys: dict[Path, tuple[int, int]] = {}
    frames: list[list[Any]] = []  # [path, is a mapping, current key or index]
    expect_key = False
    for match in _JSON_TOKEN.finditer(text, len(text) - len(text.lstrip(" \t\r\n\ufeff"))):
        punct, string = match.group(1), match.group(2)
        start = match.start(match.lastindex or 0)
        if punct == ":":
            continue
        if punct == ",":
            if frames[-1][1]:
                expect_key = True
            else:
                frames[-1][2] += 1
            continue
        if punct in ("}", "]"):
            frames.pop()
            expect_key = False
            if not frames:
                break
            continue
        if expect_key:
            frames[-1][2] = json.loads(string)
            keys[(*frames[-1][0], frames[-1][2])] = at(start)
            expect_key = False
            continue
        path: Path = (*frames[-1][0], frames[-1][2]) if frames else ()
        positions[path] = at(start)
        if punct == "{":
            frames.append([path, True, None])
            expect_key = True
        elif punct == "[":
            frames.append([path, False, 0])
        elif not frames:
            break
    return positions, keys


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class _Frame:
    """A sequence or mapping being built: its value, JSON path, anchor, the budget and the
    number of positions when it began (an alias copies what it holds)."""

    __slots__ = ("anchor", "budget", "key", "keys", "mark", "merged", "path", "positions",
                 "value")

    def __init__(self, value: Any, path: Path, anchor: str | None, mark: Any, budget: int,
                 positions: int, keys: int) -> None:
        self.value = value
        self.path = path
        self.anchor = anchor
        self.mark = mark
        self.budget = budget
        self.positions = positions
        self.keys = keys
        self.key: Any = None  # a mapping's key waiting for its value (_MERGE_KEY for <<)
        self.merged: dict[str, Any] = {}


_MERGE_KEY = object()


class _Builder:
    """Builds a document's data from YAML events: core tags only, positions of every value
    and key, values, depth and alias expansion bounded."""

    def __init__(self, document: Document) -> None:
        import yaml
        from yaml.constructor import SafeConstructor
        from yaml.resolver import Resolver

        self.yaml = yaml
        self.document = document
        self.constructor = SafeConstructor()
        self.resolver: Any = Resolver()
        self.stack: list[_Frame] = []
        self.budget = MAX_NODES
        self.anchors: dict[str, tuple[Any, int, list[tuple[Path, tuple[int, int]]],
                                      list[tuple[Path, tuple[int, int]]]]] = {}
        self.open_anchors: set[str] = set()
        self.order: list[tuple[Path, tuple[int, int]]] = []
        self.key_order: list[tuple[Path, tuple[int, int]]] = []
        self.done = False
        self.started = False
        self.plain: dict[str, str] = {}  # the tags of plain scalars, resolved once
        self.made: dict[tuple[str, str], Any] = {}  # numbers, booleans, nulls, made once

    def fail(self, mark: Any, message: str, rule: str = "file.syntax") -> DocumentError:
        return DocumentError([FileProblem(self.document.name, message, mark.line + 1,
                                          mark.column + 1, rule=rule)])

    def feed(self, event: Any) -> None:
        kind = type(event)
        yaml = self.yaml
        if kind is yaml.ScalarEvent or kind is yaml.MappingStartEvent or \
                kind is yaml.SequenceStartEvent or kind is yaml.AliasEvent:
            parent = self.stack[-1] if self.stack else None
            if parent is not None and parent.key is None and type(parent.value) is dict:
                self.take_key(parent, event)
            else:
                self.value(event, parent)
        elif kind is yaml.SequenceEndEvent or kind is yaml.MappingEndEvent:
            self.close()
        elif kind is yaml.DocumentStartEvent:
            if self.started:
                raise self.fail(event.start_mark, "YAML syntax: expected a single document in "
                                "the stream, but found another document")
            self.started = True

    def take_key(self, frame: _Frame, event: Any) -> None:
        if type(event) is not self.yaml.ScalarEvent:
            raise self.fail(event.start_mark, "mapping keys must be plain scalars")
        key = event.value
        if key == "<<" and self.tag_of(event) == _MERGE:
            frame.key = _MERGE_KEY
            return
        if key in frame.value:
            raise self.fail(event.start_mark, f"duplicate key {excerpt(key)}",
                            "file.duplicate-key")
        kpath = (*frame.path, key)
        mark: Any = event.start_mark
        position = (mark.line + 1, mark.column + 1)
        self.document.key_positions[kpath] = position
        self.key_order.append((kpath, position))
        frame.key = key

    def tag_of(self, event: Any) -> str:
        tag = event.tag
        if tag is not None and tag != "!":
            return str(tag)
        yaml = self.yaml
        if type(event) is yaml.ScalarEvent:
            implicit = event.implicit
            if not implicit[0]:  # quoted: a string
                return _STR
            found = self.plain.get(event.value)
            if found is None:
                found = self.plain[event.value] = str(self.resolver.resolve(
                    yaml.ScalarNode, event.value, implicit))
            return found
        kind = yaml.SequenceNode if type(event) is yaml.SequenceStartEvent else yaml.MappingNode
        return str(self.resolver.resolve(kind, None, event.implicit))

    def place(self, parent: _Frame | None) -> Path:
        if parent is None:
            return ()
        if type(parent.value) is list:
            return (*parent.path, len(parent.value))
        if parent.key is _MERGE_KEY:
            return (*parent.path, "<<")
        return (*parent.path, parent.key)

    def spend(self, mark: Any, count: int) -> None:
        self.budget -= count
        if self.budget < 0:
            raise self.fail(mark, f"the document holds more than {MAX_NODES:,} values (with "
                            "its aliases expanded)", "file.too-large")

    def value(self, event: Any, parent: _Frame | None) -> None:
        yaml = self.yaml
        mark = event.start_mark
        path = self.place(parent)
        if len(self.stack) >= MAX_DEPTH:
            raise self.fail(mark, f"the document nests deeper than {MAX_DEPTH} levels",
                            "file.too-large")
        if type(event) is yaml.AliasEvent:
            self.alias(event, path, parent)
            return
        self.budget -= 1
        if self.budget < 0:
            self.spend(mark, 0)
        position = (mark.line + 1, mark.column + 1)
        self.document.positions[path] = position
        self.order.append((path, position))
        tag = self.tag_of(event)
        anchor = event.anchor
        if type(event) is yaml.ScalarEvent:
            value = self.scalar(event, tag)
            if anchor is not None:
                self.anchors[anchor] = (value, 1, [((), self.order[-1][1])], [])
            self.attach(parent, value, mark)
            return
        wanted = _SEQ if type(event) is yaml.SequenceStartEvent else _MAP
        if tag != wanted:
            raise self.fail(mark, f"the tag {_tag(tag)} is not allowed here")
        if anchor is not None:
            self.open_anchors.add(anchor)
        self.stack.append(_Frame([] if wanted == _SEQ else {}, path, anchor, mark,
                                 self.budget + 1, len(self.order) - 1, len(self.key_order)))

    def scalar(self, event: Any, tag: str) -> Any:
        text = event.value
        if tag in (_STR, _TIMESTAMP):
            return text
        if tag not in _SCALAR_TAGS:
            raise self.fail(event.start_mark, f"the tag {_tag(tag)} is not allowed here")
        if ":" in text and tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float"):
            return text  # a time such as 12:00, not a base-60 number
        if tag == "tag:yaml.org,2002:int" and len(text) > MAX_DIGITS:
            raise self.fail(event.start_mark, f"an integer of {len(text):,} characters: "
                            f"numbers have at most {MAX_DIGITS} digits", "file.too-large")
        made = self.made.get((tag, text), self.made)
        if made is not self.made:
            return made
        node = self.yaml.ScalarNode(tag, text, event.start_mark, event.end_mark)
        try:
            value = self.constructor.yaml_constructors[tag](self.constructor, node)
        except (ValueError, self.yaml.YAMLError):
            raise self.fail(event.start_mark, f"{_TYPE_OF.get(tag, 'a value')} that cannot "
                            "be read") from None
        self.made[(tag, text)] = value
        return value

    def alias(self, event: Any, path: Path, parent: _Frame | None) -> None:
        import copy

        name = event.anchor
        mark = event.start_mark
        if name in self.open_anchors:
            raise self.fail(mark, f"the alias *{_tag(name)} is inside the value it names: it "
                            f"would nest deeper than {MAX_DEPTH} levels", "file.too-large")
        if name not in self.anchors:
            raise self.fail(mark, f"YAML syntax: found undefined alias *{_tag(name)}")
        value, size, positions, key_positions = self.anchors[name]
        self.spend(mark, size)
        for rel, position in positions:
            self.document.positions[(*path, *rel)] = position
            self.order.append(((*path, *rel), position))
        for rel, position in key_positions:
            self.document.key_positions[(*path, *rel)] = position
            self.key_order.append(((*path, *rel), position))
        self.attach(parent, copy.deepcopy(value), mark)

    def close(self) -> None:
        frame = self.stack.pop()
        value = frame.value
        if isinstance(value, dict):
            for k, v in frame.merged.items():
                value.setdefault(k, v)
        if frame.anchor is not None:
            depth = len(frame.path)
            self.open_anchors.discard(frame.anchor)
            self.anchors[frame.anchor] = (
                value, frame.budget - self.budget,
                [(p[depth:], pos) for p, pos in self.order[frame.positions:]],
                [(p[depth:], pos) for p, pos in self.key_order[frame.keys:]])
        self.attach(self.stack[-1] if self.stack else None, value, frame.mark)

    def attach(self, parent: _Frame | None, value: Any, mark: Any) -> None:
        if parent is None:
            self.document.data = value
            self.done = True
        elif type(parent.value) is list:
            parent.value.append(value)
        elif parent.key is _MERGE_KEY:
            parent.key = None
            sources = value if isinstance(value, list) else [value]
            for source in sources:
                if not isinstance(source, dict):
                    raise self.fail(mark, "a merge key (<<) takes a mapping or a list of "
                                    "mappings")
                for k, v in source.items():
                    parent.merged.setdefault(k, v)
        else:
            parent.value[parent.key] = value
            parent.key = None


_TYPE_OF = {"tag:yaml.org,2002:int": "an integer", "tag:yaml.org,2002:float": "a number",
            "tag:yaml.org,2002:bool": "a boolean", "tag:yaml.org,2002:null": "a null"}


def _tag(tag: str) -> str:
    shown = escape(tag)
    return shown if len(shown) <= 80 else shown[:77] + "..."


def _line_column(text: str, position: int) -> tuple[int, int]:
    """1-based line and column of a character offset of ``text``."""
    line = text.count("\n", 0, position) + 1
    return line, position - (text.rfind("\n", 0, position) + 1) + 1


def _character(char: object) -> str:
    if isinstance(char, str) and len(char) == 1:
        char = ord(char)
    if isinstance(char, int):
        return f"the character U+{char:04X}"
    return "a character"


def _char_at(text: str, line: int, column: int) -> str:
    lines = text.split("\n")
    return lines[line][column:column + 1] if line < len(lines) else ""


# --- schema validation with friendly messages ---------------------------------------------


def schema_problems(document: Document, schema_name: str) -> list[FileProblem]:
    """Every schema violation of the document, located and worded for people."""
    from skyhex.schemas import conforms, validator

    if conforms(schema_name, document.data):
        return []
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
                    document.name, f"unknown key {excerpt(extra)}"
                    + (f" (did you mean {hint!r}?)" if hint else ""),
                    line, column, kpath, "schema.unknown-key")))
            continue
        line, column = document.locate(path)
        out.append(((line or 0, column or 0), FileProblem(
            document.name, message, line, column, path, f"schema.{error.validator}")))
    out.sort(key=lambda item: item[0])
    unique = dict.fromkeys(p for _, p in out)  # one error, once (a schema may find it twice)
    return list(unique)


def _type_name(value: Any) -> str:
    """What kind of value ``value`` is, quoting none of it: schema messages about a value of
    the wrong type never show it (it may be anything: a referenced file's first line)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "an empty string" if not value else "a string"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    return "a value"


def _describe(value: Any) -> str:
    """A value of the user's own document in a message: a short, escaped excerpt of a
    scalar, the kind of anything else."""
    if value is None or isinstance(value, bool | dict | list):
        return _type_name(value)
    return excerpt(value)


_TYPE_NAMES = {
    "integer": "an integer", "number": "a number", "string": "a string", "boolean": "true or false",
    "object": "a mapping", "array": "a list", "null": "null",
}


def _choices(values: Any) -> str:
    shown = [excerpt(v) if not isinstance(v, str) else escape(v) for v in values]
    if len(shown) > 12:
        shown = [*shown[:12], f"... ({len(shown)} in all)"]
    return ", ".join(shown)


def _message(error: Any) -> str:
    custom = error.schema.get("x-messages", {}) if isinstance(error.schema, Mapping) else {}
    if error.validator in custom:
        return str(custom[error.validator])
    v, instance, arg = error.validator, error.instance, error.validator_value
    if v == "type":
        types = arg if isinstance(arg, list) else [arg]
        wanted = " or ".join(_TYPE_NAMES.get(str(t), str(t)) for t in types)
        found = excerpt(instance) if isinstance(instance, int | float) and \
            not isinstance(instance, bool) else _type_name(instance)
        return f"expected {wanted}, not {found}"
    if v == "enum":
        return f"{_describe(instance)} is not one of {_choices(arg)}"
    if v == "const":
        return f"expected {excerpt(arg)}, not {_describe(instance)}"
    if v == "required":
        missing = [k for k in arg if isinstance(instance, dict) and k not in instance]
        return "missing required key " + ", ".join(excerpt(k) for k in missing)
    if v in ("minItems", "maxItems"):
        return f"expected {'at least' if v == 'minItems' else 'at most'} {arg} items, " \
               f"not {len(instance)}"
    if v in ("minProperties", "maxProperties"):
        return f"expected {'at least' if v == 'minProperties' else 'at most'} {arg} keys, " \
               f"not {len(instance)}"
    if v in ("minLength", "maxLength"):
        if v == "minLength" and arg == 1:
            return "expected a non-empty string"
        return f"a string of {len(instance):,} characters: expected " \
               f"{'at least' if v == 'minLength' else 'at most'} {arg}"
    if v in ("minimum", "exclusiveMinimum"):
        return f"{_describe(instance)} is below the minimum {arg}"
    if v in ("maximum", "exclusiveMaximum"):
        return f"{_describe(instance)} is above the maximum {arg}"
    if v == "pattern":
        return f"{_describe(instance)} does not match the pattern {arg}"
    if v == "uniqueItems":
        return "the items must all be different: one is repeated"
    if v in ("oneOf", "anyOf"):
        return f"{_type_name(instance)} that matches none of the forms this value may take"
    if v == "not":
        return f"{_type_name(instance)} that is not allowed here"
    if v == "propertyNames":
        return "a key that is not allowed here"
    if v in ("additionalProperties", "unevaluatedProperties"):
        return "unknown keys"
    if v == "additionalItems" or v == "items":
        return "too many items"
    # jsonschema's own messages quote the whole value: never show them.
    return f"{_type_name(instance)} that breaks the schema rule {v!r}"


def _did_you_mean(word: str, options: set[str]) -> str | None:
    import difflib

    match = difflib.get_close_matches(word, sorted(options), n=1, cutoff=0.7)
    return match[0] if match else None
