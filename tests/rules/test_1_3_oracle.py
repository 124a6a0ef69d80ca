"""The replacements oracle (``tests/support/replacement_oracle.py``: brute force, written from the
rules text of 1.3.3 / 1.3.4 and 9.1 / 9.2, independent of ``solver/``) against the CP-SAT optimiser
(``replacements``: the most steps used) and against ``check-replacements`` (the rules a proposed
allocation breaks, the units 9.2 eliminates after the Segment, the steps that end up used), on random
small Replacements Segments of two universes (TK Soviet, DS Western; ``tests/support/replacement_positions.py``).
What the positions reach is asserted by ``tests/rules/test_generator_coverage.py``.
"""
from __future__ import annotations

import tempfile
from collections import Counter

from hypothesis import HealthCheck, given, settings

from aeref.solver.replacements import check_allocation, read_allocation
from aeref.solver.replacements.relaxed import lost_steps
from aeref.solver.replacements.optimise import optimise

from ..support import replacement_oracle as oracle
from ..support.distributions import draw_examples
from ..support.profiles import scaled
from ..support.replacement_positions import allocation_rows, spec_and_allocation, specs, to_position


def _rule_keys(ruling) -> set:
    return {f"{v.rule} {v.title}" for v in ruling.violations}


@settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(specs())
def test_1_3_optimiser_steps_used_agrees_with_the_oracle(spec):
    """`replacements` uses as many steps as the best legal allocation the oracle finds (9.2 enforced: the
    optimiser never wastes a step on a unit eliminated for stacking), and `check-replacements` finds its
    allocation legal, with every step it spends used."""
    faction, map_ = oracle.spec_faction(spec), oracle.spec_map(spec)
    with tempfile.TemporaryDirectory() as tmp:
        pos = to_position(spec, tmp)
        res = optimise(pos, faction, map_)
        assert res.optimal
        assert res.allocation.steps_used() == oracle.best(spec), spec
        rows = [{"unit": u, "location": loc, "paid-with": list(p)} for u, loc, p in res.allocation.placements]
        ctx, parsed, problems = read_allocation(pos, faction, map_, rows, "alloc.yaml")
        assert not problems
        ruling = check_allocation(ctx, parsed)
        assert ruling.legal and not ruling.eliminated, (ruling.violations, ruling.eliminated)
        assert ruling.steps_used == res.allocation.steps_used()


@settings(max_examples=scaled(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec_and_allocation())
def test_1_3_check_replacements_agrees_with_the_oracle(case):
    """`check-replacements` names exactly the rules the oracle finds broken (9.2 is none: 1.3.4 "any
    number of replacements can be placed in the same hex"), eliminates the units 9.2 eliminates after
    the Segment, and counts as used exactly the steps that end up on the map; the steps it lists as
    lost add up to the rest."""
    spec, rows = case
    faction, map_ = oracle.spec_faction(spec), oracle.spec_map(spec)
    with tempfile.TemporaryDirectory() as tmp:
        pos = to_position(spec, tmp)
        ctx, parsed, problems = read_allocation(pos, faction, map_, allocation_rows(rows), "alloc.yaml")
        assert not problems, problems
        ruling = check_allocation(ctx, parsed)
        want = oracle.ruling(spec, rows)
        assert _rule_keys(ruling) == want["violations"], (spec, rows, ruling.violations)
        assert ruling.legal == (not want["violations"])
        assert sorted(x for e in ruling.eliminated for x in e["units"]) == want["eliminated"], (spec, rows, ruling.eliminated)
        assert ruling.steps_used == want["used"], (spec, rows, ruling.lost)
        assert ruling.steps_received == sum(spec["pools"].values())
        assert ruling.steps_received - ruling.steps_used == sum(x["count"] for x in ruling.lost), ruling.lost


@settings(max_examples=scaled(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(specs())
def test_the_greedy_placer_is_legal_maximal_and_unchanged_by_its_class_skips(spec):
    """The greedy placer (the optimiser's hint and floor, and its answer when the budget is spent before
    the solve): legal (no rule broken, no unit 9.2 eliminates), maximal (no unit left in the Force Pool
    can still be placed with the steps left, 1.3.3 "the extra unplaced replacement steps are lost" only
    when nothing fits) and, with the optimiser's classes of interchangeable units (a unit like one that
    found no place is skipped), the same allocation as without them."""
    from aeref.solver.engine.limits import DTIME_PER_SECOND, Budget
    from aeref.solver.replacements.greedy import greedy
    from aeref.solver.engine.constraints import Evaluator
    from aeref.solver.replacements.ruling import Allocation
    from aeref.solver.replacements.rules import post

    faction, map_ = oracle.spec_faction(spec), oracle.spec_map(spec)
    with tempfile.TemporaryDirectory() as tmp:
        pos = to_position(spec, tmp)
        ctx, plain = greedy(pos, faction, map_)
        spent = Budget(10)
        spent.spend(10 * DTIME_PER_SECOND)
        skipping = optimise(pos, faction, map_, budget=spent).allocation
        assert skipping.placements == plain.placements
        rows = [{"unit": u, "location": loc, "paid-with": list(p)} for u, loc, p in plain.placements]
        ctx, parsed, problems = read_allocation(pos, faction, map_, rows, "alloc.yaml")
        assert not problems
        ruling = check_allocation(ctx, parsed)
        assert ruling.legal and not ruling.eliminated, (ruling.violations, ruling.eliminated)
        ev = Evaluator(post(ctx))
        placed = {uid for uid, _, _ in plain.placements}
        for uid in ctx.units:
            if uid in placed:
                continue
            for opt in ctx.pay_values[uid]:
                for loc in ctx.place_values[uid]:
                    more = Allocation(list(plain.placements) + [(uid, loc, opt)])
                    assert ev.violations(more.choice(ctx)), f"{uid} could still go to {loc} paid with {opt}"


def _by_rule(lost) -> dict:
    """Lost steps by deciding rule, as the oracle splits them (9.1, 9.2, 1.3.4, 1.3.3.1 a Conquered Allied Minor
    Country, each by its number; any other rule is part of the rest, 1.3.3: a step no relaxation recovers,
    whatever finer rule its reason cites - 1.3.3.2, 1.3.3.5, or 1.3.3.1 for Minor Country steps that fit no
    unit of the faction's Minor Countries)."""
    out: dict = {}
    for x in lost:
        r = x["rule"]
        if r == "1.3.3.1" and "Conquered Allied Minor Country" not in x["reason"]:
            r = "1.3.3"
        r = r if r in ("9.1", "9.2", "1.3.4", "1.3.3.1") else "1.3.3"
        out[r] = out.get(r, 0) + x["count"]
    return out


def _aeref_split(spec) -> tuple:
    """``replacements``' lost steps for ``spec`` (every pool at once) and the steps it uses."""
    faction, map_ = oracle.spec_faction(spec), oracle.spec_map(spec)
    with tempfile.TemporaryDirectory() as tmp:
        res = optimise(to_position(spec, tmp), faction, map_)
        assert res.optimal
        return lost_steps(res.ctx, res.allocation), res.allocation.steps_used()


@settings(max_examples=scaled(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(specs())
def test_1_3_3_lost_steps_split_by_deciding_rule_agree_with_the_oracle(spec):
    """1.3.3 "The one-step units in a faction's Force Pool limit how many and what type of units can be
    taken": the steps `replacements` lists as lost, every pool at once, split by the rule that decides them
    (9.1, 9.2, 1.3.4 no Replacement Location, 1.3.3.1 a Conquered Allied Minor Country, the rest 1.3.3),
    are the oracle's split (each rule relaxed in turn, charged the steps its relaxation adds to the
    optimum), and add up to the steps lost, pool by pool."""
    lost, used = _aeref_split(spec)
    received = sum(spec["pools"].values())
    assert sum(x["count"] for x in lost) == received - used
    for key, n in spec["pools"].items():
        assert sum(x["count"] for x in lost if x["step"] == key) <= n, (key, lost)
    assert all(x["count"] > 0 for x in lost), lost
    assert _by_rule(lost) == oracle.lost_split(spec), (spec, lost)


#: Examples drawn (the same on every run) for the coverage of the lost-step split, and the least count.
SPLIT_EXAMPLES, LEAST = 300, 3


def test_1_3_3_lost_split_positions_reach_every_rule_and_several_pools():
    """The positions of the agreement test above reach each rule of the oracle's relaxation order
    (:data:`~tests.support.replacement_oracle.LOST_BY`: 9.1, 9.2, 1.3.4, 1.3.3.1) and the rest (1.3.3), each
    charged steps in some examples, and positions where steps of several pools are lost at once or where
    two rules are charged (so that the per-pool split across pools is tested, not one pool alone)."""
    seen: Counter = Counter()
    for spec in draw_examples(specs(), SPLIT_EXAMPLES):
        split = oracle.lost_split(spec)
        seen.update(split)
        if len(split) > 1:
            seen["two rules or more"] += 1
        if sum(1 for n in spec["pools"].values() if n) > 1 and oracle.best(spec) < sum(spec["pools"].values()):
            seen["several pools, steps lost"] += 1
    want = [n for n, _ in oracle.LOST_BY] + ["1.3.3", "two rules or more", "several pools, steps lost"]
    assert all(seen[k] >= LEAST for k in want), seen
