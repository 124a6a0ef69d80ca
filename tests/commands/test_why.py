"""`why`: the reported rules are a minimal set that excludes the card, re-checked without CP-SAT.

For a card in no legal selection, `why` reports a set of rules (its unsatisfiable core, shrunk). The set
must (a) exclude the card on its own: with only those rules enforced, every selection containing the card
breaks one of them, and (b) be minimal: leaving out any one rule of the set, some selection containing the
card satisfies the rest. Both are re-checked here by direct evaluation of every selection, and the
verdict itself against the independent oracle.
"""
from __future__ import annotations

import json
from itertools import product
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..support import oracle
from ..support.cli import run
from ..support.profiles import scaled
from aeref.solver.engine.constraints import Evaluator, post
from aeref.solver.selection.choices import why
from aeref.solver.selection.rules import RULES, check, make_context
from ..support.selection_positions import load, made_pairs, scenarios


def excluded_by(pos, faction, card, slot, keys):
    """True when every selection with ``card`` in ``slot`` breaks a rule among ``keys`` (direct evaluation)."""
    ctx = make_context(pos, faction, {slot: [card]})
    ev = Evaluator([c for c in post(RULES, ctx) if c.rule.key in set(keys)])
    others = [s for s in ctx.slots if s != slot]
    for rest in product(*[ctx.values(s) for s in others]):
        choice = {slot: card, **dict(zip(others, rest))}
        if not ev.violations(choice):
            return False
    return True


def assert_why_sound(pos, faction, card):
    ans = why(pos, faction, card)
    slot = ans.slot
    pending = {fm.pending for fm in pos.factions[faction].values() if fm.pending}
    with_card = [c for c in oracle.every_choice(pos, sorted({card} | pending | {h for m in pos.maps for h in pos.hand(faction, m)}))
                 if c[slot] == card]
    truly_legal = [c for c in with_card if oracle.legal(pos, faction, c)]
    if ans.legal:
        assert ans.example[slot] == card
        assert oracle.legal(pos, faction, ans.example)
        assert check(pos, faction, ans.example).legal
        assert truly_legal
        return
    assert not truly_legal, truly_legal
    assert ans.violations and ans.rules
    keys = set(ans.rules)
    assert {f"{v.rule} {v.title}" for v in ans.violations} <= keys
    assert excluded_by(pos, faction, card, slot, keys)                     # (a) the set excludes the card
    if len(keys) > 1 and all(excluded_by(pos, faction, card, slot, {k}) for k in keys):
        return                       # (b') several rules each alone exclude it: each is listed, a minimal set of one
    for k in keys:                                                          # (b) or the set is minimal
        assert not excluded_by(pos, faction, card, slot, keys - {k}), (k, keys)


@settings(max_examples=scaled(120), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(scenarios(), st.data())
def test_why_core_is_minimal_and_rechecked(scenario, data):
    """`why` on a card of the hand, a Pending Card already placed or a card from outside the hand."""
    state, deck, faction, extra = scenario
    pos = load(state, deck)
    pending = sorted(fm.pending for fm in pos.factions[faction].values() if fm.pending)
    cards = sorted({h for m in pos.maps for h in pos.hand(faction, m)} | set(extra) | set(pending))
    if not cards:
        return
    card = data.draw(st.sampled_from(cards))
    assert_why_sound(pos, faction, card)


@settings(max_examples=scaled(60), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(made_pairs(), st.data())
def test_why_core_is_minimal_when_two_rules_exclude_the_card_together(case, data):
    """1.1.3 "Card selection is final" with a pair of Pending Cards that breaks a pair rule of 1.1.3.3:
    each card is excluded only by the two rules together, so the minimal set has two rules and each
    one left out lets the card back in (tests/rules/test_generator_coverage.py asserts that such cores occur)."""
    (state, deck, faction, _), pending = case
    pos = load(state, deck)
    assert_why_sound(pos, faction, data.draw(st.sampled_from(pending)))


def test_why_several_rules_each_alone_exclude_the_card(tmp_path):
    """A Total War card (1.1.3.2) that also needs an unplayed card (1.1.3.1) and follows a Demand card
    (1.1.3.3): each rule alone excludes it, so each is a minimal set of one and `why` lists each, as
    `check` lists every rule broken."""
    (tmp_path / "s.yaml").write_text("""
game: tk
turn: Mar-Apr 1939
war-state: pre-war
factions:
  axis:
    tk: {current: 10, hand: [11, 28a]}
cards:
  - {map: tk, faction: axis, number: 10, name: Demand Austria, war-state: pre-war}
  - {map: tk, faction: axis, number: 3, name: Continuing Rearmament, war-state: pre-war}
  - {map: tk, faction: axis, number: 28a, name: Treaty, war-state: pre-war}
  - {map: tk, faction: axis, number: 11, name: Test Only Demand Denmark Red, war-state: total, requires: [played: 3]}
""")
    from aeref.model.files.load import load_position
    pos = load_position(tmp_path / "s.yaml")
    ans = why(pos, "axis", "tk-axis-11")
    assert not ans.legal and len(ans.rules) == 3
    assert_why_sound(pos, "axis", "tk-axis-11")


def test_why_card_excluded_in_every_pairing_is_legal_alone(tmp_path):
    """DS 90 (Production Value 2) fits beside no TK card (39 + 2 and 38 + 2 exceed the limit 3), so the TK
    slot may stay empty beside it (1.1.3: a slot stays empty only when no card fits it, given the other
    slot): `why` gives that selection as the example."""
    (tmp_path / "s.yaml").write_text("""
game: ae
turn: Nov-Dec 1941
war-state: {tk: total, ds: limited}
factions:
  soviet:
    tk: {hand: [38, 39]}
    ds: {hand: [24, 90]}
cards:
  - {map: tk, faction: soviet, number: 38, name: Total War Production, war-state: total, production: 3}
  - {map: tk, faction: soviet, number: 39, name: Total War Production, war-state: total, production: 2}
  - {map: ds, faction: soviet, number: 24, name: Limited War Production, war-state: limited, production: 1}
  - {map: ds, faction: soviet, number: 90, name: Test Only Two, war-state: limited, production: 2}
""")
    from aeref.model.files.load import load_position
    pos = load_position(tmp_path / "s.yaml")
    ans = why(pos, "soviet", "ds-soviet-90")
    assert ans.legal and ans.example == {"tk": None, "ds": "ds-soviet-90"}
    assert_why_sound(pos, "soviet", "ds-soviet-90")
    # under the limit 1 the card is excluded by the Soviet Production Limit alone
    (tmp_path / "s.yaml").write_text((tmp_path / "s.yaml").read_text().replace("{tk: total, ds: limited}", "{tk: limited, ds: limited}"))
    pos = load_position(tmp_path / "s.yaml")
    ans = why(pos, "soviet", "ds-soviet-90")
    assert not ans.legal and ans.rules == ["1.1.3.3 Soviet Production Limit"]
    assert [v.as_json() for v in ans.violations] == [{
        "rule": "1.1.3.3", "title": "Soviet Production Limit",
        "message": "ds-soviet-90 (2) exceeds the limit 1 (Pre-War or Limited War on both maps)"}]
    assert_why_sound(pos, "soviet", "ds-soviet-90")


def test_why_names_the_rules_broken_by_the_pending_partner(tmp_path):
    """1.1.3 "Card selection is final" and 1.1.1 Step 2: the Western faction placed TK 2 and DS 2 as its
    Pending Cards (test-only cards); DS 2 is the © twin of TK 1, played this turn, so it was removed
    from the DS deck. TK 2 is therefore in no legal selection, by the two rules together - and `why`
    says what each one breaks, although neither names TK 2 itself (it used to print no reason at all)."""
    (tmp_path / "s.yaml").write_text("""
game: ae
turn: Mar-Apr 1939
war-state: {tk: pre-war, ds: pre-war}
factions:
  western:
    tk: {current: 1, hand: [3], pending: 2}
    ds: {hand: [3], pending: 2}
cards:
  - {map: tk, faction: western, number: 1, name: Test Only Alpha, war-state: pre-war, combined: true}
  - {map: tk, faction: western, number: 2, name: Test Only Beta, war-state: pre-war}
  - {map: tk, faction: western, number: 3, name: Test Only Gamma, war-state: pre-war}
  - {map: ds, faction: western, number: 2, name: Test Only Alpha, war-state: pre-war, combined: true}
  - {map: ds, faction: western, number: 3, name: Test Only Delta, war-state: pre-war}
""")
    from aeref.model.files.load import load_position
    pos = load_position(tmp_path / "s.yaml")
    ans = why(pos, "western", "tk-western-2")
    assert not ans.legal
    assert sorted(ans.rules) == ["1.1.1 Option Card Procedure", "1.1.3 Card Selection Is Final"]
    assert {(v.rule, v.title) for v in ans.violations} == {("1.1.1", "Option Card Procedure"),
                                                            ("1.1.3", "Card Selection Is Final")}
    procedure = next(v for v in ans.violations if v.rule == "1.1.1")
    assert "ds-western-2" in procedure.message and "tk-western-1" in procedure.message
    assert_why_sound(pos, "western", "tk-western-2")
    r = run("why", str(tmp_path / "s.yaml"), "tk-western-2", "--faction", "western")
    assert r.exit_code == 1
    assert "1.1.1 Option Card Procedure: ds-western-2" in r.stdout and "1.1.3 Card Selection Is Final:" in r.stdout


def test_1_1_3_1_and_1_1_3_2_each_rule_that_alone_excludes_a_card_is_listed():
    """TK 20 in tk-1939 (Western): 1.1.3.1 (its requirement fails) and 1.1.3.2 (a gray card in Pre-War) each
    exclude it alone: `why` and `pairs`' excluded reason list both, as `check` does."""
    st_file = str(Path(__file__).resolve().parents[2] / "examples" / "tk-1939.yaml")
    out = json.loads(run("why", st_file, "--faction", "western", "20", "--json").output)
    assert [v["rule"] for v in out["violations"]] == ["1.1.3.1", "1.1.3.2"], out
    out = json.loads(run("pairs", st_file, "--faction", "western", "--json").output)
    [ex] = [x for x in out["excluded"] if x["card"] == "tk-western-20"]
    assert [v["rule"] for v in ex["rules"]] == ["1.1.3.1", "1.1.3.2"], ex
    text = run("pairs", st_file, "--faction", "western").output
    assert "1.1.3.1 Pending Card Selection Requirements" in text and "; 1.1.3.2 War State Selection Restrictions" in text
