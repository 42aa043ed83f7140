"""What a company may know: ``view`` (the state as a company sees it), ``event_view`` (an
event of the referee's log as a company reads it) and ``known_weight`` (decisions 3 and 12:
the weights of its team's parcels that it or a partner saw)."""

from __future__ import annotations

from typing import Any

from skyhex.rules.game import Event
from skyhex.rules.turbulences.sink import _hx
from skyhex.rules.turbulences.state import Game, Mode, State, parcel_colour
from skyhex.rules.turbulences.weather import wind_name


def known_weight(game: Game, state: State, colour: str | None, parcel: str) -> int | None:
    """A parcel's weight if company ``colour`` may know it: its own colour (in the team
    modes, its team's colours), once seen by it (or by a partner: decision 12). The referee
    (``None``) knows every weight."""
    if colour is None:
        return game.weights[parcel]
    i = game.index(colour)
    if i is None or parcel_colour(parcel) not in game.team_colours(i):
        return None
    if not any(parcel in state.planes[j].seen for j in game.allies(i)):
        return None
    return game.weights[parcel]


def event_view(game: Game, event: Event, colour: str | None) -> Event:
    """An event of the log (the referee's) as company ``colour`` may read it: the setup
    without any parcel's weight (nor the weights drawn: "without looking at its weight"),
    and a company looking at its parcels with their weights only for its team (decision
    12: the weights it or a partner saw); the variants hide their own secrets
    (``Variant.event_view``: EXPERT's face-down Jerrycans); every other event as it is (the
    final scores are revealed at the end: "revealing and counting the total weight").
    ``None``: the referee, who reads it all."""
    if colour is None:
        return event
    i = game.index(colour)
    team = set() if i is None else {game.companies[j].colour for j in game.allies(i)}
    kind = event["type"]
    if kind == "setup":
        event = {**event, "parcels": [{**p, "weight": None} for p in event["parcels"]],
                 "draws": [{"weight": None} if "weight" in d else d for d in event["draws"]]}
    elif kind == "parcels_seen" and event.get("company") not in team:
        return {k: v for k, v in event.items() if k != "weights"}
    for hide in game.hooks.event_view:
        hidden = hide(game, event, colour)
        if hidden is not None:
            event = hidden
    return event


def view(game: Game, state: State, colour: str | None) -> dict[str, Any]:
    """The state as company ``colour`` may know it (JSON-ready): everything public (the sky,
    the aircraft, which parcels are where, their colours) and only the weights it has seen
    of its own colour's parcels (in the team modes: of its team's colours, seen by any of
    its team, and ``team``, the colours of its team), with each variant's part
    (``Variant.view``: EXPERT's tanks, the runways, the Parachute, the Powers, the night).
    ``None``: the referee, who sees every weight."""

    def parcel(p: str) -> dict[str, Any]:
        return {"parcel": p, "colour": parcel_colour(p),
                "weight": known_weight(game, state, colour, p)}

    actor = state.actor
    out: dict[str, Any] = {
        "company": colour, "turn": state.turn, "phase": state.phase.value,
        "first": game.companies[state.first].colour,
        "actor": None if actor is None else game.companies[actor].colour,
        "wind": None if state.wind is None else wind_name(state.wind),
        "clouds": [{"hex": _hx(h), "tokens": [{"id": t.id, "side": t.side.value} for t in s]}
                   for h, s in sorted(state.clouds.items())],
        "companies": [{"company": c.colour, "aircraft": c.aircraft.value, "region": c.region,
                       "hex": _hx(p.hex), "boost": p.boost,
                       "carried": [parcel(x) for x in p.carried],
                       "delivered": [parcel(x) for x in p.delivered]}
                      for c, p in zip(game.companies, state.planes, strict=True)],
        "shipping": [{"region": r, "airport": _hx(game.region_airport(r)),
                      "parcels": [parcel(x) for x in zone]}
                     for r, zone in enumerate(state.shipping, 1)],
        "lost": [parcel(x) for x in state.lost],
    }
    for part in game.hooks.view:
        part(game, state, colour, out, parcel)
    i = None if colour is None else game.index(colour)
    if game.mode is not Mode.CLASSIC and i is not None:
        out["team"] = [game.companies[j].colour for j in game.allies(i)]
    elif game.mode is not Mode.CLASSIC and colour is None:
        out["teams"] = [{"team": t.name, "companies": [game.companies[j].colour
                                                       for j in t.members]}
                        for t in game.teams]
    return out
