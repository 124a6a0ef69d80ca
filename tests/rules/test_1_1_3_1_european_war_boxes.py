"""* DS alone, 1.1.3.1 "European War": "European Limited War has occurred if *the European Limited War marker is
in a European War Box"; "European Total War has occurred if *a European Total War marker is in a European War Box".
The markers are the definition: derived once, from the boxes, and read by 1.1.3.1, *12.3 Step 8
("If European Total War is not already in effect, decrease the ESV by 2") and `show`; a `european-war:` key that
contradicts the boxes is an input error naming both. A file without such markers keeps its key.
"""
from __future__ import annotations

import pytest
import yaml

from aeref.model.files.load import load_position

from ..support.seasonal import ds_card_state, run, write_state

BOXES_TOTAL = {"western-european-war-box": ["European Total War"], "soviet-european-war-box": ["European Total War"]}
BOXES_LIMITED = {"Western European War Box": ["European Limited War"]}


def cash_and_carry(tmp_path, markers, **extra):
    """DS, Pre-War: Western 5 Cash & Carry Bill ("Pre-War is not in effect, or European Limited War has
    occurred", 1.1.3.1) in the hand, the markers given, no european-war key unless in ``extra``."""
    return write_state(tmp_path, "s.yaml", {
        "game": "ds", "turn": "Aug-Sept 1939", "war-state": "pre-war", "esv": 5,
        "factions": {"western": {"ds": {"hand": [5]}}}, "markers": markers, **extra})


@pytest.mark.parametrize("markers", [BOXES_LIMITED, BOXES_TOTAL])
def test_1_1_3_1_european_limited_war_from_the_marker_in_a_european_war_box(tmp_path, markers):
    """*1.1.3.1: the European Limited War marker (or a Total War one) in a European War Box: Cash & Carry Bill
    may be selected under Pre-War, with no european-war key."""
    p = cash_and_carry(tmp_path, markers)
    code, res, _ = run("check", p, "--faction", "western", "--ds", "5", "--json")
    assert code == 0 and res["legal"], res


def test_1_1_3_1_no_marker_in_the_boxes_no_european_war(tmp_path):
    """*1.1.3.1: no marker in a European War Box and no key: Cash & Carry Bill is illegal under Pre-War."""
    p = cash_and_carry(tmp_path, {"delay-box": ["European Limited War"]})    # not a European War Box
    code, res, _ = run("check", p, "--faction", "western", "--ds", "5", "--json")
    assert code == 1 and [v["rule"] for v in res["violations"]] == ["1.1.3.1"], res


def test_1_1_3_1_european_total_war_requirement_from_the_boxes(tmp_path):
    """*1.1.3.1: a card requiring European Total War, with European Total War markers in the boxes."""
    p = ds_card_state(tmp_path, [{"european-war": "total"}], markers=BOXES_TOTAL)
    assert run("check", p, "--faction", "axis", "--ds", "90")[0] == 0
    p = ds_card_state(tmp_path, [{"european-war": "total"}], markers=BOXES_LIMITED)
    assert run("check", p, "--faction", "axis", "--ds", "90")[0] == 1


def test_12_3_step_8_no_second_esv_decrease_when_the_boxes_show_european_total_war(tmp_path):
    """*12.3 Step 8: with European Total War markers in the boxes (and no key), `war-state --to total` does not
    decrease the ESV again (5 stays 5) nor place the markers a second time."""
    p = cash_and_carry(tmp_path, BOXES_TOTAL, countries={"Russia": {"posture": "war", "alignment": "soviet"}})
    code, res, err = run("war-state", p, "--to", "total", "--write", tmp_path / "t.yaml", "--json")
    assert code == 0, (res, err)
    (step8,) = [e for e in res["change"]["effects"] if e["rule"] == "*12.3 Step 8"]
    out = load_position(tmp_path / "t.yaml")
    assert out.seasonal.esv == 5
    written = yaml.safe_load((tmp_path / "t.yaml").read_text())["markers"]
    assert written["western-european-war-box"] == ["European Total War"], written
    assert step8["applies"] is False and "already in effect" in step8["message"], step8


def test_12_3_step_8_applies_once_and_its_markers_define_the_european_war(tmp_path):
    """*12.3 Step 8 from no European war: the ESV decreases by 2 and the markers go into the boxes; the written
    file, read again, is under European Total War (from the boxes) and a second change is refused or does
    not decrease the ESV again."""
    p = cash_and_carry(tmp_path, {}, countries={"Russia": {"posture": "war", "alignment": "soviet"}})
    assert run("war-state", p, "--to", "total", "--write", tmp_path / "t.yaml")[0] == 0
    out = load_position(tmp_path / "t.yaml")
    assert out.seasonal.esv == 3 and out.european_war == "total"
    data = yaml.safe_load((tmp_path / "t.yaml").read_text())
    data.pop("european-war", None)
    (tmp_path / "u.yaml").write_text(yaml.safe_dump(data))
    assert load_position(tmp_path / "u.yaml").european_war == "total"


def test_1_1_3_1_show_says_the_european_war_of_the_boxes(tmp_path):
    """*1.1.3.1 and `show`: the European war the boxes show, in text and JSON."""
    p = cash_and_carry(tmp_path, BOXES_LIMITED)
    code, res, _ = run("show", p, "--json")
    assert res["european-war"] == "limited"
    assert "European war Limited" in run("show", p)[1]


@pytest.mark.parametrize("key, markers, want", [("limited", BOXES_TOTAL, "total"), ("none", BOXES_LIMITED, "limited"),
                                                ("total", BOXES_LIMITED, "limited")])
def test_1_1_3_1_a_european_war_key_that_contradicts_the_boxes_is_an_input_error(tmp_path, key, markers, want):
    """*1.1.3.1: `european-war:` contradicting the European War Boxes: one Error line naming both, exit 2."""
    p = cash_and_carry(tmp_path, markers, **{"european-war": key})
    code, out, err = run("check", p, "--faction", "western", "--ds", "5")
    assert code == 2 and err.count("Error:") == 1, (out, err)
    assert f"european-war: {key} contradicts the markers" in err and "European War Box" in err
    assert f"write european-war: {want}" in err


def test_1_1_3_1_a_european_war_key_that_agrees_with_the_boxes_is_kept(tmp_path):
    """*1.1.3.1: the key and the boxes agreeing, or the key alone (no marker written), is read as it is."""
    assert load_position(cash_and_carry(tmp_path, BOXES_TOTAL, **{"european-war": "total"})).european_war == "total"
    assert load_position(cash_and_carry(tmp_path, {}, **{"european-war": "limited"})).european_war == "limited"
