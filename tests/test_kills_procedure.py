"""Rulings the mutation run (seasonal, seed 3) left unchecked in solver/procedure.py, solver/logistics.py
and solver/war_state.py: the *1.1.4 ruling without an ESV table, the place named by a bad `previous`
(12), a Minor Country known only from the card (1.1.2.2), the Step 2 check of a faction with one map's
section (AE), the nationality and supply targets named by 1.2.1, the Truce marker removed in 12.3
Step 5 and the Turn Track written with a renamed calendar. Test-only positions; the German calendar
names are test-only data."""
from __future__ import annotations

import yaml

from .support.seasonal import EXAMPLES, run, write_state


def test_1_1_4_without_an_esv_table_the_adjustment_is_not_looked_up(tmp_path):
    """*1.1.4: with no esv-table in the state file the adjustment is None and the ESV stays as it is."""
    st = {"game": "ds", "turn": "Spring 1939", "war-state": "limited", "esv": 4,
          "factions": {"soviet": {"ds": {"current": None, "pending": 16, "hand": [24]}}}}
    code, res, err = run("reveal", write_state(tmp_path, "s.yaml", st), "--faction", "soviet", "--json")
    assert code == 0, err
    assert res["maps"]["ds"]["esv"] == {
        "rule": "*1.1.4", "adjustment": None, "esv-before": 4, "esv-after": 4,
        "message": "ds-soviet-16 Pre-War Production: Production Value 1, Limited War in effect in DS, no War marker "
                   "in the Soviet European War Box (No War column); the state file gives no esv-table, so the "
                   "adjustment could not be looked up"}


def test_12_no_going_back_names_previous_or_the_option(tmp_path):
    """12 "There is no going back to an earlier War State": the error names `previous:` or `--previous`."""
    prev = {"game": "ds", "turn": "Aug-Sept 1941", "war-state": "total", "european-war": "limited",
            "government": "navy",
            "factions": {"axis": {"ds": {"current": 11, "pending": "28a", "hand": [3, 8, 12, "33a", "28b"]}}}}
    prev_file = write_state(tmp_path, "prev.yaml", prev)
    p = write_state(tmp_path, "s.yaml", dict(prev, **{"turn": "Nov-Dec 1941", "war-state": "limited",
                                                      "previous": "prev.yaml"}))
    tail = "has Total War on the DS map and this position Limited War: there is no going back to an earlier War State (12)\n"
    assert run("reveal", p, "--faction", "axis") == (2, "", f"Error: {p}: previous: prev.yaml {tail}")
    assert run("reveal", p, "--faction", "axis", "--previous", prev_file) == (
        2, "", f"Error: {p}: --previous: {prev_file} {tail}")


def test_1_1_2_2_minor_country_counters_of_gamelin_line_need_an_active_western_france(tmp_path):
    """1.1.2.2: the card says France's counters are Minor Country counters; France (minor not written in
    countries) is not an active Western Minor Country, so they are not placed."""
    st = {"game": "tk", "turn": "Nov-Dec 1939", "war-state": "limited",
          "countries": {"France": {"status": "neutral", "alignment": "western"}},
          "factions": {"western": {"tk": {"current": None, "pending": "28a", "hand": [23]}}}}
    code, res, err = run("reveal", write_state(tmp_path, "s.yaml", st), "--faction", "western", "--json")
    assert code == 0, err
    assert res["maps"]["tk"]["reinforcements"] == [
        {"counter": f"French Fortress {i}", "country": "France", "to": "delay-box", "map": "tk", "received": False,
         "rule": "1.1.2.2",
         "message": f"French Fortress {i}: France is not an active Western Minor Country (status neutral, alignment western)"}
        for i in (1, 2, 3)]


def test_1_1_1_step2_check_of_a_faction_with_one_map_section_in_ae(tmp_path):
    """1.1.1 Step 2: in AE a faction with only a DS section has its DS Pending Card checked and revealed."""
    prev = {"game": "ae", "turn": "Aug-Sept 1941", "war-state": {"tk": "limited", "ds": "limited"},
            "factions": {"western": {"ds": {"pending": 27, "hand": [5]}}}}
    prev_file = write_state(tmp_path, "prev.yaml", prev)
    p = write_state(tmp_path, "s.yaml", dict(prev, turn="Nov-Dec 1941", previous="prev.yaml"))
    code, res, err = run("reveal", p, "--faction", "western", "--json")
    assert code == 0, err
    assert res["legal"] is True
    assert res["maps"]["ds"]["legal"] is True and res["maps"]["ds"]["violations"] == []
    assert [s["message"] for s in res["steps"]] == [
        "the Western faction has no TK section",
        "no Current Card to discard",
        f"ds-western-27 Commonwealth Support is revealed and becomes the Current Card; it was legally selected in "
        f"Aug-Sept 1941 (checked against {prev_file})"]


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


def _total_war(tmp_path, **extra):
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited", "european-war": "limited", "esv": 5,
          "factions": {"axis": {"ds": {"current": 11, "hand": [3]}}}, **extra}
    return write_state(tmp_path, "s.yaml", st)


def test_12_3_step_5_a_removed_truce_marker_leaves_the_posture_display(tmp_path):
    """12.3 Step 5: the Axis faction removes Russia's Truce marker; the written position no longer shows it."""
    p = _total_war(tmp_path, countries={"Russia": {"posture": "truce-affected", "status": "neutral", "alignment": "soviet"}})
    out = tmp_path / "out.yaml"
    code, _, err = run("war-state", p, "--to", "total", "--remove", "Russia", "--write", out)
    assert code == 0, err
    written = yaml.safe_load(out.read_text())
    assert written["countries"] == {"Russia": {"status": "neutral", "alignment": "soviet"}}


def test_12_3_steps_6_and_10_turn_track_written_with_a_renamed_calendar(tmp_path):
    """12.3 Steps 6 and 10 place markers on the Turn Track, written with the calendar's own names (1.1.3.3)."""
    p = _total_war(tmp_path, turn="Winter 1941",
                   interpretations={"calendar": ["Fruehling", "Sommer", "Herbst", "Winter"]})   # test-only names
    out = tmp_path / "out.yaml"
    code, _, err = run("war-state", p, "--to", "total", "--write", out)
    assert code == 0, err
    written = yaml.safe_load(out.read_text())
    assert written["turn-track"] == {"ds": {"Increase USCL": "Herbst 1942", "V-J Day": "Winter 1945"}}
