"""1.3.3 "the extra unplaced replacement steps are lost": which rule decides each lost step, by re-solving.

The steps the best allocation leaves unused are split by the rule that
decides them the way a referee would argue it: relax the placement rules one
after another - 9.1 Minor Country Stacking, then 9.2 Stacking, then the 1.3.4
Replacement Locations (and the enemy units and markers that close one), then
the 1.3.3.1 Exception ("An Allied faction cannot allocate replacements to a
Conquered Allied Minor Country") - each time re-solving the same model the
optimum uses (the rules of :mod:`.rules` compiled by the one compiler,
:func:`~solver.engine.counts.compile_counts`), and charge each rule the steps
its relaxation adds to the optimum. What no relaxation recovers is lost to
1.3.3 itself: no unit at all, or none the steps can pay for
(:func:`relax`, :meth:`Relaxation.split`).

Several pools compete for the same units, hexes and stacking room, so a count
per pool needs one more choice: each re-solve keeps, among the allocations
with the most steps, one that spends as many of each pool's steps as the level
before did (a second objective), and a pool's steps charged to a rule are the
steps of that pool its relaxation adds. Where a relaxation can only use more
steps by giving up some of another pool (a trade: rare), the per-pool counts
are balanced so that each pool's entries still add up to the steps it leaves
unused and each rule's to the steps its relaxation adds (:func:`balance`).

The re-solves share the command's budget; a re-solve the budget (or Ctrl-C)
cuts short keeps the best allocation it found (at least as many steps as the
level before), and the split says it is not proved. Imports ortools.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Optional

from ..engine.constraints import Lit
from ..engine.compiler import compile_counts
from ..engine.runner import solve
from ..engine.limits import Budget, ProgressSink
from .allocation import Allocation
from .context import ReplacementContext
from .lost import CHARGED, REST, explain_lost
from .optimise import PARAMS, domains, entities
from .rules import ENEMY, LOCATIONS, RULES, STACKING, STACKING_9_1, post
from .taking import CONQUERED_MINOR, MINOR_COUNTRY, check_conquered_minor, payment_options, payment_problems, takeable_problems

#: The rules a lost step is charged to, in the order they are relaxed (each relaxation keeps the ones before);
#: the rest is lost to 1.3.3 (:data:`~.lost.REST`).
ORDER = CHARGED[:-1]


@dataclass
class Level:
    """One re-solve: the rule relaxed (with those before it), the steps the best allocation then uses in
    all and per pool (``use``), the allocation (in the relaxed context ``ctx``), and whether the
    re-solve proved its optimum (``proved``; ``stopped`` says what ended it)."""
    rule: str
    steps: int
    use: dict
    allocation: Allocation
    ctx: ReplacementContext
    proved: bool = True
    stopped: Optional[str] = None


@dataclass
class Relaxation:
    """The optimum and its re-solves with the rules of :data:`ORDER` relaxed in turn: ``base`` the pool use
    of the allocation ruled on, ``levels`` one :class:`Level` per rule (a rule whose relaxation cannot
    change anything is not re-solved: its level repeats the one before), ``received`` per pool."""
    base: dict
    levels: list = field(default_factory=list)
    received: dict = field(default_factory=dict)

    @property
    def proved(self) -> bool:
        """True when every re-solve proved its optimum."""
        return all(lv.proved for lv in self.levels)

    def not_proved(self) -> list:
        """The rules whose re-solve the budget (or Ctrl-C) cut short."""
        return [lv.rule for lv in self.levels if not lv.proved]

    def totals(self) -> dict:
        """``{rule: steps}``: the steps each relaxation adds to the optimum, and the rest (:data:`REST`)."""
        out, before = {}, sum(self.base.values())
        for lv in self.levels:
            out[lv.rule] = lv.steps - before
            before = lv.steps
        out[REST] = sum(self.received.values()) - before
        return out

    def split(self) -> dict:
        """``{pool key: {rule: steps}}``: each pool's lost steps by deciding rule (:data:`ORDER`, then
        :data:`REST`); each pool's counts add up to the steps it leaves unused, each rule's (over the pools)
        to the steps its relaxation adds (:meth:`totals`)."""
        cols = list(ORDER) + [REST]
        rows: dict = {}
        for key, got in self.received.items():
            before, row = self.base.get(key, 0), {}
            for lv in self.levels:
                row[lv.rule] = lv.use.get(key, 0) - before
                before = lv.use.get(key, 0)
            row[REST] = got - before
            rows[key] = {c: row.get(c, 0) for c in cols}
        return balance(rows, cols)

    def level(self, rule: str) -> Optional[Level]:
        return next((lv for lv in self.levels if lv.rule == rule), None)


def balance(rows: dict, cols: list) -> dict:
    """``rows`` (``{row: {col: count}}``) with every negative count removed, each row's and each column's sum
    kept: a negative count (a pool a relaxation trades away) is raised by moving as much from a positive
    count of its row to the same column of a row positive in the negative's column (a cycle of four cells).
    Row and column sums must not be negative. Deterministic (rows and columns in order)."""
    x = {r: dict(v) for r, v in rows.items()}
    while True:
        neg = next(((r, c) for r in x for c in cols if x[r][c] < 0), None)
        if neg is None:
            return x
        r, c = neg
        c2 = next(k for k in reversed(cols) if k != c and x[r][k] > 0)      # the rest (1.3.3) first
        r2 = next(k for k in x if k != r and x[k][c] > 0)
        t = min(-x[r][c], x[r][c2], x[r2][c])
        x[r][c] += t
        x[r][c2] -= t
        x[r2][c] -= t
        x[r2][c2] += t


# ----------------------------------------------------------------------------- the relaxed contexts

def _exempt(ctx: ReplacementContext, u) -> bool:
    """1.3.3.1 relaxed: ``u`` is barred only by the Exception (a Conquered Allied Minor Country of the faction
    itself, which then takes steps as the faction's other Minor Countries do)."""
    if not check_conquered_minor(ctx, u):
        return False
    if [row for row, _ in takeable_problems(ctx, u) if row is not CONQUERED_MINOR]:
        return False
    return any((c := ctx.country(n)) is not None and c.conquered_allied_minor and c.is_minor_of(ctx.faction)
               for n in u.nationality)


def _one_place(ctx: ReplacementContext, anywhere: bool) -> ReplacementContext:
    """``ctx`` with one location per unit that may be paid for: with stacking relaxed no rule ties one
    unit's location to another's, so a unit is placeable or not, and one location says which (``anywhere``:
    1.3.4 relaxed too, any location of the map)."""
    first = next(iter(ctx.locations()), None)
    place = {}
    for uid in ctx.units:
        vals = ctx.place_values[uid]
        if anywhere and ctx.pay_values[uid] and first is not None:
            place[uid] = [vals[0] if vals else first]
        else:
            place[uid] = vals[:1]
    return replace(ctx, place_values=place, pay_values=dict(ctx.pay_values))


def _conquered_too(ctx: ReplacementContext) -> tuple[ReplacementContext, bool]:
    """``ctx`` (one location each, 1.3.4 relaxed) with the units of the faction's own Conquered Allied Minor
    Countries takeable, paid as its other Minor Countries are (1.3.3.1's Exception relaxed). Returns the
    context and whether any unit is freed."""
    out = _one_place(ctx, True)
    first = next(iter(ctx.locations()), None)
    freed = False
    for uid in ctx.force_pool:
        u = ctx.units[uid]
        if first is None or not _exempt(ctx, u):
            continue
        pays = [opt for opt in payment_options(ctx, u)
                if not [row for row, _ in payment_problems(ctx, u, opt) if row is not MINOR_COUNTRY]]
        if pays:
            out.pay_values[uid] = pays
            out.place_values[uid] = [first]
            freed = True
    return out, freed


def _rules_without(*rows) -> tuple:
    return tuple(r for r in RULES if r not in rows)


# ----------------------------------------------------------------------------- the re-solves

def _resolve(ctx: ReplacementContext, rules: tuple, floor: Allocation, keep: dict, budget: Budget,
             progress: ProgressSink, rule: str) -> Level:
    """The most steps under ``rules`` in ``ctx``, then the most of each pool's steps up to ``keep`` (the level
    before's use), then the most steps of the pools fewest Force Pool units can take (as the direct reading
    of :mod:`.lost` claims units for them first), never fewer steps than ``floor`` (the level before's
    allocation, hinted when it fits)."""
    constraints = post(ctx, rules)
    doms = domains(ctx)
    # the level before's allocation, each unit in its location of this context (one location each, once relaxed)
    floor = Allocation([(u, loc if loc in ctx.place_values[u] else (ctx.place_values[u] or [loc])[0], p)
                        for u, loc, p in floor.placements])
    floor_steps = floor.steps_used()
    if not doms:
        return Level(rule, floor_steps, dict(keep), floor, ctx)
    steps_terms = [(len(opt), Lit(("pay", uid), opt)) for uid in ctx.units for opt in ctx.pay_values[uid]]
    pool_terms = [[(opt.count(k), Lit(("pay", uid), opt)) for uid in ctx.units for opt in ctx.pay_values[uid]
                   if k in opt] for k in ctx.pools]
    comp = compile_counts(constraints, doms, entities(ctx), objectives=[steps_terms] + pool_terms, label="r")
    if comp.infeasible:
        return Level(rule, floor_steps, dict(keep), floor, ctx, False, "infeasible")
    m = comp.model
    steps = comp.objective(0)
    m.add(steps >= floor_steps)
    kept = []
    for j, k in enumerate(ctx.pools):
        if keep.get(k, 0) > 0:
            v = m.new_int_var(0, keep[k], f"keep {k}")
            m.add(v <= comp.objective(1 + j))
            kept.append(v)
    # then, among those, the steps of the pools that fewest units can take (the most constrained first)
    total = sum(p.count for p in ctx.pools.values())
    rank = sorted(ctx.pools, key=lambda k: sum(1 for uid in ctx.force_pool if any(k in o for o in ctx.valid_pay[uid])))
    weight = {k: len(rank) - 1 - i for i, k in enumerate(rank)}
    ties = [(weight[k], comp.objective(1 + j)) for j, k in enumerate(ctx.pools) if weight[k]]
    top = (len(rank) - 1) * total + 1
    m.maximize((total + 1) * top * steps + top * sum(kept) + sum(w * e for w, e in ties))
    comp.hint(floor.choice(ctx))
    solver, out = solve(m, budget, progress=progress, what=f"splitting the lost steps: {rule} relaxed", unit="",
                        **PARAMS)
    if out.found:
        choice = comp.choice(solver.value)
        alloc = Allocation([(uid, choice[("place", uid)], choice.get(("pay", uid))) for uid in ctx.units
                            if choice.get(("place", uid)) is not None])
    else:
        alloc = floor
    if alloc.steps_used() < floor_steps:
        alloc = floor
    use = alloc.pool_use(ctx)
    return Level(rule, alloc.steps_used(), use, alloc, ctx, out.proved, out.stopped)


def relax(ctx: ReplacementContext, alloc: Allocation, budget: Optional[Budget] = None,
          progress: ProgressSink = None) -> Relaxation:
    """The optimum ``alloc`` (the best allocation of ``ctx``, proved) re-solved with the rules of
    :data:`ORDER` relaxed in turn, within ``budget`` (None: no limit): see the module doc. A level whose
    relaxation cannot add a step is not solved: no lost step, no Minor Country unit in a hex (9.1), no
    stacking limit reached (9.2), no payable unit without a Replacement Location (1.3.4), no unit of a
    Conquered Allied Minor Country of the faction (1.3.3.1); 9.1 alone is re-solved only when relaxing both
    stacking rules adds steps. Returns a :class:`Relaxation`."""
    budget = budget if budget is not None else Budget(None)
    received = {k: p.count for k, p in ctx.pools.items()}
    base = alloc.pool_use(ctx)
    rel = Relaxation(base, [], received)
    total = sum(received.values())

    def same(rule: str, prev: Level) -> Level:
        return Level(rule, prev.steps, dict(prev.use), prev.allocation, prev.ctx, True, None)

    start = Level("", alloc.steps_used(), dict(base), alloc, ctx)
    if start.steps >= total:
        rel.levels = [same(r, start) for r in ORDER]
        return rel
    flat = _one_place(ctx, False)
    # 9.1 and 9.2 relaxed together first (one location per unit: a small model); 9.1 alone is re-solved (the
    # whole model) only when that adds steps and some unit could break 9.1
    both = _resolve(flat, _rules_without(*STACKING_9_1, STACKING), alloc, base, budget, progress, "9.2")
    lv1 = same("9.1", start)
    if both.steps > start.steps and list(post(ctx, STACKING_9_1)):
        lv1 = _resolve(ctx, _rules_without(*STACKING_9_1), alloc, base, budget, progress, "9.1")
        if lv1.steps > start.steps:
            both = _resolve(flat, _rules_without(*STACKING_9_1, STACKING), lv1.allocation, lv1.use, budget,
                            progress, "9.2")
        else:
            lv1 = same("9.1", start)
    rel.levels = [lv1, both]
    prev = both
    anywhere = _one_place(ctx, True)
    if any(ctx.pay_values[u] and not ctx.place_values[u] for u in ctx.units) and prev.steps < total:
        lv3 = _resolve(anywhere, _rules_without(*STACKING_9_1, STACKING, LOCATIONS, ENEMY), prev.allocation, prev.use,
                       budget, progress, "1.3.4")
    else:
        lv3 = same("1.3.4", prev)
    rel.levels.append(lv3)
    conquered, freed = _conquered_too(ctx)
    if freed and lv3.steps < total:
        lv4 = _resolve(conquered, _rules_without(*STACKING_9_1, STACKING, LOCATIONS, ENEMY, CONQUERED_MINOR,
                                                 MINOR_COUNTRY), lv3.allocation, lv3.use, budget, progress, "1.3.3.1")
    else:
        lv4 = same("1.3.3.1", lv3)
    rel.levels.append(lv4)
    return rel


def lost_steps(ctx: ReplacementContext, alloc: Allocation, proved: bool = True, bound: Optional[int] = None,
               budget: Optional[Budget] = None, progress: ProgressSink = None) -> list:
    """The steps the best allocation ``alloc`` of ``ctx`` leaves unused, by pool and deciding rule
    (:func:`~.lost.explain_lost`, FORMAT 5 ``lost``), the counts decided by :func:`relax` within ``budget``.
    ``proved``: ``alloc`` is proved the most steps (else nothing is re-solved: each pool's entry says the
    allocation is not proved, with ``bound``). A re-solve the budget cuts short: each entry whose pool it
    may have changed says the split by rule is not proved."""
    if not proved:
        return explain_lost(ctx, alloc, False, bound=bound)
    rel = relax(ctx, alloc, budget, progress)
    out = explain_lost(ctx, alloc, True, relaxation=rel)
    stopped = rel.not_proved()
    if stopped:
        note = (f" (the split by rule is not proved: the time limit, or Ctrl-C, ended the re-solve with "
                f"{', '.join(stopped)} relaxed; more steps may be charged to a later rule)")
        for x in out:
            x["reason"] += note
    return out
