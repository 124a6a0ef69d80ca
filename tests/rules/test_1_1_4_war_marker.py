"""*1.1.4 Soviet Current Card ESV Adjustment: "use the 'No War' adjustment if there is no War marker in the Soviet
European War Box. If there is a War marker there, use the 'War' adjustment instead." A War marker there is what
the one reading of the European War Boxes (``Markers.european_war_boxes``) says: the European Limited or Total
War marker (the markers 1.1.3.1 reads and *12.3 Step 8 places) or a marker written plainly ``War``; a marker in
another box (the Western European War Box, the Delay Box) is not in the Soviet European War Box.
The table lines are test data (the table is printed on the Soviet Force Pool)."""
from __future__ import annotations

import pytest

from aeref.model.files.load import load_position

from ..support.seasonal import run, write_state

TABLE = [{"war-state": "limited", "production": 1, "no-war": 1, "war": 0},
         {"war-state": "total", "production": 1, "no-war": 2, "war": -1}]


def soviet_reveals_card_16(tmp_path, markers=None, war_state="limited", name="s.yaml"):
    """DS alone, Spring 1939: the Soviet Pending Card is card 16 Pre-War Production (Production Value 1)."""
    st = {"game": "ds", "turn": "Spring 1939", "war-state": war_state, "esv": 4, "esv-table": TABLE,
          "factions": {"soviet": {"ds": {"current": None, "pending": 16, "hand": [24]}}}}
    if markers is not None:
        st["markers"] = markers
    return write_state(tmp_path, name, st)


def esv(tmp_path, markers=None, war_state="limited"):
    code, res, err = run("reveal", soviet_reveals_card_16(tmp_path, markers, war_state), "--faction", "soviet", "--json")
    assert code == 0, err
    return res["maps"]["ds"]["esv"]


def test_1_1_4_the_rules_example_no_war_marker_increases_the_esv_by_1(tmp_path):
    """*1.1.4 example: "In Spring 1939, the Soviet faction reveals card 16 Pre-War Production. Limited War is in
    effect in DS, and there is no War marker in the Soviet European War Box ... the ESV is increased by 1"."""
    got = esv(tmp_path)
    assert (got["rule"], got["adjustment"], got["esv-before"], got["esv-after"]) == ("*1.1.4", 1, 4, 5), got
    assert "no War marker in the Soviet European War Box (No War column)" in got["message"], got


@pytest.mark.parametrize("held", [["War"], ["European Limited War"], ["European Total War"], ["war"]])
def test_1_1_4_a_war_marker_in_the_soviet_european_war_box_uses_the_war_column(tmp_path, held):
    """*1.1.4: a War marker in the Soviet European War Box - written plainly ``War``, or the European Limited or
    Total War marker that 1.1.3.1 reads there - uses the "War" adjustment (0 on the test line)."""
    got = esv(tmp_path, {"soviet-european-war-box": held})
    assert got["adjustment"] == 0 and got["esv-after"] == 4, got
    assert "a War marker in the Soviet European War Box (War column)" in got["message"], got


@pytest.mark.parametrize("markers", [{"western-european-war-box": ["European Limited War"]},
                                     {"western-european-war-box": ["War"]}, {"delay-box": ["War"]},
                                     {"soviet-european-war-box": ["Neutrality Policy"]}, {}])
def test_1_1_4_no_war_marker_in_the_soviet_box_uses_the_no_war_column(tmp_path, markers):
    """*1.1.4: a War marker in another box (the Western European War Box, the Delay Box), another marker in
    the Soviet European War Box, or none: the "No War" adjustment (+1)."""
    got = esv(tmp_path, markers)
    assert got["adjustment"] == 1 and got["esv-after"] == 5, got


def test_1_1_4_after_12_3_step_8_the_soviet_box_holds_a_war_marker(tmp_path):
    """*12.3 Step 8 places European Total War markers in both Allied European War Boxes; the written file's
    Soviet box then holds a War marker for *1.1.4 (War column, -1 on the Total War test line) and shows
    European Total War for 1.1.3.1: one reading of the boxes for both."""
    p = soviet_reveals_card_16(tmp_path)
    data = load_position(p)
    assert data.markers.european_war_boxes()["soviet european war box"].war_marker is False
    code, _, err = run("war-state", p, "--to", "total", "--write", tmp_path / "t.yaml")
    assert code == 0, err
    after = load_position(tmp_path / "t.yaml")
    box = after.markers.european_war_boxes()["soviet european war box"]
    assert box.war_marker and box.shows == "total" and after.european_war == "total"
    code, res, err = run("reveal", tmp_path / "t.yaml", "--faction", "soviet", "--json")
    assert code == 0, err
    assert res["maps"]["ds"]["esv"]["adjustment"] == -1, res["maps"]["ds"]["esv"]


def test_1_1_3_1_a_plain_war_marker_says_no_european_war(tmp_path):
    """1.1.3.1 reads "the European Limited War marker" / "a European Total War marker": a marker written plainly
    ``War`` in the Soviet European War Box is a War marker for *1.1.4 but says neither war occurred."""
    pos = load_position(soviet_reveals_card_16(tmp_path, {"soviet-european-war-box": ["War"]}))
    boxes = pos.markers.european_war_boxes()
    assert set(boxes) == {"western european war box", "soviet european war box"}
    assert boxes["soviet european war box"].war_marker and boxes["soviet european war box"].shows is None
    assert boxes["western european war box"].markers == () and not boxes["western european war box"].war_marker
    assert pos.european_war == "none"
    code, res, _ = run("show", soviet_reveals_card_16(tmp_path, {"soviet-european-war-box": ["War"]}, name="u.yaml"),
                       "--json")
    assert code == 0 and res["european-war"] == "none", res


def test_1_1_3_1_each_box_shows_its_own_markers(tmp_path):
    """1.1.3.1 per box: the European Limited War marker in the Western box, European Total War in the Soviet
    box: each box shows its own, and the European war is the most either shows (total)."""
    pos = load_position(soviet_reveals_card_16(tmp_path, {"western-european-war-box": ["European Limited War"],
                                                          "soviet-european-war-box": ["European Total War"]}))
    boxes = pos.markers.european_war_boxes()
    assert boxes["western european war box"].shows == "limited" and boxes["soviet european war box"].shows == "total"
    assert pos.european_war == "total"
