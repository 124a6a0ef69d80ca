"""Review of the selection solver (solver/engine/constraints.py, solver/selection/rules.py, solver/engine/compiler.py, solver/selection/choices.py).

* the merging of a slot's values into classes (``interchangeable_classes``) is
  sound for any constraints the core can express: nogoods of arity 1 to 3
  (also over two values of one slot or a repeated literal), sums with
  different coefficients, a constant and a literal listed twice, the empty
  value ``None``, one to three slots - checked against direct evaluation;
* ``--time-limit`` is honest: ``enumerate_choices(..., 0)`` is "no limit" (one meaning of
  ``time_limit`` everywhere, as ``--time-limit 0``), and ``pairs`` does not claim (exit 1) that nothing but an empty selection is
  legal when the time limit cut the enumeration short;
* ``why`` does not call a set of rules minimal when the solver's core failed
  its re-check.
"""
from __future__ import annotations

import json
from itertools import product
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from ..support import oracle
from ..support.cli import run as run_cli
from ..support.seasonal import run
import aeref.solver.selection.choices as choices
from aeref.model.files.load import load_position
from aeref.solver.selection.choices import enumerate_choices, enumerate_classes, why
from aeref.solver.engine.constraints import AtMost, Evaluator, Nogood, Rule
from aeref.solver.engine.core import interchangeable_classes
from aeref.solver.selection.rules import legal_choices_direct

ROOT = Path(__file__).resolve().parents[2]
RULE = Rule("0", "test", lambda ctx: ())


@st.composite
def abstract_problems(draw):
    """Slots with a few values each (plus None) and random Nogood / AtMost constraints over them."""
    slots = tuple(f"s{i}" for i in range(draw(st.integers(1, 3))))
    cands = {s: [f"{s}-v{j}" for j in range(draw(st.integers(0, 4)))] for s in slots}
    lits = [(s, v) for s in slots for v in cands[s] + [None]]
    cons = []
    for _ in range(draw(st.integers(0, 8))):
        if draw(st.booleans()):
            k = draw(st.integers(1, 3))
            cons.append(Nogood(tuple(draw(st.lists(st.sampled_from(lits), min_size=k, max_size=k))), "m", RULE))
        else:
            terms = tuple((draw(st.integers(0, 4)), draw(st.sampled_from(lits))) for _ in range(draw(st.integers(0, 5))))
            bound = draw(st.integers(0, 4))
            # const <= bound, as every rule posts it (annual: const <= 1 = bound)
            cons.append(AtMost(terms, bound, lambda held: "m", const=draw(st.integers(0, bound)), rule=RULE))
    return slots, cands, cons


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(abstract_problems())
def test_value_classes_enumerate_exactly_the_direct_choices(problem):
    slots, cands, cons = problem
    values = {s: list(cands[s]) + [None] for s in slots}
    ev = Evaluator(cons)
    direct = {vals for vals in product(*[values[s] for s in slots]) if ev.fits(dict(zip(slots, vals)))}
    classes = interchangeable_classes(values, cons, ev)
    for free in slots:                  # whichever slot is left free, the same choices, each once
        got, complete = enumerate_classes(cons, classes, slots, free=free)
        assert complete
        assert len(got) == len(set(got))
        assert set(got) == direct, (free, classes)


def _write(tmp_path, text):
    (tmp_path / "s.yaml").write_text(text)
    return tmp_path / "s.yaml"


TK_VOLUNTARY = """
game: tk
turn: Mar-Apr 1939
war-state: pre-war
interpretations: {empty-slot: voluntary}
factions:
  axis:
    tk: {hand: [1, 2, 3, 4]}
cards:
  - {map: tk, faction: axis, number: 1, name: Test Only One, war-state: pre-war}
  - {map: tk, faction: axis, number: 2, name: Test Only Two, war-state: pre-war}
  - {map: tk, faction: axis, number: 3, name: Test Only Three, war-state: pre-war}
  - {map: tk, faction: axis, number: 4, name: Test Only Four, war-state: total}
"""


def test_empty_slot_merged_with_unconstrained_cards_under_voluntary(tmp_path):
    """Under empty-slot=voluntary nothing tells the empty slot from a card no rule restricts:
    they share one class, and the expansion still gives each selection once."""
    pos = load_position(_write(tmp_path, TK_VOLUNTARY))
    solved, complete = enumerate_choices(pos, "axis")
    assert complete
    assert solved == legal_choices_direct(pos, "axis")
    assert {frozenset(c.items()) for c in solved} == oracle.legal_set(pos, "axis")
    assert [c["tk"] for c in solved] == ["tk-axis-1", "tk-axis-2", "tk-axis-3", None]


AE_SOVIET = """
game: ae
turn: Nov-Dec 1941
war-state: {tk: total, ds: limited}
interpretations: {empty-slot: %s}
factions:
  soviet:
    tk: {hand: [38, 39, 40, 41, 42]}
    ds: {hand: [24, 90, 91, 92]}
cards:
  - {map: tk, faction: soviet, number: 38, name: Total War Production, war-state: total, production: 3}
  - {map: tk, faction: soviet, number: 39, name: Test Only A, war-state: total, production: 2}
  - {map: tk, faction: soviet, number: 40, name: Test Only B, war-state: total, production: 2}
  - {map: tk, faction: soviet, number: 41, name: Test Only C, war-state: total, production: 1}
  - {map: tk, faction: soviet, number: 42, name: Test Only Twin, war-state: total, production: 0, combined: true}
  - {map: ds, faction: soviet, number: 24, name: Limited War Production, war-state: limited, production: 1}
  - {map: ds, faction: soviet, number: 90, name: Test Only D, war-state: limited, production: 2}
  - {map: ds, faction: soviet, number: 91, name: Test Only E, war-state: limited, production: 0}
  - {map: ds, faction: soviet, number: 92, name: test only twin, war-state: limited, production: 0, combined: true}
"""


def test_production_coefficients_and_twins_in_ae_agree(tmp_path):
    """Cards with equal Production Values merge, different ones do not; © twins and the empty slot
    (forced and voluntary) as well: CP-SAT over classes, direct evaluation and the oracle agree."""
    for empty in ("forced", "voluntary"):
        pos = load_position(_write(tmp_path, AE_SOVIET % empty))
        solved, complete = enumerate_choices(pos, "soviet")
        assert complete
        assert solved == legal_choices_direct(pos, "soviet")
        assert {frozenset(c.items()) for c in solved} == oracle.legal_set(pos, "soviet")


def test_time_limit_zero_is_no_limit(tmp_path):
    """time_limit 0 means "no limit" everywhere (as ``--time-limit 0`` and ``optimise`` read it); it
    once meant "no time at all" in enumerate_choices and why, and answered complete: false."""
    pos = load_position(_write(tmp_path, AE_SOVIET % "forced"))
    choices, complete = enumerate_choices(pos, "soviet", 0)
    assert complete is True
    assert choices == enumerate_choices(pos, "soviet")[0]


def test_pairs_cut_short_before_any_selection_does_not_exit_1(tmp_path, monkeypatch):
    """Exit code 1 of `pairs` says no selection but the empty one is legal; with the time limit hit
    before a solution was found that is not known: "complete": false and exit 4 (not complete), not 1."""

    path = _write(tmp_path, AE_SOVIET % "forced")
    monkeypatch.setattr(cp_model.CpSolver, "solve", lambda self, model, callback=None: cp_model.UNKNOWN)
    monkeypatch.setattr(choices, "plain_rows", lambda *a: ([], False))     # the plain check ran out too
    r = run_cli("pairs", str(path), "--faction", "soviet", "--json", "--time-limit", "30")
    out = json.loads(r.stdout)
    assert out["complete"] is False and out["choices"] == []
    assert r.exit_code == 4


def test_1_1_3_pairs_stopped_before_its_first_solution_is_finished_by_a_plain_check(tmp_path, monkeypatch):
    """Never "0 legal selections" while a plain check finds some: the solver stopped before its
    first solution, the plain evaluation of the classes lists every legal selection (1.1.3), complete."""
    path = _write(tmp_path, AE_SOVIET % "forced")
    full = run_cli("pairs", str(path), "--faction", "soviet", "--json")
    monkeypatch.setattr(cp_model.CpSolver, "solve", lambda self, model, callback=None: cp_model.UNKNOWN)
    r = run_cli("pairs", str(path), "--faction", "soviet", "--json", "--time-limit", "30")
    assert r.stdout == full.stdout and r.exit_code == full.exit_code
    assert json.loads(r.stdout)["complete"] is True


def test_why_core_failing_its_recheck_is_not_called_minimal(tmp_path, monkeypatch):
    """When the re-check finds the solver's core feasible, why() falls back to every rule: that set is
    proved to exclude the card but not minimal, so ``complete`` must be False."""
    path = _write(tmp_path, """
game: tk
turn: Mar-Apr 1939
war-state: pre-war
factions:
  axis:
    tk: {hand: [1, 2]}
cards:
  - {map: tk, faction: axis, number: 1, name: Test Only Red, war-state: total}
  - {map: tk, faction: axis, number: 2, name: Test Only Flag, war-state: pre-war, requires: [flag: Test Flag A]}
""")
    pos = load_position(path)
    built = []
    real_compile = choices.compile_model

    def compile_model(*a, **k):
        built.append(real_compile(*a, **k))
        return built[-1]

    def wrong_core(self):          # a core naming a rule that does not touch tk-axis-1
        return [built[-1].enforce["1.1.3.1 Pending Card Selection Requirements"].index]

    monkeypatch.setattr(choices, "compile_model", compile_model)
    monkeypatch.setattr(cp_model.CpSolver, "sufficient_assumptions_for_infeasibility", wrong_core)
    monkeypatch.setattr(Evaluator, "excluding", lambda self, lit: [])     # the solver's way, not the evaluator's
    ans = why(pos, "axis", "tk-axis-1")
    assert not ans.legal
    assert "1.1.3.2 War State Selection Restrictions" in ans.rules
    assert ans.complete is False


def test_pairs_lists_each_hand_card_left_out_with_the_rules_why_finds(tmp_path):
    """Below the legal selections, every hand card in none of them, each with the minimal rule set
    `why` finds for it (computed with one shared model); --json adds `excluded` and keeps FORMAT's fields."""

    path = ROOT / "examples" / "ae-1941.yaml"
    pos = load_position(path)
    for faction in ("axis", "western", "soviet"):
        r = run_cli("pairs", str(path), "--faction", faction, "--json")
        out = json.loads(r.stdout)
        assert {"game", "turn", "faction", "choices", "count", "complete", "interpretations", "excluded"} <= set(out)
        used = {c for ch in out["choices"] for c in ch.values() if c}
        hand = {c for m in pos.maps for c in pos.hand(faction, m)}
        assert {e["card"] for e in out["excluded"]} == hand - used
        for e in out["excluded"]:
            ans = why(pos, faction, e["card"])
            assert not ans.legal and ans.complete
            assert [f"{x['rule']} {x['title']}" for x in e["rules"]] == ans.rules
            assert e["message"] == "; ".join(str(v) for v in ans.violations)
            text = run_cli("pairs", str(path), "--faction", faction).stdout
            card = pos.cards[e["card"]]
            assert f"  {card.map.upper()} {card.number} {card.name}: {e['message']}" in text.splitlines()
    soviet = json.loads(run_cli("pairs", str(path), "--faction", "soviet", "--json").stdout)
    assert {e["card"] for e in soviet["excluded"]} == {"tk-soviet-38", "tk-soviet-39"}


def test_pairs_table_is_paged_and_the_count_stays_exact(tmp_path):

    path = ROOT / "examples" / "ae-1941.yaml"
    full = run_cli("pairs", str(path), "--faction", "axis").stdout.splitlines()
    paged = run_cli("pairs", str(path), "--faction", "axis", "--limit", "3").stdout.splitlines()
    rows = [l for l in full if l[:3].strip().isdigit()]
    assert len(rows) == 8
    assert [l for l in paged if l[:3].strip().isdigit()] == rows[:3]
    assert "... and 5 more (--limit 0 shows every selection, --json lists them)" in paged
    assert "8 legal selections." in paged and "8 legal selections." in full
    every = run_cli("pairs", str(path), "--faction", "axis", "--limit", "0").stdout.splitlines()
    assert every == full


def test_1_1_3_a_made_selection_is_ruled_on_as_an_unmade_one_under_empty_slot_forced(tmp_path):
    """The Soviet faction placed TK 38 as its Pending Card and left DS empty although DS 91 fits
    (interpretation empty-slot=forced): `check` of that selection rules 1.1.3 No Pending Card in
    the position where it is placed, as in the position before it was placed."""
    text = (AE_SOVIET % "forced").replace("tk: {hand: [38, 39, 40, 41, 42]}", "tk: {pending: 38, hand: [39, 40, 41, 42]}")
    placed = _write(tmp_path, text)
    code, res, err = run("check", placed, "--faction", "soviet", "--tk", "38", "--json")
    assert code == 1, err
    assert [(v["rule"], v["title"]) for v in res["violations"]] == [("1.1.3", "No Pending Card")]
    (tmp_path / "before.yaml").write_text(AE_SOVIET % "forced")
    code, before, _ = run("check", tmp_path / "before.yaml", "--faction", "soviet", "--tk", "38", "--json")
    assert code == 1 and before["violations"] == res["violations"]
    # voluntary: legal in both
    code, _, err = run("check", _write(tmp_path, text.replace("empty-slot: forced", "empty-slot: voluntary")),
                       "--faction", "soviet", "--tk", "38")
    assert code == 0, err
