"""How an aeref command runs and ends: exit codes, the one ``Error:`` line, the command's budget.

Exit codes (FORMAT 5): 0 success / legal, 1 illegal (or no legal selection),
2 bad input or usage with one ``Error: ...`` line on stderr, never a
traceback (a position too large for the machine's memory too). An internal
error (a bug) prints one line and exits 3. 4: the time limit ended
an enumeration (``pairs``) before it was complete; what was found is printed.
130: Ctrl-C (SIGINT) stopped the command (what was found by then may be printed,
and a line on stderr says it was interrupted); 141: the reader of standard output
closed it (``aeref pairs ... | head -1``): the command ends quietly, nothing on
stderr. The one table of them is docs/commands.md#exit-codes.

The rest of what the commands share is split by concern: :mod:`.options`
(click options), :mod:`.arguments` (loading and resolving what the command line
names), :mod:`.jsonout` (``--json``), :mod:`.liveline` (the live line of a long
solve), :mod:`.writing` (writing files) and :mod:`.text` (shared wording).
"""
from __future__ import annotations

import errno
import os
import signal
import sys
import threading
import time
import types
from typing import TYPE_CHECKING, Optional

import click

if TYPE_CHECKING:
    from ..api import Budget

# aeref.api (the rules) and the wording's pydantic are imported where used, not here: `aeref --version`,
# `--help` and shell completion run this module and none of them needs the rules (a third of their
# cold time was those imports, bench/results/2026-12-05-tool.md).

EXIT_OK, EXIT_ILLEGAL, EXIT_INPUT, EXIT_INTERNAL, EXIT_INCOMPLETE = 0, 1, 2, 3, 4
#: Ctrl-C: 128 + SIGINT, as a shell reports a process that SIGINT ended (the convention of Unix tools).
EXIT_INTERRUPTED = 130
#: The reader closed standard output: 128 + SIGPIPE, what a shell reports for ``yes | head -1``'s ``yes``;
#: neither a ruling (0, 1) nor an error (2, 3), so a script cannot take a cut-off answer for a ruling.
EXIT_PIPE_CLOSED = 141


class _ReaderGone(Exception):
    """Standard output's reader closed it while the command wrote (EPIPE). Not an OSError, so that click's
    own handler (which exits 1, the code of "illegal") lets it through to :meth:`AerefGroup.main`."""


class BadInput(click.ClickException):
    """Bad input or usage: exit 2 with one ``Error:`` line."""
    exit_code = EXIT_INPUT


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


#: click >= 8.2 raises this for a group called without arguments (older versions print the help themselves).
_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())
_STARTED: list = []


#: Seconds past ``--time-limit`` after which the backstop stops the command wherever it is.
BACKSTOP_GRACE = 0.5
_BACKSTOP: list = []        # the SIGALRM handlers the backstops replaced, to put back
_BUDGETS: list = []         # the budgets of the running command: did Ctrl-C stop one of its searches?


def budget(seconds: Optional[float]) -> Budget:
    """The :class:`~aeref.api.Budget` of this command: ``seconds`` (``--time-limit``; 0: none)
    counted from the start of the command: in the ``aeref`` console script the start of its process
    (:func:`~aeref.api.process_started`: Python's start and the imports count too), else
    (the group run by a program, ``AerefGroup.main``) the moment the group was called.

    With a limit it also arms the wall-clock backstop: :data:`BACKSTOP_GRACE` seconds after the
    limit (the time already gone counted off), wherever the command is (loading, tracing, building,
    writing), it ends with
    :class:`~aeref.api.TimeLimitReached` (one ``Error:`` line, exit 2). The solves, the enumeration
    and the report's matrix stop at the limit themselves and say what they left out; the backstop
    bounds the rest. Disarmed when the command ends (:class:`AerefGroup`)."""
    from ..api import Budget, TimeLimitReached   # lazy: module doc

    b = Budget(seconds, _started())
    _BUDGETS.append(b)
    running = signal.getitimer(signal.ITIMER_REAL)[0] if hasattr(signal, "getitimer") else 0.0
    left = b.left() if b.limited else None                          # None: no limit, no backstop
    if (left is not None and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
            and not 0 < running <= left + BACKSTOP_GRACE):     # an earlier timer of the caller's comes first

        def backstop(signum, frame):
            raise TimeLimitReached(f"the time limit of {b.seconds:g} s ran out ({b.elapsed():.1f} s) before the "
                                   "command could finish; raise --time-limit")
        handler = signal.signal(signal.SIGALRM, backstop)
        old, _ = signal.setitimer(signal.ITIMER_REAL, max(0.001, left + BACKSTOP_GRACE))
        _BACKSTOP.append((handler, old, time.perf_counter()))
    return b


def _disarm() -> None:
    """Disarm the backstops :func:`budget` armed, and put back the handlers and timers they replaced."""
    while _BACKSTOP:
        handler, old, when = _BACKSTOP.pop()
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, handler)
        if old:                                    # someone else's timer was running: let it go on
            signal.setitimer(signal.ITIMER_REAL, max(0.001, old - (time.perf_counter() - when)))


def _no_pydantic_plugins() -> None:
    """Tell pydantic that the ``aeref`` command uses no pydantic plugins, before its first schema is built.

    pydantic looks its plugins up, on the first model it builds, through the entry points of every
    installed distribution (``importlib.metadata``: about a third of a cold ``check``'s time beyond
    ``import click, pydantic, yaml``). The command line's process has no plugin to load,
    so its loader module is the one answer "no plugins" (``get_plugins() == ()``, which is what
    ``PYDANTIC_DISABLE_PLUGINS=__all__`` makes the real one return). Only the console script's
    process: :mod:`aeref.api` used as a library leaves pydantic as it is. Nothing is replaced when
    pydantic's loader is loaded already (a program that built a model before running the command)."""
    name = "pydantic.plugin._loader"
    if name not in sys.modules:
        loader = types.ModuleType(name, "aeref's command line: no pydantic plugins (cli/common.py)")
        setattr(loader, "get_plugins", lambda: ())
        sys.modules[name] = loader


class _NoDistributions(types.ModuleType):
    """A stand-in for ``importlib.metadata`` while :func:`tabulate` imports the library: every
    distribution is "not found"."""

    class PackageNotFoundError(ModuleNotFoundError):
        pass

    def version(self, name: str) -> str:
        raise self.PackageNotFoundError(name)


def tabulate(rows, **options) -> str:
    """``tabulate.tabulate(rows, **options)``: the text of a table (the library does the layout).

    The library is imported on the first table (only the commands that print one pay for it). At
    import it reads its own version through ``importlib.metadata``, whose import and look-up of
    the installed distributions cost a cold ``pairs`` about 70 ms for a version no
    command prints; while it is imported, ``importlib.metadata`` is a stand-in that finds no
    distribution (``tabulate.__version__`` is then ``"unknown"``), unless the real one is loaded
    already. The stand-in is gone when the import ends; the tables are the library's own."""
    name = "importlib.metadata"
    stand_in = "tabulate" not in sys.modules and name not in sys.modules
    if stand_in:
        sys.modules[name] = _NoDistributions(name)
    try:
        from tabulate import tabulate as layout   # lazy: tables only for the commands that print one
    finally:
        if stand_in:
            del sys.modules[name]
    return layout(rows, **options)


def _given_once(cmd: click.Command, name: str, parent: click.Context, args: list) -> None:
    """A single-value option given twice (``--tk 38 --tk 39``) is a usage error: click would keep the
    last one silently. Raises :class:`click.UsageError`; ``args`` that do not parse are left to click."""
    ctx = click.Context(cmd, info_name=name, parent=parent, resilient_parsing=True)
    try:
        _, _, order = cmd.make_parser(ctx).parse_args(list(args))
    except click.ClickException:
        return
    seen = set()
    for param in order:
        if isinstance(param, click.Option) and not (param.multiple or param.count or param.is_flag):
            if param.name in seen:
                raise click.UsageError(f"{param.opts[0]} is given twice: give it once", ctx)
            seen.add(param.name)


class AerefGroup(click.Group):
    """A click group whose errors are one ``Error:`` line and never a traceback."""

    def resolve_command(self, ctx, args):
        """An unknown command is a usage error with a "did you mean" (whatever click's version says)."""
        name = click.utils.make_str(args[0]) if args else None
        if name is not None and self.get_command(ctx, name) is None and not name.startswith("-"):
            from ..model.files.wording import suggest   # lazy: module doc

            raise click.UsageError(f"no such command {name!r}{suggest(name, self.list_commands(ctx))}; "
                                   "`aeref --help` lists the commands", ctx)
        cmd_name, cmd, rest = super().resolve_command(ctx, args)
        if cmd is not None and not ctx.resilient_parsing:
            _given_once(cmd, cmd_name, ctx, rest)
        return cmd_name, cmd, rest

    def invoke(self, ctx):
        """click's ``invoke``; a write to a standard output whose reader is gone (EPIPE) becomes
        :class:`_ReaderGone` (click would exit 1, the code of "illegal"), Ctrl-C click's ``Abort``."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:       # click's own handler would print an empty line before its Abort
            raise click.exceptions.Abort() from None
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                raise _ReaderGone() from None
            raise

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, started=None, **extra):
        """click's ``main``: runs the command of ``args`` (``sys.argv``), its errors each one ``Error:`` line
        with its exit code (module doc). ``started``: the ``time.perf_counter()`` reading from which the
        command's ``--time-limit`` counts (the console script: its process's start); None: now."""
        _STARTED.append(time.perf_counter() if started is None else started)
        budgets = len(_BUDGETS)
        _no_pydantic_plugins()
        try:
            rv = self._run(args, prog_name, complete_var, extra)
            if any(b.interrupted for b in _BUDGETS[budgets:]):
                click.echo("Interrupted (Ctrl-C): what was found before is printed; it is not complete", err=True)
                rv = EXIT_INTERRUPTED
            if standalone_mode:
                sys.stdout.flush()         # a reader gone shows here when the answer fitted in the buffer
        except (_ReaderGone, BrokenPipeError):
            rv = _reader_gone()
        finally:
            _disarm()
            _STARTED.pop()
            del _BUDGETS[budgets:]
        if standalone_mode:
            sys.exit(rv)
        return rv

    def _run(self, args, prog_name, complete_var, extra) -> int:
        """click's ``main`` run by :meth:`main`; returns the exit code (its errors caught: module doc)."""
        try:
            rv = super().main(args, prog_name or "aeref", complete_var, standalone_mode=False, **extra)
        except _NO_ARGS as exc:        # `aeref` alone: its usage, as `aeref --help` prints it
            click.echo(exc.ctx.get_help() if exc.ctx is not None else self.get_usage(click.Context(self)))
            rv = EXIT_OK
        except click.ClickException as exc:
            click.echo(f"Error: {_one_line(exc.format_message())}", err=True)
            rv = EXIT_INPUT
        except click.exceptions.Abort:  # Ctrl-C outside a search (click turns KeyboardInterrupt into Abort)
            click.echo("Interrupted (Ctrl-C) before the answer was complete", err=True)
            rv = EXIT_INTERRUPTED
        except _ReaderGone:
            raise
        except BrokenPipeError:        # a write outside the command's run (click's own): the same reader gone
            raise _ReaderGone() from None
        except MemoryError:            # bad input too large for this machine, not a bug
            click.echo("Error: the position is too large for this machine's memory; ask for less (pairs: --count "
                       "or --limit) or use a machine with more memory", err=True)
            rv = EXIT_INPUT
        except Exception as exc:  # bad input (one line, exit 2), else a bug: one line, never a traceback
            rv = _failed(exc)
        return EXIT_OK if rv is None else rv


def _reader_gone() -> int:
    """Standard output's reader closed it: what is still buffered for it goes nowhere (the Python docs'
    SIGPIPE recipe: standard output pointed at the null device, so that the flush at exit cannot fail and
    print "Exception ignored" on stderr), nothing is said, and the exit code is :data:`EXIT_PIPE_CLOSED`."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):   # a stream with no file descriptor (a program's own): leave it
        pass
    return EXIT_PIPE_CLOSED


def _started() -> float:
    """The ``time.perf_counter()`` reading the running command's ``--time-limit`` counts from: ``started``
    of :meth:`AerefGroup.main`, called on first use when it is a function (the console script's process
    start, read only by a command that has a limit to count), else now."""
    if not _STARTED:
        return time.perf_counter()
    if callable(_STARTED[-1]):
        _STARTED[-1] = _STARTED[-1]()
    return _STARTED[-1]


def _failed(exc: Exception) -> int:
    """The exit code of a command that raised ``exc`` (not a click error): bad input
    (:class:`~aeref.api.InputError`, :class:`~aeref.api.TimeLimitReached`) is its one ``Error:`` line and 2;
    anything else is a bug: one line and 3 (re-raised with ``AEREF_DEBUG`` set). Either error class was
    loaded by the command that raised it, so the import here costs nothing."""
    from ..api import InputError, TimeLimitReached   # lazy: module doc

    if isinstance(exc, InputError):
        click.echo(f"Error: {_one_line(exc.one_line())}", err=True)
        return EXIT_INPUT
    if isinstance(exc, TimeLimitReached):
        click.echo(f"Error: {_one_line(exc)}", err=True)
        return EXIT_INPUT
    if os.environ.get("AEREF_DEBUG"):
        raise exc
    click.echo(f"Error: internal error ({type(exc).__name__}: {_one_line(exc)}); set AEREF_DEBUG=1 for details", err=True)
    return EXIT_INTERNAL


def print_problems(problems: list) -> int:
    """The text of a `validate` that found ``problems``, each said once: the first as the one ``Error:`` line
    on stderr (FORMAT 5: it names the file and the place; with "(and N more)"), then every other problem on
    stdout, one a line, in the order found. Returns the exit code: 0 with no problem (nothing printed), else 2."""
    code = problems_exit(problems)
    for p in problems[1:]:
        click.echo(str(p))
    return code


def problems_exit(problems: list) -> int:
    """The exit code of a `validate`: 0 with no problem; else the first problem (and how many more) as the
    one ``Error:`` line on stderr, and 2. The problems themselves are printed by the caller."""
    if not problems:
        return EXIT_OK
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    click.echo(f"Error: {' '.join(str(problems[0]).split())}{more}", err=True)
    return EXIT_INPUT
