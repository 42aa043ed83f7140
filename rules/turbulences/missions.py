"""Section 12, "Missions": which missions each company achieved in a game, read from the
game's log (its events), and the stars a pilot's career adds up across games.

"In this manual, they reflect your pilot career: for the success of each of these missions,
you earn a star (to tick). Alone or in a team: accumulate stars to level up and discover new
horizons!"

Pure functions over the events of a ``skyhex.log/2`` Turbulences log, which the caller has
checked against the event schema. Every mission of the rulebook is in ``MISSIONS`` with its
sentence and its status: decided from one log (``GAME``), from the logs of a career
(``CAREER``), from a log and the landscape of its scenario (``SCENARIO``), not decidable
from today's logs (``MISSING``: the fact a log would need), or not a matter for software at
all (``TABLE``: physical, social or secret). The precise
definition of each decided mission, and the readings chosen where the sentence leaves room,
are in ``docs/missions.md``; the table decisions are in ``docs/rules-notes.md``.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

Event = dict[str, Any]
Hx = tuple[int, int]


class Status(StrEnum):
    """How a mission is decided."""

    GAME = "game"  # from one game's log
    CAREER = "career"  # from the logs of several games (a count across games)
    SCENARIO = "scenario"  # from a log with the scenario it was played on (its landscape)
    MISSING = "missing"  # a fact today's logs do not carry
    TABLE = "table"  # physical, social or secret: not decidable by software


class Credit(StrEnum):
    """Whose star a decided mission is."""

    COMPANY = "company"  # the company (its pilot) that did it
    TEAM = "team"  # both companies of the team (a duo's star)
    FIRST = "first"  # the first player, who flicked the Wind Rose of that weather phase
    TABLE = "table"  # every company of the game: the whole table lived it


@dataclass(frozen=True, slots=True)
class Mission:
    key: str
    name: str
    group: str
    text: str  # the rulebook's sentence
    status: Status
    note: str  # decided: the definition in short; otherwise why software cannot decide it
    credit: Credit = Credit.COMPANY


def _m(key: str, name: str, group: str, text: str, status: Status, note: str,
       credit: Credit = Credit.COMPANY) -> Mission:
    return Mission(key, name, group, text, status, note, credit)


G, C, X, T = Status.GAME, Status.CAREER, Status.MISSING, Status.TABLE
_PHYSICAL = "a physical or social act at the table, not in a game log"
_MAP = ("the landscape, which the log does not carry (its setup names companies, airports and "
        "parcels): given by the scenario (--scenario)")

MISSIONS: tuple[Mission, ...] = (
    _m("new-recruit", "NEW RECRUIT", "Baptism", "Read the whole manual.", T, _PHYSICAL),
    _m("royal-grease", "ROYAL GREASE", "Baptism", "Correctly assemble the Aircraft.", T,
       _PHYSICAL),
    _m("taking-your-own-wings", "TAKING YOUR OWN WINGS", "Baptism",
       "Take off for the first game.", C,
       "the pilot's first game (in the order read) in which its aircraft made a journey"),
    _m("second-wind", "SECOND WIND", "Training", "Take off for the second game.", C,
       "the pilot's second game in which its aircraft made a journey"),
    _m("reaching-the-summits", "REACHING THE SUMMITS", "Training",
       "Create a landscape with 2 Mountains.", Status.SCENARIO,
       f"a landscape of exactly 2 mountains; {_MAP}", Credit.TABLE),
    _m("looping", "LOOPING", "Training", "Turn in circles with a bonus movement.", G,
       "a journey that used its bonus movement and ended on the tile it started from"),
    _m("never-two-without-three", "NEVER TWO WITHOUT THREE", "Aerobatics",
       "Take off for the third game.", C,
       "the pilot's third game in which its aircraft made a journey"),
    _m("moving-mountains", "MOVING MOUNTAINS", "Aerobatics",
       "Create a landscape with 3 Mountains.", Status.SCENARIO,
       f"a landscape of 3 mountains; {_MAP}", Credit.TABLE),
    _m("cut-the-wind", "CUT THE WIND", "Aerobatics",
       "Advance 6 tiles in one phase (with the BOOST).", G,
       "6 or more tiles entered in one piloting phase, by the journey and its BOOST journey"),
    _m("keep-calm", "KEEP CALM...", "Aerobatics", "Do not use your BOOST during a game...", G,
       "a finished game in which the company flew and never consumed its BOOST"),
    _m("and-carry-on", "... AND CARRY ON", "Aerobatics", "... and win it anyway!", G,
       "KEEP CALM... and the company (or its team) won alone"),
    _m("mosquito", "MOSQUITO", "Aerobatics", "Make 3 laps around a Mountain without crashing.",
       G, "the aircraft's track winds 3 times around one mountain between two crashes "
       "(without --scenario, the mountains the log names: those that met a cloud)"),
    _m("airline-pilot", "AIRLINE PILOT", "In CLASSIC Mode", "Win with at least 15 points.", G,
       "a CLASSIC game won alone with 15 points or more"),
    _m("mail-carrier", "SETTING OFF AS A MAIL CARRIER", "In CLASSIC Mode",
       "Win with only 2 Parcels delivered.", G,
       "a CLASSIC game won alone with exactly 2 parcels delivered"),
    _m("four-leaf-clover", "FOUR-LEAF CLOVER", "In CLASSIC Mode",
       "Deliver 4 Parcels of the same colour.", G,
       "in a CLASSIC game, 4 or more parcels in the company's delivery zone"),
    _m("unity-is-strength", "UNITY IS STRENGTH", "In a Team",
       "Win as a duo with 25 points or more.", G,
       "a team game won alone by the company's team with 25 points or more", Credit.TEAM),
    _m("enigma", "ENIGMA", "In a Team", "Communicate only by secret code.", T, _PHYSICAL),
    _m("high-five", "HIGH FIVE", "In a Team", "Deliver 5 Parcels of the same colour.", G,
       "in a team game, all 5 parcels of one colour in its delivery zone", Credit.TEAM),
    _m("flying-ace", "FLYING ACE", "In EXPERT Mode", "Win a game in EXPERT Mode.", G,
       "an EXPERT company whose game it (or its team) won alone"),
    _m("gliding-for-me", "GLIDING FOR ME", "In EXPERT Mode", "Glide with 0 FUEL in the tank.",
       G, "an EXPERT journey that paid movements with ALTITUDE and left the tank at 0 FUEL"),
    _m("leapfrog", "LEAPFROG", "In EXPERT Mode", "Cross a big Tempest (3 Storms).", G,
       "an EXPERT journey crossing an obstacle of height 3 or more"),
    _m("oil-shock", "OIL SHOCK", "In EXPERT Mode", "Win without using a Jerrycan.", G,
       "an EXPERT company that won alone and never flipped its Jerrycan"),
    _m("reach-for-the-moon", "REACH FOR THE MOON", "In NIGHT FLIGHT",
       "Win a game in NIGHT FLIGHT Mode.", G,
       "a NIGHT FLIGHT game the company (or its team) won alone"),
    _m("no-animal", "NO ANIMAL WOULD HAVE DONE IT", "In NIGHT FLIGHT",
       "Win after having hit a Mountain.", G,
       "a NIGHT FLIGHT game won alone by a company whose aircraft was destroyed on a "
       "mountain tile it flipped"),
    _m("all-fire-all-flame", "ALL FIRE, ALL FLAME", "In NIGHT FLIGHT",
       "Play a game lit by candlelight.", T, _PHYSICAL),
    _m("marco-polo", "MARCO POLO", "In NIGHT FLIGHT", "Discover all the landscape tiles.", G,
       "in a NIGHT FLIGHT game, the table flipped all 37 landscape tiles", Credit.TABLE),
    _m("nyctalope", "NYCTALOPE", "In NIGHT FLIGHT",
       "Discover fewer than half of the landscape tiles.", G,
       "a finished NIGHT FLIGHT game in which the table flipped 18 tiles or fewer (of 37)",
       Credit.TABLE),
    _m("hallucinated-mountains", "HALLUCINATED MOUNTAINS", "In NIGHT FLIGHT",
       "Discover no Mountain.", G,
       "a finished NIGHT FLIGHT game in which no mountain tile was flipped", Credit.TABLE),
    _m("its-the-pompom", "IT'S THE POMPOM!", "Collector", "Take off with KLAUS on Christmas day.",
       T, "KLAUS is no aircraft of the game's box, and a log holds no calendar date"),
    _m("golden-parachute", "GOLDEN PARACHUTE", "Collector",
       "Save a Parcel with the Parachute and deliver it.", G,
       "a parcel the company's opened Parachute saved reaches its delivery zone (rescued "
       "and flown home, or the Parachute blown into its airport)"),
    _m("pigs-turn", "PIG'S TURN", "Collector", "Leave a blocked Airport with the DODGE Power.",
       G, "a DODGE journey from an airport whose aircraft had no other journey"),
    _m("lucky-star", "LUCKY STAR", "Collector", "Save another Aircraft with the ASTEROID Power.",
       G, "a weather phase would have destroyed another aircraft without the company's "
       "ASTEROID and did not (asteroid_saved)"),
    _m("1001-nights", "1001 NIGHTS", "Collector", "Travel 7 tiles with the FLYING CARPET Power.",
       G, "a FLYING CARPET whose shortest obstacle-free path is 7 tiles or more"),
    _m("faraday-cage", "FARADAY CAGE", "Collector", "Be struck by Lightning and win.", G,
       "the company's aircraft struck by Lightning in a game it won alone"),
    _m("air-meeting", "AIR MEETING", "Collector", "Have at least 12 Aircraft.", T,
       "a collection of pawns, not a game"),
    _m("draw-me-a-sheep", "DRAW ME A SHEEP", "Collector", "Box dedicated by a crew member.", T,
       _PHYSICAL),
    _m("alone-in-the-world", "ALONE IN THE WORLD", "Crash!", "Crash on a SEA tile.",
       Status.SCENARIO, "the aircraft destroyed on a landscape tile showing SEA; the tiles' "
       "biomes, which the log does not carry: given by the scenario (--scenario)"),
    _m("gremlins", "GREMLINS", "Crash!", "Lose at least 9 kilos in a single crash.", G,
       "the parcels lost with one destroyed aircraft weigh 9 kilos or more"),
    _m("satanas-and-diabolo", "SATANAS AND DIABOLO", "Crash!",
       "Suffer 3 crashes during the same game.", G,
       "the company's aircraft destroyed 3 times or more in one game"),
    _m("the-4th-dimension", "THE 4TH DIMENSION", "Crash!",
       "Leave the board 4 times (four boxes to tick).", C,
       "the aircraft lost outside the board (case G) 4 times, counted across games"),
    _m("so-much-for-the-wind", "SO MUCH FOR THE WIND", "Crash!",
       "6 Aircraft destroyed in a single weather phase.", G,
       "6 or more aircraft destroyed in one weather phase", Credit.TABLE),
    _m("against-wind-and-tide", "AGAINST WIND AND TIDE", "Crash!",
       "Finish a game without a single crash.", G,
       "a finished game in which the company flew and its aircraft was never destroyed"),
    _m("pimp-my-flight", "PIMP MY FLIGHT", "Customisation", "Customise your Aircraft.", T,
       _PHYSICAL),
    _m("low-cost", "LOW COST", "Customisation", "Make and fly a paper plane.", T, _PHYSICAL),
    _m("cosplay", "COSPLAY", "Customisation", "Play dressed as a pilot.", T, _PHYSICAL),
    _m("diy", "D.I.Y.", "Customisation", "Write and propose your own scenario.", T,
       "proposing a scenario to others is a social act (writing one: skyhex scenario new)"),
    _m("bescherelle", "BESCHERELLE", "Oops!", "Find a typo in the manual.", T, _PHYSICAL),
    _m("head-in-the-clouds", "HEAD IN THE CLOUDS", "Oops!",
       "Forget to load your Parcel at take-off.", T,
       "forgetting is a state of mind: leaving a parcel in an airport is also a legal choice"),
    _m("tourist", "TOURIST", "Oops!", "Make an emergency landing 3 times in the same game.", G,
       "3 or more emergency landings of the company in one game"),
    _m("break-the-sound-barrier", "BREAK THE SOUND BARRIER", "Oops!",
       "Make noises for your Aircraft throughout a game.", T, _PHYSICAL),
    _m("double-standards", "DOUBLE STANDARDS", "Oops!", "Throw a Parcel overboard.", G,
       "the company threw a parcel overboard"),
    _m("he-who-sows-the-wind", "HE WHO SOWS THE WIND...", "Oops!",
       "Create a gigantic Tempest (4 Storms).", G,
       "a cloud stacked onto a Tempest of 3 or more tokens (4 or more stacked)", Credit.FIRST),
    _m("doldrums", "DOLDRUMS", "Oops!", "All Clouds on the landscape are Storms.", G,
       "after a weather phase, every cloud token on the landscape shows its storm side",
       Credit.TABLE),
    _m("hashtag-turbulences", "#TURBULENCES", "In the Clouds",
       "Post a photo of the game on a social network.", T, _PHYSICAL),
    _m("tailwind", "TAILWIND", "In the Clouds", "Follow us on Facebook or Instagram.", T,
       _PHYSICAL),
    _m("barometer", "BAROMETER", "In the Clouds",
       "Rate the game on Tric-Trac or BoardGameGeek.", T, _PHYSICAL),
    _m("friends-in-high-places", "FRIENDS IN HIGH PLACES", "In the Clouds",
       "Play with a real pilot.", T, _PHYSICAL),
    _m("seventh-heaven", "SEVENTH HEAVEN", "In the Clouds", "Play with a member of the crew.",
       T, _PHYSICAL),
    _m("under-my-wing", "UNDER MY WING", "In the Clouds", "Introduce the game to someone.", T,
       _PHYSICAL),
    _m("crossover", "CROSSOVER", "In the Clouds", "Use the Aircraft in another game.", T,
       _PHYSICAL),
    _m("sos", "... --- ...", "Secrets", "(a line of Morse code)", T,
       "a secret: its task is not published"),
    _m("between-the-lines", "BETWEEN THE LINES", "Secrets", "One lost...", T,
       "a secret: its task is not published"),
    _m("lost-property", "LOST PROPERTY", "Secrets", "Somewhere on ludenbois.fr", T,
       "a secret: its task is not published"),
    _m("jurassic-park", "JURASSIC PARK", "Secrets", "???", T,
       "a secret: its task is not published"),
)

BY_KEY: Mapping[str, Mission] = {m.key: m for m in MISSIONS}

BIG_TEMPEST = 3  # LEAPFROG: "a big Tempest (3 Storms)"
GIGANTIC_TEMPEST = 4  # HE WHO SOWS THE WIND: "a gigantic Tempest (4 Storms)"
CUT_THE_WIND_TILES = 6
MOSQUITO_LAPS = 3
GREMLINS_KILOS = 9
AIRLINE_POINTS = 15
UNITY_POINTS = 25
LANDSCAPE_TILES = 37  # MARCO POLO, NYCTALOPE: the tiles of a landscape
TAKE_OFF_GAMES = ("taking-your-own-wings", "second-wind", "never-two-without-three")
LEFT_BOARD_TIMES = 4
CARPET_TILES = 7  # 1001 NIGHTS: "Travel 7 tiles with the FLYING CARPET"


@dataclass(frozen=True, slots=True)
class Terrain:
    """The landscape a game was played on (from its scenario; a log does not carry it): the
    biomes each landscape tile shows (two for a hex of two half-tiles)."""

    biomes: Mapping[Hx, frozenset[str]]

    @property
    def mountains(self) -> frozenset[Hx]:
        return frozenset(h for h, b in self.biomes.items() if "mountain" in b)


@dataclass(frozen=True, slots=True)
class Achievement:
    """A mission achieved by a company in a game: the event (``seq``) that completed it
    and, briefly, how."""

    mission: str
    company: str
    seq: int
    detail: str

    def to_dict(self) -> dict[str, Any]:
        return {"mission": self.mission, "name": BY_KEY[self.mission].name,
                "company": self.company, "seq": self.seq, "detail": self.detail}


@dataclass(frozen=True, slots=True)
class Tally:
    """What a game adds to a pilot's career counts: whether its aircraft took off, and how
    many times it was lost outside the board."""

    took_off: bool = False
    left_board: int = 0


@dataclass(frozen=True, slots=True)
class GameMissions:
    """The missions of one game: its companies (and their pilots' names), whether it reached
    its end, the achievements in the order they happened, and each company's tally."""

    companies: tuple[str, ...]
    pilots: Mapping[str, str]  # company -> pilot (the setup's player name, else the colour)
    finished: bool
    achievements: tuple[Achievement, ...]
    tallies: Mapping[str, Tally]


@dataclass
class _Read:
    """The working state while a log is read."""

    companies: tuple[str, ...]
    weights: dict[str, int]
    team_of: dict[str, tuple[str, ...]]
    expert: frozenset[str]
    mode: str
    night: bool = False  # a NIGHT FLIGHT game
    found: list[Achievement] = field(default_factory=list)
    done: set[tuple[str, str]] = field(default_factory=set)

    def add(self, mission: str, company: str, seq: int, detail: str) -> None:
        if company in self.companies and (mission, company) not in self.done:
            self.done.add((mission, company))
            self.found.append(Achievement(mission, company, seq, detail))

    def credit(self, mission: str, companies: Iterable[str], seq: int, detail: str) -> None:
        for c in companies:
            self.add(mission, c, seq, detail)


def _hex(value: Any) -> Hx:
    return (int(value[0]), int(value[1]))


def _angle(h: Hx, centre: Hx) -> float:
    """The direction of ``h`` seen from ``centre`` on flat-topped hexes, in radians."""
    dq, dr = h[0] - centre[0], h[1] - centre[1]
    return math.atan2(math.sqrt(3) * (dr + dq / 2), 1.5 * dq)


class _Track:
    """An aircraft's track around the known mountains: the winding angle about each since
    the aircraft was last (re)built (MOSQUITO)."""

    def __init__(self) -> None:
        self.at: Hx | None = None
        self.turned: dict[Hx, float] = defaultdict(float)

    def reset(self, at: Hx | None) -> None:
        self.at = at
        self.turned.clear()

    def step(self, to: Hx, mountains: Iterable[Hx]) -> list[Hx]:
        """Move to ``to``; the mountains the track has now wound round 3 times."""
        laps = []
        if self.at is not None and self.at != to:
            for m in mountains:
                if m in (self.at, to):
                    continue
                d = _angle(to, m) - _angle(self.at, m)
                d = (d + math.pi) % (2 * math.pi) - math.pi
                self.turned[m] += d
                if abs(self.turned[m]) >= MOSQUITO_LAPS * 2 * math.pi - 1e-6:
                    laps.append(m)
        self.at = to
        return laps


def _sole_winner(rows: Sequence[Mapping[str, Any]], key: str) -> str | None:
    """The only row ranked 1 ("If the tie persists... Play another game!": no winner)."""
    first = [r for r in rows if r.get("rank") == 1]
    return str(first[0][key]) if len(first) == 1 else None


def decide(events: Sequence[Event], terrain: Terrain | None = None) -> GameMissions:
    """The missions decided by one Turbulences game log (``events``, schema-valid, the
    setup first), and by its landscape when the ``terrain`` is known."""
    setup = events[0]
    companies = tuple(str(c["company"]) for c in setup["companies"])
    pilots = {str(c["company"]): str(c.get("player") or c["company"])
              for c in setup["companies"]}
    team_of: dict[str, tuple[str, ...]] = {}
    for team in setup.get("teams", ()):
        for c in team["companies"]:
            team_of[c] = tuple(team["companies"])
    read = _Read(companies, {str(p["parcel"]): int(p["weight"]) for p in setup["parcels"]},
                 team_of, frozenset(str(c["company"]) for c in setup["companies"]
                                    if c.get("expert")), str(setup.get("mode", "classic")),
                 "night" in setup)
    tracks = {c: _Track() for c in companies}
    for c in setup["companies"]:
        tracks[str(c["company"])].reset(_hex(c["airport"]))
    mountains: set[Hx] = set(terrain.mountains) if terrain is not None else set()
    if terrain is not None:
        for key, count in (("reaching-the-summits", 2), ("moving-mountains", 3)):
            if len(mountains) == count:
                read.credit(key, companies, 0, f"a landscape of {count} mountains")
    sides: dict[int, str | None] = {}
    delivered: Counter[str] = Counter()
    crashes: Counter[str] = Counter()
    landings: Counter[str] = Counter()
    left_board: Counter[str] = Counter()
    boosted: set[str] = set()
    flipped: set[str] = set()
    flew: set[str] = set()
    tiles: Counter[tuple[int, str]] = Counter()
    boost_turn: set[tuple[int, str]] = set()
    last_crash: dict[str, int] = {}
    revealed: set[Hx] = set()  # NIGHT FLIGHT: the tiles flipped
    hit: set[str] = set()  # NIGHT FLIGHT: the companies that flipped a mountain
    turn, first = 1, str(setup.get("first", ""))
    in_weather = False
    phase_named: set[int] = set()
    phase_crashes: list[str] = []
    end: Event | None = None
    airports = {_hex(a["hex"]) for a in setup.get("airports", ())}
    saved_by: dict[str, str] = {}  # parcel -> the company whose Parachute saved it
    struck: set[str] = set()

    def close_weather(seq: int) -> None:
        nonlocal in_weather
        if not in_weather:
            return
        in_weather = False
        if len(phase_crashes) >= 6:
            read.credit("so-much-for-the-wind", companies, seq,
                        f"turn {turn}: {len(phase_crashes)} aircraft destroyed")
        if phase_named and all(sides.get(t) == "storm" for t in phase_named | set(sides)):
            read.credit("doldrums", companies, seq,
                        f"turn {turn}: all {len(sides)} clouds are storms")

    def moved(company: str, to: Hx, seq: int) -> None:
        for m in tracks[company].step(to, sorted(mountains)):
            read.add("mosquito", company, seq, f"3 laps around the mountain at {list(m)}")

    for e in events[1:]:
        kind = e["type"]
        seq = int(e["seq"])
        if kind == "weather" or kind == "round" or kind == "game_end" or "entry" in e \
                or e.get("forced"):
            close_weather(seq)
        if kind == "round":
            turn = int(e["turn"] if "turn" in e else e["round"])
            first = str(e["first"]) if "first" in e else first
        elif kind == "weather":
            # calm: no token is named, and the sky stays as the last wind left it
            in_weather, first = True, str(e["first"])
            phase_named, phase_crashes = set(), []
        elif kind in ("cloud_moved", "cloud_blocked"):
            sides[int(e["token"])] = str(e["side"])
            phase_named.add(int(e["token"]))
            if "mountain" in e:
                mountains.add(_hex(e["mountain"]))
        elif kind == "cloud_wrapped":
            sides[int(e["token"])] = "cumulus"
            phase_named.add(int(e["token"]))
        elif kind == "cloud_flipped":
            sides[int(e["token"])] = str(e["side"])
            phase_named.add(int(e["token"]))
        elif kind == "cloud_sheltered":
            mountains.add(_hex(e["mountain"]))
            sides.setdefault(int(e["token"]), None)
            phase_named.add(int(e["token"]))
        elif kind in ("tempest_held", "cloud_stacked"):
            if "mountain" in e:
                mountains.add(_hex(e["mountain"]))
            for t in e["tokens"]:
                sides[int(t)] = "storm"
                phase_named.add(int(t))
            if kind == "cloud_stacked" and len(e["tokens"]) >= GIGANTIC_TEMPEST:
                read.add("he-who-sows-the-wind", first, seq,
                         f"turn {turn}: a Tempest of {len(e['tokens'])} storms")
        elif kind == "tempest_split":
            phase_named.add(int(e["token"]))
            phase_named.update(int(t) for t in e["base"])
        elif kind == "journey":
            c = str(e["company"])
            path = [_hex(h) for h in e["path"]]
            start = _hex(e["from"])
            flew.add(c)
            if tracks[c].at != start:
                tracks[c].reset(start)
            for h in path:
                moved(c, h, seq)
            tiles[(turn, c)] += len(path)
            if e.get("boost"):
                boost_turn.add((turn, c))
            if (turn, c) in boost_turn and tiles[(turn, c)] >= CUT_THE_WIND_TILES:
                read.add("cut-the-wind", c, seq, f"turn {turn}: {tiles[(turn, c)]} tiles")
            if e.get("bonus") and path and path[-1] == start:
                read.add("looping", c, seq, f"turn {turn}: back on {list(start)} by the bonus")
            height = int(e.get("height", 0))
            if height >= BIG_TEMPEST:
                read.add("leapfrog", c, seq,
                         f"turn {turn}: crossed {e['crossed']} ({height} high)")
            glided = int(e.get("altitude_spent", 0)) - height
            if "fuel" in e and glided > 0 and int(e["fuel"]) == 0:
                read.add("gliding-for-me", c, seq,
                         f"turn {turn}: glided {glided} with the tank empty")
            power = e.get("power")
            if power:  # a Legendary Aircraft's Power token replaces its BOOST
                boosted.add(c)
            if power == "dodge" and e.get("blocked") and start in airports:
                read.add("pigs-turn", c, seq, f"turn {turn}: dodged out of {list(start)}")
            if power == "flying-carpet" and int(e.get("tiles", 0)) >= CARPET_TILES:
                read.add("1001-nights", c, seq, f"turn {turn}: {e['tiles']} tiles by carpet")
        elif kind == "tile_revealed":
            revealed.add(_hex(e["hex"]))
            if e["biome"] == "mountain":
                mountains.add(_hex(e["hex"]))
                hit.add(str(e["company"]))
            if len(revealed) == LANDSCAPE_TILES:
                read.credit("marco-polo", companies, seq,
                            f"turn {turn}: all {LANDSCAPE_TILES} tiles discovered")
        elif kind == "parachute_opened":
            for p in e["parcels"]:
                saved_by[str(p)] = str(e["company"])
        elif kind == "lightning_struck":
            struck.update(str(c) for c in e["companies"])
        elif kind == "asteroid_activated":
            boosted.add(str(e["company"]))
        elif kind == "asteroid_saved":
            read.add("lucky-star", str(e["company"]), seq,
                     f"turn {turn}: saved {', '.join(e['saved'])}")
        elif kind in ("aircraft_carried", "aircraft_ejected"):
            moved(str(e["company"]), _hex(e["to"]), seq)
        elif kind == "emergency_landing":
            c = str(e["company"])
            landings[c] += 1
            if landings[c] >= 3:
                read.add("tourist", c, seq, f"{landings[c]} emergency landings")
        elif kind == "aircraft_destroyed":
            c = str(e["company"])
            crashes[c] += 1
            last_crash[c] = seq
            tracks[c].reset(None)
            if in_weather:
                phase_crashes.append(c)
            if e.get("cause") == "lost":
                left_board[c] += 1
            if terrain is not None and "sea" in terrain.biomes.get(_hex(e["hex"]), ()):
                read.add("alone-in-the-world", c, seq, f"crashed on the sea at {e['hex']}")
            if crashes[c] >= 3:
                read.add("satanas-and-diabolo", c, seq, f"{crashes[c]} crashes")
        elif kind == "aircraft_rebuilt":
            c = str(e["company"])
            tracks[c].reset(_hex(e["hex"]))
            if e.get("boost") == "consumed":
                boosted.add(c)
        elif kind == "boost_activated":
            boosted.add(str(e["company"]))
        elif kind == "jerrycan_flipped":
            flipped.add(str(e["company"]))
        elif kind == "parcels_lost":
            c = str(e["company"])
            if e.get("reason") == "overboard":
                read.add("double-standards", c, seq, f"threw {', '.join(e['parcels'])}")
            elif e.get("reason") == "crash" and c in last_crash:
                kilos = sum(read.weights.get(p, 0) for p in e["parcels"])
                if kilos >= GREMLINS_KILOS:
                    read.add("gremlins", c, seq, f"{kilos} kilos lost in one crash")
        elif kind == "delivered":
            zone = str(e["company"])
            for p in e["parcels"]:
                if p in saved_by:
                    read.add("golden-parachute", saved_by.pop(p), seq,
                             f"{p} saved by the Parachute and delivered")
            delivered[zone] += len(e["parcels"])
            if read.mode == "classic" and delivered[zone] >= 4:
                read.add("four-leaf-clover", zone, seq, f"{delivered[zone]} parcels delivered")
            if read.mode != "classic" and delivered[zone] >= 5:
                read.credit("high-five", team_of.get(zone, (zone,)), seq,
                            f"5 {zone} parcels delivered")
        elif kind == "game_end":
            end = e
    close_weather(int(events[-1]["seq"]) if events else 0)
    if end is not None:
        _ending(read, end, flew, boosted, flipped, crashes, hit, struck)
        if read.night:
            _night_ending(read, end, revealed, hit)
    tallies = {c: Tally(c in flew, left_board[c]) for c in companies}
    return GameMissions(companies, pilots, end is not None, tuple(read.found), tallies)


def _night_ending(read: _Read, end: Event, revealed: set[Hx], hit: set[str]) -> None:
    """The missions a finished NIGHT FLIGHT game decides for the whole table."""
    seq = int(end["seq"])
    if 2 * len(revealed) < LANDSCAPE_TILES:
        read.credit("nyctalope", read.companies, seq,
                    f"{len(revealed)} of {LANDSCAPE_TILES} tiles discovered")
    if not hit:
        read.credit("hallucinated-mountains", read.companies, seq, "no mountain discovered")


def _ending(read: _Read, end: Event, flew: set[str], boosted: set[str], flipped: set[str],
            crashes: Counter[str], hit: set[str], struck: set[str]) -> None:
    """The missions a finished game decides: wins, a whole game without BOOST or crash."""
    seq = int(end["seq"])
    rows = {str(r["player"]): r for r in end["scores"]}
    winners: set[str] = set()
    if read.mode == "classic":
        alone = _sole_winner(end["scores"], "player")
        winners = {alone} if alone is not None else set()
    else:
        best = _sole_winner(end.get("teams", ()), "team")
        for t in end.get("teams", ()):
            if t["team"] == best:
                winners = {str(c) for c in t["companies"]}
                if int(t["score"]) >= UNITY_POINTS:
                    read.credit("unity-is-strength", winners, seq,
                                f"team {t['team']} won with {t['score']} points")
    for c in read.companies:
        row = rows.get(c, {})
        score, parcels = int(row.get("score", 0)), int(row.get("parcels", 0))
        calm = c in flew and c not in boosted
        if calm:
            read.add("keep-calm", c, seq, "no BOOST used")
        if c in flew and c not in crashes:
            read.add("against-wind-and-tide", c, seq, "no crash")
        if c not in winners:
            continue
        if calm:
            read.add("and-carry-on", c, seq, "won without a BOOST")
        if c in struck:
            read.add("faraday-cage", c, seq, "won after a Lightning strike")
        if read.mode == "classic" and score >= AIRLINE_POINTS:
            read.add("airline-pilot", c, seq, f"won with {score} points")
        if read.mode == "classic" and parcels == 2:
            read.add("mail-carrier", c, seq, "won with 2 parcels delivered")
        if read.night:
            read.add("reach-for-the-moon", c, seq, "won a NIGHT FLIGHT game")
            if c in hit:
                read.add("no-animal", c, seq, "won after hitting a mountain")
        if c in read.expert:
            read.add("flying-ace", c, seq, "won in EXPERT mode")
            if c not in flipped:
                read.add("oil-shock", c, seq, "won without flipping a Jerrycan")


def career(games: Sequence[GameMissions], before: Mapping[str, Tally] | None = None,
           played: Mapping[str, int] | None = None
           ) -> tuple[list[tuple[int, Achievement]], dict[str, int], dict[str, int]]:
    """The career missions of ``games`` in order, for pilots who had already taken off in
    ``played`` games and left the board ``before`` times: (index of the game, achievement)
    pairs, and the pilots' counts after the games (games taken off in, times lost outside
    the board)."""
    took = dict(played or {})
    left = {p: t.left_board for p, t in (before or {}).items()}
    out: list[tuple[int, Achievement]] = []
    for n, game in enumerate(games):
        flew: dict[str, str] = {}  # pilot -> its first company that took off (mode
        lost: dict[str, tuple[str, int]] = {}  # two-companies: one pilot, two companies)
        for company in game.companies:
            pilot, tally = game.pilots[company], game.tallies[company]
            if tally.took_off:
                flew.setdefault(pilot, company)
            if tally.left_board:
                first, times = lost.get(pilot, (company, 0))
                lost[pilot] = (first, times + tally.left_board)
        for pilot, company in flew.items():
            took[pilot] = took.get(pilot, 0) + 1
            if took[pilot] <= len(TAKE_OFF_GAMES):
                out.append((n, Achievement(TAKE_OFF_GAMES[took[pilot] - 1], company, 0,
                                           f"game {took[pilot]} taken off")))
        for pilot, (company, times) in lost.items():
            before_game = left.get(pilot, 0)
            left[pilot] = before_game + times
            if before_game < LEFT_BOARD_TIMES <= left[pilot]:
                out.append((n, Achievement("the-4th-dimension", company, 0,
                                           f"left the board {left[pilot]} times")))
    return out, took, left
