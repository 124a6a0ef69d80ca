"""1.1.1 Step 2 and Step 4: a card returned to the hand (an illegal Current Card "must immediately return ... to
its hand") and chosen again for "his next Seasonal Phase" is a new selection.

TK, the Axis Pending Card TK 11 Demand Denmark was selected in Aug-Sept 1938 behind the Current Card 10 Demand
Austria (1.1.3.3 Sequential: illegal, written by hand); at the Nov-Dec 1938 reveal it returns to the hand; the
Axis selects it again, legally now. `show` says it was selected in Nov-Dec 1938 and is revealed in Mar-Apr
1939, `pairs` binds the faction to it (no "reveal first"); the turn is the file's `selected:`, written by
`select`. A file without `selected:` keeps the earlier reading (from `previous:`).
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from aeref.model.files.load import load_position

from ..support import copy_examples
from ..support.seasonal import run

AUG = """\
game: tk
turn: Aug-Sept 1938
decks: [examples/decks/axis.yaml]
war-state: pre-war
factions:
  axis:
    tk: {current: 10, pending: 11, hand: [3]}
"""


@pytest.fixture
def again(tmp_path, monkeypatch):
    """aug.yaml -> nov.yaml (next-turn) -> rev.yaml (reveal: 11 illegal, back in the hand) -> again.yaml
    (select 11 again in Nov-Dec 1938)."""
    copy_examples(tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    Path("aug.yaml").write_text(AUG)
    assert run("next-turn", "aug.yaml", "--write", "nov.yaml")[0] == 0
    code, out, err = run("reveal", "nov.yaml", "--faction", "axis", "--write", "rev.yaml")
    assert "it returns to the hand" in out, (out, err)
    code, out, err = run("select", "rev.yaml", "--faction", "axis", "--tk", "11", "--write", "again.yaml")
    assert code == 0, (out, err)
    return "again.yaml"


def test_1_1_1_step_4_a_card_selected_again_after_its_return_is_a_new_selection(again):
    """1.1.1 Step 2/4: `select` records `selected: Nov-Dec 1938`; the card does not await a reveal in Nov-Dec
    1938 (show: selected in Nov-Dec 1938, revealed in Mar-Apr 1939)."""
    assert yaml.safe_load(Path(again).read_text())["factions"]["axis"]["tk"]["selected"] == "Nov-Dec 1938"
    pos = load_position(again)
    assert pos.awaiting_reveal("axis") == {}
    code, out, _ = run("show", again)
    assert "Pending Card  11 Demand Denmark (selected in Nov-Dec 1938, revealed in Mar-Apr 1939)" in out, out
    assert "awaits its reveal" not in out
    code, res, _ = run("show", again, "--json")
    d = res["factions"]["axis"]["tk"]
    assert d["pending-awaits-reveal"] is False and d["pending-selected"] == "Nov-Dec 1938"


def test_1_1_3_final_pairs_of_a_card_selected_again_does_not_ask_for_a_reveal(again):
    """1.1.3 Final: the faction is bound to the card it selected this turn; `pairs` does not tell it to reveal."""
    code, out, _ = run("pairs", again, "--faction", "axis")
    assert "has already selected its Pending Cards (TK 11 Demand Denmark)" in out, out
    assert "aeref reveal" not in out and "await" not in out


def test_1_1_1_step_2_the_card_selected_again_awaits_its_reveal_in_the_next_turn(again):
    """1.1.1 Step 2: in Mar-Apr 1939 the card selected in Nov-Dec 1938 awaits its reveal, and the ruling says
    when it was selected."""
    assert run("next-turn", again, "--write", "mar.yaml")[0] == 0
    assert load_position("mar.yaml").awaiting_reveal("axis") == {"tk": "tk-axis-11"}
    code, out, _ = run("pairs", "mar.yaml", "--faction", "axis")
    assert "selected its Pending Cards (TK 11 Demand Denmark) in Nov-Dec 1938; they await their reveal" in out


def test_1_1_1_a_file_without_selected_keeps_the_reading_from_previous(again):
    """FORMAT 4 files written before `selected:`: the same Pending Card as `previous:` awaits its reveal."""
    data = yaml.safe_load(Path(again).read_text())
    del data["factions"]["axis"]["tk"]["selected"]
    data["previous"] = "aug.yaml"
    Path("old.yaml").write_text(yaml.safe_dump(data))
    assert load_position("old.yaml").awaiting_reveal("axis") == {"tk": "tk-axis-11"}


@pytest.mark.parametrize("sec, where", [({"pending": 11, "selected": "Mar-Apr 1939"}, "after the current turn")])
def test_1_1_1_selected_turn_bad_input(tmp_path, monkeypatch, sec, where):
    """`selected:` is a turn not after the file's turn: else one Error line, exit 2 (without a Pending Card it
    records a "no card" selection, 1.1.3: tests/rules/test_1_1_3_no_card.py)."""
    copy_examples(tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    Path("bad.yaml").write_text(AUG.replace("Aug-Sept 1938", "Nov-Dec 1938").replace(
        "{current: 10, pending: 11, hand: [3]}", yaml.safe_dump({"current": 10, "hand": [3], **sec},
                                                                 default_flow_style=True).strip()))
    code, out, err = run("validate", "bad.yaml")
    assert code == 2 and "factions.axis.tk.selected" in err and where in err, (out, err)
