#!/usr/bin/env python3
"""Benchmark of the Pending Card selection (1.1.3): oracle, direct evaluation, CP-SAT.

Run by hand from the project root (not a test)::

    python bench/selection.py            # the table of the README, section Benchmark
    python bench/selection.py --quick    # fewer repetitions
    python bench/selection.py --smoke    # the smallest hands once, no cold starts: the test suite's check that the script runs

For generated AE positions (Soviet faction, hands of 5, 15, 25 and 40 cards
per map) it times

* the brute-force oracle of the tests (``tests/support/oracle.py``, written
  independently of the rule definitions; when it is missing, the small brute
  force :func:`mini_oracle` below, which knows only what the generator makes),
* direct evaluation (``solver.selection.rules.legal_choices_direct``),
* CP-SAT enumeration in the process (``solver.engine.compiler.enumerate_choices``: the
  rules posted, the model built and solved; the ortools import is paid once
  before timing),

checks that the three agree, and prints the ratio CP-SAT / oracle and the
number of legal selections. Then it times the cold start of the ``aeref``
process for ``validate``, ``check`` and ``pairs`` on the shipped example
``examples/ae-soviet-production.yaml`` (median of several runs).

Every card of the generated positions is a TEST-ONLY card (named
"Test-only card N"), not a card of the games; the generator mixes the
features the rules read: war states above and below the map's, Production
Values, © twins, Rearmament and Offensive cards (annual), requirements and a
``played`` history.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import product
from pathlib import Path

import yaml
from tabulate import tabulate

from aeref.model.files.load import load_position
from aeref.solver.selection.rules import choice_key, legal_choices_direct

ROOT = Path(__file__).resolve().parent.parent

EXAMPLE = ROOT / "examples" / "ae-soviet-production.yaml"
SIZES = (5, 15, 25, 40)
TARGET_MS, TARGET_RATIO = 50.0, 10.0
TARGET_CHECK_S, TARGET_PAIRS_S, TARGET_PAIRS_RATIO = 0.2, 1.5, 1.3

WAR_STATES = ("pre-war", "limited", "total")


# ----------------------------------------------------------------------------- positions

def generate(n: int, seed: int = 1) -> dict:
    """An AE state file (as data) with ``n`` test-only Soviet cards in each map's hand.

    Total War on TK, Limited War on DS (Production Limit 3). About a fifth of
    the cards are © twins of a card in the other hand, some are Rearmament or
    Offensive cards, some carry a requirement, some are above the DS war state.
    """
    rng = random.Random(seed * 1000 + n)
    cards, hands = [], {"tk": [], "ds": []}
    num = 100
    twins = []
    for m in ("tk", "ds"):
        for i in range(n):
            num += 1
            name = f"Test-only card {num}"
            roll = rng.random()
            if roll < 0.12:
                name = f"Test-only Offensive {num}"
            card = {
                "map": m, "faction": "soviet", "number": num, "name": name,
                "war-state": rng.choice(("pre-war", "limited", "limited", "total")), "production": rng.choice((0, 0, 1, 1, 2, 3)),
            }
            if 0.12 <= roll < 0.22:
                card["rearmament"] = True
            if 0.22 <= roll < 0.30:
                card["requires"] = [rng.choice([
                    {"posture": {"Russia": "war"}},
                    {"posture": {"Russia": "policy-affected"}},
                    {"war-state": {"map": "ds", "is": ["total"]}},
                    {"played": "tk-soviet-100"},
                    {"not-played": "tk-soviet-100"},
                ])]
            if m == "ds" and twins and roll > 0.78:
                twin = twins.pop()
                twin["combined"] = True
                card["combined"] = True
                card["name"] = twin["name"]
            elif m == "tk" and roll > 0.78:
                twins.append(card)
            cards.append(card)
            hands[m].append(num)
    cards.append({"map": "tk", "faction": "soviet", "number": 100, "name": "Test-only played card",
                  "war-state": "pre-war", "production": 0})
    cards.append({"map": "tk", "faction": "soviet", "number": 99, "name": "Test-only Offensive played",
                  "war-state": "pre-war", "production": 0})
    return {
        "game": "ae", "turn": "Aug-Sept 1942", "war-state": {"tk": "total", "ds": "limited"},
        "cards": cards,
        "factions": {"soviet": {
            "tk": {"current": None, "hand": hands["tk"],
                   "played": [{"card": 100, "turn": "Mar-Apr 1941"}, {"card": 99, "turn": "May-June 1941"}]},
            "ds": {"current": None, "hand": hands["ds"]},
        }},
        "countries": {"Russia": {"posture": "war", "status": "active", "alignment": "soviet"}},
    }


def generate_distinct(n: int) -> dict:
    """AE, Soviet: ``n`` test-only cards per map, every TK card with a © twin in the DS hand, so no two
    cards of a slot are interchangeable; ``(n + 1)**2 - 3n - 1`` legal selections (forced empty slot)."""
    cards = []
    for i in range(n):
        name = f"Test-only twin {i}"
        cards.append({"map": "tk", "faction": "soviet", "number": 100 + i, "name": name, "war-state": "pre-war", "production": 0,
                      "combined": True})
        cards.append({"map": "ds", "faction": "soviet", "number": 100 + i, "name": name, "war-state": "pre-war", "production": 0,
                      "combined": True})
    return {"game": "ae", "turn": "Aug-Sept 1942", "war-state": {"tk": "total", "ds": "total"}, "cards": cards,
            "factions": {"soviet": {m: {"current": None, "hand": [100 + i for i in range(n)]} for m in ("tk", "ds")}},
            "countries": {"Russia": {"posture": "war", "status": "active", "alignment": "soviet"}}}


def generate_interchangeable(n: int) -> dict:
    """AE, Soviet: ``n`` test-only cards per map that no rule tells apart: ``n * n`` legal selections."""
    cards = [{"map": m, "faction": "soviet", "number": 100 + i, "name": f"Test-only card {m} {i}",
              "war-state": "pre-war", "production": 0} for m in ("tk", "ds") for i in range(n)]
    return {"game": "ae", "turn": "Aug-Sept 1942", "war-state": {"tk": "total", "ds": "total"}, "cards": cards,
            "factions": {"soviet": {m: {"current": None, "hand": [100 + i for i in range(n)]} for m in ("tk", "ds")}},
            "countries": {"Russia": {"posture": "war", "status": "active", "alignment": "soviet"}}}


# ----------------------------------------------------------------------------- oracle

def mini_oracle(state: dict) -> list[dict]:
    """Brute force over the generated data alone (no model/, no solver/): the
    rules of 1.1.3 as far as :func:`generate` exercises them. Used only when
    ``tests/support/oracle.py`` is not there."""
    cards = {f"{c['map']}-soviet-{c['number']}": c for c in state["cards"]}
    rank = {s: i for i, s in enumerate(WAR_STATES)}
    ws = state["war-state"]
    played = {f"tk-soviet-{p['card']}": p["turn"] for p in state["factions"]["soviet"]["tk"]["played"]}
    year = "1942"  # the reveal turn Nov-Dec 1942

    def req_ok(r):
        if "posture" in r:
            return all(state["countries"].get(k, {}).get("posture") == v for k, v in r["posture"].items())
        if "war-state" in r:
            return ws[r["war-state"]["map"]] in r["war-state"]["is"]
        if "played" in r:
            return r["played"] in played
        return r["not-played"] not in played

    def unary(cid):
        c = cards[cid]
        return rank[c["war-state"]] <= rank[ws[c["map"]]] and all(req_ok(r) for r in c.get("requires", []))

    def annual(cid, kind):
        c = cards[cid]
        return c.get("rearmament", False) if kind == "rearmament" else "Offensive" in c["name"]

    prior = {k: sum(1 for pc, t in played.items() if t.endswith(year) and annual(pc, k)) for k in ("rearmament", "offensive")}

    def ok(tk, ds):
        chosen = [c for c in (tk, ds) if c]
        if not all(unary(c) for c in chosen):
            return False
        for k in prior:
            if prior[k] + sum(1 for c in chosen if annual(c, k)) > 1:
                return False
        if tk and ds and cards[tk].get("combined") and cards[ds].get("combined") and cards[tk]["name"] == cards[ds]["name"]:
            return False
        return sum(cards[c]["production"] for c in chosen) <= 3

    fs = state["factions"]["soviet"]
    hand = {m: [f"{m}-soviet-{n}" for n in fs[m]["hand"]] for m in ("tk", "ds")}
    out = []
    for tk, ds in product(hand["tk"] + [None], hand["ds"] + [None]):
        if not ok(tk, ds):
            continue
        if tk is None and any(ok(c, ds) for c in hand["tk"]):
            continue
        if ds is None and any(ok(tk, c) for c in hand["ds"]):
            continue
        out.append({"tk": tk, "ds": ds})
    return sorted(out, key=choice_key)


def pick_oracle():
    """``(name, function(state_dict, position) -> sorted choices)``: ``tests/support/oracle.py``'s
    ``legal_set`` (every known card in every slot, as the tests run it), or
    :func:`mini_oracle` when the tests' oracle is not there."""
    try:
        import importlib.util
        spec = importlib.util.spec_from_file_location("aeref_tests_oracle", ROOT / "tests" / "support" / "oracle.py")
        oracle = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(oracle)
        fn = oracle.legal_set
    except (ImportError, AttributeError, FileNotFoundError):
        return "mini_oracle (bench/selection.py)", lambda state, pos: mini_oracle(state)
    return "tests/support/oracle.py legal_set", lambda state, pos: sorted([dict(c) for c in fn(pos, "soviet")], key=choice_key)


# ----------------------------------------------------------------------------- timing

def timed(fn, repeat: int) -> tuple[float, object]:
    """Median wall time in ms of ``repeat`` calls, and the last result."""
    times, out = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), out


def bench_selection(repeat: int, sizes: tuple = SIZES) -> list[list]:
    from aeref.solver.selection.choices import enumerate_choices  # the import is paid here, before timing

    oracle_name, oracle = pick_oracle()
    rows = []
    tmp = Path(tempfile.mkdtemp(prefix="aeref-bench-"))
    try:
        # warm up the solver once (its first call allocates)
        pos0 = load_position(EXAMPLE)
        enumerate_choices(pos0, "soviet")
        for n in sizes:
            state = generate(n)
            path = tmp / f"hand-{n}.yaml"
            path.write_text(yaml.safe_dump(state, sort_keys=False))
            pos = load_position(path)
            t_or, r_or = timed(lambda: oracle(state, pos), repeat)
            t_mi, r_mi = timed(lambda: mini_oracle(state), repeat)
            t_di, r_di = timed(lambda: legal_choices_direct(pos, "soviet"), repeat)
            t_cp, (r_cp, complete) = timed(lambda: enumerate_choices(pos, "soviet"), repeat)
            agree = r_or == r_mi == r_di == r_cp and complete
            ok = ""
            if n == 25:
                ok = "yes" if t_cp <= TARGET_MS and t_cp <= TARGET_RATIO * t_or else "NO"
            rows.append([f"{n} x {n}", f"{t_or:.1f}", f"{t_mi:.1f}", f"{t_di:.1f}", f"{t_cp:.1f}",
                         f"{t_cp / t_or:.2f}", f"{t_cp / t_mi:.1f}", len(r_cp), "yes" if agree else "NO", ok])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"Oracle: {oracle_name}")
    return rows


def cold_env(cache: bool) -> dict:
    """The environment of a cold ``aeref`` process: with Python's bytecode cache (written on the
    first run into a temporary PYTHONPYCACHEPREFIX, read afterwards, as an installed package does)
    or without any (an empty prefix folder and PYTHONDONTWRITEBYTECODE: every module of aeref,
    click, pydantic, ortools, numpy and pandas is compiled from source on every run; an existing
    ``__pycache__`` beside the sources is not read)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="aeref-pycache-")
    if not cache:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def interleaved(cmds: list, env: dict, runs: int) -> list[list[float]]:
    """Wall times of ``runs`` rounds, each running every command of ``cmds`` once in turn (side by
    side, so that a change of the machine's load falls on all of them alike), after one warm-up round."""
    times: list = [[] for _ in cmds]
    for r in range(runs + 1):
        for i, cmd in enumerate(cmds):
            t0 = time.perf_counter()
            subprocess.run(cmd, cwd=ROOT, capture_output=True, env=env)
            if r:
                times[i].append(time.perf_counter() - t0)
    return times


def bench_cold(runs: int) -> list[list]:
    """Wall time of the ``aeref`` process and of its floors, ``import ortools.sat.python.cp_model`` (the
    floor of ``pairs``) and ``import click, pydantic, yaml`` (of ``check``) alone, run in turn
    (side by side), with Python's bytecode cache and really without one. Returns rows
    ``[name, median s, min s, median s without a bytecode cache]``, the cp_model floor first."""
    exe = shutil.which("aeref", path=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    if exe is None:
        raise SystemExit("aeref is not installed in this environment (pip install -e .)")
    ex = str(EXAMPLE.relative_to(ROOT))
    cmds = [
        ("python -c 'import ortools.sat.python.cp_model'", [sys.executable, "-c", "import ortools.sat.python.cp_model"]),
        ("python -c 'import click, pydantic, yaml'", [sys.executable, "-c", "import click, pydantic, yaml"]),
        ("aeref validate", [exe, "validate", ex]),
        ("aeref check", [exe, "check", ex, "--faction", "soviet", "--tk", "39", "--ds", "24"]),
        ("aeref pairs", [exe, "pairs", ex, "--faction", "soviet"]),
    ]
    envs = {True: cold_env(True), False: cold_env(False)}
    try:
        cached = interleaved([c for _, c in cmds], envs[True], runs)
        bare = interleaved([c for _, c in cmds], envs[False], max(3, runs // 2))
    finally:
        for env in envs.values():
            shutil.rmtree(env["PYTHONPYCACHEPREFIX"], ignore_errors=True)
    return [[name, statistics.median(t), min(t), statistics.median(b)] for (name, _), t, b in zip(cmds, cached, bare)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    ap.add_argument("--smoke", action="store_true",
                    help="the smallest hands, one call, no cold starts: checks the script still runs (the test suite's smoke run)")
    args = ap.parse_args(argv)
    repeat, runs = (1, 1) if args.smoke else (3, 3) if args.quick else (9, 7)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {load}; "
          f"times are medians of {repeat} calls")
    rows = bench_selection(repeat, SIZES[:1] if args.smoke else SIZES)
    print(tabulate(rows, headers=["hands (TK x DS)", "oracle ms", "hand-only brute force ms", "direct ms",
                                  "CP-SAT ms", "CP-SAT / oracle", "CP-SAT / hand-only", "legal selections",
                                  "agree", "target met"],
                   tablefmt="github"))
    print(f"\nTarget for 25 x 25: CP-SAT <= {TARGET_MS:.0f} ms and <= {TARGET_RATIO:.0f}x the oracle.\n")
    if args.smoke:      # the cold starts are timings only (bench/scale.py --only cold has them too)
        return 0
    print(f"Cold start of the aeref process on {EXAMPLE.relative_to(ROOT)}, median of {runs} runs:")
    rows = bench_cold(runs)
    base = rows[0][1]
    targets = {"aeref check": (TARGET_CHECK_S, None), "aeref pairs": (TARGET_PAIRS_S, TARGET_PAIRS_RATIO)}
    table = []
    for name, med, low, med_nc in rows:
        goal, ratio = targets.get(name, (None, None))
        met = ""
        if goal is not None:
            met = "yes" if med <= goal and (ratio is None or med <= ratio * base) else "NO"
        table.append([name, f"{med:.2f}", f"{low:.2f}", f"{med / base:.2f}", f"{med_nc:.2f}",
                      (f"<= {goal} s" + (f", <= {ratio}x import" if ratio else "")) if goal else "-", met])
    print(tabulate(table, headers=["command", "median s", "min s", "/ import cp_model", "median s, no bytecode cache",
                                   "target", "met"], tablefmt="github"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
