"""Paragliders as a plugin: the entry point ``paragliders`` of the group ``skyhex.games``
(``pyproject.toml``) names this ``ENTRY``."""

from __future__ import annotations

from skyhex.rules.entry import BotHooks, GameEntry, Ref
from skyhex.rules.paragliders import GAME

ENTRY = GameEntry(
    name=GAME,
    title="Paragliders",
    ruleset=Ref("skyhex.rules.paragliders.ruleset:RULESET"),
    face=Ref("skyhex.games.paragliders:FACE"),
    bots=Ref[BotHooks]("skyhex.rules.paragliders.bots:HOOKS"),
    components="skyhex.rules.paragliders",
    order=0,
)
