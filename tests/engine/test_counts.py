"""The count compiler (solver/engine/counts.py) is exact, and the evaluator's Tracker agrees with the Evaluator.

Random problems of a few *entities* (two slots each, as a Force Pool unit's
``place`` and ``pay``), built from kinds so that several entities are
interchangeable, with random one-entity nogoods, sums, per-place capacities
(which merge places into groups), cross-entity nogoods (families complete or
not) and a random objective, over literals with
concrete values, None and ANY. Against brute force over every choice:
feasibility and the optimum agree, the expanded optimum breaks no
constraint, and a hint of a legal choice is accepted. The Tracker's
incremental ``fits`` answers what ``Evaluator.fits`` answers at every step
of a random walk.
"""
from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from aeref.solver.engine.constraints import ANY, AtMost, Evaluator, Lit, Nogood, Rule, Tracker
from aeref.solver.engine.compiler import compile_counts

RULE = Rule("9.9", "Test rule")


@st.composite
def problems(draw):
    n_kinds = draw(st.integers(1, 3))
    places = ["h1", "h2", "h3"]
    pays = ["p1", "p2"]
    kinds = []
    for _ in range(n_kinds):
        kinds.append((draw(st.integers(1, 3)),
                      draw(st.lists(st.sampled_from(places), unique=True, max_size=3)),
                      draw(st.lists(st.sampled_from(pays), unique=True, max_size=2))))
    ents, domains, kind_of = [], {}, {}
    for k, (copies, pl, pa) in enumerate(kinds):
        for c in range(copies):
            uid = f"u{k}.{c}"
            if len(ents) >= 5:
                break
            ents.append((("place", uid), ("pay", uid)))
            domains[("place", uid)] = pl + [None]
            domains[("pay", uid)] = pa + [None]
            kind_of[uid] = k
    uids = [e[0][1] for e in ents]

    def lit(uid, role, pool):
        return Lit((role, uid), draw(st.sampled_from(pool + [None, ANY])))

    cons = []
    # per kind, the same one-entity nogood for every copy (symmetric) or for one copy only
    for _ in range(draw(st.integers(0, 3))):
        k = draw(st.integers(0, n_kinds - 1))
        roles = draw(st.lists(st.sampled_from(["place", "pay"]), min_size=1, max_size=2, unique=True))
        vals = {r: draw(st.sampled_from((places if r == "place" else pays) + [None, ANY])) for r in roles}
        members = [u for u in uids if kind_of[u] == k]
        if draw(st.booleans()) and members:
            members = members[:1]
        for u in members:
            cons.append(Nogood(tuple(Lit((r, u), v) for r, v in vals.items()), "m", RULE))
    # sums over every entity, coefficients by kind (symmetric) or random
    for _ in range(draw(st.integers(0, 3))):
        coef = {k: draw(st.integers(0, 2)) for k in range(n_kinds)}
        role = draw(st.sampled_from(["place", "pay"]))
        val = draw(st.sampled_from((places if role == "place" else pays) + [ANY, None]))
        sym = draw(st.booleans())
        terms = tuple(((coef[kind_of[u]] if sym else draw(st.integers(0, 2))), Lit((role, u), val)) for u in uids)
        bound = draw(st.integers(0, 3))
        cons.append(AtMost(terms, bound, lambda held: "s", draw(st.integers(0, bound)), RULE))
    # cross-entity nogoods: "these two are not both at h", for every pair of two kinds or for some pairs
    for _ in range(draw(st.integers(0, 2))):
        h = draw(st.sampled_from(places))
        a, b = draw(st.integers(0, n_kinds - 1)), draw(st.integers(0, n_kinds - 1))
        pairs = [(x, y) for x in uids for y in uids if x < y and {kind_of[x], kind_of[y]} == {a, b}]
        if draw(st.booleans()) and pairs:
            pairs = pairs[:1]
        for x, y in pairs:
            cons.append(Nogood((Lit(("place", x), h), Lit(("place", y), h)), "x", RULE))
    # stacking-like capacities: at most k entities in each place (the same sum for every entity)
    if draw(st.booleans()):
        for h in places:
            if draw(st.integers(0, 3)):
                cons.append(AtMost(tuple((1, Lit(("place", u), h)) for u in uids), draw(st.integers(0, 2)),
                                   lambda held: "cap", 0, RULE))
    weights = {v: draw(st.integers(0, 3)) for v in places + pays}
    if draw(st.booleans()):                      # places alike: they may be merged into one group
        weights.update({h: weights["h1"] for h in places})
    objective = [(weights[v], Lit((r, u), v)) for u in uids for r, pool in (("place", places), ("pay", pays))
                 for v in pool]
    return ents, domains, cons, objective


def _all_choices(ents, domains):
    slots = [s for e in ents for s in e]
    for vals in product(*[domains[s] for s in slots]):
        yield dict(zip(slots, vals))


def _value(objective, choice):
    return sum(c for c, l in objective if l.holds(choice))


@settings(max_examples=250, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_counts_are_exact(problem):
    ents, domains, cons, objective = problem
    ev = Evaluator(cons)
    legal = [ch for ch in _all_choices(ents, domains) if ev.fits(ch)]
    comp = compile_counts(cons, domains, ents, objectives=[objective])
    comp.model.maximize(comp.objective(0))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(comp.model)
    if not legal:
        assert status == cp_model.INFEASIBLE
        return
    assert status == cp_model.OPTIMAL
    best = max(_value(objective, ch) for ch in legal)
    assert round(solver.objective_value) == best
    choice = comp.choice(solver.value)
    assert ev.fits(choice), choice
    assert _value(objective, choice) == best
    assert comp.hint(legal[0])
    assert comp.hint(choice)


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(problems(), st.randoms(use_true_random=False))
def test_tracker_answers_what_the_evaluator_answers(problem, rnd):
    ents, domains, cons, _ = problem
    ev = Evaluator(cons)
    choice = {s: None for e in ents for s in e}
    if not ev.fits(choice):
        return                                   # the Tracker starts from a choice that breaks nothing
    tracker = Tracker(cons, choice)
    for _ in range(12):
        e = rnd.choice(ents)
        change = {s: rnd.choice(domains[s]) for s in e}
        trial = {**tracker.choice, **change}
        assert tracker.fits(change) == ev.fits(trial, list(change)), (tracker.choice, change)
        if tracker.fits(change):
            tracker.set(change)
            assert ev.fits(tracker.choice)
            # the incremental sums are those of the choice counted afresh (a slot emptied drops its ANY literal)
            assert tracker.totals == Tracker(cons, tracker.choice).totals, (tracker.choice, change)


def _sizes(cons, extra=()):
    """Class sizes of three A units (places h1, h2) and three B units (h1, h3) under ``cons``."""
    ents = [(("place", u),) for u in ("a1", "a2", "a3", "b1", "b2", "b3")]
    domains = {("place", u): ["h1", "h2" if u < "b" else "h3", None] for u in ("a1", "a2", "a3", "b1", "b2", "b3")}
    comp = compile_counts(list(cons), domains, ents)
    return sorted(c.size for c in comp.classes)


def _at(u, h):
    return Lit(("place", u), h)


def test_counts_keep_a_class_whole_under_a_complete_family_of_nogoods():
    """A cross-entity nogood posted for every pair of members (9.1: no two units of different Minor
    Countries in a hex) is exact by counts, so the interchangeable units stay one class each; posted for
    some pairs only, the classes involved are split into single units (module doc of solver/cpsat_counts)."""
    A, B = ("a1", "a2", "a3"), ("b1", "b2", "b3")
    assert _sizes([]) == [3, 3]
    # one member of each class: every (A, B) pair, 3 x 3 = 9 nogoods
    assert _sizes([Nogood((_at(a, "h1"), _at(b, "h1")), "x", RULE) for a in A for b in B]) == [3, 3]
    # two members of one class, the same part: every unordered pair of A, C(3, 2) = 3 nogoods
    assert _sizes([Nogood((_at(x, "h1"), _at(y, "h1")), "x", RULE) for x in A for y in A if x < y]) == [3, 3]
    # two members of one class, each its own part: every ordered pair of A, 3 x 2 = 6 nogoods
    assert _sizes([Nogood((_at(x, "h1"), _at(y, "h2")), "x", RULE) for x in A for y in A if x != y]) == [3, 3]
    # incomplete families split the classes they touch
    assert _sizes([Nogood((_at("a1", "h1"), _at("b1", "h1")), "x", RULE)]) == [1, 1, 1, 1, 1, 1]
    assert _sizes([Nogood((_at("a1", "h1"), _at("a2", "h1")), "x", RULE)]) == [1, 1, 1, 3]
    assert _sizes([Nogood((_at(x, "h1"), _at(y, "h2")), "x", RULE) for x in A for y in A if x < y]) == [1, 1, 1, 3]


def test_counts_a_slot_without_a_domain_holds_none():
    """A literal on a slot the compiler was given no domain for holds exactly when it names None: in a sum
    it uses up its coefficient, in a nogood it is true (named None) or makes the nogood dead (a value)."""
    domains = {("place", "a1"): ["h1", "h2"]}
    ents = [(("place", "a1"),)]

    def places(cons):
        # an objective weighing h1 and h2 apart keeps them two values (not one group of alike places)
        comp = compile_counts(cons, domains, ents, objectives=[[(1, _at("a1", "h1")), (2, _at("a1", "h2"))]])
        out = set()
        for h in ("h1", "h2"):
            m = comp.model.clone()
            m.add(sum(v for c in comp.classes for x, v in zip(c.joint, c.vars) if x == (h,)) == 1)
            solver = cp_model.CpSolver()
            if solver.solve(m) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                out.add(h)
        return out

    ghost = ("place", "nowhere")
    assert places([AtMost(((1, Lit(ghost, None)), (1, _at("a1", "h1"))), 1, lambda held: "s", 0, RULE)]) == {"h2"}
    assert places([AtMost(((1, Lit(ghost, "h1")), (1, _at("a1", "h1"))), 1, lambda held: "s", 0, RULE)]) == {"h1", "h2"}
    assert places([Nogood((Lit(ghost, None), _at("a1", "h2")), "x", RULE)]) == {"h1"}
    assert places([Nogood((Lit(ghost, ANY), _at("a1", "h2")), "x", RULE)]) == {"h1", "h2"}


def test_values_an_objective_weighs_alike_are_one_group():
    """solver/cpsat_groups: values of a later role (a unit's payment) that the objective weighs alike
    become one group; weighed apart, they stay values of their own."""
    ents = [(("place", u), ("pay", u)) for u in ("a", "b")]
    domains = {}
    for u in ("a", "b"):
        domains[("place", u)], domains[("pay", u)] = ["h1"], ["p1", "p2", "p3"]
    alike = [(1, Lit(("pay", u), p)) for u in ("a", "b") for p in ("p1", "p2", "p3")]
    [group] = compile_counts([], domains, ents, objectives=[alike]).groups
    assert (group.role, group.values, group.caps) == (1, ["p1", "p2", "p3"], [None, None, None])
    apart = [(i + 1, Lit(("pay", u), p)) for u in ("a", "b") for i, p in enumerate(("p1", "p2", "p3"))]
    assert compile_counts([], domains, ents, objectives=[apart]).groups == []
