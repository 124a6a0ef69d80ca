"""The compilers' shared core (solver/engine/core.py): what a literal, a sum and a class mean.

Each function against its definition by brute force, and both compilers
(``compile_model``, ``compile_counts``) against the evaluator on the edge cases
the core decides for them: ANY on a slot that cannot stay empty or can only be
empty, None on a slot that must hold a value, a value outside the domain, a
slot without a domain, coefficients that add up to nothing, a coefficient far
beyond the bound.
"""
from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from aeref.solver.engine.constraints import ANY, AtMost, Evaluator, Lit, Nogood, Rule, holds
from aeref.solver.engine.compiler import compile_model
from aeref.solver.engine.core import singleton_classes
from aeref.solver.engine.core import (
    add_terms, can_hold_together, cannot_exceed, capped, classes_by_signature, matches, on_domain, wanted_by,
)
from aeref.solver.engine.compiler import compile_counts

RULE = Rule("9.9", "Test rule")
VALUES = ["a", "b", "c", None]
WANTED = ["a", "b", "c", None, ANY]


def test_matches_is_the_evaluators_reading_and_wanted_by_lists_it():
    for wanted, value in product(WANTED, VALUES):
        assert matches(wanted, value) == holds(("s", wanted), {"s": value})
    for value in VALUES:
        assert set(wanted_by(value)) == {w for w in WANTED if matches(w, value)}


def test_on_domain_says_always_never_or_open():
    for n in range(1, len(VALUES) + 1):
        for domain in {frozenset(d) for d in product(VALUES, repeat=n)}:
            for wanted in WANTED:
                hits = [matches(wanted, v) for v in domain]
                want = True if all(hits) else False if not any(hits) else None
                assert on_domain(wanted, domain) is want, (wanted, domain)
    # a slot without a domain always holds None
    assert [on_domain(w, None) for w in WANTED] == [False, False, False, True, False]
    assert on_domain(ANY, {None}) is False and on_domain(ANY, {"a"}) is True and on_domain(None, {"a"}) is False


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.sampled_from(["x", "y"]), st.sampled_from(WANTED)), max_size=4))
def test_can_hold_together_is_some_value_per_key_matching_all(lits):
    keys = sorted({k for k, _ in lits})
    some = any(all(matches(w, dict(zip(keys, vals))[k]) for k, w in lits)
               for vals in product(VALUES, repeat=len(keys)))
    assert can_hold_together(lits) == some


def test_add_terms_folds_constants_drops_the_impossible_and_adds_per_key():
    terms = [(2, "x"), (3, "always"), (4, "never"), (5, "y"), (1, "x"), (7, "z"), (-7, "z")]

    def key(lit):
        return True if lit == "always" else False if lit == "never" else lit

    assert add_terms(terms, key, 10) == (13, {"x": 3, "y": 5})
    assert list(add_terms(terms, key)[1]) == ["x", "y"]          # keys in order of first appearance


def test_capped_keeps_a_term_that_alone_exceeds_the_room_and_stays_small():
    assert capped(3, 5) == 3
    assert capped(10 ** 40, 5) == 6
    assert capped(10 ** 40, -4) == 1                               # no room at all: any term breaks it
    assert cannot_exceed(5, 5) and not cannot_exceed(6, 5)


def test_classes_by_signature_in_order_of_first_member():
    assert classes_by_signature([1, 2, 3, 4, 5, 6], lambda x: x % 3) == [[1, 4], [2, 5], [3, 6]]
    assert classes_by_signature([], len) == []


def _edge_problem():
    """Slots s (never empty), t (may be empty), u (only empty) and w (no domain: holds None)."""
    domains = {"s": ["a", "b"], "t": ["a", "b", None], "u": [None]}
    cons = [
        Nogood((Lit("s", ANY), Lit("t", "a")), "ANY on a slot that is never empty", RULE),
        Nogood((Lit("u", ANY), Lit("t", "b")), "ANY on a slot that is always empty: never broken", RULE),
        Nogood((Lit("s", None),), "None on a slot that always holds a value: never broken", RULE),
        Nogood((Lit("t", "zz"),), "a value outside the domain: never broken", RULE),
        Nogood((Lit("w", None), Lit("s", "b"), Lit("t", None)), "w has no domain: it holds None", RULE),
        AtMost(((10 ** 40, Lit("t", ANY)), (1, Lit("s", "a")), (2, Lit("u", None)), (3, Lit("s", "b")),
                (-3, Lit("s", "b"))), 3, lambda held: "a huge coefficient; s=b adds nothing", 0, RULE),
    ]
    return domains, cons


def _legal(domains, cons):
    slots = list(domains)
    ev = Evaluator(cons)
    return {vals for vals in product(*domains.values()) if ev.fits(dict(zip(slots, vals)))}


def test_both_compilers_read_the_edge_literals_as_the_evaluator_does():
    domains, cons = _edge_problem()
    slots = list(domains)
    legal = _legal(domains, cons)
    assert legal == {("a", None, None)}                # s=b with t None breaks the w nogood; t set breaks the sum
    comp = compile_model(cons, singleton_classes(domains))
    for vals in product(*domains.values()):
        m = comp.model.clone()
        for s, v in zip(slots, vals):
            m.add(m.get_bool_var_from_proto_index(comp.var[(s, v)].index) == 1)
        status = cp_model.CpSolver().solve(m)
        assert (status == cp_model.OPTIMAL) == (vals in legal), vals
    for vals in product(*domains.values()):
        counts = compile_counts(cons, domains, [(s,) for s in slots])
        choice = dict(zip(slots, vals))
        if not counts.hint(choice):                   # a joint value a one-entity nogood removed
            assert vals not in legal, vals
            continue
        for c, n in zip(counts.classes, counts.counts(choice)):
            for var, k in zip(c.vars, n):
                counts.model.add(var == k)
        status = cp_model.CpSolver().solve(counts.model)
        assert (status == cp_model.OPTIMAL) == (vals in legal), vals
