"""`aeref validate`, `aeref check` and `aeref show` must not pay for ortools or networkx (DESIGN.md performance facts)."""
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "ae-soviet-production.yaml"

PROBE = """
import sys
from aeref.cli.main import cli
rc = cli.main(args=sys.argv[1:], standalone_mode=False)
heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('ortools', 'networkx', 'pandas'))
print('HEAVY', heavy)
"""


def _heavy_modules(*args):
    out = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120)
    line = [l for l in out.stdout.splitlines() if l.startswith("HEAVY")]
    assert line, out.stdout + out.stderr
    return line[-1]


def test_validate_imports_no_solver():
    assert _heavy_modules("validate", str(EXAMPLE)) == "HEAVY []"


def test_check_imports_no_solver():
    assert _heavy_modules("check", str(EXAMPLE), "--faction", "soviet", "--tk", "39", "--ds", "24") == "HEAVY []"


def test_show_imports_no_solver():
    assert _heavy_modules("show", str(EXAMPLE)) == "HEAVY []"
    replacements = EXAMPLE.parent / "ds-axis-replacements.yaml"      # a map and a Force Pool: still no networkx
    assert _heavy_modules("show", str(replacements), "--json") == "HEAVY []"


def test_pairs_does_import_the_solver():
    """The probe can fail: `pairs` solves, so ortools is loaded there."""
    assert "ortools" in _heavy_modules("pairs", str(EXAMPLE), "--faction", "soviet")
