"""Turbulences as a plugin: the entry point ``turbulences`` of the group ``skyhex.games``
(``pyproject.toml``) names this ``ENTRY``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyhex.rules.entry import BotHooks, GameEntry, Ref
from skyhex.rules.turbulences import GAME
from skyhex.rules.turbulences.places import KINDS

if TYPE_CHECKING:
    from skyhex.rules.turbulences.actions import Action
    from skyhex.rules.turbulences.state import Game, State

ENTRY: GameEntry[Game, State, Action] = GameEntry(
    name=GAME,
    title="Turbulences",
    ruleset=Ref("skyhex.rules.turbulences.ruleset:RULESET"),
    face=Ref("skyhex.games.turbulences:FACE"),
    bots=Ref[BotHooks]("skyhex.rules.turbulences.bots:HOOKS"),
    components=None,
    schemas="skyhex.schemas.turbulences",
    places=KINDS,
    order=1,
)
