"""What every aeref command shares: loading, options, JSON and exit codes.

Exit codes (FORMAT 5): 0 success / legal, 1 illegal (or no legal selection),
2 bad input or usage with one ``Error: ...`` line on stderr, never a
traceback. An internal error (a bug) prints one line and exits 3.
"""
from __future__ import annotations

import json
import os
from json.encoder import encode_basestring as _encode_str
import sys
import time
from contextlib import contextmanager
from typing import Any, Iterator, Optional

import click

from ..model.cards import parse_card_ref
from ..model.errors import InputError
from ..model.interpretations import check_value
from ..model.names import norm_key
from ..model.position import Position, load_position
from ..solver.limits import DEFAULT_TIME_LIMIT, Budget, Progress, TimeLimitReached

EXIT_OK, EXIT_ILLEGAL, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3


class BadInput(click.ClickException):
    """Bad input or usage: exit 2 with one ``Error:`` line."""
    exit_code = EXIT_INPUT


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


#: click >= 8.2 raises this for a group called without arguments (older versions print the help themselves).
_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())
_STARTED: list = []


def budget(seconds: Optional[float]) -> Budget:
    """The :class:`~solver.limits.Budget` of this command: ``seconds`` (``--time-limit``; 0: none)
    counted from the moment the command line was parsed."""
    return Budget(seconds, _STARTED[-1] if _STARTED else time.perf_counter())


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
        _STARTED.append(time.perf_counter())
        try:
            rv = super().main(args, prog_name or "aeref", complete_var, standalone_mode=False, **extra)
        except InputError as exc:
            click.echo(f"Error: {_one_line(exc.one_line())}", err=True)
            rv = EXIT_INPUT
        except _NO_ARGS as exc:        # `aeref` alone: its usage, as `aeref --help` prints it
            click.echo(exc.ctx.get_help() if exc.ctx is not None else self.get_usage(click.Context(self)))
            rv = EXIT_OK
        except TimeLimitReached as exc:
            click.echo(f"Error: {_one_line(exc)}", err=True)
            rv = EXIT_INPUT
        except click.ClickException as exc:
            click.echo(f"Error: {_one_line(exc.format_message())}", err=True)
            rv = EXIT_INPUT
        except click.exceptions.Abort:
            click.echo("Error: interrupted before any answer was found", err=True)
            rv = EXIT_ILLEGAL
        except Exception as exc:  # a bug: one line, never a traceback
            if os.environ.get("AEREF_DEBUG"):
                raise
            click.echo(f"Error: internal error ({type(exc).__name__}: {_one_line(exc)}); set AEREF_DEBUG=1 for details", err=True)
            rv = EXIT_INTERNAL
        finally:
            _STARTED.pop()
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


def load(state: str, interpretations: tuple = (), limit: Optional[Budget] = None, war_state_due: bool = False) -> Position:
    """Load ``state`` (raises :class:`InputError`) with command-line interpretations applied
    (``war_state_due``: the file may await a war state change of 12, as `war-state` asks);
    raises :class:`~solver.limits.TimeLimitReached` when ``limit`` ran out meanwhile."""
    overrides = parse_interpretations(interpretations)
    pos = load_position(state, war_state_due)
    if limit is not None:
        limit.check(f"loading {state}")
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


def selection_args(pos: Position, faction: str, tk_card: Optional[str], ds_card: Optional[str]) -> dict:
    """``--tk`` / ``--ds`` as a selection (map -> card id; a map left out: no card); raises :class:`BadInput`
    for a map not in play or a card that is not one."""
    choice = {}
    for m, ref in (("tk", tk_card), ("ds", ds_card)):
        if ref is None:
            continue
        if m not in pos.maps:
            raise BadInput(f"--{m}: game {pos.game} has no {m.upper()} map (maps: {', '.join(pos.maps)})")
        choice[m] = card_arg(pos, ref, f"--{m}", m, faction)
    return choice


def emit_json(obj: Any) -> None:
    """Print ``obj`` as JSON, indented by two spaces (the bytes of ``json.dumps(obj, indent=2,
    ensure_ascii=False)``, written by :func:`json_text`, several times faster for long lists)."""
    click.echo(json_text(obj))


def _scalar(v: Any) -> Optional[str]:
    """The JSON text of a string, None, bool or int (C-accelerated), or None for anything else."""
    if isinstance(v, str):
        return _encode_str(v)
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if type(v) is int:
        return int.__repr__(v)
    return None


def _flat_rows(items: Any, inner: str) -> Optional[str]:
    """The items of a list of mappings with the same string keys and scalar values (selections),
    each at ``inner``, joined as ``json.dumps`` joins them; None for any other list."""
    first = items[0]
    if type(first) is not dict or not first or not all(type(k) is str for k in first):
        return None
    keys = tuple(first)
    deeper = inner + "  "
    template = (inner.replace("%", "%%") + "{\n"
                + ",\n".join(f"{deeper}{_encode_str(k)}: ".replace("%", "%%") + "%s" for k in keys)
                + "\n" + inner + "}")
    out = []
    seen: dict = {}                          # (type, value) -> its JSON text: selections repeat their cards
    for v in items:
        if type(v) is not dict or tuple(v) != keys:
            return None
        vals = []
        for x in v.values():
            try:
                t = seen[(type(x), x)]
            except KeyError:
                t = seen[(type(x), x)] = _scalar(x)
            except TypeError:                # unhashable: a list or a mapping
                return None
            if t is None:
                return None
            vals.append(t)
        out.append(template % tuple(vals))
    return ",\n".join(out)


def json_text(obj: Any, indent: str = "") -> str:
    """``json.dumps(obj, indent=2, ensure_ascii=False)``, byte for byte, for data whose mapping keys are
    strings; the pure-Python encoder that ``indent`` selects took 1.8 s for 100,000 selections."""
    text = _scalar(obj)
    if text is not None:
        return text
    inner = indent + "  "
    if isinstance(obj, dict) and all(type(k) is str for k in obj):
        if not obj:
            return "{}"
        parts = []
        for k, v in obj.items():
            t = _scalar(v)
            parts.append(f"{inner}{_encode_str(k)}: {t if t is not None else json_text(v, inner)}")
        return "{\n" + ",\n".join(parts) + "\n" + indent + "}"
    if isinstance(obj, (list, tuple)):
        if not obj:
            return "[]"
        rows = _flat_rows(obj, inner)
        if rows is not None:
            return "[\n" + rows + "\n" + indent + "]"
        parts = []
        for v in obj:
            t = _scalar(v)
            parts.append(inner + (t if t is not None else json_text(v, inner)))
        return "[\n" + ",\n".join(parts) + "\n" + indent + "]"
    return "\n".join(indent + line if i else line
                     for i, line in enumerate(json.dumps(obj, indent=2, ensure_ascii=False).split("\n")))


json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/format.md section 5) instead of text.")
interp_option = click.option(
    "--interpretation", "-i", "interpretations", multiple=True, metavar="NAME=VALUE",
    help="Override an interpretation of the state file (repeatable), e.g. annual-scope=map.",
)
faction_option = click.option(
    "--faction", "-f", required=True, type=click.Choice(["axis", "western", "soviet"], case_sensitive=False),
    help="The faction asking.",
)
class Seconds(click.FloatRange):
    """A number of seconds, 0 or more (``nan`` is not a number of seconds)."""

    name = "seconds"

    def __init__(self):
        super().__init__(min=0)

    def convert(self, value, param, ctx):
        v = super().convert(value, param, ctx)
        if v != v:                                   # nan
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return v


time_limit_option = click.option(
    "--time-limit", type=Seconds(), default=DEFAULT_TIME_LIMIT, show_default=True, metavar="SECONDS",
    help="Bound the whole command (loading, supply tracing, model building, solving) to this many seconds; "
         "0: no limit. When it ends the search the best answer found is printed and said not to be proved.",
)


class LiveLine:
    """The live line a long solve shows on stderr (best so far, proven bound, time left), drawn
    with click's progress bar from the :class:`~solver.limits.Progress` reports of the solver's
    callback; shown only after :attr:`AFTER` seconds, and only on a terminal."""

    AFTER = 1.0

    def __init__(self):
        self.bar = None
        self.done = 0

    def __call__(self, p: Progress) -> None:
        if p.elapsed < self.AFTER:
            return
        total = None if p.left is None else p.elapsed + p.left
        if self.bar is None:
            length = max(1, int(total * 10)) if total else 1
            template = "%(bar)s  %(info)s" if total else "%(info)s"
            self.bar = click.progressbar(length=length, file=sys.stderr, show_eta=False, show_percent=False,
                                         show_pos=False, bar_template=template, item_show_func=lambda x: x,
                                         width=20)
            self.bar.__enter__()
        target = min(int(p.elapsed * 10), self.bar.length) if total else 0
        self.bar.update(max(0, target - self.done), p.line())
        self.done = max(self.done, target)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


@contextmanager
def live_line(as_json: bool) -> Iterator[Optional[LiveLine]]:
    """A :class:`LiveLine` while the block runs, or None (``--json``, or stderr not a terminal)."""
    if as_json or not sys.stderr.isatty():
        yield None
        return
    line = LiveLine()
    try:
        yield line
    finally:
        line.close()


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
