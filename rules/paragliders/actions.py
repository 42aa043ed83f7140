"""What a player can do, as values: a whole turn, or a wind-push choice. Each converts to
and from an entry of a ``skyhex.moves/1`` file."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from skyhex.rules import speed
from skyhex.rules.errors import InputError, Path, Problem
from skyhex.rules.hexgrid import Direction, Hex
from skyhex.rules.paragliders.stunts import Stunt


class TurnKind(StrEnum):
    PASS = "pass"  # keep the pawn in hand
    TAKEOFF = "takeoff"  # put the pawn on a take-off hex, then move
    MOVE = "move"
    WALK = "walk"  # walking back: 6 points along the score track
    RELAUNCH = "relaunch"  # take off again from the reserved mountain, then move
    STUCK = "stuck"  # no move, landing where the pilot is: a crash-landing in a dead end,
    # or (Top Lander) a soft landing declared at the top of a take-off hex


class MoveKind(StrEnum):
    STRAIGHT = "straight"
    LEFT = "left"
    RIGHT = "right"
    HARD_LEFT = "hard-left"
    HARD_RIGHT = "hard-right"

    @property
    def turn(self) -> int:
        """Sixth-turns clockwise: -2..+2."""
        return _TURNS[self]

    @property
    def hard(self) -> bool:
        return abs(_TURNS[self]) == 2


_TURNS = {MoveKind.STRAIGHT: 0, MoveKind.LEFT: -1, MoveKind.RIGHT: 1, MoveKind.HARD_LEFT: -2,
          MoveKind.HARD_RIGHT: 2}


class Skill(StrEnum):
    HARD_TURN = "hard-turn"
    ACCELERATE = "accelerate"


class LandChoice(StrEnum):
    FINAL = "final"
    RELAUNCH = "relaunch"


class WindKind(StrEnum):
    PUSH = "push"
    RESIST = "resist"
    MIX = "mix"


MOMENTS = ("before-move", "after-move", "after-accelerate")
"""When in a turn a stunt is claimed: where the pilot starts, on the first hex before
accelerating, or at the end of the move (the default)."""


@dataclass(frozen=True, slots=True, order=True)
class Claim:
    """A stunt claimed in a turn entry: ``{stunt, when, action}``. ``action`` is
    ``score``, or ``start`` to place a Cliff Surfer or Lone Hiker ruler. Top Lander is not
    a ``Claim``: it is claimed by the landing itself (``Turn.top_lander``)."""

    stunt: Stunt
    when: str = "after-accelerate"
    action: str = "score"

    def to_entry(self) -> dict[str, str]:
        entry = {"stunt": self.stunt.value, "when": self.when}
        if self.action != "score":
            entry["action"] = self.action
        return entry

    def describe(self) -> str:
        verb = "place the ruler of" if self.action == "start" else "claim"
        return f"{verb} {self.stunt.value} ({self.when})"


def claim_order(claim: Claim) -> tuple[int, str]:
    """Claims in the order of the turn: by moment, then by stunt name."""
    return (MOMENTS.index(claim.when) if claim.when in MOMENTS else len(MOMENTS),
            claim.stunt.value)


@dataclass(frozen=True)
class Turn:
    player: str
    kind: TurnKind
    move: MoveKind | None = None
    hex: Hex | None = None  # take-off hex
    facing: Direction | None = None  # facing on the take-off or relaunch hex
    accelerate: bool = False
    skill: frozenset[Skill] = frozenset()
    land: LandChoice | None = None
    mountain: Hex | None = None
    stunts: tuple[Claim, ...] = ()  # in ``claim_order``
    top_lander: bool = False  # claims Top Lander for a final landing on a take-off hex

    @classmethod
    def of(cls, player: str, kind: TurnKind, move: MoveKind | None, hex_: Hex | None,
           facing: Direction | None, accelerate: bool, skill: frozenset[Skill],
           land: LandChoice | None, mountain: Hex | None, stunts: tuple[Claim, ...],
           top_lander: bool) -> Turn:
        """``Turn(...)`` with every field given, without the frozen dataclass's
        field-by-field ``__init__``: the legal actions of a turn build dozens."""
        return speed.built(cls, {"player": player, "kind": kind, "move": move, "hex": hex_,
                                 "facing": facing, "accelerate": accelerate, "skill": skill,
                                 "land": land, "mountain": mountain, "stunts": stunts,
                                 "top_lander": top_lander})

    def to_entry(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"player": self.player}
        if self.kind is TurnKind.PASS:
            entry["pass"] = True
        elif self.kind is TurnKind.WALK:
            entry["walk"] = True
        elif self.kind is TurnKind.TAKEOFF:
            assert self.hex is not None and self.facing is not None
            entry["takeoff"] = {"hex": [self.hex.q, self.hex.r], "facing": self.facing.name}
        elif self.kind is TurnKind.RELAUNCH:
            assert self.facing is not None
            entry["relaunch"] = {"facing": self.facing.name}
        if self.move is not None:
            entry["move"] = self.move.value
        if self.skill:
            entry["skill"] = sorted(s.value for s in self.skill)
        if self.accelerate:
            entry["accelerate"] = True
        claims = [c.to_entry() for c in self.stunts]
        if self.top_lander:
            claims.append({"stunt": Stunt.TOP_LANDER.value})
        if claims:
            entry["stunts"] = claims
        if self.land is not None:
            entry["land"] = self.land.value
        if self.mountain is not None:
            entry["mountain"] = [self.mountain.q, self.mountain.r]
        return entry

    def describe(self) -> str:
        """Short notation: ``takeoff (1,-1) N + right, accelerate``."""
        parts = []
        if self.kind is TurnKind.TAKEOFF:
            parts.append(f"takeoff {self.hex} {self.facing.name if self.facing is not None else ''}")
        elif self.kind is TurnKind.RELAUNCH:
            parts.append(f"relaunch {self.facing.name if self.facing is not None else ''}")
        elif self.kind is TurnKind.STUCK:
            parts.append("no move")
        elif self.kind is not TurnKind.MOVE:
            parts.append(self.kind.value)
        if self.move is not None:
            move = self.move.value
            if Skill.HARD_TURN in self.skill:
                move += " (card)"
            parts.append(move)
        if self.accelerate:
            parts.append("accelerate" + (" (card)" if Skill.ACCELERATE in self.skill else ""))
        text = " + ".join(parts[:2]) + (", " + ", ".join(parts[2:]) if parts[2:] else "")
        for c in self.stunts:
            text += f", {c.describe()}"
        return text + _landing_text(self.land, self.mountain, self.top_lander)


@dataclass(frozen=True, slots=True)
class WindChoice:
    player: str
    kind: WindKind
    land: LandChoice | None = None
    mountain: Hex | None = None
    top_lander: bool = False  # claims Top Lander for a landing on a take-off hex

    def to_entry(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"player": self.player, "wind": self.kind.value}
        if self.land is not None:
            entry["land"] = self.land.value
        if self.top_lander:
            entry["stunts"] = [{"stunt": "top-lander"}]
        if self.mountain is not None:
            entry["mountain"] = [self.mountain.q, self.mountain.r]
        return entry

    def describe(self) -> str:
        return self.kind.value + _landing_text(self.land, self.mountain, self.top_lander)


Action = Turn | WindChoice


def _landing_text(land: LandChoice | None, mountain: Hex | None, top_lander: bool) -> str:
    text = ""
    if land is not None:
        text += f", land {land.value}"
        if mountain is not None:
            text += f" at {mountain}"
    if top_lander:
        text += ", claim top-lander"
    return text


_LAND = speed.member_of(LandChoice)
_MOVE = speed.member_of(MoveKind)
_SKILL = speed.member_of(Skill)
_WIND = speed.member_of(WindKind)
_STUNT = speed.member_of(Stunt)
_NO_SKILL = frozenset[Skill]()
_STARTS = ("takeoff", "relaunch", "pass", "walk", "wind")
_K_PASS, _K_WALK = TurnKind.PASS, TurnKind.WALK
_K_TAKEOFF, _K_RELAUNCH = TurnKind.TAKEOFF, TurnKind.RELAUNCH
_K_MOVE, _K_STUCK = TurnKind.MOVE, TurnKind.STUCK
_LAND_RELAUNCH = LandChoice.RELAUNCH
_TOP_LANDER = Stunt.TOP_LANDER
_ACCELERATE = Skill.ACCELERATE


def action_from_entry(entry: dict[str, Any], path: Path = ()) -> Action:
    """Read one schema-valid moves-file entry; ``InputError`` for contradictory keys.
    (Asked of every entry a replay reads: enum members by value through ``speed.member_of``,
    the turn made by ``Turn.of``.)"""
    problems: list[Problem] = []

    def bad(message: str, key: str | None = None) -> None:
        problems.append(Problem("moves.entry", message, (*path, key) if key else path))

    player = entry["player"]
    land = _LAND(entry["land"]) if "land" in entry else None
    mountain = Hex(*entry["mountain"]) if "mountain" in entry else None
    if mountain is not None and land is not _LAND_RELAUNCH:
        bad("mountain goes with land: relaunch", "mountain")
    starts = [k for k in _STARTS if k in entry]
    if len(starts) > 1:
        bad(f"an entry is one of takeoff, relaunch, pass, walk or wind, not {' and '.join(starts)}")
    if "wind" in entry:
        for key in ("move", "accelerate", "skill"):
            if key in entry:
                bad(f"{key} has no place in a wind-push choice", key)
        claims, top_lander = _claims(entry, path, False, problems)
        if claims:
            problems.append(Problem("stunt.wind-push", "stunts are scored during your turn, "
                                    "not during a wind push (only a Top Lander landing, made "
                                    "by resisting, is claimed there)", (*path, "stunts")))
        if problems:
            raise InputError(problems)
        return WindChoice(player, _WIND(entry["wind"]), land, mountain,
                          top_lander=top_lander)
    move = _MOVE(entry["move"]) if "move" in entry else None
    skill = frozenset(_SKILL(s) for s in entry["skill"]) if "skill" in entry else _NO_SKILL
    accelerate = bool(entry.get("accelerate", False))
    if "pass" in entry or "walk" in entry:
        kind = _K_PASS if "pass" in entry else _K_WALK
        for key in ("move", "accelerate", "skill", "land"):
            if key in entry and entry[key] not in (False, []):
                bad(f"{key} has no place in a {kind.value} turn", key)
    elif "takeoff" in entry:
        kind = _K_TAKEOFF
    elif "relaunch" in entry:
        kind = _K_RELAUNCH
    elif move is not None:
        kind = _K_MOVE
    elif land is not None:
        kind = _K_STUCK
    else:
        bad("say what the player does: move, takeoff, relaunch, pass, walk, wind, or land "
            "(when no move is possible)")
        kind = _K_PASS
    if (kind is _K_TAKEOFF or kind is _K_RELAUNCH) and move is None:
        bad(f"a {kind.value} is followed by a move in the same turn", kind.value)
    if accelerate is False and _ACCELERATE in skill:
        bad("the accelerate card goes with accelerate: true", "skill")
    claims, top_lander = _claims(entry, path, accelerate, problems) if "stunts" in entry \
        else ((), False)
    if problems:
        raise InputError(problems)
    takeoff = entry.get("takeoff") or {}
    relaunch = entry.get("relaunch") or {}
    facing_name = takeoff.get("facing") or relaunch.get("facing")
    return Turn.of(player, kind, move, Hex(*takeoff["hex"]) if "hex" in takeoff else None,
                   Direction.parse(facing_name) if facing_name else None, accelerate, skill,
                   land, mountain, claims, top_lander)


def _claims(entry: dict[str, Any], path: Path, accelerate: bool, problems: list[Problem]
            ) -> tuple[tuple[Claim, ...], bool]:
    """The stunt claims of an entry in ``claim_order``, and whether it claims Top Lander.
    ``when`` defaults to ``after-accelerate``, ``action`` to ``score``; without an
    acceleration the move ends on its first hex, so ``after-move`` is ``after-accelerate``.
    A Top Lander claim is scored by the entry's landing: it has no ``when`` nor
    ``action``."""
    claims: list[Claim] = []
    top_lander = False
    for k, c in enumerate(entry.get("stunts", [])):
        stunt = _STUNT(c["stunt"])
        if stunt is _TOP_LANDER:
            extra = [key for key in ("when", "action") if key in c]
            if extra:
                problems.append(Problem(
                    "stunt.top-lander.fields", f"a Top Lander claim has no {extra[0]}: it is "
                    "scored by the final landing of its entry", (*path, "stunts", k, extra[0])))
            top_lander = True
            continue
        when = c.get("when", "after-accelerate")
        if when == "after-move" and not accelerate:
            when = "after-accelerate"
        claims.append(Claim(stunt, when, c.get("action", "score")))
    return tuple(sorted(claims, key=claim_order)), top_lander
