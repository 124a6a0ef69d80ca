"""1.2.1 Logistics Segment: the supply lines a Logistics marker needs, as ``aeref check-logistics`` rules on
them word for word - supply sources, enemy units in the hex, the sources named when supply is cut, the Off-Map
Box a US unit traces to, adjacent HQs, the nationality and the supply targets each faction's marker needs.
The maps are test-only data."""
from __future__ import annotations

from ..support.seasonal import EXAMPLES, empty_state, run


HQ = {"faction": "soviet", "nationality": "Russia", "type": "hq", "steps": 2}


def _check_logistics(path, faction, placement):
    code, out, err = run("check-logistics", path, "--faction", faction, "--place-logistics", placement)
    assert code in (0, 1), err
    return code, out.splitlines()


def _german(uid):
    return {"id": uid, "faction": "axis", "nationality": "Germany", "type": "infantry"}


def test_1_2_1_axis_no_supply_source_in_germany_on_the_map(tmp_path):
    """1.2.1 (TK Axis): with no supply source in Germany on the map no German unit can trace to one."""
    p = empty_state(tmp_path, "tk", pool={"axis": {"logistics": ["OKW"]}},
               hexes={"2315": {"country": "Poland", "city": True, "neighbours": [], "units": [_german("G-1")]}})
    code, lines = _check_logistics(p, "axis", "OKW@2315")
    assert code == 1
    assert lines[1] == ("  1.2.1 Logistics Marker Placement: place Logistics marker OKW in 2315: no German ground unit "
                        "in 2315 can trace an overland supply line to a supply source in Germany "
                        "(G-1: no supply source of that country on the map)")


def test_1_2_1_axis_unit_sharing_its_hex_with_an_enemy_ground_unit_traces_no_supply(tmp_path):
    """1.2.1 (TK Axis) / FORMAT 6: a supply line runs through no hex with an enemy ground unit, its start included."""
    hexes = {"2315": {"country": "Poland", "city": True, "neighbours": ["2316"],
                      "units": [_german("G-1"), {"id": "R-1", "faction": "soviet", "nationality": "Russia",
                                                 "type": "infantry"}]},
             "2316": {"country": "Germany", "supply-source": "Germany", "neighbours": ["2315"]}}
    p = empty_state(tmp_path, "tk", pool={"axis": {"logistics": ["OKW"]}}, hexes=hexes)
    code, lines = _check_logistics(p, "axis", "OKW@2315")
    assert code == 1
    assert lines[1:3] == [
        "  1.2.1 Logistics Marker Placement: place Logistics marker OKW in 2315: no German ground unit in 2315 can "
        "trace an overland supply line to a supply source in Germany (G-1: 2315 holds an enemy ground unit)",
        "  1.2.1 Logistics Marker Placement Restrictions: place Logistics marker OKW in 2315: 2315 contains Soviet "
        "ground unit R-1"]


def test_1_2_1_axis_cut_supply_names_at_most_five_sources(tmp_path):
    """1.2.1 (TK Axis): a cut supply line is explained naming the first five of the supply sources in Germany."""
    hexes = {"2315": {"country": "Poland", "city": True, "neighbours": [], "units": [_german("G-1")]}}
    for i in range(6):
        hexes[f"240{i}"] = {"country": "Germany", "supply-source": "Germany", "neighbours": []}
    p = empty_state(tmp_path, "tk", pool={"axis": {"logistics": ["OKW"]}}, hexes=hexes)
    code, lines = _check_logistics(p, "axis", "OKW@2315")
    assert code == 1
    assert lines[1] == ("  1.2.1 Logistics Marker Placement: place Logistics marker OKW in 2315: no German ground unit "
                        "in 2315 can trace an overland supply line to a supply source in Germany "
                        "(G-1: no line of neighbouring hexes runs from 2315 to 2400, 2401, 2402, 2403, 2404)")


def test_1_2_1_western_us_unit_traces_to_the_western_us_box_written_with_box(tmp_path):
    """DS 1.2.1 / 1.3.4: a US unit next to the Western US Off-Map Box, written "Western US Box", is supplied."""
    hexes = {"0601": {"country": "Philippines", "city": True, "neighbours": ["Western US Box"],
                      "units": [{"id": "US-2", "faction": "western", "nationality": "US", "type": "infantry"}]}}
    p = empty_state(tmp_path, "ds", pool={"western": {"logistics": ["W-Log"]}}, hexes=hexes, boxes=["Western US Box"])
    code, lines = _check_logistics(p, "western", "W-Log@0601")
    assert (code, lines) == (0, ["Legal: Western DS Logistics / Partisan Segment: place Logistics marker W-Log in 0601"])


def test_1_2_1_soviet_hqs_adjacent_to_the_hex_in_the_order_it_lists_its_neighbours(tmp_path):
    """1.2.1 (Soviet): the Russian HQs in or adjacent to the hex, named in the order the hex lists its neighbours."""
    hexes = {"0103": {"country": "Russia", "rail": True, "neighbours": ["0104", "0102"]},
             "0102": {"country": "Russia", "neighbours": ["0103"], "units": [{"id": "R-HQ1", **HQ}]},
             "0104": {"country": "Russia", "neighbours": ["0103"], "units": [{"id": "R-HQ2", **HQ}]}}
    p = empty_state(tmp_path, "tk", pool={"soviet": {"logistics": ["Front"]}}, hexes=hexes)
    code, lines = _check_logistics(p, "soviet", "Front@0103")
    assert code == 1
    assert lines[1] == ("  1.2.1 Logistics Marker Placement: place Logistics marker Front in 0103: no Russian HQ in or "
                        "adjacent to 0103 can trace an overland supply line to Russia (R-HQ2 in 0104: no supply source "
                        "of that country on the map; R-HQ1 in 0102: no supply source of that country on the map)")


def test_1_2_1_axis_logistics_on_ds_needs_a_japanese_ground_unit():
    """1.2.1 △ DS: the Axis Logistics marker goes in a City hex containing a Japanese ground unit."""
    code, res, err = run("check-logistics", EXAMPLES / "ds-axis-reveal.yaml", "--faction", "axis",
                         "--place-logistics", "IGHQ@0303", "--json")
    assert code == 1, err
    assert res["violations"] == [{"rule": "1.2.1", "title": "Logistics Marker Placement",
                                  "message": "place Logistics marker IGHQ in 0303: 0303 holds no Japanese ground unit"}]


TK_WESTERN = """
game: tk
turn: Mar-Apr 1943
war-state: total
factions:
  western:
    tk: {current: null, hand: []}
countries:
  US: {status: active, alignment: western}
  Britain: {status: active, alignment: western}
marker-pool:
  western: {logistics: [Western]}
map:
  boxes: [Eastern US/Canada]
  hexes:
    "0101": {country: Britain, city: true, supply-source: Britain, control: western, neighbours: [Eastern US/Canada]}
    "0103": {country: Britain, city: true, control: western, neighbours: [],
             units: [{id: US-C, faction: western, nationality: US, type: infantry, steps: 2}]}
"""


def test_1_2_1_western_logistics_on_tk_lists_every_supply_target(tmp_path):
    """1.2.1 △ TK: a cut-off US unit is not supplied; the ruling lists the Eastern US/Canada Box and the
    supply source in Great Britain it could have traced to."""
    p = tmp_path / "tk.yaml"
    p.write_text(TK_WESTERN)
    code, res, err = run("check-logistics", p, "--faction", "western", "--place-logistics", "Western@0103", "--json")
    assert code == 1, err
    assert res["violations"] == [{"rule": "1.2.1", "title": "Logistics Marker Placement",
                                  "message": "place Logistics marker Western in 0103: no US ground unit in 0103 is "
                                             "supplied (traced to a US supply source or Eastern US/Canada, 0101)"}]
