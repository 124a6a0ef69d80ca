"""1.3.3.5 Colonial Units ("When an option card specifies replacements to be colonial steps, non-colonial steps
cannot be taken instead") and 1.3.3 (the Force Pool limits what can be taken): the reason a colonial step is lost
names the units that stop it, never a unit the allocation placed with other steps. Test-only positions."""
from aeref.solver.replacements.optimise import optimise
from aeref.solver.replacements.relaxed import lost_steps

from ..support.replacements import hexes, inf, position

GERMANY = {"Germany": {"posture": "war", "status": "active", "alignment": "axis"}}
COLONIAL = {"nationality": "Germany", "kind": "infantry", "count": 1, "colonial": True}


def _lost(tmp_path, steps):
    pos = position(tmp_path, faction="axis", countries=GERMANY, steps=steps, pool=[inf("G-1", "Germany")],
                   hexes=hexes(("0201", {"country": "Germany", "city": True})))
    res = optimise(pos, "axis", "tk")
    assert res.optimal
    return res.allocation.placements, lost_steps(res.ctx, res.allocation)


def test_1_3_3_a_lost_colonial_step_does_not_name_the_unit_placed_with_other_steps(tmp_path):
    """1.3.3: one German infantry step and one German colonial infantry step, the Force Pool G-1 (non-colonial):
    G-1 is placed with the infantry step; the colonial step is lost because no colonial unit is left (1.3.3),
    and its reason does not name G-1, which was placed."""
    placed, lost = _lost(tmp_path, [{"nationality": "Germany", "kind": "infantry", "count": 1}, COLONIAL])
    assert [uid for uid, _, _ in placed] == ["G-1"]
    assert [(x["step"], x["count"], x["rule"]) for x in lost] == [("Germany colonial infantry", 1, "1.3.3")]
    assert "G-1" not in lost[0]["reason"], lost[0]["reason"]


def test_1_3_3_5_a_colonial_step_refused_to_a_unit_left_in_the_force_pool_names_it(tmp_path):
    """1.3.3.5: the colonial step alone and G-1 (non-colonial) left in the Force Pool: the step is lost to 1.3.3.5,
    and the reason names G-1 (a colonial step cannot be taken as a non-colonial unit)."""
    placed, lost = _lost(tmp_path, [COLONIAL])
    assert placed == []
    assert [(x["count"], x["rule"]) for x in lost] == [(1, "1.3.3.5")]
    assert "G-1 (Germany infantry) is not colonial" in lost[0]["reason"]
