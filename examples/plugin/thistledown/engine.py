"""The rules of Thistledown, as pure functions over frozen values.

A round: the wind die was rolled (at the setup for the first round, at the round's start
after that); each tuft not yet at the hedge, in seat order, plays one gust token of its hand
and flies that many hexes in a direction of its choice, stopping before a thorn bush or the
meadow's rim and at the hedge; a flight that ends on an updraft is carried one hex further;
then the wind drifts the tuft one hex (unless thorns or the rim are in the way, or it is
home). The tuft then draws a new gust token. The race ends when every tuft is home or after
the last round.

``resolve`` plays an action once: with a list it records the events as it goes (``apply``),
without one it builds none (``advance``); both check the same rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skyhex.rules.draws import Draws
from skyhex.rules.errors import IllegalActionError, InputError, Problem
from skyhex.rules.game import LOG_FORMAT, Event, ScoreRow
from skyhex.rules.hexgrid import DIRECTIONS, Direction, Hex
from skyhex.rules.speed import hex_json

from thistledown import GAME
from thistledown.meadow import Meadow
from thistledown.state import COLOURS, GUSTS, HAND, Fly, Game, Position, Seat, State

NAMESPACE = f"{GAME}:"
"""The seed stream of this game's draws."""
KINDS = ("gust", "wind_die")
"""The kinds of draws a moves file may pin: ``{gust: 2}``, ``{wind_die: NE}``."""


def check_seats(meadow: Meadow, seats: Sequence[Seat]) -> list[Problem]:
    """The setup rules of the tufts: one to six, distinct colours of the box and players,
    each starting on an open hex of the start line."""
    problems: list[Problem] = []
    if not 1 <= len(seats) <= len(COLOURS):
        problems.append(Problem("setup.tufts", f"{len(seats)} tufts: 1 to {len(COLOURS)} race",
                                ("tufts",)))
    seen: set[str] = set()
    players: set[str] = set()
    for k, seat in enumerate(seats):
        if seat.colour not in COLOURS:
            problems.append(Problem("setup.colour", f"{seat.colour!r} is not a tuft colour",
                                    ("tufts", k, "colour"), f"colours: {', '.join(COLOURS)}"))
        if seat.colour in seen:
            problems.append(Problem("setup.colour", f"colour {seat.colour!r} is taken twice",
                                    ("tufts", k, "colour")))
        seen.add(seat.colour)
        if seat.player is not None:
            if seat.player in players or seat.player in COLOURS:
                problems.append(Problem("setup.player", f"name {seat.player!r} is used twice "
                                        "or is a colour", ("tufts", k, "player")))
            players.add(seat.player)
        if seat.start.q != -meadow.radius or not meadow.open(seat.start):
            problems.append(Problem("setup.start", f"tuft {seat.colour} starts on {seat.start}, "
                                    "not an open hex of the start line (the west edge)",
                                    ("tufts", k, "start")))
    return problems


def default_starts(meadow: Meadow, count: int) -> list[Hex]:
    """Start hexes spread along the open start line, north to south."""
    line = [h for h in meadow.start_line() if meadow.open(h)]
    if count <= 1:
        return [line[len(line) // 2]] * count
    return [line[round(i * (len(line) - 1) / (count - 1))] for i in range(count)]


def _draws(game: Game, index: int) -> Draws:
    return Draws(game.seed, game.pinned, index, namespace=NAMESPACE,
                 first_pinned=game.pinned_from)


def _wind(draws: Draws) -> Direction:
    return draws.draw("wind_die", DIRECTIONS, lambda d: d.name)


def new_game(meadow: Meadow, seats: Sequence[Seat], rounds: int, seed: int,
             pinned: tuple[dict[str, Any], ...] = (), position: Position | None = None
             ) -> tuple[Game, State, list[Event]]:
    """Set the race up: each tuft on its start hex with a hand of gust tokens (seat order),
    then the first round's wind. From a ``position`` the race starts there, no draw made
    (the pinned draws are those after the position's)."""
    problems = check_seats(meadow, seats)
    if problems:
        raise InputError(problems)
    game = Game(meadow, tuple(seats), rounds, seed, pinned,
                0 if position is None else position.draws)
    draws = _draws(game, 0 if position is None else position.draws)
    if position is None:
        hands = tuple(tuple(sorted(draws.draw("gust", GUSTS) for _ in range(HAND)))
                      for _ in seats)
        state = State(1, 0, tuple(s.start for s in seats), hands, (None,) * len(seats),
                      _wind(draws), draws.index)
    else:
        state = State(position.round, position.seat, position.hexes, position.hands,
                      position.home, position.wind, position.draws)
    setup: Event = {
        "type": "setup", "format": LOG_FORMAT, "game": GAME, "seed": seed,
        "radius": meadow.radius, "rounds": rounds, "round": state.round,
        "tufts": [{"tuft": s.colour, "player": s.player, "hex": hex_json(h), "hand": list(hand),
                   "home": home}
                  for s, h, hand, home in zip(seats, state.hexes, state.hands, state.home,
                                              strict=True)],
        "wind": state.wind.name, "draws": draws.made,
    }
    return game, state, [setup]


# --- playing ------------------------------------------------------------------------------


def _flight(meadow: Meadow, h: Hex, d: Direction, steps: int) -> tuple[list[Hex], bool]:
    """The hexes flown from ``h``, and whether thorns or the rim stopped the flight."""
    path: list[Hex] = []
    for _ in range(steps):
        n = h.neighbor(d)
        if not meadow.open(n):
            return path, True
        h = n
        path.append(h)
        if meadow.at_hedge(h):
            break
    return path, False


def resolve(game: Game, state: State, action: Fly, events: list[Event] | None
            ) -> State:
    """The state after ``action``; its events appended to ``events`` unless ``None``.
    ``IllegalActionError`` naming the rule broken."""
    i = state.seat
    if state.over:
        raise IllegalActionError("turn.over", "the race is over")
    colour = game.colours[i]
    if not isinstance(action, Fly) or action.tuft != colour:
        raise IllegalActionError("turn.actor", f"it is {colour}'s turn")
    hand = state.hands[i]
    if action.gust not in hand:
        raise IllegalActionError("turn.gust", f"{colour} holds no gust of {action.gust} "
                                 f"(its hand: {', '.join(map(str, hand))})")
    meadow = game.meadow
    start = state.hexes[i]
    path, blocked = _flight(meadow, start, action.direction, action.gust)
    h = path[-1] if path else start
    if events is not None:
        events.append({"type": "flew", "tuft": colour, "direction": action.direction.name,
                       "gust": action.gust, "from": hex_json(start), "to": hex_json(h),
                       "path": [hex_json(x) for x in path], "blocked": blocked})
    if path and h in meadow.updrafts and not meadow.at_hedge(h):
        lift, _ = _flight(meadow, h, action.direction, 1)
        if lift:
            if events is not None:
                events.append({"type": "lifted", "tuft": colour, "from": hex_json(h),
                               "to": hex_json(lift[0])})
            h = lift[0]
    if not meadow.at_hedge(h):
        drift, _ = _flight(meadow, h, state.wind, 1)
        if events is not None:
            events.append({"type": "drifted", "tuft": colour, "wind": state.wind.name,
                           "from": hex_json(h), "to": hex_json(drift[0] if drift else h)})
        if drift:
            h = drift[0]
    spent = list(hand)
    spent.remove(action.gust)
    home = state.home
    draws = _draws(game, state.draws)
    if meadow.at_hedge(h):
        home = (*home[:i], state.round, *home[i + 1:])
        if events is not None:
            events.append({"type": "home", "tuft": colour, "round": state.round})
    else:
        gust = draws.draw("gust", GUSTS)
        spent.append(gust)
        if events is not None:
            events.append({"type": "drew", "tuft": colour, "gust": gust,
                           "draws": [{"gust": gust}]})
    state = state.evolve(hexes=(*state.hexes[:i], h, *state.hexes[i + 1:]),
                         hands=(*state.hands[:i], tuple(sorted(spent)), *state.hands[i + 1:]),
                         home=home, draws=draws.index)
    return _next(game, state, draws, events)


def _next(game: Game, state: State, draws: Draws, events: list[Event] | None) -> State:
    """The next tuft's turn, a new round (and its wind) after the last, or the end."""
    if all(h is not None for h in state.home):
        return _over(game, state, "hedge", events)
    seat = state.seat + 1
    while seat < len(game.seats) and state.home[seat] is not None:
        seat += 1
    if seat < len(game.seats):
        return state.evolve(seat=seat)
    if state.round >= game.rounds:
        return _over(game, state, "rounds", events)
    first = state.home.index(None)
    round_ = state.round + 1
    if events is not None:
        events.append({"type": "round", "round": round_})
    wind = _wind(draws)
    if events is not None:
        events.append({"type": "wind", "round": round_, "wind": wind.name,
                       "draws": [{"wind_die": wind.name}]})
    return state.evolve(round=round_, seat=first, wind=wind, draws=draws.index)


def _over(game: Game, state: State, reason: str, events: list[Event] | None) -> State:
    state = state.evolve(over=True)
    if events is not None:
        rows = scores(game, state)
        events.append({"type": "game_end", "round": state.round, "reason": reason,
                       "scores": rows, "winners": [r["player"] for r in rows if r["rank"] == 1]})
    return state


def legal_actions(game: Game, state: State) -> list[Fly]:
    """Every legal action: each direction with each distinct gust of the hand (direction
    first, then the gust)."""
    if state.over:
        return []
    colour = game.colours[state.seat]
    gusts = sorted(set(state.hands[state.seat]))
    return [Fly(colour, d, g) for d in DIRECTIONS for g in gusts]


# --- scores and views ---------------------------------------------------------------------


def scores(game: Game, state: State) -> list[ScoreRow]:
    """Each tuft's columns crossed (all of them at the hedge) and, home, the rounds it had
    to spare (one at least); best first, equal scores share a rank."""
    meadow = game.meadow
    rows: list[ScoreRow] = []
    for colour, h, home in zip(game.colours, state.hexes, state.home, strict=True):
        breakdown = {"columns": meadow.columns(h),
                     "spare": 0 if home is None else game.rounds + 1 - home}
        rows.append({"player": colour, "score": sum(breakdown.values()), "rank": 0,
                     "breakdown": breakdown})
    ordered = sorted(rows, key=lambda r: -r["score"])
    for r in ordered:
        r["rank"] = 1 + sum(1 for o in ordered if o["score"] > r["score"])
    return ordered


def view(game: Game, state: State, who: str | None) -> dict[str, Any]:
    """The race as ``who`` may see it: everything but the other tufts' hands, given by
    their size (``None``: the referee, who sees every hand)."""
    return {
        "tuft": who, "round": state.round, "phase": "over" if state.over else "flight",
        "actor": None if state.over else game.colours[state.seat],
        "wind": state.wind.name,
        "tufts": [{"tuft": s.colour, "player": s.player, "hex": hex_json(h),
                   "hand": list(hand) if who in (None, s.colour) else None,
                   "hand_size": len(hand), "home": home}
                  for s, h, hand, home in zip(game.seats, state.hexes, state.hands, state.home,
                                              strict=True)],
    }


def event_view(game: Game, event: Event, who: str | None) -> Event:
    """An event of the referee's log as tuft ``who`` may read it: the gust tokens dealt
    and drawn into another tuft's hand are hidden (their number stays)."""
    if who is None:
        return event
    kind = event["type"]
    if kind == "setup":
        mine = game.index.get(who)
        draws = [{"gust": None} if "gust" in d and k // HAND != mine else d
                 for k, d in enumerate(event["draws"])]  # the setup deals HAND a tuft
        return {**event, "draws": draws,
                "tufts": [t if t["tuft"] == who else {**t, "hand": [None] * len(t["hand"])}
                          for t in event["tufts"]]}
    if kind == "drew" and event["tuft"] != who:
        return {**event, "gust": None, "draws": [{"gust": None}]}
    return event
