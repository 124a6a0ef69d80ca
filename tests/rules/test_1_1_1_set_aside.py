"""1.1.1 Steps 1 and 2 as selection rules: cards that have left the deck cannot be selected."""
from pathlib import Path

from aeref.model.files.load import load_position
from aeref.solver.selection.choices import enumerate_choices
from aeref.solver.selection.rules import check

DECKS = Path(__file__).resolve().parents[2] / "examples" / "decks"


def _pos(tmp_path, text):
    p = tmp_path / "state.yaml"
    p.write_text(text.replace("DECKS", str(DECKS)))
    return load_position(p)


def test_1_1_1_step_2_twin_of_a_played_combined_card_is_removed(tmp_path):
    """© Example: the Soviets reveal TK 26b Siberian Reserves Released, so DS 11b is removed."""
    pos = _pos(tmp_path, """
game: ae
turn: Nov-Dec 1941
decks: [DECKS/soviet.yaml]
war-state: {tk: total, ds: limited}
factions:
  soviet:
    tk: {current: 26b, hand: [38, 39]}
    ds: {hand: [11b, 24]}
""")
    r = check(pos, "soviet", {"tk": "tk-soviet-39", "ds": "ds-soviet-11b"})
    assert not r.legal
    assert [(v.rule, v.title) for v in r.violations] == [("1.1.1", "Option Card Procedure")]
    assert "tk-soviet-26b" in r.violations[0].message and "removed" in r.violations[0].message
    choices, _ = enumerate_choices(pos, "soviet")
    assert all(ch["ds"] != "ds-soviet-11b" for ch in choices)
    assert any(ch["ds"] == "ds-soviet-24" for ch in choices)
    # only the identically named card of the other deck is removed: DS 24 is another card
    assert check(pos, "soviet", {"tk": "tk-soviet-39", "ds": "ds-soviet-24"}).legal


def test_1_1_1_step_2_removes_only_the_namesake_in_the_other_deck(tmp_path):
    """© 1.1.1 Step 2 "it must remove the identically named card found in its other deck": a © card of the
    same deck with the same name (test-only cards) is not removed - in TK alone, where there is no other
    deck, nor in AE - while in AE the namesake in the DS deck is."""
    cards = """
cards:
  - {map: tk, faction: western, number: 40, name: Test Only Namesake, war-state: pre-war, combined: true, recyclable: true}
  - {map: tk, faction: western, number: 41, name: Test Only Namesake, war-state: pre-war, combined: true}
  - {map: ds, faction: western, number: 42, name: Test Only Namesake, war-state: pre-war, combined: true}
"""
    tk = _pos(tmp_path, "game: tk\nturn: Mar-Apr 1939\nwar-state: pre-war\nfactions:\n  western:\n"
              "    tk: {current: 40, hand: [41]}\n" + cards)
    assert check(tk, "western", {"tk": "tk-western-41"}).legal
    ae = _pos(tmp_path, "game: ae\nturn: Mar-Apr 1939\nwar-state: {tk: pre-war, ds: pre-war}\nfactions:\n  western:\n"
              "    tk: {current: 40, hand: [41]}\n    ds: {hand: [42]}\n" + cards)
    assert check(ae, "western", {"tk": "tk-western-41", "ds": None}).legal
    r = check(ae, "western", {"tk": None, "ds": "ds-western-42"})
    assert [(v.rule, v.title) for v in r.violations] == [("1.1.1", "Option Card Procedure")]
    assert "tk-western-40" in r.violations[0].message


def test_1_1_1_step_1_played_card_without_recyclable_mark_is_set_aside(tmp_path):
    """1.1.1 Step 1: a card without the recyclable mark is set aside once played; a file that lists it in the
    hand again contradicts itself (bad input); proposed anyway, it is not in the hand (1.1.3)."""
    from aeref.model.files.errors import InputError
    text = """
game: ds
turn: Aug-Sept 1941
decks: [DECKS/western.yaml]
war-state: limited
factions:
  western:
    ds:
      hand: [22, 27]
      played: [{card: 22, turn: Mar-Apr 1941}, {card: 27, turn: May-June 1941}]
"""
    try:
        _pos(tmp_path, text)
        raise AssertionError("a set-aside card in the hand was accepted")
    except InputError as exc:
        [p] = exc.problems
        assert p.where == "factions.western.ds.hand[1]" and "set aside" in p.message and "May-June 1941" in p.message
    pos = _pos(tmp_path, text.replace("hand: [22, 27]", "hand: [22]"))
    # 22 Chinese War Production is recyclable (DS 1.1.3.3): back in the hand, it may be selected again
    assert check(pos, "western", {"ds": "ds-western-22"}).legal
    r = check(pos, "western", {"ds": "ds-western-27"})
    assert [v.rule for v in r.violations] == ["1.1.3"] and "played before" in r.violations[0].message
