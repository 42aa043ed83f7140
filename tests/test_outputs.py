"""Outputs that never lie (docs/security.md, cli/files.py), where a real process is needed:
signals during a batch, two batches into one folder, descriptors the shell opened, and the
temporary files a killed run leaves. The other output failures are in the hostile-input
suite (tests/hostile/corpus.py, category ``output``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from skyhex.cli.files import stale_temporaries, write_output

from .conftest import ROOT, run

SKYHEX = [sys.executable, "-c", "from skyhex.cli import main; main()"]


def _start_batch(folder: Path, *extra: str) -> subprocess.Popen[bytes]:
    # Ctrl-C as a terminal sends it: a test run started in the background (where the shell
    # ignores SIGINT, and the child inherits that, as it should) still delivers it.
    return subprocess.Popen([*SKYHEX, "map", "generate", "--seed", "1", "--count", "3000",
                             "-o", str(folder), *extra], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _wait_for_maps(folder: Path, count: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if folder.exists() and sum(1 for p in folder.iterdir() if p.suffix == ".yaml") >= count:
            return
        time.sleep(0.05)
    raise AssertionError("the batch did not start")


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupted_batch_keeps_what_it_finished_whole(tmp_path: Path, sig: int) -> None:
    folder = tmp_path / "maps"
    batch = _start_batch(folder)
    _wait_for_maps(folder, 3)
    batch.send_signal(sig)
    _, err = batch.communicate(timeout=30)
    assert batch.returncode == 128 + sig
    lines = err.decode().splitlines()
    assert lines[-1] == "skyhex: interrupted" and "each whole" in lines[-2]
    written = sorted(folder.iterdir())
    assert written and all(p.name.startswith("map-") for p in written)  # no temporary file
    for p in written:
        assert yaml.safe_load(p.read_text())["format"] == "skyhex.map/1"
    assert f"wrote {len(written)} of 3000 maps" in lines[-2]


def test_two_batches_into_one_folder(tmp_path: Path) -> None:
    folder = tmp_path / "maps"
    first = _start_batch(folder)
    try:
        _wait_for_maps(folder, 1)
        second = run("map", "generate", "--seed", "5000", "--count", "3", "-o", str(folder))
        assert second.exit_code == 1
        assert second.stderr == (f"skyhex: error: cannot write {folder}: another skyhex "
                                 "command is writing into this folder\n")
    finally:
        first.kill()
        first.communicate()


def test_a_descriptor_the_shell_opened_is_written_to(tmp_path: Path) -> None:
    """``-o >(gzip)`` passes ``/dev/fd/N``: a pipe written to directly."""
    read, write = os.pipe()
    board = subprocess.run([*SKYHEX, "board", str(ROOT / "examples" / "maps" /
                                                  "standard-seed-7.yaml"),
                            "-o", f"/dev/fd/{write}"], pass_fds=(write,), capture_output=True,
                           check=False, timeout=60)
    os.close(write)
    with os.fdopen(read, "rb") as f:
        svg = f.read()
    assert board.returncode == 0, board.stderr
    assert svg.startswith(b"<?xml") and svg.rstrip().endswith(b"</svg>")


def test_temporary_files_of_killed_runs_are_recognised(tmp_path: Path) -> None:
    dead = tmp_path / ".skyhex-999999999-abc123.tmp"
    mine = tmp_path / f".skyhex-{os.getpid()}-abc123.tmp"
    young = tmp_path / ".skyhex-999999998-abc123.tmp"
    anonymous = tmp_path / ".skyhex-abc123.tmp"
    other = tmp_path / ".skyhex-notes.txt"
    for p in (dead, mine, young, anonymous, other):
        p.write_text("half")
    past = time.time() - 2 * 86400
    for p in (dead, mine, anonymous):
        os.utime(p, (past, past))
    assert stale_temporaries(str(tmp_path)) == sorted([str(dead), str(anonymous)])
    write_output(str(tmp_path / "new.yaml"), "x: 1\n", force=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [mine.name, young.name, other.name, "new.yaml"])


def _on_a_terminal(*args: str) -> tuple[int, str]:
    """Run ``skyhex ARGS`` with its stderr on a pseudo-terminal: its exit code and what the
    terminal received."""
    import pty

    master, slave = pty.openpty()
    child = subprocess.Popen([*SKYHEX, *args], stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    return child.wait(timeout=60), shown.decode()


def test_a_long_where_search_shows_how_it_goes_and_stops_cleanly() -> None:
    """A person watching sees the seeds drawn so far (a line rewritten in place, cleared
    before the result); the search ends in one error line when no seed meets the
    condition."""
    code, shown = _on_a_terminal("map", "generate", "--seed", "1", "--where", "balance>=101",
                                 "--max-draws", "2000")  # long enough to tick (each 0.5 s)
    assert code == 1
    ticks = [part for part in shown.split("\r") if "seeds drawn" in part]
    assert ticks and ticks[0].startswith("map 1 of 1: ")
    assert shown.endswith("\rskyhex: error: no map meets balance>=101 in 2000 draws "
                          "(seeds 1-2000) [where]\r\n")
    assert "\x1b" not in shown


def test_a_where_search_shows_nothing_to_a_pipe() -> None:
    done = subprocess.run([*SKYHEX, "map", "generate", "--seed", "1", "--where", "balance>=101",
                           "--max-draws", "5"], capture_output=True, check=False)
    assert done.returncode == 1
    assert done.stderr == b"skyhex: error: no map meets balance>=101 in 5 draws (seeds " \
        b"1-5) [where]\n"


def test_an_output_naming_the_file_behind_standard_input_is_refused(tmp_path: Path) -> None:
    """``skyhex board - -o /dev/stdin < m.yaml`` (or ``/proc/self/fd/0``, ``/dev/fd/0``)
    would write over the map it reads: the output is recognised by what it is, not by its
    name."""
    source = ROOT / "examples" / "maps" / "mapgen1-seed-7.yaml"
    m = tmp_path / "m.yaml"
    m.write_bytes(source.read_bytes())
    for target in ("/dev/stdin", "/proc/self/fd/0", "/dev/fd/0"):
        with m.open("rb") as given:
            r = subprocess.run([str(Path(sys.executable).parent / "skyhex"), "board", "-", "-o",
                                target], stdin=given, capture_output=True, text=True,
                               timeout=60)
        assert (r.returncode, r.stdout) == (1, ""), target
        assert r.stderr == f"skyhex: error: cannot write {target}: it is an input of this " \
                           "command\n"
        assert m.read_bytes() == source.read_bytes()
