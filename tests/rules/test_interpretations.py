"""Every named interpretation (README "Interpretations", model/game/interpretations.py): its default and its
alternative each decide a worked example differently, through the command a player runs. One test per
interpretation, named after it; a new interpretation without a test here fails the last test.
Positions are test-only data.
"""
from __future__ import annotations

import yaml

from aeref.model.game.interpretations import INTERPRETATIONS

from ..support.replacements import hexes, inf, state
from ..support.seasonal import EXAMPLES, run, write_state
from .test_1_1_1_interned import G, _state as interned_state


def selection(tmp_path, body: str, name: str = "s.yaml"):
    p = tmp_path / name
    p.write_text(body)
    return p


def legal(path, faction, *choice, interp=None):
    args = ["check", path, "--faction", faction, "--json"]
    for slot, cid in choice:
        args += [f"--{slot}", cid]
    if interp:
        args += ["-i", interp]
    code, out, _ = run(*args)
    assert code in (0, 1), out
    return out["legal"], [(v["rule"], v["title"]) for v in out["violations"]], out["interpretations"]


def test_interpretation_annual_scope(tmp_path):
    """1.1.3.3 Annual Selection Restrictions, "a faction cannot reveal ... more than once per calendar year":
    `faction` (default) counts the reveals of both maps in AE, `map` each deck alone. The Soviet DS Current
    Card is an Offensive card revealed in 1942; a TK Offensive card to be revealed in May-June 1942."""
    p = selection(tmp_path, """
game: ae
turn: Mar-Apr 1942
war-state: {tk: total, ds: total}
factions:
  soviet:
    tk: {hand: [60]}
    ds: {current: 61, hand: []}
cards:
  - {map: tk, faction: soviet, number: 60, name: Test Only Summer Offensive, war-state: pre-war, production: 0}
  - {map: ds, faction: soviet, number: 61, name: Test Only Winter Offensive, war-state: pre-war, production: 0}
""")
    ok, rules, interps = legal(p, "soviet", ("tk", "tk-soviet-60"))
    assert not ok and rules == [("1.1.3.3", "Annual Selection Restrictions")] and interps["annual-scope"] == "faction"
    ok, rules, interps = legal(p, "soviet", ("tk", "tk-soviet-60"), interp="annual-scope=map")
    assert ok and interps["annual-scope"] == "map"


def test_interpretation_empty_slot(tmp_path):
    """1.1.3 "A faction that finds it cannot select any option card without violating a restriction must
    say so": `forced` (default) - no Pending Card only when no card fits; `voluntary` - a faction may always
    decline."""
    p = selection(tmp_path, """
game: tk
turn: Mar-Apr 1939
war-state: pre-war
factions:
  axis:
    tk: {hand: [70]}
cards:
  - {map: tk, faction: axis, number: 70, name: Test Only Card, war-state: pre-war}
""")
    ok, rules, _ = legal(p, "axis")
    assert not ok and rules == [("1.1.3", "No Pending Card")]
    ok, rules, interps = legal(p, "axis", interp="empty-slot=voluntary")
    assert ok and interps["empty-slot"] == "voluntary"
    code, out, _ = run("pairs", p, "--faction", "axis", "--json", "-i", "empty-slot=voluntary")
    assert out["count"] == 2 and {"tk": None} in out["choices"]


def test_interpretation_sequential_scope(tmp_path):
    """1.1.3.3 Sequential Selection Restrictions in AE: `map` (default) compares a Pending Card with the
    Current Card of its own map, `faction` with the Current Cards of both maps. The Axis TK Current Card is
    a Demand card; a DS Demand card."""
    p = selection(tmp_path, """
game: ae
turn: Mar-Apr 1939
war-state: {tk: pre-war, ds: pre-war}
factions:
  axis:
    tk: {current: 71, hand: []}
    ds: {hand: [72]}
cards:
  - {map: tk, faction: axis, number: 71, name: Demand Test Only A, war-state: pre-war}
  - {map: ds, faction: axis, number: 72, name: Demand Test Only B, war-state: pre-war}
""")
    ok, rules, interps = legal(p, "axis", ("ds", "ds-axis-72"))
    assert ok and interps["sequential-scope"] == "map"
    ok, rules, _ = legal(p, "axis", ("ds", "ds-axis-72"), interp="sequential-scope=faction")
    assert not ok and rules == [("1.1.3.3", "Sequential Selection Restrictions")]


def test_interpretation_illegal_axis_card(tmp_path):
    """1.1.1 "if the Axis faction makes an illegal Current Card play during Pre-War or Limited War, either
    Allied faction may declare that Total War (12.3) immediately goes into effect": `allied-option`
    (default) - the Allies choose; `automatic` - Total War goes into effect (12). DS: the Axis selected a
    red card (28a) in Pre-War."""
    prev = {"game": "ds", "turn": "Aug-Sept 1941", "war-state": "pre-war", "european-war": "limited",
            "government": "navy", "factions": {"axis": {"ds": {"current": 11, "pending": "28a", "hand": [3, 8, 12]}}}}
    write_state(tmp_path, "prev.yaml", prev)
    for value, after in (("allied-option", []), ("automatic", ["total"])):
        st = dict(prev, turn="Nov-Dec 1941", previous="prev.yaml", interpretations={"illegal-axis-card": value})
        p = write_state(tmp_path, f"s-{value}.yaml", st)
        code, res, _ = run("reveal", p, "--faction", "axis", "--json")
        assert code == 1 and res["maps"]["ds"]["legal"] is False
        assert [c["after"] for c in res["war-state"]] == after, value
        assert (res["total-war-option"] is not None) == (value == "allied-option")
        assert res["interpretations"]["illegal-axis-card"] == value


def test_interpretation_airborne_steps(tmp_path):
    """1.3.3.2 "A player must use two infantry-type replacement steps to take a one-step airborne ... unit":
    `armor-counts` (default) - an armor step, which may be taken as an infantry-type unit, pays for half of
    it; `infantry-only` - it does not. One Russian infantry and one Russian armor step, one airborne unit."""
    kw = dict(steps=[{"nationality": "Russia", "kind": "infantry", "count": 1}, {"nationality": "Russia", "kind": "armor", "count": 1}],
              pool=[inf("R-AB", type_="airborne")], hexes=hexes(("0101", {"country": "Russia", "city": True})))
    for value, used in (("armor-counts", 2), ("infantry-only", 0)):
        p = state(tmp_path, **kw, extra={"interpretations": {"airborne-steps": value}})
        code, out, _ = run("replacements", p, "--faction", "soviet", "--json")
        assert code == 0 and out["steps-used"] == used, value
        assert out["interpretations"]["airborne-steps"] == value
    # both steps lost to 1.3.3.2: the armor step because of the interpretation, which the reason names (it
    # used to say that no infantry-type unit could be taken, and cite 1.3.3)
    assert [(x["step"], x["rule"]) for x in out["lost"]] == [("Russia infantry", "1.3.3.2"), ("Russia armor", "1.3.3.2")]
    assert "R-AB" in out["lost"][1]["reason"] and "airborne-steps=infantry-only" in out["lost"][1]["reason"]


def test_interpretation_calendar(tmp_path):
    """The four Seasonal Turns of a year (the rules show Mar-Apr, Aug-Sept and Nov-Dec): `calendar` names
    them, in order. With Jan-Mar, Apr-Jun, Jul-Sep, Oct-Dec the turn after Oct-Dec 1941 is Jan-Mar 1942, so
    an Annual card revealed in 1941 does not stop a Pending Card of the same type (1.1.3.3); under the
    default names the file's turn is not a Seasonal Turn at all."""
    body = """
game: tk
turn: Oct-Dec 1941
war-state: total
factions:
  soviet:
    tk: {current: 80, hand: [81]}
cards:
  - {map: tk, faction: soviet, number: 80, name: Test Only Winter Offensive, war-state: pre-war, production: 0}
  - {map: tk, faction: soviet, number: 81, name: Test Only Spring Offensive, war-state: pre-war, production: 0}
"""
    p = selection(tmp_path, body + "interpretations: {calendar: [Jan-Mar, Apr-Jun, Jul-Sep, Oct-Dec]}\n")
    code, out, _ = run("pairs", p, "--faction", "soviet", "--json")
    assert code == 0 and out["turn"] == "Oct-Dec 1941" and {"tk": "tk-soviet-81"} in out["choices"]
    ok, rules, _ = legal(p, "soviet", ("tk", "tk-soviet-81"))
    assert ok
    # the same position one turn earlier: revealed in Oct-Dec 1941, the year of the Current Card
    p2 = selection(tmp_path, body.replace("Oct-Dec 1941", "Jul-Sep 1941")
                   + "interpretations: {calendar: [Jan-Mar, Apr-Jun, Jul-Sep, Oct-Dec]}\n", "s2.yaml")
    ok, rules, _ = legal(p2, "soviet", ("tk", "tk-soviet-81"))
    assert not ok and rules == [("1.1.3.3", "Annual Selection Restrictions")]
    code, _, _ = run("check", selection(tmp_path, body, "s3.yaml"), "--faction", "soviet", "--json")
    assert code == 2


def test_interpretation_partisan_base_faction(tmp_path):
    """1.3.4 "a Home Country hex that contains a Partisan Base marker": `own` (default) - the placing
    faction's Partisan Base; `any` - any faction's. A Greek unit and a Soviet Partisan Base in Greece."""
    kw = dict(faction="western", countries={"Greece": {"minor": True, "status": "active", "alignment": "western"}},
              steps=[{"nationality": "minor", "kind": "any", "count": 1}], pool=[inf("GR-1", "Greece")],
              hexes=hexes(("0201", {"country": "Greece", "markers": [{"type": "partisan-base", "faction": "soviet"}]})))
    for value, used in (("own", 0), ("any", 1)):
        p = state(tmp_path, **kw, extra={"interpretations": {"partisan-base-faction": value}})
        code, out, _ = run("replacements", p, "--faction", "western", "--json")
        assert out["steps-used"] == used and out["interpretations"]["partisan-base-faction"] == value


def test_interpretation_soviet_off_map_boxes(tmp_path):
    """DS 1.3.4 "A Russian unit can be placed in the hex containing the Soviet Logistics marker if it can
    trace an overland supply line to a supply source in Russia or a Soviet Off-Map Box": which boxes are
    Soviet - `Eastern Europe` by default, or a list. The marker's only line leads to the Siberia box."""
    kw = dict(game="ds", countries={"Russia": {"status": "active", "alignment": "soviet", "posture": "war"}},
              steps=[{"nationality": "Russia", "kind": "infantry", "count": 1}], pool=[inf("R-1")],
              hexes=hexes(("0301", {"country": "Mongolia", "neighbours": ["Siberia"],
                                    "markers": [{"type": "logistics", "faction": "soviet", "name": "Soviet"}]})),
              boxes=["Siberia"])
    for value, used in ((None, 0), (["Eastern Europe", "Siberia"], 1)):
        extra = {"interpretations": {"soviet-off-map-boxes": value}} if value else None
        p = state(tmp_path, **kw, extra=extra)
        code, out, _ = run("replacements", p, "--faction", "soviet", "--json")
        assert out["steps-used"] == used, value
        assert out["interpretations"]["soviet-off-map-boxes"] == (value or ["Eastern Europe"])


def test_interpretation_order_of_play(tmp_path, monkeypatch):
    """1.1.1 order-of-play: after every faction's reveal (`reveal --faction all`), in which the Western card
    started Total War on the TK map, the red Axis card is ruled on the position before the Western reveal under
    faction-by-faction (1.1.1 Order of Play, then 1.1.3.2) and on the position after it under reveals-first."""
    from ..support.order_positions import TOTAL_WAR_TURN, write_turn
    monkeypatch.chdir(tmp_path)
    path = write_turn(tmp_path, TOTAL_WAR_TURN).name
    args = ["select", path, "--faction", "axis", "--tk", "10", "--json", "--write", "x.yaml"]
    code, res, _ = run(*args)
    assert code == 1 and [v["title"] for v in res["violations"]] == ["Order of Play", "War State Selection Restrictions"]
    code, res, _ = run(*args, "-i", "order-of-play=reveals-first")
    assert code == 0 and res["violations"] == []


def test_interpretation_unplaced_interned(tmp_path):
    """1.1.1 Step 2 unplaced-interned: an interned unit with no 1.3.4 Replacement Location free (the only German
    City holds a Western unit) goes to the Axis TK Force Pool (force-pool, the default) or is removed from the game
    (removed)."""
    hexes = {"2317": {"country": "Germany", "city": True, "control": "axis",
                      "units": [{"id": "B-1", "faction": "western", "nationality": "Britain", "type": "infantry"}]}}
    p = interned_state(tmp_path, [G("G-7")], hexes)
    for value in ("force-pool", "removed"):
        out = tmp_path / f"{value}.yaml"
        code, res, _ = run("reveal", p, "--faction", "axis", "--json", "-i", f"unplaced-interned={value}", "--write", out)
        assert code == 0 and res["maps"]["tk"]["repatriated"][0]["fate"] == value
        w = yaml.safe_load(out.read_text())
        if value == "force-pool":
            assert w["boxes"]["tk"]["force-pool"]["axis"] == ["G-7"] and "counters" not in w
        else:
            assert w["counters"]["removed"] == ["G-7"] and "boxes" not in w


def test_every_interpretation_has_a_test_here():
    """README "Interpretations": each named interpretation is tested above, by its name."""
    names = {n.removeprefix("test_interpretation_").replace("_", "-") for n in globals() if n.startswith("test_interpretation_")}
    assert names == set(INTERPRETATIONS)


def test_interpretation_hidden_hand(tmp_path):
    """1.1 hidden-hand: from the Western view the Soviet DS hand of 2 cards may be any 2 of its 3 cards not public
    (part-of-deck, the default: 7 possible selections, the DS hand not known); under whole-deck it is all 3, and a
    hand-count of 2 contradicts that reading (exit 2, naming the hand-count); a hand of all 3 is known exactly."""
    ex = EXAMPLES / "ae-soviet-production.yaml"
    code, res, _ = run("pairs", ex, "--faction", "soviet", "--as", "western", "--json")
    assert code == 0 and res["count"] == 7 and res["interpretations"]["hidden-hand"] == "part-of-deck"
    assert [h["known"] for h in res["hands"]] == [True, False]
    code, _, err = run("pairs", ex, "--faction", "soviet", "--as", "western", "-i", "hidden-hand=whole-deck")
    assert code == 2 and "factions.soviet.ds.hand-count" in err and "hidden-hand=whole-deck" in err
    data = yaml.safe_load(ex.read_text(encoding="utf-8"))
    data["factions"]["soviet"]["ds"]["hand"] = [24, "11b", 16]
    data["decks"] = [str(EXAMPLES / d) for d in data["decks"]]
    path = tmp_path / "whole.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    code, res, _ = run("pairs", path, "--faction", "soviet", "--as", "western", "--json", "-i", "hidden-hand=whole-deck")
    assert code == 0 and all(h["known"] for h in res["hands"]) and res["interpretations"]["hidden-hand"] == "whole-deck"
