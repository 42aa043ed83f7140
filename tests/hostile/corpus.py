"""The hostile inputs, by category: what an attacker would send and what an unlucky user
would meet.

- ``malformed``: documents of every kind and game (Paragliders, Turbulences and Balmy
  Balloonists maps, scenarios, moves files and component sets, and game logs) broken in every
  way a parser meets (empty, binary, not UTF-8, control characters, syntax, alias bombs,
  nesting, huge files and numbers, unsafe tags, wrong shapes and types; a log's lines too),
  through every command that reads that kind, ``view`` included;
- ``reference``: ``map:``, ``components:`` and ``scenario:`` references that lead outside
  the working folder, to absolute paths, ``/proc``, devices, FIFOs, standard input,
  folders, symlinks out, NUL bytes, files that are not documents;
- ``injection``: names, titles and file names with terminal escapes, newlines, NUL, C1
  and bidirectional controls, bytes that are not UTF-8, markup;
- ``output``: full disks (``/dev/full``, a file size limit), closed pipes, existing files,
  outputs that are inputs, symlinks, FIFOs, devices, folders, batches and page sets;
- ``options``: options past their limits (counts, radii, hex sizes, pages, numbers of
  thousands of digits).

The mutated moves files are in ``tests/test_hostile_fuzz.py``.
"""

from __future__ import annotations

import json
import random
import re
import zlib
from collections.abc import Callable, Iterator

from .harness import (
    LONG,
    SECRET,
    SECRET_TEXT,
    Case,
    Content,
    Fifo,
    Folder,
    Link,
    Old,
    Outcome,
    base_files,
)

# --- malformed documents ----------------------------------------------------------------------

OWN = "own-value-7c1e"
"""A value of the user's own document: a message may quote a short excerpt of it (not the
secret, which lives in files that no message may show)."""

KINDS = {
    # kind: (base document, commands that read a file of that kind; {} is the file)
    "map": ("map.yaml", [("map", "check", "{}"), ("map", "show", "{}"), ("map", "stats", "{}"),
                         ("board", "{}", "-o", "out.svg"),
                         ("scenario", "new", "--map", "{}", "-o", "new.yaml")]),
    "tmap": ("tmap.yaml", [("map", "check", "--format", "json", "{}"),
                           ("board", "{}", "-o", "out.svg")]),
    "scenario": ("scenario.yaml", [("scenario", "validate", "{}"),
                                   ("board", "{}", "-o", "out.svg"),
                                   ("legal", "--scenario", "{}")]),
    "tscenario": ("tscenario.yaml", [("scenario", "validate", "--format", "json", "{}"),
                                     ("replay", "--scenario", "{}", "tgame.moves.yaml")]),
    "moves": ("game.moves.yaml", [("replay", "{}"), ("replay", "--format", "text", "{}"),
                                  ("legal", "{}"), ("board", "{}", "-o", "out.svg")]),
    "tmoves": ("tgame.moves.yaml", [("replay", "--format", "json", "{}"), ("legal", "{}")]),
    "components": ("box.yaml", [("map", "check", "--components", "{}", "map.yaml"),
                                ("map", "generate", "--seed", "3", "--components", "{}",
                                 "-o", "gen.yaml")]),
    "bmap": ("bmap.yaml", [("map", "check", "{}"), ("map", "show", "{}"),
                           ("map", "stats", "--format", "json", "{}"),
                           ("board", "{}", "-o", "out.svg"),
                           ("scenario", "new", "--game", "balloons", "--map", "{}", "-o",
                            "new.yaml")]),
    "bscenario": ("bscenario.yaml", [("scenario", "validate", "{}"),
                                     ("board", "{}", "-o", "out.svg"),
                                     ("legal", "--scenario", "{}"),
                                     ("view", "bgame.moves.yaml", "--scenario", "{}",
                                      "--referee", "-o", "v.html")]),
    "bmoves": ("bgame.moves.yaml", [("replay", "{}"), ("replay", "--format", "text", "{}"),
                                    ("legal", "{}"), ("board", "{}", "-o", "out.svg"),
                                    ("view", "{}", "--referee", "-o", "v.html")]),
    "bcomponents": ("bbox.yaml", [("map", "generate", "--game", "balloons", "--seed", "3",
                                   "--components", "{}", "-o", "gen.yaml"),
                                  ("scenario", "new", "--game", "balloons", "--components",
                                   "{}", "-o", "new.yaml"),
                                  ("map", "check", "--components", "{}", "bmap.yaml")]),
    "log": ("game.ndjson", [("view", "{}", "--scenario", "scenario.yaml", "-o", "v.html"),
                            ("view", "--format", "json", "{}", "--scenario", "scenario.yaml",
                             "-o", "-")]),
}
KINDS["moves"][1].append(("view", "{}", "-o", "v.html"))
# The bots and analytics read scenarios, moves files and maps too; one round at most, one
# process, so that a document that reads well is answered in time.
QUICK = ("--cap", "1", "--workers", "1", "--no-progress")
KINDS["scenario"][1].extend([("bot", "{}"), ("selfplay", "{}", "--cap", "1", "-o", "sp.yaml"),
                         ("play", "{}", "--cap", "1", "-o", "pl.yaml"),
                         ("tournament", "{}", "--bots", "random,greedy", "--games", "1",
                          *QUICK),
                         ("analyze", "{}", "--games", "1", *QUICK, "-o", "rows.ndjson")])
KINDS["moves"][1].append(("bot", "{}", "--bot", "random"))
KINDS["map"][1].append(("analyze", "{}", "--games", "1", *QUICK, "-o", "rows.ndjson"))
KINDS["tscenario"][1].extend([("selfplay", "{}", "--bots", "random", "--cap", "1", "-o", "-"),
                          ("bot", "{}", "--bot", "random", "--format", "json")])
KINDS["tmoves"][1].append(("bot", "{}", "--bot", "random"))
KINDS["bscenario"][1].append(("analyze", "{}", "--games", "1", *QUICK, "-o", "-"))
KINDS["scenario"][1].append(("view", "game.moves.yaml", "--scenario", "{}", "-o", "v.html"))


def _bomb() -> bytes:
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]")
    return ("\n".join(lines) + "\n").encode()


def _replace_first_value(base: bytes, key: bytes, value: bytes) -> bytes:
    out = []
    done = False
    for line in base.split(b"\n"):
        if not done and line.startswith(key + b":"):
            line = key + b": " + value
            done = True
        out.append(line)
    return b"\n".join(out)


def malformations(base: bytes) -> Iterator[tuple[str, bytes, bool]]:
    """(name, bytes, located): every way a document is broken here; ``located`` when the
    error has a place in the file."""
    rng = random.Random(14)
    yield "empty", b"", False
    yield "blank", b"   \n\n  \n", False
    yield "comment-only", b"# nothing here\n", False
    yield "binary", bytes(rng.randrange(256) for _ in range(2048)), True
    yield "nul-bytes", b"\x00" * 64, True
    yield "not-utf8", base[:200] + b"\xff\xfe\xfa" + base[200:], True
    yield "utf16", base.decode("utf-8").encode("utf-16"), True
    yield "bom", b"\xef\xbb\xbf" + base, True
    yield "crlf", base.replace(b"\n", b"\r\n"), True
    yield "raw-escape", base + b'\nzz: "\x1b]0;owned\x07\x1b[2J"\n', True
    yield "raw-c1", base + "\nzz: '\x9b31m'\n".encode(), True
    yield "unclosed", b"format: [1, 2\n", True
    yield "tab-indent", b"format: skyhex.map/1\nhexes:\n\t- {q: 0}\n", True
    yield "duplicate-key", base + b"\nformat: again\n", True
    yield "two-documents", base + b"\n---\n" + base, True
    yield "alias-bomb", _bomb(), True
    yield "deep-nesting", b"a: " + b"[" * 5000 + b"]" * 5000 + b"\n", True
    yield "deep-mappings", b"".join(b"  " * i + b"k:\n" for i in range(200)) + b"  " * 200 + b"v\n", True
    yield "many-values", b"a: [" + b"1," * 150_000 + b"1]\n", True
    yield "too-large", b"# " + b"x" * (8 * 1024 * 1024 + 10) + b"\n", False
    yield "long-title", _replace_first_value(base, b"title", b'"' + LONG.encode() + b'"') \
        if b"\ntitle:" in base else base + b'\ntitle: "' + LONG.encode() + b'"\n', True
    yield "long-key", base + b"\n" + LONG.encode() + b": 1\n", True
    yield "huge-integer", _replace_first_value(base, b"seed", b"9" * 5000) \
        if b"\nseed:" in base else base + b"\nseed: " + b"9" * 5000 + b"\n", True
    yield "big-integer", base + b"\nseed2: " + b"7" * 150 + b"\n", True
    yield "infinity", _replace_first_value(base, b"seed", b".inf") \
        if b"\nseed:" in base else base + b"\nseed: .nan\n", True
    yield "unsafe-tag", base + b"\nx: !!python/object/apply:os.system ['echo owned']\n", True
    yield "custom-tag", base + b"\nx: !secret " + SECRET.encode() + b"\n", True
    yield "binary-tag", base + b"\nx: !!binary aGVsbG8=\n", True
    yield "set-tag", base + b"\nx: !!set {a, b}\n", True
    yield "merge-abuse", b"a: &a {format: x}\nb:\n  <<: [*a, *a, 5]\n", True
    yield "root-list", b"- " + base.replace(b"\n", b"\n  "), True
    yield "root-secret", SECRET_TEXT.encode(), True
    yield "root-number", b"42\n", True
    yield "root-null", b"~\n", True
    yield "no-format", b"\n".join(line for line in base.split(b"\n")
                                  if not line.startswith(b"format:")), True
    yield "format-other", _replace_first_value(base, b"format", b"skyhex.components/1"), True
    yield "format-own", _replace_first_value(base, b"format", OWN.encode()), True
    yield "format-long", _replace_first_value(base, b"format", LONG.encode()), True
    yield "game-unknown", _replace_first_value(base, b"game", b"chess") \
        if b"\ngame:" in base else base + b"\ngame: chess\n", True
    yield "game-own", _replace_first_value(base, b"game", OWN.encode()) \
        if b"\ngame:" in base else base + b"\ngame: " + OWN.encode() + b"\n", True
    yield "json-garbage", json.dumps({"format": "x"}).encode() + b" }}} trailing", True
    yield "escaped-key", base + b'\n"\\e[2J\\u202e": 1\n', True
    yield "escaped-nul-value", base + b'\nzz: "a\\0b\\x1b[31m"\n', True
    for key in _top_keys(base):
        yield f"{key}-string", _replace_first_value(base, key.encode(),
                                                    f"'{OWN}'".encode()), True
        yield f"{key}-list", _replace_first_value(base, key.encode(), b"[1, [2, {a: 3}]]"), True


def log_malformations(base: bytes) -> Iterator[tuple[str, bytes, bool]]:
    """(name, bytes, located): a game log (NDJSON) broken line by line."""
    lines = base.split(b"\n")
    setup = json.loads(lines[0])

    def with_setup(**changes: object) -> bytes:
        return b"\n".join([json.dumps({**setup, **changes}).encode(), *lines[1:]])

    yield "log-deep-nesting", base + b"\n" + b"[" * 100_000 + b"]" * 100_000 + b"\n", True
    yield "log-deep-object", base + b"\n" + b'{"a":' * 50_000 + b"1" + b"}" * 50_000 + b"\n", True
    yield "log-huge-integer", base + b'\n{"seq": ' + b"9" * 5000 + b', "type": "x"}\n', True
    yield "log-nan", b"\n".join([*lines[:3], b'{"seq": NaN, "type": "round"}', *lines[3:]]), True
    yield "log-long-line", base + b'\n{"seq": 9, "type": "' + LONG.encode() + b'"}\n', True
    yield "log-raw-escape", base + b'\n{"seq": 9, "type": "\x1b[2J"}\n', True
    yield "log-escaped-controls", base + b'\n{"seq": 9, "type": "\\u001b]0;x\\u0007"}\n', True
    yield "log-game-unknown", with_setup(game="\x1b[2J" + "chess" * 100), True
    yield "log-game-type", with_setup(game=[1, {"a": 2}]), True
    yield "log-seq-string", with_setup(seq="one"), True
    yield "log-no-setup", b"\n".join(lines[1:]), True
    yield "log-setup-twice", b"\n".join([lines[0], *lines]), True
    yield "log-event-list", base + b"\n[1, 2]\n", True
    yield "log-truncated", base[: len(base) // 2], True
    yield "log-wrong-scenario-seed", with_setup(seed=99), True
    yield "log-reordered", b"\n".join([lines[0], *reversed(lines[1:-1])]), True


def _top_keys(base: bytes) -> list[str]:
    keys = []
    for line in base.decode("utf-8").splitlines():
        if line and not line[0].isspace() and not line.startswith(("#", "-")) and ":" in line:
            key = line.split(":", 1)[0]
            if key not in keys and key != "format":
                keys.append(key)
    return keys[:6]


def _one_of(label: str, count: int) -> int:
    """The one command (of ``count``) a short run gives an input to, the same every run."""
    return zlib.crc32(label.encode()) % count


def malformed(full: bool = True) -> Iterator[Case]:
    base = base_files()
    for kind, (name, commands) in KINDS.items():
        variants = list(malformations(base[name]))
        if kind == "log":
            variants += list(log_malformations(base[name]))
        for variant, data, located in variants:
            for i, command in enumerate(commands):
                if variant == "too-large" and i > 0:
                    continue  # one command is enough to read 8 MiB
                if variant.endswith(("-string", "-list")) and i > 1:
                    continue
                if not full and i != _one_of(f"{kind}/{variant}", len(commands)):
                    continue
                target = f"bad-{kind}.yaml"
                args = tuple(target if a == "{}" else a for a in command)
                yield Case("malformed", f"{kind}/{variant}/{'-'.join(command[:2])}", args,
                           {target: data}, keep=(target, "map.yaml"), located=located)


# --- hostile references -----------------------------------------------------------------------

REFERENCES: dict[str, tuple[Content | None, str, bool]] = {
    # name: (file created in the working folder, if any; the reference; located)
    "parent-secret": (None, "../secret.env", True),
    "deep-escape": (None, "../../../../../../../../etc/passwd", True),
    "absolute-secret": (None, "{top}/secret.env", True),
    "proc-environ": (None, "/proc/self/environ", True),
    "etc-passwd": (None, "/etc/passwd", True),
    "dev-stdin": (None, "/dev/stdin", True),
    "dev-zero": (None, "/dev/zero", True),
    "dev-random": (None, "/dev/urandom", True),
    "dash": (None, "-", True),
    "fifo": (Fifo(), "pipe.yaml", True),
    "folder": (Folder(), "folder", True),
    "dot": (None, ".", True),
    "symlink-out": (Link("../secret.env"), "link.yaml", True),
    "symlink-absolute": (Link("/etc/passwd"), "link.yaml", True),
    "symlink-loop": (Link("loop.yaml"), "loop.yaml", True),
    "symlink-dangling": (Link("nowhere.yaml"), "link.yaml", True),
    "inside-secret": (None, "secret.env", True),
    "binary-inside": (bytes(range(256)) * 8, "blob.yaml", True),
    "missing": (None, "missing.yaml", True),
    "nul-byte": (None, "map.yaml\u0000.txt", True),
    "long-name": (None, "x" * 900, True),
    "home": (None, "~/secret.env", True),
    "url": (None, "file:///etc/passwd", True),
    "control-name": (None, "\u001b]0;owned\u0007.yaml", True),
    "wrong-kind": (None, "box.yaml", True),
    "declared-broken": (b"format: skyhex.map/1\nhexes: [1, 2\n", "broken.yaml", True),
}


def _document_with(base: bytes, key: str, reference: str) -> bytes:
    return _replace_first_value(base, key.encode(), json.dumps(reference).encode())


def references(full: bool = True) -> Iterator[Case]:
    base = base_files()
    holders = [
        # (document, key, its commands)
        ("scenario.yaml", "map", [("scenario", "validate", "{}"), ("board", "{}", "-o", "o.svg"),
                                  ("legal", "--scenario", "{}")]),
        ("tscenario.yaml", "map", [("scenario", "validate", "{}")]),
        ("game.moves.yaml", "scenario", [("replay", "{}"), ("legal", "{}"),
                                         ("board", "{}", "-o", "o.svg")]),
        ("tgame.moves.yaml", "scenario", [("replay", "--format", "text", "{}")]),
        ("bscenario.yaml", "map", [("scenario", "validate", "{}"), ("board", "{}", "-o", "o.svg"),
                                   ("legal", "--scenario", "{}")]),
        ("bgame.moves.yaml", "scenario", [("replay", "{}"),
                                          ("view", "{}", "--referee", "-o", "o.html")]),
        ("game.moves.yaml", "scenario", [("view", "{}", "-o", "o.html")]),
        ("scenario.yaml", "map", [("view", "game.ndjson", "--scenario", "{}", "-o", "o.html")]),
    ]
    for name, (content, written, located) in REFERENCES.items():
        files: dict[str, Content] = {}
        if content is not None:
            files[written] = content
        for document, key, commands in holders:
            for i, command in enumerate(commands):
                if not full and i != _one_of(f"{name}/{document}", len(commands)):
                    continue
                text = _document_with(base[document], key, written)
                target = f"evil-{document}"
                args = tuple(target if a == "{}" else a for a in command)
                what = "-".join(a for a in command[:3] if a != "{}")
                yield Case("reference", f"{name}/{document}/{what}", args,
                           {**files, target: text}, keep=(target,), located=located)
        # the component set of a scenario
        text = base["scenario.yaml"] + f"components: {json.dumps(written)}\n".encode()
        yield Case("reference", f"{name}/components/validate",
                   ("scenario", "validate", "evil.yaml"), {**files, "evil.yaml": text},
                   located=located)
        # the component set of a balloon race
        text = base["bscenario.yaml"] + f"components: {json.dumps(written)}\n".encode()
        yield Case("reference", f"{name}/bcomponents/validate",
                   ("scenario", "validate", "evil.yaml"), {**files, "evil.yaml": text},
                   located=located)
        # an inline scenario in a moves file names its map
        inline = _inline_moves(written)
        yield Case("reference", f"{name}/inline-map/replay", ("replay", "inline.moves.yaml"),
                   {**files, "inline.moves.yaml": inline}, located=located)
    # a moves file naming itself as its scenario, a scenario naming itself as its map
    yield Case("reference", "self/scenario", ("replay", "self.yaml"),
               {"self.yaml": _document_with(base["game.moves.yaml"], "scenario", "self.yaml")},
               located=True)
    yield Case("reference", "self/map", ("scenario", "validate", "self.yaml"),
               {"self.yaml": _document_with(base["scenario.yaml"], "map", "self.yaml")},
               located=True)
    # the option that follows outside references still reads only documents, and quietly
    for name in ("parent-secret", "absolute-secret", "proc-environ", "etc-passwd",
                 "dev-zero", "dev-stdin", "symlink-out"):
        content, written, _ = REFERENCES[name]
        files = {written: content} if content is not None else {}
        yield Case("reference", f"{name}/allowed", ("scenario", "validate",
                                                    "--allow-outside-refs", "evil.yaml"),
                   {**files, "evil.yaml": _document_with(base["scenario.yaml"], "map", written)},
                   located=True)
    # a moves file on standard input names its scenario from the working folder
    yield Case("reference", "stdin-moves/parent", ("replay", "-"),
               stdin=_document_with(base["game.moves.yaml"], "scenario", "../secret.env"),
               located=True)


def _inline_moves(map_reference: str) -> bytes:
    scenario = base_files()["scenario.yaml"].decode()
    body = "\n".join("  " + line for line in scenario.splitlines()
                     if line and not line.startswith("#"))
    body = body.replace("  map: map.yaml", f"  map: {json.dumps(map_reference)}")
    return f"format: skyhex.moves/1\nscenario:\n{body}\nmoves: []\n".encode()


# --- injection --------------------------------------------------------------------------------

INJECTIONS = {
    "title-osc": "\\e]0;owned\\a",
    "clear-screen": "\\e[2J\\e[H",
    "newline-forgery": "x\\nscenario.yaml: ok: forged",
    "carriage-return": "ok\\rforged",
    "nul": "a\\0b",
    "c1-csi": "\\x9b31m",
    "bidi": "abc\\u202edcba",
    "bell": "\\a\\a\\a",
    "markup": "<script>alert(1)</script>]]>",
    "format-string": "{0} %s %n {__class__}",
    "long": "L" * 39,
}


def injections() -> Iterator[Case]:
    base = base_files()
    for name, text in INJECTIONS.items():
        scenario = base["scenario.yaml"].decode()
        player = f'{{colour: blue, name: "{text[:40]}"}}'
        scenario = scenario.replace("{colour: blue, name: Bea}", player)
        scenario = scenario.replace("title: First flight for two", f'title: "{text}"')
        moves = base["game.moves.yaml"].decode().replace("player: blue,", f'player: "{text}",')
        bad_moves = ("format: skyhex.moves/1\nscenario: scenario.yaml\nmoves:\n"
                     f'- {{player: "{text}", pass: true}}\n')
        tmap = base["tmap.yaml"].decode() + f'title: "{text}"\n'
        files: dict[str, Content] = {"scenario.yaml": scenario, "game.moves.yaml": moves,
                                     "bad.moves.yaml": bad_moves, "tmap2.yaml": tmap}
        for args in (("scenario", "validate", "scenario.yaml"),
                     ("replay", "--format", "text", "game.moves.yaml"),
                     ("replay", "game.moves.yaml"),
                     ("replay", "--format", "text", "bad.moves.yaml"),
                     ("legal", "game.moves.yaml"),
                     ("board", "game.moves.yaml", "-o", "-"),
                     ("board", "tmap2.yaml", "-o", "-"),
                     ("map", "check", "tmap2.yaml"),
                     ("map", "stats", "tmap2.yaml"),
                     ("scenario", "new", "--title", text, "-o", "new.yaml"),
                     ("view", "game.moves.yaml", "-o", "-"),
                     ("view", "--format", "json", "game.moves.yaml", "-o", "-")):
            yield Case("injection", f"{name}/{'-'.join(args[:4])}", args, files)
        # a balloon race: its title and a balloon's player
        bscenario = base["bscenario.yaml"].decode()
        bscenario = bscenario.replace("{colour: red, lane: 2}",
                                      f'{{colour: red, lane: 2, player: "{text[:40]}"}}')
        bscenario = re.sub(r"^title: .*$", f'title: "{text}"'.replace("\\", "\\\\"),
                           bscenario, flags=re.MULTILINE)
        bfiles: dict[str, Content] = {"bscenario.yaml": bscenario}
        for args in (("scenario", "validate", "bscenario.yaml"),
                     ("replay", "--format", "text", "bgame.moves.yaml"),
                     ("legal", "bgame.moves.yaml"),
                     ("board", "bgame.moves.yaml", "-o", "-"),
                     ("view", "bgame.moves.yaml", "--referee", "-o", "-"),
                     ("view", "bgame.moves.yaml", "--seat", text, "-o", "-"),
                     ("scenario", "new", "--game", "balloons", "--title", text, "-o",
                      "new.yaml")):
            yield Case("injection", f"{name}/balloons/{'-'.join(args[:4])}", args, bfiles)
    # unknown keys and values quoted in errors
    for name, text in INJECTIONS.items():
        bad = base["scenario.yaml"].decode() + f'"{text}": 1\nwind: {{direction: "{text}"}}\n'
        yield Case("injection", f"{name}/unknown-key", ("scenario", "validate", "s.yaml"),
                   {"s.yaml": bad}, located=True)
    # file names: control characters, bytes that are not UTF-8
    for label, file_name in (("escape", "m\x1b]0;owned\x07.yaml"), ("newline", "m\nforged: ok.yaml"),
                             ("not-utf8", "m\udcff\udcfe.yaml"), ("bidi", "m\u202e.yaml")):
        for what, args in (("check", ("map", "check", file_name)),
                           ("stats", ("map", "stats", file_name)),
                           ("validate", ("scenario", "validate", file_name)),
                           ("missing", ("map", "check", "missing-" + file_name)),
                           ("board", ("board", file_name, "-o", "b.svg")),
                           ("view", ("view", file_name, "-o", "v.html")),
                           ("view-output", ("view", "game.moves.yaml", "-o", file_name)),
                           ("where", ("map", "generate", "--seed", "1", "--where", "balance>=0",
                                      "-o", file_name))):
            content = base["map.yaml"] if "scenario" not in args else base["scenario.yaml"]
            if what == "view":
                content = base["game.moves.yaml"]
            files = {} if what in ("view-output", "where") else {file_name: content}
            yield Case("injection", f"file-name-{label}/{what}", args, files)


# --- output failures ------------------------------------------------------------------------

WRITERS = [
    ("replay", "game.moves.yaml"),
    ("replay", "--format", "text", "game.moves.yaml"),
    ("replay", "--format", "json", "tgame.moves.yaml"),
    ("legal", "game.moves.yaml"),
    ("map", "generate", "--seed", "7"),
    ("map", "check", "map.yaml", "tmap.yaml"),
    ("map", "show", "map.yaml"),
    ("map", "stats", "map.yaml"),
    ("schema", "scenario"),
    ("schema",),
    ("scenario", "validate", "scenario.yaml"),
    ("scenario", "new", "-o", "-"),
    ("board", "map.yaml", "-o", "-"),
    ("view", "game.moves.yaml", "-o", "-"),
    ("view", "--format", "json", "game.moves.yaml", "-o", "-"),
    ("view", "game.ndjson", "--scenario", "scenario.yaml", "-o", "-"),
    ("replay", "bgame.moves.yaml"),
    ("replay", "--format", "text", "bgame.moves.yaml"),
    ("legal", "bgame.moves.yaml"),
    ("map", "stats", "bmap.yaml"),
    ("map", "stats", "--format", "json", "map.yaml", "standard.yaml"),
    ("map", "show", "bmap.yaml"),
    ("map", "generate", "--game", "balloons", "--seed", "3"),
    ("map", "generate", "--seed", "7", "--where", "balance>=0"),
    ("scenario", "new", "--game", "balloons", "-o", "-"),
]
FILE_WRITERS = [
    ("replay", "game.moves.yaml"),
    ("replay", "--format", "text", "game.moves.yaml"),
    ("map", "generate", "--seed", "7"),
    ("board", "map.yaml"),
    ("scenario", "new", "--map", "map.yaml"),
    ("view", "game.moves.yaml"),
    ("view", "--format", "json", "bgame.moves.yaml", "--referee"),
    ("map", "generate", "--game", "balloons", "--seed", "3"),
    ("map", "generate", "--seed", "7", "--where", "balance>=0"),
    ("board", "bmap.yaml"),
    ("scenario", "new", "--game", "balloons"),
]


def _unchanged(name: str, expected: bytes) -> Callable[[Outcome], str | None]:
    def check(outcome: Outcome) -> str | None:
        data = (outcome.folder / name).read_bytes()
        return None if data == expected else f"clobbered: {name} changed"
    return check


def _said(message: str) -> Callable[[Outcome], str | None]:
    """The command's last line is the error ``message``."""
    def check(outcome: Outcome) -> str | None:
        last = outcome.stderr.decode(errors="replace").splitlines()[-1:]
        return None if last == [f"skyhex: error: {message}"] else \
            f"not the line {message!r}: {outcome.stderr[-200:]!r}"
    return check


_said_stdout = _said("cannot write standard output: No space left on device")


def _refused(outcome: Outcome) -> str | None:
    return None if outcome.code == 1 and b"--force" in outcome.stderr else \
        f"clobbered: not refused: exit {outcome.code} {outcome.stderr[:200]!r}"


def outputs() -> Iterator[Case]:
    for args in WRITERS:
        name = "-".join(a for a in args if not a.startswith("-") and a != "7")
        yield Case("output", f"stdout-full/{name}", args, stdout="full", exits=frozenset({1}))
        yield Case("output", f"stdout-closed/{name}", args, stdout="closed", exits=frozenset({1}))
    yield Case("output", "stdout-full/child/replay", ("replay", "game.moves.yaml"),
               stdout="full", child=True, exits=frozenset({1}))
    # Commands that print as they go, and the play server writing its messages.
    for args, stdin in ((("bot", "tscenario.yaml"), b""),
                        (("tournament", "tscenario.yaml", "--games", "1", *QUICK), b""),
                        (("play", "tscenario.yaml", "--seat", "blue=stdio"), b'{"index": 0}\n')):
        yield Case("output", f"stdout-full/{args[0]}", args, stdin=stdin, stdout="full",
                   check=_said_stdout, exits=frozenset({1}))
    # analyze streams its rows as items finish (a resumed run keeps them): a failed write
    # names the rows file.
    yield Case("output", "dev-full/analyze", ("analyze", "tscenario.yaml", "--games", "1",
                                              *QUICK, "-o", "/dev/full"),
               check=_said("cannot write /dev/full: No space left on device"),
               exits=frozenset({1}))
    for args in FILE_WRITERS:
        name = "-".join(a for a in args if not a.startswith("-") and a != "7")
        x = "svg" if args[0] == "board" else "out"  # board refuses extensions not its formats
        yield Case("output", f"dev-full/{name}", (*args, "-o", "/dev/full"), exits=frozenset({1}))
        yield Case("output", f"dev-null/{name}", (*args, "-o", "/dev/null"), exits=frozenset({0}))
        yield Case("output", f"existing/{name}", (*args, "-o", f"old.{x}"),
                   {f"old.{x}": "precious\n"}, keep=(f"old.{x}",), check=_refused,
                   exits=frozenset({1}))
        yield Case("output", f"symlink/{name}", (*args, "-o", f"link.{x}", "--force"),
                   {f"link.{x}": Link(f"real.{x}"), f"real.{x}": "old\n"},
                   check=_link_kept(f"link.{x}", f"real.{x}"), exits=frozenset({0}))
        yield Case("output", f"symlink-refused/{name}", (*args, "-o", f"link.{x}"),
                   {f"link.{x}": Link(f"real.{x}"), f"real.{x}": "old\n"},
                   keep=(f"link.{x}", f"real.{x}"), check=_refused, exits=frozenset({1}))
        yield Case("output", f"fifo/{name}", (*args, "-o", f"pipe.{x}"),
                   {f"pipe.{x}": Fifo(reader=True)}, keep=(f"pipe.{x}",), exits=frozenset({0}))
        yield Case("output", f"folder/{name}", (*args, "-o", "sub"), {"sub/x": "x"},
                   keep=("sub/x",),  # map generate writes its maps, board its board.svg
                   exits=frozenset({0 if "generate" in args or x == "svg" else 1}))
        yield Case("output", f"no-folder/{name}", (*args, "-o", f"no/such/f.{x}"),
                   exits=frozenset({1}))
        yield Case("output", f"file-size-limit/{name}", (*args, "-o", f"big.{x}"),
                   fsize=256 if "balloons" in args else 1024, exits=frozenset({1}),
                   check=_no_file(f"big.{x}"))
    yield Case("output", "file-size-limit/stdout", ("replay", "game.moves.yaml"),
               fsize=4096, exits=frozenset({1}))
    # outputs that are inputs of the same command
    for args, victim in ((("board", "map.yaml", "--format", "svg", "-o", "map.yaml", "--force"),
                          "map.yaml"),
                         (("scenario", "new", "--map", "map.yaml", "-o", "map.yaml", "--force"),
                          "map.yaml"),
                         (("replay", "game.moves.yaml", "-o", "scenario.yaml", "--force"),
                          "scenario.yaml"),
                         (("replay", "game.moves.yaml", "-o", "map.yaml", "--force"), "map.yaml"),
                         (("board", "game.moves.yaml", "-o", "alias.svg", "--force"),
                          "map.yaml"),
                         (("view", "game.moves.yaml", "-o", "scenario.yaml", "--force"),
                          "scenario.yaml"),
                         (("view", "game.moves.yaml", "-o", "game.moves.yaml", "--force"),
                          "game.moves.yaml"),
                         (("view", "game.ndjson", "--scenario", "scenario.yaml", "-o",
                           "game.ndjson", "--force"), "game.ndjson"),
                         (("view", "bgame.moves.yaml", "--referee", "-o", "bmap.yaml",
                           "--force"), "bmap.yaml"),
                         (("board", "bgame.moves.yaml", "--format", "svg", "-o", "bscenario.yaml",
                           "--force"),
                          "bscenario.yaml"),
                         (("scenario", "new", "--game", "balloons", "--map", "bmap.yaml", "-o",
                           "bmap.yaml", "--force"), "bmap.yaml"),
                         (("analyze", "tscenario.yaml", "--games", "1", *QUICK, "-o",
                           "tscenario.yaml", "--force"), "tscenario.yaml"),
                         (("analyze", "tscenario.yaml", "--games", "1", *QUICK, "-o",
                           "tmap.yaml", "--force"), "tmap.yaml"),
                         (("analyze", "tscenario.yaml", "--games", "1", *QUICK, "--resume",
                           "-o", "tmap.yaml"), "tmap.yaml"),
                         (("analyze", "tscenario.yaml", "--games", "1", *QUICK, "--resume",
                           "-o", "game.ndjson"), "game.ndjson")):
        files: dict[str, Content] = {"alias.svg": Link("map.yaml")} if "alias.svg" in args else {}
        yield Case("output", f"input/{'-'.join(args[:2])}/{'-'.join(args[-4:-2])}/{victim}",
                   args, files,
                   keep=(victim,), exits=frozenset({1}))
    # batches and page sets
    yield Case("output", "batch/existing-member", ("map", "generate", "--seed", "1", "-n", "3",
                                                   "-o", "maps/"),
               {"maps/map-2.yaml": "mine\n"}, keep=("maps/map-2.yaml",), check=_refused,
               exits=frozenset({1}))
    yield Case("output", "batch/force", ("map", "generate", "--seed", "1", "-n", "3", "-o",
                                         "maps/", "--force"),
               {"maps/map-2.yaml": "mine\n", "maps/other.txt": "keep\n"},
               keep=("maps/other.txt",), exits=frozenset({0}))
    yield Case("output", "batch/where-existing-member",
               ("map", "generate", "--seed", "1", "-n", "3", "--where", "balance>=0", "-o",
                "maps/"),
               {"maps/map-2.yaml": "mine\n"}, keep=("maps/map-2.yaml",), check=_refused,
               exits=frozenset({1}))
    yield Case("output", "batch/where-force",
               ("map", "generate", "--seed", "1", "-n", "3", "--where", "balance>=0", "-o",
                "maps/", "--force"),
               {"maps/map-2.yaml": "mine\n", "maps/other.txt": "keep\n"},
               keep=("maps/other.txt",), exits=frozenset({0}))
    yield Case("output", "batch/balloons-existing-member",
               ("map", "generate", "--game", "balloons", "--seed", "1", "-n", "3", "-o",
                "maps/"),
               {"maps/map-3.yaml": "mine\n"}, keep=("maps/map-3.yaml",), check=_refused,
               exits=frozenset({1}))
    yield Case("output", "view/default-existing", ("view", "game.moves.yaml"),
               {"view.html": "precious\n"}, keep=("view.html",), check=_refused,
               exits=frozenset({1}))
    yield Case("output", "view/illegal-existing", ("view", "bad.moves.yaml"),
               {"view.html": "precious\n", "bad.moves.yaml": _illegal_moves()},
               keep=("view.html",), check=_refused, exits=frozenset({1}))
    yield Case("output", "batch/into-file", ("map", "generate", "-n", "2", "-o", "map.yaml"),
               keep=("map.yaml",), exits=frozenset({2}))
    yield Case("output", "pages/stale", ("board", "map.yaml", "--paper", "a3", "-o", "b.svg"),
               {"b-p01.svg": "old", "b-p02.svg": "old", "b-p09.svg": "old"},
               keep=("b-p01.svg", "b-p09.svg"), check=_refused, exits=frozenset({1}))
    yield Case("output", "pages/stale-forced", ("board", "map.yaml", "--paper", "a3", "-o",
                                                "b.svg", "--force"),
               {"b-p09.svg": "old", "b-p1.svg.bak": "keep"}, keep=("b-p1.svg.bak",),
               check=_gone("b-p09.svg"), exits=frozenset({0}))
    yield Case("output", "stale-temporary", ("map", "generate", "--seed", "2", "-o", "m.yaml"),
               {".skyhex-999999999-dead.tmp": Old("half"), ".skyhex-old.tmp": Old("half"),
                ".skyhex-1-alive.tmp": Old("init is alive")},
               check=_gone(".skyhex-999999999-dead.tmp", ".skyhex-old.tmp"),
               keep=(".skyhex-1-alive.tmp",), exits=frozenset({0}))


def _illegal_moves() -> bytes:
    """The golden two-player game with its sixth entry made illegal (a page is still written
    up to it)."""
    entries = base_files()["game.moves.yaml"].split(b"\n- ")
    entries[5] = entries[5].replace(b"player: ", b"player: X", 1)
    return b"\n- ".join(entries)


def _link_kept(link: str, real: str) -> Callable[[Outcome], str | None]:
    def check(outcome: Outcome) -> str | None:
        path = outcome.folder / link
        if not path.is_symlink():
            return f"clobbered: {link} is no longer a symlink"
        if (outcome.folder / real).read_bytes() == b"old\n":
            return f"clobbered: {real} was not written through {link}"
        return None
    return check


def _gone(*names: str) -> Callable[[Outcome], str | None]:
    def check(outcome: Outcome) -> str | None:
        left = [n for n in names if (outcome.folder / n).exists()]
        return f"clobbered: {left[0]} is still there" if left else None
    return check


def _no_file(name: str) -> Callable[[Outcome], str | None]:
    def check(outcome: Outcome) -> str | None:
        return f"truncation: {name} left half-written" if (outcome.folder / name).exists() \
            else None
    return check


# --- extreme options ---------------------------------------------------------------------------

R12 = None


def _radius_12_map() -> str:
    """A custom map of the 1,407 hexes of a radius-12 board."""
    from skyhex.rules.hexgrid import Hex

    lines = ["format: skyhex.map/1", "game: paragliders", "layout: custom", "hexes:"]
    hexes = [Hex(q, r) for q in range(-36, 37) for r in range(-36, 37)
             if max(abs(q), abs(r), abs(q + r)) <= 21]
    for h in hexes[:1407]:
        lines.append(f"  - {{q: {h.q}, r: {h.r}, terrain: field}}")
    return "\n".join(lines) + "\n"


def _largest_globe() -> str:
    """A Balmy Balloonists globe as large as the schema lets it be: 12 lanes, 64 sections of
    40 spaces a lane, 20,000 spaces in 200 zones."""
    lines = ["format: skyhex.map/1", "game: balloons", "lanes: 12", "sections:"]
    for quadrant in range(1, 17):
        lines += [f"- {{quadrant: {quadrant}, line: red, spaces: [{', '.join(['40'] * 12)}]}}"]*4
    lines.append("zones:")
    for z in range(200):
        spaces = ", ".join(f"[{1 + k % 12}, {k % 2000}]" for k in range(z * 100, z * 100 + 100))
        lines.append(f"- {{name: Z{z}, kind: exclusion, spaces: [{spaces}]}}")
    return "\n".join(lines) + "\n"


def options() -> Iterator[Case]:
    extreme = [
        ("count-huge", ("map", "generate", "--count", "1000000000", "-o", "maps/")),
        ("count-zero", ("map", "generate", "--count", "0")),
        ("count-negative", ("map", "generate", "--count", "-5")),
        ("count-digits", ("map", "generate", "--count", "9" * 5000)),
        ("radius-13", ("map", "generate", "--radius", "13")),
        ("radius-huge", ("map", "generate", "--radius", "99999999999999999999")),
        ("seed-digits", ("map", "generate", "--seed", "9" * 5000)),
        ("seed-negative", ("map", "generate", "--seed", "-1")),
        ("aerodromes", ("map", "generate", "--aerodromes", "99")),
        ("difficulty", ("map", "generate", "--game", "turbulences", "--difficulty",
                        "\x1b[2Jimpossible")),
        ("hex-mm-huge", ("board", "map.yaml", "--hex-mm", "1e308", "-o", "-")),
        ("hex-mm-nan", ("board", "map.yaml", "--hex-mm", "nan", "-o", "-")),
        ("hex-mm-inf", ("board", "map.yaml", "--hex-mm", "inf", "-o", "-")),
        ("hex-mm-tiny", ("board", "map.yaml", "--hex-mm", "1e-300", "-o", "-")),
        ("pages-too-many", ("board", "r12.yaml", "--hex-mm", "60", "--paper", "a4", "-o", "b.svg")),
        ("pages-spread", ("board", "spread.yaml", "--hex-mm", "60", "--paper", "a4", "-o",
                          "b.svg")),
        ("poster-spread", ("board", "spread.yaml", "--hex-mm", "60", "-o", "b.svg")),
        ("until-huge", ("replay", "game.moves.yaml", "--until", "9" * 40)),
        ("until-digits", ("replay", "game.moves.yaml", "--until", "9" * 5000)),
        ("at-huge", ("board", "game.moves.yaml", "--at", "9" * 30, "-o", "b.svg")),
        ("players", ("scenario", "new", "--players", "100", "-o", "-")),
        ("title-huge", ("scenario", "new", "--title", "T" * 100_000, "-o", "new.yaml")),
        ("title-not-utf8", ("scenario", "new", "--title", "T\udcff", "-o", "new.yaml")),
        ("schema-unknown", ("schema", "\x1b[2J" + "x" * 1000)),
        ("many-files", ("map", "check", *(["map.yaml"] * 40))),
        ("many-missing", ("map", "check", *[f"missing-{i}.yaml" for i in range(200)])),
        ("max-draws-huge", ("map", "generate", "--where", "balance>=0", "--max-draws",
                            "9" * 30)),
        ("max-draws-digits", ("map", "generate", "--where", "balance>=0", "--max-draws",
                              "9" * 5000)),
        ("where-batch-huge", ("map", "generate", "-n", "10000", "--where", "balance>=101",
                              "-o", "maps/")),
        ("where-impossible", ("map", "generate", "--where", "balance>=101", "--max-draws", "3")),
        ("where-digits", ("map", "generate", "--where", "balance>=" + "9" * 5000,
                          "--max-draws", "2")),
        ("where-control", ("map", "generate", "--where", "\x1b]0;owned\x07balance>=1")),
        ("where-long-field", ("map", "generate", "--where", "x" * 5000 + ">=1")),
        ("where-many", ("map", "generate", *["--where", "balance>=-1"] * 500,
                        "--max-draws", "2")),
        ("where-nan", ("map", "generate", "--where", "balance>=nan", "--max-draws", "2")),
        ("where-other-game", ("map", "generate", "--game", "balloons", "--where",
                              "balance>=0")),
        ("balloons-players", ("scenario", "new", "--game", "balloons", "--players", "100",
                              "-o", "-")),
        ("balloons-radius", ("map", "generate", "--game", "balloons", "--radius", "12")),
        ("balloons-count-huge", ("map", "generate", "--game", "balloons", "--count",
                                 "1000000000", "-o", "maps/")),
        ("view-seat-unknown", ("view", "bgame.moves.yaml", "--seat", "\x1b[2J" + "s" * 5000,
                               "-o", "-")),
        ("view-seat-many", ("view", "bgame.moves.yaml", *["--seat", "red"] * 500, "-o", "-")),
        ("view-seat-and-referee", ("view", "bgame.moves.yaml", "--seat", "red", "--referee",
                                   "-o", "-")),
        ("view-log-no-scenario", ("view", "game.ndjson", "-o", "-")),
        ("view-stdin-twice", ("view", "-", "--scenario", "-", "-o", "-")),
        ("stats-many-files", ("map", "stats", *(["bmap.yaml"] * 40))),
        ("globe-largest-check", ("map", "check", "globe.yaml")),
        ("globe-largest-pages", ("board", "globe.yaml", "--hex-mm", "60", "--paper", "a4",
                                 "-o", "b.svg")),
        ("stats-mixed-games", ("map", "stats", "bmap.yaml", "tmap.yaml", "map.yaml")),
        # the bots and analytics
        ("bot-unknown", ("bot", "scenario.yaml", "--bot", "\x1b[2Jclever" + "c" * 5000)),
        ("bot-budget-digits", ("bot", "scenario.yaml", "--bot", "search:" + "9" * 5000)),
        ("bot-budget-huge", ("bot", "scenario.yaml", "--bot", "search:" + "9" * 30)),
        ("bot-budget-zero", ("bot", "scenario.yaml", "--bot", "search:0")),
        ("bot-seat-unknown", ("bot", "scenario.yaml", "--seat", "\x1b[2J" + "s" * 5000)),
        ("bot-seat-waiting", ("bot", "scenario.yaml", "--seat", "Bea")),
        ("bot-format", ("bot", "scenario.yaml", "--format", "\x1b[2Jxml")),
        ("selfplay-bots-empty", ("selfplay", "scenario.yaml", "--bots", ",", "-o", "-")),
        ("selfplay-bots-unknown", ("selfplay", "scenario.yaml", "--bots", "greedy,\x1b]0;x",
                                   "-o", "-")),
        ("selfplay-cap-digits", ("selfplay", "scenario.yaml", "--cap", "9" * 5000, "-o", "-")),
        ("selfplay-cap-zero", ("selfplay", "scenario.yaml", "--cap", "0", "-o", "-")),
        ("play-seat-bot-unknown", ("play", "scenario.yaml", "--seat", "Bea=bot:clever")),
        ("play-seat-unknown", ("play", "scenario.yaml", "--seat", "\x1b[2J" + "s" * 5000
                               + "=stdio")),
        ("play-seat-no-equals", ("play", "scenario.yaml", "--seat", "Bea")),
        ("play-seat-many", ("play", "scenario.yaml", *["--seat", "Bea=bot:random"] * 500,
                            "--cap", "1")),
        ("tournament-bots-one", ("tournament", "scenario.yaml", "--bots", "greedy")),
        ("tournament-bots-twice", ("tournament", "scenario.yaml", "--bots", "greedy,greedy")),
        ("tournament-games-huge", ("tournament", "scenario.yaml", "--games", "9" * 30)),
        ("tournament-workers-huge", ("tournament", "scenario.yaml", "--workers", "9" * 30)),
        ("tournament-format", ("tournament", "scenario.yaml", "--format", "\x1b[2Jxml")),
        ("tournament-moves", ("tournament", "game.moves.yaml", "--bots", "random,greedy",
                              "--games", "1", "--cap", "1", "--workers", "1")),
        ("analyze-nothing", ("analyze",)),
        ("analyze-both", ("analyze", "map.yaml", "--generate", "2")),
        ("analyze-generate-huge", ("analyze", "--generate", "9" * 30, "-o", "rows.ndjson")),
        ("analyze-games-digits", ("analyze", "--generate", "1", "--games", "9" * 5000)),
        ("analyze-bots-unknown", ("analyze", "--generate", "1", "--bots", "\x1b[2Jclever")),
        ("analyze-bots-empty", ("analyze", "--generate", "1", "--bots", ",,")),
        ("analyze-resume-stdout", ("analyze", "--generate", "1", "--resume")),
        ("analyze-players", ("analyze", "--generate", "1", "--players", "100", "--games", "1",
                             "--workers", "1", "-o", "rows.ndjson")),
        ("analyze-moves-file", ("analyze", "game.moves.yaml", "--games", "1", "--workers",
                                "1", "-o", "rows.ndjson")),
        ("analyze-log-file", ("analyze", "game.ndjson", "--games", "1", "--workers", "1",
                              "-o", "rows.ndjson")),
        ("analyze-missing", ("analyze", "missing.yaml", "-o", "rows.ndjson")),
        ("analyze-html-is-input", ("analyze", "map.yaml", "--games", "1", "--cap", "1",
                                   "--workers", "1", "-o", "rows.ndjson", "--html",
                                   "map.yaml")),
    ]
    spread = ("format: skyhex.map/1\ngame: paragliders\nlayout: custom\nhexes:\n"
              "  - {q: -1000, r: 0, terrain: field}\n  - {q: 1000, r: 0, terrain: field}\n"
              "  - {q: 0, r: -1000, terrain: field}\n  - {q: 0, r: 1000, terrain: field}\n")
    files: dict[str, Content] = {"r12.yaml": _radius_12_map(), "spread.yaml": spread,
                                 "globe.yaml": _largest_globe()}
    for name, args in extreme:
        yield Case("options", name, args, files)


def corpus(full: bool = True) -> list[Case]:
    """The hostile inputs of the suite: every one, or (``full=False``, the run of CI) each
    malformed document and each hostile reference through one of the commands that read
    it, and every other input."""
    cases = [*malformed(full), *references(full), *injections(), *outputs(), *options()]
    ids = [c.id for c in cases]
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1][:5]
    return cases


CATEGORIES = ("malformed", "reference", "injection", "output", "options")
