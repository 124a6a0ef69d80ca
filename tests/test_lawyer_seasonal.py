"""Rules-lawyer regressions for 12 War State, 1.1.2.1 Political DRMs, 1.1.3 and 1.2 (test-only positions)."""
from .support.seasonal import run, write_state


def test_12_allied_country_at_war_under_total_war_is_no_attempt_to_go_back(tmp_path):
    """12: "Pre-War ends and Limited War goes into effect when ... Any Allied Country has a Posture of
    War." Under Total War that event starts nothing; it is not an illegal change ("no going back"
    is only for a war state asked for, --to)."""
    st = {"game": "ds", "turn": "Nov-Dec 1943", "war-state": "total", "european-war": "total",
          "countries": {"Nationalist China": {"posture": "war", "status": "active", "alignment": "western"}}}
    p = write_state(tmp_path, "s.yaml", st)
    code, res, _ = run("war-state", p, "--json")
    assert code == 0 and res["legal"] is True and res["change"] is None and res["violations"] == []
    assert res["triggers"] == [{"war-state": "limited", "cause": "Allied Country Nationalist China has a Posture of War"}]
    code, out, _ = run("war-state", p)
    assert code == 0 and "Total War stays in effect" in out and "Illegal" not in out
    # a card that starts Limited War, revealed under Total War: nothing changes either
    code, res, _ = run("war-state", p, "--card", "ds-axis-28a", "--json")
    assert code == 0 and res["change"] is None
    # --to going back stays illegal (12)
    code, res, _ = run("war-state", p, "--to", "limited", "--json")
    assert code == 1 and res["violations"][0]["rule"] == "12"


def test_12_war_state_card_bare_number_names_the_ids_of_this_map(tmp_path):
    st = {"game": "ds", "turn": "Aug-Sept 1941", "war-state": "limited"}
    p = write_state(tmp_path, "s.yaml", st)
    code, _, err = run("war-state", p, "--card", "35b")
    assert code == 2 and err.count("Error:") == 1 and "ds-western-35b" in err and "tk-" not in err


def test_1_1_2_1_drm_empty_table_name_is_bad_input(tmp_path):
    st = {"game": "ds", "turn": "Aug-Sept 1941", "war-state": "limited"}
    p = write_state(tmp_path, "s.yaml", st)
    code, _, err = run("drm", p, "--table", " ")
    assert code == 2 and err.startswith("Error: --table") and err.count("\n") == 1


def test_1_1_3_card_of_another_faction_reads_an_axis_card(tmp_path):
    """1.1.3: "The card must be from those currently in its hand" - the message's grammar."""
    st = {"game": "tk", "turn": "Mar-Apr 1939", "war-state": "pre-war",
          "factions": {"soviet": {"tk": {"current": None, "hand": [23]}}}}
    p = write_state(tmp_path, "s.yaml", st)
    code, out, _ = run("check", p, "--faction", "soviet", "--tk", "tk-axis-10")
    assert code == 1 and "is an Axis card, not a Soviet card" in out


def test_1_2_2_1_ezoc_seen_when_only_the_enemy_hex_lists_the_neighbour(tmp_path):
    """1.2.2.1: "A Partisan Base cannot be placed in a hex containing an EZOC unless another friendly
    unit is in that hex." Adjacency is symmetric (as in supply tracing) even when only the enemy's
    hex names the other in `neighbours`."""
    st = {"game": "tk", "turn": "Mar-Apr 1943", "war-state": "total",
          "factions": {"western": {"tk": {"current": None, "hand": []}}},
          "countries": {"Yugoslavia": {"minor": True, "status": "conquered", "alignment": "western"}},
          "marker-pool": {"western": {"partisan-bases": 2}},
          "map": {"hexes": {
              "0101": {"country": "Yugoslavia", "terrain": "rough", "neighbours": []},
              "0102": {"country": "Yugoslavia", "terrain": "rough", "neighbours": ["0101"],
                       "units": [{"id": "G-1", "faction": "axis", "nationality": "Germany", "type": "infantry"}]},
              "0103": {"country": "Yugoslavia", "city": True}}}}
    p = write_state(tmp_path, "s.yaml", st)
    code, res, _ = run("logistics", p, "--faction", "western", "--json")
    assert code == 0 and [a["hex"] for a in res["actions"]] == ["0103"]
    code, res, _ = run("check-logistics", p, "--faction", "western", "--place-partisan", "0101", "--json")
    assert code == 1 and any(v["rule"] == "1.2.2.1" and "ZOC" in v["message"] for v in res["violations"])


def test_1_2_1_soviet_hq_adjacent_when_only_the_hq_hex_lists_the_neighbour(tmp_path):
    """1.2.1 Soviet: "Place in any Road or Rail hex that contains or is adjacent to a Russian HQ unit
    that can trace an overland supply line (10.2) to a supply source in Russia."""
    st = {"game": "tk", "turn": "Mar-Apr 1943", "war-state": "total",
          "factions": {"soviet": {"tk": {"current": None, "hand": []}}},
          "countries": {"Russia": {"status": "active", "alignment": "soviet", "posture": "war"}},
          "marker-pool": {"soviet": {"logistics": ["Soviet"]}},
          "map": {"hexes": {
              "0101": {"country": "Russia", "rail": True, "neighbours": []},
              "0102": {"country": "Russia", "city": True, "supply-source": "Russia", "neighbours": ["0101"],
                       "units": [{"id": "R-HQ", "faction": "soviet", "nationality": "Russia", "type": "hq"}]}}}}
    p = write_state(tmp_path, "s.yaml", st)
    code, res, _ = run("check-logistics", p, "--faction", "soviet", "--place-logistics", "Soviet@0101", "--json")
    assert code == 0 and res["legal"] is True
