#!/usr/bin/env python3
"""Benchmark: thousands of positions answered in one process with the API (docs/batch.md), beside one
``aeref`` command per position. Not a test.

Run by hand from the project root::

    python bench/batch.py              # 2,000 positions in the process, 10 commands
    python bench/batch.py --smoke      # 20 positions, 2 commands: the test suite's check that it runs

The positions are the shipped examples' state files, each loaded from its file again (the YAML
parsed, the decks read and checked) as a bot would load positions it is sent. Per position, in the
process: ``aeref.load`` + ``check`` (1.1.3, a ruling by plain evaluation), ``legal_selections(...).count()``
(the pairs' count: CP-SAT in AE) and ``replacements`` (1.3) where the file has replacement data.
Printed: the milliseconds per position of each, the first call (imports and the solver's first
load) apart, and the same answers through one ``aeref`` process each.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
#: (state file, faction, the check's cards)
SELECTIONS = [("ae-soviet-production.yaml", "soviet", {"tk": "38", "ds": "24"}),
              ("ae-1941.yaml", "axis", {"tk": "4a"}),
              ("tk-1939.yaml", "axis", {"tk": "3"}),
              ("ds-1941.yaml", "axis", {"ds": "3"})]
REPLACEMENTS = [("tk-soviet-replacements.yaml", "soviet"), ("ds-axis-replacements.yaml", "axis")]


def in_process(n: int) -> dict[str, list[float]]:
    """Seconds per answer of ``n`` positions each (the first call of each kind kept apart as ``first ...``)."""
    t0 = time.perf_counter()
    import aeref
    times: dict[str, list[float]] = {"import aeref": [time.perf_counter() - t0]}

    def timed(name: str, fn) -> None:
        t = time.perf_counter()
        fn()
        key = name if name in times or f"first {name}" in times else f"first {name}"
        times.setdefault(key, []).append(time.perf_counter() - t)
        if key.startswith("first "):
            times.setdefault(name, [])

    for i in range(n):
        state, faction, cards = SELECTIONS[i % len(SELECTIONS)]
        timed("load + check", lambda: aeref.load(EXAMPLES / state).check(faction, **cards))
        pos = aeref.load(EXAMPLES / state)
        timed("pairs count", lambda: pos.legal_selections(faction).count())
    for i in range(max(2, n // 10)):
        state, faction = REPLACEMENTS[i % len(REPLACEMENTS)]
        pos = aeref.load(EXAMPLES / state)
        timed("replacements", lambda: pos.replacements(faction, time_limit=10.0))
    return times


def per_command(runs: int) -> dict[str, list[float]]:
    """Seconds of one ``aeref`` process per answer, ``runs`` of each."""
    exe = shutil.which("aeref", path=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    if exe is None:
        raise SystemExit("aeref is not installed in this environment (pip install -e .)")
    state, faction, cards = SELECTIONS[0]
    cmds = {"aeref check": [exe, "check", str(EXAMPLES / state), "--faction", faction,
                            *[a for m, c in cards.items() for a in (f"--{m}", c)]],
            "aeref pairs --count": [exe, "pairs", str(EXAMPLES / state), "--faction", faction, "--count"],
            "aeref replacements": [exe, "replacements", str(EXAMPLES / REPLACEMENTS[0][0]), "--faction",
                                   REPLACEMENTS[0][1]]}
    out: dict[str, list[float]] = {k: [] for k in cmds}
    for _ in range(runs):
        for k, cmd in cmds.items():
            t = time.perf_counter()
            subprocess.run(cmd, capture_output=True, cwd=ROOT)
            out[k].append(time.perf_counter() - t)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=2000, help="positions answered in the process")
    ap.add_argument("--runs", type=int, default=10, help="runs of each command in a process of its own")
    ap.add_argument("--smoke", action="store_true", help="20 positions, 2 runs: only that the script runs")
    a = ap.parse_args(argv)
    n, runs = (20, 2) if a.smoke else (a.positions, a.runs)
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    t = time.perf_counter()
    times = in_process(n)
    total = time.perf_counter() - t
    print(f"In one process: {n} positions (load + check, pairs count) and {max(2, n // 10)} replacements "
          f"in {total:.1f} s")
    print(f"{'answer':<28}  {'median ms':>9}  {'mean ms':>7}  {'count':>5}")
    for k, v in times.items():
        if v:
            print(f"{k:<28}  {statistics.median(v) * 1000:9.2f}  {statistics.mean(v) * 1000:7.2f}  {len(v):>5}")
    print("One aeref process per answer:")
    for k, v in per_command(runs).items():
        print(f"{k:<28}  {statistics.median(v) * 1000:9.0f}  {statistics.mean(v) * 1000:7.0f}  {len(v):>5}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
