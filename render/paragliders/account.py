"""The Paragliders game log as a readable, turn-by-turn account, every altitude change
explained."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def _hex(h: list[int] | None) -> str:
    return f"({h[0]},{h[1]})" if h else "-"


def _mods(altitude: dict[str, Any]) -> str:
    parts = []
    for m in altitude["modifiers"]:
        text = f"{m['name']} {m['value']:+d}"
        if m.get("why"):
            text += f" ({m['why']})"
        parts.append(text)
    change = f"altitude {altitude['before']} -> {altitude['after']}"
    return f"{change}: {', '.join(parts)}" if parts else change


def line(e: dict[str, Any]) -> str:
    kind = e["type"]
    who = e.get("player", "")
    if kind == "setup":
        players = ", ".join(p["player"] for p in e["players"])
        clouds = ", ".join(f"ring {c['ring']} at {_hex(c['hex'])}" for c in e["clouds"]) or "none"
        return (f"setup: {players}; mountaintop {e['mountaintop']} ({'/'.join(e['altitude_track'])}"
                f" sides); {e['time']} temperature {e['temperature']:+d}, sun {e['sun']}, wind "
                f"{e['wind']['direction']} {e['wind']['strength']}; clouds: {clouds}")
    if kind == "weather":
        c = e["clouds"]
        clouds = f"clouds {c['change']:+d}"
        if c["added"]:
            clouds += " (added " + ", ".join(f"ring {a['ring']} at {_hex(a['hex'])}"
                                             for a in c["added"]) + ")"
        if c["removed"]:
            clouds += " (removed " + ", ".join(f"ring {a['ring']}" for a in c["removed"]) + ")"
        w = e["wind"]
        return (f"{e['time']} weather {e['tile']}: temperature {e['temperature']['change']:+d} "
                f"-> {e['temperature']['position']:+d}, sun {e['sun']}, {clouds}, wind "
                f"{w['direction']} strength {w['strength']} (turned {w['rotation']:+d})")
    if kind == "round":
        return f"-- {e['time']} (round {e['round']})"
    if kind == "turn":
        action = e["action"]
        head = f"{e['time']} {who}"
        if e.get("forced"):
            head += " (forced)"
        if action == "pass":
            return f"{head} keeps the pawn in hand"
        if action == "walk":
            return f"{head} walks back: {e['deficit']['before']} -> {e['deficit']['after']} to go"
        if action == "stuck":
            return f"{head} has no legal move at {_hex(e.get('from'))}"
        if action == "land":
            return f"{head} declares a landing at the top of {_hex(e.get('from'))}"
        verb = {"takeoff": "takes off from", "relaunch": "relaunches from"}.get(action, "moves from")
        text = (f"{head} {verb} {_hex(e['from'])} {e['move']} to {_hex(e['to'])} facing "
                f"{e['facing']}, {_mods(e['altitude'])}")
        if "accelerate" in e:
            a = e["accelerate"]
            text += f"; accelerates to {_hex(a['to'])}, {_mods(a['altitude'])}"
        if e.get("skill"):
            text += f" [Skill Move cards: {', '.join(e['skill'])}]"
        return text
    if kind == "collect":
        extra = f", {e['vp']} VP" if "vp" in e else ""
        return f"   {who} collects the {e['name']} {e['token']}{extra}"
    if kind == "wind_push":
        if "clouds" in e:
            moved = ", ".join(f"ring {c['ring']} {_hex(c['from'])} -> "
                              f"{_hex(c['to']) if c['to'] else 'off the map'}" for c in e["clouds"])
            order = ", ".join(e.get("order", [])) or "no pilot flying"
            return f"   wind push: clouds {moved or 'none'}; pilots in order: {order}"
        blocked = f", blocked by {e['blocked']}" if e.get("blocked") else ""
        forced = " (forced)" if e.get("forced") else ""
        return (f"   {who}{forced} {e['choice']}: {_hex(e['from'])} -> {_hex(e['to'])}{blocked}, "
                f"{_mods(e['altitude'])}")
    if kind == "stunt":
        verbs = {"score": f"scores the {e['stunt']}: {e.get('vp')} VP",
                 "start": f"places the {e['stunt']} ruler",
                 "arm": "arms the survivor ruler", "reset": "puts the survivor ruler back"}
        return f"   {who} {verbs.get(e['action'], e['action'])} ({e.get('why', '')})"
    if kind == "crash":
        return f"   {who} crash-lands ({e['reason']}) at {_hex(e['hex'])}: {e['vp']} VP"
    if kind == "land":
        if e["kind"] == "final":
            return f"   {who} lands for the day at {_hex(e['hex'])} at {e['time']}"
        return (f"   {who} lands at {_hex(e['hex'])} and walks back to {_hex(e['mountain'])}: "
                f"{e['deficit']} points behind")
    if kind == "relaunch":
        return f"   {who} takes off again from {_hex(e['hex'])}, paying {e['paid']} VP"
    if kind == "error":
        return f"ERROR at entry {e['entry'] + 1} ({who}): {e['message']} [{e['rule']}]"
    if kind == "game_end":
        rows = []
        for s in sorted(e["scores"], key=lambda s: s["rank"]):
            parts = ", ".join(f"{k} {v:+d}" for k, v in s["breakdown"].items())
            rows.append(f"  {s['rank']}. {s['player']}: {s['score']} VP ({parts})")
        return (f"game over at {e['time']} ({e['reason']}); winner: {', '.join(e['winners'])}\n"
                + "\n".join(rows))
    return f"{kind}: {e}"


def account(events: Iterable[dict[str, Any]]) -> str:
    return "".join(line(e) + "\n" for e in events)
