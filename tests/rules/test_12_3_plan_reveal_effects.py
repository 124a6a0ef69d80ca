"""What the plan's own reveals set off, followed by the plan (12.3 Steps 2 and 8, 1.1.2.2).

A requirement that reads a fact a planned reveal changes follows that reveal: *12.3 Step 8 (DS alone: European
Total War markers placed "immediately" when Total War goes into effect, read by 1.1.3.1 "European Total War
has occurred if *a European Total War marker is in a European War Box"), 12.3 Step 2 (the Policy markers the
Axis faction must remove, which made a Policy Affected Country) and 1.1.2.2 (a Current Card's counters enter
the Strategic Warfare Box "after the faction's Pending Card has been placed": a card requiring one comes from
the next Seasonal Turn's Step 4). The earliest turns and "never" agree with ``--count --want`` and with the
brute-force planner (tests/support/plan_oracle.py).
"""
from __future__ import annotations

from functools import lru_cache

from hypothesis import HealthCheck, given, settings

from aeref.solver.plan.planner import Goal, plan

from ..support import plan_oracle
from ..support.distributions import draw_examples
from ..support.plan_positions import effect_cases, plan_cases
from ..support.profiles import scaled
from ..support.selection_positions import load
from .test_1_1_3_plan_model import model_plans


def _card(m, f, num, name, ws="pre-war", **kw):
    return {"map": m, "faction": f, "number": num, "name": name, "war-state": ws, **kw}


def _state(game, turn, war, factions, **kw):
    return {"game": game, "turn": turn, "decks": ["decks/test-deck.yaml"], "war-state": war, "factions": factions, **kw}


def _earliest(pos, faction, turns):
    return {e.card: (str(e.turn) if e.turn else None) for e in plan(pos, faction, turns).earliest}


def _count_want(pos, faction, turns, card):
    return plan(pos, faction, turns, goal=Goal((card,)), count=True).count


def _agrees_with_brute_force(pos, faction, turns):
    mine = plan(pos, faction, turns, count=True)
    brute = plan_oracle.explore(pos, faction, turns)
    assert {e.card: e.turn for e in mine.earliest if e.turn} == brute.earliest
    assert mine.count == brute.count


def _step8():
    deck = {"cards": [_card("ds", "western", "35a", "Arsenal of Democracy", "limited", starts="total"),
                      _card("ds", "western", "40", "Test Card Alpha", "limited", requires=[{"european-war": "total"}]),
                      _card("ds", "western", "41", "Test Card Beta")]}
    state = _state("ds", "Aug-Sept 1941", "limited", {"western": {"ds": {"current": "41", "hand": ["35a", "40"]}}},
                   **{"european-war": "limited"})
    return load(state, deck)


def test_12_3_step_8_the_plans_own_total_war_places_european_total_war_markers():
    """*12.3 Step 8, DS 1.1.3.1: Western 35a Arsenal of Democracy selected in Aug-Sept 1941 is revealed in Nov-Dec
    1941 and starts Total War; Step 8 places the European Total War markers at once, so 40 (requires European
    Total War) is selected at that Step 4 and revealed in Mar-Apr 1942 (not "never")."""
    pos = _step8()
    e = _earliest(pos, "western", 4)
    assert e["ds-western-40"] == "Mar-Apr 1942"
    assert _count_want(pos, "western", 4, "ds-western-40") > 0
    _agrees_with_brute_force(pos, "western", 4)


def test_12_3_step_8_the_plan_shows_the_markers_it_reads():
    """*12.3 Step 8: the plan's Nov-Dec 1941 position (after the 35a reveal) holds the European Total War
    markers and European Total War; the plan to 40 is re-checked by ``check`` turn by turn."""
    pos = _step8()
    e = {x.card: x for x in plan(pos, "western", 4).earliest}["ds-western-40"]
    first = e.plan[0]
    assert first.choice == {"ds": "ds-western-35a"} and first.position.european_war == "total"
    assert any("12.3 Step 8" in c for c in first.changes)


def _step2(requirement):
    deck = {"cards": [_card("ds", "axis", "28a", "East Wind Rain", "limited", starts="total"),
                      _card("ds", "axis", "40", "Test Card Alpha", requires=[requirement]),
                      _card("ds", "axis", "41", "Test Card Beta")]}
    state = _state("ds", "Aug-Sept 1941", "limited", {"axis": {"ds": {"current": "41", "hand": ["28a", "40"]}}},
                   countries={"Thailand": {"policy": "treaty", "status": "neutral"}})
    return load(state, deck)


def test_12_3_step_2_a_treaty_policy_marker_removed_by_the_plans_total_war():
    """12.3 Step 2 ("The Axis faction must remove all Disputes, Peace, Quarantine, Resistance, and Treaty Policy
    markers"): Axis 28a East Wind Rain selected in Aug-Sept 1941 starts Total War in Nov-Dec 1941; Thailand's
    Treaty marker goes, Thailand is no longer Policy Affected, and 40 (requires Thailand not Policy Affected) is
    selected at that Step 4, revealed in Mar-Apr 1942."""
    pos = _step2({"not": {"posture": {"Thailand": "policy-affected"}}})
    e = _earliest(pos, "axis", 4)
    assert e["ds-axis-40"] == "Mar-Apr 1942"
    assert _count_want(pos, "axis", 4, "ds-axis-40") > 0
    _agrees_with_brute_force(pos, "axis", 4)


def test_12_3_step_2_a_card_requiring_the_policy_marker_comes_only_before_total_war():
    """12.3 Step 2 the other way: 40 requires Thailand Policy Affected; once the plan's 28a has started Total War
    (Nov-Dec 1941) it never is again, so a plan revealing both 28a and 40 must select 40 first."""
    pos = _step2({"posture": {"Thailand": "policy-affected"}})
    both = plan(pos, "axis", 4, goal=Goal(("ds-axis-28a", "ds-axis-40")), count=True)
    assert [s.choice["ds"] for s in both.goal_plan][:2] == ["ds-axis-40", "ds-axis-28a"]
    _agrees_with_brute_force(pos, "axis", 4)


def _reinforced():
    deck = {"cards": [_card("ds", "western", "35b", "US Victory Program", "pre-war", reinforcements=[
                          {"counter": "US Victory Program", "country": "USA", "to": "strategic-warfare-box"}]),
                      _card("ds", "western", "40", "Test Card Alpha",
                            requires=[{"marker": {"name": "US Victory Program", "in": "strategic warfare box"}}]),
                      _card("ds", "western", "41", "Test Card Beta"), _card("ds", "western", "42", "Test Card Gamma")]}
    state = _state("ds", "Aug-Sept 1941", "pre-war",
                   {"western": {"ds": {"current": "41", "hand": ["35b", "40", "42"]}}})
    return load(state, deck)


def test_1_1_2_2_a_marker_a_planned_card_enters_is_read_from_the_next_seasonal_turns_step_4():
    """1.1.2.2 ("After the faction's Pending Card has been placed, check if the Current Card enters new units
    into ... the Strategic Warfare Box"): 35b selected in Aug-Sept 1941 is revealed in Nov-Dec 1941; its US
    Victory Program marker enters after that turn's selection, so 40 (requires the marker in the Strategic
    Warfare Box) is selected in Mar-Apr 1942 at the earliest and revealed in May-June 1942 (not "never", not
    Mar-Apr 1942)."""
    pos = _reinforced()
    e = _earliest(pos, "western", 4)
    assert e["ds-western-40"] == "May-June 1942"
    assert _count_want(pos, "western", 4, "ds-western-40") > 0
    assert _count_want(pos, "western", 2, "ds-western-40") == 0
    _agrees_with_brute_force(pos, "western", 4)


def test_1_1_2_2_the_plans_position_after_the_reveal_records_the_marker():
    """1.1.2.2: the position the plan shows after the 35b reveal (Nov-Dec 1941, as `reveal --write` writes it)
    holds the US Victory Program marker in the Strategic Warfare Box."""
    pos = _reinforced()
    e = {x.card: x for x in plan(pos, "western", 4).earliest}["ds-western-40"]
    after = e.plan[0].position
    assert e.plan[0].choice == {"ds": "ds-western-35b"}
    assert "US Victory Program" in after.seasonal.map_boxes("ds").strategic_warfare_box


# ----------------------------------------------------------------------------- random positions

def _never_agrees_with_count(pos, faction, turns, mine):
    """Each card's "never" (no earliest turn within the horizon) holds exactly when ``--count --want CARD`` finds
    no plan revealing it."""
    for e in mine.earliest:
        if not e.proved:
            continue
        wanted = plan(pos, faction, turns, goal=Goal((e.card,)), count=True)
        assert (wanted.count > 0) == (e.turn is not None), (e.card, e.turn, wanted.count)
        assert (wanted.goal_plan is not None) == (e.turn is not None), e.card


def _effects_agree(state, deck, faction, turns, model=True):
    pos = load(state, deck)
    mine = plan(pos, faction, turns, count=True)
    brute = plan_oracle.explore(pos, faction, turns, plans=model)
    assert {e.card: e.turn for e in mine.earliest if e.turn} == brute.earliest, (state, deck)
    assert mine.count == brute.count, (state, deck)
    assert mine.complete
    if model:
        assert model_plans(pos, faction, turns) == brute.plans, (state, deck)
    _never_agrees_with_count(pos, faction, turns, mine)
    return pos, brute


@settings(max_examples=scaled(30), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(effect_cases())
def test_12_3_1_1_2_2_plan_never_and_earliest_agree_with_count_and_the_brute_force_planner(case):
    """12.3 Steps 2 and 8, 1.1.2.2, 1.1.3.1: on positions where the faction's own reveals start Total War on the DS
    map (removing Policy markers, placing *European Total War markers) and enter counters into the Strategic
    Warfare Box, the earliest turn of every card, its "never", the count of plans and the plans the model admits
    are those of the brute-force planner, and "never" holds exactly when ``--count --want`` finds no plan."""
    _effects_agree(*case)


@lru_cache(maxsize=None)
def _examples() -> tuple:
    return tuple(draw_examples(effect_cases(), 60))


def test_12_3_1_1_2_2_plan_agrees_on_the_covered_positions():
    """As above, on the positions whose reach the next test asserts."""
    for case in _examples():
        _effects_agree(*case, model=False)


def test_12_3_1_1_2_2_generated_positions_reach_every_reveal_effect():
    """Each effect of a reveal the plan follows decides the plans of some generated positions (without it the
    brute-force planner finds other plans): 12.3 Step 2 (Policy markers removed), *12.3 Step 8 (European Total
    War markers), 1.1.2.2 (a counter entered into the Strategic Warfare Box)."""
    decided: dict = {}
    for state, deck, faction, turns in _examples():
        pos = load(state, deck)
        base = plan_oracle.explore(pos, faction, turns, plans=True)
        for effect in plan_oracle.EFFECTS:
            if plan_oracle.explore(pos, faction, turns, off=(effect,), plans=True).plans != base.plans:
                decided[effect] = decided.get(effect, 0) + 1
    assert {e: decided.get(e, 0) for e in plan_oracle.EFFECTS if decided.get(e, 0) < 3} == {}, decided


@settings(max_examples=scaled(25), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(plan_cases())
def test_1_1_3_plan_never_and_earliest_agree_with_count_on_every_position(case):
    """1.1.1, 1.1.3 - 1.1.3.3, 12: on the general plan positions (TK, DS, AE) too, a card's "never" holds exactly
    when ``--count --want CARD`` finds no plan revealing it within the horizon, and its earliest plan exists."""
    state, deck, faction, turns = case
    pos = load(state, deck)
    _never_agrees_with_count(pos, faction, turns, plan(pos, faction, turns))


def test_12_3_step_2_an_assumed_total_war_goes_into_effect_with_its_steps():
    """12.3 ("When Total War goes into effect: Immediately perform each of the following steps"), Step 2:
    ``--assume war-state=total@Nov-Dec 1941`` on the Step 2 position without 28a: Thailand's Treaty marker goes
    when the assumed Total War goes into effect, so 40 (requires Thailand not Policy Affected) is selected in
    Nov-Dec 1941 and revealed in Mar-Apr 1942; the plan lists the step among what that turn changed, and the
    brute-force planner (the same assumption) agrees."""
    from aeref.model.game.calendar import parse_turn
    from aeref.model.game.vocabulary import WarState
    from aeref.solver.plan.turn import WarAssumption
    pos = _step2({"not": {"posture": {"Thailand": "policy-affected"}}})
    when = parse_turn("Nov-Dec 1941")
    res = plan(pos, "axis", 3, (WarAssumption("ds", WarState.of("total"), when),), count=True)
    e = {x.card: x for x in res.earliest}["ds-axis-40"]
    assert str(e.turn) == "Mar-Apr 1942"
    assert any(c.startswith("12.3 Step 2") and "Treaty (Thailand)" in c for c in e.plan[0].changes), e.plan[0].changes
    brute = plan_oracle.explore(pos, "axis", 3, war=(("ds", "total", when),))
    assert {x.card: x.turn for x in res.earliest if x.turn} == brute.earliest and res.count == brute.count
