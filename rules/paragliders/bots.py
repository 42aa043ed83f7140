"""What the bots (``rules/bots``) need to know of Paragliders: how well each pilot stands.
The worlds a seat may believe in come from the ruleset (``Paragliders.sample_world``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skyhex.rules.entry import BotHooks
from skyhex.rules.paragliders.actions import Action, LandChoice, Turn, TurnKind, WindChoice
from skyhex.rules.paragliders.features import Antenna
from skyhex.rules.paragliders.scenario import PilotStatus
from skyhex.rules.paragliders.scoring import final_scores
from skyhex.rules.paragliders.state import Game, Pilot, State
from skyhex.rules.speed import last_answer

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
    left = _left(game, state)
    return {p.ident: _standing(game, row, p, left)
            for row, p in zip(final_scores(game, state), state.pilots, strict=True)}


def value(game: Game, state: State, who: str) -> float:
    """``values(game, state)[who]`` alone, the very same float. A pilot's row of the final
    scores depends on the pilot, the time, and of the others only on those home with every
    antenna (its rank among them), so it is scored on a table of those alone, and
    remembered with them: the actions weighed at one decision leave the other pilots as
    they were (the same objects), so that only the actor is scored again after each."""
    pilots = state.pilots
    i = _seat(game).get(who, -1)
    if not 0 <= i < len(pilots) or pilots[i].ident != who:
        i = next(k for k, p in enumerate(pilots) if p.ident == who)
    p = pilots[i]
    landed = tuple([q for q in pilots if q is not p and q.landed_time is not None
                    and q.status is not PilotStatus.FLYING and q.antennas >= _EVERY])
    held = _standings.get(i)
    if held is not None and held[0] is game and held[1] is p and held[2] == state.time and \
            len(held[3]) == len(landed) and \
            all(a is b for a, b in zip(held[3], landed, strict=True)):
        return held[4]
    row = final_scores(game, state.evolve(pilots=(p, *landed)))[0]
    found = _standing(game, row, p, _left(game, state))
    _standings[i] = (game, p, state.time, landed, found)
    return found


_EVERY = frozenset(Antenna)


@last_answer
def _seat(game: Game) -> dict[str, int]:
    """Each player's index among the pilots (their seat order; the last asked is
    remembered: a bot asks it of one game for every pilot)."""
    return {player.ident: k for k, player in enumerate(game.scenario.players)}


_standings: dict[int, tuple[Game, Pilot, object, tuple[Pilot, ...], float]] = {}
"""Pilot index -> the game, the pilot, the time and the other landed pilots last valued,
and the standing (``value``; each slot replaced whole)."""


def _left(game: Game, state: State) -> float:
    """The share of the day still to come."""
    track = game.components.time
    return max(0.0, (track.end - state.time) / (track.end - track.start))


def _standing(game: Game, row: dict[str, Any], p: Pilot, left: float) -> float:
    """One pilot's standing from its row of the final scores (``values``)."""
    v = float(row["score"])
    if p.status is PilotStatus.FLYING:
        missing = -row["breakdown"].get("missing antennas", 0)
        v += p.altitude + ALTITUDE_WORTH * min(p.altitude, missing + 4)
        v += HOPE * missing * left  # still in the air: the antennas may yet be reached
        if not missing and game.target is not None and p.hex is not None:
            v -= 0.5 * p.hex.distance(game.target)
    return v


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


HOOKS = BotHooks(values=values, scale=SCALE, figures=figures, value=value,
                 sensible=sensible)
"""The bot hooks this game's entry names (``rules/entry.py``)."""
