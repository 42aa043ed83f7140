"""Turbulences scenarios (``skyhex.scenario/1`` with ``game: turbulences``): the landscape,
the companies, the mode, the seed and an optional Wind Rose.

``scenario_from_dict`` reads a schema-valid document whose map has already been read into a
``Landscape`` (the caller checks the map against the setup rules, since it knows where the
map is written) and raises ``InputError`` listing every semantic problem, each with its JSON
path: colours, player names and regions used once, the AIRCRAFT box (two pawns of each
type), a mode the engine plays, Wind Rose odds with a positive weight. Chance pins live in
moves files, not here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from skyhex.rules.errors import InputError, Problem
from skyhex.rules.turbulences.aircraft import AIRCRAFT_PER_TYPE, AircraftType
from skyhex.rules.turbulences.landscape import Landscape
from skyhex.rules.turbulences.state import Company
from skyhex.rules.turbulences.weather import WindRose

MODES = ("classic", "teams", "two-companies")
"""The modes a scenario may name; ``PLAYED_MODES`` are those the engine plays so far."""
PLAYED_MODES = ("classic",)


@dataclass(frozen=True)
class Scenario:
    """A Turbulences game ready to start: ``engine.new_game(landscape, companies, seed,
    rose=rose)``."""

    landscape: Landscape
    companies: tuple[Company, ...]
    seed: int = 0
    mode: str = "classic"
    rose: WindRose = field(default_factory=WindRose)
    title: str | None = None

    def company(self, name: str) -> Company | None:
        """The company called ``name`` by its colour or its player's name."""
        return next((c for c in self.companies if name in (c.colour, c.player)), None)


def scenario_from_dict(data: Mapping[str, Any], landscape: Landscape) -> Scenario:
    """Read a schema-valid Turbulences scenario on ``landscape``; ``InputError`` lists every
    semantic problem."""
    problems: list[Problem] = []
    mode = data.get("mode", "classic")
    if mode not in PLAYED_MODES:
        problems.append(Problem("scenario.mode", f"mode {mode!r} is not supported yet "
                                f"(supported: {', '.join(PLAYED_MODES)})", ("mode",)))
    companies = []
    colours: dict[str, int] = {}
    names: dict[str, int] = {}
    regions: dict[int, int] = {}
    types: dict[AircraftType, int] = {}
    for k, entry in enumerate(data["companies"]):
        at = ("companies", k)
        company = Company(entry["colour"], AircraftType(entry["aircraft"]), entry["region"],
                          entry.get("city", 2), entry.get("player"))
        companies.append(company)
        if company.colour in colours:
            problems.append(Problem("scenario.colour", f"colour {company.colour!r} is taken "
                                    f"twice (companies {colours[company.colour] + 1} and "
                                    f"{k + 1})", (*at, "colour")))
        colours.setdefault(company.colour, k)
        if company.player is not None:
            if company.player in names or company.player in {c.colour for c in companies[:-1]}:
                problems.append(Problem("scenario.player", f"name {company.player!r} is used "
                                        "twice", (*at, "player")))
            names.setdefault(company.player, k)
        if company.region in regions:
            problems.append(Problem("scenario.region", f"region {company.region} is taken "
                                    f"twice (companies {regions[company.region] + 1} and "
                                    f"{k + 1})", (*at, "region"),
                                    "each company has a region of its own"))
        regions.setdefault(company.region, k)
        types[company.aircraft] = types.get(company.aircraft, 0) + 1
        if types[company.aircraft] == AIRCRAFT_PER_TYPE + 1:
            problems.append(Problem("scenario.aircraft-box", f"a third {company.aircraft.value}: "
                                    f"the box holds {AIRCRAFT_PER_TYPE} of each type",
                                    (*at, "aircraft"), "choose another aircraft type"))
    rose = WindRose()
    if "wind_rose" in data:
        try:
            rose = WindRose.from_data(data["wind_rose"])
        except ValueError as e:
            problems.append(Problem("scenario.wind-rose", str(e), ("wind_rose",)))
    if problems:
        raise InputError(problems)
    return Scenario(landscape, tuple(companies), data.get("seed", 0), mode, rose,
                    data.get("title"))
