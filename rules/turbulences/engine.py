"""The Turbulences rules engine: ``new_game``, ``legal_actions``, ``apply``, ``advance`` and
``view``, the public face of the modules that hold the rules.

A game turn (rulebook sections 2, 4-6): PHASE I, the first player flicks the Wind Rose (a
chance draw) and the clouds blow (``weather.resolve``), then, from the second weather phase,
the aircraft events of section 7 (``events.shake``); PHASE II, each company in turn clockwise
from the first player makes its journey (``piloting``), possibly followed by its BOOST;
PHASE III, the game ends if a delivery zone holds 3 parcels, else the first player changes
clockwise and the next turn's weather phase follows at once.

``apply`` checks every rule and raises ``IllegalActionError`` naming it (``journey.*``,
``parcel.*``, ``boost.*``, ``rebuild.*``, ``turn.*``); it never changes its inputs. Events
are JSON-ready dicts (hexes as ``[q, r]``) and form the referee's log: they name parcels and,
in the setup event, their weights. ``legal_actions`` reads no weight, so what a company may
do never depends on what it may not know.

Where the rules are, each module with its decisions (numbered across the engine, besides
those of ``piloting``, ``events``, ``actions`` and ``state``):

- ``setup``: ``new_game``, the checks of its inputs, the parcels dealt (decisions 1-2);
  ``teams``: the team modes of section 8 (decisions 9-14).
- ``weather_phase``: PHASE I, the Wind Rose, the clouds and section 7 (decision 7).
- ``journeys``: resolving an action, the BOOST, the next company and the end of the game
  turn (decisions 5, 6, 8); ``cargo``: parcel operations, looks and losses (decisions 3,
  15, 16); ``arrival``: landings, crashes, deliveries (decision 4); ``reach``: where an
  aircraft can fly.
- ``legality``: ``legal_actions``; ``views``: ``view``, ``event_view``, ``known_weight``.
- The variants, plugged into those modules as named hooks (``variant``: the ``Variant``
  record, ``Game.hooks`` composed at setup; ``variants``: the registry): EXPERT and its
  runways (``expert_hooks``), the Parachute, the Lightning and the Legendary Aircraft
  (``power_hooks``), NIGHT FLIGHT (``night_hooks``, decision 17). A CLASSIC game plays
  none: its hook points are empty.

This module applies actions: ``apply`` (the state and its events, explained when read),
``explain`` and ``advance`` (the state only, with the listing's fast path).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from skyhex.rules.game import Event
from skyhex.rules.turbulences import tables
from skyhex.rules.turbulences.actions import Action
from skyhex.rules.turbulences.expert_hooks import expert_view
from skyhex.rules.turbulences.journeys import _apply, _journey_end, _journey_end_seen
from skyhex.rules.turbulences.legality import legal_actions, ops_options
from skyhex.rules.turbulences.setup import clockwise, new_game, setup_parcels
from skyhex.rules.turbulences.sink import _BOOST, _DISCARD
from skyhex.rules.turbulences.state import Game, State
from skyhex.rules.turbulences.teams import NamedTeam, Teams, make_teams
from skyhex.rules.turbulences.views import event_view, known_weight, view
from skyhex.rules.turbulences.weather_phase import _blow, _shake_seen

if TYPE_CHECKING:
    from skyhex.rules.turbulences.tables import Known

__all__ = [
    "NamedTeam", "Teams", "_blow", "_shake_seen", "advance", "advance_all", "apply",
    "clockwise", "event_view", "expert_view", "explain", "known_weight", "legal_actions",
    "make_teams", "new_game", "ops_options", "setup_parcels", "view",
]


def apply(game: Game, state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after ``action`` and the events that explain it, built in the one pass
    that resolves it (``explain``); ``advance`` gives the state alone, by its fast paths.
    An illegal action raises ``IllegalActionError`` naming the rule."""
    return explain(game, state, action)


def explain(game: Game, state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after ``action`` and the events that explain it, both worked out now
    along the explained path (the one ``advance``'s fast paths are held to)."""
    events: list[Event] = []
    return _apply(game, state, action, events), events


def advance(game: Game, state: State, action: Action) -> State:
    """The state after ``action``, as ``apply`` gives it, without its events (bots weighing
    every action of a turn read the state only). A journey ``legal_actions`` listed for this
    very state is not checked again: the listing kept where it starts and its checked
    flight (CORE.md section 5, a fast path for legality; a test holds it to ``apply``)."""
    listed = tables.listing
    if listed is not None and listed[1] is state:
        known = listed[2].get(id(action))
        if known is not None and known[0] is action:
            if listed[0] is game:
                return _listed_end(game, state, known)
            if listed[0].board is game.board:
                return _world_end(game, listed[0], state, known)
    return _apply(game, state, action, _DISCARD)


def _listed_end(game: Game, state: State, known: Known) -> State:
    """The state after a listed journey: its end, worked out for the first of the journeys
    that end alike (``Known``)."""
    done = known[3][0]
    if done is None:
        made, scratch, flight, end, _ = known
        i = state.order[0]
        plane = scratch.planes[i]
        done = end[0] = _journey_end(game, scratch, i, made, plane, flight, plane, {}, False,
                                     state.phase is _BOOST, _DISCARD)
    return done


def _world_end(game: Game, listing: Game, state: State, known: Known) -> State:
    """The state after a listed journey in a game of the same board as the listing's game
    ``listing`` (a world a bot samples: another seed, other weights): its checked flight
    and the state after its parcel operations are the listing's. So is its end when no
    weather phase follows it in the same game turn (the turn number unchanged): chance
    and the weights play no part in a day journey's end but through the weather. Else
    the end is worked out in ``game``, whose chance it is, as ``_journey`` would."""
    done = known[3][0]
    if done is None:
        done = _listed_end(listing, state, known)
    if done.turn == state.turn:
        return done
    made, scratch, flight, _, _ = known
    return _journey_end_seen(game, state, scratch, state.order[0], made, flight,
                             state.phase is _BOOST, _DISCARD)


def advance_all(game: Game, state: State, actions: Sequence[Action]) -> list[State]:
    """``advance`` of each of ``actions`` from ``state``, in order (a bot weighing every
    legal action): the journeys ``legal_actions`` listed for this very state looked up and
    their shared ends found without a call per action."""
    listed = tables.listing
    if listed is None or listed[1] is not state or listed[0] is not game:
        return [advance(game, state, action) for action in actions]  # a world: one by one
    known_of = listed[2].get
    out: list[State] = []
    for action in actions:
        known = known_of(id(action))
        if known is None or known[0] is not action:
            out.append(_apply(game, state, action, _DISCARD))
            continue
        done = known[3][0]
        out.append(_listed_end(game, state, known) if done is None else done)
    return out

