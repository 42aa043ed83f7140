"""The Balmy Balloonists rules engine: ``new_game``, ``legal_actions``, ``apply`` (and
``advance``, its state without the events) and ``view``.

A turn (``docs/rules-notes.md``, "Balmy Balloonists", where every decision below is
explained): the balloon to act plays a Local Wind card (``Play``: choice A on its own
balloon, choice B from the table on a balloon marked by a Wind Rose pawn), which is resolved
at once, and may give up an Advantage card for a face-up Local Wind card; then it flies
(``Fly``): it takes its altitude (Ballast chips up, Gas chips down; a balloon grounded in a
zone may launch from one lane north or south), moves by its quadrant's Quadrant card, burns
Fuel, and its player draws up to three cards. The next player follows; a player who lost a
turn is skipped. The race ends when a balloon is back across the start meridian (at once, or
at the end of the round: ``Finish``) or after the last day (``Game.days`` rounds).

``apply`` and ``advance`` check every rule and raise ``IllegalActionError`` naming it
(``card.*``, ``exchange.*``, ``flight.*``, ``turn.*``); they never change their inputs.
Events are JSON-ready dicts (spaces as ``[lane, k]``) and form the referee's log: they name
the cards drawn. ``legal_actions`` reads only what the player to act may know: its own hand
and the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skyhex.rules.balloons import GAME
from skyhex.rules.balloons.actions import Action, Exchange, Fly, Launch, Pass, Play, Use
from skyhex.rules.balloons.chance import Draws
from skyhex.rules.balloons.components import (
    ALTITUDES,
    LABELS,
    AdvantageKind,
    Altitude,
    ComponentSet,
    Effect,
    EffectKind,
    shift_text,
)
from skyhex.rules.balloons.globe import Globe, Space, ZoneKind
from skyhex.rules.balloons.scoring import scores
from skyhex.rules.balloons.state import (
    Balloon,
    Finish,
    Game,
    Phase,
    Position,
    Seat,
    State,
)
from skyhex.rules.errors import IllegalActionError, InputError, Problem
from skyhex.rules.game import LOG_FORMAT, Event
from skyhex.rules.speed import evolve_by


def _sp(space: Space) -> list[int]:
    """A space as the logs write it, ``[lane, k]``."""
    return [*space]


# --- setup --------------------------------------------------------------------------------


def check_seats(components: ComponentSet, globe: Globe, seats: Sequence[Seat]) -> list[Problem]:
    """Problems with the balloons of a race (paths ``("balloons", k, ...)``): their number,
    colours on the Wind Rose and used once, player names used once, start lanes on the
    globe."""
    problems = []
    low, high = components.players
    if not low <= len(seats) <= high:
        problems.append(Problem("setup.balloons", f"{len(seats)} balloons: {low} to {high} "
                                "race", ("balloons",)))
    colours: dict[str, int] = {}
    players: dict[str, int] = {}
    for k, seat in enumerate(seats):
        if seat.colour not in components.rose:
            problems.append(Problem("setup.colour", f"{seat.colour!r} is not a Wind Rose "
                                    f"colour ({', '.join(components.rose)})",
                                    ("balloons", k, "colour")))
        elif seat.colour in colours:
            problems.append(Problem("setup.colour", f"colour {seat.colour!r} is taken twice "
                                    f"(balloons {colours[seat.colour] + 1} and {k + 1})",
                                    ("balloons", k, "colour")))
        colours.setdefault(seat.colour, k)
        if seat.player is not None:
            if seat.player in players or seat.player in components.rose:
                problems.append(Problem("setup.player", f"name {seat.player!r} is used twice "
                                        "or is a colour", ("balloons", k, "player")))
            players.setdefault(seat.player, k)
        if not 1 <= seat.lane <= globe.lanes:
            problems.append(Problem("setup.lane", f"lane {seat.lane}: the globe has lanes 1 to "
                                    f"{globe.lanes}", ("balloons", k, "lane")))
    return problems


def default_rose(components: ComponentSet, colours: Sequence[str]) -> tuple[str, str]:
    """Where the two Wind Rose pawns start: on the first two colours in play, counter-
    clockwise round the Wind Rose from its first point."""
    first, second = [c for c in components.rose if c in colours][:2]
    return first, second


def _deal(draws: Draws, kind: str, deck: set[str], count: int) -> tuple[str, ...]:
    """``count`` cards drawn one by one from ``deck`` (which loses them)."""
    cards = []
    for _ in range(count):
        card = draws.card(kind, deck)
        deck.discard(card)
        cards.append(card)
    return tuple(sorted(cards))


def new_game(globe: Globe, components: ComponentSet, seats: Sequence[Seat], seed: int, *,
             finish: Finish = Finish.FIRST, days: int | None = None,
             rose: tuple[str, str] | None = None, pinned: tuple[dict[str, Any], ...] = (),
             position: Position | None = None) -> tuple[Game, State, list[Event]]:
    """Set the race up: each balloon grounded on the first space of its lane after the start
    meridian with its chips, its hand of Local Wind cards and its Advantage cards (seat
    order), a Quadrant card on each quadrant, the Wind Rose pawns on two colours in play.
    From a ``position`` the race starts there instead, no setup draw made (the pinned draws
    are those after the position's)."""
    problems = check_seats(components, globe, seats)
    if problems:
        raise InputError(problems)
    colours = [s.colour for s in seats]
    game = Game(globe, components, tuple(seats), seed, finish,
                components.days if days is None else days, pinned,
                0 if position is None else position.draws)
    draws = Draws(seed, pinned if position is None else (), 0)
    if position is None:
        wind = set(components.local_wind)
        hands = [_deal(draws, "local_wind", wind, components.hand) for _ in seats]
        advantages = set(components.advantage)
        dealt = [_deal(draws, "advantage", advantages, components.advantages_dealt)
                 for _ in seats]
        quadrant = set(components.quadrant)
        stacks = []
        for _ in range(globe.quadrants):
            card = draws.card("quadrant", quadrant)
            quadrant.discard(card)
            stacks.append((card,))
        chips = components.chips
        balloons = tuple(Balloon(globe.start(s.lane), 0, Altitude.GROUNDED, chips.ballast,
                                 chips.gas, chips.fuel, hand, (), adv)
                         for s, hand, adv in zip(seats, hands, dealt, strict=True))
        state = State(1, 0, Phase.CARD, balloons, rose or default_rose(components, colours),
                      tuple(stacks), draws=draws.index)
    else:
        state = State(position.round, position.seat, position.phase, position.balloons,
                      position.rose, position.quadrants, position.discards,
                      position.misfortunes, position.advantage_discards, position.draws)
    setup: Event = {
        "type": "setup", "format": LOG_FORMAT, "game": GAME, "seed": seed,
        "components": components.id, "finish": finish.value, "days": game.days,
        "balloons": [{"balloon": s.colour, "player": s.player, "space": _sp(b.space),
                      "altitude": b.altitude.label, "ballast": b.ballast, "gas": b.gas,
                      "fuel": b.fuel, "hand": list(b.hand), "advantages": list(b.advantages)}
                     for s, b in zip(seats, state.balloons, strict=True)],
        "quadrants": [stack[-1] for stack in state.quadrants],
        "rose": list(state.rose), "draws": draws.made,
    }
    return game, state, [setup]


# --- applying actions ---------------------------------------------------------------------


class _Turn:
    """What resolving one action works with: the game, the state so far, the chance draws
    and the events. ``log``: whether the events are built (``apply``) or not
    (``advance``); every event is built under ``if log:`` so that a turn that keeps none
    pays for none, and the rules run the same either way. The balloons live in a list of
    their own while the turn resolves (``balloons``: the state's are stale until
    ``settled``), so that moving one does not copy the whole state. ``emit`` is the event
    list's own ``append`` (no call in between), and the draws are set up at the first draw
    (most card plays draw nothing)."""

    __slots__ = ("_draws", "balloons", "emit", "events", "game", "globe", "last", "log",
                 "parts", "state")

    def __init__(self, game: Game, state: State, log: bool = True) -> None:
        self.game = game
        self.globe = game.globe
        self.parts = game.components
        self.state = state
        self.balloons = list(state.balloons)
        self._draws: Draws | None = None
        self.events: list[Event] = []
        self.emit = self.events.append
        self.log = log
        self.last: dict[str, Any] = {}
        """Fields of the next state (besides its balloons and its draws) that nothing reads
        again before the turn ends, where they are all set in one copy of the state: the
        piles and the Wind Rose after a card play (each changed once, after what reads it),
        the seat to act after a flight."""

    @property
    def draws(self) -> Draws:
        found = self._draws
        if found is None:
            game = self.game
            found = self._draws = Draws(game.seed, game.pinned, self.state.draws,
                                        first_pinned=game.pinned_from)
        return found

    def drawn(self) -> int:
        """The draws made in the game so far, this turn's included."""
        found = self._draws
        return self.state.draws if found is None else found.index

    def balloon(self, i: int) -> Balloon:
        return self.balloons[i]

    def set(self, i: int, balloon: Balloon) -> None:
        self.balloons[i] = balloon

    def settled(self) -> State:
        """The state so far, its balloons included."""
        return self.state.evolve(balloons=tuple(self.balloons))

    def name(self, i: int) -> str:
        return self.game.colours[i]

    # --- decks ---

    def draw_local_wind(self, taken: Sequence[str] = ()) -> str | None:
        """The top Local Wind card (the discards shuffled into a new deck when it is empty);
        ``None`` when every card is held or in front of a player. ``taken``: the cards
        drawn already this turn, on their way to a hand."""
        s = self.state
        used = set(s.discards)
        used.update(taken)
        for b in self.balloons:
            used.update(b.hand, b.front)
        deck = [c for c in self.parts.local_wind_order if c not in used]
        if not deck and s.discards:
            if self.log:
                self.emit({"type": "reshuffled", "deck": "local_wind", "cards": len(s.discards)})
            deck = sorted(s.discards)
            self.state = s.evolve(discards=())
        return self.draws.top("local_wind", deck) if deck else None

    def draw_misfortune(self) -> str:
        s = self.state
        deck = set(self.parts.misfortune) - set(s.misfortunes)
        if not deck:
            if self.log:
                self.emit({"type": "reshuffled", "deck": "misfortune", "cards": len(s.misfortunes)})
            deck = set(self.parts.misfortune)
            self.state = s.evolve(misfortunes=())
        return self.draws.card("misfortune", deck)

    def draw_quadrant(self) -> str | None:
        """The top Quadrant card; when the deck is empty, every card not visible on a
        quadrant is shuffled into a new one first (``None``: there is none)."""
        s = self.state
        deck = set(self.parts.quadrant).difference(*s.quadrants)
        if not deck:
            covered = sum(len(stack) - 1 for stack in s.quadrants)
            if covered:
                if self.log:
                    self.emit({"type": "reshuffled", "deck": "quadrant", "cards": covered})
                self.state = s.evolve(quadrants=tuple(stack[-1:] for stack in s.quadrants))
                deck = set(self.parts.quadrant).difference(*self.state.quadrants)
        return self.draws.card("quadrant", deck) if deck else None

    # --- zones ---

    def enter(self, i: int, cause: str) -> bool:
        """Balloon ``i`` has entered its space: the restricted airspaces and the mountain
        zones. Returns whether it was grounded there (its movement stops)."""
        b = self.balloons[i]
        space = b.space
        zone = self.globe.zone_rows[space.lane - 1][space.k]
        if zone is None or b.altitude is Altitude.GROUNDED:
            return False
        advantage = self.parts.advantage
        if zone.kind is ZoneKind.EXCLUSION:
            card = next((a for a in b.advantages
                         if advantage[a].permission == zone.permission
                         and zone.permission is not None), None)
            if card is not None:
                if self.log:
                    self.emit({"type": "permission", "balloon": self.game.colours[i],
                               "zone": zone.name, "card": card, "space": _sp(space)})
                return False
            gas = min(b.gas, int(b.altitude))
            self.balloons[i] = b.evolve(altitude=Altitude.GROUNDED, gas=b.gas - gas,
                                        lose_turn=True, relaunch=True)
            if self.log:
                self.emit({"type": "grounded", "balloon": self.game.colours[i],
                           "space": _sp(space), "zone": zone.name, "kind": zone.kind.value,
                           "altitude": LABELS[b.altitude], "gas": gas, "cause": cause})
            return True
        need = 3 if zone.kind is ZoneKind.WHITE else 2  # High, else Medium
        if any(advantage[a].kind is AdvantageKind.MOUNTAIN_GUIDE for a in b.advantages):
            need -= 1
        if b.altitude >= need:
            return False
        self.balloons[i] = b.evolve(altitude=Altitude.GROUNDED, lose_turn=True, relaunch=True)
        if self.log:
            self.emit({"type": "grounded", "balloon": self.game.colours[i], "space": _sp(space),
                       "zone": zone.name, "kind": zone.kind.value,
                       "altitude": LABELS[b.altitude], "gas": 0, "cause": cause})
        return True

    # --- moving ---

    def north_south(self, i: int, steps: int, cause: str) -> None:
        """North (``steps`` > 0) or south: lane by lane, the distance to the next heavy line
        kept; into the Polar Vortex (back to lane 1 at the section's first space) or the
        Equatorial Doldrums; each space entered checked. Grounded balloons do not move."""
        b = self.balloons[i]
        if steps == 0 or b.altitude is Altitude.GROUNDED or b.finished:
            return
        start = b.space
        north = steps > 0
        log = self.log
        globe = self.globe
        name = self.game.colours[i]
        if log:
            event: Event = {"type": "drifted", "balloon": name,
                            "direction": "north" if north else "south", "steps": abs(steps),
                            "from": _sp(start), "to": _sp(start), "cause": cause}
            self.emit(event)
        for _ in range(abs(steps)):
            b = self.balloons[i]
            if north and b.doldrums:
                self.balloons[i] = b.evolve(doldrums=False)
                if log:
                    self.emit({"type": "doldrums_left", "balloon": name, "space": _sp(b.space)})
            elif north and b.space.lane == 1:
                to = globe.section_start(b.space, 1)
                self.balloons[i] = b.evolve(space=to)
                if log:
                    self.emit({"type": "polar_vortex", "balloon": name, "from": _sp(b.space),
                               "to": _sp(to)})
                    event["to"] = _sp(to)
                self.enter(i, cause)
                return
            elif not north and b.doldrums:
                return
            elif not north and b.space.lane == globe.lanes:
                self.balloons[i] = b.evolve(doldrums=True)
                if log:
                    self.emit({"type": "doldrums", "balloon": name, "space": _sp(b.space)})
                return
            else:
                to = globe.shift(b.space, b.space.lane + (-1 if north else 1))
                self.balloons[i] = b.evolve(space=to)
            if log:
                event["to"] = _sp(self.balloons[i].space)
            if self.enter(i, cause):
                return

    def travel(self, i: int, spaces: int, cause: str, card: str | None = None) -> None:
        """Forward (``spaces`` > 0, counter-clockwise) or backward, space by space; crossing
        the start meridian counts laps, the first lap completed finishes the race (the
        balloon flies on to the end of its move); each space entered is checked, a grounding
        stops the balloon. The balloon is only rebuilt where a zone may stop it and where it
        stops: a space with no zone changes nothing but where it is."""
        b = self.balloons[i]
        if b.altitude is Altitude.GROUNDED or b.doldrums or b.finished:
            return
        globe = self.globe
        start = b.space
        lane, k = start
        laps = b.laps
        if self.log:
            event: Event = {"type": "moved", "balloon": self.game.colours[i], "cause": cause,
                            "from": _sp(start), "to": _sp(start), "spaces": 0, "laps": laps}
            if card is not None:
                event.update(quadrant=globe.quadrant_rows[lane - 1][k], card=card,
                             altitude=LABELS[b.altitude], lane=lane)
            self.emit(event)
        total = globe.totals[lane - 1]
        zones = globe.zone_rows[lane - 1]
        step = 1 if spaces > 0 else -1
        done = False
        moved = 0
        stopped = False
        for _ in range(abs(spaces)):
            k += step
            if k == total:
                k = 0
                laps += 1
                done = done or laps >= 1
            elif k < 0:
                k = total - 1
                laps -= 1
            moved += step
            if zones[k] is not None:
                self.balloons[i] = b.evolve(space=Space(lane, k), laps=laps, finished=done)
                if self.enter(i, cause):
                    stopped = True
                    break
        if moved and not stopped:
            self.balloons[i] = b.evolve(space=Space(lane, k), laps=laps, finished=done)
        if self.log:
            event["to"] = [lane, k]
            event["spaces"] = moved
            event["laps"] = laps
            if done:
                self.emit({"type": "finished", "balloon": self.game.colours[i],
                           "round": self.state.round})

    # --- altitude and chips ---

    def lose_levels(self, i: int, levels: int, cause: str) -> None:
        b = self.balloons[i]
        to = ALTITUDES[max(0, b.altitude - levels)]
        if to is not b.altitude:
            self.balloons[i] = b.evolve(altitude=to)
            if self.log:
                self.emit({"type": "altitude", "balloon": self.game.colours[i],
                           "from": LABELS[b.altitude], "to": LABELS[to], "ballast": 0, "gas": 0,
                           "cause": cause})

    def effect(self, i: int, effect: Effect, cause: str) -> None:
        """One effect of a Misfortune card (or of a weather symbol) on balloon ``i``."""
        b = self.balloon(i)
        if b.finished:
            return
        kind, n = effect.kind, effect.amount
        if kind is EffectKind.LOSE_LEVEL:
            self.lose_levels(i, n, cause)
        elif kind in (EffectKind.LOSE_BALLAST, EffectKind.LOSE_GAS, EffectKind.LOSE_FUEL):
            chip = kind.value.split("-")[1]
            lost = min(n, getattr(b, chip))
            if lost:
                self.set(i, b.evolve(**{chip: getattr(b, chip) - lost}))
                if self.log:
                    self.emit({"type": "chips_lost", "balloon": self.name(i), "chip": chip,
                               "amount": lost, "cause": cause})
        elif kind is EffectKind.BACK:
            self.travel(i, -n, cause)
        elif kind in (EffectKind.NORTH, EffectKind.SOUTH):
            self.north_south(i, n if kind is EffectKind.NORTH else -n, cause)
        elif kind is EffectKind.LOSE_TURN:
            self.set(i, b.evolve(lose_turn=True))
            if self.log:
                self.emit({"type": "next_turn_lost", "balloon": self.name(i), "cause": cause})
        else:  # bad weather: the symbol beside the balloon's altitude on its Quadrant card
            if b.altitude is Altitude.GROUNDED:
                return
            q = self.globe.quadrant(b.space)
            card = self.parts.quadrant[self.state.quadrants[q - 1][-1]]
            symbol = card.weather[b.altitude]
            if self.log:
                self.emit({"type": "bad_weather", "balloon": self.name(i), "quadrant": q,
                           "card": card.id, "altitude": b.altitude.label, "weather": symbol})
            for e in self.parts.weather[symbol]:
                self.effect(i, e, "weather")


def apply(game: Game, state: State, action: Action) -> tuple[State, list[Event]]:
    """The state after ``action`` and the events that explain it."""
    turn = _resolve(game, state, action, True)
    return turn.state, turn.events


def advance(game: Game, state: State, action: Action) -> State:
    """``apply``'s state, the same rules checked (the same ``IllegalActionError``), no
    event built: what bots, playouts and searches need."""
    return _resolve(game, state, action, False).state


def _resolve(game: Game, state: State, action: Action, log: bool) -> _Turn:
    """The turn that resolves ``action`` (its ``state`` the next state, its ``events``
    built when ``log``)."""
    if state.phase is Phase.OVER:
        raise IllegalActionError("game.over", "the race is over")
    i = state.seat
    j = game.index.get(action.balloon)
    if j is None:
        raise IllegalActionError("turn.unknown-balloon", f"no balloon is called "
                                 f"{action.balloon!r}")
    if j != i:
        raise IllegalActionError("turn.order", f"it is {game.colours[i]}'s turn, not "
                                 f"{action.balloon}'s")
    turn = _Turn(game, state, log)
    if state.phase is Phase.CARD:
        if isinstance(action, Fly):
            raise IllegalActionError("turn.card-first", "play a Local Wind card first (then "
                                     "set your altitude and fly)")
        if isinstance(action, Pass):
            if _plays(game, state, i):
                raise IllegalActionError("card.must-play", "a card can be played: play one "
                                         "(A on your balloon or B from the table)")
            if turn.log:
                turn.emit({"type": "passed", "balloon": action.balloon})
        else:
            _play(turn, i, action)
        turn.last["phase"] = Phase.FLIGHT
    else:
        if not isinstance(action, Fly):
            raise IllegalActionError("turn.fly", "your card is played: now set your altitude "
                                     "and fly (altitude: ...)")
        _fly(turn, i, action)
        _end_turn(turn, i)
    turn.state = evolve_by(turn.state, {**turn.last, "balloons": tuple(turn.balloons),
                                        "draws": turn.drawn()})
    return turn


# --- choice A or B -------------------------------------------------------------------------


def _plays(game: Game, state: State, i: int) -> bool:
    """Whether balloon ``i`` can play a card (A or B)."""
    b = state.balloons[i]
    targets = [c for c in state.rose if c != game.colours[i]]
    return bool(b.hand and len(b.front) < game.components.in_front) or \
        bool(b.front and targets)


def _play(turn: _Turn, i: int, action: Play) -> None:
    game, parts = turn.game, turn.parts
    me = turn.balloon(i)
    own = game.colours[i]
    card = parts.local_wind.get(action.card)
    if card is None:
        raise IllegalActionError("card.unknown", f"there is no Local Wind card {action.card!r}")
    target = game.index.get(action.on)
    if target is None:
        raise IllegalActionError("card.unknown-balloon", f"no balloon is called {action.on!r}")
    if action.on == own:
        if action.card not in me.hand:
            if action.card in me.front:
                raise IllegalActionError("card.from-hand", f"{action.card} is in front of you: "
                                         "choice A plays a card from your hand on your own "
                                         "balloon; a card in front of you goes on another's")
            raise IllegalActionError("card.not-held", f"{action.card} is not in your hand")
        if len(me.front) >= parts.in_front:
            raise IllegalActionError("card.three-in-front", f"you have {len(me.front)} played "
                                     "cards in front of you: you must choose option B (a card "
                                     "from the table on another's balloon)")
    else:
        if action.card not in me.front:
            if action.card in me.hand:
                raise IllegalActionError("card.from-table", f"{action.card} is in your hand: "
                                         "choice B plays a card in front of you on another's "
                                         "balloon; a card from your hand goes on your own")
            raise IllegalActionError("card.not-held", f"{action.card} is not in front of you")
        if action.on not in turn.state.rose:
            marked = " and ".join(turn.state.rose)
            raise IllegalActionError("card.wind-rose", f"{action.on} is not marked on the Wind "
                                     f"Rose: choice B goes on {marked} (never your own)")
    if action.use is Use.MISFORTUNE and not card.misfortune:
        raise IllegalActionError("card.no-misfortune", f"{card.id} shows no Misfortune symbol")
    if action.use is Use.QUADRANT and not card.quadrant:
        raise IllegalActionError("card.no-quadrant", f"{card.id} shows no Quadrant symbol")
    # The card leaves the hand (A) or the table (B) when the play is resolved: nothing the
    # play does reads the cards a player holds, and the balloon is rebuilt once.
    choice_a = action.on == own
    aimed = turn.balloons[target]
    use = action.use
    drifts = use is Use.WIND and aimed.altitude is not Altitude.GROUNDED and not aimed.finished
    if turn.log:
        turn.emit({"type": "card_played", "balloon": own, "card": card.id,
                   "from": "hand" if choice_a else "table", "on": action.on,
                   "use": use.value, "altitude": LABELS[aimed.altitude],
                   "instruction": shift_text(card.shifts[aimed.altitude]) if drifts else None})
    if use is Use.WIND:
        if drifts:
            turn.north_south(target, card.shifts[aimed.altitude], "wind")
    elif use is Use.MISFORTUNE:
        drawn = turn.draw_misfortune()
        misfortune = parts.misfortune[drawn]
        if turn.log:
            turn.emit({"type": "misfortune", "balloon": action.on, "card": drawn,
                       "name": misfortune.name, "draws": [{"misfortune": drawn}]})
        for effect in misfortune.effects:
            turn.effect(target, effect, "misfortune")
        turn.last["misfortunes"] = (*turn.state.misfortunes, drawn)
    else:
        _new_quadrant(turn, target)
    me = turn.balloons[i]
    if choice_a:
        turn.balloons[i] = me.evolve(hand=_without(me.hand, card.id), front=(*me.front, card.id))
    else:
        turn.balloons[i] = me.evolve(front=_without(me.front, card.id))
        _advance_pawn(turn, action.on)
        turn.last["discards"] = (*turn.state.discards, card.id)
    if action.exchange is not None:
        _exchange(turn, i, action.exchange)


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` without ``card``, which it holds once."""
    k = cards.index(card)
    return cards[:k] + cards[k + 1:]


def _new_quadrant(turn: _Turn, target: int) -> None:
    """The Quadrant symbol: a new Quadrant card on top of the target balloon's quadrant."""
    b = turn.balloon(target)
    q = turn.globe.quadrant(b.space)
    drawn = turn.draw_quadrant()
    stacks = turn.state.quadrants
    if drawn is None:
        if turn.log:
            turn.emit({"type": "quadrant_unchanged", "quadrant": q, "balloon": turn.name(target)})
        return
    if turn.log:
        turn.emit({"type": "quadrant_changed", "quadrant": q, "card": drawn,
                   "covered": stacks[q - 1][-1], "balloon": turn.name(target),
                   "draws": [{"quadrant": drawn}]})
    turn.state = turn.state.evolve(quadrants=(*stacks[:q - 1], (*stacks[q - 1], drawn),
                                              *stacks[q:]))


def _advance_pawn(turn: _Turn, colour: str) -> None:
    """The pawn on ``colour`` moves to the next free Wind Rose point counter-clockwise:
    colours with a pawn, and colours of balloons not in the race, are skipped (with no free
    point, it stays)."""
    rose = turn.parts.rose
    pawns = turn.state.rose
    other = pawns[1] if pawns[0] == colour else pawns[0]
    k = rose.index(colour)
    for step in range(1, len(rose)):
        candidate = rose[(k + step) % len(rose)]
        if candidate in turn.game.index and candidate != other:
            turn.last["rose"] = tuple(candidate if p == colour else p for p in pawns)
            if turn.log:
                turn.emit({"type": "pawn_moved", "from": colour, "to": candidate})
            return
    if turn.log:
        turn.emit({"type": "pawn_moved", "from": colour, "to": colour})


def _exchange(turn: _Turn, i: int, swap: Exchange) -> None:
    """Advantage card ``swap.discard`` given up for the face-up Local Wind card
    ``swap.take`` (the player's own balloon rebuilt once, even when the card was in front
    of it)."""
    me = turn.balloons[i]
    if swap.discard not in me.advantages:
        raise IllegalActionError("exchange.not-held", f"you hold no Advantage card "
                                 f"{swap.discard!r}")
    balloons = turn.balloons
    owner = next((k for k, b in enumerate(balloons) if swap.take in b.front), None)
    if owner is None:
        raise IllegalActionError("exchange.not-on-table", f"{swap.take} is not face up in "
                                 "front of a player (the discard pile is closed)")
    if owner == i:
        balloons[i] = me.evolve(front=_without(me.front, swap.take),
                                advantages=_without(me.advantages, swap.discard),
                                hand=tuple(sorted((*me.hand, swap.take))))
    else:
        holder = balloons[owner]
        balloons[owner] = holder.evolve(front=_without(holder.front, swap.take))
        balloons[i] = me.evolve(advantages=_without(me.advantages, swap.discard),
                                hand=tuple(sorted((*me.hand, swap.take))))
    turn.last["advantage_discards"] = (*turn.state.advantage_discards, swap.discard)
    if turn.log:
        turn.emit({"type": "exchange", "balloon": turn.name(i), "discard": swap.discard,
                   "take": swap.take, "from": turn.name(owner)})


# --- flight ---------------------------------------------------------------------------------


def _altitudes(game: Game, b: Balloon) -> tuple[Altitude, ...]:
    """The altitudes balloon ``b`` may take this turn: Ballast chips pay each level up, Gas
    chips each level down; only the rules ground a balloon, and one that lost its turn to a
    grounding waits a turn before it launches again. The flying ones are a run of levels,
    from as low as its Gas chips reach to as high as its Ballast chips do."""
    now = b.altitude
    if now is Altitude.GROUNDED and b.lose_turn:
        return _GROUNDED
    low = max(1, now - max(b.gas, 0))
    high = min(3, now + b.ballast if b.ballast >= 0 else now - 1)
    flying = ALTITUDES[low:high + 1]
    return _GROUNDED + flying if now is Altitude.GROUNDED else flying


_GROUNDED = (Altitude.GROUNDED,)


def _launches(game: Game, b: Balloon) -> list[Launch | None]:
    out: list[Launch | None] = [None]
    if b.relaunch and b.altitude is Altitude.GROUNDED and not b.doldrums:
        if b.space.lane > 1:
            out.append(Launch.NORTH)
        if b.space.lane < game.globe.lanes:
            out.append(Launch.SOUTH)
    return out


def _fly(turn: _Turn, i: int, action: Fly) -> None:
    game = turn.game
    b = turn.balloon(i)
    if action.altitude not in _altitudes(game, b):
        if b.altitude is Altitude.GROUNDED and b.lose_turn:
            raise IllegalActionError("flight.wait", "your balloon was grounded in a zone: it "
                                     "launches again on the turn after the one you lose")
        if action.altitude is Altitude.GROUNDED:
            raise IllegalActionError("flight.grounded", "a balloon is grounded only when the "
                                     "rules say so")
        if action.altitude > b.altitude:
            raise IllegalActionError("flight.ballast", f"climbing to {action.altitude.label} "
                                     f"costs {action.altitude - b.altitude} Ballast chip(s); "
                                     f"you have {b.ballast}")
        raise IllegalActionError("flight.gas", f"descending to {action.altitude.label} costs "
                                 f"{b.altitude - action.altitude} Gas chip(s); you have {b.gas}")
    if action.launch is not None and (action.launch not in _launches(game, b)
                                      or action.altitude is Altitude.GROUNDED):
        raise IllegalActionError("flight.launch", "only a balloon grounded in a zone "
                                 "launches from the leftmost space one lane north or south "
                                 "(of a lane that exists)")
    changes: dict[str, Any] = {}  # the balloon is rebuilt once, with all of them
    if action.launch is not None:
        lane = b.space.lane + (-1 if action.launch is Launch.NORTH else 1)
        to = game.globe.leftmost(b.space, lane)
        if turn.log:
            turn.emit({"type": "launch", "balloon": turn.name(i), "from": _sp(b.space),
                       "to": _sp(to)})
        changes["space"] = to
    cost = action.altitude - b.altitude
    ballast, gas = max(cost, 0), max(-cost, 0)
    # Logged even when the altitude stays: every decision is in the log, which alone gives
    # the game back.
    if turn.log:
        turn.emit({"type": "altitude", "balloon": turn.game.colours[i],
                   "from": LABELS[b.altitude], "to": LABELS[action.altitude],
                   "ballast": ballast, "gas": gas, "cause": "player"})
    if cost:
        changes.update(altitude=action.altitude, ballast=b.ballast - ballast,
                       gas=b.gas - gas)
    if b.relaunch and changes.get("altitude", b.altitude) is not Altitude.GROUNDED:
        changes["relaunch"] = False
    if changes:
        b = turn.balloons[i] = evolve_by(b, changes)
    if action.launch is not None and turn.enter(i, "launch"):
        return
    b = turn.balloons[i]
    if b.altitude is not Altitude.GROUNDED and not b.doldrums:
        q = game.globe.quadrant(b.space)
        card = turn.parts.quadrant[turn.state.quadrants[q - 1][-1]]
        turn.travel(i, card.moves[b.altitude][b.space.lane - 1], "quadrant", card.id)
    _fuel(turn, i)


def _fuel(turn: _Turn, i: int) -> None:
    """At High altitude a Fuel chip (none with a Reserve tank), and without Gas another; a
    balloon without Fuel loses a level instead. Balloons on the ground burn nothing."""
    b = turn.balloons[i]
    if b.altitude is Altitude.GROUNDED or b.finished:
        return
    if b.altitude is Altitude.HIGH and not any(
            turn.parts.advantage[a].kind is AdvantageKind.RESERVE_TANK for a in b.advantages):
        _burn(turn, i, "high")
        b = turn.balloons[i]
        if b.altitude is Altitude.GROUNDED:
            return
    if b.gas <= 0:
        _burn(turn, i, "no-gas")


def _burn(turn: _Turn, i: int, reason: str) -> None:
    """A Fuel chip burnt for ``reason``, or a level lost for want of one."""
    b = turn.balloons[i]
    if b.fuel > 0:
        turn.balloons[i] = b.evolve(fuel=b.fuel - 1)
        if turn.log:
            turn.emit({"type": "fuel", "balloon": turn.game.colours[i], "reason": reason,
                       "fuel": 1})
    else:
        if turn.log:
            turn.emit({"type": "fuel", "balloon": turn.game.colours[i], "reason": reason,
                       "fuel": 0})
        turn.lose_levels(i, 1, "fuel")


def _end_turn(turn: _Turn, i: int) -> None:
    """Draw up to the hand size, then the next player's turn (or the end of the race)."""
    b = turn.balloons[i]
    drawn: list[str] = []
    while len(b.hand) + len(drawn) < turn.parts.hand:
        card = turn.draw_local_wind(drawn)
        if card is None:
            break
        drawn.append(card)
    if drawn:
        turn.balloons[i] = b.evolve(hand=tuple(sorted((*b.hand, *drawn))))
        if turn.log:
            turn.emit({"type": "drew", "balloon": turn.name(i), "cards": drawn,
                       "draws": [{"local_wind": c} for c in drawn]})
    _next(turn)


def _over(turn: _Turn, reason: str) -> None:
    turn.state = turn.state.evolve(phase=Phase.OVER, reason=reason)
    if turn.log:
        rows = scores(turn.game, turn.settled())
        turn.emit({"type": "game_end", "round": turn.state.round, "reason": reason,
                   "scores": rows, "winners": [r["player"] for r in rows if r["rank"] == 1]})


def _next(turn: _Turn) -> None:
    """The next balloon's turn: players who lost their turn are skipped (and so are finished
    balloons); a new round begins after the last seat; the race ends when a balloon is home
    (at once, or at the end of its round) or after the last day."""
    game = turn.game
    finished = False
    for b in turn.balloons:
        if b.finished:
            finished = True
            break
    if finished and game.finish is Finish.FIRST:
        _over(turn, "lap")
        return
    seat = turn.state.seat
    while True:
        seat += 1
        if seat == len(game.seats):
            if finished:
                _over(turn, "lap")
                return
            if turn.state.round >= game.days:
                _over(turn, "days")
                return
            seat = 0
            turn.state = turn.state.evolve(round=turn.state.round + 1)
            if turn.log:
                turn.emit({"type": "round", "round": turn.state.round})
        b = turn.balloon(seat)
        if b.finished:
            continue
        if b.lose_turn:
            turn.set(seat, b.evolve(lose_turn=False))
            if turn.log:
                turn.emit({"type": "turn_lost", "balloon": game.colours[seat]})
            continue
        break
    turn.last = {"seat": seat, "phase": Phase.CARD}


# --- legal actions ------------------------------------------------------------------------


def legal_actions(game: Game, state: State) -> list[Action]:
    """Every legal action of the balloon to act. Reads its own hand and the table only."""
    i = state.actor
    if i is None:
        return []
    b = state.balloons[i]
    own = game.colours[i]
    if state.phase is Phase.FLIGHT:
        return [Fly(own, a, launch) for a in _altitudes(game, b) for launch in _launches(game, b)
                if launch is None or a is not Altitude.GROUNDED]
    parts = game.components
    options: list[tuple[str, str]] = []
    if len(b.front) < parts.in_front:
        options += [(c, own) for c in b.hand]
    targets = [c for c in state.rose if c != own]
    options += [(c, t) for c in b.front for t in targets]
    table = [c for k, other in enumerate(state.balloons) if k != i for c in other.front]
    out: list[Action] = []
    for card, target in options:
        wind = parts.local_wind[card]
        uses = [Use.WIND] + [Use.MISFORTUNE] * wind.misfortune + [Use.QUADRANT] * wind.quadrant
        mine = (*b.front, card) if target == own else tuple(c for c in b.front if c != card)
        face_up = sorted((*table, *mine))
        swaps = [None] + [Exchange(a, w) for a in b.advantages for w in face_up]
        out += [Play(own, card, target, use, swap) for use in uses for swap in swaps]
    return out or [Pass(own)]


# --- what a player may see ------------------------------------------------------------------


def event_view(game: Game, event: Event, who: str | None) -> Event:
    """An event of the log (the referee's) as balloon ``who`` may read it: the Local Wind
    cards dealt and drawn into another balloon's hand are hidden (their number stays), as
    are the setup's Local Wind draws; every card played, laid or taken is public. ``None``:
    the referee, who reads it all."""
    if who is None:
        return event
    kind = event["type"]
    if kind == "setup":
        return {**event,
                "balloons": [b if b["balloon"] == who else {**b, "hand": [None] * len(b["hand"])}
                             for b in event["balloons"]],
                "draws": [{"local_wind": None} if "local_wind" in d else d
                          for d in event["draws"]]}
    if kind == "drew" and event["balloon"] != who:
        hidden = len(event["cards"])
        return {**event, "cards": [None] * hidden, "draws": [{"local_wind": None}] * hidden}
    return event


def view(game: Game, state: State, who: str | None) -> dict[str, Any]:
    """The race as ``who`` may see it (JSON-ready): everything on the table, and the hands
    of Local Wind cards of its own balloon only (of every balloon for the referee,
    ``None``); other hands by their size."""
    actor = state.actor
    parts = game.components
    stacks = state.quadrants
    wind_deck = len(parts.local_wind) - len(state.discards) - sum(
        len(b.hand) + len(b.front) for b in state.balloons)
    return {
        "balloon": who, "round": state.round, "phase": state.phase.value,
        "actor": None if actor is None else game.colours[actor],
        "rose": list(state.rose),
        "balloons": [{
            "balloon": seat.colour, "player": seat.player, "space": _sp(b.space),
            "laps": b.laps, "degrees": game.globe.degrees(b.space, b.laps),
            "altitude": b.altitude.label, "ballast": b.ballast, "gas": b.gas, "fuel": b.fuel,
            "hand": list(b.hand) if who in (None, seat.colour) else None,
            "hand_size": len(b.hand), "front": list(b.front),
            "advantages": list(b.advantages), "doldrums": b.doldrums,
            "lose_turn": b.lose_turn, "relaunch": b.relaunch, "finished": b.finished}
            for seat, b in zip(game.seats, state.balloons, strict=True)],
        "quadrants": [{"quadrant": q, "card": stack[-1], "covered": len(stack) - 1}
                      for q, stack in enumerate(stacks, 1)],
        "decks": {"local_wind": wind_deck,
                  "misfortune": len(parts.misfortune) - len(state.misfortunes),
                  "quadrant": len(parts.quadrant) - sum(len(s) for s in stacks)},
        "discards": {"local_wind": list(state.discards), "misfortune": list(state.misfortunes),
                     "advantage": list(state.advantage_discards)},
    }
