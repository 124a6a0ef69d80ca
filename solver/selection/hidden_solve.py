"""What another faction may have placed, over every hand its view allows (1.1, 1.1.3).

A selection is *possible* when some hand of the ``hand-count`` drawn from the candidates
(:mod:`solver.selection.hidden`) makes it legal:

* :func:`possible_selections` - every possible selection, each with one hand that makes it legal.
  Only two things a selection asks of the hand: its cards come from it (1.1.3), and, under
  ``empty-slot=forced``, a slot stays empty only when no card of the hand fits it (1.1.3 No Pending
  Card). So the selections of the context with every candidate held and the rules of
  :data:`~solver.selection.hidden.FITTING` (every rule but those two, the one compiler and CP-SAT
  enumeration of :func:`~solver.selection.choices.enumerate_found`, candidates no constraint tells
  apart merged as ``pairs`` merges a known hand) are the filled selections possible with a hand of
  at least one card, and say which cards fit an empty slot; an empty slot is then possible exactly
  when at least its hand's size of candidates do not fit it, the hand those candidates
  (:class:`_Hands`). Cross-checked against :func:`possible` and a brute-force oracle in the tests.
* :func:`possible` - one selection: a hand that allows it, or the minimal set of rules that forbid
  it whatever the hand: the hand a choice in the model (a held literal per candidate, the hand's
  size two sums, 1.1.3 No Pending Card posted over the held literals), every rule's enforcement
  literal an assumption, the core shrunk by deletion; the hand's size is a fact, always enforced.

Every solve runs through :func:`~solver.engine.runner.solve` (the command's budget). Imports ortools.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import product
from typing import Optional

from ...model.files.load import Position

from ..engine.compiler import compile_model
from ..engine.constraints import Evaluator, post
from ..engine.core import singleton_classes
from ..engine.limits import Budget, ProgressSink, budget_for
from ..engine.runner import FEASIBLE, OPTIMAL, INFEASIBLE, SolverLimitReached, solve
from .choices import enumerate_found
from .hidden import FACTS, FITTING, HIDDEN_RULES, HiddenContext, domains, held, hidden_constraints, make_hidden_context

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
    """Every selection of ``faction`` legal for some hand the view ``pos`` allows, each with one such
    hand, in FORMAT 5 order (see the module doc). Raises :class:`~model.files.errors.InputError` as
    :func:`~solver.selection.hidden.hidden_hands`."""
    budget = budget_for(budget, time_limit)
    ctx = make_hidden_context(pos, faction)
    every = replace(ctx, every_held=True)
    found = enumerate_found(pos, ctx.faction, budget=budget, progress=progress, ctx=every,
                            constraints=post(FITTING, every))
    hands = _Hands(ctx, found)
    out = Possible(ctx, complete=found.complete)
    for choice in found.ordered():
        hand = hands.of(choice)
        if hand is not None:
            out.selections.append((choice, hand))
    return out


class _Hands:
    """The hands of :func:`possible_selections`: for a selection legal with every candidate held (a row
    of ``found``), one hand of each map's size that makes it legal, or None when no hand does.

    A map whose slot holds a card: any hand of its size holding that card (none of size 0). A map
    whose slot stays empty: under ``empty-slot=forced`` (1.1.3 No Pending Card) a hand of its size
    none of whose cards fits the slot with the other slots' values (a card fits when that selection
    is in ``found``): there is one exactly when at least that many candidates do not fit."""

    def __init__(self, ctx: HiddenContext, found) -> None:
        self.ctx, self.slots = ctx, tuple(found.slots)
        self.forced = ctx.interp.get("empty-slot") == "forced"
        self.fits: dict = {s: {} for s in self.slots}      # slot -> other slots' values -> the cards that fit
        for row in found.rows if self.forced else ():
            for i, s in enumerate(self.slots):
                cards = [v for v in row[i] if v is not None]
                if cards:
                    for key in product(*(row[:i] + row[i + 1:])):
                        self.fits[s].setdefault(key, set()).update(cards)
        self.memo: dict = {}

    def of(self, choice: dict) -> Optional[dict]:
        out = {}
        for i, m in enumerate(self.slots):
            h = self.ctx.hands.get(m)
            if h is None:
                continue
            v = choice[m]
            key = (m, v) if v is not None else (m, None, tuple(choice[s] for s in self.slots if s != m))
            hand = self.memo[key] if key in self.memo else self.memo.setdefault(key, self._hand(h, v, key))
            if hand is None:
                return None
            out[m] = hand
        return out

    def _hand(self, h, v, key) -> Optional[list]:
        if v is not None:
            if h.size < 1:
                return None
            first = [c for c in h.cards if c != v][: h.size - 1]
            return [c for c in h.cards if c == v or c in first]
        fit = self.fits[h.map].get(key[2], set()) if self.forced else set()
        free = [c for c in h.cards if c not in fit]
        return free[: h.size] if len(free) >= h.size else None


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
    for k in reversed(keys):              # the later rules tried out first: the set kept names the earlier, plainer ones
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
