"""Reading a proposed allocation and the Replacements section (FORMAT 5/6, rules 1.3): every bad entry of an
allocation is reported, not only those before the first; units named from an Off-Map Box or from another
faction's Force Pool are ruled on (1.3.3 Force Pool Limitation); a step written with a stray ")" is bad input;
a Force Pool unit of another faction and an out-of-range prefer weight are reported at their place; one
pair-exchange step for an armor unit is ruled on word for word (1.3.2.1).

Test-only data: hex numbers and Force Pools are made up for the tests; countries, nationalities and the
Hakko Ichiu exchange are the rules text's.
"""
from __future__ import annotations

import yaml
from click.testing import CliRunner

from aeref.cli.main import cli

from .support.replacements import alloc_file, hexes, inf, state

CITY = lambda country, **kw: {"country": country, "city": True, **kw}
RUSSIA_STEP = [{"nationality": "Russia", "kind": "infantry", "count": 1}]
RUSSIA_CITY = hexes(("0101", CITY("Russia")))
INTERP_TK = "Interpretations: airborne-steps=armor-counts, partisan-base-faction=own"


def run(*args):
    r = CliRunner().invoke(cli, [str(a) for a in args])
    return r.exit_code, r.stdout, r.stderr


def _soviet(tmp_path, **kw):
    return state(tmp_path, steps=RUSSIA_STEP, pool=[inf("R-1")], hexes=RUSSIA_CITY, **kw)


def _check(tmp_path, st, rows, faction="soviet"):
    return run("check-replacements", st, alloc_file(tmp_path, rows), "--faction", faction)


UNKNOWN_R7 = "[1].unit: no unit R-7 in the Soviet TK Force Pool or on the map"


# ----------------------------------------------------------------------------- bad allocations: every entry read

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


# ----------------------------------------------------------------------------- 1.3.3 Force Pool Limitation

def test_1_3_3_force_pool_limitation_unit_in_an_off_map_box(tmp_path):
    """1.3.3 Force Pool Limitation: "One-step units located anywhere else ... cannot be taken" - a unit in an Off-Map Box."""
    box = {"Central Asia": {"units": [{"id": "R-9", "faction": "soviet", "nationality": "Russia", "type": "infantry"}]}}
    st = state(tmp_path, steps=RUSSIA_STEP, pool=[inf("R-1")], extra={"map": {"hexes": RUSSIA_CITY, "boxes": box}})
    why = ("R-9 (Russia infantry) is in the Central Asia Box, not in the Soviet Force Pool: "
           "replacements are taken from the Force Pool only")
    assert _check(tmp_path, st, [{"unit": "R-9", "location": "0101", "paid-with": ["Russia infantry"]}]) == (1, (
        "Illegal: Soviet replacements on the TK map (0 of 1 steps used)\n"
        f"  1.3.3 Force Pool Limitation: {why}\n"
        f"  Unused: 1 Russia infantry step [1.3.3] spent on R-9, whose placement breaks 1.3.3 Force Pool Limitation: {why}\n"
        f"{INTERP_TK}\n"), "")


def test_1_3_3_force_pool_limitation_unit_in_another_factions_force_pool(tmp_path):
    """1.3.3 Force Pool Limitation: replacements are taken from the faction's own Force Pool, not another faction's."""
    st = _soviet(tmp_path)
    d = yaml.safe_load(st.read_text())
    d["factions"]["axis"] = {"tk": {"current": None, "hand": []}}
    d["countries"]["Germany"] = {"posture": "war", "status": "active", "alignment": "axis"}
    d["replacements"]["tk"]["axis"] = {"force-pool": [{"id": "G-1", "faction": "axis", "nationality": "Germany", "type": "infantry"}]}
    st.write_text(yaml.safe_dump(d, sort_keys=False))
    why = ("G-1 (Germany infantry) is in the Axis TK Force Pool, not in the Soviet Force Pool: "
           "replacements are taken from the Force Pool only")
    assert _check(tmp_path, st, [{"unit": "G-1", "location": "0101", "paid-with": ["Russia infantry"]}]) == (1, (
        "Illegal: Soviet replacements on the TK map (0 of 1 steps used)\n"
        f"  1.3.3 Force Pool Limitation: {why}\n"
        "  1.3.3 Taking Replacements: G-1 (Germany infantry) paid with Russia infantry: "
        "replacements are taken as units of the nationality received\n"
        "  1.3.4 Replacement Locations: 0101 is not a Replacement Location for G-1 (Germany infantry); "
        "it has no Replacement Location on this map\n"
        f"  Unused: 1 Russia infantry step [1.3.3] spent on G-1, whose placement breaks 1.3.3 Force Pool Limitation: {why}\n"
        f"{INTERP_TK}\n"), "")


# ----------------------------------------------------------------------------- the Replacements section (FORMAT 6)

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


# ----------------------------------------------------------------------------- 1.3.2.1 Hakko Ichiu

def test_1_3_2_1_hakko_ichiu_one_step_does_not_buy_an_armor_unit(tmp_path):
    """1.3.2.1 Hakko Ichiu (DS): a pair of the infantry steps is exchanged for one armor step; one alone buys no armor unit."""
    japan = {"Japan": {"posture": "war", "status": "active", "alignment": "axis"}}
    st = state(tmp_path, game="ds", faction="axis", countries=japan,
               steps=[{"nationality": "Japan", "kind": "infantry", "count": 2, "pairs-to-armor": True, "source": "Hakko Ichiu"}],
               pool=[inf("J-A1", "Japan", "armor", faction="axis")],
               hexes=hexes(("1001", CITY("Japan", **{"supply-source": "Japan"}))))
    why = ("J-A1 (Japan armor): one Japan infantry (Hakko Ichiu) step is an infantry step; "
           "a pair of them is exchanged for one armor step")
    assert _check(tmp_path, st, [{"unit": "J-A1", "location": "1001", "paid-with": ["Japan infantry (Hakko Ichiu)"]}],
                  faction="axis") == (1, (
        "Illegal: Axis replacements on the DS map (0 of 2 steps used)\n"
        f"  1.3.2.1 Hakko Ichiu: {why}\n"
        "  Unused: 1 Japan infantry (Hakko Ichiu) step [1.3.3] only 1 one-step Japan infantry-type (or, with a pair, armor-type) unit in the Axis Force Pool\n"
        f"  Unused: 1 Japan infantry (Hakko Ichiu) step [1.3.2.1] spent on J-A1, whose placement breaks 1.3.2.1 Hakko Ichiu: {why}\n"
        "Interpretations: airborne-steps=armor-counts, partisan-base-faction=own, soviet-off-map-boxes=Eastern Europe\n"), "")


# ----------------------------------------------------------------------------- 1.3.3 steps lost, a step not received

def test_1_3_3_steps_lost_tried_with_the_flexible_step_before_the_armor_pair(tmp_path):
    """1.3.3 "the extra unplaced replacement steps are lost": the placements tried for the steps left pay an
    airborne unit (1.3.3.2) with the most fitting steps first - a step of kind any (here one the allocation names
    but that was not received) before a pair of armor steps. Test-only data: the Hungarian airborne unit H-AB."""
    countries = {"Germany": {"posture": "war", "status": "active", "alignment": "axis"},
                 "Hungary": {"minor": True, "status": "active", "alignment": "axis"},
                 "Romania": {"minor": True, "status": "active", "alignment": "axis"}}
    unit = lambda uid, nat: {"id": uid, "faction": "axis", "nationality": nat, "type": "infantry"}
    h = hexes(("0101", CITY("Hungary", **{"supply-source": "Hungary"}, neighbours=["0102"],
                            units=[unit("H-5", "Hungary"), unit("H-6", "Hungary")])),
              ("0102", CITY("Hungary", **{"supply-source": "Hungary"}, neighbours=["0101"], units=[unit("Ro-1", "Romania")])))
    st = state(tmp_path, faction="axis", countries=countries, hexes=h,
               steps=[{"nationality": "Hungary", "kind": "armor", "count": 2}, {"nationality": "Hungary", "kind": "infantry", "count": 1}],
               pool=[inf("H-AB", "Hungary", "airborne", faction="axis"), inf("H-1", "Hungary", faction="axis")])
    rows = [{"unit": "H-1", "location": "0101", "paid-with": ["Hungary infantry"]},
            {"unit": "H-1", "location": "0101", "paid-with": ["Hungary step (No Retreat)"]}]
    code, out, err = run("check-replacements", st, alloc_file(tmp_path, rows), "--faction", "axis", "--json")
    out = yaml.safe_load(out)
    assert (code, err, out["violations"], out["steps-used"]) == (1, "", [
        {"rule": "1.3.3", "title": "Force Pool Limitation",
         "message": "H-1 (Hungary infantry) is taken twice ([0] and [1]); the Force Pool holds it once"}], 1)
    assert out["lost"] == [{"step": "Hungary armor", "count": 2, "rule": "1.3.3", "reason":
        "H-AB in 0101 breaks 1.3.3 Steps Received: 2 Hungary infantry steps spent (H-AB, H-1) but 1 was received; "
        "H-AB in 0102 breaks 1.3.3 Steps Received: 2 Hungary infantry steps spent (H-AB, H-1) but 1 was received; "
        "H-AB in 0101 breaks 1.3.3 Steps Received: 1 Hungary step (No Retreat) spent (H-AB) but none was received; "
        "H-AB in 0102 breaks 1.3.3 Steps Received: 1 Hungary step (No Retreat) spent (H-AB) but none was received; "
        "and 2 more placements tried"}]
