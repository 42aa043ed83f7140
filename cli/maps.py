"""``skyhex map``: generate, check, show and measure maps of every game.

``generate`` takes ``--game``; the other commands read the ``game:`` key of each file and ask
that game's face."""

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections.abc import Iterable
from contextlib import ExitStack
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skyhex.cli.files import ForceOption, OutputError, out, write_stdout
from skyhex.cli.report import (
    DEFAULT,
    ComponentsOption,
    GameName,
    ReportFormat,
    print_invalid,
    reporting,
)
from skyhex.rules.text import escape, escaped

MAX_COUNT = 10_000
"""Maps one ``map generate --count`` writes, at most (a few minutes of work)."""
MAX_DRAWS = 10_000
"""Seeds ``map generate --where`` draws for one map, at most (a few minutes of work)."""
MAX_WHERE_DRAWS = 100_000
"""Seeds one ``map generate --where`` command draws at most (``--count`` x ``--max-draws``):
under half an hour of the slowest game's maps."""

if TYPE_CHECKING:
    from skyhex.games.face import Face, Maps, MapStats
    from skyhex.schemas.documents import Document


class MapFormat(StrEnum):
    yaml = "yaml"
    json = "json"


def generate(
    seed: Annotated[int | None, typer.Option(
        min=0, help="Seed for every random choice (default: a fresh random seed, recorded in "
        "the map).")] = None,
    count: Annotated[int, typer.Option(
        "--count", "-n", min=1, max=MAX_COUNT, help="Generate this many maps, seeds SEED, "
        "SEED+1, ...: into a directory, or with -o - (the default) as one stream on stdout "
        f"(YAML documents separated by ---, or JSON Lines: one map a line; at most "
        f"{MAX_COUNT:,}).")] = 1,
    given: dict[str, Any] | None = None,
    where: Annotated[list[str] | None, typer.Option(
        metavar="CONDITION",
        help="Keep drawing seeds (SEED, SEED+1, ...) until the map's statistics (those of "
        "skyhex map stats --format json) meet CONDITION, such as 'balance>=85' or "
        "'route.below.length<=30 and pockets==0'; repeatable (all must hold). The seed and "
        "the number of draws are reported on stderr.")] = None,
    max_draws: Annotated[int, typer.Option(
        "--max-draws", min=1, max=MAX_DRAWS, help="With --where: seeds drawn for one map "
        f"before giving up (exit code 1; at most {MAX_DRAWS:,}).")] = 1000,
    fmt: Annotated[MapFormat | None, typer.Option(
        "--format", help="Output format (default: from the file name, else yaml).")] = None,
    output: Annotated[str, typer.Option(
        "--output", "-o", metavar="FILE|DIR|-",
        help="Where to write: a file, a directory (one file per map) or - for stdout.")] = "-",
    game: Annotated[GameName, typer.Option(help="The game.")] = DEFAULT,
    force: ForceOption = False,
) -> None:
    """Generate maps that follow the rulebook's setup of the game (--game).

    Options that only some games take say which; an option the game does not take is a usage
    error."""
    import secrets

    from skyhex.cli.files import (
        check_outputs,
        format_for,
        locked_folder,
        signals_deferred,
        write_output,
    )
    from skyhex.cli.options import chosen
    from skyhex.games.documents import dump
    from skyhex.games.face import GENERATE, face
    from skyhex.games.where import parse
    from skyhex.mapgen.errors import GenerationError

    first = seed if seed is not None else secrets.randbelow(2**31)
    with reporting():
        condition = parse(where) if where else None
    if condition is not None and count * max_draws > MAX_WHERE_DRAWS:
        raise typer.BadParameter(f"--count {count} maps of up to --max-draws {max_draws} seeds "
                                 f"each is more than the {MAX_WHERE_DRAWS:,} draws of one "
                                 "command: lower one of them", param_hint="--max-draws")
    stream = count > 1 and output == "-"
    to_dir = (count > 1 and not stream) or (
        output != "-" and (os.path.isdir(output) or output.endswith(os.sep)))
    if to_dir and os.path.exists(output) and not os.path.isdir(output):
        raise typer.BadParameter(f"{output} is a file; --count needs a directory",
                                 param_hint="--output")
    with reporting():
        maker = face(str(game.value))
        options = chosen(maker, GENERATE, given or {})
        maps = maker.need(maker.maps, "maps")
        making = maker.need(maps.generate, "map generate", "its maps are made by hand")
        stats = maps.stats
        context = maps.context(options.get("components")) \
            if maker.option("components", GENERATE) else None
        kind = format_for(output, fmt.value if fmt else None)
        folder = os.path.join(output, "")

        def target(s: int) -> str:
            return os.path.join(output, f"map-{s}.{kind}") if to_dir else output

        made: list[int] = []

        def seeds() -> str:
            if made == list(range(made[0], made[-1] + 1)):
                return f"{made[0]}-{made[-1]}"
            return ", ".join(map(str, made))

        with ExitStack() as stack:
            if to_dir:  # a batch holds its folder, and replaces nothing without --force
                stack.enter_context(locked_folder(output))
            # Without --where the seeds are known: every member is checked before the first
            # map is made. With it, the single file or the folder is checked now, and each
            # member again when its seed is found.
            if condition is None or not to_dir:
                check_outputs([target(s) for s in range(first, first + count)], force=force)
            items: Iterable[int] = range(count)
            watched = sys.stderr.isatty()  # progress only for a person watching
            if count > 1 and watched and condition is None:
                items = stack.enter_context(
                    typer.progressbar(items, label="generating", file=sys.stderr))
            ticker = _Ticker(watched and condition is not None)
            s = first
            try:
                for number in items:
                    draws = 0
                    while True:
                        ticker.tick(f"map {number + 1} of {count}: {draws} seeds drawn "
                                    f"(seed {s})")
                        try:
                            m = making(s, options, context)
                        except GenerationError as e:
                            raise GenerationError(e.constraint,
                                                  f"seed {s}: {e.message}") from None
                        draws += 1
                        if condition is None or condition.holds(
                                maker.need(stats, "map stats").figures(m)):
                            break
                        if draws >= max_draws:
                            raise GenerationError(
                                "where", f"no map meets {escape(condition.text)} in "
                                f"{max_draws} draws (seeds {s - draws + 1}-{s})")
                        s += 1
                    ticker.clear()
                    if condition is not None:
                        print(f"seed {s}: {escape(condition.text)} after {draws} "
                              f"draw{'s' if draws > 1 else ''}", file=sys.stderr)
                    doc = maps.to_dict(m)
                    if stream:  # one document of a multi-document stream
                        text = json.dumps(doc) + "\n" if kind == "json" else \
                            ("---\n" if made else "") + dump(doc, kind, maps.flow)
                    else:
                        text = dump(doc, kind, maps.flow)
                    with signals_deferred():  # a map written is a map counted
                        write_output(target(s), text, force=force)
                        made.append(s)
                    s += 1
            except (KeyboardInterrupt, GenerationError, OutputError):
                ticker.clear()
                if count > 1 and made:
                    into = "standard output" if stream else escape(folder)
                    print(f"skyhex: wrote {len(made)} of {count} maps to {into} "
                          f"(seeds {seeds()}), each whole", file=sys.stderr)
                raise
        if seed is None:  # the map records it too; a person re-running wants it now
            print(f"seed {first} (drawn at random; --seed {first} makes the same map"
                  f"{'s' if count > 1 else ''})", file=sys.stderr)
        if count > 1 and stream:
            print(f"wrote {count} maps to standard output (seeds {seeds()})", file=sys.stderr)
        elif count > 1:
            print(f"wrote {count} maps to {escape(folder)} (seeds {seeds()})", file=sys.stderr)


class _Ticker:
    """One line on a terminal's stderr saying how a long ``--where`` search goes, rewritten
    at most twice a second (nothing when no one is watching)."""

    def __init__(self, on: bool) -> None:
        self.on = on
        self.last = time.monotonic()
        self.shown = False

    def tick(self, text: str) -> None:
        if self.on and time.monotonic() - self.last >= 0.5:
            self.last = time.monotonic()
            sys.stderr.write(f"\r{text[:79]:<79}")
            sys.stderr.flush()
            self.shown = True

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 79 + "\r")
            sys.stderr.flush()
            self.shown = False


class _Maps:
    """Reads maps of any game, each game's context (component set) made once; a component
    set given is read at once (its errors end the command)."""

    def __init__(self, components: str | None) -> None:
        from skyhex.games.face import faces

        self.components = components
        self.contexts: dict[str, Any] = {}
        if components is not None:
            with reporting():
                for game in faces():
                    if "components" in game.kinds and game.maps is not None:
                        self.contexts[game.name] = game.maps.context(components)

    def load(self, path: str) -> tuple[Face, Maps, Any, Any, Document]:
        from skyhex.games.documents import load_validated
        from skyhex.games.face import face

        document = load_validated(path, "map")
        game = face(document.data.get("game", DEFAULT.value))
        maps = game.need(game.maps, "maps")
        if game.name not in self.contexts:
            self.contexts[game.name] = maps.context(self.components)
        context = self.contexts[game.name]
        return game, maps, maps.read(document, context), context, document


def check(
    maps: Annotated[list[str], typer.Argument(metavar="MAP...", help="Map files (- for stdin).")],
    components: ComponentsOption = None,
    fmt: Annotated[ReportFormat, typer.Option("--format", help="Report format.")] =
    ReportFormat.text,
) -> None:
    """Check maps against the setup rules and report every violation (on stdout, as the
    report; unreadable files are reported there too): errors, and warnings for rules that
    bind only some maps. Each file's game: key says which game's rules apply.

    Exit 0 when every map is valid (warnings allowed), 1 otherwise.
    """
    from skyhex.games.documents import violation_path
    from skyhex.mapgen.errors import errors
    from skyhex.schemas.documents import DocumentError, display_name

    reader = _Maps(components)
    results: list[dict[str, Any]] = []
    ok = True
    for path in maps:
        name = display_name(path)
        try:
            game, reading, m, context, document = reader.load(path)
        except DocumentError as e:
            ok = False
            if fmt is ReportFormat.json:
                results.append({"file": name, "valid": False,
                                "errors": [p.to_json() for p in e.problems]})
            else:
                print_invalid(name, e.problems)
            continue
        violations = reading.check(m, context)
        bad = errors(violations)
        ok = ok and not bad
        located = [(v, document.locate(at) if (at := violation_path(m, v)) else (None, None))
                   for v in violations]
        if fmt is ReportFormat.json:
            results.append({"file": name, "valid": not bad, "game": game.name,
                            **reading.report(m),
                            "violations": [{**v.to_json(), "line": line, "column": column}
                                           for v, (line, column) in located]})
            continue
        for v, (line, column) in located:
            where = f"{name}:{line}:{column}" if line is not None else name
            out(escape(f"{where}: {v.severity}: {v.message} [{v.rule}]"))
            out(escape(f"    hint: {v.hint}"))
        warned = len(violations) - len(bad)
        warnings = f"{warned} warning{'s' if warned > 1 else ''}"
        if not bad:
            out(escape(f"{name}: ok{f' ({warnings})' if warned else ''}: "
                       f"{reading.summary(m)}"))
            continue
        out(escape(f"{name}: invalid: {len(bad)} violation{'s' if len(bad) > 1 else ''}"
                   + (f", {warnings}" if warned else "")))
    if fmt is ReportFormat.json:
        out(json.dumps(results, indent=2))
    if not ok:
        raise typer.Exit(1)


def show(
    map_file: Annotated[str, typer.Argument(metavar="MAP", help="Map file (- for stdin).")],
    components: ComponentsOption = None,
    color: Annotated[bool | None, typer.Option(
        "--color/--no-color", help="Colour the terrain (default: when stdout is a terminal "
        "and NO_COLOR is unset).")] = None,
    legend: Annotated[bool, typer.Option("--legend/--no-legend", help="Print the legend.")] =
    True,
) -> None:
    """Draw a map in the terminal (the game's letters and marks)."""
    with reporting():
        game, maps, m, _, _ = _Maps(components).load(map_file)
        draw = game.need(maps.show, "map show")
    if color is None:
        color = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    write_stdout(_terminal_safe(draw(m, color=color, legend=legend), color=color))


_COLOUR = re.compile(r"(\x1b\[[0-9;]*m)")
"""A colour code (SGR) as the terminal drawings write them: the only escape kept."""


def _terminal_safe(text: str, *, color: bool) -> str:
    """``text`` (a terminal drawing) with every control character from the map's own words
    (a zone's name: ESC, BEL, NUL) shown escaped; lines, and colour codes when ``color``,
    kept."""
    if not color:
        return escape(text, lines=True)
    parts = _COLOUR.split(text)
    return "".join(p if i % 2 else escape(p, lines=True) for i, p in enumerate(parts))


def stats(
    maps: Annotated[list[str], typer.Argument(metavar="MAP...", help="Map files (- for stdin).")],
    components: ComponentsOption = None,
    fmt: Annotated[ReportFormat, typer.Option("--format", help="Report format.")] =
    ReportFormat.text,
) -> None:
    """Measure maps, by what their game counts. Maps of different games may not be mixed in
    one call (JSON fields: skyhex schema map-stats)."""
    from skyhex.schemas.documents import display_name

    reader = _Maps(components)
    figures: list[dict[str, Any]] = []
    games: dict[str, MapStats] = {}
    with reporting():
        for path in maps:
            game, kind, m, _, _ = reader.load(path)
            measure = games[game.name] = game.need(kind.stats, "map stats")
            figures.append({"file": display_name(path), **measure.figures(m)})
    if len(games) > 1:
        raise typer.BadParameter(f"maps of {' and '.join(games)} have different figures: "
                                 "give them in separate calls", param_hint="MAP...")
    name, measure = next(iter(games.items()))
    summary = measure.summary(figures) if len(figures) > 1 else None
    if fmt is ReportFormat.json:
        doc: dict[str, Any] = {"game": name, "maps": figures}
        if summary is not None:
            doc["summary"] = summary
        out(json.dumps(doc, indent=2))
        return
    for f in figures:
        out(escape(f["file"]))
        out(measure.text(escaped(f)))
    if summary is not None:
        out(f"summary of {summary['maps']} maps (min / mean / max)")
        for key, value in summary.items():
            if isinstance(value, dict):
                out(escape(f"  {key}: {value['min']} / {value['mean']} / {value['max']}"))
