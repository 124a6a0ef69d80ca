#!/usr/bin/env python3
"""Benchmark of what another faction may have placed (1.1 face down, 1.1.3), side by side with `pairs`.

Run by hand from the project root (not a test)::

    python bench/others.py             # 60 candidates for a hand of 30 per map, 3 runs each
    python bench/others.py --smoke     # 10 candidates for a hand of 5, once: the test suite's check that it runs

For generated AE positions (the Soviet faction, test-only cards of ``bench/selection.py``'s
generator: war states above and below the map's, Production Values, © twins, Rearmament and Offensive
cards, requirements) it times, in the process (the ortools import paid before timing):

* ``pairs`` on a known hand: :meth:`aeref.api.Position.legal_selections` of the Soviet faction
  holding all N cards of each map (the referee's view), counted;
* ``pairs --as western``: :meth:`aeref.api.Position.possible_selections` of the Soviet faction, its
  hand N/2 of those N cards per map, face down in the Western view (N candidates per map);

and prints the medians, the ratio (the target: within 3x) and the number of selections of each. Then, at
60 cards per map, the two commands as a player runs them, cold (``aeref pairs KNOWN --faction soviet
--count`` and ``aeref pairs HIDDEN --faction soviet --as western --count``), timed side by side in
alternating rounds after a warm-up (``bench/selection.py``'s ``cold_env`` and ``interleaved``).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tabulate import tabulate

import aeref

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.support.bench import load as load_bench   # noqa: E402  (the generator of bench/selection.py)
from tests.support.scale_positions import write       # noqa: E402
sys.path.insert(0, str(ROOT / "bench"))
from selection import cold_env, interleaved             # noqa: E402  (the cold, side-by-side timing)

TARGET_RATIO = 3.0


def _timed(fn, runs: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(runs):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def files(n: int, tmp: Path) -> tuple[Path, Path]:
    """The two positions of N cards per map: the Soviet hand of all N known, and of N/2 of them."""
    state = load_bench("selection").generate(n)
    hidden_state = dict(state)
    hidden_state["factions"] = {"soviet": {m: dict(sec, hand=sec["hand"][: n // 2])
                                           for m, sec in state["factions"]["soviet"].items()}}
    return write(state, tmp / f"known-{n}.yaml"), write(hidden_state, tmp / f"hidden-{n}.yaml")


def bench(n: int, runs: int, tmp: Path) -> list:
    """One row: N cards per map known, against N candidates for a hand of N/2."""
    known_file, hidden_file = files(n, tmp)
    known = aeref.load(known_file)
    seen = aeref.load(hidden_file).view("western")
    t_known, legal = _timed(lambda: int(known.legal_selections("soviet").count()), runs)
    t_hidden, possible = _timed(lambda: seen.possible_selections("soviet"), runs)
    assert possible.complete
    ratio = t_hidden / t_known if t_known else float("inf")
    return [f"{n} known / {n} for {n // 2}", f"{t_known * 1000:.0f}", legal, f"{t_hidden * 1000:.0f}", possible.count(),
            f"{ratio:.1f}x", "yes" if ratio <= TARGET_RATIO else "NO"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--smoke", action="store_true", help="10 candidates for a hand of 5, once")
    ap.add_argument("--runs", type=int, default=3, help="runs of each, the median shown (default 3)")
    args = ap.parse_args(argv)
    aeref.load(ROOT / "examples" / "ae-soviet-production.yaml").legal_selections("soviet").count()   # ortools imported
    sizes, runs = ((10,), 1) if args.smoke else ((20, 40, 60), args.runs)
    with tempfile.TemporaryDirectory() as d:
        rows = [bench(n, runs, Path(d)) for n in sizes]
        print(tabulate(rows, headers=["cards per map", "pairs ms", "legal", "pairs --as ms", "possible", "ratio",
                                      f"within {TARGET_RATIO:g}x"], tablefmt="github"))
        n = sizes[-1]
        known, hidden = files(n, Path(d))
        cmds = [[sys.executable, "-m", "aeref", "pairs", str(known), "--faction", "soviet", "--count"],
                [sys.executable, "-m", "aeref", "pairs", str(hidden), "--faction", "soviet", "--as", "western", "--count"]]
        t_known, t_hidden = (statistics.median(t) for t in interleaved(cmds, cold_env(True), runs))
    print(f"\nCold, as a player runs them, side by side ({runs} rounds, medians), {n} cards per map: "
          f"pairs {t_known:.2f} s, pairs --as {t_hidden:.2f} s ({t_hidden / t_known:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
