"""The variants a Turbulences game may play, in the order they are composed (``variant``),
and the hooks of one game (``hooks_for``, which ``Game`` holds as ``Game.hooks``)."""

from __future__ import annotations

from typing import Any

from skyhex.rules.turbulences.expert_hooks import EXPERT, RUNWAYS
from skyhex.rules.turbulences.night_hooks import NIGHT
from skyhex.rules.turbulences.power_hooks import LEGENDARY, LIGHTNING, PARACHUTE
from skyhex.rules.turbulences.reach import CLASSIC_PILOT
from skyhex.rules.turbulences.state import Game
from skyhex.rules.turbulences.variant import Hooks, Variant, compose

VARIANTS: tuple[Variant, ...] = (EXPERT, RUNWAYS, PARACHUTE, LIGHTNING, NIGHT, LEGENDARY)
"""Every variant, in the order of their parts in the log and the views (``variant``)."""

_MADE: dict[tuple[Any, ...], Hooks] = {}
"""The hooks composed so far, by what they depend on (the companies and the table's
options): bots deal believed worlds (``dataclasses.replace`` of the game) at every
decision, and each such game finds its hooks made."""


def hooks_for(game: Game) -> Hooks:
    """The hooks of the variants ``game`` plays."""
    key = (game.companies, game.expert, game.powers, game.night)
    hooks = _MADE.get(key)
    if hooks is None:
        if len(_MADE) >= 256:
            _MADE.clear()
        hooks = _MADE[key] = compose(game, VARIANTS, CLASSIC_PILOT)
    return hooks
