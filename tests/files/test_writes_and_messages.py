"""Writes and messages: each defect the hostile-input run found.

A path naming a folder or an empty path is refused; a read-only file replaced with ``--force`` keeps its
mode; a later write removes the stale temporary files of its own pattern (never other files); a deck or
``previous:`` file that cannot be read is named with the state file and the key it was reached through;
a control character has its line and column; a long value is cut in messages, saying how long it was.
"""
from __future__ import annotations

import os
import shutil
import stat
import time
from pathlib import Path

import pytest

from aeref.model.files.atomic import STALE_SECONDS, write_text
from aeref.model.files.errors import Problem

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


@pytest.fixture
def ex(tmp_path):
    """A copy of examples/ to write in."""
    shutil.copytree(EXAMPLES, tmp_path, dirs_exist_ok=True)
    return tmp_path


def _one_error(r) -> str:
    assert r.code == 2, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    return lines[0]


@pytest.mark.parametrize("args", [["reveal", "ds-axis-reveal.yaml", "-f", "axis", "--write"],
                                  ["report", "ds-axis-reveal.yaml", "-o"],
                                  ["schema", "-o"], ["deck", "new", "--game", "tk", "-f", "axis", "-o"]])
@pytest.mark.parametrize("path", ["t9/", "", "decks"])
def test_a_path_naming_a_folder_or_empty_is_refused(aeref, ex, monkeypatch, args, path):
    """``--write t9/`` (no such folder) wrote a file ``t9``; ``-o ""`` wrote STATE.html; ``--write ""``
    said "the file exists". Each is a usage error now, and nothing is written."""
    monkeypatch.chdir(ex)
    before = sorted(p.name for p in ex.iterdir())
    line = _one_error(aeref(*args, path))
    assert ("names a folder" in line) if path.strip() else ("an empty file name" in line), line
    assert sorted(p.name for p in ex.iterdir()) == before


def test_write_text_refuses_a_path_ending_in_a_separator(tmp_path):
    with pytest.raises(OSError):
        write_text(str(tmp_path / "t9") + os.sep, "x")
    assert not (tmp_path / "t9").exists()


def test_force_over_a_read_only_file_keeps_its_mode(aeref, ex):
    """``--force`` over a 0444 file replaces it and keeps 0444 (it was 0644)."""
    target = ex / "out.yaml"
    target.write_text("old\n")
    os.chmod(target, 0o444)
    r = aeref("reveal", str(ex / "ds-axis-reveal.yaml"), "-f", "axis", "--write", str(target), "--force")
    assert r.code == 0, r.output
    assert target.read_text() != "old\n"
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o444


def test_a_write_removes_stale_temporary_files_of_its_own_pattern_only(tmp_path):
    """``kill -9`` during a write leaves ``.target.XXXXXXXX.tmp``: the next write to the same target
    removes those older than STALE_SECONDS, and keeps a fresh one (a write under way), another target's,
    and any file of another pattern."""
    old = time.time() - STALE_SECONDS - 10
    stale = [tmp_path / ".s.yaml.abc_1234.tmp", tmp_path / ".s.yaml.zzzzzzzz.tmp"]
    kept = [tmp_path / ".s.yaml.fresh123.tmp", tmp_path / ".t.yaml.abcd1234.tmp", tmp_path / ".s.yaml.abc.tmp",
            tmp_path / ".s.yaml.abcd1234.tmp.bak", tmp_path / "s.yaml.abcd1234.tmp", tmp_path / ".s.yaml.ABCD1234.tmp"]
    for p in stale + kept:
        p.write_text("x")
        if p.name != ".s.yaml.fresh123.tmp":
            os.utime(p, (old, old))
    write_text(tmp_path / "s.yaml", "new\n")
    assert not any(p.exists() for p in stale)
    assert all(p.exists() for p in kept)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([p.name for p in kept] + ["s.yaml"])


def _state(ex, old: str, new: str) -> Path:
    p = ex / "s.yaml"
    src = (ex / "ae-soviet-production.yaml").read_text()
    assert old in src
    p.write_text(src.replace(old, new))
    return p


def test_an_empty_deck_name_names_the_state_file_and_key(aeref, ex):
    """``decks: [""]`` said ``.: is a directory, not a file``."""
    line = _one_error(aeref("validate", str(_state(ex, "decks: [decks/soviet.yaml]", 'decks: [""]'))))
    assert line.startswith(f"Error: {ex / 's.yaml'}: decks[0]: "), line


def test_a_deck_that_is_a_folder_names_the_state_file_and_key(aeref, ex):
    line = _one_error(aeref("validate", str(_state(ex, "decks: [decks/soviet.yaml]", "decks: [decks/soviet.yaml, decks]"))))
    assert line.startswith(f"Error: {ex / 's.yaml'}: decks[1]: deck file decks: is a directory"), line


def test_a_deck_listed_twice_points_at_the_second_entry(aeref, ex):
    """A deck listed twice gave "duplicate card ... (also defined at decks/soviet.yaml: cards[0])", pointing at
    itself; now one problem at the second ``decks:`` entry."""
    r = aeref("validate", str(_state(ex, "decks: [decks/soviet.yaml]", "decks: [decks/soviet.yaml, ./decks/soviet.yaml]")))
    line = _one_error(r)
    assert "decks[1]: deck file ./decks/soviet.yaml is listed twice (also at decks[0])" in line, line
    assert "duplicate card" not in r.output


@pytest.mark.parametrize("previous,says", [(".", "is a directory"), ("decks/soviet.yaml", "game: required key missing")])
def test_a_previous_file_that_is_no_state_says_it_was_reached_through_previous(aeref, ex, previous, says):
    """``previous: .`` gave ``.: is a directory`` and a deck as ``previous:`` ``decks/axis.yaml: game:
    required key missing``, neither naming the state file nor the key; now both do (1.1.1 Step 2 checks
    the reveal against that file)."""
    p = ex / "r.yaml"
    p.write_text((ex / "ds-axis-reveal.yaml").read_text().replace("previous: ds-axis-selected.yaml", f"previous: {previous}"))
    line = _one_error(aeref("reveal", str(p), "-f", "axis"))
    assert line.startswith(f"Error: {p}: previous: {previous}, the state file of the previous Seasonal Turn: "), line
    assert says in line


@pytest.mark.parametrize("char", ["\x00", "\x07", "\x1b"])
def test_a_control_character_has_its_line_and_column(aeref, tmp_path, char):
    """A NUL or control character gave no line and column."""
    p = tmp_path / "s.yaml"
    p.write_text(f"game: tk\nturn: Nov-Dec 1941\nwar-state: total\nflags: [a{char}b]\n")
    line = _one_error(aeref("validate", str(p)))
    assert f"{p}: line 4, column 10: " in line and f"U+{ord(char):04X}" in line, line


@pytest.mark.parametrize("old,new", [("hand: [26b, 38, 39]", "hand: [26b, {x}]"), ("decks/soviet.yaml", "{x}"),
                                     ("Russia: {posture: war", "Russia: {posture: {x}")])
def test_a_long_value_is_cut_in_messages_with_its_length(aeref, ex, old, new):
    """A 100,000-character value was echoed whole in a 100 KB Error: line; now cut, saying how long."""
    x = "x" * 100_000
    line = _one_error(aeref("validate", str(_state(ex, old, new.replace("{x}", x)))))
    assert len(line) < 600, line[:300]
    assert "(100000 characters)" in line or "(100002 characters)" in line, line


def test_problem_cuts_every_long_word_and_keeps_short_ones():
    p = Problem("f" * 300, "a." + "b" * 300, "unknown 'ok' and " + "y" * 250 + ": use z")
    assert p.file == "f" * 60 + "... (300 characters)"
    assert p.where.endswith("... (302 characters)")
    assert p.message == "unknown 'ok' and " + "y" * 60 + "... (250 characters): use z"
    assert Problem("f", "w", "short").message == "short"
