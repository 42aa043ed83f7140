"""The values of a Paragliders game: ``Game`` (what never changes during a game: scenario,
components, map and the tables derived from them) and ``State`` (everything that does).

Both are frozen; the engine builds a new ``State`` for each action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from skyhex.rules import speed
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.paragliders.board import edge_hexes
from skyhex.rules.paragliders.cells import Cells, Grid, grid, shared_cells
from skyhex.rules.paragliders.components import ComponentSet, SunExposure
from skyhex.rules.paragliders.features import Antenna, Landmark
from skyhex.rules.paragliders.maps import Map
from skyhex.rules.paragliders.scenario import (
    SPOTS,
    PilotStatus,
    Player,
    Scenario,
    SoloMode,
    StuntProgress,
    spot_hexes,
)
from skyhex.rules.paragliders.stunts import Stunt
from skyhex.rules.paragliders.terrain import Terrain


class Phase(StrEnum):
    TURN = "turn"  # a player takes a turn
    WIND_PUSH = "wind-push"  # pilots choose push, resist or mix, lowest first
    OVER = "over"


_OVER = Phase.OVER
_WIND_PUSH = Phase.WIND_PUSH
"""Phases as plain names (Python 3.11 reads a member off its class through a descriptor:
``State.actor`` is asked at every decision)."""


@dataclass(frozen=True)
class Pilot:
    """One player's pilot: the pawn, the altitude marker and what it has collected.

    ``ledger`` is the score track: every VP gained or lost during play, with its reason
    (antennas, crashes, walks paid on relaunch, stunts); ``score`` is its sum.
    """

    seat: int
    ident: str
    status: PilotStatus = PilotStatus.IN_HAND
    hex: Hex | None = None
    facing: Direction | None = None
    altitude: int = 0
    deficit: int = 0
    mountain: Hex | None = None
    landed_time: int | None = None
    crashed: bool = False
    antennas: frozenset[Antenna] = frozenset()
    gps: frozenset[str] = frozenset()
    markers: frozenset[str] = frozenset()
    skill_cards: int = 0
    ledger: tuple[tuple[str, int], ...] = ()
    stunts: tuple[tuple[Stunt, StuntProgress], ...] = ()

    evolve = speed.evolve

    @property
    def score(self) -> int:
        return sum(vp for _, vp in self.ledger)

    @property
    def flying(self) -> bool:
        return self.status is PilotStatus.FLYING


@dataclass(frozen=True)
class State:
    time: int
    round: int
    pilots: tuple[Pilot, ...]
    temperature: int
    sun: SunExposure
    wind_direction: Direction
    wind_strength: int
    clouds: tuple[tuple[int, Hex], ...]  # (ring, centre hex), by ring
    schedule: tuple[tuple[str, str], ...]  # weather faces known so far, from 08:00
    draws: int  # chance draws made so far (each derives from the seed and its index)
    phase: Phase = Phase.TURN
    current: int = 0  # index into pilots of who acts (turn phase)
    push_queue: tuple[int, ...] = ()  # pilots still to choose in the wind-push round
    solo_markers: tuple[tuple[str, str, Hex], ...] = ()  # (marker, side, hex) on the map

    evolve = speed.evolve
    evolve_by = speed.evolve_by

    def pilot(self, ident: str) -> Pilot | None:
        return next((p for p in self.pilots if p.ident == ident), None)

    @property
    def actor(self) -> Pilot | None:
        """The pilot who acts next, or ``None`` when the game is over."""
        if self.phase is _OVER:
            return None
        if self.phase is _WIND_PUSH:
            return self.pilots[self.push_queue[0]]
        return self.pilots[self.current]


@dataclass(frozen=True, eq=False)
class Game:
    """A game's fixed part, with lookup tables computed once from the map. Games compare
    (and hash) by identity: per-state tables of the engine are cached by game."""

    scenario: Scenario
    mountaintop: int
    sides: tuple[str, str, str]
    pinned: tuple[dict[str, Any], ...] = ()
    pinned_from: int = 0  # the draw ``pinned[0]`` pins (a position's draws; else 0)
    terrain: dict[Hex, Terrain] = field(init=False, repr=False)
    sun_hexes: dict[SunExposure, frozenset[Hex]] = field(init=False, repr=False)
    wind_hexes: dict[tuple[Direction, int], frozenset[Hex]] = field(init=False, repr=False)
    antennas: dict[Hex, Antenna] = field(init=False, repr=False)
    landmarks: dict[Hex, Landmark] = field(init=False, repr=False)
    spawns: dict[int, Hex] = field(init=False, repr=False)
    mountains: frozenset[Hex] = field(init=False, repr=False)
    takeoffs: tuple[Hex, ...] = field(init=False, repr=False)
    takeoff_hexes: frozenset[Hex] = field(init=False, repr=False)  # the same, to look up
    target: Hex | None = field(init=False, repr=False)
    edge: frozenset[Hex] = field(init=False, repr=False)
    edge_distance: dict[Hex, int] = field(init=False, repr=False)  # to the nearest edge hex
    claim_stunts: tuple[Stunt, ...] = field(init=False, repr=False)
    top_lander: bool = field(init=False, repr=False)
    """With the Top Lander stunt in play the take-off hexes can be landed on."""
    spots: dict[str, frozenset[Hex]] = field(init=False, repr=False)  # cross-mode spots
    grid: Grid = field(init=False, repr=False)  # the map's hexes by number
    cells: Cells = field(init=False, repr=False)  # the game's per-hex tables, by number
    components: ComponentSet = field(init=False, repr=False)  # the scenario's
    cross: bool = field(init=False, repr=False)  # a solo cross game: nothing collected flying
    survivor_arm: int = field(init=False, repr=False)
    """The altitude at or below which a flying pilot arms the Survivor ruler (-1: the stunt
    is not in play): every turn asks."""

    def __post_init__(self) -> None:
        for name, value in _map_tables(self.scenario.map).items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "claim_stunts", tuple(
            sorted(s for s in self.scenario.stunts if s is not Stunt.TOP_LANDER)))
        object.__setattr__(self, "top_lander", Stunt.TOP_LANDER in self.scenario.stunts)
        object.__setattr__(self, "components", self.scenario.components)
        track = self.components.altitude
        cross = self.scenario.solo is SoloMode.CROSS  # nothing is collected by flying
        object.__setattr__(self, "cross", cross)
        object.__setattr__(self, "survivor_arm", track.survivor_arm
                           if Stunt.SURVIVOR in self.scenario.stunts else -1)
        object.__setattr__(self, "cells", shared_cells(
            self.grid, self.components, self.mountaintop, track.ceiling, self.takeoffs,
            self.top_lander,
            frozenset() if cross else frozenset(self.antennas) | frozenset(self.landmarks),
            1 << 30 if cross else min(track.balloon, track.ceiling)))

    @property
    def map(self) -> Map:
        return self.scenario.map

    @property
    def players(self) -> tuple[Player, ...]:
        return self.scenario.players


_TABLES: dict[int, tuple[Map, dict[str, Any]]] = {}


def _map_tables(m: Map) -> dict[str, Any]:
    """Lookup tables of a map, computed once per map object (games replayed or played out
    on the same map share them)."""
    cached = _TABLES.get(id(m))
    if cached is not None and cached[0] is m:
        return cached[1]
    terrain = {h: mh.terrain for h, mh in m.hexes.items()}
    mountains = frozenset(h for h, t in terrain.items() if t is Terrain.MOUNTAIN)

    def beside(directions: tuple[Direction, ...]) -> frozenset[Hex]:
        return frozenset(h for h, t in terrain.items() if t is not Terrain.MOUNTAIN
                         and any(h.neighbor(d) in mountains for d in directions))

    sun = {
        # Morning sun heats east facades: the mountain lies west (NW or SW) of the pilot.
        SunExposure.EAST: beside((Direction.NW, Direction.SW)),
        SunExposure.WEST: beside((Direction.NE, Direction.SE)),
        SunExposure.NONE: frozenset(),
    }
    edge = edge_hexes(frozenset(terrain))
    wind = {}
    for d in Direction:
        wind[(d, 1)] = beside((d,))
        wind[(d, 2)] = beside((d.rotate(-1), d, d.rotate(1)))
    tables: dict[str, Any] = {
        "terrain": terrain, "mountains": mountains, "sun_hexes": sun, "wind_hexes": wind,
        "antennas": {h: mh.features.antenna for h, mh in m.hexes.items()
                     if mh.features.antenna is not None},
        "landmarks": {h: mh.features.gps for h, mh in m.hexes.items()
                      if mh.features.gps is not None},
        "spawns": {mh.features.spawn: h for h, mh in sorted(m.hexes.items())
                   if mh.features.spawn is not None},
        "takeoffs": tuple(m.takeoffs), "takeoff_hexes": frozenset(m.takeoffs),
        "target": m.targets[0] if m.targets else None,
        "edge": edge,
        "grid": grid(terrain, edge),
        "spots": {spot: frozenset(spot_hexes(m, spot)) for spot in SPOTS},
        "edge_distance": {h: min(h.distance(e) for e in edge) for h in terrain} if edge
        else {},
    }
    if len(_TABLES) > 64:
        _TABLES.clear()
    _TABLES[id(m)] = (m, tables)
    return tables
