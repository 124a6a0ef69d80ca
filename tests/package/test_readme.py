"""The README and the tutorial show real output: every `$ aeref ...` line in their
code blocks is run, in order, in a copy of examples/ (the tutorial writes files
and reads them back), and must print exactly what the page shows, with the exit
code it shows (`(exit N)`, else 0). Bring a page up to date with
`python -m tests.support.docs README.md docs/tutorial.md`."""

import pytest

from ..support import copy_examples
from ..support.docs import ROOT, examples, run


@pytest.mark.parametrize("page,least", [("README.md", 10), ("docs/tutorial.md", 12)])
def test_page_shows_real_output(tmp_path, monkeypatch, page, least):
    copy_examples(tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    found = examples(ROOT / page)
    assert len(found) >= least
    for ex in found:
        code, got, _ = run(ex.command)
        assert got == ex.shown, f"{page}: the output of `{ex.command}` is out of date"
        assert code == ex.exit_code, f"{page}: `{ex.command}` exits {code}, the page shows {ex.exit_code}"


def test_the_tutorial_uses_no_editor():
    """A player plays the tutorial's Seasonal Turn with commands only: every step is an aeref command."""
    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    commands = [ex.command.split()[1] for ex in examples(ROOT / "docs" / "tutorial.md")]
    for step in ("show", "pairs", "select", "next-turn", "reveal", "replacements"):
        assert step in commands, step
    for line in text.split("\n"):
        assert not line.startswith("$ ") or line.startswith("$ aeref "), line
