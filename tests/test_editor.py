"""Editors check skyhex files as they are typed: the real yaml-language-server (what VS Code's
YAML extension runs; installed from tests/editor/package.json by ``.ci/run``) resolves the
schemas that the files name on their first line, finds nothing to say about an example and
points at each mistake of a broken file."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from skyhex.cli.scenario import schema_text
from skyhex.schemas import names

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "tests" / "editor" / "node_modules" / ".bin" / "yaml-language-server"
MODELINE = re.compile(r"#\s*yaml-language-server:\s*\$schema=(\S+)")


def test_example_schemas_are_up_to_date() -> None:
    """examples/schemas/ is what `skyhex schema --write examples/schemas` writes with
    skyhex's own games (an installed plugin's schema files join the published ones)."""
    from skyhex.rules import games as registry

    if registry.names() != registry.declared_by(registry.HOME):
        pytest.skip("a game plugin is installed: the schemas hold its files too")
    folder = ROOT / "examples" / "schemas"
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"{n}.schema.json" for n in names())
    for n in names():
        assert (folder / f"{n}.schema.json").read_text() == schema_text(n), n


def test_every_modeline_names_a_schema_that_exists() -> None:
    found = 0
    for path in [*ROOT.glob("examples/**/*.yaml"), *ROOT.glob("tests/data/**/*.yaml"),
                 *ROOT.glob("tests/golden/*.yaml")]:
        match = MODELINE.search(path.read_text().split("\n", 1)[0])
        if match is None:
            continue
        found += 1
        assert (path.parent / match[1]).is_file(), path
    assert found >= 13


class Server:
    """A yaml-language-server over standard input and output (LSP's JSON-RPC framing)."""

    def __init__(self, root: Path) -> None:
        self.process = subprocess.Popen([str(SERVER), "--stdio"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.send({"id": 1, "method": "initialize",
                   "params": {"processId": os.getpid(), "rootUri": root.as_uri(),
                              "capabilities": {}}})
        while self.read().get("id") != 1:
            pass
        self.send({"method": "initialized", "params": {}})
        self.send({"method": "workspace/didChangeConfiguration",
                   "params": {"settings": {"yaml": self.settings()}}})

    @staticmethod
    def settings() -> dict[str, Any]:
        return {"validate": True, "schemaStore": {"enable": False}}

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.process.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        self.process.stdin.flush()

    def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        length = 0
        while True:
            line = self.process.stdout.readline()
            assert line, "the server stopped"
            if not line.strip():
                break
            key, _, value = line.decode().partition(":")
            if key.lower() == "content-length":
                length = int(value)
        message: dict[str, Any] = json.loads(self.process.stdout.read(length))
        return message

    def diagnostics(self, path: Path) -> list[dict[str, Any]]:
        """What the server reports on opening ``path``."""
        uri = path.resolve().as_uri()
        self.send({"method": "textDocument/didOpen",
                   "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                               "text": path.read_text()}}})
        while True:
            message = self.read()
            method = message.get("method")
            if "id" in message and method is not None:  # a request of the server's
                result: Any = None
                if method == "workspace/configuration":
                    result = [self.settings() if item.get("section") == "yaml" else None
                              for item in message["params"]["items"]]
                self.send({"id": message["id"], "result": result})
            elif (method == "textDocument/publishDiagnostics"
                  and message["params"]["uri"] == uri):
                found: list[dict[str, Any]] = message["params"]["diagnostics"]
                return found

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


@pytest.fixture(scope="module")
def server() -> Any:
    if not SERVER.exists() or shutil.which("node") is None:
        if os.environ.get("CI"):
            pytest.fail("yaml-language-server is not installed: .ci/run runs npm ci in "
                        "tests/editor")
        pytest.skip("yaml-language-server is not installed (npm ci --prefix tests/editor)")
    s = Server(ROOT)
    yield s
    s.close()


@pytest.mark.parametrize("example", ["scenarios/two-players.yaml", "scenarios/turbulences-4.yaml",
                                     "scenarios/mid-game.yaml", "games/solo-cross.moves.yaml",
                                     "games/turbulences-2.moves.yaml"])
def test_the_language_server_accepts_the_examples(server: Server, example: str) -> None:
    assert server.diagnostics(ROOT / "examples" / example) == []


def test_the_language_server_points_at_each_mistake(server: Server, tmp_path: Path) -> None:
    text = (ROOT / "examples" / "scenarios" / "two-players.yaml").read_text()
    text = text.replace("$schema=../schemas/", f"$schema={ROOT / 'examples' / 'schemas'}/")
    broken = text.replace("title:", "titel:", 1).replace("altitude_track: easy",
                                                          "altitude_track: eazy", 1)
    assert broken != text and "eazy" in broken
    path = tmp_path / "broken.yaml"
    path.write_text(broken)
    found = server.diagnostics(path)
    lines = broken.splitlines()
    places = {(d["range"]["start"]["line"], d["message"]) for d in found}
    title_line = next(i for i, line in enumerate(lines) if line.startswith("titel:"))
    track_line = next(i for i, line in enumerate(lines) if "eazy" in line)
    assert (title_line, "Property titel is not allowed.") in places
    assert any(line == track_line for line, _ in places)
    assert not any("Unable to load schema" in message for _, message in places)


def test_a_new_scenario_names_a_schema_beside_it(server: Server, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from skyhex.cli import app

    out = tmp_path / "s.yaml"
    r = CliRunner().invoke(app, ["scenario", "new", "-o", str(out), "--seed", "3"])
    assert r.exit_code == 0, r.stderr
    assert r.stderr.endswith(f"; {tmp_path / 'scenario.schema.json'} for editors\n")
    match = MODELINE.search(out.read_text().split("\n", 1)[0])
    assert match is not None and (tmp_path / match[1]).read_text() == schema_text("scenario")
    assert server.diagnostics(out) == []
