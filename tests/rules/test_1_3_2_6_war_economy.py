"""△ TK 1.3.2.6 War Economy: "If a Minor Country's War Economy +1 marker is in the Strategic Warfare Box, that
country receives one replacement step of the same nationality. If a Minor Country's War Economy +2 marker is in
the Strategic Warfare Box, that country receives two replacement steps of the same nationality."
Positions are test-only data."""
from aeref.solver.replacements import make_context, steps_received

from ..support.replacements import hexes, inf, position

ITALY = {"Germany": {"posture": "war", "status": "active", "alignment": "axis"},
         "Italy": {"minor": True, "status": "active", "alignment": "axis"}}


def _italy(tmp_path, marker, game="tk", map_=None):
    return position(tmp_path, game=game, map_=map_, faction="axis", countries=ITALY, pool=[inf("I-1", "Italy")],
                    markers={"strategic-warfare-box": [marker]}, hexes=hexes(("0401", {"country": "Italy", "city": True})))


def test_1_3_2_6_war_economy_plus_two_gives_two_steps_of_the_country(tmp_path):
    pos = _italy(tmp_path, "Italy War Economy +2")
    [line] = steps_received(pos, "axis", "tk")
    assert (line.nationality, line.kind, line.count) == ("Italy", "any", 2)
    assert line.source == "1.3.2.6 War Economy +2 (Italy War Economy +2)"
    [pool] = make_context(pos, "axis", "tk").pools.values()
    assert (pool.key, pool.count, pool.rule.number, pool.rule.title) == ("Italy step", 2, "1.3.2.6", "War Economy")


def test_1_3_2_6_war_economy_plus_one_gives_one_step(tmp_path):
    [line] = steps_received(_italy(tmp_path, "Italy War Economy +1"), "axis", "tk")
    assert (line.nationality, line.count) == ("Italy", 1)


def test_1_3_2_6_another_factions_war_economy_marker_gives_nothing(tmp_path):
    """The steps go to the country's own faction: the Western faction receives no Italian step."""
    pos = _italy(tmp_path, "Italy War Economy +2")
    assert steps_received(pos, "western", "tk") == []


def test_1_3_2_6_is_in_the_tk_list_only(tmp_path):
    """△ The DS list of 1.3.2 has no War Economy: the marker grants nothing on the DS map."""
    pos = _italy(tmp_path, "Italy War Economy +2", game="ds")
    assert steps_received(pos, "axis", "ds") == []
