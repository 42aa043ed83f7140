"""What a map hex can carry besides its terrain: take-off and target marks, cloud spawn
numbers, antenna tokens and landmark GPS sites."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Antenna(StrEnum):
    """Antenna token colours, one antenna tile per colour."""

    BLUE = "blue"
    RED = "red"
    YELLOW = "yellow"


class Landmark(StrEnum):
    """Landmark GPS sites printed on map tiles (the golf course covers three hexes)."""

    CASTLE = "castle"
    MEGALITHS = "megaliths"
    CROP_CIRCLE = "crop-circle"
    GOLF_COURSE = "golf-course"


class TrackGps(StrEnum):
    """GPS markers on the altitude track, collected by reaching their level."""

    BALLOON = "balloon"
    CEILING = "ceiling"


@dataclass(frozen=True, slots=True)
class HexFeatures:
    """The marks on one hex; the default instance means "nothing"."""

    takeoff: bool = False
    target: bool = False
    spawn: int | None = None
    antenna: Antenna | None = None
    gps: Landmark | None = None

    def __bool__(self) -> bool:
        return bool(self.takeoff or self.target or self.spawn is not None
                    or self.antenna is not None or self.gps is not None)

    @property
    def has_token(self) -> bool:
        """Whether the hex holds a collectible token spot, a GPS site or a spawn number,
        which the aerodrome setup rule forbids removing."""
        return self.spawn is not None or self.antenna is not None or self.gps is not None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.takeoff:
            out["takeoff"] = True
        if self.target:
            out["target"] = True
        if self.spawn is not None:
            out["spawn"] = self.spawn
        if self.antenna is not None:
            out["antenna"] = self.antenna.value
        if self.gps is not None:
            out["gps"] = self.gps.value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HexFeatures:
        """Build from a mapping already checked against the schema's ``features``."""
        antenna = data.get("antenna")
        gps = data.get("gps")
        return cls(
            takeoff=bool(data.get("takeoff", False)),
            target=bool(data.get("target", False)),
            spawn=data.get("spawn"),
            antenna=Antenna(antenna) if antenna is not None else None,
            gps=Landmark(gps) if gps is not None else None,
        )

    def describe(self) -> str:
        parts = []
        if self.takeoff:
            parts.append("take-off")
        if self.target:
            parts.append("target")
        if self.spawn is not None:
            parts.append(f"spawn {self.spawn}")
        if self.antenna is not None:
            parts.append(f"{self.antenna.value} antenna")
        if self.gps is not None:
            parts.append(self.gps.value)
        return ", ".join(parts)


NO_FEATURES = HexFeatures()
