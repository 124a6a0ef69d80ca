"""1.1.2 Option Card Segment Actions: "if a card says to remove a certain type of card (for example, Axis Production
Directive cards) that exists in both the faction's hand and the discard pile, the faction must remove a card from its
hand."

Test-only data: the cards tk-axis-91..94 ("(test only)") are made up for these tests; the type of card,
Production Directive, is the one the rules text names."""
from __future__ import annotations

import yaml

from ..support.seasonal import run, write_state

CARDS = [
    {"map": "tk", "faction": "axis", "number": 91, "name": "Test Card Removing a Type (test only)", "war-state": "limited",
     "removes": [{"kind": "production-directive"}]},
    *({"map": "tk", "faction": "axis", "number": n, "name": f"Test Directive {n} (test only)", "war-state": "limited",
       "kinds": ["production-directive"]} for n in (92, 93, 94)),
    {"map": "tk", "faction": "axis", "number": 95, "name": "Test Other Card (test only)", "war-state": "limited"},
]


def _state(tmp_path, hand, played=(), name="s.yaml"):
    st = {"game": "tk", "turn": "Nov-Dec 1939", "war-state": "limited", "decks": [], "cards": CARDS,
          "factions": {"axis": {"tk": {"current": None, "pending": 91, "hand": list(hand),
                                       "played": [{"card": c, "turn": "Mar-Apr 1939"} for c in played]}}}}
    return write_state(tmp_path, name, st)


def _removal(res):
    [e] = res["maps"]["tk"]["removals"]
    return e


def test_1_1_2_the_only_card_of_the_type_in_the_hand_is_removed_not_the_discarded_one(tmp_path):
    """1.1.2: a Production Directive card in both the hand (92) and the discard pile (93): 92 is removed from the
    hand, and the written position has it removed."""
    p = _state(tmp_path, [92, 95], played=[93])
    out = tmp_path / "o.yaml"
    code, res, _ = run("reveal", p, "--faction", "axis", "--json", "--write", out)
    assert code == 0, res
    e = _removal(res)
    assert (e["from"], e["candidates"], e["removed"], e["rule"]) == ("hand", ["tk-axis-92"], "tk-axis-92", "1.1.2")
    assert e["discard-pile"] == ["tk-axis-93"]
    w = yaml.safe_load(out.read_text())["factions"]["axis"]["tk"]
    assert w["hand"] == [95] and w["removed"] == [92]


def test_1_1_2_from_the_discard_pile_when_the_hand_holds_none(tmp_path):
    """1.1.2 "An option card may be played even if a required card has already been discarded": with no card of the
    type in the hand, the one in the discard pile (93) is the card removed."""
    p = _state(tmp_path, [95], played=[93])
    code, res, _ = run("reveal", p, "--faction", "axis", "--json", "--write", tmp_path / "o.yaml")
    e = _removal(res)
    assert (e["from"], e["removed"]) == ("discard-pile", "tk-axis-93")
    w = yaml.safe_load((tmp_path / "o.yaml").read_text())["factions"]["axis"]["tk"]
    assert w["removed"] == [93] and w["played"] == [{"card": 93, "turn": "Mar-Apr 1939"}]


def test_1_1_2_several_in_the_hand_the_player_chooses(tmp_path):
    """1.1.2: two cards of the type in the hand: reveal lists both; --remove-card 94 removes 94; without a choice
    --write refuses (one Error line, exit 2, nothing written)."""
    p = _state(tmp_path, [92, 94], played=[93])
    code, res, _ = run("reveal", p, "--faction", "axis", "--json")
    e = _removal(res)
    assert e["candidates"] == ["tk-axis-92", "tk-axis-94"] and e["removed"] is None
    code, out, err = run("reveal", p, "--faction", "axis", "--write", tmp_path / "none.yaml")
    assert code == 2 and err.startswith("Error: --write:") and "--remove-card" in err
    assert not (tmp_path / "none.yaml").exists()
    code, res, _ = run("reveal", p, "--faction", "axis", "--json", "--remove-card", "94", "--write", tmp_path / "o.yaml")
    assert code == 0 and _removal(res)["removed"] == "tk-axis-94"
    w = yaml.safe_load((tmp_path / "o.yaml").read_text())["factions"]["axis"]["tk"]
    assert w["hand"] == [92] and w["removed"] == [94]


def test_1_1_2_removal_from_the_discard_pile_refused_while_the_hand_holds_one(tmp_path):
    """1.1.2 "the faction must remove a card from its hand": --remove-card 93 (discard pile) while the hand holds
    92 is refused with both card ids, exit 1, nothing written."""
    p = _state(tmp_path, [92], played=[93])
    code, out, _ = run("reveal", p, "--faction", "axis", "--remove-card", "93", "--write", tmp_path / "o.yaml")
    assert code == 1
    assert "Refused: 1.1.2 Remove a type of card: tk-axis-93" in out and "tk-axis-92" in out
    assert not (tmp_path / "o.yaml").exists()


def test_1_1_2_no_card_of_the_type_nothing_to_remove(tmp_path):
    """1.1.2 "An option card may be played even if a required card has already been discarded": with no card of
    the type anywhere, the card is played and nothing is removed."""
    p = _state(tmp_path, [95])
    code, res, _ = run("reveal", p, "--faction", "axis", "--json")
    assert code == 0 and _removal(res)["removed"] is None and "nothing to remove" in _removal(res)["message"]


def test_1_1_2_an_illegal_card_performs_no_action(tmp_path):
    """1.1.1 Step 2/3: an illegal Current Card returns to the hand; its actions (1.1.2) are not performed."""
    prev = {"game": "tk", "turn": "Aug-Sept 1939", "war-state": "pre-war", "decks": [], "cards": CARDS,
            "factions": {"axis": {"tk": {"current": None, "pending": 91, "hand": [92]}}}}
    write_state(tmp_path, "prev.yaml", prev)
    st = dict(prev, turn="Nov-Dec 1939", previous="prev.yaml")
    p = write_state(tmp_path, "s.yaml", st)
    code, res, _ = run("reveal", p, "--faction", "axis", "--json")
    assert code == 1 and "removals" not in res["maps"]["tk"]
