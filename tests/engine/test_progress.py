"""The live line of a long solve (solver.engine.compiler.solve's Progress reports, cli.common.LiveLine).

A solve reports :class:`~solver.engine.limits.Progress` about every 0.1 s while it runs. No shipped position
takes that long, so these tests slow the solver's solution callback down (each solution waits 0.15 s)
and check the reports the commands' live line is drawn from."""
import io
import time

import pytest
import yaml

from aeref.model.files.load import load_position
from aeref.solver.engine import runner as cpsat   # the solve runner (solver/engine/runner.py)
from aeref.solver.selection.choices import enumerate_choices
from aeref.solver.engine.limits import Budget, Progress
from aeref.solver.replacements.optimise import optimise

from ..support.seasonal import EXAMPLES


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
    # AE: TK or DS alone has no pairing and is listed without the solver (nothing to report)
    pos = load_position(EXAMPLES / "ae-1941.yaml")
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
    from aeref.cli.liveline import LiveLine
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


@pytest.mark.parametrize("stage, optimal, status", [
    ("placing replacement steps", False,
     "the steps used are proved optimal; interrupted (Ctrl-C) before the prefer weights and the tie-break"),
    ("weighing the prefer weights", False,
     "the steps used and the prefer weights are proved optimal; interrupted (Ctrl-C) before the tie-break"),
    (None, True, "optimal (proved)"),
])
def test_ctrl_c_in_a_stage_of_the_optimisation_keeps_what_is_proved(slow_solutions, stage, optimal, status):
    """Ctrl-C (a KeyboardInterrupt in the main thread, here raised by the progress sink while the stage runs)
    stops the search; the allocation found is kept and the ruling says which stages were proved (1.3: the
    steps used, then the prefer weights, then the tie-break)."""
    def sink(p):
        if p.what == stage:
            raise KeyboardInterrupt
    pos = load_position(EXAMPLES / "tk-soviet-replacements.yaml")
    res = optimise(pos, "soviet", "tk", budget=Budget(60.0), progress=sink)
    assert (res.optimal, res.status) == (optimal, status)
    assert res.allocation.steps_used() == 10                       # the 10 infantry units of the Force Pool


def test_ctrl_c_in_the_prefer_weights_stage_before_its_optimum_is_proved(slow_solutions, tmp_path):
    """1.3 with prefer weights that tell units apart (R-1 rather than another unit, 4016 rather than another
    hex): Ctrl-C in the prefer-weights stage, before its optimum is proved, keeps the allocation found and
    says that only the steps used are proved."""
    st = yaml.safe_load((EXAMPLES / "tk-soviet-replacements.yaml").read_text())
    st["replacements"]["tk"]["soviet"]["prefer"] = {"R-1": 4, "4016": 3}
    (tmp_path / "s.yaml").write_text(yaml.safe_dump(st))

    def sink(p):
        if p.what == "weighing the prefer weights":
            raise KeyboardInterrupt
    res = optimise(load_position(tmp_path / "s.yaml"), "soviet", "tk", budget=Budget(60.0), progress=sink)
    assert (res.optimal, res.status) == (
        False, "the steps used are proved optimal, the prefer weights not: interrupted (Ctrl-C) ended the search")
    assert res.allocation.steps_used() == 10


def _free_model(n=20):
    from ortools.sat.python import cp_model
    m = cp_model.CpModel()
    for i in range(n):
        m.new_bool_var(f"x{i}")
    return m


def test_a_solve_says_which_limit_ended_it(slow_solutions):
    """solve's Outcome.stopped: "clock" when the wall clock ran out first (here: each solution waits 0.15 s,
    the limit is 0.1 s; the deterministic work done is tiny), "clock" or "work" when nothing was left before
    the search began, "interrupt" after Ctrl-C ended an earlier solve of the command (no search at all)."""
    def enumerate_(budget):
        seen = []
        _, out = cpsat.solve(_free_model(), budget, inner=seen.append, objective=False, enumerate_all_solutions=True)
        return out.stopped, out.found, len(seen)

    assert enumerate_(Budget(0.1)) == ("clock", True, 1)
    spent = Budget(60.0)
    spent.spent = spent.dtime_left() + 1                          # the deterministic work is used up
    assert enumerate_(spent) == ("work", False, 0)
    late = Budget(60.0)
    late.start -= 61                                              # the wall clock is used up
    assert enumerate_(late) == ("clock", False, 0)
    stopped = Budget(60.0)
    stopped.interrupted = True
    assert enumerate_(stopped) == ("interrupt", False, 0)


def test_ctrl_c_during_a_solve_stops_it_and_every_later_solve(slow_solutions):
    """Ctrl-C while a solve runs: the search stops with what it found ("interrupt"), and the budget
    remembers it, so that the command's later solves do not search at all."""
    def ctrl_c(p):
        raise KeyboardInterrupt
    budget = Budget(60.0)
    seen = []
    _, out = cpsat.solve(_free_model(), budget, inner=seen.append, progress=ctrl_c, objective=False,
                         enumerate_all_solutions=True)
    assert (out.stopped, out.found, len(seen)) == ("interrupt", True, 1) and budget.interrupted
    _, out = cpsat.solve(_free_model(), budget, objective=False)
    assert (out.stopped, out.found) == ("interrupt", False)


def test_the_time_limit_runs_out_at_its_last_instant(monkeypatch):
    """Budget.check: at exactly the limit the time has run out (the command stops with what it has)."""
    from aeref.solver.engine.limits import TimeLimitReached
    budget = Budget(2.0, start=100.0)
    monkeypatch.setattr("time.perf_counter", lambda: 101.5)
    budget.check("loading")                                       # 0.5 s left
    monkeypatch.setattr("time.perf_counter", lambda: 102.0)
    with pytest.raises(TimeLimitReached, match=r"the time limit of 2 s ran out while tracing supply \(2\.0 s\)"):
        budget.check("tracing supply")


def test_the_proven_bound_of_a_stopped_optimisation():
    """The bound said with "not proved optimal": the solver's bound, never below the steps placed, never above
    the steps received; the steps received when the solver proved none."""
    from types import SimpleNamespace

    from aeref.solver.replacements.optimise import _upper_bound
    assert _upper_bound(SimpleNamespace(best_objective_bound=7.0), 7, 10) == 7        # the steps placed are the best
    assert _upper_bound(SimpleNamespace(best_objective_bound=8.9999999), 7, 10) == 9
    assert _upper_bound(SimpleNamespace(best_objective_bound=12.0), 7, 10) == 10
    assert _upper_bound(SimpleNamespace(best_objective_bound=6.5), 7, 10) == 10       # below the allocation in hand
    assert _upper_bound(SimpleNamespace(best_objective_bound=float("inf")), 7, 10) == 10
