"""A Balmy Balloonists race state as the ``position`` block of a scenario (like FEN in
chess), and that block read back and checked.

``position_block(game, state)`` gives the JSON-ready block that starts the scenario at
``state``; ``read_position`` reads it into a ``state.Position`` and ``new_game`` starts
there, no setup draw made. The decks are not written: a deck is every card of its kind
found nowhere else, and the draws continue from the position's ``draws`` count, so the rest
of the race gives the same events. A position is the referee's view: it holds every hand.

What ``read_position`` checks (each problem with its JSON path): the balloon to act exists,
is not home and has not lost its turn (in the card phase); balloons on spaces of the globe, in
the Doldrums only beside the southern lane; chips not negative; every card of the component
set in one place at most (hands, in front of players, discard piles, Quadrant stacks), at
most ``in_front`` cards in front of a player; one non-empty Quadrant stack per quadrant; the
Wind Rose pawns on two different colours in the race.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skyhex.rules.balloons.components import Altitude, ComponentSet
from skyhex.rules.balloons.globe import Globe, Space
from skyhex.rules.balloons.state import Balloon, Finish, Game, Phase, Position, Seat, State
from skyhex.rules.errors import Path, Problem

FLAGS = ("doldrums", "lose_turn", "relaunch", "finished")


def position_block(game: Game, state: State) -> dict[str, Any]:
    """The ``position`` section of a scenario that starts ``game`` at ``state``; a race
    that is over has none (``ValueError``)."""
    if state.phase is Phase.OVER:
        raise ValueError("the race is over: there is no position to start from")
    balloons: dict[str, Any] = {}
    for seat, b in zip(game.seats, state.balloons, strict=True):
        entry: dict[str, Any] = {"space": [b.space.lane, b.space.k], "laps": b.laps,
                                 "altitude": b.altitude.label, "ballast": b.ballast,
                                 "gas": b.gas, "fuel": b.fuel, "hand": list(b.hand),
                                 "front": list(b.front), "advantages": list(b.advantages)}
        entry.update({flag: True for flag in FLAGS if getattr(b, flag)})
        balloons[seat.colour] = entry
    return {
        "round": state.round, "actor": game.colours[state.seat], "phase": state.phase.value,
        "draws": state.draws, "rose": list(state.rose), "balloons": balloons,
        "quadrants": [list(stack) for stack in state.quadrants],
        "discards": {"local_wind": list(state.discards), "misfortune": list(state.misfortunes),
                     "advantage": list(state.advantage_discards)},
    }


def read_position(doc: Mapping[str, Any], seats: Sequence[Seat], globe: Globe,
                  parts: ComponentSet, finish: Finish, problems: list[Problem]) -> Position:
    """The schema-valid ``position`` section ``doc`` of a scenario whose balloons are valid;
    every problem found is appended to ``problems``, its path starting with ``position``."""
    base: Path = ("position",)
    found: list[Problem] = []

    def bad(rule: str, message: str, *path: Any) -> None:
        found.append(Problem(f"position.{rule}", message, (*base, *path)))

    colours = [s.colour for s in seats]
    for name in doc["balloons"]:
        if name not in colours:
            bad("balloon", f"no balloon is called {name!r}", "balloons", name)
    places: dict[str, Path] = {}

    def place(card: str, deck: Mapping[str, Any], what: str, *path: Any) -> None:
        if card not in deck:
            bad("card", f"there is no {what} card {card!r}", *path)
        elif card in places:
            bad("card", f"{card} is in two places", *path)
        places.setdefault(card, path)

    balloons = []
    for colour in colours:
        entry = doc["balloons"].get(colour)
        if entry is None:
            bad("balloon", f"balloon {colour!r} is missing", "balloons")
            continue
        at = ("balloons", colour)
        space = Space(*entry["space"])
        if not globe.on_globe(space):
            bad("space", f"{colour}: space {space} is not on the globe", *at, "space")
            space = globe.start(1)
        if entry.get("doldrums") and space.lane != globe.lanes:
            bad("doldrums", f"{colour}: a balloon in the Doldrums is beside lane {globe.lanes}",
                *at, "doldrums")
        for k, card in enumerate(entry["hand"]):
            place(card, parts.local_wind, "Local Wind", *at, "hand", k)
        for k, card in enumerate(entry["front"]):
            place(card, parts.local_wind, "Local Wind", *at, "front", k)
        if len(entry["front"]) > parts.in_front:
            bad("front", f"{colour}: at most {parts.in_front} cards in front of a player",
                *at, "front")
        for k, card in enumerate(entry["advantages"]):
            place(card, parts.advantage, "Advantage", *at, "advantages", k)
        balloons.append(Balloon(
            space, entry["laps"], Altitude.named(entry["altitude"]), entry["ballast"],
            entry["gas"], entry["fuel"], tuple(sorted(entry["hand"])), tuple(entry["front"]),
            tuple(entry["advantages"]), **{flag: bool(entry.get(flag)) for flag in FLAGS}))
    discards = doc["discards"]
    for k, card in enumerate(discards["local_wind"]):
        place(card, parts.local_wind, "Local Wind", "discards", "local_wind", k)
    for k, card in enumerate(discards["advantage"]):
        place(card, parts.advantage, "Advantage", "discards", "advantage", k)
    for k, card in enumerate(discards["misfortune"]):
        place(card, parts.misfortune, "Misfortune", "discards", "misfortune", k)
    stacks = doc["quadrants"]
    if len(stacks) != globe.quadrants:
        bad("quadrants", f"{len(stacks)} Quadrant stacks for {globe.quadrants} quadrants",
            "quadrants")
    for q, stack in enumerate(stacks):
        if not stack:
            bad("quadrants", f"quadrant {q + 1} has no card", "quadrants", q)
        for k, card in enumerate(stack):
            place(card, parts.quadrant, "Quadrant", "quadrants", q, k)
    rose = doc["rose"]
    for k, colour in enumerate(rose):
        if colour not in colours:
            bad("rose", f"{colour!r} has no balloon in the race", "rose", k)
    if rose[0] == rose[1]:
        bad("rose", "the two Wind Rose pawns are on different colours", "rose")
    seat = colours.index(doc["actor"]) if doc["actor"] in colours else 0
    if doc["actor"] not in colours:
        bad("actor", f"no balloon is called {doc['actor']!r}", "actor")
    phase = Phase(doc["phase"])
    if len(balloons) == len(colours):
        actor = balloons[seat]
        if actor.finished:
            bad("actor", f"{doc['actor']} is home: it plays no more", "actor")
        if phase is Phase.CARD and actor.lose_turn:
            bad("actor", f"{doc['actor']} loses this turn: the next balloon acts", "actor")
        if finish is Finish.FIRST and any(b.finished for b in balloons):
            bad("finished", "a balloon is home: this race is over", "balloons")
    problems.extend(found)
    return Position(doc["round"], seat, phase, tuple(balloons), (rose[0], rose[1]),
                    tuple(tuple(s) for s in stacks), tuple(discards["local_wind"]),
                    tuple(discards["misfortune"]), tuple(discards["advantage"]), doc["draws"])
