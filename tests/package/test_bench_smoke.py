"""Every benchmark script still runs: the quick (smoke) mode of each in a process of its own, on small
positions. A smoke run, not a timing: the numbers are not checked, only that the script ends with 0
and prints its table (a bench script that nobody runs rots silently, e.g. on a count printed with a
thousands separator)."""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SMOKE = [
    (("bench/scale.py", "--smoke"), "selections"),
    (("bench/selection.py", "--smoke"), "5 x 5"),
    (("bench/replacements.py", "--quick"), "optimal"),
    (("bench/plan.py", "--quick"), "brute force"),
    (("bench/verify.py", "--quick"), "aeref verify"),
    (("bench/previous_link.py", "--files", "3", "--hexes", "50", "--runs", "1"), "link_problems"),
    (("bench/step4_seen.py", "--runs", "1"), "position_seen"),
    (("bench/cold_help.py", "--smoke"), "aeref --help"),
    (("bench/batch.py", "--smoke"), "In one process"),
    (("bench/imports.py", "--smoke"), "without pandas"),
    (("bench/supply.py", "--smoke"), "identical"),
    (("bench/others.py", "--smoke"), "pairs --as"),
    (("bench/hidden_plan.py", "--smoke"), "planned"),
    # mutation.py runs the test suite on every mutant (hours, needs mutmut): only its arguments are checked
    (("bench/mutation.py", "--help"), "--sample"),
]


@pytest.mark.parametrize("args, shown", SMOKE, ids=[a[0] for a, _ in SMOKE])
def test_bench_script_runs(args, shown):
    out = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert shown in out.stdout


def test_every_bench_script_has_a_smoke_run():
    assert {a[0] for a, _ in SMOKE} == {f"bench/{p.name}" for p in (ROOT / "bench").glob("*.py")}
