"""The Turbulences rules engine, CLASSIC mode: ``new_game``, ``legal_actions``, ``apply`` and
``view``.

A game turn (rulebook sections 2, 4-6): PHASE I, the first player flicks the Wind Rose (a
chance draw) and the clouds blow (``weather.resolve``), then, from the second weather phase,
the aircraft events of section 7 (``events.shake``); PHASE II, each company in turn clockwise
from the first player makes its journey (``piloting``), possibly followed by its BOOST;
PHASE III, the game ends if a delivery zone holds 3 parcels, else the first player changes
clockwise and the next turn's weather phase follows at once.

``apply`` checks every rule and raises ``IllegalActionError`` naming it (``journey.*``,
``parcel.*``, ``boost.*``, ``rebuild.*``, ``turn.*``); it never changes its inputs. Events
are JSON-ready dicts (hexes as ``[q, r]``) and form the referee's log: they name parcels and,
in the setup event, their weights. ``legal_actions`` reads no weight, so what a company may
do never depends on what it may not know.

Decisions (besides those of ``piloting``, ``events``, ``actions`` and ``state``):

1. **First player**: "a flick on the Wind Rose designates the first player": a uniform draw
   among the companies.
2. **Parcels**: each colour in play sends one parcel to every other region, pilots' and
   neutral ones (five regions, five parcels), so a neutral region's shipping zone holds one
   parcel per company and a company's holds one per other company; the other spaces are
   empty ("+1" each for their company at the end).
3. **Looking at parcels** is automatic: an aircraft in an airport (landed, emergency-landed
   or at the start) sees the weights of the parcels of its colour waiting there; loading and
   delivering also show them. ``view`` shows a company those weights only, never another
   colour's ("it is forbidden to look at or carry an opponent's Parcel"; delivered weights
   stay "secret from opposing pilots, even after delivery").
4. **Delivery and recharge** happen whenever the aircraft lands in its own airport, including
   an emergency landing there during the weather (E: "play normally").
5. **BOOST**: "it cannot be activated again during the same turn" is read as one BOOST a
   turn. It is offered after the journey when it is charged, has not been used this turn
   and some journey is possible; a landing at home during the journey recharges it in time
   (it was not used), the BOOST's own journey landing home recharges it for later turns
   only, and a BOOST consumed by a rebuild in another city is not offered again that turn
   even when the journey lands home. The second journey follows the journey rules (two
   base tiles and a bonus: "at most 3 tiles"). A rebuild in the airport recharges the
   BOOST before the turn, so it may be used that turn.
6. **After a crash** the company, on each of its turns until it flies again, first
   recharges its BOOST ("recharge your BOOST then place your new Aircraft"), then may
   rebuild in its airport and take off, consume the BOOST to take off from another free
   city of its region, or pass. A new aircraft takes off at once; when both exits of its
   airport are blocked it is placed there and passes (``Pass`` with ``rebuild``), as an
   aircraft on the ground "must take off if at least one of the adjacent landscape tiles is
   free. Otherwise, pass your turn". Another city's take-off must be a journey.
7. **Section 7** is applied from the second weather phase (the rulebook's "from the second
   weather phase"); in the first every aircraft is in its airport anyway.
8. **Blocked in flight**: the company's only action is ``Pass``, which destroys the
   aircraft (cause ``blocked``); its parcels are lost.

The team modes of section 8 (``new_game(..., mode=...)``; ``state.Mode``, ``state.Team``):

9. **Teams**: ``mode="teams"`` takes ``teams``, pairs of colours, ``NamedTeam``s or a
   mapping colour -> team name; ``mode="two-companies"`` groups the companies by
   ``Company.player`` (``make_teams`` checks them, each problem with its path). Either way a
   team is exactly 2 companies on adjacent regions ("partners [...] build their Airports on
   2 adjacent Region boards"), there are at least 2 teams in ``teams`` mode and 2 or 3
   players in ``two-companies`` mode, and every company is in one team.
10. **Turn order** is unchanged in both team modes: each company keeps its own place
    clockwise and the Wind Rose passes company by company, so a player with two companies
    "respects the turn order of his or her Companies" and is first player for each of them
    (on two successive turns, since partners' regions are adjacent).
11. **Partners' parcels**: a company may look at, load, unload and carry the parcels of its
    team's colours, never another team's. "The destination of Parcels is always that of
    their colour": landing in an airport of the team delivers the carried parcels of that
    airport's colour into its company's DELIVERY ZONE (they score for that colour); the
    others stay on board. A parcel is never delivered at the wrong airport (it may be left
    "in transit" there).
12. **Shared information**: an aircraft in an airport (at the start, landed, rebuilt) sees
    the weights of its team's parcels waiting there, and a company's ``view`` (with
    ``team``, its team's colours) and ``known_weight`` hold the weights any
    of its team has seen (of the team's colours only); ``legal_actions`` reads no weight, so
    it never depends on what the other team knows.
13. **BOOST** recharges only in the aircraft's own airport; a rebuilt aircraft starts from
    its own region.
14. **End and scores**: the game ends when any company has 3 parcels of its colour delivered
    (unchanged); the ``game_end`` event adds ``teams``, the partners' points summed, ranked
    by points then parcels delivered (``scoring.team_scores``).

15. **Parcel operations** at one place ("you can look at, load or unload one or more
    Parcels of your colour only there") have no imposed order: they are checked on their
    result (each parcel moved once, loads taken from the zone as it was, at most 2 on board
    and 5 in the zone afterwards), so a parcel taken from a full zone frees the space for
    the one left there.
16. **A game that can no longer end**: when the last colour able to deliver 3 parcels
    loses its third (each colour has 5), the ``game_cannot_end`` event says so, once. The
    rulebook has no end for such a game: play goes on (playouts stop at their cap).
17. **NIGHT FLIGHT** (section 11, ``new_game(..., night_rules=...)``): its rules and
    decisions are in ``night.py`` (the face-down tiles, reveals, the NIGHT token and the
    end) and ``onward.py`` (going on after a flip, ``reveal: continues``); the engine
    reveals the tile a journey ends on, moves the token at the end of each game turn and
    ends the game when it is back on PARIS (``game_end`` reason ``night``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from itertools import combinations
from typing import Any

from skyhex.rules.errors import IllegalActionError, InputError, Problem
from skyhex.rules.game import LOG_FORMAT, Event, LazyEvents
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.lazy import lazy_list
from skyhex.rules.turbulences import (
    GAME,
    expert,
    legendary,
    lightning,
    night,
    onward,
    parachute,
    runways,
)
from skyhex.rules.turbulences.actions import (
    NO_OPS,
    Action,
    Flip,
    Journey,
    Ops,
    Pass,
    Power,
    journey,
)
from skyhex.rules.turbulences.chance import Draws
from skyhex.rules.turbulences.events import Shake, shake
from skyhex.rules.turbulences.landscape import REGIONS, Landscape, Stack, region_cities
from skyhex.rules.turbulences.legendary import POWER_OF
from skyhex.rules.turbulences.piloting import (
    Flight,
    can_move,
    check_journey,
    flights,
    journeys,
    occupied,
)
from skyhex.rules.turbulences.powers import NO_POWERS, PARACHUTE, PowerRules
from skyhex.rules.turbulences.scoring import can_end, game_ends, scores, team_scores
from skyhex.rules.turbulences.state import (
    MAX_CARRIED,
    PARCEL_WEIGHTS,
    SHIPPING_SPACES,
    Chute,
    Company,
    Game,
    Mode,
    Phase,
    Plane,
    Position,
    State,
    Team,
    parcel_colour,
)
from skyhex.rules.turbulences.tank import DEFAULT_EXPERT, MAX_ALTITUDE, TANK, ExpertRules
from skyhex.rules.turbulences.weather import (
    WeatherPhase,
    Why,
    Wind,
    WindRose,
    resolve,
    wind_name,
)

# Enum members as plain names: Python 3.11 reads a member off its class through a
# descriptor, ten times the cost of a global, and the hot paths read many.
_PILOTING = Phase.PILOTING
_BOOST = Phase.BOOST
_OVER = Phase.OVER


def _hx(h: Hex | None) -> list[int] | None:
    return None if h is None else [h.q, h.r]


class _Discard(list[Event]):
    """An events list that keeps nothing (events passed as a generator are not even made)."""

    def append(self, event: Event) -> None:
        pass

    def extend(self, events: Iterable[Event]) -> None:
        pass


_DISCARD = _Discard()


def _told(events: list[Event]) -> bool:
    """Whether ``events`` keeps the events it is given: ``advance`` (bots and policies
    weighing every legal action) discards them, and the events that only explain are then
    not built (CORE.md section 5: events for the action applied only)."""
    return type(events) is not _Discard


# --- setup --------------------------------------------------------------------------------


def _check_companies(companies: Sequence[Company]) -> None:
    problems = []
    if not 1 <= len(companies) <= REGIONS:
        problems.append(Problem("setup.companies", f"{len(companies)} companies: 1 to 6 play"))
    for k, c in enumerate(companies):
        path = ("companies", k)
        if [d.colour for d in companies].count(c.colour) > 1:
            problems.append(Problem("setup.colour", f"colour {c.colour!r} is taken twice", path))
        if "-" in c.colour or not c.colour:
            problems.append(Problem("setup.colour", f"colour {c.colour!r}: a non-empty name "
                                    "without '-'", path))
        if not 1 <= c.region <= REGIONS or [d.region for d in companies].count(c.region) > 1:
            problems.append(Problem("setup.region", f"region {c.region}: 1-6, one company "
                                    "each", path))
        if not 1 <= c.city <= 3:
            problems.append(Problem("setup.city", f"city {c.city}: 1, 2 or 3", path))
        if c.dial is not None and (not c.expert or not 1 <= c.dial <= 3 or c.dial == c.city):
            problems.append(Problem("setup.dial", f"dial {c.dial}: an EXPERT company's ALTITUDE "
                                    "dial covers a free city of its region (1-3, not its "
                                    "airport's)", path))
        if [d.aircraft for d in companies].count(c.aircraft) > c.aircraft.in_box:
            problems.append(Problem("setup.aircraft-box", f"the box holds {c.aircraft.in_box} "
                                    f"{c.aircraft.value} pawn{'s' if c.aircraft.in_box > 1 else ''}", path))
    if problems:
        raise InputError(problems)


@dataclass(frozen=True, slots=True)
class NamedTeam:
    """A team given with its name (which labels its score) and its companies' colours."""

    name: str
    colours: tuple[str, ...]


Teams = Sequence[Sequence[str] | NamedTeam] | Mapping[str, str]
"""Teams as a sequence of pairs of colours (named ``red+blue``) or of ``NamedTeam``s, or a
mapping colour -> team name."""


def _adjacent(a: int, b: int) -> bool:
    return (a - b) % REGIONS in (1, REGIONS - 1)


def make_teams(companies: Sequence[Company], mode: Mode, teams: Teams | None
               ) -> tuple[Team, ...]:
    """The teams of section 8, checked (decision 9). Each problem's path names what
    ``new_game`` was given: ``("teams", k, j)`` (``("teams", colour)`` for a mapping),
    ``("companies", k, ...)``, ``("teams",)`` or ``("mode",)``."""
    if mode is Mode.CLASSIC:
        if teams is not None:
            raise InputError([Problem("setup.teams", "teams are for mode 'teams' only",
                                      ("teams",))])
        return ()
    colours = [c.colour for c in companies]
    groups: dict[str, list[str]] = {}
    where: dict[str, list[tuple[Any, ...]]] = {}  # team -> the path of each member
    problems: list[Problem] = []
    if mode is Mode.TEAMS:
        if teams is None:
            raise InputError([Problem("setup.teams", "mode 'teams' needs the teams",
                                      ("mode",))])
        if isinstance(teams, Mapping):
            for colour, name in teams.items():
                groups.setdefault(name, []).append(colour)
                where.setdefault(name, []).append(("teams", colour))
        else:
            for k, team in enumerate(teams):
                at: tuple[Any, ...] = ("teams", k)
                if isinstance(team, NamedTeam):
                    name, members, at = team.name, team.colours, (*at, "members")
                else:
                    name, members = "+".join(team), tuple(team)
                groups.setdefault(name, []).extend(members)
                where.setdefault(name, []).extend((*at, j) for j in range(len(members)))
        if len(groups) < 2:
            problems.append(Problem("setup.teams", "play as a team with 2 teams or more",
                                    ("teams",)))
    else:
        if teams is not None:
            raise InputError([Problem("setup.teams", "in mode 'two-companies' the teams are "
                                      "the players' companies (each company's player)", ("teams",))])
        for k, c in enumerate(companies):
            if c.player is None:
                problems.append(Problem("setup.player", f"company {c.colour!r} needs its "
                                        "player", ("companies", k)))
            else:
                groups.setdefault(c.player, []).append(c.colour)
                where.setdefault(c.player, []).append(("companies", k, "player"))
        if not 2 <= len(groups) <= 3:
            problems.append(Problem("setup.players", f"{len(groups)} players: 2 or 3 pilots "
                                    "each control 2 companies", ("companies",)))
    listed = [(colour, at) for name, members in groups.items()
              for colour, at in zip(members, where[name], strict=True)]
    for colour, at in listed:
        if colour not in colours:
            problems.append(Problem("setup.teams", f"no company is called {colour!r}", at))
    for k, colour in enumerate(colours):
        places = [at for c, at in listed if c == colour]
        if not places and companies[k].player is None and mode is Mode.TWO_COMPANIES:
            continue  # its missing player is the problem
        if len(places) != 1:
            problems.append(Problem("setup.teams", f"company {colour!r} must be in exactly "
                                    f"one team, not {len(places)}",
                                    places[1] if places else ("companies", k)))
    out = []
    for name, group in groups.items():
        first = where[name][0][:-1]
        if len(group) != 2:
            problems.append(Problem("setup.teams", f"team {name!r}: {len(group)} "
                                    f"compan{'y' if len(group) == 1 else 'ies'}, teams are "
                                    "pairs", first))
            continue
        if not set(group) <= set(colours):
            continue
        a, b = (companies[colours.index(m)] for m in group)
        if not _adjacent(a.region, b.region):
            problems.append(Problem("setup.adjacent", f"team {name!r}: regions {a.region} and "
                                    f"{b.region} are not adjacent", where[name][1]))
        out.append(Team(name, tuple(colours.index(m) for m in group)))
    if problems:
        raise InputError(problems)
    return tuple(out)


def clockwise(game: Game, first: int) -> tuple[int, ...]:
    """The companies in piloting order, clockwise (decreasing region number) from ``first``."""
    return game.clockwise(first)


def setup_parcels(companies: Sequence[Company]) -> list[tuple[str, int]]:
    """Every parcel with the region whose shipping zone it starts in (decision 2): for each
    company in turn, ``<colour>-<n>`` to the n-th other region by increasing number."""
    return [(f"{c.colour}-{n}", region) for c in companies
            for n, region in enumerate((r for r in range(1, REGIONS + 1) if r != c.region), 1)]


def new_game(landscape: Landscape, companies: Sequence[Company], seed: int, *,
             rose: WindRose | None = None, pinned: tuple[dict[str, Any], ...] = (),
             mode: Mode | str = Mode.CLASSIC, teams: Teams | None = None,
             position: Position | None = None, expert_rules: ExpertRules = DEFAULT_EXPERT,
             powers: PowerRules = NO_POWERS, night_rules: night.NightRules | None = None
             ) -> tuple[Game, State, list[Event]]:
    """Set the game up (section 3) and resolve the first weather phase. ``mode``: CLASSIC,
    or a team mode of section 8 (``teams`` for mode ``teams``; decisions 9-14).

    From a ``position`` the game starts there instead: setup's draws lie in the past (what
    the position leaves to setup comes from the seed alone), no weather phase is resolved,
    and the pinned draws are those after the position's. ``night_rules``: a NIGHT FLIGHT
    game (section 11, ``night.py``) on the face-down ``landscape``."""
    _check_companies(companies)
    if night_rules is not None:
        _check_night(companies, landscape, night_rules)
    try:
        mode = Mode(mode)
    except ValueError:
        raise InputError([Problem("setup.mode", f"mode {mode!r}: one of "
                                  f"{', '.join(m.value for m in Mode)}")]) from None
    made = make_teams(companies, mode, teams)
    if powers.parachute and PARACHUTE in (c.colour for c in companies):
        raise InputError([Problem("setup.colour", f"colour {PARACHUTE!r} names the Parachute "
                                  "in the log: choose another")])
    experts = sum(c.expert for c in companies)
    if experts and len(expert_rules.jerrycans) <= experts:
        raise InputError([Problem("setup.jerrycans", f"{len(expert_rules.jerrycans)} Jerrycans "
                                  f"for {experts} EXPERT companies: one each on their tanks "
                                  "and at least one in the draw pile")])
    draws = Draws(seed, pinned if position is None else (), 0)
    colours = [c.colour for c in companies]
    first = colours.index(draws.draw("first", colours))
    weights: dict[str, int] = {}
    shipping: list[list[str]] = [[] for _ in range(REGIONS)]
    for c in companies:
        left = list(PARCEL_WEIGHTS)
        for parcel, region in setup_parcels((c,)):
            weight = draws.draw("weight", left)
            left.remove(weight)
            weights[parcel] = weight
            shipping[region - 1].append(parcel)
    # EXPERT (section 9): "Shuffle the 10 Jerrycan tokens. Choose one at random and place
    # it face down on the number 10 of your counter"; the rest form the draw pile.
    pile = sorted(expert_rules.jerrycans)
    cans: dict[int, int] = {}
    for k, c in enumerate(companies):
        if c.expert:
            cans[k] = draws.draw("jerrycan", pile)
            pile.remove(cans[k])
    if position is not None and position.weights is not None:
        weights = dict(position.weights)
    game = Game(landscape, tuple(companies), seed, weights, rose or WindRose(), pinned, mode,
                made, 0 if position is None else position.draws, expert_rules, powers,
                night=night_rules)
    if position is None:
        planes = tuple(Plane(c.airport) if not c.expert else
                       Plane(c.airport, fuel=TANK, jerrycan=cans[k])
                       for k, c in enumerate(companies))
        state = State(turn=1, first=first, order=clockwise(game, first), planes=planes,
                      clouds=dict(landscape.clouds), shipping=tuple(tuple(s) for s in shipping),
                      draws=draws.index, pile=tuple(pile) if cans else (),
                      night=None if night_rules is None
                      else night.Night(night_rules.paris_hex))
    else:
        first = position.first
        state = State(turn=position.turn, first=first, order=position.order,
                      clouds=position.clouds,
                      shipping=position.shipping, lost=position.lost, wind=position.wind,
                      last_direction=position.last_direction, draws=position.draws,
                      phase=position.phase, runways=dict(position.runways),
                      chute=position.chute,
                      night=position.night if night_rules is not None else None,
                      planes=tuple(p if not companies[k].expert or p.jerrycan is not None
                                   else p.evolve(jerrycan=cans[k])
                                   for k, p in enumerate(position.planes)))
        if game.any_expert:
            box = sorted(expert_rules.jerrycans)
            for p in state.planes:
                if p.jerrycan is not None and p.jerrycan in box:
                    box.remove(p.jerrycan)
            state = state.evolve(pile=position.pile if position.pile is not None
                                 else tuple(box))
    setup: Event = {
        "type": "setup", "format": LOG_FORMAT, "game": GAME, "seed": seed, "mode": "classic",
        "companies": [{"company": c.colour, "aircraft": c.aircraft.value, "region": c.region,
                       "city": c.city, "airport": _hx(c.airport)} for c in companies],
        "airports": [{"region": r, "hex": _hx(h)} for h, r in sorted(game.airports.items(),
                                                                      key=lambda x: x[1])],
        "parcels": [{"parcel": p, "weight": weights[p], "region": r}
                    for r, zone in enumerate(shipping, 1) for p in zone],
        "first": colours[first], "draws": draws.made if position is None else [],
    }
    if game.any_expert:
        for row, c in zip(setup["companies"], companies, strict=True):
            if c.expert:
                row["expert"] = True
                row["covered"] = _hx(c.covered)
        setup["expert"] = expert_rules.to_data()
    if powers:
        setup["powers"] = powers.to_data()
    if night_rules is not None:
        setup["night"] = {**night_rules.to_data(), "token": _hx(night_rules.paris_hex),
                          "turns": len(night.night_ring(night_rules.paris_hex, game.covered))}
    if mode is not Mode.CLASSIC:
        setup["mode"] = mode.value
        setup["teams"] = [{"team": t.name, "companies": [colours[i] for i in t.members]}
                          for t in made]
        for row, c in zip(setup["companies"], companies, strict=True):
            row["player"] = c.player
    events = [setup]
    if position is not None:
        return game, state, events
    for i, c in enumerate(companies):  # in the team modes a partner's parcel waits there
        state = _look(game, state, i, c.airport, events)
    state = _weather(game, state, events)
    return game, state, events


def _check_night(companies: Sequence[Company], landscape: Landscape,
                 rules: night.NightRules) -> None:
    """A NIGHT FLIGHT setup: PARIS a city not under an ALTITUDE dial, no cloud at start."""
    problems = []
    region, city = rules.paris
    if not (1 <= region <= REGIONS and 1 <= city <= 3):
        problems.append(Problem("setup.night-paris", f"PARIS at city {city} of region "
                                f"{region}: regions 1-6, cities 1-3", ("night", "paris")))
    elif any(c.covered == rules.paris_hex for c in companies):
        problems.append(Problem("setup.night-paris", "PARIS is under an ALTITUDE dial, which "
                                "the NIGHT token cannot use", ("night", "paris")))
    if landscape.clouds:
        problems.append(Problem("setup.night-clouds", "at night no Cloud token is placed at "
                                "the start", ("map",)))
    if rules.reveal == "continues" and any(c.expert for c in companies):
        problems.append(Problem("setup.night-reveal", "going on after a flip (reveal: "
                                "continues) is not supported yet with EXPERT companies",
                                ("night", "reveal")))
    if problems:
        raise InputError(problems)


# --- the weather phase --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Blown:
    """The clouds' part of a weather phase: the flick, its draws and the clouds blown."""

    wind: Wind
    made: list[dict[str, Any]]
    index: int
    phase: WeatherPhase


_last_blown: tuple[Game, int, Mapping[Hex, Stack], Direction | None, frozenset[Hex],
                   _Blown] | None = None


def _blow(game: Game, state: State, mountains: frozenset[Hex]) -> _Blown:
    """The Wind Rose's flick and the clouds blown by it against ``mountains`` (the
    landscape's, and any active ASTEROID). It depends on the game's draws, the sky and the
    last wind only, never on the aircraft: the last one resolved is remembered (bots
    weighing each action of a turn's last company resolve the same phase each time)."""
    global _last_blown
    last = _last_blown
    if last is not None and last[0] is game and last[1] == state.draws \
            and last[2] is state.clouds and last[3] == state.last_direction \
            and last[4] == mountains:
        return last[5]
    draws = Draws(game.seed, game.pinned, state.draws, first_pinned=game.pinned_from)
    wind = draws.flick(game.rose)
    blown = _Blown(wind, draws.made, draws.index,
                   resolve(mountains, state.clouds, wind, state.last_direction))
    _last_blown = (game, state.draws, state.clouds, state.last_direction, mountains, blown)
    return blown


def _weather(game: Game, state: State, events: list[Event]) -> State:
    stones = legendary.asteroids(state)  # an active ASTEROID is a Mountain (section 10)
    known = night.known_mountains(game.mountains, state.night)  # at night: those found
    mountains = known | stones if stones else known
    blown = _blow(game, state, mountains)
    wind, phase = blown.wind, blown.phase
    before, previous, planes = state.clouds, state.last_direction, state.planes
    if _told(events):
        event: Event = {"type": "weather", "turn": state.turn,
                        "first": game.companies[state.first].colour, "wind": wind_name(wind),
                        "draws": [dict(d) for d in blown.made]}
        if stones:
            event["asteroids"] = [_hx(h) for h in sorted(stones)]
        events.append(event)
        events.extend(dict(e) for e in phase.events)
    state = state.evolve(clouds=phase.clouds, wind=wind, draws=blown.index,
                         last_direction=wind if isinstance(wind, Direction)
                         else state.last_direction)
    if state.turn >= 2:
        state = _shake(game, state, before, phase, events)
        if stones:
            _lucky(game, state, planes, before, wind, previous, events)
    if game.powers.lightning:
        sides = {t.id: t.side for stack in before.values() for t in stack}
        tiles = lightning.charged(phase, mountains, sides, game.powers.lightning_tokens)
        events.extend(lightning.charge_events(state, tiles))
        state, struck = lightning.strike(game, state, tiles, events)
        for who, p, in_chute in struck:
            lost: Event = {"type": "parcels_lost", "company": game.companies[who].colour,
                           "parcels": [p], "reason": "lightning"}
            if in_chute:
                lost["parachute"] = True
            events.append(lost)
            state = _lose(game, state, (p,), events)
    if stones:
        state = state.evolve(planes=tuple(p.evolve(asteroid=False) if p.asteroid else p
                                          for p in state.planes))
    return state


def _lucky(game: Game, state: State, planes: Sequence[Plane], before: Mapping[Hex, Stack],
           wind: Wind, previous: Direction | None, events: list[Event]) -> None:
    """The ``asteroid_saved`` event: the other aircraft that this weather phase would have
    destroyed without the ASTEROIDs and that survived it (LUCKY STAR)."""
    plain = resolve(game.mountains, before, wind, previous)
    positions = {i: p.hex for i, p in enumerate(planes) if p.hex is not None}
    doomed = shake([c.colour for c in game.companies], positions, game.tiles, game.airports,
                   game.cities, before, plain).positions
    saved = [game.companies[i].colour for i, h in sorted(doomed.items())
             if h is None and not planes[i].asteroid and state.planes[i].hex is not None]
    if saved:
        owners = [game.companies[i].colour for i, p in enumerate(planes) if p.asteroid]
        events.append({"type": "asteroid_saved", "company": owners[0], "saved": saved})


def _shake(game: Game, state: State, before: Mapping[Hex, Stack], phase: WeatherPhase,
           events: list[Event]) -> State:
    """Section 7 for the aircraft (and the Parachute, section 10, as one more rider)."""
    positions = {i: p.hex for i, p in enumerate(state.planes)
                 if p.hex is not None and not p.asteroid}
    names = [c.colour for c in game.companies]
    chute = len(names)  # the Parachute's index among the riders
    if state.chute is not None:
        positions[chute] = state.chute.hex
        names.append(PARACHUTE)
    if _told(events):
        result = shake(names, positions, game.tiles, game.airports, game.cities, before, phase)
        for e in result.events:
            shown = parachute.shaken_event(e)
            if shown is not None:
                events.append(shown)
    else:
        result = _shake_seen(game, names, positions, before, phase)
    if game.powers.parachute:
        state = parachute.open_chutes(game, state, result.events, events)
    for i, h in sorted(result.positions.items()):
        if i == chute:
            continue
        if h is None:
            state = _destroy(game, state, i, events)
        elif h != positions[i]:
            state = state.with_plane(i, state.planes[i].evolve(hex=h))
    if chute in positions and state.chute is not None:
        state = _shake_chute(game, state, result.positions[chute], result.landings.get(chute),
                             events)
    landings = {i: h for i, h in result.landings.items() if i != chute}
    for i, h in sorted(landings.items()):
        if h in game.airports:
            state, _ = _arrive(game, state, i, h, events)
    for i, p in enumerate(state.planes):  # runways, decision 3: a cloud lifts it
        if p.grounded and (p.hex is None or state.clouds.get(p.hex)):
            state = state.with_plane(i, p.evolve(grounded=False))
    if game.any_expert:
        shaken = [e for e in result.events if e.get("company") != PARACHUTE]
        state = _expert_weather(game, state, shaken, landings, events)
    return state


_last_shakes: tuple[Game, WeatherPhase, Mapping[Hex, Stack],
                    dict[tuple[int, tuple[tuple[int, Hex], ...]], Shake],
                    frozenset[Hex | None]] | None = None


def _shake_seen(game: Game, names: list[str], positions: dict[int, Hex],
                before: Mapping[Hex, Stack], phase: WeatherPhase) -> Shake:
    """``shake`` remembered for the last weather phase, by the places of the riders that
    the clouds may reach: the states after a turn's last company's actions (weighed by
    bots without events) put the other aircraft in the same places. An aircraft is calm
    alone on a tile that no cloud covers before or after the phase, or on the ground where
    no cloud is blown out towards (clouds never cover the ground): nothing happens to it,
    and no aircraft can reach it (every cloud ends on a tile, a rider on its cloud's or
    where its cloud was blown out towards), so it changes nothing for the others and is
    left out of the key. Its events are read, never logged: not shared with a log that
    could change them."""
    global _last_shakes
    last = _last_shakes
    if last is None or last[1] is not phase or last[2] is not before or last[0] is not game:
        stirred = frozenset([*(h for h, s in before.items() if s),
                             *(h for h, s in phase.clouds.items() if s),
                             *(f.exit for f in phase.fates.values() if f.why is Why.WRAPPED)])
        last = _last_shakes = (game, phase, before, {}, stirred)
    stirred = last[4]
    rest = {i: h for i, h in positions.items() if h in stirred}
    calm = len(rest) < len(positions) and len(set(positions.values())) == len(positions)
    key = (len(names), tuple(rest.items() if calm else positions.items()))
    result = last[3].get(key)
    if result is None:
        result = last[3][key] = shake(names, rest if calm else positions, game.tiles,
                                      game.airports, game.cities, before, phase)
    if calm:
        result = Shake({**positions, **result.positions}, result.landings, result.events)
    return result


def _shake_chute(game: Game, state: State, end: Hex | None, landing: Hex | None,
                 events: list[Event]) -> State:
    """The Parachute after section 7: carried, landed (its parcels delivered, in transit or
    lost) or destroyed with its parcels."""
    chute = state.chute
    assert chute is not None
    lost: tuple[str, ...] = ()
    if landing is not None:
        state, lost = parachute.land(game, state, landing, events)
    elif end is None:
        lost = chute.parcels
        state = state.evolve(chute=None)
    elif end != chute.hex:
        state = state.evolve(chute=Chute(end, chute.parcels, chute.company))
    if lost:
        events.append({"type": "parcels_lost", "company": game.companies[chute.company].colour,
                       "parcels": list(lost), "reason": "parachute"})
        state = _lose(game, state, lost, events)
    return state


def _expert_weather(game: Game, state: State, shaken: Sequence[Event],
                    landings: Mapping[int, Hex], events: list[Event]) -> State:
    """Section 9 in the weather phase: "A Cumulus that slides under your Aircraft raises
    your ALTITUDE dial by 1"; an emergency landing puts the aircraft on the ground (ALTITUDE
    0), refuels it in its own airport, or breaks it down when dry."""
    index = {c.colour: i for i, c in enumerate(game.companies)}
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


def _destroy(game: Game, state: State, i: int, events: list[Event]) -> State:
    """Crash: the aircraft leaves the board and its parcels are lost (a reserved Parachute
    not opened goes back to the table)."""
    state = parachute.give_back(game, state, i, "crash", events)
    plane = state.planes[i]
    if plane.carried:
        events.append({"type": "parcels_lost", "company": game.companies[i].colour,
                       "parcels": list(plane.carried), "reason": "crash"})
        state = _lose(game, state, plane.carried, events)
    return state.with_plane(i, plane.evolve(hex=None, carried=(), altitude=0, locked=0,
                                            grounded=False, asteroid=False))


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


def _arrive(game: Game, state: State, i: int, airport: Hex, events: list[Event]
            ) -> tuple[State, bool]:
    """Landing in an airport: recharge in the company's own; delivery of the carried parcels
    of the airport's colour when it is the company's or a partner's (decision 11); a look at
    the parcels of the team's colours waiting there. Returns the state and whether the BOOST
    recharged."""
    company = game.companies[i]
    plane = state.planes[i]
    recharged = False
    owner = game.team_airports[i].get(airport)
    if owner is not None:
        owner_colour = game.companies[owner].colour
        drop, kept = _delivery(owner_colour, plane.carried)
        if drop:
            event: Event = {"type": "delivered", "company": owner_colour, "parcels": list(drop)}
            if owner != i:
                event["by"] = company.colour
            events.append(event)
        plane = plane.evolve(carried=kept, seen=plane.seen | set(drop))
        if owner == i:
            if plane.parachute:  # the Parachute goes back to the table (section 10)
                state = parachute.give_back(game, state.with_plane(i, plane), i, "home",
                                            events)
                plane = state.planes[i]
            recharged = not plane.boost
            if recharged:
                events.append({"type": "power_recharged" if company.aircraft.legendary
                               else "boost_recharged", "company": company.colour})
            plane = plane.evolve(delivered=plane.delivered + drop, boost=True)
        else:
            mate = state.planes[owner]
            state = state.with_plane(owner, mate.evolve(delivered=mate.delivered + drop))
    if not plane.boost and game.legendaries[i] \
            and legendary.recharges_at(game, i, airport):  # the SAVOIA S.21: all airports
        recharged = True
        events.append({"type": "power_recharged", "company": company.colour})
        plane = plane.evolve(boost=True)
    return _look(game, state.with_plane(i, plane), i, airport, events), recharged


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


# --- parcels ------------------------------------------------------------------------------


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


# --- applying actions ---------------------------------------------------------------------


def apply(game: Game, state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after ``action`` (``advance``'s: an illegal action raises here) and the
    events that explain it, worked out when first read (by ``explain``): playouts, bots
    and analytics that only need the state never pay for the explanations."""
    after = advance(game, state, action)
    return after, lazy_list(LazyEvents, partial(_explained, game, state, action))


def explain(game: Game, state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after ``action`` and the events that explain it, both worked out now
    along the explained path (the one ``advance``'s fast paths are held to)."""
    events: list[Event] = []
    return _apply(game, state, action, events), events


def _explained(game: Game, state: State, action: Action) -> list[Event]:
    return explain(game, state, action)[1]


def advance(game: Game, state: State, action: Action) -> State:
    """The state after ``action``, as ``apply`` gives it, without its events (bots weighing
    every action of a turn read the state only). A journey ``legal_actions`` listed for this
    very state is not checked again: the listing kept where it starts and its checked
    flight (CORE.md section 5, a fast path for legality; a test holds it to ``apply``)."""
    listed = _listed
    if listed is not None and listed[1] is state and listed[0] is game:
        known = listed[2].get(id(action))
        if known is not None and known[0] is action:
            return _listed_end(game, state, known)
    return _apply(game, state, action, _DISCARD)


def _listed_end(game: Game, state: State, known: _Known) -> State:
    """The state after a listed journey: its end, worked out for the first of the journeys
    that end alike (``_Known``)."""
    done = known[3][0]
    if done is None:
        made, scratch, flight, end = known
        i = state.order[0]
        plane = scratch.planes[i]
        done = end[0] = _journey_end(game, scratch, i, made, plane, flight, plane, {}, False,
                                     state.phase is _BOOST, _DISCARD)
    return done


def advance_all(game: Game, state: State, actions: Sequence[Action]) -> list[State]:
    """``advance`` of each of ``actions`` from ``state``, in order (a bot weighing every
    legal action): the journeys ``legal_actions`` listed for this very state looked up and
    their shared ends found without a call per action."""
    listed = _listed
    if listed is None or listed[1] is not state or listed[0] is not game:
        return [advance(game, state, action) for action in actions]
    known_of = listed[2].get
    out: list[State] = []
    for action in actions:
        known = known_of(id(action))
        if known is None or known[0] is not action:
            out.append(_apply(game, state, action, _DISCARD))
            continue
        done = known[3][0]
        out.append(_listed_end(game, state, known) if done is None else done)
    return out


def _apply(game: Game, state: State, action: Action, events: list[Event]) -> State:
    if state.phase is _OVER:
        raise IllegalActionError("game.over", "the game is over")
    actor = state.order[0]
    index = game.numbers.get(action.company)
    if index == actor and type(action) is Journey:  # the most frequent, first
        return _journey(game, state, actor, action, events)
    if index is None:
        raise IllegalActionError("turn.unknown-company", f"no company is called "
                                 f"{action.company!r}")
    if index != actor:
        raise IllegalActionError("turn.order", f"it is {game.companies[actor].colour}'s turn, "
                                 f"not {action.company}'s")
    if isinstance(action, Power):
        if state.phase is not _BOOST:
            raise IllegalActionError("power.asteroid-window", "the ASTEROID is activated at the "
                                     "end of your journey")
        state = _next(game, legendary.asteroid(game, state, actor, events), events)
    elif isinstance(action, Flip):
        state = expert.flip(game, state, actor, events)
        if expert.dry(game, state.planes[actor]):
            state = _next(game, _breakdown(game, state, actor, events), events)
    elif isinstance(action, Pass):
        state = _pass(game, state, actor, action, events)
    else:
        state = _journey(game, state, actor, action, events)
    return state


def _pass(game: Game, state: State, i: int, action: Pass, events: list[Event]) -> State:
    colour = game.companies[i].colour
    plane = state.planes[i]
    if state.night is not None and state.night.leg:  # reveal: continues: stop there
        if action.ops or action.rebuild is not None:
            raise IllegalActionError("night.onward", "stopping after a flip is a bare pass")
        no_boost = state.night.no_boost
        events.append({"type": "passed", "company": colour, "reason": "stopped"})
        state = state.evolve(night=replace(state.night, leg=(), no_boost=False))
        return _after_journey(game, state, i, no_boost, events)
    if state.phase is _BOOST:
        if action.ops or action.rebuild is not None:
            raise IllegalActionError("parcel.boost-window", "parcel operations and rebuilds "
                                     "belong to a journey; declining the BOOST is a bare pass")
        events.append({"type": "power_declined" if game.companies[i].aircraft.legendary
                       else "boost_declined", "company": colour})
        return _next(game, state, events)
    if action.rebuild is not None:
        if plane.hex is not None:
            raise IllegalActionError("rebuild.not-destroyed", "only a destroyed aircraft is "
                                     "rebuilt")
        if action.rebuild != game.companies[i].airport:
            raise IllegalActionError("rebuild.take-off", "from another city of your region "
                                     "the new aircraft takes off at once (a journey), "
                                     "consuming the BOOST")
        state = _rebuild(game, state, i, action.rebuild, events)
        plane = state.planes[i]
    elif plane.hex is None:
        if action.ops:
            raise IllegalActionError("parcel.not-airport", "a destroyed aircraft has no parcels")
        if not plane.boost:  # "On your next turn after a crash, recharge your BOOST"
            events.append({"type": "power_recharged" if game.companies[i].aircraft.legendary
                           else "boost_recharged", "company": colour})
            state = state.with_plane(i, plane.evolve(boost=True))
        events.append({"type": "passed", "company": colour, "reason": "rebuilding"})
        return _next(game, state, events)
    assert plane.hex is not None
    if _can_move(game, state, i):
        if plane.hex in game.tiles:
            raise IllegalActionError("journey.must-move", "your aircraft must advance at least "
                                     "one tile per turn")
        raise IllegalActionError("journey.must-take-off", "you must take off when an adjacent "
                                 "landscape tile is free")
    if plane.hex in game.tiles and not plane.grounded:
        if action.ops:
            raise IllegalActionError("parcel.not-airport", "a blocked aircraft is destroyed "
                                     "with its parcels")
        if plane.fuel is not None and plane.fuel + expert.usable(plane) == 0:
            return _next(game, _breakdown(game, state, i, events), events)
        events.append({"type": "aircraft_destroyed", "company": colour, "hex": _hx(plane.hex),
                       "cause": "blocked"})
        state = _destroy(game, state, i, events)
        return _next(game, state, events)
    state = _ops(game, state, i, action.ops, events)
    events.append({"type": "passed", "company": colour, "reason": "blocked"})
    return _next(game, state, events)


def _rebuild(game: Game, state: State, i: int, where: Hex, events: list[Event]) -> State:
    company = game.companies[i]
    plane = state.planes[i]
    if company.expert:  # a new aircraft comes with a full tank (its Jerrycan stays)
        plane = plane.evolve(fuel=TANK)
    if where in occupied(state, i):
        raise IllegalActionError("rebuild.occupied", f"an aircraft already stands at {where}")
    if where == company.airport:
        events.append({"type": "aircraft_rebuilt", "company": company.colour,
                       "hex": _hx(where), "boost": "recharged"})
        state = state.with_plane(i, plane.evolve(hex=where, boost=True))
        if company.expert:
            state = expert.refuel(game, state, i, events)
        return _look(game, state, i, where, events)
    if where == company.covered:
        raise IllegalActionError("rebuild.covered", f"the city at {where} is under your "
                                 "ALTITUDE dial: it can no longer be used")
    if where not in region_cities()[company.region - 1]:
        raise IllegalActionError("rebuild.not-your-region", f"a new aircraft takes off from "
                                 f"your airport or another city of region {company.region}")
    # The BOOST is recharged first ("recharge your BOOST then place your new Aircraft"),
    # so it may always be consumed to take off from another city.
    events.append({"type": "aircraft_rebuilt", "company": company.colour, "hex": _hx(where),
                   "boost": "consumed"})
    return state.with_plane(i, plane.evolve(hex=where, boost=False))


def _journey(game: Game, state: State, i: int, action: Journey, events: list[Event]) -> State:
    given = state
    company = game.companies[i]
    colour = company.colour
    boosting = state.phase is _BOOST
    if boosting:
        if not action.boost:
            raise IllegalActionError("boost.window", "your journey is over: activate the "
                                     "BOOST (a journey with boost) or pass")
    elif action.boost:
        raise IllegalActionError("boost.not-yet", "the BOOST is activated at the end of your "
                                 "journey")
    plane = state.planes[i]
    if state.night is not None and state.night.leg:
        return _onward(game, state, i, action, events)
    if action.rebuild is not None:
        if plane.hex is not None:
            raise IllegalActionError("rebuild.not-destroyed", "only a destroyed aircraft is "
                                     "rebuilt")
        state = _rebuild(game, state, i, action.rebuild, events)
    elif plane.hex is None:
        raise IllegalActionError("rebuild.required", "your aircraft was destroyed: rebuild it "
                                 "(in your airport, or with the BOOST in another city of your "
                                 "region) or pass")
    if boosting:
        if company.aircraft.legendary:
            raise IllegalActionError("boost.legendary", "a Legendary Aircraft has no BOOST: "
                                     "its Power replaces it (the BESIXDOUZE's ASTEROID, or "
                                     "pass)")
        if action.parachute or action.power:
            raise IllegalActionError("boost.window", "the BOOST's journey reserves no Parachute "
                                     "and uses no Power")
        events.append({"type": "boost_activated", "company": colour})
        state = state.with_plane(i, state.planes[i].evolve(boost=False))
    if action.parachute:
        state = parachute.reserve(game, state, i, events)
    state = _ops(game, state, i, action.before, events)
    plane = state.planes[i]
    assert plane.hex is not None
    overloaded = len(plane.carried) == MAX_CARRIED
    extra: dict[str, Any] = {}
    rescue = state.chute is not None and not action.power and bool(action.path) \
        and parachute.is_rescue(state, action.path)
    checked = state
    if rescue:
        parachute.check_rescue_path(game, state, i, action.path)
        checked = parachute.freed(state)
    if action.power:
        if action.cross:
            raise IllegalActionError("power.cross", "a Power journey crosses no obstacle with "
                                     "ALTITUDE")
        flight = legendary.check_power(game, state, i, action.path)
        flown, extra = _power_paid(game, state, i, flight, action.glide)
        if extra["power"] == legendary.CARPET:  # the tiles travelled (1001 NIGHTS)
            extra["tiles"] = legendary.carpet_reach(game, state, i)[flight.end]
        elif not _can_move(game, state.with_plane(i, plane.evolve(boost=False)), i):
            extra["blocked"] = True  # no journey but the DODGE (PIG'S TURN)
    elif company.expert:
        paid = expert.pay(game, checked, i, action.path, action.cross, action.glide, overloaded)
        flight = paid.flight
        flown, extra = expert.fly(game, checked, i, paid, action.path, action.cross)
    else:
        if action.glide or action.cross:
            raise IllegalActionError("expert.not-expert", f"{colour} does not fly in EXPERT "
                                     "mode: no gliding, no crossing")
        flight = check_journey(game, checked, i, action.path, overloaded)
        if not rescue and state.night is None and not _told(events):
            return _journey_end_seen(game, given, state, i, action, flight, boosting, events)
        flown = plane
    return _journey_end(game, state, i, action, plane, flight, flown, extra, rescue, boosting,
                        events)


_TailKey = tuple[int, bool, Hex | None, int, bool, Hex, bool]
_last_ends: tuple[Game, State, int, dict[_TailKey, tuple[State, Ops, Ops]]] | None = None


def _journey_end_seen(game: Game, given: State, state: State, i: int, action: Journey,
                      flight: Flight, boosting: bool, events: list[Event]) -> State:
    """``_journey_end`` of a checked day journey of a company flying without FUEL (not a
    rescue, not a Power), without events: remembered for the state the action was given
    in (``given``). Such a journey's end depends on where it ends, never on the hexes it
    crossed, and the journeys weighed at one decision share a few ends: bots and policies
    weighing every legal action resolve each end (and a game turn's weather) once."""
    global _last_ends
    # the parcel operations by identity (the legal actions share them), kept alive with
    # the result so that no other can take their ids
    before, after = action.before, action.after
    key = (id(before), action.parachute, action.rebuild, id(after), boosting, flight.end,
           flight.landed)
    last = _last_ends
    if last is None or last[1] is not given or last[0] is not game or last[2] != i:
        last = _last_ends = (game, given, i, {})
    done = last[3].get(key)
    if done is None:
        plane = state.planes[i]
        done = last[3][key] = (_journey_end(game, state, i, action, plane, flight, plane, {},
                                            False, boosting, events), before, after)
    return done[0]


def _journey_end(game: Game, state: State, i: int, action: Journey, plane: Plane,
                 flight: Flight, flown: Plane, extra: dict[str, Any], rescue: bool,
                 boosting: bool, events: list[Event]) -> State:
    """A checked journey flown: the aircraft ``flown`` at its end, landing, the parcel
    operations after it, the BOOST offered or the next company."""
    colour = game.companies[i].colour
    end, arrived = flight.end, flight.landed  # read once: a named tuple's fields are slow
    runway = runways.accessible(state, end)  # lands on it (runways, decision 2)
    landed = arrived or runway
    if runway and flown.fuel is not None:
        flown = flown.evolve(altitude=0, locked=0)
    if _told(events):
        journey: Event = {"type": "journey", "company": colour, "from": _hx(plane.hex),
                          "path": [_hx(h) for h in flight.path], "bonus": flight.bonus,
                          "boost": action.boost, "landed": landed, **extra}
        if runway:
            journey["runway"] = True
            if flown.fuel is not None:
                journey["altitude"] = 0
        events.append(journey)
    state = state.with_plane(i, flown.evolve(hex=end, grounded=runway))
    if state.night is not None and end in night.dark(state.night, state.clouds):
        state = _reveal(game, state, i, end, events)  # it ends the journey
        if state.planes[i].hex is None:
            return _next(game, state, events)
        assert plane.hex is not None and game.night is not None and state.night is not None
        if game.night.reveal == "continues":  # or the pilot may go on (onward.py)
            consumed = action.rebuild is not None and action.rebuild != game.companies[i].airport
            paused = state.evolve(night=replace(state.night, leg=(plane.hex, *flight.path),
                                                no_boost=consumed))
            if onward.onward_flights(game, paused, i):
                return paused
    if arrived:
        state, _ = _arrive(game, state, i, end, events)
    elif runway:
        state = _look(game, state, i, end, events)
    if rescue:
        state, gone = parachute.rescue(game, state, i, action.after, events)
        if gone:
            events.append({"type": "parcels_lost", "company": colour, "parcels": list(gone),
                           "reason": "rescue"})
            state = _lose(game, state, gone, events)
    elif action.after is not NO_OPS and action.after:
        state = _ops_after(game, state, i, action.after, landed, events)
    if game.companies[i].expert:
        if landed:
            state = _ground(game, state, i, events)
        elif expert.dry(game, state.planes[i]):
            # "If your FUEL tank and your ALTITUDE both fall to 0 simultaneously in
            # mid-flight... your Aircraft crashes"
            state = _breakdown(game, state, i, events)
        if state.planes[i].hex is None:
            return _next(game, state, events)
    # One BOOST a turn (decision 5): consumed by a rebuild in another city, it is not
    # offered again even when a landing at home recharges it.
    consumed = action.rebuild is not None and action.rebuild != game.companies[i].airport
    if game.legendaries[i]:  # no BOOST: the ASTEROID's window only
        if not consumed and legendary.can_asteroid(game, state, i):
            return state.evolve(phase=_BOOST)
        return _next(game, state, events)
    if not boosting and state.planes[i].boost and not consumed and _can_move(game, state, i):
        return state.evolve(phase=_BOOST)
    return _next(game, state, events)


def _power_paid(game: Game, state: State, i: int, flight: Flight, glide: int
                ) -> tuple[Plane, dict[str, Any]]:
    """The aircraft after a Power journey (its token flipped) and the journey event's
    fields: in EXPERT mode the FLYING CARPET costs nothing, the DODGE its movements like a
    crossing, without ALTITUDE for the obstacle (``legendary``, decision 5)."""
    plane = state.planes[i]
    power = legendary.power_of(game, i)
    extra: dict[str, Any] = {"power": power}
    if not game.companies[i].expert or power == legendary.CARPET:
        if glide:
            raise IllegalActionError("expert.glide", "this journey pays no FUEL: no gliding")
        return plane.evolve(boost=False), extra
    moves = expert.movements(game, plane, flight.path, True)
    if glide not in expert.glides(plane, moves, 0):
        raise IllegalActionError("expert.fuel", f"the DODGE costs {moves} movements (FUEL, or "
                                 f"ALTITUDE by gliding): {glide} by gliding cannot pay them")
    paid = expert.Paid(flight, moves - glide, glide, None, 0)
    flown, fields = expert.fly(game, state, i, paid, flight.path, True)
    return flown.evolve(boost=False), {**extra, **fields}


def _onward(game: Game, state: State, i: int, action: Journey, events: list[Event]) -> State:
    """``reveal: continues``: the rest of a journey after a flip (``onward.py``)."""
    assert state.night is not None and game.night is not None
    if action.rebuild is not None or action.before or action.glide or action.cross \
            or action.power or action.parachute:
        raise IllegalActionError("night.onward", "the rest of a journey after a flip is its "
                                 "tiles (and the parcel operations after landing) only")
    flight = onward.onward_flight(game, state, i, action.path)
    leg, no_boost = state.night.leg, state.night.no_boost
    plane = state.planes[i]
    events.append({"type": "journey", "company": game.companies[i].colour,
                   "from": _hx(plane.hex), "path": [_hx(h) for h in flight.path],
                   "bonus": flight.bonus, "boost": action.boost, "landed": flight.landed,
                   "onward": True})
    state = state.with_plane(i, plane.evolve(hex=flight.end)).evolve(
        night=replace(state.night, leg=(), no_boost=False))
    if flight.end in night.dark(state.night, state.clouds):
        assert state.night is not None
        state = _reveal(game, state, i, flight.end, events)
        if state.planes[i].hex is None or state.night is None:
            return _next(game, state, events)
        paused = state.evolve(night=replace(state.night, leg=(*leg, *flight.path),
                                            no_boost=no_boost))
        if onward.onward_flights(game, paused, i):
            return paused
    if flight.landed:
        state, _ = _arrive(game, state, i, flight.end, events)
    if action.after:
        state = _ops_after(game, state, i, action.after, flight.landed, events)
    return _after_journey(game, state, i, no_boost, events)


def _after_journey(game: Game, state: State, i: int, no_boost: bool, events: list[Event]
                   ) -> State:
    """The end of a journey: the BOOST offered (decision 5), or the next company."""
    if state.phase is not _BOOST and state.planes[i].boost and not no_boost \
            and _can_move(game, state, i):
        return state.evolve(phase=_BOOST)
    return _next(game, state, events)


def _reveal(game: Game, state: State, i: int, h: Hex, events: list[Event]) -> State:
    """NIGHT FLIGHT: the aircraft flips the unknown tile ``h`` it entered (``night``)."""
    assert state.night is not None
    flipped = night.reveal(state.night, state.clouds, game.biomes[h], h,
                           game.companies[i].colour)
    events.extend(flipped.events)
    state = state.evolve(night=flipped.night, clouds=flipped.clouds)
    plane = state.planes[i]
    if flipped.crashed:
        return _destroy(game, state, i, events)
    if flipped.climb and plane.fuel is not None:  # EXPERT: a cumulus under it
        altitude, locked = night.climbed(plane.altitude, plane.locked, flipped.climb)
        if altitude != plane.altitude:
            events.append({"type": "altitude_gained", "company": game.companies[i].colour,
                           "hex": _hx(h), "altitude": altitude, "reason": "revealed"})
        state = state.with_plane(i, plane.evolve(altitude=altitude, locked=locked))
    return state


def _end(game: Game, state: State, events: list[Event], reason: str) -> State:
    """The game is over: the final scores."""
    rows = [s.to_dict() for s in scores(game, state)]
    over: Event = {"type": "game_end", "round": state.turn, "turn": state.turn,
                   "reason": reason, "scores": rows,
                   "winners": [r["player"] for r in rows if r["rank"] == 1]}
    if game.mode is not Mode.CLASSIC:
        over["teams"] = [t.to_dict() for t in team_scores(game, state)]
    events.append(over)
    return state.evolve(order=(), phase=_OVER)


def _next(game: Game, state: State, events: list[Event]) -> State:
    """The next company's turn, or the end of the game turn."""
    done = state.planes[state.order[0]]
    if done.locked:  # ALTITUDE gained this turn may be used from the next one
        state = state.with_plane(state.order[0], done.evolve(locked=0))
    order = state.order[1:]
    if order:
        return state.evolve(order=order, phase=_PILOTING)
    if (game.night is None or game.night.deliveries_end) and game_ends(state):
        return _end(game, state, events, "deliveries")
    if game.night is not None and state.night is not None:
        # "PHASE III: END OF TURN Advance the NIGHT token to the next city clockwise"
        token, moved = night.advance(state.night, game.night.paris_hex, game.covered,
                                     state.turn)
        events.append(moved)
        state = state.evolve(night=token)
        if moved["paris"]:  # "The game ends when the NIGHT token returns to PARIS"
            return _end(game, state, events, "night")
    ring = clockwise(game, state.first)
    first = ring[1 % len(ring)]
    state = state.evolve(turn=state.turn + 1, first=first, order=clockwise(game, first),
                         phase=_PILOTING)
    if _told(events):
        events.append({"type": "round", "round": state.turn, "turn": state.turn,
                       "first": game.companies[first].colour})
    return _weather(game, state, events)


# --- legal actions ------------------------------------------------------------------------


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
              listed: dict[int, _Known] | None = None) -> list[Action]:
    """The journeys of company ``i`` from ``state``; ``given``: the state they are legal
    in (``state`` itself, the state with the BOOST turned over for the BOOST's journey, or
    the state before the aircraft rebuilt at ``rebuild`` was placed), and ``listed``, where
    what ``advance`` needs of its day journeys is kept (``_listed``)."""
    colour = game.companies[i].colour
    out: list[Action] = []
    reserve = not boost and parachute.can_reserve(game, state, i)
    powered = not boost and game.legendaries[i]
    airports = game.airports
    landings: dict[Hex, list[Ops]] = {}  # airport -> the operations after landing there
    # a day journey of a company flying without FUEL: what advance needs of it is kept,
    # the state after the rebuild (as the journey makes it: a look in the airport) and
    # the parcel operations, its checked flight, and its end shared with the journeys
    # that end alike (after the same operations, at the same hex, the same ones after it)
    ends: dict[Hex, list[State | None]] = {}  # tile -> the end of the journeys there
    landing_ends: dict[Hex, list[list[State | None]]] = {}  # airport -> by ops after
    plain = given is not None and listed is not None and state.night is None \
        and not game.companies[i].expert and not reserve and not powered
    start = _rebuild(game, given, i, rebuild, _DISCARD) \
        if plain and rebuild is not None and given is not None else state
    for before in ops_options(game, state, i):
        # without events, as advance makes it (the journeys weighed next find it made)
        scratch = _ops(game, start, i, before, _DISCARD)
        overloaded = len(scratch.planes[i].carried) == MAX_CARRIED
        chute = scratch.chute
        if plain and chute is None:
            assert listed is not None
            for path, flight in flights(game, scratch, i, overloaded).items():
                end = flight[1]  # Flight.end, .landed: index reads, the fields' are slow
                if not flight[2]:  # on a tile (a landing: in an airport)
                    made = journey(colour, path, before, NO_OPS, rebuild, boost, 0, False)
                    out.append(made)
                    shared = ends.get(end)
                    if shared is None:
                        shared = ends[end] = [None]
                    listed[id(made)] = (made, scratch, flight, shared)
                    continue
                if end not in landings:
                    landings[end] = _landing_ops(game, scratch, i, end)
                    landing_ends[end] = [[None] for _ in landings[end]]
                for after, shared in zip(landings[end], landing_ends[end], strict=True):
                    made = journey(colour, path, before, after, rebuild, boost, 0, False)
                    out.append(made)
                    listed[id(made)] = (made, scratch, flight, shared)
            landings.clear()
            ends.clear()
            landing_ends.clear()
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
        if powered:
            found += [(path, False, glide, True) for path, glide in
                        _power_flights(game, scratch, i)]
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


_Known = tuple[Journey, State, Flight, list[State | None]]
"""A listed day journey, the state after its rebuild and parcel operations, its checked
flight, and its end (the state after it, once worked out), shared by the journeys listed
with it that end alike."""

_listed: tuple[Game, State, dict[int, _Known]] | None = None
"""The day journeys ``legal_actions`` last listed (their ids, kept alive here)."""


def _keep_listed(game: Game, state: State, listed: dict[int, _Known]) -> None:
    global _listed
    if listed:
        _listed = (game, state, listed)


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


def _flights(game: Game, state: State, i: int, overloaded: bool
             ) -> list[tuple[tuple[Hex, ...], bool, int]]:
    """The (path, cross, glide) of every journey of section 5 (and EXPERT's crossings)."""
    if game.companies[i].expert:
        return expert.expert_journeys(game, state, i, overloaded)
    return [(path, False, 0) for path in journeys(game, state, i, overloaded)]


def _power_flights(game: Game, state: State, i: int) -> list[tuple[tuple[Hex, ...], int]]:
    """The (path, glide) of every Power journey of a Legendary Aircraft."""
    plane = state.planes[i]
    out: list[tuple[tuple[Hex, ...], int]] = []
    for path in legendary.power_paths(game, state, i):
        if game.companies[i].expert and legendary.power_of(game, i) == legendary.DODGE:
            out.extend((path, g) for g in expert.glides(
                plane, expert.movements(game, plane, path, True), 0))
        else:
            out.append((path, 0))
    return out


def _onward_journeys(game: Game, state: State, i: int) -> list[Action]:
    """The rests of journey after a flip, with the parcel operations after a landing."""
    colour = game.companies[i].colour
    boost = state.phase is _BOOST
    out: list[Action] = []
    for rest, flight in onward.onward_flights(game, state, i).items():
        afters = [NO_OPS]
        if flight.landed:
            landed = state.with_plane(i, state.planes[i].evolve(hex=flight.end))
            landed, _ = _arrive(game, landed, i, flight.end, _Discard())
            afters = ops_options(game, landed, i, throw=False)
        out.extend(Journey(colour, rest, NO_OPS, after, None, boost) for after in afters)
    return out


def _can_move(game: Game, state: State, i: int) -> bool:
    """Whether company ``i``'s aircraft has a journey (an EXPERT one: that it can pay for,
    crossings included, a parcel thrown overboard first if need be; a rescue of the
    Parachute or a Legendary Aircraft's Power included)."""
    if game.companies[i].expert:
        if expert.can_fly(game, state, i, False):
            return True
    elif can_move(game, state, i):
        return True
    if game.legendaries[i] and _power_flights(game, state, i):
        return True
    chute = state.chute
    if chute is not None and parachute.owner_of(game, state, i):
        hex_ = chute.hex
        return any(path[-1] == hex_ and hex_ not in path[:-1]
                   for path, _, _ in _flights(game, parachute.freed(state), i, False))
    return False


def _can_flip(game: Game, plane: Plane) -> bool:
    return plane.jerrycan is not None and not plane.flipped and expert.on_ground(game, plane)


def legal_actions(game: Game, state: State) -> list[Action]:
    """Every complete legal action of the company to act. Reads no parcel weight."""
    i = state.actor
    if i is None:
        return []
    colour = game.companies[i].colour
    plane = state.planes[i]
    if state.night is not None and state.night.leg:  # reveal: continues (onward.py)
        return [Pass(colour), *_onward_journeys(game, state, i)]
    if state.phase is _BOOST:
        if game.companies[i].aircraft.legendary:  # the ASTEROID's window
            return [Pass(colour), *([Power(colour)] if legendary.can_asteroid(game, state, i)
                                    else [])]
        boosted = state.with_plane(i, plane.evolve(boost=False))
        flips: list[Action] = [Flip(colour)] if _can_flip(game, plane) else []
        listed: dict[int, _Known] = {}
        out: list[Action] = [Pass(colour), *flips,
                             *_journeys(game, boosted, i, True, None, state, listed)]
        _keep_listed(game, state, listed)
        return out
    if plane.hex is None:
        out = [Pass(colour)]
        listed = {}
        company = game.companies[i]
        taken = occupied(state, i)
        for where in region_cities()[company.region - 1]:
            if where in taken or where == company.covered:
                continue
            placed = state.with_plane(i, plane.evolve(
                hex=where, boost=where == company.airport,
                **({"fuel": TANK} if company.expert else {})))
            if where == company.airport and not _can_move(game, placed, i):
                # the new aircraft is placed in its airport, blocked: it passes there
                out.extend(Pass(colour, ops, where) for ops in ops_options(game, placed, i))
                continue
            out.extend(_journeys(game, placed, i, False, where, state, listed))
        _keep_listed(game, state, listed)
        return out
    flip: list[Action] = [Flip(colour)] if _can_flip(game, plane) else []
    if not _can_move(game, state, i):
        if plane.hex in game.tiles and not plane.grounded:
            return [Pass(colour)]
        return [*flip, *(Pass(colour, ops) for ops in ops_options(game, state, i))]
    listed = {}
    out = [*flip, *_journeys(game, state, i, False, None, state, listed)]
    _keep_listed(game, state, listed)
    return out


# --- what a company may know --------------------------------------------------------------


def known_weight(game: Game, state: State, colour: str | None, parcel: str) -> int | None:
    """A parcel's weight if company ``colour`` may know it: its own colour (in the team
    modes, its team's colours), once seen by it (or by a partner: decision 12). The referee
    (``None``) knows every weight."""
    if colour is None:
        return game.weights[parcel]
    i = game.index(colour)
    if i is None or parcel_colour(parcel) not in game.team_colours(i):
        return None
    if not any(parcel in state.planes[j].seen for j in game.allies(i)):
        return None
    return game.weights[parcel]


def event_view(game: Game, event: Event, colour: str | None) -> Event:
    """An event of the log (the referee's) as company ``colour`` may read it: the setup
    without any parcel's weight (nor the weights drawn: "without looking at its weight"),
    and a company looking at its parcels with their weights only for its team (decision
    12: the weights it or a partner saw); every other event as it is (the final scores are
    revealed at the end: "revealing and counting the total weight"). ``None``: the
    referee, who reads it all."""
    if colour is None:
        return event
    i = game.index(colour)
    team = set() if i is None else {game.companies[j].colour for j in game.allies(i)}
    kind = event["type"]
    peeks = game.expert.jerrycans_known == "owner"
    if kind == "setup":
        # the k-th Jerrycan drawn lies on the k-th EXPERT company's tank
        owners = iter(c.colour for c in game.companies if c.expert)
        return {**event, "parcels": [{**p, "weight": None} for p in event["parcels"]],
                "draws": [{"weight": None} if "weight" in d else
                          d if "jerrycan" in d and next(owners) == colour and peeks else
                          {"jerrycan": None} if "jerrycan" in d else d
                          for d in event["draws"]]}
    if kind == "refuelled" and not (peeks and event["company"] == colour):
        # the new Jerrycan lies face down: nobody looked at it (or only its owner)
        return {**event, "draws": [{"jerrycan": None} for _ in event["draws"]]}
    if kind == "parcels_seen" and event.get("company") not in team:
        return {k: v for k, v in event.items() if k != "weights"}
    return event


def expert_view(company: Company, plane: Plane, knows: bool) -> dict[str, Any]:
    """An EXPERT company's tank, dial and Jerrycan as a view shows them: the Jerrycan's
    content to the referee only (it lies face down: decision 8 of ``expert``), or also to
    its owner when the table plays ``jerrycans_known: owner``."""
    return {"fuel": plane.fuel, "altitude": plane.altitude, "locked": plane.locked,
            "jerrycan": "empty" if plane.flipped else "face-down",
            "content": plane.jerrycan if knows and not plane.flipped else None,
            "covered": _hx(company.covered)}


def view(game: Game, state: State, colour: str | None) -> dict[str, Any]:
    """The state as company ``colour`` may know it (JSON-ready): everything public (the sky,
    the aircraft, which parcels are where, their colours) and only the weights it has seen
    of its own colour's parcels (in the team modes: of its team's colours, seen by any of
    its team, and ``team``, the colours of its team). ``None``: the referee, who sees every
    weight."""

    def parcel(p: str) -> dict[str, Any]:
        return {"parcel": p, "colour": parcel_colour(p),
                "weight": known_weight(game, state, colour, p)}

    actor = state.actor
    out: dict[str, Any] = {
        "company": colour, "turn": state.turn, "phase": state.phase.value,
        "first": game.companies[state.first].colour,
        "actor": None if actor is None else game.companies[actor].colour,
        "wind": None if state.wind is None else wind_name(state.wind),
        "clouds": [{"hex": _hx(h), "tokens": [{"id": t.id, "side": t.side.value} for t in s]}
                   for h, s in sorted(state.clouds.items())],
        "companies": [{"company": c.colour, "aircraft": c.aircraft.value, "region": c.region,
                       "hex": _hx(p.hex), "boost": p.boost,
                       "carried": [parcel(x) for x in p.carried],
                       "delivered": [parcel(x) for x in p.delivered]}
                      for c, p in zip(game.companies, state.planes, strict=True)],
        "shipping": [{"region": r, "airport": _hx(game.region_airport(r)),
                      "parcels": [parcel(x) for x in zone]}
                     for r, zone in enumerate(state.shipping, 1)],
        "lost": [parcel(x) for x in state.lost],
    }
    if game.any_expert:
        owner = game.expert.jerrycans_known == "owner"
        for row, c, p in zip(out["companies"], game.companies, state.planes, strict=True):
            if c.expert:
                row["expert"] = expert_view(c, p, colour is None
                                            or (owner and colour == c.colour))
        out["jerrycans"] = {"pile": len(state.pile),
                            "values": list(state.pile) if colour is None else None}
    if game.expert.runways:
        out["runways"] = [{"hex": _hx(h), "parcels": [parcel(x) for x in zone],
                           "accessible": not state.clouds.get(h)}
                          for h, zone in sorted(state.runways.items())]
        for row, p in zip(out["companies"], state.planes, strict=True):
            row["grounded"] = p.grounded
    if game.powers.parachute:  # section 10
        chute = parachute.view(game, state)
        if "parcels" in chute:
            chute["parcels"] = [parcel(x) for x in chute["parcels"]]
        out["parachute"] = chute
        for row, p in zip(out["companies"], state.planes, strict=True):
            row["parachute"] = p.parachute
    for row, c, p in zip(out["companies"], game.companies, state.planes, strict=True):
        if c.aircraft.legendary:
            row["power"] = {"name": POWER_OF[c.aircraft], "charged": p.boost,
                            "asteroid": p.asteroid}
    if game.powers.lightning:
        out["lightning_tokens"] = game.powers.lightning_tokens
    if game.night is not None and state.night is not None:
        out["night"] = night.night_view(game.biomes, game.night, state.night, game.covered,
                                        colour is None, state.phase is _OVER)
    i = None if colour is None else game.index(colour)
    if game.mode is not Mode.CLASSIC and i is not None:
        out["team"] = [game.companies[j].colour for j in game.allies(i)]
    elif game.mode is not Mode.CLASSIC and colour is None:
        out["teams"] = [{"team": t.name, "companies": [game.companies[j].colour
                                                       for j in t.members]}
                        for t in game.teams]
    return out

