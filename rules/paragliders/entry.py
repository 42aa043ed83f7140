"""Paragliders as a plugin: the entry point ``paragliders`` of the group ``skyhex.games``
(``pyproject.toml``) names this ``ENTRY``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyhex.rules.entry import BotHooks, GameEntry, Ref
from skyhex.rules.paragliders import GAME
from skyhex.rules.paragliders.places import KINDS

if TYPE_CHECKING:
    from skyhex.rules.paragliders.actions import Action
    from skyhex.rules.paragliders.state import Game, State

ENTRY: GameEntry[Game, State, Action] = GameEntry(
    name=GAME,
    title="Paragliders",
    ruleset=Ref("skyhex.rules.paragliders.ruleset:RULESET"),
    face=Ref("skyhex.games.paragliders:FACE"),
    bots=Ref[BotHooks]("skyhex.rules.paragliders.bots:HOOKS"),
    components="skyhex.rules.paragliders",
    schemas="skyhex.schemas.paragliders",
    places=KINDS,
    order=0,
)
