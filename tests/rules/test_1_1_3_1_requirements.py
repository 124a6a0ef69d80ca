"""1.1.3.1 Selection Requirements: each kind of requirement item a card may carry (FORMAT 3: `government:`,
`marker:`, `european-war:`, `country:`, `any:` / `all:`) decides `check`, and the ruling says what it found.
Test-only cards and positions."""
from __future__ import annotations

from ..support.seasonal import ds_card_state, run, write_state


def _ruled(tmp_path, requires, **extra):
    code, res, err = run("check", ds_card_state(tmp_path, requires, **extra), "--faction", "axis", "--ds", "90", "--json")
    assert code in (0, 1), err
    return code == 0, " ".join(v["message"] for v in res["violations"])


def test_1_1_3_1_japanese_government_requirement(tmp_path):
    """1.1.3.1 with `government:` (FORMAT 3): army / navy / none, as the position says."""
    assert _ruled(tmp_path, [{"government": "navy"}])[0]
    ok, why = _ruled(tmp_path, [{"government": "army"}])
    assert not ok and "the Japanese Army leads the Government (the Navy does)" in why
    ok, why = _ruled(tmp_path, [{"government": "none"}])
    assert not ok and "no branch leads the Japanese Government (the Navy does)" in why
    assert _ruled(tmp_path, [{"government": "none"}], government="none")[0]
    ok, why = _ruled(tmp_path, [{"government": "navy"}], government="none")
    assert not ok and "(no branch does)" in why


def test_1_1_3_1_marker_requirement_names_the_box(tmp_path):
    """1.1.3.1 with `marker: {name, in}`: the marker must be in that box, not only in play."""
    markers = {"markers": {"delay-box": ["US Victory Program"]}}
    assert _ruled(tmp_path, [{"marker": "US Victory Program"}], **markers)[0]
    assert _ruled(tmp_path, [{"marker": {"name": "US Victory Program", "in": "delay-box"}}], **markers)[0]
    ok, why = _ruled(tmp_path, [{"marker": {"name": "US Victory Program", "in": "strategic-warfare-box"}}], **markers)
    assert not ok and "the US Victory Program marker in the strategic-warfare-box (it is in delay box)" in why
    ok, why = _ruled(tmp_path, [{"marker": "Quit India"}], **markers)
    assert not ok and "the Quit India marker in play (it is not listed in markers)" in why


def test_1_1_3_1_european_war_requirement_and_any_of_texts(tmp_path):
    """* DS alone: the European war as the European War Boxes show it; `any:` holds when one item holds,
    and its text joins the items with "or"."""
    ok, why = _ruled(tmp_path, [{"european-war": "total"}], **{"european-war": "limited"})
    assert not ok and "European Total War has occurred (European Limited War has occurred)" in why
    ok, why = _ruled(tmp_path, [{"european-war": "none"}], **{"european-war": "total"})
    assert not ok and "no European war (European Total War has occurred)" in why
    ok, why = _ruled(tmp_path, [{"european-war": "limited"}], **{"european-war": "none"})
    assert not ok and "European Limited War has occurred (neither has occurred)" in why
    assert _ruled(tmp_path, [{"european-war": "limited"}], **{"european-war": "total"})[0]
    ok, why = _ruled(tmp_path, [{"any": [{"flag": "A"}, {"flag": "B"}]}])
    assert not ok and "(flag A (not set) or flag B (not set))" in why
    ok, why = _ruled(tmp_path, [{"all": [{"flag": "A"}, {"government": "navy"}]}])
    assert not ok and "(flag A (not set) and the Japanese Navy leads the Government (the Navy does))" in why
    assert _ruled(tmp_path, [{"any": [{"flag": "A"}, {"government": "navy"}]}])[0]


def test_1_1_3_1_a_marker_in_two_places_and_no_japanese_government(tmp_path):
    """1.1.3.1 `marker:` names every place the marker is in; `government: none` held when no branch leads."""
    markers = {"markers": {"delay-box": ["US Victory Program"], "strategic-warfare-box": ["US Victory Program"]}}
    ok, why = _ruled(tmp_path, [{"marker": {"name": "US Victory Program", "in": "turn-track"}}], **markers)
    assert not ok and "(it is in delay box, strategic warfare box)" in why, why
    ok, why = _ruled(tmp_path, [{"government": "navy"}], government="none")
    assert not ok and why.endswith("the Japanese Navy leads the Government (no branch does)"), why
    ok, why = _ruled(tmp_path, [{"any": [{"government": "none"}, {"flag": "A"}]}])
    assert not ok and "no branch leads the Japanese Government (the Navy does)" in why


def test_1_1_3_1_marker_and_country_requirements_say_exactly_what_they_found(tmp_path):
    """1.1.3.1: a marker's places are the boxes that hold it, no other; a country field the file does not give
    is "not given"."""
    markers = {"markers": {"delay-box": ["US Victory Program"], "strategic-warfare-box": ["Quit India"],
                           "turn-track": ["Axis Minor Country Production +1"]}}
    ok, why = _ruled(tmp_path, [{"marker": {"name": "US Victory Program", "in": "strategic-warfare-box"}}], **markers)
    assert not ok and why.endswith("(it is in delay box)"), why
    ok, why = _ruled(tmp_path, [{"country": {"Siam": {"status": "active"}}}], countries={"Siam": {"alignment": "axis"}})
    assert not ok and why.endswith("Siam's Status is active (it is not given)"), why


def test_1_1_3_1_a_marker_a_card_placed_in_a_box_is_there_and_nowhere_else(tmp_path):
    """1.1.3.1 `marker:` also reads the boxes `reveal` writes (`boxes:`, 1.1.2.2): a marker in the map's Delay
    Box is in the Delay Box only - not in its Strategic Warfare Box - and named once."""
    extra = {"boxes": {"delay-box": ["US Victory Program"]}, "markers": {"delay-box": ["US Victory Program"]}}
    ok, why = _ruled(tmp_path, [{"marker": {"name": "US Victory Program", "in": "strategic-warfare-box"}}], **extra)
    assert not ok and why.endswith("(it is in delay box)"), why
    assert _ruled(tmp_path, [{"marker": {"name": "US Victory Program", "in": "delay-box"}}], **extra)[0]


def test_1_1_1_step2_a_requirement_written_twice_is_one_violation(tmp_path):
    """A card whose `requires` lists the same item twice breaks 1.1.3.1 once, not twice: the reveal
    (1.1.1 Step 2) and `check` each give one line for it (test-only card)."""
    card = {"map": "ds", "faction": "axis", "number": 90, "name": "Test Only Card", "war-state": "pre-war",
            "requires": [{"government": "army"}, {"government": "army"}]}
    prev = {"game": "ds", "turn": "Aug-Sept 1941", "war-state": "limited", "government": "navy",
            "factions": {"axis": {"ds": {"pending": 90, "hand": []}}}, "cards": [card]}
    write_state(tmp_path, "prev.yaml", prev)
    p = write_state(tmp_path, "s.yaml", dict(prev, turn="Nov-Dec 1941", previous="prev.yaml"))
    code, res, err = run("reveal", p, "--faction", "axis", "--json")
    assert code == 1, err
    assert [v["rule"] for v in res["maps"]["ds"]["violations"]] == ["1.1.3.1"]
    code, res, err = run("check", write_state(tmp_path, "c.yaml", dict(prev, factions={"axis": {"ds": {"hand": [90]}}})),
                         "--faction", "axis", "--ds", "90", "--json")
    assert code == 1 and [v["rule"] for v in res["violations"]] == ["1.1.3.1"], err


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


def test_1_1_3_1_an_any_of_a_country_with_several_facts_is_bracketed(tmp_path):
    """1.1.3.1: `any:` of Russia's Posture and a France entry with three facts means A or (B and C and D):
    the ruling brackets the France group, so the text reads as the deck means it."""
    req = [{"any": [{"country": {"Russia": {"posture": "war"}}},
                    {"country": {"France": {"status": "active", "alignment": "western", "posture": "war"}}}]}]
    countries = {"Russia": {"posture": "policy-affected", "alignment": "soviet"},
                 "France": {"status": "active", "alignment": "western", "posture": "policy-affected"}}
    ok, why = _ruled(tmp_path, req, countries=countries)
    assert not ok and ("(Russia's Posture is war (it is policy-affected) or (France's Status is active (it is active) "
                       "and France's Alignment is western (it is western) and France's Posture is war "
                       "(it is policy-affected)))") in why, why
