"""The options that games declare for ``map generate``, ``scenario new`` and ``board``
(``games.face.Option``), as command-line options: each command takes the union of every
installed game's, its help naming the games that take it, and hands the chosen game only
its own, refusing (exit code 2) an option that the game does not take with the games that
do."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Annotated, Any

import typer

from skyhex.games.face import BOARD, Face, Option, UsageError, faces, usage
from skyhex.rules.games import PluginError

GIVEN = "given"
"""The parameter of a command function that receives the game options given (a dict of
name to value, ``None`` for those not given); the generated command puts the options in its
place."""


@dataclass(frozen=True)
class Offered:
    """One option as the command line offers it: the games that take it, each with its own
    declaration."""

    name: str
    takers: tuple[tuple[Face, Option], ...]

    @property
    def first(self) -> Option:
        return self.takers[0][1]

    def help(self) -> str:
        helps = {o.help for _, o in self.takers}
        everyone = len(self.takers) == len(faces())
        if len(helps) == 1:
            titles = ", ".join(f.title for f, _ in self.takers)
            return self.first.help if everyone else f"{titles}: {self.first.help}"
        return "; ".join(f"{f.title}: {o.help}" for f, o in self.takers)

    def bound(self, attribute: str, pick: Callable[[list[int]], int]) -> int | None:
        values = [getattr(o, attribute) for _, o in self.takers]
        return None if any(v is None for v in values) else pick(values)

    def parameter(self) -> inspect.Parameter:
        kind: Any = self.first.type
        for f, o in self.takers:
            if o.type is not kind or o.spelling != self.first.spelling:
                raise PluginError(f"game {f.name!r}: its option {o.name!r} is declared as "
                                  f"{o.spelling} {o.type.__name__}, another game's as "
                                  f"{self.first.spelling} {kind.__name__}")
        decls = [self.first.spelling] + ([self.first.short] if self.first.short else [])
        settings: dict[str, Any] = {"help": self.help(), "show_default": False}
        if kind is int or kind is float:
            settings["min"], settings["max"] = self.bound("min", min), self.bound("max", max)
        choices = list(dict.fromkeys(c for _, o in self.takers for c in o.choices))
        if choices:  # Typer offers an enumeration's values (the command hands on strings)
            kind = StrEnum(self.name.title().replace("_", ""),  # type: ignore[misc,no-redef]
                           {c: c for c in choices})
        if self.first.metavar:
            settings["metavar"] = self.first.metavar
        return inspect.Parameter(self.name, inspect.Parameter.KEYWORD_ONLY, default=None,
                                 annotation=Annotated[kind | None, typer.Option(*decls,
                                                                                **settings)])


def offered(command: str) -> list[Offered]:
    """The options of ``command`` that the installed games take, in the order the games
    (in registry order) declare them."""
    found: dict[str, list[tuple[Face, Option]]] = {}
    for game in faces():
        for option in game.options:
            if command in option.commands:
                found.setdefault(option.name, []).append((game, option))
    return [Offered(name, tuple(takers)) for name, takers in found.items()]


def with_options(command: str, function: Callable[..., None]) -> Callable[..., None]:
    """``function`` with the game options of ``command`` in place of its parameter
    ``given`` (which receives them as a dict; a function without one takes none), its help
    ending with what each game says of the command (``Face.about``)."""
    signature = inspect.signature(function, eval_str=True)
    options = offered(command)
    names = [o.name for o in options]
    parameters: list[inspect.Parameter] = []
    for p in signature.parameters.values():
        if p.name == GIVEN:
            parameters += [o.parameter() for o in options]
        else:
            parameters.append(p.replace(kind=inspect.Parameter.KEYWORD_ONLY))

    takes = GIVEN in signature.parameters

    def generated(**values: Any) -> None:
        kept = {k: v for k, v in values.items() if k not in names}
        if takes:
            kept[GIVEN] = {n: v.value if isinstance(v := values.get(n), Enum) else v
                           for n in names}
        function(**kept)

    generated.__name__ = generated.__qualname__ = function.__name__
    generated.__module__ = function.__module__
    generated.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=parameters)
    said = [f"{f.title}: {f.about[command]}." for f in faces() if command in f.about]
    paragraphs = (inspect.getdoc(function) or "").split("\n\n")
    end = next((k for k, p in enumerate(paragraphs) if p.startswith("Exit code")),
               len(paragraphs))  # the games' paragraphs before the exit codes
    generated.__doc__ = "\n\n".join([*paragraphs[:end], *said, *paragraphs[end:]])
    return generated


def chosen(game: Face, command: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The options of ``command`` that ``game`` takes, as given or by its defaults;
    ``UsageError`` for an option given that it does not take (naming the games that do)
    or a value out of its own bounds."""
    values: dict[str, Any] = {}
    for name, value in given.items():
        option = game.option(name, command)
        if option is None:
            if value is not None:
                usage(game, name, _spelling(name, command), command)
            continue
        if value is None:
            values[name] = option.default
            continue
        low, high = option.min, option.max
        if (low is not None and value < low) or (high is not None and value > high):
            span = f"{low} to {high}" if low is not None and high is not None else \
                f"at least {low}" if low is not None else f"at most {high}"
            raise UsageError(option.spelling, f"{value} is not in {span} for {game.name}")
        if option.choices and value not in option.choices:
            raise UsageError(option.spelling, f"{value!r} is not one of "
                             f"{', '.join(option.choices)} for {game.name}")
        values[name] = value
    return values


def _spelling(name: str, command: str) -> str:
    return next(o.first.spelling for o in offered(command) if o.name == name)


__all__ = ["BOARD", "GIVEN", "Offered", "chosen", "offered", "with_options"]
