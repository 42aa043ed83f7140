"""The face of Balmy Balloonists: its globes (generated from a component set, checked, drawn,
measured), its component sets, scenarios and races, its boards and cards, its terminal
picture and text account (``FACE``), and the command-line options it takes; it has no viewer
art of its own (the viewer's plain panels)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from skyhex.games.documents import (
    References,
    load_referenced,
    load_validated,
    located,
    map_problems,
    violation_problem,
)
from skyhex.games.face import (
    BOARD,
    GENERATE,
    NEW,
    BoardRequest,
    Boards,
    Face,
    Lazy,
    Maps,
    MapStats,
    Option,
    Scenarios,
    Sheet,
    UsageError,
    Words,
)
from skyhex.rules.balloons import GAME
from skyhex.rules.errors import InputError, Problem
from skyhex.schemas.documents import Document, DocumentError, FileProblem

if TYPE_CHECKING:
    from skyhex.mapgen.errors import Violation
    from skyhex.render.pieces import PieceSet
    from skyhex.rules.balloons.components import ComponentSet
    from skyhex.rules.balloons.globe import Globe
    from skyhex.rules.balloons.scenario import Scenario
    from skyhex.rules.replay import Replay


def read_components(document: Document) -> ComponentSet:
    """The component set in a schema-valid ``skyhex.components/1`` document of ``game:
    balloons``, its globe checked; ``DocumentError`` lists every problem, located."""
    from skyhex.mapgen.balloons.check import check_globe
    from skyhex.rules.balloons.components import components_from_dict

    try:
        parts = components_from_dict(document.data)
    except InputError as e:
        raise located(document, e) from None
    violations = check_globe(parts.globe, parts)
    if violations:
        raise DocumentError([violation_problem(parts.globe, document, v) for v in violations])
    return parts


@dataclass
class SetFile:
    """The component set named by ``--components`` (the standard set when ``None``), read
    only when a command needs it: a set given for another game's maps is never read as a
    balloons set."""

    path: str | None
    _parts: Any = field(default=None, repr=False)

    @property
    def named(self) -> bool:
        """Whether a set was named (a file, or one read already), not just the default."""
        return self.path is not None or self._parts is not None

    def load(self) -> ComponentSet:
        from skyhex.rules.balloons.components import standard_set

        if self._parts is None:
            self._parts = standard_set() if self.path is None else \
                read_components(load_validated(self.path, "components", (GAME,)))
        parts: ComponentSet = self._parts
        return parts


def _parts(context: Any) -> ComponentSet:
    from skyhex.rules.balloons.components import standard_set

    return context.load() if isinstance(context, SetFile) else standard_set()


def _named_set(context: Any) -> ComponentSet | None:
    """The component set a command names (``--components``, a scenario's), if any."""
    if isinstance(context, SetFile) and context.named:
        return context.load()
    return None


MAP_FLOW = ("sections", "zones")
map_to_dict = Lazy("skyhex.rules.balloons.maps:globe_to_dict")


# --- maps ---------------------------------------------------------------------------

def pieces_of(components: str | None) -> PieceSet:
    from skyhex.render.balloons.pieces import component_pieces

    return component_pieces(SetFile(components).load())


def read_map(document: Document, context: Any) -> Globe:
    from skyhex.rules.balloons.maps import globe_from_dict

    try:
        return globe_from_dict(document.data)
    except InputError as e:
        raise located(document, e) from None


def check_map(m: Globe, context: Any) -> list[Violation]:
    """The globe rules; the permissions of its restricted airspaces only against a
    component set that a command names (a scenario's, ``--components``): a hand-made
    globe may name permissions of a box of its own."""
    from skyhex.mapgen.balloons.check import check_globe

    return check_globe(m, _named_set(context))


def generate_map(seed: int, options: Mapping[str, Any], context: Any) -> Globe:
    from skyhex.mapgen.balloons.generate import generate_globe

    return generate_globe(_parts(context), seed)


def map_report(m: Globe) -> dict[str, Any]:
    return {"lanes": m.lanes, "sections": len(m.sections), "spaces": sum(m.totals)}


def map_summary(m: Globe) -> str:
    return (f"balloons globe, {m.lanes} lanes, {len(m.sections)} sections in "
            f"{m.quadrants} quadrants, {sum(m.totals)} spaces, {len(m.zones)} zones")


def stats_text(f: Mapping[str, Any]) -> str:
    zones = ", ".join(f"{k} {v} ({f['zone_spaces'][k]} spaces)"
                      for k, v in f["zones"].items())
    laps = ", ".join(f"lane {lane} {n if n is not None else '-'}"
                     for lane, n in enumerate(f["shortest_lap"], 1))
    return "\n".join([
        f"  lanes: {f['lanes']}, sections: {f['sections']}, quadrants: {f['quadrants']}",
        f"  spaces: {f['spaces']} (by lane {' '.join(map(str, f['lane_spaces']))})",
        f"  zones: {zones}",
        f"  free spaces (Medium, no permission): {f['free_spaces']}",
        f"  fewest steps round the world: {laps}"])


# --- scenarios and logs -------------------------------------------------------------

def read_scenario(document: Document, data: Any, base: str, at: tuple[Any, ...],
                  *, refs: References | None = None) -> Scenario:
    from skyhex.rules.balloons.components import standard_set
    from skyhex.rules.balloons.maps import globe_from_dict
    from skyhex.rules.balloons.scenario import scenario_from_dict

    if isinstance(data.get("components"), str):
        parts_doc = load_referenced(document, data, base, at, "components", "components",
                                    (GAME,), refs=refs)
        parts = read_components(parts_doc)
    else:
        parts = standard_set()
    problems: list[FileProblem] = []
    if "map" not in data:
        globe = parts.globe
    else:
        if isinstance(data["map"], str):
            map_document = load_referenced(document, data, base, at, "map", "map", (GAME,),
                                           refs=refs)
            globe = read_map(map_document, None)
            prefix: tuple[Any, ...] = ()
        else:
            try:
                globe = globe_from_dict(data["map"])
            except InputError as e:
                raise located(document, e, (*at, "map")) from None
            map_document, prefix = document, (*at, "map")
        problems.extend(map_problems(document, at, globe, map_document, prefix,
                                     check_map(globe, SetFile(None, parts))))
    try:
        scenario = scenario_from_dict(data, globe, parts)
    except InputError as e:
        problems.extend(document.problem(Problem(p.rule, p.message, (*at, *p.path), p.hint))
                        for p in e.problems)
    if problems:
        raise DocumentError(problems)
    return scenario


def map_of(scenario: Scenario) -> Globe:
    return scenario.globe


def scenario_summary(s: Scenario) -> str:
    balloons = ", ".join(f"{seat.colour}{' (' + seat.player + ')' if seat.player else ''}"
                         for seat in s.seats)
    days = s.days if s.days is not None else s.components.days
    return (f"balloons, {len(s.seats)} balloons ({balloons}), {s.globe.lanes} lanes, "
            f"{len(s.globe.zones)} zones, {days} days, finish {s.finish.value}")


def start_caption(scenario: Scenario) -> str:
    return "start of the race: every balloon grounded on the start meridian"


def new_scenario(face: Face, options: Mapping[str, Any], output: str
                 ) -> list[tuple[str, str]]:
    from skyhex.games.documents import dump_yaml

    players = options.get("players", 2)
    parts = _parts(SetFile(options.get("components")))
    low, high = parts.players
    if not low <= players <= high:
        raise UsageError("--players", f"Balmy Balloonists races {low} to {high} balloons")
    doc: dict[str, Any] = {"format": "skyhex.scenario/1", "game": GAME,
                           "title": options.get("title") or f"A race of {players} balloons",
                           "seed": options.get("seed", 0)}
    if options.get("components"):
        doc["components"] = options["components"] if output == "-" else \
            _from(output, options["components"])
    if options.get("map"):
        FACE.load_map(options["map"], SetFile(options.get("components")))
        doc["map"] = options["map"] if output == "-" else _from(output, options["map"])
    doc["balloons"] = [{"colour": c} for c in parts.rose[:players]]
    doc["finish"] = "first"
    doc["days"] = parts.days
    header = ("# yaml-language-server: $schema=scenario.schema.json\n"
              "# A Balmy Balloonists race (skyhex schema scenario describes every key).\n"
              "# balloons: seat order; each a Wind Rose colour, optionally a player and "
              "a start lane.\n# finish: first (the first balloon home wins) or round "
              "(its round is played out); days: the race's length in rounds.\n")
    return [(output, header + dump_yaml(doc))]


# --- boards -------------------------------------------------------------------------

def map_sheets(m: Globe, context: Any, request: BoardRequest) -> list[Sheet]:
    from skyhex.render.balloons.board import globe_picture
    from skyhex.render.balloons.cards import cards_picture
    from skyhex.render.sheet import default_title

    sheets = [Sheet("board", globe_picture(m, title=default_title(m.title, request.file),
                                           lane_mm=request.hex_mm, coords=request.coords),
                    f"lanes {request.hex_mm:g} mm high")]
    if request.get("tracks"):
        parts = _parts(context)
        sheets.append(Sheet("cards", cards_picture(parts), "cards 63 x 88 mm"))
    return sheets


def position_sheets(scenario: Scenario, replay: Replay, caption: str,
                    request: BoardRequest) -> list[Sheet]:
    from skyhex.render.balloons.board import globe_picture
    from skyhex.render.balloons.cards import cards_picture
    from skyhex.render.balloons.position import balloons_position
    from skyhex.render.sheet import default_title

    globe = scenario.globe
    sheets = [Sheet("board", globe_picture(
        globe, title=scenario.title or default_title(globe.title, request.file),
        lane_mm=request.hex_mm, coords=request.coords,
        position=balloons_position(replay.game, replay.state, caption)),
        f"lanes {request.hex_mm:g} mm high")]
    if request.get("tracks"):
        sheets.append(Sheet("cards", cards_picture(scenario.components), "cards 63 x 88 mm"))
    return sheets


def _from(output: str, path: str) -> str:
    """``path`` (relative to the working directory) as written in a file at ``output``."""
    import os

    return os.path.relpath(os.path.abspath(path), os.path.dirname(os.path.abspath(output)))


COMPONENTS = "Component set file (default: the standard set shipped with skyhex)."

OPTIONS = (
    Option("components", COMPONENTS, frozenset({GENERATE, NEW, BOARD}), metavar="FILE"),
    Option("players", "2-4 balloons (as the component set says)", frozenset({NEW}), int, 2,
           min=1, short="-p"),
    Option("tracks", "Also write the cards (63 x 88 mm) as <stem>-cards.svg, or "
           "<stem>-cards-p01.svg ... on pages.", frozenset({BOARD}), bool, False),
)
"""The command-line options Balmy Balloonists takes."""

FACE = Face(
    name=GAME,
    kinds=frozenset({"map", "scenario", "moves", "components"}),
    draw_kinds=frozenset({"local_wind", "advantage", "quadrant", "misfortune"}),
    maps=Maps(
        read=read_map, check=check_map, to_dict=map_to_dict, summary=map_summary,
        report=map_report, flow=MAP_FLOW, context=SetFile, generate=generate_map,
        stats=MapStats(Lazy("skyhex.mapgen.balloons.stats:globe_stats"),
                       Lazy("skyhex.mapgen.balloons.stats:summary"), stats_text),
        show=Lazy("skyhex.render.balloons.terminal:render_globe")),
    scenarios=Scenarios(read=read_scenario, summary=scenario_summary,
                        start_caption=start_caption, new=new_scenario,
                        map_of=map_of),
    boards=Boards(map_sheets=map_sheets, position_sheets=position_sheets, pieces=pieces_of),
    words=Words(Lazy("skyhex.render.balloons.account:account")),
    options=OPTIONS,
    participant="balloon",
    about={
        GENERATE: "the globe of the component set's cards",
        "map show": "the globe's lanes, sections and zones",
        "map stats": "lanes, sections, spaces, zones, free spaces, the fewest steps round "
                     "the world",
        NEW: "a race of --players balloons on the component set's globe",
        "components export": "the globe's cards",
        "components print": "the four decks and the chips",
        BOARD: "the globe's lanes and zones; from a scenario or moves file, the balloons",
    },
)
