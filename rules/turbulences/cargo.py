"""The parcels where an aircraft stops: the shipping zones (an airport's, a runway's), the
parcel operations and their checks, a look at the parcels waiting there, and parcels lost.

Decisions (numbered with the engine's, ``engine``):

3. **Looking at parcels** is automatic: an aircraft in an airport (landed, emergency-landed
   or at the start) sees the weights of the parcels of its colour waiting there; loading and
   delivering also show them. ``view`` shows a company those weights only, never another
   colour's ("it is forbidden to look at or carry an opponent's Parcel"; delivered weights
   stay "secret from opposing pilots, even after delivery").
15. **Parcel operations** at one place ("you can look at, load or unload one or more
    Parcels of your colour only there") have no imposed order: they are checked on their
    result (each parcel moved once, loads taken from the zone as it was, at most 2 on board
    and 5 in the zone afterwards), so a parcel taken from a full zone frees the space for
    the one left there.
16. **A game that can no longer end**: when the last colour able to deliver 3 parcels
    loses its third (each colour has 5), the ``game_cannot_end`` event says so, once. The
    rulebook has no end for such a game: play goes on (playouts stop at their cap).
"""

from __future__ import annotations

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences import runways
from skyhex.rules.turbulences.actions import NO_OPS, Ops
from skyhex.rules.turbulences.scoring import can_end
from skyhex.rules.turbulences.sink import _hx, _told
from skyhex.rules.turbulences.state import (
    MAX_CARRIED,
    SHIPPING_SPACES,
    Game,
    Mode,
    State,
    parcel_colour,
)


def _zone(game: Game, state: State, h: Hex) -> tuple[tuple[str, ...], int] | None:
    """The shipping zone at ``h`` and its spaces: an airport's, or a runway's."""
    if h in game.airports:
        return state.shipping[game.airports[h] - 1], SHIPPING_SPACES
    if h in state.runways:
        return state.runways[h], runways.RUNWAY_SPACES
    return None


def _with_zone(game: Game, state: State, h: Hex, parcels: tuple[str, ...]) -> State:
    if h in game.airports:
        return state.with_shipping(game.airports[h], parcels)
    return state.evolve(runways={**state.runways, h: parcels})


def _delivery(colour: str, carried: tuple[str, ...]
              ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The carried parcels delivered in the airport of ``colour`` (those of its colour), and
    those kept on board."""
    drop = tuple(p for p in carried if parcel_colour(p) == colour)
    return drop, tuple(p for p in carried if p not in drop) if drop else carried


def _look(game: Game, state: State, i: int, airport: Hex, events: list[Event]) -> State:
    """The company at ``airport`` sees the parcels of its team's colours waiting there."""
    plane = state.planes[i]
    place = _zone(game, state, airport)
    assert place is not None
    ours = game.team_colours(i)
    mine = [p for p in place[0] if parcel_colour(p) in ours and p not in plane.seen]
    if not mine:
        return state
    events.append({"type": "parcels_seen", "company": game.companies[i].colour,
                   "parcels": mine, "weights": [game.weights[p] for p in mine]})
    return state.with_plane(i, plane.evolve(seen=plane.seen | set(mine)))


_last_ops: tuple[Game, State, int, dict[int, tuple[State, Ops]]] | None = None


def _ops_after(game: Game, state: State, i: int, ops: Ops, landed: bool,
               events: list[Event]) -> State:
    """The parcel operations after a journey: only in the airport it landed in, and never a
    throw (parcels go overboard before a journey)."""
    if not landed:
        raise IllegalActionError("parcel.not-airport", "parcels are loaded and unloaded in "
                                 "an airport only (the journey did not land)")
    if ops.throw:
        raise IllegalActionError("parcel.throw-before", "throw parcels overboard before a "
                                 "journey")
    return _ops(game, state, i, ops, events)


def _ops(game: Game, state: State, i: int, ops: Ops, events: list[Event]) -> State:
    """Throw overboard, unload (in transit), load. "you can look at, load or unload one or
    more Parcels of your colour only there": no order is imposed, so the operations are
    checked on their result (decision 15): each parcel moved once, loads taken from the
    zone as it was, and at most 2 parcels on board and 5 in the zone afterwards.

    Without events (``advance``) the results are remembered for the last state asked
    about: the legal journeys share a few sets of operations made before them, and bots
    weigh them one after another."""
    global _last_ops
    if ops is NO_OPS or not ops:
        return state
    if _told(events):
        return _do_ops(game, state, i, ops, events)
    last = _last_ops
    if last is None or last[1] is not state or last[0] is not game or last[2] != i:
        last = _last_ops = (game, state, i, {})
    out = last[3].get(id(ops))  # by identity: the legal actions share them
    if out is None:
        out = last[3][id(ops)] = (_do_ops(game, state, i, ops, events), ops)  # kept alive
    return out[0]


def _do_ops(game: Game, state: State, i: int, ops: Ops, events: list[Event]) -> State:
    colour = game.companies[i].colour
    plane = state.planes[i]
    moved = (*ops.throw, *ops.unload, *ops.load)
    if len(set(moved)) != len(moved):
        raise IllegalActionError("parcel.twice", "each parcel is thrown, unloaded or loaded "
                                 "once at one place")
    for p in (*ops.throw, *ops.unload):
        if p not in plane.carried:
            raise IllegalActionError("parcel.not-carried", f"{p} is not on board")
    carried = [p for p in plane.carried if p not in ops.throw and p not in ops.unload]
    if ops.throw:
        events.append({"type": "parcels_lost", "company": colour, "parcels": list(ops.throw),
                       "reason": "overboard"})
        state = _lose(game, state, ops.throw, events)
    if ops.unload or ops.load:
        h = plane.hex
        place = None if h is None or (h in game.tiles and not plane.grounded) else \
            _zone(game, state, h)
        if h is None or place is None:
            raise IllegalActionError("parcel.not-airport", "parcels are loaded and unloaded in "
                                     "an airport only")
        zone, spaces = place
        ours = game.team_colours(i)
        for p in ops.load:
            if parcel_colour(p) not in ours:
                if game.mode is Mode.CLASSIC:
                    raise IllegalActionError("parcel.not-yours", f"{p} is not a parcel of "
                                             f"your colour ({colour})")
                raise IllegalActionError("parcel.not-yours", f"{p} is not a parcel of your "
                                         f"team's colours ({', '.join(sorted(ours))})")
            if p not in zone:
                raise IllegalActionError("parcel.not-here", f"{p} is not in this airport")
        carried += ops.load
        if len(carried) > MAX_CARRIED:
            raise IllegalActionError("parcel.capacity", "an aircraft carries at most "
                                     f"{MAX_CARRIED} parcels")
        after = (*(p for p in zone if p not in ops.load), *ops.unload)
        if len(after) > spaces:
            where = f"region {game.airports[h]}" if h in game.airports else f"the runway {h}"
            raise IllegalActionError("parcel.no-space", f"the shipping zone of {where} "
                                     f"has {spaces} spaces: no room for "
                                     f"{', '.join(ops.unload)}")
        for kind, ids in (("unloaded", ops.unload), ("loaded", ops.load)):
            if ids:
                events.append({"type": f"parcels_{kind}", "company": colour,
                               "parcels": list(ids), "airport": _hx(h)})
        state = _with_zone(game, state, h, after)
    plane = plane.evolve(carried=tuple(carried),
                         seen=plane.seen | set(ops.load) if ops.load else plane.seen)
    return state.with_plane(i, plane)


def _lose(game: Game, state: State, parcels: tuple[str, ...], events: list[Event]) -> State:
    """Parcels lost for good (a crash, thrown overboard); the ``game_cannot_end`` event when
    this leaves no delivery zone able to reach 3 parcels (decision 16)."""
    if not _told(events):
        return state.evolve(lost=state.lost + parcels)
    ended = can_end(game, state) and game.night is None  # the night always ends
    state = state.evolve(lost=state.lost + parcels)
    if ended and not can_end(game, state):
        events.append({"type": "game_cannot_end",
                       "lost": {c.colour: sum(1 for p in state.lost
                                              if parcel_colour(p) == c.colour)
                                for c in game.companies}})
    return state
