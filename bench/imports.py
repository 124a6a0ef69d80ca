#!/usr/bin/env python3
"""Benchmark: two speed decisions (bench/results/2026-12-05-pandas-orjson.md). Not a test.

Run by hand from the project root::

    python bench/imports.py            # 11 rounds
    python bench/imports.py --smoke    # one round, 1,000 selections: the test suite's check that it runs

1. Cold ``pairs`` (AE, CP-SAT) and ``replacements`` through the console script's ``main`` as it is
   (ortools' cp_model imported without pandas, cli/cp_model_import.py) beside the same with pandas
   imported first (cp_model's import as ortools has it): rounds in turn, median and minimum.
2. ``--json`` of N selections (``pairs``' choices): the project's own encoder (cli/jsonout.py,
   ``json_text``) beside ``orjson.dumps(..., option=OPT_INDENT_2)`` when orjson is installed: the time
   and whether the bytes are the same.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN = "import sys\n{before}\nsys.argv = ['aeref', *sys.argv[1:]]\nfrom aeref.cli.main import main\nmain()\n"
CASES = [("pairs", ["pairs", "ae-soviet-production.yaml", "--faction", "soviet"]),
         ("replacements", ["replacements", "tk-soviet-replacements.yaml", "--faction", "soviet"])]


def cold(runs: int) -> list[tuple[str, float, float, float, float]]:
    """(case, median ms, min ms without pandas, median ms, min ms with pandas imported first)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times: dict = {}
    for r in range(runs + 1):
        for name, args in CASES:
            for mode, before in (("fast", ""), ("pandas", "import pandas")):
                t = time.perf_counter()
                subprocess.run([sys.executable, "-c", RUN.format(before=before), *args], cwd=ROOT / "examples",
                               capture_output=True, env=env)
                if r:
                    times.setdefault((name, mode), []).append((time.perf_counter() - t) * 1000)
    return [(name, statistics.median(times[name, "fast"]), min(times[name, "fast"]),
             statistics.median(times[name, "pandas"]), min(times[name, "pandas"])) for name, _ in CASES]


def encoders(n: int) -> None:
    """The JSON of ``n`` selections by the project's encoder and by orjson."""
    from aeref.cli.jsonout import json_text
    doc = {"format-version": 1, "game": "ae", "turn": "Aug-Sept 1942", "faction": "soviet",
           "choices": [{"tk": f"tk-soviet-{100 + i % 2000}", "ds": f"ds-soviet-{100 + i // 2000}" if i % 7 else None}
                       for i in range(n)], "count": n, "complete": True}
    t = time.perf_counter()
    ours = json_text(doc)
    ours_s = time.perf_counter() - t
    print(f"--json of {n:,} selections: cli/jsonout.py json_text {ours_s * 1000:.0f} ms")
    try:
        import orjson
    except ImportError:
        print("  orjson: not installed")
        return
    t = time.perf_counter()
    theirs = orjson.dumps(doc, option=orjson.OPT_INDENT_2).decode()
    theirs_s = time.perf_counter() - t
    print(f"  orjson.dumps(OPT_INDENT_2) {theirs_s * 1000:.0f} ms ({ours_s / theirs_s:.1f}x faster); "
          f"byte-identical: {theirs == ours}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--smoke", action="store_true", help="one round, 1,000 selections")
    a = ap.parse_args(argv)
    runs, n = (1, 1000) if a.smoke else (a.runs, 100_000)
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print("cold command          without pandas: median (min) ms   pandas imported first: median (min) ms")
    for name, fm, fmin, pm, pmin in cold(runs):
        print(f"{name:<20}  {fm:8.0f} ({fmin:.0f})                     {pm:8.0f} ({pmin:.0f})")
    encoders(n)
    print(f"load average after: {os.getloadavg()[0]:.2f}; {runs} round(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
