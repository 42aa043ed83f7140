"""NIGHT FLIGHT mode (rulebook section 11): face-down landscape tiles, reveals, and the NIGHT
token that ends the game when it comes back to PARIS. Pure functions of the game and state;
``engine``, ``piloting``, ``expert`` and ``weather`` call them through small hooks, and by
day (``Game.night is None``) every one of them answers as if night did not exist.

The rulebook: "the landscape tiles are placed face down." "Do not place the Cloud tokens and
Mountain pawns! They will appear in play later." "Place the NIGHT token on the city of
PARIS." "The game ends when the NIGHT token returns to PARIS. Count points as in CLASSIC
Mode." "PHASE I: WEATHER Always determine the wind direction, even without a Cloud. Clouds
can fly over unknown tiles. A blown Cumulus can carry an Aircraft flying over it to a free
unknown tile without consequence." "PHASE II: PILOTING It is possible to cross one or more
unknown tiles without discovering them by flying over Clouds. If you advance toward an
unknown tile and its visibility is good (no Cloud), flip it and immediately apply its
effect: A. A PLAIN or SEA tile creates a Cumulus (within the limit of available tokens).
Place a Cumulus token on the tile, under your Aircraft. B. A MOUNTAIN tile directly destroys
your Aircraft. Then place a Mountain pawn on the tile. C. A DESERT tile... nothing happens. A
discovered tile stays discovered for the whole game." "PHASE III: END OF TURN Advance the
NIGHT token to the next city clockwise. This token does not block Aircraft and vice versa."

The game's ``Landscape`` is the referee's: it holds every tile's face. What the table knows
is ``Night``: the tiles turned face up, the mountains among them (each with its Mountain
pawn) and the city under the NIGHT token. Until it is discovered a tile is just a tile: a
hidden mountain blocks neither clouds nor aircraft (its biome is read only when it is
flipped), so every rule reads the *discovered* mountains (``known_mountains``).

Decisions (``docs/rules-notes.md``, "NIGHT FLIGHT"):

1. **PARIS** is a city of the Region boards that the rulebook does not place: it is data,
   ``NightRules.paris`` (region, city), by default the central city of region 1. A city
   under an ALTITUDE dial "can no longer be used, even for the NIGHT token", so PARIS may
   not be under one (a scenario error), and the token skips such cities.
2. **Clockwise** is decreasing city numbers round the ring (the regions and their cities
   are numbered counter-clockwise, ``landscape.py``): city 1 of region r is followed by
   city 3 of region r - 1. With no dial the night lasts 18 game turns; each dial shortens
   it by one.
3. **End**: the token advances at the end of each game turn, after the three-delivery check
   of CLASSIC mode, which still ends the game at night by default ("Similar to CLASSIC Mode
   but time-limited"); ``NightRules.deliveries_end = False`` plays the night to its end.
   The game ends when the token reaches PARIS again (``game_end`` reason ``night``).
4. **Revealing** happens when a journey (a take-off, a BOOST, an EXPERT crossing's landing
   tile included) enters an unknown tile with no cloud on it. The flip "immediately"
   applies its effect and ends the journey there: the pilot could not plan past a tile it
   had not seen, so a journey may enter an unknown tile without a cloud as its last tile
   only (the BOOST, when charged, may then fly on). Entering an unknown tile under a
   cumulus reveals nothing. ``NightRules.reveal = "continues"`` plays the other reading,
   the flip as a pause (``onward.py``).
5. **Cumulus tokens**: the 12 tokens of the box; a new cumulus is the lowest-numbered token
   not on the landscape, none when all 12 are. For an EXPERT aircraft it is a cumulus
   flown over: +1 ALTITUDE (at most 3), gained this turn.
6. **Mountain**: the aircraft is destroyed (cause ``mountain``, its parcels lost, as in any
   crash) and a Mountain pawn stands on the tile from then on: a mountain for the weather,
   the journeys and EXPERT crossings, like any other.
7. **Face-down setup** (``mapgen/turbulences/night.py``): each company's region receives
   two non-mountain tiles, the two middle tiles of the landscape's edge along it; the rest
   is shuffled with the 3 mountains and two tiles go back to the box, so 1 to 3 mountains
   are hidden in the landscape.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.speed import hex_json as _hx
from skyhex.rules.speed import last_answer
from skyhex.rules.turbulences.landscape import (
    CITIES_PER_REGION,
    CLOUD_TOKENS,
    REGIONS,
    Biome,
    CloudSide,
    CloudToken,
    Stack,
    landscape_set,
    region_cities,
)
from skyhex.rules.turbulences.tank import MAX_ALTITUDE

PARIS = (1, 2)
"""Where PARIS is by default: region 1, city 2 (decision 1)."""


@dataclass(frozen=True, slots=True)
class NightRules:
    """A NIGHT FLIGHT game's options: PARIS (region, city) and whether three deliveries
    still end the game before the night does (decision 3)."""

    paris: tuple[int, int] = PARIS
    deliveries_end: bool = True
    reveal: str = "ends"
    """What a flip does to the journey (decision 4): ``ends`` it there, or lets the pilot
    go on with the rest of it (``continues``)."""

    @property
    def paris_hex(self) -> Hex:
        region, city = self.paris
        return region_cities()[region - 1][city - 1]

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"paris": {"region": self.paris[0], "city": self.paris[1]},
                                "deliveries_end": self.deliveries_end}
        if self.reveal != "ends":
            data["reveal"] = self.reveal
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | bool) -> NightRules:
        """From a scenario's ``night`` (``true``, or the options)."""
        if not isinstance(data, Mapping):
            return cls()
        paris = data.get("paris", {})
        return cls((paris.get("region", PARIS[0]), paris.get("city", PARIS[1])),
                   bool(data.get("deliveries_end", True)), str(data.get("reveal", "ends")))


@dataclass(frozen=True, slots=True)
class Night:
    """What the table knows at night: the city under the NIGHT token, the tiles turned face
    up, and the mountains among them (each with its Mountain pawn)."""

    token: Hex
    revealed: frozenset[Hex] = frozenset()
    mountains: frozenset[Hex] = frozenset()
    leg: tuple[Hex, ...] = ()
    """With ``reveal: continues``, while the pilot who flipped a tile may go on: where its
    journey started, then the tiles entered so far."""
    no_boost: bool = False
    """With ``leg``: the BOOST is not offered after the journey (consumed by a rebuild in
    another city this turn: decision 5 of ``engine``)."""


@cache
def _ccw_cities() -> tuple[Hex, ...]:
    return tuple(h for cities in region_cities() for h in cities)


def night_ring(paris: Hex, covered: frozenset[Hex]) -> tuple[Hex, ...]:
    """The cities the NIGHT token visits, in order, from PARIS clockwise, the cities under
    an ALTITUDE dial skipped (decisions 1-2)."""
    ccw = _ccw_cities()
    k = ccw.index(paris)
    n = REGIONS * CITIES_PER_REGION
    return tuple(h for h in (ccw[(k - j) % n] for j in range(n)) if h not in covered)


def next_city(paris: Hex, covered: frozenset[Hex], token: Hex) -> Hex:
    """The city the NIGHT token goes to from ``token``."""
    ring = night_ring(paris, covered)
    return ring[(ring.index(token) + 1) % len(ring)]


def known_mountains(default: frozenset[Hex], night: Night | None) -> frozenset[Hex]:
    """The mountains the rules see: every one by day (``default``), the discovered ones at
    night."""
    return default if night is None else night.mountains


@last_answer
def dark(night: Night | None, clouds: Mapping[Hex, Stack]) -> frozenset[Hex]:
    """The unknown tiles with good visibility (no cloud): entering one flips it. Empty by
    day. The last sky asked about is remembered."""
    if night is None:
        return frozenset()
    return frozenset(h for h in landscape_set() if h not in night.revealed and not clouds.get(h))


def free_token(clouds: Mapping[Hex, Stack]) -> int | None:
    """The lowest-numbered cloud token not on the landscape (decision 5), ``None`` when all
    12 are."""
    used = {t.id for stack in clouds.values() for t in stack}
    return next((k for k in range(1, CLOUD_TOKENS + 1) if k not in used), None)


@dataclass(frozen=True, slots=True)
class Reveal:
    """What flipping a tile does: the new knowledge, the new sky (always a new mapping, so
    that what was remembered about the old one is not reused), whether the aircraft is
    destroyed, the ALTITUDE it gains (EXPERT) and the events."""

    night: Night
    clouds: Mapping[Hex, Stack]
    crashed: bool
    climb: int
    events: tuple[Event, ...]


def reveal(night: Night, clouds: Mapping[Hex, Stack], biome: Biome, h: Hex, company: str
           ) -> Reveal:
    """Flip tile ``h`` (of face ``biome``) under ``company``'s aircraft and apply its
    effect (A: a cumulus under it, B: the aircraft destroyed and a Mountain pawn placed,
    C: nothing)."""
    revealed = night.revealed | {h}
    mountains = night.mountains | {h} if biome is Biome.MOUNTAIN else night.mountains
    sky = dict(clouds)
    event: Event = {"type": "tile_revealed", "company": company, "hex": _hx(h),
                    "biome": biome.value}
    crashed, climb = False, 0
    if biome in (Biome.PLAIN, Biome.SEA):
        token = free_token(clouds)
        if token is None:
            event["effect"] = "no_token"
        else:
            sky[h] = (CloudToken(token, CloudSide.CUMULUS),)
            event["effect"] = "cumulus"
            event["token"] = token
            climb = 1
    elif biome is Biome.MOUNTAIN:
        event["effect"] = "crash"
        crashed = True
    else:
        event["effect"] = "nothing"
    events: list[Event] = [event]
    if crashed:
        events.append({"type": "aircraft_destroyed", "company": company, "hex": _hx(h),
                       "cause": "mountain"})
    return Reveal(Night(night.token, revealed, mountains, night.leg, night.no_boost), sky,
                  crashed, climb, tuple(events))


def climbed(altitude: int, locked: int, climb: int) -> tuple[int, int]:
    """An EXPERT aircraft's ALTITUDE and the part of it gained this turn, after a new
    cumulus under it (decision 5)."""
    new = min(MAX_ALTITUDE, altitude + climb)
    return new, min(new, locked + max(new - altitude, 1 if climb else 0))


def advance(night: Night, paris: Hex, covered: frozenset[Hex], turn: int
            ) -> tuple[Night, Event]:
    """End of turn: the NIGHT token to the next city clockwise; the event says whether it is
    back on PARIS."""
    to = next_city(paris, covered, night.token)
    event: Event = {"type": "night_advanced", "turn": turn, "from": _hx(night.token),
                    "to": _hx(to), "paris": to == paris}
    return Night(to, night.revealed, night.mountains), event


def tiles_view(biomes: Mapping[Hex, Biome], night: Night, referee: bool) -> list[dict[str, Any]]:
    """Every landscape tile as a view shows it: face up with its biome, or face down with
    no biome (the referee sees the hidden face as ``hidden``)."""
    out = []
    for h in sorted(landscape_set()):
        if h in night.revealed:
            out.append({"hex": _hx(h), "face": "up", "biome": biomes[h].value})
        else:
            row: dict[str, Any] = {"hex": _hx(h), "face": "down", "biome": None}
            if referee:
                row["hidden"] = biomes[h].value
            out.append(row)
    return out


def night_view(biomes: Mapping[Hex, Biome], rules: NightRules, night: Night,
               covered: frozenset[Hex], referee: bool, over: bool = False) -> dict[str, Any]:
    """The ``night`` part of a view: the NIGHT token, PARIS, the turns left before it is
    back (0 once the game is over), the Mountain pawns and the tiles (face down ones
    without their biome, except for the referee)."""
    ring = night_ring(rules.paris_hex, covered)
    left = 0 if over else len(ring) - ring.index(night.token)
    out = {"token": _hx(night.token), "paris": _hx(rules.paris_hex), "turns_left": left,
            "mountains": [_hx(h) for h in sorted(night.mountains)],
            "tiles": tiles_view(biomes, night, referee)}
    if night.leg:
        out["journey"] = [_hx(h) for h in night.leg]
    return out


# --- what a company may believe (bots) -----------------------------------------------------


def face_down_faces(biomes: Mapping[Hex, Biome], box: Sequence[Biome], night: Night
                    ) -> list[Biome]:
    """The faces a company cannot tell apart: those of the tiles still face down and of
    the tiles put back in the box unseen."""
    return sorted([*(b for h, b in biomes.items() if h not in night.revealed), *box])


def deal_faces(biomes: Mapping[Hex, Biome], box: Sequence[Biome], night: Night,
               rng: random.Random) -> dict[Hex, Biome]:
    """A landscape a company may believe in: the face-down tiles dealt afresh from the
    faces it cannot tell apart (the tiles put back in the box among them), the tiles
    flipped as they are. Bots reason in such worlds (``bots.determinize``)."""
    down = sorted(h for h in biomes if h not in night.revealed)
    faces = face_down_faces(biomes, box, night)
    rng.shuffle(faces)
    return {**biomes, **dict(zip(down, faces, strict=False))}
