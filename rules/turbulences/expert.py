"""EXPERT mode (rulebook section 9) for the companies that fly it: FUEL, ALTITUDE, the
Jerrycan and crossing obstacles. Pure functions of the game and state; ``engine`` calls
them for EXPERT companies only, so CLASSIC companies (and mixed tables' new recruits) play
exactly as before.

"Each movement (even bonus) costs 1 FUEL. [...] Your tank contains 10 FUEL. If it falls to
0... it is a dry breakdown!" "Each Cumulus flown over by your Aircraft raises your ALTITUDE
dial by 1. The maximum ALTITUDE is 3. In flight, you can keep your ALTITUDE between turns.
You can also spend it to: A. Glide to save FUEL [...] 1 FUEL = 1 ALTITUDE. [...] B. Cross an
obstacle. In a straight line or diagonally... Use as many ALTITUDE points as there are
stacked obstacles." "A Mountain remains impassable!" "CROSSING AN OBSTACLE CONSUMES ALL OF
YOUR BASE MOVEMENT. It is impossible to do this action while overloaded. Also remember to
subtract the FUEL. The bonus movement remains possible afterward." "An Aircraft that ends
its turn on a Cloud will have at least 1 ALTITUDE that cannot be used this turn."

Decisions (``docs/rules-notes.md``, "EXPERT mode"):

1. **Movements** are the hexes a journey enters: a take-off and a landing are movements and
   cost FUEL (``ExpertRules.ground_steps``); crossing counts ``ExpertRules.crossing_moves``
   (2: the obstacle's tile and the one beyond) plus its bonus tile.
2. **Paying**: a journey's movements are paid with FUEL or, one for one, ALTITUDE (``glide``,
   chosen by the pilot); crossing adds the obstacle's height in ALTITUDE. Both are paid from
   what the aircraft held when the journey began ("Subtract the ALTITUDE after your
   movement"), never from ALTITUDE gained on the way.
3. **Gaining**: each landscape tile entered that holds a cumulus gives +1 ALTITUDE after the
   journey (not the obstacle crossed: it is jumped over), up to 3. ALTITUDE gained in a turn
   (by the journey or its BOOST) cannot be used in that turn; a journey ending on a cumulus
   leaves at least 1 such point even at the cap. In the weather phase, a cumulus sliding
   under the aircraft gives +1 (usable on its next turn).
4. **Straight or diagonal** on hexes: the obstacle is a landscape tile next to the aircraft
   (in flight); it lands on the tile beyond it in the same direction (straight) or on one of
   the two tiles beyond it 60 degrees off (diagonally), a free landscape tile.
5. **Obstacle heights**: an aircraft 1 (on a cumulus too), a storm 1, a Tempest its number
   of tokens; a mountain cannot be crossed.
6. **Dry breakdowns**: a journey ending in flight with 0 FUEL and 0 ALTITUDE crashes (its
   parcels are lost; cause ``fuel``); an aircraft on the ground (city or airport) with 0
   FUEL and its Jerrycan consumed is out of service at once: its parcels stay in that
   airport's shipping zone while there is room, the others are lost.
7. **Refuelling**: landing in its own airport (an emergency landing there included), and a
   new aircraft placed there, fills the tank; a consumed Jerrycan is replaced by a token
   drawn from the pile (a chance draw), then put back into it.
8. **Jerrycans are face down**: nobody, its owner included, knows a token's content until it
   is flipped ("without looking at its content"); ``view`` shows every company whether each
   tank's Jerrycan is still full, the content only to the referee.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.speed import hex_json as _hx
from skyhex.rules.turbulences.chance import Draws
from skyhex.rules.turbulences.landscape import CloudSide
from skyhex.rules.turbulences.night import dark, known_mountains
from skyhex.rules.turbulences.piloting import (
    Flight,
    _step,
    check_journey,
    has_bonus,
    journeys,
    obstacle,
    occupied,
)
from skyhex.rules.turbulences.state import Game, Plane, State
from skyhex.rules.turbulences.tank import MAX_ALTITUDE, TANK


def is_expert(game: Game, i: int) -> bool:
    return game.companies[i].expert


def usable(plane: Plane) -> int:
    """The ALTITUDE the aircraft may spend now (not what it gained this turn)."""
    return plane.altitude - plane.locked


# --- crossing -----------------------------------------------------------------------------


def height(game: Game, state: State, h: Hex, others: Collection[Hex]) -> int | None:
    """The ALTITUDE crossing tile ``h`` costs: the stacked obstacles (decision 5); ``None``
    for a mountain (impassable) or a tile that is no obstacle."""
    if h not in game.tiles or h in known_mountains(game.mountains, state.night):
        return None
    stack = state.clouds.get(h)
    if stack and any(t.side is CloudSide.STORM for t in stack):
        return len(stack)
    return 1 if h in others else None


def beyond(start: Hex, over: Hex) -> tuple[Hex, ...]:
    """The tiles a crossing from ``start`` over its neighbour ``over`` may land on: straight
    on, then the two diagonals (decision 4)."""
    d = Direction(next(k for k, n in enumerate(start.neighbors()) if n == over))
    return (over.neighbor(d), over.neighbor(d.rotate(-1)), over.neighbor(d.rotate(1)))


def crossings(game: Game, state: State, mover: int) -> Iterator[tuple[Hex, Hex, int]]:
    """Every (obstacle, landing tile, height) the mover's aircraft could cross, ALTITUDE and
    overload aside."""
    start = state.planes[mover].hex
    if start is None or start not in game.tiles:
        return
    others = occupied(state, mover)
    for over in start.neighbors():
        cost = height(game, state, over, others)
        if cost is None:
            continue
        for land in beyond(start, over):
            if land in game.tiles and obstacle(game, state, land, others) is None:
                yield over, land, cost


def check_crossing(game: Game, state: State, mover: int, path: tuple[Hex, ...],
                   overloaded: bool) -> tuple[Flight, int]:
    """Check a crossing journey (``path``: the obstacle, the landing tile, the bonus tile
    if any); the flight and the ALTITUDE the obstacle costs."""
    start = state.planes[mover].hex
    assert start is not None
    if start not in game.tiles:
        raise IllegalActionError("expert.cross-ground", "an obstacle is crossed in flight "
                                 "(you always take off with 0 ALTITUDE)")
    if overloaded:
        raise IllegalActionError("expert.cross-overload", "crossing an obstacle is "
                                 "impossible while overloaded")
    if not 2 <= len(path) <= 3:
        raise IllegalActionError("expert.cross-path", "a crossing names the obstacle, the "
                                 "tile beyond it, and the bonus tile if any")
    over, land = path[0], path[1]
    others = occupied(state, mover)
    if state.planes[mover].grounded:
        raise IllegalActionError("expert.cross-ground", "an obstacle is crossed in flight "
                                 "(you always take off with 0 ALTITUDE)")
    if start.distance(over) != 1:
        raise IllegalActionError("journey.not-adjacent", f"{over} is not next to {start}")
    if over in known_mountains(game.mountains, state.night):
        raise IllegalActionError("expert.cross-mountain", "a Mountain remains impassable!")
    cost = height(game, state, over, others)
    if cost is None:
        raise IllegalActionError("expert.cross-free", f"{over} holds no obstacle to cross")
    if land not in beyond(start, over):
        raise IllegalActionError("expert.cross-line", f"{land} is not beyond {over} in a "
                                 "straight line or diagonally")
    if land not in game.tiles or obstacle(game, state, land, others) is not None:
        raise IllegalActionError("expert.cross-landing", f"a crossing lands on a free "
                                 f"landscape tile, not {land}")
    return landed_flight(game, state, mover, path, others), cost


def landed_flight(game: Game, state: State, mover: int, path: tuple[Hex, ...],
                  others: Collection[Hex]) -> Flight:
    """The flight of a journey that jumped over ``path[0]`` onto ``path[1]`` (a crossing,
    or the DODGE of section 10), with its bonus tile ``path[2]`` if any, checked."""
    over, land = path[0], path[1]
    end, bonus = land, False
    if len(path) == 3 and land in dark(state.night, state.clouds):
        raise IllegalActionError("night.reveal", f"entering the unknown tile {land} without a "
                                 "cloud flips it and ends the journey")
    if len(path) == 3:
        if not has_bonus(game, state, mover, land, over):
            raise IllegalActionError("journey.no-bonus", f"{land} is not the colour of the "
                                     f"{game.companies[mover].aircraft.value}'s bonus")
        problem = _step(game, state, land, path[2], others)
        if problem is not None:
            rule, message = problem.split("|", 1)
            raise IllegalActionError(rule, message)
        end, bonus = path[2], True
    return Flight(path, end, end not in game.tiles, bonus)


# --- paying -------------------------------------------------------------------------------


def movements(game: Game, plane: Plane, path: tuple[Hex, ...], cross: bool) -> int:
    """The movements a journey of ``plane`` pays for (decision 1)."""
    n = game.expert.crossing_moves + len(path) - 2 if cross else len(path)
    if not game.expert.ground_steps:
        n -= on_ground(game, plane) + (path[-1] not in game.tiles)
    return n


def glides(plane: Plane, moves: int, cost: int) -> range:
    """The numbers of movements the aircraft may pay with ALTITUDE (decision 2), the rest
    with FUEL, after ``cost`` ALTITUDE for an obstacle; empty when it cannot pay."""
    fuel = plane.fuel or 0
    spare = usable(plane) - cost
    if spare < 0:
        return range(0)
    return range(max(0, moves - fuel), min(spare, moves) + 1)


def expert_journeys(game: Game, state: State, mover: int, overloaded: bool
                    ) -> list[tuple[tuple[Hex, ...], bool, int]]:
    """Every legal (path, cross, glide) of an EXPERT aircraft: the journeys of section 5 it
    can pay for, then its crossings."""
    return list(_expert_flights(game, state, mover, overloaded))


def _expert_flights(game: Game, state: State, mover: int, overloaded: bool
                    ) -> Iterator[tuple[tuple[Hex, ...], bool, int]]:
    plane = state.planes[mover]
    start = plane.hex
    assert start is not None
    for path in journeys(game, state, mover, overloaded):
        for g in glides(plane, movements(game, plane, path, False), 0):
            yield path, False, g
    if overloaded or start not in game.tiles:
        return
    others = occupied(state, mover)
    for over, land, cost in crossings(game, state, mover):
        paths: list[tuple[Hex, ...]] = [(over, land)]
        if land not in dark(state.night, state.clouds) and \
                has_bonus(game, state, mover, land, over):
            paths += [(over, land, c) for c in land.neighbors()
                      if _step(game, state, land, c, others) is None]
        for p in paths:
            for g in glides(plane, movements(game, plane, p, True), cost):
                yield p, True, g


def can_fly(game: Game, state: State, mover: int, overloaded: bool) -> bool:
    """Whether an EXPERT aircraft has a journey it can pay for (the first one found)."""
    return next(_expert_flights(game, state, mover, overloaded), None) is not None


@dataclass(frozen=True, slots=True)
class Paid:
    flight: Flight
    fuel: int  # FUEL spent
    altitude: int  # ALTITUDE spent (gliding and crossing)
    crossed: Hex | None
    height: int


def pay(game: Game, state: State, mover: int, path: tuple[Hex, ...], cross: bool,
        glide: int, overloaded: bool) -> Paid:
    """Check an EXPERT journey and what it costs; ``IllegalActionError`` naming the rule."""
    plane = state.planes[mover]
    start = plane.hex
    assert start is not None
    if cross:
        flight, cost = check_crossing(game, state, mover, path, overloaded)
    else:
        flight, cost = check_journey(game, state, mover, path, overloaded), 0
    moves = movements(game, plane, path, cross)
    if not 0 <= glide <= moves:
        raise IllegalActionError("expert.glide", f"glide pays for some of the journey's "
                                 f"{moves} movements (0 to {moves}), not {glide}")
    if usable(plane) < glide + cost:
        what = f"crossing {path[0]} costs {cost}" + (f" and gliding {glide}" if glide else "")
        if not cost:
            what = f"gliding {glide} movements costs {glide}"
        raise IllegalActionError("expert.altitude", f"{what} ALTITUDE; you may spend "
                                 f"{usable(plane)} (ALTITUDE gained this turn cannot be used "
                                 "this turn)")
    if moves - glide > (plane.fuel or 0):
        raise IllegalActionError("expert.fuel", f"the journey costs {moves - glide} FUEL "
                                 f"({moves} movements, {glide} by gliding); the tank holds "
                                 f"{plane.fuel}")
    return Paid(flight, moves - glide, glide + cost, path[0] if cross else None, cost)


def gains(game: Game, state: State, path: tuple[Hex, ...], cross: bool) -> int:
    """The cumulus tiles a journey enters (decision 3)."""
    return sum(1 for h in (path[1:] if cross else path) if h in game.tiles
               and (s := state.clouds.get(h)) and len(s) == 1
               and s[0].side is CloudSide.CUMULUS)


def fly(game: Game, state: State, mover: int, paid: Paid, path: tuple[Hex, ...],
        cross: bool) -> tuple[Plane, dict[str, Any]]:
    """The aircraft after paying for its journey (FUEL, ALTITUDE spent and gained), and the
    journey event's EXPERT fields."""
    plane = state.planes[mover]
    fuel = (plane.fuel or 0) - paid.fuel
    kept = plane.altitude - paid.altitude
    gained = gains(game, state, path, cross)
    end = paid.flight.end
    if end not in game.tiles:
        altitude, locked = 0, 0
    else:
        altitude = min(MAX_ALTITUDE, kept + gained)
        on_cloud = bool(state.clouds.get(end))
        locked = min(altitude, plane.locked + max(altitude - kept, 1 if on_cloud else 0))
    fields: dict[str, Any] = {"fuel_spent": paid.fuel, "altitude_spent": paid.altitude,
                              "altitude_gained": gained, "fuel": fuel, "altitude": altitude}
    if paid.crossed is not None:
        fields["crossed"] = _hx(paid.crossed)
        fields["height"] = paid.height
    return plane.evolve(fuel=fuel, altitude=altitude, locked=locked), fields


# --- the ground: Jerrycans, refuelling, breakdowns ----------------------------------------


def on_ground(game: Game, plane: Plane) -> bool:
    """In a city or an airport, or on a runway."""
    return plane.hex is not None and (plane.hex not in game.tiles or plane.grounded)


def flip(game: Game, state: State, mover: int, events: list[Event]) -> State:
    """Consume the Jerrycan: "add its content to your tank [...] The surplus will be lost
    and the Jerrycan will remain empty for the rest of the trip"."""
    plane = state.planes[mover]
    colour = game.companies[mover].colour
    if not is_expert(game, mover):
        raise IllegalActionError("expert.not-expert", f"{colour} does not fly in EXPERT mode")
    if plane.hex is None:
        raise IllegalActionError("expert.jerrycan-ground", "your aircraft was destroyed")
    if not on_ground(game, plane):
        raise IllegalActionError("expert.jerrycan-ground", "the Jerrycan is consumed when "
                                 "your Aircraft is on the ground (in a city or Airport)")
    if plane.flipped or plane.jerrycan is None:
        raise IllegalActionError("expert.jerrycan-empty", "single use! your Jerrycan is empty "
                                 "until you refuel in your own Airport")
    value = plane.jerrycan
    fuel = min(TANK, (plane.fuel or 0) + value)
    events.append({"type": "jerrycan_flipped", "company": colour, "value": value,
                   "fuel": fuel, "lost": (plane.fuel or 0) + value - fuel})
    return state.with_plane(mover, plane.evolve(fuel=fuel, flipped=True))


def refuel(game: Game, state: State, mover: int, events: list[Event]) -> State:
    """In its own airport: a full tank, and a new Jerrycan for a consumed one (drawn, then
    the consumed token back into the pile: decision 7)."""
    plane = state.planes[mover]
    if plane.fuel == TANK and not plane.flipped:
        return state
    event: Event = {"type": "refuelled", "company": game.companies[mover].colour,
                    "fuel": TANK, "jerrycan": "kept", "draws": []}
    if plane.flipped:
        draws = Draws(game.seed, game.pinned, state.draws, first_pinned=game.pinned_from)
        value = draws.draw("jerrycan", state.pile)
        pile = list(state.pile)
        pile.remove(value)
        assert plane.jerrycan is not None
        state = state.evolve(pile=tuple(sorted((*pile, plane.jerrycan))), draws=draws.index)
        event.update(jerrycan="new", draws=draws.made)
        plane = plane.evolve(jerrycan=value, flipped=False)
    events.append(event)
    return state.with_plane(mover, plane.evolve(fuel=TANK, altitude=0, locked=0))


def dry(game: Game, plane: Plane) -> bool:
    """Out of FUEL for good where it stands (decision 6)."""
    if plane.hex is None or plane.fuel is None or plane.fuel > 0:
        return False
    if not on_ground(game, plane):
        return plane.altitude == 0
    return plane.flipped
