"""One consistent position: every command refuses a file whose facts contradict each other, with the
file and the place (model/files/consistency.py). Test-only positions over the shipped decks."""
import json

from ..support.seasonal import run, write_state


def _problems(tmp_path, st):
    code, out, err = run("validate", write_state(tmp_path, "s.yaml", st), "--json")
    assert code == 2, out
    problems = json.loads(out)["problems"]
    assert all(p["file"].endswith("s.yaml") for p in problems), problems       # each names the file
    return [(p["where"], p["message"]) for p in problems]


BASE = {"game": "ds", "turn": "Aug-Sept 1941", "war-state": "limited"}


def test_a_card_in_the_hand_and_removed_from_the_game(tmp_path):
    st = dict(BASE, factions={"western": {"ds": {"hand": [5, 22], "removed": [22]}}})
    [(where, msg)] = _problems(tmp_path, st)
    assert where == "factions.western.ds.removed[0]" and "removed from the game and also listed in the hand" in msg
    # every command refuses it, with the same line
    code, _, err = run("pairs", write_state(tmp_path, "p.yaml", st), "--faction", "western")
    assert code == 2 and "factions.western.ds.removed[0]" in err and len(err.strip().splitlines()) == 1


def test_two_reveals_in_one_season(tmp_path):
    """1.1.1: a faction reveals one Current Card a Season on each map."""
    st = dict(BASE, factions={"western": {"ds": {"current": 5, "hand": [],
                                                 "played": [{"card": 27, "turn": "Aug-Sept 1941"}]}}})
    [(where, msg)] = _problems(tmp_path, st)
    assert where == "factions.western.ds.played[0].turn" and msg == (
        "ds-western-27 Commonwealth Support is dated Aug-Sept 1941, the current Seasonal Turn, while ds-western-5 "
        "Cash & Carry Bill is the Current Card: a faction reveals one Current Card a Season on each map (1.1.1)")
    st["factions"]["western"]["ds"]["played"][0]["turn"] = "May-June 1941"
    code, _, _ = run("validate", write_state(tmp_path, "ok.yaml", st))
    assert code == 0


def test_a_set_aside_card_in_the_hand(tmp_path):
    """1.1.1 Step 1: once played, a card without the recyclable mark is set aside."""
    st = dict(BASE, factions={"western": {"ds": {"hand": [27, 22], "played": [{"card": 27, "turn": "Mar-Apr 1941"},
                                                                                {"card": 22, "turn": "May-June 1941"}]}}})
    [(where, msg)] = _problems(tmp_path, st)       # 22 Chinese War Production is recyclable: fine
    assert where == "factions.western.ds.hand[0]" and "set aside" in msg


def test_a_set_aside_card_played_twice_or_current_again(tmp_path):
    """1.1.1 Step 1: a card without the recyclable mark is set aside after its one play; a recyclable card
    (22 Chinese War Production, ♺) may be played again."""
    st = dict(BASE, factions={"western": {"ds": {"hand": [5], "current": 27,
                                                 "played": [{"card": 27, "turn": "Mar-Apr 1940"},
                                                            {"card": 22, "turn": "Mar-Apr 1941"},
                                                            {"card": 27, "turn": "May-June 1941"},
                                                            {"card": 22, "turn": "Nov-Dec 1940"}]}}})
    got = _problems(tmp_path, st)
    assert [w for w, _ in got] == ["factions.western.ds.played[2]", "factions.western.ds.current"]
    assert "played twice (also played[0])" in got[0][1] and "cannot be the Current Card" in got[1][1]
    st["factions"]["western"]["ds"].update(current=None, pending=27)
    st["factions"]["western"]["ds"]["played"].pop(2)
    [(where, msg)] = _problems(tmp_path, st)
    assert where == "factions.western.ds.pending" and "cannot be the Pending Card" in msg


def test_pre_war_with_an_allied_country_at_war(tmp_path):
    """12: "Pre-War ends and Limited War goes into effect when ... Any Allied Country has a Posture of War"."""
    st = dict(BASE, **{"war-state": "pre-war"},
              countries={"Nationalist China": {"posture": "war", "alignment": "western"}})
    [(where, msg)] = _problems(tmp_path, st)
    assert where == "countries.Nationalist China.posture" and "Pre-War" in msg and "Nationalist China" in msg
    # war-state applies it
    code, out, _ = run("war-state", write_state(tmp_path, "w.yaml", st), "--json")
    assert code == 0 and out["change"]["after"] == "limited"
    # an Axis country at War does not end Pre-War
    st["countries"] = {"Nationalist China": {"posture": "war", "alignment": "axis"}}
    assert run("validate", write_state(tmp_path, "axis.yaml", st))[0] == 0


def test_current_and_pending_the_same_card_removed_or_two_reveals_dated_one_turn(tmp_path):
    base = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited"}
    cases = [
        ({"current": 11, "pending": 11, "hand": [3]}, "factions.axis.ds.pending", "cannot also be the Pending Card"),
        ({"current": 11, "hand": [3], "removed": [11]}, "factions.axis.ds.current", "removed from the game"),
        ({"pending": 3, "hand": [8], "removed": [3]}, "factions.axis.ds.pending", "removed from the game"),
        ({"hand": [3], "played": [{"card": 11, "turn": "Mar-Apr 1941"}, {"card": 12, "turn": "Mar-Apr 1941"}]},
         "factions.axis.ds.played[1].turn", "both dated Mar-Apr 1941"),
    ]
    for fm, place, words in cases:
        p = write_state(tmp_path, "s.yaml", {**base, "factions": {"axis": {"ds": fm}}})
        code, _, err = run("validate", p)
        assert code == 2 and f"s.yaml: {place}:" in err and words in err, (fm, err)
    # different turns, or undated: fine
    fm = {"hand": [3], "played": [{"card": 11, "turn": "Mar-Apr 1941"}, {"card": 12, "turn": "May-June 1941"}, {"card": 8}]}
    p = write_state(tmp_path, "s.yaml", {**base, "factions": {"axis": {"ds": fm}}})
    code, _, err = run("validate", p)
    assert code == 0, err


def test_ae_pre_war_with_an_allied_war_posture_names_the_other_display(tmp_path):
    """AE 1938: Pre-War on the TK map, Nationalist China at War written for both displays. Applying 12
    is one way out; the other (the posture is the DS display's only) is named too (FORMAT 4 "AE, per map")."""
    st = {"game": "ae", "turn": "Mar-Apr 1938", "war-state": {"tk": "pre-war", "ds": "limited"},
          "countries": {"Nationalist China": {"posture": "war", "alignment": "western", "chinese": True}}}
    [(where, msg)] = _problems(tmp_path, st)
    assert where == "countries.Nationalist China.posture" and "aeref war-state" in msg
    assert "on the DS display only" in msg and "map: ds" in msg
    st["countries"]["Nationalist China"]["map"] = "ds"
    code, _, err = run("validate", write_state(tmp_path, "s.yaml", st))
    assert code == 0, err


def test_ae_pre_war_on_the_ds_map_only_is_checked_there(tmp_path):
    """AE: Limited War on the TK map does not stop the DS display's check - Pre-War on the DS map with an
    Allied Country at War there is refused, at the DS posture."""
    st = {"game": "ae", "turn": "Mar-Apr 1938", "war-state": {"tk": "limited", "ds": "pre-war"},
          "countries": {"Britain": {"alignment": "western", "ds": {"posture": "war"}}}}
    [(where, msg)] = _problems(tmp_path, st)
    assert where == "countries.Britain.ds.posture", where
    assert msg.startswith("Pre-War is in effect on the DS map (war-state) while Britain, an Allied Country, has a "
                          "Posture of War: that event ends Pre-War and Limited War goes into effect (12)"), msg
