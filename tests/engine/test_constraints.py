"""The one constraint language (solver/engine/constraints.py) and the one compiler (solver/engine/compiler.py) agree.

Random slots and random Nogood / AtMost constraints over literals with concrete
values, None and ANY (as the replacement rules use them): the Evaluator's
indexed ``fits``, its per-constraint check and its violations agree with each
other on every choice, a slot left out of a choice holds None, and CP-SAT
enumeration of the compiled model finds exactly the choices that fit.
"""
from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from aeref.solver.engine.constraints import ANY, AtMost, Evaluator, Lit, Nogood, Rule, post
from aeref.solver.engine.compiler import compile_model
from aeref.solver.engine.core import singleton_classes

RULE_A = Rule("9.9", "Test rule A")
RULE_B = Rule("9.9.1", "Test rule B")


@st.composite
def problems(draw):
    slots = [f"s{i}" for i in range(draw(st.integers(1, 3)))]
    # a slot holds None (left empty) or, now and then, must hold a value (as a forced selection slot does)
    values = {s: [f"{s}v{j}" for j in range(draw(st.integers(0, 3)))] for s in slots}
    for s in slots:
        if not values[s] or draw(st.integers(0, 3)):
            values[s].append(None)
    lits = [Lit(s, v) for s in slots for v in values[s]] + [Lit(s, ANY) for s in slots]
    cons = []
    for _ in range(draw(st.integers(0, 7))):
        rule = draw(st.sampled_from([RULE_A, RULE_B]))
        if draw(st.booleans()):
            k = draw(st.integers(1, 3))
            cons.append(Nogood(tuple(draw(st.lists(st.sampled_from(lits), min_size=k, max_size=k))), "nogood", rule))
        else:
            terms = tuple((draw(st.integers(0, 3)), draw(st.sampled_from(lits))) for _ in range(draw(st.integers(0, 4))))
            bound = draw(st.integers(0, 3))
            cons.append(AtMost(terms, bound, lambda held: f"{len(held)} held", draw(st.integers(0, bound)), rule))
    return slots, values, cons


def _solutions(comp, slots):
    class Collect(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found = []

        def on_solution_callback(self):
            self.found.append(tuple(comp.chosen(self, s)[0] for s in slots))

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    cb = Collect()
    assert solver.solve(comp.model, cb) in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    return cb.found


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_evaluator_and_compiler_agree(problem):
    slots, values, cons = problem
    ev = Evaluator(cons)
    fitting = set()
    for vals in product(*[values[s] for s in slots]):
        choice = dict(zip(slots, vals))
        broken = [c for c in cons if Evaluator.check(c, choice) is not None]
        assert ev.fits(choice) == (not broken)
        assert ev.fits(choice, slots) == (not broken)
        assert bool(ev.violations(choice)) == bool(broken)
        assert {v.rule for v in ev.violations(choice)} == {c.rule.number for c in broken}
        # a slot left out holds None
        short = {s: v for s, v in choice.items() if v is not None}
        assert ev.fits(short) == ev.fits(choice)
        if not broken:
            fitting.add(vals)
    got = _solutions(compile_model(cons, singleton_classes(values)), slots)
    assert len(got) == len(set(got))
    assert set(got) == fitting
    # a free slot (cpsat._post_free): one solution per choice of the other slots that leaves the free slot a
    # value, and the free slot's classes that fit are exactly the values that go with it
    free = slots[0]
    comp = compile_model(cons, singleton_classes(values), free=free)

    class Collect(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found = []

        def on_solution_callback(self):
            rest = tuple(comp.chosen(self, s)[0] for s in slots[1:])
            fits = frozenset(vs[0] for vs, b in comp.by_slot[free] if self.boolean_value(b))
            self.found.append((rest, fits))

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    cb = Collect()
    assert solver.solve(comp.model, cb) in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
    want = {}
    for vals in fitting:
        want.setdefault(vals[1:], set()).add(vals[0])
    assert len(cb.found) == len({r for r, _ in cb.found})
    assert {r: set(f) for r, f in cb.found} == want


def test_post_stamps_the_posting_rule_unless_a_constraint_names_its_own():
    own = Rule("1.3.2.3", "No Retreat")
    rule = Rule("1.3.3.2", "Airborne and Marine Units",
                lambda ctx: [Nogood((Lit("a", 1),), "x"), Nogood((Lit("a", 2),), "y", own)])
    a, b = post([rule], None)
    assert a.rule is rule and b.rule is own
    assert Evaluator([a, b]).violations({"a": 2})[0].rule == "1.3.2.3"


def test_any_literal_holds_only_for_a_value():
    assert Lit("a", ANY).holds({"a": "x"}) and not Lit("a", ANY).holds({"a": None}) and not Lit("a", ANY).holds({})
    assert Lit("a", None).holds({}) and Lit("a", None).holds({"a": None})


def test_a_free_slot_beside_a_slot_that_must_hold_a_value():
    """A nogood "a holds a1 and b holds any value", b with no None (a forced slot): compiled with a free,
    the literal on b always holds, so a1 never fits - whatever b holds - and None always does."""
    cons = [Nogood((Lit("a", "a1"), Lit("b", ANY)), "no a1 beside anything in b", RULE_A)]
    values = {"a": ["a1", None], "b": ["b1", "b2"]}
    comp = compile_model(cons, singleton_classes(values), free="a")
    found = []

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self):
            found.append((comp.chosen(self, "b")[0],
                          frozenset(vs[0] for vs, b in comp.by_slot["a"] if self.boolean_value(b))))

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    assert solver.solve(comp.model, Collect()) == cp_model.OPTIMAL
    assert sorted(found, key=str) == [("b1", frozenset({None})), ("b2", frozenset({None}))]
