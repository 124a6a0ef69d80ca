"""The ``aeref`` console script: the group of :mod:`cli.help` (each command's module is
imported only when that command runs).

Start-up: Python's cyclic garbage collector is paused while this module imports
click and the command list (the rules themselves, aeref.api, are imported by the command that runs,
so that ``--version`` never loads them) and set back as it was when the imports end; :func:`main`,
the console script's process, then moves those objects out of the collector's sight (:func:`gc.freeze`)
and pauses the collector for the first :data:`QUIET_START` seconds of the command too (importing
the rules, loading and validating the files, the lazy import of ortools): a short command ends before
any collection; a longer one freezes what it made by then (tens of thousands of long-lived objects,
none of them garbage, that each collection would walk again) and collects as usual from then on
(a timer thread sets the collector back), so that memory stays bounded.
"""
from __future__ import annotations

import gc
import signal
import sys
import threading

#: Seconds of the console script's command run with the cyclic garbage collector paused (module doc).
QUIET_START = 1.0

_COLLECTING = gc.isenabled()
gc.disable()        # until the imports below end (module doc)
try:
    import click

    from .cp_model_import import install as install_cp_model_import
    from .help import ReferenceGroup
finally:
    if _COLLECTING:
        gc.enable()


@click.group(cls=ReferenceGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(None, "-V", "--version", package_name="aeref")
def cli():
    """aeref: a rules referee for the Seasonal Phase of Totaler Krieg!, Dai Senso! and AE.

    \b
    Example:
      aeref pairs examples/ae-soviet-production.yaml --faction soviet
    """


def _replace_what_the_console_cannot_encode() -> None:
    """A console or redirect whose encoding lacks a character of a card name (cp1252 and "Łódź Offensive")
    gets a replacement character instead of an internal error: the answer is still the answer."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):   # a stream already written to, or closed: leave it as it is
                pass


def main() -> None:
    """Entry point of the ``aeref`` console script: runs the command of ``sys.argv`` and exits
    with its code (FORMAT 5). The objects made while starting (every module, class and function
    imported) are frozen out of the garbage collector's generations first (module doc).
    ``--time-limit`` counts from the start of the process (:func:`~aeref.api.process_started`)."""
    _replace_what_the_console_cannot_encode()
    install_cp_model_import()           # ortools' cp_model without pandas: cli/cp_model_import.py
    gc.freeze()
    if gc.isenabled():
        gc.disable()
        back = threading.Timer(QUIET_START, _collect_again)
        back.daemon = True              # never keeps a finished command waiting
        back.start()
    try:
        cli.main(prog_name="aeref", started=_process_started)
    finally:
        # the answer is out and its exit code chosen: a Ctrl-C while the interpreter shuts down would
        # otherwise end the process by SIGINT (a shell's 130) after a complete answer
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _collect_again() -> None:
    """The end of the quiet start: what the command made by now (the rules' modules, imported by the command
    after :func:`main` froze the start-up's, and the loaded position) is frozen out of the collector's
    generations too, then the collector runs again. Without the freeze its first full collection walks
    every one of those long-lived objects, none of them garbage."""
    gc.freeze()
    gc.enable()


def _process_started() -> float:
    """:func:`~aeref.api.process_started`, read by the first command that counts a ``--time-limit``:
    ``--version``, ``--help`` and shell completion never import the rules (:mod:`aeref.api`)."""
    from ..api import process_started   # lazy: see the doc

    return process_started()
