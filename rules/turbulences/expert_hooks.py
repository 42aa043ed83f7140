"""EXPERT (section 9) and its Emergency Runway module as variants (``variant``): the hooks
where they change the CLASSIC game, calling the rules of ``expert``, ``tank`` and
``runways``. EXPERT is played by the companies that choose it (``Company.expert``): its
hooks act for those companies only, so a mixed table's CLASSIC companies play as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skyhex.rules.errors import Problem
from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.turbulences import expert, runways
from skyhex.rules.turbulences.actions import Action, Flip, Journey
from skyhex.rules.turbulences.arrival import _destroy
from skyhex.rules.turbulences.cargo import _with_zone, _zone
from skyhex.rules.turbulences.chance import Draws
from skyhex.rules.turbulences.events import Shake
from skyhex.rules.turbulences.journeys import _next
from skyhex.rules.turbulences.powers import PARACHUTE
from skyhex.rules.turbulences.sink import _hx
from skyhex.rules.turbulences.state import Company, Game, Plane, Position, State
from skyhex.rules.turbulences.tank import MAX_ALTITUDE, TANK
from skyhex.rules.turbulences.variant import Flown, Pilot, Table, Variant

# --- setup --------------------------------------------------------------------------------


def _check_company(c: Company, path: tuple[Any, ...]) -> list[Problem]:
    if c.dial is not None and (not c.expert or not 1 <= c.dial <= 3 or c.dial == c.city):
        return [Problem("setup.dial", f"dial {c.dial}: an EXPERT company's ALTITUDE "
                        "dial covers a free city of its region (1-3, not its "
                        "airport's)", path)]
    return []


def _check(table: Table) -> list[Problem]:
    experts = sum(c.expert for c in table.companies)
    if experts and len(table.expert.jerrycans) <= experts:
        return [Problem("setup.jerrycans", f"{len(table.expert.jerrycans)} Jerrycans "
                        f"for {experts} EXPERT companies: one each on their tanks "
                        "and at least one in the draw pile")]
    return []


def _start(game: Game, state: State, draws: Draws, position: Position | None) -> State:
    """"Shuffle the 10 Jerrycan tokens. Choose one at random and place it face down on the
    number 10 of your counter"; the rest form the draw pile (drawn after the weights). From
    a position, the tanks it leaves without a Jerrycan get those drawn, and the pile is the
    position's or the tokens left."""
    companies = game.companies
    pile = sorted(game.expert.jerrycans)
    cans: dict[int, int] = {}
    for k, c in enumerate(companies):
        if c.expert:
            cans[k] = draws.draw("jerrycan", pile)
            pile.remove(cans[k])
    if position is None:
        planes = tuple(Plane(c.airport) if not c.expert else
                       Plane(c.airport, fuel=TANK, jerrycan=cans[k])
                       for k, c in enumerate(companies))
        return state.evolve(planes=planes, pile=tuple(pile))
    planes = tuple(p if not companies[k].expert or p.jerrycan is not None
                   else p.evolve(jerrycan=cans[k]) for k, p in enumerate(state.planes))
    box = sorted(game.expert.jerrycans)
    for p in planes:
        if p.jerrycan is not None and p.jerrycan in box:
            box.remove(p.jerrycan)
    return state.evolve(planes=planes, pile=position.pile if position.pile is not None
                        else tuple(box))


def _setup_event(game: Game, event: Event) -> None:
    for row, c in zip(event["companies"], game.companies, strict=True):
        if c.expert:
            row["expert"] = True
            row["covered"] = _hx(c.covered)
    event["expert"] = game.expert.to_data()


# --- the weather phase --------------------------------------------------------------------


def _weather_landed(game: Game, state: State, result: Shake, landings: Mapping[int, Hex],
                    events: list[Event]) -> State:
    """Section 9 in the weather phase: "A Cumulus that slides under your Aircraft raises
    your ALTITUDE dial by 1"; an emergency landing puts the aircraft on the ground (ALTITUDE
    0), refuels it in its own airport, or breaks it down when dry."""
    index = {c.colour: i for i, c in enumerate(game.companies)}
    shaken = [e for e in result.events if e.get("company") != PARACHUTE]
    for event in shaken:
        i = index[event["company"]]
        plane = state.planes[i]
        if event["type"] == "cumulus_under" and expert.is_expert(game, i) \
                and plane.hex is not None:
            altitude = min(MAX_ALTITUDE, plane.altitude + 1)
            events.append({"type": "altitude_gained", "company": event["company"],
                           "hex": event["hex"], "altitude": altitude,
                           "reason": "cumulus_under"})
            state = state.with_plane(i, plane.evolve(altitude=altitude))
    for i, h in sorted(landings.items()):
        if not expert.is_expert(game, i) or state.planes[i].hex != h:
            continue
        state = state.with_plane(i, state.planes[i].evolve(altitude=0, locked=0))
        state = _ground(game, state, i, events)
    return state


# --- journeys -----------------------------------------------------------------------------


def _ground(game: Game, state: State, i: int, events: list[Event]) -> State:
    """An EXPERT aircraft on the ground: refuelled in its own airport, out of service when
    its tank and Jerrycan are empty (decision 6 of ``expert``)."""
    plane = state.planes[i]
    if plane.hex == game.companies[i].airport:
        return expert.refuel(game, state, i, events)
    if expert.dry(game, plane):
        return _breakdown(game, state, i, events)
    return state


def _breakdown(game: Game, state: State, i: int, events: list[Event]) -> State:
    """A dry breakdown: "your Aircraft is immediately out of service (therefore destroyed).
    The Parcels carried can be delivered, left in transit, or destroyed if no space is
    available" (on the ground); in flight the parcels are lost with it."""
    plane = state.planes[i]
    colour = game.companies[i].colour
    assert plane.hex is not None
    place = _zone(game, state, plane.hex) if expert.on_ground(game, plane) else None
    if plane.carried and place is not None:
        zone, spaces = place
        left = plane.carried[:max(0, spaces - len(zone))]
        if left:
            events.append({"type": "parcels_unloaded", "company": colour, "parcels": list(left),
                           "airport": _hx(plane.hex)})
            state = _with_zone(game, state, plane.hex, (*zone, *left))
            plane = plane.evolve(carried=tuple(p for p in plane.carried if p not in left))
            state = state.with_plane(i, plane)
    elif plane.carried and not expert.on_ground(game, plane) \
            and runways.can_build(game, state, plane.hex):  # type: ignore[arg-type]
        state = runways.build(game, state, i, events)  # runways, decision 1
    events.append({"type": "aircraft_destroyed", "company": colour, "hex": _hx(plane.hex),
                   "cause": "fuel"})
    return _destroy(game, state, i, events)


def _flip(game: Game, state: State, i: int, action: Flip, events: list[Event]) -> State:
    """The Jerrycan consumed; an aircraft left dry on the ground is out of service."""
    state = expert.flip(game, state, i, events)
    if expert.dry(game, state.planes[i]):
        state = _next(game, _breakdown(game, state, i, events), events)
    return state


def _blocked(game: Game, state: State, i: int, events: list[Event]) -> State | None:
    """A blocked EXPERT aircraft with nothing left to fly on breaks down (a dry one)."""
    plane = state.planes[i]
    if plane.fuel is not None and plane.fuel + expert.usable(plane) == 0:
        return _next(game, _breakdown(game, state, i, events), events)
    return None


def _new_aircraft(game: Game, i: int, plane: Plane) -> Plane:
    """A new aircraft comes with a full tank (its Jerrycan stays)."""
    return plane.evolve(fuel=TANK) if game.companies[i].expert else plane


def _rebuilt_home(game: Game, state: State, i: int, events: list[Event]) -> State:
    return expert.refuel(game, state, i, events) if game.companies[i].expert else state


def _journey_landed(game: Game, state: State, i: int, landed: bool, events: list[Event]
                    ) -> State:
    """After the journey: on the ground (refuelled at home, or out of service when dry), or
    in flight: "If your FUEL tank and your ALTITUDE both fall to 0 simultaneously in
    mid-flight... your Aircraft crashes"."""
    if not game.companies[i].expert:
        return state
    if landed:
        return _ground(game, state, i, events)
    if expert.dry(game, state.planes[i]):
        return _breakdown(game, state, i, events)
    return state


def _flights(game: Game, state: State, i: int, overloaded: bool
             ) -> list[tuple[tuple[Hex, ...], bool, int]]:
    return expert.expert_journeys(game, state, i, overloaded)


def _can_fly(game: Game, state: State, i: int) -> bool:
    return expert.can_fly(game, state, i, False)


def _fly(game: Game, state: State, i: int, action: Journey, overloaded: bool) -> Flown:
    paid = expert.pay(game, state, i, action.path, action.cross, action.glide, overloaded)
    flown, extra = expert.fly(game, state, i, paid, action.path, action.cross)
    return paid.flight, flown, extra


EXPERT_PILOT = Pilot(_flights, _can_fly, _fly, plain=False)
"""An EXPERT company's aircraft: FUEL and ALTITUDE paid, obstacles crossed."""


def _pilot(game: Game, i: int) -> Pilot | None:
    return EXPERT_PILOT if game.companies[i].expert else None


def _can_flip(game: Game, plane: Plane) -> bool:
    return plane.jerrycan is not None and not plane.flipped and expert.on_ground(game, plane)


def _extra_actions(game: Game, state: State, i: int) -> list[Action]:
    """The Jerrycan flipped on the ground."""
    return [Flip(game.companies[i].colour)] if _can_flip(game, state.planes[i]) else []


# --- views --------------------------------------------------------------------------------


def expert_view(company: Company, plane: Plane, knows: bool) -> dict[str, Any]:
    """An EXPERT company's tank, dial and Jerrycan as a view shows them: the Jerrycan's
    content to the referee only (it lies face down: decision 8 of ``expert``), or also to
    its owner when the table plays ``jerrycans_known: owner``."""
    return {"fuel": plane.fuel, "altitude": plane.altitude, "locked": plane.locked,
            "jerrycan": "empty" if plane.flipped else "face-down",
            "content": plane.jerrycan if knows and not plane.flipped else None,
            "covered": _hx(company.covered)}


def _view(game: Game, state: State, colour: str | None, out: dict[str, Any],
          parcel: Any) -> None:
    owner = game.expert.jerrycans_known == "owner"
    for row, c, p in zip(out["companies"], game.companies, state.planes, strict=True):
        if c.expert:
            row["expert"] = expert_view(c, p, colour is None or (owner and colour == c.colour))
    out["jerrycans"] = {"pile": len(state.pile),
                        "values": list(state.pile) if colour is None else None}


def _event_view(game: Game, event: Event, colour: str) -> Event | None:
    """The Jerrycans lie face down: nobody looked at them (or only their owner, a table
    playing ``jerrycans_known: owner``); the k-th Jerrycan drawn at setup lies on the k-th
    EXPERT company's tank."""
    kind = event["type"]
    peeks = game.expert.jerrycans_known == "owner"
    if kind == "setup":
        owners = iter(c.colour for c in game.companies if c.expert)
        return {**event, "draws": [d if "jerrycan" in d and next(owners) == colour and peeks
                                   else {"jerrycan": None} if "jerrycan" in d else d
                                   for d in event["draws"]]}
    if kind == "refuelled" and not (peeks and event["company"] == colour):
        return {**event, "draws": [{"jerrycan": None} for _ in event["draws"]]}
    return None


def _runways_view(game: Game, state: State, colour: str | None, out: dict[str, Any],
                  parcel: Any) -> None:
    out["runways"] = [{"hex": _hx(h), "parcels": [parcel(x) for x in zone],
                       "accessible": not state.clouds.get(h)}
                      for h, zone in sorted(state.runways.items())]
    for row, p in zip(out["companies"], state.planes, strict=True):
        row["grounded"] = p.grounded


EXPERT = Variant(
    "expert", lambda game: game.any_expert, check_company=_check_company, check=_check,
    start=_start, setup_event=_setup_event, weather_landed=_weather_landed, pilot=_pilot,
    actions={Flip: _flip}, blocked=_blocked, new_aircraft=_new_aircraft,
    rebuilt_home=_rebuilt_home, journey_landed=_journey_landed, extra_actions=_extra_actions,
    view=_view, event_view=_event_view)
"""EXPERT mode (section 9), for the companies that fly it."""

RUNWAYS = Variant("runways", lambda game: game.expert.runways, view=_runways_view)
"""The Emergency Runway module: the runways built (by EXPERT's breakdowns, ``runways``) and
the aircraft grounded on them, as the views show them."""
