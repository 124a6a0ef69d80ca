"""``aeref show``: every fact a ruling reads, for people and as JSON."""
from __future__ import annotations

import json

import pytest

from aeref.model.files.load import load_position

from ..support.seasonal import EXAMPLES, run, write_state

#: Test-only data: a DS position with every section a rule reads.
RICH = {
    "game": "ds", "turn": "Nov-Dec 1941", "previous": "before.yaml", "war-state": "limited", "european-war": "limited",
    "government": "navy", "esv": 5, "uscl-drm": -1, "flags": ["Test Flag"],
    "esv-table": [{"war-state": "limited", "production": 1, "no-war": 1, "war": 0}],
    "factions": {
        "axis": {"ds": {"current": 11, "pending": "28a", "hand": [3, 8], "removed": ["12"],
                        "played": [{"card": "2a", "turn": "Mar-Apr 1938"}, {"card": "33a"}]}},
        "soviet": {"ds": {"current": 24, "hand": ["11b"]}},
    },
    "countries": {
        "Russia": {"posture": "policy-affected", "policy": "neutrality", "status": "neutral", "alignment": "soviet"},
        "Hopeh": {"minor": True, "status": "conquered", "alignment": "western", "influence": 1},
        "Manchukuo": {"dependent-of": "Japan", "alignment": "axis"},
        "Nationalist China": {"posture": "war", "status": "active", "alignment": "western", "chinese": True},
        "Thai Test": {"neutrality": -1},
    },
    "markers": {"strategic-warfare-box": ["US Victory Program"], "vp": {"side": "rising-sun", "box": 1},
                "vp-track": {"Hakko Ichiu": 3}, "soviet-european-war-box": ["War"]},
    "boxes": {"force-pool": {"western": ["US 1 Mar"]}, "delay-box": ["Kiangsu Inf"],
              "strategic-warfare-box": ["Quit India"], "outbreak-of-war": {"axis": ["J 5 Inf"]}},
    "counters": {"in-play": ["Szechwan Inf"], "removed": ["Old Inf"]},
    "turn-track": {"US Entry": "Mar-Apr 1942"},
    "marker-pool": {"axis": {"logistics": ["IGHQ"]}, "western": {"partisan-bases": 2}},
    "interpretations": {"annual-scope": "map"},
    "replacements": {"axis": {"steps": [{"nationality": "Japan", "kind": "armor", "count": 2}],
                              "force-pool": [{"id": "J-9", "nationality": "Japan", "type": "armor"}],
                              "prefer": {"J-9": 3}}},
    "map": {"boxes": ["Western US"], "hexes": {
        "0101": {"country": "Japan", "city": True, "supply-source": "Japan", "neighbours": ["0102"],
                 "units": [{"id": "J-1", "faction": "axis", "nationality": "Japan", "type": "infantry"}]},
        "0102": {"country": "Japan", "neighbours": ["0101"], "markers": [{"type": "logistics", "faction": "axis", "name": "Kwantung"}]}}},
}


@pytest.fixture
def rich(tmp_path):
    # The position the Pending Cards were selected in: 11 was then the Pending Card, 28a still in hand,
    # so this position's Pending Card 28a was selected now (it does not await a reveal).
    before_axis = {"ds": {"current": "2a", "pending": 11, "hand": [3, 8, "28a"], "removed": ["12"]}}
    write_state(tmp_path, "before.yaml", {**RICH, "turn": "Aug-Sept 1941", "previous": None,
                                          "factions": {**RICH["factions"], "axis": before_axis}})
    return write_state(tmp_path, "state.yaml", RICH)


def test_show_json_has_every_fact_the_rules_read(rich):
    code, out, err = run("show", rich, "--json")
    assert code == 0, err
    pos = load_position(rich)
    ds = out["maps"]["ds"]
    assert (out["game"], out["turn"], out["reveal-turn"], out["previous"]) == ("ds", "Nov-Dec 1941", "Mar-Apr 1942", "before.yaml")
    assert ds["war-state"] == "limited"
    shown = {c["country"]: c for c in ds["posture-display"]}
    for c in pos.countries_on("ds"):
        for k in ("posture", "policy", "status", "alignment", "dependent_of", "minor", "chinese", "influence", "neutrality"):
            if getattr(c, k) is not None:
                assert shown[c.name][k.replace("_", "-")] == getattr(c, k), (c.name, k)
    assert ds["turn-track"] == [{"marker": "US Entry", "turn": "Mar-Apr 1942"}]
    assert ds["boxes"] == {"force-pool": {"western": ["US 1 Mar"]}, "delay-box": ["Kiangsu Inf"],
                           "strategic-warfare-box": ["Quit India"], "outbreak-of-war": {"axis": ["J 5 Inf"]}}
    assert ds["marker-pool"] == {"axis": {"logistics": ["IGHQ"], "partisan-bases": 0},
                                 "western": {"logistics": [], "partisan-bases": 2}}
    assert ds["map"]["hexes"] == 2 and ds["map"]["units"] == {"axis": 1} and ds["map"]["off-map-boxes"] == ["Western US"]
    assert ds["map"]["markers"] == ["Axis Logistics marker Kwantung in 0102"]
    assert ds["replacements"]["axis"]["steps"][0]["count"] == 2 and ds["replacements"]["axis"]["prefer"] == {"J-9": 3}
    axis = out["factions"]["axis"]["ds"]
    assert axis["current"] == {"id": "ds-axis-11", "number": "11", "name": "Diplomatic Overtures", "war-state": "pre-war",
                               "kinds": ["diplomatic-overtures"]}
    assert out["factions"]["soviet"]["ds"]["current"] == {"id": "ds-soviet-24", "number": "24", "name": "Limited War Production",
                                                         "war-state": "limited", "production": 1}
    assert axis["pending"] == {"id": "ds-axis-28a", "number": "28a", "name": "East Wind Rain", "war-state": "limited",
                               "starts": "total"}
    assert axis["pending"]["id"] == "ds-axis-28a"
    assert [c["id"] for c in axis["hand"]] == ["ds-axis-3", "ds-axis-8"]
    assert [c["id"] for c in axis["removed"]] == ["ds-axis-12"]
    assert [(y["year"], [(c["id"], c["turn"], c.get("current", False)) for c in y["cards"]]) for y in axis["played"]] == [
        (1938, [("ds-axis-2a", "Mar-Apr 1938", False)]), (1941, [("ds-axis-11", "Nov-Dec 1941", True)]),
        (None, [("ds-axis-33a", None, False)])]
    assert out["markers"] == {"boxes": {"strategic warfare box": ["US Victory Program"], "soviet european war box": ["War"]},
                              "vp": {"side": "rising-sun", "box": 1}, "vp-track": {"Hakko Ichiu": 3}}
    assert (out["government"], out["european-war"], out["esv"], out["uscl-drm"], out["flags"]) == ("navy", "limited", 5, -1, ["Test Flag"])
    assert out["esv-table"] == [{"war-state": "limited", "production": 1, "no-war": 1, "war": 0}]
    assert out["counters"] == {"in-play": ["Szechwan Inf"], "removed": ["Old Inf"]}
    assert out["interpretations"]["annual-scope"] == "map"


def test_show_text_has_the_same_facts(rich):
    code, out, err = run("show", rich)
    assert code == 0, err
    for words in ["DS, Nov-Dec 1941: Pending Cards selected now are revealed in Mar-Apr 1942",
                  "previous: before.yaml", "DS map: Limited War in effect",
                  "Russia             Policy Affected  Neutrality  Neutral    Soviet",
                  "minor, influence +1", "dependent-of Japan", "chinese", "neutrality -1",
                  "Turn Track: US Entry Mar-Apr 1942", "Delay Box: Kiangsu Inf", "Force Pool: Western: US 1 Mar",
                  "Strategic Warfare Box: Quit India", "Outbreak of War units", "Axis: J 5 Inf",
                  "Axis Force Pool markers: Logistics IGHQ, Partisan Bases 0",
                  "Map: 2 hexes (1 City, 1 supply source), units Axis 1; markers Axis Logistics marker Kwantung in 0102; Off-Map Boxes Western US",
                  "Replacements, Axis: steps 2 Japan armor; Force Pool J-9 (Japan armor)",
                  "DS  Current Card  11 Diplomatic Overtures", "Pending Card  28a East Wind Rain",
                  "Hand (2)      3 Army Program, 8 Demand Inner Mongolia",
                  "Played        1938: 2a Army Plan Adopted (Mar-Apr 1938); 1941: 11 Diplomatic Overtures (Current Card, Nov-Dec 1941, diplomatic-overtures); year not given: 33a Treaty (turn not given)",
                  "Removed       12 Diplomatic Overtures",
                  "Markers: Strategic Warfare Box: US Victory Program; Soviet European War Box: War; VP marker Rising Sun in the 1 VP Box; Hakko Ichiu in the 3 VP Box",
                  "Japanese Government Navy; European war Limited; ESV 5; ESV table Limited War Production 1: no War +1, War +0; USCL DRM -1; flags Test Flag; counters in play Szechwan Inf, removed Old Inf",
                  "Interpretations: annual-scope=map"]:
        assert words in out, words


def test_show_faction_and_map_filters(tmp_path):
    code, out, _ = run("show", EXAMPLES / "ae-1941.yaml", "--faction", "soviet", "--map", "ds", "--json")
    assert code == 0
    assert list(out["factions"]) == ["soviet"] and list(out["factions"]["soviet"]) == ["ds"] and list(out["maps"]) == ["ds"]
    code, text, _ = run("show", EXAMPLES / "ae-1941.yaml", "--faction", "soviet", "--map", "ds")
    assert "TK map" not in text and "Axis" not in text.split("Soviet")[1] and "DS  Current Card" in text


def test_show_names_a_faction_the_file_lacks(tmp_path):
    code, out, err = run("show", EXAMPLES / "ds-axis-replacements.yaml", "--faction", "soviet")
    assert code == 2 and "faction soviet is not in the state file" in err


@pytest.mark.parametrize("path", sorted(p.name for p in EXAMPLES.glob("*.yaml") if "allocation" not in p.name))
def test_show_every_example(path):
    code, out, err = run("show", EXAMPLES / path, "--json")
    assert code == 0, err
    json.dumps(out)
