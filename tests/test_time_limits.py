"""Solver limits: ``--time-limit SECONDS`` on every command that solves, and
output that says plainly when the limit was hit (``"complete": false``,
``"optimal": false``, a note in the table) rather than pretending."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from ortools.sat.python import cp_model

import aeref.solver.choices as cpsat
from aeref.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
AE = str(ROOT / "examples" / "ae-soviet-production.yaml")

#: Commands that run a solver (CP-SAT); each must take --time-limit.
SOLVING = ["pairs", "why", "replacements"]


def run(*args):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("command", SOLVING)
def test_every_solving_command_takes_time_limit(command):
    assert command in cli.commands
    assert "--time-limit" in [o for p in cli.commands[command].params for o in p.opts]
    assert "--time-limit" in run(command, "--help").output


@pytest.mark.parametrize("value", ["0", "-1", "soon"])
def test_time_limit_must_be_a_positive_number(value):
    r = run("pairs", AE, "--faction", "soviet", "--time-limit", value)
    assert r.exit_code == 2 and r.stderr.startswith("Error:") and len(r.stderr.strip().splitlines()) == 1


def test_pairs_within_the_limit_is_complete():
    r = run("pairs", AE, "--faction", "soviet", "--json", "--time-limit", "30")
    assert r.exit_code == 0
    out = json.loads(r.stdout)
    assert out["complete"] is True and out["count"] == len(out["choices"]) > 0


@pytest.fixture
def limit_hit(monkeypatch):
    """CP-SAT reports that it stopped on its time limit (FEASIBLE, not OPTIMAL)
    after handing over the solutions it found."""
    real = cp_model.CpSolver.solve

    def solve(self, model, callback=None):
        real(self, model, callback)
        return cp_model.FEASIBLE

    monkeypatch.setattr(cp_model.CpSolver, "solve", solve)


def test_pairs_says_when_the_limit_cut_it_short(limit_hit):
    r = run("pairs", AE, "--faction", "soviet", "--json", "--time-limit", "0.5")
    assert r.exit_code == 0
    assert json.loads(r.stdout)["complete"] is False
    r = run("pairs", AE, "--faction", "soviet", "--time-limit", "0.5")
    assert "NOT complete" in r.stdout


def test_why_undecided_within_the_limit_is_an_error_line(monkeypatch):
    def out_of_time(*a, **k):
        raise cpsat.SolverLimitReached("time limit")

    monkeypatch.setattr(cpsat, "_solve", out_of_time)
    r = run("why", AE, "tk-soviet-38", "--faction", "soviet", "--time-limit", "0.5")
    assert r.exit_code == 2
    assert r.stderr.startswith("Error: ") and "time limit" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.output


def test_why_shrinking_cut_short_on_an_excluded_card(monkeypatch, tmp_path):
    text = Path(AE).read_text().replace("{tk: total, ds: limited}", "{tk: limited, ds: limited}")
    state = tmp_path / "decks"
    state.mkdir()
    (state / "soviet.yaml").write_text((ROOT / "examples" / "decks" / "soviet.yaml").read_text())
    path = tmp_path / "state.yaml"
    path.write_text(text)
    full = run("why", str(path), "tk-soviet-38", "--faction", "soviet", "--json")
    assert full.exit_code == 1 and json.loads(full.stdout)["complete"] is True

    real = cpsat._solve
    calls = []

    def first_only(comp, assumptions, time_limit):
        calls.append(1)
        if len(calls) > 1:
            raise cpsat.SolverLimitReached("time limit")
        return real(comp, assumptions, time_limit)

    monkeypatch.setattr(cpsat, "_solve", first_only)
    r = run("why", str(path), "tk-soviet-38", "--faction", "soviet", "--json", "--time-limit", "0.5")
    assert r.exit_code == 1
    out = json.loads(r.stdout)
    assert out["legal"] is False and out["complete"] is False and out["violations"]
    calls.clear()
    r = run("why", str(path), "tk-soviet-38", "--faction", "soviet", "--time-limit", "0.5")
    assert r.exit_code == 1 and "time limit" in r.stdout


def test_why_time_limit_is_a_total_budget():
    """The limit bounds all of why's solves together (not each of them)."""
    from aeref.model.position import load_position
    pos = load_position(AE)
    ans = cpsat.why(pos, "soviet", "tk-soviet-38", time_limit=30)
    assert ans.complete


def test_replacements_reports_optimal():
    r = run("replacements", str(ROOT / "examples" / "tk-soviet-replacements.yaml"), "--faction", "soviet", "--json",
            "--time-limit", "30")
    assert r.exit_code in (0, 1), r.output
    assert json.loads(r.stdout)["optimal"] is True
