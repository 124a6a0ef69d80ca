"""Every example of 1.1.3 - 1.1.3.3 in both Seasonal Phase rules files, as tests.

Each test names its rule number. Positions are small YAML states written to a
tmp directory; they use the shipped decks in ``examples/decks/`` (the cards the
rules text names) and, where the text names no card, inline cards whose names
say they are test-only. Every ruling is taken three ways: ``check`` on the
proposed selection, direct enumeration and CP-SAT enumeration (which must agree).
"""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from aeref.model.files.load import load_position
from aeref.solver.selection.choices import enumerate_choices
from aeref.solver.selection.rules import check, legal_choices_direct

from ..support.cli import run as run_cli
from ..support.seasonal import ds_card_state, run, write_state

DECKS = Path(__file__).resolve().parents[2] / "examples" / "decks"
EXAMPLES = DECKS.parent


def position(tmp_path, body: str, decks=("axis", "western", "soviet")):
    """A state file from ``body`` (YAML) with the shipped decks; returns the loaded Position."""
    text = "decks: [" + ", ".join(str(DECKS / f"{d}.yaml") for d in decks) + "]\n" + textwrap.dedent(body)
    path = tmp_path / "state.yaml"
    path.write_text(text)
    return load_position(path)


def pairs(pos, faction):
    direct = legal_choices_direct(pos, faction)
    solved, complete = enumerate_choices(pos, faction)
    assert complete
    assert direct == solved
    return direct


def rules_of(ruling):
    return [(v.rule, v.title) for v in ruling.violations]


def legal(pos, faction, **choice):
    r = check(pos, faction, choice)
    # the ruling and both enumerations agree on hand-only selections
    full = {m: choice.get(m) for m in pos.maps}
    if all(c is None or c in pos.hand(faction, m) for m, c in full.items()):
        assert (full in pairs(pos, faction)) == r.legal
    return r


# ----------------------------------------------------------------------------- 1.1.3.1 (TK)

TK_AXIS = """
game: tk
turn: {turn}
war-state: {ws}
factions:
  axis:
    tk:
      current: {current}
      hand: [4a, 28a]
      played: {played}
"""


def test_1_1_3_1_nazi_soviet_pact_needs_card_3_played_and_total_war_not_in_effect(tmp_path):
    """TK 1.1.3.1 example: 4a Nazi-Soviet Pact needs 3 Continuing Rearmament played and Total War not in effect."""
    played = "[{card: 3, turn: Nov-Dec 1938}]"
    pos = position(tmp_path, TK_AXIS.format(turn="Mar-Apr 1939", ws="pre-war", current="null", played=played))
    assert legal(pos, "axis", tk="tk-axis-4a").legal
    # card 3 not played
    pos = position(tmp_path, TK_AXIS.format(turn="Mar-Apr 1939", ws="pre-war", current="null", played="[]"))
    r = legal(pos, "axis", tk="tk-axis-4a")
    assert rules_of(r) == [("1.1.3.1", "Pending Card Selection Requirements")]
    assert "tk-axis-3" in r.violations[0].message
    # Total War in effect
    pos = position(tmp_path, TK_AXIS.format(turn="Mar-Apr 1941", ws="total", current="null", played=played))
    r = legal(pos, "axis", tk="tk-axis-4a")
    assert rules_of(r) == [("1.1.3.1", "Pending Card Selection Requirements")]
    assert "Total War" in r.violations[0].message
    # Limited War: "Total War is not in effect" holds
    pos = position(tmp_path, TK_AXIS.format(turn="Mar-Apr 1940", ws="limited", current="null", played=played))
    assert legal(pos, "axis", tk="tk-axis-4a").legal


def test_1_1_3_1_played_counts_the_current_card(tmp_path):
    """1.1.3.1 / FORMAT 3: card 3 revealed as the Current Card this turn counts as played."""
    pos = position(tmp_path, TK_AXIS.format(turn="Mar-Apr 1939", ws="pre-war", current=3, played="[]"))
    assert legal(pos, "axis", tk="tk-axis-4a").legal


TK_WESTERN = """
game: tk
turn: Mar-Apr 1941
war-state: limited
factions:
  western:
    tk:
      hand: [20, 28a]
countries:
  Russia: {{posture: {russia}, status: active, alignment: soviet}}
  France: {{posture: {fposture}, status: {fstatus}, alignment: {falign}}}
"""


@pytest.mark.parametrize("russia,france,ok", [
    ("war", ("policy-affected", "active", "western"), True),          # Russia at War only
    ("policy-affected", ("war", "active", "western"), True),          # France active Western at War only
    ("war", ("war", "active", "western"), True),                      # both
    ("policy-affected", ("policy-affected", "active", "western"), False),   # neither
    ("truce-affected", ("war", "conquered", "western"), False),       # France not active
    ("policy-affected", ("war", "active", "axis"), False),            # France not Western
])
def test_1_1_3_1_lend_lease_to_allies_either_or_both(tmp_path, russia, france, ok):
    """TK 1.1.3.1 example: 20 Lend-Lease to Allies: Russia at War, or France an active Western Minor Country at War; either or both."""
    fposture, fstatus, falign = france
    pos = position(tmp_path, TK_WESTERN.format(russia=russia, fposture=fposture, fstatus=fstatus, falign=falign))
    r = legal(pos, "western", tk="tk-western-20")
    assert r.legal == ok
    if not ok:
        assert rules_of(r) == [("1.1.3.1", "Pending Card Selection Requirements")]
        assert "Russia" in r.violations[0].message and "France" in r.violations[0].message


# ----------------------------------------------------------------------------- 1.1.3.1 (DS)

DS_WESTERN = """
game: ds
turn: Aug-Sept 1941
war-state: {ws}
european-war: {ew}
factions:
  western:
    ds:
      current: null
      hand: [19a, 5, 22]
      played: {played}
countries:
  Nationalist China: {{posture: {china}, status: active, alignment: western}}
"""


@pytest.mark.parametrize("played,china,ok", [
    ("[{card: 18a, turn: Mar-Apr 1938}]", "war", True),
    ("[]", "war", False),                                               # 18a not played
    ("[{card: 18a, turn: Mar-Apr 1938}]", "policy-affected", False),    # China not at War
    ("[]", "truce-affected", False),
])
def test_1_1_3_1_ds_aid_to_china_needs_quarantine_address_and_china_at_war(tmp_path, played, china, ok):
    """DS 1.1.3.1 example: 19a Aid to China needs 18a Quarantine Address played and Nationalist China's Posture War.
    (Limited War: an Allied Country at War ends Pre-War, 12; a blue card may still be selected, 1.1.3.2.)"""
    pos = position(tmp_path, DS_WESTERN.format(ws="limited", ew="none", played=played, china=china))
    r = legal(pos, "western", ds="ds-western-19a")
    assert r.legal == ok
    if not ok:
        assert {v.rule for v in r.violations} == {"1.1.3.1"}


@pytest.mark.parametrize("ws,ew,ok", [
    ("pre-war", "none", False),       # Pre-War in effect and no European war
    ("limited", "none", True),        # Pre-War not in effect
    ("pre-war", "limited", True),     # * European Limited War has occurred
    ("pre-war", "total", True),       # European Total War: Limited War has occurred too
    ("total", "total", True),         # both
])
def test_1_1_3_1_ds_cash_and_carry_bill_either_or_both(tmp_path, ws, ew, ok):
    """DS 1.1.3.1 example: 5 Cash & Carry Bill: Pre-War not in effect, or European Limited War has occurred.
    (Under Pre-War no Allied Country is at War, 12: Nationalist China is a PAC there.)"""
    china = "policy-affected" if ws == "pre-war" else "war"
    pos = position(tmp_path, DS_WESTERN.format(ws=ws, ew=ew, played="[]", china=china))
    r = legal(pos, "western", ds="ds-western-5")
    assert r.legal == ok
    if not ok:
        assert rules_of(r) == [("1.1.3.1", "Pending Card Selection Requirements")]


DS_AXIS = """
game: ds
turn: Mar-Apr 1938
war-state: pre-war
government: {gov}
factions:
  axis:
    ds:
      current: null
      hand: [3, 8, 33a]
"""


@pytest.mark.parametrize("gov,army_program,inner_mongolia", [
    ("army", True, True),
    ("navy", False, False),
    ("none", True, False),       # the marker in the Delay Box or on the Turn Track: no branch leads
])
def test_1_1_3_1_ds_japanese_government(tmp_path, gov, army_program, inner_mongolia):
    """DS 1.1.3.1 Japanese Government examples: 3 Army Program only if the Navy is not leading the
    government; 8 Demand Inner Mongolia only if the Army is leading it."""
    pos = position(tmp_path, DS_AXIS.format(gov=gov))
    assert legal(pos, "axis", ds="ds-axis-3").legal == army_program
    r = legal(pos, "axis", ds="ds-axis-8")
    assert r.legal == inner_mongolia
    if not inner_mongolia:
        assert rules_of(r) == [("1.1.3.1", "Pending Card Selection Requirements")]
        assert "Army" in r.violations[0].message


AE_EUROPEAN = """
game: ae
turn: Aug-Sept 1939
war-state: {{tk: {tk}, ds: pre-war}}
european-war: {ew}
factions:
  western:
    tk: {{hand: []}}
    ds: {{hand: [5, 22, 90]}}
cards:
  - {{map: ds, faction: western, number: 90, name: Test Only European Total War Card, war-state: pre-war,
     requires: [european-war: total]}}
"""


@pytest.mark.parametrize("tk,ew,limited,total", [
    ("pre-war", "none", False, False),
    ("pre-war", "total", False, False),    # the * European War Boxes are not used in AE
    ("limited", "none", True, False),      # (c) the TK War State is Limited War
    ("total", "none", True, True),         # (c) the TK War State is Total War
])
def test_1_1_3_1_ds_european_war_in_ae_follows_the_tk_war_state(tmp_path, tk, ew, limited, total):
    """DS 1.1.3.1 European War (c): in AE, European Limited / Total War has occurred when the TK War
    State is Limited / Total War (the * European War Boxes are DS alone)."""
    pos = position(tmp_path, AE_EUROPEAN.format(tk=tk, ew=ew))
    assert legal(pos, "western", ds="ds-western-5").legal == limited
    assert legal(pos, "western", ds="ds-western-90").legal == total


@pytest.mark.parametrize("ew,limited,total", [("none", False, False), ("limited", True, False), ("total", True, True)])
def test_1_1_3_1_ds_european_war_alone_follows_the_european_war_boxes(tmp_path, ew, limited, total):
    """DS 1.1.3.1 European War (*): in DS alone, the European Limited / Total War markers in a European War Box."""
    body = AE_EUROPEAN.format(tk="pre-war", ew=ew).replace("game: ae", "game: ds").replace(
        "war-state: {tk: pre-war, ds: pre-war}", "war-state: pre-war").replace("    tk: {hand: []}\n", "")
    pos = position(tmp_path, body)
    assert legal(pos, "western", ds="ds-western-5").legal == limited
    assert legal(pos, "western", ds="ds-western-90").legal == total


# ----------------------------------------------------------------------------- 1.1.3.2

WAR_STATE_CARDS = """
cards:
  - {map: tk, faction: western, number: 91, name: Test Only Blue Card, war-state: pre-war}
  - {map: tk, faction: western, number: 92, name: Test Only Gray Card, war-state: limited}
  - {map: tk, faction: western, number: 93, name: Test Only Red Card, war-state: total}
  - {map: ds, faction: western, number: 91, name: Test Only Blue Card, war-state: pre-war}
  - {map: ds, faction: western, number: 92, name: Test Only Gray Card, war-state: limited}
  - {map: ds, faction: western, number: 93, name: Test Only Red Card, war-state: total}
"""


@pytest.mark.parametrize("ws,allowed", [("pre-war", {"91"}), ("limited", {"91", "92"}), ("total", {"91", "92", "93"})])
def test_1_1_3_2_war_state_selection_restrictions(tmp_path, ws, allowed):
    """1.1.3.2: Pre-War: only blue; Limited War: blue or gray; Total War: blue, gray or red."""
    pos = position(tmp_path, f"""
game: tk
turn: Mar-Apr 1940
war-state: {ws}
factions:
  western:
    tk: {{hand: [91, 92, 93]}}
""" + WAR_STATE_CARDS, decks=())
    for n in ("91", "92", "93"):
        r = legal(pos, "western", tk=f"tk-western-{n}")
        assert r.legal == (n in allowed), n
        if not r.legal:
            assert rules_of(r) == [("1.1.3.2", "War State Selection Restrictions")]
    assert {c["tk"] for c in pairs(pos, "western")} == {f"tk-western-{n}" for n in allowed}


def test_1_1_3_2_war_state_is_per_map_in_ae(tmp_path):
    """1.1.3.2 in AE: each slot is judged by the war state of its own map."""
    pos = position(tmp_path, """
game: ae
turn: Mar-Apr 1942
war-state: {tk: total, ds: pre-war}
factions:
  western:
    tk: {hand: [91, 92, 93]}
    ds: {hand: [91, 92, 93]}
""" + WAR_STATE_CARDS, decks=())
    assert legal(pos, "western", tk="tk-western-93", ds="ds-western-91").legal
    r = legal(pos, "western", tk="tk-western-93", ds="ds-western-93")
    assert rules_of(r) == [("1.1.3.2", "War State Selection Restrictions")]
    assert "ds-western-93" in r.violations[0].message and "DS" in r.violations[0].message
    got = pairs(pos, "western")
    assert {c["ds"] for c in got} == {"ds-western-91"}
    assert {c["tk"] for c in got} == {"tk-western-91", "tk-western-92", "tk-western-93"}


# ----------------------------------------------------------------------------- 1.1.3.3 Sequential

SEQ_TK = """
game: tk
turn: Aug-Sept 1939
war-state: limited
factions:
  axis:
    tk:
      current: {axis_current}
      hand: {axis_hand}
  western:
    tk:
      current: {western_current}
      hand: [23, 28a, 95]
cards:
  - {{map: tk, faction: axis, number: 94, name: Test Only Blitz, war-state: limited, blitz: 2}}
  - {{map: tk, faction: axis, number: 96, name: Test Only Small Blitz, war-state: limited, blitz: 1}}
  - {{map: tk, faction: western, number: 95, name: Test Only Limited War Blitz, war-state: limited, blitz: 1}}
  - {{map: tk, faction: western, number: 97, name: Test Only Limited War Blitz Two, war-state: limited, blitz: 1}}
"""


def test_1_1_3_3_sequential_demand_austria_then_demand_denmark(tmp_path):
    """TK 1.1.3.3 example: Axis Current Card 10 Demand Austria: 11 Demand Denmark cannot be selected."""
    pos = position(tmp_path, SEQ_TK.format(axis_current=10, axis_hand="[11, 28a]", western_current="null"))
    r = legal(pos, "axis", tk="tk-axis-11")
    assert rules_of(r) == [("1.1.3.3", "Sequential Selection Restrictions")]
    assert "tk-axis-10" in r.violations[0].message and "Demand" in r.violations[0].message
    assert legal(pos, "axis", tk="tk-axis-28a").legal
    assert [c["tk"] for c in pairs(pos, "axis")] == ["tk-axis-28a"]


def test_1_1_3_3_sequential_shipped_tk_example(tmp_path):
    """TK 1.1.3.3 on the shipped TK example: Current Card 10 Demand Austria, 11 Demand Denmark in the hand."""
    pos = load_position(EXAMPLES / "tk-1939.yaml")
    # the example's facts this test rests on (if the example changes, change the test with it)
    assert pos.factions["axis"]["tk"].current == "tk-axis-10" and "tk-axis-11" in pos.hand("axis", "tk")
    r = check(pos, "axis", {"tk": "tk-axis-11"})
    assert ("1.1.3.3", "Sequential Selection Restrictions") in rules_of(r)
    assert all(c["tk"] != "tk-axis-11" for c in pairs(pos, "axis"))


def test_1_1_3_3_sequential_blitz_2_then_demand_is_fine(tmp_path):
    """TK 1.1.3.3: if the Axis reveals a Blitz card with Blitz Value 2, it can select a Demand card next;
    another Blitz 2 card cannot follow it; a Blitz 1 card can."""
    pos = position(tmp_path, SEQ_TK.format(axis_current="22a", axis_hand="[10, 94, 96]", western_current="null"))
    assert legal(pos, "axis", tk="tk-axis-10").legal
    assert legal(pos, "axis", tk="tk-axis-96").legal
    r = legal(pos, "axis", tk="tk-axis-94")
    assert rules_of(r) == [("1.1.3.3", "Sequential Selection Restrictions")]
    assert "tk-axis-22a" in r.violations[0].message


def test_1_1_3_3_sequential_western_limited_war_blitz_does_not_block_axis_demand(tmp_path):
    """TK 1.1.3.3: the Western Current Card being a Limited War Blitz card does not keep the Axis from a
    Demand card (only within a faction); it does keep the Western faction from another Limited War Blitz."""
    pos = position(tmp_path, SEQ_TK.format(axis_current="null", axis_hand="[10, 11]", western_current=97))
    assert legal(pos, "axis", tk="tk-axis-10").legal
    assert len(pairs(pos, "axis")) == 2
    r = legal(pos, "western", tk="tk-western-95")
    assert rules_of(r) == [("1.1.3.3", "Sequential Selection Restrictions")]
    assert "Limited War Blitz" in r.violations[0].message
    assert legal(pos, "western", tk="tk-western-23").legal


def test_1_1_3_3_sequential_ds_diplomatic_overtures_11_then_12(tmp_path):
    """DS 1.1.3.3 example: Axis Current Card 11 Diplomatic Overtures: 12 Diplomatic Overtures cannot be selected."""
    pos = position(tmp_path, """
game: ds
turn: Mar-Apr 1938
war-state: pre-war
government: army
factions:
  axis:
    ds:
      current: 11
      hand: [12, 8, 33a]
""")
    r = legal(pos, "axis", ds="ds-axis-12")
    assert rules_of(r) == [("1.1.3.3", "Sequential Selection Restrictions")]
    assert "ds-axis-11" in r.violations[0].message and "Diplomatic Overtures" in r.violations[0].message
    assert legal(pos, "axis", ds="ds-axis-8").legal       # a Demand card may follow Diplomatic Overtures
    assert {c["ds"] for c in pairs(pos, "axis")} == {"ds-axis-8", "ds-axis-33a"}


def test_1_1_3_3_sequential_triangle_blitz_is_tk_only_and_overtures_ds_only(tmp_path):
    """1.1.3.3 (triangle): Blitz 2 back-to-back is a TK restriction, Diplomatic Overtures back-to-back a DS one."""
    pos = position(tmp_path, """
game: ds
turn: Mar-Apr 1938
war-state: limited
factions:
  axis:
    ds: {current: 90, hand: [91]}
cards:
  - {map: ds, faction: axis, number: 90, name: Test Only DS Blitz, war-state: limited, blitz: 2}
  - {map: ds, faction: axis, number: 91, name: Test Only DS Blitz Two, war-state: limited, blitz: 3}
""", decks=())
    assert legal(pos, "axis", ds="ds-axis-91").legal
    pos = position(tmp_path, """
game: tk
turn: Mar-Apr 1938
war-state: limited
factions:
  axis:
    tk: {current: 90, hand: [91]}
cards:
  - {map: tk, faction: axis, number: 90, name: Test Only Diplomatic Overtures, war-state: limited}
  - {map: tk, faction: axis, number: 91, name: Test Only Diplomatic Overtures, war-state: limited}
""", decks=())
    assert legal(pos, "axis", tk="tk-axis-91").legal


def test_1_1_3_3_sequential_scope_in_ae(tmp_path):
    """1.1.3.3 Sequential in AE, interpretation sequential-scope: `map` compares with the Current Card of
    the card's own map, `faction` with the Current Cards of both maps."""
    body = """
game: ae
turn: Mar-Apr 1938
war-state: {tk: pre-war, ds: pre-war}
government: army
factions:
  axis:
    tk: {current: 10, hand: [28a]}
    ds: {current: 33a, hand: [8]}
interpretations: {sequential-scope: %s}
"""
    pos = position(tmp_path, body % "map")
    assert legal(pos, "axis", tk="tk-axis-28a", ds="ds-axis-8").legal
    pos = position(tmp_path, body % "faction")
    r = legal(pos, "axis", tk="tk-axis-28a", ds="ds-axis-8")
    assert rules_of(r) == [("1.1.3.3", "Sequential Selection Restrictions")]
    assert "tk-axis-10" in r.violations[0].message
    assert r.interpretations["sequential-scope"] == "faction"


# ----------------------------------------------------------------------------- 1.1.3.3 Annual

ANNUAL_TK = """
game: tk
turn: {turn}
war-state: limited
factions:
  axis:
    tk:
      current: {current}
      hand: [90, 28a]
      played: {played}
cards:
  - {{map: tk, faction: axis, number: 90, name: Test Only Further Rearmament, war-state: pre-war, rearmament: true}}
"""


@pytest.mark.parametrize("turn,current,played,ok", [
    ("Nov-Dec 1937", 3, "[]", True),            # the rules' example: revealed Nov-Dec 1937, the next is Mar-Apr 1938
    ("Winter 1937", 3, "[]", True),             # the calendar year of a Winter turn is its Nov-Dec
    ("Mar-Apr 1938", 3, "[]", False),           # the next reveal (May-June 1938) is the same year
    ("Aug-Sept 1938", "null", "[{card: 3, turn: Mar-Apr 1938}]", False),   # revealed earlier that year
    ("Nov-Dec 1938", "null", "[{card: 3, turn: Mar-Apr 1938}]", True),     # next reveal is 1939
    ("Aug-Sept 1938", "null", "[{card: 3, turn: Nov-Dec 1937}]", True),    # last year's does not count
])
def test_1_1_3_3_annual_rearmament(tmp_path, turn, current, played, ok):
    """1.1.3.3 Annual example: a Rearmament card revealed Nov-Dec 1937 allows selecting another, revealed
    Mar-Apr 1938; one revealed earlier in the year of the next reveal forbids it."""
    pos = position(tmp_path, ANNUAL_TK.format(turn=turn, current=current, played=played))
    r = legal(pos, "axis", tk="tk-axis-90")
    assert r.legal == ok
    if not ok:
        assert rules_of(r) == [("1.1.3.3", "Annual Selection Restrictions")]
        assert "tk-axis-3" in r.violations[0].message and "1938" in r.violations[0].message
    assert legal(pos, "axis", tk="tk-axis-28a").legal


def test_1_1_3_3_annual_western_and_soviet_rearmament(tmp_path):
    """1.1.3.3 Annual: Western and Soviet Rearmament cards too."""
    for f in ("western", "soviet"):
        pos = position(tmp_path, f"""
game: tk
turn: May-June 1938
war-state: pre-war
factions:
  {f}:
    tk:
      current: 80
      hand: [81]
cards:
  - {{map: tk, faction: {f}, number: 80, name: Test Only Rearmament A, war-state: pre-war, rearmament: true, production: 0}}
  - {{map: tk, faction: {f}, number: 81, name: Test Only Rearmament B, war-state: pre-war, rearmament: true, production: 0}}
""", decks=())
        r = legal(pos, f, tk=f"tk-{f}-81")
        assert rules_of(r) == [("1.1.3.3", "Annual Selection Restrictions")], f


SOVIET_ANNUAL = """
game: {game}
turn: {turn}
war-state: total
factions:
  soviet:
    {map}:
      current: null
      hand: [71, 72]
      played: [{{card: 70, turn: Mar-Apr 1942}}]
cards:
  - {{map: {map}, faction: soviet, number: 70, name: Test Only {kind}, war-state: total, production: 0}}
  - {{map: {map}, faction: soviet, number: 71, name: Test Only Second {kind}, war-state: total, production: 0}}
  - {{map: {map}, faction: soviet, number: 72, name: Test Only Other Card, war-state: total, production: 0}}
"""


@pytest.mark.parametrize("game,kind,applies", [
    ("tk", "Winter Offensive", True),      # Soviet Offensive cards, both games
    ("ds", "Manchurian Offensive", True),
    ("ds", "War Progress", True),          # (triangle) DS: Soviet War Progress cards
    ("tk", "War Progress", False),         # not a TK restriction
])
def test_1_1_3_3_annual_soviet_offensive_and_ds_war_progress(tmp_path, game, kind, applies):
    """1.1.3.3 Annual: Soviet Offensive cards (TK and DS) and DS Soviet War Progress cards."""
    pos = position(tmp_path, SOVIET_ANNUAL.format(game=game, map=game, turn="Aug-Sept 1942", kind=kind), decks=())
    r = legal(pos, "soviet", **{game: f"{game}-soviet-71"})
    assert r.legal == (not applies)
    if applies:
        assert rules_of(r) == [("1.1.3.3", "Annual Selection Restrictions")]
    # the next calendar year it may be selected again
    pos = position(tmp_path, SOVIET_ANNUAL.format(game=game, map=game, turn="Nov-Dec 1942", kind=kind), decks=())
    assert legal(pos, "soviet", **{game: f"{game}-soviet-71"}).legal


ANNUAL_AE = """
game: ae
turn: Mar-Apr 1938
war-state: {{tk: pre-war, ds: pre-war}}
factions:
  axis:
    tk: {{current: {tk_current}, hand: [90, 28a]}}
    ds: {{current: null, hand: [90, 33a]}}
interpretations: {{annual-scope: {scope}}}
cards:
  - {{map: tk, faction: axis, number: 90, name: Test Only Rearmament TK, war-state: pre-war, rearmament: true}}
  - {{map: ds, faction: axis, number: 90, name: Test Only Rearmament DS, war-state: pre-war, rearmament: true}}
"""


def test_1_1_3_3_annual_scope_faction_and_map_in_ae(tmp_path):
    """1.1.3.3 Annual in AE, interpretation annual-scope: `faction` (default) counts both maps, `map` each deck alone."""
    pos = position(tmp_path, ANNUAL_AE.format(tk_current=3, scope="faction"))
    r = legal(pos, "axis", tk="tk-axis-28a", ds="ds-axis-90")
    assert rules_of(r) == [("1.1.3.3", "Annual Selection Restrictions")]
    assert "tk-axis-3" in r.violations[0].message
    pos = position(tmp_path, ANNUAL_AE.format(tk_current=3, scope="map"))
    assert legal(pos, "axis", tk="tk-axis-28a", ds="ds-axis-90").legal
    assert not legal(pos, "axis", tk="tk-axis-90", ds="ds-axis-33a").legal
    # two Rearmament cards in one season: one calendar year
    pos = position(tmp_path, ANNUAL_AE.format(tk_current="null", scope="faction"))
    r = legal(pos, "axis", tk="tk-axis-90", ds="ds-axis-90")
    assert rules_of(r) == [("1.1.3.3", "Annual Selection Restrictions")]
    pos = position(tmp_path, ANNUAL_AE.format(tk_current="null", scope="map"))
    assert legal(pos, "axis", tk="tk-axis-90", ds="ds-axis-90").legal


# ----------------------------------------------------------------------------- 1.1.3.3 Theater, (c), Production

AE_SOVIET = """
game: ae
turn: Nov-Dec 1941
war-state: {{tk: {tk}, ds: {ds}}}
factions:
  soviet:
    tk:
      current: null
      hand: [23, 26b, 38, 39]
    ds:
      current: null
      hand: [11b, 24]
countries:
  Russia: {{posture: war, status: active, alignment: soviet}}
"""


def test_1_1_3_3_theater_each_slot_takes_its_own_maps_cards(tmp_path):
    """1.1.3.3 Theater (c): no TK card for the DS Pending Card, no DS card for the TK Pending Card."""
    pos = position(tmp_path, AE_SOVIET.format(tk="total", ds="limited"))
    r = check(pos, "soviet", {"tk": "ds-soviet-24", "ds": None})
    assert ("1.1.3.3", "Theater Selection Restrictions") in rules_of(r)
    r = check(pos, "soviet", {"tk": "tk-soviet-39", "ds": "tk-soviet-23"})
    assert ("1.1.3.3", "Theater Selection Restrictions") in rules_of(r)
    assert "tk-soviet-23" in [v for v in r.violations if v.title.startswith("Theater")][0].message


def test_1_1_3_3_identically_named_combined_cards_26b_and_11b(tmp_path):
    """1.1.3.3 (c) example: TK 26b and DS 11b Siberian Reserves Released cannot be selected in the same turn."""
    pos = position(tmp_path, AE_SOVIET.format(tk="total", ds="limited"))
    r = legal(pos, "soviet", tk="tk-soviet-26b", ds="ds-soviet-11b")
    assert rules_of(r) == [("1.1.3.3", "Identically Named © Cards")]
    assert "tk-soviet-26b" in r.violations[0].message and "ds-soviet-11b" in r.violations[0].message
    assert legal(pos, "soviet", tk="tk-soviet-26b", ds="ds-soviet-24").legal
    assert legal(pos, "soviet", tk="tk-soviet-39", ds="ds-soviet-11b").legal


def test_1_1_3_3_limited_war_production_23_and_24_are_not_combined_cards(tmp_path):
    """1.1.3.3 (c): TK 23 and DS 24 Limited War Production have identical names but no (c): both may be
    selected, provided the Production Limit allows it (1 + 1 needs the limit 3)."""
    pos = position(tmp_path, AE_SOVIET.format(tk="total", ds="limited"))
    assert legal(pos, "soviet", tk="tk-soviet-23", ds="ds-soviet-24").legal
    pos = position(tmp_path, AE_SOVIET.format(tk="limited", ds="limited"))
    r = legal(pos, "soviet", tk="tk-soviet-23", ds="ds-soviet-24")
    assert rules_of(r) == [("1.1.3.3", "Soviet Production Limit")]      # not the (c) rule


def test_1_1_3_3_soviet_production_limit_example_38_39_24(tmp_path):
    """1.1.3.3 (c) example: Total War on TK, Russia at War: TK 38 (3) leaves no room for any DS card with a
    Production Value above 0; TK 39 (2) allows DS 24 (1)."""
    pos = position(tmp_path, AE_SOVIET.format(tk="total", ds="limited"))
    r = legal(pos, "soviet", tk="tk-soviet-38", ds="ds-soviet-24")
    assert r.as_json()["violations"] == [{
        "rule": "1.1.3.3", "title": "Soviet Production Limit",
        "message": "tk-soviet-38 (3) + ds-soviet-24 (1) = 4 exceeds the limit 3 (Total War on TK)"}]
    assert legal(pos, "soviet", tk="tk-soviet-39", ds="ds-soviet-24").legal
    assert legal(pos, "soviet", tk="tk-soviet-38", ds="ds-soviet-11b").legal     # Production Value 0
    got = pairs(pos, "soviet")
    assert {"tk": "tk-soviet-38", "ds": "ds-soviet-24"} not in got
    assert {"tk": "tk-soviet-39", "ds": "ds-soviet-24"} in got
    assert all(not (c["tk"] == "tk-soviet-38" and c["ds"] is not None and c["ds"] != "ds-soviet-11b") for c in got)


def test_1_1_3_3_soviet_production_limit_shipped_example():
    """1.1.3.3 (c) example on the shipped AE example."""
    pos = load_position(EXAMPLES / "ae-soviet-production.yaml")
    r = check(pos, "soviet", {"tk": "tk-soviet-38", "ds": "ds-soviet-24"})
    assert [v.as_json() for v in r.violations] == [{
        "rule": "1.1.3.3", "title": "Soviet Production Limit",
        "message": "tk-soviet-38 (3) + ds-soviet-24 (1) = 4 exceeds the limit 3 (Total War on TK)"}]
    assert check(pos, "soviet", {"tk": "tk-soviet-39", "ds": "ds-soviet-24"}).legal


@pytest.mark.parametrize("tk,ds,limit", [
    ("pre-war", "pre-war", 1), ("limited", "pre-war", 1), ("limited", "limited", 1),
    ("total", "limited", 3), ("limited", "total", 3), ("total", "total", 3),
])
def test_1_1_3_3_soviet_production_limit_is_1_or_3(tmp_path, tk, ds, limit):
    """1.1.3.3 (c): the Soviet Production Limit is 1 with Pre-War or Limited War on both maps, 3 with Total
    War on either or both."""
    posture = {m: "war" if w != "pre-war" else "policy-affected" for m, w in (("tk", tk), ("ds", ds))}   # 12
    russia = (f"Russia: {{alignment: soviet, status: active, tk: {{posture: {posture['tk']}}}, "
              f"ds: {{posture: {posture['ds']}}}}}")
    pos = position(tmp_path, AE_SOVIET.format(tk=tk, ds=ds).replace(
        "Russia: {posture: war, status: active, alignment: soviet}", russia) + """
cards:
  - {map: tk, faction: soviet, number: 90, name: Test Only Production Two, war-state: pre-war, production: 2}
  - {map: ds, faction: soviet, number: 90, name: Test Only Production One, war-state: pre-war, production: 1}
""")
    pos.factions["soviet"]["tk"].hand.append("tk-soviet-90")
    pos.factions["soviet"]["ds"].hand.append("ds-soviet-90")
    r = check(pos, "soviet", {"tk": "tk-soviet-90", "ds": "ds-soviet-90"})      # 2 + 1 = 3
    assert r.legal == (limit == 3)
    if limit == 1:
        assert rules_of(r) == [("1.1.3.3", "Soviet Production Limit")]
        assert "exceeds the limit 1" in r.violations[0].message
    r = check(pos, "soviet", {"tk": "tk-soviet-90", "ds": None})
    assert (("1.1.3.3", "Soviet Production Limit") in rules_of(r)) == (limit == 1)


def test_1_1_3_3_production_limit_is_a_combined_game_rule(tmp_path):
    """1.1.3.3 (c): in TK or DS alone there is no Soviet Production Limit."""
    body = """
game: tk
turn: Mar-Apr 1939
war-state: pre-war
factions:
  soviet:
    tk: {hand: [90]}
cards:
  - {map: tk, faction: soviet, number: 90, name: Test Only Production Three, war-state: pre-war, production: 3}
"""
    pos = position(tmp_path, body, decks=())
    assert legal(pos, "soviet", tk="tk-soviet-90").legal
    pos = position(tmp_path, body.replace("game: tk", "game: ae").replace(
        "war-state: pre-war\n", "war-state: {tk: pre-war, ds: pre-war}\n").replace(
        "tk: {hand: [90]}", "tk: {hand: [90]}\n    ds: {hand: []}"), decks=())
    r = legal(pos, "soviet", tk="tk-soviet-90")
    assert rules_of(r) == [("1.1.3.3", "Soviet Production Limit")]


# ----------------------------------------------------------------------------- 1.1.3

def test_1_1_3_card_must_come_from_the_hand(tmp_path):
    """1.1.3: the card must be from those in the faction's hand (not the Current Card, not a played card,
    not another faction's card)."""
    pos = position(tmp_path, TK_AXIS.format(turn="Mar-Apr 1939", ws="pre-war", current=10,
                                            played="[{card: 3, turn: Nov-Dec 1938}]"))
    for cid in ("tk-axis-10", "tk-axis-3", "tk-axis-11", "tk-western-20"):
        r = check(pos, "axis", {"tk": cid})
        assert ("1.1.3", "Pending Card Selection") in rules_of(r), cid


def test_1_1_3_must_say_so_when_no_card_can_be_selected(tmp_path):
    """1.1.3: a faction that cannot select any card without violating a restriction must say so: the only
    legal selection is none, and `pairs` exits 1."""


    pos = position(tmp_path, SEQ_TK.format(axis_current=10, axis_hand="[11, 94]", western_current="null")
                   .replace("war-state: limited\n", "war-state: pre-war\n", 1))
    assert pairs(pos, "axis") == [{"tk": None}]
    assert check(pos, "axis", {}).legal
    r = run_cli("pairs", str(tmp_path / "state.yaml"), "--faction", "axis", "--json")
    assert r.exit_code == 1
    assert '"choices": [\n    {\n      "tk": null\n    }\n  ]' in r.output or '"tk": null' in r.output


def test_1_1_3_empty_slot_forced_and_voluntary(tmp_path):
    """1.1.3 with interpretation empty-slot: `forced` (default) allows no card only when none fits;
    `voluntary` always allows declining."""
    body = TK_AXIS.format(turn="Mar-Apr 1939", ws="pre-war", current="null", played="[]")
    pos = position(tmp_path, body)
    r = check(pos, "axis", {"tk": None})
    assert rules_of(r) == [("1.1.3", "No Pending Card")]
    assert "tk-axis-28a" in r.violations[0].message
    assert pairs(pos, "axis") == [{"tk": "tk-axis-28a"}]
    pos = position(tmp_path, body + "interpretations: {empty-slot: voluntary}\n")
    assert check(pos, "axis", {"tk": None}).legal
    assert pairs(pos, "axis") == [{"tk": "tk-axis-28a"}, {"tk": None}]


def test_1_1_3_empty_slot_given_the_other_slot(tmp_path):
    """1.1.3 in AE: a slot may stay empty only when no card fits it given the other slot (the FORMAT example:
    TK 38 with no DS card, because no DS card with a Production Value above 0 fits beside it)."""
    pos = position(tmp_path, AE_SOVIET.format(tk="total", ds="limited").replace("hand: [11b, 24]", "hand: [24]"))
    got = pairs(pos, "soviet")
    assert {"tk": "tk-soviet-38", "ds": None} in got
    assert {"tk": "tk-soviet-39", "ds": None} not in got           # DS 24 fits beside 39
    r = check(pos, "soviet", {"tk": "tk-soviet-39"})
    assert rules_of(r) == [("1.1.3", "No Pending Card")]


# ----------------------------------------------------------------------------- the shipped examples

# state files (allocation files for check-replacements are YAML lists without `game:`)
SHIPPED = sorted(p for p in EXAMPLES.glob("*.yaml") if any(l.startswith("game:") for l in p.read_text().splitlines()))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_shipped_examples_oracle_check_and_enumeration_agree(path):
    """Every shipped example, every faction in it: the independent oracle, direct enumeration, CP-SAT
    enumeration and `check` agree (1.1.3 - 1.1.3.3)."""
    from ..support import oracle

    from aeref.model.files.load import read_state
    pos, problems = read_state(path)
    assert not problems, problems
    for faction in pos.factions:
        expected = oracle.legal_set(pos, faction)
        got = pairs(pos, faction)
        assert {frozenset(c.items()) for c in got} == expected, faction
        for ch in oracle.every_choice(pos, sorted({c for m in pos.maps for c in pos.hand(faction, m)})):
            assert check(pos, faction, ch).legal == oracle.legal(pos, faction, ch), (faction, ch)


def test_shipped_ds_example_rules_named_in_its_comments():
    """DS 1.1.3.1 / 1.1.3.3 on the shipped DS example: the Navy leads the Government, so neither 3 Army
    Program nor 8 Demand Inner Mongolia; 12 Diplomatic Overtures cannot follow 11; 19a Aid to China and
    5 Cash & Carry Bill can be selected."""
    pos = load_position(EXAMPLES / "ds-1941.yaml")
    axis = pos.factions["axis"]["ds"]
    # the example's facts this test rests on (if the example changes, change the test with it)
    assert pos.government == "navy" and axis.current == "ds-axis-11"
    assert {"ds-axis-3", "ds-axis-8", "ds-axis-12"} <= set(axis.hand)
    assert {"ds-western-19a", "ds-western-5"} <= set(pos.hand("western", "ds"))
    for cid, rule in (("ds-axis-3", "1.1.3.1"), ("ds-axis-8", "1.1.3.1"), ("ds-axis-12", "1.1.3.3")):
        assert [v.rule for v in check(pos, "axis", {"ds": cid}).violations] == [rule], cid
    axis_choices = {c["ds"] for c in pairs(pos, "axis")}
    assert axis_choices.isdisjoint({"ds-axis-3", "ds-axis-8", "ds-axis-12"}) and axis_choices
    western = {c["ds"] for c in pairs(pos, "western")}
    assert {"ds-western-19a", "ds-western-5"} <= western


def test_1_1_3_3_recyclable_card_cannot_be_played_back_to_back(tmp_path):
    """TK / DS 1.1.3.3: because of the sequencing of 1.1.1, a recyclable card (DS Western 22 Chinese War
    Production) cannot be played back-to-back when there is only one of it: as the Current Card it is not
    in the hand when the Pending Card is selected (1.1.3), and listing it in both is an input error."""
    body = """
game: ds
turn: Aug-Sept 1941
war-state: limited
factions:
  western:
    ds:
      current: 22
      hand: [27]
"""
    pos = position(tmp_path, body)
    r = check(pos, "western", {"ds": "ds-western-22"})
    assert rules_of(r) == [("1.1.3", "Pending Card Selection")]
    assert "Current Card" in r.violations[0].message
    assert pairs(pos, "western") == [{"ds": "ds-western-27"}]
    from aeref.model.files.load import read_state
    (tmp_path / "state.yaml").write_text((tmp_path / "state.yaml").read_text().replace("hand: [27]", "hand: [27, 22]"))
    _, problems = read_state(tmp_path / "state.yaml")
    assert any("Current Card" in p.message for p in problems)


@pytest.mark.parametrize("text,expected", [
    ("Nov-Dec 1937", "Nov-Dec 1937"), ("Winter 1937", "Nov-Dec 1937"), ("nov-dec 1937", "Nov-Dec 1937"),
    ("Mar-Apr 1938", "Mar-Apr 1938"), ("Spring 1938", "Mar-Apr 1938"),
    ("May-June 1938", "May-June 1938"), ("May-Jun 1938", "May-June 1938"), ("Summer 1938", "May-June 1938"),
    ("Aug-Sept 1938", "Aug-Sept 1938"), ("Aug-Sep 1938", "Aug-Sept 1938"), ("Fall 1938", "Aug-Sept 1938"),
])
def test_1_1_3_3_annual_turn_spellings_and_the_next_seasonal_turn(tmp_path, text, expected):
    """FORMAT 4 turn spellings; 1.1.3.3: a Pending Card is revealed at the next Seasonal Turn and the
    calendar year of a Winter turn is that of its Nov-Dec (Nov-Dec 1937 is followed by Mar-Apr 1938)."""
    pos = position(tmp_path, f"game: tk\nturn: {text}\nwar-state: pre-war\nfactions: {{axis: {{tk: {{hand: []}}}}}}\n")
    assert str(pos.turn) == expected
    following = {"Nov-Dec 1937": "Mar-Apr 1938", "Mar-Apr 1938": "May-June 1938", "May-June 1938": "Aug-Sept 1938",
                 "Aug-Sept 1938": "Nov-Dec 1938"}
    assert str(pos.turn.next()) == following[expected]


def test_1_1_3_3_annual_message_reads_as_english(tmp_path):
    """1.1.3.3 Annual: "an Offensive card", cards joined with "and"."""
    from aeref.model.files.load import load_position
    from aeref.solver.selection.rules import check
    p = tmp_path / "s.yaml"
    p.write_text("""
game: ds
turn: May-June 1942
war-state: total
factions: {soviet: {ds: {hand: [2], played: [{card: 1, turn: Mar-Apr 1942}]}}}
cards:   # test-only cards
  - {map: ds, faction: soviet, number: 1, name: Winter Offensive, war-state: total, production: 0}
  - {map: ds, faction: soviet, number: 2, name: Summer Offensive, war-state: total, production: 0}
""")
    r = check(load_position(p), "soviet", {"ds": "ds-soviet-2"})
    assert r.violations[0].message == ("ds-soviet-2 Summer Offensive is an Offensive card, to be revealed in Aug-Sept 1942 "
                                       "(calendar year 1942), and ds-soviet-1 Winter Offensive in Mar-Apr 1942 was already "
                                       "revealed that year: at most one Offensive card per calendar year")


@pytest.mark.parametrize("name,kinds", [
    ("Winter Offensive", {"offensive"}), ("Winter Counteroffensive", set()), ("OFFENSIVE in the South", {"offensive"}),
    ("Demand Austria", {"demand"}), ("Demands Rejected", set()), ("War  Progress", {"war-progress"}),
    ("Progress of War", set()), ("Diplomatic Overtures to Siam", {"diplomatic-overtures"}),
])
def test_1_1_3_3_card_types_are_whole_words_of_the_name(name, kinds):
    """1.1.3.3 "cards that have the word 'Offensive' in their names": whole words (test-only names)."""
    from aeref.model.game.cards import CardFile, derive_kinds
    card = CardFile.model_validate({"map": "ds", "faction": "soviet", "number": 1, "name": name, "war-state": "total",
                                    "production": 0})
    assert set(derive_kinds(card)) & {"offensive", "demand", "war-progress", "diplomatic-overtures"} == kinds


# ----------------------------------------------------------------------------- the Current Card, the Soviet Production Limit, the empty slot, Limited War Blitz (1.1.3 - 1.1.3.3)

def test_the_current_card_is_not_in_the_hand_1_1_3(tmp_path):
    """1.1.1 Step 4: the Pending Card is selected from the hand; the Current Card is not in it."""
    st = {"game": "ds", "turn": "Nov-Dec 1941", "war-state": "limited", "factions": {"axis": {"ds": {"current": 11, "hand": [12]}}}}
    code, res, _ = run("check", write_state(tmp_path, "s.yaml", st), "--faction", "axis", "--ds", "11", "--json")
    assert code == 1 and any(v["message"].endswith("it is the Current Card, not in the hand") for v in res["violations"]), res


def test_the_soviet_production_limit_names_the_maps_at_total_war_1_1_3_3(tmp_path):
    """1.1.3.3 Soviet Production Limit (AE): 3 once Total War is in effect on either map - the reason names
    each map at Total War; 1 otherwise."""
    from aeref.model.files.load import load_position
    from aeref.solver.selection.rules import production_limit
    for ws, want in (({"tk": "total", "ds": "total"}, (3, "Total War on TK and DS")),
                     ({"tk": "limited", "ds": "total"}, (3, "Total War on DS")),
                     ({"tk": "limited", "ds": "pre-war"}, (1, "Pre-War or Limited War on both maps"))):
        st = {"game": "ae", "turn": "Nov-Dec 1941", "war-state": ws, "factions": {"soviet": {"tk": {"hand": []}, "ds": {"hand": []}}}}
        assert production_limit(load_position(write_state(tmp_path, "s.yaml", st))) == want


def test_1_1_3_no_pending_card_in_one_map_game_names_no_other_map(tmp_path):
    """Interpretation empty-slot=forced in DS alone: the empty DS slot is ruled on with the card that fits
    and nothing else ("with ..." names the other map's choice only in AE)."""
    p = ds_card_state(tmp_path, [], interpretations={"empty-slot": "forced"})
    code, res, err = run("check", p, "--faction", "axis", "--json")
    assert code == 1, err
    assert [v["message"] for v in res["violations"]] == [
        "no DS Pending Card although ds-axis-90 Test Only Card fits "
        "(a slot stays empty only when no card fits; interpretation empty-slot=forced)"]


LWB = """
game: {game}
turn: Aug-Sept 1938
war-state: {war_state}
factions:
  western:
    {map}: {{current: 30, hand: [31, 32, 33]}}
cards:
  - {{map: {map}, faction: western, number: 30, name: Test Only Blitz A, war-state: limited, blitz: 1}}
  - {{map: {map}, faction: western, number: 31, name: Test Only Blitz B, war-state: limited, blitz: 2}}
  - {{map: {map}, faction: western, number: 32, name: Test Only Blitz C, war-state: total, blitz: 1}}
  - {{map: {map}, faction: western, number: 33, name: Test Only Plain, war-state: limited}}
"""


@pytest.mark.parametrize("game, map_, war_state", [("ds", "ds", "total"), ("tk", "tk", "total"),
                                                   ("ae", "ds", "{tk: total, ds: total}")])
def test_1_1_3_3_western_limited_war_blitz_cards_not_back_to_back_on_either_map(tmp_path, game, map_, war_state):
    """1.1.3.3 Sequential Selection Restrictions, "Western: Limited War Blitz cards" - in both rules files
    (no triangle): with a gray Limited War card with a Blitz Value as the Current Card, another such card
    cannot be selected on that map; a red card with a Blitz Value is no Limited War Blitz card, nor is a
    gray card without one (FORMAT 2)."""
    text = LWB.format(game=game, map=map_, war_state=war_state)
    if game == "ae":
        text = text.replace("    ds: {current", "    tk: {hand: []}\n    ds: {current")
    (tmp_path / "s.yaml").write_text(text)
    pos = load_position(tmp_path / "s.yaml")
    blitz = check(pos, "western", {map_: f"{map_}-western-31"})
    assert [(v.rule, v.title) for v in blitz.violations] == [("1.1.3.3", "Sequential Selection Restrictions")]
    assert f"{map_}-western-30" in blitz.violations[0].message and "Limited War Blitz" in blitz.violations[0].message
    assert check(pos, "western", {map_: f"{map_}-western-32"}).legal
    assert check(pos, "western", {map_: f"{map_}-western-33"}).legal


def test_1_1_3_tk_alone_a_ds_card_is_ruled_by_the_map_not_in_play_only():
    """1.1.3 Pending Card Selection, TK alone: `check --tk ds-axis-33a` cites only "the DS map is not in play";
    the 1.1.3.3 Theater Selection Restrictions are a © rule of AE (both maps in play), where it still applies."""
    out = json.loads(run_cli("check", str(DECKS.parent / "tk-1939.yaml"), "--faction", "axis", "--tk", "ds-axis-33a", "--json").output)
    assert [(v["rule"], v["message"]) for v in out["violations"]] == [
        ("1.1.3", "ds-axis-33a Treaty: the DS map is not in play in game tk")], out
    out = json.loads(run_cli("check", str(DECKS.parent / "ae-1941.yaml"), "--faction", "axis", "--tk", "ds-axis-33a", "--json").output)
    assert [v["rule"] for v in out["violations"]] == ["1.1.3.3"], out
