"""The live line of a long solve (solver.cpsat.solve's Progress reports, cli.common.LiveLine).

A solve reports :class:`~solver.limits.Progress` about every 0.1 s while it runs. No shipped position
takes that long, so these tests slow the solver's solution callback down (each solution waits 0.15 s)
and check the reports the commands' live line is drawn from."""
import io
import time

import pytest

from aeref.model.position import load_position
from aeref.solver import cpsat
from aeref.solver.choices import enumerate_choices
from aeref.solver.limits import Budget, Progress
from aeref.solver.replacements.optimise import optimise

from .support.seasonal import EXAMPLES


@pytest.fixture
def slow_solutions(monkeypatch):
    """Every solution the solver finds takes 0.15 s more (after it is recorded): a solve with a solution
    lasts over 0.1 s."""
    found = cpsat._Watch.on_solution_callback

    def slow(self):
        found(self)
        time.sleep(0.15)
    monkeypatch.setattr(cpsat._Watch, "on_solution_callback", slow)


def test_an_enumeration_reports_its_progress(slow_solutions):
    pos = load_position(EXAMPLES / "tk-1939.yaml")
    reports = []
    choices, complete = enumerate_choices(pos, "axis", progress=reports.append)
    assert complete and choices
    assert reports, "no Progress report during a solve of over 0.1 s"
    assert {r.what for r in reports} == {"enumerating selections"}
    assert all(r.best is None and r.bound is None and r.left is None for r in reports)   # no objective, no limit
    assert reports[0].line().startswith("enumerating selections, ") and reports[0].line().endswith(" s")


def test_an_optimisation_reports_its_best_and_bound(slow_solutions):
    pos = load_position(EXAMPLES / "tk-soviet-replacements.yaml")
    reports = []
    optimise(pos, "soviet", "tk", budget=Budget(60.0), progress=reports.append)
    placing = [r for r in reports if r.what == "placing replacement steps"]
    assert placing and all(r.unit == "steps" and r.left is not None and 0 < r.left <= 60 for r in placing)
    best = [r for r in placing if r.best is not None]
    assert best and all(isinstance(r.bound, float) and r.bound >= r.best for r in best)
    assert f"best so far {best[-1].best:g} steps, at most {best[-1].bound:g} possible" in best[-1].line()


def test_the_live_line_shows_the_report_after_a_second(monkeypatch):
    from aeref.cli.common import LiveLine
    class Terminal(io.StringIO):                             # the live line is drawn only on a terminal
        def isatty(self):
            return True
    err = Terminal()
    monkeypatch.setattr("sys.stderr", err)
    line = LiveLine()
    line(Progress("placing replacement steps", 12, 14, 0.5, 9.5, "steps"))
    assert err.getvalue() == ""                               # not before LiveLine.AFTER seconds
    line(Progress("placing replacement steps", 12, 14, 1.5, 8.5, "steps"))
    line.close()
    assert "placing replacement steps, best so far 12 steps, at most 14 possible, 8 s left" in err.getvalue()
