"""The legal actions: every complete action of the company to act (journeys with the parcel
operations before and after them, passes, rebuilds, the BOOST, the variants' own actions
through their hooks: ``Variant.listing``, ``extra_actions``, ``boost_actions``,
``more_flights``, ``reserves``).
``legal_actions`` reads no weight, so what a company may do never depends on what it may
not know. The day journeys listed are kept (``tables.listing``) with their checked flights
and their action indices, so that ``engine.advance`` does not check them again, nor
``action_space`` work their indices out one by one."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences import parachute, tables
from skyhex.rules.turbulences.action_space import PATHS, _ops_digit, _paths, layout, path_code
from skyhex.rules.turbulences.actions import (
    NO_OPS,
    Action,
    Journey,
    Ops,
    Pass,
    journey,
)
from skyhex.rules.turbulences.cargo import _delivery, _ops, _zone
from skyhex.rules.turbulences.journeys import _rebuild
from skyhex.rules.turbulences.landscape import region_cities
from skyhex.rules.turbulences.piloting import flights, occupied
from skyhex.rules.turbulences.reach import _can_move, _flights
from skyhex.rules.turbulences.sink import _BOOST, _DISCARD
from skyhex.rules.turbulences.state import MAX_CARRIED, Game, State, parcel_colour

if TYPE_CHECKING:
    from skyhex.rules.turbulences.tables import Known


def _subsets(items: Sequence[str], most: int) -> Iterator[tuple[str, ...]]:
    for k in range(min(most, len(items)) + 1):
        yield from combinations(items, k)


def ops_options(game: Game, state: State, i: int, throw: bool = True) -> list[Ops]:
    """Every set of parcel operations the company may make where its aircraft stands."""
    plane = state.planes[i]
    carried = plane.carried
    place = None if plane.hex is None or (plane.hex in game.tiles and not plane.grounded) \
        else _zone(game, state, plane.hex)
    if place is None:
        return list(_ops_choices(carried, None, 0, frozenset(), throw))
    return list(_ops_choices(carried, *place, game.team_colours(i), throw))


@lru_cache(maxsize=1024)
def _ops_choices(carried: tuple[str, ...], zone: tuple[str, ...] | None, spaces: int,
                 ours: frozenset[str], throw: bool) -> tuple[Ops, ...]:
    """``ops_options`` for an aircraft carrying ``carried`` at a shipping zone (``None``:
    none there) of ``spaces`` spaces, loading the colours ``ours``. Remembered: the same
    few situations come back all game long."""
    out = []
    for thrown in (_subsets(carried, len(carried)) if throw else iter([()])):
        kept = [p for p in carried if p not in thrown]
        if zone is None:
            out.append(Ops(throw=thrown))
            continue
        mine = [p for p in zone if parcel_colour(p) in ours]
        for unload in _subsets(kept, len(kept)):
            room = MAX_CARRIED - len(kept) + len(unload)
            for load in _subsets(mine, room):
                if len(zone) - len(load) + len(unload) <= spaces:
                    out.append(Ops(thrown, unload, load))
    return tuple(out)


def _journeys(game: Game, state: State, i: int, boost: bool, rebuild: Hex | None,
              given: State | None = None,
              listed: dict[int, Known] | None = None,
              by_index: dict[int, Journey] | None = None) -> list[Action]:
    """The journeys of company ``i`` from ``state``; ``given``: the state they are legal
    in (``state`` itself, the state with the BOOST turned over for the BOOST's journey, or
    the state before the aircraft rebuilt at ``rebuild`` was placed), and ``listed``, where
    what ``advance`` needs of its day journeys is kept (``tables.listing``), and
    ``by_index``, those journeys by action index."""
    colour = game.companies[i].colour
    out: list[Action] = []
    hooks = game.hooks
    reserve = False  # the Parachute reserved with the journey
    more = () if boost else hooks.more_flights[i]  # a Legendary Aircraft's Power journeys
    if not boost and hooks.reserves:
        for reserves in hooks.reserves:
            reserve = reserve or reserves(game, state, i)
    powered = bool(more)
    airports = game.airports
    landings: dict[Hex, list[Ops]] = {}  # airport -> the operations after landing there
    # a day journey of a company flying without FUEL: what advance needs of it is kept,
    # the state after the rebuild (as the journey makes it: a look in the airport) and
    # the parcel operations, its checked flight, and its end shared with the journeys
    # that end alike (after the same operations, at the same hex, the same ones after it)
    ends: dict[Hex, list[State | None]] = {}  # tile -> the end of the journeys there
    landing_ends: dict[Hex, list[list[State | None]]] = {}  # airport -> by ops after
    landing_codes: dict[Hex, list[int]] = {}  # airport -> the index digits but the path's
    plain = given is not None and listed is not None and hooks.plain \
        and hooks.pilots[i].plain and not reserve and not powered
    start = _rebuild(game, given, i, rebuild, _DISCARD) \
        if plain and rebuild is not None and given is not None else state
    if plain:  # the action indices (``action_space``): a journey's digits as they sum up
        lay = layout(game)
        ops = lay.ops
        rebuilt = 0 if rebuild is None else 1 + lay.cities_of[i].index(rebuild)
    for before in ops_options(game, state, i):
        # without events, as advance makes it (the journeys weighed next find it made)
        scratch = _ops(game, start, i, before, _DISCARD)
        overloaded = len(scratch.planes[i].carried) == MAX_CARRIED
        chute = scratch.chute
        if plain and chute is None:
            assert listed is not None and by_index is not None
            base = lay.journey + PATHS * (_ops_digit(lay, i, before, None) +
                                          ops * ops * rebuilt)
            for path, flight in flights(game, scratch, i, overloaded).items():
                end = flight[1]  # Flight.end, .landed: index reads, the fields' are slow
                code = _paths.get(path)
                if code is None:
                    code = path_code(path)
                if not flight[2]:  # on a tile (a landing: in an airport)
                    made = journey(colour, path, before, NO_OPS, rebuild, boost, 0, False)
                    out.append(made)
                    shared = ends.get(end)
                    if shared is None:
                        shared = ends[end] = [None]
                    k = base + code
                    listed[id(made)] = (made, scratch, flight, shared, k)
                    by_index[k] = made
                    continue
                if end not in landings:
                    landings[end] = _landing_ops(game, scratch, i, end)
                    landing_ends[end] = [[None] for _ in landings[end]]
                    landing_codes[end] = [base + PATHS * ops * _ops_digit(lay, i, after, None)
                                          for after in landings[end]]
                for after, shared, k in zip(landings[end], landing_ends[end],
                                            landing_codes[end], strict=True):
                    made = journey(colour, path, before, after, rebuild, boost, 0, False)
                    out.append(made)
                    listed[id(made)] = (made, scratch, flight, shared, k + code)
                    by_index[k + code] = made
            landings.clear()
            ends.clear()
            landing_ends.clear()
            landing_codes.clear()
            continue
        if not reserve and not powered and chute is None:  # the common case, in short
            for path, cross, glide in _flights(game, scratch, i, overloaded):
                end = path[-1]
                if end not in airports:
                    out.append(journey(colour, path, before, NO_OPS, rebuild, boost, glide,
                                       cross))
                    continue
                if end not in landings:
                    landings[end] = _landing_ops(game, scratch, i, end)
                out.extend(journey(colour, path, before, after, rebuild, boost, glide, cross)
                           for after in landings[end])
            landings.clear()
            continue
        found = [(path, cross, glide, False)
                 for path, cross, glide in _flights(game, scratch, i, overloaded)]
        if chute is not None and parachute.owner_of(game, scratch, i):  # rescues
            hex_ = chute.hex
            found += [(path, cross, glide, False)
                        for path, cross, glide in _flights(game, parachute.freed(scratch), i,
                                                           overloaded)
                        if path[-1] == hex_ and hex_ not in path[:-1]]
        if more:
            for power_flights in more:
                found += power_flights(game, scratch, i, overloaded)
        for path, cross, glide, power in found:
            afters = [NO_OPS]
            end = path[-1]
            if end in airports:
                if end not in landings:
                    landings[end] = _landing_ops(game, scratch, i, end)
                afters = landings[end]
            elif not power and scratch.chute is not None and end == scratch.chute.hex:
                afters = parachute.rescue_options(game, scratch, i)
            for reserved in ((False, True) if reserve else (False,)):
                out.extend(journey(colour, path, before, after, rebuild, boost, glide, cross,
                                   reserved, power) for after in afters)
        landings.clear()
    return out


def _keep_listed(game: Game, state: State, listed: dict[int, Known],
                 by_index: dict[int, Journey]) -> None:
    if listed:
        tables.listing = (game, state, listed, by_index)


def _landing_ops(game: Game, state: State, i: int, airport: Hex) -> list[Ops]:
    """The parcel operations the company may make after landing at ``airport``: with the
    parcels left on board once those of its team's airport are delivered (``_arrive``
    changes nothing else they depend on)."""
    carried = state.planes[i].carried
    owner = game.team_airports[i].get(airport)
    if owner is not None and carried:
        carried = _delivery(game.companies[owner].colour, carried)[1]
    place = _zone(game, state, airport)
    assert place is not None
    return list(_ops_choices(carried, *place, game.team_colours(i), False))


def legal_actions(game: Game, state: State) -> list[Action]:
    """Every complete legal action of the company to act. Reads no parcel weight."""
    i = state.actor
    if i is None:
        return []
    colour = game.companies[i].colour
    plane = state.planes[i]
    hooks = game.hooks
    if hooks.listing:
        for listing in hooks.listing:  # NIGHT FLIGHT: a journey paused after a flip
            done = listing(game, state, i)
            if done is not None:
                return done  # type: ignore[no-any-return]
    extra: list[Action] = []  # the variants' own actions there (EXPERT: the Jerrycan)
    if hooks.extra_actions:
        for more in hooks.extra_actions:
            extra += more(game, state, i)
    if state.phase is _BOOST:
        if hooks.boost_actions:
            for window in hooks.boost_actions:  # a Legendary Aircraft: the ASTEROID's window
                done = window(game, state, i)
                if done is not None:
                    return done  # type: ignore[no-any-return]
        boosted = state.with_plane(i, plane.evolve(boost=False))
        listed: dict[int, Known] = {}
        by_index: dict[int, Journey] = {}
        out: list[Action] = [Pass(colour), *extra,
                             *_journeys(game, boosted, i, True, None, state, listed, by_index)]
        _keep_listed(game, state, listed, by_index)
        return out
    if plane.hex is None:
        out = [Pass(colour)]
        listed = {}
        by_index = {}
        company = game.companies[i]
        taken = occupied(state, i)
        for where in region_cities()[company.region - 1]:
            if where in taken or where == company.covered:
                continue
            new = plane.evolve(hex=where, boost=where == company.airport)
            if hooks.new_aircraft:
                for make in hooks.new_aircraft:  # EXPERT: a full tank
                    new = make(game, i, new)
            placed = state.with_plane(i, new)
            if where == company.airport and not _can_move(game, placed, i):
                # the new aircraft is placed in its airport, blocked: it passes there
                out.extend(Pass(colour, ops, where) for ops in ops_options(game, placed, i))
                continue
            out.extend(_journeys(game, placed, i, False, where, state, listed, by_index))
        _keep_listed(game, state, listed, by_index)
        return out
    if not _can_move(game, state, i):
        if plane.hex in game.tiles and not plane.grounded:
            return [Pass(colour)]
        return [*extra, *(Pass(colour, ops) for ops in ops_options(game, state, i))]
    listed = {}
    by_index = {}
    out = [*extra, *_journeys(game, state, i, False, None, state, listed, by_index)]
    _keep_listed(game, state, listed, by_index)
    return out
