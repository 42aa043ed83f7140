"""Turbulences scenarios (``skyhex.scenario/1`` with ``game: turbulences``): the landscape,
the companies, the mode (and its teams), the seed, an optional Wind Rose and an optional
position to start from (``position.py``).

``scenario_from_dict`` reads a schema-valid document whose map has already been read into a
``Landscape`` (the caller checks the map against the setup rules, since it knows where the
map is written) and raises ``InputError`` listing every semantic problem, each with its JSON
path: colours, player names and regions used once, the AIRCRAFT box (two pawns of each
type), Wind Rose odds with a positive weight, and the teams of section 8. The teams are
checked by the engine's own setup check (``engine.make_teams``), whose problem paths are
the scenario's keys (``teams``, ``companies``, ``mode``). Chance pins live in moves files,
not here.

Player names: in CLASSIC mode each company has its own pilot (names used once); in mode
``teams`` a name may be given to two partners (one person flying both companies of a team);
in mode ``two-companies`` each player's name is on its two companies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from skyhex.rules.errors import InputError, Problem
from skyhex.rules.game import Event
from skyhex.rules.turbulences.aircraft import AIRCRAFT_PER_TYPE, AircraftType
from skyhex.rules.turbulences.engine import NamedTeam, make_teams, new_game
from skyhex.rules.turbulences.landscape import Landscape
from skyhex.rules.turbulences.night import NightRules
from skyhex.rules.turbulences.position import read_position
from skyhex.rules.turbulences.powers import LIGHTNING_TOKENS, NO_POWERS, PowerRules
from skyhex.rules.turbulences.state import Company, Game, Mode, Position, State, Team
from skyhex.rules.turbulences.tank import DEFAULT_EXPERT, JERRYCANS, ExpertRules
from skyhex.rules.turbulences.weather import WindRose

MODES = tuple(m.value for m in Mode)
"""The modes a scenario may name (all played by the engine)."""

TeamList = tuple[tuple[str, ...] | NamedTeam, ...]
"""A scenario's ``teams``: pairs of colours or named teams, in the file's order."""

_HINTS = {
    "setup.adjacent": "partners build their airports on 2 adjacent regions (region 6 is "
                      "next to region 1)",
    "setup.players": "with 2 or 3 pilots each player names its two companies (player: ...)",
    "setup.player": "in mode two-companies every company names its player",
}


@dataclass(frozen=True)
class Scenario:
    """A Turbulences game ready to start (``new_game``)."""

    landscape: Landscape
    companies: tuple[Company, ...]
    seed: int = 0
    mode: str = "classic"
    rose: WindRose = field(default_factory=WindRose)
    title: str | None = None
    teams: TeamList | None = None  # mode teams only
    position: Position | None = None  # the moment to start from (None: setup)
    expert: ExpertRules = DEFAULT_EXPERT  # the EXPERT options (section 9)
    powers: PowerRules = NO_POWERS  # the special powers on the table (section 10)
    night: NightRules | None = None  # NIGHT FLIGHT (section 11); None by day

    def company(self, name: str) -> Company | None:
        """The company called ``name`` by its colour or its player's name (``None`` if there
        is no such company, or the player controls two)."""
        found = [c for c in self.companies if name in (c.colour, c.player)]
        return found[0] if len(found) == 1 else None

    def made_teams(self) -> tuple[Team, ...]:
        """The teams the engine makes of this (valid) scenario; empty in CLASSIC mode."""
        return make_teams(self.companies, Mode(self.mode), self.teams)

    def new_game(self, pinned: tuple[dict[str, Any], ...] = ()
                 ) -> tuple[Game, State, list[Event]]:
        """``engine.new_game`` with the scenario's seed, Wind Rose, mode and teams."""
        return new_game(self.landscape, self.companies, self.seed, rose=self.rose,
                        pinned=pinned, mode=self.mode, teams=self.teams, position=self.position,
                        expert_rules=self.expert, powers=self.powers,
                        night_rules=self.night)


def _teams(data: Sequence[Any]) -> TeamList:
    """The schema-valid ``teams`` list as the engine takes it."""
    return tuple(NamedTeam(t["name"], tuple(t["members"])) if isinstance(t, Mapping)
                 else tuple(t) for t in data)


def _names(companies: Sequence[Company], mode: Mode, made: tuple[Team, ...] | None
           ) -> list[Problem]:
    """Player names: not another company's colour; used once, except by partners in mode
    ``teams`` (``made``: the teams, ``None`` if they are broken) and by each player's two
    companies in mode ``two-companies`` (the engine checks those)."""
    problems = []
    colours = [c.colour for c in companies]
    for k, c in enumerate(companies):
        if c.player is None:
            continue
        earlier = [j for j, d in enumerate(companies[:k]) if d.player == c.player]
        clash = c.player in colours and colours.index(c.player) != k
        if mode is Mode.TEAMS:
            twice = bool(earlier) and made is not None and (
                len(earlier) > 1 or not any({earlier[0], k} == set(t.members) for t in made))
        else:
            twice = bool(earlier) and mode is Mode.CLASSIC
        if clash or twice:
            hint = "only partners may share a pilot" if mode is Mode.TEAMS and not clash else None
            problems.append(Problem("scenario.player", f"name {c.player!r} is used twice",
                                    ("companies", k, "player"), hint))
    return problems


def scenario_from_dict(data: Mapping[str, Any], landscape: Landscape) -> Scenario:
    """Read a schema-valid Turbulences scenario on ``landscape``; ``InputError`` lists every
    semantic problem."""
    problems: list[Problem] = []
    mode = Mode(data.get("mode", "classic"))
    companies = []
    colours: dict[str, int] = {}
    regions: dict[int, int] = {}
    types: dict[AircraftType, int] = {}
    for k, entry in enumerate(data["companies"]):
        at = ("companies", k)
        company = Company(entry["colour"], AircraftType(entry["aircraft"]), entry["region"],
                          entry.get("city", 2), entry.get("player"),
                          bool(entry.get("expert", False)), entry.get("dial"))
        companies.append(company)
        if company.dial is not None and not company.expert:
            problems.append(Problem("scenario.dial", "only an EXPERT company has an ALTITUDE "
                                    "dial", (*at, "dial"), "add expert: true"))
        elif company.dial is not None and company.dial == company.city:
            problems.append(Problem("scenario.dial", f"city {company.dial} holds the airport: "
                                    "the ALTITUDE dial covers a free city of the region",
                                    (*at, "dial")))
        if company.colour in colours:
            problems.append(Problem("scenario.colour", f"colour {company.colour!r} is taken "
                                    f"twice (companies {colours[company.colour] + 1} and "
                                    f"{k + 1})", (*at, "colour")))
        colours.setdefault(company.colour, k)
        if company.region in regions:
            problems.append(Problem("scenario.region", f"region {company.region} is taken "
                                    f"twice (companies {regions[company.region] + 1} and "
                                    f"{k + 1})", (*at, "region"),
                                    "each company has a region of its own"))
        regions.setdefault(company.region, k)
        types[company.aircraft] = types.get(company.aircraft, 0) + 1
        if types[company.aircraft] == company.aircraft.in_box + 1:
            problems.append(Problem("scenario.aircraft-box", f"a third {company.aircraft.value}: "
                                    f"the box holds {AIRCRAFT_PER_TYPE} of each type"
                                    if company.aircraft.in_box == AIRCRAFT_PER_TYPE else
                                    f"a second {company.aircraft.value}: the COLLECTOR box "
                                    "holds one of each Legendary Aircraft",
                                    (*at, "aircraft"), "choose another aircraft type"))
    teams = _teams(data["teams"]) if "teams" in data else None
    made: tuple[Team, ...] | None = None
    if len(colours) == len(companies):  # the teams name companies by colour
        try:
            made = make_teams(companies, mode, teams)
        except InputError as e:
            problems.extend(Problem(p.rule, p.message, p.path, p.hint or _HINTS.get(p.rule))
                            for p in e.problems)
    problems.extend(_names(companies, mode, made))
    problems.sort(key=lambda p: [str(x).zfill(6) for x in p.path])
    rose = WindRose()
    if "wind_rose" in data:
        try:
            rose = WindRose.from_data(data["wind_rose"])
        except ValueError as e:
            problems.append(Problem("scenario.wind-rose", str(e), ("wind_rose",)))
    rules = _expert_rules(data.get("expert", {}), sum(c.expert for c in companies), problems)
    modules = data.get("expert", {})
    if bool(modules.get("half_tiles")) != bool(landscape.halves):
        problems.append(Problem(
            "scenario.half-tiles", "the Half-tiles module is on but the map has no half-tiles"
            if modules.get("half_tiles") else "the map has half-tiles: the Half-tiles module "
            "is on", ("expert", "half_tiles") if "half_tiles" in modules else ("map",),
            "generate a map with --half-tiles" if modules.get("half_tiles")
            else "say so with expert: {half_tiles: true}"))
    night = _night(data, companies, landscape, problems)
    position = None
    if "position" in data and len(colours) == len(companies):
        allies = {i: t.members for t in made or () for i in t.members}
        position = read_position(data["position"], companies, allies, landscape, problems,
                                 night)
    if position is not None and position.pile is not None:
        tanks = [p.jerrycan for c, p in zip(companies, position.planes, strict=True)
                 if c.expert]
        given = [t for t in tanks if t is not None]
        if len(given) < len(tanks) or sorted([*position.pile, *given]) != sorted(rules.jerrycans):
            problems.append(Problem("position.jerrycans", "the draw pile and the Jerrycans "
                                    "on the EXPERT tanks (each given) are the box's tokens: "
                                    f"{sorted(rules.jerrycans)}", ("position", "jerrycans")))
    doc = data.get("powers", {})
    powers = PowerRules(bool(doc.get("parachute", False)), bool(doc.get("lightning", False)),
                        doc.get("lightning_tokens", LIGHTNING_TOKENS),
                        doc.get("carpet_over_cumulus", True))
    if powers.parachute and "parachute" in colours:
        problems.append(Problem("scenario.colour", "colour 'parachute' names the Parachute in "
                                "the log: choose another", ("companies", colours["parachute"],
                                                            "colour")))
    if position is not None:
        _position_powers(position, companies, powers, problems)
    if night is not None and (powers or any(c.aircraft.legendary for c in companies)):
        problems.append(Problem("scenario.not-supported", "not supported yet: the special "
                                "powers of section 10 (Parachute, Lightning, Legendary "
                                "Aircraft) in NIGHT FLIGHT mode", ("night",)))
    if problems:
        raise InputError(problems)
    return Scenario(landscape, tuple(companies), data.get("seed", 0), mode.value, rose,
                    data.get("title"), teams, position, rules, powers, night)


def _position_powers(position: Position, companies: Sequence[Company], powers: PowerRules,
                     problems: list[Problem]) -> None:
    """A position's Parachute and Powers agree with the table's powers: one Parachute at
    most, only when it is played, never reserved by a Legendary Aircraft; an ASTEROID only
    for the BESIXDOUZE."""
    holders = [k for k, p in enumerate(position.planes) if p.parachute]
    at = ("position",)
    if (holders or position.chute is not None) and not powers.parachute:
        problems.append(Problem("position.parachute", "the Parachute is not played (powers: "
                                "{parachute: true})", (*at, "parachute")))
    if len(holders) + (position.chute is not None) > 1:
        problems.append(Problem("position.parachute", "there is one Parachute per table",
                                (*at, "parachute")))
    for k in holders:
        c = companies[k]
        if c.aircraft.legendary or position.planes[k].boost:
            problems.append(Problem("position.parachute", f"{c.colour}: the Parachute replaces "
                                    "the BOOST (boost: false) and cannot be used by Legendary "
                                    "Aircraft", (*at, "companies", c.colour, "parachute")))
    for k, p in enumerate(position.planes):
        if p.asteroid and (companies[k].aircraft.value != "besixdouze" or p.hex is None):
            problems.append(Problem("position.asteroid", f"{companies[k].colour}: only the "
                                    "BESIXDOUZE in flight has an ASTEROID",
                                    (*at, "companies", companies[k].colour, "asteroid")))


def _night(data: Mapping[str, Any], companies: Sequence[Company], landscape: Landscape,
           problems: list[Problem]) -> NightRules | None:
    """The scenario's NIGHT FLIGHT options, checked against its companies and map: PARIS
    not under an ALTITUDE dial, a face-down map (no cloud at start) laid for the companies'
    regions, and no night map by day."""
    setup = landscape.night
    if not data.get("night"):
        if setup is not None:
            problems.append(Problem("scenario.night", "the map is laid face down for a night "
                                    "game (NIGHT FLIGHT)", ("map",), "play it with night: true"))
        return None
    rules = NightRules.from_data(data["night"])
    given = data["night"]
    at = ("night", "paris") if isinstance(given, Mapping) and "paris" in given else ("night",)
    if any(c.covered == rules.paris_hex for c in companies):
        problems.append(Problem("scenario.night-paris", f"PARIS (city {rules.paris[1]} of "
                                f"region {rules.paris[0]}) is under an ALTITUDE dial, which "
                                "the NIGHT token cannot use", at,
                                "put the dial on another free city (dial: 1-3)"))
    if rules.reveal == "continues" and any(c.expert for c in companies):
        problems.append(Problem("scenario.night-reveal", "going on after a flip (reveal: "
                                "continues) is not supported yet with EXPERT companies",
                                ("night", "reveal"), "play reveal: ends"))
    if landscape.clouds:
        problems.append(Problem("scenario.night-clouds", "at night no Cloud token is placed "
                                "at the start: the map has clouds", ("map",),
                                "generate a night map: skyhex map generate --game turbulences "
                                "--night"))
    regions = sorted(c.region for c in companies)
    if setup is not None and sorted(setup.regions) != regions:
        problems.append(Problem("scenario.night-regions", f"the map's face-down setup was laid "
                                f"for regions {sorted(setup.regions)}, the companies fly from "
                                f"{regions}", ("map",),
                                "generate the map with --regions " +
                                ",".join(map(str, regions))))
    return rules


def _expert_rules(doc: Mapping[str, Any], experts: int, problems: list[Problem]
                  ) -> ExpertRules:
    """The scenario's ``expert`` options, checked: enough Jerrycans for the EXPERT
    companies (one on each tank and a draw pile)."""
    rules = ExpertRules(tuple(doc.get("jerrycans", JERRYCANS)), doc.get("crossing_moves", 2),
                        doc.get("ground_steps", True), bool(doc.get("runways", False)),
                        doc.get("jerrycans_known", "nobody"))
    if experts and len(rules.jerrycans) <= experts:
        problems.append(Problem("scenario.jerrycans", f"{len(rules.jerrycans)} Jerrycans for "
                                f"{experts} EXPERT companies: one on each tank and at least "
                                "one in the draw pile", ("expert", "jerrycans")))
    return rules
