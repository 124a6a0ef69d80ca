"""Golden rulings (tests/support/golden.py): every command's whole output on the corpus of positions -
the shipped examples and positions drawn once from the property tests' generators - word for word.

A failure shows the difference; when the new output is right, ``python -m tests.support.golden --update``
rewrites the goldens (read the diff before committing it)."""
from __future__ import annotations

import difflib

import pytest

from ..support.golden import corpus, damaged_files, damaged_golden, golden, name_of, render, render_damaged


def _same(golden_file, got: str) -> None:
    """Fail with the difference when ``got`` is not the text of ``golden_file``."""
    want = golden_file.read_text()
    if got != want:
        diff = "".join(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "golden", "now", n=2))
        pytest.fail(f"the output differs from tests/golden/outputs/{golden_file.name} "
                    f"(python -m tests.support.golden --update once it is right):\n{diff[:6000]}")


@pytest.mark.parametrize("state", corpus(), ids=name_of)
def test_every_command_prints_its_golden_output(state):
    _same(golden(state), render(state))


def test_the_corpus_reaches_the_commands():
    """The corpus is not empty of what the goldens are for: positions of every game, selections with
    legal and illegal cards, replacement allocations ruled on, rulings of bad input."""
    text = {name_of(s): golden(s).read_text() for s in corpus()}
    together = "\n".join(text.values())
    assert len(text) >= 40
    for needle in ("$ aeref check-replacements", "$ aeref why", "$ aeref reveal", "Illegal:", "Legal:",
                   "1.1.3.3", "1.3.4", "9.2", "12.3"):
        assert needle in together, needle


@pytest.mark.parametrize("target", damaged_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_damage_of_a_shipped_file_gets_its_golden_ruling(target):
    """Bad input (FORMAT 5, exit 2): each place of each shipped state and deck file damaged in turn - a word,
    left out, a list, -1, a misspelt key or a list item twice, empty - and ``validate``'s whole answer."""
    _same(damaged_golden(target), render_damaged(target))
