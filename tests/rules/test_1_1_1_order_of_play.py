"""1.1.1 is written for "the phasing faction": it discards (Step 1), reveals (Step 2), performs the card's
actions (Step 3) and then selects its next Pending Card (Step 4) before the next faction's Step 1 (issue 19
item 4). The named interpretation ``order-of-play``: ``faction-by-faction`` (default) - `select`, `check`,
`pairs` and `why` rule on the position the phasing faction saw at its Step 4 (solver.turn.position_seen: the
later factions' reveals undone); a ruling those reveals would change is made on the earlier position and says
which reveal it must not depend on; ``reveals-first`` - every faction reveals, then every faction selects.

The tutorial's turn (docs/tutorial.md): every faction selects in Aug-Sept 1941, `next-turn`, then the Nov-Dec
1941 reveals; the Axis DS card 28b North Wind Cloudy starts Total War on the DS map.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import aeref
from aeref.model.interpretations import INTERPRETATIONS
from aeref.model.position import load_position
from aeref.solver.turn import REVEAL_ORDER, later_reveals

from ..support import copy_examples
from ..support.seasonal import run


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
