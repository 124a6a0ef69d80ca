"""The console script imports ortools' cp_model without pandas (cli/cp_model_import.py): pinned here, so
that an ortools which reads more of pandas at import, or answers that differ, show at once."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

RUN = """
import sys
{before}
sys.argv = ["aeref", *sys.argv[1:]]
from aeref.cli.main import main
try:
    main()
finally:
    cp = sys.modules.get("ortools.sat.python.cp_model")
    print("PANDAS", "pandas" in sys.modules, "CP_MODEL", cp is not None, file=sys.stderr)
    if "{after}":
        import pandas
        print("REAL", hasattr(pandas, "DataFrame"), file=sys.stderr)
"""


def _run(args: list, before: str = "", after: bool = False) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", RUN.format(before=before, after="yes" if after else ""), *args],
                          cwd=ROOT / "examples", capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args", [
    ["pairs", "ae-soviet-production.yaml", "--faction", "soviet", "--json"],
    ["replacements", "tk-soviet-replacements.yaml", "--faction", "soviet", "--json"],
    ["why", "tk-1939.yaml", "22a", "--faction", "axis"],
])
def test_the_console_script_solves_without_pandas_and_answers_the_same(args):
    """1.1.3 and 1.3 answers of the console script (pandas kept out of cp_model's import) are byte for byte
    those of a process where pandas was loaded first (cp_model's import then as ortools has it)."""
    fast = _run(args)
    plain = _run(args, before="import pandas")
    assert "PANDAS False CP_MODEL True" in fast.stderr, fast.stderr
    assert "PANDAS True CP_MODEL True" in plain.stderr, plain.stderr
    assert fast.returncode == plain.returncode and fast.stdout == plain.stdout and fast.stdout


def test_pandas_imported_after_is_the_real_one():
    got = _run(["pairs", "ae-soviet-production.yaml", "--faction", "soviet"], after=True)
    assert "PANDAS False" in got.stderr and "REAL True" in got.stderr, got.stderr


def test_a_program_using_the_api_gets_ortools_as_it_is():
    """No hook outside the console script: cp_model's pandas is the real one in a library user's process."""
    code = ("import aeref, sys; aeref.load('ae-soviet-production.yaml').legal_selections('soviet').count();"
            "import ortools.sat.python.cp_model as cp; print(hasattr(cp.pd, 'DataFrame'))")
    got = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "examples", capture_output=True, text=True,
                         timeout=120)
    assert got.stdout.strip() == "True", got.stderr
