"""Worked examples that pin what the mutation run (bench/mutation.py) found unchecked: each test names
the rule or the wording it holds. Test-only cards and positions."""
from __future__ import annotations

import json

import pytest

from aeref.model.vocabulary import WarState, join_and, plural, step_kind, with_article

from .support.seasonal import run, write_state


def test_war_states_compare_by_their_order_12():
    """12: Pre-War, then Limited War, then Total War; a war state equals itself, in any spelling."""
    order = [WarState.of("pre-war"), WarState.of("grey"), WarState.of("Total War")]
    for i, a in enumerate(order):
        for j, b in enumerate(order):
            assert (a < b, a <= b, a > b, a >= b) == (i < j, i <= j, i > j, i >= j), (a, b)
            assert (a < b.value, a >= b.value) == (i < j, i >= j)
    assert [w.value for w in WarState.of("red").up_to()] == ["pre-war", "limited", "total"]


def test_step_kinds_in_every_spelling_1_3():
    assert [step_kind(x) for x in ("Infantry", " ARMOR ", "panzer", "tank", "armour", "mechanized", "either",
                                   "step", "Steps", "any")] == [
        "infantry", "armor", "armor", "armor", "armor", "armor", "any", "any", "any", "any"]
    with pytest.raises(ValueError, match="step kind"):
        step_kind("cavalry horse")


def test_words_a_ruling_is_written_with():
    assert [with_article(w) for w in ("Axis", "Offensive", "Soviet", "Western", "infantry")] == [
        "an Axis", "an Offensive", "a Soviet", "a Western", "an infantry"]
    assert [join_and(x) for x in ([], ["a"], ["a", "b"], ["a", "b", "c"])] == ["", "a", "a and b", "a, b and c"]
    assert [plural(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert plural(2, "country", "countries") == "2 countries" and plural(1, "country", "countries") == "1 country"


def _ds(tmp_path, requires, **extra):
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited", "government": "navy",
          "factions": {"axis": {"ds": {"hand": [90]}}},
          "cards": [{"map": "ds", "faction": "axis", "number": 90, "name": "Test Only Card", "war-state": "pre-war",
                     "requires": requires}], **extra}
    return write_state(tmp_path, "s.yaml", st)


def _ruled(tmp_path, requires, **extra):
    code, res, err = run("check", _ds(tmp_path, requires, **extra), "--faction", "axis", "--ds", "90", "--json")
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


def test_bad_step_kind_says_what_was_written_and_what_to_use():
    with pytest.raises(ValueError) as exc:
        step_kind("cavalry horse")
    assert str(exc.value) == "unknown step kind 'cavalry horse': use infantry, armor or any"


def _validate(tmp_path, requires):
    code, out, err = run("validate", _ds(tmp_path, requires), "--json")
    out = json.loads(out) if isinstance(out, str) else out
    return code, [(p["where"], p["message"]) for p in out["problems"]]


def test_bad_requirement_items_name_their_place(tmp_path):
    """A requirement item is a mapping with one key; a war state list names the bad entry's index."""
    code, problems = _validate(tmp_path, [{"flag": "A", "government": "navy"}])
    assert code == 2 and problems[0][0] == "cards[0].requires[0]" and "one key" in problems[0][1]
    code, problems = _validate(tmp_path, ["flag"])
    assert code == 2 and problems[0][0] == "cards[0].requires[0]" and "one key" in problems[0][1]
    code, problems = _validate(tmp_path, [{"war-state": ["limited", "purple"]}])
    assert code == 2 and problems[0][0] == "cards[0].requires[0].war-state[1]", problems
    code, problems = _validate(tmp_path, [{"war-state": "purple"}])
    assert code == 2 and problems[0][0] == "cards[0].requires[0].war-state", problems


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


def test_turn_and_war_state_errors_name_what_to_write():
    from aeref.model.calendar import parse_turn
    with pytest.raises(ValueError) as exc:
        parse_turn(1941)
    assert str(exc.value) == "write a Seasonal Turn such as Nov-Dec 1941 (the turn, then the year), not 1941"
    with pytest.raises(ValueError) as exc:
        parse_turn("Fal 1941")
    assert str(exc.value) == ("unknown turn 'Fal 1941' (did you mean Fall?): the Seasonal Turns are Mar-Apr, May-June, "
                              "Aug-Sept, Nov-Dec (or Spring, Summer, Fall, Winter)")
    with pytest.raises(ValueError) as exc:
        parse_turn("Fal 1941", ["Spring", "Summer", "Fall", "Winter"])
    assert str(exc.value) == "unknown turn 'Fal 1941' (did you mean Fall?): the Seasonal Turns are Spring, Summer, Fall, Winter"
    with pytest.raises(ValueError) as exc:
        WarState.of("purple")
    assert str(exc.value) == "unknown war state 'purple': use pre-war, limited or total"


def test_bad_requirement_items_say_what_to_write(tmp_path):
    """Each malformed requirement item: the place in the file and what to write instead."""
    cases = [
        ({"marker": {"name": "Quit India", "in": ["delay-box"]}}, "cards[0].requires[0].marker"),
        ({"marker": ["Quit India"]}, "cards[0].requires[0].marker"),
        ({"war-state": {"map": "xx", "is": ["limited"]}}, "cards[0].requires[0].war-state.map"),
        ({"country": {"name": "Siam"}}, "cards[0].requires[0].country.name"),
    ]
    for item, place in cases:
        code, out, err = run("validate", _ds(tmp_path, [item]))
        assert code == 2 and f"s.yaml: {place}: " in out, (item, out)
    code, out, _ = run("validate", _ds(tmp_path, [{"marker": ["Quit India"]}]))
    assert "write marker: NAME" in out
    code, out, _ = run("validate", _ds(tmp_path, [{"war-state": {"map": "xx", "is": ["limited"]}}]))
    assert "unknown map 'xx'" in out
    code, out, _ = run("validate", _ds(tmp_path, [{"country": {"name": "Siam"}}]))
    assert "give the country's fields: status, alignment, posture" in out


def test_a_misspelt_season_is_suggested_in_either_calendar():
    """FORMAT 1 turns: each name of the season calendar (Spring .. Winter) is suggested for its misspelling."""
    from aeref.model.calendar import parse_turn
    for typo, name in (("Sprng", "Spring"), ("Sumer", "Summer"), ("Wintr", "Winter")):
        with pytest.raises(ValueError) as exc:
            parse_turn(f"{typo} 1941")
        assert str(exc.value).startswith(f"unknown turn '{typo} 1941' (did you mean {name}?)"), exc.value


def test_a_bare_card_number_needs_both_map_and_faction():
    """FORMAT 1: a bare number (26b) is a card only inside a faction's section of a map."""
    from aeref.model.cards import parse_card_ref
    assert parse_card_ref("26B", "tk", "soviet") == "tk-soviet-26b"
    assert parse_card_ref("ds-axis-3") == "ds-axis-3"
    for map_, faction in ((None, None), ("tk", None), (None, "soviet")):
        with pytest.raises(ValueError) as exc:
            parse_card_ref("26b", map_, faction)
        assert str(exc.value) == "card '26b': write the full id such as tk-soviet-26b"


def test_bad_requirement_war_state_and_country_field_name_their_place(tmp_path):
    """A requirement's war state list (`is:`) and an unknown country field: the place down to the key, and
    the field as written."""
    code, problems = _validate(tmp_path, [{"war-state": {"map": "ds", "is": ["purple"]}}])
    assert code == 2 and problems[0][0] == "cards[0].requires[0].war-state.is[0]", problems
    code, problems = _validate(tmp_path, [{"country": {"Japan": {"colour": "red"}}}])
    assert code == 2 and problems[0][0] == "cards[0].requires[0].country.Japan.colour", problems
    assert "unknown country field 'colour'" in problems[0][1], problems


def test_1_1_3_1_a_marker_in_two_places_and_no_japanese_government(tmp_path):
    """1.1.3.1 `marker:` names every place the marker is in; `government: none` held when no branch leads."""
    markers = {"markers": {"delay-box": ["US Victory Program"], "strategic-warfare-box": ["US Victory Program"]}}
    ok, why = _ruled(tmp_path, [{"marker": {"name": "US Victory Program", "in": "turn-track"}}], **markers)
    assert not ok and "(it is in delay box, strategic warfare box)" in why, why
    ok, why = _ruled(tmp_path, [{"government": "navy"}], government="none")
    assert not ok and why.endswith("the Japanese Navy leads the Government (no branch does)"), why
    ok, why = _ruled(tmp_path, [{"any": [{"government": "none"}, {"flag": "A"}]}])
    assert not ok and "no branch leads the Japanese Government (the Navy does)" in why


def _problems(tmp_path, game, **sections):
    """``(exit code, [(file name, place, message)])`` of `validate` on a bare state of ``game`` with these
    sections (``countries=...``, ``markers=...``)."""
    maps = {"tk": ["tk"], "ds": ["ds"], "ae": ["tk", "ds"]}[game]
    st = {"game": game, "turn": "Nov-Dec 1941", "war-state": "limited" if game != "ae" else {m: "limited" for m in maps},
          "factions": {"axis": {m: {"hand": []} for m in maps}}, **sections}
    code, out, err = run("validate", write_state(tmp_path, "s.yaml", st), "--json")
    out = json.loads(out) if isinstance(out, str) else out
    return code, [(p["file"].rsplit("/", 1)[-1], p["where"], p["message"]) for p in out["problems"]]


def test_country_entries_per_map_name_their_place_and_map_4(tmp_path):
    """FORMAT 4 "AE, per map": an entry's `map:` or map section for a map not in play, a map section of an
    entry that is on the other display only, and a Policy marker with another posture, each named at its key."""
    assert _problems(tmp_path, "tk", countries={"Japan": {"map": "ds", "posture": "war"}}) == (
        2, [("s.yaml", "countries.Japan.map", "map ds is not in play (maps: tk)")])
    assert _problems(tmp_path, "tk", countries={"Russia": {"alignment": "soviet", "ds": {"posture": "war"}}}) == (
        2, [("s.yaml", "countries.Russia.ds", "map ds is not in play (maps: tk)")])
    assert _problems(tmp_path, "ae", countries={"Japan": {"map": "ds", "tk": {"posture": "war"}, "ds": {"posture": "war"}}}) == (
        2, [("s.yaml", "countries.Japan.tk", "the entry is on the DS display only (map: ds)")])
    assert _problems(tmp_path, "ae", countries={"Russia": {"ds": {"posture": "war", "policy": "neutrality"}}}) == (
        2, [("s.yaml", "countries.Russia.ds.posture", "Russia has a Neutrality Policy marker on the DS map, which "
                                                       "makes it a Policy Affected Country, but its posture is war")])
    assert _problems(tmp_path, "tk", countries={"Russia": {"posture": "war", "policy": "neutrality"}}) == (
        2, [("s.yaml", "countries.Russia.posture", "Russia has a Neutrality Policy marker, which "
                                                    "makes it a Policy Affected Country, but its posture is war")])


def test_bad_markers_name_their_place(tmp_path):
    """FORMAT 6 `markers`: the VP marker's side and box, the VP Track, a map's section in AE - each problem at
    its key, saying what to write."""
    code, probs = _problems(tmp_path, "ds", markers={"vp-track": ["Hakko Ichiu"]})
    assert (code, probs) == (2, [("s.yaml", "markers.vp-track", "write vp-track: {MARKER: N}")])
    code, probs = _problems(tmp_path, "ds", markers={"vp-track": {"Hakko Ichiu": -1}})
    assert (code, probs) == (2, [("s.yaml", "markers.vp-track.Hakko Ichiu", "the VP Track box is a number of VP (0 or more), not -1")])
    code, probs = _problems(tmp_path, "ds", markers={"vp": {"side": "rising-sun", "box": 1, "colour": "red"}})
    assert code == 2 and probs[0][:2] == ("s.yaml", "markers.vp.colour") and "colour" in probs[0][2], probs
    code, probs = _problems(tmp_path, "ds", markers={"vp": {"box": 1}})
    assert code == 2 and probs[0][:2] == ("s.yaml", "markers.vp.side") and probs[0][2].startswith("unknown VP marker side"), probs
    for side in ("Rising Sun", "rising_sun", "RISING-SUN"):             # as a player may write the side
        assert _problems(tmp_path, "ds", markers={"vp": {"side": side, "box": 1}}) == (0, []), side
    code, probs = _problems(tmp_path, "ae", markers={"tk": ["No Retreat"]})
    assert (code, probs) == (2, [("s.yaml", "markers.tk", "write the map's markers as a mapping (boxes, vp, vp-track)")])


def test_a_war_state_requirement_mapping_takes_map_and_is_only(tmp_path):
    """FORMAT 3 `war-state: {map, is}`: another key, or no `is`, is refused with what to write."""
    for bad in ({"map": "ds", "is": ["limited"], "colour": "red"}, {"map": "ds"}):
        code, problems = _validate(tmp_path, [{"war-state": bad}])
        assert (code, problems) == (2, [("cards[0].requires[0].war-state", "ds-axis-90 Test Only Card: write "
                                                                           "war-state: {map: tk|ds, is: [states]}")]), problems


def test_1_1_3_1_marker_and_country_requirements_say_exactly_what_they_found(tmp_path):
    """1.1.3.1: a marker's places are the boxes that hold it, no other; a country field the file does not give
    is "not given"."""
    markers = {"markers": {"delay-box": ["US Victory Program"], "strategic-warfare-box": ["Quit India"],
                           "turn-track": ["Axis Minor Country Production +1"]}}
    ok, why = _ruled(tmp_path, [{"marker": {"name": "US Victory Program", "in": "strategic-warfare-box"}}], **markers)
    assert not ok and why.endswith("(it is in delay box)"), why
    ok, why = _ruled(tmp_path, [{"country": {"Siam": {"status": "active"}}}], countries={"Siam": {"alignment": "axis"}})
    assert not ok and why.endswith("Siam's Status is active (it is not given)"), why


def test_the_current_card_is_not_in_the_hand_1_1_3(tmp_path):
    """1.1.1 Step 4: the Pending Card is selected from the hand; the Current Card is not in it."""
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited", "factions": {"axis": {"ds": {"current": 11, "hand": [12]}}}}
    code, res, _ = run("check", write_state(tmp_path, "s.yaml", st), "--faction", "axis", "--ds", "11", "--json")
    assert code == 1 and any(v["message"].endswith("it is the Current Card, not in the hand") for v in res["violations"]), res


def test_the_soviet_production_limit_names_the_maps_at_total_war_1_1_3_3(tmp_path):
    """1.1.3.3 Soviet Production Limit (AE): 3 once Total War is in effect on either map - the reason names
    each map at Total War; 1 otherwise."""
    from aeref.model.position import load_position
    from aeref.solver.selection import production_limit
    for ws, want in (({"tk": "total", "ds": "total"}, (3, "Total War on TK and DS")),
                     ({"tk": "limited", "ds": "total"}, (3, "Total War on DS")),
                     ({"tk": "limited", "ds": "pre-war"}, (1, "Pre-War or Limited War on both maps"))):
        st = {"game": "ae", "turn": "Nov-Dec 1941", "war-state": ws, "factions": {"soviet": {"tk": {"hand": []}, "ds": {"hand": []}}}}
        assert production_limit(load_position(write_state(tmp_path, "s.yaml", st))) == want


def test_bad_replacements_and_map_sections_name_their_place(tmp_path):
    """FORMAT 6: the replacements section with and without its map level, `prefer` weights, a country listed
    twice, a map section of markers for a map not in play - each problem at its key."""
    soviet = {"factions": {"soviet": {"tk": {"hand": []}}}}
    assert _problems(tmp_path, "tk", replacements={"soviet": {"force-pool": [], "colour": 1}}, **soviet) == (
        2, [("s.yaml", "replacements.soviet.colour", "unknown key 'colour': the keys here are steps, force-pool, prefer")])
    assert _problems(tmp_path, "tk", replacements={"tk": {"soviet": {"prefer": {"R-1": 1.5}}}}, **soviet) == (
        2, [("s.yaml", "replacements.tk.soviet.prefer.R-1", "a weight is a whole number, not 1.5")])
    assert _problems(tmp_path, "tk", countries={"Russia": {"posture": "war"}, "russia": {"posture": "war"}}) == (
        2, [("s.yaml", "countries.russia", "country russia is listed twice")])
    code, probs = _problems(tmp_path, "tk", markers={"ds": {"strategic-warfare-box": ["Quit India"]}})
    assert code == 2 and probs[0] == ("s.yaml", "markers.ds", "map ds is not in play (maps: tk)"), probs


def test_a_box_is_found_whatever_the_spaces_and_case(tmp_path):
    """An Off-Map Box named in an allocation is the map's box whatever its case and spacing."""
    from .support.replacements import position as rpos
    from aeref.solver.replacements import check_allocation, read_allocation
    pos = rpos(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 1}],
               pool=[{"id": "R-1", "nationality": "Russia", "type": "infantry"}], boxes=["Central Asia"])
    ctx, rows, problems = read_allocation(pos, "soviet", "tk", [{"unit": "R-1", "location": " central   ASIA ",
                                                                 "paid-with": ["Russia infantry"]}], "a.yaml")
    assert not problems and check_allocation(ctx, rows).legal


def test_interpretation_values_are_checked_and_normalised():
    """Interpretations (FORMAT 7, -i NAME=VALUE): a calendar of four names, a list of Off-Map Box names, a
    named value - as a list or one string with commas; anything else refused with what to write."""
    from aeref.model.interpretations import check_value
    assert check_value("calendar", " Spring, Summer ,Fall,Winter") == ["Spring", "Summer", "Fall", "Winter"]
    assert check_value("calendar", ["Spring", "Summer", "Fall", "Winter"]) == ["Spring", "Summer", "Fall", "Winter"]
    for bad in ("Spring,Summer", ["Spring", "Summer", "Fall", ""], 4):
        with pytest.raises(ValueError) as exc:
            check_value("calendar", bad)
        assert str(exc.value) == "calendar takes the four names of the Seasonal Turns, e.g. Mar-Apr,May-June,Aug-Sept,Nov-Dec"
    assert check_value("soviet-off-map-boxes", "Eastern Europe, Central Asia") == ["Eastern Europe", "Central Asia"]
    with pytest.raises(ValueError) as exc:
        check_value("soviet-off-map-boxes", 3)
    assert str(exc.value) == "soviet-off-map-boxes takes a list of names, e.g. Eastern Europe"
    assert check_value("empty-slot", " Voluntary ") == "voluntary"
    with pytest.raises(ValueError) as exc:
        check_value("empty-slot", "sometimes")
    assert str(exc.value) == "interpretation empty-slot takes forced or voluntary, not 'sometimes'"


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


def test_1_1_3_no_pending_card_in_one_map_game_names_no_other_map(tmp_path):
    """Interpretation empty-slot=forced in DS alone: the empty DS slot is ruled on with the card that fits
    and nothing else ("with ..." names the other map's choice only in AE)."""
    p = _ds(tmp_path, [], interpretations={"empty-slot": "forced"})
    code, res, err = run("check", p, "--faction", "axis", "--json")
    assert code == 1, err
    assert [v["message"] for v in res["violations"]] == [
        "no DS Pending Card although ds-axis-90 Test Only Card fits "
        "(a slot stays empty only when no card fits; interpretation empty-slot=forced)"]


def test_step_words_of_a_label_with_step_and_a_note():
    """A label that ends in "step" before its parenthesised note takes the plural before the note."""
    from aeref.model.vocabulary import step_words
    assert step_words("minor step (Minor Country Production +1)", 2) == "minor steps (Minor Country Production +1)"
    assert step_words("minor step (Minor Country Production +1)", 1) == "minor step (Minor Country Production +1)"
    assert step_words("Japan infantry (Hakko Ichiu)", 2) == "Japan infantry (Hakko Ichiu) steps"
