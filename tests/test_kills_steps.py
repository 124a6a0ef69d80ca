"""Steps received, pooled and lost in the Replacements Segment (1.3.2, 1.3.3, 1.3.3.2, 1.3.4, 9.1), as
``aeref replacements`` / ``check-replacements --json`` report them: the pool label of colonial-code steps,
the rule of steps stated on two lines, the reasons of lost steps word for word, the near miss of a
Logistics marker that cannot trace an overland supply line, and Minor Country names compared
case-insensitively for 9.1.

Test-only data: hex numbers, Force Pools and unit ids are made up for the tests; countries, markers and
unit types are the rules text's."""
from __future__ import annotations

import json

from click.testing import CliRunner

from aeref.cli.main import cli

from .support.replacements import alloc_file, hexes, inf, state

CITY = lambda country, **kw: {"country": country, "city": True, **kw}
GERMANY = {"Germany": {"posture": "war", "status": "active", "alignment": "axis"}}
SOVIET_MINORS = {"Russia": {"status": "active", "alignment": "soviet"},
                 "Mongolia": {"minor": True, "status": "active", "alignment": "soviet"},
                 "Tuva": {"minor": True, "status": "active", "alignment": "soviet"}}


def run(*args):
    """Run aeref with ``--json``: ``(exit code, parsed JSON)``."""
    r = CliRunner().invoke(cli, [str(a) for a in args] + ["--json"])
    assert r.exit_code in (0, 1), r.output + r.stderr
    return r.exit_code, json.loads(r.stdout)


def test_1_3_3_lost_steps_list_four_placements_tried_and_count_no_more(tmp_path):
    """1.3.3 "the extra unplaced replacement steps are lost": four placements tried, breaking 9.2 and 9.1, are
    all listed and nothing is said of more placements."""
    own = lambda i, nat: {"id": f"X-{i}", "faction": "soviet", "nationality": nat, "type": "infantry", "steps": 2}
    h = hexes(("0201", {"country": "Mongolia", "markers": [{"type": "partisan-base", "faction": "soviet"}],
                        "units": [own(1, "Tuva")]}),
              *[(f"020{k}", CITY("Mongolia", units=[own(10 * k + j, "Mongolia") for j in range(3)])) for k in range(2, 5)])
    p = state(tmp_path, countries=SOVIET_MINORS, steps=[{"nationality": "minor", "kind": "any", "count": 1}],
              pool=[inf("MO-1", "Mongolia")], hexes=h)
    code, out = run("replacements", p, "--faction", "soviet")
    full = "MO-1 in {0} breaks 9.2 Stacking: {0} already holds 3 friendly ground units, the limit is 3: placing MO-1 there exceeds it"
    assert (code, out["steps-used"]) == (0, 0)
    assert out["lost"] == [{"step": "minor step", "count": 1, "rule": "9.2", "reason":
                            "; ".join(full.format(f"020{k}") for k in range(2, 5))
                            + "; MO-1 in 0201 breaks 9.1 Minor Country Stacking: 0201 holds X-1 (Tuva): ground units of "
                              "different Minor Countries cannot stack with MO-1 (Mongolia infantry)"}]


def test_1_3_3_2_one_step_left_for_an_airborne_and_an_armor_unit(tmp_path):
    """1.3.3.2 "two infantry-type replacement steps to take a onestep airborne ... unit" and 1.3.2.3 "exchange pairs
    of them for single German armor steps": one No Retreat step left names both reasons, joined by "and"."""
    steps = [{"nationality": "Germany", "kind": "infantry", "count": 1, "pairs-to-armor": True, "source": "No Retreat"}]
    p = state(tmp_path, faction="axis", countries=GERMANY, steps=steps,
              pool=[inf("G-AB", "Germany", "airborne"), inf("G-A", "Germany", "armor")],
              hexes=hexes(("0101", CITY("Germany", control="axis"))))
    code, out = run("replacements", p, "--faction", "axis")
    assert (code, out["steps-used"]) == (0, 0)
    assert out["lost"] == [{"step": "Germany infantry (No Retreat)", "count": 1, "rule": "1.3.2.3", "reason":
                            "one Germany infantry (No Retreat) step is left, and G-AB costs two infantry-type steps "
                            "(1.3.3.2 Airborne and Marine Units) and G-A is an armor-type unit, for which only a pair of "
                            "Germany infantry (No Retreat) steps is exchanged (1.3.2.3 No Retreat)"}]


def test_1_3_2_3_no_retreat_steps_stated_on_two_lines_keep_their_rule(tmp_path):
    """1.3.2.3 No Retreat: steps stated on two lines form one pool that still cites 1.3.2.3 when its last step,
    too few for a pair, is lost."""
    steps = [{"nationality": "Germany", "kind": "infantry", "count": 1, "pairs-to-armor": True, "source": "No Retreat"},
             {"nationality": "Germany", "kind": "infantry", "count": 2, "pairs-to-armor": True, "source": "1.3.2.3 No Retreat"}]
    p = state(tmp_path, faction="axis", countries=GERMANY, steps=steps,
              pool=[inf("G-A1", "Germany", "armor"), inf("G-A2", "Germany", "armor")],
              hexes=hexes(("0101", CITY("Germany", control="axis"))))
    code, out = run("replacements", p, "--faction", "axis")
    assert (code, out["steps-received"], out["steps-used"]) == (0, 3, 2)
    assert out["received"] == [{"step": "Germany infantry (No Retreat)", "count": 3, "sources": ["No Retreat", "1.3.2.3 No Retreat"]}]
    assert out["lost"] == [{"step": "Germany infantry (No Retreat)", "count": 1, "rule": "1.3.2.3", "reason":
                            "one Germany infantry (No Retreat) step is left, and G-A2 is an armor-type unit, for which only a "
                            "pair of Germany infantry (No Retreat) steps is exchanged (1.3.2.3 No Retreat)"}]


def test_1_3_3_5_colonial_steps_with_a_code_are_labelled_with_it(tmp_path):
    """1.3.3.5 Colonial Units (DS 1.3.4 "Ind - India"): British colonial Ind steps are paid and lost under the label
    "Britain colonial Ind infantry"."""
    west = {"Britain": {"status": "active", "alignment": "western"}, "India": {"dependent-of": "Britain", "alignment": "western"}}
    p = state(tmp_path, game="ds", faction="western", countries=west,
              steps=[{"nationality": "Britain", "kind": "infantry", "count": 2, "colonial": "Ind"}],
              pool=[inf("B-Ind", "Britain", colonial="Ind")], hexes=hexes(("0201", CITY("India", control="western"))))
    code, out = run("replacements", p, "--faction", "western")
    assert code == 0
    assert out["placements"] == [{"unit": "B-Ind", "location": "0201", "paid-with": ["Britain colonial Ind infantry"],
                                  "basis": "a City under Western control in India (British colonial Ind)"}]
    assert out["lost"] == [{"step": "Britain colonial Ind infantry", "count": 1, "rule": "1.3.3",
                            "reason": "only 1 one-step Britain colonial Ind infantry-type unit in the Western Force Pool"}]


def test_1_3_4_soviet_logistics_marker_without_an_overland_supply_line(tmp_path):
    """1.3.4 "A Russian unit can be placed in the hex containing the Soviet Logistics marker if it can trace an
    overland supply line to a supply source in Russia": the lost step names the overland line the marker lacks."""
    h = hexes(("0101", {"country": "Russia", "supply-source": "Russia", "neighbours": []}),
              ("0103", {"country": "Poland", "neighbours": [], "markers": [{"type": "logistics", "faction": "soviet"}]}))
    p = state(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 1}], pool=[inf("R-1")], hexes=h,
              countries={"Russia": {"posture": "war", "status": "active", "alignment": "soviet"}, "Poland": {"alignment": "axis"}})
    code, out = run("replacements", p, "--faction", "soviet")
    assert (code, out["steps-used"]) == (0, 0)
    assert out["lost"] == [{"step": "Russia infantry", "count": 1, "rule": "1.3.4", "reason":
                            "the one-step Russia infantry-type units left in the Force Pool cannot be placed: R-1: the Soviet "
                            "Logistics marker in 0103 cannot trace an overland supply line to a supply source in Russia: "
                            "no line of neighbouring hexes runs from 0103 to 0101"}]


def test_9_1_minor_country_names_compare_case_insensitively(tmp_path):
    """9.1 "ground units of different Minor Countries cannot stack together": a unit written "MONGOLIA" is of the
    same Minor Country as a Mongolian replacement, and a unit written "tuva" is named as the file names Tuva."""
    own = lambda uid, nat: {"id": uid, "faction": "soviet", "nationality": nat, "type": "infantry", "steps": 1}
    h = hexes(("0201", CITY("Mongolia", units=[own("X-1", "MONGOLIA")])), ("0202", CITY("Mongolia", units=[own("X-3", "tuva")])))
    p = state(tmp_path, countries=SOVIET_MINORS, steps=[{"nationality": "minor", "kind": "any", "count": 2}],
              pool=[inf("MO-1", "Mongolia"), inf("MO-2", "Mongolia")], hexes=h)
    a = alloc_file(tmp_path, [{"unit": "MO-1", "location": "0201", "paid-with": ["minor step"]},
                              {"unit": "MO-2", "location": "0202", "paid-with": ["minor step"]}])
    msg = "0202 holds X-3 (Tuva): ground units of different Minor Countries cannot stack with MO-2 (Mongolia infantry)"
    code, out = run("check-replacements", p, a, "--faction", "soviet")
    assert code == 1
    assert out["violations"] == [{"rule": "9.1", "title": "Minor Country Stacking", "message": msg}]
    assert (out["steps-used"], out["lost"]) == (1, [{"step": "minor step", "count": 1, "rule": "9.1", "reason":
                                                     f"spent on MO-2, whose placement breaks 9.1 Minor Country Stacking: {msg}"}])
