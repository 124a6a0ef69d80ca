"""1.1.1 Step 2 before Step 4 in the plan: a Pending Card selected in an earlier Seasonal Turn is revealed
before this turn's selection, so it is not counted as this turn's selection (later turns would shift by one)."""
from __future__ import annotations

from aeref.model.files.load import load_position
from aeref.solver.option_cards.turn import next_turn, select
from aeref.solver.plan.planner import plan


def test_1_1_1_a_pending_card_awaiting_its_reveal_is_revealed_before_the_plans_first_selection():
    """1.1.1 Steps 2 and 4, 1.1.3.3 Sequential (TK example file): 4a selected in Mar-Apr 1939 awaits its
    reveal in May-June 1939; revealed there, it replaces the Current Card 10 Demand Austria, so 11 Demand
    Denmark can be selected in May-June and revealed in Aug-Sept 1939 (not Nov-Dec, one turn late)."""
    pos = load_position("examples/tk-1939.yaml")
    ruling, placed = select(pos, "axis", {"tk": "tk-axis-4a"})
    assert ruling.legal
    nxt = next_turn(placed).position
    assert str(nxt.turn) == "May-June 1939" and nxt.awaiting_reveal("axis") == {"tk": "tk-axis-4a"}
    e = {x.card: x for x in plan(nxt, "axis", 3).earliest}
    assert str(e["tk-axis-11"].turn) == "Aug-Sept 1939"
