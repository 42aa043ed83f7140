"""The replay page in a real browser: headless Chromium from the system's packages (Debian's
``chromium``, which ``.ci/run`` installs when it is missing), driven by Playwright for Python
pointed at that browser (``executable_path``: Playwright never downloads one of its own).

For a golden game of each game, the page is opened from its file, stepped through with the
keyboard, and what it shows (each pilot's altitude and score track, each company's
deliveries, the final scores) is checked at several positions against the log; ``#e=N``
links, the event list, play and pause, the seat selector, the dark colour scheme and the
accessible names are tried too. Any console error, page error or network request fails the
test. The page's size and its time to interactive (from navigation start until the script
is ready, ``window.skyhexReady``) are printed, and must stay under 2 MB and 1 s for the
four-player game. Screenshots go to the test's temporary folder.

Without Chromium the module is skipped, except under CI (``CI`` set), where it fails.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from .conftest import run
from .test_view import plain_page
from .viewing import (
    GOLDEN,
    HOSTILE_TITLE,
    deliveries_after,
    hostile_moves,
    log_of,
    page_data,
    pilots_after,
)

MB2 = 2 * 1024 * 1024



class Tab:
    """A page of the browser that records every console error, page error and request
    beyond the page's own file."""

    def __init__(self, browser: Any, path: Path, fragment: str = "", *, dark: bool = False):
        self.url = path.resolve().as_uri()
        self.problems: list[str] = []
        self.page = browser.new_page(viewport={"width": 1400, "height": 1000},
                                     color_scheme="dark" if dark else "light")
        self.page.on("console", lambda m: self.problems.append(f"console {m.type}: {m.text}")
                     if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        self.page.on("request", lambda r: self.problems.append(f"request: {r.url}")
                     if r.url.split("#")[0] != self.url else None)
        self.page.goto(self.url + fragment)
        self.until("document.documentElement.dataset.ready === 'true'")
        self.ready_ms: float = self.page.evaluate("window.skyhexReady")

    def until(self, condition: str, seconds: float = 5.0) -> None:
        """Wait until ``condition`` (JavaScript) holds. Playwright's own waiting evaluates
        strings with ``eval``, which the page's Content Security Policy forbids."""
        deadline = time.monotonic() + seconds
        while not self.page.evaluate(condition):
            assert time.monotonic() < deadline, f"still not {condition}"
            time.sleep(0.02)

    def key(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)

    @property
    def seq(self) -> int:
        fragment = self.page.evaluate("location.hash")
        assert fragment.startswith("#e="), fragment
        return int(fragment[3:])

    def cell(self, card: str, key: str) -> str:
        text: str = self.page.locator(f'[data-card="{card}"] tr[data-key="{key}"] td'
                                      ).inner_text()
        return text

    def current_in_sight(self) -> bool:
        """Whether the current event's line lies within the event list's visible box."""
        box = self.page.locator("#events").bounding_box()
        line = self.page.locator("#events li[aria-current=true]").bounding_box()
        return bool(box["y"] <= line["y"] and line["y"] + line["height"] <= box["y"] + box["height"])

    def scores(self) -> dict[str, int]:
        rows = self.page.locator("#scores tbody tr")
        return {rows.nth(i).get_attribute("data-player"):
                int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(rows.count())}

    def close(self) -> None:
        assert self.problems == []
        self.page.close()


def make_page(tmp_path: Path, name: str, *flags: str) -> tuple[Path, dict[str, Any]]:
    out = tmp_path / f"{name}{''.join(flags)}.html"
    r = run("view", str(GOLDEN / f"{name}.moves.yaml"), *flags, "-o", str(out))
    assert r.exit_code == 0, r.stderr
    return out, page_data(out.read_text())


def step_end(data: dict[str, Any], seq: int) -> int:
    """How many events of the log the state shown at event ``seq`` has seen: those up to
    the end of its step."""
    step = data["steps"][data["events"][seq]["step"]]
    return int(step["first"] + step["count"])


def report(name: str, path: Path, tab: Tab) -> None:
    figures = {"page": name, "bytes": path.stat().st_size, "interactive_ms": round(tab.ready_ms)}
    print(f"\nskyhex view {json.dumps(figures)}")


def test_a_paragliders_game_in_the_browser(browser: Any, tmp_path: Path) -> None:
    name = "four-players"
    path, data = make_page(tmp_path, name)
    log = log_of(name)
    tab = Tab(browser, path)
    report(name, path, tab)
    assert path.stat().st_size < MB2
    assert tab.ready_ms > 0  # the page said it is ready (its time: python -m benchmarks)
    page = tab.page

    def check(where: str) -> None:
        seq = tab.seq
        expected = pilots_after(log[:step_end(data, seq)])
        for pilot, (altitude, score) in expected.items():
            assert tab.cell(pilot, "altitude") == altitude, (where, seq, pilot)
            assert tab.cell(pilot, "score track") == f"{score} VP", (where, seq, pilot)
        assert page.locator("#events li[aria-current=true]").get_attribute("id") == \
            f"event-{seq}"
        assert page.locator("#slider").input_value() == str(seq)
        assert tab.current_in_sight(), where
        page.screenshot(path=str(tmp_path / f"{name}-{where}.png"))

    tab.key("ArrowRight", 12)
    assert tab.seq == 12
    check("event")
    tab.key("Shift+ArrowRight", 15)
    assert data["events"][tab.seq]["seq"] == data["steps"][data["events"][tab.seq]["step"]][
        "first"]
    check("action")
    before = tab.seq
    tab.key("PageDown", 6)
    assert tab.seq == [i for i, e in enumerate(log) if e["type"] == "round" and i > before][5]
    check("round")
    tab.key("Shift+ArrowLeft")
    tab.key("ArrowLeft", 2)
    check("back")
    tab.key("End")
    assert tab.seq == len(log) - 1
    assert "game over" in page.locator("#status").inner_text()
    assert tab.scores() == {s["player"]: s["score"] for s in log[-1]["scores"]}
    assert page.locator("#scores-note").inner_text() == "Final scores."
    check("end")
    tab.key("Home")
    assert tab.seq == 0
    tab.key(" ")
    assert page.locator("#play").get_attribute("aria-pressed") == "true"
    tab.until("location.hash !== '#e=0'")
    tab.key(" ")
    assert page.locator("#play").get_attribute("aria-pressed") == "false"
    assert page.locator("#play").inner_text() == "Play"

    page.locator("#slider").focus()  # the slider's own keys move it; Space still plays
    tab.key("ArrowLeft", 3)
    assert page.locator("#slider").input_value() == str(tab.seq)
    tab.key(" ")
    assert page.locator("#play").get_attribute("aria-pressed") == "true"
    tab.key(" ")
    assert page.locator("#play").get_attribute("aria-pressed") == "false"

    page.locator("#event-30 a").click()
    assert tab.seq == 30 and page.locator("#event-30").get_attribute("aria-current") == "true"
    check("clicked")

    # the accessible names a screen reader reads
    assert page.get_by_role("slider", name="Position in the game, by event").count() == 1
    for button in ("Start", "Round", "Action", "Event", "Play", "End"):
        assert page.get_by_role("button", name=button).count() >= 1
    assert page.get_by_role("img", name="The board of Club championship").count() == 1
    assert page.get_by_role("status").count() == 1
    assert page.locator("#seat").is_disabled()
    tab.close()

    linked = Tab(browser, path, "#e=77")
    assert linked.seq == 77
    assert linked.page.locator("#event-77").get_attribute("aria-current") == "true"
    assert linked.current_in_sight()
    expected = pilots_after(log[:step_end(data, 77)])
    assert {p: linked.cell(p, "altitude") for p in expected} == \
        {p: a for p, (a, _) in expected.items()}
    linked.page.evaluate("location.hash = '#e=5'")
    linked.until("document.querySelector('#event-5').getAttribute('aria-current') === 'true'")
    linked.close()

    dark = Tab(browser, path, "#e=40", dark=True)
    background = dark.page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(21, 23, 26)"
    dark.page.screenshot(path=str(tmp_path / f"{name}-dark.png"))
    dark.close()


def test_a_turbulences_game_in_the_browser(browser: Any, tmp_path: Path) -> None:
    name = "turbulences-2"
    path, data = make_page(tmp_path, name, "--referee")
    log = log_of(name)
    tab = Tab(browser, path)
    report(f"{name} --referee", path, tab)
    page = tab.page

    def check(where: str) -> None:
        expected = deliveries_after(log[:step_end(data, tab.seq)])
        for company, count in expected.items():
            assert tab.cell(company, "delivered").split(":")[0] == str(count), (where, company)
        page.screenshot(path=str(tmp_path / f"{name}-{where}.png"))

    tab.key("PageDown", 4)
    check("round")
    tab.key("Shift+ArrowRight", 9)
    check("action")
    tab.key("End")
    check("end")
    assert tab.scores() == {s["player"]: s["score"] for s in log[-1]["scores"]}
    weights = {p["parcel"]: p["weight"] for p in log[0]["parcels"]}
    delivered = [p for e in log if e["type"] == "delivered" and e["company"] == "blue"
                 for p in e["parcels"]]
    text = tab.cell("blue", "delivered")
    assert all(f"{p} {weights[p]} kg" in text for p in delivered)
    page.select_option("#seat", label="red")
    assert "What red may know" in page.locator("#seat-note").inner_text()
    text = tab.cell("blue", "delivered")
    assert all(f"{p} ? kg" in text for p in delivered), text
    page.screenshot(path=str(tmp_path / f"{name}-as-red.png"))
    page.locator("#prev-step").click()  # the select has the focus: its arrows are its own
    page.locator("#prev-step").click()
    assert page.locator("#seat option:checked").inner_text() == "red"
    assert page.locator("#scores-note").inner_text() == \
        "Not known to this player until the end of the game."
    tab.close()

    seat_path, _ = make_page(tmp_path, name, "--seat", "red")
    seat = Tab(browser, seat_path, f"#e={len(log) - 2}")
    body = seat.page.locator("body").inner_text()
    for parcel, weight in weights.items():
        if parcel.startswith("blue-"):
            assert f"{parcel} {weight} kg" not in body
    assert seat.page.locator("#seat").is_disabled()
    seat.close()


def test_text_from_files_stays_text_in_the_browser(browser: Any, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "hostile.html"
    assert run("view", str(hostile_moves(tmp_path)), "-o", str(out)).exit_code == 0
    tab = Tab(browser, out)
    assert tab.page.locator("h1").inner_text() == HOSTILE_TITLE
    assert tab.page.evaluate("window.pwned") is None
    assert tab.page.title() == f"{HOSTILE_TITLE} - skyhex replay"
    tab.close()


def test_a_page_without_a_board_in_the_browser(browser: Any, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "plain.html"
    out.write_text(plain_page(monkeypatch))
    tab = Tab(browser, out)
    tab.key("End")
    assert "game over" in tab.page.locator("#status").inner_text()
    assert tab.cell("yellow", "player") == "yellow"
    tab.close()
