"""`aeref validate ALLOCATION --state STATE`: an allocation file is recognised
(as a deck file is) and checked against its state file as `check-replacements` reads it."""
from __future__ import annotations

from ..support.seasonal import EXAMPLES, run

ALLOC = EXAMPLES / "tk-soviet-allocation.yaml"
STATE = EXAMPLES / "tk-soviet-replacements.yaml"


def test_allocation_checked_against_its_state_file():
    code, text, err = run("validate", ALLOC, "--state", STATE)
    assert code == 0 and err == ""
    assert text.strip() == (f"OK: {ALLOC}: 10 placements of Soviet replacements on the TK map, checked against {STATE} "
                            "(`aeref check-replacements` rules on them)")
    code, res, _ = run("validate", ALLOC, "--state", STATE, "--json")
    assert code == 0 and res == {"format-version": 1, "ok": True, "kind": "allocation", "state": str(STATE), "faction": "soviet",
                                 "map": "tk", "placements": 10, "problems": []}


def test_allocation_without_its_state_file_is_one_error_line():
    """Not "a state file is a mapping ... not list", twice: one line on stderr saying what to give."""
    code, text, err = run("validate", ALLOC)
    assert code == 2 and text == ""
    assert err.count("\n") == 1 and "an allocation file" in err and "--state STATE" in err
    assert "a state file is a mapping" not in err


def test_1_3_allocation_naming_what_the_position_lacks(tmp_path):
    """Every unknown unit, location and step is a problem with its place in the allocation file,
    as `check-replacements` reports it (its exit 2 is the same input error)."""
    alloc = tmp_path / "a.yaml"
    alloc.write_text('- {unit: R-1, location: "4010", paid-with: [Russia infantry]}\n'
                     '- {unit: R-99, location: "4010", paid-with: [Russia infantry]}\n'
                     '- {unit: R-2, location: "9999", paid-with: [Russia infantry]}\n')
    code, res, err = run("validate", alloc, "--state", STATE, "--json")
    assert code == 2 and res.count("\n") > 1
    code, text, err = run("validate", alloc, "--state", STATE)
    assert code == 2
    # each problem said once: the first as the one Error: line, the other on stdout
    assert err.splitlines() == [f"Error: {alloc}: [1].unit: no unit R-99 in the Soviet TK Force Pool or on the map "
                                "(and 1 more)"]
    assert text.splitlines() == [f"{alloc}: [2].location: location 9999 is not on the map (no such hex or Off-Map Box in {STATE})"]
    assert run("check-replacements", STATE, alloc, "--faction", "soviet")[0] == 2


def test_1_3_allocation_paying_with_a_step_not_written_as_received(tmp_path):
    """A typo in a step is bad input (as in `check-replacements`); a step written well but not received is
    `check-replacements`' ruling (1.3.3), not a problem of the file."""
    alloc = tmp_path / "a.yaml"
    alloc.write_text('- {unit: R-1, location: "4010", paid-with: [Rusia infantery]}\n')
    code, text, err = run("validate", alloc, "--state", STATE)
    assert code == 2 and text == "" and "unknown step 'Rusia infantery'" in err and "as received (Russia infantry)" in err
    alloc.write_text('- {unit: R-1, location: "4010", paid-with: [Germany infantry]}\n')
    assert run("validate", alloc, "--state", STATE)[0] == 0


def test_state_option_with_a_state_file_is_a_usage_error():
    code, text, err = run("validate", STATE, "--state", STATE)
    assert code == 2 and text == "" and "--state names the state file of an allocation file" in err


def test_placements_mapping_is_an_allocation_too(tmp_path):
    alloc = tmp_path / "a.yaml"
    alloc.write_text('placements:\n  - {unit: R-1, location: "4010", paid-with: [Russia infantry]}\n')
    code, text, _ = run("validate", alloc, "--state", STATE)
    assert code == 0 and "1 placement of Soviet replacements" in text


def test_allocation_without_its_state_file_json():
    code, res, err = run("validate", ALLOC, "--json")
    assert code == 2 and err.count("\n") == 1
    assert res.startswith("{") and '"kind": "allocation"' in res and '"ok": false' in res


def test_a_list_of_anything_else_is_read_as_a_state_file(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text("- game: ae\n- turn: Nov-Dec 1941\n")
    code, _, err = run("validate", p)
    assert code == 2 and "a state file is a mapping" in err
