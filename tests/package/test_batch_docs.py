"""docs/batch.md: its example runs and prints what it shows (a doctest, from the top of the repository)."""
import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_batch_page_runs_as_shown(monkeypatch):
    monkeypatch.chdir(ROOT)
    res = doctest.testfile(str(ROOT / "docs" / "batch.md"), module_relative=False,
                           optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert res.attempted >= 7 and res.failed == 0, res
