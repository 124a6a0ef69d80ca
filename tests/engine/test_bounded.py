"""Bounded everywhere: every command ends within its limit on a position far too large, and
says what it left out; large answers are streamed or paged, never "0" unless proved, never exit 3.

The positions (tests/support/scale_positions.py) are test-only data. The timing checks have a generous
margin: they are not benchmarks (bench/scale.py is), they catch a command that ignores its limit.
"""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from aeref.api import Budget, load
from aeref.cli import report as report_cli
from aeref.cli import selection as selection_cli
from aeref.cli.jsonout import json_text

from tests.support.bench import load as bench
from tests.support.cli import run
from tests.support.scale_positions import ae_hands, tk_hand, write

ROOT = Path(__file__).resolve().parents[2]
AE = ROOT / "examples" / "ae-soviet-production.yaml"
#: Seconds a command may run past its --time-limit here: start-up and a loaded 2-core machine (not a benchmark).
MARGIN = 12.0


def _not_complete(r, label: str) -> None:
    """``r`` said it is not complete: exit 4 with ``complete: false`` (what was found, the count of it), or
    the one ``Error:`` line of a limit that ran out before any answer (exit 2)."""
    assert "Traceback" not in r.output, r.output
    if r.exit_code == 2:
        assert r.stderr.startswith("Error: ") and "time limit" in r.stderr, (label, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1
        return
    assert r.exit_code == 4, (label, r.exit_code, r.stderr)


def _timed(*args):
    t0 = time.perf_counter()
    r = run(*args)
    return r, time.perf_counter() - t0


# ----------------------------------------------------------------------------- pairs: streamed, counted, paged

@pytest.mark.parametrize("state", ["example", "ae", "tk"])
def test_1_1_3_pairs_json_streamed_is_the_one_document(tmp_path, monkeypatch, state):
    """FORMAT 5 `pairs --json`: written as it is produced (in batches of 3 here), the bytes are those of the
    whole document (json.dumps, indent 2), `count` after `choices`; TK alone, AE and the shipped example."""
    from aeref.cli import jsonout
    monkeypatch.setattr(jsonout, "_BATCH", 3)
    path = AE if state == "example" else write(ae_hands(30, 20) if state == "ae" else tk_hand(120),
                                               tmp_path / "s.yaml")
    r = run("pairs", path, "--faction", "soviet", "--json")
    assert r.exit_code == 0, r
    legal = load(path).legal_selections("soviet")
    whole = {"format-version": 1, **legal.as_json()}   # the CLI's JSON carries the version of its shape first
    assert r.stdout == json.dumps(whole, indent=2, ensure_ascii=False) + "\n" == json_text(whole) + "\n"
    assert list(whole).index("count") == list(whole).index("choices") + 1
    assert whole["count"] == len(whole["choices"]) == legal.count().number


def test_1_1_3_pairs_count_alone(tmp_path):
    """`pairs --count`: the number of legal selections (1.1.3) alone, without listing them."""
    path = write(ae_hands(30, 20), tmp_path / "s.yaml")
    r = run("pairs", path, "--faction", "soviet", "--count")
    assert (r.exit_code, r.stdout) == (0, "600\n")
    r = run("pairs", path, "--faction", "soviet", "--count", "--json")
    assert r.exit_code == 0 and r.json == {"format-version": 1, "count": 600, "complete": True}


def test_1_1_3_2_tk_alone_has_no_pairing_and_needs_no_solver(tmp_path, monkeypatch):
    """TK alone: each card is ruled by plain evaluation (1.1.3.2 excludes every 50th card, a Total War
    card under Limited War); the solver is never asked to list single cards."""
    import aeref.solver.selection.choices as choices

    def no_solver(*a, **k):
        raise AssertionError("the solver was asked to list single cards")

    monkeypatch.setattr(choices, "solve", no_solver)
    path = write(tk_hand(500), tmp_path / "s.yaml")
    r = run("pairs", path, "--faction", "soviet", "--json")
    assert r.exit_code == 0, r
    out = r.json
    assert out["complete"] is True and out["count"] == len(out["choices"]) == 490
    assert len(out["excluded"]) == 10 and {x["rules"][0]["rule"] for x in out["excluded"]} == {"1.1.3.2"}


def test_1_1_3_pairs_text_table_is_paged_and_refused_beyond_its_size(tmp_path, monkeypatch):
    """The text table shows --limit rows in the order people read them and the exact count of the rest;
    `--limit 0` beyond the table's size is refused in a player's words (exit 2), never a MemoryError."""
    path = write(ae_hands(30, 20), tmp_path / "s.yaml")
    r = run("pairs", path, "--faction", "soviet", "--limit", "5")
    assert r.exit_code == 0
    assert "... and 595 more" in r.stdout and "600 legal selections." in r.stdout
    assert r.stdout.splitlines()[3].split()[:2] == ["1", "100"]           # TK 100 first, with DS 100
    monkeypatch.setattr(selection_cli, "MAX_TABLE_ROWS", 100)
    r = run("pairs", path, "--faction", "soviet", "--limit", "0")
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == (f"Error: {path}: 600 legal selections: too many to list; use --count or --limit\n")


def test_out_of_memory_is_bad_input_exit_2_not_a_bug(monkeypatch):
    """A position too large for the machine's memory: one Error: line in a player's words, exit 2 (never 3)."""
    from aeref.api import Position

    def too_big(*a, **k):
        raise MemoryError

    monkeypatch.setattr(Position, "legal_selections", too_big)
    r = run("pairs", AE, "--faction", "soviet")
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert r.stderr.startswith("Error: the position is too large for this machine's memory")
    assert len(r.stderr.strip().splitlines()) == 1


# ----------------------------------------------------------------------------- far too short a limit

def test_1_1_3_pairs_far_too_short_a_limit_ends_in_time_and_says_not_complete(tmp_path):
    """9,000,000 selections (3,000 + 3,000 cards) streamed with --time-limit 6 (the whole list takes several
    times the limit; 1,500 + 1,500 came to an end within 6 s once loading and evaluation got faster):
    the list is cut at the limit, `count` is what was written, `complete` false, exit 4 (not the backstop's
    Error: line)."""
    path = write(ae_hands(3000, 3000), tmp_path / "s.yaml")
    r, took = _timed("pairs", path, "--faction", "soviet", "--json", "--time-limit", "6")
    assert took < 6 + MARGIN, took
    assert r.exit_code == 4, r.stderr
    out = r.json
    assert out["complete"] is False and out["count"] == len(out["choices"]) < 9_000_000


def test_report_far_too_short_a_limit_ends_in_time(tmp_path):
    """`report` on 1,500 + 1,500 cards with --time-limit 3: within the limit (a page whose matrix is left
    out, saying so) or the one Error: line of the limit; never minutes."""
    path = write(ae_hands(1500, 1500), tmp_path / "s.yaml")
    out = tmp_path / "s.html"
    r, took = _timed("report", path, "-o", out, "--time-limit", "3")
    assert took < 3 + MARGIN, took
    assert "Traceback" not in r.output
    if r.exit_code == 0:
        assert "too big to read and was left out" in out.read_text()
    else:
        _not_complete(r, "report")


def test_replacements_far_too_short_a_limit_ends_in_time(tmp_path):
    """`replacements` of 8,000 Force Pool units over 4,000 hexes with --time-limit 3: ends in time, and says
    it is not proved optimal (or the one Error: line of the limit). (2,000 units over 2,000 hexes, once too
    large, are now answered and proved within 3 s.)"""
    import yaml
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump(bench("replacements").generate(8000, 4000, 0)))
    r, took = _timed("replacements", path, "--faction", "soviet", "--time-limit", "3")
    assert took < 3 + MARGIN, took
    assert "Traceback" not in r.output
    if r.exit_code == 0:
        assert "not proved optimal" in r.stdout
    else:
        _not_complete(r, "replacements")


def test_the_backstop_bounds_loading_too(monkeypatch):
    """The wall-clock backstop bounds the whole command: a load that would take 30 s ends soon after a
    limit of 1 s, with the one Error: line (exit 2)."""
    from aeref.cli import arguments

    real = arguments.load

    def slow(*a, **k):
        time.sleep(30)
        return real(*a, **k)

    monkeypatch.setattr(arguments, "load", slow)
    monkeypatch.setattr(selection_cli, "load", slow)
    r, took = _timed("pairs", AE, "--faction", "soviet", "--time-limit", "1")
    assert took < 1 + 5, took
    assert r.exit_code == 2 and r.stderr.startswith("Error: the time limit of 1 s ran out"), r


#: A console-script process whose start takes 2 s before aeref is imported (a loaded machine's slow start).
SLOW_START = "import sys, time\ntime.sleep(4)\nfrom aeref.cli.main import main\nmain()"


def test_the_backstop_counts_the_start_of_the_process_too(tmp_path):
    """The wall-clock backstop bounds the whole command from the start of its process (Python's start and
    the imports count, solver/limits.process_started), not from the parsing of the command line. A console-script
    process that takes 4 s to start, on 3,000 + 3,000 cards with --time-limit 6 (1.1.3 pairs), ends within the
    limit + 3 s of its start (a loaded machine; counted from the command line it would end 4 s + the imports
    + 6 s after it) and says it is not complete (exit 4, or the one Error: line of the limit)."""
    import os
    import subprocess
    import sys

    from tests.support.cli import Ran
    path = write(ae_hands(3000, 3000), tmp_path / "s.yaml")
    args = ["pairs", str(path), "--faction", "soviet", "--json", "--time-limit", "6"]
    env = {k: v for k, v in os.environ.items() if k != "AEREF_DEBUG"}
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-c", SLOW_START, *args], capture_output=True, text=True, env=env, timeout=120)
    took = time.perf_counter() - t0
    assert took < 6 + 3, took
    _not_complete(Ran(args, p.returncode, p.stdout, p.stderr, p.stdout + p.stderr), "pairs")


def test_the_start_of_the_process_is_known():
    """solver/limits.process_started: the perf_counter reading of the process's start, seconds before the import of
    aeref when Python slept that long first (the start the backstop counts from)."""
    import subprocess
    import sys
    probe = ("import time\ntime.sleep(1)\nfrom aeref.api import process_started\n"
             "print(time.perf_counter() - process_started())")
    t0 = time.perf_counter()
    ran = float(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60).stdout)
    assert 1.0 <= ran <= time.perf_counter() - t0 + 0.05, ran


# ----------------------------------------------------------------------------- the report's matrix

def test_1_1_3_report_matrix_capped_lists_the_legal_selections_instead(tmp_path):
    """A 61 x 61 matrix (3,721 cells) is more than a person reads: left out, with its size, the first legal
    selections (1.1.3) in the order people read them and their count."""
    pos = load(write(ae_hands(60, 60), tmp_path / "s.yaml"))
    mx = report_cli.matrix(pos, "soviet")
    assert mx["rows"] == [] and mx["omitted"] == {"cells": 3721, "rows": 61, "cols": 61}
    assert mx["legal-count"] == 3600 and mx["legal-complete"] is True and len(mx["legal"]) == report_cli.LISTED
    assert [x["id"] for x in (mx["legal"][0]["tk"], mx["legal"][0]["ds"])] == ["tk-soviet-100", "ds-soviet-100"]
    page = report_cli.render(report_cli.report_data(pos, ["soviet"]))
    assert "3,721 cells) is too big to read and was left out" in page and "3,600 legal selections" in page


def test_1_1_3_report_cells_the_limit_leaves_are_marked_unruled(tmp_path):
    """Every cell is ruled within the time limit: with the limit spent, the cells are "not ruled", counted,
    and the page says so (no cell claims legal or illegal)."""
    pos = load(write(tk_hand(40), tmp_path / "s.yaml"))
    legal = pos.legal_selections("soviet")
    spent = Budget(0.001)
    time.sleep(0.01)
    mx = report_cli.matrix(pos, "soviet", legal, spent)
    assert mx["unruled"] == 41 and all(c["legal"] is None for r in mx["rows"] for c in r["cells"])
    page = report_cli.render({**report_cli.report_data(pos, ["soviet"]), "factions": [
        {"faction": "soviet", "name": "Soviet", "matrix": mx, "excluded": []}]})
    assert "41 cells marked ? are not ruled" in page
    full = report_cli.matrix(pos, "soviet", legal)
    assert full["unruled"] == 0 and sum(c["legal"] for r in full["rows"] for c in r["cells"]) == 40   # no card: 1.1.3


def test_1_1_3_report_matrix_stops_the_page_reserve_before_the_limit(tmp_path):
    """The matrix rules its cells (1.1.3) only while more than ``reserve`` seconds of the limit are left, the
    time kept back for building and writing the page: with the whole limit kept back no cell is ruled (and
    the page says so), with none kept back every cell is."""
    pos = load(write(tk_hand(40), tmp_path / "s.yaml"))
    legal = pos.legal_selections("soviet")
    assert report_cli.matrix(pos, "soviet", legal, Budget(60), reserve=60)["unruled"] == 41
    assert report_cli.matrix(pos, "soviet", legal, Budget(60), reserve=0)["unruled"] == 0
    [fx] = report_cli.report_data(pos, ["soviet"], limit=Budget(60), reserve=60)["factions"]
    assert fx["matrix"]["unruled"] == 41
    assert "41 cells marked ? are not ruled" in report_cli.render(report_cli.report_data(pos, ["soviet"], limit=Budget(60),
                                                                                        reserve=60))


def test_1_1_3_report_reserve_grows_with_what_the_page_draws(tmp_path):
    """The time kept back for the page (:func:`page_reserve`) is measured (the template's compile on this
    machine) and grows with the cells and cards the page draws (1.1.3's matrix of an 800-card hand)."""
    small = report_cli.page_reserve(load(write(tk_hand(10), tmp_path / "a.yaml")), ["soviet"])
    large = report_cli.page_reserve(load(write(tk_hand(800), tmp_path / "b.yaml")), ["soviet"])
    assert 0 < small < large


def test_1_3_3_one_placement_more_checks_only_the_constraints_its_values_appear_in():
    """The lost-step reasons (1.3.3) try one placement more of an unplaced unit: ``Evaluator.broken_by``
    checks the constraints its new values appear in (as such or as ANY), and finds every constraint that
    placement breaks anew - those of the slot it leaves out were broken before or cannot break."""
    from aeref.solver.engine.constraints import ANY, AtMost, Evaluator, Lit, Nogood
    place, pay = ("place", "R-1"), ("pay", "R-1")
    cons = [Nogood((Lit(place, "4010"), Lit(("place", "R-2"), "4010")), "two in 4010"),
            Nogood((Lit(place, ANY), Lit(("place", "R-3"), ANY)), "R-1 or R-3"),
            Nogood((Lit(place, "4012"),), "never 4012"),
            AtMost(((1, Lit(pay, "inf")), (1, Lit(("pay", "R-2"), "inf"))), 1, lambda held: "one infantry step")]
    ev = Evaluator(cons)
    before = {("place", "R-2"): "4010", ("pay", "R-2"): "inf", ("place", "R-3"): "4015"}
    trial = {**before, place: "4010", pay: "inf"}
    got = ev.broken_by(trial, ((place, "4010"), (pay, "inf")))
    assert [b.constraint for b in got] == [cons[0], cons[1], cons[3]] == [b.constraint for b in ev.broken(trial)]
    assert ev.broken_by({**before, place: "4011", pay: "arm"}, ((place, "4011"), (pay, "arm"))) == \
        [b for b in ev.broken({**before, place: "4011", pay: "arm"}) if b.constraint is cons[1]]


def test_1_1_3_2_tk_alone_lists_and_explains_without_importing_ortools(tmp_path):
    """TK alone (no pairing): the legal selections and the cards one rule excludes alone (1.1.3.2) come
    without the solver, so without the ortools import (a second of a `report`'s limit)."""
    import subprocess
    import sys
    path = write(tk_hand(100), tmp_path / "s.yaml")
    code = ("import sys; from aeref.api import load; l = load(sys.argv[1]).legal_selections('soviet'); "
            "print(l.count().number, len(l.excluded()), 'ortools' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["98", "2", "False"]


def test_1_3_4_rules_posted_once_per_context_and_again_for_a_candidate_added(tmp_path):
    """The rules of 1.3.3 / 1.3.4 / 9.2 are posted once per Replacements Segment context (the optimiser,
    the greedy placer and the lost steps' reasons share them); a location a proposed allocation
    adds to a unit's candidates after posting posts them again, with the 1.3.4 nogood for it."""
    import yaml
    from aeref.model.files.load import load_position
    from aeref.solver.replacements.rules import post
    from aeref.solver.replacements.segment import make_context
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump(bench("replacements").generate(10, 50, 0)))
    ctx = make_context(load_position(path), "soviet", "tk")
    first = post(ctx)
    again = post(ctx)
    assert again is not first and all(a is b for a, b in zip(first, again)) and len(first) == len(again)
    uid = next(u for u in ctx.force_pool if ctx.place_values[u])
    wrong = next(h for h in ctx.board.hexes if h not in ctx.eligible[uid])
    ctx.place_values[uid].append(wrong)
    third = post(ctx)
    assert any(getattr(c, "lits", None) == ((("place", uid), wrong),) and c.rule.number == "1.3.4" for c in third)
    assert not any(getattr(c, "lits", None) == ((("place", uid), wrong),) for c in first)
