"""Turbulences in the replay viewer (``render/viewer.py``): the landscape with its Region
boards and the scenario's airports as the printed board draws them, and, from a company's
view of the game (``Ruleset.view``), the clouds and aircraft placed as on a printed position,
the state panel (parcels with the weights that view knows, ``?`` for the others) and the
paths of the journeys."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skyhex.render import viewer
from skyhex.render.drawing import Canvas, path_data
from skyhex.render.sheet import DESIGN_HEX_MM, HEX_MM_DEFAULT, draw_pawn_disc, hex_points, pawn_styles
from skyhex.render.turbulences.board import (
    BIOME_FILL,
    TITLE_BLOCK,
    cloud_kind,
    draw_cloud,
    landscape_picture,
)
from skyhex.render.turbulences.night import NightPicture, draw_face_down, draw_night_token
from skyhex.render.turbulences.position import (
    AIRCRAFT_RADIUS,
    CompanyView,
    TurbulencesPosition,
    aircraft_placements,
    airport_views,
    draw_aircraft,
    draw_asteroid,
    draw_parachute,
    expert_text,
    playing_text,
    where_text,
    wind_text,
)
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences.aircraft import AircraftType
from skyhex.rules.turbulences.landscape import Biome, CloudSide, CloudToken, Stack, landscape_set
from skyhex.rules.turbulences.state import Game

HEX_MM = HEX_MM_DEFAULT


def parcels_text(parcels: Sequence[Mapping[str, Any]]) -> str:
    """Parcels with the weights the view knows: ``red-2 5 kg, blue-1 ? kg``."""
    return ", ".join(f"{p['parcel']} {'?' if p['weight'] is None else p['weight']} kg"
                     for p in parcels) or "none"


class TurbulencesArt(viewer.ViewerArt):
    """The viewer's Turbulences: the landscape at 30 mm hexes, pieces as printed."""

    def __init__(self, game: Game, title: str) -> None:
        self.title = title
        self.game = game
        self.styles = pawn_styles([c.colour for c in game.companies])
        self.airports = airport_views(game)
        self.symbols = viewer.Symbols()
        self.u = HEX_MM / DESIGN_HEX_MM
        self._last: tuple[Mapping[str, Any], TurbulencesPosition] | None = None
        empty = self._position_of({"turn": 1, "first": game.companies[0].colour,
                                  "actor": None, "phase": "piloting", "wind": None,
                                  "clouds": [], "shipping": [], "lost": [],
                                  "companies": [{"aircraft": c.aircraft.value, "hex": None,
                                                 "boost": True, "carried": [], "delivered": []}
                                                for c in game.companies]})
        # NIGHT FLIGHT: the board shows every tile face down; each frame turns up the tiles
        # its view knows (a seat's page never holds a face it has not seen)
        night = None if game.night is None else NightPicture(
            landscape_set(), paris=game.night.paris_hex)
        self.picture = landscape_picture(game.landscape, title=title, hex_mm=HEX_MM,
                                         position=empty, pieces=False, night=night)

    def position_of(self, view: Mapping[str, Any]) -> TurbulencesPosition:
        """The printed position of a view of the game (``engine.view``'s shape); the
        pieces and the panel of one view read it once."""
        if self._last is not None and self._last[0] is view:
            return self._last[1]
        position = self._position_of(view)
        self._last = (view, position)
        return position

    def _position_of(self, view: Mapping[str, Any]) -> TurbulencesPosition:
        companies = tuple(
            CompanyView(c.colour, c.player, style, AircraftType(raw["aircraft"]), c.region,
                        c.city, c.airport, viewer.hex_of(raw["hex"]), raw["boost"], len(raw["carried"]),
                        len(raw["delivered"]),
                        expert_text(raw["expert"]["fuel"], raw["expert"]["altitude"],
                                    raw["expert"]["jerrycan"]) if "expert" in raw else None,
                        c.covered, bool(raw.get("grounded")), bool(raw.get("parachute")),
                        bool(raw.get("power", {}).get("asteroid")))
            for c, raw, style in zip(self.game.companies, view["companies"], self.styles,
                                     strict=True))
        chute = view.get("parachute", {})
        clouds: dict[Hex, Stack] = {
            Hex(*c["hex"]): tuple(CloudToken(t["id"], CloudSide(t["side"])) for t in c["tokens"])
            for c in view["clouds"]}
        return TurbulencesPosition(
            "", self.game.mode.value, view["turn"], view["first"], view["actor"], view["phase"],
            view["wind"], clouds, companies, self.airports,
            sum(len(z["parcels"]) for z in view["shipping"]), len(view["lost"]),
            {Hex(*r["hex"]): len(r["parcels"]) for r in view.get("runways", ())},
            (Hex(*chute["hex"]), len(chute["parcels"])) if "hex" in chute else None)

    def _aircraft(self, c: CompanyView, radius: float) -> str:
        def draw(canvas: Canvas) -> None:
            draw_aircraft(canvas, c, (0.0, 0.0), radius, self.u)

        return self.symbols.use(("aircraft", c.colour, c.aircraft, c.carried, radius), draw)

    def _parachute(self, parcels: int) -> str:
        def draw(canvas: Canvas) -> None:
            draw_parachute(canvas, (0.0, 0.0), self.u, parcels)

        return self.symbols.use(("parachute", parcels), draw)

    def _asteroid(self, radius: float) -> str:
        def draw(canvas: Canvas) -> None:
            draw_asteroid(canvas, (0.0, 0.0), radius, self.u)

        return self.symbols.use(("asteroid", radius), draw)

    def _cloud(self, stack: Stack) -> str:
        def draw(canvas: Canvas) -> None:
            draw_cloud(canvas, stack, (0.0, 0.0), self.u)

        return self.symbols.use(("cloud", stack), draw)

    def pieces(self, view: Mapping[str, Any]) -> list[viewer.Piece]:
        u = self.u
        position = self.position_of(view)
        centre = self.picture.layout.center
        out: list[viewer.Piece] = []
        if "night" in view:
            out += self._night(view["night"])
        for h in sorted(position.clouds):
            stack = position.clouds[h]
            if not stack:
                continue
            kind = cloud_kind(stack)
            symbol = self._cloud(stack)
            cx, cy = centre(h)
            ids = "·".join(str(t.id) for t in stack)
            out.append(viewer.use(symbol, (cx, cy - 4.6 * u), f"{kind} {ids} at {h.q},{h.r}"))
        if position.chute is not None:
            h, parcels = position.chute
            cx, cy = centre(h)
            out.append(viewer.use(self._parachute(parcels), (cx, cy + 3.0 * u),
                                  f"the Parachute at {h.q},{h.r}, holding {parcels}"))
        for c, at, radius in aircraft_placements(position, centre, u, lambda h: True):
            if c.asteroid:
                out.append(viewer.use(self._asteroid(radius), at,
                                      f"{c.name}'s ASTEROID: a Mountain for the next weather"))
            out.append(viewer.use(self._aircraft(c, radius), at,
                                  f"{c.name}: {c.aircraft.value}, "
                                  f"{where_text(c, self.airports)}, carrying {c.carried}"))
        return out

    def _night(self, night: Mapping[str, Any]) -> list[viewer.Piece]:
        """NIGHT FLIGHT: the tiles flipped (and, in the referee's view, the hidden faces
        marked as such), and the NIGHT token."""
        centre = self.picture.layout.center
        u = self.u
        out = []
        for tile in night["tiles"]:
            h = Hex(*tile["hex"])
            if tile["face"] == "up":
                biome = Biome(tile["biome"])
                out.append(viewer.use(self._tile(biome, False), centre(h),
                                      f"{biome.value} tile at {h.q},{h.r} (flipped)"))
            elif tile.get("hidden"):
                biome = Biome(tile["hidden"])
                out.append(viewer.use(self._tile(biome, True), centre(h),
                                      f"face down at {h.q},{h.r}: {biome.value} (referee)"))
        x, y = centre(Hex(*night["token"]))

        def token(canvas: Canvas) -> None:
            draw_night_token(canvas, (0.0, 0.0), u)

        out.append(viewer.use(self.symbols.use(("night-token",), token),
                              (x + 7.0 * u, y - 7.0 * u),
                              f"the NIGHT token, {night['turns_left']} turn(s) to PARIS"))
        return out

    def _tile(self, biome: Biome, hidden: bool) -> str:
        """A flipped tile (its biome's fill and initial), or on the referee's frames the
        initial of a face-down tile's hidden face."""
        u = self.u

        def draw(canvas: Canvas) -> None:
            if hidden:
                draw_face_down(canvas, hex_points((0.0, 0.0), HEX_MM), (0.0, 0.0), u, biome)
                return
            canvas.path(path_data(hex_points((0.0, 0.0), HEX_MM), closed=True),
                        fill=BIOME_FILL[biome], stroke="#333333", width=0.3 * u)
            canvas.text(biome.value[0].upper(), (0.0, 5.0 * u), size=6.0 * u, bold=True)

        return self.symbols.use(("tile", biome, hidden), draw)

    def panel(self, view: Mapping[str, Any]) -> viewer.Panel:
        v = self.position_of(view)
        head = [["turn", str(v.turn)], ["now", playing_text(v)], ["first player", v.first],
                ["wind", wind_text(v.wind)],
                ["destroyed", ", ".join(c.colour for c in v.destroyed) or "none"],
                ["parcels waiting", str(v.waiting)], ["parcels lost", str(v.lost)]]
        if view.get("runways"):
            head.append(["runways", "; ".join(
                f"{r['hex'][0]},{r['hex'][1]}: {len(r['parcels'])}/2"
                + ("" if r["accessible"] else " (covered)") for r in view["runways"])])
        if "night" in view:
            up = sum(1 for t in view["night"]["tiles"] if t["face"] == "up")
            head.append(["night", f"{view['night']['turns_left']} turn(s) to PARIS; "
                         f"{up} of {len(view['night']['tiles'])} tiles discovered"])
        chute = view.get("parachute")
        if chute is not None:
            head.append(["Parachute", chute["state"] + (f" ({chute['company']})"
                                                        if "company" in chute else "")])
        if "team" in view:
            head.append(["team", ", ".join(view["team"])])
        if "teams" in view:
            head.append(["teams", "; ".join(f"{t['team']}: {', '.join(t['companies'])}"
                                            for t in view["teams"])])
        cards = []
        for c, raw in zip(v.companies, view["companies"], strict=True):
            style = c.style

            def disc(canvas: Canvas, style: Any = style) -> None:
                draw_pawn_disc(canvas, style, (0.0, 0.0), AIRCRAFT_RADIUS * self.u, self.u)

            cards.append({
                "id": c.colour, "title": c.name, "s": self.symbols.use(("disc", c.colour), disc),
                "sub": where_text(c, self.airports),
                "rows": [["aircraft", f"{c.aircraft.value} ({c.type_letter})"],
                         ["airport", f"R{c.region} C{c.city}"],
                         ["carrying", parcels_text(raw["carried"])],
                         ["delivered", f"{c.delivered}"
                          + (f": {parcels_text(raw['delivered'])}" if c.delivered else "")],
                         ["BOOST" if c.token.startswith(("BOOST", "PARACHUTE"))
                          else "Power", c.token],
                         *([["EXPERT", c.expert]] if c.expert else [])]})
        return {"head": head, "cards": cards}

    def trail(self, events: Sequence[Mapping[str, Any]]) -> list[viewer.Polyline]:
        """Each journey's tiles, and the aircraft that clouds carried or ejected."""
        centre = self.picture.layout.center
        out = []
        for e in events:
            if e["type"] == "journey" and e.get("from"):
                hexes = [e["from"], *e["path"]]
            elif e["type"] in ("aircraft_carried", "aircraft_ejected"):
                hexes = [e["from"], e["to"]]
            else:
                continue
            out.append(viewer.polyline([centre(Hex(*h)) for h in hexes]))
        return out

    def board(self) -> str:
        return viewer.board_svg(self.picture, TITLE_BLOCK, self.symbols, f"The board of {self.title}")
