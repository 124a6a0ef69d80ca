"""CP-SAT over the Replacements Segment rules (1.3): the best allocation.

The constraints posted by :mod:`solver.replacements` are compiled as they
are: a Boolean per candidate value of each slot (plus one for None), exactly
one per slot; a :class:`~solver.core.Nogood` becomes a clause, an
:class:`~solver.core.AtMost` a linear inequality; the literal value
:data:`~solver.replacements.ANY` is the negation of the slot's None.

The objective is lexicographic, solved in stages: (1) the number of steps
used, proved optimal; (2) with that fixed, the ``prefer`` weights; (3) with
both fixed, a deterministic tie-break (earlier locations, earlier Force Pool
units, earlier payments), solved with one worker; identical units are
finally given their locations in id order.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Optional

from ortools.sat.python import cp_model

from ..model.position import Position

from .core import Nogood
from .replacements import _flexibility as _flex
from .replacements import ANY, Allocation, ReplacementContext, make_context, post


class SolverLimitReached(Exception):
    """The time limit ran out before any allocation was found."""


@dataclass
class Compiled:
    model: cp_model.CpModel
    var: dict        # (slot, value) -> BoolVar (value None included)
    slots: list


def compile_model(ctx: ReplacementContext, constraints: list) -> Compiled:
    """Build the CP-SAT model of ``ctx`` from ``constraints`` (``[(Rule, constraint)]``)."""
    m = cp_model.CpModel()
    var: dict = {}
    slots = []
    for uid in ctx.units:
        for kind, values in (("place", ctx.place_values[uid]), ("pay", ctx.pay_values[uid])):
            slot = (kind, uid)
            if not values:
                continue
            slots.append(slot)
            vs = []
            for v in list(values) + [None]:
                b = m.NewBoolVar(f"{kind}[{uid}:{v}]")
                var[(slot, v)] = b
                vs.append(b)
            m.AddExactlyOne(vs)

    def lit(l):
        """A BoolVar / its negation, True (always holds) or False (never)."""
        slot, value = l
        has = (slot, None) in var
        if value == ANY:
            return var[(slot, None)].Not() if has else False
        if (slot, value) in var:
            return var[(slot, value)]
        if value is None and not has:
            return True
        return False

    for _, c in constraints:
        if isinstance(c, Nogood):
            lits = [lit(l) for l in c.lits]
            if any(x is False for x in lits):
                continue
            lits = [x for x in lits if x is not True]
            if not lits:
                m.AddBoolOr([])          # violated whatever is chosen
            else:
                m.AddBoolOr([x.Not() for x in lits])
        else:
            terms, const = [], c.const
            for coef, l in c.terms:
                x = lit(l)
                if x is True:
                    const += coef
                elif x is not False and coef:
                    terms.append((coef, x))
            if const + sum(k for k, _ in terms) <= c.bound:
                continue
            m.Add(sum(k * x for k, x in terms) + const <= c.bound)
    return Compiled(m, var, slots)


@dataclass
class Result:
    """The answer of :func:`optimise`: the context, the :class:`Allocation`,
    ``optimal`` (proved), ``status`` in words, and seconds spent."""
    ctx: ReplacementContext
    allocation: Allocation
    optimal: bool
    status: str
    seconds: float


def _solve(model, time_left: Optional[float], workers: int, hint: Optional[dict] = None):
    s = cp_model.CpSolver()
    s.parameters.num_workers = workers
    s.parameters.random_seed = 0
    if time_left is not None:
        s.parameters.max_time_in_seconds = max(0.01, time_left)
    st = s.Solve(model)
    return st, s


def _read(comp: Compiled, solver) -> Allocation:
    place, pay = {}, {}
    for (slot, v), b in comp.var.items():
        if v is not None and solver.BooleanValue(b):
            (place if slot[0] == "place" else pay)[slot[1]] = v
    return Allocation([(uid, place[uid], pay.get(uid)) for uid in place])


def _canonical(ctx: ReplacementContext, alloc: Allocation) -> Allocation:
    """Identical units (same facts, same payment, same preference) take their locations in id order."""
    groups: dict = {}
    for uid, loc, pay in alloc.placements:
        u = ctx.units[uid]
        sig = (u.nationality, u.type, u.colonial, u.kwantung, u.elite, pay, ctx.prefer.get(uid, 0),
               tuple(ctx.place_values[uid]))
        groups.setdefault(sig, []).append((uid, loc))
    out = []
    order = {uid: i for i, uid in enumerate(ctx.units)}
    for sig, items in groups.items():
        ids = sorted((uid for uid, _ in items), key=lambda x: order[x])
        locs = sorted((loc for _, loc in items), key=lambda l: ctx.place_values[ids[0]].index(l) if l in ctx.place_values[ids[0]] else 0)
        out += [(uid, loc, sig[5]) for uid, loc in zip(ids, locs)]
    return Allocation(sorted(out, key=lambda r: order[r[0]]))


def optimise(pos: Position, faction: str, map_: str, time_limit: Optional[float] = None, workers: int = 2) -> Result:
    """The best legal allocation of ``faction``'s replacement steps on ``map_`` (1.3).

    Maximises the steps used, then the ``prefer`` weights, then breaks ties
    deterministically. ``time_limit`` (seconds) bounds the whole search;
    when it runs out, the best allocation found is returned with
    ``optimal=False``. Raises :class:`~model.errors.InputError` for a map not
    in play and :class:`SolverLimitReached` when no allocation was found at
    all in time.
    """
    t0 = time.perf_counter()
    ctx = make_context(pos, faction, map_)
    constraints = post(ctx)
    comp = compile_model(ctx, constraints)
    m = comp.model

    def left():
        return None if time_limit is None else time_limit - (time.perf_counter() - t0)

    steps = sum(len(v) * b for (slot, v), b in comp.var.items() if slot[0] == "pay" and v is not None)
    if not comp.var:
        return Result(ctx, Allocation([]), True, "nothing to choose: no unit can be taken", time.perf_counter() - t0)
    m.Maximize(steps)
    st, s = _solve(m, left(), workers)
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        if st == cp_model.INFEASIBLE:
            raise RuntimeError("the replacement model is infeasible; taking nothing should always be legal")
        return Result(ctx, Allocation([]), False,
                      f"time limit of {time_limit} s reached before the solver found any allocation: nothing is placed; "
                      "NOT optimal (raise --time-limit)", time.perf_counter() - t0)
    best = _read(comp, s)
    if st != cp_model.OPTIMAL:
        return Result(ctx, _canonical(ctx, best), False,
                      f"time limit of {time_limit} s reached: the allocation uses {best.steps_used()} steps, "
                      "the best found, NOT proved optimal", time.perf_counter() - t0)
    used = int(round(s.ObjectiveValue()))
    m.Add(steps == used)

    def hint(alloc):
        m.ClearHints()
        val = {}
        for uid, loc, pay in alloc.placements:
            val[("place", uid)] = loc
            val[("pay", uid)] = pay
        for (slot, v), b in comp.var.items():
            m.AddHint(b, 1 if val.get(slot) == v else 0)

    pref_terms = []
    for (slot, v), b in comp.var.items():
        if v is None:
            continue
        if slot[0] == "place":
            w = ctx.prefer.get(slot[1], 0) + ctx.prefer.get(v, 0)
            if w:
                pref_terms.append(w * b)
    if pref_terms:
        hint(best)
        m.Maximize(sum(pref_terms))
        st, s = _solve(m, left(), workers)
        if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return Result(ctx, _canonical(ctx, best), False, "time limit reached while weighing the prefer weights", time.perf_counter() - t0)
        best = _read(comp, s)
        if st != cp_model.OPTIMAL:
            return Result(ctx, _canonical(ctx, best), False,
                          f"time limit of {time_limit} s reached: steps used proved optimal, prefer weights not", time.perf_counter() - t0)
        m.Add(sum(pref_terms) == int(round(s.ObjectiveValue())))
    # deterministic tie-break: earlier locations, earlier units, earlier payments
    rank_u = {uid: i for i, uid in enumerate(ctx.units)}
    tb = []
    for (slot, v), b in comp.var.items():
        if v is None:
            continue
        vals = ctx.place_values[slot[1]] if slot[0] == "place" else ctx.pay_values[slot[1]]
        if slot[0] == "pay":
            u = ctx.units[slot[1]]
            w = 1000 * sum(_flex(ctx.pools[k], ctx.unit_class(u)) for k in v) + vals.index(v) + 1
        else:
            w = vals.index(v) + 1 + rank_u[slot[1]]
        tb.append(w * b)
    m.ClearHints()          # no hint: the single-worker search then depends on the model only
    m.Minimize(sum(tb))
    st, s = _solve(m, left(), 1)
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        best = _read(comp, s)
    return Result(ctx, _canonical(ctx, best), True, "optimal (proved)", time.perf_counter() - t0)
