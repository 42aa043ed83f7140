"""Schema errors as a person would report them: each mistake once, where it is, with what
was meant.

jsonschema reports what a schema rule saw; read as is, one mistake may give many errors
(a misspelt key of a mapping whose keys follow a pattern also fails ``propertyNames`` and
``additionalProperties``, and every correct key was reported unknown with it) or a vague one
(a value that may take several forms fails ``oneOf`` as a whole). Here:

- a key is unknown only if no ``properties`` nor ``patternProperties`` accepts it, and it is
  reported once, with the closest allowed name (from ``propertyNames`` when it lists them);
- a value that fails ``oneOf``/``anyOf`` is explained by the form it takes (a string is
  checked against the string forms, a list against the list form): a list of stunt names
  names the misspelt item, with what it may have meant and the names allowed;
- an ``enum`` value gets the closest allowed value; a repeated item names the value and
  where it occurs first and again;
- no message shows a Python representation of the user's data.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from typing import Any

from skyhex.schemas.documents import Document, FileProblem, _message

Path = tuple[Any, ...]

_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,), "array": (list,), "string": (str,), "integer": (int,),
    "number": (int, float), "boolean": (bool,), "null": (type(None),),
}


def closest(word: str, options: Sequence[str]) -> str | None:
    """The allowed name closest to ``word`` (a misspelling of it), if one is close."""
    match = difflib.get_close_matches(word, sorted(options), n=1, cutoff=0.7)
    if match:
        return match[0]
    lowered = {o.lower(): o for o in options}
    return lowered.get(word.lower())


def _shown(value: Any) -> str:
    """A scalar of the user's data in a message (quoted, short); the kind of anything
    else."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = str(value)
    if len(text) > 40:
        text = text[:37] + "..."
    text = "".join(c if c.isprintable() else "?" for c in text)
    return f"'{text}'" if isinstance(value, str) else text


def _choices(values: Sequence[Any]) -> str:
    shown = [str(v) for v in values]
    return ", ".join(shown[:12]) + (f", ... ({len(shown)} in all)" if len(shown) > 12 else "")


def _fits(value: Any, schema: Any) -> bool:
    """Whether ``value`` has the shape of a ``oneOf`` branch: its type (and, for a
    ``const``, its type too), so that the branch's own errors explain it."""
    if not isinstance(schema, Mapping):
        return False
    types = schema.get("type")
    if types is None and "const" in schema:
        return type(value) is type(schema["const"])
    if types is None and "enum" in schema:
        return any(type(value) is type(v) for v in schema["enum"])
    if types is None:
        return isinstance(value, dict) and ("properties" in schema or "required" in schema)
    wanted = types if isinstance(types, list) else [types]
    for t in wanted:
        kinds = _JSON_TYPES.get(str(t), ())
        if isinstance(value, bool) and t not in ("boolean",):
            continue
        if isinstance(value, kinds):
            return True
    return False


def _resolved(error: Any, branch: int) -> Any:
    schemas = error.schema.get(error.validator) if isinstance(error.schema, Mapping) else None
    if not isinstance(schemas, list) or branch >= len(schemas):
        return None
    return schemas[branch]


class _Report:
    def __init__(self, document: Document) -> None:
        self.document = document
        self.found: dict[tuple[Path, str, str], tuple[tuple[int, int], FileProblem]] = {}

    def add(self, path: Path, message: str, rule: str, *, key: bool = False,
            hint: str | None = None) -> None:
        line, column = self.document.locate(path, key=key)
        problem = FileProblem(self.document.name, message, line, column, path, rule, hint)
        self.found.setdefault((path, rule, message), ((line or 0, column or 0), problem))

    def problems(self) -> list[FileProblem]:
        found = [p for _, p in sorted(self.found.values(), key=lambda item: item[0])]
        # A misspelt required key is one mistake: the unknown key says what it means, so
        # the missing key it stands for is not reported again.
        meant = {(p.path[:-1], m[1]) for p in found if p.rule == "schema.unknown-key"
                 and p.path and (m := re.search(r"did you mean '([^']+)'", p.message))}
        kept = []
        for p in found:
            if p.rule == "schema.required" and p.path is not None:
                missing = re.findall(r"'([^']+)'", p.message)
                if missing and all((p.path, k) in meant for k in missing):
                    continue
            kept.append(p)
        return kept

    def explain(self, error: Any, validator: Any) -> None:
        path: Path = tuple(error.absolute_path)
        kind = error.validator
        if "propertyNames" in error.relative_schema_path:
            # jsonschema reports a key's name at the mapping's path: report it at the key.
            self.unknown_key((*path, error.instance), str(error.instance), _names(error))
            return
        if kind in ("additionalProperties", "unevaluatedProperties") \
                and isinstance(error.instance, dict):
            schema = error.schema if isinstance(error.schema, Mapping) else {}
            allowed = set(schema.get("properties", {}))
            patterns = [re.compile(p) for p in schema.get("patternProperties", {})]
            names = _listed_names(schema) or sorted(allowed)
            for extra in sorted(k for k in error.instance if k not in allowed
                                and not any(p.search(str(k)) for p in patterns)):
                self.unknown_key((*path, extra), str(extra), names)
            return
        if kind in ("oneOf", "anyOf") and error.context:
            branches: dict[int, list[Any]] = {}
            for sub in error.context:
                branches.setdefault(sub.relative_schema_path[0], []).append(sub)
            fitting = [b for b in sorted(branches) if _fits(error.instance, _resolved(error, b))]
            if len(fitting) >= 1:
                best = min(fitting, key=lambda b: len(branches[b]))
                for sub in branches[best]:
                    self.explain(sub, validator)
                return
        if kind == "enum":
            allowed_values = list(error.validator_value)
            hint = None
            if isinstance(error.instance, str):
                near = closest(error.instance, [str(v) for v in allowed_values])
                if near is not None:
                    hint = f"did you mean {near!r}?"
            what = f"item {path[-1] + 1} of {_owner(path)}" if path and isinstance(path[-1], int) \
                else None
            message = f"{_shown(error.instance)} is not one of {_choices(allowed_values)}"
            if what is not None:
                message = f"{what}: {message}"
            if hint:
                message += f" ({hint})"
            self.add(path, message, "schema.enum")
            return
        if kind == "uniqueItems" and isinstance(error.instance, list):
            seen: dict[str, int] = {}
            for i, item in enumerate(error.instance):
                key = repr(item)
                if key in seen:
                    self.add((*path, i), f"{_shown(item)} is repeated: items {seen[key] + 1} "
                             f"and {i + 1} of {_owner((*path, 0))} are the same",
                             "schema.uniqueItems")
                    break
                seen[key] = i
            return
        self.add(path, _message(error), f"schema.{kind}")

    def unknown_key(self, path: Path, name: str, allowed: Sequence[str]) -> None:
        near = closest(name, allowed) if allowed else None
        message = f"unknown key {_shown(name)}"
        if near is not None:
            message += f" (did you mean {near!r}?)"
        elif allowed:
            message += f"; keys: {_choices(sorted(allowed))}"
        self.add(path, message, "schema.unknown-key", key=True)


def _owner(path: Path) -> str:
    """What a list item belongs to, for messages: the key above the item."""
    keys = [p for p in path[:-1] if isinstance(p, str)]
    return keys[-1] if keys else "the list"


def _names(error: Any) -> list[str]:
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    values = schema.get("enum")
    return [str(v) for v in values] if isinstance(values, list) else []


def _listed_names(schema: Mapping[str, Any]) -> list[str]:
    names = schema.get("propertyNames")
    if isinstance(names, Mapping) and isinstance(names.get("enum"), list):
        return [str(v) for v in names["enum"]]
    return []


def diagnose(document: Document, schema_name: str, data: Any = None) -> list[FileProblem]:
    """Every schema mistake of ``document`` (or of ``data`` read at its places), each once,
    located and worded for people, in the order of the file."""
    from skyhex.schemas import conforms, validator

    checked = document.data if data is None else data
    if conforms(schema_name, checked):
        return []
    check = validator(schema_name)
    report = _Report(document)
    for error in check.iter_errors(checked):
        report.explain(error, check)
    return report.problems()
