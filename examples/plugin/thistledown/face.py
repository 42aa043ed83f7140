"""Thistledown's face (``skyhex.games.face.Face``): what the tools need of the game besides
its rules, as the capabilities it has: its meadows (read, checked, generated, shown), its
scenarios, its log in words, its viewer art and its boards, and the command-line options
it takes (``--radius`` of ``map generate``; ``--players`` and ``--rounds`` of ``scenario
new``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from skyhex.games.documents import References, load_referenced, located, map_problems
from skyhex.games.face import (
    BOARD,
    GENERATE,
    NEW,
    BoardRequest,
    Boards,
    Face,
    Lazy,
    Maps,
    Option,
    Scenarios,
    Sheet,
    UsageError,
    Viewer,
    Words,
    plain_event_text,
)
from skyhex.rules.errors import InputError, Problem
from skyhex.rules.game import Event
from skyhex.schemas.documents import Document, DocumentError, FileProblem

from thistledown import GAME
from thistledown.meadow import (
    RADIUS,
    Meadow,
    check_meadow,
    generate_meadow,
    meadow_from_dict,
    meadow_to_dict,
)

if TYPE_CHECKING:
    from skyhex.mapgen.errors import Violation
    from skyhex.render.viewer import ViewerArt
    from skyhex.rules.replay import Replay

    from thistledown.scenario import Scenario


def _text(event: Mapping[str, Any]) -> str | None:
    """One event in words, for the events of this game's own."""
    kind = event["type"]
    hx = "{0[0]},{0[1]}".format
    if kind == "setup":
        return (f"setup: {len(event['tufts'])} tufts on a meadow of radius {event['radius']}, "
                f"{event['rounds']} rounds; wind {event['wind']}")
    if kind == "flew":
        stop = ", stopped by thorns or the rim" if event["blocked"] else ""
        return (f"{event['tuft']} flies {event['direction']} on a gust of {event['gust']}: "
                f"{hx(event['from'])} to {hx(event['to'])}{stop}")
    if kind == "lifted":
        return f"{event['tuft']} rides the updraft to {hx(event['to'])}"
    if kind == "drifted":
        moved = "stays" if event["from"] == event["to"] else f"drifts to {hx(event['to'])}"
        return f"{event['tuft']} {moved} on the {event['wind']} wind"
    if kind == "home":
        return f"{event['tuft']} reaches the hedge in round {event['round']}"
    if kind == "drew":
        gust = "a gust token" if event["gust"] is None else f"a gust of {event['gust']}"
        return f"{event['tuft']} draws {gust}"
    if kind == "wind":
        return f"the wind die shows {event['wind']}"
    if kind == "round":
        return f"round {event['round']}"
    if kind == "game_end":
        return "the race is over: " + ", ".join(
            f"{r['player']} {r['score']}" for r in event["scores"])
    return None


# --- maps ---------------------------------------------------------------------------------


def read_map(document: Document, context: Any) -> Meadow:
    try:
        return meadow_from_dict(document.data)
    except InputError as e:
        raise located(document, e) from None


def check_map(m: Meadow, context: Any) -> list[Violation]:
    return check_meadow(m)


def generate_map(seed: int, options: Mapping[str, Any], context: Any) -> Meadow:
    return generate_meadow(seed, options.get("radius", RADIUS))


def map_report(m: Meadow) -> dict[str, Any]:
    return {"radius": m.radius, "thorns": len(m.thorns), "updrafts": len(m.updrafts)}


def map_summary(m: Meadow) -> str:
    return (f"thistledown meadow, radius {m.radius}, {len(m.hexes)} hexes, "
            f"{len(m.thorns)} thorn bushes, {len(m.updrafts)} updrafts")


# --- scenarios ------------------------------------------------------------------------------


def read_scenario(document: Document, data: Any, base: str, at: tuple[Any, ...], *,
                  refs: References | None = None) -> Scenario:
    """The scenario at ``at`` of ``document`` on its meadow (a map file, inline, or the
    meadow of its seed); every problem located in its own file."""
    from thistledown.scenario import scenario_from_dict

    problems: list[FileProblem] = []
    if "map" not in data:
        meadow = generate_meadow(data.get("seed", 0))
    else:
        if isinstance(data["map"], str):
            map_document = load_referenced(document, data, base, at, "map", "map", (GAME,),
                                           refs=refs)
            meadow = read_map(map_document, None)
            prefix: tuple[Any, ...] = ()
        else:
            try:
                meadow = meadow_from_dict(data["map"])
            except InputError as e:
                raise located(document, e, (*at, "map")) from None
            map_document, prefix = document, (*at, "map")
        problems.extend(map_problems(document, at, meadow, map_document, prefix,
                                     check_meadow(meadow)))
    if problems:
        raise DocumentError(problems)
    try:
        return scenario_from_dict(data, meadow)
    except InputError as e:
        raise DocumentError([document.problem(Problem(p.rule, p.message, (*at, *p.path),
                                                      p.hint))
                             for p in e.problems]) from None


def scenario_summary(s: Scenario) -> str:
    tufts = ", ".join(f"{seat.colour}{' (' + seat.player + ')' if seat.player else ''}"
                      for seat in s.seats)
    return (f"thistledown, {len(s.seats)} tufts ({tufts}), meadow of radius "
            f"{s.meadow.radius}, {s.rounds} rounds")


def start_caption(scenario: Scenario) -> str:
    return "start of the race: every tuft on the west edge"


def new_scenario(face: Face, options: Mapping[str, Any], output: str) -> list[tuple[str, str]]:
    """A race of ``--players`` tufts on a map file, or on the meadow of the seed."""
    from skyhex.games.documents import dump_yaml

    from thistledown.state import COLOURS, ROUNDS

    players = options.get("players", 2)
    if not 1 <= players <= len(COLOURS):
        raise UsageError("--players", f"Thistledown races 1 to {len(COLOURS)} tufts")
    doc: dict[str, Any] = {"format": "skyhex.scenario/1", "game": GAME,
                           "title": options.get("title") or f"A race of {players} tufts",
                           "seed": options.get("seed", 0)}
    if options.get("map"):
        face.load_map(options["map"], None)
        doc["map"] = options["map"] if output == "-" else _from(output, options["map"])
    doc["rounds"] = options.get("rounds", ROUNDS)
    doc["tufts"] = [{"colour": c} for c in COLOURS[:players]]
    header = ("# A Thistledown race (skyhex schema scenario describes every key).\n"
              "# No map: the meadow of the seed (skyhex map generate --game thistledown "
              "--seed SEED).\n")
    return [(output, header + dump_yaml(doc))]


# --- words, the viewer and boards -----------------------------------------------------------


def event_text(event: Event) -> str:
    return _text(event) or plain_event_text(event)


def account(events: Sequence[Event]) -> str:
    return "".join(event_text(e) + "\n" for e in events)


def viewer_art(scenario: Scenario, game: Any, source: str) -> ViewerArt:
    from thistledown.art import ThistledownArt

    return ThistledownArt(scenario.meadow, scenario.title or f"Thistledown: {source}")


def map_sheets(m: Meadow, context: Any, request: BoardRequest) -> list[Sheet]:
    from skyhex.render.sheet import default_title

    from thistledown.art import MeadowPicture

    picture = MeadowPicture(m, title=default_title(m.title, request.file),
                            hex_mm=request.hex_mm, coords=request.coords)
    return [Sheet("board", picture, f"hexes {request.hex_mm:g} mm across the flats")]


def position_sheets(scenario: Scenario, replay: Replay, caption: str,
                    request: BoardRequest) -> list[Sheet]:
    from skyhex.render.sheet import default_title

    from thistledown.art import MeadowPicture, Tuft

    game, state = replay.game, replay.state
    tufts = [Tuft(c, h) for c, h in zip(game.colours, state.hexes, strict=True)]
    picture = MeadowPicture(scenario.meadow, title=scenario.title or default_title(
        scenario.meadow.title, request.file), hex_mm=request.hex_mm, coords=request.coords,
        tufts=tufts, caption=caption)
    return [Sheet("board", picture, f"hexes {request.hex_mm:g} mm across the flats")]


def _from(output: str, path: str) -> str:
    """``path`` (relative to the working directory) as written in a file at ``output``."""
    import os

    return os.path.relpath(os.path.abspath(path), os.path.dirname(os.path.abspath(output)))


OPTIONS = (
    Option("radius", "Hexes from the meadow's centre to its rim (default 4).",
           frozenset({GENERATE}), int, RADIUS, min=1, max=8),
    Option("players", "1-6 tufts.", frozenset({NEW}), int, 2, min=1, max=6,
           short="-p"),
    Option("rounds", "The race's length in rounds (default 12).",
           frozenset({NEW}), int, 12, min=1, max=50),
)
"""The command-line options Thistledown takes."""

FACE = Face(
    name=GAME,
    draw_kinds=frozenset({"gust", "wind_die"}),
    maps=Maps(read=read_map, check=check_map, to_dict=meadow_to_dict, summary=map_summary,
              report=map_report, generate=generate_map,
              show=Lazy("thistledown.art:terminal")),
    scenarios=Scenarios(read=read_scenario, summary=scenario_summary,
                        start_caption=start_caption, new=new_scenario, generates_map=True),
    boards=Boards(map_sheets=map_sheets, position_sheets=position_sheets),
    words=Words(account, event_text),
    viewer=Viewer(viewer_art),
    options=OPTIONS,
    about={
        GENERATE: "a hexagonal meadow of --radius hexes with thorn bushes and updrafts, open "
                  "from every start hex to the hedge",
        "map show": "the meadow's hexes: start line, hedge, thorns, updrafts",
        NEW: "a race of --players tufts on the meadow of the seed (or --map)",
        BOARD: "the meadow with its legend; from a scenario or moves file, the tufts",
    },
)
"""The face the entry names: the capabilities Thistledown has (no map statistics, no
component sets, no log tools)."""
