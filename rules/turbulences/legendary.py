"""Section 10, The Legendary Aircraft: the FAKIR's FLYING CARPET, the BESIXDOUZE's ASTEROID
and the SAVOIA S.21's DODGE. The Power token is the aircraft's ``Plane.boost`` (it "replaces
that of the BOOST"): charged when it shows its symbol, flipped when used. Pure functions;
``engine`` calls them.

"Their movements are similar to the other Aircraft (BASE + BONUS) but each has a particular
Power that replaces that of the BOOST and therefore cancels the possibility of playing again
at the end of the turn." "SETUP. Replace your BOOST with the Power of your Legendary
Aircraft and load it (symbol visible)."

"THE FAKIR has a bonus on DESERT tiles and a FLYING CARPET that lets it fly instantly
between 2 DESERT tiles when it is not overloaded. Activate its FLYING CARPET only if you are
flying over a DESERT tile at the start of your piloting phase (by flipping the token). The
second DESERT tile can be anywhere in the landscape. No Cloud must cover these 2 tiles and
there must exist a path free of any obstacle linking them, whatever its shape or length.
This Power replaces all your movements of the turn. In EXPERT Mode, do not count the FUEL
spent or the ALTITUDE gained during this special movement. This Power recharges in its
Airport."

"BESIXDOUZE has a bonus on DESERT tiles and its ASTEROID can temporarily turn into a
Mountain. Activate its ASTEROID at the end of your piloting phase (by flipping the token)
and announce it to the other pilots. During the next weather phase only: your Aircraft is
considered exactly like a Mountain and can therefore influence the weather. Then resume your
turn normally. This Power recharges in its Airport."

"THE SAVOIA S.21 has a bonus on SEA tiles and a DODGE that lets it cross an obstacle
(except a Mountain) in a straight line or diagonally. Activate its DODGE at the start of
your piloting phase (by flipping the token). This Power replaces your base movement. The
bonus movement remains possible afterward. This Power recharges in all Airports."

Decisions (``docs/rules-notes.md``, "Special powers"):

1. **DESERT tiles** are full desert tiles (a hex of two half-tiles is not one). The
   FLYING CARPET starts in flight (not on a runway) over a desert tile no cloud covers, not
   overloaded (after the parcel operations made before it, as for the overload), and flies
   to another free desert tile no cloud covers, joined to it by a path of landscape tiles
   that are no obstacle (mountain, storm, aircraft, Parachute); the path may pass under a
   Cumulus (``PowerRules.carpet_over_cumulus``). The journey is that single tile; no bonus
   follows ("replaces all your movements").
2. **The ASTEROID** is activated after the journey, in the window where others get their
   BOOST, by an aircraft in flight (on a landscape tile, no cloud on it: a Mountain never
   holds a cloud). During the next weather phase it is a Mountain for the clouds (blocking,
   sheltering, charging Lightning) and for section 7 (it is not moved, not destroyed, not
   struck; clouds never reach it); it is an aircraft again afterwards.
3. **The DODGE** is the journey's base movement: from the aircraft's place (in flight, or on
   the ground: PIG'S TURN "Leave a blocked Airport with the DODGE Power") over an adjacent
   landscape tile holding an obstacle other than a Mountain (a storm, a Tempest, an
   aircraft, the Parachute) to a free landscape tile beyond it, straight on or 60 degrees
   off (the EXPERT crossing's geometry); the bonus follows when that tile earns it. The
   DODGE is allowed while overloaded (it replaces the single base tile).
4. **Recharging**: the FAKIR and the BESIXDOUZE in their own airport, the SAVOIA S.21 in any
   airport (an emergency landing included). A destroyed Legendary Aircraft's token is
   recharged on its next turn like a BOOST, and consumed to take off from another city.
5. **EXPERT**: the FLYING CARPET costs no FUEL and gains no ALTITUDE; the DODGE costs its
   movements like a crossing (``ExpertRules.crossing_moves`` and the bonus tile), paid with
   FUEL or gliding, but no ALTITUDE for the obstacle.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterator

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.speed import hex_json as _hx
from skyhex.rules.turbulences.aircraft import AircraftType
from skyhex.rules.turbulences.expert import beyond, landed_flight
from skyhex.rules.turbulences.landscape import Biome
from skyhex.rules.turbulences.piloting import Flight, _step, has_bonus, obstacle, occupied
from skyhex.rules.turbulences.state import MAX_CARRIED, Game, State

CARPET = "flying-carpet"
ASTEROID = "asteroid"
DODGE = "dodge"
POWER_OF = {AircraftType.FAKIR: CARPET, AircraftType.BESIXDOUZE: ASTEROID,
            AircraftType.SAVOIA: DODGE}


def power_of(game: Game, i: int) -> str | None:
    """The Power of company ``i``'s aircraft (``None``: not a Legendary Aircraft)."""
    return POWER_OF.get(game.companies[i].aircraft)


def recharges_at(game: Game, i: int, airport: Hex) -> bool:
    """Whether landing in ``airport`` recharges company ``i``'s Power (decision 4)."""
    if game.companies[i].aircraft is AircraftType.SAVOIA:
        return airport in game.airports
    return airport == game.companies[i].airport


def asteroids(state: State) -> frozenset[Hex]:
    """The hexes of the aircraft whose ASTEROID is active."""
    return frozenset(p.hex for p in state.planes if p.asteroid and p.hex is not None)


# --- the FLYING CARPET --------------------------------------------------------------------


def _desert(game: Game, state: State, h: Hex) -> bool:
    return h in game.tiles and game.biomes[h] is Biome.DESERT and h not in game.halves \
        and not state.clouds.get(h)


def carpet_reach(game: Game, state: State, i: int) -> dict[Hex, int]:
    """Every tile the FAKIR's FLYING CARPET may fly to now (decision 1), with the length of
    the shortest obstacle-free path to it (the tiles travelled, for 1001 NIGHTS); empty
    when the Power cannot be used."""
    plane = state.planes[i]
    start = plane.hex
    if power_of(game, i) != CARPET or not plane.boost or start is None or plane.grounded \
            or len(plane.carried) >= MAX_CARRIED or not _desert(game, state, start):
        return {}
    others = occupied(state, i)
    over_cumulus = game.powers.carpet_over_cumulus
    steps = {start: 0}
    queue = deque([start])
    out = {}
    while queue:
        h = queue.popleft()
        for n in h.neighbors():
            if n in steps or n not in game.tiles or obstacle(game, state, n, others) is not None:
                continue
            if not over_cumulus and state.clouds.get(n):
                continue
            steps[n] = steps[h] + 1
            queue.append(n)
            if _desert(game, state, n):
                out[n] = steps[n]
    return out


def carpet_targets(game: Game, state: State, i: int) -> list[Hex]:
    """The tiles of ``carpet_reach``, by distance then hex."""
    reach = carpet_reach(game, state, i)
    start = state.planes[i].hex
    if not reach or start is None:
        return []
    return sorted(reach, key=lambda h: (start.distance(h), h))


def check_carpet(game: Game, state: State, i: int, path: tuple[Hex, ...]) -> Flight:
    plane = state.planes[i]
    start = plane.hex
    assert start is not None
    if len(path) != 1:
        raise IllegalActionError("power.carpet-path", "the FLYING CARPET names the DESERT tile "
                                 "it flies to: it replaces all your movements")
    if len(plane.carried) >= MAX_CARRIED:
        raise IllegalActionError("power.carpet-overload", "the FLYING CARPET flies when it is "
                                 "not overloaded")
    if start not in game.tiles or plane.grounded or not _desert(game, state, start):
        raise IllegalActionError("power.carpet-start", "activate the FLYING CARPET only if you "
                                 "are flying over a DESERT tile no Cloud covers")
    if path[0] not in carpet_targets(game, state, i):
        raise IllegalActionError("power.carpet-target", f"{path[0]} is no DESERT tile free of "
                                 "clouds joined to yours by a path free of any obstacle")
    return Flight(path, path[0], False, False)


# --- the DODGE ----------------------------------------------------------------------------


def _dodgeable(game: Game, state: State, h: Hex, others: Collection[Hex]) -> bool:
    return h in game.tiles and h not in game.mountains \
        and obstacle(game, state, h, others) is not None


def dodges(game: Game, state: State, i: int) -> Iterator[tuple[Hex, ...]]:
    """Every path of the SAVOIA S.21's DODGE (decision 3): the obstacle, the tile beyond,
    and the bonus tile if any."""
    plane = state.planes[i]
    start = plane.hex
    if power_of(game, i) != DODGE or not plane.boost or start is None:
        return
    others = occupied(state, i)
    for over in start.neighbors():
        if not _dodgeable(game, state, over, others):
            continue
        for land in beyond(start, over):
            if land not in game.tiles or obstacle(game, state, land, others) is not None:
                continue
            yield over, land
            if has_bonus(game, state, i, land, over):
                for c in land.neighbors():
                    if _step(game, state, land, c, others) is None:
                        yield over, land, c


def check_dodge(game: Game, state: State, i: int, path: tuple[Hex, ...]) -> Flight:
    start = state.planes[i].hex
    assert start is not None
    if not 2 <= len(path) <= 3:
        raise IllegalActionError("power.dodge-path", "the DODGE names the obstacle, the tile "
                                 "beyond it, and the bonus tile if any")
    over, land = path[0], path[1]
    others = occupied(state, i)
    if start.distance(over) != 1:
        raise IllegalActionError("journey.not-adjacent", f"{over} is not next to {start}")
    if over in game.mountains:
        raise IllegalActionError("power.dodge-mountain", "the DODGE crosses an obstacle except "
                                 "a Mountain")
    if not _dodgeable(game, state, over, others):
        raise IllegalActionError("power.dodge-free", f"{over} holds no obstacle to cross")
    if land not in beyond(start, over):
        raise IllegalActionError("power.dodge-line", f"{land} is not beyond {over} in a "
                                 "straight line or diagonally")
    if land not in game.tiles or obstacle(game, state, land, others) is not None:
        raise IllegalActionError("power.dodge-landing", f"the DODGE lands on a free landscape "
                                 f"tile, not {land}")
    return landed_flight(game, state, i, path, others)


def power_paths(game: Game, state: State, i: int) -> list[tuple[Hex, ...]]:
    """Every journey the company's Power may make now (not the ASTEROID, which is no
    journey)."""
    power = power_of(game, i)
    if power == CARPET:
        return [(h,) for h in carpet_targets(game, state, i)]
    if power == DODGE:
        return list(dodges(game, state, i))
    return []


def check_power(game: Game, state: State, i: int, path: tuple[Hex, ...]) -> Flight:
    """Check a Power journey; ``IllegalActionError`` naming the broken rule."""
    power = power_of(game, i)
    if power is None:
        raise IllegalActionError("power.not-legendary", f"{game.companies[i].colour} flies no "
                                 "Legendary Aircraft")
    if power == ASTEROID:
        raise IllegalActionError("power.asteroid", "the ASTEROID is no journey: it is "
                                 "activated at the end of your journey ({company, power: "
                                 "true})")
    if not state.planes[i].boost:
        raise IllegalActionError("power.flipped", "your Power token is flipped: it recharges "
                                 "in " + ("all Airports" if power == DODGE else "your Airport"))
    if power == CARPET:
        return check_carpet(game, state, i, path)
    return check_dodge(game, state, i, path)


# --- the ASTEROID -------------------------------------------------------------------------


def can_asteroid(game: Game, state: State, i: int) -> bool:
    """Whether the BESIXDOUZE may activate its ASTEROID now (decision 2)."""
    plane = state.planes[i]
    return (power_of(game, i) == ASTEROID and plane.boost and plane.hex is not None
            and plane.hex in game.tiles and not plane.grounded
            and not state.clouds.get(plane.hex))


def asteroid(game: Game, state: State, i: int, events: list[Event]) -> State:
    """Flip the ASTEROID token: a Mountain during the next weather phase."""
    if power_of(game, i) != ASTEROID:
        raise IllegalActionError("power.not-asteroid", f"{game.companies[i].colour}'s "
                                 "aircraft has no ASTEROID")
    if not can_asteroid(game, state, i):
        raise IllegalActionError("power.asteroid-place", "the ASTEROID is activated in flight, "
                                 "over a tile no cloud covers, with its token charged")
    plane = state.planes[i]
    assert plane.hex is not None
    events.append({"type": "asteroid_activated", "company": game.companies[i].colour,
                   "hex": _hx(plane.hex)})
    return state.with_plane(i, plane.evolve(boost=False, asteroid=True))

