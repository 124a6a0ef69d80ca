"""Rulings of ``aeref plan`` that read right (1.1.3 - 1.1.3.3).

A "never" verdict names the rules that really stop the card: with only those rules in force (each in the turn
it names) no plan selects the card in any turn of the horizon; a core of the last turn alone could name 1.1.3's
hand and No Pending Card rules (with only those, the card would come earlier), never the requirement.
"""
from __future__ import annotations

from functools import lru_cache

from aeref.solver.engine.limits import Budget
from aeref.solver.plan import model as plan_model
from aeref.solver.plan.planner import _Solver, plan

from ..support.distributions import draw_examples
from ..support.plan_positions import plan_cases
from ..support.selection_positions import load


def _switches(pm, pos, reasons, turns) -> list:
    """The model's enforcement literals of the rules ``reasons`` names, each in the turn its message starts with."""
    out = []
    for key, message in reasons:
        k = next(j for j in range(turns) if message.split(":")[0] == str(pos.turn.ahead(j)))
        out.append(pm.enforce[(key, k)] if (key, k) in pm.enforce else
                   pm.enforce[max((x for x in pm.enforce if x[1] == k and key.startswith(x[0])), key=lambda x: len(x[0]))])
    return out


@lru_cache(maxsize=None)
def _examples() -> tuple:
    return tuple(draw_examples(plan_cases(), 120))


def test_1_1_3_a_never_verdict_names_rules_that_stop_the_card_in_every_turn():
    """1.1.3 - 1.1.3.3: for every card a plan of the generated positions says never comes within the horizon, the
    rules it names (each in its turn) suffice: with them alone in force the plan model admits no plan selecting
    the card in any turn; and each is needed (without any one of them some plan selects it)."""
    checked = 0
    for state, deck, faction, turns in _examples():
        if turns == 1:
            continue
        pos = load(state, deck)
        res = plan(pos, faction, turns)
        pm = None
        for e in res.earliest:
            if e.turn is not None or not e.proved or not e.reasons:
                continue
            pm = pm or _Solver(plan_model, pos, res.faction, turns, (), Budget(None), None)._new(True)
            on = _switches(pm, pos, e.reasons, turns)
            anywhere = [pm.selected_by(e.map, e.card, turns - 1)]
            assert pm.feasible_with(on, anywhere) is False, (state, deck, e.card, e.reasons)
            for i in range(len(on)):
                assert pm.feasible_with(on[:i] + on[i + 1:], anywhere) is True, (state, deck, e.card, e.reasons[i])
            checked += 1
    assert checked >= 50, checked


def test_1_1_3_1_a_never_verdict_names_the_requirement_in_every_turn():
    """1.1.3.1: 2 requires the Western card 9 played, which no plan of the Axis faction reveals: "never", and the
    rules named are the Selection Requirement in each Seasonal Turn of the horizon (Mar-Apr, May-June, Aug-Sept
    1939), not the hand or No Pending Card."""
    def card(num, name, **kw):
        return {"map": "tk", "faction": "axis", "number": num, "name": name, "war-state": "pre-war", **kw}
    deck = {"cards": [card("1", "Test Card Alpha"), card("2", "Test Card Beta", requires=[{"played": "tk-western-9"}]),
                      {"map": "tk", "faction": "western", "number": "9", "name": "Test Card Alpha", "war-state": "pre-war"}]}
    state = {"game": "tk", "turn": "Mar-Apr 1939", "decks": ["decks/test-deck.yaml"], "war-state": "pre-war",
             "factions": {"axis": {"tk": {"current": "tk-axis-1", "hand": ["tk-axis-2"]}}},
             "interpretations": {"empty-slot": "forced"}}
    e = {x.card: x for x in plan(load(state, deck), "axis", 3).earliest}["tk-axis-2"]
    assert e.turn is None
    assert [(k, m.split(":")[0]) for k, m in e.reasons] == [
        ("1.1.3.1 Pending Card Selection Requirements", t) for t in ("Mar-Apr 1939", "May-June 1939", "Aug-Sept 1939")]


def test_1_1_3_3_a_production_limit_ruling_sums_one_seasonal_turns_cards():
    """1.1.3.3 Soviet Production Limit (AE, Pre-War on both maps: 1): the Soviet faction wants TK 1 (Production
    Value 1) and DS 1 (1) revealed by May-June 1939, so both selected in Mar-Apr 1939: the ruling says "tk-soviet-1
    (1) + ds-soviet-1 (1) = 2 exceeds the limit 1", the sum of that turn's own cards, not of every card in the hand
    (TK 2 and DS 2 would make it 7)."""
    from aeref.model.game.calendar import parse_turn
    from aeref.solver.plan.planner import Goal

    def card(m, num, prod):
        return {"map": m, "faction": "soviet", "number": num, "name": f"Test Card {num}", "war-state": "pre-war",
                "production": prod}
    deck = {"cards": [card("tk", "1", 1), card("tk", "2", 3), card("tk", "3", 0), card("ds", "1", 1), card("ds", "2", 2),
                      card("ds", "3", 0)]}
    state = {"game": "ae", "turn": "Mar-Apr 1939", "decks": ["decks/test-deck.yaml"],
             "war-state": {"tk": "pre-war", "ds": "pre-war"},
             "factions": {"soviet": {"tk": {"current": "tk-soviet-3", "hand": ["tk-soviet-1", "tk-soviet-2"]},
                                     "ds": {"current": "ds-soviet-3", "hand": ["ds-soviet-1", "ds-soviet-2"]}}}}
    res = plan(load(state, deck), "soviet", 2, goal=Goal(("tk-soviet-1", "ds-soviet-1"), parse_turn("May-June 1939")))
    assert res.goal_plan is None and sorted(res.conflict) == ["ds-soviet-1", "tk-soviet-1"]
    words = [m for k, m in res.conflict_rules if k == "1.1.3.3 Soviet Production Limit"]
    assert words == ["Mar-Apr 1939: tk-soviet-1 (1) + ds-soviet-1 (1) = 2 exceeds the limit 1 "
                     "(Pre-War or Limited War on both maps)"], res.conflict_rules
