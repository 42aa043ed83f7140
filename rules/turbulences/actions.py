"""Turbulences actions: a company's ``Journey`` (with its parcel operations, a take-off from
a rebuilt aircraft, or the BOOST's second journey) or a ``Pass``.

A turn is one ``Journey`` or ``Pass``; when the journey leaves the BOOST available, the same
company then plays a ``Journey`` with ``boost=True`` (the second journey) or a ``Pass``
(declining it).

Parcel operations (``Ops``) run in the order throw, unload, load: ``before`` the journey at
the aircraft's starting place, ``after`` it at the airport where it landed. Throwing a
parcel overboard is allowed anywhere, but only before a journey (at the end of a turn it
changes nothing that the start of the next cannot); unloading (leaving a parcel "in transit")
and loading only in an airport.
"""

from __future__ import annotations

from dataclasses import dataclass

from skyhex.rules.hexgrid import Hex


@dataclass(frozen=True, slots=True)
class Ops:
    """Parcel operations at one place, in the order throw, unload, load."""

    throw: tuple[str, ...] = ()
    unload: tuple[str, ...] = ()
    load: tuple[str, ...] = ()

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

    def describe(self) -> str:
        text = ("boost " if self.boost else "") + " ".join(str(h) for h in self.path)
        if self.rebuild is not None:
            text = f"rebuild at {self.rebuild}, {text}"
        if self.before:
            text = f"{self.before.describe()}, {text}"
        if self.after:
            text += f", then {self.after.describe()}"
        return text


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn (blocked, or a destroyed aircraft waiting) or decline the BOOST.
    ``ops``: parcel operations of an aircraft blocked in an airport."""

    company: str
    ops: Ops = NO_OPS

    def describe(self) -> str:
        return "pass" + (f" ({self.ops.describe()})" if self.ops else "")


Action = Journey | Pass
