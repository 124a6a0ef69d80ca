"""A fake solver cost for the time limits (test-only): every CP-SAT solve uses all the work its
budget gives it. A test then sees, without timing anything, how a command shares its ``--time-limit``
among its solves (solver/engine/limits.py: the deterministic work of a Budget is shared by the solves in order).
"""
from __future__ import annotations

import sys
from contextlib import contextmanager


class SolveLog:
    """``given``: the deterministic work each solve was given (None: no limit), in order."""

    def __init__(self):
        self.given: list = []

    @property
    def limited(self) -> list:
        return [g for g in self.given if g is not None]


@contextmanager
def solves_take_their_budget(monkeypatch):
    """Patch :func:`aeref.solver.engine.compiler.solve` (and every copy imported into aeref's modules) so that
    each solve records the work it is given, runs, and then charges its budget all of it.
    Yields the :class:`SolveLog`."""
    from aeref.solver.engine import compiler as cpsat

    real = cpsat.solve
    log = SolveLog()

    def solve(model, budget=None, **kwargs):
        given = budget.dtime_left() if budget is not None else None
        log.given.append(given)
        out = real(model, budget, **kwargs)
        if budget is not None and given:
            budget.spend(budget.dtime_left())       # it took all it was given
        return out

    for mod in [m for n, m in sys.modules.items() if n.startswith("aeref.") and m is not None]:
        if getattr(mod, "solve", None) is real:
            monkeypatch.setattr(mod, "solve", solve)
    yield log
