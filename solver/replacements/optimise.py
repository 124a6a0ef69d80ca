"""The best allocation of a Replacements Segment (1.3), by CP-SAT.

The constraints of :mod:`.rules` are compiled by the one compiler
(:mod:`solver.cpsat`): each unit has two slots, ``("place", unit)`` over its
candidate locations and ``("pay", unit)`` over its candidate payments, each
with None. The objective is lexicographic, solved in stages: (1) the number
of steps used, proved optimal; (2) with that fixed, the ``prefer`` weights;
(3) with both fixed, a deterministic tie-break (earlier locations, earlier
Force Pool units, earlier payments), solved with one worker; identical
units are finally given their locations in id order.

Imports ortools.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Optional

from ...model.position import Position

from ..cpsat import FEASIBLE, INFEASIBLE, OPTIMAL, SolverLimitReached, compile_model, new_solver
from .context import ReplacementContext, make_context
from .ruling import Allocation
from .rules import post
from .taking import flexibility

__all__ = ["Result", "SolverLimitReached", "optimise"]


def domains(ctx: ReplacementContext) -> dict:
    """The slots of ``ctx`` and their values (each a class of its own, None last); a unit
    with nothing to choose has no slot."""
    out = {}
    for uid in ctx.units:
        for kind, values in (("place", ctx.place_values[uid]), ("pay", ctx.pay_values[uid])):
            if values:
                out[(kind, uid)] = [[v] for v in list(values) + [None]]
    return out


@dataclass
class Result:
    """The answer of :func:`optimise`: the context, the :class:`Allocation`,
    ``optimal`` (proved), ``status`` in words, and seconds spent."""
    ctx: ReplacementContext
    allocation: Allocation
    optimal: bool
    status: str
    seconds: float


def _read(comp, solver) -> Allocation:
    place, pay = {}, {}
    for (slot, v), b in comp.var.items():
        if v is not None and solver.boolean_value(b):
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
    in play.
    """
    t0 = time.perf_counter()
    ctx = make_context(pos, faction, map_)
    comp = compile_model(post(ctx), domains(ctx), label="slot")
    m = comp.model

    def left():
        return None if time_limit is None else max(0.01, time_limit - (time.perf_counter() - t0))

    def solve(n_workers):
        return new_solver(left(), n_workers, random_seed=0)

    steps = sum(len(v) * b for (slot, v), b in comp.var.items() if slot[0] == "pay" and v is not None)
    if not comp.var:
        return Result(ctx, Allocation([]), True, "nothing to choose: no unit can be taken", time.perf_counter() - t0)
    m.maximize(steps)
    s = solve(workers)
    st = s.solve(m)
    if st not in (OPTIMAL, FEASIBLE):
        if st == INFEASIBLE:
            raise RuntimeError("the replacement model is infeasible; taking nothing should always be legal")
        return Result(ctx, Allocation([]), False,
                      f"time limit of {time_limit} s reached before the solver found any allocation: nothing is placed; "
                      "NOT optimal (raise --time-limit)", time.perf_counter() - t0)
    best = _read(comp, s)
    if st != OPTIMAL:
        return Result(ctx, _canonical(ctx, best), False,
                      f"time limit of {time_limit} s reached: the allocation uses {best.steps_used()} steps, "
                      "the best found, NOT proved optimal", time.perf_counter() - t0)
    used = int(round(s.objective_value))
    m.add(steps == used)

    pref_terms = []
    for (slot, v), b in comp.var.items():
        if v is None:
            continue
        if slot[0] == "place":
            w = ctx.prefer.get(slot[1], 0) + ctx.prefer.get(v, 0)
            if w:
                pref_terms.append(w * b)
    if pref_terms:
        m.clear_hints()
        chosen = {("place", uid): loc for uid, loc, _ in best.placements}
        chosen.update({("pay", uid): pay for uid, _, pay in best.placements})
        for (slot, v), b in comp.var.items():
            m.add_hint(b, 1 if chosen.get(slot) == v else 0)
        m.maximize(sum(pref_terms))
        s = solve(workers)
        st = s.solve(m)
        if st not in (OPTIMAL, FEASIBLE):
            return Result(ctx, _canonical(ctx, best), False, "time limit reached while weighing the prefer weights", time.perf_counter() - t0)
        best = _read(comp, s)
        if st != OPTIMAL:
            return Result(ctx, _canonical(ctx, best), False,
                          f"time limit of {time_limit} s reached: steps used proved optimal, prefer weights not", time.perf_counter() - t0)
        m.add(sum(pref_terms) == int(round(s.objective_value)))
    # deterministic tie-break: earlier locations, earlier units, earlier payments
    rank_u = {uid: i for i, uid in enumerate(ctx.units)}
    tb = []
    for (slot, v), b in comp.var.items():
        if v is None:
            continue
        vals = ctx.place_values[slot[1]] if slot[0] == "place" else ctx.pay_values[slot[1]]
        if slot[0] == "pay":
            cls = ctx.unit_class(ctx.units[slot[1]])
            w = 1000 * sum(flexibility(ctx.pools[k], cls) for k in v) + vals.index(v) + 1
        else:
            w = vals.index(v) + 1 + rank_u[slot[1]]
        tb.append(w * b)
    m.clear_hints()          # no hint: the single-worker search then depends on the model only
    m.minimize(sum(tb))
    s = solve(1)
    st = s.solve(m)
    if st in (OPTIMAL, FEASIBLE):
        best = _read(comp, s)
    return Result(ctx, _canonical(ctx, best), True, "optimal (proved)", time.perf_counter() - t0)
