"""1.1.1 Order of Play in the plan (interpretation ``order-of-play=faction-by-faction``): "the phasing faction"
performs Steps 1-4 before the next faction's Step 1, so the Axis selects (Step 4) before the Western reveal of
the same Seasonal Turn. The plan's first selection is ruled as ``check`` rules it (on the position the faction
saw), and another faction's card assumed revealed in a Seasonal Turn counts from the Step 4 that follows it.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from aeref.model.files.load import load_position
from aeref.solver.plan.planner import plan
from aeref.solver.plan.turn import PlayedAssumption

from ..support import plan_oracle
from ..support.seasonal import run
from ..support.selection_positions import load


def _card(m, f, num, name, ws="pre-war", **kw):
    return {"map": m, "faction": f, "number": num, "name": name, "war-state": ws, **kw}


def _same_turn_total_war(tmp: Path, interps=None) -> Path:
    """Aug-Sept 1941, DS alone, Limited War: the Axis selects 40, the Western faction 35a Arsenal of Democracy;
    the Nov-Dec 1941 reveals (``reveal --faction all``): the Western 35a starts Total War after the Axis reveal."""
    deck = {"cards": [_card("ds", "axis", "40", "Test Card Alpha"), _card("ds", "axis", "41", "Test Card Beta"),
                      _card("ds", "axis", "42", "Test Card Gamma"), _card("ds", "axis", "50", "Red Card", "total"),
                      _card("ds", "western", "35a", "Arsenal of Democracy", "limited", starts="total"),
                      _card("ds", "western", "41", "Test Card Beta")]}
    state = {"game": "ds", "turn": "Aug-Sept 1941", "decks": ["decks/test-deck.yaml"], "war-state": "limited",
             "factions": {"axis": {"ds": {"current": "41", "hand": ["40", "42", "50"]}},
                          "western": {"ds": {"current": "41", "hand": ["35a"]}}}}
    if interps:
        state["interpretations"] = interps
    (tmp / "decks").mkdir()
    (tmp / "decks" / "test-deck.yaml").write_text(yaml.safe_dump(deck, sort_keys=False))
    (tmp / "s.yaml").write_text(yaml.safe_dump(state, sort_keys=False))
    assert run("select", str(tmp / "s.yaml"), "--faction", "axis", "--ds", "40", "--write", str(tmp / "a.yaml"))[0] == 0
    assert run("select", str(tmp / "a.yaml"), "--faction", "western", "--ds", "35a", "--write", str(tmp / "w.yaml"))[0] == 0
    assert run("next-turn", str(tmp / "w.yaml"), "--write", str(tmp / "nov.yaml"))[0] == 0
    assert run("reveal", str(tmp / "nov.yaml"), "--faction", "all", "--write", str(tmp / "all.yaml"))[0] == 0
    return tmp / "all.yaml"


def test_1_1_1_the_plans_first_selection_is_ruled_before_a_later_factions_reveal(tmp_path):
    """1.1.1 Order of Play, 1.1.3.2: after ``reveal --faction all`` the Western 35a has started Total War in Nov-Dec
    1941, but the Axis selected before that reveal: ``check`` rules the red card 50 illegal there (exit 1), and the
    plan selects it no earlier than Mar-Apr 1942 (revealed May-June 1942, not Mar-Apr 1942)."""
    path = _same_turn_total_war(tmp_path)
    pos = load_position(path)
    assert str(pos.war_state["ds"]) == "total"
    code, res, _ = run("check", str(path), "--faction", "axis", "--ds", "50", "--json")
    assert code == 1 and "Order of Play" in [v["title"] for v in res["violations"]]
    e = {x.card: x for x in plan(pos, "axis", 3).earliest}
    assert str(e["ds-axis-50"].turn) == "May-June 1942"
    assert e["ds-axis-50"].plan[0].choice != {"ds": "ds-axis-50"}
    assert plan(pos, "axis", 1, count=True).count == 1      # 42 only (1.1.3 No Pending Card: it fits), not 50


def test_1_1_1_reveals_first_lets_the_plans_first_selection_read_every_reveal(tmp_path):
    """1.1.1, ``order-of-play=reveals-first``: every faction reveals, then every faction selects: the red card 50
    is selected in Nov-Dec 1941 and revealed in Mar-Apr 1942."""
    pos = load_position(_same_turn_total_war(tmp_path, {"order-of-play": "reveals-first"}))
    e = {x.card: x for x in plan(pos, "axis", 3).earliest}
    assert str(e["ds-axis-50"].turn) == "Mar-Apr 1942"


def _needs_w7(faction, interps=None):
    deck = {"cards": [_card("tk", "western", "7", "Test Card Alpha"), _card("tk", "axis", "1", "Test Card Beta"),
                      _card("tk", "axis", "40", "Test Card Gamma", requires=[{"played": "tk-western-7"}]),
                      _card("tk", "soviet", "1", "Test Card Beta", production=0),
                      _card("tk", "soviet", "40", "Test Card Gamma", production=0, requires=[{"played": "tk-western-7"}])]}
    state = {"game": "tk", "turn": "Mar-Apr 1939", "decks": ["decks/test-deck.yaml"], "war-state": "pre-war",
             "factions": {faction: {"tk": {"current": f"tk-{faction}-1", "hand": [f"tk-{faction}-40"]}}}}
    if interps:
        state["interpretations"] = interps
    return load(state, deck)


def test_1_1_1_a_western_card_assumed_revealed_counts_for_the_axis_from_the_next_step_4():
    """1.1.1 Order of Play, 1.1.3.1: ``--assume played=tk-western-7@May-June 1939``: the Axis selects in May-June
    1939 before the Western reveal, so its 40 (requires W7 played) is selected in Aug-Sept 1939 at the earliest,
    revealed in Nov-Dec 1939; the Soviet faction selects after the Western reveal: its 40 comes in Aug-Sept 1939.
    The brute-force planner agrees, and the plan lists when the Axis counts the card."""
    from aeref.model.game.calendar import parse_turn
    when = parse_turn("May-June 1939")
    for faction, want in (("axis", "Nov-Dec 1939"), ("soviet", "Aug-Sept 1939")):
        pos = _needs_w7(faction)
        res = plan(pos, faction, 4, (PlayedAssumption("tk-western-7", when),), count=True)
        e = {x.card: x for x in res.earliest}
        assert str(e[f"tk-{faction}-40"].turn) == want, faction
        brute = plan_oracle.explore(pos, faction, 4, assumed=(("tk-western-7", when),))
        assert {x.card: x.turn for x in res.earliest if x.turn} == brute.earliest and res.count == brute.count
    facts = plan(_needs_w7("axis"), "axis", 4, (PlayedAssumption("tk-western-7", when),)).facts
    assert any("from the Axis faction's Step 4 of Aug-Sept 1939" in f for f in facts), facts


def test_1_1_1_reveals_first_counts_the_assumed_card_in_its_own_turn():
    """1.1.1, ``order-of-play=reveals-first``: every reveal comes before every selection, so the Axis 40 is selected
    in May-June 1939 and revealed in Aug-Sept 1939."""
    from aeref.model.game.calendar import parse_turn
    pos = _needs_w7("axis", {"order-of-play": "reveals-first"})
    res = plan(pos, "axis", 4, (PlayedAssumption("tk-western-7", parse_turn("May-June 1939")),))
    assert str({x.card: x for x in res.earliest}["tk-axis-40"].turn) == "Aug-Sept 1939"
