"""The seven stunts of Paragliders (their rules come with the stunt engine)."""

from __future__ import annotations

from enum import StrEnum


class Stunt(StrEnum):
    SKY_CLIMBER = "sky-climber"
    OVERFLYER = "overflyer"
    SURVIVOR = "survivor"
    CLIFF_SURFER = "cliff-surfer"
    EXPLORER = "explorer"
    LONE_HIKER = "lone-hiker"
    TOP_LANDER = "top-lander"


TIMED_STUNTS = frozenset({Stunt.CLIFF_SURFER, Stunt.LONE_HIKER})
"""Stunts whose ruler is placed under the weather board and scored later."""
