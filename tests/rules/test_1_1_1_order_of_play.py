"""1.1.1 is written for "the phasing faction": it discards (Step 1), reveals (Step 2), performs the card's
actions (Step 3) and then selects its next Pending Card (Step 4) before the next faction's Step 1 (
item 4). The named interpretation ``order-of-play``: ``faction-by-faction`` (default) - `select`, `check`,
`pairs` and `why` rule on the position the phasing faction saw at its Step 4 (solver.option_cards.turn.position_seen: the
later factions' reveals undone); a ruling those reveals would change is made on the earlier position and says
which reveal it must not depend on; ``reveals-first`` - every faction reveals, then every faction selects.

The tutorial's turn (docs/tutorial.md): every faction selects in Aug-Sept 1941, `next-turn`, then the Nov-Dec
1941 reveals; the Axis DS card 28b North Wind Cloudy starts Total War on the DS map.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aeref
from aeref.model.game.interpretations import INTERPRETATIONS
from aeref.model.files.load import load_position
from aeref.solver.option_cards.turn import REVEAL_ORDER, later_reveals

from ..support import copy_examples
from ..support.order_positions import TOTAL_WAR_TURN, order_scenarios, write_turn
from ..support.profiles import scaled
from ..support.seasonal import run, say_no_card


@pytest.fixture
def nov(tmp_path, monkeypatch):
    copy_examples(tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    run("select", "examples/ae-aug-1941.yaml", "--faction", "axis", "--tk", "22a", "--ds", "28b", "--write", "a.yaml")
    run("select", "a.yaml", "--faction", "western", "--tk", "20", "--ds", "5", "--write", "w.yaml")
    run("select", "w.yaml", "--faction", "soviet", "--tk", "26b", "--ds", "24", "--write", "s.yaml")
    assert run("next-turn", "s.yaml", "--write", "nov.yaml")[0] == 0
    return "nov.yaml"


def test_1_1_1_order_of_play_is_a_named_interpretation():
    """1.1.1: `order-of-play`, default faction-by-faction, alternative reveals-first."""
    it = INTERPRETATIONS["order-of-play"]
    assert (it.default, it.values, it.rule) == ("faction-by-faction", ("faction-by-faction", "reveals-first"), "1.1.1")


def test_1_1_1_step_4_a_ruling_no_later_reveal_changes_is_made_as_on_the_position_seen(nov):
    """1.1.1 Step 4, order-of-play=faction-by-faction: after `reveal --faction all` the Axis faction selects as
    on the position its own reveal left: the Western and Soviet reveals change nothing its ruling reads, so the
    selection is ruled normally (no Order of Play) and `select --write` writes onto the later position."""
    assert run("reveal", nov, "--faction", "all", "--write", "all.yaml")[0] == 0
    assert run("reveal", nov, "--faction", "axis", "--write", "r1.yaml")[0] == 0
    assert later_reveals(load_position("all.yaml"), "axis") == ["western", "soviet"]
    assert later_reveals(load_position("all.yaml"), "western") == ["soviet"]
    for tk, ds in (("11", "12"), ("28a", None), (None, "28a")):
        cards = [*(["--tk", tk] if tk else []), *(["--ds", ds] if ds else [])]
        code, res, _ = run("check", "all.yaml", "--faction", "axis", *cards, "--json")
        code1, res1, _ = run("check", "r1.yaml", "--faction", "axis", *cards, "--json")
        assert (code, res) == (code1, res1)
        assert "Order of Play" not in [v["title"] for v in res["violations"]] and "notes" not in res
    code, res, _ = run("select", "all.yaml", "--faction", "axis", "--tk", "11", "--ds", "28a", "--write", "x.yaml", "--json")
    assert code == 0, res
    written = load_position("x.yaml")
    assert (written.factions["axis"]["tk"].pending, written.factions["axis"]["ds"].pending) == ("tk-axis-11", "ds-axis-28a")
    assert written.revealed_this_turn("western") and written.revealed_this_turn("soviet")


def test_1_1_1_step_4_the_last_faction_selects_after_every_reveal(nov):
    """1.1.1 Step 4: the Soviet faction, last in the order of play, selects on the position after every reveal."""
    assert run("reveal", nov, "--faction", "all", "--write", "all.yaml")[0] == 0
    assert later_reveals(load_position("all.yaml"), "soviet") == []
    code, res, _ = run("check", "all.yaml", "--faction", "soviet", "--tk", "23", "--json")
    code2, sel, _ = run("select", "all.yaml", "--faction", "soviet", "--tk", "23", "--write", "x.yaml", "--json")
    assert (sel["legal"], sel["violations"]) == (res["legal"], res["violations"]) and code == code2


def test_1_1_1_reveals_first_lets_every_faction_select_after_every_reveal(nov):
    """1.1.1, order-of-play=reveals-first: the Axis selection after every reveal is ruled as `check` rules it."""
    assert run("reveal", nov, "--faction", "all", "--write", "all.yaml")[0] == 0
    args = ["--faction", "axis", "--tk", "11", "--ds", "12", "--json", "-i", "order-of-play=reveals-first"]
    _, checked, _ = run("check", "all.yaml", *args)
    code, sel, _ = run("select", "all.yaml", *args, "--write", "x.yaml")
    assert (sel["legal"], sel["violations"]) == (checked["legal"], checked["violations"])
    assert "Order of Play" not in [v["title"] for v in sel["violations"]]


def test_1_1_1_faction_by_faction_each_reveals_then_selects(nov):
    """1.1.1 Steps 1-4, faction by faction: Axis reveals and selects, then Western reveals and selects, then
    Soviet; each selection is legal; the Axis selection made after the Western reveal is ruled as before it."""
    assert run("reveal", nov, "--faction", "axis", "--write", "r1.yaml")[0] == 0
    code, out, err = run("select", "r1.yaml", "--faction", "axis", "--tk", "11", "--ds", "12", "--write", "s1.yaml")
    assert code == 0, out + err
    assert run("reveal", "r1.yaml", "--faction", "western", "--write", "late.yaml")[0] == 0
    code, res, _ = run("select", "late.yaml", "--faction", "axis", "--tk", "11", "--ds", "12", "--write", "x.yaml", "--json")
    assert code == 0 and res["violations"] == [], res      # the Western reveal changes nothing the ruling reads
    assert run("reveal", "s1.yaml", "--faction", "western", "--write", "r2.yaml")[0] == 0
    assert not load_position("r2.yaml").revealed_this_turn("soviet")
    assert load_position("r2.yaml").revealed_this_turn("axis") and load_position("r2.yaml").revealed_this_turn("western")
    assert later_reveals(load_position("r2.yaml"), "western") == []


def test_1_1_1_a_position_without_previous_cannot_tell_and_is_ruled_as_it_is(tmp_path):
    """1.1.1: without `previous:` the reveals of this turn cannot be told: no Order of Play ruling."""
    pos = load_position(Path(__file__).resolve().parents[2] / "examples" / "ae-aug-1941.yaml")
    assert all(later_reveals(pos, f) == [] for f in REVEAL_ORDER)


def test_1_1_1_order_of_play_agrees_with_the_oracle_along_both_orders(nov):
    """1.1.1 Step 4: along the faction-by-faction chain and after `reveal --faction all` (each faction, under both
    values of order-of-play), the later reveals aeref undoes are those the oracle (tests/support/oracle.py, from
    the rules text) says the faction had not seen, and `check` rules every selection of the hand as the oracle
    rules it on the position the faction saw."""
    import itertools
    from ..support import oracle
    run("reveal", nov, "--faction", "all", "--write", "all.yaml")
    run("reveal", nov, "--faction", "axis", "--write", "r1.yaml")
    run("select", "r1.yaml", "--faction", "axis", "--tk", "11", "--ds", "12", "--write", "s1.yaml")
    run("reveal", "s1.yaml", "--faction", "western", "--write", "r2.yaml")
    run("reveal", "r1.yaml", "--faction", "western", "--write", "late.yaml")
    undone = 0
    for name in (nov, "all.yaml", "r1.yaml", "s1.yaml", "r2.yaml", "late.yaml"):
        for order in ("faction-by-faction", "reveals-first"):
            pos = load_position(name).with_interpretations({"order-of-play": order})
            api = aeref.load(name, {"order-of-play": order})
            for f in REVEAL_ORDER:
                want = oracle.order_refused(pos, f, load_position)
                assert later_reveals(pos, f) == want, (name, order, f)
                undone += bool(want)
                seen = oracle.seen_position(pos, f, load_position)
                hand = [pos.factions[f][m].hand + [None] for m in pos.maps]
                for vals in itertools.product(*hand):
                    ch = dict(zip(pos.maps, vals))
                    assert api.check(f, tk=ch["tk"], ds=ch["ds"]).legal == oracle.legal(seen, f, ch), (name, order, f, ch)
    assert undone >= 4


@pytest.fixture
def total_war_turn(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return str(write_turn(tmp_path, TOTAL_WAR_TURN).name)


def test_1_1_1_step_4_a_western_card_that_started_total_war_lets_no_red_axis_card_through(total_war_turn):
    """1.1.1 Step 4 (order-of-play=faction-by-faction): the Western card revealed after the Axis faction's Step 4
    started Total War on the TK map; the red Axis card is ruled on the position before that reveal (Limited War,
    1.1.3.2), by `check`, `select`, `pairs` and `why` alike, and the ruling says which reveal it must not depend
    on; under reveals-first it is legal."""
    pos = load_position(total_war_turn)
    assert pos.war_state["tk"] == "total" and later_reveals(pos, "axis") == ["western", "soviet"]
    code, res, _ = run("check", total_war_turn, "--faction", "axis", "--tk", "10", "--json")
    assert code == 1
    assert [(v["rule"], v["title"]) for v in res["violations"]] == [
        ("1.1.1", "Order of Play"), ("1.1.3.2", "War State Selection Restrictions")], res
    first = res["violations"][0]["message"]
    assert "before the Western reveal (tk-western-1 Test Total War: Total War went into effect on the TK map, was Limited War)" in first
    assert "order-of-play=faction-by-faction" in first and "Limited War is in effect" in res["violations"][1]["message"]
    assert res["interpretations"]["order-of-play"] == "faction-by-faction"
    code, sel, _ = run("select", total_war_turn, "--faction", "axis", "--tk", "10", "--write", "x.yaml", "--json")
    assert (code, sel["violations"]) == (1, res["violations"]) and not Path("x.yaml").exists()
    code, late, _ = run("check", total_war_turn, "--faction", "axis", "--tk", "10", "--json", "-i", "order-of-play=reveals-first")
    assert code == 0 and late["legal"], late
    code, pairs, _ = run("pairs", total_war_turn, "--faction", "axis", "--json")
    assert code == 0 and {c["tk"] for c in pairs["choices"]} == {"tk-axis-11", "tk-axis-12"}, pairs
    assert "the Western reveal (tk-western-1 Test Total War: Total War went into effect" in pairs["notes"][0]
    assert {e["card"]: e["rules"][0]["rule"] for e in pairs["excluded"]} == {"tk-axis-10": "1.1.3.2", "tk-axis-13": "1.1.3.1"}
    code, why, _ = run("why", total_war_turn, "10", "--faction", "axis", "--json")
    assert code == 1 and why["violations"][0]["rule"] == "1.1.3.2" and "Test Total War" in why["notes"][0]
    code, text, _ = run("why", total_war_turn, "10", "--faction", "axis")
    assert "Note: 1.1.1 Order of Play: the Axis faction selects its next Pending Cards (Step 4) before the Western reveal" in text


def test_1_1_1_step_4_a_card_the_later_faction_plays_is_not_played_yet(total_war_turn):
    """1.1.1 Step 4: a requirement "card played" that only the later Western reveal meets does not hold on the
    position the Axis faction saw (1.1.3.1)."""
    assert run("check", total_war_turn, "--faction", "axis", "--tk", "13", "-i", "order-of-play=reveals-first")[0] == 0
    code, res, _ = run("check", total_war_turn, "--faction", "axis", "--tk", "13", "--json")
    assert code == 1 and [v["rule"] for v in res["violations"]] == ["1.1.1", "1.1.3.1"], res


def test_1_1_1_step_4_a_card_the_later_reveal_would_make_illegal_is_legal_with_the_reason(total_war_turn):
    """1.1.1 Step 4: a card whose requirement (Limited War in effect) held on the position the Axis faction saw
    is legal, with a note saying which reveal the ruling does not count; `select --write` writes onto the later
    position (Total War, the Western Current Card revealed)."""
    code, res, _ = run("check", total_war_turn, "--faction", "axis", "--tk", "12", "--json", "-i", "order-of-play=reveals-first")
    assert code == 1 and res["violations"][0]["rule"] == "1.1.3.1"
    code, res, _ = run("check", total_war_turn, "--faction", "axis", "--tk", "12", "--json")
    assert code == 0 and res["violations"] == [] and res["notes"][0].startswith("1.1.1 Order of Play: the Axis faction selects"), res
    code, text, _ = run("select", total_war_turn, "--faction", "axis", "--tk", "12", "--write", "x.yaml")
    assert code == 0 and "  Note: 1.1.1 Order of Play: the Axis faction selects its next Pending Cards (Step 4) before the Western reveal" in text
    written = load_position("x.yaml")
    assert written.war_state["tk"] == "total" and written.factions["western"]["tk"].current == "tk-western-1"
    assert written.factions["axis"]["tk"].pending == "tk-axis-12"


def test_1_1_1_step_4_when_the_position_seen_cannot_be_told_the_file_is_refused(total_war_turn):
    """1.1.1 Step 4: when the later reveal cannot be undone (the Western Current Card is not the one its Pending
    Card of `previous:` gives), `check` says what the file lacks: one Error line naming file and place, exit 2."""
    data = yaml.safe_load(Path(total_war_turn).read_text())
    tk = data["factions"]["western"]["tk"]
    tk["hand"], tk["current"] = [tk["current"]], "tk-western-10"
    Path("odd.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    code, out, err = run("check", "odd.yaml", "--faction", "axis", "--tk", "11")
    assert code == 2 and err.startswith("Error: odd.yaml: previous: ") and len(err.strip().splitlines()) == 1, err
    assert "the Western TK Current Card here is tk-western-10" in err and "order-of-play=reveals-first" in err
    assert run("check", "odd.yaml", "--faction", "axis", "--tk", "11", "-i", "order-of-play=reveals-first")[0] == 0
    assert run("check", "odd.yaml", "--faction", "soviet")[0] in (0, 1)      # the last faction saw this position


@settings(max_examples=scaled(30), deadline=None, suppress_health_check=list(HealthCheck))
@given(order_scenarios())
def test_1_1_1_order_of_play_check_and_pairs_agree_with_the_oracle(spec):
    """1.1.1 Step 4 (order-of-play=faction-by-faction), random Seasonal Turns in which later factions reveal
    cards that start a war state (12) or that the asked faction's requirements name (tests/support/
    order_positions.py): `check` on every selection of the hand, and `pairs`, rule as the oracle rules on the
    position the faction saw (tests/support/oracle.py ``seen_position``, from the rules text)."""
    import itertools
    from ..support import oracle
    with tempfile.TemporaryDirectory() as d:
        path = write_turn(Path(d), spec)
        pos, api, f = load_position(path), aeref.load(path), spec["asked"]
        seen = oracle.seen_position(pos, f, load_position)
        assert seen is not pos                       # a later faction has revealed: the earlier position is ruled on
        hand = [c for m in pos.maps for c in pos.factions[f][m].hand]
        want = set()
        for vals in itertools.product(*[pos.factions[f][m].hand + [None] for m in pos.maps]):
            ch = dict(zip(pos.maps, vals))
            ok = oracle.legal(seen, f, ch)
            got = api.check(f, tk=ch.get("tk"), ds=ch.get("ds"))
            assert got.legal == ok, (ch, got.as_json(), oracle.violations(seen, f, ch))
            if ok:
                want.add(frozenset({m: ch.get(m) for m in pos.maps}.items()))
        assert want == {frozenset(c.items()) for c in api.legal_selections(f).choices}, hand


def test_1_1_1_step_2_the_reveal_checks_the_card_on_the_position_it_was_selected_in(total_war_turn):
    """1.1.1 Step 2 "in compliance ... at the time it was selected": the Axis red card placed by hand on the file
    of Nov-Dec 1941 after the Western reveal that started Total War (`check` rules it illegal there, 1.1.1 Order
    of Play) is revealed in Mar-Apr 1942 as illegal, checked on the position before that Western reveal (Limited
    War, 1.1.3.2): it returns to the hand, exit 1 (Total War is in effect by then: no Allied option)."""
    assert run("check", total_war_turn, "--faction", "axis", "--tk", "10")[0] == 1
    data = yaml.safe_load(Path(total_war_turn).read_text())
    axis = data["factions"]["axis"]["tk"]
    axis["hand"].remove("tk-axis-10")
    axis.update({"pending": "tk-axis-10", "selected": "Nov-Dec 1941"})
    Path("placed.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    say_no_card(Path("placed.yaml"))
    assert run("next-turn", "placed.yaml", "--write", "mar.yaml")[0] == 0
    code, res, err = run("reveal", "mar.yaml", "--faction", "axis", "--json")
    assert code == 1, err
    tk = res["maps"]["tk"]
    assert tk["legal"] is False and tk["current"] is None, tk
    assert [v["rule"] for v in tk["violations"]] == ["1.1.3.2"], tk
    assert "Limited War is in effect" in tk["violations"][0]["message"]
    code, all_, _ = run("reveal", "mar.yaml", "--faction", "all", "--json")
    assert code == 1 and all_["reveals"][0]["maps"]["tk"]["legal"] is False
    # under reveals-first the Axis faction selected after the Western reveal: the card was legal then
    code, late, _ = run("reveal", "mar.yaml", "--faction", "axis", "--json", "-i", "order-of-play=reveals-first")
    assert code == 0 and late["maps"]["tk"]["legal"] is True, late


def test_1_1_2_2_the_order_positions_reach_reinforcements_that_decide_a_ruling():
    """1.1.2.2: the random Seasonal Turns of the agreement test above reach the case where a counter entered by a
    card revealed this turn (the asked faction's own, or a later faction's) is what a hand card's requirement
    reads: the oracle's position seen lacks it (the generator does not drift away from the rule)."""
    from ..support import oracle
    from ..support.distributions import draw_examples
    reached = 0
    for spec in draw_examples(order_scenarios(), 40):
        with tempfile.TemporaryDirectory() as d:
            pos = load_position(write_turn(Path(d), spec))
            seen = oracle.seen_position(pos, spec["asked"], load_position)
            unseen = getattr(seen, "oracle_unseen", set())
            named = {str(r["marker"]["name"]).casefold() for c in spec["deck"] if c["faction"] == spec["asked"]
                     for r in c.get("requires", []) if "marker" in r}
            reached += bool(unseen & named)
    assert reached >= 3, reached


@settings(max_examples=scaled(20), deadline=None, suppress_health_check=list(HealthCheck))
@given(order_scenarios(), st.integers(0, 15))
def test_1_1_1_step_2_the_reveal_rules_as_the_oracle_on_the_position_seen(spec, pick):
    """1.1.1 Step 2 "at the time it was selected": on random Seasonal Turns (later reveals starting war states,
    playing cards a requirement names, entering counters), the asked faction places a hand card by hand (legal
    or not) on the file of the reveals; one turn later its reveal finds the card illegal exactly when the oracle
    finds a rule broken on the position that faction saw at its Step 4 (tests/support/oracle.py)."""
    import itertools
    from ..support import oracle
    from ..support.order_positions import REVEALED_IN
    f = spec["asked"]
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        path = write_turn(d, spec)
        pos = load_position(path)
        choices = [dict(zip(pos.maps, vals)) for vals in itertools.product(*[pos.factions[f][m].hand + [None]
                                                                              for m in pos.maps])]
        choices = [c for c in choices if any(c.values())]
        if not choices:
            return
        choice = choices[pick % len(choices)]
        broken = oracle.base_violations(oracle.seen_position(pos, f, load_position), f, choice)
        data = yaml.safe_load(path.read_text())
        for m, cid in choice.items():
            if cid:
                sec = data["factions"][f][m]
                sec["hand"].remove(cid)
                sec.update({"pending": cid, "selected": REVEALED_IN})
        (d / "placed.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
        say_no_card(d / "placed.yaml")
        assert run("next-turn", d / "placed.yaml", "--write", d / "later.yaml")[0] == 0
        code, res, err = run("reveal", d / "later.yaml", "--faction", f, "--json")
        assert code in (0, 1), err
        illegal = any(r["legal"] is False for r in res["maps"].values())
        assert illegal == bool(broken), (choice, broken, res["maps"])
