"""The one compiler: constraints of :mod:`solver.engine.constraints` to an OR-Tools CP-SAT model.

Every solver in aeref (selection enumeration and explanation, the
Replacements Segment optimiser) builds its model here, so a
:class:`~solver.engine.constraints.Nogood` means the same clause and an
:class:`~solver.engine.constraints.AtMost` the same linear inequality everywhere:

* each slot has a *domain*: its values grouped into classes (one value per
  class, or several values no constraint tells apart, :func:`interchangeable_classes`);
  one Boolean per class, exactly one per slot (a slot whose classes were all
  pruned makes the model infeasible). A slot not in the domains always holds None.
* a literal maps to a solver literal (:meth:`Compiled.lit`): its class's
  Boolean, the negation of the slot's None class for ``ANY``, or a constant
  (True / False) when the value cannot be chosen.
* with ``enforce`` every constraint is guarded by the enforcement literal of
  its rule (``Compiled.enforce[rule.key]``): explanation by assumptions.
* with ``entities`` (the counting mode, :func:`compile_counts` for short) it compiles
  the same constraints over *interchangeable entities* (Force Pool units) as counts:
  one integer per class of entities and joint value (:class:`CountModel`), the
  classes read by :mod:`solver.engine.counts`, which builds no model.

Every solve runs through :func:`~solver.engine.runner.solve` (the solve runner,
re-exported here with its names). Literal semantics, aggregation of terms and
capping of coefficients are those of :mod:`solver.engine.core`, shared with
the counting mode.

Imports ortools: load this module only on paths that solve. See docs/design.md.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterable, Optional, Sequence

from ortools.sat.python import cp_model   # this module builds CP-SAT models: ortools is needed here

from .constraints import ANY, AtMost, Constraint, Nogood
from .core import add_terms, can_hold_together, cannot_exceed, capped, classes_by_signature, lit_key, matches, on_domain
from .counts import CountReading, EntityClass, count_shape  # noqa: F401  (EntityClass: part of a CountModel)
from .groups import ValueGroup
from .runner import (  # noqa: F401  (the solve runner, re-exported: its old home)
    FEASIBLE, INFEASIBLE, OPTIMAL, Outcome, SolverLimitReached, new_solver, solve,
)


@dataclass
class Compiled:
    """A CP-SAT model of one choice.

    ``by_slot[slot]`` is ``[(values, var)]`` (one Boolean per class of
    values, exactly one per slot); ``var[(slot, value)]`` the Boolean of a
    value's class; ``enforce[rule key]`` the enforcement literal of each rule
    (only when compiled with ``enforce``); ``values[slot]`` the set of a slot's values.
    """

    model: cp_model.CpModel
    by_slot: dict
    var: dict
    enforce: dict = field(default_factory=dict)
    values: dict = field(default_factory=dict)

    def __post_init__(self):
        if not self.values:
            self.values = {slot: {v for values, _ in classes for v in values} for slot, classes in self.by_slot.items()}

    def lit(self, lit: tuple) -> Any:
        """The solver literal of a choice literal: a Boolean (or its negation), or
        True / False when it always / never holds (:func:`~solver.engine.core.on_domain`)."""
        slot, value = lit[0], lit[1]
        known = on_domain(value, self.values.get(slot))
        if known is not None:
            return known
        if value is ANY:
            return self.var[(slot, None)].negated()
        return self.var[(slot, value)]

    def chosen(self, solver: Any, slot: Hashable) -> list:
        """The values of the class ``solver`` chose for ``slot`` (a slot of the compiled domains;
        ``[None]`` when none is chosen)."""
        for values, var in self.by_slot[slot]:
            if solver.boolean_value(var):
                return values
        return [None]


def compile_model(constraints: Sequence[Constraint], domains: dict, *, enforce: bool = False,
                  label: str = "pick", free: Optional[Hashable] = None,
                  enforce_key: Optional[Callable[[Constraint], Hashable]] = None,
                  entities: Optional[Sequence[tuple]] = None, objectives: Sequence[Sequence[tuple]] = ()) -> Any:
    """Compile ``constraints`` over ``domains`` (``{slot: [[value, ...], ...]}``, classes
    of values; None may be a value) to a CP-SAT model.

    A :class:`Nogood` becomes a clause over the negations of its literals and
    an :class:`AtMost` a linear inequality over their classes (members of one
    class share its coefficient); a constraint that can never be broken is
    left out and one that always is becomes an empty clause. The same clause
    from one rule is posted once. With ``enforce`` each constraint is guarded
    by the enforcement literal of its rule (a clause shared by two rules is
    guarded by each); ``enforce_key(constraint)`` names a constraint's literal instead of
    its rule's key (the plan's: a rule in one turn). ``label`` prefixes the variable names.

    With ``free`` (a slot), that slot is not chosen: its class Booleans say
    instead which of its classes *fit* the choice of the other slots
    (``fits[K]`` is true exactly when no constraint is broken with the slot
    holding class K), and at least one must. A solution is then a choice of
    the other slots together with every value of the free slot that goes with
    it: enumerating them enumerates every legal choice at the cost of one
    solution per choice of the other slots (:func:`_post_free`). Raises
    ValueError for a free slot with ``enforce``.
    """
    if entities is not None:                       # the counting mode: one integer per class and joint value
        return _compile_counts(constraints, domains, entities, objectives=objectives, label=label)
    if free is not None and enforce:
        raise ValueError("a free slot cannot be compiled with enforcement literals")
    comp = _declare(domains, label, free)
    m = comp.model
    posted: set = set()
    viols: Optional[dict] = {} if free in comp.by_slot else None
    for c in constraints:
        rule_key = c.rule.key if c.rule is not None else ""
        if enforce_key is not None:
            rule_key = enforce_key(c)
        if enforce and rule_key not in comp.enforce:
            comp.enforce[rule_key] = m.new_bool_var(f"enforce[{rule_key}]")
        if viols is not None and _mentions(c, free):
            _post_free(comp, c, free, viols)
            continue
        ct = _post_nogood(comp, c, rule_key, posted) if isinstance(c, Nogood) else _post_sum(comp, c)
        if enforce and ct is not None:
            ct.only_enforce_if(comp.enforce[rule_key])
    if viols is not None:
        _post_fits(comp, free, viols)
    return comp


# ----------------------------------------------------------------------------- the counting mode
class CountModel(CountReading):
    """A CP-SAT model of a choice over interchangeable entities (the counting mode of
    :func:`compile_model`; :mod:`solver.engine.counts` says how it is read): ``model`` the CP-SAT
    model, ``objective(j)`` the ``j``-th objective given to the compiler, :meth:`linear` any class-level
    weighting, :meth:`hint` a solution hint from a choice, :meth:`choice` / :meth:`counts` as read."""

    def __init__(self, model: cp_model.CpModel, entities: list, domains: dict, classes: list, objectives: list,
                 groups: Sequence[ValueGroup] = ()):
        super().__init__(entities, domains, classes, groups)
        self.model = model
        self._objectives = objectives

    def objective(self, j: int) -> cp_model.LinearExpr:
        """The ``j``-th objective given to the compiler, over the counts."""
        return self._objectives[j]

    def linear(self, weight: Callable[[tuple, tuple], int]) -> cp_model.LinearExpr:
        """``sum(weight(first member's slots, joint value) * count)`` over every class and joint value:
        a weighting that treats the members of a class alike (a tie-break)."""
        terms = []
        for c in self.classes:
            slots = self.entities[c.members[0]]
            for x, v in zip(c.joint, c.vars):
                w = weight(slots, x)
                if w:
                    terms.append((v, w))
        return cp_model.LinearExpr.weighted_sum([v for v, _ in terms], [w for _, w in terms]) if terms else 0

    def hint(self, choice: dict) -> bool:
        """Hint ``choice`` to the solver (replacing any hint). Returns False (no hint) when it is not allowed."""
        counts = self.counts(choice)
        self.model.clear_hints()
        if counts is None:
            return False
        for c, n in zip(self.classes, counts):
            for v, k in zip(c.vars, n):
                self.model.add_hint(v, k)
        return True


def compile_counts(constraints: Sequence[Constraint], domains: dict, entities: Sequence[tuple], *,
                   objectives: Sequence[Sequence[tuple]] = (), label: str = "n") -> CountModel:
    """:func:`compile_model` in its counting mode (``entities`` given): see :func:`_compile_counts`."""
    return compile_model(constraints, domains, entities=entities, objectives=objectives, label=label)


def _compile_counts(constraints: Sequence[Constraint], domains: dict, entities: Sequence[tuple], *,
                    objectives: Sequence[Sequence[tuple]] = (), label: str = "n") -> CountModel:
    """Compile ``constraints`` over ``domains`` (``{slot: [value, ...]}``, None a value where
    allowed) for ``entities`` (tuples of slots; a slot in no entity is one of its own;
    slots without a domain always hold None) to a :class:`CountModel`.

    ``objectives`` are lists of ``(coefficient, literal)`` terms: entities they
    weigh differently are not merged, and :meth:`CountModel.objective` gives each
    as a linear expression. Exact for every Nogood / AtMost (see the module doc).
    A model that can never be satisfied has ``infeasible`` True (and an empty clause).
    """
    ents, classes, of, sum_cs, obj_cs, cross, groups, empty = count_shape(constraints, domains, entities, objectives)
    m = cp_model.CpModel()
    empty = _declare_counts(m, classes, label) | empty
    comp = CountModel(m, ents, domains, classes, [], groups)
    empty |= _post_sums(m, classes, sum_cs)
    _post_cross(m, classes, of, cross)
    for per in obj_cs:
        comp._objectives.append(_weighted(classes, per))
    if empty:
        m.add_bool_or([])                          # a constraint that always breaks: infeasible
        comp.infeasible = True
    return comp


def _declare_counts(m: cp_model.CpModel, classes: list, label: str) -> bool:
    """One count per class and joint value (a Boolean for a class of one), adding up to the class's
    size. Returns True when a class has no joint value at all (the model is infeasible)."""
    empty = False
    for ci, c in enumerate(classes):
        k = c.size
        c.vars = [m.new_bool_var(f"{label}{ci}") if k == 1 else m.new_int_var(0, k, f"{label}{ci}") for _ in c.joint]
        if c.vars:
            m.add(cp_model.LinearExpr.sum(c.vars) == k)
        else:
            empty = True                           # nothing allowed for these entities
    return empty


def _post_sums(m: cp_model.CpModel, classes: list, sum_cs: list) -> bool:
    """Each sum ``(slack, {class: {joint index: coefficient}})`` as one inequality over the counts,
    coefficients capped at the slack; a sum that can never be exceeded is left out. Returns True
    when a sum without terms is always broken."""
    empty = False
    for slack, per in sum_cs:
        vs, ws, top = [], [], 0
        for ci, cs in per.items():
            cvars = classes[ci].vars
            for i in sorted(cs):
                vs.append(cvars[i])
                ws.append(capped(cs[i], slack))
            top += classes[ci].size * capped(max(cs.values(), default=0), slack)
        if cannot_exceed(top, slack):
            continue
        if not vs:
            empty = empty or slack < 0
            continue
        m.add(cp_model.LinearExpr.weighted_sum(vs, ws) <= slack)
    return empty


def _post_cross(m: cp_model.CpModel, classes: list, of: list, cross: list) -> None:
    """The cross-entity nogoods, one per complete family: "some member of each class satisfies its
    part" is forbidden, or for two members of one class with one part, at most one may."""
    flags: dict = {}

    def part_vars(ci: int, p: frozenset) -> list:
        c = classes[ci]
        return [c.vars[i] for i in c.matching(p)]

    def some(ci: int, p: frozenset):
        """A literal implied by "some member of class ci satisfies p" (None: none can)."""
        key = (ci, p)
        if key not in flags:
            vs = part_vars(ci, p)
            if not vs:
                flags[key] = None
            elif classes[ci].size == 1 and len(vs) == 1:
                flags[key] = vs[0]
            else:
                y = m.new_bool_var(f"some{ci}")
                m.add(cp_model.LinearExpr.sum(vs) <= classes[ci].size * y)
                flags[key] = y
        return flags[key]

    done = set()
    for fp in cross:
        items = Counter((of[e], p) for e, p in fp.items())
        key = frozenset(items.items())
        if key in done:
            continue
        done.add(key)
        if len(items) == 1 and next(iter(items.values())) == 2:
            (ci, p), = items
            vs = part_vars(ci, p)
            if vs:
                m.add(cp_model.LinearExpr.sum(vs) <= 1)
            continue
        lits = [some(ci, p) for (ci, p) in items]
        if any(x is None for x in lits):
            continue                               # a part no member can satisfy: never broken
        m.add_bool_or([x.negated() for x in lits])


def _weighted(classes: list, per: dict) -> Any:
    """The linear expression of objective terms ``{class: {joint index: coefficient}}`` (0 when empty)."""
    vs, ws = [], []
    for ci, cs in per.items():
        for i in sorted(cs):
            vs.append(classes[ci].vars[i])
            ws.append(cs[i])
    return cp_model.LinearExpr.weighted_sum(vs, ws) if vs else 0


# ----------------------------------------------------------------------------- one Boolean per value class
def _declare(domains: dict, label: str, free: Optional[Hashable]) -> Compiled:
    """The model with one Boolean per class of each slot's values, exactly one per slot but ``free``
    (a slot without a class: nothing fits, the model is infeasible)."""
    m = cp_model.CpModel()
    by_slot: dict = {}
    var: dict = {}
    for slot, classes in domains.items():
        by_slot[slot] = []
        for values in classes:
            more = f"+{len(values) - 1}" if len(values) > 1 else ""
            b = m.new_bool_var(f"{label}[{_name(slot)}:{values[0]}{more}]")
            by_slot[slot].append((values, b))
            for v in values:
                var[(slot, v)] = b
        if slot != free:
            m.add_exactly_one([b for _, b in by_slot[slot]])
    return Compiled(m, by_slot, var)


def _post_nogood(comp: Compiled, c: Nogood, rule_key: str, posted: set) -> Any:
    """The clause of ``c`` (None when it can never be broken, or ``rule_key`` posted it already)."""
    if not can_hold_together(c.lits):
        return None                                     # two values of one slot: never broken
    lits = [comp.lit(l) for l in c.lits]
    if any(x is False for x in lits):
        return None                                     # a literal that cannot hold: never broken
    lits = [x for x in lits if x is not True]
    key = (rule_key, frozenset(x.index for x in lits))
    if key in posted:
        return None
    posted.add(key)
    return comp.model.add_bool_or([x.negated() for x in lits])


def _post_sum(comp: Compiled, c: AtMost) -> Any:
    """The linear inequality of ``c`` over the class Booleans (None when it can never be exceeded).
    Members of one class share its coefficient; coefficients are capped at what the bound leaves
    after the constant of ``c``."""
    const, coefs = add_terms(c.terms, lit_key, c.const)
    per_var: dict = {}
    for l, coef in coefs.items():
        x = comp.lit(l)
        if x is True:
            const += coef
        elif x is not False:
            per_var.setdefault(x.index, (capped(coef, c.bound - c.const), x))   # members of a class share it
    if cannot_exceed(sum(k for k, _ in per_var.values()), c.bound - const):
        return None
    return comp.model.add(sum(k * x for k, x in per_var.values()) <= c.bound - const)


def _mentions(c: Constraint, slot: Hashable) -> bool:
    lits = c.lits if isinstance(c, Nogood) else [l for _, l in c.terms]
    return any(l[0] == slot for l in lits)


def _post_free(comp: Compiled, c: Constraint, free: Hashable, viols: dict) -> None:
    """Compile ``c``, which mentions the ``free`` slot, class by class of that slot.

    For each class K of the free slot, ``c`` with the slot holding K is a
    condition on the other slots; ``fits[K]`` implies it holds, and each way of
    breaking it is a literal in ``viols[K]`` that is true exactly when it is broken
    (a nogood's other literals all hold; a sum's other terms exceed what K leaves).
    ``viols[K] = False`` marks a class that ``c`` excludes whatever the others hold.
    """
    if isinstance(c, Nogood):
        _post_free_nogood(comp, c, free, viols)
    else:
        _post_free_sum(comp, c, free, viols)


def _exclude(viols: dict, s: Any) -> None:
    """Class Boolean ``s`` of the free slot never fits."""
    viols[s.index] = False


def _broken_by(viols: dict, s: Any, v: Any) -> None:
    """Class ``s`` of the free slot does not fit when ``v`` holds."""
    if viols.get(s.index) is not False:
        viols.setdefault(s.index, []).append(v)


def _post_free_nogood(comp: Compiled, c: Nogood, free: Hashable, viols: dict) -> None:
    """:func:`_post_free` for a nogood: the classes its free-slot literals hold for are broken when
    every other literal holds."""
    if not can_hold_together(c.lits):
        return
    m = comp.model
    mine = [l for l in c.lits if l[0] == free]
    others = [comp.lit(l) for l in c.lits if l[0] != free]
    if any(x is False for x in others):
        return
    others = [x for x in others if x is not True]
    hit = [s for values, s in comp.by_slot[free] if all(matches(l[1], values[0]) for l in mine)]
    if not others:
        for s in hit:
            _exclude(viols, s)
        return
    if len(others) == 1:
        v = others[0]
    else:                                             # v <=> every other literal holds
        v = m.new_bool_var("all")
        for x in others:
            m.add_implication(v, x)
        m.add_bool_or([x.negated() for x in others] + [v])
    for s in hit:
        m.add_bool_or([s.negated(), v.negated()])
        _broken_by(viols, s, v)


def _post_free_sum(comp: Compiled, c: AtMost, free: Hashable, viols: dict) -> None:
    """:func:`_post_free` for a sum: the classes of the free slot, grouped by what they add to the
    sum, each with the condition that the other terms stay within what it leaves."""
    m = comp.model
    classes = comp.by_slot[free]
    const, coefs = add_terms(c.terms, lit_key, c.const)
    per_var: dict = {}
    mine = {s.index: 0 for _, s in classes}
    for l, coef in coefs.items():
        if l[0] == free:
            for values, s in classes:
                if matches(l[1], values[0]):
                    mine[s.index] += coef
            continue
        x = comp.lit(l)
        if x is True:
            const += coef
        elif x is not False:
            per_var.setdefault(x.index, (coef, x))
    groups = classes_by_signature([s for _, s in classes], lambda s: mine[s.index])
    for ss in groups:
        rhs = c.bound - const - mine[ss[0].index]
        if rhs < 0:
            for s in ss:
                _exclude(viols, s)
            continue
        terms = [(capped(k, rhs), x) for k, x in per_var.values()]
        if cannot_exceed(sum(k for k, _ in terms), rhs):
            continue                                      # cannot be exceeded with K
        lin = sum(k * x for k, x in terms)
        v = m.new_bool_var("over")                        # v <=> the other terms exceed what K leaves
        m.add(lin >= rhs + 1).only_enforce_if(v)
        m.add(lin <= rhs).only_enforce_if(v.negated())
        for s in ss:
            m.add_implication(s, v.negated())
            _broken_by(viols, s, v)


def _post_fits(comp: Compiled, free: Hashable, viols: dict) -> None:
    """The free slot's class Booleans: each fits exactly when none of its ways of breaking holds,
    and at least one fits."""
    m = comp.model
    fits = [s for _, s in comp.by_slot[free] if viols.get(s.index) is not False]
    for s in fits:
        if viols.get(s.index):
            m.add_bool_or([s] + viols[s.index])      # not fitting: some constraint is broken
        else:
            m.add(s == 1)                             # nothing can break with it
    for _, s in comp.by_slot[free]:
        if viols.get(s.index) is False:
            m.add(s == 0)
    m.add_bool_or(fits)                               # the other slots leave the free slot some value


def _name(slot: Any) -> str:
    return ":".join(str(p) for p in slot) if isinstance(slot, tuple) else str(slot)


def assumptions_core(comp: Compiled, keys: Iterable[str], solver: cp_model.CpSolver) -> list[str]:
    """The rule keys among ``keys`` whose enforcement literals the solver named in its
    (not necessarily minimal) infeasible core."""
    keys = list(keys)
    by_index = {comp.enforce[k].index: k for k in keys}
    return [by_index[i] for i in solver.sufficient_assumptions_for_infeasibility() if i in by_index]
