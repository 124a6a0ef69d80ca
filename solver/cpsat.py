"""CP-SAT over the selection rules: enumeration and explanation.

The constraints posted by :mod:`solver.selection` are compiled as they are:
a Boolean ``pick[slot, value]`` per literal with exactly one value per slot,
a :class:`~solver.core.Nogood` as a clause, an :class:`~solver.core.AtMost`
as a linear inequality. Each constraint is guarded by the enforcement literal
of its rule when the model is built for explanation.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Optional

from ortools.sat.python import cp_model

from ..model.position import Position

from .core import AtMost, Nogood, RuleIndex
from .selection import RULES, SelectionContext, choice_key, interpretations_used, make_context, post_all


class SolverLimitReached(Exception):
    """The solver's time limit was hit before the answer was complete."""


@dataclass
class Compiled:
    """A CP-SAT model of one selection: ``by_slot[slot]`` is ``[(values, var)]``
    (one Boolean per class of values, exactly one per slot), ``pick[(slot,
    value)]`` the variable of a value's class, ``enforce[rule key]`` the
    enforcement literal of each rule (only when built with enforcement)."""
    model: cp_model.CpModel
    by_slot: dict
    pick: dict
    enforce: dict


def _clamp(coef: int, c: AtMost) -> int:
    """A coefficient of ``c`` capped at ``bound - const + 1`` (at least 1): a term
    that alone exceeds the bound still does, and a huge value from a file
    (``production: 10**40``) stays within CP-SAT's 64-bit integers."""
    return min(coef, max(c.bound - c.const, 0) + 1)


def interchangeable_classes(ctx: SelectionContext, constraints, prune: RuleIndex) -> dict:
    """Each slot's literals grouped into classes that no constraint tells apart.

    Literals a unary constraint excludes are left out (pruned). Two values of
    one slot fall in one class when they take part in exactly the same
    constraints the same way: the same partners in every nogood, the same
    coefficient in every sum. Swapping them maps every legal choice to a legal
    choice, so a choice of classes is legal exactly when every choice of
    their members is. Returns ``{slot: [[value, ...], ...]}`` (classes in
    order of first value).
    """
    sig: dict = {}
    for slot in ctx.slots:
        for v in ctx.values(slot):
            if not prune.unary_excluded((slot, v)):
                sig[(slot, v)] = set()
    for i, (_, c) in enumerate(constraints):
        if isinstance(c, Nogood):
            lits = frozenset(c.lits)
            if any(l not in sig for l in lits) or len({l[0] for l in lits}) < len(lits):
                continue                      # a pruned literal, or two values of one slot: cannot hold
            for l in lits:
                sig[l].add(("nogood", lits - {l}))
        else:
            coefs: dict = {}
            for coef, l in c.terms:
                if l in sig and coef:
                    coefs[l] = coefs.get(l, 0) + coef
            for l, coef in coefs.items():
                sig[l].add(("sum", i, coef))
    out: dict = {slot: {} for slot in ctx.slots}
    for (slot, v), s in sig.items():
        out[slot].setdefault(frozenset(s), []).append(v)
    return {slot: list(groups.values()) for slot, groups in out.items()}


def singleton_classes(ctx: SelectionContext) -> dict:
    """Every value of every slot in a class of its own, none pruned (for explanation)."""
    return {slot: [[v] for v in ctx.values(slot)] for slot in ctx.slots}


def compile_model(ctx: SelectionContext, constraints, classes: dict, *, enforce: bool = False) -> Compiled:
    """Compile the posted constraints (``[(rule, constraint)]``) to CP-SAT over
    ``classes`` of values (:func:`interchangeable_classes` for enumeration,
    :func:`singleton_classes` for explanation): a :class:`~solver.core.Nogood`
    becomes a clause and an :class:`~solver.core.AtMost` a linear inequality
    over the classes of its literals. A constraint on a value that is in no
    class (pruned) cannot be broken and is left out. With ``enforce`` each
    constraint is guarded by the enforcement literal of its rule."""
    m = cp_model.CpModel()
    pick, by_slot, enf = {}, {}, {}
    for slot in ctx.slots:
        by_slot[slot] = []
        for values in classes[slot]:
            var = m.NewBoolVar(f"pick[{slot}:{values[0] or 'none'}{'+' + str(len(values) - 1) if len(values) > 1 else ''}]")
            by_slot[slot].append((values, var))
            for v in values:
                pick[(slot, v)] = var
        m.AddExactlyOne([var for _, var in by_slot[slot]])
    posted = set()
    for rule, c in constraints:
        if enforce and rule.key not in enf:
            enf[rule.key] = m.NewBoolVar(f"enforce[{rule.key}]")
        scope = rule.key if enforce else None          # the same clause from two rules is guarded by each
        if isinstance(c, Nogood):
            lits = frozenset(c.lits)
            if any(l not in pick for l in lits) or len({l[0] for l in lits}) < len(lits):
                continue                      # a pruned literal, or two values of one slot: cannot hold
            key = (scope, frozenset(pick[l].Index() for l in lits))
            if key in posted:
                continue
            posted.add(key)
            ct = m.AddBoolOr([pick[l].Not() for l in lits])
        else:
            coef_of: dict = {}
            for coef, l in c.terms:
                if l in pick and coef:
                    coef_of[l] = coef_of.get(l, 0) + coef
            terms = {}
            for l, coef in coef_of.items():
                terms.setdefault(pick[l].Index(), (_clamp(coef, c), pick[l]))   # members share the coefficient
            if not terms or c.const + sum(coef for coef, _ in terms.values()) <= c.bound:
                continue                      # cannot be exceeded
            ct = m.Add(sum(coef * var for coef, var in terms.values()) <= c.bound - c.const)
        if enforce:
            ct.OnlyEnforceIf(enf[rule.key])
    return Compiled(m, by_slot, pick, enf)


class _Collector(cp_model.CpSolverSolutionCallback):
    """Records each solution as the list of value classes chosen, one per slot;
    reads only until the chosen class of each slot is found."""

    def __init__(self, slots, by_slot):
        super().__init__()
        self.options = [by_slot[slot] for slot in slots]
        self.found = []

    def on_solution_callback(self):
        chosen = []
        value = self.BooleanValue
        for options in self.options:
            for values, var in options:
                if value(var):
                    chosen.append(values)
                    break
        self.found.append(chosen)


def enumerate_choices(pos: Position, faction: str, time_limit: Optional[float] = None) -> tuple[list[dict], bool]:
    """Every legal Pending Card selection of ``faction``, by CP-SAT enumeration.

    Returns ``(choices, complete)``: choices map each map in play to a card id
    or None, sorted as FORMAT 5 says; ``complete`` is False when
    ``time_limit`` (seconds) ran out first. Raises ``ValueError`` for a
    faction not in the position.

    Literals a unary rule excludes get no variable; the values of a slot that
    no constraint tells apart share one (:func:`interchangeable_classes`), so
    CP-SAT enumerates the legal choices of classes and each expands to every
    combination of its members: the same list, with far fewer solutions to
    enumerate (about 50 us each in CP-SAT's callback).
    """
    ctx = make_context(pos, faction)
    index, constraints = post_all(RULES, ctx)
    comp = compile_model(ctx, constraints, interchangeable_classes(ctx, constraints, index))
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    # a small pure-Boolean model: presolve, probing, symmetry detection and LP
    # relaxation cost more than they save (measured: 8.5 -> 2.9 ms for 25 x 25)
    solver.parameters.cp_model_presolve = False
    solver.parameters.cp_model_probing_level = 0
    solver.parameters.symmetry_level = 0
    solver.parameters.linearization_level = 0
    if time_limit is not None:             # 0 is no time at all, as in why(), not "no limit"
        solver.parameters.max_time_in_seconds = float(time_limit)
    cb = _Collector(ctx.slots, comp.by_slot)
    status = solver.Solve(comp.model, cb)
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    choices = [dict(zip(ctx.slots, vals)) for chosen in cb.found for vals in product(*chosen)]
    return sorted(choices, key=choice_key), complete


@dataclass
class WhyAnswer:
    """Why a card is (not) in a legal choice: ``legal`` and ``example``, or the violations."""
    card: str
    slot: str
    legal: bool
    example: Optional[dict]
    violations: list
    interpretations: dict
    rules: list          # the minimal set of rule keys that exclude the card
    complete: bool = True  # False: the time limit cut the shrinking short, the set may not be minimal

    def as_json(self) -> dict:
        out = {"card": self.card, "legal": self.legal}
        if self.legal:
            out["example"] = self.example
        out["violations"] = [v.as_json() for v in self.violations]
        out["interpretations"] = self.interpretations
        out["complete"] = self.complete
        return out


def _solve(comp: Compiled, assumptions: list, time_limit: Optional[float]):
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if time_limit is not None:
        if time_limit <= 0:
            raise SolverLimitReached("the solver's time limit was reached before the answer was proved")
        solver.parameters.max_time_in_seconds = float(time_limit)
    comp.model.ClearAssumptions()
    comp.model.AddAssumptions(assumptions)
    status = solver.Solve(comp.model)
    if status == cp_model.UNKNOWN:
        raise SolverLimitReached("the solver's time limit was reached before the answer was proved")
    return status, solver


def why(pos: Position, faction: str, card: str, time_limit: Optional[float] = None) -> WhyAnswer:
    """Why ``card`` is in no legal selection of ``faction``.

    The card is forced into the slot of its own map (the game's only slot when
    that map is not in play); the rules' enforcement literals are the
    assumptions; an infeasible core is shrunk by deletion to a minimal set of
    rules and re-checked. Returns a :class:`WhyAnswer` with one legal choice
    containing the card, or the violations of the minimal set of rules in
    every choice containing it. ``time_limit`` (seconds) bounds all the
    solves together; raises :class:`SolverLimitReached` when it runs out
    before the first answer (is the card in a legal choice?) is proved; when
    it runs out while the core is shrunk, the answer lists the rules of a
    proved but perhaps not minimal core and ``complete`` is False.
    """
    import time

    def left():
        return None if deadline is None else deadline - time.perf_counter()

    c = pos.cards[card]
    slot = c.map if c.map in pos.maps else pos.maps[0]
    ctx = make_context(pos, faction, {slot: [card]})
    index, constraints = post_all(RULES, ctx)
    comp = compile_model(ctx, constraints, singleton_classes(ctx), enforce=True)
    comp.model.Add(comp.pick[(slot, card)] == 1)
    keys = list(comp.enforce)
    deadline = None if time_limit is None else time.perf_counter() + float(time_limit)   # solver time only
    status, solver = _solve(comp, [comp.enforce[k] for k in keys], left())
    interps = interpretations_used(pos)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        example = {}
        for (s, v), var in comp.pick.items():
            if solver.BooleanValue(var):
                example[s] = v
        return WhyAnswer(card, slot, True, example, [], interps, [])
    by_index = {comp.enforce[k].Index(): k for k in keys}
    core = [by_index[i] for i in solver.SufficientAssumptionsForInfeasibility() if i in by_index] or keys
    # shrink by deletion: drop each rule whose absence keeps the model infeasible
    kept, complete = list(core), True
    for k in list(core):
        trial = [x for x in kept if x != k]
        try:
            st, _ = _solve(comp, [comp.enforce[x] for x in trial], left())
        except SolverLimitReached:
            complete = False               # not proved droppable: keep the rule
            continue
        if st == cp_model.INFEASIBLE:
            kept = trial
    try:
        st, _ = _solve(comp, [comp.enforce[x] for x in kept], left())
    except SolverLimitReached:
        st, complete = cp_model.INFEASIBLE, False   # kept is the core or a proved-infeasible trial
    if st != cp_model.INFEASIBLE:          # re-check; never show an unproved core
        kept, complete = keys, False       # every rule: proved, but not shown to be minimal
    # the violations of the kept rules' constraints on the card, in the choices that contain it
    lit = (slot, card)
    involved = RuleIndex([
        (r, c) for r, c in constraints if r.key in kept and (
            (isinstance(c, Nogood) and lit in c.lits) or (isinstance(c, AtMost) and any(l == lit for _, l in c.terms)))
    ])
    others = [s for s in ctx.slots if s != slot]
    seen, violations = set(), []
    alone = involved.violations({slot: card, **{s: None for s in others}})
    if {f"{v.rule} {v.title}" for v in alone} >= set(kept):
        # the kept rules exclude the card alone: say so, not once per (possibly illegal) pairing
        return WhyAnswer(card, slot, False, None, alone, interps, kept, complete)
    for rest in product(*[ctx.values(s) for s in others]):
        for v in involved.violations({slot: card, **dict(zip(others, rest))}):
            if v not in seen:
                seen.add(v)
                violations.append(v)
    return WhyAnswer(card, slot, False, None, violations, interps, kept, complete)
