"""``skyhex map``: generate, check, show and measure Paragliders maps."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from skyhex.mapgen.paragliders.check import Violation
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


ComponentsOption = Annotated[
    str | None,
    typer.Option("--components", metavar="FILE",
                 help="Component set file (default: the standard set shipped with skyhex)."),
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


def generate(
    seed: Annotated[int | None, typer.Option(
        min=0, help="Seed for every random choice (default: a fresh random seed, recorded in "
        "the map).")] = None,
    count: Annotated[int, typer.Option(
        "--count", "-n", min=1, help="Generate this many maps, seeds SEED, SEED+1, ... into "
        "a directory.")] = 1,
    aerodromes: Annotated[int, typer.Option(
        min=0, max=2, help="Map tiles to replace with aerodromes (0-2).")] = 0,
    radius: Annotated[int, typer.Option(
        min=1, max=12, help="Board size in slots (the standard board is 4).")] = 4,
    components: ComponentsOption = None,
    fmt: Annotated[MapFormat | None, typer.Option(
        "--format", help="Output format (default: from the file name, else yaml).")] = None,
    output: Annotated[str, typer.Option(
        "--output", "-o", metavar="FILE|DIR|-",
        help="Where to write: a file, a directory (one file per map) or - for stdout.")] = "-",
    game: Annotated[Game, typer.Option(help="The game.")] = Game.paragliders,
) -> None:
    """Generate maps that follow the rulebook's setup (star, mountains, sectors)."""
    import secrets

    from skyhex.cli.files import format_for, load_components, write_atomic
    from skyhex.mapgen.paragliders.generate import GenerationError, generate_map

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
        cs = load_components(components)
        kind = format_for(output, fmt.value if fmt else None)
        if to_dir:
            os.makedirs(output, exist_ok=True)
        progress = None
        if count > 1 and sys.stderr.isatty():
            progress = typer.progressbar(seeds, label="generating", file=sys.stderr)
        items = progress.__enter__() if progress else seeds
        try:
            for s in items:
                try:
                    m = generate_map(cs, s, radius=radius, aerodromes=aerodromes)
                except GenerationError as e:
                    raise GenerationError(e.constraint, f"seed {s}: {e.message}") from None
                target = os.path.join(output, f"map-{s}.{kind}") if to_dir else output
                write_atomic(target, _map_text(m, kind))
        finally:
            if progress:
                progress.__exit__(None, None, None)
        if count > 1:
            print(f"wrote {count} maps to {output}{os.sep} (seeds {first}-{first + count - 1})",
                  file=sys.stderr)


def _locate(m: Map, document: Document, v: Violation) -> tuple[int | None, int | None]:
    for slot in v.slots:
        if slot in m.slot_paths:
            return document.locate(m.slot_paths[slot])
    for h in v.hexes:
        if h in m.hex_paths:
            return document.locate(m.hex_paths[h])
    return (None, None)


def check(
    maps: Annotated[list[str], typer.Argument(metavar="MAP...", help="Map files (- for stdin).")],
    components: ComponentsOption = None,
    fmt: Annotated[ReportFormat, typer.Option("--format", help="Report format.")] =
    ReportFormat.text,
) -> None:
    """Check maps against the setup rules and report every violation (on stdout, as the
    report; unreadable files are reported there too).

    Exit 0 when every map is valid, 1 otherwise.
    """
    from skyhex.cli.files import load_components, load_map
    from skyhex.mapgen.paragliders.check import check_map
    from skyhex.schemas.documents import DocumentError, display_name

    with _reporting():
        cs = load_components(components)
    results: list[dict[str, Any]] = []
    ok = True
    for path in maps:
        name = display_name(path)
        try:
            m, document = load_map(path, cs)
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
    """Draw a map in the terminal: terrain letters, take-off, target, antennas, spawns."""
    from skyhex.cli.files import load_components, load_map
    from skyhex.render.terminal import render_map

    with _reporting():
        m, _ = load_map(map_file, load_components(components))
    if color is None:
        color = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    sys.stdout.write(render_map(m, color=color, legend=legend))


def stats(
    maps: Annotated[list[str], typer.Argument(metavar="MAP...", help="Map files (- for stdin).")],
    components: ComponentsOption = None,
    fmt: Annotated[ReportFormat, typer.Option("--format", help="Report format.")] =
    ReportFormat.text,
) -> None:
    """Terrain counts, mountain clusters, edge hexes and take-off/antenna distances."""
    from skyhex.cli.files import load_components, load_map
    from skyhex.mapgen.paragliders.stats import map_stats, summary
    from skyhex.schemas.documents import display_name

    with _reporting():
        cs = load_components(components)
        figures = []
        for path in maps:
            m, _ = load_map(path, cs)
            figures.append({"file": display_name(path), **map_stats(m)})
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
    if len(figures) > 1:
        s = summary(figures)
        print(f"summary of {s['maps']} maps (min / mean / max)")
        for key, value in s.items():
            if isinstance(value, dict):
                print(f"  {key}: {value['min']} / {value['mean']} / {value['max']}")
