"""Planning ahead for another faction (1.1 face down, 1.1.1, 1.1.3, 12): ``plan --faction G --as F``.

The earliest Seasonal Turn each card G may hold can be revealed in, over every hand F's view allows,
agrees with a brute force written without ``solver/``: every hand of the right size drawn from the
candidates (``tests/support/hidden_oracle.py``), each planned by the brute-force planner
(``tests/support/plan_oracle.py``: every plan tried), the least turn per card taken. The answer is made
from F's view alone: byte by byte the same whatever G really holds, as long as the public facts are the
same.
"""
from __future__ import annotations

import json
import textwrap
from functools import lru_cache
from itertools import product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import aeref
from aeref.model.files.errors import InputError
from aeref.model.secrecy.views import view
from aeref.solver.plan import hidden_plan
from aeref.solver.plan.planner import plan
from aeref.solver.selection.hidden import hidden_hands

from ..support import hidden_oracle, oracle, plan_oracle
from ..support.cli import run
from ..support.distributions import draw_examples
from ..support.plan_positions import plan_cases
from ..support.profiles import scaled
from ..support.selection_positions import FACTIONS, load

DECKS = Path(__file__).resolve().parents[2] / "examples" / "decks"

#: DS in Pre-War, Mar-Apr 1941: the Axis hand holds two cards face down. 28a East Wind Rain needs Limited
#: War (its war state, 1.1.3.2); 2a Army Plan Adopted and 2b Navy Plan Adopted start it (12) when revealed.
EAST_WIND = """
game: ds
turn: Mar-Apr 1941
war-state: pre-war
government: navy
factions:
  axis:
    ds:
      current: 11
      hand: {hand}
  western:
    ds:
      current: 22
      hand: [19a, 5]
      played:
        - {{card: 18a, turn: Mar-Apr 1938}}
"""


def write(tmp_path, body: str, name: str = "state.yaml") -> Path:
    text = "decks: [" + ", ".join(str(DECKS / f"{d}.yaml") for d in ("axis", "western", "soviet")) + "]\n"
    path = tmp_path / name
    path.write_text(text + textwrap.dedent(body))
    return path


def _placements(seen, g, hand: dict):
    """The whole positions of ``hand`` (``{map: cards}``, of the size at the selection): on a map whose Pending
    Card lies face down, each card of the hand in turn that Pending Card (1.1.3: selected from the hand)."""
    size = hidden_oracle.sizes(seen, g)
    maps = list(hand)
    options = [[(tuple(hand[m]), None)] if not size[m][1] else
               [(tuple(c for c in hand[m] if c != p), p) for p in hand[m]] for m in maps]
    for combo in product(*options):
        yield dict(zip(maps, combo))


def _whole(seen, g, placed: dict, raw):
    w = hidden_oracle.whole(seen, g, {m: cs for m, (cs, _) in placed.items()}, raw)
    for m, (_, p) in placed.items():
        w.factions[g][m].pending = p
    return w


def _brute(seen, g, raw, turns) -> dict:
    """``{card: earliest turn}`` over every hand the view allows, each hand planned by the brute force."""
    best: dict = {}
    back = _recyclable_current(seen, g)
    for hand in hidden_oracle.hands(seen, g):
        for placed in _placements(seen, g, hand):
            got = plan_oracle.explore(_whole(seen, g, placed, raw), g, turns).earliest
            for c, t in got.items():
                if (any(c in cs for cs in hand.values()) or c in back) and (c not in best or t < best[c]):
                    best[c] = t
    return best


def _recyclable_current(seen, g) -> set:
    """G's recyclable Current Cards: face up, back in every hand once discarded (1.1.1 Step 1)."""
    return {fm.current for fm in seen.factions[g].values() if fm.current and seen.cards[fm.current].raw.recyclable}


@st.composite
def hidden_plan_cases(draw):
    """(whole position, F's view with G's hand-count lowered by 0-3 or by half on each map, G, turns): the view of a
    position whose hand held fewer cards, the others left in the deck (so the hand is 1 of several)."""
    state, deck, g, turns = draw(plan_cases())
    pos = load(state, deck)
    seen = view(pos, draw(st.sampled_from([f for f in FACTIONS if f != g])))
    for m, fm in list(seen.factions.get(g, {}).items()):
        n = fm.hand_face_down or 0
        drop = draw(st.integers(0, min(3, n)) | st.just(n // 2))       # half the hand: the most hands
        seen.factions[g][m] = type(fm)(**{**fm.__dict__, "hand_face_down": (fm.hand_face_down or 0) - drop})
    return pos, seen, g, min(turns, 3)


@settings(max_examples=scaled(40), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(hidden_plan_cases())
def test_1_1_hidden_plan_agrees_with_planning_every_hand_by_brute_force(case):
    """1.1, 1.1.1, 1.1.3: per card G may hold, the earliest turn over every consistent hand is the least of the
    brute-force planner's earliest turns of those hands; the hand shown holds the card, has the hand's size,
    and reaches the card in that turn."""
    pos, seen, g, turns = case
    assume(not oracle.awaits_reveal(pos, g) and hidden_oracle.consistent(seen, g))
    try:
        got = hidden_plan.plan_hidden(seen, g, turns)
    except InputError:
        assume(False)                                        # more hands than are planned one by one
        return
    assert got.complete
    expected = _brute(seen, g, pos.raw, turns)
    assert {b.card: b.turn for b in got.earliest if b.turn is not None} == expected
    size = {m: n for m, (n, _) in hidden_oracle.sizes(seen, g).items()}
    for b in got.earliest:
        assert b.proved
        if b.turn is not None:
            h, p = b.hand["hand"], b.hand["pending"]
            assert b.card in h[b.map] + [p.get(b.map)] + list(_recyclable_current(seen, g))
            assert {m: len(cs) + (m in p) for m, cs in h.items()} == size
            placed = {m: (tuple(cs), p.get(m)) for m, cs in h.items()}
            assert plan_oracle.explore(_whole(seen, g, placed, pos.raw), g, turns).earliest[b.card] == b.turn


def _per_hand(seen, g, raw, turns) -> dict:
    """``{card: {earliest turn of each hand holding it}}`` by the brute force."""
    per: dict = {}
    for hand in hidden_oracle.hands(seen, g):
        for placed in _placements(seen, g, hand):
            got = plan_oracle.explore(_whole(seen, g, placed, raw), g, turns).earliest
            for cs in hand.values():
                for c in cs:
                    per.setdefault(c, set()).add(got.get(c))
    return per


@lru_cache(maxsize=None)
def _deciding() -> tuple:
    """The drawn positions where the hand decides: some card's earliest turn differs between the hands that hold
    it (a card it needs first, or that keeps it back, is in some hands only)."""
    out = []
    for pos, seen, g, turns in draw_examples(hidden_plan_cases(), 150):
        if oracle.awaits_reveal(pos, g) or not hidden_oracle.consistent(seen, g):
            continue
        if any(len(ts) > 1 for ts in _per_hand(seen, g, pos.raw, turns).values()):
            out.append((pos, seen, g, turns))
    return tuple(out)


def test_1_1_hidden_plan_agrees_where_the_hand_decides():
    """1.1, 1.1.3: on the drawn positions where which hand G holds changes a card's earliest turn (at least 10 of
    them), the answer is the least over the hands, as the brute force finds it."""
    cases = _deciding()
    assert len(cases) >= 10, len(cases)
    for pos, seen, g, turns in cases:
        got = hidden_plan.plan_hidden(seen, g, turns)
        assert {b.card: b.turn for b in got.earliest if b.turn is not None} == _brute(seen, g, pos.raw, turns)


@settings(max_examples=scaled(25), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(plan_cases())
def test_1_1_hidden_plan_of_a_hand_known_exactly_is_the_plan_of_that_hand(case):
    """1.1: when the hand-count equals the cards the hand may hold, the hand is known and its plan over every
    hand is today's plan of that hand."""
    state, deck, g, turns = case
    pos = load(state, deck)
    assume(not oracle.awaits_reveal(pos, g) and not any(fm.pending for fm in pos.factions[g].values()))
    seen = view(pos, next(f for f in FACTIONS if f != g))
    assume(hidden_oracle.consistent(seen, g))
    hands = hidden_hands(seen, g)
    assume(all(h.known for h in hands.values()))
    got = hidden_plan.plan_hidden(seen, g, turns)
    mine = plan(pos, g, turns)
    held = {c for h in hands.values() for c in h.cards} | _recyclable_current(seen, g)
    assert {b.card: b.turn for b in got.earliest} == {e.card: e.turn for e in mine.earliest if e.card in held}
    assert got.hands == 1


def test_1_1_3_2_east_wind_rain_cannot_be_revealed_before_aug_sept_1941_whatever_the_axis_holds(tmp_path):
    """1.1.3.2, 12, Western view: in Mar-Apr 1941 under Pre-War, 28a East Wind Rain (a gray Limited War card) needs
    Limited War in effect; a hand with 2a (or 2b) may reveal it in May-June 1941, which starts Limited War,
    and 28a selected then is revealed in Aug-Sept 1941. No hand of two cards does it earlier."""
    seen = aeref.load(write(tmp_path, EAST_WIND.format(hand="[33a, 12]"))).view("western")
    ans = seen.possible_plan("axis", turns=3)
    assert ans.hands == 28 and ans.complete
    by = {b.card: b for b in ans.earliest}
    ewr = by["ds-axis-28a"]
    assert str(ewr.turn) == "Aug-Sept 1941" and ewr.proved
    assert "ds-axis-28a" in ewr.hand["hand"]["ds"] and {"ds-axis-2a", "ds-axis-2b"} & set(ewr.hand["hand"]["ds"])
    assert [dict(s.choice)["ds"] for s in ewr.earliest.plan][1] == "ds-axis-28a"
    assert any(rule.startswith("1.1.3.2") and "Pre-War is in effect" in msg for rule, msg in ewr.earliest.reasons), ewr.earliest.reasons
    assert str(by["ds-axis-2a"].turn) == "May-June 1941"
    # 1.1.3.1: 3 Army Program needs the Army to lead the Government: no hand reveals it (the Navy leads)
    assert by["ds-axis-3"].turn is None and by["ds-axis-3"].proved
    late = seen.possible_plan("axis", want=["ds:28a"], by="May-June 1941")
    assert late.goal_plan is None and late.complete
    ok = seen.possible_plan("axis", want=["28a"], by="Aug-Sept 1941")
    assert str(ok.goal_turn) == "Aug-Sept 1941" and "ds-axis-28a" in ok.goal_hand["hand"]["ds"]


def test_1_1_hidden_plan_cli_text_json_and_exit_codes(tmp_path, monkeypatch):
    """``plan --faction G --as F``: the text says "whatever the Axis faction holds"; ``--json`` opens with
    ``format-version``; a goal no hand reaches exits 1; a wanted card no hand may hold, --avoid, and more
    hands than are planned one by one are refused (exit 2, one ``Error:`` line)."""
    path = write(tmp_path, EAST_WIND.format(hand="[2a, 28a]"))
    r = run("plan", str(path), "--faction", "axis", "--as", "western", "--turns", "3")
    assert r.exit_code == 0, r.output
    assert "ds-axis-28a East Wind Rain: earliest Aug-Sept 1941 whatever the Axis faction holds" in r.stdout
    r = run("plan", str(path), "--faction", "axis", "--as", "western", "--turns", "3", "--json")
    data = json.loads(r.stdout)
    assert list(data)[0] == "format-version" and data["viewer"] == "western" and data["hands-consistent"] == 28
    assert {c["card"]: c["earliest"] for c in data["cards"]}["ds-axis-28a"] == "Aug-Sept 1941"
    r = run("plan", str(path), "--faction", "axis", "--as", "western", "--want", "ds:28a", "--by", "May-June 1941")
    assert r.exit_code == 1 and "Impossible whatever the Axis faction holds" in r.stdout
    for extra, words in ((["--want", "ds:11"], "no hand the Axis faction may hold has ds-axis-11"),
                         (["--avoid", "ds:12"], "--avoid")):
        r = run("plan", str(path), "--faction", "axis", "--as", "western", *extra)
        assert r.exit_code == 2 and r.stderr.count("\n") == 1 and words in r.stderr, r.output
    monkeypatch.setattr(hidden_plan, "MAX_HANDS", 0)          # no hand planned one by one: the bound's hands only
    big = Path(__file__).resolve().parents[2] / "examples" / "ae-1941.yaml"
    r = run("plan", str(big), "--faction", "axis", "--as", "western", "--json")
    assert r.exit_code == 0 and r.json["hands-consistent"] == 420 and r.json["hands-planned"] < 20, r.output
    assert all(c["proved"] or c["not-before"] for c in r.json["cards"])


def test_1_1_face_down_the_plan_is_the_same_whatever_the_hand(tmp_path):
    """1.1: ``plan --as western`` of the Axis is made from the Western view alone: byte by byte the same for
    every Axis hand of two cards (the public facts are the same); a public fact changed, it changes."""
    outs = []
    for i, hand in enumerate(("[2a, 28a]", "[33a, 12]", "[3, 28b]")):
        d = tmp_path / str(i)
        d.mkdir()
        path = write(d, EAST_WIND.format(hand=hand))
        got = [run("plan", str(path), "--faction", "axis", "--as", "western", "--turns", "3", *extra).stdout
               for extra in ((), ("--json",), ("--want", "ds:28a", "--by", "Aug-Sept 1941", "--json"))]
        outs.append(got)
    assert outs[0] == outs[1] == outs[2]
    d = tmp_path / "fewer"
    d.mkdir()
    fewer = write(d, EAST_WIND.format(hand="[2a]"))
    assert run("plan", str(fewer), "--faction", "axis", "--as", "western", "--turns", "3").stdout != outs[0][0]


@pytest.mark.parametrize("name", ["tk-1939.yaml", "ds-1941.yaml", "ae-aug-1941.yaml"])
def test_1_1_hidden_plan_on_the_shipped_examples(name):
    """Every other faction's plan from every view of the shipped examples whose hands are few enough:
    each answer complete, each card's earliest turn at least the next Seasonal Turn (1.1.3)."""
    pos = aeref.load(Path(__file__).resolve().parents[2] / "examples" / name)
    for f in FACTIONS:
        for g in pos.factions:
            if g == f:
                continue
            try:
                ans = pos.view(f).possible_plan(g, turns=2)
            except InputError:
                continue
            assert ans.complete
            assert all(b.turn is None or b.turn >= pos.turn.ahead(1) for b in ans.earliest)


def test_1_1_3_3_soviet_production_limit_over_every_hand_from_the_western_view():
    """1.1.3.3 © example, Western view: Total War on TK; TK 38 Total War Production (3) and DS 16 Pre-War
    Production (1) sum to 4, over the limit 3: no Soviet hand reveals both by Mar-Apr 1942, and the rule says
    why; TK 39 (2) and DS 16 (1) can come together, with a hand holding both."""
    seen = aeref.load(Path(__file__).resolve().parents[2] / "examples" / "ae-soviet-production.yaml").view("western")
    no = seen.possible_plan("soviet", want=["tk:38", "ds:16"], by="Mar-Apr 1942")
    assert not no.reached() and no.complete
    hand, cards, rules = no.goal_stopped
    assert hand is None and cards == ["tk-soviet-38", "ds-soviet-16"]     # so even with every card it may hold
    assert rules == [("1.1.3.3 Soviet Production Limit",
                      "Nov-Dec 1941: tk-soviet-38 (3) + ds-soviet-16 (1) = 4 exceeds the limit 3 (Total War on TK)")]
    yes = seen.possible_plan("soviet", want=["tk:39", "ds:16"], by="Mar-Apr 1942")
    assert str(yes.goal_turn) == "Mar-Apr 1942" and "ds-soviet-16" in yes.goal_hand["hand"]["ds"]
    assert yes.as_json()["stopped"] is None


def test_1_1_hidden_plan_from_the_public_file_and_the_viewers_private_file(tmp_path):
    """1.1: dealt as a public file and private files, ``plan --as western --private`` (the Western file
    alone) answers as the whole file's Western view does, byte for byte."""
    whole_file = write(tmp_path, EAST_WIND.format(hand="[2a, 28a]"))
    public = tmp_path / "pub.yaml"
    assert run("split", str(whole_file), "-o", str(public)).exit_code == 0
    args = ("--faction", "axis", "--as", "western", "--turns", "3", "--json")
    dealt = run("plan", str(public), "--private", str(tmp_path / "pub.western.private.yaml"), *args)
    assert dealt.exit_code == 0, dealt.output
    assert dealt.stdout == run("plan", str(whole_file), *args).stdout


@settings(max_examples=scaled(30), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])
@given(hidden_plan_cases())
def test_1_1_hidden_plan_bound_alone_is_never_wrong(case):
    """With no hand planned one by one (as beyond the bound on the hands), each card's answer comes from the
    bound (every candidate held, empty slots voluntary) and the hands made from its plans: a card proved has the
    brute force's earliest turn over every hand; one left unproved has a bound no later than it (and a plan
    found, if any, no earlier); a card the bound cannot reveal no hand reveals."""
    pos, seen, g, turns = case
    assume(not oracle.awaits_reveal(pos, g) and hidden_oracle.consistent(seen, g))
    old, hidden_plan.MAX_HANDS = hidden_plan.MAX_HANDS, 0
    try:
        got = hidden_plan.plan_hidden(seen, g, turns)
    finally:
        hidden_plan.MAX_HANDS = old
    expected = _brute(seen, g, pos.raw, turns)
    for b in got.earliest:
        truth = expected.get(b.card)
        if b.proved:
            assert b.turn == truth, (b.card, b.turn, truth)
        else:
            assert b.not_before is not None, b.card
            if truth is None:                                # the bound may reach a card no hand reveals
                assert b.turn is None, b.card
            else:
                assert b.not_before <= truth and (b.turn is None or b.turn >= truth), (b.card, b.not_before, truth)
        if b.stopped is not None and b.hand is None:
            assert truth is None


def test_1_1_1_a_recyclable_current_card_is_planned_for_every_hand(tmp_path):
    """1.1.1 Step 1: ds-1941's Western Current Card 22 Chinese War Production is recyclable, face up, and back in
    every Western hand once discarded: `plan --as axis` plans it (earliest Mar-Apr 1942, as the Western faction's
    own plan), and `--want ds:22` is a goal of every hand."""
    f = Path(__file__).resolve().parents[2] / "examples" / "ds-1941.yaml"
    own = run("plan", str(f), "--faction", "western", "--turns", "3")
    assert "ds-western-22 Chinese War Production: earliest Mar-Apr 1942" in own.stdout
    own = run("plan", str(f), "--faction", "western", "--turns", "3", "--want", "ds:22")
    assert own.exit_code == 0 and "Earliest: Mar-Apr 1942" in own.stdout, own.output
    seen = run("plan", str(f), "--faction", "western", "--as", "axis", "--turns", "3")
    assert "ds-western-22 Chinese War Production: earliest Mar-Apr 1942 whatever the Western faction holds" in seen.stdout
    goal = run("plan", str(f), "--faction", "western", "--as", "axis", "--turns", "3", "--want", "ds:22")
    assert goal.exit_code == 0 and "Possible: earliest Mar-Apr 1942" in goal.stdout, goal.output


def test_1_1_hidden_plan_is_the_same_in_every_process():
    """The answer, its hands and plans included, is the same bytes in every process (the order of Python's sets
    of strings changes with the process: none may choose a hand)."""
    import os
    import subprocess
    import sys
    f = Path(__file__).resolve().parents[2] / "examples" / "ds-1941.yaml"
    outs = set()
    for seed in ("1", "2", "3"):
        r = subprocess.run([sys.executable, "-m", "aeref", "plan", str(f), "--faction", "axis", "--as", "western"],
                           capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed})
        assert r.returncode == 0, r.stderr
        outs.add(r.stdout)
    assert len(outs) == 1


def test_1_1_hidden_plan_goal_of_one_card_agrees_with_its_earliest_turn(tmp_path):
    """A goal of one card is reached when that card's earliest turn is: on a generated AE position (test-only
    cards: 12 candidates per map, a hand of 6, the TK Pending Card face down; 5,122,656 hands) the bound's goal
    plan leaves the TK slot empty in the first turn (allowed there), and the hand made from it takes the first
    card it does not select as the Pending Card: the goal is settled, not refused."""
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tests.support.bench import load as load_bench
    from tests.support.scale_positions import write as write_scaled
    n = 12
    state = load_bench("selection").generate(n)
    sections = {}
    for m, sec in state["factions"]["soviet"].items():
        sec = dict(sec, hand=sec["hand"][: n // 2])
        if m == "tk":
            sec["pending"], sec["hand"] = sec["hand"][0], sec["hand"][1:]
        sections[m] = sec
    seen = aeref.load(write_scaled({**state, "factions": {"soviet": sections}}, tmp_path / "h.yaml")).view("western")
    every = {b.card: b for b in seen.possible_plan("soviet", turns=3).result.earliest}
    card = every["ds-soviet-113"]
    assert card.proved and card.turn is not None
    goal = seen.possible_plan("soviet", turns=3, want=["ds-soviet-113"])
    assert goal.result.hands == 5_122_656 and goal.result.goal_turn == card.turn
