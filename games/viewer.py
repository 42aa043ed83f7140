"""The replay viewer: a recorded game as one self-contained HTML page to step through and
share, or as the same page data in JSON (``skyhex.view/1``, ``docs/formats.md``) for other
front ends.

Every game gets a viewer through the protocol and its face, never by its name: the steps of
the replay (``rules.replay.Step``: the setup, each action, each forced decision, an illegal
entry) give the positions; for each *perspective* (the referee, ``None``, or a participant)
and each step, the face's art (``Face.viewer``; a plain panel for a game without one) turns
``Ruleset.view`` into the pieces on the board, the state panel and the path of the step's
moves, and each event of the log is read as that perspective may read it
(``Face.event_view``) and put in words (``Face.words``' ``event_text``).

What a page holds is what its perspectives may know, and nothing more:

- the page of a seat holds its views and its events; the scores only where its view is the
  referee's (it then knows all the referee knows) or once the game is over (the final scores
  of the ``game_end`` event as it reads it); the actions' descriptions only where its view is
  the referee's;
- a page with ``referee`` holds everything, and each seat whose view differs from the
  referee's somewhere, to compare what each knew;
- a game where every seat sees everything has one page for all; one that hides something
  (such as parcel weights) needs its perspective said (``UsageError``).

Values that repeat (pieces, panel heads and cards, scores, trails, frames) are stored once in
tables and named by their index: a 300-action game stays well under 2 MB.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skyhex.games.face import Face, UsageError, plain_event_text
from skyhex.render.viewer import VIEW_FORMAT, ViewerArt, page_html, safe_json
from skyhex.rules import __version__
from skyhex.rules.game import Event
from skyhex.rules.replay import Replay, Step
from skyhex.rules.text import escape, excerpt

TABLES = ("pieces", "heads", "cards", "scores", "trails", "frames")
"""The page data's tables of values stored once."""


class _Tables:
    """Values stored once each, told apart by their ``repr`` (the values are JSON-ready
    dicts, lists and scalars, built the same way each time)."""

    def __init__(self) -> None:
        self.rows: dict[str, list[Any]] = {name: [] for name in TABLES}
        self._index: dict[str, dict[str, int]] = {name: {} for name in TABLES}
        self._lists: dict[str, dict[str, list[int]]] = {name: {} for name in TABLES}

    def add(self, table: str, value: Any) -> int:
        key = repr(value)
        found = self._index[table].get(key)
        if found is None:
            found = self._index[table][key] = len(self.rows[table])
            self.rows[table].append(value)
        return found

    def add_all(self, table: str, values: Sequence[Any]) -> list[int]:
        """The indexes of ``values``, each stored once (a list met before costs one
        look-up)."""
        key = repr(values)
        found = self._lists[table].get(key)
        if found is None:
            found = self._lists[table][key] = [self.add(table, v) for v in values]
        return found


@dataclass(frozen=True)
class Perspective:
    """Whose eyes a page shows the game through: ``seat`` a participant, or ``None`` for
    the referee; ``label`` names it in the page's selector."""

    seat: str | None
    label: str


@dataclass(frozen=True)
class Page:
    """A viewer page: its ``data`` (``skyhex.view/1``) and the static board (an inline SVG,
    or ``None``)."""

    data: dict[str, Any]
    board: str | None

    def html(self) -> str:
        """The self-contained HTML page."""
        return page_html(self.data, self.board)

    def json(self) -> str:
        """The page data with the board's SVG text (``board``), as JSON."""
        return safe_json({**self.data, "board": self.board}) + "\n"


def participants(replay: Replay) -> list[str]:
    """The participants of a recorded game, as its scores name them at the start."""
    steps = replay.steps
    assert steps, "a replay that records its steps"
    ruleset = replay.ruleset
    return [row["player"] for row in ruleset.scores(replay.game, steps[0].state)]


def _sees_all(replay: Replay, seat: str) -> bool:
    """Whether ``seat``'s view is the referee's at every step of the game."""
    ruleset, game = replay.ruleset, replay.game
    assert replay.steps is not None
    return all(ruleset.view(game, s.state, seat) == ruleset.view(game, s.state, None)
               for s in replay.steps)


def perspectives(face: Face, replay: Replay, seats: Sequence[str] = (),
                 referee: bool = False) -> list[Perspective]:
    """The perspectives of a page: the ``seats`` asked for; or with ``referee``, the
    referee's and those of the seats whose view differs from it somewhere; or, when every
    seat sees everything, the referee's alone (it is every seat's). ``UsageError`` for a
    seat that is not a participant, or a game that hides something with neither asked."""
    everyone = participants(replay)
    if seats and referee:
        raise UsageError("--seat", "a page is a seat's (--seat) or the referee's "
                         "(--referee), not both")
    for seat in seats:
        if seat not in everyone:
            raise UsageError("--seat", f"{excerpt(seat)} does not play this {face.name} game "
                             f"(seats: {', '.join(everyone)})")
    if seats:
        return [Perspective(s, s) for s in dict.fromkeys(seats)]
    hiding = [s for s in everyone if not _sees_all(replay, s)]
    if referee:
        return [Perspective(None, "referee: everything"),
                *(Perspective(s, s) for s in hiding)]
    if hiding:
        raise UsageError("--seat", f"{face.name} hides information from its players: give "
                         f"--seat NAME for one player's page (seats: {', '.join(everyone)}), "
                         "or --referee for the whole game")
    return [Perspective(None, "every seat: nothing is hidden")]


def viewer_art(face: Face, scenario: Any, game: Any, source: str) -> ViewerArt:
    """What the viewer draws of ``game``: the face's art, or for a game without one no board
    and each view as a plain panel."""
    if face.viewer is not None:
        return face.viewer.art(scenario, game, source)
    art = ViewerArt()
    art.title = f"{face.name}: {source}"
    return art


def viewer_page(face: Face, scenario: Any, replay: Replay, source: str, *,
                seats: Sequence[str] = (), referee: bool = False) -> Page:
    """The viewer page of a recorded replay (``replay_game(..., record=True)``,
    ``load_log``) of ``face``'s game played on ``scenario``; ``source`` names the file it
    was read from. See ``perspectives`` for ``seats`` and ``referee``."""
    steps = replay.steps
    if steps is None:
        raise ValueError("the replay did not record its steps (record=True)")
    views = perspectives(face, replay, seats, referee)
    art = viewer_art(face, scenario, replay.game, source)
    tables = _Tables()
    events = _events(face, replay, steps, views)
    ruleset, game = replay.ruleset, replay.game
    finals: list[list[Any] | None] = [None] * len(views)
    page_steps = []
    for index, step in enumerate(steps):
        referee_view = ruleset.view(game, step.state, None)
        over = ruleset.actor(game, step.state) is None
        frames = []
        public = []
        for k, p in enumerate(views):
            view = referee_view if p.seat is None else ruleset.view(game, step.state, p.seat)
            sees = p.seat is None or view == referee_view
            public.append(sees)
            mine = [_pick(e["data"], k) for e in events[step.first:step.first + step.count]]
            for e in mine:
                if e["type"] == "game_end":
                    finals[k] = e.get("scores")
            scores: Any = ruleset.scores(game, step.state) if sees else finals[k]
            final = over if sees else finals[k] is not None
            frames.append(tables.add("frames", _frame(tables, art, view, mine, scores, final)))
        action = step.action
        page_steps.append({
            "first": step.first, "count": step.count, "entry": step.entry,
            "forced": step.forced,
            "actor": None if action is None else ruleset.player_of(action),
            "action": ruleset.describe(action) if action is not None and (
                any(p.seat is None for p in views) or all(public)) else None,
            "moment": ruleset.moment(step.state), "to_act": ruleset.actor(game, step.state),
            "over": over, "frames": frames})
        for e in events[step.first:step.first + step.count]:
            e["step"] = index
    board = art.board()
    data = {
        "format": VIEW_FORMAT, "generator": f"skyhex {__version__}", "game": face.name,
        "title": art.title, "source": source,
        "perspectives": [{"seat": p.seat, "label": p.label} for p in views],
        "participants": participants(replay), "over": replay.over,
        "error": replay.error is not None, "events": events, "steps": page_steps,
        **tables.rows,
    }
    return Page(data, board)


def _pick(value: Any, k: int) -> Any:
    """A perspective's value of a field that holds one value for all, or a list of one per
    perspective (an event's ``data`` is a dict; its ``text`` a string)."""
    return value[k] if isinstance(value, list) else value


def _one(values: list[Any]) -> Any:
    """One value when every perspective has the same, else the list of them."""
    return values[0] if all(v == values[0] for v in values) else values


def _events(face: Face, replay: Replay, steps: Sequence[Step], views: Sequence[Perspective]
            ) -> list[dict[str, Any]]:
    """The events of the log, each as every perspective reads it and in words."""
    out = []
    game = replay.game
    text = face.words.event_text if face.words is not None else plain_event_text
    for e in replay.events:
        seen = [e if p.seat is None else face.event_view(game, e, p.seat) for p in views]
        out.append({"seq": e["seq"], "type": e["type"], "step": 0,
                    "text": _one([text(x).strip() for x in seen]), "data": _one(seen)})
    return out


def _frame(tables: _Tables, art: ViewerArt, view: Mapping[str, Any], events: Sequence[Event],
           scores: Any, final: bool) -> dict[str, Any]:
    """One perspective's frame of a step, its values stored in ``tables``."""
    panel = art.panel(view)
    trail = art.trail(events)
    return {"pieces": tables.add_all("pieces", art.pieces(view)),
            "head": tables.add("heads", panel["head"]),
            "cards": tables.add_all("cards", panel["cards"]),
            "scores": None if scores is None else tables.add("scores", scores),
            "final": final, "trail": tables.add("trails", trail) if trail else None}


def source_name(path: str) -> str:
    """How a page names the file it was made from (escaped: a file name may hold control
    characters or bytes that are not UTF-8)."""
    return "standard input" if path == "-" else escape(os.path.basename(path))
