"""A brute-force oracle for small Replacements Segments (1.3.3, 1.3.4, 9.1, 9.2), for the tests.

Written from the rules text (1.3.3 - 1.3.4 of both Seasonal Phase files), ``rules/README.md``
(9.1, 9.2), FORMAT section 6 and the interpretations of the README only; it imports nothing
from ``solver/`` and reads no loaded position: it works on the plain ``spec`` dicts of
``tests/support/replacement_positions.py`` (test-only data), which that module also writes
as a state file.

Two universes (each a map and a faction, with its countries, steps and places):

* ``tk-soviet``: Russia; the Soviet Minor Countries Mongolia and Tuva; the Conquered Allied
  Minor Country Latvia; the Central Asia Box; Russian HQs and the Soviet Logistics marker;
  Partisan Bases of every faction.
* ``ds-western``: Britain and the US; British colonial Ind and Aus units and the Dependents
  India and Australia (Cities under Western control or not); the Western airborne unit
  (British and US); the Europe/Africa and Western US Off-Map Boxes; US HQs and the Western
  Logistics marker; the Axis Quit India marker.

Every rule is decided on its own (:func:`row_violations`), by the key rulings print it
under (``"1.3.4 Replacement Locations"``), so that the tests can compare the rules a ruling
names, ask which rule is the only one broken, and which rule keeps the optimum from being
larger (:func:`best` with ``drop``).
"""
from __future__ import annotations

from itertools import combinations_with_replacement

# ----------------------------------------------------------------------------- the rules, as rulings name them

FORCE_POOL = "1.3.3 Force Pool Limitation"
GARRISON = "1.3.3.3 Garrison Units"
QUIT_INDIA = "1.3.3 Quit India Restriction"
MINOR = "1.3.3.1 Minor Country Replacements"
TAKING = "1.3.3 Taking Replacements"
UNIT_TYPE = "1.3.3 Unit-Type Limitation"
COLONIAL = "1.3.3.5 Colonial Units"
AIRBORNE = "1.3.3.2 Airborne and Marine Units"
PAIRS = "1.3.2 Additional Seasonal Replacements"      # the pair exchange of steps stated in the file
RECEIVED = "1.3.3 Steps Received"
LOCATIONS = "1.3.4 Replacement Locations"
ENEMY = "1.3.4 Enemy Units and Markers"
MINOR_STACKING = "9.1 Minor Country Stacking"
STACKING = "9.2 Stacking"
#: Every rule the oracle decides.
RULES = (FORCE_POOL, GARRISON, QUIT_INDIA, MINOR, TAKING, UNIT_TYPE, COLONIAL, AIRBORNE, PAIRS, RECEIVED,
         LOCATIONS, ENEMY, MINOR_STACKING, STACKING)
#: Rules that never decide alone, with the reason (the coverage test checks every other rule).
IMPLIED = {
    GARRISON: "1.3.3 Unit-Type Limitation lists the infantry-type and armor-type units without garrison "
              "(\"but not garrison\"), and Minor Country steps are taken \"as an infantry-type or armor-type "
              "unit\": a garrison unit breaks the Unit-Type Limitation whenever it breaks 1.3.3.3",
}

# 1.3.3 Unit-Type Limitation (TK: "airborne, cavalry, infantry, marine, mountain, or ski"; DS: "airborne,
# cavalry, infantry, or marine"; armor-type TK "armor, mechanized, or helicopter", DS "armor or mechanized")
INFANTRY_TYPES = {"tk": {"airborne", "cavalry", "infantry", "marine", "mountain", "ski"},
                  "ds": {"airborne", "cavalry", "infantry", "marine"}}
ARMOR_TYPES = {"tk": {"armor", "mechanized", "helicopter"}, "ds": {"armor", "mechanized"}}
TWO_STEPS = {"airborne", "marine"}          # 1.3.3.2
STACK = (3, 6, 3)                           # 9.2: units, steps, steps with Limited Stacking
ALLIED = ("western", "soviet")


UNIVERSES = {
    "tk-soviet": {
        "map": "tk", "faction": "soviet",
        "countries": {"Russia": {"posture": "war", "status": "active", "alignment": "soviet"},
                      "Mongolia": {"minor": True, "status": "active", "alignment": "soviet"},
                      "Tuva": {"minor": True, "status": "active", "alignment": "soviet"},
                      "Latvia": {"minor": True, "status": "conquered", "alignment": "soviet"}},
        # label -> (nationality, kind, colonial, pairs-to-armor)
        "pools": {"Russia infantry": ("Russia", "infantry", False, False),
                  "Russia armor": ("Russia", "armor", False, False),
                  "minor step": ("minor", "any", False, False),
                  "Russia infantry (pairs-to-armor)": ("Russia", "infantry", False, True),
                  "Latvia infantry": ("Latvia", "infantry", False, False)},
        "boxes": ("Central Asia",),
    },
    "ds-western": {
        "map": "ds", "faction": "western",
        "countries": {"Britain": {"posture": "war", "status": "active", "alignment": "western"},
                      "US": {"posture": "war", "status": "active", "alignment": "western"},
                      "India": {"dependent-of": "Britain", "alignment": "western"},
                      "Australia": {"dependent-of": "Britain", "alignment": "western"}},
        "pools": {"Britain infantry": ("Britain", "infantry", False, False),
                  "Britain armor": ("Britain", "armor", False, False),
                  "US infantry": ("US", "infantry", False, False),
                  "US armor": ("US", "armor", False, False),
                  "Britain colonial infantry": ("Britain", "infantry", True, False),
                  "US infantry (pairs-to-armor)": ("US", "infantry", False, True)},
        "boxes": ("Europe/Africa", "Western US"),
    },
}


def universe(spec) -> dict:
    return UNIVERSES[spec["universe"]]


def _interp(spec, name, default):
    return spec.get("interpretations", {}).get(name, default)


def _country(spec, name):
    return universe(spec)["countries"].get(name)


def is_minor(spec, nat) -> bool:
    c = _country(spec, nat)
    return bool(c and c.get("minor"))


def conquered_allied_minor(spec, nat) -> bool:
    """1.3.3.1 "a Conquered Allied Minor Country"."""
    c = _country(spec, nat)
    return bool(c and c.get("minor") and c.get("status") == "conquered" and c.get("alignment") in ALLIED)


def faction_minor(spec, nat) -> bool:
    """1.3.3.1: a Minor Country belonging to the faction, to which it may allocate Minor Country steps
    ("Exception: An Allied faction cannot allocate replacements to a Conquered Allied Minor Country")."""
    c = _country(spec, nat)
    return bool(c and c.get("minor") and c.get("alignment") == spec_faction(spec)) and not (
        spec_faction(spec) in ALLIED and conquered_allied_minor(spec, nat))


def spec_faction(spec) -> str:
    return universe(spec)["faction"]


def spec_map(spec) -> str:
    return universe(spec)["map"]


def pool(spec, label):
    nat, kind, colonial, pairs = universe(spec)["pools"][label]
    return {"nationality": nat, "kind": kind, "colonial": colonial, "pairs": pairs}


def unit_class(spec, unit):
    if unit["type"] in INFANTRY_TYPES[spec_map(spec)]:
        return "infantry"
    if unit["type"] in ARMOR_TYPES[spec_map(spec)]:
        return "armor"
    return None


# ----------------------------------------------------------------------------- 1.3.3: taking

def take_violations(spec, unit) -> set:
    """The rules that keep ``unit`` from being taken at all."""
    out = set()
    # 1.3.3 Force Pool Limitation: only one-step units of the Force Pool ("A player cannot place multi-step units")
    if not unit.get("in-pool", True) or unit.get("steps", 1) != 1:
        out.add(FORCE_POOL)
    # 1.3.3.3 "Garrison units cannot be taken as replacements."
    if unit["type"] == "garrison":
        out.add(GARRISON)
    # DS 1.3.3 "If the Axis Quit India marker is in the Strategic Warfare Box, the Western faction may not take
    # British Ind colonial steps as replacements."
    if (spec_map(spec) == "ds" and spec_faction(spec) == "western" and "Britain" in unit["nationality"]
            and unit.get("colonial") == "Ind" and "Quit India" in spec.get("swb", ())):
        out.add(QUIT_INDIA)
    # 1.3.3.1 "An Allied faction cannot allocate replacements to a Conquered Allied Minor Country."
    if spec_faction(spec) in ALLIED and any(conquered_allied_minor(spec, n) for n in unit["nationality"]):
        out.add(MINOR)
    return out


def payment_violations(spec, unit, tokens) -> set:
    """The rules a payment (a tuple of pool labels, one per step) breaks for ``unit``."""
    out = set()
    ps = [pool(spec, t) for t in tokens]
    special = lambda p: p["nationality"] == "minor"          # noqa: E731
    # 1.3.3 "taken ... as one-step ground units of the nationality ... received"
    if any(not special(p) and p["nationality"] not in unit["nationality"] for p in ps):
        out.add(TAKING)
    # 1.3.3.1 Minor Country steps: to the faction's Minor Countries
    if any(special(p) for p in ps) and not any(faction_minor(spec, n) for n in unit["nationality"]):
        out.add(MINOR)
    # 1.3.3 Unit-Type Limitation: infantry steps take infantry-type units; armor steps armor- or infantry-type
    # units; Minor Country steps "an infantry-type or armor-type unit"; a pair exchanged is an armor step
    cls = unit_class(spec, unit)
    if cls is None or (cls == "armor" and any(p["kind"] == "infantry" and not p["pairs"] for p in ps)):
        out.add(UNIT_TYPE)
    # 1.3.3.5 "When an option card specifies replacements to be colonial steps, non-colonial steps cannot be taken"
    if any(p["colonial"] for p in ps) and not unit.get("colonial"):
        out.add(COLONIAL)
    # the number of steps a unit costs
    if unit["type"] in TWO_STEPS:
        # 1.3.3.2 two infantry-type steps; "both ... of the same nationality"; the multinational Western
        # airborne unit "one British and one US infantry replacement step"; interpretation airborne-steps
        nats = sorted(p["nationality"] for p in ps)
        if len(ps) != 2:
            out.add(AIRBORNE)
        elif any(p["kind"] == "armor" for p in ps) and _interp(spec, "airborne-steps", "armor-counts") == "infantry-only":
            out.add(AIRBORNE)
        elif len(unit["nationality"]) > 1:
            if nats != ["Britain", "US"]:
                out.add(AIRBORNE)
        elif any(not special(p) and p["nationality"] not in unit["nationality"] for p in ps):
            out.add(AIRBORNE)
    else:
        pairs = [t for t, p in zip(tokens, ps) if p["pairs"]]
        if cls == "armor" and len(ps) == 2 and len(pairs) == 2 and pairs[0] == pairs[1]:
            pass                                   # a pair exchanged for one armor step
        elif cls == "armor" and pairs:
            out.add(PAIRS)                         # one such step, or one beside another step: no exchange
        elif len(ps) != 1:
            out.add(TAKING)                        # a one-step unit costs one step
    return out


# ----------------------------------------------------------------------------- 1.3.4: where

def _home(spec, h, nat) -> bool:
    return h["country"] == nat


def eligible(spec, unit, loc) -> bool:
    """1.3.4 Replacement Locations of the universe's map (enemy presence aside): any item of the list,
    for any of the unit's nationalities ("The Western Airborne unit may be placed as either a British or
    US unit")."""
    m, f = spec_map(spec), spec_faction(spec)
    colonial = unit.get("colonial")
    for nat in unit["nationality"]:
        if loc in spec["hexes"]:
            h = spec["hexes"][loc]
            if not colonial:
                # "A non-colonial [DS: non-colonial, non-Kwantung] unit can be placed in a Home Country City hex."
                if _home(spec, h, nat) and h["city"]:
                    return True
                # "... in any Home Country hex that contains a supplied HQ of the same nationality."
                if _home(spec, h, nat) and any(x.get("supplied") for x in h.get("hq", []) if nat in x["nationality"]):
                    return True
            # "A Minor Country unit can be placed in a Home Country hex that contains a Partisan Base marker."
            # (whose: interpretation partisan-base-faction)
            if is_minor(spec, nat) and _home(spec, h, nat) and h.get("partisan"):
                whose = h["partisan"]
                if _interp(spec, "partisan-base-faction", "own") == "any" or whose in (f, "unsaid"):
                    return True
            if m == "tk" and nat == "Russia" and h.get("logistics"):
                # TK "A Russian unit can be placed in the hex containing the Soviet Logistics marker if it can
                # trace an overland supply line to a supply source in Russia." (supply stated)
                if h["logistics"]["faction"] == "soviet" and h["logistics"]["supplied"]:
                    return True
            if m == "ds" and nat == "US" and not colonial and h.get("logistics"):
                # DS "A US unit can be placed in the hex containing a Western Logistics marker if it can trace a
                # supply line to the Western US Off-Map Box." (supply stated)
                if h["logistics"]["faction"] == "western" and h["logistics"]["supplied"]:
                    return True
            if m == "ds" and nat == "Britain" and colonial in ("Ind", "Aus"):
                # DS "A British colonial must be placed in a City hex in the proper Dependent ... under Western
                # control. Ind - India, Aus - Australia"
                if h["city"] and h["control"] == "western" and h["country"] == {"Ind": "India", "Aus": "Australia"}[colonial]:
                    return True
        else:
            if m == "tk" and nat == "Russia" and loc == "Central Asia":
                return True                        # "A Russian unit can be placed in the Central Asia Box."
            if m == "ds" and nat == "Britain" and not colonial and loc == "Europe/Africa":
                return True                        # "A British non-colonial can be placed in the Europe/Africa Off-Map Box."
            if m == "ds" and nat == "US" and not colonial and loc == "Western US":
                return True                        # "A US non-colonial unit can be placed in the Western US Off-Map Box."
    return False


def enemy_in(spec, loc) -> bool:
    """1.3.4 "a replacement unit cannot be placed in a hex that contains an enemy ground unit, support unit,
    Detachment, or Logistics marker" (each faction is the enemy of both others)."""
    h = spec["hexes"].get(loc)
    return bool(h and h.get("enemy"))


def row_violations(spec, unit, loc, tokens) -> set:
    """Every rule one placement breaks on its own (not the pool totals, not stacking)."""
    out = take_violations(spec, unit)
    if tokens:
        out |= payment_violations(spec, unit, tokens)
    else:
        out.add(TAKING)                            # 1.3.3: a unit placed is a step taken: paid for
    if not eligible(spec, unit, loc):
        out.add(LOCATIONS)
    if enemy_in(spec, loc):
        out.add(ENEMY)
    return out


# ----------------------------------------------------------------------------- 9.1 / 9.2 and the pools

def _minor_of(spec, x):
    """9.1: the Minor Country of a ground unit (one-step Exp units "may stack with any units of their faction")."""
    if x["type"] == "exp" and x.get("steps", 1) == 1:
        return None
    return next((n for n in x["nationality"] if is_minor(spec, n)), None)


def minor_stacking(spec, placed: list) -> dict:
    """9.1 "ground units of different Minor Countries cannot stack together": ``{row index: True}`` for each
    placement into a hex where it stacks with a unit of another Minor Country (already there or placed
    too); no unit joins a stack that already breaks 9.1."""
    bad = {}
    for hid, h in spec["hexes"].items():
        here = [(i, u) for i, (u, loc, _) in enumerate(placed) if loc == hid]
        if not here:
            continue
        present = {_minor_of(spec, x) for x in h.get("own", [])} - {None}
        if len(present) > 1:
            bad.update({i: True for i, _ in here})
            continue
        for i, u in here:
            n = _minor_of(spec, u)
            if n is None:
                continue
            if present - {n} or any(_minor_of(spec, v) not in (None, n) for j, v in here if j != i):
                bad[i] = True
    return bad


def overstacked(spec, placed: list) -> set:
    """9.2 after the Segment: the rows (indices) eliminated in overstacked hexes - the replacements placed
    last in the hex (each a one-step unit); Off-Map Boxes have no limit."""
    gone = set()
    for hid, h in spec["hexes"].items():
        here = [i for i, (_, loc, _) in enumerate(placed) if loc == hid]
        if not here:
            continue
        own = h.get("own", []) + h.get("hq", [])
        n = len(own) + len(here)
        s = sum(x.get("steps", 1) for x in own) + len(here)
        k = max(n - STACK[0], s - (STACK[2] if h.get("limited") else STACK[1]), 0)
        gone |= set(here[-k:] if k else [])
    return gone


def spent(placed) -> dict:
    out = {}
    for _, _, tokens in placed:
        for t in tokens or ():
            out[t] = out.get(t, 0) + 1
    return out


def ruling(spec, rows: list) -> dict:
    """The ruling on a proposed allocation ``rows`` ``[(unit dict, location, tokens)]`` (placement order):
    ``violations`` (rule keys; 9.2 is no violation when placing, 1.3.4 "any number of replacements can be
    placed in the same hex"), ``eliminated`` (units 9.2 removes after the Segment) and ``used`` (steps
    that end up on the map: not spent on a placement that breaks a rule, nor on an eliminated unit, nor
    beyond the steps received)."""
    violations = set()
    bad = set()
    for i, (u, loc, tokens) in enumerate(rows):
        v = row_violations(spec, u, loc, tokens)
        if v:
            violations |= v
            bad.add(i)
    for i in minor_stacking(spec, rows):
        violations.add(MINOR_STACKING)
        bad.add(i)
    got = spec["pools"]
    if any(n > got.get(t, 0) for t, n in spent(rows).items()):
        violations.add(RECEIVED)
    fine = [(i, r) for i, r in enumerate(rows) if i not in bad]
    gone_idx = overstacked(spec, [r for _, r in fine])
    kept = [r for j, (_, r) in enumerate(fine) if j not in gone_idx]
    used = sum(min(got.get(t, 0), n) for t, n in spent(kept).items())
    return {"violations": violations, "eliminated": sorted(fine[j][1][0]["id"] for j in gone_idx), "used": used}


# ----------------------------------------------------------------------------- the optimum

def locations(spec) -> list:
    return list(spec["hexes"]) + [b for b in spec["boxes"]]


def payments(spec) -> list:
    labels = list(spec["pools"])
    return [(t,) for t in labels] + [tuple(sorted(p)) for p in combinations_with_replacement(labels, 2)]


def options(spec, unit, drop=frozenset()) -> list:
    """The placements ``(location, tokens)`` of ``unit`` that break no rule on their own, but the ``drop`` ped
    (the rules of :func:`row_violations`: the unit, its payment and its location are judged apart)."""
    # CONQUERED relaxes the Exception of 1.3.3.1 only: a Conquered Allied Minor Country of the faction takes
    # steps as its other Minor Countries do
    exempt = ({MINOR} if CONQUERED in drop and any(conquered_allied_minor(spec, n) and _country(spec, n)["alignment"]
                                                   == spec_faction(spec) for n in unit["nationality"]) else set())
    if take_violations(spec, unit) - drop - exempt:
        return []
    locs = [loc for loc in locations(spec)
            if not ({LOCATIONS} if not eligible(spec, unit, loc) else set()) - drop
            and not ({ENEMY} if enemy_in(spec, loc) else set()) - drop]
    pays = [t for t in payments(spec) if not payment_violations(spec, unit, t) - drop - exempt]
    return [(loc, t) for loc in locs for t in pays]


def best(spec, drop=frozenset(), beat=None) -> int:
    """The most steps a legal allocation of the Force Pool uses, stacking (9.2) enforced as the optimiser
    does (no unit is wasted on an overstacked hex); rules in ``drop`` are not applied. With ``beat``: stop
    as soon as an allocation uses more than ``beat`` steps (returns that many) - is the optimum larger?"""
    units = [u for u in spec["pool"]]
    opts = [sorted(options(spec, u, drop), key=lambda o: -len(o[1])) for u in units]
    cap = None if RECEIVED in drop else dict(spec["pools"])
    order = sorted(range(len(units)), key=lambda i: len(opts[i]))
    units = [units[i] for i in order]
    opts = [opts[i] for i in order]
    most = [max((len(t) for _, t in o), default=0) for o in opts]
    tail = [sum(most[i:]) for i in range(len(most) + 1)]
    total = None if cap is None else sum(cap.values())
    state = {"best": 0}
    placed: list = []

    def fits(rows) -> bool:
        if STACKING not in drop and overstacked(spec, rows):
            return False
        if MINOR_STACKING not in drop and minor_stacking(spec, rows):
            return False
        if cap is not None and any(n > cap.get(t, 0) for t, n in spent(rows).items()):
            return False
        return True

    def dfs(i, value):
        if value > state["best"]:
            state["best"] = value
        if beat is not None and state["best"] > beat:
            return True
        if i == len(units):
            return False
        bound = value + tail[i]
        if total is not None:
            bound = min(bound, total)
        if bound <= state["best"]:
            return False
        for loc, tokens in opts[i]:
            placed.append((units[i], loc, tokens))
            if fits(placed) and dfs(i + 1, value + len(tokens)):
                return True
            placed.pop()
        return dfs(i + 1, value)

    dfs(0, 0)
    return state["best"]


def deciding(spec, rules=RULES) -> set:
    """The rules that decide the optimum: without any one of them, more steps could be used."""
    b = best(spec)
    return {r for r in rules if best(spec, frozenset({r}), beat=b) > b}


#: The rules a lost step is split by, in the order they are relaxed (:func:`lost_split`), each with the
#: rule number rulings cite it by: a unit stopped only by stacking, then one with no Replacement Location,
#: then one barred from being taken (a Conquered Allied Minor Country).
CONQUERED = "1.3.3.1 Conquered Allied Minor Country"   # relaxed alone: the Exception of 1.3.3.1, not the rest of it
LOST_BY = (("9.1", frozenset({MINOR_STACKING})), ("9.2", frozenset({STACKING})),
           ("1.3.4", frozenset({LOCATIONS, ENEMY})), ("1.3.3.1", frozenset({CONQUERED})))


def lost_split(spec) -> dict:
    """The steps the best legal allocation leaves unused, split by the rule that decides them (1.3.3 "The
    one-step units in a faction's Force Pool limit how many and what type of units can be taken"): the
    rules of :data:`LOST_BY` are relaxed one after another, and each is charged the steps its relaxation
    adds to the optimum; the rest, lost however the placement rules are relaxed, go to 1.3.3 (no unit at
    all, or none of the steps' type). Returns ``{rule number: steps}`` (rules with none left out)."""
    received = sum(spec["pools"].values())
    out = {}
    dropped: frozenset = frozenset()
    before = best(spec)
    for number, rules in LOST_BY:
        dropped |= rules
        after = best(spec, dropped)
        if after > before:
            out[number] = after - before
        before = after
    if received - before:
        out["1.3.3"] = received - before
    return out
