"""Paragliders in the replay viewer (``render/viewer.py``): the map as the printed board draws
it, and, from a view of the game (``Ruleset.view``), the pawns, walks back and cloud rings
placed as on a printed position (``position.placements``), the state panel and the path of
the last moves."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skyhex.render import viewer
from skyhex.render.drawing import Canvas
from skyhex.render.paragliders.board import board_picture
from skyhex.render.paragliders.position import (
    CLOUD_RADIUS,
    PAWN_RADIUS,
    PAWN_STYLES,
    PilotView,
    PositionView,
    draw_cloud,
    draw_pawn,
    draw_reserved,
    placements,
)
from skyhex.render.paragliders.tracks import signed
from skyhex.render.sheet import DESIGN_HEX_MM, HEX_MM_DEFAULT, TITLE_BLOCK
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.paragliders.clock import parse_clock
from skyhex.rules.paragliders.components import SunExposure
from skyhex.rules.paragliders.features import Antenna
from skyhex.rules.paragliders.scenario import Colour, PilotStatus
from skyhex.rules.paragliders.state import Game, Phase

HEX_MM = HEX_MM_DEFAULT


def position_of(view: Mapping[str, Any], colours: Mapping[int, Colour]) -> PositionView:
    """The printed position of a view of the game (``state_json``'s shape); ``colours``
    are the players' colours by seat."""
    pilots = tuple(
        PilotView(seat=p["seat"], ident=p["player"], colour=colours[p["seat"]],
                  status=PilotStatus(p["state"]), hex=viewer.hex_of(p["hex"]),
                  facing=None if p["facing"] is None else Direction[p["facing"]],
                  altitude=p["altitude"], mountain=viewer.hex_of(p["mountain"]), landed=p["landed"],
                  crashed=p["crashed"], antennas=frozenset(Antenna(a) for a in p["antennas"]),
                  gps=tuple(p["gps"]), score=p["score"])
        for p in view["pilots"])
    actor = view["to_act"]
    if actor is None:
        turn = "the day is over"
    elif view["phase"] == Phase.WIND_PUSH.value:
        turn = f"wind push round: {actor} chooses"
    else:
        turn = f"to play: {actor}"
    wind = view["wind"]
    return PositionView(view["time"], "", turn, view["temperature"], SunExposure(view["sun"]),
                        Direction[wind["direction"]], wind["strength"],
                        tuple((c["ring"], Hex(*c["hex"])) for c in view["clouds"]), pilots)


class ParaglidersArt(viewer.ViewerArt):
    """The viewer's Paragliders: the scenario's map at 30 mm hexes, pieces as printed."""

    def __init__(self, game: Game, title: str) -> None:
        self.title = title
        self.picture = board_picture(game.scenario.map, title=title, hex_mm=HEX_MM)
        self.colours = {p.seat: p.colour for p in game.players}
        self.start = game.components.time.start
        self.symbols = viewer.Symbols()
        self.u = HEX_MM / DESIGN_HEX_MM
        self._last: tuple[Mapping[str, Any], PositionView] | None = None

    def position(self, view: Mapping[str, Any]) -> PositionView:
        """The printed position of ``view``; the pieces and the panel of one view read it
        once."""
        if self._last is None or self._last[0] is not view:
            self._last = (view, position_of(view, self.colours))
        return self._last[1]

    def _pawn(self, colour: Colour, radius: float, facing: Direction | None,
              ground: bool) -> str:
        def draw(canvas: Canvas) -> None:
            draw_pawn(canvas, PAWN_STYLES[colour], (0.0, 0.0), radius, self.u, facing,
                      ground=ground)

        return self.symbols.use(("pawn", colour, radius, facing, ground), draw)

    def _cloud(self, ring: int) -> str:
        def draw(canvas: Canvas) -> None:
            draw_cloud(canvas, ring, (0.0, 0.0), CLOUD_RADIUS * self.u, self.u)

        return self.symbols.use(("cloud", ring), draw)

    def _reserved(self, colour: Colour) -> str:
        def draw(canvas: Canvas) -> None:
            draw_reserved(canvas, PAWN_STYLES[colour], (0.0, 0.0), self.u)

        return self.symbols.use(("reserved", colour), draw)

    def pieces(self, view: Mapping[str, Any]) -> list[viewer.Piece]:
        u = self.u
        out: list[viewer.Piece] = []
        for p in placements(self.position(view), self.picture.layout, HEX_MM):
            if p.kind == "cloud":
                out.append(viewer.use(self._cloud(p.ring), p.at, f"cloud ring {p.ring}"))
                continue
            if p.kind == "caption":
                out.append(viewer.caption(p.text, p.at, p.size))
                continue
            pilot = p.pilot
            assert pilot is not None
            if p.kind == "line":
                out.append(viewer.line(p.at, p.to, 0.5 * u, (2.0 * u, 1.5 * u)))
            elif p.kind == "reserved":
                out.append(viewer.use(self._reserved(pilot.colour), p.at,
                                      f"take-off reserved by {pilot.name}"))
            else:
                symbol = self._pawn(pilot.colour, p.radius, p.facing, p.ground)
                out.append(viewer.use(symbol, p.at, f"{pilot.name}: {pilot.status_text}"))
        return out

    def panel(self, view: Mapping[str, Any]) -> viewer.Panel:
        v = self.position(view)
        strength = f"strength {v.wind_strength}" + (" (calm)" if v.wind_strength == 0 else "")
        hour = (parse_clock(v.time) - self.start) // 60
        known = view["weather"]
        tile = known[hour] if 0 <= hour < len(known) else "-"
        ahead = ", ".join(known[hour + 1:hour + 3]) if 0 <= hour < len(known) else ""
        head = [["time", v.time], ["round", str(view["round"])], ["turn", v.turn],
                ["weather", tile + (f" (then {ahead})" if ahead else "")],
                ["temperature", signed(v.temperature)],
                ["wind", f"blows towards {v.wind_direction.name}, {strength}"],
                ["sun", "no sun" if v.sun is SunExposure.NONE else f"sun exposure {v.sun.value}"],
                ["mountaintop", f"level {view['mountaintop']}"]]
        swatch = PAWN_RADIUS * self.u
        cards = []
        for p, raw in zip(v.pilots, view["pilots"], strict=True):
            flying = p.status is PilotStatus.FLYING
            cards.append({
                "id": p.ident, "title": p.name, "s": self._pawn(p.colour, swatch, None, False),
                "sub": p.status_text,
                "rows": [["altitude", str(p.altitude) if flying else "-"],
                         ["antennas", ", ".join(a.value for a in Antenna if a in p.antennas)
                          or "none"],
                         ["GPS", ", ".join(g.replace("-", " ") for g in p.gps) or "none"],
                         ["skill cards", str(raw["skill_cards"])],
                         ["score track", f"{p.score} VP"]]})
        return {"head": head, "cards": cards}

    def trail(self, events: Sequence[Mapping[str, Any]]) -> list[viewer.Polyline]:
        """The hexes each turn and wind push of the step went through."""
        centre = self.picture.layout.center
        out = []
        for e in events:
            start, end = e.get("from"), e.get("to")
            if e["type"] not in ("turn", "wind_push") or not start or not end:
                continue
            hexes = [start, end]
            if isinstance(e.get("accelerate"), dict):
                hexes.append(e["accelerate"]["to"])
            out.append(viewer.polyline([centre(Hex(*h)) for h in hexes]))
        return out

    def board(self) -> str:
        return viewer.board_svg(self.picture, TITLE_BLOCK, self.symbols, f"The board of {self.title}")
