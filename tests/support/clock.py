"""A fake clock for the solver's time limits (test-only): every CP-SAT solve takes all the time it is
given, and the clock only moves when a solve runs. A test then sees, without timing anything, how a
command shares its time limit among its solves.
"""
from __future__ import annotations

import time
from contextlib import contextmanager

#: Seconds a solve "takes" when it is given no time limit.
UNLIMITED_SOLVE = 0.001


class FakeClock:
    """``now`` seconds since the start; ``budgets`` the time limit of each solve, in order."""

    def __init__(self):
        self.now = 1000.0
        self.budgets: list = []

    def __call__(self) -> float:
        return self.now


@contextmanager
def solves_take_their_time_limit(monkeypatch):
    """Patch ``time.perf_counter`` / ``monotonic`` / ``time`` (and any copy of them imported into aeref's
    modules) with a :class:`FakeClock`, and CP-SAT's ``CpSolver.solve`` to advance it by the solve's
    ``max_time_in_seconds``. Yields the clock."""
    import sys

    from ortools.sat.python import cp_model

    clock = FakeClock()
    real = {name: getattr(time, name) for name in ("perf_counter", "monotonic", "time")}
    for name in real:
        monkeypatch.setattr(time, name, clock)
    for mod in [m for n, m in sys.modules.items() if n.startswith("aeref.") and m is not None]:
        for attr, value in list(vars(mod).items()):
            if any(value is f for f in real.values()):
                monkeypatch.setattr(mod, attr, clock)
    original = cp_model.CpSolver.solve

    def solve(self, *args, **kwargs):
        budget = self.parameters.max_time_in_seconds
        clock.budgets.append(budget)
        try:
            return original(self, *args, **kwargs)
        finally:
            clock.now += budget if budget < 1e9 else UNLIMITED_SOLVE

    monkeypatch.setattr(cp_model.CpSolver, "solve", solve)
    yield clock
