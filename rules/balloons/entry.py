"""Balmy Balloonists as a plugin: the entry point ``balloons`` of the group ``skyhex.games``
(``pyproject.toml``) names this ``ENTRY``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyhex.rules.balloons import GAME
from skyhex.rules.balloons.places import KINDS

if TYPE_CHECKING:
    from skyhex.rules.balloons.actions import Action
    from skyhex.rules.balloons.state import Game, State
from skyhex.rules.entry import BotHooks, GameEntry, Ref

ENTRY: GameEntry[Game, State, Action] = GameEntry(
    name=GAME,
    title="Balmy Balloonists",
    ruleset=Ref("skyhex.rules.balloons.ruleset:RULESET"),
    face=Ref("skyhex.games.balloons:FACE"),
    bots=Ref[BotHooks]("skyhex.rules.balloons.bots:HOOKS"),
    components="skyhex.rules.balloons",
    schemas="skyhex.schemas.balloons",
    places=KINDS,
    order=2,
)
