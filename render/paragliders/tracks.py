"""The track boards of Paragliders, printable so that a game can be played with paper alone.

Three boards, each a value with a ``size`` and a ``draw`` method taking every parameter
explicitly (a scenario chooses the altitude track's sides and the day's weather tiles):

- ``AltitudeTrackBoard``: levels 0..ceiling with their metres, the mountaintop for the
  chosen sides of the bottom/middle/top pieces, the cloud ceiling, the balloon GPS level and
  the Survivor ruler's setup level;
- ``ThermalLiftBoard``: one row per flyable terrain, one column per temperature position,
  the start column marked;
- ``WeatherTimeTrack``: the day in 20-minute steps with the VP printed under each, the
  weather board's own icons and sun for each hour, and the hour's weather tile face
  (temperature, clouds, wind strength and wind turn), or an empty space for a tile drawn
  during the game (the short forecast).

``tracks_picture`` stacks them into one picture that ``render/paper.py`` prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skyhex.render.drawing import Canvas, Point, Rect, path_data
from skyhex.render.paragliders.marks import swatch
from skyhex.render.sheet import BLACK, GREY, LIGHT_GREY, SKY_BLUE, VERMILLION, WHITE, text_width
from skyhex.rules.paragliders.clock import format_clock
from skyhex.rules.paragliders.components import (
    AltitudeTrack,
    ComponentSet,
    Side,
    SunExposure,
    ThermalBoard,
    TimeTrack,
    WeatherBoard,
    WeatherFace,
)
from skyhex.rules.paragliders.terrain import Terrain

HEADING = 5.0  # font size of a board's name
NOTE = 2.8  # font size of the line under it
HEAD = 13.0  # mm taken by the name and the note


def signed(value: int) -> str:
    """``+1``, ``0``, ``-2``: how the boards print changes."""
    return f"+{value}" if value > 0 else str(value)


def _heading(canvas: Canvas, at: Point, name: str, note: str) -> None:
    x, y = at
    canvas.text(name, (x, y + 5.0), size=HEADING, anchor="start", bold=True)
    canvas.text(note, (x, y + 10.5), size=NOTE, anchor="start", fill=GREY)


@dataclass(frozen=True)
class AltitudeTrackBoard:
    """The altitude track for the given sides of its bottom, middle and top pieces."""

    track: AltitudeTrack
    sides: tuple[Side, Side, Side] = (Side.EASY, Side.EASY, Side.EASY)
    source: str = ""  # where the sides come from (``drawn at setup``), printed in the note

    CELL_W = 17.0
    CELL_H = 30.0

    @property
    def mountaintop(self) -> int:
        return self.track.mountaintop(self.sides)

    @property
    def note(self) -> str:
        b, m, t = (s.value for s in self.sides)
        source = f" ({self.source})" if self.source else ""
        return (f"sides: bottom {b}, middle {m}, top {t}{source}; mountaintop level "
                f"{self.mountaintop} ({self.track.metres(self.mountaintop)} m); gains above the "
                "cloud ceiling are lost")

    @property
    def size(self) -> tuple[float, float]:
        width = max((self.track.ceiling + 1) * self.CELL_W, text_width(self.note, NOTE))
        return (width, HEAD + self.CELL_H)

    def markers(self, level: int) -> list[str]:
        """The words printed under a level's number (each at most one short line)."""
        t = self.track
        words = []
        if level == 0:
            words.append("ground")
        if level == t.survivor_arm:
            words += ["Survivor", "ruler"]
        if level == self.mountaintop:
            words.append("mountaintop")
        if level == t.balloon:
            words += ["balloon", "GPS"]
        if level == t.ceiling:
            words += ["ceiling", "GPS"]
        return words

    def draw(self, canvas: Canvas, at: Point) -> None:
        x0, y0 = at
        _heading(canvas, at, "Altitude track", self.note)
        top = y0 + HEAD
        t = self.track
        for level in range(t.ceiling + 1):
            box = Rect(x0 + level * self.CELL_W, top, self.CELL_W, self.CELL_H)
            fill = WHITE
            if level == 0:
                fill = LIGHT_GREY
            elif level == self.mountaintop:
                fill = VERMILLION
            elif level == t.ceiling:
                fill = SKY_BLUE
            thick = level in (self.mountaintop, t.ceiling)
            canvas.rect(box, fill=fill, stroke=BLACK, width=0.9 if thick else 0.3)
            cx = box.x + box.width / 2
            canvas.text(str(level), (cx, top + 8.5), size=7.0, bold=True)
            canvas.text(f"{t.metres(level)} m", (cx, top + 13.0), size=2.5)
            for i, word in enumerate(self.markers(level)):
                canvas.text(word, (cx, top + 18.0 + 2.9 * i), size=2.1 if len(word) > 8 else 2.3,
                            bold=word in ("ceiling", "Survivor"))


@dataclass(frozen=True)
class ThermalLiftBoard:
    """The thermal lift board: altitude change by terrain and temperature position."""

    board: ThermalBoard

    LABEL_W = 34.0
    CELL_W = 18.0
    HEADER_H = 12.0
    ROW_H = 13.0
    EXPLANATION = ("altitude change when a move ends on the terrain, by temperature position; "
            "the temperature marker starts at the marked column")

    @property
    def positions(self) -> list[int]:
        return list(range(self.board.min, self.board.max + 1))

    @property
    def terrains(self) -> list[Terrain]:
        return list(self.board.values)

    @property
    def size(self) -> tuple[float, float]:
        width = max(self.LABEL_W + len(self.positions) * self.CELL_W, text_width(self.EXPLANATION, NOTE))
        return (width, HEAD + self.HEADER_H + len(self.terrains) * self.ROW_H)

    def draw(self, canvas: Canvas, at: Point) -> None:
        x0, y0 = at
        _heading(canvas, at, "Thermal lift board", self.EXPLANATION)
        top = y0 + HEAD
        canvas.text("temperature", (x0 + 2.0, top + 7.5), size=3.0, anchor="start", bold=True)
        for i, pos in enumerate(self.positions):
            box = Rect(x0 + self.LABEL_W + i * self.CELL_W, top, self.CELL_W, self.HEADER_H)
            canvas.rect(box, fill=LIGHT_GREY, stroke=BLACK, width=0.3)
            cx = box.x + box.width / 2
            canvas.text(signed(pos), (cx, top + 6.5), size=4.5, bold=True)
            if pos == self.board.start:
                canvas.text("start", (cx, top + 10.4), size=2.5, bold=True)
        for j, terrain in enumerate(self.terrains):
            y = top + self.HEADER_H + j * self.ROW_H
            canvas.rect(Rect(x0, y, self.LABEL_W, self.ROW_H), fill=WHITE, stroke=BLACK, width=0.3)
            swatch(canvas, (x0 + 7.0, y + self.ROW_H / 2), terrain, 10.0)
            canvas.text(terrain.value, (x0 + 14.0, y + self.ROW_H / 2 + 1.3), size=3.6,
                        anchor="start")
            for i, pos in enumerate(self.positions):
                box = Rect(x0 + self.LABEL_W + i * self.CELL_W, y, self.CELL_W, self.ROW_H)
                canvas.rect(box, fill=WHITE, stroke=BLACK, width=0.3)
                canvas.text(signed(self.board.value(terrain, pos)),
                            (box.x + box.width / 2, y + self.ROW_H / 2 + 1.8), size=5.0, bold=True)
        # The start column, framed over its full height.
        i = self.positions.index(self.board.start)
        canvas.rect(Rect(x0 + self.LABEL_W + i * self.CELL_W, top, self.CELL_W,
                         self.HEADER_H + len(self.terrains) * self.ROW_H), stroke=BLACK, width=1.2)


@dataclass(frozen=True)
class WeatherSlot:
    """The weather tile face laid on the track for one hour."""

    tile: str
    face: str
    values: WeatherFace


def default_weather(components: ComponentSet) -> tuple[WeatherSlot, ...]:
    """The set's first weather tiles, one per hour of the day, each showing face ``a`` (its
    first face if it has no ``a``): what a plain map is printed with."""
    hours = len(components.weather_board.hours)
    slots = []
    for tile in components.weather_tiles[:hours]:
        face = "a" if "a" in tile.faces else sorted(tile.faces)[0]
        slots.append(WeatherSlot(tile.id, face, tile.faces[face]))
    return tuple(slots)


def scheduled_weather(components: ComponentSet, schedule: Sequence[tuple[str, str]]
                      ) -> tuple[WeatherSlot | None, ...]:
    """The weather tile faces of a game's schedule (``(tile, face)`` from 08:00 on), one per
    hour of the day; ``None`` for the hours whose tile is not known yet."""
    tiles = {t.id: t for t in components.weather_tiles}
    slots: list[WeatherSlot | None] = [WeatherSlot(tile, face, tiles[tile].faces[face])
                                       for tile, face in schedule]
    hours = len(components.weather_board.hours)
    return tuple(slots[:hours] + [None] * (hours - len(slots)))


def _thermometer(canvas: Canvas, at: Point) -> None:
    x, y = at
    canvas.rect(Rect(x - 0.6, y - 3.4, 1.2, 3.4), fill=WHITE, stroke=BLACK, width=0.25, radius=0.6)
    canvas.circle((x, y + 0.3), 1.0, fill=VERMILLION, stroke=BLACK, width=0.25)


def _cloud(canvas: Canvas, at: Point) -> None:
    x, y = at
    for dx, dy, r in ((-1.3, 0.0, 1.1), (0.0, -0.7, 1.4), (1.3, 0.0, 1.0)):
        canvas.circle((x + dx, y + dy), r, fill="#8C8C8C", stroke=None)
    canvas.rect(Rect(x - 1.3, y - 0.2, 2.6, 1.3), fill="#8C8C8C", stroke=None)


def draw_weather_face(canvas: Canvas, box: Rect, label: str, face: WeatherFace) -> None:
    """One face of a weather tile in ``box`` (24 x 26 mm on the track, the size of the
    printed tile): its ``label`` (tile and face), temperature, clouds, wind strength (a
    chevron a step) and wind turn."""
    hx, y = box.x, box.y
    cx = hx + box.width / 2
    canvas.text(label, (cx, y + 4.2), size=2.8, bold=True)
    _thermometer(canvas, (hx + 3.5, y + 8.6))
    canvas.text(signed(face.temperature), (hx + 5.6, y + 9.6), size=3.2, anchor="start",
                bold=True)
    _cloud(canvas, (hx + 14.2, y + 8.6))
    canvas.text(signed(face.clouds), (hx + 16.8, y + 9.6), size=3.2, anchor="start",
                bold=True)
    wind = f"wind {face.wind}" if face.wind else "calm"
    canvas.text(wind, (cx, y + 15.8), size=2.8, bold=face.wind > 0)
    if face.wind:
        chevrons = " ".join(path_data([(cx - 3.0 + 2.2 * k, y + 17.6),
                                       (cx - 1.8 + 2.2 * k, y + 18.5),
                                       (cx - 3.0 + 2.2 * k, y + 19.4)])
                            for k in range(face.wind))
        canvas.path(chevrons, stroke=BLACK, width=0.4, round_joins=True)
    if face.rotation:
        way = "cw" if face.rotation > 0 else "ccw"
        turn = f"turn {signed(face.rotation)} {way}"
    else:
        turn = "no turn"
    canvas.text(turn, (cx, y + 23.6), size=2.6, bold=face.rotation != 0)


UNKNOWN_TILE = ("drawn during", "the game")
"""What the space of a weather tile not known yet says (short forecast)."""


@dataclass(frozen=True)
class WeatherTimeTrack:
    """The time track with its VP, and for each hour the weather board's icons and the
    weather tile face laid there (``None``: drawn during the game)."""

    time: TimeTrack
    weather_board: WeatherBoard
    weather: tuple[WeatherSlot | None, ...]
    source: str = ""  # where the weather tiles come from, printed under the name

    LABEL_W = 24.0
    STEP_W = 8.0
    TIME_H = 15.0
    BOARD_H = 13.0
    TILE_H = 26.0

    def __post_init__(self) -> None:
        if len(self.weather) != len(self.weather_board.hours):
            raise ValueError(f"the day has {len(self.weather_board.hours)} hours but "
                             f"{len(self.weather)} weather tiles were given")

    @property
    def steps(self) -> list[int]:
        """The times (minutes after midnight) of the track's spaces."""
        return list(range(self.time.start, self.time.end + 1, self.time.step))

    @property
    def note(self) -> str:
        text = "VP printed under each 20-minute step; weather changes on the hour"
        return f"{text}; {self.source}" if self.source else text

    @property
    def size(self) -> tuple[float, float]:
        width = max(self.LABEL_W + len(self.steps) * self.STEP_W, text_width(self.note, NOTE))
        return (width, HEAD + self.TIME_H + self.BOARD_H + self.TILE_H)

    def draw(self, canvas: Canvas, at: Point) -> None:
        x0, y0 = at
        _heading(canvas, at, "Time and weather track", self.note)
        top = y0 + HEAD
        left = x0 + self.LABEL_W
        rows = (("time", "VP", self.TIME_H), ("weather", "board", self.BOARD_H),
                ("weather", "tile", self.TILE_H))
        y = top
        for first, second, height in rows:
            canvas.rect(Rect(x0, y, self.LABEL_W, height), fill=LIGHT_GREY, stroke=BLACK, width=0.3)
            canvas.text(first, (x0 + 2.0, y + height / 2 - 0.4), size=3.0, anchor="start", bold=True)
            canvas.text(second, (x0 + 2.0, y + height / 2 + 3.2), size=3.0, anchor="start", bold=True)
            y += height
        per_hour = 60 // self.time.step
        for i, minutes in enumerate(self.steps):
            box = Rect(left + i * self.STEP_W, top, self.STEP_W, self.TIME_H)
            on_hour = minutes % 60 == 0
            canvas.rect(box, fill=WHITE, stroke=BLACK, width=0.3)
            cx = box.x + box.width / 2
            canvas.text(format_clock(minutes), (cx, top + 3.6), size=1.9, bold=on_hour)
            canvas.text(str(self.time.vp[i]), (cx, top + 11.0), size=4.4, bold=True)
        for h, (hour, slot) in enumerate(zip(self.weather_board.hours, self.weather, strict=True)):
            hx = left + h * per_hour * self.STEP_W
            width = per_hour * self.STEP_W
            cx = hx + width / 2
            y = top + self.TIME_H
            canvas.rect(Rect(hx, y, width, self.BOARD_H), fill=WHITE, stroke=BLACK, width=0.3)
            sun = self.weather_board.sun_at(hour.time)
            lines = []
            if hour.temperature:
                lines.append(f"temp {signed(hour.temperature)}")
            if hour.clouds:
                lines.append(f"clouds {signed(hour.clouds)}")
            for k, line in enumerate(lines or ["-"]):
                canvas.text(line, (cx, y + 3.6 + 3.2 * k), size=2.4)
            canvas.text("no sun" if sun is SunExposure.NONE else f"sun {sun.value}", (cx, y + 11.0),
                        size=2.4, bold=sun is not SunExposure.NONE)
            y += self.BOARD_H
            canvas.rect(Rect(hx, y, width, self.TILE_H), fill=WHITE, stroke=BLACK, width=0.3)
            if slot is None:
                canvas.text("?", (cx, y + 10.5), size=7.0, bold=True, fill=GREY)
                for k, line in enumerate(UNKNOWN_TILE):
                    canvas.text(line, (cx, y + 16.5 + 3.0 * k), size=2.3, fill=GREY)
                continue
            draw_weather_face(canvas, Rect(hx, y, width, self.TILE_H), f"{slot.tile} {slot.face}",
                              slot.values)
        # Hour boundaries, drawn over the cells.
        marks = [path_data([(left + h * per_hour * self.STEP_W, top),
                            (left + h * per_hour * self.STEP_W, top + self.TIME_H)])
                 for h in range(len(self.weather) + 1)]
        canvas.path(" ".join(marks), stroke=BLACK, width=0.9)


GAP = 12.0  # between two boards
PAD = 5.0  # around the picture
TRACKS_TITLE = 16.0


@dataclass(frozen=True)
class TracksPicture:
    """The three boards under a title, one below the other."""

    title: str
    altitude: AltitudeTrackBoard
    thermal: ThermalLiftBoard
    weather: WeatherTimeTrack

    @property
    def boards(self) -> tuple[AltitudeTrackBoard | ThermalLiftBoard | WeatherTimeTrack, ...]:
        return (self.altitude, self.thermal, self.weather)

    @property
    def width(self) -> float:
        return max(max(b.size[0] for b in self.boards) + 2 * PAD,
                   text_width(self.title, 7.0, bold=True) + 2 * PAD)

    @property
    def height(self) -> float:
        return TRACKS_TITLE + sum(b.size[1] for b in self.boards) + GAP * 2 + PAD

    def _boxes(self) -> list[Rect]:
        boxes = [Rect(0, 0, self.width, TRACKS_TITLE)]
        y = TRACKS_TITLE
        for b in self.boards:
            w, h = b.size
            boxes.append(Rect(PAD, y, w, h))
            y += h + GAP
        return boxes

    def occupies(self, window: Rect) -> bool:
        return any(box.intersects(window) for box in self._boxes())

    def draw(self, canvas: Canvas, window: Rect | None = None) -> None:
        canvas.text(self.title, (PAD, 10.0), size=7.0, anchor="start", bold=True)
        for board, box in zip(self.boards, self._boxes()[1:], strict=True):
            board.draw(canvas, (box.x, box.y))


def tracks_picture(
    title: str,
    *,
    altitude: AltitudeTrack,
    sides: tuple[Side, Side, Side],
    thermal: ThermalBoard,
    time: TimeTrack,
    weather_board: WeatherBoard,
    weather: Sequence[WeatherSlot | None],
    weather_source: str = "",
    sides_source: str = "",
) -> TracksPicture:
    """The track boards for one game: every value given explicitly, so that a scenario file
    can supply its own sides and weather tiles (``None`` for an hour whose tile is drawn
    during the game). ``ValueError`` if the weather tiles do not match the hours of the
    day."""
    return TracksPicture(
        title,
        AltitudeTrackBoard(altitude, sides, sides_source),
        ThermalLiftBoard(thermal),
        WeatherTimeTrack(time, weather_board, tuple(weather), weather_source),
    )
