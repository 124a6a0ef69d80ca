"""Rules that changes by hand once broke with no test noticing (issue 12), each pinned by a worked
example that names its rule: the Western Limited War Blitz restriction on the DS map (1.1.3.3), whose
Partisan Base counts in 1.3.4 (interpretation partisan-base-faction), two new units of different Minor
Countries in one hex (9.1), the 6-step stacking limit (9.2), and `why`'s time limit shared by all its
solves. Positions are test-only data.
"""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from aeref.cli.main import cli
from aeref.model.position import load_position
from aeref.solver.choices import why
from aeref.solver.replacements import check_allocation, read_allocation
from aeref.solver.replacements.optimise import optimise
from aeref.solver.selection import check

from .support.clock import solves_take_their_budget
from .support.replacements import hexes, inf, position

# ----------------------------------------------------------------------------- 1.1.3.3 Sequential, DS map

LWB = """
game: {game}
turn: Aug-Sept 1938
war-state: {war_state}
factions:
  western:
    {map}: {{current: 30, hand: [31, 32, 33]}}
cards:
  - {{map: {map}, faction: western, number: 30, name: Test Only Blitz A, war-state: limited, blitz: 1}}
  - {{map: {map}, faction: western, number: 31, name: Test Only Blitz B, war-state: limited, blitz: 2}}
  - {{map: {map}, faction: western, number: 32, name: Test Only Blitz C, war-state: total, blitz: 1}}
  - {{map: {map}, faction: western, number: 33, name: Test Only Plain, war-state: limited}}
"""


@pytest.mark.parametrize("game, map_, war_state", [("ds", "ds", "total"), ("tk", "tk", "total"),
                                                   ("ae", "ds", "{tk: total, ds: total}")])
def test_1_1_3_3_western_limited_war_blitz_cards_not_back_to_back_on_either_map(tmp_path, game, map_, war_state):
    """1.1.3.3 Sequential Selection Restrictions, "Western: Limited War Blitz cards" - in both rules files
    (no triangle): with a gray Limited War card with a Blitz Value as the Current Card, another such card
    cannot be selected on that map; a red card with a Blitz Value is no Limited War Blitz card, nor is a
    gray card without one (FORMAT 2)."""
    text = LWB.format(game=game, map=map_, war_state=war_state)
    if game == "ae":
        text = text.replace("    ds: {current", "    tk: {hand: []}\n    ds: {current")
    (tmp_path / "s.yaml").write_text(text)
    pos = load_position(tmp_path / "s.yaml")
    blitz = check(pos, "western", {map_: f"{map_}-western-31"})
    assert [(v.rule, v.title) for v in blitz.violations] == [("1.1.3.3", "Sequential Selection Restrictions")]
    assert f"{map_}-western-30" in blitz.violations[0].message and "Limited War Blitz" in blitz.violations[0].message
    assert check(pos, "western", {map_: f"{map_}-western-32"}).legal
    assert check(pos, "western", {map_: f"{map_}-western-33"}).legal


# ----------------------------------------------------------------------------- 1.3.4 Partisan Bases

MINOR = {"Greece": {"minor": True, "status": "active", "alignment": "western"}}


@pytest.mark.parametrize("whose, own, any_", [("western", True, True), (None, True, True), ("soviet", False, True),
                                              ("axis", False, True)])
def test_1_3_4_partisan_base_faction_own_and_any(tmp_path, whose, own, any_):
    """1.3.4 "A Minor Country unit can be placed in a Home Country hex that contains a Partisan Base marker",
    whose Base being the interpretation partisan-base-faction: `own` (default) - the placing faction's, or
    one whose faction the file does not say; `any` - a Partisan Base of any faction."""
    base = {"type": "partisan-base"} if whose is None else {"type": "partisan-base", "faction": whose}
    kw = dict(faction="western", countries=MINOR, steps=[{"nationality": "minor", "kind": "any", "count": 1}],
              pool=[inf("GR-1", "Greece")], hexes=hexes(("0201", {"country": "Greece", "markers": [base]})))
    for value, placed in (("own", own), ("any", any_)):
        pos = position(tmp_path, **kw, extra={"interpretations": {"partisan-base-faction": value}})
        res = optimise(pos, "western", "tk")
        assert res.allocation.steps_used() == int(placed), (value, whose)
        ctx, rows, problems = read_allocation(pos, "western", "tk", [{"unit": "GR-1", "location": "0201", "paid-with": ["minor infantry"]}], "a.yaml")
        ruling = check_allocation(ctx, rows)
        assert ruling.legal == placed, (value, whose, ruling.violations)
        assert ruling.interpretations["partisan-base-faction"] == value
        if not placed:
            assert [(v.rule, v.title) for v in ruling.violations] == [("1.3.4", "Replacement Locations")]


# ----------------------------------------------------------------------------- 9.1 / 9.2

SOVIET_MINORS = {"Russia": {"posture": "war", "status": "active", "alignment": "soviet"},
                 "Mongolia": {"minor": True, "status": "active", "alignment": "soviet"},
                 "Tuva": {"minor": True, "status": "active", "alignment": "soviet"}}


def _rule(pos, faction, map_, rows):
    ctx, parsed, problems = read_allocation(pos, faction, map_, rows, "alloc.yaml")
    assert not problems, problems
    return check_allocation(ctx, parsed)


def test_9_1_two_new_units_of_different_minor_countries_in_one_hex(tmp_path):
    """9.1 "ground units of different Minor Countries cannot stack together": two replacement units of two
    Minor Countries placed in the same hex break it - both of them, and each is named - even though no
    unit was there before (the Tuva unit breaks 1.3.4 too: a Mongolian City is not its Home Country)."""
    pos = position(tmp_path, countries=SOVIET_MINORS, steps=[{"nationality": "minor", "kind": "any", "count": 2}],
                   pool=[inf("MO-1", "Mongolia"), inf("TU-1", "Tuva")],
                   hexes=hexes(("0301", {"country": "Mongolia", "city": True}), ("0302", {"country": "Tuva", "city": True})))
    r = _rule(pos, "soviet", "tk", [{"unit": "MO-1", "location": "0301", "paid-with": ["minor infantry"]},
                                    {"unit": "TU-1", "location": "0301", "paid-with": ["minor infantry"]}])
    rules = [(v.rule, v.title) for v in r.violations]
    assert ("9.1", "Minor Country Stacking") in rules and ("1.3.4", "Replacement Locations") in rules
    [stack] = [v for v in r.violations if v.rule == "9.1"]
    assert "MO-1" in stack.message and "TU-1" in stack.message and "0301" in stack.message
    # each in its own Home Country: legal, both steps used
    r = _rule(pos, "soviet", "tk", [{"unit": "MO-1", "location": "0301", "paid-with": ["minor infantry"]},
                                    {"unit": "TU-1", "location": "0302", "paid-with": ["minor infantry"]}])
    assert r.legal and r.steps_used == 2


def test_9_1_a_replacement_never_joins_a_unit_of_another_minor_country(tmp_path):
    """9.1: a Mongolian replacement cannot be placed where a Tuvan unit stands (it stays in the Force Pool:
    the optimiser uses no step), a Russian one can (only Minor Countries are restricted)."""
    here = [{"id": "TU-9", "faction": "soviet", "nationality": "Tuva", "type": "infantry"}]
    pos = position(tmp_path, countries=SOVIET_MINORS,
                   steps=[{"nationality": "minor", "kind": "any", "count": 1}, {"nationality": "Russia", "kind": "infantry", "count": 1}],
                   pool=[inf("MO-1", "Mongolia"), inf("R-1")],
                   hexes=hexes(("0301", {"country": "Mongolia", "city": True, "units": here}), ("0101", {"country": "Russia", "city": True, "units": [dict(here[0], id="TU-8")]})))
    res = optimise(pos, "soviet", "tk")
    assert res.allocation.placements == [("R-1", "0101", ("Russia infantry",))]
    r = _rule(pos, "soviet", "tk", [{"unit": "MO-1", "location": "0301", "paid-with": ["minor infantry"]}])
    assert [(v.rule, v.title) for v in r.violations] == [("9.1", "Minor Country Stacking")]


def _stack(tmp_path, own, limited=False, pool=3):
    units = [{"id": f"R-{i}A", "faction": "soviet", "nationality": "Russia", "type": "infantry", "steps": s}
             for i, s in enumerate(own)]
    return position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": pool}],
                    pool=[inf(f"R-{i}") for i in range(pool)],
                    hexes=hexes(("0101", {"country": "Russia", "city": True, "limited-stacking": limited, "units": units})))


@pytest.mark.parametrize("own, limited, placed", [
    ([], False, 3), ([2, 2], False, 1), ([1, 1, 1], False, 0),          # 3 ground units
    ([3, 3], False, 0), ([3, 2], False, 1), ([4], False, 2),            # 6 steps: a seventh is never placed
    ([2, 2], True, 0), ([1], True, 2), ([1, 1], True, 1), ([2], True, 1),  # Limited Stacking: 3 steps
])
def test_9_2_three_ground_units_and_six_steps_three_with_limited_stacking(tmp_path, own, limited, placed):
    """9.2 Stacking (rules/README.md): at most 3 ground units with at most 6 steps in a hex, 3 steps in a
    hex with the Limited Stacking symbol. Three one-step Russian replacements and a Russian City holding
    units of ``own`` steps: the optimiser places as many as fit, and no more."""
    assert optimise(_stack(tmp_path, own, limited), "soviet", "tk").allocation.steps_used() == placed


def test_9_2_check_replacements_eliminates_the_excess_after_the_segment(tmp_path):
    """1.3.4 / 9.2: placing into a full hex (two units with 6 steps, or an HQ making 3 units) is no
    violation - "any number of replacements can be placed in the same hex" - but 9.2 eliminates the
    excess after the Segment: the replacement placed last, its step lost."""
    pos = _stack(tmp_path, [3, 3], pool=1)
    r = _rule(pos, "soviet", "tk", [{"unit": "R-0", "location": "0101", "paid-with": ["Russia infantry"]}])
    assert r.legal and r.violations == [] and [e["units"] for e in r.eliminated] == [["R-0"]]
    assert "0101 holds 3 friendly ground units with 7 steps" in r.eliminated[0]["message"]
    assert "the limit is 3 units and 6 steps" in r.eliminated[0]["message"]
    assert r.steps_used == 0 and r.lost == [{"step": "Russia infantry", "count": 1, "rule": "9.2",
                                             "reason": "spent on R-0, eliminated for stacking in 0101 at the end of the Segment (9.2)"}]
    hq = [{"id": "R-HQ", "faction": "soviet", "nationality": "Russia", "type": "hq", "steps": 1}]
    pos = position(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 2}], pool=[inf("R-0"), inf("R-1")],
                   hexes=hexes(("0101", {"country": "Russia", "city": True, "units": hq})))
    rows = [{"unit": u, "location": "0101", "paid-with": ["Russia infantry"]} for u in ("R-0", "R-1")]
    r = _rule(pos, "soviet", "tk", rows)
    assert r.legal and not r.eliminated and r.steps_used == 2          # the HQ and two replacements: 3 units
    r = _rule(_stack(tmp_path, [1, 1], pool=2), "soviet", "tk", rows)
    assert r.legal and [e["units"] for e in r.eliminated] == [["R-1"]] and r.steps_used == 1


# ----------------------------------------------------------------------------- why: one time limit for all its solves

WHY = """
game: ae
turn: Nov-Dec 1941
war-state: {tk: total, ds: limited}
factions:
  soviet:
    tk: {pending: 42, hand: [38]}
    ds: {pending: 92, hand: [24]}
cards:
  - {map: tk, faction: soviet, number: 38, name: Total War Production, war-state: total, production: 3}
  - {map: tk, faction: soviet, number: 42, name: Test Only Twin, war-state: total, production: 0, combined: true}
  - {map: ds, faction: soviet, number: 24, name: Limited War Production, war-state: limited, production: 1}
  - {map: ds, faction: soviet, number: 92, name: test only twin, war-state: limited, production: 0, combined: true}
"""
#: Test-only: TK 42 and DS 92 are © twins placed together. No rule excludes TK 42 by itself: with DS 92
#: the © rule breaks, with any other DS choice 1.1.3 Card Selection Is Final, so `why` needs the solver
#: (the first solve, then one per rule of the core while it is shrunk).
WHY_RULES = {"1.1.3 Card Selection Is Final", "1.1.3.3 Identically Named © Cards"}


def test_why_time_limit_bounds_all_its_solves_together(tmp_path, monkeypatch):
    """`why --time-limit S` bounds the solver's work for the whole answer (README "Solver limits"), not
    each solve: when every solve uses all the work it is given, the later solves get nothing; the rules
    listed still exclude the card (proved by the first solve) and the answer says the set may not be
    minimal (`complete` false). Without a limit the same answer is complete."""
    from aeref.solver.limits import DTIME_PER_SECOND
    (tmp_path / "s.yaml").write_text(WHY)
    pos = load_position(tmp_path / "s.yaml")
    free = why(pos, "soviet", "tk-soviet-42")
    assert not free.legal and free.complete and set(free.rules) == WHY_RULES, free.rules
    with solves_take_their_budget(monkeypatch) as log:
        ans = why(pos, "soviet", "tk-soviet-42", time_limit=2.0)
    assert len(log.given) >= 2, log.given
    assert log.given[0] == pytest.approx(2.0 * DTIME_PER_SECOND) and not any(log.given[1:]), log.given
    assert not ans.legal and set(ans.rules) >= WHY_RULES and not ans.complete


def test_why_cli_time_limit_bounds_all_its_solves_together(tmp_path, monkeypatch):
    """`aeref why STATE CARD --time-limit S --json`: the same through the command line."""
    (tmp_path / "s.yaml").write_text(WHY)
    with solves_take_their_budget(monkeypatch) as log:
        r = CliRunner().invoke(cli, ["why", str(tmp_path / "s.yaml"), "tk-soviet-42", "--faction", "soviet", "--json",
                                     "--time-limit", "2"])
    assert r.exit_code == 1, r.output
    out = json.loads(r.stdout)
    assert out["legal"] is False and out["complete"] is False and out["violations"]
    assert len(log.given) >= 2 and log.given[0] and not any(log.given[1:]), log.given


def test_pairs_cli_time_limit_leaves_the_excluded_cards_it_could_not_explain_unexplained(tmp_path, monkeypatch):
    """`aeref pairs --time-limit S`: the enumeration takes the whole budget; each card left out of every legal
    selection whose rules were not found in time says so, with no rule named (never a wrong one)."""
    (tmp_path / "s.yaml").write_text(WHY)
    with solves_take_their_budget(monkeypatch):
        r = CliRunner().invoke(cli, ["pairs", str(tmp_path / "s.yaml"), "--faction", "soviet", "--json",
                                     "--time-limit", "2"])
    out = json.loads(r.stdout)
    cut = [x for x in out["excluded"] if not x["rules"]]
    assert {x["card"] for x in cut} == {"tk-soviet-42", "ds-soviet-92"}, out["excluded"]
    assert all(x["message"] == "the time limit ran out before the rules that exclude it were found (ask aeref why)"
               for x in cut)
