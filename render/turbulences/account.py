"""The Turbulences game log as a readable, turn-by-turn account: every cloud, aircraft and
parcel explained."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from skyhex.render.turbulences.powers_account import LOST, POWER_NAMES, power_line
from skyhex.render.turbulences.words import hex_text as _hex
from skyhex.render.turbulences.words import ids_text as _ids


def _journey(e: dict[str, Any]) -> str:
    path = " ".join(_hex(h) for h in e["path"])
    text = f"{'boosts' if e['boost'] else 'flies'} from {_hex(e['from'])} to {path}"
    if e.get("onward"):
        text = f"{'boosts' if e['boost'] else 'flies'} on from {_hex(e['from'])} to {path}"
    if "power" in e:
        text += f" with {POWER_NAMES[e['power']]}"
    if e["bonus"]:
        text += " (bonus tile)"
    if "crossed" in e:
        text += f", crossing the obstacle at {_hex(e['crossed'])} ({e['height']} ALTITUDE)"
    if e.get("runway"):
        text += ", lands on the runway"
    elif e["landed"]:
        text += ", lands"
    if "fuel" in e:  # EXPERT: what the journey cost and gained
        glide = f", glides {e['altitude_spent'] - e.get('height', 0)}" \
            if e["altitude_spent"] > e.get("height", 0) else ""
        gain = f", +{e['altitude_gained']} ALTITUDE from cumulus" if e["altitude_gained"] else ""
        text += (f" [FUEL -{e['fuel_spent']}{glide}{gain}: FUEL {e['fuel']}, "
                 f"ALTITUDE {e['altitude']}]")
    return text


def _player(company: dict[str, Any]) -> str:
    return f", player {company['player']}" if company.get("player") else ""


def _expert(company: dict[str, Any]) -> str:
    if not company.get("expert"):
        return ""
    return f", EXPERT, ALTITUDE dial on the city {_hex(company['covered'])}"


_DESTROYED = {"collision": "collides", "storm": "is destroyed by a storm",
              "tempest": "is destroyed by a Tempest", "lost": "is lost off the board",
              "blocked": "is blocked in flight and destroyed",
              "fuel": "breaks down, out of FUEL (dry breakdown),",
              "mountain": "hits the mountain and is destroyed (a Mountain pawn stands there)"}

_REVEALED = {"cumulus": "a cumulus forms under it (cloud {token})",
             "no_token": "no cloud token left for its cumulus",
             "crash": "a MOUNTAIN", "nothing": "nothing happens"}


def _night(e: dict[str, Any]) -> str:
    """A night setup in words (section 11)."""
    n = e["night"]
    paris = f"city {n['paris']['city']} of region {n['paris']['region']}"
    end = "; three deliveries still end the game" if n["deliveries_end"] else ""
    return (f"; NIGHT FLIGHT: the landscape is face down, the NIGHT token on PARIS "
            f"({paris}, {_hex(n['token'])}) for {n['turns']} turns{end}")


def _outcome(end: dict[str, Any]) -> str:
    """Who won, or a draw: "In case of a tie, whoever delivered the most Parcels (not
    counting their weight) wins. If the tie persists... Play another game!" In the team
    modes the teams' ranks decide."""
    teams = end.get("teams")
    best = [t["team"] for t in teams if t["rank"] == 1] if teams else end["winners"]
    if len(best) == 1:
        return f"{'team ' if teams else ''}{best[0]} wins"
    return (f"a draw between {', '.join(best[:-1])} and {best[-1]}, tied on points and "
            "parcels delivered (play another game!)")


def line(e: dict[str, Any]) -> str:
    """One event in words."""
    kind = e["type"]
    who = e.get("company", "")
    special = power_line(e)
    if special is not None:
        return special
    if kind == "setup":
        companies = ", ".join(f"{c['company']} ({c['aircraft']}, region {c['region']}, airport "
                              f"{_hex(c['airport'])}{_player(c)}{_expert(c)})"
                              for c in e["companies"])
        teams = "".join(f"; team {t['team']}: {', '.join(t['companies'])}"
                        for t in e.get("teams", ()))
        powers = e.get("powers", {})
        on = [name for name in ("parachute", "lightning") if powers.get(name)]
        played = f"; powers: {', '.join(on)}" if on else ""
        night = _night(e) if "night" in e else ""
        return (f"setup: {e['mode']}, seed {e['seed']}: {companies}{teams}; "
                f"{len(e['parcels'])} parcels; first player {e['first']}{played}{night}")
    if kind == "round":
        return f"-- turn {e['turn']}, first player {e['first']}"
    if kind == "weather":
        stones = "".join(f"; the ASTEROID at {_hex(h)} is a Mountain"
                         for h in e.get("asteroids", ()))
        return f"weather: {e['first']} flicks the Wind Rose: {e['wind']}{stones}"
    if kind == "cloud_moved":
        return f"   cloud {e['token']} ({e['side']}) {_hex(e['from'])} -> {_hex(e['to'])}"
    if kind == "cloud_wrapped":
        return (f"   cloud {e['token']} blown out at {_hex(e['exit'])}, back at {_hex(e['to'])} "
                f"(from {_hex(e['from'])})")
    if kind == "cloud_flipped":
        return f"   cloud {e['token']} at {_hex(e['hex'])} turns {e['side']} ({e['reason']})"
    if kind == "cloud_stacked":
        return (f"   cloud {e['token']} stacks at {_hex(e['hex'])}: Tempest {e['tempest']} "
                f"(tokens {_ids(e['tokens'])})")
    if kind == "cloud_sheltered":
        return (f"   cloud {e['token']} at {_hex(e['hex'])} sheltered by the mountain "
                f"{_hex(e['mountain'])}")
    if kind == "cloud_blocked":
        return (f"   cloud {e['token']} at {_hex(e['hex'])} blocked by the mountain "
                f"{_hex(e['mountain'])}: a storm")
    if kind == "tempest_held":
        why = "same wind" if e["reason"] == "same_wind" else "a mountain ahead"
        return f"   Tempest {_ids(e['tokens'])} at {_hex(e['hex'])} holds ({why})"
    if kind == "tempest_split":
        return f"   Tempest at {_hex(e['hex'])} splits: cloud {e['token']} leaves"
    if kind == "cumulus_under":
        return f"   cloud {e['token']} slides under {who} at {_hex(e['hex'])}"
    if kind in ("aircraft_carried", "aircraft_ejected"):
        verb = "is carried" if kind == "aircraft_carried" else "is ejected"
        return f"   {who} {verb} by cloud {e['token']} {_hex(e['from'])} -> {_hex(e['to'])}"
    if kind == "emergency_landing":
        where = "an airport" if e["airport"] else "a city"
        return f"   {who} makes an emergency landing in {where} at {_hex(e['hex'])} ({e['case']})"
    if kind == "aircraft_destroyed":
        case = f" (case {e['case']})" if e.get("case") in tuple("ABCFG") else ""
        other = f" with {e['other']}" if "other" in e else ""
        return f"   {who} {_DESTROYED[e['cause']]}{other} at {_hex(e['hex'])}{case}"
    if kind == "parcels_lost":
        inside = " (in the Parachute)" if e.get("parachute") else ""
        return f"   {who}: {_ids(e['parcels'])}{inside} {LOST[e['reason']]}"
    if kind == "parcels_seen" and "weights" not in e:  # read by another team (the viewer)
        return f"   {who} looks at {_ids(e['parcels'])}"
    if kind == "parcels_seen":
        weights = ", ".join(f"{p} {w} kg" for p, w in zip(e["parcels"], e["weights"],
                                                           strict=True))
        return f"   {who} looks at {weights}"
    if kind in ("parcels_loaded", "parcels_unloaded"):
        verb = "loads" if kind == "parcels_loaded" else "leaves in transit"
        return f"   {who} {verb} {_ids(e['parcels'])} at {_hex(e['airport'])}"
    if kind == "delivered":
        by = " (by the Parachute)" if e.get("by") == "parachute" else ""
        return f"   {who} delivers {_ids(e['parcels'])}{by}"
    if kind in ("boost_recharged", "boost_activated", "boost_declined"):
        return f"   {who}: BOOST {kind.split('_')[1]}"
    if kind == "aircraft_rebuilt":
        return f"{who} rebuilds at {_hex(e['hex'])} (BOOST {e['boost']})"
    if kind == "journey":
        forced = " (forced)" if e.get("forced") else ""
        return f"{who}{forced} {_journey(e)}"
    if kind == "passed":
        forced = " (forced)" if e.get("forced") else ""
        if e["reason"] == "stopped":
            return f"{who}{forced} stops there (the journey ends on the tile it flipped)"
        return f"{who}{forced} passes ({e['reason']})"
    if kind == "jerrycan_flipped":
        lost = f", {e['lost']} lost" if e["lost"] else ""
        return f"{who} flips the Jerrycan: +{e['value']} FUEL{lost}, FUEL {e['fuel']}"
    if kind == "refuelled":
        can = "a new Jerrycan drawn" if e["jerrycan"] == "new" else "the Jerrycan kept"
        return f"   {who} refuels: FUEL {e['fuel']}, {can}"
    if kind == "runway_built":
        return (f"   {who} drops {_ids(e['parcels'])} on a new {e['biome']} runway at "
                f"{_hex(e['hex'])}")
    if kind == "altitude_gained":
        return f"   {who} rises on the cumulus at {_hex(e['hex'])}: ALTITUDE {e['altitude']}"
    if kind == "tile_revealed":
        effect = _REVEALED[e["effect"]].format(token=e.get("token"))
        return (f"   {who} flips the unknown tile at {_hex(e['hex'])}: {e['biome'].upper()}, "
                f"{effect}")
    if kind == "night_advanced":
        back = ": back on PARIS, the night is over" if e["paris"] else ""
        return f"   the NIGHT token moves {_hex(e['from'])} -> {_hex(e['to'])}{back}"
    if kind == "game_cannot_end":
        lost = ", ".join(f"{c} {n}" for c, n in e["lost"].items())
        return (f"   the game can no longer end: every colour has lost 3 parcels or more "
                f"({lost}), no delivery zone can reach 3")
    if kind == "error":
        return f"ERROR at entry {e['entry'] + 1} ({e['player']}): {e['message']} [{e['rule']}]"
    if kind == "game_end":
        rows = [f"  {s['rank']}. {s['player']}: {s['score']} points "
                f"({s['breakdown']['weight']} kg, {s['breakdown']['empty spaces']} empty "
                f"spaces, {s['parcels']} parcels)" for s in e["scores"]]
        rows += [f"  team {t['team']} ({', '.join(t['companies'])}): {t['score']} points "
                 f"({t['parcels']} parcels), rank {t['rank']}" for t in e.get("teams", ())]
        return f"game over after turn {e['turn']}: {_outcome(e)}\n" + "\n".join(rows)
    return f"{kind}: {e}"


def account(events: Iterable[dict[str, Any]]) -> str:
    """The whole log in words, one event a line."""
    return "".join(line(e) + "\n" for e in events)
