"""Supply lines, adjacency and Off-Map Box names on the map (model/board.py), country entries per map
(model/countries.py) and markers per map (model/markers.py), as a player sees them: the 1.2.1 rulings of
`aeref check-logistics` word for word, the problems `aeref validate` reports, the state file
`aeref next-turn` writes, and :meth:`Position.country` in AE. The maps are test-only data."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from aeref.model.position import load_position

from .support.seasonal import run, write_state

HQ = {"faction": "soviet", "nationality": "Russia", "type": "hq", "steps": 2}


def _state(tmp_path, game, *, hexes=None, boxes=None, pool=None, **extra) -> Path:
    """A position of ``game`` with every faction, no cards, and (when given) a map and a marker pool."""
    maps = ["tk", "ds"] if game == "ae" else [game]
    st = {"game": game, "turn": "May-June 1942",
          "war-state": {m: "total" for m in maps} if game == "ae" else "total", "decks": [],
          "factions": {f: {m: {"hand": []} for m in maps} for f in ("axis", "western", "soviet")}}
    if pool is not None:
        st["marker-pool"] = pool
    if hexes is not None:
        st["map"] = {"hexes": hexes, **({"boxes": boxes} if boxes else {})}
    st.update(extra)
    return write_state(tmp_path, "s.yaml", st)


def _check_logistics(path, faction, placement):
    code, out, err = run("check-logistics", path, "--faction", faction, "--place-logistics", placement)
    assert code in (0, 1), err
    return code, out.splitlines()


def _german(uid):
    return {"id": uid, "faction": "axis", "nationality": "Germany", "type": "infantry"}


# --------------------------------------------------------------------------- supply lines (1.2.1)

def test_1_2_1_axis_no_supply_source_in_germany_on_the_map(tmp_path):
    """1.2.1 (TK Axis): with no supply source in Germany on the map no German unit can trace to one."""
    p = _state(tmp_path, "tk", pool={"axis": {"logistics": ["OKW"]}},
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
    p = _state(tmp_path, "tk", pool={"axis": {"logistics": ["OKW"]}}, hexes=hexes)
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
    p = _state(tmp_path, "tk", pool={"axis": {"logistics": ["OKW"]}}, hexes=hexes)
    code, lines = _check_logistics(p, "axis", "OKW@2315")
    assert code == 1
    assert lines[1] == ("  1.2.1 Logistics Marker Placement: place Logistics marker OKW in 2315: no German ground unit "
                        "in 2315 can trace an overland supply line to a supply source in Germany "
                        "(G-1: no line of neighbouring hexes runs from 2315 to 2400, 2401, 2402, 2403, 2404)")


def test_1_2_1_western_us_unit_traces_to_the_western_us_box_written_with_box(tmp_path):
    """DS 1.2.1 / 1.3.4: a US unit next to the Western US Off-Map Box, written "Western US Box", is supplied."""
    hexes = {"0601": {"country": "Philippines", "city": True, "neighbours": ["Western US Box"],
                      "units": [{"id": "US-2", "faction": "western", "nationality": "US", "type": "infantry"}]}}
    p = _state(tmp_path, "ds", pool={"western": {"logistics": ["W-Log"]}}, hexes=hexes, boxes=["Western US Box"])
    code, lines = _check_logistics(p, "western", "W-Log@0601")
    assert (code, lines) == (0, ["Legal: Western DS Logistics / Partisan Segment: place Logistics marker W-Log in 0601"])


def test_1_2_1_soviet_hqs_adjacent_to_the_hex_in_the_order_it_lists_its_neighbours(tmp_path):
    """1.2.1 (Soviet): the Russian HQs in or adjacent to the hex, named in the order the hex lists its neighbours."""
    hexes = {"0103": {"country": "Russia", "rail": True, "neighbours": ["0104", "0102"]},
             "0102": {"country": "Russia", "neighbours": ["0103"], "units": [{"id": "R-HQ1", **HQ}]},
             "0104": {"country": "Russia", "neighbours": ["0103"], "units": [{"id": "R-HQ2", **HQ}]}}
    p = _state(tmp_path, "tk", pool={"soviet": {"logistics": ["Front"]}}, hexes=hexes)
    code, lines = _check_logistics(p, "soviet", "Front@0103")
    assert code == 1
    assert lines[1] == ("  1.2.1 Logistics Marker Placement: place Logistics marker Front in 0103: no Russian HQ in or "
                        "adjacent to 0103 can trace an overland supply line to Russia (R-HQ2 in 0104: no supply source "
                        "of that country on the map; R-HQ1 in 0102: no supply source of that country on the map)")


# --------------------------------------------------------------------------- countries per map (FORMAT 4)

def test_12_policy_marker_on_the_ds_display_checked_after_a_tk_section_not_in_play(tmp_path):
    """© 12 / FORMAT 4 "AE, per map": in DS alone a `tk:` section is reported, and the `ds:` section is still read
    (a Neutrality Policy marker makes a Policy Affected Country)."""
    p = _state(tmp_path, "ds", countries={"Russia": {"tk": {"posture": "war"},
                                                     "ds": {"policy": "neutrality", "posture": "war"}}})
    code, out, _ = run("validate", p, "--json")
    assert code == 2
    res = json.loads(out)
    assert res["problems"] == [
        {"file": str(p), "where": "countries.Russia.tk", "message": "map tk is not in play (maps: ds)"},
        {"file": str(p), "where": "countries.Russia.ds.posture",
         "message": "Russia has a Neutrality Policy marker, which makes it a Policy Affected Country, but its posture is war"}]


def test_12_ae_country_without_a_map_only_when_both_displays_agree(tmp_path):
    """© 12 (each map its own Posture Display): in AE a country may be looked up without a map only when both
    displays show it alike; else Position.country raises ValueError."""
    p = _state(tmp_path, "ae", countries={
        "Russia": {"alignment": "soviet", "tk": {"posture": "war"}, "ds": {"posture": "war"}},
        "Britain": {"alignment": "western", "posture": "war"},
        "India": {"map": "ds", "dependent-of": "Britain"}})
    pos = load_position(p)
    assert pos.country("Britain").alignment == "western"
    for name in ("Russia", "India"):
        with pytest.raises(ValueError) as exc:
            pos.country(name)
        assert str(exc.value) == f"{name} is shown differently on the TK and DS displays: name the map"


# --------------------------------------------------------------------------- markers per map (FORMAT 4)

def test_1_1_3_1_marker_in_a_box_written_under_the_one_maps_section(tmp_path):
    """1.1.3.1 marker requirement: in DS alone, `markers: {ds: {strategic-warfare-box: [...]}}` puts the marker in
    the Strategic Warfare Box as the unnamed keys do."""
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited", "government": "navy",
          "factions": {"axis": {"ds": {"hand": [90]}}},
          "cards": [{"map": "ds", "faction": "axis", "number": 90, "name": "Test Only Card", "war-state": "pre-war",
                     "requires": [{"marker": {"name": "US Victory Program", "in": "strategic-warfare-box"}}]}],
          "markers": {"delay-box": ["Quit India"], "ds": {"strategic-warfare-box": ["US Victory Program"]}}}
    p = write_state(tmp_path, "s.yaml", st)
    code, res, err = run("check", p, "--faction", "axis", "--ds", "90", "--json")
    assert (code, res["legal"], res["violations"]) == (0, True, []), err


def test_12_ae_vp_marker_side_names_its_map(tmp_path):
    """© 12 (each map its own VP marker): a Rising Sun VP marker written under `tk:` is reported."""
    p = _state(tmp_path, "ae", markers={"tk": {"vp": {"side": "rising-sun", "box": 1}}})
    code, out, _ = run("validate", p, "--json")
    assert code == 2
    res = json.loads(out)
    assert res["problems"] == [{"file": str(p), "where": "markers.tk.vp.side",
                                "message": "the Rising Sun side of the VP marker is the DS map's, not the TK map's "
                                           "(Axis Tide: TK, Rising Sun: DS)"}]


@pytest.mark.parametrize("game,markers", [
    ("ds", {"strategic-warfare-box": ["US Victory Program"], "vp": {"side": "rising-sun", "box": 1}}),
    ("ae", {"delay-box": ["Quit India"],
            "tk": {"strategic-warfare-box": ["US Victory Program"], "vp": {"side": "axis-tide", "box": 2}}}),
])
def test_1_1_1_next_turn_writes_the_markers_as_read(tmp_path, game, markers):
    """1.1.1 (`aeref next-turn`): the written state file keeps the `markers:` section, box names with hyphens."""
    p = _state(tmp_path, game, markers=markers)
    out = tmp_path / "next.yaml"
    code, _, err = run("next-turn", p, "--write", out)
    assert code == 0, err
    assert yaml.safe_load(out.read_text())["markers"] == markers
