"""Turbulences as a plugin: the entry point ``turbulences`` of the group ``skyhex.games``
(``pyproject.toml``) names this ``ENTRY``."""

from __future__ import annotations

from skyhex.rules.entry import BotHooks, GameEntry, Ref
from skyhex.rules.turbulences import GAME

ENTRY = GameEntry(
    name=GAME,
    title="Turbulences",
    ruleset=Ref("skyhex.rules.turbulences.ruleset:RULESET"),
    face=Ref("skyhex.games.turbulences:FACE"),
    bots=Ref[BotHooks]("skyhex.rules.turbulences.bots:HOOKS"),
    components=None,
    order=1,
)
