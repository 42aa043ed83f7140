"""The team modes of section 8 (``new_game(..., mode=...)``; ``state.Mode``, ``state.Team``):
the teams made and checked from what ``new_game`` is given, and the decisions the team
modes take across the engine (numbered with the engine's, ``engine``):

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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skyhex.rules.errors import InputError, Problem
from skyhex.rules.turbulences.landscape import REGIONS
from skyhex.rules.turbulences.state import Company, Mode, Team


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
