"""Balmy Balloonists actions: each turn is two decisions of the balloon to act.

1. ``Play`` a Local Wind card: from the hand on the player's own balloon (choice A), or from
   the cards in front of the player on a balloon marked by a Wind Rose pawn (choice B); the
   card moves the balloon north or south (``use`` ``wind``) or, when it shows the symbol,
   draws a Misfortune (``misfortune``) or a new Quadrant card (``quadrant``) instead; after
   it, the player may give up an Advantage card for a face-up Local Wind card
   (``exchange``). ``Pass`` only when no card can be played at all.
2. ``Fly``: the altitude the balloon takes (Ballast chips up, Gas chips down), launching,
   after a grounding in a zone, from one lane north or south if the player wishes; then the
   balloon moves by its Quadrant card, burns Fuel, and the hand is drawn up.

Moves-file entries: ``{balloon: red, play: w07}`` (A), ``{balloon: red, play: w03, on: blue,
use: misfortune, exchange: {discard: a01, take: w11}}`` (B), ``{balloon: red, altitude:
high}``, ``{balloon: red, altitude: low, launch: south}``, ``{balloon: red, pass: true}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from skyhex.rules.balloons.components import Altitude
from skyhex.rules.errors import InputError, Path, Problem


class Use(StrEnum):
    WIND = "wind"  # north/south movement by the card
    MISFORTUNE = "misfortune"  # the "?" symbol: a Misfortune card instead
    QUADRANT = "quadrant"  # the Quadrant symbol: a new Quadrant card instead


class Launch(StrEnum):
    NORTH = "north"
    SOUTH = "south"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Give up Advantage card ``discard`` for Local Wind card ``take``, face up on the
    table."""

    discard: str
    take: str


@dataclass(frozen=True, slots=True)
class Play:
    """Play Local Wind ``card`` on the balloon of colour ``on`` (the player's own: choice A,
    from the hand; another: choice B, from the cards in front of the player)."""

    balloon: str
    card: str
    on: str
    use: Use = Use.WIND
    exchange: Exchange | None = None

    def describe(self) -> str:
        target = "its own balloon" if self.on == self.balloon else self.on
        text = f"plays {self.card} on {target}"
        if self.use is not Use.WIND:
            text += f" for a {self.use.value} card"
        if self.exchange is not None:
            text += f", gives up {self.exchange.discard} for {self.exchange.take}"
        return text


@dataclass(frozen=True, slots=True)
class Fly:
    """Take ``altitude`` (launching from one lane north or south: ``launch``) and fly."""

    balloon: str
    altitude: Altitude
    launch: Launch | None = None

    def describe(self) -> str:
        text = f"flies at {self.altitude.label}"
        if self.altitude is Altitude.GROUNDED:
            text = "stays on the ground"
        if self.launch is not None:
            text += f", launching one lane {self.launch.value}"
        return text


@dataclass(frozen=True, slots=True)
class Pass:
    """No card can be played."""

    balloon: str

    def describe(self) -> str:
        return "passes (no card to play)"


Action = Play | Fly | Pass


_KINDS = ("play", "altitude", "pass")
_USES = {use.value: use for use in Use}
"""Each use by the word a moves file writes (read without the enum's call; an unknown word
still goes to ``Use`` for its error)."""
_EXTRA = {"play": ("launch",), "altitude": ("on", "use", "exchange"),
          "pass": ("on", "use", "exchange", "launch")}
"""The keys that do not go with each kind of entry."""


def action_from_entry(entry: Mapping[str, Any], path: Path = ()) -> Action:
    """The action of a schema-valid entry; ``InputError`` for an entry that mixes a card
    play, a flight and a pass."""
    balloon = entry["balloon"]
    kinds = [k for k in _KINDS if k in entry]
    if len(kinds) != 1:
        raise InputError([Problem("moves.entry", "an entry plays a card (play: CARD), flies "
                                  "(altitude: high|medium|low|grounded) or passes (pass: "
                                  "true)", path)])
    kind = kinds[0]
    for key in _EXTRA[kind]:
        if key in entry:
            raise InputError([Problem("moves.entry", f"{key!r} does not go with {kind!r}",
                                      (*path, key))])
    if kind == "pass":
        return Pass(balloon)
    if kind == "altitude":
        launch = entry.get("launch")
        return Fly(balloon, Altitude.named(entry["altitude"]),
                   Launch(launch) if launch is not None else None)
    swap = entry.get("exchange")
    use = entry.get("use", "wind")
    return Play(balloon, entry["play"], entry.get("on", balloon), _USES.get(use) or Use(use),
                Exchange(swap["discard"], swap["take"]) if swap is not None else None)


def action_to_entry(action: Action) -> dict[str, Any]:
    """The moves-file entry of an action (keys in a stable order, defaults left out)."""
    entry: dict[str, Any] = {"balloon": action.balloon}
    if isinstance(action, Pass):
        entry["pass"] = True
    elif isinstance(action, Fly):
        entry["altitude"] = action.altitude.label
        if action.launch is not None:
            entry["launch"] = action.launch.value
    else:
        entry["play"] = action.card
        if action.on != action.balloon:
            entry["on"] = action.on
        if action.use is not Use.WIND:
            entry["use"] = action.use.value
        if action.exchange is not None:
            entry["exchange"] = {"discard": action.exchange.discard,
                                 "take": action.exchange.take}
    return entry
