"""Seasonal Phase rulings the mutation run (seasonal, seed 3) found unchecked: the table a Political DRM
roll names (1.1.2.1), `reveal --faction all` with an illegal Axis Current Card and the Allied
declaration of Total War (1.1.1), and a non-recyclable card played without a date and still in the hand
(1.1.1 Step 1). Positions are test-only; cards, countries and tables are those the rules name."""
from __future__ import annotations

import json

import yaml

from .support.seasonal import run, write_state

DECKS = ["decks/axis.yaml", "decks/western.yaml", "decks/soviet.yaml"]


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
