"""Setting a Turbulences game up (section 3): the companies checked, the first player
drawn, the parcels and their weights dealt, the first weather phase resolved; or a game
started from a position. Each variant played (``variant``) checks its part of the setup,
deals its own pieces and writes its part of the setup event.

Decisions (numbered with the engine's, ``engine``):

1. **First player**: "a flick on the Wind Rose designates the first player": a uniform draw
   among the companies.
2. **Parcels**: each colour in play sends one parcel to every other region, pilots' and
   neutral ones (five regions, five parcels), so a neutral region's shipping zone holds one
   parcel per company and a company's holds one per other company; the other spaces are
   empty ("+1" each for their company at the end).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skyhex.rules.errors import InputError, Problem
from skyhex.rules.game import LOG_FORMAT, Event
from skyhex.rules.turbulences import GAME
from skyhex.rules.turbulences.cargo import _look
from skyhex.rules.turbulences.chance import Draws
from skyhex.rules.turbulences.landscape import REGIONS, Landscape
from skyhex.rules.turbulences.night import NightRules
from skyhex.rules.turbulences.powers import NO_POWERS, PowerRules
from skyhex.rules.turbulences.sink import _hx
from skyhex.rules.turbulences.state import PARCEL_WEIGHTS, Company, Game, Mode, Plane, Position, State
from skyhex.rules.turbulences.tank import DEFAULT_EXPERT, ExpertRules
from skyhex.rules.turbulences.teams import Teams, make_teams
from skyhex.rules.turbulences.variant import Table, check, company_problems
from skyhex.rules.turbulences.variants import VARIANTS
from skyhex.rules.turbulences.weather import WindRose
from skyhex.rules.turbulences.weather_phase import _weather


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
        problems += company_problems(c, path, VARIANTS)
        if [d.aircraft for d in companies].count(c.aircraft) > c.aircraft.in_box:
            problems.append(Problem("setup.aircraft-box", f"the box holds {c.aircraft.in_box} "
                                    f"{c.aircraft.value} pawn{'s' if c.aircraft.in_box > 1 else ''}", path))
    if problems:
        raise InputError(problems)


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
             powers: PowerRules = NO_POWERS, night_rules: NightRules | None = None
             ) -> tuple[Game, State, list[Event]]:
    """Set the game up (section 3) and resolve the first weather phase. ``mode``: CLASSIC,
    or a team mode of section 8 (``teams`` for mode ``teams``; decisions 9-14).

    From a ``position`` the game starts there instead: setup's draws lie in the past (what
    the position leaves to setup comes from the seed alone), no weather phase is resolved,
    and the pinned draws are those after the position's. ``night_rules``: a NIGHT FLIGHT
    game (section 11, ``night.py``) on the face-down ``landscape``. Each variant checks its
    part of the table (``Variant.check``), deals its pieces (``start``: EXPERT's Jerrycans
    are drawn after the weights) and writes its part of the setup event."""
    _check_companies(companies)
    check(Table(landscape, companies, expert_rules, powers, night_rules), VARIANTS)
    try:
        mode = Mode(mode)
    except ValueError:
        raise InputError([Problem("setup.mode", f"mode {mode!r}: one of "
                                  f"{', '.join(m.value for m in Mode)}")]) from None
    made = make_teams(companies, mode, teams)
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
    if position is not None and position.weights is not None:
        weights = dict(position.weights)
    game = Game(landscape, tuple(companies), seed, weights, rose or WindRose(), pinned, mode,
                made, 0 if position is None else position.draws, expert_rules, powers,
                night=night_rules)
    if position is None:
        state = State(turn=1, first=first, order=clockwise(game, first),
                      planes=tuple(Plane(c.airport) for c in companies),
                      clouds=dict(landscape.clouds), shipping=tuple(tuple(s) for s in shipping))
    else:
        first = position.first
        state = State(turn=position.turn, first=first, order=position.order,
                      clouds=position.clouds,
                      shipping=position.shipping, lost=position.lost, wind=position.wind,
                      last_direction=position.last_direction, draws=position.draws,
                      phase=position.phase, runways=dict(position.runways),
                      chute=position.chute, planes=position.planes)
    for start in game.hooks.start:
        state = start(game, state, draws, position)
    if position is None:
        state = state.evolve(draws=draws.index)
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
    for write in game.hooks.setup_event:
        write(game, setup)
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
