"""The plan as ONE CP-SAT model: the selection rules of :mod:`solver.selection.rules` posted per turn.

A plan is the faction's Pending Card choice in each Seasonal Turn ``k`` of the horizon (turn 0 is the
file's). The model has a choice slot ``(k, map)`` per turn and map (a card id or None) and *fact* slots for
what earlier turns decide:

* ``("hand", k, card)`` True/False: the card is in the hand at turn k (1.1.3): in the file's hand (or the
  file's recyclable Current Card, back in the hand once discarded: 1.1.1 Step 1), not selected before (a
  recyclable card only not in the turn before: it is the Current Card then), its © twin not revealed
  (1.1.1 Step 2, AE);
* ``("played", k, card)`` True/False: the card has been revealed as a Current Card by turn k (1.1.3.1
  "card X played"): in the history, or selected in a turn before k;
* ``("war", k, map)`` a war state: the file's, raised by the assumptions due and by the ``starts`` of the
  cards revealed by turn k (12; never back); the Current Card at k is the choice of turn k - 1 (1.1.1).

Turn 0 is ruled by the file's own context (:func:`~solver.selection.rules.make_context`: the selection made,
Card Selection Is Final, No Pending Card, exactly as ``check``). Each later turn posts the same rules
(:data:`~solver.selection.rules.RULES`) with a :class:`~solver.plan.facts.TurnContext`, which answers each fact a rule asks as cases
guarded by these fact literals; the guards are extra literals of the rule's own constraints
(:func:`~solver.selection.restrictions.guarded_at_most` for a sum), so no rule is written again for planning. The meta
rule 1.1.3 No Pending Card (interpretation ``empty-slot=forced``) is compiled over each turn's constraints:
a slot holds None only if every candidate card breaks one of them (:meth:`PlanModel._post_forced_empty`).
One compile (:func:`~solver.engine.compiler.compile_model`) makes the model.

A requirement that reads the position (a Posture, a marker, *the European War Boxes) is evaluated, case by case,
on :meth:`PlanModel.derived`: the position with the case's war states gone into effect with their effects (12.2,
12.3) and the counters of the cards the case has revealed before the turn before (1.1.2.2), so the plan follows
what its own reveals set off. What the model leaves out (other factions' choices) is frozen at the file's
value, as the plan assumes. The model therefore holds
every real plan, and each plan it finds is carried out for real and re-checked by ``check``
(:func:`~solver.plan.turn.replay`); a plan that fails the re-check has its prefix forbidden and the model
is solved again (:meth:`PlanModel.feasible`), so a plan returned is legal and "infeasible" is a proof.

Imports ortools (through :mod:`solver.engine.compiler`): load only on the planning path.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Optional

from ...model.files.load import Position
from ...model.game.vocabulary import WarState

from ..engine.constraints import ANY, AtMost, Lit, Nogood, post
from ..engine.compiler import compile_model, solve
from ..engine.core import can_hold_together
from ..engine.limits import Budget, ProgressSink
from .turn import PlayedAssumption, WarAssumption, _arrive, _war_goes_into_effect, arriving, replay
from ..option_cards.actions import reinforcements
from .facts import TurnContext
from ..selection.requirements import revealed_cards
from ..selection.rules import EMPTY, RULES, make_context
from ..war_state import allied_at_war


#: CP-SAT parameters of the plan's solves: the model is solved many times with a few assumptions each, and
#: presolve, probing and symmetry detection cost more than the search itself (measured: 80 ms a solve
#: without, 200-500 ms with, on the 40-card TK benchmark).
PARAMS = {"cp_model_presolve": False, "cp_model_probing_level": 0, "symmetry_level": 0}


@dataclass
class Found:
    """A solve's answer: ``status`` "plan" (``choices``, one per turn up to the last asked, re-checked by
    :func:`~solver.plan.turn.replay`: ``steps``), "none" (proved: no plan) or "stopped" (the budget ended it)."""
    status: str
    choices: list = field(default_factory=list)
    steps: list = field(default_factory=list)


class PlanModel:
    """One faction's plan over ``turns`` Seasonal Turns from ``pos`` (already carrying the assumptions due
    in its turn) as one CP-SAT model; see the module doc. ``cards`` are ``(map, card id)`` of every card the
    faction may select (:func:`~solver.plan.planner._hand_cards`); ``assumptions`` the plan's :class:`WarAssumption`
    and :class:`PlayedAssumption` items. With ``enforce`` each (rule, turn) has an enforcement literal
    (``self.enforce[(rule key, k)]``) for the minimal conflict sets."""

    def __init__(self, pos: Position, faction: str, turns: int, cards: list, assumptions: tuple = (),
                 enforce: bool = False, first: Optional[Position] = None):
        self.pos, self.faction, self.turns = pos, faction, turns
        self.assumptions = assumptions
        self.cands = {m: [c for mm, c in cards if mm == m] for m in pos.maps}
        self.facts: dict = {}                  # fact slot -> its values
        self._twins = None
        self.turn_of: dict = {}                # id(constraint) -> the turn it rules
        self._war = {}
        self._derived: dict = {}
        self._arrivals: dict = {}
        constraints = []
        # turn 0 is ruled as `check` rules it: on the position the faction saw at its Step 4 (1.1.1 Order of Play)
        ctx0 = make_context(first if first is not None else pos, faction, self.cands)
        for c in post(RULES, ctx0):
            constraints.append(self._relabel(c, 0))
        interp = pos.interpretations_in_force
        for k in range(1, turns):
            ctx = TurnContext(pos, faction, tuple(pos.maps), self.cands, interp, None, plan=self, k=k)
            for c in post(RULES, ctx):
                constraints.append(self._relabel(c, k))
        domains = {(k, m): [[c] for c in self.cands[m]] + [[None]] for k in range(turns) for m in pos.maps}
        domains.update({slot: [[v] for v in vals] for slot, vals in self.facts.items()})
        self.constraints = constraints
        key = (lambda c: (c.rule.key, self.turn_of[id(c)])) if enforce else None
        self.comp = compile_model(constraints, domains, enforce=enforce, label="plan", enforce_key=key)
        self.model = self.comp.model
        self.enforce = self.comp.enforce
        self._post_facts()
        if interp.get("empty-slot") == "forced":
            self._post_forced_empty()
        self.forbidden = 0
        self.original = pos                    # the position plans are carried out from (with its file)
        self._by: dict = {}
        self.groups: dict = {}                 # (rule key, turn) -> its constraints
        for c in constraints:
            self.groups.setdefault((c.rule.key, self.turn_of[id(c)]), []).append(c)

    def twins(self, card) -> list:
        """``[(map, card id)]``: the plan's cards that are © twins of ``card`` (1.1.1 Step 2, AE)."""
        if self._twins is None:
            self._twins = {}
            for m, cs in self.cands.items():
                for t in cs:
                    tc = self.pos.cards[t]
                    if tc.combined:
                        for om, ocs in self.cands.items():
                            self._twins.setdefault(t, []).extend((om, o) for o in ocs if tc.is_twin_of(self.pos.cards[o]))
        return self._twins.get(card.id, []) if card.combined else []

    def card_map(self, cid: str) -> str:
        return self.pos.cards[cid].map

    def selected_by(self, m: str, cid: str, upto: int) -> Any:
        """A literal that holds only if card ``cid`` is selected on map ``m`` in some turn 0..``upto``."""
        key = (m, cid, upto)
        if key not in self._by:
            lits = [self.x(j, m, cid) for j in range(upto + 1)]
            lits = [l for l in lits if l is not False]
            if any(l is True for l in lits):
                self._by[key] = True
            elif not lits:
                self._by[key] = False
            else:
                b = self.model.new_bool_var(f"by[{cid}:{upto}]")
                self.model.add_bool_or([b.negated()] + lits)
                self._by[key] = b
        return self._by[key]

    def explain(self, key: str, k: int, wanted: list) -> str:
        """The words of rule ``key`` in plan turn ``k``: the turn, and what its first constraint on a card of
        ``wanted`` (``(k, map, card)``) says there of the wanted cards of that turn (or, for a rule that stops the
        card through another, of that other card)."""
        cards = {(kk, m, c) for kk, m, c in wanted}
        group = self.groups.get((key, k), ())
        # a rule that stops the card by stopping another (the card it requires played) speaks of that other card
        for c in sorted(group, key=lambda c: not self._on(c, cards)):
            lits = c.lits if isinstance(c, Nogood) else [l for _, l in c.terms]
            if isinstance(c, Nogood):
                return f"{self.turn(k)}: {c.message}"
            # what this turn's choice would hold: the wanted cards of turn k, one a map (a slot holds one card), not
            # every candidate (a sum over cards that could only come in different Seasonal Turns says nothing)
            mine = {}
            for l in lits:
                if isinstance(l[0], tuple) and len(l[0]) == 2 and l[0][0] == k and (k, l[0][1], l[1]) in cards:
                    mine.setdefault(l[0][1], Lit(l[0][1], l[1]))
            if not mine:                       # the rule speaks of another card: one of its cards a map
                for l in lits:
                    if isinstance(l[0], tuple) and len(l[0]) == 2 and l[0][0] == k and l[1] is not None:
                        mine.setdefault(l[0][1], Lit(l[0][1], l[1]))
            return f"{self.turn(k)}: {c.explain(list(mine.values()))}"
        return f"{self.turn(k)}"

    @staticmethod
    def _on(c, cards: set) -> bool:
        """Whether constraint ``c`` holds a choice literal of ``cards`` (``(k, map, card)``)."""
        lits = c.lits if isinstance(c, Nogood) else [l for _, l in c.terms]
        return any(isinstance(l[0], tuple) and len(l[0]) == 2 and (l[0][0], l[0][1], l[1]) in cards for l in lits)

    # ------------------------------------------------------------------ the facts of the turns
    def turn(self, k: int):
        """The Seasonal Turn of plan turn ``k``."""
        return self.pos.turn.ahead(k)

    def fact(self, slot: tuple, values) -> tuple:
        """Declare the fact slot ``slot`` with ``values`` (once) and return it."""
        self.facts.setdefault(slot, tuple(values))
        return slot

    def war_domain(self, k: int, m: str) -> tuple:
        """The war states map ``m`` may be in at turn ``k`` (the lowest first): from the file's (with the
        assumptions due, and Limited War once an Allied Country at war has set it off at a reveal, 12) to
        the highest a revealed card ``starts`` or an assumption makes."""
        if (k, m) not in self._war:
            base = self.base_war(k, m)
            top = max([base] + [WarState.of(self.pos.cards[c].starts) for c in self.cands.get(m, ())
                                if self.pos.cards[c].starts] if k > 0 else [base], key=lambda w: w.rank)
            self._war[(k, m)] = tuple(w for w in WarState if base.rank <= w.rank <= top.rank)
        return self._war[(k, m)]

    def base_war(self, k: int, m: str) -> WarState:
        """The war state of map ``m`` at turn ``k`` whatever the faction reveals."""
        w = self.pos.war_state[m]
        for a in self.assumptions:
            if isinstance(a, WarAssumption) and a.map == m and a.turn <= self.turn(k) and a.war_state.rank > w.rank:
                w = a.war_state
        if k > 0 and allied_at_war(self.pos, m) and w.rank < WarState.LIMITED.rank:
            w = WarState.LIMITED
        return w

    def played_const(self, cid: str, k: int) -> Optional[str]:
        """When card ``cid`` is played by turn ``k`` whatever the faction does: the history, an assumed play
        of another faction's card (:class:`PlayedAssumption`), else None."""
        seen = revealed_cards(self.pos, cid.split("-")[1]).get(cid)
        if seen is not None:
            return seen
        for a in self.assumptions:
            if isinstance(a, PlayedAssumption) and a.card == cid and a.seen_from(self.pos, self.faction) <= self.turn(k):
                return str(a.turn)
        return None

    def arrivals(self, cid: str) -> tuple:
        """The counters card ``cid`` of the faction enters when revealed (1.1.2.2, ``received`` on the plan's
        position: no rule of the plan changes who is an active Minor Country): ``((map, box, counter,
        faction), ...)``, placed once the Pending Card of its reveal turn is placed."""
        if cid not in self._arrivals:
            card = self.pos.cards[cid]
            self._arrivals[cid] = tuple((e["map"], e["to"], e["counter"], self.faction)
                                        for e in reinforcements(self.pos, self.faction, card) if e["received"])
        return self._arrivals[cid]

    def derived(self, k: int, wars: tuple, arrived: frozenset) -> Position:
        """The position turn ``k`` (>= 1) reads the facts a reveal sets off in: the plan's position with each map's
        war state ``wars`` (``((map, war state), ...)``) gone into effect with its effects (12.2, 12.3: Policy
        markers removed, *European Total War markers placed, ...) and the counters of the cards ``arrived``
        (revealed before the turn before: 1.1.2.2 places them after that turn's selection) and those arriving
        at the plan's start placed. Cached: a position is made once per case."""
        key = (wars, arrived)
        if key not in self._derived:
            p = copy.copy(self.pos)
            p.war_state = dict(self.pos.war_state)
            for m, w in wars:
                if w > p.war_state[m]:
                    _war_goes_into_effect(p, m, w, "a revealed card of the plan")
            got = list(arriving(self.pos)) + [a for cid in sorted(arrived) for a in self.arrivals(cid)]
            if got:
                p.plan_arriving = tuple(got)
                p = _arrive(p)
            self._derived[key] = p
        return self._derived[key]

    def may_play(self, cid: str, k: int) -> bool:
        """True when card ``cid`` is not played by turn ``k`` for certain, yet a turn before may reveal it."""
        card = self.pos.cards.get(cid)
        return (self.played_const(cid, k) is None and card is not None and card.faction == self.faction
                and cid in self.cands.get(card.map, ()) and k > 0)

    def x(self, k: int, m: str, c) -> Any:
        """The solver literal "turn ``k`` selects ``c`` (None: no card) on map ``m``"."""
        return self.comp.lit(Lit((k, m), c))

    def _relabel(self, c, k: int):
        """``c`` with its map slots made turn ``k``'s (the other literals: earlier turns, facts, kept)."""
        def lab(l):
            return Lit((k, l[0]), l[1]) if isinstance(l[0], str) else Lit(l[0], l[1])
        out = (Nogood(tuple(lab(l) for l in c.lits), c.message, c.rule) if isinstance(c, Nogood)
               else AtMost(tuple((w, lab(l)) for w, l in c.terms), c.bound, c.explain, c.const, c.rule))
        self.turn_of[id(out)] = k
        return out

    def _post_facts(self) -> None:
        """Define each fact slot from the choices of the turns before (1.1.1 Steps 1-2, 12)."""
        m_ = self.model
        pos, f = self.pos, self.faction
        for slot, vals in self.facts.items():
            kind, k = slot[0], slot[1]
            if kind == "war":
                mp = slot[2]
                dom = vals
                w = m_.new_int_var(dom[0].rank, dom[-1].rank, f"war[{k}:{mp}]")
                parts = [self.base_war(k, mp).rank]
                for j in range(k):
                    for c in self.cands[mp]:
                        s = pos.cards[c].starts
                        if s and WarState.of(s).rank > dom[0].rank:
                            parts.append(WarState.of(s).rank * self.x(j, mp, c))
                m_.add_max_equality(w, parts)
                m_.add(w == sum(v.rank * self.comp.lit(Lit(slot, v)) for v in dom))
                continue
            b = self.comp.lit(Lit(slot, True))
            if kind == "played":
                cid = slot[2]
                mp = pos.cards[cid].map
                lits = [self.x(j, mp, cid) for j in range(k)]
                _equal_or(m_, b, lits)
            elif kind == "hand":
                cid = slot[2]
                card = pos.cards[cid]
                mp = card.map
                fm = pos.factions[f].get(mp)
                start = fm is not None and (cid in fm.hand or cid == fm.pending or (card.recyclable and cid == fm.current))
                if not start:
                    m_.add(b == 0)
                    continue
                out = [self.x(k - 1, mp, cid)] if card.recyclable else [self.x(j, mp, cid) for j in range(k)]
                if pos.game == "ae" and card.combined:
                    out += [self.x(j, om, t) for j in range(k) for om, t in self.twins(card)]
                _equal_none(m_, b, out)

    def _post_forced_empty(self) -> None:
        """1.1.3 No Pending Card (``empty-slot=forced``) at each turn k >= 1, compiled over that turn's
        constraints as :func:`~solver.selection.rules._post_empty` evaluates it: the slot holds None only if every
        candidate card would break one of them with the rest of the choice (the other slot, the facts, the
        turns before) as it is."""
        m_ = self.model
        by_lit: dict = {}                      # (turn k's slot, value or ANY) -> turn k's constraints holding it
        for c in self.constraints:
            k = self.turn_of[id(c)]
            if k == 0:
                continue
            lits = c.lits if isinstance(c, Nogood) else [l for _, l in c.terms]
            for l in dict.fromkeys((l[0], l[1]) for l in lits):
                if len(l[0]) == 2 and l[0][0] == k:
                    by_lit.setdefault(l, []).append(c)
        for k in range(1, self.turns):
            for mp in self.pos.maps:
                s = (k, mp)
                none = self.x(k, mp, None)
                if none is False:
                    continue
                guard = self.enforce.get((EMPTY.key, k))
                for cid in self.cands[mp]:
                    broken = []
                    always = False
                    for c in dict.fromkeys(by_lit.get((s, cid), []) + by_lit.get((s, ANY), [])):
                        b = self._broken_with(c, s, cid)
                        if b is True:
                            always = True
                            break
                        if b is not None:
                            broken.append(b)
                    if always:
                        continue
                    ct = m_.add_bool_or([none.negated()] + broken)
                    if guard is not None:
                        ct.only_enforce_if(guard)

    def _broken_with(self, c, s: tuple, cid: str) -> Any:
        """A literal that holds only if constraint ``c`` is broken with slot ``s`` holding ``cid`` (True: it
        always is; None: it never is)."""
        m_ = self.model
        if isinstance(c, Nogood):
            mine = [l for l in c.lits if l[0] == s]
            if not all(l[1] == cid or l[1] is ANY for l in mine) or not can_hold_together(c.lits):
                return None
            others = [self.comp.lit(l) for l in c.lits if l[0] != s]
            if any(o is False for o in others):
                return None
            others = [o for o in others if o is not True]
            if not others:
                return True
            if len(others) == 1:
                return others[0]
            b = m_.new_bool_var("broken")
            for o in others:
                m_.add_implication(b, o)
            return b
        mine = sum(k for k, l in c.terms if l[0] == s and (l[1] == cid or l[1] is ANY))
        rest, const = [], c.const + mine
        for k, l in c.terms:
            if l[0] == s:
                continue
            o = self.comp.lit(l)
            if o is True:
                const += k
            elif o is not False:
                rest.append((k, o))
        need = c.bound - const + 1            # the other terms must reach this for c to break
        if need <= 0:
            return True
        if sum(k for k, _ in rest) < need or mine == 0:
            return None
        b = m_.new_bool_var("over")
        m_.add(sum(k * o for k, o in rest) >= need).only_enforce_if(b)
        return b

    # ------------------------------------------------------------------ solving
    def feasible(self, assumptions: list, upto: int, budget: Optional[Budget], progress: ProgressSink = None,
                 memo: Optional[dict] = None) -> Found:
        """A plan whose choices make every literal of ``assumptions`` hold, its turns 0..``upto`` carried out
        and re-checked (:func:`~solver.plan.turn.replay`); a plan failing the re-check (a fact the model
        froze changed) has that prefix forbidden and the model is solved again: the loop ends, since each
        round forbids one more of the finitely many prefixes, and what it returns is legal or proved none."""
        while True:
            self.model.clear_assumptions()
            self.model.add_assumptions([a for a in assumptions if a is not True] + list(self.enforce.values()))
            if any(a is False for a in assumptions):
                return Found("none")
            solver, out = solve(self.model, budget, progress=progress, what="planning", objective=False, **PARAMS)
            if not out.found:
                return Found("none" if out.proved else "stopped")
            choices = [{m: self._chosen(solver, k, m) for m in self.pos.maps} for k in range(upto + 1)]
            try:
                steps = replay(self.original, self.faction, choices, self.assumptions, memo)
            except AssertionError:
                self._forbid(choices, memo)
                continue
            return Found("plan", choices, steps)

    def _chosen(self, solver, k: int, m: str):
        return self.comp.chosen(solver, (k, m))[0]

    def _forbid(self, choices: list, memo: Optional[dict]) -> None:
        """Forbid the shortest prefix of ``choices`` that fails the re-check."""
        for i in range(len(choices)):
            try:
                replay(self.original, self.faction, choices[:i + 1], self.assumptions, memo)
            except AssertionError:
                lits = [self.x(j, m, v) for j in range(i + 1) for m, v in choices[j].items()]
                self.model.add_bool_or([l.negated() for l in lits if l is not True and l is not False])
                self.forbidden += 1
                return

    def feasible_with(self, rules: list, wanted: list, budget: Optional[Budget] = None) -> Optional[bool]:
        """Whether the model admits a plan holding every literal of ``wanted`` with only the enforcement
        literals ``rules`` on (the others' rules off; no re-check); None when the budget ended the solve."""
        self.model.clear_assumptions()
        self.model.add_assumptions([w for w in wanted if w is not True] + list(rules))
        if any(w is False for w in wanted):
            return False
        _, out = solve(self.model, budget, objective=False, **PARAMS)
        return out.found if out.proved or out.found else None

    def core(self, wanted: list, budget: Optional[Budget]) -> Optional[list]:
        """A minimal set of the (rule key, turn) enforcement literals that with ``wanted`` (literals) admit no
        plan: CP-SAT's core (:meth:`sufficient_assumptions_for_infeasibility`) shrunk by deletion. None when
        the budget ended a solve first, ``[]`` when ``wanted`` alone is impossible."""
        keys = sorted(self.enforce)
        lits = [self.enforce[k] for k in keys]
        index = {lit.index: k for k, lit in zip(keys, lits)}
        wanted = [w for w in wanted if w is not True]
        if any(w is False for w in wanted):
            return []

        def infeasible(active):
            self.model.clear_assumptions()
            self.model.add_assumptions(wanted + [self.enforce[k] for k in active])
            solver, out = solve(self.model, budget, objective=False, **PARAMS)
            if not out.proved:
                return None, None
            if out.found:
                return False, None
            core = [index[i] for i in solver.sufficient_assumptions_for_infeasibility() if i in index]
            return True, core

        ok, core = infeasible(keys)
        if not ok:
            return None if ok is None else []
        kept = list(core or keys)
        for k in list(kept):
            trial = [x for x in kept if x != k]
            ok, smaller = infeasible(trial)
            if ok is None:
                return None
            if ok:
                kept = [x for x in trial if smaller is None or x in set(smaller)] or trial
        return kept


def _equal_or(m, b, lits: list) -> None:
    """``b`` <=> some literal of ``lits`` holds."""
    lits = [l for l in lits if l is not False]
    if any(l is True for l in lits):
        m.add(b == 1)
        return
    m.add_bool_or([b.negated()] + lits)
    for l in lits:
        m.add_implication(l, b)


def _equal_none(m, b, lits: list) -> None:
    """``b`` <=> no literal of ``lits`` holds."""
    lits = [l for l in lits if l is not False]
    if any(l is True for l in lits):
        m.add(b == 0)
        return
    m.add_bool_or([b] + lits)
    for l in lits:
        m.add_implication(l, b.negated())
