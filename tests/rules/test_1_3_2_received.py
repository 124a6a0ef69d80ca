"""Steps received (1.3.1, 1.3.2) and steps lost (1.3.3): which markers count, which rule a lost step cites,
and how the output counts them; test-only positions."""
import json

import pytest

from aeref.solver.replacements.relaxed import lost_steps
from aeref.solver.replacements import check_allocation, read_allocation as parse_allocation, steps_received
from aeref.solver.replacements.optimise import optimise

from ..support.cli import run
from ..support.replacements import alloc_file, hexes, inf, position, state

CITY = lambda country, **kw: {"country": country, "city": True, **kw}
WEST = {"Britain": {"status": "active", "alignment": "western"}, "US": {"status": "active", "alignment": "western"},
        "India": {"dependent-of": "Britain", "alignment": "western"}}


def test_1_3_3_quit_india_in_the_maps_strategic_warfare_box(tmp_path):
    """DS 1.3.3 Quit India Restriction: "If the Axis Quit India marker is in the Strategic Warfare Box,
    the Western faction may not take British Ind colonial steps" - also when the marker is in the DS
    map's Strategic Warfare Box of `boxes:` (where `reveal` places what a card puts there, 1.1.2.2)."""
    pos = position(tmp_path, game="ds", faction="western", countries=WEST,
                   steps=[{"nationality": "Britain", "kind": "infantry", "count": 1, "colonial": True}],
                   pool=[inf("B-Ind", "Britain", colonial="Ind")], hexes=hexes(("0201", CITY("India", control="western"))),
                   extra={"boxes": {"strategic-warfare-box": ["Quit India"]}})
    res = optimise(pos, "western", "ds")
    assert res.allocation.steps_used() == 0
    [lost] = lost_steps(res.ctx, res.allocation)
    # the lost step names the unit and the rule that bars it, not "no unit in the Force Pool"
    assert lost["rule"] == "1.3.3" and "B-Ind" in lost["reason"] and "Quit India" in lost["reason"]


def test_1_3_2_us_victory_program_in_the_maps_strategic_warfare_box(tmp_path):
    """1.3.2.5 (TK) US Victory Program: one US infantry and one US armor step, the marker in the TK
    map's Strategic Warfare Box of `boxes:`; in AE the DS map's box does not count on the TK map."""
    pos = position(tmp_path, faction="western", countries=WEST,
                   extra={"boxes": {"strategic-warfare-box": ["US Victory Program"]}})
    got = {(s.nationality, s.kind, s.count) for s in steps_received(pos, "western", "tk")}
    assert got == {("US", "infantry", 1), ("US", "armor", 1)}
    pos = position(tmp_path, game="ae", faction="western", countries=WEST,
                   extra={"boxes": {"ds": {"strategic-warfare-box": ["US Victory Program"]}}})
    assert steps_received(pos, "western", "tk") == []
    assert [(s.nationality, s.kind, s.count) for s in steps_received(pos, "western", "ds")] == [("US", "infantry", 1)]


def test_1_3_3_1_conquered_allied_minor_named_in_the_lost_reason(tmp_path):
    """1.3.3.1: "An Allied faction cannot allocate replacements to a Conquered Allied Minor Country." """
    countries = dict(WEST, Greece={"minor": True, "status": "conquered", "alignment": "western"})
    pos = position(tmp_path, faction="western", countries=countries,
                   steps=[{"nationality": "minor", "kind": "any", "count": 1}], pool=[inf("GR-1", "Greece")],
                   hexes=hexes(("0201", CITY("Greece", markers=[{"type": "partisan-base", "faction": "western"}]))))
    res = optimise(pos, "western", "tk")
    [lost] = lost_steps(res.ctx, res.allocation)
    assert lost["rule"] == "1.3.3.1" and "GR-1" in lost["reason"] and "Western Minor Country" in lost["reason"]


def test_1_3_2_3_no_retreat_pair_violation_titled_no_retreat(tmp_path):
    """1.3.2.3 No Retreat (TK): pairs of No Retreat infantry steps may become German armor steps;
    one step alone buys no armor unit. The violation carries the rule's own title."""
    pos = position(tmp_path, faction="axis", countries={"Germany": {"status": "active", "alignment": "axis"}},
                   markers={"vp": {"side": "axis-tide", "box": 4}, "vp-track": {"No Retreat": 2}},
                   pool=[inf("G-A1", "Germany", "armor"), inf("G-A2", "Germany", "armor"), inf("G-A3", "Germany", "mechanized")],
                   hexes=hexes(("0101", CITY("Germany", control="axis"))))
    ctx, rows, problems = parse_allocation(pos, "axis", "tk", [
        {"unit": "G-A1", "location": "0101", "paid-with": ["Germany infantry", "Germany infantry"]},
        {"unit": "G-A3", "location": "0101", "paid-with": ["Germany infantry"]}], "alloc.yaml")
    assert not problems
    r = check_allocation(ctx, rows)
    v = [x for x in r.violations if x.rule == "1.3.2.3"]
    assert v and v[0].title == "No Retreat"
    # 4 VP: two armor steps (the rules' example)
    res = optimise(pos, "axis", "tk")
    assert res.allocation.steps_used() == 4 and len(res.allocation.placements) == 2


def test_replacements_for_a_faction_not_in_the_state_file_is_bad_input(tmp_path):
    """FORMAT 4: a faction left out of `factions` cannot be queried; asking for it is an input error."""
    p = state(tmp_path, faction="soviet", steps=[{"nationality": "Russia", "kind": "infantry", "count": 1}],
              pool=[inf("R-1")], hexes=hexes(("0101", CITY("Russia"))))
    r = run("replacements", p, "--faction", "axis")
    assert r.exit_code == 2 and r.stderr.count("Error:") == 1 and "faction axis is not in the state file" in r.stderr
    a = tmp_path / "a.yaml"
    a.write_text("[]\n")
    r = run("check-replacements", p, a, "--faction", "western")
    assert r.exit_code == 2 and r.stderr.count("Error:") == 1


def test_replacements_text_counts_any_steps_once(tmp_path):
    """Human output: `2 minor steps`, not `2 minor step` / `1 minor step step`."""
    countries = {"Russia": {"status": "active", "alignment": "soviet"}, "Poland": {"minor": True, "status": "active", "alignment": "soviet"}}
    p = state(tmp_path, faction="soviet", countries=countries, steps=[{"nationality": "minor", "kind": "any", "count": 2}],
              pool=[inf("P-1", "Poland")], hexes=hexes(("0101", CITY("Poland"))))
    r = run("replacements", p, "--faction", "soviet")
    assert r.exit_code == 0
    assert "(2 minor steps)" in r.stdout and "Lost: 1 minor step [" in r.stdout and "step step" not in r.stdout
    data = json.loads(run("replacements", p, "--faction", "soviet", "--json").stdout)
    assert data["lost"][0]["step"] == "minor step"          # the JSON label is unchanged


def test_check_replacements_unused_steps_a_unit_could_still_take(tmp_path):
    """1.3.3: "If a player cannot take all his replacement steps ... the extra unplaced replacement steps
    are lost." A proposed allocation that leaves steps unused although a unit could still take them
    says so, instead of blaming stacking (an Off-Map Box has no stacking limit) or a two-step cost."""
    countries = dict(WEST)
    pos = position(tmp_path, faction="western", countries=countries,
                   steps=[{"nationality": "US", "kind": "infantry", "count": 1}, {"nationality": "US", "kind": "armor", "count": 1}],
                   pool=[inf("US-AB", "US", "airborne")], boxes=["Eastern US/Canada"])
    ctx, rows, problems = parse_allocation(pos, "western", "tk", [], "alloc.yaml")
    r = check_allocation(ctx, rows)
    assert r.legal and r.steps_used == 0
    assert [(x["step"], x["count"], x["rule"]) for x in r.lost] == [("US infantry", 1, "1.3.3"), ("US armor", 1, "1.3.3")]
    for lost in r.lost:
        assert lost["reason"] == ("this allocation leaves it unused, although US-AB (US airborne) could still be taken "
                                  "with US armor, US infantry and placed in Eastern US/Canada; unplaced replacement steps are lost")
    # taken, nothing is lost; with one step only, the airborne unit's two-step cost (1.3.3.2) loses it
    ctx, rows, problems = parse_allocation(pos, "western", "tk", [{"unit": "US-AB", "location": "Eastern US/Canada",
                                                                   "paid-with": ["US infantry", "US armor"]}], "alloc.yaml")
    r = check_allocation(ctx, rows)
    assert r.legal and r.steps_used == 2 and r.lost == []
    pos = position(tmp_path, faction="western", countries=countries, steps=[{"nationality": "US", "kind": "infantry", "count": 1}],
                   pool=[inf("US-AB", "US", "airborne")], boxes=["Eastern US/Canada"])
    ctx, rows, problems = parse_allocation(pos, "western", "tk", [], "alloc.yaml")
    r = check_allocation(ctx, rows)
    assert [(x["step"], x["count"], x["rule"]) for x in r.lost] == [("US infantry", 1, "1.3.3.2")]
    assert "could still be taken" not in r.lost[0]["reason"] and "US-AB costs two infantry-type steps" in r.lost[0]["reason"]


def test_check_replacements_bad_allocation_one_error_line_without_validate_hint(tmp_path):
    """Bad input: exit 2, one Error: line naming the allocation file and every place."""
    p = state(tmp_path, faction="soviet", steps=[{"nationality": "Russia", "kind": "infantry", "count": 1}],
              pool=[inf("R-1")], hexes=hexes(("0101", CITY("Russia"))))
    a = tmp_path / "a.yaml"
    a.write_text('- {unit: R-1, location: "9999"}\n- {unit: XX, location: "0101"}\n')
    r = run("check-replacements", p, a, "--faction", "soviet")
    assert r.exit_code == 2 and r.stderr.count("Error:") == 1 and r.stderr.count("\n") == 1
    assert "a.yaml: [0].location:" in r.stderr and "[1].unit:" in r.stderr and "aeref validate" not in r.stderr


def test_1_3_2_3_a_no_retreat_step_lost_in_a_pair_exchange_cites_no_retreat(tmp_path):
    """1.3.2.3 No Retreat: 3 VP give three infantry steps; with German armor units only, one pair buys one
    armor unit and the third step is lost - by No Retreat's pair exchange (1.3.2.3), not 1.3.3.2."""
    pos = position(tmp_path, faction="axis", countries={"Germany": {"status": "active", "alignment": "axis"}},
                   markers={"vp": {"side": "axis-tide", "box": 3}, "vp-track": {"No Retreat": 2}},
                   pool=[inf("G-A1", "Germany", "armor"), inf("G-A2", "Germany", "armor")],
                   hexes=hexes(("0101", CITY("Germany", control="axis"))))
    res = optimise(pos, "axis", "tk")
    assert res.allocation.steps_used() == 2
    [lost] = lost_steps(res.ctx, res.allocation)
    assert lost["count"] == 1 and lost["rule"] == "1.3.2.3"
    assert "1.3.2.3 No Retreat" in lost["reason"] and "1.3.3.2" not in lost["reason"]


def test_a_step_lost_to_stacking_names_the_rule_that_decides(tmp_path):
    """Steps left because every place breaks a stacking rule cite that rule - 9.2 or 9.1 - with its values,
    never "9.2 or 9.1"."""
    own = lambda i, nat="Russia": {"id": f"X-{i}", "faction": "soviet", "nationality": nat, "type": "infantry", "steps": 2}
    countries = {"Russia": {"status": "active", "alignment": "soviet"},
                 "Mongolia": {"minor": True, "status": "active", "alignment": "soviet"},
                 "Tuva": {"minor": True, "status": "active", "alignment": "soviet"}}
    full = hexes(("0101", CITY("Russia", units=[own(1), own(2)])))
    pos = position(tmp_path, countries=countries, steps=[{"nationality": "Russia", "kind": "infantry", "count": 2}],
                   pool=[inf("R-1"), inf("R-2")], hexes=full)
    res = optimise(pos, "soviet", "tk")
    [lost] = lost_steps(res.ctx, res.allocation)
    assert res.allocation.steps_used() == 1 and lost["rule"] == "9.2" and "limit is 3" in lost["reason"]
    assert " or " not in lost["reason"]
    mixed = hexes(("0201", {"country": "Mongolia", "markers": [{"type": "partisan-base", "faction": "soviet"}],
                            "units": [own(3, "Tuva")]}))
    pos = position(tmp_path, countries=countries, steps=[{"nationality": "minor", "kind": "any", "count": 1}],
                   pool=[inf("MO-1", "Mongolia")], hexes=mixed)
    res = optimise(pos, "soviet", "tk")
    [lost] = lost_steps(res.ctx, res.allocation)
    assert res.allocation.steps_used() == 0 and lost["rule"] == "9.1" and "different Minor Countries" in lost["reason"]


def test_check_replacements_a_step_paid_illegally_is_not_used_and_the_unused_reason_is_true(tmp_path):
    """1.3.3 Unit-Type Limitation: a Japanese armor unit paid with an infantry step breaks the rule; that step
    is not used, and the other infantry step is left because no infantry-type unit is in the Force Pool (not
    "only 1 ... unit": the armor unit is none)."""
    pos = position(tmp_path, game="ds", faction="axis", countries={"Japan": {"alignment": "axis", "status": "active"}},
                   steps=[{"nationality": "Japan", "kind": "infantry", "count": 2}], pool=[inf("J-A", "Japan", "armor")],
                   hexes=hexes(("1706", CITY("Japan", control="axis"))))
    ctx, rows, problems = parse_allocation(pos, "axis", "ds", [
        {"unit": "J-A", "location": "1706", "paid-with": ["Japan infantry"]}], "alloc.yaml")
    r = check_allocation(ctx, rows)
    assert not r.legal and r.steps_used == 0 and sum(x["count"] for x in r.lost) == 2
    reasons = {x["reason"] for x in r.lost}
    assert any(x.startswith("no one-step Japan infantry-type unit in the Axis Force Pool") for x in reasons)
    assert any(x.startswith("spent on J-A, whose placement breaks 1.3.3 Unit-Type Limitation") for x in reasons)
    assert not any("only 1" in x for x in reasons)


def _lost(pos, faction="soviet", map_="tk"):
    res = optimise(pos, faction, map_)
    return res.allocation.steps_used(), lost_steps(res.ctx, res.allocation)


def test_9_1_a_step_lost_where_placements_break_different_rules_is_charged_to_the_first_rule_relaxed(tmp_path):
    """1.3.3 lost steps: when the placements possible break different rules (9.1 in a Partisan Base hex holding
    another Minor Country's unit, 9.2 in four full Cities), the step is charged to the rule whose relaxation
    first adds it to the optimum, in the order 9.1, 9.2, 1.3.4, 1.3.3.1 (relaxing 9.1 alone places MO-1 in
    0201): 9.1, and the reason names the hex and the unit there (it used to be the rule most placements
    tried break, 9.2, a count that depended on how many were tried)."""
    own = lambda i, nat: {"id": f"X-{i}", "faction": "soviet", "nationality": nat, "type": "infantry", "steps": 2}
    countries = {"Russia": {"status": "active", "alignment": "soviet"},
                 "Mongolia": {"minor": True, "status": "active", "alignment": "soviet"},
                 "Tuva": {"minor": True, "status": "active", "alignment": "soviet"}}
    h = hexes(("0201", {"country": "Mongolia", "markers": [{"type": "partisan-base", "faction": "soviet"}], "units": [own(1, "Tuva")]}),
              *[(f"020{k}", CITY("Mongolia", units=[own(10 * k + j, "Mongolia") for j in range(3)])) for k in range(2, 6)])
    pos = position(tmp_path, countries=countries, steps=[{"nationality": "minor", "kind": "any", "count": 1}],
                   pool=[inf("MO-1", "Mongolia")], hexes=h)
    assert _lost(pos) == (0, [{"step": "minor step", "count": 1, "rule": "9.1", "reason":
                               "MO-1 could take it but for 9.1 Minor Country Stacking: 0201 holds X-1 (Tuva): ground "
                               "units of different Minor Countries cannot stack with MO-1 (Mongolia infantry)"}])
    # with one full City only: the same rule (9.1 relaxed alone adds the step)
    h = {k: v for k, v in h.items() if k in ("0201", "0202")}
    pos = position(tmp_path, countries=countries, steps=[{"nationality": "minor", "kind": "any", "count": 1}],
                   pool=[inf("MO-1", "Mongolia")], hexes=h)
    used, [lost] = _lost(pos)
    assert used == 0 and lost["rule"] == "9.1" and "0201 holds X-1 (Tuva)" in lost["reason"], lost


def test_a_step_lost_to_an_enemy_unit_in_the_only_location_names_it(tmp_path):
    """1.3.4 "a replacement unit cannot be placed in a hex that contains an enemy ground unit": the step is
    lost and the reason names the hex and the unit."""
    g = {"id": "G-1", "faction": "axis", "nationality": "Germany", "type": "infantry"}
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 1}], pool=[inf("R-1")],
                   hexes=hexes(("0101", CITY("Russia", units=[g]))))
    assert _lost(pos) == (0, [{"step": "Russia infantry", "count": 1, "rule": "1.3.4", "reason":
                               "the one-step Russia infantry-type units left in the Force Pool cannot be placed: "
                               "R-1: enemy units or markers in 0101 (Axis ground unit G-1)"}])


def test_steps_lost_for_want_of_units_count_them_and_name_garrisons(tmp_path):
    """1.3.3 Force Pool Limitation with one unit ("only 1 ... unit", singular) and 1.3.3.3 (a garrison unit is
    never taken: named in the reason when no other unit can be)."""
    h = hexes(("0101", CITY("Russia")))
    steps = [{"nationality": "Russia", "kind": "infantry", "count": 2}]
    pos = position(tmp_path, steps=steps, pool=[inf("R-G", type_="garrison"), inf("R-1")], hexes=h)
    assert _lost(pos) == (1, [{"step": "Russia infantry", "count": 1, "rule": "1.3.3",
                               "reason": "only 1 one-step Russia infantry-type unit in the Soviet Force Pool"}])
    pos = position(tmp_path, steps=steps, pool=[inf("R-G", type_="garrison")], hexes=h)
    assert _lost(pos) == (0, [{"step": "Russia infantry", "count": 2, "rule": "1.3.3", "reason":
                               "no one-step Russia infantry-type unit in the Soviet Force Pool that can be taken "
                               "(garrison units R-G are never taken, 1.3.3.3)"}])


@pytest.mark.parametrize("game, faction, steps, want", [
    ("ds", "western", [{"nationality": "US", "kind": "infantry", "count": 1, "source": "US Victory Program"}],
     [("US infantry", "1.3.2.4", "US Victory Program")]),                                     # △ DS numbering
    ("tk", "western", [{"nationality": "US", "kind": "infantry", "count": 1, "source": "US Victory Program"}],
     [("US infantry", "1.3.2.5", "US Victory Program")]),
    ("ds", "axis", [{"nationality": "Japan", "kind": "infantry", "count": 2, "pairs-to-armor": True, "source": "Hakko Ichiu"}],
     [("Japan infantry (Hakko Ichiu)", "1.3.2.1", "Hakko Ichiu")]),
    ("ds", "axis", [{"nationality": "Japan", "kind": "infantry", "count": 2, "pairs-to-armor": True, "source": "No Retreat"}],
     [("Japan infantry (No Retreat)", "1.3.2", "Additional Seasonal Replacements")]),         # a TK marker on DS
])
def test_stated_steps_name_the_1_3_2_rule_of_their_map(tmp_path, game, faction, steps, want):
    """Steps written in the state file with a `source` that names a marker of 1.3.2 are that marker's steps,
    under its number on that map's list (△: the lists differ); a marker of the other map's list is no rule."""
    from aeref.solver.replacements.segment import make_context
    m = "ds" if game == "ds" else "tk"
    pos = position(tmp_path, game=game, faction=faction, steps=steps, pool=[],
                   countries={"US": {"alignment": "western"}, "Japan": {"alignment": "axis"}})
    ctx = make_context(pos, faction, m)
    assert [(k, p.rule.number, p.rule.title) for k, p in ctx.pools.items()] == want


def test_steps_lost_for_want_of_a_place_count_the_units_past_three(tmp_path):
    """A lost step's reason lists three of the units that found no place and counts the rest."""
    g = {"id": "G-1", "faction": "axis", "nationality": "Germany", "type": "infantry"}
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 2}],
                   pool=[inf(f"R-{i}") for i in range(1, 6)], hexes=hexes(("0101", CITY("Russia", units=[g]))))
    assert _lost(pos) == (0, [{"step": "Russia infantry", "count": 2, "rule": "1.3.4", "reason":
                               "the one-step Russia infantry-type units left in the Force Pool cannot be placed: "
                               "R-1, R-2, R-3 and 2 more: enemy units or markers in 0101 (Axis ground unit G-1)"}])


def test_chinese_steps_lost_name_the_chinese_countries_1_3_1(tmp_path):
    """1.3.1 △ DS: Communist Chinese steps with no Soviet Chinese Country unit to take them are lost, and the
    reason says which units were wanted."""
    pos = position(tmp_path, game="ds", countries={"Shensi": {"chinese": True, "alignment": "soviet"}},
                   steps=[{"nationality": "Communist Chinese", "kind": "infantry", "count": 1}], pool=[],
                   hexes=hexes(("2001", CITY("Shensi"))))
    assert _lost(pos, "soviet", "ds") == (0, [{"step": "Communist Chinese infantry", "count": 1, "rule": "1.3.3", "reason":
        "no one-step Communist Chinese Country infantry-type unit in the Soviet Force Pool that can be taken"}])


def test_two_step_lines_of_one_kind_are_one_pool(tmp_path):
    """Steps of one nationality and kind from two lines of the file are one pool: their counts add up."""
    from aeref.solver.replacements.segment import make_context
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 2},
                                    {"nationality": "Russia", "kind": "infantry", "count": 3}], pool=[])
    assert [(k, p.count) for k, p in make_context(pos, "soviet", "tk").pools.items()] == [("Russia infantry", 5)]


def test_ae_a_strategic_warfare_box_marker_without_a_map_is_noted_1_3_2(tmp_path):
    """AE: each map has its own Strategic Warfare Box; a marker written without a map counts on neither, and
    the Replacements Segment says so and how to write it."""
    from aeref.solver.replacements.received import unplaced_notes
    pos = position(tmp_path, game="ae", faction="western", map_="ds", steps=None, pool=[],
                   markers={"strategic-warfare-box": ["US Victory Program"]},
                   countries={"US": {"alignment": "western", "posture": "war"}})
    assert unplaced_notes(pos, "ds") == [
        "US Victory Program is listed in markers.strategic-warfare-box without a map: in AE each map has its own "
        "Strategic Warfare Box, so it is not counted on the DS map (write it under markers: "
        "{ds: {strategic-warfare-box: [...]}} or boxes)"]


# ----------------------------------------------------------------------------- 1.3.2.1 Hakko Ichiu, 1.3.2.3 No Retreat steps on two lines

def test_1_3_2_1_hakko_ichiu_one_step_does_not_buy_an_armor_unit(tmp_path, aeref):
    """1.3.2.1 Hakko Ichiu (DS): a pair of the infantry steps is exchanged for one armor step; one alone buys no armor unit."""
    japan = {"Japan": {"posture": "war", "status": "active", "alignment": "axis"}}
    st = state(tmp_path, game="ds", faction="axis", countries=japan,
               steps=[{"nationality": "Japan", "kind": "infantry", "count": 2, "pairs-to-armor": True, "source": "Hakko Ichiu"}],
               pool=[inf("J-A1", "Japan", "armor", faction="axis")],
               hexes=hexes(("1001", CITY("Japan", **{"supply-source": "Japan"}))))
    why = ("J-A1 (Japan armor): one Japan infantry (Hakko Ichiu) step is an infantry step; "
           "a pair of them is exchanged for one armor step")
    a = alloc_file(tmp_path, [{"unit": "J-A1", "location": "1001", "paid-with": ["Japan infantry (Hakko Ichiu)"]}])
    r = aeref("check-replacements", st, a, "--faction", "axis")
    assert (r.code, r.stdout, r.stderr) == (1, (
        "Illegal: Axis replacements on the DS map (0 of 2 steps used)\n"
        f"  1.3.2.1 Hakko Ichiu: {why}\n"
        "  Unused: 1 Japan infantry (Hakko Ichiu) step [1.3.3] only 1 one-step Japan infantry-type (or, with a pair, armor-type) unit in the Axis Force Pool\n"
        f"  Unused: 1 Japan infantry (Hakko Ichiu) step [1.3.2.1] spent on J-A1, whose placement breaks 1.3.2.1 Hakko Ichiu: {why}\n"
        "Interpretations: airborne-steps=armor-counts, partisan-base-faction=own, soviet-off-map-boxes=Eastern Europe\n"), "")


GERMANY = {"Germany": {"posture": "war", "status": "active", "alignment": "axis"}}


def test_1_3_2_3_no_retreat_steps_stated_on_two_lines_keep_their_rule(tmp_path, aeref):
    """1.3.2.3 No Retreat: steps stated on two lines form one pool that still cites 1.3.2.3 when its last step,
    too few for a pair, is lost."""
    steps = [{"nationality": "Germany", "kind": "infantry", "count": 1, "pairs-to-armor": True, "source": "No Retreat"},
             {"nationality": "Germany", "kind": "infantry", "count": 2, "pairs-to-armor": True, "source": "1.3.2.3 No Retreat"}]
    p = state(tmp_path, faction="axis", countries=GERMANY, steps=steps,
              pool=[inf("G-A1", "Germany", "armor"), inf("G-A2", "Germany", "armor")],
              hexes=hexes(("0101", CITY("Germany", control="axis"))))
    r = aeref("replacements", p, "--faction", "axis", "--json")
    code, out = r.code, r.json
    assert (code, out["steps-received"], out["steps-used"]) == (0, 3, 2)
    assert out["received"] == [{"step": "Germany infantry (No Retreat)", "count": 3, "sources": ["No Retreat", "1.3.2.3 No Retreat"]}]
    assert out["lost"] == [{"step": "Germany infantry (No Retreat)", "count": 1, "rule": "1.3.2.3", "reason":
                            "one Germany infantry (No Retreat) step is left, and G-A2 is an armor-type unit, for which only a "
                            "pair of Germany infantry (No Retreat) steps is exchanged (1.3.2.3 No Retreat)"}]
