"""Benchmark positions of the Replacements Segment (1.3), and a small-size timing table: not a test.

``generate`` makes TK Soviet positions (a grid; Russian Cities, a few with
friendly armies, Limited Stacking, Axis units, Soviet HQs and a Logistics
marker; the Central Asia Box on some); ``generate_axis`` TK Axis positions
with tight stacking, Minor Countries and No Retreat pairs. ``bench/scale.py``
runs them at ten times these sizes with the targets recorded in bench/results (README,
Benchmark). Run alone, this script solves 10, 30 and 60 steps over 50, 500 and
2,000 hexes to a proved optimum and prints the time beside the greedy
baseline's steps:

    python bench/replacements.py [--seed N] [--quick]   # --quick: the smallest size only (the test suite's smoke run)

Generated data is benchmark-only (no real map).
"""
from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

import yaml

from aeref.model.files.load import load_position


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


MINORS = ("Hungary", "Romania", "Bulgaria", "Finland", "Slovakia")

def generate_axis(steps: int, n_hexes: int, seed: int = 0) -> dict:
    """A TK Axis state dict: ``steps`` steps (German infantry, No Retreat pairs that may become armor,
    German armor, Minor Country steps) over a grid of ``n_hexes`` hexes with tight stacking: most
    Cities already hold one to three Axis units (of their country, Germany or another Minor
    Country: 9.1), a third have Limited Stacking; Axis Logistics markers in occupied Russia."""
    rnd = random.Random(seed * 7919 + steps * 31 + n_hexes + 17)
    width = max(10, int(n_hexes ** 0.5))
    ids = [f"{i // width:03d}{i % width:03d}" for i in range(n_hexes)]
    rows = (n_hexes + width - 1) // width
    hexes = {}
    for i, hid in enumerate(ids):
        r, c = divmod(i, width)
        nbs = []
        for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, -1), (-1, 1)):
            j = (r + dr) * width + (c + dc)
            if 0 <= r + dr and 0 <= c + dc < width and j < n_hexes:
                nbs.append(ids[j])
        if c < width * 2 // 5:
            country = "Germany" if r < rows * 3 // 5 else MINORS[min(len(MINORS) - 1, c * len(MINORS) // (width * 2 // 5))]
            control = "axis"
        else:
            country, control = "Russia", ("axis" if c < width * 3 // 5 else "soviet")
        h = {"country": country, "control": control, "neighbours": nbs}
        units = []
        if control == "axis" and country != "Russia":
            if rnd.random() < 0.05:
                h["city"] = True
            if rnd.random() < 0.03:
                h["supply-source"] = country
            if h.get("city"):
                # tight stacking: most cities already hold friendly units
                k = rnd.choice((0, 1, 2, 2, 3))
                for j in range(k):
                    nat = country if rnd.random() < 0.7 else rnd.choice(("Germany",) + MINORS)
                    units.append({"id": f"X-{hid}-{j}", "faction": "axis", "nationality": nat,
                                  "type": rnd.choice(("infantry", "armor")), "steps": rnd.choice((1, 2))})
                if rnd.random() < 0.3:
                    h["limited-stacking"] = True
            elif rnd.random() < 0.01:
                units.append({"id": f"HQ-{hid}", "faction": "axis", "nationality": country, "type": "hq", "steps": 1})
        elif control == "soviet" and rnd.random() < 0.08:
            units.append({"id": f"S-{hid}", "faction": "soviet", "nationality": "Russia", "type": "infantry", "steps": 2})
        if units:
            h["units"] = units
        hexes[hid] = h
    # Axis Logistics markers in occupied Russia
    for k in range(3):
        r = rows * (k + 1) // 4
        lg = ids[min(len(ids) - 1, r * width + width // 2)]
        hexes[lg].pop("units", None)
        hexes[lg].setdefault("markers", []).append({"type": "logistics", "faction": "axis", "name": f"L{k}"})
    ger_inf = steps * 3 // 10
    no_retreat = steps * 2 // 10
    ger_arm = steps * 2 // 10
    minor_any = steps - ger_inf - no_retreat - ger_arm
    step_lines = [
        {"nationality": "Germany", "kind": "infantry", "count": ger_inf},
        {"nationality": "Germany", "kind": "infantry", "count": no_retreat, "pairs-to-armor": True, "source": "1.3.2.3 No Retreat"},
        {"nationality": "Germany", "kind": "armor", "count": ger_arm},
        {"nationality": "minor", "kind": "any", "count": minor_any},
    ]
    pool = []
    for i in range(int((ger_inf + no_retreat) * 0.7)):
        pool.append({"id": f"G-I{i}", "nationality": "Germany", "type": rnd.choice(["infantry", "infantry", "mountain"])})
    for i in range(max(1, steps // 25)):
        pool.append({"id": f"G-AB{i}", "nationality": "Germany", "type": "airborne"})
    for i in range(int((ger_arm + no_retreat // 2) * 1.1)):
        pool.append({"id": f"G-A{i}", "nationality": "Germany", "type": rnd.choice(["armor", "mechanized"])})
    for i in range(int(minor_any * 1.3)):
        nat = MINORS[i % len(MINORS)]
        pool.append({"id": f"M-{nat[:3]}{i}", "nationality": nat, "type": rnd.choice(["infantry", "infantry", "armor"])})
    pool.append({"id": "G-G0", "nationality": "Germany", "type": "garrison"})
    countries = {"Germany": {"posture": "war", "status": "active", "alignment": "axis"},
                 "Russia": {"posture": "war", "status": "active", "alignment": "soviet"}}
    for m in MINORS:
        countries[m] = {"minor": True, "status": "active", "alignment": "axis", "posture": "war"}
    return {
        "game": "tk", "turn": "Mar-Apr 1943", "war-state": "total",
        "factions": {"axis": {"tk": {"current": None, "hand": []}}},
        "countries": countries,
        "replacements": {"tk": {"axis": {"steps": step_lines, "force-pool": pool}}},
        "map": {"hexes": hexes, "boxes": []},
    }


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--quick", action="store_true", help="the smallest size only (10 steps, 50 hexes)")
    args = ap.parse_args(argv)
    from aeref.solver.replacements.optimise import optimise
    from aeref.solver.replacements.greedy import greedy
    print(f"{'steps':>5} {'hexes':>6} {'box':>4} {'load s':>7} {'optimum s':>9} {'optimal':>7} {'used':>5} {'greedy':>6} {'greedy s':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        for steps in (10,) if args.quick else (10, 30, 60):
            for n in (50,) if args.quick else (50, 500, 2000):
                for box in (False, True):
                    p = Path(tmp) / f"b-{steps}-{n}-{box}.yaml"
                    p.write_text(yaml.safe_dump(generate(steps, n, args.seed, box)))
                    t0 = time.perf_counter()
                    pos = load_position(p)
                    t1 = time.perf_counter()
                    res = optimise(pos, "soviet", "tk")
                    t2 = time.perf_counter()
                    _, g = greedy(pos, "soviet", "tk", res.ctx)
                    t3 = time.perf_counter()
                    print(f"{steps:>5} {n:>6} {'yes' if box else 'no':>4} {t1 - t0:>7.2f} {t2 - t1:>9.2f} {str(res.optimal):>7} "
                          f"{res.allocation.steps_used():>5} {g.steps_used():>6} {t3 - t2:>8.2f}")


if __name__ == "__main__":
    main()
