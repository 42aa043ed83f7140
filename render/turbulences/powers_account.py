"""The special powers' events (rulebook section 10) in words, for the text account: the
Parachute, Lightning and the Legendary Aircraft's Powers."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from skyhex.render.turbulences.words import hex_text as _hex
from skyhex.render.turbulences.words import ids_text


def _ids(ids: Iterable[Any]) -> str:
    return ids_text(ids, "nothing")


POWER_NAMES = {"flying-carpet": "the FLYING CARPET", "dodge": "the DODGE",
               "asteroid": "the ASTEROID"}
LOST = {"crash": "lost in the crash", "overboard": "thrown overboard",
        "lightning": "lost to the Lightning", "parachute": "lost with the Parachute",
        "rescue": "lost in the rescue (no room aboard)"}


def power_line(e: dict[str, Any]) -> str | None:
    """One special powers event in words (``None``: not one)."""
    kind = e["type"]
    who = e.get("company", "")
    if kind == "parachute_reserved":
        return f"   {who} reserves the Parachute in place of its BOOST"
    if kind == "parachute_returned":
        why = "back home" if e["reason"] == "home" else "its aircraft crashed without it"
        return f"   {who}'s Parachute goes back to the table ({why})"
    if kind == "parachute_opened":
        return (f"   {who} opens the Parachute with {_ids(e['parcels'])} on cloud {e['token']} "
                f"at {_hex(e['hex'])}")
    if kind == "parachute_carried":
        return f"   the Parachute is carried by cloud {e['token']} {_hex(e['from'])} -> {_hex(e['to'])}"
    if kind == "parachute_ejected":
        return f"   the Parachute is ejected by cloud {e['token']} {_hex(e['from'])} -> {_hex(e['to'])}"
    if kind == "parachute_destroyed":
        other = f" with {e['other']}" if "other" in e else ""
        return f"   the Parachute is destroyed ({e['cause']}){other} at {_hex(e['hex'])}"
    if kind == "parachute_landed":
        where = "an airport" if e["airport"] else "a city"
        return (f"   the Parachute comes down in {where} at {_hex(e['hex'])}: delivered "
                f"{_ids(e['delivered'])}; in transit {_ids(e['in_transit'])}; lost "
                f"{_ids(e['lost'])}")
    if kind == "parachute_rescued":
        thrown = f", gives up {_ids(e['thrown'])}" if e["thrown"] else ""
        return (f"   {who} rescues the Parachute at {_hex(e['hex'])}: saves "
                f"{_ids(e['saved'])}{thrown}")
    if kind == "lightning_charged":
        return f"   cloud {e['token']} at {_hex(e['hex'])} is charged with a Lightning token"
    if kind == "lightning_struck":
        targets = [*e["companies"], *(["the Parachute"] if e["parachute"] else [])]
        lost = f"; lost {_ids(e['lost'])}" if e["lost"] else ""
        return (f"   Lightning at {_hex(e['hex'])} strikes {_ids(targets)}{lost}"
                + (" (the Parachute is emptied)" if e.get("emptied") else ""))
    if kind == "asteroid_activated":
        return f"   {who} activates the ASTEROID at {_hex(e['hex'])}: a Mountain for the next weather"
    if kind == "asteroid_saved":
        return f"   {who}'s ASTEROID saved {_ids(e['saved'])} from the weather"
    if kind == "power_recharged":
        return f"   {who}: Power recharged"
    if kind == "power_declined":
        return f"   {who}: ASTEROID not activated"
    return None
