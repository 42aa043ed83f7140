"""The Balmy Balloonists game log as a readable account, one event a line: every card, drift,
flight, chip and zone explained. Spaces read ``lane/index`` (``3/12``: lane 3, the 13th space
east of the start meridian)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def _sp(space: list[int]) -> str:
    return f"{space[0]}/{space[1]}"


def _s(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


_CAUSE = {"wind": "a Local Wind card", "misfortune": "a Misfortune", "weather": "bad weather",
          "quadrant": "its Quadrant card", "launch": "its launch", "player": "its player",
          "fuel": "no Fuel"}


def line(e: dict[str, Any]) -> str:
    """One event in words."""
    kind = e["type"]
    who = e.get("balloon", "")
    if kind == "setup":
        balloons = ", ".join(f"{b['balloon']}{' (' + b['player'] + ')' if b['player'] else ''}"
                             f" at {_sp(b['space'])}" for b in e["balloons"])
        end = "the first balloon home wins" if e["finish"] == "first" else \
            "the round of the first balloon home ends it"
        return (f"setup: seed {e['seed']}, {e['components']}, {e['days']} days, {end}: "
                f"{balloons}; Quadrant cards {' '.join(e['quadrants'])}; Wind Rose pawns on "
                f"{' and '.join(e['rose'])}")
    if kind == "round":
        return f"-- round {e['round']}"
    if kind == "card_played":
        target = "its own balloon" if e["on"] == who else e["on"]
        text = f"{who} plays {e['card']} from the {e['from']} on {target}"
        if e["use"] != "wind":
            return text + f" for a {e['use'].capitalize()} card"
        if e["instruction"] is None:
            return text + f" ({e['altitude']}: no north-south movement)"
        return text + f" at {e['altitude']}: {e['instruction']}"
    if kind == "drifted":
        return (f"   {who} drifts {e['steps']} {e['direction']} ({_CAUSE[e['cause']]}): "
                f"{_sp(e['from'])} -> {_sp(e['to'])}")
    if kind == "polar_vortex":
        return f"   {who} is caught by the Polar Vortex: back to {_sp(e['to'])}"
    if kind == "doldrums":
        return f"   {who} drops into the Equatorial Doldrums beside {_sp(e['space'])}"
    if kind == "doldrums_left":
        return f"   {who} leaves the Doldrums for {_sp(e['space'])}"
    if kind == "permission":
        return f"   {who} enters {e['zone']} at {_sp(e['space'])} with permission {e['card']}"
    if kind == "grounded":
        why = "restricted airspace" if e["kind"] == "exclusion" else \
            f"{e['kind'].replace('-', ' ')} zone at {e['altitude']}"
        gas = f", spending {_s(e['gas'], 'Gas chip')}" if e["gas"] else ""
        return (f"   {who} is grounded in {e['zone']} at {_sp(e['space'])} ({why}{gas}) and "
                "loses the next turn")
    if kind == "moved":
        if "card" in e:
            head = (f"{who} flies with {e['card']} (quadrant {e['quadrant']}, {e['altitude']}, "
                    f"lane {e['lane']})")
        else:
            head = f"   {who} is blown back ({_CAUSE[e['cause']]})"
        laps = f", lap {e['laps']}" if e["laps"] else ""
        return f"{head}: {e['spaces']:+d}, {_sp(e['from'])} -> {_sp(e['to'])}{laps}"
    if kind == "finished":
        return f"   {who} is back across the start meridian in round {e['round']}!"
    if kind == "altitude" and e["from"] == e["to"]:
        return f"   {who} stays at {e['to']}"
    if kind == "altitude":
        paid = [f"{_s(e[c], c.capitalize() + ' chip')}" for c in ("ballast", "gas") if e[c]]
        cost = f", {' and '.join(paid)}" if paid else ""
        return (f"   {who} altitude {e['from']} -> {e['to']} ({_CAUSE[e['cause']]}{cost})")
    if kind == "chips_lost":
        return f"   {who} loses {_s(e['amount'], e['chip'].capitalize() + ' chip')}"
    if kind == "next_turn_lost":
        return f"   {who} will lose its next turn"
    if kind == "bad_weather":
        return (f"   bad weather: {e['card']} shows {e['weather']} beside {e['altitude']} "
                f"(quadrant {e['quadrant']})")
    if kind == "misfortune":
        return f"   Misfortune for {who}: {e['card']} {e['name']}"
    if kind == "quadrant_changed":
        return f"   quadrant {e['quadrant']}: {e['card']} covers {e['covered']}"
    if kind == "quadrant_unchanged":
        return f"   quadrant {e['quadrant']}: no Quadrant card left to draw"
    if kind == "pawn_moved":
        if e["from"] == e["to"]:
            return f"   Wind Rose: the pawn on {e['from']} stays (no free colour)"
        return f"   Wind Rose: the pawn on {e['from']} moves to {e['to']}"
    if kind == "exchange":
        return f"   {who} gives up {e['discard']} for {e['take']} (from {e['from']}'s table)"
    if kind == "launch":
        return f"   {who} launches from {_sp(e['to'])} instead of {_sp(e['from'])}"
    if kind == "fuel":
        what = "High altitude" if e["reason"] == "high" else "no Gas left"
        if e["fuel"]:
            return f"   {who} burns a Fuel chip ({what})"
        return f"   {who} has no Fuel ({what})"
    if kind == "drew":
        if None in e["cards"]:  # a hand another balloon may not see
            return f"   {who} draws {_s(len(e['cards']), 'card')}"
        return f"   {who} draws {', '.join(e['cards'])}"
    if kind == "reshuffled":
        return f"   the {e['deck'].replace('_', ' ')} deck is reshuffled ({_s(e['cards'], 'card')})"
    if kind == "turn_lost":
        return f"{who} loses this turn"
    if kind == "passed":
        return f"{who} has no card to play"
    if kind == "game_end":
        why = "a balloon is home" if e["reason"] == "lap" else "the last day is over"
        ranks = "; ".join(f"{r['rank']}. {r['player']} {r['score']} degrees"
                          for r in e["scores"])
        return f"race over in round {e['round']} ({why}): {ranks}"
    if kind == "error":
        return f"error: entry {e['entry'] + 1}, {e['player']}: {e['message']} [{e['rule']}]"
    return f"{kind}: {e}"


def account(events: Iterable[dict[str, Any]]) -> str:
    return "".join(line(e) + "\n" for e in events)
