#!/usr/bin/env python3
"""Benchmark of ``aeref plan``: the earliest turn of every hand card.

Run by hand from the project root (not a test)::

    python bench/plan.py             # the target sizes and the brute-force ratio
    python bench/plan.py --quick     # the small sizes only
    python bench/plan.py --effects   # DS hands whose own reveals change what requirements read

Sizes (and targets): a TK Axis hand of 40 cards over 12 Seasonal Turns (<= 2 s), an AE hand of
30 + 30 cards over 8 turns (<= 5 s), each with a budget of four times its target, and small hands (6 cards, 4 turns; 3 + 3 cards, 3 turns) timed
beside the brute-force planner of the tests (``tests/support/plan_oracle.py``) as a ratio (the plan's time
there includes ``--count``, the breadth-first count over real positions, and the CP-SAT model's build).

Every card here is a TEST-ONLY card ("Test-only card N"), not a card of the games. The generator mixes
what the rules read across turns: a Selection Requirement that another card was played (chains of
depth ``--depth``), Demand cards (sequential), Rearmament cards (annual), Limited War cards with one
card that starts Limited War. With ``--effects`` the hands are DS alone (Limited War, no European war) and a card
starts Total War, so the plan's own reveal removes Policy markers (12.3 Step 2) and places *European Total War
markers (Step 8), with cards requiring those, and cards entering test-only markers into the Strategic Warfare Box
(1.1.2.2) beside cards requiring them: every such requirement is ruled case by case on a derived position.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from aeref.model.files.load import load_position  # noqa: E402
from aeref.solver.engine.limits import Budget  # noqa: E402
from aeref.solver.plan.planner import plan  # noqa: E402


def _effects(rnd, c: dict, i: int) -> None:
    """``--effects``: card ``c`` (number ``i``) reads or sets off what the plan's own reveals change."""
    r = rnd.random()
    if r < 0.15:
        c["requires"] = [{"european-war": "total"}]
    elif r < 0.25:
        c["requires"] = [{"not": {"posture": {f"Test-only country {i % 3}": "policy-affected"}}}]
    elif r < 0.35:
        c["reinforcements"] = [{"counter": f"Test-only marker {i % 4}", "country": "Japan", "to": "strategic-warfare-box"}]
    elif r < 0.45:
        c["requires"] = [{"marker": {"name": f"Test-only marker {i % 4}", "in": "strategic warfare box"}}]


def position(game: str, per_map: int, depth: int, seed: int = 1, effects: bool = False):
    """A generated position: ``per_map`` hand cards of the Axis faction on each map of ``game``."""
    rnd = random.Random(seed)
    maps = ["tk", "ds"] if game == "ae" else [game]
    cards, factions = [], {"axis": {}}
    for m in maps:
        ids = []
        for i in range(1, per_map + 2):
            c = {"map": m, "faction": "axis", "number": str(i), "name": f"Test-only card {i}", "war-state": "pre-war"}
            r = rnd.random()
            if r < 0.15:
                c["name"] = f"Demand test-only {i}"
            elif r < 0.25:
                c["rearmament"] = True
            elif r < 0.35:
                c["war-state"] = "limited"
            if 3 <= i <= depth + 2:             # a chain: card 3 needs card 2 played, card 4 card 3 ...
                c["requires"] = [{"played": f"{m}-axis-{i - 1}"}]
            elif effects:
                _effects(rnd, c, i)
            cards.append(c)
            ids.append(f"{m}-axis-{i}")
        cards[-1]["starts"] = "total" if effects else "limited"
        if effects:
            cards[-1].update({"war-state": "limited"})
            cards[-1].pop("requires", None)
        factions["axis"][m] = {"current": ids[0], "hand": ids[1:]}
    state = {"game": game, "turn": "Mar-Apr 1939", "decks": ["deck.yaml"],
             "war-state": {m: "pre-war" for m in maps} if game == "ae" else "pre-war", "factions": factions}
    if effects:
        state.update({"war-state": "limited", "european-war": "none", "countries": {
            f"Test-only country {k}": {"policy": ("treaty", "peace", "neutrality")[k], "status": "neutral"} for k in range(3)}})
    d = Path(tempfile.mkdtemp())
    (d / "deck.yaml").write_text(yaml.safe_dump({"cards": cards}, sort_keys=False))
    (d / "state.yaml").write_text(yaml.safe_dump(state, sort_keys=False))
    return load_position(d / "state.yaml")


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="the small sizes only")
    ap.add_argument("--depth", type=int, default=2, help="the length of the requirement chains")
    ap.add_argument("--effects", action="store_true", help="DS hands whose own reveals change what requirements read")
    a = ap.parse_args(argv)
    from tests.support import plan_oracle
    rows = []
    small = (("ds", 6, 4),) if a.effects else (("tk", 6, 4), ("ae", 3, 3))
    large = (("ds", 40, 12, 2.0),) if a.effects else (("tk", 40, 12, 2.0), ("ae", 30, 8, 5.0))
    for game, n, turns in small:
        pos = position(game, n, a.depth, effects=a.effects)
        res, t = timed(lambda: plan(pos, "axis", turns, count=True))
        brute, tb = timed(lambda: plan_oracle.explore(pos, "axis", turns))
        agree = {e.card: e.turn for e in res.earliest if e.turn} == brute.earliest and res.count == brute.count
        rows.append((f"{game.upper()} {n}/map, {turns} turns", f"{t:.2f} s", f"{tb:.2f} s", f"{t / tb:.2f}",
                     "yes" if agree else "NO"))
    if not a.quick:
        for game, n, turns, target in large:
            pos = position(game, n, a.depth, effects=a.effects)
            res, t = timed(lambda: plan(pos, "axis", turns, budget=Budget(4 * target)))
            found = sum(1 for e in res.earliest if e.turn)
            rows.append((f"{game.upper()} {n}/map, {turns} turns", f"{t:.2f} s (target {target:g} s)", "-", "-",
                         f"{found}/{len(res.earliest)} cards placed, {'complete' if res.complete else 'stopped'}"))
    print(f"load average (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    w = max(len(r[0]) for r in rows)
    print(f"{'size':<{w}}  plan  brute force  ratio  agree")
    for r in rows:
        print(f"{r[0]:<{w}}  " + "  ".join(r[1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
