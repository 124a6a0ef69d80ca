"""A card's `requires` items (FORMAT 3) as `validate` reads them: a bad item is named at its place, down to
the key, and told what to write. Test-only cards."""
from __future__ import annotations

import json

from ..support.seasonal import ds_card_state, run


def _validate(tmp_path, requires):
    code, out, err = run("validate", ds_card_state(tmp_path, requires), "--json")
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


def test_bad_requirement_items_say_what_to_write(tmp_path):
    """Each malformed requirement item: the place in the file and what to write instead."""
    cases = [
        ({"marker": {"name": "Quit India", "in": ["delay-box"]}}, "cards[0].requires[0].marker"),
        ({"marker": ["Quit India"]}, "cards[0].requires[0].marker"),
        ({"war-state": {"map": "xx", "is": ["limited"]}}, "cards[0].requires[0].war-state.map"),
        ({"country": {"name": "Siam"}}, "cards[0].requires[0].country.name"),
    ]
    for item, place in cases:                # one problem each: said once, as the Error: line
        code, out, err = run("validate", ds_card_state(tmp_path, [item]))
        assert code == 2 and out == "" and f"s.yaml: {place}: " in err, (item, err)
    code, _, err = run("validate", ds_card_state(tmp_path, [{"marker": ["Quit India"]}]))
    assert "write marker: NAME" in err
    code, _, err = run("validate", ds_card_state(tmp_path, [{"war-state": {"map": "xx", "is": ["limited"]}}]))
    assert "unknown map 'xx'" in err
    code, _, err = run("validate", ds_card_state(tmp_path, [{"country": {"name": "Siam"}}]))
    assert "give the country's fields: status, alignment, posture" in err


def test_bad_requirement_war_state_and_country_field_name_their_place(tmp_path):
    """A requirement's war state list (`is:`) and an unknown country field: the place down to the key, and
    the field as written."""
    code, problems = _validate(tmp_path, [{"war-state": {"map": "ds", "is": ["purple"]}}])
    assert code == 2 and problems[0][0] == "cards[0].requires[0].war-state.is[0]", problems
    code, problems = _validate(tmp_path, [{"country": {"Japan": {"colour": "red"}}}])
    assert code == 2 and problems[0][0] == "cards[0].requires[0].country.Japan.colour", problems
    assert "unknown country field 'colour'" in problems[0][1], problems


def test_a_war_state_requirement_mapping_takes_map_and_is_only(tmp_path):
    """FORMAT 3 `war-state: {map, is}`: another key, or no `is`, is refused with what to write."""
    for bad in ({"map": "ds", "is": ["limited"], "colour": "red"}, {"map": "ds"}):
        code, problems = _validate(tmp_path, [{"war-state": bad}])
        assert (code, problems) == (2, [("cards[0].requires[0].war-state", "ds-axis-90 Test Only Card: write "
                                                                           "war-state: {map: tk|ds, is: [states]}")]), problems
