"""``skyhex bot``, ``skyhex selfplay`` and ``skyhex play``: the built-in bots from the
command line, and one game in memory for bots in any language."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from skyhex.cli.files import ForceOption
from skyhex.cli.report import OutsideRefsOption, participants, references, reporting

BotOption = Annotated[str, typer.Option(
    "--bot", help="random, sensible, greedy or search (search:N: N iterations, default 4).")]
SeedOption = Annotated[int, typer.Option(help="Seeds the bots' choices.")]
CapOption = Annotated[int | None, typer.Option(
    min=1, help="Stop the game after this round (default: the game's bot cap); a capped "
    "game has no winner.")]


def bot(
    source: Annotated[str, typer.Argument(
        metavar="SCENARIO|MOVES", help="A scenario (the start of a game) or a moves file "
        "(the game so far).")],
    name: BotOption = "greedy",
    seat: Annotated[str | None, typer.Option(
        "--seat", metavar="PLAYER", help="The seat the bot plays: it must be the one to "
        f"act ({participants()}).")] = None,
    seed: SeedOption = 0,
    fmt: Annotated[str, typer.Option("--format", help="yaml: a line to append to the moves "
                                     "file's moves; json: the entry as JSON.")] = "yaml",
    allow_outside_refs: OutsideRefsOption = False,
) -> None:
    """The entry a bot plays next, ready to append to a moves file."""
    import random

    import yaml

    from skyhex.games.documents import load_game, replay_game
    from skyhex.rules import bots
    from skyhex.rules.text import escape, excerpt
    from skyhex.schemas.documents import load

    if fmt not in ("yaml", "json"):
        raise typer.BadParameter("yaml or json", param_hint="--format")
    with reporting():
        policy = bots.bot(name)
        is_moves = source == "-" or load(source).data.get("format") == "skyhex.moves/1" \
            if isinstance(load(source).data, dict) else True
        refs = references(allow_outside_refs)
        loaded = load_game(source, refs=refs) if is_moves else \
            load_game(None, source, refs=refs)
        replay = replay_game(loaded)
    if replay.error is not None:
        from skyhex.games.documents import error_line

        print(error_line(replay, loaded.moves), file=sys.stderr)
        raise typer.Exit(1)
    rules, game, state = replay.ruleset, replay.game, replay.state
    actor = rules.actor(game, state)
    if actor is None:
        from skyhex.schemas.documents import display_name

        # Where the game ends: the moves file's last entry (or the scenario's start).
        document = loaded.moves
        line, column = document.locate(("moves", max(0, len(loaded.actions) - 1))) \
            if document is not None else (None, None)
        where = f"{display_name(source)}:{line or 1}:{column or 1}"
        print(f"{where}: error: the game is over: nobody is to act [bot.over]",
              file=sys.stderr)
        raise typer.Exit(1)
    if seat is not None and seat != actor:
        print(f"skyhex: error: {escape(actor)} is to act, not {excerpt(seat)} [bot.seat]",
              file=sys.stderr)
        raise typer.Exit(1)
    rng = random.Random(f"skyhex-bot:{seed}:{actor}:{replay.applied}")
    action = policy(rules, game, state, rules.legal_actions(game, state), rng)
    entry = rules.action_to_entry(action)
    if fmt == "json":
        print(json.dumps(entry))
    else:
        print("- " + yaml.safe_dump(entry, default_flow_style=True, width=10**9,
                                    sort_keys=False).strip())


def selfplay(
    scenario: Annotated[str, typer.Argument(metavar="SCENARIO", help="Scenario file.")],
    names: Annotated[str, typer.Option(
        "--bots", help="Bots in seat order, comma-separated (repeated when fewer than the "
        "seats): greedy,search,random,random.")] = "greedy",
    output: Annotated[str, typer.Option("--output", "-o", metavar="FILE|-",
                                        help="The moves file to write.")] = "-",
    seed: SeedOption = 0,
    cap: CapOption = None,
    force: ForceOption = False,
    allow_outside_refs: OutsideRefsOption = False,
) -> None:
    """A whole game played by bots, written as a moves file (the scores on stderr)."""
    from skyhex.cli.files import check_output, write_output
    from skyhex.games.documents import load_scenario
    from skyhex.games.server import moves_text
    from skyhex.rules import bots

    chosen = [n.strip() for n in names.split(",") if n.strip()]
    if not chosen:
        raise typer.BadParameter("name at least one bot", param_hint="--bots")
    with reporting():
        check_output(output, force=force)
        for n in chosen:
            bots.bot(n)
        face, read, _ = load_scenario(scenario, references(allow_outside_refs))
        rules = face.ruleset
        played = bots.play(rules, read, seed, chosen, cap)
        entries = [rules.action_to_entry(a) for a in played.actions]
        seats = ", ".join(f"{who}={b}" for who, b in played.seats)
        text = moves_text(rules.name, scenario, output, entries,
                          f"skyhex selfplay --seed {seed}: {seats}")
        write_output(output, text, force=force)
    scores = rules.scores(played.game, played.state)
    ending = f"capped at round {rules.moment(played.state)['round']}" if played.capped \
        else "over"
    print(f"{len(entries)} entries, game {ending}: " + ", ".join(
        f"{r['player']} {r['score']} (rank {r['rank']})" for r in scores), file=sys.stderr)


def play(
    scenario: Annotated[str, typer.Argument(metavar="SCENARIO", help="Scenario file.")],
    seats: Annotated[list[str] | None, typer.Option(
        "--seat", metavar="NAME=PLAYER", help="Who plays a seat: NAME=stdio (a program "
        "speaking the line-JSON protocol on stdin/stdout, docs/play-protocol.md) or "
        "NAME=bot:greedy; seats not named are played by bot:random.")] = None,
    output: Annotated[str | None, typer.Option(
        "--output", "-o", metavar="FILE", help="Write the finished game as a moves "
        "file.")] = None,
    seed: SeedOption = 0,
    cap: CapOption = None,
    force: ForceOption = False,
    allow_outside_refs: OutsideRefsOption = False,
) -> None:
    """Host one game in memory: bots and stdio seats take turns, the stdio seats through
    one JSON object a line (docs/play-protocol.md)."""
    from skyhex.cli.files import check_output, write_output
    from skyhex.games.documents import load_scenario
    from skyhex.games.server import ProtocolError, Session, moves_text

    given: dict[str, str] = {}
    for s in seats or []:
        who, sep, player = s.partition("=")
        if not sep or not who or not player:
            raise typer.BadParameter(f"{s!r}: write NAME=stdio or NAME=bot:greedy",
                                     param_hint="--seat")
        given[who] = player
    with reporting():
        if output is not None:
            check_output(output, force=force)
        face, read, _ = load_scenario(scenario, references(allow_outside_refs))
        session = Session.start(face.ruleset, read, given, seed)
    try:
        session.play(sys.stdout, sys.stdin, cap)
    except ProtocolError as e:
        print(f"skyhex: error: {e}", file=sys.stderr)
        raise typer.Exit(1) from None
    if output is not None:
        with reporting():
            write_output(output, moves_text(face.ruleset.name, scenario, output,
                                            session.entries, "skyhex play"), force=force)
