"""Commands that are built when they are used.

Typer turns every command of a group into a Click command (its parameters read from the
function's annotations) before it runs any, and the commands that take the games' options
(``cli/options.py``) read every game's face to make them: more processor time than a short
command's own work. A group here (``group``) holds ``Command`` references instead: the one
that runs, or whose help is asked, is imported and built by Typer's own function, once;
the group's help lists every command by the first paragraph of its function's docstring
(what Typer's listing shows of a built command) without building any.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterator, MutableMapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import typer.main
from typer.core import TyperCommand, TyperGroup
from typer.models import CommandInfo


@dataclass(frozen=True)
class Command:
    """A command of a group: its ``name``, its function as ``"module:attribute"``, and
    whether it takes the options that the games declare for it (``cli/options.py``: under
    the command's words, ``map generate``)."""

    name: str
    target: str
    game_options: bool = False

    def plain(self) -> Callable[..., None]:
        """The command's function as its module defines it."""
        module, _, attribute = self.target.partition(":")
        found: Callable[..., None] = getattr(importlib.import_module(module), attribute)
        return found

    def function(self, path: str) -> Callable[..., None]:
        """The function Typer builds the command from: with the games' options of the
        command ``path`` (its group's words and its name) if it takes them."""
        if not self.game_options:
            return self.plain()
        from skyhex.cli.options import with_options

        return with_options(path, self.plain())

    def summary(self) -> TyperCommand:
        """The command as a group's help lists it: its name and docstring, no parameters
        (``with_options`` adds the games' paragraphs after the first)."""
        return TyperCommand(name=self.name, help=inspect.getdoc(self.plain()))


class Commands(MutableMapping[str, Any]):
    """A group's commands by name, each built at its first use; the sub-groups Typer made,
    after them (Typer's order)."""

    def __init__(self, group: LazyGroup, made: dict[str, Any]) -> None:
        self.group = group
        self.waiting = {c.name: c for c in group.table}
        self.made = made
        self.listing = False
        self.order = [*self.waiting, *made]

    def __getitem__(self, name: str) -> Any:
        if name in self.made:
            return self.made[name]
        command = self.waiting[name]
        if self.listing:
            return command.summary()
        path = " ".join([*self.group.words, name])
        built = typer.main.get_command_from_info(
            CommandInfo(name, callback=command.function(path)), pretty_exceptions_short=True,
            rich_markup_mode=self.group.rich_markup_mode)
        self.made[name] = built
        return built

    def __setitem__(self, name: str, command: Any) -> None:
        if name not in self.order:
            self.order.append(name)
        self.made[name] = command

    def __delitem__(self, name: str) -> None:
        self.order.remove(name)
        self.made.pop(name, None)
        self.waiting.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self.order)

    def __len__(self) -> int:
        return len(self.order)

    @contextmanager
    def listed(self) -> Iterator[None]:
        """While the group's help lists its commands: those not built are summaries."""
        self.listing = True
        try:
            yield
        finally:
            self.listing = False


class LazyGroup(TyperGroup):
    """A Typer group whose commands (``table``) are built when used (``group``);
    ``words``: what precedes their names on the command line (``map``)."""

    table: tuple[Command, ...] = ()
    words: tuple[str, ...] = ()

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        self.commands = self.lazy = Commands(self, dict(self.commands))

    def list_commands(self, ctx: Any) -> list[str]:
        """The commands' names, in order (Typer's reads each command, which builds it)."""
        return list(self.lazy)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        with self.lazy.listed():
            super().format_commands(ctx, formatter)


def group(*commands: Command, words: str = "") -> type[LazyGroup]:
    """The Typer group class (``typer.Typer(cls=...)``) of ``commands``, in that order, on
    the command line after ``words`` (a sub-group's name)."""
    return type("Group", (LazyGroup,), {"table": commands, "words": tuple(words.split())})


__all__ = ["Command", "Commands", "LazyGroup", "group"]
