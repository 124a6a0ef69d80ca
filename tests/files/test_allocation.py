"""Reading a proposed allocation and the Replacements section (FORMAT 5/6): every bad entry of an allocation
is reported, not only those before the first; a step written with a stray ")" is bad input; a Force Pool
unit of another faction and an out-of-range prefer weight are reported at their place; an Off-Map Box is
found whatever its case and spacing.

Test-only data: hex numbers and Force Pools are made up for the tests; countries and nationalities are the
rules text's."""
from __future__ import annotations

from aeref.solver.replacements import check_allocation, read_allocation

from ..support.replacements import alloc_file, hexes, inf, state
from ..support.replacements import position as rpos
from ..support.seasonal import run


CITY = lambda country, **kw: {"country": country, "city": True, **kw}


RUSSIA_STEP = [{"nationality": "Russia", "kind": "infantry", "count": 1}]


RUSSIA_CITY = hexes(("0101", CITY("Russia")))


def _soviet(tmp_path, **kw):
    return state(tmp_path, steps=RUSSIA_STEP, pool=[inf("R-1")], hexes=RUSSIA_CITY, **kw)


UNKNOWN_R7 = "[1].unit: no unit R-7 in the Soviet TK Force Pool or on the map"


def test_1_3_3_allocation_unit_written_as_a_list_and_the_entries_after_it(tmp_path):
    """1.3.3 (FORMAT 5): an entry naming a list of units is bad input, and the entries after it are still read."""
    st = _soviet(tmp_path)
    a = alloc_file(tmp_path, [{"unit": ["R-1"], "location": "0101"}, {"unit": "R-7", "location": "0101"}])
    assert run("check-replacements", st, a, "--faction", "soviet") == (
        2, "", f"Error: {a}: [0].unit: write one unit's id, not [R-1] (and 1 more: {UNKNOWN_R7})\n")


def test_1_3_3_allocation_paid_with_a_mapping_and_the_entries_after_it(tmp_path):
    """1.3.3 (FORMAT 5): paid-with that is not a list of steps is bad input, and the entries after it are still read."""
    st = _soviet(tmp_path)
    a = alloc_file(tmp_path, [{"unit": "R-1", "location": "0101", "paid-with": {"Russia": 1}},
                              {"unit": "R-7", "location": "0101"}])
    assert run("check-replacements", st, a, "--faction", "soviet") == (
        2, "", f'Error: {a}: [0].paid-with: paid-with is a list of steps such as "Japan armor" (and 1 more: {UNKNOWN_R7})\n')


def test_1_3_3_allocation_step_that_is_a_number_and_the_entries_after_it(tmp_path):
    """1.3.3 (FORMAT 5): a paid-with step that is not text is bad input, and the entries after it are still read."""
    st = _soviet(tmp_path)
    a = alloc_file(tmp_path, [{"unit": "R-1", "location": "0101", "paid-with": [3]},
                              {"unit": "R-7", "location": "0101"}])
    assert run("check-replacements", st, a, "--faction", "soviet") == (
        2, "", f'Error: {a}: [0].paid-with[0]: write a step such as "Russia infantry", not 3 (and 1 more: {UNKNOWN_R7})\n')


def test_1_3_3_step_with_a_closing_parenthesis_only_is_not_a_step(tmp_path):
    """1.3.3 (FORMAT 5): "Russia infantry)" - a ")" without "(" - is not written as a step: bad input, exit 2."""
    st = _soviet(tmp_path)
    a = alloc_file(tmp_path, [{"unit": "R-1", "location": "0101", "paid-with": ["Russia infantry)"]}])
    assert run("check-replacements", st, a, "--faction", "soviet") == (
        2, "", f"Error: {a}: [0].paid-with[0]: unknown step 'Russia infantry)': write NATIONALITY [colonial] "
               "infantry|armor, as received (Russia infantry)\n")


def test_1_3_3_force_pool_unit_of_another_faction_is_reported_at_its_place(tmp_path):
    """1.3.3 Force Pool (FORMAT 6): a unit of another faction in a faction's Force Pool is bad input, named at its place."""
    st = state(tmp_path, steps=RUSSIA_STEP, pool=[inf("R-1", faction="axis")], hexes=RUSSIA_CITY)
    assert run("replacements", st, "--faction", "soviet") == (
        2, "", f"Error: {st}: replacements.tk.soviet.force-pool[0].faction: unit R-1 is axis, in the soviet Force Pool\n")


def test_1_3_prefer_weight_out_of_range_is_reported_at_its_place(tmp_path):
    """1.3 (FORMAT 6 prefer): a weight beyond 1,000,000 is bad input, named at its place."""
    st = state(tmp_path, steps=RUSSIA_STEP, pool=[inf("R-1")], hexes=RUSSIA_CITY, prefer={"R-1": 2_000_000})
    assert run("replacements", st, "--faction", "soviet") == (
        2, "", f"Error: {st}: replacements.tk.soviet.prefer.R-1: a weight is between -1,000,000 and 1,000,000, not 2000000\n")


def test_a_box_is_found_whatever_the_spaces_and_case(tmp_path):
    """An Off-Map Box named in an allocation is the map's box whatever its case and spacing."""
    pos = rpos(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 1}],
               pool=[{"id": "R-1", "nationality": "Russia", "type": "infantry"}], boxes=["Central Asia"])
    ctx, rows, problems = read_allocation(pos, "soviet", "tk", [{"unit": "R-1", "location": " central   ASIA ",
                                                                 "paid-with": ["Russia infantry"]}], "a.yaml")
    assert not problems and check_allocation(ctx, rows).legal
