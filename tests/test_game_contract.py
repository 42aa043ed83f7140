"""The contract every registered game keeps (docs/library.md, CORE.md §6), tested over the
registry (installed plugins included) on the game's example scenarios:

- random playouts end, or reach their round cap;
- ``legal_actions`` and ``apply`` agree, and the machine interface with them: every legal
  action is accepted, round-trips through its index (within ``action_space``, distinct
  from the other legal actions') and ``advance`` gives ``apply``'s state; candidates
  decoded from a sample of the action space (``action_at``) are accepted if and only if
  they are listed, under their own index;
- a random playout by indices through ``advance`` only ends, or is truncated at
  ``metadata.cap``; its actors are ``seats``, its scores within ``metadata.score_range``;
- ``sample_world`` never changes what its seat sees; ``with_seed`` and sampled worlds draw
  another future;
- every action round-trips through its moves-file entry;
- replaying a playout's entries reproduces its log, whose events all validate against the
  published event schema, and the log alone gives the game back (``follow``);
- positions round-trip: the scenario at any moment replays the rest of the game to the
  same events;
- a participant's view, and its page of the replay viewer, hold nothing it may not know.

A new game is done when it passes this module; ``tests/candidates.py`` may add rare moments
of it and the kinds of its decisions. A game's example scenarios are those of
``examples/scenarios`` and of a plugin's ``examples/*/scenarios`` folder. ``SKYHEX_LONG=1``
checks more states and more of each action space (all of it where it is small), and that
the states met every kind of decision (``SKYHEX_LONG=1 python -m pytest
tests/test_game_contract.py -k agree -s`` prints what the states exercised).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from skyhex.games import face, playout, ruleset
from skyhex.games.documents import load_scenario, load_validated, with_position
from skyhex.games.viewer import Perspective, perspectives, viewer_page
from skyhex.rules import games as registry
from skyhex.rules.errors import IllegalActionError
from skyhex.rules.game import LOG_FORMAT, MACHINERY, Event
from skyhex.rules.machine import legal_indices, over, random_by_index, truncated
from skyhex.rules.replay import Replay, follow, play, start
from skyhex.schemas import conforms, game_schemas, schema, validator
from skyhex.schemas.documents import parse

from .candidates import EDGES, EXPECTED, KINDS
from .conftest import example_scenarios

GAMES = registry.names()
LONG = bool(os.environ.get("SKYHEX_LONG"))
STATES = 1000 if LONG else 500
CAP = 25  # rounds: Turbulences random pilots seldom end a game
SAMPLE, SAMPLE_LONG, NEAR = 40, 2000, 2
"""Indices of the action space decoded at each state (the short run; SKYHEX_LONG where the
space is larger than ``FULL``), and the legal actions whose near misses are added (every
one with SKYHEX_LONG)."""
FULL = 200_000
"""SKYHEX_LONG decodes every index of an action space up to this size."""
REFUSED = 3
"""Refused candidates of each state that ``advance`` must refuse as well."""
WORLDS_EVERY = 5
"""One sampled state in this many gets its worlds sampled for every seat."""
STEPS = 60
"""Decisions a game is followed to tell its future from another."""


@cache
def scenarios(game: str) -> tuple[tuple[Path, Any], ...]:
    """The example scenarios of ``game``, read."""
    out = []
    for path in example_scenarios():
        found, scenario, _ = load_scenario(str(path))
        if found.name == game:
            out.append((path, scenario))
    assert out, f"no example scenario of {game}"
    return tuple(out)


def random_states(game: str, count: int, seed: int) -> Iterator[tuple[Any, Any, Any]]:
    """``count`` states met in seeded random playouts of the game's example scenarios:
    (scenario, game constants, state), the game not over."""
    rules = ruleset(game)
    rng = random.Random(seed)
    found = 0
    while found < count:
        _, scenario = rng.choice(scenarios(game))
        played = playout(rules, scenario, rng.randrange(10**9), cap=CAP)
        constants, state, _ = rules.new_game(scenario)
        for action in played.actions:
            if found < count and rng.random() < 0.2:
                found += 1
                yield scenario, constants, state
            state = rules.advance(constants, state, action)


@cache
def sampled(game: str) -> tuple[tuple[Any, Any, Any], ...]:
    """The states the contract is checked on (shared by the tests of this module): random
    ones (``STATES``) then the game's rare moments (``candidates.EDGES``)."""
    edges = EDGES.get(game, list)()
    return (*random_states(game, STATES, 7), *((None, g, s) for g, s in edges))


def accepted(rules: Any, constants: Any, state: Any, action: Any) -> bool:
    try:
        rules.apply(constants, state, action)
    except IllegalActionError:
        return False
    return True


@pytest.mark.parametrize("game", GAMES)
def test_random_playouts_end_or_reach_their_cap(game: str) -> None:
    rules = ruleset(game)
    for _, scenario in scenarios(game):
        for seed in range(3):
            played = playout(rules, scenario, seed, cap=CAP)
            over = rules.actor(played.game, played.state) is None
            assert over != played.capped
            assert over or rules.moment(played.state)["round"] == CAP + 1
            if over:
                assert rules.legal_actions(played.game, played.state) == []


class Referee:
    """``apply``'s answers on one state, each action tried once."""

    def __init__(self, rules: Any, constants: Any, state: Any) -> None:
        self.rules, self.constants, self.state = rules, constants, state
        self.answers: dict[Any, bool] = {}

    def __call__(self, action: Any) -> bool:
        answer = self.answers.get(action)
        if answer is None:
            answer = self.answers[action] = accepted(self.rules, self.constants, self.state,
                                                     action)
        return answer


def candidate_indices(space: int, legal: list[int], rng: random.Random) -> Iterator[int]:
    """Indices of the action space to decode at a state: all of them with SKYHEX_LONG
    where the space is small enough (``FULL``), else a uniform sample, with the near
    misses of a few legal actions (all of them with SKYHEX_LONG): each index with one
    binary digit changed, one part of the decision written otherwise whatever the game's
    encoding (in a mixed-radix one, the low digits' changes are the small ones)."""
    if LONG and space <= FULL:
        yield from range(space)
        return
    picks = set(rng.sample(range(space), min(SAMPLE_LONG if LONG else SAMPLE, space)))
    for i in legal if LONG else rng.sample(legal, min(NEAR, len(legal))):
        picks.update(j for j in (i ^ (1 << b) for b in range(space.bit_length()))
                     if j < space)
    yield from sorted(picks)


@pytest.mark.parametrize("game", GAMES)
def test_legal_actions_agree_with_apply(game: str) -> None:
    """On random states (500; 1,000 with SKYHEX_LONG) and a few rare moments
    (``candidates.EDGES``): every legal action is accepted, none is listed twice, each
    round-trips through its entry and through its index, which lies in the action space
    and names no other legal action; ``advance`` gives ``apply``'s state, and refuses what
    ``apply`` refuses; every action that a sample of the action space decodes to
    (``candidate_indices``; all of it with SKYHEX_LONG) is accepted exactly when it is
    listed, under the index of its own; an index naming no action of the moment raises
    ``IllegalActionError`` (``action.index``), as do those outside the space. Where the
    whole space is decoded (a small one; up to ``FULL`` with SKYHEX_LONG), it names every
    legal action."""
    rules = ruleset(game)
    rng = random.Random(1)
    checked = tried = nothing = 0
    kinds: Counter[str] = Counter()
    kind_of = KINDS.get(game, lambda a: {type(a).__name__})
    whole = True  # every state decoded its whole action space
    states = sampled(game)
    for _, constants, state in states:
        legal = rules.legal_actions(constants, state)
        assert legal, "a game not over has a legal action"
        actor = rules.actor(constants, state)
        listed = set(legal)
        assert len(listed) == len(legal), "an action listed twice"
        space = rules.action_space(constants)
        indices = legal_indices(rules, constants, state)
        assert len(set(indices)) == len(indices), "two legal actions of one index"
        assert all(0 <= i < space for i in indices), (space, indices)
        for action, index in zip(legal, indices, strict=True):
            assert rules.player_of(action) == actor
            assert rules.fits(constants, state, action)
            entry = json.loads(json.dumps(rules.action_to_entry(action)))
            assert rules.action_from_entry(constants, entry) == action, entry
            after, _ = rules.apply(constants, state, action)  # accepted
            assert rules.advance(constants, state, action) == after, action
            assert rules.action_at(constants, state, index) == action, (index, action)
        for outside in (-1, space):
            with pytest.raises(IllegalActionError) as error:
                rules.action_at(constants, state, outside)
            assert error.value.rule == "action.index"
        referee = Referee(rules, constants, state)
        named, refused = set(indices), 0
        met = set()
        for index in candidate_indices(space, indices, rng):
            try:
                action = rules.action_at(constants, state, index)
            except IllegalActionError as e:
                assert e.rule == "action.index", (index, e.rule, e.message)
                nothing += 1
                continue
            tried += 1
            ok = referee(action)
            assert (action in listed) == ok, (index, action)
            assert (index in named) == ok, (index, action)  # one index a legal action
            if ok:
                met.add(index)
            elif refused < REFUSED:  # advance checks the same rules
                refused += 1
                with pytest.raises(IllegalActionError):
                    rules.advance(constants, state, action)
        if space <= (FULL if LONG else SAMPLE):  # the whole space: it names every legal action
            assert met == named, sorted(named - met)[:3]
        else:
            whole = False
        kinds.update(kind for a in legal for kind in kind_of(a))
        checked += 1
    print(f"\n{game}: {checked} states, {tried} candidates decoded ({nothing} indices "
          "naming nothing), legal by kind: "
          + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    assert checked == len(states) >= STATES and (tried > STATES * 20 or whole)
    if LONG and game in EXPECTED:
        assert EXPECTED[game] <= set(kinds), EXPECTED[game] - set(kinds)


# --- the machine interface ------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_random_playouts_by_index_end_or_are_truncated_at_the_cap(game: str) -> None:
    """A game played by indices through ``advance`` only (``machine.random_by_index``)
    ends, or is truncated (flagged) once its round passes ``metadata.cap``; played again
    through ``apply`` (one game a scenario) it reaches the same state, its actors seats;
    every seat is scored, and every score lies in ``metadata.score_range``."""
    rules = ruleset(game)
    ended = truncations = 0
    for _, scenario in scenarios(game):
        for seed in range(2):
            played = random_by_index(rules, scenario, seed)
            g, final = played.game, played.state
            meta = rules.metadata(g)
            seats = rules.seats(g)
            assert len(set(seats)) == len(seats) and seats
            assert played.truncated == truncated(rules, g, final) and over(rules, g, final)
            if played.truncated:
                assert rules.moment(final)["round"] == meta.cap + 1
                assert rules.actor(g, final) is not None
                truncations += 1
            else:
                assert rules.actor(g, final) is None
                assert rules.legal_actions(g, final) == []
                ended += 1
            if seed == 0:  # the same decisions through apply: the same game
                constants, state, _ = rules.new_game(scenario)
                for index in played.indices:
                    assert rules.actor(constants, state) in seats
                    state, _ = rules.apply(constants, state,
                                           rules.action_at(constants, state, index))
                assert state == final
            rows = rules.scores(g, final)
            assert {r["player"] for r in rows} == set(seats)
            low, high = meta.score_range
            assert all(low <= r["score"] <= high for r in rows), (meta.score_range, rows)
    assert ended  # random games by index do end


@pytest.mark.parametrize("game", GAMES)
def test_a_sampled_world_shows_its_seat_what_it_saw(game: str) -> None:
    """``sample_world(game, state, who, rng)`` on sampled states, for every seat and the
    referee: ``who``'s view of the world is its view of the state, and so are the actor's
    legal actions when ``who`` acts; the state itself is left as it was. Without hidden
    information (``metadata.hidden``) every seat sees the referee's view; with it, some
    seat at some state does not."""
    rules = ruleset(game)
    rng = random.Random(3)
    differ = 0
    states = sampled(game)
    for _, constants, state in states[::WORLDS_EVERY]:
        seats = rules.seats(constants)
        hidden = rules.metadata(constants).hidden
        actor = rules.actor(constants, state)
        assert actor in seats
        referee = rules.view(constants, state, None)
        legal = legal_indices(rules, constants, state)
        for who in (*seats, None):
            mine = rules.view(constants, state, who)
            if not hidden:
                assert mine == referee, who
            differ += mine != referee
            world, sampled_state = rules.sample_world(constants, state, who, rng)
            assert rules.view(world, sampled_state, who) == mine, who
            assert rules.actor(world, sampled_state) == actor
            assert rules.moment(sampled_state) == rules.moment(state)
            if who in (actor, None):
                assert legal_indices(rules, world, sampled_state) == legal, who
        assert rules.view(constants, state, None) == referee  # nothing changed
    assert (differ > 0) == any(rules.metadata(g).hidden for _, g, _ in states)


def _walk(rules: Any, game: Any, state: Any, seed: int, steps: int) -> list[Any]:
    """The referee's views along ``steps`` random decisions by index from ``state``
    (through ``advance``), the chooser seeded by ``seed``."""
    rng = random.Random(seed)
    views = [rules.view(game, state, None)]
    for _ in range(steps):
        if over(rules, game, state):
            break
        indices = legal_indices(rules, game, state)
        state = rules.advance(game, state, rules.action_at(game, state, rng.choice(indices)))
        views.append(rules.view(game, state, None))
    return views


@pytest.mark.parametrize("game", GAMES)
def test_with_seed_and_sampled_worlds_draw_another_future(game: str) -> None:
    """``with_seed(scenario, seed)`` is the scenario with its chance seeded otherwise, in
    memory: the same seed gives the same game, other seeds other games (the same
    decisions met with other draws); and a world sampled for the referee at the start
    shows the same state but does not hold the real game's future."""
    rules = ruleset(game)
    rng = random.Random(9)
    for _, scenario in scenarios(game):
        runs = []
        for seed in (1, 2, 3):
            seeded = rules.with_seed(scenario, seed)
            assert rules.with_seed(scenario, seed) == seeded
            constants, state, events = rules.new_game(seeded)
            _, again, replayed = rules.new_game(rules.with_seed(scenario, seed))
            assert again == state and replayed == events  # (games compare by identity)
            runs.append((events, _walk(rules, constants, state, 0, STEPS)))
        assert runs[0] != runs[1] or runs[1] != runs[2], "a seed changes nothing"
        constants, state, _ = rules.new_game(scenario)
        real = _walk(rules, constants, state, 0, STEPS)
        worlds = [_walk(rules, *rules.sample_world(constants, state, None, rng), 0, STEPS)
                  for _ in range(3)]
        assert all(w[0] == real[0] for w in worlds)
        assert any(w != real for w in worlds), "a sampled world holds the real future"


@pytest.mark.parametrize("game", GAMES)
def test_replayed_entries_reproduce_the_log_and_every_event_validates(game: str) -> None:
    """Every event through the compiled validator (``schemas.conforms``;
    tests/test_schema_engines.py holds it to jsonschema's answers); jsonschema words any
    mistake."""
    rules = ruleset(game)
    for _, scenario in scenarios(game):
        played = playout(rules, scenario, 11, cap=CAP)
        original = play(start(rules, scenario), played.actions, strict=True)
        constants = original.game
        entries = json.loads(json.dumps([rules.action_to_entry(a) for a in played.actions]))
        again = [rules.action_from_entry(constants, e, ("moves", i))
                 for i, e in enumerate(entries)]
        replayed = play(start(rules, scenario), again)
        text = "".join(json.dumps(e) + "\n" for e in original.events)
        assert "".join(json.dumps(e) + "\n" for e in replayed.events) == text
        setup = original.events[0]
        assert setup["type"] == "setup" and setup["format"] == LOG_FORMAT
        assert setup["game"] == game
        for e in original.events:
            assert conforms("event", e), [m.message for m in validator("event").iter_errors(e)]
        _check_entries_of_events(original)
        if original.over:
            end = original.events[-1]
            assert end["type"] == "game_end" and "entry" not in end
            assert end["scores"] == rules.scores(original.game, original.state)


def _check_entries_of_events(replay: Replay) -> None:
    """An action's own events carry its entry, up to the game's machinery; the machinery
    never does."""
    last = -1
    for e in replay.events[1:]:
        if e["type"] in MACHINERY:
            assert "entry" not in e
        elif "entry" in e:
            assert e["entry"] >= last
            last = e["entry"]


@pytest.mark.parametrize("game", GAMES)
def test_a_log_alone_gives_back_its_game(game: str) -> None:
    """``follow`` finds a random game again from its log and scenario: the same events, the
    same state after every step."""
    rules = ruleset(game)
    for _, scenario in scenarios(game)[:3]:
        played = playout(rules, scenario, 4, cap=CAP)
        recorded = play(start(rules, scenario, record=True), played.actions[:60], strict=True)
        followed = follow(rules, scenario, recorded.events)
        assert followed.events == recorded.events
        assert recorded.steps is not None and followed.steps is not None
        assert [s.state for s in followed.steps] == [s.state for s in recorded.steps]


@pytest.mark.parametrize("game", GAMES)
def test_scores_have_one_shape(game: str) -> None:
    rules = ruleset(game)
    for _, scenario in scenarios(game):
        played = playout(rules, scenario, 3, cap=CAP)
        rows = rules.scores(played.game, played.state)
        assert rows
        for row in rows:
            assert {"player", "score", "rank", "breakdown"} <= set(row)
            assert sum(row["breakdown"].values()) == row["score"]
            assert row["rank"] >= 1
        best = max(r["score"] for r in rows)
        assert all(r["rank"] == 1 for r in rows if r["score"] == best) or game == "paragliders"


@pytest.mark.parametrize("game", GAMES)
def test_positions_round_trip(game: str) -> None:
    """The scenario at a random moment (its ``position``) validates, starts in the same
    state as far as every participant can tell, and replays the rest of the game to the
    same events."""
    rules = ruleset(game)
    game_face = face(game)
    rng = random.Random(5)
    checked = 0
    for path, scenario in scenarios(game):
        data = load_validated(str(path), "scenario").data
        for seed in range(3):
            played = playout(rules, scenario, seed, cap=CAP)
            original = start(rules, scenario)
            marks, states = [], []
            for i, action in enumerate(played.actions):
                marks.append(len(original.events))
                states.append(original.state)
                play(original, [action], strict=True, first=i)
            for k in rng.sample(range(len(played.actions)), min(3, len(played.actions))):
                block = json.loads(json.dumps(rules.position(original.game, states[k])))
                doc = with_position(data, str(path), block, str(path))  # read as if at path
                document = parse(json.dumps(doc), "position.json")
                assert conforms("scenario", document.data), \
                    [m.message for m in validator("scenario").iter_errors(document.data)]
                assert game_face.scenarios is not None
                taken = game_face.scenarios.read(document, document.data, str(path), ())
                resumed = start(rules, taken)
                assert rules.view(resumed.game, resumed.state, None) == \
                    rules.view(original.game, states[k], None)
                assert rules.legal_actions(resumed.game, resumed.state) == \
                    rules.legal_actions(original.game, states[k])
                play(resumed, played.actions[k:], strict=True, first=k)
                assert _bare(resumed.events[1:]) == _bare(original.events[marks[k]:])
                checked += 1
    assert checked >= 10


def _bare(events: list[Event]) -> list[Event]:
    return [{k: v for k, v in e.items() if k != "seq"} for e in events]


# --- what a participant may see ------------------------------------------------------------


def _twin_turbulences(scenario: Any, who: str, actions: Any) -> list[dict[str, Any]]:
    """Pinned draws of a Turbulences game in which every parcel not of ``who``'s team weighs
    otherwise than in the seeded game."""
    rules = ruleset("turbulences")
    constants, _, events = rules.new_game(scenario)
    draws = list(events[0]["draws"])
    ours = {c.colour for c in constants.companies
            if who in {constants.companies[j].colour for j in constants.allies(
                constants.index(c.colour) or 0)}}
    colours = [c.colour for c in constants.companies]
    out = [draws[0]]
    k = 1
    for colour in colours:
        weights = [d["weight"] for d in draws[k:k + 5]]
        if colour not in ours:
            weights = weights[::-1] if weights != weights[::-1] else weights[1:] + weights[:1]
        out += [{"weight": w} for w in weights]
        k += 5
    return out + draws[k:]


def _twin_balloons(scenario: Any, who: str, actions: Any) -> list[dict[str, Any]]:
    """Pinned draws of a Balmy Balloonists race in which another balloon's hand holds a card
    that nobody has seen instead of one drawn for it and never shown (played or taken)
    since."""
    from skyhex.rules.balloons.chance import draws_of

    rules = ruleset("balloons")
    seeded = play(start(rules, scenario), actions, strict=True)
    draws = draws_of(seeded.events)
    shown = {e["card"] for e in seeded.events if e["type"] == "card_played"} | \
        {e["take"] for e in seeded.events if e["type"] == "exchange"}
    drawn = {d["local_wind"] for d in draws if "local_wind" in d}
    hands = [c for colour, b in zip(seeded.game.colours, seeded.state.balloons, strict=True)
             if colour != who for c in b.hand if c not in shown]
    unseen = sorted(set(seeded.game.components.local_wind) - drawn)
    k = max(n for n, d in enumerate(draws) if d.get("local_wind") == hands[0])
    return [*draws[:k], {"local_wind": unseen[0]}, *draws[k + 1:]]


def _hidden_draws(game: str, scenario: Any, who: str, actions: Any
                  ) -> list[dict[str, Any]] | None:
    """For a game with hidden information that ``TWINS`` does not list: pinned draws of the
    seeded game in which one draw that ``who`` reads as hidden (``None`` in its
    ``event_view`` of the log) is another outcome of its kind met in the log, such that the
    game still replays and the referee's view of its end differs (the last such draw tried
    first); ``None`` when no draw is hidden from ``who``."""
    rules = ruleset(game)
    seeded = play(start(rules, scenario), actions, strict=True)
    draws = [dict(d) for e in seeded.events for d in e.get("draws", ())]
    seen = [dict(d) for e in seeded.events
            for d in rules.event_view(seeded.game, e, who).get("draws", ())]
    outcomes: dict[str, set[Any]] = {}
    for d in draws:
        for kind, value in d.items():
            outcomes.setdefault(kind, set()).add(json.dumps(value))
    for k in reversed(range(len(draws))):
        (kind, value), = draws[k].items()
        if seen[k].get(kind) is not None:
            continue
        for other in sorted(outcomes[kind] - {json.dumps(value)}):
            pinned = [*draws[:k], {kind: json.loads(other)}, *draws[k + 1:]]
            twin = play(start(rules, scenario, pinned), actions, strict=True)
            if twin.error is None and rules.view(twin.game, twin.state, None) != \
                    rules.view(seeded.game, seeded.state, None):
                return pinned
    return None


TWINS = {"turbulences": _twin_turbulences, "balloons": _twin_balloons}
"""For games with hidden information: pinned draws that change only what a participant may
not know (``_hidden_draws`` for the other games that hide some)."""


def twins(game: str, scenario: Any, who: str, actions: Any) -> list[dict[str, Any]] | None:
    """Pinned draws of a twin game for ``who``; ``None`` for a game that hides nothing."""
    if game in TWINS:
        return TWINS[game](scenario, who, actions)
    if not ruleset(game).metadata(ruleset(game).new_game(scenario)[0]).hidden:
        return None
    found = _hidden_draws(game, scenario, who, actions)
    assert found is not None, "a game with hidden information hid no draw"
    return found


@pytest.mark.parametrize("game", GAMES)
def test_a_view_holds_nothing_its_participant_may_not_know(game: str) -> None:
    rules = ruleset(game)
    for _, scenario in scenarios(game):
        played = playout(rules, scenario, 2, cap=CAP)
        seeded = play(start(rules, scenario), played.actions[:30], strict=True)
        who = rules.actor(seeded.game, seeded.state)
        if who is None:
            continue
        mine = rules.view(seeded.game, seeded.state, who)
        pinned = twins(game, scenario, who, played.actions[:30])
        if pinned is None:  # no hidden information: every participant sees it all
            assert mine == rules.view(seeded.game, seeded.state, None)
            continue
        twin = play(start(rules, scenario, pinned), played.actions[:30], strict=True)
        assert twin.error is None
        assert rules.view(twin.game, twin.state, who) == mine
        assert rules.legal_actions(twin.game, twin.state) == \
            rules.legal_actions(seeded.game, seeded.state)
        assert rules.view(twin.game, twin.state, None) != \
            rules.view(seeded.game, seeded.state, None)


@pytest.mark.parametrize("game", GAMES)
def test_a_seats_replay_page_holds_nothing_it_may_not_know(game: str) -> None:
    """The viewer's page of a participant (``skyhex view --seat``) is made of what it may
    know: the same for twin games that differ only in what it may not know, where the
    referee's pages differ; a game without hidden information makes one page for all."""
    rules, found = ruleset(game), face(game)
    for _, scenario in scenarios(game):
        played = playout(rules, scenario, 2, cap=CAP)
        seeded = play(start(rules, scenario, record=True), played.actions[:30], strict=True)
        who = rules.actor(seeded.game, seeded.state)
        if who is None:
            continue
        pinned = twins(game, scenario, who, played.actions[:30])
        if pinned is None:
            assert perspectives(found, seeded) == [Perspective(None, "every seat: nothing is "
                                                               "hidden")]
            continue
        mine = viewer_page(found, scenario, seeded, "game", seats=[who]).data
        twin = play(start(rules, scenario, pinned, record=True), played.actions[:30],
                    strict=True)
        assert twin.events != seeded.events  # the referee's log tells them apart
        assert viewer_page(found, scenario, twin, "game", seats=[who]).data == mine


# --- the registry ---------------------------------------------------------------------------


def test_every_list_of_games_is_the_registry() -> None:
    """The schemas' game enums and the command line's choices are the registered games."""
    from skyhex.cli.report import GameName

    names = set(GAMES)
    assert {g.value for g in GameName} == names
    for name in ("map", "moves", "scenario", "view"):
        assert set(schema(name)["properties"]["game"]["enum"]) == names, name
    setups = {schema(n)["$defs"]["setup"]["properties"]["game"]["const"]
              for n in game_schemas("event")}
    assert setups == names
    assert [n.partition("/")[0] for n in game_schemas("event")] == list(GAMES)
    for game in GAMES:
        assert face(game).name == game == ruleset(game).name


# --- NIGHT FLIGHT: face-down tiles ---------------------------------------------------------


def _night_scenarios() -> list[Any]:
    return [s for _, s in scenarios("turbulences") if getattr(s, "night", None) is not None]


def _twin_landscape(scenario: Any, revealed: frozenset[Any]) -> Any:
    """The scenario with the faces of the tiles still face down (``revealed`` aside) turned
    round among themselves: a game nobody at the table can tell from it."""
    from dataclasses import replace

    biomes = dict(scenario.landscape.biomes)
    down = sorted(h for h in biomes if h not in revealed)
    faces = [biomes[h] for h in down]
    k = next(j for j in range(1, len(faces)) if faces[j:] + faces[:j] != faces)
    biomes.update(zip(down, faces[k:] + faces[:k], strict=True))
    return replace(scenario, landscape=replace(scenario.landscape, biomes=biomes))


def test_a_night_view_never_shows_an_unrevealed_tile() -> None:
    """Section 11: "the landscape tiles are placed face down". At every moment of night
    games, every company's view holds no face of a tile not yet flipped (only the referee's
    holds them, as ``hidden``), and a twin game whose face-down tiles hide other faces
    gives every company the same views, legal actions and replay page."""
    rules, found = ruleset("turbulences"), face("turbulences")
    night_games = _night_scenarios()
    assert len(night_games) >= 2
    for scenario in night_games:
        played = playout(rules, scenario, 2, cap=CAP)
        seeded = play(start(rules, scenario, record=True), played.actions[:40], strict=True)
        night = seeded.state.night
        assert night is not None and 0 < len(night.revealed) < 37
        twin_scenario = _twin_landscape(scenario, night.revealed)
        twin = play(start(rules, twin_scenario, record=True), played.actions[:40], strict=True)
        assert twin.error is None
        assert rules.view(twin.game, twin.state, None) != \
            rules.view(seeded.game, seeded.state, None)
        for company in seeded.game.companies:
            mine = rules.view(seeded.game, seeded.state, company.colour)
            for tile in mine["night"]["tiles"]:
                assert "hidden" not in tile
                assert (tile["biome"] is None) == (tile["face"] == "down")
                assert (tile["face"] == "up") == (tuple(tile["hex"]) in
                                                  {(h.q, h.r) for h in night.revealed})
            assert rules.view(twin.game, twin.state, company.colour) == mine
        assert rules.legal_actions(twin.game, twin.state) == \
            rules.legal_actions(seeded.game, seeded.state)
        who = rules.actor(seeded.game, seeded.state)
        page = viewer_page(found, scenario, seeded, "game", seats=[who]).data
        assert "hidden" not in json.dumps(page["frames"])
        assert viewer_page(found, twin_scenario, twin, "game", seats=[who]).data == page
