"""Every example of 1.3 in the TK and DS rules as a test naming its rule,
plus the location rules of 1.3.4 on both maps.

Positions are test-only data (made-up hex numbers and Force Pools).
"""
from pathlib import Path

import pytest

from aeref.solver.replacements import check_allocation, read_allocation as parse_allocation, steps_received
from aeref.solver.replacements.optimise import optimise

from ..support.replacements import hexes, inf, position

AXIS_DECK = str(Path(__file__).resolve().parents[2] / "examples" / "decks" / "axis.yaml")
RUSSIA = {"Russia": {"posture": "war", "status": "active", "alignment": "soviet"}}
GERMANY = {"Germany": {"posture": "war", "status": "active", "alignment": "axis"},
           "Russia": {"posture": "war", "status": "active", "alignment": "soviet"}}
JAPAN = {"Japan": {"posture": "war", "status": "active", "alignment": "axis"}}
CITY = lambda country, **kw: {"country": country, "city": True, **kw}


def best(pos, faction, map_):
    res = optimise(pos, faction, map_)
    assert res.optimal
    return res


def rule(pos, faction, map_, rows):
    ctx, parsed, problems = parse_allocation(pos, faction, map_, rows, "alloc.yaml")
    assert not problems, problems
    return check_allocation(ctx, parsed)


# ----------------------------------------------------------------------------- 1.3.3

def test_1_3_3_force_pool_limitation_12_russian_infantry_against_10(tmp_path):
    """1.3.3 Force Pool Limitation: 12 Russian infantry steps, 10 one-step units: two are lost."""
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 12}],
                   pool=[inf(f"R-{i}") for i in range(10)], hexes=hexes(("0101", CITY("Russia"))), boxes=["Central Asia"])
    res = best(pos, "soviet", "tk")
    assert res.allocation.steps_used() == 10
    from aeref.solver.replacements.relaxed import lost_steps
    assert lost_steps(res.ctx, res.allocation) == [{"step": "Russia infantry", "count": 2, "rule": "1.3.3",
                            "reason": "only 10 one-step Russia infantry-type units in the Soviet Force Pool"}]


def test_1_3_3_units_elsewhere_are_not_taken(tmp_path):
    """1.3.3 Force Pool Limitation: a one-step unit on the map (or in the Delay Box) cannot be taken."""
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 1}], pool=[],
                   hexes=hexes(("0101", CITY("Russia", units=[{"id": "R-9", "faction": "soviet", "nationality": "Russia", "type": "infantry"}]))))
    r = rule(pos, "soviet", "tk", [{"unit": "R-9", "location": "0101", "paid-with": ["Russia infantry"]}])
    assert not r.legal and r.violations[0].rule == "1.3.3" and "not in the Soviet Force Pool" in r.violations[0].message


def test_1_3_3_unit_type_case_yellow_2_panzer_7_infantry(tmp_path):
    """1.3.3 Unit-Type Limitation (TK): 22a Case Yellow's 3 panzer & 6 infantry may be taken as 2 panzer and 7 infantry."""
    pool = [inf(f"G-A{i}", "Germany", "armor") for i in range(2)] + [inf(f"G-I{i}", "Germany") for i in range(7)]
    pos = position(tmp_path, game="tk", faction="axis", current="22a", decks=[AXIS_DECK], pool=pool, countries=GERMANY,
                   hexes=hexes(*[(f"02{i:02d}", CITY("Germany")) for i in range(4)]))
    assert [(s.nationality, s.kind, s.count) for s in steps_received(pos, "axis", "tk")] == [("Germany", "armor", 3), ("Germany", "infantry", 6)]
    assert best(pos, "axis", "tk").allocation.steps_used() == 9
    rows = [{"unit": f"G-A{i}", "location": "0200", "paid-with": ["Germany armor"]} for i in range(2)]
    rows += [{"unit": "G-I0", "location": "0201", "paid-with": ["Germany armor"]}]
    rows += [{"unit": f"G-I{i}", "location": f"02{1 + i // 3:02d}", "paid-with": ["Germany infantry"]} for i in range(1, 7)]
    r = rule(pos, "axis", "tk", rows)
    assert r.legal, r.violations
    assert r.steps_used == 9


def test_1_3_3_unit_type_infantry_steps_never_take_armor(tmp_path):
    """1.3.3 Unit-Type Limitation: infantry steps take only infantry-type units."""
    pos = position(tmp_path, faction="axis", countries=GERMANY, steps=[{"nationality": "Germany", "kind": "infantry", "count": 2}],
                   pool=[inf("G-A1", "Germany", "armor"), inf("G-M1", "Germany", "mountain")], hexes=hexes(("0201", CITY("Germany"))))
    assert best(pos, "axis", "tk").allocation.steps_used() == 1     # the mountain unit only (infantry-type on TK)
    r = rule(pos, "axis", "tk", [{"unit": "G-A1", "location": "0201", "paid-with": ["Germany infantry"]}])
    assert [v.rule for v in r.violations] == ["1.3.3"] and "Unit-Type Limitation" == r.violations[0].title


def test_1_3_3_ds_north_wind_cloudy_as_5_infantry(tmp_path):
    """1.3.3 Unit-Type Limitation (DS): 28b North Wind Cloudy's 1 tank & 4 infantry may be received as 5 infantry steps."""
    pos = position(tmp_path, game="ds", faction="axis", current="28b", decks=[AXIS_DECK], countries=JAPAN,
                   pool=[inf(f"J-{i}", "Japan") for i in range(5)], hexes=hexes(("1706", CITY("Japan")), ("1806", CITY("Japan"))))
    assert best(pos, "axis", "ds").allocation.steps_used() == 5


@pytest.mark.parametrize("type_, ds, tk", [("mountain", 0, 1), ("ski", 0, 1), ("infantry", 1, 1), ("cavalry", 1, 1),
                                            ("armor", 1, 1), ("mechanized", 1, 1), ("helicopter", 0, 1)])
def test_1_3_3_ds_mountain_is_not_infantry_type(tmp_path, type_, ds, tk):
    """1.3.3 △ Unit-Type Limitation: DS "infantry-type units (airborne, cavalry, infantry, or marine)" and
    "armor-type (armor or mechanized)" - no mountain, ski or helicopter units, which TK lists. One step of
    kind any (taken as either type) and one Japanese (DS) or German (TK) unit of the type, in a City of
    its Home Country: placed where its map lists the type, not otherwise."""
    pos = position(tmp_path, game="ds", faction="axis", countries=JAPAN, steps=[{"nationality": "Japan", "kind": "any", "count": 1}],
                   pool=[inf("J-M", "Japan", type_)], hexes=hexes(("1706", CITY("Japan"))))
    assert best(pos, "axis", "ds").allocation.steps_used() == ds
    pos = position(tmp_path, game="tk", faction="axis", countries=GERMANY, steps=[{"nationality": "Germany", "kind": "any", "count": 1}],
                   pool=[inf("G-M", "Germany", type_)], hexes=hexes(("0201", CITY("Germany"))))
    assert best(pos, "axis", "tk").allocation.steps_used() == tk


def test_1_3_3_multi_step_units_are_not_replacements(tmp_path):
    """1.3.3: a player cannot place multi-step units as replacements."""
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 2}],
                   pool=[inf("R-2A", steps=2)], hexes=hexes(("0101", CITY("Russia"))))
    assert best(pos, "soviet", "tk").allocation.steps_used() == 0


# ----------------------------------------------------------------------------- 1.3.3.1 .. 1.3.3.5

def test_1_3_3_1_two_minor_steps_to_the_same_minor_country(tmp_path):
    """1.3.3.1: two Western Minor Country steps may both go to the same Minor Country; not to a Conquered one."""
    countries = {"Greece": {"minor": True, "status": "active", "alignment": "western"},
                 "Norway": {"minor": True, "status": "conquered", "alignment": "western"},
                 "Turkey": {"minor": True, "status": "active", "alignment": "western"},
                 "Portugal": {"minor": True, "status": "active", "alignment": "western"}}
    pool = [inf("GR-1", "Greece"), inf("GR-2", "Greece", "armor"), inf("NO-1", "Norway")]
    pos = position(tmp_path, faction="western", countries=countries, steps=[{"nationality": "minor", "kind": "any", "count": 2}],
                   pool=pool, hexes=hexes(("0301", CITY("Greece")), ("0302", CITY("Norway"))))
    res = best(pos, "western", "tk")
    assert sorted(u for u, _, _ in res.allocation.placements) == ["GR-1", "GR-2"]
    r = rule(pos, "western", "tk", [{"unit": "NO-1", "location": "0302", "paid-with": ["minor infantry"]}])
    assert any(v.rule == "1.3.3.1" and "Conquered Allied Minor Country" in v.message for v in r.violations)
    # Norway is a Western Minor Country, a Conquered one: no reason says it is not one
    assert not any("is not a Western Minor Country" in v.message for v in r.violations), r.violations


def test_1_3_2_minor_step_and_italian_war_economy_build_two_italian_steps(tmp_path):
    """1.3.2 example: an Axis Minor Country step and an Italian War Economy step build two Italian steps."""
    countries = {**GERMANY, "Italy": {"minor": True, "status": "active", "alignment": "axis"}}
    pos = position(tmp_path, faction="axis", countries=countries, pool=[inf("I-1", "Italy"), inf("I-2", "Italy", "armor")],
                   markers={"strategic-warfare-box": ["Axis Minor Country Production +1", "Italy War Economy +1"]},
                   hexes=hexes(("0401", CITY("Italy"))))
    got = sorted((s.nationality, s.kind, s.count) for s in steps_received(pos, "axis", "tk"))
    assert got == [("Italy", "any", 1), ("minor", "any", 1)]
    assert best(pos, "axis", "tk").allocation.steps_used() == 2


def test_1_3_3_2_two_russian_infantry_steps_for_one_airborne(tmp_path):
    """1.3.3.2: two Russian infantry steps take one Russian airborne unit."""
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 2}],
                   pool=[inf("R-AB", type_="airborne")], hexes=hexes(("0101", CITY("Russia"))))
    res = best(pos, "soviet", "tk")
    assert res.allocation.placements == [("R-AB", "0101", ("Russia infantry", "Russia infantry"))]
    r = rule(pos, "soviet", "tk", [{"unit": "R-AB", "location": "0101", "paid-with": ["Russia infantry"]}])
    assert [v.rule for v in r.violations] == ["1.3.3.2"]


def test_1_3_3_2_western_airborne_one_british_one_us_step(tmp_path):
    """1.3.3.2: the multinational Western airborne unit takes one British and one US infantry step; placed as British or US."""
    countries = {"Britain": {"alignment": "western"}, "US": {"alignment": "western"}}
    steps = [{"nationality": "Britain", "kind": "infantry", "count": 2}, {"nationality": "US", "kind": "infantry", "count": 1}]
    pos = position(tmp_path, faction="western", countries=countries, steps=steps,
                   pool=[{"id": "W-AB", "nationality": ["Britain", "US"], "type": "airborne"}],
                   hexes=hexes(("0501", CITY("Great Britain"))), boxes=["Eastern US/Canada"])
    res = best(pos, "western", "tk")
    assert res.allocation.placements[0][2] == ("Britain infantry", "US infantry")
    r = rule(pos, "western", "tk", [{"unit": "W-AB", "location": "Eastern US/Canada", "paid-with": ["Britain infantry", "Britain infantry"]}])
    assert [v.rule for v in r.violations] == ["1.3.3.2"] and "one British and one US" in r.violations[0].message


def test_1_3_3_3_garrison_units_are_never_taken(tmp_path):
    """1.3.3.3: garrison units cannot be taken as replacements."""
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 1}],
                   pool=[inf("R-G", type_="garrison")], hexes=hexes(("0101", CITY("Russia"))))
    assert best(pos, "soviet", "tk").allocation.steps_used() == 0
    r = rule(pos, "soviet", "tk", [{"unit": "R-G", "location": "0101", "paid-with": ["Russia infantry"]}])
    assert "1.3.3.3" in [v.rule for v in r.violations]


def test_1_3_3_4_elite_units_can_be_taken(tmp_path):
    """1.3.3.4: elite units can be taken as replacements."""
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 1}],
                   pool=[inf("R-GD", elite=True)], hexes=hexes(("0101", CITY("Russia"))))
    assert best(pos, "soviet", "tk").allocation.steps_used() == 1


@pytest.mark.parametrize("game", ["tk", "ds"])
def test_1_3_3_5_commonwealth_support_colonial_step_takes_no_non_colonial_unit(tmp_path, game):
    """1.3.3.5: "Britain: 1 colonial infantry step" (TK card 23 / DS card 27 Commonwealth Support) cannot be taken as a non-colonial unit."""
    countries = {"Britain": {"alignment": "western"}, "India": {"dependent-of": "Britain", "alignment": "western"}}
    hx = hexes(("0501", CITY("Great Britain")), ("0601", CITY("India", control="western")))
    pos = position(tmp_path, game=game, faction="western", countries=countries,
                   steps=[{"nationality": "Britain", "kind": "infantry", "count": 1, "colonial": True}],
                   pool=[inf("B-1", "Britain")], hexes=hx, boxes=["Europe/Africa"])
    assert best(pos, "western", game).allocation.steps_used() == 0
    r = rule(pos, "western", game, [{"unit": "B-1", "location": "0501" if game == "tk" else "Europe/Africa",
                                     "paid-with": ["Britain colonial infantry"]}])
    assert [v.rule for v in r.violations] == ["1.3.3.5"]


def test_1_3_3_quit_india_ds(tmp_path):
    """1.3.3 △ DS Quit India Restriction: no British Ind colonial steps while the marker is in the Strategic Warfare Box."""
    countries = {"Britain": {"alignment": "western"}, "India": {"dependent-of": "Britain", "alignment": "western"}}
    kw = dict(game="ds", faction="western", countries=countries, steps=[{"nationality": "Britain", "kind": "infantry", "count": 1}],
              pool=[inf("B-Ind", "Britain", colonial="Ind")], hexes=hexes(("0601", CITY("India", control="western"))))
    assert best(position(tmp_path, **kw), "western", "ds").allocation.steps_used() == 1
    pos = position(tmp_path, markers={"strategic-warfare-box": ["Quit India"]}, **kw)
    assert best(pos, "western", "ds").allocation.steps_used() == 0


# ----------------------------------------------------------------------------- 1.3.2 markers

def test_1_3_2_3_no_retreat_4_vp_as_two_armor_steps(tmp_path):
    """1.3.2.3 No Retreat: Axis Tide in the 4 VP Box: four infantry, one armor and two infantry, or two armor steps."""
    markers = {"vp": {"side": "axis-tide", "box": 4}, "vp-track": {"No Retreat": 2}}
    h = hexes(("0201", CITY("Germany")), ("0202", CITY("Germany")))
    for pool, used in ((["armor", "armor"], 4), (["armor", "infantry", "infantry"], 4), (["infantry"] * 4, 4),
                       (["armor", "armor", "armor"], 4), (["armor"], 2)):
        pos = position(tmp_path, faction="axis", countries=GERMANY, markers=markers, hexes=h,
                       pool=[inf(f"G-{i}", "Germany", t) for i, t in enumerate(pool)])
        assert [(s.nationality, s.kind, s.count, s.pairs_to_armor) for s in steps_received(pos, "axis", "tk")] == [("Germany", "infantry", 4, True)]
        assert best(pos, "axis", "tk").allocation.steps_used() == used, pool
    pos = position(tmp_path, faction="axis", countries=GERMANY, markers=markers, hexes=h,
                   pool=[inf(f"G-{i}", "Germany", "armor") for i in range(3)])
    r = rule(pos, "axis", "tk", [{"unit": "G-0", "location": "0201", "paid-with": ["Germany infantry"]}])
    assert [v.rule for v in r.violations] == ["1.3.2.3"]


def test_1_3_2_4_ss_europa_counts_both_boxes(tmp_path):
    """1.3.2.4 SS Europa (TK): one step per VP of the VP marker's box plus one per VP of its own box."""
    pos = position(tmp_path, faction="axis", countries=GERMANY, markers={"vp": {"side": "axis-tide", "box": 2}, "vp-track": {"SS Europa": 1}})
    assert [(s.kind, s.count, s.pairs_to_armor) for s in steps_received(pos, "axis", "tk")] == [("infantry", 3, True)]
    pos = position(tmp_path, faction="axis", countries=GERMANY, markers={"vp": {"side": "allied-crusade", "box": 2}, "vp-track": {"SS Europa": 1}})
    assert steps_received(pos, "axis", "tk") == []


def test_1_3_2_1_hakko_ichiu_1_vp_and_3_vp(tmp_path):
    """1.3.2.1 Hakko Ichiu (DS): VP marker Rising Sun in the 1 VP Box, Hakko Ichiu in the 3 VP Box: four steps, two armor at most."""
    markers = {"vp": {"side": "rising-sun", "box": 1}, "vp-track": {"Hakko Ichiu": 3}}
    h = hexes(("1706", CITY("Japan")), ("1806", CITY("Japan")))
    pos = position(tmp_path, game="ds", faction="axis", countries=JAPAN, markers=markers, hexes=h,
                   pool=[inf(f"J-A{i}", "Japan", "armor") for i in range(3)])
    assert [(s.nationality, s.count, s.pairs_to_armor) for s in steps_received(pos, "axis", "ds")] == [("Japan", 4, True)]
    res = best(pos, "axis", "ds")
    assert res.allocation.steps_used() == 4 and len(res.allocation.placements) == 2


def test_1_3_2_2_japanese_mandate_and_us_victory_program_ds(tmp_path):
    """1.3.2.2 Japanese Mandate; 1.3.2.4 US Victory Program (DS: one US infantry step)."""
    pos = position(tmp_path, game="ds", faction="axis", countries=JAPAN,
                   markers={"vp": {"side": "rising-sun", "box": 2}, "vp-track": {"Japanese Mandate": 5}})
    assert [(s.count, s.pairs_to_armor) for s in steps_received(pos, "axis", "ds")] == [(2, True)]
    pos = position(tmp_path, game="ds", faction="western", countries=JAPAN, markers={"strategic-warfare-box": ["US Victory Program"]})
    assert [(s.nationality, s.kind, s.count) for s in steps_received(pos, "western", "ds")] == [("US", "infantry", 1)]


def test_1_3_2_5_us_victory_program_tk_and_1_3_2_1_anti_comintern(tmp_path):
    """1.3.2.5 US Victory Program (TK: one US infantry and one US armor step); 1.3.2.1 Anti-Comintern Crusade with Russia at War."""
    pos = position(tmp_path, faction="western", markers={"strategic-warfare-box": ["US Victory Program"]})
    assert [(s.nationality, s.kind, s.count) for s in steps_received(pos, "western", "tk")] == [("US", "infantry", 1), ("US", "armor", 1)]
    pos = position(tmp_path, faction="axis", countries=GERMANY, markers={"strategic-warfare-box": ["Anti-Comintern Crusade"]})
    assert [(s.nationality, s.colonial, s.count) for s in steps_received(pos, "axis", "tk")] == [("Germany", True, 1)]


def test_1_3_1_communist_chinese_steps_serve_any_soviet_chinese_country(tmp_path):
    """1.3.1 △ DS: Communist Chinese steps may be used for any Soviet Chinese Country."""
    countries = {"Shensi": {"chinese": True, "alignment": "soviet"}, "Szechwan": {"chinese": True, "alignment": "western"}}
    pos = position(tmp_path, game="ds", countries=countries, steps=[{"nationality": "Communist Chinese", "kind": "infantry", "count": 2}],
                   pool=[inf("CC-1", "Shensi"), inf("NC-1", "Szechwan")], hexes=hexes(("2001", CITY("Shensi")), ("2002", CITY("Szechwan"))))
    res = best(pos, "soviet", "ds")
    assert [u for u, _, _ in res.allocation.placements] == ["CC-1"]
    r = rule(pos, "soviet", "ds", [{"unit": "NC-1", "location": "2002", "paid-with": ["Communist Chinese infantry"]}])
    assert [(v.rule, v.message) for v in r.violations] == [
        ("1.3.1", "NC-1 (Szechwan infantry) paid with Communist Chinese infantry: Szechwan is not a Soviet Chinese Country")]


def test_1_3_1_nationalist_chinese_steps_serve_only_western_chinese_countries(tmp_path):
    """1.3.1 △ DS: Nationalist Chinese steps, for a Western Chinese Country only."""
    countries = {"Shensi": {"chinese": True, "alignment": "soviet"}, "Szechwan": {"chinese": True, "alignment": "western"}}
    pos = position(tmp_path, game="ds", faction="western", countries=countries,
                   steps=[{"nationality": "Nationalist Chinese", "kind": "infantry", "count": 1}],
                   pool=[inf("CC-1", "Shensi")], hexes=hexes(("2001", CITY("Shensi", control="western"))))
    r = rule(pos, "western", "ds", [{"unit": "CC-1", "location": "2001", "paid-with": ["Nationalist Chinese infantry"]}])
    assert ("1.3.1", "CC-1 (Shensi infantry) paid with Nationalist Chinese infantry: Shensi is not a Western Chinese "
                     "Country") in [(v.rule, v.message) for v in r.violations]


# ----------------------------------------------------------------------------- 1.3.4

def test_1_3_4_never_with_enemy_ground_unit_support_unit_detachment_or_logistics(tmp_path):
    """1.3.4: no replacement in a hex with an enemy ground unit, support unit, Detachment or Logistics marker."""
    h = hexes(("0101", CITY("Russia", units=[{"id": "G-1", "faction": "axis", "nationality": "Germany", "type": "infantry"}])),
              ("0102", CITY("Russia", units=[{"id": "W-Air", "faction": "western", "nationality": "US", "type": "air"}])),
              ("0103", CITY("Russia", markers=[{"type": "detachment", "faction": "axis"}])),
              ("0104", CITY("Russia", markers=[{"type": "logistics", "faction": "western"}])),
              ("0105", CITY("Russia", markers=[{"type": "logistics", "faction": "soviet"}])))
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 3}], pool=[inf("R-1"), inf("R-2"), inf("R-3")], hexes=h)
    res = best(pos, "soviet", "tk")
    assert {loc for _, loc, _ in res.allocation.placements} == {"0105"}
    for loc in ("0101", "0102", "0103", "0104"):
        r = rule(pos, "soviet", "tk", [{"unit": "R-1", "location": loc, "paid-with": ["Russia infantry"]}])
        assert [(v.rule, v.title) for v in r.violations] == [("1.3.4", "Enemy Units and Markers")], loc


def test_9_2_stacking_after_placement(tmp_path):
    """1.3.4 / 9.2: at most 3 ground units and 6 steps (3 with Limited Stacking); Off-Map Boxes unlimited."""
    own = lambda i, s: {"id": f"R-{i}A", "faction": "soviet", "nationality": "Russia", "type": "infantry", "steps": s}
    h = hexes(("0101", CITY("Russia", units=[own(1, 2), own(2, 2)])), ("0102", CITY("Russia", **{"limited-stacking": True}, units=[own(3, 2)])))
    pool = [inf(f"R-{i}") for i in range(6)]
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 6}], pool=pool, hexes=h)
    assert best(pos, "soviet", "tk").allocation.steps_used() == 2
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 6}], pool=pool, hexes=h, boxes=["Central Asia"])
    assert best(pos, "soviet", "tk").allocation.steps_used() == 6
    # 1.3.4 "any number of replacements can be placed in the same hex ... you'll have to eliminate the excess":
    # legal when placing; 9.2 eliminates one unit after the Segment and its step is lost
    r = rule(pos, "soviet", "tk", [{"unit": f"R-{i}", "location": "0101", "paid-with": ["Russia infantry"]} for i in range(2)])
    assert r.legal and r.violations == []
    [e] = r.eliminated
    assert e["units"] == ["R-1"] and "0101 holds 4 friendly ground units with 6 steps" in e["message"]
    assert r.steps_used == 1 and r.steps_received - r.steps_used == sum(x["count"] for x in r.lost)
    assert {"step": "Russia infantry", "count": 1, "rule": "9.2",
            "reason": "spent on R-1, eliminated for stacking in 0101 at the end of the Segment (9.2)"} in r.lost
    # Limited Stacking: 3 steps; the hex already holds 2
    r = rule(pos, "soviet", "tk", [{"unit": f"R-{i}", "location": "0102", "paid-with": ["Russia infantry"]} for i in range(2)])
    assert r.legal and r.eliminated[0]["units"] == ["R-1"] and "(Limited Stacking) is 3 units and 3 steps" in r.eliminated[0]["message"]


def test_9_1_minor_countries_do_not_stack_together(tmp_path):
    """9.1: ground units of different Minor Countries cannot stack together."""
    countries = {"Hungary": {"minor": True, "alignment": "axis"}, "Rumania": {"minor": True, "alignment": "axis"}}
    h = hexes(("0701", {"country": "Hungary", "markers": [{"type": "partisan-base"}],
                        "units": [{"id": "RU-1A", "faction": "axis", "nationality": "Rumania", "type": "infantry", "steps": 2}]}))
    pos = position(tmp_path, faction="axis", countries=countries, steps=[{"nationality": "minor", "kind": "any", "count": 1}],
                   pool=[inf("HU-1", "Hungary")], hexes=h)
    assert best(pos, "axis", "tk").allocation.steps_used() == 0
    r = rule(pos, "axis", "tk", [{"unit": "HU-1", "location": "0701", "paid-with": ["minor infantry"]}])
    assert [v.rule for v in r.violations] == ["9.1"]


def test_1_3_4_supplied_hq_and_logistics_traced_through_no_enemy(tmp_path):
    """1.3.4: a Home Country hex with a supplied HQ; a Soviet Logistics marker with an overland supply line to Russia."""
    hq = {"id": "R-HQ", "faction": "soviet", "nationality": "Russia", "type": "hq"}
    enemy = {"id": "G-1", "faction": "axis", "nationality": "Germany", "type": "infantry"}
    h = hexes(("0101", {"country": "Russia", "supply-source": "Russia", "neighbours": ["0102", "0103"], "units": [{**enemy, "id": "G-0"}]}),
              ("0102", {"country": "Russia", "neighbours": ["0101"], "units": [hq]}),
              ("0103", {"country": "Poland", "neighbours": ["0101"], "markers": [{"type": "logistics", "faction": "soviet"}]}))
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 2}], pool=[inf("R-1"), inf("R-2")], hexes=h)
    res = best(pos, "soviet", "tk")
    assert res.allocation.steps_used() == 0              # the supply source holds an enemy unit
    r = rule(pos, "soviet", "tk", [{"unit": "R-1", "location": "0102", "paid-with": ["Russia infantry"]}])
    assert r.violations[0].rule == "1.3.4" and "not supplied" in r.violations[0].message
    h["0101"]["units"] = []
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 2}], pool=[inf("R-1"), inf("R-2")], hexes=h)
    assert {loc for _, loc, _ in best(pos, "soviet", "tk").allocation.placements} <= {"0102", "0103"}
    assert best(pos, "soviet", "tk").allocation.steps_used() == 2


def test_1_3_4_tk_british_non_colonial_never_in_off_map_box_colonial_codes(tmp_path):
    """1.3.4 △ TK: British non-colonial units in no Off-Map Box; British colonial Ind to the Middle East Box, Can to Eastern US/Canada."""
    countries = {"Britain": {"alignment": "western"}}
    pool = [inf("B-1", "Britain"), inf("B-Ind", "Britain", colonial="Ind"), inf("B-Can", "Britain", colonial="Can"), inf("US-1", "US")]
    pos = position(tmp_path, faction="western", countries=countries, pool=pool,
                   steps=[{"nationality": "Britain", "kind": "infantry", "count": 3}, {"nationality": "US", "kind": "infantry", "count": 1}],
                   boxes=["Middle East", "Eastern US/Canada", "Africa"])
    res = best(pos, "western", "tk")
    assert sorted((u, loc) for u, loc, _ in res.allocation.placements) == [
        ("B-Can", "Eastern US/Canada"), ("B-Ind", "Middle East"), ("US-1", "Eastern US/Canada")]
    r = rule(pos, "western", "tk", [{"unit": "B-1", "location": "Eastern US/Canada", "paid-with": ["Britain infantry"]}])
    assert r.violations[0].rule == "1.3.4" and "cannot be placed in any Off-Map Box" in r.violations[0].message


def test_1_3_4_ds_kwantung_only_at_the_kwantung_logistics_marker(tmp_path):
    """1.3.4 △ DS: Kwantung replacements only at the Kwantung Logistics marker (traced to Japan); not in a Home Country City."""
    h = hexes(("1706", CITY("Japan", **{"supply-source": "Japan", "neighbours": ["1404"]})),
              ("1404", {"country": "Manchukuo", "neighbours": ["1706"], "markers": [{"type": "logistics", "faction": "axis", "name": "Kwantung"}]}))
    pos = position(tmp_path, game="ds", faction="axis", countries=JAPAN, steps=[{"nationality": "Japan", "kind": "infantry", "count": 2}],
                   pool=[inf("J-K", "Japan", kwantung=True), inf("J-1", "Japan")], hexes=h)
    res = best(pos, "axis", "ds")
    assert sorted((u, loc) for u, loc, _ in res.allocation.placements) == [("J-1", "1706"), ("J-K", "1404")]
    r = rule(pos, "axis", "ds", [{"unit": "J-K", "location": "1706", "paid-with": ["Japan infantry"]}])
    assert r.violations[0].rule == "1.3.4"


def test_1_3_4_ds_french_non_colonial_only_europe_africa_and_only_western(tmp_path):
    """1.3.4 △ DS: a French non-colonial unit must go to the Europe/Africa Off-Map Box, where only Western units are allowed."""
    countries = {"France": {"alignment": "western"}}
    kw = dict(game="ds", countries=countries, steps=[{"nationality": "France", "kind": "infantry", "count": 1}],
              pool=[inf("F-1", "France")], hexes=hexes(("3001", CITY("France"))), boxes=["Europe/Africa"])
    res = best(position(tmp_path, faction="western", **kw), "western", "ds")
    assert res.allocation.placements[0][1] == "Europe/Africa"
    res = best(position(tmp_path, faction="axis", **kw), "axis", "ds")
    assert res.allocation.steps_used() == 0


def test_1_3_4_ds_japanese_col_needs_a_japanese_unit(tmp_path):
    """1.3.4 △ DS: a Japanese Col colonial unit goes to a City in a Japanese Dependent holding a Japanese ground unit, Detachment or Logistics marker."""
    countries = {**JAPAN, "Korea": {"dependent-of": "Japan", "alignment": "axis"}}
    j = {"id": "J-20A", "faction": "axis", "nationality": "Japan", "type": "infantry", "steps": 2}
    h = hexes(("1505", CITY("Korea", units=[j])), ("1506", CITY("Korea")))
    pos = position(tmp_path, game="ds", faction="axis", countries=countries, steps=[{"nationality": "Japan", "kind": "infantry", "count": 1}],
                   pool=[inf("J-C", "Japan", colonial="Col")], hexes=h)
    assert best(pos, "axis", "ds").allocation.placements == [("J-C", "1505", ("Japan infantry",))]


def test_prefer_weights_choose_among_equally_many_steps(tmp_path):
    """1.3.4 "The owning player chooses where units are placed": `prefer` weights pick among allocations using as many steps."""
    h = hexes(("0101", CITY("Russia")), ("0102", CITY("Russia")))
    kw = dict(steps=[{"nationality": "Russia", "kind": "infantry", "count": 1}], pool=[inf("R-1"), inf("R-2")], hexes=h)
    assert best(position(tmp_path, **kw), "soviet", "tk").allocation.placements == [("R-1", "0101", ("Russia infantry",))]
    res = best(position(tmp_path, prefer={"0102": 3, "R-2": 1}, **kw), "soviet", "tk")
    assert res.allocation.placements == [("R-2", "0102", ("Russia infantry",))]


def test_ae_each_map_has_its_own_replacements_and_hexes(tmp_path):
    """AE: the DS Replacements Segment uses the DS hexes and DS location rules only (Eastern Europe Box, not Central Asia)."""
    h = hexes(("0101", CITY("Russia", map="tk")), ("5001", {"country": "Russia", "map": "ds"}))
    pos = position(tmp_path, game="ae", map_="ds", steps=[{"nationality": "Russia", "kind": "infantry", "count": 2}],
                   pool=[inf("R-1"), inf("R-2")], hexes=h, boxes=["Central Asia", "Eastern Europe"])
    res = best(pos, "soviet", "ds")
    assert {loc for _, loc, _ in res.allocation.placements} == {"Eastern Europe"}


def test_1_3_1_a_decks_panzer_step_is_read_as_a_state_files_is(tmp_path):
    """1.3.3 example: card 22a Case Yellow states "Germany: 3 panzer & 6 infantry steps". A deck may write the
    step kind as the card prints it (``panzer``), as a state file's ``steps`` may: one table of spellings."""
    (tmp_path / "deck.yaml").write_text(
        "cards:\n  - {map: tk, faction: axis, number: 22a, name: Case Yellow, war-state: limited,\n"
        "     replacements: [{nationality: Germany, kind: panzer, steps: 3}, {nationality: Germany, kind: infantry, steps: 6}]}\n")
    pos = position(tmp_path, faction="axis", countries=GERMANY, current="22a", decks=["deck.yaml"])
    assert [(s.nationality, s.kind, s.count) for s in steps_received(pos, "axis", "tk")] == [
        ("Germany", "armor", 3), ("Germany", "infantry", 6)]
    pos = position(tmp_path, faction="axis", countries=GERMANY,
                   steps=[{"nationality": "Germany", "kind": "panzer", "count": 3}])
    assert [(s.kind, s.count) for s in steps_received(pos, "axis", "tk")] == [("armor", 3)]


def test_1_3_3_1_no_step_of_any_kind_goes_to_a_conquered_allied_minor_country(tmp_path):
    """1.3.3.1 "An Allied faction cannot allocate replacements to a Conquered Allied Minor Country" - with
    Nationalist Chinese steps (DS 1.3.1) too. Hopeh is the rules' own example of a Conquered Western Minor."""
    countries = {"Hopeh": {"minor": True, "chinese": True, "alignment": "western", "status": "conquered"},
                 "Szechwan": {"minor": True, "chinese": True, "alignment": "western", "status": "active"}}
    h = hexes(("0101", CITY("Hopeh", control="western")), ("0102", CITY("Szechwan", control="western")))
    steps = [{"nationality": "Nationalist Chinese", "kind": "infantry", "count": 1}]
    pos = position(tmp_path, game="ds", faction="western", countries=countries, hexes=h, steps=steps,
                   pool=[inf("HP-1", "Hopeh")])
    res = best(pos, "western", "ds")
    assert res.allocation.steps_used() == 0
    from aeref.solver.replacements.relaxed import lost_steps
    [lost] = lost_steps(res.ctx, res.allocation)
    assert lost["rule"] == "1.3.3.1" and "HP-1" in lost["reason"] and "Conquered Allied Minor Country" in lost["reason"]
    r = rule(pos, "western", "ds", [{"unit": "HP-1", "location": "0101", "paid-with": ["Nationalist Chinese infantry"]}])
    assert not r.legal and [v.rule for v in r.violations] == ["1.3.3.1"]
    # an active Western Chinese Country takes the step
    pos = position(tmp_path, game="ds", faction="western", countries=countries, hexes=h, steps=steps,
                   pool=[inf("HP-1", "Hopeh"), inf("SZ-1", "Szechwan")])
    assert [p[0] for p in best(pos, "western", "ds").allocation.placements] == ["SZ-1"]


def test_9_1_only_a_one_step_exp_unit_stacks_with_other_minor_countries(tmp_path):
    """9.1: ground units of different Minor Countries cannot stack together; one-step Exp units may stack with
    any units of their faction - a two-step Exp unit may not."""
    countries = {"Greece": {"minor": True, "alignment": "western", "status": "active"},
                 "Yugoslavia": {"minor": True, "alignment": "western", "status": "active"}}
    steps = [{"nationality": "minor", "kind": "any", "count": 1}]
    for exp_steps, ok in ((1, True), (2, False)):
        exp = {"id": f"GR-X{exp_steps}", "faction": "western", "nationality": "Greece", "type": "exp", "steps": exp_steps}
        h = hexes(("0101", CITY("Yugoslavia", control="western", units=[exp])))
        pos = position(tmp_path, faction="western", countries=countries, hexes=h, steps=steps, pool=[inf("YU-1", "Yugoslavia")])
        r = rule(pos, "western", "tk", [{"unit": "YU-1", "location": "0101", "paid-with": ["minor infantry"]}])
        assert r.legal == ok, exp_steps
        if not ok:
            assert [v.rule for v in r.violations] == ["9.1"]


def test_1_3_4_a_region_ceded_to_japan_is_a_japanese_dependent(tmp_path):
    """DS 1.3.4 "A Japanese Col colonial unit must be placed in a City hex in any Japanese Dependent ... that
    contains a Japanese ground unit": the Inner Mongolia Region of Hopeh ceded to Japan is one (DS 1.2.2.1)."""
    countries = {**JAPAN, "Hopeh": {"minor": True, "chinese": True, "alignment": "western", "status": "active"},
                 "Inner Mongolia": {"dependent-of": "Japan"}}
    jinf = {"id": "J-9", "faction": "axis", "nationality": "Japan", "type": "infantry"}
    h = hexes(("0101", CITY("Hopeh", region="Inner Mongolia", control="axis", units=[jinf])),
              ("0102", CITY("Hopeh", control="axis", units=[dict(jinf, id="J-10")])))
    pos = position(tmp_path, game="ds", faction="axis", countries=countries, hexes=h,
                   steps=[{"nationality": "Japan", "kind": "infantry", "count": 1, "colonial": True}],
                   pool=[inf("J-Col", "Japan", colonial="Col")])
    res = best(pos, "axis", "ds")
    assert res.allocation.placements[0][:2] == ("J-Col", "0101")
    assert list(res.ctx.eligible["J-Col"]) == ["0101"]          # 0102 lies in Hopeh itself, an active Minor Country


def test_1_3_4_partisan_base_faction_interpretation(tmp_path):
    """1.3.4 "A Minor Country unit can be placed in a Home Country hex that contains a Partisan Base marker":
    whose Partisan Base is the named interpretation partisan-base-faction (own by default, or any)."""
    countries = {"Greece": {"minor": True, "status": "active", "alignment": "western"}}
    h = hexes(("0201", {"country": "Greece", "markers": [{"type": "partisan-base", "faction": "soviet"}]}))
    kw = dict(faction="western", countries=countries, steps=[{"nationality": "minor", "kind": "any", "count": 1}],
              pool=[inf("GR-1", "Greece")], hexes=h)
    assert best(position(tmp_path, **kw), "western", "tk").allocation.steps_used() == 0
    res = best(position(tmp_path, **kw, extra={"interpretations": {"partisan-base-faction": "any"}}), "western", "tk")
    assert res.allocation.placements == [("GR-1", "0201", ("minor step",))]


def test_ds_1_3_4_soviet_off_map_boxes_interpretation(tmp_path):
    """DS 1.3.4 "a supply source in Russia or a Soviet Off-Map Box": which boxes are Soviet is the named
    interpretation soviet-off-map-boxes (Eastern Europe by default)."""
    russia = {"Russia": {"status": "active", "alignment": "soviet", "posture": "war"}}
    h = hexes(("0301", {"country": "Mongolia", "neighbours": ["Siberia"],
                        "markers": [{"type": "logistics", "faction": "soviet", "name": "Soviet"}]}))
    kw = dict(game="ds", countries=russia, steps=[{"nationality": "Russia", "kind": "infantry", "count": 1}],
              pool=[inf("R-1")], hexes=h, boxes=["Siberia"])
    assert best(position(tmp_path, **kw), "soviet", "ds").allocation.steps_used() == 0
    pos = position(tmp_path, **kw, extra={"interpretations": {"soviet-off-map-boxes": ["Eastern Europe", "Siberia"]}})
    assert best(pos, "soviet", "ds").allocation.placements == [("R-1", "0301", ("Russia infantry",))]


def test_9_1_each_hex_is_checked_after_a_stack_already_mixed(tmp_path):
    """9.1 "ground units of different Minor Countries cannot stack together": a hex that already holds two Minor
    Countries' units takes no replacement, and the next hex - holding a Tuvan unit - takes no Mongolian one."""
    own = lambda uid, nat: {"id": uid, "faction": "soviet", "nationality": nat, "type": "infantry", "steps": 1}
    countries = {"Russia": {"status": "active", "alignment": "soviet"},
                 "Mongolia": {"minor": True, "status": "active", "alignment": "soviet"},
                 "Tuva": {"minor": True, "status": "active", "alignment": "soviet"}}
    h = hexes(("0201", CITY("Mongolia", units=[own("X-1", "Tuva"), own("X-2", "Mongolia")])),
              ("0202", CITY("Mongolia", units=[own("X-3", "Tuva")])))
    pos = position(tmp_path, countries=countries, steps=[{"nationality": "minor", "kind": "any", "count": 2}],
                   pool=[inf("MO-1", "Mongolia"), inf("MO-2", "Mongolia")], hexes=h)
    r = rule(pos, "soviet", "tk", [{"unit": "MO-1", "location": "0201", "paid-with": ["minor step"]},
                                   {"unit": "MO-2", "location": "0202", "paid-with": ["minor step"]}])
    assert [(v.rule, v.message) for v in r.violations] == [
        ("9.1", "0201 already holds ground units of different Minor Countries (X-1 (Tuva), X-2 (Mongolia)): "
                "placing MO-1 there leaves an illegal stack"),
        ("9.1", "0202 holds X-3 (Tuva): ground units of different Minor Countries cannot stack with "
                "MO-2 (Mongolia infantry)")]
    assert best(pos, "soviet", "tk").allocation.steps_used() == 0


@pytest.mark.parametrize("order", [("US", "Britain"), ("Britain", "US")])
def test_1_3_3_2_the_western_airborne_unit_takes_one_british_and_one_us_step(tmp_path, order):
    """1.3.3.2 and 1.3.4 "The Western Airborne unit may be placed as either a British or US unit": it costs
    two infantry-type steps, one British and one US, whichever of them was received first."""
    countries = {"Britain": {"status": "active", "alignment": "western"}, "US": {"status": "active", "alignment": "western"}}
    steps = [{"nationality": n, "kind": "infantry", "count": 2} for n in order]
    pos = position(tmp_path, faction="western", countries=countries, steps=steps,
                   pool=[{"id": "W-AB", "nationality": ["Britain", "US"], "type": "airborne"}],
                   hexes=hexes(("0101", CITY("Britain"))))
    [(uid, loc, paid)] = best(pos, "western", "tk").allocation.placements
    assert (uid, loc, sorted(paid)) == ("W-AB", "0101", ["Britain infantry", "US infantry"])
    for paid in ([f"{order[0]} infantry", f"{order[1]} infantry"], [f"{order[1]} infantry", f"{order[0]} infantry"]):
        assert rule(pos, "western", "tk", [{"unit": "W-AB", "location": "0101", "paid-with": paid}]).legal, paid
    r = rule(pos, "western", "tk", [{"unit": "W-AB", "location": "0101", "paid-with": ["Britain infantry", "Britain infantry"]}])
    assert [(v.rule, v.message) for v in r.violations] == [
        ("1.3.3.2", "the multinational Western airborne unit W-AB needs one British and one US infantry step, paid with "
                    "Britain infantry and Britain infantry")]


def test_a_step_written_as_received_is_that_step(tmp_path):
    """FORMAT 5 `paid-with`: a step written exactly as received names that step, even where a step received
    before it would also fit the words ("Japan infantry" beside "Japan step", an infantry- or armor-type step)."""
    steps = [{"nationality": "Japan", "kind": "any", "count": 1}, {"nationality": "Japan", "kind": "infantry", "count": 1}]
    pos = position(tmp_path, game="ds", faction="axis", countries=JAPAN, steps=steps, pool=[inf("J-1", "Japan")],
                   hexes=hexes(("1706", CITY("Japan"))))
    r = rule(pos, "axis", "ds", [{"unit": "J-1", "location": "1706", "paid-with": ["Japan infantry"]}])
    assert r.legal and [(x["step"], x["count"]) for x in r.lost] == [("Japan step", 1)], r.lost
    r = rule(pos, "axis", "ds", [{"unit": "J-1", "location": "1706", "paid-with": ["Japan step"]}])
    assert r.legal and [(x["step"], x["count"]) for x in r.lost] == [("Japan infantry", 1)], r.lost
