"""1.1.2.1 Political DRMs: `aeref drm` on the Treaty examples of both rules files."""
from ..support.seasonal import run, write_state


def _rolls(tmp_path, game, country, vp, tables, **extra):
    st = {"game": game, "turn": "Mar-Apr 1939", "war-state": "pre-war",
          "countries": {country: {"minor": True, "status": "neutral", "influence": 1}},
          "markers": {"vp": vp}, **extra}
    p = write_state(tmp_path, "s.yaml", st)
    args = ["drm", p, "--country", country, "--json"]
    for t in tables:
        args += ["--table", t]
    code, res, err = run(*args)
    assert code == 0, err
    return res["rolls"]


def test_1_1_2_1_ds_treaty_example(tmp_path):
    """33a Treaty, Hopeh with an Axis Influence marker (+1), Rising Sun in the 0 VP Box, USCL 0:
    +1 on the card, +1 on the Diplomatic Incident Table, 0 on the Colonialism Table."""
    rolls = _rolls(tmp_path, "ds", "Hopeh", {"side": "rising-sun", "box": 0},
                   ["current-card", "Diplomatic Incident Table", "colonialism"])
    assert [r["drm"] for r in rolls] == [1, 1, 0]
    assert rolls[2]["table"] == "Colonialism Table"
    assert "does not carry over" in rolls[2]["terms"][-1]["message"]
    assert all(t["rule"] == "1.1.2.1" for r in rolls for t in r["terms"])


def test_1_1_2_1_tk_treaty_example(tmp_path):
    """28a Treaty, Hungary with an Axis Influence marker (+1), Axis Tide in the 0 VP Box: +1, +1, then 0
    on the Guarantee Table."""
    rolls = _rolls(tmp_path, "tk", "Hungary", {"side": "axis-tide", "box": 0},
                   ["current-card", "diplomatic-incident", "guarantee"])
    assert [r["drm"] for r in rolls] == [1, 1, 0]


def test_1_1_2_1_vp_sides_and_uscl(tmp_path):
    rolls = _rolls(tmp_path, "ds", "Hopeh", {"side": "allied-crusade", "box": 2}, ["international-crisis"],
                   **{"uscl-drm": -1})
    terms = {t["name"]: t["value"] for t in rolls[0]["terms"]}
    assert terms == {"VP marker": -2, "USCL": -1, "Influence/Neutrality": 1} and rolls[0]["drm"] == -2
    rolls = _rolls(tmp_path, "ds", "Hopeh", {"side": "rising-sun", "box": 3}, ["colonialism"])
    assert rolls[0]["drm"] == 3


def test_1_1_2_1_only_in_option_card_and_political_events_segments(tmp_path):
    p = write_state(tmp_path, "s.yaml", {"game": "ds", "turn": "Mar-Apr 1939", "war-state": "pre-war",
                                         "markers": {"vp": {"side": "rising-sun", "box": 3}}})
    code, res, _ = run("drm", p, "--segment", "other", "--json")
    assert res["rolls"][0]["drm"] == 0
    # the ruling says why: the term names the rule and the segments it applies in
    [term] = res["rolls"][0]["terms"]
    assert term["rule"] == "1.1.2.1" and term["value"] == 0
    assert "only to die rolls of the Option Card and Political Events Segments" in term["message"]
    code, res, _ = run("drm", p, "--json")          # the Option Card Segment: the VP marker counts
    assert res["rolls"][0]["drm"] == 3


def test_bad_input_drm(tmp_path):
    p = write_state(tmp_path, "s.yaml", {"game": "ds", "turn": "Mar-Apr 1939", "war-state": "pre-war", "uscl-drm": 2})
    code, _, err = run("drm", p)
    assert code == 2 and "s.yaml: uscl-drm:" in err and "0 or less" in err
    p = write_state(tmp_path, "s.yaml", {"game": "ds", "turn": "Mar-Apr 1939", "war-state": "pre-war"})
    code, _, err = run("drm", p, "--country", "Atlantis")
    assert code == 2 and "--country Atlantis" in err


def test_1_1_2_1_drm_empty_table_name_is_bad_input(tmp_path):
    st = {"game": "ds", "turn": "Aug-Sept 1941", "war-state": "limited"}
    p = write_state(tmp_path, "s.yaml", st)
    code, _, err = run("drm", p, "--table", " ")
    assert code == 2 and err.startswith("Error: --table") and err.count("\n") == 1


# ----------------------------------------------------------------------------- 1.1.2.1 the table a roll names

def _drm(tmp_path, *tables):
    st = {"game": "ds", "turn": "Mar-Apr 1939", "war-state": "pre-war",
          "countries": {"Hopeh": {"minor": True, "status": "neutral", "influence": 1}},
          "markers": {"vp": {"side": "rising-sun", "box": 0}}}
    args = ["drm", write_state(tmp_path, "s.yaml", st), "--country", "Hopeh", "--json"]
    for t in tables:
        args += ["--table", t]
    code, res, err = run(*args)
    assert code == 0, err
    return res["rolls"]


def test_1_1_2_1_table_card_is_the_current_card_table(tmp_path):
    """1.1.2.1: `--table card` names the Current Card table, where the selected country's Influence marker applies."""
    [roll] = _drm(tmp_path, "card")
    assert (roll["table"], roll["drm"]) == ("Current Card table", 1)
    assert roll["terms"][-1] == {
        "rule": "1.1.2.1", "name": "Influence/Neutrality", "value": 1,
        "message": "Hopeh has an Influence marker with a +1 DRM; it applies on the Current Card table"}


def test_1_1_2_1_influence_does_not_carry_over_to_the_political_events_table(tmp_path):
    """1.1.2.1: a roll on the Political Events Table is named word by word and gets no Influence DRM."""
    [roll] = _drm(tmp_path, "Political Events Table")
    assert (roll["table"], roll["drm"]) == ("Political Events Table", 0)
    assert roll["terms"][-1]["message"] == (
        "Hopeh has an Influence marker with a +1 DRM, but it applies only to rolls on the Diplomatic Incident "
        "Table, the International Crisis Table or a Current Card table, not on the Political Events Table: "
        "it does not carry over")


def test_1_1_2_1_international_crisis_table_takes_the_influence_and_neutrality_markers(tmp_path):
    """1.1.2.1 "DRMs for Influence and Neutrality markers apply only to rolls directly involving that country.
    Specifically, this means rolls on the Diplomatic Incident Table, International Crisis Table, or any Current
    Card table": on the International Crisis Table, written as the rules write it, Hungary's Influence marker
    (+1) and Siam's Neutrality marker (-1) count; the VP marker in its 0 VP Box adds nothing."""
    [roll] = _rolls(tmp_path, "tk", "Hungary", {"side": "axis-tide", "box": 0}, ["International Crisis Table"])
    assert (roll["table"], roll["drm"]) == ("International Crisis Table", 1)
    assert roll["terms"][-1] == {
        "rule": "1.1.2.1", "name": "Influence/Neutrality", "value": 1,
        "message": "Hungary has an Influence marker with a +1 DRM; it applies on the International Crisis Table"}
    st = {"game": "ds", "turn": "Mar-Apr 1939", "war-state": "pre-war",
          "countries": {"Siam": {"minor": True, "status": "neutral", "neutrality": -1}},
          "markers": {"vp": {"side": "rising-sun", "box": 0}}}
    code, res, err = run("drm", write_state(tmp_path, "s.yaml", st), "--country", "Siam",
                         "--table", "international crisis", "--json")
    assert code == 0, err
    [roll] = res["rolls"]
    assert (roll["table"], roll["drm"]) == ("International Crisis Table", -1)
    assert roll["terms"][-1]["message"] == ("Siam has a Neutrality marker with a -1 DRM; it applies on the "
                                            "International Crisis Table")
