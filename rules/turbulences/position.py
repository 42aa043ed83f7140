"""A Turbulences game state as the ``position`` block of a scenario (like FEN in chess), and
that block read back and checked.

``position_block(game, state)`` gives the JSON-ready ``position`` section that starts the
game's scenario at ``state`` (between two actions, its weather phase resolved):
``scenario_from_dict`` reads it with ``read_position`` into a ``state.Position``, and
``new_game`` starts there, no setup draw and no weather phase made; the rest of the game
(its actions, and the rest of its pinned draws, which start at the position's ``draws``)
gives the same events. A position is the referee's view: it holds every parcel's weight.

What ``read_position`` checks (each problem with its JSON path): companies, parcels and
regions that exist; the first player and the companies still to act this turn (the last ones
of its clockwise order, actor first); an actor in the BOOST phase with its BOOST charged and
its aircraft in one piece; aircraft on a landscape tile or a city, never on a mountain, under
a storm or on another aircraft's hex; a destroyed aircraft carrying nothing; parcels carried by
a company of their colour (or its team's), delivered to their own colour, never waiting in
their destination's shipping zone, at most five in a zone, each in exactly one place; clouds
on landscape tiles, never mountains, each token once, Tempests on the storm side; weights,
when given, for every parcel, 2, 2, 3, 4, 5 for each colour.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from skyhex.rules.errors import Path, Problem
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.speed import hex_json as _hx
from skyhex.rules.turbulences.engine import setup_parcels
from skyhex.rules.turbulences.landscape import (
    REGIONS,
    Biome,
    CloudSide,
    CloudToken,
    Landscape,
    Stack,
    landscape_set,
    region_cities,
)
from skyhex.rules.turbulences.night import Night, NightRules, night_ring
from skyhex.rules.turbulences.state import (
    MAX_CARRIED,
    PARCEL_WEIGHTS,
    SHIPPING_SPACES,
    Chute,
    Company,
    Game,
    Phase,
    Plane,
    Position,
    State,
    clockwise_order,
    parcel_colour,
)
from skyhex.rules.turbulences.weather import parse_wind, wind_name


def position_block(game: Game, state: State) -> dict[str, Any]:
    """The ``position`` section of a scenario that starts ``game`` at ``state``; a game
    that is over has none (``ValueError``)."""
    if state.phase is Phase.OVER:
        raise ValueError("the game is over: there is no position to start from")
    colours = [c.colour for c in game.companies]
    block: dict[str, Any] = {
        "turn": state.turn, "first": colours[state.first],
        "order": [colours[i] for i in state.order], "phase": state.phase.value}
    if state.wind is not None:
        block["wind"] = wind_name(state.wind)
    if state.last_direction is not None:
        block["last_wind"] = state.last_direction.name
    block["draws"] = state.draws
    companies: dict[str, Any] = {}
    for colour, plane in zip(colours, state.planes, strict=True):
        entry: dict[str, Any] = {"destroyed": True} if plane.hex is None else \
            {"hex": _hx(plane.hex)}
        entry["boost"] = plane.boost
        if plane.carried:
            entry["carried"] = list(plane.carried)
        if plane.delivered:
            entry["delivered"] = list(plane.delivered)
        if plane.seen:
            entry["seen"] = sorted(plane.seen)
        if plane.grounded:
            entry["grounded"] = True
        if plane.parachute:
            entry["parachute"] = True
        if plane.asteroid:
            entry["asteroid"] = True
        if plane.fuel is not None:  # EXPERT: the tank, the dial, the Jerrycan
            entry["fuel"] = plane.fuel
            entry["altitude"] = plane.altitude
            if plane.locked:
                entry["locked"] = plane.locked
            assert plane.jerrycan is not None
            entry["jerrycan"] = plane.jerrycan
            if plane.flipped:
                entry["flipped"] = True
        companies[colour] = entry
    block["companies"] = companies
    block["clouds"] = [{"q": h.q, "r": h.r,
                        "tokens": [{"id": t.id, "side": t.side.value} for t in stack]}
                       for h, stack in sorted(state.clouds.items())]
    block["shipping"] = [{"region": r, "parcels": list(zone)}
                         for r, zone in enumerate(state.shipping, 1) if zone]
    if state.lost:
        block["lost"] = list(state.lost)
    block["weights"] = dict(game.weights)
    if game.any_expert:
        block["jerrycans"] = list(state.pile)
    if state.runways:
        block["runways"] = [{"hex": _hx(h), "parcels": list(z)}
                            for h, z in sorted(state.runways.items())]
    if state.chute is not None:
        block["parachute"] = {"hex": _hx(state.chute.hex), "parcels": list(state.chute.parcels),
                              "company": colours[state.chute.company]}
    if state.night is not None:
        block["night"] = {"token": _hx(state.night.token),
                          "revealed": [_hx(h) for h in sorted(state.night.revealed)]}
        if state.night.leg:
            block["night"]["journey"] = [_hx(h) for h in state.night.leg]
            if state.night.no_boost:
                block["night"]["no_boost"] = True
    return block


Report = Callable[[str, str, Path], None]


def read_position(doc: Mapping[str, Any], companies: Sequence[Company],
                  allies: Mapping[int, tuple[int, ...]], landscape: Landscape,
                  problems: list[Problem], night_rules: NightRules | None = None) -> Position:
    """The schema-valid ``position`` section ``doc`` of a scenario whose companies and
    teams (``allies``: each company's team, itself included) are valid; every problem found
    is appended to ``problems``, its path starting with ``position``. At night
    (``night_rules``) the NIGHT token and the tiles discovered are read too, and only the
    discovered mountains are obstacles."""
    base: Path = ("position",)
    found: list[Problem] = []

    def bad(rule: str, message: str, path: Path) -> None:
        found.append(Problem(rule, message, (*base, *path)))

    night = _night(doc, companies, landscape, night_rules, bad)
    if night is not None:  # a face-down mountain is no obstacle yet
        landscape = replace(landscape, biomes={
            h: Biome.DESERT if b is Biome.MOUNTAIN and h not in night.revealed else b
            for h, b in landscape.biomes.items()})

    colours = [c.colour for c in companies]
    index = {c: i for i, c in enumerate(colours)}
    origin = dict(setup_parcels(companies))

    def team(i: int) -> set[str]:
        return {colours[j] for j in allies.get(i, (i,))}

    def known(parcel: str, path: Path) -> bool:
        if parcel not in origin:
            bad("position.parcel", f"no parcel is called {parcel!r} (parcels are COLOUR-1 "
                "to COLOUR-5 of the companies in play)", path)
            return False
        return True

    first = index.get(doc["first"], 0)
    if doc["first"] not in index:
        bad("position.first", f"no company is called {doc['first']!r} (companies: "
            f"{', '.join(colours)})", ("first",))
    ring = clockwise_order(companies, first)
    order = ring
    if "order" in doc:
        listed = []
        for k, colour in enumerate(doc["order"]):
            if colour not in index:
                bad("position.order", f"no company is called {colour!r}", ("order", k))
            elif index[colour] in listed:
                bad("position.order", f"{colour} is listed twice", ("order", k))
            else:
                listed.append(index[colour])
        order = tuple(listed)
        if len(listed) == len(doc["order"]) and order != ring[len(ring) - len(order):]:
            bad("position.order", "the companies still to act are the last ones of the "
                f"turn's order, clockwise from {colours[first]}: "
                f"{', '.join(colours[i] for i in ring)}", ("order",))
    phase = Phase(doc.get("phase", "piloting"))

    clouds = _clouds(doc, landscape, bad)
    planes, places = _planes(doc, companies, index, landscape, clouds, team, known, bad)
    if phase is Phase.BOOST and order:
        actor = planes[order[0]]
        if actor.hex is None or not actor.boost:
            bad("position.phase", f"{colours[order[0]]} is offered its BOOST: its aircraft "
                "stands and its BOOST is charged", ("phase",))

    shipping: list[list[str]] = [[] for _ in range(REGIONS)]
    if "shipping" in doc:
        seen_regions: set[int] = set()
        for k, zone in enumerate(doc["shipping"]):
            region = zone["region"]
            if region in seen_regions:
                bad("position.shipping", f"region {region} is listed twice",
                    ("shipping", k, "region"))
            seen_regions.add(region)
            owner = next((c for c in companies if c.region == region), None)
            for j, parcel in enumerate(zone["parcels"]):
                path: Path = ("shipping", k, "parcels", j)
                if not known(parcel, path):
                    continue
                if owner is not None and parcel_colour(parcel) == owner.colour:
                    bad("position.parcel", f"{parcel} cannot wait in its own destination "
                        f"(region {region}): landing there delivers it", path)
                places.setdefault(parcel, []).append(path)
                shipping[region - 1].append(parcel)
            if len(shipping[region - 1]) > SHIPPING_SPACES:
                bad("position.shipping", f"the shipping zone of region {region} has "
                    f"{SHIPPING_SPACES} spaces, not {len(shipping[region - 1])}",
                    ("shipping", k, "parcels"))
    runways: dict[Hex, tuple[str, ...]] = {}
    for k, entry in enumerate(doc.get("runways", [])):
        h = Hex(*entry["hex"])
        if h not in landscape_set() or landscape.biomes.get(h) is Biome.MOUNTAIN \
                or h in runways or h in landscape.halves:
            bad("position.runways", f"no runway can lie on {h} (a full plain, sea or desert "
                "tile, once)", ("runways", k, "hex"))
        for j, parcel in enumerate(entry["parcels"]):
            if known(parcel, ("runways", k, "parcels", j)):
                places.setdefault(parcel, []).append(("runways", k, "parcels", j))
        runways[h] = tuple(entry["parcels"])
    for i, plane in enumerate(planes):
        if plane.grounded and plane.hex not in runways:
            bad("position.aircraft", f"{colours[i]} is on the ground at {plane.hex}, not a "
                "runway", ("companies", colours[i], "grounded"))
    chute = None
    if "parachute" in doc:
        entry = doc["parachute"]
        h = Hex(*entry["hex"])
        stack = clouds.get(h, ())
        if len(stack) != 1 or stack[0].side is not CloudSide.CUMULUS:
            bad("position.parachute", f"the Parachute flies over a Cumulus, and {h} holds "
                "none", ("parachute", "hex"))
        if h in standing_hexes(planes):
            bad("position.parachute", f"an aircraft stands at {h}, the Parachute's tile",
                ("parachute", "hex"))
        if entry["company"] not in index:
            bad("position.parachute", f"no company is called {entry['company']!r}",
                ("parachute", "company"))
        else:
            for j, parcel in enumerate(entry["parcels"]):
                path = ("parachute", "parcels", j)
                if known(parcel, path):
                    places.setdefault(parcel, []).append(path)
                    if parcel_colour(parcel) not in team(index[entry["company"]]):
                        bad("position.parachute", f"{parcel} was not carried by "
                            f"{entry['company']}", path)
            chute = Chute(h, tuple(entry["parcels"]), index[entry["company"]])
    lost = []
    for k, parcel in enumerate(doc.get("lost", [])):
        if known(parcel, ("lost", k)):
            places.setdefault(parcel, []).append(("lost", k))
            lost.append(parcel)
    for parcel, paths in places.items():
        for path in paths[1:]:
            bad("position.parcel", f"{parcel} is in two places (also at "
                f"{_json_path((*base, *paths[0]))})", path)
    nowhere = [parcel for parcel in origin if parcel not in places]
    if "shipping" not in doc:  # the parcels not placed elsewhere wait where they started
        for parcel in nowhere:
            shipping[origin[parcel] - 1].append(parcel)
    elif nowhere:
        bad("position.parcel", f"{', '.join(nowhere)} {'is' if len(nowhere) == 1 else 'are'} "
            "nowhere: each parcel is in a shipping zone, on board, delivered or lost",
            ("shipping",))

    weights = None
    if "weights" in doc:
        weights = _weights(doc["weights"], colours, origin, bad)
    last = doc.get("last_wind")
    found.sort(key=lambda p: _KEYS.index(str(p.path[1])))  # in the order of the keys
    problems.extend(found)
    return Position(
        turn=doc["turn"], first=first, order=order, planes=planes, clouds=clouds,
        shipping=tuple(tuple(z) for z in shipping), phase=phase, lost=tuple(lost),
        wind=parse_wind(doc["wind"]) if "wind" in doc else None,
        last_direction=Direction.parse(last) if last is not None else None,
        weights=weights, draws=doc.get("draws", 0),
        pile=tuple(sorted(doc["jerrycans"])) if "jerrycans" in doc else None,
        runways=runways, chute=chute, night=night)


def standing_hexes(planes: Sequence[Plane]) -> set[Hex]:
    return {p.hex for p in planes if p.hex is not None}


def _night(doc: Mapping[str, Any], companies: Sequence[Company], landscape: Landscape,
           rules: NightRules | None, bad: Report) -> Night | None:
    """The position's NIGHT token and discovered tiles (at night: the setup's when left
    out)."""
    if rules is None:
        if "night" in doc:
            bad("position.night", "a NIGHT FLIGHT position in a game by day (say night: true "
                "in the scenario)", ("night",))
        return None
    entry = doc.get("night", {})
    covered = frozenset(h for c in companies if (h := c.covered) is not None)
    ring = night_ring(rules.paris_hex, covered) if rules.paris_hex not in covered else ()
    token = Hex(*entry["token"]) if "token" in entry else rules.paris_hex
    if "token" in entry and token not in ring:
        bad("position.night", f"the NIGHT token stands on a city it visits, not {token}",
            ("night", "token"))
    revealed = []
    for k, value in enumerate(entry.get("revealed", [])):
        h = Hex(*value)
        if h not in landscape_set() or h in revealed:
            bad("position.night", f"{h}: a landscape tile, listed once", ("night", "revealed", k))
        else:
            revealed.append(h)
    found = frozenset(revealed)
    leg = tuple(Hex(*h) for h in entry.get("journey", ()))
    if leg and (rules.reveal != "continues" or len(leg) < 2
                or any(a.distance(b) != 1 for a, b in itertools.pairwise(leg))
                or leg[-1] not in found):
        bad("position.night", "a journey paused after a flip (reveal: continues) lists where "
            "it started, then adjacent tiles, the last one flipped", ("night", "journey"))
    return Night(token, found, frozenset(h for h in found
                                         if landscape.biomes.get(h) is Biome.MOUNTAIN),
                 leg, bool(entry.get("no_boost", False)) and bool(leg))


_KEYS = ("turn", "first", "order", "phase", "wind", "last_wind", "draws", "companies",
         "clouds", "shipping", "lost", "weights", "jerrycans", "runways", "parachute",
         "night")
"""The keys of a position, in the order the schema lists them."""


def _json_path(path: Path) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def _planes(doc: Mapping[str, Any], companies: Sequence[Company], index: Mapping[str, int],
            landscape: Landscape, clouds: Mapping[Hex, Stack], team: Callable[[int], set[str]],
            known: Callable[[str, Path], bool], bad: Report
            ) -> tuple[tuple[Plane, ...], dict[str, list[Path]]]:
    """Every company's aircraft (those not listed: in their airport, BOOST charged, nothing
    on board), and where each parcel on board or delivered was found."""
    planes = [Plane(c.airport) for c in companies]
    places: dict[str, list[Path]] = {}
    cities = {h for region in region_cities() for h in region}
    standing: dict[Hex, str] = {}
    for colour, entry in doc.get("companies", {}).items():
        at: Path = ("companies", colour)
        i = index.get(colour)
        if i is None:
            bad("position.companies", f"no company is called {colour!r} (companies: "
                f"{', '.join(index)})", at)
            continue
        h: Hex | None = companies[i].airport
        if entry.get("destroyed", False):
            h = None
            if "hex" in entry:
                bad("position.aircraft", "a destroyed aircraft is off the board: no hex",
                    (*at, "hex"))
            if entry.get("carried"):
                bad("position.aircraft", "a destroyed aircraft lost its parcels: it carries "
                    "none", (*at, "carried"))
        elif "hex" in entry:
            h = Hex(*entry["hex"])
            if h not in landscape_set() and h not in cities:
                bad("position.aircraft", f"{h} is off the board: an aircraft flies over a "
                    "landscape tile or stands in a city", (*at, "hex"))
            elif landscape.biomes.get(h) is Biome.MOUNTAIN:
                bad("position.aircraft", f"{h} is a mountain: an obstacle", (*at, "hex"))
            elif any(t.side is CloudSide.STORM for t in clouds.get(h, ())):
                bad("position.aircraft", f"{h} is under a storm, which destroys aircraft",
                    (*at, "hex"))
        if h is not None:
            if h in standing:
                bad("position.aircraft", f"{colour} and {standing[h]} are both at {h}",
                    (*at, "hex"))
            standing.setdefault(h, colour)
        ours = team(i)
        carried = tuple(entry.get("carried", ()))
        for k, parcel in enumerate(carried):
            path: Path = (*at, "carried", k)
            if known(parcel, path):
                places.setdefault(parcel, []).append(path)
                if parcel_colour(parcel) not in ours:
                    bad("position.parcel", f"{colour} carries only parcels of "
                        f"{'its colour' if len(ours) == 1 else 'its team'} "
                        f"({', '.join(sorted(ours))}), not {parcel}", path)
        if len(carried) > MAX_CARRIED:
            bad("position.parcel", f"an aircraft carries at most {MAX_CARRIED} parcels",
                (*at, "carried"))
        delivered = tuple(entry.get("delivered", ()))
        for k, parcel in enumerate(delivered):
            path = (*at, "delivered", k)
            if known(parcel, path):
                places.setdefault(parcel, []).append(path)
                if parcel_colour(parcel) != colour:
                    bad("position.parcel", f"{parcel} is delivered to its own colour, not "
                        f"to {colour}", path)
        seen = frozenset(entry.get("seen", ()))
        for k, parcel in enumerate(entry.get("seen", ())):
            path = (*at, "seen", k)
            if known(parcel, path) and parcel_colour(parcel) not in ours:
                bad("position.parcel", f"{colour} may look only at parcels of "
                    f"{', '.join(sorted(ours))}, not {parcel}", path)
        planes[i] = Plane(h, entry.get("boost", True), carried, delivered, seen,
                          **_tank(entry, companies[i], h, at, bad),
                          grounded=bool(entry.get("grounded", False)),
                          parachute=bool(entry.get("parachute", False)),
                          asteroid=bool(entry.get("asteroid", False)))
    return tuple(planes), places


_TANK_KEYS = ("fuel", "altitude", "locked", "jerrycan", "flipped")


def _tank(entry: Mapping[str, Any], company: Company, h: Hex | None, at: Path, bad: Report
          ) -> dict[str, Any]:
    """An EXPERT aircraft's tank, dial and Jerrycan (``jerrycan`` left out: the one setup
    deals from the seed); none for the other companies."""
    if not company.expert:
        for key in _TANK_KEYS:
            if key in entry:
                bad("position.expert", f"{company.colour} does not fly in EXPERT mode: no "
                    f"{key}", (*at, key))
        return {}
    altitude, locked = entry.get("altitude", 0), entry.get("locked", 0)
    if altitude and (h is None or h not in landscape_set() or entry.get("grounded")):
        bad("position.expert", "an aircraft on the ground (or destroyed) has 0 ALTITUDE",
            (*at, "altitude"))
    if locked > altitude:
        bad("position.expert", f"{locked} ALTITUDE gained this turn, of {altitude}",
            (*at, "locked"))
    if h == company.covered:
        bad("position.aircraft", f"{h} is under {company.colour}'s ALTITUDE dial",
            (*at, "hex"))
    return {"fuel": entry.get("fuel", 10), "altitude": altitude, "locked": locked,
            "jerrycan": entry.get("jerrycan"), "flipped": entry.get("flipped", False)}


def _clouds(doc: Mapping[str, Any], landscape: Landscape, bad: Report) -> Mapping[Hex, Stack]:
    """The sky: the position's clouds, or the map's when it leaves them out."""
    if "clouds" not in doc:
        return dict(landscape.clouds)
    clouds: dict[Hex, Stack] = {}
    tokens: set[int] = set()
    for k, entry in enumerate(doc["clouds"]):
        at: Path = ("clouds", k)
        h = Hex(entry["q"], entry["r"])
        if h not in landscape_set():
            bad("position.clouds", f"{h} is not a landscape tile: clouds never leave the "
                "landscape", at)
        elif landscape.biomes.get(h) is Biome.MOUNTAIN:
            bad("position.clouds", f"{h} is a mountain: clouds never cross it", at)
        if h in clouds:
            bad("position.clouds", f"{h} is listed twice: stack its tokens in one entry", at)
        stack = tuple(CloudToken(t["id"], CloudSide(t["side"])) for t in entry["tokens"])
        for j, t in enumerate(stack):
            if t.id in tokens:
                bad("position.clouds", f"cloud token {t.id} is on the map twice",
                    (*at, "tokens", j, "id"))
            tokens.add(t.id)
            if len(stack) > 1 and t.side is not CloudSide.STORM:
                bad("position.clouds", "a Tempest's tokens all show the storm side",
                    (*at, "tokens", j, "side"))
        clouds.setdefault(h, stack)
    return clouds


def _weights(doc: Mapping[str, int], colours: Sequence[str], origin: Mapping[str, int],
             bad: Report) -> dict[str, int]:
    weights: dict[str, int] = {}
    for parcel, weight in doc.items():
        if parcel not in origin:
            bad("position.weights", f"no parcel is called {parcel!r}", ("weights", parcel))
        else:
            weights[parcel] = weight
    missing = [p for p in origin if p not in weights]
    if missing:
        bad("position.weights", f"the weights of {', '.join(missing)} are missing: a "
            "position gives every parcel's weight, or none", ("weights",))
    for colour in colours:
        mine = sorted(w for p, w in weights.items() if parcel_colour(p) == colour)
        if len(mine) == len(PARCEL_WEIGHTS) and mine != sorted(PARCEL_WEIGHTS):
            bad("position.weights", f"the parcels of {colour} weigh "
                f"{', '.join(map(str, PARCEL_WEIGHTS))}, not {', '.join(map(str, mine))}",
                ("weights",))
    return {p: weights[p] for p in origin if p in weights}
