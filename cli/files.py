"""Reading input documents and writing output files for the commands.

Output files are written atomically: to a temporary file beside the target, then renamed
over it, so that an interrupted or failing command never leaves a half-written file.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from skyhex.rules.errors import InputError, Problem
from skyhex.schemas.documents import Document, DocumentError, FileProblem, load, schema_problems

if TYPE_CHECKING:
    from skyhex.rules.paragliders.components import ComponentSet
    from skyhex.rules.paragliders.maps import Map
    from skyhex.rules.turbulences.landscape import Landscape

SUPPORTED_GAMES: dict[str, tuple[str, ...]] = {
    "map": ("paragliders", "turbulences"), "components": ("paragliders",),
    "scenario": ("paragliders", "turbulences"), "moves": ("paragliders", "turbulences"),
}
"""The games whose files of each kind skyhex reads (Turbulences: no component sets)."""
FORMATS = {
    "map": "skyhex.map/1", "components": "skyhex.components/1",
    "scenario": "skyhex.scenario/1", "moves": "skyhex.moves/1",
}


def load_validated(path: str, kind: str, games: tuple[str, ...] | None = None) -> Document:
    """Load a document and check its ``format``, ``game`` and schema; ``DocumentError``
    lists every problem. ``games`` narrows the games accepted (default: every game whose
    files of this kind skyhex reads)."""
    document = load(path)
    data = document.data
    if isinstance(data, dict):
        expected = FORMATS[kind]
        found = data.get("format")
        if found != expected:
            what = "no 'format' key" if found is None else f"format {found!r}"
            line, column = document.locate(("format",))
            raise DocumentError([FileProblem(
                document.name, f"{what}: expected format {expected!r} (a {kind} file)",
                line, column, ("format",), "file.format")])
        game = data.get("game")
        supported = SUPPORTED_GAMES[kind]
        if isinstance(game, str) and game not in supported:
            line, column = document.locate(("game",))
            raise DocumentError([FileProblem(
                document.name, f"game {game!r} is not supported yet (supported: "
                f"{', '.join(supported)})", line, column, ("game",), "file.game")])
        if isinstance(game, str) and games is not None and game not in games:
            line, column = document.locate(("game",))
            raise DocumentError([FileProblem(
                document.name, f"a {game} {kind}: only {', '.join(games)} {kind}s are "
                "supported here yet", line, column, ("game",), "file.game")])
    problems = schema_problems(document, kind)
    if problems:
        raise DocumentError(problems)
    return document


def located(document: Document, error: InputError) -> DocumentError:
    return DocumentError(document.problems(error.problems))


def load_components(path: str | None) -> ComponentSet:
    """The component set in ``path``, or the standard set."""
    from skyhex.rules.paragliders.components import components_from_dict, standard_set

    if path is None:
        return standard_set()
    document = load_validated(path, "components")
    try:
        return components_from_dict(document.data)
    except InputError as e:
        raise located(document, e) from None


def load_map(path: str, components: ComponentSet) -> tuple[Map, Document]:
    """A Paragliders map (other games' maps are refused, located at their ``game`` key)."""
    document = load_validated(path, "map", games=("paragliders",))
    return _paragliders_map(document, components), document


def load_any_map(path: str, components: ComponentSet) -> tuple[Map | Landscape, Document]:
    """A map of any game skyhex reads, told apart by its ``game`` key: a Paragliders
    ``Map`` (``components`` are those its slots refer to) or a Turbulences ``Landscape``."""
    from skyhex.rules.turbulences import GAME as TURBULENCES
    from skyhex.rules.turbulences.maps import landscape_from_dict

    document = load_validated(path, "map")
    if document.data["game"] == TURBULENCES:
        return landscape_from_dict(document.data), document
    return _paragliders_map(document, components), document


def _paragliders_map(document: Document, components: ComponentSet) -> Map:
    from skyhex.rules.paragliders.maps import map_from_dict

    try:
        return map_from_dict(document.data, components)
    except InputError as e:
        raise located(document, e) from None


def print_problems(problems: Iterable[FileProblem]) -> None:
    for p in problems:
        print(p.format(), file=sys.stderr)


def input_error(document_name: str, problem: Problem) -> DocumentError:
    return DocumentError([FileProblem(document_name, problem.message, rule=problem.rule)])


# --- writing ------------------------------------------------------------------------------


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (``-``: standard output) atomically."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".skyhex-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as a plain open() would, not mkstemp's 0600
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def dump_yaml(doc: dict[str, Any], flow_lists: Iterable[str] = ()) -> str:
    """YAML text with stable key order; items of the ``flow_lists`` keys one per line."""
    import yaml

    base = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

    class _Flow(dict):  # type: ignore[type-arg]
        pass

    class Dumper(base):  # type: ignore[valid-type, misc]
        pass

    def flow(dumper: Any, data: Any) -> Any:
        return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=True)

    Dumper.add_representer(_Flow, flow)
    keys = set(flow_lists)
    shaped = {k: [_Flow(e) for e in v] if k in keys else v for k, v in doc.items()}
    text: str = yaml.dump(shaped, Dumper=Dumper, sort_keys=False, width=200,
                          default_flow_style=None, allow_unicode=True)
    return text


def dump_json(doc: dict[str, Any], flow_lists: Iterable[str] = ()) -> str:
    """JSON text, indented, with items of the ``flow_lists`` keys one per line."""
    keys = set(flow_lists)
    parts = []
    for k, v in doc.items():
        if k in keys and isinstance(v, list) and v:
            items = ",\n    ".join(json.dumps(e) for e in v)
            parts.append(f"  {json.dumps(k)}: [\n    {items}\n  ]")
        else:
            parts.append(f"  {json.dumps(k)}: {json.dumps(v)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def format_for(path: str, explicit: str | None) -> str:
    if explicit is not None:
        return explicit
    return "json" if path.lower().endswith(".json") else "yaml"
