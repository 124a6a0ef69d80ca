"""The best allocation of a Replacements Segment (1.3), by CP-SAT.

The constraints of :mod:`.rules` are compiled by the one compiler
(:mod:`solver.engine.compiler`) as *counts*: each Force Pool unit is an entity with two
slots, ``("place", unit)`` over its candidate locations and ``("pay", unit)``
over its candidate payments (each with None); units that no rule and no
``prefer`` weight tells apart are one class, with one integer per (location,
payment): how many of them take it (:func:`~solver.engine.counts.compile_counts`).

The objective is lexicographic, solved in stages, each with one worker and a
fixed seed (:func:`~solver.engine.runner.solve`): (1) the steps used, starting from the
greedy allocation (:mod:`.greedy`: hinted, and a floor); (2) with that fixed,
the ``prefer`` weights; (3) with both fixed, a tie-break (earlier locations,
the step the unit's type calls for, earlier Force Pool units). Identical units
take their locations in id order. The answer is "proved" only when every stage
proved its optimum; a stage the time limit (or Ctrl-C) cuts short ends the
search, and the best allocation found so far is the answer, never worse than
the greedy one, with the proven bound on the steps that can be used.

Imports ortools.
"""
from __future__ import annotations

import gc
import math
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Optional

from ...model.files.load import Position

from ..engine.constraints import ANY, Lit
from ..engine.compiler import compile_counts
from ..engine.runner import INFEASIBLE, SolverLimitReached, solve
from ..engine.limits import Budget, ProgressSink, budget_for
from .context import ReplacementContext
from .greedy import greedy
from .allocation import Allocation
from .rules import post
from .segment import make_context
from .taking import flexibility

__all__ = ["Result", "SolverLimitReached", "optimise"]

#: CP-SAT parameters of every stage: the presolve's search for big linear overlaps spent 2 of the
#: 6 work units of a 400-unit position with a prefer weight per unit (and found nothing to use).
PARAMS = {"find_big_linear_overlap": False}


def domains(ctx: ReplacementContext) -> dict:
    """The slots of ``ctx`` and their values (None last); a unit with nothing to choose has no slot."""
    out = {}
    for uid in ctx.units:
        for kind, values in (("place", ctx.place_values[uid]), ("pay", ctx.pay_values[uid])):
            if values:
                out[(kind, uid)] = list(values) + [None]
    return out


def entities(ctx: ReplacementContext) -> list:
    """One entity per unit, in Force Pool order: its ``place`` and ``pay`` slots."""
    return [(("place", uid), ("pay", uid)) for uid in ctx.units]


@dataclass
class Result:
    """The answer of :func:`optimise`.

    ``allocation`` (an :class:`Allocation`); ``optimal``: every stage proved its
    optimum; ``status`` in words; ``bound``: the proven upper bound on the
    steps that can be used (equal to the steps used when proved);
    ``greedy``: the steps the greedy placer uses (the status says what ended a
    search early: the time limit, the wall clock or Ctrl-C); ``seconds`` spent.
    """
    ctx: ReplacementContext
    allocation: Allocation
    optimal: bool
    status: str
    seconds: float
    bound: Optional[int] = None
    greedy: Optional[int] = None


def _alloc(choice: dict, ctx: ReplacementContext) -> Allocation:
    return Allocation([(uid, choice[("place", uid)], choice.get(("pay", uid))) for uid in ctx.units
                       if choice.get(("place", uid)) is not None])


def _upper_bound(solver, used: int, received: int) -> int:
    """The solver's proven upper bound on the steps used, or ``received`` when it proved none
    (no search ran, or it reported a bound below the allocation in hand)."""
    try:
        b = solver.best_objective_bound
    except RuntimeError:                     # the solver never ran
        return received
    if not math.isfinite(b) or b + 1e-6 < used:
        return received
    return min(received, int(b + 1e-6))


def _why_stopped(stopped: Optional[str], budget: Budget) -> str:
    if stopped == "interrupt":
        return "interrupted (Ctrl-C)"
    limit = f"the time limit of {budget.seconds:g} s" if budget.seconds else "the time limit"
    if stopped == "clock":
        return f"{limit} ran out on the wall clock (a slow or loaded machine: another run may differ)"
    return limit


def optimise(pos: Position, faction: str, map_: str, time_limit: Optional[float] = None,
             budget: Optional[Budget] = None, progress: ProgressSink = None) -> Result:
    """The best legal allocation of ``faction``'s replacement steps on ``map_`` (1.3).

    Maximises the steps used, then the ``prefer`` weights, then breaks ties
    deterministically (see the module doc). ``budget`` (or ``time_limit``
    seconds, None or 0: no limit) bounds the work; when it ends a stage, the
    best allocation found is returned with ``optimal=False`` and the proven
    ``bound``; a budget spent once the facts are gathered leaves the greedy
    allocation. ``progress`` receives reports of long solves. Raises
    :class:`~model.files.errors.InputError` for a map not in play and
    :class:`~solver.engine.limits.TimeLimitReached` when the wall clock runs out
    while supply is traced (no allocation exists yet).
    """
    with _collector_paused():
        return _optimise(pos, faction, map_, budget_for(budget, time_limit), progress)


@contextmanager
def _collector_paused():
    """Python's cyclic garbage collector paused while the model is built and solved (and resumed, if it
    ran, after): the constraints of 2,000 Force Pool units are hundreds of thousands of small tuples,
    which the collector's passes kept re-reading (40 % of the build, measured); they hold
    no reference cycles, so nothing waits for it, and a resumed collector collects what any other did."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _optimise(pos: Position, faction: str, map_: str, budget: Budget, progress: ProgressSink) -> Result:
    t0 = time.perf_counter()
    ctx = make_context(pos, faction, map_)
    budget.check("tracing supply and finding the Replacement Locations")
    constraints = post(ctx)
    doms = domains(ctx)
    stages = _Stages(ctx, budget, progress, t0)
    if not doms:
        return stages.result(Allocation([]), True, "nothing to choose: no unit can be taken")
    stages.compile(constraints, doms)
    return stages.run(pos, faction, map_, constraints)


class _Stages:
    """The lexicographic search of :func:`optimise`, one stage (one solve) at a time: the steps used,
    the ``prefer`` weights, the tie-break; each stage fixes its optimum for the next. A stage the
    budget or Ctrl-C cuts short ends the search with the best allocation so far."""

    def __init__(self, ctx: ReplacementContext, budget: Budget, progress: ProgressSink, t0: float):
        self.ctx, self.budget, self.progress, self.t0 = ctx, budget, progress, t0
        self.floor = 0                       # the greedy allocation's steps used

    def result(self, alloc: Allocation, optimal: bool, status: str, bound: Optional[int] = None) -> Result:
        return Result(self.ctx, alloc, optimal, status, time.perf_counter() - self.t0,
                      alloc.steps_used() if bound is None else bound, self.floor)

    def compile(self, constraints: list, doms: dict) -> None:
        """The count model with two objectives: the steps used and the ``prefer`` weights. Raises
        RuntimeError when it is infeasible (taking nothing is always legal)."""
        ctx = self.ctx
        steps_terms = [(len(opt), Lit(("pay", uid), opt)) for uid in ctx.units for opt in ctx.pay_values[uid]]
        prefer_terms = [(ctx.prefer[uid], Lit(("place", uid), ANY)) for uid in ctx.units if ctx.prefer.get(uid)]
        if any(ctx.prefer.values()):
            prefer_terms += [(ctx.prefer[loc], Lit(("place", uid), loc)) for uid in ctx.units
                             for loc in ctx.place_values[uid] if ctx.prefer.get(loc)]
        self.comp = compile_counts(constraints, doms, entities(ctx), objectives=[steps_terms, prefer_terms],
                                   label="n")
        if self.comp.infeasible:
            raise RuntimeError("the replacement model is infeasible; taking nothing should always be legal")
        self.has_prefer = bool(prefer_terms)

    def run(self, pos: Position, faction: str, map_: str, constraints: list) -> Result:
        """Every stage in turn, from the greedy allocation (hinted, and a floor on the steps used)."""
        ctx, comp = self.ctx, self.comp
        same = {uid: comp.class_of(("place", uid)) for uid in ctx.units}
        _, base = greedy(pos, faction, map_, ctx, constraints, {u: c for u, c in same.items() if c is not None})
        self.floor = base.steps_used()
        best, ended = self.most_steps(base)
        if ended is not None:
            return ended
        if self.has_prefer:
            best, ended = self.prefer_weights(best)
            if ended is not None:
                return ended
        return self.tie_break(best)

    def _solve(self, what: str, unit: str = ""):
        return solve(self.comp.model, self.budget, progress=self.progress, what=what, unit=unit, **PARAMS)

    def most_steps(self, base: Allocation) -> tuple:
        """(1) the steps used, never below the greedy allocation's. Returns ``(best, None)`` with the
        optimum fixed, or ``(best, Result)`` when the search ends here."""
        comp, m, budget = self.comp, self.comp.model, self.budget
        steps = comp.objective(0)
        m.add(steps >= self.floor)
        comp.hint(base.choice(self.ctx))
        m.maximize(steps)
        solver, out = self._solve("placing replacement steps", "steps")
        if out.status == INFEASIBLE:
            raise RuntimeError("the replacement model refuses the greedy allocation; the rules and the model disagree")
        best = _alloc(comp.choice(solver.value), self.ctx) if out.found else base
        if best.steps_used() < self.floor:
            best = base
        used = best.steps_used()
        if not out.proved:
            bound = _upper_bound(solver, used, sum(p.count for p in self.ctx.pools.values()))
            return best, self.result(best, False, f"not proved optimal: {_why_stopped(out.stopped, budget)} ended "
                                     "the search", bound)
        if budget.interrupted:
            return best, self.result(best, False, "the steps used are proved optimal; interrupted (Ctrl-C) before "
                                     "the prefer weights and the tie-break", used)
        m.add(steps == used)
        self.used = used
        return best, None

    def prefer_weights(self, best: Allocation) -> tuple:
        """(2) the ``prefer`` weights, the steps used fixed. Returns as :meth:`most_steps` does."""
        comp, m, used = self.comp, self.comp.model, self.used
        prefer = comp.objective(1)
        comp.hint(best.choice(self.ctx))
        m.maximize(prefer)
        solver, out = self._solve("weighing the prefer weights")
        if out.found:
            best = _alloc(comp.choice(solver.value), self.ctx)
        if not out.proved:
            return best, self.result(best, False, f"the steps used are proved optimal, the prefer weights not: "
                                     f"{_why_stopped(out.stopped, self.budget)} ended the search", used)
        m.add(prefer == int(round(solver.objective_value)))
        if self.budget.interrupted:
            return best, self.result(best, False, "the steps used and the prefer weights are proved optimal; "
                                     "interrupted (Ctrl-C) before the tie-break", used)
        return best, None

    def tie_break(self, best: Allocation) -> Result:
        """(3) the tie-break, both fixed: earlier locations, the step the unit's type calls for,
        earlier units."""
        ctx, comp, m = self.ctx, self.comp, self.comp.model
        rank = {uid: i for i, uid in enumerate(ctx.units)}

        def weight(slots, joint):
            w = 0
            for slot, v in zip(slots, joint):
                if v is None:
                    continue
                uid = slot[1]
                if slot[0] == "place":
                    w += ctx.place_values[uid].index(v) + 1 + rank[uid]
                else:
                    cls = ctx.unit_class(ctx.units[uid])
                    w += 1000 * sum(flexibility(ctx.pools[k], cls) for k in v) + ctx.pay_values[uid].index(v) + 1
            return w

        m.clear_hints()          # no hint: measured faster to prove without one
        m.minimize(comp.linear(weight))
        solver, out = self._solve("breaking ties")
        if out.found:
            best = _alloc(comp.choice(solver.value), ctx)
        if not out.proved:
            return self.result(best, False, f"the steps used{' and the prefer weights' if self.has_prefer else ''} "
                               f"are proved optimal; the tie-break among equally good allocations was not finished: "
                               f"{_why_stopped(out.stopped, self.budget)} ended it", self.used)
        return self.result(best, True, "optimal (proved)")
