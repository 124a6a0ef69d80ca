"""Solver limits: ``--time-limit SECONDS`` on every command that solves (a default
limit, 0 for none), output that says plainly when the limit was hit
(``"complete": false``, ``"optimal": false`` with the proven bound) rather than
pretending, never worse than the greedy placer, and byte-identical output for
runs that prove their answer, whatever the limit and the machine's load."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from ortools.sat.python import cp_model

import aeref.solver.selection.choices as cpsat
import aeref.solver.engine.limits as limits
from aeref.solver.selection.choices import why
from aeref.cli.main import cli
from aeref.model.files.load import load_position
from aeref.solver.engine.limits import DEFAULT_TIME_LIMIT, Budget
from aeref.solver.replacements.greedy import greedy
from aeref.solver.replacements.optimise import optimise

from ..support.bench import load
from ..support.cli import run
from ..support.clock import solves_take_their_budget

ROOT = Path(__file__).resolve().parents[2]
AE = str(ROOT / "examples" / "ae-soviet-production.yaml")

#: Commands that run a solver (CP-SAT); each must take --time-limit.
SOLVING = ["pairs", "why", "replacements"]


@pytest.mark.parametrize("command", SOLVING)
def test_every_solving_command_takes_time_limit(command):
    assert command in cli.commands
    assert "--time-limit" in [o for p in cli.commands[command].params for o in p.opts]
    assert "--time-limit" in run(command, "--help").output


@pytest.mark.parametrize("command", SOLVING)
def test_every_solving_command_has_a_default_limit(command):
    opt = next(p for p in cli.commands[command].params if "--time-limit" in p.opts)
    assert opt.default == DEFAULT_TIME_LIMIT > 0
    assert f"default: {DEFAULT_TIME_LIMIT:g}" in " ".join(run(command, "--help").output.split()).replace(".0]", "]")


@pytest.mark.parametrize("value", ["-1", "soon"])
def test_time_limit_must_be_a_number_not_below_zero(value):
    r = run("pairs", AE, "--faction", "soviet", "--time-limit", value)
    assert r.exit_code == 2 and r.stderr.startswith("Error:") and len(r.stderr.strip().splitlines()) == 1


def test_time_limit_zero_is_no_limit():
    r = run("pairs", AE, "--faction", "soviet", "--json", "--time-limit", "0")
    assert r.exit_code == 0 and json.loads(r.stdout)["complete"] is True


def test_the_limit_bounds_loading_too(monkeypatch):
    """--time-limit counts from the start of the command: a limit that runs out while the position
    is loaded (here: loading is made to look 100 s long) is one Error line (exit 2), never a traceback."""
    import aeref.api as api
    import aeref.cli.common as common
    real_load, real_budget, made = api.load_position, common.budget, []

    def budget(seconds):
        made.append(real_budget(seconds))
        return made[-1]

    def slow(path, *rest):
        pos = real_load(path, *rest)
        made[-1].start -= 100.0
        return pos

    monkeypatch.setattr(api, "load_position", slow)
    for mod in ("selection", "replacements"):
        monkeypatch.setattr(f"aeref.cli.{mod}.budget", budget)
    for command in SOLVING:
        args = [command, str(ROOT / "examples" / "tk-soviet-replacements.yaml")] + (["R-1"] if command == "why" else [])
        r = run(*args, "--faction", "soviet", "--time-limit", "5")
        assert r.exit_code == 2, r.output
        assert r.stderr.startswith("Error: the time limit of 5 s ran out while loading"), r.stderr
        assert len(r.stderr.splitlines()) == 1
    assert run("replacements", str(ROOT / "examples" / "tk-soviet-replacements.yaml"), "--faction", "soviet",
               "--time-limit", "0").exit_code == 0            # no limit


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
    r = run("pairs", AE, "--faction", "soviet", "--json", "--time-limit", "30")
    assert r.exit_code == 4                                   # not complete (docs/format-additions.md)
    assert json.loads(r.stdout)["complete"] is False
    r = run("pairs", AE, "--faction", "soviet", "--time-limit", "30")
    assert r.exit_code == 4
    assert "legal selections (not complete: the time limit)." in r.stdout and "at least " in r.stdout


def test_why_undecided_within_the_limit_is_an_error_line(monkeypatch):
    def out_of_time(*a, **k):
        raise cpsat.SolverLimitReached("time limit")

    monkeypatch.setattr(cpsat.Explainer, "_solve", out_of_time)
    r = run("why", AE, "tk-soviet-38", "--faction", "soviet", "--time-limit", "30")
    assert r.exit_code == 2
    assert r.stderr.startswith("Error: ") and "time limit" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.output


def test_why_shrinking_cut_short_on_an_excluded_card(monkeypatch, tmp_path):
    """The limit runs out while the solver narrows the rules down (the card is excluded by one rule alone,
    which the evaluator would name without a solve: that way is turned off here)."""
    from aeref.solver.engine.constraints import Evaluator
    monkeypatch.setattr(Evaluator, "excluding", lambda self, lit: [])
    text = Path(AE).read_text().replace("{tk: total, ds: limited}", "{tk: limited, ds: limited}")
    state = tmp_path / "decks"
    state.mkdir()
    (state / "soviet.yaml").write_text((ROOT / "examples" / "decks" / "soviet.yaml").read_text())
    path = tmp_path / "state.yaml"
    path.write_text(text)
    full = run("why", str(path), "tk-soviet-38", "--faction", "soviet", "--json")
    assert full.exit_code == 1 and json.loads(full.stdout)["complete"] is True

    real = cpsat.Explainer._solve
    calls = []

    def first_only(self, card, keys):
        calls.append(1)
        if len(calls) > 1:
            raise cpsat.SolverLimitReached("time limit")
        return real(self, card, keys)

    monkeypatch.setattr(cpsat.Explainer, "_solve", first_only)
    r = run("why", str(path), "tk-soviet-38", "--faction", "soviet", "--json", "--time-limit", "30")
    assert r.exit_code == 1
    out = json.loads(r.stdout)
    assert out["legal"] is False and out["complete"] is False and out["violations"]
    calls.clear()
    r = run("why", str(path), "tk-soviet-38", "--faction", "soviet", "--time-limit", "30")
    assert r.exit_code == 1 and "time limit" in r.stdout


def test_why_time_limit_is_a_total_budget():
    """The limit bounds all of why's solves together (not each of them)."""
    from aeref.model.files.load import load_position
    pos = load_position(AE)
    ans = cpsat.why(pos, "soviet", "tk-soviet-38", time_limit=30)
    assert ans.complete


def test_replacements_reports_optimal():
    r = run("replacements", str(ROOT / "examples" / "tk-soviet-replacements.yaml"), "--faction", "soviet", "--json",
            "--time-limit", "30")
    assert r.exit_code in (0, 1), r.output
    assert json.loads(r.stdout)["optimal"] is True


def _big(tmp_path, steps=400, hexes=2000, prefer=False):
    """bench/replacements.py's Soviet position (benchmark-only data): the greedy placer uses fewer steps
    than the optimum there (164 of 400 against 190 at 400 x 2,000). ``prefer``: a different weight on
    every unit, so that no two units are interchangeable (a harder model)."""
    state = load("replacements").generate(steps, hexes, 0)
    if prefer:
        fp = state["replacements"]["tk"]["soviet"]
        fp["prefer"] = {u["id"]: i + 1 for i, u in enumerate(fp["force-pool"])}
    p = tmp_path / f"big-{steps}-{hexes}{'-prefer' if prefer else ''}.yaml"
    p.write_text(yaml.safe_dump(state))
    return p


def test_a_too_short_limit_prints_the_best_found_with_its_bound_never_below_greedy(tmp_path, monkeypatch):
    """A deliberately too-short limit: the deterministic work budget is made tiny (not the wall clock,
    so the test does not depend on the machine), and the search stops before it proves anything."""
    p = _big(tmp_path, 120, 500, prefer=True)
    pos = load_position(p)
    _, g = greedy(pos, "soviet", "tk")
    full = optimise(pos, "soviet", "tk", budget=Budget(0))
    assert full.optimal and full.allocation.steps_used() > g.steps_used()     # the position can tell them apart
    monkeypatch.setattr(limits, "DTIME_PER_SECOND", 1e-11)
    r = run("replacements", str(p), "--faction", "soviet", "--time-limit", "30")
    assert r.exit_code == 0, r.output + r.stderr
    line = next(l for l in r.stdout.splitlines() if l.startswith("Steps used:"))
    m = re.match(r"Steps used: (\d+) of (\d+), at most (\d+) can be used \(not proved optimal: the time limit of 30 s", line)
    assert m, line
    used, received, bound = map(int, m.groups())
    assert g.steps_used() <= used <= full.allocation.steps_used() <= bound <= received
    out = json.loads(run("replacements", str(p), "--faction", "soviet", "--time-limit", "30", "--json").stdout)
    assert out["optimal"] is False and "not proved optimal" in out["status"]
    assert out["steps-used"] >= g.steps_used() and out["steps-bound"] >= out["steps-used"]
    assert out["steps-received"] - out["steps-used"] == sum(x["count"] for x in out["lost"])
    assert all(x["reason"].startswith("not used by the best allocation found before the search was stopped (time "
                                      "limit or Ctrl-C); the allocation is not proved optimal: at most ")
               for x in out["lost"]), out["lost"]


def test_a_budget_spent_before_the_solve_gives_the_greedy_allocation(tmp_path):
    p = _big(tmp_path, 120, 500)
    pos = load_position(p)
    _, g = greedy(pos, "soviet", "tk")
    b = Budget(10)
    b.spend(10 * limits.DTIME_PER_SECOND)            # nothing left for the solver
    res = optimise(pos, "soviet", "tk", budget=b)
    assert not res.optimal and res.allocation.steps_used() >= g.steps_used() and res.bound >= res.allocation.steps_used()


BURN = "import time\nt = time.time()\nwhile time.time() - t < 60: pass\n"


def test_proved_runs_are_byte_identical_under_any_limit_and_load(tmp_path):
    """The same position twice, with different limits, once on a quiet machine and once with both
    cores busy: both prove optimality and print the same bytes (placements included)."""
    p = _big(tmp_path)
    quiet = run("replacements", str(p), "--faction", "soviet", "--time-limit", "0")
    burners = [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(2)]
    try:
        busy = run("replacements", str(p), "--faction", "soviet", "--time-limit", "120")
        busy_json = run("replacements", str(p), "--faction", "soviet", "--time-limit", "90", "--json")
    finally:
        for b in burners:
            b.kill()
            b.wait()
    assert quiet.exit_code == busy.exit_code == 0
    assert "(optimal, proved)" in quiet.stdout
    assert quiet.stdout == busy.stdout
    quiet_json = run("replacements", str(p), "--faction", "soviet", "--json")
    assert json.loads(quiet_json.stdout)["optimal"] is True
    assert quiet_json.stdout == busy_json.stdout


def test_ctrl_c_prints_the_best_so_far_not_a_traceback(tmp_path, monkeypatch):
    """Ctrl-C during the solve (simulated: the main thread's wait raises KeyboardInterrupt once, and the
    solver thread starts only once the search was asked to stop) ends the search like a limit: the
    greedy allocation or better is printed, not proved, with its bound; exit 130 (Ctrl-C), no traceback."""
    import threading
    import aeref.solver.engine.runner as cp
    p = _big(tmp_path, 120, 500)
    _, g = greedy(load_position(p), "soviet", "tk")
    asked = threading.Event()
    real_solve, real_stop, real_wait = cp_model.CpSolver.solve, cp_model.CpSolver.stop_search, cp._wait
    calls = []

    def solve(self, model, callback=None):
        asked.wait(30)
        self.parameters.max_deterministic_time = 1e-9     # the stop lands before any search
        return real_solve(self, model, callback)

    def stop(self):
        asked.set()
        real_stop(self)

    def wait(done):
        calls.append(1)
        if len(calls) == 1:
            raise KeyboardInterrupt
        real_wait(done)

    monkeypatch.setattr(cp_model.CpSolver, "solve", solve)
    monkeypatch.setattr(cp_model.CpSolver, "stop_search", stop)
    monkeypatch.setattr(cp, "_wait", wait)
    r = run("replacements", str(p), "--faction", "soviet")
    assert r.exit_code == 130, r.output + r.stderr                 # Ctrl-C (docs/commands.md#exit-codes)
    assert r.stderr.endswith("Interrupted (Ctrl-C): what was found before is printed; it is not complete\n")
    assert "Traceback" not in r.output + r.stderr
    line = next(l for l in r.stdout.splitlines() if l.startswith("Steps used:"))
    m = re.match(r"Steps used: (\d+) of (\d+), at most (\d+) can be used \(not proved optimal: interrupted \(Ctrl-C\)", line)
    assert m, line
    assert int(m.group(1)) >= g.steps_used()
    calls.clear()
    asked.clear()
    r = run("pairs", AE, "--faction", "soviet", "--json")
    out = json.loads(r.stdout)
    assert r.exit_code == 130 and out["complete"] is False and out["excluded"] == []


def test_the_live_line_shows_best_bound_and_time_left_on_a_terminal_only(monkeypatch):
    """Fed Progress reports (as the solver's callback makes them), the live line on a terminal's stderr
    shows the best so far, the proven bound and the time left, after the first second only; with
    --json or when stderr is not a terminal there is no live line at all."""
    import io
    import aeref.cli.liveline as common
    from aeref.solver.engine.limits import Progress

    class Tty(io.StringIO):
        def isatty(self):
            return True

    err = Tty()
    monkeypatch.setattr(common.sys, "stderr", err)
    with common.live_line(as_json=True) as line:
        assert line is None
    with common.live_line(as_json=False) as line:
        line(Progress("placing replacement steps", None, None, 0.5, 59.5, "steps"))
        assert err.getvalue() == ""                      # not in the first second
        line(Progress("placing replacement steps", 190, 194, 2.0, 58.0, "steps"))
        line(Progress("placing replacement steps", 192, 193, 3.0, 57.0, "steps"))
    shown = err.getvalue()
    assert "best so far 190 steps, at most 194 possible, 58 s left" in shown
    assert "best so far 192 steps, at most 193 possible, 57 s left" in shown
    monkeypatch.setattr(common.sys, "stderr", io.StringIO())
    with common.live_line(as_json=False) as line:
        assert line is None


def test_the_proven_bound_is_the_solvers_within_what_was_received():
    """The "at most N can be used" of a search stopped early: the solver's proven bound on the steps used,
    rounded down, never above the steps received; the steps received when the solver proved no bound, when
    it never ran, or when its bound is below the allocation in hand (it cannot be: a stale report)."""
    from aeref.solver.replacements.optimise import _upper_bound

    class Solver:
        def __init__(self, b):
            self.b = b

        @property
        def best_objective_bound(self):
            if self.b is None:
                raise RuntimeError("no response")
            return self.b

    assert _upper_bound(Solver(7.0000001), 3, 10) == 7
    assert _upper_bound(Solver(7.999), 3, 10) == 7
    assert _upper_bound(Solver(12.0), 3, 10) == 10
    assert _upper_bound(Solver(3.0), 3, 10) == 3
    assert _upper_bound(Solver(2.0), 3, 10) == 10
    assert _upper_bound(Solver(float("inf")), 3, 10) == 10
    assert _upper_bound(Solver(float("nan")), 3, 10) == 10
    assert _upper_bound(Solver(None), 3, 10) == 10


def test_a_budget_counts_the_limit_the_work_and_the_clock():
    """solver/engine/limits.py: no limit (None or 0) leaves everything unbounded; a limit gives its seconds of work
    (DTIME_PER_SECOND each) shared by the solves, never below 0 and never refunded, and the wall clock as
    backstop, whose end names what was being done."""
    import time

    from aeref.solver.engine.limits import DTIME_PER_SECOND, Progress, TimeLimitReached

    for free in (Budget(None), Budget(0)):
        assert (free.seconds, free.limited, free.left(), free.dtime_left()) == (None, False, None, None)
        free.check("tracing supply")                          # never runs out
    b = Budget(2)
    assert b.limited and b.dtime_left() == pytest.approx(2 * DTIME_PER_SECOND) and 1.5 < b.left() <= 2
    b.spend(0.5 * DTIME_PER_SECOND)
    b.spend(-5.0)                                             # a negative report refunds nothing
    assert b.dtime_left() == pytest.approx(1.5 * DTIME_PER_SECOND)
    b.spend(10 * DTIME_PER_SECOND)
    assert b.dtime_left() == 0.0
    late = Budget(5, start=time.perf_counter() - 7)
    assert late.left() == 0.0 and late.elapsed() >= 7
    with pytest.raises(TimeLimitReached) as exc:
        late.check("tracing supply")
    assert re.fullmatch(r"the time limit of 5 s ran out while tracing supply \(7\.\d s\), before any answer was "
                        r"found; raise --time-limit", str(exc.value)), exc.value
    assert Progress("enumerating selections", None, None, 3.4, None).line() == "enumerating selections, 3 s"
    assert Progress("placing replacement steps", 190, 194.0, 2.0, 58.2, "steps").line() == (
        "placing replacement steps, best so far 190 steps, at most 194 possible, 58 s left")
    assert Progress("weighing", 7, None, 1.0, 3.0).line() == "weighing, best so far 7, 3 s left"


def test_the_end_of_a_search_is_named():
    """What stopped a search, as the not-proved status says it: Ctrl-C, the work budget (the limit), or the
    wall clock (with the warning that another run may differ)."""
    from aeref.solver.replacements.optimise import _why_stopped
    assert _why_stopped("interrupt", Budget(30)) == "interrupted (Ctrl-C)"
    assert _why_stopped("work", Budget(30)) == "the time limit of 30 s"
    assert _why_stopped("work", Budget(None)) == "the time limit"
    assert _why_stopped("clock", Budget(2.5)) == ("the time limit of 2.5 s ran out on the wall clock (a slow or loaded "
                                                 "machine: another run may differ)")


# ----------------------------------------------------------------------------- why's and pairs' time limit shared by all their solves

WHY = """
game: ae
turn: Nov-Dec 1941
war-state: {tk: total, ds: limited}
factions:
  soviet:
    tk: {pending: 42, hand: [38]}
    ds: {pending: 92, hand: [24]}
cards:
  - {map: tk, faction: soviet, number: 38, name: Total War Production, war-state: total, production: 3}
  - {map: tk, faction: soviet, number: 42, name: Test Only Twin, war-state: total, production: 0, combined: true}
  - {map: ds, faction: soviet, number: 24, name: Limited War Production, war-state: limited, production: 1}
  - {map: ds, faction: soviet, number: 92, name: test only twin, war-state: limited, production: 0, combined: true}
"""


WHY_RULES = {"1.1.3 Card Selection Is Final", "1.1.3.3 Identically Named © Cards"}


def test_why_time_limit_bounds_all_its_solves_together(tmp_path, monkeypatch):
    """`why --time-limit S` bounds the solver's work for the whole answer (README "Solver limits"), not
    each solve: when every solve uses all the work it is given, the later solves get nothing; the rules
    listed still exclude the card (proved by the first solve) and the answer says the set may not be
    minimal (`complete` false). Without a limit the same answer is complete."""
    from aeref.solver.engine.limits import DTIME_PER_SECOND
    (tmp_path / "s.yaml").write_text(WHY)
    pos = load_position(tmp_path / "s.yaml")
    free = why(pos, "soviet", "tk-soviet-42")
    assert not free.legal and free.complete and set(free.rules) == WHY_RULES, free.rules
    with solves_take_their_budget(monkeypatch) as log:
        ans = why(pos, "soviet", "tk-soviet-42", time_limit=2.0)
    assert len(log.given) >= 2, log.given
    assert log.given[0] == pytest.approx(2.0 * DTIME_PER_SECOND) and not any(log.given[1:]), log.given
    assert not ans.legal and set(ans.rules) >= WHY_RULES and not ans.complete


def test_why_cli_time_limit_bounds_all_its_solves_together(tmp_path, monkeypatch):
    """`aeref why STATE CARD --time-limit S --json`: the same through the command line."""
    (tmp_path / "s.yaml").write_text(WHY)
    with solves_take_their_budget(monkeypatch) as log:
        r = run("why", str(tmp_path / "s.yaml"), "tk-soviet-42", "--faction", "soviet", "--json",
                                     "--time-limit", "2")
    assert r.exit_code == 1, r.output
    out = json.loads(r.stdout)
    assert out["legal"] is False and out["complete"] is False and out["violations"]
    assert len(log.given) >= 2 and log.given[0] and not any(log.given[1:]), log.given


def test_pairs_cli_time_limit_leaves_the_excluded_cards_it_could_not_explain_unexplained(tmp_path, monkeypatch):
    """`aeref pairs --time-limit S`: the enumeration takes the whole budget; each card left out of every legal
    selection whose rules were not found in time says so, with no rule named (never a wrong one)."""
    (tmp_path / "s.yaml").write_text(WHY)
    with solves_take_their_budget(monkeypatch):
        r = run("pairs", str(tmp_path / "s.yaml"), "--faction", "soviet", "--json",
                                     "--time-limit", "2")
    out = json.loads(r.stdout)
    cut = [x for x in out["excluded"] if not x["rules"]]
    assert {x["card"] for x in cut} == {"tk-soviet-42", "ds-soviet-92"}, out["excluded"]
    assert all(x["message"] == "the time limit ran out before the rules that exclude it were found (ask aeref why)"
               for x in cut)
