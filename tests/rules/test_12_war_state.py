"""12 War State: `aeref war-state` and the steps of 12.3 (the rules' examples)."""
import yaml

from ..support.seasonal import EXAMPLES, run, write_state


def _effects(res):
    return {e["rule"]: e for e in res["change"]["effects"]}


def test_12_3_total_war_in_nov_dec_1941_examples(tmp_path):
    """Steps 6, 7 and 10 examples: Increase USCL in Aug-Sept 1942; Russian Entry (Neutrality marker the
    Axis declines to remove in Step 4) in Aug-Sept 1945; V-J Day in Nov-Dec 1945."""
    code, res, _ = run("war-state", EXAMPLES / "ds-axis-reveal.yaml", "--to", "total", "--json")
    assert code == 0
    e = _effects(res)
    assert e["12.3 Step 6"]["moves"] == [{"marker": "Increase USCL", "map": "ds", "to": "Aug-Sept 1942"}]
    assert e["12.3 Step 7"]["moves"] == [{"marker": "Russian Entry", "map": "ds", "to": "Aug-Sept 1945"}]
    assert e["12.3 Step 10"]["moves"] == [{"marker": "V-J Day", "map": "ds", "to": "Nov-Dec 1945"}]
    assert e["12.3 Step 4"]["optional"] and "Neutrality (Russia)" in e["12.3 Step 4"]["message"]
    assert not e["©12.3 Step 9"]["applies"]                 # © only in AE
    assert e["*12.3 Step 8"]["applies"]                      # * DS alone


def test_12_3_step4_removing_neutrality_makes_russia_no_pac(tmp_path):
    out = tmp_path / "next.yaml"
    code, res, _ = run("war-state", EXAMPLES / "ds-axis-reveal.yaml", "--to", "total", "--remove", "Russia", "--json",
                       "--write", out)
    e = _effects(res)
    assert {"marker": "Russia Government", "map": "ds", "to": "delay-box"} in e["12.3 Step 4"]["moves"]
    assert not e["12.3 Step 7"]["applies"]
    # the written position: the Government marker in the Delay Box (14.22), the Policy marker gone
    written = yaml.safe_load(out.read_text())
    assert "Russia Government" in written["boxes"]["ds"]["delay-box"], written.get("boxes")


def test_12_3_step4_surrender_with_enforced_peace_on_the_track(tmp_path):
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited",
          "countries": {"Thailand": {"posture": "policy-affected", "policy": "surrender"}},
          "turn-track": {"Thailand Enforced Peace": "Mar-Apr 1942"}}
    p = write_state(tmp_path, "s.yaml", st)
    code, res, _ = run("war-state", p, "--to", "total", "--json")
    assert "cannot remove Surrender (Thailand)" in _effects(res)["12.3 Step 4"]["message"]
    code, _, err = run("war-state", p, "--to", "total", "--remove", "Thailand")
    assert code == 2 and "12.3 Step 4" in err


def test_12_3_step2_must_remove_treaty(tmp_path):
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited",
          "countries": {"Siam": {"posture": "policy-affected", "policy": "treaty"}}}
    p = write_state(tmp_path, "s.yaml", st)
    out = tmp_path / "o.yaml"
    code, res, _ = run("war-state", p, "--to", "total", "--json", "--write", out)
    assert "Treaty (Siam)" in _effects(res)["12.3 Step 2"]["message"]
    assert "policy" not in yaml.safe_load(out.read_text())["countries"]["Siam"]


def test_12_3_step2_removal_is_written_where_the_marker_is_read(tmp_path):
    """The Treaty marker written in a map section (DS alone with ``ds:``, AE ``map: ds`` with ``ds:``)
    leaves the file there too: the next command reads no Treaty marker (12.3 Step 2)."""
    for game, entry, wars in (
            ("ds", {"ds": {"posture": "policy-affected", "policy": "treaty"}}, "limited"),
            ("ae", {"map": "ds", "ds": {"policy": "treaty"}}, {"tk": "limited", "ds": "limited"})):
        st = {"game": game, "turn": "Nov-Dec 1941", "war-state": wars, "countries": {"Siam": entry}}
        p = write_state(tmp_path, f"{game}.yaml", st)
        out = tmp_path / f"{game}-out.yaml"
        extra = ["--map", "ds"] if game == "ae" else []
        code, res, err = run("war-state", p, "--to", "total", *extra, "--json", "--write", out)
        assert code == 0, err
        assert "Treaty (Siam)" in _effects(res)["12.3 Step 2"]["message"]
        code, shown, err = run("show", out, "--json")
        assert code == 0, err
        siam = {c["country"]: c for c in shown["maps"]["ds"]["posture-display"]}["Siam"]
        assert siam.get("policy") is None and siam.get("posture") is None, (game, siam)


def _ae(tmp_path, turn, us_entry):
    st = {"game": "ae", "turn": turn, "war-state": {"tk": "limited", "ds": "limited"},
          "turn-track": {"tk": {"US Entry": us_entry}}}
    return write_state(tmp_path, "ae.yaml", st)


def test_12_3_step9_us_entry_not_moved_when_already_one_turn_ahead(tmp_path):
    """© Example: US Entry in Mar-Apr 1942 on the TK track, Total War on the DS map in Nov-Dec 1941: not moved."""
    code, res, _ = run("war-state", _ae(tmp_path, "Nov-Dec 1941", "Mar-Apr 1942"), "--map", "ds", "--to", "total", "--json")
    s9 = _effects(res)["©12.3 Step 9"]
    assert s9["applies"] and s9["moves"] == [] and "stays in the Mar-Apr 1942 box" in s9["message"]
    # © Step 6 in AE: both Turn Tracks
    assert {m["map"] for m in _effects(res)["12.3 Step 6"]["moves"]} == {"tk", "ds"}
    assert not _effects(res)["*12.3 Step 8"]["applies"]


def test_12_3_step9_us_entry_moved_earlier(tmp_path):
    """© Example: Total War on the DS map in Aug-Sept 1941: the US Entry marker moves to Nov-Dec 1941."""
    out = tmp_path / "o.yaml"
    code, res, _ = run("war-state", _ae(tmp_path, "Aug-Sept 1941", "Mar-Apr 1942"), "--map", "ds", "--to", "total",
                       "--json", "--write", out)
    assert _effects(res)["©12.3 Step 9"]["moves"] == [{"marker": "US Entry", "map": "tk", "to": "Nov-Dec 1941"}]
    w = yaml.safe_load(out.read_text())
    assert w["turn-track"]["tk"]["US Entry"] == "Nov-Dec 1941"
    assert w["war-state"] == {"tk": "limited", "ds": "total"}          # © separate war states


def test_12_no_going_back(tmp_path):
    code, res, _ = run("war-state", EXAMPLES / "ds-axis-reveal.yaml", "--to", "pre-war", "--json")
    assert code == 1 and res["legal"] is False
    assert res["violations"][0]["rule"] == "12" and "no going back" in res["violations"][0]["message"]


def test_12_allied_country_at_war_starts_limited_war_and_12_2_outbreak_units(tmp_path):
    st = {"game": "ds", "turn": "Aug-Sept 1937", "war-state": "pre-war",
          "countries": {"Nationalist China": {"posture": "war", "alignment": "western", "status": "active"}},
          "boxes": {"outbreak-of-war": {"western": ["NC 1 Inf"]}}}
    p = write_state(tmp_path, "s.yaml", st)
    out = tmp_path / "o.yaml"
    code, res, _ = run("war-state", p, "--json", "--write", out)
    assert res["change"]["after"] == "limited" and "Nationalist China" in res["change"]["cause"]
    [e] = res["change"]["effects"]
    assert e["rule"] == "12.2" and "NC 1 Inf" in e["message"]
    assert yaml.safe_load(out.read_text())["boxes"]["ds"]["delay-box"] == ["NC 1 Inf"]


def test_12_card_starts(tmp_path):
    code, bare, _ = run("war-state", EXAMPLES / "ds-axis-selected.yaml", "--card", "35b", "--json")
    assert code == 0                      # a bare number: only the Western DS deck has a 35b
    code, res, _ = run("war-state", EXAMPLES / "ds-axis-selected.yaml", "--card", "ds-western-35b", "--json")
    assert res["change"]["after"] == "total" and "35b US Victory Program" in res["change"]["cause"]
    assert bare == res


def test_12_card_as_a_bare_number_two_factions_have(tmp_path):
    """TK 28a is an Axis and a Western card: the bare number is refused, naming both ids."""
    code, _, err = run("war-state", EXAMPLES / "ae-1941.yaml", "--map", "tk", "--card", "28a")
    assert code == 2 and "tk-axis-28a or tk-western-28a" in err
    code, _, err = run("war-state", EXAMPLES / "ae-1941.yaml", "--map", "tk", "--card", "77")
    assert code == 2 and "no TK card has the number 77" in err


def test_12_total_war_on_the_tk_map_lists_no_ds_steps(tmp_path):
    code, res, _ = run("war-state", _ae(tmp_path, "Nov-Dec 1941", "Mar-Apr 1942"), "--map", "tk", "--to", "total", "--json")
    [e] = res["change"]["effects"]
    assert e["applies"] is False and "TK" in e["message"]


def test_bad_input_turn_track_turn(tmp_path):
    p = write_state(tmp_path, "s.yaml", {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited",
                                         "turn-track": {"V-J Day": "Someday 1945"}})
    code, _, err = run("war-state", p)
    assert code == 2 and "s.yaml: turn-track.V-J Day:" in err
    code, _, err = run("war-state", _ae(tmp_path, "Nov-Dec 1941", "Mar-Apr 1942"))
    assert code == 2 and "--map" in err


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
    """A bare number that two factions' cards of this map carry: one Error line naming this map's ids only."""
    st = {"game": "ae", "turn": "Aug-Sept 1941", "war-state": {"tk": "limited", "ds": "limited"}}
    p = write_state(tmp_path, "s.yaml", st)
    code, _, err = run("war-state", p, "--map", "tk", "--card", "23")
    assert code == 2 and err.count("Error:") == 1 and "tk-soviet-23 or tk-western-23" in err and "ds-" not in err


# ----------------------------------------------------------------------------- previous positions, 12.3 Steps 5, 6 and 10

def test_12_no_going_back_names_previous_or_the_option(tmp_path):
    """12 "There is no going back to an earlier War State": the error names `previous:` or `--previous`."""
    prev = {"game": "ds", "turn": "Aug-Sept 1941", "war-state": "total", "european-war": "limited",
            "government": "navy",
            "factions": {"axis": {"ds": {"current": 11, "pending": "28a", "hand": [3, 8, 12, "33a", "28b"]}}}}
    prev_file = write_state(tmp_path, "prev.yaml", prev)
    p = write_state(tmp_path, "s.yaml", dict(prev, **{"turn": "Nov-Dec 1941", "war-state": "limited",
                                                      "previous": "prev.yaml"}))
    tail = "has Total War on the DS map and this position Limited War: there is no going back to an earlier War State (12)\n"
    assert run("reveal", p, "--faction", "axis") == (2, "", f"Error: {p}: previous: prev.yaml {tail}")
    assert run("reveal", p, "--faction", "axis", "--previous", prev_file) == (
        2, "", f"Error: {p}: --previous: {prev_file} {tail}")


def _total_war(tmp_path, **extra):
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited", "european-war": "limited", "esv": 5,
          "factions": {"axis": {"ds": {"current": 11, "hand": [3]}}}, **extra}
    return write_state(tmp_path, "s.yaml", st)


def test_12_3_step_5_a_removed_truce_marker_leaves_the_posture_display(tmp_path):
    """12.3 Step 5: the Axis faction removes Russia's Truce marker; the written position no longer shows it."""
    p = _total_war(tmp_path, countries={"Russia": {"posture": "truce-affected", "status": "neutral", "alignment": "soviet"}})
    out = tmp_path / "out.yaml"
    code, _, err = run("war-state", p, "--to", "total", "--remove", "Russia", "--write", out)
    assert code == 0, err
    written = yaml.safe_load(out.read_text())
    assert written["countries"] == {"Russia": {"status": "neutral", "alignment": "soviet"}}


def test_12_3_steps_6_and_10_turn_track_written_with_a_renamed_calendar(tmp_path):
    """12.3 Steps 6 and 10 place markers on the Turn Track, written with the calendar's own names (1.1.3.3)."""
    p = _total_war(tmp_path, turn="Winter 1941",
                   interpretations={"calendar": ["Fruehling", "Sommer", "Herbst", "Winter"]})   # test-only names
    out = tmp_path / "out.yaml"
    code, _, err = run("war-state", p, "--to", "total", "--write", out)
    assert code == 0, err
    written = yaml.safe_load(out.read_text())
    assert written["turn-track"] == {"ds": {"Increase USCL": "Herbst 1942", "V-J Day": "Winter 1945"}}
