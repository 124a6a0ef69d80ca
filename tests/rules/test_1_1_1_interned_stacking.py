"""1.1.1 Step 2 repatriates interned units "as per Placing Replacements (1.3.4)", which the stacking limits of 9.1
bound: "an HQ cannot stack with another HQ, a Fortress not with another Fortress" (rules/README, 9.1). The rows
are those `replacements` uses (solver/replacements/rules.py), written once.

Test-only data: the card (tk-axis-90), hex numbers and units are made up for these tests."""
from __future__ import annotations

from pathlib import Path

import pytest

from aeref.solver.option_cards import repatriation
from aeref.solver.replacements import rules as replacement_rules

from ..support.seasonal import run, write_state

CARD = {"map": "tk", "faction": "axis", "number": 90, "name": "Test Card Carrying Interned Units (test only)",
        "war-state": "limited"}


def _unit(uid, kind):
    return {"id": uid, "faction": "axis", "nationality": "Germany", "type": kind}


def _state(tmp_path, interned, hexes):
    st = {"game": "tk", "turn": "Nov-Dec 1939", "war-state": "limited", "decks": [], "cards": [CARD],
          "factions": {"axis": {"tk": {"current": None, "pending": 90, "hand": [],
                                       "interned": [{k: v for k, v in u.items() if k != "faction"} for u in interned]}}},
          "countries": {"Germany": {"alignment": "axis", "status": "active", "posture": "war"}},
          "map": {"hexes": hexes}}
    return write_state(tmp_path, "s.yaml", st)


def _city(hid, *units, near=()):
    return {"country": "Germany", "city": True, "control": "axis", "neighbours": list(near), "units": list(units)}


def test_9_1_the_placing_rules_are_the_replacements_rows():
    """One definition: the 9.1 rows of repatriation are the rows `replacements` rules with."""
    for row in replacement_rules.STACKING_9_1:
        assert row in repatriation.PLACING and row in replacement_rules.RULES
    assert {r.title for r in replacement_rules.STACKING_9_1} == {"Minor Country Stacking", "HQ and Fortress Stacking"}


def test_1_1_1_step_2_the_best_placement_puts_no_hq_with_another_hq(tmp_path):
    """9.1: the interned HQ G-HQ2 may go to 2315 or 2318 (German Cities, 1.3.4); 2315 holds the HQ G-HQ1, so the
    best placement puts it in 2318, and the interned Fortress G-F2 (2318 holds the Fortress G-FT) in 2315."""
    p = _state(tmp_path, [_unit("G-HQ2", "hq"), _unit("G-F2", "fortress")],
               {"2315": _city("2315", _unit("G-HQ1", "hq"), near=["2318"]),
                "2318": _city("2318", _unit("G-FT", "fortress"), near=["2315"])})
    code, res, err = run("reveal", p, "--faction", "axis", "--json")
    assert code == 0, err
    placed = {x["unit"]: x["location"] for x in res["maps"]["tk"]["repatriated"]}
    assert placed == {"G-HQ2": "2318", "G-F2": "2315"}, res["maps"]["tk"]["repatriated"]


def test_1_1_1_step_2_an_hq_with_no_location_free_of_an_hq_is_not_placed(tmp_path):
    """9.1: the only German City (2315) holds the HQ G-HQ1: the interned HQ is not placed (interpretation
    unplaced-interned: the Force Pool), and the reason names 9.1."""
    p = _state(tmp_path, [_unit("G-HQ2", "hq")], {"2315": _city("2315", _unit("G-HQ1", "hq"))})
    code, res, err = run("reveal", p, "--faction", "axis", "--json")
    assert code == 0, err
    [x] = res["maps"]["tk"]["repatriated"]
    assert x["location"] is None and x["fate"] == "force-pool" and "9.1" in x["message"], x


@pytest.mark.parametrize("unit, kind, hexid, there", [("G-F2", "fortress", "2318", "G-FT"), ("G-HQ2", "hq", "2315", "G-HQ1")])
def test_1_1_1_step_2_a_player_placement_breaking_9_1_is_refused(tmp_path, unit, kind, hexid, there):
    """9.1: `--repatriate G-F2=2318` onto the Fortress G-FT (and an HQ onto an HQ) is refused with the rule and
    the values, exit 1, nothing written."""
    p = _state(tmp_path, [_unit(unit, kind)],
               {"2315": _city("2315", _unit("G-HQ1", "hq"), near=["2318"]),
                "2318": _city("2318", _unit("G-FT", "fortress"), near=["2315"])})
    out = tmp_path / "o.yaml"
    code, text, err = run("reveal", p, "--faction", "axis", "--repatriate", f"{unit}={hexid}", "--write", out)
    assert code == 1 and not Path(out).exists(), text + err
    name = "an HQ" if kind == "hq" else "a Fortress"
    assert f"9.1 HQ and Fortress Stacking: {hexid} holds the" in text and there in text, text
    assert f"{name} cannot stack with another" in text and "Nothing written" in text
