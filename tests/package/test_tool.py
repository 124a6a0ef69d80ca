"""What a user of a Python tool expects: ``python -m aeref``, a licence, the package's metadata,
and ``--version`` / ``--help`` answered without loading the rules."""
import subprocess
import sys
from importlib.metadata import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args):
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=120)


def test_python_m_aeref_is_the_console_script():
    out = _run("-m", "aeref", "--version")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"aeref, version {metadata('aeref')['Version']}"
    bad = _run("-m", "aeref", "no-such-command")
    assert bad.returncode == 2 and bad.stderr.startswith("Error: no such command")


def test_licence_and_metadata():
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert "the aeref authors" in (ROOT / "LICENSE").read_text()
    meta = metadata("aeref")
    assert meta["Author"] == "the aeref authors" or "the aeref authors" in (meta["Author-email"] or "")
    assert "License :: OSI Approved :: MIT License" in meta.get_all("Classifier")
    assert meta["Keywords"]


def test_changelog_names_this_version():
    assert f"## {metadata('aeref')['Version']} " in (ROOT / "CHANGELOG.md").read_text()


VERSION_PROBE = """
import sys
from aeref.cli.main import main
sys.argv = ["aeref", "--version"]
try:
    main()
finally:
    print("LOADED", " ".join(sorted(sys.modules)))
"""


def test_version_does_not_load_the_rules():
    """``aeref --version`` answers from the package metadata alone: neither the rules (aeref.api, the solver,
    the model) nor pydantic is imported (they were a third of its cold time)."""
    out = _run("-c", VERSION_PROBE)
    assert out.stdout.startswith("aeref, version "), out.stdout + out.stderr
    loaded = set(out.stdout.split("LOADED", 1)[1].split())
    assert "aeref.cli.main" in loaded                  # the probe can fail: it saw the command line's modules
    heavy = sorted(m for m in loaded if m == "aeref.api" or m.startswith(("aeref.solver", "aeref.model", "pydantic.main")))
    assert heavy == []


def test_every_commands_json_starts_with_its_format_version():
    """The version of the JSON's shape is the first field of every command's object, streamed (``pairs``) or not."""
    import json

    from click.testing import CliRunner

    from aeref.cli.main import cli

    example = str(ROOT / "examples" / "ae-soviet-production.yaml")
    for args in (("validate", example), ("pairs", example, "--faction", "soviet"),
                 ("pairs", example, "--faction", "soviet", "--count"),
                 ("check", example, "--faction", "soviet", "--tk", "39", "--ds", "24"), ("show", example)):
        r = CliRunner().invoke(cli, [*args, "--json"])
        assert r.exit_code in (0, 1), r.output
        assert r.stdout.startswith('{\n  "format-version": 1,\n'), args
        assert json.loads(r.stdout)["format-version"] == 1
