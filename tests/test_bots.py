"""The built-in bots (``skyhex.rules.bots``): every registered game, every bot; seeded and
reproducible; legal choices; never reading what the seat may not know (a bot's choice does
not change when only hidden things change: the chance to come, another's hand, a weight it
has not seen)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from skyhex.games import load_scenario
from skyhex.rules import games as registry
from skyhex.rules.bots import BOTS, Search, UnknownBotError, bot, knowledge, play
from skyhex.rules.playout import playout, sensible, uniform

from .conftest import ROOT

SCENARIOS = ROOT / "examples" / "scenarios"
SMALL = {"paragliders": "two-players", "turbulences": "turbulences-2", "balloons": "balloons-2"}
"""A small example scenario of each game of skyhex's own; another installed game plays its
first example scenario (of a plugin's ``examples/*/scenarios``)."""
GAMES = registry.names()


def scenario(game: str) -> tuple[Any, Any]:
    paths = [SCENARIOS / f"{SMALL[game]}.yaml"] if game in SMALL else \
        sorted(ROOT.glob("examples/*/scenarios/*.yaml"))
    for path in paths:
        face, s, _ = load_scenario(str(path))
        if face.name == game:
            return face.ruleset, s
    raise AssertionError(f"no example scenario of {game}")


def test_every_registered_game_has_bots() -> None:
    assert set(SMALL) == set(registry.declared_by(registry.HOME))
    for game in GAMES:
        rules, s = scenario(game)
        assert knowledge(rules).participants(*rules.new_game(s)[:2])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", ["random", "sensible", "greedy"])
def test_bot_games_end_or_stop_at_their_cap_and_replay_the_same(game: str, name: str) -> None:
    rules, s = scenario(game)
    first = play(rules, s, 3, [name])
    again = play(rules, s, 3, [name])
    assert first.actions == again.actions
    assert first.capped or rules.actor(first.game, first.state) is None
    # every action was legal where it was played
    g, state, _ = rules.new_game(s)
    for action in first.actions:
        assert action in rules.legal_actions(g, state)
        state, _ = rules.apply(g, state, action)


@pytest.mark.parametrize("game", GAMES)
def test_search_chooses_a_legal_action_reproducibly(game: str) -> None:
    rules, s = scenario(game)
    g, state, _ = rules.new_game(s)
    for _ in range(3):  # a few decisions in
        legal = rules.legal_actions(g, state)
        choice = Search(iterations=3)(rules, g, state, legal, random.Random(5))
        assert choice in legal
        assert Search(iterations=3)(rules, g, state, legal, random.Random(5)) == choice
        state, _ = rules.apply(g, state, choice)


def _hidden_changed(game: str, rules: Any, g: Any, state: Any) -> tuple[Any, Any]:
    """The same table as the actor sees it, with what it cannot see changed."""
    who = rules.actor(g, state)
    if game == "paragliders":
        return replace(g, scenario=replace(g.scenario, seed=g.scenario.seed + 99)), state
    if game == "turbulences":
        from skyhex.rules.turbulences.engine import known_weight

        hidden = sorted(p for p in g.weights if known_weight(g, state, who, p) is None)
        weights = dict(g.weights)
        weights.update(zip(hidden, [weights[p] for p in reversed(hidden)], strict=True))
        assert weights != g.weights
        return replace(g, seed=g.seed + 99, weights=weights), state
    if game != "balloons":  # another game: a world its ruleset draws for the seat
        world: tuple[Any, Any] = rules.sample_world(g, state, who, random.Random(99))
        return world
    me = g.index[who]
    other = next(i for i, b in enumerate(state.balloons) if i != me and b.hand)
    used = set(state.discards).union(*(b.hand + b.front for b in state.balloons))
    deck = sorted(set(g.components.local_wind) - used)
    hand = state.balloons[other].hand
    swapped = state.balloons[other].evolve(hand=(*hand[1:], deck[0]))
    return replace(g, seed=g.seed + 99), state.with_balloon(other, swapped)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", ["greedy", "search:3"])
def test_bots_never_read_what_their_seat_cannot_see(game: str, name: str) -> None:
    rules, s = scenario(game)
    g, state, _ = rules.new_game(s)
    rng = random.Random(11)
    for step in range(12):
        legal = rules.legal_actions(g, state)
        if step % 3 == 2 and len(legal) > 1:
            other_g, other_state = _hidden_changed(game, rules, g, state)
            assert rules.view(other_g, other_state, rules.actor(g, state)) == \
                rules.view(g, state, rules.actor(g, state))
            policy = bot(name)
            assert policy(rules, g, state, legal, random.Random(step)) == \
                policy(rules, other_g, other_state, rules.legal_actions(other_g, other_state),
                       random.Random(step))
        state, _ = rules.apply(g, state, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game", GAMES)
def test_a_rollout_plays_greedily_until_the_seat_has_made_its_decisions(game: str) -> None:
    """The search's rollouts: every participant plays the greedy bot's move in the world
    drawn (by the game's faster step where it has one: the Turbulences greedy pilot), the
    seat itself its game's plan where it has one (the Turbulences route planner), until the
    seat has made ``depth`` decisions and is to decide again."""
    from skyhex.rules.bots.rollout import greedy_step, rollout

    rules, s = scenario(game)
    know = knowledge(rules)
    g, state, _ = rules.new_game(s)
    who = rules.actor(g, state)
    assert who is not None
    end = rollout(rules, know, g, state, who, 2, random.Random(3))
    at, made = state, 0
    replay_rng = random.Random(3)
    fast = know.step  # a game's faster greedy step, if it has one
    plan = know.plan  # a game's own play for the seat, if any
    assert (fast is not None) == (plan is not None) == (game == "turbulences")
    while at != end:
        actor = rules.actor(g, at)
        assert actor is not None
        made += actor == who
        if plan is not None and actor == who:
            step = plan(rules, g, at, rules.legal_actions(g, at), replay_rng)
        elif fast is not None:
            step = fast(rules, g, at, rules.legal_actions(g, at), replay_rng)
        else:
            step = greedy_step(rules, know, g, at, actor, replay_rng)
        at, _ = rules.apply(g, at, step)
    assert made == 2
    assert rules.actor(g, end) in (who, None)


def test_bot_names() -> None:
    assert BOTS == ("random", "sensible", "greedy", "search")
    assert bot("sensible") is sensible and bot("random") is uniform
    assert bot("search:7") == Search(iterations=7)
    assert bot("search") == Search()
    assert knowledge(scenario("paragliders")[0]).worlds == 4
    assert knowledge(scenario("turbulences")[0]).worlds == 6
    assert knowledge(scenario("turbulences")[0]).distinct
    assert not knowledge(scenario("paragliders")[0]).distinct
    for wrong in ("search:x", "greedy:3", "clever", "search:0", "search:10001"):
        with pytest.raises(UnknownBotError):
            bot(wrong)


def test_rewards_follow_the_final_ranks() -> None:
    rules, s = scenario("balloons")
    played = play(rules, s, 1, ["greedy"])
    rewards = knowledge(rules).rewards(rules, played.game, played.state)
    ranks = {r["player"]: r["rank"] for r in rules.scores(played.game, played.state)}
    margins = knowledge(rules).margins(played.game, played.state)
    best = min(ranks, key=lambda p: ranks[p])
    worst = max(ranks, key=lambda p: ranks[p])
    scale = knowledge(rules).scale
    assert rewards[best] == pytest.approx(1000 + margins[best] / scale)
    assert rewards[worst] == pytest.approx(margins[worst] / scale)


def test_search_keeps_the_greedy_choice_unless_another_clearly_beats_it() -> None:
    from skyhex.rules.bots.search import choose

    # the second candidate's mean is higher, but only by luck of one world
    assert choose([[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 8.0]], 1.0) == 0
    # it gains in every world: played instead
    assert choose([[0.0, 1.0, 2.0, 3.0], [1.0, 2.0, 3.0, 4.5]], 1.0) == 1
    # of two clear gains, the larger
    assert choose([[0.0] * 4, [1.0, 1.1, 0.9, 1.0], [2.0, 2.1, 1.9, 2.0]], 1.0) == 2
    # one world: no spread to judge by, the gain is taken at its word
    assert choose([[0.0], [0.5]], 1.0) == 1
    assert choose([[0.0], [-0.5]], 1.0) == 0


def test_search_rolls_out_different_positions_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two paths to the same tile are one candidate: the search never rolls out two
    candidates that lead to the same position."""
    import skyhex.rules.bots.search as search

    rules, s = scenario("turbulences")
    g, state, _ = rules.new_game(s)
    legal = rules.legal_actions(g, state)
    seen: list[Any] = []
    real = search.rollout

    def recording(ruleset: Any, know: Any, world: Any, after: Any, *rest: Any) -> Any:
        seen.append(after)
        return real(ruleset, know, world, after, *rest)

    monkeypatch.setattr(search, "rollout", recording)
    Search(iterations=1, width=len(legal), close=1e9)(rules, g, state, legal,
                                                       random.Random(2))
    ends = {(p.hex, p.carried) for a in legal
            for p in [rules.apply(g, state, a)[0].planes[state.actor]]}
    assert len(ends) < len(legal)  # some actions are alike here
    assert len(seen) == len(ends)
    assert all(a != b for i, a in enumerate(seen) for b in seen[i + 1:])


def test_turbulences_estimates_count_points_as_the_end_does() -> None:
    """"1 kilo = 1 point. +1 additional point is gained by the pilots for each empty space
    of the SHIPPING ZONE of their Airport": the search's estimate of a company is those
    points, plus a share of what it carries and a little for each tile nearer its goal."""
    from skyhex.rules.hexgrid import axial_length
    from skyhex.rules.turbulences import bots
    from skyhex.rules.turbulences.policies import waiting
    from skyhex.rules.turbulences.state import parcel_colour

    rules, s = scenario("turbulences")
    played = play(rules, s, 2, ["greedy"])
    g, state = played.game, played.state
    points = {r["player"]: r["score"] for r in rules.scores(g, state)}
    for i, (company, plane) in enumerate(zip(g.companies, state.planes, strict=True)):
        expected = float(points[company.colour])
        if plane.hex is not None:
            expected += bots.CARRIED * sum(g.weights[p] for p in plane.carried)
            targets = [g.colour_airports[parcel_colour(p)] for p in plane.carried] or \
                waiting(g, state.shipping, g.colours_of[i]) or [company.airport]
            expected -= bots.TOWARDS * min(axial_length(plane.hex.q - t.q, plane.hex.r - t.r)
                                           for t in targets)
        assert bots.estimates(g, state)[company.colour] == pytest.approx(expected)


def test_turbulences_worlds_deal_the_face_down_jerrycans_afresh() -> None:
    """EXPERT: nobody looks at a face-down Jerrycan; a bot's world deals them (and the
    draw pile) afresh from the tokens they are among, so that where the tokens really lie
    changes nothing for it."""
    from skyhex.rules.turbulences.worlds import sample_world as determinize

    face, s, _ = load_scenario(str(SCENARIOS / "turbulences-expert-4.yaml"))
    rules = face.ruleset
    g, state, _ = rules.new_game(s)
    who = g.companies[0].colour
    other = next(k for k, p in enumerate(state.planes) if k and p.jerrycan is not None)
    token = next(v for v in state.pile if v != state.planes[other].jerrycan)
    pile = sorted(state.pile)
    pile[pile.index(token)] = state.planes[other].jerrycan
    moved = state.with_plane(other, state.planes[other].evolve(jerrycan=token)).evolve(
        pile=tuple(sorted(pile)))
    assert rules.view(g, moved, who) == rules.view(g, state, who)
    for seed in range(5):
        a = determinize(g, state, who, random.Random(seed))[1]
        b = determinize(g, moved, who, random.Random(seed))[1]
        assert a.planes == b.planes and a.pile == b.pile
    dealt = {determinize(g, state, who, random.Random(seed))[1].planes[other].jerrycan
             for seed in range(20)}
    assert len(dealt) > 1
    # the referee's world is the table itself
    assert determinize(g, state, None, random.Random(1))[1] == state


RECORDED = [
    # scenario, seed, bots (seat order, repeated), actions, capped, sha256 of the entries
    ("two-players", 0, "greedy", 88, False,
     "7dbd9835ecb695c27eeff0910f886d402401d6a4fa1a76533f04336825953e5f"),
    ("two-players", 0, "random+greedy", 78, False,
     "b4885e0d1c65d8ab239e0903bdc1b0e0e48bc7819f8fe66a804c1408d431fee6"),
    ("two-players", 1, "greedy", 88, False,
     "3d137eefb5d1f521a4c538b7b88fbf107663386eef81fe3cf616d29546654857"),
    ("four-players", 0, "greedy", 170, False,
     "f99ed3651daf052574b054cb97cfcb9c9566d7afda6d3550935d230300953af2"),
    ("four-players", 1, "greedy", 167, False,
     "fe167ab4a144ff48d0f138be52c94f3dae2a1af29352ffe28937800b0922d543"),
    ("turbulences-2", 0, "greedy", 35, False,
     "064d5461f8d5dd852202c89791ce021a8abb6831980feee154bdb0d2aa2bcf88"),
    ("turbulences-2", 0, "random+greedy", 36, False,
     "a7b5f35eb3318fb4fe52c894682804a93b699b2845a12eace443e1495723374e"),
    ("turbulences-6", 0, "greedy", 127, False,
     "d3a8a96ef46a0670ce646bb6ef373bb3b21263b7497fd6fec47b03799d56d226"),
    ("turbulences-6", 1, "greedy", 118, False,
     "a2ded3d03652f0c1d65d4b1c79f94d8171472da23d9255d6c333ff298a71d7d5"),
    ("turbulences-powers-6", 0, "greedy", 127, False,
     "faf5b70e906a442d66a3bfdad1df460806e7033c6e742879041f5e540d4cdee6"),
    ("turbulences-teams-4", 0, "greedy", 73, False,
     "3eeff71e081264949c9fcd727cd67a57b09f2b7b03e95c4c5dcd51f021d4b614"),
    ("turbulences-expert-4", 0, "greedy", 69, False,
     "53301775f488000455205ae1740b6aef71147cbb481c599c10369f5b398eb39d"),
    ("turbulences-expert-4", 1, "greedy", 157, False,
     "5b9469ee88fb4650e2f1fe0c6656421d28635aa7c7674cb5cce7646def361dec"),
    ("turbulences-expert-4", 0, "random+greedy", 131, False,
     "cf7fc18ce5f93928104025891af89508a9086365a1d7430d48b50942a72899f8"),
    ("turbulences-night-3", 0, "greedy", 60, False,
     "75c455edf7f038f5caf1d98e3d8f901dfbd0e188cac680ee78b8f03c6aa3704c"),
    ("turbulences-night-3", 1, "random+greedy", 48, False,
     "d4e0e0142dd9dbf586411d28e245de82391aa7aead052c9315080c13c5f42aa1"),
    ("turbulences-night-expert-4", 0, "greedy", 74, False,
     "e44e9066e305cfbd3f39492b01c6d1f28b9a7cde256d0ec50c1ada6b6fcf4114"),
    ("turbulences-two-companies-2", 1, "greedy", 1022, True,
     "b3eaf1cc6cc18a98351a85245ef72e90483bb722af7f79c1dd217487b29fa2c6"),
    ("balloons-2", 0, "greedy", 84, False,
     "c66d59a6fdda08d7937e2d8025c3b599802ebd767a7ecf0af71f0dc38b46cd12"),
    ("balloons-2", 1, "random+greedy", 112, False,
     "27f170254e1936957e86f509607ec9df8faa64a1d092770b2ad995169ab81250"),
    ("balloons-4", 0, "greedy", 84, False,
     "5c56e3b0e94d9acf544c97d84195aa6d0c2133f3fa7c48a49997e0930a87d6d2"),
    ("balloons-6", 1, "greedy", 166, False,
     "c2349d93b43243be92be9146a1c983f47ffab2efab9f5a038db2a4711a65e5cd"),
    ("two-players", 0, "search:2+greedy", 88, False,
     "aea6af618f75341c0fa2a4e15bf96a04c05c38c5a167ce23ea03e7206c413572"),
    ("turbulences-2", 1, "search:2+greedy", 29, False,
     "1775d398d0e1bf1fe7e6272a9f52c95f1e5a6a32a7bc2b0c4ac4abf164187a79"),
    ("balloons-2", 0, "search:2+greedy", 62, False,
     "909c102a78ce9b75501c89c8ffbde98a8a8307f5be09e58443a88323435457ba"),
    ("turbulences-expert-4", 0, "search:2+greedy", 71, False,
     "499cdd3868aba58d58748e7d4e4ffff27b0cb01b6b61145f6391abff53a5f0a4"),
]
"""Bot games recorded before the bots were made faster: the same seeds must give the same
games (the speed work changes no choice)."""


@pytest.mark.parametrize(("name", "seed", "bots", "actions", "capped", "digest"), RECORDED)
def test_bot_games_play_the_recorded_actions(name: str, seed: int, bots: str, actions: int,
                                             capped: bool, digest: str) -> None:
    import hashlib
    import json

    face, s, _ = load_scenario(str(SCENARIOS / f"{name}.yaml"))
    played = play(face.ruleset, s, seed, bots.split("+"))
    entries = [face.ruleset.action_to_entry(a) for a in played.actions]
    assert (len(entries), played.capped) == (actions, capped)
    assert hashlib.sha256(json.dumps(entries, sort_keys=True).encode()).hexdigest() == digest


def random_decisions(rules: Any, s: Any, steps: int, *, seed: int) -> Iterator[
        tuple[int, Any, Any, str, list[Any]]]:
    """The first ``steps`` decisions of a uniform random game of ``s``: (step, game, state,
    actor, legal actions) each, the game moved on by ``advance`` once the caller is done."""
    rng = random.Random(seed)
    g, state, _ = rules.new_game(s)
    for step in range(steps):
        who = rules.actor(g, state)
        if who is None:
            return
        legal = rules.legal_actions(g, state)
        yield step, g, state, who, legal
        state = rules.advance(g, state, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game", GAMES)
def test_the_sensible_filter_keeps_legal_actions_in_order_and_reads_nothing_hidden(
        game: str) -> None:
    """The hook contract, for every installed game: a game's ``sensible`` filter (if it has
    one) gives some of the legal actions, in their order, never changes its inputs, and
    gives the same for a world its actor may believe in (nothing hidden, no chance read);
    the ``sensible`` policy plays one of them, or any legal action when the filter keeps
    none or the game has none."""
    rules, s = scenario(game)
    keep = knowledge(rules).hooks.sensible
    for _, g, state, who, legal in random_decisions(rules, s, 40, seed=4):
        choice = sensible(rules, g, state, legal, random.Random(1))
        assert choice in legal
        if keep is not None:
            kept = list(keep(g, state, legal))
            assert [a for a in legal if a in kept] == kept
            assert choice in (kept or legal)
            world = rules.sample_world(g, state, who, random.Random(2))
            assert list(keep(*world, rules.legal_actions(*world))) == kept
            assert rules.legal_actions(g, state) == legal


@pytest.mark.parametrize("name", ["turbulences-6", "turbulences-expert-4"])
def test_sensible_turbulences_games_end_where_uniform_ones_do_not(name: str) -> None:
    """A uniform random Turbulences game never delivers enough to end within 200 turns; a
    random but sensible one (no parcel thrown, no dry crash, deliveries and loads taken,
    nearer to its goal when it can) ends, most of the time well before."""
    face, s, _ = load_scenario(str(SCENARIOS / f"{name}.yaml"))
    ended = [not playout(face.ruleset, s, seed, sensible, 200).capped for seed in range(6)]
    assert sum(ended) >= 5
    assert playout(face.ruleset, s, 0, uniform, 200).capped


def test_sensible_turbulences_never_throws_a_parcel_and_delivers_when_it_can() -> None:
    from skyhex.rules.turbulences.actions import Journey, Pass
    from skyhex.rules.turbulences.bots import sensible as keep

    face, s, _ = load_scenario(str(SCENARIOS / "turbulences-4.yaml"))
    rules = face.ruleset
    delivered = 0

    def checked(ruleset: Any, g: Any, state: Any, legal: Any, rng: random.Random) -> Any:
        nonlocal delivered
        kept = keep(g, state, legal)

        def drops(a: Any) -> bool:  # throws a parcel overboard or leaves one in transit
            ops = [a.before, a.after] if isinstance(a, Journey) else \
                [a.ops] if isinstance(a, Pass) else []
            return any(o.throw or o.unload for o in ops)

        if not all(map(drops, legal)):
            assert not any(map(drops, kept))
        i = state.actor
        before = len(state.planes[i].delivered)
        best = max(len(rules.advance(g, state, a).planes[i].delivered) for a in legal)
        if best > before:
            assert all(len(rules.advance(g, state, a).planes[i].delivered) > before
                       for a in kept)
            delivered += 1
        return sensible(ruleset, g, state, legal, rng)

    for seed in range(3):
        playout(rules, s, seed, checked, 60)
    assert delivered > 0


@pytest.mark.parametrize("game", GAMES)
def test_the_greedy_weighing_hooks_give_what_values_and_advance_give(game: str) -> None:
    """The hook contract of the greedy bot's bulk weighing, for every installed game: a
    game's one-participant ``value`` is ``values``' entry (the same float, memo or not),
    its ``listed`` actions are the legal ones, and ``Knowledge.worths`` is every action's
    ``margins`` entry, ``Knowledge.reward`` the search's first-step ``rewards``, in worlds
    the actor draws and on the table itself."""
    rules, s = scenario(game)
    know = knowledge(rules)
    for step, g, state, who, legal in random_decisions(rules, s, 30, seed=6):
        world, seen = rules.sample_world(g, state, who, random.Random(step)) if step % 2 \
            else (g, state)
        afters = [rules.advance(world, seen, a) for a in legal]
        assert list(know.listed(world, seen, legal)) == legal
        for after in afters[:8]:
            assert know.reward(world, after, who) == \
                know.rewards(rules, world, after, leaf=False)[who]
            if know.hooks.value is not None:
                found = know.values(world, after)
                assert {p: know.hooks.value(world, after, p) for p in found} == found
        assert know.worths(world, seen, legal, who) == \
            [know.margins(world, after)[who] for after in afters]
