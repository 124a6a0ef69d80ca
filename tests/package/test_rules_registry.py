"""The rule registry (solver/engine/registry.py): one object per rule number, compared by number, each cited by a
test, and the rules index (docs/rules.md) generated from it and current."""
from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from aeref.solver import logistics, war_state
from aeref.solver.option_cards import procedure
from aeref.solver.selection import rules as selection
from aeref.solver.engine.constraints import Violation
from aeref.solver.engine.registry import RULES, Row, citation, rules
from aeref.solver.replacements import locations, received, rules as replacement_rules, taking
from aeref.solver.rules_index import index

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"

#: Every table of rows the solver reads: each row must be the registered row of its rule.
TABLES = {
    "selection.RULES": selection.RULES, "logistics.RULES": logistics.RULES,
    "replacements.rules.RULES": replacement_rules.RULES, "received.MARKER_RULES": received.MARKER_RULES,
    "locations.LOCATIONS": locations.LOCATIONS, "locations.PROHIBITIONS": locations.PROHIBITIONS,
    "war_state.TOTAL_WAR_STEPS": war_state.TOTAL_WAR_STEPS,
}


def _citations() -> str:
    """Every test function's name and docstring under tests/, as one text (dots of rule numbers as underscores)."""
    out = []
    for path in sorted(TESTS.rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
                out.append(node.name)
                out.append((ast.get_docstring(node) or "").replace(".", "_"))
    return "\n".join(out)


def _cites(text: str, number: str) -> bool:
    """``number`` is cited in ``text`` as a whole number: ``1_3_3`` but not inside ``1_3_3_2`` or ``11_3_3``."""
    want, i = citation(number), 0
    while (i := text.find(want, i)) >= 0:
        before = text[i - 1] if i else " "
        after = text[i + len(want): i + len(want) + 2]
        if not before.isdigit() and not (after[:1] == "_" and after[1:2].isdigit()) and not after[:1].isdigit():
            return True
        i += 1
    return False


def test_every_rule_number_has_one_entry_and_is_cited_by_a_test():
    """Each registered rule is one object, under its number; each is cited by a test (its number in a test
    function's name, ``test_1_3_3_2_...``, or docstring)."""
    assert len({r.number for r in RULES}) == len(RULES) == len(rules)
    assert all(rules[r.number] is r and r == r.number for r in RULES)
    text = _citations()
    uncited = [r.number for r in RULES if not _cites(text, r.number)]
    assert not uncited, f"rules no test cites: {uncited}"


def test_citation_counts_whole_numbers_only():
    assert _cites("test_1_3_3_taking", "1.3.3") and _cites("see 1_3_3 and more", "1.3.3")
    assert not _cites("test_1_3_3_2_marine", "1.3.3") and not _cites("test_11_3_3", "1.3.3")
    assert not _cites("test_1_3_30", "1.3.3") and _cites("test_12_no_going_back", "12")
    assert not _cites("test_12_3_steps", "12")


def test_rules_compare_by_number_and_rows_by_number_and_title():
    """A rule is its number (a ruling's ``v.rule == "1.3.4"``); a row compares by number, title, step and
    text, never by identity; both survive pickling as the registered objects."""
    r = rules["1.3.4"]
    assert r == "1.3.4" and hash(r) == hash("1.3.4") and str(r) == "1.3.4" and r.title == "Placing Replacements"
    assert pickle.loads(pickle.dumps(r)) is r
    row = replacement_rules.LOCATIONS
    assert row == Row("1.3.4", "Replacement Locations", text=row.text) and row != replacement_rules.ENEMY
    assert pickle.loads(pickle.dumps(row.rule)) is row.rule
    v = row.violation("R-1 may not go there")
    assert v.rule is r and v.rule.number == "1.3.4" and v.title == "Replacement Locations"
    assert v.as_json() == {"rule": "1.3.4", "title": "Replacement Locations", "message": "R-1 may not go there"}
    assert str(v) == "1.3.4 Replacement Locations: R-1 may not go there" and v == Violation("1.3.4", v.title, v.message)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_row_the_solver_reads_is_registered_once(name):
    for row in TABLES[name]:
        assert row.rule is rules[row.number], (name, row)
        assert [x for x in row.rule.rows if x == row] == [row], (name, row)


def test_a_row_is_defined_once():
    with pytest.raises(ValueError, match="defined twice"):
        rules["1.3.3"].row("Steps Received", text=replacement_rules.CAPACITY.text)


def test_the_violations_the_solver_builds_by_hand_come_from_registered_rows():
    """1.2 (an action naming what the faction lacks), 1.3.3 (a unit taken twice), 12 (no going back), 1.1.1:
    the rows exist in the registry with the titles rulings print."""
    assert [(r.number, r.title) for r in (logistics.SEGMENT, logistics.LOGISTICS_MARKERS, logistics.PARTISAN_MARKERS,
                                          logistics.ON_MAP_PARTISANS)] == [
        ("1.2", "Logistics / Partisan Segment"), ("1.2.1", "Logistics Markers"), ("1.2.2", "Partisan Base Markers"),
        ("1.2.2.2", "On-map Partisan Bases")]
    assert (war_state.NO_GOING_BACK.number, war_state.NO_GOING_BACK.title) == ("12", "Changing War States")
    assert (procedure.TWIN.printed, taking.FORCE_POOL_LIMITATION.key) == ("©1.1.1 Step 2", "1.3.3 Force Pool Limitation")


def test_the_rules_index_is_current():
    """docs/rules.md is what ``python -m aeref.solver.rules_index`` writes."""
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == index()
