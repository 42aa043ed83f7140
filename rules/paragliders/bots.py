"""What the bots (``rules/bots``) need to know of Paragliders: how well each pilot stands.
The worlds a seat may believe in come from the ruleset (``Paragliders.sample_world``)."""

from __future__ import annotations

from collections.abc import Sequence

from skyhex.rules.entry import BotHooks
from skyhex.rules.paragliders.actions import Action, LandChoice, Turn, TurnKind, WindChoice
from skyhex.rules.paragliders.scenario import PilotStatus
from skyhex.rules.paragliders.scoring import final_scores
from skyhex.rules.paragliders.state import Game, State

SCALE = 4.0
"""VP that make a clear difference between two pilots (the search bot's reward scale)."""
CAP = 60
"""Rounds after which a bot playout stops: the day ends at round 37 (20:00)."""
ALTITUDE_WORTH = 0.6
"""VP one step of altitude is worth to a flying pilot who still needs it (up to the
distance left to fly): the provisional score takes it off, as the end of the day would."""


HOPE = 0.5
"""The share of the missing-antenna penalty a flying pilot expects to win back at the start
of the day (less as the day goes): without it a pilot would land at once to stop it."""


def participants(game: Game, state: State) -> list[str]:
    """The pilots, in seat order."""
    return [p.ident for p in state.pilots]


def values(game: Game, state: State) -> dict[str, float]:
    """Each pilot's standing: the provisional score, where a flying pilot's altitude counts
    as the flight it still allows (not as the penalty it would be if the day ended now) and
    a pilot with every antenna is drawn towards the target."""
    track = game.components.time
    left = max(0.0, (track.end - state.time) / (track.end - track.start))
    out: dict[str, float] = {}
    for row, p in zip(final_scores(game, state), state.pilots, strict=True):
        v = float(row["score"])
        if p.status is PilotStatus.FLYING:
            missing = -row["breakdown"].get("missing antennas", 0)
            v += p.altitude + ALTITUDE_WORTH * min(p.altitude, missing + 4)
            v += HOPE * missing * left  # still in the air: the antennas may yet be reached
            if not missing and game.target is not None and p.hex is not None:
                v -= 0.5 * p.hex.distance(game.target)
        out[p.ident] = v
    return out


def figures(game: Game, state: State) -> dict[str, float]:
    """What happened in a finished game, per pilot (means over the pilots): crash landings,
    final landings, landings with the three antennas, antennas and GPS markers reached, and
    how often each stunt was scored (``stunt:NAME``)."""
    pilots = state.pilots
    n = len(pilots) or 1
    out: dict[str, float] = {
        "crash_rate": sum(1 for p in pilots if p.crashed) / n,
        "landing_rate": sum(1 for p in pilots if p.status is PilotStatus.LANDED) / n,
        "three_antennas_rate": sum(1 for p in pilots if len(p.antennas) == 3) / n,
        "antennas": sum(len(p.antennas) for p in pilots) / n,
        "gps": sum(len(p.gps) for p in pilots) / n,
    }
    for stunt in game.scenario.stunts:
        out[f"stunt:{stunt.value}"] = sum(
            1 for p in pilots for s, progress in p.stunts
            if s is stunt and progress.scored is not None) / n
    return out


def sensible(game: Game, state: State, legal: Sequence[Action]) -> list[Action]:
    """The actions of ``legal`` that are no blunder, for the ``sensible`` policy: a pilot
    never keeps its pawn in hand when it can take off, nor lands for good while antennas of
    the map are still missing to it (when it could relaunch or fly on)."""
    pilot = state.actor
    assert pilot is not None
    missing = bool(set(game.antennas.values()) - pilot.antennas)
    return [a for a in legal
            if not (isinstance(a, Turn) and a.kind is TurnKind.PASS)
            and not (missing and isinstance(a, (Turn, WindChoice))
                     and a.land is LandChoice.FINAL)]


HOOKS = BotHooks(values=values, scale=SCALE, figures=figures, sensible=sensible)
"""The bot hooks this game's entry names (``rules/entry.py``)."""
