"""Every legal Pending Card selection, and why a card is in none (1.1.3), by CP-SAT.

The selection rules of :mod:`solver.selection` are compiled by the one
compiler (:mod:`solver.cpsat`): each slot (a map in play) is a domain of
card ids plus None, a :class:`~solver.constraints.Nogood` a clause, an
:class:`~solver.constraints.AtMost` a linear inequality.

* :func:`enumerate_choices` - every legal selection: values that no
  constraint tells apart share one variable, CP-SAT enumerates the legal
  choices of classes and each expands to every combination of its members.
* :func:`why` - a card forced into its slot, every rule's enforcement literal
  an assumption; the infeasible core is shrunk by deletion to a minimal set
  of rules and re-checked.

Imports ortools.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import product
from typing import Optional

from ..model.position import Position

from .constraints import AtMost, Evaluator, Nogood
from .cpsat import (
    FEASIBLE, INFEASIBLE, OPTIMAL, UNKNOWN, SolutionCallback, SolverLimitReached, assumptions_core, compile_model,
    interchangeable_classes, new_solver, singleton_classes,
)
from .selection import RULES, choice_key, interpretations_used, make_context, post

__all__ = ["SolverLimitReached", "WhyAnswer", "enumerate_choices", "why"]


def _values(ctx) -> dict:
    return {slot: ctx.values(slot) for slot in ctx.slots}


class _Collector(SolutionCallback):
    """Records each solution as the list of value classes chosen, one per slot;
    reads only until the chosen class of each slot is found."""

    def __init__(self, slots, by_slot):
        super().__init__()
        self.options = [by_slot[slot] for slot in slots]
        self.found = []

    def on_solution_callback(self):
        chosen = []
        value = self.boolean_value
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
    ``time_limit`` (seconds; 0 is no time at all) ran out first. Raises
    :class:`~model.errors.InputError` for a faction not in the position.

    Literals a unary rule excludes get no variable; the values of a slot that
    no constraint tells apart share one (:func:`~solver.cpsat.interchangeable_classes`),
    so CP-SAT enumerates far fewer solutions than there are choices.
    """
    ctx = make_context(pos, faction)
    constraints = post(RULES, ctx)
    classes = interchangeable_classes(_values(ctx), constraints, Evaluator(constraints))
    comp = compile_model(constraints, classes)
    # a small pure-Boolean model: presolve, probing, symmetry detection and LP
    # relaxation cost more than they save (measured: 8.5 -> 2.9 ms for 25 x 25)
    solver = new_solver(time_limit, 1, enumerate_all_solutions=True, cp_model_presolve=False,
                        cp_model_probing_level=0, symmetry_level=0, linearization_level=0)
    cb = _Collector(ctx.slots, comp.by_slot)
    status = solver.solve(comp.model, cb)
    complete = status in (OPTIMAL, INFEASIBLE)
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


def _solve(comp, assumptions: list, time_limit: Optional[float]):
    """Solve ``comp`` under ``assumptions`` within ``time_limit`` seconds (None: no limit).
    Raises :class:`SolverLimitReached` when nothing was proved in time."""
    if time_limit is not None and time_limit <= 0:
        raise SolverLimitReached("the solver's time limit was reached before the answer was proved")
    solver = new_solver(time_limit, 1)
    comp.model.clear_assumptions()
    comp.model.add_assumptions(assumptions)
    status = solver.solve(comp.model)
    if status == UNKNOWN:
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
    def left():
        return None if deadline is None else deadline - time.perf_counter()

    c = pos.cards[card]
    slot = c.map if c.map in pos.maps else pos.maps[0]
    ctx = make_context(pos, faction, {slot: [card]})
    constraints = post(RULES, ctx)
    comp = compile_model(constraints, singleton_classes(_values(ctx)), enforce=True)
    comp.model.add(comp.var[(slot, card)] == 1)
    keys = list(comp.enforce)
    deadline = None if time_limit is None else time.perf_counter() + float(time_limit)   # solver time only
    status, solver = _solve(comp, [comp.enforce[k] for k in keys], left())
    interps = interpretations_used(pos)
    if status in (OPTIMAL, FEASIBLE):
        example = {s: comp.chosen(solver, s)[0] for s in ctx.slots}
        return WhyAnswer(card, slot, True, example, [], interps, [])
    core = assumptions_core(comp, keys, solver) or keys
    # shrink by deletion: drop each rule whose absence keeps the model infeasible
    kept, complete = list(core), True
    for k in list(core):
        trial = [x for x in kept if x != k]
        try:
            st, _ = _solve(comp, [comp.enforce[x] for x in trial], left())
        except SolverLimitReached:
            complete = False               # not proved droppable: keep the rule
            continue
        if st == INFEASIBLE:
            kept = trial
    try:
        st, _ = _solve(comp, [comp.enforce[x] for x in kept], left())
    except SolverLimitReached:
        st, complete = INFEASIBLE, False   # kept is the core or a proved-infeasible trial
    if st != INFEASIBLE:                   # re-check; never show an unproved core
        kept, complete = keys, False       # every rule: proved, but not shown to be minimal
    # the violations of the kept rules' constraints on the card, in the choices that contain it
    lit = (slot, card)
    involved = Evaluator([
        x for x in constraints if x.rule.key in kept and (
            (isinstance(x, Nogood) and any((l[0], l[1]) == lit for l in x.lits))
            or (isinstance(x, AtMost) and any((l[0], l[1]) == lit for _, l in x.terms)))
    ])
    others = [s for s in ctx.slots if s != slot]
    alone = involved.violations({slot: card, **{s: None for s in others}})
    if {f"{v.rule} {v.title}" for v in alone} >= set(kept):
        # the kept rules exclude the card alone: say so, not once per (possibly illegal) pairing
        return WhyAnswer(card, slot, False, None, alone, interps, kept, complete)
    # in each pairing, every violation of the kept rules: a rule of the core may break only on the other
    # slot (the selection is final and the card's partner breaks 1.1.1, say)
    kept_rules = Evaluator([x for x in constraints if x.rule.key in kept])
    seen, violations = set(), []
    for rest in product(*[ctx.values(s) for s in others]):
        for v in kept_rules.violations({slot: card, **dict(zip(others, rest))}):
            if v not in seen:
                seen.add(v)
                violations.append(v)
    return WhyAnswer(card, slot, False, None, violations, interps, kept, complete)
