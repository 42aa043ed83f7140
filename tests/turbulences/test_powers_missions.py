"""The Collector missions that the special powers decide (section 12, docs/missions.md),
each from hand-built logs that achieve it and others that fall just short, every log valid
as a file would be."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from skyhex.games.turbulences_missions import read_events
from skyhex.rules.turbulences.missions import decide

from ..missions_logs import (
    delivered,
    destroyed,
    game_end,
    journey,
    log,
    ndjson,
    score,
    weather,
)

Event = dict[str, Any]
SETUP = "turbulences-powers-6"  # red fakir, blue savoia, green besixdouze, yellow biplane...


def powers_log(*events: Event) -> list[Event]:
    return log(*events, setup=SETUP)


def who(events: list[Event], mission: str) -> set[str]:
    return {a.company for a in decide(events).achievements if a.mission == mission}


def opened(company: str, parcels: list[str]) -> Event:
    return {"type": "parachute_opened", "company": company, "hex": [-3, 1], "token": 8,
            "parcels": parcels}


def rescued(company: str, saved: list[str]) -> Event:
    return {"type": "parachute_rescued", "company": company, "hex": [-3, 1], "saved": saved,
            "thrown": [], "lost": [], "entry": 4}


def struck(*companies: str) -> Event:
    return {"type": "lightning_struck", "hex": [0, 0], "token": 3,
            "companies": list(companies), "parachute": False, "lost": []}


def blue_wins() -> Event:
    return game_end(9, score("blue", 16, 1, 3), score("red", 9, 2, 2), score("green", 5, 3, 1),
                    score("yellow", 4, 4, 1), score("purple", 2, 5, 1), score("white", 0, 6, 0))


GOLDEN_PARACHUTE = powers_log(
    weather(5, "white"), destroyed("white", (-3, 1), "storm", "storm"),
    opened("white", ["white-5"]), rescued("white", ["white-5"]),
    delivered("white", ["white-5"], entry=5))
NOT_SAVED = powers_log(
    weather(5, "white"), destroyed("white", (-3, 1), "storm", "storm"),
    opened("white", ["white-5"]), delivered("white", ["white-4"], entry=5))
PIGS_TURN = powers_log(journey("blue", (2, 2), (2, 1), (2, 0), power="dodge", blocked=True))
FREE_DODGE = powers_log(journey("blue", (2, 2), (2, 1), (2, 0), power="dodge"),
                        journey("blue", (1, 0), (1, -1), (1, -2), power="dodge", blocked=True))
LUCKY_STAR = powers_log(weather(4, "green"), {"type": "asteroid_saved", "company": "green",
                                              "saved": ["yellow"]})
NIGHTS = powers_log(journey("red", (-3, 3), (2, -3), power="flying-carpet", tiles=7))
SHORT_CARPET = powers_log(journey("red", (-3, 3), (3, -3), power="flying-carpet", tiles=6))
FARADAY = powers_log(weather(3, "blue"), struck("blue", "red"), blue_wins())
LOGS = [GOLDEN_PARACHUTE, NOT_SAVED, PIGS_TURN, FREE_DODGE, LUCKY_STAR, NIGHTS, SHORT_CARPET,
        FARADAY]


def test_the_hand_built_logs_are_valid_logs(tmp_path: Path) -> None:
    for n, events in enumerate(LOGS):
        path = tmp_path / f"{n}.ndjson"
        path.write_text(ndjson(events))
        assert read_events(str(path)) == events


def test_golden_parachute() -> None:
    """"GOLDEN PARACHUTE: Save a Parcel with the Parachute and deliver it.\""""
    assert who(GOLDEN_PARACHUTE, "golden-parachute") == {"white"}
    assert who(NOT_SAVED, "golden-parachute") == set()  # another parcel delivered
    # the Parachute blown into white's airport delivers it too
    landed = powers_log(opened("white", ["white-5"]),
                        {"type": "parachute_landed", "hex": [-4, 2], "airport": True,
                         "delivered": ["white-5"], "in_transit": [], "lost": []},
                        {**delivered("white", ["white-5"]), "by": "parachute"})
    assert who(landed, "golden-parachute") == {"white"}


def test_pigs_turn() -> None:
    """"PIG'S TURN: Leave a blocked Airport with the DODGE Power.\""""
    assert who(PIGS_TURN, "pigs-turn") == {"blue"}
    # a DODGE from an airport that had another way out, or a blocked one in flight
    assert who(FREE_DODGE, "pigs-turn") == set()


def test_lucky_star() -> None:
    """"LUCKY STAR: Save another Aircraft with the ASTEROID Power.\""""
    assert who(LUCKY_STAR, "lucky-star") == {"green"}
    assert who(powers_log(weather(4, "green")), "lucky-star") == set()


def test_1001_nights() -> None:
    """"1001 NIGHTS: Travel 7 tiles with the FLYING CARPET Power.\""""
    assert who(NIGHTS, "1001-nights") == {"red"}
    assert who(SHORT_CARPET, "1001-nights") == set()


def test_faraday_cage() -> None:
    """"FARADAY CAGE: Be struck by Lightning and win.\""""
    assert who(FARADAY, "faraday-cage") == {"blue"}  # red was struck but did not win
    unfinished = FARADAY[:-1]
    assert who(unfinished, "faraday-cage") == set()
    calm = powers_log(weather(3, "blue"), struck("red"), blue_wins())
    assert who(calm, "faraday-cage") == set()


def test_a_power_used_is_the_boost_used() -> None:
    """KEEP CALM...: "Do not use your BOOST during a game..." A Legendary Aircraft's Power
    "replaces that of the BOOST": using it is using the BOOST."""
    flew = powers_log(journey("blue", (2, 2), (2, 1)), blue_wins())
    dodged = powers_log(journey("blue", (2, 2), (2, 1), (2, 0), power="dodge"), blue_wins())
    assert who(flew, "keep-calm") == {"blue"} and who(flew, "and-carry-on") == {"blue"}
    assert who(dodged, "keep-calm") == set()
