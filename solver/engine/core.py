"""What the compilers agree on: the meaning of a literal, the sum of a constraint's terms, capping, classes.

Both compilers, :func:`solver.engine.compiler.compile_model` (a slot's values as Booleans)
and :func:`solver.engine.counts.compile_counts` (interchangeable entities as
counts), with their value groups (:mod:`solver.engine.groups`), read a
constraint of :mod:`solver.engine.constraints` through these few functions, so that
a literal, a sum and "no constraint tells these apart" mean one thing in every
model:

* a literal ``(slot, wanted)`` asks for a value, for None (the slot holds
  nothing) or for :data:`~solver.engine.constraints.ANY` (it holds some value):
  :func:`matches`, :func:`wanted_by`, :func:`on_domain`, :func:`can_hold_together`;
* the terms of a sum are added per key, constant ones folded into a constant
  (:func:`add_terms`), and a coefficient is capped at what the bound leaves
  (:func:`capped`, :func:`cannot_exceed`);
* values or entities with one signature (the same part in every constraint)
  form one class (:func:`classes_by_signature`).

Plain Python (no ortools): the same definitions are tested without a solver.
"""
from __future__ import annotations

from typing import Any, Callable, Collection, Hashable, Iterable, Optional, Sequence

from .constraints import ANY, Constraint, Evaluator, Nogood, matches

__all__ = ["add_terms", "can_hold_together", "cannot_exceed", "capped", "classes_by_signature", "matches",
           "on_domain", "wanted_by"]


def wanted_by(value: Any) -> tuple:
    """Every ``wanted`` that :func:`matches` ``value``: the value itself, and ANY unless it is None."""
    return (value,) if value is None else (value, ANY)


def on_domain(wanted: Any, domain: Optional[Collection]) -> Optional[bool]:
    """What a literal asking for ``wanted`` is on a slot that may hold the values of ``domain``
    (None in it where the slot may hold nothing; ``domain`` None: the slot has no domain and
    always holds None): True when it holds whatever is chosen, False when it never holds, None
    when it depends on the choice."""
    if domain is None:
        return wanted is None
    if wanted is ANY:
        if None not in domain:
            return True
        return None if len(domain) > 1 else False
    if wanted not in domain:
        return False
    return True if len(domain) == 1 else None


def can_hold_together(lits: Iterable[tuple]) -> bool:
    """False when some value of one key could not match two of ``lits`` (``(key, wanted)`` pairs:
    a slot or a role and what it is asked): two different values, or ANY and None."""
    per_key: dict = {}
    for l in lits:
        per_key.setdefault(l[0], set()).add(l[1])
    for wanted in per_key.values():
        concrete = {v for v in wanted if v is not ANY}
        if len(concrete) > 1 or (ANY in wanted and None in concrete):
            return False
    return True


def add_terms(terms: Iterable[tuple[int, Any]], key: Callable[[Any], Any], const: int = 0) -> tuple[int, dict]:
    """The terms ``(coefficient, literal)`` of a sum, added up: ``(constant, {key: coefficient})``.

    ``key(literal)`` is True for a literal that always holds (its coefficient joins
    ``const``), False for one that never does (left out), else the key the literal
    counts under; the coefficients of one key are added, in the order keys first
    appear, and keys whose coefficients add up to 0 are left out.
    """
    out: dict = {}
    for coef, lit in terms:
        k = key(lit)
        if k is True:
            const += coef
        elif k is not False:
            out[k] = out.get(k, 0) + coef
    return const, {k: c for k, c in out.items() if c}


def capped(coef: int, room: int) -> int:
    """``coef`` capped at ``room + 1`` (``room``: what the bound leaves to the terms; at least 1):
    a term that alone exceeds the room still does, and a huge value from a file
    (``production: 10**40``) stays within CP-SAT's 64-bit integers."""
    return min(coef, max(room, 0) + 1)


def cannot_exceed(top: int, room: int) -> bool:
    """True when the most the terms can add up to (``top``) is within ``room``: the sum is never
    broken and is left out of the model."""
    return top <= room


def classes_by_signature(items: Iterable[Hashable], signature: Callable[[Any], Hashable]) -> list[list]:
    """``items`` in classes of equal ``signature(item)`` (what the constraints say of it): classes in
    order of their first item, items in order."""
    out: dict = {}
    for x in items:
        out.setdefault(signature(x), []).append(x)
    return list(out.values())


def lit_key(lit: tuple) -> tuple:
    """A literal as a plain ``(slot, wanted)`` pair (the key its coefficients are added under)."""
    return lit[0], lit[1]


def singleton_classes(values: dict) -> dict:
    """Every value of every slot (``{slot: [value, ...]}``) in a class of its own."""
    return {slot: [[v] for v in vs] for slot, vs in values.items()}


def interchangeable_classes(values: dict, constraints: Sequence[Constraint], evaluator: Evaluator) -> dict:
    """Each slot's values (``{slot: [value, ...]}``) grouped into classes that no constraint tells apart.

    Values a unary constraint excludes are left out (pruned). Two values of
    one slot fall in one class when they take part in exactly the same
    constraints the same way: the same partners in every nogood, the same
    coefficient in every sum. Swapping them maps every legal choice to a legal
    choice, so a choice of classes is legal exactly when every choice of
    their members is. Returns ``{slot: [[value, ...], ...]}`` (classes in
    order of first value). Only for constraints over concrete values (no ``ANY``).
    """
    sig: dict = {}
    for slot, vs in values.items():
        for v in vs:
            if not evaluator.unary_excluded((slot, v)):
                sig[(slot, v)] = set()

    def unpruned(lit):
        key = (lit[0], lit[1])
        return key if key in sig else False            # a pruned value: its term is left out

    for i, c in enumerate(constraints):
        if isinstance(c, Nogood):
            lits = frozenset(lit_key(l) for l in c.lits)
            if any(l not in sig for l in lits) or not can_hold_together(lits):
                continue                      # a pruned literal, or two values of one slot: cannot hold
            for l in lits:
                sig[l].add(("nogood", lits - {l}))
        else:
            _, coefs = add_terms(c.terms, unpruned)
            for l, coef in coefs.items():
                sig[l].add(("sum", i, coef))
    return {slot: classes_by_signature([v for v in dict.fromkeys(vs) if (slot, v) in sig],
                                       lambda v: frozenset(sig[(slot, v)]))
            for slot, vs in values.items()}
