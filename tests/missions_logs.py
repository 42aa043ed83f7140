"""Hand-built Turbulences game logs for the missions tests: a setup taken from a golden log,
then events written as the engine writes them (every one valid against the event schema)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parent / "golden"

Event = dict[str, Any]


def golden_setup(name: str) -> Event:
    """The setup event of ``tests/golden/NAME.ndjson``."""
    with (GOLDEN / f"{name}.ndjson").open() as f:
        setup: Event = json.loads(f.readline())
    return setup


def log(*events: Event, setup: str = "turbulences-2") -> list[Event]:
    """A log: the golden game's setup, then ``events`` numbered from 1."""
    return [golden_setup(setup), *({"seq": n, **e} for n, e in enumerate(events, 1))]


def ndjson(events: list[Event]) -> str:
    return "".join(json.dumps(e) + "\n" for e in events)


def weather(turn: int, first: str, wind: str = "N") -> Event:
    return {"type": "weather", "turn": turn, "first": first, "wind": wind,
            "draws": [{"wind": wind}]}


def round_(turn: int, first: str) -> Event:
    return {"type": "round", "round": turn, "turn": turn, "first": first}


def journey(company: str, start: tuple[int, int], *path: tuple[int, int], bonus: bool = False,
            boost: bool = False, landed: bool = False, entry: int = 0, **expert: Any) -> Event:
    return {"type": "journey", "company": company, "from": list(start),
            "path": [list(h) for h in path], "bonus": bonus, "boost": boost, "landed": landed,
            **expert, "entry": entry}


def boost(company: str, entry: int = 0) -> Event:
    return {"type": "boost_activated", "company": company, "entry": entry}


def destroyed(company: str, hex_: tuple[int, int], cause: str, case: str, **extra: Any
              ) -> Event:
    return {"type": "aircraft_destroyed", "company": company, "hex": list(hex_), "case": case,
            "cause": cause, **extra}


def rebuilt(company: str, hex_: tuple[int, int], how: str = "recharged", entry: int = 0
            ) -> Event:
    return {"type": "aircraft_rebuilt", "company": company, "hex": list(hex_), "boost": how,
            "entry": entry}


def lost(company: str, parcels: list[str], reason: str, **extra: Any) -> Event:
    return {"type": "parcels_lost", "company": company, "parcels": parcels, "reason": reason,
            **extra}


def delivered(company: str, parcels: list[str], entry: int = 0, **by: Any) -> Event:
    return {"type": "delivered", "company": company, "parcels": parcels, **by, "entry": entry}


def sheltered(token: int, hex_: tuple[int, int], mountain: tuple[int, int]) -> Event:
    return {"type": "cloud_sheltered", "token": token, "hex": list(hex_),
            "mountain": list(mountain)}


def moved(token: int, side: str, start: tuple[int, int], to: tuple[int, int]) -> Event:
    return {"type": "cloud_moved", "token": token, "side": side, "from": list(start),
            "to": list(to)}


def score(player: str, points: int, rank: int, parcels: int) -> Event:
    return {"player": player, "score": points, "rank": rank,
            "breakdown": {"weight": points, "empty spaces": 0}, "parcels": parcels}


def game_end(turn: int, *rows: Event, teams: list[Event] | None = None) -> Event:
    end: Event = {"type": "game_end", "round": turn, "turn": turn, "reason": "deliveries",
                  "scores": list(rows), "winners": [r["player"] for r in rows if r["rank"] == 1]}
    if teams is not None:
        end["teams"] = teams
    return end


def revealed(company: str, hex_: tuple[int, int], biome: str, entry: int = 0) -> Event:
    """NIGHT FLIGHT: ``company`` flips the tile at ``hex_``."""
    effect = {"mountain": "crash", "desert": "nothing"}.get(biome, "cumulus")
    event: Event = {"type": "tile_revealed", "company": company, "hex": list(hex_),
                    "biome": biome, "effect": effect, "entry": entry}
    if effect == "cumulus":
        event["token"] = 1
    return event


def night_end(turn: int, *rows: Event) -> Event:
    """The end of a NIGHT FLIGHT game: the NIGHT token is back on PARIS."""
    return {**game_end(turn, *rows), "reason": "night"}
