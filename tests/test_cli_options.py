"""The options that games declare for ``map generate``, ``scenario new`` and ``board``: the
command line offers the union, its help says which games take each, and an option the
chosen game does not take is a usage error (exit code 2) naming the games that do; stdout,
stderr and the exit code apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from skyhex.cli.options import offered
from skyhex.games.face import BOARD, GENERATE, NEW, faces

from .conftest import ROOT, run

SCENARIOS = ROOT / "examples" / "scenarios"


def flat(text: str) -> str:
    """Typer's error box as one line of words."""
    return " ".join(text.replace("│", " ").split())


def takers(command: str, name: str) -> list[str]:
    return [f.name for f in faces() if f.option(name, command) is not None]


@pytest.mark.parametrize("option", ["--forecast short", "--aerodromes 2", "--altitude random",
                                    "--solo race"])
def test_scenario_new_refuses_the_options_of_other_games(workdir: Path, option: str) -> None:
    r = run("scenario", "new", "--game", "turbulences", *option.split(), "-o", "s.yaml")
    assert r.exit_code == 2 and r.stdout == ""
    name = option.split()[0]
    assert f"{name} is for --game paragliders" in flat(r.stderr)
    assert takers(NEW, name[2:]) == ["paragliders"]
    assert not (workdir / "s.yaml").exists()  # refused before anything is written


def test_scenario_new_options_of_the_game_are_taken(workdir: Path) -> None:
    r = run("scenario", "new", "--forecast", "short", "--altitude", "random", "--seed", "3",
            "-o", "s.yaml")
    assert r.exit_code == 0 and r.stdout == ""
    assert r.stderr == "wrote s.yaml and s.map.yaml; scenario.schema.json for editors\n"
    text = (workdir / "s.yaml").read_text()
    assert "  forecast: short\n" in text and "altitude_track: random\n" in text
    r = run("scenario", "new", "--game", "turbulences", "--players", "3", "--night", "--seed",
            "4", "-o", "t.yaml")
    assert r.exit_code == 0 and "night: {paris:" in (workdir / "t.yaml").read_text()


def test_an_option_some_game_lacks_says_what_it_lacks(workdir: Path) -> None:
    r = run("scenario", "new", "--game", "balloons", "--night", "-o", "b.yaml")
    assert r.exit_code == 2 and r.stdout == ""
    assert "--night is for --game turbulences (balloons has no night mode)" in flat(r.stderr)


def test_the_games_own_bounds(workdir: Path) -> None:
    """The command line takes the union of the games' bounds; each game its own."""
    r = run("scenario", "new", "--game", "turbulences", "--players", "1", "-o", "s.yaml")
    assert r.exit_code == 2 and r.stdout == ""
    assert "--players: 1 is not in 2 to 6 for turbulences" in flat(r.stderr)
    r = run("scenario", "new", "--players", "0", "-o", "s.yaml")
    assert r.exit_code == 2 and r.stdout == "" and "--players" in flat(r.stderr)


def test_map_generate_refuses_the_options_of_other_games() -> None:
    r = run("map", "generate", "--game", "turbulences", "--radius", "3")
    assert r.exit_code == 2 and r.stdout == ""
    assert "--radius is for --game paragliders" in flat(r.stderr)
    r = run("map", "generate", "--components", "box.yaml", "--game", "turbulences")
    assert r.exit_code == 2 and r.stdout == ""
    assert "--components is for --game paragliders or balloons" in flat(r.stderr)
    r = run("map", "generate", "--night")
    assert r.exit_code == 2 and r.stdout == ""
    assert "--night is for --game turbulences (paragliders has no night mode)" in flat(r.stderr)


def test_map_generate_takes_the_options_of_the_game() -> None:
    r = run("map", "generate", "--game", "turbulences", "--difficulty", "easy", "--seed", "2")
    assert r.exit_code == 0 and r.stderr == ""
    assert "difficulty: easy" in r.stdout
    r = run("map", "generate", "--radius", "2", "--seed", "2", "--format", "json")
    assert r.exit_code == 0 and r.stderr == "" and '"radius": 2' in r.stdout


def test_board_refuses_the_options_of_other_games(tmp_path: Path) -> None:
    out = tmp_path / "b.svg"
    turbulences = SCENARIOS / "turbulences-2.yaml"
    r = run("board", str(turbulences), "--tracks", "-o", str(out), "--allow-outside-refs")
    assert r.exit_code == 2 and r.stdout == "" and not out.exists()
    assert f"{turbulences} is a turbulences scenario: --tracks is for paragliders or " \
        "balloons boards" in flat(r.stderr)
    r = run("board", str(SCENARIOS / "two-players.yaml"), "--referee", "-o", str(out),
            "--allow-outside-refs")
    assert r.exit_code == 2 and r.stdout == "" and not out.exists()
    assert "--referee is for turbulences boards" in flat(r.stderr)


def test_help_says_which_games_take_each_option() -> None:
    r = run("scenario", "new", "--help")
    assert r.exit_code == 0 and r.stderr == ""
    text = flat(r.stdout)
    assert "--forecast <full|short> Paragliders: Weather forecast variant" in text
    assert "--night Turbulences: A NIGHT FLIGHT game" in text
    assert "-p, --players <int range> Paragliders: 1-4 players (1 plays solo); Turbulences: " \
        "2-6 companies; Balmy Balloonists: 2-4 balloons" in text
    r = run("map", "generate", "--help")
    assert r.exit_code == 0 and "Paragliders, Balmy Balloonists: Component set file" in \
        flat(r.stdout)
    r = run("board", "--help")
    assert r.exit_code == 0 and "--referee Turbulences: The referee's sheet" in flat(r.stdout)


def test_every_declared_option_is_offered_once() -> None:
    for command in (GENERATE, NEW, BOARD):
        names = [o.name for o in offered(command)]
        assert len(names) == len(set(names))
        declared = {o.name for f in faces() for o in f.options if command in o.commands}
        assert set(names) == declared


def test_a_capability_the_game_lacks_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game without map statistics: ``map stats`` says so in one line, exit code 1."""
    import dataclasses
    import sys

    module = sys.modules["skyhex.games.face"]  # the package's ``face`` is the function
    face = module.face
    plain = face("turbulences")
    assert plain.maps is not None
    lacking = dataclasses.replace(plain, maps=dataclasses.replace(plain.maps, stats=None))
    monkeypatch.setattr(module, "face", lambda name: lacking if name == "turbulences"
                        else face(name))
    r = run("map", "stats", str(ROOT / "examples" / "maps" / "turbulences-normal-seed-3.yaml"))
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr == "skyhex: error: not supported yet: map stats for turbulences\n"


def test_missions_are_asked_of_the_logs_game() -> None:
    """``skyhex missions`` reads a log by its game's log tools; a game without missions is
    told in one line, and ``--game`` is for ``--list`` only."""
    golden = ROOT / "tests" / "golden"
    r = run("missions", "--list", "--game", "paragliders")
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr == "skyhex: error: not supported yet: missions for paragliders\n"
    r = run("missions", "--list", "--game", "turbulences", "--format", "json")
    assert r.exit_code == 0 and r.stderr == "" and '"game": "turbulences"' in r.stdout
    log = str(golden / "turbulences-2.ndjson")
    r = run("missions", log, "--game", "turbulences")
    assert r.exit_code == 2 and r.stdout == "" and "--game is for --list" in flat(r.stderr)
    r = run("missions", log, str(golden / "balloons-2.ndjson"))
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr == f"{golden / 'balloons-2.ndjson'}:1:1: error: a \"balloons\" log: " \
        "missions are Turbulences' (rulebook section 12)\n"


@pytest.mark.parametrize("game", ["paragliders", "turbulences", "balloons"])
def test_scenario_new_names_its_schema_for_editors_on_the_first_line(workdir: Path,
                                                                      game: str) -> None:
    r = run("scenario", "new", "--game", game, "--seed", "1", "-o", "s.yaml")
    assert r.exit_code == 0 and r.stdout == ""
    assert r.stderr.startswith("wrote s.yaml") and "scenario.schema.json for editors" in r.stderr
    first = (workdir / "s.yaml").read_text().splitlines()[0]
    assert first == "# yaml-language-server: $schema=scenario.schema.json"
    assert (workdir / "scenario.schema.json").is_file()
