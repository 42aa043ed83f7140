"""Balmy Balloonists as a plugin: the entry point ``balloons`` of the group ``skyhex.games``
(``pyproject.toml``) names this ``ENTRY``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyhex.rules.balloons import GAME
from skyhex.rules.entry import BotHooks, GameEntry, Ref

if TYPE_CHECKING:
    from skyhex.rules.balloons.actions import Action
    from skyhex.rules.balloons.state import Game, State

ENTRY: GameEntry[Game, State, Action] = GameEntry(
    name=GAME,
    title="Balmy Balloonists",
    ruleset=Ref("skyhex.rules.balloons.ruleset:RULESET"),
    face=Ref("skyhex.games.balloons:FACE"),
    bots=Ref[BotHooks]("skyhex.rules.balloons.bots:HOOKS"),
    components="skyhex.rules.balloons",
    order=2,
)
