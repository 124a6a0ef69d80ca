"""1.3.3 Taking Replacements: the Force Pool Limitation (a unit named from an Off-Map Box or from another
faction's Force Pool), the steps each unit costs (1.3.3.2: a marine or airborne unit two steps), the steps
lost and the reasons given for them, the pool label of colonial-code steps (1.3.3.5), as ``aeref
replacements`` / ``check-replacements`` report them.

Test-only data: hex numbers, Force Pools and unit ids are made up for the tests; countries, nationalities,
markers and unit types are the rules text's."""
from __future__ import annotations

import yaml

from ..support.replacements import alloc_file, hexes, inf, state
from ..support.seasonal import run


CITY = lambda country, **kw: {"country": country, "city": True, **kw}


RUSSIA_STEP = [{"nationality": "Russia", "kind": "infantry", "count": 1}]


RUSSIA_CITY = hexes(("0101", CITY("Russia")))


INTERP_TK = "Interpretations: airborne-steps=armor-counts, partisan-base-faction=own"


def _soviet(tmp_path, **kw):
    return state(tmp_path, steps=RUSSIA_STEP, pool=[inf("R-1")], hexes=RUSSIA_CITY, **kw)


def _check(tmp_path, st, rows, faction="soviet"):
    return run("check-replacements", st, alloc_file(tmp_path, rows), "--faction", faction)


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
    assert (code, err, out["violations"], out["steps-used"]) == (1, "", [
        {"rule": "1.3.3", "title": "Force Pool Limitation",
         "message": "H-1 (Hungary infantry) is taken twice ([0] and [1]); the Force Pool holds it once"}], 1)
    assert out["lost"] == [{"step": "Hungary armor", "count": 2, "rule": "1.3.3", "reason":
        "H-AB in 0101 breaks 1.3.3 Steps Received: 2 Hungary infantry steps spent (H-AB, H-1) but 1 was received; "
        "H-AB in 0102 breaks 1.3.3 Steps Received: 2 Hungary infantry steps spent (H-AB, H-1) but 1 was received; "
        "H-AB in 0101 breaks 1.3.3 Steps Received: 1 Hungary step (No Retreat) spent (H-AB) but none was received; "
        "H-AB in 0102 breaks 1.3.3 Steps Received: 1 Hungary step (No Retreat) spent (H-AB) but none was received; "
        "and 2 more placements tried"}]


GERMANY = {"Germany": {"posture": "war", "status": "active", "alignment": "axis"}}


SOVIET_MINORS = {"Russia": {"status": "active", "alignment": "soviet"},
                 "Mongolia": {"minor": True, "status": "active", "alignment": "soviet"},
                 "Tuva": {"minor": True, "status": "active", "alignment": "soviet"}}


def test_9_1_a_step_stopped_by_9_1_and_9_2_is_charged_to_9_1_relaxed_first(tmp_path):
    """1.3.3 "the extra unplaced replacement steps are lost": MO-1 fits in three full Cities (9.2) and in a
    Partisan Base hex holding a Tuvan unit (9.1); relaxing 9.1 alone, the first rule of the relaxation order,
    places it: the step is lost to 9.1, and the reason names the hex and the unit there (it used to list the
    four placements tried and cite 9.2, the rule most of them break)."""
    own = lambda i, nat: {"id": f"X-{i}", "faction": "soviet", "nationality": nat, "type": "infantry", "steps": 2}
    h = hexes(("0201", {"country": "Mongolia", "markers": [{"type": "partisan-base", "faction": "soviet"}],
                        "units": [own(1, "Tuva")]}),
              *[(f"020{k}", CITY("Mongolia", units=[own(10 * k + j, "Mongolia") for j in range(3)])) for k in range(2, 5)])
    p = state(tmp_path, countries=SOVIET_MINORS, steps=[{"nationality": "minor", "kind": "any", "count": 1}],
              pool=[inf("MO-1", "Mongolia")], hexes=h)
    code, out, _ = run("replacements", p, "--faction", "soviet", "--json")
    assert (code, out["steps-used"]) == (0, 0)
    assert out["lost"] == [{"step": "minor step", "count": 1, "rule": "9.1", "reason":
                            "MO-1 could take it but for 9.1 Minor Country Stacking: 0201 holds X-1 (Tuva): ground units of "
                            "different Minor Countries cannot stack with MO-1 (Mongolia infantry)"}]


def test_1_3_3_2_one_step_left_for_an_airborne_and_an_armor_unit(tmp_path):
    """1.3.3.2 "two infantry-type replacement steps to take a onestep airborne ... unit" and 1.3.2.3 "exchange pairs
    of them for single German armor steps": one No Retreat step left names both reasons, joined by "and"."""
    steps = [{"nationality": "Germany", "kind": "infantry", "count": 1, "pairs-to-armor": True, "source": "No Retreat"}]
    p = state(tmp_path, faction="axis", countries=GERMANY, steps=steps,
              pool=[inf("G-AB", "Germany", "airborne"), inf("G-A", "Germany", "armor")],
              hexes=hexes(("0101", CITY("Germany", control="axis"))))
    code, out, _ = run("replacements", p, "--faction", "axis", "--json")
    assert (code, out["steps-used"]) == (0, 0)
    assert out["lost"] == [{"step": "Germany infantry (No Retreat)", "count": 1, "rule": "1.3.2.3", "reason":
                            "one Germany infantry (No Retreat) step is left, and G-AB costs two infantry-type steps "
                            "(1.3.3.2 Airborne and Marine Units) and G-A is an armor-type unit, for which only a pair of "
                            "Germany infantry (No Retreat) steps is exchanged (1.3.2.3 No Retreat)"}]


def test_1_3_3_5_colonial_steps_with_a_code_are_labelled_with_it(tmp_path):
    """1.3.3.5 Colonial Units (DS 1.3.4 "Ind - India"): British colonial Ind steps are paid and lost under the label
    "Britain colonial Ind infantry"."""
    west = {"Britain": {"status": "active", "alignment": "western"}, "India": {"dependent-of": "Britain", "alignment": "western"}}
    p = state(tmp_path, game="ds", faction="western", countries=west,
              steps=[{"nationality": "Britain", "kind": "infantry", "count": 2, "colonial": "Ind"}],
              pool=[inf("B-Ind", "Britain", colonial="Ind")], hexes=hexes(("0201", CITY("India", control="western"))))
    code, out, _ = run("replacements", p, "--faction", "western", "--json")
    assert code == 0
    assert out["placements"] == [{"unit": "B-Ind", "location": "0201", "paid-with": ["Britain colonial Ind infantry"],
                                  "basis": "a City under Western control in India (British colonial Ind)"}]
    assert out["lost"] == [{"step": "Britain colonial Ind infantry", "count": 1, "rule": "1.3.3",
                            "reason": "only 1 one-step Britain colonial Ind infantry-type unit in the Western Force Pool"}]


WEST = {"Britain": {"status": "active", "alignment": "western"}, "US": {"status": "active", "alignment": "western"}}


def test_1_3_3_2_marine_costs_two_infantry_steps(tmp_path, aeref):
    """1.3.3.2 "A player must use two infantry-type replacement steps to take a onestep airborne or marine unit":
    a US marine paid with one US infantry step is illegal, and the step is not used; paid with two, legal. The
    marine goes to the Eastern US/Canada Off-Map Box (TK 1.3.4 "A US unit can be placed in the Eastern US/Canada
    Off-Map Box")."""
    st = state(tmp_path, game="tk", faction="western", countries=WEST, boxes=["Eastern US/Canada"],
               steps=[{"nationality": "US", "kind": "infantry", "count": 2}], pool=[inf("U-M1", "US", "marine")])
    one = aeref("check-replacements", st, alloc_file(tmp_path, [
        {"unit": "U-M1", "location": "Eastern US/Canada", "paid-with": ["US infantry"]}]), "--faction", "western", "--json")
    assert one.code == 1, one
    assert (one.json["legal"], one.json["steps-used"]) == (False, 0)
    assert [(v["rule"], v["title"], v["message"]) for v in one.json["violations"]] == [
        ("1.3.3.2", "Airborne and Marine Units", "U-M1 (US marine) costs two infantry-type replacement steps, paid with 1")]
    two = aeref("check-replacements", st, alloc_file(tmp_path, [
        {"unit": "U-M1", "location": "Eastern US/Canada", "paid-with": ["US infantry", "US infantry"]}]), "--faction", "western")
    assert two.code == 0, two
    assert two.stdout.startswith("Legal: Western replacements on the TK map (2 of 2 steps used)"), two.stdout
