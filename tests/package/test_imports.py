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
print('LOADED', ' '.join(sorted(sys.modules)))
"""


def _heavy_modules(*args):
    out = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120)
    line = [l for l in out.stdout.splitlines() if l.startswith("HEAVY")]
    assert line, out.stdout + out.stderr
    return line[-1]


def _loaded_modules(*args) -> set:
    """Every module loaded by the ``aeref`` command line ``args`` run in a fresh process."""
    out = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120)
    line = [l for l in out.stdout.splitlines() if l.startswith("LOADED")]
    assert line, out.stdout + out.stderr
    return set(line[-1].split()[1:])


CHECK = ("check", str(EXAMPLE), "--faction", "soviet", "--tk", "39", "--ds", "24")


def test_check_looks_up_no_pydantic_plugins():
    """Cold start: pydantic's plugin lookup scans the entry points of every installed distribution
    (importlib.metadata) on the first schema it builds; the command line has no plugin, so neither is loaded."""
    loaded = _loaded_modules(*CHECK)
    assert "pydantic.main" in loaded            # the probe can fail: the state file was validated by pydantic
    assert "importlib.metadata" not in loaded


def test_check_loads_only_the_rules_it_rules_by():
    """Cold start: `check` rules on 1.1.3 alone; the modules of 1.1.1 (the Option Card Procedure, the
    next Seasonal Turn) and 12 (war states) are loaded by the questions that ask them."""
    loaded = _loaded_modules(*CHECK)
    assert "aeref.solver.selection.rules" in loaded
    assert not loaded & {"aeref.solver.war_state", "aeref.solver.option_cards.procedure", "aeref.solver.option_cards.turn"}


def test_check_makes_only_the_answers_it_gives():
    """Cold start: `check` gives a 1.1.3 ruling; the answers of counting and explaining, 1.3, 1.2, the
    turn's steps and plans (their dataclasses cost start-up time) and the writer's model.files.atomic (tempfile, shutil)
    are imported by the questions that give them."""
    loaded = _loaded_modules(*CHECK)
    assert {"aeref.answers", "aeref.answers.ruling", "aeref.answers.selection"} <= loaded   # the probe can fail
    assert not loaded & {"aeref.answers.why", "aeref.answers.replacements", "aeref.answers.turn",
                         "aeref.answers.logistics", "aeref.answers.plan", "aeref.model.files.atomic"}


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


def test_1_1_3_pairs_on_one_map_imports_no_solver():
    """TK alone there is no pairing: `pairs` lists the selections and explains the excluded cards by plain
    evaluation (1.1.3), and the table's reading order needs no solver module either."""
    tk = EXAMPLE.parent / "tk-1939.yaml"
    assert _heavy_modules("pairs", str(tk), "--faction", "axis") == "HEAVY []"
    assert _heavy_modules("pairs", str(tk), "--faction", "axis", "--json") == "HEAVY []"


def test_1_1_3_pairs_table_looks_up_no_distribution_metadata():
    """Cold start: the table of `pairs` (1.1.3, the legal selections) is laid out by tabulate, which
    reads its own version through importlib.metadata at import (about 70 ms of a cold `pairs`); the command line
    imports it without that look-up (cli/common.tabulate), and the table is the library's."""
    loaded = _loaded_modules("pairs", str(EXAMPLE), "--faction", "soviet")
    assert "tabulate" in loaded                     # the probe can fail: the table was printed by tabulate
    assert "importlib.metadata" not in loaded


def test_importing_the_command_line_leaves_the_garbage_collector_as_it_was():
    """Cold start: cli/main pauses the cyclic GC only while it imports aeref; a program that imports the
    command line (tests, mkdocs-click) finds the collector as it left it, on or off."""
    probe = ("import gc, sys\nwas = sys.argv[1] == 'on'\n(gc.enable if was else gc.disable)()\n"
             "import aeref.cli.main\nprint(gc.isenabled() == was, 'aeref.cli.help' in sys.modules)")
    for state in ("on", "off"):
        out = subprocess.run([sys.executable, "-c", probe, state], capture_output=True, text=True, timeout=120)
        assert out.stdout.split() == ["True", "True"], out.stdout + out.stderr
