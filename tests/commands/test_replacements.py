"""aeref replacements / check-replacements end to end (FORMAT 5), the greedy
baseline, and bad input (exit 2, one Error: line naming file and place)."""
import json
from pathlib import Path

import yaml

from aeref.model.files.load import load_position
from aeref.solver.replacements.optimise import optimise
from aeref.solver.replacements.greedy import greedy

from ..support.cli import run
from ..support.replacements import alloc_file, hexes, inf, state

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_tk_soviet_example_loses_two_steps_to_the_force_pool():
    r = run("replacements", EXAMPLES / "tk-soviet-replacements.yaml", "--faction", "soviet", "--json")
    assert r.exit_code == 0, r.output + r.stderr
    out = json.loads(r.stdout)
    assert (out["faction"], out["map"], out["optimal"], out["steps-received"], out["steps-used"]) == ("soviet", "tk", True, 12, 10)
    assert out["lost"] == [{"step": "Russia infantry", "count": 2, "rule": "1.3.3",
                            "reason": "only 10 one-step Russia infantry-type units in the Soviet Force Pool"}]
    locs = {p["location"] for p in out["placements"]}
    assert "4013" not in locs                      # Kiev holds a German panzer army (1.3.4)
    assert sum(p["location"] == "4012" for p in out["placements"]) == 1   # Moscow: room for one more unit (9.2)
    assert all(set(p) >= {"unit", "location", "paid-with"} for p in out["placements"])


def test_ds_axis_example_uses_all_nine_steps():
    r = run("replacements", EXAMPLES / "ds-axis-replacements.yaml", "--faction", "axis", "--json")
    assert r.exit_code == 0, r.output + r.stderr
    out = json.loads(r.stdout)
    assert (out["optimal"], out["steps-received"], out["steps-used"], out["lost"]) == (True, 9, 9, [])
    by_unit = {p["unit"]: p for p in out["placements"]}
    assert "J-G1" not in by_unit                                      # garrison (1.3.3.3)
    assert by_unit["J-K1"]["location"] == "1404"                      # Kwantung Logistics marker
    assert all(p["location"] != "1303" for p in out["placements"])    # IGHQ cut off from Japan


def test_replacements_text_output_is_stable():
    a = run("replacements", EXAMPLES / "ds-axis-replacements.yaml", "--faction", "axis")
    b = run("replacements", EXAMPLES / "ds-axis-replacements.yaml", "--faction", "axis")
    assert a.exit_code == 0 and a.stdout == b.stdout
    assert "Steps used: 9 of 9 (optimal, proved)" in a.stdout


def test_check_replacements_legal_example_reports_the_steps_lost():
    r = run("check-replacements", EXAMPLES / "tk-soviet-replacements.yaml", EXAMPLES / "tk-soviet-allocation.yaml", "--faction", "soviet", "--json")
    assert r.exit_code == 0, r.output + r.stderr
    out = json.loads(r.stdout)
    assert out["legal"] is True and out["violations"] == [] and out["steps-lost"] == 2


def test_check_replacements_illegal(tmp_path):
    rows = [{"unit": "R-1", "location": "4013", "paid-with": ["Russia infantry"]},
            {"unit": "R-2", "location": "4012", "paid-with": ["Russia infantry"]},
            {"unit": "R-3", "location": "4012", "paid-with": ["Russia infantry"]},
            {"unit": "R-G1", "location": "4010", "paid-with": ["Russia infantry"]}]
    r = run("check-replacements", EXAMPLES / "tk-soviet-replacements.yaml", alloc_file(tmp_path, rows), "--faction", "soviet", "--json")
    assert r.exit_code == 1, r.output + r.stderr
    out = json.loads(r.stdout)
    rules = [(v["rule"], v["title"]) for v in out["violations"]]
    assert ("1.3.3.3", "Garrison Units") in rules
    assert ("1.3.4", "Enemy Units and Markers") in rules
    assert ("9.2", "Stacking") not in rules       # 1.3.4: overstacking is no violation when placing...
    [e] = out["eliminated"]                       # ... the excess is eliminated after the Segment (9.2)
    assert e["location"] == "4012" and e["units"] == ["R-3"]
    assert any("G-1P" in v["message"] for v in out["violations"])


def test_greedy_loses_steps_the_optimiser_places(tmp_path):
    """Greedy spends the armor step on the first (infantry) unit; the armor unit then finds no step."""
    p = state(tmp_path, faction="axis", countries={"Germany": {"alignment": "axis"}},
              steps=[{"nationality": "Germany", "kind": "armor", "count": 1}, {"nationality": "Germany", "kind": "infantry", "count": 1}],
              pool=[inf("G-I", "Germany"), inf("G-A", "Germany", "armor")], hexes=hexes(("0201", {"country": "Germany", "city": True})))
    pos = load_position(p)
    _, g = greedy(pos, "axis", "tk")
    res = optimise(pos, "axis", "tk")
    assert g.steps_used() == 1
    assert res.optimal and res.allocation.steps_used() == 2


def _error_line(r):
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    assert r.exit_code == 2, r.output + r.stderr
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    assert "Traceback" not in r.stderr
    return lines[0]


def test_bad_input_unknown_unit_type(tmp_path):
    p = state(tmp_path, steps=[], pool=[inf("R-1", type_="battleship-infantry")])
    line = _error_line(run("replacements", p, "--faction", "soviet"))
    assert f"{p}: replacements.tk.soviet.force-pool[0].type: unknown unit type 'battleship-infantry'" in line


def test_bad_input_unit_in_two_places(tmp_path):
    h = hexes(("0101", {"country": "Russia", "units": [{"id": "R-1", "faction": "soviet", "nationality": "Russia", "type": "infantry"}]}))
    p = state(tmp_path, steps=[], pool=[inf("R-1")], hexes=h)
    line = _error_line(run("replacements", p, "--faction", "soviet"))
    assert f"{p}: replacements.tk.soviet.force-pool[0].id: unit R-1 is in two places (also at map.hexes.0101.units[0])" in line


def test_bad_input_location_not_on_the_map(tmp_path):
    p = state(tmp_path, steps=[{"nationality": "Russia", "count": 1}], pool=[inf("R-1")], hexes=hexes(("0101", {"country": "Russia", "city": True})))
    a = alloc_file(tmp_path, [{"unit": "R-1", "location": "9999", "paid-with": ["Russia infantry"]}])
    line = _error_line(run("check-replacements", p, a, "--faction", "soviet"))
    assert f"{a}: [0].location: location 9999 is not on the map" in line


def test_bad_input_neighbour_naming_no_hex(tmp_path):
    p = state(tmp_path, steps=[], hexes=hexes(("2315", {"country": "Germany", "neighbours": ["2314", "9999"]}), ("2314", {"country": "Germany"})))
    line = _error_line(run("replacements", p, "--faction", "soviet"))
    assert f"{p}: map.hexes.2315.neighbours[1]: no hex 9999" in line


def test_bad_input_unknown_unit_in_allocation_and_ae_needs_map(tmp_path):
    p = state(tmp_path, steps=[], pool=[inf("R-1")])
    a = alloc_file(tmp_path, [{"unit": "R-77", "location": "Central Asia", "paid-with": []}])
    line = _error_line(run("check-replacements", p, a, "--faction", "soviet"))
    assert f"{a}: [0].unit: no unit R-77" in line
    p = state(tmp_path, game="ae", steps=[], pool=[inf("R-1")])
    assert "--map" in _error_line(run("replacements", p, "--faction", "soviet"))


def test_validate_reports_every_map_problem(tmp_path):
    p = state(tmp_path, steps=[], pool=[inf("R-1", type_="zeppelin")],
              hexes=hexes(("2315", {"country": "Germany", "neighbours": ["9999"]})))
    r = run("validate", p, "--json")
    assert r.exit_code == 2
    wheres = {x["where"] for x in json.loads(r.stdout)["problems"]}
    assert {"replacements.tk.soviet.force-pool[0].type", "map.hexes.2315.neighbours[0]"} <= wheres


def _rule_on(tmp_path, rows, state="ds-axis-replacements.yaml", faction="axis"):
    a = tmp_path / "alloc.yaml"
    a.write_text(yaml.safe_dump(rows, sort_keys=False))
    r = run("check-replacements", str(EXAMPLES / state), str(a), "--faction", faction, "--json")
    return r.exit_code, (json.loads(r.stdout) if r.exit_code in (0, 1) else r.stderr)


def test_paid_with_steps_in_a_players_words(tmp_path):
    """FORMAT 5 `paid-with`: a step as received, a marker's step by part of its name in parentheses, and
    `colonial` anywhere among the words; the allocation may sit under `placements:`."""
    rows = [{"unit": "J-3", "location": "1806", "paid-with": ["Japan infantry (Hakko)"]},
            {"unit": "J-4", "location": "1806", "paid-with": ["japan  INFANTRY"]}]
    code, out = _rule_on(tmp_path, {"placements": rows})
    assert code == 0 and out["steps-used"] == 2, out
    assert {x["step"]: x["count"] for x in out["lost"]} == {"Japan armor": 1, "Japan infantry": 3,
                                                            "Japan infantry (Hakko Ichiu)": 3}, out["lost"]
    code, out = _rule_on(tmp_path, [{"unit": "J-C1", "location": "1505", "paid-with": ["colonial Japan infantry"]}])
    assert [v["message"] for v in out["violations"]][:1] == [
        "1 colonial Japan infantry step spent (J-C1) but none was received"], out["violations"]


def test_a_step_not_received_is_ruled_as_its_kind(tmp_path):
    """A step an allocation names but that was not received: 1.3.3 Steps Received, and the step's kind still
    counts - an armor-type unit paid with an infantry step breaks the Unit-Type Limitation too; an armor step
    named where only infantry steps of that nationality came is not taken for them."""
    code, out = _rule_on(tmp_path, [{"unit": "J-1", "location": "1806", "paid-with": ["Korea infantry"]}])
    rules = {(v["rule"], v["title"]) for v in out["violations"]}
    assert ("1.3.3", "Steps Received") in rules and ("1.3.3", "Unit-Type Limitation") in rules, out["violations"]
    code, out = _rule_on(tmp_path, [{"unit": "R-1", "location": "4010", "paid-with": ["Russia armor"]}],
                         "tk-soviet-replacements.yaml", "soviet")
    assert code == 1 and ["1 Russia armor step spent (R-1) but none was received"] == [
        v["message"] for v in out["violations"] if v["title"] == "Steps Received"], out


def test_every_bad_row_of_an_allocation_is_named(tmp_path):
    """FORMAT 5 bad input: each malformed row is named, not only the first."""
    code, err = _rule_on(tmp_path, [{"unit": "J-3"}, {"unit": "J-9", "location": "1806"}, "J-4",
                                    {"unit": "J-5", "location": "9999"}])
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert err.strip().endswith("alloc.yaml: [0].location: required key missing (and 3 more: [1].unit: no unit J-9 in "
                                "the Axis DS Force Pool or on the map; [2]: a placement is a mapping {unit, location, "
                                "paid-with}, not 'J-4'; [3].location: location 9999 is not on the map (no such hex or "
                                f"Off-Map Box in {EXAMPLES / 'ds-axis-replacements.yaml'}))"), err


def test_the_greedy_placer_pays_with_one_step_first_in_the_order_received(tmp_path):
    """The greedy placer (the optimiser's floor): each unit takes the first payment of one step, in the
    order the steps were received, then the first location - so an armor step received first buys an
    infantry unit that an infantry step could have."""
    from ..support.replacements import position
    h = hexes(("0101", {"country": "Russia", "city": True}))
    for order in (["infantry", "armor"], ["armor", "infantry"]):
        pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": k, "count": 1} for k in order],
                       pool=[inf("R-1")], hexes=h)
        _, g = greedy(pos, "soviet", "tk")
        assert g.placements == [("R-1", "0101", (f"Russia {order[0]}",))], (order, g.placements)


def test_nothing_to_choose_when_no_unit_can_be_taken(tmp_path):
    """`replacements` with steps but no unit that can be taken: nothing to choose, proved, every step lost."""
    p = state(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 2}], pool=[],
              hexes=hexes(("0101", {"country": "Russia", "city": True})))
    r = run("replacements", str(p), "--faction", "soviet", "--json")
    out = json.loads(r.stdout)
    assert (out["optimal"], out["status"], out["steps-used"]) == (True, "nothing to choose: no unit can be taken", 0), out


def test_a_segment_on_a_map_not_in_play_is_bad_input():
    """make_context (every Replacements Segment command) refuses a map the game does not have, naming both."""
    import pytest
    from aeref.model.files.errors import InputError
    from aeref.solver.replacements.segment import make_context
    pos = load_position(EXAMPLES / "tk-soviet-replacements.yaml")
    with pytest.raises(InputError) as exc:
        make_context(pos, "soviet", "ds")
    assert str(exc.value).endswith("map ds is not in play in game tk (maps: tk)"), exc.value


def test_an_empty_allocation_takes_nothing(tmp_path):
    """FORMAT 5: an empty allocation file (or `placements:` with nothing under it) places no unit - legal,
    every step received left unused - rather than bad input."""
    for text in ("", "placements:\n"):
        a = tmp_path / "empty.yaml"
        a.write_text(text)
        r = run("check-replacements", str(EXAMPLES / "tk-soviet-replacements.yaml"), str(a),
                                     "--faction", "soviet", "--json")
        out = json.loads(r.stdout)
        assert r.exit_code == 0 and out["legal"] and out["steps-used"] == 0 and out["steps-lost"] == 12, (text, out)
