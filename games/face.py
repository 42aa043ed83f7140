"""The face of a game: what joins its layers (rules, maps, pictures, words) for the tools.

``face(name)`` finds a game's face through its entry (``rules/entry.py``: the ``face``
reference of the ``GameEntry`` that its entry point in ``skyhex.games`` names). A command,
a viewer or an analytics job asks the face of the game a file names; it never branches on a
game's name.

A face is a few declared capabilities, each optional: ``maps``, ``scenarios``, ``boards``,
``words``, ``viewer`` and ``logs``, each a small frozen value of functions; and the
command-line ``options`` the game takes (``Option``: data, from which the command line
builds ``map generate``, ``scenario new`` and ``board``). A game declares what it has; a
command asking what a game lacks fails with one line naming the game and what it lacks
(``Face.need``). Functions that live in a renderer or an engine are named by ``Lazy``
references, so that reading the faces (``skyhex --help``) imports neither.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from skyhex.rules import games as registry
from skyhex.rules.errors import NotSupportedError, SkyhexError
from skyhex.rules.game import Event, Ruleset
from skyhex.schemas.documents import Document, DocumentError

if TYPE_CHECKING:
    from skyhex.games.missions import Missions
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
class Lazy:
    """A function named ``"module:attribute"``, imported at its first call: a face names
    its engines' and renderers' functions without importing them."""

    target: str

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        module, _, attribute = self.target.partition(":")
        return getattr(importlib.import_module(module), attribute)(*args, **kwargs)


# --- the command-line options a game takes -------------------------------------------------

GENERATE = "map generate"
NEW = "scenario new"
BOARD = "board"
COMMANDS = (GENERATE, NEW, BOARD)
"""The commands whose options the games declare."""


@dataclass(frozen=True)
class Option:
    """One command-line option of a game, as data: ``name`` is its key in the options a
    command hands the face (``half_tiles``), ``flag`` its spelling (default ``--half-tiles``),
    ``type`` one of ``int``, ``float``, ``str`` or ``bool`` (a flag), ``default`` what the
    game takes when it is not given, ``choices``, ``min`` and ``max`` what it accepts,
    ``commands`` the commands that take it (of ``COMMANDS``). ``lacks``: what another game
    lacks when it refuses the option (``no night mode``), said in its usage error."""

    name: str
    help: str
    commands: frozenset[str]
    type: type = str
    default: Any = None
    choices: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    metavar: str | None = None
    flag: str = ""
    short: str | None = None
    lacks: str = ""

    @property
    def spelling(self) -> str:
        return self.flag or f"--{self.name.replace('_', '-')}"


def takers(option: str, command: str = GENERATE) -> list[str]:
    """The games that take an option in a command (for usage messages)."""
    return [f.name for f in faces() if f.option(option, command) is not None]


def usage(game: Face, option: str, flag: str, command: str = GENERATE) -> None:
    """``UsageError`` when ``game`` does not take ``option`` (``flag`` on the command line)
    in ``command``, naming the games that do."""
    if game.option(option, command) is not None:
        return
    others = takers(option, command)
    lacks = next((o.lacks for f in faces() if (o := f.option(option, command)) and o.lacks),
                 "")
    games = " or ".join(others)
    message = f"{flag} is not for {game.name}" if not others else \
        f"{flag} is for {games} boards" if command == BOARD else f"{flag} is for --game {games}"
    raise UsageError(flag, message + (f" ({game.name} has {lacks})" if lacks else ""))


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


# --- the capabilities -----------------------------------------------------------------------


def _no_context(components: str | None) -> Any:
    return None


def _no_report(m: Any) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class MapStats:
    """``map stats``: a map's ``figures``, the ``summary`` (minimum, mean, maximum) of
    several maps' figures, and one map's figures as ``text`` lines (after its file name)."""

    figures: Callable[[Any], dict[str, Any]]
    summary: Callable[[list[dict[str, Any]]], dict[str, Any]]
    text: Callable[[Mapping[str, Any]], str]


@dataclass(frozen=True)
class Maps:
    """A game's maps.

    ``read(document, context)``: the map in a schema-valid map document (``DocumentError``,
    located); ``check(map, context)``: every setup rule it breaks; ``to_dict``: the map as
    its document's data, written with the list keys of ``flow`` one item a line;
    ``summary``: what ``map check`` says of a valid map, ``report`` its fields in ``map
    check --format json``; ``context(components)``: what reading a map needs besides its
    file (a component set, from ``--components``); ``generate(seed, options, context)``: the
    map of a seed by the setup rules (``options``: the ``map generate`` options the game
    declares); ``stats``; ``show(map, color=, legend=)``: the map drawn in a terminal."""

    read: Callable[[Document, Any], Any]
    check: Callable[[Any, Any], list[Violation]]
    to_dict: Callable[[Any], dict[str, Any]]
    summary: Callable[[Any], str]
    report: Callable[[Any], dict[str, Any]] = _no_report
    flow: tuple[str, ...] = ()
    context: Callable[[str | None], Any] = _no_context
    generate: Callable[[int, Mapping[str, Any], Any], Any] | None = None
    stats: MapStats | None = None
    show: Callable[..., str] | None = None


@dataclass(frozen=True)
class Scenarios:
    """A game's scenarios.

    ``read(document, data, base, at, *, refs)``: the scenario ``data`` at JSON path ``at``
    of ``document`` (a scenario file's whole, or a moves file's inline scenario), with the
    files it names (``base``: where relative references start; ``refs``: the policy they
    follow); ``DocumentError`` lists every problem of every file involved. ``summary``: what
    ``scenario validate`` says of a valid one; ``start_caption``: where the position of a
    scenario alone comes from (a board's caption); ``new(face, options, output)``: the files
    of a new scenario written at ``output`` (``-``: stdout, everything inline), (path, text)
    pairs, the scenario last; ``generates_map``: whether ``new`` without a map generates the
    map of its seed (the one ``map generate --seed`` makes), so that ``analyze --generate``
    can play generated maps; ``map_of(scenario)``: the map it is played on (analytics
    measure it), ``None`` for a scenario without one."""

    read: Callable[..., Any]
    summary: Callable[[Any], str]
    start_caption: Callable[[Any], str]
    new: Callable[[Face, Mapping[str, Any], str], list[tuple[str, str]]] | None = None
    generates_map: bool = False
    map_of: Callable[[Any], Any] | None = None


@dataclass(frozen=True)
class BoardRequest:
    """What ``skyhex board`` asks of a game: the input (``kind``: map, scenario or moves),
    the hex size, the coordinates, and the values of the board options the game declares
    (``options``)."""

    file: str
    kind: str
    hex_mm: float
    coords: bool = False
    options: Mapping[str, Any] = field(default_factory=dict)

    def get(self, option: str, default: Any = None) -> Any:
        """The value of a board option the game declares (``default`` when not given)."""
        return self.options.get(option, default)


@dataclass(frozen=True)
class Sheet:
    """One printable picture: ``role`` names it in file names (``board``, ``tracks``), and
    ``note`` goes under a poster's scale bar."""

    role: str
    picture: Any
    note: str = ""


@dataclass(frozen=True)
class Boards:
    """A game's printed boards: ``map_sheets(map, context, request)`` and
    ``position_sheets(scenario, replay, caption, request)`` (a scenario's start, or a game
    replayed), each a list of ``Sheet``; ``pieces(components)``: the pieces of the component
    set in a file (the standard set when ``None``) to print as cut-out sheets."""

    map_sheets: Callable[[Any, Any, BoardRequest], list[Sheet]]
    position_sheets: Callable[[Any, Replay, str, BoardRequest], list[Sheet]]
    pieces: Callable[[str | None], PieceSet] | None = None


def plain_event_text(event: Event) -> str:
    """An event named by its type and fields: the words of a game that has none."""
    fields = ", ".join(f"{k} {json.dumps(v)}" for k, v in event.items()
                       if k not in ("seq", "type", "entry", "forced"))
    return f"{event['type']}: {fields}"


@dataclass(frozen=True)
class Words:
    """A game's log in words: ``account(events)``, one event a line; ``event_text(event)``,
    one event (the viewer's lines)."""

    account: Callable[[Sequence[Event]], str]
    event_text: Callable[[Event], str] = plain_event_text


@dataclass(frozen=True)
class Viewer:
    """What the replay viewer draws of a game: ``art(scenario, game, source)``, from views
    of it (``render/viewer.py``; ``source``: the file it was read from)."""

    art: Callable[[Any, Any, str], ViewerArt]


@dataclass(frozen=True)
class Logs:
    """Tools over a game's logs: ``missions`` (``skyhex missions``), a function giving them
    (a ``Lazy`` reference: they are imported when a command uses them)."""

    missions: Callable[[], Missions] | None = None


C = TypeVar("C")


@dataclass(frozen=True, eq=False)
class Face:
    """A game's face: its name, the kinds of documents it has, the kinds of chance draws a
    moves file may pin, its capabilities (``None``: the game has none), its command-line
    options, and ``about``: a sentence per command (``map generate``, ``components print``,
    ...) that the command's help says of the game. One value per game, told apart by
    identity."""

    name: str
    kinds: frozenset[str] = frozenset({"map", "scenario", "moves"})
    draw_kinds: frozenset[str] = frozenset()
    maps: Maps | None = None
    scenarios: Scenarios | None = None
    boards: Boards | None = None
    words: Words | None = None
    viewer: Viewer | None = None
    logs: Logs | None = None
    options: tuple[Option, ...] = ()
    about: Mapping[str, str] = field(default_factory=dict)
    participant: str = "player"
    """What the game calls a participant (``company``), in the help of options naming one."""

    @property
    def ruleset(self) -> Ruleset[Any, Any, Any]:
        return registry.ruleset(self.name)

    @property
    def title(self) -> str:
        """The game's name as people write it (its entry's)."""
        return registry.entry(self.name).title

    @property
    def components_package(self) -> str | None:
        """The package that holds the game's standard component set (``standard-set.yaml``),
        if the game has component sets (its entry's ``components``)."""
        return registry.entry(self.name).components

    def need(self, capability: C | None, what: str, hint: str = "") -> C:
        """``capability`` (one of this face's); ``NotSupportedError`` naming the game and
        ``what`` it lacks when the game has none."""
        if capability is None:
            raise NotSupportedError(f"not supported yet: {what} for {self.name}"
                                    + (f"; {hint}" if hint else ""))
        return capability

    def option(self, name: str, command: str) -> Option | None:
        """The game's option ``name`` of ``command``, if it takes one."""
        return next((o for o in self.options if o.name == name and command in o.commands),
                    None)

    def event_view(self, game: Any, event: Event, who: str) -> Event:
        """An event of the log (the referee's) as participant ``who`` may read it (the
        ruleset's ``event_view``)."""
        return self.ruleset.event_view(game, event, who)

    def load_map(self, path: str, context: Any) -> tuple[Any, Document]:
        """The map in the file at ``path`` (which must be one of this game's)."""
        from skyhex.games.documents import load_validated

        maps = self.need(self.maps, "maps")
        document = load_validated(path, "map", (self.name,))
        return maps.read(document, context), document

    def standard_components(self) -> str:
        """The standard component set as its file is written (comments and all): a start
        for a set of one's own (``--components FILE``)."""
        from importlib import resources

        if self.components_package is None:
            raise NotSupportedError(f"{self.name} has no component sets to export")
        return resources.files(self.components_package).joinpath("standard-set.yaml") \
            .read_text("utf-8")


def face(name: str) -> Face:
    """The face of the game called ``name`` (its entry's ``face``); ``UnknownGameError``
    for any other name, ``PluginError`` for an entry whose face is not a ``Face``."""
    found = registry.entry(name).face.load()
    if not isinstance(found, Face) or found.name != name:
        raise registry.PluginError(f"game {name!r}: its face {registry.entry(name).face.target!r}"
                                   f" is not the skyhex.games.face.Face of {name!r}")
    return found


def faces() -> tuple[Face, ...]:
    """The face of every registered game, in registry order."""
    return tuple(face(n) for n in registry.names())


__all__ = ["BOARD", "COMMANDS", "GENERATE", "NEW", "BoardRequest", "Boards", "DocumentError",
           "Face", "Lazy", "Logs", "MapStats", "Maps", "Option", "Scenarios", "Sheet",
           "UsageError", "Viewer", "Words", "face", "faces", "option_choice",
           "plain_event_text", "takers", "usage"]
