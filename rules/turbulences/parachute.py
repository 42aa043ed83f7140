"""Section 10, The Parachute: reserved at take-off in place of the BOOST, opened on the crash
tile's cloud when a Storm or a collision destroys its aircraft, carried by the winds with
its Cumulus, and rescued by the owners of its parcels. Pure functions of the game and
state; ``engine`` calls them.

"The Parachute is a rare piece of equipment that can save your cargo in case of a crash,
but it replaces your BOOST and therefore cancels the possibility of playing again at the
end of the turn. It cannot be used by Legendary Aircraft." "If the Parachute is available
when you take off from your Airport, you can reserve it: replace your BOOST with the
Parachute pawn." "If your Aircraft was destroyed by a Storm or by a collision... and only in
these cases. You can place your Parachute with your Parcels on the Cloud token covering the
tile of the crash (if the token is a Storm, it calms down and becomes a Cumulus). On your
turn, you recover and recharge your BOOST." "The Parachute will be moved by the winds with
the Cumulus it is flying over. It can therefore be destroyed with its cargo in the same way
as Aircraft (section 7.3). If the Parachute is blown toward an Airport, its Parcels are
delivered, put in transit or destroyed depending on the space available. A destroyed,
emptied or rescued Parachute becomes available again." "The Parachute is an obstacle, but
the owners of the parachuted Parcels can still recover them. To save all or part of its
cargo... Reach the Parachute's tile and replace it with your Aircraft with the saved
Parcels. This rescue ends your JOURNEY (like a landing). You can exchange the saved Parcels
with those you carry aboard your Aircraft, but if you lack space... the remaining Parcels
are lost."

Decisions (``docs/rules-notes.md``, "Special powers"):

1. **Reserving** is part of a journey taking off from the company's own airport (a new
   aircraft placed there included) with the BOOST charged and the Parachute on the table:
   the BOOST is replaced (no BOOST this turn nor later) until the Parachute comes back.
2. **Coming back**: the reserved Parachute goes back to the table, and the BOOST is
   recharged as usual, when the aircraft lands in its own airport; it goes back to the
   table too when the aircraft is destroyed without opening it.
3. **Opening** is automatic (the engine has no choice in the weather phase, and a pilot
   always wants its parcels saved): when a Storm (a lone storm token) or a collision (A:
   on a tile) destroys an aircraft that has reserved the Parachute and carries parcels.
   The Parachute needs "the Cloud token covering the tile": a crash under a Tempest (C, or
   a Tempest blown onto it) or in a city (F) has none, so its parcels are lost as usual;
   a crash carrying nothing leaves the Parachute on the table (it would be empty).
4. **In the weather** the Parachute is an aircraft riding its Cumulus (``events.shake``):
   carried, destroyed with its parcels by B, C, a collision (the other aircraft is
   destroyed too) or by leaving the board (G); blown toward an airport (E), each parcel
   of that airport's colour is delivered to it, the others wait there in transit while
   the shipping zone has room, the rest are lost; toward a city without an airport (D) its
   parcels are lost (a city has no shipping zone: no space at all).
5. **Rescue**: a company whose colours (its team's, in the team modes) include a parcel
   of the Parachute may end its journey on its tile (base or bonus step; never passing
   it), which ends the journey in flight on that Cumulus. Its ``after`` operations say what
   it keeps: ``load`` the saved parcels taken aboard, ``throw`` the parcels carried that
   make room for them; at most 2 aboard, the Parachute's other parcels are lost. The
   BOOST may follow as after any journey.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations
from typing import Any

from skyhex.rules.errors import IllegalActionError
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.speed import hex_json as _hx
from skyhex.rules.turbulences.actions import Ops
from skyhex.rules.turbulences.landscape import CloudSide, CloudToken
from skyhex.rules.turbulences.powers import PARACHUTE
from skyhex.rules.turbulences.state import (
    MAX_CARRIED,
    SHIPPING_SPACES,
    Chute,
    Game,
    State,
    parcel_colour,
)

OPENING_CAUSES = frozenset({"storm", "collision"})
"""The crashes that open the Parachute: "destroyed by a Storm or by a collision... and only
in these cases" (``aircraft_destroyed`` causes; ``tempest`` has no single token)."""


def available(state: State) -> bool:
    """The Parachute is on the table: nobody reserved it and it is not on the landscape."""
    return state.chute is None and not any(p.parachute for p in state.planes)


def can_reserve(game: Game, state: State, i: int) -> bool:
    """Whether company ``i``'s journey may reserve the Parachute (decision 1)."""
    plane = state.planes[i]
    company = game.companies[i]
    return (game.powers.parachute and not company.aircraft.legendary and plane.boost
            and plane.hex == company.airport and available(state))


def reserve(game: Game, state: State, i: int, events: list[Event]) -> State:
    """Replace the BOOST with the Parachute pawn (checked: ``IllegalActionError``)."""
    plane = state.planes[i]
    company = game.companies[i]
    if not game.powers.parachute:
        raise IllegalActionError("parachute.not-played", "this game is played without the "
                                 "Parachute")
    if company.aircraft.legendary:
        raise IllegalActionError("parachute.legendary", "the Parachute cannot be used by "
                                 "Legendary Aircraft")
    if plane.hex != company.airport:
        raise IllegalActionError("parachute.airport", "the Parachute is reserved when you "
                                 "take off from your Airport")
    if not available(state):
        raise IllegalActionError("parachute.unavailable", "the Parachute is not available "
                                 "(reserved, or on the landscape)")
    if not plane.boost:
        raise IllegalActionError("parachute.boost", "the Parachute replaces your BOOST: it "
                                 "must be charged")
    events.append({"type": "parachute_reserved", "company": company.colour})
    return state.with_plane(i, plane.evolve(boost=False, parachute=True))


def give_back(game: Game, state: State, i: int, reason: str, events: list[Event]) -> State:
    """The reserved Parachute goes back to the table (decision 2)."""
    plane = state.planes[i]
    if not plane.parachute:
        return state
    events.append({"type": "parachute_returned", "company": game.companies[i].colour,
                   "reason": reason})
    return state.with_plane(i, plane.evolve(parachute=False))


def open_chutes(game: Game, state: State, shaken: Sequence[Event], events: list[Event]
                ) -> State:
    """Open the Parachute of an aircraft the weather destroyed by a Storm or a collision
    (decision 3), before the crash loses its parcels; ``state.clouds`` is the sky after
    the phase."""
    index = {c.colour: i for i, c in enumerate(game.companies)}
    for event in shaken:
        if event["type"] != "aircraft_destroyed" or event["company"] not in index:
            continue
        i = index[event["company"]]
        plane = state.planes[i]
        if not plane.parachute or event["cause"] not in OPENING_CAUSES or not plane.carried:
            continue
        h = Hex(*event["hex"])
        stack = state.clouds.get(h)
        if stack is None or len(stack) != 1:
            continue
        token = stack[0]
        clouds = dict(state.clouds)
        if token.side is CloudSide.STORM:
            events.append({"type": "cloud_flipped", "token": token.id, "hex": _hx(h),
                           "side": CloudSide.CUMULUS.value, "reason": "parachute"})
            clouds[h] = (CloudToken(token.id, CloudSide.CUMULUS),)
        events.append({"type": "parachute_opened", "company": event["company"], "hex": _hx(h),
                       "token": token.id, "parcels": list(plane.carried)})
        state = state.evolve(clouds=clouds, chute=Chute(h, plane.carried, i))
        state = state.with_plane(i, plane.evolve(carried=(), parachute=False))
    return state


_RENAMED = {"aircraft_carried": "parachute_carried", "aircraft_destroyed": "parachute_destroyed",
            "aircraft_ejected": "parachute_ejected"}


def shaken_event(event: Event) -> Event | None:
    """A ``shake`` event about the Parachute (``company`` ``parachute``), as the log writes
    it; ``None`` for its emergency landing (``land`` writes what became of its parcels)
    and for a cumulus sliding under it (it always rides one: never written)."""
    if event.get("company") != PARACHUTE:
        return event
    if event["type"] not in _RENAMED:
        return None
    return {"type": _RENAMED[event["type"]],
            **{k: v for k, v in event.items() if k not in ("type", "company")}}


def lose(state: State, parcels: Sequence[str]) -> State:
    """Take ``parcels`` out of the Parachute; an emptied Parachute is taken off the
    landscape ("A destroyed, emptied or rescued Parachute becomes available again")."""
    chute = state.chute
    assert chute is not None
    left = tuple(p for p in chute.parcels if p not in parcels)
    return state.evolve(chute=Chute(chute.hex, left, chute.company) if left else None)


def land(game: Game, state: State, h: Hex, events: list[Event]
         ) -> tuple[State, tuple[str, ...]]:
    """The Parachute blown toward the city or airport ``h`` (decision 4): the state (the
    Parachute gone, the parcels delivered or in transit) and the parcels lost."""
    chute = state.chute
    assert chute is not None
    delivered: dict[int, list[str]] = {}
    transit: list[str] = []
    lost: list[str] = []
    region = game.airports.get(h)
    zone = () if region is None else state.shipping[region - 1]
    owner = None if region is None else next(
        (j for j, c in enumerate(game.companies) if c.airport == h), None)
    for p in chute.parcels:
        if owner is not None and parcel_colour(p) == game.companies[owner].colour:
            delivered.setdefault(owner, []).append(p)
        elif region is not None and len(zone) + len(transit) < SHIPPING_SPACES:
            transit.append(p)
        else:
            lost.append(p)
    events.append({"type": "parachute_landed", "hex": _hx(h), "airport": region is not None,
                   "delivered": [p for ps in delivered.values() for p in ps],
                   "in_transit": transit, "lost": lost})
    for j, ps in delivered.items():
        events.append({"type": "delivered", "company": game.companies[j].colour,
                       "parcels": ps, "by": PARACHUTE})
        mate = state.planes[j]
        state = state.with_plane(j, mate.evolve(delivered=mate.delivered + tuple(ps),
                                                seen=mate.seen | set(ps)))
    if transit and region is not None:
        state = state.with_shipping(region, (*zone, *transit))
    return state.evolve(chute=None), tuple(lost)


def owner_of(game: Game, state: State, i: int) -> bool:
    """Whether company ``i`` owns a parcel of the Parachute (its colour, or its team's)."""
    chute = state.chute
    return chute is not None and any(parcel_colour(p) in game.team_colours(i)
                                     for p in chute.parcels)


def is_rescue(state: State, path: Sequence[Hex]) -> bool:
    """Whether a journey's ``path`` ends on the Parachute's tile (a rescue; passing it is
    flying into an obstacle, crossing it in EXPERT mode is crossing an obstacle)."""
    return state.chute is not None and path[-1] == state.chute.hex


def freed(state: State) -> State:
    """The state as a rescuer's journey is checked in: the Parachute's tile open to it."""
    return state.evolve(chute=None)


def check_rescue_path(game: Game, state: State, i: int, path: Sequence[Hex]) -> None:
    """A journey reaching the Parachute: by an owner of its parcels, ending there."""
    chute = state.chute
    assert chute is not None
    if not owner_of(game, state, i):
        raise IllegalActionError("journey.obstacle", f"{chute.hex} holds the Parachute, an "
                                 "obstacle (only the owners of its parcels may rescue them)")
    if path[-1] != chute.hex or chute.hex in path[:-1]:
        raise IllegalActionError("parachute.rescue-ends", "the rescue ends your JOURNEY (like "
                                 "a landing): the Parachute's tile is its last")


def rescue(game: Game, state: State, i: int, ops: Ops, events: list[Event]
           ) -> tuple[State, tuple[str, ...]]:
    """Replace the Parachute with the aircraft (decision 5): the state, and the parcels lost
    (the carried ones thrown, the saved ones not kept)."""
    chute = state.chute
    assert chute is not None
    plane = state.planes[i]
    if ops.unload:
        raise IllegalActionError("parcel.not-airport", "parcels are unloaded in an airport "
                                 "only")
    for p in ops.throw:
        if p not in plane.carried:
            raise IllegalActionError("parcel.not-carried", f"{p} is not on board")
    ours = game.team_colours(i)
    for p in ops.load:
        if p not in chute.parcels:
            raise IllegalActionError("parcel.not-here", f"{p} is not in the Parachute")
        if parcel_colour(p) not in ours:
            raise IllegalActionError("parcel.not-yours", f"{p} is not a parcel of yours")
    carried = (*(p for p in plane.carried if p not in ops.throw), *ops.load)
    if len(carried) > MAX_CARRIED:
        raise IllegalActionError("parcel.capacity", f"an aircraft carries at most "
                                 f"{MAX_CARRIED} parcels")
    left = tuple(p for p in chute.parcels if p not in ops.load)
    events.append({"type": "parachute_rescued", "company": game.companies[i].colour,
                   "hex": _hx(chute.hex), "saved": list(ops.load),
                   "thrown": list(ops.throw), "lost": list(left)})
    state = state.evolve(chute=None)
    return state.with_plane(i, plane.evolve(carried=carried, seen=plane.seen | set(ops.load))
                            ), (*ops.throw, *left)


def _subsets(items: Sequence[str]) -> Iterator[tuple[str, ...]]:
    for k in range(len(items) + 1):
        yield from combinations(items, k)


def rescue_options(game: Game, state: State, i: int) -> list[Ops]:
    """Every exchange a rescue of the Parachute may make (decision 5)."""
    chute = state.chute
    assert chute is not None
    carried = state.planes[i].carried
    ours = game.team_colours(i)
    mine = [p for p in chute.parcels if parcel_colour(p) in ours]
    return [Ops(throw=thrown, load=load) for thrown in _subsets(carried)
            for load in _subsets(mine) if len(carried) - len(thrown) + len(load) <= MAX_CARRIED]


def view(game: Game, state: State) -> dict[str, Any]:
    """Where the Parachute is, for ``view`` (the parcels' weights are read by the caller)."""
    chute = state.chute
    if chute is not None:
        return {"state": "flying", "hex": _hx(chute.hex), "parcels": list(chute.parcels),
                "company": game.companies[chute.company].colour}
    holder = next((i for i, p in enumerate(state.planes) if p.parachute), None)
    if holder is not None:
        return {"state": "reserved", "company": game.companies[holder].colour}
    return {"state": "available"}


def chute_of(data: Mapping[str, Any], colours: Sequence[str]) -> Chute:
    """A position's schema-valid ``parachute`` block (its company checked by the caller)."""
    return Chute(Hex(*data["hex"]), tuple(data["parcels"]), colours.index(data["company"]))
