"""Planning ahead: the selection rules of 1.1.3 - 1.1.3.3 posted turn by turn, with the
Option Card Procedure (1.1.1 Steps 1-2) and the war state a card starts (12) between the turns.

``aeref plan`` (:func:`aeref.solver.plan.planner.plan`) agrees with the brute-force planner of
``tests/support/plan_oracle.py`` (written from the rules text, importing nothing from ``solver/``) on
the earliest turn of every card and on the number of plans, over small generated hands and horizons
of all three games; the generated positions reach every rule (each decides the earliest turn of
some card); and every plan printed is ruled legal turn by turn by ``check``.
"""
from __future__ import annotations

from functools import lru_cache

from hypothesis import HealthCheck, given, settings

import aeref
from aeref.model.files.load import load_position
from aeref.solver.plan.planner import plan
from aeref.solver.selection.rules import open_slots

from ..support import oracle, plan_oracle
from ..support.distributions import draw_examples
from ..support.plan_positions import plan_cases
from ..support.profiles import scaled
from ..support.selection_positions import load


def _agree(state, deck, faction, turns):
    pos = load(state, deck)
    mine = plan(pos, faction, turns, count=True)
    brute = plan_oracle.explore(pos, faction, turns)
    assert {e.card: e.turn for e in mine.earliest if e.turn} == brute.earliest, (state, deck)
    assert mine.count == brute.count, (state, deck)
    assert mine.complete
    return pos, mine


@settings(max_examples=scaled(60), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(plan_cases())
def test_1_1_3_plan_agrees_with_the_brute_force_planner(case):
    """1.1.1, 1.1.3 - 1.1.3.3, 12: the earliest Seasonal Turn of every hand card and the count of plans are
    those of the brute-force planner (every plan tried), on TK, DS and AE positions."""
    _agree(*case)


@lru_cache(maxsize=None)
def _examples() -> tuple:
    return tuple(draw_examples(plan_cases(), 200))


def test_1_1_3_plan_agrees_with_the_brute_force_planner_on_the_covered_positions():
    """1.1.1, 1.1.3 - 1.1.3.3, 12: as above, on the positions whose reach the next test asserts (hypothesis'
    derandomized first draws are the simplest ones)."""
    for state, deck, faction, turns in _examples()[:150]:
        _agree(state, deck, faction, turns)


def test_1_1_3_plan_positions_reach_every_rule():
    """Each rule of 1.1.1 - 1.1.3.3 that can keep a hand card back decides the earliest turn of some card in
    the generated positions (without it, the brute-force planner finds an earlier turn or another card), and
    the © twins of 1.1.3.3 (which never delay a card: either twin may come alone) and 1.1.3 No Pending Card
    decide the number of plans."""
    earliest: dict = {}
    count: dict = {}
    for state, deck, faction, turns in _examples()[:120]:
        e, c = plan_oracle.deciding(load(state, deck), faction, turns)
        for r in e:
            earliest[r] = earliest.get(r, 0) + 1
        for r in c:
            count[r] = count.get(r, 0) + 1
    wanted = (oracle.PROCEDURE, oracle.HAND, oracle.FINAL, oracle.REQUIREMENTS, oracle.WAR_STATE, oracle.SEQUENTIAL,
              oracle.ANNUAL, oracle.PRODUCTION)
    assert {r: earliest.get(r, 0) for r in wanted if earliest.get(r, 0) < 3} == {}, earliest
    assert {r: count.get(r, 0) for r in (oracle.TWINS, oracle.EMPTY) if count.get(r, 0) < 3} == {}, count


def test_1_1_3_every_plan_shown_is_legal_turn_by_turn_by_check():
    """1.1.3: every plan of the generated positions (each card's earliest plan) is ruled legal by ``check``
    on the position each of its turns reaches (the position before that turn's selection), a partial selection
    (a Pending Card placed on one map only) included: its open slot is ruled on."""
    checked = 0
    for state, deck, faction, turns in _examples()[:80]:
        pos = load(state, deck)
        res = plan(pos, faction, turns)
        for e in res.earliest:
            cur = aeref.Position(pos)
            for step in e.plan:
                if open_slots(cur.data, faction):      # a slot still open (1.1.3: a placed card binds only its own)
                    ruling = cur.check(faction, tk=step.choice.get("tk"), ds=step.choice.get("ds"))
                    assert ruling.legal, (state, deck, step.turn, step.choice, ruling.violations)
                    checked += 1
                cur = aeref.Position(step.position)
    assert checked > 50


def test_1_1_3_3_sequential_decides_the_earliest_turn_of_demand_denmark():
    """1.1.3.3 Sequential (TK example file): 11 Demand Denmark cannot follow the Current Card 10 Demand
    Austria, so its earliest reveal is Aug-Sept 1939, and the rule that stops it in May-June is named."""
    pos = load_position("examples/tk-1939.yaml")
    res = plan(pos, "axis", 4)
    e = {x.card: x for x in res.earliest}
    assert str(e["tk-axis-11"].turn) == "Aug-Sept 1939"
    assert [r for r, _ in e["tk-axis-11"].reasons] == ["1.1.3.3 Sequential Selection Restrictions"]
    assert str(e["tk-axis-4a"].turn) == "May-June 1939"


def test_1_1_3_2_a_limited_war_card_never_comes_in_pre_war_unless_assumed():
    """1.1.3.2: 22a Case Yellow (a Limited War card) cannot be revealed while Pre-War stays in effect; with
    Limited War assumed from Aug-Sept 1939 it comes in Nov-Dec 1939. The "never" names 1.1.3.2 in each Seasonal
    Turn of the horizon: the rule stops it in every one."""
    pos = aeref.load("examples/tk-1939.yaml")
    e = {x.card: x for x in pos.plan("axis", 4).cards}
    assert e["tk-axis-22a"].turn is None and e["tk-axis-22a"].proved
    assert [(r, m.split(":")[0]) for r, m in e["tk-axis-22a"].reasons] == [
        ("1.1.3.2 War State Selection Restrictions", t) for t in ("Mar-Apr 1939", "May-June 1939", "Aug-Sept 1939",
                                                                  "Nov-Dec 1939")]
    ans = pos.plan("axis", 4, want=["22a"], assume=["war-state=limited@Aug-Sept 1939"])
    assert str(ans.goal_turn) == "Nov-Dec 1939"


def test_1_1_3_plan_stopped_by_the_time_limit_keeps_what_it_proved():
    """1.1.3: a search the budget ends says so: the cards found keep their proved earliest turn, the others the
    turn they are proved not to come before, and the count is "at least"."""
    pos = aeref.load("examples/tk-axis-1939-plan.yaml")
    full = {c.card: c for c in pos.plan("axis").cards}
    stopped = pos.plan("axis", count=True, time_limit=0.3).as_json()
    assert stopped["complete"] is False and stopped["count-exact"] is False and stopped["count"] >= 1
    assert any(c["earliest"] is None for c in stopped["cards"])
    for c in stopped["cards"]:
        if c["earliest"] is not None:
            assert c["earliest"] == str(full[c["card"]].turn) and c["proved"]
        elif c["proved"]:               # proved not to come within the horizon (every turn's solve finished)
            assert full[c["card"]].turn is None and full[c["card"]].proved
        else:
            assert c["not-before"]
