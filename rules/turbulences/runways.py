"""EXPERT's Emergency Runway module (rulebook section 9): runways built where an aircraft
crashed for lack of FUEL, then neutral airports of two spaces on the landscape.

"A. In case of a crash due to lack of FUEL only... you can drop your Parcels on the landscape
tile where your Aircraft is located if a Runway of the same colour as the tile is available
in the LANDSCAPE box, but your Aircraft is still destroyed. Replace the landscape tile with
the Runway and place your Parcels saved at the last moment on it. The installed Runway is
permanent. B. A Runway works like a neutral Airport with a SHIPPING ZONE of 2 spaces... but
it can be covered by a Cloud, and therefore temporarily inaccessible. During your JOURNEY,
you can ignore the Runway and fly over the tile normally. Its bonus colour remains
available. You can end your JOURNEY on an accessible Runway to block it. C. An Aircraft that
ends its JOURNEY on an accessible Runway is on the ground (ALTITUDE = 0) but remains
sensitive to the weather! You can look at, load or even unload your Parcels (in transit)
there depending on the space available. An Aircraft on the ground is always an obstacle!"

Decisions (``docs/rules-notes.md``, "EXPERT mode"):

1. **Building**: a crash "due to lack of FUEL only" is a dry breakdown in flight (a journey
   ending with 0 FUEL and 0 ALTITUDE, or an aircraft blocked in flight with nothing to pay
   with). When the aircraft carries parcels, the pilot always drops them (nothing is lost by
   it), if the box still holds a runway of the tile's biome (two of each of plain, sea and
   desert) and the tile is a full tile without a runway (never a hex of two half-tiles: a
   runway has one colour).
2. **Landing**: a journey whose last tile is an accessible runway (no cloud on it) lands
   there: the aircraft is on the ground (ALTITUDE 0), may then load and unload, and takes
   off from it on its next turn (a take-off like any other: the first tile of its journey).
   Flying over a runway, or ending on a covered one, is flying.
3. **Weather**: an aircraft on a runway is on a landscape tile for section 7: a storm blown
   onto it destroys it, and a cumulus sliding under it lifts it: it is in flight again over
   that cumulus (in EXPERT mode with +1 ALTITUDE), the runway being covered.
4. **Blocked** on a runway, an aircraft is on the ground: it passes, as in an airport.
5. A runway is neutral: no delivery, no BOOST, no refuelling there; an EXPERT aircraft may
   flip its Jerrycan there (it is on the ground), and breaks down there like in an airport.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.speed import hex_json as _hx
from skyhex.rules.turbulences.landscape import Biome
from skyhex.rules.turbulences.state import Game, Plane, State

RUNWAY_SPACES = 2
"""A runway's SHIPPING ZONE: "a neutral Airport with a SHIPPING ZONE of 2 spaces"."""
BOX_RUNWAYS: Mapping[Biome, int] = MappingProxyType({
    Biome.PLAIN: 2, Biome.SEA: 2, Biome.DESERT: 2})
"""The LANDSCAPE box: "x2 PLAIN Runways*", SEA and DESERT alike."""


def accessible(state: State, h: Hex) -> bool:
    """A runway no cloud covers."""
    return h in state.runways and not state.clouds.get(h)


def grounded(plane: Plane) -> bool:
    """On the ground on a runway."""
    return plane.grounded


def can_build(game: Game, state: State, h: Hex) -> bool:
    """Whether a runway can replace tile ``h`` (decision 1)."""
    if not game.expert.runways or h not in game.tiles or h in game.halves \
            or h in state.runways:
        return False
    if state.night is not None and h not in state.night.revealed:
        return False  # NIGHT FLIGHT: a face-down tile's colour is not known
    biome = game.biomes[h]
    built = sum(1 for r in state.runways if game.biomes[r] is biome)
    return built < BOX_RUNWAYS.get(biome, 0)


def build(game: Game, state: State, i: int, events: list[Event]) -> State:
    """The crashing aircraft's parcels dropped on a new runway at its tile."""
    plane = state.planes[i]
    assert plane.hex is not None
    h = plane.hex
    events.append({"type": "runway_built", "company": game.companies[i].colour, "hex": _hx(h),
                   "biome": game.biomes[h].value, "parcels": list(plane.carried)})
    runways = {**state.runways, h: tuple(plane.carried)}
    return state.evolve(runways=runways).with_plane(i, plane.evolve(carried=()))
