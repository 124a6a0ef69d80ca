"""1.3.3 "The one-step units in a faction's Force Pool limit how many and what type of units can be taken as
replacement steps": each lost step cites the rule that really stops it - one entry a pool and deciding rule
(1.3.3 no unit at all, 1.3.4 no Replacement Location, 9.2 stacking, 1.3.3.1 a Conquered Allied Minor Country),
in `replacements` and `check-replacements`, text and --json. Test-only positions (issue 19 item 5)."""
import json

from aeref.solver.replacements import check_allocation, read_allocation
from aeref.solver.replacements.relaxed import lost_steps
from aeref.solver.replacements.optimise import optimise

from ..support.cli import run
from ..support.replacements import alloc_file, hexes, inf, position, state

CITY = lambda country, **kw: {"country": country, "city": True, **kw}
GERMANY = {"Germany": {"posture": "war", "status": "active", "alignment": "axis"}}
WEST = {"Britain": {"status": "active", "alignment": "western"}, "US": {"status": "active", "alignment": "western"},
        "Yugoslavia": {"minor": True, "status": "active", "alignment": "western"},
        "Greece": {"minor": True, "status": "conquered", "alignment": "western"}}


def split(pos, faction, map_):
    res = optimise(pos, faction, map_)
    assert res.optimal
    return [(x["count"], x["rule"]) for x in lost_steps(res.ctx, res.allocation)], res


def test_1_3_3_and_1_3_4_german_colonial_unit_with_no_location(tmp_path):
    """3 German infantry steps, G-1 placed and the colonial G-C with no Replacement Location: 1 step lost
    to 1.3.4 (G-C cannot be placed), 1 to 1.3.3 (no unit at all)."""
    pos = position(tmp_path, faction="axis", countries=GERMANY,
                   steps=[{"nationality": "Germany", "kind": "infantry", "count": 3}],
                   pool=[inf("G-1", "Germany"), inf("G-C", "Germany", colonial="Afr")],
                   hexes=hexes(("0201", CITY("Germany"))))
    got, res = split(pos, "axis", "tk")
    assert res.allocation.steps_used() == 1
    assert got == [(1, "1.3.4"), (1, "1.3.3")], got


def test_1_3_3_and_9_2_russian_infantry_room_for_one(tmp_path):
    """3 Russian infantry steps, 2 units, room for one (9.2): 1 step lost to 9.2, 1 to 1.3.3."""
    full = [{"id": f"R-X{i}", "faction": "soviet", "nationality": "Russia", "type": "infantry"} for i in range(2)]
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 3}],
                   pool=[inf("R-1"), inf("R-2")], hexes=hexes(("0101", CITY("Russia", units=full))))
    got, res = split(pos, "soviet", "tk")
    assert res.allocation.steps_used() == 1
    assert got == [(1, "9.2"), (1, "1.3.3")], got


def test_1_3_3_1_conquered_greece_after_yugoslavia_is_placed(tmp_path):
    """Western, 2 Minor Country steps, an active Yugoslav unit (placed) and a Greek unit while Greece is
    Conquered: the step left is lost to 1.3.3.1 ("An Allied faction cannot allocate replacements to a
    Conquered Allied Minor Country"), not to 1.3.3; a third step would be lost to 1.3.3 (no unit)."""
    h = hexes(("0201", CITY("Yugoslavia")), ("0202", CITY("Greece")))
    for count, want in ((2, [(1, "1.3.3.1")]), (3, [(1, "1.3.3.1"), (1, "1.3.3")])):
        pos = position(tmp_path, faction="western", countries=WEST, hexes=h,
                       steps=[{"nationality": "minor", "kind": "any", "count": count}],
                       pool=[inf("YU-1", "Yugoslavia"), inf("GR-1", "Greece")])
        got, res = split(pos, "western", "tk")
        assert res.allocation.steps_used() == 1
        assert got == want, got


def test_1_3_3_1_nationalist_chinese_steps_with_hopeh_conquered(tmp_path):
    """DS 1.3.1 Nationalist Chinese steps, Szechwan's unit placed, Hopeh Conquered: 1.3.3.1."""
    countries = {"Hopeh": {"minor": True, "chinese": True, "alignment": "western", "status": "conquered"},
                 "Szechwan": {"minor": True, "chinese": True, "alignment": "western", "status": "active"}}
    h = hexes(("0101", CITY("Hopeh", control="western")), ("0102", CITY("Szechwan", control="western")))
    pos = position(tmp_path, game="ds", faction="western", countries=countries, hexes=h,
                   steps=[{"nationality": "Nationalist Chinese", "kind": "infantry", "count": 2}],
                   pool=[inf("HP-1", "Hopeh"), inf("SZ-1", "Szechwan")])
    got, _ = split(pos, "western", "ds")
    assert got == [(1, "1.3.3.1")], got


def test_1_3_3_lost_split_in_text_and_json_of_both_commands(tmp_path):
    """The split (1.3.4 then 1.3.3) in `replacements` and `check-replacements`, text and --json: one entry
    per pool and rule, the counts adding up to the steps lost."""
    st = state(tmp_path, faction="axis", countries=GERMANY,
               steps=[{"nationality": "Germany", "kind": "infantry", "count": 3}],
               pool=[inf("G-1", "Germany"), inf("G-C", "Germany", colonial="Afr")],
               hexes=hexes(("0201", CITY("Germany"))))
    out = json.loads(run("replacements", str(st), "--faction", "axis", "--json").output)
    assert [(x["step"], x["count"], x["rule"]) for x in out["lost"]] == [
        ("Germany infantry", 1, "1.3.4"), ("Germany infantry", 1, "1.3.3")], out["lost"]
    text = run("replacements", str(st), "--faction", "axis").output
    assert "Lost: 1 Germany infantry step [1.3.4]" in text and "Lost: 1 Germany infantry step [1.3.3]" in text, text
    alloc = alloc_file(tmp_path, [{"unit": "G-1", "location": "0201", "paid-with": ["Germany infantry"]}])
    r = run("check-replacements", str(st), str(alloc), "--faction", "axis", "--json")
    data = json.loads(r.output)
    assert [(x["count"], x["rule"]) for x in data["lost"]] == [(1, "1.3.4"), (1, "1.3.3")] and data["steps-lost"] == 2, data
    text = run("check-replacements", str(st), str(alloc), "--faction", "axis").output
    assert "Unused: 1 Germany infantry step [1.3.4]" in text and "Unused: 1 Germany infantry step [1.3.3]" in text, text
