"""Thistledown's face (``skyhex.games.face.Face``): what the tools need of the game besides
its rules: its meadows (read, checked, generated, drawn), its scenarios, its log in words,
its viewer art and its boards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from skyhex.games.documents import References, load_referenced, located, map_problems
from skyhex.games.face import BoardRequest, Face, Sheet, UsageError
from skyhex.rules.errors import InputError, Problem
from skyhex.rules.game import Event
from skyhex.schemas.documents import Document, DocumentError, FileProblem

from thistledown import GAME
from thistledown.meadow import Meadow, check_meadow, generate_meadow, meadow_from_dict, meadow_to_dict

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


class Thistledown(Face):
    name = GAME
    draw_kinds = frozenset({"gust", "wind"})
    scenario_generates_map = True

    # --- maps ---------------------------------------------------------------------------

    def read_map(self, document: Document, context: Any) -> Meadow:
        try:
            return meadow_from_dict(document.data)
        except InputError as e:
            raise located(document, e) from None

    def check_map(self, m: Meadow, context: Any) -> list[Violation]:
        return check_meadow(m)

    def map_to_dict(self, m: Meadow) -> dict[str, Any]:
        return meadow_to_dict(m)

    def generate_map(self, seed: int, options: Mapping[str, Any], context: Any) -> Meadow:
        return generate_meadow(seed)

    def map_report(self, m: Meadow) -> dict[str, Any]:
        return {"radius": m.radius, "thorns": len(m.thorns), "updrafts": len(m.updrafts)}

    def map_summary(self, m: Meadow) -> str:
        return (f"thistledown meadow, radius {m.radius}, {len(m.hexes)} hexes, "
                f"{len(m.thorns)} thorn bushes, {len(m.updrafts)} updrafts")

    def terminal(self, m: Meadow, *, color: bool, legend: bool) -> str:
        from thistledown.art import terminal

        return terminal(m, color=color, legend=legend)

    # --- scenarios and logs -------------------------------------------------------------

    def read_scenario(self, document: Document, data: Any, base: str, at: tuple[Any, ...],
                      *, refs: References | None = None) -> Scenario:
        from thistledown.scenario import scenario_from_dict

        problems: list[FileProblem] = []
        if "map" not in data:
            meadow = generate_meadow(data.get("seed", 0))
        else:
            if isinstance(data["map"], str):
                map_document = load_referenced(document, data, base, at, "map", "map", (GAME,),
                                               refs=refs)
                meadow = self.read_map(map_document, None)
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

    def scenario_summary(self, s: Scenario) -> str:
        tufts = ", ".join(f"{seat.colour}{' (' + seat.player + ')' if seat.player else ''}"
                          for seat in s.seats)
        return (f"thistledown, {len(s.seats)} tufts ({tufts}), meadow of radius "
                f"{s.meadow.radius}, {s.rounds} rounds")

    def start_caption(self, scenario: Scenario) -> str:
        return "start of the race: every tuft on the west edge"

    def new_scenario(self, options: Mapping[str, Any], output: str) -> list[tuple[str, str]]:
        from skyhex.games.documents import dump_yaml

        from thistledown.state import COLOURS, ROUNDS

        players = options.get("players", 2)
        if not 1 <= players <= len(COLOURS):
            raise UsageError("--players", f"Thistledown races 1 to {len(COLOURS)} tufts")
        doc: dict[str, Any] = {"format": "skyhex.scenario/1", "game": GAME,
                               "title": options.get("title") or f"A race of {players} tufts",
                               "seed": options.get("seed", 0)}
        if options.get("map"):
            self.load_map(options["map"], None)
            doc["map"] = options["map"] if output == "-" else _from(output, options["map"])
        doc["rounds"] = ROUNDS
        doc["tufts"] = [{"colour": c} for c in COLOURS[:players]]
        header = ("# A Thistledown race (skyhex schema scenario describes every key).\n"
                  "# No map: the meadow of the seed (skyhex map generate --game thistledown "
                  "--seed SEED).\n")
        return [(output, header + dump_yaml(doc))]

    def account(self, events: Sequence[Event]) -> str:
        return "".join((_text(e) or self.event_text(e)) + "\n" for e in events)

    def event_text(self, event: Event) -> str:
        return _text(event) or super().event_text(event)

    # --- the replay viewer and boards -----------------------------------------------------

    def viewer_art(self, scenario: Scenario, game: Any, source: str) -> ViewerArt:
        from thistledown.art import ThistledownArt

        return ThistledownArt(scenario.meadow, scenario.title or f"Thistledown: {source}")

    def map_sheets(self, m: Meadow, context: Any, request: BoardRequest) -> list[Sheet]:
        from skyhex.render.sheet import default_title

        from thistledown.art import MeadowPicture

        picture = MeadowPicture(m, title=default_title(m.title, request.file),
                                hex_mm=request.hex_mm, coords=request.coords)
        return [Sheet("board", picture, f"hexes {request.hex_mm:g} mm across the flats")]

    def position_sheets(self, scenario: Scenario, replay: Replay, caption: str,
                        request: BoardRequest) -> list[Sheet]:
        from skyhex.render.sheet import default_title

        from thistledown.art import MeadowPicture, Tuft

        game, state = replay.game, replay.state
        tufts = [Tuft(c, h, c) for c, h in zip(game.colours, state.hexes, strict=True)]
        picture = MeadowPicture(scenario.meadow, title=scenario.title or default_title(
            scenario.meadow.title, request.file), hex_mm=request.hex_mm,
            coords=request.coords, tufts=tufts, caption=caption)
        return [Sheet("board", picture, f"hexes {request.hex_mm:g} mm across the flats")]


def _from(output: str, path: str) -> str:
    """``path`` (relative to the working directory) as written in a file at ``output``."""
    import os

    return os.path.relpath(os.path.abspath(path), os.path.dirname(os.path.abspath(output)))


FACE = Thistledown()
"""The face the entry names."""
