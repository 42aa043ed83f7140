"""What the contract test (``tests/test_game_contract.py``) needs to know of a game that its
action space cannot say: moments random play seldom reaches (``EDGES``), and the kinds of
decision a legal action is (``KINDS``), to count what the states exercised and to hold the
long run to meeting each kind (``EXPECTED``). A game without an entry here is checked on
its random states alone; its candidate actions always come from its action space.

One enumeration written independently of any action space stays: every Paragliders turn
and wind-push choice a moves file could write at a moment (``paragliders``), by which
tests/paragliders/test_machine.py holds that game's space to naming every action that may
be legal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from itertools import product
from typing import Any

from skyhex.rules.balloons.actions import Fly
from skyhex.rules.balloons.actions import Pass as BPass
from skyhex.rules.hexgrid import DIRECTIONS, Hex
from skyhex.rules.paragliders.actions import (
    MOMENTS,
    Claim,
    LandChoice,
    MoveKind,
    Skill,
    Turn,
    TurnKind,
    WindChoice,
    WindKind,
    claim_order,
)
from skyhex.rules.paragliders.flight import closest_mountains
from skyhex.rules.paragliders.state import Game as PGame
from skyhex.rules.paragliders.state import State as PState
from skyhex.rules.paragliders.stunts import Stunt
from skyhex.rules.turbulences.actions import Flip, Pass, Power

Accepts = Callable[[Any], bool]


def _kept(rng: random.Random, rate: float) -> bool:
    return rate >= 1 or rng.random() < rate


# --- Paragliders ------------------------------------------------------------------------------


def _lands(game: PGame, near: Hex | None) -> list[tuple[LandChoice | None, Hex | None]]:
    """No landing, a final landing, a relaunch with no mountain named and with each
    mountain close to where the flight may end (closest to some hex within 2 of ``near``:
    no other may be named), and with one mountain far from there."""
    out: list[tuple[LandChoice | None, Hex | None]] = [
        (None, None), (LandChoice.FINAL, None), (LandChoice.RELAUNCH, None)]
    if near is not None:
        close = set()
        for h in game.terrain:
            if h.distance(near) <= 2:
                close.update(closest_mountains(game, h))
        far = [m for m in sorted(game.mountains) if m not in close][-1:]
        out += [(LandChoice.RELAUNCH, m) for m in (*sorted(close), *far)]
    return out


SINGLE_CLAIMS = tuple(Claim(s, when, action) for s in Stunt if s is not Stunt.TOP_LANDER
                      for when in MOMENTS for action in ("score", "start"))
"""Every claim a turn entry may write but the Top Lander's (a flag of the landing): each
stunt at each moment, scored or started."""


def paragliders(game: PGame, state: PState, rng: random.Random, rate: float,
                accepts: Accepts) -> Iterator[Any]:
    """Every turn or wind-push choice of the actor: kinds, take-off hexes and facings,
    moves, Skill Move cards, acceleration, landing choices and mountains, with and without
    a Top Lander claim; then the stunt claims of the flights ``apply`` takes
    (``paragliders_claims``)."""
    pilot = state.actor
    assert pilot is not None
    me = pilot.ident
    lands = _lands(game, pilot.hex or pilot.mountain or (game.takeoffs[0] if game.takeoffs
                                                          else None))
    if state.phase.value == "wind-push":
        for kind in WindKind:
            for land, mountain in lands:
                for top in (False, True):
                    yield WindChoice(me, kind, land, mountain, top)
        for kind in (TurnKind.PASS, TurnKind.MOVE):
            yield Turn(me, kind, MoveKind.STRAIGHT if kind is TurnKind.MOVE else None)
        return
    yield Turn(me, TurnKind.PASS)
    yield Turn(me, TurnKind.WALK)
    flown: list[Turn] = []
    for land, mountain in lands:
        for top in (False, True):
            stuck = Turn(me, TurnKind.STUCK, land=land, mountain=mountain, top_lander=top)
            flown.append(stuck)
            yield stuck
    yield WindChoice(me, WindKind.PUSH)
    skills = [frozenset(), frozenset({Skill.HARD_TURN}), frozenset({Skill.ACCELERATE}),
              frozenset(Skill)]
    starts: list[tuple[TurnKind, Hex | None, Any]] = [(TurnKind.MOVE, None, None)]
    starts += [(TurnKind.RELAUNCH, None, f) for f in DIRECTIONS]
    hexes = [*game.takeoffs, next(iter(game.terrain))]
    starts += [(TurnKind.TAKEOFF, h, f) for h in hexes for f in DIRECTIONS]
    for kind, h, facing in starts:
        for move in MoveKind:
            for skill in skills:
                for accelerate in (False, True):
                    for land, mountain in lands:
                        for top in (False, True):
                            if _kept(rng, rate):
                                turn = Turn(me, kind, move, h, facing, accelerate, skill,
                                            land, mountain, (), top)
                                flown.append(turn)
                                yield turn
    for turn in flown:
        if accepts(turn) and _kept(rng, rate * 4):
            yield from paragliders_claims(turn, rng, rate, accepts)


def paragliders_claims(flight: Turn, rng: random.Random, rate: float, accepts: Accepts
                       ) -> Iterator[Turn]:
    """The claims a flight that ``apply`` takes may carry: every single claim; every
    combination of at most one claim a stunt among those it takes one by one (each a legal
    action to find listed: all of them, whatever the rate); each largest such combination
    with a refused claim added, and with a second claim of one of its stunts (each
    refused)."""

    def claimed(claims: tuple[Claim, ...]) -> Turn:
        return replace(flight, stunts=tuple(sorted(claims, key=claim_order)))

    taken: dict[Stunt, list[Claim]] = {}
    refused: list[Claim] = []
    for c in SINGLE_CLAIMS:
        single = claimed((c,))
        yield single
        if accepts(single):
            taken.setdefault(c.stunt, []).append(c)
        else:
            refused.append(c)
    if not taken:
        return
    sets = [tuple(c for c in chosen if c is not None)
            for chosen in product(*([None, *cs] for cs in taken.values()))]
    for claims in sets:
        if len(claims) > 1:
            yield claimed(claims)
    full = [claims for claims in sets if len(claims) == len(taken)]
    for claims in full:
        for extra in refused:
            if _kept(rng, rate * 8):
                yield claimed((*claims, extra))
        for c in claims:
            for again in taken[c.stunt]:
                if _kept(rng, rate * 8):
                    yield claimed((*claims, again))


# --- rare moments ----------------------------------------------------------------------------


def paragliders_edges() -> list[tuple[Any, Any]]:
    """Moments random play seldom reaches, added to the random states: a pilot at the top of
    a take-off hex (the soft landing declared with no move), the same pilot in a Wind Push
    Round (resisting down onto the take-off hex), a pilot in a dead end, and one whose
    Survivor ruler is armed, high over the mountains."""
    from .rules_helpers import board, flying, start

    takeoffs = board(takeoffs=((1, -1), (1, 0)), target=(0, 0))
    ring = board({(h.q, h.r): "mountain" for h in Hex(0, 0).neighbors()})
    top = {"yellow": flying((1, -1), "S", 9), "blue": flying((-3, 0), "N", 12)}
    others = {"blue": flying((3, 0), "N", 6)}
    games = [
        start(takeoffs, ("yellow", "blue"), stunts="all", temperature=-1, pilots=top),
        start(takeoffs, ("yellow", "blue"), stunts="all", temperature=-1, pilots=top,
              wind=("SE", 1), more={"wind_push": ["yellow", "blue"]}),
        start(ring, ("yellow", "blue"), stunts="all",
              pilots={"yellow": flying((0, 0), "N", 4), **others}),
        start(ring, ("yellow", "blue"), stunts="all",
              pilots={"yellow": flying((0, 2), "N", 12, stunts={"survivor": "armed"}),
                      **others}),
    ]
    return [(game, state) for game, state, _ in games]


def turbulences_edges() -> list[tuple[Any, Any]]:
    """Moments random play seldom reaches: a destroyed aircraft whose airport's exits are
    both blocked by storms (placed and passing there), and an aircraft at a full shipping
    zone with a parcel to swap."""
    from skyhex.games import load_scenario, ruleset
    from skyhex.rules.turbulences.landscape import CloudSide, CloudToken

    from .conftest import ROOT

    rules = ruleset("turbulences")
    _, scenario, _ = load_scenario(str(ROOT / "examples" / "scenarios" / "turbulences-2.yaml"))
    game, state, _ = rules.new_game(scenario)
    i = state.actor
    assert i is not None
    company = game.companies[i]
    plane = state.planes[i]
    exits = [h for h in company.airport.neighbors() if h in game.tiles]
    clouds = {h: s for h, s in state.clouds.items() if h not in exits}
    clouds.update({h: (CloudToken(12 - k, CloudSide.STORM),) for k, h in enumerate(exits)})
    blocked = state.with_plane(i, plane.evolve(hex=None, boost=False)).evolve(clouds=clouds)
    region = next(r for h, r in game.airports.items() if h != company.airport and r not in
                  {c.region for c in game.companies})
    zone = state.shipping[region - 1]
    mine = [p for p in zone if p.startswith(f"{company.colour}-")]
    others = [p for z in state.shipping for p in z if p not in zone
              and p.startswith(f"{company.colour}-")]
    carried = (others[0],)
    filler = [p for z in state.shipping for p in z if p not in zone and p not in carried]
    full = (*zone, *filler[:5 - len(zone)])
    shipping = tuple(full if r == region else tuple(p for p in z if p not in full
                                                    and p not in carried)
                     for r, z in enumerate(state.shipping, 1))
    assert mine and len(full) == 5
    swap = state.with_plane(i, plane.evolve(hex=game.region_airport(region), carried=carried))
    return [(game, blocked), (game, swap.evolve(shipping=shipping)), *_expert_edges(),
            *_powers_edges()]


def _expert_edges() -> list[tuple[Any, Any]]:
    """EXPERT moments random play seldom reaches: an aircraft in flight at ALTITUDE 3 next
    to a storm, a Tempest and another aircraft (crossings, gliding), the same overloaded,
    and one on the ground in another airport with an empty tank and a Jerrycan of 0."""
    from skyhex.games import load_scenario, ruleset
    from skyhex.rules.turbulences.landscape import CloudSide, CloudToken

    from .conftest import ROOT

    rules = ruleset("turbulences")
    _, scenario, _ = load_scenario(str(ROOT / "examples" / "scenarios" /
                                       "turbulences-expert-4.yaml"))
    game, state, _ = rules.new_game(scenario)
    i = next(k for k in state.order if game.companies[k].expert)
    state = state.evolve(order=(i, *(k for k in state.order if k != i)))
    j = next(k for k in range(len(game.companies)) if k != i)
    centre = next(h for h in sorted(game.tiles) if h not in game.mountains
                  and all(n in game.tiles and n not in game.mountains for n in h.neighbors()))
    ring = centre.neighbors()
    clouds = {h: s for h, s in state.clouds.items() if h.distance(centre) > 2
              and all(t.id > 3 for t in s)}
    clouds[ring[0]] = (CloudToken(1, CloudSide.STORM),)
    clouds[ring[2]] = (CloudToken(2, CloudSide.STORM), CloudToken(3, CloudSide.STORM))
    high = state.evolve(clouds=clouds).with_plane(i, state.planes[i].evolve(
        hex=centre, fuel=2, altitude=3)).with_plane(j, state.planes[j].evolve(hex=ring[4]))
    mine = [p for z in state.shipping for p in z if p.startswith(game.companies[i].colour)]
    loaded = high.with_plane(i, high.planes[i].evolve(carried=tuple(mine[:2])))
    away = next(h for h in game.airports if h != game.companies[i].airport
                and h not in {p.hex for p in state.planes})
    dry = state.with_plane(i, state.planes[i].evolve(hex=away, fuel=0, jerrycan=0))
    runway = next(h for h in ring if h not in clouds and h in game.tiles
                  and h not in game.halves)
    mine = tuple(p for p in mine if p not in high.planes[i].carried)
    grounded = high.evolve(runways={runway: mine[:1]}, shipping=tuple(
        tuple(p for p in z if p not in mine[:1]) for z in high.shipping)).with_plane(
        i, high.planes[i].evolve(hex=runway, altitude=0, grounded=True))
    landing = grounded.with_plane(i, high.planes[i].evolve(fuel=1, altitude=0))
    return [(game, high), (game, loaded), (game, dry), (game, grounded), (game, landing)]


def _powers_edges() -> list[tuple[Any, Any]]:
    """Section 10 moments random play seldom reaches (the powers' example scenario): the
    FAKIR over a clear desert tile, the SAVOIA S.21 next to a storm, the BESIXDOUZE offered
    its ASTEROID, and a company next to the Parachute holding two of its parcels while it
    carries one."""
    from skyhex.games import load_scenario, ruleset
    from skyhex.rules.hexgrid import Hex
    from skyhex.rules.turbulences.landscape import CloudSide, CloudToken
    from skyhex.rules.turbulences.state import Chute, Phase

    from .conftest import ROOT

    rules = ruleset("turbulences")
    _, scenario, _ = load_scenario(str(ROOT / "examples" / "scenarios" /
                                       "turbulences-powers-6.yaml"))
    game, state, _ = rules.new_game(scenario)

    def turn(s: Any, i: int, phase: Phase = Phase.PILOTING) -> Any:
        return s.evolve(order=(i, *(k for k in s.order if k != i)), phase=phase)

    fakir = turn(state.with_plane(0, state.planes[0].evolve(hex=Hex(0, 0))), 0)
    stormy = {**state.clouds, Hex(1, 0): (CloudToken(12, CloudSide.STORM),)}
    stormy = {h: t for h, t in stormy.items() if h == Hex(1, 0) or t[0].id != 12}
    savoia = turn(state.evolve(clouds=stormy).with_plane(1, state.planes[1].evolve(
        hex=Hex(0, 0))), 1)
    asteroid = turn(state.with_plane(2, state.planes[2].evolve(hex=Hex(0, 1))), 2, Phase.BOOST)
    yellow = [p for z in state.shipping for p in z if p.startswith("yellow-")]
    shipping = tuple(tuple(p for p in z if p not in yellow[:3]) for z in state.shipping)
    rescue = turn(state.evolve(shipping=shipping, chute=Chute(Hex(-1, 1), tuple(yellow[:2]), 3))
                  .with_plane(3, state.planes[3].evolve(hex=Hex(0, 1),
                                                        carried=(yellow[2],))), 3)
    return [(game, fakir), (game, savoia), (game, asteroid), (game, rescue)]


EDGES: dict[str, Callable[[], list[tuple[Any, Any]]]] = {
    "paragliders": paragliders_edges, "turbulences": turbulences_edges, "balloons": list}
"""Rare moments of each game, checked besides the random states."""


# --- what the states exercised ----------------------------------------------------------------


def paragliders_kind(action: Any) -> set[str]:
    """The kinds of decision a Paragliders action is (to count the accepted ones)."""
    if isinstance(action, WindChoice):
        out = {f"wind {action.kind.value}"}
        if action.land is not None:
            out.add("wind-push landing")
        if action.top_lander:
            out.add("top-lander resisting")
        return out
    out = {action.kind.value}
    if action.land is not None:
        out.add(f"land {action.land.value}" + (" (mountain named)" if action.mountain else ""))
    if action.top_lander:
        out.add("top-lander declared" if action.kind is TurnKind.STUCK else "top-lander")
    out.update(f"skill {s.value}" for s in action.skill)
    if action.accelerate:
        out.add("accelerate")
    out.update(f"claim {c.stunt.value} {c.action}" for c in action.stunts)
    if len(action.stunts) > 1:
        out.add("claims combined")
    return out


PARAGLIDERS_KINDS = {
    "wind push", "wind resist", "wind mix", "wind-push landing", "top-lander resisting",
    "pass", "walk", "stuck", "takeoff", "move", "relaunch", "land final",
    "land relaunch", "land relaunch (mountain named)", "top-lander", "top-lander declared",
    "skill hard-turn", "skill accelerate", "accelerate", "claim sky-climber score",
    "claim overflyer score", "claim survivor score", "claim cliff-surfer start",
    "claim explorer score", "claim lone-hiker start", "claims combined"}


def turbulences_kind(action: Any) -> set[str]:
    """The kinds of decision a Turbulences action is (to count the accepted ones)."""
    if isinstance(action, Pass):
        out = {"pass"}
        if action.rebuild is not None:
            out.add("rebuild and pass")
        places = {"": action.ops}
    elif isinstance(action, Flip):
        return {"flip"}
    elif isinstance(action, Power):
        return {"asteroid"}
    else:
        out = {"boost journey" if action.boost else "journey", f"{len(action.path)} tiles"}
        if action.parachute:
            out.add("parachute")
        if action.power:
            out.add("power")
        if action.glide:
            out.add("glide")
        if action.cross:
            out.add("cross")
        if action.rebuild is not None:
            out.add("rebuild")
        places = {"before ": action.before, "after ": action.after}
    for where, ops in places.items():
        out.update(f"{where}{verb}" for verb in ("throw", "unload", "load")
                   if getattr(ops, verb))
        if ops.unload and ops.load:
            out.add(f"{where}swap")
    return out


TURBULENCES_KINDS = {
    "pass", "rebuild and pass", "journey", "boost journey", "1 tiles", "2 tiles", "3 tiles",
    "rebuild", "before throw", "before unload", "before load", "before swap",
    "after unload", "after load", "after swap", "load", "throw", "flip", "glide", "cross",
    "parachute", "power", "asteroid", "after throw"}


def balloons_kind(action: Any) -> set[str]:
    """The kinds of decision a Balmy Balloonists action is (to count the accepted ones)."""
    if isinstance(action, BPass):
        return {"pass"}
    if isinstance(action, Fly):
        out = {f"fly {action.altitude.name.lower()}"}
        if action.launch is not None:
            out.add(f"launch {action.launch.value}")
        return out
    out = {"play own" if action.on == action.balloon else "play other", f"use {action.use.value}"}
    if action.exchange is not None:
        out.add("exchange")
    return out


BALLOONS_KINDS = {
    "play own", "play other", "use wind", "use misfortune", "use quadrant", "exchange",
    "fly high", "fly medium", "fly low", "launch north", "launch south"}


KINDS: dict[str, Callable[[Any], set[str]]] = {
    "paragliders": paragliders_kind, "turbulences": turbulences_kind, "balloons": balloons_kind}
"""What kind of decision a legal action is, to count what the states exercised."""
EXPECTED: dict[str, set[str]] = {
    "paragliders": PARAGLIDERS_KINDS, "turbulences": TURBULENCES_KINDS,
    "balloons": BALLOONS_KINDS}
"""The kinds the long run must have met."""
