"""Odd but possible input never ends in an internal error (exit 3), and no write destroys an earlier
position: every case below is exit 2 with one ``Error:`` line naming the place, or a ValueError naming
the API's parameter."""
from __future__ import annotations

import math

import pytest

from aeref import api

from ..support.seasonal import EXAMPLES, say_no_card
from ..support.cli import one_error as _one_error


def test_1_1_1_next_turn_over_its_own_state_file_is_refused(aeref, folder):
    """1.1.1 Step 2 checks the revealed cards against the position they were selected in (``previous:``):
    ``next-turn S --write S --force`` would replace that position, so it is refused and S is unchanged."""
    state = say_no_card(folder / "tk-1939.yaml")      # every faction has made its Step 4 selection (1.1.3)
    before = state.read_bytes()
    r = aeref("next-turn", state, "--write", state, "--force")
    _one_error(r, "previous:", "write to a new file")
    assert state.read_bytes() == before
    # through another spelling of the same path
    r = aeref("next-turn", state, "--write", folder / "." / "tk-1939.yaml", "--force")
    _one_error(r, "write to a new file")
    assert state.read_bytes() == before
    # a new file is written, naming the earlier one
    r = aeref("next-turn", state, "--write", folder / "next.yaml")
    assert r.exit_code == 0, r


@pytest.mark.parametrize("key", ["null", "~", "true", "1", "1.5"])
def test_1_1_private_file_section_key_of_another_yaml_type_is_one_error(aeref, folder, key):
    """A private file's section keys name maps (tk, ds); YAML reads ``null:``, ``true:``, ``1:`` as other
    types: one Error line naming the private file, exit 2, never an internal error."""
    r = aeref("split", folder / "tk-1939.yaml", "-o", folder / "pub.yaml")
    assert r.exit_code == 0, r
    private = folder / "pub.axis.private.yaml"
    private.write_text(private.read_text(encoding="utf-8") + f"{key}:\n  hand: []\n", encoding="utf-8")
    for args in (["validate", folder / "pub.yaml"], ["show", folder / "pub.yaml"]):
        r = aeref(*args)
        _one_error(r, "pub.axis.private.yaml")


@pytest.mark.parametrize("value", ["inf", "1e18", "nan", "-1"])
def test_time_limit_out_of_range_is_a_usage_error(aeref, value):
    r = aeref("pairs", EXAMPLES / "tk-1939.yaml", "--faction", "axis", "--time-limit", value)
    _one_error(r, "--time-limit")


def test_pairs_limit_beyond_any_count_is_a_usage_error(aeref):
    r = aeref("pairs", EXAMPLES / "tk-1939.yaml", "--faction", "axis", "--limit", "99999999999999999999999")
    _one_error(r, "--limit")


@pytest.mark.parametrize("value", [math.nan, -1.0, math.inf])
def test_api_time_limit_out_of_range_raises_value_error(value):
    pos = api.load(EXAMPLES / "tk-1939.yaml")
    with pytest.raises(ValueError, match="time_limit"):
        pos.legal_selections("axis", time_limit=value)


def test_plan_write_dir_empty_is_a_usage_error(aeref):
    r = aeref("plan", EXAMPLES / "tk-1939.yaml", "--faction", "axis", "--write-dir", "")
    _one_error(r, "--write-dir", "empty")


def test_12_assume_war_state_with_an_empty_turn_is_refused(aeref):
    """``--assume war-state=total@``: the turn after @ is left out; not taken as the next Seasonal Turn."""
    r = aeref("plan", EXAMPLES / "tk-1939.yaml", "--faction", "axis", "--assume", "war-state=total@")
    _one_error(r, "war-state=total@", "empty Seasonal Turn")


def test_interpretation_given_twice_with_different_values_is_refused(aeref):
    r = aeref("pairs", EXAMPLES / "tk-1939.yaml", "--faction", "axis", "--count", "-i", "annual-scope=map", "-i", "annual-scope=faction")
    _one_error(r, "annual-scope", "twice")
    r = aeref("pairs", EXAMPLES / "tk-1939.yaml", "--faction", "axis", "--count", "-i", "annual-scope=map", "-i", "annual-scope=map")
    assert r.exit_code == 0, r


def test_stdout_that_cannot_encode_a_card_name_gets_replacement_characters():
    """A cp1252 console and a card named "Łódź Offensive": what the console can encode, exit 0."""
    import os
    import subprocess
    import sys
    code = ("from aeref.cli.main import _replace_what_the_console_cannot_encode as r; r(); "
            "print('\\u0141\\u00f3d\\u017a Offensive')")
    env = dict(os.environ, PYTHONIOENCODING="cp1252")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "?ód? Offensive".encode("cp1252")


def test_1_3_a_replacement_step_count_of_10_18_is_refused_at_load(aeref, folder):
    """A number that reaches the replacement model (1.3) is bounded at load: 10^18 steps would overflow
    CP-SAT's integers; one Error line naming the file and the place, exit 2, from validate on."""
    state = folder / "tk-soviet-replacements.yaml"
    text = state.read_text(encoding="utf-8")
    assert "count: 12}" in text
    state.write_text(text.replace("count: 12}", "count: 1000000000000000000}"), encoding="utf-8")
    for args in (["validate", state], ["replacements", state, "--faction", "soviet"]):
        _one_error(aeref(*args), "tk-soviet-replacements.yaml", "count")


def test_1_1_3_1_a_requirement_nested_300_levels_deep_is_refused_at_load(tmp_path):
    """A Selection Requirement (1.1.3.1) nested past the limit named in docs/decks.md is one problem
    at load, naming the limit; within the limit it parses."""
    from aeref.model.game.requirements import MAX_DEPTH, parse_requirements
    def nested(levels):
        item = {"played": "tk-axis-1"}
        for _ in range(levels - 1):
            item = {"not": item}
        return item
    out, problems = parse_requirements([nested(300)], "deck.yaml", "cards[0].requires", "tk", "axis")
    assert not out and len(problems) == 1 and f"limit is {MAX_DEPTH}" in problems[0].message
    out, problems = parse_requirements([nested(MAX_DEPTH)], "deck.yaml", "cards[0].requires", "tk", "axis")
    assert len(out) == 1 and not problems
    assert f"{MAX_DEPTH} levels deep" in (__import__("pathlib").Path(__file__).parents[2] / "docs" / "decks.md").read_text(encoding="utf-8")


def test_schema_o_dash_is_standard_output(aeref, tmp_path, monkeypatch):
    """``schema -o -``: standard output, as STATE ``-`` is standard input; no file named ``-``."""
    monkeypatch.chdir(tmp_path)
    r = aeref("schema", "--kind", "deck", "-o", "-")
    assert r.exit_code == 0, r
    assert r.stdout.lstrip().startswith("{") and not (tmp_path / "-").exists()
