"""The face of a game: what joins its layers (rules, maps, pictures, words) for the tools.

``face(name)`` finds a game's face through its entry (``rules/entry.py``: the ``face``
reference of the ``GameEntry`` that its entry point in ``skyhex.games`` names). A command,
a viewer or an analytics job asks the face of the game a file names; it never branches on a
game's name. ``Face`` holds what every game shares and
the defaults; a game's face overrides what it has.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from skyhex.rules import games as registry
from skyhex.rules.errors import NotSupportedError, SkyhexError
from skyhex.rules.game import Event, Ruleset
from skyhex.schemas.documents import Document, DocumentError

if TYPE_CHECKING:
    from skyhex.games.documents import References
    from skyhex.mapgen.errors import Violation
    from skyhex.render.pieces import PieceSet
    from skyhex.render.viewer import ViewerArt
    from skyhex.rules.replay import Replay


class UsageError(SkyhexError):
    """An option or an input that the game has no use for: ``option`` names it (the command
    line reports it as a usage error)."""

    def __init__(self, option: str, message: str) -> None:
        self.option = option
        self.message = message
        super().__init__(f"{option}: {message}")


@dataclass(frozen=True)
class BoardRequest:
    """What ``skyhex board`` asks of a game: the input (``kind``: map, scenario or moves),
    the hex size, the coordinates, the track boards and the component set given."""

    file: str
    kind: str
    hex_mm: float
    coords: bool = False
    tracks: bool = False
    components: str | None = None
    referee: bool = False
    """The referee's sheet: what the players may not see printed too (Turbulences' NIGHT
    FLIGHT: the faces of the face-down tiles)."""


@dataclass(frozen=True)
class Sheet:
    """One printable picture: ``role`` names it in file names (``board``, ``tracks``), and
    ``note`` goes under a poster's scale bar."""

    role: str
    picture: Any
    note: str = ""


class Face:
    """A game's face. Subclasses set the class attributes and override the methods of what
    the game has; a default raises ``NotSupportedError`` or ``UsageError`` naming what the
    game lacks."""

    name: str = ""
    kinds: frozenset[str] = frozenset({"map", "scenario", "moves"})
    """The kinds of documents the game has."""
    draw_kinds: frozenset[str] = frozenset()
    """The kinds of chance draws a moves file may pin."""
    map_flow: tuple[str, ...] = ()
    """The list keys of a map document written one item a line."""
    generate_options: frozenset[str] = frozenset()
    """The options of ``map generate`` that the game takes (``radius``, ``difficulty``)."""
    board_options: frozenset[str] = frozenset()
    """The options of ``skyhex board`` beyond the common ones (``tracks``, ``components``)."""
    scenario_generates_map: bool = False
    """Whether ``new_scenario`` without a map generates the map of its seed (the one ``map
    generate --seed`` makes), so that ``analyze --generate`` can play generated maps."""

    @property
    def ruleset(self) -> Ruleset[Any, Any, Any]:
        return registry.ruleset(self.name)

    @property
    def components_package(self) -> str | None:
        """The package that holds the game's standard component set (``standard-set.yaml``),
        if the game has component sets (its entry's ``components``)."""
        return registry.entry(self.name).components

    # --- maps ---------------------------------------------------------------------------

    def map_context(self, components: str | None) -> Any:
        """What reading this game's maps needs besides the file (a component set), from
        the ``--components`` option."""
        return None

    def read_map(self, document: Document, context: Any) -> Any:
        """The map in a schema-valid map ``document``; ``DocumentError``, located."""
        raise NotSupportedError(f"{self.name} has no maps")

    def load_map(self, path: str, context: Any) -> tuple[Any, Document]:
        """The map in the file at ``path`` (which must be one of this game's)."""
        from skyhex.games.documents import load_validated

        document = load_validated(path, "map", (self.name,))
        return self.read_map(document, context), document

    def check_map(self, m: Any, context: Any) -> list[Violation]:
        """Every setup rule the map breaks."""
        return []

    def map_to_dict(self, m: Any) -> dict[str, Any]:
        raise NotSupportedError(f"{self.name} has no maps")

    def generate_map(self, seed: int, options: Mapping[str, Any], context: Any) -> Any:
        """The map of ``seed`` built by the setup rules; ``options`` are the generation
        options given (only those of ``generate_options``)."""
        raise NotSupportedError(f"{self.name} maps are not generated yet")

    def map_report(self, m: Any) -> dict[str, Any]:
        """The fields of ``map check --format json`` about a map besides its violations."""
        return {}

    def map_summary(self, m: Any) -> str:
        """What ``map check`` says of a valid map."""
        return f"{self.name} map"

    def map_stats(self, m: Any) -> dict[str, Any]:
        raise NotSupportedError(f"map stats of {self.name} maps")

    def stats_summary(self, figures: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """Minimum, mean and maximum of the figures of several maps."""
        raise NotSupportedError(f"map stats of {self.name} maps")

    def stats_text(self, figures: Mapping[str, Any]) -> str:
        """The figures of one map as text lines (after its file name)."""
        raise NotSupportedError(f"map stats of {self.name} maps")

    def terminal(self, m: Any, *, color: bool, legend: bool) -> str:
        """The map drawn in the terminal."""
        raise NotSupportedError(f"map show of {self.name} maps")

    # --- scenarios and logs -------------------------------------------------------------

    def read_scenario(self, document: Document, data: Any, base: str, at: tuple[Any, ...],
                      *, refs: References | None = None) -> Any:
        """The scenario ``data`` at JSON path ``at`` of ``document`` (the whole of a scenario
        file, or a moves file's inline scenario), with the files it names; ``base`` is the
        path relative references start from, and ``refs`` the policy they follow (default:
        nothing outside the working directory). ``DocumentError`` lists every problem of
        every file involved, each located in its own file."""
        raise NotSupportedError(f"{self.name} scenarios")

    def scenario_summary(self, scenario: Any) -> str:
        """What ``scenario validate`` says of a valid scenario."""
        return self.name

    def start_caption(self, scenario: Any) -> str:
        """Where the position of a scenario alone comes from (a board's caption)."""
        return "start of the game"

    def standard_components(self) -> str:
        """The standard component set as its file is written (comments and all): a start
        for a set of one's own (``--components FILE``)."""
        from importlib import resources

        if self.components_package is None:
            raise NotSupportedError(f"{self.name} has no component sets to export")
        return resources.files(self.components_package).joinpath("standard-set.yaml") \
            .read_text("utf-8")

    def component_pieces(self, components: str | None) -> PieceSet:
        """The pieces of the component set in the file ``components`` (the standard set when
        ``None``) to print as cut-out sheets (``render/pieces.py``)."""
        raise NotSupportedError(f"{self.name} has no printable components")

    def new_scenario(self, options: Mapping[str, Any], output: str
                     ) -> list[tuple[str, str]]:
        """The files of a new scenario written at ``output`` (``-``: stdout, everything
        inline): (path, text) pairs, the scenario last."""
        raise NotSupportedError(f"scenario new for {self.name}: write the scenario by hand "
                                f"(skyhex schema scenario describes it)")

    def account(self, events: Sequence[Event]) -> str:
        """The game log as a readable account, one event a line."""
        raise NotSupportedError(f"text accounts of {self.name} games")

    def event_text(self, event: Event) -> str:
        """One event of the log in words (a line of the account); the default names its
        type and fields."""
        fields = ", ".join(f"{k} {json.dumps(v)}" for k, v in event.items()
                           if k not in ("seq", "type", "entry", "forced"))
        return f"{event['type']}: {fields}"

    # --- the replay viewer --------------------------------------------------------------

    def event_view(self, game: Any, event: Event, who: str) -> Event:
        """An event of the log (the referee's) as participant ``who`` may read it (the
        ruleset's ``event_view``)."""
        return self.ruleset.event_view(game, event, who)

    def viewer_art(self, scenario: Any, game: Any, source: str) -> ViewerArt:
        """What the replay viewer draws of ``game`` (its constants; ``source``: the file it
        was read from), from views of it (``render/viewer.py``). The default draws no board
        and shows each view as a plain panel."""
        from skyhex.render.viewer import ViewerArt

        art = ViewerArt()
        art.title = f"{self.name}: {source}"
        return art

    # --- boards -------------------------------------------------------------------------

    def map_sheets(self, m: Any, context: Any, request: BoardRequest) -> list[Sheet]:
        """The printable sheets of a map."""
        raise NotSupportedError(f"boards of {self.name} maps")

    def position_sheets(self, scenario: Any, replay: Replay, caption: str,
                        request: BoardRequest) -> list[Sheet]:
        """The printable sheets of a position (a scenario's start, or a game replayed)."""
        raise NotSupportedError(f"boards of {self.name} positions")


E = TypeVar("E", bound=StrEnum)


def option_choice(kind: type[E], value: str | None, default: E, flag: str) -> E:
    """The member of ``kind`` named ``value`` (``default`` when none is given);
    ``UsageError`` naming ``flag`` and the choices otherwise."""
    if value is None:
        return default
    try:
        return kind(value)
    except ValueError:
        raise UsageError(flag, f"{value!r} is not one of "
                         f"{', '.join(m.value for m in kind)}") from None


def face(name: str) -> Face:
    """The face of the game called ``name`` (its entry's ``face``); ``UnknownGameError``
    for any other name, ``PluginError`` for an entry whose face is not a ``Face``."""
    found = registry.entry(name).face.load()
    if not isinstance(found, Face):
        raise registry.PluginError(f"game {name!r}: its face {registry.entry(name).face.target!r}"
                                   " is not a skyhex.games.face.Face")
    return found


def faces() -> tuple[Face, ...]:
    """The face of every registered game, in registry order."""
    return tuple(face(n) for n in registry.names())


def takers(option: str, attribute: str = "generate_options") -> list[str]:
    """The games that take an option (for usage messages)."""
    return [f.name for f in faces() if option in getattr(f, attribute)]


def usage(game: Face, option: str, flag: str, attribute: str = "generate_options") -> None:
    """``UsageError`` when ``game`` does not take ``option`` (``flag`` on the command
    line)."""
    if option not in getattr(game, attribute):
        others = takers(option, attribute)
        raise UsageError(flag, f"{flag} is for --game {' or '.join(others)}" if others
                         else f"{flag} is not for {game.name}")


__all__ = ["BoardRequest", "DocumentError", "Face", "Sheet", "UsageError", "face", "faces",
           "option_choice", "takers", "usage"]
