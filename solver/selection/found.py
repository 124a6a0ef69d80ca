"""The legal Pending Card selections found, kept compact, and what needs no solver (1.1.3).

:class:`Found` is what an enumeration found (:mod:`solver.selection.choices` by CP-SAT, or
:func:`plain_found` by plain evaluation when one map is in play: no pairing, so
no solver); :class:`WhyAnswer` why a card is in no legal selection, built here
when one rule excludes the card alone (:func:`excluded_alone`). Does not import
ortools: TK or DS alone lists its cards and explains those one rule excludes
without it.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from math import prod
from typing import Callable, Iterator, Optional

from ..engine.constraints import AtMost, Evaluator, Nogood, Violation
from .rules import SelectionContext, interpretations_used

__all__ = ["Found", "WhyAnswer", "excluded_alone", "format_key", "kept_violations", "plain_found"]


def format_key(value) -> tuple:
    """The sort key of one slot's value in FORMAT 5 order (:func:`~solver.selection.rules.choice_key`): by id, None last."""
    return (value is None, value or "")


@dataclass
class Found:
    """The legal selections an enumeration found, kept compact: each row of ``rows`` is a tuple of value
    lists, one per slot of ``slots``, and stands for every choice of their product (rows never share a
    choice). ``complete`` is False when the time limit (or Ctrl-C) ended the enumeration first.

    4,000,000 selections of 2,000 interchangeable cards per map are a couple of rows; :meth:`ordered`
    hands the choices out one by one in any lexicographic order, in memory of the size of the rows.
    """
    slots: tuple
    rows: list
    complete: bool

    def count(self) -> int:
        """How many selections the rows stand for."""
        return sum(prod(len(vs) for vs in row) for row in self.rows)

    def used(self) -> set:
        """Every ``(slot, value)`` that some found selection holds."""
        return {(s, v) for row in self.rows for s, vs in zip(self.slots, row) for v in vs}

    def ordered(self, order: Optional[tuple] = None, key: Callable = format_key) -> Iterator[dict]:
        """Every found selection (``{slot: value}``, keys in slot order), sorted lexicographically over the slots of ``order``
        (default: FORMAT 5's, the slots by name) with ``key`` ranking each slot's values (default:
        :func:`format_key`). One or two slots are streamed; more are expanded and sorted."""
        order = tuple(order or sorted(self.slots))
        at = [self.slots.index(s) for s in order]
        if len(order) == 1:
            values = sorted((v for row in self.rows for v in row[at[0]]), key=key)
            return ({order[0]: v} for v in values)
        if len(order) == 2:
            return self._two(order, at, key)
        every = [dict(zip(self.slots, vals)) for row in self.rows for vals in product(*row)]
        return iter(sorted(every, key=lambda ch: tuple(key(ch[s]) for s in order)))

    def _two(self, order: tuple, at: list, key: Callable) -> Iterator[dict]:
        a, b = order
        rows_of: dict = {}                                     # a value -> the rows that hold it
        for i, row in enumerate(self.rows):
            for v in row[at[0]]:
                rows_of.setdefault(v, []).append(i)
        partners: dict = {}                                    # the rows of a value -> their b values, sorted
        for v in sorted(rows_of, key=key):
            rows = tuple(rows_of[v])
            bs = partners.get(rows)
            if bs is None:
                bs = partners[rows] = sorted((w for i in rows for w in self.rows[i][at[1]]), key=key)
            if at[0] < at[1]:                                 # each dict's keys in slot order
                for w in bs:
                    yield {a: v, b: w}
            else:
                for w in bs:
                    yield {b: w, a: v}


@dataclass
class WhyAnswer:
    """Why a card is (not) in a legal choice: ``legal`` and ``example``, or the violations (the
    public answer, with its JSON, is :class:`aeref.answers.Why`)."""
    card: str
    slot: str
    legal: bool
    example: Optional[dict]
    violations: list
    interpretations: dict
    rules: list          # the minimal set of rule keys that exclude the card
    complete: bool = True  # False: the time limit cut the shrinking short, the set may not be minimal
    # its JSON is the public answer's: aeref.answers.Why.of(...).as_json()


def kept_violations(ctx: SelectionContext, constraints: list, slot: str, card: str, kept: list) -> list[Violation]:
    """The violations of the kept rules in the choices that contain the card: those on the card
    alone when they cover every kept rule, else every violation of a kept rule in each pairing."""
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
        return alone
    # in each pairing, every violation of the kept rules: a rule of the core may break only on the other
    # slot (the selection is final and the card's partner breaks 1.1.1, say)
    kept_rules = Evaluator([x for x in constraints if x.rule.key in kept])
    seen, violations = set(), []
    for rest in product(*[ctx.values(s) for s in others]):
        for v in kept_rules.violations({slot: card, **dict(zip(others, rest))}):
            if v not in seen:
                seen.add(v)
                violations.append(v)
    return violations


def plain_found(ctx: SelectionContext, constraints: list) -> Found:
    """The legal selections of a context with one slot (TK or DS alone: no pairing), each card and
    "no card" ruled by plain evaluation of ``constraints`` (1.1.3), no solver. Complete."""
    ev = Evaluator(constraints)
    slot = ctx.slots[0]
    legal = [v for v in ctx.values(slot) if ev.fits({slot: v})]
    return Found(ctx.slots, [(legal,)] if legal else [], True)


def alone_rules(alone: list) -> list:
    """The rule keys of ``alone`` (the violations that exclude a card by themselves, unary constraints),
    each once, in rule order: each alone is a minimal set of one, and each is listed (as ``check`` lists
    every rule broken)."""
    return list(dict.fromkeys(x.rule.key for x in alone))


def excluded_alone(ctx: SelectionContext, constraints: list, cards: list) -> Optional[list]:
    """The answers of ``why`` for ``cards`` (``(slot, card id)`` pairs in no legal selection) when a rule
    excludes each of them alone (a unary constraint): every such rule (:func:`alone_rules`), found
    without a solve. None when some card needs the solver (:class:`solver.selection.choices.Explainer`)."""
    ev = Evaluator(constraints)
    alone = [ev.excluding((slot, cid)) for slot, cid in cards]
    if not all(alone):
        return None
    interps = interpretations_used(ctx.pos)
    out = []
    for (slot, cid), rules in zip(cards, alone):
        kept = alone_rules(rules)
        out.append(WhyAnswer(cid, slot, False, None, kept_violations(ctx, constraints, slot, cid, kept), interps, kept))
    return out
