"""The command list of ``aeref``: each command's module loaded only when that command runs
(click's lazy group recipe), ``aeref --help`` grouped in the order of play, and ``aeref help``.

:data:`SECTIONS` is the one list of the commands: the section of ``--help`` each is listed
in, in the order of play of the Seasonal Phase (1.1 Option Card Segment, 1.2 Logistics
Segment, 1.3 Replacements Segment), and the module that defines it.
"""
from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import click
from click.shell_completion import CompletionItem

from .common import AerefGroup

#: ``(section title, ((command name, "module:object"), ...))``, in the order ``aeref --help`` lists them.
SECTIONS: tuple = (
    ("The position", (
        ("validate", "selection:validate"), ("show", "show:show"), ("report", "report:report"),
        ("split", "split:split"))),
    ("The Option Card Segment (1.1)", (
        ("reveal", "procedure:reveal"), ("drm", "procedure:drm"), ("war-state", "procedure:war_state"),
        ("pairs", "selection:pairs"), ("check", "selection:check"), ("why", "selection:why"),
        ("select", "turn:select"))),
    ("The Logistics Segment (1.2)", (
        ("logistics", "logistics:logistics"), ("check-logistics", "logistics:check_logistics"))),
    ("The Replacements Segment (1.3)", (
        ("replacements", "replacements:replacements"), ("check-replacements", "replacements:check_replacements"))),
    ("The next Seasonal Turn", (
        ("next-turn", "turn:next_turn"),)),
    ("Planning ahead", (
        ("plan", "plan:plan"),)),
    ("The game record", (
        ("verify", "record:verify"), ("log", "record:log"))),
    ("Files", (
        ("deck", "deck:deck"), ("schema", "schema:schema"), ("help", "help:help_command"))),
    ("Programs", (
        ("serve", "serve:serve"),)),
)


class LazyCommands(dict):
    """The group's ``commands``: name -> command, each imported from its module on first use.

    Iterating, ``len`` and ``in`` see every name without importing anything; reading a
    command (``[name]``, ``get``, ``values``, ``items``) imports the module that defines it.
    """

    def _load(self, name: str) -> click.Command:
        value = dict.__getitem__(self, name)
        if isinstance(value, str):
            module, attr = value.split(":")
            # the lazy import of a command's module: only the command that runs pays for its imports
            value = getattr(importlib.import_module(f"{__package__}.{module}"), attr)
            dict.__setitem__(self, name, value)
        return value

    def __getitem__(self, name):
        return self._load(name)

    def get(self, name, default=None):
        return self._load(name) if name in self else default

    def values(self):
        return [self._load(n) for n in self]

    def items(self):
        return [(n, self._load(n)) for n in self]

    def short_help(self, name: str, limit: int = 45) -> str:
        """The command's short help as click makes it (``get_short_help_str(limit)``), without importing its
        module when it is not loaded yet: made by click from its docstring read in the module's source
        (:func:`doc_of`)."""
        value = dict.__getitem__(self, name)
        if isinstance(value, str):
            doc = doc_of(value)
            if doc is not None:
                return click.Command(name, help=doc).get_short_help_str(limit)
        return self._load(name).get_short_help_str(limit)


def doc_of(spec: str) -> "str | None":
    """The docstring of the command ``"module:function"`` of :data:`SECTIONS` (the command's ``help``),
    read from the module's source without importing it: ``aeref --help`` and the completion of command
    names then load no rules (each command's module imports :mod:`aeref.api`, most of a cold ``--help``:
    bench/results/2026-12-05-help.md). None when the source or the function is not found in it (the
    caller imports the command then)."""
    module, attr = spec.split(":")
    try:
        source = (Path(__file__).parent / f"{module}.py").read_text(encoding="utf-8")
    except OSError:
        return None
    found = re.search(rf'^def {re.escape(attr)}\(.*?\).*?:\n[ \t]+("""(?:.*?)""")', source, re.S | re.M)
    if found is None:
        return None
    return ast.literal_eval(found.group(1))      # the string as Python reads it (its escapes: \\b)


class ReferenceGroup(AerefGroup):
    """The ``aeref`` group: commands loaded lazily (:class:`LazyCommands`) and listed by
    ``--help`` in the sections of :data:`SECTIONS`, in the order of play (a command added with
    ``add_command`` and not in them under "Other commands")."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.commands = LazyCommands({name: spec for _, cmds in SECTIONS for name, spec in cmds})

    def format_commands(self, ctx, formatter):
        """One definition list per section of :data:`SECTIONS` (click lists the commands in one, sorted)."""
        listed = {n for _, cmds in SECTIONS for n, _ in cmds}
        sections = list(SECTIONS) + [("Other commands", tuple((n, "") for n in sorted(self.commands) if n not in listed))]
        longest = max(len(n) for n in self.commands)
        width = formatter.width - 6 - longest
        for title, cmds in sections:
            # the names padded to the longest: every section's help starts in the same column
            rows = [(n.ljust(longest), self.commands.short_help(n, width)) for n, _ in cmds
                    if n in self.commands and not self._hidden(n)]
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)

    def _hidden(self, name: str) -> bool:
        """A command not yet loaded is one of :data:`SECTIONS`, none of them hidden."""
        value: object = dict.__getitem__(self.commands, name)  # type: ignore[index]  # LazyCommands is a dict
        return isinstance(value, click.Command) and value.hidden

    def shell_complete(self, ctx, incomplete):
        """The completion of a command name (with its short help, as click gives it) without importing the
        commands' modules (:meth:`LazyCommands.short_help`), then the group's own options."""
        items = [CompletionItem(n, help=self.commands.short_help(n)) for n in self.list_commands(ctx)
                 if n.startswith(incomplete) and not self._hidden(n)]
        items.extend(click.Command.shell_complete(self, ctx, incomplete))
        return items


@click.command(name="help")
@click.argument("command", nargs=-1, metavar="[COMMAND [SUBCOMMAND]]")
@click.pass_context
def help_command(ctx, command):
    """Print the help of COMMAND (as `aeref COMMAND --help` does; `aeref help deck new` for a
    subcommand), or of aeref.

    \b
    Example:
      aeref help pairs
    """
    parent = ctx.parent
    if not command:
        click.echo(parent.get_help())
        return 0
    for name in command:
        group = parent.command
        cmd = group.get_command(parent, name) if isinstance(group, click.Group) else None
        if cmd is None:
            if not isinstance(group, click.Group):
                raise click.UsageError(f"{parent.command_path} has no subcommand {name!r}", ctx)
            group.resolve_command(parent, [name])         # the usage error with its "did you mean"
        parent = click.Context(cmd, info_name=name, parent=parent)
    click.echo(parent.command.get_help(parent))
    return 0
