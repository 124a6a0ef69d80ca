"""How long a command may work (``--time-limit``), and what it tells while it works.

A :class:`Budget` is made when a command starts and bounds all of it: loading,
supply tracing, model building and every solve. Each solve gets two limits:

* a *deterministic* budget (CP-SAT's ``max_deterministic_time``, a count of
  work, not of seconds): :data:`DTIME_PER_SECOND` units per second of the
  limit, shared by the command's solves in order. A search that this budget
  ends stops at the same point on any machine and under any load, so the
  output is byte-identical;
* the wall clock left (a backstop): on a machine much slower than this
  one, or under heavy load, the wall clock may end a search first; the output
  then says so, since another run may differ.

:class:`Progress` is what a long solve reports about itself (the best answer so
far, the proven bound, the time left) to whoever shows it. Does not import
ortools.
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

#: Deterministic work units granted per second of ``--time-limit``. Measured on the 2-core
#: development machine (load about 2), one CP-SAT worker does 0.2 to 0.45 units per second in
#: the search of a hard replacement model (up to 1 in some presolve steps); 0.15 lets the work
#: budget end a hard search after a third to two thirds of the limit, leaving the rest for
#: loading, supply tracing and a slower or busier machine.
DTIME_PER_SECOND = 0.15

#: ``--time-limit`` when none is given (seconds), for every command that solves.
DEFAULT_TIME_LIMIT = 60.0


#: ``time.perf_counter()`` when this module was imported: :func:`process_started` where the system
#: does not say when the process started.
_IMPORTED = time.perf_counter()


def process_started() -> float:
    """The ``time.perf_counter()`` reading at which this process started: the start of the command line's
    :class:`Budget`, so that ``--time-limit`` bounds the whole command, Python's own start and the imports
    included, not only what follows the parsing of the command line.

    Linux says when a process started in ``/proc/self/stat`` (field 22, ``starttime``: clock ticks since
    boot, ``os.sysconf("SC_CLK_TCK")`` a second, so to 1/100 s); ``time.clock_gettime(CLOCK_BOOTTIME)`` is
    the same clock now, and the difference is how long the process has run. Where that cannot be read
    (another system, no ``/proc``), or gives no sensible answer, it is the moment this module was imported,
    early in the start of any command. Raises nothing."""
    try:
        with open("/proc/self/stat", "rb") as f:
            stat = f.read()
        ticks = int(stat.rsplit(b")", 1)[1].split()[19])    # after "pid (name)": field 3 first, so 22 is [19]
        ran = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return _IMPORTED
    now = time.perf_counter()
    return now - ran if 0.0 <= ran <= now - _IMPORTED + 60.0 else _IMPORTED


class TimeLimitReached(Exception):
    """The time limit ran out before any answer could be given (while loading, tracing or building)."""


@dataclass
class Budget:
    """The time one command may take.

    ``seconds``: the limit (None or 0: no limit); ``start``: when the command
    started (``time.perf_counter()``). :meth:`left` is the wall-clock time
    left, :meth:`dtime_left` the deterministic work left (see the module doc);
    :meth:`spend` records the work a solve did. ``interrupted``: Ctrl-C ended a
    solve; no later solve of the command searches.
    """

    seconds: Optional[float] = None
    start: float = field(default_factory=time.perf_counter)
    spent: float = 0.0
    interrupted: bool = False

    def __post_init__(self):
        if not self.seconds:
            self.seconds = None

    @property
    def limited(self) -> bool:
        return self.seconds is not None

    def elapsed(self) -> float:
        """Seconds since the command started."""
        return time.perf_counter() - self.start

    def left(self) -> Optional[float]:
        """Wall-clock seconds left (never below 0), or None without a limit."""
        return None if self.seconds is None else max(0.0, self.seconds - self.elapsed())

    def dtime_left(self) -> Optional[float]:
        """Deterministic work units left for the next solves, or None without a limit."""
        if self.seconds is None:
            return None
        return max(0.0, self.seconds * DTIME_PER_SECOND - self.spent)

    def spend(self, dtime: float) -> None:
        """Record ``dtime`` deterministic units used by a solve."""
        self.spent += max(0.0, dtime)

    def check(self, doing: str) -> None:
        """Raise :class:`TimeLimitReached` naming ``doing`` when the wall clock has run out."""
        if self.seconds is not None and self.elapsed() >= self.seconds:
            raise TimeLimitReached(f"the time limit of {self.seconds:g} s ran out while {doing} "
                                   f"({self.elapsed():.1f} s), before any answer was found; raise --time-limit")


def budget_for(budget: Optional[Budget], time_limit: Optional[float]) -> Budget:
    """The budget of a solver entry point: ``budget`` when given, else a new one of ``time_limit``
    seconds (a float; None or 0: no limit, as ``--time-limit 0`` on the command line). The one
    meaning of ``time_limit`` in aeref's entry points (``enumerate_choices``, ``why``, ``optimise``)."""
    return budget if budget is not None else Budget(time_limit)


@dataclass
class Progress:
    """A long solve's state: ``what`` it is doing, the ``best`` value found (None: none yet),
    the proven ``bound`` (None: unknown), seconds ``elapsed`` since the command started
    and seconds ``left`` (None: no limit); ``unit`` names the values (``steps``)."""

    what: str
    best: Optional[float]
    bound: Optional[float]
    elapsed: float
    left: Optional[float]
    unit: str = ""

    def line(self) -> str:
        """``190 of 200 steps placed, at most 194 possible, 12 s left``-style text."""
        parts = [self.what]
        if self.best is not None:
            parts.append(f"best so far {self.best:g}{' ' + self.unit if self.unit else ''}")
        if self.bound is not None:
            parts.append(f"at most {self.bound:g} possible")
        parts.append(f"{self.left:.0f} s left" if self.left is not None else f"{self.elapsed:.0f} s")
        return ", ".join(parts)


#: Who receives :class:`Progress` reports (the command line's live line), or None.
ProgressSink = Optional[Callable[[Progress], None]]
