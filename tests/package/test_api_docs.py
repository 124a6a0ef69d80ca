"""Every example of the API docs runs and prints what it shows: docs/api.md and the docstrings of
aeref.api, as doctests, from the top of the repository (so that `examples/...` paths work)."""
import doctest
from pathlib import Path

import aeref.answers
import aeref.api

ROOT = Path(__file__).resolve().parents[2]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def test_every_example_of_docs_api_md_runs_as_shown(monkeypatch):
    monkeypatch.chdir(ROOT)
    res = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False, optionflags=FLAGS, verbose=False)
    assert res.attempted >= 20, res
    assert res.failed == 0, res


def test_the_examples_in_aeref_api_docstrings_run(monkeypatch):
    monkeypatch.chdir(ROOT)
    for module in (aeref.api, aeref.answers):
        res = doctest.testmod(module, optionflags=FLAGS, verbose=False)
        assert res.failed == 0, (module.__name__, res)
    assert doctest.testmod(aeref.api, optionflags=FLAGS).attempted >= 1


def test_the_doc_test_can_fail(tmp_path, monkeypatch):
    """A page whose example prints something else fails."""
    monkeypatch.chdir(ROOT)
    page = tmp_path / "api.md"
    page.write_text((ROOT / "docs" / "api.md").read_text(encoding="utf-8").replace("Count(number=4, complete=True)",
                                                                                    "Count(number=5, complete=True)", 1))
    res = doctest.testfile(str(page), module_relative=False, optionflags=FLAGS, verbose=False, report=False)
    assert res.failed == 1, res


def test_the_readme_python_example_runs(monkeypatch):
    """The README's `>>>` example of the API prints what the README shows."""
    monkeypatch.chdir(ROOT)
    res = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=FLAGS)
    assert res.attempted >= 4 and res.failed == 0, res
