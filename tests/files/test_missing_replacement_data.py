"""Missing data is not a ruling (1.3): a Replacements Segment with steps received but no Force Pool stated for
that map and faction, or Force Pool units and no hex of that map, is one `Error:` line naming the file, the
place and how to add what is missing (exit 2), never "optimal, proved"; an empty `force-pool: []` is a ruling
(1.3.3: its steps are lost). Test-only positions."""
import json

import yaml

from ..support.cli import run
from ..support.replacements import alloc_file, hexes, inf, state

GERMANY = {"Germany": {"posture": "war", "status": "active", "alignment": "axis"}}
STEPS = [{"nationality": "Germany", "kind": "infantry", "count": 3}]
CITY = {"country": "Germany", "city": True}


def _without_force_pool(path):
    data = yaml.safe_load(path.read_text())
    del data["replacements"]["tk"]["axis"]["force-pool"]
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def test_1_3_3_absent_force_pool_is_missing_data_in_both_commands(tmp_path):
    """1.3.3: no `force-pool:` for the Axis on the TK map: exit 2, "cannot rule: the file has no Axis Force
    Pool", in `replacements` (text and --json) and `check-replacements`."""
    st = _without_force_pool(state(tmp_path, faction="axis", countries=GERMANY, steps=STEPS,
                                   hexes=hexes(("0201", CITY))))
    for args in (("replacements", str(st), "--faction", "axis"), ("replacements", str(st), "--faction", "axis", "--json"),
                 ("check-replacements", str(st), str(alloc_file(tmp_path, [])), "--faction", "axis")):
        r = run(*args)
        assert r.exit_code == 2, (args, r.output)
        assert "optimal" not in r.output and "Error:" in r.output and "replacements.tk.axis" in r.output, r.output
        assert "cannot rule: the file has no Axis Force Pool for the TK map" in r.output and "force-pool: []" in r.output


def test_1_3_3_empty_force_pool_is_a_ruling(tmp_path):
    """1.3.3: `force-pool: []` is a Force Pool with no unit: the 3 steps are lost, a ruling (exit 0)."""
    st = state(tmp_path, faction="axis", countries=GERMANY, steps=STEPS, pool=[], hexes=hexes(("0201", CITY)))
    r = run("replacements", str(st), "--faction", "axis", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["optimal"] and [(x["count"], x["rule"]) for x in out["lost"]] == [(3, "1.3.3")]


def test_1_3_4_no_hexes_of_the_map_is_missing_data(tmp_path):
    """1.3.4 Replacement Locations: Force Pool units and no hex of the map to place them in: exit 2, the
    file lacks the hexes; a hex of the map makes it a ruling."""
    st = state(tmp_path, faction="axis", countries=GERMANY, steps=STEPS, pool=[inf("G-1", "Germany")], hexes={})
    r = run("replacements", str(st), "--faction", "axis")
    assert r.exit_code == 2 and "cannot rule: the file has no hexes of the TK map" in r.output and "map.hexes" in r.output, r.output
    st = state(tmp_path, faction="axis", countries=GERMANY, steps=STEPS, pool=[inf("G-1", "Germany")],
               hexes=hexes(("0201", CITY)))
    assert run("replacements", str(st), "--faction", "axis").exit_code == 0
