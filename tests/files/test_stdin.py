"""`-` as the STATE file name reads the position from standard input, its decks then found
relative to the working directory; every command that reads STATE says so in its --help."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from aeref.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "examples"


def run(*args, stdin=None):
    return CliRunner().invoke(cli, list(args), input=stdin)


def test_dash_reads_the_position_from_stdin_with_decks_from_the_working_directory(monkeypatch):
    text = (EX / "ae-soviet-production.yaml").read_text(encoding="utf-8")
    monkeypatch.chdir(EX)                                  # its decks: decks/... from here
    piped = run("check", "-", "--faction", "soviet", "--tk", "38", "--ds", "24", "--json", stdin=text)
    named = run("check", "ae-soviet-production.yaml", "--faction", "soviet", "--tk", "38", "--ds", "24", "--json")
    assert piped.exit_code == named.exit_code == 1
    assert json.loads(piped.stdout) == json.loads(named.stdout)
    pairs = run("pairs", "-", "-f", "soviet", "--json", stdin=text)
    assert pairs.exit_code == 0 and json.loads(pairs.stdout)["count"] == 4
    assert run("validate", "-", stdin=text).exit_code == 0


def test_dash_elsewhere_finds_no_decks_and_says_where_it_looked(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run("show", "-", stdin=(EX / "ae-soviet-production.yaml").read_text(encoding="utf-8"))
    assert r.exit_code == 2 and r.stderr.startswith("Error: -: decks[0]: deck file decks/soviet.yaml not found")
    assert str(tmp_path) in r.stderr and len(r.stderr.splitlines()) == 1


def test_broken_yaml_on_stdin_is_one_error_line():
    r = run("show", "-", stdin="game: [\n")
    assert r.exit_code == 2 and r.stderr.startswith("Error: -: ") and len(r.stderr.splitlines()) == 1


@pytest.mark.parametrize("command", ["validate", "pairs", "check", "why", "replacements", "check-replacements",
                                     "reveal", "war-state", "drm", "logistics", "check-logistics", "select",
                                     "next-turn", "show", "report"])
def test_help_says_state_may_be_dash(command):
    r = run(command, "--help")
    assert r.exit_code == 0 and "STATE may be - to read the position from standard input" in " ".join(r.stdout.split())
