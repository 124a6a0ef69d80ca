"""What another faction may have placed, by CP-SAT over every hand its view allows (1.1, 1.1.3).

The constraints of :mod:`solver.selection.hidden` (the selection rules, the hand a choice of
``hand-count`` candidates) are compiled once by the one compiler. A selection is *possible* when
some hand makes it legal:

* :func:`possible_selections` - every possible selection, each with one hand that makes it legal.
  The slot with the most values is compiled *free* (its class Booleans say which of its values fit
  the rest of the choice, the hand included); each solution is a value of the other slot, a hand
  and the values of the free slot that fit with them. A clause then asks, for that value of the
  other slot, for a value of the free slot not found yet (with another hand), or else forbids that
  value: every solve finds a new selection or closes a value, so the solves number about the values
  of the other slot plus the selections only another hand allows (never one per hand).
* :func:`possible` - one selection: a hand that allows it, or the minimal set of rules that forbid
  it whatever the hand (every rule's enforcement literal an assumption, the core shrunk by
  deletion; the hand's size is a fact, always enforced).

Every solve runs through :func:`~solver.engine.runner.solve` (the command's budget). Imports ortools.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import Any, Optional

from ...model.files.load import Position

from ..engine.compiler import compile_model
from ..engine.constraints import Evaluator
from ..engine.core import singleton_classes
from ..engine.limits import Budget, ProgressSink, budget_for
from ..engine.runner import FEASIBLE, INFEASIBLE, OPTIMAL, SolverLimitReached, solve
from .hidden import (COUNT, EMPTY_HIDDEN, FACTS, HIDDEN_RULES, HiddenContext, domains, held, hidden_constraints,
                     make_hidden_context)
from .rules import choice_key

#: CP-SAT parameters of the many small solves of the enumeration: a pure-Boolean model, solved again with
#: one clause more each time; presolve, probing, symmetry detection and LP relaxation cost more than they save
_QUICK: dict[str, Any] = dict(cp_model_presolve=False, cp_model_probing_level=0, symmetry_level=0,
                             linearization_level=0)

#: The enforcement key of the view's facts (the hand's size): assumed in every solve.
_FACT_KEY = "facts of the view"


@dataclass
class Possible:
    """The selections ``faction`` may have made (or may make) for some hand its view allows:
    ``selections`` ``[(choice, hand)]`` sorted as FORMAT 5 (a choice maps each map to a card id or
    None; ``hand`` ``{map: [card ids]}`` one hand that makes it legal); ``complete`` False when the
    budget ended the search; ``ctx`` the context (its ``hands``)."""

    ctx: HiddenContext
    selections: list = field(default_factory=list)
    complete: bool = True


def _hand(ctx: HiddenContext, comp, solver) -> dict:
    """The hand of a solution: ``{map: [card ids held]}`` in deck order."""
    return {m: [c for c in h.cards if comp.chosen(solver, held(c))[0] is True] for m, h in ctx.hands.items()}


def possible_selections(pos: Position, faction: str, *, budget: Optional[Budget] = None,
                        progress: ProgressSink = None, time_limit: Optional[float] = None) -> Possible:
    """Every selection of ``faction`` legal for some hand the view ``pos`` allows (see the module
    doc). Raises :class:`~model.files.errors.InputError` as
    :func:`~solver.selection.hidden.hidden_hands`."""
    budget = budget_for(budget, time_limit)
    ctx = make_hidden_context(pos, faction)
    constraints = hidden_constraints(ctx)
    dom = domains(ctx)
    free = max(ctx.slots, key=lambda s: len(dom[s]))
    others = [s for s in ctx.slots if s != free]
    comp = compile_model(constraints, singleton_classes(dom), free=free)
    fits = comp.by_slot[free]
    found = _seeded(ctx, constraints, others, free, budget)    # the other slots' values -> {free value: hand}
    for key, seen in found.items():                    # what evaluation proved: CP-SAT asks only for the rest
        same = [comp.var[(s, v)] for s, v in zip(others, key)]
        comp.model.add_bool_or([x.negated() for x in same] + [b for values, b in fits if values[0] not in seen])
    out = Possible(ctx)
    while True:
        solver, outcome = solve(comp.model, budget, progress=progress, what="possible selections", objective=False,
                                **_QUICK)
        if outcome.status == INFEASIBLE:
            break
        if outcome.status not in (OPTIMAL, FEASIBLE):
            out.complete = False
            break
        key = tuple(comp.chosen(solver, s)[0] for s in others)
        seen = found.setdefault(key, {})
        hand = _hand(ctx, comp, solver)
        for values, b in fits:
            if solver.boolean_value(b) and values[0] not in seen:
                seen[values[0]] = hand
        same = [comp.var[(s, v)] for s, v in zip(others, key)]
        rest = [b for values, b in fits if values[0] not in seen]
        comp.model.add_bool_or([x.negated() for x in same] + rest)
    for key, seen in found.items():
        for v, hand in seen.items():
            out.selections.append(({**dict(zip(others, key)), free: v}, hand))
    out.selections.sort(key=lambda p: choice_key(p[0]))
    return out


def _hand_for(ctx: HiddenContext, fit: Evaluator, choice: dict) -> Optional[dict]:
    """A hand to try ``choice`` with (None: none of this shape): on a map whose slot holds a card, that
    card and the first others of the candidates; on an empty slot, candidates that do not fit it with
    the other slot (1.1.3 No Pending Card), if there are enough."""
    hand = {}
    for m, h in ctx.hands.items():
        v = choice.get(m)
        if v is not None:
            if v not in h.cards or h.size < 1:
                return None
            hand[m] = [v] + [c for c in h.cards if c != v][: h.size - 1]
            continue
        rest = {s: x for s, x in choice.items() if s != m}
        holding = {held(x): True for x in rest.values() if x is not None}
        no = [c for c in h.cards if not fit.fits({m: c, **rest, **holding, held(c): True})]
        if len(no) < h.size:
            return None
        hand[m] = no[: h.size]
    return hand


def _seeded(ctx: HiddenContext, constraints: list, others: list, free, budget: Optional[Budget] = None) -> dict:
    """The selections the evaluator proves possible, each with the hand it was proved with
    (:func:`_hand_for`): ``{other slots' values: {free value: hand}}``. The same constraints as the
    model, evaluated on a concrete hand: a selection found here is possible; one missed is left to
    CP-SAT, which also proves that no other is. Stops when ``budget``'s wall clock runs out (the
    solve after it then finds nothing left: not complete)."""
    # the hand made has the count's size (COUNT holds); with every slot filled 1.1.3 No Pending Card cannot
    # be broken and only a selected card's held literal is read (1.1.3 from the hand): the evaluator of
    # the rest is several times faster on the thousands of filled selections
    ev = Evaluator([c for c in constraints if c.rule is not COUNT])
    fit = Evaluator([c for c in constraints if c.rule not in (COUNT, EMPTY_HIDDEN)])
    found: dict = {}
    for n, key in enumerate(product(*[ctx.values(s) for s in others])):
        if not n % 16 and budget is not None and budget.limited and (budget.left() or 0.0) <= 0:
            break
        for v in ctx.values(free):
            choice = {**dict(zip(others, key)), free: v}
            hand = _hand_for(ctx, fit, choice)
            if hand is None:
                continue
            filled = None not in choice.values()
            holding = [c for c in choice.values() if c is not None] if filled else [c for cs in hand.values() for c in cs]
            if (fit if filled else ev).fits({**choice, **{held(c): True for c in holding}}):
                found.setdefault(key, {})[v] = {m: [c for c in ctx.hands[m].cards if c in cs] for m, cs in hand.items()}
    return found


@dataclass
class PossibleRuling:
    """One selection from another faction's view: ``possible`` with a ``hand`` that makes it legal,
    or impossible whatever the hand with the ``violations`` of a minimal set of rules (``complete``
    False: proved, perhaps not minimal)."""

    choice: dict
    possible: bool
    hand: Optional[dict]
    violations: list
    complete: bool = True


def possible(pos: Position, faction: str, choice: dict, *, budget: Optional[Budget] = None) -> PossibleRuling:
    """Is ``choice`` (map -> card id or None) legal for some hand of ``faction`` the view ``pos``
    allows? Raises :class:`SolverLimitReached` when the budget ends the first solve unproved, and
    :class:`~model.files.errors.InputError` as :func:`~solver.selection.hidden.hidden_hands`."""
    budget = budget_for(budget, None)
    full = {m: choice.get(m) for m in pos.maps}
    ctx = make_hidden_context(pos, faction, {m: [v] for m, v in full.items() if v})
    constraints = hidden_constraints(ctx)
    facts = {r.key for r in FACTS if r is not None}
    comp = compile_model(constraints, singleton_classes(domains(ctx)), enforce=True,
                         enforce_key=lambda c: _FACT_KEY if c.rule is not None and c.rule.key in facts
                         else c.rule.key if c.rule is not None else "")
    picked = [comp.lit((m, v)) for m, v in full.items()]
    if any(x is False for x in picked):
        raise ValueError(f"{choice}: a value outside the slots")    # never: every card asked is a candidate
    picked = [x for x in picked if x is not True]
    keys = [k for k in comp.enforce if k != _FACT_KEY]

    def run(kept: list):
        m = comp.model
        m.clear_assumptions()
        m.add_assumptions([comp.enforce[k] for k in kept] + ([comp.enforce[_FACT_KEY]] if _FACT_KEY in comp.enforce
                                                             else []) + picked)
        solver, out = solve(m, budget, objective=False)
        if not (out.proved or out.found):
            raise SolverLimitReached("the solver's time limit was reached before the answer was proved")
        return out.status, solver

    status, solver = run(keys)
    if status in (OPTIMAL, FEASIBLE):
        return PossibleRuling(full, True, _hand(ctx, comp, solver), [])
    kept, complete = list(keys), True
    for k in list(keys):
        trial = [x for x in kept if x != k]
        try:
            st, _ = run(trial)
        except SolverLimitReached:
            complete = False
            continue
        if st == INFEASIBLE:
            kept = trial
    return PossibleRuling(full, False, None, _violations(ctx, constraints, full, kept), complete)


def _violations(ctx: HiddenContext, constraints: list, full: dict, kept: list) -> list:
    """The violations of the kept rules, as the choice breaks them with every candidate held (the
    most any hand allows); a kept rule broken only by the hand's size (1.1.3 No Pending Card, one
    card or another fitting whatever the hand) is named with what it says of the hand."""
    holding = {held(c): True for h in ctx.hands.values() for c in h.cards}
    ev = Evaluator([c for c in constraints if c.rule.key in kept])
    out, named = [], set()
    for b in ev.broken({**full, **holding}):
        out.append(b.violation)
        named.add(b.rule.key)
    for r in HIDDEN_RULES:
        if r.key in kept and r.key not in named:
            named.add(r.key)
            sizes = ", ".join(f"{h.map.upper()} {h.size} of {len(h.cards)}" for h in ctx.hands.values())
            out.append(r.violation(f"broken whatever hand of that size it holds ({sizes})"))
    return out
