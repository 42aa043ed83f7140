"""Balmy Balloonists scenarios (``skyhex.scenario/1`` with ``game: balloons``): the component
set, the globe (the set's own, or a map), the balloons in seat order, the seed, where the
Wind Rose pawns start, how the race ends, its number of days and an optional position.

``scenario_from_dict`` reads a schema-valid document whose component set and globe have
already been read (the caller checks the globe, since it knows where it is written) and
raises ``InputError`` listing every semantic problem, each with its JSON path. Chance pins
live in moves files, not here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from skyhex.rules.balloons.components import ComponentSet
from skyhex.rules.balloons.engine import check_seats, new_game
from skyhex.rules.balloons.globe import Globe
from skyhex.rules.balloons.position import read_position
from skyhex.rules.balloons.state import Finish, Game, Position, Seat, State
from skyhex.rules.errors import InputError, Problem
from skyhex.rules.game import Event


@dataclass(frozen=True)
class Scenario:
    """A race ready to start (``new_game``)."""

    globe: Globe
    components: ComponentSet
    seats: tuple[Seat, ...]
    seed: int = 0
    finish: Finish = Finish.FIRST
    days: int | None = None
    rose: tuple[str, str] | None = None
    title: str | None = None
    position: Position | None = None

    def new_game(self, pinned: tuple[dict[str, Any], ...] = ()
                 ) -> tuple[Game, State, list[Event]]:
        return new_game(self.globe, self.components, self.seats, self.seed,
                        finish=self.finish, days=self.days, rose=self.rose, pinned=pinned,
                        position=self.position)


def scenario_from_dict(data: Mapping[str, Any], globe: Globe, parts: ComponentSet) -> Scenario:
    """Read a schema-valid Balmy Balloonists scenario with its globe and component set;
    ``InputError`` lists every semantic problem."""
    middle = (globe.lanes + 1) // 2
    seats = tuple(Seat(b["colour"], b.get("player"), b.get("lane", middle))
                  for b in data["balloons"])
    problems = check_seats(parts, globe, seats)
    hints = {"setup.colour": f"Wind Rose colours: {', '.join(parts.rose)}"}
    problems = [Problem(p.rule.replace("setup.", "scenario."), p.message, p.path,
                        p.hint or hints.get(p.rule)) for p in problems]
    if globe.lanes != parts.lanes:
        problems.append(Problem("scenario.lanes", f"the globe has {globe.lanes} lanes, the "
                                f"Quadrant cards {parts.lanes}", ("map",),
                                "use a globe made for this component set"))
    if globe.quadrants > len(parts.quadrant):
        problems.append(Problem("scenario.quadrants", f"{globe.quadrants} quadrants, "
                                f"{len(parts.quadrant)} Quadrant cards", ("map",)))
    colours = [s.colour for s in seats]
    rose = None
    if "rose" in data:
        rose = (data["rose"][0], data["rose"][1])
        for k, colour in enumerate(rose):
            if colour not in colours:
                problems.append(Problem("scenario.rose", f"{colour!r} has no balloon in the "
                                        "race", ("rose", k)))
        if rose[0] == rose[1]:
            problems.append(Problem("scenario.rose", "the two Wind Rose pawns start on two "
                                    "different colours", ("rose",)))
    finish = Finish(data.get("finish", Finish.FIRST.value))
    position = None
    if "position" in data and not problems:
        position = read_position(data["position"], seats, globe, parts, finish, problems)
        days = data.get("days", parts.days)
        if position.round > days:
            problems.append(Problem("position.round", f"round {position.round} is past the "
                                    f"race's {days} days", ("position", "round")))
    if problems:
        raise InputError(problems)
    return Scenario(globe, parts, seats, data.get("seed", 0), finish, data.get("days"), rose,
                    data.get("title"), position)
