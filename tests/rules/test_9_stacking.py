"""9 Stacking, as the Replacements Segment applies it: 9.1 (a new unit never joins a unit of another Minor
Country; Minor Country names compare whatever their case) and 9.2 (three ground units and six steps a hex,
three with limited stacking; ``check-replacements`` eliminates the excess after the Segment).
Positions are test-only data (made-up hex numbers and Force Pools)."""
from __future__ import annotations

import pytest

from aeref.solver.replacements import check_allocation, read_allocation
from aeref.solver.replacements.optimise import optimise

from ..support.replacements import alloc_file, hexes, inf, position, state
from ..support.seasonal import run


CITY = lambda country, **kw: {"country": country, "city": True, **kw}


RUSSIA_AND_MINORS = {"Russia": {"status": "active", "alignment": "soviet"},
                 "Mongolia": {"minor": True, "status": "active", "alignment": "soviet"},
                 "Tuva": {"minor": True, "status": "active", "alignment": "soviet"}}


def test_9_1_minor_country_names_compare_case_insensitively(tmp_path):
    """9.1 "ground units of different Minor Countries cannot stack together": a unit written "MONGOLIA" is of the
    same Minor Country as a Mongolian replacement, and a unit written "tuva" is named as the file names Tuva."""
    own = lambda uid, nat: {"id": uid, "faction": "soviet", "nationality": nat, "type": "infantry", "steps": 1}
    h = hexes(("0201", CITY("Mongolia", units=[own("X-1", "MONGOLIA")])), ("0202", CITY("Mongolia", units=[own("X-3", "tuva")])))
    p = state(tmp_path, countries=RUSSIA_AND_MINORS, steps=[{"nationality": "minor", "kind": "any", "count": 2}],
              pool=[inf("MO-1", "Mongolia"), inf("MO-2", "Mongolia")], hexes=h)
    a = alloc_file(tmp_path, [{"unit": "MO-1", "location": "0201", "paid-with": ["minor step"]},
                              {"unit": "MO-2", "location": "0202", "paid-with": ["minor step"]}])
    msg = "0202 holds X-3 (Tuva): ground units of different Minor Countries cannot stack with MO-2 (Mongolia infantry)"
    code, out, _ = run("check-replacements", p, a, "--faction", "soviet", "--json")
    assert code == 1
    assert out["violations"] == [{"rule": "9.1", "title": "Minor Country Stacking", "message": msg}]
    assert (out["steps-used"], out["lost"]) == (1, [{"step": "minor step", "count": 1, "rule": "9.1", "reason":
                                                     f"spent on MO-2, whose placement breaks 9.1 Minor Country Stacking: {msg}"}])


SOVIET_MINORS = {"Russia": {"posture": "war", "status": "active", "alignment": "soviet"},
                 "Mongolia": {"minor": True, "status": "active", "alignment": "soviet"},
                 "Tuva": {"minor": True, "status": "active", "alignment": "soviet"}}


def _rule(pos, faction, map_, rows):
    ctx, parsed, problems = read_allocation(pos, faction, map_, rows, "alloc.yaml")
    assert not problems, problems
    return check_allocation(ctx, parsed)


def test_9_1_two_new_units_of_different_minor_countries_in_one_hex(tmp_path):
    """9.1 "ground units of different Minor Countries cannot stack together": two replacement units of two
    Minor Countries placed in the same hex break it - both of them, and each is named - even though no
    unit was there before (the Tuva unit breaks 1.3.4 too: a Mongolian City is not its Home Country)."""
    pos = position(tmp_path, countries=SOVIET_MINORS, steps=[{"nationality": "minor", "kind": "any", "count": 2}],
                   pool=[inf("MO-1", "Mongolia"), inf("TU-1", "Tuva")],
                   hexes=hexes(("0301", {"country": "Mongolia", "city": True}), ("0302", {"country": "Tuva", "city": True})))
    r = _rule(pos, "soviet", "tk", [{"unit": "MO-1", "location": "0301", "paid-with": ["minor infantry"]},
                                    {"unit": "TU-1", "location": "0301", "paid-with": ["minor infantry"]}])
    rules = [(v.rule, v.title) for v in r.violations]
    assert ("9.1", "Minor Country Stacking") in rules and ("1.3.4", "Replacement Locations") in rules
    [stack] = [v for v in r.violations if v.rule == "9.1"]
    assert "MO-1" in stack.message and "TU-1" in stack.message and "0301" in stack.message
    # each in its own Home Country: legal, both steps used
    r = _rule(pos, "soviet", "tk", [{"unit": "MO-1", "location": "0301", "paid-with": ["minor infantry"]},
                                    {"unit": "TU-1", "location": "0302", "paid-with": ["minor infantry"]}])
    assert r.legal and r.steps_used == 2


def test_9_1_a_replacement_never_joins_a_unit_of_another_minor_country(tmp_path):
    """9.1: a Mongolian replacement cannot be placed where a Tuvan unit stands (it stays in the Force Pool:
    the optimiser uses no step), a Russian one can (only Minor Countries are restricted)."""
    here = [{"id": "TU-9", "faction": "soviet", "nationality": "Tuva", "type": "infantry"}]
    pos = position(tmp_path, countries=SOVIET_MINORS,
                   steps=[{"nationality": "minor", "kind": "any", "count": 1}, {"nationality": "Russia", "kind": "infantry", "count": 1}],
                   pool=[inf("MO-1", "Mongolia"), inf("R-1")],
                   hexes=hexes(("0301", {"country": "Mongolia", "city": True, "units": here}), ("0101", {"country": "Russia", "city": True, "units": [dict(here[0], id="TU-8")]})))
    res = optimise(pos, "soviet", "tk")
    assert res.allocation.placements == [("R-1", "0101", ("Russia infantry",))]
    r = _rule(pos, "soviet", "tk", [{"unit": "MO-1", "location": "0301", "paid-with": ["minor infantry"]}])
    assert [(v.rule, v.title) for v in r.violations] == [("9.1", "Minor Country Stacking")]


def _stack(tmp_path, own, limited=False, pool=3):
    units = [{"id": f"R-{i}A", "faction": "soviet", "nationality": "Russia", "type": "infantry", "steps": s}
             for i, s in enumerate(own)]
    return position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": pool}],
                    pool=[inf(f"R-{i}") for i in range(pool)],
                    hexes=hexes(("0101", {"country": "Russia", "city": True, "limited-stacking": limited, "units": units})))


@pytest.mark.parametrize("own, limited, placed", [
    ([], False, 3), ([2, 2], False, 1), ([1, 1, 1], False, 0),          # 3 ground units
    ([3, 3], False, 0), ([3, 2], False, 1), ([4], False, 2),            # 6 steps: a seventh is never placed
    ([2, 2], True, 0), ([1], True, 2), ([1, 1], True, 1), ([2], True, 1),  # Limited Stacking: 3 steps
])
def test_9_2_three_ground_units_and_six_steps_three_with_limited_stacking(tmp_path, own, limited, placed):
    """9.2 Stacking (rules/README.md): at most 3 ground units with at most 6 steps in a hex, 3 steps in a
    hex with the Limited Stacking symbol. Three one-step Russian replacements and a Russian City holding
    units of ``own`` steps: the optimiser places as many as fit, and no more."""
    assert optimise(_stack(tmp_path, own, limited), "soviet", "tk").allocation.steps_used() == placed


def test_9_2_check_replacements_eliminates_the_excess_after_the_segment(tmp_path):
    """1.3.4 / 9.2: placing into a full hex (two units with 6 steps, or an HQ making 3 units) is no
    violation - "any number of replacements can be placed in the same hex" - but 9.2 eliminates the
    excess after the Segment: the replacement placed last, its step lost."""
    pos = _stack(tmp_path, [3, 3], pool=1)
    r = _rule(pos, "soviet", "tk", [{"unit": "R-0", "location": "0101", "paid-with": ["Russia infantry"]}])
    assert r.legal and r.violations == [] and [e["units"] for e in r.eliminated] == [["R-0"]]
    assert "0101 holds 3 friendly ground units with 7 steps" in r.eliminated[0]["message"]
    assert "the limit is 3 units and 6 steps" in r.eliminated[0]["message"]
    assert r.steps_used == 0 and r.lost == [{"step": "Russia infantry", "count": 1, "rule": "9.2",
                                             "reason": "spent on R-0, eliminated for stacking in 0101 at the end of the Segment (9.2)"}]
    hq = [{"id": "R-HQ", "faction": "soviet", "nationality": "Russia", "type": "hq", "steps": 1}]
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 2}], pool=[inf("R-0"), inf("R-1")],
                   hexes=hexes(("0101", {"country": "Russia", "city": True, "units": hq})))
    rows = [{"unit": u, "location": "0101", "paid-with": ["Russia infantry"]} for u in ("R-0", "R-1")]
    r = _rule(pos, "soviet", "tk", rows)
    assert r.legal and not r.eliminated and r.steps_used == 2          # the HQ and two replacements: 3 units
    r = _rule(_stack(tmp_path, [1, 1], pool=2), "soviet", "tk", rows)
    assert r.legal and [e["units"] for e in r.eliminated] == [["R-1"]] and r.steps_used == 1
