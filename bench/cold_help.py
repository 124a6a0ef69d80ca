#!/usr/bin/env python3
"""Benchmark: the cold start of the answers that need no rules. Not a test.

Run by hand from the project root::

    python bench/cold_help.py            # 15 rounds
    python bench/cold_help.py --runs 31
    python bench/cold_help.py --smoke    # one round: the test suite's check that the script runs

Each round runs, in turn (side by side, so that a change of the machine's load falls on all of them
alike), a fresh ``aeref`` process for: ``--version``, ``--help``, the shell completion of a command
name (bash and zsh, the latter with each command's short help), ``pairs --help`` (a command's own
help: its module, and with it the rules, is imported) and the floor, ``python -c 'import click'``.
Python's bytecode cache is on (written on the warm-up round into a temporary PYTHONPYCACHEPREFIX,
as an installed package has it). Printed: the median and minimum wall time of each, in ms, and
which of aeref's modules each loaded (``aeref.api``: the rules).
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: (label, arguments of aeref, extra environment)
CASES = [
    ("aeref --version", ["--version"], {}),
    ("aeref --help", ["--help"], {}),
    ("completion: aeref pa<TAB> (bash)", [], {"_AEREF_COMPLETE": "bash_complete", "COMP_WORDS": "aeref pa",
                                             "COMP_CWORD": "1"}),
    ("completion: aeref <TAB> (zsh, with help)", [], {"_AEREF_COMPLETE": "zsh_complete", "COMP_WORDS": "aeref ",
                                                     "COMP_CWORD": "1"}),
    ("aeref pairs --help", ["pairs", "--help"], {}),
]

#: Run the console script's main with ARGS and say on stderr whether the rules (aeref.api) were loaded.
_PROBE = """
import sys
sys.argv = ["aeref", *sys.argv[1:]]
from aeref.cli.main import main
try:
    main()
finally:
    sys.stderr.write("\\nRULES-LOADED " + str("aeref.api" in sys.modules) + "\\n")
"""


def _exe() -> str:
    exe = shutil.which("aeref", path=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    if exe is None:
        raise SystemExit("aeref is not installed in this environment (pip install -e .)")
    return exe


def loads_rules(args: list, extra: dict) -> bool:
    """Whether ``aeref ARGS`` (with ``extra`` in its environment) imports :mod:`aeref.api`."""
    p = subprocess.run([sys.executable, "-c", _PROBE, *args], cwd=ROOT, capture_output=True, text=True,
                       env={**os.environ, **extra})
    return "RULES-LOADED True" in p.stderr


def rounds(runs: int) -> list[list[float]]:
    """Wall times in seconds: ``runs`` rounds of every case (and the floor) in turn, after one warm-up."""
    exe = _exe()
    cmds = [([exe, *args], extra) for _, args, extra in CASES] + [([sys.executable, "-c", "import click"], {})]
    prefix = tempfile.mkdtemp(prefix="aeref-pycache-")
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    base["PYTHONPYCACHEPREFIX"] = prefix
    times: list[list[float]] = [[] for _ in cmds]
    try:
        for r in range(runs + 1):
            for i, (cmd, extra) in enumerate(cmds):
                t0 = time.perf_counter()
                subprocess.run(cmd, cwd=ROOT, capture_output=True, env={**base, **extra})
                if r:
                    times[i].append(time.perf_counter() - t0)
    finally:
        shutil.rmtree(prefix, ignore_errors=True)
    return times


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=15, help="rounds of every case (default 15)")
    ap.add_argument("--smoke", action="store_true", help="one round: only that the script runs")
    a = ap.parse_args(argv)
    runs = 1 if a.smoke else a.runs
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    times = rounds(runs)
    labels = [c[0] for c in CASES] + ["floor: python -c 'import click'"]
    rules = [loads_rules(args, extra) for _, args, extra in CASES] + [False]
    width = max(len(x) for x in labels)
    print(f"{'case':<{width}}  median ms  min ms  loads the rules")
    for label, t, r in zip(labels, times, rules):
        print(f"{label:<{width}}  {statistics.median(t) * 1000:9.0f}  {min(t) * 1000:6.0f}  {'yes' if r else 'no'}")
    print(f"load average after: {os.getloadavg()[0]:.2f}; {runs} round(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
