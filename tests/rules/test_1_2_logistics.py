"""1.2 Logistics / Partisan Segment: `aeref logistics` and `aeref check-logistics`.
The maps here are test-only data."""
from itertools import combinations

import pytest

from aeref.model.files.load import load_position
from aeref.solver.logistics import legal_actions, rule_on

from ..support.cli import run as run_cli
from ..support.seasonal import EXAMPLES, run, write_state

EX = EXAMPLES / "ds-axis-reveal.yaml"


def _acts(res):
    return {(a["action"], a.get("marker"), a["hex"]) for a in res["actions"]}


def test_1_2_1_axis_ds_city_with_supplied_japanese_unit_and_kwantung_rule():
    code, res, _ = run("logistics", EX, "--faction", "axis", "--json")
    assert code == 0
    assert _acts(res) == {("place-logistics", "IGHQ", "0101"), ("place-logistics", "IGHQ", "0201"),
                          ("place-logistics", "IGHQ", "0301"), ("place-logistics", "Kwantung", "0201")}
    det = [a for a in res["actions"] if a["hex"] == "0301"][0]
    assert det["consequences"] == ["1.2.1: the friendly Axis Detachment in 0301 is placed in the Delay Box"]


def test_1_2_1_place_or_remove_one_marker_not_both():
    code, res, _ = run("check-logistics", EX, "--faction", "axis", "--place-logistics", "IGHQ@0101",
                       "--place-logistics", "Kwantung@0201", "--json")
    assert code == 1 and [v["rule"] for v in res["violations"]] == ["1.2.1"]


def test_1_2_1_kwantung_only_in_manchukuo_or_korea():
    code, res, _ = run("check-logistics", EX, "--faction", "axis", "--place-logistics", "Kwantung@0301", "--json")
    assert code == 1 and "Manchukuo or Korea" in res["violations"][0]["message"]


def _map_state(tmp_path, hexes, pool, **extra):
    game = extra.get("game", "tk")
    maps = ["tk", "ds"] if game == "ae" else [game]
    # every faction is in the state file: FORMAT 4 lets only those be queried
    factions = {f: {m: {"hand": []} for m in maps} for f in ("axis", "western", "soviet")}
    st = {"game": "tk", "turn": "May-June 1942", "war-state": "total", "decks": [], "factions": factions,
          "marker-pool": pool, "map": {"hexes": hexes}, **extra}
    return write_state(tmp_path, "m.yaml", st)


def test_1_2_1_tk_axis_overland_supply_to_germany_and_restrictions(tmp_path):
    hexes = {
        "2315": {"country": "Germany", "city": True, "supply-source": "Germany", "neighbours": ["2316"],
                 "units": [{"id": "G-1", "faction": "axis", "nationality": "Germany", "type": "infantry"}]},
        "2316": {"country": "Poland", "city": True, "neighbours": ["2315", "2317"],
                 "units": [{"id": "G-2", "faction": "axis", "nationality": "Germany", "type": "infantry"}],
                 "markers": [{"type": "detachment", "faction": "soviet"}]},
        "2317": {"country": "Russia", "city": True, "neighbours": ["2316", "2318"],
                 "units": [{"id": "G-3", "faction": "axis", "nationality": "Germany", "type": "armor"}]},
        "2318": {"country": "Russia", "neighbours": ["2317"],
                 "units": [{"id": "R-1", "faction": "soviet", "nationality": "Russia", "type": "infantry"}]},
    }
    p = _map_state(tmp_path, hexes, {"axis": {"logistics": ["OKW"]}})
    code, res, _ = run("logistics", p, "--faction", "axis", "--json")
    # 2316 holds an enemy Detachment; 2317 is supplied through 2316 (a Detachment does not block the line)
    assert _acts(res) == {("place-logistics", "OKW", "2315"), ("place-logistics", "OKW", "2317")}
    code, res, _ = run("check-logistics", p, "--faction", "axis", "--place-logistics", "OKW@2316", "--json")
    assert code == 1 and res["violations"][0]["rule"] == "1.2.1" and "Soviet Detachment" in res["violations"][0]["message"]


def test_1_2_1_soviet_road_or_rail_next_to_supplied_russian_hq(tmp_path):
    hexes = {
        "0101": {"country": "Russia", "supply-source": "Russia", "neighbours": ["0102"]},
        "0102": {"country": "Russia", "rail": True, "neighbours": ["0101", "0103"],
                 "units": [{"id": "R-HQ", "faction": "soviet", "nationality": "Russia", "type": "hq", "steps": 2}]},
        "0103": {"country": "Russia", "road": True, "neighbours": ["0102", "0104"]},
        "0104": {"country": "Russia", "road": True, "neighbours": ["0103"],
                 "markers": [{"type": "logistics", "faction": "soviet", "name": "Stavka"}]},
    }
    p = _map_state(tmp_path, hexes, {"soviet": {"logistics": ["Front"]}})
    code, res, _ = run("logistics", p, "--faction", "soviet", "--json")
    assert _acts(res) == {("place-logistics", "Front", "0102"), ("place-logistics", "Front", "0103"),
                          ("remove-logistics", "Stavka", "0104")}
    code, res, _ = run("check-logistics", p, "--faction", "soviet", "--place-logistics", "Front@0103",
                       "--remove-logistics", "Stavka", "--json")
    assert code == 1 and "not both" in res["violations"][0]["message"]


def test_1_2_1_western_ds_not_in_a_british_dependent(tmp_path):
    hexes = {"0501": {"country": "India", "city": True, "neighbours": [],
                      "units": [{"id": "US-1", "faction": "western", "nationality": "US", "type": "infantry", "supplied": True}]},
             "0601": {"country": "Philippines", "city": True, "neighbours": [],
                      "units": [{"id": "US-2", "faction": "western", "nationality": "US", "type": "infantry", "supplied": True}]}}
    st = {"game": "ds", "turn": "May-June 1942", "war-state": "total", "decks": [], "factions": {"western": {"ds": {}}},
          "marker-pool": {"western": {"logistics": ["W-Log"]}}, "map": {"hexes": hexes},
          "countries": {"India": {"dependent-of": "Britain"}}}
    p = write_state(tmp_path, "w.yaml", st)
    code, res, _ = run("logistics", p, "--faction", "western", "--json")
    assert _acts(res) == {("place-logistics", "W-Log", "0601")}


def test_1_2_2_1_partisan_examples_hopeh():
    """Inner Mongolia ceded to Japan: no Partisan Base there; at most one per Conquered Allied Minor Country
    per segment; not in an enemy ZOC without a friendly unit."""
    code, res, _ = run("logistics", EX, "--faction", "western", "--json")
    assert _acts(res) == {("place-partisan", None, "0304")}
    code, res, _ = run("check-logistics", EX, "--faction", "western", "--place-partisan", "0303", "--json")
    assert "ceded to Japan" in res["violations"][0]["message"] and res["violations"][0]["rule"] == "1.2.2.1"


def test_1_2_2_1_no_base_where_the_other_allied_faction_has_one(tmp_path):
    """Example: a Soviet Partisan Base in Hopeh: the Western faction cannot place one in the country."""
    hexes = {"0302": {"country": "Hopeh", "terrain": "rough", "neighbours": ["0304"],
                      "markers": [{"type": "partisan-base", "faction": "soviet"}]},
             "0304": {"country": "Hopeh", "terrain": "rough", "neighbours": ["0302"]}}
    st = {"game": "ds", "turn": "May-June 1942", "war-state": "total", "decks": [],
          "factions": {"western": {"ds": {}}, "soviet": {"ds": {}}},
          "marker-pool": {"western": {"partisan-bases": 1}, "soviet": {"partisan-bases": 1}}, "map": {"hexes": hexes},
          "countries": {"Hopeh": {"minor": True, "status": "conquered", "alignment": "western"}}}
    p = write_state(tmp_path, "pb.yaml", st)
    code, res, _ = run("check-logistics", p, "--faction", "western", "--place-partisan", "0304", "--json")
    assert code == 1 and "enemy Soviet Partisan Base" in res["violations"][0]["message"]
    # the Soviet faction may place in a Conquered Western minor, not in the hex with its own base
    code, res, _ = run("logistics", p, "--faction", "soviet", "--json")
    assert _acts(res) == {("place-partisan", None, "0304"), ("remove-partisan", None, "0302")}


def test_1_2_enumeration_agrees_with_the_ruling_on_every_subset():
    """One definition: the enumerated single actions are exactly the singletons the ruling calls legal,
    and every legal set is made of enumerated actions (brute force over all subsets)."""
    pos = load_position(EX)
    for f in ("axis", "western"):
        ctx, legal = legal_actions(pos, f, "ds")
        slots = ctx.slots()
        assert {s for s in slots if not rule_on(pos, f, "ds", [s])[1]} == set(legal)
        for k in range(2, 4):
            for combo in combinations(slots, k):
                if not rule_on(pos, f, "ds", list(combo))[1]:
                    assert set(combo) <= set(legal)


def test_bad_input_logistics(tmp_path):
    for bad in ("IGHQ", "IGHQ@", "@0101"):
        code, _, err = run("check-logistics", EX, "--faction", "axis", "--place-logistics", bad)
        assert code == 2 and "NAME@HEX" in err, (bad, err)
    p = write_state(tmp_path, "b.yaml", {"game": "ds", "turn": "May-June 1942", "war-state": "total", "decks": [],
                                         "marker-pool": {"axis": {"partisan-bases": 1}}})
    code, _, err = run("logistics", p, "--faction", "axis")
    assert code == 2 and "b.yaml: marker-pool.axis.partisan-bases:" in err
    code, res, _ = run("check-logistics", EX, "--faction", "axis", "--place-logistics", "IGHQ@9999", "--json")
    assert code == 1 and "no hex 9999" in res["violations"][0]["message"]


def test_1_2_2_1_ezoc_of_an_adjacent_enemy_unit(tmp_path):
    """1.2.2.1: "A Partisan Base cannot be placed in a hex containing an EZOC unless another friendly
    unit is in that hex." Neighbour lists go both ways; one written one way only is bad input."""
    st = {"game": "tk", "turn": "Mar-Apr 1943", "war-state": "total",
          "factions": {"western": {"tk": {"current": None, "hand": []}}},
          "countries": {"Yugoslavia": {"minor": True, "status": "conquered", "alignment": "western"}},
          "marker-pool": {"western": {"partisan-bases": 2}},
          "map": {"hexes": {
              "0101": {"country": "Yugoslavia", "terrain": "rough", "neighbours": ["0102"]},
              "0102": {"country": "Yugoslavia", "terrain": "rough", "neighbours": ["0101"],
                       "units": [{"id": "G-1", "faction": "axis", "nationality": "Germany", "type": "infantry"}]},
              "0103": {"country": "Yugoslavia", "city": True}}}}
    p = write_state(tmp_path, "s.yaml", st)
    code, res, _ = run("logistics", p, "--faction", "western", "--json")
    assert code == 0 and [a["hex"] for a in res["actions"]] == ["0103"]
    code, res, _ = run("check-logistics", p, "--faction", "western", "--place-partisan", "0101", "--json")
    assert code == 1 and any(v["rule"] == "1.2.2.1" and "ZOC" in v["message"] for v in res["violations"])
    st["map"]["hexes"]["0101"]["neighbours"] = []
    code, out, err = run("validate", write_state(tmp_path, "one-way.yaml", st))
    assert code == 2 and "map.hexes.0102.neighbours[0]: 0102 lists 0101 as a neighbour but 0101 does not list 0102" in err


def test_1_2_1_soviet_hq_adjacent(tmp_path):
    """1.2.1 Soviet: "Place in any Road or Rail hex that contains or is adjacent to a Russian HQ unit
    that can trace an overland supply line (10.2) to a supply source in Russia."""
    st = {"game": "tk", "turn": "Mar-Apr 1943", "war-state": "total",
          "factions": {"soviet": {"tk": {"current": None, "hand": []}}},
          "countries": {"Russia": {"status": "active", "alignment": "soviet", "posture": "war"}},
          "marker-pool": {"soviet": {"logistics": ["Soviet"]}},
          "map": {"hexes": {
              "0101": {"country": "Russia", "rail": True, "neighbours": ["0102"]},
              "0102": {"country": "Russia", "city": True, "supply-source": "Russia", "neighbours": ["0101"],
                       "units": [{"id": "R-HQ", "faction": "soviet", "nationality": "Russia", "type": "hq"}]}}}}
    p = write_state(tmp_path, "s.yaml", st)
    code, res, _ = run("check-logistics", p, "--faction", "soviet", "--place-logistics", "Soviet@0101", "--json")
    assert code == 0 and res["legal"] is True


def test_1_2_on_a_file_without_a_map_is_bad_input(tmp_path):
    st = {"game": "ds", "turn": "Mar-Apr 1943", "war-state": "total", "factions": {"axis": {"ds": {"hand": []}}}}
    p = write_state(tmp_path, "s.yaml", st)
    for cmd in (["logistics", p, "--faction", "axis"], ["check-logistics", p, "--faction", "axis", "--place-partisan", "0101"]):
        code, out, err = run(*cmd)
        assert code == 2 and err.startswith("Error: ") and ": map: " in err and "no hexes" in err and not out


def test_1_2_1_a_line_cut_by_an_off_map_box_says_so_not_enemy_units(tmp_path):
    """1.2.1 Soviet: "an overland supply line (10.2) to a supply source in Russia": with no enemy unit
    anywhere, a line that only runs through an Off-Map Box is cut for that reason."""
    st = {"game": "tk", "turn": "Mar-Apr 1943", "war-state": "total",
          "factions": {"soviet": {"tk": {"hand": []}}},
          "countries": {"Russia": {"status": "active", "alignment": "soviet", "posture": "war"}},
          "marker-pool": {"soviet": {"logistics": ["Soviet"]}},
          "map": {"boxes": ["Central Asia"], "hexes": {
              "0101": {"country": "Russia", "rail": True, "neighbours": ["Central Asia"],
                       "units": [{"id": "R-HQ", "faction": "soviet", "nationality": "Russia", "type": "hq"}]},
              "0105": {"country": "Russia", "city": True, "supply-source": "Russia", "neighbours": ["Central Asia"]}}}}
    p = write_state(tmp_path, "s.yaml", st)
    code, res, _ = run("check-logistics", p, "--faction", "soviet", "--place-logistics", "Soviet@0101", "--json")
    assert code == 1
    msg = next(v["message"] for v in res["violations"] if v["rule"] == "1.2.1")
    assert "run through an Off-Map Box" in msg and "enemy" not in msg


LOGISTICS_TK = """
game: tk
turn: Mar-Apr 1942
war-state: total
factions: {axis: {tk: {hand: []}}, soviet: {tk: {hand: []}}, western: {tk: {hand: []}}}
countries:
  Germany: {posture: war, status: active, alignment: axis}
  Russia: {posture: war, status: active, alignment: soviet}
  Latvia: {minor: true, status: conquered, alignment: soviet}
marker-pool:
  axis: {logistics: [Axis]}
  soviet: {partisan-bases: 1}
map:
  hexes:
    "0101": {country: Germany, city: true, control: axis, supply-source: Germany, neighbours: ["0102"]}
    "0102": {country: Poland, control: axis, neighbours: ["0101", "0103"],
             units: [{id: R-1, faction: soviet, nationality: Russia, type: infantry}]}
    "0103": {country: Russia, city: true, control: axis, neighbours: ["0102"],
             units: [{id: G-1, faction: axis, nationality: Germany, type: infantry}]}
    "0201": {country: Latvia, city: true, control: axis}
"""


@pytest.mark.parametrize("args, ruling", [
    (["-f", "axis", "--place-logistics", "Axis@0103"],
     "1.2.1 Logistics Marker Placement: place Logistics marker Axis in 0103: no German ground unit in 0103 can trace an "
     "overland supply line to a supply source in Germany (G-1: every line from 0103 to 0101 passes a hex with an enemy "
     "ground unit (such as 0102))"),
    (["-f", "axis", "--place-logistics", "Other@0101"],
     "1.2.1 Logistics Markers: place Logistics marker Other in 0101: the Axis Force Pool holds no Logistics marker Other "
     "(it holds Axis)"),
    (["-f", "soviet", "--remove-partisan", "0201"],
     "1.2.2.2 On-map Partisan Bases: remove the Partisan Base in 0201 to the Delay Box: there is no Soviet Partisan Base in 0201"),
    (["-f", "axis", "--place-partisan", "0201"],
     "1.2.2 Partisan Base Markers: place a Partisan Base in 0201: only the Allied factions have Partisan Bases"),
    (["-f", "western", "--place-partisan", "0201"],
     "1.2.2.1 Partisan Base Placement: place a Partisan Base in 0201: the Western Force Pool holds no Partisan Base"),
    (["-f", "soviet", "--remove-logistics", "Axis"],
     "1.2.1 Logistics Markers: remove Logistics marker Axis to the Delay Box: there is no Soviet Logistics marker Axis "
     "on the TK map"),
    (["-f", "soviet", "--remove-logistics", "Axis@0103"],
     "1.2.1 Logistics Markers: remove Logistics marker Axis from 0103 to the Delay Box: there is no Soviet Logistics "
     "marker Axis in 0103"),
])
def test_1_2_logistics_rulings_word_for_word(tmp_path, args, ruling):
    """1.2.1 / 1.2.2: each refused action says which rule, what was asked and what the position holds (TK:
    an overland supply line)."""
    p = tmp_path / "tk.yaml"
    p.write_text(LOGISTICS_TK)
    r = run_cli("check-logistics", str(p), *args)
    assert r.exit_code == 1 and f"  {ruling}\n" in r.stdout, r.stdout
    assert run_cli("check-logistics", str(p), "-f", "soviet", "--place-partisan", "0201").exit_code == 0


def test_1_2_1_ds_a_logistics_marker_needs_a_supply_line_not_an_overland_one(tmp_path):
    """△ DS 1.2.1: the Japanese ground unit under a new Logistics marker traces a supply line (TK: an overland
    one) to a supply source in Japan; cut off by an enemy army, the placement is refused, saying so."""
    p = tmp_path / "ds.yaml"
    p.write_text("""
game: ds
turn: Mar-Apr 1942
war-state: total
factions: {axis: {ds: {hand: []}}}
countries:
  Japan: {posture: war, status: active, alignment: axis}
  China: {posture: war, status: active, alignment: western, chinese: true}
marker-pool:
  axis: {logistics: [IGHQ]}
map:
  hexes:
    "1706": {country: Japan, city: true, control: axis, supply-source: Japan, neighbours: ["1605"]}
    "1605": {country: China, control: western, neighbours: ["1706", "1504"],
             units: [{id: C-1, faction: western, nationality: China, type: infantry}]}
    "1504": {country: China, city: true, control: axis, neighbours: ["1605"],
             units: [{id: J-1, faction: axis, nationality: Japan, type: infantry}]}
""")
    r = run_cli("check-logistics", str(p), "-f", "axis", "--place-logistics", "IGHQ@1504")
    assert r.exit_code == 1 and (
        "  1.2.1 Logistics Marker Placement: place Logistics marker IGHQ in 1504: no Japanese ground unit in 1504 can "
        "trace a supply line to a supply source in Japan (J-1: every line from 1504 to 1706 passes a hex with an "
        "enemy ground unit (such as 1605))\n") in r.stdout, r.stdout
