#!/usr/bin/env python3
"""Benchmark of ``aeref plan --faction G --as F``: the earliest turn of each card G may hold over every
hand F's view allows (each consistent hand planned as ``aeref plan`` plans a hand).

Run by hand from the project root (not a test)::

    python bench/hidden_plan.py            # every shipped example
    python bench/hidden_plan.py --smoke    # two small examples (the smoke run of tests/package)

For every shipped example and every pair of factions (G's hand face down in F's view): the consistent
hands, those planned (after the bound with every card G may hold: the hands made from its plans, then,
for a card they leave unproved, every hand but those whose cards are all found in the first turn
possible), and the seconds, over the default horizon with no time limit. Then generated AE positions
(the Soviet faction, test-only cards of ``bench/selection.py``'s generator): N candidates per map for a
hand of N/2, over 4 Seasonal Turns: the hands, those planned, the cards proved and the seconds.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import aeref
from aeref.model.files.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.support.bench import load as load_bench   # noqa: E402  (the generator of bench/selection.py)
from tests.support.scale_positions import write       # noqa: E402


SMOKE = ("ae-soviet-production.yaml", "ds-1941.yaml")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--smoke", action="store_true", help="two small examples only")
    args = ap.parse_args()
    print(f"{'example':28} {'G':8} {'as F':8} {'hands':>6} {'planned':>8} {'seconds':>8}")
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        if args.smoke and path.name not in SMOKE:
            continue
        try:
            pos = aeref.load(path)
        except InputError:
            continue
        for f in aeref.FACTIONS:
            for g in pos.factions:
                if g == f:
                    continue
                start = time.perf_counter()
                try:
                    ans = pos.view(f).possible_plan(g)
                except InputError as exc:
                    print(f"{path.name:28} {g:8} {f:8} refused: {exc.message[:70]}")
                    continue
                took = time.perf_counter() - start
                print(f"{path.name:28} {g:8} {f:8} {ans.hands:6} {ans.planned:8} {took:8.2f}")
    print(f"\n{'candidates per map':>20} {'hands':>16} {'planned':>8} {'proved':>8} {'seconds':>8}")
    with tempfile.TemporaryDirectory() as d:
        for n in ((8,) if args.smoke else (8, 12, 20, 30)):
            state = load_bench("selection").generate(n)
            hidden = dict(state)
            hidden["factions"] = {"soviet": {m: dict(sec, hand=sec["hand"][: n // 2])
                                             for m, sec in state["factions"]["soviet"].items()}}
            seen = aeref.load(write(hidden, Path(d) / f"hidden-{n}.yaml")).view("western")
            start = time.perf_counter()
            ans = seen.possible_plan("soviet", turns=4)
            took = time.perf_counter() - start
            proved = f"{sum(b.proved for b in ans.earliest)}/{len(ans.earliest)}"
            print(f"{f'{n} for {n // 2}':>20} {ans.hands:16,} {ans.planned:8} {proved:>8} {took:8.2f}")


if __name__ == "__main__":
    main()
