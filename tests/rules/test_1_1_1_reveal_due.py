"""1.1.1 / 1.1.3: a reveal once a Seasonal Turn, the card selected in the turn before, and the next Seasonal
Turn only after every faction's reveal and Step 4 selection ("no card" said, 1.1.3, recorded as such).

Every writer refuses what `validate` would refuse: a reveal already made in a file (its Current Card would
be dated in the same Season as the card discarded before it) is refused with the reason, nothing written."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from aeref.model.files.load import load_position

from ..support import copy_examples
from ..support.seasonal import run


@pytest.fixture
def game(tmp_path, monkeypatch):
    copy_examples(tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _one_error(err: str, *words: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), err
    for w in words:
        assert w in lines[0], (w, lines[0])
    return lines[0]


@pytest.mark.parametrize("name, card, discarded, turn", [
    ("ae-aug-1941.yaml", "tk-axis-10 Demand Austria", "tk-axis-4a Nazi-Soviet Pact", "May-June 1941"),
    ("tk-1939.yaml", "tk-axis-10 Demand Austria", "tk-axis-3 Continuing Rearmament", "Nov-Dec 1938"),
])
def test_1_1_1_a_reveal_already_made_in_the_file_is_refused(game, name, card, discarded, turn):
    """1.1.1 Step 1-2: the file shows the Axis reveal of this Seasonal Turn made (the card discarded before the
    Current Card is dated the Season before): revealing again is refused, exit 2, one line with the reason,
    nothing written (it would write a file `validate` refuses: two cards dated one Season)."""
    code, out, err = run("reveal", f"examples/{name}", "-f", "axis", "--write", "out.yaml")
    assert code == 2 and not Path("out.yaml").exists(), out + err
    _one_error(err, "factions.axis.tk.current", f"{card} is already the Current Card", f"{discarded} was discarded",
               f"played: {turn}", "a faction reveals once a Seasonal Turn", "(1.1.1 Step 1)")


def test_1_1_1_a_reveal_after_the_step_4_selection_is_refused(game):
    """1.1.1: Step 4 (the selection, `selected: TURN`) comes after Step 2: a file holding this turn's
    selection has had its reveal."""
    run("select", "examples/ae-aug-1941.yaml", "--faction", "axis", "--tk", "22a", "--ds", "28b", "--write", "a.yaml")
    Path("a.yaml").write_text(Path("a.yaml").read_text().replace("        - {card: 4a, turn: May-June 1941}\n", ""))
    code, _, err = run("reveal", "a.yaml", "-f", "axis")
    _one_error(err, "selected its Pending Card tk-axis-22a Case Yellow on the TK map in Aug-Sept 1941",
               "it selects (1.1.1 Step 4) after its reveal (Step 2)")
    assert code == 2


def _two_turns(game) -> str:
    """The tutorial's Axis selection of Aug-Sept 1941 carried to Mar-Apr 1942 by hand (a reveal skipped)."""
    run("select", "examples/ae-aug-1941.yaml", "--faction", "axis", "--tk", "22a", "--ds", "28b", "--write", "a.yaml")
    data = yaml.safe_load(Path("a.yaml").read_text())
    data["turn"] = "Mar-Apr 1942"
    Path("late.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return "late.yaml"


def test_1_1_3_a_card_selected_two_seasonal_turns_before_is_refused_naming_both_turns(game):
    """1.1.3 "A Pending Card selected now is revealed at the next Seasonal Turn": a card selected in Aug-Sept
    1941 is revealed in Nov-Dec 1941; on the file of Mar-Apr 1942 its reveal is refused, exit 2, naming both
    turns (not "legally selected in Nov-Dec 1941")."""
    code, out, err = run("reveal", _two_turns(game), "-f", "axis", "--write", "out.yaml")
    assert code == 2 and not Path("out.yaml").exists(), out
    _one_error(err, "factions.axis.tk.selected", "made in Aug-Sept 1941", "this file is Mar-Apr 1942",
               "revealed in Nov-Dec 1941 (1.1.3)")


def test_1_1_1_next_turn_refuses_while_pending_cards_await_their_reveal(game):
    """1.1.1 Step 2: on a file whose Pending Cards were selected the Seasonal Turn before, `next-turn` would skip
    the reveal (the Current Card staying two Seasons): exit 2, `aeref reveal` first, nothing written."""
    code, out, err = run("next-turn", "examples/ds-axis-reveal.yaml", "--write", "x.yaml")
    assert code == 2 and not Path("x.yaml").exists(), out
    _one_error(err, "the Axis Pending Cards selected in Aug-Sept 1941 await their reveal in Nov-Dec 1941",
               "aeref reveal first")


def test_1_1_3_next_turn_refuses_while_a_faction_has_not_selected_naming_the_factions(game):
    """1.1.1 Step 4 / 1.1.3: `next-turn` waits for every faction's selection; exit 2 naming those that have not
    made it (the Axis selection made, the Western and Soviet not)."""
    code, _, err = run("next-turn", "examples/ae-aug-1941.yaml", "--write", "x.yaml")
    _one_error(err, "the Axis, Western and Soviet factions have not made their 1.1.1 Step 4 selection in Aug-Sept 1941")
    assert code == 2 and not Path("x.yaml").exists()
    run("select", "examples/ae-aug-1941.yaml", "--faction", "axis", "--tk", "22a", "--ds", "28b", "--write", "a.yaml")
    code, _, err = run("next-turn", "a.yaml", "--write", "x.yaml")
    _one_error(err, "the Western and Soviet factions have not made their", "aeref select --faction western")
    assert code == 2 and not Path("x.yaml").exists()


def _tk_no_card(game) -> str:
    """TK Mar-Apr 1939 (examples/tk-1939.yaml): the Axis selects 4a, the Western 28a, the Soviet (no Pre-War card
    in its hand, 1.1.3.2) says it selects none. Returns the last file."""
    run("select", "examples/tk-1939.yaml", "--faction", "axis", "--tk", "4a", "--write", "a.yaml")
    run("select", "a.yaml", "--faction", "western", "--tk", "28a", "--write", "w.yaml")
    code, out, err = run("select", "w.yaml", "--faction", "soviet", "--write", "s.yaml")
    assert code == 0, out + err
    assert "the Soviet faction selects no card (1.1.3), recorded as selected: Mar-Apr 1939" in out
    return "s.yaml"


def test_1_1_3_no_card_is_recorded_as_such_and_read_by_validate_show_and_next_turn(game):
    """1.1.3 "must say so": the Soviet "no card" selection is written `selected: Mar-Apr 1939` with no Pending
    Card (the Western file before it does not have it: not yet selected); `validate` accepts it, `show` says it,
    `next-turn` goes on, and the reveal says the faction selected no card; the key is spent with the reveal."""
    s = _tk_no_card(game)
    soviet = yaml.safe_load(Path(s).read_text())["factions"]["soviet"]["tk"]
    assert soviet.get("selected") == "Mar-Apr 1939" and "pending" not in soviet
    assert "selected" not in yaml.safe_load(Path("w.yaml").read_text())["factions"]["soviet"]["tk"]
    assert run("validate", s)[0] == 0
    code, shown, _ = run("show", s, "--json")
    assert code == 0 and shown["factions"]["soviet"]["tk"]["pending-selected"] == "Mar-Apr 1939"
    assert shown["factions"]["soviet"]["tk"]["pending"] is None
    code, text, _ = run("show", s)
    assert "no card (selected in Mar-Apr 1939, 1.1.3)" in text, text
    assert run("report", s, "-o", "s.html")[0] == 0
    assert "no card (selected in Mar-Apr 1939, 1.1.3)" in Path("s.html").read_text(encoding="utf-8")
    code, out, err = run("next-turn", s, "--write", "n.yaml")
    assert code == 0, err
    code, out, err = run("reveal", "n.yaml", "--faction", "all", "--write", "r.yaml")
    assert code == 0, err
    assert ("1.1.1 Step 2 Reveal the Pending Card: no Pending Card (it selected no card in Mar-Apr 1939): the Soviet "
            "faction has no TK Current Card this Season (1.1.3)") in out
    assert "selected" not in yaml.safe_load(Path("r.yaml").read_text())["factions"]["soviet"]["tk"]
    assert run("validate", "r.yaml")[0] == 0
    # 1.1.1: its "no card" reveal is made; revealing again is refused, though it would change nothing
    code, _, err = run("reveal", "r.yaml", "--faction", "soviet", "--write", "again.yaml")
    assert code == 2 and not Path("again.yaml").exists()
    _one_error(err, "the Soviet faction selected no card on the TK map in Mar-Apr 1939 (s.yaml)",
               "it has revealed in May-June 1939 already (1.1.1 Step 2)")


def test_1_1_3_no_card_said_is_final(game):
    """1.1.3 "Card selection is final": once the faction has said it selects no card, a card is refused."""
    code, out, _ = run("select", _tk_no_card(game), "--faction", "soviet", "--tk", "23", "--write", "again.yaml")
    assert code == 1 and "card selection is final" in out and not Path("again.yaml").exists()


def test_1_1_3_selected_without_a_pending_card_is_a_no_card_selection(game):
    """FORMAT: `selected:` without `pending:` is read as "no card" selected in that turn (1.1.3)."""
    data = yaml.safe_load(Path("examples/tk-1939.yaml").read_text())
    data["factions"]["soviet"]["tk"]["selected"] = "Mar-Apr 1939"
    Path("examples/s.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    pos = load_position("examples/s.yaml")
    assert pos.factions["soviet"]["tk"].selected is not None and pos.factions["soviet"]["tk"].pending is None
    assert run("validate", "examples/s.yaml")[0] == 0
