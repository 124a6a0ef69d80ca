"""``--write -``: the writers of a state file (``next-turn``, ``reveal``, ``war-state``, ``select``) print it on
standard output, for a pipe (``aeref next-turn S --write - | aeref reveal - ...``, STATE ``-`` being standard
input); the words for people go to standard error, so that standard output holds the one state file. With
``--json`` (a second document on standard output) or a position that is a public file and private files
(1.1 face down) it is one ``Error:`` line, exit 2, nothing on standard output. Never a file named ``-``."""
from __future__ import annotations

import os
import shutil

import pytest
import yaml

from ..support.seasonal import EXAMPLES
from ..support.cli import one_error as _one_error


@pytest.fixture
def folder(tmp_path, monkeypatch):
    shutil.copytree(EXAMPLES, tmp_path / "ex")
    monkeypatch.chdir(tmp_path / "ex")          # the state file on standard output names its decks from here
    return tmp_path / "ex"


def test_1_1_1_next_turn_to_standard_output_pipes_into_reveal(aeref, folder):
    """next-turn of the Axis selection of Aug-Sept 1941 (28a East Wind Rain) on standard output, read by
    ``reveal -``: 1.1.1 Step 2 checks the card against ds-axis-selected.yaml, named by ``previous:``."""
    before = set(os.listdir(folder))
    r = aeref("next-turn", "ds-axis-selected.yaml", "--write", "-")
    assert r.exit_code == 0, r
    data = yaml.safe_load(r.stdout)
    assert data["turn"] == "Nov-Dec 1941" and data["previous"] == "ds-axis-selected.yaml"
    assert r.stdout.startswith("# yaml-language-server")            # the player's comments kept
    assert "Next Seasonal Turn: Nov-Dec 1941" in r.stderr and "Wrote the state file to standard output" in r.stderr
    assert set(os.listdir(folder)) == before                          # no file named -
    r = aeref("reveal", "-", "-f", "axis", input=r.stdout)
    assert r.exit_code == 0, r
    assert "ds-axis-28a East Wind Rain is revealed" in r.stdout and "checked against ds-axis-selected.yaml" in r.stdout


def test_1_1_1_reveal_to_standard_output(aeref, folder):
    r = aeref("reveal", "ds-axis-reveal.yaml", "-f", "axis", "--write", "-")
    assert r.exit_code in (0, 1), r
    data = yaml.safe_load(r.stdout)
    assert data["factions"]["axis"]["ds"]["current"] in ("ds-axis-28a", "28a")
    assert "Option Card Procedure" in r.stderr and "Option Card Procedure" not in r.stdout


def test_12_war_state_to_standard_output(aeref, folder):
    r = aeref("war-state", "ds-axis-reveal.yaml", "--to", "total", "--write", "-")
    assert r.exit_code == 0, r
    assert yaml.safe_load(r.stdout)["war-state"] == "total"
    assert "War State" in r.stderr


def test_1_1_3_select_to_standard_output(aeref, folder):
    r = aeref("select", "tk-1939.yaml", "-f", "axis", "--tk", "4a", "--write", "-")
    assert r.exit_code == 0, r
    assert yaml.safe_load(r.stdout)["factions"]["axis"]["tk"]["pending"] in ("tk-axis-4a", "4a")
    assert "Legal:" in r.stderr


def test_write_standard_output_with_json_is_refused(aeref, folder):
    r = aeref("next-turn", "ds-axis-selected.yaml", "--write", "-", "--json")
    _one_error(r, "--write -", "--json")
    assert r.stdout == ""


def test_1_1_a_sealed_selection_is_not_written_to_standard_output(aeref, folder):
    r = aeref("select", "tk-1939.yaml", "-f", "axis", "--tk", "4a", "--seal", "--write", "-")
    _one_error(r, "--write -", "private file")
    assert r.stdout == ""


def test_1_1_a_public_file_with_private_files_is_not_written_to_standard_output(aeref, folder):
    assert aeref("split", "tk-1939.yaml", "-o", "pub.yaml").exit_code == 0
    r = aeref("select", "pub.yaml", "-f", "axis", "--tk", "4a", "--write", "-")
    _one_error(r, "--write -", "face-down")
    assert r.stdout == ""


def test_1_1_1_a_position_read_from_standard_input_is_written_to_a_file(aeref, folder):
    """``reveal - --write out.yaml`` at the end of a pipe: the writer reads its source again, which standard input
    gives once; the position read is kept (never an internal error), and the file written validates."""
    piped = aeref("next-turn", "ds-axis-selected.yaml", "--write", "-").stdout
    r = aeref("reveal", "-", "-f", "axis", "--write", "out.yaml", input=piped)
    assert r.exit_code == 0, r
    data = yaml.safe_load((folder / "out.yaml").read_text(encoding="utf-8"))
    assert data["previous"] == "ds-axis-selected.yaml" and data["turn"] == "Nov-Dec 1941"
    assert aeref("validate", "out.yaml").exit_code == 0
    r = aeref("war-state", "-", "--to", "total", "--write", "ws.yaml",
              input=(folder / "ds-axis-reveal.yaml").read_text(encoding="utf-8"))
    assert r.exit_code == 0, r
    assert yaml.safe_load((folder / "ws.yaml").read_text(encoding="utf-8"))["war-state"] == "total"


def test_1_1_1_next_turn_of_standard_input_is_refused(aeref, folder):
    """The next turn's ``previous:`` names STATE (1.1.1 Step 2 checks the reveal against it): standard input has no
    name to give, so it is one Error line, nothing written."""
    r = aeref("next-turn", "-", "--write", "next.yaml", input=(folder / "ds-axis-selected.yaml").read_text())
    _one_error(r, "next-turn -", "previous:", "give STATE as a file")
    assert not (folder / "next.yaml").exists()
