"""One planned Seasonal Turn as the selection rules see it (1.1.1, 1.1.3 - 1.1.3.3): a
:class:`TurnContext` answers each fact a rule of :mod:`solver.selection.rules` asks (in hand, © twin revealed,
Current Card, war state, Annual count, a Selection Requirement's played and war-state items) as cases guarded
by the fact literals of :class:`~solver.plan.model.PlanModel` (``ctx.plan``), which posts the rules per turn.
Does not import ortools.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

from ...model.files.load import Position
from ...model.files.names import norm_name
from ...model.game.requirements import AllOf, AnyOf, CountryIs, EuropeanWar, GovernmentIs, MarkerIn, Not, Played, WarStateIs

from ..engine.constraints import Lit
from ..selection.requirements import Facts, check_requirement
from ..selection.rules import SelectionContext


@dataclass
class TurnContext(SelectionContext):
    """The selection context of turn ``k`` >= 1 of a plan: every fact a rule asks is answered as cases
    guarded by literals of the plan model (see the module doc); ``pos`` is the file's position (the cards,
    maps, interpretations and every frozen fact)."""

    plan: Any = None
    k: int = 0
    symbolic = True

    @property
    def reveal_turn(self):
        return self.plan.turn(self.k + 1)

    def in_hand(self, cid: str) -> bool:
        return True                    # perhaps: out_of_hand says when not

    def out_of_hand(self, cid: str) -> list:
        return [(Lit(self.plan.fact(("hand", self.k, cid), (True, False)), False),)]

    def twins_revealed(self, card) -> list:
        out = SelectionContext.twins_revealed(self, card)
        for j in range(self.k):
            for m, t in self.plan.twins(card):
                out.append((str(self.plan.turn(j + 1)), t, (Lit((j, m), t),)))
        return out

    def current(self, m: str) -> list:
        return [(c, (Lit((self.k - 1, m), c),)) for c in self.candidates[m]]

    def war_states(self, m: str) -> list:
        dom = self.plan.war_domain(self.k, m)
        if len(dom) == 1:
            return [(dom[0], ())]
        slot = self.plan.fact(("war", self.k, m), dom)
        return [(w, (Lit(slot, w),)) for w in dom]

    def annual_prior(self, group: tuple, kind: str, maps: tuple, year: int) -> tuple:
        prior, _ = SelectionContext.annual_prior(self, group, kind, maps, year)
        terms = []
        for j in range(self.k):
            if self.plan.turn(j + 1).calendar_year != year:
                continue
            for m in group:
                for c in self.candidates[m]:
                    card = self.pos.cards[c]
                    if card.faction == self.faction and kind in card.kinds and card.map in maps:
                        terms.append((1, Lit((j, m), c)))
        return prior, tuple(terms)

    def requirement(self, card, req) -> list:
        atoms: dict = {}
        self._atoms(card, req, atoms)
        keys = list(atoms)
        out = []
        for values in product(*[atoms[a] for a in keys]):
            given = dict(zip(keys, values))
            facts = _PlanFacts(self, given)
            holds, text = check_requirement(facts.position(), card, req, facts)
            guard = tuple(Lit(self.plan.fact(a, atoms[a]), v) for a, v in given.items())
            out.append((holds, text, guard))
        return out

    def _atoms(self, card, req, atoms: dict) -> None:
        """The facts of ``req`` a plan changes, each with its values: ``("played", k, X)`` for a card of
        the faction that a turn before may reveal, ``("war", k, map)`` for a war state that may rise; a fact
        read from the position (a Posture, a marker, *the European War Boxes) follows every war state that may
        rise (what 12.2 and 12.3 set off) and, for a marker, the cards whose reveal enters it (1.1.2.2)."""
        if isinstance(req, Played):
            if self.plan.may_play(req.card, self.k):
                atoms[("played", self.k, req.card)] = (True, False)
        elif isinstance(req, WarStateIs) or (isinstance(req, EuropeanWar) and "tk" in self.pos.war_state):
            m = "tk" if isinstance(req, EuropeanWar) else (req.map or card.map)
            self._war_atom(m, atoms)
        elif isinstance(req, (CountryIs, MarkerIn, EuropeanWar, GovernmentIs)):
            for m in self.pos.maps:
                self._war_atom(m, atoms)
            if isinstance(req, MarkerIn):
                self._arrival_atoms(card, req, atoms)
        elif isinstance(req, (AnyOf, AllOf)):
            for it in req.items:
                self._atoms(card, it, atoms)
        elif isinstance(req, Not):
            self._atoms(card, req.item, atoms)

    def _war_atom(self, m: str, atoms: dict) -> None:
        if m in self.pos.war_state and len(self.plan.war_domain(self.k, m)) > 1:
            atoms[("war", self.k, m)] = self.plan.war_domain(self.k, m)

    def _arrival_atoms(self, card, req, atoms: dict) -> None:
        """1.1.2.2: a card of the faction revealed in turn j + 1 (selected in j) enters its counters after the
        selection of turn j + 1, so turn k reads them when the card was played by turn k - 1."""
        if self.k < 2:
            return
        for m in self.pos.maps:
            for cid in self.candidates.get(m, ()):
                if any(mm == card.map and norm_name(c) == norm_name(req.name) for mm, _, c, _ in self.plan.arrivals(cid)) \
                        and self.plan.may_play(cid, self.k - 1):
                    atoms[("played", self.k - 1, cid)] = (True, False)


class _PlanFacts(Facts):
    """The facts of one case of a requirement at turn ``ctx.k``: the atoms ``given`` their values, the rest
    constant (the history, the assumed plays of other factions, a war state that cannot change)."""

    def __init__(self, ctx: TurnContext, given: dict):
        self.ctx, self.given = ctx, given

    def position(self) -> Position:
        """The position this case reads: the plan's, with the war states of the case gone into effect and
        the counters of the cards it has arrived (:meth:`~solver.plan.model.PlanModel.derived`)."""
        k, plan = self.ctx.k, self.ctx.plan
        wars = tuple((m, self.war_state(self.ctx.pos, m)) for m in self.ctx.pos.maps)
        arrived = frozenset(key[2] for key, v in self.given.items() if key[0] == "played" and key[1] == k - 1 and v)
        return plan.derived(k, wars, arrived)

    def played(self, pos: Position, cid: str):
        key = ("played", self.ctx.k, cid)
        if key in self.given:
            return f"a turn before {self.ctx.plan.turn(self.ctx.k)}" if self.given[key] else None
        return self.ctx.plan.played_const(cid, self.ctx.k)

    def war_state(self, pos: Position, m: str):
        key = ("war", self.ctx.k, m)
        if key in self.given:
            return self.given[key]
        return self.ctx.plan.war_domain(self.ctx.k, m)[0]
