"""1.3.3 "The one-step units in a faction's Force Pool limit how many and what type of units can be taken as
replacement steps": each lost step cites the rule that really stops it - one entry a pool and deciding rule
(1.3.3 no unit at all, 1.3.4 no Replacement Location, 9.2 stacking, 1.3.3.1 a Conquered Allied Minor Country),
in `replacements` and `check-replacements`, text and --json. Test-only positions."""
import json

from aeref.solver.replacements.relaxed import balance, lost_steps, relax
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


def test_1_3_3_a_relaxation_that_trades_pools_keeps_each_pools_count_and_each_rules():
    """1.3.3 lost steps across pools that compete for one hex: R-1 (1 Russian infantry step) and the Mongolian
    airborne M-1 (2 Minor Country steps, 1.3.3.2) may go only to 0101, a Mongolian City with the supplied
    Soviet Logistics marker, a Tuvan unit and room for one more unit (9.2). The optimum places R-1 (M-1 breaks
    9.1); 9.1 relaxed places M-1 instead (2 steps, R-1 given up: a trade); 9.2 relaxed too, both. The oracle's
    split: 1 step to 9.1, 1 to 9.2; per pool, the minor steps carry both (the Russian pool loses none), each
    pool's entries adding up to its steps left."""
    from ..support import replacement_oracle as oracle
    from ..support.replacement_positions import to_position
    import tempfile
    spec = {"universe": "tk-soviet", "pools": {"Russia infantry": 1, "minor step": 2},
            "pool": [{"id": "R-1", "nationality": ["Russia"], "type": "infantry"},
                     {"id": "M-1", "nationality": ["Mongolia"], "type": "airborne"}],
            "hexes": {"0101": {"country": "Mongolia", "city": True, "limited": False, "control": "soviet",
                               "own": [{"id": "T-1", "nationality": ["Tuva"], "type": "infantry", "steps": 1},
                                       {"id": "X-1", "nationality": ["Russia"], "type": "infantry", "steps": 1}],
                               "logistics": {"faction": "soviet", "supplied": True}}},
            "boxes": [], "interpretations": {}, "swb": []}
    assert oracle.lost_split(spec) == {"9.1": 1, "9.2": 1}
    with tempfile.TemporaryDirectory() as tmp:
        res = optimise(to_position(spec, tmp), "soviet", "tk")
        assert res.optimal and res.allocation.placements == [("R-1", "0101", ("Russia infantry",))]
        rel = relax(res.ctx, res.allocation)
        assert [(lv.rule, lv.steps) for lv in rel.levels] == [("9.1", 2), ("9.2", 3), ("1.3.4", 3), ("1.3.3.1", 3)]
        assert rel.levels[0].use == {"Russia infantry": 0, "minor step": 2}          # the trade
        assert rel.split() == {"Russia infantry": {"9.1": 0, "9.2": 0, "1.3.4": 0, "1.3.3.1": 0, "1.3.3": 0},
                               "minor step": {"9.1": 1, "9.2": 1, "1.3.4": 0, "1.3.3.1": 0, "1.3.3": 0}}
        lost = lost_steps(res.ctx, res.allocation)
    assert sorted((x["step"], x["count"], x["rule"]) for x in lost) == [("minor step", 1, "9.1"), ("minor step", 1, "9.2")]
    assert "0101 holds T-1 (Tuva)" in next(x["reason"] for x in lost if x["rule"] == "9.1"), lost


def test_1_3_3_balance_moves_a_traded_step_within_its_row_and_column():
    """The per-pool split's balance: a negative count (a pool a relaxation trades away) is moved along a
    cycle of four cells, each row's and each column's sum kept, no count left negative."""
    rows = {"a": {"9.1": -1, "9.2": 1, "1.3.3": 0}, "b": {"9.1": 2, "9.2": 0, "1.3.3": 0}}
    got = balance(rows, ["9.1", "9.2", "1.3.3"])
    assert got == {"a": {"9.1": 0, "9.2": 0, "1.3.3": 0}, "b": {"9.1": 1, "9.2": 1, "1.3.3": 0}}
    rows = {"a": {"9.1": -2, "9.2": 0, "1.3.3": 3}, "b": {"9.1": 3, "9.2": 0, "1.3.3": 0}, "c": {"9.1": 0, "9.2": 1, "1.3.3": 0}}
    got = balance(rows, ["9.1", "9.2", "1.3.3"])
    assert all(v >= 0 for r in got.values() for v in r.values())
    assert {r: sum(v.values()) for r, v in got.items()} == {r: sum(v.values()) for r, v in rows.items()}
    assert {c: sum(got[r][c] for r in got) for c in ("9.1", "9.2", "1.3.3")} == {"9.1": 1, "9.2": 1, "1.3.3": 3}


def test_1_3_3_the_split_respects_the_time_limit_and_says_it_is_not_proved(tmp_path):
    """1.3.3 lost steps under a time limit: the re-solves share the command's budget; with it spent after the
    optimum, no re-solve searches, every lost step is still listed (the counts adding up) and each reason
    says the split by rule is not proved."""
    from aeref.solver.engine.limits import DTIME_PER_SECOND, Budget
    full = [{"id": f"R-X{i}", "faction": "soviet", "nationality": "Russia", "type": "infantry"} for i in range(2)]
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 3}],
                   pool=[inf("R-1"), inf("R-2")], hexes=hexes(("0101", CITY("Russia", units=full))))
    res = optimise(pos, "soviet", "tk")
    spent = Budget(10)
    spent.spend(10 * DTIME_PER_SECOND)
    lost = lost_steps(res.ctx, res.allocation, budget=spent)
    assert sum(x["count"] for x in lost) == 2
    assert all("the split by rule is not proved" in x["reason"] for x in lost), lost
    assert [(x["count"], x["rule"]) for x in lost_steps(res.ctx, res.allocation)] == [(1, "9.2"), (1, "1.3.3")]
