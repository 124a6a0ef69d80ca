"""Rules as data: one definition, two ways to run it (DESIGN.md).

A :class:`Rule` has its number as printed (``"1.1.3.3"``), a short title and a
``post`` function that, for one position, produces constraints over *choice
literals*. A literal is a ``(slot, value)`` pair: ``("tk", "tk-soviet-38")``
means "the TK slot holds tk-soviet-38", ``("ds", None)`` "no DS Pending
Card". Two kinds of constraint carry the message that explains them:

* :class:`Nogood` - these literals must not all hold together;
* :class:`AtMost` - ``const + sum(coef for lit in terms if lit holds) <= bound``.

:func:`evaluate` interprets the constraints on one concrete choice (the
referee's ruling); :mod:`solver.cpsat` posts the very same constraints into a
CP-SAT model (enumeration, optimisation, explanation).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional, Sequence, Union

Lit = tuple  # (slot, value)


@dataclass(frozen=True)
class Violation:
    """A broken rule in a ruling: number as printed, title, message with the concrete values."""

    rule: str
    title: str
    message: str

    def as_json(self) -> dict:
        return {"rule": self.rule, "title": self.title, "message": self.message}

    def __str__(self) -> str:
        return f"{self.rule} {self.title}: {self.message}"


@dataclass(frozen=True)
class Nogood:
    """The literals ``lits`` must not all hold at once; ``message`` says why."""

    lits: tuple
    message: str


@dataclass(frozen=True)
class AtMost:
    """``const + sum(coef for (coef, lit) in terms if lit holds) <= bound``.

    ``explain(held)`` gives the message for the literals that hold in a
    violating choice. Coefficients are non-negative.
    """

    terms: tuple
    bound: int
    explain: Callable[[list], str] = field(compare=False)
    const: int = 0


Constraint = Union[Nogood, AtMost]


@dataclass(frozen=True)
class Rule:
    """One rule of the rulebook.

    ``post(ctx)`` yields the rule's constraints for the position in ``ctx``;
    a rule with ``meta=True`` is posted after the others and receives a
    second argument, the :class:`RuleIndex` of those others (1.1.3 "a slot
    stays empty only when no card fits" is defined over the other rules).
    ``interpretations`` names the interpretations the rule reads.
    """

    number: str
    title: str
    post: Callable[..., Iterable[Constraint]]
    interpretations: tuple = ()
    meta: bool = False

    @property
    def key(self) -> str:
        return f"{self.number} {self.title}"


class RuleIndex:
    """The constraints of a list of rules for one context, indexed for fast evaluation.

    ``constraints`` is ``[(rule, constraint), ...]``. ``violations(choice)``
    returns every :class:`Violation` of a concrete choice (a mapping slot ->
    value); ``fits(choice)`` is true when there is none.
    """

    def __init__(self, constraints: list[tuple[Rule, Constraint]]):
        self.constraints = constraints
        self.by_lits: dict[frozenset, list[tuple[Rule, Nogood]]] = {}
        self.sums: list[tuple[Rule, AtMost]] = []
        self.max_arity = 0
        for rule, c in constraints:
            if isinstance(c, Nogood):
                key = frozenset(c.lits)
                self.by_lits.setdefault(key, []).append((rule, c))
                self.max_arity = max(self.max_arity, len(key))
            else:
                self.sums.append((rule, c))

    def _held_sets(self, choice: dict) -> Iterable[frozenset]:
        lits = [(s, v) for s, v in choice.items()]
        if self.max_arity >= 1:
            for lit in lits:
                yield frozenset([lit])
        if self.max_arity >= 2:
            for i in range(len(lits)):
                for j in range(i + 1, len(lits)):
                    yield frozenset([lits[i], lits[j]])
        if self.max_arity >= 3:
            from itertools import combinations
            for k in range(3, min(self.max_arity, len(lits)) + 1):
                for comb in combinations(lits, k):
                    yield frozenset(comb)

    def violations(self, choice: dict, rules: Optional[set] = None) -> list[Violation]:
        """Every violation of ``choice`` (slot -> card id or None), in rule order."""
        found: list[tuple[Rule, str]] = []
        for key in self._held_sets(choice):
            for rule, c in self.by_lits.get(key, ()):
                found.append((rule, c.message))
        for rule, c in self.sums:
            held = [lit for coef, lit in c.terms if choice.get(lit[0], _MISSING) == lit[1]]
            total = c.const + sum(coef for coef, lit in c.terms if choice.get(lit[0], _MISSING) == lit[1])
            if total > c.bound:
                found.append((rule, c.explain(held)))
        if rules is not None:
            found = [f for f in found if f[0].key in rules]
        order: dict[int, int] = {}
        for i, (r, _) in enumerate(self.constraints):
            order.setdefault(id(r), i)
        found.sort(key=lambda f: order.get(id(f[0]), 0))
        out, seen = [], set()
        for rule, msg in found:
            v = Violation(rule.number, rule.title, msg)
            if v not in seen:
                seen.add(v)
                out.append(v)
        return out

    def fits(self, choice: dict) -> bool:
        for key in self._held_sets(choice):
            if key in self.by_lits:
                return False
        for _, c in self.sums:
            total = c.const + sum(coef for coef, lit in c.terms if choice.get(lit[0], _MISSING) == lit[1])
            if total > c.bound:
                return False
        return True

    def unary_excluded(self, lit: Lit) -> bool:
        """True when ``lit`` alone breaks a constraint (a unary nogood or a
        coefficient above the bound): such literals are pruned before a model
        is built."""
        if frozenset([lit]) in self.by_lits:
            return True
        for _, c in self.sums:
            for coef, l in c.terms:
                if l == lit and c.const + coef > c.bound:
                    return True
        return False


_MISSING = object()


def post_all(rules: Sequence[Rule], ctx: Any) -> tuple[RuleIndex, list[tuple[Rule, Constraint]]]:
    """Post every rule for ``ctx``: plain rules first, then meta rules over them.

    Returns the index of all constraints and the list of (rule, constraint).
    """
    base: list[tuple[Rule, Constraint]] = []
    for rule in rules:
        if not rule.meta:
            base.extend((rule, c) for c in rule.post(ctx))
    base_index = RuleIndex(base)
    allc = list(base)
    for rule in rules:
        if rule.meta:
            allc.extend((rule, c) for c in rule.post(ctx, base_index))
    return RuleIndex(allc), allc
