"""The solve runner: every CP-SAT solve of aeref, within the command's time budget.

:func:`solve` runs a model with one worker and a fixed seed (deterministic), under
the command's :class:`~solver.engine.limits.Budget` (its deterministic work first, the wall
clock as a backstop), with Ctrl-C ending the search as a time limit does (the best
solution so far is kept) and a :class:`~solver.engine.limits.Progress` report about every
0.1 s. The search runs in a thread of its own so that the main thread can take
Ctrl-C and report progress. :class:`Outcome` says how a solve ended.

The models come from the compilers (:mod:`solver.engine.compiler`, :mod:`solver.engine.counts`).
Imports ortools: load this module only on paths that solve.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, Callable, Optional

from ortools.sat.python import cp_model   # this module solves: ortools is needed here

from .limits import Budget, Progress, ProgressSink

__all__ = ["FEASIBLE", "INFEASIBLE", "OPTIMAL", "Outcome", "SolverLimitReached", "new_solver", "solve"]

#: Status names for messages.
OPTIMAL, FEASIBLE, INFEASIBLE = cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE


class SolverLimitReached(Exception):
    """The time limit ran out before the solver proved the answer asked for."""


def new_solver(**params: Any) -> cp_model.CpSolver:
    """A CP-SAT solver with one search worker (deterministic) and any other parameters by name."""
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    for k, v in params.items():
        setattr(s.parameters, k, v)
    return s


@dataclass
class Outcome:
    """How a solve ended: the CP-SAT ``status``; ``stopped`` is None when the search finished,
    ``"work"`` when the deterministic budget ended it (reproducible), ``"clock"`` when the
    wall clock did (another run may differ) and ``"interrupt"`` for Ctrl-C; ``dtime`` the
    deterministic work done."""
    status: int
    stopped: Optional[str]
    dtime: float

    @property
    def proved(self) -> bool:
        """True when the search finished: an optimum (or all solutions) or infeasibility proved."""
        return self.status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)

    @property
    def found(self) -> bool:
        """True when a solution is in hand (proved optimal or not)."""
        return self.status in (cp_model.OPTIMAL, cp_model.FEASIBLE)

    @property
    def interrupted(self) -> bool:
        return self.stopped == "interrupt"


class _Watch(cp_model.CpSolverSolutionCallback):
    """The solution callback of :func:`solve`: records the best objective value and hands
    each solution to ``inner(callback)`` (the enumeration's collector)."""

    def __init__(self, inner: Optional[Callable], objective: bool):
        super().__init__()
        self.inner = inner
        self.objective = objective
        self.best: Optional[float] = None
        self.bound: Optional[float] = None

    def on_solution_callback(self):
        if self.objective:
            self.best = self.objective_value
            self.bound = self.best_objective_bound
        if self.inner is not None:
            self.inner(self)


def _wait(done: threading.Event) -> None:
    """Wait a tenth of a second for the solver's thread to finish (the main thread takes Ctrl-C
    meanwhile). An Event, not ``Thread.join``: a join that Ctrl-C interrupts marks a thread that
    is still running as stopped (Python before 3.13)."""
    done.wait(0.1)


def solve(model: cp_model.CpModel, budget: Optional[Budget] = None, *, inner: Optional[Callable] = None,
          progress: ProgressSink = None, what: str = "solving", unit: str = "", objective: bool = True,
          **params: Any) -> tuple[cp_model.CpSolver, Outcome]:
    """Solve ``model`` with one worker and a fixed seed (deterministic), within ``budget``.

    The deterministic work left in the budget ends the search reproducibly, the
    wall clock left is a backstop; Ctrl-C (KeyboardInterrupt) stops the search
    like a limit, with the best solution so far kept. ``inner(callback)`` is
    called with each solution; ``progress`` receives a :class:`Progress` about
    every 0.1 s (``what`` and ``unit`` label it); ``params`` are CP-SAT
    parameters by name. The search runs in a thread so that the main thread
    can take Ctrl-C and report progress. Returns ``(solver, Outcome)`` and
    records the work done in ``budget``; raises RuntimeError when CP-SAT
    refuses the model, and whatever the solver's thread raised.
    """
    solver = new_solver(random_seed=0, catch_sigint_signal=False, **params)
    if budget is not None and budget.interrupted:        # Ctrl-C ended an earlier solve of the command
        return solver, Outcome(cp_model.UNKNOWN, "interrupt", 0.0)
    limit, nothing_left = _set_limits(solver, budget)
    if nothing_left:                                      # no search at all
        return solver, Outcome(cp_model.UNKNOWN, nothing_left, 0.0)
    watch = _Watch(inner, objective)
    solver.best_bound_callback = lambda b: setattr(watch, "bound", b)

    def report() -> None:
        progress(Progress(what, watch.best, watch.bound, budget.elapsed() if budget else 0.0,
                          budget.left() if budget else None, unit))

    status, interrupted = _run(solver, model, watch, budget, report if progress is not None else None)
    if status == cp_model.MODEL_INVALID:
        raise RuntimeError(f"CP-SAT refused the model: {model.validate()}")
    try:
        dtime = solver.deterministic_time
    except RuntimeError:                                  # no response at all
        dtime = 0.0
    if budget is not None:
        budget.spend(dtime)
    return solver, Outcome(status, _why_ended(status, interrupted, limit, dtime), dtime)


def _set_limits(solver: cp_model.CpSolver, budget: Optional[Budget]) -> tuple[Optional[float], Optional[str]]:
    """Give ``solver`` the deterministic work and the wall clock left in ``budget``. Returns
    ``(work limit or None, None)``, or ``(limit, "work" / "clock")`` when that is already spent."""
    if budget is None or not budget.limited:
        return None, None
    limit, left = budget.dtime_left(), budget.left()
    if limit <= 0 or left <= 0:
        return limit, "work" if limit <= 0 else "clock"
    solver.parameters.max_deterministic_time = limit
    solver.parameters.max_time_in_seconds = left
    return limit, None


def _run(solver: cp_model.CpSolver, model: cp_model.CpModel, watch: _Watch, budget: Optional[Budget],
         report: Optional[Callable[[], None]]) -> tuple[int, bool]:
    """Run the search in a thread while the main thread waits, calls ``report()`` about every
    0.1 s and takes Ctrl-C (which stops the search and marks ``budget`` interrupted). Returns
    ``(status, interrupted)``; re-raises what the solver's thread raised."""
    box: dict = {}
    done = threading.Event()

    def work():
        try:
            box["status"] = solver.solve(model, watch)
        except BaseException as exc:             # handed to the main thread
            box["error"] = exc
        finally:
            done.set()

    thread = threading.Thread(target=work, name="cp-sat", daemon=True)
    thread.start()
    interrupted = False
    while not done.is_set():
        try:
            _wait(done)
            if report is not None and not done.is_set():
                report()
        except KeyboardInterrupt:
            interrupted = True
            solver.stop_search()
            if budget is not None:
                budget.interrupted = True
        except BaseException:                    # the command's wall-clock backstop: stop the search too
            solver.stop_search()
            done.wait(1.0)
            raise
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["status"], interrupted


def _why_ended(status: int, interrupted: bool, limit: Optional[float], dtime: float) -> Optional[str]:
    """:attr:`Outcome.stopped` of a search that ended with ``status`` after ``dtime`` units of work
    (``limit`` the work it was given, None: no limit)."""
    if status in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        return None
    if interrupted:
        return "interrupt"
    if limit is not None and dtime >= limit * 0.999:
        return "work"
    return "clock"
