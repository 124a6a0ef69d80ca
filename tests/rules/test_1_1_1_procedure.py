"""1.1.1 Option Card Procedure, 1.1.2.2 Reinforcements, *1.1.4 ESV: `aeref reveal`."""
import json

import pytest
import yaml

from ..support.seasonal import EXAMPLES, run, write_state

DS_PREV = {
    "game": "ds", "turn": "Aug-Sept 1941", "war-state": "limited", "european-war": "limited", "government": "navy",
    "factions": {"axis": {"ds": {"current": 11, "pending": "28a", "hand": [3, 8, 12, "33a", "28b"]}}},
}


def test_1_1_1_shipped_example_reveals_a_legal_card_and_starts_total_war(tmp_path):
    out = tmp_path / "next.yaml"
    code, res, _ = run("reveal", EXAMPLES / "ds-axis-reveal.yaml", "--faction", "axis", "--json", "--write", out)
    assert code == 0
    ds = res["maps"]["ds"]
    assert ds["discarded"] == {"card": "ds-axis-11", "to": "set-aside"}          # 1.1.1 Step 1
    assert ds["revealed"] == "ds-axis-28a" and ds["legal"] is True and ds["current"] == "ds-axis-28a"
    assert res["legal"] is True
    [change] = res["war-state"]
    assert (change["before"], change["after"]) == ("limited", "total")            # 12: 28a starts Total War
    written = yaml.safe_load(out.read_text())
    assert written["war-state"] == "total" and written["esv"] == 3                # *12.3 Step 8
    assert written["factions"]["axis"]["ds"]["current"] == "28a"                  # written short, as the source
    assert {"card": 11, "turn": "Aug-Sept 1941"} in written["factions"]["axis"]["ds"]["played"]
    # the written state is ready for `pairs`
    code, pairs, _ = run("pairs", out, "--faction", "axis", "--json")
    assert code == 0 and pairs["turn"] == "Nov-Dec 1941"


def test_1_1_1_step2_without_previous_the_check_could_not_be_made(tmp_path):
    st = dict(DS_PREV, turn="Nov-Dec 1941")
    p = write_state(tmp_path, "s.yaml", st)
    code, res, _ = run("reveal", p, "--faction", "axis", "--json")
    assert code == 0
    assert res["maps"]["ds"]["legal"] is None and res["legal"] is None
    step2 = [s for s in res["steps"] if s["rule"] == "1.1.1 Step 2"][0]
    assert "could not be made" in step2["message"]


def test_1_1_1_step1_recyclable_card_returns_to_the_hand(tmp_path):
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited",
          "factions": {"western": {"ds": {"current": 22, "pending": 27, "hand": ["19a"]}}}}
    p = write_state(tmp_path, "s.yaml", st)
    out = tmp_path / "o.yaml"
    code, res, _ = run("reveal", p, "--faction", "western", "--json", "--write", out)
    assert res["maps"]["ds"]["discarded"] == {"card": "ds-western-22", "to": "hand"}
    assert 22 in yaml.safe_load(out.read_text())["factions"]["western"]["ds"]["hand"]      # short, as the source


def _illegal_axis(tmp_path, **extra):
    prev = dict(DS_PREV, **{"war-state": "pre-war"})
    write_state(tmp_path, "prev.yaml", prev)
    st = dict(prev, turn="Nov-Dec 1941", previous="prev.yaml",
              boxes={"ds": {"outbreak-of-war": {"axis": ["J 5 Inf"]}}}, **extra)
    return write_state(tmp_path, "s.yaml", st)


def test_1_1_1_illegal_axis_card_returns_to_hand_and_gives_the_allies_the_option(tmp_path):
    p = _illegal_axis(tmp_path)
    code, res, _ = run("reveal", p, "--faction", "axis", "--json", "--write", tmp_path / "o.yaml")
    assert code == 1
    ds = res["maps"]["ds"]
    assert ds["legal"] is False and ds["current"] is None
    assert [v["rule"] for v in ds["violations"]] == ["1.1.3.2"]
    assert "Pre-War is in effect" in ds["violations"][0]["message"]
    assert res["total-war-option"]["maps"] == ["ds"] and res["war-state"] == []
    assert res["interpretations"]["illegal-axis-card"] == "allied-option"
    w = yaml.safe_load((tmp_path / "o.yaml").read_text())["factions"]["axis"]["ds"]
    assert w["current"] is None and "28a" in w["hand"]                # card ids short, as the source
    assert all(p["card"] != "28a" for p in w.get("played", []))       # not considered played


def test_1_1_1_allied_declaration_starts_total_war_from_pre_war(tmp_path):
    p = _illegal_axis(tmp_path)
    code, res, _ = run("reveal", p, "--faction", "axis", "--json", "--declare-total-war")
    assert code == 1
    [ch] = res["war-state"]
    assert (ch["before"], ch["after"]) == ("pre-war", "total")
    step1 = ch["effects"][0]
    assert step1["rule"] == "12.3 Step 1" and step1["applies"] and "J 5 Inf" in step1["message"]


def test_1_1_1_illegal_axis_card_automatic_interpretation(tmp_path):
    p = _illegal_axis(tmp_path, interpretations={"illegal-axis-card": "automatic"})
    code, res, _ = run("reveal", p, "--faction", "axis", "--json")
    assert res["total-war-option"] is None and res["war-state"][0]["after"] == "total"
    assert res["war-state"][0]["cause"] == ("the Axis faction made an illegal Current Card play (1.1.1) "
                                            "(interpretation illegal-axis-card=automatic)")
    code, res, _ = run("reveal", _illegal_axis(tmp_path), "--faction", "axis", "--json", "--declare-total-war")
    assert res["war-state"][0]["cause"] == ("the Axis faction made an illegal Current Card play (1.1.1) "
                                            "(an Allied faction declares Total War)")


def test_1_1_1_declaring_total_war_without_an_illegal_card_is_bad_usage(tmp_path):
    code, _, err = run("reveal", EXAMPLES / "ds-axis-reveal.yaml", "--faction", "axis", "--declare-total-war")
    assert code == 2 and err.startswith("Error:") and "--declare-total-war" in err


def test_1_1_1_combined_card_removes_its_twin_ae(tmp_path):
    """© Example: the Soviet faction reveals DS 11b Siberian Reserves Released, it must remove TK 26b."""
    prev = {"game": "ae", "turn": "Aug-Sept 1941", "war-state": {"tk": "total", "ds": "limited"},
            "factions": {"soviet": {"tk": {"current": 23, "hand": ["26b", 38, 39]},
                                    "ds": {"current": None, "pending": "11b", "hand": [24]}}},
            "countries": {"Russia": {"posture": "war", "status": "active", "alignment": "soviet"}}}
    write_state(tmp_path, "prev.yaml", prev)
    st = dict(prev, turn="Nov-Dec 1941", previous="prev.yaml")
    p = write_state(tmp_path, "s.yaml", st)
    out = tmp_path / "o.yaml"
    code, res, _ = run("reveal", p, "--faction", "soviet", "--json", "--write", out)
    assert code == 0
    assert res["maps"]["ds"]["twin-removed"] == "tk-soviet-26b"
    w = yaml.safe_load(out.read_text())["factions"]["soviet"]
    assert "26b" not in w["tk"]["hand"] and w["tk"]["removed"] == ["26b"]     # short, as the source
    assert w["tk"]["current"] is None                       # no TK Pending Card: no TK Current Card


def test_1_1_2_2_sextant_conference_minor_country_units(tmp_path):
    """Example: 43a Sextant Conference places a Kiangsu and Szechwan infantry unit in the Delay Box;
    a country that is not an active Western Minor Country gets none."""
    st = {"game": "ds", "turn": "Mar-Apr 1943", "war-state": "total",
          "factions": {"western": {"ds": {"current": 27, "pending": "43a", "hand": []}}},
          "countries": {"Kiangsu": {"minor": True, "status": "active", "alignment": "western"},
                        "Szechwan": {"minor": True, "status": "conquered", "alignment": "western"}}}
    p = write_state(tmp_path, "s.yaml", st)
    out = tmp_path / "o.yaml"
    code, res, _ = run("reveal", p, "--faction", "western", "--json", "--write", out)
    got = {r["counter"]: r for r in res["maps"]["ds"]["reinforcements"]}
    assert got["Kiangsu Inf"]["received"] and got["Kiangsu Inf"]["rule"] == "1.1.2.2"
    _, text, _ = run("reveal", p, "--faction", "western")
    assert "  1.1.2.2 Reinforcements: Kiangsu Inf" in text, text
    assert not got["Szechwan Inf"]["received"] and "status conquered" in got["Szechwan Inf"]["message"]
    assert yaml.safe_load(out.read_text())["boxes"]["ds"]["delay-box"] == ["Kiangsu Inf"]


def test_1_1_2_2_units_already_in_play_or_removed_are_not_placed_again(tmp_path):
    st = {"game": "ds", "turn": "Mar-Apr 1943", "war-state": "total",
          "factions": {"western": {"ds": {"current": 27, "pending": "43a", "hand": []}}},
          "countries": {"Kiangsu": {"minor": True, "status": "active", "alignment": "western"},
                        "Szechwan": {"minor": True, "status": "active", "alignment": "western"}},
          "counters": {"in-play": ["Kiangsu Inf"], "removed": ["Szechwan Inf"]}}
    p = write_state(tmp_path, "s.yaml", st)
    code, res, _ = run("reveal", p, "--faction", "western", "--json")
    msgs = {r["counter"]: (r["received"], r["message"]) for r in res["maps"]["ds"]["reinforcements"]}
    assert msgs["Kiangsu Inf"] == (False, "Kiangsu Inf has already entered play")
    assert msgs["Szechwan Inf"] == (False, "Szechwan Inf has been removed from the game")


def test_1_1_2_2_tk_card_counters_go_to_tk_boxes_in_ae(tmp_path):
    """© A counter entering by a TK card starts in a TK box (Gamelin Line, France an active Western minor)."""
    st = {"game": "ae", "turn": "Mar-Apr 1938", "war-state": {"tk": "pre-war", "ds": "limited"},
          "factions": {"western": {"tk": {"current": None, "pending": "28a", "hand": []},
                                   "ds": {"current": None, "hand": []}}},
          "countries": {"France": {"minor": True, "status": "active", "alignment": "western"}}}
    p = write_state(tmp_path, "s.yaml", st)
    out = tmp_path / "o.yaml"
    code, res, _ = run("reveal", p, "--faction", "western", "--json", "--write", out)
    rs = res["maps"]["tk"]["reinforcements"]
    assert len(rs) == 3 and all(r["received"] and r["map"] == "tk" for r in rs)
    assert rs[0]["message"] == ("French Fortress 1 (France, an active Western Minor Country) enters the TK Delay Box "
                                "(© a TK card's counters start in TK boxes)"), rs[0]
    assert len(yaml.safe_load(out.read_text())["boxes"]["tk"]["delay-box"]) == 3


def test_1_1_4_soviet_esv_adjustment_example(tmp_path):
    """* In Spring 1939 the Soviet faction reveals card 16 Pre-War Production; Limited War in DS, no War
    marker in the Soviet European War Box: the ESV is increased by 1. (The table line is test data.)"""
    st = {"game": "ds", "turn": "Spring 1939", "war-state": "limited", "esv": 4,
          "esv-table": [{"war-state": "limited", "production": 1, "no-war": 1, "war": 0}],
          "factions": {"soviet": {"ds": {"current": None, "pending": 16, "hand": [24]}}}}
    p = write_state(tmp_path, "s.yaml", st)
    code, res, _ = run("reveal", p, "--faction", "soviet", "--json")
    esv = res["maps"]["ds"]["esv"]
    assert esv["rule"] == "*1.1.4" and esv["adjustment"] == 1 and (esv["esv-before"], esv["esv-after"]) == (4, 5)
    _, text, _ = run("reveal", p, "--faction", "soviet")
    assert ("  *1.1.4 Soviet Current Card ESV Adjustment: ds-soviet-16 Pre-War Production: Production Value 1, Limited "
            "War in effect in DS, no War marker in the Soviet European War Box (No War column); the ESV is increased "
            "by 1 (4 -> 5)\n") in text, text
    st["markers"] = {"soviet-european-war-box": ["War"]}
    p = write_state(tmp_path, "s2.yaml", st)
    _, res, _ = run("reveal", p, "--faction", "soviet", "--json")
    assert res["maps"]["ds"]["esv"]["adjustment"] == 0


def test_1_1_4_not_in_ae(tmp_path):
    st = {"game": "ae", "turn": "Spring 1939", "war-state": {"tk": "pre-war", "ds": "limited"},
          "esv-table": [{"war-state": "limited", "production": 1, "no-war": 1}], "factions": {}}
    p = write_state(tmp_path, "s.yaml", st)
    code, _, err = run("reveal", p, "--faction", "soviet")
    assert code == 2 and "s.yaml: esv-table:" in err and "DS played alone" in err


def test_bad_input_previous_file_missing_or_wrong_turn(tmp_path):
    st = dict(DS_PREV, turn="Nov-Dec 1941", previous="nowhere.yaml")
    p = write_state(tmp_path, "s.yaml", st)
    code, _, err = run("reveal", p, "--faction", "axis")
    assert code == 2 and err.count("\n") == 1 and "s.yaml: previous:" in err and "nowhere.yaml" in err
    write_state(tmp_path, "prev.yaml", dict(DS_PREV, turn="Mar-Apr 1941"))
    st["previous"] = "prev.yaml"
    p = write_state(tmp_path, "s.yaml", st)
    code, _, err = run("reveal", p, "--faction", "axis")
    assert code == 2 and "revealed in May-June 1941, not in Nov-Dec 1941" in err and "s.yaml: previous: " in err, err
    code, _, err = run("reveal", p, "--faction", "axis", "--previous", tmp_path / "prev.yaml")
    assert code == 2 and "revealed in May-June 1941, not in Nov-Dec 1941" in err and "s.yaml: --previous: " in err, err


def test_bad_input_reinforcement_box_names_deck_and_place(tmp_path):
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited", "decks": [],
          "cards": [{"map": "ds", "faction": "axis", "number": 1, "name": "X", "war-state": "pre-war",
                     "reinforcements": [{"counter": "J 1", "country": "Japan", "to": "attic"}]}]}
    p = write_state(tmp_path, "s.yaml", st)
    code, _, err = run("reveal", p, "--faction", "axis")
    assert code == 2 and "s.yaml: cards[0].reinforcements[0].to:" in err


def test_12_previous_position_with_a_later_war_state_is_bad_input(tmp_path):
    """12: no going back to an earlier War State, so the turn before cannot have a later one."""
    import shutil
    from pathlib import Path
    ex = Path(__file__).resolve().parents[2] / "examples"
    shutil.copytree(ex / "decks", tmp_path / "decks")
    prev = (ex / "ds-axis-selected.yaml").read_text()
    (tmp_path / "ds-axis-selected.yaml").write_text(prev.replace("\nwar-state: limited", "\nwar-state: total"))
    shutil.copy(ex / "ds-axis-reveal.yaml", tmp_path / "reveal.yaml")
    code, _, err = run("reveal", tmp_path / "reveal.yaml", "--faction", "axis")
    assert code == 2 and "no going back" in err and "previous" in err


def test_1_1_1_step2_pending_cards_await_their_reveal_until_the_faction_reveals(tmp_path):
    """A position with ``previous:`` whose Pending Cards are the ones selected there awaits the
    reveal (1.1.1 Step 2): its Current Card was revealed in the previous Seasonal Turn, and the next
    selection comes after the reveal (Step 4). Once revealed and selected again it no longer awaits."""
    from aeref.model.files.load import load_position

    pos = load_position(EXAMPLES / "ds-axis-reveal.yaml")
    assert pos.awaiting_reveal("axis") == {"ds": "ds-axis-28a"}
    assert pos.awaiting_reveal("western") == {}
    [current] = [r for r in pos.revealed("axis") if r.current]
    assert str(current.turn) == "Aug-Sept 1941"                 # revealed last turn, not in Nov-Dec 1941
    assert load_position(EXAMPLES / "ds-axis-selected.yaml").awaiting_reveal("axis") == {}
    code, shown, _ = run("show", EXAMPLES / "ds-axis-reveal.yaml")
    assert "Pending Cards of Axis await their reveal in this Seasonal Turn (1.1.1 Step 2)" in shown
    assert "28a East Wind Rain (selected in Aug-Sept 1941, awaits its reveal)" in shown
    code, pairs, _ = run("pairs", EXAMPLES / "ds-axis-reveal.yaml", "--faction", "axis")
    assert "they await their reveal in this Seasonal Turn (1.1.1 Step 2)" in pairs
    # reveal, then select the next Pending Card: the new one was selected this turn
    revealed = tmp_path / "revealed.yaml"
    assert run("reveal", EXAMPLES / "ds-axis-reveal.yaml", "--faction", "axis", "--write", revealed)[0] == 0
    code, res, _ = run("pairs", revealed, "--faction", "axis", "--json")
    card = [c for ch in res["choices"] for c in ch.values() if c][0]   # a legal selection
    selected = tmp_path / "selected.yaml"
    code, _, err = run("select", revealed, "--faction", "axis", "--ds", card.split("-")[-1], "--write", selected)
    assert code == 0, err
    after = load_position(selected)
    assert after.seasonal.previous and after.awaiting_reveal("axis") == {}
    code, shown, _ = run("show", selected)
    assert "await their reveal" not in shown
    code, pairs, _ = run("pairs", selected, "--faction", "axis")
    assert "has already selected its Pending Cards" in pairs and "await" not in pairs


def test_1_1_1_step2_reveals_the_card_selected_in_the_previous_position(tmp_path):
    """The previous position holds 28a as the Pending Card selected there; a reveal position whose
    Pending Card is another card (edited since) is refused, not checked as if 33a had been selected."""
    write_state(tmp_path, "prev.yaml", DS_PREV)
    st = dict(DS_PREV, turn="Nov-Dec 1941", previous="prev.yaml",
              factions={"axis": {"ds": {"current": 11, "pending": "33a", "hand": [3, 8, 12, "28a", "28b"]}}})
    p = write_state(tmp_path, "s.yaml", st)
    code, _, err = run("reveal", p, "--faction", "axis")
    assert code == 2 and err.count("\n") == 1, err
    assert "s.yaml: factions.axis.ds.pending:" in err and "28a East Wind Rain was selected in Aug-Sept 1941" in err
    # no Pending Card now (and 28a not the Current Card either): the same refusal, naming "no Pending Card"
    st["factions"] = {"axis": {"ds": {"current": 11, "hand": [3, 8, 12, "28a", "28b"]}}}
    p = write_state(tmp_path, "s.yaml", st)
    code, _, err = run("reveal", p, "--faction", "axis")
    assert code == 2 and err.strip().endswith(
        "s.yaml: factions.axis.ds.pending: the Pending Card revealed is no Pending Card, but ds-axis-28a East Wind Rain "
        f"was selected in Aug-Sept 1941 ({tmp_path / 'prev.yaml'}); 1.1.1 Step 2 reveals the card selected"), err
    # the same card as selected: revealed and checked
    st["factions"] = DS_PREV["factions"]
    p = write_state(tmp_path, "s.yaml", st)
    code, res, err = run("reveal", p, "--faction", "axis", "--json")
    assert code == 0 and res["maps"]["ds"]["revealed"] == "ds-axis-28a", err


def test_1_1_1_a_faction_reveals_once_a_season(tmp_path):
    """Revealing the written position again would discard the card just revealed: refused (1.1.1 Step 2)."""
    out = tmp_path / "next.yaml"
    code, _, err = run("reveal", EXAMPLES / "ds-axis-reveal.yaml", "--faction", "axis", "--write", out)
    assert code == 0, err
    code, _, err = run("reveal", out, "--faction", "axis")
    assert code == 2 and err.count("\n") == 1, err
    assert "factions.axis.ds.current:" in err and "is already the Current Card" in err


@pytest.mark.parametrize("where", ["hex", "box", "force-pool", "marker-box"])
def test_1_1_2_2_a_counter_on_the_map_in_a_box_or_in_a_force_pool_has_entered_play(tmp_path, where):
    """1.1.2.2: a counter the card enters is not placed again when it is already in play - on the map, in an
    Off-Map Box, in a Force Pool (FORMAT 6) or in a box of `markers`."""
    st = {"game": "ds", "turn": "Mar-Apr 1943", "war-state": "total",
          "factions": {"western": {"ds": {"current": 27, "pending": "43a", "hand": []}}},
          "countries": {"Kiangsu": {"minor": True, "status": "active", "alignment": "western"},
                        "Szechwan": {"minor": True, "status": "active", "alignment": "western"}}}
    unit = {"id": "Kiangsu Inf", "faction": "western", "nationality": "Kiangsu", "type": "infantry"}
    if where == "hex":
        st["map"] = {"hexes": {"0101": {"country": "Kiangsu", "units": [unit]}}}
    elif where == "box":
        st["map"] = {"boxes": {"Western US": {"units": [unit]}}}
    elif where == "force-pool":
        st["replacements"] = {"ds": {"western": {"force-pool": [{k: unit[k] for k in ("id", "nationality", "type")}]}}}
    else:
        st["markers"] = {"delay-box": ["Kiangsu Inf"]}
    p = write_state(tmp_path, "s.yaml", st)
    code, res, err = run("reveal", p, "--faction", "western", "--json")
    assert code == 0, err
    msgs = {r["counter"]: (r["received"], r["message"]) for r in res["maps"]["ds"]["reinforcements"]}
    assert msgs["Kiangsu Inf"] == (False, "Kiangsu Inf has already entered play")
    assert msgs["Szechwan Inf"][0] is True


def test_1_1_2_2_ae_reads_the_card_maps_display(tmp_path):
    """AE (FORMAT 4 "AE, per map"): a TK card's counters enter when their Minor Country is active on the TK
    display, whatever the DS display says."""
    st = {"game": "ae", "turn": "Mar-Apr 1938", "war-state": {"tk": "pre-war", "ds": "limited"},
          "factions": {"western": {"tk": {"current": None, "pending": "28a", "hand": []},
                                   "ds": {"current": None, "hand": []}}},
          "countries": {"France": {"minor": True, "alignment": "western", "tk": {"status": "active"},
                                   "ds": {"status": "conquered"}}}}
    code, res, err = run("reveal", write_state(tmp_path, "s.yaml", st), "--faction", "western", "--json")
    assert code == 0, err
    assert [r["received"] for r in res["maps"]["tk"]["reinforcements"]] == [True, True, True]


# ----------------------------------------------------------------------------- *1.1.4 without an ESV table, 1.1.2.2 Minor Country counters, Step 2 in AE, reveal --faction all

def test_1_1_4_without_an_esv_table_the_adjustment_is_not_looked_up(tmp_path):
    """*1.1.4: with no esv-table in the state file the adjustment is None and the ESV stays as it is."""
    st = {"game": "ds", "turn": "Spring 1939", "war-state": "limited", "esv": 4,
          "factions": {"soviet": {"ds": {"current": None, "pending": 16, "hand": [24]}}}}
    code, res, err = run("reveal", write_state(tmp_path, "s.yaml", st), "--faction", "soviet", "--json")
    assert code == 0, err
    assert res["maps"]["ds"]["esv"] == {
        "rule": "*1.1.4", "adjustment": None, "esv-before": 4, "esv-after": 4,
        "message": "ds-soviet-16 Pre-War Production: Production Value 1, Limited War in effect in DS, no War marker "
                   "in the Soviet European War Box (No War column); the state file gives no esv-table, so the "
                   "adjustment could not be looked up"}


def test_1_1_2_2_minor_country_counters_of_gamelin_line_need_an_active_western_france(tmp_path):
    """1.1.2.2: the card says France's counters are Minor Country counters; France (minor not written in
    countries) is not an active Western Minor Country, so they are not placed."""
    st = {"game": "tk", "turn": "Nov-Dec 1939", "war-state": "limited",
          "countries": {"France": {"status": "neutral", "alignment": "western"}},
          "factions": {"western": {"tk": {"current": None, "pending": "28a", "hand": [23]}}}}
    code, res, err = run("reveal", write_state(tmp_path, "s.yaml", st), "--faction", "western", "--json")
    assert code == 0, err
    assert res["maps"]["tk"]["reinforcements"] == [
        {"counter": f"French Fortress {i}", "country": "France", "to": "delay-box", "map": "tk", "received": False,
         "rule": "1.1.2.2",
         "message": f"French Fortress {i}: France is not an active Western Minor Country (status neutral, alignment western)"}
        for i in (1, 2, 3)]


def test_1_1_1_step2_check_of_a_faction_with_one_map_section_in_ae(tmp_path):
    """1.1.1 Step 2: in AE a faction with only a DS section has its DS Pending Card checked and revealed."""
    prev = {"game": "ae", "turn": "Aug-Sept 1941", "war-state": {"tk": "limited", "ds": "limited"},
            "factions": {"western": {"ds": {"pending": 27, "hand": [5]}}}}
    prev_file = write_state(tmp_path, "prev.yaml", prev)
    p = write_state(tmp_path, "s.yaml", dict(prev, turn="Nov-Dec 1941", previous="prev.yaml"))
    code, res, err = run("reveal", p, "--faction", "western", "--json")
    assert code == 0, err
    assert res["legal"] is True
    assert res["maps"]["ds"]["legal"] is True and res["maps"]["ds"]["violations"] == []
    assert [s["message"] for s in res["steps"]] == [
        "the Western faction has no TK section",
        "no Current Card to discard",
        f"ds-western-27 Commonwealth Support is revealed and becomes the Current Card; it was legally selected in "
        f"Aug-Sept 1941 (checked against {prev_file})"]


DECKS = ["decks/axis.yaml", "decks/western.yaml", "decks/soviet.yaml"]


def _illegal_axis_all(tmp_path):
    """DS, Nov-Dec 1941: the Axis Pending Card 28a East Wind Rain (a Limited War card) was selected under
    Pre-War in Aug-Sept 1941; the Western faction has no Pending Card."""
    prev = {"game": "ds", "turn": "Aug-Sept 1941", "war-state": "pre-war", "european-war": "limited",
            "government": "navy", "decks": DECKS,
            "factions": {"axis": {"ds": {"current": 11, "pending": "28a", "hand": [3, 8, 12, "33a", "28b"]}},
                         "western": {"ds": {"current": 22, "hand": ["19a", 5, 27, "43a"]}}}}
    write_state(tmp_path, "prev.yaml", prev)
    return write_state(tmp_path, "s.yaml", dict(prev, turn="Nov-Dec 1941", previous="prev.yaml"))


def test_1_1_1_reveal_all_with_an_illegal_axis_card_is_illegal(tmp_path):
    """1.1.1 Step 2: an illegal Axis Current Card makes the whole `reveal --faction all` illegal (exit 1)."""
    code, res, err = run("reveal", _illegal_axis_all(tmp_path), "--faction", "all", "--json")
    assert code == 1, err
    assert res["legal"] is False
    assert [r["legal"] for r in res["reveals"]] == [False, True]
    assert res["reveals"][0]["total-war-option"]["maps"] == ["ds"]


def test_1_1_1_allied_declaration_with_reveal_all_starts_total_war(tmp_path):
    """1.1.1: after an illegal Axis Current Card under Pre-War, the Allied declaration puts Total War (12.3)
    into effect with the Axis reveal of `reveal --faction all`."""
    out = tmp_path / "o.yaml"
    code, res, err = run("reveal", _illegal_axis_all(tmp_path), "--faction", "all", "--declare-total-war",
                         "--write", out, "--json")
    assert code == 1, err
    axis, western = res["reveals"]
    assert axis["total-war-option"] is None
    [ch] = axis["war-state"]
    assert (ch["before"], ch["after"]) == ("pre-war", "total")
    assert ch["cause"] == ("the Axis faction made an illegal Current Card play (1.1.1) "
                           "(an Allied faction declares Total War)")
    assert western["war-state"] == [] and western["total-war-option"] is None
    assert yaml.safe_load(out.read_text())["war-state"] == "total"


def test_1_1_1_step_1_undated_played_card_cannot_be_in_the_hand(tmp_path):
    """1.1.1 Step 1: a non-recyclable card in `played` without a turn is set aside and cannot be in the hand."""
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited",
          "factions": {"axis": {"ds": {"current": None, "hand": [3, 11], "played": [11]}}}}
    p = write_state(tmp_path, "s.yaml", st)
    code, out, err = run("validate", p, "--json")
    assert code == 2, out                     # bad input (FORMAT 5)
    assert json.loads(out)["problems"] == [{
        "file": str(p), "where": "factions.axis.ds.hand[1]",
        "message": "ds-axis-11 Diplomatic Overtures was played and is not recyclable: it was set aside "
                   "(1.1.1 Step 1) and cannot be in the hand"}]
