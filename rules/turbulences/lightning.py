"""Section 10, Lightning Strike: storms blocked against a Mountain are charged during the
weather phase and strike the aircraft around them at its end. Pure functions; ``engine``
calls them when the table plays with Lightning.

"A Storm (or Tempest) that remains blocked against a Mountain becomes charged with
electricity. Place a single Lightning token per Storm or Tempest (even if another Cloud
stacks afterward), always on the top Cloud." "At the end of the same weather phase, when
you have resolved all other events: Lightning strikes all Aircraft in flight on adjacent
tiles (even the Parachute). The Cloud is then discharged even if no Aircraft was struck.
Remove the Lightning token." "A struck Aircraft loses a Parcel (of its choice). If it
carries no Parcel, nothing happens." "Remove the Parachute pawn if Lightning empties it."

Decisions (``docs/rules-notes.md``, "Special powers"):

1. **Remains blocked**: a cloud that was already a storm (or a Tempest) when the phase
   began and stays on its tile against a Mountain this phase: a storm blocked (E), a
   Tempest held with a Mountain downwind (whatever the reason it holds). A cumulus that
   turns into a storm against the Mountain (B) has not *remained* a storm: it is not
   charged this phase (it is in the next one if it stays). A calm phase blocks nothing.
   An active ASTEROID is a Mountain here too.
2. **Four tokens**: when more stacks qualify, the first ones in the order the clouds are
   moved (line by line, downwind end first: the weather events' order) get the tokens
   (``PowerRules.lightning_tokens``).
3. **Strikes**: each charged cloud strikes every aircraft in flight on its six neighbours
   (on a landscape tile and not on the ground on a runway; an active ASTEROID is a
   Mountain, not struck) and the Parachute; an aircraft next to two charged clouds is
   struck twice. Clouds strike in the order they were charged.
4. **The parcel lost** is "of its choice", but the engine asks nothing in the weather
   phase: the owner, who has seen the weight of every parcel it carries (loading shows
   it), loses the lightest, the later name first between equal weights. The Parachute's
   parcels belong to the company that opened it: the same choice, by weight.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from skyhex.rules.game import Event
from skyhex.rules.hexgrid import Hex
from skyhex.rules.speed import hex_json as _hx
from skyhex.rules.turbulences.landscape import CloudSide
from skyhex.rules.turbulences.state import Chute, Game, State
from skyhex.rules.turbulences.weather import WeatherPhase


def charged(phase: WeatherPhase, mountains: Collection[Hex], before_sides: dict[int, CloudSide],
            tokens: int) -> list[Hex]:
    """The tiles whose clouds get a Lightning token this phase, in the order they are
    charged (decisions 1 and 2); ``before_sides``: each token's side when the phase began."""
    out: list[Hex] = []
    for event in phase.events:
        kind = event["type"]
        if kind == "cloud_blocked":
            if before_sides.get(event["token"]) is not CloudSide.STORM:
                continue
        elif kind != "tempest_held" or "mountain" not in event:
            continue
        if Hex(*event["mountain"]) not in mountains:
            continue
        h = Hex(*event["hex"])
        if h not in out:
            out.append(h)
    return out[:tokens]


def lightest(game: Game, parcels: Sequence[str]) -> str:
    """The parcel a struck owner gives up (decision 4)."""
    return min(sorted(parcels, reverse=True), key=lambda p: game.weights[p])


def strike(game: Game, state: State, tiles: Iterable[Hex], events: list[Event]
           ) -> tuple[State, list[tuple[int, str, bool]]]:
    """Each charged cloud at ``tiles`` strikes (decision 3): the state and the parcels lost,
    each with the company that carried it (or opened the Parachute) and whether it was in
    the Parachute."""
    lost: list[tuple[int, str, bool]] = []
    for h in tiles:
        stack = state.clouds.get(h)
        near = set(h.neighbors())
        struck: list[str] = []
        event: Event = {"type": "lightning_struck", "hex": _hx(h),
                        "token": stack[-1].id if stack else None, "companies": struck,
                        "parachute": False, "lost": []}
        for i, plane in enumerate(state.planes):
            if plane.hex not in near or plane.hex not in game.tiles or plane.grounded \
                    or plane.asteroid:
                continue
            struck.append(game.companies[i].colour)
            if plane.carried:
                p = lightest(game, plane.carried)
                event["lost"].append(p)
                lost.append((i, p, False))
                state = state.with_plane(i, plane.evolve(
                    carried=tuple(x for x in plane.carried if x != p)))
        chute = state.chute
        if chute is not None and chute.hex in near:
            event["parachute"] = True
            p = lightest(game, chute.parcels)
            event["lost"].append(p)
            lost.append((chute.company, p, True))
            left = tuple(x for x in chute.parcels if x != p)
            state = state.evolve(chute=Chute(chute.hex, left, chute.company) if left else None)
            if not left:
                event["emptied"] = True
        events.append(event)
    return state, lost


def charge_events(state: State, tiles: Sequence[Hex]) -> list[Event]:
    """The ``lightning_charged`` events: one token on the top cloud of each stack."""
    return [{"type": "lightning_charged", "hex": _hx(h), "token": state.clouds[h][-1].id}
            for h in tiles if h in state.clouds]
