"""Random small Replacements Segments (1.3) for the oracle tests: hypothesis strategies of plain
``spec`` dicts (the universes of ``tests/support/replacement_oracle.py``) and the state file each
stands for. Test-only data: hex numbers, units and Force Pools are made up for the tests.

The draws lean toward positions where the rules decide: several steps received of the kinds the
Force Pool's units take, hexes of those units' countries (mostly Cities), stacks that are nearly
full or Limited Stacking, units of other Minor Countries in the hexes, Partisan Bases of every
faction, pairs of steps exchangeable for armor, airborne and marine units, and now and then what a
rule forbids (a garrison or multi-step unit, an enemy unit, a Conquered Allied Minor Country, the
Quit India marker, a City under enemy control).
"""
from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

from . import replacement_oracle as R
from .replacement_oracle import UNIVERSES, locations, options, payments
from .replacements import position

ENEMY_NATIONALITY = {"axis": "Germany", "western": "Britain", "soviet": "Russia"}


def _often(draw, n: int) -> bool:
    """True but one time in ``n + 1`` (the simplest draw is True)."""
    return draw(st.integers(0, n)) != n


def _rarely(draw, n: int) -> bool:
    """True one time in ``n + 1`` (the simplest draw is False)."""
    return draw(st.integers(0, n)) == n


def _most(draw, lo: int, hi: int) -> int:
    """An integer from ``lo`` to ``hi``, the simplest draw ``hi``."""
    return hi - draw(st.integers(0, hi - lo))


UNIT_NATIONALITIES = {
    "tk-soviet": ["Russia", "Russia", "Mongolia", "Tuva", "Latvia"],
    "ds-western": ["Britain", "Britain", "US", "US", "Britain/US"],
}
UNIT_TYPES = {
    "tk-soviet": ["infantry", "infantry", "armor", "mountain", "airborne", "marine", "cavalry", "mechanized", "garrison"],
    "ds-western": ["infantry", "infantry", "armor", "marine", "mountain", "mechanized", "garrison"],
}
HEX_COUNTRIES = {
    "tk-soviet": ["Russia", "Russia", "Mongolia", "Tuva", "Latvia"],
    "ds-western": ["India", "India", "Australia", "US"],
}
OTHER_FACTIONS = {"soviet": ["axis", "western"], "western": ["axis", "soviet"]}


def _unit(draw, uni, i):
    """A unit drawn on its own (noise: it may fit no step received)."""
    nat = draw(st.sampled_from(UNIT_NATIONALITIES[uni]))
    u = {"id": f"U{i}", "nationality": nat.split("/")}
    if len(u["nationality"]) > 1:
        u["type"] = "airborne"                         # the multinational Western airborne unit
    else:
        u["type"] = draw(st.sampled_from(UNIT_TYPES[uni]))
    if uni == "ds-western" and nat == "Britain" and u["type"] in ("infantry", "mountain") and _rarely(draw, 1):
        u["colonial"] = draw(st.sampled_from(["Ind", "Ind", "Aus"]))
    return u


def _unit_for(draw, uni, i, label):
    """A unit that steps of pool ``label`` can pay for (its nationality, a type the kind takes)."""
    nat, kind, colonial, pairs = UNIVERSES[uni]["pools"][label]
    if nat == "minor":
        nat = draw(st.sampled_from(["Mongolia", "Tuva", "Mongolia", "Tuva", "Mongolia", "Latvia"]))
    u = {"id": f"U{i}", "nationality": [nat]}
    if uni == "ds-western" and not colonial and _rarely(draw, 4):
        u["nationality"], u["type"] = ["Britain", "US"], "airborne"
        return u
    infantry = ["infantry", "infantry", "airborne", "marine"] + (["mountain"] if uni == "tk-soviet" else [])
    if kind == "armor" or pairs or kind == "any":
        types = ["armor", "armor", "mechanized"] + infantry
    else:
        types = infantry
    u["type"] = draw(st.sampled_from(types))
    if colonial:
        u["type"] = "infantry"
        u["colonial"] = draw(st.sampled_from(["Ind", "Ind", "Aus"]))
    return u


def _home_of(uni, u):
    """The hex country where ``u`` has a Replacement Location (a Home Country or, colonial, its Dependent)."""
    if u.get("colonial"):
        return {"Ind": "India", "Aus": "Australia"}[u["colonial"]]
    homes = [n for n in u["nationality"] if n in HEX_COUNTRIES[uni]]
    return homes[0] if homes else None


def _own(draw, uni, faction, hid, j, country):
    """A friendly ground unit already in a hex (9.1 / 9.2): in a Minor Country's hex often one of the other
    Minor Country."""
    other = {"Mongolia": "Tuva", "Tuva": "Mongolia"}
    if country in other and _often(draw, 1):
        nat = other[country]
    else:
        nat = draw(st.sampled_from(UNIT_NATIONALITIES[uni][:4]))
    return {"id": f"{hid}-{j}", "nationality": [nat], "type": "infantry", "steps": draw(st.sampled_from([1, 1, 2]))}


def _add_unit(spec, **u) -> dict:
    u["id"] = f"U{len(spec['pool'])}"
    u["nationality"] = list(u["nationality"])
    spec["pool"].append(u)
    return u


def _add_hex(spec, country, **kw) -> str:
    hid = f"09{len(spec['hexes']):02d}"
    spec["hexes"][hid] = {"country": country, "city": True, "limited": False,
                          "control": UNIVERSES[spec["universe"]]["faction"], **kw}
    return hid


def _add_steps(spec, label, n=1) -> None:
    spec["pools"][label] = max(spec["pools"].get(label, 0), n)


def _add_box(spec, name) -> None:
    if name not in spec["boxes"]:
        spec["boxes"].append(name)


#: The rules a spec may be shaped around (:func:`_plant`).
#: Two replacements of different Minor Countries placed in one hex (9.1), a target of its own.
MINOR_PAIR = "9.1 Minor Country Stacking (two replacements)"
TARGETS = (R.FORCE_POOL, R.QUIT_INDIA, R.MINOR, R.TAKING, R.UNIT_TYPE, R.COLONIAL, R.AIRBORNE, R.PAIRS, R.RECEIVED,
           R.LOCATIONS, R.ENEMY, R.MINOR_STACKING, MINOR_PAIR, R.STACKING)


def _plant(draw, spec, rule) -> None:
    """Add to ``spec`` what lets ``rule`` decide alone: a unit, the steps that could pay for it and a
    place for it, one of them barred by ``rule`` only (for 9.1 / 9.2 a hex where stacking would break
    it). Returns nothing; records the rule as ``spec["target"]``."""
    tk = spec["universe"] == "tk-soviet"
    spec["target"] = rule
    home = (lambda: _add_box(spec, "Central Asia")) if tk else (lambda: _add_box(spec, "Western US"))
    nat = "Russia" if tk else "US"
    inf, arm = f"{nat} infantry", f"{nat} armor"
    if rule == R.FORCE_POOL:
        _add_unit(spec, nationality=[nat], type="infantry", steps=2)
        home()
        _add_steps(spec, inf)
    elif rule == R.QUIT_INDIA and not tk:
        _add_unit(spec, nationality=["Britain"], type="infantry", colonial="Ind")
        _add_hex(spec, "India")
        _add_steps(spec, draw(st.sampled_from(["Britain colonial infantry", "Britain infantry"])))
        spec["swb"] = ["Quit India"]
    elif rule == R.MINOR and tk:
        _add_unit(spec, nationality=["Latvia"], type="infantry")
        _add_hex(spec, "Latvia")
        _add_steps(spec, draw(st.sampled_from(["Latvia infantry", "minor step"])))
    elif rule == R.TAKING:
        if tk:
            _add_unit(spec, nationality=["Mongolia"], type="infantry")
            _add_hex(spec, "Mongolia")
        else:
            _add_unit(spec, nationality=["Britain"], type="infantry")
            _add_box(spec, "Europe/Africa")
        _add_steps(spec, inf)
    elif rule == R.UNIT_TYPE:
        _add_unit(spec, nationality=[nat], type=draw(st.sampled_from(["armor", "mechanized"])))
        home()
        _add_steps(spec, inf)
    elif rule == R.COLONIAL and not tk:
        _add_unit(spec, nationality=["Britain"], type="infantry")
        _add_box(spec, "Europe/Africa")
        _add_steps(spec, "Britain colonial infantry")
    elif rule == R.AIRBORNE:
        if tk or _rarely(draw, 1):
            _add_unit(spec, nationality=[nat], type=draw(st.sampled_from(["airborne", "marine"])))
            home()
            _add_steps(spec, inf)
        else:
            _add_unit(spec, nationality=["Britain", "US"], type="airborne")
            home()
            _add_steps(spec, "Britain infantry", 2)
    elif rule == R.PAIRS:
        _add_unit(spec, nationality=[nat], type="armor")
        home()
        _add_steps(spec, f"{nat} infantry (pairs-to-armor)", draw(st.integers(1, 3)))
    elif rule == R.RECEIVED:
        _add_unit(spec, nationality=[nat], type="armor")
        home()
        spec["pools"][arm] = 0
    elif rule == R.LOCATIONS and tk and _often(draw, 1):
        # a Minor Country unit and a hex of its Home Country with no City but a Partisan Base (1.3.4: whose
        # Base counts is the interpretation partisan-base-faction)
        _add_unit(spec, nationality=["Mongolia"], type="infantry")
        _add_hex(spec, "Mongolia", city=False, partisan=draw(st.sampled_from(["soviet", "western", "axis", "unsaid"])))
        _add_steps(spec, "minor step")
    elif rule == R.LOCATIONS:
        _add_unit(spec, nationality=[nat], type="infantry")
        _add_hex(spec, "Tuva" if tk else "India")
        _add_steps(spec, inf)
    elif rule == R.ENEMY:
        enemy = (draw(st.sampled_from(["ground", "support", "detachment", "logistics"])),
                 draw(st.sampled_from(OTHER_FACTIONS[UNIVERSES[spec["universe"]]["faction"]])))
        if tk:        # a Minor Country unit: its Home Country is its only Replacement Location
            _add_unit(spec, nationality=["Mongolia"], type="infantry")
            _add_hex(spec, "Mongolia", enemy=enemy)
            _add_steps(spec, "minor step")
        else:         # a British colonial Aus unit: a City in Australia only
            _add_unit(spec, nationality=["Britain"], type="infantry", colonial="Aus")
            _add_hex(spec, "Australia", enemy=enemy)
            _add_steps(spec, "Britain colonial infantry")
    elif rule in (R.MINOR_STACKING, MINOR_PAIR) and tk:
        _add_unit(spec, nationality=["Tuva"], type="infantry")          # a second replacement, of the other Minor Country
        _add_unit(spec, nationality=["Mongolia"], type="infantry")
        hid = _add_hex(spec, "Mongolia")
        spec["hexes"][hid]["own"] = [{"id": f"{hid}-0", "nationality": ["Tuva"], "type": "infantry", "steps": 1}]
        _add_steps(spec, "minor step")
    elif rule == R.STACKING:
        for _ in range(2):
            _add_unit(spec, nationality=[nat], type="infantry")
        hid = _add_hex(spec, nat, limited=draw(st.booleans()))
        spec["hexes"][hid]["own"] = [{"id": f"{hid}-{j}", "nationality": [nat], "type": "infantry", "steps": 1}
                                     for j in range(2)]
        _add_steps(spec, inf, 2)
    else:
        spec["target"] = None


@st.composite
def specs(draw, universes=("tk-soviet", "ds-western")):
    """A small Replacements Segment as a plain dict (see :mod:`tests.support.replacement_oracle`)."""
    # the rule to shape the spec around first: the first draws are spread most evenly
    target = draw(st.sampled_from(TARGETS + (None, None)))
    uni = draw(st.sampled_from(list(universes)))
    only = {"tk-soviet": (R.QUIT_INDIA, R.COLONIAL), "ds-western": (R.MINOR, R.MINOR_STACKING, MINOR_PAIR)}
    if target in only[uni]:
        uni = next(u for u in universes if target not in only[u]) if len(universes) > 1 else uni
    U = UNIVERSES[uni]
    faction = U["faction"]
    labels = [t for t in U["pools"] if not t.startswith("Latvia")]
    chosen = draw(st.lists(st.sampled_from(labels), min_size=1, max_size=4, unique=True))
    if uni == "tk-soviet" and _rarely(draw, 5):
        chosen.append("Latvia infantry")           # steps of a Conquered Allied Minor Country (test-only)
    if uni == "ds-western" and "Britain colonial infantry" not in chosen and _rarely(draw, 2):
        chosen.append("Britain colonial infantry")
    pools = {t: 0 if _rarely(draw, 7) else draw(st.integers(1, 4)) for t in chosen}
    pool = []
    for i in range(_most(draw, 1, 5)):
        u = _unit_for(draw, uni, i, draw(st.sampled_from(chosen))) if _often(draw, 4) else _unit(draw, uni, i)
        if _rarely(draw, 9):
            u["steps"] = 2                                  # a multi-step unit: never a replacement (1.3.3)
        pool.append(u)
    if uni == "ds-western" and _rarely(draw, 2):
        pool.append({"id": f"U{len(pool)}", "nationality": ["Britain"], "type": "infantry", "colonial": "Ind"})
    if "Britain colonial infantry" in chosen and _often(draw, 1):
        pool.append({"id": f"U{len(pool)}", "nationality": ["Britain"], "type": "infantry"})   # colonial steps cannot take it
    # hexes: mostly where the units may go (a City of their country), a few more; fewer than the units need
    wanted = list(dict.fromkeys(c for c in (_home_of(uni, u) for u in pool) if c is not None))[:3]
    countries = [c for c in wanted if _often(draw, 5)]
    countries += [draw(st.sampled_from(HEX_COUNTRIES[uni])) for _ in range(draw(st.sampled_from([0, 0, 1, 2])))]
    hexes = {}
    for i, country in enumerate(countries[:4] or [draw(st.sampled_from(HEX_COUNTRIES[uni]))]):
        hid = f"09{i:02d}"
        h = {"country": country, "city": _often(draw, 5), "limited": _rarely(draw, 2),
             "control": faction if _often(draw, 5) else "axis"}
        own = [_own(draw, uni, faction, hid, j, country) for j in range(draw(st.sampled_from([0, 0, 1, 1, 2, 3])))]
        if own:
            h["own"] = own
        if _rarely(draw, 4):
            h["enemy"] = (draw(st.sampled_from(["ground", "support", "detachment", "logistics"])),
                          draw(st.sampled_from(OTHER_FACTIONS[faction])))
        if uni == "tk-soviet" and country != "Russia" and _often(draw, 2):
            h["partisan"] = draw(st.sampled_from(["soviet", "western", "axis", "unsaid"]))
            h["city"] = _rarely(draw, 1)           # no City: the Partisan Base is the Replacement Location (1.3.4)
        if _rarely(draw, 4):
            h["hq"] = [{"nationality": ["Russia" if uni == "tk-soviet" else "US"], "type": "hq",
                        "supplied": draw(st.booleans()), "steps": draw(st.sampled_from([1, 2]))}]
        if _rarely(draw, 4):
            h["logistics"] = {"faction": faction, "supplied": draw(st.booleans())}
        hexes[hid] = h
    box_for = {"Central Asia": "Russia", "Europe/Africa": "Britain", "Western US": "US"}
    needed = {box_for[b] for b in U["boxes"]} & {n for u in pool if not u.get("colonial") for n in u["nationality"]}
    boxes = [b for b in U["boxes"] if (_often(draw, 2) if box_for[b] in needed else _rarely(draw, 5))]
    spec = {"universe": uni, "pools": pools, "pool": pool, "hexes": hexes, "boxes": boxes,
            "interpretations": {}}
    if uni == "ds-western" and _rarely(draw, 1):
        spec["swb"] = ["Quit India"]
    if _rarely(draw, 2):
        spec["interpretations"]["airborne-steps"] = "infantry-only"
    if uni == "tk-soviet" and _rarely(draw, 1):
        spec["interpretations"]["partisan-base-faction"] = "any"
    _plant(draw, spec, target)
    return spec


#: The rules one placement may break on its own, and the pool totals (1.3.3 Steps Received).
ROW_RULES = (R.FORCE_POOL, R.GARRISON, R.QUIT_INDIA, R.MINOR, R.TAKING, R.UNIT_TYPE, R.COLONIAL, R.AIRBORNE, R.PAIRS,
             R.LOCATIONS, R.ENEMY, R.RECEIVED)


def _fits(tokens, left) -> bool:
    need = {}
    for t in tokens:
        need[t] = need.get(t, 0) + 1
    return all(left.get(t, 0) >= n for t, n in need.items())


@st.composite
def spec_and_allocation(draw, universes=("tk-soviet", "ds-western")):
    """A spec and a proposed allocation ``[(unit dict, location, tokens)]``. Mostly placements that break no
    rule, within the steps received, with one placement that breaks one chosen rule and nothing else (so
    that each rule is the only one broken in some allocations); sometimes placements drawn at random."""
    spec = draw(specs(universes))
    locs = locations(spec)
    pays = payments(spec)
    units = list(spec["pool"])
    on_map = [dict(x, **{"in-pool": False}) for h in spec["hexes"].values() for x in h.get("own", [])]
    if on_map and _rarely(draw, 3):
        units.append(draw(st.sampled_from(on_map)))     # a unit on the map, not in the Force Pool
    rows = []
    if _rarely(draw, 4):
        for u in units:                                 # at random
            if _often(draw, 3):
                good = options(spec, u)
                if good and _often(draw, 1):
                    loc, tokens = draw(st.sampled_from(good))
                else:
                    loc, tokens = draw(st.sampled_from(locs)), draw(st.sampled_from(pays))
                rows.append((u, loc, () if _rarely(draw, 9) else tuple(tokens)))
        return spec, rows
    left = dict(spec["pools"])
    planted_hex = list(spec["hexes"])[-1] if spec["hexes"] else None
    for u in units:
        good = [o for o in options(spec, u) if _fits(o[1], left)]
        if spec.get("target") in (R.STACKING, R.MINOR_STACKING, MINOR_PAIR) and _often(draw, 2):
            good = [o for o in good if o[0] == planted_hex] or good      # into the stack the rule is about
        if good and _often(draw, 3):
            loc, tokens = draw(st.sampled_from(good))
            for t in tokens:
                left[t] -= 1
            rows.append((u, loc, tuple(tokens)))
    stacking = spec.get("target") in (R.STACKING, R.MINOR_STACKING, MINOR_PAIR)
    if (_rarely(draw, 3) if stacking else _often(draw, 3)):
        # one placement that breaks one rule and no other: the rule first (each its share), then a unit
        breaks = {}
        for rule in ROW_RULES:
            for u in units:
                free = dict(left)                  # the steps left if this unit's placement is taken back
                for r in rows:
                    if r[0]["id"] == u["id"]:
                        for t in r[2]:
                            free[t] += 1
                if rule == R.RECEIVED:
                    bad = [o for o in options(spec, u) if not _fits(o[1], free)]
                elif rule == R.TAKING and _rarely(draw, 2):
                    bad = [(loc, ()) for loc, _ in options(spec, u)]        # placed, not paid for
                else:
                    bad = sorted(set(options(spec, u, frozenset({rule}))) - set(options(spec, u)))
                    bad = [o for o in bad if _fits(o[1], free)] or bad
                if bad:
                    breaks.setdefault(rule, []).append((u, bad))
        if breaks:
            target = spec.get("target")
            rule = target if target in breaks and _often(draw, 3) else draw(st.sampled_from(sorted(breaks)))
            u, bad = draw(st.sampled_from(breaks[rule]))
            loc, tokens = draw(st.sampled_from(bad))
            rows = [r for r in rows if r[0]["id"] != u["id"]]
            rows.insert(draw(st.integers(0, len(rows))), (u, loc, tuple(tokens)))
    if spec.get("target") == MINOR_PAIR:
        # a replacement of one Minor Country placed where one of another Minor Country is placed too (9.1)
        placed = {r[0]["id"]: (r[1], R._minor_of(spec, r[0])) for r in rows}
        pairs = [(u, loc) for u in units if u["id"] not in placed and R._minor_of(spec, u)
                 for loc, m in placed.values() if m and m != R._minor_of(spec, u) and loc in spec["hexes"]]
        if pairs:
            u, loc = draw(st.sampled_from(pairs))
            pays = [t for t in payments(spec) if not R.payment_violations(spec, u, t)]
            if pays:
                rows.append((u, loc, draw(st.sampled_from(pays))))
    return spec, rows


def to_position(spec, tmp):
    """Write ``spec`` as a state file in ``tmp`` and load it."""
    U = UNIVERSES[spec["universe"]]
    faction = U["faction"]
    hx = {}
    for hid, h in spec["hexes"].items():
        units = [{"id": x["id"], "faction": faction, "nationality": x["nationality"], "type": x["type"], "steps": x["steps"]}
                 for x in h.get("own", [])]
        units += [{"id": f"{hid}-HQ{j}", "faction": faction, "nationality": x["nationality"], "type": "hq",
                   "steps": x["steps"], "supplied": x["supplied"]} for j, x in enumerate(h.get("hq", []))]
        markers = []
        if h.get("enemy"):
            kind, enemy = h["enemy"]
            if kind in ("ground", "support"):
                units.append({"id": f"{hid}-E", "faction": enemy, "nationality": ENEMY_NATIONALITY[enemy],
                              "type": "infantry" if kind == "ground" else "air"})
            else:
                markers.append({"type": kind, "faction": enemy})
        if h.get("partisan"):
            markers.append({"type": "partisan-base"} if h["partisan"] == "unsaid"
                           else {"type": "partisan-base", "faction": h["partisan"]})
        if h.get("logistics"):
            markers.append({"type": "logistics", "faction": faction, "supplied": h["logistics"]["supplied"]})
        hx[hid] = {"country": h["country"], "city": h["city"], "limited-stacking": h["limited"], "control": h["control"],
                   "units": units, "markers": markers}
    steps = []
    for t, n in spec["pools"].items():
        nat, kind, colonial, pairs = U["pools"][t]
        steps.append({"nationality": nat, "kind": kind, "count": n, "colonial": colonial, "pairs-to-armor": pairs})
    pool = []
    for u in spec["pool"]:
        x = {"id": u["id"], "nationality": u["nationality"] if len(u["nationality"]) > 1 else u["nationality"][0],
             "type": u["type"]}
        for k in ("steps", "colonial"):
            if k in u:
                x[k] = u[k]
        pool.append(x)
    extra = {"interpretations": dict(spec["interpretations"])}
    markers = {"strategic-warfare-box": list(spec["swb"])} if spec.get("swb") else None
    return position(Path(tmp), game=U["map"], faction=faction, countries=U["countries"], steps=steps, pool=pool,
                    hexes=hx, boxes=list(spec["boxes"]), markers=markers, extra=extra)


def allocation_rows(rows) -> list:
    """The rows of a proposed allocation as a player writes them (FORMAT 5 ``check-replacements``)."""
    return [{"unit": u["id"], "location": loc, "paid-with": list(tokens)} for u, loc, tokens in rows]
