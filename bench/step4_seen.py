#!/usr/bin/env python3
"""Benchmark of the position a faction saw at its Step 4 when its own Current Card entered counters this turn
(1.1.2.2: "After the faction's Pending Card has been placed"): not a test.

Run by hand from the project root::

    python bench/step4_seen.py             # 7 runs of each

A DS turn (test-only cards): the Western card 90 enters US Victory Program into the Strategic Warfare Box,
card 91 requires it. Written with aeref's own commands: the selection (s.yaml), the next Seasonal Turn
(n.yaml) and the reveal (r.yaml). Printed: the median wall seconds of ``aeref check r.yaml`` (the reveal
replayed from ``previous:`` to leave the counter out) beside ``aeref check`` on the same file with the card's
reinforcements taken out of the file (nothing to replay), and the in-process seconds of
:func:`aeref.solver.option_cards.turn.position_seen` on it.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

CARDS = [
    {"map": "ds", "faction": "western", "number": 90, "name": "Test Victory Program", "war-state": "pre-war",
     "reinforcements": [{"counter": "US Victory Program", "country": "USA", "to": "strategic-warfare-box"}]},
    {"map": "ds", "faction": "western", "number": 91, "name": "Test Needs Victory Program", "war-state": "pre-war",
     "requires": [{"marker": {"name": "US Victory Program", "in": "strategic-warfare-box"}}]},
]


def _aeref(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "aeref", *map(str, args)], capture_output=True, text=True)


def _median(args, runs: int) -> float:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        _aeref(*args)
        out.append(time.perf_counter() - t)
    return statistics.median(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7)
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        state = {"game": "ds", "turn": "Aug-Sept 1941", "war-state": "limited", "decks": [], "cards": CARDS,
                 "factions": {"western": {"ds": {"current": None, "pending": 90, "selected": "Aug-Sept 1941",
                                                 "hand": [91]}}}}
        (d / "s.yaml").write_text(yaml.safe_dump(state, sort_keys=False))
        assert _aeref("next-turn", d / "s.yaml", "--write", d / "n.yaml").returncode == 0
        assert _aeref("reveal", d / "n.yaml", "--faction", "western", "--write", d / "r.yaml").returncode == 0
        flat = yaml.safe_load((d / "r.yaml").read_text())
        flat["cards"][0].pop("reinforcements")
        flat.pop("record", None)
        (d / "flat.yaml").write_text(yaml.safe_dump(flat, sort_keys=False))
        check = ["check", "--faction", "western", "--ds", "91"]
        replayed = _median([check[0], d / "r.yaml", *check[1:]], a.runs)
        plain = _median([check[0], d / "flat.yaml", *check[1:]], a.runs)
        import aeref
        from aeref.solver.option_cards.turn import position_seen
        pos = aeref.load(d / "r.yaml").data
        t = time.perf_counter()
        for _ in range(20):
            position_seen(pos, "western")
        inproc = (time.perf_counter() - t) / 20
    print(f"aeref check, own reinforcement left out (replay): {replayed:.3f} s (median of {a.runs})")
    print(f"aeref check, nothing to replay:                  {plain:.3f} s (median of {a.runs})")
    print(f"position_seen in the process:                     {inproc * 1000:.1f} ms (mean of 20)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
