"""Section 12, "Missions", decided from game logs (``rules.turbulences.missions``): a
hand-built log per mission quoting the rulebook's sentence, what each golden log achieves,
and the catalogue of every mission with its status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skyhex.games.turbulences_missions import read_events
from skyhex.rules.turbulences.missions import (
    BY_KEY,
    MISSIONS,
    Event,
    Status,
    Tally,
    Terrain,
    career,
    decide,
)

from ..missions_logs import (
    GOLDEN,
    boost,
    delivered,
    destroyed,
    game_end,
    journey,
    log,
    lost,
    moved,
    ndjson,
    night_end,
    rebuilt,
    revealed,
    round_,
    score,
    sheltered,
    weather,
)


def achieved(events: list[Event]) -> set[tuple[str, str]]:
    """(mission, company) pairs achieved in the log."""
    return {(a.mission, a.company) for a in decide(events).achievements}


def who(events: list[Event], mission: str) -> set[str]:
    return {c for m, c in achieved(events) if m == mission}


RED_WINS = game_end(9, score("red", 15, 1, 3), score("blue", 9, 2, 2))
"""The end of a CLASSIC game of turbulences-2's setup that red wins with 15 points."""


def test_every_hand_built_log_is_a_valid_log(tmp_path: Path) -> None:
    """The hand-built logs below pass the same checks as any log read from a file."""
    for n, events in enumerate(LOGS):
        path = tmp_path / f"{n}.ndjson"
        path.write_text(ndjson(events))
        assert read_events(str(path)) == events


def test_looping() -> None:
    """"LOOPING: Turn in circles with a bonus movement.": a journey that used its bonus
    movement and ended on the tile it started from."""
    events = log(weather(1, "blue"),
                 journey("blue", (0, 0), (1, -1), (1, 0), (0, 0), bonus=True),
                 journey("red", (0, 2), (1, 1), (1, 2), (0, 3), bonus=True))
    assert who(events, "looping") == {"blue"}
    assert who(log(journey("blue", (0, 0), (1, -1), (0, 0))), "looping") == set()


def test_cut_the_wind() -> None:
    """"CUT THE WIND (Fendre la bise): Advance 6 tiles in one phase (with the BOOST).\""""
    events = log(weather(1, "blue"),
                 journey("blue", (3, -4), (3, -3), (3, -2), (2, -1), bonus=True),
                 boost("blue"),
                 journey("blue", (2, -1), (1, -1), (1, 0), (0, 1), bonus=True, boost=True))
    assert who(events, "cut-the-wind") == {"blue"}
    split = log(weather(1, "blue"),
                journey("blue", (3, -4), (3, -3), (3, -2), (2, -1), bonus=True),
                round_(2, "red"), weather(2, "red"), boost("blue"),
                journey("blue", (2, -1), (1, -1), (1, 0), (0, 1), bonus=True, boost=True))
    assert who(split, "cut-the-wind") == set()


def test_keep_calm_and_carry_on() -> None:
    """"KEEP CALM...: Do not use your BOOST during a game..." "... AND CARRY ON: ... and
    win it anyway!\""""
    events = log(weather(1, "blue"), journey("blue", (3, -4), (3, -3)), boost("blue"),
                 journey("blue", (3, -3), (3, -2), boost=True),
                 journey("red", (-2, 4), (-2, 3)), RED_WINS)
    assert who(events, "keep-calm") == {"red"}
    assert who(events, "and-carry-on") == {"red"}
    # consuming the BOOST to take off from another city of its region is using it
    rebuilt_away = log(weather(1, "blue"), journey("red", (-2, 4), (-2, 3)),
                       rebuilt("red", (-3, 4), "consumed"), RED_WINS)
    assert who(rebuilt_away, "keep-calm") == set()
    assert who(log(weather(1, "blue"), journey("red", (-2, 4), (-2, 3))), "keep-calm") == set()


RING = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)]
"""The six tiles around (0, 0), clockwise."""


def laps(company: str, start: int, n: int) -> list[Event]:
    """Journeys of two tiles each round the mountain at (0, 0), ``n`` times round."""
    hexes = [RING[(start + k) % 6] for k in range(6 * n + 1)]
    return [journey(company, hexes[k], hexes[k + 1], hexes[k + 2])
            for k in range(0, len(hexes) - 2, 2)]


def test_mosquito() -> None:
    """"MOSQUITO: Make 3 laps around a Mountain without crashing.\""""
    mountain = sheltered(1, (0, 2), (0, 0))
    events = log(weather(1, "blue"), mountain, *laps("blue", 5, 3))
    assert who(events, "mosquito") == {"blue"}
    two = log(weather(1, "blue"), mountain, *laps("blue", 5, 2))
    assert who(two, "mosquito") == set()
    crashed = log(weather(1, "blue"), mountain, *laps("blue", 5, 2),
                  destroyed("blue", (0, -1), "storm", "storm"), rebuilt("blue", (3, -4)),
                  journey("blue", (3, -4), (2, -3), (1, -2)),
                  journey("blue", (1, -2), (0, -1), (1, -1)), *laps("blue", 0, 2))
    assert who(crashed, "mosquito") == set()
    # a mountain the log never names (no cloud blocked or sheltered by it) is not known
    assert who(log(weather(1, "blue"), *laps("blue", 5, 3)), "mosquito") == set()
    # ... unless the scenario's landscape is given
    land = Terrain({(0, 0): frozenset({"mountain"})})
    assert who_on(land, log(weather(1, "blue"), *laps("blue", 5, 3)), "mosquito") == {"blue"}


def who_on(terrain: Terrain, events: list[Event], mission: str) -> set[str]:
    return {a.company for a in decide(events, terrain).achievements if a.mission == mission}


def landscape(mountains: int) -> Terrain:
    """37 tiles: ``mountains`` mountains, sea on the row r = 1, a half-tile of plain and sea
    at (-3, 0), plain elsewhere."""
    tiles = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]
    peaks = [(0, 0), (2, -2), (-2, 2)][:mountains]
    return Terrain({h: frozenset({"mountain" if h in peaks else "sea" if h[1] == 1
                                  else "plain"} | ({"sea"} if h == (-3, 0) else set()))
                    for h in tiles})


def test_reaching_the_summits_and_moving_mountains() -> None:
    """"REACHING THE SUMMITS: Create a landscape with 2 Mountains." "MOVING MOUNTAINS:
    Create a landscape with 3 Mountains." The whole table created it; the landscape is the
    scenario's (a log does not carry it)."""
    events = log(weather(1, "blue"))
    assert who_on(landscape(2), events, "reaching-the-summits") == {"red", "blue"}
    assert who_on(landscape(2), events, "moving-mountains") == set()
    assert who_on(landscape(3), events, "moving-mountains") == {"red", "blue"}
    assert who_on(landscape(3), events, "reaching-the-summits") == set()
    assert who(events, "reaching-the-summits") == set()  # no landscape, no decision


def test_alone_in_the_world() -> None:
    """"ALONE IN THE WORLD: Crash on a SEA tile.\""""
    land = landscape(2)
    assert who_on(land, log(destroyed("red", (0, 1), "storm", "storm")),
                  "alone-in-the-world") == {"red"}
    assert who_on(land, log(destroyed("red", (0, 2), "storm", "storm")),
                  "alone-in-the-world") == set()
    # a hex of two half-tiles, one of them SEA
    assert who_on(land, log(destroyed("red", (-3, 0), "collision", "A", other="blue")),
                  "alone-in-the-world") == {"red"}
    # lost outside the board: no tile
    assert who_on(land, log(destroyed("red", (0, 4), "lost", "G")),
                  "alone-in-the-world") == set()


def test_airline_pilot() -> None:
    """"AIRLINE PILOT: Win with at least 15 points." (In CLASSIC Mode)"""
    assert who(log(RED_WINS), "airline-pilot") == {"red"}
    close = game_end(9, score("red", 14, 1, 3), score("blue", 9, 2, 2))
    assert who(log(close), "airline-pilot") == set()
    # "If the tie persists... Play another game!": nobody won
    tie = game_end(9, score("red", 15, 1, 3), score("blue", 15, 1, 3))
    assert who(log(tie), "airline-pilot") == set()


def test_mail_carrier() -> None:
    """"SETTING OFF AS A MAIL CARRIER (Partir en facteur): Win with only 2 Parcels
    delivered.\""""
    end = game_end(9, score("red", 12, 1, 2), score("blue", 10, 2, 3))
    assert who(log(end), "mail-carrier") == {"red"}
    assert who(log(RED_WINS), "mail-carrier") == set()


def test_four_leaf_clover() -> None:
    """"FOUR-LEAF CLOVER: Deliver 4 Parcels of the same colour." (In CLASSIC Mode)"""
    three = [delivered("red", ["red-1"]), delivered("red", ["red-3", "red-4"])]
    assert who(log(*three), "four-leaf-clover") == set()
    assert who(log(*three, delivered("red", ["red-5"])), "four-leaf-clover") == {"red"}


TEAMS_END = [score("red", 15, 1, 3), score("blue", 10, 2, 2), score("green", 9, 3, 2),
             score("yellow", 8, 4, 2)]


def teams(red_blue: int) -> list[Event]:
    return [{"team": "red+blue", "companies": ["red", "blue"], "score": red_blue, "rank": 1,
             "parcels": 5},
            {"team": "north", "companies": ["green", "yellow"], "score": 17, "rank": 2,
             "parcels": 4}]


def test_unity_is_strength() -> None:
    """"UNITY IS STRENGTH: Win as a duo with 25 points or more." Both partners earn it."""
    won = log(game_end(9, *TEAMS_END, teams=teams(25)), setup="turbulences-teams-4")
    assert who(won, "unity-is-strength") == {"red", "blue"}
    short = log(game_end(9, *TEAMS_END, teams=teams(24)), setup="turbulences-teams-4")
    assert who(short, "unity-is-strength") == set()
    # a team game is not a CLASSIC one: red's 15 points make no AIRLINE PILOT
    assert who(won, "airline-pilot") == set()


def test_high_five() -> None:
    """"HIGH FIVE (Tape m'en cinq!): Deliver 5 Parcels of the same colour." (In a Team)"""
    four = [delivered("yellow", ["yellow-1", "yellow-2"], by="green"),
            delivered("yellow", ["yellow-3"]), delivered("yellow", ["yellow-4"], by="green")]
    assert who(log(*four, setup="turbulences-teams-4"), "high-five") == set()
    five = log(*four, delivered("yellow", ["yellow-5"]), setup="turbulences-teams-4")
    assert who(five, "high-five") == {"yellow", "green"}
    # 4 in a team game is no FOUR-LEAF CLOVER (a CLASSIC mission)
    assert who(five, "four-leaf-clover") == set()


EXPERT_END = [score("red", 14, 1, 3), score("blue", 10, 2, 2), score("green", 6, 3, 1),
              score("yellow", 5, 4, 1)]


def test_flying_ace_and_oil_shock() -> None:
    """"FLYING ACE (As du pilotage): Win a game in EXPERT Mode." "OIL SHOCK (Choc
    pétrolier): Win without using a Jerrycan.\""""
    won = log(game_end(13, *EXPERT_END), setup="turbulences-expert-4")
    assert who(won, "flying-ace") == {"red"} and who(won, "oil-shock") == {"red"}
    flipped = log({"type": "jerrycan_flipped", "company": "red", "value": 5, "fuel": 9,
                   "lost": 0, "entry": 3}, game_end(13, *EXPERT_END),
                  setup="turbulences-expert-4")
    assert who(flipped, "flying-ace") == {"red"} and who(flipped, "oil-shock") == set()
    # yellow flies CLASSIC at this mixed table
    yellow = [score("yellow", 14, 1, 3), *(dict(r, rank=r["rank"] + 1) for r in EXPERT_END
                                          if r["player"] != "yellow")]
    classic = log(game_end(13, *yellow), setup="turbulences-expert-4")
    assert who(classic, "flying-ace") == set() and who(classic, "oil-shock") == set()


def expert_journey(fuel: int, altitude_spent: int, **crossing: object) -> Event:
    return journey("green", (0, -2), (0, -1), fuel_spent=0, altitude_spent=altitude_spent,
                   altitude_gained=0, fuel=fuel, altitude=0, **crossing)


def test_gliding_for_me() -> None:
    """"GLIDING FOR ME (Ça plane pour moi): Glide with 0 FUEL in the tank.\""""
    setup = "turbulences-expert-4"
    assert who(log(expert_journey(0, 1), setup=setup), "gliding-for-me") == {"green"}
    assert who(log(expert_journey(1, 1), setup=setup), "gliding-for-me") == set()
    # ALTITUDE spent crossing an obstacle is not gliding
    crossing = expert_journey(0, 1, crossed=[0, -1], height=1)
    assert who(log(crossing, setup=setup), "gliding-for-me") == set()


def test_leapfrog() -> None:
    """"LEAPFROG (Saute-mouton): Cross a big Tempest (3 Storms).\""""
    setup = "turbulences-expert-4"
    big = expert_journey(3, 3, crossed=[0, -1], height=3)
    assert who(log(big, setup=setup), "leapfrog") == {"green"}
    small = expert_journey(3, 2, crossed=[0, -1], height=2)
    assert who(log(small, setup=setup), "leapfrog") == set()


def test_gremlins() -> None:
    """"GREMLINS: Lose at least 9 kilos in a single crash." (red-2 weighs 5, red-5 4 and
    red-4 3 in this setup)"""
    crash = destroyed("red", (0, 1), "storm", "storm")
    assert who(log(crash, lost("red", ["red-2", "red-5"], "crash")), "gremlins") == {"red"}
    assert who(log(crash, lost("red", ["red-2", "red-4"], "crash")), "gremlins") == set()
    # thrown overboard is no crash
    assert who(log(lost("red", ["red-2", "red-5"], "overboard", entry=2)), "gremlins") == set()


def test_satanas_and_diabolo() -> None:
    """"SATANAS AND DIABOLO: Suffer 3 crashes during the same game.\""""
    crash = destroyed("blue", (1, 1), "storm", "storm")
    assert who(log(crash, crash), "satanas-and-diabolo") == set()
    assert who(log(crash, crash, crash), "satanas-and-diabolo") == {"blue"}


def test_so_much_for_the_wind() -> None:
    """"SO MUCH FOR THE WIND (Autant en emporte le vent): 6 Aircraft destroyed in a single
    weather phase." The whole table earns it."""
    colours = ["red", "blue", "green", "yellow", "purple", "white"]
    crashes = [destroyed(c, (k, 0), "storm", "storm") for k, c in enumerate(colours)]
    events = log(weather(3, "red"), *crashes, setup="turbulences-6")
    assert who(events, "so-much-for-the-wind") == set(colours)
    assert who(log(weather(3, "red"), *crashes[:5], setup="turbulences-6"),
               "so-much-for-the-wind") == set()
    # one of them blocked in the piloting phase: five in the weather phase
    piloting = [*crashes[:5], dict(crashes[5], cause="blocked", entry=4)]
    assert who(log(weather(3, "red"), *piloting, setup="turbulences-6"),
               "so-much-for-the-wind") == set()


def test_against_wind_and_tide() -> None:
    """"AGAINST WIND AND TIDE (Contre vents et marées): Finish a game without a single
    crash.\""""
    crash = destroyed("blue", (1, 1), "storm", "storm")
    flights = [journey("red", (-2, 4), (-2, 3)), journey("blue", (3, -4), (3, -3))]
    assert who(log(*flights, crash, RED_WINS), "against-wind-and-tide") == {"red"}
    assert who(log(*flights, crash), "against-wind-and-tide") == set()  # not finished
    # a company that never took off has not finished a game
    assert who(log(RED_WINS), "against-wind-and-tide") == set()


def test_tourist() -> None:
    """"TOURIST: Make an emergency landing 3 times in the same game.\""""
    landing = {"type": "emergency_landing", "company": "red", "hex": [-4, 1], "case": "D",
               "airport": False}
    assert who(log(landing, landing), "tourist") == set()
    assert who(log(landing, landing, landing), "tourist") == {"red"}


def test_double_standards() -> None:
    """"DOUBLE STANDARDS (Deux poids, deux mesures): Throw a Parcel overboard.\""""
    assert who(log(lost("blue", ["blue-1"], "overboard", entry=1)), "double-standards") == \
        {"blue"}
    assert who(log(destroyed("blue", (1, 1), "storm", "storm"),
                   lost("blue", ["blue-1"], "crash")), "double-standards") == set()


def test_he_who_sows_the_wind() -> None:
    """"HE WHO SOWS THE WIND... (Qui sème le vent...): Create a gigantic Tempest (4
    Storms)." The first player, who flicked the Wind Rose, created it."""
    def stacked(tokens: list[int]) -> Event:
        return {"type": "cloud_stacked", "token": tokens[-1], "hex": [0, 1],
                "tokens": tokens, "tempest": "grew"}

    assert who(log(weather(4, "red"), stacked([1, 2, 3, 4])), "he-who-sows-the-wind") == \
        {"red"}
    assert who(log(weather(4, "red"), stacked([1, 2, 3])), "he-who-sows-the-wind") == set()


def test_doldrums() -> None:
    """"DOLDRUMS (Pot au noir): All Clouds on the landscape are Storms." A windy weather
    phase names every cloud on the landscape; the whole table sees the sky."""
    storms = [moved(1, "storm", (0, 1), (0, 0)), moved(2, "storm", (1, 1), (1, 0)),
              moved(3, "storm", (-1, 1), (-1, 0))]
    assert who(log(weather(5, "blue"), *storms), "doldrums") == {"red", "blue"}
    one_cumulus = [*storms[:2], moved(3, "cumulus", (-1, 1), (-1, 0))]
    assert who(log(weather(5, "blue"), *one_cumulus), "doldrums") == set()
    # a sheltered cloud whose side the log never told cannot be counted a storm
    unknown = [*storms[:2], sheltered(3, (-1, 1), (0, 2))]
    assert who(log(weather(5, "blue"), *unknown), "doldrums") == set()


def test_take_off_careers() -> None:
    """"TAKING YOUR OWN WINGS: Take off for the first game." "SECOND WIND: Take off for the
    second game." "NEVER TWO WITHOUT THREE: Take off for the third game." A game in which
    the aircraft never flew does not count."""
    both = decide(log(journey("red", (-2, 4), (-2, 3)), journey("blue", (3, -4), (3, -3))))
    red = decide(log(journey("red", (-2, 4), (-2, 3))))
    won, took, _ = career([both, red, both])
    assert [(n, a.mission, a.company) for n, a in won] == [
        (0, "taking-your-own-wings", "red"), (0, "taking-your-own-wings", "blue"),
        (1, "second-wind", "red"),
        (2, "never-two-without-three", "red"), (2, "second-wind", "blue")]
    assert took == {"red": 3, "blue": 2}
    # a career file that had counted two games already
    won, _, _ = career([both], played={"red": 2})
    assert [(a.mission, a.company) for _, a in won] == [
        ("never-two-without-three", "red"), ("taking-your-own-wings", "blue")]
    # mode two-companies: one pilot flies two companies, one game
    two = log(journey("red", (-2, 4), (-2, 3)), journey("blue", (3, -4), (3, -3)))
    two[0] = two_companies(two[0])
    won, took, _ = career([decide(two)])
    assert [(a.mission, a.company) for _, a in won] == [("taking-your-own-wings", "red")]
    assert took == {"Ann": 1}


def two_companies(setup: Event) -> Event:
    """turbulences-2's setup played by one pilot, Ann, with both companies."""
    return {**setup, "mode": "two-companies",
            "companies": [{**c, "player": "Ann"} for c in setup["companies"]],
            "teams": [{"team": "Ann", "companies": ["red", "blue"]}]}


def test_the_4th_dimension() -> None:
    """"THE 4TH DIMENSION: Leave the board 4 times (four boxes to tick).": lost outside the
    board (case G), counted across games."""
    gone = destroyed("red", (-4, 5), "lost", "G")
    three = decide(log(gone, gone, gone))
    one = decide(log(gone))
    assert three.tallies["red"] == Tally(False, 3)
    won, _, left = career([three])
    assert not [a for _, a in won if a.mission == "the-4th-dimension"]
    won, _, left = career([three, one])
    assert [(n, a.company) for n, a in won if a.mission == "the-4th-dimension"] == [(1, "red")]
    assert left == {"red": 4}
    won, _, _ = career([one], {"red": Tally(False, 3)})
    assert [a.mission for _, a in won] == ["the-4th-dimension"]


NIGHT = "turbulences-night-3"  # the setup of a NIGHT FLIGHT game: red, blue, green
GREEN_WINS_THE_NIGHT = night_end(18, score("green", 13, 1, 3), score("blue", 12, 2, 2),
                                 score("red", 11, 3, 2))
ALL_TILES = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]


def test_reach_for_the_moon() -> None:
    """"REACH FOR THE MOON (Décrocher la lune): Win a game in NIGHT FLIGHT Mode.": the
    winner of a night game; nobody in a game by day, nor in a tied night."""
    assert who(log(GREEN_WINS_THE_NIGHT, setup=NIGHT), "reach-for-the-moon") == {"green"}
    assert who(log(RED_WINS), "reach-for-the-moon") == set()
    tie = night_end(18, score("green", 13, 1, 3), score("blue", 13, 1, 3),
                    score("red", 11, 3, 2))
    assert who(log(tie, setup=NIGHT), "reach-for-the-moon") == set()


def test_no_animal_would_have_done_it() -> None:
    """"NO ANIMAL WOULD HAVE DONE IT (Aucune bête ne l'aurait fait): Win after having hit a
    Mountain.": the winner whose aircraft flipped a mountain tile (and was destroyed)."""
    hit = [revealed("green", (0, 0), "mountain"), destroyed("green", (0, 0), "mountain", "-")]
    hit[1].pop("case")
    assert who(log(*hit, GREEN_WINS_THE_NIGHT, setup=NIGHT), "no-animal") == {"green"}
    blue_hit = [revealed("blue", (0, 0), "mountain")]
    assert who(log(*blue_hit, GREEN_WINS_THE_NIGHT, setup=NIGHT), "no-animal") == set()


def test_marco_polo() -> None:
    """"MARCO POLO: Discover all the landscape tiles.": the table, when the 37th tile is
    flipped (by whichever company)."""
    flips = [revealed("red" if k % 2 else "blue", h, "desert")
             for k, h in enumerate(ALL_TILES)]
    assert len(flips) == 37
    assert who(log(*flips, setup=NIGHT), "marco-polo") == {"red", "blue", "green"}
    assert who(log(*flips[:-1], setup=NIGHT), "marco-polo") == set()


def test_nyctalope() -> None:
    """"NYCTALOPE: Discover fewer than half of the landscape tiles.": a finished night
    game with 18 tiles flipped or fewer (of 37)."""
    flips = [revealed("red", h, "plain") for h in ALL_TILES]
    assert who(log(*flips[:18], GREEN_WINS_THE_NIGHT, setup=NIGHT), "nyctalope") == \
        {"red", "blue", "green"}
    assert who(log(*flips[:19], GREEN_WINS_THE_NIGHT, setup=NIGHT), "nyctalope") == set()
    assert who(log(*flips[:3], setup=NIGHT), "nyctalope") == set()  # not finished


def test_hallucinated_mountains() -> None:
    """"HALLUCINATED MOUNTAINS (Montagnes hallucinées): Discover no Mountain.": a finished
    night game in which no mountain tile was flipped."""
    seas = [revealed("red", (0, 0), "sea"), revealed("blue", (1, 0), "desert")]
    assert who(log(*seas, GREEN_WINS_THE_NIGHT, setup=NIGHT), "hallucinated-mountains") \
        == {"red", "blue", "green"}
    mountain = revealed("blue", (2, 0), "mountain")
    assert who(log(*seas, mountain, GREEN_WINS_THE_NIGHT, setup=NIGHT),
               "hallucinated-mountains") == set()
    assert who(log(RED_WINS), "hallucinated-mountains") == set()  # a game by day


LOGS = [
    log(weather(1, "blue"), journey("blue", (0, 0), (1, -1), (1, 0), (0, 0), bonus=True)),
    [two_companies(log()[0])],
    log(weather(1, "blue"), sheltered(1, (0, 2), (0, 0)), *laps("blue", 5, 3), boost("blue"),
        rebuilt("red", (-3, 4), "consumed"), RED_WINS),
    log(game_end(9, *TEAMS_END, teams=teams(25)), delivered("yellow", ["yellow-5"], by="green"),
        setup="turbulences-teams-4"),
    log(expert_journey(0, 1), expert_journey(3, 3, crossed=[0, -1], height=3),
        {"type": "jerrycan_flipped", "company": "red", "value": 5, "fuel": 9, "lost": 0,
         "entry": 3}, setup="turbulences-expert-4"),
    log(weather(3, "red"), destroyed("red", (0, 1), "lost", "G"),
        lost("red", ["red-2"], "crash"), lost("white", ["white-1"], "overboard", entry=3),
        {"type": "emergency_landing", "company": "red", "hex": [-4, 1], "case": "D",
         "airport": False}, moved(1, "storm", (0, 1), (0, 0)),
        {"type": "cloud_stacked", "token": 4, "hex": [0, 1], "tokens": [1, 2, 3, 4],
         "tempest": "grew"}, round_(4, "blue"), setup="turbulences-6"),
    log(revealed("red", (0, 0), "mountain"), revealed("blue", (1, 0), "sea"),
        revealed("green", (2, 0), "desert"), GREEN_WINS_THE_NIGHT, setup=NIGHT),
]
"""Hand-built logs using every kind of event above, checked as a file would be."""


GOLDEN_ACHIEVEMENTS = {
    "turbulences-2": {("against-wind-and-tide", "red"), ("against-wind-and-tide", "blue")},
    "turbulences-6": {
        ("looping", "white"), ("looping", "red"), ("looping", "green"),
        ("cut-the-wind", "green"), ("cut-the-wind", "purple"), ("airline-pilot", "purple"),
        *(("against-wind-and-tide", c) for c in ("red", "blue", "green", "yellow"))},
    "turbulences-expert-4": {("cut-the-wind", "green"), ("cut-the-wind", "blue"),
                             ("gliding-for-me", "green"), ("against-wind-and-tide", "yellow")},
    "turbulences-night-3": {("reach-for-the-moon", "blue"), ("against-wind-and-tide", "blue"),
                            ("against-wind-and-tide", "green")},
    "turbulences-night-expert-4": {
        ("looping", "blue"), ("satanas-and-diabolo", "red"), ("mail-carrier", "red"),
        ("reach-for-the-moon", "red"), ("no-animal", "red"), ("flying-ace", "red")},
    "turbulences-powers-6": {
        ("1001-nights", "red"), ("faraday-cage", "blue"), ("golden-parachute", "white"),
        ("airline-pilot", "blue"),
        ("cut-the-wind", "yellow"),
        *(("looping", c) for c in ("blue", "purple", "white", "yellow")),
        *(("against-wind-and-tide", c) for c in ("blue", "yellow"))},
    "turbulences-teams-4": {
        ("double-standards", "green"), ("double-standards", "blue"),
        ("double-standards", "yellow"), ("cut-the-wind", "red"),
        *(("against-wind-and-tide", c) for c in ("red", "blue", "green", "yellow"))},
}
"""What the golden games achieve, each checked by reading the log: white's turn-3 journey
(-3,0) > (-2,-1) > (-2,0) > (-3,0) with its bonus; green's 3 tiles into its airport and 3
back with the BOOST in turn 4; purple's 15 points alone at rank 1; green's journey at seq
193 paying 1 ALTITUDE with 0 FUEL left; the crashes of purple and white, of red, blue and
green; three parcels thrown overboard in the team game."""


@pytest.mark.parametrize("name", sorted(GOLDEN_ACHIEVEMENTS))
def test_golden_logs(name: str) -> None:
    events = [json.loads(line) for line in (GOLDEN / f"{name}.ndjson").open()]
    assert achieved(events) == GOLDEN_ACHIEVEMENTS[name]
    assert decide(events).finished


def test_the_catalogue_holds_every_mission_of_section_12() -> None:
    """Every mission of the rulebook's section 12 is listed once, with why software cannot
    decide those it does not."""
    text = (Path(__file__).parents[2] / "docs" / "missions.md").read_text()
    assert len(MISSIONS) == len(BY_KEY) == 64
    decided = [m for m in MISSIONS if m.status in (Status.GAME, Status.CAREER)]
    assert len(decided) == 36
    assert len([m for m in MISSIONS if m.status is Status.SCENARIO]) == 3
    for m in MISSIONS:
        assert m.note and m.text
        assert f"**{m.name}**" in text, m.name
