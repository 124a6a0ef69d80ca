"""Every legal Pending Card selection, and why a card is in none (1.1.3), by CP-SAT.

The selection rules of :mod:`solver.selection.rules` are compiled by the one
compiler (:mod:`solver.engine.compiler`): each slot (a map in play) is a domain of
card ids plus None, a :class:`~solver.engine.constraints.Nogood` a clause, an
:class:`~solver.engine.constraints.AtMost` a linear inequality.

* :func:`enumerate_choices` - every legal selection. Values that no
  constraint tells apart share one variable, and the slot with the most
  classes is *free* (``compile_model(..., free=slot)``): each solution CP-SAT
  hands over is a choice of the other slot together with every card of the
  free slot that goes with it. So 160 cards per map cost some 160 solutions,
  not 25,000, and each solution is read with one variable per class.
* :class:`Explainer` / :func:`why` - a card assumed into its slot, every rule's
  enforcement literal an assumption; the infeasible core is shrunk by
  deletion to a minimal set of rules and re-checked. One model answers for
  every card (``pairs`` explains each hand card in no legal selection with it).

Every solve runs through :func:`~solver.engine.runner.solve` (one worker, the
command's time budget, Ctrl-C as a limit). Imports ortools.
"""
from __future__ import annotations

from itertools import product
from typing import Optional

from ...model.files.load import Position

from ..engine.constraints import Evaluator, Violation
from ..engine.compiler import assumptions_core, compile_model
from ..engine.core import interchangeable_classes, singleton_classes
from ..engine.runner import FEASIBLE, INFEASIBLE, OPTIMAL, SolverLimitReached, solve
from .found import Found, WhyAnswer, alone_rules, excluded_alone, format_key, kept_violations, plain_found
from ..engine.limits import Budget, ProgressSink, budget_for
from .rules import RULES, SelectionContext, interpretations_used, make_context, post

__all__ = ["Explainer", "Found", "SolverLimitReached", "WhyAnswer", "enumerate_choices", "enumerate_classes",
           "enumerate_found", "excluded_cards", "format_key", "why"]


def _values(ctx) -> dict:
    return {slot: ctx.values(slot) for slot in ctx.slots}


def enumerate_choices(pos: Position, faction: str, time_limit: Optional[float] = None, *,
                      budget: Optional[Budget] = None, progress: ProgressSink = None,
                      ctx: Optional[SelectionContext] = None, constraints: Optional[list] = None
                      ) -> tuple[list[dict], bool]:
    """Every legal Pending Card selection of ``faction``, by CP-SAT enumeration.

    Returns ``(choices, complete)``: choices map each map in play to a card id
    or None, sorted as FORMAT 5 says; ``complete`` is False when the time
    limit (``budget``, or ``time_limit`` seconds; None or 0: no limit) or
    Ctrl-C ended the enumeration first. ``ctx`` / ``constraints``: the
    selection context and its posted rules when already built. Raises
    :class:`~model.files.errors.InputError` for a faction not in the position.
    """
    found = enumerate_found(pos, faction, time_limit, budget=budget, progress=progress, ctx=ctx,
                            constraints=constraints)
    return list(found.ordered()), found.complete


def enumerate_found(pos: Position, faction: str, time_limit: Optional[float] = None, *,
                    budget: Optional[Budget] = None, progress: ProgressSink = None,
                    ctx: Optional[SelectionContext] = None, constraints: Optional[list] = None) -> Found:
    """Every legal Pending Card selection of ``faction`` (1.1.3), as :func:`enumerate_choices` finds them,
    kept compact (:class:`Found`). With one map in play (TK or DS alone) there is no pairing: each
    card (and "no card") is ruled by plain evaluation, no solver; with two, CP-SAT enumerates (the
    budget's limits apply). Raises :class:`~model.files.errors.InputError` for a faction not in the position."""
    budget = budget_for(budget, time_limit)
    ctx = ctx or make_context(pos, faction)
    constraints = constraints if constraints is not None else post(RULES, ctx)
    if len(ctx.slots) == 1:
        return plain_found(ctx, constraints)
    ev = Evaluator(constraints)
    classes = interchangeable_classes(_values(ctx), constraints, ev)
    rows, complete = enumerate_rows(constraints, classes, ctx.slots, budget, progress)
    if not rows and not complete and not budget.interrupted:
        # the limit stopped it before its first solution: never "0" while a plain check can find them
        # (Ctrl-C is the player's stop: what was found, nothing more)
        rows, complete = plain_rows(classes, ctx.slots, ev, budget)
    return Found(ctx.slots, rows, complete)


def plain_rows(classes: dict, slots: tuple, ev: Evaluator, budget: Optional[Budget] = None) -> tuple[list, bool]:
    """Every legal choice of ``slots`` over ``classes`` by plain evaluation of one member of each class per
    combination of classes (sound: a choice of classes is legal exactly when every choice of their members
    is, :func:`~solver.engine.compiler.interchangeable_classes`), as rows of :class:`Found`. Stops when ``budget``'s
    wall clock runs out. Returns ``(rows, complete)``."""
    rows = []
    for n, combo in enumerate(product(*[classes[s] for s in slots])):
        if not n % 1024 and budget is not None and budget.limited and budget.left() <= 0:
            return rows, False
        if ev.fits({s: members[0] for s, members in zip(slots, combo)}):
            rows.append(tuple(combo))
    return rows, True


def enumerate_classes(constraints: list, classes: dict, slots: tuple, budget: Optional[Budget] = None,
                      progress: ProgressSink = None, free=None) -> tuple[list[tuple], bool]:
    """Every choice of ``slots`` (value tuples, in slot order) over ``classes`` (``{slot: [[value, ...], ...]}``,
    values no constraint tells apart in one class) that breaks none of ``constraints``, by CP-SAT
    (:func:`enumerate_rows`, each row expanded). Returns ``(choices, complete)``; ``complete`` is False when
    ``budget`` or Ctrl-C ended the search.
    """
    rows, complete = enumerate_rows(constraints, classes, slots, budget, progress, free)
    return [vals for row in rows for vals in product(*row)], complete


def enumerate_rows(constraints: list, classes: dict, slots: tuple, budget: Optional[Budget] = None,
                   progress: ProgressSink = None, free=None) -> tuple[list[tuple], bool]:
    """Every choice of ``slots`` over ``classes`` that breaks none of ``constraints``, by CP-SAT, as rows
    (a tuple of value lists per row, in slot order: the row stands for their product).

    ``free`` (default: the slot with the most classes) is compiled free
    (:func:`~solver.engine.compiler.compile_model`): each solution is a choice of the
    other slots' classes, read with one integer per slot, and the classes of the
    free slot that fit it, read with one Boolean each. Returns ``(rows,
    complete)``; ``complete`` is False when ``budget`` or Ctrl-C ended the search.
    """
    if free is None:
        free = max(slots, key=lambda s: len(classes[s]))
    comp = compile_model(constraints, classes, free=free)
    others = [s for s in slots if s != free]
    index = []
    for s in others:                                      # one integer per other slot: the class chosen
        iv = comp.model.new_int_var(0, max(0, len(comp.by_slot[s]) - 1), f"class[{s}]")
        comp.model.add_map_domain(iv, [b for _, b in comp.by_slot[s]])
        index.append(iv)
    fits = [s for _, s in comp.by_slot[free]]
    found: list = []

    def collect(cb):
        found.append((tuple(cb.value(iv) for iv in index), [i for i, s in enumerate(fits) if cb.boolean_value(s)]))

    # a small pure-Boolean model: presolve, probing, symmetry detection and LP relaxation
    # cost more than they save
    _, out = solve(comp.model, budget, inner=collect, progress=progress, what="enumerating selections",
                   objective=False, enumerate_all_solutions=True, cp_model_presolve=False,
                   cp_model_probing_level=0, symmetry_level=0, linearization_level=0)
    free_values = [values for values, _ in comp.by_slot[free]]
    order = others + [free]
    back = [order.index(s) for s in slots]
    rows: list = []
    for chosen, fit in found:
        mine = [v for i in fit for v in free_values[i]]
        if not mine:
            continue
        row = [comp.by_slot[s][k][0] for s, k in zip(others, chosen)] + [mine]
        rows.append(tuple(row[i] for i in back))
    return rows, out.proved


class Explainer:
    """One model that explains, card by card, why a card is in no legal selection (1.1.3).

    Built once for a :class:`~solver.selection.rules.SelectionContext` (its rules
    posted and compiled with every rule's enforcement literal); :meth:`why`
    assumes the card into its slot and shrinks the infeasible core to a
    minimal set of rules. Every solve is charged to ``budget``.
    """

    def __init__(self, ctx: SelectionContext, constraints: list, budget: Budget):
        self.ctx = ctx
        self.constraints = constraints
        self.budget = budget
        self._comp = None
        self.evaluator = Evaluator(constraints)

    @property
    def comp(self):
        """The model, compiled when a card first needs a solve (a card one rule excludes alone needs none)."""
        if self._comp is None:
            self._comp = compile_model(self.constraints, singleton_classes(_values(self.ctx)), enforce=True)
        return self._comp

    @property
    def keys(self) -> list:
        """Every rule's key, in the order of the model's enforcement literals."""
        return list(self.comp.enforce)

    def _solve(self, card_lit, keys: list):
        """Solve with ``keys``' rules enforced and the card assumed. Raises
        :class:`SolverLimitReached` when nothing was proved in time."""
        m = self.comp.model
        m.clear_assumptions()
        m.add_assumptions([self.comp.enforce[k] for k in keys] + [card_lit])
        solver, out = solve(m, self.budget, objective=False)
        if not (out.proved or out.found):
            raise SolverLimitReached("the solver's time limit was reached before the answer was proved")
        return out.status, solver

    def why(self, card: str) -> WhyAnswer:
        """Why ``card`` (a candidate of the context) is in no legal selection, or one legal selection with it.

        A card that rules exclude by themselves (unary constraints: the
        evaluator says so without a solve) is explained by each such rule, in
        rule order (each alone a minimal set of one). Raises :class:`SolverLimitReached` when the budget runs out before the
        first answer (is the card in a legal choice?) is proved; when it runs
        out while the core is shrunk, the answer lists the rules of a proved but
        perhaps not minimal core and ``complete`` is False.
        """
        ctx, pos = self.ctx, self.ctx.pos
        c = pos.cards[card]
        slot = c.map if c.map in ctx.slots else ctx.slots[0]
        interps = interpretations_used(pos)
        alone = self.evaluator.excluding((slot, card))
        if alone:
            # rules that exclude the card by themselves: each is a minimal set of one, and each is listed
            # (as `check` lists every rule broken), in rule order
            kept = alone_rules(alone)
            return WhyAnswer(card, slot, False, None, self._violations(slot, card, kept), interps, kept)
        lit = self.comp.var[(slot, card)]
        status, solver = self._solve(lit, self.keys)
        if status in (OPTIMAL, FEASIBLE):
            example = {s: self.comp.chosen(solver, s)[0] for s in ctx.slots}
            return WhyAnswer(card, slot, True, example, [], interps, [])
        core = assumptions_core(self.comp, self.keys, solver) or self.keys
        # shrink by deletion: drop each rule whose absence keeps the model infeasible
        kept, complete = list(core), True
        for k in list(core):
            trial = [x for x in kept if x != k]
            try:
                st, _ = self._solve(lit, trial)
            except SolverLimitReached:
                complete = False               # not proved droppable: keep the rule
                continue
            if st == INFEASIBLE:
                kept = trial
        try:
            st, _ = self._solve(lit, kept)
        except SolverLimitReached:
            st, complete = INFEASIBLE, False   # kept is the core or a proved-infeasible trial
        if st != INFEASIBLE:                   # re-check; never show an unproved core
            kept, complete = list(self.keys), False   # every rule: proved, but not shown to be minimal
        return WhyAnswer(card, slot, False, None, self._violations(slot, card, kept), interps, kept, complete)

    def _violations(self, slot: str, card: str, kept: list) -> list[Violation]:
        return kept_violations(self.ctx, self.constraints, slot, card, kept)


def why(pos: Position, faction: str, card: str, time_limit: Optional[float] = None, *,
        budget: Optional[Budget] = None) -> WhyAnswer:
    """Why ``card`` is in no legal selection of ``faction`` (see :meth:`Explainer.why`).

    The card joins the candidates of its own map's slot (the game's only slot
    when that map is not in play). ``budget`` (or ``time_limit`` seconds, None
    or 0: no limit) bounds all the solves together. Returns a :class:`WhyAnswer`;
    raises :class:`SolverLimitReached` as :meth:`Explainer.why` does.
    """
    budget = budget_for(budget, time_limit)
    c = pos.cards[card]
    slot = c.map if c.map in pos.maps else pos.maps[0]
    ctx = make_context(pos, faction, {slot: [card]})
    return Explainer(ctx, post(RULES, ctx), budget).why(card)


def excluded_cards(ctx: SelectionContext, constraints: list, choices, budget: Budget) -> list[WhyAnswer]:
    """Each hand card of ``ctx`` in none of ``choices`` (a complete enumeration: a list of selections or
    a :class:`Found`), with the minimal set of rules that excludes it (the answer of :func:`why`), in slot
    order then hand order. One model serves every card, built only when a card needs a solve. A card
    the budget leaves unexplained has ``complete`` False and no rules."""
    used = choices.used() if isinstance(choices, Found) else {(s, ch[s]) for ch in choices for s in ctx.slots}
    cards = [(s, cid) for s in ctx.slots for cid in ctx.candidates[s] if (s, cid) not in used]
    if not cards:
        return []
    alone = excluded_alone(ctx, constraints, cards)
    if alone is not None:                 # every one excluded by a rule alone: no model at all
        return alone
    explainer = Explainer(ctx, constraints, budget)
    out = []
    for slot, cid in cards:
        try:
            out.append(explainer.why(cid))
        except SolverLimitReached:
            out.append(WhyAnswer(cid, slot, False, None, [], interpretations_used(ctx.pos), [], False))
    return out
