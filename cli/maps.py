"""``skyhex map``: generate, check, show and measure maps of Paragliders and Turbulences.

``generate`` takes ``--game``; the other commands read the ``game:`` key of each file."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skyhex.rules.turbulences.landscape import Difficulty, Landscape

if TYPE_CHECKING:
    from skyhex.mapgen.errors import Violation
    from skyhex.rules.paragliders.maps import Map
    from skyhex.schemas.documents import Document


class MapFormat(StrEnum):
    yaml = "yaml"
    json = "json"


class ReportFormat(StrEnum):
    text = "text"
    json = "json"


class Game(StrEnum):
    paragliders = "paragliders"
    turbulences = "turbulences"


ComponentsOption = Annotated[
    str | None,
    typer.Option("--components", metavar="FILE",
                 help="Component set file for Paragliders maps (default: the standard set "
                 "shipped with skyhex)."),
]


def _error(message: str) -> None:
    print(f"skyhex: error: {message}", file=sys.stderr)


@contextmanager
def _reporting() -> Iterator[None]:
    """Turn expected failures into one-line messages on stderr and exit code 1."""
    from skyhex.rules.errors import SkyhexError
    from skyhex.schemas.documents import DocumentError

    try:
        yield
    except DocumentError as e:
        from skyhex.cli.files import print_problems

        print_problems(e.problems)
        raise typer.Exit(1) from None
    except SkyhexError as e:
        _error(str(e))
        raise typer.Exit(1) from None
    except OSError as e:
        where = f"{e.filename}: " if e.filename else ""
        _error(f"{where}{e.strerror or e}")
        raise typer.Exit(1) from None


def _map_text(m: Map, fmt: str) -> str:
    from skyhex.cli.files import dump_json, dump_yaml
    from skyhex.rules.paragliders.maps import map_to_dict

    doc = map_to_dict(m)
    if fmt == "json":
        return dump_json(doc, ("slots", "hexes"))
    return dump_yaml(doc, ("slots", "hexes"))


def _landscape_text(land: Landscape, fmt: str) -> str:
    from skyhex.cli.files import dump_json, dump_yaml
    from skyhex.rules.turbulences.maps import landscape_to_dict

    doc = landscape_to_dict(land)
    if fmt == "json":
        return dump_json(doc, ("hexes", "clouds"))
    return dump_yaml(doc, ("hexes", "clouds"))


def generate(
    seed: Annotated[int | None, typer.Option(
        min=0, help="Seed for every random choice (default: a fresh random seed, recorded in "
        "the map).")] = None,
    count: Annotated[int, typer.Option(
        "--count", "-n", min=1, help="Generate this many maps, seeds SEED, SEED+1, ... into "
        "a directory.")] = 1,
    aerodromes: Annotated[int | None, typer.Option(
        min=0, max=2, show_default=False,
        help="Map tiles to replace with aerodromes (0-2; Paragliders; default 0).")] = None,
    radius: Annotated[int | None, typer.Option(
        min=1, max=12, show_default=False,
        help="Board size in slots (Paragliders; the standard board, and default, is 4).")] = None,
    components: ComponentsOption = None,
    difficulty: Annotated[Difficulty | None, typer.Option(
        show_default=False, help="Mountains and cloud layout (Turbulences; default normal).")] =
    None,
    fmt: Annotated[MapFormat | None, typer.Option(
        "--format", help="Output format (default: from the file name, else yaml).")] = None,
    output: Annotated[str, typer.Option(
        "--output", "-o", metavar="FILE|DIR|-",
        help="Where to write: a file, a directory (one file per map) or - for stdout.")] = "-",
    game: Annotated[Game, typer.Option(help="The game.")] = Game.paragliders,
) -> None:
    """Generate maps that follow the rulebook's setup: Paragliders (star, mountains,
    sectors) or Turbulences (the difficulty's mountains and clouds, 12 plain and 12 sea tiles
    shuffled with desert)."""
    import secrets

    from skyhex.cli.files import format_for, write_atomic

    if game is Game.paragliders and difficulty is not None:
        raise typer.BadParameter("--difficulty is for --game turbulences",
                                 param_hint="--difficulty")
    if game is Game.turbulences:
        for name, value in (("--radius", radius), ("--aerodromes", aerodromes),
                            ("--components", components)):
            if value is not None:
                raise typer.BadParameter(f"{name} is for --game paragliders", param_hint=name)
    first = seed if seed is not None else secrets.randbelow(2**31)
    seeds = range(first, first + count)
    to_dir = count > 1 or (output != "-" and (os.path.isdir(output) or output.endswith(os.sep)))
    if to_dir:
        if output == "-":
            output = "maps"
        if os.path.exists(output) and not os.path.isdir(output):
            raise typer.BadParameter(f"{output} is a file; --count needs a directory",
                                     param_hint="--output")
    with _reporting():
        if game is Game.turbulences:
            make = _turbulences_maker(difficulty or Difficulty.NORMAL)
        else:
            make = _paragliders_maker(components, radius, aerodromes or 0)
        kind = format_for(output, fmt.value if fmt else None)
        if to_dir:
            os.makedirs(output, exist_ok=True)
        with ExitStack() as stack:
            items: Iterable[int] = seeds
            if count > 1 and sys.stderr.isatty():  # a progress bar only for a person watching
                items = stack.enter_context(
                    typer.progressbar(seeds, label="generating", file=sys.stderr))
            for s in items:
                target = os.path.join(output, f"map-{s}.{kind}") if to_dir else output
                write_atomic(target, make(s, kind))
        if count > 1:
            folder = os.path.join(output, "")
            print(f"wrote {count} maps to {folder} (seeds {first}-{first + count - 1})",
                  file=sys.stderr)


def _paragliders_maker(components: str | None, radius: int | None,
                       aerodromes: int) -> Callable[[int, str], str]:
    """The text of the Paragliders map of a seed, in a format."""
    from skyhex.cli.files import load_components
    from skyhex.mapgen.errors import GenerationError
    from skyhex.mapgen.paragliders.generate import generate_map
    from skyhex.rules.paragliders.maps import DEFAULT_RADIUS

    cs = load_components(components)
    size = DEFAULT_RADIUS if radius is None else radius

    def make(seed: int, kind: str) -> str:
        try:
            m = generate_map(cs, seed, radius=size, aerodromes=aerodromes)
        except GenerationError as e:
            raise GenerationError(e.constraint, f"seed {seed}: {e.message}") from None
        return _map_text(m, kind)

    return make


def _turbulences_maker(difficulty: Difficulty) -> Callable[[int, str], str]:
    """The text of the Turbulences landscape of a seed, in a format."""
    from skyhex.mapgen.errors import GenerationError
    from skyhex.mapgen.turbulences.generate import generate_landscape

    def make(seed: int, kind: str) -> str:
        try:
            land = generate_landscape(seed, difficulty)
        except GenerationError as e:
            raise GenerationError(e.constraint, f"seed {seed}: {e.message}") from None
        return _landscape_text(land, kind)

    return make


def _locate(m: Map, document: Document, v: Violation) -> tuple[int | None, int | None]:
    for slot in v.slots:
        if slot in m.slot_paths:
            return document.locate(m.slot_paths[slot])
    for h in v.hexes:
        if h in m.hex_paths:
            return document.locate(m.hex_paths[h])
    return (None, None)


def _locate_landscape(land: Landscape, document: Document,
                      v: Violation) -> tuple[int | None, int | None]:
    for h in v.clouds:
        if h in land.cloud_paths:
            return document.locate(land.cloud_paths[h])
    for h in v.hexes:
        if h in land.hex_paths:
            return document.locate(land.hex_paths[h])
    return (None, None)


def _check_landscape(name: str, land: Landscape, document: Document, fmt: ReportFormat,
                     results: list[dict[str, Any]]) -> bool:
    """Report on one Turbulences map (as ``check`` does for Paragliders); True if valid."""
    from skyhex.mapgen.turbulences.check import check_landscape

    violations = check_landscape(land)
    located = [(v, _locate_landscape(land, document, v)) for v in violations]
    difficulty = land.difficulty.value if land.difficulty is not None else None
    if fmt is ReportFormat.json:
        results.append({"file": name, "valid": not violations, "game": "turbulences",
                        "difficulty": difficulty, "hexes": len(land.biomes),
                        "violations": [{**v.to_json(), "line": line, "column": column}
                                       for v, (line, column) in located]})
    elif not violations:
        tokens = sum(len(stack) for stack in land.clouds.values())
        print(f"{name}: ok: turbulences landscape, {difficulty or 'no difficulty given'}, "
              f"{len(land.biomes)} hexes, {tokens} cloud tokens")
    else:
        for v, (line, column) in located:
            where = f"{name}:{line}:{column}" if line is not None else name
            print(f"{where}: error: {v.message} [{v.rule}]")
            print(f"    hint: {v.hint}")
        print(f"{name}: invalid: {len(violations)} violation{'s' if len(violations) > 1 else ''}")
    return not violations


def check(
    maps: Annotated[list[str], typer.Argument(metavar="MAP...", help="Map files (- for stdin).")],
    components: ComponentsOption = None,
    fmt: Annotated[ReportFormat, typer.Option("--format", help="Report format.")] =
    ReportFormat.text,
) -> None:
    """Check maps against the setup rules and report every violation (on stdout, as the
    report; unreadable files are reported there too). Each file's game: key says which
    game's rules apply.

    Exit 0 when every map is valid, 1 otherwise.
    """
    from skyhex.cli.files import load_any_map, load_components
    from skyhex.mapgen.paragliders.check import check_map
    from skyhex.schemas.documents import DocumentError, display_name

    with _reporting():
        cs = load_components(components)
    results: list[dict[str, Any]] = []
    ok = True
    for path in maps:
        name = display_name(path)
        try:
            m, document = load_any_map(path, cs)
        except DocumentError as e:
            ok = False
            if fmt is ReportFormat.json:
                results.append({"file": name, "valid": False,
                                "errors": [p.to_json() for p in e.problems]})
            else:
                for p in e.problems:
                    print(p.format())
                n = len(e.problems)
                print(f"{name}: invalid: {n} error{'s' if n > 1 else ''}")
            continue
        if isinstance(m, Landscape):
            ok = _check_landscape(name, m, document, fmt, results) and ok
            continue
        violations = check_map(m, cs)
        ok = ok and not violations
        if fmt is ReportFormat.json:
            entries = []
            for v in violations:
                line, column = _locate(m, document, v)
                entries.append({**v.to_json(), "line": line, "column": column})
            results.append({"file": name, "valid": not violations, "layout": m.layout.value,
                            "hexes": len(m.hexes), "violations": entries})
            continue
        if not violations:
            what = f"{m.layout.value} layout"
            if m.layout.value == "standard":
                what += f", radius {m.radius}"
            tiles = f", {len(m.slots) + len(m.aerodromes)} slots" if m.has_slots else ""
            print(f"{name}: ok: {what}{tiles}, {len(m.hexes)} hexes")
            continue
        for v in violations:
            line, column = _locate(m, document, v)
            where = f"{name}:{line}:{column}" if line is not None else name
            print(f"{where}: error: {v.message} [{v.rule}]")
            print(f"    hint: {v.hint}")
        print(f"{name}: invalid: {len(violations)} violation{'s' if len(violations) > 1 else ''}")
    if fmt is ReportFormat.json:
        print(json.dumps(results, indent=2))
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
    """Draw a map in the terminal. Paragliders: terrain letters, take-off, target, antennas,
    spawns. Turbulences: biome letters, clouds, and the cities by region number."""
    from skyhex.cli.files import load_any_map, load_components

    with _reporting():
        m, _ = load_any_map(map_file, load_components(components))
    if color is None:
        color = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    if isinstance(m, Landscape):
        from skyhex.render.turbulences.terminal import render_landscape

        sys.stdout.write(render_landscape(m, color=color, legend=legend))
        return
    from skyhex.render.paragliders.terminal import render_map

    sys.stdout.write(render_map(m, color=color, legend=legend))


def stats(
    maps: Annotated[list[str], typer.Argument(metavar="MAP...", help="Map files (- for stdin).")],
    components: ComponentsOption = None,
    fmt: Annotated[ReportFormat, typer.Option("--format", help="Report format.")] =
    ReportFormat.text,
) -> None:
    """Paragliders: terrain counts, mountain clusters, edge hexes and take-off/antenna
    distances. Turbulences: biome counts, clouds by kind, clouds next to a mountain. Maps of
    both games may not be mixed in one call."""
    from skyhex.cli.files import load_any_map, load_components
    from skyhex.mapgen.paragliders.stats import map_stats, summary
    from skyhex.mapgen.turbulences.stats import landscape_stats
    from skyhex.schemas.documents import display_name

    with _reporting():
        cs = load_components(components)
        figures = []
        landscapes = []
        for path in maps:
            m, _ = load_any_map(path, cs)
            if isinstance(m, Landscape):
                landscapes.append({"file": display_name(path), **landscape_stats(m)})
            else:
                figures.append({"file": display_name(path), **map_stats(m)})
    if figures and landscapes:
        raise typer.BadParameter("Paragliders and Turbulences maps have different figures: "
                                 "give them in separate calls", param_hint="MAP...")
    if landscapes:
        _print_landscape_stats(landscapes, fmt)
        return
    if fmt is ReportFormat.json:
        doc: dict[str, Any] = {"maps": figures}
        if len(figures) > 1:
            doc["summary"] = summary(figures)
        print(json.dumps(doc, indent=2))
        return
    for f in figures:
        t = f["terrain"]
        terrain = ", ".join(f"{k} {v}" for k, v in t.items())
        clusters = f["mountain_clusters"]
        print(f["file"])
        print(f"  hexes: {f['hexes']} ({terrain})")
        print(f"  mountain clusters: {len(clusters)} {clusters}; take-off cluster: "
              f"{f['takeoff_cluster']} hexes")
        print(f"  edge hexes: {f['edge_hexes']}")
        to = ", ".join(f"{k} {v}" for k, v in f["takeoff_to_antenna"].items())
        print(f"  take-off to antenna: {to or '-'}")
        between = ", ".join(f"{k} {v}" for k, v in f["antenna_to_antenna"].items())
        print(f"  antenna to antenna: {between or '-'}")
        if f["antenna_tour"]:
            tour = f["antenna_tour"]
            print(f"  shortest antenna tour from take-off: {tour['length']} "
                  f"({' > '.join(tour['order'])})")
        print(f"  spawn hexes: {f['spawns']}; GPS sites: {', '.join(f['gps_sites']) or '-'}")
    _print_summary(summary(figures) if len(figures) > 1 else None)


def _print_summary(s: dict[str, Any] | None) -> None:
    if s is None:
        return
    print(f"summary of {s['maps']} maps (min / mean / max)")
    for key, value in s.items():
        if isinstance(value, dict):
            print(f"  {key}: {value['min']} / {value['mean']} / {value['max']}")


def _print_landscape_stats(figures: list[dict[str, Any]], fmt: ReportFormat) -> None:
    """``stats`` for Turbulences maps."""
    from skyhex.mapgen.turbulences.stats import summary

    if fmt is ReportFormat.json:
        doc: dict[str, Any] = {"maps": figures}
        if len(figures) > 1:
            doc["summary"] = summary(figures)
        print(json.dumps(doc, indent=2))
        return
    for f in figures:
        biomes = ", ".join(f"{k} {v}" for k, v in f["biomes"].items())
        clouds = ", ".join(f"{k} {v}" for k, v in f["clouds"].items())
        heights = f["tempest_heights"]
        print(f["file"])
        print(f"  difficulty: {f['difficulty'] or '-'}")
        print(f"  hexes: {f['hexes']} ({biomes})")
        print(f"  clouds: {clouds}" + (f" (heights {heights})" if heights else ""))
        print(f"  cloud tokens: {f['cloud_tokens']} ({f['storm_tokens']} on the storm side)")
        print(f"  clouds next to a mountain: {f['clouds_next_to_mountains']}")
    _print_summary(summary(figures) if len(figures) > 1 else None)
