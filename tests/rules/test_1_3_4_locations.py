"""1.3.4 Replacement Locations of colonial units, row by row (TK and DS lists, △), with the reason each
location is given and each near miss: the rows the random positions seldom reach (their universes hold
Soviet and Western units of a few nationalities).

Test-only data: hex numbers, units and Force Pools are made up for the tests; countries and colonial
codes are the rules text's."""
from __future__ import annotations

import pytest

from aeref.solver.replacements import check_allocation, read_allocation
from aeref.solver.replacements.segment import make_context
from aeref.solver.replacements.locations import replacement_locations
from aeref.solver.replacements.optimise import optimise

from ..support.replacements import hexes, inf, position, state
from ..support.seasonal import run

CITY = lambda country, **kw: {"country": country, "city": True, **kw}


def _unit(uid, faction, nat, type_="infantry", **kw):
    return {"id": uid, "faction": faction, "nationality": nat, "type": type_, **kw}


def locations(pos, faction, map_, uid):
    """``(ok, near)``: the locations 1.3.4 gives unit ``uid`` and the near misses, each with its reason."""
    ctx = make_context(pos, faction, map_)
    return replacement_locations(ctx, ctx.units[uid])


# --- DS: Japanese Col, Bur, Ind and Rus colonial units ------------------------------------------------------

DS_COUNTRIES = {
    "Japan": {"alignment": "axis", "posture": "war"},
    "Korea": {"dependent-of": "Japan", "alignment": "axis"},
    "Far East": {"dependent-of": "Japan", "alignment": "axis"},       # a Region ceded to Japan
    "Malaya": {"status": "conquered", "alignment": "western"},
    "Burma": {"alignment": "western"}, "India": {"alignment": "western"}, "Russia": {"alignment": "soviet"},
}
J = lambda uid: _unit(uid, "axis", "Japan")
DS_HEXES = hexes(
    ("0101", CITY("Korea", units=[J("J-1")])),
    ("0102", CITY("Korea")),                                                   # no Japanese unit: near miss
    ("0103", CITY("Burma", units=[J("J-3")], map="ds")),
    ("0104", CITY("India", units=[J("J-4")])),
    ("0105", CITY("Russia", units=[J("J-5")])),
    ("0106", CITY("Russia", region="Far East", markers=[{"type": "detachment", "faction": "axis"}])),
    ("0107", {"country": "Burma", "units": [J("J-7")]}),                       # not a City
    ("0108", CITY("Malaya", markers=[{"type": "logistics", "faction": "axis", "name": "IGHQ"}])),
    ("0109", CITY("Burma", units=[J("J-9")], map="tk")),                      # a TK hex (AE)
    ("0110", CITY("Mongolia", region="Far East", units=[J("J-10")])),           # the ceded Region, not in Russia
)


@pytest.mark.parametrize("code, ok, near", [
    # "A Japanese Col colonial unit must be placed in a City hex in any Japanese Dependent or Conquered Allied
    # Country that contains a Japanese ground unit, Detachment, or Logistics marker."
    ("Col", {"0101": "a City in a Japanese Dependent or Conquered Allied Country with a Japanese ground unit, Detachment or Logistics marker",
             "0106": "a City in a Japanese Dependent or Conquered Allied Country with a Japanese ground unit, Detachment or Logistics marker",
             "0108": "a City in a Japanese Dependent or Conquered Allied Country with a Japanese ground unit, Detachment or Logistics marker",
             "0110": "a City in a Japanese Dependent or Conquered Allied Country with a Japanese ground unit, Detachment or Logistics marker"},
     {"0102": "0102 is a City in a Japanese Dependent or Conquered Allied Country without a Japanese ground unit, Detachment or Logistics marker"}),
    # "Bur - Burma", "Ind - India", "Rus - Russia or any Far East Region Japanese Dependent"
    ("Bur", {"0103": "a City in Burma with a Japanese ground unit, Detachment or Logistics marker"}, {}),
    ("Ind", {"0104": "a City in India with a Japanese ground unit, Detachment or Logistics marker"}, {}),
    ("Rus", {"0105": "a City in Russia or a Far East Region Japanese Dependent with a Japanese ground unit, Detachment or Logistics marker",
             "0106": "a City in Russia or a Far East Region Japanese Dependent with a Japanese ground unit, Detachment or Logistics marker",
             "0110": "a City in Russia or a Far East Region Japanese Dependent with a Japanese ground unit, Detachment or Logistics marker"}, {}),
    ("Xyz", {}, {}),                                   # a code the list does not name: no location
])
def test_1_3_4_ds_japanese_colonial_units(tmp_path, code, ok, near):
    pos = position(tmp_path, game="ae", map_="ds", faction="axis", countries=DS_COUNTRIES, hexes=DS_HEXES,
                   steps=[{"nationality": "Japan", "kind": "infantry", "count": 1, "colonial": True}],
                   pool=[inf("J-C", "Japan", colonial=code)])
    assert locations(pos, "axis", "ds", "J-C") == (ok, near)


def test_1_3_4_ds_far_east_region_of_another_country_is_not_russia(tmp_path):
    """Rus: "Russia or any Far East Region Japanese Dependent" - a Far East Region that is not a Japanese
    Dependent is not a location; a Japanese Dependent outside the Far East Region is not either."""
    countries = {**DS_COUNTRIES, "Far East": {"alignment": "soviet"}}
    h = hexes(("0201", CITY("Mongolia", region="Far East", units=[J("J-1")])), ("0202", CITY("Korea", units=[J("J-2")])))
    pos = position(tmp_path, game="ds", faction="axis", countries=countries, hexes=h,
                   steps=[{"nationality": "Japan", "kind": "infantry", "count": 1, "colonial": True}],
                   pool=[inf("J-R", "Japan", colonial="Rus")])
    assert locations(pos, "axis", "ds", "J-R") == ({}, {})


# --- DS: British colonial units and the US Phil colonial unit ---------------------------------------------

W_COUNTRIES = {"Britain": {"alignment": "western", "posture": "war"}, "US": {"alignment": "western", "posture": "war"},
               "Australia": {"alignment": "western"}, "India": {"alignment": "western"},
               "New Zealand": {"alignment": "western"}, "Philippines": {"alignment": "western"}}
W_HEXES = hexes(("0301", CITY("Australia", control="western")), ("0302", CITY("Australia", control="axis")),
                ("0303", CITY("India", control="western")), ("0304", CITY("New Zealand", control="western")),
                ("0305", CITY("Philippines", control="western")), ("0306", CITY("Philippines", control="axis")),
                ("0307", {"country": "India", "control": "western"}))


@pytest.mark.parametrize("nat, code, ok, near", [
    # "A British colonial must be placed in a City hex in the proper Dependent or Off-Map Box identified below.
    # The City must be under Western control. Afr - Europe/Africa Box, Aus - Australia, Ind - India, NZ - New Zealand"
    ("Britain", "Afr", {"Europe/Africa": "the Europe/Africa Box (British colonial Afr)"}, {}),
    ("Britain", "Aus", {"0301": "a City under Western control in Australia (British colonial Aus)"},
     {"0302": "0302 is a City in Australia but not under Western control"}),
    ("Britain", "Ind", {"0303": "a City under Western control in India (British colonial Ind)"}, {}),
    ("Britain", "NZ", {"0304": "a City under Western control in New Zealand (British colonial NZ)"}, {}),
    # "A US Phil colonial unit must be placed in a City in the Philippines. The City must be under Western control."
    ("US", "Phil", {"0305": "a City in the Philippines under Western control"},
     {"0306": "0306 is a City in the Philippines but not under Western control"}),
])
def test_1_3_4_ds_british_and_us_colonial_units(tmp_path, nat, code, ok, near):
    pos = position(tmp_path, game="ds", faction="western", countries=W_COUNTRIES, hexes=W_HEXES,
                   boxes=["Europe/Africa", "Western US"],
                   steps=[{"nationality": nat, "kind": "infantry", "count": 1, "colonial": True}],
                   pool=[inf("W-C", nat, colonial=code)])
    assert locations(pos, "western", "ds", "W-C") == (ok, near)


# --- TK: British, German colonial units ---------------------------------------------------------------------

@pytest.mark.parametrize("code, places", [
    # "Afr, Fra or SA - Africa Box; Aus, Ind or NZ - Middle East Box; Can - Eastern US/Canada Box;
    # Fra, Italy, Pol, Spain, Swe, or Turk - Any City hex in Great Britain or the Eastern US/Canada Box."
    ("Afr", ["Africa"]), ("Fra", ["Africa", "0401", "Eastern US/Canada"]), ("SA", ["Africa"]),
    ("Aus", ["Middle East"]), ("Ind", ["Middle East"]), ("NZ", ["Middle East"]), ("Can", ["Eastern US/Canada"]),
    ("Italy", ["0401", "Eastern US/Canada"]), ("Pol", ["0401", "Eastern US/Canada"]),
    ("Spain", ["0401", "Eastern US/Canada"]), ("Swe", ["0401", "Eastern US/Canada"]),
    ("Turk", ["0401", "Eastern US/Canada"]), ("Bur", []),
])
def test_1_3_4_tk_british_colonial_units(tmp_path, code, places):
    h = hexes(("0401", CITY("Britain")), ("0402", {"country": "Britain"}), ("0403", CITY("France")))
    pos = position(tmp_path, faction="western", countries=W_COUNTRIES, hexes=h,
                   boxes=["Africa", "Middle East", "Eastern US/Canada"],
                   steps=[{"nationality": "Britain", "kind": "infantry", "count": 1, "colonial": True}],
                   pool=[inf("B-C", "Britain", colonial=code)])
    reason = {"0401": f"a City hex in Great Britain (British colonial {code})"}
    ok, near = locations(pos, "western", "tk", "B-C")
    assert ok == {p: reason.get(p, f"the {p} Box (British colonial {code})") for p in places}
    assert list(ok) == places                           # in the order of the rules text's line


def test_1_3_4_tk_german_colonial_unit_in_a_soviet_strategic_hex_with_a_german_presence(tmp_path):
    """△ TK: "A German colonial unit must be placed in a Soviet Strategic Hex that contains a German ground
    unit, Detachment, or Logistics marker." Soviet: Russia, or a country aligned with the Soviets."""
    g = _unit("G-1", "axis", "Germany")
    # Russia written without an alignment: a Soviet hex by its name alone
    countries = {"Germany": {"alignment": "axis", "posture": "war"}, "Russia": {"posture": "war"},
                 "Latvia": {"alignment": "soviet", "minor": True}, "Poland": {"alignment": "western", "minor": True}}
    h = hexes(("0501", {"country": "Russia", "strategic": True, "units": [g]}),
              ("0502", {"country": "Russia", "strategic": True, "markers": [{"type": "detachment", "faction": "axis"}]}),
              ("0503", {"country": "Latvia", "strategic": True, "markers": [{"type": "logistics", "faction": "axis"}]}),
              ("0504", {"country": "Russia", "strategic": True}),                     # no German presence
              ("0505", {"country": "Russia", "units": [{**g, "id": "G-5"}]}),         # not a Strategic Hex
              ("0506", {"country": "Poland", "strategic": True, "units": [{**g, "id": "G-6"}]}),   # not Soviet
              ("0507", {"country": "Russia", "strategic": True, "units": [_unit("G-7", "axis", "Germany", "air")]}))
    pos = position(tmp_path, faction="axis", countries=countries, hexes=h,
                   steps=[{"nationality": "Germany", "kind": "infantry", "count": 1, "colonial": True}],
                   pool=[inf("G-C", "Germany", colonial="Ger")])
    why = "a Soviet Strategic Hex with a German ground unit, Detachment or Logistics marker"
    miss = "is a Soviet Strategic Hex without a German ground unit, Detachment or Logistics marker"
    assert locations(pos, "axis", "tk", "G-C") == ({"0501": why, "0502": why, "0503": why},
                                                   {"0504": f"0504 {miss}", "0507": f"0507 {miss}"})


# ----------------------------------------------------------------------------- a Logistics marker without an overland supply line; whose Partisan Base counts

def test_1_3_4_soviet_logistics_marker_without_an_overland_supply_line(tmp_path):
    """1.3.4 "A Russian unit can be placed in the hex containing the Soviet Logistics marker if it can trace an
    overland supply line to a supply source in Russia": the lost step names the overland line the marker lacks."""
    h = hexes(("0101", {"country": "Russia", "supply-source": "Russia", "neighbours": []}),
              ("0103", {"country": "Poland", "neighbours": [], "markers": [{"type": "logistics", "faction": "soviet"}]}))
    p = state(tmp_path, steps=[{"nationality": "Russia", "kind": "infantry", "count": 1}], pool=[inf("R-1")], hexes=h,
              countries={"Russia": {"posture": "war", "status": "active", "alignment": "soviet"}, "Poland": {"alignment": "axis"}})
    code, out, _ = run("replacements", p, "--faction", "soviet", "--json")
    assert (code, out["steps-used"]) == (0, 0)
    assert out["lost"] == [{"step": "Russia infantry", "count": 1, "rule": "1.3.4", "reason":
                            "the one-step Russia infantry-type units left in the Force Pool cannot be placed: R-1: the Soviet "
                            "Logistics marker in 0103 cannot trace an overland supply line to a supply source in Russia: "
                            "no line of neighbouring hexes runs from 0103 to 0101"}]


MINOR = {"Greece": {"minor": True, "status": "active", "alignment": "western"}}


@pytest.mark.parametrize("whose, own, any_", [("western", True, True), (None, True, True), ("soviet", False, True),
                                              ("axis", False, True)])
def test_1_3_4_partisan_base_faction_own_and_any(tmp_path, whose, own, any_):
    """1.3.4 "A Minor Country unit can be placed in a Home Country hex that contains a Partisan Base marker",
    whose Base being the interpretation partisan-base-faction: `own` (default) - the placing faction's, or
    one whose faction the file does not say; `any` - a Partisan Base of any faction."""
    base = {"type": "partisan-base"} if whose is None else {"type": "partisan-base", "faction": whose}
    kw = dict(faction="western", countries=MINOR, steps=[{"nationality": "minor", "kind": "any", "count": 1}],
              pool=[inf("GR-1", "Greece")], hexes=hexes(("0201", {"country": "Greece", "markers": [base]})))
    for value, placed in (("own", own), ("any", any_)):
        pos = position(tmp_path, **kw, extra={"interpretations": {"partisan-base-faction": value}})
        res = optimise(pos, "western", "tk")
        assert res.allocation.steps_used() == int(placed), (value, whose)
        ctx, rows, problems = read_allocation(pos, "western", "tk", [{"unit": "GR-1", "location": "0201", "paid-with": ["minor infantry"]}], "a.yaml")
        ruling = check_allocation(ctx, rows)
        assert ruling.legal == placed, (value, whose, ruling.violations)
        assert ruling.interpretations["partisan-base-faction"] == value
        if not placed:
            assert [(v.rule, v.title) for v in ruling.violations] == [("1.3.4", "Replacement Locations")]
