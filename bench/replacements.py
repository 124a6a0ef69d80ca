"""Benchmark of the Replacements Segment optimiser (1.3): not a test.

Generates TK Soviet positions of 10, 30 and 60 replacement steps over maps
of 50, 500 and 2,000 hexes (a grid; Russian Cities, a few with friendly
armies, Limited Stacking, Axis units, Soviet HQs and a Logistics marker;
the Central Asia Box on some), solves each to a proved optimum and prints
the time beside the greedy baseline's steps.

    python bench/replacements.py [--seed N] [--workers N]

Generated data is benchmark-only (no real map).
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

import yaml

from aeref.model.position import load_position


def generate(steps: int, n_hexes: int, seed: int = 0, box: bool = False) -> dict:
    """A TK state dict: ``steps`` Russian steps (infantry, armor, airborne pairs), a grid of ``n_hexes`` hexes."""
    rnd = random.Random(seed * 7919 + steps * 31 + n_hexes)
    width = max(5, int(n_hexes ** 0.5))
    ids = [f"{i // width:03d}{i % width:03d}" for i in range(n_hexes)]
    hexes = {}
    for i, hid in enumerate(ids):
        r, c = divmod(i, width)
        nbs = []
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, -1), (-1, 1)):
            j = (r + dr) * width + (c + dc)
            if 0 <= r + dr and 0 <= c + dc < width and j < n_hexes:
                nbs.append(ids[j])
        east = c > width // 3
        h = {"country": "Russia" if east else "Poland", "control": "soviet" if east else "axis", "neighbours": nbs}
        if east and rnd.random() < 0.04:
            h["city"] = True
        if east and rnd.random() < 0.02:
            h["supply-source"] = "Russia"
        units = []
        if rnd.random() < 0.06:
            units.append({"id": f"A-{hid}", "faction": "axis", "nationality": "Germany", "type": "infantry", "steps": 2})
        elif east and rnd.random() < 0.05:
            for k in range(rnd.randint(1, 3)):
                units.append({"id": f"S-{hid}-{k}", "faction": "soviet", "nationality": "Russia", "type": "infantry", "steps": 2})
        elif east and rnd.random() < 0.01:
            units.append({"id": f"HQ-{hid}", "faction": "soviet", "nationality": "Russia", "type": "hq"})
        if units:
            h["units"] = units
        if h.get("city") and rnd.random() < 0.3:
            h["limited-stacking"] = True
        hexes[hid] = h
    # a Soviet Logistics marker west of the cities
    lg = ids[width * (len(ids) // width // 2) + width // 3]
    hexes[lg].setdefault("markers", []).append({"type": "logistics", "faction": "soviet"})
    hexes[lg].pop("units", None)
    inf_steps = steps * 2 // 3
    arm_steps = steps - inf_steps
    pool = []
    for i in range(int(inf_steps * 0.8)):
        pool.append({"id": f"R-I{i}", "nationality": "Russia", "type": rnd.choice(["infantry", "infantry", "mountain", "cavalry"])})
    for i in range(max(1, steps // 15)):
        pool.append({"id": f"R-AB{i}", "nationality": "Russia", "type": "airborne"})
    for i in range(int(arm_steps * 1.2)):
        pool.append({"id": f"R-A{i}", "nationality": "Russia", "type": rnd.choice(["armor", "mechanized"])})
    pool.append({"id": "R-G0", "nationality": "Russia", "type": "garrison"})
    return {
        "game": "tk", "turn": "Mar-Apr 1942", "war-state": "total",
        "factions": {"soviet": {"tk": {"current": None, "hand": []}}},
        "countries": {"Russia": {"posture": "war", "status": "active", "alignment": "soviet"},
                      "Poland": {"minor": True, "status": "conquered", "alignment": "western"}},
        "replacements": {"tk": {"soviet": {
            "steps": [{"nationality": "Russia", "kind": "infantry", "count": inf_steps},
                      {"nationality": "Russia", "kind": "armor", "count": arm_steps}],
            "force-pool": pool}}},
        "map": {"hexes": hexes, "boxes": ["Central Asia"] if box else []},
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    from aeref.solver.replacements.optimise import optimise
    from aeref.solver.replacements.greedy import greedy
    print(f"{'steps':>5} {'hexes':>6} {'box':>4} {'load s':>7} {'optimum s':>9} {'optimal':>7} {'used':>5} {'greedy':>6} {'greedy s':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for steps in (10, 30, 60):
            for n in (50, 500, 2000):
                for box in (False, True):
                    p = Path(tmp) / f"b-{steps}-{n}-{box}.yaml"
                    p.write_text(yaml.safe_dump(generate(steps, n, args.seed, box)))
                    t0 = time.perf_counter()
                    pos = load_position(p)
                    t1 = time.perf_counter()
                    res = optimise(pos, "soviet", "tk", workers=args.workers)
                    t2 = time.perf_counter()
                    _, g = greedy(pos, "soviet", "tk", res.ctx)
                    t3 = time.perf_counter()
                    print(f"{steps:>5} {n:>6} {'yes' if box else 'no':>4} {t1 - t0:>7.2f} {t2 - t1:>9.2f} {str(res.optimal):>7} "
                          f"{res.allocation.steps_used():>5} {g.steps_used():>6} {t3 - t2:>8.2f}")


if __name__ == "__main__":
    main()
