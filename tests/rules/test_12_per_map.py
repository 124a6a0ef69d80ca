"""AE: each map has its own Posture Display, VP marker and Strategic Warfare Box, and every rule
reads the map it applies to (© 12 "each map has its own War State"; FORMAT 4 "AE, per map").
Card numbers and names here are test-only data."""
import json

import pytest
import yaml

from aeref.model.files.load import load_position
from aeref.solver.selection.rules import check

from ..support.cli import run
from ..support.seasonal import empty_state

WESTERN_CARDS = [   # test-only cards
    {"map": "tk", "faction": "western", "number": 8, "name": "Test Card Eight", "war-state": "pre-war"},
    {"map": "tk", "faction": "western", "number": 9, "name": "Test Card Nine", "war-state": "pre-war",
     "requires": [{"posture": {"Britain": "war"}}]},
    {"map": "ds", "faction": "western", "number": 7, "name": "Test Card Seven", "war-state": "pre-war",
     "requires": [{"posture": {"Russia": "war"}}]},
]


def write(tmp_path, data, name="state.yaml"):
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data, sort_keys=False))
    return p


def ae(countries, **extra):
    d = {"game": "ae", "turn": "Nov-Dec 1941", "war-state": {"tk": "limited", "ds": "limited"},
         "cards": WESTERN_CARDS, "factions": {"western": {"tk": {"hand": [8, 9]}, "ds": {"hand": [7]}}},
         "countries": countries}
    d.update(extra)
    return d


SPLIT = {"Russia": {"alignment": "soviet", "tk": {"posture": "war", "status": "active"}},
         "Britain": {"alignment": "western", "ds": {"posture": "war", "status": "active"}}}


def test_1_1_3_1_each_card_reads_its_own_maps_posture_display(tmp_path):
    """Russia at War on the TK map only, Britain at War on the DS map only: TK 9 (Britain's Posture is
    War) and DS 7 (Russia's Posture is War) both fail 1.1.3.1; only {TK 8, no DS card} is legal."""
    p = write(tmp_path, ae(SPLIT))
    r = run("check", p, "--faction", "western", "--tk", "9", "--ds", "7", "--json")
    assert r.exit_code == 1
    out = json.loads(r.stdout)
    assert [v["rule"] for v in out["violations"]] == ["1.1.3.1", "1.1.3.1"]
    assert "Britain's Posture is war on the TK map" in out["violations"][0]["message"]
    assert "Russia's Posture is war on the DS map" in out["violations"][1]["message"]
    r = run("pairs", p, "--faction", "western", "--json")
    assert json.loads(r.stdout)["choices"] == [{"tk": "tk-western-8", "ds": None}]
    # the same facts on both maps: both cards fit
    both = {"Russia": {"alignment": "soviet", "posture": "war"}, "Britain": {"alignment": "western", "posture": "war"}}
    assert run("check", write(tmp_path, ae(both), "b.yaml"), "--faction", "western", "--tk", "9", "--ds", "7").exit_code == 0


def test_1_1_3_1_a_country_not_on_that_maps_display_has_no_posture(tmp_path):
    """An entry with map: tk is on the TK Posture Display only (FORMAT 4)."""
    p = write(tmp_path, ae({"Russia": {"posture": "war", "alignment": "soviet", "map": "tk"}}))
    ruling = check(load_position(p), "western", {"tk": None, "ds": "ds-western-7"})
    assert not ruling.legal and "not on the DS Posture Display" in ruling.violations[0].message


def test_12_3_step_7_a_policy_marker_makes_a_pac(tmp_path):
    """12.3 Step 7 example: Russia is a PAC (a Neutrality marker in its Posture Box, no posture written):
    the Russian Entry marker goes 15 Seasonal Turns ahead; Step 4 offers to remove the marker."""
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited", "european-war": "limited",
          "countries": {"Russia": {"policy": "neutrality", "alignment": "soviet"}}}
    r = run("war-state", write(tmp_path, st), "--to", "total", "--json")
    assert r.exit_code == 0, r.stderr
    effects = {e["rule"]: e for e in json.loads(r.stdout)["change"]["effects"]}
    assert "Neutrality (Russia)" in effects["12.3 Step 4"]["message"]
    assert effects["12.3 Step 7"]["applies"] and effects["12.3 Step 7"]["moves"] == [
        {"marker": "Russian Entry", "map": "ds", "to": "Aug-Sept 1945"}]


def test_a_posture_that_contradicts_the_policy_marker_is_bad_input(tmp_path):
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited",
          "countries": {"Russia": {"posture": "war", "policy": "neutrality"}}}
    r = run("validate", write(tmp_path, st), "--json")
    assert r.exit_code == 2
    [prob] = json.loads(r.stdout)["problems"]
    assert prob["where"] == "countries.Russia.posture" and "Policy Affected" in prob["message"]
    # per map in AE: the DS section contradicts itself, the TK display is fine
    d = ae({"Russia": {"alignment": "soviet", "tk": {"posture": "war"}, "ds": {"posture": "war", "policy": "neutrality"}}})
    r = run("validate", write(tmp_path, d, "ae.yaml"), "--json")
    assert r.exit_code == 2 and json.loads(r.stdout)["problems"][0]["where"] == "countries.Russia.ds.posture"


def test_12_each_maps_war_state_reads_its_own_display(tmp_path):
    """12: "Any Allied Country has a Posture of War" starts Limited War on that map only."""
    d = ae(SPLIT)
    d["war-state"] = {"tk": "pre-war", "ds": "pre-war"}
    p = write(tmp_path, d)
    r = run("validate", p)
    assert r.exit_code == 2 and "countries.Russia.tk.posture: Pre-War is in effect on the TK map" in r.stderr
    tk = json.loads(run("war-state", p, "--map", "tk", "--json").stdout)
    ds = json.loads(run("war-state", p, "--map", "ds", "--json").stdout)
    assert tk["triggers"] == [{"war-state": "limited", "cause": "Allied Country Russia has a Posture of War"}]
    assert ds["triggers"] == [{"war-state": "limited", "cause": "Allied Country Britain has a Posture of War"}]


def test_12_3_removes_a_policy_marker_from_that_maps_display_only(tmp_path):
    """12.3 Step 2 on the DS map: the Axis removes Resistance (China) from the DS Posture Box; the TK
    display keeps it. The written file keeps the per-map entry."""
    d = ae({"China": {"alignment": "western", "policy": "resistance"}})
    d["war-state"] = {"tk": "limited", "ds": "limited"}
    p = write(tmp_path, d)
    r = run("war-state", p, "--map", "ds", "--to", "total", "--write", tmp_path / "next.yaml")
    assert r.exit_code == 0, r.stderr
    nxt = load_position(tmp_path / "next.yaml")
    assert nxt.country("China", "ds").policy is None and nxt.country("China", "ds").posture is None
    assert nxt.country("China", "tk").policy == "resistance" and nxt.country("China", "tk").posture == "policy-affected"


def test_12_a_country_at_war_without_alignment_is_named(tmp_path):
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "pre-war", "countries": {"Siam": {"posture": "war"}}}
    out = json.loads(run("war-state", write(tmp_path, st), "--json").stdout)
    assert out["triggers"] == [] and "Siam has a Posture of War on the DS map but no alignment is given" in out["notes"][0]


def test_war_state_remove_names_a_country_not_in_the_file(tmp_path):
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited", "countries": {"Russia": {"policy": "neutrality"}}}
    r = run("war-state", write(tmp_path, st), "--to", "total", "--remove", "Rusia")
    assert r.exit_code == 2 and r.stderr.startswith("Error: --remove Rusia") and len(r.stderr.splitlines()) == 1


def test_1_1_2_1_the_vp_marker_of_each_map(tmp_path):
    """1.1.2.1 (△ VP marker): each map's own VP marker; an Allied Crusade marker written without a map
    in AE is named in the ruling, not guessed."""
    d = ae({}, markers={"tk": {"vp": {"side": "axis-tide", "box": 2}}, "ds": {"vp": {"side": "allied-crusade", "box": 1}}})
    p = write(tmp_path, d)
    tk = json.loads(run("drm", p, "--map", "tk", "--json").stdout)["rolls"][0]["terms"][0]
    ds = json.loads(run("drm", p, "--map", "ds", "--json").stdout)["rolls"][0]["terms"][0]
    assert (tk["value"], ds["value"]) == (2, -1)
    p = write(tmp_path, ae({}, markers={"vp": {"side": "allied-crusade", "box": 1}}), "flat.yaml")
    term = json.loads(run("drm", p, "--map", "ds", "--json").stdout)["rolls"][0]["terms"][0]
    assert term["value"] == 0 and "does not say on which map" in term["message"]
    # Axis Tide names its map (TK): no VP DRM for the DS map's marker
    p = write(tmp_path, ae({}, markers={"vp": {"side": "axis-tide", "box": 3}}), "tide.yaml")
    assert json.loads(run("drm", p, "--map", "tk", "--json").stdout)["rolls"][0]["terms"][0]["value"] == 3
    assert json.loads(run("drm", p, "--map", "ds", "--json").stdout)["rolls"][0]["terms"][0]["value"] == 0


def test_the_vp_marker_side_belongs_to_its_map(tmp_path):
    """The Axis Tide side is the TK VP marker's, the Rising Sun side the DS one's: a side written for the
    other map (AE per map, or DS / TK alone) is refused with its place, not read one way by 1.1.2.1 and
    another by the Replacements Segment."""
    bad = [(ae({}, markers={"ds": {"vp": {"side": "axis-tide", "box": 2}}}), "markers.ds.vp.side"),
           (ae({}, markers={"tk": {"vp": {"side": "rising-sun", "box": 2}}}), "markers.tk.vp.side"),
           ({"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited",
             "markers": {"vp": {"side": "axis-tide", "box": 2}}}, "markers.vp.side"),
           ({"game": "tk", "turn": "Nov-Dec 1941", "war-state": "limited",
             "markers": {"tk": {"vp": {"side": "rising-sun", "box": 2}}}}, "markers.tk.vp.side")]
    for d, place in bad:
        r = run("validate", write(tmp_path, d))
        assert r.exit_code == 2 and f"state.yaml: {place}:" in r.output and "side of the VP marker" in r.output, r.output
    good = ae({}, markers={"tk": {"vp": {"side": "axis-tide", "box": 2}}, "ds": {"vp": {"side": "allied-crusade", "box": 1}}})
    assert run("validate", write(tmp_path, good)).exit_code == 0


def test_1_1_3_1_a_marker_requirement_in_ae_reads_the_cards_own_maps_boxes(tmp_path):
    """1.1.3.1 in AE: a marker written in a box without a map is in neither map's box (each map has its
    own); the ruling on the DS card says so and where to write it. Written for the DS map, it counts."""
    cards = [{"map": "ds", "faction": "western", "number": 90, "name": "Test Only Card", "war-state": "pre-war",
              "requires": [{"marker": {"name": "US Victory Program", "in": "strategic-warfare-box"}}]}]
    base = {"game": "ae", "turn": "Nov-Dec 1941", "war-state": {"tk": "limited", "ds": "limited"}, "cards": cards,
            "factions": {"western": {"tk": {"hand": []}, "ds": {"hand": [90]}}}}
    flat = write(tmp_path, {**base, "markers": {"strategic-warfare-box": ["US Victory Program"]}})
    r = run("check", flat, "--faction", "western", "--ds", "90", "--json")
    assert r.exit_code == 1, r.output
    [v] = json.loads(r.stdout)["violations"]
    assert v["rule"] == "1.1.3.1" and "not counted on the DS map" in v["message"]
    assert "markers: {ds: {strategic-warfare-box: [...]}}" in v["message"]
    mapped = write(tmp_path, {**base, "markers": {"ds": {"strategic-warfare-box": ["US Victory Program"]}}}, "ds.yaml")
    assert run("check", mapped, "--faction", "western", "--ds", "90").exit_code == 0


def test_1_1_2_1_influence_of_the_country_on_that_maps_display(tmp_path):
    d = ae({"Siam": {"alignment": "none", "ds": {"influence": 2}}})
    p = write(tmp_path, d)
    assert json.loads(run("drm", p, "--map", "ds", "--country", "Siam", "--json").stdout)["rolls"][0]["drm"] == 2
    assert json.loads(run("drm", p, "--map", "tk", "--country", "Siam", "--json").stdout)["rolls"][0]["drm"] == 0


def _ae_replacements(faction, countries, markers=None, boxes=None, hexes=None, pool=(), steps=None, map_="tk"):
    fr = {"force-pool": list(pool)}
    if steps is not None:
        fr["steps"] = steps
    d = {"game": "ae", "turn": "Mar-Apr 1942", "war-state": {"tk": "total", "ds": "total"},
         "factions": {faction: {"tk": {"hand": []}, "ds": {"hand": []}}}, "countries": countries,
         "replacements": {map_: {faction: fr}}, "map": {"hexes": hexes or {}, "boxes": []}}
    if markers is not None:
        d["markers"] = markers
    if boxes is not None:
        d["boxes"] = boxes
    return d


def test_1_3_2_1_anti_comintern_reads_russia_on_the_tk_display(tmp_path):
    """TK 1.3.2.1 Anti-Comintern Crusade: Russia's Posture is War - on the TK map's display."""
    germany = {"Germany": {"alignment": "axis", "status": "active"}}
    swb = {"tk": {"strategic-warfare-box": ["Anti-Comintern Crusade"]}}
    at_war_on_ds = {**germany, "Russia": {"alignment": "soviet", "ds": {"posture": "war"}}}
    p = write(tmp_path, _ae_replacements("axis", at_war_on_ds, markers=swb))
    assert json.loads(run("replacements", p, "--faction", "axis", "--map", "tk", "--json").stdout)["steps-received"] == 0
    at_war_on_tk = {**germany, "Russia": {"alignment": "soviet", "tk": {"posture": "war"}}}
    p = write(tmp_path, _ae_replacements("axis", at_war_on_tk, markers=swb), "tk.yaml")
    out = json.loads(run("replacements", p, "--faction", "axis", "--map", "tk", "--json").stdout)
    assert out["steps-received"] == 1 and out["received"][0]["sources"][0].startswith("1.3.2.1 Anti-Comintern")


def test_1_3_2_a_strategic_warfare_box_marker_counts_on_its_own_map_only(tmp_path):
    """1.3.2 (TK 1.3.2.5 / DS 1.3.2.4) US Victory Program: the marker in the DS map's box gives the DS steps
    only; written without a map in AE it is counted on neither map and the ruling says so."""
    west = {"US": {"alignment": "western", "status": "active"}}
    p = write(tmp_path, _ae_replacements("western", west, markers={"ds": {"strategic-warfare-box": ["US Victory Program"]}}))
    tk = json.loads(run("replacements", p, "--faction", "western", "--map", "tk", "--json").stdout)
    assert tk["steps-received"] == 0 and "notes" not in tk
    p = write(tmp_path, _ae_replacements("western", west, markers={"ds": {"strategic-warfare-box": ["US Victory Program"]}},
                                         map_="ds"), "ds.yaml")
    assert json.loads(run("replacements", p, "--faction", "western", "--map", "ds", "--json").stdout)["steps-received"] == 1
    p = write(tmp_path, _ae_replacements("western", west, markers={"strategic-warfare-box": ["US Victory Program"]}), "flat.yaml")
    flat = json.loads(run("replacements", p, "--faction", "western", "--map", "tk", "--json").stdout)
    assert flat["steps-received"] == 0 and "US Victory Program" in flat["notes"][0] and "without a map" in flat["notes"][0]
    text = run("replacements", p, "--faction", "western", "--map", "tk").stdout
    assert "Note: US Victory Program is listed in markers.strategic-warfare-box without a map" in text
    # the map's `boxes:` Strategic Warfare Box counts too (where reveal puts what a card places there)
    p = write(tmp_path, _ae_replacements("western", west, boxes={"tk": {"strategic-warfare-box": ["US Victory Program"]}}), "b.yaml")
    assert json.loads(run("replacements", p, "--faction", "western", "--map", "tk", "--json").stdout)["steps-received"] == 2


def test_1_2_2_1_partisan_base_reads_the_segments_map(tmp_path):
    """1.2.2.1: a Partisan Base goes in a Conquered Allied Minor Country - on the Segment's map's display."""
    hexes = {"0101": {"country": "Greece", "terrain": "rough", "map": "tk"}}
    greece = {"Greece": {"minor": True, "alignment": "western", "tk": {"status": "conquered"}, "ds": {"status": "active"}}}
    d = {"game": "ae", "turn": "Mar-Apr 1942", "war-state": {"tk": "total", "ds": "total"},
         "factions": {"western": {"tk": {"hand": []}, "ds": {"hand": []}}}, "countries": greece,
         "marker-pool": {"tk": {"western": {"partisan-bases": 1}}}, "map": {"hexes": hexes}}
    out = json.loads(run("logistics", write(tmp_path, d), "--faction", "western", "--map", "tk", "--json").stdout)
    assert [(a["action"], a["hex"]) for a in out["actions"]] == [("place-partisan", "0101")]
    d["marker-pool"] = {"ds": {"western": {"partisan-bases": 1}}}
    d["map"]["hexes"]["0101"]["map"] = "ds"
    out = json.loads(run("logistics", write(tmp_path, d, "ds.yaml"), "--faction", "western", "--map", "ds", "--json").stdout)
    assert out["actions"] == []      # Greece is Active on the DS display


def test_1_1_3_card_selection_is_final(tmp_path):
    """1.1.3 "Card selection is final. Once a faction has selected a card and placed it as its Pending Card,
    it is bound to that card": pairs gives the selection made, check rules another one illegal."""
    d = ae(SPLIT)
    d["factions"]["western"]["tk"] = {"hand": [9], "pending": 8}
    p = write(tmp_path, d)
    out = json.loads(run("pairs", p, "--faction", "western", "--json").stdout)
    # bound to the card placed (TK 8), not to the DS slot left open: DS 7 fails 1.1.3.1 on its own
    assert out["choices"] == [{"tk": "tk-western-8", "ds": None}] and out["selection-made"] == {"tk": "tk-western-8"}
    assert "Card selection is final (1.1.3)" in run("pairs", p, "--faction", "western").stdout
    assert run("check", p, "--faction", "western", "--tk", "8").exit_code == 0
    r = run("check", p, "--faction", "western", "--tk", "9", "--json")
    assert r.exit_code == 1
    final = [v for v in json.loads(r.stdout)["violations"] if (v["rule"], v["title"]) == ("1.1.3", "Card Selection Is Final")]
    assert final and "has placed tk-western-8 " in final[0]["message"], final
    assert " on TK, which binds it; only its DS slot is still open" in final[0]["message"], final


# ----------------------------------------------------------------------------- country entries and the VP marker per map (12, FORMAT 4)

def test_12_policy_marker_on_the_ds_display_checked_after_a_tk_section_not_in_play(tmp_path):
    """© 12 / FORMAT 4 "AE, per map": in DS alone a `tk:` section is reported, and the `ds:` section is still read
    (a Neutrality Policy marker makes a Policy Affected Country)."""
    p = empty_state(tmp_path, "ds", countries={"Russia": {"tk": {"posture": "war"},
                                                     "ds": {"policy": "neutrality", "posture": "war"}}})
    r = run("validate", p, "--json")
    assert r.exit_code == 2
    res = r.json
    assert res["problems"] == [
        {"file": str(p), "where": "countries.Russia.tk", "message": "map tk is not in play (maps: ds)"},
        {"file": str(p), "where": "countries.Russia.ds.posture",
         "message": "Russia has a Neutrality Policy marker, which makes it a Policy Affected Country, but its posture is war"}]


def test_12_ae_country_without_a_map_only_when_both_displays_agree(tmp_path):
    """© 12 (each map its own Posture Display): in AE a country may be looked up without a map only when both
    displays show it alike; else Position.country raises ValueError."""
    p = empty_state(tmp_path, "ae", countries={
        "Russia": {"alignment": "soviet", "tk": {"posture": "war"}, "ds": {"posture": "war"}},
        "Britain": {"alignment": "western", "posture": "war"},
        "India": {"map": "ds", "dependent-of": "Britain"}})
    pos = load_position(p)
    assert pos.country("Britain").alignment == "western"
    for name in ("Russia", "India"):
        with pytest.raises(ValueError) as exc:
            pos.country(name)
        assert str(exc.value) == f"{name} is shown differently on the TK and DS displays: name the map"


def test_12_ae_vp_marker_side_names_its_map(tmp_path):
    """© 12 (each map its own VP marker): a Rising Sun VP marker written under `tk:` is reported."""
    p = empty_state(tmp_path, "ae", markers={"tk": {"vp": {"side": "rising-sun", "box": 1}}})
    r = run("validate", p, "--json")
    assert r.exit_code == 2
    res = r.json
    assert res["problems"] == [{"file": str(p), "where": "markers.tk.vp.side",
                                "message": "the Rising Sun side of the VP marker is the DS map's, not the TK map's "
                                           "(Axis Tide: TK, Rising Sun: DS)"}]


def test_12_a_cards_starts_acts_only_on_its_own_map(tmp_path):
    """© 12: "each map has its own War State": a card's `starts:` (the war state it starts when played) starts
    it on the card's own map only. Asked through the public API for the other map (a question the command line
    refuses to ask), the TK card sets off nothing on the DS map; on its own map it starts Total War."""
    import aeref

    card = {"map": "tk", "faction": "western", "number": 8, "name": "Test Card Eight", "war-state": "pre-war",
            "starts": "total"}                                                        # test-only card
    d = {"game": "ae", "turn": "Nov-Dec 1941", "war-state": {"tk": "limited", "ds": "limited"}, "cards": [card],
         "factions": {"western": {"tk": {"hand": [8]}}}}
    pos = aeref.load(write(tmp_path, d))
    other = pos.war_state_change("ds", card="tk-western-8")
    assert other.legal and other.change.after == other.change.before == "limited"
    assert other.triggers == [] and other.as_json()["change"] is None
    own = pos.war_state_change("tk", card="tk-western-8")
    assert own.change.after == "total" and own.triggers[0][0] == "total"
