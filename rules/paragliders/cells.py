"""A Paragliders map as arrays indexed by hex number, for the engine's hot paths: the legal
actions of a turn decide each candidate flight by a few array reads instead of hashing
hexes and asking the terrain table.

``Grid`` is built once per map (games played on the same map share it): the hexes by
number, each hex's neighbours by direction (``OFF``, a number past the last hex, for a
neighbour off the map), and per-hex flags. ``Cells`` adds what a game's altitude track
decides (the mountaintop, the Top Lander stunt): whether a hex may be entered, and whether
a step ending there below the mountaintop touches down or is forbidden. ``flight.entry_rule``
and ``flight.ends_down`` read these same tables, so the fast path and ``apply`` share one
implementation of each rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from skyhex.rules.hexgrid import VECTORS, Hex
from skyhex.rules.paragliders.terrain import Terrain

FLIES, DOWN, FORBIDDEN = 0, 1, 2
"""Below the mountaintop, a step ending over a hex: flies on (unless at altitude 0), touches
down (a take-off hex with Top Lander in play), or is forbidden (a mountain)."""


@dataclass(frozen=True, eq=False)
class Grid:
    """A map's hexes by number: ``hexes[i]``, ``index[hex]``, ``step[i * 6 + d]`` (the
    neighbour in direction ``d``, ``OFF`` off the map), and the terrain of each number (the
    ``OFF`` entry: ``None``)."""

    hexes: tuple[Hex, ...]
    index: dict[Hex, int]
    step: tuple[int, ...]
    terrain: tuple[Terrain | None, ...]
    edge: bytes  # 1 for a hex on the map edge (``board.edge_hexes``)
    mountain: bytes  # 1 for a mountain hex
    games: dict[Any, Any] = field(default_factory=dict)
    """The ``Cells`` of the games played on this map, by what decides them."""
    still_air: dict[int, Any] = field(default_factory=dict)
    """``flight``'s weather modifiers that do not depend on the clouds, per component set
    (by identity, with the set)."""

    @property
    def off(self) -> int:
        return len(self.hexes)


def grid(terrain: dict[Hex, Terrain], edge: frozenset[Hex]) -> Grid:
    """The numbered hexes of a map whose terrain is ``terrain`` and edge ``edge`` (numbered
    in sorted order)."""
    hexes = tuple(sorted(terrain))
    index = {h: i for i, h in enumerate(hexes)}
    off = len(hexes)
    step = tuple(index.get(Hex(h.q + dq, h.r + dr), off) for h in hexes for dq, dr in VECTORS)
    return Grid(hexes, index, step + (off,) * 6, (*(terrain[h] for h in hexes), None),
                bytes([*(h in edge for h in hexes), 0]),
                bytes([*(terrain[h] is Terrain.MOUNTAIN for h in hexes), 0]))


@dataclass(frozen=True, eq=False)
class Cells:
    """A game's per-hex tables (``grid``'s numbers): ``high[i]`` whether hex ``i`` may be
    entered at or above the mountaintop, ``low[i]`` below it (the map edge and aerodromes
    are walls at any altitude, mountains below the mountaintop), ``below_top[i]`` what a
    step ending there below the mountaintop does (``FLIES``, ``DOWN``, ``FORBIDDEN``)."""

    grid: Grid
    mountaintop: int
    ceiling: int  # the cloud ceiling: gains above it are lost
    tokens: bytes  # 1 for a hex with a token to collect (an antenna, a GPS landmark)
    gps_level: int  # the lowest level of the altitude track's GPS markers (or past all)
    high: bytes
    low: bytes
    below_top: bytes
    top_landing: bytes
    """1 for a take-off hex with the Top Lander stunt in play (it can be landed on)."""
    weather: dict[Any, Any] = field(default_factory=dict)
    """``flight.weather_table``'s tables of this game, by weather."""
    last_weather: list[Any] = field(default_factory=lambda: [None])
    """The weather ``flight.weather_table`` answered for last, and its table."""

    def enters(self, i: int, altitude: int) -> bool:
        """Whether hex number ``i`` may be entered from an altitude of ``altitude``."""
        return bool((self.high if altitude >= self.mountaintop else self.low)[i])

    def ends_down(self, i: int, after: int) -> bool | None:
        """Whether a step ending over hex number ``i`` at ``after`` touches down; ``None``
        when it may not end there."""
        if after < self.mountaintop:
            code = self.below_top[i]
            if code:
                return None if code == FORBIDDEN else True
        return after <= 0


def shared_cells(g: Grid, owner: object, mountaintop: int, ceiling: int,
                 takeoffs: tuple[Hex, ...], top_lander: bool, tokens: frozenset[Hex],
                 gps_level: int) -> Cells:
    """``cells``, built once for the games on the map ``g`` that share their component set
    ``owner`` and the rest of the arguments (their weather tables with them)."""
    key = (id(owner), mountaintop, ceiling, takeoffs, top_lander, tokens, gps_level)
    held = g.games.get(key)
    if held is None or held[0] is not owner:
        if len(g.games) > 16:
            g.games.clear()
        held = g.games[key] = (owner, cells(g, mountaintop, ceiling, takeoffs, top_lander,
                                            tokens, gps_level))
    found: Cells = held[1]
    return found


def cells(g: Grid, mountaintop: int, ceiling: int, takeoffs: tuple[Hex, ...],
          top_lander: bool, tokens: frozenset[Hex], gps_level: int) -> Cells:
    """The tables of a game on the map ``g`` (``tokens``: the hexes with a token to collect,
    ``gps_level``: the lowest altitude at which a GPS marker of the altitude track is
    collected)."""
    flyable = (Terrain.FIELD, Terrain.FOREST, Terrain.LAKE, Terrain.MOUNTAIN)
    high = bytes(t in flyable for t in g.terrain)
    low = bytes(t in flyable and t is not Terrain.MOUNTAIN for t in g.terrain)
    landing = {g.index[h] for h in takeoffs if h in g.index} if top_lander else set()
    below = bytes(FLIES if t is not Terrain.MOUNTAIN else DOWN if i in landing else FORBIDDEN
                  for i, t in enumerate(g.terrain))
    return Cells(g, mountaintop, ceiling, bytes([*(h in tokens for h in g.hexes), 0]),
                 gps_level, high, low, below,
                 bytes(i in landing for i in range(len(g.terrain))))
