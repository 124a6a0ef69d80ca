"""1.1.1 Step 2: "As this card is revealed, any interned units (16.7) on its back are repatriated back to the map
as per Placing Replacements (1.3.4). After the phasing faction places any repatriated units, it must verify the card
played was in compliance with its Option Card Selection Restrictions".

Test-only data: the cards (tk-axis-90 "Test Card Carrying Interned Units"), hex numbers and units are made up for
these tests; Germany and its Home Country City rule are the rules text's (1.3.4)."""
from __future__ import annotations

import yaml

from ..support.seasonal import run, write_state

CARD = {"map": "tk", "faction": "axis", "number": 90, "name": "Test Card Carrying Interned Units (test only)",
        "war-state": "limited"}
G = lambda uid, **kw: {"id": uid, "nationality": "Germany", "type": "infantry", **kw}


def _state(tmp_path, interned, hexes=None, name="s.yaml", **extra):
    """TK, Nov-Dec 1939: the Axis Pending Card tk-axis-90 carries ``interned`` units; the map: 2315 a German City,
    2316 a German hex (no City), 2317 a German City holding a Western ground unit, all Axis-controlled."""
    hexes = hexes if hexes is not None else {
        "2315": {"country": "Germany", "city": True, "control": "axis", "neighbours": ["2316"]},
        "2316": {"country": "Germany", "control": "axis", "neighbours": ["2315", "2317"]},
        "2317": {"country": "Germany", "city": True, "control": "axis", "neighbours": ["2316"],
                 "units": [{"id": "B-1", "faction": "western", "nationality": "Britain", "type": "infantry"}]},
    }
    st = {"game": "tk", "turn": "Nov-Dec 1939", "war-state": "limited", "decks": [], "cards": [CARD],
          "factions": {"axis": {"tk": {"current": None, "pending": 90, "hand": [], "interned": interned}}},
          "countries": {"Germany": {"alignment": "axis", "status": "active", "posture": "war"},
                        "Britain": {"alignment": "western", "status": "active", "posture": "war"}},
          "map": {"hexes": hexes}, **extra}
    return write_state(tmp_path, name, st)


def _steps(res):
    return [s for s in res["steps"] if s["title"] in ("Repatriate interned units", "Interned unit not placed")]


def test_1_1_1_step2_interned_unit_repatriated_to_a_1_3_4_location_and_written_on_the_map(tmp_path):
    """1.1.1 Step 2 / 1.3.4: the best placement puts the interned German unit in a Home Country City hex (2315,
    not 2317 where a Western unit is); the written position has it on the map and off the card."""
    p = _state(tmp_path, [G("G-7", steps=2)])
    out = tmp_path / "o.yaml"
    code, res, _ = run("reveal", p, "--faction", "axis", "--json", "--write", out)
    assert code == 0, res
    [x] = res["maps"]["tk"]["repatriated"]
    assert (x["unit"], x["location"], x["chosen"], x["rule"]) == ("G-7", "2315", "best", "1.3.4")
    assert "Home Country City hex of Germany" in x["basis"]
    w = yaml.safe_load(out.read_text())
    assert "interned" not in w["factions"]["axis"]["tk"]
    assert w["factions"]["axis"]["tk"]["current"] == 90
    assert w["map"]["hexes"]["2315"]["units"] == [{"id": "G-7", "faction": "axis", "nationality": "Germany",
                                                   "type": "infantry", "steps": 2}]
    code, again, _ = run("show", out, "--json")          # the written file reads back
    assert code == 0


def test_1_1_1_step2_repatriation_comes_before_the_legality_check(tmp_path):
    """1.1.1 Step 2: "After the phasing faction places any repatriated units, it must verify the card": the
    repatriation step is printed before the reveal's check, and an illegal card's units are repatriated too."""
    prev = {"game": "tk", "turn": "Aug-Sept 1939", "war-state": "pre-war", "decks": [], "cards": [CARD],
            "factions": {"axis": {"tk": {"current": None, "pending": 90, "hand": []}}}}
    write_state(tmp_path, "prev.yaml", prev)
    peace = {"Germany": {"alignment": "axis", "status": "active"}, "Britain": {"alignment": "western", "status": "active"}}
    p = _state(tmp_path, [G("G-7")], previous="prev.yaml", countries=peace, **{"war-state": "pre-war"})
    code, res, _ = run("reveal", p, "--faction", "axis", "--json")
    titles = [s["title"] for s in res["steps"]]
    assert titles.index("Repatriate interned units") < titles.index("Illegal Current Card")
    assert res["maps"]["tk"]["legal"] is False and res["maps"]["tk"]["repatriated"][0]["location"] == "2315"


def test_1_1_1_step2_player_placement_ruled_by_1_3_4(tmp_path):
    """1.3.4 "The owning player chooses where units are placed": --repatriate G-7=2315 is placed as chosen;
    --repatriate G-7=2316 (a German hex with no City and no HQ) is refused by 1.3.4 Replacement Locations, with
    the values, and nothing is written."""
    p = _state(tmp_path, [G("G-7"), G("G-8")])
    out = tmp_path / "o.yaml"
    code, res, _ = run("reveal", p, "--faction", "axis", "--json", "--repatriate", "G-8=2315", "--write", out)
    assert code == 0
    placed = {x["unit"]: (x["location"], x["chosen"]) for x in res["maps"]["tk"]["repatriated"]}
    assert placed == {"G-7": ("2315", "best"), "G-8": ("2315", "player")}
    code, res, _ = run("reveal", p, "--faction", "axis", "--json", "--repatriate", "G-7=2316",
                       "--write", tmp_path / "bad.yaml")
    assert code == 1
    [v] = res["maps"]["tk"]["repatriation-refused"]
    assert v["rule"] == "1.3.4" and v["title"] == "Replacement Locations"
    assert "2316 is not a Replacement Location for G-7" in v["message"] and "2315" in v["message"]
    assert res["written"] is None and not (tmp_path / "bad.yaml").exists()


def test_1_3_4_repatriation_refused_in_a_hex_with_an_enemy_unit(tmp_path):
    """1.3.4 "a replacement unit cannot be placed in a hex that contains an enemy ground unit": 2317 is a German
    City, but holds the Western B-1."""
    p = _state(tmp_path, [G("G-7")])
    code, out, _ = run("reveal", p, "--faction", "axis", "--repatriate", "G-7=2317")
    assert code == 1
    assert "Refused: 1.3.4 Enemy Units and Markers: 2317 holds" in out and "B-1" in out


def test_9_2_best_repatriation_does_not_overstack(tmp_path):
    """9.2 (enforced after the Segment, 1.3.4): 2315 already holds three Axis units, so the best placement puts
    the interned unit in the other German City, 2318."""
    hexes = {
        "2315": {"country": "Germany", "city": True, "control": "axis",
                 "units": [{"id": f"A-{i}", "faction": "axis", "nationality": "Germany", "type": "infantry"} for i in range(3)]},
        "2318": {"country": "Germany", "city": True, "control": "axis"},
    }
    p = _state(tmp_path, [G("G-7")], hexes)
    code, res, _ = run("reveal", p, "--faction", "axis", "--json")
    assert [x["location"] for x in res["maps"]["tk"]["repatriated"]] == ["2318"]


def test_1_1_1_step2_interned_unit_with_no_replacement_location_goes_to_the_force_pool(tmp_path):
    """1.1.1 Step 2 with no 1.3.4 location free (the only German City holds a Western unit): the text is silent;
    interpretation unplaced-interned (default force-pool) puts the unit in the Axis TK Force Pool."""
    hexes = {"2317": {"country": "Germany", "city": True, "control": "axis",
                      "units": [{"id": "B-1", "faction": "western", "nationality": "Britain", "type": "infantry"}]}}
    p = _state(tmp_path, [G("G-7")], hexes)
    out = tmp_path / "o.yaml"
    code, res, _ = run("reveal", p, "--faction", "axis", "--json", "--write", out)
    assert code == 0
    [x] = res["maps"]["tk"]["repatriated"]
    assert x["location"] is None and x["fate"] == "force-pool" and x["rule"] == "1.1.1 Step 2"
    assert "unplaced-interned=force-pool" in x["message"]
    assert res["interpretations"]["unplaced-interned"] == "force-pool"
    w = yaml.safe_load(out.read_text())
    assert w["boxes"]["tk"]["force-pool"]["axis"] == ["G-7"]


def test_1_1_1_a_card_without_interned_units_says_nothing_of_them(tmp_path):
    """1.1.1 Step 2 repatriates "any interned units": a card without any has no repatriation step, and its JSON
    and interpretations are as before."""
    p = _state(tmp_path, [])
    code, res, _ = run("reveal", p, "--faction", "axis", "--json")
    assert code == 0 and not _steps(res)
    assert "repatriated" not in res["maps"]["tk"] and "unplaced-interned" not in res["interpretations"]


def test_9_2_a_player_placement_that_overstacks_is_legal_and_the_excess_eliminated(tmp_path):
    """1.3.4 "any number of replacements can be placed in the same hex ... stacking limits (9.2) are enforced
    after every Phase and Segment": --repatriate G-7=2315 into a hex of three Axis units is placed, the excess
    eliminated (9.2, said); G-8, not named, still takes the best placement."""
    hexes = {
        "2315": {"country": "Germany", "city": True, "control": "axis",
                 "units": [{"id": f"A-{i}", "faction": "axis", "nationality": "Germany", "type": "infantry"} for i in range(3)]},
        "2318": {"country": "Germany", "city": True, "control": "axis"},
    }
    p = _state(tmp_path, [G("G-7"), G("G-8")], hexes)
    code, res, _ = run("reveal", p, "--faction", "axis", "--json", "--repatriate", "G-7=2315")
    assert code == 0
    placed = {x["unit"]: x["location"] for x in res["maps"]["tk"]["repatriated"]}
    assert placed == {"G-7": "2315", "G-8": "2318"}
    [e] = [s for s in res["steps"] if s["rule"] == "9.2"]
    assert "G-7" in e["message"] and "eliminated" in e["message"]
