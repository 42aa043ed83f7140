"""All the mistakes of a scenario in one run: a corpus of scenarios with several mistakes
each (both games; schema, file and rule mistakes mixed), each reported completely by one
`skyhex scenario validate`, each mistake once, with nothing reported that is not a mistake,
in the one line format of the checking commands and without a Python representation of the
user's data."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .conftest import DATA, run

MULTI = DATA / "multi"

# file: every mistake as (line, column, rule), in the order of the file.
EXPECTED: dict[str, list[tuple[int, int, str]]] = {
    # game: paraglider, altitude_track: eazy, stunt explorr, key weathr
    "p01-game-and-keys.yaml": [(2, 7, "file.game"), (7, 17, "schema.enum"),
                               (8, 21, "schema.enum"), (9, 1, "schema.unknown-key")],
    # blue twice (a rule), a stunt twice, a side 'hard'
    "p02-players.yaml": [(4, 22, "scenario.players"), (6, 21, "schema.uniqueItems"),
                         (7, 24, "schema.enum")],
    # seed: lucky, a map file that is not there, forecast: long
    "p03-missing-map-and-schema.yaml": [(3, 7, "schema.type"), (5, 6, "file.reference"),
                                        (7, 21, "schema.enum")],
    # w01 twice, w99, stunts: nonee
    "p04-weather.yaml": [(7, 32, "scenario.weather"), (7, 88, "scenario.weather"),
                         (8, 9, "schema.enum")],
    # solo race for two, aerodromes on a map without them, tittle
    "p05-solo.yaml": [(6, 18, "scenario.variants"), (6, 36, "scenario.variants"),
                      (8, 1, "schema.unknown-key")],
    # 13:10, turn: purple, wind NNE, a pilot off the map
    "p06-position.yaml": [(9, 9, "position.time"), (10, 9, "position.turn"),
                          (12, 21, "schema.enum"), (14, 34, "position.hex")],
    # Ana twice, colour purpel
    "p07-names.yaml": [(6, 26, "scenario.players"), (7, 14, "schema.enum")],
    # a thermal board without min and max (positions instead), aerodromes: yes-please
    "p08-overrides.yaml": [(8, 5, "schema.required"), (8, 5, "schema.unknown-key"),
                           (15, 24, "schema.type")],
    # solo: cros, one cross marker of the three at least
    "p09-cross.yaml": [(7, 9, "schema.enum"), (9, 5, "schema.minItems")],
    # title: 42, seed: -3, players: yellow
    "p10-types.yaml": [(3, 8, "schema.type"), (4, 7, "schema.minimum"), (5, 10, "schema.type")],
    # region 9, calmm in the wind rose (and no false 'unknown key' for the six good ones)
    "t01-wind-rose.yaml": [(9, 48, "schema.maximum"), (10, 53, "schema.unknown-key")],
    # red twice, region 1 twice, a third biplane (rules), aircraft: jet (schema)
    "t02-companies.yaml": [(8, 14, "scenario.colour"), (8, 46, "scenario.region"),
                           (9, 30, "scenario.aircraft-box"), (10, 30, "schema.enum")],
    # game: turbulence, mode: team
    "t03-mode-and-teams.yaml": [(2, 7, "file.game"), (5, 7, "schema.enum")],
    # players instead of companies, region 7, citty
    "t04-keys.yaml": [(5, 1, "schema.unknown-key"), (7, 46, "schema.maximum"),
                      (8, 51, "schema.unknown-key")],
    # a map file that is not there, mode: clasic, a key airport
    "t05-map-file.yaml": [(4, 6, "file.reference"), (5, 7, "schema.enum"),
                          (8, 64, "schema.unknown-key")],
    # partners on regions 1 and 3 (a rule), membres, a negative wind rose odd
    "t06-teams.yaml": [(12, 11, "setup.adjacent"), (13, 19, "schema.unknown-key"),
                       (14, 16, "schema.minimum")],
}


def test_the_corpus_is_large_and_covers_both_games() -> None:
    names = sorted(p.name for p in MULTI.glob("*.yaml"))
    assert names == sorted(EXPECTED) and len(names) >= 15
    assert sum(n.startswith("t") for n in names) >= 5
    assert all(len(found) >= 2 for found in EXPECTED.values())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_mistake_in_one_run(name: str) -> None:
    path = MULTI / name
    r = run("scenario", "validate", "--format", "json", str(path))
    assert r.exit_code == 1 and r.stderr == ""
    found = json.loads(r.stdout)
    assert [(p["line"], p["column"], p["rule"]) for p in found] == EXPECTED[name]
    assert {p["file"] for p in found} == {str(path)}
    text = run("scenario", "validate", str(path))
    lines = text.stdout.splitlines()
    errors = [line for line in lines if not line.startswith("    hint: ")]
    assert errors[-1] == f"{path}: invalid: {len(found)} error{'s' if len(found) > 1 else ''}"
    for line, problem in zip(errors, found, strict=False):
        assert re.fullmatch(rf"{re.escape(str(path))}:\d+:\d+: error: .+ \[[A-Za-z.-]+\]", line)
        assert line.endswith(f" [{problem['rule']}]")
        assert not re.search(r"\['|\{'|\"\[|\\\\x", problem["message"]), problem["message"]


def test_what_was_meant_is_named() -> None:
    def messages(name: str) -> list[str]:
        r = run("scenario", "validate", "--format", "json", str(MULTI / name))
        return [p["message"] for p in json.loads(r.stdout)]

    assert "did you mean 'paragliders'" in messages("p01-game-and-keys.yaml")[0]
    assert messages("p01-game-and-keys.yaml")[2].startswith(
        "item 2 of stunts: 'explorr' is not one of sky-climber, overflyer")
    assert "(did you mean 'explorer'?)" in messages("p01-game-and-keys.yaml")[2]
    assert messages("p02-players.yaml")[1] == (
        "'overflyer' is repeated: items 1 and 2 of stunts are the same")
    assert messages("t01-wind-rose.yaml")[1] == "unknown key 'calmm' (did you mean 'calm'?)"


def test_a_valid_scenario_stays_valid() -> None:
    for path in (DATA.parent.parent / "examples" / "scenarios").glob("*.yaml"):
        assert run("scenario", "validate", str(path)).exit_code == 0, path


def test_an_unreadable_file_is_one_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: [\n")
    r = run("scenario", "validate", str(bad))
    assert r.exit_code == 1 and r.stdout.count(": error: ") == 1 and "[file.syntax]" in r.stdout
