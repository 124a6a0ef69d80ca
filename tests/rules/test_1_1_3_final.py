"""1.1.3 "Card selection is final. Once a faction has selected a card and placed it as its Pending Card, it is
bound to that card": bound to the card it PLACED, not to a slot it left open.

AE, the tutorial position (examples/ae-aug-1941.yaml): the Axis faction has placed TK 22a Case Yellow and no DS
card yet (its DS hand holds 28b, 28a and 12, and DS 12 cannot follow the Current Card 11 Diplomatic Overtures,
1.1.3.3). `pairs` lists the completions, `check` rules the open slot against the bound card, `select --ds`
fills the open slot and keeps TK 22a, and a `check` that changes the placed card is illegal and names it.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from aeref.model.files.load import load_position
from aeref.solver.selection.choices import enumerate_choices
from aeref.solver.selection.rules import legal_choices_direct

from ..support import copy_examples
from ..support.seasonal import run

TK22A, DS28A, DS28B = "tk-axis-22a", "ds-axis-28a", "ds-axis-28b"


@pytest.fixture
def placed(tmp_path, monkeypatch):
    """The tutorial position with the Axis TK Pending Card 22a placed and the DS slot left open."""
    copy_examples(tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    data = yaml.safe_load(Path("examples/ae-aug-1941.yaml").read_text())
    axis = data["factions"]["axis"]["tk"]
    axis["pending"], axis["hand"] = "22a", [11]
    Path("examples/placed.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return "examples/placed.yaml"


def test_1_1_3_final_binds_the_placed_card_pairs_lists_the_completions(placed):
    """1.1.3 Final: `pairs` lists TK 22a with each DS card that fits (and not "no DS card": a DS card fits,
    interpretation empty-slot=forced); direct evaluation and CP-SAT agree; TK 11 is excluded by Final."""
    code, out, _ = run("pairs", placed, "--faction", "axis", "--json")
    assert code == 0
    assert out["choices"] == [{"tk": TK22A, "ds": DS28A}, {"tk": TK22A, "ds": DS28B}], out
    assert out["selection-made"] == {"tk": TK22A}
    excluded = {e["card"]: e for e in out["excluded"]}
    assert excluded["tk-axis-11"]["rules"][0]["title"] == "Card Selection Is Final"
    pos = load_position(placed)
    solved, complete = enumerate_choices(pos, "axis")
    assert complete and solved == legal_choices_direct(pos, "axis") == out["choices"]
    code, text, _ = run("pairs", placed, "--faction", "axis")
    assert "has placed TK 22a Case Yellow, which binds it; only its DS slot is still open" in text


def test_1_1_3_final_no_ds_card_where_1_1_3_allows(placed):
    """1.1.3 (empty-slot=voluntary): TK 22a with no DS card is a completion too."""
    code, out, _ = run("pairs", placed, "--faction", "axis", "--json", "-i", "empty-slot=voluntary")
    assert {"tk": TK22A, "ds": None} in out["choices"] and len(out["choices"]) == 3, out


def test_1_1_3_final_check_rules_the_open_slot_against_the_bound_card(placed):
    """1.1.3 Final: `check --ds 28a` rules TK 22a + DS 28a (legal); `check` with no card rules TK 22a and an
    empty DS slot (illegal by 1.1.3 No Pending Card: DS 28a fits), not by Final."""
    code, out, _ = run("check", placed, "--faction", "axis", "--ds", "28a")
    assert code == 0 and "Legal: Axis Pending Cards TK 22a Case Yellow, DS 28a East Wind Rain" in out
    code, res, _ = run("check", placed, "--faction", "axis", "--json")
    assert code == 1 and [v["title"] for v in res["violations"]] == ["No Pending Card"], res


def test_1_1_3_final_a_check_that_changes_the_placed_card_names_the_card_that_binds(placed):
    """1.1.3 Final: `check --tk 11 --ds 28b` is illegal by Card Selection Is Final, naming TK 22a."""
    code, res, _ = run("check", placed, "--faction", "axis", "--tk", "11", "--ds", "28b", "--json")
    assert code == 1
    final = [v for v in res["violations"] if v["title"] == "Card Selection Is Final"]
    assert final and "has placed tk-axis-22a Case Yellow on TK, which binds it" in final[0]["message"], res


def test_1_1_3_final_select_fills_the_open_slot_and_keeps_the_placed_card(placed):
    """1.1.3 Final, 1.1.1 Step 4: `select --ds 28b` places DS 28b and keeps TK 22a; the turn of the
    selection is recorded; a second select (no slot open) is refused by Final."""
    code, res, _ = run("select", placed, "--faction", "axis", "--ds", "28b", "--write", "both.yaml", "--json")
    assert code == 0 and res["legal"] and res["pending"] == {"tk": TK22A, "ds": DS28B}, res
    pos = load_position("both.yaml")
    assert (pos.factions["axis"]["tk"].pending, pos.factions["axis"]["ds"].pending) == (TK22A, DS28B)
    assert str(pos.factions["axis"]["ds"].selected) == "Aug-Sept 1941"
    assert DS28B not in pos.hand("axis", "ds")
    code, res, _ = run("select", "both.yaml", "--faction", "axis", "--ds", "28a", "--write", "again.yaml", "--json")
    assert code == 1 and res["violations"][0]["title"] == "Card Selection Is Final"
    assert not Path("again.yaml").exists()


def test_1_1_3_final_select_that_changes_the_placed_card_is_refused(placed):
    """1.1.3 Final: `select --tk 11 --ds 28b` would change the placed TK 22a: refused, nothing written."""
    code, res, _ = run("select", placed, "--faction", "axis", "--tk", "11", "--ds", "28b", "--write", "x.yaml", "--json")
    assert code == 1 and "Card Selection Is Final" in [v["title"] for v in res["violations"]]
    assert not Path("x.yaml").exists()
