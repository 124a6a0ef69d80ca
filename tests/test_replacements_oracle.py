"""An exhaustive brute-force oracle for small Replacements Segments (1.3),
written from the rules text independently of solver/replacements.py, checked
against the CP-SAT optimiser (steps used) and against check-replacements
(legal or not) on random small positions (hypothesis).

Universe (test-only data): the TK map, the Soviet faction; Russia, the Soviet
Minor Country Mongolia and the Conquered Allied Minor Country Latvia; unit
types infantry, mountain, airborne, armor, garrison; hexes with or without a
City, Limited Stacking, friendly units, an enemy unit, a Partisan Base; the
Central Asia Box.
"""
from __future__ import annotations

import itertools
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aeref.solver.replacements import check_allocation, read_allocation as parse_allocation
from aeref.solver.replacements.optimise import optimise

from .support.replacements import position

COUNTRIES = {"Russia": {"posture": "war", "status": "active", "alignment": "soviet"},
             "Mongolia": {"minor": True, "status": "active", "alignment": "soviet"},
             "Latvia": {"minor": True, "status": "conquered", "alignment": "soviet"}}
POOLS = {  # label -> (nationality, kind, pairs)
    "Russia infantry": ("Russia", "infantry", False),
    "Russia armor": ("Russia", "armor", False),
    "minor step": ("minor", "any", False),
    "Russia infantry (pairs-to-armor)": ("Russia", "infantry", True),
}
INF = {"infantry", "mountain", "airborne"}


# ----------------------------------------------------------------------------- the oracle

def pays(label, unit) -> bool:
    """Can one step of pool ``label`` go towards ``unit`` (as an infantry-type or armor-type unit)?"""
    nat, kind, _ = POOLS[label]
    if unit["type"] == "garrison":
        return False
    if nat == "minor":
        if unit["nationality"] != "Mongolia":          # Latvia is a Conquered Allied Minor Country
            return False
    elif nat != unit["nationality"]:
        return False
    if unit["type"] in INF:
        return True
    return kind in ("armor", "any")


def payment_ok(tokens, unit) -> bool:
    tokens = list(tokens)
    if unit["type"] == "garrison":
        return False
    if unit["type"] == "airborne":
        return len(tokens) == 2 and all(pays(t, unit) for t in tokens)
    if unit["type"] == "armor" and len(tokens) == 2:
        return tokens[0] == tokens[1] and POOLS[tokens[0]][2] and POOLS[tokens[0]][0] == unit["nationality"]
    return len(tokens) == 1 and pays(tokens[0], unit)


def place_ok(loc, unit, spec) -> bool:
    if loc == "Central Asia":
        return spec["box"] and unit["nationality"] == "Russia"
    h = spec["hexes"][loc]
    if h["enemy"]:
        return False
    if h["country"] != unit["nationality"]:
        return False
    return h["city"] or (unit["nationality"] != "Russia" and h["partisan"])


def legal(spec, alloc, placing=False) -> bool:
    """alloc: {unit id: (loc, tokens)}. ``placing``: the ruling on placement, where a hex may be overstacked
    (1.3.4 "any number of replacements can be placed in the same hex"; 9.2 eliminates the excess afterwards)."""
    units = {u["id"]: u for u in spec["pool"]}
    used = {}
    for uid, (loc, tokens) in alloc.items():
        u = units[uid]
        if not payment_ok(tokens, u) or not place_ok(loc, u, spec):
            return False
        for t in tokens:
            used[t] = used.get(t, 0) + 1
    if any(n > spec["steps"].get(t, 0) for t, n in used.items()):
        return False
    for hid, h in spec["hexes"].items():
        here = [units[uid] for uid, (loc, _) in alloc.items() if loc == hid]
        n = len(h["own"]) + len(here)
        s = sum(x["steps"] for x in h["own"]) + len(here)
        if here and not placing and (n > 3 or s > (3 if h["limited"] else 6)):
            return False
        minors = {x["nationality"] for x in h["own"] + here if x["nationality"] != "Russia"}
        if here and len(minors) > 1:
            return False
    return True


def steps_kept(spec, alloc) -> int:
    """Steps of ``alloc`` that survive 9.2 at the end of the Segment: in an overstacked hex the excess
    replacement units (each a one-step unit, the last placed) are eliminated with the steps they cost."""
    kept = sum(len(t) for _, t in alloc.values())
    for hid, h in spec["hexes"].items():
        here = [uid for uid, (loc, _) in alloc.items() if loc == hid]
        n = len(h["own"]) + len(here)
        s = sum(x["steps"] for x in h["own"]) + len(here)
        k = max(n - 3, s - (3 if h["limited"] else 6), 0)
        kept -= sum(len(alloc[uid][1]) for uid in (here[-k:] if k else []))
    return kept


def options(spec, unit):
    locs = list(spec["hexes"]) + (["Central Asia"] if spec["box"] else [])
    labels = [t for t in spec["steps"] if spec["steps"][t] > 0]
    pays_ = [(t,) for t in labels] + list(itertools.combinations_with_replacement(labels, 2))
    return [(loc, p) for loc in locs for p in pays_ if place_ok(loc, unit, spec) and payment_ok(p, unit)]


def oracle_best(spec) -> int:
    per = [[None] + options(spec, u) for u in spec["pool"]]
    best = 0
    for combo in itertools.product(*per):
        alloc = {u["id"]: c for u, c in zip(spec["pool"], combo) if c is not None}
        n = sum(len(c[1]) for c in alloc.values())
        if n > best and legal(spec, alloc):
            best = n
    return best


# ----------------------------------------------------------------------------- random small positions

nats = st.sampled_from(["Russia", "Russia", "Mongolia", "Latvia"])
unit_types = st.sampled_from(["infantry", "infantry", "mountain", "airborne", "armor", "garrison"])


@st.composite
def specs(draw):
    nh = draw(st.integers(1, 3))
    hexes = {}
    for i in range(nh):
        own = [{"nationality": draw(nats), "steps": draw(st.integers(1, 2))} for _ in range(draw(st.integers(0, 3)))]
        hexes[f"09{i:02d}"] = {"country": draw(st.sampled_from(["Russia", "Russia", "Mongolia", "Latvia"])),
                               "city": draw(st.sampled_from([True, True, False])),
                               "limited": draw(st.booleans()), "enemy": draw(st.sampled_from([False, False, False, True])),
                               "partisan": draw(st.booleans()), "own": own}
    pool = [{"id": f"U{i}", "nationality": draw(nats), "type": draw(unit_types)} for i in range(draw(st.integers(1, 3)))]
    steps = {t: draw(st.integers(0, 3)) for t in draw(st.lists(st.sampled_from(list(POOLS)), min_size=1, max_size=3, unique=True))}
    return {"hexes": hexes, "pool": pool, "steps": steps, "box": draw(st.booleans())}


def to_position(spec, tmp):
    hx = {}
    for hid, h in spec["hexes"].items():
        units = [{"id": f"{hid}-{j}", "faction": "soviet", "nationality": x["nationality"], "type": "infantry", "steps": x["steps"]}
                 for j, x in enumerate(h["own"])]
        if h["enemy"]:
            units.append({"id": f"{hid}-E", "faction": "axis", "nationality": "Germany", "type": "infantry"})
        hx[hid] = {"country": h["country"], "city": h["city"], "limited-stacking": h["limited"], "units": units,
                   "markers": [{"type": "partisan-base", "faction": "soviet"}] if h["partisan"] else []}
    steps = [{"nationality": POOLS[t][0], "kind": POOLS[t][1], "count": n, "pairs-to-armor": POOLS[t][2]} for t, n in spec["steps"].items()]
    return position(Path(tmp), countries=COUNTRIES, steps=steps, pool=spec["pool"], hexes=hx,
                    boxes=["Central Asia"] if spec["box"] else [])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(specs())
def test_optimiser_steps_used_agrees_with_the_oracle(spec):
    with tempfile.TemporaryDirectory() as tmp:
        pos = to_position(spec, tmp)
        res = optimise(pos, "soviet", "tk")
        assert res.optimal
        assert res.allocation.steps_used() == oracle_best(spec), spec
        # and check-replacements accepts the optimiser's own allocation
        rows = [{"unit": u, "location": loc, "paid-with": list(p)} for u, loc, p in res.allocation.placements]
        ctx, parsed, problems = parse_allocation(pos, "soviet", "tk", rows, "alloc.yaml")
        assert not problems
        assert check_allocation(ctx, parsed).legal


@st.composite
def spec_and_allocation(draw):
    spec = draw(specs())
    locs = list(spec["hexes"]) + (["Central Asia"] if spec["box"] else [])
    labels = list(spec["steps"])
    alloc = {}
    for u in spec["pool"]:
        good = options(spec, u)
        if good and draw(st.sampled_from([True, True, False])):
            alloc[u["id"]] = draw(st.sampled_from(good))
        elif draw(st.booleans()):
            tokens = tuple(draw(st.lists(st.sampled_from(labels), min_size=1, max_size=2)))
            alloc[u["id"]] = (draw(st.sampled_from(locs)), tokens)
    return spec, alloc


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec_and_allocation())
def test_check_replacements_agrees_with_the_oracle(case):
    spec, alloc = case
    with tempfile.TemporaryDirectory() as tmp:
        pos = to_position(spec, tmp)
        rows = [{"unit": uid, "location": loc, "paid-with": list(tokens)} for uid, (loc, tokens) in alloc.items()]
        ctx, parsed, problems = parse_allocation(pos, "soviet", "tk", rows, "alloc.yaml")
        assert not problems, problems
        ruling = check_allocation(ctx, parsed)
        assert ruling.legal == legal(spec, alloc, placing=True), (spec, alloc, ruling.violations)
        if ruling.legal:
            assert ruling.steps_used == steps_kept(spec, alloc), (spec, alloc, ruling.eliminated)
            assert ruling.steps_received - ruling.steps_used == sum(x["count"] for x in ruling.lost)
