"""What every aeref command shares: loading, options, JSON and exit codes.

Exit codes (FORMAT 5): 0 success / legal, 1 illegal (or no legal selection),
2 bad input or usage with one ``Error: ...`` line on stderr, never a
traceback. An internal error (a bug) prints one line and exits 3.
"""
from __future__ import annotations

import json
import os
import sys
from typing import Any, Optional

import click

from ..model.cards import parse_card_ref
from ..model.errors import InputError
from ..model.interpretations import check_value
from ..model.names import norm_key
from ..model.position import Position, load_position

EXIT_OK, EXIT_ILLEGAL, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3


class BadInput(click.ClickException):
    """Bad input or usage: exit 2 with one ``Error:`` line."""
    exit_code = EXIT_INPUT


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


#: click >= 8.2 raises this for a group called without arguments (older versions print the help themselves).
_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())


class AerefGroup(click.Group):
    """A click group whose errors are one ``Error:`` line and never a traceback."""

    def resolve_command(self, ctx, args):
        """An unknown command is a usage error with a "did you mean" (whatever click's version says)."""
        name = click.utils.make_str(args[0]) if args else None
        if name is not None and self.get_command(ctx, name) is None and not name.startswith("-"):
            from ..model.wording import suggest
            raise click.UsageError(f"no such command {name!r}{suggest(name, self.list_commands(ctx))}; "
                                   "`aeref --help` lists the commands", ctx)
        return super().resolve_command(ctx, args)

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            rv = super().main(args, prog_name or "aeref", complete_var, standalone_mode=False, **extra)
        except InputError as exc:
            click.echo(f"Error: {_one_line(exc.one_line())}", err=True)
            rv = EXIT_INPUT
        except _NO_ARGS as exc:        # `aeref` alone: its usage, as `aeref --help` prints it
            click.echo(exc.ctx.get_help() if exc.ctx is not None else self.get_usage(click.Context(self)))
            rv = EXIT_OK
        except click.ClickException as exc:
            click.echo(f"Error: {_one_line(exc.format_message())}", err=True)
            rv = EXIT_INPUT
        except click.exceptions.Abort:
            click.echo("Error: aborted", err=True)
            rv = EXIT_ILLEGAL
        except Exception as exc:  # a bug: one line, never a traceback
            if os.environ.get("AEREF_DEBUG"):
                raise
            click.echo(f"Error: internal error ({type(exc).__name__}: {_one_line(exc)}); set AEREF_DEBUG=1 for details", err=True)
            rv = EXIT_INTERNAL
        if rv is None:
            rv = EXIT_OK
        if standalone_mode:
            sys.exit(rv)
        return rv


def parse_interpretations(values: tuple) -> dict:
    """``('annual-scope=map', ...)`` -> ``{'annual-scope': 'map'}``; raises :class:`BadInput`."""
    out = {}
    for item in values:
        if "=" not in item:
            raise BadInput(f"--interpretation {item}: write NAME=VALUE, e.g. annual-scope=map")
        name, value = item.split("=", 1)
        name = norm_key(name)
        try:
            out[name] = check_value(name, value)
        except ValueError as exc:
            raise BadInput(f"--interpretation {item}: {exc}") from None
    return out


def load(state: str, interpretations: tuple = (), war_state_due: bool = False) -> Position:
    """Load ``state`` (raises :class:`InputError`) with command-line interpretations applied
    (``war_state_due``: the file may await a war state change of 12, as `war-state` asks)."""
    overrides = parse_interpretations(interpretations)
    pos = load_position(state, war_state_due)
    return pos.with_interpretations(overrides) if overrides else pos


def require_faction(pos: Position, faction: str) -> str:
    """The faction asked for, when the state file has it (:meth:`Position.require_faction`)."""
    return pos.require_faction(faction)


def card_arg(pos: Position, ref: str, option: str, map_: Optional[str], faction: Optional[str]) -> str:
    """Resolve a card given on the command line (an id, or a bare number for ``map_``/``faction``)."""
    try:
        cid = parse_card_ref(ref, map_, faction)
    except ValueError as exc:
        raise BadInput(f"{option}: {exc}") from None
    if cid not in pos.cards:
        from ..model.wording import unknown_card
        raise BadInput(f"{option}: {unknown_card(cid, pos.cards)}")
    return cid


def country_arg(pos: Position, name: str, option: str, map_: Optional[str] = None) -> str:
    """A country named on the command line: it must be on the Posture Display of ``map_``
    (any map when None); raises :class:`BadInput` with a "did you mean"."""
    maps = [map_] if map_ else list(pos.maps)
    if any(pos.country(name, m) is not None for m in maps):
        return name
    from ..model.wording import suggest
    listed = sorted({c.name for m in maps for c in pos.countries_on(m)})
    on = f"the {map_.upper()} Posture Display" if map_ else pos.file
    raise BadInput(f"{option} {name}: not a country of {on}{suggest(name, listed)} "
                   f"(countries: {', '.join(listed) or 'none'})")


def emit_json(obj: Any) -> None:
    click.echo(json.dumps(obj, indent=2, ensure_ascii=False))


json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/format.md section 5) instead of text.")
interp_option = click.option(
    "--interpretation", "-i", "interpretations", multiple=True, metavar="NAME=VALUE",
    help="Override an interpretation of the state file (repeatable), e.g. annual-scope=map.",
)
faction_option = click.option(
    "--faction", "-f", required=True, type=click.Choice(["axis", "western", "soviet"], case_sensitive=False),
    help="The faction asking.",
)
time_limit_option = click.option(
    "--time-limit", type=click.FloatRange(min=0.01), default=None, metavar="SECONDS",
    help="Stop the solver after this many seconds; the output then says it is not complete.",
)


map_option = click.option("--map", "map_", type=click.Choice(["tk", "ds"], case_sensitive=False), default=None,
                          help="The map asked about (may be left out in TK or DS).")


def choose_map(pos: Position, map_: Optional[str]) -> str:
    """The map ``--map`` names, or the only map of a TK or DS game; raises :class:`BadInput`."""
    if map_ is None:
        if len(pos.maps) > 1:
            raise BadInput(f"--map: game {pos.game} has two maps: give --map tk or --map ds")
        return pos.maps[0]
    m = map_.lower()
    if m not in pos.maps:
        raise BadInput(f"--map {m}: game {pos.game} has no {m.upper()} map (maps: {', '.join(pos.maps)})")
    return m


force_option = click.option("--force", is_flag=True, help="Overwrite FILE if it exists (without it an existing file is never replaced).")


def write_text_safely(path: str, text: str, force: bool, option: str) -> None:
    """Write ``text`` to ``path`` atomically (:func:`model.atomic.write_text`); an existing file only
    with ``force``. Raises :class:`BadInput` naming ``option``."""
    from ..model.atomic import FileExists, write_text
    try:
        write_text(path, text, force)
    except FileExists:
        raise BadInput(f"{option} {path}: the file exists; give --force to overwrite it (nothing was written)") from None
    except OSError as exc:
        raise BadInput(f"{option} {path}: cannot write: {exc.strerror or exc}") from None


def write_position(pos: Position, path: str, force: bool, option: str = "--write", previous: Optional[str] = None) -> None:
    """Write ``pos`` as a state file at ``path``, atomically (:func:`model.write.write_state`);
    an existing file only with ``force``. Raises :class:`BadInput` naming ``option``."""
    from ..model.atomic import FileExists
    from ..model.write import write_state
    try:
        write_state(pos, path, previous=previous, force=force)
    except FileExists:
        raise BadInput(f"{option} {path}: the file exists; give --force to overwrite it (nothing was written)") from None
    except OSError as exc:
        raise BadInput(f"{option} {path}: cannot write: {exc.strerror or exc}") from None


def interpretations_text(interps: dict) -> str:
    return "Interpretations: " + ", ".join(
        f"{k}={','.join(v) if isinstance(v, list) else v}" for k, v in interps.items()
    )
