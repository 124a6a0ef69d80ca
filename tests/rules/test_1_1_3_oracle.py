"""The oracle, `check`, direct enumeration and CP-SAT enumeration agree exactly.

Random positions of all three games (TK, DS, AE) are written as YAML (a deck
file plus inline cards), loaded with ``load_position`` and ruled on four ways:
``tests/support/oracle.py`` (brute force, independent of ``solver/``),
``solver.selection.rules.legal_choices_direct``, ``solver.engine.compiler.enumerate_choices``
and ``solver.selection.rules.check`` on every combination of the hand cards and of
cards from outside the hand (other map, other faction, Current Card, played):
the same verdict and the same violated rules. What the positions reach is
asserted by ``tests/rules/test_generator_coverage.py``.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

import yaml


import json

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from aeref.model.files.load import load_position
from aeref.solver.selection.choices import enumerate_choices
from aeref.solver.selection.rules import check, legal_choices_direct

from ..support import oracle
from ..support.cli import run
from ..support.profiles import scaled
from ..support.selection_positions import as_set, load, scenarios


def rule_keys(ruling) -> set:
    """The violated rules of a ruling as the oracle names them: ``"1.1.3.3 Soviet Production Limit"``."""
    return {f"{v.rule} {v.title}" for v in ruling.violations}


@settings(max_examples=scaled(500), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(scenarios())
def test_oracle_check_direct_and_cpsat_agree(scenario):
    state, deck, faction, extra = scenario
    pos = load(state, deck)
    expected = oracle.legal_set(pos, faction)
    direct = legal_choices_direct(pos, faction)
    solved, complete = enumerate_choices(pos, faction)
    assert complete
    assert as_set(direct) == expected, (state, deck)
    assert as_set(solved) == expected, (state, deck)
    assert direct == solved                      # same order too (FORMAT 5 sorting)
    assert len(solved) == len(expected)          # no duplicates
    # 1.1.3: there is always a legal selection, if only "none" - unless the faction is bound to a selection it made
    assert expected or any(fm.pending for fm in pos.factions[faction].values())
    # check agrees with the oracle on every combination of hand cards and cards from outside the hand
    cards = sorted({c for m in pos.maps for c in pos.hand(faction, m)} | set(extra))
    for ch in oracle.every_choice(pos, cards):
        ruling = check(pos, faction, ch)
        want = oracle.violations(pos, faction, ch)
        assert ruling.legal == (not want), (ch, ruling.violations, state, deck)
        assert ruling.legal == (not ruling.violations)
        # every violated rule is listed (FORMAT 5 `check`), and no other
        assert rule_keys(ruling) == want, (ch, ruling.violations, want, state, deck)


@settings(max_examples=scaled(100), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(scenarios(), st.data())
def test_cli_pairs_and_check_agree_with_the_oracle(scenario, data):
    """The same agreement through the command line: `pairs --json` lists exactly the oracle's legal
    selections (sorted as FORMAT 5 says) and `check` exits 0 exactly on those."""

    state, deck, faction, extra = scenario
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / "decks").mkdir()
        (Path(d) / "decks" / "test-deck.yaml").write_text(yaml.safe_dump(deck, sort_keys=False))
        path = Path(d) / "state.yaml"
        path.write_text(yaml.safe_dump(state, sort_keys=False))
        pos = load_position(path)
        expected = oracle.legal_set(pos, faction)
        r = run("pairs", str(path), "--faction", faction, "--json")
        out = json.loads(r.stdout)
        assert as_set(out["choices"]) == expected
        assert out["count"] == len(expected)
        key = lambda c: tuple((c[m] is None, c[m] or "") for m in sorted(c))  # noqa: E731
        assert out["choices"] == sorted(out["choices"], key=key)
        only_nothing = all(v is None for c in out["choices"] for v in c.values())
        assert r.exit_code == (1 if only_nothing else 0)
        cards = sorted({c for m in pos.maps for c in pos.hand(faction, m)} | set(extra))
        choice = {m: data.draw(st.sampled_from(cards + [None])) for m in pos.maps} if cards else {m: None for m in pos.maps}
        args = ["check", str(path), "--faction", faction, "--json"]
        for m, c in choice.items():
            if c is not None:
                args += [f"--{m}", c]
        r = run(*args)
        # a bound slot left out holds the card placed while another slot is open (1.1.3 "Card selection is final")
        want = oracle.legal(pos, faction, oracle.completed(pos, faction, choice))
        assert r.exit_code == (0 if want else 1), (choice, r.stdout, r.stderr)
        assert json.loads(r.stdout)["legal"] is want


def _differs(pos, faction):
    """Some card of ``faction``'s hands reads a country whose two Posture Displays differ."""
    return pos.game == "ae" and any(e.differs() for e in pos.countries.values())


@settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                                           HealthCheck.filter_too_much])
@given(scenarios())
def test_ae_positions_whose_countries_differ_between_the_maps_agree(scenario):
    """FORMAT 4 "AE, per map": random AE positions whose countries differ between the maps' Posture
    Displays (tk:/ds: sections, map: entries, Policy markers); the oracle (which resolves each map's
    display from the raw file itself), direct evaluation, CP-SAT and `check` agree."""
    state, deck, faction, extra = scenario
    assume(state["game"] == "ae")
    pos = load(state, deck)
    assume(_differs(pos, faction))
    expected = oracle.legal_set(pos, faction)
    assert as_set(legal_choices_direct(pos, faction)) == expected
    solved, complete = enumerate_choices(pos, faction)
    assert complete and as_set(solved) == expected
    cards = sorted({c for m in pos.maps for c in pos.hand(faction, m)} | set(extra))
    for ch in oracle.every_choice(pos, cards):
        ruling = check(pos, faction, ch)
        assert ruling.legal == oracle.legal(pos, faction, ch), ch
        assert rule_keys(ruling) == oracle.violations(pos, faction, ch), ch
