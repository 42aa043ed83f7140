"""Section 7, "Fasten Your Seatbelts!": what a weather phase does to the aircraft, from the
token fates of ``weather.resolve``.

"A Cumulus blown under an Aircraft slides under it without consequences." "A Storm blown onto
an Aircraft destroys it." "An Aircraft flying over a Cumulus is moved with it... A. if the
Aircraft meets another Aircraft... the two collide and are destroyed. B. if the Cumulus turns
into a Storm... the Aircraft is destroyed. C. if the Cumulus turns into a Tempest... the
Aircraft is destroyed." If the Cumulus ejects it out of the landscape: "D. toward a free
city... You make an EMERGENCY LANDING! [...] E. toward a free Airport... You make an EMERGENCY
LANDING! Play normally during your turn. F. toward an occupied area... You collide. The 2
Aircraft are destroyed. G. outside the board... You are lost!"

Decisions:

1. **Riding** a cumulus means flying over a tile whose only token is a cumulus; the aircraft
   follows that token's fate. A rider whose cumulus stays (calm, sheltered) stays.
2. **B or C**: a cumulus blocked by a mountain turns into a storm (B); one that stacks into
   a Tempest, or is blocked and then stacked on, is C (a Tempest stands on its tile).
3. **A** (collisions): after all riders have moved simultaneously, two aircraft on one
   landscape tile collide; a rider moving onto a tile that another rider is leaving does
   not collide with it (the clouds move simultaneously).
4. **Storm blown onto an aircraft**: an aircraft that rode no cumulus is destroyed when its
   tile ends the phase under a storm or Tempest; a cumulus arriving (moved, or back by F on
   the opposite tile) slides under it.
5. **Ejected** (the cumulus is blown out of the landscape): toward the ring-4 hex next to
   its tile downwind: a city or airport (free: D or E, occupied by a grounded aircraft: F,
   both destroyed), or a corner of the ring, which belongs to no region (G, lost).
6. Aircraft on the ground (cities, airports) are never touched by the clouds, except by F.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.speed import hex_json as _hx
from skyhex.rules.turbulences.landscape import CloudSide, Stack
from skyhex.rules.turbulences.weather import WeatherPhase, Why


@dataclass(frozen=True)
class Shake:
    """The aircraft after a weather phase: where each stands (``None``: destroyed), the
    emergency landings (company index -> city or airport hex) and the events."""

    positions: Mapping[int, Hex | None]
    landings: Mapping[int, Hex]
    events: tuple[Event, ...]


def shake(names: Sequence[str], positions: Mapping[int, Hex], tiles: frozenset[Hex],
          airports: Mapping[Hex, int], cities: Mapping[Hex, int],
          before: Mapping[Hex, Stack], phase: WeatherPhase) -> Shake:
    """Section 7 for the aircraft at ``positions`` (company index -> hex; destroyed ones
    left out) after the weather ``phase`` blew the clouds ``before``."""
    after = phase.clouds
    dest: dict[int, Hex | None] = dict(positions)
    landings: dict[int, Hex] = {}
    events: list[Event] = []
    flying = sorted((i, h) for i, h in positions.items() if h in tiles)
    if not any(before.get(h) or after.get(h) for _, h in flying) \
            and len({h for _, h in flying}) == len(flying):
        return Shake(dest, landings, ())  # no cloud near an aircraft: nothing happens
    riders: set[int] = set()

    def destroy(i: int, hex_: Hex, case: str, cause: str, **extra: Any) -> None:
        dest[i] = None
        events.append({"type": "aircraft_destroyed", "company": names[i], "hex": _hx(hex_),
                       "case": case, "cause": cause, **extra})

    for i, h in flying:
        stack = before.get(h)
        if stack and len(stack) == 1 and stack[0].side is CloudSide.CUMULUS:
            riders.add(i)
            fate = phase.fates[stack[0].id]
            if fate.why is Why.WRAPPED:
                assert fate.exit is not None
                exit_ = fate.exit
                events.append({"type": "aircraft_ejected", "company": names[i], "from": _hx(h),
                               "to": _hx(exit_), "token": fate.token})
                ground = {g: j for j, g in positions.items() if g not in tiles}
                if exit_ in ground:
                    other = ground[exit_]
                    destroy(i, exit_, "F", "collision", other=names[other])
                    destroy(other, exit_, "F", "collision", other=names[i])
                elif exit_ in cities:
                    dest[i] = exit_
                    landings[i] = exit_
                    events.append({"type": "emergency_landing", "company": names[i],
                                   "hex": _hx(exit_), "case": "E" if exit_ in airports else "D",
                                   "airport": exit_ in airports})
                else:
                    destroy(i, exit_, "G", "lost")
                continue
            if fate.end != h:
                events.append({"type": "aircraft_carried", "company": names[i], "from": _hx(h),
                               "to": _hx(fate.end), "token": fate.token})
                dest[i] = fate.end
            if fate.after is CloudSide.STORM:
                tempest = len(after.get(fate.end, ())) >= 2
                destroy(i, fate.end, "C" if tempest else "B", "tempest" if tempest else "storm",
                        token=fate.token)
    for i, h in flying:
        if i in riders or dest[i] is None:
            continue
        stack = after.get(h)
        if not stack:
            continue
        if any(t.side is CloudSide.STORM for t in stack):
            destroy(i, h, "storm", "storm")
        elif not before.get(h):
            events.append({"type": "cumulus_under", "company": names[i], "hex": _hx(h),
                           "token": stack[0].id})
    ends = [g for g in dest.values() if g is not None and g in tiles]
    if len(set(ends)) < len(ends):  # two aircraft on one tile (A)
        on_tiles: dict[Hex, list[int]] = {}
        for i, g in sorted(dest.items()):
            if g is not None and g in tiles:
                on_tiles.setdefault(g, []).append(i)
        for h, group in sorted(on_tiles.items()):
            if len(group) < 2:
                continue
            for i in group:
                destroy(i, h, "A", "collision", other=names[next(j for j in group if j != i)])
    return Shake(dest, landings, tuple(events))
