"""Turbulences actions: a company's ``Journey`` (with its parcel operations, a take-off from
a rebuilt aircraft, or the BOOST's second journey) or a ``Pass``.

A turn is one ``Journey`` or ``Pass`` (in EXPERT mode, a ``Flip`` of the Jerrycan on the
ground may come first); when the journey leaves the BOOST available, the same
company then plays a ``Journey`` with ``boost=True`` (the second journey) or a ``Pass``
(declining it).

Parcel operations (``Ops``: throw, unload, load, in no imposed order) are made ``before``
the journey at the aircraft's starting place, ``after`` it at the airport where it landed.
Throwing a parcel overboard is allowed anywhere, but only before a journey (at the end of a
turn it changes nothing that the start of the next cannot); unloading (leaving a parcel "in
transit") and loading only in an airport.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skyhex.rules import speed
from skyhex.rules.errors import InputError, Path, Problem
from skyhex.rules.hexgrid import Hex


@dataclass(frozen=True, slots=True)
class Ops:
    """Parcel operations at one place: throw overboard, unload, load. No order is imposed
    (the engine checks their result), so each list is kept sorted: two ways of writing the
    same operations are one action."""

    throw: tuple[str, ...] = ()
    unload: tuple[str, ...] = ()
    load: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("throw", "unload", "load"):
            object.__setattr__(self, name, tuple(sorted(getattr(self, name))))

    def __bool__(self) -> bool:
        return bool(self.throw or self.unload or self.load)

    def describe(self) -> str:
        parts = [f"{verb} {', '.join(ids)}" for verb, ids in
                 (("throw", self.throw), ("unload", self.unload), ("load", self.load)) if ids]
        return "; ".join(parts)


NO_OPS = Ops()


@dataclass(frozen=True, slots=True)
class Journey:
    """A journey: the hexes entered in order (base tiles, then the bonus tile; a take-off
    enters a landscape tile from the ground, a landing enters a free airport and ends it).

    ``rebuild`` (a destroyed aircraft only): where the new aircraft starts, its company's
    airport (the BOOST recharges) or another city of its region (the BOOST is consumed).
    ``boost``: this is the BOOST's second journey."""

    company: str
    path: tuple[Hex, ...]
    before: Ops = NO_OPS
    after: Ops = NO_OPS
    rebuild: Hex | None = None
    boost: bool = False
    glide: int = 0
    """EXPERT: the movements paid with ALTITUDE instead of FUEL ("1 FUEL = 1 ALTITUDE")."""
    cross: bool = False
    """EXPERT: the journey crosses the obstacle at ``path[0]`` to land on ``path[1]`` (its
    whole base movement), then may take its bonus tile."""
    parachute: bool = False
    """Section 10: taking off from its airport, the aircraft reserves the Parachute in
    place of its BOOST."""
    power: bool = False
    """Section 10: the journey is a Legendary Aircraft's Power: the FAKIR's FLYING CARPET
    (``path``: the DESERT tile it flies to) or the SAVOIA S.21's DODGE (``path``: the
    obstacle, the tile beyond it, and the bonus tile if any)."""

    def describe(self) -> str:
        text = ("boost " if self.boost else "") + ("cross " if self.cross else "") + \
            ("power " if self.power else "") + " ".join(str(h) for h in self.path)
        if self.parachute:
            text = f"reserve the Parachute, {text}"
        if self.glide:
            text += f" gliding {self.glide}"
        if self.rebuild is not None:
            text = f"rebuild at {self.rebuild}, {text}"
        if self.before:
            text = f"{self.before.describe()}, {text}"
        if self.after:
            text += f", then {self.after.describe()}"
        return text


_BLANK = speed.slotted(Journey)
"""A ``Journey`` being made (``speed.slotted``)."""


def journey(company: str, path: tuple[Hex, ...], before: Ops, after: Ops, rebuild: Hex | None,
            boost: bool, glide: int, cross: bool, parachute: bool = False, power: bool = False
            ) -> Journey:
    """``Journey(...)`` with every field given, made without the frozen dataclass's
    ``__init__`` (one ``object.__setattr__`` per field, a call each): the legal actions make
    thousands of journeys a game. Equal to the one ``Journey`` makes, of its very type (a
    test holds them together)."""
    made = _BLANK()
    made.company = company
    made.path = path
    made.before = before
    made.after = after
    made.rebuild = rebuild
    made.boost = boost
    made.glide = glide
    made.cross = cross
    made.parachute = parachute
    made.power = power
    made.__class__ = Journey
    found: Journey = made
    return found


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn (blocked, or a destroyed aircraft waiting) or decline the BOOST.
    ``ops``: parcel operations of an aircraft blocked in an airport. ``rebuild``: a
    destroyed aircraft's new aircraft placed in its airport, whose exits are both blocked
    (it passes there, on the ground)."""

    company: str
    ops: Ops = NO_OPS
    rebuild: Hex | None = None

    def describe(self) -> str:
        text = "pass" + (f" ({self.ops.describe()})" if self.ops else "")
        return text if self.rebuild is None else f"rebuild at {self.rebuild}, {text}"


@dataclass(frozen=True, slots=True)
class Flip:
    """EXPERT: consume the Jerrycan on the ground (flip it and pour its content into the
    tank). The company then goes on with its turn."""

    company: str

    def describe(self) -> str:
        return "flip the Jerrycan"


@dataclass(frozen=True, slots=True)
class Power:
    """Section 10, BESIXDOUZE: activate the ASTEROID at the end of the journey (the aircraft
    is a Mountain during the next weather phase)."""

    company: str

    def describe(self) -> str:
        return "activate the ASTEROID"


Action = Journey | Pass | Flip | Power


# --- moves-file entries -------------------------------------------------------------------


def _hex(value: Sequence[int]) -> Hex:
    return Hex(value[0], value[1])


def _ops(data: Mapping[str, Any] | None) -> Ops:
    if not data:
        return NO_OPS
    return Ops(tuple(data.get("throw", ())), tuple(data.get("unload", ())),
               tuple(data.get("load", ())))


def action_from_entry(entry: Mapping[str, Any], path: Path = ()) -> Action:
    """The action of a schema-valid entry; ``InputError`` for an entry that is both or
    neither a journey and a pass, or a pass with journey keys."""
    company = entry["company"]
    if entry.get("jerrycan"):
        extra = [k for k in entry if k not in ("company", "jerrycan", "note")]
        if extra:
            raise InputError([Problem("moves.entry", "flipping the Jerrycan is an entry of "
                                      "its own ({company, jerrycan: true})",
                                      (*path, extra[0]))])
        return Flip(company)
    if entry.get("power") and "journey" not in entry:
        extra = [k for k in entry if k not in ("company", "power", "note")]
        if extra:
            raise InputError([Problem("moves.entry", "activating the ASTEROID is an entry of "
                                      "its own ({company, power: true})", (*path, extra[0]))])
        return Power(company)
    journey = "journey" in entry
    if journey == bool(entry.get("pass")):
        raise InputError([Problem("moves.entry", "an entry is either a journey (journey: "
                                  "[[q, r], ...]) or a pass (pass: true)", path)])
    if not journey:
        extra = [k for k in ("before", "after", "boost", "glide", "cross", "parachute",
                             "power") if k in entry]
        if extra:
            raise InputError([Problem("moves.entry", f"a pass has no {extra[0]} (parcel "
                                      "operations of a pass are its ops)", (*path, extra[0]))])
        return Pass(company, _ops(entry.get("ops")),
                    _hex(entry["rebuild"]) if "rebuild" in entry else None)
    if "ops" in entry:
        raise InputError([Problem("moves.entry", "a journey's parcel operations are its "
                                  "before and after", (*path, "ops"))])
    return Journey(company, tuple(_hex(h) for h in entry["journey"]), _ops(entry.get("before")),
                   _ops(entry.get("after")),
                   _hex(entry["rebuild"]) if "rebuild" in entry else None,
                   bool(entry.get("boost", False)), int(entry.get("glide", 0)),
                   bool(entry.get("cross", False)), bool(entry.get("parachute", False)),
                   bool(entry.get("power", False)))


def _ops_entry(ops: Ops) -> dict[str, list[str]]:
    return {k: list(v) for k, v in (("throw", ops.throw), ("unload", ops.unload),
                                    ("load", ops.load)) if v}


def action_to_entry(action: Action) -> dict[str, Any]:
    """The moves-file entry of an action (keys in a stable order, empty parts left out)."""
    entry: dict[str, Any] = {"company": action.company}
    if isinstance(action, Flip):
        entry["jerrycan"] = True
        return entry
    if isinstance(action, Power):
        entry["power"] = True
        return entry
    if isinstance(action, Pass):
        if action.rebuild is not None:
            entry["rebuild"] = [action.rebuild.q, action.rebuild.r]
        entry["pass"] = True
        if action.ops:
            entry["ops"] = _ops_entry(action.ops)
        return entry
    if action.rebuild is not None:
        entry["rebuild"] = [action.rebuild.q, action.rebuild.r]
    if action.before:
        entry["before"] = _ops_entry(action.before)
    entry["journey"] = [[h.q, h.r] for h in action.path]
    if action.after:
        entry["after"] = _ops_entry(action.after)
    if action.boost:
        entry["boost"] = True
    if action.cross:
        entry["cross"] = True
    if action.glide:
        entry["glide"] = action.glide
    if action.parachute:
        entry["parachute"] = True
    if action.power:
        entry["power"] = True
    return entry
