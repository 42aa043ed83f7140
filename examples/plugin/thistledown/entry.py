"""Thistledown as a skyhex game: the entry point ``thistledown`` of the group
``skyhex.games`` (this distribution's ``pyproject.toml``) names this ``ENTRY``. Everything
is by reference, so that listing the games imports none of this game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skyhex.rules.entry import BotHooks, GameEntry, Ref

from thistledown import GAME
from thistledown.places import KINDS

if TYPE_CHECKING:
    from thistledown.state import Fly, Game, State

ENTRY: GameEntry[Game, State, Fly] = GameEntry(
    name=GAME,
    title="Thistledown",
    ruleset=Ref("thistledown.ruleset:RULESET"),
    face=Ref("thistledown.face:FACE"),
    bots=Ref[BotHooks]("thistledown.bots:HOOKS"),
    schemas="thistledown.schemas",
    places=KINDS,
    order=50,
)
